/* SPDX-License-Identifier: MIT */
/*
 * TGSI operands: reading a source channel and writing a destination
 * channel, for every register file and addressing mode.
 *
 * 1. Modifiers follow the operand's value type (tgsi.rst, "Modifiers"):
 *    float and untyped operands (MOV, UCMP's selected values) take |x|
 *    then -x as float sign operations; integer operands take integer
 *    absolute value and negation.
 * 2. Direct constants are pushed uniforms while push space lasts, else
 *    loads of their whole vec4 from the uniform buffer, as indirect
 *    constants are (at (ADDR + k) * 16).
 * 3. Indexed TEMP arrays of a few elements are chains of selects over
 *    their SSA variables (reads) or selects into each element (writes);
 *    larger ones live in thread-local storage, where an instruction's
 *    writes of consecutive channels of one element are one STORE when
 *    their first channel is aligned to their size (x..w, x..z, xy, zw;
 *    elements are 16-byte aligned).  Indexed inputs, outputs and
 *    immediates are select chains over their declared range.  An index
 *    past the end reads the last element and writes nothing (the last
 *    element, in storage).
 * 4. `_SAT` becomes a clamping MOV that opt_fold_modifiers folds into the
 *    producer.
 *
 * Requires: declarations processed (from_tgsi.c).
 * Ensures:  operands as 32-bit (or 64-bit pair) IR values.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

static const struct tgsi_insn *
insn(struct tgsi_to_ir *t)
{
   return t->insn;
}

/* The array a TEMP index belongs to, or NULL. */
static const struct t_array *
temp_array(struct tgsi_to_ir *t, int32_t index, uint32_t array_id)
{
   for (unsigned a = 0; a < t->narrays; a++) {
      const struct t_array *arr = &t->arrays[a];
      if ((array_id && arr->id == array_id) ||
          (index >= (int32_t)arr->first && index <= (int32_t)arr->last))
         return arr;
   }
   return NULL;
}

static void
check_index(struct tgsi_to_ir *t, int32_t index, uint32_t count,
            const char *file)
{
   if (index < 0 || (uint32_t)index >= count)
      t_error(t, "%s[%d] is outside the declared range", file, index);
}

static uint32_t
temp_var(struct tgsi_to_ir *t, int32_t index, unsigned chan)
{
   check_index(t, index, t->ntemps, "TEMP");
   return t->temp_base + 4 * (uint32_t)index + chan;
}

/* ---------------------------------------------------------------------
 * Thread-local storage for large arrays
 */

/* Largest byte offset a LOAD/STORE immediate holds (signed 16 bits). */
#define MAX_TLS_IMM 32767

/* A thread-local address: a 64-bit base plus the instruction's
 * immediate. */
struct tls_addr {
   struct ir_ref base;
   int32_t imm;
};

/* Byte `offset` (a 32-bit value, zero if none) + `extra` of the thread's
 * storage.  The pointer itself carries a constant address in the
 * immediate, as the spiller's accesses do; a computed offset needs a
 * SHADDX, and `extra` still goes in the immediate when it fits (the
 * callers' offsets are clamped to an array, so offset + extra cannot
 * wrap). */
static struct tls_addr
tls_address(struct tgsi_to_ir *t, struct ir_ref offset, uint32_t extra)
{
   struct ir_ref tls = {.kind = IR_REF_SPECIAL,
                        .index = VA_SPECIAL_THREAD_LOCAL_POINTER};
   uint32_t c;
   if (ir_ref_const_bits(offset, &c)) {
      extra += c;
      if (extra <= MAX_TLS_IMM)
         return (struct tls_addr){tls, (int32_t)extra};
      offset = ir_imm(extra);
      extra = 0;
   } else if (extra > MAX_TLS_IMM) {
      offset = ir_alu2(&t->b, IR_OP_IADD, offset, ir_imm(extra));
      extra = 0;
   }
   struct ir_ref srcs[2] = {tls, offset};
   struct ir_instr *I = t_va(&t->b, VA_OP_SHADDX_U64, 2, srcs, 0);
   ir_instr_def(t->s, I, 64, 2);
   I->va->imm[VA_IMM_SHIFT] = 0;
   return (struct tls_addr){I->dst, (int32_t)extra};
}

/* Byte offset of element `index` (a value) from the array's start,
 * clamped to the array so that a bad index cannot reach other data. */
