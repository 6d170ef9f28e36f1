/* SPDX-License-Identifier: MIT */
/*
 * The double-precision opcodes bit for bit against the host, TestFloat
 * style (docs/doubles.md): each opcode is compiled once, in a compute
 * shader that loops over a buffer of operand records, and run in the
 * Valhall simulator; every result is compared with the host's binary64
 * arithmetic (this file is built with -ffp-contract=off).
 *
 * Operands are chosen, then random: exponents at and around the ends
 * of the range and around 1.0, significands of all zeros, all ones, one
 * bit, runs of ones and random bits; half of the second operands are
 * made from the first (same or nearby exponent, either sign, a few ulps
 * apart) so that cancellation, halfway cases and exact results come up
 * often.  A NaN result must be a NaN (any payload); results TGSI leaves
 * undefined (conversions out of range) are not compared.
 *
 * The 64-bit integer divisions (also software, lower_int64.c) are
 * checked the same way.  Prints the count compared per opcode; exits 1
 * at any difference (the first few listed).  `test_f64_ops N [OPCODE]`
 * runs N records per opcode (of OPCODE only).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_valhall.h"
#include "tgsi/tgsi.h"
#include "tools/run_check.h"
#include "emit/va_stats.h"
#include "util/arena.h"
#include "util/bits.h"

#define RECORD 32 /* bytes: a, b, c, result */

enum shape { S_PAIR1, S_PAIR2, S_PAIR3, S_CMP, S_WIDEN, S_NARROW, S_LDEXP,
             S_FREXP, S_PAIR2_MODS };

struct op {
   const char *name;
   enum shape shape;
   /* The expected result words r[0], r[1] (r[2]: DFRACEXP's exponent);
    * false when the result is undefined. */
   bool (*ref)(const uint64_t *in, uint32_t *r);
   /* Inputs: 0 doubles, 1 32-bit integers, 2 floats, 3 64-bit ints,
    * 4 two 64-bit ints (the second often small). */
   unsigned input;
};

#define bits double_to_bits
#define dbl bits_to_double

static bool
put(uint32_t *r, double d)
{
   uint64_t u = bits(d);
   r[0] = (uint32_t)u;
   r[1] = (uint32_t)(u >> 32);
   return true;
}

static bool
put32(uint32_t *r, uint32_t v)
{
   r[0] = v;
   r[1] = 0;
   return true;
}

#define A dbl(in[0])
#define B dbl(in[1])
#define C dbl(in[2])

static bool r_dadd(const uint64_t *in, uint32_t *r) { return put(r, A + B); }
static bool r_dmul(const uint64_t *in, uint32_t *r) { return put(r, A * B); }
/* DADD_SAT: the sum clamped to [+0, 1] as a double; a NaN gives +0. */
static bool r_dadd_sat(const uint64_t *in, uint32_t *r)
{
   double s = A + B;
   return put(r, s > 1.0 ? 1.0 : s > 0.0 ? s : 0.0);
}
/* DMUL of -a and -|b|, the modifiers taken on the bits (the C compiler
 * may turn -a * -b into a * b, which differs in a NaN's sign). */
