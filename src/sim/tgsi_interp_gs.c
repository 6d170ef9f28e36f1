/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders in the interpreter: one lane per invocation (input
 * primitive x GS_INVOCATIONS), inputs IN[vertex][register] from the
 * environment's generated vertices, and EMIT / ENDPRIM assembling each
 * lane's output primitives (docs/abi.md, "Geometry shaders").
 *
 * 1. Vertex k of a lane's input primitive p is draw vertex p * N + k;
 *    its register r holds sim_env_gs_vertex of the register's (semantic,
 *    index), all four channels defined, as a vertex shader writing that
 *    output would give.  A PRIMID input holds p in x.
 * 1a. After a vertex shader (tgsi_interp_options.vertices), register r
 *    of draw vertex v is the vertex shader's output of the same
 *    (semantic, index) at vertex v, words and allowances as it left them
 *    (no fused product crosses the stages); an input no output feeds is
 *    undefined, as GL says.
 * 2. EMIT s appends the lane's output registers, with their annotations,
 *    as the lane's next vertex (at most GS_MAX_OUTPUT_VERTICES, counted
 *    over all streams); the registers keep their values, as TGSI
 *    registers do.  A vertex past the limit is undefined in GL: the lane
 *    is then not compared.
 * 3. Each stream keeps its own strip: an EMIT that completes a point,
 *    line or triangle appends its vertices to the stream's index list,
 *    strips unrolled (an odd triangle as (n - 1, n - 2, n), keeping the
 *    winding and the last vertex as provoking vertex); ENDPRIM s starts
 *    a new strip, dropping an unfinished one, as GL does.
 * 4. A stream operand that could differ in the other model, or a lane on
 *    an uncertain path, makes the lane's emissions uncompared.
 * 5. The pass-through draw of an emitted vertex is what a vertex shader
 *    writing the vertex's registers would output: POSITION[0] through
 *    the viewport transform, PSIZE as a point size, LAYER's low byte as
 *    the layer, every other output register (LAYER too) a varying of its
 *    (semantic, index), words unconverted.
 * 6. A shader that writes VIEWPORT_INDEX somewhere draws once per
 *    viewport: in the draw for viewport v, a vertex whose VIEWPORT_INDEX.x
 *    is not v is at the culled point (-16384, -16384, 0, 1), exactly
 *    (docs/abi.md); an index that could differ (a float NaN too: its
 *    bits are unspecified) leaves the position uncompared.
 */
#include "tgsi_interp_priv.h"

#include "tgsi/tgsi_info.h"

struct interp_gs {
   struct tgsi_interp_gs *out;
   uint32_t regs_in;                        /* R: input registers */
   struct interp_cell (*in)[4][SIM_LANES];  /* [N * R] */
   uint32_t strip_len[TGSI_INTERP_GS_STREAMS][SIM_LANES];
   uint32_t last[TGSI_INTERP_GS_STREAMS][SIM_LANES][2]; /* newest first */
};

/* K: index entries a lane may fill per stream, at least one
 * primitive's (docs/abi.md). */
static unsigned
indices_per_lane(unsigned per_prim, unsigned max_vertices)
{
   return per_prim * (max_vertices > per_prim ? max_vertices - per_prim + 1
                                              : 1);
}

/* Rule 1a: the four cells of input (semantic, index) of draw vertex
 * `vertex` (writer and residual already cleared). */
static void
from_vertex_shader(const struct tgsi_interp_vertices *v, unsigned semantic,
                   uint32_t index, uint32_t vertex, struct interp_cell *cell[4])
{
   for (unsigned c = 0; c < 4; c++) {
      cell[c]->v = 0;
      cell[c]->err = INFINITY;
      cell[c]->kind = TGSI_INTERP_WORD_BITS;
   }
   if (vertex >= v->count)
      return;
   for (unsigned r = 0; r < v->outputs; r++) {
      if (v->semantic[r] != semantic || v->index[r] != index)
         continue;
      size_t at = (size_t)vertex * v->outputs + r;
      for (unsigned c = 0; c < 4; c++) {
         cell[c]->v = v->words[at][c];
         cell[c]->err = v->annot[at][c].err;
         cell[c]->kind = v->annot[at][c].kind;
         cell[c]->pair = v->annot[at][c].pair;
      }
      return;
   }
}

