/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva gen`: writes seeded random TGSI programs (src/gen), and with
 * --check runs each through the compiler and `run --check`, counting
 * outcomes and grouping failures by signature.  The `gen` suite and
 * bench/gen_campaign are this command with fixed or open-ended seeds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gen/gen.h"
#include "gen_check.h"
#include "util/fileio.h"

#define MAX_SIGNATURES 128

struct gen_args {
   struct gen_options gen;
   uint64_t count;    /* 0: until --seconds run out */
   double seconds;    /* 0: no limit */
   const char *out_dir;
   const char *fail_dir;
   bool check, coverage, quiet;
   unsigned spill_every; /* also check every Nth with 8 registers */
   struct gen_check_options co;
   const char *known_path;
   char **known; /* signature substrings of known, unfixed failures */
   unsigned nknown;
};

struct signature {
   char text[200];
   unsigned count;
   uint64_t first_seed;
   bool spill;
   unsigned unknown; /* failures no line of --known excuses */
};

struct gen_tally {
   uint64_t programs, checks, known;
   uint64_t outcomes[GEN_OUTCOME_COUNT];
   struct signature sigs[MAX_SIGNATURES];
   unsigned nsigs;
   struct gen_coverage cov;
};

static void
print_help(void)
{
   printf(
      "usage: tgsiva gen [options]\n\n"
      "Writes seeded random TGSI programs (vertex, fragment, compute) in\n"
      "tgsi_dump's text; with --check compiles each and compares it with\n"
      "the interpreter (run --check), counting failures by signature.\n\n"
      "  --seed N           the first program's seed (default 1)\n"
      "  --count K          how many programs, seeds N..N+K-1 (default 1;\n"
      "                     0 with --seconds: until the time is up)\n"
      "  --stage S          vs, fs, cs, gs or any (default any: vs, fs or\n"
      "                     cs from the seed)\n"
      "  --without F        leave out a feature: loops, switch, textures,\n"
      "                     memory, indirect, int64, kill, derivatives,\n"
      "                     ret, edge-values (may be repeated)\n"
      "  --max-insns N      about how many body instructions (default 60)\n"
      "  -o DIR             write DIR/gen-SEED.tgsi (default: stdout)\n"
      "  --check            compile and check each program\n"
      "  --runs K           with --check: input sets (default 16)\n"
      "  --max-registers N  with --check: compile with N registers\n"
      "  --spill-every N    with --check: also check every Nth program\n"
      "                     with 8 registers\n"
      "  --seconds S        stop after S seconds\n"
      "  --failures DIR     write failing programs to DIR\n"
      "  --coverage         print the opcode x modifier x stage table\n"
      "  --known FILE       failures whose signature contains a line of\n"
      "                     FILE, or of a seed listed as \"seed N\" (#\n"
      "                     comments), are counted as known\n"
      "  --quiet            no line per failing program\n\n"
      "With --check the exit status is 1 when a program failed (an\n"
      "internal error, a crash, a difference, a program that does not\n"
      "parse).\n");
}

static bool
number_arg(int argc, char **argv, int *i, uint64_t max, uint64_t *out)
{
   if (++*i == argc)
      return false;
   char *end;
   errno = 0;
   unsigned long long v = strtoull(argv[*i], &end, 10);
   if (errno || *end || end == argv[*i] || v > max || argv[*i][0] == '-')
      return false;
   *out = v;
   return true;
}

static int
parse_stage(const char *s, enum gen_stage *st)
{
   for (unsigned k = 0; k <= GEN_STAGE_COUNT; k++) {
      if (!strcmp(s, gen_stage_name((enum gen_stage)k))) {
         *st = (enum gen_stage)k;
         return -1;
      }
   }
   return cli_usage_error("gen", "unknown stage '%s'", s);
}

static int
parse_option(int argc, char **argv, int *i, struct gen_args *a)
{
   const char *arg = argv[*i];
   uint64_t v = 0;
   bool ok = true;
   if (!strcmp(arg, "--seed")) {
      ok = number_arg(argc, argv, i, UINT64_MAX / 2, &a->gen.seed);
   } else if (!strcmp(arg, "--count")) {
      ok = number_arg(argc, argv, i, UINT64_MAX / 4, &a->count);
   } else if (!strcmp(arg, "--max-insns")) {
      ok = number_arg(argc, argv, i, 2000, &v) && v >= 2;
      a->gen.max_insns = (unsigned)v;
   } else if (!strcmp(arg, "--runs")) {
      ok = number_arg(argc, argv, i, 1000, &v) && v;
      a->co.runs = (unsigned)v;
   } else if (!strcmp(arg, "--max-registers")) {
      ok = number_arg(argc, argv, i, 64, &v) && v >= 8;
      a->co.max_registers = (unsigned)v;
   } else if (!strcmp(arg, "--spill-every")) {
      ok = number_arg(argc, argv, i, 1000000, &v) && v;
      a->spill_every = (unsigned)v;
   } else if (!strcmp(arg, "--seconds")) {
      ok = number_arg(argc, argv, i, 1000000, &v) && v;
      a->seconds = (double)v;
   } else if (!strcmp(arg, "--stage") || !strcmp(arg, "--without") ||
              !strcmp(arg, "-o") || !strcmp(arg, "--failures") ||
              !strcmp(arg, "--known")) {
      if (++*i == argc)
         return cli_usage_error("gen", "%s needs a value", arg);
      const char *val = argv[*i];
      if (!strcmp(arg, "--stage"))
         return parse_stage(val, &a->gen.stage);
      if (!strcmp(arg, "-o"))
         a->out_dir = val;
      else if (!strcmp(arg, "--known"))
         a->known_path = val;
      else if (!strcmp(arg, "--failures"))
         a->fail_dir = val;
      else if (!(v = gen_feature_from_name(val)))
         return cli_usage_error("gen", "unknown feature '%s'", val);
      a->gen.features &= ~(uint32_t)v;
   } else if (!strcmp(arg, "--check")) {
      a->check = true;
   } else if (!strcmp(arg, "--coverage")) {
      a->coverage = true;
   } else if (!strcmp(arg, "--quiet")) {
      a->quiet = true;
   } else {
      return cli_usage_error("gen", "unknown option '%s'", arg);
   }
   if (!ok)
      return cli_usage_error("gen", "bad or missing value for %s", arg);
   return -1;
}

static int
parse_args(int argc, char **argv, struct gen_args *a)
{
   a->gen.seed = 1;
   a->gen.stage = GEN_ANY_STAGE;
   a->gen.features = GEN_F_ALL;
   a->count = 1;
   for (int i = 1; i < argc; i++) {
      if (cli_is_help(argv[i])) {
         print_help();
         return CLI_OK;
      }
      int status = parse_option(argc, argv, &i, a);
      if (status >= 0)
         return status;
   }
   if (!a->count && !a->seconds)
      return cli_usage_error("gen", "--count 0 needs --seconds");
   if ((a->co.max_registers || a->spill_every || a->fail_dir) && !a->check)
      return cli_usage_error("gen", "--max-registers, --spill-every and "
                                    "--failures need --check");
   return -1;
}

static bool
write_program(const char *dir, const char *prefix, uint64_t seed,
              const struct strbuf *sb)
{
   char path[4096];
   struct tgsiva_diagnostic d;
   snprintf(path, sizeof(path), "%s/%s%llu.tgsi", dir, prefix,
            (unsigned long long)seed);
   if (file_write_atomic(path, sb->data, sb->len, &d))
      return true;
   cli_report(&d, path);
   return false;
}

/* A line "seed N" excuses that program only; any other line is a
 * signature substring. */
static bool
is_known(const struct gen_args *a, uint64_t seed, const char *signature)
{
   char name[32];
   snprintf(name, sizeof(name), "seed %llu", (unsigned long long)seed);
   for (unsigned i = 0; i < a->nknown; i++) {
      if (!strncmp(a->known[i], "seed ", 5) ? !strcmp(a->known[i], name)
                                             : !!strstr(signature,
                                                        a->known[i]))
         return true;
   }
   return false;
}

/* One signature substring per line; '#' starts a comment (the cause). */
static bool
load_known(struct arena *arena, struct gen_args *a)
{
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   if (!a->known_path)
      return true;
   if (!file_read(arena, a->known_path, &text, &len, &d)) {
      cli_report(&d, a->known_path);
      return false;
   }
   a->known = ARENA_ARRAY(arena, char *, len / 2 + 1);
   for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
      char *hash = strchr(line, '#');
      if (hash)
         *hash = '\0';
      size_t n = strlen(line);
      while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
         line[--n] = '\0';
      if (n)
         a->known[a->nknown++] = line;
   }
   return true;
}

static void
file_failure(struct gen_tally *t, const struct gen_args *a, uint64_t seed,
             bool spill, const struct gen_check_result *r)
{
   if (!a->quiet)
      printf("FAIL seed %llu%s: %s\n", (unsigned long long)seed,
             spill ? " (8 registers)" : "", r->signature);
   bool known = is_known(a, seed, r->signature);
   if (known)
      t->known++;
   for (unsigned i = 0; i < t->nsigs; i++) {
      if (!strcmp(t->sigs[i].text, r->signature)) {
         t->sigs[i].count++;
         t->sigs[i].unknown += !known;
         return;
      }
   }
   if (t->nsigs == MAX_SIGNATURES)
      return;
   struct signature *s = &t->sigs[t->nsigs++];
   snprintf(s->text, sizeof(s->text), "%s", r->signature);
   s->count = 1;
   s->first_seed = seed;
   s->spill = spill;
   s->unknown = !known;
   if (!a->quiet)
      printf("%s\n", r->detail);
}

static bool
check_program(struct gen_tally *t, const struct gen_args *a, uint64_t seed,
              const struct strbuf *sb)
{
   bool failed = false;
   for (unsigned pass = 0; pass < 2; pass++) {
      struct gen_check_options co = a->co;
      if (pass == 1) {
         if (!a->spill_every || seed % a->spill_every)
            break;
         co.max_registers = 8;
      }
      struct gen_check_result r;
      gen_check_text(sb->data, sb->len, &co, &r);
      t->checks++;
      t->outcomes[r.outcome]++;
      if (gen_outcome_failed(r.outcome)) {
         file_failure(t, a, seed, pass == 1, &r);
         failed = true;
      }
   }
   if (failed && a->fail_dir)
      write_program(a->fail_dir, "fail-", seed, sb);
   return true;
}

static void
report(const struct gen_tally *t, double elapsed)
{
   printf("%llu programs, %llu checks in %.1f s (%.1f programs/s)\n",
          (unsigned long long)t->programs, (unsigned long long)t->checks,
          elapsed, elapsed > 0 ? (double)t->programs / elapsed : 0.0);
   for (unsigned o = 0; o < GEN_OUTCOME_COUNT; o++)
      printf("  %-13s %llu\n", gen_outcome_name((enum gen_outcome)o),
             (unsigned long long)t->outcomes[o]);
   uint64_t failed = 0;
   for (unsigned o = 0; o < GEN_OUTCOME_COUNT; o++)
      failed += gen_outcome_failed((enum gen_outcome)o) ? t->outcomes[o] : 0;
   uint64_t known = t->known;
   printf("%llu passed, %llu failed (%llu of them known, unfixed)\n",
          (unsigned long long)(t->checks - failed),
          (unsigned long long)failed, (unsigned long long)known);
   for (unsigned i = 0; i < t->nsigs; i++)
      printf("  %5u  %s%s (first: seed %llu%s)\n", t->sigs[i].count,
             t->sigs[i].unknown ? "" : "[known] ", t->sigs[i].text,
             (unsigned long long)t->sigs[i].first_seed,
             t->sigs[i].spill ? ", 8 registers" : "");
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
run(const struct gen_args *a, struct gen_tally *t)
{
   double start = now();
   for (uint64_t i = 0; !a->count || i < a->count; i++) {
      if (a->seconds && now() - start >= a->seconds)
         break;
      struct arena arena;
      struct strbuf sb;
      arena_init(&arena, 0);
      strbuf_init(&sb, &arena);
      struct gen_options o = a->gen;
      o.seed = a->gen.seed + i;
      gen_print(&sb, gen_program(&arena, &o, &t->cov));
      t->programs++;
      bool ok = true;
      if (a->out_dir)
         ok = write_program(a->out_dir, "gen-", o.seed, &sb);
      else if (!a->check)
         fwrite(sb.data, 1, sb.len, stdout);
      if (ok && a->check)
         check_program(t, a, o.seed, &sb);
      arena_finish(&arena);
      if (!ok)
         return CLI_USER_ERROR;
   }
   if (a->check)
      report(t, now() - start);
   return CLI_OK;
}

int
cmd_gen(int argc, char **argv)
{
   struct gen_args a;
   memset(&a, 0, sizeof(a));
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;
   for (uint32_t f = 1; f < GEN_F_ALL; f <<= 1) {
      if (a.check && !(a.gen.features & f))
         printf("without %s\n", gen_feature_name(f));
   }
   struct arena arena;
   arena_init(&arena, 0);
   struct gen_tally *t = calloc(1, sizeof(*t));
   if (!t || !load_known(&arena, &a)) {
      free(t);
      arena_finish(&arena);
      return CLI_USER_ERROR;
   }
   status = run(&a, t);
   uint32_t stages = a.gen.stage == GEN_ANY_STAGE
                        ? (1u << GEN_VS) | (1u << GEN_FS) | (1u << GEN_CS)
                        : 1u << a.gen.stage;
   if (a.coverage && gen_print_coverage(stdout, &t->cov, stages) &&
       a.count >= 1000)
      status = CLI_USER_ERROR; /* a large run must produce every opcode */
   for (unsigned i = 0; i < t->nsigs; i++) {
      if (status == CLI_OK && a.check && t->sigs[i].unknown)
         status = CLI_USER_ERROR;
   }
   free(t);
   arena_finish(&arena);
   return status;
}
