/* SPDX-License-Identifier: MIT */
/*
 * What the IR needs to know about Valhall forms: names of special FAU
 * values, which forms have side effects, and the text of an IR_OP_VA
 * template (the form with its modifiers and immediates, without operands).
 */
#include <string.h>

#include "ir/ir.h"
#include "ir/ir_va_slot.h"

#include "emit/va.h"
#include "util/diag.h"
#include "util/bits.h"

bool
ir_ref_is_thread_local_pointer(struct ir_ref r)
{
   return r.kind == IR_REF_SPECIAL &&
          r.index == VA_SPECIAL_THREAD_LOCAL_POINTER && !r.comp &&
          !r.swizzle && !r.mods;
}

const char *
ir_special_name(unsigned index)
{
   return index < VA_SPECIAL_COUNT ? va_specials[index].name : "?";
}

int
ir_special_lookup(const char *name, size_t len)
{
   for (unsigned i = 0; i < VA_SPECIAL_COUNT; i++) {
      if (strlen(va_specials[i].name) == len &&
          !strncmp(va_specials[i].name, name, len))
         return (int)i;
   }
   return -1;
}

/* Messages that only read (loads, address computations, texture
 * fetches; the ISA table's kind says which) have no side effects; every
 * other message (stores, atomics, outputs, barriers) has.  ALU forms have
 * none, except DISCARD, which changes which lanes run. */
bool
ir_va_has_side_effects(unsigned op)
{
   if (op == VA_OP_DISCARD_F32 || op == VA_OP_NOP)
      return true;
   switch ((enum va_msg)va_form((enum va_op)op)->kind) {
   case VA_MSG_NONE:
   case VA_MSG_VARYING:
   case VA_MSG_ADDRESS:
   case VA_MSG_TEXTURE:
   case VA_MSG_CONST_LOAD:
   case VA_MSG_LOAD: return false;
   default: return true;
   }
}

struct ir_instr *
ir_va_create(struct ir_shader *s, unsigned op, unsigned nsrc,
             const struct ir_ref *srcs)
{
   struct ir_instr *I = ir_instr_create(s, IR_OP_VA, nsrc);
   for (unsigned i = 0; srcs && i < nsrc; i++)
      I->src[i] = srcs[i];
   I->va_op = (uint16_t)op;
   I->va = ir_va_template(s, op, NULL);
   return I;
}

struct va_settings *
ir_va_template(struct ir_shader *s, unsigned op, const struct va_settings *from)
{
   /* Not zeroed here: both ways write the whole template. */
   struct ir_va_slot *slot = arena_alloc(s->templates, sizeof(*slot));
   if (from)
      slot->va = *from;
   else
      va_settings_init(&slot->va, (enum va_op)op);
   slot->bound = NULL;
   return &slot->va;
}

unsigned
ir_va_nr_srcs(unsigned op)
{
   return va_form((enum va_op)op)->nr_srcs;
}

/* The template as an instruction of the form I->va_op (the opcode's one
 * copy), without operands. */
static struct va_instr
template_of(const struct ir_instr *I)
{
   struct va_instr t;
   va_instr_from_settings(&t, (enum va_op)I->va_op, I->va);
   return t;
}

void
ir_print_va_template(struct strbuf *sb, const struct ir_instr *I)
{
   struct va_instr t = template_of(I);
   va_print_head(sb, &t);
}

void
ir_print_va_imms(struct strbuf *sb, const struct ir_instr *I)
{
   struct va_instr t = template_of(I);
   va_print_imms(sb, &t, " ");
}

struct va_settings *
ir_parse_va_template(struct arena *arena, const char *text, size_t len,
                     unsigned *va_op)
{
   struct va_instr head;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!va_parse_head(text, len, &head, &d))
      return NULL;
   struct ir_va_slot *slot = ARENA_NEW(arena, struct ir_va_slot);
   va_settings_of(&slot->va, &head);
   *va_op = head.op;
   return &slot->va;
}

bool
ir_parse_va_imm(struct va_settings *t, unsigned va_op, const char *text,
                size_t len)
{
   struct va_instr I;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   va_instr_from_settings(&I, (enum va_op)va_op, t);
   if (!va_parse_imm(text, len, &I, &d))
      return false;
   va_settings_of(t, &I);
   return true;
}

