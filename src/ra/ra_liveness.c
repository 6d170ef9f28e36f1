/* SPDX-License-Identifier: MIT */
/*
 * Liveness of SSA values per block, one value at a time: from each use
 * back along the predecessors until the definition (in SSA that is the
 * whole live range).  Time and memory are the uses plus the size of the
 * sets, not blocks times values.
 *
 * 1. A phi's source is live out of the predecessor it comes from, not
 *    live into the phi's block; a phi's result is defined at the top of
 *    its block.
 * 2. A whole value is live while any of its registers is: vectors and
 *    pairs are allocated as units.
 *
 * Requires: SSA; a CFG whose blocks are renumbered (ir_compute_dominance).
 * Ensures:  live_in/live_out of every block, in s->scratch.
 * Invalidates: nothing.
 */
#include "ra.h"

#include <stdlib.h>
#include <string.h>

struct ra_bitset
ra_bitset_create(struct arena *a, uint32_t bits)
{
   struct ra_bitset s = {.nwords = (bits + 63) / 64};
   s.words = ARENA_ARRAY(a, uint64_t, s.nwords + 1);
   return s;
}

/* Where each use of a value is: a block it is live into (an ordinary
 * source) or live out of (a phi source, from that predecessor). */
struct use {
   uint32_t block;
   bool out;
};

struct walk {
   struct ir_shader *s;
   struct ir_block **blocks; /* by index */
   uint32_t *def_block;      /* per value: its block, or ~0 */
   uint32_t *in_mark, *out_mark; /* per block: value + 1 last added */
   uint32_t *stack;
   VEC(uint64_t) in_pairs, out_pairs; /* (block << 32 | value) */
};

static void
add_out(struct walk *w, uint32_t b, uint32_t v)
{
   if (w->out_mark[b] == v + 1)
      return;
   w->out_mark[b] = v + 1;
   *VEC_PUSH(w->s->scratch, &w->out_pairs) = (uint64_t)b << 32 | v;
}

static bool
add_in(struct walk *w, uint32_t b, uint32_t v)
{
   if (w->in_mark[b] == v + 1 || w->def_block[v] == b)
      return false;
   w->in_mark[b] = v + 1;
   *VEC_PUSH(w->s->scratch, &w->in_pairs) = (uint64_t)b << 32 | v;
   return true;
}

/* `v` is live into `b` unless defined there: then it is live out of
 * every predecessor, and so on up.  Each block is stacked at most once
 * per value (marked as it is stacked). */
static void
live_up(struct walk *w, uint32_t b, uint32_t v)
{
   if (!add_in(w, b, v))
      return;
   uint32_t n = 0;
   w->stack[n++] = b;
   while (n) {
      struct ir_block *blk = w->blocks[w->stack[--n]];
      for (size_t p = 0; p < blk->preds.len; p++) {
         uint32_t pb = blk->preds.data[p]->index;
         add_out(w, pb, v);
         if (add_in(w, pb, v))
            w->stack[n++] = pb;
      }
   }
}

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return (x > y) - (x < y);
}

/* Pairs (sorted by value) into per-block ascending sets. */
static struct ra_valueset *
to_sets(struct arena *a, uint32_t nblocks, const uint64_t *pairs, size_t n)
{
   struct ra_valueset *sets =
      ARENA_ARRAY(a, struct ra_valueset, nblocks + 1);
   uint32_t *all = ARENA_ARRAY(a, uint32_t, n + 1);
   for (size_t i = 0; i < n; i++)
      sets[pairs[i] >> 32].n++;
   uint32_t at = 0;
   for (uint32_t b = 0; b < nblocks; b++) {
      sets[b].v = all + at;
      at += sets[b].n;
      sets[b].n = 0;
   }
   for (size_t i = 0; i < n; i++) {
      struct ra_valueset *set = &sets[pairs[i] >> 32];
      set->v[set->n++] = (uint32_t)pairs[i];
   }
   return sets;
}

/* Every use of every value, grouped by value (counting sort); the walk
 * that counts them also finds each block and each value's block. */
