/* SPDX-License-Identifier: MIT */
/*
 * Does compile time grow linearly with shader size?  Generates four
 * families of fragment shaders (--vertex: vertex shaders) in tgsi_dump
 * text (straight-line ALU with 16 live vec4 values, nested IF/ELSE,
 * counted loops, indirect TEMP arrays) at 100 to 100,000 TGSI
 * instructions, compiles each through tgsiva_compile_text() as a
 * driver's release build would (validators off; --validate turns them
 * on) and prints, per family and size: the best time of a few compiles
 * and per TGSI instruction with memory fresh from the system ("cold": the
 * heap is trimmed before each compile, so every page the compile
 * touches is a page fault, as in a driver's first compiles), the time
 * per instruction with the memory of an earlier compile of the same
 * shader ("warm": a driver's steady state, one arena kept per thread),
 * the compile's peak arena memory and bytes per instruction, the
 * instructions it emitted and the warm time per emitted instruction, and
 * for both times the ratio of the largest to the smallest per TGSI
 * instruction.  The emitted count shows how much code a size makes:
 * the indirect family's 100-instruction shader fills its 32-element
 * array and eight vec4 values in 40 instructions that make most of its
 * code (2.3 emitted per TGSI instruction), where its larger ones are
 * mostly a body that optimisation shrinks (0.7).
 * Without the trim the small shaders would reuse freed pages and the
 * large ones not, and the ratio would measure the C library's heap
 * thresholds.  --passes adds the slowest passes of each compile and
 * those whose IR took the most arena memory (through the pipeline's
 * per-pass hook; the first, translate, includes the parse);
 * --all-passes every pass, slowest first.  --dump
 * prints one shader (options before it apply).
 *
 *    bench_scaling [--validate] [--vertex] [--passes] [--all-passes] [--max N]
 *                  [--repeats R] [--family NAME] [--dump FAMILY SIZE]
 *
 * A size whose compile takes over 60 s ends its family (the rest would
 * take longer still).  Timings on a shared machine are noisy, and the
 * noise only ever adds time: each figure is the best of its compiles
 * (--repeats of each size up to 10,000, 3 above), as mesa-ref's
 * compile_us_min is Mesa's best of 20; a median of one compile at the
 * large sizes let one slowed run set the ratio.  Compare ratios, not
 * microseconds.
 */
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "compile.h"
#include "tgsiva/compile.h"
#include "util/arena.h"

#define LIVE 8      /* vec4 values every family keeps live */
#define WIDE 16     /* ... and the straight-line family */
#define ARRAY_LEN 32 /* vec4 elements of the indirect array: over
                      * T_SELECT_MAX_ELEMENTS, so in memory */

/* One generated instruction: its text and, for flow, a label. */
struct line {
   char text[96];
   unsigned depth;
   int label; /* -1: none; else the instruction index it names */
};

struct gen {
   struct line *lines;
   size_t len, cap;
   unsigned depth;
   unsigned serial; /* varies operands from one instruction to the next */
   size_t open[64]; /* IF/ELSE lines waiting for their label */
   unsigned open_len;
};

static struct line *
emit(struct gen *g, const char *fmt, ...)
{
   if (g->len == g->cap) {
      g->cap = g->cap ? 2 * g->cap : 256;
      g->lines = realloc(g->lines, g->cap * sizeof(*g->lines));
      if (!g->lines)
         abort();
   }
   struct line *l = &g->lines[g->len++];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(l->text, sizeof(l->text), fmt, ap);
   va_end(ap);
   l->depth = g->depth;
   l->label = -1;
   return l;
}

/* One ALU instruction over the `width` live values at TEMP[base..]. */
static void
alu(struct gen *g, unsigned base, unsigned width)
{
   unsigned i = g->serial++;
   unsigned d = base + i % width, a = base + (i * 7 + 3) % width,
            b = base + (i * 5 + 1) % width, k = i % 16;
   switch (i % 4) {
   case 0:
      emit(g, "ADD TEMP[%u], TEMP[%u], TEMP[%u].yzwx", d, a, b);
      break;
   case 1:
      emit(g, "MUL TEMP[%u], TEMP[%u], CONST[0][%u]", d, a, k);
      break;
   case 2:
      emit(g, "MAD TEMP[%u], TEMP[%u], TEMP[%u], TEMP[%u]", d, a, b, d);
      break;
   default:
      emit(g, "MAX TEMP[%u], TEMP[%u], TEMP[%u].wzyx", d, a, b);
      break;
   }
}

