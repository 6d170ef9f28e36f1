/* SPDX-License-Identifier: MIT */
/*
 * TGSI text -> decoded shader.  Accepts everything Mesa's tgsi_dump
 * prints and produces exactly what Mesa's tgsi_text parser would put in
 * the tokens, so that text -> tokens gives Mesa's words.
 *
 * Rules, where Mesa's parser decides what the tokens hold:
 *  1. Keywords, names, swizzles and write masks match in any case.
 *  2. FILE[][i] and FILE[v][i] declare inputs of geometry and tessellation
 *     shaders (and tessellation control outputs) with the vertex index
 *     dropped: Range = i, no Dimension.  Elsewhere FILE[d][range] is 2-D.
 *  3. Instructions take their operand counts from the opcode table.
 *     SAMPLE..GATHER4 get a texture token with target UNKNOWN; LOAD ..
 *     ATOMIMAX, RESQ (and BARRIER, IMG2HND, SAMP2HND, inside that range)
 *     always get a memory token.  Texture tokens carry return type
 *     UNKNOWN.
 *  4. The number before ':' is ignored; instructions are numbered by
 *     position.  IMM[n] must number immediates in order.
 *
 * Where Mesa's parser rejects what tgsi_dump can print, this parser
 * accepts it, so that any dump reads back: two-destination DFRACEXP
 * (it comes from the opcode table), attributes on vertex inputs, ':N'
 * after BGNSUB, memory qualifiers on ATOMFADD and ATOMINC/DEC_WRAP,
 * immediates with fewer than four values, negative property values, an
 * interpolation location without a mode (the mode is then CONSTANT).
 *
 * The parser works line by line, so that every error has a line and a
 * column; "# ..." to the end of a line is a comment.  Errors longjmp out
 * of the recursive descent (as does running out of memory).  This file
 * reads lines, declarations, immediates and properties; instructions are
 * in tgsi_parse_insn.c, the scanner both use in tgsi_parse_scan.h.
 */
#include "tgsi_parse_scan.h"
#include "util/fileio.h"
#include "util/bits.h"

static void
on_arena_fail(void *ctx, bool over_limit)
{
   struct tgsi_parser *P = ctx;
   diag_error(P->diag, over_limit ? TGSIVA_ERROR_LIMIT : TGSIVA_ERROR_NOMEM,
              over_limit ? "memory limit exceeded while parsing"
                         : "out of memory while parsing");
   longjmp(P->fail, 1);
}

/* ---- declarations ------------------------------------------------------ */

#define MAX_RANGE 65535u

/* "first" or "first..last" up to the closing bracket. */
static void
parse_range(struct tgsi_parser *P, uint32_t *first, uint32_t *last)
{
   skip_ws(P);
   const char *pos = P->p;
   *first = *last = expect_uint(P, MAX_RANGE, "register index");
   skip_ws(P);
   if (P->eol - P->p >= 2 && P->p[0] == '.' && P->p[1] == '.') {
      P->p += 2;
      *last = expect_uint(P, MAX_RANGE, "register index");
      if (*last < *first)
         fail(P, pos, "empty register range %u..%u", *first, *last);
   }
   expect(P, ']');
}

/* Files whose declarations name a per-vertex array FILE[][range]. */
static bool
has_vertex_dim(struct tgsi_parser *P, enum tgsi_regfile file)
{
   enum tgsi_proc proc = P->b.processor;
   if (file == TGSI_REGFILE_INPUT)
      return proc == TGSI_PROC_GEOMETRY || proc == TGSI_PROC_TESS_CTRL ||
             proc == TGSI_PROC_TESS_EVAL;
   return file == TGSI_REGFILE_OUTPUT && proc == TGSI_PROC_TESS_CTRL;
}

static void
parse_decl_register(struct tgsi_parser *P, struct tgsi_decl *decl)
{
   decl->file = expect_file(P);
   expect(P, '[');
   const char *pos = P->p;
   bool empty = accept(P, ']');
   uint32_t first = 0, last = 0;
   if (!empty)
      parse_range(P, &first, &last);
   if (peek(P) != '[') {
      if (empty)
         fail_expected(P, "'[' (the register range after '[]')");
      decl->first = first, decl->last = last;
      return;
   }
   P->p++;
   parse_range(P, &decl->first, &decl->last);
   if (has_vertex_dim(P, decl->file))
      return;
   if (empty)
      fail(P, pos, "'[]' is only allowed for geometry and tessellation "
                   "inputs and tessellation control outputs");
   if (first != last)
      fail(P, pos, "a declaration's dimension is a single index");
   decl->dimension = true;
   decl->dim_index = first;
}

