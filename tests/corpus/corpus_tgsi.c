/* SPDX-License-Identifier: MIT */
/*
 * The TGSI front end against the real shaders in $TGSIVA_SHARED/corpus
 * (Mesa's tgsi_dump output) and Mesa's own tokens for them in
 * $TGSIVA_SHARED/mesa-ref/tokens.  For every shader:
 *
 *   dump         text -> tokens -> text reproduces the file byte for byte
 *                (trailing white space, stripped from the corpus, is
 *                ignored on both sides)
 *   tokens       text -> tokens equals Mesa's words, where Mesa has them
 *   stable       text -> tokens -> text -> tokens gives the same words
 *   mesa-tokens  Mesa's words -> text reproduces the file
 *
 * Prints "N passed, N failed" per check and each failure with its cause.
 * Exits 77 (skipped) without the corpus.
 * $TGSIVA_CORPUS names another corpus with the same layout
 * (../corpus_dir.h: corpus-apps).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tgsi/tgsi.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

enum check { DUMP, TOKENS, STABLE, MESA_TOKENS, NUM_CHECKS };

static const char *const check_names[NUM_CHECKS] = {
   "dump", "tokens", "stable", "mesa-tokens",
};

struct results {
   unsigned passed[NUM_CHECKS], failed[NUM_CHECKS];
   unsigned no_mesa_tokens;
};

/* Length of `s` without the white space before each newline. */
static size_t
strip_trailing(char *s, size_t len)
{
   size_t out = 0, pending = 0;
   for (size_t i = 0; i < len; i++) {
      char c = s[i];
      if (c == ' ' || c == '\t' || c == '\r') {
         pending++;
         continue;
      }
      if (c != '\n') {
         memmove(s + out, s + i - pending, pending);
         out += pending;
      }
      pending = 0;
      s[out++] = c;
   }
   s[out] = '\0';
   return out;
}

static void
record(struct results *r, enum check c, const char *file, const char *why)
{
   if (!why) {
      r->passed[c]++;
      return;
   }
   r->failed[c]++;
   printf("FAIL %s %s: %s\n", check_names[c], file, why);
}

/* NULL if `got` (modified) matches `want`, else the first differing line. */
static const char *
compare_text(struct arena *a, char *got, size_t got_len, char *want,
             size_t want_len)
{
   got_len = strip_trailing(got, got_len);
   want_len = strip_trailing(want, want_len);
   if (got_len == want_len && memcmp(got, want, got_len) == 0)
      return NULL;
   unsigned line = 1;
   size_t i = 0;
   while (i < got_len && i < want_len && got[i] == want[i])
      line += got[i++] == '\n';
   while (i > 0 && got[i - 1] != '\n')
      i--;
   return arena_printf(a, "line %u is \"%.*s\", expected \"%.*s\"", line,
                       (int)strcspn(got + i, "\n"), got + i,
                       (int)strcspn(want + i, "\n"), want + i);
}

static const char *
diag_text(struct arena *a, const struct tgsiva_diagnostic *d)
{
   char buf[700];
   tgsiva_diagnostic_format(d, "shader", buf, sizeof(buf));
   return arena_strdup(a, buf);
}

/* text -> tokens, or NULL with *why set. */
static uint32_t *
to_tokens(struct arena *a, const char *text, size_t len, size_t *n,
          const char **why)
{
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   uint32_t *w;
   diag_clear(&d);
   if (!tgsi_parse_text(a, text, len, &s, &d) ||
       !tgsi_write_tokens(a, s, &w, n, &d)) {
      *why = diag_text(a, &d);
      return NULL;
   }
   return w;
}

/* tokens -> text, or NULL with *why set. */
static char *
to_text(struct arena *a, const uint32_t *w, size_t n, size_t *len,
        const char **why)
{
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   diag_clear(&d);
   if (!tgsi_read_tokens(a, w, n, &s, &d)) {
      *why = diag_text(a, &d);
      return NULL;
   }
   struct strbuf sb;
   strbuf_init(&sb, a);
   tgsi_print_shader(&sb, s);
   *len = sb.len;
   return sb.data;
}

