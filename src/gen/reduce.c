/* SPDX-License-Identifier: MIT */
/*
 * The reducer: shrinks a failing program while the caller's test says
 * it still fails the same way (delta debugging, greedy).  Candidates are
 * built on copies of the decoded shader, never on text, and stay valid
 * programs, or a reduced "failure" may be the two models reading an
 * invalid program differently:
 *
 * 1. remove whole constructs (IF/UIF ... ENDIF, a loop with its counter,
 *    SWITCH ... ENDSWITCH), unwrap IFs (keep one side), then windows of
 *    instructions, halving the window down to one;
 * 2. simplify each operand: no saturate or precise, no abs or negate,
 *    the identity swizzle, a direct index;
 * 3. simplify immediates (0, 1, 1.0), then drop declarations nothing
 *    refers to (SAMP[i] and SVIEW[i] refer to each other) and unused
 *    immediates.
 * Step 1 repeats until it removes nothing, then 2 and 3 run; at most
 * three such rounds.
 *
 * Validity: a candidate whose openers and closers do not nest, or with
 * BRK/CONT outside a loop, is not tested.  The generator's counted loops
 * (gen.c rule 2: counter set to 0 before BGNLOOP, then USGE, UIF, BRK,
 * ENDIF and the counter's UADD) keep that control whole while the loop
 * stays, and steps 2 and 3 leave it alone: a loop without it may never
 * end, and a program that runs forever in one model is no reduction.
 */
#include <string.h>

#include "gen.h"

/* Candidates are built in `scratch`, which is emptied after each
 * rejected one; the best program lives in `keep[cur]`.  The process
 * stays small, and so does each fork of the caller's test. */
struct reducer {
   struct arena *arena; /* the scratch arena */
   struct arena scratch, keep[2];
   unsigned cur;
   gen_still_fails fails;
   void *user;
   unsigned steps;
   struct tgsi_shader *best;
   int *control; /* per instruction of best: its loop's BGNLOOP, or -1 */
};

/* A deep copy of `s`, keeping the instructions with keep[i] (NULL: all),
 * the declarations with keep_decl[i] (NULL: all) and the immediates with
 * keep_imm[i] (NULL: all), renumbering immediate operands. */
static struct tgsi_shader *
copy(struct arena *arena, const struct tgsi_shader *s, const bool *keep,
     const bool *keep_decl, const bool *keep_imm)
{
   struct tgsi_builder b;
   int32_t *imm_map = ARENA_ARRAY(arena, int32_t, s->num_imms + 1);
   int32_t next = 0;
   for (unsigned i = 0; i < s->num_imms; i++)
      imm_map[i] = !keep_imm || keep_imm[i] ? next++ : -1;
   tgsi_builder_init(&b, arena, s->processor);
   for (unsigned k = 0; k < s->num_items; k++) {
      const struct tgsi_item *it = &s->items[k];
      uint32_t i = it->index;
      if (it->kind == TGSI_ITEM_PROPERTY) {
         *tgsi_builder_add_prop(&b) = s->props[i];
      } else if (it->kind == TGSI_ITEM_DECL) {
         if (!keep_decl || keep_decl[i])
            *tgsi_builder_add_decl(&b) = s->decls[i];
      } else if (it->kind == TGSI_ITEM_IMM) {
         if (imm_map[i] >= 0)
            *tgsi_builder_add_imm(&b) = s->imms[i];
      } else if (!keep || keep[i]) {
         const struct tgsi_insn *src = &s->insns[i];
         struct tgsi_insn *I = tgsi_builder_add_insn(&b, src->opcode,
                                                     src->num_dst,
                                                     src->num_src);
         struct tgsi_dst *dst = I->dst;
         struct tgsi_src *srcs = I->src;
         uint32_t number = I->number;
         *I = *src;
         I->number = number;
         I->dst = dst;
         I->src = srcs;
         memcpy(dst, src->dst, src->num_dst * sizeof(*dst));
         memcpy(srcs, src->src, src->num_src * sizeof(*srcs));
         for (unsigned j = 0; j < I->num_src; j++) {
            struct tgsi_reg *r = &srcs[j].reg;
            if (r->file == TGSI_REGFILE_IMMEDIATE &&
                r->index < (int32_t)s->num_imms && imm_map[r->index] >= 0)
               r->index = imm_map[r->index];
         }
      }
   }
   return tgsi_builder_finish(&b);
}


