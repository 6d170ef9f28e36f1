/* SPDX-License-Identifier: MIT */
/*
 * IEEE-754 arithmetic for the simulated ALUs, computed in doubles but
 * never relying on the host's rounding mode or fused operations.
 *
 * 1. Every binary32 and binary16 operand is exact in a double.  A product
 *    of two is exact too (24 + 24 bits).  A sum is made exact or
 *    "rounded to odd" (truncated, with the last bit set when inexact):
 *    such a double, with 53 >= p + 2 bits, rounds to the p-bit format
 *    exactly as the infinitely precise value would.  So FADD and FMA
 *    round once, as the ISA's fused operations do.
 * 2. Rounding to a format is done by scaling to an integer of the
 *    format's quantum and rounding that integer in the given mode, so all
 *    four modes, subnormals (kept, never flushed: Valhall preserves
 *    denormals unless a shader asks otherwise) and overflow follow
 *    IEEE-754: round to nearest and the directed mode away from the
 *    result's sign overflow to infinity, the others to the largest finite
 *    value.
 * 3. NaN results are the canonical quiet NaN (0x7FC00000, 0x7E00): the
 *    hardware's payload propagation is not modelled.
 * 4. min/max follow the Clamp enum of valhall-isa.xml: a NaN operand
 *    loses to the other operand, and -0 < +0, so clamp(NaN, 0, 1) = +0
 *    and clamp(-0, 0, 1) = +0.
 */
#include "sim_float.h"

#include <math.h>
#include <string.h>

#include "emit/va_isa.h"
#include "util/bits.h"

double
sim_f16_to_f64(uint16_t h)
{
   int sign = h >> 15, exp = (h >> 10) & 0x1F, man = h & 0x3FF;
   double v;
   if (exp == 0x1F)
      v = man ? NAN : INFINITY;
   else if (exp == 0)
      v = ldexp(man, -24);
   else
      v = ldexp(man | 0x400, exp - 25);
   return sign ? -v : v;
}

double
sim_round_integral(double x, unsigned round)
{
   if (!isfinite(x) || fabs(x) >= 4503599627370496.0) /* 2^52 */
      return x;
   double lo = floor(x), frac = x - lo, r;
   switch (round) {
   case VA_ROUND_MODE_RTP: r = frac > 0 ? lo + 1 : lo; break;
   case VA_ROUND_MODE_RTN: r = lo; break;
   case VA_ROUND_MODE_RTZ: r = x < 0 && frac > 0 ? lo + 1 : lo; break;
   default:
      if (frac > 0.5 || (frac == 0.5 && fmod(lo, 2.0) != 0))
         r = lo + 1;
      else
         r = lo;
      break;
   }
   /* Keep the sign of zero results (-0.25 rounds to -0). */
   return r == 0 ? copysign(0.0, x) : r;
}

/* x rounded to `precision` significant bits with minimum normal exponent
 * `emin` (the quantum never gets smaller than 2^(emin - precision + 1)),
 * or +-INFINITY / +-max when it exceeds `max`. */
static double
round_to_format(double x, int precision, int emin, double max, unsigned round)
{
   if (x == 0 || !isfinite(x))
      return x;
   int e;
   frexp(x, &e); /* |x| in [2^(e-1), 2^e) */
   int q = (e - 1 < emin ? emin : e - 1) - (precision - 1);
   double n = sim_round_integral(ldexp(x, -q), round);
   double r = ldexp(n, q);
   if (fabs(r) > max) {
      bool up = round == VA_ROUND_MODE_RTE ||
                (round == VA_ROUND_MODE_RTP && x > 0) ||
                (round == VA_ROUND_MODE_RTN && x < 0);
      return copysign(up ? INFINITY : max, x);
   }
   return r == 0 ? copysign(0.0, x) : r;
}

uint32_t
sim_f64_to_f32(double x, unsigned round)
{
   if (isnan(x))
      return SIM_F32_NAN;
   return float_to_bits(
       (float)round_to_format(x, 24, -126, 0x1.fffffep127, round));
}

uint16_t
sim_f64_to_f16(double x, unsigned round)
{
   if (isnan(x))
      return SIM_F16_NAN;
   double r = round_to_format(x, 11, -14, 65504.0, round);
   uint16_t sign = signbit(r) ? 0x8000 : 0;
   r = fabs(r);
   if (isinf(r))
      return sign | 0x7C00;
   if (r < ldexp(1, -14))
      return sign | (uint16_t)ldexp(r, 24);
   int e;
   double m = frexp(r, &e); /* r = m * 2^e, m in [0.5, 1) */
   uint16_t man = (uint16_t)(ldexp(m, 11) - 1024);
   return sign | (uint16_t)((e - 1 + 15) << 10) | man;
}

/* The double nearest to zero of the two around a + b + err, with its last
 * bit set: a + b "rounded to odd". */
static double
make_odd(double s, double err)
{
   if (err == 0)
      return s;
   if ((s > 0) != (err > 0))
      s = nextafter(s, 0.0);
   return bits_to_double(double_to_bits(s) | 1);
}

double
sim_sum_odd(double a, double b)
{
   double s = a + b;
   if (!isfinite(s) || !isfinite(a) || !isfinite(b))
      return s;
   /* TwoSum: err is exactly (a + b) - s. */
   double bb = s - a;
   double err = (a - (s - bb)) + (b - bb);
   return make_odd(s, err);
}

double
sim_fma_odd(double a, double b, double c)
{
   return sim_sum_odd(a * b, c);
}

int64_t
sim_f64_to_int(double x, unsigned round, int64_t lo, int64_t hi)
{
   if (isnan(x))
      return 0;
   double r = sim_round_integral(x, round);
   if (r <= (double)lo)
      return lo;
   if (r >= (double)hi)
      return hi;
   return (int64_t)r;
}

double
sim_fmin(double a, double b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   if (a == b)
      return signbit(a) ? a : b;
   return a < b ? a : b;
}

double
sim_fmax(double a, double b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   if (a == b)
      return signbit(a) ? b : a;
   return a > b ? a : b;
}

double
sim_clamp(double x, unsigned clamp)
{
   switch (clamp) {
   case VA_CLAMP_CLAMP_0_INF: return sim_fmax(x, 0.0);
   case VA_CLAMP_CLAMP_M1_1: return sim_fmin(sim_fmax(x, -1.0), 1.0);
   case VA_CLAMP_CLAMP_0_1: return sim_fmin(sim_fmax(x, 0.0), 1.0);
   default: return x;
   }
}

/* The clamp applies to the rounded result (clamping first and rounding
 * after is the same: the bounds are representable). */
uint32_t
sim_result_f32(double x, unsigned clamp)
{
   uint32_t r = sim_f64_to_f32(x, VA_ROUND_MODE_RTE);
   if (clamp == VA_CLAMP_NONE)
      return r;
   return sim_f64_to_f32(sim_clamp(bits_to_float(r), clamp), VA_ROUND_MODE_RTE);
}

uint16_t
sim_result_f16(double x, unsigned clamp)
{
   uint16_t r = sim_f64_to_f16(x, VA_ROUND_MODE_RTE);
   if (clamp == VA_CLAMP_NONE)
      return r;
   return sim_f64_to_f16(sim_clamp(sim_f16_to_f64(r), clamp),
                         VA_ROUND_MODE_RTE);
}
