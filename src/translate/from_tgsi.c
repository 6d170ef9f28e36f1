/* SPDX-License-Identifier: MIT */
/*
 * TGSI -> IR: the driver of the translation.  It declares the shader's
 * registers, walks the instructions in order, keeps TGSI registers in SSA
 * form and builds the control-flow graph; each opcode family is translated
 * by its own file (from_tgsi_alu.c, _tex.c, _mem.c, _io.c).
 *
 * 1. Vertex, fragment and compute shaders only: Valhall has no geometry or
 *    tessellation stage, and those are rejected by name.
 * 2. Every TGSI register channel (TEMP, OUT, ADDR) is an SSA variable.
 *    TEMP and OUT start undefined (one UNDEF value, made when first
 *    read: TGSI gives them no initial value), ADDR starts as 0.  A
 *    write is logged, so that IF/ELSE can tell which variables each side
 *    changed and join them with phis; a loop scans its body first and
 *    gives every variable it writes a phi in its header.
 * 3. The program itself is a construct that RET leaves early; outputs are
 *    stored once, in its exit block.
 * 4. Code after BRK, CONT or RET up to the end of its construct cannot run
 *    and is not translated; code between SWITCH and its first CASE or
 *    DEFAULT runs for no lane, as in C (a case body no selector reaches).
 * 5. An opcode no translation file handles is an "unsupported" error that
 *    names it and its instruction number; double-precision opcodes are
 *    among them until they are implemented.
 *
 * Requires: a decoded TGSI shader (tgsi_read_tokens or tgsi_parse_text).
 * Ensures:  IR in SSA form whose entry block holds only loads of inputs
 *           and system values; the layout's inputs, outputs and resources.
 * Invalidates: nothing (it creates the shader).
 */
#include "from_tgsi.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"

/* ---------------------------------------------------------------------
 * Errors
 */

_Noreturn static void
t_verror(struct tgsi_to_ir *t, enum tgsiva_status status, const char *fmt,
         va_list ap)
{
   char msg[384];
   vsnprintf(msg, sizeof(msg), fmt, ap);
   const struct tgsi_insn *I = t->insn;
   if (I && I->line)
      diag_at(t->d, status, I->line, 1, "%s", msg);
   else if (I)
      diag_error(t->d, status, "instruction %u: %s", I->number, msg);
   else
      diag_error(t->d, status, "%s", msg);
   longjmp(*t->bail, 1);
}

void
t_unsupported(struct tgsi_to_ir *t, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   t_verror(t, TGSIVA_ERROR_UNSUPPORTED, fmt, ap);
   va_end(ap);
}

void
t_error(struct tgsi_to_ir *t, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   t_verror(t, TGSIVA_ERROR_INPUT, fmt, ap);
   va_end(ap);
}

/* ---------------------------------------------------------------------
 * Variables
 */

struct ir_ref
t_read_var(struct tgsi_to_ir *t, uint32_t var)
{
   if (t->cur[var].kind != IR_REF_NONE)
      return t->cur[var];
   if (t->undef.kind == IR_REF_NONE) {
      struct ir_builder eb = t_entry_builder(t);
      t->undef = ir_undef(&eb);
   }
   return t->undef;
}

void
t_note_var(struct tgsi_to_ir *t, uint32_t var)
{
   *VEC_PUSH(t->s->scratch, &t->log) =
      (struct t_log_entry){.var = var, .old = t->cur[var]};
}

void
t_write_var(struct tgsi_to_ir *t, uint32_t var, struct ir_ref value)
{
   if (t->open_ifs)
      t_note_var(t, var);
   t->cur[var] = value;
}

/* Undoes the log back to `mark`, leaving `cur` as it was there. */
static void
rewind_log(struct tgsi_to_ir *t, size_t mark)
{
   while (t->log.len > mark) {
      struct t_log_entry *e = &t->log.data[--t->log.len];
      t->cur[e->var] = e->old;
   }
}

