/* SPDX-License-Identifier: MIT */
/*
 * Varying and attribute loads move down the dominator tree to where they
 * are read.  Translation loads every input in the entry block, so that
 * the load dominates every reader; a shader that reads its inputs in
 * branches (an IF per input) then holds all of them from the start, and
 * needs twice the registers (half the threads) or spills.  Loaded in the
 * block that reads it, an input takes registers on that path only, and
 * paths that do not read it do not load it.
 *
 * 1. Only pure loads of data no shader writes move: LD_VAR_BUF(_IMM) and
 *    LD_ATTR(_IMM).  Texturing stays (implicit derivatives need the
 *    whole quad, which a branch may split), and so does every memory
 *    read.  A load whose sources are not all defined in blocks that
 *    dominate its new block stays too.
 * 2. A load goes to the nearest block that dominates all its readers (a
 *    phi reads at the end of the predecessor it names), at its start,
 *    after the leading phis, so that the block's scheduler can still
 *    hoist it as far as the pressure allows.
 * 3. A load does not enter a loop it was not in: it would be issued on
 *    every iteration.  It stops above the header of the outermost loop
 *    (natural loops, from the back edges) that holds its new block and
 *    not its old one.  Unless the shader needs more than 31 registers:
 *    an input reloaded on every iteration costs less than the half of
 *    the threads that 64 registers cost.
 *
 * Requires: legalized SSA IR (va_legalize), before sched_order.
 * Ensures:  the rules above.
 * Invalidates: nothing (instructions move; the dominator tree stays).
 */
#include "sched.h"

#include "emit/va.h"
#include "ra/ra.h"

static bool
movable_load(const struct ir_instr *I)
{
   if (I->op != IR_OP_VA || I->ndst != 1 || I->dst.kind != IR_REF_VALUE ||
       ir_instr_has_side_effects(I))
      return false;
   switch (I->va_op) {
   case VA_OP_LD_VAR_BUF_IMM_F32:
   case VA_OP_LD_VAR_BUF_IMM_F16:
   case VA_OP_LD_VAR_BUF_F32:
   case VA_OP_LD_VAR_BUF_F16:
   case VA_OP_LD_ATTR_IMM:
   case VA_OP_LD_ATTR: return true;
   default: return false;
   }
}

/* Per value: the nearest block that dominates every reader. */
static struct ir_block **
reader_blocks(struct ir_shader *s)
{
   struct ir_block **at = ARENA_ARRAY(s->scratch, struct ir_block *,
                                      s->values.len + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            if (r.kind != IR_REF_VALUE)
               continue;
            struct ir_block *use = I->op == IR_OP_PHI ? b->preds.data[i] : b;
            at[r.index] = at[r.index] ? ir_common_dominator(at[r.index], use)
                                      : use;
         }
      }
   }
   return at;
}

/* Natural loops: per block index, the header of the innermost loop it is
 * in, and per header the header of the loop around it (NULL: none). */
struct loops {
   struct ir_block **innermost;
   struct ir_block **outer;
};

/* Marks the body of the loop that back edge `tail` -> `head` closes: the
 * blocks that reach `tail` without passing `head`.  Headers come outer
 * first, so an inner loop's marks overwrite its outer loop's. */
static void
mark_loop(struct loops *l, struct ir_block *head, struct ir_block *tail,
          struct ir_block **stack)
{
   if (l->innermost[head->index] != head) { /* its first back edge */
      l->outer[head->index] = l->innermost[head->index];
      l->innermost[head->index] = head;
   }
   unsigned sp = 0;
   if (tail != head) {
      l->innermost[tail->index] = head;
      stack[sp++] = tail;
   }
   while (sp) {
      struct ir_block *b = stack[--sp];
      for (size_t i = 0; i < b->preds.len; i++) {
         struct ir_block *p = b->preds.data[i];
         if (p == head || l->innermost[p->index] == head ||
             p->rpo_index == UINT32_MAX)
            continue;
         l->innermost[p->index] = head;
         stack[sp++] = p;
      }
   }
}

