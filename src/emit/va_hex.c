/* SPDX-License-Identifier: MIT */
/*
 * Reading instruction words written as hex bytes, the format of the
 * conformance cases ("02 00 00 00 00 c1 91 00    MOV.i32 r1, r2"): eight
 * two-digit bytes in memory order, so byte 0 is bits 0-7 of the word.
 */
#include <ctype.h>
#include <string.h>

#include "util/diag.h"
#include "va.h"

int
va_hex_digit(char c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   c = (char)tolower((unsigned char)c);
   return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

bool
va_parse_hex_word(const char *text, size_t len, uint64_t *word,
                  size_t *end)
{
   uint64_t w = 0;
   size_t at = 0;
   for (unsigned b = 0; b < 8; b++) {
      if (b && (at >= len || text[at++] != ' '))
         return false;
      if (at + 2 > len)
         return false;
      int hi = va_hex_digit(text[at]), lo = va_hex_digit(text[at + 1]);
      if (hi < 0 || lo < 0)
         return false;
      w |= (uint64_t)(hi << 4 | lo) << (8 * b);
      at += 2;
   }
   /* The bytes end the line or are followed by a blank. */
   if (at < len && !isspace((unsigned char)text[at]))
      return false;
   *word = w;
   *end = at;
   return true;
}

bool
va_read_hex(struct arena *arena, const char *text, size_t len,
            uint64_t **words, size_t *count, struct tgsiva_diagnostic *d)
{
   VEC(uint64_t) out = {0};
   const char *s;
   size_t at = 0, n;
   for (unsigned line = 1; va_next_line(text, len, &at, &s, &n); line++) {
      size_t lead = 0, end;
      while (lead < n && isspace((unsigned char)s[lead]))
         lead++;
      if (lead == n || s[lead] == '#')
         continue;
      if (!va_parse_hex_word(s + lead, n - lead, VEC_PUSH(arena, &out),
                             &end))
         return diag_at(d, TGSIVA_ERROR_INPUT, line, (unsigned)lead + 1,
                        "expected 8 hex bytes (\"02 00 00 00 00 c1 91 "
                        "00\")");
   }
   *words = out.data;
   *count = out.len;
   return true;
}
