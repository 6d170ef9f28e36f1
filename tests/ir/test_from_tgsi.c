/* SPDX-License-Identifier: MIT */
/* TGSI -> IR: control flow, operands and ALU opcodes. */
#include "translate_test.h"
#include "translate/translate.h"
#include "util/strbuf.h"

static void
test_alu_and_modifiers(void **state)
{
   (void)state;
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL TEMP[0..1]\n"
      "  0: ADD_SAT TEMP[0].x, SV[0].xxxx, -|SV[0].yyyy|\n"
      "  1: INEG TEMP[1].x, -SV[0].xxxx\n"
      "  2: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6 = fadd %2, -|%3|\n"
      "  %7 = mov.sat %6\n"
      "  %8 = ineg %2\n"
      "  %9 = ineg %8\n"
      "  jump\n"
      "b2\n");
}

/* SSG of a negated source swaps the select's arms; of |x|, one
 * comparison that takes the modifier, negated for -|x| unless precise. */
static void
test_ssg_source_modifiers(void **state)
{
   (void)state;
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL TEMP[0]\n"
      "  0: SSG TEMP[0].x, -SV[0].xxxx\n"
      "  1: SSG TEMP[0].y, -|SV[0].xxxx|\n"
      "  2: SSG_PRECISE TEMP[0].z, -|SV[0].xxxx|\n"
      "  3: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6 = csel.f.lt %2, #0x0, #0x3f800000, #0x0\n"
      "  %7 = csel.f.gt %2, #0x0, #0xbf800000, %6\n"
      "  %8 = fcmp.gt.f1 |%2|, #0x0\n"
      "  %9 = mov -%8\n"
      "  %10 = csel.f.lt |%2|, #0x0, #0x3f800000, #0x0\n"
      "  %11 = csel.f.gt |%2|, #0x0, #0xbf800000, %10\n"
      "  jump\n"
      "b2\n");
}

static void
test_if_else_builds_phis(void **state)
{
   (void)state;
   /* TEMP[0].x is written on the then side, TEMP[1].x on the else side:
    * each gets a phi whose other source is its value before the IF. */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL TEMP[0..1]\n"
      "  0: MOV TEMP[0].x, SV[0].xxxx\n"
      "  1: UIF TEMP[0].xxxx :3\n"
      "  2:   UADD TEMP[0].x, TEMP[0].xxxx, TEMP[0].xxxx\n"
      "  3: ELSE :5\n"
      "  4:   MOV TEMP[1].x, TEMP[0].xxxx\n"
      "  5: ENDIF\n"
      "  6: UADD TEMP[1].y, TEMP[0].xxxx, TEMP[1].xxxx\n"
      "  7: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "  %7 = undef\n"
      "b1 -> b2 b3\n"
      "  branch %2\n"
      "b2 -> b4\n"
      "  %6 = iadd %2, %2\n"
      "  jump\n"
      "b3 -> b4\n"
      "b4 -> b5\n"
      "  %9 = phi b2:%7, b3:%2\n"
      "  %8 = phi b2:%6, b3:%2\n"
      "  %10 = iadd %8, %9\n"
      "  jump\n"
      "b5\n");
}

static void
test_loop_phis_and_break(void **state)
{
   (void)state;
   /* The loop writes TEMP[0].x and .y: each has a header phi whose back
    * edge source is its value at ENDLOOP. */
   expect_translation(
      "COMP\n"
      "DCL TEMP[0]\n"
      "IMM[0] UINT32 {1, 10, 0, 0}\n"
      "  0: BGNLOOP :4\n"
      "  1:   USGE TEMP[0].y, TEMP[0].xxxx, IMM[0].yyyy\n"
      "  2:   UIF TEMP[0].yyyy :4\n"
      "  3:     BRK\n"
      "  4:   ENDIF\n"
      "  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
      "  6: ENDLOOP :0\n"
      "  7: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = undef\n"
      "b1 -> b2\n"
      "b2 loop -> b3 b4\n"
      "  %2 = phi b1:%1, b5:%4\n"
      "  %3 = phi b1:%1, b5:%5\n"
      "  %4 = icmp.u.ge.m1 %3, #0xa\n"
      "  branch %4\n"
      "b3 -> b6\n"
      "  jump\n"
      "b4 -> b5\n"
      "b5 -> b2\n"
      "  %5 = iadd %3, #0x1\n"
      "  jump\n"
      "b6 -> b7\n"
      "  jump\n"
      "b7\n");
}

