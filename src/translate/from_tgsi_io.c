/* SPDX-License-Identifier: MIT */
/*
 * Inputs, outputs and system values of each stage, following Panfrost's
 * Valhall conventions (spec/abi.md, docs/abi.md).
 *
 * 1. Inputs and system values are loaded once, in the entry block, so
 *    that they dominate every use; only the channels some instruction
 *    reads are loaded.
 * 2. Vertex shaders (IDVS): attribute i is LD_ATTR_IMM index i of table 1
 *    with the vertex and instance ids preloaded in r60 and r61.  The
 *    position binary stores (x/w * scale + offset, ..., 1/w) with
 *    STORE.i128.istream at LEA_BUF_IMM(r59), and the point size as f16 at
 *    LEA_BUF_IMM(r59 + 4); the varying binary stores every other written
 *    output with STORE.estream at LEA_BUF_IMM(r59) + its byte offset.
 * 3. Varying byte offsets: fixed-function slots (COLOR, TEXCOORD, FOG,
 *    CLIPDIST, ...; not POSITION or PSIZE) are packed first in slot order,
 *    16 bytes each; GENERIC[n] is at 16 * (fixed slots + n).
 * 4. Fragment shaders: varyings are LD_VAR_BUF_IMM at their byte offset
 *    with r61 as the interpolation position; FragCoord.xy is the pixel
 *    position in r59 (two u16) + 0.5, z and w are LD_VAR_SPECIAL 3 and 2;
 *    FACE is r58 == 0 (front) as +1.0 / -1.0.  Outputs: one ATEST with
 *    the coverage in r60 and render target 0's alpha (1.0 without one),
 *    ZS_EMIT for depth/stencil, then one BLEND per render target.
 * 5. The variant key (tgsiva_shader_key) changes only fragment code: the
 *    linked vertex shader's fixed slots for the offsets, clip-plane
 *    discards first, sprite-replaced inputs from the point coordinate,
 *    COLOR[0] to more colour buffers, each BLEND's register format.
 * 6. Compute shaders: local ids in r55 (x, y as u16) and r56 (z), group
 *    ids in r57-r59; the group size comes from the CS_FIXED_BLOCK_*
 *    properties.
 *
 * Requires: the shader's declarations.
 * Ensures:  every input read is loaded in the entry block; the layout
 *           records inputs, outputs and varyings.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

/* Preloaded registers (spec/abi.md). */
enum {
   REG_CS_LOCAL_XY = 55,
   REG_CS_LOCAL_Z = 56,
   REG_CS_GROUP_X = 57,
   REG_FS_FACING = 58,
   REG_FS_PIXEL = 59,
   REG_VS_LINEAR_ID = 59,
   REG_VS_VERTEX_ID = 60,
   REG_FS_COVERAGE = 60,
   REG_VS_INSTANCE_ID = 61,
   REG_FS_SAMPLE = 61,
};

/* Varying slots (the numbering Mesa's NIR uses). */
enum {
   SLOT_POS = 0,
   SLOT_COL0 = 1,
   SLOT_FOGC = 3,
   SLOT_TEX0 = 4,
   SLOT_PSIZ = 12,
   SLOT_BFC0 = 13,
   SLOT_EDGE = 15,
   SLOT_CLIP_VERTEX = 16,
   SLOT_CLIP_DIST0 = 17,
   SLOT_PRIMITIVE_ID = 21,
   SLOT_LAYER = 22,
   SLOT_VIEWPORT = 23,
   SLOT_VAR0 = 32,
};

static int
varying_slot(struct tgsi_to_ir *t, unsigned sem, uint32_t index)
{
   switch (sem) {
   case TGSI_SEM_POSITION: return SLOT_POS;
   case TGSI_SEM_COLOR: return index < 2 ? SLOT_COL0 + (int)index : -1;
   case TGSI_SEM_BCOLOR: return index < 2 ? SLOT_BFC0 + (int)index : -1;
   case TGSI_SEM_FOG: return SLOT_FOGC;
   case TGSI_SEM_TEXCOORD: return index < 8 ? SLOT_TEX0 + (int)index : -1;
   case TGSI_SEM_PSIZE: return SLOT_PSIZ;
   case TGSI_SEM_EDGEFLAG: return SLOT_EDGE;
   case TGSI_SEM_CLIPVERTEX: return SLOT_CLIP_VERTEX;
   case TGSI_SEM_CLIPDIST: return index < 2 ? SLOT_CLIP_DIST0 + (int)index : -1;
   case TGSI_SEM_PRIMID: return SLOT_PRIMITIVE_ID;
   case TGSI_SEM_LAYER: return SLOT_LAYER;
   case TGSI_SEM_VIEWPORT_INDEX: return SLOT_VIEWPORT;
   case TGSI_SEM_GENERIC:
      if (index >= 32)
         t_unsupported(t, "GENERIC[%u]: at most 32 generic varyings",
                       index);
      return SLOT_VAR0 + (int)index;
   default: return -1;
   }
}

static bool
is_fixed_slot(int slot)
{
   return slot > SLOT_POS && slot < SLOT_VAR0 && slot != SLOT_PSIZ;
}

/* Slots varying_slot() gives a semantic (Mesa's CULL_DIST0/1 between
 * the clip distances and PRIMITIVE_ID have none in TGSI, nor the slots
 * after VIEWPORT). */
static bool
slot_named(int slot)
{
   return slot < SLOT_CLIP_DIST0 + 2 ||
          (slot >= SLOT_PRIMITIVE_ID && slot <= SLOT_VIEWPORT);
}

static uint32_t
varying_offset(const struct ir_layout *l, int slot)
{
   uint32_t fixed = l->fixed_varying_mask;
   if (slot >= SLOT_VAR0)
      return 16 * ((uint32_t)__builtin_popcount(fixed) +
                   (uint32_t)(slot - SLOT_VAR0));
   return 16 * (uint32_t)__builtin_popcount(fixed & ((1u << slot) - 1));
}

/* ---------------------------------------------------------------------
 * Declarations
 */

static struct t_io *
io_table(struct tgsi_to_ir *t, unsigned count)
{
   return ARENA_ARRAY(t->s->arena, struct t_io, count + 1);
}

