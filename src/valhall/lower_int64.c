/* SPDX-License-Identifier: MIT */
/*
 * Splits 64-bit integer operations into 32-bit ones, keeping the few
 * 64-bit Valhall forms that exist (IADD.u64, ISUB.u64, IMULD.u64).
 *
 * 1. Addition and subtraction stay 64-bit (IADD.u64 / ISUB.u64 on an
 *    aligned register pair); negation is 0 - x.
 * 2. A product is IMULD.u64 of the low words plus the two cross products
 *    added to its high word (valhall-isa.xml, IMUL).
 * 3. Comparisons are the two-instruction sequence of the ISA: the low
 *    words compared unsigned with the `u1` result type, then the high
 *    words (signed or unsigned) with `.seq` and the low result as the
 *    third source, giving 0/~0.
 * 4. Bitwise operations work on each word; shifts take the count modulo
 *    64 and select between the "count < 32" and "count >= 32" results,
 *    with count 0 handled apart because a 32-bit shift by 32 wraps.
 * 5. 64-bit to float conversion normalises with CLZ and converts the top
 *    32 bits with the low bits folded into a sticky bit, so that the one
 *    rounding of U32_TO_F32 is the correctly rounded result; float to
 *    64-bit truncates, splitting t into t / 2^32 and the exact remainder.
 * 6. Division and remainder are restoring long division, one quotient
 *    bit per step (64 steps; TGSI leaves division by zero undefined);
 *    signed ones divide the magnitudes and fix the signs.
 *
 * Requires: SSA.
 * Ensures:  the only 64-bit values are COLLECTs, phis, IADD/ISUB and
 *           IMULD results, and message operands (addresses).
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"
#include "util/diag.h"

struct lower {
   struct ir_shader *s;
   struct ir_builder b;
};

static struct ir_ref
word(struct ir_ref r, unsigned w)
{
   if (r.kind == IR_REF_CONST) /* 64-bit constants are zero-extended */
      return w ? ir_imm(0) : r;
   r.swizzle = w ? IR_SWIZZLE_W1 : IR_SWIZZLE_W0;
   return r;
}

static struct ir_ref
pair(struct lower *l, struct ir_ref lo, struct ir_ref hi)
{
   struct ir_ref w[2] = {lo, hi};
   return ir_collect(&l->b, 64, 2, w);
}

static struct ir_ref
op2(struct lower *l, enum ir_op op, struct ir_ref a, struct ir_ref b)
{
   return ir_alu2(&l->b, op, a, b);
}

static struct ir_ref
csel(struct lower *l, enum ir_cmptype t, enum ir_cond c, struct ir_ref a,
     struct ir_ref b, struct ir_ref x, struct ir_ref y)
{
   return ir_csel(&l->b, t, c, a, b, x, y);
}

static struct ir_instr *
va(struct lower *l, enum va_op op, unsigned n, const struct ir_ref *srcs,
   unsigned bits)
{
   struct ir_instr *I = ir_va_create(l->s, op, n, srcs);
   ir_instr_def(l->s, I, bits, bits == 64 ? 2 : 1);
   ir_builder_insert(&l->b, I);
   return I;
}

/* a cond b on 64-bit values, 0/~0. */
static struct ir_ref
cmp64(struct lower *l, enum ir_cmptype type, enum ir_cond cond,
      struct ir_ref a, struct ir_ref b)
{
   struct ir_ref lo[3] = {word(a, 0), word(b, 0), ir_imm(0)};
   struct ir_instr *L = va(l, VA_OP_ICMP_U32, 3, lo, 32);
   va_set_mod(L->va, VA_MOD_CMP, cond);
   va_set_mod(L->va, VA_MOD_RESULT_TYPE, VA_RESULT_TYPE_U1);
   struct ir_ref hi[3] = {word(a, 1), word(b, 1), L->dst};
   struct ir_instr *H = va(l, type == IR_CMP_S ? VA_OP_ICMP_S32
                                               : VA_OP_ICMP_U32,
                           3, hi, 32);
   va_set_mod(H->va, VA_MOD_CMP, cond);
   va_set_mod(H->va, VA_MOD_RESULT_TYPE, VA_RESULT_TYPE_M1);
   va_set_mod(H->va, VA_MOD_SEQ, 1);
   return H->dst;
}

