/* SPDX-License-Identifier: MIT */
/*
 * The validator of hardware rules over a finished program, working from
 * the words alone (valhall-encoding.md):
 *
 * 1. Every word decodes, and each instruction passes the encoding rules
 *    (FAU pages, slots and sources; aligned pairs; staging alignment).
 * 2. Dependency slots, by the rules of va_deps.h (the ones the flow pass
 *    places waits by): along every path, no instruction meets a hazard
 *    there unless an instruction before it on that path waited on the
 *    slot.  Flow acts after its instruction, as in Mesa's binaries
 *    (`LD_VAR.slot0.wait0` is followed by a use of the result).  A
 *    register marked last-use (^) is not read again before it is
 *    written, and not marked while a pending message may still read it
 *    as a staging register.  Paths follow BRANCHZ targets and
 *    fall-through; BLEND continues after its blend-shader tail.
 * 3. The instruction before ATEST, ZS_EMIT, BLEND or BARRIER waits on the
 *    slots va_deps_drain_before names; ATEST itself waits on slot 0
 *    (unless it ends the program); BARRIER carries `wait`.
 * 4. Every conditional branch carries `reconverge`.  BLEND's colour is in
 *    r0-r3 and ATEST and ZS_EMIT write r60 (a blend shader reads them
 *    there).  A STORE's staging registers hold the words it stores.
 * 5. Execution cannot run past the last word: the program ends with
 *    `end` on every path.
 *
 * It is on by default in `tgsiva compile`: a failure is a compiler bug,
 * reported with the word index and the instruction.
 */
#include "va_validate.h"

#include <string.h>

#include "util/diag.h"
#include "va.h"
#include "va_deps.h"

struct state {
   struct va_deps deps;
   uint64_t dropped; /* registers marked last-use (^) since written */
};

struct validator {
   const uint64_t *words;
   size_t n;
   struct va_instr *I;
   struct state *in;   /* per word: pending state on entry */
   bool *reached;
   struct tgsiva_diagnostic *d;
   struct arena *arena;
};

static bool
fail(struct validator *v, size_t pc, const char *what)
{
   struct strbuf sb;
   strbuf_init(&sb, v->arena);
   va_print_instr(&sb, &v->I[pc]);
   return diag_error(v->d, TGSIVA_ERROR_INTERNAL,
                     "hardware rule broken at word %zu (%s): %s", pc,
                     sb.data, what);
}

/* Successors of word pc: up to two. */
static unsigned
successors(const struct validator *v, size_t pc, size_t *out)
{
   const struct va_instr *I = &v->I[pc];
   if (I->flow == VA_FLOW_END)
      return 0;
   unsigned n = 0;
   if (I->op == VA_OP_BRANCHZ) {
      int64_t target = (int64_t)pc + 1 + I->imm[VA_IMM_OFFSET];
      bool always = I->src[0].kind == VA_SRC_KIND_IMM &&
                    (va_imm_table[I->src[0].value & 31] == 0) ==
                       (I->mod[VA_MOD_EQ] == 1);
      if (target >= 0)
         out[n++] = (size_t)target;
      if (!always)
         out[n++] = pc + 1;
      return n;
   }
   out[n++] = pc + 1;
   return n;
}

static bool
check_flow_rules(struct validator *v, size_t pc)
{
   const struct va_instr *I = &v->I[pc];
   const struct va_instr *prev = pc ? &v->I[pc - 1] : NULL;
   unsigned before = prev ? va_flow_waits(prev->flow) : 0;
   unsigned drain = va_deps_drain_before(I->op);
   if ((before & drain) != drain)
      return fail(v, pc, I->op == VA_OP_BLEND
                            ? "the instruction before BLEND must wait on "
                              "every slot"
                         : I->op == VA_OP_BARRIER
                            ? "the instruction before BARRIER must wait012"
                            : "the instruction before ATEST or ZS_EMIT "
                              "must wait0126");
   if (I->op == VA_OP_ATEST && !(va_flow_waits(I->flow) & 1) &&
       I->flow != VA_FLOW_END)
      return fail(v, pc, "ATEST must wait on slot 0");
   /* A blend shader reads the colour from r0-r3 and the coverage from
    * r60 (spec/abi.md; every BLEND in Mesa's binaries does so). */
   if (I->op == VA_OP_BLEND && I->staging[0].reg != 0)
      return fail(v, pc, "BLEND's colour must be in r0-r3");
   if ((I->op == VA_OP_ATEST || I->op == VA_OP_ZS_EMIT) &&
       I->staging[0].reg != 60)
      return fail(v, pc, "the coverage mask ATEST and ZS_EMIT write must "
                         "be r60");
   if (I->op == VA_OP_BARRIER && I->flow != VA_FLOW_WAIT)
      return fail(v, pc, "BARRIER must carry the wait flow");
   /* A STORE reads the words it stores from its staging registers:
    * 1 up to i32, 2 for i48 and i64, 3 for i96, 4 for i128. */
   static const uint8_t store_words[8] = {1, 1, 1, 1, 2, 2, 3, 4};
   if (I->op >= VA_OP_STORE_I8 && I->op <= VA_OP_STORE_I128 &&
       I->staging[0].count != store_words[I->op - VA_OP_STORE_I8])
      return fail(v, pc, "a STORE's staging registers must hold the words "
                         "it stores, no more");
   if (I->op == VA_OP_BRANCHZ) {
      size_t s[2];
      if (successors(v, pc, s) == 2 && I->flow != VA_FLOW_RECONVERGE)
         return fail(v, pc, "a conditional branch must reconverge");
   }
   return true;
}

