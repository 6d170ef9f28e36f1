/* SPDX-License-Identifier: MIT */
/*
 * The ALU forms: one table row per form, the per-lane executor, operand
 * access, and the floating-point and conversion forms.
 *
 * 1. Sources: a binary32 source may be widened from a half (.h0/.h1,
 *    an exact binary16 -> binary32 conversion); a binary16 lane is chosen
 *    by the 16-bit swizzle; .abs then .neg apply to the widened value.
 *    Integer sources are sign- or zero-extended as the form's type says
 *    (IADD.s32 sign-extends .h0, IADD.u32 zero-extends it), and .not
 *    inverts after that.
 * 2. FADD, FMA and the immediate adds round once, to nearest even (the
 *    forms have no round mode), then clamp (sim_float.c); results are
 *    exact IEEE-754 including subnormals.
 * 3. Compares: float eq/gt/ge/lt/le are false on NaN, ne is true on NaN,
 *    gtlt is the ordered not-equal, and total holds when neither operand
 *    is NaN.  -0 == +0.
 * 4. Conversions take the form's round mode (rte when it has none) and
 *    saturate to the destination range; NaN converts to 0.
 * 5. A destination of one half (r0.h0) receives that half of the
 *    result; for a binary32 float result or a 64-bit one that would need
 *    a conversion nobody documented, so it is refused.
 * Forms without a row (approximation tables whose precision is not
 * public, FATAN_ASSIST, FPCLASS, SEG_ADD, 8-bit shifts) are refused by
 * name.
 */
#include "sim_alu.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "sim_float.h"

#define S ALU_SIGNED
#define F ALU_FLOAT_RESULT

