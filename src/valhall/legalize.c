/* SPDX-License-Identifier: MIT */
/*
 * Makes every operand of every Valhall instruction encodable, short of
 * register numbers (valhall-encoding.md, "Source byte").
 *
 * 1. A constant is read from the hardware immediate table when it is
 *    there; otherwise from the constant table, a push word the driver
 *    fills with the value itself (docs/abi.md), when the instruction may
 *    read that FAU word (rule 3) and the push space has room beyond
 *    IR_PUSH_WORDS_KEPT_FOR_UNIFORMS; otherwise it is made in a register
 *    with IADD_IMM.i32 0, #c, the canonical immediate move.  Source
 *    slots (not staging vectors or COLLECTs, whose value must sit in
 *    given registers) of one block share that register among the last
 *    few constants made: one IADD_IMM per constant and stretch of code
 *    instead of one per use, while a constant's register lives no longer
 *    than that stretch.
 * 2. A modifier the source slot cannot take is applied by an instruction
 *    of its own: float negation and absolute value flip or clear the sign
 *    bit (exact for NaNs), .not goes through LSHIFT_OR's inverting source.
 * 3. FAU rules: all uniform and special sources from one page, at most one
 *    64-bit slot (ALU) or two (messages), at most two distinct non-register
 *    sources.  The rules are the ISA layer's own predicates (va_rule_*);
 *    while one fails, a constant, then a uniform, then a special value
 *    moves into a register.  A uniform word shares its register within
 *    the block as constants do (rule 1): a uniform that many
 *    instructions read beside others (a scale factor) moves once.
 * 4. Staging vectors are whole values (a COLLECT is made for anything
 *    else, including constants), so that the allocator can give them
 *    consecutive registers; COLLECT and branch sources are values too.
 * 5. A 32-bit value where a slot reads a register pair is zero-extended
 *    with a COLLECT.
 * 6. The colour of a BLEND is a COLLECT used by nothing else and made
 *    after the previous BLEND, so that the allocator can put it in r0-r3,
 *    where a blend shader reads it.
 * 7. A memory access whose byte offset does not fit its immediate (16
 *    bits, signed) adds the offset to its 64-bit address with a SHADDX
 *    of its own: records of thousands of declared registers (a geometry
 *    shader's inputs, 16 bytes each) reach past 32 KiB.
 *
 * Requires: selected IR (only IR_OP_VA besides structure and branches).
 * Ensures:  ir_va_src() accepts every source once values are registers,
 *           and the FAU rules hold.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include <string.h>

#include "emit/va.h"
#include "ir/layout.h"
#include "util/diag.h"

/* The constants and uniform words the source slots of the current block
 * can read from a register already (`key`: the constant as an immediate,
 * or the uniform word), least recently used first. */
enum { SHARED_CONSTANTS = 8 };

struct legalize {
   struct ir_shader *s;
   struct ir_block *block;
   struct ir_ref key[SHARED_CONSTANTS];
   struct ir_ref value[SHARED_CONSTANTS];
   unsigned count; /* entries, least recently used first */
};

static void legalize_instr(struct legalize *l, struct ir_instr *I);
static bool fau_legal(struct legalize *l, const struct ir_instr *I);
static bool accepts(struct legalize *l, const struct ir_instr *I, unsigned i,
                    struct ir_ref r);

/* Rule 1's constant table: source i of I reads `value` from a push word
 * when the FAU rules allow it there.  The word is added only then. */
static bool
constant_from_fau(struct legalize *l, struct ir_instr *I, unsigned i,
                  uint32_t value)
{
   struct ir_layout *lay = l->s->layout;
   if (!lay || I->op != IR_OP_VA || i >= va_form(I->va_op)->nr_srcs ||
       va_form(I->va_op)->srcs[i].size > 32)
      return false;
   size_t word = 0;
   while (word < lay->push.len && (lay->push.data[word].ubo !=
                                      IR_PUSH_CONSTANT ||
                                   lay->push.data[word].offset != value))
      word++;
   if (word == lay->push.len &&
       word + IR_PUSH_WORDS_KEPT_FOR_UNIFORMS >= IR_MAX_PUSH_WORDS)
      return false;
   struct ir_ref old = I->src[i];
   I->src[i] = (struct ir_ref){.kind = IR_REF_UNIFORM, .index = (uint32_t)word};
   if (!accepts(l, I, i, I->src[i]) || !fau_legal(l, I)) {
      I->src[i] = old;
      return false;
   }
   ir_layout_push(l->s->arena, lay, IR_PUSH_CONSTANT, value);
   lay->push.data[word].flags |= IR_PUSH_PINNED; /* va_pair_uniforms */
   return true;
}

