/* SPDX-License-Identifier: MIT */
/*
 * The blend-shader tail the driver relies on (spec/abi.md, "Fragment
 * shaders"), as instructions of the IR so that the IR after the last pass
 * is the program word for word.
 *
 * 1. Every BLEND is followed by IADD_IMM r48 (VA_BLEND_RETURN_REG) with
 *    the return address, PC + 8 (0 after the BLEND that ends the shader),
 *    and BRANCHZI.eq.absolute to the blend shader in the high word of the
 *    render target's blend descriptor.
 * 2. BLEND's target skips the two words when no blend shader is bound
 *    (target 2); the BLEND that ends the shader has target 0.
 * 3. The tail reads no register and carries no flow, and r48 is never
 *    allocated in fragment shaders (src/ra/ra_run.c): the flow, last-use
 *    and jump passes need not see it, so it goes in after them.
 *
 * Requires: flow and branch layout final (va_insert_flow,
 *           va_discard_helpers, va_mark_last_use, va_thread_jumps).
 * Ensures:  the tail after every BLEND; BLEND's target.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"

static struct ir_ref
special(enum va_special which, enum ir_swizzle word)
{
   return (struct ir_ref){
      .index = which, .kind = IR_REF_SPECIAL, .swizzle = (uint8_t)word};
}

static void
add_tail(struct ir_shader *s, struct ir_instr *blend)
{
   bool last = blend->flow == VA_FLOW_END;
   blend->va->imm[VA_IMM_TARGET] = last ? 0 : 2;
   struct ir_ref ret = last ? ir_imm(0)
                            : special(VA_SPECIAL_PROGRAM_COUNTER,
                                      IR_SWIZZLE_W0);
   struct ir_instr *R = ir_va_create(s, VA_OP_IADD_IMM_I32, 1, &ret);
   R->va->imm[VA_IMM_CONSTANT] = last ? 0 : 8;
   R->ndst = 1;
   R->dst = ir_reg(VA_BLEND_RETURN_REG);
   unsigned rt = blend->src[0].index - VA_SPECIAL_BLEND_DESCRIPTOR_0;
   struct ir_ref to[2] = {
      ir_imm(0),
      special((enum va_special)(VA_SPECIAL_BLEND_DESCRIPTOR_0 + rt),
              IR_SWIZZLE_W1),
   };
   struct ir_instr *J = ir_va_create(s, VA_OP_BRANCHZI, 2, to);
   va_set_mod(J->va, VA_MOD_EQ, 1);
   va_set_mod(J->va, VA_MOD_ABSOLUTE, 1);
   ir_instr_insert_after(blend, R);
   ir_instr_insert_after(R, J);
}

bool
va_blend_tail(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (I->op == IR_OP_VA && I->va_op == VA_OP_BLEND) {
            add_tail(s, I);
            progress = true;
         }
      }
   }
   return progress;
}
