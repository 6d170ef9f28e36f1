/* SPDX-License-Identifier: MIT */
/*
 * The TGSI reference interpreter's entry point: register files from the
 * declarations, the step loop and the dispatch of each opcode to its
 * handler (rules in tgsi_interp.h, the map of files in
 * tgsi_interp_priv.h).
 *
 * 1. Registers start undefined (err INFINITY): TGSI gives temporaries
 *    and outputs no initial value, so whatever a shader reads before
 *    writing is not compared.
 * 2. Control-flow opcodes run whatever the mask; every other opcode only
 *    when some lane runs.
 * 3. The warp stops at END, when no lane is left, on an error, or after
 *    max_steps instructions (status LIMIT: a loop that never ends).
 */
#include "tgsi_interp_priv.h"

#include <stdarg.h>
#include <stdio.h>

#define DEFAULT_MAX_STEPS 1000000u
#define MAX_ARRAY_IDS 1024u

static const char *const ub_names[] = {
   "indirect index out of range", "undeclared register",
   "memory access out of range", "barrier in divergent control flow",
   "operation outside TGSI's definition", NULL, NULL, NULL,
   "integer division by zero", "float to integer out of range",
   "argument outside the domain", "bitfield out of range",
   "undefined value",
};

const char *
tgsi_interp_ub_name(enum tgsi_interp_ub bit)
{
   unsigned i = (unsigned)__builtin_ctz((unsigned)bit | 0x80000000u);
   return i < sizeof(ub_names) / sizeof(*ub_names) && ub_names[i]
             ? ub_names[i]
             : "undefined behaviour";
}

bool
tgsi_interp_stage(enum tgsi_proc proc, enum sim_stage *stage)
{
   switch (proc) {
   case TGSI_PROC_VERTEX: *stage = SIM_STAGE_VERTEX; return true;
   case TGSI_PROC_FRAGMENT: *stage = SIM_STAGE_FRAGMENT; return true;
   case TGSI_PROC_COMPUTE: *stage = SIM_STAGE_COMPUTE; return true;
   case TGSI_PROC_GEOMETRY: *stage = SIM_STAGE_GEOMETRY; return true;
   default: return false;
   }
}

/* "instruction N (OP): " for messages. */
static int
where(const struct interp *ip, char *buf, size_t size)
{
   if (!ip->insn)
      return snprintf(buf, size, "setup: ");
   return snprintf(buf, size, "instruction %u (%s): ", ip->insn->number,
                   tgsi_op_info(ip->insn->opcode)->name);
}

void
interp_ub(struct interp *ip, enum tgsi_interp_ub kind, const char *fmt, ...)
{
   struct tgsi_interp_result *res = ip->res;
   bool value = kind >= TGSI_INTERP_UB_DIVIDE;
   if (value)
      res->undefined_values |= kind;
   else
      res->undefined |= kind;
   if (res->ub_insn >= 0 || res->status != TGSI_INTERP_OK)
      return;
   res->ub_insn = ip->insn ? (int32_t)ip->insn->number : 0;
   int n = where(ip, res->message, sizeof(res->message));
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(res->message + n, sizeof(res->message) - (size_t)n, fmt, ap);
   va_end(ap);
}

bool
interp_fail(struct interp *ip, enum tgsi_interp_status status,
            const char *fmt, ...)
{
   struct tgsi_interp_result *res = ip->res;
   ip->stop = true;
   if (res->status != TGSI_INTERP_OK)
      return false;
   res->status = status;
   int n = where(ip, res->message, sizeof(res->message));
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(res->message + n, sizeof(res->message) - (size_t)n, fmt, ap);
   va_end(ap);
   return false;
}

/* ---------------------------------------------------------------------
 * Setup
 */

static void
alloc_file(struct interp *ip, struct interp_file *f, uint32_t count)
{
   f->count = count;
   f->r = arena_array(ip->arena, count ? count : 1, sizeof(*f->r));
   f->declared = ARENA_ARRAY(ip->arena, bool, count ? count : 1);
   for (uint32_t i = 0; i < count; i++) {
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < SIM_LANES; l++) {
            struct interp_cell *cell = &f->r[i][c][l];
            cell->v = 0;
            cell->writer = -1;
            cell->err = INFINITY;
            cell->res = 0;
            cell->kind = TGSI_INTERP_WORD_BITS;
         }
      }
   }
}

static struct interp_array *
alloc_arrays(struct interp *ip, uint32_t *count)
{
   struct interp_array *a = ARENA_ARRAY(ip->arena, struct interp_array,
                                        MAX_ARRAY_IDS);
   for (unsigned i = 0; i < MAX_ARRAY_IDS; i++)
      a[i] = (struct interp_array){1, 0}; /* empty */
   *count = MAX_ARRAY_IDS;
   return a;
}

/* The file a declaration fills, with its per-index declaration table and
 * its arrays, or NULL for files without registers. */
