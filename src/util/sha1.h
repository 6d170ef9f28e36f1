/* SPDX-License-Identifier: MIT */
/*
 * SHA-1 (FIPS 180-4), for the shader cache: the same 20 bytes for the
 * same input on every machine.  Not for security: a cache key only has
 * to tell different inputs apart.
 */
#ifndef TGSIVA_UTIL_SHA1_H
#define TGSIVA_UTIL_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define SHA1_SIZE 20

struct sha1 {
   uint32_t h[5];
   uint64_t length; /* bytes so far */
   uint8_t block[64];
   unsigned used; /* bytes in block */
};

void sha1_init(struct sha1 *s);
void sha1_update(struct sha1 *s, const void *data, size_t n);
void sha1_final(struct sha1 *s, uint8_t digest[SHA1_SIZE]);

/* Little-endian fixed-width values, so that hashes do not depend on the
 * host's byte order. */
void sha1_u32(struct sha1 *s, uint32_t v);

#endif
