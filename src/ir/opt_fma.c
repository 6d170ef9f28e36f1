/* SPDX-License-Identifier: MIT */
/*
 * FMA formation: fadd(fmul(a, b), c) becomes fma(a, b, c).
 *
 * 1. TGSI lets an implementation fuse a multiply and an add unless either
 *    is `precise` (tgsi.rst, "Modifiers"); MAD is translated to FMA
 *    directly, so this pass catches MUL followed by ADD.
 * 2. The multiply must have no clamp and be read only by this add (else
 *    both would be computed anyway).  A negated product folds into the
 *    first factor's sign; an absolute value of the product cannot fold.
 * 3. Valhall's FMA rounds once; that is the only difference from the
 *    unfused pair, and it is the one TGSI allows.
 *
 * Requires: SSA.
 * Ensures:  no single-use, non-precise fmul feeds an fadd.
 * Invalidates: nothing (the multiply is left for opt_dce).
 */
#include "ir.h"

/* Rule 1: an add that may fuse. */
static bool
fusable_add(const struct ir_instr *I)
{
   return I->op == IR_OP_FADD && !(I->flags & IR_INSTR_PRECISE);
}

/* Rule 2: the multiply `r` reads, if it may fuse; without use counts
 * (NULL), whatever else reads it. */
static struct ir_instr *
fusable_mul(struct ir_shader *s, const uint32_t *uses, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle ||
       (r.mods & IR_MOD_ABS) || (uses && uses[r.index] != 1))
      return NULL;
   struct ir_instr *d = ir_value(s, r.index)->def;
   if (!d || d->op != IR_OP_FMUL || d->clamp ||
       (d->flags & IR_INSTR_PRECISE))
      return NULL;
   return d;
}

bool
ir_opt_fma(struct ir_shader *s)
{
   /* Most shaders have no product added: the use counts (a walk of
    * their own) only for one that has. */
   bool any = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         any |= fusable_add(I) && (fusable_mul(s, NULL, I->src[0]) ||
                                   fusable_mul(s, NULL, I->src[1]));
      }
   }
   if (!any)
      return false;
   uint32_t *uses = ir_count_uses(s);
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (!fusable_add(I))
            continue;
         for (unsigned i = 0; i < 2; i++) {
            struct ir_instr *mul = fusable_mul(s, uses, I->src[i]);
            if (!mul)
               continue;
            struct ir_ref addend = I->src[1 - i];
            struct ir_ref a = mul->src[0];
            if (I->src[i].mods & IR_MOD_NEG)
               a = ir_neg(a);
            ir_instr_set_nsrc(s, I, 3);
            I->src[0] = a;
            I->src[1] = mul->src[1];
            I->src[2] = addend;
            I->op = IR_OP_FMA;
            uses[mul->dst.index] = 0;
            progress = true;
            break;
         }
      }
   }
   return progress;
}
