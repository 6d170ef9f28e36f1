/* SPDX-License-Identifier: MIT */
/*
 * The geometry-shader suite (issue 13, docs/abi.md "Geometry shaders"):
 * every GEOM shader of $TGSIVA_SHARED/corpus (or $TGSIVA_CORPUS),
 *
 * 1. runs in the interpreter on RUNS input sets, which must succeed and
 *    give each invocation's vertex and primitive lists (a shader that
 *    emits nothing anywhere is counted, not failed);
 * 2. is compiled by tgsiva (the geometry program and the pass-through
 *    pair), normally (`geom_suite normal`) or with at most 8 registers
 *    (`geom_suite spill`).  A refusal fails the suite (every corpus
 *    shader compiles); it is listed by its cause.
 * 3. A compiled shader runs as `run --check` does, on RUNS input sets: the
 *    simulator runs the geometry program over the generated input
 *    records and its vertex slots and index entries must hold the
 *    interpreter's primitive lists (run_compare_gs); then the
 *    pass-through pair draws every vertex they name, whose positions,
 *    layers and varyings must be the interpreter's (run_gs_draw).  A
 *    difference fails the suite; a shader whose every input set met
 *    undefined behaviour,
 *    or that agreed without a word compared (every invocation emits
 *    past GS_MAX_OUTPUT_VERTICES, which GL leaves undefined), is
 *    inconclusive (counted with the agreeing ones, listed).
 *
 * Prints "GEOM shaders: N; interpreted N; compiled N, agree N, differ N,
 * refused N" and the refusals and failures by cause; exits 1 on a
 * failure, 77 without $TGSIVA_SHARED.  A corpus without GEOM shaders
 * (corpus-apps) says so and passes.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/run_check.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

#define RUNS 4
#define MAX_CAUSES 64

struct cause {
   char text[160];
   unsigned count;
   char example[256];
};

struct tally {
   unsigned shaders, interpreted, silent, compiled, agree, differ, refused;
   unsigned inconclusive;
   unsigned failed, lanes, vertices, primitives;
   struct cause refusals[MAX_CAUSES], failures[MAX_CAUSES];
   unsigned nrefusals, nfailures;
};

/* Groups messages without their numbers. */
static void
add_cause(struct cause *causes, unsigned *n, const char *msg,
          const char *file)
{
   char text[160];
   size_t k = 0;
   for (const char *p = msg; *p && k + 1 < sizeof(text); p++) {
      if (!isdigit((unsigned char)*p))
         text[k++] = *p;
   }
   text[k] = '\0';
   for (unsigned i = 0; i < *n; i++) {
      if (!strcmp(causes[i].text, text)) {
         causes[i].count++;
         return;
      }
   }
   if (*n < MAX_CAUSES) {
      struct cause *c = &causes[(*n)++];
      snprintf(c->text, sizeof(c->text), "%s", text);
      snprintf(c->example, sizeof(c->example), "%s", file);
      c->count = 1;
   }
}

static void
fail(struct tally *t, const char *path, const char *why)
{
   t->failed++;
   add_cause(t->failures, &t->nfailures, why, path);
   printf("FAIL %s: %s\n", path, why);
}

/* Rule 1; false after recording a failure. */
static bool
interpret(struct arena *arena, const struct tgsi_shader *s, const char *path,
          struct tally *t)
{
   unsigned emitted = 0;
   for (uint64_t seed = 1; seed <= RUNS; seed++) {
      struct sim_env env;
      struct sim_outputs *out = ARENA_NEW(arena, struct sim_outputs);
      struct tgsi_interp_result res;
      if (!run_setup_env(&env, arena, s, seed, NULL)) {
         fail(t, path, "no environment for the shader");
         return false;
      }
      if (!tgsi_interp_run(&env, s, NULL, out, &res) &&
          res.status != TGSI_INTERP_LIMIT) {
         fail(t, path, res.message);
         return false;
      }
      if (!res.gs)
         continue; /* a loop that does not end on these inputs */
      for (unsigned l = 0; l < SIM_LANES; l++) {
         const struct tgsi_interp_gs_lane *gl = &res.gs->lane[l];
         if (!((res.gs->lanes >> l) & 1))
            continue;
         t->lanes++;
         t->vertices += gl->vertex_count;
         emitted += gl->vertex_count;
         for (unsigned k = 0; k < TGSI_INTERP_GS_STREAMS; k++)
            t->primitives += gl->index_count[k] / res.gs->prim_vertices;
      }
   }
   t->interpreted++;
   t->silent += emitted == 0;
   return true;
}

