/* SPDX-License-Identifier: MIT */
/*
 * The float32 opcodes of the interpreter, one row each: an evaluation
 * written from the formulas of spec/tgsi.rst, and the allowance TGSI (or
 * GLSL's precision rules, where TGSI is silent) gives an implementation.
 *
 * 1. Arithmetic is IEEE binary32 with round-to-nearest-even, evaluated
 *    exactly as written (the library is built without contraction).
 * 2. min(x, y) is (x < y) ? x : y and max(x, y) is (x > y) ? x : y, as
 *    the spec defines them; with a NaN operand the result is undefined
 *    (implementations return the other operand).
 * 3. MUL_ZERO_WINS (LEGACY_MATH_RULES) makes every multiply with a zero
 *    operand give zero.
 * 4. Results TGSI leaves undefined are flagged per channel: F2I/F2U/ARL/
 *    ARR out of range or of NaN, SQRT of x < 0, RSQ of x <= 0, LG2 of
 *    x < 0, POW of x < 0 or of 0 to a power <= 0.
 * 5. Allowances (docs/testing.md): MAD fused or not; DP2/3/4 and LRP in
 *    any order, fused or not; DIV, RCP, RSQ, SQRT a few ulp; EX2, LG2,
 *    POW, SIN, COS as GLSL's precision table; ROUND of a tie either way;
 *    I2F/U2F of a value with more than 24 bits in either direction.
 */
#include "tgsi_interp_priv.h"

#define F(i, c) bits_to_float(io->s[i][c])

static void
put(struct alu_io *io, unsigned c, float f)
{
   io->d[c] = float_to_bits(f);
}

static void
repl(struct alu_io *io, float f)
{
   for (unsigned c = 0; c < 4; c++)
      put(io, c, f);
}

#define undefined interp_undefined

static float
fmul(const struct alu_io *io, float a, float b)
{
   if (io->mul_zero_wins && (a == 0.0f || b == 0.0f))
      return 0.0f;
   return a * b;
}

static float
tmin(float a, float b)
{
   return a < b ? a : b;
}

static float
tmax(float a, float b)
{
   return a > b ? a : b;
}

/* ---------------------------------------------------------------------
 * Half floats (PK2H), round to nearest even; UP2H widens with
 * half_to_float (util/bits.h)
 */

static uint32_t
f32_to_f16(float f)
{
   uint32_t x = float_to_bits(f), sign = (x >> 16) & 0x8000u;
   uint32_t exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
   if (exp == 0xff)
      return sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0);
   int e = (int)exp - 127 + 15;
   if (e >= 31)
      return sign | 0x7c00u;
   uint32_t h, rem, half;
   if (e <= 0) {
      if (e < -10)
         return sign;
      unsigned shift = (unsigned)(14 - e);
      man |= 0x800000u;
      h = man >> shift;
      rem = man & ((1u << shift) - 1);
      half = 1u << (shift - 1);
   } else {
      h = (uint32_t)e << 10 | man >> 13;
      rem = man & 0x1fffu;
      half = 0x1000u;
   }
   if (rem > half || (rem == half && (h & 1)))
      h++;
   return sign | h;
}

/* ---------------------------------------------------------------------
 * Evaluations
 */

static void
ev_mov(struct alu_io *io)
{
   memcpy(io->d, io->s[0], sizeof(io->d));
}

static int
sel_mov(const struct interp_vec *src, unsigned c)
{
   (void)src;
   (void)c;
   return 0;
}

#define UNARY(name, expr)                                                    \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned c = 0; c < 4; c++) {                                     \
         float x = F(0, c);                                                  \
         (void)x;                                                            \
         put(io, c, (expr));                                                 \
      }                                                                      \
   }

#define BINARY(name, expr)                                                   \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned c = 0; c < 4; c++) {                                     \
         float a = F(0, c), b = F(1, c);                                     \
         (void)a, (void)b;                                                   \
         put(io, c, (expr));                                                 \
      }                                                                      \
   }

#define COMPARE(name, expr)                                                  \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned c = 0; c < 4; c++) {                                     \
         float a = F(0, c), b = F(1, c);                                     \
         io->d[c] = (expr) ? ~0u : 0u;                                       \
      }                                                                      \
   }

