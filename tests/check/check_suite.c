/* SPDX-License-Identifier: MIT */
/*
 * The differential suites (docs/testing.md), 16 input sets per shader:
 *
 *   check_suite diff      every vertex, fragment and compute shader of
 *                         $TGSIVA_SHARED/corpus that uses no double
 *                         opcode, compiled by tgsiva, and one in
 *                         DOUBLE_EVERY of those with doubles (chosen by
 *                         file name) on DOUBLE_RUNS input sets: software
 *                         doubles make long programs (docs/doubles.md);
 *                         TGSIVA_DOUBLE_EVERY=1 takes every one of them
 *   check_suite spill     the same compiled with --max-registers 8
 *                         (r0-r7 and r56-r63), so that spilled values
 *                         must come back right
 *   check_suite keys      every fragment shader of the corpus compiled
 *                         as three variants (struct tgsiva_shader_key:
 *                         clip planes; sprite coordinates with either
 *                         origin; eight colour buffers with mixed
 *                         render-target types), 4 input sets each, the
 *                         interpreter modelling the same state
 *   check_suite xfb [N]   transform feedback (docs/xfb.md): every vertex
 *                         shader without doubles (or every N-th), compiled
 *                         with `--xfb all` and with a multi-buffer layout
 *                         drawn from its name (xfb_spec_generate), on
 *                         XFB_RUNS input sets each; the stream-output
 *                         buffers must equal what the interpreter captures
 *   check_suite mesa_ref  every package of $TGSIVA_SHARED/mesa-ref, run
 *                         with Mesa's binaries; the packages listed in
 *                         tests/mesa-ref-exceptions.txt (where Mesa
 *                         itself departs from TGSI) must differ, and are
 *                         counted apart
 *
 * Prints a line per failing shader, then "N passed, N failed" with the
 * failures grouped by cause, then the first report of each cause.
 * Inconclusive shaders (every input set met undefined behaviour) count
 * as passed and are listed with what made the last set inconclusive.
 * Exits 77 (skipped) without $TGSIVA_SHARED.
 * $TGSIVA_CORPUS names another corpus with the same layout
 * (../corpus_dir.h: corpus-apps).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/run_check.h"
#include "tools/xfb_spec.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

#define RUNS 16
#define DOUBLE_EVERY 4
#define DOUBLE_RUNS 4

/* DOUBLE_EVERY, or $TGSIVA_DOUBLE_EVERY for a full run (1). */
static unsigned
double_every(void)
{
   const char *env = getenv("TGSIVA_DOUBLE_EVERY");
   unsigned long n = env ? strtoul(env, NULL, 10) : 0;
   return n ? (unsigned)n : DOUBLE_EVERY;
}
/* Transform feedback: 4 input sets cover every buffer size the check
 * binds (run_check.c's xfb_draw) and the three draw shapes. */
#define XFB_RUNS 4
#define MAX_CAUSES 256

struct cause {
   char text[160];
   unsigned count;
   char *example; /* the first file, with its report */
};

struct tally {
   unsigned passed, failed, inconclusive, excepted, stale;
   struct cause causes[MAX_CAUSES];
   unsigned ncauses;
   struct cause undefined[MAX_CAUSES]; /* why runs were inconclusive */
   unsigned nundefined;
   uint64_t exact, tolerant, skipped;
   unsigned xfb_shaders, xfb_layouts; /* vertex shaders, layouts checked */
   unsigned doubles;                  /* shaders with doubles checked */
   uint64_t xfb_words;                /* stream-output words compared */
};

struct exceptions {
   char **names; /* "fs/1c4866704dd2" */
   unsigned count;
};

/* Counts `msg` (its first line, at most `width` characters, without
 * numbers) among `causes`; the new entry when it is the first of its
 * kind, else NULL. */
static struct cause *
count_cause(struct cause *causes, unsigned *n, const char *msg,
            size_t width)
{
   char text[160];
   size_t len = 0;
   for (const char *p = msg; *p && *p != '\n' && len + 1 < width; p++) {
      if (!isdigit((unsigned char)*p))
         text[len++] = *p;
   }
   text[len] = '\0';
   for (unsigned i = 0; i < *n; i++) {
      if (!strcmp(causes[i].text, text)) {
         causes[i].count++;
         return NULL;
      }
   }
   if (*n == MAX_CAUSES)
      return NULL;
   struct cause *c = &causes[(*n)++];
   memcpy(c->text, text, len + 1);
   c->count = 1;
   return c;
}

