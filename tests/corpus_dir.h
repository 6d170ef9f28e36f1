/* SPDX-License-Identifier: MIT */
/*
 * Which corpus a corpus suite runs over: $TGSIVA_SHARED/NAME with NAME
 * from $TGSIVA_CORPUS, "corpus" (piglit's shaders) by default or
 * "corpus-apps" (real applications' shaders, the same layout).  meson
 * registers each suite once per corpus (NAME_apps for the second).
 */
#ifndef TGSIVA_TESTS_CORPUS_DIR_H
#define TGSIVA_TESTS_CORPUS_DIR_H

#include <stdint.h>
#include <stdlib.h>

static inline const char *
test_corpus(void)
{
   const char *name = getenv("TGSIVA_CORPUS");
   return name && *name ? name : "corpus";
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
