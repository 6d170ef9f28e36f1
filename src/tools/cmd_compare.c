/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva compare OLD NEW`: two runs of `tgsiva stats` side by side, the
 * way Mesa developers read shader-db reports: per metric the total over
 * the programs in both runs, the total over the programs it changed,
 * helped / hurt counts and the geometric mean of the ratios; then the
 * programs that moved most and those present in one run only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats_table.h"
#include "util/diag.h"
#include "util/fileio.h"

#define MOVED_MOST 10

static void
print_help(void)
{
   printf("usage: tgsiva compare [--top N] OLD NEW\n\n"
          "Compares two runs of 'tgsiva stats' (CSV or JSON): per metric the "
          "total over the\nprograms in both runs, before -> after, the "
          "same over the programs that\nchanged, how many were helped "
          "and hurt, the geometric mean of the\nratios, then the "
          "programs that moved most and those in one run only.\n"
          "Compile time is shown but never counted as a change.\n\n"
          "  --top N     list the N programs that moved most (default "
          "10)\n"
          "  -h, --help  this text\n");
}

static bool
read_run(struct arena *arena, const char *path, struct stats_run *run)
{
   struct tgsiva_diagnostic d;
   char *text, error[256];
   size_t len;
   diag_clear(&d);
   if (!file_read(arena, path, &text, &len, &d)) {
      cli_report(&d, path);
      return false;
   }
   if (!stats_parse(arena, text, run, error, sizeof(error))) {
      fprintf(stderr, "%s:%s\n", path, error);
      return false;
   }
   return true;
}

/* A number as it reads best: integers without decimals. */
static const char *
format_value(double v, char *buf, size_t size)
{
   if (v == floor(v) && fabs(v) < 1e15)
      snprintf(buf, size, "%.0f", v);
   else
      snprintf(buf, size, "%.3f", v);
   return buf;
}

static void
print_move(double before, double after)
{
   char b[32], a[32];
   printf("%s -> %s (%+.2f%%)", format_value(before, b, sizeof(b)),
          format_value(after, a, sizeof(a)), stats_percent(before, after));
}

/* before, after and the change, in columns. */
static void
print_columns(double before, double after)
{
   char b[32], a[32];
   printf(" %12s %12s %+8.2f%%", format_value(before, b, sizeof(b)),
          format_value(after, a, sizeof(a)), stats_percent(before, after));
}

static void
print_metrics(const struct stats_comparison *c)
{
   printf("%-15s %12s %12s %9s | %12s %12s %9s | %6s %6s %8s\n", "metric",
          "before", "after", "change", "aff. before", "aff. after", "change",
          "helped", "hurt", "geomean");
   for (unsigned m = 0; m < STATS_METRICS; m++) {
      const struct metric_change *ch = &c->change[m];
      printf("%-15s", stats_metric_infos[m].name);
      print_columns(ch->before, ch->after);
      if (!stats_metric_infos[m].counted) {
         printf(" | %s\n", "(reported, never counted as a change)");
      } else if (!ch->helped && !ch->hurt) {
         printf(" | %12s %12s %9s | %6u %6u %8s\n", "-", "-", "-", 0u, 0u, "-");
      } else {
         printf(" |");
         print_columns(ch->affected_before, ch->affected_after);
         printf(" | %6u %6u %8.4f\n", ch->helped, ch->hurt, ch->geomean);
      }
   }
}

static double
moved(const struct stats_pair *p, unsigned m)
{
   return fabs(stats_percent(p->old_row->value[m], p->new_row->value[m]));
}

static void
print_moved_most(struct arena *arena, const struct stats_comparison *c,
                 unsigned m, size_t top)
{
   const struct stats_pair **order =
       ARENA_ARRAY(arena, const struct stats_pair *, c->pair_count + 1);
   size_t n = 0;
   for (size_t i = 0; i < c->pair_count; i++) {
      if (moved(&c->pairs[i], m) > 0)
         order[n++] = &c->pairs[i];
   }
   if (!n)
      return;
   /* A selection of the top few: n may be large, top is small. */
   printf("\nmoved most (%s):\n", stats_metric_infos[m].name);
   for (size_t k = 0; k < top && k < n; k++) {
      size_t best = k;
      for (size_t i = k + 1; i < n; i++) {
         if (moved(order[i], m) > moved(order[best], m))
            best = i;
      }
      const struct stats_pair *t = order[best];
      order[best] = order[k];
      order[k] = t;
      printf("  %s %s: ", t->old_row->file, t->old_row->program);
      print_move(t->old_row->value[m], t->new_row->value[m]);
      printf("\n");
   }
}

static void
print_only(const char *which, const struct stats_row *const *rows, size_t n)
{
   if (!n)
      return;
   printf("\nonly in %s:\n", which);
   for (size_t i = 0; i < n; i++)
      printf("  %s %s\n", rows[i]->file, rows[i]->program);
}

int
cmd_compare(int argc, char **argv)
{
   const char *paths[2];
   unsigned npaths = 0;
   size_t top = MOVED_MOST;
   for (int i = 1; i < argc; i++) {
      if (cli_is_help(argv[i])) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(argv[i], "--top")) {
         char *end;
         if (++i == argc || (top = strtoul(argv[i], &end, 10), *end))
            return cli_usage_error("compare", "--top needs a number");
      } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
         return cli_usage_error("compare", "unknown option '%s'", argv[i]);
      } else if (npaths == 2) {
         return cli_usage_error("compare", "more than two runs given");
      } else {
         paths[npaths++] = argv[i];
      }
   }
   if (npaths != 2)
      return cli_usage_error("compare", "two runs needed: OLD NEW");
   struct arena arena;
   struct stats_run runs[2];
   arena_init(&arena, 0);
   int status = CLI_USER_ERROR;
   if (read_run(&arena, paths[0], &runs[0]) &&
       read_run(&arena, paths[1], &runs[1])) {
      struct stats_comparison c;
      stats_compare(&arena, &runs[0], &runs[1], &c);
      printf("programs: %zu in both runs, %zu only in OLD, %zu only in "
             "NEW, %zu changed\n\n",
             c.pair_count, c.only_old_count, c.only_new_count, c.changed);
      print_metrics(&c);
      print_moved_most(&arena, &c, STATS_CYCLES, top);
      print_moved_most(&arena, &c, STATS_INSTRUCTIONS, top);
      print_only("OLD", c.only_old, c.only_old_count);
      print_only("NEW", c.only_new, c.only_new_count);
      if (!c.changed && !c.only_old_count && !c.only_new_count)
         printf("\nno change\n");
      status = CLI_OK;
   }
   arena_finish(&arena);
   return status;
}
