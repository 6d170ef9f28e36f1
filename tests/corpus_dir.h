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
#include <stdio.h>
#include <stdlib.h>

#include "util/fileio.h"

static inline const char *
test_corpus(void)
{
   const char *name = getenv("TGSIVA_CORPUS");
   return name && *name ? name : "corpus";
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
   return file_list(arena, dir, ".tgsi", paths, count);
}

#endif
