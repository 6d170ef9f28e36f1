/* SPDX-License-Identifier: MIT */
/*
 * The cost model of va_stats.c over the control flow of a program, for
 * the shortest and longest path of `tgsiva compile --report`.
 *
 * The graph is read from the words, not from the IR, so that it is the
 * code that runs (after scheduling, with every jump the emitter kept):
 * basic blocks start at the entry, at every branch target and after every
 * branch or exit.  BRANCHZ on a constant zero is a jump.  The `end` flow
 * of a BLEND lets its two-instruction tail run (the blend shader returns
 * there), so every path counts the tail as the total does, and the
 * tail's BRANCHZI is the exit; a BRANCHZI after a BLEND without `end`
 * calls the blend shader and returns to the next word.  Any other
 * instruction with `end` is an exit, as is falling off the last word.
 *
 * Each unit is minimised and maximised on its own (a bound per unit, the
 * way malioc's columns read): the shortest path's FMA column is the least
 * FMA work of any run.  A cycle among the blocks the entry reaches (a
 * loop) leaves the longest path without a bound.  Divergence is ignored,
 * as in the totals: a warp is taken to follow one path.
 */
#include "va_stats.h"

#include <string.h>

#include "va.h"

/* The metrics of a path: the units, then instructions. */
#define METRICS (VA_COST_UNITS + 1)
#define NO_PATH UINT64_MAX

struct block {
   size_t first, end; /* its words: [first, end) */
   int succ[2];
   unsigned nsucc;
   bool reachable;
   unsigned indegree;
   uint64_t cost[METRICS];
   uint64_t least[METRICS], most[METRICS]; /* from its start to an exit */
};

struct cfg {
   struct va_instr *instrs;
   bool *decoded;
   bool *exit; /* the program ends after this word */
   size_t count;
   struct block *blocks;
   unsigned nblocks;
   int *block_of; /* word -> block */
};

static bool
is_jump_always(const struct va_instr *I, bool *never)
{
   const struct va_src *s = &I->src[0];
   *never = false;
   if (s->kind != VA_SRC_KIND_IMM || s->value != 0)
      return false;
   /* Entry 0 of the immediate table is zero. */
   bool eq = I->mod[VA_MOD_EQ] == 1;
   *never = !eq;
   return eq;
}

/* The branch target of word i, or -1 if it is no relative branch. */
static long
branch_target(const struct cfg *g, size_t i)
{
   if (!g->decoded[i] || g->instrs[i].op != VA_OP_BRANCHZ)
      return -1;
   long t = (long)i + 1 + (long)g->instrs[i].imm[VA_IMM_OFFSET];
   return t >= 0 && (size_t)t < g->count ? t : -1;
}

static bool
is_exit(const struct cfg *g, size_t i)
{
   return g->exit[i];
}

/* An instruction with `end` is an exit, except BLEND: its tail runs
 * (the blend shader returns there), and the BRANCHZI closing that tail
 * is the exit instead.  A BRANCHZI after a BLEND without `end` calls the
 * blend shader and comes back. */
static void
find_exits(struct arena *arena, struct cfg *g)
{
   bool in_final_tail = false;
   g->exit = arena_zalloc(arena, g->count);
   for (size_t i = 0; i < g->count; i++) {
      const struct va_instr *I = &g->instrs[i];
      if (!g->decoded[i])
         continue;
      if (I->op == VA_OP_BLEND) {
         in_final_tail = I->flow == VA_FLOW_END;
      } else if (I->op == VA_OP_BRANCHZI) {
         g->exit[i] = in_final_tail;
         in_final_tail = false;
      } else {
         g->exit[i] = I->flow == VA_FLOW_END;
      }
   }
}

static void
find_blocks(struct arena *arena, struct cfg *g)
{
   bool *leader = arena_zalloc(arena, g->count + 1);
   leader[0] = true;
   for (size_t i = 0; i < g->count; i++) {
      long t = branch_target(g, i);
      if (t >= 0)
         leader[t] = true;
      if (t >= 0 || is_exit(g, i) ||
          (g->decoded[i] && g->instrs[i].op == VA_OP_BRANCHZ))
         leader[i + 1] = true;
   }
   g->block_of = ARENA_ARRAY(arena, int, g->count);
   g->blocks = ARENA_ARRAY(arena, struct block, g->count);
   memset(g->blocks, 0, g->count * sizeof(struct block));
   for (size_t i = 0; i < g->count; i++) {
      if (leader[i]) {
         g->blocks[g->nblocks].first = i;
         g->nblocks++;
      }
      struct block *b = &g->blocks[g->nblocks - 1];
      b->end = i + 1;
      g->block_of[i] = (int)g->nblocks - 1;
      b->cost[VA_COST_UNITS]++;
      if (g->decoded[i]) {
         uint32_t c[VA_COST_UNITS];
         va_instr_costs(&g->instrs[i], c);
         for (unsigned u = 0; u < VA_COST_UNITS; u++)
            b->cost[u] += c[u];
      }
   }
}