static struct ir_ref
array_offset(struct tgsi_to_ir *t, const struct t_array *a,
             struct ir_ref index)
{
   struct ir_ref rel = ir_alu2(&t->b, IR_OP_ISUB, index, ir_imm(a->first));
   rel = ir_alu2(&t->b, IR_OP_UMIN, rel, ir_imm(a->last - a->first));
   return ir_alu2(&t->b, IR_OP_SHL, rel, ir_imm(4));
}

/* Storage byte of channel `chan` of element `first + element` of `a`. */
static uint32_t
element_byte(const struct t_array *a, uint32_t element, unsigned chan)
{
   return a->tls_offset + 16 * element + 4 * chan;
}

static struct ir_ref
tls_load(struct tgsi_to_ir *t, struct ir_ref offset, uint32_t extra)
{
   struct tls_addr addr = tls_address(t, offset, extra);
   struct ir_instr *I = t_va(&t->b, VA_OP_LOAD_I32, 1, &addr.base, 1);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, VA_MEMORY_ACCESS_FORCE);
   I->va->imm[VA_IMM_OFFSET] = addr.imm;
   return I->dst;
}

/* `n` consecutive words from `values`. */
static void
tls_store(struct tgsi_to_ir *t, struct ir_ref offset, uint32_t extra,
          const struct ir_ref *values, unsigned n)
{
   static const enum va_op stores[] = {VA_OP_STORE_I32, VA_OP_STORE_I64,
                                       VA_OP_STORE_I96, VA_OP_STORE_I128};
   struct tls_addr addr = tls_address(t, offset, extra);
   /* A vector of its own: a value may be a part of a bigger one (a
    * texture's result, a varying), and a staging source is whole. */
   struct ir_ref srcs[2] = {addr.base, ir_collect(&t->b, 32, n, values)};
   struct ir_instr *I = t_va(&t->b, stores[n - 1], 2, srcs, 0);
   va_set_mod(I->va, VA_MOD_MEMORY_ACCESS, VA_MEMORY_ACCESS_FORCE);
   I->va->imm[VA_IMM_OFFSET] = addr.imm;
   t->layout->writes_memory = true;
}

/* ---------------------------------------------------------------------
 * Reading
 */

struct ir_ref
t_indirect_index(struct tgsi_to_ir *t, const struct tgsi_ind *ind,
                 int32_t offset)
{
   struct ir_ref base;
   switch (ind->file) {
   case TGSI_REGFILE_ADDRESS:
      check_index(t, ind->index, t->naddrs, "ADDR");
      base = t_read_var(t, t->addr_base + 4 * (uint32_t)ind->index +
                              ind->swizzle);
      break;
   case TGSI_REGFILE_TEMPORARY:
      base = t_read_var(t, temp_var(t, ind->index, ind->swizzle));
      break;
   case TGSI_REGFILE_IMMEDIATE:
      check_index(t, ind->index, t->tgsi->num_imms, "IMM");
      base = ir_imm(t->tgsi->imms[ind->index].words[ind->swizzle & 3]);
      break;
   default:
      t_unsupported(t, "indirect addressing through %s",
                    tgsi_name(&tgsi_file_names, ind->file));
   }
   if (!offset)
      return base;
   return ir_alu2(&t->b, IR_OP_IADD, base, ir_imm((uint32_t)offset));
}

/* (index == e) ? value(e) : ..., over [first, last]. */
static struct ir_ref
select_chain(struct tgsi_to_ir *t, struct ir_ref index, uint32_t first,
             uint32_t last, struct ir_ref (*value)(struct tgsi_to_ir *,
                                                  uint32_t, unsigned),
             unsigned chan)
{
   struct ir_ref acc = value(t, last, chan);
   for (uint32_t e = last; e-- > first;) {
      acc = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, index, ir_imm(e),
                    value(t, e, chan), acc);
   }
   return acc;
}

static struct ir_ref
temp_value(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   return t_read_var(t, temp_var(t, (int32_t)index, chan));
}

static struct ir_ref
input_value(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   return t_input(t, index, chan);
}

static struct ir_ref
output_value(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   return t_read_var(t, t->out_base + 4 * index + chan);
}

static struct ir_ref
imm_value(struct tgsi_to_ir *t, uint32_t index, unsigned chan)
{
   return ir_imm(t->tgsi->imms[index].words[chan]);
}