BINARY(add, a + b)
BINARY(mul, fmul(io, a, b))
BINARY(min, tmin(a, b))
BINARY(max, tmax(a, b))
BINARY(div, a / b)
BINARY(slt, a < b ? 1.0f : 0.0f)
BINARY(sge, a >= b ? 1.0f : 0.0f)
BINARY(seq, a == b ? 1.0f : 0.0f)
BINARY(sgt, a > b ? 1.0f : 0.0f)
BINARY(sle, a <= b ? 1.0f : 0.0f)
BINARY(sne, a != b ? 1.0f : 0.0f)
COMPARE(fseq, a == b)
COMPARE(fsge, a >= b)
COMPARE(fslt, a < b)
COMPARE(fsne, a != b)
UNARY(frc, x - floorf(x))
UNARY(flr, floorf(x))
UNARY(ceil, ceilf(x))
UNARY(trunc, truncf(x))
UNARY(round, rintf(x))
UNARY(ssg, x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f)

static void
ev_mad(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      float a = F(0, c), b = F(1, c), x = F(2, c);
      if (io->mul_zero_wins && (a == 0.0f || b == 0.0f))
         put(io, c, 0.0f + x);
      else
         put(io, c, fmaf(a, b, x));
   }
}

static void
ev_lrp(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      float a = F(0, c), b = F(1, c), x = F(2, c);
      put(io, c, fmul(io, a, b) + fmul(io, 1.0f - a, x));
   }
}

static void
ev_cmp(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = F(0, c) < 0.0f ? io->s[1][c] : io->s[2][c];
}

static float
dot(const struct alu_io *io, unsigned n)
{
   float r = fmul(io, F(0, 0), F(1, 0));
   for (unsigned c = 1; c < n; c++)
      r = r + fmul(io, F(0, c), F(1, c));
   return r;
}

static void
ev_dp2(struct alu_io *io)
{
   repl(io, dot(io, 2));
}

static void
ev_dp3(struct alu_io *io)
{
   repl(io, dot(io, 3));
}

static void
ev_dp4(struct alu_io *io)
{
   repl(io, dot(io, 4));
}

static void
ev_dst(struct alu_io *io)
{
   put(io, 0, 1.0f);
   put(io, 1, fmul(io, F(0, 1), F(1, 1)));
   put(io, 2, F(0, 2));
   put(io, 3, F(1, 3));
}

static void
ev_rcp(struct alu_io *io)
{
   repl(io, 1.0f / F(0, 0));
}

static void
ev_rsq(struct alu_io *io)
{
   float x = F(0, 0);
   repl(io, (float)(1.0 / sqrt((double)x)));
   if (!(x > 0.0f)) {
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_DOMAIN);
   }
}

static void
ev_sqrt(struct alu_io *io)
{
   float x = F(0, 0);
   repl(io, sqrtf(x));
   if (x < 0.0f) {
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_DOMAIN);
   }
}

static void
ev_ex2(struct alu_io *io)
{
   repl(io, exp2f(F(0, 0)));
}

static void
ev_lg2(struct alu_io *io)
{
   float x = F(0, 0);
   repl(io, log2f(x));
   if (x < 0.0f) {
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_DOMAIN);
   }
}

static bool
pow_defined(float x, float y)
{
   return !(x < 0.0f) && !(x == 0.0f && !(y > 0.0f));
}

static void
ev_pow(struct alu_io *io)
{
   float x = F(0, 0), y = F(1, 0);
   repl(io, powf(x, y));
   if (!pow_defined(x, y)) {
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_DOMAIN);
   }
}

static void
ev_sin(struct alu_io *io)
{
   repl(io, sinf(F(0, 0)));
}

static void
ev_cos(struct alu_io *io)
{
   repl(io, cosf(F(0, 0)));
}

static void
ev_exp(struct alu_io *io)
{
   float x = F(0, 0), fl = floorf(x);
   put(io, 0, exp2f(fl));
   put(io, 1, x - fl);
   put(io, 2, exp2f(x));
   put(io, 3, 1.0f);
}

static void
ev_log(struct alu_io *io)
{
   float a = fabsf(F(0, 0));
   int e = 0;
   float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
   bool normal = isfinite(a) && a != 0.0f;
   put(io, 0, normal ? (float)(e - 1) : log2f(a));
   put(io, 1, normal ? 2.0f * m : a / exp2f(floorf(log2f(a))));
   put(io, 2, log2f(a));
   put(io, 3, 1.0f);
}

