/* SPDX-License-Identifier: MIT */
/*
 * Floating-point text in the C locale.  tgsi_dump's numbers always use
 * '.', but strtof and printf follow LC_NUMERIC, which a driver's host
 * process may have set to a locale with ','.  setlocale is process-wide
 * and not thread-safe, so each call switches only its own thread with
 * uselocale and switches back.
 *
 * The C library does the conversions themselves: they must round exactly
 * as Mesa's (glibc's) strtof and printf do, or the tokens and the text
 * would differ from Mesa's in the last bit or digit.  The one exception
 * is the plain decimal tgsi_dump prints for most immediates ("1.0000",
 * "-0.5000"): with few enough digits its value is an exact integer over
 * an exact power of ten, whose one correctly rounded division is the
 * correctly rounded value (Clinger's fast path), so it skips the locale
 * switch and the library, a third of parsing a small shader's text.
 */
#include "tgsi.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest number tgsi_dump prints: DBL_MAX as %10.8f, a sign, 309
 * digits, a point and 8 decimals. */
#define NUMBER_MAX 400

struct c_locale {
   locale_t c;
   locale_t old;
};

static void
c_locale_enter(struct c_locale *l)
{
   l->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
   l->old = l->c ? uselocale(l->c) : (locale_t)0;
}

static void
c_locale_leave(struct c_locale *l)
{
   if (l->c) {
      uselocale(l->old);
      freelocale(l->c);
   }
}

/* The bytes that end a number in TGSI text (an IMM list's separators
 * and the line's white space). */
static bool
ends_number(char c)
{
   return c == ',' || c == '}' || c == ' ' || c == '\t' || c == '\n' ||
          c == '\r';
}

/*
 * Copies the number starting at `s` into `buf`: strtod would skip leading
 * white space (including newlines) and read past `end`, so it only ever
 * sees this bounded, NUL-terminated copy.
 */
static bool
copy_number(const char *s, const char *end, char *buf)
{
   size_t n = 0;
   if (s >= end || s[0] == ' ' || s[0] == '\t')
      return false;
   while (s + n < end && n < NUMBER_MAX - 1 && !ends_number(s[n]))
      n++;
   memcpy(buf, s, n);
   buf[n] = '\0';
   return n > 0;
}

/*
 * The fast path: [+-]digits[.digits] with at least one digit, ending
 * where copy_number ends a number or at a byte strtod would not take
 * (so not at an exponent, a hex prefix, INF or NAN), whose significand
 * m (the digits without the point) and fraction length k make m and
 * 10^k exact in the type: m below 2^24 and k at most 10 (5^10 < 2^24)
 * for float, 2^53 and 22 for double.  The quotient of two exact values
 * is rounded once, as strtod rounds.  Only where the compiler evaluates
 * float and double arithmetic in their own types (FLT_EVAL_METHOD 0).
 */
static bool
parse_plain_decimal(const char *s, const char *end, bool single, double *d,
                    float *f, const char **stop)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
   static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
                                  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
                                  1e18, 1e19, 1e20, 1e21, 1e22};
   const uint64_t m_limit = single ? (uint64_t)1 << 24 : (uint64_t)1 << 53;
   const unsigned k_limit = single ? 10 : 22;
   const char *p = s;
   bool negative = false;
   if (p < end && (*p == '-' || *p == '+'))
      negative = *p++ == '-';
   uint64_t m = 0;
   unsigned digits = 0, k = 0;
   bool point = false;
   for (; p < end; p++) {
      if (*p >= '0' && *p <= '9') {
         m = m * 10 + (uint64_t)(*p - '0');
         if (m >= m_limit)
            return false;
         digits++;
         k += point;
      } else if (*p == '.' && !point) {
         point = true;
      } else {
         break;
      }
   }
   /* Anything else (an exponent, "0x", a letter) is the library's. */
   if (!digits || k > k_limit || (p < end && !ends_number(*p)))
      return false;
   if (single) {
      float v = (float)m / (float)pow10[k];
      *f = negative ? -v : v;
   } else {
      double v = (double)m / pow10[k];
      *d = negative ? -v : v;
   }
   *stop = p;
   return true;
#else
   (void)s, (void)end, (void)single, (void)d, (void)f, (void)stop;
   return false;
#endif
}

/* strtod (single: strtof) of the number at s, in the C locale.  The
 * value goes to *d or *f; false if there is none or it overflows. */
static bool
parse_float(const char *s, const char *end, bool single, double *d,
            float *f, const char **stop)
{
   if (parse_plain_decimal(s, end, single, d, f, stop))
      return true;
   char buf[NUMBER_MAX];
   if (!copy_number(s, end, buf))
      return false;
   struct c_locale l;
   char *e;
   bool inf;
   c_locale_enter(&l);
   errno = 0;
   if (single) {
      *f = strtof(buf, &e);
      inf = isinf(*f);
   } else {
      *d = strtod(buf, &e);
      inf = isinf(*d);
   }
   bool overflow = errno == ERANGE && inf;
   c_locale_leave(&l);
   *stop = s + (e - buf);
   return e != buf && !overflow;
}

bool
tgsi_strtod(const char *s, const char *end, double *value, const char **stop)
{
   return parse_float(s, end, false, value, NULL, stop);
}

bool
tgsi_strtof(const char *s, const char *end, float *value, const char **stop)
{
   return parse_float(s, end, true, NULL, value, stop);
}

void
tgsi_format_number(char *buf, size_t size, const char *fmt, ...)
{
   struct c_locale l;
   va_list ap;
   c_locale_enter(&l);
   va_start(ap, fmt);
   vsnprintf(buf, size, fmt, ap);
   va_end(ap);
   c_locale_leave(&l);
}
