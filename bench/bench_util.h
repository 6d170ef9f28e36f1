/* SPDX-License-Identifier: MIT */
/*
 * What the benchmarks share: a monotonic clock in microseconds and a
 * comparison for sorting times (medians, percentiles).
 */
#ifndef TGSIVA_BENCH_UTIL_H
#define TGSIVA_BENCH_UTIL_H

#include <time.h>

static inline double
now_us(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static inline int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

#endif
