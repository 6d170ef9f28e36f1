/* SPDX-License-Identifier: MIT */
/*
 * Texturing and images, decoded into the environment's requests.  The
 * message layout follows Mesa's Valhall texturing code (facts, not code):
 *
 * 1. The 64-bit image source: with narrow indices its low word holds the
 *    sampler index (bits 0-10) and table (11-15), the texture index
 *    (16-26) and table (27-31); with .wide_indices the two words are
 *    resource handles (table << 24 | index) of sampler and texture.
 *    Panfrost's tables are 3 (samplers) and 4 (textures).
 * 2. Staging registers read, in this order, only those present: X, Y
 *    (2-D, 3-D, cube), Z (3-D), array layer (.array_enable), shadow
 *    reference (.shadow), offsets (.texel_offset: signed bytes 0-2, and
 *    for fetches the level in byte 3; a fetch from a multisampled
 *    texture has the sample index in bits 16-31 instead of the z offset
 *    and level, which the environment's texels, equal in every sample,
 *    do not need), LOD (explicit or bias: signed 8.8
 *    fixed point in the low 16 bits).  Coordinates are floats for
 *    sampling (the layer too, rounded by the sampler) and integers for
 *    TEX_FETCH.  A cube coordinate is s in the low 29 bits of X with the
 *    face (CUBEFACE2's encoding) in bits 29-31, and t in Y; s keeps the
 *    binary32 bits of a value in (0, 1], whose bit 29 is always set, so
 *    it is restored (a value below 2^-63 would be misread; it means 0).
 * 3. Results: the components of the write mask, packed in order into
 *    consecutive registers, as 32-bit values or, with register width 16,
 *    binary16 / 16-bit integer pairs.
 * 4. The environment samples from (texture, sampler, coordinates):
 *    implicit LOD uses the requests of the lane's quad (helper lanes'
 *    registers included).  A cube coordinate is turned back into a
 *    direction with the major axis +-1.  TEX_FETCH with the cube
 *    dimension is an invalid instruction (Valhall fetches cube maps as
 *    2-D arrays; Mesa 24.0.9 still emits it for TXF on cube maps, later
 *    Mesa does not).  Gradient descriptors, TEX_DUAL and the fused
 *    VAR_TEX forms are refused as not modelled.
 * 5. Images (table 5): LD_TEX reads a texel, LEA_TEX returns its address
 *    and a conversion descriptor (the image index, marked), ST_CVT writes
 *    through them, converting with sim_format_pack.  Coordinates are
 *    16-bit: x | y << 16 in the first source, z | layer << 16 in the
 *    second.  A load outside the image reads zero; an address outside
 *    it is a fault.
 */
#include "sim_internal.h"

#include <math.h>
#include <string.h>

#include "sim_float.h"

#define TABLE_SAMPLER 3
#define TABLE_TEXTURE 4
#define TABLE_IMAGE 5
#define IMAGE_DESC_MARK 0x1A6E0000u

enum sreg {
   SR_X,
   SR_Y,
   SR_Z,
   SR_ARRAY,
   SR_SHADOW,
   SR_OFFSETMS,
   SR_LOD,
   SR_COUNT
};

struct tex_regs {
   int8_t at[SR_COUNT]; /* staging index of each, or -1 */
};

static bool
flag(const struct va_instr *I, enum va_mod m)
{
   return I->mod[m] == 1;
}

