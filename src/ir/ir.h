/* SPDX-License-Identifier: MIT */
/*
 * The tgsiva IR: SSA values in basic blocks of a control-flow graph.
 *
 * TGSI is a vec4 register language; this IR is scalar.  A value is one or
 * more 32-bit registers: a 32-bit scalar, a 64-bit scalar (an aligned
 * register pair) or a vector of 32-bit registers (what message
 * instructions read and write as staging registers).  A source names a
 * whole value, one 32-bit register of a vector (`comp`), or one 32-bit
 * word of a 64-bit value (swizzle .w0/.w1).
 *
 * Operations come in two kinds.  Generic operations (ir_ops.h) are what
 * translation produces and what the optimisations understand.  IR_OP_VA
 * carries one Valhall instruction form (src/emit/va.h) whose operands are
 * IR values: translation emits messages that way, and instruction
 * selection turns everything else into it.  After register allocation the
 * operands are physical registers (IR_REF_REG) and the IR is no longer in
 * SSA form; from then on the IR is the only copy of every operand, last-use
 * mark and flow, and the Valhall instruction words are built from it
 * (ir_va_instr) by emission and by the passes that need the hardware's
 * view.
 *
 * Everything is allocated from the shader's arena and never freed alone.
 */
#ifndef TGSIVA_IR_IR_H
#define TGSIVA_IR_IR_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util/arena.h"
#include "util/strbuf.h"
#include "tgsiva/tgsiva.h"

struct va_instr;
struct va_settings;
struct ir_va_bound;

enum ir_op {
#define IR_OP(e, name, nsrc, ndst, size, flags) IR_OP_##e,
#include "ir_ops.h"
#undef IR_OP
   IR_OP_COUNT
};

enum ir_op_size {
   IR_SIZE_SAME, /* all sources and the result have one size */
   IR_SIZE_S32,  /* all 32-bit */
   IR_SIZE_ANY,  /* a rule of its own */
};

enum ir_op_flags {
   IR_OPF_FLOAT = 1 << 0, /* sources take neg/abs, result takes clamp */
   IR_OPF_COMM = 1 << 1,  /* sources 0 and 1 commute */
   IR_OPF_SIDE = 1 << 2,  /* side effects: never removed or moved */
   IR_OPF_TERM = 1 << 3,  /* ends a block */
   IR_OPF_NO_CSE = 1 << 4 /* depends on where it runs (lanes, preloads) */
};

struct ir_op_info {
   const char *name;
   int8_t nsrc; /* -1: variable */
   int8_t ndst; /* -1: given by the Valhall form */
   uint8_t size;
   uint8_t flags;
};

extern const struct ir_op_info ir_op_infos[IR_OP_COUNT];

/* ---------------------------------------------------------------------
 * Operands
 */

enum ir_ref_kind {
   IR_REF_NONE = 0,
   IR_REF_VALUE,   /* SSA value `index` */
   IR_REF_CONST,   /* 32-bit constant, the bits in `index` */
   IR_REF_UNIFORM, /* FAU uniform word `index` (pushed constant) */
   IR_REF_SPECIAL, /* special FAU value `index` (enum va_special) */
   IR_REF_REG,     /* physical register `index` (after allocation) */
};

enum ir_swizzle {
   IR_SWIZZLE_NONE = 0, /* the whole 32-bit register */
   IR_SWIZZLE_H0,       /* low 16 bits */
   IR_SWIZZLE_H1,       /* high 16 bits */
   IR_SWIZZLE_B0,       /* bytes 0-3 */
   IR_SWIZZLE_B1,
   IR_SWIZZLE_B2,
   IR_SWIZZLE_B3,
   IR_SWIZZLE_W0, /* low word of a 64-bit value or special (`.w0`) */
   IR_SWIZZLE_W1,
};

enum ir_ref_mods {
   IR_MOD_NEG = 1 << 0,  /* float negate */
   IR_MOD_ABS = 1 << 1,  /* float absolute value (before negate) */
   IR_MOD_NOT = 1 << 2,  /* bitwise invert */
   IR_MOD_LAST = 1 << 3, /* last use of a register (`^r5`) */
};

/*
 * One operand or destination.  Eight bytes with no padding, so that two
 * refs can be compared and hashed as a 64-bit word.
 */
struct ir_ref {
   uint32_t index;
   uint8_t kind;    /* enum ir_ref_kind */
   /* IR_REF_VALUE: the 32-bit register within a multi-register value.
    * IR_REF_REG: how many registers from `index` on the operand names when
    * more than one (a 64-bit pair, a staging vector); 0 for one. */
   uint8_t comp;
   uint8_t swizzle; /* enum ir_swizzle */
   uint8_t mods;    /* enum ir_ref_mods */
};

