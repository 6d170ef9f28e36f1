/* SPDX-License-Identifier: MIT */
/*
 * Dependency slots and flow control (valhall-encoding.md, "Dependency
 * slots and flow: what the scheduler must guarantee").
 *
 * 1. Every message instruction gets a slot 0-2, in turn, so that waits on
 *    one do not wait for the others.
 * 2. An instruction that reads or overwrites a register a pending message
 *    writes, or overwrites a register a pending message still reads,
 *    waits on that message's slot first.
 * 3. Nothing is pending across a block boundary: a block ends by waiting
 *    on what it left pending (simple and correct on every path; a later
 *    pass may move waits).
 * 4. The instruction just before ATEST waits on slots 0, 1, 2 and 6
 *    (wait0126); the one before BLEND or ZS_EMIT waits on everything
 *    (`wait`, which also drains earlier blends on slot 7).  ATEST's
 *    coverage result is ordered before the BLEND or ZS_EMIT that reads it
 *    by the hardware, as Mesa's code relies on.  BARRIER carries `wait`
 *    itself.
 * 5. A conditional branch carries `reconverge`, and so does the last
 *    instruction of a block that continues into the target of one
 *    (a join of divergent paths).
 * 6. The last instruction of the program carries `end`.
 * 7. One instruction has one flow: where a wait meets another flow, a NOP
 *    in front of the instruction takes the wait.
 *
 * Requires: allocated IR with complete Valhall templates (ra_allocate).
 * Ensures:  slots and flow on every instruction as above.
 * Invalidates: nothing.
 */
#include "sched.h"

#include <string.h>

#include "emit/va.h"

enum {
   WAIT_ATEST = 6, /* ATEST's coverage */
   WAIT_TILE = 7,  /* blends and barriers */
   SPECIAL_NONE = 0,
   SPECIAL_RECONVERGE,
   SPECIAL_END,
};

struct flow {
   uint16_t wait;     /* slots to wait on before the instruction */
   uint16_t pre_wait; /* slots the previous instruction must wait on */
   uint8_t special;
};

struct pending {
   uint64_t written[8], read[8];
};

static bool
is_message(const struct ir_instr *I)
{
   return I->va && va_form(I->va->op)->message &&
          I->va->op != VA_OP_BRANCHZ && I->va->op != VA_OP_BRANCHZI &&
          I->va->op != VA_OP_NOP;
}

static enum va_flow
flow_of_mask(unsigned m)
{
   if (m & (1u << WAIT_TILE))
      return VA_FLOW_WAIT;
   if (m & (1u << WAIT_ATEST))
      return VA_FLOW_WAIT0126;
   static const enum va_flow small[8] = {
      VA_FLOW_NONE,  VA_FLOW_WAIT0,  VA_FLOW_WAIT1,  VA_FLOW_WAIT01,
      VA_FLOW_WAIT2, VA_FLOW_WAIT02, VA_FLOW_WAIT12, VA_FLOW_WAIT012,
   };
   return small[m & 7];
}

static struct ir_instr *
nop_before(struct ir_shader *s, struct ir_instr *I, struct ir_block *b)
{
   struct ir_instr *N = ir_instr_create(s, IR_OP_VA, 0);
   N->va_op = VA_OP_NOP;
   N->va = ARENA_NEW(s->arena, struct va_instr);
   va_instr_init(N->va, VA_OP_NOP);
   if (I)
      ir_instr_insert_before(I, N);
   else
      ir_instr_append(b, N);
   N->pass_data = UINT32_MAX; /* no entry in flows[]: its flow is set */
   return N;
}

/* Does `I` leave something pending on a slot?  Not ATEST: its coverage
 * goes to BLEND and ZS_EMIT, which the hardware orders after it (Mesa's
 * code reads it with no wait). */
static bool
issues_slot(const struct ir_instr *I)
{
   return is_message(I) && I->va->op != VA_OP_ATEST &&
          va_form_mod(va_form(I->va->op), VA_MOD_SLOT);
}

/* Rule 2: waits, and slots for messages. */
static void
track(struct ir_instr *I, struct flow *f, struct pending *p, unsigned *next)
{
   uint64_t r, w;
   va_instr_registers(I->va, &r, &w);
   for (unsigned k = 0; k < 8; k++) {
      if (((r | w) & p->written[k]) || (w & p->read[k]))
         f->wait |= (uint16_t)(1u << k);
   }
   for (unsigned k = 0; k < 8; k++) {
      if (f->wait & (1u << k))
         p->written[k] = p->read[k] = 0;
   }
   if (!issues_slot(I))
      return;
   /* Slot 7 is for BARRIER only (valhall-isa.xml, `Slot`). */
   unsigned slot = I->va->op == VA_OP_BARRIER ? 7 : *next;
   if (I->va->op != VA_OP_BARRIER)
      *next = (*next + 1) % 3;
   va_set_mod(I->va, VA_MOD_SLOT, (int)slot);
   p->written[slot] |= w;
   p->read[slot] |= r;
}

