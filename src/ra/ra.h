/* SPDX-License-Identifier: MIT */
/*
 * Register allocation: liveness, SSA-based colouring with the Valhall
 * constraints (aligned pairs and staging vectors, preloaded registers),
 * spilling to thread-local storage, and the copies that take the IR out
 * of SSA form.
 */
#ifndef TGSIVA_RA_RA_H
#define TGSIVA_RA_RA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "ir/layout.h"

#define RA_MAX_REGISTERS 64
/* What a shader may use with 32 registers (full occupancy), and with 64. */
#define RA_REGS_32 (0xffffull | (0xffffull << 48))
#define RA_REGS_64 (~0ull)

/* A set of values (or blocks), one bit each. */
struct ra_bitset {
   uint64_t *words;
   uint32_t nwords;
};

static inline bool
ra_bitset_test(const struct ra_bitset *s, uint32_t i)
{
   return (s->words[i >> 6] >> (i & 63)) & 1;
}

static inline void
ra_bitset_set(struct ra_bitset *s, uint32_t i)
{
   s->words[i >> 6] |= 1ull << (i & 63);
}

static inline void
ra_bitset_clear(struct ra_bitset *s, uint32_t i)
{
   s->words[i >> 6] &= ~(1ull << (i & 63));
}

#define ra_bitset_foreach(s, i)                                              \
   for (uint32_t i##_w_ = 0; i##_w_ < (s)->nwords; i##_w_++)                 \
      for (uint64_t i##_b_ = (s)->words[i##_w_]; i##_b_;                     \
           i##_b_ &= i##_b_ - 1)                                              \
         for (uint32_t i = i##_w_ * 64 + (uint32_t)__builtin_ctzll(i##_b_),   \
                       i##_once_ = 1;                                        \
              i##_once_; i##_once_ = 0)

struct ra_bitset ra_bitset_create(struct arena *a, uint32_t bits);

/* A set of values as an ascending array: a block's live set is the
 * few values live there, so a dense set per block would cost blocks
 * times values in time and memory. */
struct ra_valueset {
   uint32_t *v;
   uint32_t n;
};

#define ra_valueset_foreach(s, x)                                            \
   for (uint32_t x##_i_ = 0, x = 0;                                          \
        x##_i_ < (s)->n && ((x = (s)->v[x##_i_]), true); x##_i_++)

/* Per-block live-in and live-out values (by block index after
 * renumbering).  Phi sources are live out of their predecessor, phi
 * results are defined at the top of their block. */
struct ra_liveness {
   uint32_t nblocks;
   struct ra_valueset *live_in, *live_out;
};

/* ra_liveness.c: the sets and the tables behind them are in s->scratch,
 * for the caller to release. */
void ra_compute_liveness(struct ir_shader *s, struct ra_liveness *l);

/* ra_split_edges.c: a block on every edge from a block with several
 * successors to one with several predecessors. */
bool ra_split_critical_edges(struct ir_shader *s);

/* ra_spill.c: lowers register pressure to `budget` registers by keeping
 * values in thread-local storage (at `layout->tls_bytes` onwards) between
 * their definition and uses. */
bool ra_spill(struct ir_shader *s, unsigned budget, struct ir_layout *layout);
/* The same with every round spilling at all the points as bad as the
 * worst (ra_spill's rounds after its first few): for tests. */
bool ra_spill_spread(struct ir_shader *s, unsigned budget,
                     struct ir_layout *layout);

/* ra_allocate.c: assigns registers from `allowed` (preloaded values keep
 * their hardware registers) and rewrites the shader into registers
 * (s->allocated), giving the number of registers used (highest + 1).
 * False, with the shader unchanged, when some value finds no registers:
 * the caller lowers the pressure or allows more and retries. */
bool ra_allocate(struct ir_shader *s, uint64_t allowed, unsigned *registers);
/* The same on the liveness `live` of the shader as it stands (computed
 * after ir_compute_dominance, in memory the call does not release), or
 * computing its own when `live` is NULL: a caller that tries several
 * register sets on unchanged IR computes it once. */
bool ra_allocate_live(struct ir_shader *s, uint64_t allowed,
                      unsigned *registers, const struct ra_liveness *live);

/* ra_remat.c: each reader of a constant made in a register (IADD_IMM.i32
 * 0, #c) gets its own copy right before it, phis excepted. */
bool ra_rematerialize_constants(struct ir_shader *s);

/* ra_spill.c: the highest number of registers live at once. */
unsigned ra_max_pressure(struct ir_shader *s);
/* The same on `live`, as for ra_allocate_live. */
unsigned ra_max_pressure_live(struct ir_shader *s,
                              const struct ra_liveness *live);

/* ra_run.c: the allocation policy (spill, then colour). */
struct ra_hooks {
   /* Called after each step (ra_spill, ra_allocate) with its progress
    * flag: the pipeline validates and prints there. */
   void (*after)(void *ctx, struct ir_shader *s, const char *pass,
                 bool progress);
   void *ctx;
};

struct ra_outcome {
   unsigned registers;      /* highest register used + 1 */
   unsigned work_registers; /* 32 (full occupancy) or 64 */
   uint64_t preload_mask;   /* registers the hardware fills */
};

/* How many registers a caller's limit (0: none) lets values use: 64, 32
 * or a forced set's size. */
unsigned ra_register_count(unsigned max_registers);
/* Spills and colours within the limit; a shader that cannot be coloured
 * even in four registers is an internal error. */
void ra_run(struct ir_shader *s, unsigned max_registers,
            struct ir_layout *layout, const struct ra_hooks *hooks,
            struct ra_outcome *out);


#endif
