/* SPDX-License-Identifier: MIT */
/*
 * Dependency slots: the one definition of what the compiler must wait for
 * (valhall-encoding.md, "Dependency slots and flow").  The flow pass
 * (src/valhall/insert_flow.c) places waits by it and the validator
 * (va_validate.c) checks finished programs against it.  The simulator
 * keeps an independent model on purpose (src/sim/sim_hazard.c).
 *
 * 1. A message's results are pending on its slot until a wait on that
 *    slot (ATEST's coverage on slot 6, BARRIER on 7).
 * 2. An instruction may not read or overwrite a register a pending message
 *    writes.  Overwriting one a pending message reads is fine: staging
 *    registers are read at issue (but they may not be marked last-use).
 * 3. A memory write waits for pending memory reads and writes, a read for
 *    pending writes (va_memory_effects); a varying load that writes the
 *    hidden varying state waits for pending varying loads.
 * 4. Before ATEST and ZS_EMIT slots 0, 1, 2 and 6 are drained, before BLEND
 *    every slot, before BARRIER slots 0-2.
 */
#ifndef TGSIVA_EMIT_VA_DEPS_H
#define TGSIVA_EMIT_VA_DEPS_H

#include <stdbool.h>
#include <stdint.h>

#include "va.h"

enum {
   VA_SLOT_ATEST = 6, /* ATEST's coverage */
   VA_SLOT_TILE = 7,  /* barriers (and the tile: blends) */
};

/* What pending messages do, per slot. */
struct va_deps {
   uint64_t written[8]; /* registers they write */
   uint64_t staged[8];  /* staging registers they may still read */
   uint8_t mem[8];      /* VA_MEM_READ / VA_MEM_WRITE */
   uint8_t varying;     /* slots with a varying load */
};

/* Why an instruction must wait (rules 2 and 3). */
enum va_hazard {
   VA_HAZARD_NONE,
   VA_HAZARD_REGISTER,  /* reads or overwrites a pending result */
   VA_HAZARD_MEM_WRITE, /* writes memory while an access is pending */
   VA_HAZARD_MEM_READ,  /* reads memory while a write is pending */
   VA_HAZARD_VARYING,   /* a varying load while another is pending */
};

/* Rules 2 and 3: the slots to drain before I; *why (if not NULL) the
 * first kind of hazard found, in the order of the enum. */
unsigned va_deps_hazards(const struct va_deps *d, const struct va_instr *I,
                         enum va_hazard *why);
/* Rule 4: the slots drained before an instruction of form `op`. */
unsigned va_deps_drain_before(enum va_op op);
/* What a message leaves pending on its slot (rule 1). */
struct va_deps_issued {
   uint64_t written; /* its results' registers */
   uint64_t staged;  /* the staging registers it reads */
   uint8_t mem;      /* VA_MEM_READ / VA_MEM_WRITE */
   bool varying;     /* a varying load */
};
void va_deps_describe(const struct va_instr *I, struct va_deps_issued *out);
/* Rule 1: what `what` says is pending on `slot` from now on. */
static inline void
va_deps_record(struct va_deps *d, const struct va_deps_issued *what,
               unsigned slot)
{
   slot &= 7;
   d->written[slot] |= what->written;
   d->staged[slot] |= what->staged;
   d->mem[slot] |= what->mem;
   if (what->varying)
      d->varying |= (uint8_t)(1u << slot);
}
/* Rule 1: I's results (and staging reads, memory effects) are pending on
 * `slot` from now on (va_deps_describe, then va_deps_record). */
void va_deps_issue(struct va_deps *d, const struct va_instr *I,
                   unsigned slot);
/* Forgets what is pending on the slots of `mask` (a wait).  Inline: asked
 * after every instruction, whose flow most often waits on nothing. */
static inline void
va_deps_drain(struct va_deps *d, unsigned mask)
{
   if (!mask)
      return;
   for (unsigned k = 0; k < 8; k++) {
      if (mask & (1u << k)) {
         d->written[k] = d->staged[k] = 0;
         d->mem[k] = 0;
      }
   }
   d->varying &= (uint8_t)~mask;
}
/* Any result, memory access or varying load pending on slot k?  (Staging
 * reads alone do not keep a slot busy.) */
bool va_deps_pending(const struct va_deps *d, unsigned k);
/* into |= from; true if `into` changed. */
bool va_deps_merge(struct va_deps *into, const struct va_deps *from);

#endif
