/* SPDX-License-Identifier: MIT */
/*
 * Control-flow clean-up.
 *
 * 1. Blocks no path from the entry reaches are deleted, with their edges
 *    and the phi sources that came from them (code after BRK, CONT or RET
 *    in TGSI leaves such blocks).
 * 2. A branch on a constant becomes a jump to the side it takes.
 * 3. A block whose only predecessor has it as its only successor is
 *    merged with that predecessor (phis in it have one source and are
 *    plain copies).  The merged block sits where the later of the two
 *    did in the layout (the entry stays first): lanes reconverge at the
 *    lowest program counter (docs/sim.md), so a block gathers every lane
 *    bound for it from below, and the later place gathers at least the
 *    lanes either block did.  Kept in the earlier place, a loop's exit
 *    merged into the block of its BRK would run inside the loop's range,
 *    ahead of lanes still looping (a BARRIER there saw some of them).
 *
 * Requires: a consistent CFG.
 * Ensures:  every block is reachable; no constant branches; no mergeable
 *           block pairs; a merged block in the later place of the two
 *           (or first, for the entry).
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
remove_from_layout(struct ir_shader *s, struct ir_block *b)
{
   if (b->prev)
      b->prev->next = b->next;
   else
      s->first_block = b->next;
   if (b->next)
      b->next->prev = b->prev;
   else
      s->last_block = b->prev;
}

static void
unlink_block(struct ir_shader *s, struct ir_block *b)
{
   for (unsigned k = 0; k < 2; k++) {
      if (b->succ[k] && !(k == 1 && b->succ[1] == b->succ[0]))
         remove_pred(b->succ[k], b);
   }
   remove_from_layout(s, b);
}

/* Rule 1.  A walk from the entry marks what it reaches (pass_data): the
 * dominator tree answers too, but costs more to build, and merging
 * invalidates it right after. */
static bool
remove_unreachable(struct ir_shader *s)
{
   if (!s->first_block)
      return false;
   struct arena_mark scratch = arena_mark(s->scratch);
   struct ir_block **stack =
      ARENA_ARRAY(s->scratch, struct ir_block *, s->block_count + 1);
   ir_foreach_block(s, b)
      b->pass_data = 0;
   unsigned depth = 0;
   s->first_block->pass_data = 1;
   stack[depth++] = s->first_block;
   while (depth) {
      struct ir_block *b = stack[--depth];
      for (unsigned k = 0; k < 2; k++) {
         struct ir_block *x = b->succ[k];
         if (x && !x->pass_data) {
            x->pass_data = 1;
            stack[depth++] = x;
         }
      }
   }
   arena_release(s->scratch, scratch);
   bool progress = false;
   ir_foreach_block(s, b) {
      if (!b->pass_data) {
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

/* Moves every instruction of `from` to the end of `to` (first: to its
 * start).  One walk gives them their new block; the two lists are joined
 * in place, not instruction by instruction. */
static void
move_instrs(struct ir_block *from, struct ir_block *to, bool first)
{
   if (!from->first)
      return;
   ir_foreach_instr(from, I)
      I->block = to;
   struct ir_instr *head = from->first, *tail = from->last;
   from->first = from->last = NULL;
   if (!to->first) {
      to->first = head;
      to->last = tail;
   } else if (first) {
      tail->next = to->first;
      to->first->prev = tail;
      to->first = head;
   } else {
      head->prev = to->last;
      to->last->next = head;
      to->last = tail;
   }
}

/* Joins n, b's only successor and with b as its only predecessor, onto
 * the end of b in the block `keep` (b or n), which takes the other's
 * edges; the other leaves the layout. */
static void
join_blocks(struct ir_shader *s, struct ir_block *b, struct ir_block *n,
            struct ir_block *keep)
{
   struct ir_instr *t = ir_block_terminator(b);
   if (t)
      ir_instr_remove(t);
   /* Single-source phis become moves in place (phis come first). */
   ir_foreach_instr(n, I) {
      if (I->op != IR_OP_PHI)
         break;
      I->op = IR_OP_MOV;
   }
   struct ir_block *gone = keep == b ? n : b;
   if (keep == b) {
      move_instrs(n, b, false);
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
   } else {
      move_instrs(b, n, true);
      /* b's phis keep their sources: n takes b's predecessors in order. */
      n->preds = b->preds;
      for (size_t p = 0; p < n->preds.len; p++) {
         struct ir_block *x = n->preds.data[p];
         for (unsigned k = 0; k < 2; k++) {
            if (x->succ[k] == b)
               x->succ[k] = n;
         }
      }
      n->loop_header = b->loop_header;
      b->preds.data = NULL;
      b->preds.cap = 0;
   }
   gone->succ[0] = gone->succ[1] = NULL;
   gone->preds.len = 0;
   remove_from_layout(s, gone);
}

/* Merges b's only successor with b when b is its only predecessor. */
static bool
merge_blocks(struct ir_shader *s)
{
   /* Layout positions: a block that stays keeps its number, so the
    * numbers rise along the layout throughout. */
   ir_renumber_blocks(s);
   bool progress = false;
   ir_foreach_block(s, b) {
      struct ir_block *n = b->succ[0];
      while (n && !b->succ[1] && n != b && n->preds.len == 1 &&
             n != s->first_block) {
         progress = true;
         if (n->index > b->index && b != s->first_block) {
            /* n, later in the layout, is visited (and merged on) after
             * b, whose `next` still leads there. */
            join_blocks(s, b, n, n);
            break;
         }
         join_blocks(s, b, n, b);
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
