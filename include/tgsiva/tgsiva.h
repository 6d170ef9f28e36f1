/* SPDX-License-Identifier: MIT */
/*
 * tgsiva: a TGSI -> Arm Mali Valhall shader compiler back end.
 *
 * This is the core of the public API shared by every part of the library:
 * versioning and diagnostics.  The library never prints, never exits and
 * keeps no global mutable state, so every entry point may be called from
 * many threads at once as long as each call uses its own objects.
 *
 * The TGSI front end is declared in <tgsiva/tgsi.h>, the Valhall ISA layer
 * in <tgsiva/valhall.h>.
 */
#ifndef TGSIVA_TGSIVA_H
#define TGSIVA_TGSIVA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TGSIVA_VERSION_MAJOR 0
#define TGSIVA_VERSION_MINOR 1
#define TGSIVA_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH" of the library actually linked. */
const char *tgsiva_version(void);

enum tgsiva_status {
   TGSIVA_OK = 0,
   /* The input is malformed (syntax, out-of-range index, bad token). */
   TGSIVA_ERROR_INPUT,
   /* The input is well formed but uses something tgsiva cannot compile. */
   TGSIVA_ERROR_UNSUPPORTED,
   /* A documented limit (size, count) was exceeded. */
   TGSIVA_ERROR_LIMIT,
   /* Memory allocation failed. */
   TGSIVA_ERROR_NOMEM,
   /* A broken internal invariant: a bug in tgsiva. */
   TGSIVA_ERROR_INTERNAL,
};

/*
 * The first error a call met.  For text input, line and column are 1-based
 * positions of the offending character; both are 0 when the error has no
 * position (binary input, limits, internal errors).  For binary token
 * input, `word` is the 0-based index of the offending token, or -1.
 */
struct tgsiva_diagnostic {
   enum tgsiva_status status;
   unsigned line;
   unsigned column;
   long word;
   char message[512];
};

/* A short English name of a status ("input error", ...). */
const char *tgsiva_status_name(enum tgsiva_status status);

/*
 * Formats `d` the way the command line prints it:
 * "FILE:LINE:COLUMN: error: MESSAGE" (or "FILE: error: MESSAGE" without a
 * position).  Writes at most `size` bytes including the NUL; returns the
 * length the full text would have, like snprintf.
 */
int tgsiva_diagnostic_format(const struct tgsiva_diagnostic *d,
                             const char *filename, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
