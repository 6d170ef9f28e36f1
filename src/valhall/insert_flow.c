/* SPDX-License-Identifier: MIT */
/*
 * Dependency slots and flow control (valhall-encoding.md, "Dependency
 * slots and flow: what the scheduler must guarantee"; the finer points as
 * Mesa's flow pass has them, proven on hardware).
 *
 * An instruction's flow acts after it: `wait0` on an instruction holds
 * the next one until slot 0 is drained (Mesa's binaries read a load's
 * result right after `LD_VAR.slot0.wait0`), and `reconverge` and `end`
 * likewise follow their instruction.
 *
 * What must be waited for (rules 2, 3 and 5) is defined once, in
 * src/emit/va_deps.h, which the validator checks programs against.
 *
 * 1. Every message instruction gets a slot 0-2, one that nothing is
 *    pending on if possible (then a wait on one does not wait for the
 *    others).  ATEST's coverage is pending on slot 6, BARRIER uses slot 7.
 * 2. Before an instruction reads or overwrites a register a pending
 *    message writes, the slot is waited on (va_deps_hazards; overwriting
 *    a register a pending message only reads needs no wait).
 * 3. Memory and varyings as va_deps_hazards has them; besides, a block
 *    drains its varying loads before it ends (threads of a quad on two
 *    paths would otherwise race on the hidden varying state).
 * 4. What else is pending flows across blocks: a block starts with the
 *    union of what its predecessors leave pending (to a fixed point around
 *    loops), so waits sit right before the first instruction needing them.
 * 5. Before ATEST, ZS_EMIT, BLEND and BARRIER the slots of
 *    va_deps_drain_before are drained (wait0126, wait, wait012); ATEST
 *    itself waits on slot 0 and BARRIER carries `wait`.
 * 6. A conditional branch carries `reconverge`, and so does the last
 *    instruction of a block whose successor has several predecessors (the
 *    threads of different paths meet there).
 * 7. The last instruction of the program carries `end`.
 * 6, 7: the blend shader's return address after a BLEND is the start of
 *    the call va_blend_tail completes: `reconverge` and `end` go on the
 *    BLEND (va_last_before_tail), where they were before the call.
 * 8. A wait goes on the instruction before the one that needs it; where
 *    that one already has `reconverge` or `end`, or the instruction starts
 *    its block, a NOP in front carries the wait.
 *
 * Requires: allocated IR (ra_allocate).
 * Ensures:  slots (template modifiers) and flow (ir_instr.flow) on every
 *           instruction as above.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include <string.h>

#include "emit/va.h"
#include "emit/va_deps.h"

enum {
   NO_SLOT = 0xff,
   SPECIAL_NONE = 0,
   SPECIAL_RECONVERGE,
   SPECIAL_END,
};

struct flow {
   uint16_t pre_wait; /* slots drained before the instruction */
   uint16_t wait;     /* slots drained after it (ATEST, BARRIER) */
   uint8_t slot;      /* for messages, chosen once */
   uint8_t special;
};

struct flow_pass {
   struct ir_shader *s;
   struct flow *flows; /* by instruction number */
   struct va_deps *in; /* by block index */
   uint8_t *end_wait;  /* by block index: varying slots drained at end */
   unsigned next_slot; /* round robin among 0-2 */
};

static bool
has_slot(const struct va_instr *v)
{
   return va_is_message(v) &&
          (v->op == VA_OP_ATEST || va_form_mod(va_form(v->op), VA_MOD_SLOT));
}

static enum va_flow
flow_of_mask(unsigned m)
{
   if (m & (1u << VA_SLOT_TILE))
      return VA_FLOW_WAIT;
   if (m & (1u << VA_SLOT_ATEST))
      return VA_FLOW_WAIT0126;
   static const enum va_flow small[8] = {
      VA_FLOW_NONE,  VA_FLOW_WAIT0,  VA_FLOW_WAIT1,  VA_FLOW_WAIT01,
      VA_FLOW_WAIT2, VA_FLOW_WAIT02, VA_FLOW_WAIT12, VA_FLOW_WAIT012,
   };
   return small[m & 7];
}