static void
declare_io(struct tgsi_to_ir *t, const struct tgsi_decl *d)
{
   struct t_io *table;
   uint32_t count;
   switch (d->file) {
   case TGSI_REGFILE_INPUT: table = t->inputs; count = t->ninputs; break;
   case TGSI_REGFILE_OUTPUT: table = t->outputs; count = t->noutputs; break;
   case TGSI_REGFILE_SYSTEM_VALUE:
      table = t->sysvals;
      count = t->nsysvals;
      break;
   default: return;
   }
   for (uint32_t i = d->first; i <= d->last && i < count; i++) {
      struct t_io *io = &table[i];
      io->declared = true;
      io->semantic = d->semantic ? (uint8_t)d->sem_name : TGSI_SEM_GENERIC;
      io->sem_index = d->semantic ? d->sem_index + (i - d->first) : i;
      io->interp = d->interpolate ? (uint8_t)d->interp
                                  : (uint8_t)TGSI_INTERP_PERSPECTIVE;
      io->location = (uint8_t)d->location;
      io->usage_mask = d->usage_mask;
      io->array_id = d->array ? d->array_id : 0;
   }
}

/* Which channels of each input the instructions read. */
static void
scan_input_reads(struct tgsi_to_ir *t, uint8_t *read)
{
   const struct tgsi_shader *sh = t->tgsi;
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      for (unsigned s = 0; s < I->num_src; s++) {
         const struct tgsi_src *src = &I->src[s];
         if (src->reg.file != TGSI_REGFILE_INPUT)
            continue;
         uint8_t mask = 0;
         for (unsigned c = 0; c < 4; c++)
            mask |= (uint8_t)(1u << (src->swizzle[c] & 3));
         if (src->reg.indirect) {
            for (unsigned k = 0; k < t->ninputs; k++)
               read[k] |= mask;
         } else if (src->reg.index >= 0 &&
                    (uint32_t)src->reg.index < t->ninputs) {
            read[src->reg.index] |= mask;
         }
      }
      /* INTERP_* read their input through the interpolation opcode. */
   }
}

/* The channels of each output some instruction writes (an indirect
 * write, every output's), in one walk over the instructions. */
static void
scan_output_writes(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   uint8_t indirect = 0;
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      for (unsigned k = 0; k < I->num_dst; k++) {
         const struct tgsi_reg *r = &I->dst[k].reg;
         if (r->file != TGSI_REGFILE_OUTPUT)
            continue;
         if (r->indirect)
            indirect |= I->dst[k].writemask;
         else if (r->index >= 0 && (uint32_t)r->index < t->noutputs)
            t->outputs[r->index].written |= I->dst[k].writemask;
      }
   }
   for (uint32_t i = 0; i < t->noutputs; i++)
      t->outputs[i].written |= indirect;
}

static void
layout_vertex_outputs(struct tgsi_to_ir *t)
{
   struct ir_layout *l = t->layout;
   if (l->outputs.len)
      return; /* the position and varying binaries share the layout */
   for (uint32_t i = 0; i < t->noutputs; i++) {
      const struct t_io *io = &t->outputs[i];
      int slot = io->declared ? varying_slot(t, io->semantic, io->sem_index)
                              : -1;
      if (is_fixed_slot(slot) && io->written)
         l->fixed_varying_mask |= 1u << slot;
   }
   for (uint32_t i = 0; i < t->noutputs; i++) {
      const struct t_io *io = &t->outputs[i];
      uint8_t written = io->written;
      int slot = io->declared ? varying_slot(t, io->semantic, io->sem_index)
                              : -1;
      if (!io->declared || !written)
         continue;
      if (slot < 0)
         t_unsupported(t, "vertex output %s[%u]",
                       tgsi_name(&tgsi_sem_names, io->semantic),
                       io->sem_index);
      if (slot == SLOT_PSIZ)
         l->writes_point_size = true;
      struct ir_varying *v = VEC_PUSH(t->s->arena, &l->outputs);
      v->semantic = io->semantic;
      v->index = io->sem_index;
      v->reg = i;
      v->components = (uint8_t)(32 - __builtin_clz(written));
      v->byte_offset = slot == SLOT_POS || slot == SLOT_PSIZ
                          ? 0
                          : varying_offset(l, slot);
   }
}

static bool
fs_system_input(unsigned sem)
{
   return sem == TGSI_SEM_POSITION || sem == TGSI_SEM_FACE ||
          sem == TGSI_SEM_PCOORD;
}

/* The key's sprite_coord_enable replaces this input by the point
 * coordinate: TEXCOORD[i] is bit i, GENERIC[i] bit i + 8. */
bool
t_sprite_replaced(const struct tgsi_to_ir *t, const struct t_io *io)
{
   uint32_t bit = io->semantic == TGSI_SEM_TEXCOORD  ? io->sem_index
                  : io->semantic == TGSI_SEM_GENERIC ? io->sem_index + 8
                                                     : 32;
   return bit < 32 && (t->key->sprite_coord_enable >> bit) & 1;
}

/* The fixed slots the varying offsets count: the linked vertex shader's
 * (the key), else the shader's own fixed varyings (not the inputs the
 * point coordinate replaces) and the clip distances its clip planes
 * read. */
static uint32_t
fragment_fixed_slots(struct tgsi_to_ir *t)
{
   uint32_t key = t->key->fixed_varying_mask;
   for (int slot = 0; slot < 32; slot++) {
      /* A bit no vertex shader output sets would shift every offset
       * after it: the driver passed something else than a linked
       * shader's mask. */
      if ((key >> slot & 1) && (!is_fixed_slot(slot) || !slot_named(slot)))
         t_error(t, "bad shader key: fixed_varying_mask bit %d names no "
                    "varying (0x%08x)",
                 slot, key);
   }
   if (key)
      return key;
   uint32_t mask = 0;
   for (uint32_t i = 0; i < t->ninputs; i++) {
      const struct t_io *io = &t->inputs[i];
      int slot = varying_slot(t, io->semantic, io->sem_index);
      if (io->declared && !fs_system_input(io->semantic) &&
          !t_sprite_replaced(t, io) && is_fixed_slot(slot))
         mask |= 1u << slot;
   }
   uint8_t planes = t->key->clip_plane_enable;
   for (unsigned k = 0; k < 2; k++)
      mask |= (planes >> (4 * k) & 0xf) ? 1u << (SLOT_CLIP_DIST0 + k) : 0;
   return mask;
}

