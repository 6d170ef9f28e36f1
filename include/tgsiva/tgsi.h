/* SPDX-License-Identifier: MIT */
/*
 * tgsiva's TGSI front end: conversions between the two forms a Gallium
 * shader comes in, the text Mesa's tgsi_dump prints and the binary
 * `struct tgsi_token` words of pipe_shader_state.tokens.  The words are
 * Mesa's own (p_shader_tokens.h, Mesa 24.0 numbering); the text is
 * tgsi_dump's, byte for byte.
 *
 * Results are allocated with malloc and belong to the caller, who
 * releases them with tgsiva_tgsi_free().  Nothing is allocated when a
 * call fails.  The functions keep no state and may run on many threads.
 * `diag` may be NULL when the status is enough.
 */
#ifndef TGSIVA_TGSI_PUBLIC_H
#define TGSIVA_TGSI_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "tgsiva/tgsiva.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Parses `len` bytes of TGSI text into token words.  On success returns
 * TGSIVA_OK and sets *tokens (header word first) and *num_tokens.  On
 * failure returns the status also stored in *diag, whose line and column
 * locate the problem in the text.
 */
TGSIVA_API enum tgsiva_status
tgsiva_tgsi_text_to_tokens(const char *text, size_t len, uint32_t **tokens,
                           size_t *num_tokens, struct tgsiva_diagnostic *diag);

/*
 * Validates `num_tokens` token words and prints them as tgsi_dump would.
 * On success sets *text to a NUL-terminated string of *len bytes.  On
 * failure *diag's `word` is the offset of the offending token.
 */
TGSIVA_API enum tgsiva_status
tgsiva_tgsi_tokens_to_text(const uint32_t *tokens, size_t num_tokens,
                           char **text, size_t *len,
                           struct tgsiva_diagnostic *diag);

/*
 * Parses TGSI text and prints it back in tgsi_dump's canonical form
 * (text -> tokens -> text).
 */
TGSIVA_API enum tgsiva_status
tgsiva_tgsi_canonicalize(const char *text, size_t len, char **out,
                         size_t *out_len, struct tgsiva_diagnostic *diag);

/* Releases a result of the functions above; NULL is ignored. */
TGSIVA_API void tgsiva_tgsi_free(void *result);

#ifdef __cplusplus
}
#endif

#endif
