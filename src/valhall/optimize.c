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
 * 2. An addition of a constant the slot cannot read from the immediate
 *    table takes the constant inline: FADD.f32 x, #c becomes
 *    FADD_IMM.f32 x, #c, and IADD.{u32,s32} x, #c (ISUB: x - #c, as
 *    x + #-c) becomes IADD_IMM.i32 x, #c.  Legalisation would otherwise
 *    spend an IADD_IMM.i32 0, #c on the constant; the _IMM forms do the
 *    same addition (no clamp, no saturation: a form with either stays,
 *    as does x with a modifier or a part selector, which _IMM's source
 *    lacks).
 *
 * To add a rule: a function below that returns the rewritten value, and
 * a line in rewrite(); a case in tests/ir/test_opt.c.
 *
 * Requires: selected IR (va_select).
 * Ensures:  no MOV.i32 reads a source with .neg or .abs; no FADD.f32,
 *           IADD or ISUB (32-bit, unclamped, unsaturated) adds a plain
 *           value and a constant outside the immediate table.
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

/* Rule 2: the _IMM form for I, or -1. */
static int
immediate_form(const struct ir_instr *I)
{
   const int8_t *mod = I->va->mod;
   if (mod[VA_MOD_CLAMP] > 0 || mod[VA_MOD_SATURATE] > 0)
      return -1;
   switch (I->va_op) {
   case VA_OP_FADD_F32: return VA_OP_FADD_IMM_F32;
   case VA_OP_IADD_U32:
   case VA_OP_IADD_S32:
   case VA_OP_ISUB_U32:
   case VA_OP_ISUB_S32: return VA_OP_IADD_IMM_I32;
   default: return -1;
   }
}

/* Rule 2. */
static bool
add_immediate(struct ir_builder *b, const struct ir_instr *I,
              struct ir_ref *out)
{
   int to = immediate_form(I);
   if (to < 0 || I->nsrc != 2)
      return false;
   bool sub = I->va_op == VA_OP_ISUB_U32 || I->va_op == VA_OP_ISUB_S32;
   for (unsigned k = sub ? 1 : 0; k < 2; k++) {
      struct ir_ref x = I->src[1 - k];
      struct va_src table;
      uint32_t bits;
      if (!ir_ref_const_bits(I->src[k], &bits) ||
          ir_va_src(b->shader, I->va_op, k, I->src[k], false, &table) ||
          x.mods || x.swizzle || x.kind == IR_REF_CONST)
         continue;
      struct ir_instr *J = ir_va_create(b->shader, (unsigned)to, 1, &x);
      ir_instr_def(b->shader, J, 32, 1);
      J->flags = I->flags;
      J->va->imm[VA_IMM_CONSTANT] = sub ? 0u - bits : bits;
      ir_builder_insert(b, J);
      *out = J->dst;
      return true;
   }
   return false;
}

static bool
rewrite(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   if (I->op != IR_OP_VA || I->ndst != 1)
      return false;
   return sign_bits(b, I, out) || add_immediate(b, I, out);
}

bool
va_optimize(struct ir_shader *s)
{
   return ir_expand_instrs(s, rewrite);
}
