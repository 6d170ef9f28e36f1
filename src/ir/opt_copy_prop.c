/* SPDX-License-Identifier: MIT */
/*
 * Copy propagation: uses of a copy read the copied operand directly.
 *
 * 1. A MOV with neither source modifiers nor a clamp is a copy of its
 *    source, whatever kind of operand that is (value, constant, uniform,
 *    special).  A MOV with float modifiers is left to opt_fold_modifiers,
 *    which knows which consumers accept them.
 * 2. Register c of a COLLECT, read by a generic operation, is the
 *    COLLECT's source c (a 64-bit COLLECT's .w0/.w1 are its sources 0/1).
 *    Valhall instructions read whole vectors as staging registers, so
 *    their uses stay.
 * 3. A phi whose sources are all the same operand (or the phi itself) is
 *    that operand.
 *
 * The walk notes which values COLLECTs define as it meets them (the
 * layout puts definitions before the uses they dominate), so that a use
 * asks its definition's op only of those: reading every operand's
 * definition missed the caches on most of them in a big shader.
 *
 * Requires: SSA.
 * Ensures:  no use of a plain copy remains; plain copies are dead.
 * Invalidates: nothing (dead copies are left for opt_dce).
 */
#include "ir.h"

static bool
plain_copy(const struct ir_instr *I, struct ir_ref *to)
{
   if (I->op != IR_OP_MOV || I->clamp || I->src[0].mods)
      return false;
   *to = I->src[0];
   return true;
}

/* A phi of a single operand, ignoring self-references. */
static bool
trivial_phi(const struct ir_instr *I, struct ir_ref *to)
{
   struct ir_ref same = {0};
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind == IR_REF_VALUE && r.index == I->dst.index && !r.comp)
         continue;
      if (same.kind != IR_REF_NONE && !ir_ref_equal(same, r))
         return false;
      same = r;
   }
   if (same.kind == IR_REF_NONE)
      return false;
   *to = same;
   return true;
}

/* Values defined by a COLLECT met so far, one bit each. */
struct collects {
   uint64_t *bits;
   uint32_t count; /* values when the pass began */
};

/* Which source of a COLLECT a scalar read of it picks. */
static bool
collect_part(struct ir_shader *s, const struct collects *c,
             struct ir_ref use, struct ir_ref *to)
{
   if (use.kind != IR_REF_VALUE || use.index >= c->count ||
       !(c->bits[use.index / 64] >> (use.index % 64) & 1))
      return false;
   const struct ir_value *v = ir_value(s, use.index);
   const struct ir_instr *def = v->def;
   if (!def || def->op != IR_OP_COLLECT)
      return false;
   unsigned part = use.comp;
   if (v->bits == 64) {
      if (use.swizzle != IR_SWIZZLE_W0 && use.swizzle != IR_SWIZZLE_W1)
         return false;
      part = use.swizzle == IR_SWIZZLE_W1;
      use.swizzle = IR_SWIZZLE_NONE;
   }
   struct ir_ref src = def->src[part];
   if (src.swizzle && use.swizzle)
      return false;
   use.comp = 0;
   *to = ir_ref_compose(use, src);
   return true;
}

bool
ir_opt_copy_prop(struct ir_shader *s)
{
   struct ir_remap m;
   bool progress = false, copies = false;
   ir_remap_init(s, &m);
   struct collects c = {.count = (uint32_t)s->values.len};
   c.bits = ARENA_ARRAY(s->scratch, uint64_t, c.count / 64 + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            progress |= ir_remap_operand(&m, I, i);
            struct ir_ref part;
            if (I->op != IR_OP_VA && I->op != IR_OP_COLLECT &&
                I->op != IR_OP_PHI && collect_part(s, &c, I->src[i], &part)) {
               I->src[i] = part;
               progress = true;
            }
         }
         if (I->op == IR_OP_COLLECT && I->dst.kind == IR_REF_VALUE &&
             I->dst.index < c.count)
            c.bits[I->dst.index / 64] |= 1ull << (I->dst.index % 64);
         struct ir_ref to;
         if ((plain_copy(I, &to) || (I->op == IR_OP_PHI &&
                                     trivial_phi(I, &to))) &&
             !(to.kind == IR_REF_VALUE && to.index == I->dst.index)) {
            ir_remap_set(&m, I->dst.index, to);
            copies = true;
         }
      }
   }
   /* Progress is a use rewritten: a copy into a staging operand stays. */
   if (copies)
      progress |= ir_remap_apply(s, &m);
   return progress;
}