static bool
is_op(const struct tgsi_shader *s, unsigned i, enum tgsi_op op)
{
   return i < s->num_insns && s->insns[i].opcode == op;
}

/* control[i]: the BGNLOOP whose counted-loop control instruction i is,
 * else -1 (see the top of the file). */
static int *
loop_control(struct arena *arena, const struct tgsi_shader *s)
{
   int *control = ARENA_ARRAY(arena, int, s->num_insns + 1);
   for (unsigned i = 0; i < s->num_insns; i++)
      control[i] = -1;
   static const enum tgsi_op head[5] = {TGSI_OP_USGE, TGSI_OP_UIF,
                                        TGSI_OP_BRK, TGSI_OP_ENDIF,
                                        TGSI_OP_UADD};
   for (unsigned b = 0; b < s->num_insns; b++) {
      if (!is_op(s, b, TGSI_OP_BGNLOOP))
         continue;
      bool match = true;
      for (unsigned k = 0; k < 5; k++)
         match = match && is_op(s, b + 1 + k, head[k]);
      if (!match)
         continue;
      for (unsigned k = 1; k <= 5; k++)
         control[b + k] = (int)b;
      const struct tgsi_reg *counter = &s->insns[b + 5].dst[0].reg;
      if (b > 0 && is_op(s, b - 1, TGSI_OP_MOV) &&
          s->insns[b - 1].dst[0].reg.file == counter->file &&
          s->insns[b - 1].dst[0].reg.index == counter->index)
         control[b - 1] = (int)b;
   }
   return control;
}

static int
nest_delta(enum tgsi_op op)
{
   switch (op) {
   case TGSI_OP_IF:
   case TGSI_OP_UIF:
   case TGSI_OP_BGNLOOP:
   case TGSI_OP_SWITCH:
   case TGSI_OP_BGNSUB: return 1;
   case TGSI_OP_ENDIF:
   case TGSI_OP_ENDLOOP:
   case TGSI_OP_ENDSWITCH:
   case TGSI_OP_ENDSUB: return -1;
   default: return 0;
   }
}

static bool
closes(enum tgsi_op open, enum tgsi_op close)
{
   switch (open) {
   case TGSI_OP_IF:
   case TGSI_OP_UIF: return close == TGSI_OP_ENDIF;
   case TGSI_OP_BGNLOOP: return close == TGSI_OP_ENDLOOP;
   case TGSI_OP_SWITCH: return close == TGSI_OP_ENDSWITCH;
   default: return close == TGSI_OP_ENDSUB;
   }
}

/* Do the kept instructions nest, with BRK/CONT in a loop (BRK also in a
 * SWITCH), ELSE in an IF, CASE/DEFAULT in a SWITCH, and does every kept
 * loop keep its control? */
static bool
valid_candidate(const struct reducer *R, const bool *keep)
{
   const struct tgsi_shader *s = R->best;
   enum tgsi_op stack[64];
   unsigned depth = 0, loops = 0;
   for (unsigned i = 0; i < s->num_insns; i++) {
      int owner = R->control[i];
      if (owner >= 0 && keep[owner] != keep[i])
         return false;
      if (!keep[i])
         continue;
      enum tgsi_op op = s->insns[i].opcode;
      enum tgsi_op top = depth ? stack[depth - 1] : TGSI_OP_NOP;
      if (nest_delta(op) > 0) {
         if (depth == 64)
            return false;
         stack[depth++] = op;
         loops += op == TGSI_OP_BGNLOOP;
      } else if (nest_delta(op) < 0) {
         if (!depth || !closes(top, op))
            return false;
         loops -= top == TGSI_OP_BGNLOOP;
         depth--;
      } else if (op == TGSI_OP_ELSE) {
         if (top != TGSI_OP_IF && top != TGSI_OP_UIF)
            return false;
      } else if (op == TGSI_OP_CASE || op == TGSI_OP_DEFAULT) {
         if (top != TGSI_OP_SWITCH)
            return false;
      } else if (op == TGSI_OP_BRK || op == TGSI_OP_CONT) {
         bool in_switch = false;
         for (unsigned d = 0; d < depth; d++)
            in_switch |= stack[d] == TGSI_OP_SWITCH;
         if (!loops && !(op == TGSI_OP_BRK && in_switch))
            return false;
      }
   }
   return depth == 0;
}

