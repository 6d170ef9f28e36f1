/* SPDX-License-Identifier: MIT */
/*
 * Transcendental functions from Valhall's special-function helpers
 * (valhall-isa.xml: SFU group, FEXP, FADD_LSCALE, FMA_RSCALE).
 *
 * 1. exp2(x): FEXP takes x as an 8:24 fixed-point number (x * 2^24, made
 *    by FMA_RSCALE and converted with F32_TO_S32) plus the float x itself
 *    for special cases.  Precision: that of FEXP, about 1 ulp.
 * 2. log2(x) = FLOGD(x) * FADD_LSCALE(-1, x) + e, where e is the exponent
 *    of x in the logarithm's argument reduction (FREXPE.log) as a float.
 *    About 2 ulp, exact at powers of two.
 * 3. sin/cos: the tables give sin and cos at multiples of pi/32; x is
 *    reduced to the nearest multiple with a float bias (2^19 * 1.5, so the
 *    sum's low mantissa bits count sixteenths of pi/2) and corrected with
 *    a second-order Taylor step.  Absolute error about 2^-11 near the
 *    table points' midpoints, which is within TGSI's (unspecified)
 *    precision for SIN/COS and what the hardware's tables are for.
 * 4. sqrt(x) = 1 / rsqrt(x): two instructions, right at the special
 *    values as they are (+-0 -> +-inf -> +-0, +inf -> +0 -> +inf, x < 0
 *    -> NaN), where x * rsqrt(x) needed two selects to mend +-0 and inf.
 *    Within 2 ulp (FRSQ's ulp and FRCP's rounding; SQRT allows 4).
 * 5. FRCP and FRSQ are used as they are (the XML: "may be freely used").
 *
 * Requires: SSA.
 * Ensures:  no FEXP2, FLOG2, FSIN, FCOS or FSQRT remains.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"

struct lower {
   struct ir_shader *s;
   struct ir_builder b;
};

static struct ir_instr *
va(struct lower *l, enum va_op op, unsigned n, const struct ir_ref *srcs)
{
   struct ir_instr *I = ir_va_create(l->s, op, n, srcs);
   ir_instr_def(l->s, I, 32, 1);
   ir_builder_insert(&l->b, I);
   return I;
}

static struct ir_ref
fexp2(struct lower *l, struct ir_ref x)
{
   /* x * 2^24 */
   struct ir_ref s[4] = {x, ir_immf(1.0f), ir_neg(ir_imm(0)), ir_imm(24)};
   struct ir_ref scaled = va(l, VA_OP_FMA_RSCALE_F32, 4, s)->dst;
   struct ir_instr *fixed = va(l, VA_OP_F32_TO_S32, 1, &scaled);
   va_set_mod(fixed->va, VA_MOD_ROUND_MODE, VA_ROUND_MODE_RTE);
   struct ir_ref e[2] = {fixed->dst, scaled};
   return va(l, VA_OP_FEXP_F32, 2, e)->dst;
}

static struct ir_ref
flog2(struct lower *l, struct ir_ref x)
{
   struct ir_instr *e = va(l, VA_OP_FREXPE_F32, 1, &x);
   va_set_mod(e->va, VA_MOD_LOG, 1);
   struct ir_ref ef = ir_alu1(&l->b, IR_OP_I2F, e->dst);
   struct ir_ref ls[2] = {ir_neg(ir_immf(1.0f)), x};
   struct ir_ref m1 = va(l, VA_OP_FADD_LSCALE_F32, 2, ls)->dst;
   struct ir_ref d = va(l, VA_OP_FLOGD_F32, 1, &x)->dst;
   return ir_alu3(&l->b, IR_OP_FMA, d, m1, ef);
}

static struct ir_ref
fsincos(struct lower *l, struct ir_ref x, bool cos)
{
   const struct ir_ref bias = ir_imm(0x49400000u); /* 786432.0 */
   struct ir_ref u6 = ir_alu3(&l->b, IR_OP_FMA, x,
                              ir_immf(2.0f / 3.14159265f), bias);
   struct ir_ref k = ir_alu2(&l->b, IR_OP_FADD, u6, ir_neg(bias));
   struct ir_ref e = ir_alu3(&l->b, IR_OP_FMA, k,
                             ir_immf(-3.14159265f / 2.0f), x);
   struct ir_ref sinx = va(l, VA_OP_FSIN_TABLE_U6, 1, &u6)->dst;
   struct ir_ref cosx = va(l, VA_OP_FCOS_TABLE_U6, 1, &u6)->dst;
   struct ir_ref f = cos ? cosx : sinx;
   struct ir_ref df = cos ? ir_neg(sinx) : cosx;
   /* e^2 / 2 */
   struct ir_ref h[4] = {e, e, ir_neg(ir_imm(0)), ir_imm(~0u)};
   struct ir_ref e2 = va(l, VA_OP_FMA_RSCALE_F32, 4, h)->dst;
   struct ir_ref quad = ir_alu2(&l->b, IR_OP_FMUL, ir_neg(e2), f);
   struct ir_instr *lin = ir_build(&l->b, IR_OP_FMA, 32, 3,
                                   (struct ir_ref[3]){e, df, quad});
   lin->clamp = IR_CLAMP_M1_1;
   return ir_alu2(&l->b, IR_OP_FADD, lin->dst, f);
}

static struct ir_ref
fsqrt(struct lower *l, struct ir_ref x)
{
   return ir_alu1(&l->b, IR_OP_FRCP, ir_alu1(&l->b, IR_OP_FRSQ, x));
}

static bool
lowered(enum ir_op op)
{
   return op == IR_OP_FEXP2 || op == IR_OP_FLOG2 || op == IR_OP_FSIN ||
          op == IR_OP_FCOS || op == IR_OP_FSQRT;
}

static bool
expand(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   struct lower l = {.s = b->shader, .b = *b};
   struct ir_ref r;
   switch (I->op) {
   case IR_OP_FEXP2: r = fexp2(&l, I->src[0]); break;
   case IR_OP_FLOG2: r = flog2(&l, I->src[0]); break;
   case IR_OP_FSIN: r = fsincos(&l, I->src[0], false); break;
   case IR_OP_FCOS: r = fsincos(&l, I->src[0], true); break;
   case IR_OP_FSQRT: r = fsqrt(&l, I->src[0]); break;
   default: return false;
   }
   if (I->clamp) {
      struct ir_instr *c = ir_build(&l.b, IR_OP_MOV, 32, 1, &r);
      c->clamp = I->clamp;
      r = c->dst;
   }
   *out = r;
   return true;
}

bool
va_lower_transcendental(struct ir_shader *s)
{
   /* Most shaders have none: a look at each op is cheaper than the
    * expansion driver's visit of each instruction. */
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (lowered((enum ir_op)I->op))
            return ir_expand_instrs(s, expand);
      }
   }
   return false;
}