static struct ir_ref
select64(struct lower *l, struct ir_ref cond, struct ir_ref x,
         struct ir_ref y)
{
   struct ir_ref hi = csel(l, IR_CMP_U, IR_COND_NE, cond, ir_imm(0),
                           word(x, 1), word(y, 1));
   struct ir_ref lo = csel(l, IR_CMP_U, IR_COND_NE, cond, ir_imm(0),
                           word(x, 0), word(y, 0));
   return pair(l, lo, hi);
}

static struct ir_ref
neg64(struct lower *l, struct ir_ref x)
{
   struct ir_ref srcs[2] = {ir_imm(0), x};
   return va(l, VA_OP_ISUB_U64, 2, srcs, 64)->dst;
}

static struct ir_ref
mul64(struct lower *l, struct ir_ref a, struct ir_ref b)
{
   struct ir_ref lo[2] = {word(a, 0), word(b, 0)};
   struct ir_ref p = va(l, VA_OP_IMULD_U64, 2, lo, 64)->dst;
   struct ir_ref c1 = op2(l, IR_OP_IMUL, word(a, 0), word(b, 1));
   struct ir_ref c2 = op2(l, IR_OP_IMUL, word(a, 1), word(b, 0));
   struct ir_ref hi = op2(l, IR_OP_IADD, op2(l, IR_OP_IADD, word(p, 1), c1),
                          c2);
   return pair(l, ir_mov(&l->b, word(p, 0)), hi);
}

/* x << c, x >> c (logical or arithmetic), c in [0, 63]. */
static struct ir_ref
shift64(struct lower *l, enum ir_op op, struct ir_ref x, struct ir_ref c)
{
   c = op2(l, IR_OP_AND, c, ir_imm(63));
   struct ir_ref lo = word(x, 0), hi = word(x, 1);
   struct ir_ref inv = op2(l, IR_OP_ISUB, ir_imm(32), c); /* 32 - c */
   struct ir_ref big = op2(l, IR_OP_ISUB, c, ir_imm(32)); /* c - 32 */
   struct ir_ref rlo, rhi;
   if (op == IR_OP_SHL) {
      struct ir_ref carry = op2(l, IR_OP_USHR, lo, inv);
      carry = csel(l, IR_CMP_U, IR_COND_EQ, c, ir_imm(0), ir_imm(0), carry);
      struct ir_ref small_hi = op2(l, IR_OP_OR, op2(l, IR_OP_SHL, hi, c),
                                   carry);
      rlo = csel(l, IR_CMP_U, IR_COND_LT, c, ir_imm(32),
                 op2(l, IR_OP_SHL, lo, c), ir_imm(0));
      rhi = csel(l, IR_CMP_U, IR_COND_LT, c, ir_imm(32), small_hi,
                 op2(l, IR_OP_SHL, lo, big));
   } else {
      struct ir_ref carry = op2(l, IR_OP_SHL, hi, inv);
      carry = csel(l, IR_CMP_U, IR_COND_EQ, c, ir_imm(0), ir_imm(0), carry);
      struct ir_ref small_lo = op2(l, IR_OP_OR, op2(l, IR_OP_USHR, lo, c),
                                   carry);
      struct ir_ref fill = op == IR_OP_ISHR
                              ? op2(l, IR_OP_ISHR, hi, ir_imm(31))
                              : ir_imm(0);
      rlo = csel(l, IR_CMP_U, IR_COND_LT, c, ir_imm(32), small_lo,
                 op2(l, op, hi, big));
      rhi = csel(l, IR_CMP_U, IR_COND_LT, c, ir_imm(32), op2(l, op, hi, c),
                 fill);
   }
   return pair(l, rlo, rhi);
}