static void
add_cause(struct tally *t, const char *msg, const char *file,
          const char *report)
{
   t->failed++;
   printf("FAIL %s: %s\n", file, msg);
   struct cause *c = count_cause(t->causes, &t->ncauses, msg, 160);
   if (!c)
      return;
   size_t len = strlen(file) + strlen(report) + 2;
   c->example = malloc(len);
   snprintf(c->example, len, "%s\n%s", file, report);
}

/* The undefined behaviour that made a shader inconclusive, grouped by
 * its message without numbers (the report's first "is inconclusive"
 * line; the check names the first input set's). */
static void
add_undefined(struct tally *t, const char *report)
{
   const char *at = strstr(report, "is inconclusive: ");
   at = at ? at + strlen("is inconclusive: ") : "(no report)";
   count_cause(t->undefined, &t->nundefined, at, 110);
}

/* Runs the check and files the outcome; `expect_difference` for an
 * exception. */
static void
record_runs(struct tally *t, struct arena *arena, const struct tgsi_shader *s,
            const struct run_programs *p, const char *file,
            bool expect_difference, unsigned runs)
{
   struct run_options o = {.seed = 1, .runs = runs};
   struct run_report r;
   run_check(arena, s, p, &o, &r);
   t->exact += r.exact_words;
   t->tolerant += r.tolerant_words;
   t->skipped += r.skipped_words;
   t->xfb_words += r.xfb_words;
   const char *text = r.text.data ? r.text.data : "";
   if (expect_difference) {
      if (r.verdict == RUN_DIFFER) {
         t->excepted++;
      } else {
         t->stale++;
         add_cause(t, "listed as an exception, but the models agree", file,
                   text);
      }
      return;
   }
   switch (r.verdict) {
   case RUN_AGREE: t->passed++; break;
   case RUN_INCONCLUSIVE:
      t->passed++;
      t->inconclusive++;
      add_undefined(t, text);
      printf("INCONCLUSIVE %s: %s\n", file, r.cause);
      break;
   default: add_cause(t, r.cause, file, text); break;
   }
}

static void
record(struct tally *t, struct arena *arena, const struct tgsi_shader *s,
       const struct run_programs *p, const char *file,
       bool expect_difference)
{
   record_runs(t, arena, s, p, file, expect_difference, RUNS);
}

/* ---------------------------------------------------------------------
 * diff: tgsiva's binaries
 */

static const char *
file_name(const char *path)
{
   const char *slash = strrchr(path, '/');
   return slash ? slash + 1 : path;
}

static void
check_compiled(struct tally *t, const char *path, unsigned max_registers)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct run_programs p;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_file(&arena, path, &s, &d)) {
      add_cause(t, d.message, path, "");
   } else if (!tgsi_uses_doubles(s)) {
      if (run_compile_limited(&arena, s, max_registers, &p, &d))
         record(t, &arena, s, &p, path, false);
      else
         add_cause(t, d.message, path, "");
   } else if (test_name_seed(file_name(path)) % double_every() == 0) {
      t->doubles++;
      if (run_compile_limited(&arena, s, max_registers, &p, &d))
         record_runs(t, &arena, s, &p, path, false, DOUBLE_RUNS);
      else
         add_cause(t, d.message, path, "");
   }
   arena_finish(&arena);
}

/* ---------------------------------------------------------------------
 * xfb: transform feedback
 */

/* One layout; a failure names the spec that reproduces it. */
static void
check_layout(struct tally *t, struct arena *arena,
             const struct tgsi_shader *s, const char *path,
             const struct tgsiva_stream_output *so)
{
   struct run_programs p;
   struct tgsiva_diagnostic d;
   struct strbuf spec;
   diag_clear(&d);
   strbuf_init(&spec, arena);
   xfb_spec_print(&spec, so);
   const char *file = arena_printf(arena, "%s --xfb '%s'", path, spec.data);
   t->xfb_layouts++;
   if (run_compile_variant(arena, s, 0, NULL, so, &p, &d))
      record_runs(t, arena, s, &p, file, false, XFB_RUNS);
   else
      add_cause(t, d.message, file, "");
}

static void
check_xfb(struct tally *t, const char *path)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_file(&arena, path, &s, &d)) {
      add_cause(t, d.message, path, "");
   } else if (!tgsi_uses_doubles(s)) {
      struct tgsiva_stream_output *so =
         ARENA_NEW(&arena, struct tgsiva_stream_output);
      t->xfb_shaders++;
      xfb_spec_all(s, so);
      check_layout(t, &arena, s, path, so);
      xfb_spec_generate(s, test_name_seed(path), so);
      check_layout(t, &arena, s, path, so);
   }
   arena_finish(&arena);
}

