/* SPDX-License-Identifier: MIT */
/*
 * Emission: the allocated, scheduled IR as instruction words.
 *
 * 1. Blocks keep their layout order, which va_thread_jumps has made
 *    final: every BRANCH and JUMP is one BRANCHZ word aimed at its
 *    succ[0], and everything else falls through to the next block.
 * 2. Branch offsets count instructions from the one after the branch
 *    (valhall-encoding.md, "The word").
 * 3. The blend-shader tail is in the IR already (va_blend_tail).
 * 4. Every word is encoded with va_encode, which refuses anything the
 *    hardware would not run; that refusal is an internal error naming
 *    the instruction.
 * 5. Each IR instruction is one word, so a first walk counts the blocks'
 *    words for the branch offsets without building instructions, and
 *    the cost model's counts (va_stats.c) are summed from the
 *    instructions as they are encoded rather than decoded back.
 *
 * Requires: allocated IR with slots and flow; the branch layout of
 *           va_thread_jumps.
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
   uint64_t *words;
   uint64_t *costs; /* VA_COST_UNITS sums */
   uint32_t pc;
};

static bool
put(struct emitter *e, const struct va_instr *I)
{
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
   uint32_t c[VA_COST_UNITS];
   va_instr_costs(I, c);
   for (unsigned u = 0; u < VA_COST_UNITS; u++)
      e->costs[u] += c[u];
   e->words[e->pc++] = w;
   return true;
}

/* A BRANCHZ to `to`, from the next word on. */
static bool
branch(struct emitter *e, const struct va_instr *tmpl, struct ir_block *to)
{
   struct va_instr I = *tmpl;
   I.imm[VA_IMM_OFFSET] =
      (int64_t)e->start[to->index] - (int64_t)(e->pc + 1);
   return put(e, &I);
}

static bool
emit_block(struct emitter *e, struct ir_block *b)
{
   ir_foreach_instr(b, I) {
      struct va_instr v;
      ir_va_instr(e->s, I, &v);
      bool jump = I->op == IR_OP_BRANCH || I->op == IR_OP_JUMP;
      if (!(jump ? branch(e, &v, b->succ[0]) : put(e, &v)))
         return false;
   }
   struct ir_instr *term = ir_block_terminator(b);
   struct ir_block *falls = term && term->op == IR_OP_BRANCH ? b->succ[1]
                            : term                          ? NULL
                                                            : b->succ[0];
   if (falls && falls != b->next)
      ir_invalid(e->s, term, "b%u falls through to b%u, not the next block "
                 "(va_thread_jumps lays branches out)", b->index,
                 falls->index);
   return true;
}

bool
va_emit_program(struct ir_shader *s, struct arena *arena, uint64_t **words,
                size_t *count, uint64_t costs[VA_COST_UNITS],
                struct tgsiva_diagnostic *d)
{
   struct emitter e = {.s = s, .arena = arena, .d = d, .costs = costs};
   ir_renumber_blocks(s);
   e.start = ARENA_ARRAY(arena, uint32_t, s->block_count + 1);
   ir_foreach_block(s, b) {
      e.start[b->index] = e.pc;
      ir_foreach_instr(b, I)
         e.pc++;
   }
   e.words = ARENA_ARRAY(arena, uint64_t, e.pc + 1);
   memset(costs, 0, VA_COST_UNITS * sizeof(costs[0]));
   e.pc = 0;
   ir_foreach_block(s, b) {
      if (!emit_block(&e, b))
         return false;
   }
   *words = e.words;
   *count = e.pc;
   return true;
}
