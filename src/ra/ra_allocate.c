/* SPDX-License-Identifier: MIT */
/*
 * Register allocation on SSA form, then out of SSA.
 *
 * 1. Values are coloured in reverse post-order, each block starting with
 *    its live-in values in their registers; a value takes the lowest free
 *    registers of the allowed set.  When that leaves some value no room
 *    (a pair or vector finds single registers taken all over), colouring
 *    starts again with each value in the shortest run of free registers
 *    that holds it (best fit); the lowest free register is kept
 *    otherwise, since it is so often the one a dying source frees, where
 *    the result needs no copy.  The caller tries the 32-register set
 *    first (r0-r15 and r48-r63, what a shader at full occupancy may use:
 *    twice the threads of a 64-register one; valhall-encoding.md, "The
 *    machine"), then all 64.
 * 2. Values of two or more registers (64-bit pairs, staging vectors)
 *    start at an even register (valhall-encoding.md, "Staging registers"
 *    and "Source byte").
 * 3. A PRELOAD value stays in the register the hardware filled.
 * 4. Sources that die at an instruction free their registers before its
 *    result is placed: an instruction may write a register it reads.
 *    A register of a 32-bit vector that a Valhall source reads alone
 *    frees when nothing later reads it, even while other registers of
 *    the vector are still read (a LOAD.i128 read one component per
 *    instruction), unless the vector is live out of the block.
 * 5. Phis become parallel copies at the end of each predecessor (critical
 *    edges are split first), COLLECTs parallel copies into the vector;
 *    copies are ordered so that no source is overwritten before it is
 *    read, and a cycle goes through a free register or XOR swaps.
 * 6. A phi result prefers its first source's register, which removes the
 *    copy on that edge whenever the register is free; a value the phi
 *    reads from a later edge (a loop's latch) prefers the phi's.
 * 7. Values live across a BLEND that does not end the shader avoid r0-r15,
 *    which a blend shader may use (Mesa: blend shaders are restricted to
 *    r0-r15); the return address it goes back through is a value fixed
 *    to its register (va_blend_return), which rule 10 keeps free.
 * 8. A value whose last use is as part of a COLLECT goes where that part
 *    of the vector will be: the first part placed plans the vector's
 *    registers (other values avoid them while there is room elsewhere),
 *    the others and the vector follow, and the copies vanish.
 * 9. In fragment shaders the colour of a BLEND is in r0-r3 and the result
 *    of ATEST and ZS_EMIT (the coverage mask) in r60, where a blend
 *    shader reads them; values live across those definitions keep out.
 * 10. A value fixed in the IR (ir_value.reg set before allocation, for a
 *    register an ABI names) takes that register whatever the allowed
 *    set, as rule 9's do, and only what lives across its definition
 *    keeps out: elsewhere the register is free for others.
 *
 * Requires: legalized IR (va_legalize), every block reachable; pressure
 *           within the budget
 *           (ra_spill); no critical edges (ra_split_critical_edges).
 *           Colouring can still fail when alignment fragments the
 *           registers: then nothing changes and the caller spills more.
 * Ensures:  every operand is a register (IR_REF_REG; a 64-bit pair or a
 *           staging vector names its register count); no PHI, COLLECT,
 *           PRELOAD or UNDEF remains; s->allocated.  The Valhall operand
 *           fields are left to ir_va_instr: the IR is their only copy.
 * Invalidates: liveness, SSA form.
 */
#include "ra.h"

#include <string.h>

#include "emit/va.h"
#include "ra_verify.h"

/* A value's place in the vector a COLLECT builds from it, or the phi
 * it flows into from behind (comp PHI_AFFINITY). */
struct affinity {
   uint32_t vector; /* the COLLECT's (or phi's) result, 0: none */
   uint8_t comp;
};

#define PHI_AFFINITY 0xff

struct ra {
   struct ir_shader *s;
   uint64_t allowed; /* registers values may take (preloads excepted) */
   struct ra_liveness live;
   int16_t *reg;            /* per value: first register, -1 if none */
   struct affinity *affinity; /* per value */
   int16_t *fixed;          /* per value: the register it must take, -1 */
   int16_t *planned;        /* per COLLECT result: its base so far, -1 */
   uint32_t reserved[RA_MAX_REGISTERS]; /* vector planned there, 0: none */
   uint64_t reserved_mask;              /* where reserved[] is not 0 */
   uint32_t occupant[RA_MAX_REGISTERS]; /* value in each register, 0: free */
   uint64_t occupied; /* bit r: occupant[r] is not 0 */
   unsigned max_reg;        /* highest register used + 1 */
   bool pack;               /* best fit instead of the lowest registers */
   /* Values dying at each instruction, by its number: entries
    * dying_first[n] .. dying_end[n] - 1 of `dying` (one array: a backward
    * walk fills each instruction's together). */
   VEC(uint32_t) dying;
   uint32_t *dying_end, *dying_first;
   /* Per value, in the walk that finds deaths: which of its registers
    * later instructions read (valid while the value is live there). */
   uint8_t *parts_read;
   uint64_t *forbidden;     /* per value: registers it may not take */
};

/* ---------------------------------------------------------------------
 * Where values die
 */

static unsigned
nregs_of(const struct ra *ra, uint32_t v)
{
   return ir_value(ra->s, v)->nregs;
}

/* A blend shader may run at a BLEND that does not end the shader: it
 * uses r0-r15 (spec/abi.md, "Fragment shaders"), so nothing may live
 * there across it. */
