/* SPDX-License-Identifier: MIT */
/*
 * Algebraic simplification.  Rules 1-3 and 5 are exact: every rewrite
 * gives the same bits for every input, NaNs, infinities and signed zeros
 * included, so they are legal on `precise` instructions too.  Rule 4 is
 * not.
 *
 * 1. Identities: x + -0.0, x * 1.0, fma(a, 1.0, c) = a + c,
 *    fma(a, b, -0.0) = a * b; a + -b = a - b on integers; integer +0,
 *    -0, *1, &~0, |0, ^0, shifts
 *    by 0, x - x, x ^ x, x & x, min/max of equal operands, a select of
 *    two equal operands (a MOV when the operand carries a modifier: a
 *    phi or a copy could not take it in its place).
 * 2. Strength reduction: multiply, unsigned divide and unsigned remainder
 *    by a power of two become shifts and masks; shift counts are reduced
 *    modulo 32 (TGSI's definition).
 * 3. Booleans: TGSI turns a 0/~0 boolean into a number with
 *    AND(b, 1.0) or AND(b, 1); the comparison can produce that format
 *    itself (Valhall's `result_type`).  `b != 0` is b, and a select or
 *    branch on `cmp != 0` uses the comparison directly.  A float
 *    comparison of -x with 0 is the mirrored one of x, and of a 0.0/1.0
 *    comparison with 0 (> or !=) that comparison.
 * 4. Inexact float algebra, on instructions that are not precise only:
 *    x * 0 = 0, x + 0 = x, fma(a, 0, c) = c, fma(a, b, 0) = a * b (a
 *    product a later add may fuse with).  They differ from IEEE in
 *    the sign of a zero and where x is infinite or NaN, which TGSI
 *    leaves open unless the opcode is `precise` (GLSL does not require
 *    signed zeros or NaN propagation; docs/testing.md, the error
 *    model's rule 7).  Shaders multiply by constant 0/1 weights (a DP4
 *    against a unit vector) where this halves their arithmetic.
 * 5. Rounding a value that has no fractional part (floor, ceil, trunc,
 *    round) gives it back: an integer converted to float, a rounded
 *    value, or a sum, product, minimum or maximum of such values (an
 *    exact result of integers is one, and every float of magnitude 2^23
 *    or more is an integer; zeros, infinities and quiet NaNs round to
 *    themselves; a NaN constant, which may be signalling, does not
 *    count).  TGSI's FRC is x - floor(x), so frc(floor(x) * 42) loses a
 *    rounding.
 *
 * Requires: SSA.
 * Ensures:  none of the patterns above remains.
 * Invalidates: nothing.
 */
#include "ir.h"

struct algebra {
   struct ir_shader *s;
   struct ir_remap remap;
};

static bool
const_is(struct ir_ref r, uint32_t bits)
{
   uint32_t v;
   return ir_ref_const_bits(r, &v) && v == bits;
}

static bool
pow2(struct ir_ref r, uint32_t *log2)
{
   uint32_t v;
   if (!ir_ref_const_bits(r, &v) || v == 0 || (v & (v - 1)))
      return false;
   *log2 = (uint32_t)__builtin_ctz(v);
   return true;
}

static const struct ir_instr *
def_of(struct algebra *a, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle || r.mods)
      return NULL;
   return ir_value(a->s, r.index)->def;
}

/* A comparison producing 0/~0. */
static const struct ir_instr *
bool_cmp(struct algebra *a, struct ir_ref r)
{
   const struct ir_instr *d = def_of(a, r);
   if (d && (d->op == IR_OP_FCMP || d->op == IR_OP_ICMP) &&
       d->boolfmt == IR_BOOL_M1)
      return d;
   return NULL;
}

static bool
replace(struct algebra *a, struct ir_instr *I, struct ir_ref to)
{
   ir_remap_set(&a->remap, I->dst.index, to);
   ir_instr_remove(I);
   return true;
}

