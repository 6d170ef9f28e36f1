/* SPDX-License-Identifier: MIT */
/*
 * Spilling: lowers register pressure to a target by keeping values in
 * thread-local storage (spec/abi.md, "Spilling and indexed temporaries").
 *
 * 1. Pressure at an instruction is what the allocator needs there: the
 *    registers of every value live after it, plus its result.
 * 2. While the highest pressure is over the target, a value live at that
 *    point, not read or written by the instruction there, and live the
 *    longest, is spilled: stored right after its definition and reloaded
 *    right before each use (at the end of the predecessor for a phi
 *    source).  After the first EXACT_ROUNDS rounds, a round does this
 *    at every point as bad as the worst at once, a value spilled for one
 *    point counting as gone at the others (choose_spread).  Its live
 *    range becomes a few instructions around each use.  A source that
 *    reads one register of a vector past the first (a 32-bit slot
 *    reading component c), an element of a COLLECT of 32-bit words (any
 *    component), or a one-register phi source that is a part of a
 *    vector, reloads that word alone, so that an instruction reading
 *    parts of two spilled vec4s needs two registers for them, not eight
 *    (a geometry shader's EMIT collects each output register from
 *    components of up to four input vectors).
 *    A phi is spilled whole: each predecessor stores its value into the
 *    slot, and the phi disappears (all phis of a block are defined at
 *    once, so keeping it would not lower the pressure there).  The store
 *    comes after every read of the phi's current value in that
 *    predecessor, the reloads for phis on its outgoing edges included
 *    (they read the old value: a loop's phis that take each other's
 *    values, or a back edge that makes the new value before it reads
 *    the old one).
 * 3. A victim made from constants and uniforms alone, by at most
 *    REMAT_MAX pure ALU instructions (none reading other lanes, none
 *    with a fixed result register; a double's unpacked fields,
 *    which CSE shares between every soft-float opcode that reads the
 *    same uniform), is made again right before each reader instead:
 *    no slot, no store, and a few ALU instructions in place of a load
 *    (one LS cycle, the unit spilling shaders are bound by).  The copy
 *    reads no value, so it is valid anywhere; the originals go once
 *    nothing reads them.
 * 4. Slots are 16-byte aligned in the thread's storage after what the
 *    shader already uses there; accesses use the `force` hint so that they
 *    happen in helper invocations too, and the thread_local_pointer FAU
 *    value as the base, the slot offset as the immediate.
 *
 * Requires: legalized SSA IR; no critical edges.
 * Ensures:  pressure at most `target`, or an error naming the limit.
 * Invalidates: liveness.
 */
#include "ra.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "emit/va.h"
#include "util/diag.h"

/* Rounds that spill at the single worst point before a round takes
 * every point as bad as it (choose_spread). */
#define EXACT_ROUNDS 16

/* Rule 3: the largest chain made again in place of a reload. */
#define REMAT_MAX 8

/* Bytes of thread-local storage spill slots may use. */
#define TLS_LIMIT 32768u

struct pressure_point {
   struct ir_instr *at;
   unsigned regs;
};

static unsigned
regs_of(struct ir_shader *s, uint32_t v)
{
   return ir_value(s, v)->nregs;
}

/* Running state of measure(): walking a block backwards, `live` holds
 * the values live after the current instruction, `regs` their registers,
 * `t` counts the instructions walked and since[v] the count at which v
 * became live, so that a value's range length is added once when it
 * stops being live instead of once per instruction (thousands of live
 * values made that quadratic). */
struct walk {
   struct ir_shader *s;
   struct ra_bitset live;
   unsigned regs;
   uint32_t t, *since, *length;
   /* The values made live in this block, in order: each once (SSA), so
    * the block's end empties the set from this list rather than
    * walking its instructions again. */
   uint32_t *made, nmade;
};

static void
make_live(struct walk *w, uint32_t v)
{
   if (ra_bitset_test(&w->live, v))
      return;
   ra_bitset_set(&w->live, v);
   w->regs += regs_of(w->s, v);
   w->since[v] = w->t;
   assert(w->nmade < w->s->values.len + 1); /* each value once, in SSA */
   w->made[w->nmade++] = v;
}

static void
make_dead(struct walk *w, uint32_t v)
{
   if (!ra_bitset_test(&w->live, v))
      return;
   ra_bitset_clear(&w->live, v);
   w->regs -= regs_of(w->s, v);
   w->length[v] += w->t - w->since[v];
}

/* The highest-pressure point, and per value the number of points where
 * it is live (its range length).  Linear in the instructions: the
 * pressure is kept as values enter and leave the live set. */
