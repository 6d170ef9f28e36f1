/* SPDX-License-Identifier: MIT */
/*
 * Undefined values: a TEMP or output read before any write holds an UNDEF
 * (TGSI gives registers no initial value), and whatever reads only that
 * may read anything instead, so the choice that costs nothing is made.
 *
 * 1. A CSEL with one undefined side is its other side (UCMP and CMP of a
 *    register that one branch of the source never wrote).  The kept side
 *    must carry no modifiers: a MOV with modifiers is a float operation
 *    and CSEL moves bits.
 * 2. A phi whose sources, undefined ones and self-references aside, are
 *    all one operand is that operand, if the operand is available
 *    wherever the phi is: a constant, or a value whose block strictly
 *    dominates the phi's (an IF that writes a TEMP on one side only).
 *    A loop header's phi of a value first written inside the loop keeps
 *    its undefined entry: that value does not dominate the header.
 *    A phi of undefined sources only is undefined.
 * 3. Nothing else: an operation with an undefined operand can still
 *    have a defined result (0 AND x), which the reference interpreter
 *    compares.
 *
 * Requires: SSA; UNDEF only in the entry block (ir_from_tgsi).
 * Ensures:  no CSEL or phi of the forms above.
 * Invalidates: nothing (replaced instructions are left for opt_dce).
 */
#include "ir.h"

static bool
undefined(const struct ir_shader *s, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE)
      return false;
   const struct ir_instr *def = ir_value(s, r.index)->def;
   return def && def->op == IR_OP_UNDEF;
}

static bool
available_at(const struct ir_shader *s, struct ir_ref r,
             const struct ir_block *b)
{
   if (r.kind != IR_REF_VALUE)
      return true;
   const struct ir_instr *def = ir_value(s, r.index)->def;
   return def && def->block != b && ir_block_dominates(def->block, b);
}

/* Rule 2: true if the phi has an undefined source and is otherwise one
 * operand (*to), or undefined throughout (*to is then the UNDEF). */
static bool
phi_of_one(const struct ir_shader *s, const struct ir_instr *I,
           struct ir_ref *to)
{
   struct ir_ref one = {0}, undef = {0};
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind == IR_REF_VALUE && r.index == I->dst.index && !r.comp)
         continue;
      if (undefined(s, r)) {
         undef = r;
         continue;
      }
      if (one.kind != IR_REF_NONE && !ir_ref_equal(one, r))
         return false;
      one = r;
   }
   *to = one.kind != IR_REF_NONE ? one : undef;
   return undef.kind != IR_REF_NONE;
}

static bool
has_undef(const struct ir_shader *s)
{
   for (const struct ir_instr *I = s->first_block->first; I; I = I->next) {
      if (I->op == IR_OP_UNDEF)
         return true;
   }
   return false;
}

bool
ir_opt_undef(struct ir_shader *s)
{
   if (!has_undef(s))
      return false;
   ir_compute_dominance(s);
   struct ir_remap m;
   bool replaced = false;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i)
            ir_remap_operand(&m, I, i);
         struct ir_ref to;
         if (I->op == IR_OP_PHI) {
            if (!phi_of_one(s, I, &to) ||
                !available_at(s, to, b))
               continue;
         } else if (I->op == IR_OP_CSEL && undefined(s, I->src[3]) &&
                    !I->src[2].mods) {
            to = I->src[2];
         } else if (I->op == IR_OP_CSEL && undefined(s, I->src[2]) &&
                    !I->src[3].mods) {
            to = I->src[3];
         } else {
            continue;
         }
         if ((to.kind == IR_REF_VALUE && to.index == I->dst.index) ||
             ir_ref_bits(s, to) != ir_value(s, I->dst.index)->bits)
            continue;
         ir_remap_set(&m, I->dst.index, to);
         replaced = true;
      }
   }
   if (replaced)
      ir_remap_apply(s, &m);
   return replaced;
}