static struct ir_instr *
new_va(struct legalize *l, struct ir_instr *before, enum va_op op,
       unsigned nsrc, const struct ir_ref *srcs)
{
   struct ir_instr *I = ir_va_create(l->s, op, nsrc, srcs);
   ir_instr_def(l->s, I, 32, 1);
   ir_instr_insert_before(before, I);
   return I;
}

/* IADD_IMM.i32 0, #value */
static struct ir_ref
materialize(struct legalize *l, struct ir_instr *before, uint32_t value)
{
   struct ir_ref zero = ir_imm(0);
   struct ir_instr *I = new_va(l, before, VA_OP_IADD_IMM_I32, 1, &zero);
   I->va->imm[VA_IMM_CONSTANT] = value;
   return I->dst;
}

/* Entry k leaves; the more recent ones move down. */
static void
shared_forget(struct legalize *l, unsigned k)
{
   for (; k + 1 < l->count; k++) {
      l->key[k] = l->key[k + 1];
      l->value[k] = l->value[k + 1];
   }
   l->count--;
}

/* `key` is in `value` now; the least recently used entry makes room. */
static void
shared_remember(struct legalize *l, struct ir_ref key, struct ir_ref value)
{
   if (l->count == SHARED_CONSTANTS)
      shared_forget(l, 0);
   l->key[l->count] = key;
   l->value[l->count++] = value;
}

/* The register of the current block that holds `key` already, if any. */
static bool
shared_lookup(struct legalize *l, const struct ir_instr *before,
              struct ir_ref key, struct ir_ref *value)
{
   if (l->block != before->block) {
      l->block = before->block;
      l->count = 0;
   }
   for (unsigned k = 0; k < l->count; k++) {
      if (ir_ref_equal(l->key[k], key)) {
         /* Used again: the last to be forgotten (a scale factor read
          * between many other constants stays shared). */
         *value = l->value[k];
         shared_forget(l, k);
         shared_remember(l, key, *value);
         return true;
      }
   }
   return false;
}

/* Rule 1's shared registers: `value` in a register for a source slot of
 * `before`. */
static struct ir_ref
shared_constant(struct legalize *l, struct ir_instr *before, uint32_t value)
{
   struct ir_ref r;
   if (shared_lookup(l, before, ir_imm(value), &r))
      return r;
   r = materialize(l, before, value);
   shared_remember(l, ir_imm(value), r);
   return r;
}

/* MOV.i32 of a uniform or special word. */
static struct ir_ref
move(struct legalize *l, struct ir_instr *before, struct ir_ref r)
{
   struct ir_instr *I = new_va(l, before, VA_OP_MOV_I32, 1, &r);
   legalize_instr(l, I);
   return I->dst;
}

/* The 32-bit word an operand reads, without modifiers or a part
 * selector (half, byte): what MOV moves and what a shared register
 * holds. */
static struct ir_ref
whole_word(struct ir_ref r)
{
   if (r.swizzle != IR_SWIZZLE_W0 && r.swizzle != IR_SWIZZLE_W1)
      r.swizzle = IR_SWIZZLE_NONE;
   r.mods = 0;
   return r;
}

/* A uniform or special word in a register; a part selector (half, byte)
 * stays on the use, since MOV cannot select one. */
static struct ir_ref
move_keeping_part(struct legalize *l, struct ir_instr *before,
                  struct ir_ref r)
{
   uint8_t part = r.swizzle;
   bool word = part == IR_SWIZZLE_W0 || part == IR_SWIZZLE_W1;
   uint8_t mods = r.mods;
   r = whole_word(r);
   struct ir_ref v;
   if (r.kind != IR_REF_UNIFORM || !shared_lookup(l, before, r, &v)) {
      v = move(l, before, r);
      if (r.kind == IR_REF_UNIFORM) /* a source slot's: shared (rule 3) */
         shared_remember(l, r, v);
   }
   if (!word)
      v.swizzle = part;
   v.mods = mods;
   return v;
}