/* ", WORD" where WORD is the next attribute; false (cursor unmoved) if
 * the line ends or the word is not `kw`. */
static bool
accept_attr(struct tgsi_parser *P, const char *kw)
{
   const char *save = P->p;
   if (accept(P, ',') && accept_keyword(P, kw))
      return true;
   P->p = save;
   return false;
}

/* ", NAME" for a name of `names`, or -1 with the cursor unmoved. */
static int
accept_attr_name(struct tgsi_parser *P, const struct tgsi_names *names)
{
   const char *save = P->p;
   int v = accept(P, ',') ? accept_name(P, names) : -1;
   if (v < 0)
      P->p = save;
   return v;
}

static void
parse_image_attrs(struct tgsi_parser *P, struct tgsi_decl *decl)
{
   expect(P, ',');
   decl->target = (enum tgsi_tex_target)expect_name(
      P, &tgsi_tex_names, "the image's texture target");
   for (;;) {
      int fmt;
      if (accept_attr(P, "RAW"))
         decl->raw = true;
      else if (accept_attr(P, "WR"))
         decl->writable = true;
      else if ((fmt = accept_attr_name(P, &tgsi_format_names)) >= 0)
         decl->format = (uint32_t)fmt;
      else
         return;
   }
}

static void
parse_sview_attrs(struct tgsi_parser *P, struct tgsi_decl *decl)
{
   expect(P, ',');
   decl->target = (enum tgsi_tex_target)expect_name(
      P, &tgsi_tex_names, "the sampler view's texture target");
   expect(P, ',');
   const char *what = "a return type (UNORM, SNORM, SINT, UINT, FLOAT)";
   unsigned rt = expect_name(P, &tgsi_ret_names, what);
   for (unsigned c = 0; c < 4; c++)
      decl->return_type[c] = (enum tgsi_ret_type)rt;
   int v = accept_attr_name(P, &tgsi_ret_names);
   if (v < 0)
      return;
   decl->return_type[1] = (enum tgsi_ret_type)v;
   for (unsigned c = 2; c < 4; c++) {
      expect(P, ',');
      decl->return_type[c] =
         (enum tgsi_ret_type)expect_name(P, &tgsi_ret_names, what);
   }
}

static void
parse_semantic(struct tgsi_parser *P, struct tgsi_decl *decl)
{
   int sem = accept_attr_name(P, &tgsi_sem_names);
   if (sem < 0)
      return;
   decl->semantic = true;
   decl->sem_name = (enum tgsi_sem)sem;
   if (accept(P, '[')) {
      decl->sem_index = expect_uint(P, MAX_RANGE, "semantic index");
      expect(P, ']');
   }
   if (!accept_attr(P, "STREAM"))
      return;
   expect(P, '(');
   for (unsigned c = 0; c < 4; c++) {
      if (c > 0)
         expect(P, ',');
      decl->stream[c] = (uint8_t)expect_uint(P, 3, "stream");
   }
   expect(P, ')');
}

/* The attributes that depend on the register file. */
static void
parse_file_attrs(struct tgsi_parser *P, struct tgsi_decl *decl)
{
   int v;
   switch (decl->file) {
   case TGSI_REGFILE_IMAGE:
      parse_image_attrs(P, decl);
      break;
   case TGSI_REGFILE_SAMPLER_VIEW:
      parse_sview_attrs(P, decl);
      break;
   case TGSI_REGFILE_BUFFER:
      decl->atomic = accept_attr(P, "ATOMIC");
      break;
   case TGSI_REGFILE_MEMORY:
      if ((v = accept_attr_name(P, &tgsi_memtype_names)) >= 0)
         decl->mem_type = (enum tgsi_memtype)v;
      break;
   default:
      parse_semantic(P, decl);
      break;
   }
}

static void
parse_declaration(struct tgsi_parser *P)
{
   struct tgsi_decl *decl = tgsi_builder_add_decl(&P->b);
   decl->line = P->lineno;
   parse_decl_register(P, decl);
   decl->usage_mask = parse_writemask(P);
   if (accept_attr(P, "ARRAY")) {
      expect(P, '(');
      decl->array = true;
      decl->array_id = expect_uint(P, 1023, "array id");
      expect(P, ')');
   }
   /* Where tgsi_dump prints it: after ARRAY, before the semantic or the
    * file's own attributes, whatever the file. */
   decl->local = accept_attr(P, "LOCAL");
   parse_file_attrs(P, decl);
   int v;
   if ((v = accept_attr_name(P, &tgsi_interp_names)) >= 0) {
      decl->interpolate = true;
      decl->interp = (enum tgsi_interp)v;
   }
   if ((v = accept_attr_name(P, &tgsi_interp_loc_names)) >= 0) {
      decl->interpolate = true;
      decl->location = (enum tgsi_interp_loc)v;
   }
   decl->invariant = accept_attr(P, "INVARIANT");
   if (peek(P) == ',') {
      P->p++;
      skip_ws(P);
      fail(P, P->p, "unexpected %s in the declaration of %s (a misplaced "
                    "or unknown attribute)",
           found(P), tgsi_name(&tgsi_file_names, decl->file));
   }
   expect_eol(P, "',' or end of line");
   P->num_words += tgsi_decl_num_words(decl);
}

