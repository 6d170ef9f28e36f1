/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: tgsiva_shader_deserialize() on hostile blobs.  An input
 * whose first byte is even is a blob body: the target adds the header
 * and the checksum, so that mutations reach the field reader rather
 * than die at the checksum.  Otherwise the rest of the input is passed
 * as it is (the header and checksum checks).  Properties: an error or a
 * shader, never a crash; a shader read back serialises to exactly the
 * blob it came from (the format has one encoding per shader).
 */
#include <string.h>

#include "cache.h"
#include "fuzz.h"
#include "tgsiva/compile.h"
#include "util/sha1.h"

static uint8_t *
wrap_body(const uint8_t *body, size_t n, size_t *size)
{
   *size = 8 + n + SHA1_SIZE;
   uint8_t *blob = malloc(*size);
   if (!blob)
      abort();
   uint32_t head[2] = {CACHE_BLOB_MAGIC, CACHE_BLOB_VERSION};
   for (unsigned i = 0; i < 8; i++)
      blob[i] = (uint8_t)(head[i / 4] >> (8 * (i % 4)));
   memcpy(blob + 8, body, n);
   struct sha1 h;
   sha1_init(&h);
   sha1_update(&h, blob, 8 + n);
   sha1_final(&h, blob + 8 + n);
   return blob;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size == 0 || size > FUZZ_MAX_INPUT)
      return 0;
   size_t n;
   uint8_t *blob;
   if (data[0] % 2 == 0) {
      blob = wrap_body(data + 1, size - 1, &n);
   } else {
      n = size - 1;
      blob = malloc(n + 1);
      if (!blob)
         abort();
      memcpy(blob, data + 1, n);
   }
   struct tgsiva_shader *sh = NULL;
   struct tgsiva_diagnostic d;
   enum tgsiva_status status = tgsiva_shader_deserialize(blob, n, &sh, &d);
   if (status != TGSIVA_OK && (status != TGSIVA_ERROR_INPUT || sh))
      fuzz_fail("deserialize: not an input error", &d);
   if (status == TGSIVA_OK) {
      uint8_t *again;
      size_t n2;
      if (tgsiva_shader_serialize(sh, &again, &n2, &d) != TGSIVA_OK)
         fuzz_fail("serialize of a deserialised shader", &d);
      if (n2 != n || memcmp(again, blob, n))
         fuzz_fail("serialised again, the blob changes", NULL);
      tgsiva_blob_free(again);
      tgsiva_shader_free(sh);
   }
   free(blob);
   return 0;
}