/* The distinct variables logged since `mark`. */
static uint32_t *
logged_vars(struct tgsi_to_ir *t, size_t mark, unsigned *count)
{
   uint8_t *seen = ARENA_ARRAY(t->s->scratch, uint8_t, t->nvars);
   uint32_t *vars =
      ARENA_ARRAY(t->s->scratch, uint32_t, t->log.len - mark + 1);
   unsigned n = 0;
   for (size_t i = mark; i < t->log.len; i++) {
      uint32_t v = t->log.data[i].var;
      if (!seen[v]) {
         seen[v] = 1;
         vars[n++] = v;
      }
   }
   *count = n;
   return vars;
}

/* ---------------------------------------------------------------------
 * Blocks and instructions
 */

static struct ir_block *
new_block(struct tgsi_to_ir *t)
{
   return ir_block_create(t->s);
}

/* Continues translation at the start of `b`, placing it in the layout. */
static void
enter_block(struct tgsi_to_ir *t, struct ir_block *b)
{
   ir_block_append(t->s, b);
   t->b = ir_builder_at_end(t->s, b);
   t->dead = b->preds.len == 0;
}

/* Ends the current block with a jump to `to`. */
static void
jump_to(struct tgsi_to_ir *t, struct ir_block *to)
{
   ir_jump(&t->b);
   ir_block_link(t->s, t->b.block, 0, to);
}

struct ir_builder
t_entry_builder(struct tgsi_to_ir *t)
{
   return ir_builder_at_end(t->s, t->s->first_block);
}

struct ir_ref
t_preload(struct tgsi_to_ir *t, unsigned reg)
{
   if (!t->preloaded[reg]) {
      struct ir_builder eb = t_entry_builder(t);
      t->preloads[reg] = ir_preload(&eb, reg);
      t->preloaded[reg] = true;
   }
   return t->preloads[reg];
}

struct ir_instr *
t_va(struct ir_builder *b, enum va_op op, unsigned nsrc,
     const struct ir_ref *srcs, unsigned nregs)
{
   struct ir_shader *s = b->shader;
   struct ir_instr *I = ir_va_create(s, op, nsrc, srcs);
   if (va_form_mod(va_form(op), VA_MOD_SLOT))
      va_set_mod(I->va, VA_MOD_SLOT, 0);
   if (nregs)
      ir_instr_def(s, I, 32, nregs);
   ir_builder_insert(b, I);
   return I;
}

/* ---------------------------------------------------------------------
 * Control flow.  The t_flow_* functions are the handlers the opcode
 * table (from_tgsi_ops.c) names; they run in dead code too, since the
 * constructs must still match.
 */

static struct t_frame *
push_frame(struct tgsi_to_ir *t, enum t_frame_kind kind)
{
   struct t_frame *f = VEC_PUSH(t->s->scratch, &t->frames);
   /* The slot may hold a popped frame. */
   memset(f, 0, sizeof(*f));
   f->kind = kind;
   f->dead_at_entry = t->dead;
   return f;
}

static struct t_frame *
top_frame(struct tgsi_to_ir *t, enum t_frame_kind kind, const char *what)
{
   if (!t->frames.len || t->frames.data[t->frames.len - 1].kind != kind)
      t_error(t, "%s without a matching opening instruction", what);
   return &t->frames.data[t->frames.len - 1];
}

/* The innermost construct that BRK leaves. */
static struct t_frame *
break_frame(struct tgsi_to_ir *t, bool loop_only)
{
   for (size_t i = t->frames.len; i-- > 0;) {
      struct t_frame *f = &t->frames.data[i];
      if (f->kind == T_FRAME_LOOP ||
          (!loop_only && f->kind == T_FRAME_SWITCH))
         return f;
   }
   t_error(t, "%s outside a loop", loop_only ? "CONT" : "BRK");
}

/* Records a way out of `f` from the current point and ends the block. */
static void
exit_frame(struct tgsi_to_ir *t, struct t_frame *f)
{
   if (t->dead)
      return;
   struct t_exit *e = VEC_PUSH(t->s->scratch, &f->exits);
   e->from = t->b.block;
   e->values = ARENA_ARRAY(t->s->scratch, struct ir_ref, f->nvars + 1);
   for (unsigned i = 0; i < f->nvars; i++)
      e->values[i] = t_read_var(t, f->vars[i]);
   jump_to(t, f->join);
   t->dead = true;
}

