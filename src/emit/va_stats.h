/* SPDX-License-Identifier: MIT */
/*
 * What a program costs, read from its words: the per-unit cycle model
 * (va_stats.c, docs/stats.md) and the shortest and longest paths through
 * its control flow (va_paths.c, docs/report.md).
 */
#ifndef TGSIVA_EMIT_VA_STATS_H
#define TGSIVA_EMIT_VA_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

/* va_stats.c: the cost model (docs/stats.md). */
struct va_stats {
   unsigned instructions;
   double fma, cvt, sfu, v, t, ls; /* cycles per unit */
   double cycles;                  /* the busiest unit's */
};

void va_program_stats(const uint64_t *words, size_t count,
                      struct va_stats *st);

/* The units of the cost model, in the order reports print them. */
enum va_cost_unit {
   VA_COST_FMA,
   VA_COST_CVT,
   VA_COST_SFU,
   VA_COST_LS,
   VA_COST_V,
   VA_COST_T,
   VA_COST_UNITS,
};

struct va_instr;
/* What one instruction costs each unit, in the unit's own items
 * (register words, components, messages). */
void va_instr_costs(const struct va_instr *I,
                    uint32_t counts[VA_COST_UNITS]);
/* The counts of every instruction of a program, summed. */
void va_program_costs(const uint64_t *words, size_t count,
                      uint64_t sums[VA_COST_UNITS]);
/* Cycles per unit from summed counts. */
void va_stats_from_counts(const uint64_t counts[VA_COST_UNITS],
                          unsigned instructions, struct va_stats *st);

/* va_paths.c: the cost model over the program's control flow.  For each
 * unit on its own, the least and the most a run from the first
 * instruction to an exit can cost (`shortest` and `longest`; their
 * `cycles` is the busiest unit's).  A loop leaves the longest path
 * without bound: `longest_unbounded` is set and `longest` is zero. */
struct va_path_stats {
   struct va_stats total, shortest, longest;
   bool longest_unbounded;
   unsigned blocks; /* basic blocks reachable from the entry */
};

bool va_program_paths(struct arena *arena, const uint64_t *words,
                      size_t count, struct va_path_stats *out);

#endif