static void
open_flow(struct gen *g, const char *fmt, unsigned arg)
{
   emit(g, fmt, arg);
   g->open[g->open_len++] = g->len - 1;
   g->depth++;
}

/* ELSE or ENDIF: names itself in the open IF/ELSE. */
static void
close_flow(struct gen *g, const char *op, bool reopen)
{
   g->depth--;
   g->lines[g->open[--g->open_len]].label = (int)g->len;
   emit(g, "%s", op);
   if (reopen) {
      g->open[g->open_len++] = g->len - 1;
      g->depth++;
   }
}

/* Nested IF/ELSE, three deep: 30 instructions at depth 0. */
static void
branch_unit(struct gen *g, unsigned depth)
{
   unsigned i = g->serial;
   emit(g, "FSLT TEMP[%u].x, TEMP[%u].xxxx, CONST[0][%u].xxxx", LIVE,
        i % LIVE, i % 16);
   open_flow(g, "UIF TEMP[%u].xxxx", LIVE);
   for (unsigned k = 0; k < 3; k++)
      alu(g, 0, LIVE);
   if (depth < 2)
      branch_unit(g, depth + 1);
   close_flow(g, "ELSE", true);
   for (unsigned k = 0; k < 3; k++)
      alu(g, 0, LIVE);
   close_flow(g, "ENDIF", false);
}

/* A loop counted by CONST[0][0].x with twelve ALU instructions: 20. */
static void
loop_unit(struct gen *g)
{
   emit(g, "MOV TEMP[%u].x, IMM[1].xxxx", LIVE);
   emit(g, "BGNLOOP")->label = 0;
   g->depth++;
   emit(g, "ISGE TEMP[%u].x, TEMP[%u].xxxx, CONST[0][0].xxxx", LIVE + 1,
        LIVE);
   open_flow(g, "UIF TEMP[%u].xxxx", LIVE + 1);
   emit(g, "BRK");
   close_flow(g, "ENDIF", false);
   for (unsigned k = 0; k < 12; k++)
      alu(g, 0, LIVE);
   emit(g, "UADD TEMP[%u].x, TEMP[%u].xxxx, IMM[1].zzzz", LIVE, LIVE);
   g->depth--;
   emit(g, "ENDLOOP")->label = 0;
}

/* An indexed load and store of the array: 5 instructions. */
static void
indirect_unit(struct gen *g)
{
   unsigned i = g->serial++;
   unsigned base = ARRAY_LEN, idx = ARRAY_LEN + LIVE;
   emit(g, "AND TEMP[%u].x, TEMP[%u].xxxx, IMM[1].wwww", idx,
        base + i % LIVE); /* the float's bits: any index will do */
   emit(g, "UARL ADDR[0].x, TEMP[%u].xxxx", idx);
   emit(g, "ADD TEMP[%u], TEMP[ADDR[0].x](1), TEMP[%u]",
        base + (i * 3 + 1) % LIVE, base + (i * 5 + 2) % LIVE);
   emit(g, "MOV TEMP[ADDR[0].x](1), TEMP[%u]", base + (i * 7 + 5) % LIVE);
   alu(g, base, LIVE);
}

enum family { STRAIGHT, BRANCHY, LOOPS, INDIRECT, FAMILIES };
static const char *const family_names[] = {"straight", "branchy", "loops",
                                           "indirect"};

/* The instructions of `family`, `size` in all (END included). */
static void
generate_body(struct gen *g, enum family family, unsigned size)
{
   unsigned width = family == STRAIGHT ? WIDE : LIVE;
   unsigned base = family == INDIRECT ? ARRAY_LEN : 0;
   unsigned tail = width + 1; /* the sum into OUT[0], END */
   if (family == INDIRECT)
      for (unsigned k = 0; k < ARRAY_LEN; k++)
         emit(g, "MAD TEMP[%u], IN[0], CONST[0][%u], IMM[0].xyzw", k,
              k % 16);
   for (unsigned k = 0; k < width; k++)
      emit(g, "MAD TEMP[%u], IN[0], CONST[0][%u], IMM[0].yzwx", base + k,
           k);
   while (g->len + tail < size) {
      size_t left = size - tail - g->len;
      if (family == BRANCHY && left >= 30)
         branch_unit(g, 0);
      else if (family == LOOPS && left >= 20)
         loop_unit(g);
      else if (family == INDIRECT && left >= 5)
         indirect_unit(g);
      else
         alu(g, base, width);
   }
   for (unsigned k = 1; k < width; k++)
      emit(g, "ADD TEMP[%u], TEMP[%u], TEMP[%u]", base, base, base + k);
   emit(g, "MOV OUT[0], TEMP[%u]", base);
   emit(g, "END");
}

