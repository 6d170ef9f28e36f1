/* SPDX-License-Identifier: MIT */
/*
 * The integer opcodes of the interpreter: 32-bit arithmetic, logic,
 * comparisons and bitfields, and the 64-bit integer opcodes on channel
 * pairs (spec "Integer ISA", "Bitwise ISA", "64-bit Integer ISA").
 *
 * 1. Integer results are exact; only what the spec leaves undefined is
 *    flagged: IDIV and MOD by zero or of INT_MIN by -1, the 64-bit
 *    divisions and remainders by zero, and bitfields whose offset or
 *    width is negative or reaches past bit 31.  UDIV and UMOD by zero
 *    give 0xffffffff as specified.  Shift counts are masked.
 * 2. A 64-bit value is a pair of channels, low word first: xy and zw.
 *    Per-pair opcodes compute both pairs.  Shifts take their count from
 *    src1.x for xy and src1.y for zw.  Comparisons put the xy result in
 *    x and y and the zw result in z and w (the spec names x and z; either
 *    channel of a pair receives its pair's result).  Conversions to 64
 *    bits read src.x for xy and src.y for zw; from 64 bits they write the
 *    xy result to x and z and the zw result to y and w.
 */
#include "tgsi_interp_priv.h"

#define U(i, c) (io->s[i][c])
#define I(i, c) ((int32_t)io->s[i][c])

static void
ev_ucmp(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = U(0, c) ? U(1, c) : U(2, c);
}

static int
sel_ucmp(const struct interp_vec *src, unsigned c)
{
   int r = interp_bits_nonzero(src[0].v[c], src[0].err[c]);
   if (r < 0)
      return -1;
   return r ? 1 : 2;
}

static void
ev_mov(struct alu_io *io)
{
   memcpy(io->d, io->s[0], sizeof(io->d));
}

static int
sel_first(const struct interp_vec *src, unsigned c)
{
   (void)src;
   (void)c;
   return 0;
}

#define OP1(name, expr)                                                      \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned c = 0; c < 4; c++) {                                     \
         uint32_t a = U(0, c);                                               \
         io->d[c] = (uint32_t)(expr);                                        \
      }                                                                      \
   }

#define OP2(name, expr)                                                      \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned c = 0; c < 4; c++) {                                     \
         uint32_t a = U(0, c), b = U(1, c);                                  \
         io->d[c] = (uint32_t)(expr);                                        \
      }                                                                      \
   }

#define SA ((int32_t)a)
#define SB ((int32_t)b)
#define MASK(x) ((x) ? ~0u : 0u)

OP1(not, ~a)
OP1(ineg, 0u - a)
OP1(iabs, SA < 0 ? 0u - a : a)
OP1(issg, SA < 0 ? ~0u : SA > 0 ? 1u : 0u)
OP2(and, a & b)
OP2(or, a | b)
OP2(xor, a ^ b)
OP2(shl, a << (b & 31))
OP2(ishr, (uint32_t)(SA >> (b & 31)))
OP2(ushr, a >> (b & 31))
OP2(uadd, a + b)
OP2(umul, a * b)
OP2(imul_hi, (uint64_t)((int64_t)SA * (int64_t)SB) >> 32)
OP2(umul_hi, ((uint64_t)a * (uint64_t)b) >> 32)
OP2(udiv, b ? a / b : ~0u)
OP2(umod, b ? a % b : ~0u)
OP2(imax, SA > SB ? a : b)
OP2(imin, SA < SB ? a : b)
OP2(umax, a > b ? a : b)
OP2(umin, a < b ? a : b)
OP2(isge, MASK(SA >= SB))
OP2(islt, MASK(SA < SB))
OP2(useq, MASK(a == b))
OP2(usge, MASK(a >= b))
OP2(uslt, MASK(a < b))
OP2(usne, MASK(a != b))

static void
ev_umad(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++)
      io->d[c] = U(0, c) * U(1, c) + U(2, c);
}

static bool
idiv_defined(struct alu_io *io, unsigned c)
{
   if (I(1, c) == 0 || (I(0, c) == INT32_MIN && I(1, c) == -1)) {
      io->d[c] = 0;
      interp_undefined(io, c, TGSI_INTERP_UB_DIVIDE);
      return false;
   }
   return true;
}

