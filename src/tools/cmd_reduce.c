/* SPDX-License-Identifier: MIT */
#include "cli.h"
int
cmd_reduce(int argc, char **argv)
{
   (void)argc;
   (void)argv;
   return CLI_USER_ERROR;
}