/* Rule 2. */
static void
compile(struct arena *arena, const struct tgsi_shader *s, const char *path,
        unsigned max_registers, struct tally *t)
{
   struct run_programs p;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!run_compile_variant(arena, s, max_registers, NULL, NULL, &p, &d)) {
      t->refused++;
      t->failed++;
      add_cause(t->refusals, &t->nrefusals, d.message, path);
      return;
   }
   t->compiled++;
   struct run_options o = {.seed = 1, .runs = RUNS};
   struct run_report r;
   run_check(arena, s, &p, &o, &r);
   /* Every invocation past GS_MAX_OUTPUT_VERTICES on every input set:
    * GL leaves it undefined, and nothing was compared. */
   if (r.verdict == RUN_AGREE && !r.exact_words && !r.tolerant_words) {
      r.verdict = RUN_INCONCLUSIVE;
      snprintf(r.cause, sizeof(r.cause), "no word compared");
   }
   switch (r.verdict) {
   case RUN_AGREE: t->agree++; break;
   case RUN_INCONCLUSIVE:
      t->agree++;
      t->inconclusive++;
      printf("inconclusive %s: %s\n", path, r.cause);
      break;
   case RUN_DIFFER:
      t->differ++;
      fail(t, path, r.cause);
      fputs(r.text.data ? r.text.data : "", stdout);
      break;
   default: fail(t, path, r.cause); break;
   }
}

static void
check_file(const char *path, unsigned max_registers, struct tally *t)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   arena_init(&arena, 0);
   diag_clear(&d);
   t->shaders++;
   if (!tgsi_parse_file(&arena, path, &s, &d))
      fail(t, path, d.message);
   else if (interpret(&arena, s, path, t))
      compile(&arena, s, path, max_registers, t);
   arena_finish(&arena);
}

static void
print_causes(const char *title, const struct cause *c, unsigned n)
{
   if (n)
      printf("%s:\n", title);
   for (unsigned i = 0; i < n; i++)
      printf("  %5u  %s (e.g. %s)\n", c[i].count, c[i].text, c[i].example);
}

int
main(int argc, char **argv)
{
   if (argc != 2 || (strcmp(argv[1], "normal") && strcmp(argv[1], "spill"))) {
      fprintf(stderr, "usage: geom_suite normal|spill\n");
      return 2;
   }
   unsigned max_registers = strcmp(argv[1], "spill") ? 0 : 8;
   if (!getenv("TGSIVA_SHARED")) {
      printf("skipped: no $TGSIVA_SHARED\n");
      return 77;
   }
   struct tally *t = calloc(1, sizeof(*t));
   struct arena list;
   arena_init(&list, 0);
   char **paths;
   size_t count = 0;
   if (!test_corpus_stage(&list, "gs", &paths, &count))
      count = 0;
   for (size_t i = 0; i < count; i++)
      check_file(paths[i], max_registers, t);
   if (!t->shaders)
      printf("%s has no GEOM shaders: nothing to compare\n", test_corpus());
   printf("GEOM shaders (%s): %u; interpreted %u (%u emit nothing); "
          "compiled %u, agree %u (%u inconclusive), differ %u, refused %u\n",
          argv[1], t->shaders, t->interpreted, t->silent, t->compiled,
          t->agree, t->inconclusive, t->differ, t->refused);
   printf("interpreted %u invocations: %u vertices, %u primitives\n",
          t->lanes, t->vertices, t->primitives);
   print_causes("refused", t->refusals, t->nrefusals);
   print_causes("failed", t->failures, t->nfailures);
   int status = t->failed ? 1 : 0;
   free(t);
   arena_finish(&list);
   return status;
}
