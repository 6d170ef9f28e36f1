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
 * 3. va_blend_return, before allocation, writes the return address to a
 *    value fixed to r48 (ir_value.reg), the only place r48 is named: the
 *    allocator keeps r48 free where that value is written and nowhere
 *    else.  Which BLEND ends the shader is known only once the flow is
 *    (`end`), so its source and constant are set by va_blend_tail.
 * 4. The write is marked IR_INSTR_BLEND_RETURN: the flow passes look past
 *    it (va_last_before_tail), so `end`, `reconverge` and `discard` land
 *    where they would without it.  The BRANCHZI carries no flow and reads
 *    no register, so it goes in after those passes.
 *
 * va_blend_return
 * Requires: legalized IR, before allocation.
 * Ensures:  a return-address write, fixed to r48, right after every BLEND.
 * Invalidates: liveness.
 *
 * va_blend_tail
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

static bool
is_blend(const struct ir_instr *I)
{
   return I && I->op == IR_OP_VA && I->va_op == VA_OP_BLEND;
}

static bool
is_return(const struct ir_instr *I)
{
   return I && (I->flags & IR_INSTR_BLEND_RETURN);
}

struct ir_instr *
va_last_before_tail(struct ir_block *b)
{
   return is_return(b->last) ? b->last->prev : b->last;
}

bool
va_blend_return(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (!is_blend(I) || is_return(I->next))
            continue;
         struct ir_ref zero = ir_imm(0);
         struct ir_instr *R = ir_va_create(s, VA_OP_IADD_IMM_I32, 1, &zero);
         R->flags |= IR_INSTR_BLEND_RETURN;
         struct ir_ref ret = ir_instr_def(s, R, 32, 1);
         ir_value(s, ret.index)->reg = VA_BLEND_RETURN_REG;
         ir_instr_insert_after(I, R);
         progress = true;
      }
   }
   return progress;
}

static void
add_tail(struct ir_shader *s, struct ir_instr *blend)
{
   struct ir_instr *R = blend->next;
   if (!is_return(R))
      ir_invalid(s, blend, "BLEND without its return address "
                 "(va_blend_return)");
   bool last = blend->flow == VA_FLOW_END;
   blend->va->imm[VA_IMM_TARGET] = last ? 0 : 2;
   R->src[0] = last ? ir_imm(0)
                    : special(VA_SPECIAL_PROGRAM_COUNTER, IR_SWIZZLE_W0);
   R->va->imm[VA_IMM_CONSTANT] = last ? 0 : 8;
   unsigned rt = blend->src[0].index - VA_SPECIAL_BLEND_DESCRIPTOR_0;
   struct ir_ref to[2] = {
      ir_imm(0),
      special((enum va_special)(VA_SPECIAL_BLEND_DESCRIPTOR_0 + rt),
              IR_SWIZZLE_W1),
   };
   struct ir_instr *J = ir_va_create(s, VA_OP_BRANCHZI, 2, to);
   va_set_mod(J->va, VA_MOD_EQ, 1);
   va_set_mod(J->va, VA_MOD_ABSOLUTE, 1);
   ir_instr_insert_after(R, J);
}

bool
va_blend_tail(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (is_blend(I)) {
            add_tail(s, I);
            progress = true;
         }
      }
   }
   return progress;
}
