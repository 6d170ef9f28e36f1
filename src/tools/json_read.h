/* SPDX-License-Identifier: MIT */
/*
 * A small JSON reader for the documents tgsiva writes itself (the
 * reports of docs/report.md), so that `tgsiva compare` reads runs in
 * either format.  The whole text becomes a tree in the arena.
 */
#ifndef TGSIVA_TOOLS_JSON_READ_H
#define TGSIVA_TOOLS_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"

enum json_kind {
   JSON_NULL,
   JSON_BOOL,
   JSON_NUMBER,
   JSON_STRING,
   JSON_ARRAY,
   JSON_OBJECT,
};

struct json_value {
   enum json_kind kind;
   double number;      /* numbers; booleans as 0 or 1 */
   const char *string; /* strings */
   size_t count;       /* array items, object members */
   const char **keys;  /* object members' names */
   struct json_value **items;
};

/* The document in `text`; false with "LINE:COLUMN: what" in `error`. */
bool json_parse(struct arena *arena, const char *text, struct json_value **out,
                char *error, size_t size);
/* The member `key` of an object, or NULL (also when `v` is no object). */
const struct json_value *json_member(const struct json_value *v,
                                     const char *key);
/* The member's number, or `fallback` when it is absent or no number. */
double json_number(const struct json_value *v, const char *key,
                   double fallback);

#endif
