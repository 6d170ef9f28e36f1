/* SPDX-License-Identifier: MIT */
/*
 * The pipeline: one function, one line per pass, in order.  After every
 * pass the IR validator runs (when validation is on) and the IR is printed
 * if the caller asked for it; a broken invariant anywhere jumps back here
 * as an internal error.
 */
#include "compile.h"

#include <string.h>

#include "valhall/valhall.h"
#include "emit/va_validate.h"
#include "ra/ra.h"
#include "sched/sched.h"
#include "translate/translate.h"
#include "util/diag.h"

struct compile {
   struct arena *arena;
   const struct compile_options *opts;
   struct tgsiva_diagnostic *d;
   jmp_buf bail;
   /* The program's scratch arena as translation left it: every pass's
    * tables go back to here when it ends. */
   struct arena_mark scratch_base;
   /* Validation, printing or a pass hook: more to do after each pass
    * than freeing its tables. */
   bool observed;
};

/* Validation, printing and the pass hook after `pass`. */
static void
observe(struct compile *c, struct ir_shader *s, const char *pass)
{
   if (c->opts->validate)
      ir_validate(s, pass);
   const char *want = c->opts->print_pass;
   if (c->opts->print && (!want || !strcmp(want, pass))) {
      struct strbuf sb;
      strbuf_init(&sb, c->arena);
      ir_print_shader(&sb, s);
      c->opts->print(c->opts->print_ctx, pass, sb.data);
   }
   if (c->opts->on_pass)
      c->opts->on_pass(c->opts->pass_ctx, pass);
}

/* Frees what `pass` took from the scratch arena, and validates and
 * prints after it when asked; returns its progress flag.  Inline: it
 * runs after every pass, most times only to free. */
static inline bool
after(struct compile *c, struct ir_shader *s, const char *pass,
      bool progress)
{
   arena_release(s->scratch, c->scratch_base);
   if (c->observed)
      observe(c, s, pass);
   return progress;
}

/* Runs pass `fn`, named in the messages of its own checks. */
#define PASS(c, s, fn) after((c), (s), #fn, ((s)->running = #fn, fn(s)))

/* Clean-up to a fixed point.  A pass runs while something it may act on
 * has changed since it last found nothing to do: any pass's progress
 * can open work for every pass (and a pass may not finish its own work
 * in one run), except DCE's, which only removes unused instructions:
 * that opens work only for what counts uses or wants empty blocks, and
 * not for DCE itself (its marking removes everything dead at once). */
enum {
   OPT_CFG, OPT_COPY_PROP, OPT_CONSTANT_FOLD, OPT_ALGEBRAIC, OPT_CSE,
   OPT_FOLD_MODIFIERS, OPT_DCE, OPT_COMPACT, OPT_UNDEF, OPT_IF_CONVERT,
   OPT_COUNT,
   OPT_ALL = (1u << OPT_COUNT) - 1,
};

/* `changed`: whether anything changed since the last clean-up (the
 * first is always run); without a change its passes would find nothing
 * to do, since it ended with every pass finding nothing. */
static void
optimize(struct compile *c, struct ir_shader *s, bool changed)
{
   static const struct {
      const char *name;
      bool (*run)(struct ir_shader *);
      unsigned opens; /* the passes its progress may give work */
   } passes[OPT_COUNT] = {
      [OPT_CFG] = {"ir_opt_cfg", ir_opt_cfg, OPT_ALL},
      [OPT_COPY_PROP] = {"ir_opt_copy_prop", ir_opt_copy_prop, OPT_ALL},
      [OPT_CONSTANT_FOLD] = {"ir_opt_constant_fold", ir_opt_constant_fold,
                             OPT_ALL},
      [OPT_ALGEBRAIC] = {"ir_opt_algebraic", ir_opt_algebraic, OPT_ALL},
      [OPT_CSE] = {"ir_opt_cse", ir_opt_cse, OPT_ALL},
      [OPT_FOLD_MODIFIERS] = {"ir_opt_fold_modifiers", ir_opt_fold_modifiers,
                              OPT_ALL},
      [OPT_DCE] = {"ir_opt_dce", ir_opt_dce,
                   1u << OPT_FOLD_MODIFIERS | 1u << OPT_CFG |
                      1u << OPT_UNDEF | 1u << OPT_IF_CONVERT |
                      1u << OPT_COMPACT},
      /* What DCE removed is garbage between the survivors. */
      [OPT_COMPACT] = {"ir_compact", ir_compact, 0},
      [OPT_UNDEF] = {"ir_opt_undef", ir_opt_undef, OPT_ALL},
      [OPT_IF_CONVERT] = {"ir_opt_if_convert", ir_opt_if_convert, OPT_ALL},
   };
   for (unsigned pending = changed ? OPT_ALL : 0; pending;) {
      for (unsigned p = 0; p < OPT_COUNT; p++) {
         if (!(pending & (1u << p)))
            continue;
         pending &= ~(1u << p);
         s->running = passes[p].name;
         if (after(c, s, passes[p].name, passes[p].run(s)))
            pending |= passes[p].opens;
      }
   }
}

static void
after_step(void *ctx, struct ir_shader *s, const char *pass, bool progress)
{
   after(ctx, s, pass, progress);
}

static void
allocate(struct compile *c, struct ir_shader *s, struct ir_layout *layout,
         struct compile_program *out)
{
   struct ra_hooks hooks = {.after = after_step, .ctx = c};
   struct ra_outcome ra = {0};
   s->running = "ra_run";
   ra_run(s, c->opts->max_registers, layout, &hooks, &ra);
   out->registers = ra.registers;
   out->work_registers = ra.work_registers;
   out->preload_mask = ra.preload_mask;
}

