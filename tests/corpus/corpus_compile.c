/* SPDX-License-Identifier: MIT */
/*
 * The compiler against every vertex, fragment and compute shader of
 * $TGSIVA_SHARED/corpus (those with double-precision opcodes too, counted
 * apart).
 *
 *   corpus_compile ir    translate and optimise, validating after every
 *                        pass (issue 4)
 *   corpus_compile spill same as full with --max-registers 8 (r0-r7 and
 *                        r56-r63), so that spilling runs on real shaders
 *   corpus_compile full  compile to Valhall binaries (issue 5): the
 *                        hardware-rule validator passes on every binary,
 *                        disassembling then assembling it gives the same
 *                        words, it touches only registers it may use, and
 *                        the IR printed after the last pass is its
 *                        disassembly, instruction for instruction
 *
 * Prints "N passed, N failed" and the failures grouped by cause (the
 * message with numbers and names removed), then every failing file.
 * Exits 77 (skipped) without the corpus.
 * $TGSIVA_CORPUS names another corpus with the same layout
 * (../corpus_dir.h: corpus-apps).
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "emit/va.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"
#include "../ir_disasm_check.h"

struct cause {
   char text[160];
   unsigned count;
   const char *example;
};

struct tally {
   unsigned passed, failed, doubles;
   unsigned long compared; /* IR == disassembly instructions */
   struct cause causes[256];
   unsigned ncauses;
};

/* The message without digits, so that one cause groups many files. */
static void
cause_of(const char *msg, char *out, size_t size)
{
   size_t n = 0;
   for (const char *p = msg; *p && n + 1 < size; p++) {
      if (isdigit((unsigned char)*p)) {
         if (n == 0 || out[n - 1] != '#')
            out[n++] = '#';
         continue;
      }
      out[n++] = *p;
   }
   out[n] = '\0';
}

static void
record_failure(struct tally *t, const char *file, const char *msg)
{
   char text[160];
   cause_of(msg, text, sizeof(text));
   t->failed++;
   for (unsigned i = 0; i < t->ncauses; i++) {
      if (!strcmp(t->causes[i].text, text)) {
         t->causes[i].count++;
         return;
      }
   }
   if (t->ncauses < 256) {
      struct cause *c = &t->causes[t->ncauses++];
      snprintf(c->text, sizeof(c->text), "%s", text);
      c->count = 1;
      c->example = strdup(file);
   }
}

/* NULL if disassembly then assembly reproduces the words. */
static const char *
round_trip(struct arena *a, const struct compile_program *p)
{
   struct strbuf sb;
   struct tgsiva_diagnostic d;
   uint64_t *words;
   size_t count;
   strbuf_init(&sb, a);
   va_disassemble(&sb, p->words, p->count, 0);
   diag_clear(&d);
   if (!va_assemble(a, sb.data, sb.len, &words, &count, &d))
      return arena_printf(a, "disassembly does not assemble: %s",
                          d.message);
   if (count != p->count)
      return "disassembly assembles to a different number of words";
   for (size_t i = 0; i < count; i++) {
      if (words[i] != p->words[i])
         return arena_printf(a, "word %zu changes through disassembly", i);
   }
   return NULL;
}

/* Every register an instruction touches is one the program may use: its
 * work registers (the full-occupancy set with 32), the forced set
 * r0-r7 + r56-r63 under --max-registers 8, what the hardware preloads,
 * and r48, which the blend-shader tail writes. */
static const char *
register_check(struct arena *a, const struct compile_program *p,
               unsigned max_registers)
{
   uint64_t allowed = p->work_registers == 64 ? ~0ull
                                              : 0xffffull | (0xffffull << 48);
   if (max_registers == 8)
      allowed = 0xffull | (0xffull << 56);
   allowed |= p->preload_mask | (1ull << 48);
   for (size_t i = 0; i < p->count; i++) {
      struct va_instr I;
      uint64_t r, w;
      if (!va_decode(p->words[i], &I))
         return "a word does not decode";
      va_instr_registers(&I, &r, &w);
      if ((r | w) & ~allowed)
         return arena_printf(a, "word %zu uses r%d, outside the %u "
                             "registers allowed", i,
                             __builtin_ctzll((r | w) & ~allowed),
                             p->work_registers);
   }
   return NULL;
}