_Static_assert(sizeof(struct ir_ref) == 8, "ir_ref is one 64-bit word");

/* A ref as the 64-bit word it is, to compare or hash at once. */
static inline uint64_t
ir_ref_word(struct ir_ref r)
{
   uint64_t w;
   memcpy(&w, &r, sizeof(w));
   return w;
}

/* ---------------------------------------------------------------------
 * Values, instructions, blocks
 */

struct ir_value {
   struct ir_instr *def;
   uint8_t bits;  /* 32 or 64: the size of one element */
   uint8_t nregs; /* 32-bit registers it occupies (64-bit: 2) */
   int16_t reg;   /* fixed or assigned first register, -1 if none */
};

enum ir_cond {
   IR_COND_EQ, /* these match the Valhall `Condition` enum */
   IR_COND_GT,
   IR_COND_GE,
   IR_COND_NE, /* for floats: unordered (true when either is NaN) */
   IR_COND_LT,
   IR_COND_LE,
   IR_COND_GTLT, /* floats only: ordered not-equal */
};

/* The condition that holds for (b, a) where `c` holds for (a, b). */
enum ir_cond ir_cond_mirror(enum ir_cond c);

enum ir_cmptype {
   IR_CMP_F, /* binary32 */
   IR_CMP_S, /* signed integer */
   IR_CMP_U, /* unsigned integer */
};

enum ir_boolfmt {
   IR_BOOL_M1, /* 0 / ~0 (TGSI's integer booleans) */
   IR_BOOL_F1, /* 0.0 / 1.0 (TGSI's SLT, SGE, ...) */
   IR_BOOL_I1, /* 0 / 1 */
};

enum ir_clamp {
   IR_CLAMP_NONE, /* these match the Valhall `Clamp` enum */
   IR_CLAMP_0_INF,
   IR_CLAMP_M1_1,
   IR_CLAMP_0_1,
};

enum ir_instr_flags {
   IR_INSTR_PRECISE = 1 << 0, /* TGSI precise: no fusion, exact algebra */
   IR_INSTR_FINE = 1 << 1,    /* fine derivative */
   IR_INSTR_TIED = 1 << 2,    /* dst shares registers with the last src */
   /* A load of memory nothing writes while the shader runs (uniform
    * buffers): equal loads give equal results, so CSE may merge them. */
   IR_INSTR_INVARIANT_LOAD = 1 << 3,
   /* BRANCH: taken when the condition is zero (va_optimize, for a branch
    * on a comparison's NOT; va_thread_jumps, turning a branch around so
    * that the other side falls through).  Printed `.ifzero`. */
   IR_INSTR_BRANCH_IF_ZERO = 1 << 4,
   /* The write of the blend shader's return address right after a BLEND
    * (va_blend_return): the flow passes look past it, as it belongs to
    * the blend-shader call that va_blend_tail completes. */
   IR_INSTR_BLEND_RETURN = 1 << 5,
};

/* One cache line: every pass walks every instruction, and on a big
 * shader the walks stream the instructions from memory (at 80 bytes,
 * five instructions took seven lines). */
struct ir_instr {
   struct ir_instr *prev, *next;
   struct ir_block *block;
   uint8_t op; /* enum ir_op */
   uint8_t nsrc;
   uint8_t ndst;
   uint8_t cond;    /* enum ir_cond */
   uint8_t cmptype; /* enum ir_cmptype */
   uint8_t boolfmt; /* enum ir_boolfmt */
   uint8_t clamp;   /* enum ir_clamp, applied to the result */
   uint8_t flags;   /* enum ir_instr_flags */
   /* enum va_op, for IR_OP_VA: the form (its template holds none). */
   uint16_t va_op;
   /* enum va_flow, from va_insert_flow on: acts after the instruction
    * (waits, reconverge, discard, end). */
   uint8_t flow;
   uint8_t imm; /* op-specific: PRELOAD's register */
   /* Scratch for passes: valid only inside the pass that sets it. */
   uint32_t pass_data;
   struct ir_ref dst;
   struct ir_ref *src;
   /* IR_OP_VA: the form's modifiers (the dependency slot among them) and
    * immediates, its template: ir_va_instr builds the instruction from
    * va_op, src, dst, flow and this.  The operands it last built after
    * allocation are kept beside it (ir_va_slot.h), not here: most walks
    * never read them. */
   struct va_settings *va;
};

_Static_assert(sizeof(struct ir_instr) == 64, "an instruction is one line");
_Static_assert(IR_OP_COUNT <= 256, "enum ir_op fits ir_instr's op");

