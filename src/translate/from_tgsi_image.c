/* SPDX-License-Identifier: MIT */
/*
 * Images for the memory opcodes (from_tgsi_mem.c), as Panfrost does them
 * on Valhall (docs/abi.md, "Images").
 *
 * 1. IMAGE[i] is a texture descriptor at entry i of resource table 5.  The
 *    _IMM message forms name it by immediate (i < 16); others take the
 *    handle (5 << 24) | i in a register, an indirect index clamped to the
 *    declared images.
 * 2. Coordinates are two words of 16-bit halves: xy = (x, y) and
 *    zw = (0, z or layer); 1-D and buffer images pass x as a whole word.
 *    Cube maps and cube arrays address a 2-D array of faces (z = face).
 *    Multisampled images are rejected.
 * 3. LOAD is LD_TEX_IMM / LD_TEX, converting to the register format of
 *    the declared format (UINT: u32, SINT: s32, others f32); an image
 *    without a format cannot be loaded.
 * 4. STORE and the atomics take the texel's address and conversion
 *    descriptor from LEA_TEX_IMM / LEA_TEX.  STORE is ST_CVT.v4.auto: the
 *    bound image's format decides the conversion, as in Mesa, so that
 *    write-only images without a format work; the whole texel is
 *    written.
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  image accesses as LD_TEX/LEA_TEX/ST_CVT messages.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

#include <string.h>

/* Mesa's resource table for images (enum pan_resource_table). */
#define IMAGE_TABLE 5
/* Images 0..15 fit the immediate index of LD_TEX_IMM / LEA_TEX_IMM. */
#define IMAGE_IMM_INDICES 16

/* How a target's address channels become the xy and zw coordinate words:
 * the channel of y (or -1), the channel of the layer or z (or -1). */
struct image_target {
   bool valid;
   int8_t y, layer;
};

static const struct image_target image_targets[TGSI_TEX_COUNT] = {
   [TGSI_TEX_BUFFER] = {true, -1, -1},
   [TGSI_TEX_1D] = {true, -1, -1},
   [TGSI_TEX_2D] = {true, 1, -1},
   [TGSI_TEX_RECT] = {true, 1, -1},
   [TGSI_TEX_3D] = {true, 1, 2},
   [TGSI_TEX_CUBE] = {true, 1, 2},
   [TGSI_TEX_1D_ARRAY] = {true, -1, 1},
   [TGSI_TEX_2D_ARRAY] = {true, 1, 2},
   [TGSI_TEX_CUBE_ARRAY] = {true, 1, 2},
};

/* The declaration of IMAGE[index], or NULL. */
static const struct tgsi_decl *
image_decl(struct tgsi_to_ir *t, int32_t index)
{
   const struct tgsi_shader *sh = t->tgsi;
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->file == TGSI_REGFILE_IMAGE && index >= (int32_t)d->first &&
          index <= (int32_t)d->last)
         return d;
   }
   return NULL;
}

/* Checks that `r` is declared; its declared target and format (for an
 * indirect index, the first image's), else the instruction's. */
static void
image_kind(struct tgsi_to_ir *t, const struct tgsi_reg *r,
           enum tgsi_tex_target *target, uint32_t *format)
{
   uint32_t count = t->layout->image_count;
   if (!count)
      t_error(t, "IMAGE is not declared");
   if (!r->indirect && (r->index < 0 || (uint32_t)r->index >= count))
      t_error(t, "IMAGE[%d] is not declared", r->index);
   const struct tgsi_decl *d = image_decl(t, r->indirect ? 0 : r->index);
   *target = d ? d->target : t->insn->mem_texture;
   *format = d && d->format ? d->format : t->insn->mem_format;
   if (*target == TGSI_TEX_2D_MSAA || *target == TGSI_TEX_2D_ARRAY_MSAA)
      t_unsupported(t, "multisampled images are not supported");
   if ((unsigned)*target >= TGSI_TEX_COUNT || !image_targets[*target].valid)
      t_error(t, "%s is not an image target",
              tgsi_name(&tgsi_tex_names, *target));
}

struct ir_ref
t_pack_u16(struct tgsi_to_ir *t, struct ir_ref a, struct ir_ref b)
{
   uint32_t ca, cb;
   bool a_const = ir_ref_const_bits(a, &ca);
   bool b_const = ir_ref_const_bits(b, &cb);
   if (a_const || b_const) {
      struct ir_ref lo = a_const ? ir_imm(ca & 0xffff)
                                 : ir_alu2(&t->b, IR_OP_AND, a, ir_imm(0xffff));
      struct ir_ref hi = b_const ? ir_imm(cb << 16)
                                 : ir_alu2(&t->b, IR_OP_SHL, b, ir_imm(16));
      if (a_const && b_const)
         return ir_imm((ca & 0xffff) | cb << 16);
      if ((a_const && !(ca & 0xffff)) || (b_const && !(cb << 16)))
         return a_const ? hi : lo;
      return ir_alu2(&t->b, IR_OP_OR, lo, hi);
   }
   a.swizzle = b.swizzle = IR_SWIZZLE_H0;
   struct ir_ref srcs[2] = {a, b};
   return t_va(&t->b, VA_OP_MKVEC_V2I16, 2, srcs, 1)->dst;
}

