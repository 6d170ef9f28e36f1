/* SPDX-License-Identifier: MIT */
/*
 * Control flow of the TGSI interpreter: every lane of the warp steps
 * through the same instructions, and a mask says which lanes an
 * instruction affects (spec "GLSL ISA").
 *
 * 1. IF/UIF push a frame remembering the lanes that entered and those
 *    waiting for ELSE; ENDIF restores the lanes that entered.  IF tests
 *    src.x != 0.0 as a float, UIF src.x != 0 as bits.
 * 2. BGNLOOP remembers the lanes that entered; BRK moves the running
 *    lanes to the innermost loop's (or switch's) break set and CONT to
 *    the innermost loop's continue set, removing them from every frame
 *    in between so that no ENDIF revives them.  ENDLOOP runs the body
 *    again for the running and continued lanes, and restores the lanes
 *    that entered once none is left.
 * 3. SWITCH computes each lane's selector; CASE adds the lanes whose
 *    selector equals its immediate (bitwise), DEFAULT the lanes that
 *    match no CASE of the switch; lanes fall through until BRK.
 * 4. KILL, KILL_IF and RET outside a subroutine remove lanes for good;
 *    RET inside one parks them until ENDSUB; END stops the warp.
 * 5. A condition that an allowed difference of the other model could
 *    flip makes its lane's path uncertain (a kill also its discard); the
 *    interpreter still follows its own values.
 * 6. Structure is matched before running; unbalanced constructs, and
 *    BRK/CONT/CASE outside their constructs, are invalid.
 */
#include "tgsi_interp_priv.h"

/* ---------------------------------------------------------------------
 * Structure
 */

static bool
opens(unsigned op)
{
   return op == TGSI_OP_IF || op == TGSI_OP_UIF || op == TGSI_OP_BGNLOOP ||
          op == TGSI_OP_SWITCH || op == TGSI_OP_BGNSUB;
}

/* The opener an instruction closes (or continues, for ELSE), or -1. */
static int
closes(unsigned op)
{
   switch (op) {
   case TGSI_OP_ELSE:
   case TGSI_OP_ENDIF: return TGSI_OP_IF;
   case TGSI_OP_ENDLOOP: return TGSI_OP_BGNLOOP;
   case TGSI_OP_ENDSWITCH: return TGSI_OP_SWITCH;
   case TGSI_OP_ENDSUB: return TGSI_OP_BGNSUB;
   default: return -1;
   }
}

static bool
same_construct(unsigned opener, int want)
{
   if (want == TGSI_OP_IF)
      return opener == TGSI_OP_IF || opener == TGSI_OP_UIF ||
             opener == TGSI_OP_ELSE;
   return (int)opener == want;
}

/* BRK, CONT, CASE and DEFAULT need an enclosing loop or switch. */
static bool
inside(const struct interp *ip, const uint32_t *stack, unsigned depth,
       unsigned op)
{
   for (unsigned k = depth; k-- > 0;) {
      unsigned o = ip->s->insns[stack[k]].opcode;
      if (op == TGSI_OP_CASE || op == TGSI_OP_DEFAULT)
         return o == TGSI_OP_SWITCH;
      if (o == TGSI_OP_BGNLOOP || (op == TGSI_OP_BRK && o == TGSI_OP_SWITCH))
         return true;
      if (o == TGSI_OP_BGNSUB)
         return false;
   }
   return false;
}

bool
interp_match_structure(struct interp *ip)
{
   const struct tgsi_shader *s = ip->s;
   uint32_t *stack = ARENA_ARRAY(ip->arena, uint32_t, s->num_insns + 1);
   unsigned depth = 0;
   ip->match = ARENA_ARRAY(ip->arena, uint32_t, s->num_insns + 1);
   for (uint32_t i = 0; i < s->num_insns; i++) {
      unsigned op = s->insns[i].opcode;
      ip->match[i] = i;
      if (opens(op)) {
         stack[depth++] = i;
      } else if (closes(op) >= 0) {
         if (!depth || !same_construct(s->insns[stack[depth - 1]].opcode,
                                       closes(op)))
            return interp_fail(ip, TGSI_INTERP_INVALID,
                               "instruction %u: %s does not close an open "
                               "construct", i, tgsi_op_info(op)->name);
         ip->match[stack[depth - 1]] = i;
         if (op == TGSI_OP_ELSE)
            stack[depth - 1] = i;
         else
            depth--;
      } else if ((op == TGSI_OP_BRK || op == TGSI_OP_CONT ||
                  op == TGSI_OP_CASE || op == TGSI_OP_DEFAULT) &&
                 !inside(ip, stack, depth, op)) {
         return interp_fail(ip, TGSI_INTERP_INVALID,
                            "instruction %u: %s outside its construct", i,
                            tgsi_op_info(op)->name);
      }
   }
   if (depth)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "instruction %u: %s is never closed",
                         stack[depth - 1],
                         tgsi_op_info(s->insns[stack[depth - 1]].opcode)
                            ->name);
   return true;
}

