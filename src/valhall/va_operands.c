/* SPDX-License-Identifier: MIT */
/*
 * The Valhall instruction an allocated IR instruction stands for.  The IR
 * owns every operand after allocation: registers on its refs (a pair or a
 * staging vector names its register count), last-use marks as
 * IR_MOD_LAST, flow on the instruction; the template keeps only the
 * form's modifiers and immediates.  Emission encodes what this builds;
 * the passes on allocated code read registers through it too, so that
 * they see exactly what the hardware will.
 *
 * 1. Sources 0 .. nr_srcs-1 are the form's sources, in order; the rest
 *    are its staging vectors read, in the form's order.
 * 2. A result goes to the form's destination, or else to its first
 *    staging vector written.
 * 3. BRANCH is BRANCHZ on its condition (.eq when turned around by
 *    va_thread_jumps), JUMP is BRANCHZ.eq 0x0 (0 == 0 always branches).
 * 4. The operands depend on the form and the IR operands alone, and the
 *    passes on allocated code ask for every instruction several times
 *    (flow, last-use marks, emission): each instruction keeps the last
 *    operands built and the IR operands they came from, and they are
 *    used again while those are the same but for last-use marks, which
 *    are read afresh.  Flow, modifiers and immediates always come from
 *    the instruction and its template.
 */
#include "ir/ir.h"
#include "ir/ir_va_slot.h"

#include <string.h>

#include "emit/va.h"

/* Rule 4: what build_operands() built, and from what. */
struct ir_va_bound {
   uint16_t va_op;
   uint8_t nsrc, ndst;
   struct ir_ref dst;
   struct va_dest dest;
   struct va_src src[VA_MAX_SRCS];
   struct va_staging staging[VA_MAX_STAGING];
   struct ir_ref refs[]; /* nsrc, without IR_MOD_LAST */
};

int
ir_va_op(const struct ir_instr *I)
{
   if (I->op == IR_OP_VA)
      return I->va_op;
   if (I->op == IR_OP_BRANCH || I->op == IR_OP_JUMP)
      return VA_OP_BRANCHZ;
   return -1;
}

/* The next staging operand of `f` after `k` that is read (or written). */
static int
next_staging(const struct va_form *f, int k, bool write)
{
   for (unsigned i = (unsigned)(k + 1); i < f->nr_staging; i++) {
      if (write ? f->staging[i].write : f->staging[i].read)
         return (int)i;
   }
   return -1;
}

/* Rule 3. */
static const char *
branch(const struct ir_shader *s, const struct ir_instr *I,
       struct va_instr *out)
{
   va_instr_init(out, VA_OP_BRANCHZ);
   if (I->op == IR_OP_JUMP) {
      va_set_mod(out, VA_MOD_EQ, 1);
      out->src[0] = va_src_imm_table(0);
      return NULL;
   }
   if (I->flags & IR_INSTR_BRANCH_IF_ZERO)
      va_set_mod(out, VA_MOD_EQ, out->mod[VA_MOD_EQ] > 0 ? 0 : 1);
   if (!ir_va_src(s, VA_OP_BRANCHZ, 0, I->src[0], false, &out->src[0]))
      return "branch condition is not a register";
   return NULL;
}

/* Rules 1 and 2.  Out of line: most asks find the kept operands
 * (rule 4), which should not pay for this one's registers. */
__attribute__((noinline)) static const char *
build_operands(const struct ir_shader *s, const struct ir_instr *I,
               struct va_instr *out)
{
   const struct va_form *f = va_form((enum va_op)I->va_op);
   int k = -1;
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (i < f->nr_srcs) {
         if (!ir_va_src(s, I->va_op, i, r, ir_ref_nregs(r) == 2,
                        &out->src[i]))
            return "a source is not encodable";
         continue;
      }
      k = next_staging(f, k, false);
      if (k < 0 || r.kind != IR_REF_REG)
         return "an operand is no staging vector";
      out->staging[k].reg = (uint8_t)r.index;
      out->staging[k].count = (uint8_t)ir_ref_nregs(r);
   }
   if (!I->ndst)
      return NULL;
   if (I->dst.kind != IR_REF_REG)
      return "result without a register";
   if (f->nr_dests) {
      out->dest.reg = (uint8_t)I->dst.index;
      out->dest.mask = VA_DEST_ALL;
      return NULL;
   }
   int w = next_staging(f, -1, true);
   if (w < 0)
      return "result without a destination operand";
   out->staging[w].reg = (uint8_t)I->dst.index;
   out->staging[w].count = (uint8_t)ir_ref_nregs(I->dst);
   return NULL;
}