static bool
try_candidate(struct reducer *R, struct tgsi_shader *c)
{
   R->steps++;
   bool fails = R->fails(c, R->user);
   if (fails) {
      unsigned next = 1 - R->cur;
      arena_init(&R->keep[next], 0);
      R->best = copy(&R->keep[next], c, NULL, NULL, NULL);
      R->control = loop_control(&R->keep[next], R->best);
      arena_finish(&R->keep[R->cur]);
      R->cur = next;
   }
   arena_finish(&R->scratch);
   arena_init(&R->scratch, 0);
   return fails;
}

/* Tests the program without the instructions keep[] drops, if it is a
 * valid one. */
static bool
try_without(struct reducer *R, const bool *keep)
{
   if (!valid_candidate(R, keep))
      return false;
   return try_candidate(R, copy(R->arena, R->best, keep, NULL, NULL));
}

static bool *
keep_all(struct reducer *R)
{
   bool *keep = ARENA_ARRAY(R->arena, bool, R->best->num_insns + 1);
   for (unsigned i = 0; i < R->best->num_insns; i++)
      keep[i] = true;
   return keep;
}

/* The closer of the construct opened at `i` (or its ELSE, `at_else`). */
static unsigned
matching(const struct tgsi_shader *s, unsigned i, bool at_else)
{
   int depth = 0;
   for (unsigned j = i; j < s->num_insns; j++) {
      depth += nest_delta(s->insns[j].opcode);
      if (depth == 1 && at_else && s->insns[j].opcode == TGSI_OP_ELSE)
         return j;
      if (depth == 0)
         return j;
   }
   return s->num_insns;
}

/* Whole constructs, then IFs unwrapped: without the IF, ELSE and ENDIF
 * lines, keeping one side. */
static bool
remove_constructs(struct reducer *R)
{
   bool progress = false;
   for (unsigned i = 0; i < R->best->num_insns; i++) {
      const struct tgsi_shader *s = R->best;
      enum tgsi_op op = s->insns[i].opcode;
      if (nest_delta(op) <= 0 || op == TGSI_OP_BGNSUB)
         continue;
      unsigned end = matching(s, i, false);
      if (end >= s->num_insns)
         continue;
      bool *keep = keep_all(R);
      unsigned from = i > 0 && R->control[i - 1] == (int)i ? i - 1 : i;
      for (unsigned j = from; j <= end; j++)
         keep[j] = false;
      if (try_without(R, keep)) {
         progress = true;
         i = from - 1; /* wraps for 0; the loop's i++ brings it back */
         continue;
      }
      if (op != TGSI_OP_IF && op != TGSI_OP_UIF)
         continue;
      unsigned mid = matching(s, i, true);
      for (unsigned side = 0; side < 2; side++) {
         keep = keep_all(R);
         keep[i] = keep[end] = keep[mid] = false;
         /* side 0 keeps the THEN body, side 1 the ELSE body */
         for (unsigned j = side ? i + 1 : mid + 1; j < (side ? mid : end);
              j++)
            keep[j] = false;
         if ((side == 0 || mid != end) && try_without(R, keep)) {
            progress = true;
            i--;
            break;
         }
      }
   }
   return progress;
}

