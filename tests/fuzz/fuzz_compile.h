/* SPDX-License-Identifier: MIT */
/*
 * The two whole-compile targets (from text, from tokens) through the
 * public API with the validators on.  A number from the input (`pick`)
 * chooses the register budget, so that spilling is fuzzed too, and (one
 * pick in four) a transform-feedback capture of OUT[0], so that vertex
 * shaders build their third program; an internal error (a validator or
 * an invariant failing) is a finding.
 */
#ifndef TGSIVA_TESTS_FUZZ_COMPILE_H
#define TGSIVA_TESTS_FUZZ_COMPILE_H

#include "fuzz.h"
#include "tgsiva/compile.h"

/* OUT[0] whole, or its .yz, in one of the buffers. */
static const struct tgsiva_stream_output fuzz_stream_outputs[4] = {
   {1, {4, 0, 0, 0}, {{0, 0, 4, 0, 0, 0}}},
   {1, {0, 7, 0, 0}, {{0, 1, 2, 1, 5, 0}}},
   {2, {0, 0, 8, 4}, {{0, 0, 4, 2, 1, 0}, {0, 3, 1, 3, 3, 0}}},
   {1, {0, 0, 0, 8200}, {{0, 0, 3, 3, 8192, 0}}},
};

static inline struct tgsiva_compile_options
fuzz_compile_options(uint32_t pick)
{
   static const unsigned budgets[4] = {0, 64, 16, 8};
   struct tgsiva_compile_options o = {
      .validate = true,
      .max_registers = budgets[pick & 3],
      /* Small enough that a campaign does not stall on huge shaders. */
      .memory_limit = 64u << 20,
   };
   if (((pick >> 2) & 3) == 3)
      o.stream_output = &fuzz_stream_outputs[(pick >> 4) & 3];
   return o;
}

static inline void
fuzz_check_compile(enum tgsiva_status status, struct tgsiva_shader *shader,
                   const struct tgsiva_diagnostic *d)
{
   if (status == TGSIVA_OK) {
      if (!shader || !shader->program_count || shader->program_count > 3)
         fuzz_fail("success without programs", NULL);
      for (unsigned p = 0; p < shader->program_count; p++) {
         if (shader->programs[p].size % 8 || !shader->programs[p].code)
            fuzz_fail("a program that is not whole words", NULL);
      }
   } else if (shader) {
      fuzz_fail("a failed compile returned a shader", NULL);
   } else if (status == TGSIVA_ERROR_INTERNAL) {
      fuzz_fail("internal error compiling", d);
   }
   tgsiva_shader_free(shader);
}

#endif