static struct interp_file *
decl_file(struct interp *ip, const struct tgsi_decl *d,
          const struct tgsi_decl ***table, struct interp_array **arrays)
{
   *table = NULL;
   *arrays = NULL;
   switch (d->file) {
   case TGSI_REGFILE_TEMPORARY: *arrays = ip->temp_arrays; return &ip->temp;
   case TGSI_REGFILE_ADDRESS: return &ip->addr;
   case TGSI_REGFILE_OUTPUT:
      *table = ip->output_decl, *arrays = ip->output_arrays;
      return &ip->output;
   case TGSI_REGFILE_INPUT:
      *table = ip->input_decl, *arrays = ip->input_arrays;
      return &ip->input;
   case TGSI_REGFILE_SYSTEM_VALUE:
      *table = ip->sysval_decl;
      return &ip->sysval;
   default: return NULL;
   }
}

static uint32_t
file_size(const struct tgsi_shader *s, enum tgsi_regfile file)
{
   uint32_t n = 0;
   for (unsigned i = 0; i < s->num_decls; i++) {
      if (s->decls[i].file == file && s->decls[i].last + 1 > n)
         n = s->decls[i].last + 1;
   }
   return n;
}

static void
declare_constant(struct interp *ip, const struct tgsi_decl *d)
{
   uint32_t b = d->dimension ? d->dim_index : 0;
   if (b >= SIM_MAX_UBOS)
      return; /* any access is reported as out of range */
   if (d->last + 1 > ip->const_count[b]) {
      uint8_t *bits = ARENA_ARRAY(ip->arena, uint8_t, d->last + 1);
      if (ip->const_declared[b])
         memcpy(bits, ip->const_declared[b], ip->const_count[b]);
      ip->const_declared[b] = bits;
      ip->const_count[b] = d->last + 1;
   }
   memset(ip->const_declared[b] + d->first, 1, d->last - d->first + 1);
}

static void
declare_resource(struct interp *ip, const struct tgsi_decl *d)
{
   switch (d->file) {
   case TGSI_REGFILE_SAMPLER_VIEW:
      for (uint32_t i = d->first; i <= d->last && i < SIM_MAX_TEXTURES; i++)
         ip->sview_decl[i] = d;
      break;
   case TGSI_REGFILE_BUFFER:
      for (uint32_t i = d->first; i <= d->last && i < SIM_MAX_BUFFERS; i++)
         ip->declared_buffer[i] = true;
      break;
   case TGSI_REGFILE_IMAGE:
      for (uint32_t i = d->first; i <= d->last && i < SIM_MAX_IMAGES; i++) {
         ip->declared_image[i] = true;
         ip->image_decl[i] = d;
      }
      break;
   case TGSI_REGFILE_MEMORY:
      if (d->mem_type == TGSI_MEMTYPE_SHARED)
         ip->declared_shared = true;
      break;
   case TGSI_REGFILE_CONSTANT: declare_constant(ip, d); break;
   default: break;
   }
}

static void
declare(struct interp *ip, const struct tgsi_decl *d)
{
   const struct tgsi_decl **table;
   struct interp_array *arrays;
   struct interp_file *f = decl_file(ip, d, &table, &arrays);
   if (!f) {
      declare_resource(ip, d);
      return;
   }
   for (uint32_t i = d->first; i <= d->last; i++) {
      f->declared[i] = true;
      if (table)
         table[i] = d;
   }
   if (arrays && d->array && d->array_id < MAX_ARRAY_IDS)
      arrays[d->array_id] = (struct interp_array){d->first, d->last};
}

static void
setup_files(struct interp *ip)
{
   const struct tgsi_shader *s = ip->s;
   alloc_file(ip, &ip->temp, file_size(s, TGSI_REGFILE_TEMPORARY));
   alloc_file(ip, &ip->addr, file_size(s, TGSI_REGFILE_ADDRESS));
   alloc_file(ip, &ip->output, file_size(s, TGSI_REGFILE_OUTPUT));
   alloc_file(ip, &ip->input, file_size(s, TGSI_REGFILE_INPUT));
   alloc_file(ip, &ip->sysval, file_size(s, TGSI_REGFILE_SYSTEM_VALUE));
   ip->output_decl = ARENA_ARRAY(ip->arena, const struct tgsi_decl *,
                                 ip->output.count + 1);
   ip->input_decl = ARENA_ARRAY(ip->arena, const struct tgsi_decl *,
                                ip->input.count + 1);
   ip->sysval_decl = ARENA_ARRAY(ip->arena, const struct tgsi_decl *,
                                 ip->sysval.count + 1);
   ip->temp_arrays = alloc_arrays(ip, &ip->num_temp_arrays);
   ip->input_arrays = alloc_arrays(ip, &ip->num_input_arrays);
   ip->output_arrays = alloc_arrays(ip, &ip->num_output_arrays);
   for (unsigned i = 0; i < s->num_decls; i++)
      declare(ip, &s->decls[i]);
   ip->mul_zero_wins =
      tgsi_shader_property(s, TGSI_PROP_LEGACY_MATH_RULES, 0) != 0;
}