/* The hardware rules over the words, and the costs emission summed
 * against the words' own. */
static bool
validate_words(struct compile *c, const struct compile_program *p)
{
   uint64_t costs[VA_COST_UNITS];
   va_program_costs(p->words, p->count, costs);
   if (memcmp(costs, p->costs, sizeof(costs)))
      return diag_error(c->d, TGSIVA_ERROR_INTERNAL,
                        "emission's instruction costs differ from the "
                        "words' (this is a bug in tgsiva)");
   return va_validate(c->arena, p->words, p->count, c->d);
}

static bool
compile_program(struct compile *c, const struct tgsi_shader *tgsi,
                enum ir_stage stage, struct ir_layout *layout,
                struct compile_program *out)
{
   struct ir_shader *s;
   if (!ir_from_tgsi(c->arena, tgsi, stage, c->opts->key, c->opts->validate,
                     layout, c->opts->va_memo, &s, c->d))
      return false;
   s->diag = c->d;
   s->layout = layout;
   s->bail = &c->bail;
   s->checks = c->opts->validate;
   c->scratch_base = arena_mark(s->scratch);
   out->ir = s;
   after(c, s, "translate", true);

   optimize(c, s, true);
   /* After the clean-up, so that products are final.  The clean-up left
    * nothing dead: only a fused product is, and only then is DCE run. */
   bool changed = PASS(c, s, ir_opt_fma);
   if (changed)
      PASS(c, s, ir_opt_dce);
   changed |= PASS(c, s, ir_lower_undef); /* what no choice removed is 0 */
   if (c->opts->stop_after_ir)
      return true;

   /* Down to what Valhall has. */
   changed |= PASS(c, s, va_combine_loads);
   changed |= PASS(c, s, va_lower_transcendental);
   changed |= PASS(c, s, va_lower_int64);
   /* After lower_int64, which splits into what this lowers. */
   changed |= PASS(c, s, va_lower_alu);
   optimize(c, s, changed); /* nothing changed: nothing to clean */
   PASS(c, s, va_select);
   PASS(c, s, va_optimize);
   PASS(c, s, va_pair_uniforms); /* before legalize reads the FAU slots */
   PASS(c, s, va_legalize);
   if (!c->opts->no_sched_order) { /* on SSA values: pressure is countable */
      PASS(c, s, sched_sink_loads);
      s->running = "sched_order";
      after(c, s, "sched_order",
            sched_order(s, ra_register_count(c->opts->max_registers)));
   }
   PASS(c, s, ir_compact); /* templates and the new order: one stream */

   /* Registers, flow, words. */
   PASS(c, s, va_loop_latch); /* lanes meet before the next iteration */
   PASS(c, s, ra_split_critical_edges);
   PASS(c, s, va_blend_return);
   allocate(c, s, layout, out);
   PASS(c, s, ir_compact); /* the spill code and the copies */
   PASS(c, s, va_insert_flow);
   PASS(c, s, va_discard_helpers);
   PASS(c, s, va_mark_last_use);
   PASS(c, s, va_thread_jumps);
   PASS(c, s, va_blend_tail);
   if (!va_emit_program(s, c->arena, &out->words, &out->count, out->costs,
                        c->d))
      return false;
   return !c->opts->validate || validate_words(c, out);
}

bool
compile_tgsi(struct arena *arena, const struct tgsi_shader *tgsi,
             const struct compile_options *opts,
             struct compile_result *out, struct tgsiva_diagnostic *d)
{
   struct compile c = {.arena = arena, .opts = opts, .d = d,
                       .observed = opts->validate || opts->print ||
                                   opts->on_pass};
   memset(out, 0, sizeof(*out));
   if (setjmp(c.bail))
      return false;
   switch (tgsi->processor) {
   case TGSI_PROC_VERTEX:
      out->stage = IR_STAGE_VERTEX_POSITION;
      out->layout.stream_output = opts->stream_output;
      out->program_count = opts->stream_output ? 3 : 2;
      return compile_program(&c, tgsi, IR_STAGE_VERTEX_POSITION,
                             &out->layout, &out->programs[0]) &&
             compile_program(&c, tgsi, IR_STAGE_VERTEX_VARYING,
                             &out->layout, &out->programs[1]) &&
             (!opts->stream_output ||
              compile_program(&c, tgsi, IR_STAGE_VERTEX_XFB, &out->layout,
                              &out->programs[2]));
   case TGSI_PROC_FRAGMENT:
      out->stage = IR_STAGE_FRAGMENT;
      break;
   case TGSI_PROC_GEOMETRY:
      /* The geometry program first: its push words come first, as
       * the busier program's. */
      out->stage = IR_STAGE_GEOMETRY;
      out->program_count = 3;
      return compile_program(&c, tgsi, IR_STAGE_GEOMETRY, &out->layout,
                             &out->programs[2]) &&
             compile_program(&c, tgsi, IR_STAGE_VERTEX_POSITION,
                             &out->layout, &out->programs[0]) &&
             compile_program(&c, tgsi, IR_STAGE_VERTEX_VARYING,
                             &out->layout, &out->programs[1]);
   default:
      out->stage = IR_STAGE_COMPUTE;
      break;
   }
   out->program_count = 1;
   return compile_program(&c, tgsi, out->stage, &out->layout,
                          &out->programs[0]);
}
