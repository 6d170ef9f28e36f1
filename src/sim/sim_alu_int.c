/* SPDX-License-Identifier: MIT */
/*
 * Integer, bitwise, compare and cross-lane ALU forms.
 *
 * 1. Vector forms work lane by lane (two 16-bit or four 8-bit lanes of a
 *    register); .saturate clamps to the lane type's range, signed for the
 *    .sN forms and unsigned otherwise; without it results wrap.
 * 2. Shifts: the count is the byte the shift source's lane field selects
 *    (the first of the pair for 32- and 64-bit shifts, one each for the
 *    two 16-bit lanes), taken modulo the lane width, as NIR's and TGSI's
 *    shifts are, and as Mesa relies on by shifting with the raw count.
 *    RSHIFT.signed shifts arithmetically.  The result is then combined
 *    with the third source (after its .not) and inverted by .not_result.
 * 3. Compare result types: i1 gives 1, m1 all ones, f1 1.0 (binary32, or
 *    binary16 per 16-bit lane); u1, used for the low half of a 64-bit
 *    compare, is modelled as 1.  The third source is a boolean (nonzero
 *    is true) combined by OR, or AND with .and; with .seq it is the
 *    result of the less significant half and decides when A == B, which
 *    builds 64-bit compares from two 32-bit ones as the XML describes.
 *    gtlt means "not equal" and total "always" for integers.
 * 4. MUX tests its mask per lane (sign bit, integer zero, float +-0) and
 *    picks A when the test holds; .bit picks each bit.
 * 5. CLPER reads A from lane B of the lane's subgroup (or lane ^ B with
 *    .xor), as it was before the instruction (sim_alu_execute writes
 *    after every lane has read); a lane that is not executing the
 *    instruction gives the inactive-result constant.  The accumulate and
 *    shift lane operations are not documented well enough to model and
 *    are refused.
 * 6. IABS of the most negative value gives itself; CLZ of 0 is the lane
 *    width.
 */
#include "sim_alu.h"

uint64_t
sim_alu_mov(const struct sim_alu *a)
{
   return (uint32_t)a->raw[0];
}

static bool
is_signed(const struct sim_alu *a)
{
   return a->op->flags & ALU_SIGNED;
}

static bool
saturating(const struct sim_alu *a)
{
   return a->I->mod[VA_MOD_SATURATE] == 1;
}

/* Clamps v (signed or unsigned lane value, as a 64-bit integer that
 * cannot have overflowed) to the lane's range when saturating. */
static uint64_t
lane_result(const struct sim_alu *a, int64_t v, unsigned bits)
{
   if (saturating(a) && bits < 64) {
      int64_t lo = is_signed(a) ? -((int64_t)1 << (bits - 1)) : 0;
      int64_t hi = is_signed(a) ? ((int64_t)1 << (bits - 1)) - 1
                                : (int64_t)sim_mask(bits);
      v = v < lo ? lo : v > hi ? hi : v;
   }
   return (uint64_t)v & sim_mask(bits);
}

static int64_t
lane_value(const struct sim_alu *a, unsigned i, unsigned l, unsigned bits)
{
   uint64_t v = sim_alu_int(a, i, l, bits, is_signed(a));
   return is_signed(a) ? sim_sext(v, bits) : (int64_t)v;
}

static uint64_t
iadd64(const struct sim_alu *a)
{
   uint64_t x = sim_alu_int(a, 0, 0, 64, is_signed(a));
   uint64_t y = sim_alu_int(a, 1, 0, 64, is_signed(a));
   bool sub = a->op->param;
   if (!saturating(a))
      return sub ? x - y : x + y;
   if (is_signed(a)) {
      int64_t r;
      bool o = sub ? __builtin_sub_overflow((int64_t)x, (int64_t)y, &r)
                   : __builtin_add_overflow((int64_t)x, (int64_t)y, &r);
      if (o)
         return (int64_t)x < 0 ? (uint64_t)INT64_MIN : (uint64_t)INT64_MAX;
      return (uint64_t)r;
   }
   if (sub)
      return x < y ? 0 : x - y;
   return x + y < x ? UINT64_MAX : x + y;
}