/* The unsigned 64-bit x as the nearest binary32. */
static struct ir_ref
u64_to_f32(struct lower *l, struct ir_ref x)
{
   struct ir_ref lo = word(x, 0), hi = word(x, 1);
   struct ir_ref n = ir_alu1(&l->b, IR_OP_CLZ, hi);
   struct ir_ref from_lo = csel(l, IR_CMP_U, IR_COND_EQ, n, ir_imm(0),
                                ir_imm(0),
                                op2(l, IR_OP_USHR, lo,
                                    op2(l, IR_OP_ISUB, ir_imm(32), n)));
   struct ir_ref top = op2(l, IR_OP_OR, op2(l, IR_OP_SHL, hi, n), from_lo);
   struct ir_ref rest = op2(l, IR_OP_SHL, lo, n);
   struct ir_ref sticky = csel(l, IR_CMP_U, IR_COND_NE, rest, ir_imm(0),
                               ir_imm(1), ir_imm(0));
   struct ir_ref m = ir_alu1(&l->b, IR_OP_U2F, op2(l, IR_OP_OR, top, sticky));
   /* m * 2^(32 - n), built from the exponent bits. */
   struct ir_ref scale = op2(l, IR_OP_SHL,
                             op2(l, IR_OP_ISUB, ir_imm(127 + 32), n),
                             ir_imm(23));
   struct ir_ref big = ir_alu2(&l->b, IR_OP_FMUL, m, scale);
   struct ir_ref small = ir_alu1(&l->b, IR_OP_U2F, lo);
   return csel(l, IR_CMP_U, IR_COND_EQ, hi, ir_imm(0), small, big);
}

static struct ir_ref
i64_to_f32(struct lower *l, struct ir_ref x)
{
   struct ir_ref negative = cmp64(l, IR_CMP_S, IR_COND_LT, x, ir_imm(0));
   struct ir_ref mag = select64(l, negative, neg64(l, x), x);
   struct ir_ref f = u64_to_f32(l, mag);
   return csel(l, IR_CMP_U, IR_COND_NE, negative, ir_imm(0), ir_neg(f), f);
}

/* Truncates |x| < 2^64 to 64 bits. */
static struct ir_ref
f32_to_u64(struct lower *l, struct ir_ref x)
{
   struct ir_ref t = ir_alu1(&l->b, IR_OP_FTRUNC, x);
   struct ir_ref hi_f = ir_alu1(&l->b, IR_OP_FTRUNC,
                                ir_alu2(&l->b, IR_OP_FMUL, t,
                                        ir_immf(1.0f / 4294967296.0f)));
   struct ir_ref rest = ir_alu3(&l->b, IR_OP_FMA, hi_f,
                                ir_immf(-4294967296.0f), t);
   struct ir_ref hi = ir_alu1(&l->b, IR_OP_F2U, hi_f);
   return pair(l, ir_alu1(&l->b, IR_OP_F2U, rest), hi);
}

static struct ir_ref
f32_to_i64(struct lower *l, struct ir_ref x)
{
   struct ir_ref mag = f32_to_u64(l, ir_abs(x));
   struct ir_ref negative = ir_fcmp(&l->b, IR_COND_LT, IR_BOOL_M1, x,
                                    ir_imm(0));
   return select64(l, negative, neg64(l, mag), mag);
}

/* n / d and n % d, unsigned: the remainder gains a bit of n per step and
 * gives d back when it reaches it; its bit 64 (the top bit before the
 * shift) counts as reaching it. */
static void
udivmod64(struct lower *l, struct ir_ref n, struct ir_ref d,
          struct ir_ref *quot, struct ir_ref *rem)
{
   struct ir_ref rl = ir_imm(0), rh = ir_imm(0);
   struct ir_ref q[2] = {ir_imm(0), ir_imm(0)};
   for (int i = 63; i >= 0; i--) {
      struct ir_ref top = op2(l, IR_OP_USHR, rh, ir_imm(31));
      rh = op2(l, IR_OP_SHL, rh, ir_imm(1));
      rh = op2(l, IR_OP_OR, rh, op2(l, IR_OP_USHR, rl, ir_imm(31)));
      struct ir_ref bit = op2(l, IR_OP_USHR, word(n, i >= 32),
                              ir_imm((unsigned)i & 31));
      bit = op2(l, IR_OP_AND, bit, ir_imm(1));
      rl = op2(l, IR_OP_OR, op2(l, IR_OP_SHL, rl, ir_imm(1)), bit);
      struct ir_ref r = pair(l, rl, rh);
      struct ir_ref ge = cmp64(l, IR_CMP_U, IR_COND_GE, r, d);
      ge = op2(l, IR_OP_OR, ge, op2(l, IR_OP_ISUB, ir_imm(0), top));
      struct ir_ref srcs[2] = {r, d};
      struct ir_ref less = va(l, VA_OP_ISUB_U64, 2, srcs, 64)->dst;
      rl = csel(l, IR_CMP_U, IR_COND_NE, ge, ir_imm(0), word(less, 0), rl);
      rh = csel(l, IR_CMP_U, IR_COND_NE, ge, ir_imm(0), word(less, 1), rh);
      struct ir_ref qbit = op2(l, IR_OP_AND, ge, ir_imm(1u << (i & 31)));
      q[i >= 32] = op2(l, IR_OP_OR, q[i >= 32], qbit);
   }
   *quot = pair(l, q[0], q[1]);
   *rem = pair(l, rl, rh);
}

