/* SPDX-License-Identifier: MIT */
/*
 * Encoding a struct va_instr into its 64-bit word, one small function per
 * field.  Each function checks that its field can be encoded (in range, not
 * a reserved enum value, a capability the source really has) and refuses
 * the instruction with the reason otherwise, so that no silently wrong
 * word is ever produced.
 *
 * The layout (spec/valhall-encoding.md, "The word"):
 *   0-31   source bytes (a 64-bit source of a narrower instruction takes
 *          two bytes); per-source modifiers and named fields above them,
 *          where the form's table row puts them
 *   40-47  destination (register | write mask << 6) or staging byte
 *   48-56  primary opcode; 57-58 FAU page; 59-62 flow; 63 reserved (0)
 *
 * va_pack stops there; va_encode also applies the hardware rules of
 * va_rules.c, which look at the instruction as a whole.
 */
#include <string.h>

#include "util/diag.h"
#include "va.h"

struct packer {
   const struct va_instr *I;
   const struct va_form *f;
   uint64_t word;
   int page; /* FAU page of the uniform/special sources, -1 if none */
   struct tgsiva_diagnostic *d;
};

#define invalid(p, ...) va_refuse((p)->d, (p)->I->op, __VA_ARGS__)

static uint64_t
field(uint64_t value, unsigned start)
{
   return value << start;
}

static bool
pack_opcode(struct packer *p)
{
   p->word |= field(p->f->opcode, 48);
   p->word |= field(p->f->opcode2, p->f->opcode2_start);
   return true;
}

static bool
pack_flow(struct packer *p)
{
   unsigned flow = p->I->flow;
   if (!va_enum_value_name(VA_ENUM_FLOW, flow))
      return invalid(p, "flow %u is reserved", flow);
   p->word |= field(flow, 59);
   return true;
}

static bool
pack_dest(struct packer *p)
{
   const struct va_dest *dst = &p->I->dest;
   if (!p->f->nr_dests) {
      /* Without any register written, the mask bits are still set. */
      if (!p->f->nr_staging)
         p->word |= field(0xC0, 40);
      return true;
   }
   if (dst->reg >= VA_NUM_REGS)
      return invalid(p, "destination r%u out of range", dst->reg);
   if (dst->mask < VA_DEST_H0 || dst->mask > VA_DEST_ALL)
      return invalid(p, "destination writes no half of r%u", dst->reg);
   p->word |= field(dst->reg | dst->mask << 6, 40);
   return true;
}

static bool
pack_staging_count(struct packer *p, unsigned i)
{
   const struct va_sr_info *sr = &p->f->staging[i];
   unsigned count = p->I->staging[i].count;
   if (sr->fixed_count) {
      if (count != sr->fixed_count)
         return invalid(p, "staging operand %u takes %u registers, not %u",
                        i, sr->fixed_count, count);
      return true;
   }
   unsigned lo = sr->count_bias, hi = (1u << sr->count_bits) - 1 + lo;
   if (count < lo || count > hi)
      return invalid(p, "staging operand %u: %u registers (%u-%u allowed)",
                     i, count, lo, hi);
   p->word |= field(count - lo, sr->count_start);
   return true;
}

static bool
pack_staging(struct packer *p, unsigned i)
{
   const struct va_sr_info *sr = &p->f->staging[i];
   const struct va_staging *st = &p->I->staging[i];
   if (!pack_staging_count(p, i))
      return false;
   if (st->count && st->reg + st->count > VA_NUM_REGS)
      return invalid(p, "staging registers r%u..r%u out of range", st->reg,
                     st->reg + st->count - 1);
   /* An empty staging operand prints as "@": its register field is 0. */
   unsigned reg = st->count ? st->reg : 0;
   p->word |= field(reg | (sr->has_flags ? sr->flags : 0), sr->start);
   return true;
}

