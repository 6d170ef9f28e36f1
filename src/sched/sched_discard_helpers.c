/* SPDX-License-Identifier: MIT */
/*
 * Helper invocations of a fragment shader end as soon as nothing needs
 * them (valhall-encoding.md: "a fragment shader may set `discard` once
 * helper invocations are no longer needed"), so that their lanes stop
 * using the units.
 *
 * 1. Helpers are needed by instructions whose result depends on other
 *    lanes of the quad: CLPER (derivatives) and texturing with an
 *    implicit LOD (computed, or computed with a bias).
 * 2. Helpers are live at the start of a block that needs them or that
 *    reaches one that does (a backward fixed point).
 * 3. In a block where helpers are live but no successor needs them, the
 *    last instruction needing them gets `discard` after it.
 * 4. Where helpers die along an edge (a block no helper need reaches,
 *    entered from a block where they are live), the block starts by
 *    discarding them; the edge has a block of its own, as critical edges
 *    are split, so that block has one predecessor.  The entry block
 *    starts so too when nothing needs helpers at all.
 * 5. An instruction that already has flow hands it to a NOP right after
 *    it and takes `discard`: a wait then acts one NOP later, which reads
 *    nothing, and still right before the instruction that needed it (as
 *    ATEST's wait0126 must be), and `reconverge` stays last.
 *
 * Requires: flow inserted (sched_insert_flow).
 * Ensures:  `discard` where helpers die, in fragment shaders.
 * Invalidates: nothing.
 */
#include "sched.h"

#include "emit/va.h"

static bool
needs_helpers(const struct ir_instr *I)
{
   if (!I->va)
      return false;
   const struct va_form *f = va_form(I->va->op);
   if (I->va->op == VA_OP_CLPER_I32 || I->va->op == VA_OP_CLPER_V2U16 ||
       I->va->op == VA_OP_CLPER_V4U8)
      return true;
   if (!va_form_mod(f, VA_MOD_LOD_MODE))
      return false;
   int lod = I->va->mod[VA_MOD_LOD_MODE];
   return lod == VA_LOD_MODE_COMPUTED || lod == VA_LOD_MODE_COMPUTED_BIAS;
}

static struct ir_instr *
nop(struct ir_shader *s, enum va_flow flow)
{
   struct ir_instr *N = ir_instr_create(s, IR_OP_VA, 0);
   N->va_op = VA_OP_NOP;
   N->va = ARENA_NEW(s->arena, struct va_instr);
   va_instr_init(N->va, VA_OP_NOP);
   N->va->flow = flow;
   return N;
}

/* Rule 5. */
static void
discard_after(struct ir_shader *s, struct ir_instr *I)
{
   enum va_flow had = I->va->flow;
   if (had == VA_FLOW_END)
      return; /* everything ends anyway */
   I->va->flow = VA_FLOW_DISCARD;
   if (had != VA_FLOW_NONE)
      ir_instr_insert_after(I, nop(s, had));
}

/* Rule 4: `discard` before anything else in `b`. */
static void
discard_at_start(struct ir_shader *s, struct ir_block *b)
{
   struct ir_instr *first = b->first;
   if (first && first->va && first->va->flow == VA_FLOW_NONE &&
       !needs_helpers(first) && first->op != IR_OP_BRANCH &&
       first->op != IR_OP_JUMP) {
      first->va->flow = VA_FLOW_DISCARD; /* one instruction of helpers */
      return;
   }
   struct ir_instr *N = nop(s, VA_FLOW_DISCARD);
   if (first)
      ir_instr_insert_before(first, N);
   else
      ir_instr_append(b, N);
}

bool
sched_discard_helpers(struct ir_shader *s)
{
   if (s->stage != IR_STAGE_FRAGMENT)
      return false;
   ir_renumber_blocks(s);
   bool *needs = ARENA_ARRAY(s->arena, bool, s->block_count + 1);
   bool *live = ARENA_ARRAY(s->arena, bool, s->block_count + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         needs[b->index] |= needs_helpers(I);
   }
   /* Rule 2. */
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block_rev(s, b) {
         bool l = needs[b->index];
         for (unsigned i = 0; i < 2; i++)
            l |= b->succ[i] && live[b->succ[i]->index];
         changed |= l != live[b->index];
         live[b->index] = l;
      }
   }
   bool progress = false;
   ir_foreach_block(s, b) {
      bool later = false;
      for (unsigned i = 0; i < 2; i++)
         later |= b->succ[i] && live[b->succ[i]->index];
      if (needs[b->index] && !later) {
         struct ir_instr *last = NULL;
         ir_foreach_instr(b, I) {
            if (needs_helpers(I))
               last = I;
         }
         discard_after(s, last);
         progress = true;
         continue;
      }
      if (live[b->index])
         continue;
      bool entered_live = b->preds.len == 1 && live[b->preds.data[0]->index];
      if (entered_live || (b == s->first_block && !b->preds.len)) {
         discard_at_start(s, b);
         progress = true;
      }
   }
   return progress;
}
