/* SPDX-License-Identifier: MIT */
/*
 * Building Valhall instructions and looking things up in the generated
 * tables.  The back end fills a struct va_instr with these helpers; nothing
 * here checks hardware rules (va_rules.c) or field ranges (va_pack.c), so
 * that an instruction can be built in any order and checked once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"
#include "va.h"

/* The form's modifier defaults into `mod` (VA_MOD_COUNT entries). */
static void
default_mods(const struct va_form *f, int8_t *mod)
{
   memset(mod, VA_MOD_UNSET, VA_MOD_COUNT);
   for (unsigned i = 0; i < f->nr_mods; i++) {
      const struct va_mod_info *m = &f->mods[i];
      if (m->enum_id == VA_ENUM_NONE)
         mod[m->mod] = 0;
      else if (va_enums[m->enum_id].default_value >= 0)
         mod[m->mod] = va_enums[m->enum_id].default_value;
   }
}

/* Everything before the modifiers, which the caller sets (and the
 * immediates after them). */
static void
init_operands(struct va_instr *I, const struct va_form *f, enum va_op op)
{
   memset(I, 0, offsetof(struct va_instr, mod));
   I->op = op;
   I->flow = VA_FLOW_NONE;
   I->dest.mask = VA_DEST_ALL;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      I->staging[i].read = f->staging[i].read;
      I->staging[i].write = f->staging[i].write;
      I->staging[i].count = f->staging[i].fixed_count;
   }
}

void
va_instr_init(struct va_instr *I, enum va_op op)
{
   const struct va_form *f = va_form(op);
   init_operands(I, f, op);
   default_mods(f, I->mod);
   memset(I->imm, 0, sizeof(I->imm));
}

void
va_settings_init(struct va_settings *S, enum va_op op)
{
   default_mods(va_form(op), S->mod);
   memset(S->imm, 0, sizeof(S->imm));
}

void
va_instr_from_settings(struct va_instr *I, enum va_op op,
                       const struct va_settings *S)
{
   init_operands(I, va_form(op), op);
   va_instr_take_settings(I, S);
}

void
va_settings_of(struct va_settings *S, const struct va_instr *I)
{
   memcpy(S->mod, I->mod, sizeof(S->mod));
   memcpy(S->imm, I->imm, sizeof(S->imm));
}

struct va_src
va_src_reg(unsigned reg)
{
   return (struct va_src){.kind = VA_SRC_KIND_REG, .value = reg};
}

struct va_src
va_src_uniform(unsigned word)
{
   return (struct va_src){.kind = VA_SRC_KIND_UNIFORM, .value = word};
}

struct va_src
va_src_imm_table(unsigned entry)
{
   return (struct va_src){.kind = VA_SRC_KIND_IMM, .value = entry};
}

struct va_src
va_src_special(enum va_special which, unsigned word)
{
   return (struct va_src){
      .kind = VA_SRC_KIND_SPECIAL, .value = which, .word = word};
}

bool
va_imm_table_lookup(uint32_t value, unsigned *entry)
{
   for (unsigned i = 0; i < 32; i++) {
      if (va_imm_table[i] == value) {
         *entry = i;
         return true;
      }
   }
   return false;
}

void
va_imm_range(const struct va_imm_info *imm, int64_t *lo, int64_t *hi)
{
   int64_t span = (int64_t)1 << imm->bits;
   *lo = imm->is_signed ? -span / 2 : 0;
   *hi = (imm->is_signed ? span / 2 : span) - 1;
}

bool
va_op_by_name(const char *name, size_t len, enum va_op *op)
{
   for (unsigned i = 0; i < VA_OP_COUNT; i++) {
      const char *n = va_forms[i].name;
      if (strlen(n) == len && memcmp(n, name, len) == 0) {
         *op = (enum va_op)i;
         return true;
      }
   }
   return false;
}

