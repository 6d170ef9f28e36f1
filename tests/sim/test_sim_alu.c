/* SPDX-License-Identifier: MIT */
/*
 * ALU semantics of the Valhall simulator, one instruction at a time on
 * chosen registers, with hand-computed results: IEEE-754 rounding, NaN,
 * infinities, signed zeros, subnormals, clamps, source modifiers and
 * swizzles, compares and their result types, conversions at and beyond
 * their range, shifts, lanes and the special-function helpers.
 */
#include <math.h>

#include "sim/sim_internal.h"
#include "sim_test.h"

#define F32_ONE 0x3F800000u
#define F32_NAN 0x7FC00000u
#define F32_INF 0x7F800000u
#define F32_NINF 0xFF800000u
#define F32_NZERO 0x80000000u

/* Runs `line` (then `end`) with r1, r2, r3 set in every lane; returns lane
 * 0's r0. */
static uint32_t
alu(const char *line, uint32_t a, uint32_t b, uint32_t c)
{
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_set(t, 1, a);
   sim_test_set(t, 2, b);
   sim_test_set(t, 3, c);
   char text[256];
   snprintf(text, sizeof(text), "%s\nNOP.end\n", line);
   SIM_RUN(t, text);
   uint32_t r = t->final[0][0];
   sim_test_free(t);
   return r;
}

static uint32_t
alu_f(const char *line, float a, float b, float c)
{
   return alu(line, sim_test_u(a), sim_test_u(b), sim_test_u(c));
}

static void
test_fadd_rounding_and_specials(void **state)
{
   (void)state;
   const char *add = "FADD.f32 r0, r1, r2";
   assert_int_equal(alu_f(add, 1.5f, 2.25f, 0), sim_test_u(3.75f));
   /* 1 + 2^-24 is halfway between 1 and 1 + 2^-23: to even, 1. */
   assert_int_equal(alu_f(add, 1.0f, 0x1p-24f, 0), F32_ONE);
   /* 1 + 3 * 2^-24 is halfway between odd and even: up to 1 + 2^-22. */
   assert_int_equal(alu_f(add, 1.0f, 0x3p-24f, 0), sim_test_u(1 + 0x1p-22f));
   assert_int_equal(alu(add, F32_NZERO, F32_NZERO, 0), F32_NZERO);
   assert_int_equal(alu(add, F32_NZERO, 0, 0), 0);
   assert_int_equal(alu(add, F32_INF, F32_NINF, 0), F32_NAN);
   assert_int_equal(alu(add, 0x7FC12345u, F32_ONE, 0), F32_NAN);
   assert_int_equal(alu(add, 0x7F7FFFFFu, 0x7F7FFFFFu, 0), F32_INF);
   /* Subnormals are kept, not flushed. */
   assert_int_equal(alu(add, 1, 1, 0), 2);
   assert_int_equal(alu(add, 0x00800000u, 0x80000001u, 0), 0x007FFFFFu);
}

static void
test_source_modifiers(void **state)
{
   (void)state;
   assert_int_equal(alu_f("FADD.f32 r0, r1, r2.neg", 1.0f, 3.0f, 0),
                    sim_test_u(-2.0f));
   assert_int_equal(alu_f("FADD.f32 r0, r1.abs, r2", -1.0f, 3.0f, 0),
                    sim_test_u(4.0f));
   assert_int_equal(alu_f("FADD.f32 r0, r1, r2.neg.abs", 1.0f, 3.0f, 0),
                    sim_test_u(-2.0f));
   /* .h0 / .h1 widen a binary16 half (0x3C00 = 1.0, 0xC000 = -2.0). */
   assert_int_equal(alu("FADD.f32 r0, r1, r2.h1", F32_ONE, 0xC0003C00u, 0),
                    sim_test_u(-1.0f));
   assert_int_equal(alu("FADD.f32 r0, r1, r2.h0", F32_ONE, 0xC0003C00u, 0),
                    sim_test_u(2.0f));
   /* The immediate table: 0x38000000.h1 is binary16 0.5. */
   assert_int_equal(alu_f("FMA.f32 r0, r1, 0x38000000.h1, 0x0.neg", 3.0f, 0, 0),
                    sim_test_u(1.5f));
}

