/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva test`: every shader under the paths against NAME.expected
 * beside it (the `--stats` line as a comment, then the disassembly; or
 * the diagnostic of a shader the compiler refuses).  Compiles run in
 * parallel; results print in path order, so the output is the same for
 * any -j.  `--update` rewrites only the files that differ, each through a
 * temporary file and a rename with signals held off, so an interrupted
 * update leaves every expected file whole (old or new).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "cli.h"
#include "shader_metrics.h"
#include "udiff.h"
#include "util/diag.h"
#include "util/fileio.h"

struct test_args {
   struct batch_args batch;
   bool update;
   const char *junit;
};

enum outcome { PASSED, FAILED, NEW };

struct test_case {
   const struct shader_metrics *m;
   char *expected_path;
   enum outcome outcome;
   char *report; /* the diff or message, for the log and JUnit */
};

static void
print_help(void)
{
   printf("usage: tgsiva test [--update] [-j N] [--junit FILE] PATH...\n\n"
          "Compiles every .tgsi file under the paths (recursively) and "
          "compares it\nwith NAME.expected beside it: the --stats line "
          "as a comment, then the\ndisassembly (or the diagnostic of a "
          "shader that does not compile).\nPrints a unified diff for "
          "each difference and 'N passed, N failed, N new';\nexits 0 "
          "only when nothing failed and nothing is new.\n\n"
          "  --update      write NAME.expected for the failed and new "
          "shaders only\n"
          "  -j N          compile on N threads (default: every core)\n"
          "  --junit FILE  also write a JUnit XML report\n"
          "  -h, --help    this text\n");
}

static int
parse_args(int argc, char **argv, struct test_args *a)
{
   batch_args_init(&a->batch, argv);
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      int status = -1;
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(arg, "--update")) {
         a->update = true;
      } else if (!strcmp(arg, "--junit")) {
         if (++i == argc)
            return cli_usage_error("test", "--junit needs a file name");
         a->junit = argv[i];
      } else {
         status = batch_parse_arg("test", argc, argv, &i, &a->batch);
      }
      if (status >= 0)
         return status;
   }
   return batch_check_args("test", &a->batch);
}

/* The file's contents, or false if it cannot be read (absent). */
static bool
read_file(struct arena *arena, const char *path, char **data, size_t *len)
{
   struct tgsiva_diagnostic ignored;
   diag_clear(&ignored);
   return file_read(arena, path, data, len, &ignored);
}

static char *
expected_path_of(struct arena *arena, const char *path)
{
   size_t n = strlen(path);
   if (n > 5 && !strcmp(path + n - 5, ".tgsi"))
      n -= 5;
   return arena_printf(arena, "%.*s.expected", (int)n, path);
}

/* Decides pass / fail / new; a difference gets its diff. */
static void
judge(struct arena *arena, struct test_case *c)
{
   char *want;
   size_t len;
   c->expected_path = expected_path_of(arena, c->m->file);
   if (!read_file(arena, c->expected_path, &want, &len)) {
      c->outcome = NEW;
      c->report = arena_printf(arena, "no %s%s%s", c->expected_path,
                               c->m->compiled ? "" : "; does not compile: ",
                               c->m->compiled ? "" : c->m->diagnostic);
      return;
   }
   if (strlen(want) == len && !strcmp(want, c->m->expected)) {
      c->outcome = PASSED;
      return;
   }
   struct strbuf sb;
   strbuf_init(&sb, arena);
   if (!c->m->compiled)
      strbuf_printf(&sb, "does not compile: %s\n", c->m->diagnostic);
   udiff(&sb, c->expected_path, want, "compiled", c->m->expected);
   c->outcome = FAILED;
   c->report = sb.data;
}

/* The whole file or none of it, even if a signal comes meanwhile: the
 * signal is delivered after the rename. */
static bool
write_expected(const struct test_case *c)
{
   sigset_t hold, old;
   sigemptyset(&hold);
   sigaddset(&hold, SIGINT);
   sigaddset(&hold, SIGTERM);
   sigaddset(&hold, SIGHUP);
   sigaddset(&hold, SIGQUIT);
   sigprocmask(SIG_BLOCK, &hold, &old);
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   bool ok = file_write_atomic(c->expected_path, c->m->expected,
                               strlen(c->m->expected), &d);
   sigprocmask(SIG_SETMASK, &old, NULL);
   if (!ok)
      cli_report(&d, c->expected_path);
   return ok;
}

/* Expected files under the directories given that no shader has. */
static size_t
report_stale(struct arena *arena, const struct test_args *a)
{
   size_t stale = 0;
   for (size_t i = 0; i < a->batch.npaths; i++) {
      char **found;
      size_t n;
      if (!file_list(arena, a->batch.paths[i], ".expected", &found, &n))
         continue; /* not a directory */
      for (size_t k = 0; k < n; k++) {
         size_t len = strlen(found[k]) - strlen(".expected");
         char *tgsi = arena_printf(arena, "%.*s.tgsi", (int)len, found[k]);
         char *data;
         size_t size;
         if (!read_file(arena, tgsi, &data, &size)) {
            printf("STALE %s: no shader for it\n", found[k]);
            stale++;
         }
      }
   }
   return stale;
}

static void
xml_escaped(struct strbuf *sb, const char *s)
{
   for (; *s; s++) {
      switch (*s) {
      case '&': strbuf_puts(sb, "&amp;"); break;
      case '<': strbuf_puts(sb, "&lt;"); break;
      case '>': strbuf_puts(sb, "&gt;"); break;
      case '"': strbuf_puts(sb, "&quot;"); break;
      default:
         /* XML 1.0 allows no other control character. */
         if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
            strbuf_putc(sb, '?');
         else
            strbuf_putc(sb, *s);
      }
   }
}

/* One <testcase> per shader, named by its path; a difference or a new
 * shader is a <failure> holding the diff or the message. */
static bool
write_junit(struct arena *arena, const char *path,
            const struct test_case *cases, size_t n, const size_t *count)
{
   struct strbuf sb;
   strbuf_init(&sb, arena);
   double total = 0;
   for (size_t i = 0; i < n; i++)
      total += cases[i].m->compile_ms;
   strbuf_printf(&sb,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<testsuites tests=\"%zu\" failures=\"%zu\">\n"
                 "<testsuite name=\"tgsiva test\" tests=\"%zu\" "
                 "failures=\"%zu\" errors=\"0\" skipped=\"0\" "
                 "time=\"%.3f\">\n",
                 n, n - count[PASSED], n, n - count[PASSED], total / 1e3);
   for (size_t i = 0; i < n; i++) {
      const struct test_case *c = &cases[i];
      strbuf_puts(&sb, "<testcase classname=\"tgsiva\" name=\"");
      xml_escaped(&sb, c->m->file);
      strbuf_printf(&sb, "\" time=\"%.6f\"", c->m->compile_ms / 1e3);
      if (c->outcome == PASSED) {
         strbuf_puts(&sb, "/>\n");
         continue;
      }
      strbuf_printf(&sb, ">\n<failure type=\"%s\" message=\"",
                    c->outcome == NEW ? "new" : "differs");
      xml_escaped(&sb, c->outcome == NEW ? c->report
                                         : "differs from the expected "
                                           "output");
      strbuf_puts(&sb, "\">");
      xml_escaped(&sb, c->report);
      strbuf_puts(&sb, "</failure>\n</testcase>\n");
   }
   strbuf_puts(&sb, "</testsuite>\n</testsuites>\n");
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!file_write_atomic(path, sb.data, sb.len, &d)) {
      cli_report(&d, path);
      return false;
   }
   return true;
}

/* Prints what became of the shader; with --update, writes its file if
 * it did not pass.  False if that write failed. */
static bool
print_case(const struct test_case *c, bool update)
{
   if (c->outcome == FAILED)
      printf("FAIL %s\n%s", c->m->file, c->report);
   else if (c->outcome == NEW)
      printf("NEW %s: %s\n", c->m->file, c->report);
   if (!update || c->outcome == PASSED)
      return true;
   if (!write_expected(c))
      return false;
   printf("wrote %s\n", c->expected_path);
   return true;
}

int
cmd_test(int argc, char **argv)
{
   struct test_args a = {0};
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;
   struct arena arena;
   arena_init(&arena, 0);
   size_t n;
   struct shader_metrics *m = batch_measure(&arena, "test", &a.batch, &n);
   if (!m) {
      arena_finish(&arena);
      return CLI_USER_ERROR;
   }
   struct test_case *cases = ARENA_ARRAY(&arena, struct test_case, n + 1);
   for (size_t i = 0; i < n; i++)
      cases[i].m = &m[i];

   size_t count[3] = {0}, written = 0, write_errors = 0;
   for (size_t i = 0; i < n; i++) {
      struct test_case *c = &cases[i];
      judge(&arena, c);
      count[c->outcome]++;
      if (!print_case(c, a.update))
         write_errors++;
      written += a.update && c->outcome != PASSED;
   }
   written -= write_errors;
   count[FAILED] += report_stale(&arena, &a);
   if (!n)
      printf("no .tgsi files under the paths given\n");
   printf("%zu passed, %zu failed, %zu new", count[PASSED], count[FAILED],
          count[NEW]);
   if (a.update)
      printf(" (%zu expected files written)", written);
   printf("\n");
   fflush(stdout);
   if (a.junit && !write_junit(&arena, a.junit, cases, n, count))
      write_errors++;
   batch_free(m, n);
   arena_finish(&arena);
   if (write_errors || !n)
      return CLI_USER_ERROR;
   if (a.update)
      return CLI_OK;
   return count[FAILED] || count[NEW] ? CLI_USER_ERROR : CLI_OK;
}
