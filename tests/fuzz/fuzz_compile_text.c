/* SPDX-License-Identifier: MIT */
/* Fuzz target: compile from TGSI text (fuzz_compile.h). */
#include "fuzz_compile.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > FUZZ_MAX_INPUT)
      return 0;
   /* The length picks the budget: every byte stays TGSI text. */
   struct tgsiva_compile_options o = fuzz_compile_options((uint32_t)size);
   struct tgsiva_shader *shader = NULL;
   struct tgsiva_diagnostic d;
   enum tgsiva_status status =
      tgsiva_compile_text((const char *)data, size, &o, &shader, &d);
   fuzz_check_compile(status, shader, &d);
   return 0;
}