/* Registers the sources of I mark last-use (^). */
static uint64_t
last_uses(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      const struct va_src *src = &I->src[i];
      if (src->kind == VA_SRC_KIND_REG && src->discard)
         m |= (va_src_reads_pair(f, i, src) ? 3ull : 1ull) << src->value;
   }
   return m;
}

/* Applies word pc to `st`; false on a hazard.  Flow acts after the
 * instruction: its waits drain what is pending, its own message too. */
static bool
step(struct validator *v, size_t pc, struct state *st)
{
   const struct va_instr *I = &v->I[pc];
   static const char *const why_text[] = {
      [VA_HAZARD_REGISTER] = "a register a pending message writes is used "
                             "without a wait on its slot",
      [VA_HAZARD_MEM_WRITE] = "a memory write while an earlier memory "
                              "access is pending, without a wait on its "
                              "slot",
      [VA_HAZARD_MEM_READ] = "a memory read while an earlier memory write "
                             "is pending, without a wait on its slot",
      [VA_HAZARD_VARYING] = "a varying load while an earlier one is "
                            "pending, without a wait on its slot",
   };
   enum va_hazard why;
   if (va_deps_hazards(&st->deps, I, &why))
      return fail(v, pc, why_text[why]);
   uint64_t r, w;
   va_instr_registers(I, &r, &w);
   if (r & st->dropped)
      return fail(v, pc, "a register is read after its last use (^)");
   uint64_t dropping = last_uses(I);
   for (unsigned k = 0; k < 8; k++) {
      if (dropping & st->deps.staged[k])
         return fail(v, pc, "a register a pending message may still read "
                            "is marked last-use (^) before a wait on its "
                            "slot");
   }
   st->dropped = (st->dropped | dropping) & ~w;
   int slot = I->op == VA_OP_ATEST ? VA_SLOT_ATEST
              : va_is_message(I)    ? I->mod[VA_MOD_SLOT]
                                    : -1;
   if (slot >= 0)
      va_deps_issue(&st->deps, I, (unsigned)slot);
   va_deps_drain(&st->deps, va_flow_waits(I->flow));
   return true;
}

static bool
merge(struct state *into, const struct state *from, bool first)
{
   bool changed = va_deps_merge(&into->deps, &from->deps) || first;
   uint64_t d = into->dropped | from->dropped;
   changed |= d != into->dropped;
   into->dropped = d;
   return changed;
}

bool
va_validate(struct arena *arena, const uint64_t *words, size_t n,
            struct tgsiva_diagnostic *d)
{
   struct validator v = {.words = words, .n = n, .d = d, .arena = arena};
   if (!n)
      return diag_error(d, TGSIVA_ERROR_INTERNAL, "empty program");
   v.I = ARENA_ARRAY(arena, struct va_instr, n);
   v.in = ARENA_ARRAY(arena, struct state, n + 1);
   v.reached = ARENA_ARRAY(arena, bool, n + 1);
   for (size_t pc = 0; pc < n; pc++) {
      struct tgsiva_diagnostic why;
      diag_clear(&why);
      if (!va_decode(words[pc], &v.I[pc]))
         return diag_error(d, TGSIVA_ERROR_INTERNAL,
                           "word %zu does not decode", pc);
      if (!va_check_rules(&v.I[pc], &why))
         return fail(&v, pc, why.message);
      if (!check_flow_rules(&v, pc))
         return false;
   }
   /* Pending slots along every path, to a fixed point. */
   VEC(size_t) work = {0};
   v.reached[0] = true;
   *VEC_PUSH(arena, &work) = 0;
   while (work.len) {
      size_t pc = work.data[--work.len];
      struct state st = v.in[pc];
      if (!step(&v, pc, &st))
         return false;
      size_t succ[2];
      unsigned ns = successors(&v, pc, succ);
      for (unsigned i = 0; i < ns; i++) {
         if (succ[i] >= n)
            return fail(&v, pc, "execution runs past the last word "
                                "without `end`");
         bool first = !v.reached[succ[i]];
         v.reached[succ[i]] = true;
         if (merge(&v.in[succ[i]], &st, first))
            *VEC_PUSH(arena, &work) = succ[i];
      }
   }
   return true;
}
