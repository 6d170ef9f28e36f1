/* SPDX-License-Identifier: MIT */
/*
 * If-conversion: a small IF/ELSE whose sides only compute becomes
 * straight-line code that computes both sides and selects.
 *
 * 1. The shapes: a block H ending in `branch c` whose sides T (taken) and
 *    E (not taken) each have H as their only predecessor and flow to one
 *    join J whose predecessors are exactly T and E (a diamond); or one
 *    side is J itself and J's predecessors are that side and H (a
 *    triangle: an IF without ELSE).
 * 2. A side qualifies when every instruction in it may run in lanes that
 *    did not take it: generic operations only, without side effects and
 *    without a dependence on where they run (derivatives, preloads), and
 *    no phis.  Messages (memory, textures) stay behind their branch: an
 *    address computed for the lanes that branch there may be out of
 *    bounds in the others.
 * 3. Every phi of J must be one 32-bit register without modifiers, as
 *    CSEL selects one, and not a message's result (a load or texture
 *    that sched_sink_loads would move into its side would then run in
 *    every lane).
 * 4. Cost: the instructions of both sides (expanding operations counted
 *    at what they expand to) and one select per phi.  An IF with nothing
 *    left in it (no instructions, no phis) always goes: the branch, its
 *    condition and its reconvergence were all that was left (position
 *    programs whose varyings' code DCE removed kept hundreds of such
 *    branches).  Otherwise the cost must be at most IF_CONVERT_LIMIT and
 *    the phis at least half the sides' instructions: the selects replace
 *    phis that were all live at the join, which is where a branchy
 *    shader's pressure peaks; sides that compute much for few results
 *    are work the lanes that skip them would pay for.
 * 5. The sides' instructions move, in order, to the end of H; each phi
 *    becomes `csel.u.ne c, #0, taken, not-taken` in place; the branch's
 *    condition becomes the constant 1, which the CFG clean-up
 *    (ir_opt_cfg) turns into a jump and a merged block.  A branch's
 *    condition is tested as 32 bits against zero, as the select tests it.
 *
 * Why: a join's phis are all live at once at the join, so a shader that
 * sets many values on either side (an array written through an index
 * under an IF) needs registers for all of them there; selects sit next
 * to their uses and the scheduler interleaves them.  The branch, its
 * reconvergence and the phi copies on each side go too.
 *
 * Requires: SSA; a consistent CFG.
 * Ensures:  no qualifying diamond or triangle is left.
 * Invalidates: the CFG's shape (the clean-up that follows restores it).
 */
#include "ir.h"

/* 160, not 96: two 16-element vec2 arrays, one written through an index
 * on each side (vs/8d3783181e6c), cost 129 (67 instructions, 62 phis);
 * left as a branch, the 62 phis live at the join spilled 7 values at 64
 * registers (29 LS cycles against Mesa's 19) and 145 at 16.  No other
 * corpus or corpus-apps shader lies between the two limits. */
enum { IF_CONVERT_LIMIT = 160 };

/* Instructions an operation stands for once lowered (roughly). */
static unsigned
instr_cost(const struct ir_shader *s, const struct ir_instr *I)
{
   unsigned cost;
   switch (I->op) {
   case IR_OP_IDIV:
   case IR_OP_UDIV:
   case IR_OP_IREM:
   case IR_OP_UREM:
      cost = 12;
      break;
   case IR_OP_FSIN:
   case IR_OP_FCOS:
   case IR_OP_FEXP2:
   case IR_OP_FLOG2:
   case IR_OP_FSQRT:
   case IR_OP_FLDEXP:
      cost = 4;
      break;
   case IR_OP_MOV:
   case IR_OP_COLLECT:
   case IR_OP_UNDEF:
      cost = 0; /* copies, coalesced or folded */
      break;
   default:
      cost = 1;
      break;
   }
   if (I->ndst && ir_value(s, I->dst.index)->bits == 64)
      cost *= 4;
   return cost;
}

/* The cost of running side b in every lane, or UINT32_MAX if it may not. */
static uint32_t
side_cost(const struct ir_shader *s, const struct ir_block *b)
{
   uint32_t cost = 0;
   ir_foreach_instr(b, I) {
      if (I->op == IR_OP_JUMP && I == b->last)
         break;
      uint8_t flags = ir_op_infos[I->op].flags;
      if (I->op == IR_OP_PHI || I->op == IR_OP_VA ||
          (flags & (IR_OPF_SIDE | IR_OPF_TERM | IR_OPF_NO_CSE)))
         return UINT32_MAX;
      cost += instr_cost(s, I);
   }
   return cost;
}