/* The transform-feedback program (docs/abi.md): the vertex and instance
 * from r57/r58, the vertex id = r57 + first vertex for the attribute,
 * record n = instance * count + vertex, one branch on every buffer's
 * bounds, then one store per entry at its record. */
static void
test_transform_feedback_program(void **state)
{
   (void)state;
   static const char tgsi[] = "VERT\n"
                              "DCL IN[0]\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1], GENERIC[0]\n"
                              "  0: MOV OUT[0], IN[0]\n"
                              "  1: MOV OUT[1], IN[0].wzyx\n"
                              "  2: END\n";
   struct tgsiva_stream_output so = {
      .num_outputs = 2,
      .stride = {2, 0, 1, 0},
      .output = {{.register_index = 1, .start_component = 1,
                  .num_components = 2},
                 {.register_index = 0, .num_components = 1,
                  .output_buffer = 2}},
   };
   struct arena a;
   struct tgsi_shader *sh;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   assert_true(tgsi_parse_text(&a, tgsi, strlen(tgsi), &sh, &d));
   struct translate_capture cap = {&a, "ir_opt_dce", "shader vertex_xfb",
                                   NULL};
   struct compile_options opts = {
      .validate = true,
      .print = translate_capture_print,
      .print_ctx = &cap,
      .stop_after_ir = true,
      .stream_output = &so,
   };
   struct compile_result r;
   assert_true(compile_tgsi(&a, sh, &opts, &r, &d));
   assert_int_equal(r.program_count, 3);
   assert_int_equal(r.layout.xfb_buffers_written, 0x5);
   const char *want = ir_test_print(
      &a, ir_test_read(&a,
                       "shader vertex_xfb\n"
                       "b0 -> b1 b2\n"
                       "  %1 = preload imm=57\n"
                       "  %2 = iadd %1, u6\n"
                       "  %3 = preload imm=58\n"
                       "  %4:v4 = va.LD_ATTR_IMM.v4.f32.slot0 %2, %3 "
                       "index:0x0 table:0x1\n"
                       "  %5 = imul %3, u7\n"
                       "  %6 = iadd %5, %1\n"
                       "  %7 = shl %6, #0x3\n"
                       "  %8 = iadd %7, #0x8\n"
                       "  %9 = icmp.u.le.m1 %8, u8\n"
                       "  %11 = shl %6, #0x2\n"
                       "  %12 = iadd %11, #0x4\n"
                       "  %13 = icmp.u.le.m1 %12, u9\n"
                       "  %14 = and %9, %13\n"
                       "  branch %14\n"
                       "b1 -> b2\n"
                       "  %16:64 = va.SHADDX.u64 u10, %7 shift:0x0\n"
                       "  %18:64 = va.SHADDX.u64 u12, %11 shift:0x0\n"
                       "  %19:v2 = collect %4.2, %4.1\n"
                       "  va.STORE.i64.slot0 %16, %19 offset:0\n"
                       "  %20 = collect %4\n"
                       "  va.STORE.i32.slot0 %18, %20 offset:0\n"
                       "  jump\n"
                       "b2\n"));
   if (!cap.text || strcmp(cap.text, want)) {
      fprintf(stderr, "--- expected\n%s--- got\n%s", want,
              cap.text ? cap.text : "(nothing)\n");
      fail();
   }
   arena_finish(&a);
}

/* The geometry program (docs/abi.md): its layout, system values, and
 * the refusals of what is not implemented yet. */
/* How many lines of `text` contain `what`. */
static unsigned
count_lines_with(const char *text, const char *what)
{
   unsigned n = 0;
   for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
      n++;
   return n;
}

/* from_tgsi_slice.c: the position program of a straight-line vertex
 * shader translates only what reaches POSITION and PSIZE (rules 1-3),
 * exactly as if the other instructions were not there; the varying
 * program skips only what the position program alone needs (rule 4).
 * Control flow or an indirectly addressed TEMP keeps every
 * instruction. */
