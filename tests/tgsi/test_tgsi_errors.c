/* SPDX-License-Identifier: MIT */
/*
 * Malformed TGSI text: each case must fail with the right status, the
 * exact line and column of the offending character and a message that
 * names what was expected, and must produce no output.  The last cases
 * feed the parser binary garbage and randomly damaged shaders, which must
 * never crash it.
 */
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

static void
check_error(const char *text, size_t len, enum tgsiva_status status,
            unsigned line, unsigned column, const char *msg)
{
   struct tgsiva_diagnostic d;
   uint32_t *tokens = (uint32_t *)&d;
   size_t n = 1;
   enum tgsiva_status st =
      tgsiva_tgsi_text_to_tokens(text, len, &tokens, &n, &d);
   char full[700];
   tgsiva_diagnostic_format(&d, "t", full, sizeof(full));
   if (st != status || d.line != line || d.column != column ||
       !strstr(d.message, msg))
      fail_msg("got status %d, \"%s\"; want %u:%u and \"%s\"", st, full,
               line, column, msg);
   assert_null(tokens);
   assert_int_equal(n, 0);
}

#define ERR(name, text, line, column, msg)                                   \
   static void test_##name(void **state)                                     \
   {                                                                         \
      (void)state;                                                           \
      check_error(text, sizeof(text) - 1, TGSIVA_ERROR_INPUT, line, column,  \
                  msg);                                                      \
   }

/* The header. */
ERR(empty_file, "", 1, 1, "expected a shader header (VERT, FRAG")
ERR(blank_file, "\n  \n", 2, 3, "expected a shader header")
ERR(unknown_header, "FRAGX\n", 1, 1, "found 'FRAGX'")
ERR(task_header, "TASK\n", 1, 1, "expected a shader header")
ERR(text_after_header, "FRAG extra\n", 1, 6,
    "expected end of line after the shader header, found 'extra'")
ERR(binary_garbage, "\x7f" "ELF\x02\x01\x01", 1, 1, "found byte 0x7f")
ERR(nul_byte, "FRAG\nDCL TEMP[0]\0\n", 2, 12, "unexpected NUL byte")
ERR(stray_character, "FRAG\n@\n", 2, 1,
    "expected an instruction, DCL, IMM or PROPERTY, found '@'")

/* Declarations. */
ERR(dcl_truncated, "FRAG\nDCL TEMP[0\n", 2, 11, "expected ']'")
ERR(dcl_nothing, "FRAG\nDCL\n", 2, 4, "expected a register file")
ERR(dcl_unknown_file, "FRAG\nDCL FOO[0]\n", 2, 5,
    "expected a register file (TEMP, IN, OUT, CONST, IMM, ...), found 'FOO'")
ERR(dcl_index_range, "FRAG\nDCL TEMP[70000]\n", 2, 10,
    "register index 70000 is out of range (at most 65535)")
ERR(dcl_empty_range, "FRAG\nDCL TEMP[3..1]\n", 2, 10,
    "empty register range 3..1")
ERR(dcl_range_truncated, "FRAG\nDCL TEMP[3..]\n", 2, 13,
    "expected register index, found ']'")
ERR(dcl_bad_attribute, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE, BOGUS\n",
    2, 37, "unexpected 'BOGUS' in the declaration of IN")
ERR(dcl_empty_bracket_in_fragment, "FRAG\nDCL IN[][0]\n", 2, 8,
    "'[]' is only allowed for geometry and tessellation inputs")
ERR(dcl_empty_bracket_alone, "GEOM\nDCL IN[]\n", 2, 9,
    "expected '[' (the register range after '[]')")
ERR(dcl_dimension_range, "FRAG\nDCL CONST[0..1][0]\n", 2, 11,
    "a declaration's dimension is a single index")
ERR(dcl_semantic_index, "VERT\nDCL OUT[0], GENERIC[65536]\n", 2, 21,
    "semantic index 65536 is out of range")
ERR(dcl_semantic_unclosed, "VERT\nDCL OUT[0], GENERIC[1\n", 2, 22,
    "expected ']'")