/* A phi in `b` (at its start) with one source per predecessor, or the
 * common value if all are the same. */
static struct ir_ref
join_values(struct tgsi_to_ir *t, struct ir_block *b,
            const struct ir_ref *values, unsigned n)
{
   bool same = true;
   for (unsigned i = 1; i < n; i++)
      same = same && ir_ref_equal(values[i], values[0]);
   if (same)
      return values[0];
   struct ir_instr *phi = ir_instr_create(t->s, IR_OP_PHI, n);
   for (unsigned i = 0; i < n; i++)
      phi->src[i] = values[i];
   ir_instr_def(t->s, phi, 32, 1);
   if (b->first)
      ir_instr_insert_before(b->first, phi);
   else
      ir_instr_append(b, phi);
   return phi->dst;
}

/* Continues after a loop, switch or the program: the join of its exits. */
static void
enter_exit_block(struct tgsi_to_ir *t, struct t_frame *f)
{
   enter_block(t, f->join);
   unsigned n = (unsigned)f->exits.len;
   if (!n)
      return;
   struct ir_ref *values = ARENA_ARRAY(t->s->scratch, struct ir_ref, n);
   for (unsigned v = 0; v < f->nvars; v++) {
      for (unsigned e = 0; e < n; e++)
         values[e] = f->exits.data[e].values[v];
      t_write_var(t, f->vars[v], join_values(t, f->join, values, n));
   }
}

static void
open_if(struct tgsi_to_ir *t, struct ir_ref cond, bool is_case)
{
   struct t_frame *f = push_frame(t, T_FRAME_IF);
   t->open_ifs++;
   f->is_case = is_case;
   f->log_mark = t->log.len;
   f->join = new_block(t);
   struct ir_block *then_b = new_block(t), *else_b = new_block(t);
   f->else_block = else_b;
   if (!t->dead) {
      ir_branch(&t->b, cond);
      ir_block_link(t->s, t->b.block, 0, then_b);
      ir_block_link(t->s, t->b.block, 1, else_b);
   }
   enter_block(t, then_b);
}

static void
do_else(struct tgsi_to_ir *t, struct t_frame *f)
{
   struct ir_block *else_b = f->else_block;
   f->in_else = true;
   f->then_end = t->dead ? NULL : t->b.block;
   f->then_vars = logged_vars(t, f->log_mark, &f->then_count);
   f->then_values =
      ARENA_ARRAY(t->s->scratch, struct ir_ref, f->then_count + 1);
   for (unsigned i = 0; i < f->then_count; i++)
      f->then_values[i] = t_read_var(t, f->then_vars[i]);
   if (f->then_end)
      jump_to(t, f->join);
   rewind_log(t, f->log_mark);
   enter_block(t, else_b);
}

static void
close_if(struct tgsi_to_ir *t)
{
   struct t_frame *f = top_frame(t, T_FRAME_IF, "ENDIF");
   if (!f->in_else)
      do_else(t, f);
   struct ir_block *else_end = t->dead ? NULL : t->b.block;
   unsigned nelse;
   uint32_t *else_vars = logged_vars(t, f->log_mark, &nelse);
   struct ir_ref *else_values = ARENA_ARRAY(t->s->scratch, struct ir_ref,
                                            nelse + 1);
   for (unsigned i = 0; i < nelse; i++)
      else_values[i] = t_read_var(t, else_vars[i]);
   rewind_log(t, f->log_mark);

   /* Both sides' values of every variable either side wrote. */
   uint32_t *vars = ARENA_ARRAY(t->s->scratch, uint32_t,
                                f->then_count + nelse + 1);
   struct ir_ref *tv = ARENA_ARRAY(t->s->scratch, struct ir_ref,
                                   f->then_count + nelse + 1);
   struct ir_ref *ev = ARENA_ARRAY(t->s->scratch, struct ir_ref,
                                   f->then_count + nelse + 1);
   unsigned n = 0;
   for (unsigned i = 0; i < f->then_count; i++, n++) {
      vars[n] = f->then_vars[i];
      tv[n] = f->then_values[i];
      ev[n] = t_read_var(t, vars[n]);
   }
   for (unsigned i = 0; i < nelse; i++) {
      unsigned k = 0;
      while (k < n && vars[k] != else_vars[i])
         k++;
      if (k == n) {
         vars[n] = else_vars[i];
         tv[n++] = t_read_var(t, else_vars[i]);
      }
      ev[k] = else_values[i];
   }

   struct ir_block *join = f->join;
   if (else_end) {
      ir_block_link(t->s, else_end, 0, join);
   }
   /* f->then_end linked at ELSE; the join's preds are then, else. */
   t->frames.len--;
   t->open_ifs--;
   enter_block(t, join);
   for (unsigned i = 0; i < n; i++) {
      struct ir_ref pair[2] = {tv[i], ev[i]};
      struct ir_ref v;
      if (f->then_end && else_end)
         v = join_values(t, join, pair, 2);
      else
         v = f->then_end ? tv[i] : ev[i];
      t_write_var(t, vars[i], v);
   }
}