static struct pressure_point
measure(struct ir_shader *s, const struct ra_liveness *l, uint32_t *length)
{
   struct pressure_point worst = {NULL, 0};
   struct walk w = {
      .s = s,
      .live = ra_bitset_create(s->scratch, (uint32_t)s->values.len),
      .since = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1),
      .length = length,
      .made = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1),
   };
   memset(length, 0, s->values.len * sizeof(*length));
   ir_foreach_block(s, b) {
      w.t = 0; /* the set is empty: the previous block emptied it */
      w.nmade = 0;
      ra_valueset_foreach(&l->live_out[b->index], v)
         make_live(&w, v);
      ir_foreach_instr_rev(b, I) {
         w.t++; /* every value live after I is live at this point */
         unsigned p = w.regs;
         if (I->ndst && I->dst.kind == IR_REF_VALUE) {
            uint32_t d = I->dst.index;
            if (!ra_bitset_test(&w.live, d))
               p += regs_of(s, d);
            /* A preloaded register is taken from the program's start,
             * wherever its PRELOAD sits (as ra_allocate takes it). */
            if (I->op == IR_OP_PRELOAD)
               make_live(&w, d);
            else
               make_dead(&w, d);
         }
         if (p > worst.regs)
            worst = (struct pressure_point){I, p};
         if (I->op == IR_OP_PHI)
            continue;
         ir_foreach_src(I, i) {
            if (I->src[i].kind == IR_REF_VALUE)
               make_live(&w, I->src[i].index);
         }
      }
      /* What is still live was made live in the block: ending those
       * ranges empties the set without a walk over every value (blocks
       * times values on large shaders) or over the block again. */
      for (uint32_t k = 0; k < w.nmade; k++)
         make_dead(&w, w.made[k]);
   }
   return worst;
}

static bool
touches(const struct ir_instr *I, uint32_t v)
{
   if (I->ndst && I->dst.kind == IR_REF_VALUE && I->dst.index == v)
      return true;
   ir_foreach_src(I, i) {
      if (I->src[i].kind == IR_REF_VALUE && I->src[i].index == v)
         return true;
   }
   return false;
}

/* The values live just after `at`: its block walked backwards from the
 * live-out set. */
static struct ra_bitset
live_after(struct ir_shader *s, const struct ra_liveness *l,
           struct ir_instr *at)
{
   struct ra_bitset live =
      ra_bitset_create(s->scratch, (uint32_t)s->values.len);
   ra_valueset_foreach(&l->live_out[at->block->index], v)
      ra_bitset_set(&live, v);
   for (struct ir_instr *I = at->block->last; I != at; I = I->prev) {
      if (I->ndst && I->dst.kind == IR_REF_VALUE)
         ra_bitset_clear(&live, I->dst.index);
      if (I->op != IR_OP_PHI) {
         ir_foreach_src(I, i) {
            if (I->src[i].kind == IR_REF_VALUE)
               ra_bitset_set(&live, I->src[i].index);
         }
      }
   }
   return live;
}

/* The longest-lived value live just after `at` that `at` does not use
 * (the lowest-numbered of equals). */
static uint32_t
victim(struct ir_shader *s, const struct ra_liveness *l, struct ir_instr *at,
       const uint32_t *length, const uint8_t *spilled)
{
   struct ra_bitset live = live_after(s, l, at);
   uint32_t best = 0, best_len = 0;
   ra_bitset_foreach(&live, v) {
      if (touches(at, v) || spilled[v] || length[v] <= best_len)
         continue;
      best = v;
      best_len = length[v];
   }
   if (best)
      return best;
   /* Only reloads left: at the end of a block they are phi sources, all
    * live until the edge; spilling a phi they feed stores its source
    * there instead. */
   for (unsigned k = 0; k < 2; k++) {
      struct ir_block *succ = at->block->succ[k];
      if (!succ)
         continue;
      ir_foreach_instr(succ, I) {
         if (I->op != IR_OP_PHI)
            break;
         if (!spilled[I->dst.index])
            return I->dst.index;
      }
   }
   return 0;
}

static const enum va_op load_ops[] = {VA_OP_LOAD_I32, VA_OP_LOAD_I64,
                                      VA_OP_LOAD_I96, VA_OP_LOAD_I128};
static const enum va_op store_ops[] = {VA_OP_STORE_I32, VA_OP_STORE_I64,
                                       VA_OP_STORE_I96, VA_OP_STORE_I128};

static struct ir_instr *
tls_access(struct ir_shader *s, enum va_op op, uint32_t offset)
{
   struct ir_ref tls = {.kind = IR_REF_SPECIAL,
                        .index = VA_SPECIAL_THREAD_LOCAL_POINTER};
   /* The address, and for a store the value it stores. */
   bool load = op == VA_OP_LOAD_I32 || op == VA_OP_LOAD_I64 ||
               op == VA_OP_LOAD_I96 || op == VA_OP_LOAD_I128;
   struct ir_instr *I = ir_va_create(s, op, load ? 1 : 2, NULL);
   I->src[0] = tls;
   va_set_mod(I->va, VA_MOD_SLOT, 0);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, VA_MEMORY_ACCESS_FORCE);
   if (va_form_mod(va_form(op), VA_MOD_UNSIGNED))
      va_set_mod(I->va, VA_MOD_UNSIGNED, 1);
   I->va->imm[VA_IMM_OFFSET] = offset;
   return I;
}

