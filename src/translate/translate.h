/* SPDX-License-Identifier: MIT */
/*
 * TGSI -> IR translation: the entry point the pipeline calls.  The
 * translation also decides the driver-side layout (ir/layout.h).
 */
#ifndef TGSIVA_TRANSLATE_TRANSLATE_H
#define TGSIVA_TRANSLATE_TRANSLATE_H

#include <stdbool.h>

#include "ir/ir.h"
#include "ir/layout.h"
#include "tgsi/tgsi.h"
#include "tgsiva/compile.h"

/* from_tgsi.c: the IR of `tgsi` for one program of `stage`, the variant
 * `key` describes (NULL: the all-zero key).  `poison`: fill the
 * translation's tables with a pattern when they are released (the
 * pipeline's validation, which catches reads of released memory).
 * `memo`: as ir_shader_create's. */
bool ir_from_tgsi(struct arena *arena, const struct tgsi_shader *tgsi,
                  enum ir_stage stage, const struct tgsiva_shader_key *key,
                  bool poison, struct ir_layout *layout,
                  struct ir_va_memo *memo, struct ir_shader **out,
                  struct tgsiva_diagnostic *d);

#endif