static struct use *
collect_uses(struct walk *w, uint32_t nvals, uint32_t **first)
{
   struct ir_shader *s = w->s;
   uint32_t *start = ARENA_ARRAY(s->scratch, uint32_t, nvals + 2);
   ir_foreach_block(s, b) {
      w->blocks[b->index] = b;
      ir_foreach_instr(b, I) {
         if (I->ndst && I->dst.kind == IR_REF_VALUE)
            w->def_block[I->dst.index] = b->index;
         ir_foreach_src(I, i) {
            if (I->src[i].kind == IR_REF_VALUE)
               start[I->src[i].index + 1]++;
         }
      }
   }
   for (uint32_t v = 0; v < nvals; v++)
      start[v + 1] += start[v];
   struct use *uses = ARENA_ARRAY(s->scratch, struct use, start[nvals] + 1);
   uint32_t *fill = ARENA_ARRAY(s->scratch, uint32_t, nvals + 1);
   memcpy(fill, start, nvals * sizeof(uint32_t));
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            if (I->src[i].kind != IR_REF_VALUE)
               continue;
            struct use u = {b->index, false};
            if (I->op == IR_OP_PHI)
               u = (struct use){b->preds.data[i]->index, true};
            uses[fill[I->src[i].index]++] = u;
         }
      }
   }
   *first = start;
   return uses;
}

static void
from_uses(struct walk *w, uint32_t nvals)
{
   struct ir_shader *s = w->s;
   uint32_t nblocks = s->block_count;
   w->blocks = ARENA_ARRAY(s->scratch, struct ir_block *, nblocks + 1);
   w->in_mark = ARENA_ARRAY(s->scratch, uint32_t, nblocks + 1);
   w->out_mark = ARENA_ARRAY(s->scratch, uint32_t, nblocks + 1);
   w->stack = ARENA_ARRAY(s->scratch, uint32_t, nblocks + 1);
   w->def_block = ARENA_ARRAY(s->scratch, uint32_t, nvals + 1);
   memset(w->def_block, 0xff, (nvals + 1) * sizeof(uint32_t));
   uint32_t *first;
   struct use *uses = collect_uses(w, nvals, &first);
   for (uint32_t v = 0; v < nvals; v++) {
      for (uint32_t u = first[v]; u < first[v + 1]; u++) {
         if (uses[u].out)
            add_out(w, uses[u].block, v);
         live_up(w, uses[u].block, v);
      }
   }
}

/* Most shaders are one block: nothing is live out of it, and only a
 * value read but defined nowhere is live into it.  One walk finds the
 * values read before any definition (in SSA, only those can be defined
 * nowhere), and the few it finds are checked at the end. */
static void
single_block(struct walk *w, const struct ir_block *b, uint32_t nvals)
{
   uint8_t *defined = ARENA_ARRAY(w->s->scratch, uint8_t, nvals + 1);
   VEC(uint32_t) early = {0};
   ir_foreach_instr(b, I) {
      ir_foreach_src(I, i) {
         struct ir_ref r = I->src[i];
         if (r.kind == IR_REF_VALUE && r.index < nvals && !defined[r.index])
            *VEC_PUSH(w->s->scratch, &early) = r.index;
      }
      if (I->ndst && I->dst.kind == IR_REF_VALUE && I->dst.index < nvals)
         defined[I->dst.index] = 1;
   }
   if (!early.len)
      return;
   /* Ascending and once each, as to_sets wants them. */
   qsort(early.data, early.len, sizeof(*early.data), cmp_u32);
   for (size_t k = 0; k < early.len; k++) {
      uint32_t v = early.data[k];
      if (!defined[v]) {
         defined[v] = 2; /* taken */
         *VEC_PUSH(w->s->scratch, &w->in_pairs) = v;
      }
   }
}

void
ra_compute_liveness(struct ir_shader *s, struct ra_liveness *l)
{
   uint32_t nvals = (uint32_t)s->values.len, nblocks = s->block_count;
   struct walk w = {.s = s};
   if (nblocks == 1 && !s->first_block->preds.len)
      single_block(&w, s->first_block, nvals);
   else
      from_uses(&w, nvals);
   l->nblocks = nblocks;
   l->live_in =
      to_sets(s->scratch, nblocks, w.in_pairs.data, w.in_pairs.len);
   l->live_out =
      to_sets(s->scratch, nblocks, w.out_pairs.data, w.out_pairs.len);
}
