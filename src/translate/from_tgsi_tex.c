/* SPDX-License-Identifier: MIT */
/*
 * Texture opcodes: TGSI's sampling, fetch, gather and query instructions
 * (TEX ... TXQS, SAMPLE ... LOD) from a table with one row per opcode.
 * Sampling, fetches and gathers become one Valhall message each
 * (TEX_SINGLE, TEX_FETCH, TEX_GATHER); size queries read system values;
 * LOD queries and explicit gradients are computed in ALU code
 * (from_tgsi_tex_query.c).  docs/abi.md ("Textures") has the layouts.
 *
 * 1. A message's 64-bit source names the texture and the sampler: the
 *    low word is (4 << 27) | (texture << 16) | (3 << 11) | sampler
 *    (resource tables 4 and 3), the high word 0.  The TEX family uses
 *    SAMP[n] as both; SAMPLE* name SVIEW and SAMP apart; fetches name
 *    their texture's own unit as the sampler.  Indirect units are clamped
 *    to the declared ones and or-ed into the word.
 * 2. Staging registers, 32 bits each, only those present, in this order:
 *    X, Y, Z, array layer, shadow reference, offset word, LOD word.
 *    Sampling takes float coordinates and layer, fetches integers.
 * 3. Cube maps: CUBEFACE1/CUBEFACE2/CUBE_SSEL/CUBE_TSEL give the major
 *    axis, face and face coordinates; X = s in [0, 1] with the face in
 *    bits 29-31, Y = t.
 * 4. The offset word packs texel offsets as signed bytes 0-2, a fetch's
 *    sample index in bits 16-31 and a fetch's level in bits 24-31; the
 *    `texel_offset` modifier says it is present.
 * 5. LOD word: the LOD or bias as signed 8.8 fixed point in bits 0-15
 *    (clamped to +-16), bits 16-31 zero.  Fragment shaders compute the
 *    LOD; other stages use LOD 0, as GL requires (a bias becomes an
 *    explicit LOD).  TXD and SAMPLE_D compute the LOD from their
 *    gradients and sample at that explicit LOD.
 * 6. The write mask is the channels the instruction writes (SAMPLE*,
 *    GATHER4 included: through the view's swizzle, which for GATHER4, a
 *    gather of red, picks among the four texels); the message writes
 *    them, in order, to consecutive registers.  The register type
 *    follows the view's return type (SINT: s, UINT: u, anything else:
 *    f).
 * 7. In fragment shaders TEX_SINGLE and TEX_GATHER get `.skip` when no
 *    texture result can be needed in a helper lane
 *    (from_tgsi_tex_helpers.c).
 *
 * Requires: the translation context (from_tgsi.c); declarations.
 * Ensures:  texture instructions as Valhall TEX_* messages and ALU code.
 * Invalidates: nothing.
 */
#include "from_tgsi_tex.h"
#include "util/bits.h"

enum t_tex_kind {
   T_TEX_SAMPLE,
   T_TEX_FETCH,
   T_TEX_GATHER,
   T_TEX_SIZE,
   T_TEX_SAMPLES,
   T_TEX_QUERY_LOD,
};

enum t_tex_lod {
   T_LOD_IMPLICIT, /* computed in fragment shaders, 0 elsewhere */
   T_LOD_BIAS,
   T_LOD_EXPLICIT,
   T_LOD_ZERO,
   T_LOD_GRAD, /* from the gradient operands */
};

/* One channel of an operand; src < 0: none. */
struct t_tex_arg {
   int8_t src;
   uint8_t chan;
};

#define ARG(s, c) {(s), (c)}
#define NONE {-1, 0}

struct t_tex_row {
   uint16_t opcode;
   uint8_t kind;             /* enum t_tex_kind */
   uint8_t lod;              /* enum t_tex_lod, for T_TEX_SAMPLE */
   int8_t view;              /* the SAMP (TEX family) or SVIEW operand */
   int8_t sampler;           /* SAMPLE*'s SAMP operand, or -1 */
   struct t_tex_arg lod_arg; /* bias, LOD, level of fetches and TXQ */
   struct t_tex_arg ref;     /* shadow reference outside src0 */
   struct t_tex_arg extra;   /* gather component, sample index */
   int8_t grad;              /* first of the ddx, ddy operands, or -1 */
   bool project;             /* TXP: coordinates / src0.w */
   bool view_decl;           /* SAMPLE*: target and swizzle from SVIEW */
};

