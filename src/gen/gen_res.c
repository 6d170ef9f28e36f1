/* SPDX-License-Identifier: MIT */
/*
 * Resources: texture sampling, fetches, gathers and queries; buffer,
 * image and shared-memory loads, stores and atomics; interpolation.
 *
 * Each texture instruction picks a target its opcode allows and a unit
 * declared with that target (declared on first use).  Integer texel
 * coordinates are masked below the environment's smallest size (4 texels
 * wide and high, 2 deep, 1 layer); LOD 0.  Memory addresses are masked
 * into the 4096-byte buffers, aligned; stores and atomics that must not
 * race use the lane's own words (compute only).
 */
#include <string.h>

#include "gen_priv.h"

enum {
   T1 = 1 << TGSI_TEX_1D,
   T2 = 1 << TGSI_TEX_2D,
   T3 = 1 << TGSI_TEX_3D,
   TC = 1 << TGSI_TEX_CUBE,
   TR = 1 << TGSI_TEX_RECT,
   T1A = 1 << TGSI_TEX_1D_ARRAY,
   T2A = 1 << TGSI_TEX_2D_ARRAY,
   TCA = 1 << TGSI_TEX_CUBE_ARRAY,
   S1 = 1 << TGSI_TEX_SHADOW1D,
   S2 = 1 << TGSI_TEX_SHADOW2D,
   SR = 1 << TGSI_TEX_SHADOWRECT,
   SC = 1 << TGSI_TEX_SHADOWCUBE,
   S1A = 1 << TGSI_TEX_SHADOW1D_ARRAY,
   S2A = 1 << TGSI_TEX_SHADOW2D_ARRAY,
   SCA = 1 << TGSI_TEX_SHADOWCUBE_ARRAY,
   M2 = 1 << TGSI_TEX_2D_MSAA,
   M2A = 1 << TGSI_TEX_2D_ARRAY_MSAA,
};

/* Operand letters: f float coordinates, g float gradients, i integer
 * texel coordinates, l integer LOD 0, b a float (bias, LOD, reference),
 * c a gather component, n a sample index (the environment's
 * multisampled views have 4), S the sampler unit, V the view. */
struct tex_form {
   uint8_t op;
   const char *operands;
   uint32_t targets;
   bool int_view; /* may read UINT/SINT views */
};

static const struct tex_form tex_forms[] = {
   {TGSI_OP_TEX, "fS", T1 | T2 | T3 | TC | TR | T1A | T2A | TCA | S1 | S2 |
                          SR | SC | S1A | S2A, false},
   {TGSI_OP_TXP, "fS", T1 | T2 | T3 | TR | S1 | S2 | SR, false},
   {TGSI_OP_TXB, "fS", T1 | T2 | T3 | TC | T1A | T2A | S1 | S2 | S1A,
    false},
   {TGSI_OP_TXL, "fS", T1 | T2 | T3 | TC | T1A | T2A | S1 | S2 | S1A,
    false},
   {TGSI_OP_TXD, "fggS", T1 | T2 | T3 | TC | T1A | T2A | S1 | S2, false},
   {TGSI_OP_TXF, "iS", T1 | T2 | T3 | T1A | T2A | TR, true},
   {TGSI_OP_TXF_LZ, "iS", T1 | T2 | T3 | T1A | T2A | TR, true},
   {TGSI_OP_TEX_LZ, "fS", T1 | T2 | T3 | TC | T1A | T2A | S1 | S2, false},
   {TGSI_OP_TXQ, "lS", T1 | T2 | T3 | TC | TR | T1A | T2A | TCA, true},
   {TGSI_OP_TXQS, "S", M2 | M2A, true},
   {TGSI_OP_LODQ, "fS", T1 | T2 | T3 | TC | T1A | T2A, false},
   {TGSI_OP_TG4, "fcS", T2 | T2A | TC, false},
   {TGSI_OP_TEX2, "fbS", SCA, false},
   {TGSI_OP_TXB2, "fbS", TCA, false},
   {TGSI_OP_TXL2, "fbS", TCA, false},
   {TGSI_OP_SAMPLE, "fVS", T1 | T2 | T3 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_B, "fVSb", T1 | T2 | T3 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_C, "fVSb", T1 | T2 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_C_LZ, "fVSb", T1 | T2 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_D, "fVSgg", T1 | T2 | T3 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_L, "fVSb", T1 | T2 | T3 | TC | T1A | T2A, false},
   {TGSI_OP_SAMPLE_I, "iV", T1 | T2 | T3 | T1A | T2A, true},
   {TGSI_OP_SAMPLE_I_MS, "iVn", M2 | M2A, true},
   {TGSI_OP_SVIEWINFO, "lV", T1 | T2 | T3 | TC | T1A | T2A, true},
   {TGSI_OP_GATHER4, "fVS", T2 | T2A | TC, false},
   {TGSI_OP_LOD, "fVS", T1 | T2 | T3 | TC | T1A | T2A, false},
};

