/* SPDX-License-Identifier: MIT */
/* The public compile API: results, errors, limits, threads. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"

static const char *const fragment =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
   "DCL OUT[0], COLOR\n"
   "DCL CONST[0][0]\n"
   "DCL TEMP[0]\n"
   "  0: MUL TEMP[0], IN[0], CONST[0][0]\n"
   "  1: MOV OUT[0], TEMP[0]\n"
   "  2: END\n";

static const char *const vertex =
   "VERT\n"
   "DCL IN[0]\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "  0: MOV OUT[0], IN[0]\n"
   "  1: MOV OUT[1], IN[0].wzyx\n"
   "  2: END\n";

static void
test_fragment_shader_info(void **state)
{
   (void)state;
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   assert_int_equal(tgsiva_compile_text(fragment, strlen(fragment), NULL,
                                        &sh, &d),
                    TGSIVA_OK);
   assert_int_equal(sh->stage, TGSIVA_STAGE_FRAGMENT);
   assert_int_equal(sh->program_count, 1);
   assert_true(sh->programs[0].size > 0 && sh->programs[0].size % 8 == 0);
   assert_int_equal(sh->programs[0].work_registers, 32);
   assert_int_equal(sh->render_targets_written, 1);
   assert_int_equal(sh->input_count, 1);
   assert_int_equal(sh->inputs[0].byte_offset, 0);
   /* The four uniform words of CONST[0][0], in order of use. */
   assert_int_equal(sh->push_count, 4);
   for (unsigned i = 0; i < 4; i++) {
      assert_int_equal(sh->push[i].ubo, 0);
      assert_int_equal(sh->push[i].offset, 4 * i);
   }
   /* r60 (coverage) and r61 (interpolation position) are preloaded. */
   assert_true(sh->programs[0].preload_mask & (1ull << 60));
   assert_true(sh->programs[0].preload_mask & (1ull << 61));
   tgsiva_shader_free(sh);
}

static void
test_vertex_shader_from_tokens(void **state)
{
   (void)state;
   uint32_t *tokens;
   size_t n;
   struct tgsiva_diagnostic d;
   assert_int_equal(tgsiva_tgsi_text_to_tokens(vertex, strlen(vertex),
                                               &tokens, &n, &d),
                    TGSIVA_OK);
   struct tgsiva_shader *sh;
   assert_int_equal(tgsiva_compile(tokens, n, NULL, &sh, &d), TGSIVA_OK);
   tgsiva_tgsi_free(tokens);
   assert_int_equal(sh->stage, TGSIVA_STAGE_VERTEX);
   assert_int_equal(sh->program_count, 2);
   assert_int_equal(sh->attributes_read, 1);
   assert_int_equal(sh->output_count, 2);
   /* The viewport scale and offset come from the system-value buffer. */
   assert_int_equal(sh->sysval_count, 2);
   assert_int_equal(sh->sysvals[0].kind, TGSIVA_SYSVAL_VIEWPORT_SCALE);
   assert_int_equal(sh->sysvals[1].kind, TGSIVA_SYSVAL_VIEWPORT_OFFSET);
   /* Each channel's scale and offset share a FAU slot (an even push word
    * and the next), which one FMA reads. */
   for (unsigned c = 0; c < 3; c++) {
      unsigned found = 0;
      for (unsigned w = 0; w + 1 < sh->push_count; w += 2) {
         if (sh->push[w].offset == 4 * c &&
             sh->push[w + 1].offset == 16 + 4 * c &&
             sh->push[w].ubo == sh->push[w + 1].ubo)
            found++;
      }
      assert_int_equal(found, 1);
   }
   tgsiva_shader_free(sh);
}

static void
test_errors_and_limits(void **state)
{
   (void)state;
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   const char *bad = "FRAG\n  0: FOO TEMP[0]\n";
   assert_int_equal(tgsiva_compile_text(bad, strlen(bad), NULL, &sh, &d),
                    TGSIVA_ERROR_INPUT);
   assert_null(sh);
   assert_int_equal(d.line, 2);
   /* A geometry shader without its primitive properties. */
   const char *geom = "GEOM\n  0: END\n";
   assert_int_equal(tgsiva_compile_text(geom, strlen(geom), NULL, &sh, &d),
                    TGSIVA_ERROR_INPUT);
   assert_null(sh);
   struct tgsiva_compile_options tiny = {.memory_limit = 32 * 1024};
   assert_int_equal(tgsiva_compile_text(fragment, strlen(fragment), &tiny,
                                        &sh, &d),
                    TGSIVA_ERROR_LIMIT);
   assert_null(sh);
   uint32_t garbage[3] = {0xdeadbeef, 0x12345678, 0};
   assert_int_equal(tgsiva_compile(garbage, 3, NULL, &sh, &d),
                    TGSIVA_ERROR_INPUT);
}

