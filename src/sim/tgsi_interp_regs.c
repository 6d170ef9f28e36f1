/* SPDX-License-Identifier: MIT */
/*
 * Operands of the TGSI interpreter: reading a source register for each
 * lane (files, 2-D constants, indirect indices, swizzles, modifiers) and
 * writing a destination (write mask, saturate, indirect indices).
 *
 * 1. An indirect index is the indirect register's channel read as a
 *    signed integer plus the direct index.  It must stay inside the
 *    array named by its array id, or inside the declared registers when
 *    it names none; otherwise the run is undefined (UB_INDIRECT) and the
 *    value read is undefined.  An index computed from an uncertain value
 *    makes the whole operand uncertain.
 * 2. Modifiers follow the operand's type (spec "Modifiers"): floats and
 *    untyped operands (MOV, UCMP's choices) take |x| then -x on the sign
 *    bit; doubles the same on the high word of each pair; integers only
 *    negate (two's complement, on pairs for 64-bit types).
 * 3. Saturate clamps float results to [0, 1] and narrows their err to
 *    what survives the clamp; a NaN clamped is undefined.
 */
#include "tgsi_interp_priv.h"

static void
cell_undefined(struct interp_cell *c)
{
   c->v = 0;
   c->writer = -1;
   c->err = INFINITY;
   c->res = 0;
   c->kind = TGSI_INTERP_WORD_BITS;
   c->pair = 0;
}

static void
cell_exact(struct interp_cell *c, uint32_t v)
{
   c->v = v;
   c->writer = -1;
   c->err = 0;
   c->res = 0;
   c->kind = TGSI_INTERP_WORD_BITS;
   c->pair = 0;
}

void
interp_vec_undefined(struct interp_vec *v)
{
   for (unsigned c = 0; c < 4; c++) {
      v->v[c] = 0;
      v->err[c] = INFINITY;
      v->res[c] = 0;
      v->kind[c] = TGSI_INTERP_WORD_BITS;
      v->pair[c] = 0;
   }
}

static const char *
file_name(enum tgsi_regfile f)
{
   const char *n = tgsi_name(&tgsi_file_names, f);
   return n ? n : "?";
}

/* The declared range an indirect access must stay in. */
static bool
index_in_range(const struct interp *ip, enum tgsi_regfile file,
               uint16_t array_id, int32_t index, uint32_t buffer)
{
   if (index < 0)
      return false;
   const struct interp_array *arrays = NULL;
   uint32_t narrays = 0;
   switch (file) {
   case TGSI_REGFILE_TEMPORARY:
      arrays = ip->temp_arrays, narrays = ip->num_temp_arrays;
      break;
   case TGSI_REGFILE_INPUT:
      arrays = ip->input_arrays, narrays = ip->num_input_arrays;
      break;
   case TGSI_REGFILE_OUTPUT:
      arrays = ip->output_arrays, narrays = ip->num_output_arrays;
      break;
   default: break;
   }
   /* Unused array ids are empty ranges (first > last). */
   if (array_id && array_id < narrays &&
       arrays[array_id].first <= arrays[array_id].last)
      return (uint32_t)index >= arrays[array_id].first &&
             (uint32_t)index <= arrays[array_id].last;
   switch (file) {
   case TGSI_REGFILE_TEMPORARY:
      return (uint32_t)index < ip->temp.count && ip->temp.declared[index];
   case TGSI_REGFILE_ADDRESS:
      return (uint32_t)index < ip->addr.count && ip->addr.declared[index];
   case TGSI_REGFILE_OUTPUT:
      return (uint32_t)index < ip->output.count &&
             ip->output.declared[index];
   case TGSI_REGFILE_INPUT:
      return (uint32_t)index < ip->input.count && ip->input.declared[index];
   case TGSI_REGFILE_SYSTEM_VALUE:
      return (uint32_t)index < ip->sysval.count &&
             ip->sysval.declared[index];
   case TGSI_REGFILE_IMMEDIATE:
      return (uint32_t)index < ip->s->num_imms;
   case TGSI_REGFILE_CONSTANT:
      return buffer < SIM_MAX_UBOS &&
             (uint32_t)index < ip->const_count[buffer] &&
             ip->const_declared[buffer][index];
   default: return false;
   }
}

static struct interp_file *
writable_file(struct interp *ip, enum tgsi_regfile file)
{
   switch (file) {
   case TGSI_REGFILE_TEMPORARY: return &ip->temp;
   case TGSI_REGFILE_ADDRESS: return &ip->addr;
   case TGSI_REGFILE_OUTPUT: return &ip->output;
   default: return NULL;
   }
}

static struct interp_file *
readable_file(struct interp *ip, enum tgsi_regfile file)
{
   switch (file) {
   case TGSI_REGFILE_INPUT: return &ip->input;
   case TGSI_REGFILE_SYSTEM_VALUE: return &ip->sysval;
   default: return writable_file(ip, file);
   }
}

