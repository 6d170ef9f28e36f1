/* SPDX-License-Identifier: MIT */
/*
 * Operands and ALU instructions: type-aware choice of registers and
 * values, source modifiers, swizzles, write masks and saturation.
 *
 * Values lean towards edge cases (signed zeros, denormals, infinities,
 * NaN, the largest and smallest floats, integer limits, shift counts
 * around 32, zero divisors), drawn as UINT32 immediates so that the text
 * keeps their exact bits (tgsi_dump prints FLT32 with four decimals).
 * A float operand comes from registers last written with floats three
 * times in four, an integer operand likewise, so that most arithmetic
 * sees values of its own type and some sees the other's bits.
 */
#include <string.h>

#include "gen_priv.h"
#include "util/bits.h"

static const uint32_t edge_floats[] = {
   0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000,
   0x40490fdb, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff,
   0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x4b000001,
   0x3effffff, 0x40200000, 0xc0200000, 0x3fc00000, 0x4f000000,
   0xcf000000, 0x4f800000, 0x0d000000, 0x72000000, 0x3dcccccd,
   0xc2f00000, 0x3f7fffff, 0xbf000000,
};

static const uint32_t edge_ints[] = {
   0,          1,          2,          3,          7,
   31,         32,         33,         63,         64,
   0xffffffff, 0x80000000, 0x7fffffff, 0xfffffffe, 16,
   255,        0x10000,    0xffff,     0x55555555, 0xaaaaaaaa,
   5,          100,        0x80000001, 0xffffffe0,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* An ordinary float: a multiple of 1/8 in [-8, 8]. */
static uint32_t
plain_float(struct gen *g)
{
   return float_to_bits((float)((int)gen_below(g, 129) - 64) / 8.0f);
}

static uint32_t
pick_word(struct gen *g, enum gen_kind kind)
{
   bool edge = (g->feat & GEN_F_EDGE_VALUES) && gen_chance(g, 40);
   if (kind == GEN_KIND_ANY)
      kind = gen_chance(g, 50) ? GEN_KIND_FLOAT : GEN_KIND_INT;
   if (kind == GEN_KIND_FLOAT)
      return edge ? edge_floats[gen_below(g, COUNT(edge_floats))]
                  : plain_float(g);
   return edge ? edge_ints[gen_below(g, COUNT(edge_ints))]
               : gen_below(g, 9);
}

unsigned
gen_imm_vec(struct gen *g, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   uint32_t v[4] = {x, y, z, w};
   for (unsigned i = 0; i < g->imms.len; i++) {
      if (!memcmp(g->imms.data[i].words, v, sizeof(v)))
         return i;
   }
   struct tgsi_imm *imm = VEC_PUSH(g->arena, &g->imms);
   memset(imm, 0, sizeof(*imm));
   imm->type = TGSI_IMMTYPE_UINT32;
   imm->num_words = 4;
   memcpy(imm->words, v, sizeof(v));
   return (unsigned)(g->imms.len - 1);
}

void
gen_swizzle(struct tgsi_src *s, unsigned x, unsigned y, unsigned z,
            unsigned w)
{
   s->swizzle[0] = (uint8_t)x;
   s->swizzle[1] = (uint8_t)y;
   s->swizzle[2] = (uint8_t)z;
   s->swizzle[3] = (uint8_t)w;
}

void
gen_src_reg(struct tgsi_src *s, enum tgsi_regfile file, int index)
{
   memset(s, 0, sizeof(*s));
   s->reg.file = file;
   s->reg.index = index;
   gen_swizzle(s, 0, 1, 2, 3);
}

void
gen_src_imm(struct gen *g, struct tgsi_src *s, uint32_t x, uint32_t y,
            uint32_t z, uint32_t w)
{
   gen_src_reg(s, TGSI_REGFILE_IMMEDIATE, (int)gen_imm_vec(g, x, y, z, w));
}

void
gen_dst_reg(struct tgsi_dst *d, enum tgsi_regfile file, int index,
            unsigned mask)
{
   memset(d, 0, sizeof(*d));
   d->reg.file = file;
   d->reg.index = index;
   d->writemask = (uint8_t)mask;
}

static void
random_swizzle(struct gen *g, struct tgsi_src *s)
{
   unsigned r = gen_below(g, 4);
   if (r == 0) {
      unsigned c = gen_below(g, 4);
      gen_swizzle(s, c, c, c, c);
   } else if (r == 1) {
      gen_swizzle(s, gen_below(g, 4), gen_below(g, 4), gen_below(g, 4),
                  gen_below(g, 4));
   }
}

/* ADDR[0].c + base, within `array_id` (0: the file). */
static void
make_indirect(struct gen *g, struct tgsi_reg *r, int base, unsigned array_id)
{
   r->indirect = true;
   r->index = base;
   r->ind.file = TGSI_REGFILE_ADDRESS;
   r->ind.index = 0;
   r->ind.swizzle = (uint8_t)gen_below(g, 4);
   r->ind.array_id = (uint16_t)array_id;
}

void
gen_gs_vertex(struct gen *g, struct tgsi_reg *r)
{
   r->dimension = true;
   if (g->gs_vertices_in > 3 && (g->feat & GEN_F_INDIRECT) &&
       gen_chance(g, 30)) {
      r->dim_indirect = true;
      r->dim_index = 0;
      r->dim_ind.file = TGSI_REGFILE_ADDRESS;
      r->dim_ind.swizzle = (uint8_t)gen_below(g, 4);
      return;
   }
   r->dim_index = (int)gen_below(g, g->gs_vertices_in);
}

static void
const_operand(struct gen *g, struct tgsi_src *s)
{
   unsigned buf = gen_chance(g, 70) ? 0 : gen_below(g, GEN_CONST_BUFFERS);
   gen_src_reg(s, TGSI_REGFILE_CONSTANT, (int)gen_below(g, GEN_CONST_LEN));
   s->reg.dimension = true;
   s->reg.dim_index = (int)buf;
   if ((g->feat & GEN_F_INDIRECT) && gen_chance(g, 25)) {
      /* ADDR[0] is 0..3: buffers 0..3 and elements base..base+3 exist. */
      if (gen_chance(g, 30)) {
         s->reg.dim_indirect = true;
         s->reg.dim_index = 0;
         s->reg.dim_ind.file = TGSI_REGFILE_ADDRESS;
         s->reg.dim_ind.swizzle = (uint8_t)gen_below(g, 4);
      } else {
         make_indirect(g, &s->reg, (int)gen_below(g, GEN_CONST_LEN - 3), 0);
      }
   }
}

static void
temp_operand(struct gen *g, struct tgsi_src *s, enum gen_kind kind)
{
   unsigned t = gen_below(g, g->ntemps);
   for (unsigned tries = 0; tries < 4 && kind != GEN_KIND_ANY; tries++) {
      if (g->temp_kind[t] == kind || gen_chance(g, 25))
         break;
      t = gen_below(g, g->ntemps);
   }
   gen_src_reg(s, TGSI_REGFILE_TEMPORARY, (int)t);
}

static void
array_operand(struct gen *g, struct tgsi_reg *r)
{
   r->file = TGSI_REGFILE_TEMPORARY;
   if ((g->feat & GEN_F_INDIRECT) && gen_chance(g, 70)) {
      /* ADDR[0] is 0..3: a long array is entered anywhere. */
      unsigned base = g->array_len > GEN_ARRAY_LEN
                         ? gen_below(g, g->array_len - GEN_ARRAY_LEN + 1)
                         : 0;
      make_indirect(g, r, (int)(g->array + base), 1);
   } else {
      r->index = (int)(g->array + gen_below(g, g->array_len));
   }
}

/* A register or immediate of the wanted kind, unmodified. */
static void
value_operand(struct gen *g, struct tgsi_src *s, enum gen_kind kind)
{
   unsigned r = gen_below(g, 100);
   if (r < 45) {
      temp_operand(g, s, kind);
   } else if (r < 58 && g->nin && kind != GEN_KIND_INT) {
      gen_src_reg(s, TGSI_REGFILE_INPUT, (int)gen_below(g, g->nin));
      if (g->stage == GEN_GS)
         gen_gs_vertex(g, &s->reg);
   } else if (r < 72) {
      const_operand(g, s);
   } else if (r < 90 || !g->nsv) {
      gen_src_imm(g, s, pick_word(g, kind), pick_word(g, kind),
                  pick_word(g, kind), pick_word(g, kind));
   } else if (r < 95) {
      gen_src_reg(s, TGSI_REGFILE_TEMPORARY, 0);
      array_operand(g, &s->reg);
   } else {
      gen_src_reg(s, TGSI_REGFILE_SYSTEM_VALUE, (int)gen_below(g, g->nsv));
   }
}

void
gen_src_value(struct gen *g, struct tgsi_src *s, enum tgsi_value_type type)
{
   enum gen_kind kind = type == TGSI_VT_F32   ? GEN_KIND_FLOAT
                        : type == TGSI_VT_UNTYPED ? GEN_KIND_ANY
                                                  : GEN_KIND_INT;
   value_operand(g, s, kind);
   random_swizzle(g, s);
   if (type == TGSI_VT_UNTYPED)
      return;
   unsigned pct = type == TGSI_VT_F32 ? 25 : 8;
   s->absolute = gen_chance(g, pct);
   s->negate = gen_chance(g, pct);
}

void
gen_dst_value(struct gen *g, struct tgsi_dst *d, enum gen_kind kind)
{
   unsigned mask = gen_chance(g, 50) ? 0xf : 1 + gen_below(g, 15);
   unsigned r = gen_below(g, 100);
   if (r < 10 && g->nout) {
      unsigned o = gen_below(g, g->nout);
      gen_dst_reg(d, TGSI_REGFILE_OUTPUT, (int)o, mask & g->out_mask[o]);
      if (!d->writemask)
         d->writemask = g->out_mask[o];
   } else if (r < 20) {
      gen_dst_reg(d, TGSI_REGFILE_TEMPORARY, 0, mask);
      array_operand(g, &d->reg);
   } else {
      unsigned t = gen_below(g, g->ntemps);
      gen_dst_reg(d, TGSI_REGFILE_TEMPORARY, (int)t, mask);
      if (kind != GEN_KIND_ANY && mask == 0xf)
         g->temp_kind[t] = (uint8_t)kind;
   }
}

void
gen_masked(struct gen *g, unsigned k, uint32_t mx, uint32_t my,
           uint32_t mz, uint32_t mw)
{
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_AND);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)(g->scratch + k),
               0xf);
   /* Exact values only: an index the error model cannot pin down makes
    * the whole input set inconclusive. */
   if (gen_chance(g, 60))
      const_operand(g, &I->src[0]);
   else if (gen_chance(g, 50) || !g->nsv)
      gen_src_imm(g, &I->src[0], pick_word(g, GEN_KIND_INT),
                  pick_word(g, GEN_KIND_INT), pick_word(g, GEN_KIND_INT),
                  pick_word(g, GEN_KIND_INT));
   else
      gen_src_reg(&I->src[0], TGSI_REGFILE_SYSTEM_VALUE,
                  (int)gen_below(g, g->nsv));
   random_swizzle(g, &I->src[0]);
   gen_src_imm(g, &I->src[1], mx, my, mz, mw);
}

