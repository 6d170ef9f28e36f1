/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the simulator's unit tests: assemble a program (Mesa's
 * syntax, one instruction per line, through the ISA layer's assembler, so
 * that the tests need no ../shared), run it for one warp with chosen
 * registers, and look at registers, outputs and status.
 */
#ifndef TGSIVA_TESTS_SIM_TEST_H
#define TGSIVA_TESTS_SIM_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit/va.h"
#include "sim/sim_valhall.h"
#include "util/diag.h"

struct sim_test {
   struct arena arena;
   struct sim_env env;
   struct sim_layout layout;
   struct sim_outputs out;
   struct sim_status status;
   uint32_t regs[SIM_LANES][64];  /* before the run (preloads in) */
   uint32_t final[SIM_LANES][64]; /* after it */
   enum sim_program_kind kind;
};

static inline enum sim_stage
sim_test_stage(enum sim_program_kind kind)
{
   switch (kind) {
   case SIM_PROGRAM_FRAGMENT: return SIM_STAGE_FRAGMENT;
   case SIM_PROGRAM_COMPUTE: return SIM_STAGE_COMPUTE;
   default: return SIM_STAGE_VERTEX;
   }
}

/* A fresh environment (seed 7) and an empty layout; the registers hold
 * the kind's preloads. */
static inline struct sim_test *
sim_test_new(enum sim_program_kind kind)
{
   struct sim_test *t = calloc(1, sizeof(*t));
   arena_init(&t->arena, 0);
   t->kind = kind;
   sim_env_init(&t->env, &t->arena, sim_test_stage(kind), 7,
                (uint32_t[3]){4, 4, 1});
   t->layout.stage = sim_test_stage(kind);
   t->layout.sysval_ubo = -1;
   /* The preloads, by running an empty program's setup. */
   uint64_t end;
   struct tgsiva_diagnostic d;
   struct va_instr I;
   diag_clear(&d);
   assert_true(va_assemble_line("NOP.end", 7, 1, &I, &end, &d));
   struct sim_run_options o = {.final_regs = t->regs};
   assert_true(
       sim_run_ex(&t->env, &t->layout, kind, &end, 1, &t->out, &t->status, &o));
   memset(&t->out, 0, sizeof(t->out));
   return t;
}

static inline void
sim_test_free(struct sim_test *t)
{
   arena_finish(&t->arena);
   free(t);
}

/* Register `reg` of every lane. */
static inline void
sim_test_set(struct sim_test *t, unsigned reg, uint32_t value)
{
   for (unsigned l = 0; l < SIM_LANES; l++)
      t->regs[l][reg] = value;
}

static inline void
sim_test_setf(struct sim_test *t, unsigned reg, float value)
{
   uint32_t u;
   memcpy(&u, &value, 4);
   sim_test_set(t, reg, u);
}

/* Assembles `text` and runs it; returns sim_run's result.  A program that
 * does not assemble fails the test. */
static inline bool
sim_test_run(struct sim_test *t, const char *text)
{
   uint64_t *words;
   size_t count;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!va_assemble(&t->arena, text, strlen(text), &words, &count, &d)) {
      print_error("assembly: %s\n", d.message);
      fail();
   }
   struct sim_run_options o = {.initial_regs = (const uint32_t(*)[64])t->regs,
                               .final_regs = t->final,
                               .step_limit = 100000};
   bool ok = sim_run_ex(&t->env, &t->layout, t->kind, words, count, &t->out,
                        &t->status, &o);
   if (!ok)
      print_message("sim: %s at %zu: %s\n", sim_error_name(t->status.error),
                    t->status.pc, t->status.message);
   return ok;
}

/* Runs and expects success. */
#define SIM_RUN(t, text) assert_true(sim_test_run((t), (text)))

/* Runs and expects the given error. */
#define SIM_RUN_FAILS(t, text, err)                                            \
   do {                                                                        \
      assert_false(sim_test_run((t), (text)));                                 \
      assert_int_equal((t)->status.error, (err));                              \
   } while (0)

static inline float
sim_test_f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static inline uint32_t
sim_test_u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#endif
