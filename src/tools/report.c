/* SPDX-License-Identifier: MIT */
/*
 * Reports in the shape of Arm's Mali Offline Compiler for Valhall: per
 * program the registers, uniforms, spilling and 16-bit share, a table of
 * unit cycles for the whole program and its shortest and longest path
 * (va_paths.c), then the shader's properties.  The numbers are those of
 * the `--stats` cost model; the layouts are documented in docs/report.md
 * and change only with REPORT_VERSION.
 */
#include "report.h"

#include <string.h>

static const char *const unit_names[] = {"fma", "cvt", "sfu", "ls", "v", "t"};

static void
unit_cycles(const struct va_stats *st, double out[VA_COST_UNITS])
{
   out[VA_COST_FMA] = st->fma;
   out[VA_COST_CVT] = st->cvt;
   out[VA_COST_SFU] = st->sfu;
   out[VA_COST_LS] = st->ls;
   out[VA_COST_V] = st->v;
   out[VA_COST_T] = st->t;
}

static double
fp16_percent(const struct program_metrics *p)
{
   return p->arithmetic ? 100.0 * p->fp16_arithmetic / p->arithmetic : 0;
}

static void
text_row(struct strbuf *sb, const char *name, const struct va_stats *st)
{
   char bound[32];
   double c[VA_COST_UNITS];
   unit_cycles(st, c);
   strbuf_printf(sb, "  %-14s %6u", name, st->instructions);
   for (unsigned u = 0; u < VA_COST_UNITS; u++)
      strbuf_printf(sb, " %6.2f", c[u]);
   strbuf_printf(sb, " %6.2f  %s\n", st->cycles,
                 shader_bound_unit(st, bound, sizeof(bound)));
}

static void
text_program(struct strbuf *sb, const struct program_metrics *p,
             const struct shader_metrics *m)
{
   const struct va_path_stats *ps = &p->paths;
   strbuf_printf(sb, "\n%s program\n", p->name);
   strbuf_printf(sb, "  Work registers: %u (%u thread%s per core slot)\n",
                 p->work_registers, p->threads, p->threads > 1 ? "s" : "");
   strbuf_printf(sb, "  Uniform registers: %u\n", m->uniform_words);
   strbuf_printf(sb,
                 "  Stack spilling: %s (%u spills, %u fills, TLS %u "
                 "bytes)\n",
                 p->spills + p->fills ? "true" : "false", p->spills, p->fills,
                 m->tls_bytes);
   strbuf_printf(sb, "  16-bit arithmetic: %.0f%%\n\n", fp16_percent(p));
   strbuf_printf(sb, "  %-14s %6s", "", "instrs");
   for (unsigned u = 0; u < VA_COST_UNITS; u++)
      strbuf_printf(sb, " %6s", unit_names[u]);
   strbuf_printf(sb, " %6s  %s\n", "cycles", "bound");
   text_row(sb, "Total", &ps->total);
   text_row(sb, "Shortest path", &ps->shortest);
   if (ps->longest_unbounded) {
      strbuf_printf(sb, "  %-14s %6s", "Longest path", "N/A");
      for (unsigned u = 0; u <= VA_COST_UNITS; u++)
         strbuf_printf(sb, " %6s", "N/A");
      strbuf_puts(sb, "  N/A (a loop: no bound)\n");
   } else {
      text_row(sb, "Longest path", &ps->longest);
   }
}

static const char *
yes_no(bool b)
{
   return b ? "true" : "false";
}

void
report_text(struct strbuf *sb, const struct shader_metrics *m)
{
   const struct shader_properties *p = &m->properties;
   strbuf_printf(sb, "%s: %s shader\n", m->file, m->stage);
   for (unsigned i = 0; i < m->program_count; i++)
      text_program(sb, &m->programs[i], m);
   strbuf_puts(sb, "\nShader properties\n");
   strbuf_printf(sb, "  Has side-effects: %s\n", yes_no(p->side_effects));
   strbuf_printf(sb, "  Has discard: %s\n", yes_no(p->discard));
   strbuf_printf(sb, "  Modifies coverage: %s\n", yes_no(p->modifies_coverage));
   strbuf_printf(sb, "  Uses late ZS test: %s\n", yes_no(p->late_zs_test));
   strbuf_printf(sb, "  Reads colour buffer: %s\n",
                 yes_no(p->reads_color_buffer));
   strbuf_printf(sb, "  Uses derivatives (helper lanes): %s\n",
                 yes_no(p->derivatives));
   strbuf_printf(sb, "  Has barriers: %s\n", yes_no(p->barriers));
}

static void
json_string(struct strbuf *sb, const char *s)
{
   strbuf_putc(sb, '"');
   for (; *s; s++) {
      unsigned char c = (unsigned char)*s;
      if (c == '"' || c == '\\')
         strbuf_printf(sb, "\\%c", c);
      else if (c < 0x20)
         strbuf_printf(sb, "\\u%04x", c);
      else
         strbuf_putc(sb, (char)c);
   }
   strbuf_putc(sb, '"');
}

static void
json_cycles(struct strbuf *sb, const char *name, const struct va_stats *st)
{
   char bound[32];
   double c[VA_COST_UNITS];
   strbuf_printf(sb, "\"%s\": ", name);
   if (!st) {
      strbuf_puts(sb, "null");
      return;
   }
   unit_cycles(st, c);
   strbuf_printf(sb, "{\"instructions\": %u", st->instructions);
   for (unsigned u = 0; u < VA_COST_UNITS; u++)
      strbuf_printf(sb, ", \"%s\": %.6f", unit_names[u], c[u]);
   strbuf_printf(sb, ", \"cycles\": %.6f, \"bound\": \"%s\"}", st->cycles,
                 shader_bound_unit(st, bound, sizeof(bound)));
}