static void
rewrite(struct ir_instr *I, enum ir_op op, unsigned nsrc)
{
   I->op = (uint8_t)op;
   I->nsrc = (uint8_t)nsrc;
}

static bool
is_zero(struct ir_ref r)
{
   return const_is(r, 0) || const_is(r, 0x80000000u);
}

/* Rule 5: whether `r` has no fractional part, looked up `depth`
 * definitions deep (a bound on the work per rounding). */
static bool
integral(struct algebra *a, struct ir_ref r, unsigned depth)
{
   uint32_t bits;
   if (ir_ref_const_bits(r, &bits)) {
      int e = (int)((bits >> 23) & 0xffu) - 127;
      if ((bits & 0x7fffffffu) > 0x7f800000u)
         return false; /* a NaN */
      if ((bits & 0x7fffffffu) == 0 || e >= 23)
         return true;
      return e >= 0 && (bits & ((1u << (23 - e)) - 1)) == 0;
   }
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle || !depth)
      return false;
   const struct ir_instr *d = ir_value(a->s, r.index)->def;
   if (!d || ir_ref_bits(a->s, d->dst) != 32)
      return false;
   switch (d->op) {
   case IR_OP_FFLOOR:
   case IR_OP_FCEIL:
   case IR_OP_FTRUNC:
   case IR_OP_FROUND:
   case IR_OP_I2F:
   case IR_OP_U2F: return true;
   case IR_OP_FADD:
   case IR_OP_FMUL:
   case IR_OP_FMA:
   case IR_OP_FMIN:
   case IR_OP_FMAX:
      ir_foreach_src(d, i) {
         if (!integral(a, d->src[i], depth - 1))
            return false;
      }
      return true;
   default: return false;
   }
}

/* Rule 4.  A clamp is kept: fma(a, 0, c) becomes c + -0.0 (rule 1 drops
 * that when nothing else rides on it). */
static bool
simplify_inexact(struct algebra *a, struct ir_instr *I)
{
   struct ir_ref *x = I->src;
   if ((I->flags & IR_INSTR_PRECISE) || ir_ref_bits(a->s, I->dst) != 32)
      return false;
   switch (I->op) {
   case IR_OP_FMUL:
      if (!is_zero(x[0]) && !is_zero(x[1]))
         return false;
      return replace(a, I, ir_imm(0));
   case IR_OP_FADD: {
      unsigned k = const_is(x[0], 0) ? 1 : 0;
      if (!const_is(x[1 - k], 0) || x[k].kind == IR_REF_CONST)
         return false; /* two constants: constant folding's */
      if (!I->clamp && !x[k].mods)
         return replace(a, I, x[k]);
      x[0] = x[k];
      x[1] = ir_imm(0x80000000u); /* rule 1's exact form */
      return true;
   }
   case IR_OP_FMA:
      if (const_is(x[2], 0)) { /* a * b + 0: the product, but for -0 */
         rewrite(I, IR_OP_FMUL, 2);
         return true;
      }
      if (!is_zero(x[0]) && !is_zero(x[1]))
         return false;
      if (!I->clamp && !x[2].mods)
         return replace(a, I, x[2]);
      x[0] = x[2];
      x[1] = ir_imm(0x80000000u);
      rewrite(I, IR_OP_FADD, 2);
      return true;
   default: return false;
   }
}

static bool
simplify_float(struct algebra *a, struct ir_instr *I)
{
   struct ir_ref *x = I->src;
   if (simplify_inexact(a, I))
      return true;
   if (I->clamp)
      return false;
   switch (I->op) {
   case IR_OP_FADD:
      if (const_is(x[1], 0x80000000u))
         return x[0].mods ? false : replace(a, I, x[0]);
      if (const_is(x[0], 0x80000000u))
         return x[1].mods ? false : replace(a, I, x[1]);
      return false;
   case IR_OP_FMUL:
      if (const_is(x[1], 0x3f800000u) && !x[0].mods)
         return replace(a, I, x[0]);
      if (const_is(x[0], 0x3f800000u) && !x[1].mods)
         return replace(a, I, x[1]);
      return false;
   case IR_OP_FMIN:
   case IR_OP_FMAX:
      return ir_ref_equal(x[0], x[1]) && !x[0].mods ? replace(a, I, x[0])
                                                    : false;
   default: return false;
   }
}

