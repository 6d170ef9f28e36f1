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

/* What each instruction reads and writes, its staging reads, its flow's
 * waits, its source registers (the first of each, NO_REG for another
 * kind of source, and which sources read a pair) and for a message its
 * slot (else -1) and what it leaves pending there, by instruction
 * number: found once, used by every walk.  Not the whole encoding: a
 * few words per instruction, where 160 bytes missed the caches on big
 * shaders. */
enum { NO_REG = 0xff };

struct src_regs {
   uint8_t first[VA_MAX_SRCS];
   uint8_t pairs; /* bit i: source i reads first[i] and the next */
   uint8_t count; /* sources */
};

struct views {
   uint64_t *read, *written, *staged;
   struct src_regs *srcs;
   uint16_t *waits;
   int8_t *slot;
   struct va_deps_issued *issued;
   /* Block b's instructions are numbers start[b] .. start[b + 1] - 1
    * (numbered in layout order): the dataflow walks read the views
    * alone, a few bytes an instruction, never the instructions. */
   uint32_t *start;
};

static struct views
build_views(struct ir_shader *s)
{
   uint32_t n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         n++;
   }
   /* Not zeroed: every entry is written whole (issued: for messages). */
   struct views v = {
      .read = arena_alloc(s->scratch, (n + 1) * sizeof(uint64_t)),
      .written = arena_alloc(s->scratch, (n + 1) * sizeof(uint64_t)),
      .staged = arena_alloc(s->scratch, (n + 1) * sizeof(uint64_t)),
      .srcs = arena_alloc(s->scratch, (n + 1) * sizeof(struct src_regs)),
      .waits = arena_alloc(s->scratch, (n + 1) * sizeof(uint16_t)),
      .slot = arena_alloc(s->scratch, (n + 1) * sizeof(int8_t)),
      .issued = arena_alloc(s->scratch, (n + 1) * sizeof(*v.issued)),
      .start = arena_alloc(s->scratch, (s->block_count + 1) * sizeof(uint32_t)),
   };
   uint32_t k = 0;
   ir_foreach_block(s, b) {
      v.start[b->index] = k;
      ir_foreach_instr(b, I) {
         struct va_instr vi;
         ir_va_instr(s, I, &vi);
         va_instr_registers(&vi, &v.read[k], &v.written[k]);
         v.staged[k] = va_instr_staging_reads(&vi);
         v.waits[k] = (uint16_t)va_flow_waits(vi.flow);
         const struct va_form *f = va_form(vi.op);
         struct src_regs *sr = &v.srcs[k];
         sr->pairs = 0;
         sr->count = (uint8_t)(f->nr_srcs < I->nsrc ? f->nr_srcs : I->nsrc);
         for (unsigned i = 0; i < sr->count; i++) {
            const struct va_src *src = &vi.src[i];
            bool reg = src->kind == VA_SRC_KIND_REG;
            sr->first[i] = (uint8_t)(reg ? src->value : NO_REG);
            if (reg && va_src_reads_pair(f, i, src))
               sr->pairs |= (uint8_t)(1u << i);
         }
         /* A message on its slot (the form's slot modifier). */
         bool on_slot = va_form_mod(f, VA_MOD_SLOT) &&
                        vi.mod[VA_MOD_SLOT] >= 0;
         v.slot[k] = (int8_t)(on_slot ? vi.mod[VA_MOD_SLOT] : -1);
         if (on_slot)
            va_deps_describe(&vi, &v.issued[k]);
         k++;
      }
   }
   v.start[s->block_count] = k;
   return v;
}

/* Instruction k's message on its slot, then the waits of its flow
 * (va_deps.h keeps what each slot's messages read). */
static void
step_staging(const struct views *v, uint32_t k, struct va_deps *p)
{
   if (v->slot[k] >= 0)
      va_deps_record(p, &v->issued[k], (unsigned)v->slot[k]);
   va_deps_drain(p, v->waits[k]);
}