#define BLEND_CLOBBERED 0xffffull
/* ... and reads the colour from r0-r3 and the coverage mask from r60
 * (Mesa's allocator pins them there; every BLEND in its binaries reads
 * r0:r1:r2:r3). */
#define BLEND_COLOUR_REG 0
#define BLEND_COVERAGE_REG 60

static bool
blend_calls_out(const struct ir_instr *I)
{
   if (I->op != IR_OP_VA || I->va_op != VA_OP_BLEND)
      return false;
   for (const struct ir_instr *J = I->next; J; J = J->next) {
      if (J->op == IR_OP_VA && J->va_op == VA_OP_BLEND)
         return true;
   }
   return false;
}

/* Empties `live` after a walk of `b`: what is left was live out or read
 * there (clearing the whole set per block would cost blocks times
 * values). */
static void
clear_block(struct ra_bitset *live, struct ir_block *b,
            const struct ra_valueset *out)
{
   ra_valueset_foreach(out, v)
      ra_bitset_clear(live, v);
   ir_foreach_instr(b, I) {
      ir_foreach_src(I, i) {
         if (I->src[i].kind == IR_REF_VALUE)
            ra_bitset_clear(live, I->src[i].index);
      }
   }
}

/* A death in the list of one register of a vector (rule 4): the value
 * and which of its registers. */
#define PART_DEATH (1u << 31)
#define PART_SHIFT 28
#define PART_VALUE_MASK ((1u << PART_SHIFT) - 1)

/* The registers of its value a source in a Valhall source slot (not a
 * staging operand) reads, as a mask: one for a 32-bit vector, all
 * otherwise. */
static uint8_t
parts_read_by(const struct ra *ra, struct ir_ref r)
{
   const struct ir_value *v = ir_value(ra->s, r.index);
   if (v->nregs < 2 || v->bits == 64 || r.comp >= 8 ||
       r.index > PART_VALUE_MASK)
      return 0xff;
   return (uint8_t)(1u << r.comp);
}

/* Whether v's death is already listed for the instruction whose list
 * starts at `first`. */
static bool
listed_since(const struct ra *ra, uint32_t first, uint32_t v)
{
   for (size_t k = first; k < ra->dying.len; k++) {
      if (ra->dying.data[k] == v)
         return true;
   }
   return false;
}

/* Walking each block backwards from its live-out set, a source not live
 * after its instruction dies there; a result not live after it is dead
 * on arrival (it dies at its own instruction); a register of a vector
 * read alone, and by nothing after, dies where it is read (rule 4).
 * Blocks from the last: the walk goes back through the program as one
 * stream, and no block's answer depends on another's. */
static void
compute_deaths(struct ra *ra)
{
   struct ir_shader *s = ra->s;
   struct ra_bitset live =
      ra_bitset_create(s->scratch, (uint32_t)s->values.len);
   ir_foreach_block_rev(s, b) {
      const struct ra_valueset *out = &ra->live.live_out[b->index];
      ra_valueset_foreach(out, v) {
         ra_bitset_set(&live, v);
         ra->parts_read[v] = 0xff;
      }
      ir_foreach_instr_rev(b, I) {
         uint32_t first = (uint32_t)ra->dying.len;
         ra->dying_first[I->pass_data] = first;
         if (blend_calls_out(I)) {
            ra_bitset_foreach(&live, v)
               ra->forbidden[v] |= BLEND_CLOBBERED;
         }
         /* Rule 9: what lives across a fixed result keeps out of its
          * registers. */
         if (I->ndst && I->dst.kind == IR_REF_VALUE &&
             ra->fixed[I->dst.index] >= 0 && I->op != IR_OP_PRELOAD) {
            uint32_t d = I->dst.index;
            uint64_t m = ((1ull << nregs_of(ra, d)) - 1) << ra->fixed[d];
            ra_bitset_foreach(&live, v) {
               if (v != d)
                  ra->forbidden[v] |= m;
            }
         }
         if (I->ndst && I->dst.kind == IR_REF_VALUE) {
            if (!ra_bitset_test(&live, I->dst.index))
               *VEC_PUSH(s->scratch, &ra->dying) = I->dst.index;
            ra_bitset_clear(&live, I->dst.index);
         }
         if (I->op != IR_OP_PHI) {
            unsigned slots = I->op == IR_OP_VA
                                ? va_form((enum va_op)I->va_op)->nr_srcs
                                : 0;
            ir_foreach_src(I, i) {
               struct ir_ref r = I->src[i];
               if (r.kind != IR_REF_VALUE)
                  continue;
               /* Only what an earlier read (in this backward walk) did
                * not already make whole is looked at. */
               uint8_t *later = &ra->parts_read[r.index];
               if (!ra_bitset_test(&live, r.index)) {
                  ra_bitset_set(&live, r.index);
                  *later = i < slots && r.comp < 8 ? 1u << r.comp : 0xff;
                  *VEC_PUSH(s->scratch, &ra->dying) = r.index;
                  continue;
               }
               if (*later == 0xff)
                  continue;
               uint8_t parts = i < slots ? parts_read_by(ra, r) : 0xff;
               if (parts != 0xff && !(*later & parts) &&
                   !listed_since(ra, first, r.index)) {
                  *VEC_PUSH(s->scratch, &ra->dying) =
                     PART_DEATH | (uint32_t)r.comp << PART_SHIFT | r.index;
               }
               *later |= parts;
            }
         }
         ra->dying_end[I->pass_data] = (uint32_t)ra->dying.len;
      }
      clear_block(&live, b, out);
   }
}

