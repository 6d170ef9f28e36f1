/* SPDX-License-Identifier: MIT */
/*
 * The arithmetic of `tgsiva compare` on two runs with known deltas, the
 * CSV reader behind it, and the unified diff of `tgsiva test`.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tools/stats_table.h"
#include "tools/udiff.h"

#define HEADER "file,stage,program,instructions,cycles,threads,compile_ms\n"

/* a: 10 -> 5 instructions (helped), b: 20 -> 30 (hurt), c: unchanged,
 * d: only in the old run, e: only in the new one.  Compile time moves
 * everywhere and must count nowhere. */
static const char old_csv[] = HEADER "a.tgsi,fragment,main,10,2,2,1.5\n"
                                     "b.tgsi,compute,main,20,4,2,1\n"
                                     "c.tgsi,vertex,position,7,1,2,1\n"
                                     "d.tgsi,vertex,varying,3,1,2,1\n";
static const char new_csv[] = HEADER "\"c.tgsi\",vertex,position,7,1,2,9\n"
                                     "b.tgsi,compute,main,30,4,1,2\n"
                                     "a.tgsi,fragment,main,5,1,2,3\n"
                                     "e.tgsi,fragment,main,1,1,2,1\n";

static void
parse(struct arena *arena, const char *text, struct stats_run *run)
{
   char error[128];
   if (!stats_parse_csv(arena, text, run, error, sizeof(error)))
      fail_msg("refused: %s", error);
}

static void
test_known_deltas(void **state)
{
   (void)state;
   struct arena arena;
   struct stats_run o, n;
   struct stats_comparison c;
   arena_init(&arena, 0);
   parse(&arena, old_csv, &o);
   parse(&arena, new_csv, &n);
   assert_int_equal(o.count, 4);
   stats_compare(&arena, &o, &n, &c);
   assert_int_equal(c.pair_count, 3);
   assert_int_equal(c.only_old_count, 1);
   assert_string_equal(c.only_old[0]->file, "d.tgsi");
   assert_int_equal(c.only_new_count, 1);
   assert_string_equal(c.only_new[0]->file, "e.tgsi");
   assert_int_equal(c.changed, 2);

   const struct metric_change *ins = &c.change[STATS_INSTRUCTIONS];
   assert_true(ins->before == 37 && ins->after == 42);
   assert_true(ins->affected_before == 30 && ins->affected_after == 35);
   assert_int_equal(ins->helped, 1);
   assert_int_equal(ins->hurt, 1);
   /* sqrt(0.5 * 1.5) */
   assert_true(fabs(ins->geomean - sqrt(0.75)) < 1e-12);

   /* Fewer threads is worse. */
   const struct metric_change *thr = &c.change[STATS_THREADS];
   assert_int_equal(thr->helped, 0);
   assert_int_equal(thr->hurt, 1);

   const struct metric_change *cyc = &c.change[STATS_CYCLES];
   assert_int_equal(cyc->helped, 1);
   assert_true(cyc->geomean == 0.5);

   /* Reported, never counted. */
   const struct metric_change *ms = &c.change[STATS_COMPILE_MS];
   assert_true(ms->before == 3.5 && ms->after == 14);
   assert_int_equal(ms->helped + ms->hurt, 0);
   arena_finish(&arena);
}

static void
test_run_against_itself(void **state)
{
   (void)state;
   struct arena arena;
   struct stats_run o;
   struct stats_comparison c;
   arena_init(&arena, 0);
   parse(&arena, old_csv, &o);
   stats_compare(&arena, &o, &o, &c);
   assert_int_equal(c.pair_count, 4);
   assert_int_equal(c.changed, 0);
   assert_int_equal(c.only_old_count + c.only_new_count, 0);
   for (unsigned m = 0; m < STATS_METRICS; m++) {
      assert_int_equal(c.change[m].helped + c.change[m].hurt, 0);
      assert_true(c.change[m].geomean == 1.0);
   }
   arena_finish(&arena);
}