/* The two coordinate words of address operand `src`. */
static void
image_coords(struct tgsi_to_ir *t, enum tgsi_tex_target target,
             unsigned src, struct ir_ref *xy, struct ir_ref *zw)
{
   const struct image_target *it = &image_targets[target];
   struct ir_ref x = t_src(t, src, 0);
   *xy = it->y < 0 ? x : t_pack_u16(t, x, t_src(t, src, (unsigned)it->y));
   *zw = it->layer < 0
            ? ir_imm(0)
            : t_pack_u16(t, ir_imm(0), t_src(t, src, (unsigned)it->layer));
}

/* Sets the descriptor of `r` on an LD_TEX(_IMM)/LEA_TEX(_IMM) message
 * `imm_op`/`reg_op` with coordinate words xy, zw; returns it. */
static struct ir_instr *
image_message(struct tgsi_to_ir *t, const struct tgsi_reg *r, enum va_op imm_op,
              enum va_op reg_op, struct ir_ref xy, struct ir_ref zw,
              unsigned nregs)
{
   uint32_t count = t->layout->image_count;
   if (!r->indirect && r->index < IMAGE_IMM_INDICES) {
      struct ir_ref srcs[2] = {xy, zw};
      struct ir_instr *I = t_va(&t->b, imm_op, 2, srcs, nregs);
      I->va->imm[VA_IMM_TABLE] = IMAGE_TABLE;
      I->va->imm[VA_IMM_INDEX] = r->index;
      return I;
   }
   /* The handle is (table << 24) | index. */
   struct ir_ref handle = ir_imm(IMAGE_TABLE << 24 | (uint32_t)r->index);
   if (r->indirect) {
      struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
      idx = ir_alu2(&t->b, IR_OP_UMIN, idx, ir_imm(count - 1));
      handle = ir_alu2(&t->b, IR_OP_IADD, idx, ir_imm(IMAGE_TABLE << 24));
   }
   struct ir_ref srcs[3] = {xy, zw, handle};
   return t_va(&t->b, reg_op, 3, srcs, nregs);
}

/* The register format LD_TEX converts a texel of `format` to. */
static enum va_register_format
image_regfmt(struct tgsi_to_ir *t, const struct tgsi_reg *r, uint32_t format)
{
   const char *name = tgsi_name(&tgsi_format_names, format);
   size_t len = strlen(name);
   if (!format)
      t_unsupported(t, "LOAD from IMAGE[%d], which has no format",
                    r->index);
   if (len > 5 && !strcmp(name + len - 5, "_UINT"))
      return VA_REGISTER_FORMAT_U32;
   if (len > 5 && !strcmp(name + len - 5, "_SINT"))
      return VA_REGISTER_FORMAT_S32;
   return VA_REGISTER_FORMAT_F32;
}

static const enum va_vector_size vecsizes[] = {
   VA_VECTOR_SIZE_NONE, VA_VECTOR_SIZE_V2, VA_VECTOR_SIZE_V3,
   VA_VECTOR_SIZE_V4,
};

/* Channels 0 .. n-1 of the texel at address operand `src`. */
struct ir_ref
t_image_load(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned src,
             unsigned n)
{
   enum tgsi_tex_target target;
   uint32_t format;
   image_kind(t, r, &target, &format);
   enum va_register_format regfmt = image_regfmt(t, r, format);
   struct ir_ref xy, zw;
   image_coords(t, target, src, &xy, &zw);
   struct ir_instr *I =
      image_message(t, r, VA_OP_LD_TEX_IMM, VA_OP_LD_TEX, xy, zw, n);
   va_set_mod(I->va, VA_MOD_REGFMT, regfmt);
   va_set_mod(I->va, VA_MOD_VECSIZE, vecsizes[n - 1]);
   return I->dst;
}

/* LEA_TEX: the 64-bit address of the texel at address operand `src` and,
 * in *desc, its conversion descriptor. */
struct ir_ref
t_image_texel(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned src,
              struct ir_ref *desc)
{
   enum tgsi_tex_target target;
   uint32_t format;
   image_kind(t, r, &target, &format);
   struct ir_ref xy, zw;
   image_coords(t, target, src, &xy, &zw);
   struct ir_instr *I =
      image_message(t, r, VA_OP_LEA_TEX_IMM, VA_OP_LEA_TEX, xy, zw, 3);
   struct ir_ref words[2] = {ir_comp(I->dst, 0), ir_comp(I->dst, 1)};
   *desc = ir_comp(I->dst, 2);
   return ir_collect(&t->b, 64, 2, words);
}

void
t_image_store(struct tgsi_to_ir *t, const struct tgsi_reg *r)
{
   struct ir_ref desc;
   struct ir_ref addr = t_image_texel(t, r, 0, &desc);
   struct ir_ref v[4];
   for (unsigned c = 0; c < 4; c++)
      v[c] = t_src(t, 1, c);
   struct ir_ref srcs[3] = {addr, desc, ir_collect(&t->b, 32, 4, v)};
   struct ir_instr *I = t_va(&t->b, VA_OP_ST_CVT, 3, srcs, 0);
   va_set_mod(I->va, VA_MOD_REGFMT, VA_REGISTER_FORMAT_AUTO);
   va_set_mod(I->va, VA_MOD_VECSIZE, VA_VECTOR_SIZE_V4);
   I->va->imm[VA_IMM_OFFSET] = 0;
   t->layout->writes_memory = true;
}
