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

/*
 * One call's state.  It lives in the public function's frame and the
 * function that calls setjmp only receives a pointer to it, so nothing a
 * longjmp skips over is a local of the setjmp caller that changed after
 * setjmp (such locals are indeterminate after the jump, C11 7.13.2.1).
 */
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

static void
call_begin(struct call *c, struct tgsiva_diagnostic *diag)
{
   c->diag = diag ? diag : &c->own_diag;
   diag_clear(c->diag);
   arena_init(&c->arena, CALL_MEMORY_LIMIT);
   c->arena.fail = on_arena_fail;
   c->arena.fail_ctx = c;
}

static enum tgsiva_status
call_end(struct call *c)
{
   arena_finish(&c->arena);
   return c->diag->status;
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

/* Text to words; an arena failure jumps back here and returns. */
static void
text_to_tokens(struct call *c, const char *text, size_t len,
               uint32_t **tokens, size_t *num_tokens)
{
   if (setjmp(c->jmp))
      return;
   struct tgsi_shader *s;
   uint32_t *w;
   size_t n;
   if (tgsi_parse_text(&c->arena, text, len, &s, c->diag) &&
       tgsi_write_tokens(&c->arena, s, &w, &n, c->diag)) {
      *tokens = copy_out(c, w, n * sizeof(*w));
      *num_tokens = *tokens ? n : 0;
   }
}

enum tgsiva_status
tgsiva_tgsi_text_to_tokens(const char *text, size_t len, uint32_t **tokens,
                           size_t *num_tokens,
                           struct tgsiva_diagnostic *diag)
{
   struct call c;
   *tokens = NULL;
   *num_tokens = 0;
   call_begin(&c, diag);
   text_to_tokens(&c, text, len, tokens, num_tokens);
   return call_end(&c);
}

/* Words to text; an arena failure jumps back here and returns. */
static void
tokens_to_text(struct call *c, const uint32_t *tokens, size_t num_tokens,
               char **text, size_t *len)
{
   if (setjmp(c->jmp))
      return;
   struct tgsi_shader *s;
   if (tgsi_read_tokens(&c->arena, tokens, num_tokens, &s, c->diag)) {
      struct strbuf sb;
      strbuf_init(&sb, &c->arena);
      tgsi_print_shader(&sb, s);
      *text = copy_out(c, sb.data, sb.len);
      *len = *text ? sb.len : 0;
   }
}

enum tgsiva_status
tgsiva_tgsi_tokens_to_text(const uint32_t *tokens, size_t num_tokens,
                           char **text, size_t *len,
                           struct tgsiva_diagnostic *diag)
{
   struct call c;
   *text = NULL;
   *len = 0;
   call_begin(&c, diag);
   tokens_to_text(&c, tokens, num_tokens, text, len);
   return call_end(&c);
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