/* ---- immediates and properties ------------------------------------------ */

/* A 64-bit integer as strtoll/strtoull read it in Mesa: decimal, 0x hex
 * or 0 octal, with a sign for INT64. */
static uint64_t
parse_int64(struct tgsi_parser *P, bool is_signed)
{
   const char *start = P->p;
   bool neg = is_signed && P->p < P->eol && *P->p == '-';
   if (is_signed && P->p < P->eol && (*P->p == '-' || *P->p == '+'))
      P->p++;
   unsigned base = 10;
   if (P->eol - P->p > 2 && P->p[0] == '0' && (P->p[1] | 0x20) == 'x' &&
       is_hex_digit(P->p[2]))
      base = 16, P->p += 2;
   else if (P->p < P->eol && P->p[0] == '0')
      base = 8;
   uint64_t v = 0, limit = is_signed ? (neg ? 1ull << 63 : INT64_MAX)
                                     : UINT64_MAX;
   const char *digits = P->p;
   for (; P->p < P->eol && is_hex_digit(*P->p); P->p++) {
      unsigned d = is_digit(*P->p)
                      ? (unsigned)(*P->p - '0')
                      : (unsigned)((*P->p | 0x20) - 'a' + 10);
      if (d >= base)
         break;
      if (v > (limit - d) / base) {
         size_t n = 0;
         while (start + n < P->eol && is_word_char(start[n]))
            n++;
         fail(P, start, "immediate value %.*s is out of range", (int)n,
              start);
      }
      v = v * base + d;
   }
   if (P->p == digits)
      fail_expected(P, "an integer");
   return neg ? (uint64_t)0 - v : v;
}

static int32_t
parse_int32(struct tgsi_parser *P)
{
   /* The text need not end in a NUL: never read at eol. */
   bool neg = P->p < P->eol && *P->p == '-';
   if (P->p < P->eol && (*P->p == '-' || *P->p == '+'))
      P->p++;
   if (P->p >= P->eol || !is_digit(*P->p))
      fail_expected(P, "an integer");
   uint32_t v = expect_uint(P, neg ? 0x80000000u : 0x7fffffffu, "INT32");
   return neg ? (int32_t)(0u - v) : (int32_t)v;
}

/* A float that did not convert: not a number, or too large (then `stop`
 * is past it). */
static _Noreturn void
fail_float(struct tgsi_parser *P, const char *stop, const char *bits)
{
   if (stop > P->p)
      fail(P, P->p, "%s-bit float %.*s is out of range", bits,
           (int)(stop - P->p), P->p);
   fail(P, P->p, "expected a %s-bit floating-point number, found %s", bits,
        found(P));
}

/* One value of an immediate, appended to imm->words. */
static void
parse_imm_value(struct tgsi_parser *P, struct tgsi_imm *imm)
{
   uint32_t *w = &imm->words[imm->num_words];
   const char *stop;
   float f;
   double d;
   uint64_t u64;
   skip_ws(P);
   switch (imm->type) {
   case TGSI_IMMTYPE_FLT32:
      if (!tgsi_strtof(P->p, P->eol, &f, &stop))
         fail_float(P, stop, "32");
      P->p = stop;
      *w = float_to_bits(f);
      break;
   case TGSI_IMMTYPE_FLT64:
      if (!tgsi_strtod(P->p, P->eol, &d, &stop))
         fail_float(P, stop, "64");
      P->p = stop;
      /* Low word first, as the tokens store it. */
      u64 = double_to_bits(d);
      w[0] = (uint32_t)u64, w[1] = (uint32_t)(u64 >> 32);
      break;
   case TGSI_IMMTYPE_UINT32:
      *w = expect_uint(P, UINT32_MAX, "UINT32 value");
      break;
   case TGSI_IMMTYPE_INT32:
      *w = (uint32_t)parse_int32(P);
      break;
   default:
      u64 = parse_int64(P, imm->type == TGSI_IMMTYPE_INT64);
      w[0] = (uint32_t)u64, w[1] = (uint32_t)(u64 >> 32);
      break;
   }
   imm->num_words += imm->type >= TGSI_IMMTYPE_FLT64 ? 2 : 1;
}

