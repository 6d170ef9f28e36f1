/* SPDX-License-Identifier: MIT */
/*
 * The bits of a float or double and back, and half floats widened.
 * memcpy is the one conversion C defines for every value (a union or a
 * pointer cast is not); compilers make it a register move.  Shared by
 * every layer, the simulator and the interpreter included.
 */
#ifndef TGSIVA_UTIL_BITS_H
#define TGSIVA_UTIL_BITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t
float_to_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static inline float
bits_to_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

static inline uint64_t
double_to_bits(double d)
{
   uint64_t u;
   memcpy(&u, &d, sizeof(u));
   return u;
}

static inline double
bits_to_double(uint64_t u)
{
   double d;
   memcpy(&d, &u, sizeof(d));
   return d;
}

/* The binary32 value of a binary16 one: exact for every half (subnormals,
 * infinities; a NaN keeps its payload). */
static inline float
half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
   uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
   if (exp == 0) {
      float f = (float)man * 0x1p-24f;
      return sign ? -f : f;
   }
   if (exp == 31)
      return bits_to_float(sign | 0x7f800000u | man << 13);
   return bits_to_float(sign | (exp + 112) << 23 | man << 13);
}

/* The binary16 value equal to the binary32 value `bits`, if there is one
 * (half_to_float's inverse on finite halves): zeros, normal halves and
 * subnormal ones; no NaN or infinity. */
static inline bool
half_from_float_exact(uint32_t bits, uint16_t *out)
{
   uint16_t sign = (uint16_t)(bits >> 16 & 0x8000u);
   int e = (int)((bits >> 23) & 0xffu) - 127;
   uint32_t m = bits & 0x7fffffu;
   if ((bits & 0x7fffffffu) == 0) {
      *out = sign;
      return true;
   }
   if (e > 15 || e < -24)
      return false;
   if (e >= -14) {
      if (m & 0x1fffu)
         return false;
      *out = (uint16_t)(sign | (uint32_t)(e + 15) << 10 | m >> 13);
      return true;
   }
   /* A subnormal half: k * 2^-24, k = 1.m * 2^(e + 24). */
   uint32_t whole = m | 0x800000u;
   unsigned shift = (unsigned)(-1 - e);
   if (whole & ((1u << shift) - 1))
      return false;
   *out = (uint16_t)(sign | whole >> shift);
   return true;
}

#endif
