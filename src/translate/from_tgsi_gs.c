/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders: the geometry program, run as a compute job
 * (docs/abi.md, "Geometry shaders (run as compute)").
 *
 * 1. Invocation: workgroup id x (r57) is the input primitive p, y (r58)
 *    the instance i, z (r59) the GS invocation g; q = (i * P + p) * G + g
 *    with P from system value GS_DRAW.  PRIMID is p, INVOCATIONID g.
 * 2. IN[k][r] is one LOAD.i128 (in the entry block) of the input record
 *    of vertex (i * P + p) * N + k at GS_INPUT: register r at 16 * r of a
 *    record of gs.input_stride bytes.  An indexed vertex (IN[ADDR..][r])
 *    loads at run time, its index clamped to N - 1.
 * 3. EMIT stores every declared output register (16 bytes at 16 * r) as
 *    vertex slot q * M + (vertices emitted) of GS_OUTPUT, and writes the
 *    index entries of the primitive it completes, strips unrolled (odd
 *    triangles as n - 1, n - 2, n), at entry q * K + (entries written) of
 *    GS_INDICES 0.  An EMIT that completes nothing writes its entries
 *    anyway and does not count them: the next primitive or the padding
 *    overwrites them, and they stay inside the invocation's K entries;
 *    when the strip's length is a constant (straight-line EMITs) such
 *    an EMIT writes none.
 *    ENDPRIM starts a new strip.  The counters are translation variables
 *    (hidden ones), so that IF and loops merge them like registers.
 * 3a. When a path could run more than M EMITs (an EMIT in a loop, or
 *    more EMITs than M), each EMIT runs under "vertices emitted < M";
 *    GL leaves the extra vertices undefined, and dropping them keeps
 *    every store inside the invocation's slots.
 * 4. At END a loop fills the invocation's remaining entries with the
 *    restart index 0xffffffff.
 * 5. Refused for now (a clear error, never wrong code): a stream other
 *    than an immediate 0, subroutines (CAL), indexed input registers.
 * 6. The pass-through IDVS pair (IR stages vertex_position and
 *    vertex_varying of a GEOM shader) runs none of the shader's
 *    instructions: OUT[n] is the 16 bytes at 16 * n of the emitted
 *    vertex r60 (the index the draw read), one LOAD.i128 each at
 *    GS_OUTPUT + r60 * gs.output_stride, and the vertex-shader output
 *    path stores them (viewport transform in the position program).
 *    Each program loads only the registers it stores.
 * 7. A shader writing VIEWPORT_INDEX is drawn once per viewport: the
 *    position program stores the culled point for a vertex of another
 *    viewport (docs/abi.md), and so stores a position even when the
 *    shader never writes one (a stale one would be drawn: generator
 *    seed 12401280).
 *
 * Requires: t_io_declare ran (outputs declared).
 * Ensures:  layout.gs describes the buffers; every store stays inside the
 *           invocation's slots and entries; the pass-through pair reads
 *           nothing but the emitted vertex it draws.
 */
#include "from_tgsi.h"

#include "tgsi/tgsi_info.h"

enum {
   REG_GS_PRIMITIVE = 57,
   REG_GS_INSTANCE = 58,
   REG_GS_INVOCATION = 59,
   REG_VS_VERTEX_ID_PASSTHROUGH = 60, /* the pair's vertex id */
};

/* The counters of rule 3, hidden variables from gs->var_base. */
enum gs_var {
   GS_VAR_VERTICES, /* vertices emitted */
   GS_VAR_STRIP,    /* vertices of the current strip */
   GS_VAR_LAST0,    /* the strip's last vertex slot */
   GS_VAR_LAST1,    /* the one before */
   GS_VAR_INDICES,  /* index entries written */
   GS_VAR_COUNT,
};

#define GS_RESTART 0xffffffffu

struct t_gs {
   uint32_t var_base;
   uint32_t vertices_in, max_vertices, per_prim, indices, invocations;
   uint32_t in_regs, out_regs;
   struct ir_ref q;          /* the invocation number */
   struct ir_ref input_base; /* address of the primitive's first record */
   bool have_q, have_input_base;
   bool bounded; /* no EMIT can pass M: no run-time check */
   struct ir_ref (*in)[4];   /* [N * in_regs] loaded inputs */
   bool *in_loaded;
};

