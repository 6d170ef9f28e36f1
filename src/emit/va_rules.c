/* SPDX-License-Identifier: MIT */
/*
 * The hardware rules that look at a Valhall instruction as a whole, one
 * predicate each (spec/valhall-encoding.md, "Source byte", "Staging
 * registers" and "Dependency slots").  va_encode applies all of them; a
 * validator or a repair pass calls the one it cares about.
 *
 *  1. All uniform and special FAU sources come from one FAU page.
 *  2. An ALU instruction reads at most one 64-bit FAU slot (two 32-bit
 *     words of it); a message instruction at most two slots, three words.
 *  3. At most two distinct FAU or immediate-table sources: the FAU buffer
 *     holds two values (a value read twice counts once).
 *  4. A 64-bit value in registers is an aligned pair, named by its even
 *     register; a 64-bit FAU value is a whole slot (word 0).
 *  5. A staging vector of more than one register starts at an even one.
 *  6. A message instruction writes dependency slot 0, 1 or 2; slot 7 is
 *     BARRIER's, and BARRIER uses no other.
 *
 * The predicates assume that every field is in range (va_pack checks
 * that first).
 */
#include "va.h"

static bool
is_fau(const struct va_src *s)
{
   return s->kind == VA_SRC_KIND_UNIFORM || s->kind == VA_SRC_KIND_SPECIAL;
}

bool
va_rule_fau_page(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   int first = -1;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      int page;
      va_src_byte(&I->src[i], &page);
      if (page < 0)
         continue;
      if (first >= 0 && page != first)
         return va_refuse(d, I->op,
                          "reads FAU pages %d and %d: all uniform and "
                          "special sources must come from one page",
                          first, page);
      first = page;
   }
   return true;
}

/* A key naming the 64-bit FAU slot of a source: uniform slots and special
 * values never share one. */
static unsigned
fau_slot(const struct va_src *s)
{
   if (s->kind == VA_SRC_KIND_UNIFORM)
      return s->value >> 1;
   return 0x100 | s->value;
}

static unsigned
fau_word(const struct va_src *s)
{
   return fau_slot(s) << 1 |
          (s->kind == VA_SRC_KIND_UNIFORM ? s->value & 1 : s->word);
}

/* Adds `key` to the set `keys` of `*n` entries; false if it was there. */
static bool
add_key(unsigned *keys, unsigned *n, unsigned key)
{
   for (unsigned i = 0; i < *n; i++) {
      if (keys[i] == key)
         return false;
   }
   keys[(*n)++] = key;
   return true;
}

bool
va_rule_fau_slots(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   unsigned slots[VA_MAX_SRCS], words[VA_MAX_SRCS];
   unsigned nr_slots = 0, nr_words = 0;
   unsigned max_slots = f->message ? 2 : 1, max_words = f->message ? 3 : 2;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (!is_fau(&I->src[i]))
         continue;
      add_key(slots, &nr_slots, fau_slot(&I->src[i]));
      add_key(words, &nr_words, fau_word(&I->src[i]));
   }
   if (nr_slots > max_slots)
      return va_refuse(d, I->op,
                       "reads %u 64-bit FAU slots; %s instruction "
                       "reads at most %u",
                       nr_slots, f->message ? "a message" : "an ALU",
                       max_slots);
   if (nr_words > max_words)
      return va_refuse(d, I->op,
                       "reads %u FAU words; %s instruction reads at "
                       "most %u",
                       nr_words, f->message ? "a message" : "an ALU",
                       max_words);
   return true;
}

bool
va_rule_fau_sources(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   unsigned seen[VA_MAX_SRCS], n = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      const struct va_src *s = &I->src[i];
      int page;
      if (s->kind == VA_SRC_KIND_REG)
         continue;
      add_key(seen, &n, (unsigned)va_src_byte(s, &page));
   }
   if (n > 2)
      return va_refuse(d, I->op,
                       "reads %u distinct uniforms, special values and "
                       "table constants; the FAU buffer holds 2",
                       n);
   return true;
}

static bool
check_pair_src(const struct va_instr *I, unsigned i,
               struct tgsiva_diagnostic *d)
{
   const struct va_src *s = &I->src[i];
   if (s->kind == VA_SRC_KIND_REG && s->value % 2)
      return va_refuse(d, I->op,
                       "source %u is 64-bit: r%u is not an aligned "
                       "register pair",
                       i, s->value);
   if (s->kind == VA_SRC_KIND_UNIFORM && s->value % 2)
      return va_refuse(d, I->op,
                       "source %u is 64-bit: u%u is not the start of a "
                       "FAU slot",
                       i, s->value);
   if (s->kind == VA_SRC_KIND_SPECIAL && s->word)
      return va_refuse(d, I->op,
                       "source %u is 64-bit: a special value is read "
                       "from its word 0",
                       i);
   return true;
}

bool
va_rule_pairs(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (va_src_reads_pair(f, i, &I->src[i]) && !check_pair_src(I, i, d))
         return false;
   }
   if (f->nr_dests && f->size == 64) {
      if (I->dest.reg % 2)
         return va_refuse(d, I->op,
                          "64-bit destination r%u is not an aligned "
                          "register pair",
                          I->dest.reg);
      if (I->dest.mask != VA_DEST_ALL)
         return va_refuse(d, I->op,
                          "64-bit destination cannot write half a "
                          "register");
   }
   return true;
}

bool
va_rule_staging(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   for (unsigned i = 0; i < f->nr_staging; i++) {
      const struct va_staging *st = &I->staging[i];
      if (st->count > 1 && st->reg % 2)
         return va_refuse(d, I->op,
                          "staging registers r%u..r%u must start at an "
                          "even register (aligned to a pair)",
                          st->reg, st->reg + st->count - 1);
   }
   return true;
}

bool
va_rule_slot(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   const struct va_form *f = va_form(I->op);
   if (!va_form_mod(f, VA_MOD_SLOT))
      return true;
   bool barrier = I->op == VA_OP_BARRIER;
   int slot = I->mod[VA_MOD_SLOT];
   if (barrier && slot != VA_SLOT_SLOT7)
      return va_refuse(d, I->op, "a barrier uses dependency slot 7");
   if (!barrier && slot == VA_SLOT_SLOT7)
      return va_refuse(d, I->op, "dependency slot 7 is reserved for BARRIER");
   return true;
}

bool
va_rules_fau(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   /* Rules 1-3 hold for one FAU or table source alone (one page, one
    * slot, one value): most instructions are checked without them. */
   const struct va_form *f = va_form(I->op);
   unsigned fau = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++)
      fau += I->src[i].kind != VA_SRC_KIND_REG;
   return fau <= 1 || (va_rule_fau_page(I, d) && va_rule_fau_slots(I, d) &&
                       va_rule_fau_sources(I, d));
}

bool
va_check_rules(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   return va_rules_fau(I, d) && va_rule_pairs(I, d) &&
          va_rule_staging(I, d) && va_rule_slot(I, d);
}