static void
test_clamps(void **state)
{
   (void)state;
   const char *c01 = "FADD.f32.clamp_0_1 r0, r1, r2";
   const char *cm11 = "FADD.f32.clamp_m1_1 r0, r1, r2";
   const char *c0inf = "FADD.f32.clamp_0_inf r0, r1, r2";
   assert_int_equal(alu_f(c01, 0.75f, 0.5f, 0), F32_ONE);
   assert_int_equal(alu(c01, F32_NAN, 0, 0), 0);           /* NaN -> +0 */
   assert_int_equal(alu(c01, F32_NZERO, F32_NZERO, 0), 0); /* -0 -> +0 */
   assert_int_equal(alu(cm11, F32_NAN, 0, 0), sim_test_u(-1.0f));
   assert_int_equal(alu(cm11, F32_NZERO, F32_NZERO, 0), F32_NZERO);
   assert_int_equal(alu_f(cm11, -3.0f, 0, 0), sim_test_u(-1.0f));
   assert_int_equal(alu(c0inf, F32_INF, 0, 0), F32_INF);
   assert_int_equal(alu_f(c0inf, -5.0f, 0, 0), 0);
}

static void
test_fma_is_fused(void **state)
{
   (void)state;
   /* (1 + 2^-12)(1 - 2^-12) - 1 = -2^-24 exactly; unfused it is 0. */
   assert_int_equal(
       alu_f("FMA.f32 r0, r1, r2, r3", 1 + 0x1p-12f, 1 - 0x1p-12f, -1.0f),
       sim_test_u(-0x1p-24f));
   /* 0 * inf is NaN, even with a finite addend. */
   assert_int_equal(alu("FMA.f32 r0, r1, r2, r3", 0, F32_INF, F32_ONE),
                    F32_NAN);
   /* x * 1 + -0 keeps -0 */
   assert_int_equal(
       alu("FMA.f32 r0, r1, r2, r3", F32_NZERO, F32_ONE, F32_NZERO), F32_NZERO);
}

static void
test_min_max(void **state)
{
   (void)state;
   assert_int_equal(alu("FMIN.f32 r0, r1, r2", F32_NAN, F32_ONE, 0), F32_ONE);
   assert_int_equal(alu("FMAX.f32 r0, r1, r2", F32_ONE, F32_NAN, 0), F32_ONE);
   assert_int_equal(alu("FMAX.f32 r0, r1, r2", F32_NAN, F32_NAN, 0), F32_NAN);
   assert_int_equal(alu("FMIN.f32 r0, r1, r2", 0, F32_NZERO, 0), F32_NZERO);
   assert_int_equal(alu("FMAX.f32 r0, r1, r2", F32_NZERO, 0, 0), 0);
   assert_int_equal(alu_f("FMAX.f32 r0, r1, r2", -2.0f, -3.0f, 0),
                    sim_test_u(-2.0f));
}

static void
test_binary16(void **state)
{
   (void)state;
   /* (1.0, 2.0) + swapped (3.0, 0.5) */
   assert_int_equal(
       alu("FADD.v2f16 r0, r1, r2.h10", 0x40003C00u, 0x42003800u, 0),
       0x41004400u); /* (1 + 3, 2 + 0.5) = (4.0, 2.5) */
   /* 65504 + 16 = 65520 rounds to infinity; -0 + -0 stays -0 */
   assert_int_equal(alu("FADD.v2f16 r0, r1, r2", 0x80007BFFu, 0x80004C00u, 0),
                    0x80007C00u);
   /* h00 replicates the low half */
   assert_int_equal(
       alu("FMA.v2f16 r0, r1.h00, r2, 0x0.neg", 0x00004000u, 0x3C003800u, 0),
       0x40003C00u);
   assert_int_equal(
       alu("V2F32_TO_V2F16 r0, r1, r2", F32_ONE, sim_test_u(65520.0f), 0),
       0x7C003C00u);
   assert_int_equal(
       alu("V2F32_TO_V2F16.rtz r0, r1, r2", F32_ONE, sim_test_u(65520.0f), 0),
       0x7BFF3C00u);
   /* binary16 subnormal: 2^-24 */
   assert_int_equal(alu("F16_TO_F32 r0, r1.h1", 0x00010000u, 0, 0),
                    sim_test_u(0x1p-24f));
}

