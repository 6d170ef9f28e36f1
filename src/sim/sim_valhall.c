/* SPDX-License-Identifier: MIT */
/*
 * The run loop of the Valhall simulator: sixteen lanes, one instruction
 * at a time, with divergent control flow and the flow bits.
 *
 * 1. Each lane has its own program counter.  Lanes run in groups: the
 *    group executes one instruction at a time and stays together until
 *    an instruction with `reconverge` (or the end of every lane in it);
 *    then the lowest program counter of the live lanes is picked and all
 *    the lanes there form the next group.  With forward branches for
 *    if/else and a backward branch closing each loop, as structured code
 *    is laid out, this merges lanes at the first instruction both paths
 *    reach, which is what `reconverge` asks the hardware to do.
 * 2. The `reconverge` rule ("required on any instruction immediately
 *    preceding a possible change to the mask of active threads") is
 *    checked on the way: a group that splits (a divergent branch), or
 *    that reaches a program counter where other lanes wait, after an
 *    instruction without `reconverge` is a hazard.  A uniform jump away
 *    from waiting lanes needs nothing (Mesa's loop breaks do that).
 * 3. Flow bits act after their instruction (spec/valhall-encoding.md):
 *    waits clear the scoreboard (sim_hazard.c), `end` ends the active
 *    lanes, `discard` ends every lane a DISCARD killed.  Killed lanes run
 *    on as helpers until then, without memory or output effects.
 * 4. Branch offsets count instructions from the next one; BRANCHZI jumps
 *    to an absolute address (instruction k at SIM_CODE_BASE + 8k).  A
 *    zero word or the end of the words without `end` is SIM_ERROR_NO_END.
 * 5. Instructions are decoded on first use, so that data after the last
 *    `end` never matters, and checked against the hardware encoding
 *    rules (va_check_rules).
 */
#include "sim_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim_float.h"
#include "util/strbuf.h"

static const char *const error_names[] = {
    [SIM_OK] = "ok",
    [SIM_ERROR_DECODE] = "decode",
    [SIM_ERROR_HAZARD] = "hazard",
    [SIM_ERROR_NO_END] = "no end",
    [SIM_ERROR_FAULT] = "fault",
    [SIM_ERROR_LIMIT] = "step limit",
    [SIM_ERROR_UNSUPPORTED] = "unsupported",
};

const char *
sim_error_name(enum sim_error error)
{
   return (unsigned)error < sizeof(error_names) / sizeof(error_names[0])
              ? error_names[error]
              : "?";
}

static bool
fail_v(struct sim_warp *w, enum sim_error error, const char *fmt,
       va_list ap)
{
   struct sim_status *st = w->status;
   if (st->error != SIM_OK)
      return false;
   char msg[200];
   vsnprintf(msg, sizeof(msg), fmt, ap);
   st->error = error;
   st->pc = w->cur;
   if (!w->I) {
      snprintf(st->message, sizeof(st->message), "%s", msg);
      return false;
   }
   struct strbuf sb;
   strbuf_init(&sb, w->arena);
   va_print_instr(&sb, w->I);
   snprintf(st->message, sizeof(st->message), "%s, in `%s`", msg, sb.data);
   return false;
}

bool
sim_fail(struct sim_warp *w, enum sim_error error, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fail_v(w, error, fmt, ap);
   va_end(ap);
   return false;
}

bool
sim_fault_access(struct sim_warp *w, unsigned lane, int kind,
                 const char *fmt, ...)
{
   if (sim_failed(w))
      return false;
   va_list ap;
   va_start(ap, fmt);
   fail_v(w, SIM_ERROR_FAULT, fmt, ap);
   va_end(ap);
   w->status->fault_lane = (int32_t)lane;
   w->status->fault_region = kind;
   return false;
}

void
sim_write_reg(struct sim_warp *w, unsigned lane, unsigned reg, uint32_t value)
{
   reg %= SIM_REGS;
   w->reg[lane][reg] = value;
   w->dead[lane] &= ~((uint64_t)1 << reg);
}

/* The lowest program counter of the live lanes, and the lanes there. */
static uint32_t
pick_lanes(const struct sim_warp *w)
{
   size_t best = SIZE_MAX;
   uint32_t lanes = 0;
   sim_foreach_lane (w->alive, l) {
      if (w->pc[l] < best) {
         best = w->pc[l];
         lanes = 0;
      }
      if (w->pc[l] == best)
         lanes |= 1u << l;
   }
   return lanes;
}