/* clang-format off */
static const struct t_tex_row rows[] = {
   {TGSI_OP_TEX, T_TEX_SAMPLE, T_LOD_IMPLICIT, 1, -1, NONE, NONE, NONE, -1,
    false, false},
   {TGSI_OP_TEX2, T_TEX_SAMPLE, T_LOD_IMPLICIT, 2, -1, NONE, ARG(1, 0),
    NONE, -1, false, false},
   {TGSI_OP_TXP, T_TEX_SAMPLE, T_LOD_IMPLICIT, 1, -1, NONE, NONE, NONE, -1,
    true, false},
   {TGSI_OP_TXB, T_TEX_SAMPLE, T_LOD_BIAS, 1, -1, ARG(0, 3), NONE, NONE,
    -1, false, false},
   {TGSI_OP_TXB2, T_TEX_SAMPLE, T_LOD_BIAS, 2, -1, ARG(1, 0), NONE, NONE,
    -1, false, false},
   {TGSI_OP_TXL, T_TEX_SAMPLE, T_LOD_EXPLICIT, 1, -1, ARG(0, 3), NONE,
    NONE, -1, false, false},
   {TGSI_OP_TXL2, T_TEX_SAMPLE, T_LOD_EXPLICIT, 2, -1, ARG(1, 0), NONE,
    NONE, -1, false, false},
   {TGSI_OP_TEX_LZ, T_TEX_SAMPLE, T_LOD_ZERO, 1, -1, NONE, NONE, NONE, -1,
    false, false},
   {TGSI_OP_TXD, T_TEX_SAMPLE, T_LOD_GRAD, 3, -1, NONE, NONE, NONE, 1,
    false, false},
   {TGSI_OP_TXF, T_TEX_FETCH, 0, 1, -1, ARG(0, 3), NONE, ARG(0, 3), -1,
    false, false},
   {TGSI_OP_TXF_LZ, T_TEX_FETCH, 0, 1, -1, NONE, NONE, ARG(0, 3), -1,
    false, false},
   {TGSI_OP_TG4, T_TEX_GATHER, 0, 2, -1, NONE, ARG(1, 0), ARG(1, 0), -1,
    false, false},
   {TGSI_OP_LODQ, T_TEX_QUERY_LOD, 0, 1, -1, NONE, NONE, NONE, -1, false,
    false},
   {TGSI_OP_TXQ, T_TEX_SIZE, 0, 1, -1, ARG(0, 0), NONE, NONE, -1, false,
    false},
   {TGSI_OP_TXQS, T_TEX_SAMPLES, 0, 0, -1, NONE, NONE, NONE, -1, false,
    false},
   {TGSI_OP_SAMPLE, T_TEX_SAMPLE, T_LOD_IMPLICIT, 1, 2, NONE, NONE, NONE,
    -1, false, true},
   {TGSI_OP_SAMPLE_B, T_TEX_SAMPLE, T_LOD_BIAS, 1, 2, ARG(3, 0), NONE,
    NONE, -1, false, true},
   {TGSI_OP_SAMPLE_C, T_TEX_SAMPLE, T_LOD_IMPLICIT, 1, 2, NONE, ARG(3, 0),
    NONE, -1, false, true},
   {TGSI_OP_SAMPLE_C_LZ, T_TEX_SAMPLE, T_LOD_ZERO, 1, 2, NONE, ARG(3, 0),
    NONE, -1, false, true},
   {TGSI_OP_SAMPLE_D, T_TEX_SAMPLE, T_LOD_GRAD, 1, 2, NONE, NONE, NONE, 3,
    false, true},
   {TGSI_OP_SAMPLE_L, T_TEX_SAMPLE, T_LOD_EXPLICIT, 1, 2, ARG(3, 0), NONE,
    NONE, -1, false, true},
   {TGSI_OP_SAMPLE_I, T_TEX_FETCH, 0, 1, -1, ARG(0, 3), NONE, NONE, -1,
    false, true},
   {TGSI_OP_SAMPLE_I_MS, T_TEX_FETCH, 0, 1, -1, NONE, NONE, ARG(2, 0), -1,
    false, true},
   {TGSI_OP_GATHER4, T_TEX_GATHER, 0, 1, 2, NONE, NONE, NONE, -1, false,
    true},
   {TGSI_OP_SVIEWINFO, T_TEX_SIZE, 0, 1, -1, ARG(0, 0), NONE, NONE, -1,
    false, true},
   {TGSI_OP_LOD, T_TEX_QUERY_LOD, 0, 1, 2, NONE, NONE, NONE, -1, false,
    true},
};

/* Shadow targets keep their reference where TEX reads it; a cube array
 * has no free channel, so TEX2 and TG4 pass it in src1.x.  Every row ends
 * in a designated flag, so that the flags it omits are plainly false
 * (clang warns about a row that stops short positionally). */