static void
fill_input(struct interp *ip, uint32_t r, unsigned k, unsigned l)
{
   const struct tgsi_decl *d = ip->input_decl[r];
   const struct sim_env *env = ip->env;
   struct interp_gs *gs = ip->gs;
   struct interp_cell *cell[4];
   uint32_t p = env->primitive_id[l];
   for (unsigned c = 0; c < 4; c++) {
      cell[c] = &gs->in[k * gs->regs_in + r][c][l];
      cell[c]->writer = -1;
      cell[c]->res = 0;
   }
   if (d->sem_name == TGSI_SEM_PRIMID) {
      for (unsigned c = 0; c < 4; c++) {
         cell[c]->v = c ? 0 : p;
         cell[c]->err = c ? INFINITY : 0;
         cell[c]->kind = TGSI_INTERP_WORD_BITS;
      }
      return;
   }
   uint32_t index = d->sem_index + (r - d->first);
   uint32_t vertex = p * env->gs_vertices_in + k;
   if (ip->vertices) {
      from_vertex_shader(ip->vertices, d->sem_name, index, vertex, cell);
      return;
   }
   struct sim_vec4 v = sim_env_gs_vertex(env, d->sem_name, index, vertex);
   for (unsigned c = 0; c < 4; c++) {
      cell[c]->v = v.w[c];
      cell[c]->err = 0;
      cell[c]->kind = TGSI_INTERP_WORD_F32;
   }
}

static bool
check_properties(struct interp *ip, struct tgsi_interp_gs *o)
{
   const struct tgsi_shader *s = ip->s;
   o->input_prim = tgsi_shader_property(s, TGSI_PROP_GS_INPUT_PRIM,
                                        TGSI_PRIM_COUNT);
   o->output_prim = tgsi_shader_property(s, TGSI_PROP_GS_OUTPUT_PRIM,
                                         TGSI_PRIM_COUNT);
   o->max_vertices =
      tgsi_shader_property(s, TGSI_PROP_GS_MAX_OUTPUT_VERTICES, 0);
   o->invocations = tgsi_shader_property(s, TGSI_PROP_GS_INVOCATIONS, 1);
   o->vertices_in = tgsi_gs_vertices_in(o->input_prim);
   o->prim_vertices = tgsi_gs_vertices_out(o->output_prim);
   if (!o->vertices_in)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "GS_INPUT_PRIMITIVE is missing or not points, "
                         "lines or triangles (with or without adjacency)");
   if (!o->prim_vertices)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "GS_OUTPUT_PRIMITIVE is missing or not points, "
                         "a line strip or a triangle strip");
   if (o->max_vertices > 1024)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "GS_MAX_OUTPUT_VERTICES %u is over 1024",
                         o->max_vertices);
   if (!o->invocations)
      o->invocations = 1;
   if (o->invocations > SIM_LANES)
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "GS_INVOCATIONS %u is more than the %u lanes "
                         "modelled", o->invocations, SIM_LANES);
   if (ip->env->gs_vertices_in != o->vertices_in ||
       ip->env->gs_invocations != o->invocations)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "the environment is for another geometry shader");
   return true;
}

