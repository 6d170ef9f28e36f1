/* SPDX-License-Identifier: MIT */
/*
 * Instruction order inside each block, to hide message latency: loads,
 * varyings and texturing issue as early as their operands allow, their
 * consumers as late as other work allows, within the register pressure
 * the allocator colours.  A wrong reordering is silent wrong code, so
 * whatever is not known to be free to move keeps its original order.
 *
 * 1. A definition precedes its uses (SSA).
 * 2. Phis stay first in their block, the terminator (BRANCH, JUMP) last.
 *    PRELOADs go first in the entry block, in order: the hardware fills
 *    those registers before the shader starts and the allocator holds
 *    them from the start (ra_allocate.c), so that is where the pressure
 *    should count them.
 * 3. Fences keep their place relative to every instruction: DISCARD
 *    (changes which lanes run, which CLPER and memory accesses see),
 *    ATEST, ZS_EMIT, BLEND (a blend shader may run there; the blend tail
 *    follows it), BARRIER, NOP, a misplaced phi, a varying load in
 *    .retrieve mode (it reads what an earlier .store load kept), and
 *    whatever else the IR marks as having side effects
 *    (ir_instr_has_side_effects).
 * 4. Memory writes (STORE, ST_CVT, ST_TILE, ATOM*) keep their order with
 *    each other, with fences and with memory reads of the same space.
 * 5. Memory reads (LOAD, LD_BUFFER, LD_ATTR, LD_TEX, LD_TILE, TEX_*,
 *    VAR_TEX_*, and any pure message not named here) pass each other,
 *    never a write of their space or a fence: the same shader may write
 *    those buffers, images and tile.  The IR's side-effect mark wins
 *    over these names.  Thread-local storage (LOAD, STORE through
 *    thread_local_pointer or a SHADDX of it) is a space of its own,
 *    where accesses at constant offsets from the pointer order only
 *    with those whose bytes they overlap.
 * 6. Pure instructions (ALU, LD_VAR*, LEA_*: varyings and descriptors are
 *    never written by a shader; COLLECT, UNDEF) obey only rules 1 and 3.
 *
 * Heuristic: top-down list scheduling on a cycle model.  Ready ones
 * (operands issued + latency: texturing 24, memory 16, varyings 10, LEA
 * 8, ALU 1, copies 0) go first, messages first, then the longest latency
 * path to the block's end (where the flow pass drains messages), then
 * the original order.  A constant or uniform in a register then sinks to
 * its first reader (it hides nothing; by its COLLECT it needs no copy).
 *
 * Pressure, counted as ra_max_pressure counts it, is held to a limit:
 * the block's own peak or a cap, whichever is higher.  With `registers`
 * available and S = min(registers, 32) - 1, a block within S (32
 * registers) has the cap S - 3, a bigger one registers - 8, one over
 * `registers` registers - 8 alone (colouring pairs and vectors can fall
 * short of the bound: at a cap of 31 two corpus programs went to 64
 * registers, at 28 none).  A block over S first has its loads sunk to
 * their first readers as far as rules 3-5 allow, when that lowers its
 * peak (translation loads inputs first and stores outputs last), and
 * with 64 registers, unless over 2S, is first scheduled under S - 3
 * (the heuristic, from the end for pressure alone, careful, the demand
 * order), the larger limit if all fail.  Within 4 of the limit the
 * scheduler takes what adds the fewest registers; a block still over
 * keeps its original order.  Windows of 256 instructions keep the work
 * linear; choices depend on positions and numbers only.
 *
 * Requires: legalized SSA IR (va_legalize), before register allocation.
 * Ensures:  the rules above; every block's peak pressure within the limit.
 * Invalidates: nothing (instructions only move inside their block).
 */
#include "sched.h"

#include <string.h>

#include "emit/va.h"
#include "ra/ra.h"

enum order_class {
   ORDER_PURE,  /* ordered by data and fences only */
   ORDER_READ,  /* reads memory */
   ORDER_WRITE, /* writes memory */
   ORDER_FENCE, /* nothing moves across it */
};

enum {
   LATENCY_TEXTURE = 24,
   LATENCY_MEMORY = 16,
   LATENCY_VARYING = 10,
   LATENCY_ADDRESS = 8,
   LATENCY_ALU = 1,
   SMALL_MARGIN = 3, /* below 31: stays in the 32-register set */
   LARGE_MARGIN = 8, /* below 64 (or the forced limit) */
   RESERVE = 4,      /* registers kept free for finishing open work */
   WINDOW = 256,     /* instructions scheduled at once */
   NONE = UINT32_MAX,
};

/* Memory spaces that never alias (rules 4 and 5). */
enum memory_space {
   SPACE_SHARED, /* buffers, images, tile, outputs, ...: one space */
   SPACE_THREAD, /* thread-local storage */
   SPACE_COUNT,
};

/* How a message orders and how long its result takes, by its kind in
 * the ISA table.  Outputs and barriers have side effects, which make
 * them fences whatever the row says. */
static const struct message_order {
   uint8_t order, latency;
} message_orders[VA_MSG_COUNT] = {
   [VA_MSG_VARYING] = {ORDER_PURE, LATENCY_VARYING},
   [VA_MSG_ADDRESS] = {ORDER_PURE, LATENCY_ADDRESS},
   [VA_MSG_TEXTURE] = {ORDER_READ, LATENCY_TEXTURE},
   [VA_MSG_CONST_LOAD] = {ORDER_READ, LATENCY_MEMORY},
   [VA_MSG_LOAD] = {ORDER_READ, LATENCY_MEMORY},
   [VA_MSG_STORE] = {ORDER_WRITE, LATENCY_MEMORY},
   [VA_MSG_ATOMIC] = {ORDER_WRITE, LATENCY_MEMORY},
   [VA_MSG_BLEND] = {ORDER_FENCE, LATENCY_MEMORY},
   [VA_MSG_FRAGMENT_TEST] = {ORDER_FENCE, LATENCY_MEMORY},
   [VA_MSG_BARRIER] = {ORDER_FENCE, LATENCY_MEMORY},
};

struct node {
   struct ir_instr *I;
   uint32_t edges;    /* first outgoing edge, or NONE */
   uint32_t npreds;   /* predecessors not yet scheduled */
   uint32_t prio;     /* longest latency path to the end of the block */
   uint32_t earliest; /* cycle its operands are ready */
   uint8_t order;     /* enum order_class */
   uint8_t space;     /* enum memory_space, of a read or write */
   uint8_t latency;
   uint8_t cost;  /* issue cycles: 1 for a Valhall instruction */
   uint8_t dregs; /* registers of its result */
   bool message;
   /* What its sources free if it came next (freed_by) and whether its
    * result is dead, known while `known`: a commit that reads one of
    * its sources again clears it (issue).  Near the limit every ready
    * instruction is weighed at every step, and most of their sources
    * have not changed since the step before. */
   bool known;
   int16_t net; /* registers it adds if it came next, while known */
   uint32_t demand; /* position in the demand order (demand_order) */
   /* The parts of its keys (choice_key) that do not change while it
    * waits: message, path and position, set with the graph; its growth
    * and position, while known. */
   uint64_t room, growth;
};

/* A read of a value by an instruction of the window, listed by value
 * (value_state.readers). */
struct reader {
   uint32_t node, next;
};

struct edge {
   uint32_t to, next, latency;
};

/* A block's instructions between its fixed head and its terminator. */
struct region {
   struct ir_instr **instrs;
   uint32_t n;
   struct ir_instr *head_last; /* last leading phi or preload, or NULL */
   struct ir_instr *term;      /* terminator, or NULL */
};