/* The whole shader as tgsi_dump prints it; the caller frees it. */
static char *
generate(enum family family, unsigned size, bool vertex, size_t *len)
{
   struct gen g = {0};
   generate_body(&g, family, size);
   size_t cap = 1024 + g.len * 128;
   char *text = malloc(cap);
   if (!text)
      abort();
   unsigned temps = family == STRAIGHT ? WIDE : LIVE + 2;
   size_t n = (size_t)snprintf(
      text, cap, "%s",
      vertex ? "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n"
               "DCL CONST[0][0..15]\n"
             : "FRAG\nPROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
               "DCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
               "DCL CONST[0][0..15]\n");
   if (family == INDIRECT)
      n += (size_t)snprintf(text + n, cap - n,
                            "DCL TEMP[0..%u], ARRAY(1), LOCAL\n"
                            "DCL TEMP[%u..%u]\nDCL ADDR[0]\n",
                            ARRAY_LEN - 1, ARRAY_LEN,
                            ARRAY_LEN + LIVE);
   else
      n += (size_t)snprintf(text + n, cap - n, "DCL TEMP[0..%u]\n",
                            temps - 1);
   n += (size_t)snprintf(
      text + n, cap - n,
      "IMM[0] FLT32 {    0.5000,     1.0000,     2.0000,     0.2500}\n"
      "IMM[1] UINT32 {0, 4, 1, %u}\n",
      ARRAY_LEN - 1);
   for (size_t i = 0; i < g.len; i++) {
      const struct line *l = &g.lines[i];
      n += (size_t)snprintf(text + n, cap - n, "%3zu: %*s%s", i,
                            (int)(2 * l->depth), "", l->text);
      if (l->label >= 0)
         n += (size_t)snprintf(text + n, cap - n, " :%d", l->label);
      text[n++] = '\n';
   }
   text[n] = '\0';
   free(g.lines);
   *len = n;
   return text;
}

/* Time per pass of one compile, summed by pass name. */
/* Untimed compiles before a warm one is timed.  The second compile in an
 * arena still faults pages in: its requests meet the kept chunks in
 * another order and reach parts of them the first left untouched
 * (loops, 3,000 instructions: 12,894 page faults in the first compile,
 * 208 in the second, 0 from the third on; a fault costs about 10 us on
 * this virtualised machine). */
enum { WARM_UP = 2 };

struct pass_times {
   double last;
   unsigned count;
   const char *name[64];
   double us[64];
   unsigned calls[64];
   /* Bytes the compile's arena handed out during the pass. */
   const struct arena *arena;
   size_t last_used, bytes[64];
};

static void
on_pass(void *ctx, const char *pass)
{
   struct pass_times *p = ctx;
   double t = now_us();
   unsigned i = 0;
   while (i < p->count && strcmp(p->name[i], pass))
      i++;
   if (i == p->count && p->count < 64)
      p->name[p->count++] = pass;
   if (i < 64) {
      p->us[i] += t - p->last;
      p->calls[i]++;
      p->bytes[i] += p->arena->used_bytes - p->last_used;
   }
   p->last_used = p->arena->used_bytes;
   p->last = now_us();
}

/* One compile through the internal pipeline with the per-pass hook: its
 * slowest passes. */
