/* SPDX-License-Identifier: MIT */
/*
 * Compile speed and memory over the corpus: every non-double VS/FS/CS
 * shader of $TGSIVA_SHARED/corpus and corpus-apps (or the directories
 * given) compiled from its tokens through the public API, as a driver
 * would, several times.  Prints shaders per second, the median and 90th
 * percentile time per shader, the peak resident memory, Mesa's median
 * compile time for the same shaders (mesa-ref/stats.csv) when it is
 * there, and shader by shader against Mesa's fastest time (its
 * compile_us_min, against the best of our rounds): the median and
 * geometric mean of the speed-ups, how many shaders compile slower than
 * in Mesa and the least speed-ups; the slowest shaders with their TGSI
 * instruction count and time per instruction, and a checksum of every
 * binary (equal checksums before and after a change that should not
 * change code: it did not).
 *
 *    bench_compile_corpus [--rounds N] [--max-registers N] [--slowest K]
 *                         [--text] [--workspace] [--warm]
 *                         [CORPUS_TGSI_DIR...]
 *
 * --text times tgsiva_compile_text() on the files' text instead of
 * tgsiva_compile() on tokens (a driver that keeps tgsi_dump text).
 * --workspace compiles in one tgsiva_workspace (a driver's compile
 * thread keeping its memory from shader to shader) instead of memory
 * from malloc for each compile; the checksum must not change.
 * --warm times each shader as mesa-ref/METHOD.md timed Mesa's: one
 * untimed compile, then its N rounds one after another, the best kept.
 * Without it a round compiles every shader once, so a small shader
 * often follows a large one and starts with cold caches (a harder test
 * than Mesa's numbers had; use --warm --text to compare like for like).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_util.h"
#include "tgsi/tgsi.h"
#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"
#include "util/fileio.h"

struct shader {
   uint32_t *tokens;
   size_t count;
   const char *path;
   const char *text; /* --text: kept, and compiled instead of the tokens */
   size_t len;
   unsigned insns; /* TGSI instructions */
   double us;      /* the best of the rounds */
};

/* One column of mesa-ref/stats.csv for every shader Mesa compiled
 * (file "vs/NAME.tgsi"). */
struct mesa_time {
   char file[64];
   double us;
};

static size_t
mesa_times(struct arena *arena, const char *shared, const char *column,
           struct mesa_time **out)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/mesa-ref/stats.csv", shared);
   FILE *f = fopen(path, "r");
   if (!f)
      return 0;
   VEC(struct mesa_time) t = {0};
   char line[4096];
   int col = -1;
   while (fgets(line, sizeof(line), f)) {
      char *fields[64];
      int nf = 0;
      for (char *p = strtok(line, ","); p && nf < 64; p = strtok(NULL, ","))
         fields[nf++] = p;
      if (col < 0) {
         for (int i = 0; i < nf; i++)
            if (!strcmp(fields[i], column))
               col = i;
         continue;
      }
      if (col < nf && nf > 1 && !strcmp(fields[1], "ok") &&
          strlen(fields[0]) < sizeof(t.data->file)) {
         struct mesa_time *m = VEC_PUSH(arena, &t);
         snprintf(m->file, sizeof(m->file), "%s", fields[0]);
         m->us = atof(fields[col]);
      }
   }
   fclose(f);
   *out = t.data;
   return t.len;
}

/* Mesa's median compile time over the shaders it compiled. */
static double
mesa_median(struct arena *arena, const char *shared)
{
   struct mesa_time *m;
   size_t n = mesa_times(arena, shared, "compile_us_median", &m);
   if (!n)
      return -1;
   double *t = ARENA_ARRAY(arena, double, n);
   for (size_t i = 0; i < n; i++)
      t[i] = m[i].us;
   qsort(t, n, sizeof(double), cmp_double);
   return t[n / 2];
}

struct speedup {
   double ratio; /* Mesa's time / ours */
   const struct shader *sh;
};

static int
cmp_speedup(const void *a, const void *b)
{
   const struct speedup *x = a, *y = b;
   return x->ratio < y->ratio ? -1 : x->ratio > y->ratio;
}

