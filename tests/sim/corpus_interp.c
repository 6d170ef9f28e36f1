/* SPDX-License-Identifier: MIT */
/*
 * The TGSI interpreter over every vertex, fragment, compute and
 * geometry shader of $TGSIVA_SHARED/corpus, 4 input sets each: every
 * shader must run to its end without an interpreter error (a loop that
 * does not end on the inputs is the shader's business), and a run must
 * be deterministic (the same seed twice gives the same outputs, and for
 * geometry shaders the same emitted vertices and primitives).
 *
 * Prints "N passed, N failed", the failures grouped by cause, and how
 * many runs met undefined behaviour or uncertain outputs (information).
 * Exits 77 (skipped) without the corpus.
 * $TGSIVA_CORPUS names another corpus with the same layout
 * (../corpus_dir.h: corpus-apps).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/tgsi_interp.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

#define RUNS 4

struct cause {
   char text[160];
   unsigned count;
   const char *example;
};

struct tally {
   unsigned passed, failed, undefined_runs, uncertain_runs, runs, gs_runs;
   struct cause causes[256];
   unsigned ncauses;
};

static void
add_cause(struct tally *t, const char *msg, const char *file)
{
   char text[160];
   size_t n = 0;
   for (const char *p = msg; *p && n + 1 < sizeof(text); p++) {
      if (!isdigit((unsigned char)*p))
         text[n++] = *p;
   }
   text[n] = '\0';
   for (unsigned i = 0; i < t->ncauses; i++) {
      if (!strcmp(t->causes[i].text, text)) {
         t->causes[i].count++;
         return;
      }
   }
   if (t->ncauses < 256) {
      struct cause *c = &t->causes[t->ncauses++];
      memcpy(c->text, text, n + 1);
      c->count = 1;
      c->example = file;
   }
}

static bool
any_uncertain(const struct tgsi_interp_annotations *a)
{
   if (a->path_uncertain || a->memory_uncertain)
      return true;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4; c++) {
         if (a->position[l][c].err == INFINITY ||
             a->color[0][l][c].err == INFINITY)
            return true;
      }
   }
   return false;
}

/* One run; false with `why` set on a failure. */
static bool
run_once(struct arena *arena, const struct tgsi_shader *s, uint64_t seed,
         struct sim_outputs *out, struct tgsi_interp_result *res,
         char *why, size_t size)
{
   struct sim_env env;
   if (!tgsi_interp_setup_env(&env, arena, s, seed)) {
      snprintf(why, size, "stage not modelled");
      return false;
   }
   if (!tgsi_interp_run(&env, s, NULL, out, res) &&
       res->status != TGSI_INTERP_LIMIT) {
      snprintf(why, size, "%s", res->message);
      return false;
   }
   return true;
}

/* Two geometry runs emitted the same vertices and primitive lists. */
static bool
same_gs(const struct tgsi_interp_gs *a, const struct tgsi_interp_gs *b)
{
   if (!a || !b)
      return a == b;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct tgsi_interp_gs_lane *x = &a->lane[l], *y = &b->lane[l];
      if (x->vertex_count != y->vertex_count || x->uncertain != y->uncertain)
         return false;
      for (unsigned j = 0; j < x->vertex_count; j++) {
         if (memcmp(x->vertices[j].words, y->vertices[j].words,
                    16 * a->registers))
            return false;
      }
      for (unsigned s = 0; s < TGSI_INTERP_GS_STREAMS; s++) {
         if (x->index_count[s] != y->index_count[s] ||
             memcmp(x->indices[s], y->indices[s], 4 * x->index_count[s]))
            return false;
      }
   }
   return true;
}

static bool
check_shader(struct arena *arena, const struct tgsi_shader *s,
             struct tally *t, char *why, size_t size)
{
   for (uint64_t seed = 1; seed <= RUNS; seed++) {
      struct sim_outputs *a = ARENA_NEW(arena, struct sim_outputs);
      struct sim_outputs *b = ARENA_NEW(arena, struct sim_outputs);
      struct tgsi_interp_result ra, rb;
      if (!run_once(arena, s, seed, a, &ra, why, size) ||
          !run_once(arena, s, seed, b, &rb, why, size))
         return false;
      if (memcmp(a, b, sizeof(*a)) || !same_gs(ra.gs, rb.gs)) {
         snprintf(why, size, "two runs of seed %llu differ",
                  (unsigned long long)seed);
         return false;
      }
      t->runs++;
      t->undefined_runs += ra.undefined != 0;
      t->uncertain_runs += any_uncertain(ra.annot);
      t->gs_runs += ra.gs != NULL;
   }
   return true;
}

static void
check_file(const char *path, struct tally *t)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   char why[300];
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_file(&arena, path, &s, &d)) {
      t->failed++;
      add_cause(t, d.message, path);
   } else if (check_shader(&arena, s, t, why, sizeof(why))) {
      t->passed++;
   } else {
      t->failed++;
      add_cause(t, why, path);
      printf("FAIL %s: %s\n", path, why);
   }
   arena_finish(&arena);
}

int
main(void)
{
   static const char *const stages[] = {"vs", "fs", "cs", "gs"};
   struct tally *t = calloc(1, sizeof(*t));
   struct arena list;
   arena_init(&list, 0);
   bool found = false;
   for (unsigned k = 0; k < 4; k++) {
      char **paths;
      size_t count;
      if (!test_corpus_stage(&list, stages[k], &paths, &count))
         continue;
      found = true;
      for (size_t i = 0; i < count; i++)
         check_file(paths[i], t);
   }
   if (!found) {
      printf("skipped: no corpus under $TGSIVA_SHARED\n");
      free(t);
      arena_finish(&list);
      return 77;
   }
   printf("%u passed, %u failed\n", t->passed, t->failed);
   for (unsigned i = 0; i < t->ncauses; i++)
      printf("  %5u  %s (e.g. %s)\n", t->causes[i].count, t->causes[i].text,
             t->causes[i].example);
   printf("%u runs: %u with undefined behaviour, %u with uncertain "
          "outputs\n",
          t->runs, t->undefined_runs, t->uncertain_runs);
   printf("%u geometry-shader runs (emitted vertices compared between two "
          "runs)\n", t->gs_runs);
   int status = t->failed ? 1 : 0;
   free(t);
   arena_finish(&list);
   return status;
}
