/* SPDX-License-Identifier: MIT */
/*
 * Dead code elimination by marking: an instruction lives if it has side
 * effects (stores, atomics, outputs, discards, barriers, terminators) or
 * if a live instruction reads its result.  Everything else goes, including
 * cycles of phis that only feed each other.
 *
 * The marking walks the program backwards once, so that it reads the IR
 * in the order it lies in memory (a huge shader's IR is far larger than
 * the caches, and chasing definitions from use to use missed them on
 * almost every step).  A use met before its definition's walk has marked
 * it; a use met after (a loop's phi reading its latch) goes through a
 * work list.
 *
 * Requires: SSA.
 * Ensures:  every remaining instruction is live.
 * Invalidates: nothing.
 */
#include "ir.h"

enum { LIVE = 1, WALKED = 2 };

struct dce {
   struct ir_shader *s;
   uint8_t *state; /* per value: LIVE, WALKED (its definition's turn) */
   VEC(struct ir_instr *) work;
};

/* I lives: so does what it reads. */
static void
mark_sources(struct dce *d, const struct ir_instr *I)
{
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE || (d->state[r.index] & LIVE))
         continue;
      d->state[r.index] |= LIVE;
      if (!(d->state[r.index] & WALKED))
         continue; /* its definition, when walked, finds it live */
      struct ir_instr *def = ir_value(d->s, r.index)->def;
      if (def && !def->pass_data) {
         def->pass_data = 1;
         *VEC_PUSH(d->s->scratch, &d->work) = def;
      }
   }
}

bool
ir_opt_dce(struct ir_shader *s)
{
   struct dce d = {
      .s = s,
      .state = ARENA_ARRAY(s->scratch, uint8_t, s->values.len),
   };
   VEC(struct ir_instr *) dead = {0}; /* found dead when walked */

   ir_foreach_block_rev(s, b) {
      ir_foreach_instr_rev(b, I) {
         bool live = ir_instr_has_side_effects(I);
         if (I->dst.kind == IR_REF_VALUE) {
            live |= d.state[I->dst.index] & LIVE;
            d.state[I->dst.index] |= WALKED;
         }
         I->pass_data = live;
         if (live)
            mark_sources(&d, I);
         else
            *VEC_PUSH(s->scratch, &dead) = I;
      }
   }
   while (d.work.len)
      mark_sources(&d, d.work.data[--d.work.len]);

   bool progress = false;
   for (size_t i = 0; i < dead.len; i++) {
      if (!dead.data[i]->pass_data) {
         ir_instr_remove(dead.data[i]);
         progress = true;
      }
   }
   return progress;
}