struct ir_block {
   struct ir_block *prev, *next; /* layout order */
   struct ir_instr *first, *last;
   /* succ[0] is the BRANCH target, the JUMP target or the fall-through;
    * succ[1] is the not-taken side of a BRANCH. */
   struct ir_block *succ[2];
   VEC(struct ir_block *) preds; /* phi sources follow this order */
   uint32_t index;
   uint16_t loop_depth;
   bool loop_header;
   /* What walks of its instructions prefetch: the shader's `ahead`. */
   uint8_t ahead;
   /* Dominance (ir_compute_dominance): the dominator tree's parent and
    * the interval [dom_pre, dom_post] of its preorder numbers that the
    * block's subtree covers, so a dominance query is two comparisons. */
   struct ir_block *idom;
   uint32_t rpo_index;
   uint32_t dom_pre, dom_post;
   /* Scratch for passes. */
   uint32_t pass_data;
};

enum ir_stage {
   IR_STAGE_VERTEX_POSITION, /* IDVS position shader */
   IR_STAGE_VERTEX_VARYING,  /* IDVS varying shader */
   IR_STAGE_FRAGMENT,
   IR_STAGE_COMPUTE,
   IR_STAGE_VERTEX_XFB, /* transform feedback, launched as compute */
   IR_STAGE_GEOMETRY,   /* the geometry program, launched as compute */
   IR_STAGE_COUNT,
};

/* One of ir_va_src's answers (src/valhall/ir_va.c), kept because it is
 * asked the same questions many times: for every source of every
 * instruction in legalisation and in each pass on allocated code. */
struct ir_va_memo {
   struct ir_ref ref;
   uint16_t op;
   uint8_t slot;
   uint8_t state; /* 0: empty; else 1 | pair << 1 | answer << 2 */
   uint8_t out[8]; /* the struct va_src answered */
};

#define IR_VA_MEMO_SIZE 256 /* a power of two */

struct ir_shader {
   struct arena *arena;
   /* A pass's own tables (liveness, maps, work lists): the pipeline
    * frees them after each pass (compile.c, after()), so that the next
    * pass reuses the memory instead of the compile growing by every
    * pass's tables; a helper a pass calls many times releases its own
    * with arena_mark/arena_release. */
   struct arena *scratch;
   /* The instructions and their source arrays, and nothing else but
    * the blocks ir_compact copied: it copies the program's blocks and
    * instructions to a new arena and frees this one whole (a block made
    * since lives in `arena`). */
   struct arena *instrs;
   /* The Valhall templates (ir_va_slot.h) and kept operands
    * (ir_va_bound), the same way; from the first compaction on in a
    * stream of their own: most passes walk the instructions without
    * reading a template, and a 160-byte template beside each
    * instruction made every walk of a big shader stream it through the
    * caches too (a small one fits them anyway, and is spared a chunk of
    * its own for them). */
   struct arena *templates;
   enum ir_stage stage;
   struct ir_block *first_block, *last_block; /* first is the entry */
   uint32_t block_count;
   VEC(struct ir_value) values; /* value 0 is unused: index 0 means none */
   /* Set by register allocation: operands are registers, not SSA. */
   bool allocated;
   bool checks; /* passes run their own checks (ra_verify) too */
   /* Spill code added by ra_spill: stores and reloads. */
   uint32_t spills, fills;
   /* Instructions made since the last compaction (ir_compact). */
   uint32_t instrs_made;
   /* 1 when the program is big enough for walks to prefetch
    * (IR_PREFETCH_BYTES), else 0; new blocks take it. */
   uint8_t ahead;
   /* The driver interface being built (push words), when the pipeline
    * gives it: legalisation adds constants to the push words. */
   struct ir_layout *layout;
   /* Where ir_invalid() reports a broken invariant. */
   struct tgsiva_diagnostic *diag;
   jmp_buf *bail;
   const char *pass; /* the pass just validated, for messages */
   const char *running; /* the pass running, for messages */
   struct ir_va_memo *va_memo; /* IR_VA_MEMO_SIZE entries */
};

/* ---------------------------------------------------------------------
 * Iteration
 */

#define ir_foreach_block(s, b)                                               \
   for (struct ir_block *b = (s)->first_block; b; b = b->next)

#define ir_foreach_block_rev(s, b)                                           \
   for (struct ir_block *b = (s)->last_block; b; b = b->prev)