static const struct sim_alu_op alu_ops[VA_OP_COUNT] = {
    [VA_OP_MOV_I32] = {sim_alu_mov, 32, 0, 0},
    /* Floating point */
    [VA_OP_FADD_F32] = {sim_alu_fadd, 32, F, 0},
    [VA_OP_FADD_V2F16] = {sim_alu_fadd, 16, 0, 0},
    [VA_OP_FMIN_F32] = {sim_alu_fminmax, 32, F, 0},
    [VA_OP_FMIN_V2F16] = {sim_alu_fminmax, 16, 0, 0},
    [VA_OP_FMAX_F32] = {sim_alu_fminmax, 32, F, 1},
    [VA_OP_FMAX_V2F16] = {sim_alu_fminmax, 16, 0, 1},
    [VA_OP_FMA_F32] = {sim_alu_fma, 32, F, 0},
    [VA_OP_FMA_V2F16] = {sim_alu_fma, 16, 0, 0},
    [VA_OP_FADD_IMM_F32] = {sim_alu_fadd_imm, 32, F, 0},
    [VA_OP_FADD_IMM_V2F16] = {sim_alu_fadd_imm, 16, 0, 0},
    [VA_OP_FCMP_F32] = {sim_alu_fcmp, 32, 0, 0},
    [VA_OP_FCMP_V2F16] = {sim_alu_fcmp, 16, 0, 0},
    [VA_OP_CSEL_F32] = {sim_alu_fcsel, 32, 0, 0},
    [VA_OP_CSEL_V2F16] = {sim_alu_fcsel, 16, 0, 0},
    [VA_OP_FROUND_F32] = {sim_alu_fround, 32, F, 0},
    [VA_OP_FROUND_V2F16] = {sim_alu_fround, 16, 0, 0},
    /* Conversions: bits is the result lane, param the source's */
    [VA_OP_S32_TO_F32] = {sim_alu_int_to_float, 32, S | F, 32},
    [VA_OP_U32_TO_F32] = {sim_alu_int_to_float, 32, F, 32},
    [VA_OP_S16_TO_F32] = {sim_alu_int_to_float, 32, S | F, 16},
    [VA_OP_U16_TO_F32] = {sim_alu_int_to_float, 32, F, 16},
    [VA_OP_S8_TO_F32] = {sim_alu_int_to_float, 32, S | F, 8},
    [VA_OP_U8_TO_F32] = {sim_alu_int_to_float, 32, F, 8},
    [VA_OP_V2S16_TO_V2F16] = {sim_alu_int_to_float, 16, S, 16},
    [VA_OP_V2U16_TO_V2F16] = {sim_alu_int_to_float, 16, 0, 16},
    [VA_OP_V2S8_TO_V2F16] = {sim_alu_int_to_float, 16, S, 8},
    [VA_OP_V2U8_TO_V2F16] = {sim_alu_int_to_float, 16, 0, 8},
    [VA_OP_F32_TO_S32] = {sim_alu_float_to_int, 32, S, 32},
    [VA_OP_F32_TO_U32] = {sim_alu_float_to_int, 32, 0, 32},
    [VA_OP_F16_TO_S32] = {sim_alu_float_to_int, 32, S, 16},
    [VA_OP_F16_TO_U32] = {sim_alu_float_to_int, 32, 0, 16},
    [VA_OP_V2F16_TO_V2S16] = {sim_alu_float_to_int, 16, S, 16},
    [VA_OP_V2F16_TO_V2U16] = {sim_alu_float_to_int, 16, 0, 16},
    [VA_OP_S16_TO_S32] = {sim_alu_int_to_int, 32, S, 16},
    [VA_OP_U16_TO_U32] = {sim_alu_int_to_int, 32, 0, 16},
    [VA_OP_S8_TO_S32] = {sim_alu_int_to_int, 32, S, 8},
    [VA_OP_U8_TO_U32] = {sim_alu_int_to_int, 32, 0, 8},
    [VA_OP_V2S8_TO_V2S16] = {sim_alu_int_to_int, 16, S, 8},
    [VA_OP_V2U8_TO_V2U16] = {sim_alu_int_to_int, 16, 0, 8},
    [VA_OP_F16_TO_F32] = {sim_alu_f16_to_f32, 32, F, 0},
    [VA_OP_V2F32_TO_V2F16] = {sim_alu_v2f32_to_v2f16, 16, 0, 0},
    /* Integer arithmetic: param 1 subtracts */
    [VA_OP_IADD_U32] = {sim_alu_iadd, 32, 0, 0},
    [VA_OP_IADD_V2U16] = {sim_alu_iadd, 16, 0, 0},
    [VA_OP_IADD_V4U8] = {sim_alu_iadd, 8, 0, 0},
    [VA_OP_IADD_S32] = {sim_alu_iadd, 32, S, 0},
    [VA_OP_IADD_V2S16] = {sim_alu_iadd, 16, S, 0},
    [VA_OP_IADD_V4S8] = {sim_alu_iadd, 8, S, 0},
    [VA_OP_IADD_U64] = {sim_alu_iadd, 64, 0, 0},
    [VA_OP_IADD_S64] = {sim_alu_iadd, 64, S, 0},
    [VA_OP_ISUB_U32] = {sim_alu_iadd, 32, 0, 1},
    [VA_OP_ISUB_V2U16] = {sim_alu_iadd, 16, 0, 1},
    [VA_OP_ISUB_V4U8] = {sim_alu_iadd, 8, 0, 1},
    [VA_OP_ISUB_S32] = {sim_alu_iadd, 32, S, 1},
    [VA_OP_ISUB_V2S16] = {sim_alu_iadd, 16, S, 1},
    [VA_OP_ISUB_V4S8] = {sim_alu_iadd, 8, S, 1},
    [VA_OP_ISUB_U64] = {sim_alu_iadd, 64, 0, 1},
    [VA_OP_ISUB_S64] = {sim_alu_iadd, 64, S, 1},
    [VA_OP_IADD_IMM_I32] = {sim_alu_iadd_imm, 32, 0, 0},
    [VA_OP_IADD_IMM_V2I16] = {sim_alu_iadd_imm, 16, 0, 0},
    [VA_OP_IADD_IMM_V4I8] = {sim_alu_iadd_imm, 8, 0, 0},
    [VA_OP_IMUL_I32] = {sim_alu_imul, 32, 0, 0},
    [VA_OP_IMUL_V2I16] = {sim_alu_imul, 16, 0, 0},
    [VA_OP_IMUL_V4I8] = {sim_alu_imul, 8, 0, 0},
    [VA_OP_IMUL_S32] = {sim_alu_imul, 32, S, 0},
    [VA_OP_IMUL_V2S16] = {sim_alu_imul, 16, S, 0},
    [VA_OP_IMUL_V4S8] = {sim_alu_imul, 8, S, 0},
    [VA_OP_IMULD_U64] = {sim_alu_imuld, 64, 0, 0},
    [VA_OP_HADD_U32] = {sim_alu_hadd, 32, 0, 0},
    [VA_OP_HADD_V2U16] = {sim_alu_hadd, 16, 0, 0},
    [VA_OP_HADD_V4U8] = {sim_alu_hadd, 8, 0, 0},
    [VA_OP_HADD_S32] = {sim_alu_hadd, 32, S, 0},
    [VA_OP_HADD_V2S16] = {sim_alu_hadd, 16, S, 0},
    [VA_OP_HADD_V4S8] = {sim_alu_hadd, 8, S, 0},
    [VA_OP_SHADDX_U64] = {sim_alu_shaddx, 64, 0, 0},
    [VA_OP_SHADDX_S64] = {sim_alu_shaddx, 64, S, 0},
    [VA_OP_IDP_V4S8] = {sim_alu_idp, 32, S, 0},
    [VA_OP_IDP_V4U8] = {sim_alu_idp, 32, 0, 0},
    [VA_OP_MKVEC_V2I16] = {sim_alu_mkvec_v2i16, 16, 0, 0},
    [VA_OP_MKVEC_V2I8] = {sim_alu_mkvec_v2i8, 8, 0, 0},
    /* Shifts and bitwise: param = 0 and, 1 or, 2 xor; +4 left */
    [VA_OP_LSHIFT_AND_I32] = {sim_alu_shift, 32, 0, 4},
    [VA_OP_LSHIFT_AND_V2I16] = {sim_alu_shift, 16, 0, 4},
    [VA_OP_LSHIFT_AND_I64] = {sim_alu_shift, 64, 0, 4},
    [VA_OP_RSHIFT_AND_I32] = {sim_alu_shift, 32, 0, 0},
    [VA_OP_RSHIFT_AND_V2I16] = {sim_alu_shift, 16, 0, 0},
    [VA_OP_RSHIFT_AND_I64] = {sim_alu_shift, 64, 0, 0},
    [VA_OP_LSHIFT_OR_I32] = {sim_alu_shift, 32, 0, 5},
    [VA_OP_LSHIFT_OR_V2I16] = {sim_alu_shift, 16, 0, 5},
    [VA_OP_LSHIFT_OR_I64] = {sim_alu_shift, 64, 0, 5},
    [VA_OP_RSHIFT_OR_I32] = {sim_alu_shift, 32, 0, 1},
    [VA_OP_RSHIFT_OR_V2I16] = {sim_alu_shift, 16, 0, 1},
    [VA_OP_RSHIFT_OR_I64] = {sim_alu_shift, 64, 0, 1},
    [VA_OP_LSHIFT_XOR_I32] = {sim_alu_shift, 32, 0, 6},
    [VA_OP_LSHIFT_XOR_V2I16] = {sim_alu_shift, 16, 0, 6},
    [VA_OP_LSHIFT_XOR_I64] = {sim_alu_shift, 64, 0, 6},
    [VA_OP_RSHIFT_XOR_I32] = {sim_alu_shift, 32, 0, 2},
    [VA_OP_RSHIFT_XOR_V2I16] = {sim_alu_shift, 16, 0, 2},
    [VA_OP_RSHIFT_XOR_I64] = {sim_alu_shift, 64, 0, 2},
    [VA_OP_MUX_I32] = {sim_alu_mux, 32, 0, 0},
    [VA_OP_MUX_V2I16] = {sim_alu_mux, 16, 0, 0},
    [VA_OP_MUX_V4I8] = {sim_alu_mux, 8, 0, 0},
    /* Compares and selects */
    [VA_OP_ICMP_U32] = {sim_alu_icmp, 32, 0, 0},
    [VA_OP_ICMP_V2U16] = {sim_alu_icmp, 16, 0, 0},
    [VA_OP_ICMP_V4U8] = {sim_alu_icmp, 8, 0, 0},
    [VA_OP_ICMP_S32] = {sim_alu_icmp, 32, S, 0},
    [VA_OP_ICMP_V2S16] = {sim_alu_icmp, 16, S, 0},
    [VA_OP_ICMP_V4S8] = {sim_alu_icmp, 8, S, 0},
    [VA_OP_CSEL_U32] = {sim_alu_icsel, 32, 0, 0},
    [VA_OP_CSEL_V2U16] = {sim_alu_icsel, 16, 0, 0},
    [VA_OP_CSEL_S32] = {sim_alu_icsel, 32, S, 0},
    [VA_OP_CSEL_V2S16] = {sim_alu_icsel, 16, S, 0},
    /* Unary bit operations: param = 0 clz, 1 iabs, 2 popcount, 3 bitrev,
     * 4 not */
    [VA_OP_CLZ_U32] = {sim_alu_unary, 32, 0, 0},
    [VA_OP_CLZ_V2U16] = {sim_alu_unary, 16, 0, 0},
    [VA_OP_CLZ_V4U8] = {sim_alu_unary, 8, 0, 0},
    [VA_OP_IABS_S32] = {sim_alu_unary, 32, S, 1},
    [VA_OP_IABS_V2S16] = {sim_alu_unary, 16, S, 1},
    [VA_OP_IABS_V4S8] = {sim_alu_unary, 8, S, 1},
    [VA_OP_POPCOUNT_I32] = {sim_alu_unary, 32, 0, 2},
    [VA_OP_BITREV_I32] = {sim_alu_unary, 32, 0, 3},
    [VA_OP_NOT_OLD_I32] = {sim_alu_unary, 32, 0, 4},
    [VA_OP_NOT_OLD_I64] = {sim_alu_unary, 64, 0, 4},
    /* Lanes */
    [VA_OP_CLPER_I32] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_V2U16] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_V4U8] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_S32] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_V2S16] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_V4S8] = {sim_alu_clper, 32, 0, 0},
    [VA_OP_CLPER_U64] = {sim_alu_clper, 64, 0, 0},
    [VA_OP_CLPER_S64] = {sim_alu_clper, 64, 0, 0},
    [VA_OP_WMASK] = {sim_alu_wmask, 32, 0, 0},
    /* Special functions: param tells variants apart */
    [VA_OP_FRCP_F32] = {sim_alu_frcp, 32, F, 0},
    [VA_OP_FRCP_F16] = {sim_alu_frcp, 16, 0, 0},
    [VA_OP_FRSQ_F32] = {sim_alu_frsq, 32, F, 0},
    [VA_OP_FRSQ_F16] = {sim_alu_frsq, 16, 0, 0},
    [VA_OP_FREXPM_F32] = {sim_alu_frexp, 32, F, 0},
    [VA_OP_FREXPM_V2F16] = {sim_alu_frexp, 16, 0, 0},
    [VA_OP_FREXPE_F32] = {sim_alu_frexp, 32, 0, 1},
    [VA_OP_FREXPE_V2F16] = {sim_alu_frexp, 16, 0, 1},
    [VA_OP_FLOGD_F32] = {sim_alu_flogd, 32, F, 0},
    [VA_OP_FADD_LSCALE_F32] = {sim_alu_fadd_lscale, 32, F, 0},
    [VA_OP_FEXP_F32] = {sim_alu_fexp, 32, F, 0},
    [VA_OP_FSIN_TABLE_U6] = {sim_alu_trig_table, 32, F, 0},
    [VA_OP_FCOS_TABLE_U6] = {sim_alu_trig_table, 32, F, 1},
    [VA_OP_LDEXP_F32] = {sim_alu_ldexp, 32, F, 0},
    [VA_OP_LDEXP_V2F16] = {sim_alu_ldexp, 16, 0, 0},
    [VA_OP_FMA_RSCALE_F32] = {sim_alu_fma_rscale, 32, F, 0},
    [VA_OP_FMA_RSCALE_N_F32] = {sim_alu_fma_rscale, 32, F, 1},
    [VA_OP_FMA_RSCALE_LEFT_F32] = {sim_alu_fma_rscale, 32, F, 2},
    [VA_OP_FMA_RSCALE_SCALE16_F32] = {sim_alu_fma_rscale, 32, F, 3},
    [VA_OP_CUBEFACE1] = {sim_alu_cubeface1, 32, F, 0},
    [VA_OP_CUBEFACE2] = {sim_alu_cubeface2, 32, 0, 0},
    [VA_OP_CUBE_SSEL] = {sim_alu_cube_sel, 32, F, 0},
    [VA_OP_CUBE_TSEL] = {sim_alu_cube_sel, 32, F, 1},
};