static void
test_float_to_int(void **state)
{
   (void)state;
   assert_int_equal(alu_f("F32_TO_S32.rtz r0, r1", -2.7f, 0, 0), (uint32_t)-2);
   assert_int_equal(alu_f("F32_TO_S32 r0, r1", 2.5f, 0, 0), 2);
   assert_int_equal(alu_f("F32_TO_S32 r0, r1", 3.5f, 0, 0), 4);
   assert_int_equal(alu_f("F32_TO_S32.rtn r0, r1", -0.5f, 0, 0), (uint32_t)-1);
   assert_int_equal(alu_f("F32_TO_S32.rtp r0, r1", 0.25f, 0, 0), 1);
   assert_int_equal(alu_f("F32_TO_S32 r0, r1", 3e9f, 0, 0), 0x7FFFFFFF);
   assert_int_equal(alu_f("F32_TO_S32 r0, r1", -3e9f, 0, 0), 0x80000000u);
   assert_int_equal(alu("F32_TO_S32 r0, r1", F32_NAN, 0, 0), 0);
   assert_int_equal(alu("F32_TO_S32 r0, r1", F32_NINF, 0, 0), 0x80000000u);
   assert_int_equal(alu_f("F32_TO_U32 r0, r1", -1.0f, 0, 0), 0);
   assert_int_equal(alu_f("F32_TO_U32 r0, r1", 5e9f, 0, 0), 0xFFFFFFFFu);
   assert_int_equal(alu_f("F32_TO_S32.rtz r0, r1.neg", 7.9f, 0, 0),
                    (uint32_t)-7);
   /* (-1.5, 70000) in binary16 pairs: 70000 is inf there -> 32767 */
   assert_int_equal(alu("V2F16_TO_V2S16.rtz r0, r1", 0x7C00BE00u, 0, 0),
                    0x7FFFFFFFu);
}

static void
test_int_to_float(void **state)
{
   (void)state;
   assert_int_equal(alu("U32_TO_F32 r0, r1", 0xFFFFFFFFu, 0, 0), 0x4F800000u);
   assert_int_equal(alu("U32_TO_F32.rtz r0, r1", 0xFFFFFFFFu, 0, 0),
                    0x4F7FFFFFu);
   assert_int_equal(alu("S32_TO_F32 r0, r1", 16777217, 0, 0),
                    sim_test_u(16777216.0f));
   assert_int_equal(alu("S32_TO_F32.rtp r0, r1", 16777217, 0, 0),
                    sim_test_u(16777218.0f));
   assert_int_equal(alu("S32_TO_F32 r0, r1", 0xFFFFFFFEu, 0, 0),
                    sim_test_u(-2.0f));
   /* widened sources: byte 3 signed, half 1 unsigned */
   assert_int_equal(alu("S32_TO_F32 r0, r1.b3", 0xFE000000u, 0, 0),
                    sim_test_u(-2.0f));
   assert_int_equal(alu("U16_TO_F32 r0, r1.h11", 0xFFFF0000u, 0, 0),
                    sim_test_u(65535.0f));
   assert_int_equal(alu("U16_TO_U32 r0, r1.h11", 0xABCD1234u, 0, 0), 0xABCD);
   assert_int_equal(alu("S16_TO_S32 r0, r1.h00", 0x0000FFFEu, 0, 0),
                    0xFFFFFFFEu);
   assert_int_equal(alu("S8_TO_S32 r0, r1.b2", 0x00800000u, 0, 0), 0xFFFFFF80u);
   assert_int_equal(alu("V2S8_TO_V2S16 r0, r1.b21", 0x00FF0200u, 0, 0),
                    0x00020000u | 0xFFFFu);
}

static void
test_fround(void **state)
{
   (void)state;
   assert_int_equal(alu_f("FROUND.f32.rtn r0, r1", -1.5f, 0, 0),
                    sim_test_u(-2.0f));
   assert_int_equal(alu_f("FROUND.f32.rtp r0, r1", 1.2f, 0, 0),
                    sim_test_u(2.0f));
   assert_int_equal(alu_f("FROUND.f32 r0, r1", 2.5f, 0, 0), sim_test_u(2.0f));
   assert_int_equal(alu_f("FROUND.f32.rtz r0, r1", -0.5f, 0, 0), F32_NZERO);
   assert_int_equal(alu("FROUND.f32 r0, r1", F32_INF, 0, 0), F32_INF);
}