/* Rules 9 and 10: the blend shader's colour registers and the coverage
 * mask's, and the values the IR fixed, that I names. */
static void
note_fixed(struct ra *ra, const struct ir_instr *I)
{
   if (I->ndst && I->dst.kind == IR_REF_VALUE && I->op != IR_OP_PRELOAD &&
       ir_value(ra->s, I->dst.index)->reg >= 0)
      ra->fixed[I->dst.index] = ir_value(ra->s, I->dst.index)->reg;
   if (I->op != IR_OP_VA)
      return;
   if ((I->va_op == VA_OP_ATEST || I->va_op == VA_OP_ZS_EMIT) && I->ndst &&
       I->dst.kind == IR_REF_VALUE)
      ra->fixed[I->dst.index] = BLEND_COVERAGE_REG;
   if (I->va_op != VA_OP_BLEND)
      return;
   const struct va_form *f = va_form(I->va_op);
   for (unsigned i = f->nr_srcs; i < I->nsrc; i++) {
      if (I->src[i].kind == IR_REF_VALUE)
         ra->fixed[I->src[i].index] = BLEND_COLOUR_REG;
   }
}

/* Numbers the instructions (for the lists of values dying at each) and
 * finds the fixed values: one walk for both. */
static void
number_instrs(struct ra *ra)
{
   uint32_t n = 0;
   ir_foreach_block(ra->s, b) {
      ir_foreach_instr(b, I) {
         I->pass_data = n++;
         note_fixed(ra, I);
      }
   }
   ra->dying_first = ARENA_ARRAY(ra->s->scratch, uint32_t, n + 1);
   ra->dying_end = ARENA_ARRAY(ra->s->scratch, uint32_t, n + 1);
   memset(&ra->dying, 0, sizeof(ra->dying));
}

/* Does value v die at instruction I? */
static bool
dies_at(const struct ra *ra, const struct ir_instr *I, uint32_t v)
{
   for (uint32_t k = ra->dying_first[I->pass_data];
        k < ra->dying_end[I->pass_data]; k++) {
      if (ra->dying.data[k] == v)
         return true;
   }
   return false;
}

/* Rule 6: a value a phi reads after its first source (a loop's latch
 * value, defined after the phi in the colouring order) prefers the
 * phi's register, which removes the copy on that edge when it is free
 * there.  A part of a vector keeps that place first (rule 8). */
static void
note_phi_sources(struct ra *ra, const struct ir_instr *phi)
{
   uint32_t d = phi->dst.index;
   for (unsigned i = 1; i < phi->nsrc; i++) {
      struct ir_ref r = phi->src[i];
      if (r.kind != IR_REF_VALUE || r.comp || r.swizzle || r.mods ||
          nregs_of(ra, r.index) != nregs_of(ra, d) ||
          ra->affinity[r.index].vector)
         continue;
      ra->affinity[r.index].vector = d;
      ra->affinity[r.index].comp = PHI_AFFINITY;
   }
}

/* Rule 8: a one-register value whose last use is as a whole part of a
 * COLLECT (of one-register parts) belongs in that vector's register. */
static void
find_affinities(struct ra *ra)
{
   ir_foreach_block(ra->s, b) {
      ir_foreach_instr(b, I) {
         if (I->op == IR_OP_PHI && I->dst.kind == IR_REF_VALUE) {
            note_phi_sources(ra, I);
            continue;
         }
         if (I->op != IR_OP_COLLECT || I->dst.kind != IR_REF_VALUE ||
             nregs_of(ra, I->dst.index) != I->nsrc)
            continue;
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            unsigned n = r.kind == IR_REF_VALUE ? nregs_of(ra, r.index) : 0;
            /* A part, or a vector whose component r.comp is part i:
             * where it lines up with the COLLECT's result. */
            if (!n || r.swizzle || r.comp > i ||
                i - r.comp + n > I->nsrc ||
                (ra->affinity[r.index].vector &&
                 ra->affinity[r.index].comp != PHI_AFFINITY) ||
                !dies_at(ra, I, r.index))
               continue;
            ra->affinity[r.index].vector = I->dst.index;
            ra->affinity[r.index].comp = (uint8_t)(i - r.comp);
         }
      }
   }
}

/* ---------------------------------------------------------------------
 * Colouring
 */

static void
occupy(struct ra *ra, uint32_t v)
{
   for (unsigned i = 0; i < nregs_of(ra, v); i++) {
      ra->occupant[ra->reg[v] + i] = v;
      ra->occupied |= 1ull << (ra->reg[v] + i);
   }
   if ((unsigned)ra->reg[v] + nregs_of(ra, v) > ra->max_reg)
      ra->max_reg = (unsigned)ra->reg[v] + nregs_of(ra, v);
}

/* Register `part` of v, if v still holds it (rule 4). */
static void
release_part(struct ra *ra, uint32_t v, unsigned part)
{
   unsigned reg = (unsigned)ra->reg[v] + part;
   if (ra->reg[v] >= 0 && ra->occupant[reg] == v) {
      ra->occupant[reg] = 0;
      ra->occupied &= ~(1ull << reg);
   }
}

static void
release(struct ra *ra, uint32_t v)
{
   if (ra->reg[v] < 0)
      return;
   for (unsigned i = 0; i < nregs_of(ra, v); i++) {
      if (ra->occupant[ra->reg[v] + i] == v) {
         ra->occupant[ra->reg[v] + i] = 0;
         ra->occupied &= ~(1ull << (ra->reg[v] + i));
      }
   }
}

