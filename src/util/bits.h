/* SPDX-License-Identifier: MIT */
/*
 * The bits of a float or double and back, and half floats widened.
 * memcpy is the one conversion C defines for every value (a union or a
 * pointer cast is not); compilers make it a register move.  Shared by
 * every layer, the simulator and the interpreter included.
 */
#ifndef TGSIVA_UTIL_BITS_H
#define TGSIVA_UTIL_BITS_H

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

#endif
