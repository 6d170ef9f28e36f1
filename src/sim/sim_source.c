/* SPDX-License-Identifier: MIT */
/*
 * Reading operands.
 *
 * 1. A source byte names a register, a FAU uniform word, an entry of the
 *    hardware immediate table or a special FAU value
 *    (spec/valhall-encoding.md, "Source byte").  A 64-bit source reads a
 *    register pair (named by its even register), a whole 64-bit FAU slot,
 *    or both words of a special value; an immediate-table entry is
 *    zero-extended.
 * 2. Uniform words exist only up to the layout's push count: reading
 *    past it is a fault (the driver uploaded nothing there).
 * 3. Swizzle-like fields are decoded to va_swz tokens by the ISA layer;
 *    sim_swizzles says what each token selects, so that every ALU form
 *    interprets them through one table.
 */
#include "sim_internal.h"

/* Token -> selector.  Letters give, in order, the half or byte that
 * feeds each lane of the result ("b20": lane 0 from byte 2, lane 1 from
 * byte 0). */
const struct sim_swz sim_swizzles[VA_SWZ_COUNT] = {
    [VA_SWZ_NONE] = {SIM_SWZ_IDENTITY, {0}},
    [VA_SWZ_H0] = {SIM_SWZ_HALF, {0}},
    [VA_SWZ_H1] = {SIM_SWZ_HALF, {1}},
    [VA_SWZ_B0] = {SIM_SWZ_BYTE, {0}},
    [VA_SWZ_B1] = {SIM_SWZ_BYTE, {1}},
    [VA_SWZ_B2] = {SIM_SWZ_BYTE, {2}},
    [VA_SWZ_B3] = {SIM_SWZ_BYTE, {3}},
    [VA_SWZ_W0] = {SIM_SWZ_WORD, {0}},
    [VA_SWZ_H00] = {SIM_SWZ_HALVES, {0, 0}},
    [VA_SWZ_H10] = {SIM_SWZ_HALVES, {1, 0}},
    [VA_SWZ_H01] = {SIM_SWZ_HALVES, {0, 1}},
    [VA_SWZ_H11] = {SIM_SWZ_HALVES, {1, 1}},
    [VA_SWZ_B00] = {SIM_SWZ_BYTES2, {0, 0}},
    [VA_SWZ_B01] = {SIM_SWZ_BYTES2, {0, 1}},
    [VA_SWZ_B02] = {SIM_SWZ_BYTES2, {0, 2}},
    [VA_SWZ_B03] = {SIM_SWZ_BYTES2, {0, 3}},
    [VA_SWZ_B10] = {SIM_SWZ_BYTES2, {1, 0}},
    [VA_SWZ_B11] = {SIM_SWZ_BYTES2, {1, 1}},
    [VA_SWZ_B12] = {SIM_SWZ_BYTES2, {1, 2}},
    [VA_SWZ_B13] = {SIM_SWZ_BYTES2, {1, 3}},
    [VA_SWZ_B20] = {SIM_SWZ_BYTES2, {2, 0}},
    [VA_SWZ_B21] = {SIM_SWZ_BYTES2, {2, 1}},
    [VA_SWZ_B22] = {SIM_SWZ_BYTES2, {2, 2}},
    [VA_SWZ_B23] = {SIM_SWZ_BYTES2, {2, 3}},
    [VA_SWZ_B30] = {SIM_SWZ_BYTES2, {3, 0}},
    [VA_SWZ_B31] = {SIM_SWZ_BYTES2, {3, 1}},
    [VA_SWZ_B32] = {SIM_SWZ_BYTES2, {3, 2}},
    [VA_SWZ_B33] = {SIM_SWZ_BYTES2, {3, 3}},
    [VA_SWZ_B0123] = {SIM_SWZ_BYTES4, {0, 1, 2, 3}},
    [VA_SWZ_B3210] = {SIM_SWZ_BYTES4, {3, 2, 1, 0}},
    [VA_SWZ_B0101] = {SIM_SWZ_BYTES4, {0, 1, 0, 1}},
    [VA_SWZ_B2323] = {SIM_SWZ_BYTES4, {2, 3, 2, 3}},
    [VA_SWZ_B0000] = {SIM_SWZ_BYTES4, {0, 0, 0, 0}},
    [VA_SWZ_B1111] = {SIM_SWZ_BYTES4, {1, 1, 1, 1}},
    [VA_SWZ_B2222] = {SIM_SWZ_BYTES4, {2, 2, 2, 2}},
    [VA_SWZ_B3333] = {SIM_SWZ_BYTES4, {3, 3, 3, 3}},
    [VA_SWZ_B2301] = {SIM_SWZ_BYTES4, {2, 3, 0, 1}},
    [VA_SWZ_B1032] = {SIM_SWZ_BYTES4, {1, 0, 3, 2}},
    [VA_SWZ_B0011] = {SIM_SWZ_BYTES4, {0, 0, 1, 1}},
    [VA_SWZ_B2233] = {SIM_SWZ_BYTES4, {2, 2, 3, 3}},
    [VA_SWZ_AND] = {SIM_SWZ_COMBINE, {0}},
    [VA_SWZ_LOWBITS] = {SIM_SWZ_COMBINE, {1}},
};