static void
link_blocks(struct cfg *g)
{
   for (unsigned k = 0; k < g->nblocks; k++) {
      struct block *b = &g->blocks[k];
      size_t last = b->end - 1;
      bool falls = !is_exit(g, last) && b->end < g->count;
      long t = branch_target(g, last);
      if (t >= 0) {
         bool never;
         if (is_jump_always(&g->instrs[last], &never))
            falls = false;
         if (!never)
            b->succ[b->nsucc++] = g->block_of[t];
      }
      if (falls)
         b->succ[b->nsucc++] = g->block_of[b->end];
   }
}

static void
mark_reachable(struct arena *arena, struct cfg *g)
{
   int *stack = ARENA_ARRAY(arena, int, g->nblocks + 1);
   unsigned top = 0;
   stack[top++] = 0;
   g->blocks[0].reachable = true;
   while (top) {
      struct block *b = &g->blocks[stack[--top]];
      for (unsigned s = 0; s < b->nsucc; s++) {
         struct block *n = &g->blocks[b->succ[s]];
         n->indegree++;
         if (!n->reachable) {
            n->reachable = true;
            stack[top++] = b->succ[s];
         }
      }
   }
}

/* least/most of `b` from its successors' (which must be final for
 * `most`; `least` may be relaxed again).  True if anything changed. */
static bool
relax(struct cfg *g, struct block *b)
{
   bool changed = false;
   for (unsigned m = 0; m < METRICS; m++) {
      uint64_t lo = b->nsucc ? NO_PATH : 0, hi = 0;
      for (unsigned s = 0; s < b->nsucc; s++) {
         const struct block *n = &g->blocks[b->succ[s]];
         if (n->least[m] != NO_PATH && n->least[m] < lo)
            lo = n->least[m];
         hi = n->most[m] > hi ? n->most[m] : hi;
      }
      lo = lo == NO_PATH ? NO_PATH : lo + b->cost[m];
      changed |= lo != b->least[m];
      b->least[m] = lo;
      b->most[m] = hi + b->cost[m];
   }
   return changed;
}

/* Kahn's order of the reachable blocks; false if a cycle leaves some
 * out.  `order` gets them entry first. */
static bool
topological_order(struct arena *arena, struct cfg *g, int *order, unsigned *n)
{
   int *ready = ARENA_ARRAY(arena, int, g->nblocks + 1);
   unsigned top = 0, reachable = 0;
   *n = 0;
   for (unsigned k = 0; k < g->nblocks; k++)
      reachable += g->blocks[k].reachable;
   if (g->blocks[0].indegree == 0)
      ready[top++] = 0;
   while (top) {
      int k = ready[--top];
      order[(*n)++] = k;
      struct block *b = &g->blocks[k];
      for (unsigned s = 0; s < b->nsucc; s++) {
         if (--g->blocks[b->succ[s]].indegree == 0)
            ready[top++] = b->succ[s];
      }
   }
   return *n == reachable;
}

static void
to_stats(const uint64_t *metrics, struct va_stats *st)
{
   va_stats_from_counts(metrics, (unsigned)metrics[VA_COST_UNITS], st);
}

static void
solve(struct arena *arena, struct cfg *g, struct va_path_stats *out)
{
   for (unsigned k = 0; k < g->nblocks; k++)
      memset(g->blocks[k].least, 0xff, sizeof(g->blocks[k].least));
   int *order = ARENA_ARRAY(arena, int, g->nblocks + 1);
   unsigned n;
   if (topological_order(arena, g, order, &n)) {
      for (unsigned i = n; i-- > 0;)
         relax(g, &g->blocks[order[i]]);
   } else {
      /* Non-negative costs: shortest distances settle within one round
       * per block; `most` is meaningless here and not reported. */
      out->longest_unbounded = true;
      bool changed = true;
      for (unsigned round = 0; changed && round <= g->nblocks; round++) {
         changed = false;
         for (unsigned k = g->nblocks; k-- > 0;) {
            if (g->blocks[k].reachable)
               changed |= relax(g, &g->blocks[k]);
         }
      }
   }
   const struct block *entry = &g->blocks[0];
   uint64_t least[METRICS] = {0};
   for (unsigned m = 0; m < METRICS; m++)
      least[m] = entry->least[m] == NO_PATH ? 0 : entry->least[m];
   to_stats(least, &out->shortest);
   if (!out->longest_unbounded)
      to_stats(entry->most, &out->longest);
}

bool
va_program_paths(struct arena *arena, const uint64_t *words, size_t count,
                 struct va_path_stats *out)
{
   memset(out, 0, sizeof(*out));
   va_program_stats(words, count, &out->total);
   if (count == 0)
      return true;
   struct cfg g = {.count = count};
   g.instrs = ARENA_ARRAY(arena, struct va_instr, count);
   g.decoded = arena_zalloc(arena, count);
   for (size_t i = 0; i < count; i++)
      g.decoded[i] = va_decode(words[i], &g.instrs[i]);
   find_exits(arena, &g);
   find_blocks(arena, &g);
   link_blocks(&g);
   mark_reachable(arena, &g);
   for (unsigned k = 0; k < g.nblocks; k++)
      out->blocks += g.blocks[k].reachable;
   solve(arena, &g, out);
   return true;
}