static void
ev_lit(struct alu_io *io)
{
   float x = F(0, 0), y = tmax(F(0, 1), 0.0f);
   float w = tmin(tmax(F(0, 3), -128.0f), 128.0f);
   put(io, 0, 1.0f);
   put(io, 1, tmax(x, 0.0f));
   put(io, 2, x > 0.0f ? powf(y, w) : 0.0f);
   put(io, 3, 1.0f);
   if (x > 0.0f && y == 0.0f && !(w > 0.0f))
      undefined(io, 2, TGSI_INTERP_UB_DOMAIN);
}

static void
ev_ldexp(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      int32_t e = (int32_t)io->s[1][c];
      e = e > 1000 ? 1000 : e < -1000 ? -1000 : e;
      put(io, c, ldexpf(F(0, c), e));
   }
}

/* Truncation to [lo, hi), undefined outside and for NaN. */
static void
to_int(struct alu_io *io, unsigned c, double x, double lo, double hi)
{
   if (!(x >= lo && x < hi)) {
      io->d[c] = 0;
      undefined(io, c, TGSI_INTERP_UB_CONVERT);
      return;
   }
   io->d[c] = lo < 0 ? (uint32_t)(int32_t)x : (uint32_t)x;
}

static void
ev_f2i(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      to_int(io, c, trunc((double)F(0, c)), -2147483648.0, 2147483648.0);
}

static void
ev_f2u(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      to_int(io, c, trunc((double)F(0, c)), 0.0, 4294967296.0);
}

static void
ev_arl(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      to_int(io, c, floor((double)F(0, c)), -2147483648.0, 2147483648.0);
}

static void
ev_arr(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      double x = (double)F(0, c);
      to_int(io, c, rint(x), -2147483648.0, 2147483648.0);
      if (x - floor(x) == 0.5) /* a tie rounds either way */
         undefined(io, c, TGSI_INTERP_UB_CONVERT);
   }
}

UNARY(i2f, (float)(int32_t)io->s[0][c])
UNARY(u2f, (float)io->s[0][c])

static void
ev_pk2h(struct alu_io *io)
{
   uint32_t v = f32_to_f16(F(0, 0)) | f32_to_f16(F(0, 1)) << 16;
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = v;
}

static void
ev_up2h(struct alu_io *io)
{
   uint32_t v = io->s[0][0];
   for (unsigned c = 0; c < 4; c++) {
      uint16_t h = (uint16_t)(c & 1 ? v >> 16 : v & 0xffffu);
      put(io, c, half_to_float(h));
   }
}

/* Round to nearest of clamp(x, lo, 1) * scale; ties are undefined. */
static uint32_t
to_norm(struct alu_io *io, float x, float lo, float scale)
{
   float t = tmin(tmax(x, lo), 1.0f) * scale;
   if (isnan(x)) {
      t = 0.0f;
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_CONVERT);
   }
   if (t - floorf(t) == 0.5f) {
      for (unsigned c = 0; c < 4; c++)
         undefined(io, c, TGSI_INTERP_UB_CONVERT);
   }
   return (uint32_t)(int32_t)rintf(t);
}

static void
ev_pk2us(struct alu_io *io)
{
   uint32_t v = (to_norm(io, F(0, 0), 0.0f, 65535.0f) & 0xffffu) |
                to_norm(io, F(0, 1), 0.0f, 65535.0f) << 16;
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = v;
}

static void
pack4(struct alu_io *io, float lo, float scale)
{
   uint32_t v = 0;
   for (unsigned c = 0; c < 4; c++)
      v |= (to_norm(io, F(0, c), lo, scale) & 0xffu) << (8 * c);
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = v;
}

static void
ev_pk4b(struct alu_io *io)
{
   pack4(io, -1.0f, 127.0f);
}

static void
ev_pk4ub(struct alu_io *io)
{
   pack4(io, 0.0f, 255.0f);
}

static void
ev_up2us(struct alu_io *io)
{
   uint32_t v = io->s[0][0];
   for (unsigned c = 0; c < 4; c++)
      put(io, c, (float)(c & 1 ? v >> 16 : v & 0xffffu) / 65535.0f);
}