static void
test_compares_and_result_types(void **state)
{
   (void)state;
   assert_int_equal(alu_f("FCMP.f32.lt.m1 r0, r1, r2, 0x0", 1, 2, 0),
                    0xFFFFFFFFu);
   assert_int_equal(alu_f("FCMP.f32.lt.f1 r0, r1, r2, 0x0", 1, 2, 0), F32_ONE);
   assert_int_equal(alu_f("FCMP.f32.lt.i1 r0, r1, r2, 0x0", 1, 2, 0), 1);
   assert_int_equal(alu_f("FCMP.f32.ge.m1 r0, r1, r2, 0x0", 1, 2, 0), 0);
   /* NaN: ne holds, gtlt and eq do not; total needs both ordered */
   assert_int_equal(alu("FCMP.f32.ne.i1 r0, r1, r2, 0x0", F32_NAN, 0, 0), 1);
   assert_int_equal(alu("FCMP.f32.gtlt.i1 r0, r1, r2, 0x0", F32_NAN, 0, 0), 0);
   assert_int_equal(alu("FCMP.f32.eq.i1 r0, r1, r2, 0x0", F32_NAN, F32_NAN, 0),
                    0);
   assert_int_equal(alu("FCMP.f32.total.i1 r0, r1, r2, 0x0", F32_ONE, 0, 0), 1);
   assert_int_equal(alu("FCMP.f32.eq.i1 r0, r1, r2, 0x0", F32_NZERO, 0, 0), 1);
   /* or / and with the third source */
   assert_int_equal(alu_f("FCMP.f32.gt.i1 r0, r1, r2, r3", 1, 2, 1e-45f), 1);
   assert_int_equal(alu_f("FCMP.f32.lt.i1.and r0, r1, r2, r3", 1, 2, 0), 0);
   /* unsigned and signed integers */
   assert_int_equal(alu("ICMP.u32.gt.i1 r0, r1, r2, 0x0", 0xFFFFFFFFu, 1, 0),
                    1);
   assert_int_equal(alu("ICMP.s32.gt.i1 r0, r1, r2, 0x0", 0xFFFFFFFFu, 1, 0),
                    0);
   assert_int_equal(alu("ICMP.v2s16.lt.m1 r0, r1, r2, 0x0", 0x0001FFFFu, 0, 0),
                    0x0000FFFFu);
   assert_int_equal(
       alu("ICMP.v4u8.ne.i1 r0, r1.b0000, 0x0, 0x0", 0x00000005u, 0, 0),
       0x01010101u);
}

/* A 64-bit compare from two 32-bit ones: u1 low, then .seq high. */
static uint32_t
compare64(const char *cond, uint64_t a, uint64_t b)
{
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_set(t, 1, (uint32_t)a);
   sim_test_set(t, 2, (uint32_t)(a >> 32));
   sim_test_set(t, 3, (uint32_t)b);
   sim_test_set(t, 4, (uint32_t)(b >> 32));
   char text[256];
   snprintf(text, sizeof(text),
            "ICMP.u32.%s.u1 r0, r1, r3, 0x0\n"
            "ICMP.s32.%s.m1.seq r0, r2, r4, r0\nNOP.end\n",
            cond, cond);
   SIM_RUN(t, text);
   uint32_t r = t->final[0][0];
   sim_test_free(t);
   return r;
}

static void
test_64_bit_compare_sequence(void **state)
{
   (void)state;
   assert_int_equal(compare64("gt", 0x100000000ull, 0xFFFFFFFFull),
                    0xFFFFFFFFu);
   assert_int_equal(compare64("gt", 0x500000003ull, 0x500000002ull),
                    0xFFFFFFFFu);
   assert_int_equal(compare64("gt", 0x500000002ull, 0x500000003ull), 0);
   assert_int_equal(compare64("lt", 0xFFFFFFFF00000000ull, 1), 0xFFFFFFFFu);
   assert_int_equal(compare64("eq", 0x700000007ull, 0x700000007ull),
                    0xFFFFFFFFu);
   assert_int_equal(compare64("eq", 0x700000007ull, 0x800000007ull), 0);
}

static void
test_selects(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_set(t, 1, 0xFFFFFFFFu);
   sim_test_set(t, 2, 1);
   sim_test_set(t, 3, 111);
   sim_test_set(t, 4, 222);
   sim_test_set(t, 12, 0x80000000u);
   SIM_RUN(t, "CSEL.u32.gt r0, r1, r2, r3, r4\n"
              "CSEL.s32.gt r5, r1, r2, r3, r4\n"
              "CSEL.f32.eq r6, 0x0, r12, r3, r4\n"
              "MUX.i32.bit r7, r1, r4, 0x7FFFFFFF\n"
              "MUX.i32 r8, r3, r4, 0x0\n"
              "MUX.i32.neg r9, r3, r4, r1\n"
              "MUX.i32.fp_zero r10, r3, r4, r12\n"
              "NOP.end\n");
   assert_int_equal(t->final[0][0], 111);
   assert_int_equal(t->final[0][5], 222);
   assert_int_equal(t->final[0][6], 111); /* +0 == -0 */
   assert_int_equal(t->final[0][7], 0x7FFFFFFFu);
   assert_int_equal(t->final[0][8], 111); /* mask == 0 picks A */
   assert_int_equal(t->final[0][9], 111);
   assert_int_equal(t->final[0][10], 111);
   sim_test_free(t);
}