static const struct t_tex_target targets[TGSI_TEX_COUNT] = {
   [TGSI_TEX_BUFFER] = {VA_DIMENSION_1D, 1, -1, -1, .buffer = true},
   [TGSI_TEX_1D] = {VA_DIMENSION_1D, 1, -1, -1, .cube = false},
   [TGSI_TEX_2D] = {VA_DIMENSION_2D, 2, -1, -1, .cube = false},
   [TGSI_TEX_3D] = {VA_DIMENSION_3D, 3, -1, -1, .cube = false},
   [TGSI_TEX_CUBE] = {VA_DIMENSION_CUBE, 3, -1, -1, .cube = true},
   [TGSI_TEX_RECT] = {VA_DIMENSION_2D, 2, -1, -1, .rect = true},
   [TGSI_TEX_SHADOW1D] = {VA_DIMENSION_1D, 1, -1, 2, .shadow = true},
   [TGSI_TEX_SHADOW2D] = {VA_DIMENSION_2D, 2, -1, 2, .shadow = true},
   [TGSI_TEX_SHADOWRECT] = {VA_DIMENSION_2D, 2, -1, 2, .rect = true,
                            .shadow = true},
   [TGSI_TEX_1D_ARRAY] = {VA_DIMENSION_1D, 1, 1, -1, .cube = false},
   [TGSI_TEX_2D_ARRAY] = {VA_DIMENSION_2D, 2, 2, -1, .cube = false},
   [TGSI_TEX_SHADOW1D_ARRAY] = {VA_DIMENSION_1D, 1, 1, 2, .shadow = true},
   [TGSI_TEX_SHADOW2D_ARRAY] = {VA_DIMENSION_2D, 2, 2, 3, .shadow = true},
   [TGSI_TEX_SHADOWCUBE] = {VA_DIMENSION_CUBE, 3, -1, 3, .cube = true,
                            .shadow = true},
   [TGSI_TEX_2D_MSAA] = {VA_DIMENSION_2D, 2, -1, -1, .msaa = true},
   [TGSI_TEX_2D_ARRAY_MSAA] = {VA_DIMENSION_2D, 2, 2, -1, .msaa = true},
   [TGSI_TEX_CUBE_ARRAY] = {VA_DIMENSION_CUBE, 3, 3, -1, .cube = true},
   [TGSI_TEX_SHADOWCUBE_ARRAY] = {VA_DIMENSION_CUBE, 3, 3, -1,
                                  .cube = true, .shadow = true},
};
/* clang-format on */

const struct t_tex_target *
t_tex_target_info(struct tgsi_to_ir *t, enum tgsi_tex_target target)
{
   if (target >= TGSI_TEX_UNKNOWN)
      t_error(t, "%s needs a texture target",
              tgsi_op_info(t->insn->opcode)->name);
   return &targets[target];
}

/* What one instruction names, once decoded. */
struct t_tex {
   const struct t_tex_row *row;
   enum tgsi_tex_target target;
   const struct t_tex_target *tt;
   struct t_tex_unit view, sampler;
   bool shadow;
   const uint8_t *swizzle; /* the view's, for SAMPLE* results */
};

/* Staging registers in the order the messages read them. */
enum t_tex_sr {
   SR_X,
   SR_Y,
   SR_Z,
   SR_ARRAY,
   SR_SHADOW,
   SR_OFFSETMS,
   SR_LOD,
   SR_COUNT,
};

struct t_tex_msg {
   enum va_op op;
   struct ir_ref sr[SR_COUNT]; /* kind NONE: absent */
   enum va_lod_mode lod_mode;
   unsigned component; /* gathers */
};

/* ---------------------------------------------------------------------
 * Operands
 */

static bool
is_const(struct ir_ref r, uint32_t *bits)
{
   return ir_ref_const_bits(r, bits);
}

/* A float operand without source modifiers, as staging registers and
 * Valhall sources need (opt_fold_modifiers folds it back where legal). */
struct ir_ref
t_tex_plain(struct tgsi_to_ir *t, struct ir_ref r)
{
   uint32_t bits;
   if (is_const(r, &bits))
      return ir_imm(bits);
   return r.mods ? ir_mov(&t->b, r) : r;
}

static struct ir_ref
arg(struct tgsi_to_ir *t, struct t_tex_arg a)
{
   return t_src(t, (unsigned)a.src, a.chan);
}