/* Many threads compile the same shader at once and get the same words. */
struct job {
   struct tgsiva_shader *sh;
   enum tgsiva_status status;
};

/* OUT[1].yz to buffer 2 at dword 1 of 3, OUT[0] to buffer 0. */
static void
two_buffers(struct tgsiva_stream_output *so)
{
   memset(so, 0, sizeof(*so));
   so->num_outputs = 2;
   so->stride[0] = 4;
   so->stride[2] = 3;
   so->output[0] = (struct tgsiva_stream_output_entry){
      .register_index = 1, .start_component = 1, .num_components = 2,
      .output_buffer = 2, .dst_offset = 1};
   so->output[1] = (struct tgsiva_stream_output_entry){
      .register_index = 0, .num_components = 4};
}

static bool
has_sysval(const struct tgsiva_shader *sh, uint32_t kind, uint32_t id)
{
   for (unsigned i = 0; i < sh->sysval_count; i++) {
      if (sh->sysvals[i].kind == kind && sh->sysvals[i].id == id)
         return true;
   }
   return false;
}

static void
test_transform_feedback(void **state)
{
   (void)state;
   struct tgsiva_stream_output so;
   struct tgsiva_compile_options opts = {.validate = true,
                                         .stream_output = &so};
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   two_buffers(&so);
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &sh,
                                        &d),
                    TGSIVA_OK);
   assert_int_equal(sh->program_count, 3);
   assert_true(sh->programs[2].size > 0);
   assert_int_equal(sh->xfb_buffers_written, 0x5);
   assert_true(has_sysval(sh, TGSIVA_SYSVAL_XFB_DRAW, 0));
   assert_true(has_sysval(sh, TGSIVA_SYSVAL_XFB_BUFFER, 0));
   assert_true(has_sysval(sh, TGSIVA_SYSVAL_XFB_BUFFER, 2));
   assert_false(has_sysval(sh, TGSIVA_SYSVAL_XFB_BUFFER, 1));
   tgsiva_shader_free(sh);

   /* Without a description: the two IDVS programs only. */
   opts.stream_output = NULL;
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &sh,
                                        &d),
                    TGSIVA_OK);
   assert_int_equal(sh->program_count, 2);
   tgsiva_shader_free(sh);

   /* Descriptions the compiler cannot honour. */
   opts.stream_output = &so;
   static const struct {
      uint32_t reg, start, count, buffer, offset, stream, stride;
      enum tgsiva_status status;
   } bad[] = {
      {2, 0, 4, 0, 0, 0, 4, TGSIVA_ERROR_INPUT},  /* no OUT[2] */
      {0, 3, 2, 0, 0, 0, 4, TGSIVA_ERROR_INPUT},  /* past w */
      {0, 0, 0, 0, 0, 0, 4, TGSIVA_ERROR_INPUT},  /* no component */
      {0, 0, 4, 4, 0, 0, 4, TGSIVA_ERROR_INPUT},  /* buffer 4 */
      {0, 0, 4, 0, 1, 0, 4, TGSIVA_ERROR_INPUT},  /* past the stride */
      {0, 0, 4, 0, 0, 1, 4, TGSIVA_ERROR_UNSUPPORTED}, /* stream 1 */
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      memset(&so, 0, sizeof(so));
      so.num_outputs = 1;
      so.stride[0] = bad[i].stride;
      so.output[0] = (struct tgsiva_stream_output_entry){
         bad[i].reg, bad[i].start, bad[i].count, bad[i].buffer,
         bad[i].offset, bad[i].stream};
      assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts,
                                           &sh, &d),
                       bad[i].status);
      assert_null(sh);
   }
   /* Past Gallium's limits: 65 entries, a stride of 65537 dwords. */
   two_buffers(&so);
   so.num_outputs = TGSIVA_MAX_STREAM_OUTPUTS + 1;
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &sh,
                                        &d),
                    TGSIVA_ERROR_INPUT);
   two_buffers(&so);
   so.stride[1] = 65537;
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &sh,
                                        &d),
                    TGSIVA_ERROR_INPUT);
   assert_null(sh);
}

static void *
compile_job(void *arg)
{
   struct job *j = arg;
   struct tgsiva_diagnostic d;
   struct tgsiva_compile_options o = {.validate = true};
   for (unsigned i = 0; i < 20; i++) {
      if (j->sh)
         tgsiva_shader_free(j->sh);
      j->status = tgsiva_compile_text(vertex, strlen(vertex), &o, &j->sh,
                                      &d);
   }
   return NULL;
}