/* I goes right before `before`, or at the end of block `at_end` (before
 * its jump): where a reload or a copy serves its reader. */
static void
place(struct ir_instr *I, struct ir_instr *before, struct ir_block *at_end)
{
   if (before)
      ir_instr_insert_before(before, I);
   else
      ir_instr_insert_at_end(at_end, I);
}

static struct ir_ref
reload(struct ir_shader *s, uint32_t v, uint32_t slot, struct ir_instr *before,
       struct ir_block *at_end)
{
   unsigned n = regs_of(s, v);
   struct ir_instr *L = tls_access(s, load_ops[n - 1], slot);
   s->fills++;
   const struct ir_value *val = ir_value(s, v);
   ir_instr_def(s, L, val->bits, n);
   place(L, before, at_end);
   return L->dst;
}

/* Rule 2's one-word reloads: source i of I reads one 32-bit register of
 * a vector (a component after the first, in a source slot of 32 bits or
 * less; or any component, as an element of a COLLECT of 32-bit words),
 * which a reload of that word serves. */
static bool
reads_one_word(struct ir_shader *s, const struct ir_instr *I, unsigned i)
{
   struct ir_ref r = I->src[i];
   const struct ir_value *v = ir_value(s, r.index);
   if (v->bits != 32 || v->nregs < 2 || r.comp >= 4)
      return false;
   if (I->op == IR_OP_PHI) /* a one-register phi of a part */
      return ir_value(s, I->dst.index)->nregs == 1 && !r.swizzle;
   /* An element of a vector of 32-bit words, any component. */
   if (I->op == IR_OP_COLLECT)
      return ir_value(s, I->dst.index)->bits == 32 && !r.swizzle;
   const struct va_form *f = va_form(I->va_op);
   return I->op == IR_OP_VA && r.comp && i < f->nr_srcs &&
          f->srcs[i].size <= 32;
}

/* Word `comp` of the slot, before `before` or at the end of `at_end`. */
static struct ir_ref
reload_word(struct ir_shader *s, uint32_t slot, unsigned comp,
            struct ir_instr *before, struct ir_block *at_end)
{
   struct ir_instr *L = tls_access(s, VA_OP_LOAD_I32, slot + 4 * comp);
   s->fills++;
   ir_instr_def(s, L, 32, 1);
   place(L, before, at_end);
   return L->dst;
}

/* A whole value of `nregs` registers for a phi source: a constant, an FAU
 * word or a part of a wider value (register 0 of a vector reads as the
 * vector itself, and a store of it would store every register) becomes
 * a register of its own. */
static struct ir_ref
as_value(struct ir_shader *s, struct ir_ref r, struct ir_block *b,
         unsigned nregs)
{
   if (r.kind == IR_REF_VALUE && !r.comp && !r.swizzle && !r.mods &&
       regs_of(s, r.index) == nregs)
      return r;
   if (r.kind == IR_REF_VALUE) {
      /* A part of a value: a whole register of its own to store. */
      struct ir_instr *C = ir_instr_create(s, IR_OP_COLLECT, 1);
      C->src[0] = r;
      ir_instr_def(s, C, 32, 1);
      ir_instr_insert_at_end(b, C);
      return C->dst;
   }
   enum va_op op = r.kind == IR_REF_CONST ? VA_OP_IADD_IMM_I32
                                          : VA_OP_MOV_I32;
   struct ir_instr *I = ir_va_create(s, op, 1, NULL);
   if (r.kind == IR_REF_CONST) {
      I->va->imm[VA_IMM_CONSTANT] = r.index;
      r = ir_imm(0);
   }
   I->src[0] = r;
   ir_instr_def(s, I, 32, 1);
   ir_instr_insert_at_end(b, I);
   return I->dst;
}

/* Where each of a round's victims is read, in program order: spilling
 * a value visits its readers, not the whole program (thousands of
 * spills in one shader made that quadratic).  Instructions the round's
 * spills add that read a victim not yet spilled join its list. */
struct instr_list {
   struct ir_instr **data; /* a VEC */
   size_t len, cap;
};

struct readers {
   uint32_t nvals;  /* values when the round started */
   uint32_t *index; /* per value: its victim number + 1, or 0 */
   struct instr_list *of; /* per victim */
};