/* The variables written by instructions [first, last). */
static uint32_t *
written_vars(struct tgsi_to_ir *t, uint32_t first, uint32_t last,
             unsigned *count)
{
   size_t mark = t->log.len;
   for (uint32_t i = first; i < last; i++) {
      const struct tgsi_insn *I = &t->tgsi->insns[i];
      for (unsigned d = 0; d < I->num_dst; d++)
         t_note_written(t, &I->dst[d]);
      t_gs_note_written(t, I);
   }
   uint32_t *vars = logged_vars(t, mark, count);
   t->log.len = mark;
   return vars;
}

/* The instruction that closes the construct opened at `first`. */
static uint32_t
matching_end(struct tgsi_to_ir *t, uint32_t first, enum tgsi_op open,
             enum tgsi_op close)
{
   unsigned depth = 0;
   for (uint32_t i = first; i < t->tgsi->num_insns; i++) {
      enum tgsi_op op = t->tgsi->insns[i].opcode;
      if (op == open)
         depth++;
      else if (op == close && --depth == 0)
         return i;
   }
   t_error(t, "%s without a matching end",
           tgsi_op_info(open)->name);
}

void
t_flow_bgnloop(struct tgsi_to_ir *t)
{
   uint32_t first = t->insn->number;
   uint32_t end = matching_end(t, first, TGSI_OP_BGNLOOP, TGSI_OP_ENDLOOP);
   struct t_frame *f = push_frame(t, T_FRAME_LOOP);
   f->vars = written_vars(t, first, end, &f->nvars);
   f->join = new_block(t);
   f->header = new_block(t);
   f->phis = ARENA_ARRAY(t->s->scratch, struct ir_instr *, f->nvars + 1);
   bool dead = t->dead;
   if (!dead)
      ir_block_link(t->s, t->b.block, 0, f->header);
   enter_block(t, f->header);
   f->header->loop_header = true;
   if (dead)
      return;
   for (unsigned i = 0; i < f->nvars; i++) {
      struct ir_instr *phi = ir_instr_create(t->s, IR_OP_PHI, 1);
      phi->src[0] = t_read_var(t, f->vars[i]);
      ir_instr_def(t->s, phi, 32, 1);
      ir_instr_append(f->header, phi);
      f->phis[i] = phi;
      t_write_var(t, f->vars[i], phi->dst);
   }
}

/* A back edge from the current point to the loop header. */
static void
continue_loop(struct tgsi_to_ir *t, struct t_frame *f)
{
   if (t->dead || f->dead_at_entry)
      return;
   jump_to(t, f->header);
   for (unsigned i = 0; i < f->nvars; i++) {
      struct ir_instr *phi = f->phis[i];
      ir_instr_set_nsrc(t->s, phi, phi->nsrc + 1u);
      phi->src[phi->nsrc - 1] = t_read_var(t, f->vars[i]);
   }
   t->dead = true;
}

