/* SPDX-License-Identifier: MIT */
/*
 * The scheduling rules of spec/valhall-encoding.md ("Dependency slots and
 * flow"), checked as the program runs.  A scoreboard remembers, per lane
 * and register, the dependency slots of messages still in flight.
 *
 * 1. A message that writes registers names a slot; reading or
 *    overwriting those registers before a wait on that slot is a hazard.
 *    A wait is a flow bit, and acts after its instruction: the
 *    instruction that issues a message may itself wait for it (Mesa's
 *    LD_VAR_BUF_IMM...wait0 is followed by a read of the result).
 *    ATEST's result counts as slot 6 (wait0126 and wait drain it).
 * 2. Staging registers a message reads may be read by the hardware until
 *    it completes: marking one last-use (^) before the wait is a hazard.
 *    Overwriting one is not (Mesa's own code overwrites the data
 *    registers of a pending STORE, and the hardware runs it).
 * 3. The instruction before ATEST waits on slots 0, 1, 2 and 6 (wait0126
 *    or wait); the one before BLEND on slots 6 and 7 as well (wait);
 *    BARRIER uses slot 7, carries `wait` and needs every live lane.
 * 4. Memory: a store that overlaps a lane's own load or store still in
 *    flight (write-after-read, write-after-write) is a hazard until a
 *    wait on that access's slot.  Other lanes' accesses are not ordered
 *    by slots (that is BARRIER's job) and are not checked.
 * 5. A register read after its last use (^) and before being written
 *    again is reported too: the hardware may have dropped its value.  A
 *    message's destination counts as written in a discarded lane, which
 *    skips the message.
 * Waits are warp-wide, as in the hardware: a wait clears its slots for
 * every lane.
 *
 * These rules are written here a second time on purpose.  The compiler's
 * flow pass and validator share one definition (src/emit/va_deps.h); the
 * simulator judges the compiler, so it keeps a model of its own, written
 * from the specification and checked per lane as the program runs: a
 * mistake in the shared definition shows up here instead of being
 * repeated.
 */
#include "sim_internal.h"

static const uint8_t flow_waits[16] = {
    [VA_FLOW_WAIT0] = 0x01,   [VA_FLOW_WAIT1] = 0x02,
    [VA_FLOW_WAIT01] = 0x03,  [VA_FLOW_WAIT2] = 0x04,
    [VA_FLOW_WAIT02] = 0x05,  [VA_FLOW_WAIT12] = 0x06,
    [VA_FLOW_WAIT012] = 0x07, [VA_FLOW_WAIT0126] = 0x47,
    [VA_FLOW_WAIT] = 0xC7,
};

uint8_t
sim_flow_wait_mask(unsigned flow)
{
   return flow_waits[flow & 15];
}

static uint64_t
reg_range(unsigned base, unsigned count)
{
   uint64_t m = 0;
   for (unsigned i = 0; i < count; i++)
      m |= (uint64_t)1 << ((base + i) % SIM_REGS);
   return m;
}

static unsigned
src_regs(const struct va_instr *I, unsigned i)
{
   return va_src_reads_pair(va_form(I->op), i, &I->src[i]) ? 2 : 1;
}

static uint64_t
regs_read(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (I->src[i].kind == VA_SRC_KIND_REG)
         m |= reg_range(I->src[i].value, src_regs(I, i));
   }
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (I->staging[i].read)
         m |= reg_range(I->staging[i].reg, I->staging[i].count);
   }
   return m;
}

static uint64_t
regs_written(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   if (f->nr_dests)
      m |= reg_range(I->dest.reg, f->size == 64 ? 2 : 1);
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (I->staging[i].write)
         m |= reg_range(I->staging[i].reg, I->staging[i].count);
   }
   return m;
}

static uint64_t
regs_discarded(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (I->src[i].kind == VA_SRC_KIND_REG && I->src[i].discard)
         m |= reg_range(I->src[i].value, src_regs(I, i));
   }
   return m;
}

static unsigned
first_slot(uint8_t mask)
{
   return (unsigned)__builtin_ctz(mask);
}

/* Rule 3. */
static bool
check_order(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   uint8_t before = w->has_prev ? sim_flow_wait_mask(w->prev_flow) : 0;
   if (I->op == VA_OP_ATEST && (before & 0x47) != 0x47)
      return sim_fail(w, SIM_ERROR_HAZARD,
                      "the instruction before ATEST must wait on slots 0, "
                      "1, 2 and 6 (wait0126)");
   if (I->op == VA_OP_BLEND && (before & 0xC7) != 0xC7)
      return sim_fail(w, SIM_ERROR_HAZARD,
                      "the instruction before BLEND must wait on every "
                      "slot, 6 and 7 included (wait)");
   if (I->op == VA_OP_BARRIER) {
      if (I->flow != VA_FLOW_WAIT || I->mod[VA_MOD_SLOT] != 7)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "BARRIER must use slot 7 and carry `wait`");
      if (w->active != w->alive) {
         sim_fail(w, SIM_ERROR_HAZARD,
                  "BARRIER reached by lanes 0x%04x of 0x%04x", w->active,
                  w->alive);
         w->status->barrier_lanes = w->alive;
         return false;
      }
   }
   return true;
}

