/* SPDX-License-Identifier: MIT */
/*
 * Control-flow clean-up.
 *
 * 1. Blocks no path from the entry reaches are deleted, with their edges
 *    and the phi sources that came from them (code after BRK, CONT or RET
 *    in TGSI leaves such blocks).
 * 2. A branch on a constant becomes a jump to the side it takes.
 * 3. A block whose only predecessor has it as its only successor is
 *    merged into that predecessor (phis in it have one source and are
 *    plain copies).
 *
 * Requires: a consistent CFG.
 * Ensures:  every block is reachable; no constant branches; no mergeable
 *           block pairs.
 * Invalidates: dominance and block numbering.
 */
#include "ir.h"

static void
remove_pred(struct ir_block *b, struct ir_block *pred)
{
   int p = ir_block_pred_index(b, pred);
   if (p < 0)
      return;
   ir_foreach_instr(b, I) {
      if (I->op != IR_OP_PHI)
         break;
      for (unsigned i = (unsigned)p; i + 1 < I->nsrc; i++)
         I->src[i] = I->src[i + 1];
      I->nsrc--;
   }
   for (size_t i = (size_t)p; i + 1 < b->preds.len; i++)
      b->preds.data[i] = b->preds.data[i + 1];
   b->preds.len--;
}

static void
unlink_block(struct ir_shader *s, struct ir_block *b)
{
   for (unsigned k = 0; k < 2; k++) {
      if (b->succ[k] && !(k == 1 && b->succ[1] == b->succ[0]))
         remove_pred(b->succ[k], b);
   }
   if (b->prev)
      b->prev->next = b->next;
   else
      s->first_block = b->next;
   if (b->next)
      b->next->prev = b->prev;
   else
      s->last_block = b->prev;
}

static bool
remove_unreachable(struct ir_shader *s)
{
   ir_compute_dominance(s);
   bool progress = false;
   ir_foreach_block(s, b) {
      if (b->rpo_index == UINT32_MAX) {
         unlink_block(s, b);
         progress = true;
      }
   }
   return progress;
}

/* branch on a constant: a jump to the side taken. */
static bool
fold_branches(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      struct ir_instr *t = ir_block_terminator(b);
      uint32_t bits;
      if (!t || t->op != IR_OP_BRANCH || !ir_ref_const_bits(t->src[0], &bits))
         continue;
      unsigned keep = bits ? 0 : 1;
      struct ir_block *gone = b->succ[1 - keep];
      struct ir_block *kept = b->succ[keep];
      if (gone != kept)
         remove_pred(gone, b);
      b->succ[0] = kept;
      b->succ[1] = NULL;
      t->op = IR_OP_JUMP;
      t->nsrc = 0;
      progress = true;
   }
   return progress;
}

/* Merges b's only successor into b when b is its only predecessor. */
static bool
merge_blocks(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      struct ir_block *n = b->succ[0];
      while (n && !b->succ[1] && n != b && n->preds.len == 1 &&
             n != s->first_block) {
         struct ir_instr *t = ir_block_terminator(b);
         if (t)
            ir_instr_remove(t);
         /* Single-source phis become moves in place. */
         ir_foreach_instr_safe(n, I) {
            ir_instr_remove(I);
            if (I->op == IR_OP_PHI)
               I->op = IR_OP_MOV;
            ir_instr_append(b, I);
         }
         b->succ[0] = n->succ[0];
         b->succ[1] = n->succ[1];
         for (unsigned k = 0; k < 2; k++) {
            struct ir_block *x = n->succ[k];
            if (!x || (k == 1 && x == n->succ[0]))
               continue;
            for (size_t p = 0; p < x->preds.len; p++) {
               if (x->preds.data[p] == n)
                  x->preds.data[p] = b;
            }
         }
         n->succ[0] = n->succ[1] = NULL;
         n->preds.len = 0;
         if (n->prev)
            n->prev->next = n->next;
         else
            s->first_block = n->next;
         if (n->next)
            n->next->prev = n->prev;
         else
            s->last_block = n->prev;
         progress = true;
         n = b->succ[0];
      }
   }
   return progress;
}

bool
ir_opt_cfg(struct ir_shader *s)
{
   bool progress = fold_branches(s);
   progress |= remove_unreachable(s);
   progress |= merge_blocks(s);
   ir_renumber_blocks(s);
   return progress;
}
