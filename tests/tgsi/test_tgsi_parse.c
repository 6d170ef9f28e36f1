/* SPDX-License-Identifier: MIT */
/*
 * The TGSI text front end: every construct tgsi_dump prints must parse and
 * print back unchanged (text -> tokens -> text), the tokens must read back
 * to the same words, a few token words are checked against Mesa's, and
 * every opcode of the table round-trips.  Malformed inputs are in
 * test_tgsi_errors.c.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tgsi_test.h"
#include "tgsiva/tgsi.h"

/* Fails with the first line where `got` and `want` differ. */
static void
report_difference(const char *got, const char *want)
{
   unsigned line = 1;
   while (*got && *got == *want) {
      line += *got == '\n';
      got++, want++;
   }
   while (line > 1 && got[-1] != '\n')
      got--, want--;
   fail_msg("line %u printed as\n  %.*s\nexpected\n  %.*s", line,
            (int)strcspn(got, "\n"), got, (int)strcspn(want, "\n"), want);
}

/* text -> tokens -> text must give `text` back, and the tokens must
 * survive read -> write unchanged. */
static void
check_round_trip(const char *text)
{
   struct tgsiva_diagnostic d;
   uint32_t *tokens;
   size_t n;
   char *out;
   size_t len;
   if (tgsiva_tgsi_text_to_tokens(text, strlen(text), &tokens, &n, &d)) {
      char msg[600];
      tgsiva_diagnostic_format(&d, "test", msg, sizeof(msg));
      fail_msg("%s", msg);
   }
   assert_int_equal(tgsiva_tgsi_tokens_to_text(tokens, n, &out, &len, &d),
                    TGSIVA_OK);
   if (strcmp(out, text) != 0)
      report_difference(out, text);
   assert_int_equal(len, strlen(text));

   struct arena a;
   struct tgsi_shader *s;
   uint32_t *again;
   size_t n2;
   arena_init(&a, 0);
   assert_true(tgsi_read_tokens(&a, tokens, n, &s, &d));
   assert_true(tgsi_write_tokens(&a, s, &again, &n2, &d));
   assert_int_equal(n2, n);
   assert_memory_equal(again, tokens, n * sizeof(*tokens));
   arena_finish(&a);
   tgsiva_tgsi_free(out);
   tgsiva_tgsi_free(tokens);
}

