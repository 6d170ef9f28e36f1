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
 * would differ from Mesa's in the last bit or digit.
 */
#include "tgsi.h"

#include <errno.h>
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
   while (s + n < end && n < NUMBER_MAX - 1 && s[n] != ',' && s[n] != '}' &&
          s[n] != ' ' && s[n] != '\t' && s[n] != '\n' && s[n] != '\r')
      n++;
   memcpy(buf, s, n);
   buf[n] = '\0';
   return n > 0;
}

/* strtod (single: strtof) of the number at s, in the C locale.  The
 * value goes to *d or *f; false if there is none or it overflows. */
static bool
parse_float(const char *s, const char *end, bool single, double *d,
            float *f, const char **stop)
{
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
