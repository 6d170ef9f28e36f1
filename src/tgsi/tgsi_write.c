/* SPDX-License-Identifier: MIT */
/*
 * Decoded shader -> token words, laid out as Mesa's tgsi_build does it
 * (the order of optional tokens is in tgsi_tokens.h).  The words must be
 * Mesa's own, bit for bit: the corpus suite compares them with
 * ../shared/mesa-ref/tokens.
 *
 * The parser and the reader only produce shaders whose values fit their
 * fields, so a value that does not fit is reported as an internal error
 * rather than silently truncated.
 */
#include "tgsi.h"

#include <string.h>

#include "util/diag.h"

struct writer {
   uint32_t *words;
   size_t len, cap;
   const char *overflow; /* the first field whose value did not fit */
};

/* `v` in the field (shift, width); records the field if it does not fit. */
static uint32_t
put(struct writer *W, unsigned shift, unsigned width, uint32_t v,
    const char *what)
{
   if (!tgsi_tok_fits(width, v) && !W->overflow)
      W->overflow = what;
   return tgsi_tok_put(shift, width, v);
}

static uint32_t
put_signed(struct writer *W, unsigned shift, unsigned width, int32_t v,
           const char *what)
{
   if (!tgsi_tok_fits_signed(width, v) && !W->overflow)
      W->overflow = what;
   return tgsi_tok_put(shift, width, (uint32_t)v);
}

static void
emit(struct writer *W, uint32_t word)
{
   if (W->len < W->cap)
      W->words[W->len] = word;
   W->len++;
}

static unsigned
reg_num_words(const struct tgsi_reg *r)
{
   return 1 + r->indirect + r->dimension + (r->dimension && r->dim_indirect);
}

unsigned
tgsi_decl_num_words(const struct tgsi_decl *decl)
{
   return 2 + decl->dimension + decl->interpolate + decl->semantic +
          (decl->file == TGSI_REGFILE_IMAGE) +
          (decl->file == TGSI_REGFILE_SAMPLER_VIEW) + decl->array;
}

unsigned
tgsi_insn_num_words(const struct tgsi_insn *insn)
{
   unsigned n = 1 + insn->has_label + insn->has_memory;
   if (insn->has_texture)
      n += 1 + insn->num_offsets;
   for (unsigned i = 0; i < insn->num_dst; i++)
      n += reg_num_words(&insn->dst[i].reg);
   for (unsigned i = 0; i < insn->num_src; i++)
      n += reg_num_words(&insn->src[i].reg);
   return n;
}

static void
write_decl(struct writer *W, const struct tgsi_decl *d)
{
   const char *x = "declaration";
   emit(W, put(W, TGSI_TOK_TYPE, TGSI_TOKTYPE_DECLARATION, x) |
              put(W, TGSI_TOK_NRTOKENS, tgsi_decl_num_words(d), x) |
              put(W, TGSI_TOK_DECL_FILE, d->file, x) |
              put(W, TGSI_TOK_DECL_USAGE_MASK, d->usage_mask, x) |
              put(W, TGSI_TOK_DECL_DIMENSION, d->dimension, x) |
              put(W, TGSI_TOK_DECL_SEMANTIC, d->semantic, x) |
              put(W, TGSI_TOK_DECL_INTERPOLATE, d->interpolate, x) |
              put(W, TGSI_TOK_DECL_INVARIANT, d->invariant, x) |
              put(W, TGSI_TOK_DECL_LOCAL, d->local, x) |
              put(W, TGSI_TOK_DECL_ARRAY, d->array, x) |
              put(W, TGSI_TOK_DECL_ATOMIC, d->atomic, x) |
              put(W, TGSI_TOK_DECL_MEMTYPE, d->mem_type, x));
   emit(W, put(W, TGSI_TOK_RANGE_FIRST, d->first, "range") |
              put(W, TGSI_TOK_RANGE_LAST, d->last, "range"));
   if (d->dimension)
      emit(W, put(W, TGSI_TOK_DECLDIM_INDEX, d->dim_index, "dimension"));
   if (d->interpolate)
      emit(W, put(W, TGSI_TOK_INTERP_MODE, d->interp, "interpolation") |
                 put(W, TGSI_TOK_INTERP_LOCATION, d->location, "location"));
   if (d->semantic) {
      uint32_t w = put(W, TGSI_TOK_SEM_NAME, d->sem_name, "semantic") |
                   put(W, TGSI_TOK_SEM_INDEX, d->sem_index, "semantic");
      for (unsigned c = 0; c < 4; c++)
         w |= put(W, 24 + 2 * c, 2, d->stream[c], "stream");
      emit(W, w);
   }
   if (d->file == TGSI_REGFILE_IMAGE)
      emit(W, put(W, TGSI_TOK_IMAGE_TARGET, d->target, "image") |
                 put(W, TGSI_TOK_IMAGE_RAW, d->raw, "image") |
                 put(W, TGSI_TOK_IMAGE_WRITABLE, d->writable, "image") |
                 put(W, TGSI_TOK_IMAGE_FORMAT, d->format, "image format"));
   if (d->file == TGSI_REGFILE_SAMPLER_VIEW) {
      uint32_t w = put(W, TGSI_TOK_SVIEW_TARGET, d->target, "view");
      for (unsigned c = 0; c < 4; c++)
         w |= put(W, 8 + 6 * c, 6, d->return_type[c], "return type");
      emit(W, w);
   }
   if (d->array)
      emit(W, put(W, TGSI_TOK_ARRAY_ID, d->array_id, "array id"));
}