bool
interp_gs_setup(struct interp *ip)
{
   struct interp_gs *gs = ARENA_NEW(ip->arena, struct interp_gs);
   struct tgsi_interp_gs *o = ARENA_NEW(ip->arena, struct tgsi_interp_gs);
   ip->gs = gs;
   gs->out = o;
   if (!check_properties(ip, o))
      return false;
   o->primitives = ip->env->gs_primitives;
   o->indices_per_lane = indices_per_lane(o->prim_vertices, o->max_vertices);
   o->registers = ip->output.count;
   o->lanes = sim_env_live_lanes(ip->env);
   gs->regs_in = ip->input.count;
   gs->in = arena_array(ip->arena, o->vertices_in * gs->regs_in + 1,
                        sizeof(*gs->in));
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct tgsi_interp_gs_lane *gl = &o->lane[l];
      gl->vertices = ARENA_ARRAY(ip->arena, struct tgsi_interp_gs_vertex,
                                 o->max_vertices + 1);
      for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++)
         gl->indices[s] = ARENA_ARRAY(ip->arena, uint32_t,
                                      o->indices_per_lane);
      for (uint32_t r = 0; r < gs->regs_in; r++) {
         if (!ip->input_decl[r])
            continue;
         for (unsigned k = 0; k < o->vertices_in; k++)
            fill_input(ip, r, k, l);
      }
   }
   return true;
}

/* IN[vertex][register] of one lane; a vertex outside the primitive or an
 * undeclared register is undefined behaviour. */
void
interp_gs_read_input(struct interp *ip, const struct tgsi_reg *reg,
                     unsigned lane, struct interp_cell cells[4])
{
   struct interp_gs *gs = ip->gs;
   bool uncertain = false;
   int32_t vertex, index;
   struct tgsi_reg dim = {.file = reg->file,
                          .index = reg->dim_index,
                          .indirect = reg->dim_indirect,
                          .ind = reg->dim_ind};
   if (!reg->dimension)
      dim.index = 0; /* a PRIMID input declared without a vertex */
   if (!interp_resolve_index(ip, &dim, lane, &vertex, &uncertain) ||
       !interp_resolve_index(ip, reg, lane, &index, &uncertain))
      return;
   if (vertex < 0 || (uint32_t)vertex >= gs->out->vertices_in) {
      interp_ub(ip, TGSI_INTERP_UB_INDIRECT,
                "input vertex %d is outside the primitive's %u", vertex,
                gs->out->vertices_in);
      return;
   }
   if (index < 0 || (uint32_t)index >= ip->input.count ||
       !ip->input.declared[index]) {
      interp_ub(ip, reg->indirect ? TGSI_INTERP_UB_INDIRECT
                                  : TGSI_INTERP_UB_UNDECLARED,
                "IN[%d][%d] is not declared", vertex, index);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      cells[c] = gs->in[(uint32_t)vertex * gs->regs_in + (uint32_t)index]
                       [c][lane];
      if (uncertain)
         cells[c].err = INFINITY;
   }
}

/* The stream operand of EMIT / ENDPRIM per lane; -1 when it could
 * differ in the other model or is out of range (undefined behaviour). */
static bool
fetch_streams(struct interp *ip, int32_t stream[SIM_LANES])
{
   struct interp_vec src[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, src))
      return false;
   interp_foreach_lane(l, ip->exec) {
      stream[l] = (int32_t)src[l].v[0];
      if (src[l].err[0] != 0) {
         stream[l] = -1;
      } else if (src[l].v[0] >= TGSI_INTERP_GS_STREAMS) {
         interp_ub(ip, TGSI_INTERP_UB_INVALID, "stream %u in lane %u",
                   src[l].v[0], l);
         stream[l] = -1;
      }
   }
   return true;
}

/* Rule 3: the primitive vertex j completes on stream s, if any. */
static void
assemble(struct interp_gs *gs, unsigned s, unsigned l, uint32_t j)
{
   struct tgsi_interp_gs_lane *gl = &gs->out->lane[l];
   uint32_t n = gs->strip_len[s][l]++;
   uint32_t *last = gs->last[s][l];
   uint32_t *out = gl->indices[s] + gl->index_count[s];
   switch (gs->out->prim_vertices) {
   case 1:
      out[0] = j;
      gl->index_count[s] += 1;
      break;
   case 2:
      if (n >= 1) {
         out[0] = last[0], out[1] = j;
         gl->index_count[s] += 2;
      }
      break;
   default:
      if (n >= 2) {
         bool odd = (n - 2) & 1;
         out[0] = odd ? last[0] : last[1];
         out[1] = odd ? last[1] : last[0];
         out[2] = j;
         gl->index_count[s] += 3;
      }
      break;
   }
   last[1] = last[0];
   last[0] = j;
}