static struct ir_ref
read_temp(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan)
{
   const struct t_array *a = temp_array(t, r->index, r->ind.array_id);
   if (!r->indirect) {
      if (a && a->in_memory)
         return tls_load(t, ir_imm(0),
                         element_byte(a, (uint32_t)r->index - a->first,
                                      chan));
      return temp_value(t, (uint32_t)r->index, chan);
   }
   struct ir_ref index = t_indirect_index(t, &r->ind, r->index);
   if (!a)
      return select_chain(t, index, 0, t->ntemps - 1, temp_value, chan);
   if (a->in_memory)
      return tls_load(t, array_offset(t, a, index),
                      element_byte(a, 0, chan));
   return select_chain(t, index, a->first, a->last, temp_value, chan);
}

/* The range of declared registers of `file` that contains `index`. */
static void
io_range(struct tgsi_to_ir *t, const struct t_io *io, unsigned count,
         int32_t index, uint32_t array_id, uint32_t *first, uint32_t *last)
{
   *first = 0;
   *last = count ? count - 1 : 0;
   if (!array_id)
      return;
   bool found = false;
   for (uint32_t i = 0; i < count; i++) {
      if (io[i].array_id != array_id)
         continue;
      if (!found)
         *first = i;
      *last = i;
      found = true;
   }
   (void)t;
   (void)index;
}

static struct ir_ref
read_const(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan)
{
   uint32_t ubo = r->dimension ? (uint32_t)r->dim_index : 0;
   if (r->indirect || r->dim_indirect) {
      /* One vec4 load serves the channel (CSE merges the others). */
      struct ir_ref off = ir_imm(16 * (uint32_t)r->index);
      if (r->indirect) {
         struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
         off = ir_alu2(&t->b, IR_OP_SHL, idx, ir_imm(4));
      }
      struct ir_ref handle = ir_imm(ubo);
      if (r->dim_indirect)
         handle = t_indirect_index(t, &r->dim_ind, r->dim_index);
      return ir_comp(t_load_ubo(t, handle, off, 4), chan);
   }
   if (r->index < 0)
      t_error(t, "negative constant index");
   uint32_t offset = 16 * (uint32_t)r->index + 4 * chan;
   int word = ir_layout_push(t->s->arena, t->layout, ubo, offset);
   if (word >= 0)
      return ir_uniform((uint32_t)word);
   /* Past the push space: the whole vec4, as one message serves every
    * channel read (CSE merges the loads). */
   return ir_comp(t_load_ubo(t, ir_imm(ubo),
                             ir_imm(16 * (uint32_t)r->index), 4), chan);
}

static struct ir_ref
fetch(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan)
{
   uint32_t first, last;
   switch (r->file) {
   case TGSI_REGFILE_TEMPORARY: return read_temp(t, r, chan);
   case TGSI_REGFILE_IMMEDIATE:
      if (r->indirect) {
         struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
         return select_chain(t, idx, 0, t->tgsi->num_imms - 1, imm_value,
                             chan);
      }
      check_index(t, r->index, t->tgsi->num_imms, "IMM");
      return imm_value(t, (uint32_t)r->index, chan);
   case TGSI_REGFILE_CONSTANT: return read_const(t, r, chan);
   case TGSI_REGFILE_INPUT:
      if (t->gs)
         return t_gs_input(t, r, chan);
      if (r->dimension)
         t_unsupported(t, "two-dimensional inputs");
      if (r->indirect) {
         struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
         io_range(t, t->inputs, t->ninputs, r->index, r->ind.array_id,
                  &first, &last);
         return select_chain(t, idx, first, last, input_value, chan);
      }
      check_index(t, r->index, t->ninputs, "IN");
      return t_input(t, (uint32_t)r->index, chan);
   case TGSI_REGFILE_OUTPUT:
      if (r->indirect) {
         struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
         io_range(t, t->outputs, t->noutputs, r->index, r->ind.array_id,
                  &first, &last);
         return select_chain(t, idx, first, last, output_value, chan);
      }
      check_index(t, r->index, t->nouts, "OUT");
      return output_value(t, (uint32_t)r->index, chan);
   case TGSI_REGFILE_ADDRESS:
      check_index(t, r->index, t->naddrs, "ADDR");
      return t_read_var(t, t->addr_base + 4 * (uint32_t)r->index + chan);
   case TGSI_REGFILE_SYSTEM_VALUE:
      check_index(t, r->index, t->nsysvals, "SV");
      return t_system_value(t, (uint32_t)r->index, chan);
   default:
      t_error(t, "%s cannot be read as a value",
              tgsi_name(&tgsi_file_names, r->file));
   }
}