static struct t_tex_unit
decode_unit(struct tgsi_to_ir *t, unsigned src)
{
   const struct tgsi_reg *r = &t->insn->src[src].reg;
   struct t_tex_unit u = {.direct = !r->indirect};
   const char *file = tgsi_name(&tgsi_file_names, r->file);
   if (r->file == TGSI_REGFILE_SAMPLER)
      u.count = t->layout->sampler_count;
   else if (r->file == TGSI_REGFILE_SAMPLER_VIEW)
      u.count = t->nsviews;
   else
      t_error(t, "%s operand %u is %s, not a sampler or sampler view",
              tgsi_op_info(t->insn->opcode)->name, src, file);
   if (r->dimension)
      t_unsupported(t, "two-dimensional %s operands", file);
   if (u.count > T_TEX_MAX_UNITS)
      t_unsupported(t, "%u %s units: at most %u", u.count, file,
                    T_TEX_MAX_UNITS);
   if (u.direct && (r->index < 0 || (uint32_t)r->index >= u.count))
      t_error(t, "%s[%d] is not declared", file, r->index);
   if (!u.direct && !u.count)
      t_error(t, "indirect %s without declared units", file);
   u.index = r->index < 0 ? 0 : (uint32_t)r->index;
   if (!u.direct) {
      struct ir_ref i = t_indirect_index(t, &r->ind, r->index);
      u.value = ir_alu2(&t->b, IR_OP_UMIN, i, ir_imm(u.count - 1));
   }
   return u;
}

/* Channel c of the texel offsets, read as any operand is. */
static struct ir_ref
offset_channel(struct tgsi_to_ir *t, const struct tgsi_tex_offset *o,
               unsigned c)
{
   struct tgsi_src src = {
      .reg = {.file = o->file, .index = o->index},
      .swizzle = {o->swizzle[0], o->swizzle[1], o->swizzle[2], 0},
   };
   struct tgsi_insn fake = *t->insn;
   fake.src = &src;
   fake.num_src = 1;
   const struct tgsi_insn *save = t->insn;
   t->insn = &fake;
   struct ir_ref v = t_src_raw(t, 0, c);
   t->insn = save;
   return v;
}

/* acc | (v << shift), folding constants; acc may be absent. */
static struct ir_ref
or_shifted(struct tgsi_to_ir *t, struct ir_ref acc, struct ir_ref v,
           unsigned shift, uint32_t mask)
{
   uint32_t a, bits;
   if (is_const(v, &bits)) {
      bits = (bits & mask) << shift;
      if (acc.kind == IR_REF_NONE)
         return bits ? ir_imm(bits) : acc;
      if (is_const(acc, &a))
         return ir_imm(a | bits);
      return bits ? ir_alu2(&t->b, IR_OP_OR, acc, ir_imm(bits)) : acc;
   }
   if (mask != ~0u)
      v = ir_alu2(&t->b, IR_OP_AND, v, ir_imm(mask));
   if (shift)
      v = ir_alu2(&t->b, IR_OP_SHL, v, ir_imm(shift));
   if (acc.kind == IR_REF_NONE || (is_const(acc, &a) && !a))
      return v;
   return ir_alu2(&t->b, IR_OP_OR, acc, v);
}

/* Offsets as signed bytes 0-2 of the offset word (absent if none or all
 * zero). */
static struct ir_ref
texel_offsets(struct tgsi_to_ir *t, const struct t_tex_target *tt)
{
   struct ir_ref acc = {0};
   if (!t->insn->num_offsets)
      return acc;
   if (tt->cube || tt->buffer)
      t_unsupported(t, "texel offsets on %s textures",
                    tt->cube ? "cube" : "buffer");
   for (unsigned c = 0; c < tt->ncoord; c++) {
      struct ir_ref v = offset_channel(t, &t->insn->offsets[0], c);
      acc = or_shifted(t, acc, v, 8 * c, 0xff);
   }
   return acc;
}

/* The explicit LOD or bias `lod` as the LOD word: signed 8.8 fixed point
 * in bits 0-15, clamped to [-16, 16]. */
static struct ir_ref
lod_word(struct tgsi_to_ir *t, struct ir_ref lod)
{
   uint32_t bits;
   if (is_const(lod, &bits)) {
      float f = bits_to_float(bits);
      f = f != f ? 0.0f : f < -16.0f ? -16.0f : f > 16.0f ? 16.0f : f;
      return ir_imm((uint32_t)(int32_t)(f * 256.0f) & 0xffffu);
   }
   struct ir_instr *scaled = ir_build(&t->b, IR_OP_FMUL, 32, 2,
                                      (struct ir_ref[]){lod, t_f(1.0f / 16)});
   scaled->clamp = IR_CLAMP_M1_1;
   struct ir_ref fixed = ir_alu2(&t->b, IR_OP_FMUL, scaled->dst,
                                 t_f(16.0f * 256.0f));
   fixed = ir_alu1(&t->b, IR_OP_F2I, fixed);
   return ir_alu2(&t->b, IR_OP_AND, fixed, ir_imm(0xffff));
}