static struct ir_ref
unmarked(struct ir_ref r)
{
   r.mods &= (uint8_t)~IR_MOD_LAST;
   return r;
}

/* Rule 4: whether I has kept operands and its operands are still those
 * they were built from. */
static bool
still_bound(const struct ir_instr *I)
{
   const struct ir_va_bound *b = *ir_va_bound_of(I);
   if (!b || b->va_op != I->va_op || b->nsrc != I->nsrc || b->ndst != I->ndst ||
       (I->ndst && ir_ref_word(b->dst) != ir_ref_word(I->dst)))
      return false;
   /* The kept refs are unmarked; a source may carry a mark since. */
   const uint64_t mark = ir_ref_word((struct ir_ref){.mods = IR_MOD_LAST});
   for (unsigned i = 0; i < I->nsrc; i++) {
      if ((ir_ref_word(I->src[i]) ^ ir_ref_word(b->refs[i])) & ~mark)
         return false;
   }
   return true;
}

/* A cache, not a change to the instruction: kept beside its template
 * (ir_va_slot), which no caller defines const. */
static void
bind(const struct ir_shader *s, const struct ir_instr *I,
     const struct va_instr *v)
{
   struct ir_va_bound *b = *ir_va_bound_of(I);
   if (!b || b->nsrc != I->nsrc) {
      b = arena_alloc(s->templates, sizeof(*b) + I->nsrc * sizeof(*b->refs));
      *ir_va_bound_of(I) = b;
   }
   b->va_op = I->va_op;
   b->nsrc = I->nsrc;
   b->ndst = I->ndst;
   b->dst = I->ndst ? I->dst : (struct ir_ref){0};
   b->dest = v->dest;
   memcpy(b->src, v->src, sizeof(b->src));
   memcpy(b->staging, v->staging, sizeof(b->staging));
   for (unsigned i = 0; i < I->nsrc; i++)
      b->refs[i] = unmarked(I->src[i]);
}

/* Rule 4: the operands kept in I->bound, last-use marks read afresh. */
static void
kept_operands(const struct ir_instr *I, struct va_instr *out)
{
   const struct ir_va_bound *b = *ir_va_bound_of(I);
   out->dest = b->dest;
   memcpy(out->src, b->src, sizeof(out->src));
   memcpy(out->staging, b->staging, sizeof(out->staging));
   unsigned n = va_form(out->op)->nr_srcs;
   for (unsigned i = 0; i < n && i < I->nsrc; i++)
      out->src[i].discard = out->src[i].kind == VA_SRC_KIND_REG &&
                            (I->src[i].mods & IR_MOD_LAST);
}

/* ir_va_build's body, inline in ir_va_instr: the passes on allocated
 * code ask for every instruction three times, most times for the kept
 * operands, which should not pay for a call more. */
static inline const char *
build(const struct ir_shader *s, const struct ir_instr *I,
      struct va_instr *out)
{
   const char *why = "no Valhall instruction for this operation";
   if (I->op == IR_OP_BRANCH || I->op == IR_OP_JUMP) {
      why = branch(s, I, out);
   } else if (I->op == IR_OP_VA && still_bound(I)) {
      /* Rule 4: the kept operands and the template's modifiers and
       * immediates, every field the encoder reads. */
      va_instr_take_settings(out, I->va);
      out->op = (enum va_op)I->va_op;
      kept_operands(I, out);
      why = NULL;
   } else if (I->op == IR_OP_VA) {
      va_instr_from_settings(out, (enum va_op)I->va_op, I->va);
      why = build_operands(s, I, out);
      if (!why)
         bind(s, I, out);
   }
   out->flow = (enum va_flow)I->flow;
   return why;
}

const char *
ir_va_build(const struct ir_shader *s, const struct ir_instr *I,
            struct va_instr *out)
{
   return build(s, I, out);
}

void
ir_va_instr(struct ir_shader *s, const struct ir_instr *I,
            struct va_instr *out)
{
   const char *why = build(s, I, out);
   if (why)
      ir_invalid(s, I, "%s", why);
}

bool
ir_print_allocated(struct strbuf *sb, const struct ir_shader *s,
                   const struct ir_instr *I)
{
   struct va_instr v;
   if (ir_va_build(s, I, &v))
      return false;
   if (I->op == IR_OP_VA) {
      va_print_instr(sb, &v);
      return true;
   }
   va_print_operands(sb, &v);
   if (I->block && I->block->succ[0])
      strbuf_printf(sb, ", b%u", I->block->succ[0]->index);
   return true;
}
