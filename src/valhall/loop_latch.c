/* SPDX-License-Identifier: MIT */
/*
 * One back edge per loop, from after the loop's last block.  Lanes that
 * went apart meet again where `reconverge` lets them, at the lowest
 * program counter among them (docs/sim.md): a CONT that jumps back to
 * the header from the middle of the body starts the next iteration while
 * the other lanes are still finishing this one, so a derivative or a
 * subgroup operation in that iteration reads lanes that are not running
 * (TGSI counts the next iteration as uniform control flow again).
 *
 * 1. The predecessors of a loop header laid out at or after it are its
 *    back edges.  With two or more, a new block placed after the last of
 *    them takes them all and jumps to the header: the lanes that
 *    continue early wait there, at a higher address than the body, until
 *    the others arrive.
 * 2. The header's phis read that block's phis, which read what the back
 *    edges brought.
 *
 * Requires: SSA; before ra_split_critical_edges, which splits the new
 *           edges like any other (va_thread_jumps keeps the block).
 * Ensures:  no loop header has two predecessors laid out at or after it.
 * Invalidates: dominance, block numbering.
 */
#include "valhall.h"

/* Rule 2 for one phi of the header: the sources of the back edges move
 * to a phi in the latch, whose value takes their place. */
static void
move_sources(struct ir_shader *s, struct ir_instr *phi,
             struct ir_block *latch, const bool *back, unsigned nback)
{
   const struct ir_value *v = ir_value(s, phi->dst.index);
   struct ir_instr *L = ir_instr_create(s, IR_OP_PHI, nback);
   ir_instr_def(s, L, v->bits, v->nregs);
   unsigned k = 0, m = 0;
   for (unsigned i = 0; i < phi->nsrc; i++) {
      if (back[i])
         L->src[k++] = phi->src[i];
      else
         phi->src[m++] = phi->src[i];
   }
   phi->src[m] = L->dst;
   ir_instr_set_nsrc(s, phi, m + 1);
   if (latch->first)
      ir_instr_insert_before(latch->first, L);
   else
      ir_instr_append(latch, L);
}

/* Rule 1 for header h, whose back edges `back` marks. */
static void
add_latch(struct ir_shader *s, struct ir_block *h, struct ir_block *last,
          const bool *back, unsigned nback)
{
   struct ir_block *latch = ir_block_create(s);
   ir_block_insert_after(s, last, latch);
   struct ir_builder b = ir_builder_at_end(s, latch);
   ir_jump(&b);

   ir_foreach_instr(h, I) {
      if (I->op == IR_OP_PHI)
         move_sources(s, I, latch, back, nback);
   }
   unsigned m = 0;
   for (unsigned i = 0; i < h->preds.len; i++) {
      struct ir_block *p = h->preds.data[i];
      if (!back[i]) {
         h->preds.data[m++] = p;
         continue;
      }
      for (unsigned k = 0; k < 2; k++) {
         if (p->succ[k] == h)
            p->succ[k] = latch;
      }
      *VEC_PUSH(s->arena, &latch->preds) = p;
   }
   h->preds.len = m;
   ir_block_link(s, latch, 0, h);
}

bool
va_loop_latch(struct ir_shader *s)
{
   ir_renumber_blocks(s);
   bool progress = false;
   ir_foreach_block(s, h) {
      if (!h->loop_header || h->preds.len > 64)
         continue;
      bool back[64];
      unsigned nback = 0;
      struct ir_block *last = NULL;
      for (unsigned i = 0; i < h->preds.len; i++) {
         struct ir_block *p = h->preds.data[i];
         back[i] = p->index >= h->index;
         if (!back[i])
            continue;
         nback++;
         if (!last || p->index > last->index)
            last = p;
      }
      if (nback < 2)
         continue;
      add_latch(s, h, last, back, nback);
      progress = true;
   }
   if (progress)
      ir_renumber_blocks(s);
   return progress;
}
