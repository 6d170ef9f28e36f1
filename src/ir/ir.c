/* SPDX-License-Identifier: MIT */
/*
 * IR construction and editing: shaders, blocks, values, instructions.
 */
#include "ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/bits.h"
#include "util/diag.h"

const struct ir_op_info ir_op_infos[IR_OP_COUNT] = {
#define IR_OP(e, n, ns, nd, sz, fl)                                          \
   [IR_OP_##e] = {.name = n,                                                 \
                  .nsrc = ns,                                                \
                  .ndst = nd,                                                \
                  .size = IR_SIZE_##sz,                                      \
                  .flags = fl},
#include "ir_ops.h"
#undef IR_OP
};

struct ir_ref
ir_immf(float f)
{
   return ir_imm(float_to_bits(f));
}

struct ir_shader *
ir_shader_create(struct arena *arena, enum ir_stage stage,
                 struct ir_va_memo *memo)
{
   struct ir_shader *s = ARENA_NEW(arena, struct ir_shader);
   s->arena = arena;
   s->scratch = arena_scratch(arena);
   s->scratch->poison = true; /* the pipeline keeps it when validating */
   s->scratch->keeps_chunk = true; /* emptied after every pass */
   s->instrs = arena_scratch(arena);
   s->templates = s->instrs; /* apart from the first compaction on */
   s->va_memo =
      memo ? memo : ARENA_ARRAY(arena, struct ir_va_memo, IR_VA_MEMO_SIZE);
   s->stage = stage;
   /* Value 0 stands for "no value". */
   *VEC_PUSH(arena, &s->values) = (struct ir_value){.reg = -1};
   return s;
}

struct ir_block *
ir_block_create(struct ir_shader *s)
{
   struct ir_block *b = ARENA_NEW(s->arena, struct ir_block);
   b->index = s->block_count++;
   b->ahead = s->ahead;
   return b;
}

void
ir_block_append(struct ir_shader *s, struct ir_block *b)
{
   b->prev = s->last_block;
   b->next = NULL;
   if (s->last_block)
      s->last_block->next = b;
   else
      s->first_block = b;
   s->last_block = b;
}

void
ir_block_link(struct ir_shader *s, struct ir_block *from, unsigned slot,
              struct ir_block *to)
{
   from->succ[slot] = to;
   *VEC_PUSH(s->arena, &to->preds) = from;
}

int
ir_block_pred_index(const struct ir_block *b, const struct ir_block *p)
{
   for (size_t i = 0; i < b->preds.len; i++) {
      if (b->preds.data[i] == p)
         return (int)i;
   }
   return -1;
}

void
ir_block_insert_after(struct ir_shader *s, struct ir_block *after,
                      struct ir_block *b)
{
   b->prev = after;
   b->next = after->next;
   if (after->next)
      after->next->prev = b;
   else
      s->last_block = b;
   after->next = b;
   b->loop_depth = after->loop_depth;
}

enum ir_cond
ir_cond_mirror(enum ir_cond c)
{
   switch (c) {
   case IR_COND_GT: return IR_COND_LT;
   case IR_COND_GE: return IR_COND_LE;
   case IR_COND_LT: return IR_COND_GT;
   case IR_COND_LE: return IR_COND_GE;
   default: return c; /* EQ, NE, GTLT */
   }
}

void
ir_renumber_blocks(struct ir_shader *s)
{
   uint32_t n = 0;
   ir_foreach_block(s, b)
      b->index = n++;
   s->block_count = n;
}

uint32_t
ir_value_create(struct ir_shader *s, unsigned bits, unsigned nregs)
{
   struct ir_value *v = VEC_PUSH(s->arena, &s->values);
   v->bits = (uint8_t)bits;
   v->nregs = (uint8_t)nregs;
   v->reg = -1;
   return (uint32_t)(s->values.len - 1);
}