/* Per value, for the block at hand; stamps say a fact holds for it. */
struct value_state {
   uint32_t uses;      /* reads left in the region */
   uint32_t uses_stamp; /* stamp: uses counted for this entry */
   uint32_t defined;   /* stamp: defined in the region */
   uint32_t pinned;    /* stamp: read by the terminator */
   uint32_t live_out;  /* stamp: live out of the block */
   uint32_t counted;   /* stamp: counted live at the region start */
   uint32_t window;    /* window defining it ... */
   uint32_t node;      /* ... and its node there */
   uint32_t ready_at;  /* cycle its result is ready */
   uint32_t use_stamp; /* stamp: first_use is valid */
   uint32_t first_use; /* position of its first reader (sinking) */
   uint32_t readers_stamp; /* listing whose reads `readers` holds */
   uint32_t readers;        /* first struct reader, or NONE */
};

struct sched {
   struct ir_shader *s;
   struct ra_liveness live;
   const struct ra_valueset *live_out; /* of the current block */
   struct value_state *v; /* per value */
   uint32_t stamp, window;
   uint32_t next_window; /* the last window number given */
   uint32_t use_stamp; /* sinking's own, beside the region's stamp */
   /* Pressure: the limit, where the scheduler turns careful, the live
    * registers now and the highest seen in this block. */
   unsigned limit, soft, cur, peak;
   /* An order whose peak passes this is of no use to the caller: the
    * schedule stops there (and reports failure). */
   unsigned give_up;
   unsigned max_dregs; /* the largest result in the window */
   unsigned max_nsrc;  /* the most sources an instruction there has */
   uint32_t now; /* cycle */
   bool by_demand; /* take the demand order, not the heuristic */
   /* The pressure enter_region found at the region's start, and what
    * the last try issued (tried[0 .. issued)): the next try undoes
    * those reads instead of entering the region again, a walk over all
    * of it (a try that fails stops early, most often in its first
    * window). */
   unsigned entry_cur;
   struct ir_instr **tried;
   uint32_t issued;
   struct node *nodes;
   uint32_t *ready;
   uint32_t node_room; /* entries in nodes and ready */
   VEC(struct edge) edges;
   const struct edge *edge; /* the window's edges: edges.data or kept */
   /* The window's reads by value, listed when the window first weighs
    * its instructions (most never come near the limit), for window
    * readers_for; `listed`: this try reads them. */
   VEC(struct reader) readers;
   uint32_t readers_for, readers_stamp;
   bool listed;
   uint32_t window_n; /* instructions in the window */
   /* The first window's graph, kept while a block is tried more than
    * once (fit_small_set): no value of an earlier window feeds it, so
    * it depends on the region's original order alone; the next try
    * copies its nodes back and reads its edges instead of building it
    * again. */
   bool keeping;
   struct ir_instr **kept_in; /* the window it is for, or NULL */
   struct node *kept_nodes;
   struct edge *kept_edges;
   unsigned kept_max_dregs, kept_max_nsrc;
   uint32_t kept_window; /* its number, given again to each try */
   /* A try built from each window's end (bottom_up_window): per value,
    * the stamp of the live set that holds it and its reads in the
    * window, allocated by the first such try; per node, its growth
    * while known. */
   bool bottom_up;
   uint32_t *bu_live, *bu_reads, bu_stamp;
   int *bu_growth;
   bool *bu_known;
};

/* ---------------------------------------------------------------------
 * Register pressure
 */

static unsigned
regs(const struct sched *S, uint32_t v)
{
   return ir_value(S->s, v)->nregs;
}

static bool
is_pinned(const struct sched *S, uint32_t v)
{
   return S->v[v].pinned == S->stamp || S->v[v].live_out == S->stamp;
}

static unsigned
dst_regs(const struct sched *S, const struct ir_instr *I)
{
   return I->ndst && I->dst.kind == IR_REF_VALUE ? regs(S, I->dst.index) : 0;
}

/* Registers of the sources `I` reads for the last time. */
static unsigned
freed_by(const struct sched *S, const struct ir_instr *I)
{
   unsigned freed = 0;
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      if (r.kind != IR_REF_VALUE || is_pinned(S, r.index))
         continue;
      /* Most sources settle without counting: a value read once more is
       * freed here, one read more often than `I` has sources is not. */
      uint32_t uses = S->v[r.index].uses;
      if (uses == 1) {
         freed += regs(S, r.index);
         continue;
      }
      if (uses > I->nsrc)
         continue;
      unsigned reads = 0;
      bool first = true;
      for (unsigned j = 0; j < I->nsrc && first; j++) {
         if (I->src[j].kind == IR_REF_VALUE && I->src[j].index == r.index) {
            first = j >= i;
            reads++;
         }
      }
      if (first && S->v[r.index].uses == reads)
         freed += regs(S, r.index);
   }
   return freed;
}

/* Pressure at `I` if it came next: what stays live, plus its result. */
static unsigned
pressure_at(const struct sched *S, const struct ir_instr *I)
{
   return S->cur - freed_by(S, I) + dst_regs(S, I);
}

static bool
result_dead(const struct sched *S, const struct ir_instr *I)
{
   return I->ndst && I->dst.kind == IR_REF_VALUE &&
          !S->v[I->dst.index].uses && !is_pinned(S, I->dst.index);
}

/* `I` comes next: its dying sources go, its result comes.  Returns the
 * pressure at it. */
static unsigned
commit(struct sched *S, const struct ir_instr *I)
{
   unsigned at = pressure_at(S, I);
   S->peak = at > S->peak ? at : S->peak;
   ir_foreach_src(I, i) {
      if (I->src[i].kind == IR_REF_VALUE)
         S->v[I->src[i].index].uses--;
   }
   S->cur = at - (result_dead(S, I) ? dst_regs(S, I) : 0);
   return at;
}

/* ---------------------------------------------------------------------
 * Regions
 */

static struct region
find_region(struct sched *S, struct ir_block *b)
{
   struct region R = {.term = ir_block_terminator(b)};
   struct ir_instr *I = b->first;
   for (; I && (I->op == IR_OP_PHI || I->op == IR_OP_PRELOAD); I = I->next)
      R.head_last = I;
   for (struct ir_instr *J = I; J && J != R.term; J = J->next)
      R.n++;
   R.instrs = ARENA_ARRAY(S->s->scratch, struct ir_instr *, R.n + 1);
   for (uint32_t k = 0; k < R.n; k++, I = I->next)
      R.instrs[k] = I;
   return R;
}

static void
count_live(struct sched *S, uint32_t v)
{
   if (S->v[v].defined != S->stamp && S->v[v].counted != S->stamp) {
      S->v[v].counted = S->stamp;
      S->cur += regs(S, v);
   }
}

/* v's state with its use count started afresh for this entry. */
static struct value_state *
fresh_uses(struct sched *S, uint32_t v)
{
   struct value_state *st = &S->v[v];
   if (st->uses_stamp != S->stamp) {
      st->uses_stamp = S->stamp;
      st->uses = 0;
   }
   return st;
}

/* Use counts, pins and the pressure at the start of the region. */
static void
enter_region(struct sched *S, struct ir_block *b, const struct region *R)
{
   S->stamp++;
   S->live_out = &S->live.live_out[b->index];
   S->cur = S->peak = S->now = 0;
   /* One walk: uses counted afresh (a region may be entered again for
    * another try), definitions marked, and what the region reads from
    * before it counted live at its start (a source's definition in the
    * region comes before it: SSA). */
   for (uint32_t k = 0; k < R->n; k++) {
      const struct ir_instr *I = R->instrs[k];
      ir_foreach_src(I, i) {
         if (I->src[i].kind != IR_REF_VALUE)
            continue;
         fresh_uses(S, I->src[i].index)->uses++;
         count_live(S, I->src[i].index);
      }
      if (I->ndst && I->dst.kind == IR_REF_VALUE)
         fresh_uses(S, I->dst.index)->defined = S->stamp;
   }
   if (R->term) {
      ir_foreach_src(R->term, i) {
         if (R->term->src[i].kind == IR_REF_VALUE) {
            S->v[R->term->src[i].index].pinned = S->stamp;
            count_live(S, R->term->src[i].index);
         }
      }
   }
   ra_valueset_foreach(S->live_out, v) {
      S->v[v].live_out = S->stamp;
      count_live(S, v);
   }
   S->entry_cur = S->cur;
   S->issued = 0;
}