/* The clip distances the key's clip planes read are inputs too (the
 * driver's varying linking must know). */
static void
add_clip_inputs(struct tgsi_to_ir *t)
{
   struct ir_layout *l = t->layout;
   for (unsigned k = 0; k < 2; k++) {
      unsigned mask = t->key->clip_plane_enable >> (4 * k) & 0xf;
      if (!mask)
         continue;
      struct ir_varying *v = NULL;
      for (size_t i = 0; i < l->inputs.len; i++) {
         if (l->inputs.data[i].semantic == TGSI_SEM_CLIPDIST &&
             l->inputs.data[i].index == k)
            v = &l->inputs.data[i];
      }
      if (!v) {
         v = VEC_PUSH(t->s->arena, &l->inputs);
         *v = (struct ir_varying){
            .semantic = TGSI_SEM_CLIPDIST,
            .index = k,
            .interp = TGSI_INTERP_PERSPECTIVE,
            .location = TGSI_INTERP_LOC_CENTER,
            .byte_offset = varying_offset(l, SLOT_CLIP_DIST0 + (int)k),
         };
      }
      uint8_t n = (uint8_t)(32 - __builtin_clz(mask));
      v->components = v->components > n ? v->components : n;
   }
}

static void
layout_fragment_inputs(struct tgsi_to_ir *t, const uint8_t *read)
{
   struct ir_layout *l = t->layout;
   l->fixed_varying_mask = fragment_fixed_slots(t);
   for (uint32_t i = 0; i < t->ninputs; i++) {
      const struct t_io *io = &t->inputs[i];
      if (!io->declared || fs_system_input(io->semantic) ||
          t_sprite_replaced(t, io))
         continue;
      int slot = varying_slot(t, io->semantic, io->sem_index);
      if (slot < 0)
         t_unsupported(t, "fragment input %s[%u]",
                       tgsi_name(&tgsi_sem_names, io->semantic),
                       io->sem_index);
      struct ir_varying *v = VEC_PUSH(t->s->arena, &l->inputs);
      v->semantic = io->semantic;
      v->index = io->sem_index;
      v->interp = io->interp;
      v->location = io->location;
      v->components = read[i] ? (uint8_t)(32 - __builtin_clz(read[i])) : 0;
      v->byte_offset = varying_offset(l, slot);
      if (io->location == TGSI_INTERP_LOC_SAMPLE)
         l->sample_shading = true;
   }
   add_clip_inputs(t);
}

void
t_io_declare(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   struct ir_layout *l = t->layout;
   uint32_t nsviews = 0, nsamplers = 0, nimages = 0, nbuffers = 0;
   uint32_t ubos = 0;
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      uint32_t end = d->last + 1;
      switch (d->file) {
      case TGSI_REGFILE_INPUT:
         t->ninputs = end > t->ninputs ? end : t->ninputs;
         break;
      case TGSI_REGFILE_OUTPUT:
         t->noutputs = end > t->noutputs ? end : t->noutputs;
         break;
      case TGSI_REGFILE_SYSTEM_VALUE:
         t->nsysvals = end > t->nsysvals ? end : t->nsysvals;
         break;
      case TGSI_REGFILE_SAMPLER_VIEW:
         nsviews = end > nsviews ? end : nsviews;
         break;
      case TGSI_REGFILE_SAMPLER:
         nsamplers = end > nsamplers ? end : nsamplers;
         break;
      case TGSI_REGFILE_IMAGE:
         nimages = end > nimages ? end : nimages;
         break;
      case TGSI_REGFILE_BUFFER:
         nbuffers = end > nbuffers ? end : nbuffers;
         break;
      case TGSI_REGFILE_CONSTANT: {
         uint32_t b = (d->dimension ? d->dim_index : 0) + 1;
         ubos = b > ubos ? b : ubos;
         break;
      }
      default: break;
      }
   }
   if (t->ninputs > T_MAX_REGISTER_INDEX ||
       t->noutputs > T_MAX_REGISTER_INDEX ||
       t->nsysvals > T_MAX_REGISTER_INDEX || nsviews > T_MAX_REGISTER_INDEX)
      t_error(t, "more than %u registers in one file", T_MAX_REGISTER_INDEX);
   t->inputs = io_table(t, t->ninputs);
   t->outputs = io_table(t, t->noutputs);
   t->sysvals = io_table(t, t->nsysvals);
   t->nsviews = nsviews;
   t->sview_target = ARENA_ARRAY(t->s->arena, uint8_t, nsviews + 1);
   t->sview_ret = ARENA_ARRAY(t->s->arena, uint8_t, nsviews + 1);
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      declare_io(t, d);
      if (d->file == TGSI_REGFILE_SAMPLER_VIEW) {
         for (uint32_t k = d->first; k <= d->last; k++) {
            t->sview_target[k] = (uint8_t)d->target;
            t->sview_ret[k] = (uint8_t)d->return_type[0];
         }
      }
   }
   l->user_ubo_count = ubos > l->user_ubo_count ? ubos : l->user_ubo_count;
   l->texture_count = nsviews > nsamplers ? nsviews : nsamplers;
   l->sampler_count = nsamplers;
   l->image_count = nimages;
   l->buffer_count = nbuffers;

   scan_output_writes(t);
   uint8_t *read = ARENA_ARRAY(t->s->arena, uint8_t, t->ninputs + 1);
   scan_input_reads(t, read);
   for (uint32_t i = 0; i < t->ninputs; i++)
      t->inputs[i].usage_mask = read[i];

   switch (t->s->stage) {
   case IR_STAGE_VERTEX_POSITION:
   case IR_STAGE_VERTEX_VARYING:
   case IR_STAGE_VERTEX_XFB: layout_vertex_outputs(t); break;
   case IR_STAGE_FRAGMENT:
      if (!l->inputs.len)
         layout_fragment_inputs(t, read);
      l->early_fragment_tests = tgsi_shader_property(
         sh, TGSI_PROP_FS_EARLY_DEPTH_STENCIL, 0);
      break;
   case IR_STAGE_GEOMETRY: break; /* t_gs_declare, after this */
   case IR_STAGE_COMPUTE:
   case IR_STAGE_COUNT:
      l->local_size[0] =
         tgsi_shader_property(sh, TGSI_PROP_CS_FIXED_BLOCK_WIDTH, 1);
      l->local_size[1] = tgsi_shader_property(
         sh, TGSI_PROP_CS_FIXED_BLOCK_HEIGHT, 1);
      l->local_size[2] = tgsi_shader_property(
         sh, TGSI_PROP_CS_FIXED_BLOCK_DEPTH, 1);
      break;
   }
}