static void
parse_immediate(struct tgsi_parser *P)
{
   if (accept(P, '[')) {
      skip_ws(P);
      const char *pos = P->p;
      uint32_t n = expect_uint(P, UINT32_MAX, "immediate index");
      if (n != P->b.imms.len)
         fail(P, pos, "immediate index %u out of order (expected %zu)", n,
              P->b.imms.len);
      expect(P, ']');
   }
   struct tgsi_imm *imm = tgsi_builder_add_imm(&P->b);
   imm->line = P->lineno;
   imm->type = (enum tgsi_immtype)expect_name(
      P, &tgsi_immtype_names,
      "an immediate type (FLT32, UINT32, INT32, FLT64, UINT64, INT64)");
   expect(P, '{');
   do {
      skip_ws(P);
      if (imm->num_words == 4)
         fail(P, P->p, "too many values: an immediate holds 128 bits");
      parse_imm_value(P, imm);
   } while (accept(P, ','));
   if (peek(P) == '\0')
      fail(P, P->p, "expected ',' or '}', found end of line");
   expect(P, '}');
   expect_eol(P, "end of line");
   P->num_words += 1 + imm->num_words;
}

static uint32_t
parse_prop_value(struct tgsi_parser *P, enum tgsi_prop_name name)
{
   switch (name) {
   case TGSI_PROP_GS_INPUT_PRIM:
   case TGSI_PROP_GS_OUTPUT_PRIM:
      return expect_name(P, &tgsi_prim_names, "a primitive (POINTS, LINES, "
                                              "TRIANGLES, ...)");
   case TGSI_PROP_FS_COORD_ORIGIN:
      return expect_name(P, &tgsi_origin_names,
                         "UPPER_LEFT or LOWER_LEFT");
   case TGSI_PROP_FS_COORD_PIXEL_CENTER:
      return expect_name(P, &tgsi_pixcenter_names,
                         "HALF_INTEGER or INTEGER");
   case TGSI_PROP_NEXT_SHADER:
      return expect_name(P, &tgsi_proc_names,
                         "a shader stage (VERT, FRAG, GEOM, ...)");
   default:
      /* tgsi_dump prints values as signed: accept what it prints. */
      if (accept(P, '-'))
         return 0u - expect_uint(P, 0x80000000u, "property value");
      return expect_uint(P, UINT32_MAX, "property value");
   }
}

static void
parse_property(struct tgsi_parser *P)
{
   struct tgsi_prop *prop = tgsi_builder_add_prop(&P->b);
   prop->line = P->lineno;
   prop->name = (enum tgsi_prop_name)expect_name(
      P, &tgsi_prop_names, "a property name");
   prop->value = parse_prop_value(P, prop->name);
   expect_eol(P, "end of line");
   P->num_words += 2;
}

/* ---- lines ------------------------------------------------------------- */

/* Moves to the next line; false at the end of the text. */
static bool
next_line(struct tgsi_parser *P)
{
   if (P->next >= P->end)
      return false;
   P->line = P->p = P->next;
   P->lineno++;
   const char *nl = memchr(P->line, '\n', (size_t)(P->end - P->line));
   P->eol = nl ? nl : P->end;
   P->next = nl ? nl + 1 : P->end;
   if ((size_t)(P->eol - P->line) > TGSI_MAX_LINE_LENGTH)
      fail_at(P, P->line + TGSI_MAX_LINE_LENGTH, TGSIVA_ERROR_LIMIT,
              "line longer than the limit of %u characters",
              TGSI_MAX_LINE_LENGTH);
   const char *nul = memchr(P->line, '\0', (size_t)(P->eol - P->line));
   if (nul)
      fail(P, nul, "unexpected NUL byte (is this a binary file? use "
                   "--from-tokens for token streams)");
   const char *hash = memchr(P->line, '#', (size_t)(P->eol - P->line));
   if (hash)
      P->eol = hash;
   return true;
}

