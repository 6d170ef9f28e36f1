/* SPDX-License-Identifier: MIT */
/* The IR core: text round trips, the validator, dominance, remapping. */
#include "ir_test.h"

#include "emit/va.h"
#include "ir/ir_va_slot.h"

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

/* A PRELOAD's register is one byte of the instruction: a bigger one is
 * an error where it is written, not a register cut short. */
static void
test_read_rejects_a_wide_preload_register(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   assert_non_null(ir_read(&a, "shader compute\nb0\n  %1 = preload imm=255\n",
                           &d));
   assert_null(ir_read(&a, "shader compute\nb0\n  %1 = preload imm=256\n",
                       &d));
   assert_non_null(strstr(d.message, "imm out of range"));
   assert_int_equal(d.line, 3);
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
   /* b2 runs before b1 and dominates it, but lies after it. */
   expect_invalid("shader compute\nb0 -> b2\n  jump\nb1\n  va.NOP\n"
                  "b2 -> b1\n  jump\n",
                  "b1 lies before b2, its dominator");
}

/* After ir_compact copied `s`: the same program, its blocks in one
 * array in layout order, their predecessor lists after it, every
 * instruction at a new ascending address with its sources beside it, in
 * one chunk, the templates in a stream of their own in the same order,
 * every value's definition following; a second call copies nothing. */
static void
expect_compacted(struct ir_shader *s, const char *before,
                 const struct ir_instr *old_first, unsigned templates_made)
{
   assert_string_equal(ir_test_print(s->arena, s), before);
   assert_ptr_not_equal(s->first_block->first, old_first);
   const char *end = NULL, *va_end = NULL;
   unsigned templates = 0;
   const struct ir_block *blocks = s->first_block;
   size_t nblocks = 0;
   ir_foreach_block(s, blk) {
      assert_ptr_equal(blk, blocks + nblocks++);
      assert_true(!blk->prev || blk->prev->next == blk);
      for (unsigned k = 0; k < 2; k++) {
         const struct ir_block *to = blk->succ[k];
         assert_true(!to || (to >= blocks && to < blocks + s->block_count));
         assert_true(!to || ir_block_pred_index(to, blk) >= 0);
      }
   }
   assert_ptr_equal(s->last_block, blocks + nblocks - 1);
   const char *preds_end = (const char *)(blocks + nblocks);
   ir_foreach_block(s, blk) {
      if (blk->preds.len) {
         assert_true((const char *)blk->preds.data >= preds_end);
         assert_true((const char *)blk->preds.data < preds_end + ARENA_ALIGN);
         preds_end = (const char *)(blk->preds.data + blk->preds.len);
      }
   }
   end = preds_end;
   ir_foreach_block(s, blk) {
      ir_foreach_instr(blk, I) {
         assert_ptr_equal(I->block, blk);
         assert_true((const char *)I >= end);
         end = (const char *)(I + 1);
         /* Beside it: at most the arena's alignment between. */
         if (I->nsrc) {
            assert_true((const char *)I->src >= end);
            assert_true((const char *)I->src < end + ARENA_ALIGN);
            end = (const char *)(I->src + I->nsrc);
         }
         if (I->va) {
            if (va_end) {
               assert_true((const char *)I->va >= va_end);
               assert_true((const char *)I->va < va_end + ARENA_ALIGN);
            }
            va_end = (const char *)I->va + sizeof(struct ir_va_slot);
            templates++;
         }
         if (I->dst.kind == IR_REF_VALUE)
            assert_ptr_equal(ir_value(s, I->dst.index)->def, I);
      }
   }
   assert_int_equal(templates, templates_made);
   /* Each copy in one block of memory (rule 3). */
   assert_null(s->instrs->chunks->next);
   assert_true(!s->templates->chunks || !s->templates->chunks->next);
   ir_test_validate(s, "ir_compact");
   const struct ir_instr *now = s->first_block->first;
   assert_false(ir_compact(s));
   assert_ptr_equal(s->first_block->first, now);
}

/* ir_compact copies a program when most of the instructions made are
 * gone (DCE removed them), or when its instructions' sources are far
 * from them (grown after the fact); never a small program. */
