/* SPDX-License-Identifier: MIT */
/*
 * Folds float modifiers into the instructions that can carry them.
 *
 * 1. Sources: a MOV that only negates or takes the absolute value (TGSI's
 *    `-x`, `|x|`) is folded into every float consumer (IR_OPF_FLOAT ops),
 *    whose sources take neg/abs for free.  Other consumers keep reading
 *    the MOV, which va_optimize turns into a sign-bit operation.
 * 2. Destinations: a clamp on an instruction whose only source is the
 *    result of a float op with no clamp of its own, read by nothing else,
 *    moves onto that op: MOV.sat(fadd) becomes fadd.sat.  Only onto ops
 *    that keep a clamp to the machine code (ir_op_takes_clamp): FROUND,
 *    FRCP, FRSQ and LDEXP have no clamp field, so MOV.sat(ftrunc) stays.
 * 3. fmax(x, 0.0) is x with clamp_0_inf and fmin(fmax(x, 0.0), 1.0) is x
 *    with clamp_0_1, when x is a float op read only there.  Valhall's
 *    clamps order NaN and -0 exactly like its min/max (valhall-isa.xml,
 *    `Clamp`), so these hold under `precise` too.
 *
 * Requires: SSA.
 * Ensures:  no neg/abs MOV feeds a float op; no foldable clamp remains.
 * Invalidates: nothing (folded instructions are left for opt_dce).
 */
#include "ir.h"

static bool
is_float_op(const struct ir_instr *I)
{
   return I->op != IR_OP_VA && (ir_op_infos[I->op].flags & IR_OPF_FLOAT);
}

/* The MOV's source, if `r` reads a MOV that only carries float mods. */
static bool
mod_move(const struct ir_shader *s, struct ir_ref r, struct ir_ref *src)
{
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle)
      return false;
   const struct ir_instr *d = ir_value(s, r.index)->def;
   if (!d || d->op != IR_OP_MOV || d->clamp ||
       (d->src[0].mods & ~(IR_MOD_NEG | IR_MOD_ABS)) ||
       ir_ref_bits(s, d->dst) != 32)
      return false;
   *src = ir_ref_compose(r, d->src[0]);
   return true;
}

/* A float op with no clamp, defining `r`, read exactly once, whose
 * Valhall form can carry one (FROUND, FRCP, FRSQ, LDEXP cannot). */
static struct ir_instr *
clampable_def(struct ir_shader *s, const uint32_t *uses, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle || r.mods ||
       uses[r.index] != 1)
      return NULL;
   struct ir_instr *d = ir_value(s, r.index)->def;
   /* Only into ops whose Valhall form keeps a clamp on a float result
    * (FRCP, FRSQ and FROUND have none, valhall-isa.xml). */
   if (!d || !is_float_op(d) || d->clamp ||
       !ir_op_takes_clamp((enum ir_op)d->op))
      return NULL;
   return d;
}

static bool
const_is(struct ir_ref r, uint32_t bits)
{
   uint32_t v;
   return ir_ref_const_bits(r, &v) && v == bits;
}

/* Which clamp `I` applies to its operand `*x`, if it is a pure clamp. */
static enum ir_clamp
clamp_of(struct ir_shader *s, const struct ir_instr *I, struct ir_ref *x)
{
   if (I->op == IR_OP_MOV && !I->src[0].mods) {
      *x = I->src[0];
      return (enum ir_clamp)I->clamp;
   }
   if (I->op != IR_OP_FMAX && I->op != IR_OP_FMIN)
      return IR_CLAMP_NONE;
   for (unsigned i = 0; i < 2; i++) {
      if (I->src[1 - i].mods)
         continue;
      *x = I->src[1 - i];
      if (I->op == IR_OP_FMAX && const_is(I->src[i], 0) && !I->clamp)
         return IR_CLAMP_0_INF;
      if (I->op == IR_OP_FMIN && const_is(I->src[i], 0x3f800000u) &&
          !I->clamp) {
         /* min(max(y, 0), 1) */
         const struct ir_instr *d =
            x->kind == IR_REF_VALUE ? ir_value(s, x->index)->def : NULL;
         if (d && d->clamp == IR_CLAMP_0_INF)
            return IR_CLAMP_0_1;
      }
   }
   return IR_CLAMP_NONE;
}

static enum ir_clamp
combine(enum ir_clamp inner, enum ir_clamp outer)
{
   /* The two clamp bits compose (valhall-isa.xml, `Clamp`). */
   return (enum ir_clamp)(inner | outer);
}

static bool
fold_clamp(struct ir_shader *s, uint32_t *uses, struct ir_remap *m,
           struct ir_instr *I)
{
   struct ir_ref x;
   enum ir_clamp clamp = clamp_of(s, I, &x);
   if (clamp == IR_CLAMP_NONE)
      return false;
   struct ir_instr *d = clampable_def(s, uses, x);
   if (!d && clamp == IR_CLAMP_0_1 && x.kind == IR_REF_VALUE) {
      /* min(max(y,0),1) where the max already became y.clamp_0_inf. */
      struct ir_instr *inner = ir_value(s, x.index)->def;
      if (inner && inner->clamp == IR_CLAMP_0_INF && uses[x.index] == 1) {
         inner->clamp = IR_CLAMP_0_1;
         uses[x.index] = uses[I->dst.index];
         ir_remap_set(m, I->dst.index, x);
         ir_instr_remove(I);
         return true;
      }
   }
   if (!d)
      return false;
   d->clamp = (uint8_t)combine((enum ir_clamp)d->clamp, clamp);
   /* x's readers are now I's. */
   uses[x.index] = uses[I->dst.index];
   ir_remap_set(m, I->dst.index, x);
   ir_instr_remove(I);
   return true;
}

/* Whether anything could fold: a MOV with modifiers or a clamp (rules 1
 * and 2), or a max with 0.0 or a min with 1.0 (rule 3, clamp_of's
 * constants).  Most runs find none (translation puts TGSI's modifiers on
 * the sources; most min/max compare two values), and this costs less
 * than counting uses and the walk that folds: on a big branchy shader
 * these were two whole-program walks in each clean-up round. */
static bool
may_fold(const struct ir_shader *s)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (I->op == IR_OP_MOV && (I->clamp || I->src[0].mods))
            return true;
         if (I->op != IR_OP_FMAX && I->op != IR_OP_FMIN)
            continue;
         uint32_t bound = I->op == IR_OP_FMAX ? 0 : 0x3f800000u;
         if (const_is(I->src[0], bound) || const_is(I->src[1], bound))
            return true;
      }
   }
   return false;
}

bool
ir_opt_fold_modifiers(struct ir_shader *s)
{
   if (!may_fold(s))
      return false;
   uint32_t *uses = ir_count_uses(s);
   struct ir_remap m;
   bool progress = false;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         ir_foreach_src(I, i) {
            ir_remap_operand(&m, I, i);
            struct ir_ref folded;
            if (is_float_op(I) && mod_move(s, I->src[i], &folded)) {
               I->src[i] = folded;
               progress = true;
            }
         }
         if (I->ndst == 1 && ir_ref_bits(s, I->dst) == 32)
            progress |= fold_clamp(s, uses, &m, I);
      }
   }
   if (progress)
      ir_remap_apply(s, &m);
   return progress;
}