/* Back to the state enter_region left: the reads the last try made
 * count again (commit's decrements, undone). */
static void
undo_try(struct sched *S)
{
   for (uint32_t k = 0; k < S->issued; k++) {
      const struct ir_instr *I = S->tried[k];
      ir_foreach_src(I, i) {
         if (I->src[i].kind == IR_REF_VALUE)
            S->v[I->src[i].index].uses++;
      }
   }
   S->issued = 0;
   S->cur = S->entry_cur;
   S->peak = S->now = 0;
}

/* The peak pressure of the region in its original order, and in
 * `*floor` the highest at a boundary between two windows or at the
 * region's end.  Each window schedules its own slice of the region, so
 * what is live at a boundary is the same in every order (what was made
 * before it and is read after it, or leaves the block): a try whose
 * limit the floor passes fails there at the latest, and is not made
 * (the indirect family's block passes 56 registers at its first
 * boundary from 1,000 instructions on).  Leaves the state as
 * enter_region made it. */
static unsigned
original_peak(struct sched *S, const struct region *R, unsigned *floor)
{
   unsigned start = S->cur;
   *floor = 0;
   for (uint32_t k = 0; k < R->n; k++) {
      commit(S, R->instrs[k]);
      if ((k + 1) % WINDOW == 0 || k + 1 == R->n)
         *floor = S->cur > *floor ? S->cur : *floor;
   }
   unsigned peak = S->peak;
   for (uint32_t k = 0; k < R->n; k++) {
      const struct ir_instr *I = R->instrs[k];
      ir_foreach_src(I, i) {
         if (I->src[i].kind == IR_REF_VALUE)
            S->v[I->src[i].index].uses++;
      }
   }
   S->cur = start;
   S->peak = 0;
   return peak;
}

/* Which ready instruction comes next, as one number, the smallest
 * best.  With room to spare (tier 0, within the reserve): ready first
 * (else the one ready soonest), messages, the longest path.  Near the
 * limit (tier 1 within it, 2 over it): what adds the fewest registers
 * (frees the most), so that work on the values already live finishes
 * before new ones come.  Ties: the original order.  The fields are far
 * wider than a window needs: a result is ready at most a message's
 * latency after the clock, a path is at most a window of messages, a
 * block's growth a few registers. */
enum {
   KEY_INDEX = 0,     /* 16 bits: position in the window */
   KEY_PRIO = 16,     /* 24 bits: longest path, inverted */
   KEY_NOT_MESSAGE = 40,
   KEY_DELAY = 41,    /* 16 bits: cycles until ready */
   KEY_NOT_READY = 57,
   KEY_GROWTH = 16,   /* 32 bits: registers added, biased */
   KEY_TIER = 62,
};

/* The parts of node i's room key that do not change while it waits:
 * message, path (once the graph gives it) and position. */
static uint64_t
static_room_key(const struct node *N, uint32_t i)
{
   return (uint64_t)!N->message << KEY_NOT_MESSAGE |
          (uint64_t)(0xffffff - (N->prio < 0xffffff ? N->prio : 0xffffff))
             << KEY_PRIO |
          i;
}

/* ---------------------------------------------------------------------
 * Dependences
 */

/* A varying load in .retrieve mode reuses what an earlier one stored
 * (tgsiva emits none today): it must not pass that load. */
static bool
retrieves(const struct va_settings *I)
{
   return I->mod[VA_MOD_UPDATE] == VA_UPDATE_MODE_RETRIEVE ||
          I->mod[VA_MOD_SAMPLE_AND_UPDATE] ==
             VA_SAMPLE_AND_UPDATE_MODE_RETRIEVE;
}

/* A LOAD or STORE addressed by thread_local_pointer, directly or through
 * a SHADDX of it, reaches thread-local storage only. */
static enum memory_space
memory_space(const struct ir_shader *s, const struct ir_instr *I)
{
   enum va_msg kind = (enum va_msg)va_form((enum va_op)I->va_op)
                         ->kind;
   if ((kind != VA_MSG_LOAD && kind != VA_MSG_STORE) || !I->nsrc)
      return SPACE_SHARED;
   struct ir_ref addr = I->src[0];
   if (addr.kind == IR_REF_VALUE) {
      const struct ir_instr *d = ir_value(s, addr.index)->def;
      if (!d || d->op != IR_OP_VA || d->va_op != VA_OP_SHADDX_U64)
         return SPACE_SHARED;
      addr = d->src[0];
   }
   return ir_ref_is_thread_local_pointer(addr) ? SPACE_THREAD : SPACE_SHARED;
}

static void
classify(const struct ir_shader *s, struct node *N)
{
   const struct ir_instr *I = N->I;
   bool side = ir_instr_has_side_effects(I);
   if (I->op != IR_OP_VA) {
      /* Copies and structure; the terminator is not in the region. */
      N->order = side || I->op == IR_OP_PHI ? ORDER_FENCE : ORDER_PURE;
      return;
   }
   const struct va_form *f = va_form((enum va_op)I->va_op);
   N->cost = 1;
   N->message = f->message;
   N->latency = LATENCY_ALU;
   N->order = side ? ORDER_FENCE : ORDER_PURE;
   if (!f->message)
      return;
   const struct message_order *k = &message_orders[f->kind];
   N->latency = k->latency;
   N->space = (uint8_t)memory_space(s, I);
   /* The IR's side-effect mark wins over the table: only a write is
    * less than a fence. */
   if (side)
      N->order = k->order == ORDER_WRITE ? ORDER_WRITE : ORDER_FENCE;
   else if (retrieves(I->va))
      N->order = ORDER_FENCE;
   else
      N->order = k->order;
}

static void
add_edge(struct sched *S, uint32_t from, uint32_t to, uint32_t latency)
{
   struct edge *e = VEC_PUSH(S->s->scratch, &S->edges);
   *e = (struct edge){.to = to, .next = S->nodes[from].edges,
                      .latency = latency};
   S->nodes[from].edges = (uint32_t)(S->edges.len - 1);
   S->nodes[to].npreds++;
}

/* An ordering edge: a fence waits for what went before it (the flow pass
 * drains messages there), other orderings cost nothing. */
static void
add_order(struct sched *S, uint32_t from, uint32_t to)
{
   bool waits = S->nodes[to].order == ORDER_FENCE;
   add_edge(S, from, to, waits ? S->nodes[from].latency : 0);
}

static void
add_data_edges(struct sched *S, uint32_t i)
{
   struct node *N = &S->nodes[i];
   ir_foreach_src(N->I, k) {
      struct ir_ref r = N->I->src[k];
      if (r.kind != IR_REF_VALUE)
         continue;
      if (S->v[r.index].window == S->window) {
         uint32_t from = S->v[r.index].node;
         add_edge(S, from, i, S->nodes[from].latency);
      } else if (S->v[r.index].defined == S->stamp &&
                 S->v[r.index].ready_at > N->earliest) {
         N->earliest = S->v[r.index].ready_at; /* an earlier window */
      }
   }
}

/* The last fence and the last write (or fence) of each space before the
 * node at hand.  Thread-local accesses at a constant offset from
 * thread_local_pointer touch bytes known in advance: those are listed
 * since the last barrier (a fence, a write through a computed address,
 * or the access that found the list full, each ordered after all that
 * went before it), and one orders only after the listed ones whose bytes
 * it overlaps, where one of the two writes.  The translation stores an
 * array's elements one by one; without this, every store waited for the
 * one before it and held every value it stores live until then. */