/* Rule 2: which staging registers the instruction reads. */
static bool
tex_regs(struct sim_warp *w, bool fetch, struct tex_regs *t)
{
   const struct va_instr *I = w->I;
   unsigned dim = (unsigned)I->mod[VA_MOD_DIMENSION], n = 0;
   int lod = I->mod[VA_MOD_LOD_MODE];
   memset(t->at, -1, sizeof(t->at));
   if (fetch && dim == VA_DIMENSION_CUBE)
      return sim_fail(w, SIM_ERROR_DECODE,
                      "TEX_FETCH has no cube dimension on Valhall (cube "
                      "maps are fetched as 2-D arrays)");
   if (lod == VA_LOD_MODE_GRDESC)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "gradient descriptors are not modelled");
   t->at[SR_X] = (int8_t)n++;
   if (dim != VA_DIMENSION_1D)
      t->at[SR_Y] = (int8_t)n++;
   if (dim == VA_DIMENSION_3D)
      t->at[SR_Z] = (int8_t)n++;
   if (flag(I, VA_MOD_ARRAY_ENABLE))
      t->at[SR_ARRAY] = (int8_t)n++;
   if (flag(I, VA_MOD_SHADOW))
      t->at[SR_SHADOW] = (int8_t)n++;
   if (flag(I, VA_MOD_TEXEL_OFFSET))
      t->at[SR_OFFSETMS] = (int8_t)n++;
   if (lod == VA_LOD_MODE_EXPLICIT || lod == VA_LOD_MODE_COMPUTED_BIAS)
      t->at[SR_LOD] = (int8_t)n++;
   if (I->staging[1].count != n)
      return sim_fail(w, SIM_ERROR_DECODE,
                      "%u coordinate registers where the modifiers need %u",
                      I->staging[1].count, n);
   return true;
}

static uint32_t
sreg(const struct sim_warp *w, unsigned lane, const struct tex_regs *t,
     enum sreg which)
{
   return t->at[which] < 0 ? 0
                           : sim_staging(w, lane, 1, (unsigned)t->at[which]);
}

/* Rule 1; false (without an error) on a table that is not Panfrost's. */
static bool
descriptor(const struct sim_warp *w, unsigned lane, uint32_t *texture,
           uint32_t *sampler)
{
   uint64_t raw = sim_src_raw(w, lane, 0);
   uint32_t st, tt;
   if (flag(w->I, VA_MOD_WIDE_INDICES)) {
      st = (uint32_t)raw >> 24;
      *sampler = (uint32_t)raw & 0xFFFFFF;
      tt = (uint32_t)(raw >> 56);
      *texture = (uint32_t)(raw >> 32) & 0xFFFFFF;
   } else {
      *sampler = raw & 0x7FF;
      st = (raw >> 11) & 0x1F;
      *texture = (raw >> 16) & 0x7FF;
      tt = (raw >> 27) & 0x1F;
   }
   return st == TABLE_SAMPLER && tt == TABLE_TEXTURE;
}

/* Rule 2: a cube coordinate back to a direction. */
static void
cube_direction(uint32_t x, uint32_t y, float *d)
{
   uint32_t low = x & 0x1FFFFFFF;
   unsigned face = x >> 29;
   float s = low ? bits_to_float(low | 0x20000000) : 0.0f, t = bits_to_float(y);
   float sc = 2 * s - 1, tc = 2 * t - 1;
   static const int8_t sign[6] = {1, -1, 1, -1, 1, -1};
   float major = face < 6 ? sign[face] : 1;
   switch (face >> 1) {
   case 0: /* +-x: sc = -+z, tc = -y */
      d[0] = major, d[1] = -tc, d[2] = -major * sc;
      break;
   case 1: /* +-y: sc = x, tc = +-z */
      d[0] = sc, d[1] = major, d[2] = major * tc;
      break;
   default: /* +-z: sc = +-x, tc = -y */
      d[0] = major * sc, d[1] = -tc, d[2] = major;
      break;
   }
}

