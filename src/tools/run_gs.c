/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders in `tgsiva run`: the interpreter's output primitives,
 * per invocation in GL's order (docs/abi.md, "Geometry shaders").  Each
 * invocation lists its primitives per stream as vertex numbers (strips
 * unrolled), then its vertices with every declared output register.
 *
 * The check compares the geometry program's buffers (vertex slots and
 * index entries), then draws: the pass-through pair runs over every
 * vertex a compared invocation's stream-0 primitive names, 16 lanes at
 * a time, and its positions, point sizes, layers and varyings (in the
 * draw for the viewport of each batch's first vertex) are compared with
 * what the interpreter's emitted vertex gives through a vertex shader's
 * output path (tgsi_interp_gs_draw_vertex).
 */
#include "run_check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_info.h"
#include "util/arena.h"

static const char *const prim_kind[] = {"", "point", "line", "triangle"};

static void
print_header(FILE *f, const struct tgsi_interp_gs *gs)
{
   fprintf(f, "geometry: %u input %s x %u invocation%s, %s out, at most %u "
              "vertices\n",
           gs->primitives, tgsi_name(&tgsi_prim_names, gs->input_prim),
           gs->invocations, gs->invocations == 1 ? "" : "s",
           tgsi_name(&tgsi_prim_names, gs->output_prim), gs->max_vertices);
}

static void
print_primitives(FILE *f, const struct tgsi_interp_gs *gs,
                 const struct tgsi_interp_gs_lane *gl)
{
   unsigned n = gs->prim_vertices;
   for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++) {
      for (unsigned i = 0; i + n <= gl->index_count[s]; i += n) {
         fprintf(f, "  stream %u %s:", s, prim_kind[n]);
         for (unsigned k = 0; k < n; k++)
            fprintf(f, " %u", gl->indices[s][i + k]);
         fprintf(f, "\n");
      }
   }
}

static void
print_vertex(FILE *f, const struct tgsi_shader *s,
             const struct tgsi_interp_gs *gs,
             const struct tgsi_interp_gs_vertex *v, unsigned j)
{
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      if (d->file != TGSI_REGFILE_OUTPUT)
         continue;
      for (uint32_t r = d->first; r <= d->last && r < gs->registers; r++) {
         fprintf(f, "  vertex %u (stream %u) OUT[%u] %s[%u]:", j, v->stream,
                 r, tgsi_name(&tgsi_sem_names, d->sem_name),
                 d->sem_index + (r - d->first));
         for (unsigned c = 0; c < 4; c++)
            run_print_word(f, v->words[r][c], &v->annot[r][c]);
         fprintf(f, "\n");
      }
   }
}

void
run_print_gs(FILE *f, const struct tgsi_shader *s,
             const struct tgsi_interp_gs *gs)
{
   print_header(f, gs);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!((gs->lanes >> l) & 1))
         continue;
      const struct tgsi_interp_gs_lane *gl = &gs->lane[l];
      fprintf(f, "invocation %u: input primitive %u, GS invocation %u, %u "
                 "vertices%s\n",
              l, l / gs->invocations, l % gs->invocations, gl->vertex_count,
              gl->uncertain ? " (not compared)" : "");
      print_primitives(f, gs, gl);
      for (unsigned j = 0; j < gl->vertex_count; j++)
         print_vertex(f, s, gs, &gl->vertices[j], j);
   }
}

/* ---------------------------------------------------------------------
 * Comparing with the geometry program's buffers
 */

static bool
gs_differ(struct run_difference *d, const struct tgsi_interp_annot *a,
          uint32_t ref, uint32_t got)
{
   d->output = RUN_OUT_MEMORY;
   d->index = 0;
   d->expected = ref;
   d->got = got;
   d->annot = *a;
   d->program = 2;
   d->valhall_insn = -1;
   d->sender = false;
   return false;
}

static uint32_t
word_at(const uint8_t *bytes, uint32_t size, uint64_t offset, bool *inside)
{
   uint32_t w = 0;
   *inside = offset + 4 <= size;
   if (*inside)
      memcpy(&w, bytes + offset, 4);
   return w;
}