ERR(dcl_stream_range, "GEOM\nDCL OUT[0], GENERIC[0], STREAM(0, 4, 0, 0)\n",
    2, 35, "stream 4 is out of range (at most 3)")
ERR(dcl_array_id_range, "FRAG\nDCL TEMP[0..3], ARRAY(1024)\n", 2, 23,
    "array id 1024 is out of range (at most 1023)")
ERR(dcl_sview_no_type, "FRAG\nDCL SVIEW[0], 2D\n", 2, 17,
    "expected ',', found end of line")
ERR(dcl_sview_two_types, "FRAG\nDCL SVIEW[0], 2D, FLOAT, UINT\n", 2, 30,
    "expected ',', found end of line")
ERR(dcl_sview_bad_type, "FRAG\nDCL SVIEW[0], 2D, DOUBLE\n", 2, 19,
    "expected a return type (UNORM, SNORM, SINT, UINT, FLOAT), found "
    "'DOUBLE'")
ERR(dcl_image_no_target, "COMP\nDCL IMAGE[0], PIPE_FORMAT_NONE\n", 2, 15,
    "expected the image's texture target, found 'PIPE_FORMAT_NONE'")

/* Instructions. */
ERR(unknown_opcode, "FRAG\n  0: FOO TEMP[0]\n", 2, 6, "unknown opcode 'FOO'")
ERR(unknown_opcode_suffix, "FRAG\n  0: MOV_SATURATE TEMP[0], TEMP[1]\n", 2,
    6, "unknown opcode 'MOV_SATURATE'")
ERR(label_without_colon, "FRAG\n  0 MOV TEMP[0], TEMP[1]\n", 2, 5,
    "expected ':' after the instruction number, found 'MOV'")
ERR(too_few_operands, "FRAG\n  0: MOV TEMP[0]\n", 2, 17,
    "too few operands: MOV takes 1 destination and 1 source")
ERR(no_operands, "FRAG\n  0: ADD\n", 2, 9,
    "too few operands: ADD takes 1 destination and 2 sources")
ERR(too_many_operands, "FRAG\n  0: MOV TEMP[0], TEMP[1], TEMP[2]\n", 2, 26,
    "too many operands: MOV takes 1 destination and 1 source")
ERR(operands_on_end, "FRAG\n  0: END TEMP[0]\n", 2, 10,
    "expected end of line, found 'TEMP'")
ERR(missing_comma, "FRAG\n  0: MOV TEMP[0] TEMP[1]\n", 2, 18,
    "expected ',', found 'TEMP'")
ERR(bad_swizzle_letter, "FRAG\n  0: MOV TEMP[0], TEMP[1].xyzq\n", 2, 27,
    "expected a swizzle of 4 components from x, y, z, w, found 'xyzq'")
ERR(short_swizzle, "FRAG\n  0: MOV TEMP[0], TEMP[1].xy\n", 2, 27,
    "expected a swizzle of 4 components")
ERR(dangling_swizzle_dot, "FRAG\n  0: MOV TEMP[0], TEMP[1].\n", 2, 27,
    "found end of line")
ERR(bad_writemask_order, "FRAG\n  0: MOV TEMP[0].xzy, TEMP[1]\n", 2, 18,
    "invalid write mask '.xzy'")
ERR(repeated_writemask, "FRAG\n  0: MOV TEMP[0].xx, TEMP[1]\n", 2, 18,
    "invalid write mask '.xx'")
ERR(index_out_of_range, "FRAG\n  0: MOV TEMP[40000], TEMP[1]\n", 2, 15,
    "register index 40000 is out of range (at most 32767)")
ERR(huge_index, "FRAG\n  0: MOV TEMP[0], TEMP[99999999999999999999999]\n", 2,
    24, "register index 99999999999999999999999 is out of range")
ERR(negative_index, "FRAG\n  0: MOV TEMP[0], TEMP[-1]\n", 2, 24,
    "expected a register index or an indirect address, found '-'")
ERR(bad_indirect_component, "FRAG\n  0: MOV TEMP[0], TEMP[ADDR[0].q]\n", 2,
    32, "expected a component x, y, z or w, found 'q'")