/* A bitwise op (LSHIFT_<op>) of x and a constant, for sign bits. */
static struct ir_ref
bitwise(struct legalize *l, struct ir_instr *before, enum va_op op,
        struct ir_ref x, struct ir_ref y)
{
   struct ir_ref srcs[3] = {x, ir_imm(0), y};
   struct ir_instr *I = new_va(l, before, op, 3, srcs);
   legalize_instr(l, I);
   return I->dst;
}

/* The source without its float modifiers, applied to the bits. */
static struct ir_ref
apply_sign(struct legalize *l, struct ir_instr *before, struct ir_ref r)
{
   uint8_t mods = r.mods;
   r.mods &= (uint8_t)~(IR_MOD_NEG | IR_MOD_ABS);
   if (r.kind != IR_REF_VALUE)
      r = move(l, before, r);
   if (mods & IR_MOD_ABS)
      r = bitwise(l, before, VA_OP_LSHIFT_AND_I32, r, ir_imm(0x7fffffffu));
   if (mods & IR_MOD_NEG)
      r = bitwise(l, before, VA_OP_LSHIFT_XOR_I32, r, ir_imm(0x80000000u));
   return r;
}

static struct ir_ref
apply_not(struct legalize *l, struct ir_instr *before, struct ir_ref r)
{
   return bitwise(l, before, VA_OP_LSHIFT_OR_I32, ir_imm(0), r);
}

/* Would source slot i accept r once values are registers? */
static bool
accepts(struct legalize *l, const struct ir_instr *I, unsigned i,
        struct ir_ref r)
{
   struct va_src out;
   if (r.kind == IR_REF_VALUE) {
      bool pair = ir_value(l->s, r.index)->bits == 64 && !r.swizzle;
      struct ir_ref reg = r;
      reg.kind = IR_REF_REG;
      reg.index = 2 * i;
      /* Word selectors become register offsets. */
      if (reg.swizzle == IR_SWIZZLE_W0 || reg.swizzle == IR_SWIZZLE_W1)
         reg.swizzle = IR_SWIZZLE_NONE;
      return ir_va_src(l->s, I->va_op, i, reg, pair, &out);
   }
   return ir_va_src(l->s, I->va_op, i, r, false, &out);
}

/* Rewrites source i until the slot accepts it. */
static void
fix_source(struct legalize *l, struct ir_instr *I, unsigned i)
{
   const struct va_src_info *si = &va_form(I->va_op)->srcs[i];
   for (unsigned tries = 0; !accepts(l, I, i, I->src[i]); tries++) {
      struct ir_ref r = I->src[i];
      uint32_t bits;
      if (tries > 4)
         ir_invalid(l->s, I, "source %u cannot be made legal", i);
      if (ir_ref_const_bits(r, &bits)) {
         if (constant_from_fau(l, I, i, bits))
            continue;
         r = shared_constant(l, I, bits);
      } else if (r.kind == IR_REF_CONST) {
         /* A part of a constant: the whole word in a register, the part
          * selected there. */
         struct ir_ref v = materialize(l, I, r.index);
         v.swizzle = r.swizzle;
         v.mods = r.mods;
         r = v;
      } else if (r.mods & (IR_MOD_NEG | IR_MOD_ABS)) {
         r = apply_sign(l, I, r);
      } else if (r.mods & IR_MOD_NOT) {
         r.mods &= (uint8_t)~IR_MOD_NOT;
         r = apply_not(l, I, r);
      } else if (r.kind == IR_REF_UNIFORM || r.kind == IR_REF_SPECIAL) {
         r = move_keeping_part(l, I, r);
      } else if (r.kind == IR_REF_VALUE && si->size == 64) {
         struct ir_builder b = ir_builder_before(l->s, I);
         struct ir_ref w[2] = {r, ir_imm(0)};
         w[1] = materialize(l, I, 0);
         r = ir_collect(&b, 64, 2, w);
      } else {
         ir_invalid(l->s, I, "source %u has a selector its slot lacks", i);
      }
      I->src[i] = r;
   }
}

/* The instruction's FAU use as hardware operands, registers standing in
 * for values: the opcode and the sources, all that va_rules_fau reads
 * (the rest of `t` is left unset). */