static void
note_reader(struct ir_shader *s, struct readers *rd, struct ir_instr *I)
{
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE || r.index >= rd->nvals ||
          !rd->index[r.index])
         continue;
      struct instr_list *list = &rd->of[rd->index[r.index] - 1];
      if (!list->len || list->data[list->len - 1] != I)
         *VEC_PUSH(s->scratch, list) = I;
   }
}

static struct readers
find_readers(struct ir_shader *s, const uint32_t *victims, unsigned n)
{
   struct readers rd = {
      .nvals = (uint32_t)s->values.len,
      .index = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1),
   };
   rd.of = ARENA_ARRAY(s->scratch, struct instr_list, n + 1);
   for (unsigned k = 0; k < n; k++)
      rd.index[victims[k]] = k + 1;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         note_reader(s, &rd, I);
   }
   return rd;
}

/* A store of a spilled phi's incoming value, placed once the phi's own
 * uses have their reloads: `after` its definition, or at the end of
 * `pred` (NULL). */
struct phi_store {
   struct ir_instr *S, *after;
   struct ir_block *pred;
};

/* Whether `v` is read after `I` in its block, or by a phi of a successor
 * on the edge from that block: then the slot must keep v's value until
 * the end of the block. */
static bool
read_later(struct ir_instr *I, uint32_t v)
{
   for (struct ir_instr *J = I->next; J; J = J->next) {
      ir_foreach_src(J, i) {
         if (J->src[i].kind == IR_REF_VALUE && J->src[i].index == v)
            return true;
      }
   }
   struct ir_block *b = I->block;
   for (unsigned k = 0; k < 2; k++) {
      struct ir_block *succ = b->succ[k];
      if (!succ)
         continue;
      ir_foreach_instr(succ, P) {
         if (P->op != IR_OP_PHI)
            break;
         for (size_t p = 0; p < succ->preds.len; p++) {
            if (succ->preds.data[p] == b && P->src[p].kind == IR_REF_VALUE &&
                P->src[p].index == v)
               return true;
         }
      }
   }
   return false;
}

/* A phi in memory: each predecessor stores its value, the phi goes.  The
 * stores are returned, to be placed after the reloads of the phi's uses
 * (a loop's back edge may read the old value after making the new one,
 * or pass it to another phi: a swap). */
static unsigned
spill_phi(struct ir_shader *s, struct ir_instr *phi, uint32_t slot,
          struct readers *rd, struct phi_store *out)
{
   struct ir_block *b = phi->block;
   uint32_t v = phi->dst.index;
   unsigned n = regs_of(s, v), count = 0;
   for (size_t p = 0; p < b->preds.len; p++) {
      struct ir_block *pred = b->preds.data[p];
      struct ir_ref in = phi->src[p];
      if (in.kind == IR_REF_VALUE && in.index == v && !in.comp)
         continue; /* the slot already holds it */
      struct ir_instr *S = tls_access(s, store_ops[n - 1], slot);
      s->spills++;
      S->src[1] = as_value(s, in, pred, n);
      note_reader(s, rd, S);
      if (S->src[1].index >= rd->nvals) /* as_value's own instruction */
         note_reader(s, rd, ir_value(s, S->src[1].index)->def);
      /* Right after the value when the block makes it (a reload, say),
       * so that it is not live across the block's other stores, unless
       * the old value is still read there. */
      struct ir_instr *def = ir_value(s, S->src[1].index)->def;
      bool early = def && def->block == pred && def->op != IR_OP_PHI &&
                   !read_later(def, v);
      out[count++] = (struct phi_store){S, early ? def : NULL, pred};
   }
   ir_instr_remove(phi);
   return count;
}

/* Results that depend on which lanes run it, not only on its sources:
 * made again under other control flow, they would differ. */
static bool
reads_other_lanes(unsigned va_op)
{
   switch (va_op) {
   case VA_OP_WMASK:
   case VA_OP_CLPER_I32:
   case VA_OP_CLPER_V2U16:
   case VA_OP_CLPER_V4U8:
   case VA_OP_CLPER_S32:
   case VA_OP_CLPER_V2S16:
   case VA_OP_CLPER_V4S8:
   case VA_OP_CLPER_U64:
   case VA_OP_CLPER_S64: return true;
   default: return false;
   }
}

/* Rule 3: may I be made again anywhere?  A pure instruction (no
 * message, no side effect, nothing read from other lanes, one result in
 * no fixed register: the blend shader's return address is one) whose
 * sources are constants, uniforms or values made that way. */
static bool
pure_def(struct ir_shader *s, const struct ir_instr *I)
{
   if (!I || I->ndst != 1 || I->dst.kind != IR_REF_VALUE ||
       ir_value(s, I->dst.index)->reg >= 0 ||
       (I->flags & (IR_INSTR_INVARIANT_LOAD | IR_INSTR_BLEND_RETURN)))
      return false;
   if (I->op == IR_OP_VA)
      return !va_form(I->va_op)->message && !ir_instr_has_side_effects(I) &&
             !reads_other_lanes(I->va_op);
   return I->op == IR_OP_MOV || I->op == IR_OP_COLLECT;
}

