/* SPDX-License-Identifier: MIT */
/*
 * The bits of a float or double and back.  memcpy is the one conversion C
 * defines for every value (a union or a pointer cast is not); compilers
 * make it a register move.  Shared by every layer, the simulator and the
 * interpreter included.
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

#endif
