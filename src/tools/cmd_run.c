/* SPDX-License-Identifier: MIT */
/*
 * `tgsiva run`: runs a TGSI shader on seeded input sets in the reference
 * interpreter and prints its outputs, or with --check compiles it (or
 * takes a Mesa reference package's binaries) and compares the
 * interpreter with the Valhall simulator (run_check.h).  A geometry
 * shader may come with its vertex shader (--vertex), which then makes
 * its input vertices from the draw's attributes (run_vertices.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "key_args.h"
#include "run_check.h"
#include "util/diag.h"
#include "xfb_spec.h"

struct run_args {
   const char *input;
   const char *reference;
   bool check;
   uint64_t seed;
   unsigned runs;
   unsigned max_registers; /* for --check: 0, or 8-64 */
   struct tgsiva_shader_key key; /* both models run this variant */
   const char *xfb;        /* for --check: --xfb SPEC, or NULL */
   const char *vertex;     /* --vertex VS.tgsi, or NULL */
};

static void
print_help(void)
{
   printf("usage: tgsiva run [options] FILE.tgsi\n"
          "       tgsiva run [options] --vertex VS.tgsi GS.tgsi\n\n"
          "Runs a shader on seeded input sets in the TGSI reference "
          "interpreter and\nprints its outputs.\n\n"
          "  --check            compile the shader, run the binary in the "
          "Valhall\n"
          "                     simulator on the same inputs and compare "
          "every output\n"
          "                     and memory word with the interpreter's\n"
          "  --reference PKG    with --check: run the binaries of a Mesa "
          "reference\n"
          "                     package (mesa-ref/*/NAME.json) instead of "
          "tgsiva's\n"
          "  --max-registers N  with --check: compile with at most N "
          "registers (8-64),\n"
          "                     so that spilled code runs too\n"
          "  --xfb SPEC         with --check: build the transform-feedback "
          "program too\n"
          "                     (as compile --xfb) and compare the captured "
          "buffers\n"
          "  --vertex VS.tgsi   the geometry shader's vertex shader: it "
          "runs on the\n"
          "                     draw's vertices and its outputs are the "
          "geometry\n"
          "                     shader's inputs (with --check, as its "
          "compiled\n"
          "                     transform-feedback program)\n"
          "  --seed N           the first input set (default 1)\n"
          "  --runs K           how many input sets (default 1, or 16 with "
          "--check)\n"
          "  -h, --help         this text\n\n"
          "With --check the exit status is 0 when the models agree, 1 when "
          "they differ\n(the first difference is described) or on a user "
          "error, 2 on an internal\nerror.  Input sets that meet undefined "
          "behaviour are inconclusive.\n\n"
          "The variant (fragment shaders), which the interpreter models "
          "too:\n%s",
          key_args_help);
}

static bool
parse_number(const char *s, uint64_t max, uint64_t *out)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 10);
   if (errno || end == s || *end || v > max || s[0] == '-')
      return false;
   *out = v;
   return true;
}

static int
parse_value(int argc, char **argv, int *i, uint64_t max, uint64_t *out)
{
   const char *opt = argv[*i];
   if (++*i == argc)
      return cli_usage_error("run", "%s needs a value", opt);
   if (!parse_number(argv[*i], max, out))
      return cli_usage_error("run", "bad value '%s' for %s", argv[*i], opt);
   return -1;
}