/* ---------------------------------------------------------------------
 * Frames and lanes
 */

static struct interp_frame *
push(struct interp *ip, enum interp_frame_kind kind)
{
   if (ip->depth == INTERP_MAX_DEPTH) {
      interp_fail(ip, TGSI_INTERP_LIMIT, "more than %d nested constructs",
                  INTERP_MAX_DEPTH);
      return NULL;
   }
   struct interp_frame *f = &ip->stack[ip->depth++];
   memset(f, 0, sizeof(*f));
   f->kind = kind;
   f->outer = ip->exec;
   return f;
}

static struct interp_frame *
top(struct interp *ip, enum interp_frame_kind kind)
{
   if (!ip->depth || ip->stack[ip->depth - 1].kind != kind) {
      interp_fail(ip, TGSI_INTERP_INVALID, "construct closed out of order");
      return NULL;
   }
   return &ip->stack[ip->depth - 1];
}

/* The innermost frame of one of the kinds in `kinds` (bits), or -1. */
static int
innermost(const struct interp *ip, unsigned kinds)
{
   for (unsigned k = ip->depth; k-- > 0;) {
      if (kinds & (1u << ip->stack[k].kind))
         return (int)k;
      if (ip->stack[k].kind == INTERP_FRAME_SUB)
         return -1;
   }
   return -1;
}

static void
clear_frames_above(struct interp *ip, int k, uint32_t lanes)
{
   for (unsigned j = (unsigned)(k + 1); j < ip->depth; j++) {
      ip->stack[j].outer &= ~lanes;
      ip->stack[j].other &= ~lanes;
      ip->stack[j].brk &= ~lanes;
   }
}

void
interp_remove_lanes(struct interp *ip, uint32_t lanes)
{
   clear_frames_above(ip, -1, lanes);
   ip->exec &= ~lanes;
   ip->live &= ~lanes;
   if (!ip->live)
      ip->stop = true;
}

int
interp_float_nonzero(uint32_t v, double err)
{
   float f = bits_to_float(v);
   if (err == 0)
      return f != 0.0f;
   if (err == INFINITY || isnan(f))
      return -1;
   return fabs((double)f) > err ? 1 : -1;
}

int
interp_bits_nonzero(uint32_t v, double err)
{
   if (err == 0)
      return v != 0;
   /* A finite err is only ever carried by a float. */
   return interp_float_nonzero(v, err) == 1 ? 1 : -1;
}

/* ---------------------------------------------------------------------
 * The opcodes
 */

static void
op_if(struct interp *ip)
{
   struct interp_vec c[SIM_LANES];
   bool bits = ip->insn->opcode == TGSI_OP_UIF;
   if (!interp_fetch_src(ip, 0, ip->exec, c))
      return;
   uint32_t taken = 0;
   interp_foreach_lane(l, ip->exec) {
      int r = bits ? interp_bits_nonzero(c[l].v[0], c[l].err[0])
                   : interp_float_nonzero(c[l].v[0], c[l].err[0]);
      if (r < 0)
         ip->path_uncertain |= 1u << l;
      if (bits ? c[l].v[0] != 0 : bits_to_float(c[l].v[0]) != 0.0f)
         taken |= 1u << l;
   }
   struct interp_frame *f = push(ip, INTERP_FRAME_IF);
   if (!f)
      return;
   f->other = ip->exec & ~taken;
   ip->exec &= taken;
   if (!ip->exec)
      ip->pc = ip->match[ip->pc] - 1; /* on to ELSE or ENDIF */
}

static void
op_else(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_IF);
   if (!f)
      return;
   ip->exec = f->other;
   f->other = 0;
   if (!ip->exec)
      ip->pc = ip->match[ip->pc] - 1;
}

static void
op_endif(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_IF);
   if (!f)
      return;
   ip->exec = f->outer;
   ip->depth--;
}