uint32_t
t_gs_hidden_vars(const struct tgsi_to_ir *t)
{
   return t->s->stage == IR_STAGE_GEOMETRY ? GS_VAR_COUNT : 0;
}

/* Rule 3a: true when no path can run more than M EMITs (none in a loop,
 * at most M in all), so that EMIT needs no run-time check. */
static bool
emits_bounded(struct tgsi_to_ir *t, uint32_t max_vertices)
{
   const struct tgsi_shader *sh = t->tgsi;
   unsigned emits = 0, loops = 0;
   bool in_loop = false;
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      if (I->opcode == TGSI_OP_BGNLOOP || I->opcode == TGSI_OP_BGNSUB)
         loops++;
      else if ((I->opcode == TGSI_OP_ENDLOOP ||
                I->opcode == TGSI_OP_ENDSUB) && loops)
         loops--;
      if (I->opcode == TGSI_OP_CAL)
         t_unsupported(t, "subroutines in a geometry shader");
      if (I->opcode != TGSI_OP_EMIT)
         continue;
      emits++;
      in_loop |= loops != 0;
   }
   return !in_loop && emits <= max_vertices;
}

/* layout.inputs: the input record; the emitted vertex is the output
 * registers at 16 * r (layout.outputs are the pass-through pair's). */
static void
layout_records(struct tgsi_to_ir *t, struct t_gs *gs)
{
   struct ir_layout *l = t->layout;
   for (uint32_t r = 0; r < t->ninputs; r++) {
      const struct t_io *io = &t->inputs[r];
      if (io->declared && io->semantic != TGSI_SEM_PRIMID)
         *VEC_PUSH(t->s->arena, &l->inputs) = (struct ir_varying){
            .semantic = io->semantic, .index = io->sem_index,
            .components = 4, .byte_offset = 16 * r, .reg = r};
   }
   l->gs.input_stride = 16 * gs->in_regs;
   l->gs.output_stride = 16 * gs->out_regs;
}

void
t_gs_declare(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   struct t_gs *gs = ARENA_NEW(t->s->arena, struct t_gs);
   t->gs = gs;
   gs->var_base = t->hidden_base + t->nhidden - GS_VAR_COUNT;
   unsigned in_prim = tgsi_shader_property(sh, TGSI_PROP_GS_INPUT_PRIM, ~0u);
   unsigned out_prim =
      tgsi_shader_property(sh, TGSI_PROP_GS_OUTPUT_PRIM, ~0u);
   gs->vertices_in = tgsi_gs_vertices_in(in_prim);
   gs->per_prim = tgsi_gs_vertices_out(out_prim);
   gs->max_vertices =
      tgsi_shader_property(sh, TGSI_PROP_GS_MAX_OUTPUT_VERTICES, 0);
   gs->invocations = tgsi_shader_property(sh, TGSI_PROP_GS_INVOCATIONS, 1);
   if (!gs->vertices_in)
      t_error(t, "GS_INPUT_PRIMITIVE is missing or not points, lines or "
                 "triangles (with or without adjacency)");
   if (!gs->per_prim)
      t_error(t, "GS_OUTPUT_PRIMITIVE is missing or not points, a line "
                 "strip or a triangle strip");
   if (gs->max_vertices > 1024)
      t_error(t, "GS_MAX_OUTPUT_VERTICES %u is over 1024", gs->max_vertices);
   if (!gs->invocations)
      gs->invocations = 1;
   uint32_t m = gs->max_vertices, n = gs->per_prim;
   gs->indices = n * (m > n ? m - n + 1 : 1);
   gs->bounded = emits_bounded(t, m);
   gs->in_regs = t->ninputs;
   gs->out_regs = t->noutputs;
   gs->in = arena_array(t->s->arena, gs->vertices_in * gs->in_regs + 1,
                        sizeof(*gs->in));
   gs->in_loaded = ARENA_ARRAY(t->s->arena, bool,
                               gs->vertices_in * gs->in_regs + 1);
   struct ir_gs_layout *g = &t->layout->gs;
   g->input_prim = in_prim;
   g->output_prim = out_prim;
   g->vertices_in = gs->vertices_in;
   g->max_vertices = m;
   g->invocations = gs->invocations;
   g->prim_vertices = n;
   g->indices_per_invocation = gs->indices;
   for (unsigned i = 0; i < sh->num_insns; i++)
      g->streams |= sh->insns[i].opcode == TGSI_OP_EMIT; /* stream 0 */
   layout_records(t, gs);
}

