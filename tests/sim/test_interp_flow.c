/* SPDX-License-Identifier: MIT */
/*
 * The interpreter's control flow with divergent lanes, subroutines,
 * kills, derivatives and cross-lane opcodes.  Fragment shaders make lanes
 * differ: the pixel x of lane 4q + i is even for i = 0, 2 and odd for
 * i = 1, 3, and expected values are computed from env.pixel_x.
 */
#include "interp_test.h"

#define FS_HEAD                                                              \
   "FRAG\n"                                                                  \
   "DCL IN[0], POSITION, LINEAR\n"                                           \
   "DCL OUT[0], COLOR\n"                                                     \
   "DCL TEMP[0..3]\n"                                                        \
   "IMM[0] UINT32 {0, 1, 3, 10}\n"                                           \
   "IMM[1] UINT32 {20, 100, 1000, 41}\n"

static uint32_t
color(const struct run *r, unsigned l, unsigned c)
{
   return r->out.color[0][l].w[c];
}

static double
color_err(const struct run *r, unsigned l, unsigned c)
{
   return r->res.annot->color[0][l][c].err;
}

static void
test_if_else_diverges_per_lane(void **state)
{
   (void)state;
   struct run *r = run_text(FS_HEAD
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[1].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                            "UIF TEMP[1].xxxx :0\n"
                            "  MOV TEMP[1].y, IMM[0].wwww\n"
                            "ELSE :0\n"
                            "  MOV TEMP[1].y, IMM[1].xxxx\n"
                            "ENDIF\n"
                            "MOV OUT[0], TEMP[1].yyyy\n"
                            "END\n",
                            1);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_int_equal(color(r, l, 0), r->env.pixel_x[l] & 1 ? 10 : 20);
      assert_true(color_err(r, l, 0) == 0);
   }
   assert_int_equal(r->out.rt_written, 1);
   assert_int_equal(r->out.color_writer[0], 8); /* the MOV, plus one */
   assert_int_equal(r->res.annot->color[0][0][0].insn, 7);
   run_free(r);
}

static void
test_loops_break_and_continue_per_lane(void **state)
{
   (void)state;
   /* n = px & 3; for (i = 0; i < n;) { i++; if (i odd) continue;
    * sum += i; } */
   struct run *r = run_text(FS_HEAD
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                            "MOV TEMP[1].xy, IMM[0].xxxx\n"
                            "BGNLOOP :0\n"
                            "  USGE TEMP[2].x, TEMP[1].xxxx, TEMP[0].xxxx\n"
                            "  UIF TEMP[2].xxxx :0\n"
                            "    BRK\n"
                            "  ENDIF\n"
                            "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
                            "  AND TEMP[2].y, TEMP[1].xxxx, IMM[0].yyyy\n"
                            "  UIF TEMP[2].yyyy :0\n"
                            "    CONT\n"
                            "  ENDIF\n"
                            "  UADD TEMP[1].y, TEMP[1].yyyy, TEMP[1].xxxx\n"
                            "ENDLOOP :0\n"
                            "MOV OUT[0].xy, TEMP[1]\n"
                            "MOV OUT[0].zw, TEMP[0].xxxx\n"
                            "END\n",
                            3);
   static const uint32_t sums[4] = {0, 0, 2, 2};
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t n = r->env.pixel_x[l] & 3;
      assert_int_equal(color(r, l, 0), n);
      assert_int_equal(color(r, l, 1), sums[n]);
      assert_int_equal(color(r, l, 3), n);
   }
   run_free(r);
}

static void
test_switch_falls_through_and_defaults(void **state)
{
   (void)state;
   struct run *r = run_text(FS_HEAD
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                            "MOV TEMP[1].x, IMM[0].xxxx\n"
                            "SWITCH TEMP[0].xxxx\n"
                            "CASE IMM[0].xxxx\n"
                            "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
                            "  BRK\n"
                            "CASE IMM[0].yyyy\n"
                            "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].wwww\n"
                            "DEFAULT\n"
                            "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[1].yyyy\n"
                            "  BRK\n"
                            "CASE IMM[0].zzzz\n"
                            "  UADD TEMP[1].x, TEMP[1].xxxx, IMM[1].zzzz\n"
                            "ENDSWITCH\n"
                            "MOV OUT[0], TEMP[1].xxxx\n"
                            "END\n",
                            5);
   static const uint32_t want[4] = {1, 110, 100, 1000};
   bool seen[4] = {false};
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t v = r->env.pixel_x[l] & 3;
      seen[v] = true;
      assert_int_equal(color(r, l, 0), want[v]);
   }
   assert_true((seen[0] || seen[2]) && (seen[1] || seen[3]));
   run_free(r);
}