static void
test_vertex_constructs(void **state)
{
   (void)state;
   check_round_trip(
      "VERT\n"
      "PROPERTY NEXT_SHADER FRAG\n"
      "PROPERTY VS_PROHIBIT_UCPS 1\n"
      "PROPERTY VS_WINDOW_SPACE_POSITION 1\n"
      "PROPERTY NUM_CLIPDIST_ENABLED 4\n"
      "PROPERTY SEPARABLE_PROGRAM -1\n"
      "DCL IN[0]\n"
      "DCL IN[1..3], ARRAY(1)\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1].xy, GENERIC[0]\n"
      "DCL OUT[2], TEXCOORD[0]\n"
      "DCL OUT[3], CLIPDIST[1], INVARIANT\n"
      "DCL OUT[4].x, PSIZE\n"
      "DCL OUT[5].yzw, BCOLOR[1]\n"
      "DCL SV[0], VERTEXID\n"
      "DCL SV[1], INSTANCEID\n"
      "DCL SV[2], BASEVERTEX\n"
      "DCL CONST[0][0..7]\n"
      "DCL CONST[1][0]\n"
      "DCL TEMP[0..3], ARRAY(2), LOCAL\n"
      "DCL TEMP[4], LOCAL\n"
      "DCL TEMP[5..6]\n"
      "DCL ADDR[0..1]\n"
      "IMM[0] FLT32 {    1.0000,    -0.5000,     0.0000, 1000000.0000}\n"
      "IMM[1] UINT32 {0, 1, 4294967295, 7}\n"
      "IMM[2] INT32 {-2147483648, -1, 0, 2147483647}\n"
      "IMM[3] FLT64 {1.00000000, -0.25000000}\n"
      "IMM[4] UINT64 {18446744073709551615, 0}\n"
      "IMM[5] INT64 {-9223372036854775808, 42}\n"
      "IMM[6] FLT32 {       inf,       -inf,        nan,    -0.0000}\n"
      "  0: MOV OUT[0], IN[0]\n"
      "  1: MOV_SAT OUT[1].xy, -IN[1].yxzw\n"
      "  2: ADD_PRECISE TEMP[0], |IN[2]|, -|CONST[0][3].wwww|\n"
      "  3: MAD_SAT_PRECISE TEMP[1].xzw, IN[0], IMM[0], IMM[0].wzyx\n"
      "  4: ARL ADDR[0].x, IN[3].xxxx\n"
      "  5: MOV TEMP[1], CONST[0][ADDR[0].x+3]\n"
      "  6: MOV TEMP[ADDR[0].x-2](2), IMM[0]\n"
      "  7: MOV TEMP[2], CONST[ADDR[1].y+1][ADDR[0].x]\n"
      "  8: MOV TEMP[2], CONST[ADDR[1].z][5]\n"
      "  9: MOV TEMP[ADDR[0].w](2).xz, IN[ADDR[0].x+1](1)\n"
      " 10: UIF TEMP[0].xxxx :13\n"
      " 11:   MOV OUT[2], TEMP[1]\n"
      " 12: ELSE :14\n"
      " 13:   MOV OUT[2], TEMP[2]\n"
      " 14: ENDIF\n"
      " 15: BGNLOOP :18\n"
      " 16:   IF -TEMP[5].xxxx :17\n"
      " 17:     BRK\n"
      " 18:   ENDIF\n"
      " 19:   CONT\n"
      " 20: ENDLOOP :15\n"
      " 21: MOV OUT[5].yzw, IMM[6]\n"
      " 22: END\n");
}

static void
test_fragment_constructs(void **state)
{
   (void)state;
   check_round_trip(
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
      "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
      "PROPERTY FS_DEPTH_LAYOUT 3\n"
      "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n"
      "DCL IN[0], POSITION, LINEAR\n"
      "DCL IN[1], GENERIC[5], PERSPECTIVE, CENTROID\n"
      "DCL IN[2].xy, GENERIC[6], PERSPECTIVE, SAMPLE\n"
      "DCL IN[3], COLOR, COLOR\n"
      "DCL IN[4].x, FACE, CONSTANT\n"
      "DCL IN[5], TEXCOORD[2], LINEAR\n"
      "DCL IN[6].xy, PCOORD, PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL OUT[1], COLOR[1]\n"
      "DCL OUT[2].z, POSITION\n"
      "DCL OUT[3].y, STENCIL\n"
      "DCL SAMP[0]\n"
      "DCL SAMP[1..2]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL SVIEW[1], 2D_ARRAY, UINT\n"
      "DCL SVIEW[2], CUBEARRAY, SINT\n"
      "DCL SVIEW[3], 3D, UNORM, SNORM, FLOAT, FLOAT\n"
      "DCL SVIEW[4], SHADOW2D, FLOAT\n"
      "DCL SV[0], SAMPLEMASK\n"
      "DCL SV[1], SAMPLEID\n"
      "DCL SV[2], HELPER_INVOCATION\n"
      "DCL TEMP[0..5]\n"
      "IMM[0] INT32 {1, -1, 2, 0}\n"
      "  0: TEX TEMP[0], IN[1], SAMP[0], 2D\n"
      "  1: TXP TEMP[1], IN[1], SAMP[0], 2D\n"
      "  2: TXB TEMP[1], IN[1], SAMP[0], SHADOWCUBEARRAY\n"
      "  3: TXL TEMP[1], IN[1], SAMP[0], CUBE\n"
      "  4: TXD TEMP[1], IN[1], IN[2], IN[5], SAMP[1], 2D\n"
      "  5: TXF TEMP[2], TEMP[0], SAMP[1], 2D_MSAA, IMM[0].xyz\n"
      "  6: TG4 TEMP[3], IN[1], IMM[0].xxxx, SAMP[0], 2D, IMM[0].xyx, "
      "TEMP[1].yxz\n"
      "  7: TXQ TEMP[4], IMM[0].wwww, SAMP[0], RECT\n"
      "  8: TEX2 TEMP[0], IN[1], IN[2].xxxx, SAMP[2], SHADOWCUBE\n"
      "  9: SAMPLE TEMP[0], IN[1], SVIEW[0], SAMP[0]\n"
      " 10: SAMPLE_L TEMP[0], IN[1], SVIEW[0], SAMP[0], IN[2].xxxx, "
      "IMM[0].xyz\n"
      " 11: LODQ TEMP[5].xy, IN[1], SAMP[0], 1D_ARRAY\n"
      " 12: KILL_IF -TEMP[0].xxxx\n"
      " 13: KILL\n"
      " 14: INTERP_CENTROID TEMP[0], IN[1]\n"
      " 15: INTERP_SAMPLE TEMP[0], IN[1], IMM[0].xxxx\n"
      " 16: INTERP_OFFSET TEMP[0], IN[1], IMM[0].xyyy\n"
      " 17: DDX_FINE TEMP[0], IN[1]\n"
      " 18: MOV OUT[0], TEMP[0]\n"
      " 19: FBFETCH TEMP[0], OUT[0]\n"
      " 20: TXQS TEMP[0].x, SAMP[0], 2D_ARRAY_MSAA\n"
      " 21: TEX_LZ TEMP[0], IN[1], SAMP[0], UNKNOWN\n"
      " 22: DEMOTE\n"
      " 23: END\n");
}

