/* SPDX-License-Identifier: MIT */
/*
 * Transform-feedback descriptions on the command line (xfb_spec.h).
 *
 * 1. Parsing checks the syntax only; whether the shader has the
 *    register, and whether a record fits its stride, is the compiler's
 *    to say (the library gives drivers the same errors).
 * 2. Defaults make short specs: an entry without @OFFSET follows the
 *    buffer's previous entry, a buffer without a stride is as wide as its
 *    entries.
 */
#include "xfb_spec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The OUT indices of the declared outputs, in order; returns how many
 * (at most `max`). */
static unsigned
declared_outputs(const struct tgsi_shader *s, uint32_t *regs, unsigned max)
{
   unsigned n = 0;
   for (uint32_t r = 0; r < 4096 && n < max; r++) {
      for (unsigned i = 0; i < s->num_decls; i++) {
         const struct tgsi_decl *d = &s->decls[i];
         if (d->file == TGSI_REGFILE_OUTPUT && d->first <= r &&
             r <= d->last) {
            regs[n++] = r;
            break;
         }
      }
   }
   return n;
}

static uint32_t
buffer_end(const struct tgsiva_stream_output *so, unsigned b)
{
   uint32_t end = 0;
   for (unsigned k = 0; k < so->num_outputs; k++) {
      const struct tgsiva_stream_output_entry *e = &so->output[k];
      if (e->output_buffer == b && e->dst_offset + e->num_components > end)
         end = e->dst_offset + e->num_components;
   }
   return end;
}

static void
add_entry(struct tgsiva_stream_output *so, uint32_t buffer, uint32_t reg,
          uint32_t start, uint32_t count, uint32_t offset)
{
   so->output[so->num_outputs++] = (struct tgsiva_stream_output_entry){
      .register_index = reg,
      .start_component = start,
      .num_components = count,
      .output_buffer = buffer,
      .dst_offset = offset,
   };
}

void
xfb_spec_all(const struct tgsi_shader *s, struct tgsiva_stream_output *out)
{
   uint32_t regs[TGSIVA_MAX_STREAM_OUTPUTS];
   unsigned n = declared_outputs(s, regs, TGSIVA_MAX_STREAM_OUTPUTS);
   memset(out, 0, sizeof(*out));
   for (unsigned i = 0; i < n; i++) {
      unsigned b = i % TGSIVA_MAX_STREAM_BUFFERS;
      add_entry(out, b, regs[i], 0, 4, out->stride[b]);
      out->stride[b] += 4;
   }
}

static uint64_t
next_random(uint64_t *state)
{
   *state = *state * 6364136223846793005ull + 1442695040888963407ull;
   return *state >> 33;
}

void
xfb_spec_generate(const struct tgsi_shader *s, uint64_t seed,
                  struct tgsiva_stream_output *out)
{
   uint32_t regs[TGSIVA_MAX_STREAM_OUTPUTS];
   unsigned n = declared_outputs(s, regs, TGSIVA_MAX_STREAM_OUTPUTS);
   uint64_t rng = seed * 2654435761u + 1;
   uint32_t end[TGSIVA_MAX_STREAM_BUFFERS] = {0};
   memset(out, 0, sizeof(*out));
   for (unsigned i = 0; i < n; i++) {
      for (uint32_t c = 0; c < 4;) {
         uint32_t len = 1 + (uint32_t)(next_random(&rng) % (4 - c));
         unsigned b = (unsigned)(next_random(&rng) % 4);
         uint32_t at = end[b] + (uint32_t)(next_random(&rng) % 2);
         bool skip = next_random(&rng) % 4 == 0;
         if (!skip && out->num_outputs < TGSIVA_MAX_STREAM_OUTPUTS &&
             at + len <= 64) {
            add_entry(out, b, regs[i], c, len, at);
            end[b] = at + len;
         }
         c += len;
      }
   }
   for (unsigned b = 0; b < TGSIVA_MAX_STREAM_BUFFERS; b++)
      out->stride[b] = end[b] ? end[b] + (uint32_t)(next_random(&rng) % 3)
                              : 0;
}

static bool
fail(char *err, size_t size, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, size, fmt, ap);
   va_end(ap);
   return false;
}

