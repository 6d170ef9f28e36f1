/* SPDX-License-Identifier: MIT */
/*
 * The text scanner's byte classes (src/tgsi/tgsi_parse_scan.h): a table
 * written once, checked here against what each class is defined to hold,
 * for all 256 bytes.  Bytes above 0x7f are in no class, whatever the
 * locale's <ctype.h> would say.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsi/tgsi_parse_scan.h"

#undef fail /* the scanner's; cmocka has one of its own */
#include <cmocka.h>

static void
test_char_classes_match_their_definitions(void **state)
{
   (void)state;
   for (unsigned c = 0; c < 256; c++) {
      bool ascii = c < 0x80;
      bool digit = ascii && isdigit((int)c);
      bool alpha = ascii && isalpha((int)c);
      bool hex = ascii && isxdigit((int)c);
      bool space = c == ' ' || c == '\t' || c == '\r';
      char ch = (char)c;
      assert_int_equal(is_digit(ch), digit);
      assert_int_equal(is_alpha(ch), alpha);
      assert_int_equal(is_hex_digit(ch), hex);
      assert_int_equal(is_space(ch), space);
      assert_int_equal(is_word_char(ch), digit || alpha || c == '_');
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_char_classes_match_their_definitions),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
