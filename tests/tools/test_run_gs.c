/* SPDX-License-Identifier: MIT */
/*
 * The geometry comparison (run_gs.c): the interpreter's emitted vertices
 * and primitive lists against the buffers docs/abi.md says a geometry
 * program writes.  The buffers a correct program would write
 * (run_gs_expected) agree; a changed vertex word, a changed or missing
 * index, a missing restart pad, a short buffer differ; an uncertain
 * invocation is not compared.  The draw (run_gs_draw) runs the compiled
 * pass-through pair over the vertices the primitives name: it agrees on
 * the geometry program's buffers, and differs when a drawn vertex's
 * record or the pair itself is wrong, not when a vertex no primitive
 * names is.
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

/* A triangle strip of 4 vertices, ENDPRIM, one more vertex (completing
 * nothing); M = 6, so K = 12 and every invocation has restart padding. */
static const char *const strip =
   "GEOM\n"
   "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
   "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
   "PROPERTY GS_MAX_OUTPUT_VERTICES 6\n"
   "DCL IN[][0], GENERIC[0]\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] UINT32 {0, 0, 0, 0}\n"
   "IMM[1] FLT32 {0.5, 0.25, 0.0, 0.0}\n"
   "MOV OUT[0], IN[0][0]\n"
   "MUL OUT[1].x, IN[1][0].xxxx, IMM[1].xxxx\n"
   "EMIT IMM[0].xxxx\n"
   "MOV OUT[0], IN[1][0]\n"
   "EMIT IMM[0].xxxx\n"
   "MOV OUT[0], IN[2][0]\n"
   "EMIT IMM[0].xxxx\n"
   "EMIT IMM[0].xxxx\n"
   "ENDPRIM IMM[0].xxxx\n"
   "EMIT IMM[0].xxxx\n"
   "END\n";

struct gs_run {
   struct arena arena;
   struct sim_env env;
   struct sim_outputs out;
   struct tgsi_interp_result res;
   struct run_gs_buffers b;
   struct run_difference diff;
   struct run_compare_stats st;
};

static struct gs_run *
interpret(const char *text)
{
   struct gs_run *r = calloc(1, sizeof(*r));
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d;
   arena_init(&r->arena, 0);
   assert_true(tgsi_parse_text(&r->arena, text, strlen(text), &s, &d));
   assert_true(run_setup_env(&r->env, &r->arena, s, 7, NULL));
   assert_true(tgsi_interp_run(&r->env, s, NULL, &r->out, &r->res));
   assert_non_null(r->res.gs);
   run_gs_expected(&r->arena, r->res.gs, false, &r->b);
   return r;
}

static void
done(struct gs_run *r)
{
   arena_finish(&r->arena);
   free(r);
}

static bool
compare(struct gs_run *r)
{
   memset(&r->st, 0, sizeof(r->st));
   return run_compare_gs(r->res.gs, &r->b, &r->diff, &r->st);
}

static uint8_t *
bytes(const uint8_t *p)
{
   return (uint8_t *)(uintptr_t)p;
}

static void
test_expected_buffers_agree(void **state)
{
   (void)state;
   struct gs_run *r = interpret(strip);
   const struct tgsi_interp_gs *gs = r->res.gs;
   assert_int_equal(gs->indices_per_lane, 12);
   assert_int_equal(r->b.vertex_stride, 32);
   assert_null(r->b.indices[1]);
   /* Invocation 1: (0 1 2) (2 1 3), then 6 restart entries. */
   uint32_t idx[12];
   memcpy(idx, r->b.indices[0] + 4 * 12, sizeof(idx));
   const uint32_t want[6] = {6, 7, 8, 8, 7, 9};
   assert_memory_equal(idx, want, sizeof(want));
   for (unsigned i = 6; i < 12; i++)
      assert_int_equal(idx[i], RUN_GS_RESTART);
   assert_true(compare(r));
   /* 16 invocations x 12 indices, and the words of 5 vertices each. */
   assert_true(r->st.exact >= SIM_LANES * 12);
   assert_true(r->st.skipped > 0); /* OUT[1].yzw are never written */
   done(r);
}

static void
test_changes_differ(void **state)
{
   (void)state;
   struct gs_run *r = interpret(strip);
   uint32_t *idx = (uint32_t *)(uintptr_t)r->b.indices[0];
   uint8_t *v = bytes(r->b.vertices);
   /* A vertex word of invocation 3, vertex 2, OUT[0].y. */
   uint32_t at = (3 * 6 + 2) * 32 + 4;
   v[at] ^= 1;
   assert_false(compare(r));
   assert_int_equal(r->diff.output, RUN_OUT_MEMORY);
   assert_non_null(strstr(r->diff.what, "vertex 2 of invocation 3"));
   v[at] ^= 1;
   assert_true(compare(r));
   /* An index pointing at another slot. */
   idx[5 * 12 + 1] += 1;
   assert_false(compare(r));
   assert_non_null(strstr(r->diff.what, "index 1 of invocation 5"));
   idx[5 * 12 + 1] -= 1;
   /* Padding that is no restart index. */
   idx[2 * 12 + 11] = 0;
   assert_false(compare(r));
   idx[2 * 12 + 11] = RUN_GS_RESTART;
   assert_true(compare(r));
   /* A buffer too short for the last invocation's slots. */
   r->b.indices_size[0] -= 4;
   assert_false(compare(r));
   assert_non_null(strstr(r->diff.what, "past the buffer"));
   r->b.indices_size[0] += 4;
   /* No index buffer for a stream with primitives. */
   r->b.indices[0] = NULL;
   assert_false(compare(r));
   done(r);
}