static bool
compare_indices(const struct tgsi_interp_gs *gs,
                const struct run_gs_buffers *b, unsigned q, unsigned s,
                struct run_difference *d, struct run_compare_stats *st)
{
   const struct tgsi_interp_gs_lane *gl = &gs->lane[q];
   const struct tgsi_interp_annot exact = {.err = 0, .insn = -1};
   uint32_t k = gs->indices_per_lane;
   if (!b->indices[s]) {
      if (!gl->index_count[s])
         return true;
      snprintf(d->what, sizeof(d->what), "stream %u has no index buffer",
               s);
      return gs_differ(d, &exact, gl->indices[s][0], 0);
   }
   for (uint32_t i = 0; i < k; i++) {
      uint32_t ref = i < gl->index_count[s]
                        ? q * gs->max_vertices + gl->indices[s][i]
                        : RUN_GS_RESTART;
      bool inside;
      uint32_t got = word_at(b->indices[s], b->indices_size[s],
                             4 * ((uint64_t)q * k + i), &inside);
      st->exact++;
      if (inside && got == ref)
         continue;
      snprintf(d->what, sizeof(d->what),
               "stream %u index %u of invocation %u%s", s, i, q,
               inside ? "" : " (past the buffer)");
      return gs_differ(d, &exact, ref, got);
   }
   return true;
}

static bool
compare_vertex(const struct tgsi_interp_gs *gs,
               const struct run_gs_buffers *b, unsigned q, unsigned j,
               struct run_difference *d, struct run_compare_stats *st)
{
   const struct tgsi_interp_gs_vertex *v = &gs->lane[q].vertices[j];
   uint64_t base = ((uint64_t)q * gs->max_vertices + j) * b->vertex_stride;
   for (uint32_t r = 0; r < gs->registers; r++) {
      uint32_t got[4];
      bool inside = true;
      for (unsigned c = 0; c < 4 && inside; c++)
         got[c] = word_at(b->vertices, b->vertices_size,
                          base + 16 * r + 4 * c, &inside);
      for (unsigned c = 0; c < 4; c++) {
         const struct tgsi_interp_annot *a = &v->annot[r][c];
         if (inside && run_word_agrees(a, v->words[r][c], got[c],
                                       v->words[r][c ^ 1], got[c ^ 1],
                                       &v->annot[r][c ^ 1], st))
            continue;
         if (!inside && a->err == INFINITY)
            continue;
         snprintf(d->what, sizeof(d->what),
                  "vertex %u of invocation %u: OUT[%u].%c%s", j, q, r,
                  "xyzw"[c], inside ? "" : " (past the buffer)");
         return gs_differ(d, a, v->words[r][c], inside ? got[c] : 0);
      }
   }
   return true;
}

bool
run_compare_gs(const struct tgsi_interp_gs *gs,
               const struct run_gs_buffers *b, struct run_difference *d,
               struct run_compare_stats *st)
{
   for (unsigned q = 0; q < SIM_LANES; q++) {
      const struct tgsi_interp_gs_lane *gl = &gs->lane[q];
      if (!((gs->lanes >> q) & 1) || gl->uncertain)
         continue;
      for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++) {
         if (!compare_indices(gs, b, q, s, d, st))
            return false;
      }
      for (unsigned j = 0; j < gl->vertex_count; j++) {
         if (!compare_vertex(gs, b, q, j, d, st))
            return false;
      }
   }
   return true;
}

void
run_gs_expected(struct arena *arena, const struct tgsi_interp_gs *gs,
                bool all_streams, struct run_gs_buffers *b)
{
   uint32_t k = gs->indices_per_lane, m = gs->max_vertices;
   memset(b, 0, sizeof(*b));
   b->vertex_stride = 16 * gs->registers;
   b->vertices_size = SIM_LANES * m * b->vertex_stride;
   uint8_t *vertices = arena_zalloc(arena, b->vertices_size + 1);
   b->vertices = vertices;
   for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++) {
      bool used = all_streams;
      for (unsigned q = 0; q < SIM_LANES; q++)
         used |= gs->lane[q].index_count[s] != 0;
      if (!used)
         continue;
      uint32_t *idx = ARENA_ARRAY(arena, uint32_t, SIM_LANES * k);
      for (unsigned q = 0; q < SIM_LANES; q++) {
         const struct tgsi_interp_gs_lane *gl = &gs->lane[q];
         for (uint32_t i = 0; i < k; i++)
            idx[q * k + i] = i < gl->index_count[s]
                                ? q * m + gl->indices[s][i]
                                : RUN_GS_RESTART;
      }
      b->indices[s] = (const uint8_t *)idx;
      b->indices_size[s] = 4 * SIM_LANES * k;
   }
   for (unsigned q = 0; q < SIM_LANES; q++) {
      const struct tgsi_interp_gs_lane *gl = &gs->lane[q];
      for (unsigned j = 0; j < gl->vertex_count; j++)
         memcpy(vertices + (q * m + j) * b->vertex_stride,
                gl->vertices[j].words, b->vertex_stride);
   }
}

