/* SPDX-License-Identifier: MIT */
/*
 * A recursive-descent JSON reader (RFC 8259), enough for the reference
 * packages and strict about the rest: one value, no trailing commas, no
 * comments, no control characters in strings.  Nesting is limited
 * (SIM_JSON_MAX_DEPTH) so that hostile input cannot exhaust the stack;
 * every error names its line and column.
 */
#include "sim_json.h"

#include <stdlib.h>
#include <string.h>

#include "util/diag.h"

#define SIM_JSON_MAX_DEPTH 64

struct parser {
   struct arena *arena;
   const char *text;
   size_t len, at;
   struct tgsiva_diagnostic *d;
};

static bool
fail(struct parser *p, const char *what)
{
   unsigned line = 1, column = 1;
   for (size_t i = 0; i < p->at && i < p->len; i++) {
      if (p->text[i] == '\n') {
         line++;
         column = 1;
      } else {
         column++;
      }
   }
   return diag_at(p->d, TGSIVA_ERROR_INPUT, line, column, "JSON: %s", what);
}

static void
skip_space(struct parser *p)
{
   while (p->at < p->len && strchr(" \t\r\n", p->text[p->at]) && p->text[p->at])
      p->at++;
}

static bool
accept(struct parser *p, char c)
{
   skip_space(p);
   if (p->at < p->len && p->text[p->at] == c) {
      p->at++;
      return true;
   }
   return false;
}

static bool
literal(struct parser *p, const char *word)
{
   size_t n = strlen(word);
   if (p->len - p->at < n || memcmp(p->text + p->at, word, n) != 0)
      return false;
   p->at += n;
   return true;
}

static int
hex4(const char *s)
{
   int v = 0;
   for (int i = 0; i < 4; i++) {
      char c = s[i];
      int d = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (d < 0)
         return -1;
      v = v * 16 + d;
   }
   return v;
}

static size_t
put_utf8(char *out, unsigned cp)
{
   if (cp < 0x80) {
      out[0] = (char)cp;
      return 1;
   }
   if (cp < 0x800) {
      out[0] = (char)(0xC0 | cp >> 6);
      out[1] = (char)(0x80 | (cp & 0x3F));
      return 2;
   }
   if (cp < 0x10000) {
      out[0] = (char)(0xE0 | cp >> 12);
      out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
      out[2] = (char)(0x80 | (cp & 0x3F));
      return 3;
   }
   out[0] = (char)(0xF0 | cp >> 18);
   out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
   out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
   out[3] = (char)(0x80 | (cp & 0x3F));
   return 4;
}

/* After a backslash: decodes one escape into out, returns its length. */
static bool
escape(struct parser *p, char *out, size_t *n)
{
   static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
   char c = p->at < p->len ? p->text[p->at++] : 0;
   const char *k = c ? strchr(from, c) : NULL;
   if (k) {
      out[0] = to[k - from];
      *n = 1;
      return true;
   }
   if (c != 'u' || p->len - p->at < 4)
      return fail(p, "bad escape in a string");
   int cp = hex4(p->text + p->at);
   p->at += 4;
   if (cp >= 0xD800 && cp < 0xDC00 && p->len - p->at >= 6 &&
       p->text[p->at] == '\\' && p->text[p->at + 1] == 'u') {
      int lo = hex4(p->text + p->at + 2);
      if (lo >= 0xDC00 && lo < 0xE000) {
         cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
         p->at += 6;
      }
   }
   if (cp < 0)
      return fail(p, "bad \\u escape in a string");
   *n = put_utf8(out, (unsigned)cp);
   return true;
}

static bool
string(struct parser *p, const char **s, size_t *len)
{
   size_t start = ++p->at; /* after the quote */
   size_t end = start;
   while (end < p->len && p->text[end] != '"')
      end += p->text[end] == '\\' ? 2 : 1;
   if (end >= p->len)
      return fail(p, "unterminated string");
   char *out = arena_alloc(p->arena, end - start + 1);
   size_t n = 0;
   while (p->at < end) {
      char c = p->text[p->at];
      if ((unsigned char)c < 0x20)
         return fail(p, "control character in a string");
      if (c != '\\') {
         out[n++] = c;
         p->at++;
         continue;
      }
      p->at++;
      size_t k = 0;
      if (!escape(p, out + n, &k))
         return false;
      n += k;
   }
   p->at = end + 1;
   out[n] = '\0';
   *s = out;
   *len = n;
   return true;
}