static void
test_kill_if_discards_lanes(void **state)
{
   (void)state;
   struct run *r = run_text(FS_HEAD
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                            "U2F TEMP[0].x, TEMP[0].xxxx\n"
                            "KILL_IF -TEMP[0].xxxx\n"
                            "MOV OUT[0], IMM[0].wwww\n"
                            "END\n",
                            1);
   assert_int_equal(r->out.discarded, 0xaaaa); /* -0.0 < 0 is false */
   assert_int_equal(r->res.annot->discard_uncertain, 0);
   assert_int_equal(color(r, 0, 0), 10);
   assert_true(color_err(r, 1, 0) == INFINITY); /* discarded */
   run_free(r);
   r = run_text("FRAG\nDCL OUT[0], COLOR\nKILL\nEND\n", 1);
   assert_int_equal(r->out.discarded, 0xffff);
   run_free(r);
}

static void
test_subroutines_and_return(void **state)
{
   (void)state;
   struct run *r = run_text(FS_HEAD
                            "  0: MOV TEMP[0].x, IMM[0].yyyy\n"
                            "  1: CAL :4\n"
                            "  2: MOV OUT[0], TEMP[0].xxxx\n"
                            "  3: END\n"
                            "  4: BGNSUB\n"
                            "  5:   UADD TEMP[0].x, TEMP[0].xxxx, "
                            "IMM[1].wwww\n"
                            "  6:   RET\n"
                            "  7:   UADD TEMP[0].x, TEMP[0].xxxx, "
                            "IMM[1].zzzz\n"
                            "  8: ENDSUB\n",
                            1);
   for (unsigned l = 0; l < SIM_LANES; l++)
      assert_int_equal(color(r, l, 0), 42);
   run_free(r);
   /* RET outside a subroutine ends the lanes that run it. */
   r = run_text(FS_HEAD
                "F2U TEMP[0], IN[0]\n"
                "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                "UIF TEMP[0].xxxx :0\n"
                "  RET\n"
                "ENDIF\n"
                "MOV OUT[0], IMM[0].wwww\n"
                "END\n",
                1);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool odd = r->env.pixel_x[l] & 1;
      assert_true(color_err(r, l, 0) == (odd ? INFINITY : 0));
   }
   assert_int_equal(r->out.discarded, 0);
   run_free(r);
}

static void
test_uncertain_conditions_make_paths_uncertain(void **state)
{
   (void)state;
   /* RCP(4) - 0.25 is 0 here, but RCP may be 3 ulp off: IF cannot know
    * which way the other model goes. */
   struct run *r = run_text(FS_HEAD
                            "IMM[2] FLT32 {4.0, -0.25, 1.0, 0.0}\n"
                            "RCP TEMP[0].x, IMM[2].xxxx\n"
                            "ADD TEMP[0].x, TEMP[0].xxxx, IMM[2].yyyy\n"
                            "MOV TEMP[1], IMM[2].zzzz\n"
                            "IF TEMP[0].xxxx :0\n"
                            "  MOV TEMP[1], IMM[2].wwww\n"
                            "ENDIF\n"
                            "MOV OUT[0], TEMP[1]\n"
                            "KILL_IF TEMP[0].xxxx\n"
                            "END\n",
                            1);
   assert_int_equal(r->res.annot->path_uncertain, 0xffff);
   assert_int_equal(r->res.annot->discard_uncertain, 0xffff);
   assert_int_equal(r->out.discarded, 0);
   assert_true(color_err(r, 0, 0) == INFINITY);
   run_free(r);
   /* The same value far from the threshold is certain. */
   r = run_text(FS_HEAD
                "IMM[2] FLT32 {4.0, -0.5, 1.0, 0.0}\n"
                "RCP TEMP[0].x, IMM[2].xxxx\n"
                "ADD TEMP[0].x, TEMP[0].xxxx, IMM[2].yyyy\n"
                "KILL_IF TEMP[0].xxxx\n"
                "END\n",
                1);
   assert_int_equal(r->res.annot->path_uncertain, 0);
   assert_int_equal(r->out.discarded, 0xffff);
   run_free(r);
}