/* fma with a neutral operand: keeps clamp and flags. */
static bool
simplify_fma(struct ir_instr *I)
{
   struct ir_ref *x = I->src;
   if (const_is(x[2], 0x80000000u)) {
      rewrite(I, IR_OP_FMUL, 2);
      return true;
   }
   for (unsigned i = 0; i < 2; i++) {
      if (const_is(x[i], 0x3f800000u)) {
         x[0] = x[1 - i];
         x[1] = x[2];
         rewrite(I, IR_OP_FADD, 2);
         return true;
      }
   }
   return false;
}

/* The operand that `op(x, neutral)` returns, for commutative ops. */
static bool
neutral_operand(struct ir_instr *I, uint32_t neutral, struct ir_ref *out)
{
   for (unsigned i = 0; i < 2; i++) {
      if (const_is(I->src[i], neutral)) {
         *out = I->src[1 - i];
         return true;
      }
   }
   return false;
}

static bool
absorbing(struct ir_instr *I, uint32_t zero)
{
   return const_is(I->src[0], zero) || const_is(I->src[1], zero);
}

/* a + -b is a - b (either operand the negation). */
static bool
subtraction(struct algebra *a, struct ir_instr *I)
{
   for (unsigned i = 0; i < 2; i++) {
      const struct ir_instr *neg = def_of(a, I->src[i]);
      if (!neg || neg->op != IR_OP_INEG || I->src[1 - i].mods ||
          neg->src[0].mods)
         continue;
      struct ir_ref keep = I->src[1 - i];
      I->src[0] = keep;
      I->src[1] = neg->src[0];
      rewrite(I, IR_OP_ISUB, 2);
      return true;
   }
   return false;
}

static bool
simplify_int(struct algebra *a, struct ir_instr *I)
{
   struct ir_ref *x = I->src, keep;
   uint32_t k;
   if (I->nsrc != 2 || I->ndst != 1 || ir_ref_bits(a->s, I->dst) != 32)
      return false;
   bool same = ir_ref_equal(x[0], x[1]);
   switch (I->op) {
   case IR_OP_IADD:
   case IR_OP_OR:
   case IR_OP_XOR:
      if (neutral_operand(I, 0, &keep))
         return replace(a, I, keep);
      if (I->op == IR_OP_IADD && subtraction(a, I))
         return true;
      if (I->op == IR_OP_OR && absorbing(I, ~0u))
         return replace(a, I, ir_imm(~0u));
      if (same && I->op != IR_OP_IADD)
         return replace(a, I, I->op == IR_OP_OR ? x[0] : ir_imm(0));
      return false;
   case IR_OP_AND:
      if (neutral_operand(I, ~0u, &keep))
         return replace(a, I, keep);
      if (absorbing(I, 0))
         return replace(a, I, ir_imm(0));
      return same ? replace(a, I, x[0]) : false;
   case IR_OP_IMUL:
      if (neutral_operand(I, 1, &keep))
         return replace(a, I, keep);
      if (absorbing(I, 0))
         return replace(a, I, ir_imm(0));
      if (pow2(x[0], &k) || pow2(x[1], &k)) {
         if (pow2(x[0], &k))
            x[0] = x[1];
         x[1] = ir_imm(k);
         rewrite(I, IR_OP_SHL, 2);
         return true;
      }
      return false;
   case IR_OP_ISUB:
      if (const_is(x[1], 0))
         return replace(a, I, x[0]);
      return same ? replace(a, I, ir_imm(0)) : false;
   case IR_OP_IMIN:
   case IR_OP_IMAX:
   case IR_OP_UMIN:
   case IR_OP_UMAX:
      return same ? replace(a, I, x[0]) : false;
   case IR_OP_SHL:
   case IR_OP_ISHR:
   case IR_OP_USHR:
      if (ir_ref_const_bits(x[1], &k) && (k & 31) == 0)
         return replace(a, I, x[0]);
      if (ir_ref_const_bits(x[1], &k) && k > 31) {
         x[1] = ir_imm(k & 31);
         return true;
      }
      return false;
   case IR_OP_UDIV:
   case IR_OP_UREM:
      if (!pow2(x[1], &k))
         return false;
      if (I->op == IR_OP_UDIV) {
         if (k == 0)
            return replace(a, I, x[0]);
         x[1] = ir_imm(k);
         rewrite(I, IR_OP_USHR, 2);
      } else {
         x[1] = ir_imm((1u << k) - 1);
         rewrite(I, IR_OP_AND, 2);
      }
      return true;
   default: return false;
   }
}