static void
test_vertex_slice(void **state)
{
   (void)state;
   static const char head[] = "VERT\n"
                              "DCL IN[0]\n"
                              "DCL IN[1]\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1], GENERIC[0]\n"
                              "DCL TEMP[0..1]\n"
                              "DCL ADDR[0]\n";
   /* TEMP[0], the RCP and OUT[1] feed only the varying; the first write
    * of OUT[0] is covered by the second. */
   static const char full[] = "  0: MUL TEMP[0], IN[1], IN[1]\n"
                              "  1: MUL TEMP[1], IN[0], IN[0]\n"
                              "  2: RCP OUT[0], IN[1].xxxx\n"
                              "  3: MOV OUT[0], TEMP[1].wzyx\n"
                              "  4: RCP TEMP[1].x, TEMP[0].xxxx\n"
                              "  5: MOV OUT[1], TEMP[1]\n"
                              "%s"
                              "  6: END\n";
   static const char needed[] = "  0: MUL TEMP[1], IN[0], IN[0]\n"
                                "  1: MOV OUT[0], TEMP[1].wzyx\n"
                                "  2: END\n";
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   char text[1024], body[512];
   snprintf(body, sizeof(body), full, "");
   snprintf(text, sizeof(text), "%s%s", head, body);
   const char *pos = translate_tgsi(&a, text, "translate", false, &d);
   const char *var = translate_tgsi(&a, text, "translate", true, &d);
   snprintf(text, sizeof(text), "%s%s", head, needed);
   const char *alone = translate_tgsi(&a, text, "translate", false, &d);
   assert_non_null(pos);
   assert_non_null(var);
   assert_non_null(alone);
   assert_string_equal(pos, alone);
   unsigned alone_fmul = count_lines_with(alone, "= fmul");
   /* The varying program: both MULs (8 channels) and both RCPs (the
    * first, which neither program needs, is translated here: rule 4),
    * not the position's MOV. */
   assert_int_equal(count_lines_with(var, "= fmul"), 8);
   assert_int_equal(count_lines_with(var, "= frcp"), 2);
   static const char no_rcp[] = "  0: MUL TEMP[0], IN[1], IN[1]\n"
                                "  1: MUL TEMP[1], IN[0], IN[0]\n"
                                "  2: MOV OUT[0], TEMP[1].wzyx\n"
                                "  3: RCP TEMP[1].x, TEMP[0].xxxx\n"
                                "  4: MOV OUT[1], TEMP[1]\n"
                                "  5: END\n";
   static const char no_position[] = "  0: MUL TEMP[0], IN[1], IN[1]\n"
                                     "  1: MUL TEMP[1], IN[0], IN[0]\n"
                                     "  2: RCP TEMP[1].x, TEMP[0].xxxx\n"
                                     "  3: MOV OUT[1], TEMP[1]\n"
                                     "  4: END\n";
   snprintf(text, sizeof(text), "%s%s", head, no_rcp);
   var = translate_tgsi(&a, text, "translate", true, &d);
   snprintf(text, sizeof(text), "%s%s", head, no_position);
   alone = translate_tgsi(&a, text, "translate", true, &d);
   assert_non_null(var);
   assert_non_null(alone);
   assert_string_equal(var, alone);
   /* Rule 1: control flow, or an indirect TEMP, keeps every one. */
   static const char *const keep_all[] = {
      "  6: UIF IN[0].xxxx\n  7: ENDIF\n",
      "  6: ARL ADDR[0].x, IN[0].xxxx\n"
      "  7: MOV TEMP[0].x, TEMP[ADDR[0].x].yyyy\n",
   };
   for (unsigned k = 0; k < 2; k++) {
      snprintf(body, sizeof(body), full, keep_all[k]);
      snprintf(text, sizeof(text), "%s%s", head, body);
      pos = translate_tgsi(&a, text, "translate", false, &d);
      if (!pos)
         fail_msg("%s", d.message);
      assert_int_equal(count_lines_with(pos, "= fmul"), alone_fmul + 4);
   }
   arena_finish(&a);
   /* Rule 4: an error in an instruction only the varying program needs
    * is still reported. */
   expect_translation_error("VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n"
                            "DCL OUT[1], GENERIC[0]\nDCL SAMP[0]\n"
                            "DCL SVIEW[0], 2D, FLOAT\n"
                            "  0: MOV OUT[0], IN[0]\n"
                            "  1: TG4 OUT[1], IN[0], IN[0].xxxx, SAMP[0], "
                            "2D\n  2: END\n",
                            "TG4 with a component that is not a constant");
}

