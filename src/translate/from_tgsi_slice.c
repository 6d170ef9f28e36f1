/* SPDX-License-Identifier: MIT */
/*
 * The instructions each program of a vertex shader needs.  Both programs
 * translate the same TGSI; the position program stores only POSITION and
 * PSIZE, the varying program every other output.  Most of the body feeds
 * one of them, and translating the rest only for DCE to remove it cost
 * a third of the position program's translation and clean-up.  So each
 * program skips what this marks as unneeded.
 *
 * 1. Only straight-line vertex shaders are sliced: any control flow
 *    (labels, blocks, RET, CAL, KILL, EMIT, ...) or an indirectly
 *    addressed TEMP or OUT register keeps every instruction.
 * 2. An instruction is dropped only when it is pure (it writes TEMP, OUT
 *    or ADDR channels and nothing else: no memory, no label) and none of
 *    the channels it writes is read later by a kept instruction or
 *    stored by the program.
 * 3. Reads are over-approximated: a source reads all four channels its
 *    swizzle names, whatever the write mask; an indirect address reads
 *    its address channel; texture offsets read three channels.
 * 4. Every instruction is translated by one of the two programs, so that
 *    its errors are reported: the varying program skips only what the
 *    position program needs, and keeps what neither needs.
 */
#include "from_tgsi.h"

#include <string.h>

/* Channel masks of the registers of the three tracked files. */
struct slice {
   uint8_t *live[3];
   uint32_t count[3];
};

static int
tracked(enum tgsi_regfile file)
{
   switch (file) {
   case TGSI_REGFILE_TEMPORARY: return 0;
   case TGSI_REGFILE_OUTPUT: return 1;
   case TGSI_REGFILE_ADDRESS: return 2;
   default: return -1;
   }
}

/* Rule 1 for one register operand; grows the counts. */
static bool
note_reg(struct slice *sl, const struct tgsi_reg *r)
{
   int f = tracked(r->file);
   if (f >= 0 && (r->indirect || r->dimension))
      return false;
   if (f >= 0 && (r->index < 0 || r->index >= T_MAX_REGISTER_INDEX))
      return false;
   if (f >= 0 && (uint32_t)r->index >= sl->count[f])
      sl->count[f] = (uint32_t)r->index + 1;
   const struct tgsi_ind *inds[2] = {r->indirect ? &r->ind : NULL,
                                     r->dim_indirect ? &r->dim_ind : NULL};
   for (unsigned k = 0; k < 2; k++) {
      int g = inds[k] ? tracked(inds[k]->file) : -1;
      if (g < 0)
         continue;
      if (inds[k]->index < 0 || inds[k]->index >= T_MAX_REGISTER_INDEX)
         return false;
      if ((uint32_t)inds[k]->index >= sl->count[g])
         sl->count[g] = (uint32_t)inds[k]->index + 1;
   }
   return true;
}

static bool
straight_line(const struct tgsi_insn *I)
{
   const struct tgsi_op_info *info = tgsi_op_info(I->opcode);
   if (info->flags & (TGSI_OPF_LABEL | TGSI_OPF_INDENT | TGSI_OPF_DEDENT))
      return false;
   return I->num_dst > 0 || I->opcode == TGSI_OP_END ||
          I->opcode == TGSI_OP_NOP || (info->flags & TGSI_OPF_STORE);
}

/* Rule 2: writes registers only. */
static bool
pure(const struct tgsi_insn *I)
{
   const struct tgsi_op_info *info = tgsi_op_info(I->opcode);
   if (!I->num_dst || (info->flags & (TGSI_OPF_STORE | TGSI_OPF_MEMORY |
                                      TGSI_OPF_MEMORY_OPT)))
      return false;
   for (unsigned k = 0; k < I->num_dst; k++) {
      if (tracked(I->dst[k].reg.file) < 0)
         return false;
   }
   return true;
}

static void
read_channel(struct slice *sl, enum tgsi_regfile file, int32_t index,
             unsigned chan)
{
   int f = tracked(file);
   if (f >= 0)
      sl->live[f][index] |= (uint8_t)(1u << chan);
}

static void
read_ind(struct slice *sl, const struct tgsi_reg *r)
{
   if (r->indirect)
      read_channel(sl, r->ind.file, r->ind.index, r->ind.swizzle);
   if (r->dim_indirect)
      read_channel(sl, r->dim_ind.file, r->dim_ind.index,
                   r->dim_ind.swizzle);
}

