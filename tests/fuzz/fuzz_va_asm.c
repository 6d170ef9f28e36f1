/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the Valhall assembler and the conformance-case hex parser
 * on the same text.  Property: what assembles disassembles, and the
 * disassembly assembles again to the same words.
 */
#include <string.h>

#include "fuzz.h"
#include "tgsiva/valhall.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT)
      return 0;
   const char *text = (const char *)data;
   uint64_t *words = NULL, *again = NULL, *hex = NULL;
   size_t n = 0, n2 = 0, nhex = 0;
   char *dis = NULL;
   struct tgsiva_diagnostic d;
   if (tgsiva_valhall_parse_hex(text, size, &hex, &nhex, &d) != TGSIVA_OK &&
       d.status == TGSIVA_ERROR_INTERNAL)
      fuzz_fail("internal error parsing hex", &d);
   if (tgsiva_valhall_assemble(text, size, &words, &n, &d) == TGSIVA_OK) {
      if (tgsiva_valhall_disassemble(words, n, 0, &dis, &d) != TGSIVA_OK)
         fuzz_fail("assembled words do not disassemble", &d);
      if (tgsiva_valhall_assemble(dis, strlen(dis), &again, &n2, &d) !=
          TGSIVA_OK)
         fuzz_fail("disassembly does not assemble", &d);
      /* Trailing zero words print nothing (padding). */
      while (n && words[n - 1] == 0)
         n--;
      if (n2 != n || (n && memcmp(again, words, n * sizeof(*words))))
         fuzz_fail("disassembly assembles to other words", NULL);
   } else if (d.status == TGSIVA_ERROR_INTERNAL) {
      fuzz_fail("internal error assembling", &d);
   }
   tgsiva_valhall_free(words);
   tgsiva_valhall_free(again);
   tgsiva_valhall_free(hex);
   tgsiva_valhall_free(dis);
   return 0;
}
