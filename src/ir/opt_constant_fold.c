/* SPDX-License-Identifier: MIT */
/*
 * Constant folding: an instruction whose sources are all 32-bit constants
 * is replaced by its result.
 *
 * 1. Only exactly specified results fold.  Transcendentals, derivatives
 *    and 16-bit conversion never do, and neither do inputs whose result
 *    TGSI leaves undefined (division by zero, out-of-range conversions,
 *    bitfields past bit 31): folded and unfolded code must agree bit for
 *    bit with what the hardware computes.  The one approximation that
 *    folds is a reciprocal of a normal constant with a normal result
 *    (a DIV by a constant, a constant w): it folds correctly rounded,
 *    which FRCP is within an ulp of and RCP and DIV allow (3 and 4 ulp).
 * 2. Float results follow Valhall: round to nearest even, denormals kept;
 *    min/max return the non-NaN operand and order -0 below +0
 *    (valhall-isa.xml, `Clamp`); the destination clamp applies last.
 * 3. Shift counts are taken modulo 32, as TGSI specifies.
 * 4. A CSEL whose comparison folds becomes a copy of the chosen source,
 *    which may be a variable; a source with modifiers becomes a MOV
 *    that applies them (a modified operand cannot stand for a value).
 * 5. 64-bit operations fold after lower_int64 has split them.
 *
 * Requires: SSA.
 * Ensures:  no instruction folded by these rules has constant sources only.
 * Invalidates: nothing (the removed results' numbers stay unused).
 */
#include <math.h>
#include <string.h>

#include "ir.h"
#include "util/bits.h"

typedef bool (*fold_fn)(const struct ir_instr *I, const uint32_t *v,
                        uint32_t *out);

static bool
is_nan(uint32_t u)
{
   return (u & 0x7fffffffu) > 0x7f800000u;
}

/* Valhall min/max: NaN loses, -0 < +0. */
static uint32_t
fminmax(uint32_t a, uint32_t b, bool max)
{
   if (is_nan(a))
      return b;
   if (is_nan(b))
      return a;
   float fa = bits_to_float(a), fb = bits_to_float(b);
   if (fa == fb) {
      /* Equal values differ only in the sign of zero. */
      bool a_neg = a >> 31;
      return max ? (a_neg ? b : a) : (a_neg ? a : b);
   }
   return (fa > fb) == max ? a : b;
}

static bool
fold_fadd(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = float_to_bits(bits_to_float(v[0]) + bits_to_float(v[1]));
   return true;
}

static bool
fold_fmul(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = float_to_bits(bits_to_float(v[0]) * bits_to_float(v[1]));
   return true;
}

static bool
fold_fma(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = float_to_bits(
       fmaf(bits_to_float(v[0]), bits_to_float(v[1]), bits_to_float(v[2])));
   return true;
}

/* Rule 1: normal in, normal out, correctly rounded (the double quotient
 * has more than twice the bits, so rounding it again is exact). */
static bool
fold_frcp(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   uint32_t exponent = (v[0] >> 23) & 0xff;
   if (exponent < 1 || exponent > 254)
      return false;
   uint32_t r = float_to_bits((float)(1.0 / (double)bits_to_float(v[0])));
   exponent = (r >> 23) & 0xff;
   if (exponent < 1 || exponent > 254)
      return false;
   *out = r;
   return true;
}

static bool
fold_fmin(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = fminmax(v[0], v[1], false);
   return true;
}

static bool
fold_fmax(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = fminmax(v[0], v[1], true);
   return true;
}

static bool
fold_round(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   float x = bits_to_float(v[0]);
   switch (I->op) {
   case IR_OP_FFLOOR: x = floorf(x); break;
   case IR_OP_FCEIL: x = ceilf(x); break;
   case IR_OP_FTRUNC: x = truncf(x); break;
   default: x = rintf(x); break; /* FROUND: nearest even */
   }
   *out = float_to_bits(x);
   return true;
}

