/* SPDX-License-Identifier: MIT */
/*
 * The command-line options that fill a struct tgsiva_shader_key, shared
 * by `compile`, `run --check` and the golden suite (whose shaders carry
 * them on a `# tgsiva:` line, shader_metrics.c).
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

/* Applies key option `name` (e.g. "--clip-planes") with `value`; false
 * when `name` is no key option or the value is bad. */
bool key_option(const char *name, const char *value,
                struct tgsiva_shader_key *key);

#endif