uint64_t
sim_alu_iadd(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   if (bits == 64)
      return iadd64(a);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      int64_t x = lane_value(a, 0, l, bits), y = lane_value(a, 1, l, bits);
      r |= lane_result(a, a->op->param ? x - y : x + y, bits) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_iadd_imm(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   uint64_t x = (uint32_t)a->raw[0], k = (uint32_t)a->I->imm[VA_IMM_CONSTANT];
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      uint64_t s = (x >> (l * bits)) + (k >> (l * bits));
      r |= (s & sim_mask(bits)) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_imul(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      int64_t x = lane_value(a, 0, l, bits), y = lane_value(a, 1, l, bits);
      uint64_t p = (uint64_t)x * (uint64_t)y; /* low 64 bits, exact */
      if (saturating(a)) {
         /* |x|, |y| < 2^32: the product fits in 64 signed bits unless
          * both are unsigned 32-bit values. */
         if (!is_signed(a) && bits == 32)
            r |= (p >> 32) ? 0xFFFFFFFFu : p;
         else
            r |= lane_result(a, (int64_t)p, bits) << (l * bits);
      } else {
         r |= (p & sim_mask(bits)) << (l * bits);
      }
   }
   return r;
}

uint64_t
sim_alu_imuld(const struct sim_alu *a)
{
   return sim_alu_int(a, 0, 0, 32, false) * sim_alu_int(a, 1, 0, 32, false);
}

uint64_t
sim_alu_hadd(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   int64_t round = a->I->mod[VA_MOD_RHADD] == 1;
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      int64_t x = lane_value(a, 0, l, bits), y = lane_value(a, 1, l, bits);
      int64_t s = x + y + round;
      /* floor division by two, also for negative sums */
      int64_t h = s >= 0 ? s / 2 : -((-s + 1) / 2);
      r |= ((uint64_t)h & sim_mask(bits)) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_shaddx(const struct sim_alu *a)
{
   uint64_t b = sim_alu_int(a, 1, 0, 64, is_signed(a));
   return a->raw[0] + (b << (a->I->imm[VA_IMM_SHIFT] & 63));
}

uint64_t
sim_alu_mkvec_v2i16(const struct sim_alu *a)
{
   return sim_alu_int(a, 0, 0, 16, false) | sim_alu_int(a, 1, 0, 16, false)
                                                << 16;
}

uint64_t
sim_alu_mkvec_v2i8(const struct sim_alu *a)
{
   return sim_alu_int(a, 0, 0, 8, false) | sim_alu_int(a, 1, 0, 8, false) << 8 |
          ((uint32_t)a->raw[2] & 0xFFFF) << 16;
}

/* Rule 2: the shift count of lane `l`. */
static unsigned
shift_count(const struct sim_alu *a, unsigned l, unsigned bits)
{
   const struct sim_swz *s = &sim_swizzles[a->I->src[1].swizzle];
   unsigned byte = s->kind == SIM_SWZ_BYTES2 ? s->sel[bits == 16 ? l : 0]
                                             : (bits == 16 ? 2 * l : 0);
   return (unsigned)(a->raw[1] >> (8 * byte)) & (bits - 1);
}

uint64_t
sim_alu_shift(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   unsigned how = a->op->param & 3;
   bool left = a->op->param & 4, arith = a->I->mod[VA_MOD_SIGNED] == 1;
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      uint64_t x = sim_alu_int(a, 0, l, bits, false);
      uint64_t b = sim_alu_int(a, 2, l, bits, false);
      unsigned c = shift_count(a, l, bits);
      uint64_t s;
      if (left)
         s = x << c;
      else if (arith)
         s = (uint64_t)(sim_sext(x, bits) >> c);
      else
         s = x >> c;
      uint64_t v = how == 0 ? s & b : how == 1 ? s | b : s ^ b;
      if (a->I->mod[VA_MOD_NOT_RESULT] == 1)
         v = ~v;
      r |= (v & sim_mask(bits)) << (l * bits);
   }
   return r;
}

static bool
mux_test(const struct sim_alu *a, uint64_t m, unsigned bits)
{
   switch (a->I->mod[VA_MOD_MUX]) {
   case VA_MUX_NEG: return (m >> (bits - 1)) & 1;
   case VA_MUX_INT_ZERO: return m == 0;
   case VA_MUX_FP_ZERO: return (m & (sim_mask(bits) >> 1)) == 0;
   default: return false;
   }
}

uint64_t
sim_alu_mux(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   if (a->I->mod[VA_MOD_MUX] == VA_MUX_FP_ZERO && bits == 8)
      return sim_alu_fail(a, "MUX.v4i8.fp_zero: there is no 8-bit float");
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      uint64_t x = sim_alu_int(a, 0, l, bits, false);
      uint64_t y = sim_alu_int(a, 1, l, bits, false);
      uint64_t m = sim_alu_int(a, 2, l, bits, false);
      uint64_t v;
      if (a->I->mod[VA_MOD_MUX] == VA_MUX_BIT)
         v = (x & m) | (y & ~m);
      else
         v = mux_test(a, m, bits) ? x : y;
      r |= (v & sim_mask(bits)) << (l * bits);
   }
   return r;
}