static void
test_integer_arithmetic(void **state)
{
   (void)state;
   assert_int_equal(alu("IADD.s32.saturate r0, r1, r2", 0x7FFFFFFFu, 1, 0),
                    0x7FFFFFFFu);
   assert_int_equal(alu("IADD.s32 r0, r1, r2", 0x7FFFFFFFu, 1, 0), 0x80000000u);
   assert_int_equal(alu("IADD.u32.saturate r0, r1, r2", 0xFFFFFFF0u, 0x20, 0),
                    0xFFFFFFFFu);
   assert_int_equal(alu("ISUB.u32.saturate r0, r1, r2", 1, 2, 0), 0);
   assert_int_equal(alu("ISUB.s32 r0, r1, r2", 1, 2, 0), 0xFFFFFFFFu);
   /* .h1 sign-extends for .s32, zero-extends for .u32 */
   assert_int_equal(alu("IADD.s32 r0, r1, r2.h1", 0, 0xFFFF0000u, 0),
                    0xFFFFFFFFu);
   assert_int_equal(alu("IADD.u32 r0, r1, r2.h1", 0, 0xFFFF0000u, 0), 0xFFFF);
   assert_int_equal(alu("IADD.v2u16 r0, r1, r2", 0x0001FFFFu, 0x00010001u, 0),
                    0x00020000u);
   assert_int_equal(
       alu("IADD.v2s16.saturate r0, r1, r2", 0x7FFF8000u, 0x0001FFFFu, 0),
       0x7FFF8000u);
   assert_int_equal(alu("IADD_IMM.i32 r0, r1, #0xFFFFFFFF", 5, 0, 0), 4);
   assert_int_equal(
       alu("IADD_IMM.v2i16 r0, r1, #0x00010001", 0x0000FFFFu, 0, 0),
       0x00010000u);
   assert_int_equal(alu("IMUL.i32 r0, r1, r2", 0x10000u, 0x10001u, 0),
                    0x10000u);
   assert_int_equal(alu("IMUL.s32.saturate r0, r1, r2", 0x10000u, 0x10000u, 0),
                    0x7FFFFFFFu);
   assert_int_equal(alu("HADD.u32 r0, r1, r2", 0xFFFFFFFFu, 0xFFFFFFFFu, 0),
                    0xFFFFFFFFu);
   assert_int_equal(alu("HADD.s32.rhadd r0, r1, r2", 0xFFFFFFFFu, 0, 0), 0);
   assert_int_equal(alu("HADD.s32 r0, r1, r2", 0xFFFFFFFFu, 0, 0), 0xFFFFFFFFu);
}

static void
test_64_bit_integers(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_set(t, 2, 0xFFFFFFFFu);
   sim_test_set(t, 3, 0);
   sim_test_set(t, 4, 1);
   sim_test_set(t, 5, 0);
   SIM_RUN(t, "IADD.u64 r6, r2, r4\n"
              "IMULD.u64 r8, r2, r2\n"
              "SHADDX.u64 r10, r4, r2.w0, shift:0x4\n"
              "NOP.end\n");
   assert_int_equal(t->final[0][6], 0);
   assert_int_equal(t->final[0][7], 1);
   assert_int_equal(t->final[0][8], 1); /* (2^32 - 1)^2 */
   assert_int_equal(t->final[0][9], 0xFFFFFFFEu);
   assert_int_equal(t->final[0][10], 0xFFFFFFF1u); /* 1 + 0xFFFFFFFF << 4 */
   assert_int_equal(t->final[0][11], 0xF);
   sim_test_free(t);
}

static void
test_shifts_and_bitwise(void **state)
{
   (void)state;
   assert_int_equal(alu("LSHIFT_OR.i32 r0, r1, r2.b00, 0x0", 1, 4, 0), 16);
   /* the count is taken modulo 32 */
   assert_int_equal(alu("LSHIFT_OR.i32 r0, r1, r2.b00, 0x0", 1, 33, 0), 2);
   assert_int_equal(
       alu("RSHIFT_OR.i32 r0, r1, r2.b00, 0x0", 0x80000000u, 31, 0), 1);
   assert_int_equal(
       alu("RSHIFT_OR.i32.signed r0, r1, r2.b00, 0x0", 0x80000000u, 31, 0),
       0xFFFFFFFFu);
   assert_int_equal(
       alu("LSHIFT_AND.i32 r0, r1, 0x0.b00, r3.not", 0xFF, 0, 0x0F), 0xF0);
   assert_int_equal(
       alu("LSHIFT_XOR.i32.not_result r0, r1, 0x0.b00, r3", 0xF0, 0, 0xFF),
       0xFFFFFFF0u);
   /* the shift byte of each 16-bit lane: b01 gives byte 0 (0) to lane 0,
    * byte 1 (1) to lane 1 */
   assert_int_equal(
       alu("LSHIFT_OR.v2i16 r0, r1, 0x3020100.b01, 0x0", 0x00010001u, 0, 0),
       0x00020001u);
   assert_int_equal(
       alu("MKVEC.v2i16 r0, r1.h11, r2.h00", 0xAAAA1111u, 0x2222BBBBu, 0),
       0xBBBBAAAAu);
   assert_int_equal(
       alu("MKVEC.v2i8 r0, r1.b3, r2.b0, r3", 0x44000000u, 0x55, 0x6677),
       0x66775544u);
}