static void
test_bad_csv(void **state)
{
   (void)state;
   struct arena arena;
   struct stats_run r;
   char error[128];
   arena_init(&arena, 0);
   assert_false(stats_parse_csv(&arena, "x,y\n1,2\n", &r, error,
                                sizeof(error)));
   assert_false(stats_parse_csv(&arena, HEADER "a,fragment,main,zz,1,2,1\n",
                                &r, error, sizeof(error)));
   assert_non_null(strstr(error, "2:"));
   arena_finish(&arena);
}

/* The JSON report of a program reads as the CSV row does. */
static void
test_json_run(void **state)
{
   (void)state;
   static const char doc[] =
      "{\"version\": 1, \"programs\": [\n"
      " {\"file\": \"a\\u002etgsi\", \"program\": \"main\", "
      "\"instructions\": 10, \"threads\": 2, \"compile_ms\": 1.5,\n"
      "  \"cycles\": {\"total\": {\"cycles\": 2, \"fma\": 0.5},"
      " \"longest\": null}, \"properties\": {\"discard\": true}}],\n"
      " \"errors\": []}\n";
   struct arena arena;
   struct stats_run j, c;
   struct stats_comparison cmp;
   char error[128];
   arena_init(&arena, 0);
   assert_true(stats_parse(&arena, doc, &j, error, sizeof(error)));
   assert_int_equal(j.count, 1);
   assert_string_equal(j.rows[0].file, "a.tgsi");
   assert_true(j.rows[0].value[STATS_INSTRUCTIONS] == 10);
   assert_true(j.rows[0].value[STATS_CYCLES] == 2);
   assert_true(j.rows[0].value[STATS_FMA] == 0.5);
   parse(&arena, old_csv, &c);
   stats_compare(&arena, &c, &j, &cmp);
   assert_int_equal(cmp.pair_count, 1);
   /* Only fma moved: the CSV has no fma column (0). */
   assert_int_equal(cmp.changed, 1);
   assert_int_equal(cmp.change[STATS_FMA].hurt, 1);
   assert_int_equal(cmp.change[STATS_CYCLES].hurt, 0);

   assert_false(stats_parse(&arena, "{\"version\": 1, \"programs\": [1,\n",
                            &j, error, sizeof(error)));
   assert_string_equal(error, "2:1: JSON: expected a value");
   assert_false(stats_parse(&arena, "{\"version\": 2, \"programs\": []}",
                            &j, error, sizeof(error)));
   arena_finish(&arena);
}

static void
test_percent(void **state)
{
   (void)state;
   assert_true(stats_percent(4, 4) == 0);
   assert_true(stats_percent(4, 5) == 25);
   assert_true(isinf(stats_percent(0, 1)));
}

static void
test_unified_diff(void **state)
{
   (void)state;
   struct arena arena;
   struct strbuf sb;
   arena_init(&arena, 0);
   strbuf_init(&sb, &arena);
   udiff(&sb, "old", "a\nb\nc\nd\ne\nf\ng\nh\n", "new",
         "a\nb\nc\nd\nX\nf\ng\nh\n");
   assert_string_equal(sb.data, "--- old\n+++ new\n@@ -2,7 +2,7 @@\n"
                                " b\n c\n d\n-e\n+X\n f\n g\n h\n");
   strbuf_clear(&sb);
   udiff(&sb, "old", "same\n", "new", "same\n");
   assert_int_equal(sb.len, 0);
   udiff(&sb, "old", "a\nb", "new", "a\nb\n");
   assert_non_null(strstr(sb.data, "final newline"));
   strbuf_clear(&sb);
   udiff(&sb, "old", "", "new", "x\n");
   assert_string_equal(sb.data, "--- old\n+++ new\n@@ -0,0 +1,1 @@\n+x\n");
   arena_finish(&arena);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_deltas),
      cmocka_unit_test(test_run_against_itself),
      cmocka_unit_test(test_bad_csv),
      cmocka_unit_test(test_json_run),
      cmocka_unit_test(test_percent),
      cmocka_unit_test(test_unified_diff),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
