/* SPDX-License-Identifier: MIT */
/*
 * May fragment-shader texture messages skip helper lanes?  A helper lane
 * runs only so that its quad has derivatives; `.skip` lets TEX_SINGLE and
 * TEX_GATHER leave their result undefined there.  That is wrong as soon
 * as such a result can reach something whose value depends on other
 * lanes of the quad.
 *
 * 1. Taint flows forward through TGSI registers (TEMP, OUT, ADDR, one
 *    flag per register): the results of sampling and gather opcodes are
 *    tainted, and so is every destination of an instruction that reads a
 *    tainted register (an indirect access reads or writes the whole
 *    file, and reads its index register).  Loops are covered by
 *    repeating the scan until nothing changes.
 * 2. Helper lanes matter to derivatives (DDX, DDY and their fine forms)
 *    and to implicit-LOD sampling (TEX, TEX2, TXP, TXB, TXB2, LODQ,
 *    SAMPLE, SAMPLE_B, SAMPLE_C, LOD), and to the branches that decide
 *    whether those run.
 * 3. If any of them reads a tainted register, no texture message skips;
 *    otherwise all do.  This is coarser than a per-message answer but
 *    never wrong, and the answer is computed once per shader.
 *
 * Requires: the shader's declarations (register counts).
 * Ensures:  t->tex_skip is known.
 * Invalidates: nothing.
 */
#include "from_tgsi_tex.h"

struct taint {
   struct tgsi_to_ir *t;
   uint8_t *reg; /* TEMPs, then OUTs, then ADDRs */
   bool changed;
};

/* The register range [*first, *last] `r` touches; false for other
 * files. */
static bool
reg_range(const struct taint *k, const struct tgsi_reg *r, uint32_t *first,
          uint32_t *last)
{
   struct tgsi_to_ir *t = k->t;
   uint32_t base, count;
   switch (r->file) {
   case TGSI_REGFILE_TEMPORARY: base = 0; count = t->ntemps; break;
   case TGSI_REGFILE_OUTPUT: base = t->ntemps; count = t->nouts; break;
   case TGSI_REGFILE_ADDRESS:
      base = t->ntemps + t->nouts;
      count = t->naddrs;
      break;
   default: return false;
   }
   if (!count)
      return false;
   if (r->indirect || r->index < 0 || (uint32_t)r->index >= count) {
      *first = base;
      *last = base + count - 1;
   } else {
      *first = *last = base + (uint32_t)r->index;
   }
   return true;
}

static bool
reads_taint(const struct taint *k, const struct tgsi_reg *r)
{
   uint32_t first, last;
   if (r->indirect) {
      struct tgsi_reg ind = {.file = r->ind.file, .index = r->ind.index};
      if (reads_taint(k, &ind))
         return true;
   }
   if (!reg_range(k, r, &first, &last))
      return false;
   for (uint32_t i = first; i <= last; i++) {
      if (k->reg[i])
         return true;
   }
   return false;
}

static bool
insn_reads_taint(const struct taint *k, const struct tgsi_insn *I)
{
   for (unsigned s = 0; s < I->num_src; s++) {
      if (reads_taint(k, &I->src[s].reg))
         return true;
   }
   for (unsigned o = 0; o < I->num_offsets; o++) {
      struct tgsi_reg r = {.file = I->offsets[o].file,
                           .index = I->offsets[o].index};
      if (reads_taint(k, &r))
         return true;
   }
   return false;
}

static void
taint_dsts(struct taint *k, const struct tgsi_insn *I)
{
   for (unsigned d = 0; d < I->num_dst; d++) {
      uint32_t first, last;
      if (!reg_range(k, &I->dst[d].reg, &first, &last))
         continue;
      for (uint32_t i = first; i <= last; i++) {
         k->changed |= !k->reg[i];
         k->reg[i] = 1;
      }
   }
}

/* Opcodes whose result depends on other lanes of the quad, besides the
 * implicit-LOD texture opcodes. */
static const enum tgsi_op derivative_ops[] = {
   TGSI_OP_DDX, TGSI_OP_DDY, TGSI_OP_DDX_FINE, TGSI_OP_DDY_FINE,
};

static bool
needs_helpers(enum tgsi_op op)
{
   for (unsigned i = 0; i < sizeof(derivative_ops) / sizeof(*derivative_ops);
        i++) {
      if (derivative_ops[i] == op)
         return true;
   }
   return t_tex_opcode_flags(op) & T_TEX_IMPLICIT_LOD;
}

static bool
is_branch(enum tgsi_op op)
{
   return op == TGSI_OP_IF || op == TGSI_OP_UIF || op == TGSI_OP_SWITCH ||
          op == TGSI_OP_CASE;
}

static bool
helpers_read_taint(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   struct taint k = {.t = t};
   k.reg = ARENA_ARRAY(t->s->arena, uint8_t,
                       t->ntemps + t->nouts + t->naddrs + 1);
   do {
      k.changed = false;
      for (unsigned i = 0; i < sh->num_insns; i++) {
         const struct tgsi_insn *I = &sh->insns[i];
         if ((t_tex_opcode_flags(I->opcode) & T_TEX_MAY_SKIP) ||
             insn_reads_taint(&k, I))
            taint_dsts(&k, I);
      }
   } while (k.changed);

   bool any_helper_use = false, tainted_branch = false;
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      bool reads = insn_reads_taint(&k, I);
      if (needs_helpers(I->opcode)) {
         if (reads)
            return true;
         any_helper_use = true;
      }
      tainted_branch |= is_branch(I->opcode) && reads;
   }
   return any_helper_use && tainted_branch;
}

bool
t_tex_may_skip(struct tgsi_to_ir *t)
{
   if (!t->tex_skip)
      t->tex_skip = helpers_read_taint(t) ? 1 : 2;
   return t->tex_skip == 2;
}