/* The instructions a copy of v's definition takes (a shared source
 * counted once per reader of it), or more than `budget` when v cannot
 * be made again or is too dear. */
static unsigned
remat_size(struct ir_shader *s, uint32_t v, unsigned budget)
{
   const struct ir_instr *I = ir_value(s, v)->def;
   if (!budget || !pure_def(s, I))
      return budget + 1;
   unsigned size = 1;
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind == IR_REF_VALUE)
         size += remat_size(s, r.index, budget - size);
      else if (r.kind != IR_REF_CONST && r.kind != IR_REF_UNIFORM)
         return budget + 1;
      if (size > budget)
         return budget + 1;
   }
   return size;
}

static bool
rematerializable(struct ir_shader *s, uint32_t v)
{
   return regs_of(s, v) <= 2 && remat_size(s, v, REMAT_MAX) <= REMAT_MAX;
}

/* A copy of v's definition and of the chain it reads, before `before`
 * (or at the end of block `at_end`); its result. */
static struct ir_ref
remat(struct ir_shader *s, uint32_t v, struct ir_instr *before,
      struct ir_block *at_end)
{
   const struct ir_instr *D = ir_value(s, v)->def;
   struct ir_instr *C = ir_instr_create(s, (enum ir_op)D->op, D->nsrc);
   struct ir_ref *src = C->src;
   *C = *D;
   C->src = src;
   C->prev = C->next = NULL;
   C->block = NULL;
   for (unsigned i = 0; i < D->nsrc; i++) {
      struct ir_ref r = D->src[i];
      if (r.kind == IR_REF_VALUE) {
         struct ir_ref fresh = remat(s, r.index, before, at_end);
         r.index = fresh.index;
      }
      C->src[i] = r;
   }
   if (D->va)
      C->va = ir_va_template(s, D->va_op, D->va);
   const struct ir_value *val = ir_value(s, v);
   ir_instr_def(s, C, val->bits, val->nregs);
   place(C, before, at_end);
   return C->dst;
}

/* Rule 3: v made again before each of its readers (victim k's). */
static void
remat_value(struct ir_shader *s, uint32_t v, unsigned k,
            struct readers *rd)
{
   const struct instr_list *readers = &rd->of[k];
   for (size_t u = 0; u < readers->len; u++) {
      struct ir_instr *I = readers->data[u];
      struct ir_block *b = I->block;
      if (!b)
         continue; /* removed earlier in the round */
      struct ir_ref fresh = {0};
      ir_foreach_src(I, i) {
         struct ir_ref r = I->src[i];
         if (r.kind != IR_REF_VALUE || r.index != v)
            continue;
         if (I->op == IR_OP_PHI)
            r.index = remat(s, v, NULL, b->preds.data[i]).index;
         else {
            if (fresh.kind == IR_REF_NONE)
               fresh = remat(s, v, I, NULL);
            r.index = fresh.index;
         }
         I->src[i] = r;
      }
   }
}

/* Rule 3's originals, and what they alone read, once nothing reads
 * them: pure instructions, so nothing else changes. */
static void
remove_unread(struct ir_shader *s, const uint32_t *victims, unsigned n)
{
   uint32_t *uses = ir_count_uses(s);
   VEC(struct ir_instr *) work = {0};
   for (unsigned k = 0; k < n; k++) {
      struct ir_instr *D = ir_value(s, victims[k])->def;
      if (!uses[victims[k]] && D->block && pure_def(s, D))
         *VEC_PUSH(s->scratch, &work) = D;
   }
   while (work.len) {
      struct ir_instr *D = work.data[--work.len];
      if (!D->block)
         continue;
      ir_instr_remove(D);
      ir_foreach_src(D, i) {
         struct ir_ref r = D->src[i];
         if (r.kind != IR_REF_VALUE || --uses[r.index])
            continue;
         struct ir_instr *S = ir_value(s, r.index)->def;
         if (S && S->block && pure_def(s, S))
            *VEC_PUSH(s->scratch, &work) = S;
      }
   }
}

/* Spills `v` (victim `k` of the round) to `slot`.  `at_pred` (per block,
 * all NONE) is left as it was found. */
static void
spill_value(struct ir_shader *s, uint32_t v, unsigned k, uint32_t slot,
            struct readers *rd, struct ir_ref *at_pred)
{
   struct ir_instr *def = ir_value(s, v)->def;
   struct phi_store *phi_stores = NULL;
   unsigned nphi_stores = 0;
   if (def->op == IR_OP_PHI) {
      phi_stores = ARENA_ARRAY(s->scratch, struct phi_store,
                               def->block->preds.len + 1);
      nphi_stores = spill_phi(s, def, slot, rd, phi_stores);
   } else {
      struct ir_instr *S = tls_access(s, store_ops[regs_of(s, v) - 1], slot);
      s->spills++;
      S->src[1] = ir_value_ref(v);
      ir_instr_insert_after(def, S);
   }