/* i * P + p: the input primitive of the draw, in the entry block. */
static struct ir_ref
draw_primitive(struct tgsi_to_ir *t, struct ir_builder *eb)
{
   struct ir_ref p = t_sysval(t, IR_SYSVAL_GS_DRAW, 0, 0, false);
   struct ir_ref row = ir_alu2(eb, IR_OP_IMUL, t_preload(t, REG_GS_INSTANCE),
                               p);
   return ir_alu2(eb, IR_OP_IADD, row, t_preload(t, REG_GS_PRIMITIVE));
}

/* Rule 1, in the entry block. */
static struct ir_ref
invocation(struct tgsi_to_ir *t)
{
   struct t_gs *gs = t->gs;
   if (!gs->have_q) {
      struct ir_builder eb = t_entry_builder(t);
      struct ir_ref prim = draw_primitive(t, &eb);
      gs->q = ir_alu2(&eb, IR_OP_IADD,
                      ir_alu2(&eb, IR_OP_IMUL, prim,
                              ir_imm(gs->invocations)),
                      t_preload(t, REG_GS_INVOCATION));
      gs->have_q = true;
   }
   return gs->q;
}

/* base + offset (u64 + u32) */
static struct ir_ref
shaddx(struct ir_builder *b, struct ir_ref base, struct ir_ref offset)
{
   struct ir_ref srcs[2] = {base, offset};
   struct ir_instr *I = t_va(b, VA_OP_SHADDX_U64, 2, srcs, 0);
   ir_instr_def(b->shader, I, 64, 2);
   I->va->imm[VA_IMM_SHIFT] = 0;
   return I->dst;
}

/* The address of vertex 0 of the invocation's input primitive. */
static struct ir_ref
input_base(struct tgsi_to_ir *t)
{
   struct t_gs *gs = t->gs;
   if (!gs->have_input_base) {
      struct ir_builder eb = t_entry_builder(t);
      struct ir_ref prim = draw_primitive(t, &eb);
      uint32_t bytes = gs->vertices_in * t->layout->gs.input_stride;
      struct ir_ref off = ir_alu2(&eb, IR_OP_IMUL, prim, ir_imm(bytes));
      gs->input_base =
         shaddx(&eb, t_sysval(t, IR_SYSVAL_GS_INPUT, 0, 0, true), off);
      gs->have_input_base = true;
   }
   return gs->input_base;
}

static struct ir_ref
load_record(struct ir_builder *b, struct ir_ref addr, uint32_t offset)
{
   struct ir_instr *I = t_va(b, VA_OP_LOAD_I128, 1, &addr, 4);
   va_set_mod(I->va, VA_MOD_UNSIGNED, 1);
   I->va->imm[VA_IMM_OFFSET] = offset;
   return I->dst;
}

struct ir_ref
t_gs_system_value(struct tgsi_to_ir *t, unsigned semantic)
{
   return t_preload(t, semantic == TGSI_SEM_PRIMID ? REG_GS_PRIMITIVE
                                                   : REG_GS_INVOCATION);
}

/* Rule 2 for a constant vertex k. */
static struct ir_ref
direct_input(struct tgsi_to_ir *t, uint32_t k, uint32_t r, unsigned chan)
{
   struct t_gs *gs = t->gs;
   uint32_t slot = k * gs->in_regs + r;
   if (!gs->in_loaded[slot]) {
      struct ir_builder eb = t_entry_builder(t);
      uint32_t offset = k * t->layout->gs.input_stride + 16 * r;
      struct ir_ref v = load_record(&eb, input_base(t), offset);
      for (unsigned c = 0; c < 4; c++)
         gs->in[slot][c] = ir_comp(v, c);
      gs->in_loaded[slot] = true;
   }
   return gs->in[slot][chan];
}