/* Walks of a big program ask for the memory a few dozen instructions
 * ahead of them (behind them, walking backwards): compaction lays the
 * program out in order, so that memory is what the walk reads next, and
 * a list walk waits for each instruction's line before it knows the next
 * one's address (20 ns an instruction at 30,000 TGSI instructions).  A
 * small program fits the caches, and there the address ahead is mostly
 * past its end, in a page the compile has not touched: a prefetch never
 * faults, but one into a page that is not there walks the page tables
 * every time (about 20 ns in this virtual machine), and a 2-instruction
 * shader compiled without a workspace took 50 us instead of 16
 * (docs/performance.md, session 47).  So the distance is the block's
 * `ahead` pages, 0 in a small program, where the prefetch asks for the
 * instruction itself: no test in the loop.  The address is made as an
 * integer, past the end of the memory as it may be. */
#define IR_PREFETCH_BYTES 4096
/* A program is big from this many bytes of instructions (compaction)
 * or TGSI instructions (translation): bench_scaling's walks gain from
 * 10,000 TGSI instructions on, and lose nothing at 1,000. */
#define IR_PREFETCH_MIN_BYTES ((size_t)256 * 1024)
#define IR_PREFETCH_MIN_TGSI 1024

static inline struct ir_instr *
ir_ahead(struct ir_instr *I, unsigned pages)
{
   __builtin_prefetch(
      (const void *)((uintptr_t)I + (uintptr_t)pages * IR_PREFETCH_BYTES));
   return I;
}

static inline struct ir_instr *
ir_behind(struct ir_instr *I, unsigned pages)
{
   __builtin_prefetch(
      (const void *)((uintptr_t)I - (uintptr_t)pages * IR_PREFETCH_BYTES));
   return I;
}

#define ir_foreach_instr(blk, I)                                             \
   for (struct ir_instr *I = (blk)->first; I;                               \
        I = ir_ahead(I, (blk)->ahead)->next)

#define ir_foreach_instr_rev(blk, I)                                         \
   for (struct ir_instr *I = (blk)->last; I;                                \
        I = ir_behind(I, (blk)->ahead)->prev)