   /* One reload per predecessor serves all the phis of a block. */
   const struct instr_list *readers = &rd->of[k];
   for (size_t u = 0; u < readers->len; u++) {
      struct ir_instr *I = readers->data[u];
      struct ir_block *b = I->block;
      if (!b)
         continue; /* a phi an earlier spill of the round removed */
      struct ir_ref fresh = {0}, part[4] = {{0}};
      ir_foreach_src(I, i) {
         struct ir_ref r = I->src[i];
         if (r.kind != IR_REF_VALUE || r.index != v)
            continue;
         struct ir_ref w;
         if (I->op == IR_OP_PHI && reads_one_word(s, I, i)) {
            w = reload_word(s, slot, r.comp, NULL, b->preds.data[i]);
            r.comp = 0;
         } else if (reads_one_word(s, I, i)) {
            unsigned c = r.comp;
            if (part[c].kind == IR_REF_NONE)
               part[c] = reload_word(s, slot, c, I, NULL);
            w = part[c];
            r.comp = 0;
         } else if (I->op == IR_OP_PHI) {
            struct ir_block *pred = b->preds.data[i];
            if (at_pred[pred->index].kind == IR_REF_NONE)
               at_pred[pred->index] = reload(s, v, slot, NULL, pred);
            w = at_pred[pred->index];
         } else {
            if (fresh.kind == IR_REF_NONE)
               fresh = reload(s, v, slot, I, NULL);
            w = fresh;
         }
         r.index = w.index;
         I->src[i] = r;
      }
   }
   for (size_t u = 0; u < readers->len; u++) {
      struct ir_instr *I = readers->data[u];
      if (I->op == IR_OP_PHI && I->block) {
         for (size_t p = 0; p < I->block->preds.len; p++)
            at_pred[I->block->preds.data[p]->index] = (struct ir_ref){0};
      }
   }
   for (unsigned j = 0; j < nphi_stores; j++) {
      if (phi_stores[j].after)
         ir_instr_insert_after(phi_stores[j].after, phi_stores[j].S);
      else
         ir_instr_insert_at_end(phi_stores[j].pred, phi_stores[j].S);
   }
}

unsigned
ra_max_pressure_live(struct ir_shader *s, const struct ra_liveness *live)
{
   struct ra_liveness own;
   struct arena_mark scratch = arena_mark(s->scratch);
   if (!live) {
      ir_compute_dominance(s);
      ra_compute_liveness(s, &own);
      live = &own;
   }
   uint32_t *length = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1);
   unsigned regs = measure(s, live, length).regs;
   arena_release(s->scratch, scratch);
   return regs;
}

unsigned
ra_max_pressure(struct ir_shader *s)
{
   return ra_max_pressure_live(s, NULL);
}

/* Stops the compile: the pressure at `p` cannot come down to `target`. */
static _Noreturn void
cannot_spill(struct ir_shader *s, struct pressure_point p, unsigned target)
{
   if (s->diag)
      diag_error(s->diag, TGSIVA_ERROR_LIMIT,
                 "the shader needs %u registers at once; spilling "
                 "cannot bring that to %u", p.regs, target);
   if (s->bail)
      longjmp(*s->bail, 1);
   ir_invalid(s, p.at, "register pressure %u over %u", p.regs, target);
}

/* Registers one round takes off the worst pressure `regs`: one near
 * the target, a quarter of the excess far over it, since one per round
 * would recompute liveness thousands of times (a shader with thousands
 * of live values took minutes). */
static unsigned
round_goal(unsigned regs, unsigned target)
{
   unsigned excess = regs - target;
   return excess > 8 ? excess / 4 : 1;
}

struct candidate {
   uint32_t length, v;
};

/* victim()'s preference: longest-lived first, the lowest-numbered of
 * equals first. */
static int
by_length(const void *a, const void *b)
{
   const struct candidate *x = a, *y = b;
   if (x->length != y->length)
      return x->length < y->length ? 1 : -1;
   return x->v < y->v ? -1 : x->v > y->v;
}

/* Chooses the values to spill at the worst point `p`: one when it is
 * near the target (as victim() would); far over it, the longest-lived
 * values for round_goal()'s registers.  Returns how many, in `out`,
 * marked in `spilled`. */