/* ---------------------------------------------------------------------
 * Coordinates
 */

static struct ir_ref
cube_op(struct tgsi_to_ir *t, enum va_op op, struct ir_ref a, struct ir_ref b,
        struct ir_ref c)
{
   struct ir_ref srcs[3];
   srcs[0] = t_tex_plain(t, a);
   srcs[1] = t_tex_plain(t, b);
   srcs[2] = t_tex_plain(t, c);
   return t_va(&t->b, op, 3, srcs, 1)->dst;
}

/* fma(a, b, 0.5) clamped to [0, 1]. */
static struct ir_ref
to_unit_range(struct tgsi_to_ir *t, struct ir_ref a, struct ir_ref b)
{
   struct ir_ref r = ir_alu3(&t->b, IR_OP_FMA, a, b, t_f(0.5f));
   ir_value(t->s, r.index)->def->clamp = IR_CLAMP_0_1;
   return r;
}

/* The direction d[0..2] as a cube map coordinate: X = s with the face in
 * bits 29-31, Y = t. */
static void
cube_coords(struct tgsi_to_ir *t, const struct ir_ref *d, struct ir_ref *x,
            struct ir_ref *y)
{
   struct ir_ref major = cube_op(t, VA_OP_CUBEFACE1, d[0], d[1], d[2]);
   struct ir_ref face = cube_op(t, VA_OP_CUBEFACE2, d[0], d[1], d[2]);
   struct ir_ref sc = cube_op(t, VA_OP_CUBE_SSEL, d[2], d[0], face);
   struct ir_ref tc = cube_op(t, VA_OP_CUBE_TSEL, d[1], d[2], face);
   /* (1/2)(sc / major + 1) as fma(sc, 0.5 / major, 0.5) */
   struct ir_ref half = ir_alu2(&t->b, IR_OP_FMUL,
                                ir_alu1(&t->b, IR_OP_FRCP, major),
                                t_f(0.5f));
   struct ir_ref s = to_unit_range(t, half, sc);
   *y = to_unit_range(t, half, tc);
   struct ir_ref face_bits =
      ir_alu2(&t->b, IR_OP_AND, face, ir_imm(0xe0000000));
   struct ir_ref s_bits = ir_alu2(&t->b, IR_OP_AND, s, ir_imm(0x1fffffff));
   *x = ir_alu2(&t->b, IR_OP_OR, s_bits, face_bits);
}

/* The coordinates of a sampling or gather message (float), with TXP's
 * projection; out[] gets the projected channels for LOD computation. */
static void
place_float_coords(struct tgsi_to_ir *t, const struct t_tex *x,
                   struct t_tex_msg *m, struct ir_ref *out)
{
   const struct t_tex_target *tt = x->tt;
   struct ir_ref rq = {0};
   if (x->row->project)
      rq = ir_alu1(&t->b, IR_OP_FRCP, t_src(t, 0, 3));
   for (unsigned c = 0; c < tt->ncoord; c++) {
      out[c] = t_src(t, 0, c);
      if (rq.kind)
         out[c] = ir_alu2(&t->b, IR_OP_FMUL, out[c], rq);
   }
   if (tt->cube) {
      cube_coords(t, out, &m->sr[SR_X], &m->sr[SR_Y]);
   } else {
      for (unsigned c = 0; c < tt->ncoord; c++)
         m->sr[SR_X + c] = out[c];
   }
   if (tt->layer >= 0)
      m->sr[SR_ARRAY] = t_src(t, 0, (unsigned)tt->layer);
   if (x->shadow) {
      struct t_tex_arg ref = ARG(0, (uint8_t)tt->ref);
      if (x->row->view_decl || tt->ref < 0)
         ref = x->row->ref;
      m->sr[SR_SHADOW] = arg(t, ref);
      if (rq.kind && ref.src == 0)
         m->sr[SR_SHADOW] = ir_alu2(&t->b, IR_OP_FMUL, m->sr[SR_SHADOW], rq);
   }
}

/* ---------------------------------------------------------------------
 * Messages
 */

