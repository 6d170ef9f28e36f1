/* SPDX-License-Identifier: MIT */
/*
 * INTERP_CENTROID, INTERP_SAMPLE and INTERP_OFFSET: a fragment input
 * interpolated again at another position (GLSL's interpolateAt*), as
 * Panfrost does on Valhall (docs/abi.md, "Interpolation").
 *
 * 1. The input is loaded again with LD_VAR_BUF_IMM.f32 at its varying's
 *    byte offset (LD_VAR_BUF.f32 with the offset in a register when it
 *    does not fit the 8-bit immediate or the input is indexed), in the
 *    block of the instruction, reading as many channels as the swizzle
 *    needs.
 * 2. The position source and sample mode say where: r61 as preloaded
 *    with .centroid; with .sample, a word whose bits 16 and up hold the
 *    sample index (r61's layout, the low half unused); with .explicit,
 *    the offset from the pixel's top-left corner as two signed 8.8
 *    fixed-point halves (x low, y high): (offset + 0.5) * 256, converted
 *    through f16 as Mesa does.
 * 3. The update mode is .store: the hardware computes the position's
 *    barycentrics afresh (.retrieve would reuse the last stored ones,
 *    .clobber would not keep them); tgsiva never relies on stored state.
 * 4. Flat inputs have one value everywhere: they load with .src_flat32 at
 *    the centre.  POSITION, FACE and PCOORD are system values, not
 *    varyings, and cannot be interpolated again; an input the key's
 *    sprite_coord_enable replaces is the point coordinate wherever.
 *
 * Requires: the fragment inputs' layout (from_tgsi_io.c).
 * Ensures:  the INTERP_* opcodes as LD_VAR_BUF(_IMM) messages.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

/* The preloaded r61: sample coverage (bits 0-15), sample id (16-20). */
#define REG_FS_SAMPLE 61
/* Largest byte offset LD_VAR_BUF_IMM's 8-bit index holds. */
#define MAX_IMM_INDEX 255

static const enum va_vector_size vecsizes[] = {
   VA_VECTOR_SIZE_NONE, VA_VECTOR_SIZE_V2, VA_VECTOR_SIZE_V3,
   VA_VECTOR_SIZE_V4,
};

/* Where each opcode interpolates. */
static const enum va_sample_mode interp_modes[TGSI_OP_COUNT] = {
   [TGSI_OP_INTERP_CENTROID] = VA_SAMPLE_MODE_CENTROID,
   [TGSI_OP_INTERP_SAMPLE] = VA_SAMPLE_MODE_SAMPLE,
   [TGSI_OP_INTERP_OFFSET] = VA_SAMPLE_MODE_EXPLICIT,
};

/* The varying of IN[index], checked to be one. */
static const struct ir_varying *
input_varying(struct tgsi_to_ir *t, uint32_t index)
{
   if (index >= t->ninputs || !t->inputs[index].declared)
      t_error(t, "IN[%u] is not declared", index);
   const struct t_io *io = &t->inputs[index];
   const char *sem = tgsi_name(&tgsi_sem_names, io->semantic);
   if (io->semantic == TGSI_SEM_POSITION || io->semantic == TGSI_SEM_FACE ||
       io->semantic == TGSI_SEM_PCOORD)
      t_error(t, "%s[%u] is a system value and cannot be interpolated",
              sem, io->sem_index);
   const struct ir_layout *l = t->layout;
   for (size_t i = 0; i < l->inputs.len; i++) {
      if (l->inputs.data[i].semantic == io->semantic &&
          l->inputs.data[i].index == io->sem_index)
         return &l->inputs.data[i];
   }
   t_error(t, "input %s[%u] has no varying slot", sem, io->sem_index);
}

/* The byte offset of the input operand: a constant, or for an indexed
 * operand a select over its range (the whole input file, or its array),
 * an index past the end reading the last input.  *flat says whether the
 * inputs are flat, which must be the same for the whole range. */
static struct ir_ref
input_offset(struct tgsi_to_ir *t, const struct tgsi_reg *r, bool *flat)
{
   if (r->index < 0)
      t_error(t, "IN[%d] is not declared", r->index);
   uint32_t first = (uint32_t)r->index, last = first;
   if (r->indirect) {
      first = UINT32_MAX;
      for (uint32_t i = 0; r->ind.array_id && i < t->ninputs; i++) {
         if (t->inputs[i].array_id != r->ind.array_id)
            continue;
         first = first == UINT32_MAX ? i : first;
         last = i;
      }
      if (first == UINT32_MAX) {
         first = 0;
         last = t->ninputs ? t->ninputs - 1 : 0;
      }
   }
   input_varying(t, last);
   *flat = t->inputs[last].interp == TGSI_INTERP_CONSTANT;
   struct ir_ref off = ir_imm(input_varying(t, last)->byte_offset);
   struct ir_ref idx = r->indirect ? t_indirect_index(t, &r->ind, r->index)
                                   : ir_imm(0);
   for (uint32_t e = last; e-- > first;) {
      if ((t->inputs[e].interp == TGSI_INTERP_CONSTANT) != *flat)
         t_unsupported(t, "indexed interpolation over flat and "
                          "interpolated inputs");
      off = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, idx, ir_imm(e),
                    ir_imm(input_varying(t, e)->byte_offset), off);
   }
   return off;
}