static void
write_ind(struct writer *W, const struct tgsi_ind *ind)
{
   emit(W, put(W, TGSI_TOK_IND_FILE, ind->file, "indirect file") |
              put_signed(W, TGSI_TOK_IND_INDEX, ind->index, "indirect") |
              put(W, TGSI_TOK_IND_SWIZZLE, ind->swizzle, "indirect") |
              put(W, TGSI_TOK_IND_ARRAY_ID, ind->array_id, "array id"));
}

/* What follows a register word: indirect, dimension, its indirect. */
static void
write_reg_tail(struct writer *W, const struct tgsi_reg *r)
{
   if (r->indirect)
      write_ind(W, &r->ind);
   if (!r->dimension)
      return;
   emit(W, put(W, TGSI_TOK_DIM_INDIRECT, r->dim_indirect, "dimension") |
              put_signed(W, TGSI_TOK_DIM_INDEX, r->dim_index, "dimension"));
   if (r->dim_indirect)
      write_ind(W, &r->dim_ind);
}

static void
write_dst(struct writer *W, const struct tgsi_dst *dst)
{
   const struct tgsi_reg *r = &dst->reg;
   emit(W, put(W, TGSI_TOK_DST_FILE, r->file, "file") |
              put(W, TGSI_TOK_DST_WRITEMASK, dst->writemask, "mask") |
              put(W, TGSI_TOK_DST_INDIRECT, r->indirect, "dst") |
              put(W, TGSI_TOK_DST_DIMENSION, r->dimension, "dst") |
              put_signed(W, TGSI_TOK_DST_INDEX, r->index, "index"));
   write_reg_tail(W, r);
}

static void
write_src(struct writer *W, const struct tgsi_src *src)
{
   const struct tgsi_reg *r = &src->reg;
   uint32_t w = put(W, TGSI_TOK_SRC_FILE, r->file, "file") |
                put(W, TGSI_TOK_SRC_INDIRECT, r->indirect, "src") |
                put(W, TGSI_TOK_SRC_DIMENSION, r->dimension, "src") |
                put_signed(W, TGSI_TOK_SRC_INDEX, r->index, "index") |
                put(W, TGSI_TOK_SRC_ABSOLUTE, src->absolute, "src") |
                put(W, TGSI_TOK_SRC_NEGATE, src->negate, "src");
   for (unsigned c = 0; c < 4; c++)
      w |= put(W, 22 + 2 * c, 2, src->swizzle[c], "swizzle");
   emit(W, w);
   write_reg_tail(W, r);
}

static void
write_texture(struct writer *W, const struct tgsi_insn *insn)
{
   emit(W, put(W, TGSI_TOK_TEX_TARGET, insn->tex_target, "target") |
              put(W, TGSI_TOK_TEX_NUM_OFFSETS, insn->num_offsets, "offsets") |
              put(W, TGSI_TOK_TEX_RETURN_TYPE, insn->tex_return_type, "ret"));
   for (unsigned i = 0; i < insn->num_offsets; i++) {
      const struct tgsi_tex_offset *o = &insn->offsets[i];
      uint32_t w = put_signed(W, TGSI_TOK_TEXOFF_INDEX, o->index, "offset") |
                   put(W, TGSI_TOK_TEXOFF_FILE, o->file, "offset file");
      for (unsigned c = 0; c < 3; c++)
         w |= put(W, 20 + 2 * c, 2, o->swizzle[c], "offset swizzle");
      emit(W, w);
   }
}