static int
parse_args(int argc, char **argv, struct run_args *a)
{
   uint64_t runs = 0;
   a->seed = 1;
   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      int status = -1;
      enum key_arg_result k = key_arg("run", argc, argv, &i, &a->key);
      if (k != KEY_ARG_NONE) {
         if (k == KEY_ARG_BAD)
            return CLI_USER_ERROR;
      } else if (cli_is_help(arg)) {
         print_help();
         return CLI_OK;
      } else if (!strcmp(arg, "--check")) {
         a->check = true;
      } else if (!strcmp(arg, "--reference")) {
         if (++i == argc)
            return cli_usage_error("run", "--reference needs a file");
         a->reference = argv[i];
      } else if (!strcmp(arg, "--max-registers")) {
         uint64_t n;
         status = parse_value(argc, argv, &i, 64, &n);
         if (status < 0 && n < 8)
            return cli_usage_error("run", "--max-registers takes 8 to 64");
         a->max_registers = (unsigned)n;
      } else if (!strcmp(arg, "--xfb")) {
         if (++i == argc)
            return cli_usage_error("run", "--xfb needs a SPEC");
         a->xfb = argv[i];
      } else if (!strcmp(arg, "--vertex")) {
         if (++i == argc)
            return cli_usage_error("run", "--vertex needs a file");
         a->vertex = argv[i];
      } else if (!strcmp(arg, "--seed")) {
         status = parse_value(argc, argv, &i, UINT64_MAX - 100000, &a->seed);
      } else if (!strcmp(arg, "--runs")) {
         status = parse_value(argc, argv, &i, 100000, &runs);
      } else if (arg[0] == '-' && arg[1] != '\0') {
         return cli_usage_error("run", "unknown option '%s'", arg);
      } else if (a->input) {
         return cli_usage_error("run", "more than one input file");
      } else {
         a->input = arg;
      }
      if (status >= 0)
         return status;
   }
   if (!a->input)
      return cli_usage_error("run", "no input file");
   if (a->reference && !a->check)
      return cli_usage_error("run", "--reference needs --check");
   if (a->xfb && (!a->check || a->reference))
      return cli_usage_error("run", "--xfb needs --check (without "
                                    "--reference)");
   if (a->vertex && (a->reference || a->xfb))
      return cli_usage_error("run", "--vertex does not go with --reference "
                                    "or --xfb");
   a->runs = runs ? (unsigned)runs : a->check ? 16 : 1;
   return -1;
}

/* Interpreter only: print each input set's outputs. */
static int
print_runs(struct arena *arena, const struct tgsi_shader *s,
           const struct run_vertex_stage *vs, const struct run_args *a)
{
   for (unsigned k = 0; k < a->runs; k++) {
      uint64_t seed = a->seed + k;
      struct sim_env env;
      struct sim_outputs *out = ARENA_NEW(arena, struct sim_outputs);
      struct tgsi_interp_result res;
      struct tgsi_interp_options opts = {.vertices = NULL};
      if (!run_setup_env(&env, arena, s, seed, NULL)) {
         fprintf(stderr, "%s: error: only vertex, fragment, compute and "
                         "geometry shaders run\n", a->input);
         return CLI_USER_ERROR;
      }
      run_fs_state(&a->key, &env.fs_state);
      printf("input set: seed %llu\n", (unsigned long long)seed);
      if (vs) {
         char why[640];
         opts.vertices = ARENA_NEW(arena, struct tgsi_interp_vertices);
         enum run_vertices_result vr = run_vertices(
            arena, vs, seed, &env, opts.vertices, NULL, why, sizeof(why));
         if (vr == RUN_VERTICES_ERROR) {
            fprintf(stderr, "%s: error: %s\n", a->vertex, why);
            return CLI_USER_ERROR;
         }
         if (vr != RUN_VERTICES_OK)
            printf("undefined behaviour (inconclusive): %s\n", why);
         run_print_vertices(stdout, opts.vertices);
      }
      if (!tgsi_interp_run(&env, s, &opts, out, &res)) {
         fprintf(stderr, "%s: error: %s\n", a->input, res.message);
         return CLI_USER_ERROR;
      }
      if (res.undefined || res.undefined_values)
         printf("undefined behaviour%s: %s\n",
                res.undefined ? " (inconclusive)" : " in values",
                res.message);
      run_print_outputs(stdout, env.stage, out, res.annot, &env.memory);
      if (res.gs)
         run_print_gs(stdout, s, res.gs);
   }
   return CLI_OK;
}