static struct ir_ref
divide64(struct lower *l, enum ir_op op, struct ir_ref n, struct ir_ref d)
{
   bool is_signed = op == IR_OP_IDIV || op == IR_OP_IREM;
   bool want_rem = op == IR_OP_UREM || op == IR_OP_IREM;
   struct ir_ref nn = n, dd = d, sn = ir_imm(0), sd = ir_imm(0);
   if (is_signed) {
      sn = op2(l, IR_OP_ISHR, word(n, 1), ir_imm(31));
      sd = op2(l, IR_OP_ISHR, word(d, 1), ir_imm(31));
      nn = select64(l, sn, neg64(l, n), n);
      dd = select64(l, sd, neg64(l, d), d);
   }
   struct ir_ref q, r;
   udivmod64(l, nn, dd, &q, &r);
   if (!is_signed)
      return want_rem ? r : q;
   /* The remainder takes the dividend's sign, the quotient the xor. */
   if (want_rem)
      return select64(l, sn, neg64(l, r), r);
   struct ir_ref sq = op2(l, IR_OP_XOR, sn, sd);
   return select64(l, sq, neg64(l, q), q);
}

static bool
is64(struct lower *l, struct ir_ref r)
{
   return ir_ref_bits(l->s, r) == 64;
}

/* Rule 1 and what the other passes keep whole: operations whose 64-bit
 * result stays one value. */
static bool
stays_64bit(enum ir_op op)
{
   return op == IR_OP_IADD || op == IR_OP_ISUB || op == IR_OP_COLLECT ||
          op == IR_OP_PHI || op == IR_OP_UNDEF || op == IR_OP_VA;
}

