/* SPDX-License-Identifier: MIT */
/*
 * Recursive descent over RFC 8259 JSON.  Nesting is bounded (MAX_DEPTH),
 * so that a hostile file cannot exhaust the stack; \u escapes outside
 * ASCII become UTF-8.
 */
#include "json_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

struct reader {
   struct arena *arena;
   const char *text, *at;
   char *error;
   size_t size;
};

static bool
fail(struct reader *r, const char *what)
{
   unsigned line = 1, column = 1;
   for (const char *p = r->text; p < r->at; p++) {
      column = *p == '\n' ? 1 : column + 1;
      line += *p == '\n';
   }
   snprintf(r->error, r->size, "%u:%u: %s", line, column, what);
   return false;
}

static void
skip_space(struct reader *r)
{
   while (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r')
      r->at++;
}

static bool
literal(struct reader *r, const char *word)
{
   size_t n = strlen(word);
   if (strncmp(r->at, word, n))
      return fail(r, "a value expected");
   r->at += n;
   return true;
}

static size_t
put_utf8(char *out, unsigned c)
{
   if (c < 0x80) {
      out[0] = (char)c;
      return 1;
   }
   if (c < 0x800) {
      out[0] = (char)(0xC0 | c >> 6);
      out[1] = (char)(0x80 | (c & 0x3F));
      return 2;
   }
   out[0] = (char)(0xE0 | c >> 12);
   out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
   out[2] = (char)(0x80 | (c & 0x3F));
   return 3;
}

static bool
escape(struct reader *r, char *out, size_t *len)
{
   static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
   const char *e = strchr(from, *r->at);
   if (*r->at && e) {
      out[(*len)++] = to[e - from];
      r->at++;
      return true;
   }
   if (*r->at != 'u')
      return fail(r, "a bad escape in a string");
   char hex[5] = {0};
   for (unsigned i = 0; i < 4; i++) {
      if (!strchr("0123456789abcdefABCDEF", r->at[1 + i]) || !r->at[1 + i])
         return fail(r, "a bad \\u escape");
      hex[i] = r->at[1 + i];
   }
   *len += put_utf8(out + *len, (unsigned)strtoul(hex, NULL, 16));
   r->at += 5;
   return true;
}

static bool
string(struct reader *r, const char **out)
{
   r->at++; /* the quote */
   size_t cap = strcspn(r->at, "\"") * 2 + 8, len = 0;
   char *s = arena_alloc(r->arena, cap);
   while (*r->at != '"') {
      if ((unsigned char)*r->at < 0x20)
         return fail(r, "an unterminated string");
      if (len + 4 > cap) {
         s = arena_grow(r->arena, s, len, cap * 2, 1);
         cap *= 2;
      }
      if (*r->at == '\\') {
         r->at++;
         if (!escape(r, s, &len))
            return false;
      } else {
         s[len++] = *r->at++;
      }
   }
   r->at++;
   s[len] = '\0';
   *out = s;
   return true;
}

static bool value(struct reader *r, struct json_value **out, unsigned depth);

/* The items of an array or the members of an object, up to `close`. */
static bool
items(struct reader *r, struct json_value *v, char close, unsigned depth)
{
   VEC(struct json_value *) vals = {0};
   VEC(const char *) keys = {0};
   r->at++;
   skip_space(r);
   while (*r->at != close) {
      if (vals.len && *r->at++ != ',')
         return fail(r, "',' expected");
      skip_space(r);
      if (close == '}') {
         if (*r->at != '"' || !string(r, VEC_PUSH(r->arena, &keys)))
            return *r->error ? false : fail(r, "a member name expected");
         skip_space(r);
         if (*r->at++ != ':')
            return fail(r, "':' expected");
      }
      if (!value(r, VEC_PUSH(r->arena, &vals), depth + 1))
         return false;
      skip_space(r);
   }
   r->at++;
   v->count = vals.len;
   v->items = vals.data;
   v->keys = keys.data;
   return true;
}

static bool
value(struct reader *r, struct json_value **out, unsigned depth)
{
   struct json_value *v = ARENA_NEW(r->arena, struct json_value);
   *out = v;
   if (depth > MAX_DEPTH)
      return fail(r, "nested too deep");
   skip_space(r);
   char c = *r->at;
   if (c == '{' || c == '[') {
      v->kind = c == '{' ? JSON_OBJECT : JSON_ARRAY;
      return items(r, v, c == '{' ? '}' : ']', depth);
   }
   if (c == '"') {
      v->kind = JSON_STRING;
      return string(r, &v->string);
   }
   if (c == 't' || c == 'f') {
      v->kind = JSON_BOOL;
      v->number = c == 't';
      return literal(r, c == 't' ? "true" : "false");
   }
   if (c == 'n')
      return literal(r, "null");
   char *end;
   v->kind = JSON_NUMBER;
   v->number = strtod(r->at, &end);
   if (end == r->at || !strchr("-0123456789", c))
      return fail(r, "a value expected");
   r->at = end;
   return true;
}

bool
json_parse(struct arena *arena, const char *text, struct json_value **out,
           char *error, size_t size)
{
   struct reader r = {arena, text, text, error, size};
   error[0] = '\0';
   if (!value(&r, out, 0))
      return false;
   skip_space(&r);
   return *r.at == '\0' || fail(&r, "text after the document");
}

const struct json_value *
json_member(const struct json_value *v, const char *key)
{
   for (size_t i = 0; v && v->kind == JSON_OBJECT && i < v->count; i++) {
      if (!strcmp(v->keys[i], key))
         return v->items[i];
   }
   return NULL;
}

double
json_number(const struct json_value *v, const char *key, double fallback)
{
   const struct json_value *m = json_member(v, key);
   return m && m->kind == JSON_NUMBER ? m->number : fallback;
}