static bool
remove_windows(struct reducer *R)
{
   bool progress = remove_constructs(R);
   for (unsigned w = R->best->num_insns / 2; w >= 1; w /= 2) {
      for (unsigned start = 0; start + 1 < R->best->num_insns;) {
         unsigned n = R->best->num_insns;
         bool *keep = ARENA_ARRAY(R->arena, bool, n);
         for (unsigned i = 0; i < n; i++)
            keep[i] = i < start || i >= start + w ||
                      R->best->insns[i].opcode == TGSI_OP_END;
         if (try_without(R, keep))
            progress = true;
         else
            start += w;
      }
   }
   return progress;
}

/* One simplification of operand `k` (dst first, then sources) of
 * instruction `i` in a copy; false if there is nothing to simplify. */
static bool
simplify_operand(struct tgsi_shader *c, unsigned i, unsigned k,
                 unsigned how)
{
   struct tgsi_insn *I = &c->insns[i];
   if (k == 0) {
      bool had = I->saturate || I->precise;
      I->saturate = I->precise = false;
      return how == 0 && had;
   }
   if (k - 1 >= I->num_src)
      return false;
   struct tgsi_src *s = &I->src[k - 1];
   static const uint8_t identity[4] = {0, 1, 2, 3};
   switch (how) {
   case 0:
      if (!s->absolute && !s->negate)
         return false;
      s->absolute = s->negate = false;
      return true;
   case 1:
      if (!memcmp(s->swizzle, identity, 4))
         return false;
      memcpy(s->swizzle, identity, 4);
      return true;
   case 2:
      if (!memcmp(s->swizzle, "\0\0\0\0", 4))
         return false;
      memset(s->swizzle, 0, 4);
      return true;
   default:
      if (!s->reg.indirect)
         return false;
      s->reg.indirect = false;
      return true;
   }
}

static bool
simplify_operands(struct reducer *R)
{
   bool progress = false;
   for (unsigned i = 0; i < R->best->num_insns; i++) {
      if (R->control[i] >= 0)
         continue;
      for (unsigned k = 0; k <= R->best->insns[i].num_src; k++) {
         for (unsigned how = 0; how < 4; how++) {
            struct tgsi_shader *c = copy(R->arena, R->best, NULL, NULL,
                                         NULL);
            if (simplify_operand(c, i, k, how) && try_candidate(R, c))
               progress = true;
         }
      }
   }
   return progress;
}

/* Does a loop's control read IMM[i] (its bound, its increment)? */
static bool
controls_immediate(const struct reducer *R, unsigned i)
{
   for (unsigned k = 0; k < R->best->num_insns; k++) {
      const struct tgsi_insn *I = &R->best->insns[k];
      for (unsigned j = 0; R->control[k] >= 0 && j < I->num_src; j++) {
         if (I->src[j].reg.file == TGSI_REGFILE_IMMEDIATE &&
             I->src[j].reg.index == (int32_t)i)
            return true;
      }
   }
   return false;
}

static bool
simplify_immediates(struct reducer *R)
{
   static const uint32_t simple[] = {0, 1, 0x3f800000};
   bool progress = false;
   for (unsigned i = 0; i < R->best->num_imms; i++) {
      if (controls_immediate(R, i))
         continue;
      for (unsigned w = 0; w < R->best->imms[i].num_words; w++) {
         for (unsigned v = 0; v < 3; v++) {
            if (R->best->imms[i].words[w] == simple[v])
               break;
            struct tgsi_shader *c = copy(R->arena, R->best, NULL, NULL,
                                         NULL);
            c->imms[i].words[w] = simple[v];
            if (try_candidate(R, c)) {
               progress = true;
               break;
            }
         }
      }
   }
   return progress;
}

/* Does `r` (or a register it is indexed by) name a register of `d`?
 * An indirect index may reach any of the file's.  SAMP[i] and SVIEW[i]
 * go together: the interpreter and the compiler take a texture's target
 * and type from either. */
