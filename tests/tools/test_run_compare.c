/* SPDX-License-Identifier: MIT */
/*
 * The differential tester's comparison (run_compare.c): the interpreter's
 * outputs against a copy that plays the simulator, unchanged, changed
 * within the allowed error, and changed beyond it.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tools/run_check.h"

struct pair {
   struct arena arena;
   struct sim_env env;
   struct tgsi_interp_result res;
   struct sim_outputs ref, got;
   struct sim_memory got_mem;
   struct run_difference diff;
   struct run_compare_stats st;
};

static struct pair *
interpret(const char *text, uint64_t seed)
{
   struct pair *p = calloc(1, sizeof(*p));
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d;
   arena_init(&p->arena, 0);
   assert_true(tgsi_parse_text(&p->arena, text, strlen(text), &s, &d));
   assert_true(run_setup_env(&p->env, &p->arena, s, seed, NULL));
   struct sim_memory before;
   sim_memory_copy(&before, &p->env.memory, &p->arena);
   assert_true(tgsi_interp_run(&p->env, s, NULL, &p->ref, &p->res));
   p->got = p->ref;
   sim_memory_copy(&p->got_mem, &p->env.memory, &p->arena);
   return p;
}

static bool
agrees(struct pair *p)
{
   memset(&p->st, 0, sizeof(p->st));
   return run_compare(p->env.stage, sim_env_live_lanes(&p->env), &p->ref,
                      p->res.annot, &p->env.memory, &p->got, &p->got_mem,
                      &p->diff, &p->st);
}

static void
finish(struct pair *p)
{
   arena_finish(&p->arena);
   free(p);
}

static float
as_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t
as_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static const char *fragment =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
   "DCL OUT[0], COLOR\n"
   "DCL TEMP[0]\n"
   "IMM[0] FLT32 {3.0, 1.0, 0.0, 0.0}\n"
   "RCP TEMP[0].x, IMM[0].xxxx\n"
   "MOV TEMP[0].y, IN[0].yyyy\n"
   "F2I TEMP[0].z, IN[0].zzzz\n"
   "MOV OUT[0].xyz, TEMP[0]\n"
   "END\n";

static void
test_exact_and_tolerant_words(void **state)
{
   (void)state;
   struct pair *p = interpret(fragment, 3);
   assert_true(agrees(p));
   assert_true(p->st.exact > 0 && p->st.tolerant > 0 && p->st.skipped > 0);
   /* y is a moved input: bit for bit. */
   p->got.color[0][5].w[1] ^= 1;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "COLOR[0].y lane 5");
   assert_true(p->diff.annot.err == 0);
   assert_int_equal(p->diff.annot.insn, 3);
   p->got = p->ref;
   /* x is 1/3 within 3 ulp: one ulp off agrees, a thousand do not. */
   float x = as_float(p->ref.color[0][2].w[0]);
   p->got.color[0][2].w[0] = as_bits(nextafterf(x, 1.0f));
   assert_true(agrees(p));
   p->got.color[0][2].w[0] = as_bits(x * 1.001f);
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "COLOR[0].x lane 2");
   p->got = p->ref;
   /* w was never written: anything goes. */
   p->got.color[0][7].w[3] ^= 0xdeadbeef;
   assert_true(agrees(p));
   finish(p);
}

static void
test_nans_and_doubles(void **state)
{
   (void)state;
   struct pair *p = interpret("VERT\nDCL OUT[0], GENERIC[0]\n"
                              "DCL TEMP[0..1]\n"
                              "IMM[0] FLT32 {0.0, 9.0, 0, 0}\n"
                              "DIV_PRECISE TEMP[0].x, IMM[0].xxxx, "
                              "IMM[0].xxxx\n"
                              "F2D TEMP[1], IMM[0].yyyy\n"
                              "DRSQ TEMP[0].zw, TEMP[1]\n"
                              "MOV TEMP[0].y, IMM[0].yyyy\n"
                              "MOV OUT[0], TEMP[0]\nEND\n",
                              1);
   /* 0/0: any NaN is a NaN (precise: without it, 0 / x may have been
    * folded to 0, the error model's rule 7). */
   assert_true(isnan(as_float(p->ref.varyings[0].value[0].w[0])));
   p->got.varyings[0].value[0].w[0] = 0xffc00000u;
   assert_true(agrees(p));
   p->got.varyings[0].value[0].w[0] = 0;
   assert_false(agrees(p));
   p->got = p->ref;
   /* The double 1/sqrt(9) may differ by an ulp: the low word's last
    * bit may change, the high word's exponent may not. */
   p->got.varyings[0].value[4].w[2] ^= 1u;
   assert_true(agrees(p));
   p->got.varyings[0].value[4].w[3] ^= 0x00100000u;
   assert_false(agrees(p));
   /* Reported at the low word, which is compared first. */
   assert_string_equal(p->diff.what, "GENERIC[0].z lane 4");
   finish(p);
}