/* A comparison of 64-bit operands: lower_int64 makes it a sequence that
 * gives 0/~0 only, and CSEL compares 32 bits. */
static bool
compares_64(struct algebra *a, const struct ir_instr *cmp)
{
   return ir_ref_bits(a->s, cmp->src[0]) == 64 ||
          ir_ref_bits(a->s, cmp->src[1]) == 64;
}

/* I becomes the comparison `cmp`, giving its result as `fmt`. */
static void
take_comparison(struct ir_instr *I, const struct ir_instr *cmp,
                enum ir_boolfmt fmt)
{
   I->op = cmp->op;
   I->cond = cmp->cond;
   I->cmptype = cmp->cmptype;
   I->boolfmt = (uint8_t)fmt;
   I->flags = cmp->flags;
   I->src[0] = cmp->src[0];
   I->src[1] = cmp->src[1];
}

/* AND(cmp, 1.0) and AND(cmp, 1): the comparison in another format. */
static bool
simplify_bool_and(struct algebra *a, struct ir_instr *I)
{
   for (unsigned i = 0; i < 2; i++) {
      const struct ir_instr *cmp = bool_cmp(a, I->src[i]);
      struct ir_ref other = I->src[1 - i];
      enum ir_boolfmt fmt;
      if (!cmp || compares_64(a, cmp))
         continue;
      if (const_is(other, 0x3f800000u))
         fmt = IR_BOOL_F1;
      else if (const_is(other, 1))
         fmt = IR_BOOL_I1;
      else
         continue;
      take_comparison(I, cmp, fmt);
      return true;
   }
   return false;
}

/* `b != 0` for a 0/~0 comparison b. */
static const struct ir_instr *
tested_cmp(struct algebra *a, struct ir_ref r)
{
   const struct ir_instr *ne = def_of(a, r);
   if (ne && ne->op == IR_OP_ICMP && ne->cond == IR_COND_NE &&
       const_is(ne->src[1], 0) && bool_cmp(a, ne->src[0]))
      return bool_cmp(a, ne->src[0]);
   return bool_cmp(a, r);
}

