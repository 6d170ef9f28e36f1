/* SPDX-License-Identifier: MIT */
/*
 * The interpreter's geometry shaders: inputs by vertex, PRIMID and
 * INVOCATIONID, EMIT / ENDPRIM assembling unrolled strips per stream, the
 * vertex limit.  Expected lists are worked out by hand from GL's strip
 * rules (docs/abi.md, "Geometry shaders"); input values from
 * sim_env_gs_vertex, as documented in sim_env.h.
 */
#include "interp_test.h"

static const struct tgsi_interp_gs_lane *
gs_lane(const struct run *r, unsigned l)
{
   assert_non_null(r->res.gs);
   return &r->res.gs->lane[l];
}

static void
assert_indices(const struct tgsi_interp_gs_lane *gl, unsigned stream,
               const uint32_t *want, unsigned n)
{
   assert_int_equal(gl->index_count[stream], n);
   for (unsigned i = 0; i < n; i++) {
      if (gl->indices[stream][i] != want[i])
         fail_msg("index %u of stream %u: %u, expected %u", i, stream,
                  gl->indices[stream][i], want[i]);
   }
}

/* Five vertices of a strip, ENDPRIM, then two that complete nothing. */
static void
test_triangle_strip_unrolled(void **state)
{
   (void)state;
   struct run *r = run_text("GEOM\n"
                            "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                            "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                            "PROPERTY GS_MAX_OUTPUT_VERTICES 8\n"
                            "DCL IN[][0], GENERIC[2]\n"
                            "DCL OUT[0], POSITION\n"
                            "IMM[0] UINT32 {0, 0, 0, 0}\n"
                            "MOV OUT[0], IN[0][0]\n"
                            "EMIT IMM[0].xxxx\n"
                            "MOV OUT[0], IN[1][0]\n"
                            "EMIT IMM[0].xxxx\n"
                            "MOV OUT[0], IN[2][0]\n"
                            "EMIT IMM[0].xxxx\n"
                            "EMIT IMM[0].xxxx\n"
                            "EMIT IMM[0].xxxx\n"
                            "ENDPRIM IMM[0].xxxx\n"
                            "EMIT IMM[0].xxxx\n"
                            "EMIT IMM[0].xxxx\n"
                            "END\n",
                            3);
   const struct tgsi_interp_gs *gs = r->res.gs;
   assert_non_null(gs);
   assert_int_equal(gs->primitives, SIM_LANES);
   assert_int_equal(gs->indices_per_lane, 18); /* 3 * (8 - 2) */
   assert_int_equal(gs->lanes, (1u << SIM_LANES) - 1);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct tgsi_interp_gs_lane *gl = gs_lane(r, l);
      assert_false(gl->uncertain);
      assert_int_equal(gl->vertex_count, 7);
      assert_indices(gl, 0, (const uint32_t[]){0, 1, 2, 2, 1, 3, 2, 3, 4},
                     9);
      assert_int_equal(gl->index_count[1], 0);
      for (unsigned k = 0; k < 3; k++) {
         struct sim_vec4 in =
            sim_env_gs_vertex(&r->env, TGSI_SEM_GENERIC, 2, 3 * l + k);
         assert_memory_equal(gl->vertices[k].words[0], in.w, 16);
         assert_true(gl->vertices[k].annot[0][0].err == 0);
      }
      /* Registers keep their values after EMIT. */
      assert_memory_equal(gl->vertices[6].words[0], gl->vertices[2].words[0],
                          16);
   }
   run_free(r);
}