enum { THREAD_LOCAL_LISTED = 64 };

struct thread_local_access {
   uint32_t node;
   bool write;
   int64_t lo, hi; /* bytes [lo, hi) from thread_local_pointer */
};

struct order_state {
   uint32_t fence, write[SPACE_COUNT];
   uint32_t barrier; /* of thread-local storage, or NONE */
   unsigned listed;
   struct thread_local_access access[THREAD_LOCAL_LISTED];
};

/* The bytes a LOAD or STORE at a constant offset from
 * thread_local_pointer touches. */
static bool
thread_local_bytes(const struct ir_instr *I, int64_t *lo, int64_t *hi)
{
   static const uint8_t bytes[] = {1, 2, 3, 4, 6, 8, 12, 16};
   unsigned k;
   if (I->va_op >= VA_OP_LOAD_I8 && I->va_op <= VA_OP_LOAD_I128)
      k = I->va_op - VA_OP_LOAD_I8;
   else if (I->va_op >= VA_OP_STORE_I8 && I->va_op <= VA_OP_STORE_I128)
      k = I->va_op - VA_OP_STORE_I8;
   else
      return false;
   if (!I->nsrc || !ir_ref_is_thread_local_pointer(I->src[0]))
      return false;
   *lo = I->va->imm[VA_IMM_OFFSET];
   *hi = *lo + bytes[k];
   return true;
}

/* Out of line: most shaders have no thread-local storage, and the graph
 * builder around the common case stays as the compiler inlined it. */
static __attribute__((noinline)) void
add_thread_local_order(struct sched *S, uint32_t i, struct order_state *o)
{
   const struct node *N = &S->nodes[i];
   bool write = N->order == ORDER_WRITE;
   int64_t lo = INT64_MIN, hi = INT64_MAX;
   bool known = thread_local_bytes(N->I, &lo, &hi);
   bool barrier = (write && !known) || o->listed == THREAD_LOCAL_LISTED;
   if (o->barrier != NONE)
      add_order(S, o->barrier, i);
   for (unsigned k = 0; k < o->listed; k++) {
      const struct thread_local_access *e = &o->access[k];
      if (barrier || ((write || e->write) && e->lo < hi && lo < e->hi))
         add_order(S, e->node, i);
   }
   if (barrier) {
      o->barrier = i;
      o->listed = 0;
   } else {
      o->access[o->listed++] =
         (struct thread_local_access){i, write, lo, hi};
   }
}

/* Rules 3-5 for node i. */
static void
add_order_edges(struct sched *S, uint32_t i, struct order_state *o)
{
   struct node *N = &S->nodes[i];
   uint32_t *write = &o->write[N->space];
   if (N->space == SPACE_THREAD &&
       (N->order == ORDER_READ || N->order == ORDER_WRITE)) {
      add_thread_local_order(S, i, o);
      return;
   }
   switch (N->order) {
   case ORDER_PURE:
      if (o->fence != NONE)
         add_order(S, o->fence, i);
      break;
   case ORDER_READ:
      if (*write != NONE)
         add_order(S, *write, i);
      break;
   case ORDER_WRITE:
      if (*write != NONE)
         add_order(S, *write, i);
      for (uint32_t j = *write == NONE ? 0 : *write + 1; j < i; j++) {
         if (S->nodes[j].order == ORDER_READ &&
             S->nodes[j].space == N->space)
            add_order(S, j, i);
      }
      *write = i;
      break;
   default:
      for (uint32_t j = o->fence == NONE ? 0 : o->fence; j < i; j++)
         add_order(S, j, i);
      o->fence = i;
      for (unsigned sp = 0; sp < SPACE_COUNT; sp++)
         o->write[sp] = i;
      o->barrier = i;
      o->listed = 0;
      break;
   }
}

static void
build_graph(struct sched *S, struct ir_instr **in, uint32_t n)
{
   /* Set field by field: an initializer would clear the whole list. */
   struct order_state o;
   o.fence = o.barrier = NONE;
   o.write[SPACE_SHARED] = o.write[SPACE_THREAD] = NONE;
   o.listed = 0;
   S->window = ++S->next_window;
   S->edges.len = 0;
   S->listed = false;
   S->window_n = n;
   S->max_dregs = S->max_nsrc = 0;
   memset(S->nodes, 0, n * sizeof(*S->nodes));
   for (uint32_t i = 0; i < n; i++) {
      struct node *N = &S->nodes[i];
      N->I = in[i];
      N->edges = NONE;
      N->dregs = (uint8_t)dst_regs(S, N->I);
      S->max_dregs = N->dregs > S->max_dregs ? N->dregs : S->max_dregs;
      S->max_nsrc = N->I->nsrc > S->max_nsrc ? N->I->nsrc : S->max_nsrc;
      classify(S->s, N);
      add_data_edges(S, i);
      add_order_edges(S, i, &o);
      if (N->I->ndst && N->I->dst.kind == IR_REF_VALUE) {
         S->v[N->I->dst.index].window = S->window;
         S->v[N->I->dst.index].node = i;
      }
   }
   S->edge = S->edges.data;
   /* Edges go forward, so a backward sweep sees successors first. */
   for (uint32_t i = n; i-- > 0;) {
      struct node *N = &S->nodes[i];
      N->prio = N->message ? N->latency : N->cost;
      for (uint32_t e = N->edges; e != NONE; e = S->edges.data[e].next) {
         const struct edge *E = &S->edges.data[e];
         uint32_t p = E->latency + S->nodes[E->to].prio;
         N->prio = p > N->prio ? p : N->prio;
      }
      N->room = static_room_key(N, i);
   }
}

/* ---------------------------------------------------------------------
 * Choosing
 */

/* Node N's key with room to spare (see the key's comment): its fixed
 * part, behind how long until it is ready. */
static inline __attribute__((always_inline)) uint64_t
room_key(const struct sched *S, const struct node *N)
{
   if (N->earliest <= S->now)
      return N->room;
   uint32_t delay = N->earliest - S->now;
   return N->room | (uint64_t)1 << KEY_NOT_READY |
          (uint64_t)(delay < 0xffff ? delay : 0xffff) << KEY_DELAY;
}

/* What node N adds, and its growth key, for the state now: what its
 * sources free changes only as their other readers come (forget_freed). */
static void
know(const struct sched *S, struct node *N, uint32_t i)
{
   int net = (int)N->dregs - (int)freed_by(S, N->I);
   int growth = net - (result_dead(S, N->I) ? (int)N->dregs : 0);
   N->net = (int16_t)net;
   N->growth = (uint64_t)(uint32_t)(growth + 0x40000000) << KEY_GROWTH | i;
   N->known = true;
}

/* In the terms of the key's comment: pressure `at` = cur + net is
 * within the reserve when net <= soft - cur (`room`), within the limit
 * when net <= limit - cur (`within`); a result adds at most its own
 * registers, so one that small needs no count of what it frees. */
static inline __attribute__((always_inline)) uint64_t
choice_key(const struct sched *S, uint32_t i, int room, int within)
{
   struct node *N = &S->nodes[i];
   if ((int)N->dregs <= room)
      return room_key(S, N);
   if (!N->known)
      know(S, N, i);
   if (N->net <= room)
      return room_key(S, N);
   return (uint64_t)(N->net <= within ? 1 : 2) << KEY_TIER | N->growth;
}

/* Lists the window's instructions among the readers of each of their
 * sources. */