static void
test_bit_counts(void **state)
{
   (void)state;
   assert_int_equal(alu("CLZ.u32 r0, r1", 0x00010000u, 0, 0), 15);
   assert_int_equal(alu("CLZ.u32 r0, r1", 0, 0, 0), 32);
   assert_int_equal(alu("CLZ.v2u16 r0, r1", 0x00010000u, 0, 0), 0x000F0010u);
   assert_int_equal(alu("POPCOUNT.i32 r0, r1", 0xF00F0001u, 0, 0), 9);
   assert_int_equal(alu("BITREV.i32 r0, r1", 1, 0, 0), 0x80000000u);
   assert_int_equal(alu("IABS.s32 r0, r1", 0xFFFFFFFBu, 0, 0), 5);
   assert_int_equal(alu("IABS.s32 r0, r1", 0x80000000u, 0, 0), 0x80000000u);
   assert_int_equal(alu("IABS.v2s16 r0, r1", 0xFFFF0003u, 0, 0), 0x00010003u);
}

static void
test_reciprocals(void **state)
{
   (void)state;
   assert_int_equal(alu_f("FRCP.f32 r0, r1", 2.0f, 0, 0), sim_test_u(0.5f));
   assert_int_equal(alu("FRCP.f32 r0, r1", 0, 0, 0), F32_INF);
   assert_int_equal(alu("FRCP.f32 r0, r1", F32_NZERO, 0, 0), F32_NINF);
   assert_int_equal(alu("FRCP.f32 r0, r1", F32_NINF, 0, 0), F32_NZERO);
   assert_int_equal(alu_f("FRCP.f32 r0, r1", 3.0f, 0, 0),
                    sim_test_u(1.0f / 3.0f));
   assert_int_equal(alu_f("FRSQ.f32 r0, r1", 4.0f, 0, 0), sim_test_u(0.5f));
   assert_int_equal(alu_f("FRSQ.f32 r0, r1", -1.0f, 0, 0), F32_NAN);
   assert_int_equal(alu("FRSQ.f32 r0, r1", 0, 0, 0), F32_INF);
   assert_int_equal(alu("FRSQ.f32 r0, r1", F32_INF, 0, 0), 0);
   assert_int_equal(alu("FRCP.f16 r0, r1.h00", 0x4000, 0, 0) & 0xFFFF, 0x3800);
}

/* Mesa's log2 sequence. */
static float
log2_sequence(float x)
{
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_setf(t, 1, x);
   SIM_RUN(t, "FREXPE.f32.log r0, r1\n"
              "S32_TO_F32 r0, r0\n"
              "FADD_LSCALE.f32 r2, 0x3F800000.neg, r1\n"
              "FLOGD.f32 r3, r1\n"
              "FMA.f32 r0, r3, r2, r0\n"
              "NOP.end\n");
   float r = sim_test_f(t->final[0][0]);
   sim_test_free(t);
   return r;
}

/* Mesa's exp2 sequence: 8:24 fixed point, then FEXP. */
static float
exp2_sequence(float x)
{
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_setf(t, 1, x);
   SIM_RUN(t, "IADD_IMM.i32 r0, 0x0, #0x18\n"
              "FMA_RSCALE.f32 r0, r1, 0x3F800000, 0x0.neg, r0\n"
              "F32_TO_S32 r2, r0\n"
              "FEXP.f32 r0, r2, r0\n"
              "NOP.end\n");
   float r = sim_test_f(t->final[0][0]);
   sim_test_free(t);
   return r;
}

