/* SPDX-License-Identifier: MIT */
/*
 * The public compile API (include/tgsiva/compile.h): runs the pipeline in
 * an arena of its own and copies the result into one allocation.
 * Running out of memory, or past the caller's limit, jumps back here from
 * the arena's failure hook and becomes an error, never an abort.
 */
#include "tgsiva/compile.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "emit/va_stats.h"
#include "util/diag.h"

_Static_assert(TGSIVA_SYSVAL_SAMPLER_LOD == (int)IR_SYSVAL_SAMPLER_LOD &&
                  TGSIVA_SYSVAL_FRAMEBUFFER_SIZE ==
                     (int)IR_SYSVAL_FRAMEBUFFER_SIZE &&
                  TGSIVA_SYSVAL_BUFFER == (int)IR_SYSVAL_BUFFER &&
                  TGSIVA_SYSVAL_XFB_DRAW == (int)IR_SYSVAL_XFB_DRAW &&
                  TGSIVA_SYSVAL_GS_DRAW == (int)IR_SYSVAL_GS_DRAW &&
                  TGSIVA_SYSVAL_GS_VIEWPORT == (int)IR_SYSVAL_GS_VIEWPORT &&
                  TGSIVA_SYSVAL_GS_VIEWPORT + 1 == (int)IR_SYSVAL_COUNT,
               "public and internal system value kinds agree");

/* Comparable with memcmp: no implicit padding (docs/api.md). */
_Static_assert(sizeof(struct tgsiva_shader_key) == 20,
               "struct tgsiva_shader_key has no padding");

#define DEFAULT_MEMORY_LIMIT (256u * 1024 * 1024)
#define WORKSPACE_KEEP (64u * 1024 * 1024)

struct tgsiva_workspace {
   struct arena arena;
   struct ir_va_memo va_memo[IR_VA_MEMO_SIZE]; /* compile.h */
   struct tgsi_name_memo names;                /* tgsi.h */
};

struct tgsiva_workspace *
tgsiva_workspace_create(void)
{
   struct tgsiva_workspace *ws = calloc(1, sizeof(*ws));
   if (ws)
      arena_init(&ws->arena, 0);
   return ws;
}

void
tgsiva_workspace_destroy(struct tgsiva_workspace *ws)
{
   if (!ws)
      return;
   arena_finish(&ws->arena);
   free(ws);
}

struct call {
   struct arena *arena; /* the call's own, or the workspace's */
   struct arena own;
   jmp_buf bail;
   struct tgsiva_diagnostic *d;
   struct compile_options opts;
   struct tgsi_name_memo *names; /* the workspace's, or NULL */
};

static void
out_of_memory(void *ctx, bool over_limit)
{
   struct call *c = ctx;
   diag_error(c->d, over_limit ? TGSIVA_ERROR_LIMIT : TGSIVA_ERROR_NOMEM,
              over_limit ? "the compile needs more memory than its limit"
                         : "out of memory");
   longjmp(c->bail, 1);
}

/* Bytes from `*at`, 16-byte aligned, in the result block. */
static void *
carve(uint8_t *block, size_t *at, size_t n)
{
   void *p = block + *at;
   *at += (n + 15) & ~(size_t)15;
   return p;
}

static size_t
result_size(const struct compile_result *r)
{
   const struct ir_layout *l = &r->layout;
   size_t n = sizeof(struct tgsiva_shader) + 16;
   for (unsigned p = 0; p < r->program_count; p++)
      n += r->programs[p].count * 8 + 16;
   n += l->push.len * sizeof(struct tgsiva_push_word) + 16;
   n += l->sysvals.len * sizeof(struct tgsiva_sysval) + 16;
   n += (l->outputs.len + l->inputs.len) * sizeof(struct tgsiva_varying) + 32;
   n += l->outputs.len * sizeof(uint32_t) + 16;
   return n;
}

static const struct tgsiva_varying *
copy_varyings(uint8_t *block, size_t *at, const struct ir_varying *v,
              size_t n)
{
   struct tgsiva_varying *out = carve(block, at, n * sizeof(*out));
   for (size_t i = 0; i < n; i++) {
      out[i] = (struct tgsiva_varying){
         .semantic = v[i].semantic,
         .index = v[i].index,
         .byte_offset = v[i].byte_offset,
         .components = v[i].components,
         .interpolation = v[i].interp,
         .location = v[i].location,
      };
   }
   return out;
}

