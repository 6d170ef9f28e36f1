/* SPDX-License-Identifier: MIT */
/*
 * Instruction selection: every generic operation becomes one Valhall form
 * (IR_OP_VA), looked up in a table; the operands stay IR values.
 *
 * 1. The lowering passes before this one leave only operations the table
 *    maps directly; anything else here is a bug (ir_invalid).
 * 2. Valhall has no float multiply: a * b is FMA(a, b, -0.0), exact for
 *    every input including signed zeros.
 * 3. Bitwise operations and shifts share the LSHIFT_/RSHIFT_ forms
 *    A << s OP B: and/or/xor shift by 0; shifts OR with 0; NOT is
 *    0 | ~B.  Shift counts are masked to 5 bits by the hardware as TGSI
 *    requires.
 * 4. Comparisons set the condition and result type and combine with a
 *    zero third source (OR mode); FROUND carries the rounding of floor,
 *    ceil, trunc and round-to-even; float-to-int conversions truncate.
 * 5. The destination clamp of float ops becomes the form's clamp field.
 *    FROUND, FRCP, FRSQ, LDEXP and the conversions have none:
 *    ir_op_takes_clamp tells the passes that move clamps (and the
 *    validator) which generic operations end on a form that has one.
 *
 * Requires: lowered IR (lower_alu, lower_int64, lower_transcendental).
 * Ensures:  only IR_OP_VA, PHI, COLLECT, PRELOAD, UNDEF, JUMP and BRANCH
 *           remain (the emitter turns branches into BRANCHZ once the
 *           offsets are known); VA sources are in the form's order.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"

enum select_kind {
   SEL_NONE,
   SEL_DIRECT,  /* sources as they are */
   SEL_FMUL,    /* FMA(a, b, -0.0) */
   SEL_ROUND,   /* FROUND with a rounding mode (row->mod) */
   SEL_CONVERT, /* round mode row->mod */
   SEL_CMP,     /* cond, result type, third source 0 */
   SEL_CSEL,
   SEL_LOGIC,   /* A << 0 op B */
   SEL_SHIFT,   /* A << B | 0 */
   SEL_NOT,     /* 0 | ~A */
};

struct select_row {
   uint8_t kind;
   uint16_t op;   /* enum va_op for 32-bit values */
   uint16_t op64; /* for 64-bit values, 0 if none */
   int8_t mod;    /* rounding mode, or signedness of right shifts */
};