/* The value of an indirect register (ADDR or TEMP) in one lane. */
static bool
read_ind(struct interp *ip, const struct tgsi_ind *ind, unsigned lane,
         int32_t *value, bool *uncertain)
{
   struct interp_file *f = readable_file(ip, ind->file);
   if (!f || ind->index < 0 || (uint32_t)ind->index >= f->count ||
       !f->declared[ind->index]) {
      interp_ub(ip, TGSI_INTERP_UB_UNDECLARED,
                "indirect register %s[%d] is not declared",
                file_name(ind->file), ind->index);
      return false;
   }
   const struct interp_cell *c = &f->r[ind->index][ind->swizzle & 3][lane];
   *value = (int32_t)c->v;
   *uncertain |= c->err != 0;
   return true;
}

bool
interp_resolve_index(struct interp *ip, const struct tgsi_reg *reg,
                     unsigned lane, int32_t *index, bool *uncertain)
{
   *index = reg->index;
   if (!reg->indirect)
      return true;
   int32_t v;
   if (!read_ind(ip, &reg->ind, lane, &v, uncertain))
      return false;
   *index = (int32_t)((uint32_t)reg->index + (uint32_t)v);
   return true;
}

static bool
resolve_buffer(struct interp *ip, const struct tgsi_reg *reg, unsigned lane,
               uint32_t *buffer, bool *uncertain)
{
   *buffer = 0;
   if (!reg->dimension)
      return true;
   int32_t b = reg->dim_index;
   if (reg->dim_indirect) {
      int32_t v;
      if (!read_ind(ip, &reg->dim_ind, lane, &v, uncertain))
         return false;
      b = (int32_t)((uint32_t)b + (uint32_t)v);
   }
   if (b < 0 || b >= SIM_MAX_UBOS) {
      interp_ub(ip, TGSI_INTERP_UB_INDIRECT,
                "constant buffer %d is out of range", b);
      return false;
   }
   *buffer = (uint32_t)b;
   return true;
}

static void
read_constant(struct interp *ip, uint32_t buffer, int32_t index,
              struct interp_cell cells[4])
{
   for (unsigned c = 0; c < 4; c++) {
      uint32_t offset = (uint32_t)index * 16 + 4 * c;
      cell_exact(&cells[c], sim_env_ubo_word(ip->env, buffer, offset));
   }
}

static void
read_immediate(struct interp *ip, int32_t index, struct interp_cell cells[4])
{
   const struct tgsi_imm *imm = &ip->s->imms[index];
   for (unsigned c = 0; c < 4; c++) {
      if (c < imm->num_words)
         cell_exact(&cells[c], imm->words[c]);
      else
         cell_undefined(&cells[c]);
   }
}

/* The four channels of `reg` in one lane, before swizzling. */
static void
read_reg(struct interp *ip, const struct tgsi_reg *reg, unsigned lane,
         struct interp_cell cells[4])
{
   bool uncertain = false;
   int32_t index;
   uint32_t buffer = 0;
   for (unsigned c = 0; c < 4; c++)
      cell_undefined(&cells[c]);
   if (reg->file == TGSI_REGFILE_INPUT && ip->gs) {
      interp_gs_read_input(ip, reg, lane, cells);
      return;
   }
   if (!resolve_buffer(ip, reg, lane, &buffer, &uncertain) ||
       !interp_resolve_index(ip, reg, lane, &index, &uncertain))
      return;
   uint16_t array_id = reg->indirect ? reg->ind.array_id : 0;
   if (!index_in_range(ip, reg->file, array_id, index, buffer)) {
      if (reg->indirect)
         interp_ub(ip, TGSI_INTERP_UB_INDIRECT,
                   "indirect index %d of %s is outside its declaration",
                   index, file_name(reg->file));
      else
         interp_ub(ip, TGSI_INTERP_UB_UNDECLARED,
                   "%s[%d] is not declared", file_name(reg->file), index);
      return;
   }
   if (reg->file == TGSI_REGFILE_CONSTANT) {
      read_constant(ip, buffer, index, cells);
   } else if (reg->file == TGSI_REGFILE_IMMEDIATE) {
      read_immediate(ip, index, cells);
   } else {
      struct interp_file *f = readable_file(ip, reg->file);
      for (unsigned c = 0; c < 4; c++)
         cells[c] = f->r[index][c][lane];
   }
   if (uncertain) {
      for (unsigned c = 0; c < 4; c++)
         cells[c].err = INFINITY;
   }
}

static bool
float_modifiers(enum tgsi_value_type type)
{
   return type == TGSI_VT_F32 || type == TGSI_VT_UNTYPED;
}

