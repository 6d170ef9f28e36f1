/* SPDX-License-Identifier: MIT */
/*
 * Shader lists and the thread pool of the batch commands.  Workers take
 * the next index from one atomic counter, so a slow shader never holds
 * up the others; the library keeps no global state, so compiles run side
 * by side without locks.  Results go into per-index slots the caller
 * owns, and the caller prints them in order afterwards: output never
 * depends on the number of threads.
 */
#include "batch.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "util/fileio.h"

static int
compare_paths(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

bool
batch_find_shaders(struct arena *arena, const char *cmd, char *const *paths,
                   size_t npaths, char ***out, size_t *count)
{
   VEC(char *) all = {0};
   for (size_t i = 0; i < npaths; i++) {
      struct stat st;
      if (stat(paths[i], &st) != 0) {
         fprintf(stderr, "tgsiva %s: %s: %s\n", cmd, paths[i], strerror(errno));
         return false;
      }
      if (!S_ISDIR(st.st_mode)) {
         *VEC_PUSH(arena, &all) = paths[i];
         continue;
      }
      /* "dir/" lists as "dir/x.tgsi", as "dir" does, so that runs
       * compare whichever was typed. */
      size_t len = strlen(paths[i]);
      while (len > 1 && paths[i][len - 1] == '/')
         len--;
      char *dir = arena_strndup(arena, paths[i], len);
      char **found;
      size_t n;
      if (!file_list(arena, dir, ".tgsi", &found, &n)) {
         fprintf(stderr, "tgsiva %s: cannot read %s\n", cmd, paths[i]);
         return false;
      }
      for (size_t k = 0; k < n; k++)
         *VEC_PUSH(arena, &all) = found[k];
   }
   if (all.len)
      qsort(all.data, all.len, sizeof(char *), compare_paths);
   size_t kept = 0;
   for (size_t i = 0; i < all.len; i++) {
      if (!kept || strcmp(all.data[kept - 1], all.data[i]) != 0)
         all.data[kept++] = all.data[i];
   }
   *out = all.data;
   *count = kept;
   return true;
}

bool
batch_parse_jobs(const char *arg, unsigned *jobs)
{
   char *end;
   errno = 0;
   unsigned long n = strtoul(arg, &end, 10);
   if (errno || end == arg || *end || n < 1 || n > 1024)
      return false;
   *jobs = (unsigned)n;
   return true;
}

unsigned
batch_default_jobs(void)
{
   long n = sysconf(_SC_NPROCESSORS_ONLN);
   return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}

struct pool {
   void (*job)(void *, size_t);
   void *ctx;
   size_t n;
   atomic_size_t next, done;
};

static void *
worker(void *arg)
{
   struct pool *p = arg;
   for (;;) {
      size_t i = atomic_fetch_add(&p->next, 1);
      if (i >= p->n)
         return NULL;
      p->job(p->ctx, i);
      atomic_fetch_add(&p->done, 1);
   }
}

/* Redraws the progress line every tenth of a second until all is done. */
static void
show_progress(struct pool *p, const char *what)
{
   struct timespec tenth = {0, 100 * 1000 * 1000};
   size_t done;
   while ((done = atomic_load(&p->done)) < p->n) {
      fprintf(stderr, "\r%s: %zu/%zu", what, done, p->n);
      fflush(stderr);
      nanosleep(&tenth, NULL);
   }
   fprintf(stderr, "\r\033[K");
   fflush(stderr);
}

/* On a terminal, and not while the results go into a pipe (a pager
 * would share the terminal with the line); into a file is fine. */
static bool
show_progress_line(void)
{
   struct stat st;
   if (!isatty(STDERR_FILENO))
      return false;
   return fstat(STDOUT_FILENO, &st) != 0 ||
          !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

void
batch_run(size_t n, unsigned threads, void (*job)(void *, size_t), void *ctx,
          const char *what)
{
   struct pool p = {.job = job, .ctx = ctx, .n = n};
   atomic_init(&p.next, 0);
   atomic_init(&p.done, 0);
   if (threads > n)
      threads = n ? (unsigned)n : 1;
   pthread_t *ids = calloc(threads, sizeof(pthread_t));
   unsigned started = 0;
   while (ids && started < threads &&
          pthread_create(&ids[started], NULL, worker, &p) == 0)
      started++;
   bool progress = show_progress_line() && n > 1;
   if (started == 0)
      worker(&p); /* no thread could start: do the work here */
   else if (progress)
      show_progress(&p, what);
   for (unsigned t = 0; t < started; t++)
      pthread_join(ids[t], NULL);
   free(ids);
}

void
batch_args_init(struct batch_args *a, char **argv)
{
   a->jobs = batch_default_jobs();
   a->paths = argv + 1;
   a->npaths = 0;
}

int
batch_parse_arg(const char *cmd, int argc, char **argv, int *i,
                struct batch_args *a)
{
   const char *arg = argv[*i];
   if (!strcmp(arg, "-j")) {
      if (++*i == argc || !batch_parse_jobs(argv[*i], &a->jobs))
         return cli_usage_error(cmd, "-j needs a number of threads");
   } else if (!strncmp(arg, "-j", 2)) { /* -jN, as make takes it */
      if (!batch_parse_jobs(arg + 2, &a->jobs))
         return cli_usage_error(cmd, "-j needs a number of threads");
   } else if (arg[0] == '-' && arg[1] != '\0') {
      return cli_usage_error(cmd, "unknown option '%s'", arg);
   } else {
      /* Paths are gathered at the front of argv, behind the command. */
      a->paths[a->npaths++] = argv[*i];
   }
   return -1;
}

int
batch_check_args(const char *cmd, const struct batch_args *a)
{
   if (!a->npaths)
      return cli_usage_error(cmd, "no shader or directory given");
   return -1;
}

static void
measure_one(void *ctx, size_t i)
{
   struct shader_metrics *m = ctx;
   shader_measure(m[i].file, &m[i]);
}

struct shader_metrics *
batch_measure(struct arena *arena, const char *cmd, const struct batch_args *a,
              size_t *count)
{
   char **files;
   if (!batch_find_shaders(arena, cmd, a->paths, a->npaths, &files, count))
      return NULL;
   struct shader_metrics *m = calloc(*count ? *count : 1, sizeof(*m));
   if (!m) {
      fprintf(stderr, "tgsiva %s: out of memory\n", cmd);
      return NULL;
   }
   for (size_t i = 0; i < *count; i++)
      m[i].file = files[i];
   batch_run(*count, a->jobs, measure_one, m, cmd);
   return m;
}

void
batch_free(struct shader_metrics *m, size_t count)
{
   for (size_t i = 0; i < count; i++)
      shader_metrics_free(&m[i]);
   free(m);
}
