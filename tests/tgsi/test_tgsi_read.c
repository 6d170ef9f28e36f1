/* SPDX-License-Identifier: MIT */
/*
 * The token reader against untrusted words: specific corruptions must be
 * reported at the right word with a clear message, and thousands of
 * randomly mutated and truncated streams (fixed seed) must never crash,
 * hang or read outside the words given; whatever is accepted must write
 * back and read again to the same words.
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

static const char rich_shader[] =
   "GEOM\n"
   "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
   "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
   "DCL IN[][0], GENERIC[0]\n"
   "DCL OUT[0], POSITION, STREAM(0, 1, 2, 3)\n"
   "DCL CONST[1][0..3]\n"
   "DCL SVIEW[0], 2D, UNORM, SNORM, SINT, FLOAT\n"
   "DCL IMAGE[0], 2D, PIPE_FORMAT_R32_FLOAT, WR\n"
   "DCL TEMP[0..3], ARRAY(1), LOCAL\n"
   "DCL IN[][1], COLOR, CENTROID, INVARIANT\n"
   "IMM[0] FLT32 {    1.0000,    -2.5000,     0.0000,     3.0000}\n"
   "IMM[1] INT64 {-5, 7}\n"
   "  0: MOV_SAT TEMP[ADDR[0].x+1](1).xy, -|CONST[1][ADDR[0].y-2].zwxy|\n"
   "  1: UIF TEMP[0].xxxx :3\n"
   "  2:   TXF TEMP[1], TEMP[0], SAMP[0], 2D, IMM[0].xyz\n"
   "  3: ENDIF\n"
   "  4: LOAD TEMP[2], IMAGE[0], TEMP[1], COHERENT, 2D, "
   "PIPE_FORMAT_R32_FLOAT\n"
   "  5: MOV OUT[0], IN[1][0]\n"
   "  6: MOV OUT[0], IN[ADDR[0].x](2)[ADDR[0].z]\n"
   "  7: SAMPLE TEMP[0], IN[1], SVIEW[0], SAMP[0], IMM[1].xyx\n"
   "  8: DFRACEXP TEMP[0].xy, TEMP[1], IMM[1].xyxy\n"
   "  9: END\n";

static uint32_t *
rich_tokens(size_t *n)
{
   struct tgsiva_diagnostic d;
   uint32_t *t;
   assert_int_equal(tgsiva_tgsi_text_to_tokens(rich_shader,
                                               strlen(rich_shader), &t, n,
                                               &d),
                    TGSIVA_OK);
   return t;
}

/* Reads `words` (copied to an exact-size heap block so that a sanitizer
 * catches any read past it). */
static bool
read_words(const uint32_t *words, size_t n, struct tgsiva_diagnostic *d)
{
   uint32_t *copy = malloc(n ? n * sizeof(*copy) : 1);
   memcpy(copy, words, n * sizeof(*copy));
   struct arena a;
   struct tgsi_shader *s;
   arena_init(&a, 0);
   diag_clear(d);
   bool ok = tgsi_read_tokens(&a, copy, n, &s, d);
   arena_finish(&a);
   free(copy);
   return ok;
}

static void
expect_bad(const uint32_t *words, size_t n, long word, const char *msg)
{
   struct tgsiva_diagnostic d;
   assert_false(read_words(words, n, &d));
   if (d.status != TGSIVA_ERROR_INPUT || d.word != word ||
       !strstr(d.message, msg))
      fail_msg("got word %ld \"%s\"; want word %ld \"%s\"", d.word,
               d.message, word, msg);
}

static void
test_rich_shader_reads_and_writes_back(void **state)
{
   (void)state;
   size_t n;
   uint32_t *t = rich_tokens(&n);
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   assert_int_equal(tgsiva_tgsi_tokens_to_text(t, n, &text, &len, &d),
                    TGSIVA_OK);
   assert_string_equal(text, rich_shader);
   tgsiva_tgsi_free(text);
   tgsiva_tgsi_free(t);
}

/* The word offset of the n-th token (0: the first after the header). */
static size_t
token_offset(const uint32_t *t, unsigned index)
{
   size_t pos = 2;
   for (unsigned i = 0; i < index; i++) {
      uint32_t w = t[pos];
      unsigned type = tgsi_tok_get(w, TGSI_TOK_TYPE);
      if (type == TGSI_TOKTYPE_INSTRUCTION)
         pos += 1 + tgsi_tok_get(w, TGSI_TOK_NRTOKENS);
      else if (type == TGSI_TOKTYPE_IMMEDIATE)
         pos += tgsi_tok_get(w, TGSI_TOK_IMM_NRTOKENS);
      else
         pos += tgsi_tok_get(w, TGSI_TOK_NRTOKENS);
   }
   return pos;
}

