/* SPDX-License-Identifier: MIT */
/*
 * The cost model over control flow (va_paths.c) on programs whose paths
 * are known by construction: straight-line code (shortest = longest =
 * total), an if/else with a texture on one side only, a loop (no bound
 * on the longest path), and the blend tail after BLEND.end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "emit/va.h"
#include "emit/va_stats.h"
#include "util/diag.h"

static struct va_path_stats
paths_of(const char *text)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   uint64_t *words;
   size_t count;
   struct va_path_stats ps;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!va_assemble(&arena, text, strlen(text), &words, &count, &d))
      fail_msg("assembly refused: %s", d.message);
   assert_true(va_program_paths(&arena, words, count, &ps));
   arena_finish(&arena);
   return ps;
}

static void
assert_same_stats(const struct va_stats *a, const struct va_stats *b)
{
   assert_int_equal(a->instructions, b->instructions);
   assert_true(a->fma == b->fma && a->cvt == b->cvt && a->sfu == b->sfu);
   assert_true(a->ls == b->ls && a->v == b->v && a->t == b->t);
   assert_true(a->cycles == b->cycles);
}

static void
test_straight_line(void **state)
{
   (void)state;
   struct va_path_stats ps = paths_of("FADD.f32 r0, r1, r2\n"
                                      "FMA.f32 r0, r1, ^r2, ^r0\n"
                                      "NOP.end\n");
   assert_int_equal(ps.blocks, 1);
   assert_false(ps.longest_unbounded);
   assert_int_equal(ps.total.instructions, 3);
   assert_true(ps.total.fma == 2 / 64.0 && ps.total.cvt == 1 / 64.0);
   assert_same_stats(&ps.shortest, &ps.total);
   assert_same_stats(&ps.longest, &ps.total);
}

/* 0 FADD; 1 branch to 4 (else); 2 TEX (then); 3 jump to 5; 4 FADD;
 * 5 end.  Then: 0 1 2 3 5, else: 0 1 4 5.  BRANCHZ and NOP count on
 * the CVT unit, as in the totals. */
static const char if_else[] =
   "FADD.f32 r0, r1, r2\n"
   "BRANCHZ.eq.reconverge r0, offset:2\n"
   "TEX_FETCH.slot1.f.32.cube.array_enable.texel_offset.wait0126 "
   "@r0:r1:r2:r3, @r6:r7:r8:r9, ^r0\n"
   "BRANCHZ.eq.reconverge 0x0, offset:1\n"
   "FADD.f32 r3, r1, r2\n"
   "NOP.end\n";

static void
test_if_else_texture_on_one_side(void **state)
{
   (void)state;
   struct va_path_stats ps = paths_of(if_else);
   assert_int_equal(ps.blocks, 4);
   assert_false(ps.longest_unbounded);
   assert_true(ps.total.t == 0.25 && ps.total.cycles == 0.25);
   /* The else side: no texture, two FADDs, two CVT words. */
   assert_int_equal(ps.shortest.instructions, 4);
   assert_true(ps.shortest.t == 0);
   assert_true(ps.shortest.fma == 1 / 64.0); /* the then side's */
   assert_true(ps.shortest.cvt == 2 / 64.0);
   assert_true(ps.shortest.cycles == 2 / 64.0); /* bound by CVT */
   /* The then side: the texture bounds it. */
   assert_int_equal(ps.longest.instructions, 5);
   assert_true(ps.longest.t == 0.25 && ps.longest.cycles == 0.25);
   assert_true(ps.longest.fma == 2 / 64.0 && ps.longest.cvt == 3 / 64.0);
}

static void
test_loop_has_no_longest_path(void **state)
{
   (void)state;
   /* 1-2 is the loop body: the branch at 2 goes back to 1. */
   struct va_path_stats ps = paths_of("FADD.f32 r0, r1, r2\n"
                                      "FADD.f32 r0, r0, r2\n"
                                      "BRANCHZ.eq.reconverge r0, "
                                      "offset:-2\n"
                                      "NOP.end\n");
   assert_int_equal(ps.blocks, 3);
   assert_true(ps.longest_unbounded);
   /* Once through the body, as the total counts it. */
   assert_same_stats(&ps.shortest, &ps.total);
}

static void
test_blend_tail_is_on_every_path(void **state)
{
   (void)state;
   struct va_path_stats ps = paths_of(
      "BLEND.slot0.v4.auto.end @r0:r1:r2:r3, blend_descriptor_0.w0, "
      "^r60, target:0x0\n"
      "IADD_IMM.i32 r48, 0x0, #0x0\n"
      "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n");
   assert_int_equal(ps.blocks, 1);
   assert_same_stats(&ps.shortest, &ps.total);
   assert_same_stats(&ps.longest, &ps.total);
}

/* A loop laid out after the exit, as translation places a loop's body
 * after the code that follows it: the BRANCHZI closing the final blend
 * tail ends the program, so the shortest path stops there. */
static void
test_exit_before_loop_body(void **state)
{
   (void)state;
   struct va_path_stats ps = paths_of(
      "BRANCHZ.eq.reconverge r0, offset:3\n"
      "BLEND.slot0.v4.auto.end @r0:r1:r2:r3, blend_descriptor_0.w0, "
      "^r60, target:0x0\n"
      "IADD_IMM.i32 r48, 0x0, #0x0\n"
      "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n"
      "FADD.f32 r0, r1, r2\n"
      "BRANCHZ.eq.reconverge 0x0, offset:-6\n");
   assert_int_equal(ps.blocks, 3);
   assert_true(ps.longest_unbounded);
   assert_int_equal(ps.shortest.instructions, 4);
   assert_true(ps.shortest.fma == 0 && ps.total.fma == 1 / 64.0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_straight_line),
      cmocka_unit_test(test_if_else_texture_on_one_side),
      cmocka_unit_test(test_loop_has_no_longest_path),
      cmocka_unit_test(test_blend_tail_is_on_every_path),
      cmocka_unit_test(test_exit_before_loop_body),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