static bool
simplify_csel(struct algebra *a, struct ir_instr *I)
{
   struct ir_ref *x = I->src;
   if (ir_ref_equal(x[2], x[3])) {
      if (!x[2].mods && !I->clamp)
         return replace(a, I, x[2]);
      /* A modified operand is no value of its own: the uses (phis
       * among them) could not all carry the modifier, so the select
       * becomes a MOV, which opt_fold_modifiers folds where it can. */
      x[0] = x[2];
      rewrite(I, IR_OP_MOV, 1);
      return true;
   }
   bool eq = I->cond == IR_COND_EQ;
   if (I->cmptype == IR_CMP_F || (I->cond != IR_COND_NE && !eq) ||
       !const_is(x[1], 0))
      return false;
   const struct ir_instr *cmp = tested_cmp(a, x[0]);
   if (!cmp || (cmp->flags & IR_INSTR_PRECISE) || compares_64(a, cmp))
      return false;
   if (eq) {
      struct ir_ref t = x[2];
      x[2] = x[3];
      x[3] = t;
   }
   I->cond = cmp->cond;
   I->cmptype = cmp->cmptype;
   x[0] = cmp->src[0];
   x[1] = cmp->src[1];
   return true;
}

/* -x < 0 is x > 0 (and so on) for every float x, NaN included; a
 * 0.0/1.0 comparison is > 0 or != 0 exactly when it holds, so that test
 * is the comparison itself in the new format. */
static bool
simplify_fcmp(struct algebra *a, struct ir_instr *I)
{
   struct ir_ref *x = I->src;
   if (!is_zero(x[1]))
      return false;
   if (x[0].mods == IR_MOD_NEG) {
      x[0].mods = 0;
      I->cond = (uint8_t)ir_cond_mirror((enum ir_cond)I->cond);
      return true;
   }
   const struct ir_instr *cmp = def_of(a, x[0]);
   if (!cmp || (cmp->op != IR_OP_FCMP && cmp->op != IR_OP_ICMP) ||
       cmp->boolfmt != IR_BOOL_F1 ||
       (I->cond != IR_COND_GT && I->cond != IR_COND_NE &&
        I->cond != IR_COND_GTLT) ||
       compares_64(a, cmp))
      return false;
   take_comparison(I, cmp, (enum ir_boolfmt)I->boolfmt);
   return true;
}

static bool
simplify_icmp(struct algebra *a, struct ir_instr *I)
{
   if (I->cond != IR_COND_NE || I->boolfmt != IR_BOOL_M1 ||
       !const_is(I->src[1], 0) || !bool_cmp(a, I->src[0]))
      return false;
   return replace(a, I, I->src[0]);
}

static bool
simplify(struct algebra *a, struct ir_instr *I)
{
   switch (I->op) {
   case IR_OP_FADD:
   case IR_OP_FMUL:
   case IR_OP_FMIN:
   case IR_OP_FMAX: return simplify_float(a, I);
   case IR_OP_FMA: return simplify_inexact(a, I) || simplify_fma(I);
   case IR_OP_AND:
      if (simplify_bool_and(a, I))
         return true;
      return simplify_int(a, I);
   case IR_OP_FFLOOR:
   case IR_OP_FCEIL:
   case IR_OP_FTRUNC:
   case IR_OP_FROUND: /* rule 5 */
      return !I->clamp && !I->src[0].mods && integral(a, I->src[0], 4) &&
             replace(a, I, I->src[0]);
   case IR_OP_CSEL: return simplify_csel(a, I);
   case IR_OP_ICMP: return simplify_icmp(a, I);
   case IR_OP_FCMP: return simplify_fcmp(a, I);
   case IR_OP_BRANCH: {
      const struct ir_instr *cmp = tested_cmp(a, I->src[0]);
      if (!cmp || ir_ref_equal(I->src[0], cmp->dst))
         return false;
      I->src[0] = cmp->dst;
      return true;
   }
   default: return simplify_int(a, I);
   }
}

bool
ir_opt_algebraic(struct ir_shader *s)
{
   struct algebra a = {.s = s};
   bool progress = false;
   ir_remap_init(s, &a.remap);
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         ir_foreach_src(I, i)
            progress |= ir_remap_operand(&a.remap, I, i);
         if (I->op == IR_OP_VA || I->op == IR_OP_PHI)
            continue;
         progress |= simplify(&a, I);
      }
   }
   if (progress)
      ir_remap_apply(s, &a.remap);
   return progress;
}