static void
write_insn(struct writer *W, const struct tgsi_insn *insn)
{
   const char *x = "instruction";
   emit(W, put(W, TGSI_TOK_TYPE, TGSI_TOKTYPE_INSTRUCTION, x) |
              put(W, TGSI_TOK_NRTOKENS, tgsi_insn_num_words(insn) - 1, x) |
              put(W, TGSI_TOK_INSN_OPCODE, insn->opcode, x) |
              put(W, TGSI_TOK_INSN_SATURATE, insn->saturate, x) |
              put(W, TGSI_TOK_INSN_NUM_DST, insn->num_dst, x) |
              put(W, TGSI_TOK_INSN_NUM_SRC, insn->num_src, x) |
              put(W, TGSI_TOK_INSN_LABEL, insn->has_label, x) |
              put(W, TGSI_TOK_INSN_TEXTURE, insn->has_texture, x) |
              put(W, TGSI_TOK_INSN_MEMORY, insn->has_memory, x) |
              put(W, TGSI_TOK_INSN_PRECISE, insn->precise, x));
   if (insn->has_label)
      emit(W, put(W, TGSI_TOK_LABEL, insn->label, "label"));
   if (insn->has_texture)
      write_texture(W, insn);
   if (insn->has_memory)
      emit(W, put(W, TGSI_TOK_MEM_QUALIFIER, insn->mem_qualifier, "mem") |
                 put(W, TGSI_TOK_MEM_TEXTURE, insn->mem_texture, "mem") |
                 put(W, TGSI_TOK_MEM_FORMAT, insn->mem_format, "format"));
   for (unsigned i = 0; i < insn->num_dst; i++)
      write_dst(W, &insn->dst[i]);
   for (unsigned i = 0; i < insn->num_src; i++)
      write_src(W, &insn->src[i]);
}

static void
write_imm(struct writer *W, const struct tgsi_imm *imm)
{
   emit(W, put(W, TGSI_TOK_TYPE, TGSI_TOKTYPE_IMMEDIATE, "immediate") |
              put(W, TGSI_TOK_IMM_NRTOKENS, 1 + imm->num_words, "immediate") |
              put(W, TGSI_TOK_IMM_TYPE, imm->type, "immediate"));
   for (unsigned i = 0; i < imm->num_words; i++)
      emit(W, imm->words[i]);
}

static void
write_prop(struct writer *W, const struct tgsi_prop *prop)
{
   emit(W, put(W, TGSI_TOK_TYPE, TGSI_TOKTYPE_PROPERTY, "property") |
              put(W, TGSI_TOK_NRTOKENS, 2, "property") |
              put(W, TGSI_TOK_PROP_NAME, prop->name, "property"));
   emit(W, prop->value);
}

static size_t
shader_num_words(const struct tgsi_shader *s)
{
   size_t n = 2;
   for (unsigned i = 0; i < s->num_props; i++)
      n += 2;
   for (unsigned i = 0; i < s->num_decls; i++)
      n += tgsi_decl_num_words(&s->decls[i]);
   for (unsigned i = 0; i < s->num_imms; i++)
      n += 1 + s->imms[i].num_words;
   for (unsigned i = 0; i < s->num_insns; i++)
      n += tgsi_insn_num_words(&s->insns[i]);
   return n;
}

bool
tgsi_write_tokens(struct arena *arena, const struct tgsi_shader *s,
                  uint32_t **words, size_t *num_words,
                  struct tgsiva_diagnostic *d)
{
   size_t total = shader_num_words(s);
   if (total > TGSI_MAX_TOKENS)
      return diag_error(d, TGSIVA_ERROR_LIMIT,
                        "the shader needs %zu tokens, more than the limit "
                        "of %u", total, TGSI_MAX_TOKENS);
   struct writer W = {.words = ARENA_ARRAY(arena, uint32_t, total),
                      .cap = total};
   emit(&W, put(&W, TGSI_TOK_HEADER_SIZE, 2, "header") |
               put(&W, TGSI_TOK_HEADER_BODY_SIZE, (uint32_t)total - 2, "body"));
   emit(&W, put(&W, TGSI_TOK_PROC_PROCESSOR, s->processor, "processor"));
   for (unsigned i = 0; i < s->num_items; i++) {
      const struct tgsi_item *it = &s->items[i];
      switch (it->kind) {
      case TGSI_ITEM_PROPERTY: write_prop(&W, &s->props[it->index]); break;
      case TGSI_ITEM_DECL: write_decl(&W, &s->decls[it->index]); break;
      case TGSI_ITEM_IMM: write_imm(&W, &s->imms[it->index]); break;
      case TGSI_ITEM_INSN: write_insn(&W, &s->insns[it->index]); break;
      }
   }
   if (W.overflow || W.len != total)
      return diag_error(d, TGSIVA_ERROR_INTERNAL,
                        "cannot encode the shader: %s",
                        W.overflow ? W.overflow : "inconsistent size");
   *words = W.words;
   *num_words = total;
   return true;
}