/* ---------------------------------------------------------------------
 * Inputs
 */

static const enum va_vector_size vecsizes[] = {
   VA_VECTOR_SIZE_NONE, VA_VECTOR_SIZE_V2, VA_VECTOR_SIZE_V3,
   VA_VECTOR_SIZE_V4,
};

/* The vertex and instance ids: preloaded for IDVS, computed from the
 * invocation for transform feedback. */
static void
vertex_ids(struct tgsi_to_ir *t, struct ir_ref ids[2])
{
   if (t->s->stage == IR_STAGE_VERTEX_XFB) {
      t_xfb_vertex_ids(t, ids);
      return;
   }
   ids[0] = t_preload(t, REG_VS_VERTEX_ID);
   ids[1] = t_preload(t, REG_VS_INSTANCE_ID);
}

static void
load_vertex_input(struct tgsi_to_ir *t, uint32_t index, struct t_io *io)
{
   unsigned n = io->usage_mask ? 32 - (unsigned)__builtin_clz(io->usage_mask)
                               : 1;
   if (index > 15)
      t_unsupported(t, "vertex attribute %u: at most 16", index);
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref srcs[2];
   vertex_ids(t, srcs);
   struct ir_instr *I = t_va(&eb, VA_OP_LD_ATTR_IMM, 2, srcs, n);
   va_set_mod(I->va, VA_MOD_VECSIZE, vecsizes[n - 1]);
   va_set_mod(I->va, VA_MOD_REGFMT, VA_REGISTER_FORMAT_F32);
   I->va->imm[VA_IMM_INDEX] = index;
   I->va->imm[VA_IMM_TABLE] = 1;
   for (unsigned c = 0; c < 4; c++)
      io->value[c] = c < n ? ir_comp(I->dst, c) : ir_imm(0);
   t->layout->attributes_read |= 1u << index;
}

static const struct ir_varying *
fs_varying(struct tgsi_to_ir *t, const struct t_io *io)
{
   const struct ir_layout *l = t->layout;
   for (size_t i = 0; i < l->inputs.len; i++) {
      if (l->inputs.data[i].semantic == io->semantic &&
          l->inputs.data[i].index == io->sem_index)
         return &l->inputs.data[i];
   }
   t_error(t, "input %s[%u] has no varying slot",
           tgsi_name(&tgsi_sem_names, io->semantic), io->sem_index);
}

static const enum va_sample_mode sample_modes[] = {
   [TGSI_INTERP_LOC_CENTER] = VA_SAMPLE_MODE_CENTER,
   [TGSI_INTERP_LOC_CENTROID] = VA_SAMPLE_MODE_CENTROID,
   [TGSI_INTERP_LOC_SAMPLE] = VA_SAMPLE_MODE_SAMPLE,
};

/* LD_VAR_BUF_IMM of `n` channels at `offset` (interpolated unless
 * flat), at `location`. */
static struct ir_ref
load_varying(struct tgsi_to_ir *t, struct ir_builder *b, uint32_t offset,
             unsigned n, bool flat, unsigned location)
{
   struct ir_ref pos = t_preload(t, REG_FS_SAMPLE);
   struct ir_instr *I;
   /* The immediate index has 8 bits; further slots need the register
    * form. */
   if (offset < 256) {
      I = t_va(b, VA_OP_LD_VAR_BUF_IMM_F32, 1, &pos, n);
      I->va->imm[VA_IMM_INDEX] = offset;
   } else {
      struct ir_ref srcs[2] = {pos, ir_imm(offset)};
      I = t_va(b, VA_OP_LD_VAR_BUF_F32, 2, srcs, n);
   }
   va_set_mod(I->va, VA_MOD_VECSIZE, vecsizes[n - 1]);
   va_set_mod(I->va, VA_MOD_SOURCE_FORMAT,
              flat ? VA_SOURCE_FORMAT_SRC_FLAT32 : VA_SOURCE_FORMAT_SRC_F32);
   va_set_mod(I->va, VA_MOD_SAMPLE, sample_modes[location]);
   va_set_mod(I->va, VA_MOD_UPDATE, VA_UPDATE_MODE_STORE);
   return I->dst;
}

static struct ir_ref
load_special_varying(struct tgsi_to_ir *t, unsigned index, unsigned n)
{
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref pos = t_preload(t, REG_FS_SAMPLE);
   struct ir_instr *I = t_va(&eb, VA_OP_LD_VAR_SPECIAL, 1, &pos, n);
   va_set_mod(I->va, VA_MOD_VECSIZE, vecsizes[n - 1]);
   va_set_mod(I->va, VA_MOD_REGFMT, VA_REGISTER_FORMAT_F32);
   va_set_mod(I->va, VA_MOD_SAMPLE, VA_SAMPLE_MODE_CENTER);
   va_set_mod(I->va, VA_MOD_UPDATE, VA_UPDATE_MODE_CLOBBER);
   I->va->imm[VA_IMM_INDEX] = index;
   return I->dst;
}

/* A 16-bit half of a preloaded register, as a float. */
static struct ir_ref
u16_to_float(struct ir_builder *b, struct ir_ref reg, bool high)
{
   reg.swizzle = high ? IR_SWIZZLE_H1 : IR_SWIZZLE_H0;
   return t_va(b, VA_OP_U16_TO_F32, 1, &reg, 1)->dst;
}

