/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva COMMAND [ARGS]`: dispatches to one subcommand per file.
 */
#include <errno.h>
#ifdef __GLIBC__ /* errno.h brought features.h */
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
   const char *name;
   int (*run)(int argc, char **argv);
   const char *summary;
};

static const struct command commands[] = {
   {"compile", cmd_compile, "compile TGSI to a Valhall binary"},
   {"dump", cmd_dump, "parse TGSI and print it as tgsi_dump does"},
   {"asm", cmd_asm, "assemble Valhall assembly into instruction words"},
   {"disasm", cmd_disasm, "disassemble Valhall instruction words"},
   {"run", cmd_run, "run in the TGSI interpreter (--check: against the "
                    "binary)"},
   {"test", cmd_test, "compare shaders with their NAME.expected files"},
   {"stats", cmd_stats, "statistics of every shader, as CSV or JSON"},
   {"compare", cmd_compare, "compare two `tgsiva stats` runs"},
   {"gen", cmd_gen, "write random TGSI programs (--check: test them)"},
   {"reduce", cmd_reduce, "shrink a failing TGSI program"},
   {NULL, NULL, NULL},
};

int
cli_report(const struct tgsiva_diagnostic *d, const char *filename)
{
   char text[1024];
   tgsiva_diagnostic_format(d, filename, text, sizeof(text));
   fprintf(stderr, "%s\n", text);
   return d->status == TGSIVA_ERROR_INTERNAL ? CLI_INTERNAL_ERROR
                                             : CLI_USER_ERROR;
}

int
cli_usage_error(const char *cmd, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "tgsiva %s: ", cmd);
   vfprintf(stderr, fmt, ap);
   fprintf(stderr, "\nTry 'tgsiva %s --help'.\n", cmd);
   va_end(ap);
   return CLI_USER_ERROR;
}

bool
cli_is_help(const char *arg)
{
   return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

static void
print_help(FILE *f)
{
   fprintf(f, "usage: tgsiva COMMAND [ARGS...]\n\n"
              "A TGSI -> Arm Mali Valhall shader compiler.\n\n"
              "commands:\n");
   for (const struct command *c = commands; c->name; c++)
      fprintf(f, "  %-10s %s\n", c->name, c->summary);
   fprintf(f, "\n'tgsiva COMMAND --help' describes a command.\n"
              "  --help     this text\n"
              "  --version  print the version\n");
}

/* Output that did not reach stdout (a full disk, a closed pipe) fails
 * the run: a truncated disassembly must not look like a whole one. */
static int
finish_stdout(int status)
{
   if (fflush(stdout) == 0 && !ferror(stdout))
      return status;
   fprintf(stderr, "tgsiva: error: cannot write to stdout: %s\n",
           strerror(errno));
   return status == CLI_OK ? CLI_USER_ERROR : status;
}

static int
run_command(int argc, char **argv)
{
   if (argc < 2) {
      print_help(stderr);
      return CLI_USER_ERROR;
   }
   if (cli_is_help(argv[1])) {
      print_help(stdout);
      return CLI_OK;
   }
   if (strcmp(argv[1], "--version") == 0) {
      printf("tgsiva %s\n", tgsiva_version());
      return CLI_OK;
   }
   for (const struct command *c = commands; c->name; c++) {
      if (strcmp(argv[1], c->name) == 0)
         return c->run(argc - 1, argv + 1);
   }
   fprintf(stderr, "tgsiva: unknown command '%s'\n"
                   "Try 'tgsiva --help'.\n", argv[1]);
   return CLI_USER_ERROR;
}

/* The checking commands (gen --check, batch runs) fork a child per
 * program, which allocates and frees its arenas' chunks many times:
 * glibc's default returns the heap's top to the kernel at every large
 * free and grows it again at the next allocation, and those brk and
 * munmap calls were half of a campaign's time (system time 2.1 s of
 * 4.1 s per 100 programs, 1.4x faster with the heap kept).  A process
 * setting, not the library's: drivers keep their own allocator. */
static void
keep_freed_heap(void)
{
#ifdef M_TOP_PAD
   mallopt(M_TOP_PAD, 64 << 20);
   mallopt(M_TRIM_THRESHOLD, 256 << 20);
   mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

int
main(int argc, char **argv)
{
   keep_freed_heap();
   return finish_stdout(run_command(argc, argv));
}
