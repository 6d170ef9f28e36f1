/* SPDX-License-Identifier: MIT */
/*
 * A small JSON reader for the Mesa reference packages: the whole text
 * becomes a tree of values in an arena.  Numbers are doubles (the
 * packages' integers are small); strings are decoded (escapes, \u with
 * surrogate pairs, as UTF-8).
 */
#ifndef TGSIVA_SIM_SIM_JSON_H
#define TGSIVA_SIM_SIM_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "tgsiva/tgsiva.h"
#include "util/arena.h"

enum sim_json_type {
   SIM_JSON_NULL,
   SIM_JSON_BOOL,
   SIM_JSON_NUMBER,
   SIM_JSON_STRING,
   SIM_JSON_ARRAY,
   SIM_JSON_OBJECT,
};

struct sim_json {
   enum sim_json_type type;
   bool boolean;
   double number;
   const char *string; /* NUL-terminated */
   size_t length;      /* of string, or items/members */
   struct sim_json **items;
   const char **keys; /* objects: member names, in order */
};

/* Parses `len` bytes; errors carry line:column. */
bool sim_json_parse(struct arena *arena, const char *text, size_t len,
                    struct sim_json **root, struct tgsiva_diagnostic *d);

/* Member `key` of an object, or NULL (also when `obj` is no object). */
const struct sim_json *sim_json_get(const struct sim_json *obj,
                                    const char *key);
/* Item i of an array, or NULL. */
const struct sim_json *sim_json_at(const struct sim_json *array, size_t i);

/* Typed views, with a default when the value is missing or another
 * type. */
double sim_json_number(const struct sim_json *v, double dflt);
const char *sim_json_string(const struct sim_json *v, const char *dflt);
bool sim_json_bool(const struct sim_json *v, bool dflt);

#endif
