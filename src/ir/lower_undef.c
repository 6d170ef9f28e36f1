/* SPDX-License-Identifier: MIT */
/*
 * Undefined values left after the first clean-up read as 0, so that no
 * later pass, the register allocator among them, meets an UNDEF: a value
 * without a definition would otherwise hold a register from the entry
 * to its last use for nothing.  0 is the cheapest value (an immediate,
 * a FAU zero) and the one constant folding knows best.
 *
 * Requires: SSA.
 * Ensures:  no UNDEF instruction and no use of one.
 * Invalidates: nothing.
 */
#include "ir.h"

bool
ir_lower_undef(struct ir_shader *s)
{
   struct ir_remap m;
   bool found = false;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         ir_foreach_src(I, i)
            ir_remap_operand(&m, I, i);
         if (I->op != IR_OP_UNDEF)
            continue;
         ir_remap_set(&m, I->dst.index, ir_imm(0));
         ir_instr_remove(I);
         found = true;
      }
   }
   if (found)
      ir_remap_apply(s, &m);
   return found;
}
