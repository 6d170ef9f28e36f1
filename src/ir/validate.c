/* SPDX-License-Identifier: MIT */
/*
 * The IR validator.  It runs after every pass in tests and debug builds
 * and names the pass that broke an invariant.  Rules:
 *
 * 1. CFG: every edge appears once in the successor's predecessor list and
 *    nowhere else; BRANCH has two successors, JUMP one; a terminator is
 *    the last instruction of its block.
 * 2. SSA: every value has exactly one definition; a use is dominated by
 *    its definition (a phi's use by the end of the matching predecessor);
 *    phis come first in their block, one source per predecessor.
 * 3. Sizes: sources of ops that need equal sizes have them; register
 *    selectors stay inside their value.
 * 4. PRELOAD sits in the entry block (registers are only preloaded there).
 * 5. A clamp sits only on an operation that keeps it to the machine code
 *    (ir_op_takes_clamp), so that the pass that misplaced it is named.
 * 6. Layout: a block's immediate dominator lies before it, so that a walk
 *    in layout order meets every definition before the uses it dominates
 *    (a pass that replaces the value it stands at has then rewritten
 *    every use but a phi's by the end of its walk: ir_remap_apply).
 * After register allocation only rules 1 and 4 apply.
 */
#include "ir.h"

static void
check_cfg(struct ir_shader *s, struct ir_block *b)
{
   for (unsigned i = 0; i < 2; i++) {
      struct ir_block *succ = b->succ[i];
      if (!succ)
         continue;
      unsigned n = 0;
      for (size_t p = 0; p < succ->preds.len; p++)
         n += succ->preds.data[p] == b;
      unsigned want = b->succ[0] == b->succ[1] ? 2 : 1;
      if (n != want)
         ir_invalid(s, NULL, "edge b%u -> b%u is not a predecessor once",
                    b->index, succ->index);
   }
   for (size_t p = 0; p < b->preds.len; p++) {
      struct ir_block *pred = b->preds.data[p];
      if (pred->succ[0] != b && pred->succ[1] != b)
         ir_invalid(s, NULL, "b%u lists b%u as predecessor without an edge",
                    b->index, pred->index);
   }
   struct ir_instr *term = ir_block_terminator(b);
   if (term && term->op == IR_OP_BRANCH && (!b->succ[0] || !b->succ[1]))
      ir_invalid(s, term, "a branch needs two successors");
   if (term && term->op == IR_OP_JUMP && (!b->succ[0] || b->succ[1]))
      ir_invalid(s, term, "a jump needs exactly one successor");
   if (!term && b->succ[1])
      ir_invalid(s, NULL, "b%u has two successors but no branch",
                 b->index);
   ir_foreach_instr(b, I) {
      if (I->block != b)
         ir_invalid(s, I, "instruction points at the wrong block");
      if ((ir_op_infos[I->op].flags & IR_OPF_TERM) && I != b->last)
         ir_invalid(s, I, "terminator in the middle of a block");
      if (I->op == IR_OP_PRELOAD && b != s->first_block)
         ir_invalid(s, I, "preload outside the entry block");
   }
}

/* Which values are defined so far in the block being checked: `seen[v]`
 * is the block's stamp once its definition has been passed, so that a
 * use is checked in constant time (a walk from the definition made long
 * blocks quadratic). */
struct defs_seen {
   uint32_t *seen;
   uint32_t stamp;
};

/* True if the definition of `v` is available at the end of block `b`, or
 * just before instruction `at` of `b` (the block being checked) when
 * `at` is given. */
static bool
available(struct ir_shader *s, uint32_t v, struct ir_block *b,
          const struct ir_instr *at, const struct defs_seen *d)
{
   const struct ir_instr *def = ir_value(s, v)->def;
   if (!def || !def->block)
      return false;
   if (def->block != b)
      return ir_block_dominates(def->block, b);
   return !at || d->seen[v] == d->stamp;
}

static void
check_ref(struct ir_shader *s, const struct ir_instr *I, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE)
      return;
   if (r.index == 0 || r.index >= s->values.len)
      ir_invalid(s, I, "use of value %u, which does not exist", r.index);
   const struct ir_value *v = ir_value(s, r.index);
   if (r.comp >= v->nregs)
      ir_invalid(s, I, "register %u of %%%u, which has %u", r.comp,
                 r.index, v->nregs);
   bool word = r.swizzle == IR_SWIZZLE_W0 || r.swizzle == IR_SWIZZLE_W1;
   if (word && v->bits != 64)
      ir_invalid(s, I, "word selector on 32-bit value %%%u", r.index);
}

