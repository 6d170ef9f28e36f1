/* SPDX-License-Identifier: MIT */
/*
 * The scanner shared by the two halves of the TGSI text parser
 * (tgsi_parse.c: lines, declarations, immediates, properties;
 * tgsi_parse_insn.c: instructions and operands).  It works on one line at
 * a time, so that every error carries a line and a column, and reports
 * errors by longjmp out of the recursive descent.
 */
#ifndef TGSIVA_TGSI_PARSE_SCAN_H
#define TGSIVA_TGSI_PARSE_SCAN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tgsi.h"
#include "util/diag.h"

struct tgsi_imm_ref {
   uint32_t index;
   uint32_t line, column;
};

struct tgsi_parser {
   struct arena *arena;
   struct tgsiva_diagnostic *diag;
   jmp_buf fail;
   void (*old_fail)(void *, bool);
   void *old_fail_ctx;

   const char *end;  /* end of the text */
   const char *next; /* start of the next line */
   const char *line; /* start of the current line */
   const char *eol;  /* end of its content (before '\n' or '#') */
   const char *p;    /* the cursor */
   unsigned lineno;

   struct tgsi_builder b;
   size_t num_words;
   VEC(struct tgsi_imm_ref) imm_refs; /* checked once all IMMs are known */
   char found[48];
   struct tgsi_name_memo *names; /* the caller's, or the parse's own */
};

/* ---- errors ------------------------------------------------------------ */

static inline _Noreturn void
fail_at(struct tgsi_parser *P, const char *pos, enum tgsiva_status status,
        const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static inline _Noreturn void
fail_at(struct tgsi_parser *P, const char *pos, enum tgsiva_status status,
        const char *fmt, ...)
{
   char msg[sizeof(P->diag->message)];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   diag_at(P->diag, status, P->lineno, (unsigned)(pos - P->line) + 1, "%s",
           msg);
   longjmp(P->fail, 1);
}

#define fail(P, pos, ...) fail_at(P, pos, TGSIVA_ERROR_INPUT, __VA_ARGS__)

/* ASCII character classes, without <ctype.h>: a driver's locale must
 * not change what parses.  One table look-up per character: the scanner
 * tests every byte of the text at least once, and white space and words
 * are most of it. */
enum {
   CH_SPACE = 1, /* ' ', '\t', '\r' */
   CH_DIGIT = 2,
   CH_ALPHA = 4,
   CH_WORD = 8, /* digits, letters and '_' */
   CH_HEX = 16,
};

/* By byte; bytes from 0x80 are in no class.  tests/tgsi/test_tgsi_scan.c
 * checks every entry against the definitions above. */
static const uint8_t char_class[256] = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  0,  0,  0,  1,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
   26, 26, 26, 26, 26, 26, 26, 26, 26, 26,  0,  0,  0,  0,  0,  0,
    0, 28, 28, 28, 28, 28, 28, 12, 12, 12, 12, 12, 12, 12, 12, 12,
   12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,  0,  0,  0,  0,  8,
    0, 28, 28, 28, 28, 28, 28, 12, 12, 12, 12, 12, 12, 12, 12, 12,
   12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,  0,  0,  0,  0,  0,
};

static inline bool
is_digit(char c)
{
   return char_class[(unsigned char)c] & CH_DIGIT;
}

static inline bool
is_alpha(char c)
{
   return char_class[(unsigned char)c] & CH_ALPHA;
}

static inline bool
is_hex_digit(char c)
{
   return char_class[(unsigned char)c] & CH_HEX;
}

static inline bool
is_space(char c)
{
   return char_class[(unsigned char)c] & CH_SPACE;
}

static inline bool
is_word_char(char c)
{
   return char_class[(unsigned char)c] & CH_WORD;
}

/* What the cursor is at, for "expected X, found Y". */
static inline const char *
found(struct tgsi_parser *P)
{
   const char *p = P->p;
   if (p >= P->eol)
      return "end of line";
   size_t n = 0;
   while (p + n < P->eol && is_word_char(p[n]))
      n++;
   if (n > 24)
      snprintf(P->found, sizeof(P->found), "'%.24s...'", p);
   else if (n > 0)
      snprintf(P->found, sizeof(P->found), "'%.*s'", (int)n, p);
   else if (*p >= ' ' && *p < 0x7f) /* printable ASCII */
      snprintf(P->found, sizeof(P->found), "'%c'", *p);
   else
      snprintf(P->found, sizeof(P->found), "byte 0x%02x",
               (unsigned char)*p);
   return P->found;
}

static inline _Noreturn void
fail_expected(struct tgsi_parser *P, const char *what)
{
   fail(P, P->p, "expected %s, found %s", what, found(P));
}

/* ---- scanning ---------------------------------------------------------- */

/* x, y, z, w (either case) as 0-3, else -1. */
static inline int
component_of(char c)
{
   switch (c | 0x20) {
   case 'x': return 0;
   case 'y': return 1;
   case 'z': return 2;
   case 'w': return 3;
   default: return -1;
   }
}

static inline int
lookup_name(const struct tgsi_names *names, const char *w, size_t n)
{
   return names ? tgsi_name_find(names, w, n) : tgsi_op_from_name(w, n);
}

/* The value of the word `w` (`n` bytes) in `names`, or its opcode when
 * `names` is NULL; -1 when it names none.  A shader names the same few
 * register files and opcodes on every line, and walking the name tables
 * for each cost a tenth of the parse: the parser keeps each spelling's
 * answer (misses too: they are as certain), for the texts after this
 * one too when the caller keeps the memo.  Another spelling of the same
 * name (case) simply looks again. */
