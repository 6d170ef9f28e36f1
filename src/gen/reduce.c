/* SPDX-License-Identifier: MIT */
/*
 * The reducer: shrinks a failing program while the caller's test says
 * it still fails the same way (delta debugging, greedy).  Candidates are
 * built on copies of the decoded shader, never on text:
 *
 * 1. remove windows of instructions, halving the window down to one
 *    (a window that breaks the structure fails to compile, which is a
 *    different failure, so the test rejects it);
 * 2. simplify each operand: no saturate or precise, no abs or negate,
 *    the identity swizzle, a direct index;
 * 3. simplify immediates (0, 1, 1.0), then drop unused declarations
 *    and immediates.
 * Step 1 repeats until it removes nothing, then 2 and 3 run; at most
 * three such rounds.
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
try_candidate(struct reducer *R, struct tgsi_shader *c)
{
   R->steps++;
   bool fails = R->fails(c, R->user);
   if (fails) {
      unsigned next = 1 - R->cur;
      arena_init(&R->keep[next], 0);
      R->best = copy(&R->keep[next], c, NULL, NULL, NULL);
      arena_finish(&R->keep[R->cur]);
      R->cur = next;
   }
   arena_finish(&R->scratch);
   arena_init(&R->scratch, 0);
   return fails;
}

static bool
remove_windows(struct reducer *R)
{
   bool progress = false;
   for (unsigned w = R->best->num_insns / 2; w >= 1; w /= 2) {
      for (unsigned start = 0; start + 1 < R->best->num_insns;) {
         unsigned n = R->best->num_insns;
         bool *keep = ARENA_ARRAY(R->arena, bool, n);
         for (unsigned i = 0; i < n; i++)
            keep[i] = i < start || i >= start + w ||
                      R->best->insns[i].opcode == TGSI_OP_END;
         if (try_candidate(R, copy(R->arena, R->best, keep, NULL, NULL)))
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

static bool
simplify_immediates(struct reducer *R)
{
   static const uint32_t simple[] = {0, 1, 0x3f800000};
   bool progress = false;
   for (unsigned i = 0; i < R->best->num_imms; i++) {
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