/* ---------------------------------------------------------------------
 * The geometry program's regions in the simulator
 */

static struct sim_region *
add_region(struct sim_env *env, enum sim_region_kind kind, uint32_t index,
           uint64_t size)
{
   return sim_memory_add(&env->memory, env->arena, kind, index,
                         size < 16 ? 16 : (uint32_t)size);
}

void
run_gs_bind(struct sim_env *env, const struct sim_layout *l)
{
   uint32_t vertices = env->gs_primitives * env->gs_vertices_in;
   uint32_t q = env->gs_primitives * env->gs_invocations;
   struct sim_region *in = add_region(env, SIM_REGION_GS_INPUT, 0,
                                      (uint64_t)vertices *
                                         l->gs.input_stride);
   for (uint32_t v = 0; v < vertices; v++) {
      for (unsigned i = 0; i < l->input_count; i++) {
         const struct sim_varying *x = &l->inputs[i];
         uint64_t at = (uint64_t)v * l->gs.input_stride + x->byte_offset;
         struct sim_vec4 w = sim_env_gs_vertex(env, x->semantic, x->index,
                                               v);
         if (at + 16 <= in->size)
            memcpy(in->bytes + at, w.w, 16);
      }
   }
   add_region(env, SIM_REGION_GS_OUTPUT, 0,
              (uint64_t)q * l->gs.max_vertices * l->gs.output_stride);
   add_region(env, SIM_REGION_GS_INDICES, 0, 4ull * q * l->gs.indices);
}

void
run_gs_buffers_of(const struct sim_memory *m, const struct sim_layout *l,
                  struct run_gs_buffers *b)
{
   struct sim_memory *mem = (struct sim_memory *)m;
   memset(b, 0, sizeof(*b));
   b->vertex_stride = l->gs.output_stride;
   const struct sim_region *v =
      sim_memory_region(mem, SIM_REGION_GS_OUTPUT, 0);
   if (v) {
      b->vertices = v->bytes;
      b->vertices_size = v->size;
   }
   for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++) {
      const struct sim_region *r =
         sim_memory_region(mem, SIM_REGION_GS_INDICES, s);
      if (r) {
         b->indices[s] = r->bytes;
         b->indices_size[s] = r->size;
      }
   }
}

/* ---------------------------------------------------------------------
 * The pass-through draw
 */

struct draw_vertex {
   unsigned q, j;
};

/* The vertices the draw reads: every one a compared invocation's
 * stream-0 primitive names, once, in order. */
static unsigned
drawn_vertices(struct arena *arena, const struct tgsi_interp_gs *gs,
               struct draw_vertex **out)
{
   unsigned n = 0, m = gs->max_vertices;
   struct draw_vertex *v =
      ARENA_ARRAY(arena, struct draw_vertex, SIM_LANES * m + 1);
   bool *seen = ARENA_ARRAY(arena, bool, m + 1);
   for (unsigned q = 0; q < SIM_LANES; q++) {
      const struct tgsi_interp_gs_lane *gl = &gs->lane[q];
      if (!((gs->lanes >> q) & 1) || gl->uncertain)
         continue;
      memset(seen, 0, m + 1);
      for (unsigned i = 0; i < gl->index_count[0]; i++)
         seen[gl->indices[0][i]] = true;
      for (unsigned j = 0; j < gl->vertex_count; j++) {
         if (seen[j])
            v[n++] = (struct draw_vertex){q, j};
      }
   }
   *out = v;
   return n;
}