#undef S
#undef F

bool
sim_alu_modelled(enum va_op op)
{
   return alu_ops[op].fn != NULL;
}

uint64_t
sim_alu_fail(const struct sim_alu *a, const char *fmt, ...)
{
   char msg[160];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   sim_fail(a->w, SIM_ERROR_UNSUPPORTED, "%s", msg);
   return 0;
}

static double
apply_absneg(const struct sim_alu *a, unsigned i, double v)
{
   if (a->I->src[i].abs)
      v = fabs(v);
   return a->I->src[i].neg ? -v : v;
}

double
sim_alu_f32(const struct sim_alu *a, unsigned i)
{
   uint32_t x = (uint32_t)a->raw[i];
   const struct sim_swz *s = &sim_swizzles[a->I->src[i].swizzle];
   double v;
   if (s->kind == SIM_SWZ_HALF)
      v = sim_f16_to_f64((uint16_t)(x >> (16 * s->sel[0])));
   else if (s->kind == SIM_SWZ_IDENTITY)
      v = bits_to_float(x);
   else
      return sim_alu_fail(a, "source %u: .%s on a binary32 float", i,
                          va_swz_names[a->I->src[i].swizzle]);
   return apply_absneg(a, i, v);
}

double
sim_alu_f16(const struct sim_alu *a, unsigned i, unsigned lane)
{
   uint32_t x = (uint32_t)a->raw[i];
   const struct sim_swz *s = &sim_swizzles[a->I->src[i].swizzle];
   unsigned half;
   switch (s->kind) {
   case SIM_SWZ_IDENTITY: half = lane; break;
   case SIM_SWZ_HALVES: half = s->sel[lane]; break;
   case SIM_SWZ_HALF: half = s->sel[0]; break;
   default:
      return sim_alu_fail(a, "source %u: .%s on a binary16 float", i,
                          va_swz_names[a->I->src[i].swizzle]);
   }
   return apply_absneg(a, i, sim_f16_to_f64((uint16_t)(x >> (16 * half))));
}