static void
test_discards_and_memory(void **state)
{
   (void)state;
   struct pair *p = interpret("FRAG\n"
                              "DCL IN[0], POSITION, LINEAR\n"
                              "DCL OUT[0], COLOR\n"
                              "DCL BUFFER[0]\n"
                              "DCL TEMP[0]\n"
                              "IMM[0] UINT32 {1, 0, 8, 0}\n"
                              "F2U TEMP[0], IN[0]\n"
                              "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                              "STORE BUFFER[0].x, IMM[0].zzzz, "
                              "IMM[0].xxxx\n"
                              "U2F TEMP[0].x, TEMP[0].xxxx\n"
                              "KILL_IF -TEMP[0].xxxx\n"
                              "MOV OUT[0], IMM[0]\n"
                              "END\n",
                              2);
   assert_int_equal(p->ref.discarded, 0xaaaa);
   assert_true(agrees(p));
   /* A discarded lane's color does not matter; its discard does. */
   p->got.color[0][1].w[0] = 99;
   assert_true(agrees(p));
   p->got.discarded = 0xaaab;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "discard of lane 0");
   p->got = p->ref;
   /* Memory: the stored word, and a word nobody wrote. */
   struct sim_region *b = sim_memory_region(&p->got_mem, SIM_REGION_BUFFER,
                                            0);
   b->bytes[8] ^= 1;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "BUFFER[0] byte 8");
   assert_true(p->diff.annot.insn == 2);
   b->bytes[8] ^= 1;
   b->bytes[100] ^= 1;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "BUFFER[0] byte 100");
   assert_true(p->diff.annot.insn == -1);
   b->bytes[100] ^= 1;
   assert_true(agrees(p));
   finish(p);
}

static void
test_vertex_outputs_by_semantic(void **state)
{
   (void)state;
   struct pair *p = interpret("VERT\nDCL IN[0]\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1], GENERIC[2]\n"
                              "DCL OUT[2], TEXCOORD[1]\n"
                              "MOV OUT[0], IN[0]\nMOV OUT[1], IN[0]\n"
                              "MOV OUT[2], IN[0].wzyx\nEND\n",
                              6);
   assert_true(agrees(p));
   /* The simulator may list varyings in another order. */
   p->got.varyings[0] = p->ref.varyings[1];
   p->got.varyings[1] = p->ref.varyings[0];
   assert_true(agrees(p));
   /* ... but must have them all. */
   p->got.varying_count = 1;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "GENERIC[2].x lane 0");
   p->got = p->ref;
   p->got.position[3][1] += 1.0f;
   assert_false(agrees(p));
   assert_string_equal(p->diff.what, "POSITION.y lane 3");
   finish(p);
}

/* Regression (corpus-apps fs/3f50829e5134): the simulator's image store
 * outside the image, in a lane whose path the interpreter could not
 * follow, was reported as a difference.  It is the shader's undefined
 * behaviour when the lane's path or address is uncertain, a difference
 * otherwise, and always one outside the shader's resources. */
static void
test_fault_outside_resource_on_unfollowed_lane_is_undefined(void **state)
{
   (void)state;
   /* F2I(RCP(3) * 3) is 1 here but 0 in a model whose RCP is 1 ulp
    * lower: the first store's address is uncertain, the second's not. */
   static const char *text =
      "FRAG\n"
      "DCL OUT[0], COLOR\n"
      "DCL BUFFER[0]\n"
      "DCL TEMP[0]\n"
      "IMM[0] FLT32 {3.0, 0.0, 0.0, 0.0}\n"
      "IMM[1] UINT32 {4, 7, 0, 0}\n"
      "RCP TEMP[0].x, IMM[0].xxxx\n"
      "MUL TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
      "F2I TEMP[0].x, TEMP[0].xxxx\n"
      "UMUL TEMP[0].x, TEMP[0].xxxx, IMM[1].xxxx\n"
      "%s"
      "MOV OUT[0], IMM[0].yyyy\n"
      "END\n";
   char shader[1024];
   snprintf(shader, sizeof(shader), text,
            "STORE BUFFER[0].x, TEMP[0].xxxx, IMM[1].yyyy\n");
   struct pair *p = interpret(shader, 1);
   assert_int_equal(p->res.annot->address_uncertain, 0xffff);
   struct run_sim_stop stop = {.fault_lane = 3,
                               .fault_region = SIM_REGION_BUFFER};
   assert_true(run_fault_is_lawful(&stop, p->res.annot));
   /* Scratch is the compiler's: a fault there is its bug. */
   stop.fault_region = SIM_REGION_SCRATCH;
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   /* A fault that names no lane (a branch outside the program). */
   stop = (struct run_sim_stop){.fault_lane = -1, .fault_region = -1};
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   finish(p);

   snprintf(shader, sizeof(shader), text,
            "STORE BUFFER[0].x, IMM[1].zzzz, IMM[1].yyyy\n");
   p = interpret(shader, 1);
   assert_int_equal(p->res.annot->address_uncertain, 0);
   assert_int_equal(p->res.annot->path_uncertain, 0);
   stop = (struct run_sim_stop){.fault_lane = 3,
                                .fault_region = SIM_REGION_BUFFER};
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   /* The same lane on a path the interpreter cannot follow. */
   p->res.annot->path_uncertain = 1u << 3;
   assert_true(run_fault_is_lawful(&stop, p->res.annot));
   stop.fault_region = SIM_REGION_IMAGE;
   assert_true(run_fault_is_lawful(&stop, p->res.annot));
   stop.fault_lane = 4;
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   finish(p);
}

