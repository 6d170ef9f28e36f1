/* SPDX-License-Identifier: MIT */
/*
 * The TGSI layer's internal API: a decoded shader and the functions that
 * move between its three forms.
 *
 *    text --tgsi_parse_text--> shader --tgsi_write_tokens--> tokens
 *    tokens --tgsi_read_tokens--> shader --tgsi_print_shader--> text
 *
 * The decoded shader is what later layers (the IR translator, the TGSI
 * interpreter) consume: every field is decoded, operand arrays live in the
 * arena, and both the parser and the reader have checked every enum value,
 * count and immediate index, so a consumer never needs to touch token bits
 * or range-check an enum.  Items keep their source order (`items`) because
 * tgsi_dump prints them in stream order.
 *
 * All memory comes from the caller's arena.  Errors are reported in a
 * struct tgsiva_diagnostic: FILE:LINE:COLUMN positions for text, word
 * offsets for tokens.  Running out of the arena's memory calls the arena's
 * fail hook, which the public API points at a longjmp.
 */
#ifndef TGSIVA_TGSI_TGSI_H
#define TGSIVA_TGSI_TGSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsi_info.h"
#include "tgsi_tokens.h"
#include "tgsiva/tgsiva.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* Limits, each reported with its name when exceeded. */
#define TGSI_MAX_TEXT_BYTES (64u * 1024 * 1024)
#define TGSI_MAX_LINE_LENGTH 4096u
#define TGSI_MAX_TOKENS (1u << 20) /* words, header included */
#define TGSI_MAX_TEX_OFFSETS 4u    /* as many as Mesa keeps */

/* An indirect address: FILE[index].swizzle, within array `array_id`
 * (0: the whole file). */
struct tgsi_ind {
   enum tgsi_regfile file;
   int32_t index;
   uint8_t swizzle;
   uint16_t array_id;
};

/*
 * A register reference: FILE[index], or FILE[dim][index] when `dimension`
 * (2-D constants CONST[buffer][index], geometry inputs IN[vertex][index]).
 * With `indirect` the index is ind's value plus `index`; with
 * `dim_indirect` the dimension is dim_ind's value plus `dim_index`.
 */
struct tgsi_reg {
   enum tgsi_regfile file;
   int32_t index;
   bool indirect;
   struct tgsi_ind ind;
   bool dimension;
   int32_t dim_index;
   bool dim_indirect;
   struct tgsi_ind dim_ind;
};

struct tgsi_src {
   struct tgsi_reg reg;
   uint8_t swizzle[4]; /* enum tgsi_swz per channel */
   bool negate;
   bool absolute; /* |x|; applied before negate */
};

struct tgsi_dst {
   struct tgsi_reg reg;
   uint8_t writemask; /* enum tgsi_wmask bits */
};

struct tgsi_tex_offset {
   enum tgsi_regfile file;
   int32_t index;
   uint8_t swizzle[3];
};

struct tgsi_insn {
   enum tgsi_op opcode;
   uint32_t number; /* 0-based position among the instructions */
   bool saturate;
   bool precise;
   unsigned num_dst, num_src; /* equal to the opcode's row */
   struct tgsi_dst *dst;
   struct tgsi_src *src;
   bool has_label;
   uint32_t label; /* an instruction number */
   bool has_texture;
   enum tgsi_tex_target tex_target;
   enum tgsi_ret_type tex_return_type;
   unsigned num_offsets;
   struct tgsi_tex_offset offsets[TGSI_MAX_TEX_OFFSETS];
   bool has_memory;
   uint8_t mem_qualifier; /* enum tgsi_memq bits */
   enum tgsi_tex_target mem_texture;
   uint32_t mem_format; /* enum tgsi_format */
   uint32_t line;       /* source line, 0 when read from tokens */
   uint32_t word;       /* offset of its first token, 0 for text */
};