static uint64_t
extend(uint64_t v, unsigned from, unsigned to, bool sign)
{
   if (from >= to)
      return v & sim_mask(to);
   return (sign ? (uint64_t)sim_sext(v, from) : v & sim_mask(from)) &
          sim_mask(to);
}

uint64_t
sim_alu_int(const struct sim_alu *a, unsigned i, unsigned lane, unsigned bits,
            bool sign)
{
   uint64_t raw = a->raw[i], v;
   const struct sim_swz *s = &sim_swizzles[a->I->src[i].swizzle];
   switch (s->kind) {
   case SIM_SWZ_IDENTITY:
      v = extend(raw >> (lane * bits), bits, bits, sign);
      break;
   case SIM_SWZ_HALF:
      v = extend(raw >> (16 * s->sel[0]), 16, bits, sign);
      break;
   case SIM_SWZ_BYTE: v = extend(raw >> (8 * s->sel[0]), 8, bits, sign); break;
   case SIM_SWZ_WORD: v = extend(raw, 32, bits, sign); break;
   case SIM_SWZ_HALVES:
      v = extend(raw >> (16 * s->sel[lane & 1]), 16, bits, sign);
      break;
   case SIM_SWZ_BYTES2:
      v = extend(raw >> (8 * s->sel[lane & 1]), 8, bits, sign);
      break;
   case SIM_SWZ_BYTES4:
      v = extend(raw >> (8 * s->sel[lane & 3]), 8, bits, sign);
      break;
   default:
      return sim_alu_fail(a, "source %u: .%s on an integer", i,
                          va_swz_names[a->I->src[i].swizzle]);
   }
   if (a->I->src[i].invert)
      v = ~v & sim_mask(bits);
   return v;
}