/* The viewport a batch is drawn for: the VIEWPORT_INDEX of its first
 * vertex, so that a batch mixing viewports has vertices drawn and
 * vertices culled (0 when the shader writes none). */
static uint32_t
batch_viewport(const struct tgsi_shader *s, const struct tgsi_interp_gs *gs,
               const struct draw_vertex *v)
{
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      if (d->file == TGSI_REGFILE_OUTPUT &&
          d->sem_name == TGSI_SEM_VIEWPORT_INDEX && d->first < gs->registers)
         return gs->lane[v->q].vertices[v->j].words[d->first][0];
   }
   return 0;
}

/* One batch: lanes l < count draw vertices v[l] (the others repeat the
 * last, uncompared). */
static bool
draw_batch(const struct sim_env *env, const struct tgsi_shader *s,
           const struct run_programs *p, const struct tgsi_interp_gs *gs,
           const struct draw_vertex *v, unsigned count,
           struct sim_outputs *ref, struct tgsi_interp_annotations *an,
           struct run_difference *d, struct run_compare_stats *st,
           struct run_sim_stop *stop)
{
   struct arena scratch;
   arena_init(&scratch, 0);
   struct sim_env vx = *env; /* shares the geometry program's buffers */
   vx.arena = &scratch;
   vx.stage = SIM_STAGE_VERTEX;
   vx.gs_viewport = batch_viewport(s, gs, v);
   memset(ref, 0, sizeof(*ref));
   memset(an, 0, sizeof(*an));
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct draw_vertex *x = &v[l < count ? l : count - 1];
      vx.vertex_id[l] = x->q * gs->max_vertices + x->j;
      vx.instance_id[l] = 0;
      tgsi_interp_gs_draw_vertex(env, s, gs, x->q, x->j, vx.gs_viewport, l,
                                 ref, an);
   }
   struct sim_outputs *got = ARENA_NEW(&scratch, struct sim_outputs);
   struct sim_outputs *varying = ARENA_NEW(&scratch, struct sim_outputs);
   bool ran = run_simulate(&vx, p, 0, got, stop) &&
              run_simulate(&vx, p, 1, varying, stop);
   bool same = false;
   if (ran) {
      got->varying_count = varying->varying_count;
      memcpy(got->varyings, varying->varyings, sizeof(got->varyings));
      memcpy(got->varying_writer, varying->varying_writer,
             sizeof(got->varying_writer));
      uint32_t lanes = count >= SIM_LANES ? ~0u : (1u << count) - 1;
      same = run_compare_vertex(lanes, ref, an, got, d, st);
   }
   arena_finish(&scratch);
   if (!ran || same)
      return ran;
   /* Name the emitted vertex: "lane L" is the batch's. */
   unsigned lane = 0;
   const char *at = strstr(d->what, " lane ");
   if (at)
      lane = (unsigned)strtoul(at + 6, NULL, 10);
   const struct draw_vertex *x = &v[lane < count ? lane : 0];
   char what[sizeof(d->what)];
   snprintf(what, sizeof(what), "drawn vertex %u of invocation %u: %.*s",
            x->j, x->q, at ? (int)(at - d->what) : (int)strlen(d->what),
            d->what);
   memcpy(d->what, what, sizeof(what));
   return false;
}

bool
run_gs_draw(struct arena *arena, const struct sim_env *env,
            const struct tgsi_shader *s, const struct run_programs *p,
            const struct tgsi_interp_gs *gs, struct sim_outputs *ref,
            struct run_difference *d, struct run_compare_stats *st,
            struct run_sim_stop *stop, bool *stopped)
{
   *stopped = false;
   if (p->count < 3)
      return true;
   struct draw_vertex *v;
   unsigned n = drawn_vertices(arena, gs, &v);
   struct tgsi_interp_annotations *an =
      ARENA_NEW(arena, struct tgsi_interp_annotations);
   for (unsigned first = 0; first < n; first += SIM_LANES) {
      unsigned count = n - first < SIM_LANES ? n - first : SIM_LANES;
      stop->message[0] = '\0';
      if (draw_batch(env, s, p, gs, v + first, count, ref, an, d, st, stop))
         continue;
      *stopped = stop->message[0] != '\0';
      return false;
   }
   return true;
}