static void
apply_modifiers(const struct tgsi_src *src, enum tgsi_value_type type,
                struct interp_vec *v)
{
   if (!src->negate && !src->absolute)
      return;
   if (float_modifiers(type) || type == TGSI_VT_F64) {
      for (unsigned c = 0; c < 4; c++) {
         if (type == TGSI_VT_F64 && !(c & 1))
            continue; /* the sign is in the high word of each pair */
         if (src->absolute)
            v->v[c] &= 0x7fffffffu;
         if (src->negate)
            v->v[c] ^= 0x80000000u;
      }
      return;
   }
   /* tgsi.rst supports only the negate on integers; an absolute value
    * there is taken as an integer one, as Mesa's drivers and the
    * compiler (from_tgsi_operand.c) do, on every integer type. */
   if (type == TGSI_VT_I64 || type == TGSI_VT_U64) {
      for (unsigned p = 0; p < 4; p += 2) {
         uint64_t x = interp_u64(v->v[p], v->v[p + 1]);
         if (src->absolute && (x >> 63))
            x = -x;
         if (src->negate)
            x = -x;
         v->v[p] = (uint32_t)x;
         v->v[p + 1] = (uint32_t)(x >> 32);
         /* The words of a pair depend on each other: the absolute
          * value's sign is the high word's, and a negation borrows from
          * the low word into the high one. */
         bool sign_unknown = src->absolute && v->err[p + 1] != 0;
         if (sign_unknown)
            v->err[p] = INFINITY;
         if (v->err[p] != 0)
            v->err[p + 1] = INFINITY;
      }
   } else {
      for (unsigned c = 0; c < 4; c++) {
         if (src->absolute && (v->v[c] >> 31))
            v->v[c] = (uint32_t)-v->v[c];
         if (src->negate)
            v->v[c] = (uint32_t)-v->v[c];
      }
   }
   /* Integer negation of a float that may differ is no longer close. */
   for (unsigned c = 0; c < 4; c++) {
      if (v->err[c] != 0)
         v->err[c] = INFINITY;
   }
}

bool
interp_fetch(struct interp *ip, const struct tgsi_src *src,
             enum tgsi_value_type type, uint32_t lanes,
             struct interp_vec out[SIM_LANES])
{
   switch (src->reg.file) {
   case TGSI_REGFILE_TEMPORARY:
   case TGSI_REGFILE_ADDRESS:
   case TGSI_REGFILE_OUTPUT:
   case TGSI_REGFILE_INPUT:
   case TGSI_REGFILE_SYSTEM_VALUE:
   case TGSI_REGFILE_IMMEDIATE:
   case TGSI_REGFILE_CONSTANT: break;
   default:
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "%s registers as a value operand",
                         file_name(src->reg.file));
   }
   interp_foreach_lane(l, lanes) {
      struct interp_cell cells[4];
      read_reg(ip, &src->reg, l, cells);
      for (unsigned c = 0; c < 4; c++) {
         const struct interp_cell *cell = &cells[src->swizzle[c] & 3];
         out[l].v[c] = cell->v;
         out[l].err[c] = cell->err;
         out[l].res[c] = cell->res;
         out[l].kind[c] = cell->kind;
         out[l].pair[c] = cell->pair;
         /* A NaN's payload is not specified: read as an integer or as
          * a word of a double, a float NaN's bits are undefined. */
         if (!float_modifiers(type) &&
             cell->kind == TGSI_INTERP_WORD_F32 &&
             isnan(bits_to_float(cell->v)))
            out[l].err[c] = INFINITY;
         /* A word of a double read as anything but that double or as
          * bits moved as they are: of an inexact one, bits of that
          * double rather than a float near a value or a known integer
          * (a low word is the last bits of the significand); of a NaN
          * (F2D of a float NaN), bits of an unspecified payload. */
         unsigned k = src->swizzle[c] & 3, p = k & ~1u;
         bool lo = cell->kind == TGSI_INTERP_WORD_F64_LO;
         if (type != TGSI_VT_F64 &&
             (lo || cell->kind == TGSI_INTERP_WORD_F64_HI) &&
             ((type != TGSI_VT_UNTYPED && cell->err != 0) ||
              (lo == (k == p) &&
               isnan(interp_d(cells[p].v, cells[p + 1].v)))))
            out[l].err[c] = INFINITY;
      }
      /* A double's error is the pair's when a double made it; a float's
       * error on a word says nothing of the double those bits make
       * (SIN's result as a high word): such a pair is uncertain bits. */
      for (unsigned p = 0; type == TGSI_VT_F64 && p < 4; p += 2) {
         bool pair = out[l].kind[p] == TGSI_INTERP_WORD_F64_LO &&
                     out[l].kind[p + 1] == TGSI_INTERP_WORD_F64_HI &&
                     tgsi_interp_same_double(out[l].pair[p],
                                             out[l].pair[p + 1]);
         if (!pair && (out[l].err[p] != 0 || out[l].err[p + 1] != 0))
            out[l].err[p] = out[l].err[p + 1] = INFINITY;
      }
      apply_modifiers(src, type, &out[l]);
   }
   return true;
}