static void
test_geometry_program(void **state)
{
   (void)state;
   static const char tgsi[] = "GEOM\n"
                              "PROPERTY GS_INPUT_PRIMITIVE LINES\n"
                              "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
                              "PROPERTY GS_MAX_OUTPUT_VERTICES 4\n"
                              "PROPERTY GS_INVOCATIONS 2\n"
                              "DCL IN[][0], POSITION\n"
                              "DCL IN[][1], GENERIC[3]\n"
                              "DCL SV[0], INVOCATIONID\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1], GENERIC[0]\n"
                              "IMM[0] UINT32 {0, 0, 0, 0}\n"
                              "  0: MOV OUT[0], IN[1][0]\n"
                              "  1: MOV OUT[1], IN[0][1]\n"
                              "  2: MOV OUT[1].x, SV[0].xxxx\n"
                              "  3: EMIT IMM[0].xxxx\n"
                              "  4: EMIT IMM[0].xxxx\n"
                              "  5: ENDPRIM IMM[0].xxxx\n"
                              "  6: EMIT IMM[0].xxxx\n"
                              "  7: END\n";
   struct arena a;
   struct tgsi_shader *sh;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   assert_true(tgsi_parse_text(&a, tgsi, strlen(tgsi), &sh, &d));
   struct compile_options opts = {.validate = true};
   struct compile_result r;
   assert_true(compile_tgsi(&a, sh, &opts, &r, &d));
   assert_int_equal(r.program_count, 3);
   assert_int_equal(r.stage, IR_STAGE_GEOMETRY);
   assert_int_equal(r.programs[0].ir->stage, IR_STAGE_VERTEX_POSITION);
   assert_int_equal(r.programs[1].ir->stage, IR_STAGE_VERTEX_VARYING);
   assert_int_equal(r.programs[2].ir->stage, IR_STAGE_GEOMETRY);
   const struct ir_gs_layout *g = &r.layout.gs;
   assert_int_equal(g->vertices_in, 2);
   assert_int_equal(g->max_vertices, 4);
   assert_int_equal(g->invocations, 2);
   assert_int_equal(g->prim_vertices, 3);
   assert_int_equal(g->indices_per_invocation, 6); /* 3 * (4 - 2) */
   assert_int_equal(g->input_stride, 32);
   assert_int_equal(g->output_stride, 32);
   assert_int_equal(r.layout.inputs.len, 2);
   assert_int_equal(r.layout.inputs.data[1].byte_offset, 16);
   unsigned seen = 0;
   for (size_t i = 0; i < r.layout.sysvals.len; i++) {
      unsigned k = r.layout.sysvals.data[i].kind;
      if (k >= IR_SYSVAL_GS_DRAW && k <= IR_SYSVAL_GS_INDICES)
         seen |= 1u << (k - IR_SYSVAL_GS_DRAW);
   }
   assert_int_equal(seen, 0xf);
   arena_finish(&a);

   expect_translation_error("GEOM\n  0: END\n", "GS_INPUT_PRIMITIVE");
   static const char head[] = "GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                              "DCL OUT[0], POSITION\n"
                              "IMM[0] UINT32 {0, 1, 0, 0}\n";
   char text[512];
   snprintf(text, sizeof(text), "%s  0: EMIT IMM[0].yyyy\n  1: END\n",
            head);
   expect_translation_error(text, "stream other than an immediate 0");
   snprintf(text, sizeof(text), "%s  0: CAL :2\n  1: END\n"
            "  2: BGNSUB\n  3: EMIT IMM[0].xxxx\n  4: ENDSUB\n", head);
   expect_translation_error(text, "subroutines");
   expect_translation_error("FRAG\nIMM[0] UINT32 {0, 0, 0, 0}\n"
                            "  0: EMIT IMM[0].xxxx\n  1: END\n",
                            "EMIT is not supported outside geometry");
}

/* LAYER and VIEWPORT_INDEX (docs/abi.md): the position program stores
 * the layer's low byte after the point size and puts a vertex of
 * another viewport than GS_VIEWPORT's at the culled point; the varying
 * program passes both on as flat varyings. */