void
gen_set_addr(struct gen *g)
{
   gen_masked(g, 0, 3, 3, 3, 3);
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_UARL);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_ADDRESS, 0, 0xf);
   gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch);
}

/* 64-bit sources take whole pairs: .xy or .zw in each half. */
static void
pair_swizzle(struct gen *g, struct tgsi_src *s)
{
   unsigned lo = gen_below(g, 2) * 2, hi = gen_below(g, 2) * 2;
   gen_swizzle(s, lo, lo + 1, hi, hi + 1);
}

static bool
is_64(enum tgsi_value_type t)
{
   return t == TGSI_VT_U64 || t == TGSI_VT_I64 || t == TGSI_VT_F64;
}

static void
alu64_operands(struct gen *g, struct tgsi_insn *I)
{
   for (unsigned i = 0; i < I->num_src; i++) {
      enum tgsi_value_type t = tgsi_op_src_type(I->opcode, i);
      if (is_64(t)) {
         value_operand(g, &I->src[i], GEN_KIND_INT);
         pair_swizzle(g, &I->src[i]);
         /* On a double the sign bit, on a 64-bit integer its negation
          * (and an integer absolute value, as on 32 bits). */
         I->src[i].absolute = gen_chance(g, 10);
         I->src[i].negate = gen_chance(g, 10);
      } else {
         gen_src_value(g, &I->src[i], t);
      }
   }
   if (is_64(tgsi_op_dst_type(I->opcode, 0))) {
      static const uint8_t masks[] = {0x3, 0xc, 0xf};
      I->dst[0].writemask = masks[gen_below(g, 3)];
   }
   if (I->num_dst > 1) /* DFRACEXP's exponent */
      gen_dst_value(g, &I->dst[1], GEN_KIND_INT);
}

