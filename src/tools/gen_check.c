/* SPDX-License-Identifier: MIT */
/*
 * gen_check.h: one program through parse, compile and run --check in a
 * forked child, which writes its result into a pipe; the parent turns a
 * signal, a time-out or a silent exit into GEN_CRASH.
 */
#include "gen_check.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run_check.h"
#include "util/diag.h"

bool
gen_outcome_failed(enum gen_outcome o)
{
   return o >= GEN_BAD_PROGRAM;
}

const char *
gen_outcome_name(enum gen_outcome o)
{
   static const char *const names[] = {
      "agree",    "inconclusive", "refused", "bad program",
      "internal", "crash",        "differ",  "model error"};
   return o < GEN_OUTCOME_COUNT ? names[o] : "?";
}

/* `prefix: msg` without digits, for grouping. */
static void
sign(struct gen_check_result *r, enum gen_outcome o, const char *prefix,
     const char *msg)
{
   size_t n = (size_t)snprintf(r->signature, sizeof(r->signature), "%s: ",
                               prefix);
   for (const char *p = msg; *p && n + 1 < sizeof(r->signature); p++) {
      if (!isdigit((unsigned char)*p) && *p != '\n')
         r->signature[n++] = *p;
   }
   r->signature[n] = '\0';
   r->outcome = o;
}

static void
check_in_child(const char *text, size_t len,
               const struct gen_check_options *o, struct gen_check_result *r)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct run_programs p;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!tgsi_parse_text(&arena, text, len, &s, &d)) {
      sign(r, GEN_BAD_PROGRAM, "parse", d.message);
      snprintf(r->detail, sizeof(r->detail), "%u:%u: %s", d.line, d.column,
               d.message);
   } else if (!run_compile_limited(&arena, s, o->max_registers, &p, &d)) {
      bool internal = d.status == TGSIVA_ERROR_INTERNAL;
      sign(r, internal ? GEN_INTERNAL : GEN_REFUSED,
           internal ? "internal" : "refused", d.message);
      snprintf(r->detail, sizeof(r->detail), "%s", d.message);
   } else {
      struct run_options ro = {.seed = 1, .runs = o->runs ? o->runs : 16};
      struct run_report rep;
      run_check(&arena, s, &p, &ro, &rep);
      static const enum gen_outcome map[] = {
         [RUN_AGREE] = GEN_AGREE, [RUN_DIFFER] = GEN_DIFFER,
         [RUN_INCONCLUSIVE] = GEN_INCONCLUSIVE,
         [RUN_ERROR] = GEN_MODEL_ERROR};
      sign(r, map[rep.verdict], gen_outcome_name(map[rep.verdict]),
           rep.cause);
      snprintf(r->detail, sizeof(r->detail), "%s",
               rep.text.data ? rep.text.data : "");
   }
   arena_finish(&arena);
}

static bool
read_all(int fd, void *buf, size_t size)
{
   size_t got = 0;
   while (got < size) {
      ssize_t n = read(fd, (char *)buf + got, size - got);
      if (n <= 0)
         return false;
      got += (size_t)n;
   }
   return true;
}

void
gen_check_text(const char *text, size_t len,
               const struct gen_check_options *o, struct gen_check_result *r)
{
   int fds[2], errs[2];
   memset(r, 0, sizeof(*r));
   fflush(NULL);
   if (pipe(fds) != 0 || pipe(errs) != 0) {
      sign(r, GEN_CRASH, "crash", "pipe failed");
      return;
   }
   pid_t pid = fork();
   if (pid == 0) {
      close(fds[0]);
      close(errs[0]);
      alarm(o->timeout_s ? o->timeout_s : 20);
      /* An assertion's message names the crash; keep it from the
       * caller's output. */
      dup2(errs[1], 2);
      check_in_child(text, len, o, r);
      ssize_t n = write(fds[1], r, sizeof(*r));
      _exit(n == (ssize_t)sizeof(*r) ? 0 : 3);
   }
   close(fds[1]);
   close(errs[1]);
   bool ok = pid > 0 && read_all(fds[0], r, sizeof(*r));
   close(fds[0]);
   char err[512];
   ssize_t nerr = read(errs[0], err, sizeof(err) - 1);
   err[nerr > 0 ? nerr : 0] = '\0';
   close(errs[0]);
   int status = 0;
   if (pid > 0)
      waitpid(pid, &status, 0);
   if (!ok) {
      char msg[64];
      if (WIFSIGNALED(status))
         snprintf(msg, sizeof(msg), "%s", WTERMSIG(status) == SIGALRM
                                             ? "time-out"
                                             : strsignal(WTERMSIG(status)));
      else
         snprintf(msg, sizeof(msg), "exit without a result");
      memset(r, 0, sizeof(*r));
      /* "file.c:12: f: Assertion `x' failed." names the cause. */
      const char *a = strstr(err, "Assertion");
      sign(r, GEN_CRASH, "crash", a ? a : msg);
      snprintf(r->detail, sizeof(r->detail), "%s\n%s", msg, err);
   }
}