static void
parse_header(struct tgsi_parser *P)
{
   static const char *const what =
      "a shader header (VERT, FRAG, GEOM, COMP, TESS_CTRL or TESS_EVAL)";
   while (next_line(P) && peek(P) == '\0')
      ;
   if (P->lineno == 0) {
      /* An empty text: report its first position. */
      P->lineno = 1;
      P->line = P->p = P->eol = P->end;
   }
   skip_ws(P);
   const char *start = P->p;
   int proc = accept_name(P, &tgsi_proc_names);
   if (proc > TGSI_PROC_COMPUTE)
      P->p = start; /* TASK and MESH exist only as NEXT_SHADER values */
   if (proc < 0 || proc > TGSI_PROC_COMPUTE)
      fail_expected(P, what);
   expect_eol(P, "end of line after the shader header");
   tgsi_builder_init(&P->b, P->arena, (enum tgsi_proc)proc);
   P->num_words = 2;
}

static void
parse_line(struct tgsi_parser *P)
{
   char c = peek(P);
   if (c == '\0')
      return;
   if (is_digit(c)) {
      expect_uint(P, UINT32_MAX, "instruction number");
      if (!accept(P, ':'))
         fail_expected(P, "':' after the instruction number");
      tgsi_parse_instruction(P);
   } else if (accept_keyword(P, "DCL")) {
      parse_declaration(P);
   } else if (accept_keyword(P, "IMM")) {
      parse_immediate(P);
   } else if (accept_keyword(P, "PROPERTY")) {
      parse_property(P);
   } else {
      tgsi_parse_instruction(P);
   }
   if (P->num_words > TGSI_MAX_TOKENS)
      fail_at(P, P->line, TGSIVA_ERROR_LIMIT,
              "the shader exceeds the limit of %u tokens", TGSI_MAX_TOKENS);
}

/* IMM[n] operands may precede the immediate they name. */
static void
check_imm_refs(struct tgsi_parser *P)
{
   for (size_t i = 0; i < P->imm_refs.len; i++) {
      const struct tgsi_imm_ref *r = &P->imm_refs.data[i];
      if (r->index < P->b.imms.len)
         continue;
      diag_at(P->diag, TGSIVA_ERROR_INPUT, r->line, r->column,
              "IMM[%u] is not declared (the shader has %zu immediates)",
              r->index, P->b.imms.len);
      longjmp(P->fail, 1);
   }
}

/* Every line left may be an item, an instruction even: the builder
 * reserves that much room (within its bound).  Only for a big text: a
 * small one's doubled arrays waste little, and counting its lines would
 * cost more than growing them. */
enum { RESERVE_MIN_BYTES = 64 * 1024 };

static void
reserve_lines(struct tgsi_parser *P)
{
   if ((size_t)(P->end - P->next) < RESERVE_MIN_BYTES)
      return;
   size_t lines = 1; /* the last may end without a newline */
   for (const char *p = P->next; p < P->end; p++) {
      p = memchr(p, '\n', (size_t)(P->end - p));
      if (!p)
         break;
      lines++;
   }
   tgsi_builder_reserve(&P->b, lines, lines);
}

bool
tgsi_parse_text(struct arena *arena, const char *text, size_t len,
                struct tgsi_shader **out, struct tgsiva_diagnostic *d)
{
   return tgsi_parse_text_memo(arena, text, len, NULL, out, d);
}

bool
tgsi_parse_text_memo(struct arena *arena, const char *text, size_t len,
                     struct tgsi_name_memo *memo, struct tgsi_shader **out,
                     struct tgsiva_diagnostic *d)
{
   struct tgsi_parser *P = ARENA_NEW(arena, struct tgsi_parser);
   P->names = memo ? memo : ARENA_NEW(arena, struct tgsi_name_memo);
   P->arena = arena;
   P->diag = d;
   P->old_fail = arena->fail;
   P->old_fail_ctx = arena->fail_ctx;
   P->next = text;
   P->end = text + len;
   *out = NULL;
   if (len > TGSI_MAX_TEXT_BYTES)
      return diag_error(d, TGSIVA_ERROR_LIMIT,
                        "input of %zu bytes exceeds the limit of %u bytes",
                        len, TGSI_MAX_TEXT_BYTES);
   if (setjmp(P->fail)) {
      arena->fail = P->old_fail;
      arena->fail_ctx = P->old_fail_ctx;
      return false;
   }
   arena->fail = on_arena_fail;
   arena->fail_ctx = P;
   parse_header(P);
   reserve_lines(P);
   while (next_line(P))
      parse_line(P);
   check_imm_refs(P);
   arena->fail = P->old_fail;
   arena->fail_ctx = P->old_fail_ctx;
   *out = tgsi_builder_finish(&P->b);
   return true;
}

bool
tgsi_parse_file(struct arena *arena, const char *path,
                struct tgsi_shader **out, struct tgsiva_diagnostic *d)
{
   char *text;
   size_t len;
   return file_read(arena, path, &text, &len, d) &&
          tgsi_parse_text(arena, text, len, out, d);
}