bool
sim_alu_condition(unsigned cond, int order, bool unordered)
{
   switch (cond) {
   case VA_CONDITION_EQ: return !unordered && order == 0;
   case VA_CONDITION_GT: return !unordered && order > 0;
   case VA_CONDITION_GE: return !unordered && order >= 0;
   case VA_CONDITION_NE: return unordered || order != 0;
   case VA_CONDITION_LT: return !unordered && order < 0;
   case VA_CONDITION_LE: return !unordered && order <= 0;
   case VA_CONDITION_GTLT: return !unordered && order != 0;
   default: return !unordered; /* total */
   }
}

uint64_t
sim_alu_bool(const struct sim_alu *a, bool v, unsigned bits)
{
   if (!v)
      return 0;
   switch (a->I->mod[VA_MOD_RESULT_TYPE]) {
   case VA_RESULT_TYPE_M1: return sim_mask(bits);
   case VA_RESULT_TYPE_F1:
      if (bits == 8)
         return sim_alu_fail(a, "an f1 result in an 8-bit lane");
      return bits == 32 ? 0x3F800000u : 0x3C00u;
   default: return 1; /* i1, u1 */
   }
}

static int
int_order(const struct sim_alu *a, unsigned l, unsigned bits)
{
   int64_t x = lane_value(a, 0, l, bits), y = lane_value(a, 1, l, bits);
   if (!is_signed(a))
      return (uint64_t)x < (uint64_t)y ? -1 : x != y;
   return x < y ? -1 : x > y;
}

uint64_t
sim_alu_icmp(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   unsigned cond = (unsigned)a->I->mod[VA_MOD_CMP];
   bool and_mode = a->I->mod[VA_MOD_AND] == 1;
   bool seq = a->I->mod[VA_MOD_SEQ] == 1;
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      int order = int_order(a, l, bits);
      bool c = sim_alu_condition(cond, order, false);
      bool other = ((a->raw[2] >> (l * bits)) & sim_mask(bits)) != 0;
      if (seq)
         c = order == 0 ? other : c;
      else
         c = and_mode ? c && other : c || other;
      r |= sim_alu_bool(a, c, bits) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_icsel(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      bool c = sim_alu_condition((unsigned)a->I->mod[VA_MOD_CMP],
                                 int_order(a, l, bits), false);
      uint64_t v = a->raw[c ? 2 : 3] >> (l * bits);
      r |= (v & sim_mask(bits)) << (l * bits);
   }
   return r;
}

