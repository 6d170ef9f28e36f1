/* SPDX-License-Identifier: MIT */
/*
 * Decoding a 64-bit Valhall word into a struct va_instr.
 *
 * The primary opcode (bits 48-56) selects the forms that share it, and the
 * secondary opcode in each form's own field picks one of them (the
 * generator proved that at most one matches).  Each field is then read
 * where the form's table row puts it.
 *
 * A word is accepted only if it is exactly the word va_pack would make of
 * the result: no stray bits outside the form's fields, no reserved enum
 * value, no dead register bits in an empty staging operand.  So everything
 * the decoder accepts prints, reassembles and re-encodes to the same word.
 * Hardware rules (va_rules.c) are not applied: a word that breaks one
 * still decodes, and prints, so that it can be seen.
 */
#include "va.h"

static uint64_t
bits(uint64_t word, unsigned start, unsigned count)
{
   return (word >> start) & (((uint64_t)1 << count) - 1);
}

static const struct va_opcode_bucket *
find_bucket(unsigned opcode)
{
   for (unsigned i = 0; i < VA_OPCODE_BUCKETS; i++) {
      if (va_opcode_buckets[i].opcode == opcode)
         return &va_opcode_buckets[i];
   }
   return NULL;
}

static bool
find_form(uint64_t word, enum va_op *op)
{
   const struct va_opcode_bucket *b = find_bucket(bits(word, 48, 9));
   if (!b)
      return false;
   for (unsigned i = 0; i < b->count; i++) {
      const struct va_form *f = va_form(va_bucket_forms[b->first + i]);
      uint64_t op2 = (word >> f->opcode2_start) & f->opcode2_mask;
      if (op2 == f->opcode2) {
         *op = (enum va_op)va_bucket_forms[b->first + i];
         return true;
      }
   }
   return false;
}

/* The special value at `index` of FAU page `page`, if there is one. */
static bool
find_special(unsigned page, unsigned index, unsigned *which)
{
   for (unsigned i = 0; i < VA_SPECIAL_COUNT; i++) {
      if (va_specials[i].page == page && va_specials[i].index == index) {
         *which = i;
         return true;
      }
   }
   return false;
}

static bool
decode_src_value(uint64_t word, unsigned byte, struct va_src *s)
{
   unsigned page = bits(word, 57, 2);
   switch (byte >> 6) {
   case 0:
   case 1:
      *s = va_src_reg(byte & 0x3F);
      s->discard = byte & 0x40;
      return true;
   case 2:
      *s = va_src_uniform(page << 6 | (byte & 0x3F));
      return true;
   default:
      if (!(byte & 0x20)) {
         *s = va_src_imm_table(byte & 0x1F);
         return true;
      }
      unsigned which;
      if (!find_special(page, (byte >> 1) & 0xF, &which))
         return false;
      *s = va_src_special((enum va_special)which, byte & 1);
      return true;
   }
}

/* The va_swz token of value `v` of a swizzle-like field. */
static bool
decode_swizzle(const struct va_src_info *si, unsigned v, uint8_t *swz)
{
   const struct va_enum_info *e = &va_enums[si->swz_enum];
   if (v >= e->count || !e->values[v])
      return false;
   *swz = (int)v == e->default_value ? VA_SWZ_NONE : e->swz[v];
   return true;
}

static bool
decode_src(uint64_t word, const struct va_src_info *si, struct va_src *s)
{
   if (!decode_src_value(word, (unsigned)bits(word, si->start, 8), s))
      return false;
   if (si->flags & VA_SRC_ABSNEG) {
      s->neg = bits(word, si->neg_bit, 1);
      s->abs = bits(word, si->abs_bit, 1);
   }
   if (si->flags & VA_SRC_NOT)
      s->invert = bits(word, 35, 1);
   if (si->swz_enum != VA_ENUM_NONE)
      return decode_swizzle(si, bits(word, si->swz_start, si->swz_bits),
                            &s->swizzle);
   return true;
}

static void
decode_staging(uint64_t word, const struct va_sr_info *sr,
               struct va_staging *st)
{
   st->reg = bits(word, sr->start, 6);
   st->count = sr->fixed_count
                  ? sr->fixed_count
                  : bits(word, sr->count_start, sr->count_bits) +
                       sr->count_bias;
}

static bool
decode_mods(uint64_t word, const struct va_form *f, struct va_instr *I)
{
   for (unsigned i = 0; i < f->nr_mods; i++) {
      const struct va_mod_info *m = &f->mods[i];
      unsigned v = bits(word, m->start, m->bits);
      if (m->enum_id != VA_ENUM_NONE &&
          !va_enum_value_name((enum va_enum)m->enum_id, v))
         return false;
      I->mod[m->mod] = (int8_t)v;
   }
   return true;
}

static void
decode_imms(uint64_t word, const struct va_form *f, struct va_instr *I)
{
   for (unsigned i = 0; i < f->nr_imms; i++) {
      const struct va_imm_info *imm = &f->imms[i];
      uint64_t v = bits(word, imm->start, imm->bits);
      int64_t sign = (int64_t)1 << (imm->bits - 1);
      I->imm[imm->imm] =
         imm->is_signed ? ((int64_t)v ^ sign) - sign : (int64_t)v;
   }
}

bool
va_decode(uint64_t word, struct va_instr *I)
{
   enum va_op op;
   if (!find_form(word, &op))
      return false;

   const struct va_form *f = va_form(op);
   va_instr_init(I, op);
   I->flow = bits(word, 59, 4);
   if (f->nr_dests) {
      I->dest.reg = bits(word, 40, 6);
      I->dest.mask = bits(word, 46, 2);
   }
   for (unsigned i = 0; i < f->nr_staging; i++)
      decode_staging(word, &f->staging[i], &I->staging[i]);
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (!decode_src(word, &f->srcs[i], &I->src[i]))
         return false;
   }
   if (!decode_mods(word, f, I))
      return false;
   decode_imms(word, f, I);

   /* Canonical words only: packing the result must give the word back. */
   uint64_t again;
   return va_pack(I, &again, NULL) && again == word;
}