/* Shader by shader against Mesa, for the corpus shaders it compiled. */
static void
print_against_mesa(struct arena *arena, const char *shared,
                   const struct shader *shaders, size_t n)
{
   struct mesa_time *m;
   size_t nm = mesa_times(arena, shared, "compile_us_min", &m);
   struct speedup *sp = ARENA_ARRAY(arena, struct speedup, n + 1);
   size_t k = 0, slower = 0;
   double log_sum = 0;
   for (size_t i = 0; i < n; i++) {
      const char *at = strstr(shaders[i].path, "/corpus/tgsi/");
      if (!at || shaders[i].us <= 0)
         continue;
      at += strlen("/corpus/tgsi/");
      for (size_t j = 0; j < nm; j++) {
         if (strcmp(m[j].file, at) || m[j].us <= 0)
            continue;
         sp[k] = (struct speedup){m[j].us / shaders[i].us, &shaders[i]};
         log_sum += log(sp[k].ratio);
         slower += sp[k].ratio < 1;
         k++;
         break;
      }
   }
   if (!k)
      return;
   qsort(sp, k, sizeof(*sp), cmp_speedup);
   printf("against Mesa, shader by shader (%zu shaders; its fastest "
          "compile / our best): median %.2fx, geomean %.2fx, %zu slower "
          "than Mesa\n",
          k, sp[k / 2].ratio, exp(log_sum / (double)k), slower);
   printf("least speed-up: Mesa us  our us  ratio  file\n");
   for (size_t i = 0; i < k && i < 5; i++)
      printf("%10.1f %7.1f %6.2f  %s\n", sp[i].ratio * sp[i].sh->us,
             sp[i].sh->us, sp[i].ratio, sp[i].sh->path);
}

static int
cmp_slowest(const void *a, const void *b)
{
   const struct shader *x = a, *y = b;
   return x->us < y->us ? 1 : x->us > y->us ? -1 : 0;
}

/* Every shader of ROOT/{vs,fs,cs}, as tokens. */
static void
load(struct arena *arena, const char *root, bool keep_text,
     void *shaders_vec)
{
   static const char *const stages[] = {"vs", "fs", "cs"};
   VEC(struct shader) *shaders = shaders_vec;
   for (unsigned s = 0; s < 3; s++) {
      char sub[4200];
      char **paths;
      size_t n;
      snprintf(sub, sizeof(sub), "%s/%s", root, stages[s]);
      if (!file_list(arena, sub, ".tgsi", &paths, &n))
         continue;
      for (size_t i = 0; i < n; i++) {
         struct tgsiva_diagnostic d;
         struct tgsi_shader *parsed;
         char *text;
         size_t len;
         struct shader sh = {.path = paths[i]};
         /* The text and the parse are not kept: the peak memory printed
          * is the compiles'. */
         struct arena_mark before = arena_mark(arena);
         bool ok = file_read(arena, paths[i], &text, &len, &d);
         if (ok && keep_text) {
            sh.text = text;
            sh.len = len;
            before = arena_mark(arena);
         }
         ok = ok && tgsi_parse_text(arena, text, len, &parsed, &d) &&
                   tgsiva_tgsi_text_to_tokens(text, len, &sh.tokens,
                                              &sh.count, &d) == TGSIVA_OK;
         if (ok)
            sh.insns = parsed->num_insns;
         arena_release(arena, before);
         if (ok)
            *VEC_PUSH(arena, shaders) = sh;
      }
   }
}

/* FNV-1a over every binary: equal before and after a change that
 * must not change code. */
static uint64_t
checksum(uint64_t h, const struct tgsiva_shader *out)
{
   for (unsigned p = 0; p < out->program_count; p++) {
      const struct tgsiva_program *prog = &out->programs[p];
      for (size_t i = 0; i < prog->size; i++)
         h = (h ^ prog->code[i]) * 0x100000001b3ull;
   }
   return h;
}

struct run {
   unsigned rounds, slowest;
   bool text, workspace, warm;
   struct tgsiva_compile_options opts;
};

static bool
parse_args(int argc, char **argv, struct run *run, const char **dirs,
           unsigned *ndirs)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
         run->rounds = (unsigned)atoi(argv[++i]);
      else if (!strcmp(argv[i], "--max-registers") && i + 1 < argc)
         run->opts.max_registers = (unsigned)atoi(argv[++i]);
      else if (!strcmp(argv[i], "--text"))
         run->text = true;
      else if (!strcmp(argv[i], "--workspace"))
         run->workspace = true;
      else if (!strcmp(argv[i], "--warm"))
         run->warm = true;
      else if (!strcmp(argv[i], "--slowest") && i + 1 < argc)
         run->slowest = (unsigned)atoi(argv[++i]);
      else if (argv[i][0] == '-' || *ndirs == 16)
         return false;
      else
         dirs[(*ndirs)++] = argv[i];
   }
   return run->rounds > 0;
}