/* ---------------------------------------------------------------------
 * mesa_ref: Mesa's binaries
 */

static bool
load_exceptions(struct arena *arena, const char *file, struct exceptions *ex)
{
   const char *root = getenv("TGSIVA_SOURCE_ROOT");
   char path[4096];
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   snprintf(path, sizeof(path), "%s/tests/%s", root ? root : ".", file);
   memset(ex, 0, sizeof(*ex));
   if (!file_read(arena, path, &text, &len, &d)) {
      fprintf(stderr, "%s: %s\n", path, d.message);
      return false;
   }
   ex->names = ARENA_ARRAY(arena, char *, len / 4 + 1);
   for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
      if (line[0] == '#' || line[0] == '\0')
         continue;
      char *end = line;
      while (*end && !isspace((unsigned char)*end))
         end++;
      *end = '\0';
      ex->names[ex->count++] = line;
   }
   return true;
}

static bool
excepted(const struct exceptions *ex, const char *stage, const char *name)
{
   char key[300];
   snprintf(key, sizeof(key), "%s/%s", stage, name);
   for (unsigned i = 0; i < ex->count; i++) {
      if (!strcmp(ex->names[i], key))
         return true;
   }
   return false;
}

/* "…/mesa-ref/fs/abc.json" -> "abc" in `name`. */
static void
package_name(const char *path, char *name, size_t size)
{
   const char *base = strrchr(path, '/');
   base = base ? base + 1 : path;
   snprintf(name, size, "%s", base);
   char *dot = strrchr(name, '.');
   if (dot)
      *dot = '\0';
}

/* ---------------------------------------------------------------------
 * keys: fragment-shader variants
 */

#define KEY_RUNS 4

/* Shader i's three variants; planes, sprite bits and the origin vary
 * with i so that every bit is met somewhere. */
static void
variant_keys(unsigned i, struct tgsiva_shader_key keys[3])
{
   static const uint8_t types[8] = {
      TGSIVA_RT_F32, TGSIVA_RT_F16, TGSIVA_RT_S32, TGSIVA_RT_S16,
      TGSIVA_RT_U32, TGSIVA_RT_U16, TGSIVA_RT_AUTO, TGSIVA_RT_F16,
   };
   memset(keys, 0, 3 * sizeof(*keys));
   keys[0].clip_plane_enable = (uint8_t)(1u << (i % 8) | 1u << ((i + 3) % 8));
   keys[1].sprite_coord_enable = i & 1 ? 0xffffffffu : 0x00ff00ffu;
   keys[1].sprite_coord_origin = (uint8_t)(i / 2 % 2);
   keys[2].color_buffers = 8;
   for (unsigned rt = 0; rt < 8; rt++)
      keys[2].rt_types[rt] = types[(rt + i) % 8];
}

/* The clip-plane variant of a listed shader must differ. */
static void
check_variants(struct tally *t, const char *path, unsigned index,
               const struct exceptions *ex)
{
   char name[256];
   package_name(path, name, sizeof(name));
   bool listed = excepted(ex, "fs", name);
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct tgsiva_shader_key keys[3];
   arena_init(&arena, 0);
   diag_clear(&d);
   variant_keys(index, keys);
   if (!tgsi_parse_file(&arena, path, &s, &d)) {
      add_cause(t, d.message, path, "");
   } else if (!tgsi_uses_doubles(s)) {
      for (unsigned k = 0; k < 3; k++) {
         struct run_programs p;
         if (run_compile_variant(&arena, s, 0, &keys[k], NULL, &p, &d))
            record_runs(t, &arena, s, &p, path, listed && k == 0,
                        KEY_RUNS);
         else
            add_cause(t, d.message, path, "");
      }
   }
   arena_finish(&arena);
}

static void
check_package(struct tally *t, const char *shared, const char *stage,
              const char *path, const struct exceptions *ex)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct run_programs p;
   char name[256], tgsi[4096];
   package_name(path, name, sizeof(name));
   snprintf(tgsi, sizeof(tgsi), "%s/corpus/tgsi/%s/%s.tgsi", shared, stage,
            name);
   arena_init(&arena, 0);
   diag_clear(&d);
   bool is_exception = excepted(ex, stage, name);
   if (!tgsi_parse_file(&arena, tgsi, &s, &d)) {
      add_cause(t, d.message, tgsi, "");
   } else if (!run_load_reference(&arena, path, &p, &d)) {
      if (is_exception)
         t->excepted++;
      else
         add_cause(t, d.message, path, "");
   } else {
      record(t, &arena, s, &p, path, is_exception);
   }
   arena_finish(&arena);
}