static unsigned
choose_victims(struct ir_shader *s, const struct ra_liveness *l,
               struct pressure_point p, unsigned target, unsigned slots_left,
               const uint32_t *length, uint8_t *spilled, uint32_t **out)
{
   unsigned excess = p.regs - target;
   unsigned goal = round_goal(p.regs, target), freed = 0, n = 0;
   struct ra_bitset live = live_after(s, l, p.at);
   struct candidate *cand =
      ARENA_ARRAY(s->scratch, struct candidate, s->values.len + 1);
   uint32_t ncand = 0;
   unsigned widest = 1;
   ra_bitset_foreach(&live, v) {
      if (!touches(p.at, v) && !spilled[v] && length[v]) {
         cand[ncand++] = (struct candidate){length[v], v};
         widest = regs_of(s, v) > widest ? regs_of(s, v) : widest;
      }
   }
   /* Each spilled value takes a 16-byte slot or more: when even the
    * widest values could not free the excess in the slots left, fail now
    * rather than after thousands of spills. */
   if ((excess + widest - 1) / widest > slots_left) {
      *out = NULL;
      return 0;
   }
   qsort(cand, ncand, sizeof(*cand), by_length);
   *out = ARENA_ARRAY(s->scratch, uint32_t, goal + 1);
   for (uint32_t k = 0; k < ncand && freed < goal; k++) {
      spilled[cand[k].v] = 1;
      (*out)[n++] = cand[k].v;
      freed += regs_of(s, cand[k].v);
   }
   if (!n) { /* only reloads left: victim() looks at the phis */
      uint32_t v = victim(s, l, p.at, length, spilled);
      if (v) {
         spilled[v] = 1;
         (*out)[n++] = v;
      }
   }
   return n;
}

/* Running state of choose_spread(): the values live after the current
 * instruction as a list (pos[v] its index, or UINT32_MAX), their
 * registers, and the registers of those picked this round. */
struct spread {
   struct ir_shader *s;
   uint32_t *list, *pos, n;
   unsigned regs, picked_regs;
   uint8_t *picked;
};

static void
spread_live(struct spread *w, uint32_t v)
{
   if (w->pos[v] != UINT32_MAX)
      return;
   w->pos[v] = w->n;
   w->list[w->n++] = v;
   w->regs += regs_of(w->s, v);
   w->picked_regs += w->picked[v] ? regs_of(w->s, v) : 0;
}

static void
spread_dead(struct spread *w, uint32_t v)
{
   uint32_t at = w->pos[v];
   if (at == UINT32_MAX)
      return;
   uint32_t last = w->list[--w->n];
   w->list[at] = last;
   w->pos[last] = at;
   w->pos[v] = UINT32_MAX;
   w->regs -= regs_of(w->s, v);
   w->picked_regs -= w->picked[v] ? regs_of(w->s, v) : 0;
}

/* At `I`, with pressure `p`: picks live values `I` does not use, the
 * longest-lived first, until the pressure left (without the values
 * picked so far this round) is at most `cut` or `budget` is spent. */
static void
pick_at(struct spread *w, struct ir_instr *I, unsigned p, unsigned cut,
        const uint32_t *length, uint8_t *spilled, uint32_t *out,
        unsigned *n, unsigned budget)
{
   while (p - w->picked_regs > cut && *n < budget) {
      uint32_t best = UINT32_MAX, best_len = 0;
      for (uint32_t k = 0; k < w->n; k++) {
         uint32_t v = w->list[k];
         if (spilled[v] || length[v] < best_len ||
             (length[v] == best_len && v > best) || touches(I, v))
            continue;
         best = v;
         best_len = length[v];
      }
      if (best == UINT32_MAX || !best_len)
         return; /* only reloads here: victim() looks at the phis */
      spilled[best] = 1;
      w->picked[best] = 1;
      w->picked_regs += regs_of(w->s, best);
      out[(*n)++] = best;
   }
}

/* The round's victims: at every point whose pressure is over `cut`
 * (the worst pressure less round_goal(): one register
 * near the target, a quarter of the excess far over it), values as
 * victim() picks them at the worst point, counting those picked at
 * points walked before as gone.  A shader over the target in thousands
 * of places took thousands of rounds of one spill, each a liveness and
 * a pressure walk of the whole program (1.5 s for a double-precision
 * vertex shader at 16 registers).  The count is an estimate (a reload
 * is live again just before its use; a value picked for a point walked
 * later may have served one walked before): rounds go on until the
 * measured pressure fits, and the first rounds re-measure after each
 * spill instead, which spills a little less. */