static uint64_t
unary_lane(const struct sim_alu *a, uint64_t x, unsigned bits)
{
   uint64_t r = 0;
   switch (a->op->param) {
   case 0: /* clz */
      while (r < bits && !((x >> (bits - 1 - r)) & 1))
         r++;
      return r;
   case 1: { /* iabs */
      int64_t s = sim_sext(x, bits);
      return (uint64_t)(s < 0 ? -s : s);
   }
   case 2: return (uint64_t)__builtin_popcountll(x & sim_mask(bits));
   case 3:
      for (unsigned i = 0; i < bits; i++)
         r |= ((x >> i) & 1) << (bits - 1 - i);
      return r;
   default: return ~x;
   }
}

uint64_t
sim_alu_unary(const struct sim_alu *a)
{
   unsigned bits = a->op->bits, n = sim_lane_count(bits);
   uint64_t r = 0;
   for (unsigned l = 0; l < n; l++) {
      uint64_t x = sim_alu_int(a, 0, l, bits, is_signed(a));
      r |= (unary_lane(a, x, bits) & sim_mask(bits)) << (l * bits);
   }
   return r;
}

uint64_t
sim_alu_idp(const struct sim_alu *a)
{
   int64_t sum = (int32_t)(uint32_t)a->raw[2];
   if (!is_signed(a))
      sum = (uint32_t)a->raw[2];
   for (unsigned l = 0; l < 4; l++) {
      uint64_t x = (a->raw[0] >> (8 * l)) & 0xFF;
      uint64_t y = (a->raw[1] >> (8 * l)) & 0xFF;
      if (is_signed(a))
         sum += sim_sext(x, 8) * sim_sext(y, 8);
      else
         sum += (int64_t)(x * y);
   }
   return lane_result(a, sum, 32);
}

static const uint32_t inactive_results[16] = {
    0x00000000, 0xFFFFFFFF, 0x00000001, 0x00010001, 0x80000000, 0x7FFFFFFF,
    0x80008000, 0x7FFF7FFF, 0x80808080, 0x7F7F7F7F, 0x3F800000, 0x3C003C00,
    0xFF800000, 0x7F800000, 0xFC00FC00, 0x7C007C00,
};

uint64_t
sim_alu_clper(const struct sim_alu *a)
{
   unsigned n = 2u << a->I->mod[VA_MOD_SUBGROUP], lane = a->lane;
   unsigned base = lane & ~(n - 1);
   unsigned b = (unsigned)sim_alu_int(a, 1, 0, 32, false);
   unsigned target;
   switch (a->I->mod[VA_MOD_LANE_OP]) {
   case VA_LANE_OPERATION_NONE: target = base + (b & (n - 1)); break;
   case VA_LANE_OPERATION_XOR:
      target = base + (((lane - base) ^ b) & (n - 1));
      break;
   default:
      return sim_alu_fail(a, "CLPER lane operation .%s is not modelled",
                          va_enum_value_name(VA_ENUM_LANE_OPERATION,
                                             a->I->mod[VA_MOD_LANE_OP]));
   }
   if (!(a->w->active & (1u << target)))
      return inactive_results[a->I->mod[VA_MOD_INACTIVE_RESULT] & 15];
   uint64_t v = sim_src_raw(a->w, target, 0);
   return a->op->bits == 64 ? v : (uint32_t)v;
}

uint64_t
sim_alu_wmask(const struct sim_alu *a)
{
   unsigned n = 2u << a->I->mod[VA_MOD_SUBGROUP];
   unsigned base = a->lane & ~(n - 1);
   uint32_t r = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned l = base + i;
      if ((a->w->active & (1u << l)) && (uint32_t)sim_src_raw(a->w, l, 0))
         r |= 1u << i;
   }
   return r;
}
