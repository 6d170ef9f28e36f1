#include "cli.h"
int
cmd_stats(int argc, char **argv)
{
   (void)argc;
   (void)argv;
   return 1;
}
