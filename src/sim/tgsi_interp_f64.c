/* SPDX-License-Identifier: MIT */
/*
 * The double-precision opcodes of the interpreter (spec "Double ISA"):
 * a double is a pair of channels, low word first, xy and zw.
 *
 * 1. Arithmetic is IEEE binary64, round to nearest even.  DMAD may be
 *    fused or not; DADD may absorb a DMUL product that is not precise.
 * 2. The spec gives no precision for DDIV, DRCP, DSQRT and DRSQ, and
 *    OpenGL (ARB_gpu_shader_fp64) asks only for single-precision
 *    accuracy; tgsiva promises more (docs/doubles.md): DDIV, DRCP and
 *    DSQRT correctly rounded, so they are exact here, and DRSQ within
 *    one unit in the last place of 1 / sqrt(x).
 * 3. Comparisons put the xy result in x and y and the zw result in z and
 *    w.  Conversions from 32 bits read src.x for xy and src.y for zw; to
 *    32 bits they write the xy result to x and z and the zw result to y
 *    and w (so that either channel of a pair holds its pair's result).
 *    DLDEXP takes its exponents from src1.x and src1.z.
 * 4. DFRACEXP writes the significand of src.xy (frexp's, in [0.5, 1)) to
 *    both pairs of dst0 and its exponent to every channel of dst1.
 * 5. Undefined: DSQRT of x < 0, DRSQ of x <= 0, conversions to integers
 *    out of range or of NaN, DMIN/DMAX of NaN, DROUND ties (either way).
 * 6. A NaN operand gives its own NaN, made quiet, and of several the
 *    first in operand order (docs/doubles.md), not whichever the host's
 *    instruction picks: an undefined operand that may be a NaN then
 *    shows as an uncertain payload.
 */
#include "tgsi_interp_priv.h"

static double
pd(const struct alu_io *io, unsigned i, unsigned p)
{
   return interp_d(io->s[i][p], io->s[i][p + 1]);
}

static void
put(struct alu_io *io, unsigned p, double x)
{
   interp_put_d(x, &io->d[p], &io->d[p + 1]);
}

#define D1(name, expr)                                                       \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         double a = pd(io, 0, p);                                            \
         put(io, p, (expr));                                                 \
      }                                                                      \
   }

/* Rule 6: the first NaN among the n operands of pair p, made quiet. */
static bool
first_nan(const struct alu_io *io, unsigned p, unsigned n, double *r)
{
   for (unsigned i = 0; i < n; i++) {
      if (isnan(pd(io, i, p))) {
         uint64_t bits = interp_u64(io->s[i][p], io->s[i][p + 1]);
         *r = bits_to_double(bits | 0x0008000000000000ull);
         return true;
      }
   }
   return false;
}

#define D2(name, expr)                                                       \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         double a = pd(io, 0, p), b = pd(io, 1, p), nan;                     \
         put(io, p, first_nan(io, p, 2, &nan) ? nan : (expr));               \
      }                                                                      \
   }

#define DCMP(name, expr)                                                     \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         double a = pd(io, 0, p), b = pd(io, 1, p);                          \
         io->d[p] = io->d[p + 1] = (expr) ? ~0u : 0u;                        \
      }                                                                      \
   }

D1(dabs, fabs(a))
D1(dneg, -a)
D1(dfrac, a - floor(a))
D1(dtrunc, trunc(a))
D1(dceil, ceil(a))
D1(dflr, floor(a))
D1(dround, rint(a))
D1(dssg, a > 0 ? 1.0 : a < 0 ? -1.0 : 0.0)
D1(drcp, 1.0 / a)
D2(dadd, a + b)
D2(dmul, a * b)
D2(ddiv, a / b)
D2(dmin, a < b ? a : b)
D2(dmax, a > b ? a : b)
DCMP(dslt, a < b)
DCMP(dsge, a >= b)
DCMP(dseq, a == b)
DCMP(dsne, a != b)

static void
domain(struct alu_io *io, unsigned p, bool ok)
{
   if (ok)
      return;
   interp_undefined(io, p, TGSI_INTERP_UB_DOMAIN);
   interp_undefined(io, p + 1, TGSI_INTERP_UB_DOMAIN);
}

static void
ev_dsqrt(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2) {
      double a = pd(io, 0, p);
      put(io, p, sqrt(a));
      domain(io, p, !(a < 0));
   }
}

static void
ev_drsq(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2) {
      double a = pd(io, 0, p);
      put(io, p, 1.0 / sqrt(a));
      domain(io, p, a > 0);
   }
}

static void
ev_dmad(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2) {
      double nan;
      put(io, p, first_nan(io, p, 3, &nan)
                    ? nan
                    : fma(pd(io, 0, p), pd(io, 1, p), pd(io, 2, p)));
   }
}