static void
test_geometry_layer_and_viewport(void **state)
{
   (void)state;
   static const char tgsi[] = "GEOM\n"
                              "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                              "DCL IN[][0], POSITION\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1].x, LAYER\n"
                              "DCL OUT[2].x, VIEWPORT_INDEX\n"
                              "IMM[0] UINT32 {0, 3, 0, 0}\n"
                              "  0: MOV OUT[0], IN[0][0]\n"
                              "  1: MOV OUT[1].x, IMM[0].yyyy\n"
                              "  2: MOV OUT[2].x, IMM[0].yyyy\n"
                              "  3: EMIT IMM[0].xxxx\n"
                              "  4: END\n";
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   const char *pos = translate_tgsi(&a, tgsi, "translate", false, &d);
   assert_non_null(pos);
   assert_non_null(strstr(pos, "va.STORE.i8.istream.slot0 "));
   assert_non_null(strstr(pos, " offset:2\n"));
   assert_non_null(strstr(pos, "#0xc6800000")); /* -16384.0 */
   const char *var = translate_tgsi(&a, tgsi, "translate", true, &d);
   assert_non_null(var);
   assert_null(strstr(var, "STORE.i8"));
   assert_non_null(strstr(var, "va.STORE.i32.estream"));
   struct tgsi_shader *sh;
   assert_true(tgsi_parse_text(&a, tgsi, strlen(tgsi), &sh, &d));
   struct compile_options opts = {.validate = true};
   struct compile_result r;
   assert_true(compile_tgsi(&a, sh, &opts, &r, &d));
   assert_true(r.layout.writes_layer);
   assert_true(r.layout.writes_viewport_index);
   bool viewport = false;
   for (size_t i = 0; i < r.layout.sysvals.len; i++)
      viewport |= r.layout.sysvals.data[i].kind == IR_SYSVAL_GS_VIEWPORT;
   assert_true(viewport);
   arena_finish(&a);
}

/* The pass-through pair of a geometry shader (docs/abi.md): OUT[n] is
 * the 16 bytes at 16 * n of emitted vertex r60 (records of 16 * 3
 * bytes here), then a vertex shader's output path; each program loads
 * only the registers it stores. */
static void
test_geometry_passthrough(void **state)
{
   (void)state;
   static const char tgsi[] = "GEOM\n"
                              "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                              "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                              "DCL IN[][0], POSITION\n"
                              "DCL OUT[0], POSITION\n"
                              "DCL OUT[1], PSIZE\n"
                              "DCL OUT[2], GENERIC[3]\n"
                              "IMM[0] UINT32 {0, 0, 0, 0}\n"
                              "  0: MOV OUT[0], IN[0][0]\n"
                              "  1: MOV OUT[1].x, IN[0][0].wwww\n"
                              "  2: MOV OUT[2].xy, IN[0][0].yxxx\n"
                              "  3: EMIT IMM[0].xxxx\n"
                              "  4: END\n";
   expect_translation(tgsi, "translate", false,
                      "shader vertex_position\n"
                      "b0 -> b1\n"
                      "  %1 = preload imm=60\n"
                      "  %6 = undef\n"
                      "  %14 = preload imm=59\n"
                      "b1 -> b2\n"
                      "  %2 = imul %1, #0x30\n"
                      "  %3:64 = va.SHADDX.u64 u4, %2 shift:0x0\n"
                      "  %4:v4 = va.LOAD.i128.unsigned.slot0 %3 offset:0\n"
                      "  %5:v4 = va.LOAD.i128.unsigned.slot0 %3 offset:16\n"
                      "  jump\n"
                      "b2\n"
                      "  %7 = frcp %4.3\n"
                      "  %8 = fmul %4, %7\n"
                      "  %9 = fma %8, u8, u9\n"
                      "  %10 = fmul %4.1, %7\n"
                      "  %11 = fma %10, u10, u11\n"
                      "  %12 = fmul %4.2, %7\n"
                      "  %13 = fma %12, u12, u13\n"
                      "  %15:64 = va.LEA_BUF_IMM.slot0 %14 table:0xD "
                      "index:0x0\n"
                      "  %16:v4 = collect %9, %11, %13, %7\n"
                      "  va.STORE.i128.istream.slot0 %15, %16 offset:0\n"
                      "  %17 = fmax %5, #0x3f800000\n"
                      "  %18 = f2f16 %17\n"
                      "  %19 = iadd %14, #0x4\n"
                      "  %20:64 = va.LEA_BUF_IMM.slot0 %19 table:0xD "
                      "index:0x0\n"
                      "  va.STORE.i16.istream.slot0 %20, %18 offset:0\n");
   /* GENERIC[3] of a shader without fixed varyings is at 16 * 3. */
   expect_translation(tgsi, "translate", true,
                      "shader vertex_varying\n"
                      "b0 -> b1\n"
                      "  %1 = preload imm=60\n"
                      "  %5 = undef\n"
                      "  %6 = preload imm=59\n"
                      "b1 -> b2\n"
                      "  %2 = imul %1, #0x30\n"
                      "  %3:64 = va.SHADDX.u64 u4, %2 shift:0x0\n"
                      "  %4:v4 = va.LOAD.i128.unsigned.slot0 %3 offset:32\n"
                      "  jump\n"
                      "b2\n"
                      "  %7:64 = va.LEA_BUF_IMM.slot0 %6 table:0xD index:0x0\n"
                      "  %8:v2 = collect %4, %4.1\n"
                      "  va.STORE.i64.estream.slot0 %7, %8 offset:48\n");
}