static bool value(struct parser *p, struct sim_json **out, unsigned depth);

static bool
number(struct parser *p, struct sim_json *v)
{
   const char *start = p->text + p->at;
   size_t n = 0;
   while (p->at + n < p->len && strchr("+-0123456789.eE", start[n]) && start[n])
      n++;
   char buf[64];
   if (n == 0 || n >= sizeof(buf))
      return fail(p, "bad number");
   memcpy(buf, start, n);
   buf[n] = '\0';
   char *end;
   v->number = strtod(buf, &end);
   if (end != buf + n)
      return fail(p, "bad number");
   v->type = SIM_JSON_NUMBER;
   p->at += n;
   return true;
}

/* Items (or members) until `close`; `keys` is NULL for arrays. */
static bool
sequence(struct parser *p, struct sim_json *v, char close, unsigned depth)
{
   VEC(struct sim_json *) items = {0};
   VEC(const char *) keys = {0};
   bool object = close == '}';
   if (!accept(p, close)) {
      do {
         if (object) {
            size_t len;
            const char **k = VEC_PUSH(p->arena, &keys);
            skip_space(p);
            if (p->at >= p->len || p->text[p->at] != '"')
               return fail(p, "expected a member name");
            if (!string(p, k, &len))
               return false;
            if (!accept(p, ':'))
               return fail(p, "expected ':'");
         }
         if (!value(p, VEC_PUSH(p->arena, &items), depth + 1))
            return false;
      } while (accept(p, ','));
      if (!accept(p, close))
         return fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
   }
   v->type = object ? SIM_JSON_OBJECT : SIM_JSON_ARRAY;
   v->items = items.data;
   v->keys = keys.data;
   v->length = items.len;
   return true;
}

static bool
value(struct parser *p, struct sim_json **out, unsigned depth)
{
   if (depth > SIM_JSON_MAX_DEPTH)
      return fail(p, "nested too deeply");
   struct sim_json *v = ARENA_NEW(p->arena, struct sim_json);
   *out = v;
   skip_space(p);
   if (p->at >= p->len)
      return fail(p, "expected a value");
   char c = p->text[p->at];
   if (c == '{' || c == '[') {
      p->at++;
      return sequence(p, v, c == '{' ? '}' : ']', depth);
   }
   if (c == '"') {
      v->type = SIM_JSON_STRING;
      return string(p, &v->string, &v->length);
   }
   if (literal(p, "true") || literal(p, "false")) {
      v->type = SIM_JSON_BOOL;
      v->boolean = c == 't';
      return true;
   }
   if (literal(p, "null"))
      return true;
   return number(p, v);
}

bool
sim_json_parse(struct arena *arena, const char *text, size_t len,
               struct sim_json **root, struct tgsiva_diagnostic *d)
{
   struct parser p = {.arena = arena, .text = text, .len = len, .d = d};
   if (!value(&p, root, 0))
      return false;
   skip_space(&p);
   if (p.at != len)
      return fail(&p, "text after the value");
   return true;
}

const struct sim_json *
sim_json_get(const struct sim_json *obj, const char *key)
{
   if (!obj || obj->type != SIM_JSON_OBJECT)
      return NULL;
   for (size_t i = 0; i < obj->length; i++) {
      if (strcmp(obj->keys[i], key) == 0)
         return obj->items[i];
   }
   return NULL;
}

const struct sim_json *
sim_json_at(const struct sim_json *array, size_t i)
{
   if (!array || array->type != SIM_JSON_ARRAY || i >= array->length)
      return NULL;
   return array->items[i];
}

double
sim_json_number(const struct sim_json *v, double dflt)
{
   return v && v->type == SIM_JSON_NUMBER ? v->number : dflt;
}

const char *
sim_json_string(const struct sim_json *v, const char *dflt)
{
   return v && v->type == SIM_JSON_STRING ? v->string : dflt;
}

bool
sim_json_bool(const struct sim_json *v, bool dflt)
{
   return v && v->type == SIM_JSON_BOOL ? v->boolean : dflt;
}
