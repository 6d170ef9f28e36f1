/* SPDX-License-Identifier: MIT */
/*
 * A unified diff.  The common head and tail are cut first; the part in
 * between is matched by a longest common subsequence table, which is
 * small when a change is local, as compiler output changes usually are.
 * When it would be large (over MAX_CELLS), that part is shown as removed
 * and added as a whole: still a correct diff, only a longer one.
 */
#include "udiff.h"

#include <stdint.h>
#include <string.h>

#define CONTEXT 3
#define MAX_CELLS (4u << 20)

struct line {
   const char *text;
   size_t len; /* without the '\n' */
};

struct lines {
   struct line *at;
   size_t n;
};

static struct lines
split(struct arena *arena, const char *text)
{
   struct lines l = {0};
   size_t cap = 1;
   for (const char *p = text; *p; p++)
      cap += *p == '\n';
   l.at = ARENA_ARRAY(arena, struct line, cap);
   for (const char *p = text; *p;) {
      const char *nl = strchr(p, '\n');
      size_t len = nl ? (size_t)(nl - p) : strlen(p);
      l.at[l.n++] = (struct line){p, len};
      p += len + (nl != NULL);
   }
   return l;
}

static bool
same(const struct line *a, const struct line *b)
{
   return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

/* The edit script: ' ' keep, '-' old line, '+' new line, in order. */
struct edit {
   char op;
   size_t old_line, new_line; /* 0-based positions before this edit */
};

static void
push(struct edit *e, size_t *n, char op, size_t i, size_t j)
{
   e[(*n)++] = (struct edit){op, i, j};
}

static size_t
middle_script(struct arena *arena, const struct lines *a, const struct lines *b,
              size_t head, size_t ea, size_t eb, struct edit *e, size_t n)
{
   size_t ra = ea - head, rb = eb - head;
   size_t i = head, j = head;
   if (ra && rb && (ra + 1) * (rb + 1) <= MAX_CELLS) {
      size_t w = rb + 1;
      uint32_t *lcs = ARENA_ARRAY(arena, uint32_t, (ra + 1) * w);
      for (size_t x = ra; x-- > 0;) {
         for (size_t y = rb; y-- > 0;) {
            uint32_t *c = &lcs[x * w + y];
            if (same(&a->at[head + x], &b->at[head + y]))
               *c = lcs[(x + 1) * w + y + 1] + 1;
            else
               *c = lcs[(x + 1) * w + y] > lcs[x * w + y + 1]
                        ? lcs[(x + 1) * w + y]
                        : lcs[x * w + y + 1];
         }
      }
      while (i < ea && j < eb) {
         size_t x = i - head, y = j - head;
         if (same(&a->at[i], &b->at[j])) {
            push(e, &n, ' ', i++, j++);
         } else if (lcs[(x + 1) * w + y] >= lcs[x * w + y + 1]) {
            push(e, &n, '-', i++, j);
         } else {
            push(e, &n, '+', i, j++);
         }
      }
   }
   while (i < ea)
      push(e, &n, '-', i++, j);
   while (j < eb)
      push(e, &n, '+', i, j++);
   return n;
}

static void
print_hunk(struct strbuf *sb, const struct lines *a, const struct lines *b,
           const struct edit *e, size_t from, size_t to)
{
   size_t na = 0, nb = 0;
   for (size_t k = from; k < to; k++) {
      na += e[k].op != '+';
      nb += e[k].op != '-';
   }
   /* diff -u numbers an empty side by the line before it. */
   strbuf_printf(sb, "@@ -%zu,%zu +%zu,%zu @@\n", e[from].old_line + (na != 0),
                 na, e[from].new_line + (nb != 0), nb);
   for (size_t k = from; k < to; k++) {
      const struct line *l =
          e[k].op == '+' ? &b->at[e[k].new_line] : &a->at[e[k].old_line];
      strbuf_putc(sb, e[k].op);
      strbuf_putn(sb, l->text, l->len);
      strbuf_putc(sb, '\n');
   }
}

static void
print_hunks(struct strbuf *sb, const struct lines *a, const struct lines *b,
            const struct edit *e, size_t n)
{
   size_t k = 0;
   while (k < n) {
      while (k < n && e[k].op == ' ')
         k++;
      if (k == n)
         return;
      size_t from = k > CONTEXT ? k - CONTEXT : 0, to = k;
      /* Extend while the next change is within two contexts. */
      for (;;) {
         while (to < n && e[to].op != ' ')
            to++;
         size_t gap = to;
         while (gap < n && e[gap].op == ' ')
            gap++;
         if (gap < n && gap - to <= 2 * CONTEXT) {
            to = gap;
            continue;
         }
         to = to + CONTEXT < n ? to + CONTEXT : n;
         break;
      }
      print_hunk(sb, a, b, e, from, to);
      k = to;
   }
}

void
udiff(struct strbuf *sb, const char *old_name, const char *old_text,
      const char *new_name, const char *new_text)
{
   if (strcmp(old_text, new_text) == 0)
      return;
   struct arena arena;
   arena_init(&arena, 0);
   struct lines a = split(&arena, old_text), b = split(&arena, new_text);
   size_t head = 0, ea = a.n, eb = b.n;
   while (head < ea && head < eb && same(&a.at[head], &b.at[head]))
      head++;
   while (ea > head && eb > head && same(&a.at[ea - 1], &b.at[eb - 1])) {
      ea--;
      eb--;
   }
   struct edit *e = ARENA_ARRAY(&arena, struct edit, a.n + b.n + 1);
   size_t n = 0;
   for (size_t i = 0; i < head; i++)
      push(e, &n, ' ', i, i);
   n = middle_script(&arena, &a, &b, head, ea, eb, e, n);
   for (size_t i = ea, j = eb; i < a.n; i++, j++)
      push(e, &n, ' ', i, j);
   strbuf_printf(sb, "--- %s\n+++ %s\n", old_name, new_name);
   print_hunks(sb, &a, &b, e, n);
   if (head == a.n && head == b.n) /* every line kept: only a '\n' */
      strbuf_puts(sb, "\\ the texts differ in their final newline\n");
   arena_finish(&arena);
}