/* The IR printed after the last pass, per program. */
struct capture {
   struct arena *arena;
   const char *text[2];
   unsigned n;
};

static void
capture_ir(void *ctx, const char *pass, const char *text)
{
   (void)pass;
   struct capture *c = ctx;
   if (c->n < 2)
      c->text[c->n++] = arena_printf(c->arena, "%s", text);
}

/* The IR printed after the last pass against the words. */
static const char *
ir_matches_words(struct arena *a, const char *ir,
                 const struct compile_program *p, struct tally *t)
{
   unsigned long n = 0;
   const char *why = ir_disasm_mismatch(a, ir, p->words, p->count, &n);
   if (!why)
      t->compared += n;
   return why;
}

static void
compile_file(struct tally *t, const char *path, bool full,
             unsigned max_registers)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_file(&arena, path, &tgsi, &d)) {
      record_failure(t, path, d.message);
   } else {
      t->doubles += tgsi_uses_doubles(tgsi);
      struct capture cap = {.arena = &arena};
      struct compile_options opts = {.validate = true,
                                     .stop_after_ir = !full,
                                     .max_registers = max_registers};
      if (full) {
         opts.print = capture_ir;
         opts.print_ctx = &cap;
         opts.print_pass = "va_blend_tail"; /* the last pass */
      }
      struct compile_result result;
      if (compile_tgsi(&arena, tgsi, &opts, &result, &d)) {
         const char *why = NULL;
         for (unsigned p = 0; full && !why && p < result.program_count;
              p++) {
            why = round_trip(&arena, &result.programs[p]);
            if (!why)
               why = register_check(&arena, &result.programs[p],
                                    max_registers);
            if (!why)
               why = p < cap.n ? ir_matches_words(&arena, cap.text[p],
                                                  &result.programs[p], t)
                               : "the IR after the last pass was not printed";
         }
         if (why) {
            record_failure(t, path, why);
            printf("FAIL %s: %s\n", path, why);
         } else {
            t->passed++;
         }
      } else {
         record_failure(t, path, d.message);
         printf("FAIL %s: %s\n", path, d.message);
      }
   }
   arena_finish(&arena);
}

int
main(int argc, char **argv)
{
   bool spill = argc > 1 && !strcmp(argv[1], "spill");
   bool full = spill || (argc > 1 && !strcmp(argv[1], "full"));
   static const char *const stages[] = {"vs", "fs", "cs"};
   struct tally t = {0};
   struct arena arena;
   arena_init(&arena, 0);
   bool found = false;
   for (unsigned s = 0; s < 3; s++) {
      char **paths;
      size_t count;
      if (!test_corpus_stage(&arena, stages[s], &paths, &count))
         continue;
      found = true;
      for (size_t i = 0; i < count; i++)
         compile_file(&t, paths[i], full, spill ? 8 : 0);
   }
   if (!found) {
      printf("no %s under $TGSIVA_SHARED: skipped\n", test_corpus());
      return 77;
   }
   printf("\ncauses:\n");
   for (unsigned i = 0; i < t.ncauses; i++)
      printf("%6u  %s  (e.g. %s)\n", t.causes[i].count, t.causes[i].text,
             t.causes[i].example);
   printf("\n%s, %s: %u passed, %u failed (%u of them use doubles)\n",
          test_corpus(),
          spill ? "compile with 8 (+8) registers" : full ? "compile" : "ir",
          t.passed, t.failed, t.doubles);
   if (full)
      printf("IR after the last pass == disassembly: %lu instructions "
             "compared\n", t.compared);
   arena_finish(&arena);
   return t.failed ? 1 : 0;
}
