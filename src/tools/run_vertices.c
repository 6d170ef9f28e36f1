/* SPDX-License-Identifier: MIT */
/*
 * The vertex shader before a geometry shader in `tgsiva run --vertex`:
 * job 1 of docs/abi.md's geometry draw, in both models.
 *
 * 1. The draw is a list of the geometry shader's input primitives, one
 *    instance: vertex k of input primitive p is draw vertex p * N + k,
 *    with vertex id first vertex + p * N + k and its own attributes
 *    (sim_env_set_draw_part), so the list is already GL's
 *    geometry-shader input order and every record is one draw vertex.
 * 2. The vertex shader runs 16 draw vertices a warp, each warp on a
 *    fresh environment of the input set's seed (its uniforms, textures
 *    and buffers the same in every warp and in both models).
 * 3. The interpreter keeps each vertex's output registers as written
 *    (tgsi_interp_vertices); the geometry shader's interpreter matches
 *    its inputs to them by (semantic, index), which is GL's rule, not
 *    the capture description's, so a wrong description is a difference.
 * 4. The simulator runs the transform-feedback program compiled with
 *    tgsiva_gs_vertex_capture()'s description over the same warps, into
 *    stream-output buffer 0 of exactly one record per draw vertex, and
 *    the records of each warp's vertices become the vertex-output buffer
 *    the geometry program reads.  The vertex shader's own buffer stores
 *    are not compared here (its own check does).
 * 5. Undefined behaviour in the vertex shader makes the input set
 *    inconclusive, as in the geometry shader; so does a fault outside a
 *    resource by a lane the interpreter cannot follow.
 */
#include "run_check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_info.h"
#include "util/diag.h"

/* A public shader of `s`, as a driver has it. */
static bool
public_shader(struct arena *arena, const struct tgsi_shader *s,
              struct tgsiva_shader **out, struct tgsiva_diagnostic *d)
{
   uint32_t *tokens;
   size_t count;
   *out = NULL;
   if (!tgsi_write_tokens(arena, s, &tokens, &count, d))
      return false;
   struct tgsiva_compile_options opts = {.validate = false};
   return tgsiva_compile(tokens, count, &opts, out, d) == TGSIVA_OK;
}

bool
run_compile_vertex_stage(struct arena *arena, const struct tgsi_shader *vs,
                         const struct tgsi_shader *gs,
                         unsigned max_registers,
                         struct run_vertex_stage *out,
                         struct tgsiva_diagnostic *d)
{
   memset(out, 0, sizeof(*out));
   out->s = vs;
   if (vs->processor != TGSI_PROC_VERTEX ||
       gs->processor != TGSI_PROC_GEOMETRY)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "--vertex takes a vertex shader, and the shader "
                        "run must be a geometry shader");
   struct tgsiva_shader *vsh = NULL, *gsh = NULL;
   struct tgsiva_stream_output *so =
      ARENA_NEW(arena, struct tgsiva_stream_output);
   bool ok = public_shader(arena, vs, &vsh, d) &&
             public_shader(arena, gs, &gsh, d) &&
             tgsiva_gs_vertex_capture(vsh, gsh, so, d) == TGSIVA_OK;
   if (ok)
      out->record_bytes = gsh->gs_input_stride;
   tgsiva_shader_free(vsh);
   tgsiva_shader_free(gsh);
   return ok && run_compile_variant(arena, vs, max_registers, NULL, so,
                                    &out->p, d);
}

/* Rules 1 and 2: warp `part` (its first draw vertex) of a draw of
 * `count` vertices; with binaries, the stream-output buffer of `count`
 * records and their scratch memory. */
static bool
vertex_env(struct sim_env *env, struct arena *arena,
           const struct run_vertex_stage *vs, uint64_t seed, uint32_t count,
           uint32_t part)
{
   if (!tgsi_interp_setup_env(env, arena, vs->s, seed) ||
       env->stage != SIM_STAGE_VERTEX)
      return false;
   sim_env_set_draw_part(env, count, part);
   if (vs->p.count == 3) {
      uint32_t bytes = vs->record_bytes * count;
      sim_env_bind_xfb(env, 0, bytes < 16 ? 16 : bytes);
      run_bind_program_memory(env, &vs->p);
   }
   return true;
}

static enum run_vertices_result
say(enum run_vertices_result r, char *message, size_t size, const char *what,
    uint32_t part, const char *detail)
{
   snprintf(message, size, "vertex shader, draw vertices from %u: %s%s",
            part, what, detail);
   return r;
}

/* Rule 4: the records of the warp's vertices into the vertex-output
 * buffer. */
