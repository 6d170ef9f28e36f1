/* SPDX-License-Identifier: MIT */
/*
 * Loads of neighbouring words of thread-local storage become one load.
 * Translation reads an element of an indexed array in memory one channel
 * at a time (a LOAD.i32 each); the words of one element come as one
 * LOAD.i64, .i96 or .i128 into a vector whose components the readers
 * read: one message instead of up to four, each waiting on its own.
 *
 * 1. Candidates: LOAD.i32 (no lane or extension modifier) from
 *    thread_local_pointer, or from a SHADDX.u64 of it with shift 0, at
 *    an offset that is a multiple of 4.  The base must be known to be
 *    16-byte aligned: thread_local_pointer is (docs/abi.md), and so is a
 *    SHADDX adding a multiple of 16 (a constant, or a SHL by 4 or more:
 *    translation's element offsets).  A wider load is taken aligned to
 *    its size, as the stores of those arrays are.
 * 2. Loads of one base (the same ref: CSE merged equal SHADDXs) and one
 *    16-byte chunk from it are a group when no instruction with side
 *    effects lies between them (a store, an atomic, a barrier: the words
 *    may change there), in one block.
 * 3. A group of two or more loads becomes the narrowest of LOAD.i64 (at
 *    an 8-byte boundary), .i96 and .i128 (at the chunk's start) covering
 *    the words it reads, a LOAD.i32 when they all read one word.  It
 *    goes where the group's first load was (its base is defined before
 *    that), with that load's memory access and slot; every load of the
 *    group is then the component of its word.
 *
 * Requires: IR before selection (a SHL is still IR_OP_SHL).
 * Ensures:  no two candidate loads of one group are left.
 * Invalidates: nothing (readers read the components).
 */
#include "valhall.h"

#include <string.h>

#include "emit/va.h"
#include "ir/layout.h"

enum {
   OPEN_GROUPS = 8,   /* chunks followed at once; the oldest closes */
   GROUP_LOADS = 8,   /* loads per group; a full group closes */
};

struct group {
   uint64_t base; /* ir_ref_word of the address */
   int64_t chunk; /* offset / 16 */
   unsigned n;
   struct ir_instr *load[GROUP_LOADS];
   uint8_t word[GROUP_LOADS]; /* the word of the chunk each reads */
};

/* A combined load to build, at `first`'s place. */
struct plan {
   struct ir_instr *first;
   enum va_op op;
   int64_t offset;
   unsigned words;
   struct ir_ref vector; /* once built */
};

struct combine {
   struct ir_shader *s;
   struct va_settings plain; /* a LOAD.i32's default settings */
   struct group open[OPEN_GROUPS];
   unsigned nopen;
   VEC(struct plan) plans;
};

/* Whether the 32-bit value `r` is a multiple of 16. */
static bool
multiple_of_16(const struct ir_shader *s, struct ir_ref r)
{
   uint32_t bits;
   if (ir_ref_const_bits(r, &bits))
      return !(bits & 15);
   if (r.kind != IR_REF_VALUE || r.comp || r.swizzle || r.mods)
      return false;
   const struct ir_instr *d = ir_value(s, r.index)->def;
   return d && d->op == IR_OP_SHL && ir_ref_const_bits(d->src[1], &bits) &&
          bits >= 4 && bits < 32;
}

/* Rule 1: whether the address is a 16-byte aligned base of
 * thread-local storage. */
static bool
aligned_base(const struct ir_shader *s, struct ir_ref addr)
{
   if (ir_ref_is_thread_local_pointer(addr))
      return true;
   if (addr.kind != IR_REF_VALUE || addr.comp || addr.swizzle || addr.mods)
      return false;
   const struct ir_instr *d = ir_value(s, addr.index)->def;
   return d && d->op == IR_OP_VA && d->va_op == VA_OP_SHADDX_U64 &&
          d->nsrc == 2 && !d->va->imm[VA_IMM_SHIFT] &&
          ir_ref_is_thread_local_pointer(d->src[0]) &&
          multiple_of_16(s, d->src[1]);
}

static bool
candidate(const struct combine *c, const struct ir_instr *I)
{
   const struct va_settings *v = I->va;
   return I->nsrc == 1 && I->ndst && I->dst.kind == IR_REF_VALUE &&
          !(v->imm[VA_IMM_OFFSET] & 3) && v->imm[VA_IMM_OFFSET] >= 0 &&
          v->mod[VA_MOD_LOAD_LANE_32_BIT] ==
             c->plain.mod[VA_MOD_LOAD_LANE_32_BIT] &&
          v->mod[VA_MOD_UNSIGNED] == c->plain.mod[VA_MOD_UNSIGNED] &&
          aligned_base(c->s, I->src[0]);
}

/* Rule 3: the plan for group g, or nothing for a load alone.  A load's
 * pass_data names its plan (index + 1, above two bits) and the
 * component it reads (the two bits). */
