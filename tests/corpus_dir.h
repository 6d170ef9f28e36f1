/* SPDX-License-Identifier: MIT */
/*
 * Which corpus a corpus suite runs over: $TGSIVA_SHARED/NAME with NAME
 * from $TGSIVA_CORPUS, "corpus" (piglit's shaders) by default or
 * "corpus-apps" (real applications' shaders, the same layout).  meson
 * registers each suite once per corpus (NAME_apps for the second).
 */
#ifndef TGSIVA_TESTS_CORPUS_DIR_H
#define TGSIVA_TESTS_CORPUS_DIR_H

#include <stdlib.h>

static inline const char *
test_corpus(void)
{
   const char *name = getenv("TGSIVA_CORPUS");
   return name && *name ? name : "corpus";
}

#endif