static void
trial(struct legalize *l, const struct ir_instr *I, struct va_instr *t)
{
   const struct va_form *f = va_form(I->va_op);
   t->op = (enum va_op)I->va_op;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      struct ir_ref r = I->src[i];
      bool pair = false;
      if (r.kind == IR_REF_VALUE) {
         pair = ir_value(l->s, r.index)->bits == 64 && !r.swizzle;
         r.kind = IR_REF_REG;
         r.index = 2 * i;
         r.swizzle = IR_SWIZZLE_NONE;
         r.mods = 0;
      }
      if (!ir_va_src(l->s, I->va_op, i, r, pair, &t->src[i]))
         t->src[i] = va_src_reg(2 * i);
   }
}

static bool
fau_legal(struct legalize *l, const struct ir_instr *I)
{
   /* Values become registers, which are no FAU reads, and one FAU or
    * table source alone meets the rules (va_rules_fau): an instruction
    * with at most one source other than a value needs no trial. */
   unsigned n = va_form(I->va_op)->nr_srcs, others = 0, fau = 0;
   for (unsigned i = 0; i < n; i++) {
      others += i >= I->nsrc || I->src[i].kind != IR_REF_VALUE;
      fau += i < I->nsrc && (I->src[i].kind == IR_REF_UNIFORM ||
                             I->src[i].kind == IR_REF_SPECIAL);
   }
   /* Two alike: one FAU word beside a table constant (no page, no slot)
    * is one page, one slot and two values. */
   if (others <= 1 || (others == 2 && fau <= 1))
      return true;
   struct va_instr t;
   trial(l, I, &t);
   return va_rules_fau(&t, NULL);
}

/* Whether a register of the block holds source r (a constant or a
 * uniform word) already, so that moving it costs nothing. */
static bool
in_shared_register(struct legalize *l, const struct ir_instr *I,
                   struct ir_ref r)
{
   struct ir_ref v;
   uint32_t bits;
   if (ir_ref_const_bits(r, &bits))
      return shared_lookup(l, I, ir_imm(bits), &v);
   return r.kind == IR_REF_UNIFORM && shared_lookup(l, I, whole_word(r), &v);
}

/* Moves one non-register source into a register: one a register holds
 * already first, then constants, uniforms, 32-bit special words. */
static bool
spill_one_fau(struct legalize *l, struct ir_instr *I)
{
   /* 0: whatever a register holds already, whatever its kind. */
   static const uint8_t order[] = {0, IR_REF_CONST, IR_REF_UNIFORM,
                                   IR_REF_SPECIAL};
   const struct va_form *f = va_form(I->va_op);
   for (unsigned k = 0; k < sizeof(order); k++) {
      for (unsigned i = f->nr_srcs; i-- > 0;) {
         struct ir_ref r = I->src[i];
         if (order[k] ? r.kind != order[k] : !in_shared_register(l, I, r))
            continue;
         if (r.kind == IR_REF_SPECIAL && r.swizzle == IR_SWIZZLE_NONE)
            continue; /* a 64-bit special stays in the FAU */
         uint8_t mods = r.mods;
         r.mods = 0;
         uint32_t bits;
         if (ir_ref_const_bits(r, &bits))
            r = shared_constant(l, I, bits);
         else
            r = move_keeping_part(l, I, r);
         r.mods = mods;
         I->src[i] = r;
         fix_source(l, I, i);
         return true;
      }
   }
   return false;
}

/* Staging vectors and other vector operands: whole values. */
static void
whole_value(struct legalize *l, struct ir_instr *I, unsigned i)
{
   struct ir_ref r = I->src[i];
   if (r.kind == IR_REF_VALUE && !r.comp && !r.swizzle && !r.mods)
      return;
   struct ir_builder b = ir_builder_before(l->s, I);
   if (r.kind != IR_REF_VALUE) {
      uint32_t bits;
      r = ir_ref_const_bits(r, &bits) ? materialize(l, I, bits)
                                      : move(l, I, r);
   } else if (r.mods & (IR_MOD_NEG | IR_MOD_ABS)) {
      r = apply_sign(l, I, r);
   }
   I->src[i] = ir_collect(&b, 32, 1, &r);
}

static void
legalize_collect(struct legalize *l, struct ir_instr *I)
{
   ir_foreach_src(I, i) {
      struct ir_ref r = I->src[i];
      uint32_t bits;
      if (ir_ref_const_bits(r, &bits))
         I->src[i] = materialize(l, I, bits);
      else if (r.kind == IR_REF_UNIFORM || r.kind == IR_REF_SPECIAL)
         I->src[i] = move(l, I, r);
      else if (r.mods & (IR_MOD_NEG | IR_MOD_ABS))
         I->src[i] = apply_sign(l, I, r);
   }
}

