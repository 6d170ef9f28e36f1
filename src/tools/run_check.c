/* SPDX-License-Identifier: MIT */
/*
 * The loop of the differential tester: for each input set (seed, seed +
 * 1, ...), one environment is set up from the shader's declarations and
 * copied, the interpreter runs on one copy and the simulator on the
 * other, and their outputs and memories are compared (run_compare.c).
 *
 * 1. A run where the interpreter meets undefined behaviour, or a loop
 *    that does not end on these inputs, is inconclusive and compared no
 *    further; a run where it cannot interpret the shader at all is an
 *    error of the whole check.
 * 2. A simulator error (a hazard, a fault, no `end`) is a difference,
 *    except an access outside a resource by a lane the interpreter
 *    cannot follow (run_fault_is_lawful): that is undefined behaviour.
 * 3. A vertex shader's position and varying programs each run on their
 *    own copy of the environment, as IDVS runs them; memory is compared
 *    after the varying program.  A transform-feedback program runs on a
 *    third copy, whose stream-output buffers replace the varying
 *    program's; its environment is a draw (xfb_draw) and the interpreter
 *    captures from the same description.
 * 4. A geometry shader's program runs first; its buffers are compared,
 *    then its pass-through pair draws every vertex they name
 *    (run_gs_draw), on the geometry program's memory.
 * 4a. With a vertex shader (run_options.vertex), its job comes before:
 *    both models run it on the draw's vertices (run_vertices.c), the
 *    simulator's transform-feedback program filling the vertex-output
 *    buffer the geometry program reads, the interpreter's outputs
 *    feeding its geometry shader; only the geometry shader's results
 *    are compared, so the vertex shader's words count through them.
 * 5. The first difference stops the check; the report names the input
 *    set, the output, both values and the allowed error, the TGSI
 *    instruction that last wrote it and the simulator's instruction
 *    that produced it, when the simulator says.
 */
#include "run_check.h"

#include <math.h>
#include <string.h>

#include "emit/va.h"
#include "sim/sim_valhall.h"
#include "util/bits.h"

/* The draw of a transform-feedback check: 16, 8 or 4 vertices (1, 2 or 4
 * instances) by the seed, and each buffer the capture uses room for every
 * record and 16 bytes more, or (odd seeds) exactly 11 records, or 11
 * records less a word, so that the bounds check stops the later records
 * at its edge. */
static void
xfb_draw(struct sim_env *env, uint64_t seed, const struct sim_xfb *x)
{
   static const uint32_t counts[] = {16, 8, 4};
   sim_env_set_draw(env, counts[seed % 3]);
   env->xfb = x;
   uint32_t used = 0;
   for (unsigned k = 0; k < x->count; k++)
      used |= 1u << x->outputs[k].buffer;
   for (unsigned b = 0; b < SIM_MAX_XFB_BUFFERS; b++) {
      uint32_t record = 4 * x->stride[b];
      uint32_t size = seed % 4 == 1   ? 11 * record
                      : seed % 4 == 3 ? 11 * record - 4
                                      : SIM_LANES * record + 16;
      if ((used >> b) & 1)
         sim_env_bind_xfb(env, b, size);
   }
}

bool
run_setup_env(struct sim_env *env, struct arena *arena,
              const struct tgsi_shader *s, uint64_t seed,
              const struct run_programs *p)
{
   if (!tgsi_interp_setup_env(env, arena, s, seed))
      return false;
   if (p)
      env->fs_state = p->fs_state;
   if (p && p->count == 3 && env->stage == SIM_STAGE_VERTEX)
      xfb_draw(env, seed, &p->xfb);
   if (p && env->stage == SIM_STAGE_GEOMETRY)
      run_gs_bind(env, &p->layout);
   if (p)
      run_bind_program_memory(env, p);
   return true;
}

void
run_bind_program_memory(struct sim_env *env, const struct run_programs *p)
{
   if (p->layout.tls_size)
      sim_env_bind_scratch(env, p->layout.tls_size);
   struct sim_region *shared =
      sim_memory_region(&env->memory, SIM_REGION_SHARED, 0);
   if (p->layout.wls_size && (!shared || shared->size < p->layout.wls_size))
      sim_env_bind_shared(env, p->layout.wls_size);
}