/* The instruction's round mode, or rte for forms without one. */
static unsigned
round_mode(const struct sim_alu *a)
{
   int8_t m = a->I->mod[VA_MOD_ROUND_MODE];
   return m == VA_MOD_UNSET ? VA_ROUND_MODE_RTE : (unsigned)m;
}

static unsigned
clamp_mode(const struct sim_alu *a)
{
   int8_t m = a->I->mod[VA_MOD_CLAMP];
   return m == VA_MOD_UNSET ? VA_CLAMP_NONE : (unsigned)m;
}

/* Lane `l` of float source i, binary32 or binary16. */
static double
float_lane(const struct sim_alu *a, unsigned i, unsigned l)
{
   return a->op->bits == 32 ? sim_alu_f32(a, i) : sim_alu_f16(a, i, l);
}

/* A lane's exact (or rounded-to-odd) result, before rounding. */
typedef double (*float_lane_fn)(const struct sim_alu *a, unsigned l);

/* The binary32 result, or both binary16 lanes, rounded and clamped. */
static uint64_t
float_result(const struct sim_alu *a, float_lane_fn fn, unsigned clamp)
{
   if (a->op->bits == 32)
      return sim_result_f32(fn(a, 0), clamp);
   return sim_result_f16(fn(a, 0), clamp) |
          (uint32_t)sim_result_f16(fn(a, 1), clamp) << 16;
}

