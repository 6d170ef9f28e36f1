/* SPDX-License-Identifier: MIT */
/*
 * The cache support over every shader of $TGSIVA_SHARED/corpus (or
 * $TGSIVA_CORPUS, ../corpus_dir.h), through the public API:
 *
 * 1. serialise then deserialise gives back an equal shader (every field,
 *    cache_shader_equal), and serialising that gives the same bytes;
 * 2. the blob cut in half, or with one byte changed, is an input error;
 * 3. the shader hash of the tokens is the same twice, and differs for
 *    another variant key.
 *
 * Shaders tgsiva does not compile (double precision, ...) are counted
 * apart.
 * Prints the counts; exits 77 without the corpus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

struct tally {
   unsigned round_trips, corrupt_refused, hashes, uncompiled, failed;
   size_t blob_bytes;
};

static void
fail(struct tally *t, const char *path, const char *why)
{
   printf("FAIL %s: %s\n", path, why);
   t->failed++;
}

static void
check_hash(struct tally *t, const char *path, const char *text, size_t len)
{
   uint32_t *tokens;
   size_t n;
   if (tgsiva_tgsi_text_to_tokens(text, len, &tokens, &n, NULL) != TGSIVA_OK)
      return;
   uint8_t a[TGSIVA_HASH_SIZE], b[TGSIVA_HASH_SIZE], c[TGSIVA_HASH_SIZE];
   struct tgsiva_shader_key key = {.clip_plane_enable = 1};
   struct tgsiva_compile_options o = {.key = &key};
   tgsiva_shader_hash(tokens, n, NULL, a);
   tgsiva_shader_hash(tokens, n, NULL, b);
   tgsiva_shader_hash(tokens, n, &o, c);
   tgsiva_tgsi_free(tokens);
   if (memcmp(a, b, sizeof(a)) || !memcmp(a, c, sizeof(a)))
      fail(t, path, "the hash is not a function of tokens and key");
   else
      t->hashes++;
}

static void
check_blob(struct tally *t, const char *path, const struct tgsiva_shader *sh)
{
   uint8_t *blob, *again;
   size_t size, size2;
   struct tgsiva_shader *back;
   if (tgsiva_shader_serialize(sh, &blob, &size, NULL) != TGSIVA_OK)
      return fail(t, path, "serialize failed");
   t->blob_bytes += size;
   if (tgsiva_shader_deserialize(blob, size, &back, NULL) != TGSIVA_OK) {
      tgsiva_blob_free(blob);
      return fail(t, path, "deserialize failed");
   }
   bool same = cache_shader_equal(sh, back) &&
               tgsiva_shader_serialize(back, &again, &size2, NULL) ==
                  TGSIVA_OK;
   if (same) {
      same = size2 == size && !memcmp(blob, again, size);
      tgsiva_blob_free(again);
   }
   tgsiva_shader_free(back);
   if (!same)
      fail(t, path, "the deserialised shader differs");
   else
      t->round_trips++;
   struct tgsiva_shader *bad = NULL;
   bool refused =
      tgsiva_shader_deserialize(blob, size / 2, &bad, NULL) ==
         TGSIVA_ERROR_INPUT &&
      !bad;
   blob[size / 3] ^= 0x40;
   refused &= tgsiva_shader_deserialize(blob, size, &bad, NULL) ==
                 TGSIVA_ERROR_INPUT &&
              !bad;
   if (refused)
      t->corrupt_refused++;
   else
      fail(t, path, "a truncated or corrupt blob was accepted");
   tgsiva_blob_free(blob);
}

static void
check_file(void *ctx, const char *path)
{
   struct tally *t = ctx;
   struct arena arena;
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   arena_init(&arena, 0);
   if (!file_read(&arena, path, &text, &len, &d)) {
      fail(t, path, d.message);
   } else {
      check_hash(t, path, text, len);
      struct tgsiva_shader *sh;
      if (tgsiva_compile_text(text, len, NULL, &sh, &d) == TGSIVA_OK) {
         check_blob(t, path, sh);
         tgsiva_shader_free(sh);
      } else {
         t->uncompiled++;
      }
   }
   arena_finish(&arena);
}

int
main(void)
{
   struct tally t = {0};
   struct arena arena;
   arena_init(&arena, 0);
   bool found = test_corpus_each(&arena, check_file, &t);
   arena_finish(&arena);
   if (!found) {
      printf("no %s under $TGSIVA_SHARED: skipped\n", test_corpus());
      return 77;
   }
   printf("%s: %u shaders serialised, deserialised and equal (%zu blob "
          "bytes), %u truncated and corrupt blobs refused, %u hashes "
          "stable, %u shaders tgsiva does not compile, %u failed\n",
          test_corpus(), t.round_trips, t.blob_bytes, t.corrupt_refused,
          t.hashes, t.uncompiled, t.failed);
   return t.failed || !t.round_trips ? 1 : 0;
}
