/* SPDX-License-Identifier: MIT */
/*
 * What the driver and the hardware hand a shader before it runs:
 * preloaded registers, FAU uniform words (pushed from uniform buffers and
 * the sysval buffer), and the special FAU values.
 *
 * 1. Preloads follow Mesa's v9 conventions (../shared/mesa-ref/README.md,
 *    "preload"), filled from the environment whatever the preload mask
 *    says; every other register starts at zero.
 * 2. The vertex linear id is 0x40 + 8 * lane: distinct and 8 apart, so
 *    that LEA_BUF_IMM of id + 4 (Mesa's point-size address) can never be
 *    mistaken for another vertex's record (sim_vertex.c).
 * 3. Sysval slots are 16 bytes (sim_layout.h); words a slot does not
 *    define read as zero.
 * 4. Special values: thread_local_pointer is per lane (lane-major scratch,
 *    an equal share of the region each), workgroup_local_pointer is the shared
 *    region, program_counter is the address of the next instruction, and
 *    the blend descriptors select render target N without a blend shader
 *    (their high word, a blend shader's address, is 0).  Values whose
 *    format is not known (framebuffer_size, sample positions, the
 *    resource table pointer) are refused by name when read.
 */
#include "sim_internal.h"

#include <string.h>

#include "sim_float.h"

/* Marks of the descriptors a shader only passes back to the hardware. */
#define BLEND_DESCRIPTOR_MARK 0xB1E0D000u
#define ATEST_DATUM_MARK 0xA7E57000u

void
sim_setup_preloads(struct sim_warp *w)
{
   const struct sim_env *e = w->env;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t *r = w->reg[l];
      switch (w->kind) {
      case SIM_PROGRAM_VERTEX_POSITION:
      case SIM_PROGRAM_VERTEX_VARYING:
         r[59] = 0x40 + 8 * l;
         r[60] = e->vertex_id[l];
         r[61] = e->instance_id[l];
         break;
      case SIM_PROGRAM_FRAGMENT:
         r[58] = e->front_facing[l] ? 0 : 1;
         r[59] = (e->pixel_x[l] & 0xFFFF) | e->pixel_y[l] << 16;
         r[60] = e->sample_mask_in[l];
         r[61] = (e->sample_mask_in[l] & 0xFFFF) | e->sample_id[l] << 16;
         break;
      case SIM_PROGRAM_COMPUTE:
         r[55] = (e->local_id[l][0] & 0xFFFF) | e->local_id[l][1] << 16;
         r[56] = e->local_id[l][2];
         for (unsigned c = 0; c < 3; c++) {
            r[57 + c] = e->group_id[c];
            r[60 + c] = e->group_id[c] * e->local_size[c] + e->local_id[l][c];
         }
         break;
      case SIM_PROGRAM_XFB:
         r[57] = e->vertex_id[l] - e->draw_first_vertex;
         r[58] = e->instance_id[l];
         break;
      case SIM_PROGRAM_GEOMETRY: /* one instance */
         r[57] = e->primitive_id[l];
         r[58] = 0;
         r[59] = e->invocation_id[l];
         break;
      }
   }
}

static struct sim_vec4
texture_size(const struct sim_env *e, uint32_t unit)
{
   struct sim_tex_request req;
   memset(&req, 0, sizeof(req));
   req.op = SIM_TEX_SIZE;
   req.texture = unit;
   req.sampler = SIM_MAX_SAMPLERS; /* none */
   return sim_env_sample(e, &req, NULL);
}

static uint32_t
region_word(const struct sim_env *e, enum sim_region_kind kind, uint32_t index,
            unsigned k)
{
   struct sim_region *r =
       sim_memory_region((struct sim_memory *)&e->memory, kind, index);
   if (!r)
      return 0;
   switch (k) {
   case 0: return (uint32_t)r->base;
   case 1: return (uint32_t)(r->base >> 32);
   case 2: return r->size;
   default: return 0;
   }
}

static uint32_t
image_word(const struct sim_env *e, uint32_t id, bool address, unsigned k)
{
   if (id >= SIM_MAX_IMAGES || !e->images[id].bound)
      return 0;
   const struct sim_texture *t = &e->images[id];
   uint32_t bytes = sim_format_bytes(e->image_format[id]);
   if (address) {
      uint32_t strides[4] = {0, 0, t->width * bytes,
                             t->width * t->height * bytes};
      return k < 2 ? region_word(e, SIM_REGION_IMAGE, id, k) : strides[k];
   }
   uint32_t v[4] = {t->width, t->height, t->depth, t->samples};
   return v[k];
}

/* The environment's samplers pick the nearest level (sim_env.c). */
static uint32_t
sampler_lod_word(const struct sim_env *e, uint32_t id, unsigned k)
{
   if (id >= SIM_MAX_SAMPLERS)
      return 0;
   const struct sim_sampler *s = &e->samplers[id];
   float lod[3] = {s->lod_bias, s->min_lod, s->max_lod};
   return k < 3 ? float_to_bits(lod[k]) : 1;
}

