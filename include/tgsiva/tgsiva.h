/* SPDX-License-Identifier: MIT */
/*
 * tgsiva: a TGSI -> Arm Mali Valhall shader compiler back end.
 *
 * This is the core of the public API shared by every part of the library:
 * versioning, symbol visibility and diagnostics.  The other headers are
 * <tgsiva/compile.h> (the driver's entry point), <tgsiva/tgsi.h> (TGSI
 * text <-> tokens) and <tgsiva/valhall.h> (Valhall assembler and
 * disassembler); each includes this one.  docs/api.md is the full
 * contract; in short:
 *
 * - Ownership: every result a call returns is one heap allocation that
 *   belongs to the caller and is released with the free function of its
 *   header (tgsiva_shader_free, tgsiva_tgsi_free, tgsiva_valhall_free).
 *   Inputs are only read during the call and never retained.  On failure
 *   nothing is allocated and output pointers are set to NULL (counts 0).
 * - Thread safety: the library keeps no global mutable state, never
 *   prints and never exits, so any function may run on many threads at
 *   once as long as concurrent calls do not share output objects or the
 *   same diagnostic.
 * - Errors: every call returns an enum tgsiva_status and fills a struct
 *   tgsiva_diagnostic (if not NULL) with the first error (TGSIVA_OK and
 *   an empty message on success).  Running out of memory or past a
 *   memory limit is an error status, never an abort.
 * - Versioning: TGSIVA_VERSION_* (<tgsiva/version.h>) describe the
 *   headers, tgsiva_version() the library linked.  Until 1.0 a new minor
 *   version may change the API and ABI (and then the soname); patch
 *   versions never do.
 */
#ifndef TGSIVA_TGSIVA_H
#define TGSIVA_TGSIVA_H

#include <stddef.h>
#include <stdint.h>

#include "tgsiva/version.h"

/* Marks the functions the shared library exports; everything else in it
 * is hidden (built with -fvisibility=hidden). */
#if defined(__GNUC__) || defined(__clang__)
#define TGSIVA_API __attribute__((visibility("default")))
#else
#define TGSIVA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* "MAJOR.MINOR.PATCH" of the library actually linked (equal to
 * TGSIVA_VERSION_STRING when headers and library match).  The string is
 * static. */
TGSIVA_API const char *tgsiva_version(void);

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
TGSIVA_API const char *tgsiva_status_name(enum tgsiva_status status);

/*
 * Formats `d` the way the command line prints it:
 * "FILE:LINE:COLUMN: error: MESSAGE" (or "FILE: error: MESSAGE" without a
 * position).  Writes at most `size` bytes including the NUL; returns the
 * length the full text would have, like snprintf.
 */
TGSIVA_API int tgsiva_diagnostic_format(const struct tgsiva_diagnostic *d,
                                        const char *filename, char *out,
                                        size_t size);

#ifdef __cplusplus
}
#endif

#endif
