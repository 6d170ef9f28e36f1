/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva reduce`: shrinks a failing TGSI program (src/gen/reduce.c)
 * while it fails with the same signature as the original (the internal
 * error's message, the crash's assertion, or the output that differs,
 * numbers left out), and writes the smallest program found.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen/gen.h"
#include "gen_check.h"
#include "util/diag.h"
#include "util/fileio.h"

struct reduce_test {
   struct gen_check_options co;
   char signature[200];
};

static void
print_help(void)
{
   printf("usage: tgsiva reduce [options] FILE.tgsi\n\n"
          "Shrinks a program that fails `tgsiva gen --check`'s test (an "
          "internal\nerror, a crash, a difference with the interpreter) "
          "while it fails with\nthe same signature, and writes the "
          "smallest program found.\n\n"
          "  -o OUT             where to write it (default: stdout)\n"
          "  --max-registers N  compile with N registers (8-64)\n"
          "  --runs K           input sets per check (default 16)\n"
          "  -h, --help         this text\n\n"
          "Exit status: 0 when reduced, 1 when the program does not fail "
          "or on a\nuser error.\n");
}

static bool
still_fails(const struct tgsi_shader *s, void *user)
{
   struct reduce_test *t = user;
   struct strbuf sb;
   struct gen_check_result r;
   struct arena text;
   arena_init(&text, 0);
   strbuf_init(&sb, &text);
   gen_print(&sb, s);
   gen_check_text(sb.data, sb.len, &t->co, &r);
   arena_finish(&text);
   return gen_outcome_failed(r.outcome) &&
          !strcmp(r.signature, t->signature);
}

static int
parse_args(int argc, char **argv, const char **in, const char **out,
           struct gen_check_options *co)
{
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      }
      if (!strcmp(arg, "-o") || !strcmp(arg, "--max-registers") ||
          !strcmp(arg, "--runs")) {
         if (++i == argc)
            return cli_usage_error("reduce", "%s needs a value", arg);
         if (!strcmp(arg, "-o")) {
            *out = argv[i];
            continue;
         }
         char *end;
         errno = 0;
         unsigned long v = strtoul(argv[i], &end, 10);
         bool regs = !strcmp(arg, "--max-registers");
         if (errno || *end || end == argv[i] ||
             (regs ? v < 8 || v > 64 : v < 1 || v > 1000))
            return cli_usage_error("reduce", "bad value '%s' for %s",
                                   argv[i], arg);
         *(regs ? &co->max_registers : &co->runs) = (unsigned)v;
      } else if (arg[0] == '-' && arg[1]) {
         return cli_usage_error("reduce", "unknown option '%s'", arg);
      } else if (*in) {
         return cli_usage_error("reduce", "more than one input file");
      } else {
         *in = arg;
      }
   }
   if (!*in)
      return cli_usage_error("reduce", "no input file");
   return -1;
}

static int
reduce(struct arena *arena, const char *in, const char *out,
       struct reduce_test *t)
{
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct gen_check_result r;
   if (!file_read(arena, in, &text, &len, &d) ||
       !tgsi_parse_text(arena, text, len, &s, &d))
      return cli_report(&d, in);
   gen_check_text(text, len, &t->co, &r);
   if (!gen_outcome_failed(r.outcome)) {
      fprintf(stderr, "%s: error: the program does not fail (%s)\n", in,
              gen_outcome_name(r.outcome));
      return CLI_USER_ERROR;
   }
   snprintf(t->signature, sizeof(t->signature), "%s", r.signature);
   fprintf(stderr, "signature: %s\n", t->signature);
   unsigned steps;
   struct tgsi_shader *small = gen_reduce(arena, s, still_fails, t, &steps);
   struct strbuf sb;
   strbuf_init(&sb, arena);
   gen_print(&sb, small);
   fprintf(stderr, "%u instructions -> %u, %u tests\n", s->num_insns,
           small->num_insns, steps);
   if (!out) {
      fwrite(sb.data, 1, sb.len, stdout);
      return CLI_OK;
   }
   if (!file_write_atomic(out, sb.data, sb.len, &d))
      return cli_report(&d, out);
   return CLI_OK;
}

int
cmd_reduce(int argc, char **argv)
{
   const char *in = NULL, *out = NULL;
   struct reduce_test t;
   memset(&t, 0, sizeof(t));
   int status = parse_args(argc, argv, &in, &out, &t.co);
   if (status >= 0)
      return status;
   struct arena arena;
   arena_init(&arena, 0);
   status = reduce(&arena, in, out, &t);
   arena_finish(&arena);
   return status;
}