static void
ev_idiv(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      if (idiv_defined(io, c))
         io->d[c] = (uint32_t)(I(0, c) / I(1, c));
   }
}

static void
ev_mod(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      if (idiv_defined(io, c))
         io->d[c] = (uint32_t)(I(0, c) % I(1, c));
   }
}

/* ---------------------------------------------------------------------
 * Bitfields
 */

static bool
field_defined(struct alu_io *io, unsigned c, int32_t offset, int32_t bits)
{
   if (offset < 0 || bits < 0 || (int64_t)offset + bits > 32) {
      io->d[c] = 0;
      interp_undefined(io, c, TGSI_INTERP_UB_BITFIELD);
      return false;
   }
   return true;
}

static void
ev_ibfe(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      int32_t offset = I(1, c), bits = I(2, c);
      if (!field_defined(io, c, offset, bits))
         continue;
      if (bits == 0) {
         io->d[c] = 0;
         continue;
      }
      uint32_t up = U(0, c) << (32 - offset - bits);
      io->d[c] = (uint32_t)((int32_t)up >> (32 - bits));
   }
}

static void
ev_ubfe(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      int32_t offset = I(1, c), bits = I(2, c);
      if (!field_defined(io, c, offset, bits))
         continue;
      io->d[c] = bits ? (U(0, c) << (32 - offset - bits)) >> (32 - bits)
                      : 0;
   }
}

static void
ev_bfi(struct alu_io *io)
{
   for (unsigned c = 0; c < 4; c++) {
      int32_t offset = I(2, c), bits = I(3, c);
      if (!field_defined(io, c, offset, bits))
         continue;
      uint64_t mask = (((uint64_t)1 << bits) - 1) << offset;
      uint64_t insert = (uint64_t)U(1, c) << offset;
      io->d[c] = (uint32_t)((insert & mask) | (U(0, c) & ~mask));
   }
}

static uint32_t
reverse_bits(uint32_t x)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((x >> i) & 1u) << (31 - i);
   return r;
}

static uint32_t
msb(uint32_t x)
{
   return x ? 31u - (uint32_t)__builtin_clz(x) : ~0u;
}

OP1(brev, reverse_bits(a))
OP1(popc, __builtin_popcount(a))
OP1(lsb, a ? (uint32_t)__builtin_ctz(a) : ~0u)
OP1(umsb, msb(a))
OP1(imsb, SA < 0 ? msb(~a) : msb(a))

/* ---------------------------------------------------------------------
 * 64-bit integers on pairs
 */

static uint64_t
pair(const struct alu_io *io, unsigned i, unsigned p)
{
   return interp_u64(io->s[i][p], io->s[i][p + 1]);
}

static void
put_pair(struct alu_io *io, unsigned p, uint64_t v)
{
   io->d[p] = (uint32_t)v;
   io->d[p + 1] = (uint32_t)(v >> 32);
}

#define P1(name, expr)                                                       \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         uint64_t a = pair(io, 0, p);                                        \
         put_pair(io, p, (uint64_t)(expr));                                  \
      }                                                                      \
   }

#define P2(name, expr)                                                       \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         uint64_t a = pair(io, 0, p), b = pair(io, 1, p);                    \
         put_pair(io, p, (uint64_t)(expr));                                  \
      }                                                                      \
   }

/* Shifts: the count is the 32-bit src1.x for xy, src1.y for zw. */
#define PSHIFT(name, expr)                                                   \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         uint64_t a = pair(io, 0, p);                                        \
         unsigned n = io->s[1][p / 2] & 63;                                  \
         put_pair(io, p, (uint64_t)(expr));                                  \
      }                                                                      \
   }

/* Comparisons: a 32-bit mask in both channels of the pair; the spec
 * defines only x and z (al_cmp64), so y and w are not compared. */
#define PCMP(name, expr)                                                     \
   static void ev_##name(struct alu_io *io)                                  \
   {                                                                         \
      for (unsigned p = 0; p < 4; p += 2) {                                  \
         uint64_t a = pair(io, 0, p), b = pair(io, 1, p);                    \
         io->d[p] = io->d[p + 1] = (expr) ? ~0u : 0u;                        \
      }                                                                      \
   }

#define SA64 ((int64_t)a)
#define SB64 ((int64_t)b)

