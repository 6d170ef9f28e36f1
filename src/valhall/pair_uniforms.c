/* SPDX-License-Identifier: MIT */
/*
 * Places uniform words that one instruction reads together in one 64-bit
 * FAU slot (u2k, u2k+1).  An ALU instruction reads at most one such slot
 * (valhall-encoding.md, "FAU"); translation numbers push words in order
 * of first use, so the two constants of `a - b` (C0.x and C4.x) usually
 * sit in different slots, and legalize must move one into a register.
 *
 * 1. A word may move when no earlier program of the shader reads it
 *    (pinned: a vertex shader's programs share one push array), it is
 *    not half of a 64-bit pair (ir_layout_push_slot), and every read of
 *    it is a 32-bit source slot of a Valhall instruction.
 * 2. Each instruction that reads two or more movable words adds one to
 *    each pair's weight; pairs are matched greedily, heaviest first
 *    (ties: the pair read first).
 * 3. A matched pair already in one slot stays; the others take the
 *    free aligned slots both of whose words are movable, in matching
 *    order; the other movable words fill the places left, in their old
 *    order.
 * 4. Every word the program reads is then pinned, for later programs.
 *
 * Requires: selected IR; before va_legalize, which pins the constant
 *           words it adds.
 * Ensures:  uniform words renumbered as above, layout->push to match.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include <stdlib.h>
#include <string.h>

#include "emit/va.h"
#include "ir/layout.h"

struct affinity {
   uint8_t a, b;    /* words, a < b */
   uint16_t weight;
   uint32_t first;  /* the first instruction reading both */
};

static int
cmp_words(const void *x, const void *y)
{
   const struct affinity *p = x, *q = y;
   if (p->a != q->a)
      return p->a - q->a;
   if (p->b != q->b)
      return p->b - q->b;
   return p->first < q->first ? -1 : p->first > q->first;
}

static int
cmp_weight(const void *x, const void *y)
{
   const struct affinity *p = x, *q = y;
   if (p->weight != q->weight)
      return q->weight - p->weight;
   return p->first < q->first ? -1 : p->first > q->first;
}

/* Can source i of I read a word that moves?  Only a 32-bit source slot:
 * anything else may read the other word of its slot too, which then
 * stays as well. */
static bool
movable_read(const struct ir_instr *I, unsigned i)
{
   if (I->op != IR_OP_VA)
      return false;
   const struct va_form *f = va_form(I->va_op);
   return i < f->nr_srcs && f->srcs[i].size <= 32;
}

/* A source reading a push word, and the instruction's number in program
 * order. */
struct uniform_read {
   struct ir_ref *ref;
   uint32_t serial;
};

/* Rules 1 and 2: which words may move, and the pairs' weights (merged,
 * heaviest first).  One walk over the program finds every source that
 * reads a push word (*reads, in program order); the rest works on those
 * alone. */
static void
collect(struct ir_shader *s, uint32_t n, bool *movable,
        struct affinity **pairs, size_t *npairs,
        struct uniform_read **reads, size_t *nreads)
{
   const struct ir_push_word *push = s->layout->push.data;
   for (uint32_t w = 0; w < n; w++)
      movable[w] = !(push[w].flags & (IR_PUSH_PINNED | IR_PUSH_PAIRED));
   VEC(struct uniform_read) u = {0};
   uint32_t serial = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         serial++;
         ir_foreach_src(I, i) {
            uint32_t w = I->src[i].index;
            if (I->src[i].kind != IR_REF_UNIFORM || w >= n)
               continue;
            *VEC_PUSH(s->scratch, &u) =
               (struct uniform_read){&I->src[i], serial};
            if (!movable_read(I, i)) {
               movable[w] = false;
               if ((w ^ 1) < n)
                  movable[w ^ 1] = false;
            }
         }
      }
   }
   *reads = u.data;
   *nreads = u.len;
   VEC(struct affinity) v = {0};
   for (size_t j = 0; j < u.len;) {
      uint32_t at = u.data[j].serial;
      uint8_t read[8];
      unsigned k = 0;
      for (; j < u.len && u.data[j].serial == at; j++) {
         uint32_t w = u.data[j].ref->index;
         if (!movable[w] || memchr(read, (int)w, k) || k == sizeof(read))
            continue;
         read[k++] = (uint8_t)w;
      }
      for (unsigned x = 0; x < k; x++) {
         for (unsigned y = x + 1; y < k; y++) {
            uint8_t lo = read[x] < read[y] ? read[x] : read[y];
            uint8_t hi = read[x] ^ read[y] ^ lo;
            *VEC_PUSH(s->scratch, &v) = (struct affinity){lo, hi, 1, at};
         }
      }
   }
   *pairs = v.data;
   *npairs = 0;
   if (!v.len)
      return; /* (qsort must not see the NULL of an empty vector) */
   /* Merge repeats of a pair, keeping its first reader. */
   qsort(v.data, v.len, sizeof(*v.data), cmp_words);
   size_t m = 0;
   for (size_t i = 0; i < v.len; i++) {
      if (m && v.data[m - 1].a == v.data[i].a &&
          v.data[m - 1].b == v.data[i].b) {
         if (v.data[m - 1].weight < UINT16_MAX)
            v.data[m - 1].weight++;
      } else {
         v.data[m++] = v.data[i];
      }
   }
   qsort(v.data, m, sizeof(*v.data), cmp_weight);
   *npairs = m;
}

