/* SPDX-License-Identifier: MIT */
/*
 * Filling a struct tgsiva_diagnostic.  Only the first error of a call is
 * kept: later ones are usually consequences of it.  Every setter returns
 * false so that callers can write `return diag_input(d, ...);`.
 */
#ifndef TGSIVA_UTIL_DIAG_H
#define TGSIVA_UTIL_DIAG_H

#include <stdbool.h>

#include "tgsiva/tgsiva.h"

/* Not the whole message buffer: encoders clear one per word. */
static inline void
diag_clear(struct tgsiva_diagnostic *d)
{
   d->status = TGSIVA_OK;
   d->line = d->column = 0;
   d->word = -1;
   d->message[0] = '\0';
}

/* An error at a text position (1-based line and column). */
bool diag_at(struct tgsiva_diagnostic *d, enum tgsiva_status status,
             unsigned line, unsigned column, const char *fmt, ...)
   __attribute__((format(printf, 5, 6)));

/* An error at a binary token (0-based word index). */
bool diag_word(struct tgsiva_diagnostic *d, enum tgsiva_status status,
               long word, const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));

/* An error without a position. */
bool diag_error(struct tgsiva_diagnostic *d, enum tgsiva_status status,
                const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline bool
diag_failed(const struct tgsiva_diagnostic *d)
{
   return d->status != TGSIVA_OK;
}

#endif
