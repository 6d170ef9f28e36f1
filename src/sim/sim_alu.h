/* SPDX-License-Identifier: MIT */
/*
 * The ALU forms of the simulator: one table row per form (sim_alu.c)
 * naming a function that computes one lane's result from the raw source
 * values.  The functions live in sim_alu.c (floating point and
 * conversions), sim_alu_int.c (integer, bitwise, compares, lanes) and
 * sim_sfu.c (special functions and cube maps).
 */
#ifndef TGSIVA_SIM_SIM_ALU_H
#define TGSIVA_SIM_SIM_ALU_H

#include "sim_internal.h"

struct sim_alu_op;

/* One lane of one ALU instruction. */
struct sim_alu {
   struct sim_warp *w;
   const struct va_instr *I;
   const struct sim_alu_op *op;
   unsigned lane;
   uint64_t raw[VA_MAX_SRCS]; /* sources as read, no swizzle applied */
};

/* The lane's result: 32 bits, or 64 for a 64-bit destination. */
typedef uint64_t (*sim_alu_fn)(const struct sim_alu *a);

#define ALU_SIGNED 1u       /* signed lanes: sign-extension, saturation */
#define ALU_FLOAT_RESULT 2u /* a binary32 result: no half destination */

struct sim_alu_op {
   sim_alu_fn fn;
   uint8_t bits;  /* lane size: 8, 16, 32 or 64 */
   uint8_t flags; /* ALU_* */
   uint8_t param; /* what the function needs to tell forms apart */
};

/* An ALU error: records it and returns 0. */
uint64_t sim_alu_fail(const struct sim_alu *a, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* A 32-bit float source (after widening a half, .abs, .neg). */
double sim_alu_f32(const struct sim_alu *a, unsigned i);
/* 16-bit float lane `lane` (0 or 1) of a source, after its swizzle. */
double sim_alu_f16(const struct sim_alu *a, unsigned i, unsigned lane);
/* Integer lane `lane` of `bits` bits of a source after its swizzle or
 * widening (sign- or zero-extended to `bits`) and .not; the low `bits`
 * bits. */
uint64_t sim_alu_int(const struct sim_alu *a, unsigned i, unsigned lane,
                     unsigned bits, bool sign);

/* Lane count of an operation on `bits`-bit lanes of a 32-bit register
 * (one for 32 and 64). */
static inline unsigned
sim_lane_count(unsigned bits)
{
   return bits < 32 ? 32 / bits : 1;
}

/* sim_alu.c: floating point and conversions. */
uint64_t sim_alu_fadd(const struct sim_alu *a);
uint64_t sim_alu_fminmax(const struct sim_alu *a);
uint64_t sim_alu_fma(const struct sim_alu *a);
uint64_t sim_alu_fadd_imm(const struct sim_alu *a);
uint64_t sim_alu_fcmp(const struct sim_alu *a);
uint64_t sim_alu_fcsel(const struct sim_alu *a);
uint64_t sim_alu_fround(const struct sim_alu *a);
uint64_t sim_alu_int_to_float(const struct sim_alu *a);
uint64_t sim_alu_float_to_int(const struct sim_alu *a);
uint64_t sim_alu_int_to_int(const struct sim_alu *a);
uint64_t sim_alu_f16_to_f32(const struct sim_alu *a);
uint64_t sim_alu_v2f32_to_v2f16(const struct sim_alu *a);

/* sim_alu_int.c */
uint64_t sim_alu_mov(const struct sim_alu *a);
uint64_t sim_alu_iadd(const struct sim_alu *a);
uint64_t sim_alu_iadd_imm(const struct sim_alu *a);
uint64_t sim_alu_imul(const struct sim_alu *a);
uint64_t sim_alu_imuld(const struct sim_alu *a);
uint64_t sim_alu_hadd(const struct sim_alu *a);
uint64_t sim_alu_shaddx(const struct sim_alu *a);
uint64_t sim_alu_mkvec_v2i16(const struct sim_alu *a);
uint64_t sim_alu_mkvec_v2i8(const struct sim_alu *a);
uint64_t sim_alu_shift(const struct sim_alu *a);
uint64_t sim_alu_mux(const struct sim_alu *a);
uint64_t sim_alu_icmp(const struct sim_alu *a);
uint64_t sim_alu_icsel(const struct sim_alu *a);
uint64_t sim_alu_unary(const struct sim_alu *a);
uint64_t sim_alu_idp(const struct sim_alu *a);
uint64_t sim_alu_clper(const struct sim_alu *a);
uint64_t sim_alu_wmask(const struct sim_alu *a);
/* The result type of a compare for a lane of `bits` bits. */
uint64_t sim_alu_bool(const struct sim_alu *a, bool v, unsigned bits);
/* A compare's condition on ordered operands (-1, 0, 1) or unordered. */
bool sim_alu_condition(unsigned cond, int order, bool unordered);

/* sim_sfu.c */
uint64_t sim_alu_frcp(const struct sim_alu *a);
uint64_t sim_alu_frsq(const struct sim_alu *a);
uint64_t sim_alu_frexp(const struct sim_alu *a);
uint64_t sim_alu_flogd(const struct sim_alu *a);
uint64_t sim_alu_fadd_lscale(const struct sim_alu *a);
uint64_t sim_alu_fexp(const struct sim_alu *a);
uint64_t sim_alu_trig_table(const struct sim_alu *a);
uint64_t sim_alu_ldexp(const struct sim_alu *a);
uint64_t sim_alu_fma_rscale(const struct sim_alu *a);
uint64_t sim_alu_cubeface1(const struct sim_alu *a);
uint64_t sim_alu_cubeface2(const struct sim_alu *a);
uint64_t sim_alu_cube_sel(const struct sim_alu *a);

#endif