/* ---------------------------------------------------------------------
 * Execution
 */

static const char *
ub_text(unsigned kind)
{
   return tgsi_interp_ub_name((enum tgsi_interp_ub)kind);
}

static void
exec_alu(struct interp *ip, const struct alu_row *row)
{
   const struct tgsi_insn *insn = ip->insn;
   struct interp_vec src[4][SIM_LANES], dst[SIM_LANES];
   unsigned n = insn->num_src < 4 ? insn->num_src : 4;
   for (unsigned i = 0; i < n; i++) {
      if (!interp_fetch_src(ip, i, ip->exec, src[i]))
         return;
   }
   interp_foreach_lane(l, ip->exec) {
      struct interp_vec lane_src[4];
      for (unsigned i = 0; i < n; i++)
         lane_src[i] = src[i][l];
      unsigned ub = interp_alu_lane(ip, row, lane_src, &dst[l]);
      if (ub)
         interp_ub(ip, (enum tgsi_interp_ub)ub, "%s in lane %u",
                   ub_text(ub), l);
   }
   interp_store_dst(ip, 0, ip->exec, dst);
}

static const struct alu_row *
alu_row(unsigned op)
{
   const struct alu_row *row = interp_alu_f32_row(op);
   if (!row)
      row = interp_alu_int_row(op);
   if (!row)
      row = interp_alu_f64_row(op);
   return row;
}

static void
step(struct interp *ip)
{
   const struct tgsi_insn *insn = &ip->s->insns[ip->pc];
   unsigned op = insn->opcode;
   ip->insn = insn;
   interp_op_fn fn = interp_flow_op(op);
   if (fn) {
      fn(ip);
      return;
   }
   if (!ip->exec)
      return;
   fn = interp_io_op(op);
   if (!fn)
      fn = interp_quad_op(op);
   if (!fn)
      fn = interp_tex_op(op);
   if (!fn)
      fn = interp_mem_op(op);
   if (!fn)
      fn = interp_f64_op(op);
   if (!fn)
      fn = interp_gs_op(ip, op);
   if (fn) {
      fn(ip);
      return;
   }
   const struct alu_row *row = alu_row(op);
   if (row) {
      exec_alu(ip, row);
      return;
   }
   interp_fail(ip, TGSI_INTERP_UNSUPPORTED, "%s is not modelled",
               tgsi_op_info(op)->name);
}

static void
run(struct interp *ip)
{
   struct tgsi_interp_result *res = ip->res;
   ip->pc = 0;
   while (!ip->stop && ip->pc < ip->s->num_insns) {
      if (res->steps++ >= ip->max_steps) {
         interp_fail(ip, TGSI_INTERP_LIMIT,
                     "more than %llu instructions executed",
                     (unsigned long long)ip->max_steps);
         break;
      }
      step(ip);
      ip->pc++;
   }
   ip->insn = NULL;
}

static bool
check_stage(struct interp *ip)
{
   enum sim_stage stage;
   if (!tgsi_interp_stage(ip->s->processor, &stage))
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "%s shaders are not modelled",
                         tgsi_name(&tgsi_proc_names, ip->s->processor));
   if (stage != ip->env->stage)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "the environment is for another stage");
   return true;
}

bool
tgsi_interp_run(struct sim_env *env, const struct tgsi_shader *s,
                const struct tgsi_interp_options *opts,
                struct sim_outputs *out, struct tgsi_interp_result *res)
{
   struct interp *ip = ARENA_NEW(env->arena, struct interp);
   memset(res, 0, sizeof(*res));
   memset(out, 0, sizeof(*out));
   res->ub_insn = -1;
   res->annot = ARENA_NEW(env->arena, struct tgsi_interp_annotations);
   ip->s = s;
   ip->env = env;
   ip->arena = env->arena;
   ip->out = out;
   ip->res = res;
   ip->max_steps = opts && opts->max_steps ? opts->max_steps
                                           : DEFAULT_MAX_STEPS;
   ip->vertices = opts ? opts->vertices : NULL;
   ip->first_vertex = opts ? opts->first_vertex : 0;
   if (!check_stage(ip))
      return false;
   setup_files(ip);
   if (!interp_match_structure(ip) || !interp_setup_inputs(ip))
      return false;
   ip->live = sim_env_live_lanes(env);
   ip->exec = ip->live;
   if (env->stage == SIM_STAGE_FRAGMENT)
      interp_clip_planes(ip);
   run(ip);
   if (res->status != TGSI_INTERP_OK)
      return false;
   interp_collect_outputs(ip);
   if (ip->gs)
      interp_gs_finish(ip);
   return true;
}
