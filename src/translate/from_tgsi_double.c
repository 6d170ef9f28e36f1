/* SPDX-License-Identifier: MIT */
/*
 * Double-precision opcodes (tgsi.rst "Double ISA") as software floating
 * point: Valhall has no binary64 arithmetic, so each opcode becomes an
 * inline sequence of 32-bit integer operations and 64-bit integer ones
 * on register pairs (lower_int64 splits those).  docs/doubles.md gives
 * the design and what each opcode costs.
 *
 * 1. A double is a 64-bit IR value, low word first, as 64-bit integers
 *    are: TGSI's .xy / .zw channel pairs.
 * 2. Results are IEEE binary64, round to nearest even, denormals kept as
 *    inputs and as results, signed zeros and infinities as IEEE says.
 *    A NaN in comes out quiet with its payload (the first NaN operand's;
 *    the rounding opcodes return it as it is, as C's floor does); an
 *    invalid operation gives x86-64's default NaN, 0xfff8000000000000,
 *    so that results equal a PC's bit for bit.
 * 3. Rounding happens in one place, round_pack: a significand with its
 *    leading one at bit 62 (or lower for tiny results), the bits below
 *    bit 10 folded into a sticky bit where bits were shifted out.
 * 4. Sequences are branch-free: both sides of every case are computed
 *    and selected, so that a double opcode never splits a block.
 * 5. Channel use follows the interpreter (tgsi_interp_f64.c): 32-bit to
 *    64-bit conversions read src.x for .xy and src.y for .zw; 64-bit to
 *    32-bit results go to x and z (pair .xy) and y and w (pair .zw);
 *    comparisons write the .xy result to x and y, the .zw one to z and w.
 * 6. DFMA rounds once: the exact 106-bit product and the addend meet in
 *    128 bits (two 64-bit halves), aligned with a sticky shift.  DMAD
 *    may round twice (tgsi.rst) and does: DMUL, then DADD, half DFMA's
 *    size.
 * 7. Saturate on a double result clamps it as a double (dsat: NaN to
 *    +0, as tgsi.rst's clamp does for floats); D2F's float result clamps
 *    as floats do (t_dst).
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  generic 32-bit and 64-bit integer IR for every double opcode
 *           in the table.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

#define SIGN 0x80000000u
#define EXP_MASK 0x7ff00000u

/* ---------------------------------------------------------------------
 * Words and pairs
 */

static struct ir_ref
lo(struct ir_ref v)
{
   v.swizzle = IR_SWIZZLE_W0;
   return v;
}

static struct ir_ref
hi(struct ir_ref v)
{
   v.swizzle = IR_SWIZZLE_W1;
   return v;
}

static struct ir_ref
pair(struct ir_builder *b, struct ir_ref l, struct ir_ref h)
{
   struct ir_ref w[2] = {l, h};
   return ir_collect(b, 64, 2, w);
}

static struct ir_ref
imm64(struct ir_builder *b, uint32_t l, uint32_t h)
{
   return pair(b, ir_imm(l), ir_imm(h));
}

static struct ir_ref
op1(struct ir_builder *b, enum ir_op op, struct ir_ref x)
{
   return ir_alu1(b, op, x);
}

static struct ir_ref
op2(struct ir_builder *b, enum ir_op op, struct ir_ref x, struct ir_ref y)
{
   return ir_alu2(b, op, x, y);
}

/* 0/~0 of an unsigned (or signed) comparison of 32-bit or 64-bit x, y. */
static struct ir_ref
ucmp(struct ir_builder *b, enum ir_cond c, struct ir_ref x, struct ir_ref y)
{
   return ir_icmp(b, IR_CMP_U, c, x, y);
}

static struct ir_ref
scmp(struct ir_builder *b, enum ir_cond c, struct ir_ref x, struct ir_ref y)
{
   return ir_icmp(b, IR_CMP_S, c, x, y);
}

/* cond != 0 ? x : y, for 32-bit or 64-bit x and y. */
static struct ir_ref
sel(struct ir_builder *b, struct ir_ref cond, struct ir_ref x,
    struct ir_ref y)
{
   return ir_csel(b, IR_CMP_U, IR_COND_NE, cond, ir_imm(0), x, y);
}

static struct ir_ref
smax(struct ir_builder *b, struct ir_ref x, uint32_t k)
{
   return op2(b, IR_OP_IMAX, x, ir_imm(k));
}

static struct ir_ref
umin(struct ir_builder *b, struct ir_ref x, uint32_t k)
{
   return op2(b, IR_OP_UMIN, x, ir_imm(k));
}

/* A 64-bit result of op on x and y (shifts: y a 32-bit count in
 * [0, 63]). */
static struct ir_ref
op64(struct ir_builder *b, enum ir_op op, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref s[2] = {x, y};
   return ir_build(b, op, 64, 2, s)->dst;
}

static struct ir_ref
shl64(struct ir_builder *b, struct ir_ref x, struct ir_ref n)
{
   return op64(b, IR_OP_SHL, x, n);
}

static struct ir_ref
shr64(struct ir_builder *b, struct ir_ref x, struct ir_ref n)
{
   return op64(b, IR_OP_USHR, x, n);
}

static struct ir_ref
add64(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   return op64(b, IR_OP_IADD, x, y);
}

static struct ir_ref
sub64(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   return op64(b, IR_OP_ISUB, x, y);
}

static struct ir_ref
or64(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref l = op2(b, IR_OP_OR, lo(x), lo(y));
   return pair(b, l, op2(b, IR_OP_OR, hi(x), hi(y)));
}

static struct ir_ref
and64(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref l = op2(b, IR_OP_AND, lo(x), lo(y));
   return pair(b, l, op2(b, IR_OP_AND, hi(x), hi(y)));
}

/* x >> n with the bits shifted out ORed into bit 0, n in [0, 63]. */
static struct ir_ref
shr_jam64(struct ir_builder *b, struct ir_ref x, struct ir_ref n)
{
   struct ir_ref r = shr64(b, x, n);
   struct ir_ref back = op2(b, IR_OP_ISUB, ir_imm(64), n);
   struct ir_ref lost = shl64(b, x, op2(b, IR_OP_AND, back, ir_imm(63)));
   struct ir_ref any = ucmp(b, IR_COND_NE, lost, ir_imm(0));
   any = op2(b, IR_OP_AND, any, ucmp(b, IR_COND_NE, n, ir_imm(0)));
   return pair(b, op2(b, IR_OP_OR, lo(r), op2(b, IR_OP_AND, any, ir_imm(1))),
               hi(r));
}

/* Leading zeros of a 64-bit x (64 for 0). */
static struct ir_ref
clz64(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref h = op1(b, IR_OP_CLZ, hi(x));
   struct ir_ref l = op2(b, IR_OP_IADD, op1(b, IR_OP_CLZ, lo(x)),
                         ir_imm(32));
   return ir_csel(b, IR_CMP_U, IR_COND_EQ, hi(x), ir_imm(0), l, h);
}

/* ---------------------------------------------------------------------
 * Fields of a double
 */

/* The top 32 bits of x's significand, the implicit one at bit 31. */
static struct ir_ref
top32(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref top = op2(b, IR_OP_SHL, hi(x), ir_imm(11));
   top = op2(b, IR_OP_OR, top, op2(b, IR_OP_USHR, lo(x), ir_imm(21)));
   return op2(b, IR_OP_OR, top, ir_imm(SIGN));
}

/* The biased exponent, 0-2047. */
static struct ir_ref
exponent(struct ir_builder *b, struct ir_ref x)
{
   return op2(b, IR_OP_AND, op2(b, IR_OP_USHR, hi(x), ir_imm(20)),
              ir_imm(0x7ff));
}

static struct ir_ref
sign_of(struct ir_builder *b, struct ir_ref x)
{
   return op2(b, IR_OP_AND, hi(x), ir_imm(SIGN));
}

static struct ir_ref
abs64(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref h = op2(b, IR_OP_AND, hi(x), ir_imm(~SIGN));
   return pair(b, lo(x), h);
}

