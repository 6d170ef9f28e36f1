/* SPDX-License-Identifier: MIT */
/*
 * The Valhall ISA layer: a typed instruction that the back end builds
 * directly, and the functions that turn it into a 64-bit word and back,
 * print it in the syntax of Mesa's Valhall disassembler and parse that
 * syntax again.
 *
 * Everything about one instruction form (opcodes, operands and what each
 * source may carry, modifiers and their enums, immediates, bit positions)
 * sits in the generated table of va_isa.h, so that no opcode number or bit
 * position is ever written in a compiler pass.  The hardware rules that
 * go beyond one field (FAU limits, register pairs, staging alignment,
 * dependency slots) are separate predicates, so that a validator can call
 * them one by one (spec/valhall-encoding.md states them).
 */
#ifndef TGSIVA_EMIT_VA_H
#define TGSIVA_EMIT_VA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tgsiva/tgsiva.h"
#include "util/arena.h"
#include "util/strbuf.h"
#include "va_isa.h"

#define VA_NUM_REGS 64

enum va_src_kind {
   VA_SRC_KIND_NONE = 0,
   VA_SRC_KIND_REG,     /* r0-r63 */
   VA_SRC_KIND_UNIFORM, /* FAU word u0-u255: page = word / 64 */
   VA_SRC_KIND_IMM,     /* entry of the hardware immediate table */
   VA_SRC_KIND_SPECIAL, /* special FAU value (lane_id, ...), one word */
};

/* Write mask of a destination: the halves of the register written. */
enum va_dest_mask {
   VA_DEST_H0 = 1,  /* r0.h0 */
   VA_DEST_H1 = 2,  /* r0.h1 */
   VA_DEST_ALL = 3, /* r0 */
};

/*
 * A source operand: 8 bytes, padding-free, so it can be compared and
 * hashed as a whole.  `swizzle` is whichever swizzle-like field the form
 * gives this source (swizzle, widen, lanes, lane, half-swizzle or combine,
 * see struct va_src_info); VA_SWZ_NONE means the field's default, and is
 * refused where the field has none (lanes, lane, half-swizzle).
 */
struct va_src {
   uint8_t kind;    /* enum va_src_kind */
   uint8_t value;   /* register, uniform word, table entry, va_special */
   uint8_t word;    /* special values: 32-bit word 0 or 1 (.w0 / .w1) */
   uint8_t swizzle; /* enum va_swz */
   bool discard;    /* ^r5: last use, the register may be discarded */
   bool neg, abs;   /* .neg, .abs (sources with VA_SRC_ABSNEG) */
   bool invert;     /* .not (sources with VA_SRC_NOT) */
};
_Static_assert(sizeof(struct va_src) == 8, "a source is one 64-bit value");

struct va_dest {
   uint8_t reg;
   uint8_t mask; /* enum va_dest_mask */
};

/* Consecutive registers reg .. reg + count - 1; read/write are copied
 * from the form by va_instr_init and va_decode, for the passes. */
struct va_staging {
   uint8_t reg;
   uint8_t count;
   bool read, write;
};

/* A modifier the instruction does not have, or one not yet given. */
#define VA_MOD_UNSET (-1)

struct va_instr {
   enum va_op op;
   enum va_flow flow;
   struct va_dest dest;
   struct va_staging staging[VA_MAX_STAGING];
   struct va_src src[VA_MAX_SRCS];
   /* By enum va_mod: the encoded value (an enum value of the modifier's
    * enum, or 0/1 for a flag), or VA_MOD_UNSET.  The dependency slot of a
    * message instruction is mod[VA_MOD_SLOT]. */
   int8_t mod[VA_MOD_COUNT];
   /* By enum va_imm: branch offsets, indices, tables, shifts, constants
    * (signed ones as signed values, 32-bit constants as unsigned). */
   int64_t imm[VA_IMM_COUNT];
};

/* What an instruction sets beside its operands: its modifiers and
 * immediates, as struct va_instr holds them.  The IR keeps one per
 * Valhall instruction from selection to emission (its template), and
 * the operands in its own form: without operand fields a template is a
 * smaller stream for the passes that read it. */
struct va_settings {
   int8_t mod[VA_MOD_COUNT];
   int64_t imm[VA_IMM_COUNT];
};

/* va_instr.c: building instructions, and table look-ups. */

