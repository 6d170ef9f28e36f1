/* SPDX-License-Identifier: MIT */
/*
 * Which corpus a corpus suite runs over: $TGSIVA_SHARED/NAME with NAME
 * from $TGSIVA_CORPUS, "corpus" (piglit's shaders) by default or
 * "corpus-apps" (real applications' shaders, the same layout).  meson
 * registers each suite once per corpus (NAME_apps for the second).
 */
#ifndef TGSIVA_TESTS_CORPUS_DIR_H
#define TGSIVA_TESTS_CORPUS_DIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/fileio.h"

static inline const char *
test_corpus(void)
{
   const char *name = getenv("TGSIVA_CORPUS");
   return name && *name ? name : "corpus";
}

/* Keeps every Nth of `paths` with N from $TGSIVA_CORPUS_STRIDE (unset or
 * 1: all), so that a slow build (sanitizers) can run a corpus suite on a
 * fixed sample of it; says so on stdout, so that a log never passes a
 * sample off as the whole corpus. */
static inline void
test_corpus_sample(const char *dir, char **paths, size_t *count)
{
   const char *env = getenv("TGSIVA_CORPUS_STRIDE");
   unsigned long stride = env ? strtoul(env, NULL, 10) : 1;
   if (stride <= 1)
      return;
   size_t kept = 0;
   for (size_t i = 0; i < *count; i += stride)
      paths[kept++] = paths[i];
   printf("sample: %zu of %zu files of %s (TGSIVA_CORPUS_STRIDE=%lu)\n",
          kept, *count, dir, stride);
   *count = kept;
}

/* The .tgsi files of one stage directory ("vs", "fs", "cs") of the
 * corpus, listed in `arena`; false without $TGSIVA_SHARED or when the
 * corpus lacks the stage (corpus-apps has no compute shaders). */
static inline bool
test_corpus_stage(struct arena *arena, const char *stage, char ***paths,
                  size_t *count)
{
   const char *shared = getenv("TGSIVA_SHARED");
   char dir[4096];
   if (!shared)
      return false;
   snprintf(dir, sizeof(dir), "%s/%s/tgsi/%s", shared, test_corpus(), stage);
   if (!file_list(arena, dir, ".tgsi", paths, count))
      return false;
   test_corpus_sample(dir, *paths, count);
   return true;
}

/* Calls fn(ctx, path) for every vertex, fragment and compute shader of
 * the corpus; false when there is none to visit (no corpus). */
static inline bool
test_corpus_each(struct arena *arena, void (*fn)(void *ctx, const char *path),
                 void *ctx)
{
   static const char *const stages[] = {"vs", "fs", "cs"};
   bool found = false;
   for (unsigned s = 0; s < 3; s++) {
      char **paths;
      size_t count;
      if (!test_corpus_stage(arena, stages[s], &paths, &count))
         continue;
      found = true;
      for (size_t i = 0; i < count; i++)
         fn(ctx, paths[i]);
   }
   return found;
}

/* A seed from a file's name (FNV-1a), so that what a suite draws for a
 * file does not change when other files come or go. */
static inline uint64_t
test_name_seed(const char *s)
{
   uint64_t h = 1469598103934665603ull;
   for (; *s; s++)
      h = (h ^ (unsigned char)*s) * 1099511628211ull;
   return h;
}

#endif