/* The 52 stored significand bits. */
static struct ir_ref
fraction(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref h = op2(b, IR_OP_AND, hi(x), ir_imm(0xfffff));
   return pair(b, lo(x), h);
}

/* ~0 when x is a NaN. */
static struct ir_ref
is_nan(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref inf = imm64(b, 0, EXP_MASK);
   return ucmp(b, IR_COND_GT, abs64(b, x), inf);
}

static struct ir_ref
default_nan(struct ir_builder *b)
{
   return imm64(b, 0, 0xfff80000u);
}

/* r, or the first NaN of x and y made quiet (the payload kept, as CPUs
 * do, so that results equal the host's). */
static struct ir_ref
nan_in(struct ir_builder *b, struct ir_ref x, struct ir_ref y,
       struct ir_ref r)
{
   struct ir_ref nx = is_nan(b, x);
   struct ir_ref any = op2(b, IR_OP_OR, nx, is_nan(b, y));
   struct ir_ref first = sel(b, nx, x, y);
   struct ir_ref h = op2(b, IR_OP_OR, hi(first), ir_imm(0x80000));
   return sel(b, any, pair(b, lo(first), h), r);
}

/* The significand of a finite nonzero x with its leading one at bit 52,
 * and in *e its exponent (biased; below 1 for denormals). */
static struct ir_ref
normalised(struct ir_builder *b, struct ir_ref x, struct ir_ref *e)
{
   struct ir_ref ex = exponent(b, x), f = fraction(b, x);
   struct ir_ref shift = op2(b, IR_OP_ISUB, clz64(b, f), ir_imm(11));
   shift = op2(b, IR_OP_AND, shift, ir_imm(63));
   struct ir_ref denorm = ucmp(b, IR_COND_EQ, ex, ir_imm(0));
   struct ir_ref e_den = op2(b, IR_OP_ISUB, ir_imm(1), shift);
   *e = sel(b, denorm, e_den, ex);
   struct ir_ref f_den = shl64(b, f, shift);
   struct ir_ref f_norm =
      pair(b, lo(f), op2(b, IR_OP_OR, hi(f), ir_imm(0x100000)));
   return sel(b, denorm, f_den, f_norm);
}

/* ---------------------------------------------------------------------
 * Rounding
 */

/* The double nearest sign * sig * 2^(exp + 1 - 1023 - 62): sig has its
 * leading one at bit 62 (or exp is 0 and the value is denormal); exp is
 * a signed 32-bit count, negative for results below the normal range.
 * Ties go to even; too large gives infinity. */
static struct ir_ref
round_pack(struct ir_builder *b, struct ir_ref sign, struct ir_ref exp,
           struct ir_ref sig)
{
   struct ir_ref tiny = scmp(b, IR_COND_LT, exp, ir_imm(0));
   struct ir_ref dist = umin(b, op2(b, IR_OP_ISUB, ir_imm(0), exp), 63);
   struct ir_ref jammed = shr_jam64(b, sig, dist);
   sig = sel(b, tiny, jammed, sig);
   exp = sel(b, tiny, ir_imm(0), exp);
   struct ir_ref round_bits = op2(b, IR_OP_AND, lo(sig), ir_imm(0x3ff));
   struct ir_ref sum = add64(b, sig, imm64(b, 0x200, 0));
   /* sum >> 10, by words. */
   struct ir_ref ql = op2(b, IR_OP_USHR, lo(sum), ir_imm(10));
   ql = op2(b, IR_OP_OR, ql, op2(b, IR_OP_SHL, hi(sum), ir_imm(22)));
   struct ir_ref qh = op2(b, IR_OP_USHR, hi(sum), ir_imm(10));
   struct ir_ref tie = ucmp(b, IR_COND_EQ, round_bits, ir_imm(0x200));
   ql = op2(b, IR_OP_AND, ql, op1(b, IR_OP_NOT, op2(b, IR_OP_AND, tie,
                                                     ir_imm(1))));
   struct ir_ref h = op2(b, IR_OP_IADD, op2(b, IR_OP_SHL, exp, ir_imm(20)),
                         qh);
   struct ir_ref packed = pair(b, ql, op2(b, IR_OP_OR, h, sign));
   /* Overflow: exp above 0x7fd, or 0x7fd and the rounding carries. */
   struct ir_ref big = scmp(b, IR_COND_GT, exp, ir_imm(0x7fd));
   struct ir_ref carry = ucmp(b, IR_COND_EQ, exp, ir_imm(0x7fd));
   carry = op2(b, IR_OP_AND, carry, scmp(b, IR_COND_LT, hi(sum), ir_imm(0)));
   struct ir_ref inf =
      pair(b, ir_imm(0), op2(b, IR_OP_OR, sign, ir_imm(EXP_MASK)));
   return sel(b, op2(b, IR_OP_OR, big, carry), inf, packed);
}

/* ---------------------------------------------------------------------
 * Arithmetic
 */

static struct ir_ref
dneg(struct ir_builder *b, struct ir_ref x)
{
   return pair(b, lo(x), op2(b, IR_OP_XOR, hi(x), ir_imm(SIGN)));
}

/* a + b, both finite or not. */
static struct ir_ref
dadd(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref ax = abs64(b, x), ay = abs64(b, y);
   struct ir_ref swap = ucmp(b, IR_COND_GT, ay, ax);
   struct ir_ref big = sel(b, swap, y, x), small = sel(b, swap, x, y);
   struct ir_ref asmall = sel(b, swap, ax, ay);
   struct ir_ref sub = op2(b, IR_OP_XOR, hi(x), hi(y));
   sub = scmp(b, IR_COND_LT, sub, ir_imm(0));
   struct ir_ref eb = exponent(b, big), es = exponent(b, small);
   struct ir_ref ebe = smax(b, eb, 1), ese = smax(b, es, 1);
   /* Significands with the implicit one (normal numbers), at bit 61. */
   struct ir_ref fb = fraction(b, big), fs = fraction(b, small);
   struct ir_ref ib = op2(b, IR_OP_AND, ucmp(b, IR_COND_NE, eb, ir_imm(0)),
                          ir_imm(0x100000));
   struct ir_ref is = op2(b, IR_OP_AND, ucmp(b, IR_COND_NE, es, ir_imm(0)),
                          ir_imm(0x100000));
   fb = pair(b, lo(fb), op2(b, IR_OP_OR, hi(fb), ib));
   fs = pair(b, lo(fs), op2(b, IR_OP_OR, hi(fs), is));
   struct ir_ref sb = shl64(b, fb, ir_imm(9)), ss = shl64(b, fs, ir_imm(9));
   struct ir_ref d = umin(b, op2(b, IR_OP_ISUB, ebe, ese), 63);
   ss = shr_jam64(b, ss, d);
   struct ir_ref diff = sub64(b, sb, ss), total = add64(b, sb, ss);
   struct ir_ref sum = sel(b, sub, diff, total);
   struct ir_ref n = clz64(b, sum);
   struct ir_ref sig =
      shl64(b, sum, op2(b, IR_OP_AND, op2(b, IR_OP_ISUB, n, ir_imm(1)),
                        ir_imm(63)));
   struct ir_ref exp = op2(b, IR_OP_IADD, op2(b, IR_OP_ISUB, ebe, n),
                           ir_imm(1));
   struct ir_ref r = round_pack(b, sign_of(b, big), exp, sig);
   /* An exact zero: -0 only from two -0s. */
   struct ir_ref zsign = op2(b, IR_OP_AND, sign_of(b, x), hi(y));
   struct ir_ref zero = ucmp(b, IR_COND_EQ, sum, ir_imm(0));
   r = sel(b, zero, pair(b, ir_imm(0), zsign), r);
   /* Infinities and NaNs: the largest magnitude is one of them. */
   struct ir_ref inf = imm64(b, 0, EXP_MASK);
   struct ir_ref opposite = op2(b, IR_OP_AND, sub,
                                ucmp(b, IR_COND_EQ, asmall, inf));
   struct ir_ref qnan = default_nan(b);
   struct ir_ref special = sel(b, opposite, qnan, big);
   r = sel(b, ucmp(b, IR_COND_EQ, eb, ir_imm(0x7ff)), special, r);
   return nan_in(b, x, y, r);
}

