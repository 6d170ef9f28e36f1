/* SPDX-License-Identifier: MIT */
/*
 * A growable, always NUL-terminated text buffer in an arena.  Printers
 * (TGSI text, disassembly, IR dumps) write into one, so that the library
 * never touches a FILE and a tool writes the result only once it is
 * complete (no half-written output on error).
 */
#ifndef TGSIVA_UTIL_STRBUF_H
#define TGSIVA_UTIL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "arena.h"

struct strbuf {
   struct arena *arena;
   char *data;
   size_t len, cap;
};

void strbuf_init(struct strbuf *sb, struct arena *arena);
void strbuf_reserve(struct strbuf *sb, size_t extra);
void strbuf_putc(struct strbuf *sb, char c);
void strbuf_puts(struct strbuf *sb, const char *s);
void strbuf_putn(struct strbuf *sb, const char *s, size_t n);
void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
/* Empties the buffer, keeping its storage. */
void strbuf_clear(struct strbuf *sb);

#endif