static bool
reg_in_decl(const struct tgsi_reg *r, const struct tgsi_decl *d)
{
   if (r->indirect && r->ind.file == d->file &&
       (uint32_t)r->ind.index >= d->first && (uint32_t)r->ind.index <= d->last)
      return true;
   if (r->dim_indirect && r->dim_ind.file == d->file)
      return true;
   enum tgsi_regfile f = r->file;
   bool paired = (f == TGSI_REGFILE_SAMPLER &&
                  d->file == TGSI_REGFILE_SAMPLER_VIEW) ||
                 (f == TGSI_REGFILE_SAMPLER_VIEW &&
                  d->file == TGSI_REGFILE_SAMPLER);
   if (f != d->file && !paired)
      return false;
   if (d->dimension && !r->dim_indirect &&
       (r->dimension ? (uint32_t)r->dim_index : 0) != d->dim_index)
      return false;
   return r->indirect ||
          ((uint32_t)r->index >= d->first && (uint32_t)r->index <= d->last);
}

static bool
decl_referenced(const struct tgsi_shader *s, const struct tgsi_decl *d)
{
   for (unsigned i = 0; i < s->num_insns; i++) {
      const struct tgsi_insn *I = &s->insns[i];
      for (unsigned k = 0; k < I->num_dst; k++) {
         if (reg_in_decl(&I->dst[k].reg, d))
            return true;
      }
      for (unsigned k = 0; k < I->num_src; k++) {
         if (reg_in_decl(&I->src[k].reg, d))
            return true;
      }
      for (unsigned k = 0; k < I->num_offsets; k++) {
         const struct tgsi_tex_offset *o = &I->offsets[k];
         if (o->file == d->file && (uint32_t)o->index >= d->first &&
             (uint32_t)o->index <= d->last)
            return true;
      }
   }
   return false;
}

static bool
imm_referenced(const struct tgsi_shader *s, unsigned imm)
{
   struct tgsi_decl d = {.file = TGSI_REGFILE_IMMEDIATE,
                         .first = imm,
                         .last = imm};
   return decl_referenced(s, &d);
}

/* Tries removing each immediate (`decls` false) or declaration. */
static bool
drop_items(struct reducer *R, bool decls)
{
   bool progress = false;
   for (unsigned i = 0;
        i < (decls ? R->best->num_decls : R->best->num_imms); i++) {
      unsigned n = decls ? R->best->num_decls : R->best->num_imms;
      bool *keep = ARENA_ARRAY(R->arena, bool, n);
      for (unsigned j = 0; j < n; j++)
         keep[j] = j != i;
      if (decls ? decl_referenced(R->best, &R->best->decls[i])
                : imm_referenced(R->best, i))
         continue;
      if (try_candidate(R, copy(R->arena, R->best, NULL,
                                decls ? keep : NULL, decls ? NULL : keep))) {
         progress = true;
         i--;
      }
   }
   return progress;
}

static bool
drop_declarations(struct reducer *R)
{
   bool progress = drop_items(R, false);
   return drop_items(R, true) || progress;
}

struct tgsi_shader *
gen_reduce(struct arena *arena, const struct tgsi_shader *s,
           gen_still_fails fails, void *user, unsigned *steps)
{
   struct reducer R;
   memset(&R, 0, sizeof(R));
   R.fails = fails;
   R.user = user;
   R.arena = &R.scratch;
   arena_init(&R.scratch, 0);
   arena_init(&R.keep[0], 0);
   R.best = copy(&R.keep[0], s, NULL, NULL, NULL);
   R.control = loop_control(&R.keep[0], R.best);
   /* Removing instructions is what shrinks most and cheapest; the
    * operand-by-operand passes run once it has converged. */
   for (unsigned round = 0; round < 3; round++) {
      while (remove_windows(&R))
         ;
      bool progress = simplify_operands(&R);
      progress |= simplify_immediates(&R);
      progress |= drop_declarations(&R);
      if (!progress)
         break;
   }
   *steps = R.steps;
   struct tgsi_shader *result = copy(arena, R.best, NULL, NULL, NULL);
   arena_finish(&R.scratch);
   arena_finish(&R.keep[R.cur]);
   return result;
}
