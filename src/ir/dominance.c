/* SPDX-License-Identifier: MIT */
/*
 * Dominance: reverse post-order numbering and immediate dominators, by the
 * iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
 * Dominance Algorithm").  Unreachable blocks get rpo_index UINT32_MAX and
 * no idom.
 *
 * Requires: successor edges and predecessor lists that agree.
 * Ensures:  rpo_index, idom and the dominator-tree interval (dom_pre,
 *           dom_post) of every block; blocks renumbered in layout order.
 *
 * Everything is iterative: a shader of thousands of nested IFs has a
 * dominator tree as deep, and no walk may recurse down it.
 * Invalidates: every block's pass_data.
 */
#include "ir.h"

struct dfs {
   struct ir_block **order; /* post-order */
   unsigned count;
};

static void
post_order(struct ir_shader *s, struct dfs *d)
{
   /* Iterative DFS: a stack of (block, next successor slot). */
   struct frame {
      struct ir_block *b;
      unsigned slot;
   } *stack = ARENA_ARRAY(s->scratch, struct frame, s->block_count + 1);
   unsigned sp = 0;

   ir_foreach_block(s, b)
      b->pass_data = 0; /* visited */
   if (!s->first_block)
      return;
   stack[sp++] = (struct frame){s->first_block, 0};
   s->first_block->pass_data = 1;
   while (sp) {
      struct frame *f = &stack[sp - 1];
      if (f->slot < 2) {
         struct ir_block *succ = f->b->succ[f->slot++];
         if (succ && !succ->pass_data) {
            succ->pass_data = 1;
            stack[sp++] = (struct frame){succ, 0};
         }
         continue;
      }
      d->order[d->count++] = f->b;
      sp--;
   }
}

struct ir_block *
ir_common_dominator(struct ir_block *a, struct ir_block *b)
{
   while (a != b) {
      while (a->rpo_index > b->rpo_index)
         a = a->idom;
      while (b->rpo_index > a->rpo_index)
         b = b->idom;
   }
   return a;
}

/* Numbers the dominator tree in preorder without recursion: each block
 * links to its first child and next sibling (indices + 1), then a walk
 * down first children and across siblings, climbing back through idom,
 * gives each block its [pre, post] interval. */
static void
number_tree(struct ir_shader *s, struct ir_block **order, unsigned count)
{
   uint32_t *child = ARENA_ARRAY(s->scratch, uint32_t, s->block_count + 1);
   uint32_t *sibling = ARENA_ARRAY(s->scratch, uint32_t, s->block_count + 1);
   struct ir_block **by_index =
      ARENA_ARRAY(s->scratch, struct ir_block *, s->block_count + 1);
   for (unsigned i = 0; i < count; i++) {
      struct ir_block *b = order[i];
      by_index[b->index] = b;
      if (b == s->first_block)
         continue;
      sibling[b->index] = child[b->idom->index];
      child[b->idom->index] = b->index + 1;
   }
   uint32_t n = 0;
   struct ir_block *b = s->first_block;
   b->dom_pre = n++;
   while (b) {
      if (child[b->index]) {
         b = by_index[child[b->index] - 1];
         b->dom_pre = n++;
         continue;
      }
      /* A leaf: close it and its ancestors until one has a sibling. */
      for (;;) {
         b->dom_post = n - 1;
         if (b == s->first_block) {
            b = NULL;
            break;
         }
         if (sibling[b->index]) {
            b = by_index[sibling[b->index] - 1];
            b->dom_pre = n++;
            break;
         }
         b = b->idom;
      }
   }
}

/* Immediate dominators by the iterative scheme over reverse post-order. */
static void
find_idoms(struct ir_block *entry, const struct dfs *d)
{
   entry->idom = entry;
   for (bool changed = true; changed;) {
      changed = false;
      /* Reverse post-order, skipping the entry. */
      for (unsigned i = d->count - 1; i-- > 0;) {
         struct ir_block *b = d->order[i];
         struct ir_block *idom = NULL;
         for (size_t p = 0; p < b->preds.len; p++) {
            struct ir_block *pred = b->preds.data[p];
            if (!pred->idom)
               continue;
            idom = idom ? ir_common_dominator(pred, idom) : pred;
         }
         if (idom != b->idom) {
            b->idom = idom;
            changed = true;
         }
      }
   }
}

void
ir_compute_dominance(struct ir_shader *s)
{
   struct ir_block *only = s->first_block;
   if (only && !only->next) {
      /* One block, as most small shaders have once the CFG is clean: its
       * own dominator, without the walks' tables. */
      ir_renumber_blocks(s);
      only->rpo_index = 0;
      only->idom = only;
      only->dom_pre = only->dom_post = 0;
      return;
   }
   struct arena_mark scratch = arena_mark(s->scratch);
   struct dfs d = {
      .order = ARENA_ARRAY(s->scratch, struct ir_block *, s->block_count + 1),
   };
   ir_renumber_blocks(s);
   post_order(s, &d);
   ir_foreach_block(s, b) {
      b->rpo_index = UINT32_MAX;
      b->idom = NULL;
   }
   for (unsigned i = 0; i < d.count; i++)
      d.order[i]->rpo_index = d.count - 1 - i;
   if (d.count) {
      find_idoms(s->first_block, &d);
      number_tree(s, d.order, d.count);
   }
   arena_release(s->scratch, scratch);
}

bool
ir_block_dominates(const struct ir_block *a, const struct ir_block *b)
{
   if (a->rpo_index == UINT32_MAX || b->rpo_index == UINT32_MAX)
      return false;
   return a->dom_pre <= b->dom_pre && b->dom_post <= a->dom_post;
}