int
main(int argc, char **argv)
{
   const char *shared = getenv("TGSIVA_SHARED");
   shared = shared ? shared : "../shared";
   char dir[2][4096];
   snprintf(dir[0], sizeof(dir[0]), "%s/corpus/tgsi", shared);
   snprintf(dir[1], sizeof(dir[1]), "%s/corpus-apps/tgsi", shared);
   const char *dirs[16];
   unsigned ndirs = 0;
   struct run run = {.rounds = 5, .slowest = 10};
   if (!parse_args(argc, argv, &run, dirs, &ndirs)) {
      fprintf(stderr, "usage: bench_compile_corpus [--rounds N] "
                      "[--max-registers N] [--slowest K] [--text] "
                      "[--workspace] [--warm] [DIR...]\n");
      return 1;
   }
   if (run.workspace && !(run.opts.workspace = tgsiva_workspace_create())) {
      fprintf(stderr, "out of memory\n");
      return 1;
   }
   if (!ndirs) {
      dirs[ndirs++] = dir[0];
      dirs[ndirs++] = dir[1];
   }

   struct arena arena;
   arena_init(&arena, 0);
   VEC(struct shader) shaders = {0};
   for (unsigned i = 0; i < ndirs; i++)
      load(&arena, dirs[i], run.text, &shaders);
   if (!shaders.len) {
      fprintf(stderr, "no shaders under %s\n", dirs[0]);
      return 1;
   }
   /* Only the shaders that compile are timed (the others stop early). */
   size_t kept = 0;
   uint64_t sum = 0xcbf29ce484222325ull;
   for (size_t i = 0; i < shaders.len; i++) {
      struct tgsiva_shader *out;
      struct tgsiva_diagnostic d;
      if (tgsiva_compile(shaders.data[i].tokens, shaders.data[i].count,
                         &run.opts, &out, &d) == TGSIVA_OK) {
         sum = checksum(sum, out);
         tgsiva_shader_free(out);
         shaders.data[kept++] = shaders.data[i];
      } else {
         tgsiva_tgsi_free(shaders.data[i].tokens);
      }
   }
   size_t skipped = shaders.len - kept;
   shaders.len = kept;
   double *per = calloc(shaders.len + 1, sizeof(double));
   double total = 0;
   /* --warm: shader-major with one untimed compile first; otherwise
    * round-major. */
   size_t outer = run.warm ? shaders.len : run.rounds;
   size_t inner = run.warm ? run.rounds + 1 : shaders.len;
   for (size_t o = 0; o < outer; o++) {
      for (size_t k = 0; k < inner; k++) {
         size_t i = run.warm ? o : k;
         bool timed = !run.warm || k > 0;
         struct shader *sh = &shaders.data[i];
         struct tgsiva_shader *out;
         struct tgsiva_diagnostic d;
         double t0 = now_us();
         enum tgsiva_status st =
            run.text ? tgsiva_compile_text(sh->text, sh->len, &run.opts,
                                           &out, &d)
                     : tgsiva_compile(sh->tokens, sh->count, &run.opts,
                                      &out, &d);
         double dt = now_us() - t0;
         if (st == TGSIVA_OK)
            tgsiva_shader_free(out);
         if (!timed)
            continue;
         total += dt;
         if (sh->us == 0 || dt < sh->us)
            sh->us = dt; /* the best of the rounds */
      }
   }
   for (size_t i = 0; i < shaders.len; i++)
      per[i] = shaders.data[i].us;
   qsort(per, shaders.len, sizeof(double), cmp_double);
   struct rusage ru;
   getrusage(RUSAGE_SELF, &ru);
   printf("shaders: %zu compiled (%zu others do not compile: doubles)\n",
          shaders.len, skipped);
   printf("rounds: %u\n", run.rounds);
   printf("binary checksum: %016llx\n", (unsigned long long)sum);
   printf("shaders per second: %.0f\n",
          shaders.len * run.rounds / total * 1e6);
   printf("median us per shader: %.1f\n", per[shaders.len / 2]);
   printf("p90 us per shader: %.1f\n", per[shaders.len * 9 / 10]);
   printf("peak memory: %.1f MiB (resident, whole process)\n",
          ru.ru_maxrss / 1024.0);
   double mesa = mesa_median(&arena, shared);
   if (mesa >= 0)
      printf("Mesa 24.0.9 median compile us (mesa-ref/stats.csv): %.1f\n",
             mesa);
   print_against_mesa(&arena, shared, shaders.data, shaders.len);
   qsort(shaders.data, shaders.len, sizeof(struct shader), cmp_slowest);
   printf("slowest: us  insns  us/insn  file\n");
   for (size_t i = 0; i < shaders.len && i < run.slowest; i++) {
      const struct shader *sh = &shaders.data[i];
      printf("%10.0f %6u %8.2f  %s\n", sh->us, sh->insns,
             sh->insns ? sh->us / sh->insns : 0, sh->path);
   }
   for (size_t i = 0; i < shaders.len; i++)
      tgsiva_tgsi_free(shaders.data[i].tokens);
   tgsiva_workspace_destroy(run.opts.workspace);
   free(per);
   arena_finish(&arena);
   return 0;
}
