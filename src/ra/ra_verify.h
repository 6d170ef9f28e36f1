/* SPDX-License-Identifier: MIT */
/*
 * ra_verify.c: checks an allocation against the SSA program it came
 * from (ra_allocate runs it on every allocation).
 */
#ifndef TGSIVA_RA_RA_VERIFY_H
#define TGSIVA_RA_RA_VERIFY_H

#include "ra.h"

/* An instruction of the SSA program with its operands as they were. */
struct ra_verify_instr {
   struct ir_instr *I;
   struct ir_ref *src;
   struct ir_ref dst;
};

struct ra_verify {
   struct ir_shader *s;
   const int16_t *reg; /* per value: its first register */
   struct ra_verify_instr *orig;
   uint32_t count;
   struct ir_instr **phis; /* removed by the allocator; with their block */
   struct ir_block **phi_block;
   uint32_t nphis;
   uint32_t *preloads; /* values */
   uint32_t npreloads;
};

/* Before the copies and the rewrite into registers. */
void ra_verify_capture(struct ra_verify *rv, struct ir_shader *s,
                       const int16_t *reg);
/* After them; a failure is ir_invalid. */
void ra_verify_check(struct ra_verify *rv);

#endif
