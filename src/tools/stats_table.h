/* SPDX-License-Identifier: MIT */
/*
 * Runs of `tgsiva stats` read back, and the arithmetic of `tgsiva
 * compare` (docs/report.md): totals before -> after over the programs in
 * both runs, the same over the affected programs only, helped / hurt
 * counts and the geometric mean of the ratios.
 */
#ifndef TGSIVA_TOOLS_STATS_TABLE_H
#define TGSIVA_TOOLS_STATS_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"

enum stats_metric {
   STATS_INSTRUCTIONS,
   STATS_CYCLES,
   STATS_FMA,
   STATS_CVT,
   STATS_SFU,
   STATS_LS,
   STATS_V,
   STATS_T,
   STATS_WORK_REGISTERS,
   STATS_THREADS,
   STATS_UNIFORM_WORDS,
   STATS_SPILLS,
   STATS_FILLS,
   STATS_TLS_BYTES,
   STATS_COMPILE_MS,
   STATS_METRICS,
};

struct stats_metric_info {
   const char *name; /* the CSV column */
   bool higher_is_better;
   bool counted; /* false: reported, never a change (compile time) */
};

extern const struct stats_metric_info stats_metric_infos[STATS_METRICS];

struct stats_row {
   const char *file, *program;
   double value[STATS_METRICS];
};

struct stats_run {
   struct stats_row *rows;
   size_t count;
};

/* Parses the CSV of `tgsiva stats` (columns found by their header
 * names).  On an error, sets `error` to "LINE: what" and returns false. */
bool stats_parse_csv(struct arena *arena, const char *text,
                     struct stats_run *out, char *error, size_t size);

/* The same for the JSON report (version 1), and either by its first
 * character. */
bool stats_parse_json(struct arena *arena, const char *text,
                      struct stats_run *out, char *error, size_t size);
bool stats_parse(struct arena *arena, const char *text, struct stats_run *out,
                 char *error, size_t size);

struct metric_change {
   double before, after;                   /* over programs in both runs */
   double affected_before, affected_after; /* over those that changed */
   unsigned helped, hurt;
   double geomean; /* of after / before over the affected, both > 0 */
};

/* A program of both runs: its row in each. */
struct stats_pair {
   const struct stats_row *old_row, *new_row;
};

struct stats_comparison {
   struct stats_pair *pairs;
   size_t pair_count;
   const struct stats_row **only_old, **only_new;
   size_t only_old_count, only_new_count;
   struct metric_change change[STATS_METRICS];
   size_t changed; /* programs with any counted metric changed */
};

void stats_compare(struct arena *arena, const struct stats_run *old_run,
                   const struct stats_run *new_run,
                   struct stats_comparison *out);

/* (after - before) / before in percent; 0 for no change, +-inf from 0. */
double stats_percent(double before, double after);

#endif