/* ARL/ARR from a float clamped to [0, 3.5], then a read through
 * ADDR[1] of a constant: ARL's result is used, so it is compiled. */
static void
gen_arl(struct gen *g, enum tgsi_op op)
{
   if (op == TGSI_OP_UARL) {
      gen_set_addr(g);
      return;
   }
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_MAX);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch, 0xf);
   gen_src_value(g, &I->src[0], TGSI_VT_F32);
   gen_src_imm(g, &I->src[1], 0, 0, 0, 0);
   I = gen_insn(g, TGSI_OP_MIN);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch, 0xf);
   gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch);
   gen_src_imm(g, &I->src[1], 0x40600000, 0x40600000, 0x40600000,
               0x40600000);
   I = gen_insn(g, op);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_ADDRESS, 1, 0xf);
   gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch);
   random_swizzle(g, &I->src[0]);
   g->use_addr1 = true;
   I = gen_insn(g, TGSI_OP_MOV);
   gen_dst_value(g, &I->dst[0], GEN_KIND_ANY);
   gen_src_reg(&I->src[0], TGSI_REGFILE_CONSTANT, 0);
   I->src[0].reg.dimension = true;
   make_indirect(g, &I->src[0].reg, (int)gen_below(g, 4), 0);
   I->src[0].reg.ind.index = 1;
}

