/* SPDX-License-Identifier: MIT */
/*
 * tgsiva's Valhall ISA layer for tools and drivers: assembling Valhall
 * assembly text into 64-bit instruction words and disassembling words into
 * text, in the syntax of Mesa's Valhall disassembler (one instruction per
 * line, e.g. "FADD.f32 r0, r1, r2.neg.abs").
 *
 * Each call allocates its own memory and keeps no state, so calls may run
 * on many threads at once.  Results are heap blocks that the caller
 * releases with tgsiva_valhall_free.  `diag` may be NULL when the status
 * is enough.
 */
#ifndef TGSIVA_VALHALL_H
#define TGSIVA_VALHALL_H

#include <stddef.h>
#include <stdint.h>

#include "tgsiva/tgsiva.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Assembles `len` bytes of text: one instruction per line; blank lines
 * and comments ('#' starting a line, or followed by a blank) are skipped.
 * On success *words holds *count instruction words (NULL if none).  An
 * error names the line and column in `diag`; nothing is returned then.
 */
TGSIVA_API enum tgsiva_status
tgsiva_valhall_assemble(const char *text, size_t len, uint64_t **words,
                        size_t *count, struct tgsiva_diagnostic *diag);

/* Flags of tgsiva_valhall_disassemble. */
#define TGSIVA_DISASM_OFFSETS (1u << 0) /* byte offset and hex bytes */

/*
 * Disassembles `count` words into NUL-terminated text, one line per
 * instruction.  Words that are no instruction print as
 * "UNKNOWN 0x<hex word>"; trailing all-zero words (padding) print nothing.
 */
TGSIVA_API enum tgsiva_status
tgsiva_valhall_disassemble(const uint64_t *words, size_t count, unsigned flags,
                           char **text, struct tgsiva_diagnostic *diag);

/*
 * Parses text in the conformance-case format: one word per line as 8 hex
 * bytes in memory order ("02 00 00 00 00 c1 91 00"), anything after them
 * ignored (the cases put the disassembly there); blank lines and lines
 * starting with '#' skipped.
 */
TGSIVA_API enum tgsiva_status
tgsiva_valhall_parse_hex(const char *text, size_t len, uint64_t **words,
                         size_t *count, struct tgsiva_diagnostic *diag);

/* Releases a result of the functions above (NULL is fine). */
TGSIVA_API void tgsiva_valhall_free(void *result);

#ifdef __cplusplus
}
#endif

#endif
