/* SPDX-License-Identifier: MIT */
/*
 * The check that the IR printed after the last pass is the program:
 * every instruction line of the IR (allocated IR prints as the
 * disassembler prints the word it becomes) must be the disassembly's line
 * for its word, a branch's target block (", b3") standing for its offset.
 * Used by corpus_compile over the corpus and by the flow unit tests.
 */
#ifndef TGSIVA_TESTS_IR_DISASM_CHECK_H
#define TGSIVA_TESTS_IR_DISASM_CHECK_H

#include <stdio.h>
#include <string.h>

#include "emit/va.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* The next line of *p (without its newline) as a new string. */
static inline char *
ir_disasm_next_line(struct arena *a, const char **p)
{
   const char *e = strchr(*p, '\n');
   size_t n = e ? (size_t)(e - *p) : strlen(*p);
   char *line = arena_printf(a, "%.*s", (int)n, *p);
   *p += n + (e != NULL);
   return line;
}

/* The IR printed after the last pass against the disassembly of the
 * words: every instruction line must be the word's line, a branch's
 * target block standing for its offset. */
static inline const char *
ir_disasm_mismatch(struct arena *a, const char *ir, const uint64_t *words,
                   size_t count, unsigned long *compared)
{
   *compared = 0;
   struct strbuf sb;
   strbuf_init(&sb, a);
   va_disassemble(&sb, words, count, 0);
   size_t nlines = 0, cap = count + 1;
   char **dis = arena_array(a, cap, sizeof(char *));
   for (const char *q = sb.data; *q && nlines < cap;)
      dis[nlines++] = ir_disasm_next_line(a, &q);
   /* Block starts (word indices) first: branches may go forward. */
   enum { MAX_BLOCKS = 4096 };
   long *start = arena_array(a, MAX_BLOCKS, sizeof(long));
   size_t w = 0;
   for (const char *q = ir; *q;) {
      char *line = ir_disasm_next_line(a, &q);
      unsigned b;
      if (sscanf(line, "b%u", &b) == 1 && b < MAX_BLOCKS)
         start[b] = (long)w;
      w += line[0] == ' ';
   }
   w = 0;
   for (const char *q = ir; *q;) {
      const char *line = ir_disasm_next_line(a, &q);
      if (line[0] != ' ')
         continue;
      const char *want = line + 2, *comma = strrchr(want, ',');
      unsigned b;
      if (w >= nlines)
         return "the IR has more instructions than the program has words";
      if (!strncmp(want, "BRANCHZ ", 8) || !strncmp(want, "BRANCHZ.", 8)) {
         if (!comma || sscanf(comma, ", b%u", &b) != 1 || b >= MAX_BLOCKS)
            return arena_printf(a, "branch `%s` names no block", want);
         want = arena_printf(a, "%.*s, offset:%ld", (int)(comma - want),
                             want, start[b] - (long)w - 1);
      }
      if (strcmp(want, dis[w]))
         return arena_printf(a, "word %zu is `%s` where the IR has `%s`", w,
                             dis[w], want);
      w++;
   }
   if (w != nlines)
      return "the program has more words than the IR has instructions";
   *compared = w;
   return NULL;
}

#endif
