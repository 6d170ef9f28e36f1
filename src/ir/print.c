/* SPDX-License-Identifier: MIT */
/*
 * The IR's text form.  It prints every field an instruction has, because
 * tests compare printed IR: a field the printer skipped would be a
 * difference no test could see.  reader.c parses exactly this syntax:
 *
 *   shader fragment
 *   b0 -> b1 b2
 *     %1 = preload imm=60
 *     %2:v4 = collect %1, #0x3f800000, u3, %1
 *     %3 = fadd.sat %2.1, -|%2.2|
 *     %4 = fcmp.lt.f1 %3, #0x0
 *     branch %4
 *   b1 loop -> b2
 *     %5 = phi b0:%3, b1:%5
 *
 * Values are %N, with :64 for 64-bit scalars and :vN for vectors of N
 * registers; %N.c is register c of a vector; .h0/.h1/.b0-.b3/.w0/.w1
 * select part of a register; -x, |x| and ~x are the modifiers.
 *
 * Once allocated (s->allocated), a Valhall instruction, BRANCH or JUMP
 * prints as the disassembler prints the word it becomes (ir_va_build:
 * registers, `^` last-use marks, slots, flow, modifiers; written by
 * ir_print_allocated), a branch with its target block where the word has
 * its offset:
 *
 *   b1 -> b3 b2
 *     FADD.f32.wait0 r2, ^r0, u1
 *     BRANCHZ.eq.reconverge ^r2, b3
 *
 * That form is for reading and for comparing with the binary; the reader
 * takes the SSA form only.
 */
#include <string.h>

#include "ir.h"


const char *const ir_stage_names[] = {
   [IR_STAGE_VERTEX_POSITION] = "vertex_position",
   [IR_STAGE_VERTEX_VARYING] = "vertex_varying",
   [IR_STAGE_FRAGMENT] = "fragment",
   [IR_STAGE_COMPUTE] = "compute",
   [IR_STAGE_VERTEX_XFB] = "vertex_xfb",
   [IR_STAGE_GEOMETRY] = "geometry",
};

const char *const ir_cond_names[] = {
   [IR_COND_EQ] = "eq", [IR_COND_GT] = "gt", [IR_COND_GE] = "ge",
   [IR_COND_NE] = "ne", [IR_COND_LT] = "lt", [IR_COND_LE] = "le",
   [IR_COND_GTLT] = "gtlt",
};

const char *const ir_cmptype_names[] = {
   [IR_CMP_F] = "f", [IR_CMP_S] = "s", [IR_CMP_U] = "u",
};

const char *const ir_boolfmt_names[] = {
   [IR_BOOL_M1] = "m1", [IR_BOOL_F1] = "f1", [IR_BOOL_I1] = "i1",
};

const char *const ir_clamp_names[] = {
   [IR_CLAMP_NONE] = "", [IR_CLAMP_0_INF] = "clamp_0_inf",
   [IR_CLAMP_M1_1] = "clamp_m1_1", [IR_CLAMP_0_1] = "sat",
};

const char *const ir_swizzle_names[] = {
   [IR_SWIZZLE_NONE] = "", [IR_SWIZZLE_H0] = "h0", [IR_SWIZZLE_H1] = "h1",
   [IR_SWIZZLE_B0] = "b0", [IR_SWIZZLE_B1] = "b1", [IR_SWIZZLE_B2] = "b2",
   [IR_SWIZZLE_B3] = "b3", [IR_SWIZZLE_W0] = "w0", [IR_SWIZZLE_W1] = "w1",
};


static void
print_base(struct strbuf *sb, const struct ir_shader *s, struct ir_ref r)
{
   (void)s;
   switch (r.kind) {
   case IR_REF_NONE: strbuf_puts(sb, "_"); break;
   case IR_REF_VALUE: strbuf_printf(sb, "%%%u", r.index); break;
   case IR_REF_CONST: strbuf_printf(sb, "#0x%x", r.index); break;
   case IR_REF_UNIFORM: strbuf_printf(sb, "u%u", r.index); break;
   case IR_REF_SPECIAL: strbuf_puts(sb, ir_special_name(r.index)); break;
   case IR_REF_REG:
      strbuf_printf(sb, "%sr%u", r.mods & IR_MOD_LAST ? "^" : "", r.index);
      break;
   }
   if (r.comp)
      strbuf_printf(sb, ".%u", r.comp);
   if (r.swizzle)
      strbuf_printf(sb, ".%s", ir_swizzle_names[r.swizzle]);
}