static void
test_compact(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, full_syntax);
   const struct ir_instr *old_first = s->first_block->first;
   assert_false(ir_compact(s)); /* small */
   assert_ptr_equal(s->first_block->first, old_first);
   struct ir_builder b = ir_builder_before(s, s->first_block->last);
   struct ir_ref x = ir_preload(&b, 1);
   for (unsigned i = 0; i < 4000; i++)
      x = ir_alu2(&b, IR_OP_FADD, x, ir_immf(1.0f)); /* dead */
   ir_opt_dce(s);
   const char *before = ir_test_print(&a, s);
   assert_false(ir_compact(s)); /* never reports progress */
   expect_compacted(s, before, old_first, 0);
   /* A few instructions: walks do not prefetch (rule 5). */
   assert_int_equal(s->ahead, 0);
   ir_foreach_block(s, blk)
      assert_int_equal(blk->ahead, 0);

   /* All live now, but each one's sources grown far away. */
   b = ir_builder_before(s, s->first_block->last);
   x = ir_preload(&b, 1);
   struct ir_instr *chain[3000];
   for (unsigned i = 0; i < 3000; i++) {
      x = ir_alu2(&b, IR_OP_FADD, x, ir_immf(1.0f));
      chain[i] = ir_value(s, x.index)->def;
   }
   /* Stores of every 500th value: templates made far apart. */
   for (unsigned i = 0; i < 3000; i += 500) {
      struct ir_instr *store = ir_va_create(s, VA_OP_STORE_I32, 2, NULL);
      store->src[0] = chain[i]->dst;
      store->src[1] = (struct ir_ref){.index = VA_SPECIAL_LANE_ID,
                                      .kind = IR_REF_SPECIAL};
      ir_instr_insert_before(s->first_block->last, store);
   }
   for (unsigned i = 0; i < 3000; i++) {
      ir_instr_set_nsrc(s, chain[i], 3);
      ir_instr_set_nsrc(s, chain[i], 2);
   }
   before = ir_test_print(&a, s);
   old_first = s->first_block->first;
   assert_false(ir_compact(s));
   expect_compacted(s, before, old_first, 6);
   arena_finish(&a);
}

/* The four walks over a block see its instructions in order (reversed
 * for the _rev ones). */
static void
expect_walks(struct ir_block *blk, unsigned n)
{
   unsigned seen = 0;
   const struct ir_instr *last = NULL;
   ir_foreach_instr(blk, I) {
      assert_ptr_equal(I->prev, last);
      last = I;
      seen++;
   }
   assert_int_equal(seen, n);
   seen = 0;
   last = NULL;
   ir_foreach_instr_rev(blk, I) {
      assert_ptr_equal(I->next, last);
      last = I;
      seen++;
   }
   assert_int_equal(seen, n);
   seen = 0;
   ir_foreach_instr_safe(blk, I)
      seen++;
   assert_int_equal(seen, n);
   seen = 0;
   ir_foreach_instr_rev_safe(blk, I)
      seen++;
   assert_int_equal(seen, n);
}

/* The walks, which prefetch ahead of themselves, over a big compacted
 * program: every instruction once, in order, and on past instructions
 * removed under the safe ones. */