static int
check(struct arena *arena, const struct tgsi_shader *s,
      struct run_vertex_stage *vs, const struct run_args *a)
{
   struct run_programs p;
   struct tgsiva_diagnostic d;
   struct tgsiva_stream_output *so = NULL;
   diag_clear(&d);
   if (a->xfb) {
      char err[160];
      so = ARENA_NEW(arena, struct tgsiva_stream_output);
      if (s->processor != TGSI_PROC_VERTEX)
         return cli_usage_error("run", "--xfb needs a vertex shader");
      if (!xfb_spec_parse(a->xfb, s, so, err, sizeof(err)))
         return cli_usage_error("run", "--xfb: %s", err);
   }
   bool loaded = a->reference ? run_load_reference(arena, a->reference, &p,
                                                   &d)
                              : run_compile_variant(arena, s,
                                                    a->max_registers,
                                                    &a->key, so, &p, &d);
   if (!loaded)
      return cli_report(&d, a->reference ? a->reference : a->input);
   if (vs && !run_compile_vertex_stage(arena, vs->s, s, a->max_registers,
                                       vs, &d))
      return cli_report(&d, a->vertex);
   struct run_options o = {.seed = a->seed, .runs = a->runs, .vertex = vs};
   struct run_report r;
   run_check(arena, s, &p, &o, &r);
   fputs(r.text.data ? r.text.data : "", stdout);
   switch (r.verdict) {
   case RUN_AGREE:
      printf("%u input sets agree, %u inconclusive (%llu words bit-exact, "
             "%llu within tolerance, %llu not compared)\n",
             r.agreed, r.inconclusive, (unsigned long long)r.exact_words,
             (unsigned long long)r.tolerant_words,
             (unsigned long long)r.skipped_words);
      if (so)
         printf("transform feedback: %llu buffer words compared\n",
                (unsigned long long)r.xfb_words);
      if (vs)
         printf("vertex shader: %llu input words of the geometry shader "
                "defined\n",
                (unsigned long long)r.vertex_words);
      return CLI_OK;
   case RUN_INCONCLUSIVE:
      printf("inconclusive: %s\n", r.cause);
      return CLI_OK;
   case RUN_DIFFER:
      printf("%s: the models differ\n", a->input);
      return CLI_USER_ERROR;
   default:
      fprintf(stderr, "%s: error: %s\n", a->input, r.cause);
      return CLI_USER_ERROR;
   }
}

/* --vertex: the vertex shader, parsed, which must come with a geometry
 * shader (check() compiles it). */
static bool
vertex_shader(struct arena *arena, const struct tgsi_shader *gs,
              const struct run_args *a, struct run_vertex_stage **out,
              struct tgsiva_diagnostic *d)
{
   struct tgsi_shader *vs;
   if (!tgsi_parse_file(arena, a->vertex, &vs, d))
      return false;
   if (vs->processor != TGSI_PROC_VERTEX ||
       gs->processor != TGSI_PROC_GEOMETRY)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "--vertex takes a vertex shader, and the shader "
                        "run must be a geometry shader");
   *out = ARENA_NEW(arena, struct run_vertex_stage);
   (*out)->s = vs;
   return true;
}

int
cmd_run(int argc, char **argv)
{
   struct run_args a;
   memset(&a, 0, sizeof(a));
   int status = parse_args(argc, argv, &a);
   if (status >= 0)
      return status;
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   arena_init(&arena, 0);
   diag_clear(&d);
   struct run_vertex_stage *vs = NULL;
   if (!tgsi_parse_file(&arena, a.input, &s, &d)) {
      status = cli_report(&d, a.input);
   } else if (a.vertex && !vertex_shader(&arena, s, &a, &vs, &d)) {
      status = cli_report(&d, a.vertex);
   } else if (a.check) {
      status = check(&arena, s, vs, &a);
   } else {
      status = print_runs(&arena, s, vs, &a);
   }
   arena_finish(&arena);
   return status;
}