static const struct tex_form *
find_form(enum tgsi_op op)
{
   for (unsigned i = 0; i < sizeof(tex_forms) / sizeof(*tex_forms); i++) {
      if (tex_forms[i].op == op)
         return &tex_forms[i];
   }
   return NULL;
}

static unsigned
pick_target(struct gen *g, uint32_t targets)
{
   for (;;) {
      unsigned t = gen_below(g, TGSI_TEX_COUNT);
      if (targets & (1u << t))
         return t;
   }
}

/* A unit with `target` (shadow targets share units with their plain
 * view), declared if needed; GEN_MAX_UNITS-1 at most. */
static unsigned
pick_unit(struct gen *g, unsigned target, bool int_ok)
{
   unsigned ret = int_ok && gen_chance(g, 30)
                     ? (gen_chance(g, 50) ? TGSI_RET_UINT : TGSI_RET_SINT)
                     : TGSI_RET_FLOAT;
   for (unsigned u = 0; u < g->nunits; u++) {
      if (g->units[u].target == target &&
          (g->units[u].ret == ret || gen_chance(g, 50)) &&
          (int_ok || g->units[u].ret == TGSI_RET_FLOAT))
         return u;
   }
   if (g->nunits == GEN_MAX_UNITS)
      return GEN_MAX_UNITS;
   g->units[g->nunits].target = (uint8_t)target;
   g->units[g->nunits].ret = (uint8_t)ret;
   return g->nunits++;
}

/* Integer texel coordinates in range for `target`, in TEMP[scratch+1]. */
static void
texel_coords(struct gen *g, struct tgsi_src *s, unsigned target)
{
   bool two_d = target != TGSI_TEX_1D && target != TGSI_TEX_1D_ARRAY;
   gen_masked(g, 1, 3, two_d ? 3 : 0, target == TGSI_TEX_3D ? 1 : 0, 0);
   gen_src_reg(s, TGSI_REGFILE_TEMPORARY, (int)g->scratch + 1);
}

static void
tex_operand(struct gen *g, struct tgsi_insn *I, unsigned i, char c,
            unsigned unit, unsigned target)
{
   struct tgsi_src *s = &I->src[i];
   switch (c) {
   case 'S':
      gen_src_reg(s, TGSI_REGFILE_SAMPLER, (int)unit);
      break;
   case 'V':
      gen_src_reg(s, TGSI_REGFILE_SAMPLER_VIEW, (int)unit);
      break;
   case 'i': texel_coords(g, s, target); break;
   case 'l': gen_src_imm(g, s, 0, 0, 0, 0); break;
   case 'c':
   case 'n': {
      unsigned k = gen_below(g, 4);
      gen_src_imm(g, s, k, k, k, k);
      break;
   }
   default: gen_src_value(g, s, TGSI_VT_F32); break;
   }
}

void
gen_tex(struct gen *g, enum tgsi_op op)
{
   const struct tex_form *form = find_form(op);
   unsigned target = pick_target(g, form->targets);
   unsigned unit = pick_unit(g, target, form->int_view);
   if (unit == GEN_MAX_UNITS)
      return;
   /* Texel coordinates are computed first: they use instructions. */
   struct tgsi_src coords;
   bool texel = form->operands[0] == 'i';
   if (texel)
      texel_coords(g, &coords, target);
   struct tgsi_insn *I = gen_insn(g, op);
   gen_dst_value(g, &I->dst[0], GEN_KIND_ANY);
   for (unsigned i = 0; i < I->num_src; i++) {
      if (i == 0 && texel)
         I->src[0] = coords;
      else
         tex_operand(g, I, i, form->operands[i], unit, target);
   }
   if (tgsi_op_info(op)->flags & TGSI_OPF_TARGET) {
      I->has_texture = true;
      I->tex_target = (enum tgsi_tex_target)target;
      I->tex_return_type = TGSI_RET_UNKNOWN;
   }
}