#define FS_DERIV                                                             \
   "FRAG\n"                                                                  \
   "DCL IN[0], POSITION, LINEAR\n"                                           \
   "DCL OUT[0], COLOR\n"                                                     \
   "DCL TEMP[0..3]\n"

static void
test_derivatives_over_quads(void **state)
{
   (void)state;
   struct run *r = run_text(FS_DERIV
                            "DDX TEMP[0].x, IN[0].xxxx\n"
                            "DDY TEMP[0].y, IN[0].yyyy\n"
                            "MUL TEMP[1].x, IN[0].xxxx, IN[0].yyyy\n"
                            "DDY TEMP[0].z, TEMP[1].xxxx\n"
                            "DDY_FINE TEMP[0].w, TEMP[1].xxxx\n"
                            "MOV OUT[0], TEMP[0]\n"
                            "END\n",
                            2);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float x = (float)r->env.pixel_x[l] + 0.5f;
      assert_true(bitsf(color(r, l, 0)) == 1.0f && color_err(r, l, 0) == 0);
      assert_true(bitsf(color(r, l, 1)) == 1.0f && color_err(r, l, 1) == 0);
      /* d(xy)/dy = x: the coarse form may use the other column, one
       * pixel away. */
      assert_true(bitsf(color(r, l, 2)) == x && color_err(r, l, 2) == 1.0);
      assert_true(bitsf(color(r, l, 3)) == x && color_err(r, l, 3) == 0);
   }
   run_free(r);
   /* y counted from the bottom flips DDY. */
   r = run_text("FRAG\nPROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
                "DCL IN[0], POSITION, LINEAR\nDCL OUT[0], COLOR\n"
                "DDY OUT[0], IN[0].yyyy\nEND\n",
                2);
   assert_true(bitsf(color(r, 5, 0)) == -1.0f);
   run_free(r);
   /* A derivative whose neighbours do not run is undefined. */
   r = run_text(FS_DERIV
                "IMM[0] UINT32 {1, 0, 0, 0}\n"
                "F2U TEMP[1], IN[0]\n"
                "AND TEMP[1].x, TEMP[1].xxxx, IMM[0].xxxx\n"
                "MOV TEMP[0], IN[0]\n"
                "UIF TEMP[1].xxxx :0\n"
                "  DDX TEMP[0].x, IN[0].xxxx\n"
                "ENDIF\n"
                "MOV OUT[0], TEMP[0]\n"
                "END\n",
                2);
   assert_true(color_err(r, 1, 0) == INFINITY);
   assert_true(color_err(r, 0, 0) == 0);
   run_free(r);
}

/* Regression (corpus-apps fs/637a557aa02c): a coarse derivative is one
 * row's difference or the other's, each within its own inputs' errors:
 * max(e_own, |d2 - d| + e_other), where the bound had
 * e_own + max(e_other, |d2 - d|), short when the other row is the less
 * exact.  Here the top row is x / 3 (inexact), the bottom row x. */
static void
test_coarse_derivative_counts_the_other_rows_errors(void **state)
{
   (void)state;
   struct run *r = run_text(FS_DERIV
                            "IMM[0] FLT32 {3.0, 1.0, 0.0, 0.0}\n"
                            "IMM[1] UINT32 {1, 0, 0, 0}\n"
                            "F2U TEMP[1], IN[0]\n"
                            "AND TEMP[1].y, TEMP[1].yyyy, IMM[1].xxxx\n"
                            "RCP TEMP[2].x, IMM[0].xxxx\n"
                            "UCMP TEMP[2].x, TEMP[1].yyyy, IMM[0].yyyy, "
                            "TEMP[2].xxxx\n"
                            "MUL TEMP[3].x, IN[0].xxxx, TEMP[2].xxxx\n"
                            "DDX OUT[0].x, TEMP[3].xxxx\n"
                            "END\n",
                            2);
   /* Lane 0 (top): within |d2 - d| of the exact bottom row, which is
    * more than its own row's error; lane 2 (bottom, exact): the top
    * row's difference and its error. */
   double d = bitsf(color(r, 0, 0)), d2 = bitsf(color(r, 2, 0));
   assert_true(d2 == 1.0f);
   assert_true(color_err(r, 0, 0) == fabs(d2 - d));
   assert_true(color_err(r, 2, 0) > fabs(d2 - d));
   run_free(r);
}