static void
op_bgnloop(struct interp *ip)
{
   struct interp_frame *f = push(ip, INTERP_FRAME_LOOP);
   if (!f)
      return;
   f->pc = ip->pc;
   if (!ip->exec)
      ip->pc = ip->match[ip->pc] - 1;
}

static void
op_endloop(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_LOOP);
   if (!f)
      return;
   ip->exec |= f->other;
   f->other = 0;
   if (ip->exec) {
      ip->pc = f->pc; /* the body again */
      return;
   }
   ip->exec = f->outer;
   ip->depth--;
}

static void
op_brk(struct interp *ip)
{
   int k = innermost(ip, 1u << INTERP_FRAME_LOOP | 1u << INTERP_FRAME_SWITCH);
   if (k < 0) {
      interp_fail(ip, TGSI_INTERP_INVALID, "BRK outside a loop or switch");
      return;
   }
   clear_frames_above(ip, k, ip->exec);
   ip->stack[k].brk |= ip->exec;
   ip->exec = 0;
}

static void
op_cont(struct interp *ip)
{
   int k = innermost(ip, 1u << INTERP_FRAME_LOOP);
   if (k < 0) {
      interp_fail(ip, TGSI_INTERP_INVALID, "CONT outside a loop");
      return;
   }
   clear_frames_above(ip, k, ip->exec);
   ip->stack[k].other |= ip->exec;
   ip->exec = 0;
}

/* The selector values of CASE instruction `i`, for `lanes`. */
static bool
case_values(struct interp *ip, uint32_t i, uint32_t lanes,
            struct interp_vec v[SIM_LANES])
{
   const struct tgsi_insn *saved = ip->insn;
   ip->insn = &ip->s->insns[i];
   bool ok = interp_fetch_src(ip, 0, lanes, v);
   ip->insn = saved;
   return ok;
}

/* Lanes whose selector matches no CASE of the switch at `pc`. */
static uint32_t
default_lanes(struct interp *ip, const struct interp_frame *f)
{
   uint32_t unmatched = f->outer;
   for (uint32_t i = ip->pc + 1; i < ip->match[ip->pc]; i++) {
      unsigned op = ip->s->insns[i].opcode;
      if (op == TGSI_OP_SWITCH) {
         i = ip->match[i]; /* a nested switch has its own cases */
      } else if (op == TGSI_OP_CASE) {
         struct interp_vec v[SIM_LANES];
         if (!case_values(ip, i, f->outer, v))
            return 0;
         interp_foreach_lane(l, f->outer) {
            if (v[l].v[0] == f->value[l])
               unmatched &= ~(1u << l);
         }
      }
   }
   return unmatched;
}

static void
op_switch(struct interp *ip)
{
   struct interp_vec c[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, c))
      return;
   struct interp_frame *f = push(ip, INTERP_FRAME_SWITCH);
   if (!f)
      return;
   interp_foreach_lane(l, ip->exec) {
      f->value[l] = c[l].v[0];
      if (c[l].err[0] != 0)
         ip->path_uncertain |= 1u << l;
   }
   f->other = default_lanes(ip, f);
   ip->exec = 0;
}

static void
op_case(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_SWITCH);
   struct interp_vec v[SIM_LANES];
   if (!f || !case_values(ip, ip->pc, f->outer, v))
      return;
   interp_foreach_lane(l, f->outer & ~f->brk) {
      if (v[l].v[0] == f->value[l])
         ip->exec |= 1u << l;
   }
}

static void
op_default(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_SWITCH);
   if (f)
      ip->exec |= f->outer & ~f->brk & f->other;
}

static void
op_endswitch(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_SWITCH);
   if (!f)
      return;
   ip->exec = f->outer;
   ip->depth--;
}

static void
op_kill(struct interp *ip)
{
   ip->killed |= ip->exec;
   interp_remove_lanes(ip, ip->exec);
}

/* Is any channel < 0: 1 surely, 0 surely not, -1 could be either. */
static int
any_negative(const struct interp_vec *v)
{
   int r = 0;
   for (unsigned c = 0; c < 4; c++) {
      float f = bits_to_float(v->v[c]);
      double e = v->err[c];
      if (e == 0 || (!isnan(f) && e != INFINITY &&
                     ((double)f + e < 0 || (double)f - e >= 0))) {
         if (f < 0.0f)
            return 1;
      } else {
         r = -1;
      }
   }
   return r;
}

