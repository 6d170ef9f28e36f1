/* SPDX-License-Identifier: MIT */
/*
 * Rematerialisation of constants: gives every reader of a constant made
 * in a register its own copy, right before it.
 *
 * 1. Legalisation lets the source slots of a stretch of code share the
 *    register of a constant (one IADD_IMM.i32 0, #c instead of one per
 *    use).  Sharing costs a register for the stretch; where that register
 *    is what keeps a shader above 32 registers (half the threads) or
 *    makes it spill, one more IADD_IMM per use is the cheaper side.
 * 2. A constant is an IADD_IMM.i32 of the constant 0 (the canonical
 *    immediate move): making it again anywhere gives the same bits.
 * 3. Each non-phi reader gets a copy right before it (one per reader,
 *    whichever of its sources read the value); phi readers keep the
 *    original, which is removed when nothing reads it any more.
 *
 * Requires: legalized SSA IR, before allocation.
 * Ensures:  every constant read by instructions other than phis is made
 *           right before its one reader.
 * Invalidates: liveness.
 */
#include "ra.h"

#include "emit/va.h"

static bool
is_constant(const struct ir_instr *I)
{
   uint32_t bits;
   return I && I->op == IR_OP_VA && I->va_op == VA_OP_IADD_IMM_I32 &&
          I->nsrc == 1 && !I->flags && ir_ref_const_bits(I->src[0], &bits) &&
          bits == 0;
}

static struct ir_ref
copy_before(struct ir_shader *s, const struct ir_instr *C,
            struct ir_instr *before)
{
   struct ir_instr *I = ir_va_create(s, VA_OP_IADD_IMM_I32, 1, C->src);
   ir_instr_def(s, I, 32, 1);
   I->va->imm[VA_IMM_CONSTANT] = C->va->imm[VA_IMM_CONSTANT];
   ir_instr_insert_before(before, I);
   return I->dst;
}

/* Rule 3 for reader I. */
static void
rematerialize_reads(struct ir_shader *s, struct ir_instr *I,
                    uint32_t first_copy)
{
   if (I->op == IR_OP_PHI)
      return;
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE || r.index >= first_copy)
         continue;
      const struct ir_instr *C = ir_value(s, r.index)->def;
      if (!is_constant(C))
         continue;
      struct ir_ref fresh = copy_before(s, C, I);
      /* Other sources of I reading the same constant share the copy. */
      for (unsigned k = i; k < I->nsrc; k++) {
         if (I->src[k].kind == IR_REF_VALUE && I->src[k].index == r.index)
            I->src[k].index = fresh.index;
      }
   }
}

bool
ra_rematerialize_constants(struct ir_shader *s)
{
   uint32_t first_copy = (uint32_t)s->values.len;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         rematerialize_reads(s, I, first_copy);
   }
   if (s->values.len == first_copy)
      return false;
   /* Originals that only phis read stay; the others go. */
   uint8_t *read = ARENA_ARRAY(s->arena, uint8_t, first_copy + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            if (r.kind == IR_REF_VALUE && r.index < first_copy)
               read[r.index] = 1;
         }
      }
   }
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (is_constant(I) && I->dst.index < first_copy &&
             !read[I->dst.index])
            ir_instr_remove(I);
      }
   }
   return true;
}
