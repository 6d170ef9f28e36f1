/* SPDX-License-Identifier: MIT */
/*
 * Liveness of SSA values per block, by backward data flow to a fixed
 * point.
 *
 * 1. A phi's source is live out of the predecessor it comes from, not
 *    live into the phi's block; a phi's result is defined at the top of
 *    its block.
 * 2. A whole value is live while any of its registers is: vectors and
 *    pairs are allocated as units.
 *
 * Requires: SSA; a CFG whose blocks are renumbered (ir_compute_dominance).
 * Ensures:  live_in/live_out of every block.
 * Invalidates: nothing.
 */
#include "ra.h"

#include <string.h>

struct ra_bitset
ra_bitset_create(struct arena *a, uint32_t bits)
{
   struct ra_bitset s = {.nwords = (bits + 63) / 64};
   s.words = ARENA_ARRAY(a, uint64_t, s.nwords + 1);
   return s;
}

/* Values live into `b` given what is live out of it. */
static void
transfer(struct ir_shader *s, struct ir_block *b, const struct ra_bitset *out,
         struct ra_bitset *in)
{
   memcpy(in->words, out->words, out->nwords * sizeof(uint64_t));
   ir_foreach_instr_rev(b, I) {
      if (I->ndst && I->dst.kind == IR_REF_VALUE)
         ra_bitset_clear(in, I->dst.index);
      if (I->op == IR_OP_PHI)
         continue;
      ir_foreach_src(I, i) {
         if (I->src[i].kind == IR_REF_VALUE)
            ra_bitset_set(in, I->src[i].index);
      }
   }
   (void)s;
}

/* Phi sources `b` passes to its successor `succ`. */
static void
add_phi_uses(struct ir_block *b, struct ir_block *succ, struct ra_bitset *out)
{
   int p = ir_block_pred_index(succ, b);
   ir_foreach_instr(succ, I) {
      if (I->op != IR_OP_PHI)
         break;
      struct ir_ref r = I->src[p];
      if (r.kind == IR_REF_VALUE)
         ra_bitset_set(out, r.index);
   }
}

void
ra_compute_liveness(struct ir_shader *s, struct ra_liveness *l)
{
   uint32_t nvals = (uint32_t)s->values.len;
   l->nblocks = s->block_count;
   l->live_in = ARENA_ARRAY(s->arena, struct ra_bitset, l->nblocks + 1);
   l->live_out = ARENA_ARRAY(s->arena, struct ra_bitset, l->nblocks + 1);
   for (uint32_t i = 0; i < l->nblocks; i++) {
      l->live_in[i] = ra_bitset_create(s->arena, nvals);
      l->live_out[i] = ra_bitset_create(s->arena, nvals);
   }
   struct ra_bitset tmp = ra_bitset_create(s->arena, nvals);
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block_rev(s, b) {
         struct ra_bitset *out = &l->live_out[b->index];
         for (unsigned k = 0; k < 2; k++) {
            struct ir_block *succ = b->succ[k];
            if (!succ || (k == 1 && succ == b->succ[0]))
               continue;
            const struct ra_bitset *sin = &l->live_in[succ->index];
            for (uint32_t w = 0; w < out->nwords; w++)
               out->words[w] |= sin->words[w];
            add_phi_uses(b, succ, out);
         }
         transfer(s, b, out, &tmp);
         struct ra_bitset *in = &l->live_in[b->index];
         if (memcmp(tmp.words, in->words, in->nwords * sizeof(uint64_t))) {
            memcpy(in->words, tmp.words, in->nwords * sizeof(uint64_t));
            changed = true;
         }
      }
   }
}