/* The hardware token for an IR part selector on a source of kind `si`,
 * or false if the source cannot select that part. */
static bool
swizzle_token(const struct va_src_info *si, enum ir_swizzle swz,
              bool wide_value, uint8_t *out)
{
   uint16_t fl = si->flags;
   unsigned v;
   enum va_swz tok = VA_SWZ_NONE;
   switch (swz) {
   case IR_SWIZZLE_NONE:
   case IR_SWIZZLE_W0:
   case IR_SWIZZLE_W1:
      /* A 32-bit register read by a 64-bit widening source is its low
       * word extended; shift counts read byte 0. */
      if (si->size == 64 && (fl & VA_SRC_WIDEN) && !wide_value)
         tok = VA_SWZ_W0;
      else if (fl & VA_SRC_LANES)
         tok = VA_SWZ_B00;
      break;
   case IR_SWIZZLE_H0:
   case IR_SWIZZLE_H1: {
      bool hi = swz == IR_SWIZZLE_H1;
      if (fl & VA_SRC_WIDEN)
         tok = hi ? VA_SWZ_H1 : VA_SWZ_H0;
      else if (fl & VA_SRC_SWIZZLE)
         tok = hi ? VA_SWZ_H11 : VA_SWZ_H00;
      else
         return false;
      break;
   }
   default: {
      unsigned b = (unsigned)(swz - IR_SWIZZLE_B0);
      static const enum va_swz widen[] = {VA_SWZ_B0, VA_SWZ_B1, VA_SWZ_B2,
                                          VA_SWZ_B3};
      static const enum va_swz lanes[] = {VA_SWZ_B00, VA_SWZ_B11,
                                          VA_SWZ_B22, VA_SWZ_B33};
      if (fl & VA_SRC_WIDEN)
         tok = widen[b];
      else if (fl & VA_SRC_LANES)
         tok = lanes[b];
      else
         return false;
      break;
   }
   }
   *out = (uint8_t)tok;
   return va_src_swizzle_value(si, tok, &v);
}

/* An entry of the immediate table, and a part of it the slot can select,
 * that reads as `value`.  Parts are used only where the slot's extension
 * cannot change the value: bytes below 0x80, halves below 0x8000, f16
 * halves that convert exactly. */
/* Out of line: inlined, its loop made every register source's
 * conversion save and restore registers it never needed. */
__attribute__((noinline)) static bool
table_constant(const struct va_src_info *si, uint32_t value,
               struct va_src *out)
{
   static const enum va_swz lanes[] = {VA_SWZ_B00, VA_SWZ_B11, VA_SWZ_B22,
                                       VA_SWZ_B33};
   static const enum va_swz bytes[] = {VA_SWZ_B0, VA_SWZ_B1, VA_SWZ_B2,
                                       VA_SWZ_B3};
   unsigned entry, v;
   out->kind = VA_SRC_KIND_IMM;
   if (!(si->flags & VA_SRC_LANES) && va_imm_table_lookup(value, &entry)) {
      out->value = (uint8_t)entry;
      out->swizzle = VA_SWZ_NONE;
      return va_src_swizzle_value(si, VA_SWZ_NONE, &v);
   }
   /* Bytes and integer halves hold less than 0x8000, float halves
    * float16 values (`as_half`, found once rather than converting every
    * half of the table): most constants are neither. */
   bool float_half = (si->flags & VA_SRC_SWIZZLE) && si->size == 32 &&
                     !(si->flags & VA_SRC_WIDEN);
   uint16_t as_half = 0;
   float_half = float_half && half_from_float_exact(value, &as_half);
   if (value >= 0x8000 && !float_half)
      return false;
   /* What each part could match, so that the walk below skips the
    * parts that cannot (it runs for every constant source tried). */
   bool lane_bytes = (si->flags & VA_SRC_LANES) && value < 0x100;
   bool wide_bytes = (si->flags & VA_SRC_WIDEN) && value < 0x80;
   bool wide_halves = (si->flags & VA_SRC_WIDEN) && value < 0x8000;
   for (unsigned e = 0; e < 32; e++) {
      uint32_t t = va_imm_table[e];
      out->value = (uint8_t)e;
      for (unsigned b = 0; (lane_bytes || wide_bytes) && b < 4; b++) {
         uint32_t byte = (t >> (8 * b)) & 0xff;
         if (lane_bytes && byte == value) {
            out->swizzle = (uint8_t)lanes[b];
            return va_src_swizzle_value(si, out->swizzle, &v);
         }
         if (wide_bytes && byte == value) {
            out->swizzle = (uint8_t)bytes[b];
            if (va_src_swizzle_value(si, out->swizzle, &v))
               return true;
         }
      }
      for (unsigned h = 0; (wide_halves || float_half) && h < 2; h++) {
         uint16_t half = (uint16_t)(t >> (16 * h));
         if (wide_halves) {
            out->swizzle = h ? VA_SWZ_H1 : VA_SWZ_H0;
            if (half == value && va_src_swizzle_value(si, out->swizzle, &v))
               return true;
            continue;
         }
         /* A float source's half is an f16, widened exactly. */
         if (half != as_half)
            continue;
         static const enum va_swz toks[2][2] = {{VA_SWZ_H0, VA_SWZ_H00},
                                                {VA_SWZ_H1, VA_SWZ_H11}};
         for (unsigned k = 0; k < 2; k++) {
            out->swizzle = (uint8_t)toks[h][k];
            if (va_src_swizzle_value(si, out->swizzle, &v))
               return true;
         }
      }
   }
   return false;
}