static bool r_dmul_mods(const uint64_t *in, uint32_t *r)
{
   const uint64_t sign = 1ull << 63;
   volatile double a = dbl(in[0] ^ sign), b = dbl(in[1] | sign);
   return put(r, a * b);
}
static bool r_dmad(const uint64_t *in, uint32_t *r)
{
   double p = A * B;
   return put(r, p + C);
}
static bool r_ddiv(const uint64_t *in, uint32_t *r) { return put(r, A / B); }
static bool r_drcp(const uint64_t *in, uint32_t *r) { return put(r, 1.0 / A); }
static bool r_dsqrt(const uint64_t *in, uint32_t *r)
{
   return put(r, sqrt(A));
}
static bool r_drsq(const uint64_t *in, uint32_t *r)
{
   double root = sqrt(A);
   return put(r, 1.0 / root);
}
static bool r_dfma(const uint64_t *in, uint32_t *r)
{
   return put(r, fma(A, B, C));
}
static bool r_dmin(const uint64_t *in, uint32_t *r)
{
   return put(r, A < B ? A : B);
}
static bool r_dmax(const uint64_t *in, uint32_t *r)
{
   return put(r, A > B ? A : B);
}
static bool r_dabs(const uint64_t *in, uint32_t *r) { return put(r, fabs(A)); }
static bool r_dneg(const uint64_t *in, uint32_t *r) { return put(r, -A); }
static bool r_dtrunc(const uint64_t *in, uint32_t *r)
{
   return put(r, trunc(A));
}
static bool r_dflr(const uint64_t *in, uint32_t *r) { return put(r, floor(A)); }
static bool r_dceil(const uint64_t *in, uint32_t *r) { return put(r, ceil(A)); }
static bool r_dround(const uint64_t *in, uint32_t *r)
{
   return put(r, rint(A));
}
static bool r_dfrac(const uint64_t *in, uint32_t *r)
{
   return put(r, A - floor(A));
}
static bool r_dssg(const uint64_t *in, uint32_t *r)
{
   return put(r, A > 0 ? 1.0 : A < 0 ? -1.0 : 0.0);
}
static bool r_dslt(const uint64_t *in, uint32_t *r)
{
   return put32(r, A < B ? ~0u : 0);
}
static bool r_dsge(const uint64_t *in, uint32_t *r)
{
   return put32(r, A >= B ? ~0u : 0);
}
static bool r_dseq(const uint64_t *in, uint32_t *r)
{
   return put32(r, A == B ? ~0u : 0);
}
static bool r_dsne(const uint64_t *in, uint32_t *r)
{
   return put32(r, A != B ? ~0u : 0);
}
static bool r_f2d(const uint64_t *in, uint32_t *r)
{
   return put(r, (double)bits_to_float((uint32_t)in[0]));
}
static bool r_i2d(const uint64_t *in, uint32_t *r)
{
   return put(r, (double)(int32_t)(uint32_t)in[0]);
}
static bool r_u2d(const uint64_t *in, uint32_t *r)
{
   return put(r, (double)(uint32_t)in[0]);
}
static bool r_d2f(const uint64_t *in, uint32_t *r)
{
   return put32(r, float_to_bits((float)A));
}
static bool r_d2i(const uint64_t *in, uint32_t *r)
{
   double t = trunc(A);
   if (!(t >= -0x1p31 && t < 0x1p31))
      return false;
   return put32(r, (uint32_t)(int32_t)t);
}
static bool r_d2u(const uint64_t *in, uint32_t *r)
{
   double t = trunc(A);
   if (!(t >= 0 && t < 0x1p32))
      return false;
   return put32(r, (uint32_t)t);
}
static bool r_i642d(const uint64_t *in, uint32_t *r)
{
   return put(r, (double)(int64_t)in[0]);
}
static bool r_u642d(const uint64_t *in, uint32_t *r)
{
   return put(r, (double)in[0]);
}
static bool r_d2i64(const uint64_t *in, uint32_t *r)
{
   double t = trunc(A);
   if (!(t >= -0x1p63 && t < 0x1p63))
      return false;
   uint64_t v = (uint64_t)(int64_t)t;
   r[0] = (uint32_t)v;
   r[1] = (uint32_t)(v >> 32);
   return true;
}
static bool r_d2u64(const uint64_t *in, uint32_t *r)
{
   double t = trunc(A);
   if (!(t >= 0 && t < 0x1p64))
      return false;
   uint64_t v = (uint64_t)t;
   r[0] = (uint32_t)v;
   r[1] = (uint32_t)(v >> 32);
   return true;
}
static bool
put64(uint32_t *r, uint64_t v)
{
   r[0] = (uint32_t)v;
   r[1] = (uint32_t)(v >> 32);
   return true;
}
static bool r_u64div(const uint64_t *in, uint32_t *r)
{
   return in[1] && put64(r, in[0] / in[1]);
}
static bool r_u64mod(const uint64_t *in, uint32_t *r)
{
   return in[1] && put64(r, in[0] % in[1]);
}
static bool
signed_defined(const uint64_t *in)
{
   return in[1] && !((int64_t)in[0] == INT64_MIN && (int64_t)in[1] == -1);
}
static bool r_i64div(const uint64_t *in, uint32_t *r)
{
   return signed_defined(in) &&
          put64(r, (uint64_t)((int64_t)in[0] / (int64_t)in[1]));
}
static bool r_i64mod(const uint64_t *in, uint32_t *r)
{
   return signed_defined(in) &&
          put64(r, (uint64_t)((int64_t)in[0] % (int64_t)in[1]));
}
static bool r_dldexp(const uint64_t *in, uint32_t *r)
{
   int32_t e = (int32_t)(uint32_t)in[1];
   e = e > 5000 ? 5000 : e < -5000 ? -5000 : e;
   return put(r, ldexp(A, e));
}
static bool r_dfrexp(const uint64_t *in, uint32_t *r)
{
   int e = 0;
   put(r, frexp(A, &e));
   r[2] = isfinite(A) ? (uint32_t)e : 0;
   return true;
}