static void
test_walks_over_a_big_program(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, full_syntax);

   /* 20,000 live instructions (some 2 MiB), compacted away from 60,000
    * dead ones. */
   struct ir_block *entry = s->first_block;
   struct ir_builder b = ir_builder_before(s, entry->last);
   struct ir_ref x = ir_preload(&b, 1);
   enum { LIVE = 20000 };
   for (unsigned i = 0; i < LIVE; i++)
      x = ir_alu2(&b, IR_OP_FADD, x, ir_immf(1.0f));
   struct ir_instr *store = ir_va_create(s, VA_OP_STORE_I32, 2, NULL);
   store->src[0] = x;
   store->src[1] = (struct ir_ref){.index = VA_SPECIAL_LANE_ID,
                                   .kind = IR_REF_SPECIAL};
   ir_instr_insert_before(entry->last, store);
   for (unsigned i = 0; i < 3 * LIVE; i++)
      ir_alu2(&b, IR_OP_FADD, x, ir_immf(2.0f)); /* dead */
   ir_opt_dce(s);
   ir_compact(s);
   entry = s->first_block;
   /* Big: the walks prefetch, and a page of zeros follows the copy
    * (compaction's rule 5), in the copy's chunk. */
   assert_int_equal(s->ahead, 1);
   ir_foreach_block(s, blk)
      assert_int_equal(blk->ahead, 1);
   const struct ir_instr *last = NULL;
   ir_foreach_block(s, blk)
      last = blk->last ? blk->last : last;
   const unsigned char *end = (const unsigned char *)(last + 1);
   if (last->nsrc)
      end = (const unsigned char *)(last->src + last->nsrc);
   const struct arena_chunk *c = s->instrs->chunks;
   assert_null(c->next);
   assert_true(end + IR_PREFETCH_BYTES <= c->data + c->used);
   for (size_t k = ARENA_ALIGN; k < IR_PREFETCH_BYTES; k++)
      assert_int_equal(end[k], 0);
   unsigned n = 0;
   for (const struct ir_instr *I = entry->first; I; I = I->next)
      n++;
   assert_true(n > LIVE);
   expect_walks(entry, n);

   /* Removed under the safe walks: twenty unused additions, each the
    * only one of 3.0. */
   b = ir_builder_before(s, entry->last);
   for (unsigned i = 0; i < 20; i++)
      ir_alu2(&b, IR_OP_FADD, x, ir_immf(3.0f));
   unsigned removed = 0;
   ir_foreach_instr_safe(entry, I) {
      if (I->nsrc > 1 && ir_ref_equal(I->src[1], ir_immf(3.0f)) &&
          removed < 10) {
         ir_instr_remove(I);
         removed++;
      }
   }
   ir_foreach_instr_rev_safe(entry, I) {
      if (I->nsrc > 1 && ir_ref_equal(I->src[1], ir_immf(3.0f))) {
         ir_instr_remove(I);
         removed++;
      }
   }
   assert_int_equal(removed, 20);
   expect_walks(entry, n);
   arena_finish(&a);
}

/* One block, alone or looping to itself: what the full walk gives (its
 * own dominator, first in reverse post-order), whatever was there. */