/* 128-bit values as (high, low) 64-bit halves, for DMUL and DFMA. */
struct u128 {
   struct ir_ref h, l;
};

/* The exact product x * y of 64-bit values. */
static struct u128
mul128(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref p00l = op2(b, IR_OP_IMUL, lo(x), lo(y));
   struct ir_ref p00h = op2(b, IR_OP_UMULHI, lo(x), lo(y));
   struct ir_ref p01l = op2(b, IR_OP_IMUL, lo(x), hi(y));
   struct ir_ref p01h = op2(b, IR_OP_UMULHI, lo(x), hi(y));
   struct ir_ref p10l = op2(b, IR_OP_IMUL, hi(x), lo(y));
   struct ir_ref p10h = op2(b, IR_OP_UMULHI, hi(x), lo(y));
   struct ir_ref p11l = op2(b, IR_OP_IMUL, hi(x), hi(y));
   struct ir_ref p11h = op2(b, IR_OP_UMULHI, hi(x), hi(y));
   struct ir_ref w1 = pair(b, p00h, ir_imm(0));
   w1 = add64(b, w1, pair(b, p01l, ir_imm(0)));
   w1 = add64(b, w1, pair(b, p10l, ir_imm(0)));
   struct ir_ref w23 = pair(b, p01h, ir_imm(0));
   w23 = add64(b, w23, pair(b, p10h, ir_imm(0)));
   w23 = add64(b, w23, pair(b, hi(w1), ir_imm(0)));
   w23 = add64(b, w23, pair(b, p11l, p11h));
   return (struct u128){w23, pair(b, p00l, lo(w1))};
}

/* The high 64 bits of the 128-bit product x * y, bit 0 ORed with
 * whether any of the low 64 bits is set. */
static struct ir_ref
mul_hi_jam(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct u128 p = mul128(b, x, y);
   struct ir_ref jam = ucmp(b, IR_COND_NE, p.l, ir_imm(0));
   jam = op2(b, IR_OP_AND, jam, ir_imm(1));
   return pair(b, op2(b, IR_OP_OR, lo(p.h), jam), hi(p.h));
}

/* ~0 when x is +-0. */
static struct ir_ref
is_zero(struct ir_builder *b, struct ir_ref x)
{
   return ucmp(b, IR_COND_EQ, abs64(b, x), ir_imm(0));
}

static struct ir_ref
is_inf_or_nan(struct ir_builder *b, struct ir_ref x)
{
   return ucmp(b, IR_COND_EQ, exponent(b, x), ir_imm(0x7ff));
}

/* The finite result r of DMUL or DDIV, or the signed zero (to_zero),
 * the signed infinity (to_inf), the default NaN (invalid) or a NaN
 * operand that x and y make it instead. */
static struct ir_ref
special_cases(struct ir_builder *b, struct ir_ref x, struct ir_ref y,
              struct ir_ref sign, struct ir_ref r, struct ir_ref to_zero,
              struct ir_ref to_inf, struct ir_ref invalid)
{
   struct ir_ref zero = pair(b, ir_imm(0), sign);
   r = sel(b, to_zero, zero, r);
   struct ir_ref inf = pair(b, ir_imm(0), op2(b, IR_OP_OR, sign,
                                              ir_imm(EXP_MASK)));
   r = sel(b, to_inf, inf, r);
   r = sel(b, invalid, default_nan(b), r);
   return nan_in(b, x, y, r);
}

static struct ir_ref
dmul(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref sign = op2(b, IR_OP_AND, op2(b, IR_OP_XOR, hi(x), hi(y)),
                            ir_imm(SIGN));
   struct ir_ref ex, ey;
   struct ir_ref mx = normalised(b, x, &ex);
   struct ir_ref my = normalised(b, y, &ey);
   mx = shl64(b, mx, ir_imm(10));
   my = shl64(b, my, ir_imm(11));
   struct ir_ref p = mul_hi_jam(b, mx, my);
   struct ir_ref exp = op2(b, IR_OP_ISUB, op2(b, IR_OP_IADD, ex, ey),
                           ir_imm(0x3ff));
   /* The product is in [2^124, 2^126): bring its top bit to 62. */
   struct ir_ref low = ucmp(b, IR_COND_LT, hi(p), ir_imm(0x40000000));
   p = sel(b, low, shl64(b, p, ir_imm(1)), p);
   exp = op2(b, IR_OP_ISUB, exp, op2(b, IR_OP_AND, low, ir_imm(1)));
   struct ir_ref r = round_pack(b, sign, exp, p);
   struct ir_ref zx = is_zero(b, x), zy = is_zero(b, y);
   struct ir_ref sx = is_inf_or_nan(b, x), sy = is_inf_or_nan(b, y);
   struct ir_ref invalid = op2(b, IR_OP_AND, sx, zy);
   invalid = op2(b, IR_OP_OR, invalid, op2(b, IR_OP_AND, sy, zx));
   struct ir_ref to_zero = op2(b, IR_OP_OR, zx, zy);
   struct ir_ref to_inf = op2(b, IR_OP_OR, sx, sy);
   return special_cases(b, x, y, sign, r, to_zero, to_inf, invalid);
}

/* The 55-bit quotient num / den (both with their leading one at bit 52,
 * num >= den) by restoring long division, one bit per step, with bit 0
 * ORed with whether a remainder is left. */
static struct ir_ref
divide_bits(struct ir_builder *b, struct ir_ref num, struct ir_ref den)
{
   struct ir_ref rem = num, q = imm64(b, 0, 0);
   for (unsigned i = 0; i < 55; i++) {
      struct ir_ref ge = ucmp(b, IR_COND_GE, rem, den);
      struct ir_ref less = sub64(b, rem, den);
      rem = sel(b, ge, less, rem);
      q = add64(b, q, q);
      q = pair(b, op2(b, IR_OP_OR, lo(q), op2(b, IR_OP_AND, ge, ir_imm(1))),
               hi(q));
      rem = add64(b, rem, rem);
   }
   struct ir_ref left = ucmp(b, IR_COND_NE, rem, ir_imm(0));
   left = op2(b, IR_OP_AND, left, ir_imm(1));
   return pair(b, op2(b, IR_OP_OR, lo(q), left), hi(q));
}

static struct ir_ref
ddiv(struct ir_builder *b, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref sign = op2(b, IR_OP_XOR, hi(x), hi(y));
   sign = op2(b, IR_OP_AND, sign, ir_imm(SIGN));
   struct ir_ref ex, ey;
   struct ir_ref mx = normalised(b, x, &ex);
   struct ir_ref my = normalised(b, y, &ey);
   /* A quotient in [1, 2). */
   struct ir_ref small = ucmp(b, IR_COND_LT, mx, my);
   mx = sel(b, small, add64(b, mx, mx), mx);
   ex = op2(b, IR_OP_ISUB, ex, op2(b, IR_OP_AND, small, ir_imm(1)));
   struct ir_ref q = divide_bits(b, mx, my);
   struct ir_ref exp = op2(b, IR_OP_ISUB, ex, ey);
   exp = op2(b, IR_OP_IADD, exp, ir_imm(1022));
   struct ir_ref r = round_pack(b, sign, exp, shl64(b, q, ir_imm(8)));
   struct ir_ref zx = is_zero(b, x), zy = is_zero(b, y);
   struct ir_ref sx = is_inf_or_nan(b, x), sy = is_inf_or_nan(b, y);
   struct ir_ref invalid = op2(b, IR_OP_AND, zx, zy);
   invalid = op2(b, IR_OP_OR, invalid, op2(b, IR_OP_AND, sx, sy));
   struct ir_ref to_zero = op2(b, IR_OP_OR, zx, sy);
   struct ir_ref to_inf = op2(b, IR_OP_OR, sx, zy);
   return special_cases(b, x, y, sign, r, to_zero, to_inf, invalid);
}

/* floor(sqrt(m * 2^56)) for m < 2^54, 55 bits, digit by digit, bit 0
 * ORed with whether a remainder is left. */
