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
   struct batch_args batch;
   bool json;
   const char *output;
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
   batch_args_init(&a->batch, argv);
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      int status = -1;
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(arg, "--format")) {
         if (++i == argc || (strcmp(argv[i], "csv") && strcmp(argv[i], "json")))
            return cli_usage_error("stats", "--format takes csv or json");
         a->json = !strcmp(argv[i], "json");
      } else if (!strcmp(arg, "-o")) {
         if (++i == argc)
            return cli_usage_error("stats", "-o needs a file name");
         a->output = argv[i];
      } else {
         status = batch_parse_arg("stats", argc, argv, &i, &a->batch);
      }
      if (status >= 0)
         return status;
   }
   return batch_check_args("stats", &a->batch);
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
   size_t n;
   struct shader_metrics *m = batch_measure(&arena, "stats", &a.batch, &n);
   if (!m) {
      arena_finish(&arena);
      return CLI_USER_ERROR;
   }
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
   if (!n) {
      fprintf(stderr, "tgsiva stats: no .tgsi files under the paths\n");
      status = CLI_USER_ERROR;
   }
   fprintf(stderr,
           "stats: %zu shaders, %zu compiled, %zu do not "
           "compile\n",
           n, n - refused, refused);
   batch_free(m, n);
   arena_finish(&arena);
   return status;
}