void
t_flow_endloop(struct tgsi_to_ir *t)
{
   struct t_frame *f = top_frame(t, T_FRAME_LOOP, "ENDLOOP");
   continue_loop(t, f);
   struct t_frame copy = *f;
   t->frames.len--;
   enter_exit_block(t, &copy);
}

/* SWITCH is a construct that BRK leaves; each CASE body is an IF on
 * "fell through from the previous case, or the selector matches". */
void
t_flow_switch(struct tgsi_to_ir *t)
{
   uint32_t first = t->insn->number;
   uint32_t end =
      matching_end(t, first, TGSI_OP_SWITCH, TGSI_OP_ENDSWITCH);
   struct ir_ref sel = t_src(t, 0, 0);
   struct t_frame *f = push_frame(t, T_FRAME_SWITCH);
   f->vars = written_vars(t, first, end, &f->nvars);
   f->join = new_block(t);
   f->selector = sel;
   f->first_insn = first;
   if (t->hidden_used >= t->nhidden)
      t_error(t, "too many SWITCH instructions");
   f->fall_var = t->hidden_base + t->hidden_used++;
   t_write_var(t, f->fall_var, ir_imm(0));
   /* Code before the first CASE or DEFAULT runs for no lane, as in C:
    * a case body no selector reaches (the interpreter's reading). */
   open_if(t, ir_imm(0), true);
}

/* The condition of the case body starting at the current CASE/DEFAULT. */
static struct ir_ref
case_condition(struct tgsi_to_ir *t, struct t_frame *sw, bool is_default)
{
   struct ir_ref match;
   if (!is_default) {
      match = ir_icmp(&t->b, IR_CMP_U, IR_COND_EQ, sw->selector,
                      t_src_raw(t, 0, 0));
   } else {
      /* No case value at this switch's level equals the selector. */
      match = ir_imm(~0u);
      unsigned depth = 0;
      for (uint32_t i = sw->first_insn + 1; i < t->tgsi->num_insns; i++) {
         const struct tgsi_insn *I = &t->tgsi->insns[i];
         if (I->opcode == TGSI_OP_SWITCH)
            depth++;
         else if (I->opcode == TGSI_OP_ENDSWITCH && depth-- == 0)
            break;
         if (I->opcode != TGSI_OP_CASE || depth)
            continue;
         const struct tgsi_insn *save = t->insn;
         t->insn = I;
         struct ir_ref ne = ir_icmp(&t->b, IR_CMP_U, IR_COND_NE,
                                    sw->selector, t_src_raw(t, 0, 0));
         t->insn = save;
         match = ir_alu2(&t->b, IR_OP_AND, match, ne);
      }
   }
   return ir_alu2(&t->b, IR_OP_OR, t_read_var(t, sw->fall_var), match);
}

/* Ends the open case body, if any: reaching its end means falling
 * through to the next one. */
static void
close_case(struct tgsi_to_ir *t, uint32_t fall_var)
{
   if (!t->frames.len)
      return;
   struct t_frame *f = &t->frames.data[t->frames.len - 1];
   if (f->kind != T_FRAME_IF || !f->is_case)
      return;
   if (!t->dead)
      t_write_var(t, fall_var, ir_imm(~0u));
   close_if(t);
}

static void
do_case(struct tgsi_to_ir *t, bool is_default)
{
   struct t_frame *sw = NULL;
   for (size_t i = t->frames.len; i-- > 0;) {
      if (t->frames.data[i].kind == T_FRAME_SWITCH) {
         sw = &t->frames.data[i];
         break;
      }
   }
   if (!sw)
      t_error(t, "%s outside a SWITCH", is_default ? "DEFAULT" : "CASE");
   uint32_t fall = sw->fall_var;
   close_case(t, fall);
   sw = &t->frames.data[t->frames.len - 1];
   struct ir_ref cond = t->dead ? ir_imm(0) : case_condition(t, sw, is_default);
   open_if(t, cond, true);
}