/* Code between SWITCH and its first CASE runs for no lane, as in C: it
 * is a case body no selector reaches, and the clean-up removes it. */
static void
test_code_before_first_case_never_runs(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct tgsiva_diagnostic d;
   const char *ir = translate_tgsi(
      &a,
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL BUFFER[0]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] UINT32 {3, 0, 0, 0}\n"
      "  0: MOV TEMP[0].x, SV[0].xxxx\n"
      "  1: SWITCH TEMP[0].xxxx\n"
      "  2:   UMUL TEMP[0].x, TEMP[0].xxxx, TEMP[0].xxxx\n"
      "  3: CASE IMM[0].xxxx\n"
      "  4:   XOR TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
      "  5:   BRK\n"
      "  6: ENDSWITCH\n"
      "  7: STORE BUFFER[0].x, IMM[0].yyyy, TEMP[0].xxxx\n"
      "  8: END\n",
      "ir_opt_dce", false, &d);
   assert_non_null(ir);
   if (strstr(ir, "imul") || !strstr(ir, "xor")) {
      fprintf(stderr, "%s", ir);
      fail();
   }
   arena_finish(&a);
}

/* Walks prefetch in a program of IR_PREFETCH_MIN_TGSI TGSI instructions
 * or more, not in a smaller one (ir.h): every block translation makes
 * says which. */
static void
test_big_programs_prefetch(void **state)
{
   (void)state;
   for (unsigned n = IR_PREFETCH_MIN_TGSI - 1; n <= IR_PREFETCH_MIN_TGSI;
        n++) {
      struct arena a;
      arena_init(&a, 0);
      struct strbuf sb;
      strbuf_init(&sb, &a);
      strbuf_printf(&sb, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\n"
                         "DCL OUT[0], COLOR\nDCL TEMP[0]\n"
                         "  0: MOV TEMP[0], IN[0]\n"
                         "  1: UIF TEMP[0].xxxx :3\n"
                         "  2: ADD TEMP[0], TEMP[0], IN[0]\n"
                         "  3: ENDIF\n");
      for (unsigned i = 4; i < n - 2; i++)
         strbuf_printf(&sb, "%u: ADD TEMP[0], TEMP[0], IN[0]\n", i);
      strbuf_printf(&sb, "%u: MOV OUT[0], TEMP[0]\n%u: END\n", n - 2,
                    n - 1);
      struct tgsi_shader *tgsi;
      struct tgsiva_diagnostic d;
      assert_true(tgsi_parse_text(&a, sb.data, sb.len, &tgsi, &d));
      assert_int_equal(tgsi->num_insns, n);
      struct ir_layout layout = {0};
      struct ir_shader *s;
      assert_true(ir_from_tgsi(&a, tgsi, IR_STAGE_FRAGMENT, NULL, false,
                               &layout, NULL, &s, &d));
      unsigned want = n >= IR_PREFETCH_MIN_TGSI, blocks = 0;
      assert_int_equal(s->ahead, want);
      ir_foreach_block(s, b) {
         assert_int_equal(b->ahead, want);
         blocks++;
      }
      assert_true(blocks >= 3);
      arena_finish(&a);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_alu_and_modifiers),
      cmocka_unit_test(test_ssg_source_modifiers),
      cmocka_unit_test(test_if_else_builds_phis),
      cmocka_unit_test(test_loop_phis_and_break),
      cmocka_unit_test(test_code_before_first_case_never_runs),
      cmocka_unit_test(test_transform_feedback_program),
      cmocka_unit_test(test_vertex_slice),
      cmocka_unit_test(test_geometry_program),
      cmocka_unit_test(test_geometry_passthrough),
      cmocka_unit_test(test_geometry_layer_and_viewport),
      cmocka_unit_test(test_big_programs_prefetch),
   };
   return cmocka_run_group_tests_name("from_tgsi", tests, NULL, NULL);
}
