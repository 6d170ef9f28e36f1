/* SPDX-License-Identifier: MIT */
/*
 * Token words as bytes: a token stream on disk (`tgsiva dump --tokens`,
 * ../shared/mesa-ref/tokens) is its 32-bit words in little-endian order,
 * whatever the host's byte order.
 */
#include "tgsi.h"

#include "util/diag.h"

bool
tgsi_words_from_bytes(struct arena *arena, const void *data, size_t len,
                      uint32_t **words, size_t *num_words,
                      struct tgsiva_diagnostic *d)
{
   if (len % 4)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "%zu bytes is not a whole number of 32-bit token "
                        "words", len);
   const unsigned char *b = data;
   uint32_t *w = ARENA_ARRAY(arena, uint32_t, len / 4 + 1);
   for (size_t i = 0; i < len / 4; i++)
      w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
             (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
   *words = w;
   *num_words = len / 4;
   return true;
}

void
tgsi_words_to_bytes(const uint32_t *words, size_t num_words, void *bytes)
{
   unsigned char *b = bytes;
   for (size_t i = 0; i < num_words; i++) {
      for (unsigned k = 0; k < 4; k++)
         b[4 * i + k] = (unsigned char)(words[i] >> (8 * k));
   }
}