static void
test_geometry_constructs(void **state)
{
   (void)state;
   check_round_trip(
      "GEOM\n"
      "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES_ADJACENCY\n"
      "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
      "PROPERTY GS_MAX_OUTPUT_VERTICES 6\n"
      "PROPERTY GS_INVOCATIONS 2\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[][1..2], GENERIC[0]\n"
      "DCL IN[][3], PRIM_ID\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], GENERIC[0], STREAM(1, 1, 2, 3)\n"
      "DCL OUT[2].x, LAYER\n"
      "DCL OUT[3].x, VIEWPORT_INDEX\n"
      "DCL SV[0], INVOCATIONID\n"
      "DCL SV[1], PRIM_ID\n"
      "DCL ADDR[0]\n"
      "DCL TEMP[0]\n"
      "IMM[0] UINT32 {0, 1, 0, 0}\n"
      "  0: MOV OUT[0], IN[2][0]\n"
      "  1: UARL ADDR[0].x, SV[0].xxxx\n"
      "  2: MOV OUT[1], IN[ADDR[0].x][1]\n"
      "  3: MOV OUT[2].x, IN[ADDR[0].x+1][ADDR[0].y+1].zzzz\n"
      "  4: MOV OUT[3].x, IN[ADDR[0].x-1](3)[ADDR[0].y](4).wwww\n"
      "  5: EMIT IMM[0].xxxx\n"
      "  6: ENDPRIM IMM[0].yyyy\n"
      "  7: END\n");
}