/* ---------------------------------------------------------------------
 * Driver
 */

static void
report(const struct tally *t, bool listed)
{
   printf("%u passed, %u failed\n", t->passed, t->failed);
   if (t->doubles)
      printf("%u of them use doubles (one in %u, %u input sets)\n",
             t->doubles, double_every(), DOUBLE_RUNS);
   printf("%u inconclusive (every input set met undefined behaviour)\n",
          t->inconclusive);
   for (unsigned i = 0; i < t->nundefined; i++)
      printf("  %5u  %s\n", t->undefined[i].count, t->undefined[i].text);
   if (listed)
      printf("%u listed exceptions differ as expected, %u no longer do\n",
             t->excepted, t->stale);
   printf("words compared: %llu bit-exact, %llu within tolerance, %llu not "
          "compared\n",
          (unsigned long long)t->exact, (unsigned long long)t->tolerant,
          (unsigned long long)t->skipped);
   if (t->xfb_layouts)
      printf("transform feedback: %u vertex shaders, %u layouts, %llu "
             "stream-output buffer words compared\n",
             t->xfb_shaders, t->xfb_layouts,
             (unsigned long long)t->xfb_words);
   for (unsigned i = 0; i < t->ncauses; i++)
      printf("  %5u  %s\n", t->causes[i].count, t->causes[i].text);
   for (unsigned i = 0; i < t->ncauses; i++)
      printf("\n--- %s\n%s", t->causes[i].text, t->causes[i].example);
}

int
main(int argc, char **argv)
{
   const char *shared = getenv("TGSIVA_SHARED");
   bool mesa = argc > 1 && !strcmp(argv[1], "mesa_ref");
   bool spill = argc > 1 && !strcmp(argv[1], "spill");
   bool keys = argc > 1 && !strcmp(argv[1], "keys");
   bool xfb = argc > 1 && !strcmp(argv[1], "xfb");
   unsigned every = xfb && argc == 3 ? (unsigned)atoi(argv[2]) : 1;
   if ((argc != 2 && !(xfb && argc == 3 && every > 0)) ||
       (!mesa && !spill && !keys && !xfb && strcmp(argv[1], "diff"))) {
      fprintf(stderr,
              "usage: check_suite diff|spill|keys|xfb [N]|mesa_ref\n");
      return 2;
   }
   static const char *const stages[] = {"vs", "fs", "cs"};
   struct tally *t = calloc(1, sizeof(*t));
   struct arena list;
   struct exceptions ex;
   arena_init(&list, 0);
   memset(&ex, 0, sizeof(ex));
   if ((mesa || keys) &&
       !load_exceptions(&list, mesa ? "mesa-ref-exceptions.txt"
                                    : "diff-keys-exceptions.txt",
                        &ex))
      return 2;
   bool found = false;
   for (unsigned k = 0; k < (xfb ? 1 : 3) && shared; k++) {
      char dir[4096];
      char **paths;
      size_t count;
      if (mesa)
         snprintf(dir, sizeof(dir), "%s/mesa-ref/%s", shared, stages[k]);
      else
         snprintf(dir, sizeof(dir), "%s/%s/tgsi/%s", shared, test_corpus(),
                  stages[k]);
      if (!file_list(&list, dir, mesa ? ".json" : ".tgsi", &paths, &count))
         continue;
      found = true;
      test_corpus_sample(dir, paths, &count);
      for (size_t i = 0; i < count; i++) {
         if (mesa)
            check_package(t, shared, stages[k], paths[i], &ex);
         else if (keys && k == 1) /* fragment shaders */
            check_variants(t, paths[i], (unsigned)i, &ex);
         else if (xfb && i % every == 0)
            check_xfb(t, paths[i]);
         else if (!keys && !xfb)
            check_compiled(t, paths[i], spill ? 8 : 0);
      }
   }
   if (!found) {
      printf("skipped: no %s under $TGSIVA_SHARED\n",
             mesa ? "mesa-ref" : test_corpus());
   } else {
      report(t, mesa || keys);
   }
   int status = !found ? 77 : t->failed ? 1 : 0;
   /* A run that compared nothing proved nothing: a harness that lost its
    * outputs must fail, not pass. */
   if (found && (t->exact + t->tolerant == 0 ||
                 (xfb && t->xfb_words == 0))) {
      printf("FAIL: no word compared\n");
      status = 1;
   }
   for (unsigned i = 0; i < t->ncauses; i++)
      free(t->causes[i].example);
   free(t);
   arena_finish(&list);
   return status;
}
