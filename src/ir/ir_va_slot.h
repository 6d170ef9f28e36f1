/* SPDX-License-Identifier: MIT */
/*
 * Where a Valhall template lives: with, after allocation, the hardware
 * operands ir_va_instr last built for its instruction and the sources
 * they were built from (src/valhall/va_operands.c; NULL: none yet).
 * Beside the template, which every pass that asks for them reads anyway,
 * rather than in each instruction, which most walks read without either
 * (and which is one cache line without them).
 */
#ifndef TGSIVA_IR_VA_SLOT_H
#define TGSIVA_IR_VA_SLOT_H

#include "emit/va.h"
#include "ir.h"

struct ir_va_slot {
   struct va_settings va; /* first: an instruction's `va` is the slot's */
   struct ir_va_bound *bound;
};

static inline struct ir_va_bound **
ir_va_bound_of(const struct ir_instr *I)
{
   return &((struct ir_va_slot *)(void *)I->va)->bound;
}

#endif