struct ir_instr *
ir_instr_create(struct ir_shader *s, enum ir_op op, unsigned nsrc)
{
   struct ir_instr *I = ARENA_NEW(s->instrs, struct ir_instr);
   s->instrs_made++;
   I->op = (uint8_t)op;
   I->nsrc = (uint8_t)nsrc;
   if (nsrc)
      I->src = ARENA_ARRAY(s->instrs, struct ir_ref, nsrc);
   return I;
}

struct ir_ref
ir_instr_def(struct ir_shader *s, struct ir_instr *I, unsigned bits,
             unsigned nregs)
{
   uint32_t v = ir_value_create(s, bits, nregs);
   s->values.data[v].def = I;
   I->ndst = 1;
   I->dst = ir_value_ref(v);
   return I->dst;
}

void
ir_instr_set_nsrc(struct ir_shader *s, struct ir_instr *I, unsigned nsrc)
{
   if (nsrc > I->nsrc)
      I->src = arena_grow(s->instrs, I->src, I->nsrc, nsrc,
                          sizeof(struct ir_ref));
   I->nsrc = (uint8_t)nsrc;
}

struct ir_instr *
ir_block_terminator(const struct ir_block *b)
{
   struct ir_instr *I = b->last;
   if (I && (ir_op_infos[I->op].flags & IR_OPF_TERM))
      return I;
   return NULL;
}

void
ir_instr_insert_at_end(struct ir_block *b, struct ir_instr *I)
{
   struct ir_instr *term = ir_block_terminator(b);
   if (term)
      ir_instr_insert_before(term, I);
   else
      ir_instr_append(b, I);
}

/* Composes float modifiers: `outer` applied to a value that already
 * carries `inner`. */
static uint8_t
compose_mods(uint8_t inner, uint8_t outer)
{
   uint8_t m = inner;
   if (outer & IR_MOD_ABS)
      m = (uint8_t)((m | IR_MOD_ABS) & ~IR_MOD_NEG);
   if (outer & IR_MOD_NEG)
      m ^= IR_MOD_NEG;
   if (outer & IR_MOD_NOT)
      m ^= IR_MOD_NOT;
   return m;
}

void
ir_remap_init(struct ir_shader *s, struct ir_remap *m)
{
   m->count = (uint32_t)s->values.len;
   m->to = NULL; /* made by the first ir_remap_set: most passes change
                  * nothing, and every use then costs one test */
   m->s = s;
}

void
ir_remap_set(struct ir_remap *m, uint32_t value, struct ir_ref to)
{
   if (value >= m->count)
      return;
   if (!m->to)
      m->to = ARENA_ARRAY(m->s->scratch, struct ir_ref, m->count);
   m->to[value] = to;
}

struct ir_ref
ir_ref_compose(struct ir_ref use, struct ir_ref to)
{
   struct ir_ref n = to;
   n.comp = (uint8_t)(to.comp + use.comp);
   if (use.swizzle)
      n.swizzle = use.swizzle;
   n.mods = compose_mods(to.mods, use.mods);
   return n;
}

bool
ir_remap_src(const struct ir_remap *m, struct ir_ref *src)
{
   bool changed = false;
   if (!m->to)
      return false;
   /* Chains are short; the bound only guards against a cycle. */
   for (unsigned n = 0; n < 64; n++) {
      if (src->kind != IR_REF_VALUE || src->index >= m->count ||
          m->to[src->index].kind == IR_REF_NONE)
         break;
      *src = ir_ref_compose(*src, m->to[src->index]);
      changed = true;
   }
   return changed;
}