P1(i64abs, SA64 < 0 ? 0 - a : a)
P1(i64neg, 0 - a)
P1(i64ssg, SA64 < 0 ? ~(uint64_t)0 : SA64 > 0 ? 1 : 0)
P2(u64add, a + b)
P2(u64mul, a * b)
P2(i64min, SA64 < SB64 ? a : b)
P2(u64min, a < b ? a : b)
P2(i64max, SA64 > SB64 ? a : b)
P2(u64max, a > b ? a : b)
PSHIFT(u64shl, a << n)
PSHIFT(i64shr, (uint64_t)(SA64 >> n))
PSHIFT(u64shr, a >> n)
PCMP(u64seq, a == b)
PCMP(u64sne, a != b)
PCMP(i64slt, SA64 < SB64)
PCMP(u64slt, a < b)
PCMP(i64sge, SA64 >= SB64)
PCMP(u64sge, a >= b)

static double
al_cmp64(const struct alu_io *io, unsigned c)
{
   (void)io;
   return c & 1 ? INFINITY : 0;
}

/* Division and remainder; by zero (and INT64_MIN / -1) undefined. */
static void
div64(struct alu_io *io, bool is_signed, bool rem)
{
   for (unsigned p = 0; p < 4; p += 2) {
      uint64_t a = pair(io, 0, p), b = pair(io, 1, p);
      if (!b || (is_signed && (int64_t)a == INT64_MIN && (int64_t)b == -1)) {
         put_pair(io, p, 0);
         interp_undefined(io, p, TGSI_INTERP_UB_DIVIDE);
         interp_undefined(io, p + 1, TGSI_INTERP_UB_DIVIDE);
         continue;
      }
      int64_t sa = (int64_t)a, sb = (int64_t)b;
      uint64_t r;
      if (is_signed)
         r = (uint64_t)(rem ? sa % sb : sa / sb);
      else
         r = rem ? a % b : a / b;
      put_pair(io, p, r);
   }
}

static void
ev_i64div(struct alu_io *io)
{
   div64(io, true, false);
}

static void
ev_u64div(struct alu_io *io)
{
   div64(io, false, false);
}

static void
ev_i64mod(struct alu_io *io)
{
   div64(io, true, true);
}

static void
ev_u64mod(struct alu_io *io)
{
   div64(io, false, true);
}

/* 32 -> 64: src.x makes xy, src.y makes zw. */
static void
ev_u2i64(struct alu_io *io)
{
   put_pair(io, 0, U(0, 0));
   put_pair(io, 2, U(0, 1));
}

static void
ev_i2i64(struct alu_io *io)
{
   put_pair(io, 0, (uint64_t)(int64_t)I(0, 0));
   put_pair(io, 2, (uint64_t)(int64_t)I(0, 1));
}

/* Float to 64-bit integer, truncating; out of range undefined. */
static void
f2x64(struct alu_io *io, double lo, double hi)
{
   for (unsigned k = 0; k < 2; k++) {
      double x = trunc((double)bits_to_float(U(0, k)));
      if (!(x >= lo && x < hi)) {
         put_pair(io, 2 * k, 0);
         interp_undefined(io, 2 * k, TGSI_INTERP_UB_CONVERT);
         interp_undefined(io, 2 * k + 1, TGSI_INTERP_UB_CONVERT);
         continue;
      }
      put_pair(io, 2 * k,
               lo < 0 ? (uint64_t)(int64_t)x : (uint64_t)x);
   }
}

static void
ev_f2u64(struct alu_io *io)
{
   f2x64(io, 0.0, 0x1p64);
}

static void
ev_f2i64(struct alu_io *io)
{
   f2x64(io, -0x1p63, 0x1p63);
}

/* 64 -> float32: xy to x and z, zw to y and w. */
static void
ev_u642f(struct alu_io *io)
{
   for (unsigned k = 0; k < 4; k++)
      io->d[k] = float_to_bits((float)pair(io, 0, 2 * (k & 1)));
}

static void
ev_i642f(struct alu_io *io)
{
   for (unsigned k = 0; k < 4; k++)
      io->d[k] = float_to_bits((float)(int64_t)pair(io, 0, 2 * (k & 1)));
}