static void
copy_env(struct sim_env *dst, const struct sim_env *src, struct arena *arena)
{
   *dst = *src;
   sim_memory_copy(&dst->memory, &src->memory, arena);
}

/* Rule 3: the transform-feedback program on its own copy of `env`, whose
 * stream-output buffers then replace env's. */
static bool
simulate_xfb(struct arena *arena, struct sim_env *env,
             const struct run_programs *p, struct run_sim_stop *stop)
{
   struct sim_env xfb_env;
   copy_env(&xfb_env, env, arena);
   struct sim_outputs *none = ARENA_NEW(arena, struct sim_outputs);
   if (!run_simulate(&xfb_env, p, 2, none, stop))
      return false;
   for (unsigned b = 0; b < SIM_MAX_XFB_BUFFERS; b++) {
      struct sim_region *from =
         sim_memory_region(&xfb_env.memory, SIM_REGION_XFB, b);
      struct sim_region *to = sim_memory_region(&env->memory, SIM_REGION_XFB,
                                                b);
      if (from && to && from->size == to->size)
         memcpy(to->bytes, from->bytes, to->size);
   }
   return true;
}

/* Runs every program; the outputs of a vertex shader's two merge. */
static bool
simulate(struct arena *arena, struct sim_env *env,
         const struct run_programs *p, struct sim_outputs *out,
         struct run_sim_stop *stop)
{
   memset(out, 0, sizeof(*out));
   if (p->count == 1)
      return run_simulate(env, p, 0, out, stop);
   if (env->stage == SIM_STAGE_GEOMETRY) /* the draw comes after */
      return run_simulate(env, p, 2, out, stop);
   struct sim_env position_env;
   copy_env(&position_env, env, arena);
   struct sim_outputs *varying = ARENA_NEW(arena, struct sim_outputs);
   if (p->count == 3 && !simulate_xfb(arena, env, p, stop))
      return false;
   if (!run_simulate(&position_env, p, 0, out, stop) ||
       !run_simulate(env, p, 1, varying, stop))
      return false;
   out->varying_count = varying->varying_count;
   memcpy(out->varyings, varying->varyings, sizeof(out->varyings));
   memcpy(out->varying_writer, varying->varying_writer,
          sizeof(out->varying_writer));
   return true;
}

static void
describe_value(struct strbuf *sb, uint32_t w, uint8_t kind)
{
   float f = bits_to_float(w);
   strbuf_printf(sb, "0x%08x", w);
   if (kind == TGSI_INTERP_WORD_F32)
      strbuf_printf(sb, " (%.9g)", (double)f);
   else
      strbuf_printf(sb, " (%d)", (int32_t)w);
}

static bool
is_store(enum va_op op)
{
   return op >= VA_OP_STORE_I8 && op <= VA_OP_STORE_I128;
}

static bool
reads_special(const struct va_instr *I, enum va_special which)
{
   for (unsigned i = 0; i < VA_MAX_SRCS; i++) {
      if (I->src[i].kind == VA_SRC_KIND_SPECIAL && I->src[i].value == which)
         return true;
   }
   return false;
}

/* Does instruction I send the output of `d` (with `offset` the byte
 * offset of a varying's record slot)? */
static bool
sends(const struct va_instr *I, const struct run_difference *d,
      int64_t offset)
{
   switch (d->output) {
   case RUN_OUT_COLOR:
      return I->op == VA_OP_BLEND &&
             reads_special(I, VA_SPECIAL_BLEND_DESCRIPTOR_0 + d->index);
   case RUN_OUT_DEPTH:
   case RUN_OUT_STENCIL:
   case RUN_OUT_SAMPLE_MASK: return I->op == VA_OP_ZS_EMIT;
   case RUN_OUT_POSITION: return I->op == VA_OP_STORE_I128;
   case RUN_OUT_POINT_SIZE: return I->op == VA_OP_STORE_I16;
   case RUN_OUT_LAYER: return I->op == VA_OP_STORE_I8;
   case RUN_OUT_VARYING:
      return is_store(I->op) && I->imm[VA_IMM_OFFSET] == offset;
   default: return false;
   }
}