ERR(indirect_offset_range, "FRAG\n  0: MOV TEMP[0], TEMP[ADDR[0].x+40000]\n",
    2, 34, "register offset 40000 is out of range (at most 32767)")
ERR(indirect_unclosed, "FRAG\n  0: MOV TEMP[0], TEMP[ADDR[0].x\n", 2, 33,
    "expected ']', found end of line")
ERR(array_id_range, "FRAG\n  0: MOV TEMP[0], TEMP[ADDR[0].x](2000)\n", 2,
    35, "array id 2000 is out of range (at most 1023)")
ERR(unclosed_abs, "FRAG\n  0: MOV TEMP[0], |TEMP[1]\n", 2, 27,
    "expected '|', found end of line")
ERR(texture_without_target, "FRAG\n  0: TEX TEMP[0], IN[0], SAMP[0]\n", 2,
    33,
    "too few operands: TEX takes 1 destination, 2 sources and a texture "
    "target")
ERR(bad_texture_target, "FRAG\n  0: TEX TEMP[0], IN[0], SAMP[0], 4D\n", 2,
    35, "expected a texture target (1D, 2D, 3D, CUBE, ...), found '4D'")
ERR(too_many_offsets,
    "FRAG\n  0: TXF TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyz, IMM[0].xyz, "
    "IMM[0].xyz, IMM[0].xyz, IMM[0].xyz\n",
    2, 87, "too many texture offsets (at most 4)")
ERR(bad_memory_qualifier,
    "COMP\n  0: LOAD TEMP[0], BUFFER[0], TEMP[1].xxxx, FOO\n", 2, 45,
    "expected a memory qualifier (COHERENT, RESTRICT, VOLATILE, "
    "STREAM_CACHE_POLICY), a texture target or a format, found 'FOO'")
ERR(label_out_of_range, "FRAG\n  0: UIF TEMP[0].xxxx :99999999\n", 2, 24,
    "label 99999999 is out of range (at most 16777215)")
ERR(label_missing, "FRAG\n  0: UIF TEMP[0].xxxx :\n", 2, 24,
    "expected label, found end of line")
ERR(label_on_plain_opcode, "FRAG\n  0: MOV TEMP[0], TEMP[1] :3\n", 2, 27,
    "expected end of line, found ':'")
ERR(undeclared_immediate,
    "FRAG\nIMM[0] UINT32 {0, 0, 0, 0}\n  0: MOV TEMP[0], IMM[3]\n", 3, 19,
    "IMM[3] is not declared (the shader has 1 immediates)")

/* Immediates. */
ERR(imm_out_of_order, "FRAG\nIMM[1] FLT32 {1.0, 0, 0, 0}\n", 2, 5,
    "immediate index 1 out of order (expected 0)")
ERR(imm_bad_type, "FRAG\nIMM[0] FLOAT {1.0}\n", 2, 8,
    "expected an immediate type (FLT32, UINT32, INT32, FLT64, UINT64, "
    "INT64), found 'FLOAT'")
ERR(imm_bad_float, "FRAG\nIMM[0] FLT32 {1.0, abc}\n", 2, 20,
    "expected a 32-bit floating-point number, found 'abc'")
ERR(imm_huge_float, "FRAG\nIMM[0] FLT32 {1e39}\n", 2, 15,
    "32-bit float 1e39 is out of range")
ERR(imm_huge_double, "FRAG\nIMM[0] FLT64 {1e400}\n", 2, 15,
    "64-bit float 1e400 is out of range")
ERR(imm_uint_overflow, "FRAG\nIMM[0] UINT32 {4294967296}\n", 2, 16,
    "UINT32 value 4294967296 is out of range")
ERR(imm_int_overflow, "FRAG\nIMM[0] INT32 {-2147483649}\n", 2, 16,
    "INT32 2147483649 is out of range")
ERR(imm_int64_overflow, "FRAG\nIMM[0] INT64 {9223372036854775808}\n", 2, 15,
    "immediate value 9223372036854775808 is out of range")