/* Rule 3: the new place of every word (the identity for words that stay);
 * false when nothing moves.  A matched pair already in one slot keeps
 * it. */
static bool
place(uint32_t n, const bool *movable, const struct affinity *pairs,
      size_t npairs, uint8_t *to)
{
   bool matched[IR_MAX_PUSH_WORDS] = {false};
   bool taken[IR_MAX_PUSH_WORDS] = {false};
   bool placed[IR_MAX_PUSH_WORDS] = {false};
   uint8_t match[IR_MAX_PUSH_WORDS][2];
   unsigned nmatch = 0;
   for (uint32_t w = 0; w < n; w++)
      to[w] = (uint8_t)w;
   /* Greedy matching, heaviest first. */
   for (size_t p = 0; p < npairs; p++) {
      const struct affinity *e = &pairs[p];
      if (matched[e->a] || matched[e->b])
         continue;
      matched[e->a] = matched[e->b] = true;
      if (!(e->a & 1) && e->b == e->a + 1) {
         placed[e->a] = placed[e->b] = true;
         taken[e->a] = taken[e->b] = true;
      } else {
         match[nmatch][0] = e->a;
         match[nmatch++][1] = e->b;
      }
   }
   /* The other pairs into free slots, in matching order. */
   uint32_t slot = 0;
   for (unsigned m = 0; m < nmatch; m++) {
      while (slot + 1 < n && !(movable[slot] && movable[slot + 1] &&
                               !taken[slot] && !taken[slot + 1]))
         slot += 2;
      if (slot + 1 >= n)
         break;
      for (unsigned k = 0; k < 2; k++) {
         to[match[m][k]] = (uint8_t)(slot + k);
         placed[match[m][k]] = true;
         taken[slot + k] = true;
      }
      slot += 2;
   }
   /* The others, in their old order, into the places left. */
   uint32_t free_at = 0;
   for (uint32_t w = 0; w < n; w++) {
      if (!movable[w] || placed[w])
         continue;
      while (!movable[free_at] || taken[free_at])
         free_at++;
      to[w] = (uint8_t)free_at;
      taken[free_at] = true;
   }
   for (uint32_t w = 0; w < n; w++) {
      if (to[w] != w)
         return true;
   }
   return false;
}

bool
va_pair_uniforms(struct ir_shader *s)
{
   struct ir_layout *l = s->layout;
   if (!l || !l->push.len)
      return false;
   uint32_t n = (uint32_t)l->push.len;
   bool movable[IR_MAX_PUSH_WORDS];
   uint8_t to[IR_MAX_PUSH_WORDS];
   struct affinity *pairs;
   struct uniform_read *reads;
   size_t npairs, nreads;
   collect(s, n, movable, &pairs, &npairs, &reads, &nreads);
   bool progress = place(n, movable, pairs, npairs, to);
   if (progress) {
      struct ir_push_word old[IR_MAX_PUSH_WORDS];
      memcpy(old, l->push.data, n * sizeof(old[0]));
      for (uint32_t w = 0; w < n; w++)
         l->push.data[to[w]] = old[w];
   }
   /* Rule 4, with the new numbers. */
   for (size_t j = 0; j < nreads; j++) {
      struct ir_ref *r = reads[j].ref;
      r->index = to[r->index];
      l->push.data[r->index].flags |= IR_PUSH_PINNED;
   }
   return progress;
}