/* When the simulator does not say which instruction produced an output:
 * the one that sends it out of the program (BLEND of its render target,
 * ZS_EMIT, the STORE of its vertex record). */
static void
find_sender(const struct run_programs *p, const struct sim_outputs *ref,
            struct run_difference *d)
{
   int64_t offset = -1;
   int prog = 0;
   if (d->output == RUN_OUT_VARYING) {
      const struct sim_layout *l = &p->layout;
      for (unsigned i = 0; i < l->output_count; i++) {
         if (l->outputs[i].semantic == ref->varyings[d->index].semantic &&
             l->outputs[i].index == ref->varyings[d->index].index)
            offset = l->outputs[i].byte_offset;
      }
      prog = p->count > 1 ? 1 : 0;
   }
   for (size_t k = 0; k < p->word_count[prog] && p->words[prog][k]; k++) {
      struct va_instr I;
      if (va_decode(p->words[prog][k], &I) && sends(&I, d, offset)) {
         d->program = prog;
         d->valhall_insn = (int64_t)k;
         d->sender = true;
         return;
      }
   }
}

static void
describe_difference(struct strbuf *sb, const struct tgsi_shader *s,
                    const struct run_programs *p,
                    const struct run_difference *d)
{
   strbuf_printf(sb, "first difference: %s\n  interpreter: ", d->what);
   describe_value(sb, d->expected, d->annot.kind);
   if (d->annot.err == 0)
      strbuf_printf(sb, ", must agree bit for bit\n");
   else
      strbuf_printf(sb, ", within %.6g\n", d->annot.err);
   strbuf_printf(sb, "  simulator:   ");
   describe_value(sb, d->got, d->annot.kind);
   strbuf_printf(sb, "\n  TGSI:    ");
   if (d->annot.insn >= 0 && (uint32_t)d->annot.insn < s->num_insns) {
      strbuf_printf(sb, "%3d: ", d->annot.insn);
      tgsi_print_insn(sb, &s->insns[d->annot.insn]);
   } else {
      strbuf_printf(sb, "(no instruction wrote it)");
   }
   strbuf_printf(sb, "\n  Valhall: ");
   int prog = d->program >= 0 && (unsigned)d->program < p->count ? d->program
                                                                 : -1;
   if (prog >= 0 && d->valhall_insn >= 0 &&
       (size_t)d->valhall_insn < p->word_count[prog]) {
      strbuf_printf(sb, "program %d, instruction %lld%s: ", prog,
                    (long long)d->valhall_insn,
                    d->sender ? " (sends it out)" : "");
      va_print_word(sb, p->words[prog][d->valhall_insn]);
   } else {
      strbuf_printf(sb, "(the simulator did not say which instruction)");
   }
   strbuf_printf(sb, "\n");
}

static void
set_cause(struct run_report *r, enum run_verdict v, const char *fmt,
          const char *detail)
{
   r->verdict = v;
   snprintf(r->cause, sizeof(r->cause), fmt, detail);
}

/* The output's name without lanes and numbers, for grouping. */
static void
difference_cause(struct run_report *r, const struct run_difference *d)
{
   char what[96];
   size_t n = 0;
   for (const char *c = d->what; *c && *c != ' ' && n + 1 < sizeof(what);
        c++) {
      if (*c != '[' && (*c < '0' || *c > '9') && *c != ']')
         what[n++] = *c;
   }
   what[n] = '\0';
   set_cause(r, RUN_DIFFER, "difference in %s", what);
}

/* Rule 2's exception (run_check.h): an access outside a buffer, image or
 * shared memory by a lane whose path or address an allowed difference
 * could change (the interpreter cannot follow it there) is the shader's
 * undefined behaviour, as it would be in the interpreter.  Scratch and vertex
 * records are the compiler's: faults there stay differences. */
