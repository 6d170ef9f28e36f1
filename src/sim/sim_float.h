/* SPDX-License-Identifier: MIT */
/*
 * IEEE-754 binary32 and binary16 arithmetic as the Valhall ALUs do it,
 * independent of the host's floating-point environment (rules in
 * sim_float.c).  Round modes are enum va_round_mode values (rte, rtp,
 * rtn, rtz); clamps are enum va_clamp values.
 */
#ifndef TGSIVA_SIM_SIM_FLOAT_H
#define TGSIVA_SIM_SIM_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/bits.h"

#define SIM_F32_NAN 0x7FC00000u /* the NaN every operation returns */
#define SIM_F16_NAN 0x7E00u

double sim_f16_to_f64(uint16_t h);
/* Rounds a double to the nearest binary32 / binary16 value in `round`
 * mode, with subnormals and overflow (to infinity or the largest finite
 * value, as the mode says); NaN becomes the canonical NaN. */
uint32_t sim_f64_to_f32(double x, unsigned round);
uint16_t sim_f64_to_f16(double x, unsigned round);
/* x rounded to an integral value in `round` mode. */
double sim_round_integral(double x, unsigned round);

/* a + b and a * b + c, rounded once: an exact double, or one rounded to
 * odd, which rounds correctly again to either format. */
double sim_sum_odd(double a, double b);
double sim_fma_odd(double a, double b, double c);

/* Float to integer, rounded in `round` mode and saturated to
 * [lo, hi]; NaN gives 0. */
int64_t sim_f64_to_int(double x, unsigned round, int64_t lo, int64_t hi);

/* min/max: the other operand if one is NaN, -0 < +0. */
double sim_fmin(double a, double b);
double sim_fmax(double a, double b);
/* The Clamp modifier on a result. */
double sim_clamp(double x, unsigned clamp);

/* binary32 / binary16 results of a double: clamp, round, NaN made
 * canonical. */
uint32_t sim_result_f32(double x, unsigned clamp);
uint16_t sim_result_f16(double x, unsigned clamp);

#endif
