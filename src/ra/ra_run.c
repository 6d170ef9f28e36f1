/* SPDX-License-Identifier: MIT */
/*
 * The allocation policy: how many registers, which ones, and when to
 * spill.  The colouring itself is ra_allocate.c, the spilling ra_spill.c.
 *
 * 1. The budget is the caller's limit, at most the hardware's 64.
 * 2. A shader that fits in 32 registers without spilling takes the 32 of
 *    full occupancy (r0-r15, r48-r63: twice the threads of a 64-register
 *    one; valhall-encoding.md, "The machine"), when the budget allows 64.
 * 3. Otherwise, when the pressure is over the budget, each reader of a
 *    constant first gets its own copy (ra_remat.c): a constant that
 *    legalisation shared to save instructions is cheaper to make again
 *    than to spill.  Then values are spilled down to the target and
 *    coloured from the allowed set; alignment can leave the colouring
 *    short of the pressure bound, so each failure lowers the target by
 *    one.
 * 4. A forced limit N below 32 (for testing spilling) allows the first N
 *    registers of the full-occupancy set outside r56-r63, and r56-r63
 *    (where the preloaded registers are anyway, and where values can live
 *    across a blend shader call).
 * 5. The preload mask (what the driver must fill) is every PRELOAD's
 *    register.
 *
 * Requires: legalized IR without critical edges (ra_split_critical_edges).
 * Ensures:  allocated IR (ra_allocate), the register counts and the preload
 *           mask in `out`.
 * Invalidates: liveness, SSA form.
 */
#include "ra.h"

static unsigned
budget(unsigned max_registers)
{
   return max_registers && max_registers < RA_MAX_REGISTERS
             ? max_registers
             : RA_MAX_REGISTERS;
}

/* Rule 4. */
static uint64_t
forced_set(unsigned n)
{
   const uint64_t top = 0xffull << 56;
   uint64_t set = top;
   for (unsigned r = 0; r < 64 && n; r++) {
      if (((RA_REGS_32 & ~top) >> r) & 1) {
         set |= 1ull << r;
         n--;
      }
   }
   return set;
}

unsigned
ra_register_count(unsigned max_registers)
{
   unsigned limit = budget(max_registers);
   return limit >= 64   ? 64
          : limit >= 32 ? 32
                        : (unsigned)__builtin_popcountll(forced_set(limit));
}

/* Rule 2. */
static bool
full_occupancy(struct ir_shader *s, const struct ra_hooks *hooks,
               struct ra_outcome *out, const struct ra_liveness *live)
{
   /* No pressure count first: colouring fails without touching the IR
    * when the values do not fit, and most shaders fit. */
   if (!ra_allocate_live(s, RA_REGS_32, &out->registers, live))
      return false;
   out->work_registers = 32;
   hooks->after(hooks->ctx, s, "ra_allocate", true);
   return true;
}

/* Rules 3 and 1.  Until something changes the IR (rematerialisation, a
 * spill: the hooks after them release `live`), the pressure count and
 * the colourings share one liveness: a shader over 32 registers computed
 * it four times on the same IR. */
static void
fit_budget(struct ir_shader *s, unsigned max_registers, uint64_t allowed,
           const struct ra_hooks *hooks, struct ra_outcome *out,
           struct ir_layout *layout, const struct ra_liveness *live)
{
   unsigned count = ra_register_count(max_registers);
   if (ra_max_pressure_live(s, live) > count) {
      live = NULL;
      hooks->after(hooks->ctx, s, "ra_rematerialize_constants",
                   ra_rematerialize_constants(s));
   }
   for (unsigned target = count;; target--) {
      if (target < count || !live) {
         live = NULL;
         hooks->after(hooks->ctx, s, "ra_spill",
                      ra_spill(s, target, layout));
      } /* else within the budget: ra_spill would measure and stop */
      if (ra_allocate_live(s, allowed, &out->registers, live))
         break;
      if (target <= 4)
         ir_invalid(s, NULL, "no allocation within %u registers",
                    budget(max_registers));
   }
}

void
ra_run(struct ir_shader *s, unsigned max_registers, struct ir_layout *layout,
       const struct ra_hooks *hooks, struct ra_outcome *out)
{
   unsigned limit = budget(max_registers);
   ir_foreach_instr(s->first_block, I) {
      if (I->op == IR_OP_PRELOAD)
         out->preload_mask |= 1ull << I->imm;
   }
   const uint64_t allowed = limit >= 64   ? RA_REGS_64
                      : limit >= 32 ? RA_REGS_32
                                    : forced_set(limit);
   /* In the scratch arena, which the hooks release: it serves until the
    * first step that changes the IR, which calls them. */
   struct ra_liveness live;
   ir_compute_dominance(s);
   ra_compute_liveness(s, &live);
   if (limit >= 64 && full_occupancy(s, hooks, out, &live))
      return;
   fit_budget(s, max_registers, allowed, hooks, out, layout, &live);
   out->work_registers = limit >= 64 ? 64 : 32;
   hooks->after(hooks->ctx, s, "ra_allocate", true);
}
