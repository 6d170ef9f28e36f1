/* SPDX-License-Identifier: MIT */
/*
 * Jump threading and the final layout of branches: after this pass every
 * BRANCH and JUMP in the IR is one word of the program, aimed at succ[0],
 * and every block without one falls through to the next block, so that
 * emission writes the instructions as they stand.
 *
 * 1. A block of nothing but a jump (without flow, or with `reconverge`),
 *    or of one NOP.reconverge falling through (the edge block of a
 *    loop's exit into the next loop's header, which only reconverged),
 *    that only branches enter, and that is not the entry, is left out: the
 *    branches go straight to where it leads, and every branch reconverges
 *    (va_insert_flow).
 * 2. A branch whose taken side is the next block branches on the opposite
 *    condition (IR_INSTR_BRANCH_IF_ZERO flipped) to the other side, and
 *    falls through.
 * 3. A branch whose not-taken side is not the next block is followed by a
 *    block of one jump there, which reconverges if a jump it went past in
 *    rule 1 did.
 * 4. A block that falls off its end into a block that is not next ends
 *    with a new jump, which takes over the last instruction's
 *    `reconverge`.
 * 5. A jump to the next block disappears; a NOP keeps its flow.
 *
 * Requires: flow and last-use marks (va_insert_flow, va_discard_helpers,
 *           va_mark_last_use): nothing may move instructions after this.
 * Ensures:  the layout above; blocks renumbered.
 * Invalidates: freedom from critical edges; block indices.
 */
#include "valhall.h"

#include "emit/va.h"

/* What one block becomes. */
struct plan {
   struct ir_block *target;  /* a branch's succ[0] */
   struct ir_block *fall;    /* a branch's succ[1] unless jump_to */
   struct ir_block *jump_to; /* rule 3: a block of one jump after it */
   enum va_flow jump_flow;
   bool invert;   /* rule 2 */
   bool add_jump; /* rule 4 */
   bool drop_jump; /* rule 5 */
};

struct threader {
   struct ir_shader *s;
   uint32_t nblocks; /* blocks before the pass (indices below) */
   bool *skipped;    /* per block index: left out by rule 1 */
   struct plan *plans;
};

/* A jump with `flow`, not yet in a block. */
static struct ir_instr *
new_jump(struct ir_shader *s, enum va_flow flow)
{
   struct ir_instr *J = ir_instr_create(s, IR_OP_JUMP, 0);
   J->flow = (uint8_t)flow;
   return J;
}

static bool
only_jump(const struct ir_block *b)
{
   const struct ir_instr *I = b->first;
   if (!b->succ[0] || b->succ[0] == b || b->succ[1] || !I || I != b->last)
      return false;
   if (I->op == IR_OP_JUMP)
      return I->flow == VA_FLOW_NONE || I->flow == VA_FLOW_RECONVERGE;
   return I->op == IR_OP_VA && I->va_op == VA_OP_NOP &&
          I->flow == VA_FLOW_RECONVERGE;
}

/* Rule 1: only-jump blocks that nothing but branches enter. */
static void
find_skipped(struct threader *t)
{
   ir_foreach_block(t->s, b)
      t->skipped[b->index] = only_jump(b) && b != t->s->first_block;
   ir_foreach_block(t->s, b) {
      struct ir_instr *term = ir_block_terminator(b);
      if (term && term->op == IR_OP_BRANCH)
         continue;
      if (b->succ[0])
         t->skipped[b->succ[0]->index] = false;
   }
}

/* Where a branch to `b` lands past a left-out block; *rc says whether its
 * jump reconverged.  A left-out block's target is entered by its jump,
 * so it is kept: there are no chains. */
static struct ir_block *
past_jumps(const struct threader *t, struct ir_block *b, bool *rc)
{
   *rc = t->skipped[b->index] && b->first->flow == VA_FLOW_RECONVERGE;
   return t->skipped[b->index] ? b->succ[0] : b;
}

static struct ir_block *
next_kept(const struct threader *t, const struct ir_block *b)
{
   struct ir_block *n = b->next;
   while (n && t->skipped[n->index])
      n = n->next;
   return n;
}

