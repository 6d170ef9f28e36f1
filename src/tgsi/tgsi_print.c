/* SPDX-License-Identifier: MIT */
/*
 * A decoded shader as text, exactly as Mesa's tgsi_dump prints it: the
 * corpus compares our output with Mesa's byte for byte, so every space,
 * number format and optional part below follows tgsi_dump's rules:
 *
 *  1. Items in stream order; instructions numbered "%3u: " and indented
 *     two spaces per open IF/ELSE/BGNLOOP/BGNSUB block.
 *  2. Write masks and swizzles are printed only when they are not xyzw.
 *  3. Semantic indices are printed when non-zero, and always for GENERIC
 *     and TEXCOORD.
 *  4. An interpolation mode is printed only for fragment inputs; a
 *     location only when it is not CENTER.
 *  5. Geometry inputs, non-patch tessellation inputs and non-patch
 *     tessellation control outputs are declared as FILE[][range].
 *  6. FLT32 immediates as "%10.4f", FLT64 as "%10.8f".
 *  7. Texture targets are printed for textures except SAMPLE..GATHER4;
 *     memory tokens print qualifiers, then a non-zero texture and format.
 */
#include "tgsi.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util/bits.h"

static void
put_name(struct strbuf *sb, const struct tgsi_names *names, unsigned v)
{
   const char *n = tgsi_name(names, v);
   if (n)
      strbuf_puts(sb, n);
   else
      strbuf_printf(sb, "%u", v);
}

static void
put_writemask(struct strbuf *sb, unsigned mask)
{
   if (mask == TGSI_WMASK_XYZW)
      return;
   strbuf_putc(sb, '.');
   for (unsigned c = 0; c < 4; c++) {
      if (mask & (1u << c))
         strbuf_putc(sb, tgsi_swizzle_char(c));
   }
}

/* "[ADDR[0].x+3]" and its array id "(2)". */
static void
put_indirect(struct strbuf *sb, const struct tgsi_ind *ind, int32_t offset)
{
   strbuf_printf(sb, "[%s[%d].%c", tgsi_name(&tgsi_file_names, ind->file),
                 ind->index, tgsi_swizzle_char(ind->swizzle));
   if (offset != 0)
      strbuf_printf(sb, "%+d", offset);
   strbuf_putc(sb, ']');
   if (ind->array_id)
      strbuf_printf(sb, "(%u)", ind->array_id);
}

static void
put_reg(struct strbuf *sb, const struct tgsi_reg *r)
{
   strbuf_puts(sb, tgsi_name(&tgsi_file_names, r->file));
   if (r->dimension) {
      if (r->dim_indirect)
         put_indirect(sb, &r->dim_ind, r->dim_index);
      else
         strbuf_printf(sb, "[%d]", r->dim_index);
   }
   if (r->indirect)
      put_indirect(sb, &r->ind, r->index);
   else
      strbuf_printf(sb, "[%d]", r->index);
}

static void
put_src(struct strbuf *sb, const struct tgsi_src *src)
{
   const uint8_t *s = src->swizzle;
   if (src->negate)
      strbuf_putc(sb, '-');
   if (src->absolute)
      strbuf_putc(sb, '|');
   put_reg(sb, &src->reg);
   if (s[0] != 0 || s[1] != 1 || s[2] != 2 || s[3] != 3)
      strbuf_printf(sb, ".%c%c%c%c", tgsi_swizzle_char(s[0]),
                    tgsi_swizzle_char(s[1]), tgsi_swizzle_char(s[2]),
                    tgsi_swizzle_char(s[3]));
   if (src->absolute)
      strbuf_putc(sb, '|');
}

static void
put_texture(struct strbuf *sb, const struct tgsi_insn *insn)
{
   const struct tgsi_op_info *info = tgsi_op_info(insn->opcode);
   if (!(info->flags & TGSI_OPF_TEXTOKEN)) {
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_tex_names, insn->tex_target);
   }
   for (unsigned i = 0; i < insn->num_offsets; i++) {
      const struct tgsi_tex_offset *o = &insn->offsets[i];
      strbuf_printf(sb, ", %s[%d].%c%c%c",
                    tgsi_name(&tgsi_file_names, o->file), o->index,
                    tgsi_swizzle_char(o->swizzle[0]),
                    tgsi_swizzle_char(o->swizzle[1]),
                    tgsi_swizzle_char(o->swizzle[2]));
   }
}

static void
put_memory(struct strbuf *sb, const struct tgsi_insn *insn)
{
   for (unsigned bit = 0; bit < 4; bit++) {
      if (insn->mem_qualifier & (1u << bit))
         strbuf_printf(sb, ", %s", tgsi_name(&tgsi_memq_names, bit));
   }
   if (insn->mem_texture) {
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_tex_names, insn->mem_texture);
   }
   if (insn->mem_format) {
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_format_names, insn->mem_format);
   }
}