void
gen_alu(struct gen *g, enum tgsi_op op)
{
   enum gen_op_kind k = gen_op_kind(op);
   if (k == GEN_OPK_ARL) {
      gen_arl(g, op);
      return;
   }
   struct tgsi_insn *I = gen_insn(g, op);
   enum tgsi_value_type dt = tgsi_op_dst_type(op, 0);
   if (I->num_dst) {
      gen_dst_value(g, &I->dst[0],
                    dt == TGSI_VT_F32 ? GEN_KIND_FLOAT
                    : dt == TGSI_VT_UNTYPED ? GEN_KIND_ANY
                                            : GEN_KIND_INT);
      /* Saturate clamps float and double results; on an integer one it
       * changes nothing (both models must leave it alone). */
      I->saturate = (dt == TGSI_VT_F32 && gen_chance(g, 15)) ||
                    (dt == TGSI_VT_F64 && gen_chance(g, 10)) ||
                    gen_chance(g, 2);
   }
   I->precise = dt == TGSI_VT_F32 && gen_chance(g, 4);
   if (k == GEN_OPK_ALU64) {
      alu64_operands(g, I);
      return;
   }
   for (unsigned i = 0; i < I->num_src; i++)
      gen_src_value(g, &I->src[i], tgsi_op_src_type(op, i));
}
