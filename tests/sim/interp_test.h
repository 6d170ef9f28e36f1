/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the TGSI interpreter's tests: parse a shader from text, set
 * up its environment from a seed, run it, and read what it produced.
 * Expected values in the tests are worked out by hand from tgsi.rst (or
 * from the environment's documented functions), never by running another
 * implementation.
 */
#ifndef TGSIVA_TESTS_SIM_INTERP_TEST_H
#define TGSIVA_TESTS_SIM_INTERP_TEST_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/tgsi_interp.h"
#include "util/diag.h"

struct run {
   struct arena arena;
   struct tgsi_shader *s;
   struct sim_env env;
   struct sim_outputs out;
   struct tgsi_interp_result res;
   bool ok;
};

static inline uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static inline float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* Parses `text` and sets up its environment (not run yet). */
static inline struct run *
run_prepare(const char *text, uint64_t seed)
{
   struct run *r = calloc(1, sizeof(*r));
   struct tgsiva_diagnostic d;
   arena_init(&r->arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_text(&r->arena, text, strlen(text), &r->s, &d))
      fail_msg("parse: %d:%d: %s", d.line, d.column, d.message);
   assert_true(tgsi_interp_setup_env(&r->env, &r->arena, r->s, seed));
   return r;
}

static inline void
run_go(struct run *r)
{
   r->ok = tgsi_interp_run(&r->env, r->s, NULL, &r->out, &r->res);
}

/* Parses, sets up and runs; the run must succeed. */
static inline struct run *
run_text(const char *text, uint64_t seed)
{
   struct run *r = run_prepare(text, seed);
   run_go(r);
   if (!r->ok)
      fail_msg("interpreter: %s", r->res.message);
   return r;
}

static inline void
run_free(struct run *r)
{
   arena_finish(&r->arena);
   free(r);
}

/* A vertex shader around `body`, which leaves its result in TEMP[0]:
 * that register goes to GENERIC[0]. */
static inline struct run *
run_vs(const char *decls, const char *body)
{
   char text[8192];
   snprintf(text, sizeof(text),
            "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..7]\n%s%s"
            "MOV OUT[0], TEMP[0]\nEND\n",
            decls, body);
   return run_text(text, 1);
}

/* GENERIC[0] of lane `l`, channel c, and its annotation. */
static inline uint32_t
vs_word(const struct run *r, unsigned l, unsigned c)
{
   return r->out.varyings[0].value[l].w[c];
}

static inline double
vs_err(const struct run *r, unsigned l, unsigned c)
{
   return r->res.annot->varyings[0][l][c].err;
}

static inline float
vs_float(const struct run *r, unsigned l, unsigned c)
{
   return bitsf(vs_word(r, l, c));
}

/* The four words of GENERIC[0] in lane 0 must be `w`, exactly: err 0,
 * or for a zero the least subnormal (the sign of a zero an operation
 * that is not precise gives is open, the error model's rule 7). */
static inline void
assert_vs_exact(const struct run *r, const uint32_t w[4])
{
   for (unsigned c = 0; c < 4; c++) {
      double allowed = (w[c] & 0x7fffffffu) ? 0 : 0x1p-149;
      if (vs_word(r, 0, c) != w[c] || vs_err(r, 0, c) > allowed)
         fail_msg("channel %u: 0x%08x err %g, expected 0x%08x exactly", c,
                  vs_word(r, 0, c), vs_err(r, 0, c), w[c]);
   }
}

#define WORDS(...) ((const uint32_t[4]){__VA_ARGS__})
#define FLOATS(a, b, c, d) WORDS(fbits(a), fbits(b), fbits(c), fbits(d))

#endif