static void
test_uncertain_invocations_are_skipped(void **state)
{
   (void)state;
   struct gs_run *r = interpret(strip);
   struct tgsi_interp_gs *gs = (struct tgsi_interp_gs *)r->res.gs;
   uint8_t *v = bytes(r->b.vertices);
   v[(4 * 6 + 1) * 32] ^= 0x80;
   assert_false(compare(r));
   gs->lane[4].uncertain = true;
   assert_true(compare(r));
   done(r);
}

struct gs_draw {
   struct arena arena;
   struct tgsi_shader *s;
   struct run_programs p;
   struct sim_env env;
   struct sim_outputs out, ref;
   struct tgsi_interp_result res;
   struct run_difference diff;
   struct run_compare_stats st;
   struct run_sim_stop stop;
};

/* The geometry program of `strip` in the simulator, the interpreter's
 * emissions beside it. */
static struct gs_draw *
geometry(void)
{
   struct gs_draw *g = calloc(1, sizeof(*g));
   struct tgsiva_diagnostic d;
   arena_init(&g->arena, 0);
   assert_true(tgsi_parse_text(&g->arena, strip, strlen(strip), &g->s, &d));
   assert_true(run_compile(&g->arena, g->s, &g->p, &d));
   assert_int_equal(g->p.count, 3);
   struct sim_env ref_env;
   assert_true(run_setup_env(&g->env, &g->arena, g->s, 7, &g->p));
   ref_env = g->env;
   sim_memory_copy(&ref_env.memory, &g->env.memory, &g->arena);
   assert_true(tgsi_interp_run(&ref_env, g->s, NULL, &g->out, &g->res));
   struct sim_outputs *none = calloc(1, sizeof(*none));
   assert_true(run_simulate(&g->env, &g->p, 2, none, &g->stop));
   free(none);
   return g;
}

static bool
draw(struct gs_draw *g)
{
   bool stopped;
   memset(&g->st, 0, sizeof(g->st));
   bool same = run_gs_draw(&g->arena, &g->env, g->s, &g->p, g->res.gs,
                           &g->ref, &g->diff, &g->st, &g->stop, &stopped);
   assert_false(stopped);
   return same;
}

static void
test_draw_agrees_and_differs(void **state)
{
   (void)state;
   struct gs_draw *g = geometry();
   assert_true(draw(g));
   /* 16 invocations draw 4 vertices each: position and GENERIC[0]. */
   assert_true(g->st.exact + g->st.tolerant >= SIM_LANES * 4 * 5);
   struct sim_region *v =
      sim_memory_region(&g->env.memory, SIM_REGION_GS_OUTPUT, 0);
   assert_non_null(v);
   /* GENERIC[0].x (OUT[1]) of vertex 3 of invocation 2: drawn. */
   uint32_t at = (2 * 6 + 3) * 32 + 16;
   v->bytes[at] ^= 1;
   assert_false(draw(g));
   assert_int_equal(g->diff.output, RUN_OUT_VARYING);
   assert_non_null(strstr(g->diff.what, "drawn vertex 3 of invocation 2"));
   v->bytes[at] ^= 1;
   /* Vertex 4 completes no primitive: no draw reads it. */
   v->bytes[(2 * 6 + 4) * 32 + 16] ^= 1;
   assert_true(draw(g));
   /* The position of a drawn vertex. */
   v->bytes[(5 * 6) * 32 + 3] ^= 0x40;
   assert_false(draw(g));
   assert_int_equal(g->diff.output, RUN_OUT_POSITION);
   v->bytes[(5 * 6) * 32 + 3] ^= 0x40;
   assert_true(draw(g));
   /* The position program in the varying program's place: GENERIC[0]
    * is never stored. */
   g->p.words[1] = g->p.words[0];
   g->p.word_count[1] = g->p.word_count[0];
   assert_false(draw(g));
   assert_int_equal(g->diff.output, RUN_OUT_VARYING);
   arena_finish(&g->arena);
   free(g);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_expected_buffers_agree),
      cmocka_unit_test(test_changes_differ),
      cmocka_unit_test(test_uncertain_invocations_are_skipped),
      cmocka_unit_test(test_draw_agrees_and_differs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