static void
copy_records(const struct sim_env *env, uint32_t record, uint32_t part,
             uint32_t count, struct sim_region *gs_input)
{
   const struct sim_region *xfb = sim_memory_region(
      (struct sim_memory *)&env->memory, SIM_REGION_XFB, 0);
   uint64_t from = (uint64_t)part * record;
   uint64_t bytes = (uint64_t)(count - part < SIM_LANES ? count - part
                                                        : SIM_LANES) *
                    record;
   if (!xfb || from + bytes > xfb->size || from + bytes > gs_input->size)
      return;
   memcpy(gs_input->bytes + from, xfb->bytes + from, bytes);
}

enum run_vertices_result
run_vertices(struct arena *arena, const struct run_vertex_stage *vs,
             uint64_t seed, const struct sim_env *gs_env,
             struct tgsi_interp_vertices *v, struct sim_region *gs_input,
             char *message, size_t size)
{
   uint32_t count = gs_env->gs_primitives * gs_env->gs_vertices_in;
   tgsi_interp_vertices_init(arena, vs->s, count, v);
   if (gs_input)
      memset(gs_input->bytes, 0, gs_input->size);
   for (uint32_t part = 0; part < count; part += SIM_LANES) {
      struct sim_env env, sim;
      if (!vertex_env(&env, arena, vs, seed, count, part))
         return say(RUN_VERTICES_ERROR, message, size,
                    "no environment for the shader", part, "");
      sim = env;
      sim_memory_copy(&sim.memory, &env.memory, arena);
      struct sim_outputs *out = ARENA_NEW(arena, struct sim_outputs);
      struct tgsi_interp_result res;
      struct tgsi_interp_options o = {.vertices = v, .first_vertex = part};
      bool ran = tgsi_interp_run(&env, vs->s, &o, out, &res);
      if (!ran && res.status == TGSI_INTERP_LIMIT)
         return say(RUN_VERTICES_UNDEFINED, message, size,
                    "a loop these inputs do not end: ", part, res.message);
      if (!ran)
         return say(RUN_VERTICES_ERROR, message, size, "", part,
                    res.message);
      if (res.undefined)
         return say(RUN_VERTICES_UNDEFINED, message, size, "", part,
                    res.message);
      if (!gs_input)
         continue;
      struct run_sim_stop stop;
      memset(&stop, 0, sizeof(stop));
      if (!run_simulate(&sim, &vs->p, 2, out, &stop))
         return say(run_fault_is_lawful(&stop, res.annot)
                       ? RUN_VERTICES_UNDEFINED
                       : RUN_VERTICES_STOPPED,
                    message, size, "the transform-feedback program: ", part,
                    stop.message);
      copy_records(&sim, vs->record_bytes, part, count, gs_input);
   }
   return RUN_VERTICES_OK;
}

/* The vertex-shader output register of (semantic, index), or -1. */
static int
output_of(const struct tgsi_interp_vertices *v, unsigned semantic,
          uint32_t index)
{
   for (unsigned r = 0; r < v->outputs; r++) {
      if (v->semantic[r] == semantic && v->index[r] == index)
         return (int)r;
   }
   return -1;
}

uint64_t
run_vertices_defined(const struct tgsi_interp_vertices *v,
                     const struct tgsi_shader *gs)
{
   uint64_t n = 0;
   for (unsigned i = 0; i < gs->num_decls; i++) {
      const struct tgsi_decl *d = &gs->decls[i];
      if (d->file != TGSI_REGFILE_INPUT)
         continue;
      for (uint32_t r = d->first; r <= d->last; r++) {
         int o = output_of(v, d->sem_name, d->sem_index + (r - d->first));
         for (unsigned x = 0; o >= 0 && x < v->count; x++) {
            for (unsigned c = 0; c < 4; c++)
               n += v->annot[(size_t)x * v->outputs + (unsigned)o][c].err !=
                    INFINITY;
         }
      }
   }
   return n;
}

void
run_print_vertices(FILE *f, const struct tgsi_interp_vertices *v)
{
   fprintf(f, "vertex shader: %u draw vertices\n", v->count);
   for (unsigned x = 0; x < v->count; x++) {
      for (unsigned r = 0; r < v->outputs; r++) {
         if (v->semantic[r] == TGSI_SEM_COUNT)
            continue;
         size_t at = (size_t)x * v->outputs + r;
         fprintf(f, "  draw vertex %u OUT[%u] %s[%u]:", x, r,
                 tgsi_name(&tgsi_sem_names, v->semantic[r]), v->index[r]);
         for (unsigned c = 0; c < 4; c++)
            run_print_word(f, v->words[at][c], &v->annot[at][c]);
         fprintf(f, "\n");
      }
   }
}