bool
run_fault_is_lawful(const struct run_sim_stop *stop,
                    const struct tgsi_interp_annotations *an)
{
   /* A BARRIER reached by only some lanes is undefined (GLSL requires
    * uniform control flow there; the interpreter flags it on its own
    * paths): where a lane's path is not the interpreter's to follow, the
    * simulator's may be such a BARRIER. */
   if (an && (stop->barrier_lanes & an->path_uncertain))
      return true;
   if (stop->fault_lane < 0 || stop->fault_lane >= SIM_LANES || !an)
      return false;
   if (stop->fault_region != SIM_REGION_BUFFER &&
       stop->fault_region != SIM_REGION_IMAGE &&
       stop->fault_region != SIM_REGION_SHARED)
      return false;
   uint32_t unfollowed = an->path_uncertain | an->address_uncertain;
   return (unfollowed >> stop->fault_lane) & 1;
}

/* One input set; false when the check is over (a difference or an
 * error). */
/* Rule 4a: the vertex shader's job before a geometry shader's; false
 * when the check is over, *conclusive false for an inconclusive input
 * set. */
static bool
vertex_job(struct arena *arena, const struct run_vertex_stage *vertex,
           uint64_t seed, const struct sim_env *ref_env,
           struct sim_env *sim_env, struct tgsi_interp_vertices *v,
           struct run_report *r, bool *conclusive)
{
   char why[640];
   struct sim_region *in =
      sim_memory_region(&sim_env->memory, SIM_REGION_GS_INPUT, 0);
   *conclusive = false;
   switch (run_vertices(arena, vertex, seed, ref_env, v, in, why,
                        sizeof(why))) {
   case RUN_VERTICES_OK: *conclusive = true; return true;
   case RUN_VERTICES_UNDEFINED:
      if (!r->inconclusive++)
         strbuf_printf(&r->text, "seed %llu is inconclusive: %s\n",
                       (unsigned long long)seed, why);
      return true;
   case RUN_VERTICES_STOPPED:
      set_cause(r, RUN_DIFFER, "simulator: %.120s", why);
      strbuf_printf(&r->text, "input set: seed %llu\nthe simulator "
                              "stopped: %s\n",
                    (unsigned long long)seed, why);
      return false;
   default:
      set_cause(r, RUN_ERROR, "interpreter: %.120s", why);
      strbuf_printf(&r->text, "the interpreter cannot run the shaders: "
                              "%s\n", why);
      return false;
   }
}