/* Registers [first, first + n) are free and in `allowed`. */
static bool
fits(struct ra *ra, unsigned first, unsigned n, uint64_t allowed)
{
   if (first + n > RA_MAX_REGISTERS)
      return false;
   uint64_t range = n ? (~0ull >> (64 - n)) << first : 0;
   return (range & allowed & ~ra->occupied) == range;
}

static bool
free_regs(struct ra *ra, unsigned first, unsigned n)
{
   return fits(ra, first, n, ~0ull);
}

/* Registers planned for vectors, except those planned for `v` itself
 * (its place in its vector, or a vector's own range). */
static uint64_t
reserved_for_others(const struct ra *ra, uint32_t v)
{
   if (!ra->reserved_mask)
      return 0; /* no vector being built: most of the time */
   if (!ra->affinity[v].vector && ra->planned[v] < 0)
      return ra->reserved_mask; /* nothing is reserved for v */
   uint32_t mine = ra->affinity[v].comp == PHI_AFFINITY
                      ? 0
                      : ra->affinity[v].vector;
   int own = mine && ra->planned[mine] >= 0
                ? ra->planned[mine] + ra->affinity[v].comp
                : -1;
   int own_end = own + (int)nregs_of(ra, v);
   uint64_t m = 0;
   for (uint64_t left = ra->reserved_mask; left; left &= left - 1) {
      unsigned r = (unsigned)__builtin_ctzll(left);
      if (ra->reserved[r] != v && ((int)r < own || (int)r >= own_end))
         m |= 1ull << r;
   }
   return m;
}

/* Free registers of `set` around [first, first + n): the run it is in. */
static unsigned
free_run(struct ra *ra, unsigned first, unsigned n, uint64_t set,
         bool *at_edge)
{
   unsigned lo = first, hi = first + n;
   while (lo > 0 && fits(ra, lo - 1, 1, set))
      lo--;
   while (hi < RA_MAX_REGISTERS && fits(ra, hi, 1, set))
      hi++;
   *at_edge = lo == first || hi == first + n;
   return hi - lo;
}

/* Best fit: the `n` aligned registers of `set` in the shortest run of
 * free registers, at an edge of it if they can be, then the lowest.
 * Pairs and vectors to come then find the long runs still whole. */
static int
best_fit(struct ra *ra, unsigned n, unsigned align, uint64_t set)
{
   int best = -1;
   unsigned best_len = 0;
   bool best_edge = false;
   for (unsigned r = 0; r + n <= RA_MAX_REGISTERS; r += align) {
      if (!fits(ra, r, n, set))
         continue;
      bool edge;
      unsigned len = free_run(ra, r, n, set, &edge);
      if (best < 0 || len < best_len ||
          (len == best_len && edge && !best_edge)) {
         best = (int)r;
         best_len = len;
         best_edge = edge;
      }
   }
   return best;
}

/* The lowest fitting registers for value v (the best fitting when
 * packing), `hint` first, then registers no vector is being built in,
 * then any. */
static int
choose(struct ra *ra, uint32_t v, unsigned n, int hint)
{
   unsigned align = n > 1 ? 2 : 1;
   uint64_t allowed = ra->allowed & ~ra->forbidden[v];
   if (hint >= 0 && (unsigned)hint % align == 0 &&
       fits(ra, (unsigned)hint, n, allowed))
      return hint;
   uint64_t unreserved = allowed & ~reserved_for_others(ra, v);
   for (unsigned pass = 0; pass < 2; pass++) {
      uint64_t set = pass ? allowed : unreserved;
      if (ra->pack) {
         int r = best_fit(ra, n, align, set);
         if (r >= 0)
            return r;
         continue;
      }
      if (n == 1) { /* most values: the lowest free register */
         uint64_t free = set & ~ra->occupied;
         if (free)
            return __builtin_ctzll(free);
         continue;
      }
      for (unsigned r = 0; r + n <= RA_MAX_REGISTERS; r += align) {
         if (fits(ra, r, n, set))
            return (int)r;
      }
   }
   return -1;
}

/* A vector fixed to its registers (rule 10) is planned there. */
static void
plan_fixed(struct ra *ra, uint32_t vec)
{
   if (ra->planned[vec] >= 0 || ra->fixed[vec] < 0)
      return;
   ra->planned[vec] = ra->fixed[vec];
   for (unsigned i = 0; i < nregs_of(ra, vec); i++) {
      ra->reserved[ra->fixed[vec] + i] = vec;
      ra->reserved_mask |= 1ull << (ra->fixed[vec] + i);
   }
}

/* With no free range for vector vec, whose part `comp` instruction I
 * computes: the registers of a vector I reads part by part, where the
 * part I reads has just freed (rule 4) at the place of `comp`, and the
 * others are free or that vector's (they free as its parts die, and
 * parts computed from them land in place: a load's components summed
 * into a store's).  -1 if none. */