static void
op_kill_if(struct interp *ip)
{
   struct interp_vec c[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, c))
      return;
   uint32_t kill = 0;
   interp_foreach_lane(l, ip->exec) {
      int r = any_negative(&c[l]);
      if (r < 0) {
         ip->path_uncertain |= 1u << l;
         ip->discard_uncertain |= 1u << l;
      }
      for (unsigned k = 0; k < 4; k++) {
         if (bits_to_float(c[l].v[k]) < 0.0f)
            kill |= 1u << l;
      }
   }
   ip->killed |= kill;
   interp_remove_lanes(ip, kill);
}

static void
op_demote(struct interp *ip)
{
   ip->helper |= ip->exec;
   interp_io_demote(ip, ip->exec);
}

static void
op_ret(struct interp *ip)
{
   int k = innermost(ip, 1u << INTERP_FRAME_SUB);
   if (k < 0 || ip->stack[k].kind != INTERP_FRAME_SUB) {
      ip->returned |= ip->exec;
      interp_remove_lanes(ip, ip->exec); /* return from main */
      return;
   }
   clear_frames_above(ip, k, ip->exec);
   ip->exec = 0;
}

static void
op_end(struct interp *ip)
{
   ip->stop = true;
}

static void
op_cal(struct interp *ip)
{
   uint32_t target = ip->insn->label;
   if (target >= ip->s->num_insns ||
       ip->s->insns[target].opcode != TGSI_OP_BGNSUB) {
      interp_fail(ip, TGSI_INTERP_INVALID, "CAL to %u, not a BGNSUB",
                  target);
      return;
   }
   if (!ip->exec)
      return;
   struct interp_frame *f = push(ip, INTERP_FRAME_SUB);
   if (!f)
      return;
   f->pc = ip->pc + 1;
   ip->pc = target;
}

static void
op_bgnsub(struct interp *ip)
{
   /* Only reached by falling through (CAL enters after it): skip the
    * body. */
   ip->pc = ip->match[ip->pc];
}

static void
op_endsub(struct interp *ip)
{
   struct interp_frame *f = top(ip, INTERP_FRAME_SUB);
   if (!f)
      return;
   ip->exec = f->outer;
   ip->pc = f->pc - 1;
   ip->depth--;
}

static void
op_nop(struct interp *ip)
{
   (void)ip;
}

static void
op_barrier(struct interp *ip)
{
   ip->barriers++;
   if (ip->exec && ip->exec != (ip->live & ~ip->helper))
      interp_ub(ip, TGSI_INTERP_UB_BARRIER,
                "BARRIER reached by only some of the lanes");
   /* GLSL disallows barrier() after a return from main: whether the
    * lanes that returned count as arrived is not specified. */
   else if (ip->exec && ip->returned)
      interp_ub(ip, TGSI_INTERP_UB_BARRIER,
                "BARRIER after some lanes returned from main");
   /* A lane whose path an undefined or inexact condition chose may,
    * on the other path, have returned, or reach this BARRIER another
    * number of times. */
   else if (ip->exec && (ip->live & ~ip->helper & ip->path_uncertain))
      interp_ub(ip, TGSI_INTERP_UB_BARRIER,
                "BARRIER after a lane's path was not settled");
}

static const interp_op_fn flow_ops[TGSI_OP_COUNT] = {
   [TGSI_OP_IF] = op_if,
   [TGSI_OP_UIF] = op_if,
   [TGSI_OP_ELSE] = op_else,
   [TGSI_OP_ENDIF] = op_endif,
   [TGSI_OP_BGNLOOP] = op_bgnloop,
   [TGSI_OP_ENDLOOP] = op_endloop,
   [TGSI_OP_BRK] = op_brk,
   [TGSI_OP_CONT] = op_cont,
   [TGSI_OP_SWITCH] = op_switch,
   [TGSI_OP_CASE] = op_case,
   [TGSI_OP_DEFAULT] = op_default,
   [TGSI_OP_ENDSWITCH] = op_endswitch,
   [TGSI_OP_KILL] = op_kill,
   [TGSI_OP_KILL_IF] = op_kill_if,
   [TGSI_OP_DEMOTE] = op_demote,
   [TGSI_OP_RET] = op_ret,
   [TGSI_OP_END] = op_end,
   [TGSI_OP_CAL] = op_cal,
   [TGSI_OP_BGNSUB] = op_bgnsub,
   [TGSI_OP_ENDSUB] = op_endsub,
   [TGSI_OP_NOP] = op_nop,
   [TGSI_OP_BARRIER] = op_barrier,
};

interp_op_fn
interp_flow_op(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT ? flow_ops[opcode] : NULL;
}
