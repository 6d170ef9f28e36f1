/* SPDX-License-Identifier: MIT */
/*
 * One shader file compiled in-process and measured, for the commands that
 * work on many shaders (test, stats) and for `compile --report`: the
 * expected-file text, the statistics and paths of each program
 * (docs/stats.md) and the shader's properties (docs/report.md).
 *
 * shader_measure is thread-safe: each call uses its own arena and keeps
 * its results in `out` (strings from malloc, freed by
 * shader_metrics_free).
 */
#ifndef TGSIVA_TOOLS_SHADER_METRICS_H
#define TGSIVA_TOOLS_SHADER_METRICS_H

#include <stdbool.h>

#include "compile.h"
#include "emit/va_stats.h"
#include "util/strbuf.h"

struct program_metrics {
   const char *name; /* "main", or "position" / "varying" */
   struct va_path_stats paths;
   unsigned work_registers, threads;
   unsigned spills, fills;
   unsigned arithmetic, fp16_arithmetic; /* FMA/CVT/SFU instructions */
};

struct shader_properties {
   bool side_effects;      /* writes buffers, images or shared memory */
   bool discard;           /* may kill fragments */
   bool modifies_coverage; /* discard or a written sample mask */
   bool late_zs_test;      /* depth/stencil test after the shader */
   bool reads_color_buffer;
   bool derivatives; /* or a computed texture LOD: helper lanes */
   bool barriers;
};

struct shader_metrics {
   const char *file;
   bool compiled;
   char *diagnostic;  /* when not: "FILE:LINE:COLUMN: error: ..." */
   const char *stage; /* "vertex", "fragment", "compute" */
   unsigned uniform_words, tls_bytes;
   unsigned program_count;
   struct program_metrics programs[3];
   struct shader_properties properties;
   /* What NAME.expected holds: the `--stats` line as a comment and the
    * disassembly, or the diagnostic (with the file's base name). */
   char *expected;
   double compile_ms;
};

void shader_measure(const char *path, struct shader_metrics *out);
/* The same for a shader already compiled (out->file is left as is). */
void shader_measure_compiled(struct arena *arena,
                             const struct compile_result *r,
                             struct shader_metrics *out);
void shader_metrics_free(struct shader_metrics *m);

/* The `--stats` line (docs/stats.md), summed over a vertex shader's two
 * programs, without a newline. */
void shader_stats_line(struct strbuf *sb, const struct compile_result *r);
/* The disassembly, with "# position" / "# varying" headers for the two
 * programs of a vertex shader. */
void shader_disassemble(struct strbuf *sb, const struct compile_result *r);
/* The units whose cycles are the largest, "fma", "v+t", or "none". */
const char *shader_bound_unit(const struct va_stats *st, char *buf,
                              size_t size);

#endif