/* Rule 1: a free slot from the round robin position on, else that one. */
static unsigned
pick_slot(struct flow_pass *fp, const struct va_deps *p)
{
   unsigned k = fp->next_slot;
   for (unsigned i = 0; i < 3; i++) {
      if (!va_deps_pending(p, (k + i) % 3)) {
         k = (k + i) % 3;
         break;
      }
   }
   fp->next_slot = (k + 1) % 3;
   return k;
}

/* One instruction on the pending state. */
static void
step(struct flow_pass *fp, struct ir_instr *I, struct va_deps *p)
{
   struct flow *f = &fp->flows[I->pass_data];
   struct va_instr va, *v = &va;
   ir_va_instr(fp->s, I, v);
   unsigned need = va_deps_hazards(p, v, NULL) | va_deps_drain_before(v->op);
   f->pre_wait |= (uint16_t)need;
   va_deps_drain(p, need);
   if (!has_slot(v))
      return;
   if (f->slot == NO_SLOT) {
      f->slot = v->op == VA_OP_ATEST     ? VA_SLOT_ATEST
                : v->op == VA_OP_BARRIER ? VA_SLOT_TILE
                                             : (uint8_t)pick_slot(fp, p);
      if (va_form_mod(va_form(v->op), VA_MOD_SLOT)) {
         va_set_mod(I->va, VA_MOD_SLOT, f->slot);
         va_set_mod(v, VA_MOD_SLOT, f->slot);
      }
   }
   va_deps_issue(p, v, f->slot);
   if (v->op == VA_OP_ATEST)
      f->wait |= 1u << 0;
   if (v->op == VA_OP_BARRIER)
      f->wait = 0xff;
   va_deps_drain(p, f->wait);
}

/* Rule 4: pending state into every block, to a fixed point. */
static void
analyse(struct flow_pass *fp)
{
   struct ir_shader *s = fp->s;
   VEC(struct ir_block *) work = {0};
   bool *queued = ARENA_ARRAY(s->scratch, bool, s->block_count + 1);
   for (struct ir_block *b = s->last_block; b; b = b->prev) {
      *VEC_PUSH(s->scratch, &work) = b;
      queued[b->index] = true;
   }
   while (work.len) {
      struct ir_block *b = work.data[--work.len];
      queued[b->index] = false;
      struct va_deps p = fp->in[b->index];
      ir_foreach_instr(b, I)
         step(fp, I, &p);
      if (b->succ[0]) {
         fp->end_wait[b->index] |= p.varying;
         va_deps_drain(&p, p.varying);
      }
      for (unsigned i = 0; i < 2; i++) {
         struct ir_block *succ = b->succ[i];
         if (succ && va_deps_merge(&fp->in[succ->index], &p) &&
             !queued[succ->index]) {
            *VEC_PUSH(s->scratch, &work) = succ;
            queued[succ->index] = true;
         }
      }
   }
}

static struct ir_instr *
nop_before(struct ir_shader *s, struct ir_instr *I, struct ir_block *b)
{
   struct ir_instr *N = ir_va_create(s, VA_OP_NOP, 0, NULL);
   if (I)
      ir_instr_insert_before(I, N);
   else
      ir_instr_append(b, N);
   N->pass_data = UINT32_MAX; /* no entry in flows[]: its flow is set */
   return N;
}

/* Rule 3: the varying loads a block leaves are drained before its
 * branch, on the instruction before it or a NOP. */
static void
place_end_wait(struct flow_pass *fp, struct ir_block *b)
{
   unsigned wait = fp->end_wait[b->index];
   if (!wait)
      return;
   struct ir_instr *term = ir_block_terminator(b);
   struct ir_instr *before = term ? term->prev : b->last;
   if (before && before->pass_data != UINT32_MAX)
      fp->flows[before->pass_data].wait |= (uint16_t)wait;
   else
      nop_before(fp->s, term, b)->flow = flow_of_mask(wait);
}