static unsigned
count_uses(struct ir_shader *s, uint32_t v)
{
   unsigned n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i)
            n += I->src[i].kind == IR_REF_VALUE && I->src[i].index == v;
      }
   }
   return n;
}

/* Rule 6: the colour of a BLEND is a COLLECT of its own, which the
 * allocator puts in r0-r3 (where a blend shader reads it).  It must not
 * live across another BLEND, whose colour takes r0-r3 too: render
 * targets written with one value share a COLLECT until here. */
static void
own_blend_collect(struct legalize *l, struct ir_instr *I, unsigned i)
{
   struct ir_ref r = I->src[i];
   struct ir_instr *def = ir_value(l->s, r.index)->def;
   /* Kept only right before its BLEND: a colour computed earlier would
    * hold r0-r3 across another render target's BLEND, which needs them
    * (CSE merges two targets' equal colours into one). */
   if (def->op == IR_OP_COLLECT && def->next == I &&
       count_uses(l->s, r.index) == 1)
      return;
   unsigned n = ir_value(l->s, r.index)->nregs;
   struct ir_ref parts[4];
   for (unsigned k = 0; k < n && k < 4; k++) {
      parts[k] = def->op == IR_OP_COLLECT ? def->src[k] : r;
      if (def->op != IR_OP_COLLECT)
         parts[k].comp = (uint8_t)k;
   }
   struct ir_builder b = ir_builder_before(l->s, I);
   I->src[i] = ir_collect(&b, 32, n < 4 ? n : 4, parts);
   /* A COLLECT left unread would still take registers. */
   if (def->op == IR_OP_COLLECT && count_uses(l->s, r.index) == 0)
      ir_instr_remove(def);
}

/* Rule 7. */
static void
fit_offset(struct legalize *l, struct ir_instr *I, const struct va_form *f)
{
   const struct va_imm_info *m = va_form_imm(f, VA_IMM_OFFSET);
   if (!m || !f->nr_srcs || f->srcs[0].size != 64)
      return;
   int64_t v = I->va->imm[VA_IMM_OFFSET], lo, hi;
   va_imm_range(m, &lo, &hi);
   if (v >= lo && v <= hi)
      return;
   struct ir_ref srcs[2] = {I->src[0], ir_imm((uint32_t)v)};
   struct ir_instr *A = ir_va_create(
      l->s, v < 0 ? VA_OP_SHADDX_S64 : VA_OP_SHADDX_U64, 2, srcs);
   ir_instr_def(l->s, A, 64, 2);
   A->va->imm[VA_IMM_SHIFT] = 0;
   ir_instr_insert_before(I, A);
   legalize_instr(l, A);
   I->src[0] = A->dst;
   I->va->imm[VA_IMM_OFFSET] = 0;
}

static void
legalize_instr(struct legalize *l, struct ir_instr *I)
{
   if (I->op == IR_OP_COLLECT) {
      legalize_collect(l, I);
      return;
   }
   if (I->op == IR_OP_BRANCH) {
      struct ir_ref r = I->src[0];
      uint32_t bits;
      if (ir_ref_const_bits(r, &bits))
         I->src[0] = materialize(l, I, bits);
      else if (r.kind != IR_REF_VALUE || r.mods || r.swizzle)
         I->src[0] = apply_sign(l, I, r);
      return;
   }
   if (I->op != IR_OP_VA)
      return;
   const struct va_form *f = va_form(I->va_op);
   fit_offset(l, I, f);
   for (unsigned i = 0; i < f->nr_srcs && i < I->nsrc; i++)
      fix_source(l, I, i);
   while (!fau_legal(l, I)) {
      if (!spill_one_fau(l, I))
         ir_invalid(l->s, I, "FAU rules cannot be met");
   }
   for (unsigned i = f->nr_srcs; i < I->nsrc; i++) {
      whole_value(l, I, i);
      if (I->va_op == VA_OP_BLEND)
         own_blend_collect(l, I, i);
   }
}

bool
va_legalize(struct ir_shader *s)
{
   struct legalize l = {.s = s};
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         legalize_instr(&l, I);
   }
   return true;
}
