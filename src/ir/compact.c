/* SPDX-License-Identifier: MIT */
/*
 * Compaction: copies the program's blocks, in layout order, and its
 * instructions, in program order, each with its sources beside it, to a
 * fresh instruction arena, and their Valhall templates, in the same
 * order, to a fresh template arena, and frees the old ones whole.
 *
 * Why: a removed instruction stays in memory until its arena goes, and
 * new ones land at the arena's end.  Translation of a big shader makes up
 * to six times the instructions its first clean-up keeps (an address per
 * component that CSE merges, phis DCE removes); if-conversion's selects,
 * selection's templates and the scheduler's order land far from their
 * neighbours.  Every pass walks the whole program, and a walk through
 * scattered memory missed the caches on nearly every instruction: time
 * per instruction grew with the shader's size.  Copied, the program is
 * one forward stream, its templates another (most walks never read a
 * template), and the memory of what was removed is reused.
 *
 * 1. Only when at least IR_COMPACT_MIN instructions were made since the
 *    last copy (a smaller program fits the caches anyway), and either at
 *    most half of them are in the program or an eighth of the program's
 *    instructions sit away from the one before them, from their sources
 *    or their template from the template before it (IR_COMPACT_NEAR
 *    bytes).
 * 2. Nothing but the memory changes: the program, its values, blocks and
 *    every field of every instruction are the same (after allocation
 *    the values have no definitions left: their `def` becomes NULL; the
 *    kept operands, ir_va_bound, are dropped and built again; the
 *    dominator tree is dropped: every pass that asks for it computes
 *    it first).
 * 3. Each copy is one block of memory (arena_reserve with the bytes it
 *    takes): in chunks that grow from 64 KiB, the walks of a big
 *    shader crossed small pages and chunk ends every few instructions
 *    (10-15% of a 30,000-instruction compile).
 * 4. The blocks are copied too, into one array in layout order with
 *    their predecessor lists after it: made over the whole compile, they
 *    lay scattered among the values and lists, and every walk of the
 *    block list waited on each `next` (copied, a loops shader of
 *    100,000 instructions, a block in every four, compiled 17% faster).
 * 5. A copy of IR_PREFETCH_MIN_BYTES or more is big: its walks prefetch
 *    (ir.h, ir_foreach_instr), and a page of zeros follows it, for the
 *    prefetches of its last instructions; a smaller one is not.
 *
 * Requires: nothing outside the IR points at a block, an instruction,
 *           its sources or template (no pass is running: the pipeline
 *           calls it between passes).
 * Ensures:  blocks contiguous in layout order, instructions in program
 *           order, templates too.
 * Invalidates: dominance (returns false: no pass has new work).
 */
#include <string.h>

#include "emit/va.h"
#include "ir.h"
#include "ir_va_slot.h"

enum { IR_COMPACT_MIN = 2048, IR_COMPACT_NEAR = 1024 };

static bool
near(const void *a, const void *b)
{
   uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
   return (x > y ? x - y : y - x) <= IR_COMPACT_NEAR;
}

/* The bytes a copy takes in each arena (rule 3). */
struct copy_bytes {
   size_t instrs, templates;
   uint32_t blocks, preds; /* blocks in the layout, their predecessors */
};

/* Rule 1; the bytes of the copy go to *bytes. */
static bool
worth_copying(const struct ir_shader *s, struct copy_bytes *bytes)
{
   if (s->instrs_made < IR_COMPACT_MIN)
      return false;
   uint32_t live = 0, scattered = 0;
   const struct ir_instr *last = NULL;
   const struct va_settings *last_va = NULL;
   *bytes = (struct copy_bytes){0};
   ir_foreach_block(s, b) {
      bytes->blocks++;
      bytes->preds += (uint32_t)b->preds.len;
      ir_foreach_instr(b, I) {
         live++;
         bytes->instrs +=
            arena_rounded(sizeof(*I)) +
            (I->nsrc ? arena_rounded(I->nsrc * sizeof(*I->src)) : 0);
         bytes->templates +=
            I->va ? arena_rounded(sizeof(struct ir_va_slot)) : 0;
         scattered += (last && !near(last, I)) ||
                      (I->nsrc && !near(I, I->src)) ||
                      (I->va && last_va && !near(last_va, I->va));
         last = I;
         last_va = I->va ? I->va : last_va;
      }
   }
   bytes->instrs +=
      arena_rounded(bytes->blocks * sizeof(struct ir_block)) +
      arena_rounded(bytes->preds * sizeof(struct ir_block *));
   return live <= s->instrs_made / 2 || scattered > live / 8;
}