/* Rule 6. */
static void
mark_reconverge(struct flow_pass *fp, struct ir_block *b)
{
   bool meets = false;
   for (unsigned i = 0; i < 2; i++)
      meets |= b->succ[i] && b->succ[i]->preds.len > 1;
   /* A BRANCH ends its block (ir_validate): no walk to find it. */
   struct ir_instr *term = ir_block_terminator(b);
   if (term && term->op == IR_OP_BRANCH)
      fp->flows[term->pass_data].special = SPECIAL_RECONVERGE;
   if (!meets)
      return;
   struct ir_instr *last = va_last_before_tail(b);
   if (last && last->pass_data != UINT32_MAX &&
       !fp->flows[last->pass_data].wait)
      fp->flows[last->pass_data].special = SPECIAL_RECONVERGE;
   else
      nop_before(fp->s, NULL, b)->flow = VA_FLOW_RECONVERGE;
}

/* I's flow from its entry, final once the instruction after it has put
 * its waits there. */
static void
set_flow(struct flow_pass *fp, struct ir_instr *I)
{
   const struct flow *f = &fp->flows[I->pass_data];
   if (f->special && f->wait)
      ir_invalid(fp->s, I, "a wait and reconverge on one instruction");
   if (f->special == SPECIAL_RECONVERGE)
      I->flow = VA_FLOW_RECONVERGE;
   else if (f->wait)
      I->flow = flow_of_mask(f->wait);
}

/* Rule 8: waits on the instruction before, or on a NOP.  One walk: an
 * instruction's flow is set when the next one has had its say. */
static void
apply_block(struct flow_pass *fp, struct ir_block *b)
{
   struct ir_instr *unset = NULL; /* the last one with an entry */
   ir_foreach_instr_safe(b, I) {
      if (I->pass_data == UINT32_MAX)
         continue;
      struct flow *f = &fp->flows[I->pass_data];
      if (f->pre_wait) {
         struct ir_instr *prev = I->prev;
         struct flow *pf = prev && prev->pass_data != UINT32_MAX
                              ? &fp->flows[prev->pass_data]
                              : NULL;
         if (pf && pf->special == SPECIAL_NONE)
            pf->wait |= f->pre_wait;
         else
            nop_before(fp->s, I, b)->flow = flow_of_mask(f->pre_wait);
      }
      if (unset)
         set_flow(fp, unset);
      unset = I;
   }
   if (unset)
      set_flow(fp, unset);
}

/* Rule 7: `end` on the last instruction of every block that leaves the
 * program. */
static void
mark_end(struct ir_shader *s, struct ir_block *b)
{
   if (b->succ[0])
      return;
   /* A wait after the last instruction would hold nothing back. */
   /* BARRIER must keep its own wait flow (valhall-encoding.md), so
    * the end goes on a NOP after it. */
   struct ir_instr *last = va_last_before_tail(b);
   if (!last || last->flow == VA_FLOW_RECONVERGE ||
       ir_va_op(last) == VA_OP_BRANCHZ || ir_va_op(last) == VA_OP_BARRIER)
      last = nop_before(s, NULL, b);
   last->flow = VA_FLOW_END;
}

bool
va_insert_flow(struct ir_shader *s)
{
   ir_renumber_blocks(s);
   uint32_t n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         I->pass_data = n++;
   }
   struct flow_pass fp = {.s = s};
   fp.flows = ARENA_ARRAY(s->scratch, struct flow, n + 1);
   for (uint32_t i = 0; i < n; i++)
      fp.flows[i].slot = NO_SLOT;
   fp.in = ARENA_ARRAY(s->scratch, struct va_deps, s->block_count + 1);
   fp.end_wait = ARENA_ARRAY(s->scratch, uint8_t, s->block_count + 1);
   analyse(&fp);
   ir_foreach_block(s, b)
      place_end_wait(&fp, b);
   ir_foreach_block(s, b)
      mark_reconverge(&fp, b);
   ir_foreach_block(s, b)
      apply_block(&fp, b);
   ir_foreach_block(s, b)
      mark_end(s, b);
   return true;
}