static bool
lower_instr(struct lower *l, struct ir_instr *I, struct ir_ref *out)
{
   struct ir_ref *x = I->src;
   switch (I->op) {
   case IR_OP_I2I64:
      *out = pair(l, x[0], op2(l, IR_OP_ISHR, x[0], ir_imm(31)));
      return true;
   case IR_OP_U2U64: *out = pair(l, x[0], ir_imm(0)); return true;
   case IR_OP_U642F: *out = u64_to_f32(l, x[0]); return true;
   case IR_OP_I642F: *out = i64_to_f32(l, x[0]); return true;
   case IR_OP_F2U64: *out = f32_to_u64(l, x[0]); return true;
   case IR_OP_F2I64: *out = f32_to_i64(l, x[0]); return true;
   case IR_OP_ICMP:
      if (!is64(l, x[0]))
         return false;
      *out = cmp64(l, (enum ir_cmptype)I->cmptype, (enum ir_cond)I->cond,
                   x[0], x[1]);
      if (I->boolfmt != IR_BOOL_M1)
         ir_invalid(l->s, I, "64-bit compares give 0/~0 only");
      return true;
   default: break;
   }
   if (!I->ndst || !is64(l, I->dst) || stays_64bit((enum ir_op)I->op))
      return false;
   switch (I->op) {
   case IR_OP_MOV:
      *out = pair(l, word(x[0], 0), word(x[0], 1));
      return true;
   case IR_OP_INEG: *out = neg64(l, x[0]); return true;
   case IR_OP_IMUL: *out = mul64(l, x[0], x[1]); return true;
   case IR_OP_UDIV:
   case IR_OP_IDIV:
   case IR_OP_UREM:
   case IR_OP_IREM:
      *out = divide64(l, (enum ir_op)I->op, x[0], x[1]);
      return true;
   case IR_OP_AND:
   case IR_OP_OR:
   case IR_OP_XOR:
   {
      struct ir_ref hi = op2(l, I->op, word(x[0], 1), word(x[1], 1));
      *out = pair(l, op2(l, I->op, word(x[0], 0), word(x[1], 0)), hi);
      return true;
   }
   case IR_OP_NOT: {
      struct ir_ref hi = ir_alu1(&l->b, IR_OP_NOT, word(x[0], 1));
      *out = pair(l, ir_alu1(&l->b, IR_OP_NOT, word(x[0], 0)), hi);
      return true;
   }
   case IR_OP_SHL:
   case IR_OP_USHR:
   case IR_OP_ISHR:
      *out = shift64(l, (enum ir_op)I->op, x[0], x[1]);
      return true;
   case IR_OP_IMIN:
   case IR_OP_IMAX:
   case IR_OP_UMIN:
   case IR_OP_UMAX: {
      bool sgn = I->op == IR_OP_IMIN || I->op == IR_OP_IMAX;
      bool min = I->op == IR_OP_IMIN || I->op == IR_OP_UMIN;
      struct ir_ref c = cmp64(l, sgn ? IR_CMP_S : IR_CMP_U,
                              min ? IR_COND_LT : IR_COND_GT, x[0], x[1]);
      *out = select64(l, c, x[0], x[1]);
      return true;
   }
   case IR_OP_IABS: {
      struct ir_ref c = cmp64(l, IR_CMP_S, IR_COND_LT, x[0], ir_imm(0));
      *out = select64(l, c, neg64(l, x[0]), x[0]);
      return true;
   }
   case IR_OP_ISIGN: {
      struct ir_ref neg = cmp64(l, IR_CMP_S, IR_COND_LT, x[0], ir_imm(0));
      struct ir_ref pos = cmp64(l, IR_CMP_S, IR_COND_GT, x[0], ir_imm(0));
      struct ir_ref lo = csel(l, IR_CMP_U, IR_COND_NE, neg, ir_imm(0),
                              ir_imm(~0u),
                              csel(l, IR_CMP_U, IR_COND_NE, pos, ir_imm(0),
                                   ir_imm(1), ir_imm(0)));
      *out = pair(l, lo, neg);
      return true;
   }
   case IR_OP_CSEL: {
      enum ir_cmptype type = (enum ir_cmptype)I->cmptype;
      enum ir_cond cond = (enum ir_cond)I->cond;
      struct ir_ref hi = ir_csel(&l->b, type, cond, x[0], x[1],
                                 word(x[2], 1), word(x[3], 1));
      *out = pair(l,
                  ir_csel(&l->b, type, cond, x[0], x[1], word(x[2], 0),
                          word(x[3], 0)),
                  hi);
      return true;
   }
   default:
      if (l->s->diag)
         diag_error(l->s->diag, TGSIVA_ERROR_UNSUPPORTED,
                    "64-bit %s is not supported",
                    ir_op_infos[I->op].name);
      if (l->s->bail)
         longjmp(*l->s->bail, 1);
      ir_invalid(l->s, I, "unsupported 64-bit operation");
   }
}

static bool
expand(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   struct lower l = {.s = b->shader, .b = *b};
   return lower_instr(&l, I, out);
}

/* Whether lower_instr acts on I (or reports it unsupported). */
static bool
may_split(struct lower *l, const struct ir_instr *I)
{
   switch (I->op) {
   case IR_OP_I2I64:
   case IR_OP_U2U64:
   case IR_OP_U642F:
   case IR_OP_I642F:
   case IR_OP_F2U64:
   case IR_OP_F2I64: return true;
   case IR_OP_ICMP: return is64(l, I->src[0]);
   default:
      return I->ndst && is64(l, I->dst) && !stays_64bit((enum ir_op)I->op);
   }
}

bool
va_lower_int64(struct ir_shader *s)
{
   /* Most shaders have nothing to split: a look at each instruction is
    * cheaper than the expansion driver's visit. */
   struct lower l = {.s = s};
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (may_split(&l, I))
            return ir_expand_instrs(s, expand);
      }
   }
   return false;
}