static bool
answer(enum va_op op, unsigned i, struct ir_ref r, bool pair,
       struct va_src *out)
{
   const struct va_form *f = va_form(op);
   const struct va_src_info *si = &f->srcs[i];
   memset(out, 0, sizeof(*out));
   bool wide = pair;
   switch (r.kind) {
   case IR_REF_REG:
      out->kind = VA_SRC_KIND_REG;
      out->value = (uint8_t)r.index;
      out->discard = (r.mods & IR_MOD_LAST) != 0;
      break;
   case IR_REF_UNIFORM:
      out->kind = VA_SRC_KIND_UNIFORM;
      out->value = (uint8_t)r.index;
      /* A pair-reading slot reads the 64-bit FAU slot u2k:u2k+1. */
      wide = si->size == 64 && !(si->flags & VA_SRC_WIDEN) &&
             !(r.index & 1);
      break;
   case IR_REF_SPECIAL:
      out->kind = VA_SRC_KIND_SPECIAL;
      out->value = (uint8_t)r.index;
      out->word = r.swizzle == IR_SWIZZLE_W1;
      wide = r.swizzle == IR_SWIZZLE_NONE;
      break;
   case IR_REF_CONST: {
      uint32_t bits;
      if (!ir_ref_const_bits(r, &bits) || !table_constant(si, bits, out))
         return false;
      /* The value already has its modifiers and part applied. */
      return si->size != 64 || (si->flags & VA_SRC_WIDEN);
   }
   default: return false;
   }
   if (si->size == 64 && !wide && !(si->flags & VA_SRC_WIDEN))
      return false; /* a pair is needed */
   if (r.mods & (IR_MOD_NEG | IR_MOD_ABS)) {
      if (!(si->flags & VA_SRC_ABSNEG))
         return false;
      out->neg = (r.mods & IR_MOD_NEG) != 0;
      out->abs = (r.mods & IR_MOD_ABS) != 0;
   }
   if (r.mods & IR_MOD_NOT) {
      if (!(si->flags & VA_SRC_NOT))
         return false;
      out->invert = true;
   }
   enum ir_swizzle swz = (enum ir_swizzle)r.swizzle;
   if (r.kind == IR_REF_SPECIAL)
      swz = IR_SWIZZLE_NONE;
   return swizzle_token(si, swz, wide, &out->swizzle);
}

/* The answer depends on nothing but the question (the form tables are
 * constant): the shader keeps the latest answer per hash of it in `m`
 * (ir_va_src in ir.h looks there first). */
bool
ir_va_src_ask(struct ir_va_memo *m, unsigned op, unsigned i,
              struct ir_ref r, bool pair, struct va_src *out)
{
   _Static_assert(sizeof(struct va_src) == sizeof(m->out),
                  "an answer fits its entry");
   bool ok = answer((enum va_op)op, i, r, pair, out);
   if (m) {
      m->ref = r;
      m->op = (uint16_t)op;
      m->slot = (uint8_t)i;
      m->state = (uint8_t)(1 | pair << 1 | ok << 2);
      memcpy(m->out, out, sizeof(*out));
   }
   return ok;
}