static void
json_properties(struct strbuf *sb, const struct shader_properties *p)
{
   strbuf_printf(sb,
                 "\"properties\": {\"side_effects\": %s, "
                 "\"discard\": %s, \"modifies_coverage\": %s, "
                 "\"late_zs_test\": %s, \"reads_color_buffer\": %s, "
                 "\"derivatives\": %s, \"barriers\": %s}",
                 yes_no(p->side_effects), yes_no(p->discard),
                 yes_no(p->modifies_coverage), yes_no(p->late_zs_test),
                 yes_no(p->reads_color_buffer), yes_no(p->derivatives),
                 yes_no(p->barriers));
}

static void
json_program(struct strbuf *sb, const struct shader_metrics *m, unsigned index)
{
   const struct program_metrics *p = &m->programs[index];
   const struct va_path_stats *ps = &p->paths;
   strbuf_puts(sb, "    {\"file\": ");
   json_string(sb, m->file);
   strbuf_printf(sb,
                 ", \"stage\": \"%s\", \"program\": \"%s\",\n"
                 "     \"instructions\": %u, \"work_registers\": %u, "
                 "\"threads\": %u, \"uniform_registers\": %u,\n"
                 "     \"stack_spilling\": %s, \"spills\": %u, "
                 "\"fills\": %u, \"tls_bytes\": %u,\n"
                 "     \"fp16_arithmetic\": %.1f, \"compile_ms\": %.3f, "
                 "\"basic_blocks\": %u, \"longest_unbounded\": %s,\n"
                 "     \"cycles\": {",
                 m->stage, p->name, ps->total.instructions, p->work_registers,
                 p->threads, m->uniform_words, yes_no(p->spills + p->fills),
                 p->spills, p->fills, m->tls_bytes, fp16_percent(p),
                 index ? 0 : m->compile_ms, ps->blocks,
                 yes_no(ps->longest_unbounded));
   json_cycles(sb, "total", &ps->total);
   strbuf_puts(sb, ",\n                ");
   json_cycles(sb, "shortest", &ps->shortest);
   strbuf_puts(sb, ",\n                ");
   json_cycles(sb, "longest", ps->longest_unbounded ? NULL : &ps->longest);
   strbuf_puts(sb, "},\n     ");
   json_properties(sb, &m->properties);
   strbuf_puts(sb, "}");
}

void
report_json(struct strbuf *sb, const struct shader_metrics *m, size_t n)
{
   const char *sep = "\n";
   strbuf_printf(sb,
                 "{\"version\": %d, \"tool\": \"tgsiva %s\",\n"
                 " \"programs\": [",
                 REPORT_VERSION, tgsiva_version());
   for (size_t i = 0; i < n; i++) {
      for (unsigned p = 0; m[i].compiled && p < m[i].program_count; p++) {
         strbuf_puts(sb, sep);
         json_program(sb, &m[i], p);
         sep = ",\n";
      }
   }
   strbuf_puts(sb, "],\n \"errors\": [");
   sep = "\n";
   for (size_t i = 0; i < n; i++) {
      if (m[i].compiled)
         continue;
      strbuf_printf(sb, "%s    {\"file\": ", sep);
      json_string(sb, m[i].file);
      strbuf_puts(sb, ", \"diagnostic\": ");
      json_string(sb, m[i].diagnostic);
      strbuf_puts(sb, "}");
      sep = ",\n";
   }
   strbuf_puts(sb, "]}\n");
}

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void
csv_field(struct strbuf *sb, const char *s)
{
   if (!strpbrk(s, ",\"\n\r")) {
      strbuf_puts(sb, s);
      return;
   }
   strbuf_putc(sb, '"');
   for (; *s; s++) {
      if (*s == '"')
         strbuf_putc(sb, '"');
      strbuf_putc(sb, *s);
   }
   strbuf_putc(sb, '"');
}

void
report_csv(struct strbuf *sb, const struct shader_metrics *m, size_t n)
{
   strbuf_puts(sb, "file,stage,program,instructions,fma,cvt,sfu,ls,v,t,"
                   "cycles,bound,work_registers,threads,uniform_words,"
                   "spills,fills,tls_bytes,compile_ms\n");
   for (size_t i = 0; i < n; i++) {
      for (unsigned k = 0; m[i].compiled && k < m[i].program_count; k++) {
         const struct program_metrics *p = &m[i].programs[k];
         const struct va_stats *st = &p->paths.total;
         char bound[32];
         csv_field(sb, m[i].file);
         strbuf_printf(sb,
                       ",%s,%s,%u,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,"
                       "%s,%u,%u,%u,%u,%u,%u,%.3f\n",
                       m[i].stage, p->name, st->instructions, st->fma, st->cvt,
                       st->sfu, st->ls, st->v, st->t, st->cycles,
                       shader_bound_unit(st, bound, sizeof(bound)),
                       p->work_registers, p->threads, m[i].uniform_words,
                       p->spills, p->fills, m[i].tls_bytes,
                       k ? 0 : m[i].compile_ms);
      }
   }
}
