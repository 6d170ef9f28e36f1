/* SPDX-License-Identifier: MIT */
/*
 * The allocator's own check: after allocation and the copies out of SSA,
 * every register an instruction reads holds the value the SSA program
 * meant, on every path.
 *
 * 1. Registers carry tags: (value, part) for what instructions compute,
 *    or a constant, uniform or special word for what copies put there.
 *    A COLLECT's parts are its sources' tags; a phi's result is checked
 *    against its source at the end of each predecessor (after the copies
 *    there) and is its own tag from the start of its block on.
 * 2. Copies (MOV, IADD_IMM of a constant, the three LSHIFT_XOR of a swap)
 *    move tags; XOR works on the tags' numbers, so a swap swaps them.
 * 3. Tags flow forward over the blocks to a fixed point; where paths
 *    disagree a register holds nothing usable.
 * 4. Every source of every instruction of the SSA program (all the
 *    registers it reads: a pair, a staging vector) must hold its tag.
 *
 * A failure is an allocator bug: ir_invalid names the instruction, the
 * register, and what it held instead.
 *
 * Requires: the state ra_verify_capture recorded before the rewrite.
 * Ensures:  nothing (a check).
 * Invalidates: nothing.
 */
#include "ra_verify.h"

#include <string.h>

#include "emit/va.h"

#define TAG_NONE 0ull
#define TAG_CONST (1ull << 62)   /* | the 32-bit constant */
#define TAG_UNIFORM (2ull << 62) /* | the word index */
#define TAG_SPECIAL (3ull << 62) /* | value, word */

static uint64_t
value_tag(uint32_t v, unsigned part)
{
   return ((uint64_t)v << 8) | (part + 1);
}

/* The tag of part `k` of operand `r` of the SSA program. */
static uint64_t
tag_of(const struct ra_verify *rv, struct ir_ref r, unsigned k)
{
   for (unsigned depth = 0; depth < 16; depth++) {
      switch (r.kind) {
      case IR_REF_CONST: return TAG_CONST | r.index;
      case IR_REF_UNIFORM: return TAG_UNIFORM | r.index;
      case IR_REF_SPECIAL:
         return TAG_SPECIAL | (r.index << 2) |
                (r.swizzle == IR_SWIZZLE_W1 ? 1 : 0);
      case IR_REF_VALUE: break;
      default: return TAG_NONE;
      }
      unsigned part = r.comp + k + (r.swizzle == IR_SWIZZLE_W1);
      const struct ir_instr *def = ir_value(rv->s, r.index)->def;
      /* A phi of one predecessor is a copy made at its block's start. */
      if (def && def->op == IR_OP_PHI && def->nsrc == 1) {
         struct ir_ref src = def->src[0];
         src.comp = (uint8_t)(src.comp + part);
         r = src;
         k = 0;
         continue;
      }
      if (!def || def->op != IR_OP_COLLECT)
         return value_tag(r.index, part);
      /* A COLLECT of one 64-bit source, or of one source per register. */
      if (def->nsrc == 1 && ir_value(rv->s, r.index)->nregs == 2) {
         r = def->src[0];
         k = part;
         r.swizzle = IR_SWIZZLE_NONE;
         continue;
      }
      if (part >= def->nsrc)
         return TAG_NONE;
      r = def->src[part];
      k = 0;
   }
   return TAG_NONE;
}

void
ra_verify_capture(struct ra_verify *rv, struct ir_shader *s,
                  const int16_t *reg)
{
   memset(rv, 0, sizeof(*rv));
   rv->s = s;
   rv->reg = reg;
   uint32_t n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         n++;
   }
   rv->orig = ARENA_ARRAY(s->scratch, struct ra_verify_instr, n + 1);
   rv->phis = ARENA_ARRAY(s->scratch, struct ir_instr *, n + 1);
   rv->phi_block = ARENA_ARRAY(s->scratch, struct ir_block *, n + 1);
   rv->preloads = ARENA_ARRAY(s->scratch, uint32_t, n + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         struct ra_verify_instr *o = &rv->orig[rv->count];
         o->I = I;
         o->src = ARENA_ARRAY(s->scratch, struct ir_ref, I->nsrc + 1);
         if (I->nsrc) /* I->src may be NULL then */
            memcpy(o->src, I->src, I->nsrc * sizeof(*I->src));
         o->dst = I->dst;
         I->pass_data = rv->count++;
         if (I->op == IR_OP_PHI && b->preds.len > 1) {
            rv->phi_block[rv->nphis] = b;
            rv->phis[rv->nphis++] = I;
         }
         if (I->op == IR_OP_PRELOAD)
            rv->preloads[rv->npreloads++] = I->dst.index;
      }
   }
}