static void
test_compute_constructs(void **state)
{
   (void)state;
   check_round_trip(
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
      "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
      "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL SV[1], BLOCK_ID\n"
      "DCL SV[2], GRID_SIZE\n"
      "DCL SV[3].x, SUBGROUP_INVOCATION\n"
      "DCL BUFFER[0]\n"
      "DCL BUFFER[1], ATOMIC\n"
      "DCL MEMORY[0], GLOBAL\n"
      "DCL MEMORY[1], SHARED\n"
      "DCL MEMORY[2], PRIVATE\n"
      "DCL MEMORY[3], INPUT\n"
      "DCL IMAGE[0], 2D, PIPE_FORMAT_R8G8B8A8_UNORM\n"
      "DCL IMAGE[1], 2D_ARRAY, PIPE_FORMAT_NONE, WR\n"
      "DCL IMAGE[2], BUFFER, PIPE_FORMAT_R32_UINT, WR, RAW\n"
      "DCL IMAGE[3], 3D, PIPE_FORMAT_ASTC_4x4\n"
      "DCL HWATOMIC[0][0..3]\n"
      "DCL TEMP[0..3]\n"
      "IMM[0] UINT32 {0, 4, 8, 15}\n"
      "  0: LOAD TEMP[0], BUFFER[0], IMM[0].xxxx\n"
      "  1: LOAD TEMP[1], IMAGE[0], SV[0].xyyy, 2D, "
      "PIPE_FORMAT_R8G8B8A8_UNORM\n"
      "  2: STORE BUFFER[0].x, IMM[0].yyyy, TEMP[0].xxxx\n"
      "  3: STORE IMAGE[1], SV[0], TEMP[1], COHERENT, VOLATILE, 2D_ARRAY, "
      "PIPE_FORMAT_R32G32B32A32_FLOAT\n"
      "  4: ATOMUADD TEMP[2].x, BUFFER[1], IMM[0].xxxx, IMM[0].yyyy\n"
      "  5: ATOMCAS TEMP[2].x, MEMORY[1], IMM[0].xxxx, IMM[0].yyyy, "
      "IMM[0].zzzz\n"
      "  6: ATOMFADD TEMP[2].x, MEMORY[1], IMM[0].xxxx, TEMP[3].xxxx\n"
      "  7: ATOMINC_WRAP TEMP[2].x, BUFFER[0], IMM[0].xxxx, IMM[0].wwww, "
      "STREAM_CACHE_POLICY\n"
      "  8: ATOMIMAX TEMP[2].x, IMAGE[2], SV[0].xxxx, TEMP[0].xxxx, "
      "RESTRICT, PIPE_FORMAT_R32_SINT\n"
      "  9: RESQ TEMP[3], IMAGE[0]\n"
      " 10: MEMBAR IMM[0].wwww\n"
      " 11: BARRIER\n"
      " 12: IMG2HND TEMP[0].xy, IMAGE[0]\n"
      " 13: SAMP2HND TEMP[0].xy, SAMP[0], 2D\n"
      " 14: LOAD TEMP[0], HWATOMIC[0][1], IMM[0].xxxx\n"
      " 15: CLOCK TEMP[0].xy\n"
      " 16: BALLOT TEMP[1].xy, TEMP[0].xxxx\n"
      " 17: READ_INVOC TEMP[1], TEMP[0], IMM[0].xxxx\n"
      " 18: END\n");
}

static void
test_tessellation_constructs(void **state)
{
   (void)state;
   check_round_trip("TESS_CTRL\n"
                    "PROPERTY TCS_VERTICES_OUT 4\n"
                    "DCL IN[][0], POSITION\n"
                    "DCL IN[][1], GENERIC[0]\n"
                    "DCL OUT[][0], POSITION\n"
                    "DCL OUT[1], PATCH\n"
                    "DCL OUT[2], TESSOUTER\n"
                    "DCL OUT[3], TESSINNER\n"
                    "DCL SV[0], INVOCATIONID\n"
                    "DCL SV[1], VERTICESIN\n"
                    "DCL ADDR[0]\n"
                    "  0: UARL ADDR[0].x, SV[0].xxxx\n"
                    "  1: MOV OUT[ADDR[0].x][0], IN[ADDR[0].x][0]\n"
                    "  2: MOV OUT[1], IN[0][1]\n"
                    "  3: END\n");
   check_round_trip("TESS_EVAL\n"
                    "PROPERTY TES_PRIM_MODE 4\n"
                    "PROPERTY TES_SPACING 0\n"
                    "PROPERTY TES_VERTEX_ORDER_CW 1\n"
                    "PROPERTY TES_POINT_MODE 0\n"
                    "PROPERTY NEXT_SHADER GEOM\n"
                    "DCL IN[][0], POSITION\n"
                    "DCL IN[1], PATCH[1]\n"
                    "DCL IN[2], TESSOUTER\n"
                    "DCL SV[0], TESSCOORD\n"
                    "DCL OUT[0], POSITION\n"
                    "  0: MUL OUT[0], IN[1], SV[0].xxxx\n"
                    "  1: END\n");
}