bool
interp_fetch_src(struct interp *ip, unsigned i, uint32_t lanes,
                 struct interp_vec out[SIM_LANES])
{
   enum tgsi_value_type type = tgsi_op_src_type(ip->insn->opcode, i);
   /* STORE's data is words written as they are (a double's two words
    * are compared as that double in memory), unless a modifier makes it
    * integers. */
   const struct tgsi_src *src = &ip->insn->src[i];
   if (ip->insn->opcode == TGSI_OP_STORE && i == 1 && !src->negate &&
       !src->absolute)
      type = TGSI_VT_UNTYPED;
   return interp_fetch(ip, src, type, lanes, out);
}

/* ---------------------------------------------------------------------
 * Destinations
 */

static float
saturate(float f)
{
   return f > 1.0f ? 1.0f : f > 0.0f ? f : 0.0f;
}

static void
saturate_f32(struct interp_vec *v, unsigned c)
{
   float f = bits_to_float(v->v[c]);
   double e = v->err[c];
   if (isnan(f)) {
      v->v[c] = 0;
      v->err[c] = INFINITY;
      return;
   }
   float s = saturate(f);
   if (e != 0 && e != INFINITY) {
      /* e was summed in double: where f + e meets a clamp's end exactly
       * (-4.375 + 4.375), what the sums rounded away may be all the
       * other model's result is above it (a subnormal addend of a
       * coarse derivative that may be 0).  A relative slack keeps the
       * end open. */
      double slack = (fabs((double)f) + e) * 0x1p-50;
      double hi = fabs((double)saturate((float)(f + e + slack)) - s);
      double lo = fabs((double)saturate((float)(f - e - slack)) - s);
      v->err[c] = hi > lo ? hi : lo;
   }
   v->v[c] = float_to_bits(s);
   v->res[c] = 0;
}

static void
saturate_f64(struct interp_vec *v, unsigned p)
{
   double d = interp_d(v->v[p], v->v[p + 1]);
   if (isnan(d)) {
      v->err[p] = v->err[p + 1] = INFINITY;
      d = 0;
   } else {
      d = d > 1.0 ? 1.0 : d > 0.0 ? d : 0.0;
   }
   interp_put_d(d, &v->v[p], &v->v[p + 1]);
}

static void
apply_saturate(enum tgsi_value_type type, struct interp_vec *v)
{
   if (float_modifiers(type)) {
      for (unsigned c = 0; c < 4; c++)
         saturate_f32(v, c);
   } else if (type == TGSI_VT_F64) {
      saturate_f64(v, 0);
      saturate_f64(v, 2);
   }
}

void
interp_store_dst(struct interp *ip, unsigned i, uint32_t lanes,
                 const struct interp_vec val[SIM_LANES])
{
   const struct tgsi_insn *insn = ip->insn;
   const struct tgsi_dst *dst = &insn->dst[i];
   enum tgsi_value_type type = tgsi_op_dst_type(insn->opcode, i);
   struct interp_file *f = writable_file(ip, dst->reg.file);
   if (!f) {
      interp_fail(ip, TGSI_INTERP_INVALID, "%s is not a writable file",
                  file_name(dst->reg.file));
      return;
   }
   interp_foreach_lane(l, lanes) {
      bool uncertain = false;
      int32_t index;
      if (!interp_resolve_index(ip, &dst->reg, l, &index, &uncertain))
         continue;
      uint16_t array_id = dst->reg.indirect ? dst->reg.ind.array_id : 0;
      if (!index_in_range(ip, dst->reg.file, array_id, index, 0)) {
         interp_ub(ip, dst->reg.indirect ? TGSI_INTERP_UB_INDIRECT
                                         : TGSI_INTERP_UB_UNDECLARED,
                   "write to %s[%d] outside its declaration",
                   file_name(dst->reg.file), index);
         continue;
      }
      if (uncertain) {
         /* Which register the other model writes is unknown. */
         interp_ub(ip, TGSI_INTERP_UB_INDIRECT,
                   "write through an uncertain indirect index");
         continue;
      }
      struct interp_vec v = val[l];
      if (insn->saturate)
         apply_saturate(type, &v);
      for (unsigned c = 0; c < 4; c++) {
         if (!(dst->writemask & (1u << c)))
            continue;
         struct interp_cell *cell = &f->r[index][c][l];
         cell->v = v.v[c];
         cell->err = v.err[c];
         cell->res = v.res[c];
         cell->kind = v.kind[c];
         cell->pair = v.pair[c];
         cell->writer = (int32_t)insn->number;
      }
   }
}
