/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva compile`: TGSI text in, Valhall binary out.  The binary, the
 * disassembly and the statistics are produced only once the whole shader
 * has compiled, so a failed compile leaves no output file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compile.h"
#include "emit/va.h"
#include "emit/va_emit.h"
#include "util/diag.h"
#include "report.h"
#include "shader_metrics.h"
#include "util/fileio.h"

struct compile_args {
   const char *input;
   const char *output;
   bool print_ir;
   const char *print_pass; /* NULL: after every pass */
   bool disasm, stats, no_validate, no_sched_order;
   bool report, report_json;
   unsigned max_registers;
};

static void
print_help(void)
{
   printf("usage: tgsiva compile [options] FILE.tgsi|-\n\n"
          "Compiles a TGSI shader (tgsi_dump text) for Mali Valhall.\n\n"
          "  -o FILE            write the instruction words (a vertex "
          "shader's varying\n"
          "                     binary goes to FILE.varying)\n"
          "  --disasm           print the disassembly to stdout\n"
          "  --stats            print statistics to stderr\n"
          "  --report           print a performance report "
          "(docs/report.md)\n"
          "  --format text|json the report's format (default text)\n"
          "  --print-ir[=PASS]  print the IR to stderr after every pass "
          "(or after PASS)\n"
          "  --max-registers N  allocate at most N registers (spilling "
          "the rest)\n"
          "  --no-validate      skip the IR and hardware-rule validators "
          "(on by default)\n"
          "  --no-sched-order   keep the instruction order selection "
          "made\n"
          "  -h, --help         this text\n");
}

static int
parse_args(int argc, char **argv, struct compile_args *a)
{
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(arg, "-o")) {
         if (++i == argc)
            return cli_usage_error("compile", "-o needs a file name");
         a->output = argv[i];
      } else if (!strcmp(arg, "--max-registers")) {
         char *end;
         if (++i == argc)
            return cli_usage_error("compile", "--max-registers needs N");
         unsigned long n = strtoul(argv[i], &end, 10);
         if (*end || n < 8 || n > 64)
            return cli_usage_error("compile", "--max-registers takes 8 "
                                              "to 64");
         a->max_registers = (unsigned)n;
      } else if (!strcmp(arg, "--no-validate")) {
         a->no_validate = true;
      } else if (!strcmp(arg, "--no-sched-order")) {
         a->no_sched_order = true;
      } else if (!strcmp(arg, "--disasm")) {
         a->disasm = true;
      } else if (!strcmp(arg, "--stats")) {
         a->stats = true;
      } else if (!strcmp(arg, "--report")) {
         a->report = true;
      } else if (!strcmp(arg, "--format")) {
         if (++i == argc || (strcmp(argv[i], "text") &&
                             strcmp(argv[i], "json")))
            return cli_usage_error("compile", "--format takes text or "
                                              "json");
         a->report_json = !strcmp(argv[i], "json");
      } else if (!strncmp(arg, "--print-ir", 10) &&
                 (arg[10] == '\0' || arg[10] == '=')) {
         a->print_ir = true;
         a->print_pass = arg[10] == '=' ? arg + 11 : NULL;
      } else if (arg[0] == '-' && arg[1] != '\0') {
         return cli_usage_error("compile", "unknown option '%s'", arg);
      } else if (a->input) {
         return cli_usage_error("compile", "more than one input file");
      } else {
         a->input = arg;
      }
   }
   if (!a->input)
      return cli_usage_error("compile", "no input file");
   return -1;
}

static void
print_ir(void *ctx, const char *pass, const char *text)
{
   (void)ctx;
   fprintf(stderr, "# after %s\n%s", pass, text);
}

/* Little-endian bytes of the words. */
static uint8_t *
to_bytes(struct arena *arena, const struct compile_program *p)
{
   uint8_t *bytes = arena_alloc(arena, p->count * 8 + 1);
   for (size_t i = 0; i < p->count; i++) {
      for (unsigned b = 0; b < 8; b++)
         bytes[8 * i + b] = (uint8_t)(p->words[i] >> (8 * b));
   }
   return bytes;
}

static void
print_report(const struct compile_args *a, struct arena *arena,
             const struct compile_result *r)
{
   struct shader_metrics m = {.file = a->input};
   struct strbuf sb;
   shader_measure_compiled(arena, r, &m);
   strbuf_init(&sb, arena);
   if (a->report_json)
      report_json(&sb, &m, 1);
   else
      report_text(&sb, &m);
   fputs(sb.data, stdout);
   fflush(stdout);
   shader_metrics_free(&m);
}

static int
write_results(const struct compile_args *a, struct arena *arena,
              const struct compile_result *r)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (a->output) {
      for (unsigned p = 0; p < r->program_count; p++) {
         const char *path = p ? arena_printf(arena, "%s.varying", a->output)
                              : a->output;
         if (!file_write_atomic(path, to_bytes(arena, &r->programs[p]),
                                r->programs[p].count * 8, &d))
            return cli_report(&d, path);
      }
   }
   if (a->disasm) {
      struct strbuf sb;
      strbuf_init(&sb, arena);
      shader_disassemble(&sb, r);
      fputs(sb.data, stdout);
      fflush(stdout); /* before the statistics when both go to a pipe */
   }
   if (a->report)
      print_report(a, arena, r);
   if (a->stats) {
      struct strbuf sb;
      strbuf_init(&sb, arena);
      shader_stats_line(&sb, r);
      fprintf(stderr, "%s\n", sb.data);
   }
   return CLI_OK;
}

int
cmd_compile(int argc, char **argv)
{
   struct compile_args a = {0};
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;

   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   arena_init(&arena, 0);
   diag_clear(&d);
   status = CLI_OK;
   if (!tgsi_parse_file(&arena, a.input, &tgsi, &d)) {
      status = cli_report(&d, a.input);
   } else {
      struct compile_options opts = {
         .validate = !a.no_validate,
         .no_sched_order = a.no_sched_order,
         .print = a.print_ir ? print_ir : NULL,
         .print_pass = a.print_pass,
         .max_registers = a.max_registers,
      };
      struct compile_result result;
      if (!compile_tgsi(&arena, tgsi, &opts, &result, &d))
         status = cli_report(&d, a.input);
      else
         status = write_results(&a, &arena, &result);
   }
   arena_finish(&arena);
   return status;
}
