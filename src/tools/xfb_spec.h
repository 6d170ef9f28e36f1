/* SPDX-License-Identifier: MIT */
/*
 * The command line's transform-feedback descriptions (`--xfb SPEC`,
 * docs/tgsiva.1, docs/xfb.md):
 *
 *   SPEC  = all | ENTRY{,ENTRY}[;stride=N{,N}]
 *   ENTRY = BUFFER:REGISTER.COMPONENTS[@OFFSET]
 *
 * BUFFER 0-3, REGISTER the OUT index, COMPONENTS consecutive letters of
 * xyzw, OFFSET in dwords (default: packed after the buffer's previous
 * entry); stride N of buffer 0, 1, ... in dwords (default: the end of
 * the buffer's last dword).  `all` captures every component of every
 * declared output, output i (in OUT order) to buffer i % 4, packed.
 */
#ifndef TGSIVA_TOOLS_XFB_SPEC_H
#define TGSIVA_TOOLS_XFB_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsi/tgsi.h"
#include "tgsiva/compile.h"
#include "util/strbuf.h"

/* Parses `text` for shader `s` (which `all` reads); false with a message
 * in `err` on a malformed description. */
bool xfb_spec_parse(const char *text, const struct tgsi_shader *s,
                    struct tgsiva_stream_output *out, char *err,
                    size_t err_size);

/* `all`: every component of every declared output, over the 4 buffers. */
void xfb_spec_all(const struct tgsi_shader *s,
                  struct tgsiva_stream_output *out);

/* A layout drawn from `seed`: each declared output's components split
 * into runs, some left out, spread over the 4 buffers with gaps and
 * padded strides, within Gallium's limits (64 entries, 64 dwords a
 * buffer). */
void xfb_spec_generate(const struct tgsi_shader *s, uint64_t seed,
                       struct tgsiva_stream_output *out);

/* The description in SPEC form (with every offset and stride). */
void xfb_spec_print(struct strbuf *sb, const struct tgsiva_stream_output *so);

#endif