static uint32_t
sysval_value(const struct sim_warp *w, const struct sim_sysval *s, unsigned k)
{
   const struct sim_env *e = w->env;
   switch (s->kind) {
   case SIM_SYSVAL_VIEWPORT_SCALE:
      return k < 3 ? float_to_bits(e->viewport_scale[k]) : 0;
   case SIM_SYSVAL_VIEWPORT_OFFSET:
      return k < 3 ? float_to_bits(e->viewport_offset[k]) : 0;
   case SIM_SYSVAL_BUFFER: return region_word(e, SIM_REGION_BUFFER, s->id, k);
   case SIM_SYSVAL_TEXTURE_SIZE: return texture_size(e, s->id).w[k];
   case SIM_SYSVAL_IMAGE_SIZE: return image_word(e, s->id, false, k);
   case SIM_SYSVAL_IMAGE_ADDRESS: return image_word(e, s->id, true, k);
   case SIM_SYSVAL_NUM_WORKGROUPS: return k < 3 ? e->num_groups[k] : 0;
   case SIM_SYSVAL_XFB_BUFFER:
      return region_word(e, SIM_REGION_XFB, s->id, k);
   case SIM_SYSVAL_XFB_DRAW:
      return k == 0 ? e->draw_vertex_count
                    : k == 1 ? e->draw_first_vertex : 0;
   case SIM_SYSVAL_GS_DRAW: return k == 0 ? e->gs_primitives : k == 1;
   case SIM_SYSVAL_GS_INPUT:
      return k < 2 ? region_word(e, SIM_REGION_GS_INPUT, 0, k) : 0;
   case SIM_SYSVAL_GS_OUTPUT:
      return k < 2 ? region_word(e, SIM_REGION_GS_OUTPUT, 0, k) : 0;
   case SIM_SYSVAL_GS_INDICES:
      return k < 2 ? region_word(e, SIM_REGION_GS_INDICES, s->id, k) : 0;
   case SIM_SYSVAL_GS_VIEWPORT: return k == 0 ? e->gs_viewport : 0;
   case SIM_SYSVAL_FRAMEBUFFER_SIZE:
      if (k == 0)
         return float_to_bits((float)e->framebuffer_width);
      return k == 1 ? float_to_bits((float)e->framebuffer_height) : 0;
   case SIM_SYSVAL_TEXTURE_SAMPLES:
      return k == 0 && s->id < SIM_MAX_TEXTURES ? e->textures[s->id].samples
                                                : 0;
   case SIM_SYSVAL_SAMPLER_LOD: return sampler_lod_word(e, s->id, k);
   default: return 0;
   }
}

uint32_t
sim_sysval_word(const struct sim_warp *w, uint32_t offset)
{
   const struct sim_layout *L = w->layout;
   for (unsigned i = 0; i < L->sysval_count && i < SIM_MAX_SYSVALS; i++) {
      const struct sim_sysval *s = &L->sysvals[i];
      if (offset >= s->offset && offset - s->offset < 16)
         return sysval_value(w, s, (offset - s->offset) / 4);
   }
   return 0;
}

uint32_t
sim_ubo_word(const struct sim_warp *w, uint32_t ubo, uint32_t offset)
{
   if (ubo == SIM_PUSH_CONSTANT)
      return offset; /* the constant table: the value itself */
   if (w->layout->sysval_ubo >= 0 && ubo == (uint32_t)w->layout->sysval_ubo)
      return sim_sysval_word(w, offset & ~3u);
   return sim_env_ubo_word(w->env, ubo, offset & ~3u);
}

bool
sim_setup_push(struct sim_warp *w)
{
   const struct sim_layout *L = w->layout;
   if (L->push_count > SIM_MAX_PUSH)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "%u push words, more than the %u modelled", L->push_count,
                      SIM_MAX_PUSH);
   for (unsigned i = 0; i < L->push_count; i++)
      w->push[i] = sim_ubo_word(w, L->push[i].ubo, L->push[i].offset);
   return true;
}

uint64_t
sim_blend_descriptor(unsigned rt)
{
   return BLEND_DESCRIPTOR_MARK | rt;
}

bool
sim_blend_descriptor_rt(uint64_t value, unsigned *rt)
{
   if ((value & ~(uint64_t)7) != BLEND_DESCRIPTOR_MARK)
      return false;
   *rt = value & 7;
   return true;
}

static uint64_t
region_base(const struct sim_warp *w, enum sim_region_kind kind)
{
   struct sim_region *r = sim_memory_region(&w->env->memory, kind, 0);
   return r ? r->base : 0;
}

bool
sim_special_value(const struct sim_warp *w, enum va_special which,
                  unsigned lane, uint64_t *value)
{
   if (which >= VA_SPECIAL_BLEND_DESCRIPTOR_0 &&
       which <= VA_SPECIAL_BLEND_DESCRIPTOR_7) {
      *value = sim_blend_descriptor(which - VA_SPECIAL_BLEND_DESCRIPTOR_0);
      return true;
   }
   switch (which) {
   case VA_SPECIAL_WARP_ID:
   case VA_SPECIAL_CORE_ID: *value = 0; return true;
   case VA_SPECIAL_LANE_ID: *value = lane; return true;
   case VA_SPECIAL_ATEST_DATUM: *value = ATEST_DATUM_MARK; return true;
   case VA_SPECIAL_PROGRAM_COUNTER:
      *value = SIM_CODE_BASE + 8 * (uint64_t)(w->cur + 1);
      return true;
   case VA_SPECIAL_THREAD_LOCAL_POINTER: {
      /* Lane-major scratch: each lane its share of the region. */
      struct sim_region *r =
          sim_memory_region(&w->env->memory, SIM_REGION_SCRATCH, 0);
      *value = r ? r->base + (uint64_t)lane * (r->size / SIM_LANES) : 0;
      return true;
   }
   case VA_SPECIAL_WORKGROUP_LOCAL_POINTER:
      *value = region_base(w, SIM_REGION_SHARED);
      return true;
   default: return false;
   }
}