static inline const struct va_form *
va_form(enum va_op op)
{
   return &va_forms[op];
}

/* Sets `I` to `op` with no operands, flow none, a full-register
 * destination r0 and every modifier at its default (VA_MOD_UNSET where
 * the form has no such modifier or the modifier has no default). */
void va_instr_init(struct va_instr *I, enum va_op op);
/* Every modifier at its default as va_instr_init sets it, immediates 0. */
void va_settings_init(struct va_settings *S, enum va_op op);
/* The modifiers and immediates of `S` into `I`, its other fields as
 * they are.  Inline: the passes on allocated code build every
 * instruction from its template several times. */
static inline void
va_instr_take_settings(struct va_instr *I, const struct va_settings *S)
{
   memcpy(I->mod, S->mod, sizeof(I->mod));
   memcpy(I->imm, S->imm, sizeof(I->imm));
}
/* `op` as va_instr_init makes it, with the modifiers and immediates of
 * `S`. */
void va_instr_from_settings(struct va_instr *I, enum va_op op,
                            const struct va_settings *S);
/* The modifiers and immediates of `I`. */
void va_settings_of(struct va_settings *S, const struct va_instr *I);

struct va_src va_src_reg(unsigned reg);
struct va_src va_src_uniform(unsigned word);
struct va_src va_src_imm_table(unsigned entry);
struct va_src va_src_special(enum va_special which, unsigned word);
/* The immediate-table entry holding `value` (the first, if two do). */
bool va_imm_table_lookup(uint32_t value, unsigned *entry);

/* Sets modifier `m` of a struct va_instr or a struct va_settings. */
#define va_set_mod(x, m, value) ((void)((x)->mod[(m)] = (int8_t)(value)))

/* The form's description of `mod`, or NULL if it has no such modifier.
 * Inline, as the next one: the passes on Valhall forms ask it for every
 * instruction. */
static inline const struct va_mod_info *
va_form_mod(const struct va_form *f, enum va_mod mod)
{
   if (!(f->mod_set >> mod & 1))
      return NULL; /* most asks: the slot of an ALU form, ... */
   for (unsigned i = 0; i < f->nr_mods; i++) {
      if (f->mods[i].mod == mod)
         return &f->mods[i];
   }
   return NULL;
}

/* The form's description of immediate `imm`, or NULL if it has none. */
static inline const struct va_imm_info *
va_form_imm(const struct va_form *f, enum va_imm imm)
{
   for (unsigned i = 0; i < f->nr_imms; i++) {
      if (f->imms[i].imm == imm)
         return &f->imms[i];
   }
   return NULL;
}
/* The values an immediate field holds, lo to hi inclusive. */
void va_imm_range(const struct va_imm_info *imm, int64_t *lo, int64_t *hi);
/* The form named `name` (exact mnemonic, e.g. "FADD.f32"). */
bool va_op_by_name(const char *name, size_t len, enum va_op *op);
/* Name of enum value `value` of `e` ("rte"), or NULL if reserved.  The
 * predicates from here on are inline: the encoder and the passes on
 * allocated code ask them for every operand of every instruction. */
static inline const char *
va_enum_value_name(enum va_enum e, unsigned value)
{
   const struct va_enum_info *info = &va_enums[e];
   return value < info->count ? info->values[value] : NULL;
}
/* The value of swizzle token `swz` in the swizzle-like enum `e`
 * (VA_SWZ_NONE: the default); false if `e` has no such value. */
bool va_swizzle_value(enum va_enum e, unsigned swz, unsigned *value);
/* The same for the swizzle-like field of a source, which may be too
 * narrow for all of its enum (a 2-bit 16-bit swizzle). */
static inline bool
va_src_swizzle_value(const struct va_src_info *si, unsigned swz,
                     unsigned *value)
{
   if (si->swz_enum == VA_ENUM_NONE) {
      *value = 0;
      return swz == VA_SWZ_NONE;
   }
   /* A 2-bit swizzle field holds only the first values of its enum. */
   return va_swizzle_value((enum va_enum)si->swz_enum, swz, value) &&
          *value < (1u << si->swz_bits);
}
/* Does source `i` read a whole 64-bit value (an aligned register pair or
 * FAU slot), rather than nothing or a widened 8-32 bit part? */