static const struct select_row rows[IR_OP_COUNT] = {
   [IR_OP_MOV] = {SEL_DIRECT, VA_OP_MOV_I32, 0, 0},
   [IR_OP_FADD] = {SEL_DIRECT, VA_OP_FADD_F32, 0, 0},
   [IR_OP_FMUL] = {SEL_FMUL, VA_OP_FMA_F32, 0, 0},
   [IR_OP_FMA] = {SEL_DIRECT, VA_OP_FMA_F32, 0, 0},
   [IR_OP_FMIN] = {SEL_DIRECT, VA_OP_FMIN_F32, 0, 0},
   [IR_OP_FMAX] = {SEL_DIRECT, VA_OP_FMAX_F32, 0, 0},
   [IR_OP_FFLOOR] = {SEL_ROUND, VA_OP_FROUND_F32, 0, VA_ROUND_MODE_RTN},
   [IR_OP_FCEIL] = {SEL_ROUND, VA_OP_FROUND_F32, 0, VA_ROUND_MODE_RTP},
   [IR_OP_FTRUNC] = {SEL_ROUND, VA_OP_FROUND_F32, 0, VA_ROUND_MODE_RTZ},
   [IR_OP_FROUND] = {SEL_ROUND, VA_OP_FROUND_F32, 0, VA_ROUND_MODE_RTE},
   [IR_OP_FRCP] = {SEL_DIRECT, VA_OP_FRCP_F32, 0, 0},
   [IR_OP_FRSQ] = {SEL_DIRECT, VA_OP_FRSQ_F32, 0, 0},
   [IR_OP_FLDEXP] = {SEL_DIRECT, VA_OP_LDEXP_F32, 0, 0},
   [IR_OP_FCMP] = {SEL_CMP, VA_OP_FCMP_F32, 0, 0},
   [IR_OP_F2I] = {SEL_CONVERT, VA_OP_F32_TO_S32, 0, VA_ROUND_MODE_RTZ},
   [IR_OP_F2U] = {SEL_CONVERT, VA_OP_F32_TO_U32, 0, VA_ROUND_MODE_RTZ},
   [IR_OP_I2F] = {SEL_CONVERT, VA_OP_S32_TO_F32, 0, VA_ROUND_MODE_RTE},
   [IR_OP_U2F] = {SEL_CONVERT, VA_OP_U32_TO_F32, 0, VA_ROUND_MODE_RTE},
   [IR_OP_IADD] = {SEL_DIRECT, VA_OP_IADD_U32, VA_OP_IADD_U64, 0},
   [IR_OP_ISUB] = {SEL_DIRECT, VA_OP_ISUB_U32, VA_OP_ISUB_U64, 0},
   [IR_OP_IMUL] = {SEL_DIRECT, VA_OP_IMUL_I32, 0, 0},
   [IR_OP_IABS] = {SEL_DIRECT, VA_OP_IABS_S32, 0, 0},
   [IR_OP_AND] = {SEL_LOGIC, VA_OP_LSHIFT_AND_I32, VA_OP_LSHIFT_AND_I64, 0},
   [IR_OP_OR] = {SEL_LOGIC, VA_OP_LSHIFT_OR_I32, VA_OP_LSHIFT_OR_I64, 0},
   [IR_OP_XOR] = {SEL_LOGIC, VA_OP_LSHIFT_XOR_I32, VA_OP_LSHIFT_XOR_I64, 0},
   [IR_OP_NOT] = {SEL_NOT, VA_OP_LSHIFT_OR_I32, VA_OP_LSHIFT_OR_I64, 0},
   [IR_OP_SHL] = {SEL_SHIFT, VA_OP_LSHIFT_OR_I32, VA_OP_LSHIFT_OR_I64, 0},
   [IR_OP_USHR] = {SEL_SHIFT, VA_OP_RSHIFT_OR_I32, VA_OP_RSHIFT_OR_I64, 0},
   [IR_OP_ISHR] = {SEL_SHIFT, VA_OP_RSHIFT_OR_I32, VA_OP_RSHIFT_OR_I64, 1},
   [IR_OP_ICMP] = {SEL_CMP, VA_OP_ICMP_U32, 0, 0},
   [IR_OP_CSEL] = {SEL_CSEL, VA_OP_CSEL_U32, 0, 0},
   [IR_OP_BREV] = {SEL_DIRECT, VA_OP_BITREV_I32, 0, 0},
   [IR_OP_POPC] = {SEL_DIRECT, VA_OP_POPCOUNT_I32, 0, 0},
   [IR_OP_CLZ] = {SEL_DIRECT, VA_OP_CLZ_U32, 0, 0},
};

static void
set_sources(struct ir_shader *s, struct ir_instr *I, unsigned n,
            const struct ir_ref *srcs)
{
   struct ir_ref copy[4];
   for (unsigned i = 0; i < n; i++)
      copy[i] = srcs[i];
   ir_instr_set_nsrc(s, I, n);
   for (unsigned i = 0; i < n; i++)
      I->src[i] = copy[i];
}

static const uint16_t csel_forms[] = {
   [IR_CMP_F] = VA_OP_CSEL_F32,
   [IR_CMP_S] = VA_OP_CSEL_S32,
   [IR_CMP_U] = VA_OP_CSEL_U32,
};

static const uint8_t result_types[] = {
   [IR_BOOL_M1] = VA_RESULT_TYPE_M1,
   [IR_BOOL_F1] = VA_RESULT_TYPE_F1,
   [IR_BOOL_I1] = VA_RESULT_TYPE_I1,
};

