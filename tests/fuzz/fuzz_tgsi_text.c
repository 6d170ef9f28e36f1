/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: TGSI text -> tokens.  Property: text that parses prints
 * back (tokens -> text) and the printed text parses again to the same
 * tokens, so the printer and the parser agree on every accepted shader.
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
   size_t n = 0, n2 = 0, len = 0;
   char *text = NULL;
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
   if (n2 != n || memcmp(again, tokens, n * sizeof(*tokens)))
      fuzz_fail("printed text parses to other tokens", NULL);
   tgsiva_tgsi_free(tokens);
   tgsiva_tgsi_free(text);
   tgsiva_tgsi_free(again);
   return 0;
}
