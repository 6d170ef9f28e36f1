/* SPDX-License-Identifier: MIT */
/*
 * Special-function forms: reciprocals, the pieces of Mesa's exp2, log2,
 * sin and cos sequences, exponent scaling and the cube map helpers.  The
 * XML gives their roles, not their tables; this model is exact where the
 * operation is, and otherwise deterministic and at least as precise as
 * the sequences need (Mesa's lowerings in bifrost_compile.c show how the
 * pieces fit together).
 *
 * 1. FRCP and FRSQ: 1/x and 1/sqrt(x) computed in double and rounded
 *    once to the destination format: FRCP is correctly rounded, FRSQ
 *    within an ulp (in practice correctly rounded).  Specials per IEEE:
 *    1/+-0 = +-inf, 1/sqrt(-x) = NaN, 1/sqrt(+inf) = +0.
 * 2. FREXPM/FREXPE: x = m * 2^e with m in [0.5, 1) (frexp); with .log,
 *    m in [0.75, 1.5), the reduction of Mesa's log2.  Zero, infinity
 *    and NaN give m = x, e = 0.  .sqrt is refused: its range is not
 *    documented.
 * 3. log2(x) = e + (m - 1) * FLOGD(x): FADD_LSCALE(a, x) = a + m (the .log
 *    mantissa) and FLOGD(x) = log2(m) / (m - 1), 1/ln 2 at m = 1, both
 *    rounded to binary32; FLOGD(+-0) = +inf, FLOGD(x < 0) = NaN,
 *    FLOGD(+inf) = +inf, so the sequence gives -inf, NaN, +inf there.
 * 4. FEXP(f, x): 2^(f / 2^24) for the 8:24 fixed-point f, correctly
 *    rounded; x (the float the fixed point came from, x * 2^24) decides
 *    the special cases: NaN gives NaN, and once |x| >= 2^31 (where the
 *    conversion to fixed point saturated) the result is 2^(x / 2^24):
 *    +inf or a value rounding to 0 or a subnormal.
 * 5. FSIN_TABLE.u6 / FCOS_TABLE.u6: sin / cos of k * pi/32 for the low 6
 *    bits k of the source, correctly rounded to binary32.
 * 6. LDEXP(a, b) = a * 2^b rounded in the round mode (exact unless it
 *    under- or overflows); FMA_RSCALE(a, b, c, d) = (a * b + c rounded)
 *    then * 2^d rounded, as FMA followed by LDEXP; .n takes a * b as 0
 *    when a or b is 0, .left takes it as a; .scale16 reads d as 16 bits.
 * 7. Cube maps: CUBEFACE1 is max(|x|, |y|, |z|); CUBEFACE2 the face
 *    (+x, -x, +y, -y, +z, -z as 0-5) shifted to bits 29-31, the major
 *    axis chosen x first, then y, then z on ties, like sim_env's sampler;
 *    CUBE_SSEL / CUBE_TSEL the OpenGL s / t numerators of that face.
 */
#include "sim_alu.h"

#include <math.h>

#include "sim_float.h"

#define PI 3.14159265358979323846

/* 1 / x or 1 / sqrt(x) of a source lane. */
static double
reciprocal(double x, bool sqrt_too)
{
   if (sqrt_too)
      return x < 0 ? NAN : x == 0 ? copysign(INFINITY, x) : 1.0 / sqrt(x);
   return 1.0 / x;
}

static uint64_t
unary_float(const struct sim_alu *a, bool sqrt_too)
{
   if (a->op->bits == 32)
      return sim_result_f32(reciprocal(sim_alu_f32(a, 0), sqrt_too), 0);
   return sim_result_f16(reciprocal(sim_alu_f16(a, 0, 0), sqrt_too), 0);
}

uint64_t
sim_alu_frcp(const struct sim_alu *a)
{
   return unary_float(a, false);
}

uint64_t
sim_alu_frsq(const struct sim_alu *a)
{
   return unary_float(a, true);
}

/* Rule 2: the mantissa and exponent of x. */
static double
split(double x, bool log, int *e)
{
   *e = 0;
   if (x == 0 || !isfinite(x))
      return x;
   double m = frexp(x, e);
   if (log && fabs(m) < 0.75) {
      m *= 2;
      (*e)--;
   }
   return m;
}

static bool
reduction_known(const struct sim_alu *a)
{
   if (a->I->mod[VA_MOD_SQRT] != 1)
      return true;
   sim_alu_fail(a, "the .sqrt reduction of FREXP is not modelled");
   return false;
}

uint64_t
sim_alu_frexp(const struct sim_alu *a)
{
   bool log = a->I->mod[VA_MOD_LOG] == 1, exponent = a->op->param;
   if (!reduction_known(a))
      return 0;
   int e;
   if (a->op->bits == 32) {
      double m = split(sim_alu_f32(a, 0), log, &e);
      return exponent ? (uint32_t)e : sim_result_f32(m, 0);
   }
   uint32_t r = 0;
   for (unsigned l = 0; l < 2; l++) {
      double m = split(sim_alu_f16(a, 0, l), log, &e);
      uint32_t v = exponent ? (uint16_t)e : sim_result_f16(m, 0);
      r |= v << (16 * l);
   }
   return r;
}