static void
copy_program(uint8_t *block, size_t *at, const struct compile_program *p,
             struct tgsiva_program *out)
{
   uint8_t *code = carve(block, at, p->count * 8);
   for (size_t i = 0; i < p->count; i++) {
      for (unsigned b = 0; b < 8; b++)
         code[8 * i + b] = (uint8_t)(p->words[i] >> (8 * b));
   }
   struct va_stats st;
   va_stats_from_counts(p->costs, (unsigned)p->count, &st);
   *out = (struct tgsiva_program){
      .code = code,
      .size = p->count * 8,
      .work_registers = p->work_registers,
      .preload_mask = p->preload_mask,
      .stats = {st.instructions, p->ir->spills, p->ir->fills, st.fma,
                st.cvt, st.sfu, st.v, st.t, st.ls, st.cycles},
   };
}

/* PIPE_PRIM_* (= enum tgsi_prim) of the list the pass-through draw
 * draws: points, lines or triangles. */
static const uint32_t draw_prims[4] = {0, TGSI_PRIM_POINTS, TGSI_PRIM_LINES,
                                       TGSI_PRIM_TRIANGLES};

static void
export_gs(const struct ir_gs_layout *g, struct tgsiva_shader *sh)
{
   if (!g->vertices_in)
      return; /* no geometry shader */
   sh->gs_input_primitive = g->input_prim;
   sh->gs_vertices_in = g->vertices_in;
   sh->gs_output_primitive = g->output_prim;
   sh->gs_draw_primitive = draw_prims[g->prim_vertices & 3];
   sh->gs_max_vertices = g->max_vertices;
   sh->gs_invocations = g->invocations;
   sh->gs_input_stride = g->input_stride;
   sh->gs_output_stride = g->output_stride;
   sh->gs_indices_per_invocation = g->indices_per_invocation;
   sh->gs_streams = g->streams;
}

static struct tgsiva_shader *
export(const struct compile_result *r)
{
   const struct ir_layout *l = &r->layout;
   size_t at = 0, size = result_size(r);
   uint8_t *block = calloc(1, size);
   if (!block)
      return NULL;
   struct tgsiva_shader *sh = carve(block, &at, sizeof(*sh));
   static const enum tgsiva_stage stages[] = {
      [IR_STAGE_VERTEX_POSITION] = TGSIVA_STAGE_VERTEX,
      [IR_STAGE_VERTEX_VARYING] = TGSIVA_STAGE_VERTEX,
      [IR_STAGE_FRAGMENT] = TGSIVA_STAGE_FRAGMENT,
      [IR_STAGE_COMPUTE] = TGSIVA_STAGE_COMPUTE,
      [IR_STAGE_VERTEX_XFB] = TGSIVA_STAGE_VERTEX,
      [IR_STAGE_GEOMETRY] = TGSIVA_STAGE_GEOMETRY,
   };
   sh->stage = stages[r->stage];
   sh->program_count = r->program_count;
   for (unsigned p = 0; p < r->program_count; p++)
      copy_program(block, &at, &r->programs[p], &sh->programs[p]);
   _Static_assert(IR_PUSH_CONSTANT == TGSIVA_PUSH_CONSTANT,
                  "the constant table's marker is the public one");
   struct tgsiva_push_word *push =
      carve(block, &at, l->push.len * sizeof(*push));
   for (size_t i = 0; i < l->push.len; i++)
      push[i] = (struct tgsiva_push_word){l->push.data[i].ubo,
                                          l->push.data[i].offset};
   sh->push = push;
   sh->push_count = (unsigned)l->push.len;
   struct tgsiva_sysval *sv = carve(block, &at, l->sysvals.len * sizeof(*sv));
   for (size_t i = 0; i < l->sysvals.len; i++)
      sv[i] = (struct tgsiva_sysval){l->sysvals.data[i].kind,
                                     l->sysvals.data[i].id};
   sh->sysvals = sv;
   sh->sysval_count = (unsigned)l->sysvals.len;
   sh->sysval_ubo = sh->user_ubo_count = l->user_ubo_count;
   sh->texture_count = l->texture_count;
   sh->sampler_count = l->sampler_count;
   sh->image_count = l->image_count;
   sh->buffer_count = l->buffer_count;
   sh->tls_bytes = l->tls_bytes;
   sh->uses_barrier = l->uses_barrier;
   sh->writes_memory = l->writes_memory;
   sh->attributes_read = l->attributes_read;
   sh->outputs = copy_varyings(block, &at, l->outputs.data, l->outputs.len);
   sh->output_count = (unsigned)l->outputs.len;
   sh->writes_point_size = l->writes_point_size;
   sh->fixed_varying_mask = l->fixed_varying_mask;
   sh->xfb_buffers_written = l->xfb_buffers_written;
   sh->inputs = copy_varyings(block, &at, l->inputs.data, l->inputs.len);
   sh->input_count = (unsigned)l->inputs.len;
   sh->render_targets_written = l->render_targets_written;
   sh->writes_depth = l->writes_depth;
   sh->writes_stencil = l->writes_stencil;
   sh->writes_sample_mask = l->writes_sample_mask;
   sh->can_discard = l->can_discard;
   sh->reads_frag_coord = l->reads_frag_coord;
   sh->reads_face = l->reads_face;
   sh->reads_point_coord = l->reads_point_coord;
   sh->sample_shading = l->sample_shading;
   sh->early_fragment_tests = l->early_fragment_tests;
   sh->uses_derivatives = l->uses_derivatives;
   memcpy(sh->local_size, l->local_size, sizeof(sh->local_size));
   sh->shared_bytes = l->shared_bytes;
   uint32_t *regs = carve(block, &at, l->outputs.len * sizeof(*regs));
   for (size_t i = 0; i < l->outputs.len; i++)
      regs[i] = l->outputs.data[i].reg;
   sh->output_registers = regs;
   sh->writes_layer = l->writes_layer;
   sh->writes_viewport_index = l->writes_viewport_index;
   export_gs(&l->gs, sh);
   return sh;
}