static struct ir_ref
sqrt_bits(struct ir_builder *b, struct ir_ref m)
{
   struct ir_ref rem = imm64(b, 0, 0), q = imm64(b, 0, 0);
   for (unsigned i = 0; i < 55; i++) {
      /* The next two bits of m * 2^56: m's while they last. */
      rem = add64(b, rem, rem);
      rem = add64(b, rem, rem);
      if (i < 27) {
         unsigned at = 52 - 2 * i; /* even: never across the words */
         struct ir_ref w = at >= 32 ? hi(m) : lo(m);
         struct ir_ref two = op2(b, IR_OP_USHR, w, ir_imm(at & 31));
         two = op2(b, IR_OP_AND, two, ir_imm(3));
         rem = pair(b, op2(b, IR_OP_OR, lo(rem), two), hi(rem));
      }
      struct ir_ref trial = add64(b, q, q);
      trial = add64(b, trial, trial);
      trial = pair(b, op2(b, IR_OP_OR, lo(trial), ir_imm(1)), hi(trial));
      struct ir_ref ge = ucmp(b, IR_COND_GE, rem, trial);
      struct ir_ref less = sub64(b, rem, trial);
      rem = sel(b, ge, less, rem);
      q = add64(b, q, q);
      q = pair(b, op2(b, IR_OP_OR, lo(q), op2(b, IR_OP_AND, ge, ir_imm(1))),
               hi(q));
   }
   struct ir_ref left = ucmp(b, IR_COND_NE, rem, ir_imm(0));
   left = op2(b, IR_OP_AND, left, ir_imm(1));
   return pair(b, op2(b, IR_OP_OR, lo(q), left), hi(q));
}

static struct ir_ref
dsqrt(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref e;
   struct ir_ref m = normalised(b, x, &e);
   /* An even unbiased exponent: m in [1, 4). */
   struct ir_ref unbiased = op2(b, IR_OP_ISUB, e, ir_imm(1023));
   struct ir_ref odd = op2(b, IR_OP_AND, unbiased, ir_imm(1));
   struct ir_ref odd_m = add64(b, m, m);
   m = sel(b, odd, odd_m, m);
   unbiased = op2(b, IR_OP_ISUB, unbiased, odd);
   struct ir_ref q = sqrt_bits(b, m);
   struct ir_ref exp = op2(b, IR_OP_ISHR, unbiased, ir_imm(1));
   exp = op2(b, IR_OP_IADD, exp, ir_imm(1022));
   struct ir_ref r = round_pack(b, ir_imm(0), exp, shl64(b, q, ir_imm(8)));
   /* +-0, +inf and NaN are their own root; below zero gives NaN. */
   struct ir_ref keep = is_zero(b, x);
   keep = op2(b, IR_OP_OR, keep, is_inf_or_nan(b, x));
   r = sel(b, keep, x, r);
   struct ir_ref neg = scmp(b, IR_COND_LT, hi(x), ir_imm(0));
   struct ir_ref bad = op2(b, IR_OP_AND, neg,
                           op1(b, IR_OP_NOT, is_zero(b, x)));
   r = sel(b, bad, default_nan(b), r);
   return nan_in(b, x, x, r);
}

/* x >> n for n in [0, 127], the bits shifted out ORed into bit 0. */
static struct u128
shr_jam128(struct ir_builder *b, struct u128 x, struct ir_ref n)
{
   struct ir_ref n63 = op2(b, IR_OP_AND, n, ir_imm(63));
   struct ir_ref back = op2(b, IR_OP_AND, op2(b, IR_OP_ISUB, ir_imm(64), n),
                            ir_imm(63));
   struct ir_ref zero = imm64(b, 0, 0);
   struct ir_ref nz = ucmp(b, IR_COND_NE, n63, ir_imm(0));
   /* n < 64 */
   struct ir_ref carry = shl64(b, x.h, back);
   carry = sel(b, nz, carry, zero);
   struct ir_ref lost = shl64(b, x.l, back);
   struct ir_ref small_l = or64(b, shr64(b, x.l, n63), carry);
   struct ir_ref small_h = shr64(b, x.h, n63);
   struct ir_ref small_s = op2(b, IR_OP_AND, nz,
                               ucmp(b, IR_COND_NE, lost, ir_imm(0)));
   /* n >= 64 */
   struct ir_ref big_l = shr64(b, x.h, n63);
   struct ir_ref hlost = sel(b, nz, shl64(b, x.h, back), zero);
   struct ir_ref big_s = ucmp(b, IR_COND_NE, x.l, ir_imm(0));
   big_s = op2(b, IR_OP_OR, big_s, ucmp(b, IR_COND_NE, hlost, ir_imm(0)));
   struct ir_ref big = ucmp(b, IR_COND_GE, n, ir_imm(64));
   struct ir_ref l = sel(b, big, big_l, small_l);
   struct ir_ref h = sel(b, big, zero, small_h);
   struct ir_ref sticky = sel(b, big, big_s, small_s);
   sticky = op2(b, IR_OP_AND, sticky, ir_imm(1));
   l = pair(b, op2(b, IR_OP_OR, lo(l), sticky), hi(l));
   return (struct u128){h, l};
}

/* x << n for n in [0, 127]. */
static struct u128
shl128(struct ir_builder *b, struct u128 x, struct ir_ref n)
{
   struct ir_ref n63 = op2(b, IR_OP_AND, n, ir_imm(63));
   struct ir_ref back = op2(b, IR_OP_AND, op2(b, IR_OP_ISUB, ir_imm(64), n),
                            ir_imm(63));
   struct ir_ref zero = imm64(b, 0, 0);
   struct ir_ref nz = ucmp(b, IR_COND_NE, n63, ir_imm(0));
   struct ir_ref carry = sel(b, nz, shr64(b, x.l, back), zero);
   struct ir_ref small_h = or64(b, shl64(b, x.h, n63), carry);
   struct ir_ref small_l = shl64(b, x.l, n63);
   struct ir_ref big_h = shl64(b, x.l, n63);
   struct ir_ref big = ucmp(b, IR_COND_GE, n, ir_imm(64));
   struct ir_ref h = sel(b, big, big_h, small_h);
   struct ir_ref l = sel(b, big, zero, small_l);
   return (struct u128){h, l};
}

static struct u128
add128(struct ir_builder *b, struct u128 x, struct u128 y)
{
   struct ir_ref l = add64(b, x.l, y.l);
   struct ir_ref c = ucmp(b, IR_COND_LT, l, x.l);
   struct ir_ref h = add64(b, x.h, y.h);
   h = sub64(b, h, pair(b, c, c)); /* c is 0 or ~0: minus -1 */
   return (struct u128){h, l};
}

static struct u128
sub128(struct ir_builder *b, struct u128 x, struct u128 y)
{
   struct ir_ref l = sub64(b, x.l, y.l);
   struct ir_ref borrow = ucmp(b, IR_COND_LT, x.l, y.l);
   struct ir_ref h = sub64(b, x.h, y.h);
   h = add64(b, h, pair(b, borrow, borrow));
   return (struct u128){h, l};
}

