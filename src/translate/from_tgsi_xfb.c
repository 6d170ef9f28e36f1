/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback: the vertex shader's third program (docs/xfb.md).
 * Valhall has no fixed-function stream output, so the driver runs this
 * program as a compute job of one-thread workgroups, one per vertex and
 * instance, before the draw; it runs the shader and writes the captured
 * output components to the stream-output buffers.
 *
 * 1. Invocation: workgroup id x (r57) is the vertex v of the draw
 *    (0-based), workgroup id y (r58) the instance.  The vertex id is
 *    v + the draw's first vertex (system value XFB_DRAW word 1), so that
 *    attributes (LD_ATTR with that vertex id and r58) and VERTEXID read
 *    what the IDVS programs read.
 * 2. Vertex v of instance i is record n = i * vertex count + v (XFB_DRAW
 *    word 0); output k goes to buffer b's address (XFB_BUFFER id b, a
 *    64-bit push pair) + n * stride_b + 4 * dst_offset_k, as plain
 *    STORE.iN of its components: the record's address from one SHADDX per
 *    buffer and 4 * dst_offset in the store's immediate, or, past the
 *    immediate's 32767, in a SHADDX of its own.
 * 3. Overflow follows GL's "no write past the end": record n is written
 *    only when (n + 1) * stride_b <= the bytes left of buffer b (XFB_BUFFER
 *    word 2) for every buffer the capture uses; otherwise nothing of it.
 *    The driver makes the bytes left a whole number of primitives
 *    (docs/xfb.md), which stops the primitive count where GL does.
 * 4. A description the compiler cannot honour (a register that is no
 *    declared output, components past w, a buffer past 3, a record wider
 *    than its stride, a stream other than 0) is an input error.
 *
 * Requires: the shader's outputs translated (at t_io_finish).
 * Ensures:  every captured component is stored once, under the bounds
 *           check; layout.xfb_buffers_written has the buffers.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

#include "tgsiva/compile.h"

/* Compute preloads: workgroup ids x and y (docs/abi.md). */
enum {
   REG_XFB_VERTEX = 57,
   REG_XFB_INSTANCE = 58,
};

void
t_xfb_vertex_ids(struct tgsi_to_ir *t, struct ir_ref ids[2])
{
   struct ir_builder eb = t_entry_builder(t);
   struct ir_ref first = t_sysval(t, IR_SYSVAL_XFB_DRAW, 0, 1, false);
   ids[0] = ir_alu2(&eb, IR_OP_IADD, t_preload(t, REG_XFB_VERTEX), first);
   ids[1] = t_preload(t, REG_XFB_INSTANCE);
}

static void
check_entry(struct tgsi_to_ir *t, const struct tgsiva_stream_output *so,
            unsigned k)
{
   const struct tgsiva_stream_output_entry *e = &so->output[k];
   if (e->register_index >= t->noutputs ||
       !t->outputs[e->register_index].declared)
      t_error(t, "stream output %u: OUT[%u] is not declared", k,
              e->register_index);
   if (e->start_component > 3 || e->num_components < 1 ||
       e->num_components > 4 - e->start_component)
      t_error(t, "stream output %u: components %u..%u are outside x..w", k,
              e->start_component, e->start_component + e->num_components - 1);
   if (e->output_buffer >= TGSIVA_MAX_STREAM_BUFFERS)
      t_error(t, "stream output %u: buffer %u (at most %d buffers)", k,
              e->output_buffer, TGSIVA_MAX_STREAM_BUFFERS);
   if (e->stream != 0)
      t_unsupported(t, "stream output %u: stream %u (a vertex shader emits "
                       "stream 0 only)", k, e->stream);
   uint64_t end = (uint64_t)e->dst_offset + e->num_components;
   if (end > so->stride[e->output_buffer])
      t_error(t, "stream output %u: dwords %u..%llu of buffer %u are past "
                 "its stride %u", k, e->dst_offset,
              (unsigned long long)end - 1, e->output_buffer,
              so->stride[e->output_buffer]);
}

/* The buffers the capture uses, after checking every entry. */
static uint32_t
check_stream_output(struct tgsi_to_ir *t,
                    const struct tgsiva_stream_output *so)
{
   if (so->num_outputs > TGSIVA_MAX_STREAM_OUTPUTS)
      t_error(t, "%u stream outputs (at most %d)", so->num_outputs,
              TGSIVA_MAX_STREAM_OUTPUTS);
   for (unsigned b = 0; b < TGSIVA_MAX_STREAM_BUFFERS; b++) {
      if (so->stride[b] > 1u << 16)
         t_error(t, "stream output buffer %u: stride %u dwords (at most "
                    "65536)", b, so->stride[b]);
   }
   uint32_t used = 0;
   for (unsigned k = 0; k < so->num_outputs; k++) {
      check_entry(t, so, k);
      used |= 1u << so->output[k].output_buffer;
   }
   return used;
}

