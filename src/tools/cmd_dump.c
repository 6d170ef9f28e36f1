/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva dump`: reads a TGSI shader (text, or binary tokens with
 * --from-tokens) and writes it back as tgsi_dump's canonical text or, with
 * --tokens, as 32-bit little-endian token words.  Nothing is written until
 * the whole shader has been read and converted, so a bad input never
 * leaves partial output; files are replaced atomically.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tgsi/tgsi.h"
#include "tgsiva/tgsi.h"
#include "util/arena.h"
#include "util/diag.h"
#include "util/fileio.h"

struct dump_args {
   const char *input;
   const char *output; /* NULL: stdout */
   bool to_tokens;
   bool from_tokens;
};

static void
print_help(void)
{
   printf("usage: tgsiva dump [--tokens -o OUT.bin | --from-tokens] "
          "[-o OUT] FILE|-\n\n"
          "Reads a TGSI shader and prints it in the exact format of "
          "Mesa's tgsi_dump.\n\n"
          "  FILE             TGSI text ('-' reads stdin)\n"
          "  --tokens         write the binary token stream (32-bit "
          "little-endian\n"
          "                   words, as in pipe_shader_state.tokens) "
          "instead of text;\n"
          "                   needs -o (use '-o -' for stdout)\n"
          "  --from-tokens    FILE is a binary token stream, not text\n"
          "  -o OUT           write to OUT instead of stdout\n"
          "  -h, --help       this text\n\n"
          "Exit status: 0 on success, 1 on bad input (the error, with "
          "FILE:LINE:COLUMN\nfor text, goes to stderr), 2 on an internal "
          "error.\n");
}

/* Returns -1 when the arguments are fine, else the exit status. */
static int
parse_args(int argc, char **argv, struct dump_args *a)
{
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (strcmp(arg, "--tokens") == 0) {
         a->to_tokens = true;
      } else if (strcmp(arg, "--from-tokens") == 0) {
         a->from_tokens = true;
      } else if (strcmp(arg, "-o") == 0) {
         if (++i == argc)
            return cli_usage_error("dump", "-o needs a file name");
         a->output = argv[i];
      } else if (arg[0] == '-' && arg[1] != '\0') {
         return cli_usage_error("dump", "unknown option '%s'", arg);
      } else if (a->input) {
         return cli_usage_error("dump", "more than one input file");
      } else {
         a->input = arg;
      }
   }
   if (!a->input)
      return cli_usage_error("dump", "no input file");
   if (a->to_tokens && a->from_tokens)
      return cli_usage_error("dump", "--tokens and --from-tokens exclude "
                                     "each other");
   if (a->to_tokens && !a->output)
      return cli_usage_error("dump", "--tokens writes binary data and "
                                     "needs -o OUT.bin");
   return -1;
}

static int
write_output(const struct dump_args *a, const void *data, size_t len)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   const char *path = a->output ? a->output : "-";
   if (!file_write_atomic(path, data, len, &d))
      return cli_report(&d, path);
   return CLI_OK;
}

static int
dump_tokens(const struct dump_args *a, const char *text, size_t len)
{
   struct tgsiva_diagnostic d;
   uint32_t *tokens;
   size_t n;
   if (tgsiva_tgsi_text_to_tokens(text, len, &tokens, &n, &d) != TGSIVA_OK)
      return cli_report(&d, a->input);
   unsigned char *bytes = malloc(n * 4 + 1);
   if (!bytes) {
      tgsiva_tgsi_free(tokens);
      fprintf(stderr, "tgsiva dump: out of memory\n");
      return CLI_INTERNAL_ERROR;
   }
   tgsi_words_to_bytes(tokens, n, bytes);
   int status = write_output(a, bytes, n * 4);
   free(bytes);
   tgsiva_tgsi_free(tokens);
   return status;
}

static int
dump_text(const struct dump_args *a, struct arena *arena, const char *data,
          size_t len)
{
   struct tgsiva_diagnostic d;
   char *text;
   size_t text_len;
   enum tgsiva_status st;
   diag_clear(&d);
   if (a->from_tokens) {
      uint32_t *words = NULL;
      size_t n = 0;
      if (!tgsi_words_from_bytes(arena, data, len, &words, &n, &d))
         return cli_report(&d, a->input);
      st = tgsiva_tgsi_tokens_to_text(words, n, &text, &text_len, &d);
   } else {
      st = tgsiva_tgsi_canonicalize(data, len, &text, &text_len, &d);
   }
   if (st != TGSIVA_OK)
      return cli_report(&d, a->input);
   int status = write_output(a, text, text_len);
   tgsiva_tgsi_free(text);
   return status;
}

int
cmd_dump(int argc, char **argv)
{
   struct dump_args a = {0};
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;

   struct arena arena;
   struct tgsiva_diagnostic d;
   char *data;
   size_t len;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (!file_read(&arena, a.input, &data, &len, &d))
      status = cli_report(&d, a.input);
   else if (a.to_tokens)
      status = dump_tokens(&a, data, len);
   else
      status = dump_text(&a, &arena, data, len);
   arena_finish(&arena);
   return status;
}
