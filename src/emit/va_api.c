/* SPDX-License-Identifier: MIT */
/*
 * The public Valhall entry points (include/tgsiva/valhall.h).  Each call
 * works in its own arena, so that nothing is shared between threads, and
 * copies its result into one heap block that the caller frees: the arena
 * never escapes.  Running out of memory jumps back here and becomes
 * TGSIVA_ERROR_NOMEM instead of an abort.
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

/* Text to words with `parse` (the assembler or the hex reader). */
static enum tgsiva_status
words_of_text(bool (*parse)(struct arena *, const char *, size_t,
                            uint64_t **, size_t *,
                            struct tgsiva_diagnostic *),
              const char *text, size_t len, uint64_t **words, size_t *count,
              struct tgsiva_diagnostic *d)
{
   struct call c;
   uint64_t *tmp = NULL;
   size_t n = 0;
   diag_clear(d);
   *words = NULL;
   *count = 0;
   call_init(&c);
   if (setjmp(c.fail))
      return no_memory(&c, d);
   if (parse(&c.arena, text, len, &tmp, &n, d)) {
      if (!copy_words(tmp, n, words))
         return no_memory(&c, d);
      *count = n;
   }
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

enum tgsiva_status
tgsiva_valhall_disassemble(const uint64_t *words, size_t count,
                           unsigned flags, char **text,
                           struct tgsiva_diagnostic *d)
{
   struct call c;
   struct strbuf sb;
   diag_clear(d);
   *text = NULL;
   call_init(&c);
   if (setjmp(c.fail))
      return no_memory(&c, d);
   strbuf_init(&sb, &c.arena);
   va_disassemble(&sb, words, count,
                  flags & TGSIVA_DISASM_OFFSETS ? VA_DISASM_OFFSETS : 0);
   *text = malloc(sb.len + 1);
   if (!*text)
      return no_memory(&c, d);
   memcpy(*text, sb.data, sb.len + 1);
   return finish(&c, d);
}

void
tgsiva_valhall_free(void *result)
{
   free(result);
}
