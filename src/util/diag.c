/* SPDX-License-Identifier: MIT */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *
tgsiva_version(void)
{
   return TGSIVA_VERSION_STRING; /* generated from the meson version */
}

const char *
tgsiva_status_name(enum tgsiva_status status)
{
   switch (status) {
   case TGSIVA_OK: return "success";
   case TGSIVA_ERROR_INPUT: return "input error";
   case TGSIVA_ERROR_UNSUPPORTED: return "unsupported";
   case TGSIVA_ERROR_LIMIT: return "limit exceeded";
   case TGSIVA_ERROR_NOMEM: return "out of memory";
   case TGSIVA_ERROR_INTERNAL: return "internal error";
   }
   return "unknown status";
}

static bool
diag_set(struct tgsiva_diagnostic *d, enum tgsiva_status status,
         unsigned line, unsigned column, long word, const char *fmt,
         va_list ap)
{
   if (d->status != TGSIVA_OK)
      return false;
   d->status = status;
   d->line = line;
   d->column = column;
   d->word = word;
   vsnprintf(d->message, sizeof(d->message), fmt, ap);
   return false;
}

bool
diag_at(struct tgsiva_diagnostic *d, enum tgsiva_status status, unsigned line,
        unsigned column, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   diag_set(d, status, line, column, -1, fmt, ap);
   va_end(ap);
   return false;
}

bool
diag_word(struct tgsiva_diagnostic *d, enum tgsiva_status status, long word,
          const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   diag_set(d, status, 0, 0, word, fmt, ap);
   va_end(ap);
   return false;
}

bool
diag_error(struct tgsiva_diagnostic *d, enum tgsiva_status status,
           const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   diag_set(d, status, 0, 0, -1, fmt, ap);
   va_end(ap);
   return false;
}

int
tgsiva_diagnostic_format(const struct tgsiva_diagnostic *d,
                         const char *filename, char *out, size_t size)
{
   const char *kind =
      d->status == TGSIVA_ERROR_INTERNAL ? "internal error" : "error";
   if (!filename)
      filename = "<input>";
   if (d->line)
      return snprintf(out, size, "%s:%u:%u: %s: %s", filename, d->line,
                      d->column, kind, d->message);
   if (d->word >= 0)
      return snprintf(out, size, "%s: %s: token word %ld: %s", filename, kind,
                      d->word, d->message);
   return snprintf(out, size, "%s: %s: %s", filename, kind, d->message);
}
