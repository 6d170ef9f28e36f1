/* SPDX-License-Identifier: MIT */
/*
 * Static statistics of a program, read from its words (docs/stats.md):
 * instructions by unit and the cycle estimate of the busiest unit.
 *
 * The cost model: per clock a core issues 64 register words on the FMA
 * and on the CVT unit, 16 on the SFU, 16 16-bit components on the varying
 * unit, 4 texture messages and 1 load/store message; a program's cycles
 * are its busiest unit's count divided by that rate (Mesa's shader-db
 * model for Mali-G78-class peaks, so the numbers compare with Mesa's).
 * FMA/CVT/SFU count the register words an instruction writes.  The
 * counts are integers per instruction, so that paths through the program
 * (va_paths.c) add them exactly and divide once.
 */
#include "va_stats.h"

#include <string.h>

#include "va.h"

/* Items each unit issues per clock, by enum va_cost_unit. */
static const double unit_rate[VA_COST_UNITS] = {64, 64, 16, 1, 16, 4};

static unsigned
words_written(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   return f->size == 64 ? 2 : 1;
}

/* 16-bit components a varying load moves. */
static unsigned
varying_components(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   unsigned n = 0;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (f->staging[i].write)
         n += I->staging[i].count;
   }
   /* f16 forms move half words. */
   return f->size == 16 ? n : 2 * n;
}

void
va_instr_costs(const struct va_instr *I, uint32_t counts[VA_COST_UNITS])
{
   memset(counts, 0, VA_COST_UNITS * sizeof(counts[0]));
   switch (va_form(I->op)->unit) {
   case VA_UNIT_FMA: counts[VA_COST_FMA] = words_written(I); break;
   case VA_UNIT_CVT: counts[VA_COST_CVT] = words_written(I); break;
   case VA_UNIT_SFU: counts[VA_COST_SFU] = words_written(I); break;
   case VA_UNIT_V: counts[VA_COST_V] = varying_components(I); break;
   case VA_UNIT_T: counts[VA_COST_T] = 1; break;
   case VA_UNIT_VT:
      counts[VA_COST_V] = varying_components(I);
      counts[VA_COST_T] = 1;
      break;
   case VA_UNIT_LS: counts[VA_COST_LS] = 1; break;
   default: break;
   }
}

void
va_stats_from_counts(const uint64_t counts[VA_COST_UNITS],
                     unsigned instructions, struct va_stats *st)
{
   double cycles[VA_COST_UNITS];
   double m = 0;
   for (unsigned u = 0; u < VA_COST_UNITS; u++) {
      cycles[u] = (double)counts[u] / unit_rate[u];
      m = cycles[u] > m ? cycles[u] : m;
   }
   st->instructions = instructions;
   st->fma = cycles[VA_COST_FMA];
   st->cvt = cycles[VA_COST_CVT];
   st->sfu = cycles[VA_COST_SFU];
   st->ls = cycles[VA_COST_LS];
   st->v = cycles[VA_COST_V];
   st->t = cycles[VA_COST_T];
   st->cycles = m;
}

void
va_program_costs(const uint64_t *words, size_t count,
                 uint64_t sums[VA_COST_UNITS])
{
   memset(sums, 0, VA_COST_UNITS * sizeof(sums[0]));
   for (size_t pc = 0; pc < count; pc++) {
      struct va_instr I;
      uint32_t c[VA_COST_UNITS];
      if (!va_decode(words[pc], &I))
         continue;
      va_instr_costs(&I, c);
      for (unsigned u = 0; u < VA_COST_UNITS; u++)
         sums[u] += c[u];
   }
}

void
va_program_stats(const uint64_t *words, size_t count, struct va_stats *st)
{
   uint64_t sums[VA_COST_UNITS];
   va_program_costs(words, count, sums);
   va_stats_from_counts(sums, (unsigned)count, st);
}