static inline int
find_name(struct tgsi_parser *P, const struct tgsi_names *names,
          const char *w, size_t n)
{
   if (n == 0 || n > TGSI_NAME_MEMO_WORD)
      return lookup_name(names, w, n);
   /* Every letter counts: the corpus spells about two hundred names,
    * and a hash of the ends alone (MOV, MAD, MUL...) sent a quarter of
    * the opcodes to the tables again. */
   unsigned h = (unsigned)((uintptr_t)names >> 4);
   for (size_t i = 0; i < n; i++)
      h = h * 31u + (unsigned char)w[i];
   h ^= h >> 8;
   struct tgsi_name_memo_slot *m =
      &P->names->slots[h % TGSI_NAME_MEMO_SLOTS];
   if (m->len == n && m->table == names) {
      /* Words are a few bytes: a loop, not a call. */
      size_t i = 0;
      while (i < n && m->word[i] == w[i])
         i++;
      if (i == n)
         return m->value;
   }
   int v = lookup_name(names, w, n);
   m->table = names;
   m->value = (int16_t)v;
   m->len = (uint8_t)n;
   memcpy(m->word, w, n);
   return v;
}

static inline void
skip_ws(struct tgsi_parser *P)
{
   while (P->p < P->eol && is_space(*P->p))
      P->p++;
}

/* The next character after white space, or '\0' at the end of the line. */
static inline char
peek(struct tgsi_parser *P)
{
   skip_ws(P);
   return P->p < P->eol ? *P->p : '\0';
}

static inline bool
accept(struct tgsi_parser *P, char c)
{
   if (peek(P) != c)
      return false;
   P->p++;
   return true;
}

static inline void
expect(struct tgsi_parser *P, char c)
{
   if (!accept(P, c)) {
      char what[8];
      snprintf(what, sizeof(what), "'%c'", c);
      fail_expected(P, what);
   }
}

/* A run of letters, digits and '_' (texture targets start with digits). */
static inline size_t
scan_word(struct tgsi_parser *P, const char **start)
{
   skip_ws(P);
   *start = P->p;
   while (P->p < P->eol && is_word_char(*P->p))
      P->p++;
   return (size_t)(P->p - *start);
}

/* The word at the cursor if it names an entry of `names`, else -1 with
 * the cursor unmoved. */
static inline int
accept_name(struct tgsi_parser *P, const struct tgsi_names *names)
{
   skip_ws(P);
   const char *save = P->p, *w;
   size_t n = scan_word(P, &w);
   int v = n ? find_name(P, names, w, n) : -1;
   if (v < 0)
      P->p = save;
   return v;
}

static inline unsigned
expect_name(struct tgsi_parser *P, const struct tgsi_names *names,
            const char *what)
{
   int v = accept_name(P, names);
   if (v < 0)
      fail_expected(P, what);
   return (unsigned)v;
}

static inline bool
accept_keyword(struct tgsi_parser *P, const char *kw)
{
   skip_ws(P);
   const char *save = P->p, *w;
   size_t n = scan_word(P, &w);
   if (n == strlen(kw) && strncasecmp(w, kw, n) == 0)
      return true;
   P->p = save;
   return false;
}

/* A decimal number no greater than `max`; `what` names it in errors. */
static inline uint32_t
expect_uint(struct tgsi_parser *P, uint32_t max, const char *what)
{
   skip_ws(P);
   const char *start = P->p;
   uint64_t v = 0;
   if (P->p >= P->eol || !is_digit(*P->p))
      fail_expected(P, what);
   while (P->p < P->eol && is_digit(*P->p)) {
      if (v <= UINT32_MAX)
         v = v * 10 + (uint64_t)(*P->p - '0');
      P->p++;
   }
   if (v > max)
      fail(P, start, "%s %.*s is out of range (at most %u)", what,
           (int)(P->p - start), start, max);
   return (uint32_t)v;
}

static inline void
expect_eol(struct tgsi_parser *P, const char *what)
{
   if (peek(P) != '\0')
      fail_expected(P, what);
}

#define ALL_FILES "a register file (TEMP, IN, OUT, CONST, IMM, ...)"

static inline enum tgsi_regfile
expect_file(struct tgsi_parser *P)
{
   return (enum tgsi_regfile)expect_name(P, &tgsi_file_names, ALL_FILES);
}

/* ".xz" after a destination or a declaration; xyzw without one. */
static inline uint8_t
parse_writemask(struct tgsi_parser *P)
{
   if (!accept(P, '.'))
      return TGSI_WMASK_XYZW;
   const char *w;
   size_t n = scan_word(P, &w);
   unsigned mask = 0, last = 0;
   for (size_t i = 0; i < n; i++) {
      int c = component_of(w[i]);
      unsigned bit = c >= 0 ? 1u << c : 0;
      if (!bit || bit <= last)
         fail(P, w, "invalid write mask '.%.*s': expected components "
                    "x, y, z, w, each at most once and in that order",
              (int)n, w);
      mask |= bit;
      last = bit;
   }
   if (!mask)
      fail_expected(P, "a write mask");
   return (uint8_t)mask;
}

/* tgsi_parse_insn.c: an instruction line after its optional number. */
void tgsi_parse_instruction(struct tgsi_parser *P);

#endif