static void
test_control_flow_constructs(void **state)
{
   (void)state;
   check_round_trip("VERT\n"
                    "DCL TEMP[0..2]\n"
                    "IMM[0] UINT32 {0, 1, 2, 3}\n"
                    "  0: CAL :4\n"
                    "  1: SWITCH TEMP[0].xxxx\n"
                    "  2: CASE IMM[0].xxxx\n"
                    "  3: BRK\n"
                    "  4: DEFAULT\n"
                    "  5: ENDSWITCH\n"
                    "  6: RET\n"
                    "  7: BGNSUB :9\n"
                    "  8:   DFRACEXP TEMP[0].xy, TEMP[1], TEMP[2].xyxy\n"
                    "  9:   NOP\n"
                    " 10: ENDSUB\n"
                    " 11: ENDIF\n"
                    " 12: ENDIF\n"
                    " 13: END\n");
}

/* What tgsi_dump prints is what Mesa's parser reads, whatever the case,
 * spacing or numbering of the input. */
static void
test_lenient_input_is_canonicalized(void **state)
{
   (void)state;
   const char *in = "frag  # a comment\r\n"
                    "\n"
                    "dcl temp[ 0 .. 1 ]\r\n"
                    "dcl in [0] , generic [3] , perspective\n"
                    "# a line of comment\n"
                    "imm flt32 { 0.5 , 1e2 }\n"
                    "\t7 : mov_sat temp [ 0 ] . xy , - | in [ 0 ] . XyZw |\n"
                    "99: if temp[0].xxxx : 3\n"
                    "end\n";
   const char *want = "FRAG\n"
                      "DCL TEMP[0..1]\n"
                      "DCL IN[0], GENERIC[3], PERSPECTIVE\n"
                      "IMM[0] FLT32 {    0.5000,   100.0000}\n"
                      "  0: MOV_SAT TEMP[0].xy, -|IN[0]|\n"
                      "  1: IF TEMP[0].xxxx :3\n"
                      "  2:   END\n";
   struct tgsiva_diagnostic d;
   char *out;
   size_t len;
   assert_int_equal(tgsiva_tgsi_canonicalize(in, strlen(in), &out, &len, &d),
                    TGSIVA_OK);
   assert_string_equal(out, want);
   tgsiva_tgsi_free(out);
}

static uint32_t *
tokens_of(const char *text, size_t *n)
{
   struct tgsiva_diagnostic d;
   uint32_t *tokens;
   assert_int_equal(
      tgsiva_tgsi_text_to_tokens(text, strlen(text), &tokens, n, &d),
      TGSIVA_OK);
   return tokens;
}

/* Words as Mesa's tgsi_text produces them (taken from
 * ../shared/mesa-ref/tokens). */