static enum va_op
form_of(struct ir_shader *s, const struct ir_instr *I,
        const struct select_row *row)
{
   bool wide = I->ndst && ir_ref_bits(s, I->dst) == 64;
   if (I->op == IR_OP_CSEL)
      return (enum va_op)csel_forms[I->cmptype];
   if (I->op == IR_OP_ICMP)
      return I->cmptype == IR_CMP_S ? VA_OP_ICMP_S32 : VA_OP_ICMP_U32;
   if (wide && !row->op64)
      ir_invalid(s, I, "no 64-bit form for this operation");
   return (enum va_op)(wide ? row->op64 : row->op);
}

static void
select_instr(struct ir_shader *s, struct ir_instr *I)
{
   const struct select_row *row = &rows[I->op];
   if (row->kind == SEL_NONE)
      ir_invalid(s, I, "no Valhall form for this operation");
   enum va_op op = form_of(s, I, row);
   struct va_settings *va = ir_va_template(s, op, NULL);
   struct ir_ref zero = ir_imm(0);
   struct ir_ref x[4];
   switch (row->kind) {
   case SEL_FMUL:
      x[0] = I->src[0];
      x[1] = I->src[1];
      x[2] = ir_neg(zero);
      set_sources(s, I, 3, x);
      break;
   case SEL_ROUND:
   case SEL_CONVERT:
      va_set_mod(va, VA_MOD_ROUND_MODE, row->mod);
      break;
   case SEL_CMP:
      va_set_mod(va, VA_MOD_CMP, I->cond);
      va_set_mod(va, VA_MOD_RESULT_TYPE, result_types[I->boolfmt]);
      x[0] = I->src[0];
      x[1] = I->src[1];
      x[2] = zero;
      set_sources(s, I, 3, x);
      break;
   case SEL_CSEL: va_set_mod(va, VA_MOD_CMP, I->cond); break;
   case SEL_LOGIC:
      x[0] = I->src[0];
      x[1] = zero;
      x[2] = I->src[1];
      set_sources(s, I, 3, x);
      break;
   case SEL_SHIFT:
      x[0] = I->src[0];
      x[1] = I->src[1];
      x[2] = zero;
      set_sources(s, I, 3, x);
      if (row->mod)
         va_set_mod(va, VA_MOD_SIGNED, 1);
      break;
   case SEL_NOT:
      x[0] = zero;
      x[1] = zero;
      x[2] = I->src[0];
      x[2].mods ^= IR_MOD_NOT;
      set_sources(s, I, 3, x);
      break;
   default: break;
   }
   if (I->clamp && va_form_mod(va_form(op), VA_MOD_CLAMP))
      va_set_mod(va, VA_MOD_CLAMP, I->clamp);
   else if (I->clamp)
      ir_invalid(s, I, "clamp on a form without one");
   /* The template holds it now; a second copy printed twice, and the
    * printed IR no longer read back. */
   I->clamp = IR_CLAMP_NONE;
   I->va = va;
   I->va_op = (uint16_t)op;
   I->op = IR_OP_VA;
}

bool
ir_op_takes_clamp(enum ir_op op)
{
   switch (op) {
   case IR_OP_MOV:   /* lower_alu: x + -0.0 with the clamp */
   case IR_OP_FDDX:  /* lower_alu: an FADD of the quad neighbours */
   case IR_OP_FDDY:
   case IR_OP_FSQRT: /* lower_transcendental: a clamping MOV last */
   case IR_OP_FEXP2:
   case IR_OP_FLOG2:
   case IR_OP_FSIN:
   case IR_OP_FCOS: return true;
   /* Their forms have a clamp field, but the result is no float: a
    * clamp there would act on a boolean or an integer. */
   case IR_OP_FCMP:
   case IR_OP_F2I:
   case IR_OP_F2U:
   case IR_OP_F2F16: return false;
   default: break;
   }
   const struct select_row *row = &rows[op];
   return row->kind != SEL_NONE &&
          va_form_mod(va_form((enum va_op)row->op), VA_MOD_CLAMP);
}

bool
va_select(struct ir_shader *s)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         switch (I->op) {
         case IR_OP_VA:
         case IR_OP_PHI:
         case IR_OP_COLLECT:
         case IR_OP_PRELOAD:
         case IR_OP_UNDEF:
         case IR_OP_JUMP:
         case IR_OP_BRANCH: continue;
         default: select_instr(s, I); break;
         }
      }
   }
   return true;
}