struct vstate {
   uint64_t tag[RA_MAX_REGISTERS];
};

/* The original instruction behind I, or NULL for a copy made later. */
static const struct ra_verify_instr *
original(const struct ra_verify *rv, const struct ir_instr *I)
{
   if (I->pass_data >= rv->count || rv->orig[I->pass_data].I != I)
      return NULL;
   return &rv->orig[I->pass_data];
}

static void
fail_at(const struct ra_verify *rv, struct ir_instr *I, unsigned r,
        uint64_t want, uint64_t got)
{
   ir_invalid(rv->s, I,
              "allocation check: r%u holds tag %#llx where %#llx is read", r,
              (unsigned long long)got, (unsigned long long)want);
}

/* Rule 2: a copy the allocator made. */
static void
step_copy(const struct ra_verify *rv, const struct ir_instr *I,
          struct vstate *st)
{
   struct va_instr va;
   ir_va_instr(rv->s, I, &va);
   const struct va_instr *v = &va;
   unsigned d = v->dest.reg & 63;
   switch (I->va_op) {
   case VA_OP_MOV_I32: {
      const struct va_src *s = &v->src[0];
      if (s->kind == VA_SRC_KIND_REG)
         st->tag[d] = st->tag[s->value & 63];
      else if (s->kind == VA_SRC_KIND_UNIFORM)
         st->tag[d] = TAG_UNIFORM | s->value;
      else if (s->kind == VA_SRC_KIND_IMM)
         st->tag[d] = TAG_CONST | va_imm_table[s->value & 31];
      else
         st->tag[d] = TAG_SPECIAL | ((uint64_t)s->value << 2) | s->word;
      break;
   }
   case VA_OP_IADD_IMM_I32:
      st->tag[d] = TAG_CONST | (uint32_t)v->imm[VA_IMM_CONSTANT];
      break;
   case VA_OP_LSHIFT_XOR_I32:
      st->tag[d] = st->tag[v->src[0].value & 63] ^
                   st->tag[v->src[2].value & 63];
      break;
   default: break;
   }
}

/* Rule 4 for one source: `n` registers from `first`. */
static void
check_source(const struct ra_verify *rv, struct ir_instr *I,
             const struct vstate *st, struct ir_ref r, unsigned first,
             unsigned n)
{
   for (unsigned k = 0; k < n; k++) {
      uint64_t want = tag_of(rv, r, k);
      /* Constants, uniforms and specials the instruction reads itself
       * are not in registers; copies of them are. */
      if (want == TAG_NONE || first + k >= RA_MAX_REGISTERS)
         continue;
      if (st->tag[first + k] != want)
         fail_at(rv, I, first + k, want, st->tag[first + k]);
   }
}

static void
step_original(const struct ra_verify *rv, const struct ra_verify_instr *o,
              struct vstate *st)
{
   struct ir_instr *I = o->I;
   const struct va_form *f = I->va ? va_form((enum va_op)I->va_op) : NULL;
   for (unsigned i = 0; i < I->nsrc; i++) {
      struct ir_ref r = o->src[i];
      if (r.kind != IR_REF_VALUE || I->src[i].kind != IR_REF_REG)
         continue;
      const struct ir_value *val = ir_value(rv->s, r.index);
      bool whole = f && i >= f->nr_srcs;
      unsigned n = whole ? val->nregs
                   : (val->bits == 64 && r.swizzle == IR_SWIZZLE_NONE) ? 2
                                                                       : 1;
      check_source(rv, I, st, r, I->src[i].index, n);
   }
   if (I->ndst && o->dst.kind == IR_REF_VALUE) {
      uint32_t v = o->dst.index;
      for (unsigned k = 0; k < ir_value(rv->s, v)->nregs; k++)
         st->tag[(rv->reg[v] + k) & 63] = value_tag(v, k);
   }
}

static void
run_block(const struct ra_verify *rv, struct ir_block *b, struct vstate *st,
          bool check)
{
   ir_foreach_instr(b, I) {
      const struct ra_verify_instr *o = original(rv, I);
      if (o && check)
         step_original(rv, o, st);
      else if (o && I->ndst && o->dst.kind == IR_REF_VALUE) {
         uint32_t v = o->dst.index;
         for (unsigned k = 0; k < ir_value(rv->s, v)->nregs; k++)
            st->tag[(rv->reg[v] + k) & 63] = value_tag(v, k);
      } else if (!o && I->op == IR_OP_VA) {
         step_copy(rv, I, st);
      }
   }
}

