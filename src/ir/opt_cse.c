/* SPDX-License-Identifier: MIT */
/*
 * Common subexpression elimination: an instruction that computes what an
 * earlier, dominating instruction already computed is replaced by it.
 *
 * 1. Only generic operations without side effects take part, loads of
 *    invariant memory (uniform buffers), and Valhall ALU forms (what
 *    translation builds directly: cube-map face selection, ...) within
 *    one block; phis, preloads and cross-lane operations (derivatives)
 *    do not, because their result depends on where they sit (which lanes
 *    run there): within a block no lane starts or stops.
 * 2. Two instructions match when every field matches: op, condition,
 *    compare type, boolean format, clamp, flags, immediate and sources
 *    (modifiers included), and for loads the Valhall form's modifiers and
 *    immediates; the first two sources of a commutative op
 *    match in either order, so that a+b and b+a match.
 * 3. The earlier instruction must dominate the later one.
 *
 * Requires: SSA; dominance is computed here.
 * Ensures:  no two dominating instructions compute the same thing.
 * Invalidates: nothing.
 */
#include <string.h>

#include "emit/va.h"
#include "ir.h"

/* A slot keeps its instruction's hash, so that a probe compares an
 * instruction only when the hashes agree: in a huge shader the table and
 * the instructions are far beyond the caches, and comparing every
 * instruction met on the way missed on each.  It names the instruction
 * by its place in `recorded` (filled in order, read only on a match):
 * eight bytes a slot instead of sixteen, half the table to miss in. */
struct cse_slot {
   uint32_t hash;
   uint32_t index; /* 0: empty; else recorded[index - 1] */
};

struct cse_table {
   struct cse_slot *slots;
   struct ir_instr **recorded;
   uint32_t mask;
   uint32_t count, room; /* room: the instructions made, a bound */
};

/* A Valhall ALU form without side effects: equal only within a block. */
static bool
valhall_alu(const struct ir_instr *I)
{
   return I->op == IR_OP_VA && !va_form(I->va_op)->message &&
          !ir_instr_has_side_effects(I);
}

static bool
eligible(const struct ir_instr *I)
{
   const struct ir_op_info *info = &ir_op_infos[I->op];
   if (I->op == IR_OP_VA)
      return I->ndst == 1 && ((I->flags & IR_INSTR_INVARIANT_LOAD) ||
                              valhall_alu(I));
   return I->op != IR_OP_PHI && I->ndst == 1 &&
          !(info->flags & (IR_OPF_SIDE | IR_OPF_NO_CSE | IR_OPF_TERM));
}

static bool
same_template(const struct ir_instr *a, const struct ir_instr *b)
{
   if (a->op != IR_OP_VA)
      return true;
   return a->va_op == b->va_op &&
          !memcmp(a->va->mod, b->va->mod, sizeof(a->va->mod)) &&
          !memcmp(a->va->imm, b->va->imm, sizeof(a->va->imm));
}

static uint32_t
hash_instr(const struct ir_instr *I)
{
   uint64_t h = 0xcbf29ce484222325ull;
   uint64_t fields = (uint64_t)I->op | (uint64_t)I->va_op << 8 |
                     (uint64_t)I->cond << 16 |
                     (uint64_t)I->cmptype << 24 | (uint64_t)I->boolfmt << 32 |
                     (uint64_t)I->clamp << 40 | (uint64_t)I->flags << 48;
   h = (h ^ fields) * 0x100000001b3ull;
   h = (h ^ I->imm) * 0x100000001b3ull;
   unsigned first = 0;
   if (ir_op_infos[I->op].flags & IR_OPF_COMM) {
      /* Order-independent, so that a+b and b+a hash alike. */
      uint64_t a = ir_ref_word(I->src[0]), b = ir_ref_word(I->src[1]);
      h = (h ^ (a < b ? a : b)) * 0x100000001b3ull;
      h = (h ^ (a < b ? b : a)) * 0x100000001b3ull;
      first = 2;
   }
   for (unsigned i = first; i < I->nsrc; i++)
      h = (h ^ ir_ref_word(I->src[i])) * 0x100000001b3ull;
   return (uint32_t)(h ^ (h >> 32));
}

