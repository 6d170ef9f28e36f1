/* SPDX-License-Identifier: MIT */
/*
 * What the commands over many shaders share: finding the shaders under
 * the paths given, `-j N`, and running one job per shader on a pool of
 * threads with a progress line on a terminal.
 */
#ifndef TGSIVA_TOOLS_BATCH_H
#define TGSIVA_TOOLS_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "shader_metrics.h"
#include "util/arena.h"

/* The arguments every batch command takes: -j N and the paths. */
struct batch_args {
   unsigned jobs;
   char **paths; /* within argv */
   size_t npaths;
};

/* Sets the defaults (every core, no path). */
void batch_args_init(struct batch_args *a, char **argv);
/* Takes argv[*i] if it is -j N or a path (moving *i past what it took)
 * and returns -1; returns 1 with a message for -j without a number or
 * an unknown option.  Call it after the command's own options. */
int batch_parse_arg(const char *cmd, int argc, char **argv, int *i,
                    struct batch_args *a);
/* After the loop: 1 with a message if no path was given, else -1. */
int batch_check_args(const char *cmd, const struct batch_args *a);

/* Every shader under a->paths, measured on a->jobs threads
 * (shader_measure), in path order; NULL (after a message) if a path
 * cannot be read.  Free with batch_free. */
struct shader_metrics *batch_measure(struct arena *arena, const char *cmd,
                                     const struct batch_args *a, size_t *count);
void batch_free(struct shader_metrics *m, size_t count);

/* Every `.tgsi` file under each path (recursively), or the path itself
 * if it is a file; sorted, each once.  On a path that cannot be read,
 * prints "tgsiva CMD: ..." and returns false. */
bool batch_find_shaders(struct arena *arena, const char *cmd,
                        char *const *paths, size_t npaths, char ***out,
                        size_t *count);

/* Parses the N of `-j N` (1 or more); false if it is not a number. */
bool batch_parse_jobs(const char *arg, unsigned *jobs);
/* The number of online cores, at least 1. */
unsigned batch_default_jobs(void);

/* Calls job(ctx, i) for every i below n, on `threads` threads (each i
 * once, in no particular order).  While it runs, if stderr is a
 * terminal and stdout no pipe, a line "WHAT: done/n" is kept up to date
 * on stderr. */
void batch_run(size_t n, unsigned threads, void (*job)(void *, size_t),
               void *ctx, const char *what);

#endif
