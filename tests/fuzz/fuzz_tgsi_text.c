/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: TGSI text -> tokens.  Property: text that parses prints
 * back (tokens -> text), and the printed text parses and prints again to
 * the same text, so the printer and the parser agree on every accepted
 * shader.  (Not to the same tokens: tgsi_dump prints FLT32 immediates
 * with four decimals, so 0.00002 comes back as 0.)
 */
#include <string.h>

#include "fuzz.h"
#include "tgsiva/tgsi.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT)
      return 0;
   struct tgsiva_diagnostic d;
   uint32_t *tokens = NULL, *again = NULL;
   size_t n = 0, n2 = 0, len = 0, len2 = 0;
   char *text = NULL, *text2 = NULL;
   if (tgsiva_tgsi_text_to_tokens((const char *)data, size, &tokens, &n,
                                  &d) != TGSIVA_OK) {
      if (d.status == TGSIVA_ERROR_INTERNAL)
         fuzz_fail("internal error parsing text", &d);
      return 0;
   }
   if (tgsiva_tgsi_tokens_to_text(tokens, n, &text, &len, &d) != TGSIVA_OK)
      fuzz_fail("parsed tokens do not print", &d);
   if (tgsiva_tgsi_text_to_tokens(text, len, &again, &n2, &d) != TGSIVA_OK)
      fuzz_fail("printed text does not parse", &d);
   if (tgsiva_tgsi_tokens_to_text(again, n2, &text2, &len2, &d) !=
       TGSIVA_OK)
      fuzz_fail("re-parsed tokens do not print", &d);
   if (len2 != len || memcmp(text, text2, len))
      fuzz_fail("printed text prints back differently", NULL);
   tgsiva_tgsi_free(tokens);
   tgsiva_tgsi_free(text);
   tgsiva_tgsi_free(again);
   tgsiva_tgsi_free(text2);
   return 0;
}
