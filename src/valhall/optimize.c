/* SPDX-License-Identifier: MIT */
/*
 * Peepholes on selected code: local rewrites of Valhall forms into the
 * forms that do the same on this hardware, before legalisation.  Every
 * rule is exact (the same bits for every input, NaNs included).
 *
 * 1. MOV.i32 takes no float modifiers.  A MOV of -x, |x| or -|x| flips,
 *    clears or sets the sign bit instead: LSHIFT_XOR.i32 x, #0,
 *    #0x80000000, LSHIFT_AND.i32 x, #0, #0x7fffffff, LSHIFT_OR.i32 x, #0,
 *    #0x80000000.  A bitwise operation is exact for NaNs, which an FADD
 *    would not be.
 * 2. An addition of a constant the slot cannot read from the immediate
 *    table takes the constant inline: FADD.f32 x, #c becomes
 *    FADD_IMM.f32 x, #c, and IADD.{u32,s32} x, #c (ISUB: x - #c, as
 *    x + #-c) becomes IADD_IMM.i32 x, #c.  Legalisation would otherwise
 *    spend an IADD_IMM.i32 0, #c on the constant; the _IMM forms do the
 *    same addition (no clamp, no saturation: a form with either stays,
 *    as does x with a modifier or a part selector, which _IMM's source
 *    lacks).
 * 3. A varying or attribute load whose readers read only its first k
 *    components loads k (translation loads every channel a TGSI source
 *    names: a 2-D texture coordinate's z and w too).  A reader that
 *    reads the whole vector (a staging operand, a phi) keeps it whole.
 *
 * 4. KILL_IF discards where a channel is < 0, and TGSI writes "discard
 *    if c" as KILL_IF -b2f(c): DISCARD.f32.lt -x, 0 is DISCARD.f32.gt
 *    x, 0 (the mirror, for every x), and a discard where a 0.0/1.0
 *    FCMP.f32 (no OR operand) is > 0 discards where its comparison
 *    holds: DISCARD.f32 on the comparison's own operands.
 *
 * 5. ICMP and FCMP combine their condition with a third source, a boolean
 *    (nonzero is true), by OR or with .and by AND (valhall-isa.xml,
 *    ICMP: "useful for chaining together conditions without intermediate
 *    bitwise arithmetic").  LSHIFT_OR.i32 p, #0, q, where p is a
 *    comparison with third source 0 read only there and q a comparison
 *    of the same result type (so 0 or that type's one value, the same
 *    bits as p's true), is p's comparison with q as its third source;
 *    LSHIFT_AND likewise with .and.  Not for the u1 type, which is half
 *    of a 64-bit comparison.
 *
 * 6. A branch on ~c, where c is an m1 comparison (0 or ~0), is a branch
 *    on c taken when it is zero (IR_INSTR_BRANCH_IF_ZERO, BRANCHZ.eq):
 *    the NOT of a loop's `if (!(a < b)) break` goes.  Not for other
 *    result types: ~1 is nonzero.
 *
 * To add a rule: a function below that returns the rewritten value, and
 * a line in rewrite(); a case in tests/ir/test_opt.c.
 *
 * Requires: selected IR (va_select).
 * Ensures:  no MOV.i32 reads a source with .neg or .abs; no FADD.f32,
 *           IADD or ISUB (32-bit, unclamped, unsaturated) adds a plain
 *           value and a constant outside the immediate table; no
 *           varying or attribute load loads a component nothing reads;
 *           no DISCARD.f32 compares a negated value with 0; no
 *           LSHIFT_OR/AND.i32 of a once-read comparison and a boolean of
 *           its type; no branch on the NOT of an m1 comparison.
 * Invalidates: nothing (a rewritten instruction's readers read the new
 *              value).
 */
#include "valhall.h"

#include "emit/va.h"

/* LSHIFT_<op>.i32 x, #0, #mask before the builder's point. */
static struct ir_ref
bitwise(struct ir_builder *b, enum va_op op, struct ir_ref x, uint32_t mask)
{
   struct ir_ref srcs[3] = {x, ir_imm(0), ir_imm(mask)};
   struct ir_instr *I = ir_va_create(b->shader, op, 3, srcs);
   ir_instr_def(b->shader, I, 32, 1);
   ir_builder_insert(b, I);
   return I->dst;
}

/* Rule 1. */
static bool
sign_bits(struct ir_builder *b, const struct ir_instr *I, struct ir_ref *out)
{
   struct ir_ref x = I->src[0];
   uint8_t mods = x.mods;
   if (I->va_op != VA_OP_MOV_I32 || !(mods & (IR_MOD_NEG | IR_MOD_ABS)))
      return false;
   x.mods = 0;
   if ((mods & IR_MOD_ABS) && (mods & IR_MOD_NEG))
      *out = bitwise(b, VA_OP_LSHIFT_OR_I32, x, 0x80000000u);
   else if (mods & IR_MOD_ABS)
      *out = bitwise(b, VA_OP_LSHIFT_AND_I32, x, 0x7fffffffu);
   else
      *out = bitwise(b, VA_OP_LSHIFT_XOR_I32, x, 0x80000000u);
   return true;
}

