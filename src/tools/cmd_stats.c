/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva stats`: the statistics of every program of every shader under
 * the paths, one CSV row (or JSON object) each, for `tgsiva compare`.
 * Shaders the compiler refuses are listed on stderr and left out, so that
 * a run over a corpus that holds some always completes; compare shows a
 * shader that stops compiling as one present in the old run only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "cli.h"
#include "report.h"
#include "util/diag.h"
#include "util/fileio.h"

struct stats_args {
   unsigned jobs;
   bool json;
   const char *output;
   char **paths;
   size_t npaths;
};

static void
print_help(void)
{
   printf("usage: tgsiva stats [-j N] [--format csv|json] PATH... "
          "[-o FILE]\n\n"
          "Compiles every .tgsi file under the paths (recursively) and "
          "prints one row\nper program: file, stage, program, "
          "instructions, cycles per unit, bound\nunit, work registers, "
          "threads, uniform words, spills, fills, TLS bytes,\ncompile "
          "time (docs/report.md).  Shaders that do not compile are "
          "listed on\nstderr.\n\n"
          "  -j N                 compile on N threads (default: every "
          "core)\n"
          "  --format csv|json    the output format (default csv)\n"
          "  -o FILE              write to FILE (default: stdout)\n"
          "  -h, --help           this text\n");
}

static int
parse_args(int argc, char **argv, struct stats_args *a)
{
   a->jobs = batch_default_jobs();
   a->paths = argv + 1;
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(arg, "-j")) {
         if (++i == argc || !batch_parse_jobs(argv[i], &a->jobs))
            return cli_usage_error("stats", "-j needs a number of threads");
      } else if (!strcmp(arg, "--format")) {
         if (++i == argc || (strcmp(argv[i], "csv") && strcmp(argv[i], "json")))
            return cli_usage_error("stats", "--format takes csv or json");
         a->json = !strcmp(argv[i], "json");
      } else if (!strcmp(arg, "-o")) {
         if (++i == argc)
            return cli_usage_error("stats", "-o needs a file name");
         a->output = argv[i];
      } else if (arg[0] == '-' && arg[1] != '\0') {
         return cli_usage_error("stats", "unknown option '%s'", arg);
      } else {
         a->paths[a->npaths++] = argv[i];
      }
   }
   if (!a->npaths)
      return cli_usage_error("stats", "no shader or directory given");
   return -1;
}

static void
measure_one(void *ctx, size_t i)
{
   struct shader_metrics *m = ctx;
   shader_measure(m[i].file, &m[i]);
}

int
cmd_stats(int argc, char **argv)
{
   struct stats_args a = {0};
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;
   struct arena arena;
   arena_init(&arena, 0);
   char **files;
   size_t n;
   if (!batch_find_shaders(&arena, "stats", a.paths, a.npaths, &files, &n)) {
      arena_finish(&arena);
      return CLI_USER_ERROR;
   }
   struct shader_metrics *m = calloc(n ? n : 1, sizeof(*m));
   for (size_t i = 0; i < n; i++)
      m[i].file = files[i];
   batch_run(n, a.jobs, measure_one, m, "stats");
   size_t refused = 0;
   for (size_t i = 0; i < n; i++) {
      if (!m[i].compiled) {
         fprintf(stderr, "%s: %s\n", m[i].file, m[i].diagnostic);
         refused++;
      }
   }
   struct strbuf sb;
   strbuf_init(&sb, &arena);
   if (a.json)
      report_json(&sb, m, n);
   else
      report_csv(&sb, m, n);
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   status = CLI_OK;
   if (!file_write_atomic(a.output ? a.output : "-", sb.data, sb.len, &d))
      status = cli_report(&d, a.output ? a.output : "-");
   fprintf(stderr,
           "stats: %zu shaders, %zu compiled, %zu do not "
           "compile\n",
           n, n - refused, refused);
   for (size_t i = 0; i < n; i++)
      shader_metrics_free(&m[i]);
   free(m);
   arena_finish(&arena);
   return status;
}