/* Rules 1, 2 and 5 for one lane. */
static bool
check_lane(struct sim_warp *w, unsigned l, uint64_t rd, uint64_t wr,
           uint64_t disc)
{
   /* Only the registers the instruction touches can break a rule: in
    * ascending order, so the first report is the lowest register's. */
   for (uint64_t left = rd | wr | disc; left; left &= left - 1) {
      unsigned r = (unsigned)__builtin_ctzll(left);
      uint64_t bit = (uint64_t)1 << r;
      uint8_t p = w->pend_write[l][r];
      if ((rd & bit) && p)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "r%u (lane %u) is read before a wait on slot %u "
                         "for the message at %u",
                         r, l, first_slot(p), w->pend_pc[l][r]);
      if ((wr & bit) && p)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "r%u (lane %u) is overwritten before a wait on "
                         "slot %u for the message at %u",
                         r, l, first_slot(p), w->pend_pc[l][r]);
      if ((disc & bit) && w->pend_read[l][r])
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "r%u (lane %u) is marked last-use while the "
                         "message at %u (slot %u) may still read it",
                         r, l, w->pend_pc[l][r],
                         first_slot(w->pend_read[l][r]));
      if ((rd & bit) && (w->dead[l] & bit))
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "r%u (lane %u) is read after its last use (^)", r, l);
   }
   return true;
}

bool
sim_hazard_before(struct sim_warp *w)
{
   if (!check_order(w))
      return false;
   uint64_t rd = regs_read(w->I), wr = regs_written(w->I);
   uint64_t disc = regs_discarded(w->I);
   sim_foreach_lane (w->active, l) {
      if (!check_lane(w, l, rd, wr, disc))
         return false;
   }
   return true;
}

static void
record_message(struct sim_warp *w, int slot)
{
   const struct va_instr *I = w->I;
   const struct va_form *f = va_form(I->op);
   uint8_t bit = (uint8_t)(1u << slot);
   sim_foreach_lane (w->active, l) {
      for (unsigned i = 0; i < f->nr_staging; i++) {
         const struct va_staging *st = &I->staging[i];
         for (unsigned k = 0; k < st->count; k++) {
            unsigned r = (st->reg + k) % SIM_REGS;
            if (st->write)
               w->pend_write[l][r] |= bit;
            if (st->read)
               w->pend_read[l][r] |= bit;
            w->pend_pc[l][r] = (uint32_t)w->cur;
         }
      }
   }
}

static void
apply_waits(struct sim_warp *w, uint8_t mask)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned r = 0; r < SIM_REGS; r++) {
         w->pend_write[l][r] &= (uint8_t)~mask;
         w->pend_read[l][r] &= (uint8_t)~mask;
      }
      unsigned n = 0;
      for (unsigned i = 0; i < w->mem_count[l]; i++) {
         if (!(mask & (1u << w->mem[l][i].slot)))
            w->mem[l][n++] = w->mem[l][i];
      }
      w->mem_count[l] = n;
   }
}

void
sim_hazard_after(struct sim_warp *w)
{
   int slot = sim_message_slot(w->I);
   if (slot >= 0)
      record_message(w, slot);
   uint64_t wr = regs_written(w->I);
   uint64_t disc = regs_discarded(w->I) & ~wr;
   sim_foreach_lane (w->active, l)
      w->dead[l] |= disc;
   /* A discarded lane skips a message's effects, its result included:
    * the destination holds whatever it held, which is no hazard (only
    * the lane's own, discarded, results can read it). */
   sim_foreach_lane (w->active & w->discarded, l)
      w->dead[l] &= ~wr;
   uint8_t mask = sim_flow_wait_mask(w->I->flow);
   if (mask)
      apply_waits(w, mask);
}

bool
sim_hazard_memory(struct sim_warp *w, unsigned lane, uint64_t addr,
                  uint32_t size, bool store)
{
   int slot = sim_message_slot(w->I);
   struct sim_mem_access *m = w->mem[lane];
   for (unsigned i = 0; store && i < w->mem_count[lane]; i++) {
      if (addr < m[i].addr + m[i].size && m[i].addr < addr + size)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "the store to 0x%llx (lane %u) overlaps the %s "
                         "of the message at %zu before a wait on slot %u",
                         (unsigned long long)addr, lane,
                         m[i].store ? "store" : "load", m[i].pc, m[i].slot);
   }
   if (slot < 0)
      return true;
   if (w->mem_count[lane] == SIM_MAX_MEM_PENDING) {
      for (unsigned i = 1; i < SIM_MAX_MEM_PENDING; i++)
         m[i - 1] = m[i];
      w->mem_count[lane]--;
   }
   m[w->mem_count[lane]++] = (struct sim_mem_access){.addr = addr,
                                                     .size = size,
                                                     .slot = (uint8_t)slot,
                                                     .store = store,
                                                     .pc = w->cur};
   return true;
}