static void
coordinates(const struct sim_warp *w, unsigned lane, const struct tex_regs *t,
            bool fetch, struct sim_tex_request *r)
{
   unsigned dim = (unsigned)w->I->mod[VA_MOD_DIMENSION];
   unsigned dims = dim == VA_DIMENSION_1D ? 1 : dim == VA_DIMENSION_3D ? 3 : 2;
   uint32_t v[3] = {sreg(w, lane, t, SR_X), sreg(w, lane, t, SR_Y),
                    sreg(w, lane, t, SR_Z)};
   uint32_t layer = sreg(w, lane, t, SR_ARRAY);
   if (dim == VA_DIMENSION_CUBE) {
      cube_direction(v[0], v[1], r->coord);
      r->coord[3] = bits_to_float(layer);
      return;
   }
   for (unsigned i = 0; i < dims; i++) {
      r->coord[i] = bits_to_float(v[i]);
      r->icoord[i] = (int32_t)v[i];
   }
   if (t->at[SR_ARRAY] >= 0) {
      r->coord[dims] = bits_to_float(layer);
      r->icoord[dims] = (int32_t)layer;
   }
   (void)fetch;
}

static void
lod_and_offsets(const struct sim_warp *w, unsigned lane,
                const struct tex_regs *t, struct sim_tex_request *r)
{
   uint32_t o = sreg(w, lane, t, SR_OFFSETMS);
   for (unsigned i = 0; i < 3; i++)
      r->offset[i] = (int8_t)(o >> (8 * i));
   r->level = (int32_t)(o >> 24);
   r->lod = (float)(int16_t)sreg(w, lane, t, SR_LOD) / 256.0f;
   switch (w->I->mod[VA_MOD_LOD_MODE]) {
   case VA_LOD_MODE_ZERO: r->op = SIM_TEX_SAMPLE_LOD, r->lod = 0; break;
   case VA_LOD_MODE_EXPLICIT: r->op = SIM_TEX_SAMPLE_LOD; break;
   case VA_LOD_MODE_COMPUTED_BIAS: r->op = SIM_TEX_SAMPLE_BIAS; break;
   default: r->op = SIM_TEX_SAMPLE; break;
   }
}

static bool
build_request(const struct sim_warp *w, unsigned lane, const struct tex_regs *t,
              enum sim_tex_op op, struct sim_tex_request *r)
{
   memset(r, 0, sizeof(*r));
   if (!descriptor(w, lane, &r->texture, &r->sampler))
      return false;
   coordinates(w, lane, t, op == SIM_TEX_FETCH, r);
   lod_and_offsets(w, lane, t, r);
   if (op != SIM_TEX_SAMPLE)
      r->op = op;
   if (op == SIM_TEX_FETCH && r->texture < SIM_MAX_TEXTURES &&
       w->env->textures[r->texture].samples > 1) {
      r->offset[2] = 0;
      r->level = 0;
   }
   r->shadow = t->at[SR_SHADOW] >= 0;
   r->compare = bits_to_float(sreg(w, lane, t, SR_SHADOW));
   if (op == SIM_TEX_GATHER)
      r->component = (unsigned)w->I->mod[VA_MOD_FETCH_COMPONENT];
   return true;
}

/* Rule 3. */
static bool
write_result(struct sim_warp *w, unsigned lane, struct sim_vec4 v)
{
   const struct va_instr *I = w->I;
   unsigned mask = (unsigned)I->mod[VA_MOD_WRITE_MASK], n = 0;
   uint32_t ch[4], words[4];
   for (unsigned c = 0; c < 4; c++) {
      if (mask & (1u << c))
         ch[n++] = v.w[c];
   }
   unsigned type = (unsigned)I->mod[VA_MOD_REGISTER_TYPE], fmt;
   if (I->mod[VA_MOD_REGISTER_WIDTH] == VA_REGISTER_WIDTH_16)
      fmt = type == VA_REGISTER_TYPE_F   ? VA_REGISTER_FORMAT_F16
            : type == VA_REGISTER_TYPE_S ? VA_REGISTER_FORMAT_S16
                                         : VA_REGISTER_FORMAT_U16;
   else
      fmt = VA_REGISTER_FORMAT_F32;
   unsigned count =
       sim_regfmt_pack(fmt, type == VA_REGISTER_TYPE_F, ch, n, words);
   if (count != I->staging[0].count)
      return sim_fail(w, SIM_ERROR_DECODE,
                      "writes %u registers where the write mask needs %u",
                      I->staging[0].count, count);
   for (unsigned i = 0; i < count; i++)
      sim_write_reg(w, lane, I->staging[0].reg + i, words[i]);
   return true;
}