static double
fadd_lane(const struct sim_alu *a, unsigned l)
{
   return sim_sum_odd(float_lane(a, 0, l), float_lane(a, 1, l));
}

uint64_t
sim_alu_fadd(const struct sim_alu *a)
{
   return float_result(a, fadd_lane, clamp_mode(a));
}

static double
fminmax_lane(const struct sim_alu *a, unsigned l)
{
   double x = float_lane(a, 0, l), y = float_lane(a, 1, l);
   return a->op->param ? sim_fmax(x, y) : sim_fmin(x, y);
}

uint64_t
sim_alu_fminmax(const struct sim_alu *a)
{
   return float_result(a, fminmax_lane, clamp_mode(a));
}

static double
fma_lane(const struct sim_alu *a, unsigned l)
{
   return sim_fma_odd(float_lane(a, 0, l), float_lane(a, 1, l),
                      float_lane(a, 2, l));
}

uint64_t
sim_alu_fma(const struct sim_alu *a)
{
   return float_result(a, fma_lane, clamp_mode(a));
}

/* The raw value of lane l of a 32-bit word, as a float of the form. */
static double
raw_float(const struct sim_alu *a, uint32_t x, unsigned l)
{
   if (a->op->bits == 32)
      return bits_to_float(x);
   return sim_f16_to_f64((uint16_t)(x >> (16 * l)));
}

static double
fadd_imm_lane(const struct sim_alu *a, unsigned l)
{
   return sim_sum_odd(raw_float(a, (uint32_t)a->raw[0], l),
                      raw_float(a, (uint32_t)a->I->imm[VA_IMM_CONSTANT], l));
}

uint64_t
sim_alu_fadd_imm(const struct sim_alu *a)
{
   return float_result(a, fadd_imm_lane, VA_CLAMP_NONE);
}

static bool
float_condition(const struct sim_alu *a, unsigned l)
{
   double x = float_lane(a, 0, l), y = float_lane(a, 1, l);
   bool unordered = isnan(x) || isnan(y);
   int order = x < y ? -1 : x > y ? 1 : 0;
   return sim_alu_condition((unsigned)a->I->mod[VA_MOD_CMP], order, unordered);
}

uint64_t
sim_alu_fcmp(const struct sim_alu *a)
{
   unsigned n = sim_lane_count(a->op->bits), bits = a->op->bits;
   bool and_mode = a->I->mod[VA_MOD_AND] == 1;
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      bool c = float_condition(a, l);
      bool other = ((a->raw[2] >> (l * bits)) & sim_mask(bits)) != 0;
      c = and_mode ? c && other : c || other;
      r |= sim_alu_bool(a, c, bits) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_fcsel(const struct sim_alu *a)
{
   unsigned n = sim_lane_count(a->op->bits), bits = a->op->bits;
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      unsigned pick = float_condition(a, l) ? 2 : 3;
      r |= ((a->raw[pick] >> (l * bits)) & sim_mask(bits)) << (l * bits);
   }
   return r;
}

static double
fround_lane(const struct sim_alu *a, unsigned l)
{
   return sim_round_integral(float_lane(a, 0, l), round_mode(a));
}

uint64_t
sim_alu_fround(const struct sim_alu *a)
{
   return float_result(a, fround_lane, VA_CLAMP_NONE);
}

