/* SPDX-License-Identifier: MIT */
/*
 * The public TGSI functions (<tgsiva/tgsi.h>) on top of the internal ones.
 * Each call owns one arena with a memory limit, turns allocation failure
 * into a status through the arena's fail hook (a longjmp back here), and
 * copies its result into malloc'd memory the caller frees, so no arena
 * ever escapes.
 */
#include "tgsiva/tgsi.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi.h"
#include "util/diag.h"

/* Far above what any real shader needs; a runaway input stops here. */
#define CALL_MEMORY_LIMIT (512u * 1024 * 1024)

/* Allocated with malloc so that it stays valid across the longjmp. */
struct call {
   struct arena arena;
   jmp_buf jmp;
   struct tgsiva_diagnostic *diag;
   struct tgsiva_diagnostic own_diag;
};

static void
on_arena_fail(void *ctx, bool over_limit)
{
   struct call *c = ctx;
   diag_error(c->diag, over_limit ? TGSIVA_ERROR_LIMIT : TGSIVA_ERROR_NOMEM,
              over_limit ? "memory limit of %u MiB exceeded"
                         : "out of memory (%u MiB limit)",
              CALL_MEMORY_LIMIT >> 20);
   longjmp(c->jmp, 1);
}

static struct call *
call_begin(struct tgsiva_diagnostic *diag)
{
   if (diag)
      diag_clear(diag);
   struct call *c = malloc(sizeof(*c));
   if (!c) {
      if (diag)
         diag_error(diag, TGSIVA_ERROR_NOMEM, "out of memory");
      return NULL;
   }
   c->diag = diag ? diag : &c->own_diag;
   diag_clear(c->diag);
   arena_init(&c->arena, CALL_MEMORY_LIMIT);
   c->arena.fail = on_arena_fail;
   c->arena.fail_ctx = c;
   return c;
}

static enum tgsiva_status
call_end(struct call *c)
{
   enum tgsiva_status status = c->diag->status;
   arena_finish(&c->arena);
   free(c);
   return status;
}

/* A malloc'd copy of `size` bytes plus a NUL. */
static void *
copy_out(struct call *c, const void *data, size_t size)
{
   char *p = malloc(size + 1);
   if (!p) {
      diag_error(c->diag, TGSIVA_ERROR_NOMEM, "out of memory");
      return NULL;
   }
   memcpy(p, data, size);
   p[size] = '\0';
   return p;
}

enum tgsiva_status
tgsiva_tgsi_text_to_tokens(const char *text, size_t len, uint32_t **tokens,
                           size_t *num_tokens,
                           struct tgsiva_diagnostic *diag)
{
   *tokens = NULL;
   *num_tokens = 0;
   struct call *c = call_begin(diag);
   if (!c)
      return TGSIVA_ERROR_NOMEM;
   if (setjmp(c->jmp) == 0) {
      struct tgsi_shader *s;
      uint32_t *w;
      size_t n;
      if (tgsi_parse_text(&c->arena, text, len, &s, c->diag) &&
          tgsi_write_tokens(&c->arena, s, &w, &n, c->diag)) {
         *tokens = copy_out(c, w, n * sizeof(*w));
         *num_tokens = *tokens ? n : 0;
      }
   }
   return call_end(c);
}

enum tgsiva_status
tgsiva_tgsi_tokens_to_text(const uint32_t *tokens, size_t num_tokens,
                           char **text, size_t *len,
                           struct tgsiva_diagnostic *diag)
{
   *text = NULL;
   *len = 0;
   struct call *c = call_begin(diag);
   if (!c)
      return TGSIVA_ERROR_NOMEM;
   if (setjmp(c->jmp) == 0) {
      struct tgsi_shader *s;
      if (tgsi_read_tokens(&c->arena, tokens, num_tokens, &s, c->diag)) {
         struct strbuf sb;
         strbuf_init(&sb, &c->arena);
         tgsi_print_shader(&sb, s);
         *text = copy_out(c, sb.data, sb.len);
         *len = *text ? sb.len : 0;
      }
   }
   return call_end(c);
}

enum tgsiva_status
tgsiva_tgsi_canonicalize(const char *text, size_t len, char **out,
                         size_t *out_len, struct tgsiva_diagnostic *diag)
{
   uint32_t *tokens;
   size_t n;
   enum tgsiva_status st =
      tgsiva_tgsi_text_to_tokens(text, len, &tokens, &n, diag);
   if (st != TGSIVA_OK) {
      *out = NULL;
      *out_len = 0;
      return st;
   }
   st = tgsiva_tgsi_tokens_to_text(tokens, n, out, out_len, diag);
   tgsiva_tgsi_free(tokens);
   return st;
}

void
tgsiva_tgsi_free(void *result)
{
   free(result);
}
