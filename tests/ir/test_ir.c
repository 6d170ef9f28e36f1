/* SPDX-License-Identifier: MIT */
/* The IR core: text round trips, the validator, dominance, remapping. */
#include "ir_test.h"

static const char *const full_syntax =
   "shader fragment\n"
   "b0 -> b1 b2\n"
   "  %1 = preload imm=60\n"
   "  %2:v4 = collect %1, #0x3f800000, u3, lane_id.w0\n"
   "  %3 = fadd.sat %2.1, -|%2.2|\n"
   "  %4 = fcmp.lt.f1 %3, #0x0\n"
   "  %5 = icmp.u.ge.m1 ~%1.h1, %1.b2\n"
   "  %6 = csel.s.gt %4, %5, %1, #0x1\n"
   "  %7:64 = collect %1, %6\n"
   "  %8:64 = iadd %7, %7\n"
   "  %9 = fma.precise %3, %8.w1, -%3\n"
   "  %10:v4 = va.LD_VAR_BUF_IMM.f32.v4.src_f32.center.store %1 index:0x10\n"
   "  %13 = va.FCMP.f32.lt.m1.precise %9, #0x0, #0x0\n"
   "  branch %6\n"
   "b1 -> b3\n"
   "  %11 = fddy.fine %10.3\n"
   "  jump\n"
   "b2 -> b3\n"
   "b3 loop -> b3\n"
   "  %12 = phi b1:%11, b2:%9\n";

static void
test_print_read_round_trip(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, full_syntax);
   const char *once = ir_test_print(&a, s);
   assert_string_equal(once, full_syntax);
   arena_finish(&a);
}

/* Selected IR prints a clamp once (in the template) and reads back. */
static void
test_selected_round_trip(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a,
                                      "shader compute\nb0\n"
                                      "  %1 = preload imm=1\n"
                                      "  %2 = fadd.sat %1, u0\n"
                                      "  %3 = fmul.precise %2, %1\n");
   va_select(s);
   const char *once = ir_test_print(&a, s);
   assert_non_null(strstr(once, "FADD.f32.clamp_0_1 "));
   assert_non_null(strstr(once, "FMA.f32.precise "));
   assert_string_equal(ir_test_print(&a, ir_test_read(&a, once)), once);
   arena_finish(&a);
}

/* Each shader breaks one validator rule; the message names it. */
/* True if the validator rejects `s`; its message is in *d (the caller's,
 * so that it is still determinate after the validator's longjmp). */
static bool
validator_rejects(struct ir_shader *s, struct tgsiva_diagnostic *d)
{
   jmp_buf bail;
   s->diag = d;
   s->bail = &bail;
   if (setjmp(bail))
      return true;
   ir_validate(s, "test");
   return false;
}

static void
expect_invalid(const char *text, const char *why)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   diag_clear(&d);
   struct ir_shader *s = ir_test_read(&a, text);
   if (!validator_rejects(s, &d)) {
      fprintf(stderr, "no error for:\n%s", text);
      fail();
   }
   assert_int_equal(d.status, TGSIVA_ERROR_INTERNAL);
   if (!strstr(d.message, why)) {
      fprintf(stderr, "message '%s' lacks '%s'\n", d.message, why);
      fail();
   }
   assert_non_null(strstr(d.message, "after test"));
   arena_finish(&a);
}

static void
test_validator_rules(void **state)
{
   (void)state;
   expect_invalid("shader compute\nb0\n  %1 = fadd %2, %2\n"
                  "  %2 = fadd %1, %1\n",
                  "does not dominate");
   expect_invalid("shader compute\nb0 -> b1 b2\n  %1 = preload imm=0\n"
                  "  branch %1\nb1 -> b3\n  %2 = mov %1\n  jump\n"
                  "b2 -> b3\nb3\n  %3 = fadd %2, %2\n",
                  "does not dominate");
   expect_invalid("shader compute\nb0 -> b1\nb1\n  %1 = preload imm=0\n",
                  "preload outside the entry block");
   expect_invalid("shader compute\nb0\n  %1:64 = undef\n"
                  "  %2 = fadd %1, %1\n",
                  "not 32-bit");
   expect_invalid("shader compute\nb0\n  %1 = undef\n"
                  "  %2:64 = iadd %1, %1\n",
                  "not 64-bit");
   expect_invalid("shader compute\nb0\n  %1 = undef\n  %2 = fadd %1.2, %1\n",
                  "register 2 of %1");
   expect_invalid("shader compute\nb0\n  %1 = undef\n  %2 = mov %1.w1\n",
                  "word selector");
   expect_invalid("shader compute\nb0 -> b1\n  jump\nb1\n  %1 = undef\n"
                  "  %2 = phi b0:%1\n",
                  "phi after other instructions");
   expect_invalid("shader compute\nb0\n  %1 = undef\n  branch %1\n",
                  "two successors");
   expect_invalid("shader compute\nb0 -> b1\n  jump\n  %1 = undef\nb1\n",
                  "terminator in the middle");
   expect_invalid("shader compute\nb0\n  %1 = fadd %5, %5\n",
                  "does not dominate");
}

static void
test_dominance_diamond_and_loop(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a,
      "shader compute\n"
      "b0 -> b1 b2\n  %1 = undef\n  branch %1\n"
      "b1 -> b3\n  jump\n"
      "b2 -> b3\n"
      "b3 -> b4\n"
      "b4 -> b4 b5\n  branch %1\n"
      "b5\n");
   ir_compute_dominance(s);
   struct ir_block *b[6];
   unsigned n = 0;
   ir_foreach_block(s, blk)
      b[n++] = blk;
   assert_ptr_equal(b[1]->idom, b[0]);
   assert_ptr_equal(b[2]->idom, b[0]);
   assert_ptr_equal(b[3]->idom, b[0]);
   assert_ptr_equal(b[4]->idom, b[3]);
   assert_ptr_equal(b[5]->idom, b[4]);
   assert_true(ir_block_dominates(b[0], b[5]));
   assert_false(ir_block_dominates(b[1], b[3]));
   assert_true(ir_block_dominates(b[4], b[4]));
   arena_finish(&a);
}

static void
test_remap_composes_modifiers(void **state)
{
   (void)state;
   struct ir_ref use = ir_neg(ir_value_ref(5));
   use.comp = 1;
   struct ir_ref to = ir_abs(ir_value_ref(7));
   to.comp = 2;
   struct ir_ref r = ir_ref_compose(use, to);
   assert_int_equal(r.index, 7);
   assert_int_equal(r.comp, 3);
   assert_int_equal(r.mods, IR_MOD_NEG | IR_MOD_ABS);
   /* |(-x)| is |x|. */
   r = ir_ref_compose(ir_abs(ir_value_ref(5)), ir_neg(ir_value_ref(7)));
   assert_int_equal(r.mods, IR_MOD_ABS);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_print_read_round_trip),
      cmocka_unit_test(test_selected_round_trip),
      cmocka_unit_test(test_validator_rules),
      cmocka_unit_test(test_dominance_diamond_and_loop),
      cmocka_unit_test(test_remap_composes_modifiers),
   };
   return cmocka_run_group_tests_name("ir", tests, NULL, NULL);
}
