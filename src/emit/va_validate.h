/* SPDX-License-Identifier: MIT */
/*
 * The validator of hardware rules over finished Valhall programs
 * (va_validate.c).  It needs only the words, so it checks binaries from
 * anywhere, not just tgsiva's.
 */
#ifndef TGSIVA_EMIT_VA_VALIDATE_H
#define TGSIVA_EMIT_VA_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsiva/tgsiva.h"
#include "util/arena.h"

/* False, with the first broken rule in `d` (word index, instruction,
 * rule), if the program breaks one. */
bool va_validate(struct arena *arena, const uint64_t *words, size_t n,
                 struct tgsiva_diagnostic *d);

#endif