/* ---------------------------------------------------------------------
 * Memory
 */

/* TEMP[scratch+1].x: a byte address; the lane's own word or vec4 (x4 or
 * x16 of its index) or a masked shared one. */
static void
address(struct gen *g, bool own, bool vec4)
{
   if (own) {
      struct tgsi_insn *I = gen_insn(g, TGSI_OP_UADD);
      gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch + 1,
                  0x1);
      gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->lane);
      unsigned c = vec4 ? 2 : 1;
      gen_swizzle(&I->src[0], c, c, c, c);
      uint32_t base = 1024 + 512 * gen_below(g, 4);
      gen_src_imm(g, &I->src[1], base, base, base, base);
   } else {
      uint32_t m = vec4 ? 0xff0 : 0xffc;
      gen_masked(g, 1, m, m, m, m);
   }
}

static void
mem_resource(struct gen *g, struct tgsi_src *s, bool writable)
{
   unsigned r = gen_below(g, 3);
   if (g->stage != GEN_CS || r == 0) {
      gen_src_reg(s, TGSI_REGFILE_BUFFER, writable ? 0 : 1);
      g->use_buffer = true;
   } else {
      gen_src_reg(s, TGSI_REGFILE_MEMORY, 0);
      g->use_shared = true;
   }
}

static void
image_coords(struct gen *g, struct tgsi_src *s, bool own)
{
   if (own) {
      /* THREAD_ID.xy: 4 x 2 lanes, each its own texel. */
      gen_src_reg(s, TGSI_REGFILE_SYSTEM_VALUE, 0);
      return;
   }
   gen_masked(g, 1, 3, 3, 0, 0);
   gen_src_reg(s, TGSI_REGFILE_TEMPORARY, (int)g->scratch + 1);
}

static void
gen_image(struct gen *g, enum tgsi_op op)
{
   bool store = op == TGSI_OP_STORE;
   bool atomic = op != TGSI_OP_LOAD && !store;
   bool own = store || (atomic && gen_chance(g, 50));
   struct tgsi_src coords;
   image_coords(g, &coords, own);
   struct tgsi_insn *I = gen_insn(g, op);
   unsigned img = atomic ? 1 : 0;
   g->use_image = true;
   I->has_memory = true;
   I->mem_texture = TGSI_TEX_2D;
   I->mem_format = atomic ? TGSI_FMT_R32_UINT
                          : TGSI_FMT_R32G32B32A32_FLOAT;
   if (store) {
      gen_dst_reg(&I->dst[0], TGSI_REGFILE_IMAGE, (int)img, 0xf);
      I->src[0] = coords;
      gen_src_value(g, &I->src[1], TGSI_VT_UNTYPED);
      return;
   }
   gen_dst_value(g, &I->dst[0], GEN_KIND_ANY);
   gen_src_reg(&I->src[0], TGSI_REGFILE_IMAGE, (int)img);
   I->src[1] = coords;
   for (unsigned i = 2; i < I->num_src; i++)
      gen_src_value(g, &I->src[i], tgsi_op_src_type(op, i));
}

