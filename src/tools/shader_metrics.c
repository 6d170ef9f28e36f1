/* SPDX-License-Identifier: MIT */
/*
 * A shader file compiled and measured for the batch commands and the
 * report.  The numbers are the cost model's (va_stats.c, va_paths.c);
 * the properties come from the layout the compiler decided, plus what
 * only the code shows (tile reads, textures with a computed LOD).
 *
 * A line `# tgsiva: OPTIONS` in the shader file gives the compile
 * options the batch commands use for it (`--xfb SPEC`, as `tgsiva
 * compile` takes it), so that goldens can carry them.
 */
#include "shader_metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "emit/va.h"
#include "key_args.h"
#include "util/diag.h"
#include "util/fileio.h"
#include "xfb_spec.h"

static const char *const stage_names[] = {
    [IR_STAGE_VERTEX_POSITION] = "vertex",
    [IR_STAGE_VERTEX_VARYING] = "vertex",
    [IR_STAGE_FRAGMENT] = "fragment",
    [IR_STAGE_COMPUTE] = "compute",
    [IR_STAGE_VERTEX_XFB] = "vertex",
    [IR_STAGE_GEOMETRY] = "geometry",
};

void
shader_stats_line(struct strbuf *sb, const struct compile_result *r)
{
   struct va_stats sum = {0};
   unsigned regs = 0, spills = 0;
   for (unsigned p = 0; p < r->program_count; p++) {
      struct va_stats st;
      const struct compile_program *prog = &r->programs[p];
      va_program_stats(prog->words, prog->count, &st);
      sum.instructions += st.instructions;
      sum.fma += st.fma;
      sum.cvt += st.cvt;
      sum.sfu += st.sfu;
      sum.v += st.v;
      sum.t += st.t;
      sum.ls += st.ls;
      sum.cycles += st.cycles;
      regs = prog->work_registers > regs ? prog->work_registers : regs;
      spills += prog->ir->spills + prog->ir->fills;
   }
   strbuf_printf(sb,
                 "instructions=%u registers=%u threads=%u spills=%u "
                 "fma=%.6f cvt=%.6f sfu=%.6f ls=%.6f v=%.6f t=%.6f "
                 "cycles=%.6f",
                 sum.instructions, regs, regs > 32 ? 1 : 2, spills, sum.fma,
                 sum.cvt, sum.sfu, sum.ls, sum.v, sum.t, sum.cycles);
}

static const char *const program_names[] = {"position", "varying", "xfb"};

/* A geometry shader's third program is the geometry program. */
static const char *
program_name(const struct compile_result *r, unsigned p)
{
   if (r->program_count == 1)
      return "main";
   return p == 2 && r->stage == IR_STAGE_GEOMETRY ? "geometry"
                                                   : program_names[p];
}

void
shader_disassemble(struct strbuf *sb, const struct compile_result *r)
{
   for (unsigned p = 0; p < r->program_count; p++) {
      if (r->program_count > 1)
         strbuf_printf(sb, "# %s\n", program_name(r, p));
      va_disassemble(sb, r->programs[p].words, r->programs[p].count, 0);
   }
}

const char *
shader_bound_unit(const struct va_stats *st, char *buf, size_t size)
{
   static const char *const names[] = {"fma", "cvt", "sfu", "ls", "v", "t"};
   const double cycles[] = {st->fma, st->cvt, st->sfu, st->ls, st->v, st->t};
   size_t at = 0;
   buf[0] = '\0';
   for (unsigned u = 0; u < VA_COST_UNITS && st->cycles > 0; u++) {
      if (cycles[u] == st->cycles && at + 5 < size)
         at += (size_t)snprintf(buf + at, size - at, "%s%s", at ? "+" : "",
                                names[u]);
   }
   return at ? buf : "none";
}

static void
measure_program(struct arena *arena, const struct compile_program *p,
                struct program_metrics *m)
{
   va_program_paths(arena, p->words, p->count, &m->paths);
   m->work_registers = p->work_registers;
   m->threads = p->work_registers > 32 ? 1 : 2;
   m->spills = p->ir->spills;
   m->fills = p->ir->fills;
   for (size_t i = 0; i < p->count; i++) {
      struct va_instr I;
      if (!va_decode(p->words[i], &I))
         continue;
      const struct va_form *f = va_form(I.op);
      if (f->unit == VA_UNIT_FMA || f->unit == VA_UNIT_CVT ||
          f->unit == VA_UNIT_SFU) {
         m->arithmetic++;
         m->fp16_arithmetic += f->size == 16;
      }
   }
}

/* What only the code shows: tile reads (the colour buffer) and
 * textures whose LOD comes from the neighbouring lanes (helper lanes, as
 * derivatives need). */
static void
scan_code(const struct compile_result *r, struct shader_properties *p)
{
   for (unsigned k = 0; k < r->program_count; k++) {
      const struct compile_program *prog = &r->programs[k];
      for (size_t i = 0; i < prog->count; i++) {
         struct va_instr I;
         if (!va_decode(prog->words[i], &I))
            continue;
         int lod = I.mod[VA_MOD_LOD_MODE];
         p->reads_color_buffer |= I.op == VA_OP_LD_TILE;
         p->derivatives |=
             lod == VA_LOD_MODE_COMPUTED || lod == VA_LOD_MODE_COMPUTED_BIAS;
      }
   }
}