static bool
fold_fldexp(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   int32_t e = (int32_t)v[1];
   /* Past +-300 every binary32 saturates or flushes the same way. */
   e = e > 300 ? 300 : e < -300 ? -300 : e;
   *out = float_to_bits(ldexpf(bits_to_float(v[0]), e));
   return true;
}

static bool
compare(enum ir_cmptype type, enum ir_cond cond, uint32_t a, uint32_t b)
{
   if (type == IR_CMP_F) {
      float x = bits_to_float(a), y = bits_to_float(b);
      bool unordered = is_nan(a) || is_nan(b);
      switch (cond) {
      case IR_COND_EQ: return x == y;
      case IR_COND_GT: return x > y;
      case IR_COND_GE: return x >= y;
      case IR_COND_NE: return unordered || x != y;
      case IR_COND_LT: return x < y;
      case IR_COND_LE: return x <= y;
      case IR_COND_GTLT: return !unordered && x != y;
      }
      return false;
   }
   int64_t x = type == IR_CMP_S ? (int64_t)(int32_t)a : (int64_t)a;
   int64_t y = type == IR_CMP_S ? (int64_t)(int32_t)b : (int64_t)b;
   switch (cond) {
   case IR_COND_EQ: return x == y;
   case IR_COND_GT: return x > y;
   case IR_COND_GE: return x >= y;
   case IR_COND_NE: return x != y;
   case IR_COND_LT: return x < y;
   case IR_COND_LE: return x <= y;
   case IR_COND_GTLT: return x != y;
   }
   return false;
}

static uint32_t
boolean(enum ir_boolfmt fmt, bool b)
{
   static const uint32_t true_bits[] = {
      [IR_BOOL_M1] = 0xffffffffu,
      [IR_BOOL_F1] = 0x3f800000u,
      [IR_BOOL_I1] = 1,
   };
   return b ? true_bits[fmt] : 0;
}

static bool
fold_cmp(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   *out = boolean(I->boolfmt, compare(I->cmptype, I->cond, v[0], v[1]));
   return true;
}

static bool
fold_f2i(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   float x = truncf(bits_to_float(v[0]));
   if (I->op == IR_OP_F2I) {
      if (!(x >= -2147483648.0f && x < 2147483648.0f))
         return false;
      *out = (uint32_t)(int32_t)x;
   } else {
      if (!(x >= 0.0f && x < 4294967296.0f))
         return false;
      *out = (uint32_t)x;
   }
   return true;
}

static bool
fold_i2f(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   if (I->op == IR_OP_I2F)
      *out = float_to_bits((float)(int32_t)v[0]);
   else
      *out = float_to_bits((float)v[0]);
   return true;
}

static bool
fold_int2(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   uint32_t a = v[0], b = v[1];
   int32_t sa = (int32_t)a, sb = (int32_t)b;
   switch (I->op) {
   case IR_OP_IADD: *out = a + b; break;
   case IR_OP_ISUB: *out = a - b; break;
   case IR_OP_IMUL: *out = a * b; break;
   case IR_OP_IMULHI: *out = (uint32_t)(((int64_t)sa * sb) >> 32); break;
   case IR_OP_UMULHI: *out = (uint32_t)(((uint64_t)a * b) >> 32); break;
   case IR_OP_IMIN: *out = sa < sb ? a : b; break;
   case IR_OP_IMAX: *out = sa > sb ? a : b; break;
   case IR_OP_UMIN: *out = a < b ? a : b; break;
   case IR_OP_UMAX: *out = a > b ? a : b; break;
   case IR_OP_AND: *out = a & b; break;
   case IR_OP_OR: *out = a | b; break;
   case IR_OP_XOR: *out = a ^ b; break;
   case IR_OP_SHL: *out = a << (b & 31); break;
   case IR_OP_USHR: *out = a >> (b & 31); break;
   case IR_OP_ISHR:
      /* Arithmetic shift without relying on implementation-defined >>. */
      *out = (b & 31) ? (a >> (b & 31)) |
                           (sa < 0 ? ~(0xffffffffu >> (b & 31)) : 0)
                      : a;
      break;
   case IR_OP_UDIV: *out = b ? a / b : 0xffffffffu; break;
   case IR_OP_UREM: *out = b ? a % b : 0xffffffffu; break;
   case IR_OP_IDIV:
   case IR_OP_IREM:
      if (b == 0 || (a == 0x80000000u && b == 0xffffffffu))
         return false;
      *out = (uint32_t)(I->op == IR_OP_IDIV ? sa / sb : sa % sb);
      break;
   default: return false;
   }
   return true;
}

