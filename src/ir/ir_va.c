/* SPDX-License-Identifier: MIT */
/*
 * What the IR needs to know about Valhall forms: names of special FAU
 * values, which forms have side effects, and the text of an IR_OP_VA
 * template (the form with its modifiers and immediates, without operands).
 */
#include <string.h>

#include "ir.h"

#include "emit/va.h"
#include "util/diag.h"

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

/* Message forms that only read: loads, address computations and texture
 * fetches.  Every other message (stores, atomics, outputs, barriers,
 * branches, discards) has side effects; ALU forms have none. */
bool
ir_va_has_side_effects(unsigned op)
{
   static const char *const pure_prefixes[] = {
      "LD_", "LEA_", "LOAD.", "TEX_", "VAR_TEX",
   };
   const struct va_form *f = va_form((enum va_op)op);
   if (!f->message)
      return op == VA_OP_NOP;
   for (unsigned i = 0; i < sizeof(pure_prefixes) / sizeof(*pure_prefixes);
        i++) {
      if (!strncmp(f->name, pure_prefixes[i], strlen(pure_prefixes[i])))
         return false;
   }
   return true;
}

void
ir_print_va_template(struct strbuf *sb, const struct va_instr *I)
{
   va_print_head(sb, I);
}

void
ir_print_va_imms(struct strbuf *sb, const struct va_instr *I)
{
   va_print_imms(sb, I, " ");
}

struct va_instr *
ir_parse_va_template(struct arena *arena, const char *text, size_t len)
{
   struct va_instr *I = ARENA_NEW(arena, struct va_instr);
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   return va_parse_head(text, len, I, &d) ? I : NULL;
}

bool
ir_parse_va_imm(struct va_instr *I, const char *text, size_t len)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   return va_parse_imm(text, len, I, &d);
}

unsigned
ir_va_template_op(const struct va_instr *I)
{
   return I->op;
}