static void
list_readers(struct sched *S)
{
   S->listed = true;
   if (S->readers_for == S->window)
      return; /* a kept window's, listed by an earlier try */
   S->readers_for = S->window;
   S->readers_stamp++;
   S->readers.len = 0;
   for (uint32_t i = 0; i < S->window_n; i++) {
      const struct ir_instr *I = S->nodes[i].I;
      ir_foreach_src(I, k) {
         if (I->src[k].kind != IR_REF_VALUE)
            continue;
         struct value_state *st = &S->v[I->src[k].index];
         if (st->readers_stamp != S->readers_stamp) {
            st->readers_stamp = S->readers_stamp;
            st->readers = NONE;
         }
         *VEC_PUSH(S->s->scratch, &S->readers) =
            (struct reader){.node = i, .next = st->readers};
         st->readers = (uint32_t)(S->readers.len - 1);
      }
   }
}

/* Far from the limit (no result can take the pressure over the
 * reserve), choice_key() is the room key. */
static uint32_t
pick_fast(const struct sched *S, uint32_t nready)
{
   uint32_t best = 0;
   uint64_t best_key = room_key(S, &S->nodes[S->ready[0]]);
   for (uint32_t k = 1; k < nready; k++) {
      uint64_t key = room_key(S, &S->nodes[S->ready[k]]);
      if (key < best_key) {
         best = k;
         best_key = key;
      }
   }
   return best;
}

/* The window's predecessor lists: preds[first[i] .. first[i + 1]) are
 * node i's, ascending. */
static uint32_t *
list_preds(struct sched *S, uint32_t n, uint32_t **first_out)
{
   uint32_t *first = ARENA_ARRAY(S->s->scratch, uint32_t, n + 1); /* zeroed */
   for (uint32_t i = 0; i < n; i++) {
      for (uint32_t e = S->nodes[i].edges; e != NONE;
           e = S->edge[e].next)
         first[S->edge[e].to + 1]++;
   }
   for (uint32_t i = 0; i < n; i++)
      first[i + 1] += first[i];
   uint32_t *preds = ARENA_ARRAY(S->s->scratch, uint32_t, first[n] + 1);
   uint32_t *fill = ARENA_ARRAY(S->s->scratch, uint32_t, n + 1);
   memcpy(fill, first, (n + 1) * sizeof(*fill));
   for (uint32_t i = 0; i < n; i++) {
      for (uint32_t e = S->nodes[i].edges; e != NONE;
           e = S->edge[e].next)
         preds[fill[S->edge[e].to]++] = i;
   }
   *first_out = first;
   return preds;
}

/* The demand order: the instructions that must keep their turn (all but
 * pure ones) and pure ones nothing in the window reads stay in their
 * original order, and each comes right after the pure instructions it
 * needs that have not come yet, depth first, operands in their original
 * order.  Each value is then made just before the first instruction that
 * needs it, so a block of many independent expressions (values selected
 * from two sets, each feeding a store) holds one expression's values at
 * a time, where the heuristic above, which looks one instruction ahead,
 * may make every first operand before any second one.  Returns the
 * window's nodes in that order: a walk that places each node after its
 * predecessors, so the order is one the dependences allow as it is. */
static uint32_t *
demand_order(struct sched *S, uint32_t n)
{
   uint32_t *first;
   uint32_t *preds = list_preds(S, n, &first);
   /* Iterative depth-first walk: stack of nodes and their next pred. */
   uint32_t *stack = ARENA_ARRAY(S->s->scratch, uint32_t, n);
   uint32_t *next = ARENA_ARRAY(S->s->scratch, uint32_t, n);
   uint32_t *order = ARENA_ARRAY(S->s->scratch, uint32_t, n);
   for (uint32_t i = 0; i < n; i++)
      S->nodes[i].demand = NONE;
   uint32_t rank = 0;
   for (uint32_t root = 0; root < n; root++) {
      const struct node *R = &S->nodes[root];
      if (R->demand != NONE ||
          (R->order == ORDER_PURE && R->edges != NONE))
         continue;
      uint32_t depth = 0;
      S->nodes[root].demand = NONE - 1;
      stack[depth] = root;
      next[depth++] = first[root];
      while (depth) {
         uint32_t i = stack[depth - 1];
         if (next[depth - 1] < first[i + 1]) {
            uint32_t p = preds[next[depth - 1]++];
            if (S->nodes[p].demand == NONE) {
               S->nodes[p].demand = NONE - 1; /* on the stack */
               stack[depth] = p;
               next[depth++] = first[p];
            }
            continue;
         }
         S->nodes[i].demand = rank;
         order[rank++] = i;
         depth--;
      }
   }
   return order;
}

static uint32_t
pick(struct sched *S, uint32_t nready)
{
   if (S->cur + S->max_dregs <= S->soft)
      return pick_fast(S, nready);
   if (!S->listed)
      list_readers(S);
   int room = (int)S->soft - (int)S->cur;
   int within = (int)S->limit - (int)S->cur;
   uint32_t best = 0;
   uint64_t best_key = choice_key(S, S->ready[0], room, within);
   for (uint32_t k = 1; k < nready; k++) {
      uint64_t key = choice_key(S, S->ready[k], room, within);
      if (key < best_key) {
         best = k;
         best_key = key;
      }
   }
   return best;
}

/* I came next: what the other readers of its sources free may have
 * changed.  A reader frees a source when the reads left of it are its
 * own reads, at most its sources: while more are left than any
 * instruction of the window has sources, no reader's answer moved (the
 * varying a whole block reads, say). */
static void
forget_freed(struct sched *S, const struct ir_instr *I)
{
   ir_foreach_src(I, k) {
      struct ir_ref r = I->src[k];
      if (r.kind != IR_REF_VALUE ||
          S->v[r.index].readers_stamp != S->readers_stamp ||
          S->v[r.index].uses > S->max_nsrc)
         continue;
      for (uint32_t e = S->v[r.index].readers; e != NONE;
           e = S->readers.data[e].next)
         S->nodes[S->readers.data[e].node].known = false;
   }
}

/* Takes ready node i: the clock, the pressure, its successors. */
static inline __attribute__((always_inline)) void
issue(struct sched *S, uint32_t i, uint32_t *nready)
{
   struct node *N = &S->nodes[i];
   uint32_t at = N->earliest > S->now ? N->earliest : S->now;
   S->now = at + N->cost;
   commit(S, N->I);
   if (S->listed)
      forget_freed(S, N->I);
   if (N->I->ndst && N->I->dst.kind == IR_REF_VALUE)
      S->v[N->I->dst.index].ready_at = at + N->latency;
   for (uint32_t e = N->edges; e != NONE; e = S->edge[e].next) {
      const struct edge *E = &S->edge[e];
      struct node *T = &S->nodes[E->to];
      if (at + E->latency > T->earliest)
         T->earliest = at + E->latency;
      if (--T->npreds == 0)
         S->ready[(*nready)++] = E->to;
   }
}

static void
keep_graph(struct sched *S, struct ir_instr **in, uint32_t n)
{
   S->kept_in = in;
   S->kept_nodes = ARENA_ARRAY(S->s->scratch, struct node, n);
   memcpy(S->kept_nodes, S->nodes, n * sizeof(*S->nodes));
   S->kept_edges = ARENA_ARRAY(S->s->scratch, struct edge,
                               S->edges.len + 1);
   memcpy(S->kept_edges, S->edges.data,
          S->edges.len * sizeof(*S->kept_edges));
   S->kept_max_dregs = S->max_dregs;
   S->kept_max_nsrc = S->max_nsrc;
   S->kept_window = S->window;
}

/* The kept graph back, as build_graph left it, under its own number:
 * its definitions' stamps hold again, and so do its reader lists unless
 * a later window listed its own since.  Later windows take new numbers
 * (next_window), so no stamp of another try's window counts. */
static void
restore_graph(struct sched *S, uint32_t n)
{
   S->window = S->kept_window;
   S->listed = false;
   S->window_n = n;
   S->max_dregs = S->kept_max_dregs;
   S->max_nsrc = S->kept_max_nsrc;
   memcpy(S->nodes, S->kept_nodes, n * sizeof(*S->nodes));
   S->edge = S->kept_edges; /* read only while scheduling */
}

