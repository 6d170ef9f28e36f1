/* SPDX-License-Identifier: MIT */
/*
 * Reading `tgsiva stats` CSV back and comparing two runs, in the manner
 * of Mesa's shader-db report: programs are matched by file and program
 * name; a metric helps when it moves the good way (down, except
 * threads), and compile time is shown but never counted, since it
 * changes from run to run without any change to the code.
 */
#include "stats_table.h"

#include "sim/sim_json.h"
#include "util/diag.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct stats_metric_info stats_metric_infos[STATS_METRICS] = {
    [STATS_INSTRUCTIONS] = {"instructions", false, true},
    [STATS_CYCLES] = {"cycles", false, true},
    [STATS_FMA] = {"fma", false, true},
    [STATS_CVT] = {"cvt", false, true},
    [STATS_SFU] = {"sfu", false, true},
    [STATS_LS] = {"ls", false, true},
    [STATS_V] = {"v", false, true},
    [STATS_T] = {"t", false, true},
    [STATS_WORK_REGISTERS] = {"work_registers", false, true},
    [STATS_THREADS] = {"threads", true, true},
    [STATS_UNIFORM_WORDS] = {"uniform_words", false, true},
    [STATS_SPILLS] = {"spills", false, true},
    [STATS_FILLS] = {"fills", false, true},
    [STATS_TLS_BYTES] = {"tls_bytes", false, true},
    [STATS_COMPILE_MS] = {"compile_ms", false, false},
};

/* The next field of a CSV line from *p (quotes undone); false at the
 * end of the line.  *p moves past the field and its comma. */
static bool
next_field(struct arena *arena, const char **p, char **field)
{
   const char *s = *p;
   if (*s == '\n' || *s == '\0')
      return false;
   struct {
      char *data;
      size_t len;
   } f = {arena_alloc(arena, strcspn(s, "\n") + 1), 0};
   if (*s == '"') {
      for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
         if (*s == '"')
            s++;
         f.data[f.len++] = *s;
      }
      s += *s == '"';
   } else {
      while (*s && *s != ',' && *s != '\n' && *s != '\r')
         f.data[f.len++] = *s++;
   }
   while (*s == '\r')
      s++;
   if (*s == ',')
      s++;
   f.data[f.len] = '\0';
   *field = f.data;
   *p = s;
   return true;
}

enum { COL_FILE = STATS_METRICS, COL_PROGRAM, COL_OTHER };

static int
column_of(const char *name)
{
   if (!strcmp(name, "file"))
      return COL_FILE;
   if (!strcmp(name, "program"))
      return COL_PROGRAM;
   for (int m = 0; m < STATS_METRICS; m++) {
      if (!strcmp(name, stats_metric_infos[m].name))
         return m;
   }
   return COL_OTHER;
}

static bool
parse_row(struct arena *arena, const char **p, const int *columns,
          size_t ncolumns, struct stats_row *row)
{
   char *field;
   size_t c = 0;
   memset(row, 0, sizeof(*row));
   while (next_field(arena, p, &field)) {
      if (c >= ncolumns)
         return false;
      int col = columns[c++];
      if (col == COL_FILE) {
         row->file = field;
      } else if (col == COL_PROGRAM) {
         row->program = field;
      } else if (col < STATS_METRICS) {
         char *end;
         row->value[col] = strtod(field, &end);
         if (end == field || *end)
            return false;
      }
   }
   if (**p == '\n')
      (*p)++;
   return c == ncolumns;
}

bool
stats_parse_csv(struct arena *arena, const char *text, struct stats_run *out,
                char *error, size_t size)
{
   VEC(int) columns = {0};
   VEC(struct stats_row) rows = {0};
   const char *p = text;
   char *field;
   bool has_file = false, has_program = false;
   while (next_field(arena, &p, &field)) {
      int col = column_of(field);
      has_file |= col == COL_FILE;
      has_program |= col == COL_PROGRAM;
      *VEC_PUSH(arena, &columns) = col;
   }
   if (!has_file || !has_program) {
      snprintf(error, size,
               "1: not a `tgsiva stats` CSV (no file and "
               "program columns)");
      return false;
   }
   if (*p == '\n')
      p++;
   for (unsigned line = 2; *p; line++) {
      struct stats_row row;
      if (!parse_row(arena, &p, columns.data, columns.len, &row)) {
         snprintf(error, size, "%u: a row of %zu fields expected", line,
                  columns.len);
         return false;
      }
      *VEC_PUSH(arena, &rows) = row;
   }
   out->rows = rows.data;
   out->count = rows.len;
   return true;
}