static void
load_frag_coord(struct tgsi_to_ir *t, struct t_io *io)
{
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref pixel = t_preload(t, REG_FS_PIXEL);
   float center = tgsi_shader_property(t->tgsi,
                                       TGSI_PROP_FS_COORD_PIXEL_CENTER,
                                       TGSI_PIXCENTER_HALF_INTEGER) ==
                        TGSI_PIXCENTER_INTEGER
                     ? 0.0f
                     : 0.5f;
   struct ir_ref x = u16_to_float(&eb, pixel, false);
   struct ir_ref y = u16_to_float(&eb, pixel, true);
   /* A pixel's integer coordinates convert exactly: + 0 is no work. */
   io->value[0] = center ? ir_alu2(&eb, IR_OP_FADD, x, t_f(center)) : x;
   bool lower_left = tgsi_shader_property(t->tgsi, TGSI_PROP_FS_COORD_ORIGIN,
                                          TGSI_ORIGIN_UPPER_LEFT) ==
                     TGSI_ORIGIN_LOWER_LEFT;
   /* From the bottom, the row's centre is height - (y + 0.5); an integer
    * centre is 0.5 below that: height - (y + 1 - centre). */
   float step = lower_left ? 1.0f - center : center;
   io->value[1] = step ? ir_alu2(&eb, IR_OP_FADD, y, t_f(step)) : y;
   if (lower_left) {
      struct ir_ref height = t_sysval(t, IR_SYSVAL_FRAMEBUFFER_SIZE, 0, 1,
                                      false);
      io->value[1] = ir_alu2(&eb, IR_OP_FADD, height, ir_neg(io->value[1]));
   }
   if (io->usage_mask & 0xc) {
      struct ir_ref z = load_special_varying(t, 3, 1);
      struct ir_ref w = load_special_varying(t, 2, 1);
      io->value[2] = z;
      io->value[3] = w;
   }
   t->layout->reads_frag_coord = true;
}

/* (s, t, 0, 1); t counted from the bottom with a lower-left origin.
 * Loaded once for PCOORD and every input it replaces. */
static void
load_point_coord(struct tgsi_to_ir *t, struct t_io *io)
{
   struct ir_ref *v = t->point_coord;
   if (!t->point_coord_loaded) {
      struct ir_builder eb = t_entry_builder(t);
      struct ir_ref pc = load_special_varying(t, 0, 2);
      v[0] = ir_comp(pc, 0);
      v[1] = ir_comp(pc, 1);
      if (t->key->sprite_coord_origin == TGSIVA_SPRITE_ORIGIN_LOWER_LEFT)
         v[1] = ir_alu2(&eb, IR_OP_FADD, t_f(1.0f), ir_neg(v[1]));
      v[2] = ir_imm(0);
      v[3] = t_f(1.0f);
      t->point_coord_loaded = true;
   }
   memcpy(io->value, v, sizeof(t->point_coord));
   t->layout->reads_point_coord = true;
}

static void
load_fragment_input(struct tgsi_to_ir *t, struct t_io *io)
{
   struct ir_builder eb = t_entry_builder(t);
   switch (io->semantic) {
   case TGSI_SEM_POSITION: load_frag_coord(t, io); return;
   case TGSI_SEM_FACE: {
      struct ir_ref facing = t_preload(t, REG_FS_FACING);
      io->value[0] = ir_csel(&eb, IR_CMP_U, IR_COND_EQ, facing, ir_imm(0),
                             t_f(1.0f), t_f(-1.0f));
      io->value[1] = io->value[2] = ir_imm(0);
      io->value[3] = t_f(1.0f);
      t->layout->reads_face = true;
      return;
   }
   case TGSI_SEM_PCOORD: load_point_coord(t, io); return;
   default: break;
   }
   if (t_sprite_replaced(t, io)) {
      load_point_coord(t, io);
      return;
   }
   const struct ir_varying *v = fs_varying(t, io);
   unsigned n = v->components ? v->components : 1;
   struct ir_ref val = load_varying(t, &eb, v->byte_offset, n,
                                    io->interp == TGSI_INTERP_CONSTANT,
                                    io->location);
   for (unsigned c = 0; c < 4; c++)
      io->value[c] = c < n ? ir_comp(val, c) : ir_imm(0);
}

struct ir_ref
t_input(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   struct t_io *io = &t->inputs[index];
   if (!io->loaded) {
      io->loaded = true;
      switch (t->s->stage) {
      case IR_STAGE_VERTEX_POSITION:
      case IR_STAGE_VERTEX_VARYING:
      case IR_STAGE_VERTEX_XFB: load_vertex_input(t, index, io); break;
      case IR_STAGE_FRAGMENT: load_fragment_input(t, io); break;
      case IR_STAGE_GEOMETRY: /* t_gs_input reads them */
      case IR_STAGE_COMPUTE:
      case IR_STAGE_COUNT:
         t_unsupported(t, "compute shaders have no inputs");
      }
   }
   return io->value[chan];
}

