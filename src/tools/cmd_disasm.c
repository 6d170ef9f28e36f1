/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva disasm [--hex] [--offsets] [--validate] FILE|-`: prints
 * Valhall instruction words in Mesa's disassembly syntax, one instruction
 * per line and nothing else, so that the output compares line by line with
 * Mesa's.  The input is raw little-endian 64-bit words, or with --hex
 * lines of 8 hex bytes (the format of the conformance cases).  With
 * --validate the program is first checked against the hardware rules
 * (va_validate.c), as tgsiva's own output is, so that binaries from
 * elsewhere can be checked too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "emit/va_validate.h"
#include "tgsiva/valhall.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/fileio.h"

static const char usage[] =
   "usage: tgsiva disasm [--hex] [--offsets] [--validate] FILE|-\n\n"
   "Disassembles Valhall instruction words.  FILE holds raw little-endian\n"
   "64-bit words; trailing zero words (padding) print nothing, and a word\n"
   "that is no instruction prints as 'UNKNOWN 0x<word>'.\n\n"
   "  --hex      FILE holds one word per line as 8 hex bytes in memory\n"
   "             order ('02 00 00 00 00 c1 91 00'); the rest of each line\n"
   "             and lines starting with '#' are ignored\n"
   "  --offsets  start each line with the byte offset and the hex bytes\n"
   "  --validate check the hardware rules first (dependency slots, flow,\n"
   "             FAU, pairs, staging); a violation is an error (exit 1)\n"
   "  -o FILE    write to FILE instead of stdout\n"
   "  --help     this text\n";

struct options {
   const char *in, *out;
   bool hex, validate;
   unsigned flags;
};

/* Raw bytes to words; false if the size is not a multiple of 8. */
static bool
load_raw(const unsigned char *bytes, size_t len, uint64_t **words,
         size_t *count, struct tgsiva_diagnostic *d)
{
   if (len % 8)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "%zu bytes is not a whole number of 64-bit "
                        "instructions", len);
   *count = len / 8;
   *words = calloc(*count ? *count : 1, sizeof(**words));
   if (!*words)
      return diag_error(d, TGSIVA_ERROR_NOMEM, "out of memory");
   for (size_t i = 0; i < len; i++)
      (*words)[i / 8] |= (uint64_t)bytes[i] << (8 * (i % 8));
   return true;
}

/* The program without its zero padding, through the validator. */
static bool
validate(struct arena *arena, const uint64_t *words, size_t count,
         struct tgsiva_diagnostic *d)
{
   while (count && !words[count - 1])
      count--;
   if (!va_validate(arena, words, count, d)) {
      d->status = TGSIVA_ERROR_INPUT; /* the input breaks a rule */
      return false;
   }
   return true;
}

static int
disassemble(const struct options *o)
{
   struct tgsiva_diagnostic d;
   struct arena arena;
   char *data, *text = NULL;
   size_t len, count = 0;
   uint64_t *words = NULL;
   int status = CLI_OK;
   bool ok;

   diag_clear(&d);
   arena_init(&arena, 0);
   ok = file_read(&arena, o->in, &data, &len, &d);
   if (ok && o->hex)
      ok = tgsiva_valhall_parse_hex(data, len, &words, &count, &d) ==
           TGSIVA_OK;
   else if (ok)
      ok = load_raw((const unsigned char *)data, len, &words, &count, &d);
   if (ok && o->validate)
      ok = validate(&arena, words, count, &d);
   if (!ok)
      status = cli_report(&d, o->in);
   else if (tgsiva_valhall_disassemble(words, count, o->flags, &text, &d) !=
               TGSIVA_OK ||
            !file_write_atomic(o->out, text, strlen(text), &d))
      status = cli_report(&d, o->out);
   tgsiva_valhall_free(words);
   tgsiva_valhall_free(text);
   arena_finish(&arena);
   return status;
}

int
cmd_disasm(int argc, char **argv)
{
   struct options o = {.out = "-"};
   for (int i = 1; i < argc; i++) {
      if (cli_is_help(argv[i])) {
         fputs(usage, stdout);
         return CLI_OK;
      } else if (strcmp(argv[i], "--hex") == 0) {
         o.hex = true;
      } else if (strcmp(argv[i], "--validate") == 0) {
         o.validate = true;
      } else if (strcmp(argv[i], "--offsets") == 0) {
         o.flags |= TGSIVA_DISASM_OFFSETS;
      } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
         o.out = argv[++i];
      } else if (argv[i][0] == '-' && argv[i][1]) {
         return cli_usage_error("disasm", "unknown option '%s'", argv[i]);
      } else if (o.in) {
         return cli_usage_error("disasm", "more than one input file");
      } else {
         o.in = argv[i];
      }
   }
   if (!o.in)
      return cli_usage_error("disasm", "no input file");
   return disassemble(&o);
}
