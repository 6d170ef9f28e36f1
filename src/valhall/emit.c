/* SPDX-License-Identifier: MIT */
/*
 * Emission: the allocated, scheduled IR as instruction words.
 *
 * 1. Blocks keep their layout order.  A branch goes to succ[0] when its
 *    condition is nonzero; when succ[0] is the next block it goes to
 *    succ[1] on zero instead (.eq); when neither is next, a jump to
 *    succ[1] follows.  A block whose successor is not the next block ends
 *    with a jump (which takes over `reconverge` from the instruction
 *    before it); a jump to the next block disappears (a NOP keeps its
 *    flow).  A block of nothing but a jump that only branches enter is
 *    left out: the branches go straight to its target (a jump that
 *    reconverged hands that to the branch's own jump).
 *    Jumps are BRANCHZ.eq 0x0 (0 == 0 always branches).
 * 2. Branch offsets count instructions from the one after the branch
 *    (valhall-encoding.md, "The word").
 * 3. Every BLEND is followed by the blend-shader tail the driver relies on
 *    (spec/abi.md, "Fragment shaders"): IADD_IMM r48 with the return
 *    address (0 after the last BLEND) and BRANCHZI.eq.absolute to the
 *    blend shader in the descriptor's high word; BLEND's target skips the
 *    tail when no blend shader is bound, the last BLEND ends the shader.
 * 4. Every word is encoded with va_encode, which refuses anything the
 *    hardware would not run; that refusal is an internal error naming
 *    the instruction.
 *
 * Requires: allocated IR with complete templates, slots and flow.
 * Ensures:  the program's words.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include <string.h>

#include "util/diag.h"
#include "emit/va.h"

struct emitter {
   struct ir_shader *s;
   struct arena *arena;
   struct tgsiva_diagnostic *d;
   uint32_t *start; /* per block index: its first word */
   bool *skipped;   /* per block index: a jump only branches go past */
   VEC(uint64_t) words;
   bool sizing; /* first pass: count only */
   uint32_t pc;
};

static bool
put(struct emitter *e, const struct va_instr *I)
{
   if (e->sizing) {
      e->pc++;
      return true;
   }
   uint64_t w;
   struct tgsiva_diagnostic why;
   diag_clear(&why);
   if (!va_encode(I, &w, &why)) {
      struct strbuf sb;
      strbuf_init(&sb, e->arena);
      va_print_instr(&sb, I);
      return diag_error(e->d, TGSIVA_ERROR_INTERNAL,
                        "emission: %s: %s (this is a bug in tgsiva)",
                        why.message, sb.data);
   }
   *VEC_PUSH(e->arena, &e->words) = w;
   e->pc++;
   return true;
}

/* A BRANCHZ to `to`, from the next word on. */
static bool
branch(struct emitter *e, const struct va_instr *tmpl, struct ir_block *to)
{
   struct va_instr I = *tmpl;
   I.imm[VA_IMM_OFFSET] =
      e->sizing ? 0 : (int64_t)e->start[to->index] - (int64_t)(e->pc + 1);
   return put(e, &I);
}

static bool
jump(struct emitter *e, struct ir_block *to, enum va_flow flow)
{
   struct va_instr I;
   va_instr_init(&I, VA_OP_BRANCHZ);
   va_set_mod(&I, VA_MOD_EQ, 1);
   I.src[0] = va_src_imm_table(0);
   I.flow = flow;
   return branch(e, &I, to);
}

static bool
nop(struct emitter *e, enum va_flow flow)
{
   struct va_instr I;
   va_instr_init(&I, VA_OP_NOP);
   I.flow = flow;
   return put(e, &I);
}

/* BLEND, then the tail a blend shader returns through. */
static bool
blend(struct emitter *e, const struct va_instr *tmpl)
{
   struct va_instr B = *tmpl;
   bool last = B.flow == VA_FLOW_END;
   B.imm[VA_IMM_TARGET] = last ? 0 : 2;
   if (!put(e, &B))
      return false;
   unsigned rt = tmpl->src[0].value - VA_SPECIAL_BLEND_DESCRIPTOR_0;
   struct va_instr R;
   va_instr_init(&R, VA_OP_IADD_IMM_I32);
   R.dest.reg = 48;
   R.dest.mask = VA_DEST_ALL;
   R.src[0] = last ? va_src_imm_table(0)
                   : va_src_special(VA_SPECIAL_PROGRAM_COUNTER, 0);
   R.imm[VA_IMM_CONSTANT] = last ? 0 : 8;
   struct va_instr J;
   va_instr_init(&J, VA_OP_BRANCHZI);
   va_set_mod(&J, VA_MOD_EQ, 1);
   va_set_mod(&J, VA_MOD_ABSOLUTE, 1);
   J.src[0] = va_src_imm_table(0);
   J.src[1] = va_src_special(
      (enum va_special)(VA_SPECIAL_BLEND_DESCRIPTOR_0 + rt), 1);
   return put(e, &R) && put(e, &J);
}