struct ir_ref
t_gs_input(struct tgsi_to_ir *t, const struct tgsi_reg *reg, unsigned chan)
{
   struct t_gs *gs = t->gs;
   if (reg->indirect)
      t_unsupported(t, "indexed geometry-shader input registers");
   if (reg->index < 0 || (uint32_t)reg->index >= t->ninputs ||
       !t->inputs[reg->index].declared)
      t_error(t, "IN[%d] is not declared", reg->index);
   uint32_t r = (uint32_t)reg->index;
   if (t->inputs[r].semantic == TGSI_SEM_PRIMID)
      return chan ? ir_imm(0) : t_preload(t, REG_GS_PRIMITIVE);
   if (!reg->dim_indirect) {
      if (reg->dim_index < 0 || (uint32_t)reg->dim_index >= gs->vertices_in)
         t_error(t, "input vertex %d of a primitive of %u", reg->dim_index,
                 gs->vertices_in);
      return direct_input(t, (uint32_t)reg->dim_index, r, chan);
   }
   struct ir_ref k = t_indirect_index(t, &reg->dim_ind, reg->dim_index);
   k = ir_alu2(&t->b, IR_OP_UMIN, k, ir_imm(gs->vertices_in - 1));
   struct ir_ref off = ir_alu2(&t->b, IR_OP_IMUL, k,
                               ir_imm(t->layout->gs.input_stride));
   struct ir_ref addr = shaddx(&t->b, input_base(t), off);
   return ir_comp(load_record(&t->b, addr, 16 * r), chan);
}

static uint32_t
stream_operand(struct tgsi_to_ir *t)
{
   const struct tgsi_src *s = &t->insn->src[0];
   if (!t->gs)
      t_error(t, "%s is not supported outside geometry shaders",
              tgsi_op_info(t->insn->opcode)->name);
   uint32_t v;
   if (s->reg.file != TGSI_REGFILE_IMMEDIATE || s->reg.indirect ||
       !ir_ref_const_bits(t_src_raw(t, 0, 0), &v) || v != 0)
      t_unsupported(t, "%s to a stream other than an immediate 0",
                    tgsi_op_info(t->insn->opcode)->name);
   return v;
}

static struct ir_ref
var(struct tgsi_to_ir *t, enum gs_var v)
{
   return t_read_var(t, t->gs->var_base + v);
}

static void
set_var(struct tgsi_to_ir *t, enum gs_var v, struct ir_ref value)
{
   t_write_var(t, t->gs->var_base + v, value);
}

static void
store_word(struct ir_builder *b, struct ir_ref addr, uint32_t offset,
           struct ir_ref value)
{
   struct ir_ref srcs[2] = {addr, ir_collect(b, 32, 1, &value)};
   struct ir_instr *I = t_va(b, VA_OP_STORE_I32, 2, srcs, 0);
   I->va->imm[VA_IMM_OFFSET] = offset;
}

/* Rule 3: the vertex record of slot j. */
static void
store_vertex(struct tgsi_to_ir *t, struct ir_ref j)
{
   struct t_gs *gs = t->gs;
   struct ir_ref off = ir_alu2(&t->b, IR_OP_IMUL, j,
                               ir_imm(t->layout->gs.output_stride));
   struct ir_ref addr =
      shaddx(&t->b, t_sysval(t, IR_SYSVAL_GS_OUTPUT, 0, 0, true), off);
   for (uint32_t r = 0; r < gs->out_regs; r++) {
      if (!t->outputs[r].declared)
         continue;
      struct ir_ref c[4];
      for (unsigned k = 0; k < 4; k++)
         c[k] = t_output_channel(t, r, k);
      struct ir_ref srcs[2] = {addr, ir_collect(&t->b, 32, 4, c)};
      struct ir_instr *I = t_va(&t->b, VA_OP_STORE_I128, 2, srcs, 0);
      I->va->imm[VA_IMM_OFFSET] = 16 * r;
   }
}