struct tgsi_decl {
   enum tgsi_regfile file;
   uint32_t first, last; /* the declared index range */
   uint8_t usage_mask;   /* enum tgsi_wmask bits */
   bool dimension;       /* FILE[dim_index][first..last] */
   uint32_t dim_index;
   bool semantic;
   enum tgsi_sem sem_name;
   uint32_t sem_index;
   uint8_t stream[4]; /* geometry output streams per channel */
   bool interpolate;
   enum tgsi_interp interp;
   enum tgsi_interp_loc location;
   bool invariant;
   bool local;
   bool atomic;               /* BUFFER */
   enum tgsi_memtype mem_type; /* MEMORY */
   bool array;
   uint32_t array_id;
   enum tgsi_tex_target target; /* IMAGE and SAMPLER_VIEW */
   uint32_t format;             /* IMAGE: enum tgsi_format */
   bool raw, writable;          /* IMAGE */
   enum tgsi_ret_type return_type[4]; /* SAMPLER_VIEW */
   uint32_t line, word;
};

struct tgsi_imm {
   enum tgsi_immtype type;
   unsigned num_words; /* 1..4 32-bit words; 64-bit types use pairs */
   uint32_t words[4];  /* 64-bit values: low word first */
   uint32_t line, word;
};

struct tgsi_prop {
   enum tgsi_prop_name name;
   uint32_t value;
   uint32_t line, word;
};

enum tgsi_item_kind {
   TGSI_ITEM_PROPERTY,
   TGSI_ITEM_DECL,
   TGSI_ITEM_IMM,
   TGSI_ITEM_INSN,
};

/* One entry of the source order: `index` into the array of its kind. */
struct tgsi_item {
   enum tgsi_item_kind kind;
   uint32_t index;
};

struct tgsi_shader {
   enum tgsi_proc processor;
   unsigned num_props, num_decls, num_imms, num_insns, num_items;
   struct tgsi_prop *props;
   struct tgsi_decl *decls;
   struct tgsi_imm *imms;
   struct tgsi_insn *insns;
   struct tgsi_item *items;
};

/* The names the text parser looked up (register files, opcodes, ...),
 * by spelling, with their values or -1 (see find_name in
 * tgsi_parse_scan.h).  A value depends on the name tables alone, so one
 * memo may serve text after text (a workspace's does); zeroed is empty. */
#define TGSI_NAME_MEMO_SLOTS 128
#define TGSI_NAME_MEMO_WORD 21
struct tgsi_name_memo {
   struct tgsi_name_memo_slot {
      const struct tgsi_names *table; /* NULL: the opcodes */
      int16_t value;
      uint8_t len; /* 0: an empty slot */
      char word[TGSI_NAME_MEMO_WORD];
   } slots[TGSI_NAME_MEMO_SLOTS];
};

/* tgsi_parse.c: TGSI text (tgsi_dump's format, `len` bytes, need not be
 * NUL-terminated) to a decoded shader. */
bool tgsi_parse_text(struct arena *arena, const char *text, size_t len,
                     struct tgsi_shader **out, struct tgsiva_diagnostic *d);
/* The same, looking names up in `memo` first (and keeping them there). */
bool tgsi_parse_text_memo(struct arena *arena, const char *text, size_t len,
                          struct tgsi_name_memo *memo,
                          struct tgsi_shader **out,
                          struct tgsiva_diagnostic *d);
/* The same for the file at `path` ("-": standard input). */
bool tgsi_parse_file(struct arena *arena, const char *path,
                     struct tgsi_shader **out, struct tgsiva_diagnostic *d);

/* tgsi_write.c: a decoded shader to token words in the arena.  Fails only
 * on a shader the parser or reader would not have produced. */
bool tgsi_write_tokens(struct arena *arena, const struct tgsi_shader *s,
                       uint32_t **words, size_t *num_words,
                       struct tgsiva_diagnostic *d);