ERR(imm_too_many_values, "FRAG\nIMM[0] UINT32 {1, 2, 3, 4, 5}\n", 2, 28,
    "too many values: an immediate holds 128 bits")
ERR(imm_unclosed, "FRAG\nIMM[0] UINT32 {1, 2\n", 2, 20,
    "expected ',' or '}', found end of line")

/* Properties. */
ERR(prop_unknown, "FRAG\nPROPERTY FOO 1\n", 2, 10,
    "expected a property name, found 'FOO'")
ERR(prop_bad_primitive, "GEOM\nPROPERTY GS_INPUT_PRIMITIVE HEXAGONS\n", 2, 29,
    "expected a primitive (POINTS, LINES, TRIANGLES, ...), found "
    "'HEXAGONS'")
ERR(prop_huge_value, "GEOM\nPROPERTY GS_MAX_OUTPUT_VERTICES 5000000000\n",
    2, 33, "property value 5000000000 is out of range")
ERR(prop_missing_value, "FRAG\nPROPERTY FS_COORD_ORIGIN\n", 2, 25,
    "expected UPPER_LEFT or LOWER_LEFT, found end of line")

/* Limits are errors of their own kind, still with a position. */
static void
test_line_too_long(void **state)
{
   (void)state;
   size_t len = 5 + 5000 + 1;
   char *text = malloc(len);
   memcpy(text, "FRAG\n", 5);
   memset(text + 5, 'A', 5000);
   text[len - 1] = '\n';
   check_error(text, len, TGSIVA_ERROR_LIMIT, 2, 4097,
               "line longer than the limit of 4096 characters");
   free(text);
}

static void
test_too_many_tokens(void **state)
{
   (void)state;
   const char *line = "MOV TEMP[0], TEMP[1]\n"; /* three words */
   size_t n = TGSI_MAX_TOKENS / 3 + 1, ll = strlen(line);
   char *text = malloc(5 + n * ll);
   memcpy(text, "FRAG\n", 5);
   for (size_t i = 0; i < n; i++)
      memcpy(text + 5 + i * ll, line, ll);
   check_error(text, 5 + n * ll, TGSIVA_ERROR_LIMIT, (unsigned)n, 1,
               "exceeds the limit of 1048576 tokens");
   free(text);
}

/* Random bytes, and valid shaders with random damage: the parser must
 * return (success or a positioned error), never crash or read past the
 * text, and anything it accepts must print stably. */
static void
check_survives(const char *text, size_t len)
{
   struct tgsiva_diagnostic d;
   char *out;
   size_t out_len;
   char *copy = malloc(len ? len : 1);
   memcpy(copy, text, len);
   if (tgsiva_tgsi_canonicalize(copy, len, &out, &out_len, &d) == TGSIVA_OK) {
      char *again;
      size_t again_len;
      assert_int_equal(
         tgsiva_tgsi_canonicalize(out, out_len, &again, &again_len, &d),
         TGSIVA_OK);
      assert_string_equal(again, out);
      tgsiva_tgsi_free(again);
      tgsiva_tgsi_free(out);
   } else {
      assert_true(d.status == TGSIVA_ERROR_INPUT ||
                  d.status == TGSIVA_ERROR_LIMIT);
      assert_true(d.line >= 1 && d.column >= 1);
   }
   free(copy);
}

static void
test_random_bytes(void **state)
{
   (void)state;
   uint64_t seed = 0x5eed;
   char buf[300];
   for (int i = 0; i < 3000; i++) {
      size_t len = test_rand_below(&seed, sizeof(buf));
      for (size_t j = 0; j < len; j++)
         buf[j] = (char)test_rand(&seed);
      if (i % 2)
         memcpy(buf, "FRAG\n", len < 5 ? len : 5);
      check_survives(buf, len);
   }
}

