/* SPDX-License-Identifier: MIT */
/*
 * The `tgsiva` command line: one file per subcommand (cmd_<name>.c), each
 * exporting one `int cmd_<name>(int argc, char **argv)` that returns the
 * process exit status: 0 on success, 1 on a user error (message on
 * stderr), 2 on an internal error.  argv[0] is the subcommand name.
 */
#ifndef TGSIVA_TOOLS_CLI_H
#define TGSIVA_TOOLS_CLI_H

#include <stdbool.h>

#include "tgsiva/tgsiva.h"

enum {
   CLI_OK = 0,
   CLI_USER_ERROR = 1,
   CLI_INTERNAL_ERROR = 2,
};

/* Prints `d` as "FILE:LINE:COLUMN: error: ..." on stderr and returns the
 * exit status that goes with it. */
int cli_report(const struct tgsiva_diagnostic *d, const char *filename);

/* Prints "tgsiva CMD: MESSAGE" and a hint to use --help; returns 1. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* True if `arg` is "-h" or "--help". */
bool cli_is_help(const char *arg);

/* Subcommands, in the order `tgsiva --help` lists them. */
int cmd_dump(int argc, char **argv);
int cmd_compile(int argc, char **argv);
int cmd_asm(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_reduce(int argc, char **argv);

#endif