static struct ir_ref
descriptor(struct tgsi_to_ir *t, const struct t_tex_unit *tex,
           const struct t_tex_unit *samp)
{
   uint32_t word = T_TEX_TEXTURE_TABLE << 27 | T_TEX_SAMPLER_TABLE << 11;
   struct ir_ref w = ir_imm(word);
   w = or_shifted(t, w, tex->direct ? ir_imm(tex->index) : tex->value, 16,
                  ~0u);
   w = or_shifted(t, w, samp->direct ? ir_imm(samp->index) : samp->value, 0,
                  ~0u);
   struct ir_ref words[2] = {w, ir_imm(0)};
   return ir_collect(&t->b, 64, 2, words);
}

static enum va_register_type
register_type(struct tgsi_to_ir *t, const struct t_tex_unit *view)
{
   if (view->index >= t->nsviews)
      return VA_REGISTER_TYPE_F;
   switch (t->sview_ret[view->index]) {
   case TGSI_RET_SINT: return VA_REGISTER_TYPE_S;
   case TGSI_RET_UINT: return VA_REGISTER_TYPE_U;
   default: return VA_REGISTER_TYPE_F;
   }
}

/* The message's result channels: the TGSI channels written, mapped
 * through `swz` when the result is swizzled. */
static unsigned
result_mask(struct tgsi_to_ir *t, const uint8_t *swz)
{
   unsigned mask = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (t_writemask(t, 0) & (1u << c))
         mask |= 1u << (swz ? swz[c] & 3 : c);
   }
   return mask;
}

static void
write_result(struct tgsi_to_ir *t, struct ir_ref res, unsigned mask,
             const uint8_t *swz)
{
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      unsigned hw = swz ? swz[c] & 3 : c;
      unsigned k = (unsigned)__builtin_popcount(mask & ((1u << hw) - 1));
      t_dst(t, 0, c, ir_comp(res, k));
   }
}

static void
emit(struct tgsi_to_ir *t, const struct t_tex *x, struct t_tex_msg *m,
     const uint8_t *swz)
{
   unsigned mask = result_mask(t, swz);
   if (!mask)
      return;
   struct ir_ref regs[SR_COUNT];
   unsigned n = 0;
   for (unsigned i = 0; i < SR_COUNT; i++) {
      if (m->sr[i].kind != IR_REF_NONE)
         regs[n++] = t_tex_plain(t, m->sr[i]);
   }
   bool fetch = m->op == VA_OP_TEX_FETCH;
   const struct t_tex_unit *samp = x->row->sampler >= 0 ? &x->sampler
                                                        : &x->view;
   struct ir_ref srcs[2];
   srcs[0] = descriptor(t, &x->view, fetch ? &x->view : samp);
   /* A vector of its own even for one register: regs[0] may be a part of
    * a bigger value, which a staging operand would read whole. */
   srcs[1] = ir_collect(&t->b, 32, n, regs);
   struct ir_instr *I =
      t_va(&t->b, m->op, 2, srcs, (unsigned)__builtin_popcount(mask));
   struct va_settings *v = I->va;
   bool fs = t->s->stage == IR_STAGE_FRAGMENT;
   va_set_mod(v, VA_MOD_SKIP, fs && !fetch && t_tex_may_skip(t));
   va_set_mod(v, VA_MOD_REGISTER_TYPE, register_type(t, &x->view));
   va_set_mod(v, VA_MOD_REGISTER_WIDTH, VA_REGISTER_WIDTH_32);
   va_set_mod(v, VA_MOD_WRITE_MASK, (int)mask);
   va_set_mod(v, VA_MOD_DIMENSION, x->tt->dimension);
   va_set_mod(v, VA_MOD_WIDE_INDICES, 0);
   va_set_mod(v, VA_MOD_ARRAY_ENABLE, m->sr[SR_ARRAY].kind != IR_REF_NONE);
   va_set_mod(v, VA_MOD_TEXEL_OFFSET,
              m->sr[SR_OFFSETMS].kind != IR_REF_NONE);
   if (m->op != VA_OP_TEX_FETCH)
      va_set_mod(v, VA_MOD_SHADOW, m->sr[SR_SHADOW].kind != IR_REF_NONE);
   if (m->op == VA_OP_TEX_SINGLE)
      va_set_mod(v, VA_MOD_LOD_MODE, m->lod_mode);
   if (m->op == VA_OP_TEX_GATHER) {
      va_set_mod(v, VA_MOD_INTEGER_COORDINATES, 0);
      va_set_mod(v, VA_MOD_FETCH_COMPONENT, (int)m->component);
   }
   write_result(t, I->dst, mask, swz);
}

