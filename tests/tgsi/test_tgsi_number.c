/* SPDX-License-Identifier: MIT */
/*
 * Numbers in TGSI text (src/tgsi/tgsi_number.c): tgsi_strtof and
 * tgsi_strtod must give the bits, the stop position and the verdict of
 * the C library's strtof and strtod for every string, since the tokens
 * must be Mesa's.  Plain decimals take a path of their own; these tests
 * hold it to the library on the forms tgsi_dump prints, on random digit
 * strings around its limits (7 and 8 significant digits, 10 and 11
 * decimals for floats, 15 to 17 digits and 22 and 23 decimals for
 * doubles), on significands just past its limits, and on strings it
 * must leave to the library.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tgsi/tgsi.h"

/* `text` through both paths: the same verdict, bits and stop. */
static void
check_same(const char *text)
{
   size_t len = strlen(text);
   const char *end = text + len;
   char *lib_end;
   errno = 0;
   float lf = strtof(text, &lib_end);
   bool lib_overflow = errno == ERANGE && isinf(lf);
   float f = 0;
   const char *stop = NULL;
   bool ok = tgsi_strtof(text, end, &f, &stop);
   bool lib_ok = lib_end != text && !lib_overflow;
   if (ok != lib_ok)
      fail_msg("\"%s\": tgsi_strtof says %d, strtof %d", text, ok, lib_ok);
   if (ok) {
      uint32_t a, b;
      memcpy(&a, &f, 4);
      memcpy(&b, &lf, 4);
      if (a != b || stop != lib_end)
         fail_msg("\"%s\": float 0x%08x stop %td, strtof 0x%08x stop %td",
                  text, a, stop - text, b, lib_end - text);
   }
   errno = 0;
   double ld = strtod(text, &lib_end);
   lib_overflow = errno == ERANGE && isinf(ld);
   double d = 0;
   ok = tgsi_strtod(text, end, &d, &stop);
   lib_ok = lib_end != text && !lib_overflow;
   if (ok != lib_ok)
      fail_msg("\"%s\": tgsi_strtod says %d, strtod %d", text, ok, lib_ok);
   if (ok) {
      uint64_t a, b;
      memcpy(&a, &d, 8);
      memcpy(&b, &ld, 8);
      if (a != b || stop != lib_end)
         fail_msg("\"%s\": double 0x%016llx stop %td, strtod 0x%016llx "
                  "stop %td", text, (unsigned long long)a, stop - text,
                  (unsigned long long)b, lib_end - text);
   }
}

static void
test_forms_tgsi_dump_prints(void **state)
{
   (void)state;
   static const char *const texts[] = {
      "1.0000", "0.0000", "-0.0000", "-1.0000", "0.5000", "3.1416",
      "255.0000", "0.0039", "1000000.0000", "-0.1000", "12345.6789",
      "0.00000000", "1.00000000", "0.10000000", "2.5", ".5", "5.", "-.25",
      "+7.0", "16777215", "16777216", "16777217", "0.1234567",
      "0.0000000001", "0.00000000001", "9007199254740991",
      "9007199254740993", "0.1234567890123456789012",
      "0.12345678901234567890123",
   };
   for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
      check_same(texts[i]);
}

/* Terminators the parser meets after a number, and bytes that make it
 * another number (an exponent, a hex prefix) or end it early. */
static void
test_what_follows_the_digits(void **state)
{
   (void)state;
   static const char *const texts[] = {
      "1.5,", "1.5}", "1.5 ", "1.5\t", "1.5\n", "1.5\r", "1.5e3",
      "1.5E-3", "0x1p3", "0X10", "1.5abc", "1.2.3", "1..", "inf", "-INF",
      "nan", "1e40", "-1e40", "1e400", "1e-50", ".", "-", "+", "", "-.",
      "00001.5000", "1.5f",
   };
   for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
      check_same(texts[i]);
}

/* A small deterministic generator (the tests must not depend on
 * rand()'s sequence). */
static uint32_t
next_random(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(*s >> 33);
}

static void
test_random_decimals_match_the_library(void **state)
{
   (void)state;
   uint64_t seed = 12345;
   char text[64];
   for (unsigned n = 0; n < 200000; n++) {
      unsigned int_digits = next_random(&seed) % 18;
      unsigned frac_digits = next_random(&seed) % 25;
      size_t at = 0;
      unsigned sign = next_random(&seed) % 4;
      if (sign == 1)
         text[at++] = '-';
      else if (sign == 2)
         text[at++] = '+';
      for (unsigned i = 0; i < int_digits; i++)
         text[at++] = (char)('0' + next_random(&seed) % 10);
      if (frac_digits || next_random(&seed) % 2)
         text[at++] = '.';
      for (unsigned i = 0; i < frac_digits; i++)
         text[at++] = (char)('0' + next_random(&seed) % 10);
      static const char tails[] = {'\0', ',', '}', ' ', 'e', '5'};
      text[at++] = tails[next_random(&seed) % sizeof(tails)];
      text[at] = '\0';
      check_same(text);
   }
}

/* Significands just past the fast path's limits, where converting the
 * digits first would round twice: each with every point position. */
static void
test_significands_at_the_limits(void **state)
{
   (void)state;
   static const uint64_t starts[] = {(1u << 24) - 50, (1u << 26) - 50,
                                     (1ull << 53) - 50, (1ull << 55) - 50};
   char digits[32], text[40];
   for (size_t s = 0; s < sizeof(starts) / sizeof(starts[0]); s++) {
      for (uint64_t m = starts[s]; m < starts[s] + 100; m++) {
         int n = snprintf(digits, sizeof(digits), "%llu",
                          (unsigned long long)m);
         for (int point = 0; point <= n; point++) {
            snprintf(text, sizeof(text), "%.*s.%s", point, digits,
                     digits + point);
            check_same(text);
         }
      }
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forms_tgsi_dump_prints),
      cmocka_unit_test(test_what_follows_the_digits),
      cmocka_unit_test(test_random_decimals_match_the_library),
      cmocka_unit_test(test_significands_at_the_limits),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