struct ir_ref
t_src_raw(struct tgsi_to_ir *t, unsigned i, unsigned chan)
{
   const struct tgsi_src *src = &insn(t)->src[i];
   return fetch(t, &src->reg, src->swizzle[chan] & 3);
}

struct ir_ref
t_src(struct tgsi_to_ir *t, unsigned i, unsigned chan)
{
   const struct tgsi_src *src = &insn(t)->src[i];
   struct ir_ref v = t_src_raw(t, i, chan);
   if (!src->absolute && !src->negate)
      return v; /* the operand's type matters to modifiers alone */
   enum tgsi_value_type type = tgsi_op_src_type(insn(t)->opcode, i);
   if (type == TGSI_VT_I32 || type == TGSI_VT_U32) {
      if (src->absolute)
         v = ir_alu1(&t->b, IR_OP_IABS, v);
      if (src->negate)
         v = ir_alu1(&t->b, IR_OP_INEG, v);
      return v;
   }
   if (src->absolute)
      v = ir_abs(v);
   if (src->negate)
      v = ir_neg(v);
   return v;
}

struct ir_ref
t_src64(struct tgsi_to_ir *t, unsigned i, unsigned pair)
{
   const struct tgsi_src *src = &insn(t)->src[i];
   struct ir_ref w[2];
   w[0] = t_src_raw(t, i, 2 * pair);
   w[1] = t_src_raw(t, i, 2 * pair + 1);
   struct ir_ref v = ir_collect(&t->b, 64, 2, w);
   enum tgsi_value_type type = tgsi_op_src_type(insn(t)->opcode, i);
   if (type == TGSI_VT_F64 && (src->absolute || src->negate))
      t_unsupported(t, "double-precision modifiers");
   if (src->absolute)
      v = ir_alu1(&t->b, IR_OP_IABS, v);
   if (src->negate)
      v = ir_alu1(&t->b, IR_OP_INEG, v);
   return v;
}

/* ---------------------------------------------------------------------
 * Writing
 */

unsigned
t_writemask(struct tgsi_to_ir *t, unsigned i)
{
   return insn(t)->dst[i].writemask;
}

/* element = (index == e) ? value : element, for every element. */
static void
select_write(struct tgsi_to_ir *t, struct ir_ref index, uint32_t first,
             uint32_t last, uint32_t base, unsigned chan,
             struct ir_ref value)
{
   for (uint32_t e = first; e <= last; e++) {
      uint32_t var = base + 4 * e + chan;
      struct ir_ref v = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, index,
                                ir_imm(e), value, t_read_var(t, var));
      t_write_var(t, var, v);
   }
}

/* Channels chan .. chan + n - 1 of element r of array `a` in storage. */
static void
store_element(struct tgsi_to_ir *t, const struct t_array *a,
              const struct tgsi_reg *r, unsigned chan,
              const struct ir_ref *values, unsigned n)
{
   if (!r->indirect) {
      tls_store(t, ir_imm(0),
                element_byte(a, (uint32_t)r->index - a->first, chan), values,
                n);
      return;
   }
   struct ir_ref index = t_indirect_index(t, &r->ind, r->index);
   tls_store(t, array_offset(t, a, index), element_byte(a, 0, chan), values,
             n);
}

static void
write_temp(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan,
           struct ir_ref value)
{
   const struct t_array *a = temp_array(t, r->index, r->ind.array_id);
   if (a && a->in_memory) {
      store_element(t, a, r, chan, &value, 1);
      return;
   }
   if (!r->indirect) {
      t_write_var(t, temp_var(t, r->index, chan), value);
      return;
   }
   struct ir_ref index = t_indirect_index(t, &r->ind, r->index);
   uint32_t first = a ? a->first : 0, last = a ? a->last : t->ntemps - 1;
   select_write(t, index, first, last, t->temp_base, chan, value);
}