/* The captured phis of each block (by block index), so that entering a
 * block does not scan every phi of the shader: head[index] and next[k]
 * hold phi numbers + 1, 0 ending a list. */
struct phi_lists {
   uint32_t *head, *next;
};

static struct phi_lists
list_phis(const struct ra_verify *rv)
{
   struct ir_shader *s = rv->s;
   struct phi_lists l = {
      .head = ARENA_ARRAY(s->scratch, uint32_t, s->block_count + 1),
      .next = ARENA_ARRAY(s->scratch, uint32_t, rv->nphis + 1),
   };
   for (uint32_t k = rv->nphis; k-- > 0;) {
      uint32_t b = rv->phi_block[k]->index;
      if (b >= s->block_count)
         continue; /* a block removed since the capture */
      l.next[k] = l.head[b];
      l.head[b] = k + 1;
   }
   return l;
}

/* Rule 1 at a block's start: phis from each predecessor's end. */
static void
enter_block(const struct ra_verify *rv, const struct phi_lists *phis,
            struct ir_block *b, const struct vstate *out, const bool *done,
            struct vstate *in, bool check)
{
   bool first = true;
   for (size_t p = 0; p < b->preds.len; p++) {
      const struct ir_block *pred = b->preds.data[p];
      if (!done[pred->index])
         continue;
      const struct vstate *o = &out[pred->index];
      for (unsigned r = 0; r < RA_MAX_REGISTERS; r++) {
         if (first)
            in->tag[r] = o->tag[r];
         else if (in->tag[r] != o->tag[r])
            in->tag[r] = TAG_NONE;
      }
      first = false;
   }
   for (uint32_t k1 = phis->head[b->index]; k1; k1 = phis->next[k1 - 1]) {
      uint32_t k = k1 - 1;
      struct ir_instr *phi = rv->phis[k];
      if (rv->phi_block[k] != b)
         continue;
      const struct ra_verify_instr *o = &rv->orig[phi->pass_data];
      uint32_t v = o->dst.index;
      for (unsigned j = 0; j < ir_value(rv->s, v)->nregs; j++) {
         unsigned r = (rv->reg[v] + j) & 63;
         for (size_t p = 0; check && p < b->preds.len; p++) {
            const struct ir_block *pred = b->preds.data[p];
            uint64_t want = tag_of(rv, o->src[p], j);
            if (want != TAG_NONE && out[pred->index].tag[r] != want)
               fail_at(rv, phi, r, want, out[pred->index].tag[r]);
         }
         in->tag[r] = value_tag(v, j);
      }
   }
}

void
ra_verify_check(struct ra_verify *rv)
{
   struct ir_shader *s = rv->s;
   ir_renumber_blocks(s);
   struct vstate *in = ARENA_ARRAY(s->scratch, struct vstate,
                                   s->block_count + 1);
   struct vstate *out = ARENA_ARRAY(s->scratch, struct vstate,
                                    s->block_count + 1);
   bool *done = ARENA_ARRAY(s->scratch, bool, s->block_count + 1);
   struct phi_lists phis = list_phis(rv);
   /* Preloaded registers hold their values from the start. */
   for (uint32_t k = 0; k < rv->npreloads; k++) {
      uint32_t v = rv->preloads[k];
      in[s->first_block->index].tag[rv->reg[v] & 63] = value_tag(v, 0);
   }
   /* Rule 3: to a fixed point, then once more checking. */
   for (unsigned round = 0; round < 64; round++) {
      bool changed = false;
      ir_foreach_block(s, b) {
         struct vstate st = in[b->index];
         if (b != s->first_block)
            enter_block(rv, &phis, b, out, done, &st, false);
         run_block(rv, b, &st, false);
         changed |= !done[b->index] ||
                    memcmp(&st, &out[b->index], sizeof(st));
         out[b->index] = st;
         done[b->index] = true;
      }
      if (!changed)
         break;
   }
   ir_foreach_block(s, b) {
      struct vstate st = in[b->index];
      if (b != s->first_block)
         enter_block(rv, &phis, b, out, done, &st, true);
      run_block(rv, b, &st, true);
   }
}