/* Rules 1 and 2, after an instruction: the group that runs on. */
static bool
regroup(struct sim_warp *w)
{
   uint32_t group = w->active & w->alive;
   w->group = 0;
   if (!group || w->I->flow == VA_FLOW_RECONVERGE)
      return true;
   size_t next = w->pc[__builtin_ctz(group)];
   sim_foreach_lane (group, l) {
      if (w->pc[l] != next)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "lanes diverge (to %zu and %zu) after an "
                         "instruction without `reconverge`",
                         next, w->pc[l]);
   }
   sim_foreach_lane (w->alive & ~group, l) {
      if (w->pc[l] == next)
         return sim_fail(w, SIM_ERROR_HAZARD,
                         "lanes 0x%04x reach %zu, where lanes 0x%04x wait, "
                         "after an instruction without `reconverge`",
                         group, next, w->alive & ~group);
   }
   w->group = group;
   return true;
}

static bool
fetch(struct sim_warp *w, size_t pc)
{
   w->I = NULL;
   w->cur = pc;
   if (pc >= w->count)
      return sim_fail(w, SIM_ERROR_NO_END,
                      "ran past the last of %zu words without `end`", w->count);
   if (w->words[pc] == 0)
      return sim_fail(w, SIM_ERROR_NO_END,
                      "ran into zero padding at word %zu without `end`", pc);
   if (!w->decoded[pc]) {
      struct tgsiva_diagnostic d;
      memset(&d, 0, sizeof(d));
      if (!va_decode(w->words[pc], &w->code[pc]))
         return sim_fail(w, SIM_ERROR_DECODE,
                         "word %zu (0x%016llx) is no instruction", pc,
                         (unsigned long long)w->words[pc]);
      w->I = &w->code[pc];
      if (!va_check_rules(w->I, &d))
         return sim_fail(w, SIM_ERROR_DECODE, "%s", d.message);
      w->decoded[pc] = 1;
   }
   w->I = &w->code[pc];
   return true;
}

/* The value BRANCHZ and BRANCHZI compare with zero. */
static bool
branch_value(struct sim_warp *w, unsigned lane, uint32_t *v)
{
   uint32_t x = (uint32_t)sim_src_raw(w, lane, 0);
   switch (w->I->src[0].swizzle) {
   case VA_SWZ_NONE: *v = x; return true;
   case VA_SWZ_H0: *v = x & 0xFFFF; return true;
   case VA_SWZ_H1: *v = x >> 16; return true;
   default:
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "the .%s lane combination is not modelled",
                      va_swz_names[w->I->src[0].swizzle]);
   }
}

static bool
branch_taken(struct sim_warp *w, unsigned lane, bool *taken)
{
   uint32_t v = 0;
   if (!branch_value(w, lane, &v))
      return false;
   bool eq = w->I->mod[VA_MOD_EQ] == 1;
   *taken = eq ? v == 0 : v != 0;
   return true;
}

static bool
set_target(struct sim_warp *w, unsigned lane, int64_t target)
{
   if (target < 0 || (uint64_t)target >= w->count)
      return sim_fail(w, SIM_ERROR_FAULT,
                      "branch to instruction %lld, outside the %zu words",
                      (long long)target, w->count);
   w->next[lane] = (size_t)target;
   return true;
}

static bool
exec_branchz(struct sim_warp *w)
{
   sim_foreach_lane (w->active, l) {
      bool taken;
      if (!branch_taken(w, l, &taken))
         return false;
      if (taken &&
          !set_target(w, l, (int64_t)w->cur + 1 + w->I->imm[VA_IMM_OFFSET]))
         return false;
   }
   return true;
}

static bool
exec_branchzi(struct sim_warp *w)
{
   if (w->I->mod[VA_MOD_ABSOLUTE] != 1)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "relative BRANCHZI is not modelled");
   sim_foreach_lane (w->active, l) {
      bool taken;
      if (!branch_taken(w, l, &taken))
         return false;
      if (!taken)
         continue;
      uint64_t addr = (uint32_t)sim_src_raw(w, l, 1);
      if (addr < SIM_CODE_BASE || (addr & 7))
         return sim_fail(w, SIM_ERROR_FAULT,
                         "BRANCHZI to 0x%llx, no instruction of the "
                         "program (a blend shader call?)",
                         (unsigned long long)addr);
      if (!set_target(w, l, (int64_t)((addr - SIM_CODE_BASE) / 8)))
         return false;
   }
   return true;
}

/* DISCARD.f32: kill the lanes where the comparison holds. */
static bool
exec_discard(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   sim_foreach_lane (w->active, l) {
      double v[2];
      for (unsigned i = 0; i < 2; i++) {
         uint32_t x = (uint32_t)sim_src_raw(w, l, i);
         const struct sim_swz *s = &sim_swizzles[I->src[i].swizzle];
         v[i] = s->kind == SIM_SWZ_HALF
                    ? sim_f16_to_f64((uint16_t)(x >> (16 * s->sel[0])))
                    : bits_to_float(x);
         if (I->src[i].abs)
            v[i] = fabs(v[i]);
         if (I->src[i].neg)
            v[i] = -v[i];
      }
      bool hit;
      switch (I->mod[VA_MOD_CMP]) {
      case VA_CONDITION_EQ: hit = v[0] == v[1]; break;
      case VA_CONDITION_GT: hit = v[0] > v[1]; break;
      case VA_CONDITION_GE: hit = v[0] >= v[1]; break;
      case VA_CONDITION_NE: hit = !(v[0] == v[1]); break;
      case VA_CONDITION_LT: hit = v[0] < v[1]; break;
      case VA_CONDITION_LE: hit = v[0] <= v[1]; break;
      default:
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "DISCARD condition not modelled");
      }
      if (hit) {
         w->discarded |= 1u << l;
         w->out->discarded |= 1u << l;
      }
   }
   return true;
}

