/* SPDX-License-Identifier: MIT */
/*
 * Private to the texture translation (from_tgsi_tex*.c): what a texture
 * instruction names (its target, texture and sampler units) once its
 * operands are decoded, and the helpers the message file and the query
 * file share.  docs/abi.md ("Textures") states the conventions.
 */
#ifndef TGSIVA_IR_FROM_TGSI_TEX_H
#define TGSIVA_IR_FROM_TGSI_TEX_H

#include "from_tgsi.h"

/* Resource tables of the descriptor word (spec/abi.md, Panfrost's
 * numbering). */
#define T_TEX_SAMPLER_TABLE 3u
#define T_TEX_TEXTURE_TABLE 4u
/* Units the 11-bit index fields of the descriptor word can name. */
#define T_TEX_MAX_UNITS 2048u

/* How a TGSI texture target addresses its texture. */
struct t_tex_target {
   uint8_t dimension; /* enum va_dimension */
   uint8_t ncoord;    /* spatial coordinates (a cube's direction: 3) */
   int8_t layer;      /* channel of the array layer, or -1 */
   int8_t ref;        /* channel of TEX's shadow reference, or -1 */
   bool cube, msaa, buffer, rect, shadow;
};

/* The target's row; an error for targets no opcode can use. */
const struct t_tex_target *t_tex_target_info(struct tgsi_to_ir *t,
                                             enum tgsi_tex_target target);

/* A texture or sampler unit: a known index, or a value clamped to the
 * declared units (indirect SAMP[ADDR[..]] / SVIEW[ADDR[..]]). */
struct t_tex_unit {
   bool direct;
   uint32_t index;     /* direct: the unit; indirect: the base index */
   uint32_t count;     /* units the shader declares of this file */
   struct ir_ref value; /* indirect: the clamped unit */
};

/* from_tgsi_tex.c: facts about a texture opcode (0 for other opcodes). */
enum t_tex_opcode_flag {
   T_TEX_MAY_SKIP = 1 << 0,     /* a sampling or gather message */
   T_TEX_IMPLICIT_LOD = 1 << 1, /* reads the quad for derivatives in
                                   fragment shaders */
};
unsigned t_tex_opcode_flags(enum tgsi_op op);

/* from_tgsi_tex.c: `r` without source modifiers (a float MOV when it has
 * some), for staging registers and the sources of selects and Valhall
 * forms. */
struct ir_ref t_tex_plain(struct tgsi_to_ir *t, struct ir_ref r);

/* from_tgsi_tex_query.c */

/* Word `word` of system value (kind, unit): pushed when there is room,
 * else loaded from the system-value buffer; indirect units select among
 * every declared unit's word. */
struct ir_ref t_tex_sysval(struct tgsi_to_ir *t, enum ir_sysval_kind kind,
                           const struct t_tex_unit *unit, unsigned word);
/* TXQ, SVIEWINFO: the size of `view` at level `lod`, into dst 0. */
void t_tex_size(struct tgsi_to_ir *t, const struct t_tex_target *tt,
                const struct t_tex_unit *view, struct ir_ref lod,
                bool range_checked);
/* TXQS: the sample count of `view`, into dst 0. */
void t_tex_samples(struct tgsi_to_ir *t, const struct t_tex_unit *view);
/* The base LOD (log2 of the texel footprint) of coordinates whose
 * screen-space derivatives are ddx/ddy (coords[] is needed for cube maps
 * only). */
struct ir_ref t_tex_grad_lod(struct tgsi_to_ir *t,
                             const struct t_tex_target *tt,
                             const struct t_tex_unit *view,
                             const struct ir_ref *coords,
                             const struct ir_ref *ddx,
                             const struct ir_ref *ddy);
/* LODQ, LOD: (level accessed, computed LOD, 0, 0) of sampling `coords`,
 * through `swizzle` (LOD's view swizzle) unless it is NULL. */
void t_tex_query_lod(struct tgsi_to_ir *t, const struct t_tex_target *tt,
                     const struct t_tex_unit *view,
                     const struct t_tex_unit *sampler,
                     const struct ir_ref *coords, const uint8_t *swizzle);

/* from_tgsi_tex_helpers.c: may texture results be left undefined in
 * helper lanes (the `.skip` modifier)?  True unless a texture result can
 * reach a derivative, an implicit-LOD coordinate or a branch. */
bool t_tex_may_skip(struct tgsi_to_ir *t);

#endif