/*
 * The part of a call an arena failure may longjmp out of.  No local of
 * this function is read after the jump: what must survive it (the arena,
 * the diagnostic, the result) lives in *c, which is in the caller's frame,
 * and behind `out` (C11 7.13.2.1: locals of the function that called
 * setjmp and changed before the longjmp are indeterminate after it).
 */
static void
run(struct call *c, const uint32_t *tokens, size_t count, const char *text,
    size_t len, struct tgsiva_shader **out)
{
   if (setjmp(c->bail))
      return;
   struct tgsi_shader *tgsi;
   struct compile_result r;
   bool ok = text ? tgsi_parse_text_memo(c->arena, text, len, c->names,
                                         &tgsi, c->d)
                  : tgsi_read_tokens(c->arena, tokens, count, &tgsi, c->d);
   /* Capturing a geometry shader's streams is future work
    * (docs/abi.md, "Geometry shaders"). */
   if (ok && tgsi->processor == TGSI_PROC_GEOMETRY && c->opts.stream_output &&
       c->opts.stream_output->num_outputs) {
      diag_error(c->d, TGSIVA_ERROR_UNSUPPORTED,
                 "transform feedback of a geometry shader's output is not "
                 "supported (docs/abi.md)");
      return;
   }
   if (ok && compile_tgsi(c->arena, tgsi, &c->opts, &r, c->d)) {
      *out = export(&r);
      if (!*out)
         diag_error(c->d, TGSIVA_ERROR_NOMEM, "out of memory");
   }
}

/* A key field out of its range is the caller's error, found before any
 * work. */
static bool
check_key(const struct tgsiva_shader_key *k, struct tgsiva_diagnostic *d)
{
   if (!k)
      return true;
   if (k->reserved ||
       k->sprite_coord_origin > TGSIVA_SPRITE_ORIGIN_LOWER_LEFT ||
       k->color_buffers > 8)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "bad shader key: reserved %u, sprite origin %u, "
                        "%u colour buffers",
                        k->reserved, k->sprite_coord_origin,
                        k->color_buffers);
   for (unsigned rt = 0; rt < 8; rt++) {
      if (k->rt_types[rt] >= TGSIVA_RT_TYPE_COUNT)
         return diag_error(d, TGSIVA_ERROR_INPUT,
                           "bad shader key: render target %u has type %u",
                           rt, k->rt_types[rt]);
   }
   return true;
}