/* Rule 2: the _IMM form for I, or -1. */
static int
immediate_form(const struct ir_instr *I)
{
   const int8_t *mod = I->va->mod;
   if (mod[VA_MOD_CLAMP] > 0 || mod[VA_MOD_SATURATE] > 0)
      return -1;
   switch (I->va_op) {
   case VA_OP_FADD_F32: return VA_OP_FADD_IMM_F32;
   case VA_OP_IADD_U32:
   case VA_OP_IADD_S32:
   case VA_OP_ISUB_U32:
   case VA_OP_ISUB_S32: return VA_OP_IADD_IMM_I32;
   default: return -1;
   }
}

/* Rule 2. */
static bool
add_immediate(struct ir_builder *b, const struct ir_instr *I,
              struct ir_ref *out)
{
   int to = immediate_form(I);
   if (to < 0 || I->nsrc != 2)
      return false;
   bool sub = I->va_op == VA_OP_ISUB_U32 || I->va_op == VA_OP_ISUB_S32;
   for (unsigned k = sub ? 1 : 0; k < 2; k++) {
      struct ir_ref x = I->src[1 - k];
      struct va_src table;
      uint32_t bits;
      if (!ir_ref_const_bits(I->src[k], &bits) ||
          ir_va_src(b->shader, I->va_op, k, I->src[k], false, &table) ||
          x.mods || x.swizzle || x.kind == IR_REF_CONST)
         continue;
      struct ir_instr *J = ir_va_create(b->shader, (unsigned)to, 1, &x);
      ir_instr_def(b->shader, J, 32, 1);
      J->flags = I->flags;
      J->va->imm[VA_IMM_CONSTANT] = sub ? 0u - bits : bits;
      ir_builder_insert(b, J);
      *out = J->dst;
      return true;
   }
   return false;
}

static bool
rewrite(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   if (I->op != IR_OP_VA || I->ndst != 1)
      return false;
   return sign_bits(b, I, out) || add_immediate(b, I, out);
}

/* Rule 3: loads whose vector may be cut to the components read. */
static bool
narrowable_load(const struct ir_shader *s, const struct ir_instr *I)
{
   if (I->op != IR_OP_VA || I->ndst != 1 || I->dst.kind != IR_REF_VALUE ||
       ir_value(s, I->dst.index)->nregs < 2)
      return false;
   switch (I->va_op) {
   case VA_OP_LD_VAR_BUF_IMM_F32:
   case VA_OP_LD_VAR_BUF_F32:
   case VA_OP_LD_ATTR_IMM: return true;
   default: return false;
   }
}

/* Does source i of I read one 32-bit component of its value?  A
 * COLLECT's parts and the plain operands of a Valhall form do; a staging
 * operand, a phi or another generic operation may read all of it. */
static bool
reads_one_component(const struct ir_shader *s, const struct ir_instr *I,
                    unsigned i)
{
   if (I->src[i].swizzle)
      return false;
   if (I->op == IR_OP_COLLECT)
      return ir_value(s, I->dst.index)->nregs == I->nsrc;
   return I->op == IR_OP_VA && i < ir_va_nr_srcs(I->va_op);
}

/* Per value: how many leading components its readers read (UINT8_MAX:
 * all of it). */
static uint8_t *
components_read(struct ir_shader *s)
{
   uint8_t *used = ARENA_ARRAY(s->scratch, uint8_t, s->values.len + 1);
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            if (r.kind != IR_REF_VALUE)
               continue;
            uint8_t n = reads_one_component(s, I, i) ? r.comp + 1
                                                      : UINT8_MAX;
            used[r.index] = n > used[r.index] ? n : used[r.index];
         }
      }
   }
   return used;
}

static bool
narrow_loads(struct ir_shader *s)
{
   uint8_t *used = components_read(s);
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (!narrowable_load(s, I))
            continue;
         struct ir_value *v = ir_value(s, I->dst.index);
         uint8_t n = used[I->dst.index];
         if (!n || n >= v->nregs)
            continue;
         v->nregs = n;
         va_set_mod(I->va, VA_MOD_VECSIZE, n - 1);
         progress = true;
      }
   }
   return progress;
}

/* Rules 4-6: is r a 32-bit comparison's result of type `type` (any type
 * but u1 when type < 0)? */
static const struct ir_instr *
comparison(const struct ir_shader *s, struct ir_ref r, int type)
{
   if (r.kind != IR_REF_VALUE || r.mods || r.comp || r.swizzle)
      return NULL;
   const struct ir_instr *P = ir_value(s, r.index)->def;
   if (!P || P->op != IR_OP_VA ||
       (P->va_op != VA_OP_ICMP_U32 && P->va_op != VA_OP_ICMP_S32 &&
        P->va_op != VA_OP_FCMP_F32))
      return NULL;
   int t = P->va->mod[VA_MOD_RESULT_TYPE];
   if (t == VA_RESULT_TYPE_U1 || (type >= 0 && t != type))
      return NULL;
   return P;
}

