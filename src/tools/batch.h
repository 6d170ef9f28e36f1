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

#include "util/arena.h"

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
 * once, in no particular order).  While it runs and stderr is a
 * terminal, a line "WHAT: done/n" is kept up to date there. */
void batch_run(size_t n, unsigned threads, void (*job)(void *, size_t),
               void *ctx, const char *what);

#endif