static void
test_cross_lane_opcodes(void **state)
{
   (void)state;
   struct run *r = run_text(FS_HEAD
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[1].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                            "BALLOT TEMP[2].xy, TEMP[1].xxxx\n"
                            "VOTE_ANY TEMP[2].z, TEMP[1].xxxx\n"
                            "VOTE_ALL TEMP[2].w, TEMP[1].xxxx\n"
                            "READ_FIRST TEMP[3].x, TEMP[0].xxxx\n"
                            "READ_INVOC TEMP[3].y, TEMP[0].xxxx, "
                            "IMM[0].zzzz\n"
                            "MOV OUT[0].xzw, TEMP[2]\n"
                            "MOV OUT[0].y, TEMP[3].yyyy\n"
                            "END\n",
                            7);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_int_equal(color(r, l, 0), 0xaaaa);
      assert_int_equal(color(r, l, 2), ~0u);
      assert_int_equal(color(r, l, 3), 0);
      assert_int_equal(color(r, l, 1), r->env.pixel_x[3]);
   }
   run_free(r);
}

static void
test_demote_keeps_helpers_running(void **state)
{
   (void)state;
   struct run *r = run_text("FRAG\n"
                            "DCL IN[0], POSITION, LINEAR\n"
                            "DCL SV[0], HELPER_INVOCATION\n"
                            "DCL OUT[0], COLOR\n"
                            "DCL TEMP[0..1]\n"
                            "IMM[0] UINT32 {1, 0, 0, 0}\n"
                            "F2U TEMP[0], IN[0]\n"
                            "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                            "UIF TEMP[0].xxxx :0\n"
                            "  DEMOTE\n"
                            "ENDIF\n"
                            "DDX TEMP[1].x, IN[0].xxxx\n"
                            "READ_HELPER TEMP[1].y\n"
                            "MOV TEMP[1].z, SV[0].xxxx\n"
                            "MOV OUT[0], TEMP[1]\n"
                            "END\n",
                            1);
   assert_int_equal(r->out.discarded, 0xaaaa);
   assert_true(bitsf(color(r, 0, 0)) == 1.0f && color_err(r, 0, 0) == 0);
   assert_int_equal(color(r, 0, 1), 0);
   assert_int_equal(color(r, 0, 2), 0);
   run_free(r);
}

static void
test_limits_and_invalid_structure(void **state)
{
   (void)state;
   struct run *r = run_prepare("FRAG\nBGNLOOP :0\nENDLOOP :0\nEND\n", 1);
   run_go(r);
   assert_false(r->ok);
   assert_int_equal(r->res.status, TGSI_INTERP_LIMIT);
   run_free(r);
   r = run_prepare("FRAG\nDCL TEMP[0]\nENDIF\nEND\n", 1);
   run_go(r);
   assert_false(r->ok);
   assert_int_equal(r->res.status, TGSI_INTERP_INVALID);
   assert_non_null(strstr(r->res.message, "ENDIF"));
   run_free(r);
   r = run_prepare("FRAG\nDCL TEMP[0]\nBRK\nEND\n", 1);
   run_go(r);
   assert_int_equal(r->res.status, TGSI_INTERP_INVALID);
   run_free(r);
   /* Tessellation shaders are not modelled. */
   r = run_prepare("VERT\nEND\n", 1);
   struct tgsi_shader *ts;
   struct tgsiva_diagnostic d;
   assert_true(tgsi_parse_text(&r->arena, "TESS_CTRL\nEND\n", 14, &ts, &d));
   assert_false(tgsi_interp_setup_env(&r->env, &r->arena, ts, 1));
   assert_false(tgsi_interp_run(&r->env, ts, NULL, &r->out, &r->res));
   assert_int_equal(r->res.status, TGSI_INTERP_UNSUPPORTED);
   run_free(r);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_if_else_diverges_per_lane),
      cmocka_unit_test(test_loops_break_and_continue_per_lane),
      cmocka_unit_test(test_switch_falls_through_and_defaults),
      cmocka_unit_test(test_kill_if_discards_lanes),
      cmocka_unit_test(test_subroutines_and_return),
      cmocka_unit_test(test_uncertain_conditions_make_paths_uncertain),
      cmocka_unit_test(test_derivatives_over_quads),
      cmocka_unit_test(test_coarse_derivative_counts_the_other_rows_errors),
      cmocka_unit_test(test_cross_lane_opcodes),
      cmocka_unit_test(test_demote_keeps_helpers_running),
      cmocka_unit_test(test_limits_and_invalid_structure),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