static const struct op ops[] = {
   {"DADD", S_PAIR2, r_dadd, 0},     {"DMUL", S_PAIR2, r_dmul, 0},
   {"DADD_SAT", S_PAIR2, r_dadd_sat, 0},
   {"DMUL", S_PAIR2_MODS, r_dmul_mods, 0},
   {"DMAD", S_PAIR3, r_dmad, 0},     {"DFMA", S_PAIR3, r_dfma, 0},
   {"DMIN", S_PAIR2, r_dmin, 0},
   {"DMAX", S_PAIR2, r_dmax, 0},     {"DABS", S_PAIR1, r_dabs, 0},
   {"DNEG", S_PAIR1, r_dneg, 0},     {"DTRUNC", S_PAIR1, r_dtrunc, 0},
   {"DFLR", S_PAIR1, r_dflr, 0},     {"DCEIL", S_PAIR1, r_dceil, 0},
   {"DROUND", S_PAIR1, r_dround, 0}, {"DFRAC", S_PAIR1, r_dfrac, 0},
   {"DSSG", S_PAIR1, r_dssg, 0},     {"DSLT", S_CMP, r_dslt, 0},
   {"DSGE", S_CMP, r_dsge, 0},       {"DSEQ", S_CMP, r_dseq, 0},
   {"DSNE", S_CMP, r_dsne, 0},       {"F2D", S_WIDEN, r_f2d, 2},
   {"I2D", S_WIDEN, r_i2d, 1},       {"U2D", S_WIDEN, r_u2d, 1},
   {"D2F", S_NARROW, r_d2f, 0},      {"D2I", S_NARROW, r_d2i, 0},
   {"D2U", S_NARROW, r_d2u, 0},      {"I642D", S_PAIR1, r_i642d, 3},
   {"U642D", S_PAIR1, r_u642d, 3},   {"D2I64", S_PAIR1, r_d2i64, 0},
   {"D2U64", S_PAIR1, r_d2u64, 0},   {"DLDEXP", S_LDEXP, r_dldexp, 0},
   {"DFRACEXP", S_FREXP, r_dfrexp, 0}, {"DDIV", S_PAIR2, r_ddiv, 0},
   {"DRCP", S_PAIR1, r_drcp, 0},     {"DSQRT", S_PAIR1, r_dsqrt, 0},
   {"DRSQ", S_PAIR1, r_drsq, 0},     {"U64DIV", S_PAIR2, r_u64div, 4},
   {"I64DIV", S_PAIR2, r_i64div, 4}, {"U64MOD", S_PAIR2, r_u64mod, 4},
   {"I64MOD", S_PAIR2, r_i64mod, 4},
};

