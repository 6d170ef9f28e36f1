/* SPDX-License-Identifier: MIT */
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

void
strbuf_init(struct strbuf *sb, struct arena *arena)
{
   sb->arena = arena;
   sb->cap = 256;
   sb->len = 0;
   sb->data = arena_alloc(arena, sb->cap);
   sb->data[0] = '\0';
}

void
strbuf_reserve(struct strbuf *sb, size_t extra)
{
   if (sb->len + extra + 1 <= sb->cap)
      return;
   size_t cap = sb->cap * 2;
   while (cap < sb->len + extra + 1)
      cap *= 2;
   sb->data = arena_grow(sb->arena, sb->data, sb->len + 1, cap, 1);
   sb->cap = cap;
}

void
strbuf_putn(struct strbuf *sb, const char *s, size_t n)
{
   strbuf_reserve(sb, n);
   memcpy(sb->data + sb->len, s, n);
   sb->len += n;
   sb->data[sb->len] = '\0';
}

void
strbuf_putc(struct strbuf *sb, char c)
{
   strbuf_putn(sb, &c, 1);
}

void
strbuf_puts(struct strbuf *sb, const char *s)
{
   strbuf_putn(sb, s, strlen(s));
}

void
strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
   va_list ap2;
   va_copy(ap2, ap);
   int n = vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, ap2);
   va_end(ap2);
   if (n < 0)
      return;
   if ((size_t)n >= sb->cap - sb->len) {
      strbuf_reserve(sb, (size_t)n);
      vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, ap);
   }
   sb->len += (size_t)n;
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   strbuf_vprintf(sb, fmt, ap);
   va_end(ap);
}

void
strbuf_clear(struct strbuf *sb)
{
   sb->len = 0;
   sb->data[0] = '\0';
}