static void
ev_up4b(struct alu_io *io)
{
   uint32_t v = io->s[0][0];
   for (unsigned c = 0; c < 4; c++)
      put(io, c, tmax((float)(int8_t)(v >> (8 * c)) / 127.0f, -1.0f));
}

static void
ev_up4ub(struct alu_io *io)
{
   uint32_t v = io->s[0][0];
   for (unsigned c = 0; c < 4; c++)
      put(io, c, (float)((v >> (8 * c)) & 0xffu) / 255.0f);
}

/* ---------------------------------------------------------------------
 * Allowances
 */

static double
ulps(const struct alu_io *io, unsigned c, double n)
{
   return n * interp_ulp32(bits_to_float(io->d[c]));
}

static double
al_mad(const struct alu_io *io, unsigned c)
{
   float a = F(0, c), b = F(1, c), x = F(2, c);
   float unfused = fmul(io, a, b) + x;
   float fused = bits_to_float(io->d[c]);
   if (isnan(unfused) != isnan(fused) || isinf(unfused) != isinf(fused))
      return INFINITY;
   return isfinite(fused) ? fabs((double)fused - (double)unfused) : 0;
}

/* Any order of the n products and sums, each fused or not: within
 * n * 2^-23 of the sum of the magnitudes of the products, and, where
 * products are subnormal (rounded in absolute steps, not relative ones),
 * n steps of the smallest subnormal. */
static double
dot_allowance(const struct alu_io *io, unsigned n)
{
   double mag = 0;
   for (unsigned c = 0; c < n; c++)
      mag += fabs((double)F(0, c) * (double)F(1, c));
   double tiny = mag > 0 && mag < 0x1p-100 ? n * 0x1p-149 : 0;
   return n * 0x1p-23 * mag + tiny;
}

static double
al_dp2(const struct alu_io *io, unsigned c)
{
   (void)c;
   return dot_allowance(io, 2);
}

static double
al_dp3(const struct alu_io *io, unsigned c)
{
   (void)c;
   return dot_allowance(io, 3);
}

static double
al_dp4(const struct alu_io *io, unsigned c)
{
   (void)c;
   return dot_allowance(io, 4);
}

/* x*y + (1-x)*z in any of its usual forms (including x*(y-z) + z).
 * Their zeros differ in sign (x > 1, y = -0, z = +0: -0 + -0 against
 * x*(-0) + 0 = +0): a zero's sign is not specified, which the least
 * positive allowance says.  Subnormal terms round in absolute steps of
 * the smallest subnormal, one per rounding of a form (three at most):
 * 0.49999997 * 0 + 0.50000003 * 2^-149 is 0 or 2^-149 by the form. */
static double
al_lrp(const struct alu_io *io, unsigned c)
{
   double x = F(0, c), y = F(1, c), z = F(2, c);
   double mag = fabs(x * y) + fabs((1 - x) * z) + fabs(z) +
                fabs(x * (y - z)) + fabs(x * z);
   if (bits_to_float(io->d[c]) == 0.0f && mag == 0)
      return 0x1p-149;
   double tiny = mag > 0 && mag < 0x1p-100 ? 3 * 0x1p-149 : 0;
   return 0x1p-22 * mag + tiny;
}

/* Division may be a * (1 / b): a few ulp, unless 1 / b is tiny enough
 * to be flushed. */
static double
al_div(const struct alu_io *io, unsigned c)
{
   float b = F(1, c);
   if (fabsf(b) >= 0x1p126f && isfinite(b))
      return INFINITY;
   return ulps(io, c, 4);
}

static double
al_rcp(const struct alu_io *io, unsigned c)
{
   float x = F(0, 0);
   if (fabsf(x) >= 0x1p126f && isfinite(x))
      return INFINITY;
   return ulps(io, c, 3);
}

static double
al_rsq(const struct alu_io *io, unsigned c)
{
   return ulps(io, c, 3);
}

static double
al_sqrt(const struct alu_io *io, unsigned c)
{
   return ulps(io, c, 4);
}

/* GLSL: exp2 within (3 + 2|x|) ulp. */
static double
ex2_allowance(float x, float r)
{
   if (fabsf(x) > 126.0f)
      return INFINITY;
   return (3.0 + 2.0 * fabs((double)x)) * interp_ulp32(r);
}