/* The rounding of a value float cannot hold is unspecified. */
static bool
float_holds(float r, uint64_t x, bool is_signed)
{
   if (is_signed) {
      if (!(r >= -0x1p63f && r < 0x1p63f))
         return false;
      return (int64_t)r == (int64_t)x;
   }
   return r < 0x1p64f && (uint64_t)r == x;
}

/* tgsi.rst defines x and y only: z and w are not compared. */
static double
al_u642f(const struct alu_io *io, unsigned c)
{
   if (c >= 2)
      return INFINITY;
   float r = bits_to_float(io->d[c]);
   return float_holds(r, pair(io, 0, 2 * (c & 1)), false) ? 0
                                                           : interp_ulp32(r);
}

static double
al_i642f(const struct alu_io *io, unsigned c)
{
   if (c >= 2)
      return INFINITY;
   float r = bits_to_float(io->d[c]);
   return float_holds(r, pair(io, 0, 2 * (c & 1)), true) ? 0
                                                          : interp_ulp32(r);
}

#define ROW(op, ev) [TGSI_OP_##op] = {ev_##ev, NULL, NULL, 0}

static const struct alu_row rows[TGSI_OP_COUNT] = {
   [TGSI_OP_UCMP] = {ev_ucmp, NULL, sel_ucmp, 0},
   [TGSI_OP_UARL] = {ev_mov, NULL, sel_first, 0},
   ROW(NOT, not), ROW(INEG, ineg), ROW(IABS, iabs), ROW(ISSG, issg),
   ROW(AND, and), ROW(OR, or), ROW(XOR, xor), ROW(SHL, shl),
   ROW(ISHR, ishr), ROW(USHR, ushr), ROW(UADD, uadd), ROW(UMUL, umul),
   ROW(UMAD, umad), ROW(IMUL_HI, imul_hi), ROW(UMUL_HI, umul_hi),
   ROW(IDIV, idiv), ROW(UDIV, udiv), ROW(MOD, mod), ROW(UMOD, umod),
   ROW(IMAX, imax), ROW(IMIN, imin), ROW(UMAX, umax), ROW(UMIN, umin),
   ROW(ISGE, isge), ROW(ISLT, islt), ROW(USEQ, useq), ROW(USGE, usge),
   ROW(USLT, uslt), ROW(USNE, usne),
   ROW(IBFE, ibfe), ROW(UBFE, ubfe), ROW(BFI, bfi), ROW(BREV, brev),
   ROW(POPC, popc), ROW(LSB, lsb), ROW(IMSB, imsb), ROW(UMSB, umsb),
   ROW(I64ABS, i64abs), ROW(I64NEG, i64neg), ROW(I64SSG, i64ssg),
   ROW(U64ADD, u64add), ROW(U64MUL, u64mul), ROW(I64MIN, i64min),
   ROW(U64MIN, u64min), ROW(I64MAX, i64max), ROW(U64MAX, u64max),
   ROW(U64SHL, u64shl), ROW(I64SHR, i64shr), ROW(U64SHR, u64shr),
   [TGSI_OP_U64SEQ] = {ev_u64seq, al_cmp64, NULL, 0},
   [TGSI_OP_U64SNE] = {ev_u64sne, al_cmp64, NULL, 0},
   [TGSI_OP_I64SLT] = {ev_i64slt, al_cmp64, NULL, 0},
   [TGSI_OP_U64SLT] = {ev_u64slt, al_cmp64, NULL, 0},
   [TGSI_OP_I64SGE] = {ev_i64sge, al_cmp64, NULL, 0},
   [TGSI_OP_U64SGE] = {ev_u64sge, al_cmp64, NULL, 0},
   ROW(I64DIV, i64div), ROW(U64DIV, u64div), ROW(I64MOD, i64mod),
   ROW(U64MOD, u64mod), ROW(U2I64, u2i64), ROW(I2I64, i2i64),
   ROW(F2U64, f2u64), ROW(F2I64, f2i64),
   [TGSI_OP_U642F] = {ev_u642f, al_u642f, NULL, 0},
   [TGSI_OP_I642F] = {ev_i642f, al_i642f, NULL, 0},
};

const struct alu_row *
interp_alu_int_row(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT && rows[opcode].eval ? &rows[opcode]
                                                        : NULL;
}