/* Allows removing I inside the loop. */
#define ir_foreach_instr_safe(blk, I)                                        \
   for (struct ir_instr *I = (blk)->first, *I##_next_ = I ? I->next : NULL;  \
        I; I = I##_next_,                                                    \
           I##_next_ = I ? ir_ahead(I, (blk)->ahead)->next : NULL)

#define ir_foreach_instr_rev_safe(blk, I)                                    \
   for (struct ir_instr *I = (blk)->last, *I##_prev_ = I ? I->prev : NULL;   \
        I; I = I##_prev_,                                                    \
           I##_prev_ = I ? ir_behind(I, (blk)->ahead)->prev : NULL)

#define ir_foreach_src(I, i) for (unsigned i = 0; i < (I)->nsrc; i++)

/* ---------------------------------------------------------------------
 * Refs (inline constructors)
 */

static inline struct ir_ref
ir_value_ref(uint32_t index)
{
   return (struct ir_ref){.index = index, .kind = IR_REF_VALUE};
}

static inline struct ir_ref
ir_imm(uint32_t bits)
{
   return (struct ir_ref){.index = bits, .kind = IR_REF_CONST};
}

struct ir_ref ir_immf(float f);

static inline struct ir_ref
ir_uniform(uint32_t word)
{
   return (struct ir_ref){.index = word, .kind = IR_REF_UNIFORM};
}

static inline struct ir_ref
ir_reg(uint32_t reg)
{
   return (struct ir_ref){.index = reg, .kind = IR_REF_REG};
}

/* Registers reg .. reg + n - 1 as one operand. */
static inline struct ir_ref
ir_regs(uint32_t reg, unsigned n)
{
   return (struct ir_ref){.index = reg, .kind = IR_REF_REG,
                          .comp = (uint8_t)(n > 1 ? n : 0)};
}

/* How many registers a register operand names. */
static inline unsigned
ir_ref_nregs(struct ir_ref r)
{
   return r.kind == IR_REF_REG && r.comp > 1 ? r.comp : 1;
}

static inline struct ir_ref
ir_comp(struct ir_ref r, unsigned comp)
{
   r.comp = (uint8_t)comp;
   return r;
}

static inline struct ir_ref
ir_neg(struct ir_ref r)
{
   r.mods ^= IR_MOD_NEG;
   return r;
}

static inline struct ir_ref
ir_abs(struct ir_ref r)
{
   r.mods = (uint8_t)((r.mods | IR_MOD_ABS) & ~IR_MOD_NEG);
   return r;
}

static inline bool
ir_ref_is_value(struct ir_ref r)
{
   return r.kind == IR_REF_VALUE;
}

static inline bool
ir_ref_equal(struct ir_ref a, struct ir_ref b)
{
   return a.index == b.index && a.kind == b.kind && a.comp == b.comp &&
          a.swizzle == b.swizzle && a.mods == b.mods;
}

/* Same operand ignoring modifiers. */
static inline bool
ir_ref_same(struct ir_ref a, struct ir_ref b)
{
   a.mods = b.mods = 0;
   return ir_ref_equal(a, b);
}

/* ---------------------------------------------------------------------
 * ir.c: construction and editing
 */

/* `memo`: IR_VA_MEMO_SIZE answers of ir_va_src to keep using (a
 * workspace's, kept from compile to compile), or NULL: a new one. */
struct ir_shader *ir_shader_create(struct arena *arena, enum ir_stage stage,
                                   struct ir_va_memo *memo);
struct ir_block *ir_block_create(struct ir_shader *s);
/* Appends `b` to the layout. */
void ir_block_append(struct ir_shader *s, struct ir_block *b);
/* Places `b` in the layout right after `after` (at the same loop
 * depth). */
void ir_block_insert_after(struct ir_shader *s, struct ir_block *after,
                           struct ir_block *b);
/* Adds the edge from -> to as from->succ[slot] and to's last pred. */
void ir_block_link(struct ir_shader *s, struct ir_block *from, unsigned slot,
                   struct ir_block *to);
/* Index of `pred` in b->preds, or -1. */
int ir_block_pred_index(const struct ir_block *b, const struct ir_block *p);
void ir_renumber_blocks(struct ir_shader *s);

/* A new value of `nregs` registers whose elements are `bits` wide. */
uint32_t ir_value_create(struct ir_shader *s, unsigned bits, unsigned nregs);
static inline struct ir_value *
ir_value(const struct ir_shader *s, uint32_t index)
{
   return &s->values.data[index];
}

struct ir_instr *ir_instr_create(struct ir_shader *s, enum ir_op op,
                                 unsigned nsrc);
/* Gives I a new destination value and returns a ref to it. */
struct ir_ref ir_instr_def(struct ir_shader *s, struct ir_instr *I,
                           unsigned bits, unsigned nregs);
/* The instruction list's four edits, inline: every pass makes them,
 * and each is a few stores. */
static inline void
ir_instr_insert_before(struct ir_instr *before, struct ir_instr *I)
{
   struct ir_block *b = before->block;
   I->block = b;
   I->next = before;
   I->prev = before->prev;
   if (before->prev)
      before->prev->next = I;
   else
      b->first = I;
   before->prev = I;
}

static inline void
ir_instr_insert_after(struct ir_instr *after, struct ir_instr *I)
{
   struct ir_block *b = after->block;
   I->block = b;
   I->prev = after;
   I->next = after->next;
   if (after->next)
      after->next->prev = I;
   else
      b->last = I;
   after->next = I;
}

static inline void
ir_instr_append(struct ir_block *b, struct ir_instr *I)
{
   I->block = b;
   I->next = NULL;
   I->prev = b->last;
   if (b->last)
      b->last->next = I;
   else
      b->first = I;
   b->last = I;
}

static inline void
ir_instr_remove(struct ir_instr *I)
{
   struct ir_block *b = I->block;
   if (I->prev)
      I->prev->next = I->next;
   else
      b->first = I->next;
   if (I->next)
      I->next->prev = I->prev;
   else
      b->last = I->prev;
   I->prev = I->next = NULL;
   I->block = NULL;
}

/* At the end of the block, but before its terminator if it has one. */
void ir_instr_insert_at_end(struct ir_block *b, struct ir_instr *I);
/* The block's BRANCH/JUMP, or NULL. */
struct ir_instr *ir_block_terminator(const struct ir_block *b);
/* Resizes a phi's (or collect's) source array. */
void ir_instr_set_nsrc(struct ir_shader *s, struct ir_instr *I,
                       unsigned nsrc);

/*
 * Replacing values.  A remap records "value v is now ref r" for many
 * values; passes resolve the sources of each instruction they visit
 * (ir_remap_src) and rewrite the rest once at the end (ir_remap_apply),
 * instead of scanning the shader for every replacement.  A use keeps its
 * register offset, swizzle and modifiers, composed with the new ref's.
 *
 * The protocol: a pass walks the blocks in layout order, resolves every
 * source of every instruction it visits (and of any it inserts before
 * the one it visits), and replaces only the value of the instruction it
 * visits.  Since a definition lies before every use it dominates (the
 * validator's rule 6), the walk then leaves only phis reading a value
 * from behind (a loop's latch), and those are all ir_remap_apply
 * rewrites.  Checked compiles verify that no other use was left.
 */
struct ir_remap {
   struct ir_ref *to; /* per value; kind IR_REF_NONE: unchanged; NULL
                       * until a value is set; in s->scratch */
   uint32_t count;
   struct ir_shader *s;
};

/* What a use `use` of some value reads once that value is `to`. */
struct ir_ref ir_ref_compose(struct ir_ref use, struct ir_ref to);

void ir_remap_init(struct ir_shader *s, struct ir_remap *m);
void ir_remap_set(struct ir_remap *m, uint32_t value, struct ir_ref to);
/* Rewrites `*src` through the map (following chains); true if changed. */
bool ir_remap_src(const struct ir_remap *m, struct ir_ref *src);
/* The same for source i of I.  Where I reads a whole value (a Valhall
 * staging operand), only a whole value of the same size may take the old
 * one's place (a part would read the registers after it too): anything
 * else goes through a COLLECT inserted before I. */
bool ir_remap_operand_slow(const struct ir_remap *m, struct ir_instr *I,
                           unsigned i);
static inline bool
ir_remap_operand(const struct ir_remap *m, struct ir_instr *I, unsigned i)
{
   /* Passes call this on every operand they walk, and most change
    * nothing: no table, no call. */
   return m->to && ir_remap_operand_slow(m, I, i);
}
/* Rewrites the phis' operands, which a walk meets before a later
 * definition (see the protocol above); true if any changed. */
bool ir_remap_apply(struct ir_shader *s, const struct ir_remap *m);


/* Stores, atomics, outputs, discards, barriers, terminators: never
 * removed, merged or moved across each other.  Inline: passes ask it of
 * every instruction. */
bool ir_va_has_side_effects(unsigned va_op); /* src/valhall/ir_va.c */
static inline bool
ir_instr_has_side_effects(const struct ir_instr *I)
{
   if (I->op == IR_OP_VA)
      return ir_va_has_side_effects(I->va_op);
   return ir_op_infos[I->op].flags & IR_OPF_SIDE;
}

/* Number of uses of every value (phis included), indexed by value; in
 * s->scratch. */
uint32_t *ir_count_uses(struct ir_shader *s);

/* If `r` is a 32-bit constant, stores its bits with the modifiers applied
 * (neg/abs act on the sign bit, not inverts) and returns true.  Inline,
 * as the next one: every pass asks them for every source. */
static inline bool
ir_ref_const_bits(struct ir_ref r, uint32_t *bits)
{
   if (r.kind != IR_REF_CONST || r.comp || r.swizzle)
      return false;
   uint32_t v = r.index;
   if (r.mods & IR_MOD_ABS)
      v &= 0x7fffffffu;
   if (r.mods & IR_MOD_NEG)
      v ^= 0x80000000u;
   if (r.mods & IR_MOD_NOT)
      v = ~v;
   *bits = v;
   return true;
}

/* Size of what the source reads: 64 only for a whole 64-bit value. */
static inline unsigned
ir_ref_bits(const struct ir_shader *s, struct ir_ref r)
{
   if (r.kind != IR_REF_VALUE)
      return 32;
   const struct ir_value *v = &s->values.data[r.index];
   return v->bits == 64 && r.swizzle == IR_SWIZZLE_NONE ? 64 : 32;
}

/*
 * Reports a broken invariant: records "after PASS: CAUSE" and the printed
 * instruction in the shader's diagnostic as TGSIVA_ERROR_INTERNAL and
 * jumps to the compile's bail point (aborts when there is none).
 */
_Noreturn void ir_invalid(struct ir_shader *s, const struct ir_instr *I,
                          const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* ---------------------------------------------------------------------
 * builder.c: inserting instructions at a cursor
 */

struct ir_builder {
   struct ir_shader *shader;
   struct ir_block *block;
   struct ir_instr *before; /* insert before this; NULL: at block end */
};

/* The driver of the lowering passes: `expand` sees every instruction but
 * phis, with a builder placed before it; when it returns true, what it
 * built replaces the instruction (removed; its uses read *out). */
typedef bool (*ir_expand_fn)(struct ir_builder *b, struct ir_instr *I,
                             struct ir_ref *out);
bool ir_expand_instrs(struct ir_shader *s, ir_expand_fn expand);

static inline struct ir_builder
ir_builder_at_end(struct ir_shader *s, struct ir_block *b)
{
   return (struct ir_builder){.shader = s, .block = b, .before = NULL};
}

static inline struct ir_builder
ir_builder_before(struct ir_shader *s, struct ir_instr *I)
{
   return (struct ir_builder){.shader = s, .block = I->block, .before = I};
}

void ir_builder_insert(struct ir_builder *b, struct ir_instr *I);
/* An op with `nsrc` sources and a result of one `bits`-wide register. */
struct ir_instr *ir_build(struct ir_builder *b, enum ir_op op, unsigned bits,
                          unsigned nsrc, const struct ir_ref *srcs);
struct ir_ref ir_alu1(struct ir_builder *b, enum ir_op op, struct ir_ref a);
struct ir_ref ir_alu2(struct ir_builder *b, enum ir_op op, struct ir_ref a,
                      struct ir_ref c);
struct ir_ref ir_alu3(struct ir_builder *b, enum ir_op op, struct ir_ref a,
                      struct ir_ref c, struct ir_ref d);
struct ir_ref ir_fcmp(struct ir_builder *b, enum ir_cond cond,
                      enum ir_boolfmt fmt, struct ir_ref a, struct ir_ref c);
struct ir_ref ir_icmp(struct ir_builder *b, enum ir_cmptype type,
                      enum ir_cond cond, struct ir_ref a, struct ir_ref c);
struct ir_ref ir_csel(struct ir_builder *b, enum ir_cmptype type,
                      enum ir_cond cond, struct ir_ref a, struct ir_ref c,
                      struct ir_ref t, struct ir_ref f);
struct ir_ref ir_mov(struct ir_builder *b, struct ir_ref a);
/* A vector (or 64-bit pair when bits == 64) from 32-bit sources. */
struct ir_ref ir_collect(struct ir_builder *b, unsigned bits, unsigned n,
                         const struct ir_ref *srcs);
struct ir_ref ir_preload(struct ir_builder *b, unsigned reg);
struct ir_ref ir_undef(struct ir_builder *b);
void ir_jump(struct ir_builder *b);
void ir_branch(struct ir_builder *b, struct ir_ref cond);

/* ---------------------------------------------------------------------
 * src/valhall/ir_va.c: Valhall facts the IR needs
 */

const char *ir_special_name(unsigned index);
/* Whether `r` is thread_local_pointer itself (no part, swizzle or
 * modifier): the base of every thread-local access. */
bool ir_ref_is_thread_local_pointer(struct ir_ref r);
int ir_special_lookup(const char *name, size_t len);
/* How many of a Valhall form's operands are plain sources (the rest are
 * staging vectors). */
unsigned ir_va_nr_srcs(unsigned va_op);
/* A Valhall instruction of form `va_op` with `nsrc` operands (copied from
 * `srcs` unless NULL) and its template at the form's defaults: not yet
 * placed, no result. */
struct ir_instr *ir_va_create(struct ir_shader *s, unsigned va_op,
                              unsigned nsrc, const struct ir_ref *srcs);
/* A template for an instruction of `s`, in its template arena (where
 * ir_compact finds it): a copy of `from`, or the form `va_op`'s defaults
 * when `from` is NULL.  Every template is the first part of an
 * ir_va_slot (ir_va_slot.h). */
struct va_settings *ir_va_template(struct ir_shader *s, unsigned va_op,
                                   const struct va_settings *from);
/* An IR_OP_VA's form with its modifiers, and its immediates. */
void ir_print_va_template(struct strbuf *sb, const struct ir_instr *I);
void ir_print_va_imms(struct strbuf *sb, const struct ir_instr *I);
/* The template a form with its modifiers reads as, its form in *va_op. */
struct va_settings *ir_parse_va_template(struct arena *arena, const char *text,
                                         size_t len, unsigned *va_op);
/* An immediate of form `va_op` into template `t`. */
bool ir_parse_va_imm(struct va_settings *t, unsigned va_op, const char *text,
                     size_t len);
struct va_src;
/* The hardware operand for IR source `r` of source slot i of `op` (a
 * register once allocated, or a uniform, special value or table
 * constant); `pair` says a register operand is a 64-bit pair.  False if
 * the slot cannot take it as it is (a constant not in the table, a
 * modifier or part selector the slot lacks, a single register where a
 * pair is needed).  The shader keeps the answers (NULL: keeps none). */
/* The answer worked out, and kept in `m` unless it is NULL
 * (src/valhall/ir_va.c). */
bool ir_va_src_ask(struct ir_va_memo *m, unsigned op, unsigned i,
                   struct ir_ref r, bool pair, struct va_src *out);

/* Inline: asked for every source of every instruction several times, the
 * answer is nearly always kept, and a call cost more than the lookup. */
static inline bool
ir_va_src(const struct ir_shader *s, unsigned op, unsigned i,
          struct ir_ref r, bool pair, struct va_src *out)
{
   if (!s)
      return ir_va_src_ask(NULL, op, i, r, pair, out);
   uint64_t key;
   memcpy(&key, &r, sizeof(key));
   key ^= (uint64_t)op << 40 ^ (uint64_t)i << 56 ^ (uint64_t)pair << 63;
   unsigned h = (unsigned)((key * 0x9e3779b97f4a7c15ull) >> 56);
   struct ir_va_memo *m = &s->va_memo[h & (IR_VA_MEMO_SIZE - 1)];
   uint8_t asked = (uint8_t)(1 | pair << 1);
   if ((m->state & 3) == asked && m->op == op && m->slot == i &&
       !memcmp(&m->ref, &r, sizeof(r))) {
      memcpy(out, m->out, sizeof(m->out));
      return m->state >> 2;
   }
   return ir_va_src_ask(m, op, i, r, pair, out);
}
/* src/valhall/va_operands.c: the Valhall instruction allocated IR
 * instruction I stands for (a BRANCH or JUMP: its BRANCHZ without the
 * offset), built from its operands, flow and template; an operand the form
 * cannot take is an internal error. */
void ir_va_instr(struct ir_shader *s, const struct ir_instr *I,
                 struct va_instr *out);
/* The same, giving why not (NULL: built) instead of failing. */
const char *ir_va_build(const struct ir_shader *s, const struct ir_instr *I,
                        struct va_instr *out);
/* Prints allocated I as the disassembler prints its word (a branch's
 * offset as its target block, ", b3"); false, printing nothing, if I is
 * no Valhall instruction. */
bool ir_print_allocated(struct strbuf *sb, const struct ir_shader *s,
                        const struct ir_instr *I);
/* The Valhall form of I: its template's, or BRANCHZ for BRANCH and JUMP;
 * -1 for any other op. */
int ir_va_op(const struct ir_instr *I);

/* ---------------------------------------------------------------------
 * print.c, reader.c: the text form (reader accepts what print writes)
 */

/* Names as printed, indexed by the enum. */
extern const char *const ir_stage_names[];
extern const char *const ir_cond_names[];
extern const char *const ir_cmptype_names[];
extern const char *const ir_boolfmt_names[];
extern const char *const ir_clamp_names[];
extern const char *const ir_swizzle_names[];

void ir_print_ref(struct strbuf *sb, const struct ir_shader *s,
                  struct ir_ref r);
void ir_print_instr(struct strbuf *sb, const struct ir_shader *s,
                    const struct ir_instr *I);
void ir_print_shader(struct strbuf *sb, const struct ir_shader *s);
/* Parses printed IR; errors as line:column in `d`. */
struct ir_shader *ir_read(struct arena *arena, const char *text,
                          struct tgsiva_diagnostic *d);

/* ---------------------------------------------------------------------
 * Analyses
 */

/* dominance.c: rpo_index and idom of every reachable block. */
void ir_compute_dominance(struct ir_shader *s);
bool ir_block_dominates(const struct ir_block *a, const struct ir_block *b);
/* The nearest block dominating both (by rpo_index and idom). */
struct ir_block *ir_common_dominator(struct ir_block *a, struct ir_block *b);

/* validate.c: checks SSA form, operand sizes and the CFG; reports the
 * first problem through ir_invalid() naming `after`. */
void ir_validate(struct ir_shader *s, const char *after);

/* ---------------------------------------------------------------------
 * Optimisation passes (one file each, named after the function).  Each
 * returns true if it changed the shader.
 */

bool ir_opt_constant_fold(struct ir_shader *s);
bool ir_opt_copy_prop(struct ir_shader *s);
bool ir_opt_algebraic(struct ir_shader *s);
bool ir_opt_cse(struct ir_shader *s);
bool ir_opt_dce(struct ir_shader *s);
bool ir_opt_fold_modifiers(struct ir_shader *s);
bool ir_opt_fma(struct ir_shader *s);
bool ir_opt_cfg(struct ir_shader *s);
bool ir_opt_if_convert(struct ir_shader *s);
bool ir_opt_undef(struct ir_shader *s);
bool ir_lower_undef(struct ir_shader *s);
/* Not an optimisation: copies the instructions together in memory when
 * most of those made are gone or they are scattered (compact.c); never
 * reports progress. */
bool ir_compact(struct ir_shader *s);

/* Whether a destination clamp on `op` reaches the machine code (the form
 * selection gives it has a clamp field, or its lowering keeps the clamp):
 * a target fact the generic modifier folding asks (src/valhall/select.c).
 */
bool ir_op_takes_clamp(enum ir_op op);

#endif