static void
test_log2_and_exp2(void **state)
{
   (void)state;
   assert_true(log2_sequence(8.0f) == 3.0f);
   assert_true(log2_sequence(1.0f) == 0.0f);
   assert_true(fabsf(log2_sequence(10.0f) - 3.32192809f) < 1e-6f);
   assert_true(fabsf(log2_sequence(0.3f) - -1.73696559f) < 1e-6f);
   assert_true(isinf(log2_sequence(0.0f)) && log2_sequence(0.0f) < 0);
   assert_true(isnan(log2_sequence(-1.0f)));
   assert_true(isinf(log2_sequence(INFINITY)));
   assert_true(exp2_sequence(3.0f) == 8.0f);
   assert_true(exp2_sequence(-1.0f) == 0.5f);
   assert_true(fabsf(exp2_sequence(0.5f) - 1.41421356f) < 1e-6f);
   assert_true(isinf(exp2_sequence(200.0f)));
   assert_true(exp2_sequence(-200.0f) == 0.0f);
   assert_true(exp2_sequence(-INFINITY) == 0.0f);
   assert_true(isnan(exp2_sequence(NAN)));
   assert_int_equal(alu_f("FREXPM.f32 r0, r1", 12.0f, 0, 0), sim_test_u(0.75f));
   assert_int_equal(alu_f("FREXPE.f32 r0, r1", 12.0f, 0, 0), 4);
   assert_int_equal(alu_f("FREXPM.f32.log r0, r1", 12.0f, 0, 0),
                    sim_test_u(0.75f));
   assert_int_equal(alu_f("FREXPM.f32.log r0, r1", 10.0f, 0, 0),
                    sim_test_u(1.25f));
   assert_int_equal(alu_f("FREXPE.f32.log r0, r1", 10.0f, 0, 0), 3);
}

static void
test_trig_tables_and_scaling(void **state)
{
   (void)state;
   assert_int_equal(alu("FSIN_TABLE.u6 r0, r1", 16, 0, 0), F32_ONE);
   assert_int_equal(alu("FCOS_TABLE.u6 r0, r1", 64 + 32, 0, 0),
                    sim_test_u(-1.0f));
   assert_int_equal(alu("FCOS_TABLE.u6 r0, r1", 0, 0, 0), F32_ONE);
   assert_int_equal(alu_f("LDEXP.f32 r0, r1, r2", 1.5f, 0, 0),
                    sim_test_u(1.5f));
   assert_int_equal(alu("LDEXP.f32 r0, r1, r2", sim_test_u(1.5f), 3, 0),
                    sim_test_u(12.0f));
   /* 1.5 * 2^-149 is 1.5 subnormal ulps: rte gives 2, rtz 1 */
   assert_int_equal(
       alu("LDEXP.f32 r0, r1, r2", sim_test_u(1.5f), (uint32_t)-149, 0), 2);
   assert_int_equal(
       alu("LDEXP.f32.rtz r0, r1, r2", sim_test_u(1.5f), (uint32_t)-149, 0), 1);
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_setf(t, 1, 3.0f);
   sim_test_setf(t, 2, 0.0f);
   sim_test_setf(t, 3, INFINITY);
   sim_test_set(t, 4, (uint32_t)-1);
   SIM_RUN(t, "FMA_RSCALE.f32 r0, r1, r1, 0x0.neg, r4\n"
              "FMA_RSCALE_N.f32 r5, r2, r3, r1, r4\n"
              "FMA_RSCALE.f32 r6, r2, r3, r1, r4\n"
              "FMA_RSCALE_LEFT.f32 r7, r2, r3, r1, r4\n"
              "NOP.end\n");
   assert_int_equal(t->final[0][0], sim_test_u(4.5f));
   assert_int_equal(t->final[0][5], sim_test_u(1.5f)); /* 0 * inf as 0 */
   assert_int_equal(t->final[0][6], F32_NAN);
   assert_int_equal(t->final[0][7], sim_test_u(1.5f)); /* as a = 0 */
   sim_test_free(t);
}

static void
test_cube_helpers(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_setf(t, 1, 0.5f);
   sim_test_setf(t, 2, -3.0f);
   sim_test_setf(t, 3, 2.0f);
   SIM_RUN(t, "CUBEFACE1 r4, r1, r2, r3\n"
              "CUBEFACE2 r5, r1, r2, r3\n"
              "CUBE_SSEL r6, r3, r1, r5\n"
              "CUBE_TSEL r7, r2, r3, r5\n"
              "NOP.end\n");
   assert_int_equal(t->final[0][4], sim_test_u(3.0f));
   assert_int_equal(t->final[0][5], 3u << 29);          /* -y */
   assert_int_equal(t->final[0][6], sim_test_u(0.5f));  /* s = x */
   assert_int_equal(t->final[0][7], sim_test_u(-2.0f)); /* t = -z */
   sim_test_free(t);
}

static void
test_half_destinations(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_test_set(t, 0, 0x11112222u);
   sim_test_set(t, 1, 0x00030004u);
   SIM_RUN(t, "IADD.v2u16 r0.h1, r1, 0x0\nNOP.end\n");
   assert_int_equal(t->final[0][0], 0x00032222u);
   sim_test_free(t);
   t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t, "FADD.f32 r0.h0, r1, r2\nNOP.end\n", SIM_ERROR_UNSUPPORTED);
   sim_test_free(t);
}