/* x * y + z rounded once. */
static struct ir_ref
dfma(struct ir_builder *b, struct ir_ref x, struct ir_ref y, struct ir_ref z)
{
   struct ir_ref sp = op2(b, IR_OP_XOR, hi(x), hi(y));
   sp = op2(b, IR_OP_AND, sp, ir_imm(SIGN));
   struct ir_ref sz = sign_of(b, z);
   struct ir_ref ex, ey, ez;
   struct ir_ref mx = normalised(b, x, &ex);
   struct ir_ref my = normalised(b, y, &ey);
   struct ir_ref mz = normalised(b, z, &ez);
   /* The product, leading one at bit 124 or 125 of 128 after << 20;
    * z's at 124: both scaled by 2^(e - 1023 - 124). */
   struct u128 p = mul128(b, mx, my);
   p = shl128(b, p, ir_imm(20));
   struct ir_ref ep = op2(b, IR_OP_IADD, ex, ey);
   ep = op2(b, IR_OP_ISUB, ep, ir_imm(1023));
   struct u128 c = {shl64(b, mz, ir_imm(8)), imm64(b, 0, 0)};
   struct ir_ref zx = is_zero(b, x), zy = is_zero(b, y), zz = is_zero(b, z);
   struct ir_ref pzero = op2(b, IR_OP_OR, zx, zy);
   /* A zero addend never leads; a zero product neither. */
   ez = sel(b, zz, ir_imm((uint32_t)-100000), ez);
   ep = sel(b, pzero, ir_imm((uint32_t)-100000), ep);
   struct ir_ref d = op2(b, IR_OP_ISUB, ep, ez);
   struct ir_ref pbig = scmp(b, IR_COND_GE, d, ir_imm(0));
   struct ir_ref dn = op2(b, IR_OP_ISUB, ir_imm(0), d);
   struct ir_ref dist = umin(b, sel(b, pbig, d, dn), 127);
   struct u128 cs = shr_jam128(b, c, dist), ps = shr_jam128(b, p, dist);
   c.h = sel(b, pbig, cs.h, c.h);
   c.l = sel(b, pbig, cs.l, c.l);
   p.h = sel(b, pbig, p.h, ps.h);
   p.l = sel(b, pbig, p.l, ps.l);
   struct ir_ref exp = sel(b, pbig, ep, ez);
   /* Same signs add; else the difference, negated if below zero. */
   struct ir_ref sub = ucmp(b, IR_COND_NE, sp, sz);
   struct u128 sum = add128(b, p, c), diff = sub128(b, p, c);
   struct ir_ref neg = scmp(b, IR_COND_LT, hi(diff.h), ir_imm(0));
   struct ir_ref z64 = imm64(b, 0, 0);
   struct u128 ndiff = sub128(b, (struct u128){z64, z64}, diff);
   struct ir_ref sign = sel(b, op2(b, IR_OP_AND, sub, neg), sz, sp);
   struct u128 r;
   r.h = sel(b, sub, sel(b, neg, ndiff.h, diff.h), sum.h);
   r.l = sel(b, sub, sel(b, neg, ndiff.l, diff.l), sum.l);
   struct ir_ref zero = ucmp(b, IR_COND_EQ, or64(b, r.h, r.l), ir_imm(0));
   /* Leading one to bit 126, then the high half with a sticky bit. */
   struct ir_ref nh = clz64(b, r.h);
   struct ir_ref nl = op2(b, IR_OP_IADD, clz64(b, r.l), ir_imm(64));
   struct ir_ref n = sel(b, ucmp(b, IR_COND_EQ, r.h, ir_imm(0)), nl, nh);
   struct ir_ref shift = umin(b, smax(b, op2(b, IR_OP_ISUB, n, ir_imm(1)),
                                      0), 127);
   r = shl128(b, r, shift);
   struct ir_ref jam = ucmp(b, IR_COND_NE, r.l, ir_imm(0));
   jam = op2(b, IR_OP_AND, jam, ir_imm(1));
   struct ir_ref sig = pair(b, op2(b, IR_OP_OR, lo(r.h), jam), hi(r.h));
   /* value = r * 2^(exp - 1023 - 124) before the shift; round_pack's
    * leading bit 62 of the high half is bit 126. */
   exp = op2(b, IR_OP_ISUB, exp, shift);
   exp = op2(b, IR_OP_IADD, exp, ir_imm(1));
   struct ir_ref res = round_pack(b, sign, exp, sig);
   /* An exact zero: -0 only when both parts are -0 or negative. */
   struct ir_ref zsign = op2(b, IR_OP_AND, sp, sz);
   res = sel(b, zero, pair(b, ir_imm(0), zsign), res);
   /* Infinities: inf * 0 and inf - inf are invalid. */
   struct ir_ref ix = is_inf_or_nan(b, x), iy = is_inf_or_nan(b, y);
   struct ir_ref iz = is_inf_or_nan(b, z);
   struct ir_ref pinf = op2(b, IR_OP_OR, ix, iy);
   struct ir_ref invalid = op2(b, IR_OP_AND, pinf, pzero);
   invalid = op2(b, IR_OP_OR, invalid,
                 op2(b, IR_OP_AND, op2(b, IR_OP_AND, pinf, iz), sub));
   struct ir_ref pinf_val = pair(b, ir_imm(0), op2(b, IR_OP_OR, sp,
                                                   ir_imm(EXP_MASK)));
   res = sel(b, iz, z, res);
   res = sel(b, pinf, pinf_val, res);
   res = sel(b, invalid, default_nan(b), res);
   /* A NaN operand wins over everything, the first one over the others
    * (rule 2): x, then y, then z. */
   return nan_in(b, x, y, nan_in(b, z, z, res));
}

/* x * 2^n. */
static struct ir_ref
dldexp(struct ir_builder *b, struct ir_ref x, struct ir_ref n)
{
   struct ir_ref e;
   struct ir_ref m = shl64(b, normalised(b, x, &e), ir_imm(10));
   n = op2(b, IR_OP_IMIN, op2(b, IR_OP_IMAX, n, ir_imm((uint32_t)-5000)),
           ir_imm(5000));
   struct ir_ref exp = op2(b, IR_OP_IADD, op2(b, IR_OP_ISUB, e, ir_imm(1)),
                           n);
   struct ir_ref r = round_pack(b, sign_of(b, x), exp, m);
   struct ir_ref keep = is_zero(b, x);
   keep = op2(b, IR_OP_OR, keep, is_inf_or_nan(b, x));
   r = sel(b, keep, x, r);
   return nan_in(b, x, x, r);
}

/* ---------------------------------------------------------------------
 * Comparisons
 */

/* x as a signed 64-bit integer ordered as the doubles are (+-0 equal). */
static struct ir_ref
order_key(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref a = abs64(b, x);
   struct ir_ref neg = sub64(b, imm64(b, 0, 0), a);
   return ir_csel(b, IR_CMP_S, IR_COND_LT, hi(x), ir_imm(0), neg, a);
}

/* x cond y, false (0) when either is a NaN, ~0 otherwise. */
static struct ir_ref
dcmp(struct ir_builder *b, enum ir_cond c, struct ir_ref x, struct ir_ref y)
{
   struct ir_ref kx = order_key(b, x), ky = order_key(b, y);
   struct ir_ref r = scmp(b, c, kx, ky);
   struct ir_ref nan = is_nan(b, x);
   nan = op2(b, IR_OP_OR, nan, is_nan(b, y));
   return op2(b, IR_OP_AND, r, op1(b, IR_OP_NOT, nan));
}

/* 1.0, -1.0 or +0.0 (zeros and NaNs). */
static struct ir_ref
dssg(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref a = abs64(b, x);
   struct ir_ref zero_or_nan = ucmp(b, IR_COND_EQ, a, ir_imm(0));
   zero_or_nan = op2(b, IR_OP_OR, zero_or_nan, is_nan(b, x));
   struct ir_ref one = op2(b, IR_OP_OR, sign_of(b, x), ir_imm(0x3ff00000));
   return pair(b, ir_imm(0), sel(b, zero_or_nan, ir_imm(0), one));
}

/* ---------------------------------------------------------------------
 * Rounding to integers
 */

/* 2^(52 - E) as a bit pattern, for unbiased exponents E in [0, 51]: the
 * weight of one unit of x's integer part, in x's significand. */
static struct ir_ref
unit(struct ir_builder *b, struct ir_ref e)
{
   struct ir_ref fb = op2(b, IR_OP_ISUB, ir_imm(1023 + 52), e);
   fb = umin(b, smax(b, fb, 0), 52);
   struct ir_ref one = imm64(b, 1, 0);
   return shl64(b, one, op2(b, IR_OP_AND, fb, ir_imm(63)));
}

enum dround { DR_TRUNC, DR_FLOOR, DR_CEIL, DR_EVEN };