static bool
number(const char **p, uint32_t max, uint32_t *out)
{
   char *end;
   if (**p < '0' || **p > '9')
      return false;
   errno = 0;
   unsigned long v = strtoul(*p, &end, 10);
   if (errno || v > max)
      return false;
   *out = (uint32_t)v;
   *p = end;
   return true;
}

/* COMPONENTS: a run of consecutive letters of xyzw. */
static bool
components(const char **p, uint32_t *start, uint32_t *count)
{
   const char *letters = "xyzw";
   const char *first = **p ? strchr(letters, **p) : NULL;
   if (!first)
      return false;
   *start = (uint32_t)(first - letters);
   *count = 0;
   while (*start + *count < 4 && (*p)[0] == letters[*start + *count]) {
      ++*count;
      ++*p;
   }
   return true;
}

static bool
parse_entry(const char **p, struct tgsiva_stream_output *so, char *err,
            size_t size)
{
   uint32_t buffer, reg, start, count, offset;
   const char *at = *p;
   if (so->num_outputs == TGSIVA_MAX_STREAM_OUTPUTS)
      return fail(err, size, "more than %d outputs",
                  TGSIVA_MAX_STREAM_OUTPUTS);
   if (!number(p, TGSIVA_MAX_STREAM_BUFFERS - 1, &buffer) || *(*p)++ != ':')
      return fail(err, size, "'%s': expected BUFFER (0-3) and ':'", at);
   if (!number(p, 4095, &reg) || *(*p)++ != '.')
      return fail(err, size, "'%s': expected REGISTER and '.'", at);
   if (!components(p, &start, &count))
      return fail(err, size, "'%s': expected components (xyzw)", at);
   offset = buffer_end(so, buffer);
   if (**p == '@') {
      ++*p;
      if (!number(p, 65535, &offset))
         return fail(err, size, "'%s': expected an OFFSET after '@'", at);
   }
   add_entry(so, buffer, reg, start, count, offset);
   return true;
}

static bool
parse_strides(const char *p, struct tgsiva_stream_output *so, char *err,
              size_t size)
{
   if (strncmp(p, "stride=", 7))
      return fail(err, size, "'%s': expected stride=N,...", p);
   p += 7;
   for (unsigned b = 0;; b++) {
      if (b == TGSIVA_MAX_STREAM_BUFFERS ||
          !number(&p, 65536, &so->stride[b]))
         return fail(err, size, "bad stride list (at most 4 numbers)");
      if (*p == '\0')
         return true;
      if (*p++ != ',')
         return fail(err, size, "'%s': expected ',' between strides", p - 1);
   }
}

bool
xfb_spec_parse(const char *text, const struct tgsi_shader *s,
               struct tgsiva_stream_output *out, char *err, size_t err_size)
{
   memset(out, 0, sizeof(*out));
   if (!strcmp(text, "all")) {
      xfb_spec_all(s, out);
      return true;
   }
   const char *p = text;
   for (;;) {
      if (!parse_entry(&p, out, err, err_size))
         return false;
      if (*p == ',') {
         p++;
         continue;
      }
      break;
   }
   for (unsigned b = 0; b < TGSIVA_MAX_STREAM_BUFFERS; b++)
      out->stride[b] = buffer_end(out, b);
   if (*p == ';')
      return parse_strides(p + 1, out, err, err_size);
   if (*p != '\0')
      return fail(err, err_size, "'%s': expected ',' or ';'", p);
   return true;
}

void
xfb_spec_print(struct strbuf *sb, const struct tgsiva_stream_output *so)
{
   const char *letters = "xyzw";
   for (unsigned k = 0; k < so->num_outputs; k++) {
      const struct tgsiva_stream_output_entry *e = &so->output[k];
      strbuf_printf(sb, "%s%u:%u.%.*s@%u", k ? "," : "", e->output_buffer,
                    e->register_index, (int)e->num_components,
                    letters + (e->start_component & 3), e->dst_offset);
   }
   strbuf_printf(sb, ";stride=%u,%u,%u,%u", so->stride[0], so->stride[1],
                 so->stride[2], so->stride[3]);
}