static void
test_words_match_mesa(void **state)
{
   (void)state;
   size_t n;
   uint32_t *t = tokens_of("FRAG\n"
                           "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
                           "DCL IN[0], GENERIC[0], PERSPECTIVE, SAMPLE\n"
                           "DCL CONST[1][0..3]\n"
                           "DCL TEMP[0..129], ARRAY(1), LOCAL\n"
                           "DCL SVIEW[0], 2D, SINT\n"
                           "IMM[0] UINT32 {0, 37, 1065353216, 0}\n"
                           "  0: MOV TEMP[2].xy, CONST[1][ADDR[0].x].zwww\n"
                           "  1: UIF TEMP[0].xxxx :5\n"
                           "  2: TG4 OUT[0], IMM[0].yyyy, IMM[0].zzzz, "
                           "SAMP[0], 2D, TEMP[0].xyx\n"
                           "  3: END\n",
                           &n);
   static const uint32_t want[] = {
      0x00002402, 0x00000004,                         /* header */
      0x00005023, 0x00000001,                         /* property */
      0x006f2040, 0x00000000, 0x00000022, 0x00000005, /* IN */
      0x001f1030, 0x00030000, 0x00000001,             /* CONST */
      0x030f4030, 0x00810000, 0x00000001,             /* TEMP */
      0x000fa030, 0x00000000, 0x08208202,             /* SVIEW */
      0x00040051, 0x00000000, 0x00000025, 0x3f800000, 0x00000000,
      0x00a01042, 0x00000834, 0x3f800031, 0x00000006, 0x00010000,
      0x0884b022, 0x00000005, 0x00000004,
      0x11ab6062, 0x00005102, 0x00440000, 0x000000f3, 0x15400007,
      0x2a800007, 0x39000005,
      0x00075002,
   };
   assert_int_equal(n, sizeof(want) / sizeof(want[0]));
   for (size_t i = 0; i < n; i++) {
      if (t[i] != want[i])
         fail_msg("word %zu: 0x%08x, want 0x%08x", i, t[i], want[i]);
   }
   tgsiva_tgsi_free(t);
}

/* One instruction line with the operands `info` asks for. */
static void
opcode_line(char *buf, size_t size, const struct tgsi_op_info *info)
{
   int n = snprintf(buf, size, "  0: %s", info->name);
   unsigned k = 0;
   for (unsigned i = 0; i < info->num_dst; i++, k++)
      n += snprintf(buf + n, size - n, "%sTEMP[%u].xy", k ? ", " : " ", k);
   for (unsigned i = 0; i < info->num_src; i++, k++)
      n += snprintf(buf + n, size - n, "%s-TEMP[%u].yzwx", k ? ", " : " ",
                    k);
   if (info->flags & TGSI_OPF_TARGET)
      n += snprintf(buf + n, size - n, "%sSHADOW2D_ARRAY", k ? ", " : " ");
   if (info->flags & TGSI_OPF_LABEL)
      n += snprintf(buf + n, size - n, " :7");
   bool opens = (info->flags & TGSI_OPF_INDENT) &&
                !(info->flags & TGSI_OPF_DEDENT);
   snprintf(buf + n, size - n, "\n%s", opens ? "  1:   END\n" : "  1: END\n");
}

static void
test_every_opcode_round_trips(void **state)
{
   (void)state;
   unsigned count = 0;
   for (unsigned op = 0; op < TGSI_OP_COUNT; op++) {
      const struct tgsi_op_info *info = tgsi_op_info(op);
      if (!info)
         continue;
      char text[512];
      int n = snprintf(text, sizeof(text), "FRAG\nDCL TEMP[0..7]\n");
      opcode_line(text + n, sizeof(text) - n, info);
      check_round_trip(text);

      size_t nt;
      uint32_t *t = tokens_of(text, &nt);
      uint32_t insn = t[4];
      assert_int_equal(tgsi_tok_get(insn, TGSI_TOK_INSN_OPCODE), op);
      assert_int_equal(tgsi_tok_get(insn, TGSI_TOK_INSN_NUM_DST),
                       info->num_dst);
      assert_int_equal(tgsi_tok_get(insn, TGSI_TOK_INSN_NUM_SRC),
                       info->num_src);
      tgsiva_tgsi_free(t);
      count++;
   }
   /* 252 numbers minus the 8 gaps Mesa left. */
   assert_int_equal(count, 244);
}

