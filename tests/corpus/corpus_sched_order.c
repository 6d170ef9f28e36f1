/* SPDX-License-Identifier: MIT */
/*
 * sched_order against every vertex, fragment and compute shader of
 * $TGSIVA_SHARED/corpus that uses no double-precision opcode: the IR
 * before the pass (after sched_sink_loads, the pass before it) and after
 * it, read back from their printed form, compared block by block.  The
 * rules are stated again here, on their own, so that a slip in the pass's
 * dependence graph shows as a broken pair rather than as silently wrong
 * code:
 *
 * 1. Each block holds the same instructions; its leading phis and
 *    preloads and its terminator are where they were, and no preload
 *    comes after another instruction.
 * 2. Two instructions with side effects keep their order; so do a fence
 *    (side effects, but no store or atomic; or a varying load in
 *    .retrieve mode) and anything else, and an
 *    instruction with side effects and a memory read (a message without
 *    side effects other than LD_VAR* and LEA_*), unless one of the two
 *    is a LOAD or STORE of thread-local storage (addressed by
 *    thread_local_pointer or a SHADDX of it) and the other is not: no
 *    other address reaches a thread's own storage.
 * 3. The IR validator passes (definitions dominate uses).
 * 4. A program whose pressure was at most 31 stays at most 31.
 *
 * Prints "N passed, N failed" and the first few failures.  Exits 77
 * (skipped) without the corpus.  $TGSIVA_CORPUS names another corpus
 * with the same layout (../corpus_dir.h: corpus-apps).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "emit/va.h"
#include "ra/ra.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

struct texts {
   struct arena *arena;
   const char *before[2], *after[2];
   unsigned nbefore, nafter;
};

static void
keep(void *ctx, const char *pass, const char *text)
{
   struct texts *t = ctx;
   if (!strcmp(pass, "sched_sink_loads") && t->nbefore < 2)
      t->before[t->nbefore++] = arena_strdup(t->arena, text);
   else if (!strcmp(pass, "sched_order") && t->nafter < 2)
      t->after[t->nafter++] = arena_strdup(t->arena, text);
}

enum kind { KIND_OTHER, KIND_READ, KIND_WRITE, KIND_FENCE };

static bool
starts(const char *name, const char *prefix)
{
   return !strncmp(name, prefix, strlen(prefix));
}

static enum kind
kind_of(const struct ir_instr *I)
{
   bool side = ir_instr_has_side_effects(I);
   if (I->op != IR_OP_VA)
      return side || I->op == IR_OP_PHI ? KIND_FENCE : KIND_OTHER;
   const struct va_form *f = va_form((enum va_op)I->va_op);
   if (side) {
      bool write = f->message && (starts(f->name, "STORE") ||
                                  starts(f->name, "ST_") ||
                                  starts(f->name, "ATOM"));
      return write ? KIND_WRITE : KIND_FENCE;
   }
   if (I->va->mod[VA_MOD_UPDATE] == VA_UPDATE_MODE_RETRIEVE ||
       I->va->mod[VA_MOD_SAMPLE_AND_UPDATE] ==
          VA_SAMPLE_AND_UPDATE_MODE_RETRIEVE)
      return KIND_FENCE;
   if (f->message && !starts(f->name, "LD_VAR") && !starts(f->name, "LEA_"))
      return KIND_READ;
   return KIND_OTHER;
}

/* A LOAD or STORE whose address is thread_local_pointer, or a SHADDX
 * of it. */
static bool
thread_local(const struct ir_shader *s, const struct ir_instr *I)
{
   if (I->op != IR_OP_VA || !I->nsrc)
      return false;
   const char *name = va_form((enum va_op)I->va_op)->name;
   if (!starts(name, "LOAD") && !starts(name, "STORE"))
      return false;
   struct ir_ref addr = I->src[0];
   if (addr.kind == IR_REF_VALUE) {
      const struct ir_instr *d = ir_value(s, addr.index)->def;
      if (!d || d->op != IR_OP_VA ||
          strcmp(va_form((enum va_op)d->va_op)->name, "SHADDX.u64"))
         return false;
      addr = d->src[0];
   }
   return addr.kind == IR_REF_SPECIAL &&
          addr.index == VA_SPECIAL_THREAD_LOCAL_POINTER;
}

static bool
must_keep_order(enum kind a, bool a_local, enum kind b, bool b_local)
{
   if (a == KIND_FENCE || b == KIND_FENCE)
      return true;
   if (a == KIND_WRITE || b == KIND_WRITE)
      return a != KIND_OTHER && b != KIND_OTHER && a_local == b_local;
   return false;
}

struct line {
   const char *text;
   struct ir_instr *I;
   uint32_t after; /* position in the new order */
};

static const char *
instr_text(struct arena *a, const struct ir_shader *s,
           const struct ir_instr *I)
{
   struct strbuf sb;
   strbuf_init(&sb, a);
   ir_print_instr(&sb, s, I);
   return sb.data;
}

static bool
fixed(const struct ir_instr *I)
{
   return I->op == IR_OP_PHI || I->op == IR_OP_PRELOAD;
}