static void
emit_vertex(struct interp *ip, unsigned s, unsigned l)
{
   struct interp_gs *gs = ip->gs;
   struct tgsi_interp_gs_lane *gl = &gs->out->lane[l];
   uint32_t regs = gs->out->registers;
   if (gl->vertex_count >= gs->out->max_vertices) {
      gl->uncertain = true;
      interp_ub(ip, TGSI_INTERP_UB_UNDEFINED,
                "lane %u emits more than GS_MAX_OUTPUT_VERTICES (%u)", l,
                gs->out->max_vertices);
      return;
   }
   uint32_t j = gl->vertex_count++;
   struct tgsi_interp_gs_vertex *v = &gl->vertices[j];
   v->stream = (uint8_t)s;
   v->words = arena_array(ip->arena, regs + 1, sizeof(*v->words));
   v->annot = arena_array(ip->arena, regs + 1, sizeof(*v->annot));
   for (uint32_t r = 0; r < regs; r++) {
      for (unsigned c = 0; c < 4; c++) {
         const struct interp_cell *cell = &ip->output.r[r][c][l];
         v->words[r][c] = cell->v;
         v->annot[r][c] = (struct tgsi_interp_annot){
            .err = cell->err, .insn = cell->writer, .kind = cell->kind,
            .pair = cell->pair};
      }
   }
   assemble(gs, s, l, j);
}

static void
op_emit(struct interp *ip)
{
   int32_t stream[SIM_LANES];
   if (!fetch_streams(ip, stream))
      return;
   interp_foreach_lane(l, ip->exec) {
      if (stream[l] < 0 || ((ip->path_uncertain >> l) & 1))
         ip->gs->out->lane[l].uncertain = true;
      if (stream[l] >= 0)
         emit_vertex(ip, (unsigned)stream[l], l);
   }
}

static void
op_endprim(struct interp *ip)
{
   int32_t stream[SIM_LANES];
   if (!fetch_streams(ip, stream))
      return;
   interp_foreach_lane(l, ip->exec) {
      if (stream[l] < 0)
         ip->gs->out->lane[l].uncertain = true;
      else
         ip->gs->strip_len[stream[l]][l] = 0;
   }
}

interp_op_fn
interp_gs_op(const struct interp *ip, unsigned opcode)
{
   if (!ip->gs)
      return NULL;
   switch (opcode) {
   case TGSI_OP_EMIT: return op_emit;
   case TGSI_OP_ENDPRIM: return op_endprim;
   default: return NULL;
   }
}

void
interp_gs_finish(struct interp *ip)
{
   struct tgsi_interp_gs *o = ip->gs->out;
   interp_foreach_lane(l, ip->path_uncertain)
      o->lane[l].uncertain = true;
   ip->res->gs = o;
}

static uint32_t
writer_plus_one(const struct tgsi_interp_annot *a)
{
   return a->insn >= 0 ? (uint32_t)a->insn + 1 : 0;
}

static unsigned
varying_slot(struct sim_outputs *out, unsigned semantic, uint32_t index)
{
   for (unsigned i = 0; i < out->varying_count; i++) {
      if (out->varyings[i].semantic == semantic &&
          out->varyings[i].index == index)
         return i;
   }
   if (out->varying_count == SIM_MAX_VARYINGS)
      return SIM_MAX_VARYINGS;
   unsigned i = out->varying_count++;
   out->varyings[i].semantic = (uint8_t)semantic;
   out->varyings[i].index = index;
   out->varyings[i].mask = 0xf;
   return i;
}

/* Does an instruction write output register r? */
static bool
written(const struct tgsi_shader *s, uint32_t r)
{
   for (unsigned i = 0; i < s->num_insns; i++) {
      const struct tgsi_insn *I = &s->insns[i];
      for (unsigned k = 0; k < I->num_dst; k++) {
         const struct tgsi_reg *d = &I->dst[k].reg;
         if (d->file == TGSI_REGFILE_OUTPUT &&
             (d->indirect || d->index == (int32_t)r))
            return true;
      }
   }
   return false;
}