/* The same for a comparison alone: its third source 0, combined by OR
 * (so its result is its own condition). */
static const struct ir_instr *
plain_comparison(const struct ir_shader *s, struct ir_ref r, int type)
{
   const struct ir_instr *P = comparison(s, r, type);
   uint32_t third;
   if (!P || P->va->mod[VA_MOD_AND] == 1 || P->va->mod[VA_MOD_SEQ] == 1 ||
       !ir_ref_const_bits(P->src[2], &third) || third)
      return NULL;
   return P;
}

/* Rule 4 on one DISCARD.f32. */
static bool
discard_condition(struct ir_shader *s, struct ir_instr *I)
{
   uint32_t zero;
   if (I->op != IR_OP_VA || I->va_op != VA_OP_DISCARD_F32 ||
       !ir_ref_const_bits(I->src[1], &zero) || (zero & 0x7fffffffu))
      return false;
   int cmp = I->va->mod[VA_MOD_CMP];
   if (cmp < 0 || cmp > IR_COND_LE)
      return false;
   struct ir_ref *x = &I->src[0];
   if (x->mods == IR_MOD_NEG) {
      x->mods = 0;
      va_set_mod(I->va, VA_MOD_CMP, ir_cond_mirror((enum ir_cond)cmp));
      return true;
   }
   const struct ir_instr *F =
      cmp == IR_COND_GT ? plain_comparison(s, *x, VA_RESULT_TYPE_F1) : NULL;
   if (!F || F->va_op != VA_OP_FCMP_F32)
      return false;
   I->src[0] = F->src[0];
   I->src[1] = F->src[1];
   va_set_mod(I->va, VA_MOD_CMP, F->va->mod[VA_MOD_CMP]);
   return true;
}

/* Rule 5 on one LSHIFT_OR/AND.i32. */
static bool
combine_comparison(struct ir_shader *s, struct ir_instr *I,
                   const uint32_t *uses)
{
   uint32_t shift;
   if (I->op != IR_OP_VA ||
       (I->va_op != VA_OP_LSHIFT_OR_I32 && I->va_op != VA_OP_LSHIFT_AND_I32) ||
       I->va->mod[VA_MOD_NOT_RESULT] > 0 ||
       !ir_ref_const_bits(I->src[1], &shift) || shift)
      return false;
   for (unsigned k = 0; k < 2; k++) {
      struct ir_ref p = I->src[k ? 2 : 0], q = I->src[k ? 0 : 2];
      const struct ir_instr *P = plain_comparison(s, p, -1);
      if (!P || uses[p.index] != 1 ||
          !comparison(s, q, P->va->mod[VA_MOD_RESULT_TYPE]))
         continue;
      bool and_mode = I->va_op == VA_OP_LSHIFT_AND_I32;
      struct va_settings *t = ir_va_template(s, P->va_op, P->va);
      if (and_mode)
         va_set_mod(t, VA_MOD_AND, 1);
      I->va = t;
      I->va_op = P->va_op;
      I->src[0] = P->src[0];
      I->src[1] = P->src[1];
      I->src[2] = q;
      return true;
   }
   return false;
}

static bool
combine_comparisons(struct ir_shader *s)
{
   uint32_t *uses = ir_count_uses(s);
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         progress |= combine_comparison(s, I, uses);
   }
   return progress;
}

/* Rule 6 on one block's terminator. */
static bool
branch_on_inverse(struct ir_shader *s, struct ir_instr *I)
{
   if (!I || I->op != IR_OP_BRANCH)
      return false;
   struct ir_ref r = I->src[0];
   uint32_t a, b;
   if (r.kind != IR_REF_VALUE || r.mods || r.comp || r.swizzle)
      return false;
   const struct ir_instr *N = ir_value(s, r.index)->def;
   if (!N || N->op != IR_OP_VA || N->va_op != VA_OP_LSHIFT_OR_I32 ||
       N->va->mod[VA_MOD_NOT_RESULT] > 0 ||
       !ir_ref_const_bits(N->src[0], &a) || a ||
       !ir_ref_const_bits(N->src[1], &b) || b ||
       N->src[2].mods != IR_MOD_NOT)
      return false;
   struct ir_ref c = N->src[2];
   c.mods = 0;
   if (!comparison(s, c, VA_RESULT_TYPE_M1))
      return false;
   I->src[0] = c;
   I->flags ^= IR_INSTR_BRANCH_IF_ZERO;
   return true;
}

static bool
discard_conditions(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         while (discard_condition(s, I))
            progress = true;
      }
   }
   return progress;
}

bool
va_optimize(struct ir_shader *s)
{
   bool progress = narrow_loads(s);
   bool discards = discard_conditions(s);
   bool branches = false;
   ir_foreach_block(s, b)
      branches |= branch_on_inverse(s, ir_block_terminator(b));
   if (combine_comparisons(s) | discards | branches) {
      ir_opt_dce(s); /* the comparisons now made where they are read */
      progress = true;
   }
   return ir_expand_instrs(s, rewrite) || progress;
}