/* Sets the LOD mode and word of a sampling message. */
static void
sample_lod(struct tgsi_to_ir *t, const struct t_tex *x, struct t_tex_msg *m,
           const struct ir_ref *coords)
{
   bool fs = t->s->stage == IR_STAGE_FRAGMENT;
   const struct t_tex_row *row = x->row;
   uint32_t bits;
   switch ((enum t_tex_lod)row->lod) {
   case T_LOD_IMPLICIT:
      m->lod_mode = fs ? VA_LOD_MODE_COMPUTED : VA_LOD_MODE_ZERO;
      return;
   case T_LOD_ZERO: m->lod_mode = VA_LOD_MODE_ZERO; return;
   case T_LOD_BIAS:
      m->lod_mode = fs ? VA_LOD_MODE_COMPUTED_BIAS : VA_LOD_MODE_EXPLICIT;
      m->sr[SR_LOD] = lod_word(t, arg(t, row->lod_arg));
      return;
   case T_LOD_EXPLICIT: {
      struct ir_ref lod = arg(t, row->lod_arg);
      if (is_const(lod, &bits) && !(bits & 0x7fffffffu)) {
         m->lod_mode = VA_LOD_MODE_ZERO;
         return;
      }
      m->lod_mode = VA_LOD_MODE_EXPLICIT;
      m->sr[SR_LOD] = lod_word(t, lod);
      return;
   }
   case T_LOD_GRAD: {
      struct ir_ref ddx[3], ddy[3];
      unsigned n = x->tt->ncoord;
      for (unsigned c = 0; c < n; c++) {
         ddx[c] = t_src(t, (unsigned)row->grad, c);
         ddy[c] = t_src(t, (unsigned)row->grad + 1, c);
      }
      struct ir_ref lod = t_tex_grad_lod(t, x->tt, &x->view, coords, ddx,
                                         ddy);
      m->lod_mode = VA_LOD_MODE_EXPLICIT;
      m->sr[SR_LOD] = lod_word(t, lod);
      return;
   }
   }
}

static void
do_sample(struct tgsi_to_ir *t, const struct t_tex *x)
{
   struct t_tex_msg m = {.op = VA_OP_TEX_SINGLE};
   struct ir_ref coords[4];
   if (x->tt->buffer || x->tt->msaa)
      t_error(t, "%s cannot sample a %s texture",
              tgsi_op_info(t->insn->opcode)->name,
              x->tt->buffer ? "buffer" : "multisample");
   place_float_coords(t, x, &m, coords);
   m.sr[SR_OFFSETMS] = texel_offsets(t, x->tt);
   sample_lod(t, x, &m, coords);
   emit(t, x, &m, x->swizzle);
}

static void
do_gather(struct tgsi_to_ir *t, const struct t_tex *x)
{
   struct t_tex_msg m = {.op = VA_OP_TEX_GATHER};
   struct ir_ref coords[4];
   if (x->tt->buffer || x->tt->msaa || x->tt->dimension == VA_DIMENSION_1D ||
       x->tt->dimension == VA_DIMENSION_3D)
      t_error(t, "%s needs a 2D, rectangle or cube texture",
              tgsi_op_info(t->insn->opcode)->name);
   place_float_coords(t, x, &m, coords);
   m.sr[SR_OFFSETMS] = texel_offsets(t, x->tt);
   if (x->row->view_decl) {
      /* GATHER4 gathers red, and the view's swizzle, as for every
       * SAMPLE* form, then picks among the four texels (tgsi.rst; D3D10.1's
       * gather4, which it comes from, reads srcSampler.R). */
      m.component = 0;
   } else if (!x->shadow) {
      uint32_t c;
      if (!is_const(t_src_raw(t, 1, 0), &c))
         t_unsupported(t, "TG4 with a component that is not a constant");
      if (c > 3)
         t_error(t, "TG4 component %u is not 0-3", c);
      m.component = c;
   }
   emit(t, x, &m, x->row->view_decl ? x->swizzle : NULL);
}

static void
do_fetch(struct tgsi_to_ir *t, const struct t_tex *x)
{
   const struct t_tex_target *tt = x->tt;
   const struct t_tex_row *row = x->row;
   struct t_tex_msg m = {.op = VA_OP_TEX_FETCH};
   struct t_tex as_array;
   if (tt->cube) {
      /* TXF on a cube map (undefined in TGSI; Gallium's blitter uses it
       * with src0.z = 6 * cube + face) fetches the faces as the layers of
       * a 2-D array: TEX_FETCH has no cube dimension on Valhall. */
      as_array = *x;
      as_array.tt = t_tex_target_info(t, TGSI_TEX_2D_ARRAY);
      x = &as_array;
      m.sr[SR_X] = t_src(t, 0, 0);
      m.sr[SR_Y] = t_src(t, 0, 1);
      m.sr[SR_ARRAY] = t_src(t, 0, 2);
   } else {
      for (unsigned c = 0; c < tt->ncoord; c++)
         m.sr[SR_X + c] = t_src(t, 0, c);
      if (tt->layer >= 0)
         m.sr[SR_ARRAY] = t_src(t, 0, (unsigned)tt->layer);
   }
   struct ir_ref word = texel_offsets(t, tt);
   if (tt->msaa && row->extra.src >= 0)
      word = or_shifted(t, word, arg(t, row->extra), 16, ~0u);
   else if (!tt->msaa && !tt->buffer && !tt->rect && row->lod_arg.src >= 0)
      word = or_shifted(t, word, arg(t, row->lod_arg), 24, 0xff);
   m.sr[SR_OFFSETMS] = word;
   emit(t, x, &m, row->view_decl ? x->swizzle : NULL);
}

