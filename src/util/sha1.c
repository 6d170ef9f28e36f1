/* SPDX-License-Identifier: MIT */
/*
 * SHA-1 as FIPS 180-4 section 6.1 specifies it: 512-bit blocks, 80
 * rounds, the length in bits appended big-endian after a 1 bit and
 * zeros.  Words are assembled byte by byte, so the result does not depend
 * on the host's byte order or alignment.
 */
#include "sha1.h"

#include <string.h>

static uint32_t
rotl(uint32_t x, unsigned n)
{
   return (x << n) | (x >> (32 - n));
}

static void
compress(uint32_t h[5], const uint8_t *p)
{
   uint32_t w[80];
   for (unsigned i = 0; i < 16; i++)
      w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
             (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
   for (unsigned i = 16; i < 80; i++)
      w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
   uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
   for (unsigned i = 0; i < 80; i++) {
      uint32_t f, k;
      if (i < 20) {
         f = (b & c) | (~b & d);
         k = 0x5a827999;
      } else if (i < 40) {
         f = b ^ c ^ d;
         k = 0x6ed9eba1;
      } else if (i < 60) {
         f = (b & c) | (b & d) | (c & d);
         k = 0x8f1bbcdc;
      } else {
         f = b ^ c ^ d;
         k = 0xca62c1d6;
      }
      uint32_t t = rotl(a, 5) + f + e + k + w[i];
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
   }
   h[0] += a;
   h[1] += b;
   h[2] += c;
   h[3] += d;
   h[4] += e;
}

void
sha1_init(struct sha1 *s)
{
   static const uint32_t iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe,
                                  0x10325476, 0xc3d2e1f0};
   memcpy(s->h, iv, sizeof(iv));
   s->length = 0;
   s->used = 0;
}

void
sha1_update(struct sha1 *s, const void *data, size_t n)
{
   const uint8_t *p = data;
   s->length += n;
   while (n) {
      size_t take = 64 - s->used < n ? 64 - s->used : n;
      memcpy(s->block + s->used, p, take);
      s->used += (unsigned)take;
      p += take;
      n -= take;
      if (s->used == 64) {
         compress(s->h, s->block);
         s->used = 0;
      }
   }
}

void
sha1_final(struct sha1 *s, uint8_t digest[SHA1_SIZE])
{
   uint64_t bits = s->length * 8;
   uint8_t pad[72] = {0x80};
   size_t n = (s->used < 56 ? 56 : 120) - s->used;
   for (unsigned i = 0; i < 8; i++)
      pad[n + i] = (uint8_t)(bits >> (56 - 8 * i));
   sha1_update(s, pad, n + 8);
   for (unsigned i = 0; i < 20; i++)
      digest[i] = (uint8_t)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

void
sha1_u32(struct sha1 *s, uint32_t v)
{
   uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                   (uint8_t)(v >> 24)};
   sha1_update(s, b, 4);
}