/* tgsi_write.c: the number of words an item takes in the tokens. */
unsigned tgsi_decl_num_words(const struct tgsi_decl *decl);
unsigned tgsi_insn_num_words(const struct tgsi_insn *insn);

/* tgsi_read.c: validates a token stream and decodes it. */
bool tgsi_read_tokens(struct arena *arena, const uint32_t *words,
                      size_t num_words, struct tgsi_shader **out,
                      struct tgsiva_diagnostic *d);

/* tgsi_bytes.c: token words from and to the little-endian bytes of a
 * token file (`num_words * 4` bytes). */
bool tgsi_words_from_bytes(struct arena *arena, const void *data, size_t len,
                           uint32_t **words, size_t *num_words,
                           struct tgsiva_diagnostic *d);
void tgsi_words_to_bytes(const uint32_t *words, size_t num_words,
                         void *bytes);

/* tgsi_print.c: tgsi_dump's exact text. */
void tgsi_print_shader(struct strbuf *sb, const struct tgsi_shader *s);
/* One instruction without its number or indentation, for messages. */
void tgsi_print_insn(struct strbuf *sb, const struct tgsi_insn *insn);
/* Is `decl` printed as FILE[][range] (a per-vertex array whose vertex
 * dimension tgsi_dump leaves empty)? */
bool tgsi_decl_has_vertex_dim(const struct tgsi_decl *decl,
                              enum tgsi_proc proc);

/* tgsi_shader.c: the value of property `name`, or `fallback` if the
 * shader has none. */
uint32_t tgsi_shader_property(const struct tgsi_shader *s,
                              enum tgsi_prop_name name, uint32_t fallback);
/* Does any instruction read or write a double-precision value (the
 * opcodes the compiler does not support yet)? */
bool tgsi_uses_doubles(const struct tgsi_shader *s);

/*
 * tgsi_shader.c: building a shader item by item, for the parser and the
 * reader.  Each add function returns the new, zeroed element and records
 * its place in the source order.
 */
struct tgsi_builder {
   struct arena *arena;
   enum tgsi_proc processor;
   VEC(struct tgsi_prop) props;
   VEC(struct tgsi_decl) decls;
   VEC(struct tgsi_imm) imms;
   VEC(struct tgsi_insn) insns;
   VEC(struct tgsi_item) items;
};

void tgsi_builder_init(struct tgsi_builder *b, struct arena *arena,
                       enum tgsi_proc processor);
/* Room for `items` more items, `insns` of them instructions, when the
 * caller knows about how many are coming: arrays grown by doubling leave
 * every outgrown copy in the arena (a fifth of a big shader's parse).
 * Never more than a quarter of what the arena's limit leaves, nor more
 * than 2^18 items: a count from malformed input is no reason to run out
 * of memory. */
void tgsi_builder_reserve(struct tgsi_builder *b, size_t items,
                          size_t insns);
struct tgsi_prop *tgsi_builder_add_prop(struct tgsi_builder *b);
struct tgsi_decl *tgsi_builder_add_decl(struct tgsi_builder *b);
struct tgsi_imm *tgsi_builder_add_imm(struct tgsi_builder *b);
/* Also allocates the operand arrays and numbers the instruction. */
struct tgsi_insn *tgsi_builder_add_insn(struct tgsi_builder *b,
                                        enum tgsi_op opcode,
                                        unsigned num_dst, unsigned num_src);
struct tgsi_shader *tgsi_builder_finish(struct tgsi_builder *b);

/* tgsi_number.c: numbers in the C locale whatever the process's locale
 * is (a driver may have called setlocale).  The number starts at `s`
 * (no leading space) and ends before `end`.  On failure *stop is `s` if
 * there is no number, or past a number too large for the type. */
bool tgsi_strtof(const char *s, const char *end, float *value,
                 const char **stop);
bool tgsi_strtod(const char *s, const char *end, double *value,
                 const char **stop);
/* snprintf into `buf` in the C locale. */
void tgsi_format_number(char *buf, size_t size, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

#endif