static void
print_slowest_passes(const char *text, size_t len, bool validate,
                     unsigned top)
{
   struct arena arena;
   arena_init(&arena, 0);
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   struct compile_result r;
   struct pass_times p = {0};
   struct compile_options opts = {.validate = validate,
                                  .on_pass = on_pass,
                                  .pass_ctx = &p};
   p.arena = &arena;
   /* Warm, as the table's `warm` column: the compile after WARM_UP in
    * one arena. */
   bool ok = true;
   for (unsigned round = 0; round <= WARM_UP && ok; round++) {
      if (round)
         arena_recycle(&arena, SIZE_MAX);
      p = (struct pass_times){.arena = &arena};
      p.last = now_us();
      ok = tgsi_parse_text(&arena, text, len, &tgsi, &d) &&
           compile_tgsi(&arena, tgsi, &opts, &r, &d);
   }
   arena_finish(&arena);
   if (!ok)
      return;
   for (unsigned k = 0; k < top && p.count; k++) {
      unsigned best = 0;
      for (unsigned i = 1; i < p.count; i++)
         best = p.us[i] > p.us[best] ? i : best;
      if (p.us[best] < 0)
         break;
      printf("%s %s %.0f us (%ux)", k ? "," : "    slowest passes:",
             p.name[best], p.us[best], p.calls[best]);
      p.us[best] = -1;
   }
   printf("\n");
   for (unsigned k = 0; k < 6 && p.count; k++) {
      unsigned best = 0;
      for (unsigned i = 1; i < p.count; i++)
         best = p.bytes[i] > p.bytes[best] ? i : best;
      if (!p.bytes[best])
         break;
      printf("%s %s %.1f MiB", k ? "," : "    most memory:", p.name[best],
             p.bytes[best] / 1048576.0);
      p.bytes[best] = 0;
   }
   printf("\n");
}

/* Best of a few warm compiles: one arena, its chunks kept from one
 * compile to the next (arena_recycle), after WARM_UP untimed ones; the
 * first's peak memory goes to `*peak` (the arena frees nothing before
 * the end but a pass's scratch), the instructions it emitted (all its
 * programs) to `*emitted`. */
static double
time_warm(const char *text, size_t len, bool validate, unsigned repeats,
          size_t *peak, size_t *emitted)
{
   struct arena arena;
   arena_init(&arena, 0);
   struct compile_options opts = {.validate = validate};
   double t[WARM_UP + 16];
   for (unsigned r = 0; r < WARM_UP + repeats; r++) {
      struct tgsiva_diagnostic d;
      struct tgsi_shader *tgsi;
      struct compile_result res;
      double t0 = now_us();
      if (!tgsi_parse_text(&arena, text, len, &tgsi, &d) ||
          !compile_tgsi(&arena, tgsi, &opts, &res, &d)) {
         arena_finish(&arena);
         return -1;
      }
      t[r] = now_us() - t0;
      if (r == 0) {
         *peak = arena.peak_bytes;
         *emitted = 0;
         for (unsigned p = 0; p < res.program_count; p++)
            *emitted += res.programs[p].count;
      }
      arena_recycle(&arena, SIZE_MAX);
   }
   arena_finish(&arena);
   qsort(t + WARM_UP, repeats, sizeof(double), cmp_double);
   return t[WARM_UP];
}

struct config {
   bool validate, passes, vertex;
   unsigned max_size, repeats;
   unsigned top; /* passes printed by --passes */
   int family; /* -1: all */
};

/* Best of a few cold compiles (see the top); -1 when it does not
 * compile. */
static double
time_compile(const char *text, size_t len, const struct config *cfg,
             unsigned repeats)
{
   struct tgsiva_compile_options opts = {
      .validate = cfg->validate,
      .memory_limit = (size_t)8 << 30,
   };
   double t[16];
   for (unsigned r = 0; r < repeats; r++) {
      struct tgsiva_shader *out;
      struct tgsiva_diagnostic d;
      malloc_trim(0);
      double t0 = now_us();
      enum tgsiva_status st = tgsiva_compile_text(text, len, &opts, &out, &d);
      t[r] = now_us() - t0;
      if (st != TGSIVA_OK) {
         fprintf(stderr, "compile failed: %s\n", d.message);
         return -1;
      }
      tgsiva_shader_free(out);
   }
   qsort(t, repeats, sizeof(double), cmp_double);
   return t[0];
}