static bool
set_page(struct packer *p, int page, unsigned i)
{
   if (page < 0)
      return true;
   if (p->page >= 0 && p->page != page)
      return invalid(p, "source %u is on FAU page %d, an earlier source on "
                     "page %d: one instruction reads one page", i, page,
                     p->page);
   p->page = page;
   return true;
}

static bool
check_src_value(struct packer *p, const struct va_src *s, unsigned i)
{
   static const unsigned limit[] = {
      [VA_SRC_KIND_REG] = VA_NUM_REGS,
      [VA_SRC_KIND_UNIFORM] = 256,
      [VA_SRC_KIND_IMM] = 32,
      [VA_SRC_KIND_SPECIAL] = VA_SPECIAL_COUNT,
   };
   if (s->kind == VA_SRC_KIND_NONE || s->kind > VA_SRC_KIND_SPECIAL)
      return invalid(p, "source %u is missing", i);
   if (s->value >= limit[s->kind])
      return invalid(p, "source %u: value %u out of range", i, s->value);
   if (s->discard && s->kind != VA_SRC_KIND_REG)
      return invalid(p, "source %u: only a register can be a last use (^)",
                     i);
   if (s->word > 1 || (s->word && s->kind != VA_SRC_KIND_SPECIAL))
      return invalid(p, "source %u: bad word select", i);
   return true;
}

/* The encoded value of the swizzle-like field of source `i`. */
static bool
swizzle_value(struct packer *p, unsigned i, unsigned *value)
{
   const struct va_src_info *si = &p->f->srcs[i];
   unsigned swz = p->I->src[i].swizzle;
   const char *name = swz < VA_SWZ_COUNT ? va_swz_names[swz] : "?";
   char choices[200];
   if (va_src_swizzle_value(si, swz, value))
      return true;
   if (si->swz_enum == VA_ENUM_NONE)
      return invalid(p, "source %u takes no swizzle (.%s)", i, name);
   va_enum_choices((enum va_enum)si->swz_enum, choices, sizeof(choices));
   if (swz == VA_SWZ_NONE)
      return invalid(p, "source %u needs one of %s", i, choices);
   return invalid(p, "source %u cannot take .%s (%s)", i, name,
                  va_enums[si->swz_enum].name);
}

static bool
pack_src_mods(struct packer *p, unsigned i)
{
   const struct va_src_info *si = &p->f->srcs[i];
   const struct va_src *s = &p->I->src[i];
   unsigned swz = 0; /* set on success; gcc -flto cannot see that */
   if ((s->neg || s->abs) && !(si->flags & VA_SRC_ABSNEG))
      return invalid(p, "source %u takes no .neg or .abs", i);
   if (s->invert && !(si->flags & VA_SRC_NOT))
      return invalid(p, "source %u takes no .not", i);
   if (!swizzle_value(p, i, &swz))
      return false;
   p->word |= field(s->neg, si->neg_bit) | field(s->abs, si->abs_bit);
   p->word |= field(s->invert, 35);
   p->word |= field(swz, si->swz_start);
   return true;
}

static bool
pack_src(struct packer *p, unsigned i)
{
   const struct va_src *s = &p->I->src[i];
   int page;
   if (!check_src_value(p, s, i))
      return false;
   uint8_t byte = va_src_byte(s, &page);
   if (!set_page(p, page, i))
      return false;
   p->word |= field(byte, p->f->srcs[i].start);
   return pack_src_mods(p, i);
}

static bool
pack_mod(struct packer *p, const struct va_mod_info *m)
{
   int v = p->I->mod[m->mod];
   const char *name = va_mod_names[m->mod];
   if (v == VA_MOD_UNSET && m->enum_id == VA_ENUM_NONE)
      return invalid(p, "flag %s is unset", name);
   if (v == VA_MOD_UNSET) {
      char choices[200];
      va_enum_choices((enum va_enum)m->enum_id, choices, sizeof(choices));
      return invalid(p, "missing required modifier %s (one of %s)", name,
                     choices);
   }
   if (v < 0 || v >= (1 << m->bits) ||
       (m->enum_id != VA_ENUM_NONE &&
        !va_enum_value_name((enum va_enum)m->enum_id, (unsigned)v)))
      return invalid(p, "modifier %s: value %d is reserved", name, v);
   p->word |= field((unsigned)v, m->start);
   return true;
}

