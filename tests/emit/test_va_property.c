/* SPDX-License-Identifier: MIT */
/*
 * Property tests of the Valhall layer over every instruction form of the
 * table, with a fixed seed so that a failure reproduces:
 *
 * 1. Random valid operands and modifiers -> encode -> decode gives the
 *    same instruction -> print -> assemble gives the same word and the
 *    same instruction.
 * 2. Every form's opcode/opcode2 pair decodes to that form.
 * 3. Every word one bit away from a valid one, and random words, print
 *    without crashing; whatever decodes re-encodes to the same word, and
 *    reassembles to it when it keeps the hardware rules.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "emit/va.h"
#include "util/diag.h"

#define CASES_PER_FORM 30
#define RANDOM_WORDS 200000
#define SHOW_MAX 10

struct rng {
   uint64_t s;
};

static uint64_t
next(struct rng *r)
{
   /* xorshift64*: small, fast and good enough to pick test inputs. */
   r->s ^= r->s >> 12;
   r->s ^= r->s << 25;
   r->s ^= r->s >> 27;
   return r->s * UINT64_C(0x2545F4914F6CDD1D);
}

static unsigned
below(struct rng *r, unsigned n)
{
   return (unsigned)(next(r) % n);
}

/* A random value of enum `e` that is not reserved. */
static unsigned
enum_value(struct rng *r, enum va_enum e)
{
   const struct va_enum_info *info = &va_enums[e];
   for (;;) {
      unsigned v = below(r, info->count);
      if (info->values[v])
         return v;
   }
}

/* Immediate-table entries whose value no earlier entry has: the text of
 * a duplicate (entry 21 is 0x0 again) assembles to the first one. */
static unsigned
canonical_imm(struct rng *r)
{
   for (;;) {
      unsigned entry, i = below(r, 32);
      if (va_imm_table_lookup(va_imm_table[i], &entry) && entry == i)
         return i;
   }
}

static void
random_src(struct rng *r, const struct va_form *f, unsigned i,
           struct va_src *s)
{
   const struct va_src_info *si = &f->srcs[i];
   unsigned kind = below(r, 20);
   if (kind < 8) {
      *s = va_src_reg(below(r, VA_NUM_REGS));
      s->discard = below(r, 2);
   } else if (kind < 13) {
      *s = va_src_uniform(below(r, 256));
   } else if (kind < 17) {
      *s = va_src_imm_table(canonical_imm(r));
   } else {
      *s = va_src_special((enum va_special)below(r, VA_SPECIAL_COUNT),
                          below(r, 2));
   }
   if (si->flags & VA_SRC_ABSNEG) {
      s->neg = below(r, 2);
      s->abs = below(r, 2);
   }
   if (si->flags & VA_SRC_NOT)
      s->invert = below(r, 2);
   if (si->swz_enum != VA_ENUM_NONE) {
      const struct va_enum_info *e = &va_enums[si->swz_enum];
      unsigned v;
      do
         v = enum_value(r, (enum va_enum)si->swz_enum);
      while (v >= (1u << si->swz_bits));
      s->swizzle = (int)v == e->default_value ? VA_SWZ_NONE : e->swz[v];
   }
   if (va_src_reads_pair(f, i, s)) {
      if (s->kind == VA_SRC_KIND_SPECIAL)
         s->word = 0;
      else if (s->kind != VA_SRC_KIND_IMM)
         s->value &= ~1u;
   }
}

static int64_t
random_imm(struct rng *r, const struct va_imm_info *imm)
{
   uint64_t mask = ((uint64_t)1 << imm->bits) - 1;
   uint64_t v = next(r) & mask;
   int64_t sign = (int64_t)1 << (imm->bits - 1);
   return imm->is_signed ? ((int64_t)v ^ sign) - sign : (int64_t)v;
}

static void
random_staging(struct rng *r, const struct va_sr_info *sr,
               struct va_staging *st)
{
   unsigned lo = sr->count_bias, hi = (1u << sr->count_bits) - 1 + lo;
   st->count = sr->fixed_count ? sr->fixed_count
                               : lo + below(r, hi - lo + 1);
   st->reg = st->count ? below(r, VA_NUM_REGS - st->count + 1) : 0;
   if (st->count > 1)
      st->reg &= ~1u;
}