static void
check_sizes(struct ir_shader *s, const struct ir_instr *I)
{
   const struct ir_op_info *info = &ir_op_infos[I->op];
   if (info->nsrc >= 0 && I->nsrc != info->nsrc)
      ir_invalid(s, I, "%u sources, %s takes %d", I->nsrc, info->name,
                 info->nsrc);
   if (info->ndst >= 0 && I->ndst != info->ndst)
      ir_invalid(s, I, "%u results, %s has %d", I->ndst, info->name,
                 info->ndst);
   unsigned want = 32;
   if (info->size == IR_SIZE_SAME && I->ndst)
      want = ir_ref_bits(s, I->dst);
   /* A CSEL compares 32-bit words (the values it selects may be pairs);
    * a 64-bit comparison is an ICMP of its own. */
   if (I->op == IR_OP_CSEL &&
       (ir_ref_bits(s, I->src[0]) != 32 || ir_ref_bits(s, I->src[1]) != 32))
      ir_invalid(s, I, "a 64-bit comparison in a select");
   if (info->size == IR_SIZE_ANY)
      return;
   ir_foreach_src(I, i) {
      if (ir_ref_bits(s, I->src[i]) != want)
         ir_invalid(s, I, "source %u is not %u-bit", i, want);
   }
   if (I->ndst && ir_ref_bits(s, I->dst) != want)
      ir_invalid(s, I, "result is not %u-bit", want);
}

static void
check_ssa(struct ir_shader *s, struct ir_block *b, const struct defs_seen *d)
{
   bool phis_done = false;
   ir_foreach_instr(b, I) {
      if (I->ndst) {
         if (I->dst.kind != IR_REF_VALUE || I->dst.index == 0 ||
             I->dst.index >= s->values.len)
            ir_invalid(s, I, "result is not a value");
         if (ir_value(s, I->dst.index)->def != I)
            ir_invalid(s, I, "%%%u has another definition", I->dst.index);
      }
      if (I->op == IR_OP_PHI) {
         if (phis_done)
            ir_invalid(s, I, "phi after other instructions");
         if (I->nsrc != b->preds.len)
            ir_invalid(s, I, "phi has %u sources for %zu predecessors",
                       I->nsrc, b->preds.len);
         /* Phis become register copies, which apply no modifier. */
         ir_foreach_src(I, i) {
            if (I->src[i].mods)
               ir_invalid(s, I, "phi source %u has a modifier", i);
         }
      } else {
         phis_done = true;
      }
      ir_foreach_src(I, i) {
         struct ir_ref r = I->src[i];
         check_ref(s, I, r);
         if (r.kind != IR_REF_VALUE)
            continue;
         bool ok = I->op == IR_OP_PHI
                      ? available(s, r.index, b->preds.data[i], NULL, d)
                      : available(s, r.index, b, I, d);
         if (!ok)
            ir_invalid(s, I, "%%%u is used where its definition does not "
                             "dominate", r.index);
      }
      check_sizes(s, I);
      if (I->clamp && I->op != IR_OP_VA && !ir_op_takes_clamp(I->op))
         ir_invalid(s, I, "clamp on an operation whose form has none");
      if (I->ndst)
         d->seen[I->dst.index] = d->stamp;
   }
}

void
ir_validate(struct ir_shader *s, const char *after)
{
   const char *saved = s->pass;
   s->pass = after;
   ir_compute_dominance(s);
   ir_foreach_block(s, b) {
      check_cfg(s, b);
      /* ir_compute_dominance numbered the blocks in layout order. */
      if (b->rpo_index != UINT32_MAX && b->idom && b->idom != b &&
          b->idom->index >= b->index)
         ir_invalid(s, NULL, "b%u lies before b%u, its dominator",
                    b->index, b->idom->index);
   }
   if (!s->allocated) {
      struct defs_seen d = {
         .seen = ARENA_ARRAY(s->arena, uint32_t, s->values.len + 1),
      };
      ir_foreach_block(s, b) {
         d.stamp++;
         if (b->rpo_index != UINT32_MAX)
            check_ssa(s, b, &d);
      }
   }
   s->pass = saved;
}