static struct ir_ref
dround(struct ir_builder *b, struct ir_ref x, enum dround mode)
{
   struct ir_ref e = exponent(b, x), sign = sign_of(b, x);
   struct ir_ref u = unit(b, e);
   struct ir_ref mask = sub64(b, imm64(b, 0, 0), u);
   struct ir_ref t = and64(b, x, mask);
   struct ir_ref ax = abs64(b, x);
   struct ir_ref frac = sub64(b, ax, abs64(b, t));
   struct ir_ref has_frac = ucmp(b, IR_COND_NE, frac, ir_imm(0));
   struct ir_ref up; /* whether |t| grows by one unit */
   struct ir_ref below_one; /* the result for |x| < 1 */
   struct ir_ref neg = scmp(b, IR_COND_LT, hi(x), ir_imm(0));
   struct ir_ref nonzero = ucmp(b, IR_COND_NE, abs64(b, x), ir_imm(0));
   struct ir_ref one = op2(b, IR_OP_OR, sign, ir_imm(0x3ff00000));
   if (mode == DR_TRUNC) {
      up = ir_imm(0);
      below_one = ir_imm(0);
   } else if (mode == DR_FLOOR || mode == DR_CEIL) {
      struct ir_ref away = mode == DR_FLOOR ? neg : op1(b, IR_OP_NOT, neg);
      up = op2(b, IR_OP_AND, has_frac, away);
      below_one = sel(b, op2(b, IR_OP_AND, nonzero, away), one, ir_imm(0));
   } else {
      struct ir_ref half = shr64(b, u, ir_imm(1));
      struct ir_ref odd = ucmp(b, IR_COND_NE, and64(b, t, u), ir_imm(0));
      struct ir_ref gt = ucmp(b, IR_COND_GT, frac, half);
      struct ir_ref eq = ucmp(b, IR_COND_EQ, frac, half);
      up = op2(b, IR_OP_OR, gt, op2(b, IR_OP_AND, eq, odd));
      /* [0.5, 1): 1 unless exactly 0.5. */
      struct ir_ref half_one = imm64(b, 0, 0x3fe00000);
      struct ir_ref above_half = ucmp(b, IR_COND_GT, ax, half_one);
      below_one = sel(b, above_half, one, ir_imm(0));
   }
   struct ir_ref grown = add64(b, t, u);
   struct ir_ref r = sel(b, up, grown, t);
   struct ir_ref small = ucmp(b, IR_COND_LT, e, ir_imm(1023));
   struct ir_ref zero = pair(b, ir_imm(0), op2(b, IR_OP_OR, sign, below_one));
   r = sel(b, small, zero, r);
   /* |x| >= 2^52, infinities and NaNs are their own integer part. */
   return sel(b, ucmp(b, IR_COND_GE, e, ir_imm(1023 + 52)), x, r);
}

/* ---------------------------------------------------------------------
 * Conversions
 */

/* binary32 to binary64, exact. */
static struct ir_ref
f2d(struct ir_builder *b, struct ir_ref f)
{
   struct ir_ref sign = op2(b, IR_OP_AND, f, ir_imm(SIGN));
   struct ir_ref e = op2(b, IR_OP_AND, op2(b, IR_OP_USHR, f, ir_imm(23)),
                         ir_imm(0xff));
   struct ir_ref m = op2(b, IR_OP_AND, f, ir_imm(0x7fffff));
   /* Denormals: the leading one to bit 23. */
   struct ir_ref s = op2(b, IR_OP_ISUB, op1(b, IR_OP_CLZ, m), ir_imm(8));
   s = op2(b, IR_OP_AND, s, ir_imm(31));
   struct ir_ref den = ucmp(b, IR_COND_EQ, e, ir_imm(0));
   struct ir_ref m_den = op2(b, IR_OP_AND, op2(b, IR_OP_SHL, m, s),
                             ir_imm(0x7fffff));
   struct ir_ref e_den = op2(b, IR_OP_ISUB, ir_imm(897), s);
   struct ir_ref e_norm = op2(b, IR_OP_IADD, e, ir_imm(896));
   e_norm = ir_csel(b, IR_CMP_U, IR_COND_EQ, e, ir_imm(255),
                    ir_imm(0x7ff), e_norm);
   struct ir_ref ed = sel(b, den, e_den, e_norm);
   struct ir_ref zero = ucmp(b, IR_COND_EQ, m, ir_imm(0));
   ed = sel(b, op2(b, IR_OP_AND, den, zero), ir_imm(0), ed);
   m = sel(b, den, m_den, m);
   struct ir_ref h = op2(b, IR_OP_SHL, ed, ir_imm(20));
   h = op2(b, IR_OP_OR, h, op2(b, IR_OP_USHR, m, ir_imm(3)));
   h = op2(b, IR_OP_OR, h, sign);
   /* NaNs become quiet. */
   struct ir_ref nan = ucmp(b, IR_COND_GT, op2(b, IR_OP_AND, f, ir_imm(~SIGN)),
                            ir_imm(0x7f800000));
   h = op2(b, IR_OP_OR, h, op2(b, IR_OP_AND, nan, ir_imm(0x80000)));
   return pair(b, op2(b, IR_OP_SHL, m, ir_imm(29)), h);
}

/* binary64 to binary32, round to nearest even. */
static struct ir_ref
d2f(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref sign = sign_of(b, x), e = exponent(b, x);
   /* 32 significant bits, the implicit one at 31, the rest sticky. */
   struct ir_ref top = top32(b, x);
   struct ir_ref rest = op2(b, IR_OP_SHL, lo(x), ir_imm(11));
   struct ir_ref sig = op2(b, IR_OP_OR, top,
                           op2(b, IR_OP_AND,
                               ucmp(b, IR_COND_NE, rest, ir_imm(0)),
                               ir_imm(1)));
   struct ir_ref ef = op2(b, IR_OP_ISUB, e, ir_imm(896));
   struct ir_ref normal = scmp(b, IR_COND_GE, ef, ir_imm(1));
   /* Bits shifted out: 8 for normal results, up to 32 for denormals. */
   struct ir_ref t = sel(b, normal, ir_imm(8),
                         op2(b, IR_OP_ISUB, ir_imm(9), ef));
   t = umin(b, t, 32);
   struct ir_ref full = ucmp(b, IR_COND_EQ, t, ir_imm(32));
   struct ir_ref tm = op2(b, IR_OP_AND, t, ir_imm(31));
   struct ir_ref q = sel(b, full, ir_imm(0), op2(b, IR_OP_USHR, sig, tm));
   struct ir_ref back = op2(b, IR_OP_AND, op2(b, IR_OP_ISUB, ir_imm(32), t),
                            ir_imm(31));
   struct ir_ref rem = sel(b, full, sig, op2(b, IR_OP_SHL, sig, back));
   struct ir_ref odd = op2(b, IR_OP_AND, q, ir_imm(1));
   struct ir_ref tie = ucmp(b, IR_COND_EQ, rem, ir_imm(SIGN));
   tie = op2(b, IR_OP_AND, tie, ucmp(b, IR_COND_NE, odd, ir_imm(0)));
   struct ir_ref up = ucmp(b, IR_COND_GT, rem, ir_imm(SIGN));
   up = op2(b, IR_OP_OR, up, tie);
   struct ir_ref ebits =
      sel(b, normal,
          op2(b, IR_OP_SHL, op2(b, IR_OP_ISUB, ef, ir_imm(1)), ir_imm(23)),
          ir_imm(0));
   struct ir_ref r = op2(b, IR_OP_IADD, ebits, q);
   r = op2(b, IR_OP_IADD, r, op2(b, IR_OP_AND, up, ir_imm(1)));
   /* Below half the smallest denormal: zero; too large: infinity. */
   r = ir_csel(b, IR_CMP_S, IR_COND_LT, ef, ir_imm((uint32_t)-23),
               ir_imm(0), r);
   r = ir_csel(b, IR_CMP_S, IR_COND_GE, ef, ir_imm(255),
               ir_imm(0x7f800000), r);
   r = op2(b, IR_OP_OR, r, sign);
   /* A NaN keeps the top of its payload and becomes quiet. */
   struct ir_ref payload = op2(b, IR_OP_AND, hi(x), ir_imm(0xfffff));
   payload = op2(b, IR_OP_SHL, payload, ir_imm(3));
   payload = op2(b, IR_OP_OR, payload, op2(b, IR_OP_USHR, lo(x), ir_imm(29)));
   payload = op2(b, IR_OP_OR, payload, ir_imm(0x7fc00000));
   payload = op2(b, IR_OP_OR, payload, sign);
   return sel(b, is_nan(b, x), payload, r);
}