static double
al_ex2(const struct alu_io *io, unsigned c)
{
   return ex2_allowance(F(0, 0), bits_to_float(io->d[c]));
}

/* GLSL: log2 within 3 ulp outside [0.5, 2], 2^-21 absolute inside. */
static double
lg2_allowance(float x, float r)
{
   if (x >= 0.5f && x <= 2.0f)
      return 0x1p-21;
   return 3.0 * interp_ulp32(r);
}

static double
al_lg2(const struct alu_io *io, unsigned c)
{
   return lg2_allowance(F(0, 0), bits_to_float(io->d[c]));
}

/* pow(x, y) = exp2(y * log2(x)): the log's error scaled by y, the
 * product's rounding, and the exp's own. */
static double
pow_allowance(float x, float y, float r)
{
   double t = (double)y * log2((double)x);
   /* A NaN operand: any result (C's pow(1, NaN) is 1, exp2(NaN * 0) is
    * NaN; GLSL says nothing of NaNs). */
   if (isnan(x) || isnan(y))
      return NAN;
   /* 1^inf, 0^0: y * log2(x) is inf * 0, NaN in that form (C's pow
    * gives 1). */
   if (isnan(t))
      return INFINITY;
   /* 0^y (y > 0) is a zero whose sign the formula does not settle:
    * C's pow keeps -0's for an odd integer y, exp2(y * log2(x)) gives
    * +0; the least allowance says either. */
   if (x == 0.0f)
      return 0x1p-149;
   if (x == 1.0f)
      return 0;
   if (fabs(t) > 126.0)
      return INFINITY;
   double lg = lg2_allowance(x, log2f(x));
   double inner = fabs((double)y) * lg + interp_ulp32((float)t);
   double ln2 = 0.6931471805599453;
   return fabs((double)r) * ln2 * inner + ex2_allowance((float)t, r);
}

static double
al_pow(const struct alu_io *io, unsigned c)
{
   return pow_allowance(F(0, 0), F(1, 0), bits_to_float(io->d[c]));
}

/* Hardware sine and cosine take x / (2 pi): 2^-10 absolute, plus what
 * the range reduction loses for large |x|. */
static double
al_sincos(const struct alu_io *io, unsigned c)
{
   (void)c;
   double x = fabs((double)F(0, 0));
   /* Past [-100 pi, 100 pi] no API bounds the error (D3D's is for that
    * range; GL's is the implementation's): any value in [-1, 1]. */
   if (x > 100 * 3.14159265358979)
      return 2.0;
   return 0x1p-10 + x * 0x1p-20;
}

static double
al_exp(const struct alu_io *io, unsigned c)
{
   return c == 2 ? ex2_allowance(F(0, 0), bits_to_float(io->d[2])) : 0;
}

/* x = floor(log2 |a|) and y = |a| / 2^x: an implementation that takes
 * the floor of an approximate log2 may land on the next integer just
 * below a power of two (and y then halves or doubles); a power of two's
 * log2 is its exponent, exact. */
static double
al_log(const struct alu_io *io, unsigned c)
{
   float a = fabsf(F(0, 0));
   double lg = lg2_allowance(a, bits_to_float(io->d[2]));
   if (c == 2)
      return lg;
   int e;
   double l = log2((double)a);
   if (c == 3 || !isfinite(l) || frexpf(a, &e) == 0.5f ||
       floor(l - lg) == floor(l + lg))
      return 0;
   return c == 0 ? 1.0 : fabs((double)bits_to_float(io->d[1]));
}

static double
al_lit(const struct alu_io *io, unsigned c)
{
   if (c != 2 || !(F(0, 0) > 0.0f))
      return 0;
   float y = tmax(F(0, 1), 0.0f);
   float w = tmin(tmax(F(0, 3), -128.0f), 128.0f);
   return pow_allowance(y, w, bits_to_float(io->d[2]));
}

static double
al_round(const struct alu_io *io, unsigned c)
{
   float x = F(0, c);
   return fabsf(x - floorf(x)) == 0.5f ? 1.0 : 0;
}

/* IEEE's minNum/maxNum may return either zero of +0 and -0: the
 * result's sign is not specified, which the least positive allowance
 * says (it matters where the bits are read as an integer). */