/* Rule 3. */
static void
read_sources(struct slice *sl, const struct tgsi_insn *I)
{
   for (unsigned k = 0; k < I->num_src; k++) {
      const struct tgsi_src *src = &I->src[k];
      for (unsigned c = 0; c < 4; c++)
         read_channel(sl, src->reg.file, src->reg.index, src->swizzle[c]);
      read_ind(sl, &src->reg);
   }
   for (unsigned k = 0; k < I->num_dst; k++)
      read_ind(sl, &I->dst[k].reg);
   for (unsigned k = 0; k < I->num_offsets; k++) {
      for (unsigned c = 0; c < 3; c++)
         read_channel(sl, I->offsets[k].file, I->offsets[k].index,
                      I->offsets[k].swizzle[c]);
   }
}

static bool
writes_live(const struct slice *sl, const struct tgsi_insn *I)
{
   for (unsigned k = 0; k < I->num_dst; k++) {
      const struct tgsi_dst *d = &I->dst[k];
      int f = tracked(d->reg.file);
      if (sl->live[f][d->reg.index] & d->writemask)
         return true;
   }
   return false;
}

/* Rule 1: the register counts, or false to keep every instruction. */
static bool
count_registers(const struct tgsi_shader *sh, struct slice *sl)
{
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      if (!straight_line(I))
         return false;
      for (unsigned k = 0; k < I->num_dst; k++) {
         if (!note_reg(sl, &I->dst[k].reg))
            return false;
      }
      for (unsigned k = 0; k < I->num_src; k++) {
         if (!note_reg(sl, &I->src[k].reg))
            return false;
      }
      for (unsigned k = 0; k < I->num_offsets; k++) {
         const struct tgsi_tex_offset *o = &I->offsets[k];
         struct tgsi_reg r = {.file = o->file, .index = o->index};
         if (!note_reg(sl, &r))
            return false;
      }
   }
   return true;
}

static bool
stored_by_position(enum tgsi_sem sem)
{
   return sem == TGSI_SEM_POSITION || sem == TGSI_SEM_PSIZE;
}

/* Rule 2: needed[i] for the program that stores the outputs whose
 * semantic is (position) or is not (!position) stored_by_position's. */
static void
mark_needed(struct tgsi_to_ir *t, const struct slice *counts, bool position,
            bool *needed)
{
   const struct tgsi_shader *sh = t->tgsi;
   struct slice sl = *counts;
   for (unsigned f = 0; f < 3; f++)
      sl.live[f] = ARENA_ARRAY(t->s->scratch, uint8_t, sl.count[f] + 1);
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->file != TGSI_REGFILE_OUTPUT ||
          (d->semantic && stored_by_position(d->sem_name)) != position)
         continue;
      for (uint32_t r = d->first; r <= d->last && r < sl.count[1]; r++)
         sl.live[1][r] = 0xf;
   }
   for (unsigned i = sh->num_insns; i-- > 0;) {
      const struct tgsi_insn *I = &sh->insns[i];
      needed[i] = !pure(I) || writes_live(&sl, I);
      if (!needed[i])
         continue;
      for (unsigned k = 0; k < I->num_dst; k++) {
         const struct tgsi_dst *d = &I->dst[k];
         int f = tracked(d->reg.file);
         if (f >= 0)
            sl.live[f][d->reg.index] &= (uint8_t)~d->writemask;
      }
      read_sources(&sl, I);
   }
}

bool *
t_vertex_slice(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   bool position = t->s->stage == IR_STAGE_VERTEX_POSITION;
   struct slice counts = {{NULL}, {0}};
   if (sh->processor != TGSI_PROC_VERTEX ||
       (!position && t->s->stage != IR_STAGE_VERTEX_VARYING) ||
       !count_registers(sh, &counts))
      return NULL;
   bool *keep = ARENA_ARRAY(t->s->scratch, bool, sh->num_insns + 1);
   mark_needed(t, &counts, position, keep);
   if (!position) {
      /* Rule 4: what neither program needs is translated here. */
      bool *for_position = ARENA_ARRAY(t->s->scratch, bool, sh->num_insns + 1);
      mark_needed(t, &counts, true, for_position);
      for (unsigned i = 0; i < sh->num_insns; i++)
         keep[i] |= !for_position[i];
   }
   for (unsigned i = 0; i < sh->num_insns; i++) {
      if (!keep[i])
         return keep;
   }
   return NULL;
}