/* Bit i: byte i of `eight` (a modifier) is set, not VA_MOD_UNSET (all
 * ones), for eight modifiers at once.  Complemented, a set byte is not
 * zero: its top bit after adding 0x7f to its low seven bits, or'd with
 * its own top bit, says so; the multiply gathers the eight top bits
 * into the top byte. */
static unsigned
eight_set(uint64_t eight)
{
   uint64_t x = ~eight;
   uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
   uint64_t top = (((x & low7) + low7) | x) & ~low7;
   return (unsigned)((top >> 7) * 0x0102040810204080ull >> 56);
}

_Static_assert(VA_MOD_COUNT <= 64, "the modifiers set fit one mask");

static bool
pack_mods(struct packer *p)
{
   for (unsigned i = 0; i < p->f->nr_mods; i++) {
      if (!pack_mod(p, &p->f->mods[i]))
         return false;
   }
   /* A modifier set that the form does not have: eight at a time,
    * skipping groups all unset (most are). */
   uint64_t set = 0;
   unsigned mod = 0;
   for (; mod + 8 <= VA_MOD_COUNT; mod += 8) {
      uint64_t eight;
      memcpy(&eight, &p->I->mod[mod], sizeof(eight));
      if (eight != UINT64_MAX)
         set |= (uint64_t)eight_set(eight) << mod;
   }
   for (; mod < VA_MOD_COUNT; mod++)
      set |= (uint64_t)(p->I->mod[mod] != VA_MOD_UNSET) << mod;
   uint64_t foreign = set & ~p->f->mod_set;
   if (foreign)
      return invalid(p, "has no modifier %s",
                     va_mod_names[__builtin_ctzll(foreign)]);
   return true;
}

static bool
pack_imm(struct packer *p, const struct va_imm_info *imm)
{
   int64_t v = p->I->imm[imm->imm], lo, hi;
   va_imm_range(imm, &lo, &hi);
   if (v < lo || v > hi)
      return invalid(p, "%s %lld out of range (%lld to %lld)",
                     va_imm_names[imm->imm], (long long)v, (long long)lo,
                     (long long)hi);
   uint64_t mask = ((uint64_t)1 << imm->bits) - 1;
   p->word |= field((uint64_t)v & mask, imm->start);
   return true;
}

bool
va_pack(const struct va_instr *I, uint64_t *out, struct tgsiva_diagnostic *d)
{
   struct tgsiva_diagnostic scratch;
   if (!d) {
      diag_clear(&scratch);
      d = &scratch;
   }
   if ((unsigned)I->op >= VA_OP_COUNT)
      return diag_error(d, TGSIVA_ERROR_INPUT, "no instruction form %u",
                        (unsigned)I->op);

   struct packer p = {.I = I, .f = va_form(I->op), .page = -1, .d = d};
   bool ok = pack_opcode(&p) && pack_flow(&p) && pack_dest(&p);
   for (unsigned i = 0; ok && i < p.f->nr_staging; i++)
      ok = pack_staging(&p, i);
   for (unsigned i = 0; ok && i < p.f->nr_srcs; i++)
      ok = pack_src(&p, i);
   ok = ok && pack_mods(&p);
   for (unsigned i = 0; ok && i < p.f->nr_imms; i++)
      ok = pack_imm(&p, &p.f->imms[i]);
   if (!ok)
      return false;
   if (p.page > 0)
      p.word |= field((unsigned)p.page, 57);
   *out = p.word;
   return true;
}

bool
va_encode(const struct va_instr *I, uint64_t *out,
          struct tgsiva_diagnostic *d)
{
   uint64_t word;
   if (!va_pack(I, &word, d) || !va_check_rules(I, d))
      return false;
   *out = word;
   return true;
}