uint64_t
sim_alu_int_to_float(const struct sim_alu *a)
{
   bool sign = a->op->flags & ALU_SIGNED;
   unsigned from = a->op->param, m = round_mode(a);
   if (a->op->bits == 32) {
      uint64_t v = sim_alu_int(a, 0, 0, from, sign);
      double x = sign ? (double)sim_sext(v, from) : (double)v;
      return sim_f64_to_f32(x, m);
   }
   uint32_t r = 0;
   for (unsigned l = 0; l < 2; l++) {
      uint64_t v = sim_alu_int(a, 0, l, from, sign);
      double x = sign ? (double)sim_sext(v, from) : (double)v;
      r |= (uint32_t)sim_f64_to_f16(x, m) << (16 * l);
   }
   return r;
}

uint64_t
sim_alu_float_to_int(const struct sim_alu *a)
{
   bool sign = a->op->flags & ALU_SIGNED;
   unsigned bits = a->op->bits, m = round_mode(a);
   int64_t lo = sign ? -((int64_t)1 << (bits - 1)) : 0;
   int64_t hi = sign ? ((int64_t)1 << (bits - 1)) - 1 : (int64_t)sim_mask(bits);
   unsigned n = sim_lane_count(bits);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      double x = a->op->param == 32 ? sim_alu_f32(a, 0) : sim_alu_f16(a, 0, l);
      r |= ((uint64_t)sim_f64_to_int(x, m, lo, hi) & sim_mask(bits))
           << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_int_to_int(const struct sim_alu *a)
{
   bool sign = a->op->flags & ALU_SIGNED;
   unsigned n = sim_lane_count(a->op->bits);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++)
      r |= sim_alu_int(a, 0, l, a->op->bits, sign) << (l * a->op->bits);
   return r;
}

uint64_t
sim_alu_f16_to_f32(const struct sim_alu *a)
{
   return sim_f64_to_f32(sim_alu_f16(a, 0, 0), 0);
}

uint64_t
sim_alu_v2f32_to_v2f16(const struct sim_alu *a)
{
   unsigned m = round_mode(a), c = clamp_mode(a);
   uint32_t r = 0;
   for (unsigned l = 0; l < 2; l++) {
      uint16_t h = sim_f64_to_f16(sim_alu_f32(a, l), m);
      if (c != VA_CLAMP_NONE)
         h = sim_f64_to_f16(sim_clamp(sim_f16_to_f64(h), c), m);
      r |= (uint32_t)h << (16 * l);
   }
   return r;
}

/* Rule 5. */
static bool
write_dest(struct sim_warp *w, const struct sim_alu_op *op, unsigned lane,
           uint64_t r)
{
   const struct va_instr *I = w->I;
   unsigned reg = I->dest.reg;
   if (va_form(I->op)->size == 64) {
      sim_write_reg(w, lane, reg, (uint32_t)r);
      sim_write_reg(w, lane, reg + 1, (uint32_t)(r >> 32));
      return true;
   }
   uint32_t keep = 0;
   if (I->dest.mask == VA_DEST_H0)
      keep = 0xFFFF0000u;
   else if (I->dest.mask == VA_DEST_H1)
      keep = 0x0000FFFFu;
   if (keep && (op->flags & ALU_FLOAT_RESULT))
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "a half destination of a binary32 result");
   sim_write_reg(w, lane, reg,
                 (w->reg[lane][reg] & keep) | ((uint32_t)r & ~keep));
   return true;
}

bool
sim_alu_execute(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   const struct va_form *f = va_form(I->op);
   const struct sim_alu_op *op = &alu_ops[I->op];
   if (!op->fn)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED, "%s is not modelled", f->name);
   if (f->size == 64 && f->nr_dests && (I->dest.reg & 1))
      return sim_fail(w, SIM_ERROR_DECODE,
                      "a 64-bit result in r%u, an odd register", I->dest.reg);
   /* Every lane reads its sources before any lane writes: CLPER reads
    * another lane's register, which that lane may be overwriting. */
   uint64_t result[SIM_LANES];
   sim_foreach_lane (w->active, l) {
      struct sim_alu a = {.w = w, .I = I, .op = op, .lane = l};
      for (unsigned i = 0; i < f->nr_srcs; i++)
         a.raw[i] = sim_src_raw(w, l, i);
      result[l] = op->fn(&a);
      if (sim_failed(w))
         return false;
   }
   if (f->nr_dests)
      sim_foreach_lane (w->active, l)
         if (!write_dest(w, op, l, result[l]))
            return false;
   return true;
}