static int
plan_over_parts(const struct ra *ra, const struct ir_instr *I, uint32_t vec,
                unsigned comp, uint64_t set)
{
   if (I->op != IR_OP_VA)
      return -1;
   unsigned n = nregs_of(ra, vec);
   unsigned slots = va_form((enum va_op)I->va_op)->nr_srcs;
   for (unsigned i = 0; i < slots && i < I->nsrc; i++) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE || ra->reg[r.index] < 0 ||
          parts_read_by(ra, r) == 0xff)
         continue;
      uint32_t w = r.index;
      int base = ra->reg[w] + r.comp - (int)comp;
      if (base < 0 || base % 2 || base + n > RA_MAX_REGISTERS ||
          ra->occupant[ra->reg[w] + r.comp])
         continue;
      bool ok = true;
      for (unsigned k = 0; k < n && ok; k++) {
         unsigned reg = (unsigned)base + k;
         ok = ((set >> reg) & 1) &&
              (!ra->occupant[reg] || ra->occupant[reg] == w);
      }
      if (ok)
         return base;
   }
   return -1;
}

/* Rule 6: a latch value's phi register is kept for it from its block's
 * start (others avoid it while there is room elsewhere), so that values
 * computed in between do not take it when the phi dies. */
static void
reserve_phi_register(struct ra *ra, uint32_t v)
{
   uint32_t phi = ra->affinity[v].vector;
   if (!phi || ra->affinity[v].comp != PHI_AFFINITY || ra->reg[phi] < 0)
      return;
   for (unsigned i = 0; i < nregs_of(ra, v); i++) {
      unsigned r = (unsigned)ra->reg[phi] + i;
      if (ra->reserved[r])
         continue;
      ra->reserved[r] = v;
      ra->reserved_mask |= 1ull << r;
   }
}

/* Rule 8: where value v, computed by I, should go so that its vector
 * needs no copy: beside the parts already placed, else in a free range
 * planned now, else over a vector I reads part by part. */
static int
vector_hint(struct ra *ra, const struct ir_instr *I, uint32_t v)
{
   uint32_t vec = ra->affinity[v].vector;
   if (!vec)
      return -1;
   if (ra->affinity[v].comp == PHI_AFFINITY)
      return ra->reg[vec]; /* rule 6: -1 while the phi has none */
   unsigned n = nregs_of(ra, vec);
   plan_fixed(ra, vec);
   if (ra->planned[vec] < 0) {
      uint64_t set = ra->allowed & ~ra->forbidden[vec] &
                     ~reserved_for_others(ra, vec);
      int base = -1;
      for (unsigned r = 0; r + n <= RA_MAX_REGISTERS; r += n > 1 ? 2 : 1) {
         if (fits(ra, r, n, set)) {
            base = (int)r;
            break;
         }
      }
      if (base < 0)
         base = plan_over_parts(ra, I, vec, ra->affinity[v].comp, set);
      if (base >= 0) {
         ra->planned[vec] = (int16_t)base;
         for (unsigned i = 0; i < n; i++) {
            ra->reserved[base + i] = vec;
            ra->reserved_mask |= 1ull << (base + i);
         }
      }
   }
   return ra->planned[vec] < 0 ? -1
                               : ra->planned[vec] + ra->affinity[v].comp;
}

static bool
assign(struct ra *ra, struct ir_instr *I, int hint)
{
   uint32_t v = I->dst.index;
   unsigned n = nregs_of(ra, v);
   int r;
   if (I->op == IR_OP_PRELOAD) {
      /* The hardware's register, whatever the allowed set. */
      r = (int)I->imm;
      if (!free_regs(ra, (unsigned)r, n))
         ir_invalid(ra->s, I, "preloaded register r%d is taken", r);
   } else if (ra->fixed[v] >= 0) {
      r = ra->fixed[v];
      if (!free_regs(ra, (unsigned)r, n))
         ir_invalid(ra->s, I, "r%d, where this result must go, is taken",
                    r);
   } else {
      if (hint < 0)
         hint = I->op == IR_OP_COLLECT ? ra->planned[v]
                                       : vector_hint(ra, I, v);
      r = choose(ra, v, n, hint);
      if (r < 0)
         return false;
   }
   if (I->op == IR_OP_COLLECT || ra->affinity[v].comp == PHI_AFFINITY) {
      for (uint64_t left = ra->reserved_mask; left; left &= left - 1) {
         unsigned i = (unsigned)__builtin_ctzll(left);
         if (ra->reserved[i] == v) {
            ra->reserved[i] = 0;
            ra->reserved_mask &= ~(1ull << i);
         }
      }
   }
   ra->reg[v] = (int16_t)r;
   occupy(ra, v);
   return true;
}

static struct ir_ref reg_ref(struct ra *ra, struct ir_ref r);

/* The register of the first placed source (a part of a vector counts
 * from the vector's register). */
static int
phi_hint(struct ra *ra, const struct ir_instr *phi)
{
   ir_foreach_src(phi, i) {
      struct ir_ref r = phi->src[i];
      if (r.kind == IR_REF_VALUE && ra->reg[r.index] >= 0)
         return (int)reg_ref(ra, r).index;
   }
   return -1;
}

