/* SPDX-License-Identifier: MIT */
/*
 * Whole-file input and atomic output, for the command line and the tests.
 * The compiler library itself never opens a file.
 */
#ifndef TGSIVA_UTIL_FILEIO_H
#define TGSIVA_UTIL_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "tgsiva/tgsiva.h"

/* Inputs of this size or more are refused with TGSIVA_ERROR_LIMIT. */
#define FILEIO_MAX_INPUT (64u * 1024 * 1024)

/*
 * Reads all of `path` ("-" is stdin) into the arena, NUL-terminated
 * (the NUL is not counted in *len).
 */
bool file_read(struct arena *arena, const char *path, char **data,
               size_t *len, struct tgsiva_diagnostic *d);

/*
 * Writes `len` bytes to `path` through a temporary file in the same
 * directory and a rename, so that readers see the old file or the whole new
 * one, and a failed run leaves no partial output.  "-" writes to stdout;
 * an existing device or pipe (/dev/null, /dev/full, a FIFO) is written in
 * place, since renaming over it would replace the node.
 */
bool file_write_atomic(const char *path, const void *data, size_t len,
                       struct tgsiva_diagnostic *d);

/* Removes an output written earlier in a run that failed later, when it
 * is a regular file ("-" and devices stay). */
void file_remove_output(const char *path);

/* Lists the regular files under `dir` (recursively) whose names end in
 * `suffix`, sorted, as arena strings.  Returns false if `dir` cannot be
 * read. */
bool file_list(struct arena *arena, const char *dir, const char *suffix,
               char ***paths, size_t *count);

#endif
