/* SPDX-License-Identifier: MIT */
/*
 * The flat memory both models share: regions at fixed, well separated
 * base addresses.  A bad address falls between regions and is reported by
 * the caller as a fault rather than touching anything.
 */
#include "sim_env.h"

#include <string.h>

/* Regions start here and are 16 MiB apart, so that an address off the end
 * of one never lands in the next. */
#define SIM_REGION_BASE 0x100000000ull
#define SIM_REGION_STRIDE 0x1000000ull

struct sim_region *
sim_memory_find(struct sim_memory *m, uint64_t addr, uint32_t size)
{
   for (unsigned i = 0; i < m->count; i++) {
      struct sim_region *r = &m->regions[i];
      if (addr >= r->base && addr - r->base <= r->size &&
          size <= r->size - (addr - r->base))
         return r;
   }
   return NULL;
}

const struct sim_region *
sim_memory_near(const struct sim_memory *m, uint64_t addr)
{
   for (unsigned i = 0; i < m->count; i++) {
      const struct sim_region *r = &m->regions[i];
      if (addr >= r->base && addr - r->base < SIM_REGION_STRIDE)
         return r;
   }
   return NULL;
}

struct sim_region *
sim_memory_region(struct sim_memory *m, enum sim_region_kind kind,
                  uint32_t index)
{
   for (unsigned i = 0; i < m->count; i++) {
      struct sim_region *r = &m->regions[i];
      if (r->kind == kind && r->index == index)
         return r;
   }
   return NULL;
}

/* Adds (or replaces) a zero-filled region; NULL when there are too many
 * or it is too large. */
struct sim_region *
sim_memory_add(struct sim_memory *m, struct arena *arena,
               enum sim_region_kind kind, uint32_t index, uint32_t size)
{
   if (size >= SIM_REGION_STRIDE)
      return NULL;
   struct sim_region *r = sim_memory_region(m, kind, index);
   if (!r) {
      if (m->count >= sizeof(m->regions) / sizeof(m->regions[0]))
         return NULL;
      r = &m->regions[m->count];
      r->base = SIM_REGION_BASE + SIM_REGION_STRIDE * m->count;
      m->count++;
   }
   r->kind = kind;
   r->index = index;
   r->size = size;
   r->bytes = arena_zalloc(arena, size ? size : 1);
   return r;
}

/* A deep copy, so that two models can run from the same initial memory. */
void
sim_memory_copy(struct sim_memory *dst, const struct sim_memory *src,
                struct arena *arena)
{
   *dst = *src;
   for (unsigned i = 0; i < src->count; i++) {
      uint32_t n = src->regions[i].size ? src->regions[i].size : 1;
      dst->regions[i].bytes = arena_alloc(arena, n);
      memcpy(dst->regions[i].bytes, src->regions[i].bytes, n);
   }
}