/* A block of nothing but a jump (the rest of a split edge), which a
 * branch may go past. */
static bool
only_jump(const struct ir_block *b)
{
   const struct ir_instr *I = b->first;
   return b->succ[0] && b->succ[0] != b && !b->succ[1] && I &&
          I == b->last && I->op == IR_OP_JUMP &&
          (I->va->flow == VA_FLOW_NONE || I->va->flow == VA_FLOW_RECONVERGE);
}

/* Where a branch to `b` lands once past blocks of only a jump; *rc says
 * whether one of those jumps reconverged (the branch's jump must then). */
static struct ir_block *
past_jumps(const struct emitter *e, struct ir_block *b, bool *rc)
{
   *rc = false;
   for (unsigned n = 0; n < 64 && b && e->skipped[b->index]; n++) {
      *rc |= b->first->va->flow == VA_FLOW_RECONVERGE;
      b = b->succ[0];
   }
   return b;
}

static struct ir_block *
next_emitted(const struct emitter *e, const struct ir_block *b)
{
   struct ir_block *n = b->next;
   while (n && e->skipped[n->index])
      n = n->next;
   return n;
}

/* Rule 1: blocks of only a jump that nothing but branches enter are left
 * out; the branches go straight on. */
static void
find_skipped(struct emitter *e)
{
   ir_foreach_block(e->s, b)
      e->skipped[b->index] = only_jump(b) && b != e->s->first_block;
   ir_foreach_block(e->s, b) {
      struct ir_instr *term = ir_block_terminator(b);
      if (term && term->op == IR_OP_BRANCH)
         continue;
      if (b->succ[0])
         e->skipped[b->succ[0]->index] = false;
   }
}

static bool
emit_block(struct emitter *e, struct ir_block *b)
{
   if (e->skipped[b->index])
      return true;
   e->start[b->index] = e->pc;
   struct ir_instr *term = ir_block_terminator(b);
   struct ir_block *next = next_emitted(e, b);
   /* A block that falls off its end into a block further away gets a
    * jump, which then carries the last instruction's `reconverge`. */
   bool moved = !term && b->succ[0] && b->succ[0] != next && b->last &&
                b->last->va->flow == VA_FLOW_RECONVERGE;
   ir_foreach_instr(b, I) {
      if (I == term)
         break;
      struct va_instr copy = *I->va;
      if (moved && I == b->last)
         copy.flow = VA_FLOW_NONE;
      bool ok = copy.op == VA_OP_BLEND ? blend(e, &copy) : put(e, &copy);
      if (!ok)
         return false;
   }
   if (moved)
      return jump(e, b->succ[0], VA_FLOW_RECONVERGE);
   if (term && term->op == IR_OP_BRANCH) {
      bool rc0, rc1;
      struct ir_block *t0 = past_jumps(e, b->succ[0], &rc0);
      struct ir_block *t1 = past_jumps(e, b->succ[1], &rc1);
      /* Keep the two ways apart where both are emitted; a skipped block
       * has no address (a branch to it would go to word 0). */
      if (t0 == t1 && !e->skipped[b->succ[0]->index] &&
          !e->skipped[b->succ[1]->index]) {
         t0 = b->succ[0];
         t1 = b->succ[1];
         rc1 = false;
      }
      if (t0 == next && t1 != next) {
         /* Branch on the opposite condition and fall through. */
         struct va_instr inv = *term->va;
         va_set_mod(&inv, VA_MOD_EQ, inv.mod[VA_MOD_EQ] > 0 ? 0 : 1);
         return branch(e, &inv, t1);
      }
      if (!branch(e, term->va, t0))
         return false;
      if (t1 != next)
         return jump(e, t1, rc1 ? VA_FLOW_RECONVERGE : VA_FLOW_NONE);
      return true;
   }
   enum va_flow flow = term ? term->va->flow : VA_FLOW_NONE;
   if (b->succ[0] && b->succ[0] != next)
      return jump(e, b->succ[0], flow);
   return flow == VA_FLOW_NONE || nop(e, flow);
}

bool
va_emit_program(struct ir_shader *s, struct arena *arena, uint64_t **words,
                size_t *count, struct tgsiva_diagnostic *d)
{
   struct emitter e = {.s = s, .arena = arena, .d = d};
   ir_renumber_blocks(s);
   e.start = ARENA_ARRAY(arena, uint32_t, s->block_count + 1);
   e.skipped = ARENA_ARRAY(arena, bool, s->block_count + 1);
   find_skipped(&e);
   for (int pass = 0; pass < 2; pass++) {
      e.sizing = pass == 0;
      e.pc = 0;
      e.words.len = 0;
      ir_foreach_block(s, b) {
         if (!emit_block(&e, b))
            return false;
      }
   }
   *words = e.words.data;
   *count = e.words.len;
   return true;
}