/* The address of index entry `entry` of the invocation. */
static struct ir_ref
index_address(struct tgsi_to_ir *t, struct ir_builder *b, struct ir_ref entry)
{
   struct ir_ref first = ir_alu2(b, IR_OP_IMUL, invocation(t),
                                 ir_imm(t->gs->indices));
   struct ir_ref bytes = ir_alu2(b, IR_OP_SHL,
                                 ir_alu2(b, IR_OP_IADD, first, entry),
                                 ir_imm(2));
   return shaddx(b, t_sysval(t, IR_SYSVAL_GS_INDICES, 0, 0, true), bytes);
}

/* a + k, folded when a is a constant: straight-line EMITs keep their
 * counters constant, which drops the stores of incomplete primitives
 * and the padding loop. */
static struct ir_ref
add_const(struct tgsi_to_ir *t, struct ir_ref a, uint32_t k)
{
   uint32_t v;
   if (ir_ref_const_bits(a, &v))
      return ir_imm(v + k);
   return ir_alu2(&t->b, IR_OP_IADD, a, ir_imm(k));
}

/* How many entries a vertex adds to a strip of n: per_prim when it
 * completes a primitive, else 0. */
static struct ir_ref
entries_added(struct tgsi_to_ir *t, struct ir_ref n)
{
   uint32_t per = t->gs->per_prim, known;
   if (ir_ref_const_bits(n, &known))
      return ir_imm(known + 1 >= per ? per : 0);
   return ir_csel(&t->b, IR_CMP_U, IR_COND_GE, n, ir_imm(per - 1),
                  ir_imm(per), ir_imm(0));
}

/* Rule 3: the entries of the primitive vertex j completes, and how many
 * entries that adds (0 when it completes none). */
static struct ir_ref
store_indices(struct tgsi_to_ir *t, struct ir_ref j)
{
   struct t_gs *gs = t->gs;
   struct ir_ref n = var(t, GS_VAR_STRIP);
   struct ir_ref l0 = var(t, GS_VAR_LAST0), l1 = var(t, GS_VAR_LAST1);
   uint32_t known;
   /* A strip known to be too short completes nothing: no stores. */
   if (ir_ref_const_bits(n, &known) && known + 1 < gs->per_prim)
      return ir_imm(0);
   struct ir_ref addr = index_address(t, &t->b, var(t, GS_VAR_INDICES));
   if (gs->per_prim == 1) {
      store_word(&t->b, addr, 0, j);
      return ir_imm(1);
   }
   if (gs->per_prim == 2) {
      store_word(&t->b, addr, 0, l0);
      store_word(&t->b, addr, 4, j);
      return entries_added(t, n);
   }
   /* Triangle t = n - 2 of the strip is odd when n is. */
   struct ir_ref odd = ir_alu2(&t->b, IR_OP_AND, n, ir_imm(1));
   struct ir_ref a = ir_csel(&t->b, IR_CMP_U, IR_COND_NE, odd, ir_imm(0),
                             l0, l1);
   struct ir_ref b = ir_csel(&t->b, IR_CMP_U, IR_COND_NE, odd, ir_imm(0),
                             l1, l0);
   store_word(&t->b, addr, 0, a);
   store_word(&t->b, addr, 4, b);
   store_word(&t->b, addr, 8, j);
   return entries_added(t, n);
}