/* The unsigned 32-bit m as a double with sign bit `sign`, exact. */
static struct ir_ref
u2d(struct ir_builder *b, struct ir_ref m, struct ir_ref sign)
{
   struct ir_ref n = op1(b, IR_OP_CLZ, m);
   struct ir_ref norm = op2(b, IR_OP_SHL, m, op2(b, IR_OP_AND, n,
                                                 ir_imm(31)));
   /* The implicit one at bit 20 adds one to the exponent field. */
   struct ir_ref h = op2(b, IR_OP_ISUB, ir_imm(1053), n);
   h = op2(b, IR_OP_SHL, h, ir_imm(20));
   h = op2(b, IR_OP_IADD, h, op2(b, IR_OP_USHR, norm, ir_imm(11)));
   h = op2(b, IR_OP_OR, h, sign);
   struct ir_ref l = op2(b, IR_OP_SHL, norm, ir_imm(21));
   struct ir_ref zero = ucmp(b, IR_COND_EQ, m, ir_imm(0));
   l = sel(b, zero, ir_imm(0), l);
   h = sel(b, zero, ir_imm(0), h);
   return pair(b, l, h);
}

static struct ir_ref
i2d(struct ir_builder *b, struct ir_ref i)
{
   struct ir_ref sign = op2(b, IR_OP_AND, i, ir_imm(SIGN));
   return u2d(b, op1(b, IR_OP_IABS, i), sign);
}

/* The unsigned 64-bit m as the nearest double with sign bit `sign`. */
static struct ir_ref
u642d(struct ir_builder *b, struct ir_ref m, struct ir_ref sign)
{
   struct ir_ref n = clz64(b, m);
   struct ir_ref norm = shl64(b, m, op2(b, IR_OP_AND, n, ir_imm(63)));
   /* The leading one from bit 63 to 62, the last bit kept as sticky. */
   struct ir_ref half = shr64(b, norm, ir_imm(1));
   struct ir_ref sig = pair(b, op2(b, IR_OP_OR, lo(half),
                                   op2(b, IR_OP_AND, lo(norm), ir_imm(1))),
                            hi(half));
   struct ir_ref exp = op2(b, IR_OP_ISUB, ir_imm(1085), n);
   struct ir_ref r = round_pack(b, sign, exp, sig);
   struct ir_ref zero = imm64(b, 0, 0);
   return sel(b, ucmp(b, IR_COND_EQ, m, ir_imm(0)), zero, r);
}

static struct ir_ref
i642d(struct ir_builder *b, struct ir_ref i)
{
   struct ir_ref sign = op2(b, IR_OP_AND, hi(i), ir_imm(SIGN));
   struct ir_ref neg = sub64(b, imm64(b, 0, 0), i);
   struct ir_ref mag = sel(b, sign, neg, i);
   return u642d(b, mag, sign);
}

/* trunc(|x|) as an unsigned 64-bit integer (|x| < 2^64). */
static struct ir_ref
d2u64_mag(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref e = exponent(b, x);
   struct ir_ref f = fraction(b, x);
   struct ir_ref m = pair(b, lo(f), op2(b, IR_OP_OR, hi(f),
                                        ir_imm(0x100000)));
   struct ir_ref up = op2(b, IR_OP_ISUB, e, ir_imm(1023 + 52));
   struct ir_ref down = op2(b, IR_OP_ISUB, ir_imm(1023 + 52), e);
   struct ir_ref left = shl64(b, m, op2(b, IR_OP_AND, up, ir_imm(63)));
   struct ir_ref right = shr64(b, m, op2(b, IR_OP_AND, down, ir_imm(63)));
   struct ir_ref r = ir_csel(b, IR_CMP_S, IR_COND_GE, up, ir_imm(0), left,
                             right);
   return ir_csel(b, IR_CMP_U, IR_COND_LT, e, ir_imm(1023), imm64(b, 0, 0),
                  r);
}

static struct ir_ref
d2i64(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref m = d2u64_mag(b, x);
   struct ir_ref neg = sub64(b, imm64(b, 0, 0), m);
   return ir_csel(b, IR_CMP_S, IR_COND_LT, hi(x), ir_imm(0), neg, m);
}

/* trunc(|x|) for |x| < 2^32. */
static struct ir_ref
d2u_mag(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref e = exponent(b, x);
   struct ir_ref top = top32(b, x);
   struct ir_ref s = op2(b, IR_OP_ISUB, ir_imm(1023 + 31), e);
   struct ir_ref r = op2(b, IR_OP_USHR, top,
                         op2(b, IR_OP_AND, s, ir_imm(31)));
   return ir_csel(b, IR_CMP_U, IR_COND_LT, e, ir_imm(1023), ir_imm(0), r);
}

static struct ir_ref
d2i(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref m = d2u_mag(b, x);
   struct ir_ref neg = op2(b, IR_OP_ISUB, ir_imm(0), m);
   return ir_csel(b, IR_CMP_S, IR_COND_LT, hi(x), ir_imm(0), neg, m);
}

/* frexp: the significand in [0.5, 1) with x's sign, and the exponent;
 * zeros, infinities and NaNs come back as they are, exponent 0. */
static struct ir_ref
dfrexp(struct ir_builder *b, struct ir_ref x, struct ir_ref *expo)
{
   struct ir_ref e;
   struct ir_ref m = normalised(b, x, &e);
   struct ir_ref h = op2(b, IR_OP_AND, hi(m), ir_imm(0xfffff));
   h = op2(b, IR_OP_OR, h, sign_of(b, x));
   h = op2(b, IR_OP_OR, h, ir_imm(0x3fe00000));
   struct ir_ref keep = is_zero(b, x);
   keep = op2(b, IR_OP_OR, keep, is_inf_or_nan(b, x));
   struct ir_ref expo_finite = op2(b, IR_OP_ISUB, e, ir_imm(1022));
   *expo = sel(b, keep, ir_imm(0), expo_finite);
   struct ir_ref mant = pair(b, lo(m), h);
   return nan_in(b, x, x, sel(b, keep, x, mant));
}

/* ---------------------------------------------------------------------
 * Operands and the table
 */

/* Source i's pair p as a double, with its modifiers (on the sign bit). */
static struct ir_ref
dsrc(struct tgsi_to_ir *t, unsigned i, unsigned p)
{
   const struct tgsi_src *src = &t->insn->src[i];
   struct ir_ref l = t_src_raw(t, i, 2 * p);
   struct ir_ref h = t_src_raw(t, i, 2 * p + 1);
   if (src->absolute)
      h = op2(&t->b, IR_OP_AND, h, ir_imm(~SIGN));
   if (src->negate)
      h = op2(&t->b, IR_OP_XOR, h, ir_imm(SIGN));
   return pair(&t->b, l, h);
}

/* Saturate of a double (rule 7): x clamped to [+0, 1]; a NaN, -0 and
 * every negative give +0.  The comparisons are false for a NaN. */
static struct ir_ref
dsat(struct ir_builder *b, struct ir_ref x)
{
   struct ir_ref zero = imm64(b, 0, 0), one = imm64(b, 0, 0x3ff00000);
   struct ir_ref above_zero = dcmp(b, IR_COND_GT, x, zero);
   struct ir_ref above_one = dcmp(b, IR_COND_GT, x, one);
   return sel(b, above_one, one, sel(b, above_zero, x, zero));
}

/* Writes pair p of destination i (the channels the mask enables). */
static void
ddst(struct tgsi_to_ir *t, unsigned i, unsigned p, struct ir_ref v)
{
   unsigned m = t_writemask(t, i);
   if (t->insn->saturate && tgsi_op_dst_type(t->insn->opcode, i) ==
                               TGSI_VT_F64)
      v = dsat(&t->b, v);
   if (m & (1u << (2 * p)))
      t_dst(t, i, 2 * p, lo(v));
   if (m & (2u << (2 * p)))
      t_dst(t, i, 2 * p + 1, hi(v));
}