static const char *
compare_words(struct arena *a, const uint32_t *got, size_t n_got,
              const uint32_t *want, size_t n_want)
{
   for (size_t i = 0; i < n_got && i < n_want; i++) {
      if (got[i] != want[i])
         return arena_printf(a, "word %zu is 0x%08x, expected 0x%08x", i,
                             got[i], want[i]);
   }
   if (n_got != n_want)
      return arena_printf(a, "%zu words, expected %zu", n_got, n_want);
   return NULL;
}

/* Mesa's words for `rel` ("tgsi/fs/x.tgsi"), or NULL if it has none. */
static uint32_t *
mesa_words(struct arena *a, const char *shared, const char *rel, size_t *n)
{
   struct tgsiva_diagnostic d;
   char *data;
   size_t len;
   const char *name = rel + strlen("tgsi/");
   char *path = arena_printf(a, "%s/mesa-ref/tokens/%.*s.bin", shared,
                             (int)(strlen(name) - strlen(".tgsi")), name);
   struct stat st;
   diag_clear(&d);
   uint32_t *w;
   if (stat(path, &st) != 0 || !file_read(a, path, &data, &len, &d) ||
       !tgsi_words_from_bytes(a, data, len, &w, n, &d))
      return NULL;
   return w;
}

static void
check_shader(struct results *r, const char *shared, const char *path,
             const char *rel)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   char *text;
   size_t len, n1, n2, out_len;
   const char *why = NULL;
   arena_init(&a, 0);
   diag_clear(&d);
   if (!file_read(&a, path, &text, &len, &d)) {
      record(r, DUMP, rel, diag_text(&a, &d));
      arena_finish(&a);
      return;
   }
   char *want = arena_strndup(&a, text, len);
   uint32_t *w1 = to_tokens(&a, text, len, &n1, &why);
   char *out = w1 ? to_text(&a, w1, n1, &out_len, &why) : NULL;
   uint32_t *w2 = out ? to_tokens(&a, out, out_len, &n2, &why) : NULL;
   record(r, STABLE, rel, w2 ? compare_words(&a, w2, n2, w1, n1) : why);
   record(r, DUMP, rel, out ? compare_text(&a, out, out_len, want, len) : why);

   size_t nm;
   uint32_t *mesa = mesa_words(&a, shared, rel, &nm);
   if (!mesa) {
      r->no_mesa_tokens++;
   } else {
      record(r, TOKENS, rel, w1 ? compare_words(&a, w1, n1, mesa, nm) : why);
      char *mtext = to_text(&a, mesa, nm, &out_len, &why);
      record(r, MESA_TOKENS, rel,
             mtext ? compare_text(&a, mtext, out_len, want, len) : why);
   }
   arena_finish(&a);
}

int
main(void)
{
   const char *shared = getenv("TGSIVA_SHARED");
   struct arena a;
   char **paths;
   size_t count;
   arena_init(&a, 0);
   char *dir = arena_printf(&a, "%s/%s", shared ? shared : "../shared",
                            test_corpus());
   if (!file_list(&a, dir, ".tgsi", &paths, &count) || count == 0) {
      printf("no corpus at %s: skipped\n", dir);
      arena_finish(&a);
      return 77;
   }
   struct results r = {0};
   for (size_t i = 0; i < count; i++)
      check_shader(&r, shared ? shared : "../shared", paths[i],
                   paths[i] + strlen(dir) + 1);
   printf("%zu %s shaders\n", count, test_corpus());
   for (unsigned c = 0; c < NUM_CHECKS; c++)
      printf("%-12s %u passed, %u failed\n", check_names[c], r.passed[c],
             r.failed[c]);
   printf("(%u shaders have no Mesa tokens: Mesa's parser rejects them, "
          "or mesa-ref/tokens has none for this corpus)\n",
          r.no_mesa_tokens);
   bool ok = true;
   for (unsigned c = 0; c < NUM_CHECKS; c++)
      ok = ok && r.failed[c] == 0;
   arena_finish(&a);
   return ok ? 0 : 1;
}