static void
test_opcode_table_is_consistent(void **state)
{
   (void)state;
   for (unsigned op = 0; op < TGSI_OP_COUNT; op++) {
      const struct tgsi_op_info *info = tgsi_op_info(op);
      if (!info)
         continue;
      /* Also a check that the by-name index is sorted and whole. */
      assert_int_equal(tgsi_op_from_name(info->name, strlen(info->name)),
                       op);
      char lower[32];
      size_t len = strlen(info->name);
      for (size_t i = 0; i <= len; i++)
         lower[i] = (char)tolower((unsigned char)info->name[i]);
      assert_int_equal(tgsi_op_from_name(lower, len), op);
      assert_true(info->num_dst <= 3 && info->num_src <= 15);
      assert_true(info->num_dst > 0 || info->output_mode == TGSI_OUT_NONE ||
                  info->output_mode == TGSI_OUT_OTHR);
      for (unsigned i = 0; i < info->num_src; i++)
         assert_int_not_equal(tgsi_op_src_type(op, i), TGSI_VT_NONE);
   }
   assert_int_equal(tgsi_op_from_name("mov", 3), TGSI_OP_MOV);
   assert_int_equal(tgsi_op_from_name("MOVE", 4), -1);
   assert_int_equal(tgsi_op_from_name("MO", 2), -1);
   assert_int_equal(tgsi_op_from_name("MOV_SAT", 7), -1);
   assert_int_equal(tgsi_op_from_name("", 0), -1);
   assert_null(tgsi_op_info(67));
   assert_null(tgsi_op_info(TGSI_OP_COUNT));
   assert_int_equal(tgsi_op_src_type(TGSI_OP_LDEXP, 1), TGSI_VT_I32);
   assert_int_equal(tgsi_op_dst_type(TGSI_OP_DFRACEXP, 1), TGSI_VT_I32);
   assert_int_equal(tgsi_op_dst_type(TGSI_OP_DFRACEXP, 0), TGSI_VT_F64);
   assert_int_equal(tgsi_op_src_type(TGSI_OP_MOV, 1), TGSI_VT_NONE);
   assert_int_equal(TGSI_FMT_R8G8B8A8_UNORM, 53);
   assert_string_equal(tgsi_name(&tgsi_format_names, 53),
                       "PIPE_FORMAT_R8G8B8A8_UNORM");
   assert_true(TGSI_FMT_COUNT <= 1024); /* a 10-bit field */
   assert_int_equal(tgsi_sem_names.count, TGSI_SEM_COUNT);
   assert_int_equal(tgsi_prop_names.count, TGSI_PROP_COUNT);
   assert_int_equal(tgsi_tex_names.count, TGSI_TEX_COUNT);
   assert_int_equal(tgsi_file_names.count, TGSI_REGFILE_COUNT);
   assert_int_equal(tgsi_ret_names.count, TGSI_RET_COUNT);
   assert_int_equal(tgsi_prim_names.count, TGSI_PRIM_COUNT);
   assert_int_equal(tgsi_proc_names.count, TGSI_PROC_COUNT);
}

static void
test_decoded_shader_for_consumers(void **state)
{
   (void)state;
   const char *text = "GEOM\n"
                      "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                      "DCL IN[][0], POSITION\n"
                      "DCL CONST[2][0..3]\n"
                      "IMM[0] FLT32 {    1.0000,     0.0000,     0.0000, "
                      "    0.0000}\n"
                      "  0: MOV_SAT OUT[0].xy, -|CONST[2][ADDR[0].y-1]|\n"
                      "  1: END\n";
   struct arena a;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   arena_init(&a, 0);
   assert_true(tgsi_parse_text(&a, text, strlen(text), &s, &d));
   assert_int_equal(s->processor, TGSI_PROC_GEOMETRY);
   assert_int_equal(tgsi_shader_property(s, TGSI_PROP_GS_MAX_OUTPUT_VERTICES,
                                         0), 3);
   assert_int_equal(tgsi_shader_property(s, TGSI_PROP_GS_INVOCATIONS, 1), 1);
   assert_int_equal(s->num_decls, 2);
   assert_false(s->decls[0].dimension);
   assert_true(s->decls[1].dimension);
   assert_int_equal(s->decls[1].dim_index, 2);
   assert_int_equal(s->decls[1].last, 3);
   assert_int_equal(s->imms[0].words[0], 0x3f800000);
   const struct tgsi_insn *i0 = &s->insns[0];
   assert_int_equal(i0->opcode, TGSI_OP_MOV);
   assert_int_equal(i0->line, 6);
   assert_true(i0->saturate);
   assert_int_equal(i0->dst[0].writemask, TGSI_WMASK_X | TGSI_WMASK_Y);
   const struct tgsi_src *src = &i0->src[0];
   assert_true(src->negate && src->absolute);
   assert_true(src->reg.dimension && src->reg.indirect);
   assert_int_equal(src->reg.dim_index, 2);
   assert_int_equal(src->reg.index, -1);
   assert_int_equal(src->reg.ind.file, TGSI_REGFILE_ADDRESS);
   assert_int_equal(src->reg.ind.swizzle, TGSI_SWZ_Y);
   assert_int_equal(s->insns[1].number, 1);
   assert_int_equal(s->num_items, 6);
   assert_int_equal(s->items[4].kind, TGSI_ITEM_INSN);

   struct strbuf sb;
   strbuf_init(&sb, &a);
   tgsi_print_insn(&sb, i0);
   assert_string_equal(sb.data, "MOV_SAT OUT[0].xy, -|CONST[2][ADDR[0].y-1]|");
   arena_finish(&a);
}