void
t_flow_endswitch(struct tgsi_to_ir *t)
{
   struct t_frame *f = &t->frames.data[t->frames.len - 1];
   if (f->kind == T_FRAME_IF && f->is_case)
      close_case(t, t->frames.data[t->frames.len - 2].fall_var);
   f = top_frame(t, T_FRAME_SWITCH, "ENDSWITCH");
   exit_frame(t, f);
   struct t_frame copy = *f;
   t->frames.len--;
   enter_exit_block(t, &copy);
   /* The fall-through variable means nothing past ENDSWITCH, and the
    * exit block has no phi for it (only TGSI registers get one): its
    * value from inside a case must not reach an enclosing IF's join. */
   if (!t->dead)
      t_write_var(t, copy.fall_var, ir_imm(0));
}

/* IF tests a float (true unless +-0.0), UIF an integer. */
static struct ir_ref
if_condition(struct tgsi_to_ir *t, bool is_float)
{
   if (t->dead)
      return ir_imm(0);
   struct ir_ref x = t_src(t, 0, 0);
   if (is_float)
      return ir_fcmp(&t->b, IR_COND_NE, IR_BOOL_M1, x, ir_imm(0));
   return x;
}

void
t_flow_if(struct tgsi_to_ir *t)
{
   open_if(t, if_condition(t, true), false);
}

void
t_flow_uif(struct tgsi_to_ir *t)
{
   open_if(t, if_condition(t, false), false);
}

void
t_flow_else(struct tgsi_to_ir *t)
{
   struct t_frame *f = top_frame(t, T_FRAME_IF, "ELSE");
   if (f->in_else)
      t_error(t, "second ELSE in one IF");
   do_else(t, f);
}

void
t_flow_endif(struct tgsi_to_ir *t)
{
   close_if(t);
}

void
t_flow_brk(struct tgsi_to_ir *t)
{
   exit_frame(t, break_frame(t, false));
}

void
t_flow_cont(struct tgsi_to_ir *t)
{
   continue_loop(t, break_frame(t, true));
}

void
t_flow_case(struct tgsi_to_ir *t)
{
   do_case(t, false);
}

void
t_flow_default(struct tgsi_to_ir *t)
{
   do_case(t, true);
}

void
t_flow_ret(struct tgsi_to_ir *t)
{
   exit_frame(t, &t->frames.data[0]);
}

void
t_flow_nothing(struct tgsi_to_ir *t)
{
   (void)t;
}

/* ---------------------------------------------------------------------
 * Declarations
 */

static uint32_t
max_index(const struct tgsi_shader *sh, enum tgsi_regfile file)
{
   uint32_t n = 0;
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->file == file && d->last + 1 > n)
         n = d->last + 1;
   }
   return n;
}

static void
declare_arrays(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   t->arrays = ARENA_ARRAY(t->s->scratch, struct t_array, sh->num_decls + 1);
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->file != TGSI_REGFILE_TEMPORARY || !d->array)
         continue;
      struct t_array *a = &t->arrays[t->narrays++];
      a->first = d->first;
      a->last = d->last;
      a->id = d->array_id;
   }
   /* Which arrays are addressed indirectly, and where they live. */
   for (unsigned i = 0; i < sh->num_insns; i++) {
      const struct tgsi_insn *I = &sh->insns[i];
      for (unsigned k = 0; k < I->num_dst + I->num_src; k++) {
         const struct tgsi_reg *r = k < I->num_dst
                                       ? &I->dst[k].reg
                                       : &I->src[k - I->num_dst].reg;
         if (r->file != TGSI_REGFILE_TEMPORARY || !r->indirect)
            continue;
         for (unsigned a = 0; a < t->narrays; a++) {
            if (t->arrays[a].id == r->ind.array_id ||
                (!r->ind.array_id && r->index >= (int32_t)t->arrays[a].first &&
                 r->index <= (int32_t)t->arrays[a].last))
               t->arrays[a].indirect = true;
         }
      }
   }
   for (unsigned a = 0; a < t->narrays; a++) {
      struct t_array *arr = &t->arrays[a];
      unsigned n = arr->last - arr->first + 1;
      if (arr->indirect && n > T_SELECT_MAX_ELEMENTS) {
         arr->in_memory = true;
         arr->tls_offset = t->layout->tls_bytes;
         t->layout->tls_bytes += 16 * n;
      }
   }
}

