/* SPDX-License-Identifier: MIT */
/*
 * Dependency slots: the rules of va_deps.h, shared by the flow pass and
 * the validator so that the two cannot disagree.
 */
#include "va_deps.h"

unsigned
va_deps_hazards(const struct va_deps *d, const struct va_instr *I,
                enum va_hazard *why)
{
   /* Nothing pending, nothing to wait for (often: ALU runs between the
    * messages), without decoding the instruction. */
   uint64_t written = 0;
   unsigned pending_mem = 0;
   for (unsigned k = 0; k < 8; k++) {
      written |= d->written[k];
      pending_mem |= d->mem[k];
   }
   if (why)
      *why = VA_HAZARD_NONE;
   if (!written && !pending_mem && !d->varying)
      return 0;
   uint64_t r, w;
   va_instr_registers(I, &r, &w);
   unsigned mem = va_is_message(I) ? va_memory_effects(I) : 0;
   /* Most instructions between a message and its wait touch none of
    * what is pending: found from the unions, without a look per slot. */
   bool writes_varying = d->varying && va_writes_varying_state(I);
   if (!((r | w) & written) && !((mem & VA_MEM_WRITE) && pending_mem) &&
       !((mem & VA_MEM_READ) && (pending_mem & VA_MEM_WRITE)) &&
       !writes_varying)
      return 0;
   unsigned reg = 0, mw = 0, mr = 0, vary = 0;
   for (unsigned k = 0; k < 8; k++) {
      if ((r | w) & d->written[k])
         reg |= 1u << k;
      if ((mem & VA_MEM_WRITE) && d->mem[k])
         mw |= 1u << k;
      if ((mem & VA_MEM_READ) && (d->mem[k] & VA_MEM_WRITE))
         mr |= 1u << k;
   }
   if (writes_varying)
      vary = d->varying;
   if (why) {
      *why = reg    ? VA_HAZARD_REGISTER
             : mw   ? VA_HAZARD_MEM_WRITE
             : mr   ? VA_HAZARD_MEM_READ
             : vary ? VA_HAZARD_VARYING
                    : VA_HAZARD_NONE;
   }
   return reg | mw | mr | vary;
}

unsigned
va_deps_drain_before(enum va_op op)
{
   switch (op) {
   case VA_OP_ATEST:
   case VA_OP_ZS_EMIT: return 0x7 | (1u << VA_SLOT_ATEST);
   case VA_OP_BLEND: return 0xff;
   case VA_OP_BARRIER: return 0x7;
   default: return 0;
   }
}

void
va_deps_describe(const struct va_instr *I, struct va_deps_issued *out)
{
   uint64_t r;
   va_instr_registers(I, &r, &out->written);
   out->staged = va_instr_staging_reads(I);
   out->mem = (uint8_t)(va_is_message(I) ? va_memory_effects(I) : 0);
   out->varying = va_is_varying_load(I);
}

void
va_deps_issue(struct va_deps *d, const struct va_instr *I, unsigned slot)
{
   struct va_deps_issued what;
   va_deps_describe(I, &what);
   va_deps_record(d, &what, slot);
}

bool
va_deps_pending(const struct va_deps *d, unsigned k)
{
   return d->written[k] || d->mem[k] || (d->varying & (1u << k));
}

bool
va_deps_merge(struct va_deps *into, const struct va_deps *from)
{
   bool changed = false;
   for (unsigned k = 0; k < 8; k++) {
      uint64_t w = into->written[k] | from->written[k];
      uint64_t s = into->staged[k] | from->staged[k];
      uint8_t m = into->mem[k] | from->mem[k];
      changed |= w != into->written[k] || s != into->staged[k] ||
                 m != into->mem[k];
      into->written[k] = w;
      into->staged[k] = s;
      into->mem[k] = m;
   }
   uint8_t v = into->varying | from->varying;
   changed |= v != into->varying;
   into->varying = v;
   return changed;
}
