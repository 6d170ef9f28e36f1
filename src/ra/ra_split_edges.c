/* SPDX-License-Identifier: MIT */
/*
 * Splits critical edges: an edge from a block with two successors to a
 * block with several predecessors gets a block of its own, so that the
 * copies that replace phis have a place that runs on that edge only.
 *
 * Requires: a CFG with consistent successor and predecessor lists.
 * Ensures:  no critical edges.
 * Invalidates: dominance and block numbering.
 */
#include "ra.h"

static void
split(struct ir_shader *s, struct ir_block *from, unsigned slot)
{
   struct ir_block *to = from->succ[slot];
   struct ir_block *mid = ir_block_create(s);
   /* Placed right before `to`, so that it can fall through (a block
    * without a terminator goes to succ[0] wherever it sits;
    * va_thread_jumps adds a jump where that is not the next block). */
   mid->prev = to->prev;
   mid->next = to;
   if (to->prev)
      to->prev->next = mid;
   else
      s->first_block = mid;
   to->prev = mid;
   mid->loop_depth = to->loop_depth;

   from->succ[slot] = mid;
   mid->succ[0] = to;
   *VEC_PUSH(s->arena, &mid->preds) = from;
   int p = ir_block_pred_index(to, from);
   to->preds.data[p] = mid;
}

bool
ra_split_critical_edges(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      if (!b->succ[0] || !b->succ[1])
         continue;
      for (unsigned k = 0; k < 2; k++) {
         if (b->succ[k]->preds.len > 1) {
            split(s, b, k);
            progress = true;
         }
      }
   }
   if (progress)
      ir_renumber_blocks(s);
   return progress;
}