/* The result of a pair-to-pair opcode on pair p. */
static struct ir_ref
pair_op(struct tgsi_to_ir *t, unsigned p)
{
   struct ir_builder *b = &t->b;
   enum tgsi_op op = (enum tgsi_op)t->insn->opcode;
   struct ir_ref x = op == TGSI_OP_I642D || op == TGSI_OP_U642D
                        ? t_src64(t, 0, p)
                        : dsrc(t, 0, p);
   struct ir_ref y = t->insn->num_src > 1 && op != TGSI_OP_DLDEXP
                        ? dsrc(t, 1, p)
                        : x;
   switch (op) {
   case TGSI_OP_DABS: return abs64(b, x);
   case TGSI_OP_DNEG: return dneg(b, x);
   case TGSI_OP_DADD: return dadd(b, x, y);
   case TGSI_OP_DMUL: return dmul(b, x, y);
   case TGSI_OP_DMAD: {
      /* May round twice (tgsi.rst): the product, then the sum. */
      struct ir_ref z = dsrc(t, 2, p);
      return dadd(b, dmul(b, x, y), z);
   }
   case TGSI_OP_DMIN:
      return sel(b, dcmp(b, IR_COND_LT, x, y), x, y);
   case TGSI_OP_DMAX:
      return sel(b, dcmp(b, IR_COND_GT, x, y), x, y);
   case TGSI_OP_DSSG: return dssg(b, x);
   case TGSI_OP_DDIV: return ddiv(b, x, y);
   case TGSI_OP_DFMA: {
      struct ir_ref z = dsrc(t, 2, p);
      return dfma(b, x, y, z);
   }
   case TGSI_OP_DRCP: return ddiv(b, imm64(b, 0, 0x3ff00000), x);
   case TGSI_OP_DSQRT: return dsqrt(b, x);
   case TGSI_OP_DRSQ: {
      /* Rounded twice: within one unit in the last place. */
      struct ir_ref root = dsqrt(b, x);
      return ddiv(b, imm64(b, 0, 0x3ff00000), root);
   }
   case TGSI_OP_DTRUNC: return dround(b, x, DR_TRUNC);
   case TGSI_OP_DFLR: return dround(b, x, DR_FLOOR);
   case TGSI_OP_DCEIL: return dround(b, x, DR_CEIL);
   case TGSI_OP_DROUND: return dround(b, x, DR_EVEN);
   case TGSI_OP_DFRAC: {
      struct ir_ref fl = dround(b, x, DR_FLOOR);
      return dadd(b, x, dneg(b, fl));
   }
   case TGSI_OP_DLDEXP: return dldexp(b, x, t_src(t, 1, 2 * p));
   case TGSI_OP_I642D: return i642d(b, x);
   case TGSI_OP_U642D: return u642d(b, x, ir_imm(0));
   case TGSI_OP_D2I64: return d2i64(b, x);
   case TGSI_OP_D2U64: return d2u64_mag(b, x);
   default: t_unsupported(t, "double opcode without a translation");
   }
}

static void
pairs(struct tgsi_to_ir *t)
{
   for (unsigned p = 0; p < 2; p++)
      if (t_writemask(t, 0) & (3u << (2 * p)))
         ddst(t, 0, p, pair_op(t, p));
}

/* DSEQ, DSNE, DSLT, DSGE: pair p's result to channels 2p and 2p + 1. */
static void
compares(struct tgsi_to_ir *t)
{
   static const enum ir_cond conds[] = {
      [TGSI_OP_DSEQ] = IR_COND_EQ, [TGSI_OP_DSNE] = IR_COND_EQ,
      [TGSI_OP_DSLT] = IR_COND_LT, [TGSI_OP_DSGE] = IR_COND_GE,
   };
   enum tgsi_op op = (enum tgsi_op)t->insn->opcode;
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (3u << (2 * p))))
         continue;
      struct ir_ref y = dsrc(t, 1, p), x = dsrc(t, 0, p);
      struct ir_ref r = dcmp(&t->b, conds[op], x, y);
      if (op == TGSI_OP_DSNE)
         r = op1(&t->b, IR_OP_NOT, r);
      for (unsigned c = 2 * p; c < 2 * p + 2; c++)
         if (t_writemask(t, 0) & (1u << c))
            t_dst(t, 0, c, r);
   }
}

/* F2D, I2D, U2D: src channel p to pair p. */
static void
widen(struct tgsi_to_ir *t)
{
   enum tgsi_op op = (enum tgsi_op)t->insn->opcode;
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (3u << (2 * p))))
         continue;
      struct ir_ref x = t_src(t, 0, p), r;
      if (op == TGSI_OP_F2D)
         r = f2d(&t->b, x);
      else if (op == TGSI_OP_I2D)
         r = i2d(&t->b, x);
      else
         r = u2d(&t->b, x, ir_imm(0));
      ddst(t, 0, p, r);
   }
}

/* D2F, D2I, D2U: pair k & 1 to channel k. */
static void
narrow(struct tgsi_to_ir *t)
{
   enum tgsi_op op = (enum tgsi_op)t->insn->opcode;
   struct ir_ref r[2];
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (5u << p)))
         continue;
      struct ir_ref x = dsrc(t, 0, p);
      if (op == TGSI_OP_D2F)
         r[p] = d2f(&t->b, x);
      else if (op == TGSI_OP_D2I)
         r[p] = d2i(&t->b, x);
      else
         r[p] = d2u_mag(&t->b, x);
   }
   for (unsigned c = 0; c < 4; c++)
      if (t_writemask(t, 0) & (1u << c))
         t_dst(t, 0, c, r[c & 1]);
}

/* DFRACEXP: frexp of src.xy to both pairs of dst0, the exponent to every
 * channel of dst1. */
static void
fracexp(struct tgsi_to_ir *t)
{
   struct ir_ref expo;
   struct ir_ref m = dfrexp(&t->b, dsrc(t, 0, 0), &expo);
   for (unsigned p = 0; p < 2; p++)
      ddst(t, 0, p, m);
   for (unsigned c = 0; c < 4; c++)
      if (t_writemask(t, 1) & (1u << c))
         t_dst(t, 1, c, expo);
}

typedef void (*t_double_fn)(struct tgsi_to_ir *t);

static const t_double_fn double_rows[TGSI_OP_COUNT] = {
   [TGSI_OP_DABS] = pairs,      [TGSI_OP_DNEG] = pairs,
   [TGSI_OP_DADD] = pairs,      [TGSI_OP_DMUL] = pairs,
   [TGSI_OP_DMAD] = pairs,      [TGSI_OP_DMIN] = pairs,
   [TGSI_OP_DMAX] = pairs,      [TGSI_OP_DSSG] = pairs,
   [TGSI_OP_DTRUNC] = pairs,    [TGSI_OP_DFLR] = pairs,
   [TGSI_OP_DCEIL] = pairs,     [TGSI_OP_DROUND] = pairs,
   [TGSI_OP_DFRAC] = pairs,     [TGSI_OP_DLDEXP] = pairs,
   [TGSI_OP_I642D] = pairs,     [TGSI_OP_U642D] = pairs,
   [TGSI_OP_D2I64] = pairs,     [TGSI_OP_D2U64] = pairs,
   [TGSI_OP_DSEQ] = compares,   [TGSI_OP_DSNE] = compares,
   [TGSI_OP_DSLT] = compares,   [TGSI_OP_DSGE] = compares,
   [TGSI_OP_F2D] = widen,       [TGSI_OP_I2D] = widen,
   [TGSI_OP_U2D] = widen,       [TGSI_OP_D2F] = narrow,
   [TGSI_OP_D2I] = narrow,      [TGSI_OP_D2U] = narrow,
   [TGSI_OP_DFRACEXP] = fracexp,
   [TGSI_OP_DDIV] = pairs,      [TGSI_OP_DRCP] = pairs,
   [TGSI_OP_DSQRT] = pairs,     [TGSI_OP_DRSQ] = pairs,
   [TGSI_OP_DFMA] = pairs,
};

bool
t_double_has_row(enum tgsi_op op)
{
   return (unsigned)op < TGSI_OP_COUNT && double_rows[op];
}

void
t_double(struct tgsi_to_ir *t)
{
   double_rows[t->insn->opcode](t);
}