static bool
fold_int1(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   uint32_t a = v[0];
   int32_t sa = (int32_t)a;
   switch (I->op) {
   case IR_OP_IABS: *out = sa < 0 ? 0u - a : a; break;
   case IR_OP_INEG: *out = 0u - a; break;
   case IR_OP_ISIGN: *out = sa < 0 ? 0xffffffffu : sa > 0; break;
   case IR_OP_NOT: *out = ~a; break;
   case IR_OP_POPC: *out = (uint32_t)__builtin_popcount(a); break;
   case IR_OP_CLZ: *out = a ? (uint32_t)__builtin_clz(a) : 32; break;
   case IR_OP_BREV: {
      uint32_t r = 0;
      for (unsigned i = 0; i < 32; i++)
         r |= ((a >> i) & 1u) << (31 - i);
      *out = r;
      break;
   }
   default: return false;
   }
   return true;
}

/* Bitfields: offset and width must stay inside the word (TGSI leaves the
 * rest undefined). */
static bool
fold_bitfield(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   bool insert = I->op == IR_OP_BFI;
   uint32_t off = v[insert ? 2 : 1], bits = v[insert ? 3 : 2];
   if (off > 31 || bits > 32 || off + bits > 32)
      return false;
   uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1) << off;
   if (insert) {
      *out = ((v[1] << off) & mask) | (v[0] & ~mask);
      return true;
   }
   if (bits == 0) {
      *out = 0;
      return true;
   }
   uint32_t field = (v[0] & mask) >> off;
   if (I->op == IR_OP_IBFE && bits < 32 && (field >> (bits - 1)) & 1)
      field |= ~0u << bits;
   *out = field;
   return true;
}

static bool
fold_mov(const struct ir_instr *I, const uint32_t *v, uint32_t *out)
{
   (void)I;
   *out = v[0];
   return true;
}

static const fold_fn fold_table[IR_OP_COUNT] = {
   [IR_OP_MOV] = fold_mov,
   [IR_OP_FADD] = fold_fadd,
   [IR_OP_FMUL] = fold_fmul,
   [IR_OP_FMA] = fold_fma,
   [IR_OP_FRCP] = fold_frcp,
   [IR_OP_FMIN] = fold_fmin,
   [IR_OP_FMAX] = fold_fmax,
   [IR_OP_FFLOOR] = fold_round,
   [IR_OP_FCEIL] = fold_round,
   [IR_OP_FTRUNC] = fold_round,
   [IR_OP_FROUND] = fold_round,
   [IR_OP_FLDEXP] = fold_fldexp,
   [IR_OP_FCMP] = fold_cmp,
   [IR_OP_ICMP] = fold_cmp,
   [IR_OP_F2I] = fold_f2i,
   [IR_OP_F2U] = fold_f2i,
   [IR_OP_I2F] = fold_i2f,
   [IR_OP_U2F] = fold_i2f,
   [IR_OP_IADD] = fold_int2,
   [IR_OP_ISUB] = fold_int2,
   [IR_OP_IMUL] = fold_int2,
   [IR_OP_IMULHI] = fold_int2,
   [IR_OP_UMULHI] = fold_int2,
   [IR_OP_IMIN] = fold_int2,
   [IR_OP_IMAX] = fold_int2,
   [IR_OP_UMIN] = fold_int2,
   [IR_OP_UMAX] = fold_int2,
   [IR_OP_AND] = fold_int2,
   [IR_OP_OR] = fold_int2,
   [IR_OP_XOR] = fold_int2,
   [IR_OP_SHL] = fold_int2,
   [IR_OP_ISHR] = fold_int2,
   [IR_OP_USHR] = fold_int2,
   [IR_OP_IDIV] = fold_int2,
   [IR_OP_UDIV] = fold_int2,
   [IR_OP_IREM] = fold_int2,
   [IR_OP_UREM] = fold_int2,
   [IR_OP_IABS] = fold_int1,
   [IR_OP_INEG] = fold_int1,
   [IR_OP_ISIGN] = fold_int1,
   [IR_OP_NOT] = fold_int1,
   [IR_OP_POPC] = fold_int1,
   [IR_OP_CLZ] = fold_int1,
   [IR_OP_BREV] = fold_int1,
   [IR_OP_BFI] = fold_bitfield,
   [IR_OP_IBFE] = fold_bitfield,
   [IR_OP_UBFE] = fold_bitfield,
};

