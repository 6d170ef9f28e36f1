/* SPDX-License-Identifier: MIT */
/*
 * Shader cache support (cache.c), the internal part: the blob format's
 * version and a field-by-field equality of two results, for the tests.
 */
#ifndef TGSIVA_CACHE_H
#define TGSIVA_CACHE_H

#include <stdbool.h>

#include "tgsiva/compile.h"

/* Bumped whenever the blob's fields change; other versions are refused. */
#define CACHE_BLOB_VERSION 3
/* "TGSV": the first four bytes of every blob. */
#define CACHE_BLOB_MAGIC 0x56534754u

/* Every field of two results (programs byte for byte) is equal. */
bool cache_shader_equal(const struct tgsiva_shader *a,
                        const struct tgsiva_shader *b);

#endif