/* Rule 3: (n + 1) * stride_b <= bytes left, for every buffer used. */
static struct ir_ref
record_fits(struct tgsi_to_ir *t, const struct tgsiva_stream_output *so,
            uint32_t used, struct ir_ref n)
{
   struct ir_ref fits = ir_imm(~0u);
   for (unsigned b = 0; b < TGSIVA_MAX_STREAM_BUFFERS; b++) {
      if (!((used >> b) & 1))
         continue;
      uint32_t stride = 4 * so->stride[b];
      struct ir_ref next = ir_alu2(&t->b, IR_OP_IMUL, n, ir_imm(stride));
      struct ir_ref end = ir_alu2(&t->b, IR_OP_IADD, next, ir_imm(stride));
      struct ir_ref left = t_sysval(t, IR_SYSVAL_XFB_BUFFER, b, 2, false);
      struct ir_ref ok = ir_icmp(&t->b, IR_CMP_U, IR_COND_LE, end, left);
      fits = ir_alu2(&t->b, IR_OP_AND, fits, ok);
   }
   return fits;
}

static const enum va_op store_ops[] = {
   VA_OP_STORE_I32, VA_OP_STORE_I64, VA_OP_STORE_I96, VA_OP_STORE_I128,
};

/* The largest offset a STORE's signed 16-bit immediate holds. */
#define MAX_IMM_OFFSET 32767u

/* base + offset (u64 + u32) */
static struct ir_ref
shaddx(struct tgsi_to_ir *t, struct ir_ref base, struct ir_ref offset)
{
   struct ir_ref srcs[2] = {base, offset};
   struct ir_instr *I = t_va(&t->b, VA_OP_SHADDX_U64, 2, srcs, 0);
   ir_instr_def(t->s, I, 64, 2);
   I->va->imm[VA_IMM_SHIFT] = 0;
   return I->dst;
}

/* Rule 2: each entry's components at its record's address. */
static void
store_records(struct tgsi_to_ir *t, const struct tgsiva_stream_output *so,
              uint32_t used, struct ir_ref n)
{
   struct ir_ref base[TGSIVA_MAX_STREAM_BUFFERS];
   struct ir_ref start[TGSIVA_MAX_STREAM_BUFFERS];
   struct ir_ref record[TGSIVA_MAX_STREAM_BUFFERS];
   for (unsigned b = 0; b < TGSIVA_MAX_STREAM_BUFFERS; b++) {
      if (!((used >> b) & 1))
         continue;
      base[b] = t_sysval(t, IR_SYSVAL_XFB_BUFFER, b, 0, true);
      start[b] = ir_alu2(&t->b, IR_OP_IMUL, n, ir_imm(4 * so->stride[b]));
      record[b] = shaddx(t, base[b], start[b]);
   }
   for (unsigned k = 0; k < so->num_outputs; k++) {
      const struct tgsiva_stream_output_entry *e = &so->output[k];
      unsigned b = e->output_buffer;
      uint32_t offset = 4 * e->dst_offset;
      struct ir_ref addr = record[b];
      if (offset > MAX_IMM_OFFSET) {
         struct ir_ref at =
            ir_alu2(&t->b, IR_OP_IADD, start[b], ir_imm(offset));
         addr = shaddx(t, base[b], at);
         offset = 0;
      }
      struct ir_ref c[4];
      for (unsigned i = 0; i < e->num_components; i++)
         c[i] = t_output_channel(t, e->register_index,
                                 e->start_component + i);
      /* A vector of its own: c[0] may be a part of a bigger value. */
      struct ir_ref srcs[2] = {addr,
                               ir_collect(&t->b, 32, e->num_components, c)};
      struct ir_instr *I =
         t_va(&t->b, store_ops[e->num_components - 1], 2, srcs, 0);
      I->va->imm[VA_IMM_OFFSET] = offset;
   }
}

static struct ir_block *
append_block(struct tgsi_to_ir *t)
{
   struct ir_block *b = ir_block_create(t->s);
   ir_block_append(t->s, b);
   return b;
}

void
t_xfb_finish(struct tgsi_to_ir *t)
{
   const struct tgsiva_stream_output *so = t->layout->stream_output;
   if (!so)
      t_error(t, "a transform-feedback program without a stream output");
   uint32_t used = check_stream_output(t, so);
   t->layout->xfb_buffers_written = used;
   if (!used)
      return;
   struct ir_ref count = t_sysval(t, IR_SYSVAL_XFB_DRAW, 0, 0, false);
   struct ir_ref row = ir_alu2(&t->b, IR_OP_IMUL,
                               t_preload(t, REG_XFB_INSTANCE), count);
   struct ir_ref n =
      ir_alu2(&t->b, IR_OP_IADD, row, t_preload(t, REG_XFB_VERTEX));
   struct ir_ref fits = record_fits(t, so, used, n);

   struct ir_block *store = append_block(t), *join = append_block(t);
   ir_branch(&t->b, fits);
   ir_block_link(t->s, t->b.block, 0, store);
   ir_block_link(t->s, t->b.block, 1, join);
   t->b = ir_builder_at_end(t->s, store);
   store_records(t, so, used, n);
   ir_jump(&t->b);
   ir_block_link(t->s, store, 0, join);
   t->b = ir_builder_at_end(t->s, join);
}
