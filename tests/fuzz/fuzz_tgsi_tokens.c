/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the token stream reader, on arbitrary 32-bit words.
 * Property: a stream the reader accepts prints as text that parses.
 */
#include "fuzz.h"
#include "tgsiva/tgsi.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT)
      return 0;
   size_t count, len, n;
   uint32_t *words = fuzz_words(data, size, 4, &count), *tokens = NULL;
   char *text = NULL;
   struct tgsiva_diagnostic d;
   if (tgsiva_tgsi_tokens_to_text(words, count, &text, &len, &d) ==
       TGSIVA_OK) {
      if (tgsiva_tgsi_text_to_tokens(text, len, &tokens, &n, &d) !=
          TGSIVA_OK)
         fuzz_fail("text printed from accepted tokens does not parse", &d);
   } else if (d.status == TGSIVA_ERROR_INTERNAL) {
      fuzz_fail("internal error reading tokens", &d);
   }
   tgsiva_tgsi_free(text);
   tgsiva_tgsi_free(tokens);
   free(words);
   return 0;
}
