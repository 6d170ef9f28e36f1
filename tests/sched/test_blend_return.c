/* SPDX-License-Identifier: MIT */
/*
 * The blend shader's return address before allocation
 * (va_blend_return, src/valhall/blend_tail.c): legalised IR in, the one
 * pass, IR out.  After every BLEND comes one write of a value fixed to
 * VA_BLEND_RETURN_REG; a second run and a shader without BLEND stay
 * unchanged; the flow passes' view of a block looks past the write.
 */
#include "../ir/ir_test.h"

#include "emit/va.h"
#include "valhall/valhall.h"

static const char two_targets[] =
   "shader fragment\nb0\n  %1 = preload imm=60\n"
   "  %5 = va.IADD_IMM.i32 #0x0 #0x3F000000\n"
   "  %6:v4 = collect %5, %5, %5, %5\n"
   "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %6 target:0x0\n"
   "  %7:v4 = collect %5, %5, %5, %5\n"
   "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %7 target:0x0\n";

static const char *
printed(struct arena *a, struct ir_shader *s)
{
   struct strbuf sb;
   strbuf_init(&sb, a);
   ir_print_shader(&sb, s);
   return sb.data;
}

static void
test_return_after_every_blend(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, two_targets);
   assert_true(va_blend_return(s));
   ir_test_validate(s, "va_blend_return");
   unsigned blends = 0;
   ir_foreach_instr(s->first_block, I) {
      if (I->op != IR_OP_VA || I->va_op != VA_OP_BLEND)
         continue;
      blends++;
      const struct ir_instr *R = I->next;
      assert_non_null(R);
      assert_true(R->flags & IR_INSTR_BLEND_RETURN);
      assert_int_equal(R->va_op, VA_OP_IADD_IMM_I32);
      assert_int_equal(R->ndst, 1);
      assert_int_equal(R->dst.kind, IR_REF_VALUE);
      assert_int_equal(ir_value(s, R->dst.index)->reg, VA_BLEND_RETURN_REG);
   }
   assert_int_equal(blends, 2);
   /* The flow passes see the BLEND as the block's last instruction. */
   const struct ir_instr *last = va_last_before_tail(s->first_block);
   assert_int_equal(last->va_op, VA_OP_BLEND);
   assert_ptr_equal(last->next, s->first_block->last);
   arena_finish(&a);
}

static void
test_second_run_unchanged(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, two_targets);
   assert_true(va_blend_return(s));
   const char *once = printed(&a, s);
   assert_false(va_blend_return(s));
   assert_string_equal(printed(&a, s), once);
   arena_finish(&a);
}

static void
test_no_blend_unchanged(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(
      &a, "shader fragment\nb0\n  %1 = va.IADD_IMM.i32 #0x0 #0x1\n"
          "  %2 = va.IADD.u32 %1, %1\n");
   const char *before = printed(&a, s);
   assert_false(va_blend_return(s));
   assert_string_equal(printed(&a, s), before);
   assert_ptr_equal(va_last_before_tail(s->first_block),
                    s->first_block->last);
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_return_after_every_blend),
      cmocka_unit_test(test_second_run_unchanged),
      cmocka_unit_test(test_no_blend_unchanged),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