static void
test_threads(void **state)
{
   (void)state;
   enum { N = 8 };
   pthread_t t[N];
   struct job jobs[N];
   memset(jobs, 0, sizeof(jobs));
   for (unsigned i = 0; i < N; i++)
      pthread_create(&t[i], NULL, compile_job, &jobs[i]);
   for (unsigned i = 0; i < N; i++)
      pthread_join(t[i], NULL);
   for (unsigned i = 0; i < N; i++) {
      assert_int_equal(jobs[i].status, TGSIVA_OK);
      for (unsigned p = 0; p < 2; p++) {
         assert_int_equal(jobs[i].sh->programs[p].size,
                          jobs[0].sh->programs[p].size);
         assert_memory_equal(jobs[i].sh->programs[p].code,
                             jobs[0].sh->programs[p].code,
                             jobs[0].sh->programs[p].size);
      }
   }
   for (unsigned i = 0; i < N; i++)
      tgsiva_shader_free(jobs[i].sh);
}

/* Triangles in, a strip of at most 4 vertices out, 2 invocations;
 * GENERIC[1] is read from IN[][1], POSITION from IN[][0]. */
static const char *const geometry =
   "GEOM\n"
   "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
   "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
   "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
   "PROPERTY GS_INVOCATIONS 2\n"
   "DCL IN[][0], POSITION\n"
   "DCL IN[][1], GENERIC[1]\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] UINT32 {0, 0, 0, 0}\n"
   "  0: MOV OUT[0], IN[0][0]\n"
   "  1: MOV OUT[1], IN[1][1]\n"
   "  2: EMIT IMM[0].xxxx\n"
   "  3: MOV OUT[0], IN[1][0]\n"
   "  4: EMIT IMM[0].xxxx\n"
   "  5: MOV OUT[0], IN[2][0]\n"
   "  6: EMIT IMM[0].xxxx\n"
   "  7: END\n";

/* The geometry stage's information (docs/abi.md, "Geometry shaders"),
 * the vertex shader's capture for it, and the blob. */
static void
test_geometry_shader(void **state)
{
   (void)state;
   struct tgsiva_shader *gs, *vs, *back;
   struct tgsiva_diagnostic d;
   struct tgsiva_compile_options opts = {.validate = true};
   assert_int_equal(tgsiva_compile_text(geometry, strlen(geometry), &opts,
                                        &gs, &d),
                    TGSIVA_OK);
   assert_int_equal(gs->stage, TGSIVA_STAGE_GEOMETRY);
   assert_int_equal(gs->program_count, 3);
   for (unsigned p = 0; p < 3; p++)
      assert_true(gs->programs[p].size > 0);
   assert_int_equal(gs->gs_input_primitive, 4);  /* PIPE_PRIM_TRIANGLES */
   assert_int_equal(gs->gs_vertices_in, 3);
   assert_int_equal(gs->gs_output_primitive, 5); /* TRIANGLE_STRIP */
   assert_int_equal(gs->gs_draw_primitive, 4);   /* TRIANGLES */
   assert_int_equal(gs->gs_max_vertices, 4);
   assert_int_equal(gs->gs_invocations, 2);
   assert_int_equal(gs->gs_input_stride, 32);
   assert_int_equal(gs->gs_output_stride, 32);
   assert_int_equal(gs->gs_indices_per_invocation, 6); /* 3 * (4 - 2) */
   assert_int_equal(gs->gs_streams, 1);
   assert_int_equal(gs->input_count, 2);
   assert_int_equal(gs->inputs[1].semantic, 5); /* GENERIC */
   assert_int_equal(gs->inputs[1].byte_offset, 16);
   /* The pass-through pair's varyings, as a vertex shader's. */
   assert_int_equal(gs->output_count, 2);
   assert_int_equal(gs->output_registers[1], 1);
   assert_int_equal(gs->attributes_read, 0);
   assert_false(gs->writes_layer || gs->writes_viewport_index);
   assert_true(has_sysval(gs, TGSIVA_SYSVAL_GS_DRAW, 0));
   assert_true(has_sysval(gs, TGSIVA_SYSVAL_GS_INPUT, 0));
   assert_true(has_sysval(gs, TGSIVA_SYSVAL_GS_OUTPUT, 0));
   assert_true(has_sysval(gs, TGSIVA_SYSVAL_GS_INDICES, 0));
   assert_true(has_sysval(gs, TGSIVA_SYSVAL_VIEWPORT_SCALE, 0));

   /* The vertex shader writes POSITION (OUT[0]) and GENERIC[0], not
    * GENERIC[1]: one entry, POSITION at dword 0 of 8. */
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &vs,
                                        &d),
                    TGSIVA_OK);
   struct tgsiva_stream_output so;
   assert_int_equal(tgsiva_gs_vertex_capture(vs, gs, &so, &d), TGSIVA_OK);
   assert_int_equal(so.num_outputs, 1);
   assert_int_equal(so.stride[0], 8);
   assert_int_equal(so.output[0].register_index, 0);
   assert_int_equal(so.output[0].num_components, 4);
   assert_int_equal(so.output[0].dst_offset, 0);
   assert_int_equal(so.output[0].output_buffer, 0);
   tgsiva_shader_free(vs);
   opts.stream_output = &so;
   assert_int_equal(tgsiva_compile_text(vertex, strlen(vertex), &opts, &vs,
                                        &d),
                    TGSIVA_OK);
   assert_int_equal(vs->program_count, 3);
   assert_int_equal(vs->xfb_buffers_written, 1);
   /* Wrong stages; a geometry shader's own stream output. */
   assert_int_equal(tgsiva_gs_vertex_capture(gs, vs, &so, &d),
                    TGSIVA_ERROR_INPUT);
   assert_int_equal(tgsiva_compile_text(geometry, strlen(geometry), &opts,
                                        &back, &d),
                    TGSIVA_ERROR_UNSUPPORTED);
   assert_null(back);
   tgsiva_shader_free(vs);

   uint8_t *blob;
   size_t size;
   assert_int_equal(tgsiva_shader_serialize(gs, &blob, &size, &d), TGSIVA_OK);
   assert_int_equal(tgsiva_shader_deserialize(blob, size, &back, &d),
                    TGSIVA_OK);
   assert_int_equal(back->stage, TGSIVA_STAGE_GEOMETRY);
   assert_int_equal(back->gs_indices_per_invocation, 6);
   assert_int_equal(back->output_registers[1], 1);
   assert_memory_equal(back->programs[2].code, gs->programs[2].code,
                       gs->programs[2].size);
   tgsiva_shader_free(back);
   tgsiva_blob_free(blob);
   tgsiva_shader_free(gs);
}