/* (x + 0.5, y + 0.5) * 256 as two signed 16-bit halves. */
static struct ir_ref
explicit_position(struct tgsi_to_ir *t)
{
   struct ir_ref f[2];
   for (unsigned c = 0; c < 2; c++)
      f[c] = ir_alu3(&t->b, IR_OP_FMA, t_src(t, 1, c), t_f(256.0f),
                     t_f(128.0f));
   struct ir_ref half = t_va(&t->b, VA_OP_V2F32_TO_V2F16, 2, f, 1)->dst;
   return t_va(&t->b, VA_OP_V2F16_TO_V2S16, 1, &half, 1)->dst;
}

/* The position source for `mode`. */
static struct ir_ref
interp_position(struct tgsi_to_ir *t, enum va_sample_mode mode)
{
   switch (mode) {
   case VA_SAMPLE_MODE_SAMPLE:
      return ir_alu2(&t->b, IR_OP_SHL, t_src_raw(t, 1, 0), ir_imm(16));
   case VA_SAMPLE_MODE_EXPLICIT: return explicit_position(t);
   default: return t_preload(t, REG_FS_SAMPLE);
   }
}

/* How many channels the written channels read through the swizzle. */
static unsigned
channels_needed(struct tgsi_to_ir *t)
{
   const struct tgsi_src *src = &t->insn->src[0];
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++) {
      unsigned s = (src->swizzle[c] & 3u) + 1;
      if ((t_writemask(t, 0) & (1u << c)) && s > n)
         n = s;
   }
   return n;
}

/* A point sprite coordinate (the key's sprite_coord_enable) is the same
 * everywhere in the pixel: the input's value, written here.  False for a
 * varying. */
static bool
replaced_input(struct tgsi_to_ir *t, const struct tgsi_reg *r)
{
   bool any = false;
   for (uint32_t i = 0; i < t->ninputs; i++)
      any |= t->inputs[i].declared && t_sprite_replaced(t, &t->inputs[i]);
   if (!any || r->index < 0 || (uint32_t)r->index >= t->ninputs)
      return false;
   if (r->indirect)
      t_unsupported(t, "indexed interpolation with point sprite "
                       "coordinates replacing inputs");
   if (!t_sprite_replaced(t, &t->inputs[r->index]))
      return false;
   const struct tgsi_src *src = &t->insn->src[0];
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      struct ir_ref v = t_input(t, (uint32_t)r->index, src->swizzle[c] & 3u);
      if (src->absolute)
         v = ir_abs(v);
      if (src->negate)
         v = ir_neg(v);
      t_dst(t, 0, c, v);
   }
   return true;
}

void
t_interp(struct tgsi_to_ir *t)
{
   const struct tgsi_insn *insn = t->insn;
   const struct tgsi_reg *r = &insn->src[0].reg;
   if (t->s->stage != IR_STAGE_FRAGMENT)
      t_error(t, "%s outside a fragment shader",
              tgsi_op_info(insn->opcode)->name);
   if (r->file != TGSI_REGFILE_INPUT || r->dimension)
      t_error(t, "%s interpolates an input, not %s",
              tgsi_op_info(insn->opcode)->name,
              tgsi_name(&tgsi_file_names, r->file));
   unsigned n = channels_needed(t);
   if (!n)
      return;
   if (replaced_input(t, r))
      return;
   bool flat;
   struct ir_ref offset = input_offset(t, r, &flat);
   enum va_sample_mode mode =
      flat ? VA_SAMPLE_MODE_CENTER : interp_modes[insn->opcode];
   struct ir_ref srcs[2] = {interp_position(t, mode), offset};
   uint32_t index;
   bool imm = ir_ref_const_bits(offset, &index) && index <= MAX_IMM_INDEX;
   struct ir_instr *I =
      imm ? t_va(&t->b, VA_OP_LD_VAR_BUF_IMM_F32, 1, srcs, n)
          : t_va(&t->b, VA_OP_LD_VAR_BUF_F32, 2, srcs, n);
   if (imm)
      I->va->imm[VA_IMM_INDEX] = index;
   va_set_mod(I->va, VA_MOD_VECSIZE, vecsizes[n - 1]);
   va_set_mod(I->va, VA_MOD_SOURCE_FORMAT,
              flat ? VA_SOURCE_FORMAT_SRC_FLAT32 : VA_SOURCE_FORMAT_SRC_F32);
   va_set_mod(I->va, VA_MOD_SAMPLE, mode);
   va_set_mod(I->va, VA_MOD_UPDATE, VA_UPDATE_MODE_STORE);
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      struct ir_ref v = ir_comp(I->dst, insn->src[0].swizzle[c] & 3u);
      if (insn->src[0].absolute)
         v = ir_abs(v);
      if (insn->src[0].negate)
         v = ir_neg(v);
      t_dst(t, 0, c, v);
   }
}