bool
ir_remap_operand_slow(const struct ir_remap *m, struct ir_instr *I,
                      unsigned i)
{
   struct ir_ref old = I->src[i];
   if (!ir_remap_src(m, &I->src[i]))
      return false;
   if (I->op != IR_OP_VA || i < ir_va_nr_srcs(I->va_op))
      return true;
   struct ir_ref now = I->src[i];
   const struct ir_value *was = ir_value(m->s, old.index);
   if (now.kind == IR_REF_VALUE && !now.comp && !now.swizzle && !now.mods &&
       ir_value(m->s, now.index)->nregs == was->nregs)
      return true;
   /* A part, a constant or a modified operand: a vector of its own, made
    * right here (the value it replaces may be gone). */
   unsigned n = was->bits == 64 ? was->nregs / 2 : was->nregs;
   struct ir_ref parts[16];
   for (unsigned k = 0; k < n && k < 16; k++) {
      parts[k] = now;
      if (now.kind == IR_REF_VALUE)
         parts[k].comp = (uint8_t)(now.comp + k);
   }
   struct ir_builder b = ir_builder_before(m->s, I);
   I->src[i] = ir_collect(&b, was->bits, n < 16 ? n : 16, parts);
   return true;
}

/* A checked compile's proof that the pass kept the protocol (ir.h): no
 * operand still reads a replaced value. */
static void
check_remapped(struct ir_shader *s, const struct ir_remap *m)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            if (r.kind == IR_REF_VALUE && r.index < m->count &&
                m->to[r.index].kind != IR_REF_NONE)
               ir_invalid(s, I, "source %u reads %%%u, which was replaced "
                                "before the walk met this use",
                          i, r.index);
         }
      }
   }
}

bool
ir_remap_apply(struct ir_shader *s, const struct ir_remap *m)
{
   bool changed = false;
   if (!m->to)
      return false;
   /* Blocks, not instructions: phis come first in theirs. */
   ir_foreach_block(s, b) {
      for (struct ir_instr *I = b->first; I && I->op == IR_OP_PHI;
           I = I->next) {
         ir_foreach_src(I, i)
            changed |= ir_remap_operand(m, I, i);
      }
   }
   if (s->checks)
      check_remapped(s, m);
   return changed;
}

bool
ir_expand_instrs(struct ir_shader *s, ir_expand_fn expand)
{
   struct ir_remap m;
   bool progress = false;
   ir_remap_init(s, &m);
   ir_foreach_block(s, b) {
      ir_foreach_instr_safe(b, I) {
         ir_foreach_src(I, i)
            ir_remap_operand(&m, I, i);
         if (I->op == IR_OP_PHI)
            continue;
         struct ir_builder bld = ir_builder_before(s, I);
         struct ir_ref out;
         if (expand(&bld, I, &out)) {
            ir_remap_set(&m, I->dst.index, out);
            ir_instr_remove(I);
            progress = true;
         }
      }
   }
   if (progress)
      ir_remap_apply(s, &m);
   return progress;
}

uint32_t *
ir_count_uses(struct ir_shader *s)
{
   uint32_t *uses = ARENA_ARRAY(s->scratch, uint32_t, s->values.len);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            if (I->src[i].kind == IR_REF_VALUE)
               uses[I->src[i].index]++;
         }
      }
   }
   return uses;
}

void
ir_invalid(struct ir_shader *s, const struct ir_instr *I, const char *fmt,
           ...)
{
   char cause[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(cause, sizeof(cause), fmt, ap);
   va_end(ap);

   struct strbuf sb;
   strbuf_init(&sb, s->arena);
   if (I)
      ir_print_instr(&sb, s, I);
   /* The validator names the pass it checks; a pass's own check, the
    * pass it is in. */
   const char *when = s->pass ? "after" : "in";
   const char *pass = s->pass ? s->pass : s->running ? s->running : "?";
   if (s->diag) {
      diag_error(s->diag, TGSIVA_ERROR_INTERNAL,
                 "%s %s: %s%s%s (this is a bug in tgsiva)", when, pass, cause,
                 I ? ": " : "", sb.data);
   }
   if (s->bail)
      longjmp(*s->bail, 1);
   fprintf(stderr, "tgsiva: %s %s: %s%s%s\n", when, pass, cause,
           I ? ": " : "", sb.data);
   abort();
}
