/* SPDX-License-Identifier: MIT */
/*
 * The Valhall conformance cases, run both ways.
 *
 * A case file has one case per line: 8 hex bytes, four spaces, the
 * canonical disassembly.  Assembling the text must give exactly the bytes,
 * and disassembling the bytes must give exactly the text.  A negative
 * file has one line of assembly per case that must be rejected with a
 * message ('#' lines and blank lines are not cases).
 *
 *   va_conformance                 tgsiva's own cases (tests/emit/) and,
 *                                  when ../shared is there, the shared ones
 *   va_conformance [--label NAME] [--cases FILE]... [--negative FILE]...
 *
 * Each file prints "N passed, N failed" and lists its failures by cause;
 * the exit status is 1 if any case failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emit/va.h"
#include "util/diag.h"
#include "util/fileio.h"

/* Failures printed per file and cause before the rest are only counted. */
#define MAX_SHOWN 20

struct tally {
   unsigned passed, failed;
   unsigned shown;
};

static void
fail(struct tally *t, const char *file, unsigned line, const char *cause,
     const char *detail)
{
   t->failed++;
   if (t->shown++ < MAX_SHOWN)
      printf("  %s:%u: %s: %s\n", file, line, cause, detail);
}

/* Checks one positive case; false (and a message) if it fails. */
static void
check_case(struct tally *t, struct arena *a, const char *file, unsigned line,
           uint64_t word, const char *text, size_t len)
{
   struct strbuf sb;
   struct va_instr I;
   struct tgsiva_diagnostic d;
   uint64_t got;
   char *expected = arena_strndup(a, text, len);

   strbuf_init(&sb, a);
   va_print_word(&sb, word);
   if (strcmp(sb.data, expected) != 0) {
      fail(t, file, line, "disassembly differs",
           arena_printf(a, "'%s' != expected '%s'", sb.data, expected));
      return;
   }
   diag_clear(&d);
   if (!va_assemble_line(text, len, line, &I, &got, &d)) {
      fail(t, file, line, "assembly rejected", d.message);
      return;
   }
   if (got != word) {
      fail(t, file, line, "assembly differs",
           arena_printf(a, "0x%016llx != expected 0x%016llx",
                        (unsigned long long)got, (unsigned long long)word));
      return;
   }
   t->passed++;
}

static bool
blank_or_comment(const char *s, size_t n)
{
   size_t i = 0;
   while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
      i++;
   return i == n || s[i] == '#';
}

typedef void (*line_fn)(struct tally *t, struct arena *a, const char *file,
                        unsigned line, const char *s, size_t n);

static void
positive_line(struct tally *t, struct arena *a, const char *file,
              unsigned line, const char *s, size_t n)
{
   uint64_t word;
   size_t end;
   if (n && s[n - 1] == '\r')
      n--;
   if (!va_parse_hex_word(s, n, &word, &end) || end + 4 > n ||
       strncmp(s + end, "    ", 4) != 0) {
      fail(t, file, line, "malformed case", "expected 8 hex bytes, 4 "
                                            "spaces, text");
      return;
   }
   check_case(t, a, file, line, word, s + end + 4, n - end - 4);
}

static void
negative_line(struct tally *t, struct arena *a, const char *file,
              unsigned line, const char *s, size_t n)
{
   struct va_instr I;
   struct tgsiva_diagnostic d;
   uint64_t word;
   diag_clear(&d);
   if (va_assemble_line(s, n, line, &I, &word, &d)) {
      fail(t, file, line, "accepted",
           arena_printf(a, "'%.*s' assembled to 0x%016llx", (int)n, s,
                        (unsigned long long)word));
   } else if (!d.message[0]) {
      fail(t, file, line, "rejected without a message",
           arena_strndup(a, s, n));
   } else {
      t->passed++;
      printf("  rejected: %.*s\n      -> %u:%u: %s\n", (int)n, s, d.line,
             d.column, d.message);
   }
}

/* Runs `fn` on every case line of `path`; false if it cannot be read. */
static bool
run_file(const char *label, const char *path, line_fn fn, unsigned *failed)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   struct tally t = {0};
   char *text;
   size_t len;
   arena_init(&a, 0);
   diag_clear(&d);
   printf("%s: %s\n", label, path);
   if (!file_read(&a, path, &text, &len, &d)) {
      printf("  cannot read: %s\n  0 passed, 1 failed\n", d.message);
      arena_finish(&a);
      (*failed)++;
      return false;
   }
   const char *s;
   size_t at = 0, n;
   for (unsigned line = 1; va_next_line(text, len, &at, &s, &n); line++) {
      if (!blank_or_comment(s, n))
         fn(&t, &a, path, line, s, n);
   }
   if (t.shown > MAX_SHOWN)
      printf("  (%u more failures not shown)\n", t.shown - MAX_SHOWN);
   printf("%s: %u passed, %u failed\n", label, t.passed, t.failed);
   *failed += t.failed;
   arena_finish(&a);
   return true;
}

static bool
exists(const char *path)
{
   struct stat st;
   return stat(path, &st) == 0;
}

/* The default run: our own cases always, the shared ones when present. */
static unsigned
run_default(void)
{
   const char *root = getenv("TGSIVA_SOURCE_ROOT");
   const char *shared = getenv("TGSIVA_SHARED");
   char path[4096];
   unsigned failed = 0;
   if (!root)
      root = ".";
   snprintf(path, sizeof(path), "%s/tests/emit/va-cases.txt", root);
   run_file("own cases", path, positive_line, &failed);
   snprintf(path, sizeof(path), "%s/tests/emit/va-negative-cases.txt", root);
   run_file("own negative cases", path, negative_line, &failed);
   snprintf(path, sizeof(path), "%s/valhall/assembler-cases.txt",
            shared ? shared : "../shared");
   if (!exists(path)) {
      printf("shared cases: skipped (%s is absent)\n", path);
      return failed;
   }
   run_file("shared cases", path, positive_line, &failed);
   snprintf(path, sizeof(path), "%s/valhall/negative-cases.txt",
            shared ? shared : "../shared");
   run_file("shared negative cases", path, negative_line, &failed);
   return failed;
}

int
main(int argc, char **argv)
{
   const char *label = "cases";
   unsigned failed = 0;
   if (argc == 1)
      return run_default() ? 1 : 0;
   for (int i = 1; i < argc; i++) {
      bool has_arg = i + 1 < argc;
      if (strcmp(argv[i], "--label") == 0 && has_arg)
         label = argv[++i];
      else if (strcmp(argv[i], "--cases") == 0 && has_arg)
         run_file(label, argv[++i], positive_line, &failed);
      else if (strcmp(argv[i], "--negative") == 0 && has_arg)
         run_file(label, argv[++i], negative_line, &failed);
      else {
         fprintf(stderr, "usage: va_conformance [--label NAME] "
                         "[--cases FILE]... [--negative FILE]...\n");
         return 2;
      }
   }
   return failed ? 1 : 0;
}