static void
run_family(enum family f, const struct config *cfg)
{
   static const unsigned sizes[] = {100,   300,   1000,  3000,
                                    10000, 30000, 100000};
   double lo = 0, hi = 0, warm_lo = 0, warm_hi = 0;
   for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
      if (sizes[s] > cfg->max_size)
         break;
      size_t len;
      char *text = generate(f, sizes[s], cfg->vertex, &len);
      /* Fewer repeats of the big ones, but more than one: a single
       * compile on a shared machine may be one another job slowed. */
      unsigned repeats = sizes[s] <= 10000 ? cfg->repeats : 3;
      repeats = repeats > cfg->repeats ? cfg->repeats : repeats;
      double us = time_compile(text, len, cfg, repeats);
      if (us < 0) {
         free(text);
         break;
      }
      size_t peak = 0, emitted = 0;
      double per = us / sizes[s];
      double warm_us =
         time_warm(text, len, cfg->validate, repeats, &peak, &emitted);
      double warm = warm_us / sizes[s];
      double out = emitted ? warm_us / emitted : 0;
      lo = s == 0 || per < lo ? per : lo;
      hi = s == 0 || per > hi ? per : hi;
      warm_lo = s == 0 || warm < warm_lo ? warm : warm_lo;
      warm_hi = s == 0 || warm > warm_hi ? warm : warm_hi;
      printf("%-9s %7u %12.0f %9.2f %9.2f %10.1f %9.0f %8zu %9.2f\n",
             family_names[f], sizes[s], us, per, warm, peak / 1048576.0,
             (double)peak / sizes[s], emitted, out);
      if (cfg->passes)
         print_slowest_passes(text, len, cfg->validate, cfg->top);
      fflush(stdout);
      free(text);
      if (us > 60e6)
         break;
   }
   printf("%-9s largest/smallest us per instruction: %.2f cold, %.2f "
          "warm\n",
          family_names[f], lo > 0 ? hi / lo : 0,
          warm_lo > 0 ? warm_hi / warm_lo : 0);
}

static bool
parse_args(int argc, char **argv, struct config *cfg)
{
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!strcmp(a, "--validate")) {
         cfg->validate = true;
      } else if (!strcmp(a, "--vertex")) {
         cfg->vertex = true;
      } else if (!strcmp(a, "--passes")) {
         cfg->passes = true;
      } else if (!strcmp(a, "--all-passes")) {
         cfg->passes = true;
         cfg->top = 64;
      } else if (!strcmp(a, "--max") && i + 1 < argc) {
         cfg->max_size = (unsigned)atoi(argv[++i]);
      } else if (!strcmp(a, "--repeats") && i + 1 < argc) {
         unsigned r = (unsigned)atoi(argv[++i]);
         cfg->repeats = r < 1 ? 1 : r > 16 ? 16 : r;
      } else if (!strcmp(a, "--family") && i + 1 < argc) {
         const char *name = argv[++i];
         cfg->family = -1;
         for (int f = 0; f < FAMILIES; f++)
            if (!strcmp(name, family_names[f]))
               cfg->family = f;
         if (cfg->family < 0)
            return false;
      } else if (!strcmp(a, "--dump") && i + 2 < argc) {
         for (int f = 0; f < FAMILIES; f++) {
            if (!strcmp(argv[i + 1], family_names[f])) {
               size_t len;
               char *text = generate(f, (unsigned)atoi(argv[i + 2]),
                                     cfg->vertex, &len);
               fwrite(text, 1, len, stdout);
               free(text);
               exit(0);
            }
         }
         return false;
      } else {
         return false;
      }
   }
   return true;
}

int
main(int argc, char **argv)
{
   struct config cfg = {.max_size = 100000, .repeats = 5, .family = -1,
                        .top = 6};
   if (!parse_args(argc, argv, &cfg)) {
      fprintf(stderr, "usage: bench_scaling [--validate] [--vertex] [--passes] "
                      "[--all-passes] "
                      "[--max N] [--repeats R] [--family "
                      "straight|branchy|loops|indirect] "
                      "[--dump FAMILY SIZE]\n");
      return 1;
   }
   printf("%s shaders, validators %s; best of up to %u compiles\n",
          cfg.vertex ? "vertex" : "fragment", cfg.validate ? "on" : "off",
          cfg.repeats);
   printf("%-9s %7s %12s %9s %9s %10s %9s %8s %9s\n", "family", "insns",
          "us/compile", "us/insn", "warm", "peak MiB", "B/insn", "emitted",
          "warm/emit");
   for (int f = 0; f < FAMILIES; f++)
      if (cfg.family < 0 || cfg.family == f)
         run_family(f, &cfg);
   return 0;
}