static unsigned
pending_mask(const struct pending *p)
{
   unsigned m = 0;
   for (unsigned k = 0; k < 8; k++) {
      if (p->written[k] | p->read[k])
         m |= 1u << k;
   }
   return m;
}

/* Does a conditional branch go to `b`? */
static bool
divergent_target(const struct ir_block *b)
{
   for (size_t i = 0; i < b->preds.len; i++) {
      const struct ir_block *p = b->preds.data[i];
      if (p->succ[1])
         return true;
   }
   return false;
}

static void
analyse_block(struct ir_shader *s, struct ir_block *b, struct flow *flows,
              unsigned *next_slot)
{
   struct pending p;
   memset(&p, 0, sizeof(p));
   ir_foreach_instr(b, I) {
      struct flow *f = &flows[I->pass_data];
      switch (I->va->op) {
      case VA_OP_ATEST:
         f->pre_wait |= 0x7 | (1u << WAIT_ATEST);
         break;
      case VA_OP_BLEND:
      case VA_OP_ZS_EMIT: f->pre_wait |= 0xff; break;
      case VA_OP_BARRIER: f->wait |= 0xff; break;
      default: break;
      }
      /* What the previous instruction waits on is drained here. */
      for (unsigned k = 0; k < 8; k++) {
         if (f->pre_wait & (1u << k))
            p.written[k] = p.read[k] = 0;
      }
      track(I, f, &p, next_slot);
      if (I->op == IR_OP_BRANCH)
         f->special = SPECIAL_RECONVERGE;
   }
   /* Rule 3: drain what is left before leaving the block (`end` waits
    * for everything by itself). */
   unsigned left = pending_mask(&p);
   struct ir_instr *term = ir_block_terminator(b);
   if (left && b->succ[0])
      nop_before(s, term, b)->va->flow = flow_of_mask(left);
   struct ir_instr *last = b->last;
   bool joins = b->succ[0] && !b->succ[1] && divergent_target(b->succ[0]);
   if (joins && last && last->pass_data != UINT32_MAX)
      flows[last->pass_data].special = SPECIAL_RECONVERGE;
   else if (joins)
      nop_before(s, NULL, b)->va->flow = VA_FLOW_RECONVERGE;
}

/* Rules 4 and 7: place waits and specials, with NOPs where they meet. */
static void
apply_block(struct ir_shader *s, struct ir_block *b, struct flow *flows)
{
   ir_foreach_instr_safe(b, I) {
      if (I->pass_data == UINT32_MAX)
         continue;
      struct flow *f = &flows[I->pass_data];
      if (f->pre_wait) {
         /* A wait acts before its instruction: a message just issued by
          * the previous instruction would slip past it, so a NOP after
          * the message takes the wait instead. */
         struct ir_instr *prev = I->prev;
         if (prev && prev->pass_data != UINT32_MAX &&
             flows[prev->pass_data].special == SPECIAL_NONE &&
             !issues_slot(prev))
            prev->va->flow = flow_of_mask(flows[prev->pass_data].wait |
                                          f->pre_wait);
         else
            nop_before(s, I, b)->va->flow = flow_of_mask(f->pre_wait);
      }
      if (f->wait && f->special) {
         nop_before(s, I, b)->va->flow = flow_of_mask(f->wait);
         f->wait = 0;
      }
      if (f->special == SPECIAL_RECONVERGE)
         I->va->flow = VA_FLOW_RECONVERGE;
      else if (f->wait)
         I->va->flow = flow_of_mask(f->wait);
   }
}

/* Rule 6: `end` on the last instruction of every block that leaves the
 * program. */
static void
mark_end(struct ir_shader *s, struct ir_block *b)
{
   if (b->succ[0])
      return;
   struct ir_instr *last = b->last;
   if (!last || last->va->flow != VA_FLOW_NONE ||
       last->va->op == VA_OP_BRANCHZ)
      last = nop_before(s, NULL, b);
   last->va->flow = VA_FLOW_END;
}

bool
sched_insert_flow(struct ir_shader *s)
{
   uint32_t n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         I->pass_data = n++;
   }
   struct flow *flows = ARENA_ARRAY(s->arena, struct flow, n + 1);
   unsigned next_slot = 0;
   ir_foreach_block(s, b)
      analyse_block(s, b, flows, &next_slot);
   ir_foreach_block(s, b)
      apply_block(s, b, flows);
   ir_foreach_block(s, b)
      mark_end(s, b);
   return true;
}