void
tgsi_print_insn(struct strbuf *sb, const struct tgsi_insn *insn)
{
   const struct tgsi_op_info *info = tgsi_op_info(insn->opcode);
   strbuf_puts(sb, info->name);
   if (insn->saturate)
      strbuf_puts(sb, "_SAT");
   if (insn->precise)
      strbuf_puts(sb, "_PRECISE");
   for (unsigned i = 0; i < insn->num_dst; i++) {
      strbuf_puts(sb, i ? ", " : " ");
      put_reg(sb, &insn->dst[i].reg);
      put_writemask(sb, insn->dst[i].writemask);
   }
   for (unsigned i = 0; i < insn->num_src; i++) {
      strbuf_puts(sb, i + insn->num_dst ? ", " : " ");
      put_src(sb, &insn->src[i]);
   }
   if (insn->has_texture)
      put_texture(sb, insn);
   if (insn->has_memory)
      put_memory(sb, insn);
   if (insn->has_label && (info->flags & TGSI_OPF_LABEL))
      strbuf_printf(sb, " :%u", insn->label);
}

bool
tgsi_decl_has_vertex_dim(const struct tgsi_decl *decl, enum tgsi_proc proc)
{
   bool patch = decl->semantic && (decl->sem_name == TGSI_SEM_PATCH ||
                                    decl->sem_name == TGSI_SEM_TESSINNER ||
                                    decl->sem_name == TGSI_SEM_TESSOUTER ||
                                    decl->sem_name == TGSI_SEM_PRIMID);
   if (decl->file == TGSI_REGFILE_INPUT)
      return proc == TGSI_PROC_GEOMETRY ||
             (!patch && (proc == TGSI_PROC_TESS_CTRL ||
                         proc == TGSI_PROC_TESS_EVAL));
   return decl->file == TGSI_REGFILE_OUTPUT && !patch &&
          proc == TGSI_PROC_TESS_CTRL;
}

static void
put_semantic(struct strbuf *sb, const struct tgsi_decl *decl)
{
   strbuf_puts(sb, ", ");
   put_name(sb, &tgsi_sem_names, decl->sem_name);
   if (decl->sem_index != 0 || decl->sem_name == TGSI_SEM_TEXCOORD ||
       decl->sem_name == TGSI_SEM_GENERIC)
      strbuf_printf(sb, "[%u]", decl->sem_index);
   const uint8_t *st = decl->stream;
   if (st[0] || st[1] || st[2] || st[3])
      strbuf_printf(sb, ", STREAM(%u, %u, %u, %u)", st[0], st[1], st[2],
                    st[3]);
}

/* The attributes that belong to one register file. */
static void
put_file_attributes(struct strbuf *sb, const struct tgsi_decl *decl)
{
   const enum tgsi_ret_type *rt = decl->return_type;
   switch (decl->file) {
   case TGSI_REGFILE_IMAGE:
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_tex_names, decl->target);
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_format_names, decl->format);
      if (decl->writable)
         strbuf_puts(sb, ", WR");
      if (decl->raw)
         strbuf_puts(sb, ", RAW");
      break;
   case TGSI_REGFILE_BUFFER:
      if (decl->atomic)
         strbuf_puts(sb, ", ATOMIC");
      break;
   case TGSI_REGFILE_MEMORY:
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_memtype_names, decl->mem_type);
      break;
   case TGSI_REGFILE_SAMPLER_VIEW:
      strbuf_puts(sb, ", ");
      put_name(sb, &tgsi_tex_names, decl->target);
      for (unsigned c = 0; c < 4; c++) {
         if (c > 0 && rt[1] == rt[0] && rt[2] == rt[0] && rt[3] == rt[0])
            break;
         strbuf_puts(sb, ", ");
         put_name(sb, &tgsi_ret_names, rt[c]);
      }
      break;
   default:
      break;
   }
}

static void
put_decl(struct strbuf *sb, const struct tgsi_decl *decl,
         enum tgsi_proc proc)
{
   strbuf_printf(sb, "DCL %s", tgsi_name(&tgsi_file_names, decl->file));
   if (tgsi_decl_has_vertex_dim(decl, proc))
      strbuf_puts(sb, "[]");
   if (decl->dimension)
      strbuf_printf(sb, "[%u]", decl->dim_index);
   if (decl->first != decl->last)
      strbuf_printf(sb, "[%u..%u]", decl->first, decl->last);
   else
      strbuf_printf(sb, "[%u]", decl->first);
   put_writemask(sb, decl->usage_mask);
   if (decl->array)
      strbuf_printf(sb, ", ARRAY(%u)", decl->array_id);
   if (decl->local)
      strbuf_puts(sb, ", LOCAL");
   if (decl->semantic)
      put_semantic(sb, decl);
   put_file_attributes(sb, decl);
   if (decl->interpolate) {
      if (proc == TGSI_PROC_FRAGMENT && decl->file == TGSI_REGFILE_INPUT) {
         strbuf_puts(sb, ", ");
         put_name(sb, &tgsi_interp_names, decl->interp);
      }
      if (decl->location != TGSI_INTERP_LOC_CENTER) {
         strbuf_puts(sb, ", ");
         put_name(sb, &tgsi_interp_loc_names, decl->location);
      }
   }
   if (decl->invariant)
      strbuf_puts(sb, ", INVARIANT");
   strbuf_putc(sb, '\n');
}