static void
test_header_errors(void **state)
{
   (void)state;
   size_t n;
   uint32_t *t = rich_tokens(&n);
   uint32_t *w = malloc(n * sizeof(*w));

   expect_bad(t, 0, 0, "too few for a TGSI header");
   memcpy(w, t, n * sizeof(*w));
   w[0] = (w[0] & ~0xffu) | 3;
   expect_bad(w, n, 0, "header size 3, expected 2");
   expect_bad(t, n - 1, 0, "the header announces");
   memcpy(w, t, n * sizeof(*w));
   w[1] = 9;
   expect_bad(w, n, 1, "invalid processor 9");
   free(w);
   tgsiva_tgsi_free(t);
}

/* Sets bits [shift, shift+width) of word `at` of a copy and expects an
 * error at word `err_word`. */
static void
corrupt(const uint32_t *t, size_t n, size_t at, unsigned shift,
        unsigned width, uint32_t value, long err_word, const char *msg)
{
   uint32_t *w = malloc(n * sizeof(*w));
   memcpy(w, t, n * sizeof(*w));
   uint32_t mask = tgsi_tok_mask(width) << shift;
   w[at] = (w[at] & ~mask) | ((value << shift) & mask);
   expect_bad(w, n, err_word, msg);
   free(w);
}

static void
test_token_errors(void **state)
{
   (void)state;
   size_t n;
   uint32_t *t = rich_tokens(&n);
   size_t prop = token_offset(t, 0);
   size_t dcl_in = token_offset(t, 2);
   size_t dcl_sview = token_offset(t, 5);
   size_t imm1 = token_offset(t, 10);
   size_t mov = token_offset(t, 11);
   size_t uif = token_offset(t, 12);
   size_t txf = token_offset(t, 13);

   corrupt(t, n, prop, 0, 4, 7, (long)prop, "invalid token type 7");
   corrupt(t, n, prop, TGSI_TOK_NRTOKENS, 3, (long)prop,
           "a property carries one value, not 2");
   corrupt(t, n, prop + 1, 0, 32, 99, (long)prop + 1,
           "invalid property value 99");
   corrupt(t, n, dcl_in, TGSI_TOK_NRTOKENS, 2, (long)dcl_in,
           "declaration token ends before its semantic");
   corrupt(t, n, dcl_in, TGSI_TOK_NRTOKENS, 4, (long)dcl_in,
           "declaration token says it has 4 words but its fields use 3");
   corrupt(t, n, dcl_in, TGSI_TOK_DECL_FILE, 15, (long)dcl_in,
           "invalid register file 15");
   corrupt(t, n, dcl_in + 1, TGSI_TOK_RANGE_FIRST, 5, (long)dcl_in + 1,
           "empty declaration range 5..0");
   corrupt(t, n, dcl_in + 2, TGSI_TOK_SEM_NAME, 200, (long)dcl_in + 2,
           "invalid semantic 200");
   corrupt(t, n, dcl_sview + 2, 14, 6, 40, (long)dcl_sview + 2,
           "invalid return type 40");
   corrupt(t, n, imm1, TGSI_TOK_IMM_NRTOKENS, 4, (long)imm1,
           "an immediate of type INT64 cannot hold 3 words");
   corrupt(t, n, imm1, TGSI_TOK_IMM_TYPE, 9, (long)imm1,
           "invalid immediate type 9");
   corrupt(t, n, mov, TGSI_TOK_INSN_OPCODE, 67, (long)mov,
           "invalid opcode 67");
   corrupt(t, n, mov, TGSI_TOK_INSN_NUM_SRC, 2, (long)mov,
           "MOV takes 1 destinations and 1 sources, the token says 1 and 2");
   corrupt(t, n, mov, TGSI_TOK_NRTOKENS, 200, (long)mov,
           "instruction token of 201 words runs past the end");
   corrupt(t, n, uif + 2, TGSI_TOK_SRC_INDEX, 0xffff, (long)uif + 2,
           "negative register index -1");
   corrupt(t, n, txf, TGSI_TOK_INSN_TEXTURE, 0, (long)txf,
           "TXF has no texture token");
   corrupt(t, n, mov, TGSI_TOK_INSN_TEXTURE, 1, (long)mov,
           "MOV cannot have a texture token");
   corrupt(t, n, mov, TGSI_TOK_INSN_MEMORY, 1, (long)mov,
           "MOV cannot have a memory token");
   corrupt(t, n, mov, TGSI_TOK_INSN_LABEL, 1, (long)mov,
           "MOV cannot have a label");
   corrupt(t, n, txf + 1, TGSI_TOK_TEX_NUM_OFFSETS, 9, (long)txf + 1,
           "invalid texture offset count 9");
   corrupt(t, n, txf + 2, TGSI_TOK_TEXOFF_INDEX, 5, (long)txf + 2,
           "IMM[5] is not declared (the shader has 2 immediates)");
   corrupt(t, n, mov + 2, TGSI_TOK_IND_FILE, 15, (long)mov + 2,
           "invalid register file 15");
   tgsiva_tgsi_free(t);
}

