/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva asm FILE.s|- -o FILE.bin`: assembles Valhall assembly (Mesa's
 * disassembly syntax, one instruction per line) into raw little-endian
 * 64-bit words.  The output file is written only once the whole input has
 * assembled, so an error never leaves a partial file behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tgsiva/valhall.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/fileio.h"

static const char usage[] =
   "usage: tgsiva asm FILE.s|- -o FILE.bin\n\n"
   "Assembles Valhall assembly into raw little-endian 64-bit words.\n"
   "One instruction per line, in the syntax 'tgsiva disasm' prints\n"
   "(Mesa's); '#' starts a comment at the start of a line or before a\n"
   "blank.  Errors name FILE:LINE:COLUMN.\n\n"
   "  -o FILE    output file ('-' for stdout)\n"
   "  --help     this text\n";

static void
store_le(unsigned char *out, const uint64_t *words, size_t count)
{
   for (size_t i = 0; i < count; i++) {
      for (unsigned b = 0; b < 8; b++)
         out[8 * i + b] = (unsigned char)(words[i] >> (8 * b));
   }
}

static int
assemble(const char *in, const char *out)
{
   struct tgsiva_diagnostic d;
   struct arena arena;
   char *text;
   size_t len, count;
   uint64_t *words = NULL;
   int status = CLI_OK;

   diag_clear(&d);
   arena_init(&arena, 0);
   if (!file_read(&arena, in, &text, &len, &d) ||
       tgsiva_valhall_assemble(text, len, &words, &count, &d) != TGSIVA_OK) {
      status = cli_report(&d, in);
   } else {
      unsigned char *bytes = arena_alloc(&arena, count * 8 + 1);
      store_le(bytes, words, count);
      if (!file_write_atomic(out, bytes, count * 8, &d))
         status = cli_report(&d, out);
   }
   tgsiva_valhall_free(words);
   arena_finish(&arena);
   return status;
}

int
cmd_asm(int argc, char **argv)
{
   const char *in = NULL, *out = NULL;
   for (int i = 1; i < argc; i++) {
      if (cli_is_help(argv[i])) {
         fputs(usage, stdout);
         return CLI_OK;
      } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
         out = argv[++i];
      } else if (argv[i][0] == '-' && argv[i][1]) {
         return cli_usage_error("asm", "unknown option '%s'", argv[i]);
      } else if (in) {
         return cli_usage_error("asm", "more than one input file");
      } else {
         in = argv[i];
      }
   }
   if (!in)
      return cli_usage_error("asm", "no input file");
   if (!out)
      return cli_usage_error("asm", "no output file (-o FILE.bin)");
   return assemble(in, out);
}