/* What choosing node i next, from the window's end, adds to the live
 * set: its sources not yet in it, less its result if it was. */
static int
bottom_up_growth(const struct sched *S, uint32_t i)
{
   if (S->bu_known[i])
      return S->bu_growth[i];
   const struct ir_instr *I = S->nodes[i].I;
   int growth = 0;
   ir_foreach_src(I, k) {
      struct ir_ref r = I->src[k];
      if (r.kind != IR_REF_VALUE || S->bu_live[r.index] == S->bu_stamp)
         continue;
      bool again = false; /* counted at an earlier source */
      for (unsigned j = 0; j < k && !again; j++)
         again = I->src[j].kind == IR_REF_VALUE &&
                 I->src[j].index == r.index;
      growth += again ? 0 : (int)regs(S, r.index);
   }
   if (I->ndst && I->dst.kind == IR_REF_VALUE &&
       S->bu_live[I->dst.index] == S->bu_stamp)
      growth -= (int)regs(S, I->dst.index);
   S->bu_growth[i] = growth;
   S->bu_known[i] = true;
   return growth;
}

/* v joined the live set: what its other readers and its definition add
 * changed. */
static void
bottom_up_forget(struct sched *S, uint32_t v)
{
   if (S->v[v].window == S->window)
      S->bu_known[S->v[v].node] = false;
   if (S->v[v].readers_stamp != S->readers_stamp)
      return;
   for (uint32_t e = S->v[v].readers; e != NONE;
        e = S->readers.data[e].next)
      S->bu_known[S->readers.data[e].node] = false;
}

/* Whether every instruction that can come first in the window passes
 * give_up there, as then every order does.  The top-down tries find
 * that at their first step anyway; the bottom-up one would build the
 * whole order before counting it. */
static bool
window_start_too_high(const struct sched *S, uint32_t n)
{
   for (uint32_t i = 0; i < n; i++) {
      if (!S->nodes[i].npreds && pressure_at(S, S->nodes[i].I) <= S->give_up)
         return false;
   }
   return true;
}

/* Marks v live after the window when it is read again later in the
 * region or pinned; what it marks adds to `*live` (registers). */
static void
bottom_up_mark_live_out(struct sched *S, uint32_t v, unsigned *live)
{
   if (S->bu_live[v] != S->bu_stamp &&
       (S->v[v].uses > S->bu_reads[v] || is_pinned(S, v))) {
      S->bu_live[v] = S->bu_stamp;
      *live += regs(S, v);
   }
}

/* Marks what is live after the window among the values it reads or
 * makes, their registers in `*live`; returns the registers live
 * through the window untouched: what is live at its start (S->cur, as
 * commit counts it) less what it reads from before it. */
static unsigned
bottom_up_live_out(struct sched *S, uint32_t n, unsigned *live)
{
   for (uint32_t i = 0; i < n; i++) {
      const struct ir_instr *I = S->nodes[i].I;
      ir_foreach_src(I, k) {
         if (I->src[k].kind == IR_REF_VALUE)
            S->bu_reads[I->src[k].index] = 0;
      }
      if (I->ndst && I->dst.kind == IR_REF_VALUE)
         S->bu_reads[I->dst.index] = 0;
   }
   unsigned read_in = 0;
   for (uint32_t i = 0; i < n; i++) {
      const struct ir_instr *I = S->nodes[i].I;
      ir_foreach_src(I, k) {
         uint32_t v = I->src[k].index;
         if (I->src[k].kind == IR_REF_VALUE && !S->bu_reads[v]++ &&
             S->v[v].window != S->window)
            read_in += regs(S, v);
      }
   }
   *live = 0;
   for (uint32_t i = 0; i < n; i++) {
      const struct ir_instr *I = S->nodes[i].I;
      ir_foreach_src(I, k) {
         if (I->src[k].kind == IR_REF_VALUE)
            bottom_up_mark_live_out(S, I->src[k].index, live);
      }
      if (I->ndst && I->dst.kind == IR_REF_VALUE)
         bottom_up_mark_live_out(S, I->dst.index, live);
   }
   return S->cur - read_in;
}

/* The ready slot that adds the least, the latest of equals. */
static uint32_t
bottom_up_pick(const struct sched *S, uint32_t nready)
{
   uint32_t best = 0;
   int best_growth = bottom_up_growth(S, S->ready[0]);
   for (uint32_t j = 1; j < nready; j++) {
      int g = bottom_up_growth(S, S->ready[j]);
      if (g < best_growth ||
          (g == best_growth && S->ready[j] > S->ready[best])) {
         best = j;
         best_growth = g;
      }
   }
   return best;
}

/* I goes above what is placed: its result leaves the live set (`*live`
 * registers of the window's values), its sources join it.  Returns the
 * pressure of the window's values at I: the live set below it, and its
 * result when nothing reads it. */
static unsigned
bottom_up_place(struct sched *S, const struct ir_instr *I, unsigned *live)
{
   unsigned at = *live;
   if (I->ndst && I->dst.kind == IR_REF_VALUE) {
      uint32_t d = I->dst.index;
      if (S->bu_live[d] != S->bu_stamp)
         at += regs(S, d);
      else
         *live -= regs(S, d);
      S->bu_live[d] = 0;
   }
   ir_foreach_src(I, j) {
      uint32_t v = I->src[j].index;
      if (I->src[j].kind == IR_REF_VALUE && S->bu_live[v] != S->bu_stamp) {
         S->bu_live[v] = S->bu_stamp;
         *live += regs(S, v);
         bottom_up_forget(S, v);
      }
   }
   return at;
}

/* The window's order for pressure alone, chosen from its end: each step
 * takes, of the instructions whose successors are all placed, the one
 * that adds the fewest registers to what is live below it (the latest
 * of equals), so that a value is made just before the first instruction
 * that needs it, wherever that one ends up; the top-down tries, which
 * look one instruction ahead, make values as soon as they are ready and
 * hold them.  What is live below each step is what the pressure there
 * will be (with a result nothing reads), so the build stops (false) at
 * the first step from the end that passes give_up; a complete order is
 * then counted from the top as the others are (commit), which must find
 * the same pressure at every step. */
static bool
bottom_up_window(struct sched *S, struct ir_instr **in, uint32_t n,
                 struct ir_instr **out)
{
   struct ir_shader *s = S->s;
   if (!S->bu_live) {
      S->bu_live = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1);
      S->bu_reads = ARENA_ARRAY(s->scratch, uint32_t, s->values.len + 1);
   }
   if (window_start_too_high(S, n)) {
      S->peak = S->give_up + 1; /* as a try that went there */
      return false;
   }
   S->bu_stamp++;
   unsigned live;
   unsigned through = bottom_up_live_out(S, n, &live);
   unsigned *pressure = ARENA_ARRAY(s->scratch, unsigned, n);
   if (!S->listed)
      list_readers(S);
   S->bu_growth = ARENA_ARRAY(s->scratch, int, n);
   S->bu_known = ARENA_ARRAY(s->scratch, bool, n); /* zeroed */
   uint32_t *first;
   uint32_t *preds = list_preds(S, n, &first);
   uint32_t *succs = ARENA_ARRAY(s->scratch, uint32_t, n + 1);
   uint32_t nready = 0;
   for (uint32_t i = 0; i < n; i++) {
      for (uint32_t e = S->nodes[i].edges; e != NONE;
           e = S->edge[e].next)
         succs[i]++;
      if (!succs[i])
         S->ready[nready++] = i;
   }
   for (uint32_t k = n; k-- > 0;) {
      if (!nready)
         ir_invalid(s, in[0], "sched_order: a cycle in the dependences");
      uint32_t best = bottom_up_pick(S, nready);
      uint32_t i = S->ready[best];
      S->ready[best] = S->ready[--nready];
      out[k] = S->nodes[i].I;
      unsigned at = bottom_up_place(S, out[k], &live) + through;
      if (at > S->give_up) {
         S->peak = S->give_up + 1; /* as a try that went there */
         return false;
      }
      pressure[k] = at;
      for (uint32_t p = first[i]; p < first[i + 1]; p++) {
         if (!--succs[preds[p]])
            S->ready[nready++] = preds[p];
      }
   }
   for (uint32_t k = 0; k < n; k++) {
      unsigned at = commit(S, out[k]);
      S->issued++;
      if (at != pressure[k])
         ir_invalid(s, out[k], "sched_order: the order built from the end "
                               "counts %u registers here, from the top %u",
                    pressure[k], at);
   }
   return true;
}