static inline bool
va_src_reads_pair(const struct va_form *f, unsigned i, const struct va_src *s)
{
   return f->srcs[i].size == 64 &&
          (!(f->srcs[i].flags & VA_SRC_WIDEN) || s->swizzle == VA_SWZ_NONE);
}
/* Sets `d` (if not NULL) to "FORM: reason" and returns false. */
bool va_refuse(struct tgsiva_diagnostic *d, enum va_op op, const char *fmt,
               ...) __attribute__((format(printf, 3, 4)));
/* ".eq .gt ..." (the values of `e`), for error messages. */
void va_enum_choices(enum va_enum e, char *buf, size_t size);

/* The registers the instruction reads (sources, pairs, staging it reads)
 * and writes (destination, staging it writes), as bit masks. */
void va_instr_registers(const struct va_instr *I, uint64_t *read,
                        uint64_t *written);
/* The registers the staging operands read, alone. */
uint64_t va_instr_staging_reads(const struct va_instr *I);
/* The dependency slots a flow value waits on (bit k: slot k; `wait`
 * drains all eight). */
static inline unsigned
va_flow_waits(enum va_flow flow)
{
   static const uint8_t waits[16] = {
      [VA_FLOW_WAIT0] = 0x01,   [VA_FLOW_WAIT1] = 0x02,
      [VA_FLOW_WAIT01] = 0x03,  [VA_FLOW_WAIT2] = 0x04,
      [VA_FLOW_WAIT02] = 0x05,  [VA_FLOW_WAIT12] = 0x06,
      [VA_FLOW_WAIT012] = 0x07, [VA_FLOW_WAIT0126] = 0x47,
      [VA_FLOW_WAIT] = 0xff,
   };
   return waits[flow & 15];
}

/* What a message does to memory the shader itself can write (buffers,
 * images, shared and thread-local memory, the tile), for the ordering of
 * loads and stores: VA_MEM_READ, VA_MEM_WRITE or both (atomics).  Uniform
 * buffers, attributes, varyings and textures are never written by a
 * shader; vertex output streams are never read back. */
enum {
   VA_MEM_READ = 1,
   VA_MEM_WRITE = 2,
};
unsigned va_memory_effects(const struct va_instr *I);
/* Does I send a message that may complete after the next instruction
 * runs?  Branches and NOP sit on the message units too, but are not. */
static inline bool
va_is_message(const struct va_instr *I)
{
   return va_form(I->op)->message && I->op != VA_OP_BRANCHZ &&
          I->op != VA_OP_BRANCHZI && I->op != VA_OP_NOP;
}
/* A varying load (unit V or VT) that writes the hidden varying state
 * (update mode store or clobber): it must wait for pending varying loads
 * (Mesa's flow pass, facts proven on hardware). */
bool va_is_varying_load(const struct va_instr *I);
bool va_writes_varying_state(const struct va_instr *I);

/* va_rules.c: the hardware rules, one predicate each.  On failure each
 * returns false and says why in `d` (which may be NULL). */
bool va_rule_fau_page(const struct va_instr *I, struct tgsiva_diagnostic *d);
bool va_rule_fau_slots(const struct va_instr *I,
                       struct tgsiva_diagnostic *d);
bool va_rule_fau_sources(const struct va_instr *I,
                         struct tgsiva_diagnostic *d);
bool va_rule_pairs(const struct va_instr *I, struct tgsiva_diagnostic *d);
bool va_rule_staging(const struct va_instr *I, struct tgsiva_diagnostic *d);
bool va_rule_slot(const struct va_instr *I, struct tgsiva_diagnostic *d);
/* The three FAU rules (page, slots, sources) together; an instruction
 * with at most one FAU or table source meets them without a look.  They
 * read the opcode and the form's sources alone. */
bool va_rules_fau(const struct va_instr *I, struct tgsiva_diagnostic *d);
/* All of the above. */
bool va_check_rules(const struct va_instr *I, struct tgsiva_diagnostic *d);

/* va_pack.c: encoding.  va_pack checks and packs each field on its own;
 * va_encode also applies the hardware rules.  Neither writes *out on
 * failure. */
bool va_pack(const struct va_instr *I, uint64_t *out,
             struct tgsiva_diagnostic *d);
bool va_encode(const struct va_instr *I, uint64_t *out,
               struct tgsiva_diagnostic *d);
/* The source byte of `s` (which must be in range); *page is its FAU page,
 * or -1 for registers and immediate-table entries. */