/* False when some value finds no registers (the caller spills more). */
static bool
color_block(struct ra *ra, struct ir_block *b)
{
   memset(ra->occupant, 0, sizeof(ra->occupant));
   ra->occupied = 0;
   memset(ra->reserved, 0, sizeof(ra->reserved));
   ra->reserved_mask = 0;
   ra_valueset_foreach(&ra->live.live_in[b->index], v) {
      if (ra->reg[v] < 0)
         ir_invalid(ra->s, NULL, "%%%u is live into b%u but has no register",
                    v, b->index);
      occupy(ra, v);
   }
   /* The hardware filled the preloaded registers before anything runs:
    * they are taken from the start, whatever comes first.  A vector
    * fixed to its registers (a BLEND's colour in r0-r3) is planned from
    * the start too, so that other values keep out while there is room
    * elsewhere and its parts are computed in place. */
   ir_foreach_instr(b, I) {
      if (I->op == IR_OP_PRELOAD)
         assign(ra, I, -1);
      else if (I->op == IR_OP_COLLECT && I->dst.kind == IR_REF_VALUE)
         plan_fixed(ra, I->dst.index);
      else if (I->ndst && I->dst.kind == IR_REF_VALUE)
         reserve_phi_register(ra, I->dst.index);
   }
   ir_foreach_instr(b, I) {
      if (I->op != IR_OP_PHI) {
         for (uint32_t k = ra->dying_first[I->pass_data];
              k < ra->dying_end[I->pass_data]; k++) {
            uint32_t v = ra->dying.data[k];
            if (v & PART_DEATH)
               release_part(ra, v & PART_VALUE_MASK,
                            (v & ~PART_DEATH) >> PART_SHIFT);
            else if (!(I->ndst && I->dst.index == v))
               release(ra, v);
         }
      }
      if (I->ndst && I->dst.kind == IR_REF_VALUE) {
         if (I->op != IR_OP_PRELOAD &&
             !assign(ra, I, I->op == IR_OP_PHI ? phi_hint(ra, I) : -1))
            return false;
         /* A latch value of this block, not yet placed, learns only now
          * where its phi is. */
         for (unsigned i = 1; I->op == IR_OP_PHI && i < I->nsrc; i++) {
            struct ir_ref r = I->src[i];
            if (r.kind == IR_REF_VALUE && ra->reg[r.index] < 0 &&
                ra->affinity[r.index].vector == I->dst.index)
               reserve_phi_register(ra, r.index);
         }
         if (dies_at(ra, I, I->dst.index))
            release(ra, I->dst.index);
      }
   }
   return true;
}

/* ---------------------------------------------------------------------
 * Copies
 */

struct copy {
   unsigned dst;
   struct ir_ref src; /* a register, constant, uniform or special */
};

static struct ir_instr *
emit_mov(struct ra *ra, struct ir_builder *b, unsigned dst, struct ir_ref src)
{
   enum va_op op = src.kind == IR_REF_CONST ? VA_OP_IADD_IMM_I32
                                            : VA_OP_MOV_I32;
   struct ir_instr *I = ir_va_create(ra->s, op, 1, NULL);
   if (src.kind == IR_REF_CONST) {
      I->va->imm[VA_IMM_CONSTANT] = src.index;
      src = ir_imm(0);
   }
   I->src[0] = src;
   I->ndst = 1;
   I->dst = ir_reg(dst);
   struct va_src check;
   if (!ir_va_src(ra->s, op, 0, src, false, &check))
      ir_invalid(ra->s, I, "copy source is not encodable");
   ir_builder_insert(b, I);
   if (dst + 1 > ra->max_reg)
      ra->max_reg = dst + 1;
   return I;
}

static void
emit_xor(struct ra *ra, struct ir_builder *b, unsigned dst, unsigned x,
         unsigned y)
{
   struct ir_ref srcs[3] = {ir_reg(x), ir_imm(0), ir_reg(y)};
   struct ir_instr *I = ir_va_create(ra->s, VA_OP_LSHIFT_XOR_I32, 3, srcs);
   I->ndst = 1;
   I->dst = ir_reg(dst);
   ir_builder_insert(b, I);
}

static bool
reads_reg(const struct copy *c, unsigned n, unsigned reg)
{
   for (unsigned i = 0; i < n; i++) {
      if (c[i].src.kind == IR_REF_REG && c[i].src.index == reg)
         return true;
   }
   return false;
}

/* A free register for breaking a copy cycle: known (-1 for none), or
 * found after `at` on first need, since the search walks the rest of the
 * block and cycles are rare (walking it for every COLLECT was quadratic). */
struct scratch {
   int reg;
   bool known;
   struct ir_block *b;
   struct ir_instr *at;
};

static int scratch_after(struct ra *ra, struct ir_block *b,
                         struct ir_instr *I);

static int
scratch_reg(struct ra *ra, struct scratch *s)
{
   if (!s->known) {
      s->reg = scratch_after(ra, s->b, s->at);
      s->known = true;
   }
   return s->reg;
}

/* Emits the parallel copy c[0..n) at `b`, breaking cycles through the
 * scratch register when there is one. */
static void
sequentialize(struct ra *ra, struct ir_builder *b, struct copy *c,
              unsigned n, struct scratch *free_reg)
{
   while (n) {
      /* Drop copies of a register to itself (a swap below can make
       * some: an XOR swap of a register with itself would clear it). */
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         if (!(c[i].src.kind == IR_REF_REG && c[i].src.index == c[i].dst))
            c[m++] = c[i];
      }
      n = m;
      if (!n)
         break;
      bool emitted = false;
      for (unsigned i = 0; i < n; i++) {
         if (reads_reg(c, n, c[i].dst))
            continue;
         emit_mov(ra, b, c[i].dst, c[i].src);
         c[i] = c[--n];
         emitted = true;
         break;
      }
      if (emitted)
         continue;
      /* Only register cycles remain: break one. */
      unsigned from = c[0].src.index;
      int scratch = scratch_reg(ra, free_reg);
      if (scratch >= 0) {
         emit_mov(ra, b, (unsigned)scratch, ir_reg(from));
      } else {
         /* Swap the first copy's destination and source: the value
          * bound for c[0].dst is then in place. */
         unsigned to = c[0].dst;
         emit_xor(ra, b, to, to, from);
         emit_xor(ra, b, from, from, to);
         emit_xor(ra, b, to, to, from);
         for (unsigned i = 1; i < n; i++) {
            if (c[i].src.kind == IR_REF_REG && c[i].src.index == to)
               c[i].src.index = from;
         }
         c[0] = c[--n];
         continue;
      }
      for (unsigned i = 0; i < n; i++) {
         if (c[i].src.kind == IR_REF_REG && c[i].src.index == from)
            c[i].src.index = (unsigned)scratch;
      }
   }
}