static void
random_fields(struct rng *r, enum va_op op, struct va_instr *I)
{
   const struct va_form *f = va_form(op);
   va_instr_init(I, op);
   I->flow = (enum va_flow)enum_value(r, VA_ENUM_FLOW);
   if (f->nr_dests) {
      I->dest.reg = below(r, VA_NUM_REGS);
      I->dest.mask = 1 + below(r, 3);
      if (f->size == 64) {
         I->dest.reg &= ~1u;
         I->dest.mask = VA_DEST_ALL;
      }
   }
   for (unsigned i = 0; i < f->nr_staging; i++)
      random_staging(r, &f->staging[i], &I->staging[i]);
   for (unsigned i = 0; i < f->nr_mods; i++) {
      const struct va_mod_info *m = &f->mods[i];
      I->mod[m->mod] = m->enum_id == VA_ENUM_NONE
                          ? below(r, 2)
                          : enum_value(r, (enum va_enum)m->enum_id);
   }
   if (va_form_mod(f, VA_MOD_SLOT))
      I->mod[VA_MOD_SLOT] = op == VA_OP_BARRIER ? 7 : below(r, 3);
   for (unsigned i = 0; i < f->nr_imms; i++)
      I->imm[f->imms[i].imm] = random_imm(r, &f->imms[i]);
}

/* Random sources until the FAU rules hold; registers if they never do. */
static void
random_instr(struct rng *r, enum va_op op, struct va_instr *I)
{
   const struct va_form *f = va_form(op);
   random_fields(r, op, I);
   for (unsigned tries = 0; tries < 100; tries++) {
      for (unsigned i = 0; i < f->nr_srcs; i++)
         random_src(r, f, i, &I->src[i]);
      if (va_check_rules(I, NULL))
         return;
   }
   for (unsigned i = 0; i < f->nr_srcs; i++)
      I->src[i] = va_src_reg(2 * i);
}

static bool
src_equal(const struct va_src *a, const struct va_src *b)
{
   return a->kind == b->kind && a->value == b->value &&
          a->word == b->word && a->swizzle == b->swizzle &&
          a->discard == b->discard && a->neg == b->neg &&
          a->abs == b->abs && a->invert == b->invert;
}

static bool
instr_equal(const struct va_instr *a, const struct va_instr *b)
{
   const struct va_form *f = va_form(a->op);
   if (a->op != b->op || a->flow != b->flow ||
       memcmp(a->mod, b->mod, sizeof(a->mod)) != 0 ||
       memcmp(a->imm, b->imm, sizeof(a->imm)) != 0)
      return false;
   if (f->nr_dests &&
       (a->dest.reg != b->dest.reg || a->dest.mask != b->dest.mask))
      return false;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (a->staging[i].reg != b->staging[i].reg ||
          a->staging[i].count != b->staging[i].count)
         return false;
   }
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (!src_equal(&a->src[i], &b->src[i]))
         return false;
   }
   return true;
}

struct result {
   unsigned passed, failed;
};

static void
report_failure(struct result *res, const struct va_instr *I,
               const char *what, const char *detail)
{
   struct arena a;
   struct strbuf sb;
   if (res->failed++ >= SHOW_MAX)
      return;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   va_print_instr(&sb, I);
   printf("  %s: %s: %s\n", va_form(I->op)->name, what, detail);
   printf("    instruction: %s\n", sb.data);
   arena_finish(&a);
}

/* encode -> decode -> print -> assemble on one instruction; the cause
 * of a failure, or NULL. */
static const char *
round_trip_failure(const struct va_instr *I, struct tgsiva_diagnostic *d)
{
   struct va_instr J, K;
   struct arena a;
   struct strbuf sb;
   uint64_t word, again;
   bool ok;

   if (!va_encode(I, &word, d))
      return "encode refused";
   if (!va_decode(word, &J))
      return "decode refused";
   if (!instr_equal(I, &J))
      return "decode differs";
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   va_print_instr(&sb, I);
   ok = va_assemble_line(sb.data, sb.len, 1, &K, &again, d);
   arena_finish(&a);
   if (!ok)
      return "assembly refused";
   if (again != word || !instr_equal(I, &K))
      return "assembly differs";
   return NULL;
}

static void
round_trip(struct result *res, const struct va_instr *I)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   const char *cause = round_trip_failure(I, &d);
   if (cause)
      report_failure(res, I, cause, d.message);
   else
      res->passed++;
}

static void
test_every_form_round_trips(void **state)
{
   (void)state;
   struct rng r = {UINT64_C(0x7467736976612121)};
   struct result res = {0};
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      for (unsigned n = 0; n < CASES_PER_FORM; n++) {
         struct va_instr I;
         random_instr(&r, (enum va_op)op, &I);
         round_trip(&res, &I);
      }
   }
   printf("round trip over %u forms: %u passed, %u failed\n", VA_OP_COUNT,
          res.passed, res.failed);
   assert_int_equal(res.failed, 0);
   assert_int_equal(res.passed, VA_OP_COUNT * CASES_PER_FORM);
}