static void
measure_properties(const struct compile_result *r, struct shader_properties *p)
{
   const struct ir_layout *l = &r->layout;
   bool fs = r->stage == IR_STAGE_FRAGMENT;
   p->side_effects = l->writes_memory;
   p->discard = fs && l->can_discard;
   p->modifies_coverage = fs && (l->can_discard || l->writes_sample_mask);
   p->late_zs_test = fs && !l->early_fragment_tests &&
                     (l->writes_depth || l->writes_stencil ||
                      p->modifies_coverage || l->writes_memory);
   p->derivatives = l->uses_derivatives;
   scan_code(r, p);
   p->barriers = l->uses_barrier;
}

void
shader_measure_compiled(struct arena *arena, const struct compile_result *r,
                        struct shader_metrics *m)
{
   m->compiled = true;
   m->stage = stage_names[r->stage];
   m->uniform_words = (unsigned)r->layout.push.len;
   m->tls_bytes = r->layout.tls_bytes;
   m->program_count = r->program_count;
   for (unsigned p = 0; p < r->program_count; p++) {
      m->programs[p].name = program_name(r, p);
      measure_program(arena, &r->programs[p], &m->programs[p]);
   }
   measure_properties(r, &m->properties);
   struct strbuf sb;
   strbuf_init(&sb, arena);
   strbuf_puts(&sb, "# stats: ");
   shader_stats_line(&sb, r);
   strbuf_putc(&sb, '\n');
   shader_disassemble(&sb, r);
   m->expected = strdup(sb.data);
}

static double
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Option `name` with `value` of a `# tgsiva:` line into opts. */
static bool
file_option(struct arena *arena, const struct tgsi_shader *tgsi,
            const char *name, const char *value,
            struct compile_options *opts, struct tgsiva_diagnostic *d)
{
   char err[160];
   if (strcmp(name, "--xfb")) {
      struct tgsiva_shader_key *key = (struct tgsiva_shader_key *)opts->key;
      return key_option(name, value, key) ||
             diag_error(d, TGSIVA_ERROR_INPUT,
                        "'%s %s': the options line takes --xfb SPEC and "
                        "the variant-key options only", name, value);
   }
   struct tgsiva_stream_output *so =
      ARENA_NEW(arena, struct tgsiva_stream_output);
   if (tgsi->processor != TGSI_PROC_VERTEX ||
       !xfb_spec_parse(value, tgsi, so, err, sizeof(err)))
      return diag_error(d, TGSIVA_ERROR_INPUT, "--xfb: %s",
                        tgsi->processor == TGSI_PROC_VERTEX
                           ? err
                           : "needs a vertex shader");
   opts->stream_output = so;
   return true;
}

/* The `# tgsiva: OPTION VALUE ...` lines of the shader's text into
 * opts: what a golden shader is compiled with (--xfb SPEC, the key
 * options). */
static bool
file_options(struct arena *arena, const char *path, const char *text,
             size_t len, const struct tgsi_shader *tgsi,
             struct compile_options *opts, struct tgsiva_diagnostic *d)
{
   static const char tag[] = "# tgsiva:";
   const char *end = text + len;
   for (const char *line = text; line < end;) {
      const char *eol = memchr(line, '\n', (size_t)(end - line));
      size_t n = eol ? (size_t)(eol - line) : (size_t)(end - line);
      if (n >= sizeof(tag) - 1 && !strncmp(line, tag, sizeof(tag) - 1)) {
         char *words = arena_strndup(arena, line + sizeof(tag) - 1,
                                     n - (sizeof(tag) - 1));
         char *save = NULL;
         char *name = strtok_r(words, " \t", &save);
         for (; name; name = strtok_r(NULL, " \t", &save)) {
            char *value = strtok_r(NULL, " \t", &save);
            if (!value)
               return diag_error(d, TGSIVA_ERROR_INPUT,
                                 "%s: %s needs a value", path, name);
            if (!file_option(arena, tgsi, name, value, opts, d))
               return false;
         }
      }
      line += n + 1;
   }
   return true;
}

void
shader_measure(const char *path, struct shader_metrics *m)
{
   memset(m, 0, sizeof(*m));
   m->file = path;
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   struct compile_result r;
   struct tgsiva_shader_key key;
   struct compile_options opts = {.validate = true, .key = &key};
   arena_init(&arena, 0);
   diag_clear(&d);
   double start = now_ms();
   char *text;
   size_t len;
   memset(&key, 0, sizeof(key));
   bool ok = file_read(&arena, path, &text, &len, &d) &&
             tgsi_parse_text(&arena, text, len, &tgsi, &d) &&
             file_options(&arena, path, text, len, tgsi, &opts, &d) &&
             compile_tgsi(&arena, tgsi, &opts, &r, &d);
   m->compile_ms = now_ms() - start;
   if (ok) {
      shader_measure_compiled(&arena, &r, m);
   } else {
      const char *base = strrchr(path, '/');
      char text[1024];
      tgsiva_diagnostic_format(&d, base ? base + 1 : path, text, sizeof(text));
      m->diagnostic = strdup(text);
      size_t n = strlen(text);
      m->expected = malloc(n + 2);
      memcpy(m->expected, text, n);
      memcpy(m->expected + n, "\n", 2);
   }
   arena_finish(&arena);
}

void
shader_metrics_free(struct shader_metrics *m)
{
   free(m->diagnostic);
   free(m->expected);
   m->diagnostic = m->expected = NULL;
}