static enum tgsiva_status
compile(const uint32_t *tokens, size_t count, const char *text, size_t len,
        const struct tgsiva_compile_options *opts,
        struct tgsiva_shader **out, struct tgsiva_diagnostic *d)
{
   struct call c = {
      .d = d,
      .opts = {.max_registers = opts ? opts->max_registers : 0,
               .validate = opts && opts->validate,
               .key = opts ? opts->key : NULL,
               .stream_output = opts ? opts->stream_output : NULL},
   };
   size_t limit = opts && opts->memory_limit ? opts->memory_limit
                                             : DEFAULT_MEMORY_LIMIT;
   struct tgsiva_diagnostic own_diag;
   if (!d)
      d = c.d = &own_diag; /* the caller only wants the status */
   diag_clear(d);
   *out = NULL;
   if (!check_key(c.opts.key, d))
      return d->status;
   struct tgsiva_workspace *ws = opts ? opts->workspace : NULL;
   if (ws) {
      c.arena = &ws->arena;
      c.opts.va_memo = ws->va_memo;
      c.names = &ws->names;
      c.arena->limit_bytes = limit;
   } else {
      c.arena = &c.own;
      arena_init(c.arena, limit);
   }
   c.arena->fail = out_of_memory;
   c.arena->fail_ctx = &c;
   run(&c, tokens, count, text, len, out);
   c.arena->fail = NULL;
   c.arena->fail_ctx = NULL;
   if (ws)
      arena_recycle(c.arena, WORKSPACE_KEEP);
   else
      arena_finish(c.arena);
   return d->status;
}

enum tgsiva_status
tgsiva_compile(const uint32_t *tokens, size_t count,
               const struct tgsiva_compile_options *opts,
               struct tgsiva_shader **out, struct tgsiva_diagnostic *d)
{
   return compile(tokens, count, NULL, 0, opts, out, d);
}

enum tgsiva_status
tgsiva_compile_text(const char *text, size_t len,
                    const struct tgsiva_compile_options *opts,
                    struct tgsiva_shader **out, struct tgsiva_diagnostic *d)
{
   return compile(NULL, 0, text, len, opts, out, d);
}

void
tgsiva_shader_free(struct tgsiva_shader *shader)
{
   free(shader);
}

/* docs/abi.md, "Geometry shaders", section 1. */
enum tgsiva_status
tgsiva_gs_vertex_capture(const struct tgsiva_shader *vs,
                         const struct tgsiva_shader *gs,
                         struct tgsiva_stream_output *so,
                         struct tgsiva_diagnostic *d)
{
   struct tgsiva_diagnostic own;
   if (!d)
      d = &own;
   diag_clear(d);
   if (!vs || !gs || !so || vs->stage != TGSIVA_STAGE_VERTEX ||
       gs->stage != TGSIVA_STAGE_GEOMETRY) {
      diag_error(d, TGSIVA_ERROR_INPUT,
                 "tgsiva_gs_vertex_capture needs a vertex shader, a "
                 "geometry shader and a stream output");
      return d->status;
   }
   memset(so, 0, sizeof(*so));
   so->stride[0] = gs->gs_input_stride / 4;
   for (unsigned i = 0; i < gs->input_count; i++) {
      const struct tgsiva_varying *in = &gs->inputs[i];
      for (unsigned k = 0; k < vs->output_count; k++) {
         const struct tgsiva_varying *out = &vs->outputs[k];
         if (out->semantic != in->semantic || out->index != in->index)
            continue;
         if (so->num_outputs == TGSIVA_MAX_STREAM_OUTPUTS) {
            diag_error(d, TGSIVA_ERROR_LIMIT, "more than %d captured inputs",
                       TGSIVA_MAX_STREAM_OUTPUTS);
            return d->status;
         }
         so->output[so->num_outputs++] = (struct tgsiva_stream_output_entry){
            .register_index = vs->output_registers[k],
            .num_components = 4,
            .dst_offset = in->byte_offset / 4,
         };
         break;
      }
   }
   return TGSIVA_OK;
}