static void
write_reg(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan,
          struct ir_ref value)
{
   uint32_t first, last;
   switch (r->file) {
   case TGSI_REGFILE_TEMPORARY: write_temp(t, r, chan, value); return;
   case TGSI_REGFILE_OUTPUT:
      if (r->indirect) {
         struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
         io_range(t, t->outputs, t->noutputs, r->index, r->ind.array_id,
                  &first, &last);
         select_write(t, idx, first, last, t->out_base, chan, value);
         return;
      }
      check_index(t, r->index, t->nouts, "OUT");
      t_write_var(t, t->out_base + 4 * (uint32_t)r->index + chan, value);
      return;
   case TGSI_REGFILE_ADDRESS:
      check_index(t, r->index, t->naddrs, "ADDR");
      t_write_var(t, t->addr_base + 4 * (uint32_t)r->index + chan, value);
      return;
   default:
      t_error(t, "%s cannot be written",
              tgsi_name(&tgsi_file_names, r->file));
   }
}

static void
queue_write(struct tgsi_to_ir *t, const struct tgsi_reg *r, unsigned chan,
            struct ir_ref value)
{
   *VEC_PUSH(t->s->scratch, &t->writes) =
      (struct t_pending_write){.reg = r, .chan = chan, .value = value};
}

/* How many of the writes from `k` on are one store (rule 3): those to
 * the next channels of the same element of an array in storage, as many
 * as one aligned store takes; 0 if the write at k is to no such array. */
static unsigned
stored_run(struct tgsi_to_ir *t, size_t k, const struct t_array **array)
{
   const struct t_pending_write *w = &t->writes.data[k];
   const struct tgsi_reg *r = w->reg;
   if (r->file != TGSI_REGFILE_TEMPORARY)
      return 0;
   const struct t_array *a = temp_array(t, r->index, r->ind.array_id);
   if (!a || !a->in_memory)
      return 0;
   *array = a;
   unsigned n = 1;
   while (k + n < t->writes.len && w->chan + n < 4 &&
          t->writes.data[k + n].reg == r &&
          t->writes.data[k + n].chan == w->chan + n)
      n++;
   /* Aligned to its size: x..w, x..z, xy, zw. */
   if (w->chan == 0)
      return n;
   return w->chan == 2 && n == 2 ? 2 : 1;
}

void
t_flush_writes(struct tgsi_to_ir *t)
{
   for (size_t k = 0; k < t->writes.len;) {
      const struct t_pending_write *w = &t->writes.data[k];
      const struct t_array *a;
      unsigned n = stored_run(t, k, &a);
      if (!n) {
         write_reg(t, w->reg, w->chan, w->value);
         k++;
         continue;
      }
      struct ir_ref values[4];
      for (unsigned i = 0; i < n; i++)
         values[i] = t->writes.data[k + i].value;
      store_element(t, a, w->reg, w->chan, values, n);
      k += n;
   }
   t->writes.len = 0;
}

void
t_dst(struct tgsi_to_ir *t, unsigned i, unsigned chan, struct ir_ref value)
{
   /* A variable holds a plain value: a modifier (INTERP's |IN|) would
    * otherwise ride into phis, which copy without modifiers.  Saturate
    * clamps float results (and untyped ones, as floats); a double was
    * saturated as a double (from_tgsi_double.c), and an integer result
    * is left as it is, as the interpreter does. */
   enum tgsi_value_type type =
      insn(t)->saturate ? tgsi_op_dst_type(insn(t)->opcode, i) : TGSI_VT_NONE;
   bool clamp = type == TGSI_VT_F32 || type == TGSI_VT_UNTYPED;
   if (clamp || value.mods) {
      struct ir_instr *I = ir_build(&t->b, IR_OP_MOV, 32, 1, &value);
      if (clamp)
         I->clamp = IR_CLAMP_0_1;
      value = I->dst;
   }
   queue_write(t, &insn(t)->dst[i].reg, chan, value);
}

void
t_dst64(struct tgsi_to_ir *t, unsigned i, unsigned pair, struct ir_ref value)
{
   struct ir_ref lo = value, hi = value;
   lo.swizzle = IR_SWIZZLE_W0;
   hi.swizzle = IR_SWIZZLE_W1;
   queue_write(t, &insn(t)->dst[i].reg, 2 * pair, lo);
   queue_write(t, &insn(t)->dst[i].reg, 2 * pair + 1, hi);
}

/* Logs (without changing) every variable `dst` may write, for loop and
 * switch bodies (from_tgsi.c). */