/* Rules 1 and 2 for one block; NULL if they hold. */
static const char *
check_block(struct arena *a, const struct ir_shader *sb,
            const struct ir_block *b, const struct ir_shader *sa,
            const struct ir_block *c)
{
   size_t n = 0, m = 0;
   ir_foreach_instr(b, I)
      n++;
   ir_foreach_instr(c, I)
      m++;
   if (n != m)
      return "a block gained or lost instructions";
   struct line *old = ARENA_ARRAY(a, struct line, n + 1);
   const char **now = ARENA_ARRAY(a, const char *, n + 1);
   bool *taken = ARENA_ARRAY(a, bool, n + 1);
   size_t k = 0;
   ir_foreach_instr(b, I) {
      old[k].I = I;
      old[k++].text = instr_text(a, sb, I);
   }
   k = 0;
   ir_foreach_instr(c, I)
      now[k++] = instr_text(a, sa, I);
   /* The k-th copy of a text before is the k-th copy after. */
   for (size_t i = 0; i < n; i++) {
      size_t j = 0;
      while (j < n && (taken[j] || strcmp(now[j], old[i].text)))
         j++;
      if (j == n)
         return "an instruction disappeared";
      taken[j] = true;
      old[i].after = (uint32_t)j;
   }
   bool seen_other = false;
   ir_foreach_instr(c, I) {
      if (I->op == IR_OP_PRELOAD && seen_other)
         return "a preload after another instruction";
      seen_other = seen_other || !fixed(I);
   }
   bool head = true;
   for (size_t i = 0; i < n; i++) {
      head = head && fixed(old[i].I);
      if ((head || (ir_op_infos[old[i].I->op].flags & IR_OPF_TERM)) &&
          old[i].after != i)
         return "a phi, leading preload or terminator moved";
   }
   for (size_t i = 0; i < n; i++) {
      enum kind ki = kind_of(old[i].I);
      bool li = thread_local(sb, old[i].I);
      for (size_t j = i + 1; j < n; j++) {
         if (must_keep_order(ki, li, kind_of(old[j].I),
                             thread_local(sb, old[j].I)) &&
             old[i].after > old[j].after)
            return arena_printf(a, "'%s' and '%s' swapped", old[i].text,
                                old[j].text);
      }
   }
   return NULL;
}

static const char *
check_program(struct arena *a, const char *before, const char *after)
{
   /* In the arena, not a local: the validator fills it before it jumps
    * back here (C11 7.13.2.1). */
   struct tgsiva_diagnostic *d = ARENA_NEW(a, struct tgsiva_diagnostic);
   diag_clear(d);
   struct ir_shader *sb = ir_read(a, before, d);
   struct ir_shader *sa = sb ? ir_read(a, after, d) : NULL;
   if (!sa)
      return arena_printf(a, "printed IR does not read back: %s",
                          d->message);
   jmp_buf bail;
   sa->diag = d;
   sa->bail = &bail;
   if (setjmp(bail))
      return arena_printf(a, "invalid IR: %s", d->message);
   ir_validate(sa, "sched_order");
   for (struct ir_block *b = sb->first_block, *c = sa->first_block; b || c;
        b = b->next, c = c->next) {
      if (!b || !c)
         return "the blocks differ";
      const char *why = check_block(a, sb, b, sa, c);
      if (why)
         return why;
   }
   unsigned pb = ra_max_pressure(sb), pa = ra_max_pressure(sa);
   if (pb <= 31 && pa > 31)
      return arena_printf(a, "pressure %u -> %u", pb, pa);
   return NULL;
}

/* 1 passed, 0 skipped (doubles), -1 failed. */
static int
check_file(const char *path)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   const char *why = NULL;
   int result = 1;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_file(&arena, path, &tgsi, &d)) {
      why = d.message;
   } else if (tgsi_uses_doubles(tgsi)) {
      /* Software doubles make programs of thousands of instructions,
       * on which this check's pressure analysis is too slow for the
       * suite (corpus_compile compiles them, sched_order included). */
      result = 0;
   } else {
      struct texts t = {.arena = &arena};
      struct compile_options opts = {.validate = true, .print = keep,
                                     .print_ctx = &t};
      struct compile_result r;
      if (!compile_tgsi(&arena, tgsi, &opts, &r, &d))
         why = d.message;
      else if (t.nbefore != r.program_count || t.nafter != t.nbefore)
         why = "sched_order did not run on every program";
      for (unsigned p = 0; !why && p < t.nbefore; p++)
         why = check_program(&arena, t.before[p], t.after[p]);
   }
   if (why) {
      printf("FAIL %s: %s\n", path, why);
      result = -1;
   }
   arena_finish(&arena);
   return result;
}

int
main(void)
{
   static const char *const stages[] = {"vs", "fs", "cs"};
   unsigned passed = 0, failed = 0, doubles = 0;
   struct arena arena;
   arena_init(&arena, 0);
   bool found = false;
   for (unsigned s = 0; s < 3; s++) {
      char **paths;
      size_t count;
      if (!test_corpus_stage(&arena, stages[s], &paths, &count))
         continue;
      found = true;
      for (size_t i = 0; i < count; i++) {
         int r = check_file(paths[i]);
         passed += r > 0;
         failed += r < 0;
         doubles += r == 0;
      }
   }
   if (!found) {
      printf("no %s under $TGSIVA_SHARED: skipped\n", test_corpus());
      arena_finish(&arena);
      return 77;
   }
   printf("\n%s, sched_order: %u passed, %u failed (%u shaders with "
          "doubles skipped)\n",
          test_corpus(), passed, failed, doubles);
   arena_finish(&arena);
   return failed ? 1 : 0;
}
