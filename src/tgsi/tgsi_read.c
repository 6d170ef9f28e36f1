/* SPDX-License-Identifier: MIT */
/*
 * Token words -> decoded shader.  The words come from a driver or a file
 * and may be anything, so this reader trusts nothing:
 *
 *  1. Every word is read through a bounds check against the end of the
 *     current token, and every token's NrTokens against the stream.
 *  2. A token's NrTokens must equal the words its flags call for, so a
 *     stream can only be read one way.
 *  3. Every enum value must name something (file, opcode, semantic,
 *     target, format, ...), operand counts must match the opcode table
 *     (as Mesa's tgsi_sanity demands), direct indices must not be
 *     negative, and direct IMM operands must name an immediate.
 *  4. The header's sizes must describe exactly the words given.
 *
 * The first problem is reported with its word offset; errors longjmp out,
 * as does running out of memory.
 */
#include "tgsi.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "util/diag.h"

struct imm_use {
   uint32_t index;
   size_t word;
};

struct reader {
   struct arena *arena;
   struct tgsiva_diagnostic *diag;
   jmp_buf fail;
   void (*old_fail)(void *, bool);
   void *old_fail_ctx;

   const uint32_t *words;
   size_t num_words;
   size_t pos;       /* the next word */
   size_t tok_start; /* the current token's first word */
   size_t tok_end;   /* one past its last word, as NrTokens says */
   const char *tok_name;

   struct tgsi_builder b;
   VEC(struct imm_use) imm_uses;
};