void
t_note_written(struct tgsi_to_ir *t, const struct tgsi_dst *dst)
{
   const struct tgsi_reg *r = &dst->reg;
   uint32_t base, first, last;
   switch (r->file) {
   case TGSI_REGFILE_TEMPORARY: {
      const struct t_array *a = temp_array(t, r->index, r->ind.array_id);
      if (a && a->in_memory)
         return;
      base = t->temp_base;
      first = r->indirect ? (a ? a->first : 0) : (uint32_t)r->index;
      last = r->indirect ? (a ? a->last : t->ntemps - 1) : first;
      if (!r->indirect)
         check_index(t, r->index, t->ntemps, "TEMP");
      break;
   }
   case TGSI_REGFILE_OUTPUT:
      base = t->out_base;
      if (r->indirect) {
         io_range(t, t->outputs, t->noutputs, r->index, r->ind.array_id,
                  &first, &last);
      } else {
         check_index(t, r->index, t->nouts, "OUT");
         first = last = (uint32_t)r->index;
      }
      break;
   case TGSI_REGFILE_ADDRESS:
      check_index(t, r->index, t->naddrs, "ADDR");
      base = t->addr_base;
      first = last = (uint32_t)r->index;
      break;
   default: return;
   }
   for (uint32_t e = first; e <= last; e++) {
      for (unsigned c = 0; c < 4; c++) {
         if (!(dst->writemask & (1u << c)))
            continue;
         t_note_var(t, base + 4 * e + c);
      }
   }
}

/* ---------------------------------------------------------------------
 * Uniform buffers
 */

struct ir_ref
t_load_ubo(struct tgsi_to_ir *t, struct ir_ref handle, struct ir_ref offset,
           unsigned ncomp)
{
   static const enum va_op ops[] = {
      VA_OP_LD_BUFFER_I32, VA_OP_LD_BUFFER_I64, VA_OP_LD_BUFFER_I96,
      VA_OP_LD_BUFFER_I128,
   };
   /* The handle is (table << 24) | entry; uniform buffers are table 0. */
   struct ir_ref srcs[2] = {offset, handle};
   struct ir_instr *I = t_va(&t->b, ops[ncomp - 1], 2, srcs, ncomp);
   va_set_mod(I->va, VA_MOD_UNSIGNED, 1);
   I->flags |= IR_INSTR_INVARIANT_LOAD;
   return I->dst;
}

struct ir_ref
t_sysval(struct tgsi_to_ir *t, enum ir_sysval_kind kind, uint32_t id,
         unsigned word, bool pair)
{
   struct ir_layout *l = t->layout;
   unsigned slot = ir_layout_sysval(t->s->arena, l, kind, id);
   uint32_t offset = 16 * slot + 4 * word;
   int w = pair ? ir_layout_push_pair(t->s->arena, l, l->user_ubo_count,
                                      offset)
                : ir_layout_push(t->s->arena, l, l->user_ubo_count, offset);
   if (w >= 0)
      return ir_uniform((uint32_t)w);
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref srcs[2] = {ir_imm(offset), ir_imm(l->user_ubo_count)};
   enum va_op op = pair ? VA_OP_LD_BUFFER_I64 : VA_OP_LD_BUFFER_I32;
   struct ir_instr *I = t_va(&eb, op, 2, srcs, pair ? 0 : 1);
   if (pair)
      ir_instr_def(t->s, I, 64, 2);
   va_set_mod(I->va, VA_MOD_UNSIGNED, 1);
   I->flags |= IR_INSTR_INVARIANT_LOAD;
   return I->dst;
}

void
t_sysval_slot(struct tgsi_to_ir *t, const enum ir_sysval_kind kind[2],
              unsigned word, struct ir_ref out[2])
{
   struct ir_layout *l = t->layout;
   uint32_t offset[2];
   for (unsigned k = 0; k < 2; k++)
      offset[k] = 16 * ir_layout_sysval(t->s->arena, l, kind[k], 0) +
                  4 * word;
   int w = ir_layout_push_slot(t->s->arena, l, l->user_ubo_count, offset[0],
                               offset[1]);
   for (unsigned k = 0; k < 2; k++) {
      out[k] = w >= 0 ? ir_uniform((uint32_t)w + k)
                      : t_sysval(t, kind[k], 0, word, false);
   }
}