/* Copies of the blocks, in layout order, in one array, their predecessor
 * lists in one more after it (rule 4); the copies' first and last still
 * name the old instructions. */
static void
copy_blocks(struct ir_shader *s, const struct copy_bytes *bytes)
{
   uint32_t count = bytes->blocks, i = 0;
   struct ir_block *copy = ARENA_ARRAY(s->instrs, struct ir_block, count);
   struct ir_block **pred =
      bytes->preds
         ? ARENA_ARRAY(s->instrs, struct ir_block *, bytes->preds)
         : NULL;
   ir_foreach_block(s, b)
      b->pass_data = i++;
   i = 0;
   ir_foreach_block(s, b) {
      struct ir_block *N = &copy[i];
      *N = *b;
      N->prev = i ? &copy[i - 1] : NULL;
      N->next = i + 1 < count ? &copy[i + 1] : NULL;
      for (unsigned k = 0; k < 2; k++)
         N->succ[k] = b->succ[k] ? &copy[b->succ[k]->pass_data] : NULL;
      N->preds.data = pred;
      N->preds.cap = N->preds.len;
      for (size_t k = 0; k < b->preds.len; k++)
         *pred++ = &copy[b->preds.data[k]->pass_data];
      N->idom = NULL;
      N->rpo_index = UINT32_MAX;
      N->ahead = s->ahead;
      i++;
   }
   s->first_block = count ? &copy[0] : NULL;
   s->last_block = count ? &copy[count - 1] : NULL;
}

/* A copy of I in s's (new) instruction arena, its sources right after
 * it, its template at the end of the (new) template arena. */
static struct ir_instr *
copy_instr(struct ir_shader *s, const struct ir_instr *I)
{
   struct ir_instr *N = ARENA_NEW(s->instrs, struct ir_instr);
   *N = *I;
   if (I->nsrc) {
      N->src = ARENA_ARRAY(s->instrs, struct ir_ref, I->nsrc);
      memcpy(N->src, I->src, I->nsrc * sizeof(*I->src));
   }
   if (I->va)
      N->va = ir_va_template(s, I->va_op, I->va);
   return N;
}

bool
ir_compact(struct ir_shader *s)
{
   struct copy_bytes bytes;
   if (!worth_copying(s, &bytes))
      return false;
   struct arena *old = s->instrs, *old_templates = s->templates;
   s->instrs = arena_scratch(s->arena);
   s->templates = arena_scratch(s->arena);
   s->ahead = bytes.instrs >= IR_PREFETCH_MIN_BYTES; /* rule 5 */
   arena_reserve(s->instrs,
                 bytes.instrs + (s->ahead ? IR_PREFETCH_BYTES : 0));
   arena_reserve(s->templates, bytes.templates);
   copy_blocks(s, &bytes);
   uint32_t live = 0;
   ir_foreach_block(s, b) {
      struct ir_instr *last = NULL;
      ir_foreach_instr_safe(b, I) {
         struct ir_instr *N = copy_instr(s, I);
         N->block = b;
         N->prev = last;
         N->next = NULL;
         if (last)
            last->next = N;
         else
            b->first = N;
         if (N->dst.kind == IR_REF_VALUE &&
             ir_value(s, N->dst.index)->def == I)
            s->values.data[N->dst.index].def = N;
         last = N;
         live++;
      }
      b->last = last;
   }
   /* Rule 5: the prefetches of the last instructions land in memory
    * that is there. */
   if (s->ahead)
      arena_zalloc(s->instrs, IR_PREFETCH_BYTES);
   /* After allocation the operands are registers and the values are
    * gone: their definitions are cleared, not left in freed memory. */
   if (s->allocated) {
      for (size_t v = 0; v < s->values.len; v++)
         s->values.data[v].def = NULL;
   }
   /* When validating, what kept a pointer into the old copy reads a
    * pattern and fails. */
   old->poison = old_templates->poison = s->checks;
   arena_release(old, (struct arena_mark){0});
   if (old_templates != old)
      arena_release(old_templates, (struct arena_mark){0});
   s->instrs_made = live;
   return false;
}