/* One name memo for text after text (a workspace's): every text parses
 * and fails as it does with a memo of its own, the failures' misses and
 * other spellings of a name included. */
static void
test_name_memo_serves_text_after_text(void **state)
{
   (void)state;
   static const char *const texts[] = {
      "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n"
      "  1: END\n",
      "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n  0: mov TEMP[0], OUT[0]\n"
      "  1: FOO TEMP[0], TEMP[0]\n  2: END\n",
      "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n  0: Mov TEMP[0], TEMP[0]\n"
      "  1: FOO TEMP[0], TEMP[0]\n  2: END\n",
      "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n  0: MOV_SAT OUT[0], TEMP[0]\n"
      "  1: END\n",
      "VERT\nDCL IN[0]\nDCL OUTPUT[0], POSITION\n  0: END\n",
   };
   struct tgsi_name_memo memo;
   memset(&memo, 0, sizeof(memo));
   for (unsigned round = 0; round < 2; round++) {
      for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
         struct arena a;
         struct tgsi_shader *alone, *shared;
         struct tgsiva_diagnostic d1, d2;
         arena_init(&a, 0);
         diag_clear(&d1);
         diag_clear(&d2);
         size_t len = strlen(texts[i]);
         bool ok = tgsi_parse_text(&a, texts[i], len, &alone, &d1);
         assert_int_equal(tgsi_parse_text_memo(&a, texts[i], len, &memo,
                                               &shared, &d2),
                          ok);
         if (ok) {
            struct strbuf x, y;
            strbuf_init(&x, &a);
            strbuf_init(&y, &a);
            tgsi_print_shader(&x, alone);
            tgsi_print_shader(&y, shared);
            assert_string_equal(x.data, y.data);
         } else {
            assert_int_equal(d1.line, d2.line);
            assert_int_equal(d1.column, d2.column);
            assert_string_equal(d1.message, d2.message);
         }
         arena_finish(&a);
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_constructs),
      cmocka_unit_test(test_fragment_constructs),
      cmocka_unit_test(test_geometry_constructs),
      cmocka_unit_test(test_compute_constructs),
      cmocka_unit_test(test_tessellation_constructs),
      cmocka_unit_test(test_control_flow_constructs),
      cmocka_unit_test(test_lenient_input_is_canonicalized),
      cmocka_unit_test(test_words_match_mesa),
      cmocka_unit_test(test_every_opcode_round_trips),
      cmocka_unit_test(test_opcode_table_is_consistent),
      cmocka_unit_test(test_decoded_shader_for_consumers),
      cmocka_unit_test(test_name_memo_serves_text_after_text),
   };
   return cmocka_run_group_tests_name("tgsi_parse", tests, NULL, NULL);
}