static void
emit_vertex(struct tgsi_to_ir *t)
{
   struct ir_ref count = var(t, GS_VAR_VERTICES);
   struct ir_ref j = ir_alu2(&t->b, IR_OP_IADD,
                             ir_alu2(&t->b, IR_OP_IMUL, invocation(t),
                                     ir_imm(t->gs->max_vertices)),
                             count);
   store_vertex(t, j);
   struct ir_ref added = store_indices(t, j);
   uint32_t k;
   struct ir_ref entries = var(t, GS_VAR_INDICES);
   if (ir_ref_const_bits(added, &k))
      entries = add_const(t, entries, k);
   else
      entries = ir_alu2(&t->b, IR_OP_IADD, entries, added);
   set_var(t, GS_VAR_INDICES, entries);
   set_var(t, GS_VAR_LAST1, var(t, GS_VAR_LAST0));
   set_var(t, GS_VAR_LAST0, j);
   set_var(t, GS_VAR_STRIP, add_const(t, var(t, GS_VAR_STRIP), 1));
   set_var(t, GS_VAR_VERTICES, add_const(t, count, 1));
}

/* Rule 3a: if (vertices emitted < M) emit_vertex, the counters merged by
 * phis at the join. */
static void
emit_checked(struct tgsi_to_ir *t)
{
   struct t_gs *gs = t->gs;
   struct ir_ref old[GS_VAR_COUNT], now[GS_VAR_COUNT];
   for (unsigned v = 0; v < GS_VAR_COUNT; v++)
      old[v] = var(t, (enum gs_var)v);
   struct ir_block *pre = t->b.block;
   struct ir_block *then = ir_block_create(t->s);
   struct ir_block *join = ir_block_create(t->s);
   ir_branch(&t->b, ir_icmp(&t->b, IR_CMP_U, IR_COND_LT,
                            old[GS_VAR_VERTICES],
                            ir_imm(gs->max_vertices)));
   ir_block_link(t->s, pre, 0, then);
   ir_block_link(t->s, pre, 1, join);
   ir_block_append(t->s, then);
   t->b = ir_builder_at_end(t->s, then);
   size_t mark = t->log.len;
   emit_vertex(t);
   for (unsigned v = 0; v < GS_VAR_COUNT; v++) {
      now[v] = var(t, (enum gs_var)v);
      t->cur[gs->var_base + v] = old[v];
   }
   t->log.len = mark; /* logged again below, with the phis */
   ir_jump(&t->b);
   ir_block_link(t->s, then, 0, join);
   ir_block_append(t->s, join);
   t->b = ir_builder_at_end(t->s, join);
   for (unsigned v = 0; v < GS_VAR_COUNT; v++) {
      struct ir_instr *phi = ir_instr_create(t->s, IR_OP_PHI, 2);
      phi->src[0] = old[v];
      phi->src[1] = now[v];
      ir_instr_def(t->s, phi, 32, 1);
      ir_instr_append(join, phi);
      set_var(t, (enum gs_var)v, phi->dst);
   }
}

void
t_gs_emit(struct tgsi_to_ir *t)
{
   stream_operand(t);
   if (t->gs->bounded)
      emit_vertex(t);
   else
      emit_checked(t);
}

void
t_gs_endprim(struct tgsi_to_ir *t)
{
   stream_operand(t);
   set_var(t, GS_VAR_STRIP, ir_imm(0));
}

void
t_gs_note_written(struct tgsi_to_ir *t, const struct tgsi_insn *I)
{
   if (!t->gs || (I->opcode != TGSI_OP_EMIT && I->opcode != TGSI_OP_ENDPRIM))
      return;
   for (uint32_t v = 0; v < GS_VAR_COUNT; v++)
      t_note_var(t, t->gs->var_base + v);
}

