/* SPDX-License-Identifier: MIT */
/*
 * Image texel formats: size and conversion between memory bytes and the
 * four 32-bit words a shader sees.  Normalized formats convert to floats
 * in [0, 1] (UNORM) or [-1, 1] (SNORM) and back with round-to-nearest;
 * integer formats sign- or zero-extend and truncate; missing channels read
 * as 0 (alpha as 1).
 */
#include "sim_env.h"

#include <math.h>
#include <string.h>

#include "tgsi/tgsi_tokens.h"
#include "util/bits.h"

enum kind { K_FLOAT, K_UNORM, K_SNORM, K_UINT, K_SINT };

struct format_desc {
   uint16_t format;
   uint8_t channels;
   uint8_t bits; /* per channel: 8, 16 or 32 */
   uint8_t kind;
};

static const struct format_desc formats[] = {
   {TGSI_FMT_R32G32B32A32_FLOAT, 4, 32, K_FLOAT},
   {TGSI_FMT_R32G32B32A32_UINT, 4, 32, K_UINT},
   {TGSI_FMT_R32G32B32A32_SINT, 4, 32, K_SINT},
   {TGSI_FMT_R32G32_FLOAT, 2, 32, K_FLOAT},
   {TGSI_FMT_R32G32_UINT, 2, 32, K_UINT},
   {TGSI_FMT_R32G32_SINT, 2, 32, K_SINT},
   {TGSI_FMT_R32_FLOAT, 1, 32, K_FLOAT},
   {TGSI_FMT_R32_UINT, 1, 32, K_UINT},
   {TGSI_FMT_R32_SINT, 1, 32, K_SINT},
   {TGSI_FMT_R16G16B16A16_UINT, 4, 16, K_UINT},
   {TGSI_FMT_R16G16B16A16_SINT, 4, 16, K_SINT},
   {TGSI_FMT_R16G16B16A16_UNORM, 4, 16, K_UNORM},
   {TGSI_FMT_R16G16B16A16_SNORM, 4, 16, K_SNORM},
   {TGSI_FMT_R8G8B8A8_UNORM, 4, 8, K_UNORM},
   {TGSI_FMT_R8G8B8A8_SNORM, 4, 8, K_SNORM},
   {TGSI_FMT_R8G8B8A8_UINT, 4, 8, K_UINT},
   {TGSI_FMT_R8G8B8A8_SINT, 4, 8, K_SINT},
   {TGSI_FMT_R8_UNORM, 1, 8, K_UNORM},
   {TGSI_FMT_R8_UINT, 1, 8, K_UINT},
   {TGSI_FMT_R8_SINT, 1, 8, K_SINT},
};

static const struct format_desc *
find(uint32_t format)
{
   for (unsigned i = 0; i < sizeof(formats) / sizeof(*formats); i++) {
      if (formats[i].format == format)
         return &formats[i];
   }
   return NULL;
}

unsigned
sim_format_bytes(uint32_t format)
{
   const struct format_desc *f = find(format);
   return f ? f->channels * f->bits / 8 : 0;
}

static uint32_t
get_bits(const uint8_t *p, unsigned bits)
{
   uint32_t v = 0;
   memcpy(&v, p, bits / 8); /* little-endian host, as the GPU */
   return v;
}

struct sim_vec4
sim_format_unpack(uint32_t format, const uint8_t *texel)
{
   const struct format_desc *f = find(format);
   struct sim_vec4 v = {{0, 0, 0, 0}};
   if (!f)
      return v;
   bool is_float = f->kind == K_FLOAT || f->kind == K_UNORM ||
                   f->kind == K_SNORM;
   v.w[3] = is_float ? float_to_bits(1.0f) : 1;
   uint32_t max = f->bits == 32 ? 0xffffffffu : (1u << f->bits) - 1;
   for (unsigned c = 0; c < f->channels; c++) {
      uint32_t raw = get_bits(texel + c * f->bits / 8, f->bits);
      int32_t sraw = f->bits == 32 ? (int32_t)raw
                                   : (int32_t)(raw << (32 - f->bits)) >>
                                        (32 - f->bits);
      switch (f->kind) {
      case K_FLOAT: v.w[c] = raw; break;
      case K_UINT: v.w[c] = raw; break;
      case K_SINT: v.w[c] = (uint32_t)sraw; break;
      case K_UNORM: v.w[c] = float_to_bits((float)raw / (float)max); break;
      case K_SNORM: {
         float m = (float)(max >> 1);
         v.w[c] = float_to_bits(fmaxf((float)sraw / m, -1.0f));
         break;
      }
      }
   }
   return v;
}

void
sim_format_pack(uint32_t format, struct sim_vec4 v, uint8_t *texel)
{
   const struct format_desc *f = find(format);
   if (!f)
      return;
   uint32_t max = f->bits == 32 ? 0xffffffffu : (1u << f->bits) - 1;
   for (unsigned c = 0; c < f->channels; c++) {
      uint32_t out = v.w[c];
      float x = bits_to_float(v.w[c]);
      switch (f->kind) {
      case K_UNORM:
         x = isnan(x) ? 0.0f : fminf(fmaxf(x, 0.0f), 1.0f);
         out = (uint32_t)lrintf(x * (float)max);
         break;
      case K_SNORM: {
         float m = (float)(max >> 1);
         x = isnan(x) ? 0.0f : fminf(fmaxf(x, -1.0f), 1.0f);
         out = (uint32_t)(int32_t)lrintf(x * m);
         break;
      }
      default: break;
      }
      memcpy(texel + c * f->bits / 8, &out, f->bits / 8);
   }
}

bool
sim_format_normalized(uint32_t format)
{
   const struct format_desc *f = find(format);
   return f && (f->kind == K_UNORM || f->kind == K_SNORM);
}

bool
sim_format_words_kept(uint32_t format)
{
   const struct format_desc *f = find(format);
   return f && f->bits == 32;
}

bool
sim_format_pack_exact(uint32_t format, struct sim_vec4 v)
{
   const struct format_desc *f = find(format);
   if (!f || (f->kind != K_UNORM && f->kind != K_SNORM))
      return true;
   uint32_t max = f->bits == 32 ? 0xffffffffu : (1u << f->bits) - 1;
   float scale = f->kind == K_UNORM ? (float)max : (float)(max >> 1);
   float lo = f->kind == K_UNORM ? 0.0f : -1.0f;
   for (unsigned c = 0; c < f->channels; c++) {
      float x = bits_to_float(v.w[c]);
      if (isnan(x))
         continue;
      float t = fminf(fmaxf(x, lo), 1.0f) * scale;
      if (t - floorf(t) == 0.5f)
         return false;
   }
   return true;
}