/* Whatever the reader accepts writes back to words that read again to
 * the same words (padding bits may be dropped once, never twice). */
static void
check_stable(const uint32_t *words, size_t n)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s, *s2;
   uint32_t *w1, *w2;
   size_t n1, n2;
   struct strbuf sb;
   arena_init(&a, 0);
   assert_true(tgsi_read_tokens(&a, words, n, &s, &d));
   strbuf_init(&sb, &a);
   tgsi_print_shader(&sb, s);
   assert_true(tgsi_write_tokens(&a, s, &w1, &n1, &d));
   assert_true(tgsi_read_tokens(&a, w1, n1, &s2, &d));
   assert_true(tgsi_write_tokens(&a, s2, &w2, &n2, &d));
   assert_int_equal(n1, n2);
   assert_memory_equal(w1, w2, n1 * sizeof(*w1));
   arena_finish(&a);
}

static void
mutate(uint32_t *w, size_t *n, uint64_t *seed)
{
   size_t at = test_rand_below(seed, (unsigned)*n);
   switch (test_rand_below(seed, 5)) {
   case 0: /* flip a bit */
      w[at] ^= 1u << test_rand_below(seed, 32);
      break;
   case 1: /* a random word */
      w[at] = (uint32_t)test_rand(seed);
      break;
   case 2: /* a small field value */
      w[at] = (w[at] & ~0xff0u) | (test_rand_below(seed, 256) << 4);
      break;
   case 3: /* drop a word */
      memmove(w + at, w + at + 1, (*n - at - 1) * sizeof(*w));
      (*n)--;
      break;
   default: /* truncate */
      *n = at;
      break;
   }
}

static void
test_fuzzed_streams(void **state)
{
   (void)state;
   size_t base_n;
   uint32_t *base = rich_tokens(&base_n);
   uint64_t seed = 0x7451;
   unsigned accepted = 0;
   for (int i = 0; i < 20000; i++) {
      size_t n = base_n;
      uint32_t *w = malloc(n * sizeof(*w));
      memcpy(w, base, n * sizeof(*w));
      unsigned edits = 1 + test_rand_below(&seed, 3);
      for (unsigned e = 0; e < edits && n > 0; e++)
         mutate(w, &n, &seed);
      /* Usually keep the header consistent, to reach the body checks. */
      if (n >= 2 && test_rand_below(&seed, 4))
         w[0] = 2 | (uint32_t)(n - 2) << 8;
      struct tgsiva_diagnostic d;
      if (read_words(w, n, &d)) {
         check_stable(w, n);
         accepted++;
      } else {
         assert_int_equal(d.status, TGSIVA_ERROR_INPUT);
         assert_true(d.word >= 0 && (size_t)d.word <= n);
      }
      free(w);
   }
   /* Some mutations (swizzles, indices) leave a valid shader. */
   assert_true(accepted > 100);
   tgsiva_tgsi_free(base);
}

static void
test_random_words(void **state)
{
   (void)state;
   uint64_t seed = 99;
   uint32_t w[64];
   for (int i = 0; i < 20000; i++) {
      size_t n = test_rand_below(&seed, 64);
      for (size_t j = 0; j < n; j++)
         w[j] = (uint32_t)test_rand(&seed);
      if (n >= 2) {
         w[0] = 2 | (uint32_t)(n - 2) << 8;
         w[1] = test_rand_below(&seed, 6);
      }
      struct tgsiva_diagnostic d;
      if (read_words(w, n, &d))
         check_stable(w, n);
   }
}

static void
test_public_api_reports_word(void **state)
{
   (void)state;
   static const uint32_t words[] = {0x00000202, 0x00000004, 0x0000000f,
                                    0x00075002};
   char *text = (char *)words;
   size_t len = 9;
   struct tgsiva_diagnostic d;
   assert_int_equal(tgsiva_tgsi_tokens_to_text(words, 4, &text, &len, &d),
                    TGSIVA_ERROR_INPUT);
   assert_null(text);
   assert_int_equal(len, 0);
   assert_int_equal(d.word, 2);
   char msg[600];
   tgsiva_diagnostic_format(&d, "x.bin", msg, sizeof(msg));
   assert_string_equal(msg, "x.bin: error: token word 2: invalid token "
                            "type 15");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rich_shader_reads_and_writes_back),
      cmocka_unit_test(test_header_errors),
      cmocka_unit_test(test_token_errors),
      cmocka_unit_test(test_fuzzed_streams),
      cmocka_unit_test(test_random_words),
      cmocka_unit_test(test_public_api_reports_word),
   };
   return cmocka_run_group_tests_name("tgsi_read", tests, NULL, NULL);
}