static bool
texture(struct sim_warp *w, enum sim_tex_op op)
{
   struct tex_regs t;
   if (!tex_regs(w, op == SIM_TEX_FETCH, &t))
      return false;
   if (flag(w->I, VA_MOD_INTEGER_COORDINATES))
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "gathers with integer coordinates are not modelled");
   struct sim_tex_request req[SIM_LANES];
   bool ok[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      ok[l] = build_request(w, l, &t, op, &req[l]);
   sim_foreach_lane (w->active, l) {
      if (!ok[l])
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "texture/sampler tables other than Panfrost's "
                         "(4 and 3) in the image source");
      const struct sim_tex_request *quad[4];
      for (unsigned i = 0; i < 4; i++) {
         unsigned q = (l & ~3u) + i;
         quad[i] = ok[q] ? &req[q] : &req[l];
      }
      if (!write_result(w, l, sim_env_sample(w->env, &req[l], quad)))
         return false;
   }
   return true;
}

bool
sim_tex_single(struct sim_warp *w)
{
   return texture(w, SIM_TEX_SAMPLE);
}

bool
sim_tex_fetch(struct sim_warp *w)
{
   return texture(w, SIM_TEX_FETCH);
}

bool
sim_tex_gather(struct sim_warp *w)
{
   return texture(w, SIM_TEX_GATHER);
}

/* ---------------------------------------------------------------------
 * Images
 */

/* The image and texel a LD_TEX / LEA_TEX names for a lane; false with an
 * error when it is no image of table 5. */
static bool
image_texel(struct sim_warp *w, unsigned lane, uint32_t *image, int64_t *texel)
{
   const struct va_instr *I = w->I;
   uint32_t table = (uint32_t)I->imm[VA_IMM_TABLE];
   *image = (uint32_t)I->imm[VA_IMM_INDEX];
   if (I->op == VA_OP_LD_TEX || I->op == VA_OP_LEA_TEX) {
      uint32_t handle = (uint32_t)sim_src_raw(w, lane, 2);
      table = handle >> 24;
      *image = handle & 0xFFFFFF;
   }
   if (table != TABLE_IMAGE || *image >= SIM_MAX_IMAGES ||
       !w->env->images[*image].bound)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "image %u of table %u: images are table 5, bound "
                      "ones only",
                      *image, table);
   const struct sim_texture *t = &w->env->images[*image];
   uint32_t xy = (uint32_t)sim_src_raw(w, lane, 0);
   uint32_t zw = (uint32_t)sim_src_raw(w, lane, 1);
   uint32_t x = xy & 0xFFFF, y = xy >> 16, slice = (zw & 0xFFFF) + (zw >> 16);
   if (x >= t->width || y >= t->height || slice >= t->depth)
      *texel = -1;
   else
      *texel = ((int64_t)slice * t->height + y) * t->width + x;
   return true;
}

static uint64_t
texel_address(const struct sim_warp *w, uint32_t image, int64_t texel)
{
   struct sim_region *r =
       sim_memory_region(&w->env->memory, SIM_REGION_IMAGE, image);
   unsigned bytes = sim_format_bytes(w->env->image_format[image]);
   return r ? r->base + (uint64_t)texel * bytes : 0;
}

static bool
float_format(uint32_t format)
{
   /* Unpacking 1 gives 1.0 for float formats, 1 for integers. */
   uint8_t one[16];
   struct sim_vec4 v = {{0, 0, 0, 0}};
   memset(one, 0, sizeof(one));
   v = sim_format_unpack(format, one);
   return v.w[3] == float_to_bits(1.0f);
}