static void
test_dominance_one_block(void **state)
{
   (void)state;
   static const char *const texts[] = {
      "shader compute\nb0\n  %1 = undef\n",
      "shader compute\nb0 -> b0\n  %1 = undef\n  branch %1\n",
   };
   for (unsigned t = 0; t < 2; t++) {
      struct arena a;
      arena_init(&a, 0);
      struct ir_shader *s = ir_test_read(&a, texts[t]);
      struct ir_block *b = s->first_block;
      b->rpo_index = 7;
      b->idom = NULL;
      b->dom_pre = 5;
      b->dom_post = 3;
      ir_compute_dominance(s);
      assert_int_equal(b->rpo_index, 0);
      assert_ptr_equal(b->idom, b);
      assert_int_equal(b->dom_pre, 0);
      assert_int_equal(b->dom_post, 0);
      assert_int_equal(b->index, 0);
      assert_true(ir_block_dominates(b, b));
      arena_finish(&a);
   }
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

/* ir_va_src keeps its answers in the shader: every answer, asked twice
 * and among enough questions that entries are shared, is the one it
 * gives without a shader to keep them. */
static void
test_va_src_memo_answers_as_without(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_shader_create(&a, IR_STAGE_FRAGMENT, NULL);
   static const uint32_t constants[] = {0, 1, 0x3f800000, 0x7f, 0x80,
                                        0x3c00, 0x12345678, 0xffffffff};
   struct ir_ref refs[64];
   unsigned n = 0;
   for (unsigned r = 0; r < 4; r++) {
      struct ir_ref reg = {.index = r * 3, .kind = IR_REF_REG};
      refs[n++] = reg;
      refs[n++] = ir_neg(reg);
      refs[n++] = ir_abs(reg);
      reg.mods = IR_MOD_NOT | IR_MOD_LAST;
      refs[n++] = reg;
      reg.mods = 0;
      reg.swizzle = IR_SWIZZLE_H1;
      refs[n++] = reg;
      reg.swizzle = IR_SWIZZLE_B2;
      refs[n++] = reg;
   }
   for (unsigned u = 0; u < 4; u++)
      refs[n++] = (struct ir_ref){.index = u, .kind = IR_REF_UNIFORM};
   for (unsigned c = 0; c < sizeof(constants) / sizeof(constants[0]); c++)
      refs[n++] = ir_imm(constants[c]);
   unsigned asked = 0, accepted = 0;
   for (unsigned round = 0; round < 2; round++) {
      for (unsigned op = 0; op < VA_OP_COUNT; op++) {
         for (unsigned i = 0; i < va_form((enum va_op)op)->nr_srcs; i++) {
            for (unsigned k = 0; k < n; k++) {
               for (unsigned pair = 0; pair < 2; pair++) {
                  struct va_src kept, fresh;
                  bool a1 = ir_va_src(s, op, i, refs[k], pair, &kept);
                  bool a2 = ir_va_src(NULL, op, i, refs[k], pair, &fresh);
                  assert_int_equal(a1, a2);
                  assert_memory_equal(&kept, &fresh, sizeof(kept));
                  asked++;
                  accepted += a1;
               }
            }
         }
      }
   }
   /* Enough questions to share entries, and both answers among them. */
   assert_true(asked > 8 * IR_VA_MEMO_SIZE);
   assert_true(accepted > 0 && accepted < asked);
   arena_finish(&a);
}

/* An entry kept for another question is never the answer, whichever
 * part of the question differs: every entry is made a near miss. */
static void
test_va_src_memo_near_misses(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_shader_create(&a, IR_STAGE_FRAGMENT, NULL);
   struct ir_ref r = {.index = 4, .kind = IR_REF_REG};
   struct va_src out, want;
   ir_va_src(s, VA_OP_FADD_F32, 0, r, false, &out);
   struct ir_va_memo kept = {0};
   for (unsigned e = 0; e < IR_VA_MEMO_SIZE; e++)
      kept = s->va_memo[e].state ? s->va_memo[e] : kept;
   assert_int_not_equal(kept.state, 0);
   for (unsigned part = 0; part < 5; part++) {
      struct ir_va_memo miss = kept;
      switch (part) {
      case 0: miss.state ^= 2; break; /* a pair asked */
      case 1: miss.op = VA_OP_FADD_F32 + 1; break;
      case 2: miss.slot = 1; break;
      case 3: miss.ref.index = 5; break;
      default: miss.ref.mods = IR_MOD_NEG; break;
      }
      /* A wrong answer, should the entry be taken. */
      miss.state ^= 4;
      memset(miss.out, 0xff, sizeof(miss.out));
      for (unsigned e = 0; e < IR_VA_MEMO_SIZE; e++)
         s->va_memo[e] = miss;
      /* The question kept, asked again. */
      bool got = ir_va_src(s, VA_OP_FADD_F32, 0, r, false, &out);
      bool exp = ir_va_src(NULL, VA_OP_FADD_F32, 0, r, false, &want);
      assert_int_equal(got, exp);
      assert_memory_equal(&out, &want, sizeof(out));
   }
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_print_read_round_trip),
      cmocka_unit_test(test_read_rejects_a_wide_preload_register),
      cmocka_unit_test(test_selected_round_trip),
      cmocka_unit_test(test_validator_rules),
      cmocka_unit_test(test_dominance_diamond_and_loop),
      cmocka_unit_test(test_dominance_one_block),
      cmocka_unit_test(test_compact),
      cmocka_unit_test(test_walks_over_a_big_program),
      cmocka_unit_test(test_remap_composes_modifiers),
      cmocka_unit_test(test_va_src_memo_answers_as_without),
      cmocka_unit_test(test_va_src_memo_near_misses),
   };
   return cmocka_run_group_tests_name("ir", tests, NULL, NULL);
}
