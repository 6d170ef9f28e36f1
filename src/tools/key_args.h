/* SPDX-License-Identifier: MIT */
/*
 * The command-line options that fill a struct tgsiva_shader_key, shared
 * by `compile`, `run --check` and the golden suite (whose NAME.key files
 * hold these options).
 */
#ifndef TGSIVA_TOOLS_KEY_ARGS_H
#define TGSIVA_TOOLS_KEY_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "tgsiva/compile.h"

/* What key_arg() did with argv[*i]. */
enum key_arg_result {
   KEY_ARG_NONE,  /* not a key option */
   KEY_ARG_TAKEN, /* consumed (with its value: *i advanced) */
   KEY_ARG_BAD,   /* a key option with a bad value: usage error printed */
};

enum key_arg_result key_arg(const char *cmd, int argc, char **argv, int *i,
                            struct tgsiva_shader_key *key);

/* The --help lines of the key options. */
extern const char key_args_help[];

/* Reads the options of `path` (NAME.key: whitespace-separated, as on the
 * command line) into `key`; true with a zero key when there is no such
 * file, false (message in `error`) on a bad option. */
bool key_read_file(const char *path, struct tgsiva_shader_key *key,
                   char *error, size_t error_size);

#endif