static unsigned
choose_spread(struct ir_shader *s, const struct ra_liveness *l,
              unsigned cut, unsigned budget, const uint32_t *length,
              uint8_t *spilled, uint32_t *out)
{
   uint32_t nvals = (uint32_t)s->values.len;
   struct spread w = {
      .s = s,
      .list = ARENA_ARRAY(s->scratch, uint32_t, nvals + 1),
      .pos = ARENA_ARRAY(s->scratch, uint32_t, nvals + 1),
      .picked = ARENA_ARRAY(s->scratch, uint8_t, nvals + 1),
   };
   memset(w.pos, 0xff, (nvals + 1) * sizeof(*w.pos));
   unsigned n = 0;
   ir_foreach_block(s, b) {
      ra_valueset_foreach(&l->live_out[b->index], v)
         spread_live(&w, v);
      ir_foreach_instr_rev(b, I) {
         unsigned p = w.regs;
         if (I->ndst && I->dst.kind == IR_REF_VALUE &&
             w.pos[I->dst.index] == UINT32_MAX)
            p += regs_of(s, I->dst.index);
         if (p > cut)
            pick_at(&w, I, p, cut, length, spilled, out, &n, budget);
         if (I->ndst && I->dst.kind == IR_REF_VALUE) {
            if (I->op == IR_OP_PRELOAD) /* as measure() counts it */
               spread_live(&w, I->dst.index);
            else
               spread_dead(&w, I->dst.index);
         }
         if (I->op == IR_OP_PHI)
            continue;
         ir_foreach_src(I, i) {
            if (I->src[i].kind == IR_REF_VALUE)
               spread_live(&w, I->src[i].index);
         }
      }
      while (w.n)
         spread_dead(&w, w.list[w.n - 1]);
   }
   return n;
}

static bool
spill(struct ir_shader *s, unsigned target, struct ir_layout *layout,
      unsigned exact_rounds)
{
   bool progress = false;
   struct arena_mark pass = arena_mark(s->scratch);
   uint8_t *spilled = ARENA_ARRAY(s->scratch, uint8_t, s->values.len + 1);
   /* The round's victims outlive its scratch analyses. */
   uint32_t *chosen = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1);
   size_t known = s->values.len;
   unsigned rounds = 0;
   for (;;) {
      if (s->values.len > known) {
         spilled =
            arena_grow(s->scratch, spilled, known, s->values.len + 1, 1);
         chosen = arena_grow(s->scratch, chosen, known, s->values.len + 1,
                             sizeof(*chosen));
         /* Reloads are already as short as they get. */
         for (size_t v = known; v < s->values.len; v++)
            spilled[v] = 1;
         known = s->values.len;
      }
      ir_compute_dominance(s);
      /* The analyses are scratch: keeping each round's would make memory
       * grow with rounds times size. */
      struct arena_mark round = arena_mark(s->scratch);
      struct ra_liveness live;
      ra_compute_liveness(s, &live);
      uint32_t *length =
         ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1);
      struct pressure_point p = measure(s, &live, length);
      if (p.regs <= target) {
         arena_release(s->scratch, pass);
         return progress;
      }
      uint32_t *victims;
      unsigned slots_left =
         (TLS_LIMIT - ((layout->tls_bytes + 15) & ~15u)) / 16;
      unsigned cut = p.regs - round_goal(p.regs, target);
      unsigned n = ++rounds > exact_rounds
                      ? choose_spread(s, &live, cut, slots_left, length,
                                      spilled, chosen)
                      : 0;
      if (!n) {
         n = choose_victims(s, &live, p, target, slots_left, length,
                            spilled, &victims);
         memcpy(chosen, victims, n * sizeof(*chosen));
      }
      arena_release(s->scratch, round);
      if (!n)
         cannot_spill(s, p, target);
      /* Liveness is not needed again until the next round: each spill
       * rewrites only its own value's definition and uses. */
      round = arena_mark(s->scratch);
      struct readers rd = find_readers(s, chosen, n);
      ir_renumber_blocks(s);
      struct ir_ref *at_pred =
         ARENA_ARRAY(s->scratch, struct ir_ref, s->block_count + 1);
      /* The remade victims move to the front of `chosen`, behind the
       * loop (their readers are rd's lists k, already used). */
      unsigned remade = 0;
      for (unsigned k = 0; k < n; k++) {
         if (rematerializable(s, chosen[k])) {
            remat_value(s, chosen[k], k, &rd);
            chosen[remade++] = chosen[k];
            continue;
         }
         uint32_t slot = (layout->tls_bytes + 15) & ~15u;
         if (slot + 16 > TLS_LIMIT)
            cannot_spill(s, p, target);
         layout->tls_bytes = slot + 4 * regs_of(s, chosen[k]);
         spill_value(s, chosen[k], k, slot, &rd, at_pred);
      }
      if (remade)
         remove_unread(s, chosen, remade);
      arena_release(s->scratch, round);
      progress = true;
   }
}

bool
ra_spill(struct ir_shader *s, unsigned target, struct ir_layout *layout)
{
   return spill(s, target, layout, EXACT_ROUNDS);
}

bool
ra_spill_spread(struct ir_shader *s, unsigned target,
                struct ir_layout *layout)
{
   return spill(s, target, layout, 0);
}