bool
sim_ld_tex(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned n = (unsigned)I->mod[VA_MOD_VECSIZE] + 1;
   unsigned regfmt = (unsigned)I->mod[VA_MOD_REGFMT];
   sim_foreach_lane (w->active, l) {
      uint32_t image;
      int64_t texel;
      if (!image_texel(w, l, &image, &texel))
         return false;
      uint32_t format = w->env->image_format[image];
      uint8_t bytes[16] = {0};
      struct sim_vec4 v = {{0, 0, 0, 0}};
      if (texel >= 0) {
         if (!sim_mem_read(w, l, texel_address(w, image, texel),
                           sim_format_bytes(format), bytes))
            return false;
         v = sim_format_unpack(format, bytes);
      }
      uint32_t words[4];
      unsigned count =
          sim_regfmt_pack(regfmt, float_format(format), v.w, n, words);
      if (count != I->staging[0].count)
         return sim_fail(w, SIM_ERROR_DECODE,
                         "%u staging registers where the load needs %u",
                         I->staging[0].count, count);
      for (unsigned i = 0; i < count; i++)
         sim_write_reg(w, l, I->staging[0].reg + i, words[i]);
   }
   return true;
}

bool
sim_lea_tex(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   if (I->staging[0].count != 3)
      return sim_fail(w, SIM_ERROR_DECODE, "LEA_TEX writes 3 registers, not %u",
                      I->staging[0].count);
   sim_foreach_lane (w->active, l) {
      uint32_t image;
      int64_t texel;
      if (!image_texel(w, l, &image, &texel))
         return false;
      if (texel < 0)
         return sim_fault_access(w, l, SIM_REGION_IMAGE,
                                 "image coordinates outside image %u "
                                 "(lane %u)",
                                 image, l);
      uint64_t addr = texel_address(w, image, texel);
      sim_write_reg(w, l, I->staging[0].reg, (uint32_t)addr);
      sim_write_reg(w, l, I->staging[0].reg + 1, (uint32_t)(addr >> 32));
      sim_write_reg(w, l, I->staging[0].reg + 2, IMAGE_DESC_MARK | image);
   }
   return true;
}

bool
sim_st_cvt(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned n = (unsigned)I->mod[VA_MOD_VECSIZE] + 1;
   unsigned regfmt = (unsigned)I->mod[VA_MOD_REGFMT];
   unsigned access = (unsigned)I->mod[VA_MOD_MEMORY_ACCESS];
   uint32_t lanes =
       access == VA_MEMORY_ACCESS_FORCE ? w->active : sim_effect_lanes(w);
   sim_foreach_lane (lanes, l) {
      uint32_t desc = (uint32_t)sim_src_raw(w, l, 1);
      uint32_t image = desc & 0xFFFF;
      if ((desc & 0xFFFF0000u) != IMAGE_DESC_MARK || image >= SIM_MAX_IMAGES)
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "ST_CVT with a conversion descriptor LEA_TEX did "
                         "not make (0x%08x)",
                         desc);
      uint32_t format = w->env->image_format[image];
      uint32_t words[4], ch[4] = {0, 0, 0, 0};
      unsigned regs = sim_regfmt_pack(regfmt, true, ch, n, words);
      if (regs != I->staging[0].count)
         return sim_fail(w, SIM_ERROR_DECODE,
                         "%u staging registers where the store needs %u",
                         I->staging[0].count, regs);
      for (unsigned i = 0; i < regs; i++)
         words[i] = sim_staging(w, l, 0, i);
      sim_regfmt_unpack(regfmt, true, words, n, ch);
      uint8_t texel[16];
      struct sim_vec4 v;
      memcpy(v.w, ch, sizeof(ch));
      sim_format_pack(format, v, texel);
      uint64_t addr = sim_src_raw(w, l, 0) + (uint64_t)I->imm[VA_IMM_OFFSET];
      unsigned bytes = sim_format_bytes(format);
      if (!sim_hazard_memory(w, l, addr, bytes, true) ||
          !sim_mem_write(w, l, addr, bytes, texel))
         return false;
   }
   return true;
}