/* The register form of a source of value `v`. */
static struct ir_ref
reg_ref(struct ra *ra, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE)
      return r;
   unsigned reg = (unsigned)ra->reg[r.index] + r.comp +
                  (r.swizzle == IR_SWIZZLE_W1);
   if (r.swizzle == IR_SWIZZLE_W0 || r.swizzle == IR_SWIZZLE_W1)
      r.swizzle = IR_SWIZZLE_NONE;
   r.kind = IR_REF_REG;
   r.index = reg;
   r.comp = 0;
   return r;
}

/* A register free at the end of `b` for copies into `succ`, or -1. */
static int
free_at_edge(struct ra *ra, struct ir_block *b, const struct copy *c,
             unsigned n)
{
   bool used[RA_MAX_REGISTERS] = {false};
   ra_valueset_foreach(&ra->live.live_out[b->index], v) {
      for (unsigned i = 0; i < nregs_of(ra, v); i++)
         used[ra->reg[v] + i] = true;
   }
   for (unsigned i = 0; i < n; i++)
      used[c[i].dst] = true;
   for (unsigned r = 0; r < RA_MAX_REGISTERS; r++) {
      if (!used[r] && ((ra->allowed >> r) & 1))
         return (int)r;
   }
   return -1;
}

static void
lower_phis(struct ra *ra, struct ir_block *b)
{
   unsigned nphis = 0;
   ir_foreach_instr(b, I) {
      if (I->op != IR_OP_PHI)
         break;
      nphis += nregs_of(ra, I->dst.index);
   }
   if (!nphis)
      return;
   struct copy *c = ARENA_ARRAY(ra->s->scratch, struct copy, nphis + 1);
   for (size_t p = 0; p < b->preds.len; p++) {
      struct ir_block *pred = b->preds.data[p];
      unsigned n = 0;
      ir_foreach_instr(b, I) {
         if (I->op != IR_OP_PHI)
            break;
         for (unsigned k = 0; k < nregs_of(ra, I->dst.index); k++) {
            struct ir_ref src = I->src[p];
            if (src.kind == IR_REF_VALUE)
               src.comp = (uint8_t)(src.comp + k);
            c[n].dst = (unsigned)ra->reg[I->dst.index] + k;
            c[n++].src = reg_ref(ra, src);
         }
      }
      struct ir_builder bld = b->preds.len == 1
                                 ? ir_builder_before(ra->s, b->first)
                                 : ir_builder_at_end(ra->s, pred);
      struct ir_instr *term = ir_block_terminator(pred);
      if (b->preds.len > 1 && term)
         bld = ir_builder_before(ra->s, term);
      struct scratch free_reg = {.reg = free_at_edge(ra, pred, c, n),
                                 .known = true};
      sequentialize(ra, &bld, c, n, &free_reg);
   }
}

/* The registers of a COLLECT's result, filled by a parallel copy. */
static void
lower_collect(struct ra *ra, struct ir_block *block, struct ir_instr *I)
{
   struct copy c[16];
   unsigned n = 0;
   unsigned dst = (unsigned)ra->reg[I->dst.index];
   unsigned per = ir_value(ra->s, I->dst.index)->bits == 64 && I->nsrc == 1
                     ? 2
                     : 1;
   ir_foreach_src(I, i) {
      for (unsigned k = 0; k < per && n < 16; k++) {
         struct ir_ref r = I->src[i];
         if (r.kind == IR_REF_VALUE)
            r.comp = (uint8_t)(r.comp + k);
         c[n].dst = dst + i * per + k;
         c[n++].src = reg_ref(ra, r);
      }
   }
   struct ir_builder b = ir_builder_before(ra->s, I);
   struct scratch free_reg = {.b = block, .at = I};
   sequentialize(ra, &b, c, n, &free_reg);
}

/* ---------------------------------------------------------------------
 * Driver
 */

/* The register operand for source i of I: a whole 64-bit value is a
 * pair, a staging vector its value's registers (ir_va_instr reads them). */
static struct ir_ref
operand(struct ra *ra, const struct ir_instr *I, unsigned i)
{
   struct ir_ref r = I->src[i];
   struct ir_ref reg = reg_ref(ra, r);
   if (r.kind != IR_REF_VALUE)
      return reg;
   const struct ir_value *v = ir_value(ra->s, r.index);
   bool staging = I->op == IR_OP_VA && i >= ir_va_nr_srcs(I->va_op);
   if (staging)
      reg.comp = (uint8_t)(v->nregs > 1 ? v->nregs : 0);
   else if (v->bits == 64 && !r.swizzle)
      reg.comp = 2;
   return reg;
}