static void
ev_dldexp(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2) {
      int32_t e = (int32_t)io->s[1][p];
      e = e > 5000 ? 5000 : e < -5000 ? -5000 : e;
      put(io, p, ldexp(pd(io, 0, p), e));
   }
}

/* 32 -> 64: src.x makes xy, src.y makes zw. */
static void
ev_f2d(struct alu_io *io)
{
   put(io, 0, (double)bits_to_float(io->s[0][0]));
   put(io, 2, (double)bits_to_float(io->s[0][1]));
}

static void
ev_i2d(struct alu_io *io)
{
   put(io, 0, (double)(int32_t)io->s[0][0]);
   put(io, 2, (double)(int32_t)io->s[0][1]);
}

static void
ev_u2d(struct alu_io *io)
{
   put(io, 0, (double)io->s[0][0]);
   put(io, 2, (double)io->s[0][1]);
}

/* 64 -> 32: the xy result to x and z, the zw result to y and w. */
static void
ev_d2f(struct alu_io *io)
{
   for (unsigned k = 0; k < 4; k++)
      io->d[k] = float_to_bits((float)pd(io, 0, 2 * (k & 1)));
}

static void
to_int32(struct alu_io *io, double lo, double hi)
{
   for (unsigned k = 0; k < 4; k++) {
      double x = trunc(pd(io, 0, 2 * (k & 1)));
      if (!(x >= lo && x < hi)) {
         io->d[k] = 0;
         interp_undefined(io, k, TGSI_INTERP_UB_CONVERT);
      } else {
         io->d[k] = lo < 0 ? (uint32_t)(int32_t)x : (uint32_t)x;
      }
   }
}

static void
ev_d2i(struct alu_io *io)
{
   to_int32(io, -0x1p31, 0x1p31);
}

static void
ev_d2u(struct alu_io *io)
{
   to_int32(io, 0, 0x1p32);
}

static void
to_int64(struct alu_io *io, double lo, double hi)
{
   for (unsigned p = 0; p < 4; p += 2) {
      double x = trunc(pd(io, 0, p));
      uint64_t v = 0;
      if (!(x >= lo && x < hi)) {
         interp_undefined(io, p, TGSI_INTERP_UB_CONVERT);
         interp_undefined(io, p + 1, TGSI_INTERP_UB_CONVERT);
      } else {
         v = lo < 0 ? (uint64_t)(int64_t)x : (uint64_t)x;
      }
      io->d[p] = (uint32_t)v;
      io->d[p + 1] = (uint32_t)(v >> 32);
   }
}

static void
ev_d2i64(struct alu_io *io)
{
   to_int64(io, -0x1p63, 0x1p63);
}

static void
ev_d2u64(struct alu_io *io)
{
   to_int64(io, 0, 0x1p64);
}

static void
ev_i642d(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2)
      put(io, p, (double)(int64_t)interp_u64(io->s[0][p], io->s[0][p + 1]));
}

static void
ev_u642d(struct alu_io *io)
{
   for (unsigned p = 0; p < 4; p += 2)
      put(io, p, (double)interp_u64(io->s[0][p], io->s[0][p + 1]));
}

/* ---------------------------------------------------------------------
 * Allowances
 */

static double
result(const struct alu_io *io, unsigned c)
{
   return interp_d(io->d[c & ~1u], io->d[c | 1]);
}

static double
al_dmad(const struct alu_io *io, unsigned c)
{
   unsigned p = c & ~1u;
   double unfused = pd(io, 0, p) * pd(io, 1, p) + pd(io, 2, p);
   double fused = result(io, c);
   if (isnan(unfused) != isnan(fused) || isinf(unfused) != isinf(fused))
      return INFINITY;
   /* A product that underflows to -0 plus +0 is +0 unfused, while the
    * fused sum keeps the exact result's sign: the zero's sign is not
    * settled, which the least positive allowance says. */
   if (fused == 0 && unfused == 0 && signbit(fused) != signbit(unfused))
      return 0x1p-1074;
   return isfinite(fused) ? fabs(fused - unfused) : 0;
}

static double
al_one_ulp(const struct alu_io *io, unsigned c)
{
   return interp_ulp64(result(io, c));
}

static double
al_dminmax(const struct alu_io *io, unsigned c)
{
   unsigned p = c & ~1u;
   return isnan(pd(io, 0, p)) || isnan(pd(io, 1, p)) ? INFINITY : 0;
}

static double
al_dround(const struct alu_io *io, unsigned c)
{
   double a = pd(io, 0, c & ~1u);
   return fabs(a - floor(a)) == 0.5 ? 1.0 : 0;
}

