/* SPDX-License-Identifier: MIT */
/*
 * What every fuzz target shares.  A target is one function,
 * LLVMFuzzerTestOneInput, built twice: with libFuzzer (-Dfuzz=true, clang)
 * for campaigns, and with replay.c for every compiler, so that the unit
 * suite replays the regression inputs under tests/fuzz/regressions/.
 *
 * A target fails by aborting (fuzz_fail): a crash, a sanitizer report, a
 * hang or a broken property (an internal error, a result that does not
 * parse back) are all findings.
 */
#ifndef TGSIVA_TESTS_FUZZ_H
#define TGSIVA_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tgsiva/tgsiva.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs above this size are ignored: the limits they would test are
 * tested on purpose in tests/limits, and huge inputs slow a campaign. */
#define FUZZ_MAX_INPUT (256u * 1024)

static inline void
fuzz_fail(const char *what, const struct tgsiva_diagnostic *d)
{
   fprintf(stderr, "fuzz finding: %s", what);
   if (d)
      fprintf(stderr, ": %s (%s)", d->message,
              tgsiva_status_name(d->status));
   fputc('\n', stderr);
   abort();
}

/* The input as 32-bit or 64-bit little-endian words (a trailing partial
 * word is dropped); the caller frees the result. */
static inline void *
fuzz_words(const uint8_t *data, size_t size, size_t word_bytes,
           size_t *count)
{
   *count = size / word_bytes;
   uint8_t *w = malloc(*count * word_bytes + 1);
   if (!w)
      abort();
   for (size_t i = 0; i < *count * word_bytes; i += word_bytes) {
      for (size_t b = 0; b < word_bytes; b++)
         w[i + b] = data[i + b];
   }
   return w;
}

#endif