/* Regression (generator seed 9030702 at 8 registers, reduced): lanes
 * whose path the interpreter cannot follow (SIN of -FLT_MAX decides
 * whether they return) reached a BARRIER apart in the simulator, which
 * stopped there.  A BARRIER not every lane reaches is undefined, so that
 * stop is undefined behaviour when one of the lanes it waits for is on
 * such a path, and a difference when every path is certain. */
static void
test_partial_barrier_on_unfollowed_path_is_undefined(void **state)
{
   (void)state;
   static const char text[] = "COMP\n"
                              "PROPERTY CS_FIXED_BLOCK_WIDTH 4\n"
                              "PROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"
                              "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                              "DCL SV[0], THREAD_ID\n"
                              "DCL TEMP[0]\n"
                              "IMM[0] UINT32 {2139095039, 0, 0, 0}\n"
                              "UIF SV[0].xxxx\n"
                              "ELSE\n"
                              "  RET\n"
                              "ENDIF\n"
                              "SIN TEMP[0], -|IMM[0].xxxx|\n"
                              "UIF TEMP[0].xxxx\n"
                              "  RET\n"
                              "ENDIF\n"
                              "BARRIER\n"
                              "END\n";
   struct pair *p = interpret(text, 1);
   assert_int_equal(p->res.annot->path_uncertain, 0x00ee);
   struct run_sim_stop stop = {.fault_lane = -1, .fault_region = -1,
                               .barrier_lanes = 0x00ff};
   assert_true(run_fault_is_lawful(&stop, p->res.annot));
   /* Every path certain: the compiler's bug. */
   p->res.annot->path_uncertain = 0;
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   /* Uncertain lanes the BARRIER does not wait for change nothing. */
   p->res.annot->path_uncertain = 0xff00;
   assert_false(run_fault_is_lawful(&stop, p->res.annot));
   finish(p);
}

/* The variant state must reach both models: binaries compiled for a key
 * agree with the interpreter modelling it, and differ from one that does
 * not (so the diff_keys suites can fail). */
static void
test_variant_state_must_match(void **state)
{
   (void)state;
   static const char text[] =
      "FRAG\n"
      "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
      "DCL IN[0], TEXCOORD[0], PERSPECTIVE\n"
      "DCL IN[1], GENERIC[1], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "  0: ADD OUT[0], IN[0], IN[1]\n"
      "  1: END\n";
   struct tgsiva_shader_key keys[4] = {
      {.clip_plane_enable = 0x11},
      {.sprite_coord_enable = 1, .sprite_coord_origin = 1},
      {.color_buffers = 3},
      {.rt_types = {TGSIVA_RT_S16}},
   };
   for (unsigned k = 0; k < 4; k++) {
      struct arena arena;
      struct tgsi_shader *s;
      struct tgsiva_diagnostic d;
      struct run_programs p;
      struct run_report r;
      struct run_options o = {.seed = 1, .runs = 4};
      arena_init(&arena, 0);
      assert_true(tgsi_parse_text(&arena, text, strlen(text), &s, &d));
      assert_true(run_compile_variant(&arena, s, 0, &keys[k], NULL, &p, &d));
      run_check(&arena, s, &p, &o, &r);
      assert_int_equal(r.verdict, RUN_AGREE);
      assert_true(r.exact_words > 0);
      memset(&p.fs_state, 0, sizeof(p.fs_state));
      run_check(&arena, s, &p, &o, &r);
      if (r.verdict != RUN_DIFFER)
         fail_msg("key %u: the models agree without the state", k);
      arena_finish(&arena);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_and_tolerant_words),
      cmocka_unit_test(test_nans_and_doubles),
      cmocka_unit_test(test_discards_and_memory),
      cmocka_unit_test(test_vertex_outputs_by_semantic),
      cmocka_unit_test(
         test_fault_outside_resource_on_unfollowed_lane_is_undefined),
      cmocka_unit_test(
         test_partial_barrier_on_unfollowed_path_is_undefined),
      cmocka_unit_test(test_variant_state_must_match),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