/* The rounding of a value a double cannot hold is unspecified. */
static double
al_to_double(const struct alu_io *io, unsigned c)
{
   double r = result(io, c);
   uint64_t x = interp_u64(io->s[0][c & ~1u], io->s[0][c | 1]);
   bool is_signed = (int64_t)x < 0 || r < 0;
   bool holds = is_signed ? r >= -0x1p63 && r < 0x1p63 &&
                               (int64_t)r == (int64_t)x
                          : r < 0x1p64 && (uint64_t)r == x;
   return holds ? 0 : interp_ulp64(r);
}

static double
al_to_float(const struct alu_io *io, unsigned c)
{
   (void)io;
   (void)c;
   return 0;
}

#define ROW(op, ev, al, fl) [TGSI_OP_##op] = {ev_##ev, al, NULL, fl}
#define EXACT(op, ev) ROW(op, ev, NULL, 0)

static const struct alu_row rows[TGSI_OP_COUNT] = {
   EXACT(DABS, dabs), EXACT(DNEG, dneg), EXACT(DFRAC, dfrac),
   EXACT(DTRUNC, dtrunc), EXACT(DCEIL, dceil), EXACT(DFLR, dflr),
   ROW(DROUND, dround, al_dround, 0), EXACT(DSSG, dssg),
   EXACT(DRCP, drcp), EXACT(DSQRT, dsqrt),
   ROW(DRSQ, drsq, al_one_ulp, 0), EXACT(DDIV, ddiv),
   ROW(DADD, dadd, NULL, ALU_FUSE_SRC0 | ALU_FUSE_SRC1),
   ROW(DMUL, dmul, NULL, ALU_MUL_RESIDUAL),
   ROW(DMAD, dmad, al_dmad,
       ALU_FUSE_SRC2 | ALU_MAD_FORMS | ALU_MUL_RESIDUAL),
   EXACT(DFMA, dmad),
   ROW(DMIN, dmin, al_dminmax, 0), ROW(DMAX, dmax, al_dminmax, 0),
   EXACT(DSLT, dslt), EXACT(DSGE, dsge), EXACT(DSEQ, dseq),
   EXACT(DSNE, dsne), EXACT(DLDEXP, dldexp),
   EXACT(F2D, f2d), EXACT(I2D, i2d), EXACT(U2D, u2d),
   ROW(D2F, d2f, al_to_float, 0), EXACT(D2I, d2i), EXACT(D2U, d2u),
   EXACT(D2I64, d2i64), EXACT(D2U64, d2u64),
   ROW(I642D, i642d, al_to_double, 0), ROW(U642D, u642d, al_to_double, 0),
};

const struct alu_row *
interp_alu_f64_row(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT && rows[opcode].eval ? &rows[opcode]
                                                        : NULL;
}

/* ---------------------------------------------------------------------
 * DFRACEXP: two destinations
 */

/* The significand and exponent of x, with their errs when x may differ
 * by e: exact as long as x +- e stays in x's binade. */
static void
fracexp_lane(const struct interp_vec *src, struct interp_vec *mant,
             struct interp_vec *expo, uint32_t pair)
{
   /* Either word's error (an undefined high word: the low one's is 0). */
   double x = interp_d(src->v[0], src->v[1]);
   double e = fmax(src->err[0], src->err[1]);
   int ex = 0;
   double m = frexp(x, &ex);
   double me = 0, ee = 0;
   if (e != 0) {
      int lo = 0, hi = 0;
      frexp(x - e, &lo);
      frexp(x + e, &hi);
      bool same = isfinite(e) && lo == ex && hi == ex && (x - e > 0) == (x > 0);
      me = same ? ldexp(e, -ex) : INFINITY;
      ee = same ? 0 : INFINITY;
   }
   for (unsigned p = 0; p < 4; p += 2) {
      interp_put_d(m, &mant->v[p], &mant->v[p + 1]);
      mant->kind[p] = TGSI_INTERP_WORD_F64_LO;
      mant->kind[p + 1] = TGSI_INTERP_WORD_F64_HI;
      mant->pair[p] = mant->pair[p + 1] = pair + p / 2;
   }
   for (unsigned c = 0; c < 4; c++) {
      mant->err[c] = me;
      mant->res[c] = expo->res[c] = 0;
      expo->v[c] = (uint32_t)ex;
      expo->err[c] = ee;
      expo->kind[c] = TGSI_INTERP_WORD_BITS;
      expo->pair[c] = 0;
   }
}

static void
op_dfracexp(struct interp *ip)
{
   struct interp_vec src[SIM_LANES], mant[SIM_LANES], expo[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, src))
      return;
   interp_foreach_lane(l, ip->exec)
      fracexp_lane(&src[l], &mant[l], &expo[l], interp_double_id(ip, 0));
   interp_store_dst(ip, 0, ip->exec, mant);
   interp_store_dst(ip, 1, ip->exec, expo);
}

interp_op_fn
interp_f64_op(unsigned opcode)
{
   return opcode == TGSI_OP_DFRACEXP ? op_dfracexp : NULL;
}