static _Noreturn void
bad(struct reader *R, size_t word, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static _Noreturn void
bad(struct reader *R, size_t word, const char *fmt, ...)
{
   char msg[sizeof(R->diag->message)];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   diag_word(R->diag, TGSIVA_ERROR_INPUT, (long)word, "%s", msg);
   longjmp(R->fail, 1);
}

static void
on_arena_fail(void *ctx, bool over_limit)
{
   struct reader *R = ctx;
   diag_error(R->diag, over_limit ? TGSIVA_ERROR_LIMIT : TGSIVA_ERROR_NOMEM,
              over_limit ? "memory limit exceeded while reading tokens"
                         : "out of memory while reading tokens");
   longjmp(R->fail, 1);
}

/* The next word of the current token. */
static uint32_t
next(struct reader *R, const char *what)
{
   if (R->pos >= R->tok_end)
      bad(R, R->tok_start, "%s token ends before its %s (NrTokens too small)",
          R->tok_name, what);
   return R->words[R->pos++];
}

/* The words of the token that starts with w0, as its NrTokens field says
 * (an instruction's leaves its first word out), or 0 for no token type. */
static size_t
token_words(uint32_t w0)
{
   switch (tgsi_tok_get(w0, TGSI_TOK_TYPE)) {
   case TGSI_TOKTYPE_DECLARATION:
   case TGSI_TOKTYPE_PROPERTY:
      return tgsi_tok_get(w0, TGSI_TOK_NRTOKENS);
   case TGSI_TOKTYPE_INSTRUCTION:
      return 1 + (size_t)tgsi_tok_get(w0, TGSI_TOK_NRTOKENS);
   case TGSI_TOKTYPE_IMMEDIATE:
      return tgsi_tok_get(w0, TGSI_TOK_IMM_NRTOKENS);
   default:
      return 0;
   }
}

/* Starts a token of `nr` words at R->pos. */
static void
begin_token(struct reader *R, const char *name, size_t nr)
{
   R->tok_name = name;
   R->tok_start = R->pos;
   R->tok_end = R->pos + nr;
   if (nr == 0 || R->tok_end > R->num_words)
      bad(R, R->pos, "%s token of %zu words runs past the end of the "
                     "stream (%zu words)", name, nr, R->num_words);
}

static void
end_token(struct reader *R)
{
   if (R->pos != R->tok_end)
      bad(R, R->tok_start, "%s token says it has %zu words but its fields "
                           "use %zu", R->tok_name, R->tok_end - R->tok_start,
          R->pos - R->tok_start);
}

/* A field value that must be below `count`; `word` is where it is. */
static uint32_t
check(struct reader *R, size_t word, uint32_t v, uint32_t count,
      const char *what)
{
   if (v >= count)
      bad(R, word, "invalid %s %u", what, v);
   return v;
}

static uint32_t
get(struct reader *R, uint32_t w, unsigned shift, unsigned width,
    uint32_t count, const char *what)
{
   return check(R, R->pos - 1, tgsi_tok_get(w, shift, width), count, what);
}

#define FILE_FIELD(R, w, field) \
   ((enum tgsi_regfile)get(R, w, field, TGSI_REGFILE_COUNT, "register file"))

/* ---- declarations ------------------------------------------------------ */

static void
read_decl_extras(struct reader *R, struct tgsi_decl *d)
{
   uint32_t w;
   if (d->dimension)
      d->dim_index = tgsi_tok_get(next(R, "dimension"),
                                  TGSI_TOK_DECLDIM_INDEX);
   if (d->interpolate) {
      w = next(R, "interpolation");
      d->interp = get(R, w, TGSI_TOK_INTERP_MODE, TGSI_INTERP_COUNT,
                      "interpolation mode");
      d->location = get(R, w, TGSI_TOK_INTERP_LOCATION,
                        TGSI_INTERP_LOC_COUNT, "interpolation location");
   }
   /* These files carry their own attributes where the text puts a
    * semantic, so a semantic on them could not be written as text. */
   if (d->semantic && (d->file == TGSI_REGFILE_IMAGE ||
                       d->file == TGSI_REGFILE_SAMPLER_VIEW ||
                       d->file == TGSI_REGFILE_BUFFER ||
                       d->file == TGSI_REGFILE_MEMORY))
      bad(R, R->tok_start, "a semantic on a %s declaration",
          tgsi_name(&tgsi_file_names, d->file));
   if (d->semantic) {
      w = next(R, "semantic");
      d->sem_name = get(R, w, TGSI_TOK_SEM_NAME, TGSI_SEM_COUNT, "semantic");
      d->sem_index = tgsi_tok_get(w, TGSI_TOK_SEM_INDEX);
      for (unsigned c = 0; c < 4; c++)
         d->stream[c] = (uint8_t)tgsi_tok_get(w, 24 + 2 * c, 2);
   }
   /* FILE[][dim][range] has no text form (the vertex dimension is the
    * only second dimension of a per-vertex array). */
   if (d->dimension && tgsi_decl_has_vertex_dim(d, R->b.processor))
      bad(R, R->tok_start, "a dimension on a per-vertex %s declaration",
          tgsi_name(&tgsi_file_names, d->file));
   if (d->file == TGSI_REGFILE_IMAGE) {
      w = next(R, "image");
      d->target = get(R, w, TGSI_TOK_IMAGE_TARGET, TGSI_TEX_COUNT, "target");
      d->raw = tgsi_tok_get(w, TGSI_TOK_IMAGE_RAW);
      d->writable = tgsi_tok_get(w, TGSI_TOK_IMAGE_WRITABLE);
      d->format = get(R, w, TGSI_TOK_IMAGE_FORMAT, TGSI_FMT_COUNT, "format");
   }
   if (d->file == TGSI_REGFILE_SAMPLER_VIEW) {
      w = next(R, "sampler view");
      d->target = get(R, w, TGSI_TOK_SVIEW_TARGET, TGSI_TEX_COUNT, "target");
      for (unsigned c = 0; c < 4; c++)
         d->return_type[c] = get(R, w, 8 + 6 * c, 6, TGSI_RET_COUNT,
                                 "return type");
   }
   if (d->array)
      d->array_id = tgsi_tok_get(next(R, "array"), TGSI_TOK_ARRAY_ID);
}

static void
read_decl(struct reader *R, uint32_t w0)
{
   begin_token(R, "declaration", token_words(w0));
   R->pos++;
   struct tgsi_decl *d = tgsi_builder_add_decl(&R->b);
   d->word = (uint32_t)R->tok_start;
   d->file = FILE_FIELD(R, w0, TGSI_TOK_DECL_FILE);
   d->usage_mask = (uint8_t)tgsi_tok_get(w0, TGSI_TOK_DECL_USAGE_MASK);
   /* As for destinations: "DCL OUT[0]." would not parse back. */
   if (!d->usage_mask)
      bad(R, R->tok_start, "declaration with an empty usage mask");
   d->dimension = tgsi_tok_get(w0, TGSI_TOK_DECL_DIMENSION);
   d->semantic = tgsi_tok_get(w0, TGSI_TOK_DECL_SEMANTIC);
   d->interpolate = tgsi_tok_get(w0, TGSI_TOK_DECL_INTERPOLATE);
   d->invariant = tgsi_tok_get(w0, TGSI_TOK_DECL_INVARIANT);
   d->local = tgsi_tok_get(w0, TGSI_TOK_DECL_LOCAL);
   d->array = tgsi_tok_get(w0, TGSI_TOK_DECL_ARRAY);
   d->atomic = tgsi_tok_get(w0, TGSI_TOK_DECL_ATOMIC);
   d->mem_type = tgsi_tok_get(w0, TGSI_TOK_DECL_MEMTYPE);
   uint32_t range = next(R, "range");
   d->first = tgsi_tok_get(range, TGSI_TOK_RANGE_FIRST);
   d->last = tgsi_tok_get(range, TGSI_TOK_RANGE_LAST);
   if (d->last < d->first)
      bad(R, R->pos - 1, "empty declaration range %u..%u", d->first,
          d->last);
   read_decl_extras(R, d);
   end_token(R);
}

/* ---- instructions ------------------------------------------------------ */

static void
read_ind(struct reader *R, struct tgsi_ind *ind)
{
   uint32_t w = next(R, "indirect register");
   ind->file = FILE_FIELD(R, w, TGSI_TOK_IND_FILE);
   ind->index = tgsi_tok_get_signed(w, TGSI_TOK_IND_INDEX);
   ind->swizzle = (uint8_t)tgsi_tok_get(w, TGSI_TOK_IND_SWIZZLE);
   ind->array_id = (uint16_t)tgsi_tok_get(w, TGSI_TOK_IND_ARRAY_ID);
   if (ind->index < 0)
      bad(R, R->pos - 1, "negative indirect register index %d", ind->index);
}

static void
note_imm_use(struct reader *R, enum tgsi_regfile file, int32_t index,
             size_t word)
{
   if (file != TGSI_REGFILE_IMMEDIATE)
      return;
   struct imm_use *u = VEC_PUSH(R->arena, &R->imm_uses);
   u->index = (uint32_t)index;
   u->word = word;
}

/* What follows a register word; `word` is the register word's offset. */
static void
read_reg_tail(struct reader *R, struct tgsi_reg *r, size_t word)
{
   if (!r->indirect && r->index < 0)
      bad(R, word, "negative register index %d", r->index);
   if (r->indirect)
      read_ind(R, &r->ind);
   if (r->dimension) {
      uint32_t w = next(R, "dimension");
      r->dim_indirect = tgsi_tok_get(w, TGSI_TOK_DIM_INDIRECT);
      r->dim_index = tgsi_tok_get_signed(w, TGSI_TOK_DIM_INDEX);
      if (tgsi_tok_get(w, TGSI_TOK_DIM_DIMENSION))
         bad(R, R->pos - 1, "nested register dimensions are not supported");
      if (!r->dim_indirect && r->dim_index < 0)
         bad(R, R->pos - 1, "negative dimension index %d", r->dim_index);
      if (r->dim_indirect)
         read_ind(R, &r->dim_ind);
   }
   if (!r->indirect && !r->dimension)
      note_imm_use(R, r->file, r->index, word);
}

static void
read_dst(struct reader *R, struct tgsi_dst *dst)
{
   uint32_t w = next(R, "destination");
   size_t word = R->pos - 1;
   dst->reg.file = FILE_FIELD(R, w, TGSI_TOK_DST_FILE);
   dst->writemask = (uint8_t)tgsi_tok_get(w, TGSI_TOK_DST_WRITEMASK);
   dst->reg.indirect = tgsi_tok_get(w, TGSI_TOK_DST_INDIRECT);
   dst->reg.dimension = tgsi_tok_get(w, TGSI_TOK_DST_DIMENSION);
   dst->reg.index = tgsi_tok_get_signed(w, TGSI_TOK_DST_INDEX);
   /* tgsi_dump would print "TEMP[0]." for it, which no parser reads. */
   if (!dst->writemask)
      bad(R, word, "destination with an empty write mask");
   read_reg_tail(R, &dst->reg, word);
}

static void
read_src(struct reader *R, struct tgsi_src *src)
{
   uint32_t w = next(R, "source");
   size_t word = R->pos - 1;
   src->reg.file = FILE_FIELD(R, w, TGSI_TOK_SRC_FILE);
   src->reg.indirect = tgsi_tok_get(w, TGSI_TOK_SRC_INDIRECT);
   src->reg.dimension = tgsi_tok_get(w, TGSI_TOK_SRC_DIMENSION);
   src->reg.index = tgsi_tok_get_signed(w, TGSI_TOK_SRC_INDEX);
   for (unsigned c = 0; c < 4; c++)
      src->swizzle[c] = (uint8_t)tgsi_tok_get(w, 22 + 2 * c, 2);
   src->absolute = tgsi_tok_get(w, TGSI_TOK_SRC_ABSOLUTE);
   src->negate = tgsi_tok_get(w, TGSI_TOK_SRC_NEGATE);
   read_reg_tail(R, &src->reg, word);
}

static void
read_texture(struct reader *R, struct tgsi_insn *insn)
{
   uint32_t w = next(R, "texture");
   insn->tex_target = get(R, w, TGSI_TOK_TEX_TARGET, TGSI_TEX_COUNT,
                          "texture target");
   insn->num_offsets = get(R, w, TGSI_TOK_TEX_NUM_OFFSETS,
                           TGSI_MAX_TEX_OFFSETS + 1, "texture offset count");
   insn->tex_return_type = get(R, w, TGSI_TOK_TEX_RETURN_TYPE,
                               TGSI_RET_COUNT, "texture return type");
   for (unsigned i = 0; i < insn->num_offsets; i++) {
      struct tgsi_tex_offset *o = &insn->offsets[i];
      w = next(R, "texture offset");
      o->index = tgsi_tok_get_signed(w, TGSI_TOK_TEXOFF_INDEX);
      o->file = FILE_FIELD(R, w, TGSI_TOK_TEXOFF_FILE);
      for (unsigned c = 0; c < 3; c++)
         o->swizzle[c] = (uint8_t)tgsi_tok_get(w, 20 + 2 * c, 2);
      if (o->index < 0)
         bad(R, R->pos - 1, "negative texture offset index %d", o->index);
      note_imm_use(R, o->file, o->index, R->pos - 1);
   }
}

static void
read_insn_tokens(struct reader *R, struct tgsi_insn *insn)
{
   if (insn->has_label)
      insn->label = tgsi_tok_get(next(R, "label"), TGSI_TOK_LABEL);
   if (insn->has_texture)
      read_texture(R, insn);
   if (insn->has_memory) {
      uint32_t w = next(R, "memory");
      insn->mem_qualifier = (uint8_t)tgsi_tok_get(w, TGSI_TOK_MEM_QUALIFIER);
      insn->mem_texture = get(R, w, TGSI_TOK_MEM_TEXTURE, TGSI_TEX_COUNT,
                              "memory texture target");
      insn->mem_format = get(R, w, TGSI_TOK_MEM_FORMAT, TGSI_FMT_COUNT,
                             "memory format");
   }
   for (unsigned i = 0; i < insn->num_dst; i++)
      read_dst(R, &insn->dst[i]);
   for (unsigned i = 0; i < insn->num_src; i++)
      read_src(R, &insn->src[i]);
}

/* Labels, texture and memory tokens belong to some opcodes only: the
 * printer could not show them anywhere else, nor a consumer use them. */
static void
check_optional_tokens(struct reader *R, const struct tgsi_insn *insn,
                      const struct tgsi_op_info *info)
{
   bool tex = info->flags & (TGSI_OPF_TARGET | TGSI_OPF_TEXTOKEN);
   bool mem = info->flags & (TGSI_OPF_MEMORY | TGSI_OPF_MEMORY_OPT);
   if ((info->flags & TGSI_OPF_TARGET) && !insn->has_texture)
      bad(R, R->tok_start, "%s has no texture token", info->name);
   if (insn->has_texture && !tex)
      bad(R, R->tok_start, "%s cannot have a texture token", info->name);
   if (insn->has_memory && !mem)
      bad(R, R->tok_start, "%s cannot have a memory token", info->name);
   if (insn->has_label && !(info->flags & TGSI_OPF_LABEL))
      bad(R, R->tok_start, "%s cannot have a label", info->name);
}

static void
read_insn(struct reader *R, uint32_t w0)
{
   begin_token(R, "instruction", token_words(w0));
   R->pos++;
   unsigned op = tgsi_tok_get(w0, TGSI_TOK_INSN_OPCODE);
   const struct tgsi_op_info *info = tgsi_op_info(op);
   if (!info)
      bad(R, R->tok_start, "invalid opcode %u", op);
   unsigned nd = tgsi_tok_get(w0, TGSI_TOK_INSN_NUM_DST);
   unsigned ns = tgsi_tok_get(w0, TGSI_TOK_INSN_NUM_SRC);
   if (nd != info->num_dst || ns != info->num_src)
      bad(R, R->tok_start, "%s takes %u destinations and %u sources, the "
                           "token says %u and %u", info->name,
          info->num_dst, info->num_src, nd, ns);
   struct tgsi_insn *insn = tgsi_builder_add_insn(&R->b, op, nd, ns);
   insn->word = (uint32_t)R->tok_start;
   insn->saturate = tgsi_tok_get(w0, TGSI_TOK_INSN_SATURATE);
   insn->precise = tgsi_tok_get(w0, TGSI_TOK_INSN_PRECISE);
   insn->has_label = tgsi_tok_get(w0, TGSI_TOK_INSN_LABEL);
   insn->has_texture = tgsi_tok_get(w0, TGSI_TOK_INSN_TEXTURE);
   insn->has_memory = tgsi_tok_get(w0, TGSI_TOK_INSN_MEMORY);
   check_optional_tokens(R, insn, info);
   read_insn_tokens(R, insn);
   end_token(R);
}

/* ---- immediates and properties ------------------------------------------ */

static void
read_imm(struct reader *R, uint32_t w0)
{
   begin_token(R, "immediate", token_words(w0));
   R->pos++;
   struct tgsi_imm *imm = tgsi_builder_add_imm(&R->b);
   imm->word = (uint32_t)R->tok_start;
   imm->type = get(R, w0, TGSI_TOK_IMM_TYPE, TGSI_IMMTYPE_COUNT,
                   "immediate type");
   size_t n = R->tok_end - R->pos;
   bool wide = imm->type >= TGSI_IMMTYPE_FLT64;
   if (n < 1 || n > 4 || (wide && n % 2))
      bad(R, R->tok_start, "an immediate of type %s cannot hold %zu words",
          tgsi_name(&tgsi_immtype_names, imm->type), n);
   imm->num_words = (unsigned)n;
   for (size_t i = 0; i < n; i++)
      imm->words[i] = next(R, "value");
   end_token(R);
}

/* The number of values a property's value must be below, or 0. */
static uint32_t
prop_value_count(enum tgsi_prop_name name)
{
   switch (name) {
   case TGSI_PROP_GS_INPUT_PRIM:
   case TGSI_PROP_GS_OUTPUT_PRIM: return TGSI_PRIM_COUNT;
   case TGSI_PROP_FS_COORD_ORIGIN:
   case TGSI_PROP_FS_COORD_PIXEL_CENTER: return 2;
   case TGSI_PROP_NEXT_SHADER: return TGSI_PROC_COUNT;
   default: return 0;
   }
}

static void
read_prop(struct reader *R, uint32_t w0)
{
   begin_token(R, "property", token_words(w0));
   R->pos++;
   struct tgsi_prop *prop = tgsi_builder_add_prop(&R->b);
   prop->word = (uint32_t)R->tok_start;
   prop->name = get(R, w0, TGSI_TOK_PROP_NAME, TGSI_PROP_COUNT, "property");
   if (R->tok_end - R->tok_start != 2)
      bad(R, R->tok_start, "a property carries one value, not %zu",
          R->tok_end - R->tok_start - 1);
   prop->value = next(R, "value");
   uint32_t count = prop_value_count(prop->name);
   if (count)
      check(R, R->pos - 1, prop->value, count, "property value");
   end_token(R);
}

/* ---- the stream -------------------------------------------------------- */

static void
read_header(struct reader *R)
{
   if (R->num_words < 2)
      bad(R, 0, "%zu words are too few for a TGSI header", R->num_words);
   uint32_t size = tgsi_tok_get(R->words[0], TGSI_TOK_HEADER_SIZE);
   uint32_t body = tgsi_tok_get(R->words[0], TGSI_TOK_HEADER_BODY_SIZE);
   if (size != 2)
      bad(R, 0, "header size %u, expected 2 (is this a TGSI token stream?)",
          size);
   if ((size_t)size + body != R->num_words)
      bad(R, 0, "the header announces %zu words but the stream has %zu",
          (size_t)size + body, R->num_words);
   uint32_t proc = tgsi_tok_get(R->words[1], TGSI_TOK_PROC_PROCESSOR);
   if (proc > TGSI_PROC_COMPUTE)
      bad(R, 1, "invalid processor %u", proc);
   tgsi_builder_init(&R->b, R->arena, (enum tgsi_proc)proc);
   R->pos = 2;
}

/* The items and instructions of the stream, counted by their sizes
 * alone (read_body checks them), reserved in the builder; only for a
 * big stream (as the parser's reserve_lines). */
static void
reserve_items(struct reader *R)
{
   if (R->num_words - R->pos < 16 * 1024)
      return;
   size_t items = 0, insns = 0;
   for (size_t pos = R->pos; pos < R->num_words;) {
      size_t size = token_words(R->words[pos]);
      if (!size)
         break;
      items++;
      insns += tgsi_tok_get(R->words[pos], TGSI_TOK_TYPE) ==
               TGSI_TOKTYPE_INSTRUCTION;
      pos += size;
   }
   tgsi_builder_reserve(&R->b, items, insns);
}

static void
read_body(struct reader *R)
{
   reserve_items(R);
   while (R->pos < R->num_words) {
      uint32_t w0 = R->words[R->pos];
      switch (tgsi_tok_get(w0, TGSI_TOK_TYPE)) {
      case TGSI_TOKTYPE_DECLARATION: read_decl(R, w0); break;
      case TGSI_TOKTYPE_IMMEDIATE: read_imm(R, w0); break;
      case TGSI_TOKTYPE_INSTRUCTION: read_insn(R, w0); break;
      case TGSI_TOKTYPE_PROPERTY: read_prop(R, w0); break;
      default:
         bad(R, R->pos, "invalid token type %u",
             tgsi_tok_get(w0, TGSI_TOK_TYPE));
      }
   }
   for (size_t i = 0; i < R->imm_uses.len; i++) {
      if (R->imm_uses.data[i].index >= R->b.imms.len)
         bad(R, R->imm_uses.data[i].word,
             "IMM[%u] is not declared (the shader has %zu immediates)",
             R->imm_uses.data[i].index, R->b.imms.len);
   }
}

bool
tgsi_read_tokens(struct arena *arena, const uint32_t *words,
                 size_t num_words, struct tgsi_shader **out,
                 struct tgsiva_diagnostic *d)
{
   struct reader *R = ARENA_NEW(arena, struct reader);
   R->arena = arena;
   R->diag = d;
   R->words = words;
   R->num_words = num_words;
   R->old_fail = arena->fail;
   R->old_fail_ctx = arena->fail_ctx;
   *out = NULL;
   if (num_words > TGSI_MAX_TOKENS)
      return diag_error(d, TGSIVA_ERROR_LIMIT,
                        "%zu token words exceed the limit of %u", num_words,
                        TGSI_MAX_TOKENS);
   if (setjmp(R->fail)) {
      arena->fail = R->old_fail;
      arena->fail_ctx = R->old_fail_ctx;
      return false;
   }
   arena->fail = on_arena_fail;
   arena->fail_ctx = R;
   read_header(R);
   read_body(R);
   arena->fail = R->old_fail;
   arena->fail_ctx = R->old_fail_ctx;
   *out = tgsi_builder_finish(&R->b);
   return true;
}
