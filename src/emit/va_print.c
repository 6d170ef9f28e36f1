/* SPDX-License-Identifier: MIT */
/*
 * Printing Valhall instructions in the syntax of Mesa's Valhall
 * disassembler, so that tgsiva's output can be compared with Mesa's line by
 * line:
 *
 *    MNEMONIC[.modifier...][.flow] operand, operand, ...
 *
 * 1. Modifiers follow in the order of the form's table row (the XML
 *    order); an enum modifier at its default prints nothing, a flag prints
 *    its name when set.  The flow comes last.
 * 2. One space always follows the mnemonic, even without operands
 *    ("NOP.end ").
 * 3. Operands: the destination (r0, r0.h0, r0.h1), the staging vectors
 *    (@r0:r1:r2, or "@" when empty), the sources, then the immediates
 *    (name:value; hexadecimal, decimal if signed; the 32-bit constant of
 *    *_IMM instructions as #0x...).
 * 4. A source: ^ for a last use, rN, uN, the table constant in hex
 *    (0x3F800000), or a special value with its word (lane_id.w0); then .neg
 *    and .abs, the swizzle-like field unless at its default, and .not.
 */
#include <inttypes.h>

#include "va.h"

static void
print_mods(struct strbuf *sb, const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   for (unsigned i = 0; i < f->nr_mods; i++) {
      const struct va_mod_info *m = &f->mods[i];
      int v = I->mod[m->mod];
      if (m->enum_id == VA_ENUM_NONE) {
         if (v)
            strbuf_printf(sb, ".%s", va_mod_names[m->mod]);
      } else if (v != va_enums[m->enum_id].default_value) {
         const char *name = va_enum_value_name(m->enum_id, (unsigned)v);
         strbuf_printf(sb, ".%s", name ? name : "reserved");
      }
   }
   if (I->flow != VA_FLOW_NONE) {
      const char *flow = va_enum_value_name(VA_ENUM_FLOW, I->flow);
      strbuf_printf(sb, ".%s", flow ? flow : "reserved");
   }
}

static void
print_dest(struct strbuf *sb, const struct va_dest *dst)
{
   strbuf_printf(sb, "r%u", dst->reg);
   if (dst->mask == VA_DEST_H0)
      strbuf_puts(sb, ".h0");
   else if (dst->mask == VA_DEST_H1)
      strbuf_puts(sb, ".h1");
}

static void
print_staging(struct strbuf *sb, const struct va_staging *st)
{
   strbuf_putc(sb, '@');
   for (unsigned i = 0; i < st->count; i++)
      strbuf_printf(sb, "%sr%u", i ? ":" : "", st->reg + i);
}

static void
print_src_value(struct strbuf *sb, const struct va_src *s)
{
   switch (s->kind) {
   case VA_SRC_KIND_REG:
      strbuf_printf(sb, "%sr%u", s->discard ? "^" : "", s->value);
      break;
   case VA_SRC_KIND_UNIFORM:
      strbuf_printf(sb, "u%u", s->value);
      break;
   case VA_SRC_KIND_IMM:
      strbuf_printf(sb, "0x%" PRIX32, va_imm_table[s->value & 31]);
      break;
   case VA_SRC_KIND_SPECIAL:
      strbuf_printf(sb, "%s.w%u", va_specials[s->value].name, s->word);
      break;
   default:
      strbuf_puts(sb, "?");
   }
}

static void
print_src(struct strbuf *sb, const struct va_src *s)
{
   print_src_value(sb, s);
   if (s->neg)
      strbuf_puts(sb, ".neg");
   if (s->abs)
      strbuf_puts(sb, ".abs");
   if (s->swizzle != VA_SWZ_NONE)
      strbuf_printf(sb, ".%s", va_swz_names[s->swizzle]);
   if (s->invert)
      strbuf_puts(sb, ".not");
}

static void
print_imm(struct strbuf *sb, const struct va_imm_info *info, int64_t v)
{
   if (info->imm == VA_IMM_CONSTANT)
      strbuf_printf(sb, "#0x%" PRIX32, (uint32_t)v);
   else if (info->is_signed)
      strbuf_printf(sb, "%s:%" PRId64, va_imm_names[info->imm], v);
   else
      strbuf_printf(sb, "%s:0x%" PRIX64, va_imm_names[info->imm],
                    (uint64_t)v);
}

void
va_print_head(struct strbuf *sb, const struct va_instr *I)
{
   strbuf_puts(sb, va_form(I->op)->name);
   print_mods(sb, I);
}

void
va_print_imms(struct strbuf *sb, const struct va_instr *I, const char *sep)
{
   const struct va_form *f = va_form(I->op);
   for (unsigned i = 0; i < f->nr_imms; i++) {
      strbuf_puts(sb, sep);
      print_imm(sb, &f->imms[i], I->imm[f->imms[i].imm]);
   }
}

static void
print_instr(struct strbuf *sb, const struct va_instr *I, bool imms)
{
   const struct va_form *f = va_form(I->op);
   const char *sep = "";

   va_print_head(sb, I);
   strbuf_putc(sb, ' ');
   if (f->nr_dests) {
      print_dest(sb, &I->dest);
      sep = ", ";
   }
   for (unsigned i = 0; i < f->nr_staging; i++, sep = ", ") {
      strbuf_puts(sb, sep);
      print_staging(sb, &I->staging[i]);
   }
   for (unsigned i = 0; i < f->nr_srcs; i++, sep = ", ") {
      strbuf_puts(sb, sep);
      print_src(sb, &I->src[i]);
   }
   if (imms)
      va_print_imms(sb, I,
                    f->nr_dests + f->nr_staging + f->nr_srcs ? ", " : "");
}

void
va_print_instr(struct strbuf *sb, const struct va_instr *I)
{
   print_instr(sb, I, true);
}

void
va_print_operands(struct strbuf *sb, const struct va_instr *I)
{
   print_instr(sb, I, false);
}

void
va_print_word(struct strbuf *sb, uint64_t word)
{
   struct va_instr I;
   if (va_decode(word, &I))
      va_print_instr(sb, &I);
   else
      strbuf_printf(sb, "UNKNOWN 0x%016" PRIX64, word);
}

static void
print_offset(struct strbuf *sb, size_t index, uint64_t word)
{
   strbuf_printf(sb, "%06zx:  ", index * 8);
   for (unsigned b = 0; b < 8; b++)
      strbuf_printf(sb, "%02x ", (unsigned)(word >> (8 * b)) & 0xFF);
   strbuf_puts(sb, "   ");
}

void
va_disassemble(struct strbuf *sb, const uint64_t *words, size_t count,
               unsigned flags)
{
   /* Mesa pads programs with zero words; those are not instructions. */
   while (count && words[count - 1] == 0)
      count--;
   for (size_t i = 0; i < count; i++) {
      if (flags & VA_DISASM_OFFSETS)
         print_offset(sb, i, words[i]);
      va_print_word(sb, words[i]);
      strbuf_putc(sb, '\n');
   }
}
