/* SPDX-License-Identifier: MIT */
/*
 * Last-use marks (`^r5`, valhall-encoding.md "Source byte"): a source
 * register whose value nothing reads again may be discarded by the
 * hardware, which saves register-file traffic.
 *
 * 1. A register is live where some path reads it before writing it
 *    (backward dataflow over the final code, NOPs and copies included).
 * 2. A source register whose value nothing reads after its instruction
 *    (not live after it, or rewritten by it) is marked, on the last
 *    source that reads it; a register pair only when both registers die.
 *    Staging registers have no mark.
 * 3. Not while a pending message may still read it as a staging register
 *    (valhall-encoding.md): a register a message reads stays unmarked
 *    until a wait on the message's slot on every path (forward dataflow
 *    over va_deps.h's pending state, as in va_insert_flow.c).
 *
 * Requires: flow inserted (va_insert_flow, va_discard_helpers).
 * Ensures:  IR_MOD_LAST on the IR sources as above (the encoded
 *           `discard` bits come from them).
 * Invalidates: nothing.
 */
#include "valhall.h"

#include <string.h>

#include "emit/va.h"
#include "emit/va_deps.h"

/* Registers pending messages may still read as staging registers. */
static uint64_t
pending(const struct va_deps *p)
{
   uint64_t m = 0;
   for (unsigned k = 0; k < 8; k++)
      m |= p->staged[k];
   return m;
}

/* What each instruction encodes as, by instruction number. */
static struct va_instr *
build_views(struct ir_shader *s)
{
   uint32_t n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         I->pass_data = n++;
   }
   /* Not zeroed: ir_va_instr writes every instruction whole. */
   struct va_instr *va =
      arena_alloc(s->scratch, (n + 1) * sizeof(struct va_instr));
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         ir_va_instr(s, I, &va[I->pass_data]);
   }
   return va;
}

/* A message on its slot (the form's slot modifier), then the waits of
 * its flow (va_deps.h keeps what each slot's messages read). */
static void
step_staging(const struct va_instr *v, struct va_deps *p)
{
   if (va_form_mod(va_form(v->op), VA_MOD_SLOT) && v->mod[VA_MOD_SLOT] >= 0)
      va_deps_issue(p, v, (unsigned)v->mod[VA_MOD_SLOT]);
   va_deps_drain(p, va_flow_waits(v->flow));
}

/* Rule 3: what pending messages may read at each block's start. */
static void
forward(struct ir_shader *s, const struct va_instr *va,
        struct va_deps *in)
{
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block(s, b) {
         struct va_deps p = in[b->index];
         ir_foreach_instr(b, I)
            step_staging(&va[I->pass_data], &p);
         for (unsigned i = 0; i < 2; i++) {
            if (b->succ[i])
               changed |= va_deps_merge(&in[b->succ[i]->index], &p);
         }
      }
   }
}

/* Rule 1: registers live at each block's start. */
static void
backward(struct ir_shader *s, const struct va_instr *va, uint64_t *live_in)
{
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block_rev(s, b) {
         uint64_t live = 0;
         for (unsigned i = 0; i < 2; i++)
            live |= b->succ[i] ? live_in[b->succ[i]->index] : 0;
         ir_foreach_instr_rev(b, I) {
            uint64_t r, w;
            va_instr_registers(&va[I->pass_data], &r, &w);
            live = (live & ~w) | r;
         }
         changed |= live != live_in[b->index];
         live_in[b->index] = live;
      }
   }
}

/* Rule 2 on one instruction, given what is live after it and what
 * pending messages still read. */
static void
mark(struct ir_instr *I, const struct va_instr *v, uint64_t live_after,
     uint64_t busy)
{
   const struct va_form *f = va_form(v->op);
   uint64_t seen = 0;
   for (unsigned i = f->nr_srcs; i-- > 0;) {
      const struct va_src *src = &v->src[i];
      if (src->kind != VA_SRC_KIND_REG || i >= I->nsrc)
         continue;
      unsigned n = va_src_reads_pair(f, i, src) ? 2 : 1;
      uint64_t regs = ((1ull << n) - 1) << src->value;
      if (!(regs & (live_after | busy | seen)))
         I->src[i].mods |= IR_MOD_LAST;
      seen |= regs;
   }
}

bool
va_mark_last_use(struct ir_shader *s)
{
   ir_renumber_blocks(s);
   uint64_t *live_in = ARENA_ARRAY(s->scratch, uint64_t, s->block_count + 1);
   struct va_deps *in =
      ARENA_ARRAY(s->scratch, struct va_deps, s->block_count + 1);
   struct va_instr *va = build_views(s);
   backward(s, va, live_in);
   forward(s, va, in);
   bool progress = false;
   ir_foreach_block(s, b) {
      /* Liveness after each instruction, from the block's end back. */
      uint64_t live = 0;
      for (unsigned i = 0; i < 2; i++)
         live |= b->succ[i] ? live_in[b->succ[i]->index] : 0;
      uint32_t n = 0;
      ir_foreach_instr(b, I)
         n++;
      uint64_t *after = ARENA_ARRAY(s->scratch, uint64_t, n + 1);
      uint32_t k = n;
      ir_foreach_instr_rev(b, I) {
         after[--k] = live;
         uint64_t r, w;
         va_instr_registers(&va[I->pass_data], &r, &w);
         live = (live & ~w) | r;
      }
      struct va_deps p = in[b->index];
      ir_foreach_instr(b, I) {
         /* A register the instruction rewrites is dead to its sources;
          * its own staging reads count as pending. */
         const struct va_instr *v = &va[I->pass_data];
         uint64_t r, w;
         va_instr_registers(v, &r, &w);
         mark(I, v, after[k++] & ~w,
              pending(&p) | va_instr_staging_reads(v));
         step_staging(v, &p);
         progress = true;
      }
   }
   return progress;
}
