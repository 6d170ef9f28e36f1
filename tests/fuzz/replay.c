/* SPDX-License-Identifier: MIT */
/*
 * Replays inputs through a fuzz target without libFuzzer, so that every
 * compiler checks the regression inputs (tests/fuzz/regressions/TARGET/):
 * each argument is a file or a directory of files.  A finding aborts;
 * otherwise prints how many inputs ran.  No input at all is a failure: a
 * replay of nothing would prove nothing.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "util/fileio.h"

static size_t
replay_path(const char *path)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct stat st;
   char **paths = (char **)&path;
   size_t count = 1, ran = 0;
   arena_init(&arena, 0);
   if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
       !file_list(&arena, path, "", &paths, &count))
      count = 0;
   for (size_t i = 0; i < count; i++) {
      char *data;
      size_t len;
      if (!file_read(&arena, paths[i], &data, &len, &d)) {
         fprintf(stderr, "%s: error: %s\n", paths[i], d.message);
         continue;
      }
      printf("%s\n", paths[i]);
      fflush(stdout); /* the name of an input that crashes is shown */
      LLVMFuzzerTestOneInput((const uint8_t *)data, len);
      ran++;
   }
   arena_finish(&arena);
   return ran;
}

int
main(int argc, char **argv)
{
   size_t ran = 0;
   for (int i = 1; i < argc; i++)
      ran += replay_path(argv[i]);
   printf("%zu inputs replayed without a finding\n", ran);
   return ran ? 0 : 1;
}
