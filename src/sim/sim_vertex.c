/* SPDX-License-Identifier: MIT */
/*
 * IDVS vertex output records (../shared/mesa-ref/README.md, "Vertex
 * shader and viewport transform").  How the hardware turns (table 0xD,
 * linear id) into an address is not public; this model gives each vertex
 * one block of the SIM_REGION_VERTEX region:
 *
 *   bytes  0..15   position record: x, y, z, 1/w in screen space (f32)
 *   bytes 16..19   point size (f16 at 16) and layer (byte at 18: a
 *                  STORE.i8 at offset 2 of the point-size address)
 *   bytes 32..     varying record: byte_offset of layout->outputs
 *
 * 1. LEA_BUF_IMM (table 0xD, index 0) of a vertex's linear id gives the
 *    block; of the linear id + 4 (Mesa's point-size address), the point
 *    size field.  Any other id is a fault.
 * 2. A STORE with the `estream` hint writes the varying record: its
 *    address is taken relative to the block and moved past byte 32.  Any
 *    other store writes the block as addressed (`istream` for position
 *    and point size).
 * 3. After the run, the position, point size, layer and varyings this
 *    program stored are copied to sim_outputs; a varying's mask has the
 *    components whose four bytes some lane stored.
 */
#include "sim_internal.h"

#include <string.h>

#include "sim_float.h"

#define VERTEX_STRIDE 1056
#define PSIZ_FIELD 16
#define VARYING_BASE 32
#define LINEAR_BASE 0x40

static bool
is_vertex(const struct sim_warp *w)
{
   return w->kind == SIM_PROGRAM_VERTEX_POSITION ||
          w->kind == SIM_PROGRAM_VERTEX_VARYING;
}

bool
sim_vertex_setup(struct sim_warp *w)
{
   if (!is_vertex(w))
      return true;
   uint32_t size = SIM_LANES * VERTEX_STRIDE;
   struct sim_memory *m = &w->env->memory;
   w->vertex = sim_memory_region(m, SIM_REGION_VERTEX, 0);
   if (!w->vertex || w->vertex->size != size)
      w->vertex = sim_memory_add(m, w->arena, SIM_REGION_VERTEX, 0, size);
   if (!w->vertex)
      return sim_fail(w, SIM_ERROR_FAULT,
                      "no room for the vertex record region");
   w->vertex_written = ARENA_ARRAY(w->arena, uint8_t, size);
   return true;
}

bool
sim_lea_buf_imm(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   if (I->imm[VA_IMM_TABLE] != 0xD || I->imm[VA_IMM_INDEX] != 0)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "LEA_BUF_IMM of table 0x%llx index %lld: only the "
                      "IDVS records (table 0xD, index 0) are modelled",
                      (unsigned long long)I->imm[VA_IMM_TABLE],
                      (long long)I->imm[VA_IMM_INDEX]);
   if (!w->vertex)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "IDVS vertex records outside a vertex program");
   sim_foreach_lane (w->active, l) {
      uint32_t id = (uint32_t)sim_src_raw(w, l, 0);
      uint32_t k = id - LINEAR_BASE;
      if (id < LINEAR_BASE || k >= 8 * SIM_LANES || (k & 3))
         return sim_fail(w, SIM_ERROR_FAULT,
                         "LEA_BUF_IMM of 0x%x (lane %u) names no vertex "
                         "record (linear ids are 0x40 + 8 * lane)",
                         id, l);
      uint64_t addr = w->vertex->base + (uint64_t)(k >> 3) * VERTEX_STRIDE +
                      ((k & 4) ? PSIZ_FIELD : 0);
      for (unsigned i = 0; i < I->staging[0].count; i++) {
         uint32_t v = i == 0 ? (uint32_t)addr : i == 1 ? addr >> 32 : 0;
         sim_write_reg(w, l, I->staging[0].reg + i, v);
      }
   }
   return true;
}

static bool
in_vertex(const struct sim_warp *w, uint64_t addr)
{
   return w->vertex && addr >= w->vertex->base &&
          addr - w->vertex->base < w->vertex->size;
}

uint64_t
sim_vertex_store_address(const struct sim_warp *w, uint64_t addr,
                         unsigned access)
{
   if (access == VA_MEMORY_ACCESS_ESTREAM && in_vertex(w, addr))
      return addr + VARYING_BASE;
   return addr;
}

void
sim_vertex_mark(struct sim_warp *w, uint64_t addr, uint32_t size)
{
   if (!in_vertex(w, addr))
      return;
   uint64_t off = addr - w->vertex->base;
   for (uint32_t i = 0; i < size && off + i < w->vertex->size; i++)
      w->vertex_written[off + i] = 1;
}

static bool
stored(const struct sim_warp *w, unsigned lane, uint32_t off, uint32_t size)
{
   const uint8_t *f = w->vertex_written + lane * VERTEX_STRIDE + off;
   for (uint32_t i = 0; i < size; i++) {
      if (!f[i])
         return false;
   }
   return true;
}

static uint32_t
record_word(const struct sim_warp *w, unsigned lane, uint32_t off)
{
   uint32_t v;
   memcpy(&v, w->vertex->bytes + lane * VERTEX_STRIDE + off, 4);
   return v;
}

static void
collect_position(struct sim_warp *w)
{
   struct sim_outputs *o = w->out;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (stored(w, l, 0, 16)) {
         o->wrote_position = true;
         for (unsigned c = 0; c < 4; c++)
            o->position[l][c] = bits_to_float(record_word(w, l, 4 * c));
      }
      if (stored(w, l, PSIZ_FIELD + 2, 1)) {
         o->wrote_layer = true;
         o->layer[l] = w->vertex->bytes[l * VERTEX_STRIDE + PSIZ_FIELD + 2];
      }
      if (stored(w, l, PSIZ_FIELD, 2)) {
         o->wrote_point_size = true;
         uint16_t h = (uint16_t)record_word(w, l, PSIZ_FIELD);
         o->point_size[l] = (float)sim_f16_to_f64(h);
      }
   }
}

static unsigned
varying_slot(struct sim_outputs *o, const struct sim_varying *v)
{
   for (unsigned i = 0; i < o->varying_count; i++) {
      if (o->varyings[i].semantic == v->semantic &&
          o->varyings[i].index == v->index)
         return i;
   }
   if (o->varying_count == SIM_MAX_VARYINGS)
      return SIM_MAX_VARYINGS;
   unsigned i = o->varying_count++;
   o->varyings[i].semantic = v->semantic;
   o->varyings[i].index = v->index;
   o->varyings[i].mask = 0;
   return i;
}

static void
collect_varying(struct sim_warp *w, const struct sim_varying *v)
{
   uint32_t base = VARYING_BASE + v->byte_offset;
   if (base + 16 > VERTEX_STRIDE)
      return;
   uint8_t mask = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4; c++)
         mask |= stored(w, l, base + 4 * c, 4) ? 1u << c : 0;
   }
   if (!mask)
      return;
   unsigned i = varying_slot(w->out, v);
   if (i == SIM_MAX_VARYINGS)
      return;
   w->out->varyings[i].mask |= mask;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4; c++) {
         if (mask & (1u << c))
            w->out->varyings[i].value[l].w[c] = record_word(w, l, base + 4 * c);
      }
   }
}

void
sim_vertex_collect(struct sim_warp *w)
{
   if (!w->vertex)
      return;
   collect_position(w);
   const struct sim_layout *L = w->layout;
   for (unsigned i = 0; i < L->output_count && i < SIM_MAX_LAYOUT_VARYINGS; i++)
      collect_varying(w, &L->outputs[i]);
}
