/* SPDX-License-Identifier: MIT */
/*
 * Compaction: copies the program's instructions, in program order, to
 * fresh arena memory, when most of the instructions made since the last
 * copy are gone.
 *
 * Why: the arena frees nothing, so an instruction removed stays where it
 * was and its neighbours stay apart.  Translation of a big shader makes
 * up to six times the instructions that survive its first clean-up (an
 * address per component that CSE merges, phis DCE removes), and every
 * later pass walked the survivors through memory mostly dead, missing
 * the caches on nearly every instruction: time per instruction grew with
 * the shader's size.  Copied, they are contiguous, in the order passes
 * walk them, each with its sources and template beside it.
 *
 * 1. Only when at least IR_COMPACT_MIN instructions were made since the
 *    last copy (a smaller program fits the caches anyway) and at most
 *    half of them are in the program.
 * 2. Nothing but the memory changes: the program, its values, blocks and
 *    every field of every instruction are the same.  The old copies are
 *    garbage until the compile ends.
 *
 * Requires: nothing outside the IR points at an instruction (no pass is
 *           running: the pipeline calls it between passes).
 * Ensures:  instructions contiguous in program order.
 * Invalidates: nothing (returns false: no pass has new work).
 */
#include <string.h>

#include "emit/va.h"
#include "ir.h"

enum { IR_COMPACT_MIN = 2048 };

static struct ir_instr *
copy_instr(struct ir_shader *s, const struct ir_instr *I)
{
   struct ir_instr *N = ARENA_NEW(s->arena, struct ir_instr);
   *N = *I;
   if (I->nsrc) {
      N->src = ARENA_ARRAY(s->arena, struct ir_ref, I->nsrc);
      memcpy(N->src, I->src, I->nsrc * sizeof(*I->src));
   }
   if (I->va) {
      N->va = ARENA_NEW(s->arena, struct va_instr);
      *N->va = *I->va;
   }
   return N;
}

bool
ir_compact(struct ir_shader *s)
{
   uint32_t live = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         live++;
   }
   if (s->instrs_made < IR_COMPACT_MIN || live > s->instrs_made / 2)
      return false;
   ir_foreach_block(s, b) {
      struct ir_instr *last = NULL;
      for (struct ir_instr *I = b->first, *next; I; I = next) {
         next = I->next;
         struct ir_instr *N = copy_instr(s, I);
         N->prev = last;
         N->next = NULL;
         if (last)
            last->next = N;
         else
            b->first = N;
         if (N->dst.kind == IR_REF_VALUE && ir_value(s, N->dst.index)->def == I)
            s->values.data[N->dst.index].def = N;
         last = N;
      }
      b->last = last;
   }
   s->instrs_made = live;
   return false;
}