bool
sim_form_modelled(enum va_op op)
{
   return op == VA_OP_NOP || op == VA_OP_BRANCHZ || op == VA_OP_BRANCHZI ||
          op == VA_OP_DISCARD_F32 || sim_alu_modelled(op) ||
          sim_message_modelled(op);
}

static bool
execute(struct sim_warp *w)
{
   switch (w->I->op) {
   case VA_OP_NOP: return true;
   case VA_OP_BRANCHZ: return exec_branchz(w);
   case VA_OP_BRANCHZI: return exec_branchzi(w);
   case VA_OP_DISCARD_F32: return exec_discard(w);
   default: break;
   }
   if (va_form(w->I->op)->message)
      return sim_message_execute(w);
   return sim_alu_execute(w);
}

/* Rule 3: `end` and `discard` after the instruction. */
static void
apply_flow(struct sim_warp *w)
{
   if (w->I->flow == VA_FLOW_END)
      w->ending |= w->active;
   if (w->I->flow == VA_FLOW_DISCARD)
      w->ending |= w->alive & w->discarded;
   sim_foreach_lane (w->active, l)
      w->pc[l] = w->next[l];
   w->alive &= ~w->ending;
}

static bool
step(struct sim_warp *w)
{
   w->active = w->group ? w->group : pick_lanes(w);
   size_t pc = w->pc[__builtin_ctz(w->active)];
   if (!fetch(w, pc))
      return false;
   w->ending = 0;
   sim_foreach_lane (w->active, l)
      w->next[l] = pc + 1;
   if (!sim_check_sources(w) || !sim_hazard_before(w) || !execute(w))
      return false;
   sim_hazard_after(w);
   apply_flow(w);
   w->has_prev = true;
   w->prev_flow = w->I->flow;
   return regroup(w);
}

static void
run(struct sim_warp *w)
{
   w->alive = sim_env_live_lanes(w->env); /* a small workgroup */
   while (w->alive) {
      if (w->status->steps >= w->step_limit) {
         sim_fail(w, SIM_ERROR_LIMIT, "no `end` after %llu instructions",
                  (unsigned long long)w->step_limit);
         return;
      }
      if (!step(w))
         return;
      w->status->steps++;
   }
}

static struct sim_warp *
new_warp(struct sim_env *env, const struct sim_layout *layout,
         enum sim_program_kind kind, const uint64_t *words, size_t count,
         struct sim_outputs *out, struct sim_status *status)
{
   struct sim_warp *w = ARENA_NEW(env->arena, struct sim_warp);
   w->env = env;
   w->arena = env->arena;
   w->layout = layout;
   w->kind = kind;
   w->words = words;
   w->count = count;
   w->code = ARENA_ARRAY(env->arena, struct va_instr, count ? count : 1);
   w->decoded = ARENA_ARRAY(env->arena, uint8_t, count ? count : 1);
   w->out = out;
   w->status = status;
   return w;
}

bool
sim_run_ex(struct sim_env *env, const struct sim_layout *layout,
           enum sim_program_kind kind, const uint64_t *words, size_t count,
           struct sim_outputs *out, struct sim_status *status,
           const struct sim_run_options *options)
{
   memset(status, 0, sizeof(*status));
   status->fault_lane = status->fault_region = -1;
   struct sim_warp *w = new_warp(env, layout, kind, words, count, out, status);
   w->step_limit =
       options && options->step_limit ? options->step_limit : SIM_STEP_LIMIT;
   sim_setup_preloads(w);
   if (options && options->initial_regs)
      memcpy(w->reg, options->initial_regs, sizeof(w->reg));
   if (sim_setup_push(w) && sim_vertex_setup(w))
      run(w);
   if (!sim_failed(w))
      sim_vertex_collect(w);
   if (options && options->final_regs)
      memcpy(options->final_regs, w->reg, sizeof(w->reg));
   return !sim_failed(w);
}

bool
sim_run(struct sim_env *env, const struct sim_layout *layout,
        enum sim_program_kind kind, const uint64_t *words, size_t count,
        struct sim_outputs *out, struct sim_status *status)
{
   return sim_run_ex(env, layout, kind, words, count, out, status, NULL);
}