static bool
check_one(struct arena *arena, const struct tgsi_shader *s,
          const struct run_programs *p, const struct run_vertex_stage *vertex,
          uint64_t seed, struct run_report *r)
{
   struct sim_env ref_env, sim_env;
   struct sim_outputs *ref = ARENA_NEW(arena, struct sim_outputs);
   struct sim_outputs *got = ARENA_NEW(arena, struct sim_outputs);
   struct tgsi_interp_result res;
   struct run_sim_stop stop;
   if (!run_setup_env(&ref_env, arena, s, seed, p)) {
      set_cause(r, RUN_ERROR, "%s", "stage not modelled");
      strbuf_printf(&r->text, "the interpreter models vertex, fragment and "
                              "compute shaders only\n");
      return false;
   }
   copy_env(&sim_env, &ref_env, arena);
   struct tgsi_interp_options opts = {.vertices = NULL};
   if (vertex) {
      bool conclusive;
      opts.vertices = ARENA_NEW(arena, struct tgsi_interp_vertices);
      if (ref_env.stage != SIM_STAGE_GEOMETRY) {
         set_cause(r, RUN_ERROR, "%s", "a vertex shader without a "
                                       "geometry shader");
         return false;
      }
      if (!vertex_job(arena, vertex, seed, &ref_env, &sim_env,
                      opts.vertices, r, &conclusive))
         return false;
      if (!conclusive)
         return true;
   }
   bool ran = tgsi_interp_run(&ref_env, s, &opts, ref, &res);
   if (!ran && res.status == TGSI_INTERP_LIMIT) {
      /* A loop these inputs never end: the shader's own business. */
      res.undefined = TGSI_INTERP_UB_UNDEFINED;
   } else if (!ran) {
      set_cause(r, RUN_ERROR, "interpreter: %.120s", res.message);
      strbuf_printf(&r->text, "the interpreter cannot run the shader: %s\n",
                    res.message);
      return false;
   }
   if (res.undefined) {
      if (!r->inconclusive++)
         strbuf_printf(&r->text, "seed %llu is inconclusive: %s\n",
                       (unsigned long long)seed, res.message);
      return true;
   }
   if (!simulate(arena, &sim_env, p, got, &stop)) {
      /* A discarded lane's addresses are the shader's own business too
       * (a clip plane may discard the lanes that made a run undefined). */
      bool discarded = stop.fault_lane >= 0 &&
                       (ref->discarded >> stop.fault_lane & 1);
      if (run_fault_is_lawful(&stop, res.annot) || discarded) {
         if (r->inconclusive++)
            return true;
         if (stop.barrier_lanes)
            strbuf_printf(&r->text, "seed %llu is inconclusive: the "
                                    "simulator's lanes reached a BARRIER "
                                    "apart on paths the interpreter cannot "
                                    "follow (0x%04x): %s\n",
                          (unsigned long long)seed,
                          stop.barrier_lanes & res.annot->path_uncertain,
                          stop.message);
         else
            strbuf_printf(&r->text, "seed %llu is inconclusive: the "
                                    "simulator accessed memory outside a "
                                    "resource in lane %d, which the "
                                    "interpreter cannot follow: %s\n",
                          (unsigned long long)seed, stop.fault_lane,
                          stop.message);
         return true;
      }
      set_cause(r, RUN_DIFFER, "simulator: %.120s", stop.message);
      strbuf_printf(&r->text, "input set: seed %llu\nthe simulator "
                              "stopped: %s\n",
                    (unsigned long long)seed, stop.message);
      return false;
   }
   struct run_difference d;
   struct run_compare_stats st = {0, 0, 0, 0};
   bool same = run_compare(ref_env.stage, sim_env_live_lanes(&ref_env), ref,
                           res.annot, &ref_env.memory, got, &sim_env.memory,
                           &d, &st);
   if (same && res.gs) {
      struct run_gs_buffers b;
      run_gs_buffers_of(&sim_env.memory, &p->layout, &b);
      same = run_compare_gs(res.gs, &b, &d, &st);
   }
   if (same && res.gs) {
      bool stopped;
      same = run_gs_draw(arena, &sim_env, s, p, res.gs, ref, &d, &st, &stop,
                         &stopped);
      if (stopped) {
         set_cause(r, RUN_DIFFER, "simulator: %.120s", stop.message);
         strbuf_printf(&r->text, "input set: seed %llu\nthe simulator "
                                 "stopped in the pass-through draw: %s\n",
                       (unsigned long long)seed, stop.message);
         return false;
      }
   }
   r->exact_words += st.exact;
   r->tolerant_words += st.tolerant;
   r->skipped_words += st.skipped;
   r->xfb_words += st.xfb;
   if (vertex)
      r->vertex_words += run_vertices_defined(opts.vertices, s);
   if (same) {
      r->agreed++;
      return true;
   }
   difference_cause(r, &d);
   if (d.valhall_insn < 0)
      find_sender(p, ref, &d);
   strbuf_printf(&r->text, "input set: seed %llu (binaries: %s)\n",
                 (unsigned long long)seed, p->origin);
   describe_difference(&r->text, s, p, &d);
   return false;
}

void
run_check(struct arena *arena, const struct tgsi_shader *s,
          const struct run_programs *p, const struct run_options *o,
          struct run_report *r)
{
   memset(r, 0, sizeof(*r));
   strbuf_init(&r->text, arena);
   for (unsigned k = 0; k < o->runs; k++) {
      if (!check_one(arena, s, p, o->vertex, o->seed + k, r))
         return;
   }
   if (r->agreed) {
      r->verdict = RUN_AGREE;
   } else {
      set_cause(r, RUN_INCONCLUSIVE, "%s",
                "every input set met undefined behaviour");
   }
}
