/* SPDX-License-Identifier: MIT */
/* Fuzz target: compile from a token stream (fuzz_compile.h); the first
 * word picks the register budget, the tokens follow it. */
#include "fuzz_compile.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT || size < 4)
      return 0;
   struct tgsiva_compile_options o = fuzz_compile_options(data[0]);
   size_t count;
   uint32_t *words = fuzz_words(data + 4, size - 4, 4, &count);
   struct tgsiva_shader *shader = NULL;
   struct tgsiva_diagnostic d;
   enum tgsiva_status status =
      tgsiva_compile(words, count, &o, &shader, &d);
   fuzz_check_compile(status, shader, &d);
   free(words);
   return 0;
}