/* Is r a message's result (a load, a texture)?  A select of it would
 * need it in every lane, where the branch let sched_sink_loads load it
 * only on its side. */
static bool
from_message(const struct ir_shader *s, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE)
      return false;
   const struct ir_instr *D = ir_value(s, r.index)->def;
   return D && D->op == IR_OP_VA;
}

/* Is b a side of H: its only predecessor H, its only successor j? */
static bool
is_side(const struct ir_block *b, const struct ir_block *H,
        const struct ir_block *j)
{
   return b->preds.len == 1 && b->preds.data[0] == H && b->succ[0] == j &&
          !b->succ[1] && b != j;
}

static void
move_side(struct ir_block *side, struct ir_block *H)
{
   ir_foreach_instr_safe(side, I) {
      if (I->op == IR_OP_JUMP)
         break;
      ir_instr_remove(I);
      ir_instr_insert_at_end(H, I);
   }
}

/* Tries the branch at the end of H; true if it converted it. */
static bool
convert(struct ir_shader *s, struct ir_block *H)
{
   struct ir_instr *br = ir_block_terminator(H);
   uint32_t bits;
   if (!br || br->op != IR_OP_BRANCH ||
       (br->flags & IR_INSTR_BRANCH_IF_ZERO) || br->src[0].mods ||
       br->src[0].swizzle || ir_ref_const_bits(br->src[0], &bits))
      return false;
   struct ir_block *t = H->succ[0], *e = H->succ[1];
   if (!t || !e || t == e)
      return false;
   /* The join, and which sides are blocks of their own. */
   struct ir_block *j;
   bool t_side, e_side;
   if (t->succ[0] && is_side(t, H, t->succ[0]) && is_side(e, H, t->succ[0]))
      j = t->succ[0], t_side = e_side = true;
   else if (is_side(t, H, e))
      j = e, t_side = true, e_side = false;
   else if (is_side(e, H, t))
      j = t, t_side = false, e_side = true;
   else
      return false;
   if (j->preds.len != 2 || j->loop_header)
      return false;
   struct ir_block *t_pred = t_side ? t : H, *e_pred = e_side ? e : H;
   int ti = ir_block_pred_index(j, t_pred);
   int ei = ir_block_pred_index(j, e_pred);
   if (ti < 0 || ei < 0)
      return false;

   uint32_t t_cost = t_side ? side_cost(s, t) : 0;
   uint32_t e_cost = e_side ? side_cost(s, e) : 0;
   if (t_cost == UINT32_MAX || e_cost == UINT32_MAX)
      return false; /* rule 2 */
   uint64_t side = (uint64_t)t_cost + e_cost, phis = 0;
   ir_foreach_instr(j, I) {
      if (I->op != IR_OP_PHI)
         break;
      const struct ir_value *v = ir_value(s, I->dst.index);
      if (v->bits != 32 || v->nregs != 1 || I->src[ti].mods ||
          I->src[ei].mods || from_message(s, I->src[ti]) ||
          from_message(s, I->src[ei]))
         return false;
      phis++;
   }
   /* Rule 4. */
   if ((side || phis) && (side + phis > IF_CONVERT_LIMIT || 2 * phis < side))
      return false;

   if (t_side)
      move_side(t, H);
   if (e_side)
      move_side(e, H);
   struct ir_ref c = br->src[0];
   ir_foreach_instr(j, I) {
      if (I->op != IR_OP_PHI)
         break;
      struct ir_ref taken = I->src[ti], not_taken = I->src[ei];
      ir_instr_set_nsrc(s, I, 4);
      I->op = IR_OP_CSEL;
      I->cond = IR_COND_NE;
      I->cmptype = IR_CMP_U;
      I->src[0] = c;
      I->src[1] = ir_imm(0);
      I->src[2] = taken;
      I->src[3] = not_taken;
   }
   br->src[0] = ir_imm(1);
   return true;
}

bool
ir_opt_if_convert(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b)
      progress |= convert(s, b);
   return progress;
}