static const char mutation_base[] =
   "GEOM\n"
   "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
   "DCL IN[][0], GENERIC[0]\n"
   "DCL OUT[0], POSITION, STREAM(0, 1, 2, 3)\n"
   "DCL CONST[1][0..3]\n"
   "DCL SVIEW[0], 2D, FLOAT\n"
   "DCL TEMP[0..3], ARRAY(1), LOCAL\n"
   "IMM[0] FLT32 {    1.0000,    -2.5000,     0.0000,     3.0000}\n"
   "IMM[1] INT64 {-5, 7}\n"
   "  0: MOV_SAT TEMP[ADDR[0].x+1](1).xy, -|CONST[1][ADDR[0].y-2].zwxy|\n"
   "  1: UIF TEMP[0].xxxx :3\n"
   "  2:   TXF TEMP[1], TEMP[0], SAMP[0], 2D, IMM[0].xyz\n"
   "  3: ENDIF\n"
   "  4: LOAD TEMP[2], IMAGE[0], TEMP[1], 2D, PIPE_FORMAT_R32_FLOAT\n"
   "  5: MOV OUT[0], IN[1][0]\n"
   "  6: END\n";

static void
test_damaged_shaders(void **state)
{
   (void)state;
   uint64_t seed = 42;
   size_t base = sizeof(mutation_base) - 1;
   char buf[sizeof(mutation_base) + 16];
   static const char alphabet[] = "[](),.:|-+ \n#xyzw0123456789AZ_\t{}";
   for (int i = 0; i < 5000; i++) {
      size_t len = base;
      memcpy(buf, mutation_base, base);
      unsigned edits = 1 + test_rand_below(&seed, 4);
      for (unsigned e = 0; e < edits; e++) {
         size_t at = test_rand_below(&seed, (unsigned)len);
         switch (test_rand_below(&seed, 3)) {
         case 0: /* replace */
            buf[at] = alphabet[test_rand_below(&seed, sizeof(alphabet) - 1)];
            break;
         case 1: /* delete */
            memmove(buf + at, buf + at + 1, len - at - 1);
            len--;
            break;
         default: /* truncate */
            len = at;
            break;
         }
         if (len == 0)
            break;
      }
      check_survives(buf, len);
   }
}

#define T(name) cmocka_unit_test(test_##name)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(empty_file), T(blank_file), T(unknown_header), T(task_header),
      T(text_after_header), T(binary_garbage), T(nul_byte),
      T(stray_character), T(dcl_truncated), T(dcl_nothing),
      T(dcl_unknown_file), T(dcl_index_range), T(dcl_empty_range),
      T(dcl_range_truncated), T(dcl_bad_attribute),
      T(dcl_empty_bracket_in_fragment), T(dcl_empty_bracket_alone),
      T(dcl_dimension_range), T(dcl_semantic_index),
      T(dcl_semantic_unclosed), T(dcl_stream_range), T(dcl_array_id_range),
      T(dcl_sview_no_type), T(dcl_sview_two_types), T(dcl_sview_bad_type),
      T(dcl_image_no_target), T(unknown_opcode), T(unknown_opcode_suffix),
      T(label_without_colon), T(too_few_operands), T(no_operands),
      T(too_many_operands), T(operands_on_end), T(missing_comma),
      T(bad_swizzle_letter), T(short_swizzle), T(dangling_swizzle_dot),
      T(bad_writemask_order), T(repeated_writemask), T(index_out_of_range),
      T(huge_index), T(negative_index), T(bad_indirect_component),
      T(indirect_offset_range), T(indirect_unclosed), T(array_id_range),
      T(unclosed_abs), T(texture_without_target), T(bad_texture_target),
      T(too_many_offsets), T(bad_memory_qualifier), T(label_out_of_range),
      T(label_missing), T(label_on_plain_opcode), T(undeclared_immediate),
      T(imm_out_of_order), T(imm_bad_type), T(imm_bad_float),
      T(imm_huge_float), T(imm_huge_double), T(imm_uint_overflow),
      T(imm_int_overflow), T(imm_int64_overflow), T(imm_too_many_values),
      T(imm_unclosed), T(prop_unknown), T(prop_bad_primitive),
      T(prop_huge_value), T(prop_missing_value), T(line_too_long),
      T(too_many_tokens), T(random_bytes), T(damaged_shaders),
   };
   return cmocka_run_group_tests_name("tgsi_errors", tests, NULL, NULL);
}