static double
al_minmax(const struct alu_io *io, unsigned c)
{
   if (isnan(F(0, c)) || isnan(F(1, c)))
      return INFINITY;
   bool zeros = F(0, c) == 0.0f && F(1, c) == 0.0f;
   return zeros && io->s[0][c] != io->s[1][c] ? 0x1p-149 : 0;
}

/* The rounding of an integer float cannot hold is unspecified. */
static double
al_i2f(const struct alu_io *io, unsigned c)
{
   float r = bits_to_float(io->d[c]);
   return (double)r != (double)(int32_t)io->s[0][c] ? interp_ulp32(r) : 0;
}

static double
al_u2f(const struct alu_io *io, unsigned c)
{
   float r = bits_to_float(io->d[c]);
   return (double)r != (double)io->s[0][c] ? interp_ulp32(r) : 0;
}

static double
al_unpack(const struct alu_io *io, unsigned c)
{
   return ulps(io, c, 1);
}

#define ROW(op, ev, al, fl) [TGSI_OP_##op] = {ev_##ev, al, NULL, fl}
#define EXACT(op, ev) ROW(op, ev, NULL, 0)

static const struct alu_row rows[TGSI_OP_COUNT] = {
   [TGSI_OP_MOV] = {ev_mov, NULL, sel_mov, 0},
   ROW(ADD, add, NULL, ALU_FUSE_SRC0 | ALU_FUSE_SRC1),
   ROW(MUL, mul, NULL, ALU_MUL_RESIDUAL),
   ROW(MAD, mad, al_mad, ALU_FUSE_SRC2 | ALU_MAD_FORMS | ALU_MUL_RESIDUAL),
   EXACT(FMA, mad),
   ROW(LRP, lrp, al_lrp, 0),
   ROW(DP2, dp2, al_dp2, 0),
   ROW(DP3, dp3, al_dp3, 0),
   ROW(DP4, dp4, al_dp4, 0),
   EXACT(DST, dst),
   ROW(MIN, min, al_minmax, 0),
   ROW(MAX, max, al_minmax, 0),
   ROW(DIV, div, al_div, 0),
   ROW(RCP, rcp, al_rcp, 0),
   ROW(RSQ, rsq, al_rsq, 0),
   ROW(SQRT, sqrt, al_sqrt, 0),
   ROW(EX2, ex2, al_ex2, 0),
   ROW(LG2, lg2, al_lg2, 0),
   ROW(POW, pow, al_pow, 0),
   ROW(SIN, sin, al_sincos, 0),
   ROW(COS, cos, al_sincos, 0),
   ROW(EXP, exp, al_exp, 0),
   ROW(LOG, log, al_log, 0),
   ROW(LIT, lit, al_lit, 0),
   EXACT(LDEXP, ldexp),
   EXACT(FRC, frc),
   EXACT(FLR, flr),
   EXACT(CEIL, ceil),
   EXACT(TRUNC, trunc),
   ROW(ROUND, round, al_round, 0),
   EXACT(SSG, ssg),
   EXACT(CMP, cmp),
   EXACT(SLT, slt),
   EXACT(SGE, sge),
   EXACT(SEQ, seq),
   EXACT(SGT, sgt),
   EXACT(SLE, sle),
   EXACT(SNE, sne),
   EXACT(FSEQ, fseq),
   EXACT(FSGE, fsge),
   EXACT(FSLT, fslt),
   EXACT(FSNE, fsne),
   EXACT(F2I, f2i),
   EXACT(F2U, f2u),
   EXACT(ARL, arl),
   EXACT(ARR, arr),
   ROW(I2F, i2f, al_i2f, 0),
   ROW(U2F, u2f, al_u2f, 0),
   EXACT(PK2H, pk2h),
   EXACT(UP2H, up2h),
   EXACT(PK2US, pk2us),
   EXACT(PK4B, pk4b),
   EXACT(PK4UB, pk4ub),
   ROW(UP2US, up2us, al_unpack, 0),
   ROW(UP4B, up4b, al_unpack, 0),
   ROW(UP4UB, up4ub, al_unpack, 0),
};

const struct alu_row *
interp_alu_f32_row(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT && rows[opcode].eval ? &rows[opcode]
                                                        : NULL;
}