/* ---------------------------------------------------------------------
 * Operands
 */

static uint64_t
next(uint64_t *s)
{
   /* splitmix64 */
   uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

/* A significand pattern of `width` bits. */
static uint64_t
pattern(uint64_t *s, unsigned width)
{
   uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;
   uint64_t r = next(s);
   switch (r % 8) {
   case 0: return 0;
   case 1: return mask;
   case 2: return (1ull << (next(s) % width)) & mask;
   case 3: { /* a run of ones */
      unsigned a = next(s) % width, n = next(s) % width;
      uint64_t run = n >= 63 ? ~0ull : (1ull << (n + 1)) - 1;
      return (run << a) & mask;
   }
   case 4: return (next(s) >> (next(s) % 64)) & mask;
   case 5: return mask ^ ((1ull << (next(s) % width)) & mask);
   default: return next(s) & mask;
   }
}

static uint64_t
random_double(uint64_t *s)
{
   static const unsigned edges[] = {0, 1, 2, 3, 1021, 1022, 1023, 1024,
                                    1025, 2044, 2045, 2046, 2047};
   uint64_t r = next(s);
   unsigned e;
   switch (r % 6) {
   case 0: e = edges[next(s) % (sizeof(edges) / sizeof(edges[0]))]; break;
   case 1: e = 1023 - 70 + (unsigned)(next(s) % 140); break;
   case 2: e = (unsigned)(next(s) % 60); break;
   case 3: e = 2047 - (unsigned)(next(s) % 60); break;
   default: e = (unsigned)(next(s) % 2048); break;
   }
   uint64_t m = pattern(s, 52);
   return (r >> 63) << 63 | (uint64_t)e << 52 | m;
}

/* A second operand near `a`: a nearby exponent, either sign, a few
 * units in the last place away. */
static uint64_t
related(uint64_t *s, uint64_t a)
{
   uint64_t r = next(s);
   int64_t e = (int64_t)((a >> 52) & 0x7ff) + (int64_t)(r % 111) - 55;
   if (r & 0x100)
      e = (int64_t)((a >> 52) & 0x7ff) + (int64_t)((r >> 9) % 3) - 1;
   e = e < 0 ? 0 : e > 2047 ? 2047 : e;
   uint64_t m = a & 0xfffffffffffffull;
   m += (uint64_t)((int64_t)((r >> 16) % 9) - 4);
   if (r & 0x1000000)
      m = pattern(s, 52);
   uint64_t sign = (r & 0x2000000) ? (a >> 63) << 63 : ~a & (1ull << 63);
   return sign | (uint64_t)e << 52 | (m & 0xfffffffffffffull);
}

static uint64_t
random_int(uint64_t *s, unsigned width)
{
   static const uint64_t limits[] = {0, 1, 2, 0x7fffffff, 0x80000000,
                                     0xffffffff, 0x7fffffffffffffffull,
                                     0x8000000000000000ull, ~0ull};
   uint64_t r = next(s);
   uint64_t v = r % 4 == 0 ? limits[next(s) % 9] : pattern(s, width);
   if (r & 0x100)
      v = ~v + 1; /* negative */
   return width == 64 ? v : (uint32_t)v;
}

static void
operands(uint64_t *s, const struct op *op, uint64_t *in)
{
   if (op->input == 1 || op->input == 2) {
      in[0] = random_int(s, 32);
      if (op->input == 2 && next(s) % 2) /* a float near the edges */
         in[0] = (uint32_t)(bits((double)(float)dbl(random_double(s))) >> 32);
      in[1] = in[2] = 0;
      return;
   }
   if (op->input == 3 || op->input == 4) {
      in[0] = random_int(s, 64);
      in[1] = random_int(s, 64);
      if (next(s) % 2)
         in[1] >>= next(s) % 64;
      in[2] = 0;
      return;
   }
   in[0] = random_double(s);
   in[1] = next(s) % 2 ? related(s, in[0]) : random_double(s);
   in[2] = next(s) % 2 ? related(s, in[0]) : random_double(s);
   if (op->shape == S_PAIR3 && next(s) % 3 == 0) /* c near -(a * b) */
      in[2] = related(s, bits(-(dbl(in[0]) * dbl(in[1]))));
   if (op->shape == S_LDEXP) {
      int32_t e = (int32_t)(next(s) % 4400) - 2200;
      if (next(s) % 8 == 0)
         e = (int32_t)(uint32_t)next(s);
      in[1] = (uint32_t)e;
   }
   if (op->shape == S_NARROW && next(s) % 2) /* in range of the type */
      in[0] = bits((double)(int64_t)(next(s) >> (next(s) % 64)) *
                   (next(s) % 2 ? 1 : -1) / (double)(1 << (next(s) % 8)));
}

/* ---------------------------------------------------------------------
 * The shader and the run
 */

static void
op_line(const struct op *op, char *line, size_t n)
{
   static const char *const forms[] = {
      [S_PAIR1] = "%s TEMP[3].xy, TEMP[1].xyxy",
      [S_PAIR2] = "%s TEMP[3].xy, TEMP[1].xyxy, TEMP[1].zwzw",
      [S_PAIR3] = "%s TEMP[3].xy, TEMP[1].xyxy, TEMP[1].zwzw, TEMP[2].xyxy",
      [S_CMP] = "%s TEMP[3].x, TEMP[1].xyxy, TEMP[1].zwzw",
      [S_WIDEN] = "%s TEMP[3].xy, TEMP[1].xxxx",
      [S_NARROW] = "%s TEMP[3].x, TEMP[1].xyxy",
      [S_LDEXP] = "%s TEMP[3].xy, TEMP[1].xyxy, TEMP[1].zzzz",
      [S_FREXP] = "%s TEMP[3].xy, TEMP[4].x, TEMP[1].xyxy",
      /* Source modifiers work on the sign bit of a pair's high word. */
      [S_PAIR2_MODS] = "%s TEMP[3].xy, -TEMP[1].xyxy, -|TEMP[1].zwzw|",
   };
   snprintf(line, n, forms[op->shape], op->name);
}

/* A compute shader of SIM_LANES threads, each looping over `per_lane`
 * records (lane l takes records l, l + SIM_LANES, ...). */
static char *
shader_text(const struct op *op, unsigned per_lane)
{
   char line[128];
   op_line(op, line, sizeof(line));
   static char text[2048];
   snprintf(text, sizeof(text),
            "COMP\n"
            "PROPERTY CS_FIXED_BLOCK_WIDTH %u\n"
            "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
            "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
            "DCL SV[0], THREAD_ID\n"
            "DCL BUFFER[0]\n"
            "DCL TEMP[0..4]\n"
            "IMM[0] UINT32 {%u, 16, 24, 0}\n"
            "IMM[1] UINT32 {%u, %u, 0, 0}\n"
            "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[1].yyyy\n"
            "  1: BGNLOOP\n"
            "  2:   USGE TEMP[0].w, TEMP[0].xxxx, IMM[1].xxxx\n"
            "  3:   UIF TEMP[0].wwww\n"
            "  4:     BRK\n"
            "  5:   ENDIF\n"
            "  6:   LOAD TEMP[1], BUFFER[0], TEMP[0].xxxx\n"
            "  7:   UADD TEMP[0].y, TEMP[0].xxxx, IMM[0].yyyy\n"
            "  8:   LOAD TEMP[2].xy, BUFFER[0], TEMP[0].yyyy\n"
            "  9:   MOV TEMP[3], IMM[0].wwww\n"
            " 10:   %s\n"
            " 11:   UADD TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz\n"
            " 12:   STORE BUFFER[0].xy, TEMP[0].zzzz, TEMP[3].xyxy\n"
            " 13:   %s\n"
            " 14:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
            " 15: ENDLOOP\n"
            " 16: END\n",
            SIM_LANES, SIM_LANES * RECORD, per_lane * SIM_LANES * RECORD,
            RECORD, line,
            op->shape == S_FREXP ? "STORE BUFFER[0].x, TEMP[0].yyyy, "
                                   "TEMP[4].xxxx"
                                 : "NOP");
   return text;
}

static uint32_t
word_at(const uint8_t *p)
{
   uint32_t w;
   memcpy(&w, p, 4);
   return w;
}

/* Whether a NaN result may have any payload: an invalid operation's
 * default NaN (no NaN among the inputs) differs between CPUs, and so
 * does the host's choice between two NaNs (first_nan_wins then checks
 * tgsiva's own rule); one NaN in must come out with its payload, made
 * quiet. */
static bool
any_nan_payload(const struct op *op, const uint64_t *in)
{
   if (op->input != 0)
      return false;
   unsigned used = op->shape == S_PAIR3   ? 3
                   : op->shape == S_PAIR2 ? 2
                   : op->shape == S_PAIR2_MODS ? 2
                   : op->shape == S_CMP   ? 2
                                          : 1;
   unsigned nans = 0;
   for (unsigned i = 0; i < used; i++)
      nans += isnan(dbl(in[i]));
   /* Which of two NaNs a CPU returns depends on the order in which the
    * C compiler put the operands. */
   return nans != 1;
}

/* docs/doubles.md: of several NaN operands of an arithmetic opcode, the
 * first in operand order comes out, made quiet.  Sets *nan to it when
 * `op` is such an opcode with two or more NaN operands. */
static bool
first_nan_wins(const struct op *op, const uint64_t *in, uint64_t *nan)
{
   static const char *const arithmetic[] = {"DADD", "DMUL", "DDIV",
                                            "DMAD", "DFMA"};
   bool listed = false;
   for (unsigned k = 0; k < 5; k++)
      listed |= !strcmp(op->name, arithmetic[k]);
   if (!listed || (op->shape != S_PAIR2 && op->shape != S_PAIR3))
      return false;
   unsigned used = op->shape == S_PAIR3 ? 3 : 2, nans = 0, first = 0;
   for (unsigned i = used; i-- > 0;) {
      if (isnan(dbl(in[i]))) {
         nans++;
         first = i;
      }
   }
   *nan = in[first] | 0x0008000000000000ull;
   return nans >= 2;
}

static bool
same(const struct op *op, const uint64_t *in, const uint32_t *want,
     const uint8_t *rec)
{
   uint32_t got0 = word_at(rec + 24), got1 = word_at(rec + 28);
   bool narrow = op->shape == S_CMP || op->shape == S_NARROW;
   if (op->shape == S_FREXP && word_at(rec + 16) != want[2])
      return false;
   if (narrow && op->ref == r_d2f) {
      float w = bits_to_float(want[0]), g = bits_to_float(got0);
      if (isnan(w) && any_nan_payload(op, in))
         return isnan(g);
   }
   if (narrow)
      return got0 == want[0];
   uint64_t w = (uint64_t)want[1] << 32 | want[0];
   uint64_t g = (uint64_t)got1 << 32 | got0;
   bool int_result = op->input >= 3 || op->ref == r_d2i64 ||
                     op->ref == r_d2u64;
   uint64_t nan;
   if (!int_result && first_nan_wins(op, in, &nan))
      return g == nan;
   if (!int_result && isnan(dbl(w)) && any_nan_payload(op, in))
      return isnan(dbl(g));
   return w == g;
}

/* Runs `op` on n records; returns the count compared, or -1. */
static long
run_op(const struct op *op, unsigned n, uint64_t seed)
{
   unsigned per_lane = (n + SIM_LANES - 1) / SIM_LANES;
   n = per_lane * SIM_LANES;
   struct arena arena;
   arena_init(&arena, 0);
   long compared = -1;
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d;
   memset(&d, 0, sizeof(d));
   const char *text = shader_text(op, per_lane);
   struct run_programs p;
   if (!tgsi_parse_text(&arena, text, strlen(text), &s, &d) ||
       !run_compile(&arena, s, &p, &d)) {
      printf("%-9s does not compile: %s\n", op->name, d.message);
      goto out;
   }
   struct sim_env env;
   const uint32_t local[3] = {SIM_LANES, 1, 1};
   sim_env_init(&env, &arena, SIM_STAGE_COMPUTE, seed, local);
   sim_env_bind_buffer(&env, 0, n * RECORD);
   struct sim_region *buf = sim_memory_region(&env.memory,
                                              SIM_REGION_BUFFER, 0);
   uint64_t *in = arena_alloc(&arena, sizeof(uint64_t) * 3 * n);
   uint64_t rng = seed;
   for (unsigned i = 0; i < n; i++) {
      operands(&rng, op, &in[3 * i]);
      memcpy(buf->bytes + (size_t)i * RECORD, &in[3 * i], 24);
   }
   struct sim_outputs *out = ARENA_NEW(&arena, struct sim_outputs);
   struct sim_status st;
   struct sim_run_options o = {.step_limit = 4000ull * (per_lane + 1)};
   if (!sim_run_ex(&env, &p.layout, (enum sim_program_kind)p.kind[0],
                   p.words[0], p.word_count[0], out, &st, &o)) {
      printf("%-9s simulator: %s\n", op->name, st.message);
      goto out;
   }
   unsigned bad = 0;
   compared = 0;
   for (unsigned i = 0; i < n; i++) {
      uint32_t want[3] = {0, 0, 0};
      if (!op->ref(&in[3 * i], want))
         continue;
      compared++;
      const uint8_t *rec = buf->bytes + (size_t)i * RECORD;
      if (same(op, &in[3 * i], want, rec))
         continue;
      if (bad++ < 5)
         printf("%-9s %016llx %016llx %016llx: want %08x%08x got "
                "%08x%08x\n",
                op->name, (unsigned long long)in[3 * i],
                (unsigned long long)in[3 * i + 1],
                (unsigned long long)in[3 * i + 2], want[1], want[0],
                word_at(rec + 28), word_at(rec + 24));
   }
   /* The cost of the whole shader (docs/stats.md; the loop once). */
   struct va_stats stats;
   va_program_stats(p.words[0], p.word_count[0], &stats);
   printf("%-9s %ld compared, %u differ (%zu instructions, %.1f cycles)\n",
          op->name, compared, bad, p.word_count[0], stats.cycles);
   fflush(stdout);
   if (bad)
      compared = -1;
out:
   arena_finish(&arena);
   return compared;
}

int
main(int argc, char **argv)
{
   unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 50000;
   const char *only = argc > 2 ? argv[2] : NULL;
   unsigned failed = 0, run = 0;
   for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
      if (only && strcmp(only, ops[i].name))
         continue;
      run++;
      /* About half the conversions to integers are out of range. */
      bool partial = ops[i].shape == S_NARROW && ops[i].ref != r_d2f;
      partial |= ops[i].ref == r_d2i64 || ops[i].ref == r_d2u64;
      partial |= ops[i].input == 4;
      unsigned records = partial ? n / 2 * 5 : n;
      if (run_op(&ops[i], records, 0x5eed0000u + i) < 0)
         failed++;
   }
   printf("%u opcodes, %u passed, %u failed\n", run, run - failed, failed);
   return failed || !run ? 1 : 0;
}
