/* SPDX-License-Identifier: MIT */
/*
 * The reports of measured shaders (docs/report.md): the text of
 * `compile --report`, the JSON document that `compile --report --format
 * json` and `stats --format json` write, and the CSV rows of `stats`.
 */
#ifndef TGSIVA_TOOLS_REPORT_H
#define TGSIVA_TOOLS_REPORT_H

#include <stddef.h>

#include "shader_metrics.h"
#include "util/strbuf.h"

/* The version of the JSON schema and of the CSV columns. */
#define REPORT_VERSION 1

void report_text(struct strbuf *sb, const struct shader_metrics *m);
/* One document: every program of the compiled shaders, then the
 * diagnostics of the others. */
void report_json(struct strbuf *sb, const struct shader_metrics *m, size_t n);
/* A header row, then one row per program of the compiled shaders. */
void report_csv(struct strbuf *sb, const struct shader_metrics *m, size_t n);

#endif