static void
load_system_value(struct tgsi_to_ir *t, struct t_io *io)
{
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref *v = io->value;
   bool cs = t->s->stage == IR_STAGE_COMPUTE;
   bool fs = t->s->stage == IR_STAGE_FRAGMENT;
   bool gs = t->s->stage == IR_STAGE_GEOMETRY;
   bool vs = !cs && !fs && !gs;
   v[0] = v[1] = v[2] = v[3] = ir_imm(0);
   struct ir_ref ids[2];
   switch (io->semantic) {
   case TGSI_SEM_PRIMID:
   case TGSI_SEM_INVOCATIONID:
      if (!gs)
         break;
      v[0] = t_gs_system_value(t, io->semantic);
      return;
   case TGSI_SEM_VERTEXID:
   case TGSI_SEM_INSTANCEID:
      if (!vs)
         break;
      vertex_ids(t, ids);
      v[0] = ids[io->semantic == TGSI_SEM_INSTANCEID];
      return;
   case TGSI_SEM_THREAD_ID: {
      if (!cs)
         break;
      struct ir_ref xy = t_preload(t, REG_CS_LOCAL_XY);
      v[0] = ir_alu2(&eb, IR_OP_AND, xy, ir_imm(0xffff));
      v[1] = ir_alu2(&eb, IR_OP_USHR, xy, ir_imm(16));
      v[2] = ir_alu2(&eb, IR_OP_AND, t_preload(t, REG_CS_LOCAL_Z),
                     ir_imm(0xffff));
      return;
   }
   case TGSI_SEM_BLOCK_ID:
      if (!cs)
         break;
      for (unsigned c = 0; c < 3; c++)
         v[c] = t_preload(t, REG_CS_GROUP_X + c);
      return;
   case TGSI_SEM_BLOCK_SIZE:
      if (!cs)
         break;
      for (unsigned c = 0; c < 3; c++)
         v[c] = ir_imm(t->layout->local_size[c]);
      return;
   case TGSI_SEM_GRID_SIZE:
      if (!cs)
         break;
      for (unsigned c = 0; c < 3; c++)
         v[c] = t_sysval(t, IR_SYSVAL_NUM_WORKGROUPS, 0, c, false);
      return;
   case TGSI_SEM_SAMPLEMASK:
      if (!fs)
         break;
      v[0] = ir_alu2(&eb, IR_OP_AND, t_preload(t, REG_FS_SAMPLE),
                     ir_imm(0xffff));
      return;
   case TGSI_SEM_SAMPLEID:
      if (!fs)
         break;
      v[0] = ir_alu2(&eb, IR_OP_AND,
                     ir_alu2(&eb, IR_OP_USHR, t_preload(t, REG_FS_SAMPLE),
                             ir_imm(16)),
                     ir_imm(0x1f));
      t->layout->sample_shading = true;
      return;
   case TGSI_SEM_POSITION:
   case TGSI_SEM_FACE:
      if (!fs)
         break;
      load_fragment_input(t, io);
      if (io->semantic == TGSI_SEM_FACE)
         v[0] = ir_csel(&eb, IR_CMP_U, IR_COND_EQ,
                        t_preload(t, REG_FS_FACING), ir_imm(0),
                        ir_imm(~0u), ir_imm(0));
      return;
   default: break;
   }
   t_unsupported(t, "system value %s in this stage",
                 tgsi_name(&tgsi_sem_names, io->semantic));
}

struct ir_ref
t_system_value(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   struct t_io *io = &t->sysvals[index];
   if (!io->declared)
      t_error(t, "SV[%u] is not declared", index);
   if (!io->loaded) {
      io->loaded = true;
      load_system_value(t, io);
   }
   return io->value[chan];
}

/* ---------------------------------------------------------------------
 * Outputs
 */

struct ir_ref
t_output_channel(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   return t_read_var(t, t->out_base + 4 * index + chan);
}

/* LEA_BUF_IMM: the address of this vertex's record in the IDVS buffer. */
static struct ir_ref
vertex_record(struct tgsi_to_ir *t, struct ir_ref linear_id)
{
   struct ir_instr *I = t_va(&t->b, VA_OP_LEA_BUF_IMM, 1, &linear_id, 0);
   ir_instr_def(t->s, I, 64, 2);
   I->va->imm[VA_IMM_TABLE] = 0xD;
   I->va->imm[VA_IMM_INDEX] = 0;
   return I->dst;
}

static const enum va_op store_ops[] = {
   VA_OP_STORE_I32, VA_OP_STORE_I64, VA_OP_STORE_I96, VA_OP_STORE_I128,
};

static void
store_vertex(struct tgsi_to_ir *t, struct ir_ref addr, struct ir_ref *v,
             unsigned n, uint32_t offset, enum va_memory_access stream)
{
   /* A vector of its own: v[0] may be a part of a bigger value. */
   struct ir_ref srcs[2] = {addr, ir_collect(&t->b, 32, n, v)};
   struct ir_instr *I = t_va(&t->b, store_ops[n - 1], 2, srcs, 0);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, stream);
   I->va->imm[VA_IMM_OFFSET] = offset;
}

static void
store_position(struct tgsi_to_ir *t, uint32_t out)
{
   struct ir_ref c[4];
   for (unsigned i = 0; i < 4; i++)
      c[i] = t_output_channel(t, out, i);
   if (tgsi_shader_property(t->tgsi, TGSI_PROP_VS_WINDOW_SPACE_POSITION, 0))
      t_unsupported(t, "window-space vertex positions");
   /* (x/w * scale + offset, y/w * ..., z/w * ..., 1/w) */
   struct ir_ref rw = ir_alu1(&t->b, IR_OP_FRCP, c[3]);
   struct ir_ref v[4];
   /* Scale and offset of a channel share a FAU slot: the FMA reads both
    * from there (two slots would need a MOV). */
   static const enum ir_sysval_kind viewport[2] = {
      IR_SYSVAL_VIEWPORT_SCALE, IR_SYSVAL_VIEWPORT_OFFSET};
   for (unsigned i = 0; i < 3; i++) {
      struct ir_ref so[2];
      t_sysval_slot(t, viewport, i, so);
      struct ir_ref ndc = ir_alu2(&t->b, IR_OP_FMUL, c[i], rw);
      v[i] = ir_alu3(&t->b, IR_OP_FMA, ndc, so[0], so[1]);
   }
   v[3] = rw;
   t_gs_cull_viewport(t, v);
   struct ir_ref addr = vertex_record(t, t_preload(t, REG_VS_LINEAR_ID));
   store_vertex(t, addr, v, 4, 0, VA_MEMORY_ACCESS_ISTREAM);
}

/* The layer, in the position program: its low byte at byte 2 of the
 * record LEA_BUF_IMM gives for the linear id + 4 (after the point size),
 * as Mesa's newer Valhall compiler stores gl_Layer (docs/abi.md). */
static void
store_layer(struct tgsi_to_ir *t, uint32_t out)
{
   struct ir_ref id = ir_alu2(&t->b, IR_OP_IADD,
                              t_preload(t, REG_VS_LINEAR_ID), ir_imm(4));
   struct ir_ref layer = t_output_channel(t, out, 0);
   /* A vector of its own: the layer may be a part of a bigger value. */
   struct ir_ref srcs[2] = {vertex_record(t, id),
                            ir_collect(&t->b, 32, 1, &layer)};
   struct ir_instr *I = t_va(&t->b, VA_OP_STORE_I8, 2, srcs, 0);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, VA_MEMORY_ACCESS_ISTREAM);
   I->va->imm[VA_IMM_OFFSET] = 2;
   t->layout->writes_layer = true;
}

