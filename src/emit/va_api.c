/* SPDX-License-Identifier: MIT */
/*
 * The public Valhall entry points (include/tgsiva/valhall.h).  Each call
 * works in its own arena, so that nothing is shared between threads, and
 * copies its result into one heap block that the caller frees: the arena
 * never escapes.  Running out of memory jumps back here and becomes
 * TGSIVA_ERROR_NOMEM instead of an abort.  The call's state lives in the
 * public function's frame; the functions that call setjmp only get a
 * pointer to it, so no local changed after setjmp is read after a longjmp
 * (such locals are indeterminate, C11 7.13.2.1).
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "tgsiva/valhall.h"
#include "util/diag.h"
#include "va.h"

struct call {
   struct arena arena;
   jmp_buf fail;
   struct tgsiva_diagnostic own_diag; /* when the caller passes none */
};

static void
out_of_memory(void *ctx, bool over_limit)
{
   (void)over_limit;
   longjmp(((struct call *)ctx)->fail, 1);
}

static void
call_init(struct call *c)
{
   arena_init(&c->arena, 0);
   c->arena.fail = out_of_memory;
   c->arena.fail_ctx = c;
}

static enum tgsiva_status
finish(struct call *c, struct tgsiva_diagnostic *d)
{
   arena_finish(&c->arena);
   return d->status;
}

static enum tgsiva_status
no_memory(struct call *c, struct tgsiva_diagnostic *d)
{
   arena_finish(&c->arena);
   diag_clear(d);
   diag_error(d, TGSIVA_ERROR_NOMEM, "out of memory");
   return d->status;
}

/* A heap copy of `n` words (NULL for none); false if malloc fails. */
static bool
copy_words(const uint64_t *src, size_t n, uint64_t **out)
{
   *out = NULL;
   if (!n)
      return true;
   *out = malloc(n * sizeof(**out));
   if (!*out)
      return false;
   memcpy(*out, src, n * sizeof(**out));
   return true;
}

typedef bool (*parse_fn)(struct arena *, const char *, size_t, uint64_t **,
                         size_t *, struct tgsiva_diagnostic *);

/* Parses into a heap copy; false when memory ran out (an arena failure
 * jumps back here). */
static bool
parse_words(struct call *c, parse_fn parse, const char *text, size_t len,
            uint64_t **words, size_t *count, struct tgsiva_diagnostic *d)
{
   if (setjmp(c->fail))
      return false;
   uint64_t *tmp = NULL;
   size_t n = 0;
   if (parse(&c->arena, text, len, &tmp, &n, d)) {
      if (!copy_words(tmp, n, words))
         return false;
      *count = n;
   }
   return true;
}

/* Text to words with `parse` (the assembler or the hex reader). */
static enum tgsiva_status
words_of_text(parse_fn parse, const char *text, size_t len, uint64_t **words,
              size_t *count, struct tgsiva_diagnostic *d)
{
   struct call c;
   if (!d)
      d = &c.own_diag;
   diag_clear(d);
   *words = NULL;
   *count = 0;
   call_init(&c);
   if (!parse_words(&c, parse, text, len, words, count, d))
      return no_memory(&c, d);
   return finish(&c, d);
}

enum tgsiva_status
tgsiva_valhall_assemble(const char *text, size_t len, uint64_t **words,
                        size_t *count, struct tgsiva_diagnostic *d)
{
   return words_of_text(va_assemble, text, len, words, count, d);
}

enum tgsiva_status
tgsiva_valhall_parse_hex(const char *text, size_t len, uint64_t **words,
                         size_t *count, struct tgsiva_diagnostic *d)
{
   return words_of_text(va_read_hex, text, len, words, count, d);
}

/* Words to a heap string; false when memory ran out (an arena failure
 * jumps back here). */
static bool
disassemble(struct call *c, const uint64_t *words, size_t count,
            unsigned flags, char **text)
{
   if (setjmp(c->fail))
      return false;
   struct strbuf sb;
   strbuf_init(&sb, &c->arena);
   va_disassemble(&sb, words, count,
                  flags & TGSIVA_DISASM_OFFSETS ? VA_DISASM_OFFSETS : 0);
   *text = malloc(sb.len + 1);
   if (!*text)
      return false;
   memcpy(*text, sb.data, sb.len + 1);
   return true;
}

enum tgsiva_status
tgsiva_valhall_disassemble(const uint64_t *words, size_t count,
                           unsigned flags, char **text,
                           struct tgsiva_diagnostic *d)
{
   struct call c;
   if (!d)
      d = &c.own_diag;
   diag_clear(d);
   *text = NULL;
   call_init(&c);
   if (!disassemble(&c, words, count, flags, text))
      return no_memory(&c, d);
   return finish(&c, d);
}

void
tgsiva_valhall_free(void *result)
{
   free(result);
}