/* Rule 6: the culled point, when the vertex's viewport is not the
 * draw's. */
static void
cull_viewport(const struct tgsi_shader *s, const struct tgsi_interp_gs *gs,
              const struct tgsi_interp_gs_vertex *v, uint32_t viewport,
              unsigned l, struct sim_outputs *out,
              struct tgsi_interp_annotations *an)
{
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      if (d->file != TGSI_REGFILE_OUTPUT ||
          d->sem_name != TGSI_SEM_VIEWPORT_INDEX || d->first >= gs->registers ||
          !written(s, d->first))
         continue;
      const struct tgsi_interp_annot *a = &v->annot[d->first][0];
      uint32_t index = v->words[d->first][0];
      /* A float NaN's payload is not specified: as an index, its bits
       * could be any (seed 12401280: MUL by a NaN). */
      if (a->err != 0 || (a->kind == TGSI_INTERP_WORD_F32 &&
                          isnan(bits_to_float(index)))) {
         for (unsigned c = 0; c < 4; c++)
            an->position[l][c].err = INFINITY;
         return;
      }
      if (index == viewport)
         return;
      static const float culled[4] = {-16384.0f, -16384.0f, 0.0f, 1.0f};
      for (unsigned c = 0; c < 4; c++) {
         out->position[l][c] = culled[c];
         an->position[l][c].err = 0;
      }
      return;
   }
}

/* Rules 5 and 6. */
void
tgsi_interp_gs_draw_vertex(const struct sim_env *env,
                           const struct tgsi_shader *s,
                           const struct tgsi_interp_gs *gs, unsigned q,
                           unsigned j, uint32_t viewport, unsigned l,
                           struct sim_outputs *out,
                           struct tgsi_interp_annotations *an)
{
   const struct tgsi_interp_gs_vertex *v = &gs->lane[q].vertices[j];
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      if (d->file != TGSI_REGFILE_OUTPUT)
         continue;
      for (uint32_t r = d->first; r <= d->last && r < gs->registers; r++) {
         struct interp_cell cell[4];
         for (unsigned c = 0; c < 4; c++) {
            cell[c] = (struct interp_cell){
               .v = v->words[r][c], .writer = v->annot[r][c].insn,
               .err = v->annot[r][c].err, .kind = v->annot[r][c].kind,
               .pair = v->annot[r][c].pair};
         }
         uint32_t index = d->sem_index + (r - d->first);
         if (d->sem_name == TGSI_SEM_POSITION && index == 0) {
            out->wrote_position = true;
            interp_viewport(env, cell, out->position[l], an->position[l]);
            cull_viewport(s, gs, v, viewport, l, out, an);
            for (unsigned c = 0; c < 4; c++) {
               uint32_t w = writer_plus_one(&v->annot[r][c]);
               if (w > out->position_writer)
                  out->position_writer = w;
            }
            continue;
         }
         if (d->sem_name == TGSI_SEM_PSIZE) {
            out->wrote_point_size = true;
            interp_point_size(&cell[0], &out->point_size[l],
                              &an->point_size[l]);
            out->point_size_writer = writer_plus_one(&v->annot[r][0]);
            continue;
         }
         if (d->sem_name == TGSI_SEM_LAYER && written(s, r)) {
            out->wrote_layer = true;
            interp_layer(&cell[0], &out->layer[l], &an->layer[l]);
         }
         unsigned n = varying_slot(out, d->sem_name, index);
         if (n == SIM_MAX_VARYINGS)
            continue;
         for (unsigned c = 0; c < 4; c++) {
            out->varyings[n].value[l].w[c] = v->words[r][c];
            an->varyings[n][l][c] = v->annot[r][c];
            uint32_t w = writer_plus_one(&v->annot[r][c]);
            if (w > out->varying_writer[n])
               out->varying_writer[n] = w;
         }
      }
   }
}