static struct loops
find_loops(struct ir_shader *s)
{
   struct loops l = {
      .innermost = ARENA_ARRAY(s->scratch, struct ir_block *,
                               s->block_count + 1),
      .outer = ARENA_ARRAY(s->scratch, struct ir_block *, s->block_count + 1),
   };
   struct ir_block **by_rpo = ARENA_ARRAY(s->scratch, struct ir_block *,
                                          s->block_count + 1);
   struct ir_block **stack = ARENA_ARRAY(s->scratch, struct ir_block *,
                                         s->block_count + 1);
   ir_foreach_block(s, b) {
      if (b->rpo_index != UINT32_MAX)
         by_rpo[b->rpo_index] = b;
   }
   for (uint32_t k = 0; k < s->block_count; k++) {
      struct ir_block *h = by_rpo[k];
      if (!h)
         continue;
      for (size_t i = 0; i < h->preds.len; i++) {
         struct ir_block *t = h->preds.data[i];
         if (t->rpo_index != UINT32_MAX && ir_block_dominates(h, t))
            mark_loop(&l, h, t, stack);
      }
   }
   return l;
}

/* Is block b in the loop headed by `head`? */
static bool
in_loop(const struct loops *l, const struct ir_block *b,
        const struct ir_block *head)
{
   for (struct ir_block *h = l->innermost[b->index]; h;
        h = l->outer[h->index]) {
      if (h == head)
         return true;
   }
   return false;
}

/* Rule 3: the lowest block on the dominator path from `to` up to `from`
 * that no loop `from` is outside of holds. */
static struct ir_block *
outside_new_loops(const struct loops *l, struct ir_block *from,
                  struct ir_block *to)
{
   struct ir_block *target = to;
   for (struct ir_block *b = to; b != from; b = b->idom) {
      if (l->innermost[b->index] == b && in_loop(l, to, b))
         target = b->idom;
   }
   return target;
}

/* Rule 1: every source of I is defined in a block dominating `to`. */
static bool
sources_dominate(const struct ir_shader *s, const struct ir_instr *I,
                 const struct ir_block *to)
{
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE)
         continue;
      const struct ir_instr *d = ir_value(s, r.index)->def;
      if (!d || !ir_block_dominates(d->block, to))
         return false;
   }
   return true;
}

static void
move_to_start(struct ir_instr *I, struct ir_block *to)
{
   ir_instr_remove(I);
   struct ir_instr *first = to->first;
   while (first && first->op == IR_OP_PHI)
      first = first->next;
   if (first)
      ir_instr_insert_before(first, I);
   else
      ir_instr_append(to, I);
}

/* One walk over the shader; loads enter loops only with `into_loops`. */
static bool
sink_all(struct ir_shader *s, struct ir_block **at, const struct loops *loops,
         bool into_loops, bool *held)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (!movable_load(I) || !at[I->dst.index] ||
             at[I->dst.index] == b)
            continue;
         struct ir_block *to = at[I->dst.index];
         if (!into_loops)
            to = outside_new_loops(loops, b, to);
         *held |= to != at[I->dst.index];
         if (to == b || !sources_dominate(s, I, to))
            continue;
         move_to_start(I, to);
         progress = true;
      }
   }
   return progress;
}

bool
sched_sink_loads(struct ir_shader *s)
{
   ir_compute_dominance(s);
   if (!s->first_block->next)
      return false; /* one block: every load is where its readers are */
   struct ir_block **at = reader_blocks(s);
   struct loops loops = find_loops(s);
   bool held = false;
   bool progress = sink_all(s, at, &loops, false, &held);
   /* Rule 3's exception: over 31 registers, the shader would leave the
    * 32-register set.  Only loads rule 3 held back can move further
    * (the rest are where they can go): without one, no pressure count. */
   if (held && ra_max_pressure(s) > 31)
      progress |= sink_all(s, at, &loops, true, &held);
   return progress;
}