/* Rule 3: what pending messages may read at each block's start.  A
 * block is walked again only when what reaches it has grown. */
static void
forward(struct ir_shader *s, const struct views *v, struct va_deps *in)
{
   bool *dirty = ARENA_ARRAY(s->scratch, bool, s->block_count + 1);
   memset(dirty, 1, s->block_count + 1);
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block(s, b) {
         if (!dirty[b->index])
            continue;
         dirty[b->index] = false;
         struct va_deps p = in[b->index];
         for (uint32_t k = v->start[b->index]; k < v->start[b->index + 1];
              k++)
            step_staging(v, k, &p);
         for (unsigned i = 0; i < 2; i++) {
            struct ir_block *succ = b->succ[i];
            if (succ && va_deps_merge(&in[succ->index], &p)) {
               dirty[succ->index] = true;
               changed = true;
            }
         }
      }
   }
}

/* Rule 1: registers live at each block's start, from what each block
 * reads before writing (`use`) and writes (`def`), found once. */
static void
backward(struct ir_shader *s, const struct views *v, uint64_t *live_in)
{
   uint64_t *use = ARENA_ARRAY(s->scratch, uint64_t, s->block_count + 1);
   uint64_t *def = ARENA_ARRAY(s->scratch, uint64_t, s->block_count + 1);
   /* Blocks from the last, so that the walk goes back through the
    * program as one stream (each block's own walk is backwards). */
   ir_foreach_block_rev(s, b) {
      uint64_t u = 0, d = 0;
      for (uint32_t k = v->start[b->index + 1]; k-- > v->start[b->index];) {
         u = (u & ~v->written[k]) | v->read[k];
         d |= v->written[k];
      }
      use[b->index] = u;
      def[b->index] = d;
   }
   for (bool changed = true; changed;) {
      changed = false;
      ir_foreach_block_rev(s, b) {
         uint64_t live = 0;
         for (unsigned i = 0; i < 2; i++)
            live |= b->succ[i] ? live_in[b->succ[i]->index] : 0;
         live = use[b->index] | (live & ~def[b->index]);
         changed |= live != live_in[b->index];
         live_in[b->index] = live;
      }
   }
}

/* Rule 2 on one instruction, given what is live after it and what
 * pending messages still read. */
static void
mark(struct ir_instr *I, const struct src_regs *sr, uint64_t live_after,
     uint64_t busy)
{
   uint64_t seen = 0;
   for (unsigned i = sr->count; i-- > 0;) {
      if (sr->first[i] == NO_REG)
         continue;
      unsigned n = (sr->pairs >> i & 1) ? 2 : 1;
      uint64_t regs = ((1ull << n) - 1) << sr->first[i];
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
   struct views v = build_views(s);
   backward(s, &v, live_in);
   forward(s, &v, in);
   bool progress = false;
   ir_foreach_block(s, b) {
      /* Liveness after each instruction, from the block's end back. */
      uint64_t live = 0;
      for (unsigned i = 0; i < 2; i++)
         live |= b->succ[i] ? live_in[b->succ[i]->index] : 0;
      uint32_t first = v.start[b->index], n = v.start[b->index + 1] - first;
      uint64_t *after = arena_alloc(s->scratch, (n + 1) * sizeof(uint64_t));
      for (uint32_t k = n; k-- > 0;) {
         after[k] = live;
         live = (live & ~v.written[first + k]) | v.read[first + k];
      }
      uint32_t at = first; /* I's number */
      struct va_deps p = in[b->index];
      ir_foreach_instr(b, I) {
         /* A register the instruction rewrites is dead to its sources;
          * its own staging reads count as pending. */
         mark(I, &v.srcs[at], after[at - first] & ~v.written[at],
              pending(&p) | v.staged[at]);
         step_staging(&v, at, &p);
         at++;
         progress = true;
      }
   }
   return progress;
}
