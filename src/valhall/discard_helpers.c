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
 * 3. DISCARD.f32 makes the lanes it kills helpers: they run on until
 *    `discard` and would otherwise run to the end of the shader.  Nothing
 *    they do after the kill is seen (no memory, no output effects), but a
 *    loop whose exit depends on what they cannot do (the result of an
 *    atomic, which helpers skip) never ends for them.  So in a block that
 *    no successor's helper need reaches, `discard` follows the last
 *    instruction that needs helpers or kills lanes.
 * 4. Where helpers die along an edge (a block no helper need reaches,
 *    entered from a block where they are live), the block starts by
 *    discarding them; the edge has a block of its own, as critical edges
 *    are split, so that block has one predecessor.  The entry block
 *    starts so too when nothing needs helpers at all.
 * 5. `discard` goes on the first instruction after that point that has
 *    no flow yet (helpers that live a few instructions longer cost
 *    nothing), not on BLEND, ATEST, ZS_EMIT or the blend shader's return
 *    address (part of the call after a BLEND); a NOP takes it only when
 *    no instruction can (and `reconverge` stays last).
 *
 * Requires: flow inserted (va_insert_flow).
 * Ensures:  `discard` where helpers die, in fragment shaders.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"

static bool
needs_helpers(const struct ir_instr *I)
{
   if (I->op != IR_OP_VA)
      return false;
   const struct va_form *f = va_form((enum va_op)I->va_op);
   if (I->va_op == VA_OP_CLPER_I32 || I->va_op == VA_OP_CLPER_V2U16 ||
       I->va_op == VA_OP_CLPER_V4U8)
      return true;
   if (!va_form_mod(f, VA_MOD_LOD_MODE))
      return false;
   int lod = I->va->mod[VA_MOD_LOD_MODE];
   return lod == VA_LOD_MODE_COMPUTED || lod == VA_LOD_MODE_COMPUTED_BIAS;
}

static struct ir_instr *
nop(struct ir_shader *s, enum va_flow flow)
{
   struct ir_instr *N = ir_va_create(s, VA_OP_NOP, 0, NULL);
   N->flow = flow;
   return N;
}

static bool
kills_lanes(const struct ir_instr *I)
{
   return I->op == IR_OP_VA && I->va_op == VA_OP_DISCARD_F32;
}

/* Can `I` carry `discard` (one flow per instruction)? */
static bool
free_for_discard(const struct ir_instr *I)
{
   return I->op == IR_OP_VA && I->flow == VA_FLOW_NONE &&
          I->va_op != VA_OP_BLEND && I->va_op != VA_OP_ATEST &&
          I->va_op != VA_OP_ZS_EMIT && !(I->flags & IR_INSTR_BLEND_RETURN);
}

/* Rule 5: `discard` on the first instruction after `after` (from the
 * block's start when NULL) that can take it, as helpers that die a few
 * instructions late cost nothing; else on a NOP right after `after`. */
static void
discard_after(struct ir_shader *s, struct ir_block *b, struct ir_instr *after)
{
   for (struct ir_instr *I = after ? after->next : b->first; I;
        I = I->next) {
      if (free_for_discard(I)) {
         I->flow = VA_FLOW_DISCARD;
         return;
      }
      if (I->flow == VA_FLOW_END)
         return; /* everything ends anyway */
   }
   struct ir_instr *N = nop(s, VA_FLOW_DISCARD);
   if (!after) {
      if (b->first)
         ir_instr_insert_before(b->first, N);
      else
         ir_instr_append(b, N);
      return;
   }
   ir_instr_insert_after(after, N);
   if (after->flow == VA_FLOW_RECONVERGE && N == b->last) {
      /* reconverge stays last in its block */
      after->flow = VA_FLOW_NONE;
      ir_instr_insert_after(N, nop(s, VA_FLOW_RECONVERGE));
   }
}

bool
va_discard_helpers(struct ir_shader *s)
{
   if (s->stage != IR_STAGE_FRAGMENT)
      return false;
   ir_renumber_blocks(s);
   bool *needs = ARENA_ARRAY(s->scratch, bool, s->block_count + 1);
   bool *live = ARENA_ARRAY(s->scratch, bool, s->block_count + 1);
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
      struct ir_instr *last = NULL;
      ir_foreach_instr(b, I) {
         if (needs_helpers(I) || kills_lanes(I))
            last = I;
      }
      if (last && !later) {
         /* Rule 3 (this also ends the helpers rule 4 would). */
         discard_after(s, b, last);
         progress = true;
         continue;
      }
      if (live[b->index])
         continue;
      bool entered_live = b->preds.len == 1 && live[b->preds.data[0]->index];
      if (entered_live || (b == s->first_block && !b->preds.len)) {
         discard_after(s, b, NULL);
         progress = true;
      }
   }
   return progress;
}
