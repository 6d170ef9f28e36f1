/* SPDX-License-Identifier: MIT */
/*
 * Emission of allocated, scheduled IR as Valhall words (va_emit.c), and
 * the validator of hardware rules over the final code (va_validate.c).
 */
#ifndef TGSIVA_EMIT_VA_EMIT_H
#define TGSIVA_EMIT_VA_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "tgsiva/tgsiva.h"

/* The program's words, in the arena (no header, no padding). */
bool va_emit_program(struct ir_shader *s, struct arena *arena,
                     uint64_t **words, size_t *count,
                     struct tgsiva_diagnostic *d);

/* va_stats.c: the cost model (docs/stats.md). */
struct va_stats {
   unsigned instructions;
   double fma, cvt, sfu, v, t, ls; /* cycles per unit */
   double cycles;                  /* the busiest unit's */
};

void va_program_stats(const uint64_t *words, size_t count,
                      struct va_stats *st);

#endif
