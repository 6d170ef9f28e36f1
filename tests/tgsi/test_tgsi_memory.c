/* SPDX-License-Identifier: MIT */
/*
 * The decoded shader's memory: the parser (tgsi_parse.c, reserve_lines)
 * and the token reader (tgsi_read.c, reserve_items) make the instruction
 * array once, sized from the text's lines or the tokens' sizes, not
 * doubled again and again with every outgrown copy left in the arena;
 * the reservation never takes more than a quarter of what the arena's
 * limit leaves, nor more than a bound of its own, so a text of empty
 * lines parses within a small limit, and without one in little memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tgsi/tgsi.h"
#include "util/arena.h"

/* A fragment shader of `n` MOVs, then END. */
static char *
movs(unsigned n, size_t *len)
{
   size_t cap = 64 + (size_t)n * 40;
   char *text = malloc(cap);
   assert_non_null(text);
   size_t at = (size_t)snprintf(text, cap, "FRAG\nDCL TEMP[0..1]\n");
   for (unsigned i = 0; i < n; i++)
      at += (size_t)snprintf(text + at, cap - at,
                             "%5u: MOV TEMP[0], TEMP[1]\n", i);
   at += (size_t)snprintf(text + at, cap - at, "%5u: END\n", n);
   *len = at;
   return text;
}

/* The most a decoded shader of `n` one-source instructions may take
 * with one array of instructions: each instruction, its item, one
 * destination and one source (END: one of each too), and the few items
 * before them.  Doubled arrays would add about as much again as the
 * instructions and items take. */
static size_t
one_array_bound(size_t n)
{
   size_t each = arena_rounded(sizeof(struct tgsi_dst)) +
                 arena_rounded(sizeof(struct tgsi_src)) +
                 sizeof(struct tgsi_insn) + sizeof(struct tgsi_item);
   return (n + 4) * each + 64 * 1024;
}

static void
test_instructions_take_one_array(void **state)
{
   (void)state;
   enum { N = 20000 };
   size_t len;
   char *text = movs(N, &len);
   struct arena arena;
   arena_init(&arena, 0);
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d = {0};
   assert_true(tgsi_parse_text(&arena, text, len, &s, &d));
   assert_int_equal(s->num_insns, N + 1);
   assert_true(arena.used_bytes <= one_array_bound(N));
   assert_true(arena.used_bytes >=
               (size_t)N * (sizeof(struct tgsi_insn) + 2 * ARENA_ALIGN));

   /* The same from tokens, in an arena of their own. */
   uint32_t *words;
   size_t num_words;
   assert_true(tgsi_write_tokens(&arena, s, &words, &num_words, &d));
   struct arena tokens_arena;
   arena_init(&tokens_arena, 0);
   struct tgsi_shader *t;
   assert_true(tgsi_read_tokens(&tokens_arena, words, num_words, &t, &d));
   assert_int_equal(t->num_insns, N + 1);
   assert_int_equal(t->num_items, s->num_items);
   assert_true(tokens_arena.used_bytes <= one_array_bound(N));
   arena_finish(&tokens_arena);
   arena_finish(&arena);
   free(text);
}

static void
test_empty_lines_within_a_small_limit(void **state)
{
   (void)state;
   /* Two million lines: reserving an instruction for each would take
    * some 300 MiB. */
   enum { LINES = 2000000 };
   const char head[] = "FRAG\n", tail[] = "  0: END\n";
   size_t len = sizeof(head) - 1 + LINES + sizeof(tail) - 1;
   char *text = malloc(len);
   assert_non_null(text);
   memcpy(text, head, sizeof(head) - 1);
   memset(text + sizeof(head) - 1, '\n', LINES);
   memcpy(text + sizeof(head) - 1 + LINES, tail, sizeof(tail) - 1);
   struct arena arena;
   arena_init(&arena, (size_t)4 << 20);
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d = {0};
   assert_true(tgsi_parse_text(&arena, text, len, &s, &d));
   assert_int_equal(s->num_insns, 1);
   assert_true(arena.peak_bytes <= ((size_t)4 << 20));
   arena_finish(&arena);
   /* Without a limit, a bound of its own. */
   arena_init(&arena, 0);
   assert_true(tgsi_parse_text(&arena, text, len, &s, &d));
   assert_true(arena.peak_bytes <= ((size_t)48 << 20));
   arena_finish(&arena);
   free(text);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_instructions_take_one_array),
      cmocka_unit_test(test_empty_lines_within_a_small_limit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