/* ---------------------------------------------------------------------
 * Driver
 */

static const struct t_tex_row *
find_row(enum tgsi_op op)
{
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      if (rows[i].opcode == op)
         return &rows[i];
   }
   return NULL;
}

static struct t_tex
decode(struct tgsi_to_ir *t, const struct t_tex_row *row)
{
   struct t_tex x = {.row = row};
   x.view = decode_unit(t, (unsigned)row->view);
   if (row->sampler >= 0)
      x.sampler = decode_unit(t, (unsigned)row->sampler);
   if (row->view_decl) {
      if (x.view.index >= t->nsviews)
         t_error(t, "SVIEW[%u] is not declared", x.view.index);
      x.target = (enum tgsi_tex_target)t->sview_target[x.view.index];
      x.shadow = row->ref.src >= 0;
      x.swizzle = t->insn->src[row->view].swizzle;
   } else {
      x.target = t->insn->tex_target;
      x.shadow = targets[x.target].shadow && row->kind != T_TEX_FETCH;
   }
   x.tt = t_tex_target_info(t, x.target);
   if (x.shadow && !row->view_decl) {
      int8_t ref = x.tt->ref;
      if (ref < 0 && row->ref.src < 0 && row->kind != T_TEX_SIZE &&
          row->kind != T_TEX_SAMPLES && row->kind != T_TEX_QUERY_LOD)
         t_error(t, "%s on %s has no shadow reference; use TEX2 or TG4",
                 tgsi_op_info(t->insn->opcode)->name,
                 tgsi_name(&tgsi_tex_names, x.target));
      if (ref >= 0 && row->lod_arg.src == 0 &&
          row->lod_arg.chan == (unsigned)ref)
         t_error(t, "%s on %s: the shadow reference and the LOD share "
                    "src0.%c",
                 tgsi_op_info(t->insn->opcode)->name,
                 tgsi_name(&tgsi_tex_names, x.target), "xyzw"[ref]);
   }
   return x;
}

unsigned
t_tex_opcode_flags(enum tgsi_op op)
{
   const struct t_tex_row *row = find_row(op);
   if (!row)
      return 0;
   unsigned flags = 0;
   if (row->kind == T_TEX_SAMPLE || row->kind == T_TEX_GATHER)
      flags |= T_TEX_MAY_SKIP;
   if (row->kind == T_TEX_QUERY_LOD ||
       (row->kind == T_TEX_SAMPLE &&
        (row->lod == T_LOD_IMPLICIT || row->lod == T_LOD_BIAS)))
      flags |= T_TEX_IMPLICIT_LOD;
   return flags;
}

bool
t_tex_has_row(enum tgsi_op op)
{
   return find_row(op) != NULL;
}

void
t_tex(struct tgsi_to_ir *t)
{
   const struct t_tex_row *row = find_row(t->insn->opcode);
   struct t_tex x = decode(t, row);
   switch ((enum t_tex_kind)row->kind) {
   case T_TEX_SAMPLE: do_sample(t, &x); break;
   case T_TEX_FETCH: do_fetch(t, &x); break;
   case T_TEX_GATHER: do_gather(t, &x); break;
   case T_TEX_SIZE:
      t_tex_size(t, x.tt, &x.view, t_src(t, 0, 0), row->view_decl);
      break;
   case T_TEX_SAMPLES: t_tex_samples(t, &x.view); break;
   case T_TEX_QUERY_LOD: {
      struct ir_ref coords[3];
      for (unsigned c = 0; c < x.tt->ncoord; c++)
         coords[c] = t_src(t, 0, c);
      t_tex_query_lod(t, x.tt, &x.view,
                      row->sampler >= 0 ? &x.sampler : &x.view, coords,
                      row->view_decl ? x.swizzle : NULL);
      break;
   }
   }
}
