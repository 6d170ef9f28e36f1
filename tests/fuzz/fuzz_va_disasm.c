/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the disassembler on arbitrary 64-bit words, with and
 * without offsets.  Property: it always succeeds (any word prints, as an
 * instruction or as UNKNOWN).
 */
#include "fuzz.h"
#include "tgsiva/valhall.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT)
      return 0;
   size_t count;
   uint64_t *words = fuzz_words(data, size, 8, &count);
   struct tgsiva_diagnostic d;
   for (unsigned flags = 0; flags <= TGSIVA_DISASM_OFFSETS; flags++) {
      char *text = NULL;
      if (tgsiva_valhall_disassemble(words, count, flags, &text, &d) !=
          TGSIVA_OK)
         fuzz_fail("words do not disassemble", &d);
      tgsiva_valhall_free(text);
   }
   free(words);
   return 0;
}
