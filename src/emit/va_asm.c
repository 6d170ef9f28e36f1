/* SPDX-License-Identifier: MIT */
/*
 * The Valhall assembler: parses the syntax va_print.c prints (Mesa's) and
 * encodes it with va_encode, so that every hardware rule the encoder knows
 * also rejects bad assembly.
 *
 * 1. The mnemonic is the longest form name that the first word starts
 *    with, followed by "." or the end of the word ("LD_VAR_BUF.f32.slot0"
 *    is LD_VAR_BUF.f32, not LD_VAR).
 * 2. The dot-separated words after it are modifiers, in any order: at most
 *    one flow, each modifier at most once.  A value with a dot in it
 *    ("16.32", a varying-texture register width) is taken whole.  A
 *    modifier with a default may be left out; one without (a compare's
 *    condition, a slot) may not.
 *    Where two modifiers of one enum accept the same word (TEX_DUAL's two
 *    register widths), the words fill them in printing order.
 * 3. Operands are comma-separated, in the order destination, staging
 *    vectors, sources, immediates, and there must be exactly as many as
 *    the form has.
 * 4. A source's swizzle-like modifier must be one its form allows; one
 *    that has no default (lanes, lane, half-swizzle) must be given.  A
 *    special value needs its word (.w0 or .w1) right after its name.
 *
 * Errors name the line and column of the offending text.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"
#include "va.h"

/* A piece of the line: offset and length. */
struct span {
   size_t at, len;
};

struct parser {
   const char *text;
   unsigned line;
   struct tgsiva_diagnostic *d;
   struct va_instr *I;
   const struct va_form *f;
   bool given[VA_MOD_COUNT];
   bool flow_given;
};