static void
store_point_size(struct tgsi_to_ir *t, uint32_t out)
{
   struct ir_ref psize = t_output_channel(t, out, 0);
   struct ir_ref size = ir_alu2(&t->b, IR_OP_FMAX, psize, t_f(1.0f));
   struct ir_ref half = ir_alu1(&t->b, IR_OP_F2F16, size);
   struct ir_ref id = ir_alu2(&t->b, IR_OP_IADD,
                              t_preload(t, REG_VS_LINEAR_ID), ir_imm(4));
   struct ir_ref srcs[2] = {vertex_record(t, id), half};
   struct ir_instr *I = t_va(&t->b, VA_OP_STORE_I16, 2, srcs, 0);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, VA_MEMORY_ACCESS_ISTREAM);
   I->va->imm[VA_IMM_OFFSET] = 0;
}

static void
finish_vertex(struct tgsi_to_ir *t)
{
   bool position = t->s->stage == IR_STAGE_VERTEX_POSITION;
   struct ir_ref addr = {0};
   const struct ir_layout *l = t->layout;
   /* Its position stored even when never written (from_tgsi_gs.c,
    * rule 7). */
   bool culls = t_gs_culls_viewport(t);
   for (uint32_t i = 0; i < t->noutputs; i++) {
      const struct t_io *io = &t->outputs[i];
      bool culled_position = culls && io->semantic == TGSI_SEM_POSITION;
      if (!io->declared || (!io->written && !culled_position))
         continue;
      if (io->semantic == TGSI_SEM_POSITION) {
         if (position)
            store_position(t, i);
         continue;
      }
      if (io->semantic == TGSI_SEM_PSIZE) {
         if (position)
            store_point_size(t, i);
         continue;
      }
      if (position) {
         /* A geometry shader's layer (a vertex shader's is a varying
          * only, as Mesa 24.0's Valhall compiler has it). */
         if (io->semantic == TGSI_SEM_LAYER &&
             t->tgsi->processor == TGSI_PROC_GEOMETRY)
            store_layer(t, i);
         continue;
      }
      const struct ir_varying *v = NULL;
      for (size_t k = 0; k < l->outputs.len; k++) {
         if (l->outputs.data[k].semantic == io->semantic &&
             l->outputs.data[k].index == io->sem_index)
            v = &l->outputs.data[k];
      }
      if (addr.kind == IR_REF_NONE)
         addr = vertex_record(t, t_preload(t, REG_VS_LINEAR_ID));
      struct ir_ref c[4];
      for (unsigned k = 0; k < v->components; k++)
         c[k] = t_output_channel(t, i, k);
      store_vertex(t, addr, c, v->components, v->byte_offset,
                   VA_MEMORY_ACCESS_ESTREAM);
   }
}

/* The register format of each enum tgsiva_rt_type, and whether it packs
 * two channels per register. */
static const struct {
   enum va_register_format format;
   bool half, is_float;
} rt_formats[TGSIVA_RT_TYPE_COUNT] = {
   [TGSIVA_RT_AUTO] = {VA_REGISTER_FORMAT_AUTO, false, false},
   [TGSIVA_RT_F32] = {VA_REGISTER_FORMAT_F32, false, true},
   [TGSIVA_RT_F16] = {VA_REGISTER_FORMAT_F16, true, true},
   [TGSIVA_RT_S32] = {VA_REGISTER_FORMAT_S32, false, false},
   [TGSIVA_RT_S16] = {VA_REGISTER_FORMAT_S16, true, false},
   [TGSIVA_RT_U32] = {VA_REGISTER_FORMAT_U32, false, false},
   [TGSIVA_RT_U16] = {VA_REGISTER_FORMAT_U16, true, false},
};

/* Channels a (low half) and b (high half) of a 16-bit colour register. */
static struct ir_ref
pack_half_pair(struct tgsi_to_ir *t, struct ir_ref a, struct ir_ref b,
               bool is_float)
{
   if (!is_float)
      return t_pack_u16(t, a, b);
   struct ir_ref f[2] = {a, b};
   return t_va(&t->b, VA_OP_V2F32_TO_V2F16, 2, f, 1)->dst;
}

/* BLEND of colour c to render target rt, in the register format the
 * key's render-target type gives (AUTO: the descriptor converts). */
static void
blend(struct tgsi_to_ir *t, unsigned rt, struct ir_ref cov, struct ir_ref *c)
{
   uint8_t type = t->key->rt_types[rt];
   if (type >= TGSIVA_RT_TYPE_COUNT)
      t_unsupported(t, "render target %u: type %u is no tgsiva_rt_type", rt,
                    type);
   unsigned n = 4;
   if (rt_formats[type].half) {
      c[0] = pack_half_pair(t, c[0], c[1], rt_formats[type].is_float);
      c[1] = pack_half_pair(t, c[2], c[3], rt_formats[type].is_float);
      n = 2;
   }
   struct ir_ref srcs[3] = {
      {.kind = IR_REF_SPECIAL, .index = VA_SPECIAL_BLEND_DESCRIPTOR_0 + rt},
      cov,
      ir_collect(&t->b, 32, n, c),
   };
   struct ir_instr *I = t_va(&t->b, VA_OP_BLEND, 3, srcs, 0);
   va_set_mod(I->va, VA_MOD_VECSIZE, VA_VECTOR_SIZE_V4);
   va_set_mod(I->va, VA_MOD_REGFMT, rt_formats[type].format);
   I->va->imm[VA_IMM_TARGET] = 0;
   t->layout->render_targets_written |= 1u << rt;
}