static void
test_cross_lane(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   for (unsigned l = 0; l < SIM_LANES; l++)
      t->regs[l][1] = 100 + l;
   SIM_RUN(t, "CLPER.i32.subgroup4.xor r0, r1, 0x1000000.b3\n"
              "CLPER.i32.subgroup4 r2, r1, 0x3020100.b2\n"
              "CLPER.i32 r3, r1, 0x0F0E0D0C.b3\n"
              "WMASK.subgroup4 r4, lane_id.w0\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_int_equal(t->final[l][0], 100 + (l ^ 1));
      assert_int_equal(t->final[l][2], 100 + (l & ~3u) + 2);
      assert_int_equal(t->final[l][3], 115);
      assert_int_equal(t->final[l][4], l < 4 ? 0xE : 0xF);
   }
   sim_test_free(t);

   /* The lanes exchange values in one step: a lane does not read what
    * its partner has just written over the same register. */
   t = sim_test_new(SIM_PROGRAM_COMPUTE);
   for (unsigned l = 0; l < SIM_LANES; l++)
      t->regs[l][1] = 100 + l;
   SIM_RUN(t, "CLPER.i32.subgroup4.xor r1, r1, 0x3020100.b2\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++)
      assert_int_equal(t->final[l][1], 100 + (l ^ 2));
   sim_test_free(t);
}

/* Every form of the ISA is run, or refused by name: these are refused
 * (docs/sim.md says why), and a form added to the ISA must join one
 * side. */
static void
test_every_form_is_modelled_or_refused(void **state)
{
   (void)state;
   static const char *const refused[] = {
       "LD_VAR",
       "LD_VAR_IMM",
       "LD_VAR_FLAT",
       "LD_VAR_FLAT_IMM",
       "LEA_ATTR_IMM",
       "LEA_ATTR",
       "LD_TILE",
       "ST_TILE",
       "FPCLASS.f32",
       "FPCLASS.f16",
       "FLOG_TABLE.f32",
       "FRCP_APPROX.f32",
       "FRSQ_APPROX.f32",
       "FSINCOS_OFFSET.u6",
       "FEXP_TABLE.u4",
       "FATAN_ASSIST.f32",
       "SEG_ADD.u64",
       "LSHIFT_AND.v4i8",
       "RSHIFT_AND.v4i8",
       "LSHIFT_OR.v4i8",
       "RSHIFT_OR.v4i8",
       "LSHIFT_XOR.v4i8",
       "RSHIFT_XOR.v4i8",
       "TEX_DUAL",
       "VAR_TEX_BUF_SINGLE",
       "VAR_TEX_BUF_GATHER",
       "VAR_TEX_BUF_GRADIENT",
       "VAR_TEX_BUF_DUAL",
       "VAR_TEX_SINGLE",
       "VAR_TEX_GATHER",
       "VAR_TEX_GRADIENT",
       "VAR_TEX_DUAL",
   };
   unsigned n = sizeof(refused) / sizeof(refused[0]), seen = 0;
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      bool listed = false;
      for (unsigned i = 0; i < n; i++)
         listed |= strcmp(refused[i], va_forms[op].name) == 0;
      if (listed == sim_form_modelled((enum va_op)op))
         print_error("%s: %s\n", va_forms[op].name,
                     listed ? "listed, but modelled" : "neither");
      assert_true(listed != sim_form_modelled((enum va_op)op));
      seen += listed;
   }
   assert_int_equal(seen, n);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
       cmocka_unit_test(test_fadd_rounding_and_specials),
       cmocka_unit_test(test_source_modifiers),
       cmocka_unit_test(test_clamps),
       cmocka_unit_test(test_fma_is_fused),
       cmocka_unit_test(test_min_max),
       cmocka_unit_test(test_binary16),
       cmocka_unit_test(test_float_to_int),
       cmocka_unit_test(test_int_to_float),
       cmocka_unit_test(test_fround),
       cmocka_unit_test(test_compares_and_result_types),
       cmocka_unit_test(test_64_bit_compare_sequence),
       cmocka_unit_test(test_selects),
       cmocka_unit_test(test_integer_arithmetic),
       cmocka_unit_test(test_64_bit_integers),
       cmocka_unit_test(test_shifts_and_bitwise),
       cmocka_unit_test(test_bit_counts),
       cmocka_unit_test(test_reciprocals),
       cmocka_unit_test(test_log2_and_exp2),
       cmocka_unit_test(test_trig_tables_and_scaling),
       cmocka_unit_test(test_cube_helpers),
       cmocka_unit_test(test_half_destinations),
       cmocka_unit_test(test_cross_lane),
       cmocka_unit_test(test_every_form_is_modelled_or_refused),
   };
   return cmocka_run_group_tests_name("sim_alu", tests, NULL, NULL);
}