/* The demand order, issued as it stands (the ready instruction first in
 * it is always the next in it). */
static bool
demand_window(struct sched *S, struct ir_instr **in, uint32_t n,
              struct ir_instr **out)
{
   const uint32_t *order = demand_order(S, n);
   uint32_t nready = 0; /* what becomes ready is not looked at */
   for (uint32_t k = 0; k < n; k++) {
      out[k] = in[order[k]];
      S->issued++;
      issue(S, order[k], &nready);
      if (S->peak > S->give_up)
         return false;
   }
   return true;
}

static bool
schedule_window(struct sched *S, struct ir_instr **in, uint32_t n,
                struct ir_instr **out)
{
   if (in == S->kept_in) {
      restore_graph(S, n);
   } else {
      build_graph(S, in, n);
      /* The first window a keeping block builds is its first. */
      if (S->keeping && !S->kept_in)
         keep_graph(S, in, n);
   }
   if (S->bottom_up)
      return bottom_up_window(S, in, n, out);
   if (S->by_demand)
      return demand_window(S, in, n, out);
   uint32_t nready = 0;
   for (uint32_t i = 0; i < n; i++) {
      if (!S->nodes[i].npreds)
         S->ready[nready++] = i;
   }
   for (uint32_t k = 0; k < n; k++) {
      if (!nready)
         ir_invalid(S->s, in[0], "sched_order: a cycle in the dependences");
      uint32_t slot = pick(S, nready);
      uint32_t i = S->ready[slot];
      S->ready[slot] = S->ready[--nready];
      out[k] = S->nodes[i].I;
      S->issued++;
      issue(S, i, &nready);
      if (S->peak > S->give_up)
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------
 * Blocks
 */

static void
relink(struct ir_block *b, const struct region *R, struct ir_instr **order)
{
   struct ir_instr *prev = R->head_last;
   for (uint32_t k = 0; k < R->n; k++) {
      order[k]->prev = prev;
      if (prev)
         prev->next = order[k];
      else
         b->first = order[k];
      prev = order[k];
   }
   prev->next = R->term;
   if (R->term)
      R->term->prev = prev;
   else
      b->last = prev;
}

/* A pure ALU instruction that reads no value (a constant or uniform
 * moved into a register): it has no reason to come early, and placed
 * right before its first reader it keeps a register free until then
 * and sits beside the COLLECT it usually feeds, where the allocator can
 * build the vector without copies. */
static bool
is_constant(const struct ir_instr *I)
{
   if (I->op != IR_OP_VA || !I->ndst || I->dst.kind != IR_REF_VALUE ||
       va_form((enum va_op)I->va_op)->message ||
       ir_instr_has_side_effects(I))
      return false;
   ir_foreach_src(I, i) {
      if (I->src[i].kind == IR_REF_VALUE)
         return false;
   }
   return true;
}

/* A load: a message with a result that is pure or a memory read. */
static bool
is_load(const struct node *N)
{
   return N->message && N->I->ndst && N->I->dst.kind == IR_REF_VALUE &&
          (N->order == ORDER_PURE || N->order == ORDER_READ);
}

/* Where sinking stops: the next fence and the next write of each space
 * after the instruction at hand. */
struct sink_bounds {
   uint32_t fence, write[SPACE_COUNT];
};

static void
note_bounds(struct sink_bounds *b, const struct node *N, uint32_t i)
{
   if (N->order == ORDER_FENCE) {
      b->fence = i;
   } else if (N->order == ORDER_WRITE) {
      b->write[N->space] = i;
   }
}

static uint32_t
sink_bound(const struct sink_bounds *b, const struct node *N)
{
   uint32_t w = b->write[N->space];
   return N->order == ORDER_READ && w < b->fence ? w : b->fence;
}

/* `I`'s sources are read at position `at` (the earliest read wins). */
static void
note_uses(struct sched *S, const struct ir_instr *I, uint32_t at)
{
   ir_foreach_src(I, k) {
      if (I->src[k].kind != IR_REF_VALUE)
         continue;
      struct value_state *v = &S->v[I->src[k].index];
      if (v->use_stamp != S->use_stamp || at < v->first_use)
         v->first_use = at;
      v->use_stamp = S->use_stamp;
   }
}

/* Moves each constant (and each load read in the block, with `loads`)
 * down to its first reader in `order`, or the next instruction it may
 * not pass (a fence; for a memory read, a write of its space), or the
 * end; the others keep their order.  A constant reads no value, so
 * sinking it only shortens a live range; a load may lengthen its
 * address's.  A load only live out of the block stays: moving it down
 * would shorten no wait. */
static void
sink_to_readers(struct sched *S, struct ir_instr **order, uint32_t n,
                bool loads)
{
   /* Without loads, what comes before the first constant stays, and
    * reads nothing that sinks. */
   uint32_t first = 0;
   while (!loads && first < n && !is_constant(order[first]))
      first++;
   order += first;
   n -= first;
   if (!n)
      return;
   struct arena *a = S->s->scratch;
   uint32_t *head = ARENA_ARRAY(a, uint32_t, n + 1);
   uint32_t *next = ARENA_ARRAY(a, uint32_t, n);
   bool *sunk = ARENA_ARRAY(a, bool, n);
   memset(head, 0xff, (n + 1) * sizeof(*head));
   struct sink_bounds b = {.fence = n, .write = {n, n}};
   S->use_stamp++;
   for (uint32_t i = n; i-- > 0;) {
      struct ir_instr *I = order[i];
      struct node N = {.I = I};
      classify(S->s, &N);
      uint32_t v = I->ndst && I->dst.kind == IR_REF_VALUE ? I->dst.index
                                                           : 0;
      bool read_here = v && S->v[v].use_stamp == S->use_stamp;
      sunk[i] = is_constant(I) || (loads && read_here && is_load(&N));
      if (!sunk[i]) {
         note_bounds(&b, &N, i);
         note_uses(S, I, i);
         continue;
      }
      uint32_t to = read_here ? S->v[v].first_use : n;
      uint32_t bound = sink_bound(&b, &N);
      to = to < bound ? to : bound;
      next[i] = head[to];
      head[to] = i;
      /* Its sources are read where it lands: a source sunk too lands
       * there as well, ahead of it (pushed later, listed first). */
      note_uses(S, I, to);
   }
   struct ir_instr **out = ARENA_ARRAY(a, struct ir_instr *, n);
   uint32_t k = 0;
   for (uint32_t i = 0; i <= n; i++) {
      for (uint32_t j = head[i]; j != NONE; j = next[j])
         out[k++] = order[j];
      if (i < n && !sunk[i])
         out[k++] = order[i];
   }
   memcpy(order, out, n * sizeof(*order));
}

/* S of the header: the pressure that keeps a shader at 32 registers (or
 * within all it has). */
static unsigned
small_set(unsigned registers)
{
   return (registers < 32 ? registers : 32) - 1;
}

/* The pressure limit for a block whose peak is `peak` when the
 * allocator has `registers` (see the header). */
static unsigned
pressure_limit(unsigned peak, unsigned registers)
{
   unsigned small = small_set(registers);
   if (registers <= LARGE_MARGIN)
      return peak; /* no room to spare */
   if (peak <= small)
      return peak > small - SMALL_MARGIN ? peak : small - SMALL_MARGIN;
   if (peak <= registers)
      return peak > registers - LARGE_MARGIN ? peak
                                             : registers - LARGE_MARGIN;
   return registers - LARGE_MARGIN;
}

static bool
has_message(const struct region *R)
{
   for (uint32_t k = 0; k < R->n; k++) {
      const struct ir_instr *I = R->instrs[k];
      if (I->op == IR_OP_VA && va_form((enum va_op)I->va_op)->message)
         return true;
   }
   return false;
}

/* Room for a window of `n` instructions. */
static void
reserve_nodes(struct sched *S, uint32_t n)
{
   n = n < WINDOW ? n : WINDOW;
   if (n <= S->node_room)
      return;
   S->nodes = ARENA_ARRAY(S->s->scratch, struct node, n);
   S->ready = ARENA_ARRAY(S->s->scratch, uint32_t, n);
   S->node_room = n;
}

/* Sinks the loads of a block over S when that lowers its peak (`*peak`,
 * and its `*floor`, updated): the block takes that order, which becomes
 * the original order the scheduler starts from. */
static bool
sink_loads(struct sched *S, struct ir_block *b, struct region *R,
           unsigned *peak, unsigned *floor)
{
   struct ir_instr **order = ARENA_ARRAY(S->s->scratch, struct ir_instr *,
                                         R->n);
   memcpy(order, R->instrs, R->n * sizeof(*order));
   sink_to_readers(S, order, R->n, true);
   struct region sunk = *R;
   sunk.instrs = order;
   unsigned sunk_floor;
   unsigned sunk_peak = original_peak(S, &sunk, &sunk_floor);
   if (sunk_peak >= *peak)
      return false;
   relink(b, R, order);
   R->instrs = order;
   *peak = sunk_peak;
   *floor = sunk_floor;
   return true;
}

/* Schedules region R into `order` under `limit`, turning careful
 * `reserve` registers below it; false if it went over `limit`, or (at
 * once) over `give_up`. */
static bool
schedule_within(struct sched *S, const struct region *R,
                unsigned limit, unsigned reserve, unsigned give_up,
                struct ir_instr **order)
{
   /* The first try after schedule_block entered the region (and only
    * measured or reordered it since) starts from that state; a later
    * one undoes the try before it. */
   undo_try(S);
   S->tried = order;
   S->limit = limit;
   S->soft = S->limit > reserve ? S->limit - reserve : 0;
   S->give_up = give_up;
   for (uint32_t start = 0; start < R->n; start += WINDOW) {
      uint32_t n = R->n - start < WINDOW ? R->n - start : WINDOW;
      if (!schedule_window(S, R->instrs + start, n, order + start))
         return false;
   }
   return S->peak <= S->limit;
}

/* For a block over S with 64 registers available: an order within S, so
 * that the shader can stay in the 32-register set, if one of four finds
 * one.  Latency first while there is room below S's cap; if that runs
 * into the cap, the order built from the end (bottom_up_window: it
 * brings 14 corpus programs into the 32-register set that the others
 * do not), careful all along (the order that adds the fewest registers
 * at each step), then the demand order (each of the last two still
 * finds orders the others miss).  Of orders over the cap but within S,
 * the lowest.  An order over S is of no use, so a try stops as soon as
 * it passes S: the others compare only the peaks of complete orders
 * within S, which are the same either way. */
static bool
fit_small_set(struct sched *S, const struct region *R, unsigned small,
              struct ir_instr **order)
{
   unsigned cap = small - SMALL_MARGIN;
   S->keeping = true;
   if (schedule_within(S, R, cap, RESERVE, small, order))
      return true;
   unsigned best = S->peak;
   struct ir_instr **other = ARENA_ARRAY(S->s->scratch, struct ir_instr *,
                                         R->n);
   for (unsigned attempt = 0; attempt < 3; attempt++) {
      S->bottom_up = attempt == 0;
      S->by_demand = attempt == 2;
      bool fits = schedule_within(S, R, cap, cap, small, other);
      S->bottom_up = S->by_demand = false;
      if (fits || S->peak < best) {
         memcpy(order, other, R->n * sizeof(*order));
         best = S->peak;
      }
      if (fits)
         return true;
   }
   return best <= small;
}

/* Whether no order of the region can pass the small set's cap: what is
 * live at its start and every result it makes, all at once, fit under
 * it.  Then its own peak does not matter (pressure_limit gives the cap
 * to every peak below it), and the walk that measures it is saved: most
 * blocks are this small. */
static bool
peak_within_cap(const struct sched *S, const struct region *R,
                unsigned registers)
{
   if (registers <= LARGE_MARGIN)
      return false; /* the limit is the peak itself */
   unsigned most = S->cur, cap = small_set(registers) - SMALL_MARGIN;
   for (uint32_t k = 0; k < R->n && most <= cap; k++)
      most += dst_regs(S, R->instrs[k]);
   return most <= cap;
}

/* Without a message there is no latency to hide: the block stays. */
static bool
schedule_block(struct sched *S, struct ir_block *b, unsigned registers)
{
   struct region R = find_region(S, b);
   if (R.n < 2 || !has_message(&R))
      return false;
   enter_region(S, b, &R);
   S->keeping = false;
   S->kept_in = NULL;
   unsigned small = small_set(registers);
   /* 0 for a block within the cap: all it makes fits under every
    * limit, so its boundaries do too. */
   unsigned floor = 0;
   unsigned peak = peak_within_cap(S, &R, registers)
                      ? small - SMALL_MARGIN /* the limit it gets anyway */
                      : original_peak(S, &R, &floor);
   bool sunk = peak > small && sink_loads(S, b, &R, &peak, &floor);
   reserve_nodes(S, R.n);
   struct ir_instr **order = ARENA_ARRAY(S->s->scratch, struct ir_instr *,
                                         R.n);
   /* Over 2S the tries would have to halve the peak: none did on the
    * corpus (at most 57 to 31), and failing they were a quarter of a
    * 69-register block's compile (docs/performance.md, session 46). */
   bool fits = peak > small && peak <= 2 * small && registers > 32 &&
               floor <= small && fit_small_set(S, &R, small, order);
   unsigned limit = pressure_limit(peak, registers);
   if (!fits && (floor > limit ||
                 !schedule_within(S, &R, limit, RESERVE, limit, order)))
      return sunk;
   sink_to_readers(S, order, R.n, false);
   if (!memcmp(order, R.instrs, R.n * sizeof(*order)))
      return sunk;
   relink(b, &R, order);
   return true;
}

/* Moves every PRELOAD to the top of the entry block, in order. */
static bool
preloads_first(struct ir_shader *s)
{
   struct ir_block *b = s->first_block;
   struct ir_instr *last = NULL; /* the last preload in place */
   bool progress = false;
   ir_foreach_instr_safe(b, I) {
      if (I->op != IR_OP_PRELOAD)
         continue;
      if (I->prev != last) {
         ir_instr_remove(I);
         if (last)
            ir_instr_insert_after(last, I);
         else
            ir_instr_insert_before(b->first, I);
         progress = true;
      }
      last = I;
   }
   return progress;
}

bool
sched_order(struct ir_shader *s, unsigned registers)
{
   struct sched S = {.s = s};
   ir_compute_dominance(s);
   ra_compute_liveness(s, &S.live);
   S.v = ARENA_ARRAY(s->scratch, struct value_state, s->values.len + 1);
   bool progress = preloads_first(s);
   ir_foreach_block(s, b)
      progress |= schedule_block(&S, b, registers);
   return progress;
}