static void
put_imm_value(struct strbuf *sb, const struct tgsi_imm *imm, unsigned i)
{
   char buf[512];
   uint64_t w64 = imm->words[i];
   if (i + 1 < imm->num_words)
      w64 |= (uint64_t)imm->words[i + 1] << 32;
   switch (imm->type) {
   case TGSI_IMMTYPE_FLT32:
      tgsi_format_number(buf, sizeof(buf), "%10.4f",
                         bits_to_float(imm->words[i]));
      break;
   case TGSI_IMMTYPE_FLT64:
      tgsi_format_number(buf, sizeof(buf), "%10.8f",
                         bits_to_double(w64));
      break;
   case TGSI_IMMTYPE_UINT32:
      snprintf(buf, sizeof(buf), "%u", imm->words[i]);
      break;
   case TGSI_IMMTYPE_INT32:
      snprintf(buf, sizeof(buf), "%d", (int32_t)imm->words[i]);
      break;
   case TGSI_IMMTYPE_UINT64:
      snprintf(buf, sizeof(buf), "%" PRIu64, w64);
      break;
   default:
      snprintf(buf, sizeof(buf), "%" PRId64, (int64_t)w64);
      break;
   }
   strbuf_puts(sb, buf);
}

static void
put_imm(struct strbuf *sb, const struct tgsi_imm *imm, unsigned number)
{
   bool wide = imm->type >= TGSI_IMMTYPE_FLT64;
   strbuf_printf(sb, "IMM[%u] ", number);
   put_name(sb, &tgsi_immtype_names, imm->type);
   strbuf_puts(sb, " {");
   for (unsigned i = 0; i < imm->num_words; i += wide ? 2 : 1) {
      if (i > 0)
         strbuf_puts(sb, ", ");
      put_imm_value(sb, imm, i);
   }
   strbuf_puts(sb, "}\n");
}

static void
put_prop(struct strbuf *sb, const struct tgsi_prop *prop)
{
   strbuf_puts(sb, "PROPERTY ");
   put_name(sb, &tgsi_prop_names, prop->name);
   strbuf_putc(sb, ' ');
   switch (prop->name) {
   case TGSI_PROP_GS_INPUT_PRIM:
   case TGSI_PROP_GS_OUTPUT_PRIM:
      put_name(sb, &tgsi_prim_names, prop->value);
      break;
   case TGSI_PROP_FS_COORD_ORIGIN:
      put_name(sb, &tgsi_origin_names, prop->value);
      break;
   case TGSI_PROP_FS_COORD_PIXEL_CENTER:
      put_name(sb, &tgsi_pixcenter_names, prop->value);
      break;
   case TGSI_PROP_NEXT_SHADER:
      put_name(sb, &tgsi_proc_names, prop->value);
      break;
   default:
      /* tgsi_dump prints property values as signed. */
      strbuf_printf(sb, "%d", (int32_t)prop->value);
      break;
   }
   strbuf_putc(sb, '\n');
}

static void
put_numbered_insn(struct strbuf *sb, const struct tgsi_insn *insn,
                  int *indent)
{
   const struct tgsi_op_info *info = tgsi_op_info(insn->opcode);
   strbuf_printf(sb, "%3u: ", insn->number);
   if (info->flags & TGSI_OPF_DEDENT)
      (*indent)--;
   for (int i = 0; i < *indent; i++)
      strbuf_puts(sb, "  ");
   if (info->flags & TGSI_OPF_INDENT)
      (*indent)++;
   tgsi_print_insn(sb, insn);
   strbuf_putc(sb, '\n');
}

void
tgsi_print_shader(struct strbuf *sb, const struct tgsi_shader *s)
{
   int indent = 0;
   unsigned imm_number = 0;
   put_name(sb, &tgsi_proc_names, s->processor);
   strbuf_putc(sb, '\n');
   for (unsigned i = 0; i < s->num_items; i++) {
      const struct tgsi_item *it = &s->items[i];
      switch (it->kind) {
      case TGSI_ITEM_PROPERTY:
         put_prop(sb, &s->props[it->index]);
         break;
      case TGSI_ITEM_DECL:
         put_decl(sb, &s->decls[it->index], s->processor);
         break;
      case TGSI_ITEM_IMM:
         put_imm(sb, &s->imms[it->index], imm_number++);
         break;
      case TGSI_ITEM_INSN:
         put_numbered_insn(sb, &s->insns[it->index], &indent);
         break;
      }
   }
}