static inline uint8_t
va_src_byte(const struct va_src *s, int *page)
{
   *page = -1;
   switch (s->kind) {
   case VA_SRC_KIND_REG:
      return (uint8_t)(s->value | (s->discard ? 0x40 : 0));
   case VA_SRC_KIND_UNIFORM:
      *page = s->value >> 6;
      return (uint8_t)(0x80 | (s->value & 0x3F));
   case VA_SRC_KIND_IMM:
      return (uint8_t)(0xC0 | s->value);
   case VA_SRC_KIND_SPECIAL:
      *page = va_specials[s->value].page;
      return (uint8_t)(0xE0 | va_specials[s->value].index << 1 | s->word);
   default:
      return 0;
   }
}

/* va_decode.c: false if `word` is no instruction form, or not the word
 * that form would encode (stray bits, reserved values).  Hardware rules
 * are not applied, so that a broken word still prints. */
bool va_decode(uint64_t word, struct va_instr *I);

/* spec/abi.md, "Fragment shaders": a blend shader returns through r48,
 * which the blend tail (src/valhall/blend_tail.c) sets after every BLEND;
 * the allocator never gives it to a value in a fragment shader. */
#define VA_BLEND_RETURN_REG 48

/* va_print.c: Mesa's disassembly syntax. */
void va_print_instr(struct strbuf *sb, const struct va_instr *I);
/* The same without the immediates (a branch whose target is a label). */
void va_print_operands(struct strbuf *sb, const struct va_instr *I);
/* The mnemonic with its modifiers and flow ("FADD.f32.clamp_0_1"). */
void va_print_head(struct strbuf *sb, const struct va_instr *I);
/* The immediates as "name:value", each preceded by `sep`. */
void va_print_imms(struct strbuf *sb, const struct va_instr *I,
                   const char *sep);
/* The instruction, or "UNKNOWN 0x<16 hex digits>" if it decodes to none. */
void va_print_word(struct strbuf *sb, uint64_t word);

#define VA_DISASM_OFFSETS (1u << 0) /* byte offset and hex bytes first */

/* One line per word.  Trailing all-zero words are padding and print
 * nothing (Mesa pads programs with zeros); a zero word inside the
 * program prints as unknown. */
void va_disassemble(struct strbuf *sb, const uint64_t *words, size_t count,
                    unsigned flags);

/* va_asm.c: the assembler.  `line` numbers the text in diagnostics
 * ("line:column"). */
bool va_assemble_line(const char *text, size_t len, unsigned line,
                      struct va_instr *I, uint64_t *word,
                      struct tgsiva_diagnostic *d);
/* The parts va_print_head and va_print_imms print, for other syntaxes
 * built on this one (the IR's).  va_parse_head initialises I. */
bool va_parse_head(const char *text, size_t len, struct va_instr *I,
                   struct tgsiva_diagnostic *d);
bool va_parse_imm(const char *text, size_t len, struct va_instr *I,
                  struct tgsiva_diagnostic *d);
/* Text to words: one instruction per line, blank lines and comments
 * (a '#' that starts a line or is followed by a blank) skipped. */
bool va_assemble(struct arena *arena, const char *text, size_t len,
                 uint64_t **words, size_t *count,
                 struct tgsiva_diagnostic *d);

/* The next line of `text` from *at: its start and length (without the
 * '\n'); moves *at past it.  False at the end of the text. */
static inline bool
va_next_line(const char *text, size_t len, size_t *at, const char **line,
             size_t *n)
{
   if (*at >= len)
      return false;
   const char *nl = (const char *)memchr(text + *at, '\n', len - *at);
   *line = text + *at;
   *n = nl ? (size_t)(nl - *line) : len - *at;
   *at += *n + 1;
   return true;
}

/* va_hex.c: words as 8 hex bytes in memory order, the format of the
 * conformance cases.  va_parse_hex_word reads one at the start of `text`
 * and sets *end after it; va_read_hex reads one per line, skipping blank
 * and '#' lines and whatever follows the bytes. */
bool va_parse_hex_word(const char *text, size_t len, uint64_t *word,
                       size_t *end);
/* 0-15 for a hex digit of either case, -1 for anything else. */
int va_hex_digit(char c);
bool va_read_hex(struct arena *arena, const char *text, size_t len,
                 uint64_t **words, size_t *count,
                 struct tgsiva_diagnostic *d);

#endif