static bool
reads_pair(const struct va_instr *I, unsigned i)
{
   return va_src_reads_pair(va_form(I->op), i, &I->src[i]);
}

static bool
check_source(struct sim_warp *w, unsigned i)
{
   const struct va_src *s = &w->I->src[i];
   bool pair = reads_pair(w->I, i);
   uint64_t v;
   switch (s->kind) {
   case VA_SRC_KIND_REG:
      if (pair && (s->value & 1))
         return sim_fail(w, SIM_ERROR_DECODE,
                         "source %u: a 64-bit value in r%u, an odd register", i,
                         s->value);
      return true;
   case VA_SRC_KIND_UNIFORM: {
      unsigned last = pair ? (s->value | 1u) : s->value;
      if (last >= w->layout->push_count)
         return sim_fail(w, SIM_ERROR_FAULT,
                         "source %u reads uniform u%u, but the layout "
                         "pushes only %u words",
                         i, last, w->layout->push_count);
      return true;
   }
   case VA_SRC_KIND_SPECIAL:
      if (pair && s->word)
         return sim_fail(w, SIM_ERROR_DECODE,
                         "source %u: a 64-bit read of %s.w1", i,
                         va_specials[s->value].name);
      if (!sim_special_value(w, (enum va_special)s->value, 0, &v))
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "special FAU value %s is not modelled",
                         va_specials[s->value].name);
      return true;
   default: return true;
   }
}

bool
sim_check_sources(struct sim_warp *w)
{
   const struct va_form *f = va_form(w->I->op);
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (!check_source(w, i))
         return false;
   }
   return true;
}

uint64_t
sim_src_raw(const struct sim_warp *w, unsigned lane, unsigned i)
{
   const struct va_src *s = &w->I->src[i];
   bool pair = reads_pair(w->I, i);
   uint64_t v = 0;
   switch (s->kind) {
   case VA_SRC_KIND_REG:
      v = w->reg[lane][s->value];
      if (pair)
         v |= (uint64_t)w->reg[lane][(s->value + 1) % SIM_REGS] << 32;
      return v;
   case VA_SRC_KIND_UNIFORM:
      if (pair) {
         unsigned lo = s->value & ~1u;
         return w->push[lo] | (uint64_t)w->push[lo + 1] << 32;
      }
      return w->push[s->value];
   case VA_SRC_KIND_IMM: return va_imm_table[s->value & 31];
   case VA_SRC_KIND_SPECIAL:
      sim_special_value(w, (enum va_special)s->value, lane, &v);
      if (pair)
         return v;
      return s->word ? v >> 32 : (uint32_t)v;
   default: return 0;
   }
}