static void
close_group(struct combine *c, const struct group *g)
{
   if (g->n < 2)
      return;
   unsigned lo = 3, hi = 0;
   for (unsigned k = 0; k < g->n; k++) {
      lo = g->word[k] < lo ? g->word[k] : lo;
      hi = g->word[k] > hi ? g->word[k] : hi;
   }
   unsigned start = 0, words = 4;
   enum va_op op = VA_OP_LOAD_I128;
   if (lo == hi) {
      start = lo, words = 1, op = VA_OP_LOAD_I32;
   } else if (hi <= (lo & ~1u) + 1) {
      start = lo & ~1u, words = 2, op = VA_OP_LOAD_I64;
   } else if (hi <= 2) {
      words = 3, op = VA_OP_LOAD_I96;
   }
   uint32_t index = (uint32_t)c->plans.len;
   *VEC_PUSH(c->s->scratch, &c->plans) = (struct plan){
      .first = g->load[0], .op = op, .offset = 16 * g->chunk + 4 * start,
      .words = words};
   for (unsigned k = 0; k < g->n; k++)
      g->load[k]->pass_data = (index + 1) << 2 | (g->word[k] - start);
}

static void
close_all(struct combine *c)
{
   for (unsigned k = 0; k < c->nopen; k++)
      close_group(c, &c->open[k]);
   c->nopen = 0;
}

static void
add_load(struct combine *c, struct ir_instr *I)
{
   uint64_t base = ir_ref_word(I->src[0]);
   int64_t offset = I->va->imm[VA_IMM_OFFSET];
   int64_t chunk = offset >> 4;
   struct group *g = NULL;
   for (unsigned k = 0; k < c->nopen && !g; k++) {
      if (c->open[k].base == base && c->open[k].chunk == chunk)
         g = &c->open[k];
   }
   if (g && g->n == GROUP_LOADS) {
      close_group(c, g);
      g->n = 0;
   }
   if (!g) {
      if (c->nopen == OPEN_GROUPS) {
         close_group(c, &c->open[0]);
         memmove(&c->open[0], &c->open[1],
                 (OPEN_GROUPS - 1) * sizeof(c->open[0]));
         c->nopen--;
      }
      g = &c->open[c->nopen++];
      g->base = base;
      g->chunk = chunk;
      g->n = 0;
   }
   g->load[g->n] = I;
   g->word[g->n++] = (uint8_t)((offset >> 2) & 3);
}

/* Rules 1-3 over block b: the plans, and each member load marked. */
static void
plan_block(struct combine *c, struct ir_block *b)
{
   ir_foreach_instr(b, I) {
      if (I->op == IR_OP_VA && I->va_op == VA_OP_LOAD_I32) {
         I->pass_data = 0;
         if (candidate(c, I))
            add_load(c, I);
      } else if (ir_instr_has_side_effects(I)) {
         close_all(c);
      }
   }
   close_all(c);
}

/* Builds plan p's load before its first member. */
static struct ir_ref
build(struct combine *c, struct plan *p)
{
   struct ir_instr *F = p->first;
   struct ir_instr *L = ir_va_create(c->s, p->op, 1, &F->src[0]);
   L->va->mod[VA_MOD_SLOT] = F->va->mod[VA_MOD_SLOT];
   L->va->mod[VA_MOD_MEMORY_ACCESS] = F->va->mod[VA_MOD_MEMORY_ACCESS];
   L->va->imm[VA_IMM_OFFSET] = p->offset;
   ir_instr_def(c->s, L, 32, p->words);
   ir_instr_insert_before(F, L);
   return L->dst;
}

bool
va_combine_loads(struct ir_shader *s)
{
   /* Before allocation only arrays take thread-local storage. */
   if (s->layout && !s->layout->tls_bytes)
      return false;
   struct combine c = {.s = s};
   va_settings_init(&c.plain, VA_OP_LOAD_I32);
   struct ir_remap m;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      size_t first_plan = c.plans.len;
      plan_block(&c, b);
      if (c.plans.len == first_plan && !m.to)
         continue; /* nothing to combine, nothing to resolve */
      ir_foreach_instr_safe(b, I) {
         ir_foreach_src(I, i)
            ir_remap_operand(&m, I, i);
         if (I->op != IR_OP_VA || I->va_op != VA_OP_LOAD_I32 ||
             !I->pass_data)
            continue;
         struct plan *p = &c.plans.data[(I->pass_data >> 2) - 1];
         if (p->vector.kind != IR_REF_VALUE)
            p->vector = build(&c, p);
         struct ir_ref part = p->vector;
         part.comp = (uint8_t)(I->pass_data & 3);
         ir_remap_set(&m, I->dst.index, part);
         ir_instr_remove(I);
      }
   }
   if (!c.plans.len)
      return false;
   ir_remap_apply(s, &m);
   return true;
}
