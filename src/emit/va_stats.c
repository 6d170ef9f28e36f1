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
 * FMA/CVT/SFU count the register words an instruction writes.
 */
#include "va_emit.h"

#include <string.h>

#include "va.h"

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
va_program_stats(const uint64_t *words, size_t count, struct va_stats *st)
{
   memset(st, 0, sizeof(*st));
   unsigned fma = 0, cvt = 0, sfu = 0, v = 0, t = 0, ls = 0;
   for (size_t pc = 0; pc < count; pc++) {
      struct va_instr I;
      st->instructions++;
      if (!va_decode(words[pc], &I))
         continue;
      switch (va_form(I.op)->unit) {
      case VA_UNIT_FMA: fma += words_written(&I); break;
      case VA_UNIT_CVT: cvt += words_written(&I); break;
      case VA_UNIT_SFU: sfu += words_written(&I); break;
      case VA_UNIT_V: v += varying_components(&I); break;
      case VA_UNIT_T: t++; break;
      case VA_UNIT_VT:
         v += varying_components(&I);
         t++;
         break;
      case VA_UNIT_LS: ls++; break;
      default: break;
      }
   }
   st->fma = fma / 64.0;
   st->cvt = cvt / 64.0;
   st->sfu = sfu / 16.0;
   st->v = v / 16.0;
   st->t = t / 4.0;
   st->ls = ls;
   double m = st->fma;
   const double units[] = {st->cvt, st->sfu, st->v, st->t, st->ls};
   for (unsigned i = 0; i < 5; i++)
      m = units[i] > m ? units[i] : m;
   st->cycles = m;
}
