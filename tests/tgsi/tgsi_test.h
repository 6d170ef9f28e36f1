/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the TGSI unit tests: one-call conversions through the
 * internal API with a fresh arena per call, and a deterministic random
 * number generator for the fuzz loops (fixed seeds, so a failure always
 * reproduces).
 */
#ifndef TGSIVA_TESTS_TGSI_TEST_H
#define TGSIVA_TESTS_TGSI_TEST_H

#include <stdint.h>

#include "tgsi/tgsi.h"
#include "util/diag.h"

/* xorshift64*: good enough to pick mutations, identical on every host. */
static inline uint64_t
test_rand(uint64_t *state)
{
   uint64_t x = *state;
   x ^= x >> 12;
   x ^= x << 25;
   x ^= x >> 27;
   *state = x;
   return x * 0x2545f4914f6cdd1dull;
}

static inline unsigned
test_rand_below(uint64_t *state, unsigned n)
{
   return n ? (unsigned)(test_rand(state) % n) : 0;
}

#endif