/* A workspace serves compile after compile, with the same results as
 * memory of its own (and answers of the instruction tables kept from
 * the compiles before), also after a compile that ran out of its
 * limit. */
static void
test_workspace(void **state)
{
   (void)state;
   struct tgsiva_workspace *ws = tgsiva_workspace_create();
   assert_non_null(ws);
   struct tgsiva_diagnostic d;
   const char *const texts[] = {vertex, fragment, geometry};
   struct tgsiva_shader *alone[3];
   for (unsigned i = 0; i < 3; i++)
      assert_int_equal(tgsiva_compile_text(texts[i], strlen(texts[i]), NULL,
                                           &alone[i], &d),
                       TGSIVA_OK);
   struct tgsiva_compile_options in_ws = {.workspace = ws};
   struct tgsiva_compile_options tiny = {.workspace = ws,
                                         .memory_limit = 32 * 1024};
   for (unsigned round = 0; round < 3; round++) {
      for (unsigned i = 0; i < 3; i++) {
         struct tgsiva_shader *sh;
         assert_int_equal(tgsiva_compile_text(texts[i], strlen(texts[i]),
                                              &in_ws, &sh, &d),
                          TGSIVA_OK);
         assert_int_equal(sh->program_count, alone[i]->program_count);
         for (unsigned p = 0; p < sh->program_count; p++) {
            assert_int_equal(sh->programs[p].size, alone[i]->programs[p].size);
            assert_memory_equal(sh->programs[p].code,
                                alone[i]->programs[p].code,
                                sh->programs[p].size);
         }
         tgsiva_shader_free(sh);
      }
      /* Past its limit, with spares bigger than the limit at hand. */
      struct tgsiva_shader *sh;
      assert_int_equal(tgsiva_compile_text(geometry, strlen(geometry), &tiny,
                                           &sh, &d),
                       TGSIVA_ERROR_LIMIT);
      assert_null(sh);
   }
   for (unsigned i = 0; i < 3; i++)
      tgsiva_shader_free(alone[i]);
   tgsiva_workspace_destroy(ws);
   tgsiva_workspace_destroy(NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fragment_shader_info),
      cmocka_unit_test(test_vertex_shader_from_tokens),
      cmocka_unit_test(test_errors_and_limits),
      cmocka_unit_test(test_transform_feedback),
      cmocka_unit_test(test_geometry_shader),
      cmocka_unit_test(test_threads),
      cmocka_unit_test(test_workspace),
   };
   return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