/* Each form with its required modifiers at their first value. */
static void
minimal_instr(enum va_op op, struct va_instr *I)
{
   const struct va_form *f = va_form(op);
   va_instr_init(I, op);
   for (unsigned i = 0; i < f->nr_mods; i++) {
      const struct va_mod_info *m = &f->mods[i];
      for (unsigned v = 0; I->mod[m->mod] == VA_MOD_UNSET; v++) {
         if (va_enum_value_name((enum va_enum)m->enum_id, v))
            I->mod[m->mod] = (int8_t)v;
      }
   }
   if (va_form_mod(f, VA_MOD_SLOT))
      I->mod[VA_MOD_SLOT] = op == VA_OP_BARRIER ? 7 : 0;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      const struct va_sr_info *sr = &f->staging[i];
      I->staging[i].count = sr->fixed_count ? sr->fixed_count : 1;
   }
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      I->src[i] = va_src_reg(2 * i);
      unsigned v;
      if (f->srcs[i].swz_enum != VA_ENUM_NONE &&
          !va_swizzle_value((enum va_enum)f->srcs[i].swz_enum, VA_SWZ_NONE,
                            &v))
         I->src[i].swizzle = va_enums[f->srcs[i].swz_enum].swz[0];
   }
}

static void
test_opcode_pairs_decode_to_their_form(void **state)
{
   (void)state;
   unsigned passed = 0;
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      struct tgsiva_diagnostic d;
      struct va_instr I, J;
      uint64_t word;
      diag_clear(&d);
      minimal_instr((enum va_op)op, &I);
      if (!va_encode(&I, &word, &d))
         fail_msg("%s: %s", va_forms[op].name, d.message);
      if (!va_decode(word, &J) || J.op != op)
         fail_msg("%s (opcode 0x%x, opcode2 0x%x) decodes to %s",
                  va_forms[op].name, va_forms[op].opcode,
                  va_forms[op].opcode2,
                  va_decode(word, &J) ? va_forms[J.op].name : "nothing");
      passed++;
   }
   printf("opcode/opcode2 pairs: %u passed, 0 failed\n", passed);
}

struct fuzz {
   unsigned words, decoded, reassembled, aliases;
   struct result res;
};

/* The printed text of a decoded word must assemble to that word, except
 * that the immediate table holds 0x0 twice (entries 0 and 21): text names
 * the first, so an instruction using the second comes back as the same
 * text with entry 0. */
static void
reassemble(struct fuzz *z, const struct va_instr *I, uint64_t word,
           const char *text, size_t len)
{
   struct tgsiva_diagnostic d;
   struct va_instr K;
   struct arena a;
   struct strbuf sb;
   uint64_t again;

   diag_clear(&d);
   if (!va_assemble_line(text, len, 1, &K, &again, &d)) {
      report_failure(&z->res, I, "printed word is refused", d.message);
   } else if (again == word) {
      z->reassembled++;
   } else {
      arena_init(&a, 0);
      strbuf_init(&sb, &a);
      va_print_word(&sb, again);
      if (strcmp(sb.data, text) == 0)
         z->aliases++;
      else
         report_failure(&z->res, I, "printed word reassembles "
                        "differently", sb.data);
      arena_finish(&a);
   }
}

/* Any word: printing never crashes, decoding is exact. */
static void
fuzz_word(struct fuzz *z, uint64_t word)
{
   struct va_instr I;
   struct tgsiva_diagnostic d;
   struct arena a;
   struct strbuf sb;
   uint64_t again;

   z->words++;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   va_print_word(&sb, word);
   if (va_decode(word, &I)) {
      z->decoded++;
      diag_clear(&d);
      if (!va_pack(&I, &again, &d) || again != word)
         report_failure(&z->res, &I, "decoded word re-encodes differently",
                        "");
      else if (va_check_rules(&I, NULL))
         reassemble(z, &I, word, sb.data, sb.len);
   } else if (strncmp(sb.data, "UNKNOWN 0x", 10) != 0) {
      z->res.failed++;
      printf("  0x%016" PRIx64 " undecodable but printed '%s'\n", word,
             sb.data);
   }
   arena_finish(&a);
}

static void
test_mutated_and_random_words(void **state)
{
   (void)state;
   struct rng r = {UINT64_C(0x5eed5eed12345678)};
   struct fuzz z = {0};
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      struct va_instr I;
      uint64_t word;
      random_instr(&r, (enum va_op)op, &I);
      if (!va_encode(&I, &word, NULL))
         continue;
      for (unsigned bit = 0; bit < 64; bit++)
         fuzz_word(&z, word ^ (UINT64_C(1) << bit));
   }
   for (unsigned n = 0; n < RANDOM_WORDS; n++)
      fuzz_word(&z, next(&r));
   printf("fuzz: %u words, %u decoded, %u reassembled, %u through the "
          "second 0x0 entry: %u failed\n",
          z.words, z.decoded, z.reassembled, z.aliases, z.res.failed);
   assert_int_equal(z.res.failed, 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_form_round_trips),
      cmocka_unit_test(test_opcode_pairs_decode_to_their_form),
      cmocka_unit_test(test_mutated_and_random_words),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