static void
finish_fragment(struct tgsi_to_ir *t)
{
   struct ir_layout *l = t->layout;
   int color[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
   int depth = -1, stencil = -1, mask = -1;
   for (uint32_t i = 0; i < t->noutputs; i++) {
      const struct t_io *io = &t->outputs[i];
      if (!io->declared || !io->written)
         continue;
      if (io->semantic == TGSI_SEM_COLOR && io->sem_index < 8)
         color[io->sem_index] = (int)i;
      else if (io->semantic == TGSI_SEM_POSITION)
         depth = (int)i;
      else if (io->semantic == TGSI_SEM_STENCIL)
         stencil = (int)i;
      else if (io->semantic == TGSI_SEM_SAMPLEMASK)
         mask = (int)i;
      else
         t_unsupported(t, "fragment output %s",
                       tgsi_name(&tgsi_sem_names, io->semantic));
   }
   struct ir_ref cov = t_preload(t, REG_FS_COVERAGE);
   if (mask >= 0) {
      cov = ir_alu2(&t->b, IR_OP_AND, cov,
                    t_output_channel(t, (uint32_t)mask, 0));
      l->writes_sample_mask = true;
   }
   struct ir_ref alpha = color[0] >= 0
                            ? t_output_channel(t, (uint32_t)color[0], 3)
                            : t_f(1.0f);
   struct ir_ref atest_srcs[3] = {
      cov, alpha,
      {.kind = IR_REF_SPECIAL, .index = VA_SPECIAL_ATEST_DATUM,
       .swizzle = IR_SWIZZLE_W0},
   };
   cov = t_va(&t->b, VA_OP_ATEST, 3, atest_srcs, 1)->dst;

   if (depth >= 0 || stencil >= 0) {
      struct ir_ref zs[3] = {ir_imm(0), ir_imm(0), cov};
      if (depth >= 0)
         zs[0] = t_output_channel(t, (uint32_t)depth, 2);
      if (stencil >= 0)
         zs[1] = t_output_channel(t, (uint32_t)stencil, 1);
      struct ir_instr *I = t_va(&t->b, VA_OP_ZS_EMIT, 3, zs, 1);
      va_set_mod(I->va, VA_MOD_Z, depth >= 0);
      va_set_mod(I->va, VA_MOD_STENCIL, stencil >= 0);
      cov = I->dst;
      l->writes_depth = depth >= 0;
      l->writes_stencil = stencil >= 0;
   }
   /* The key's colour buffers take COLOR[0] (Gallium's
    * FS_COLOR0_WRITES_ALL_CBUFS). */
   if (tgsi_shader_property(t->tgsi, TGSI_PROP_FS_COLOR0_WRITES_ALL_CBUFS,
                            0)) {
      for (unsigned rt = 1; rt < t->key->color_buffers && rt < 8; rt++)
         color[rt] = color[0];
   }
   for (unsigned rt = 0; rt < 8; rt++) {
      if (color[rt] < 0)
         continue;
      struct ir_ref c[4];
      for (unsigned k = 0; k < 4; k++)
         c[k] = t_output_channel(t, (uint32_t)color[rt], k);
      blend(t, rt, cov, c);
   }
}

/* User clip planes (the key's clip_plane_enable): Valhall clips nothing,
 * so the vertex shader's clip distances arrive as varyings and the
 * fragment is discarded, before anything else runs, where an enabled one
 * is negative. */
static void
discard_clipped(struct tgsi_to_ir *t)
{
   uint8_t planes = t->key->clip_plane_enable;
   struct ir_builder eb = t_entry_builder(t);
   for (unsigned k = 0; k < 2; k++) {
      unsigned mask = planes >> (4 * k) & 0xf;
      if (!mask)
         continue;
      unsigned n = 32 - (unsigned)__builtin_clz(mask);
      uint32_t offset = varying_offset(t->layout, SLOT_CLIP_DIST0 + (int)k);
      struct ir_ref dist = load_varying(t, &eb, offset, n, false,
                                        TGSI_INTERP_LOC_CENTER);
      for (unsigned c = 0; c < n; c++) {
         if (!(mask >> c & 1))
            continue;
         struct ir_ref srcs[2] = {n > 1 ? ir_comp(dist, c) : dist,
                                  t_f(0.0f)};
         struct ir_instr *I = t_va(&t->b, VA_OP_DISCARD_F32, 2, srcs, 0);
         va_set_mod(I->va, VA_MOD_CMP, IR_COND_LT);
      }
   }
   t->layout->can_discard |= planes != 0;
}

void
t_io_begin(struct tgsi_to_ir *t)
{
   if (t->s->stage == IR_STAGE_FRAGMENT)
      discard_clipped(t);
}

void
t_io_finish(struct tgsi_to_ir *t)
{
   switch (t->s->stage) {
   case IR_STAGE_VERTEX_POSITION:
   case IR_STAGE_VERTEX_VARYING: finish_vertex(t); break;
   case IR_STAGE_VERTEX_XFB: t_xfb_finish(t); break;
   case IR_STAGE_FRAGMENT: finish_fragment(t); break;
   case IR_STAGE_GEOMETRY: t_gs_finish(t); break;
   case IR_STAGE_COMPUTE:
   case IR_STAGE_COUNT: break;
   }
}

/* KILL discards unconditionally; KILL_IF where any channel is < 0. */
void
t_kill(struct tgsi_to_ir *t, bool conditional)
{
   if (t->s->stage != IR_STAGE_FRAGMENT)
      t_error(t, "KILL outside a fragment shader");
   t->layout->can_discard = true;
   if (!conditional) {
      struct ir_ref srcs[2] = {t_f(0.0f), t_f(0.0f)};
      struct ir_instr *I = t_va(&t->b, VA_OP_DISCARD_F32, 2, srcs, 0);
      va_set_mod(I->va, VA_MOD_CMP, IR_COND_EQ);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      bool seen = false;
      for (unsigned k = 0; k < c; k++)
         seen |= t->insn->src[0].swizzle[k] == t->insn->src[0].swizzle[c];
      if (seen)
         continue;
      struct ir_ref srcs[2] = {t_src(t, 0, c), t_f(0.0f)};
      struct ir_instr *I = t_va(&t->b, VA_OP_DISCARD_F32, 2, srcs, 0);
      va_set_mod(I->va, VA_MOD_CMP, IR_COND_LT);
   }
}