static void
test_primid_and_invocations(void **state)
{
   (void)state;
   struct run *r = run_text("GEOM\n"
                            "PROPERTY GS_INPUT_PRIMITIVE LINES_ADJACENCY\n"
                            "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                            "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                            "PROPERTY GS_INVOCATIONS 4\n"
                            "DCL IN[][0], GENERIC[0]\n"
                            "DCL IN[][1], PRIM_ID\n"
                            "DCL SV[0], INVOCATIONID\n"
                            "DCL OUT[0], POSITION\n"
                            "DCL OUT[1], GENERIC[0]\n"
                            "IMM[0] UINT32 {0, 0, 0, 0}\n"
                            "MOV OUT[0], IN[3][0]\n"
                            "MOV OUT[1].x, SV[0].xxxx\n"
                            "MOV OUT[1].y, IN[0][1].xxxx\n"
                            "EMIT IMM[0].xxxx\n"
                            "END\n",
                            5);
   const struct tgsi_interp_gs *gs = r->res.gs;
   assert_int_equal(gs->vertices_in, 4);
   assert_int_equal(gs->primitives, SIM_LANES / 4);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct tgsi_interp_gs_lane *gl = gs_lane(r, l);
      uint32_t p = l / 4;
      assert_indices(gl, 0, (const uint32_t[]){0}, 1);
      struct sim_vec4 in =
         sim_env_gs_vertex(&r->env, TGSI_SEM_GENERIC, 0, 4 * p + 3);
      assert_memory_equal(gl->vertices[0].words[0], in.w, 16);
      assert_int_equal(gl->vertices[0].words[1][0], l % 4);
      assert_int_equal(gl->vertices[0].words[1][1], p);
      assert_true(gl->vertices[0].annot[1][1].err == 0);
      assert_true(gl->vertices[0].annot[1][2].err == INFINITY);
   }
   run_free(r);
}

/* Line strips on two streams; a third vertex past the limit is undefined
 * and makes the lane uncompared. */
static void
test_streams_and_vertex_limit(void **state)
{
   (void)state;
   const char *text = "GEOM\n"
                      "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                      "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
                      "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n"
                      "DCL IN[][0], GENERIC[0]\n"
                      "DCL OUT[0], POSITION\n"
                      "IMM[0] UINT32 {0, 1, 0, 0}\n"
                      "MOV OUT[0], IN[0][0]\n"
                      "EMIT IMM[0].xxxx\n"
                      "EMIT IMM[0].yyyy\n"
                      "EMIT IMM[0].xxxx\n"
                      "EMIT IMM[0].yyyy\n"
                      "EMIT IMM[0].xxxx\n"
                      "END\n";
   char buf[1024];
   snprintf(buf, sizeof(buf), text, 5u);
   struct run *r = run_text(buf, 2);
   const struct tgsi_interp_gs_lane *gl = gs_lane(r, 0);
   assert_false(gl->uncertain);
   assert_int_equal(r->res.gs->indices_per_lane, 8);
   assert_indices(gl, 0, (const uint32_t[]){0, 2, 2, 4}, 4);
   assert_indices(gl, 1, (const uint32_t[]){1, 3}, 2);
   assert_int_equal(gl->vertices[3].stream, 1);
   assert_int_equal(r->res.undefined_values, 0);
   run_free(r);
   snprintf(buf, sizeof(buf), text, 2u);
   r = run_text(buf, 2);
   gl = gs_lane(r, 0);
   assert_true(gl->uncertain);
   assert_int_equal(gl->vertex_count, 2);
   assert_true(r->res.undefined_values & TGSI_INTERP_UB_UNDEFINED);
   run_free(r);
}

static void
test_bad_vertex_and_properties(void **state)
{
   (void)state;
   struct run *r = run_text("GEOM\n"
                            "PROPERTY GS_INPUT_PRIMITIVE LINES\n"
                            "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                            "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                            "DCL IN[][0], GENERIC[0]\n"
                            "DCL OUT[0], POSITION\n"
                            "DCL ADDR[0]\n"
                            "IMM[0] INT32 {2, 0, 0, 0}\n"
                            "UARL ADDR[0].x, IMM[0].xxxx\n"
                            "MOV OUT[0], IN[ADDR[0].x][0]\n"
                            "EMIT IMM[0].yyyy\n"
                            "END\n",
                            1);
   assert_true(r->res.undefined & TGSI_INTERP_UB_INDIRECT);
   run_free(r);
   r = run_prepare("GEOM\n"
                   "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                   "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLES\n"
                   "DCL OUT[0], POSITION\n"
                   "END\n",
                   1);
   run_go(r);
   assert_false(r->ok);
   assert_int_equal(r->res.status, TGSI_INTERP_INVALID);
   assert_non_null(strstr(r->res.message, "GS_OUTPUT_PRIMITIVE"));
   run_free(r);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_triangle_strip_unrolled),
      cmocka_unit_test(test_primid_and_invocations),
      cmocka_unit_test(test_streams_and_vertex_limit),
      cmocka_unit_test(test_bad_vertex_and_properties),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
