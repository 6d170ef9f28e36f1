/* SPDX-License-Identifier: MIT */
/*
 * Compile speed and memory over the corpus: every non-double VS/FS/CS
 * shader of $TGSIVA_SHARED/corpus (or the directory given) compiled from
 * its tokens through the public API, as a driver would, several times.
 * Prints shaders per second, the median and 90th percentile time per
 * shader, the peak resident memory, and Mesa's median compile time for
 * the same shaders (mesa-ref/stats.csv) when it is there.
 *
 *    bench_compile_corpus [CORPUS_DIR] [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"
#include "util/fileio.h"

struct shader {
   uint32_t *tokens;
   size_t count;
};

static double
now_us(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

/* Mesa's median compile time over the shaders it compiled. */
static double
mesa_median(const char *shared)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/mesa-ref/stats.csv", shared);
   FILE *f = fopen(path, "r");
   if (!f)
      return -1;
   static double t[8192];
   size_t n = 0;
   char line[4096];
   int col = -1;
   while (fgets(line, sizeof(line), f) && n < 8192) {
      char *fields[64];
      int nf = 0;
      for (char *p = strtok(line, ","); p && nf < 64; p = strtok(NULL, ","))
         fields[nf++] = p;
      if (col < 0) {
         for (int i = 0; i < nf; i++)
            if (!strcmp(fields[i], "compile_us_median"))
               col = i;
         continue;
      }
      if (col < nf && !strcmp(fields[1], "ok"))
         t[n++] = atof(fields[col]);
   }
   fclose(f);
   if (!n)
      return -1;
   qsort(t, n, sizeof(double), cmp_double);
   return t[n / 2];
}

int
main(int argc, char **argv)
{
   const char *shared = getenv("TGSIVA_SHARED");
   char dir[4096];
   snprintf(dir, sizeof(dir), "%s/corpus/tgsi",
            shared ? shared : "../shared");
   const char *root = argc > 1 ? argv[1] : dir;
   unsigned rounds = argc > 2 ? (unsigned)atoi(argv[2]) : 5;
   static const char *const stages[] = {"vs", "fs", "cs"};

   struct arena arena;
   arena_init(&arena, 0);
   VEC(struct shader) shaders = {0};
   for (unsigned s = 0; s < 3; s++) {
      char sub[4200];
      char **paths;
      size_t n;
      snprintf(sub, sizeof(sub), "%s/%s", root, stages[s]);
      if (!file_list(&arena, sub, ".tgsi", &paths, &n))
         continue;
      for (size_t i = 0; i < n; i++) {
         struct tgsiva_diagnostic d;
         char *text;
         size_t len;
         struct shader sh;
         if (!file_read(&arena, paths[i], &text, &len, &d) ||
             tgsiva_tgsi_text_to_tokens(text, len, &sh.tokens, &sh.count,
                                        &d) != TGSIVA_OK)
            continue;
         *VEC_PUSH(&arena, &shaders) = sh;
      }
   }
   if (!shaders.len) {
      fprintf(stderr, "no shaders under %s\n", root);
      return 1;
   }
   /* Only the shaders that compile are timed (the others stop early). */
   size_t kept = 0;
   for (size_t i = 0; i < shaders.len; i++) {
      struct tgsiva_shader *out;
      struct tgsiva_diagnostic d;
      if (tgsiva_compile(shaders.data[i].tokens, shaders.data[i].count,
                         NULL, &out, &d) == TGSIVA_OK) {
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
   for (unsigned r = 0; r < rounds; r++) {
      for (size_t i = 0; i < shaders.len; i++) {
         struct tgsiva_shader *out;
         struct tgsiva_diagnostic d;
         double t0 = now_us();
         enum tgsiva_status st = tgsiva_compile(
            shaders.data[i].tokens, shaders.data[i].count, NULL, &out, &d);
         double dt = now_us() - t0;
         total += dt;
         if (st == TGSIVA_OK)
            tgsiva_shader_free(out);
         if (r == 0 || dt < per[i])
            per[i] = dt; /* the best of the rounds */
      }
   }
   qsort(per, shaders.len, sizeof(double), cmp_double);
   struct rusage ru;
   getrusage(RUSAGE_SELF, &ru);
   printf("shaders: %zu compiled (%zu others do not compile: doubles)\n",
          shaders.len, skipped);
   printf("rounds: %u\n", rounds);
   printf("shaders per second: %.0f\n", shaders.len * rounds / total * 1e6);
   printf("median us per shader: %.1f\n", per[shaders.len / 2]);
   printf("p90 us per shader: %.1f\n", per[shaders.len * 9 / 10]);
   printf("peak memory: %.1f MiB (resident, whole process)\n",
          ru.ru_maxrss / 1024.0);
   double mesa = mesa_median(shared ? shared : "../shared");
   if (mesa >= 0)
      printf("Mesa 24.0.9 median compile us (mesa-ref/stats.csv): %.1f\n",
             mesa);
   for (size_t i = 0; i < shaders.len; i++)
      tgsiva_tgsi_free(shaders.data[i].tokens);
   free(per);
   arena_finish(&arena);
   return 0;
}
