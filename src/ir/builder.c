/* SPDX-License-Identifier: MIT */
/*
 * The builder: creates instructions at a cursor.  Translation, lowering
 * passes and tests all build IR through these, so that every instruction
 * gets its result value the same way.
 */
#include "ir.h"

void
ir_builder_insert(struct ir_builder *b, struct ir_instr *I)
{
   if (b->before)
      ir_instr_insert_before(b->before, I);
   else
      ir_instr_append(b->block, I);
}

struct ir_instr *
ir_build(struct ir_builder *b, enum ir_op op, unsigned bits, unsigned nsrc,
         const struct ir_ref *srcs)
{
   struct ir_instr *I = ir_instr_create(b->shader, op, nsrc);
   for (unsigned i = 0; i < nsrc; i++)
      I->src[i] = srcs[i];
   if (ir_op_infos[op].ndst == 1)
      ir_instr_def(b->shader, I, bits, bits == 64 ? 2 : 1);
   ir_builder_insert(b, I);
   return I;
}

/* The result of most ops is as wide as their first source. */
static unsigned
result_bits(struct ir_builder *b, enum ir_op op, struct ir_ref a)
{
   if (ir_op_infos[op].size == IR_SIZE_S32)
      return 32;
   return ir_ref_bits(b->shader, a);
}

struct ir_ref
ir_alu1(struct ir_builder *b, enum ir_op op, struct ir_ref a)
{
   return ir_build(b, op, result_bits(b, op, a), 1, &a)->dst;
}

struct ir_ref
ir_alu2(struct ir_builder *b, enum ir_op op, struct ir_ref a, struct ir_ref c)
{
   struct ir_ref srcs[2] = {a, c};
   return ir_build(b, op, result_bits(b, op, a), 2, srcs)->dst;
}

struct ir_ref
ir_alu3(struct ir_builder *b, enum ir_op op, struct ir_ref a, struct ir_ref c,
        struct ir_ref d)
{
   struct ir_ref srcs[3] = {a, c, d};
   return ir_build(b, op, result_bits(b, op, a), 3, srcs)->dst;
}

struct ir_ref
ir_fcmp(struct ir_builder *b, enum ir_cond cond, enum ir_boolfmt fmt,
        struct ir_ref a, struct ir_ref c)
{
   struct ir_ref srcs[2] = {a, c};
   struct ir_instr *I = ir_build(b, IR_OP_FCMP, 32, 2, srcs);
   I->cond = (uint8_t)cond;
   I->cmptype = IR_CMP_F;
   I->boolfmt = (uint8_t)fmt;
   return I->dst;
}

struct ir_ref
ir_icmp(struct ir_builder *b, enum ir_cmptype type, enum ir_cond cond,
        struct ir_ref a, struct ir_ref c)
{
   struct ir_ref srcs[2] = {a, c};
   struct ir_instr *I = ir_build(b, IR_OP_ICMP, 32, 2, srcs);
   I->cond = (uint8_t)cond;
   I->cmptype = (uint8_t)type;
   return I->dst;
}

struct ir_ref
ir_csel(struct ir_builder *b, enum ir_cmptype type, enum ir_cond cond,
        struct ir_ref a, struct ir_ref c, struct ir_ref t, struct ir_ref f)
{
   struct ir_ref srcs[4] = {a, c, t, f};
   struct ir_instr *I =
      ir_build(b, IR_OP_CSEL, ir_ref_bits(b->shader, t), 4, srcs);
   I->cond = (uint8_t)cond;
   I->cmptype = (uint8_t)type;
   return I->dst;
}

struct ir_ref
ir_mov(struct ir_builder *b, struct ir_ref a)
{
   return ir_alu1(b, IR_OP_MOV, a);
}

struct ir_ref
ir_collect(struct ir_builder *b, unsigned bits, unsigned n,
           const struct ir_ref *srcs)
{
   struct ir_instr *I = ir_instr_create(b->shader, IR_OP_COLLECT, n);
   for (unsigned i = 0; i < n; i++)
      I->src[i] = srcs[i];
   ir_instr_def(b->shader, I, bits, n);
   ir_builder_insert(b, I);
   return I->dst;
}

struct ir_ref
ir_preload(struct ir_builder *b, unsigned reg)
{
   struct ir_instr *I = ir_build(b, IR_OP_PRELOAD, 32, 0, NULL);
   I->imm = (uint8_t)reg;
   return I->dst;
}

struct ir_ref
ir_undef(struct ir_builder *b)
{
   return ir_build(b, IR_OP_UNDEF, 32, 0, NULL)->dst;
}

void
ir_jump(struct ir_builder *b)
{
   ir_build(b, IR_OP_JUMP, 0, 0, NULL);
}

void
ir_branch(struct ir_builder *b, struct ir_ref cond)
{
   ir_build(b, IR_OP_BRANCH, 0, 1, &cond);
}