/* A declaration past T_MAX_REGISTER_INDEX is refused where it is
 * written (line and column for text, the word for tokens), before the
 * tables sized by it are made. */
static void
check_declared_ranges(struct tgsi_to_ir *t)
{
   static const uint8_t limited[] = {
      TGSI_REGFILE_INPUT, TGSI_REGFILE_OUTPUT, TGSI_REGFILE_TEMPORARY,
      TGSI_REGFILE_ADDRESS, TGSI_REGFILE_SYSTEM_VALUE,
      TGSI_REGFILE_SAMPLER_VIEW};
   const struct tgsi_shader *sh = t->tgsi;
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->last < T_MAX_REGISTER_INDEX ||
          !memchr(limited, d->file, sizeof(limited)))
         continue;
      const char *what = "a declaration past register %u (the limit of "
                         "one file)";
      if (d->line)
         diag_at(t->d, TGSIVA_ERROR_LIMIT, d->line, 1, what,
                 T_MAX_REGISTER_INDEX - 1);
      else
         diag_error(t->d, TGSIVA_ERROR_LIMIT, "word %u: a declaration past "
                    "register %u (the limit of one file)", d->word,
                    T_MAX_REGISTER_INDEX - 1);
      longjmp(*t->bail, 1);
   }
}

static void
declare(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   check_declared_ranges(t);
   t->ntemps = max_index(sh, TGSI_REGFILE_TEMPORARY);
   t->nouts = max_index(sh, TGSI_REGFILE_OUTPUT);
   t->naddrs = max_index(sh, TGSI_REGFILE_ADDRESS);
   for (unsigned i = 0; i < sh->num_insns; i++)
      t->nhidden += sh->insns[i].opcode == TGSI_OP_SWITCH;
   t->nhidden += t_gs_hidden_vars(t);
   if (t->ntemps > T_MAX_REGISTER_INDEX || t->nouts > T_MAX_REGISTER_INDEX ||
       t->naddrs > T_MAX_REGISTER_INDEX)
      t_error(t, "more than %u registers in one file", T_MAX_REGISTER_INDEX);
   t->temp_base = 0;
   t->out_base = 4 * t->ntemps;
   t->addr_base = t->out_base + 4 * t->nouts;
   t->hidden_base = t->addr_base + 4 * t->naddrs;
   t->nvars = t->hidden_base + t->nhidden;
   t->cur = ARENA_ARRAY(t->s->scratch, struct ir_ref, t->nvars + 1);
   /* TEMPs and outputs hold no value until written (t_read_var);
    * addresses and the hidden variables count from 0. */
   for (uint32_t v = t->addr_base; v < t->nvars; v++)
      t->cur[v] = ir_imm(0);
   declare_arrays(t);
   t_io_declare(t);
   if (t->s->stage == IR_STAGE_GEOMETRY)
      t_gs_declare(t);
}

/* ---------------------------------------------------------------------
 * Driver
 */

/* One instruction, by its row of the opcode table.  Outside control
 * flow, dead code (after BRK, CONT or RET) makes no IR: not even an
 * unsupported opcode there is an error. */
static bool
translate_insn(struct tgsi_to_ir *t)
{
   const struct t_op_entry *e = t_op_entry(t->insn->opcode);
   if (e && e->family == T_FAMILY_FLOW) {
      e->handle(t);
      return !e->ends;
   }
   if (t->dead)
      return true;
   if (!e)
      t_unsupported(t, "%s is not supported",
                    tgsi_op_info(t->insn->opcode)->name);
   e->handle(t);
   t_flush_writes(t);
   return true;
}

static void
translate_body(struct tgsi_to_ir *t)
{
   const struct tgsi_shader *sh = t->tgsi;
   const bool *keep = t_vertex_slice(t);
   for (unsigned i = 0; i < sh->num_insns; i++) {
      if (keep && !keep[i])
         continue;
      t->insn = &sh->insns[i];
      if (!translate_insn(t))
         break;
   }
   /* Reported at the END (the last instruction read), so that the
    * error has a position. */
   if (t->frames.len != 1)
      t_error(t, "%zu control-flow construct%s not closed at END",
              t->frames.len - 1, t->frames.len == 2 ? " is" : "s are");
   t->insn = NULL;
}