static bool
error(struct parser *p, size_t at, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static bool
error(struct parser *p, size_t at, const char *fmt, ...)
{
   char msg[480];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   return diag_at(p->d, TGSIVA_ERROR_INPUT, p->line, (unsigned)at + 1, "%s",
                  msg);
}

static bool
span_is(const struct parser *p, struct span s, const char *word)
{
   return strlen(word) == s.len && memcmp(p->text + s.at, word, s.len) == 0;
}

static struct span
trim(const char *text, struct span s)
{
   while (s.len && isspace((unsigned char)text[s.at])) {
      s.at++;
      s.len--;
   }
   while (s.len && isspace((unsigned char)text[s.at + s.len - 1]))
      s.len--;
   return s;
}

/* Splits `s` at the first `sep` (not included in either half). */
static bool
split(const char *text, struct span s, char sep, struct span *head,
      struct span *rest)
{
   const char *hit = memchr(text + s.at, sep, s.len);
   if (!hit) {
      *head = s;
      *rest = (struct span){s.at + s.len, 0};
      return false;
   }
   size_t n = (size_t)(hit - (text + s.at));
   *head = (struct span){s.at, n};
   *rest = (struct span){s.at + n + 1, s.len - n - 1};
   return true;
}

/* Splits `s` at every `sep` into at most `max` parts; returns the count,
 * or max + 1 if there are more. */
static unsigned
split_all(const char *text, struct span s, char sep, struct span *parts,
          unsigned max)
{
   unsigned n = 0;
   bool more = true;
   while (more && n <= max) {
      struct span part;
      more = split(text, s, sep, &part, &s);
      if (n < max)
         parts[n] = part;
      n++;
   }
   return n;
}

/* Decimal or 0x-hexadecimal, with a '-' if `allow_sign`. */
static bool
parse_number(struct parser *p, struct span s, bool allow_sign, int64_t *out)
{
   const char *t = p->text + s.at;
   size_t i = 0;
   unsigned base = 10;
   uint64_t v = 0;
   bool neg = allow_sign && s.len && t[0] == '-';
   if (neg)
      i++;
   if (s.len - i > 2 && t[i] == '0' && (t[i + 1] == 'x' || t[i + 1] == 'X')) {
      base = 16;
      i += 2;
   }
   if (i == s.len)
      return error(p, s.at, "expected a number, found '%.*s'", (int)s.len,
                   t);
   for (; i < s.len; i++) {
      int digit = va_hex_digit(t[i]);
      if (digit < 0 || (unsigned)digit >= base)
         return error(p, s.at, "bad number '%.*s'", (int)s.len, t);
      if (v > (UINT64_C(1) << 40))
         return error(p, s.at, "number '%.*s' too large", (int)s.len, t);
      v = v * base + (unsigned)digit;
   }
   *out = neg ? -(int64_t)v : (int64_t)v;
   return true;
}

/* "rN" with N < 64. */
static bool
parse_reg(struct parser *p, struct span s, unsigned *reg)
{
   const char *t = p->text + s.at;
   int64_t v = 0;
   bool ok = s.len >= 2 && s.len <= 4 && t[0] == 'r';
   for (size_t i = 1; ok && i < s.len; i++)
      ok = isdigit((unsigned char)t[i]);
   if (!ok)
      return error(p, s.at, "expected a register, found '%.*s'", (int)s.len,
                   t);
   for (size_t i = 1; i < s.len; i++)
      v = v * 10 + (t[i] - '0');
   if (v >= VA_NUM_REGS)
      return error(p, s.at, "register r%lld out of range (r0-r63)",
                   (long long)v);
   *reg = (unsigned)v;
   return true;
}

/* Mnemonic and modifiers ------------------------------------------------ */

static bool
find_form(struct parser *p, struct span head)
{
   size_t best = 0;
   for (unsigned i = 0; i < VA_OP_COUNT; i++) {
      const char *name = va_forms[i].name;
      size_t n = strlen(name);
      if (n > head.len || n <= best ||
          memcmp(name, p->text + head.at, n) != 0)
         continue;
      if (n < head.len && p->text[head.at + n] != '.')
         continue;
      best = n;
      va_instr_init(p->I, (enum va_op)i);
   }
   if (!best)
      return error(p, head.at, "unknown instruction '%.*s'", (int)head.len,
                   p->text + head.at);
   p->f = va_form(p->I->op);
   return true;
}

/* The flow that `tok` names, or -1. */
static int
flow_value(const struct parser *p, struct span tok)
{
   const struct va_enum_info *e = &va_enums[VA_ENUM_FLOW];
   for (unsigned v = 0; v < e->count; v++) {
      if (e->values[v] && span_is(p, tok, e->values[v]))
         return (int)v;
   }
   return -1;
}

/* The value of modifier `m` that `tok` names, or -1. */
static int
mod_value(const struct parser *p, const struct va_mod_info *m,
          struct span tok)
{
   if (m->enum_id == VA_ENUM_NONE)
      return span_is(p, tok, va_mod_names[m->mod]) ? 1 : -1;
   const struct va_enum_info *e = &va_enums[m->enum_id];
   for (unsigned v = 0; v < e->count; v++) {
      if (e->values[v] && span_is(p, tok, e->values[v]))
         return (int)v;
   }
   return -1;
}

static bool
parse_mod(struct parser *p, struct span tok)
{
   const struct va_mod_info *hit = NULL;
   int value = -1;
   int flow = flow_value(p, tok);
   if (!tok.len)
      return error(p, tok.at, "empty modifier");
   if (flow >= 0) {
      if (p->flow_given)
         return error(p, tok.at, "more than one flow modifier");
      p->flow_given = true;
      p->I->flow = (enum va_flow)flow;
      return true;
   }
   for (unsigned i = 0; i < p->f->nr_mods; i++) {
      const struct va_mod_info *m = &p->f->mods[i];
      int v = mod_value(p, m, tok);
      if (v < 0)
         continue;
      if (hit && hit->enum_id != m->enum_id)
         return error(p, tok.at, "modifier .%.*s is ambiguous", (int)tok.len,
                      p->text + tok.at);
      if (!hit || p->given[hit->mod]) {
         hit = m;
         value = v;
      }
   }
   if (!hit)
      return error(p, tok.at, "%s has no modifier .%.*s", p->f->name,
                   (int)tok.len, p->text + tok.at);
   if (p->given[hit->mod])
      return error(p, tok.at, "modifier %s given twice",
                   va_mod_names[hit->mod]);
   p->given[hit->mod] = true;
   p->I->mod[hit->mod] = (int8_t)value;
   return true;
}

/* Does `tok` name a flow or a value of one of the form's modifiers? */
static bool
names_modifier(const struct parser *p, struct span tok)
{
   if (flow_value(p, tok) >= 0)
      return true;
   for (unsigned i = 0; i < p->f->nr_mods; i++) {
      if (mod_value(p, &p->f->mods[i], tok) >= 0)
         return true;
   }
   return false;
}

static bool
parse_head(struct parser *p, struct span head)
{
   struct span mods[2 * VA_MAX_MODS + 2];
   const unsigned max = 2 * VA_MAX_MODS + 2;
   if (!find_form(p, head))
      return false;
   size_t n = strlen(p->f->name);
   if (n == head.len)
      return true;
   struct span rest = {head.at + n + 1, head.len - n - 1};
   unsigned count = split_all(p->text, rest, '.', mods, max);
   if (count > max)
      return error(p, rest.at, "too many modifiers");
   for (unsigned i = 0; i < count; i++) {
      /* Some values contain a dot ("16.32"): take the longer match. */
      struct span two = {mods[i].at, 0};
      if (i + 1 < count)
         two.len = mods[i + 1].at + mods[i + 1].len - mods[i].at;
      if (two.len && names_modifier(p, two)) {
         if (!parse_mod(p, two))
            return false;
         i++;
      } else if (!parse_mod(p, mods[i])) {
         return false;
      }
   }
   return true;
}

/* Operands ---------------------------------------------------------------- */

static bool
parse_dest(struct parser *p, struct span s)
{
   struct span reg, mask;
   unsigned r;
   bool has_mask = split(p->text, s, '.', &reg, &mask);
   if (!parse_reg(p, reg, &r))
      return false;
   p->I->dest.reg = (uint8_t)r;
   p->I->dest.mask = VA_DEST_ALL;
   if (!has_mask)
      return true;
   if (span_is(p, mask, "h0"))
      p->I->dest.mask = VA_DEST_H0;
   else if (span_is(p, mask, "h1"))
      p->I->dest.mask = VA_DEST_H1;
   else
      return error(p, mask.at, "expected a write mask .h0 or .h1");
   return true;
}

static bool
parse_staging(struct parser *p, struct span s, unsigned i)
{
   struct va_staging *st = &p->I->staging[i];
   struct span reg, rest;
   if (!s.len || p->text[s.at] != '@')
      return error(p, s.at, "expected staging registers (@r0:r1...)");
   st->reg = 0;
   st->count = 0;
   rest = (struct span){s.at + 1, s.len - 1};
   bool more = rest.len > 0;
   while (more) {
      unsigned r;
      more = split(p->text, rest, ':', &reg, &rest);
      if (!parse_reg(p, reg, &r))
         return false;
      if (st->count && r != st->reg + st->count)
         return error(p, reg.at, "staging registers must be consecutive");
      if (!st->count)
         st->reg = (uint8_t)r;
      if (++st->count > 8)
         return error(p, reg.at, "too many staging registers");
   }
   return true;
}

static bool
parse_special(struct parser *p, struct span name, struct va_src *src)
{
   for (unsigned i = 0; i < VA_SPECIAL_COUNT; i++) {
      if (span_is(p, name, va_specials[i].name)) {
         *src = va_src_special((enum va_special)i, 0);
         return true;
      }
   }
   return error(p, name.at, "unknown operand '%.*s'", (int)name.len,
                p->text + name.at);
}

static bool
parse_constant(struct parser *p, struct span s, struct va_src *src)
{
   int64_t v;
   unsigned entry;
   if (!parse_number(p, s, false, &v))
      return false;
   if (v > UINT32_MAX || !va_imm_table_lookup((uint32_t)v, &entry))
      return error(p, s.at, "0x%llX is not in the immediate table",
                   (unsigned long long)v);
   *src = va_src_imm_table(entry);
   return true;
}

/* "r2" or, for a 64-bit source, "r2:r3". */
static bool
parse_src_reg(struct parser *p, struct span s, unsigned i,
              struct va_src *src)
{
   struct span lo, hi;
   unsigned r, r2;
   bool pair = split(p->text, s, ':', &lo, &hi);
   if (!parse_reg(p, lo, &r))
      return false;
   *src = va_src_reg(r);
   if (!pair)
      return true;
   if (p->f->srcs[i].size != 64)
      return error(p, s.at, "only a 64-bit source is a register pair");
   if (!parse_reg(p, hi, &r2))
      return false;
   if (r2 != r + 1)
      return error(p, hi.at, "a register pair is two consecutive registers");
   return true;
}

static bool
parse_src_value(struct parser *p, struct span s, unsigned i,
                struct va_src *src)
{
   const char *t = p->text + s.at;
   int64_t v;
   if (s.len && t[0] == '^') {
      if (!parse_src_reg(p, (struct span){s.at + 1, s.len - 1}, i, src))
         return false;
      src->discard = true;
      return true;
   }
   if (s.len > 1 && t[0] == 'r' && isdigit((unsigned char)t[1]))
      return parse_src_reg(p, s, i, src);
   if (s.len > 1 && t[0] == 'u' && isdigit((unsigned char)t[1])) {
      if (!parse_number(p, (struct span){s.at + 1, s.len - 1}, false, &v))
         return false;
      if (v > 255)
         return error(p, s.at, "uniform u%lld out of range (u0-u255)",
                      (long long)v);
      *src = va_src_uniform((unsigned)v);
      return true;
   }
   if (s.len && isdigit((unsigned char)t[0]))
      return parse_constant(p, s, src);
   return parse_special(p, s, src);
}

static bool
set_src_swizzle(struct parser *p, struct span tok, unsigned i, unsigned swz)
{
   const struct va_src_info *si = &p->f->srcs[i];
   unsigned value;
   if (p->I->src[i].swizzle != VA_SWZ_NONE)
      return error(p, tok.at, "more than one swizzle on source %u", i);
   if (!va_src_swizzle_value(si, swz, &value))
      return error(p, tok.at, "source %u of %s cannot take .%s", i,
                   p->f->name, va_swz_names[swz]);
   p->I->src[i].swizzle = (uint8_t)swz;
   return true;
}

static bool
parse_src_mod(struct parser *p, struct span tok, unsigned i)
{
   struct va_src *src = &p->I->src[i];
   uint16_t flags = p->f->srcs[i].flags;
   bool *flag = NULL;
   if (span_is(p, tok, "neg") && (flags & VA_SRC_ABSNEG))
      flag = &src->neg;
   else if (span_is(p, tok, "abs") && (flags & VA_SRC_ABSNEG))
      flag = &src->abs;
   else if (span_is(p, tok, "not") && (flags & VA_SRC_NOT))
      flag = &src->invert;
   if (flag) {
      if (*flag)
         return error(p, tok.at, "modifier given twice");
      *flag = true;
      return true;
   }
   for (unsigned swz = 1; swz < VA_SWZ_COUNT; swz++) {
      if (span_is(p, tok, va_swz_names[swz]))
         return set_src_swizzle(p, tok, i, swz);
   }
   return error(p, tok.at, "source %u of %s cannot take .%.*s", i,
                p->f->name, (int)tok.len, p->text + tok.at);
}

static bool
parse_src(struct parser *p, struct span s, unsigned i)
{
   struct span parts[8];
   unsigned n = split_all(p->text, s, '.', parts, 8), k = 1;
   if (n > 8)
      return error(p, s.at, "too many source modifiers");
   if (!parse_src_value(p, parts[0], i, &p->I->src[i]))
      return false;
   if (p->I->src[i].kind == VA_SRC_KIND_SPECIAL) {
      /* The word select comes first, before any other modifier. */
      if (n < 2 || !(span_is(p, parts[1], "w0") || span_is(p, parts[1], "w1")))
         return error(p, parts[0].at, "special value needs .w0 or .w1");
      p->I->src[i].word = p->text[parts[1].at + 1] == '1';
      k = 2;
   }
   for (; k < n; k++) {
      if (!parts[k].len)
         return error(p, parts[k].at, "empty modifier");
      if (!parse_src_mod(p, parts[k], i))
         return false;
   }
   return true;
}

static bool
parse_imm(struct parser *p, struct span s, const struct va_imm_info *imm)
{
   const char *name = va_imm_names[imm->imm];
   struct span label, value;
   if (imm->imm == VA_IMM_CONSTANT) {
      if (!s.len || p->text[s.at] != '#')
         return error(p, s.at, "expected #constant");
      value = (struct span){s.at + 1, s.len - 1};
   } else if (!split(p->text, s, ':', &label, &value) ||
              !span_is(p, label, name)) {
      return error(p, s.at, "expected %s:value", name);
   }
   return parse_number(p, value, imm->is_signed, &p->I->imm[imm->imm]);
}

/* Operands in order: destination, staging, sources, immediates. */
static bool
parse_operand(struct parser *p, struct span s, unsigned k)
{
   const struct va_form *f = p->f;
   if (!s.len)
      return error(p, s.at, "empty operand");
   if (k < f->nr_dests)
      return parse_dest(p, s);
   k -= f->nr_dests;
   if (k < f->nr_staging)
      return parse_staging(p, s, k);
   k -= f->nr_staging;
   if (k < f->nr_srcs)
      return parse_src(p, s, k);
   return parse_imm(p, s, &f->imms[k - f->nr_srcs]);
}

static bool
parse_operands(struct parser *p, struct span s)
{
   const struct va_form *f = p->f;
   unsigned want = f->nr_dests + f->nr_staging + f->nr_srcs + f->nr_imms;
   struct span ops[12];
   unsigned n = s.len ? split_all(p->text, s, ',', ops, 12) : 0;
   if (n != want)
      return error(p, n ? ops[0].at : s.at,
                   "%s takes %u operand%s, found %u", f->name, want,
                   want == 1 ? "" : "s", n);
   for (unsigned k = 0; k < n; k++) {
      if (!parse_operand(p, trim(p->text, ops[k]), k))
         return false;
   }
   return true;
}

bool
va_parse_head(const char *text, size_t len, struct va_instr *I,
              struct tgsiva_diagnostic *d)
{
   struct parser p = {.text = text, .line = 1, .d = d, .I = I};
   return parse_head(&p, (struct span){0, len});
}

bool
va_parse_imm(const char *text, size_t len, struct va_instr *I,
             struct tgsiva_diagnostic *d)
{
   struct parser p = {.text = text, .line = 1, .d = d, .I = I};
   p.f = va_form(I->op);
   struct span s = {0, len};
   for (unsigned i = 0; i < p.f->nr_imms; i++) {
      const struct va_imm_info *imm = &p.f->imms[i];
      size_t n = strlen(va_imm_names[imm->imm]);
      bool constant = imm->imm == VA_IMM_CONSTANT;
      if (constant ? (len && text[0] == '#')
                   : (len > n && !strncmp(text, va_imm_names[imm->imm], n) &&
                      text[n] == ':'))
         return parse_imm(&p, s, imm);
   }
   return error(&p, 0, "%s has no such immediate", p.f->name);
}

/* Where the text of a line ends: before a comment, trailing blanks cut. */
static size_t
content_length(const char *text, size_t len)
{
   size_t end = len;
   bool line_start = true;
   for (size_t i = 0; i < len; i++) {
      if (text[i] == '#' &&
          (line_start || i + 1 == len || isspace((unsigned char)text[i + 1]))) {
         end = i;
         break;
      }
      line_start = line_start && isspace((unsigned char)text[i]);
   }
   while (end && isspace((unsigned char)text[end - 1]))
      end--;
   return end;
}

bool
va_assemble_line(const char *text, size_t len, unsigned line,
                 struct va_instr *I, uint64_t *word,
                 struct tgsiva_diagnostic *d)
{
   struct parser p = {.text = text, .line = line, .d = d, .I = I};
   struct span all = trim(text, (struct span){0, content_length(text, len)});
   struct span head, rest;
   struct tgsiva_diagnostic why;

   if (!all.len)
      return error(&p, 0, "expected an instruction");
   head = all;
   for (size_t i = 0; i < all.len; i++) {
      if (isspace((unsigned char)text[all.at + i])) {
         head.len = i;
         break;
      }
   }
   rest = trim(text, (struct span){head.at + head.len,
                                   all.len - head.len});
   if (!parse_head(&p, head) || !parse_operands(&p, rest))
      return false;
   diag_clear(&why);
   if (!va_encode(I, word, &why))
      return error(&p, head.at, "%s", why.message);
   return true;
}

bool
va_assemble(struct arena *arena, const char *text, size_t len,
            uint64_t **words, size_t *count, struct tgsiva_diagnostic *d)
{
   VEC(uint64_t) out = {0};
   const char *s;
   size_t at = 0, n;
   for (unsigned line = 1; va_next_line(text, len, &at, &s, &n); line++) {
      struct va_instr I;
      uint64_t word;
      if (!content_length(s, n))
         continue;
      if (!va_assemble_line(s, n, line, &I, &word, d))
         return false;
      *VEC_PUSH(arena, &out) = word;
   }
   *words = out.data;
   *count = out.len;
   return true;
}
