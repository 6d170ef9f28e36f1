/* SPDX-License-Identifier: MIT */
/*
 * Dead code elimination by marking: an instruction lives if it has side
 * effects (stores, atomics, outputs, discards, barriers, terminators) or
 * if a live instruction reads its result.  Everything else goes, including
 * cycles of phis that only feed each other.
 *
 * Requires: SSA.
 * Ensures:  every remaining instruction is live.
 * Invalidates: nothing.
 */
#include "ir.h"

bool
ir_opt_dce(struct ir_shader *s)
{
   uint8_t *live = ARENA_ARRAY(s->scratch, uint8_t, s->values.len);
   VEC(struct ir_instr *) work = {0};

   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         I->pass_data = ir_instr_has_side_effects(I);
         if (I->pass_data)
            *VEC_PUSH(s->scratch, &work) = I;
      }
   }
   while (work.len) {
      struct ir_instr *I = work.data[--work.len];
      ir_foreach_src(I, i) {
         struct ir_ref r = I->src[i];
         if (r.kind != IR_REF_VALUE || live[r.index])
            continue;
         live[r.index] = 1;
         struct ir_instr *def = ir_value(s, r.index)->def;
         if (def && !def->pass_data) {
            def->pass_data = 1;
            *VEC_PUSH(s->scratch, &work) = def;
         }
      }
   }

   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (!I->pass_data) {
            ir_instr_remove(I);
            progress = true;
         }
      }
   }
   return progress;
}