/* One program object of the JSON report (docs/report.md). */
static bool
json_row(const struct sim_json *p, struct stats_row *row)
{
   static const char *const top[][2] = {
       {"instructions", "instructions"},
       {"work_registers", "work_registers"},
       {"threads", "threads"},
       {"uniform_words", "uniform_registers"},
       {"spills", "spills"},
       {"fills", "fills"},
       {"tls_bytes", "tls_bytes"},
       {"compile_ms", "compile_ms"},
   };
   const struct sim_json *total =
       sim_json_get(sim_json_get(p, "cycles"), "total");
   memset(row, 0, sizeof(*row));
   row->file = sim_json_string(sim_json_get(p, "file"), NULL);
   row->program = sim_json_string(sim_json_get(p, "program"), NULL);
   if (!row->file || !row->program || !total)
      return false;
   for (int m = 0; m < STATS_METRICS; m++) {
      const char *name = stats_metric_infos[m].name;
      const struct sim_json *from = total;
      for (unsigned k = 0; k < sizeof(top) / sizeof(top[0]); k++) {
         if (!strcmp(top[k][0], name)) {
            name = top[k][1];
            from = p;
         }
      }
      row->value[m] = sim_json_number(sim_json_get(from, name), 0);
   }
   return true;
}

bool
stats_parse_json(struct arena *arena, const char *text, struct stats_run *out,
                 char *error, size_t size)
{
   struct sim_json *doc;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!sim_json_parse(arena, text, strlen(text), &doc, &d)) {
      snprintf(error, size, "%u:%u: %s", d.line, d.column, d.message);
      return false;
   }
   const struct sim_json *programs = sim_json_get(doc, "programs");
   if (sim_json_number(sim_json_get(doc, "version"), 0) != 1 || !programs ||
       programs->type != SIM_JSON_ARRAY) {
      snprintf(error, size, "1:1: not a version 1 report of tgsiva");
      return false;
   }
   out->rows = ARENA_ARRAY(arena, struct stats_row, programs->length + 1);
   out->count = programs->length;
   for (size_t i = 0; i < programs->length; i++) {
      if (!json_row(programs->items[i], &out->rows[i])) {
         snprintf(error, size, "program %zu: no file, program or cycles", i);
         return false;
      }
   }
   return true;
}

bool
stats_parse(struct arena *arena, const char *text, struct stats_run *out,
            char *error, size_t size)
{
   const char *p = text + strspn(text, " \t\r\n");
   return *p == '{' ? stats_parse_json(arena, text, out, error, size)
                    : stats_parse_csv(arena, text, out, error, size);
}

static int
compare_rows(const void *a, const void *b)
{
   const struct stats_row *x = *(const struct stats_row *const *)a;
   const struct stats_row *y = *(const struct stats_row *const *)b;
   int c = strcmp(x->file, y->file);
   return c ? c : strcmp(x->program, y->program);
}

static const struct stats_row **
sorted_rows(struct arena *arena, const struct stats_run *r)
{
   const struct stats_row **s =
       ARENA_ARRAY(arena, const struct stats_row *, r->count + 1);
   for (size_t i = 0; i < r->count; i++)
      s[i] = &r->rows[i];
   qsort(s, r->count, sizeof(*s), compare_rows);
   return s;
}

double
stats_percent(double before, double after)
{
   if (before == after)
      return 0;
   if (before == 0)
      return after > 0 ? INFINITY : -INFINITY;
   return 100.0 * (after - before) / before;
}

static void
add_pair(struct stats_comparison *out, const struct stats_pair *pair,
         double *log_sum, unsigned *log_count)
{
   bool changed = false;
   for (unsigned m = 0; m < STATS_METRICS; m++) {
      struct metric_change *c = &out->change[m];
      double b = pair->old_row->value[m], a = pair->new_row->value[m];
      c->before += b;
      c->after += a;
      if (a == b || !stats_metric_infos[m].counted)
         continue;
      changed = true;
      c->affected_before += b;
      c->affected_after += a;
      bool better = stats_metric_infos[m].higher_is_better ? a > b : a < b;
      c->helped += better;
      c->hurt += !better;
      if (a > 0 && b > 0) {
         log_sum[m] += log(a / b);
         log_count[m]++;
      }
   }
   out->changed += changed;
}

void
stats_compare(struct arena *arena, const struct stats_run *old_run,
              const struct stats_run *new_run, struct stats_comparison *out)
{
   memset(out, 0, sizeof(*out));
   const struct stats_row **o = sorted_rows(arena, old_run);
   const struct stats_row **n = sorted_rows(arena, new_run);
   out->pairs = ARENA_ARRAY(arena, struct stats_pair, old_run->count + 1);
   out->only_old =
       ARENA_ARRAY(arena, const struct stats_row *, old_run->count + 1);
   out->only_new =
       ARENA_ARRAY(arena, const struct stats_row *, new_run->count + 1);
   double log_sum[STATS_METRICS] = {0};
   unsigned log_count[STATS_METRICS] = {0};
   size_t i = 0, j = 0;
   while (i < old_run->count || j < new_run->count) {
      int c = i == old_run->count   ? 1
              : j == new_run->count ? -1
                                    : compare_rows(&o[i], &n[j]);
      if (c < 0) {
         out->only_old[out->only_old_count++] = o[i++];
      } else if (c > 0) {
         out->only_new[out->only_new_count++] = n[j++];
      } else {
         struct stats_pair *pair = &out->pairs[out->pair_count++];
         *pair = (struct stats_pair){o[i++], n[j++]};
         add_pair(out, pair, log_sum, log_count);
      }
   }
   for (unsigned m = 0; m < STATS_METRICS; m++)
      out->change[m].geomean =
          log_count[m] ? exp(log_sum[m] / log_count[m]) : 1.0;
}