static bool
same_instr(const struct ir_shader *s, const struct ir_instr *a,
           const struct ir_instr *b)
{
   if (a->op != b->op || a->cond != b->cond || a->cmptype != b->cmptype ||
       a->boolfmt != b->boolfmt || a->clamp != b->clamp ||
       a->flags != b->flags || a->imm != b->imm || a->nsrc != b->nsrc ||
       !same_template(a, b))
      return false;
   const struct ir_value *va = ir_value(s, a->dst.index);
   const struct ir_value *vb = ir_value(s, b->dst.index);
   if (va->bits != vb->bits || va->nregs != vb->nregs)
      return false;
   unsigned first = 0;
   if (ir_op_infos[a->op].flags & IR_OPF_COMM) {
      bool straight = ir_ref_equal(a->src[0], b->src[0]) &&
                      ir_ref_equal(a->src[1], b->src[1]);
      bool crossed = ir_ref_equal(a->src[0], b->src[1]) &&
                     ir_ref_equal(a->src[1], b->src[0]);
      if (!straight && !crossed)
         return false;
      first = 2;
   }
   for (unsigned i = first; i < a->nsrc; i++) {
      if (!ir_ref_equal(a->src[i], b->src[i]))
         return false;
   }
   return true;
}

/* Finds a dominating equal instruction or records I; open addressing.
 * Several non-dominating equal instructions may share the table. */
static struct ir_instr *
lookup_or_insert(struct ir_shader *s, struct cse_table *t,
                 struct ir_instr *I)
{
   uint32_t hash = hash_instr(I);
   uint32_t slot = hash & t->mask;
   for (;; slot = (slot + 1) & t->mask) {
      uint32_t index = t->slots[slot].index;
      if (!index)
         break;
      if (t->slots[slot].hash != hash)
         continue;
      struct ir_instr *other = t->recorded[index - 1];
      if (same_instr(s, other, I) &&
          (valhall_alu(I) ? other->block == I->block
                          : ir_block_dominates(other->block, I->block)))
         return other;
   }
   if (t->count == t->room)
      ir_invalid(s, I, "ir_opt_cse: more eligible instructions than "
                       "were made");
   t->recorded[t->count++] = I;
   t->slots[slot] = (struct cse_slot){hash, t->count};
   return NULL;
}

/* A table beyond this misses the caches on nearly every probe: the walk
 * then asks for the slot of the instruction CSE_AHEAD places ahead (its
 * hash before the remapping of its sources, nearly always the same). */
enum { CSE_PREFETCH_MIN_BYTES = 256 * 1024, CSE_AHEAD = 8 };

static struct ir_instr *
prefetch_slot(const struct cse_table *t, struct ir_instr *ahead)
{
   if (!ahead)
      return NULL;
   if (eligible(ahead))
      __builtin_prefetch(&t->slots[hash_instr(ahead) & t->mask]);
   return ahead->next;
}

bool
ir_opt_cse(struct ir_shader *s)
{
   /* Room for every instruction made since the last compaction (more
    * than the program holds): a walk to count the eligible ones missed
    * the caches on most instructions of a big shader. */
   uint32_t n = s->instrs_made;
   struct cse_table t = {0};
   uint32_t size = 16;
   while (size < 2 * n + 1)
      size *= 2;
   t.slots = ARENA_ARRAY(s->scratch, struct cse_slot, size);
   t.recorded = arena_alloc(s->scratch, (n + 1) * sizeof(*t.recorded));
   t.room = n;
   t.mask = size - 1;

   ir_compute_dominance(s);
   struct ir_remap m;
   ir_remap_init(s, &m);
   bool progress = false;
   bool far = (size_t)size * sizeof(*t.slots) >= CSE_PREFETCH_MIN_BYTES;
   /* Layout order visits definitions before the uses they dominate. */
   ir_foreach_block(s, b) {
      struct ir_instr *ahead = far ? b->first : NULL;
      for (unsigned k = 0; k < CSE_AHEAD && ahead; k++)
         ahead = prefetch_slot(&t, ahead);
      ir_foreach_instr_safe(b, I) {
         ahead = prefetch_slot(&t, ahead);
         ir_foreach_src(I, i)
            ir_remap_operand(&m, I, i);
         if (!eligible(I))
            continue;
         struct ir_instr *prev = lookup_or_insert(s, &t, I);
         if (prev) {
            ir_remap_set(&m, I->dst.index, prev->dst);
            ir_instr_remove(I);
            progress = true;
         }
      }
   }
   if (progress)
      ir_remap_apply(s, &m);
   return progress;
}
