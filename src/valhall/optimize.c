/* SPDX-License-Identifier: MIT */
/*
 * Peepholes on selected code: local rewrites of Valhall forms into the
 * forms that do the same on this hardware, before legalisation.  Every
 * rule is exact (the same bits for every input, NaNs included).
 *
 * 1. MOV.i32 takes no float modifiers.  A MOV of -x, |x| or -|x| flips
 *    or clears the sign bit instead: LSHIFT_AND.i32 x, #0, #0x7fffffff
 *    for the absolute value, then LSHIFT_XOR.i32 _, #0, #0x80000000 for
 *    the negation.  A bitwise operation is exact for NaNs, which an FADD
 *    would not be.
 *
 * To add a rule: a function below that returns the rewritten value, and
 * a line in rewrite(); a case in tests/ir/test_opt.c.
 *
 * Requires: selected IR (va_select).
 * Ensures:  no MOV.i32 reads a source with .neg or .abs.
 * Invalidates: nothing (a rewritten instruction's readers read the new
 *              value).
 */
#include "valhall.h"

#include "emit/va.h"

/* LSHIFT_<op>.i32 x, #0, #mask before the builder's point. */
static struct ir_ref
bitwise(struct ir_builder *b, enum va_op op, struct ir_ref x, uint32_t mask)
{
   struct ir_ref srcs[3] = {x, ir_imm(0), ir_imm(mask)};
   struct ir_instr *I = ir_va_create(b->shader, op, 3, srcs);
   ir_instr_def(b->shader, I, 32, 1);
   ir_builder_insert(b, I);
   return I->dst;
}

/* Rule 1. */
static bool
sign_bits(struct ir_builder *b, const struct ir_instr *I, struct ir_ref *out)
{
   struct ir_ref x = I->src[0];
   uint8_t mods = x.mods;
   if (I->va_op != VA_OP_MOV_I32 || !(mods & (IR_MOD_NEG | IR_MOD_ABS)))
      return false;
   x.mods = 0;
   if (mods & IR_MOD_ABS)
      x = bitwise(b, VA_OP_LSHIFT_AND_I32, x, 0x7fffffffu);
   if (mods & IR_MOD_NEG)
      x = bitwise(b, VA_OP_LSHIFT_XOR_I32, x, 0x80000000u);
   *out = x;
   return true;
}

static bool
rewrite(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   if (I->op != IR_OP_VA || I->ndst != 1)
      return false;
   return sign_bits(b, I, out);
}

bool
va_optimize(struct ir_shader *s)
{
   return ir_expand_instrs(s, rewrite);
}
