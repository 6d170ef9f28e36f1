/* SPDX-License-Identifier: MIT */
/*
 * Unified diffs of two texts, as `diff -u` prints them (3 lines of
 * context), for `tgsiva test`.
 */
#ifndef TGSIVA_TOOLS_UDIFF_H
#define TGSIVA_TOOLS_UDIFF_H

#include "util/strbuf.h"

/* Appends the diff from `old` to `new` (empty if they are equal). */
void udiff(struct strbuf *sb, const char *old_name, const char *old_text,
           const char *new_name, const char *new_text);

#endif