void
va_enum_choices(enum va_enum e, char *buf, size_t size)
{
   const struct va_enum_info *info = &va_enums[e];
   size_t n = 0;
   buf[0] = '\0';
   for (unsigned v = 0; v < info->count && n < size; v++) {
      if (info->values[v])
         n += (size_t)snprintf(buf + n, size - n, "%s.%s", n ? " " : "",
                               info->values[v]);
   }
}

bool
va_swizzle_value(enum va_enum e, unsigned swz, unsigned *value)
{
   const struct va_enum_info *info = &va_enums[e];
   if (swz == VA_SWZ_NONE) {
      *value = (unsigned)info->default_value;
      return info->default_value >= 0;
   }
   for (unsigned v = 0; v < info->count; v++) {
      if (info->values[v] && info->swz[v] == swz) {
         *value = v;
         return true;
      }
   }
   return false;
}

bool
va_refuse(struct tgsiva_diagnostic *d, enum va_op op, const char *fmt, ...)
{
   char msg[400];
   va_list ap;
   if (!d)
      return false;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   return diag_error(d, TGSIVA_ERROR_INPUT, "%s: %s", va_form(op)->name,
                     msg);
}

/* Registers of a source: one, or an aligned pair. */
static uint64_t
src_regs(const struct va_form *f, unsigned i, const struct va_src *s)
{
   if (s->kind != VA_SRC_KIND_REG)
      return 0;
   uint64_t m = 1ull << (s->value & 63);
   if (va_src_reads_pair(f, i, s) && s->value + 1 < VA_NUM_REGS)
      m |= m << 1;
   return m;
}

static uint64_t
range(unsigned first, unsigned count)
{
   uint64_t m = 0;
   for (unsigned i = 0; i < count && first + i < VA_NUM_REGS; i++)
      m |= 1ull << (first + i);
   return m;
}

void
va_instr_registers(const struct va_instr *I, uint64_t *read,
                   uint64_t *written)
{
   const struct va_form *f = va_form(I->op);
   uint64_t r = 0, w = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++)
      r |= src_regs(f, i, &I->src[i]);
   for (unsigned i = 0; i < f->nr_staging; i++) {
      const struct va_staging *st = &I->staging[i];
      uint64_t m = range(st->reg, st->count);
      if (f->staging[i].read)
         r |= m;
      if (f->staging[i].write)
         w |= m;
   }
   /* A 64-bit form (IADD.u64, SHADDX.u64, LSHIFT_OR.i64, ...) writes an
    * aligned register pair. */
   if (f->nr_dests)
      w |= (f->size == 64 ? 3ull : 1ull) << (I->dest.reg & 63);
   *read = r;
   *written = w;
}

unsigned
va_memory_effects(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   unsigned effects;
   switch ((enum va_msg)f->kind) {
   case VA_MSG_LOAD: effects = VA_MEM_READ; break;
   case VA_MSG_STORE: effects = VA_MEM_WRITE; break;
   case VA_MSG_ATOMIC: effects = VA_MEM_READ | VA_MEM_WRITE; break;
   default: return 0;
   }
   int access = va_form_mod(f, VA_MOD_MEMORY_ACCESS)
                   ? I->mod[VA_MOD_MEMORY_ACCESS]
                   : VA_MEMORY_ACCESS_NONE;
   if (access == VA_MEMORY_ACCESS_ISTREAM ||
       access == VA_MEMORY_ACCESS_ESTREAM)
      return 0;
   return effects;
}

bool
va_is_varying_load(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   return f->unit == VA_UNIT_V || f->unit == VA_UNIT_VT;
}

bool
va_writes_varying_state(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   if (!va_is_varying_load(I) || !va_form_mod(f, VA_MOD_UPDATE))
      return false;
   int update = I->mod[VA_MOD_UPDATE];
   return update == VA_UPDATE_MODE_STORE || update == VA_UPDATE_MODE_CLOBBER;
}

uint64_t
va_instr_staging_reads(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (f->staging[i].read && I->staging[i].count)
         m |= range(I->staging[i].reg, I->staging[i].count);
   }
   return m;
}