static uint32_t
apply_clamp(enum ir_clamp clamp, uint32_t x)
{
   if (clamp == IR_CLAMP_0_INF || clamp == IR_CLAMP_0_1)
      x = fminmax(x, 0, true);
   if (clamp == IR_CLAMP_M1_1)
      x = fminmax(fminmax(x, 0xbf800000u, true), 0x3f800000u, false);
   if (clamp == IR_CLAMP_0_1)
      x = fminmax(x, 0x3f800000u, false);
   return x;
}

/* A 32-bit CSEL with a constant comparison: becomes the chosen operand.
 * The constants are tested before the size (fold_instr). */
static bool
fold_csel(struct ir_remap *m, struct ir_instr *I)
{
   uint32_t a, b;
   if (!ir_ref_const_bits(I->src[0], &a) ||
       !ir_ref_const_bits(I->src[1], &b) || ir_ref_bits(m->s, I->dst) != 32)
      return false;
   bool take = compare(I->cmptype, I->cond, a, b);
   struct ir_ref pick = I->src[take ? 2 : 3];
   if (pick.mods) {
      /* A modified operand (CMP's |x|) is no value a phi or a copy can
       * carry: the CSEL becomes a MOV that applies the modifier. */
      ir_instr_set_nsrc(m->s, I, 1);
      I->op = IR_OP_MOV;
      I->src[0] = pick;
      return false;
   }
   ir_remap_set(m, I->dst.index, pick);
   return true;
}

/* The constant operands are tested before the result's size: the size
 * is in the values array, a load away from the instruction, and nearly
 * every instruction fails the first test. */
static bool
fold_instr(struct ir_shader *s, struct ir_remap *m, struct ir_instr *I)
{
   ir_foreach_src(I, i)
      ir_remap_operand(m, I, i);
   if (I->op == IR_OP_CSEL)
      return fold_csel(m, I);
   fold_fn fn = fold_table[I->op];
   if (!fn || I->ndst != 1)
      return false;
   uint32_t v[4];
   ir_foreach_src(I, i) {
      if (!ir_ref_const_bits(I->src[i], &v[i]))
         return false;
   }
   if (ir_ref_bits(s, I->dst) != 32)
      return false;
   uint32_t result;
   if (!fn(I, v, &result))
      return false;
   ir_remap_set(m, I->dst.index, ir_imm(apply_clamp(I->clamp, result)));
   return true;
}

bool
ir_opt_constant_fold(struct ir_shader *s)
{
   struct ir_remap m;
   bool progress = false;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         if (fold_instr(s, &m, I)) {
            ir_instr_remove(I);
            progress = true;
         }
      }
   }
   if (progress)
      ir_remap_apply(s, &m);
   return progress;
}