void
ir_print_ref(struct strbuf *sb, const struct ir_shader *s, struct ir_ref r)
{
   if (r.mods & IR_MOD_NEG)
      strbuf_putc(sb, '-');
   if (r.mods & IR_MOD_NOT)
      strbuf_putc(sb, '~');
   if (r.mods & IR_MOD_ABS)
      strbuf_putc(sb, '|');
   print_base(sb, s, r);
   if (r.mods & IR_MOD_ABS)
      strbuf_putc(sb, '|');
}

static void
print_def(struct strbuf *sb, const struct ir_shader *s, struct ir_ref d)
{
   print_base(sb, s, d);
   if (d.kind != IR_REF_VALUE)
      return;
   const struct ir_value *v = &s->values.data[d.index];
   if (v->bits == 64)
      strbuf_puts(sb, ":64");
   else if (v->nregs > 1)
      strbuf_printf(sb, ":v%u", v->nregs);
}

static void
print_op(struct strbuf *sb, const struct ir_instr *I)
{
   if (I->op == IR_OP_VA) {
      strbuf_puts(sb, "va.");
      ir_print_va_template(sb, I);
   } else {
      strbuf_puts(sb, ir_op_infos[I->op].name);
   }
   if (I->op == IR_OP_ICMP || I->op == IR_OP_CSEL)
      strbuf_printf(sb, ".%s", ir_cmptype_names[I->cmptype]);
   if (I->op == IR_OP_ICMP || I->op == IR_OP_CSEL || I->op == IR_OP_FCMP)
      strbuf_printf(sb, ".%s", ir_cond_names[I->cond]);
   if (I->op == IR_OP_ICMP || I->op == IR_OP_FCMP)
      strbuf_printf(sb, ".%s", ir_boolfmt_names[I->boolfmt]);
   if (I->clamp && I->op != IR_OP_VA) /* a template prints its own */
      strbuf_printf(sb, ".%s", ir_clamp_names[I->clamp]);
   if (I->flags & IR_INSTR_PRECISE)
      strbuf_puts(sb, ".precise");
   if (I->flags & IR_INSTR_FINE)
      strbuf_puts(sb, ".fine");
   if (I->flags & IR_INSTR_TIED)
      strbuf_puts(sb, ".tied");
   if (I->flags & IR_INSTR_BRANCH_IF_ZERO)
      strbuf_puts(sb, ".ifzero");
}

void
ir_print_instr(struct strbuf *sb, const struct ir_shader *s,
               const struct ir_instr *I)
{
   if (s->allocated && ir_print_allocated(sb, s, I))
      return;
   if (I->ndst) {
      print_def(sb, s, I->dst);
      strbuf_puts(sb, " = ");
   }
   print_op(sb, I);
   ir_foreach_src(I, i) {
      strbuf_puts(sb, i ? ", " : " ");
      if (I->op == IR_OP_PHI && I->block && i < I->block->preds.len)
         strbuf_printf(sb, "b%u:", I->block->preds.data[i]->index);
      ir_print_ref(sb, s, I->src[i]);
   }
   if (I->op == IR_OP_VA)
      ir_print_va_imms(sb, I);
   if (I->imm || I->op == IR_OP_PRELOAD)
      strbuf_printf(sb, " imm=%u", I->imm);
}

void
ir_print_shader(struct strbuf *sb, const struct ir_shader *s)
{
   strbuf_printf(sb, "shader %s\n", ir_stage_names[s->stage]);
   ir_foreach_block(s, b) {
      strbuf_printf(sb, "b%u", b->index);
      if (b->loop_header)
         strbuf_puts(sb, " loop");
      if (b->succ[0] || b->succ[1])
         strbuf_puts(sb, " ->");
      for (unsigned i = 0; i < 2; i++) {
         if (b->succ[i])
            strbuf_printf(sb, " b%u", b->succ[i]->index);
      }
      strbuf_putc(sb, '\n');
      ir_foreach_instr(b, I) {
         strbuf_puts(sb, "  ");
         ir_print_instr(sb, s, I);
         strbuf_putc(sb, '\n');
      }
   }
}