/* Rule 4: for (i = entries written; i < K; i++) entry i = restart. */
void
t_gs_finish(struct tgsi_to_ir *t)
{
   uint32_t written;
   if (ir_ref_const_bits(var(t, GS_VAR_INDICES), &written) &&
       written >= t->gs->indices)
      return; /* every entry is a primitive's */
   struct ir_block *pre = t->b.block;
   struct ir_block *header = ir_block_create(t->s);
   struct ir_block *body = ir_block_create(t->s);
   struct ir_block *exit = ir_block_create(t->s);
   ir_jump(&t->b);
   ir_block_link(t->s, pre, 0, header);
   ir_block_append(t->s, header);
   header->loop_header = true;
   struct ir_builder hb = ir_builder_at_end(t->s, header);
   struct ir_instr *phi = ir_instr_create(t->s, IR_OP_PHI, 1);
   phi->src[0] = var(t, GS_VAR_INDICES);
   ir_instr_def(t->s, phi, 32, 1);
   ir_instr_append(header, phi);
   ir_branch(&hb, ir_icmp(&hb, IR_CMP_U, IR_COND_LT, phi->dst,
                          ir_imm(t->gs->indices)));
   ir_block_link(t->s, header, 0, body);
   ir_block_link(t->s, header, 1, exit);
   ir_block_append(t->s, body);
   struct ir_builder bb = ir_builder_at_end(t->s, body);
   store_word(&bb, index_address(t, &bb, phi->dst), 0, ir_imm(GS_RESTART));
   struct ir_ref next = ir_alu2(&bb, IR_OP_IADD, phi->dst, ir_imm(1));
   ir_jump(&bb);
   ir_block_link(t->s, body, 0, header);
   ir_instr_set_nsrc(t->s, phi, 2);
   phi->src[1] = next;
   ir_block_append(t->s, exit);
   t->b = ir_builder_at_end(t->s, exit);
}

/* Rule 6: the outputs the position program stores (POSITION, PSIZE) or
 * the varying program stores (every other one). */
static bool
passthrough_loads(const struct tgsi_to_ir *t, const struct t_io *io)
{
   bool position = io->semantic == TGSI_SEM_POSITION ||
                   io->semantic == TGSI_SEM_PSIZE;
   if (io->semantic == TGSI_SEM_LAYER ||
       io->semantic == TGSI_SEM_VIEWPORT_INDEX)
      return true; /* the position program's too (rule 7) */
   return position == (t->s->stage == IR_STAGE_VERTEX_POSITION);
}

void
t_gs_passthrough(struct tgsi_to_ir *t)
{
   struct ir_ref vertex = t_preload(t, REG_VS_VERTEX_ID_PASSTHROUGH);
   struct ir_ref off = ir_alu2(&t->b, IR_OP_IMUL, vertex,
                               ir_imm(16 * t->noutputs));
   struct ir_ref base = {0};
   for (uint32_t r = 0; r < t->noutputs && r < t->nouts; r++) {
      const struct t_io *io = &t->outputs[r];
      if (!io->declared || !passthrough_loads(t, io))
         continue;
      if (base.kind == IR_REF_NONE)
         base = shaddx(&t->b, t_sysval(t, IR_SYSVAL_GS_OUTPUT, 0, 0, true),
                       off);
      struct ir_ref v = load_record(&t->b, base, 16 * r);
      for (unsigned c = 0; c < 4; c++)
         t_write_var(t, t->out_base + 4 * r + c, ir_comp(v, c));
   }
}

bool
t_gs_culls_viewport(const struct tgsi_to_ir *t)
{
   for (uint32_t i = 0; t->tgsi->processor == TGSI_PROC_GEOMETRY &&
                        i < t->noutputs; i++) {
      const struct t_io *io = &t->outputs[i];
      if (io->semantic == TGSI_SEM_VIEWPORT_INDEX && io->declared &&
          io->written)
         return true;
   }
   return false;
}

/* Rule 7: the position program's vertex v (screen space), or the culled
 * point when the vertex's viewport is not the draw's. */
void
t_gs_cull_viewport(struct tgsi_to_ir *t, struct ir_ref v[4])
{
   if (t->tgsi->processor != TGSI_PROC_GEOMETRY)
      return;
   const struct ir_layout *l = t->layout;
   for (size_t k = 0; k < l->outputs.len; k++) {
      if (l->outputs.data[k].semantic != TGSI_SEM_VIEWPORT_INDEX)
         continue;
      struct ir_ref index = t_output_channel(t, l->outputs.data[k].reg, 0);
      struct ir_ref draw = t_sysval(t, IR_SYSVAL_GS_VIEWPORT, 0, 0, false);
      static const uint32_t culled[4] = GS_CULLED_POSITION;
      for (unsigned c = 0; c < 4; c++)
         v[c] = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, index, draw, v[c],
                        ir_imm(culled[c]));
      t->layout->writes_viewport_index = true;
      return;
   }
}