uint64_t
sim_alu_flogd(const struct sim_alu *a)
{
   double x = sim_alu_f32(a, 0), r;
   int e;
   if (isnan(x) || x < 0)
      r = NAN;
   else if (x == 0 || isinf(x))
      r = INFINITY;
   else {
      double m = split(x, true, &e);
      r = m == 1 ? 1 / log(2.0) : log2(m) / (m - 1);
   }
   return sim_result_f32(r, 0);
}

uint64_t
sim_alu_fadd_lscale(const struct sim_alu *a)
{
   int e;
   double m = split(sim_alu_f32(a, 1), true, &e);
   return sim_result_f32(sim_sum_odd(sim_alu_f32(a, 0), m),
                         (unsigned)a->I->mod[VA_MOD_CLAMP]);
}

uint64_t
sim_alu_fexp(const struct sim_alu *a)
{
   int32_t fixed = (int32_t)(uint32_t)a->raw[0];
   double x = sim_alu_f32(a, 1), r;
   if (isnan(x))
      r = NAN;
   else if (fabs(x) >= 2147483648.0)
      r = exp2(fmax(fmin(ldexp(x, -24), 1024.0), -1100.0));
   else
      r = exp2(ldexp((double)fixed, -24));
   return sim_result_f32(r, (unsigned)a->I->mod[VA_MOD_CLAMP]);
}

uint64_t
sim_alu_trig_table(const struct sim_alu *a)
{
   double k = (double)(a->raw[0] & 63) * (PI / 32);
   return sim_result_f32(a->op->param ? cos(k) : sin(k), 0);
}

static int
scale_exponent(int64_t d)
{
   /* Beyond +-400 every binary32 or binary16 is already infinite or 0. */
   return d > 400 ? 400 : d < -400 ? -400 : (int)d;
}

uint64_t
sim_alu_ldexp(const struct sim_alu *a)
{
   int8_t m = a->I->mod[VA_MOD_ROUND_MODE];
   unsigned round = m == VA_MOD_UNSET ? VA_ROUND_MODE_RTE : (unsigned)m;
   if (a->op->bits == 32) {
      int e = scale_exponent((int32_t)(uint32_t)a->raw[1]);
      return sim_f64_to_f32(ldexp(sim_alu_f32(a, 0), e), round);
   }
   uint32_t r = 0;
   for (unsigned l = 0; l < 2; l++) {
      int e = scale_exponent((int16_t)(a->raw[1] >> (16 * l)));
      r |= (uint32_t)sim_f64_to_f16(ldexp(sim_alu_f16(a, 0, l), e), round)
           << (16 * l);
   }
   return r;
}

uint64_t
sim_alu_fma_rscale(const struct sim_alu *a)
{
   double x = sim_alu_f32(a, 0), y = sim_alu_f32(a, 1), c = sim_alu_f32(a, 2);
   int64_t d =
       a->op->param == 3 ? (int16_t)a->raw[3] : (int32_t)(uint32_t)a->raw[3];
   double fma;
   if (a->op->param == 1 && (x == 0 || y == 0))
      fma = sim_sum_odd(copysign(0.0, x) * copysign(1.0, y), c);
   else if (a->op->param == 2 && (x == 0 || y == 0))
      fma = sim_sum_odd(x, c);
   else
      fma = sim_fma_odd(x, y, c);
   double rounded = bits_to_float(sim_f64_to_f32(fma, VA_ROUND_MODE_RTE));
   return sim_result_f32(ldexp(rounded, scale_exponent(d)),
                         (unsigned)a->I->mod[VA_MOD_CLAMP]);
}

uint64_t
sim_alu_cubeface1(const struct sim_alu *a)
{
   double x = fabs(sim_alu_f32(a, 0)), y = fabs(sim_alu_f32(a, 1));
   double z = fabs(sim_alu_f32(a, 2));
   return sim_result_f32(sim_fmax(sim_fmax(x, y), z), 0);
}

uint64_t
sim_alu_cubeface2(const struct sim_alu *a)
{
   double d[3] = {sim_alu_f32(a, 0), sim_alu_f32(a, 1), sim_alu_f32(a, 2)};
   double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]);
   unsigned axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
   unsigned face = 2 * axis + (d[axis] >= 0 ? 0 : 1);
   return (uint32_t)face << 29;
}

/* CUBE_SSEL(z, x, face) and CUBE_TSEL(y, z, face): which source, and
 * its sign, gives the coordinate of each face. */
static const struct {
   uint8_t src;
   int8_t sign;
} cube_select[2][6] = {
    {{0, -1}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, -1}},    /* s: z, x */
    {{0, -1}, {0, -1}, {1, 1}, {1, -1}, {0, -1}, {0, -1}}, /* t: y, z */
};

uint64_t
sim_alu_cube_sel(const struct sim_alu *a)
{
   unsigned face = (uint32_t)a->raw[2] >> 29;
   if (face > 5)
      return sim_alu_fail(a, "cube face %u", face);
   unsigned src = cube_select[a->op->param][face].src;
   return sim_result_f32(
       cube_select[a->op->param][face].sign * sim_alu_f32(a, src), 0);
}