static void
rewrite_instr(struct ra *ra, struct ir_instr *I)
{
   ir_foreach_src(I, i)
      I->src[i] = operand(ra, I, i);
   if (I->ndst && I->dst.kind == IR_REF_VALUE)
      I->dst = ir_regs((unsigned)ra->reg[I->dst.index],
                       nregs_of(ra, I->dst.index));
}

/* A register free just after `I` (at a COLLECT) given what is live
 * across it: recomputed from the occupancy of a second colouring walk
 * would cost time; the registers of every value live out of the block or
 * used later in it are avoided instead. */
static int
scratch_after(struct ra *ra, struct ir_block *b, struct ir_instr *I)
{
   bool used[RA_MAX_REGISTERS] = {false};
   ra_valueset_foreach(&ra->live.live_out[b->index], v) {
      for (unsigned i = 0; i < nregs_of(ra, v); i++)
         used[ra->reg[v] + i] = true;
   }
   for (struct ir_instr *J = I; J; J = J->next) {
      ir_foreach_src(J, i) {
         struct ir_ref r = J->src[i];
         if (r.kind == IR_REF_VALUE && ra->reg[r.index] >= 0) {
            for (unsigned k = 0; k < nregs_of(ra, r.index); k++)
               used[ra->reg[r.index] + k] = true;
         }
      }
      if (J->ndst && J->dst.kind == IR_REF_VALUE && ra->reg[J->dst.index] >= 0)
         for (unsigned k = 0; k < nregs_of(ra, J->dst.index); k++)
            used[ra->reg[J->dst.index] + k] = true;
   }
   for (unsigned r = 0; r < RA_MAX_REGISTERS; r++) {
      if (!used[r] && ((ra->allowed >> r) & 1))
         return (int)r;
   }
   return -1;
}

static void
lower_copies(struct ra *ra)
{
   ir_foreach_block(ra->s, b)
      lower_phis(ra, b);
   /* One walk: a COLLECT's copies are made of registers already, and
    * what follows it in its block still names values (scratch_after). */
   ir_foreach_block(ra->s, b) {
      ir_foreach_instr_safe(b, I) {
         switch (I->op) {
         case IR_OP_COLLECT:
            lower_collect(ra, b, I);
            ir_instr_remove(I);
            break;
         case IR_OP_PHI:
         case IR_OP_PRELOAD:
         case IR_OP_UNDEF: ir_instr_remove(I); break;
         default: rewrite_instr(ra, I); break;
         }
      }
   }
}

/* Colours every block in `order` (reverse post-order: definitions before
 * the blocks they reach), from nothing placed; false if a value found no
 * registers. */
static bool
color_blocks(struct ra *ra, struct ir_block **order)
{
   for (size_t v = 0; v <= ra->s->values.len; v++)
      ra->reg[v] = ra->planned[v] = -1;
   ra->max_reg = 0;
   for (uint32_t i = 0; i < ra->s->block_count; i++) {
      if (order[i] && !color_block(ra, order[i]))
         return false;
   }
   return true;
}

bool
ra_allocate(struct ir_shader *s, uint64_t allowed, unsigned *registers)
{
   return ra_allocate_live(s, allowed, registers, NULL);
}

bool
ra_allocate_live(struct ir_shader *s, uint64_t allowed, unsigned *registers,
                 const struct ra_liveness *live)
{
   struct ra ra = {.s = s, .allowed = allowed};
   struct arena_mark scratch = arena_mark(s->scratch);
   if (!live)
      ir_compute_dominance(s);
   ir_foreach_block(s, b) {
      if (b->rpo_index == UINT32_MAX)
         ir_invalid(s, NULL, "b%u is unreachable (ir_opt_cfg removes such "
                    "blocks)", b->index);
   }
   if (live)
      ra.live = *live;
   else
      ra_compute_liveness(s, &ra.live);
   ra.reg = ARENA_ARRAY(s->scratch, int16_t, s->values.len + 1);
   ra.forbidden = ARENA_ARRAY(s->scratch, uint64_t, s->values.len + 1);
   ra.affinity = ARENA_ARRAY(s->scratch, struct affinity, s->values.len + 1);
   ra.planned = ARENA_ARRAY(s->scratch, int16_t, s->values.len + 1);
   ra.fixed = ARENA_ARRAY(s->scratch, int16_t, s->values.len + 1);
   ra.parts_read = ARENA_ARRAY(s->scratch, uint8_t, s->values.len + 1);
   for (size_t v = 0; v <= s->values.len; v++)
      ra.reg[v] = ra.planned[v] = ra.fixed[v] = -1;
   number_instrs(&ra);
   compute_deaths(&ra);
   find_affinities(&ra);

   /* Reverse post-order: definitions before the blocks they reach. */
   struct ir_block **order = ARENA_ARRAY(s->scratch, struct ir_block *,
                                         s->block_count + 1);
   ir_foreach_block(s, b) {
      if (b->rpo_index != UINT32_MAX)
         order[b->rpo_index] = b;
   }
   if (!color_blocks(&ra, order)) {
      /* Alignment left a pair or vector no room: start again keeping
       * long runs of free registers whole. */
      ra.pack = true;
      if (!color_blocks(&ra, order)) {
         arena_release(s->scratch, scratch);
         return false;
      }
   }
   struct ra_verify rv;
   if (s->checks)
      ra_verify_capture(&rv, s, ra.reg);
   lower_copies(&ra);
   if (s->checks)
      ra_verify_check(&rv);
   s->allocated = true;
   *registers = ra.max_reg;
   arena_release(s->scratch, scratch);
   return true;
}