static void
check_stage(struct tgsi_to_ir *t)
{
   switch (t->tgsi->processor) {
   case TGSI_PROC_VERTEX:
   case TGSI_PROC_FRAGMENT:
   case TGSI_PROC_COMPUTE: return;
   case TGSI_PROC_GEOMETRY:
      if (t->s->stage == IR_STAGE_GEOMETRY ||
          t->s->stage == IR_STAGE_VERTEX_POSITION ||
          t->s->stage == IR_STAGE_VERTEX_VARYING)
         return;
      t_unsupported(t, "a GEOM shader compiles to a geometry program and "
                       "its pass-through pair only");
   default:
      t_unsupported(t, "%s shaders are not supported: Valhall has only "
                       "vertex, fragment and compute stages",
                    tgsi_name(&tgsi_proc_names, t->tgsi->processor));
   }
}

/* From this many TGSI instructions, translation reserves room for its
 * instructions (below, a shader's first chunks hold them anyway). */
enum { T_RESERVE_MIN_INSNS = 1024 };

bool
ir_from_tgsi(struct arena *arena, const struct tgsi_shader *tgsi,
             enum ir_stage stage, const struct tgsiva_shader_key *key,
             bool poison, struct ir_layout *layout, struct ir_va_memo *memo,
             struct ir_shader **out, struct tgsiva_diagnostic *d)
{
   static const struct tgsiva_shader_key zero_key;
   jmp_buf bail;
   struct tgsi_to_ir t = {.tgsi = tgsi, .layout = layout, .d = d,
                          .bail = &bail, .key = key ? key : &zero_key};
   t.s = ir_shader_create(arena, stage, memo);
   t.s->scratch->poison = poison;
   /* A big shader's instructions in one block of memory until the first
    * compaction (ir/compact.c, rule 3): translation makes 400-1,500
    * bytes of them per TGSI instruction (bench_scaling's families). */
   if (tgsi->num_insns >= T_RESERVE_MIN_INSNS)
      arena_reserve(t.s->instrs, (size_t)tgsi->num_insns * 512);
   t.s->ahead = tgsi->num_insns >= IR_PREFETCH_MIN_TGSI; /* ir.h */
   /* The translation's own tables (variables, frames, logs) end with
    * it. */
   struct arena_mark scratch = arena_mark(t.s->scratch);
   if (setjmp(bail))
      return false;
   check_stage(&t);

   /* Entry block: loads of inputs and system values only. */
   struct ir_block *entry = new_block(&t);
   enter_block(&t, entry);
   t.dead = false;
   declare(&t);

   struct t_frame *prog = push_frame(&t, T_FRAME_PROGRAM);
   /* The outputs and the geometry counters live to the end. */
   uint32_t gs_vars = t_gs_hidden_vars(&t);
   prog->vars = ARENA_ARRAY(t.s->scratch, uint32_t, 4 * t.nouts + gs_vars + 1);
   for (uint32_t v = 0; v < 4 * t.nouts; v++)
      prog->vars[prog->nvars++] = t.out_base + v;
   for (uint32_t v = t.nvars - gs_vars; v < t.nvars; v++)
      prog->vars[prog->nvars++] = v;
   prog->join = new_block(&t);

   struct ir_block *body = new_block(&t);
   ir_block_link(t.s, entry, 0, body);
   enter_block(&t, body);
   t_io_begin(&t);
   if (tgsi->processor == TGSI_PROC_GEOMETRY && stage != IR_STAGE_GEOMETRY)
      t_gs_passthrough(&t); /* the pass-through pair (docs/abi.md) */
   else
      translate_body(&t);

   exit_frame(&t, &t.frames.data[0]);
   struct t_frame copy = t.frames.data[0];
   t.frames.len = 0;
   enter_exit_block(&t, &copy);
   if (!t.dead)
      t_io_finish(&t);
   arena_release(t.s->scratch, scratch);
   *out = t.s;
   return true;
}
