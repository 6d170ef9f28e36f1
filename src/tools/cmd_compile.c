/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva compile`: TGSI text in, Valhall binary out.  The binary, the
 * disassembly and the statistics are produced only once the whole shader
 * has compiled, so a failed compile leaves no output file.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compile.h"
#include "emit/va.h"
#include "emit/va_stats.h"
#include "util/diag.h"
#include "key_args.h"
#include "report.h"
#include "shader_metrics.h"
#include "util/fileio.h"
#include "xfb_spec.h"

struct compile_args {
   const char *input;
   const char *output;
   bool print_ir;
   const char *print_pass; /* NULL: after every pass */
   bool disasm, stats, no_validate, no_sched_order;
   bool report, report_json;
   unsigned max_registers;
   unsigned memory_limit_mib;
   struct tgsiva_shader_key key;
   const char *xfb; /* --xfb SPEC (xfb_spec.h), or NULL */
};

/* As the library's default (tgsiva_compile_options.memory_limit). */
#define DEFAULT_MEMORY_LIMIT_MIB 256u

static void
print_help(void)
{
   printf("usage: tgsiva compile [options] FILE.tgsi|-\n\n"
          "Compiles a TGSI shader (tgsi_dump text) for Mali Valhall.\n\n"
          "  -o FILE            write the instruction words (a vertex "
          "shader's varying\n"
          "                     binary goes to FILE.varying, its "
          "transform-feedback\n"
          "                     binary to FILE.xfb)\n"
          "  --xfb SPEC         vertex shaders: also build the "
          "transform-feedback\n"
          "                     program capturing SPEC: 'all', or "
          "B:R.xyzw[@OFF],...\n"
          "                     [;stride=N,...] (docs/xfb.md)\n"
          "  --disasm           print the disassembly to stdout\n"
          "  --stats            print statistics to stderr\n"
          "  --report           print a performance report "
          "(docs/report.md)\n"
          "  --format text|json the report's format (default text)\n"
          "  --print-ir[=PASS]  print the IR to stderr after every pass "
          "(or after PASS)\n"
          "  --max-registers N  allocate at most N registers (spilling "
          "the rest)\n"
          "  --memory-limit MIB stop with an error when the compile needs "
          "more memory\n"
          "                     (default 256, as the library's)\n"
          "  --no-validate      skip the IR and hardware-rule validators "
          "(on by default)\n"
          "  --no-sched-order   keep the instruction order selection "
          "made\n"
          "  -h, --help         this text\n\n"
          "The variant (fragment shaders; docs/driver.md):\n%s",
          key_args_help);
}

static int
parse_args(int argc, char **argv, struct compile_args *a)
{
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      enum key_arg_result k = key_arg("compile", argc, argv, &i, &a->key);
      if (k != KEY_ARG_NONE) {
         if (k == KEY_ARG_BAD)
            return CLI_USER_ERROR;
      } else if (cli_is_help(arg)) {
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
      } else if (!strcmp(arg, "--memory-limit")) {
         char *end;
         if (++i == argc)
            return cli_usage_error("compile", "--memory-limit needs MIB");
         unsigned long n = strtoul(argv[i], &end, 10);
         if (*end || n < 1 || n > 1u << 20 || argv[i][0] == '-')
            return cli_usage_error("compile", "--memory-limit takes 1 to "
                                              "1048576 (MiB)");
         a->memory_limit_mib = (unsigned)n;
      } else if (!strcmp(arg, "--xfb")) {
         if (++i == argc)
            return cli_usage_error("compile", "--xfb needs a SPEC");
         a->xfb = argv[i];
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
   /* Everything is allocated before the first write, so that the memory
    * limit cannot strike between two outputs. */
   struct strbuf sb;
   strbuf_init(&sb, arena);
   if (a->disasm)
      shader_disassemble(&sb, r);
   if (a->output) {
      static const char *const suffixes[3] = {"", ".varying", ".xfb"};
      const char *paths[3];
      const void *bytes[3];
      for (unsigned p = 0; p < r->program_count && p < 3; p++) {
         bool geometry = p == 2 && r->stage == IR_STAGE_GEOMETRY;
         paths[p] = arena_printf(arena, "%s%s", a->output,
                                 geometry ? ".geometry" : suffixes[p]);
         bytes[p] = to_bytes(arena, &r->programs[p]);
      }
      for (unsigned p = 0; p < r->program_count && p < 3; p++) {
         if (!file_write_atomic(paths[p], bytes[p], r->programs[p].count * 8,
                                &d)) {
            /* All outputs or none: drop the binaries written. */
            for (unsigned q = 0; q < p; q++)
               file_remove_output(paths[q]);
            return cli_report(&d, paths[p]);
         }
      }
   }
   if (a->disasm) {
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

struct compile_run {
   struct arena arena;
   jmp_buf bail;
   struct tgsiva_diagnostic d;
};

/* The arena's failure hook: past --memory-limit, or out of memory. */
static void
out_of_memory(void *ctx, bool over_limit)
{
   struct compile_run *run = ctx;
   diag_error(&run->d, over_limit ? TGSIVA_ERROR_LIMIT : TGSIVA_ERROR_NOMEM,
              over_limit ? "the compile needs more than its memory limit "
                           "(--memory-limit)"
                         : "out of memory");
   longjmp(run->bail, 1);
}

static int
compile_file(const struct compile_args *a, struct compile_run *run)
{
   struct tgsi_shader *tgsi;
   if (!tgsi_parse_file(&run->arena, a->input, &tgsi, &run->d))
      return cli_report(&run->d, a->input);
   struct tgsiva_stream_output *so = NULL;
   if (a->xfb) {
      char err[160];
      so = ARENA_NEW(&run->arena, struct tgsiva_stream_output);
      if (tgsi->processor != TGSI_PROC_VERTEX)
         return cli_usage_error("compile", "--xfb needs a vertex shader");
      if (!xfb_spec_parse(a->xfb, tgsi, so, err, sizeof(err)))
         return cli_usage_error("compile", "--xfb: %s", err);
   }
   struct compile_options opts = {
      .validate = !a->no_validate,
      .no_sched_order = a->no_sched_order,
      .print = a->print_ir ? print_ir : NULL,
      .print_pass = a->print_pass,
      .max_registers = a->max_registers,
      .key = &a->key,
      .stream_output = so,
   };
   struct compile_result result;
   if (!compile_tgsi(&run->arena, tgsi, &opts, &result, &run->d))
      return cli_report(&run->d, a->input);
   return write_results(a, &run->arena, &result);
}

int
cmd_compile(int argc, char **argv)
{
   struct compile_args a = {0};
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;

   struct compile_run *run = malloc(sizeof(*run));
   if (!run) {
      fprintf(stderr, "tgsiva: error: out of memory\n");
      return CLI_USER_ERROR;
   }
   unsigned mib = a.memory_limit_mib ? a.memory_limit_mib
                                     : DEFAULT_MEMORY_LIMIT_MIB;
   arena_init(&run->arena, (size_t)mib << 20);
   run->arena.fail = out_of_memory;
   run->arena.fail_ctx = run;
   diag_clear(&run->d);
   /* Nothing is written before the compile succeeds, so a limit hit
    * leaves no output behind. */
   if (setjmp(run->bail) == 0)
      status = compile_file(&a, run);
   else
      status = cli_report(&run->d, a.input);
   arena_finish(&run->arena);
   free(run);
   return status;
}