void
gen_mem(struct gen *g, enum tgsi_op op)
{
   if (op == TGSI_OP_RESQ) {
      struct tgsi_insn *I = gen_insn(g, op);
      gen_dst_value(g, &I->dst[0], GEN_KIND_INT);
      g->use_buffer = true;
      gen_src_reg(&I->src[0], TGSI_REGFILE_BUFFER, (int)gen_below(g, 2));
      return;
   }
   if (g->stage == GEN_CS && gen_chance(g, 25)) {
      gen_image(g, op);
      return;
   }
   bool store = op == TGSI_OP_STORE, load = op == TGSI_OP_LOAD;
   bool own = store || (!load && gen_chance(g, 50));
   address(g, own && g->stage == GEN_CS, true);
   struct tgsi_insn *I = gen_insn(g, op);
   if (store) {
      mem_resource(g, (struct tgsi_src *)&I->dst[0].reg, true);
      gen_dst_reg(&I->dst[0], I->dst[0].reg.file, I->dst[0].reg.index,
                  1 + gen_below(g, 15));
      gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch + 1);
      gen_swizzle(&I->src[0], 0, 0, 0, 0);
      gen_src_value(g, &I->src[1], TGSI_VT_UNTYPED);
      return;
   }
   gen_dst_value(g, &I->dst[0], GEN_KIND_ANY);
   mem_resource(g, &I->src[0], !load);
   gen_src_reg(&I->src[1], TGSI_REGFILE_TEMPORARY, (int)g->scratch + 1);
   gen_swizzle(&I->src[1], 0, 0, 0, 0);
   for (unsigned i = 2; i < I->num_src; i++)
      gen_src_value(g, &I->src[i], tgsi_op_src_type(op, i));
}

void
gen_interp(struct gen *g, enum tgsi_op op)
{
   struct tgsi_insn *I = gen_insn(g, op);
   gen_dst_value(g, &I->dst[0], GEN_KIND_FLOAT);
   /* IN[0] and IN[1] are interpolated generics. */
   gen_src_reg(&I->src[0], TGSI_REGFILE_INPUT, (int)gen_below(g, 2));
   /* Modifiers and swizzles apply to the interpolated value. */
   if (gen_chance(g, 30))
      gen_swizzle(&I->src[0], gen_below(g, 4), gen_below(g, 4),
                  gen_below(g, 4), gen_below(g, 4));
   I->src[0].absolute = gen_chance(g, 20);
   I->src[0].negate = gen_chance(g, 20);
   if (op == TGSI_OP_INTERP_SAMPLE)
      gen_src_imm(g, &I->src[1], 0, 0, 0, 0);
   else if (op == TGSI_OP_INTERP_OFFSET)
      gen_src_imm(g, &I->src[1], 0x3e000000, 0xbe800000, 0, 0);
}

/* ---------------------------------------------------------------------
 * Declarations
 */

void
gen_declare_resources(struct gen *g, struct tgsi_builder *b)
{
   for (unsigned u = 0; u < g->nunits; u++) {
      struct tgsi_decl *d = tgsi_builder_add_decl(b);
      d->usage_mask = 0xf;
      d->file = TGSI_REGFILE_SAMPLER;
      d->first = d->last = u;
   }
   for (unsigned u = 0; u < g->nunits; u++) {
      struct tgsi_decl *d = tgsi_builder_add_decl(b);
      d->usage_mask = 0xf;
      d->file = TGSI_REGFILE_SAMPLER_VIEW;
      d->first = d->last = u;
      d->target = (enum tgsi_tex_target)g->units[u].target;
      for (unsigned c = 0; c < 4; c++)
         d->return_type[c] = (enum tgsi_ret_type)g->units[u].ret;
   }
   for (unsigned i = 0; g->use_buffer && i < 2; i++) {
      struct tgsi_decl *d = tgsi_builder_add_decl(b);
      d->usage_mask = 0xf;
      d->file = TGSI_REGFILE_BUFFER;
      d->first = d->last = i;
   }
   for (unsigned i = 0; g->use_image && i < 2; i++) {
      struct tgsi_decl *d = tgsi_builder_add_decl(b);
      d->usage_mask = 0xf;
      d->file = TGSI_REGFILE_IMAGE;
      d->first = d->last = i;
      d->target = TGSI_TEX_2D;
      d->format = i ? TGSI_FMT_R32_UINT : TGSI_FMT_R32G32B32A32_FLOAT;
      d->writable = true;
   }
   if (g->use_shared) {
      struct tgsi_decl *d = tgsi_builder_add_decl(b);
      d->usage_mask = 0xf;
      d->file = TGSI_REGFILE_MEMORY;
      d->mem_type = TGSI_MEMTYPE_SHARED;
   }
}