/* Rules 2-5 for block b, on the CFG as it was. */
static void
plan_block(struct threader *t, struct ir_block *b)
{
   struct plan *p = &t->plans[b->index];
   struct ir_instr *term = ir_block_terminator(b);
   struct ir_block *next = next_kept(t, b);
   if (term && term->op == IR_OP_BRANCH) {
      bool rc0, rc1;
      struct ir_block *t0 = past_jumps(t, b->succ[0], &rc0);
      struct ir_block *t1 = past_jumps(t, b->succ[1], &rc1);
      p->invert = t0 == next && t1 != next;
      p->target = p->invert ? t1 : t0;
      p->fall = p->invert ? t0 : t1;
      if (!p->invert && t1 != next) {
         p->jump_to = t1;
         p->jump_flow = rc1 ? VA_FLOW_RECONVERGE : VA_FLOW_NONE;
      }
      return;
   }
   if (!b->succ[0])
      return;
   if (term)
      p->drop_jump = b->succ[0] == next;
   else
      p->add_jump = b->succ[0] != next;
}

/* The block of one jump to `to` after b (rule 3). */
static struct ir_block *
jump_block(struct ir_shader *s, struct ir_block *b, struct ir_block *to,
           enum va_flow flow)
{
   struct ir_block *j = ir_block_create(s);
   ir_instr_append(j, new_jump(s, flow));
   j->succ[0] = to;
   ir_block_insert_after(s, b, j);
   return j;
}

static void
apply_plan(struct threader *t, struct ir_block *b, const struct plan *p)
{
   struct ir_shader *s = t->s;
   struct ir_instr *term = ir_block_terminator(b);
   if (term && term->op == IR_OP_BRANCH) {
      if (p->invert)
         term->flags ^= IR_INSTR_BRANCH_IF_ZERO;
      b->succ[0] = p->target;
      b->succ[1] = p->jump_to ? jump_block(s, b, p->jump_to, p->jump_flow)
                              : p->fall;
      return;
   }
   if (p->drop_jump) {
      uint8_t flow = term->flow;
      ir_instr_remove(term);
      if (flow != VA_FLOW_NONE) {
         struct ir_instr *N = ir_va_create(s, VA_OP_NOP, 0, NULL);
         N->flow = flow;
         ir_instr_append(b, N);
      }
   }
   if (p->add_jump) {
      enum va_flow flow = VA_FLOW_NONE;
      struct ir_instr *last = va_last_before_tail(b);
      if (last && last->flow == VA_FLOW_RECONVERGE) {
         last->flow = VA_FLOW_NONE;
         flow = VA_FLOW_RECONVERGE;
      }
      ir_instr_append(b, new_jump(s, flow));
   }
}

/* Unlinks the left-out blocks and lists every block's predecessors anew. */
static void
relink(struct threader *t)
{
   struct ir_shader *s = t->s;
   ir_foreach_block(s, b) {
      if (b->index < t->nblocks && t->skipped[b->index]) {
         if (b->prev)
            b->prev->next = b->next;
         if (b->next)
            b->next->prev = b->prev;
         else
            s->last_block = b->prev;
      }
   }
   ir_foreach_block(s, b)
      b->preds.len = 0;
   ir_foreach_block(s, b) {
      for (unsigned i = 0; i < 2; i++) {
         if (b->succ[i])
            *VEC_PUSH(s->arena, &b->succ[i]->preds) = b;
      }
   }
   ir_renumber_blocks(s);
}

bool
va_thread_jumps(struct ir_shader *s)
{
   ir_renumber_blocks(s);
   uint32_t n = s->block_count;
   struct threader t = {.s = s, .nblocks = n};
   t.skipped = ARENA_ARRAY(s->scratch, bool, n + 1);
   t.plans = ARENA_ARRAY(s->scratch, struct plan, n + 1);
   find_skipped(&t);
   ir_foreach_block(s, b) {
      if (!t.skipped[b->index])
         plan_block(&t, b);
   }
   /* Blocks made here have indices from n on: no plan, never left out. */
   ir_foreach_block(s, b) {
      if (b->index < n && !t.skipped[b->index])
         apply_plan(&t, b, &t.plans[b->index]);
   }
   relink(&t);
   return true;
}
