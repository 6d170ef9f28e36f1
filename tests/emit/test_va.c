/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the Valhall ISA layer: the encoder's fields, each hardware
 * rule's rejection and its reason, decoding of words that are no
 * instruction, and the printer's and assembler's corner cases.  Expected
 * words come from spec/valhall-encoding.md (bit positions worked out in
 * the comments).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit/va.h"
#include "tgsiva/valhall.h"
#include "util/diag.h"

/* Bytes in memory order, as the conformance cases write them. */
static uint64_t
bytes(unsigned b0, unsigned b1, unsigned b2, unsigned b3, unsigned b4,
      unsigned b5, unsigned b6, unsigned b7)
{
   unsigned b[8] = {b0, b1, b2, b3, b4, b5, b6, b7};
   uint64_t w = 0;
   for (unsigned i = 0; i < 8; i++)
      w |= (uint64_t)b[i] << (8 * i);
   return w;
}

static uint64_t
encode_ok(const struct va_instr *I)
{
   struct tgsiva_diagnostic d;
   uint64_t w = 0;
   diag_clear(&d);
   if (!va_encode(I, &w, &d))
      fail_msg("encode refused: %s", d.message);
   return w;
}

/* Encoding must fail with a message containing `reason`. */
static void
encode_fails(const struct va_instr *I, const char *reason)
{
   struct tgsiva_diagnostic d;
   uint64_t w = 0x1234;
   diag_clear(&d);
   assert_false(va_encode(I, &w, &d));
   assert_int_equal(w, 0x1234);
   if (!strstr(d.message, reason))
      fail_msg("'%s' does not say '%s'", d.message, reason);
}

/* Assembles one line; fails the test if it is refused. */
static uint64_t
asm_ok(const char *text)
{
   struct tgsiva_diagnostic d;
   struct va_instr I;
   uint64_t w = 0;
   diag_clear(&d);
   if (!va_assemble_line(text, strlen(text), 1, &I, &w, &d))
      fail_msg("'%s' refused: %s", text, d.message);
   return w;
}

/* Assembly must fail at `column` with a message containing `reason`. */
static void
asm_fails(const char *text, unsigned column, const char *reason)
{
   struct tgsiva_diagnostic d;
   struct va_instr I;
   uint64_t w;
   diag_clear(&d);
   if (va_assemble_line(text, strlen(text), 7, &I, &w, &d))
      fail_msg("'%s' accepted", text);
   assert_int_equal(d.line, 7);
   assert_int_equal(d.column, column);
   if (!strstr(d.message, reason))
      fail_msg("'%s': '%s' does not say '%s'", text, d.message, reason);
}

/* The text of a word, in a static buffer. */
static const char *
print(uint64_t word)
{
   static char text[256];
   struct arena a;
   struct strbuf sb;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   va_print_word(&sb, word);
   snprintf(text, sizeof(text), "%s", sb.data);
   arena_finish(&a);
   return text;
}

/* Text -> word -> text gives the text back. */
static void
round_trips(const char *text)
{
   assert_string_equal(print(asm_ok(text)), text);
}

/* Encoder fields -------------------------------------------------------- */

static void
test_message_kinds(void **state)
{
   (void)state;
   /* Every message has a kind, no ALU form has one. */
   unsigned messages = 0;
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      const struct va_form *f = va_form((enum va_op)op);
      assert_true(f->kind < VA_MSG_COUNT);
      if (f->message != (f->kind != VA_MSG_NONE))
         fprintf(stderr, "%s: message %d, kind %u\n", f->name, f->message,
                 f->kind);
      assert_int_equal(f->message, f->kind != VA_MSG_NONE);
      messages += f->message;
   }
   static const struct {
      enum va_op op;
      enum va_msg kind;
   } known[] = {
      {VA_OP_FADD_F32, VA_MSG_NONE},
      {VA_OP_BRANCHZ, VA_MSG_NONE},
      {VA_OP_LD_VAR, VA_MSG_VARYING},
      {VA_OP_LD_VAR_BUF_IMM_F32, VA_MSG_VARYING},
      {VA_OP_LEA_BUF_IMM, VA_MSG_ADDRESS},
      {VA_OP_LEA_TEX, VA_MSG_ADDRESS},
      {VA_OP_TEX_SINGLE, VA_MSG_TEXTURE},
      {VA_OP_VAR_TEX_SINGLE, VA_MSG_TEXTURE},
      {VA_OP_LD_ATTR_IMM, VA_MSG_CONST_LOAD},
      {VA_OP_LD_BUFFER_I32, VA_MSG_CONST_LOAD},
      {VA_OP_LOAD_I32, VA_MSG_LOAD},
      {VA_OP_LD_TEX, VA_MSG_LOAD},
      {VA_OP_LD_TILE, VA_MSG_LOAD},
      {VA_OP_STORE_I128, VA_MSG_STORE},
      {VA_OP_ST_CVT, VA_MSG_STORE},
      {VA_OP_ST_TILE, VA_MSG_STORE},
      {VA_OP_ATOM_I32, VA_MSG_ATOMIC},
      {VA_OP_ATOM1_RETURN_I64, VA_MSG_ATOMIC},
      {VA_OP_BLEND, VA_MSG_BLEND},
      {VA_OP_ATEST, VA_MSG_FRAGMENT_TEST},
      {VA_OP_ZS_EMIT, VA_MSG_FRAGMENT_TEST},
      {VA_OP_BARRIER, VA_MSG_BARRIER},
   };
   for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
      const struct va_form *f = va_form(known[i].op);
      if (f->kind != known[i].kind)
         fprintf(stderr, "%s: kind %u, want %u\n", f->name, f->kind,
                 known[i].kind);
      assert_int_equal(f->kind, known[i].kind);
   }
   /* The memory effects follow the kind. */
   struct va_instr I;
   va_instr_init(&I, VA_OP_LOAD_I32);
   assert_int_equal(va_memory_effects(&I), VA_MEM_READ);
   va_instr_init(&I, VA_OP_ST_CVT);
   assert_int_equal(va_memory_effects(&I), VA_MEM_WRITE);
   va_instr_init(&I, VA_OP_ATOM_RETURN_I32);
   assert_int_equal(va_memory_effects(&I), VA_MEM_READ | VA_MEM_WRITE);
   va_instr_init(&I, VA_OP_LD_BUFFER_I32);
   assert_int_equal(va_memory_effects(&I), 0);
   printf("message kinds: %u messages, %zu known forms checked\n",
          messages, sizeof(known) / sizeof(known[0]));
}

/* A form's mod_set names exactly its modifiers (va_form_mod and the
 * encoder's check of modifiers a form lacks read it). */
static void
test_form_modifier_sets(void **state)
{
   (void)state;
   unsigned with_mods = 0;
   for (unsigned op = 0; op < VA_OP_COUNT; op++) {
      const struct va_form *f = va_form((enum va_op)op);
      uint64_t set = 0;
      for (unsigned i = 0; i < f->nr_mods; i++)
         set |= (uint64_t)1 << f->mods[i].mod;
      assert_true(set == f->mod_set);
      for (unsigned mod = 0; mod < VA_MOD_COUNT; mod++)
         assert_int_equal(va_form_mod(f, (enum va_mod)mod) != NULL,
                          (set >> mod) & 1);
      with_mods += set != 0;
   }
   assert_true(with_mods > VA_OP_COUNT / 2);
}

static void
test_encode_alu_sources_and_modifiers(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_FADD_F32);
   I.dest.reg = 0;
   I.src[0] = va_src_reg(1);
   I.src[1] = va_src_reg(2);
   I.src[1].neg = I.src[1].abs = true; /* bits 36, 37 */
   va_set_mod(&I, VA_MOD_CLAMP, VA_CLAMP_CLAMP_M1_1); /* 2 at bits 32-33 */
   assert_int_equal(encode_ok(&I), bytes(0x01, 0x02, 0, 0, 0x32, 0xc0, 0xa4,
                                         0));
}

static void
test_encode_flow_page_and_dest_mask(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_MOV_I32);
   I.flow = VA_FLOW_WAIT0; /* 1 at bits 59-62 */
   I.dest = (struct va_dest){.reg = 5, .mask = VA_DEST_H1};
   I.src[0] = va_src_uniform(65); /* page 1 (bit 57), slot 0 word 1 */
   assert_int_equal(encode_ok(&I), bytes(0x81, 0, 0, 0, 0, 0x85, 0x91,
                                         0x0a));
}

static void
test_encode_special_sources(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_MOV_I32);
   I.src[0] = va_src_special(VA_SPECIAL_LANE_ID, 1); /* page 3, index 1 */
   assert_int_equal(encode_ok(&I), bytes(0xe3, 0, 0, 0, 0, 0xc0, 0x91,
                                         0x06));
}

static void
test_encode_staging_counts(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_LOAD_I128);
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT0);
   I.staging[0] = (struct va_staging){.reg = 4, .count = 4};
   I.src[0] = va_src_reg(2);
   /* count 4 at bits 33-35, load lane identity (7) at 36-38, written
    * staging register 0x80 | 4, opcode2 7 at 27-29 */
   assert_int_equal(encode_ok(&I), bytes(0x02, 0, 0, 0x38, 0x78, 0x84, 0x60,
                                         0));

   /* TEX_FETCH writes 4 registers: write count - 1 = 3 at bits 36-38. */
   va_instr_init(&I, VA_OP_TEX_FETCH);
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT0);
   va_set_mod(&I, VA_MOD_REGISTER_TYPE, VA_REGISTER_TYPE_F);
   va_set_mod(&I, VA_MOD_REGISTER_WIDTH, VA_REGISTER_WIDTH_32);
   va_set_mod(&I, VA_MOD_DIMENSION, VA_DIMENSION_2D);
   I.staging[0] = (struct va_staging){.reg = 0, .count = 4};
   I.staging[1] = (struct va_staging){.reg = 60, .count = 2};
   I.src[0] = va_src_uniform(0);
   assert_int_equal(encode_ok(&I), bytes(0x80, 0, 0xc0, 0x17, 0x34, 0x7c,
                                         0x25, 0x01));
}

static void
test_encode_opcode2_positions(void **state)
{
   (void)state;
   /* Shifts: bits 24-25 and bit 32 (left). */
   assert_int_equal(asm_ok("LSHIFT_AND.i32 r0, r1, r2.b00, r3"),
                    bytes(1, 2, 3, 0x10, 0x01, 0xc0, 0xb4, 0));
   assert_int_equal(asm_ok("RSHIFT_XOR.i32 r0, r1, r2.b00, r3"),
                    bytes(1, 2, 3, 0x12, 0x00, 0xc0, 0xb4, 0));
   /* Conversions: 5 bits at 16, the top one for unsigned. */
   assert_int_equal(asm_ok("U32_TO_F32 r0, r1"),
                    bytes(1, 0, 0x19, 0, 0, 0xc0, 0x90, 0));
   /* Memory access size: bits 27-29. */
   assert_int_equal(asm_ok("STORE.i64.slot0 @r0:r1, r2, offset:0"),
                    bytes(2, 0, 0, 0x28, 0x04, 0x40, 0x61, 0));
   /* Descriptor type: bits 37-38. */
   assert_int_equal(
      asm_ok("LEA_TEX_IMM.slot0 @r0:r1:r2, r4, r5, table:0x0, index:0x0"),
      bytes(4, 5, 0, 0, 0x26, 0x80, 0x67, 0));
}

static void
test_encode_signed_immediates(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_BRANCHZ);
   I.src[0] = va_src_reg(1);
   I.imm[VA_IMM_OFFSET] = -8; /* 27 bits at 8-34 */
   assert_int_equal(encode_ok(&I), bytes(1, 0xf8, 0xff, 0xff, 0x07, 0xc0,
                                         0x1f, 0));
   I.imm[VA_IMM_OFFSET] = -(1 << 26) - 1;
   encode_fails(&I, "offset -67108865 out of range");
}

static void
test_immediate_table_lookup(void **state)
{
   (void)state;
   unsigned e;
   assert_true(va_imm_table_lookup(0x3F800000, &e));
   assert_int_equal(e, 16);
   assert_true(va_imm_table_lookup(0, &e));
   assert_int_equal(e, 0); /* not the second 0x0, entry 21 */
   assert_false(va_imm_table_lookup(0x12345678, &e));
}

static void
test_encode_field_errors(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_IADD_U32);
   I.src[0] = va_src_reg(64);
   I.src[1] = va_src_reg(1);
   encode_fails(&I, "source 0: value 64 out of range");
   I.src[0] = va_src_reg(0);
   I.src[1].neg = true;
   encode_fails(&I, "source 1 takes no .neg");
   I.src[1] = va_src_uniform(3);
   I.src[1].discard = true;
   encode_fails(&I, "only a register can be a last use");
   I.src[1] = va_src_reg(1);
   I.src[2] = va_src_reg(2); /* IADD has two sources: ignored */
   I.dest.mask = 0;
   encode_fails(&I, "writes no half");
   I.dest.mask = VA_DEST_ALL;
   I.flow = (enum va_flow)11;
   encode_fails(&I, "flow 11 is reserved");
   va_instr_init(&I, VA_OP_MOV_I32);
   encode_fails(&I, "source 0 is missing");
}

static void
test_encode_modifier_errors(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_ICMP_U32);
   for (unsigned i = 0; i < 3; i++)
      I.src[i] = va_src_reg(i);
   va_set_mod(&I, VA_MOD_RESULT_TYPE, VA_RESULT_TYPE_M1);
   encode_fails(&I, "missing required modifier cmp (one of .eq .gt");
   va_set_mod(&I, VA_MOD_CMP, VA_CONDITION_GT);
   va_set_mod(&I, VA_MOD_CLAMP, VA_CLAMP_CLAMP_0_1);
   encode_fails(&I, "ICMP.u32: has no modifier clamp");
   va_set_mod(&I, VA_MOD_CLAMP, 0); /* a zero byte is set too */
   encode_fails(&I, "ICMP.u32: has no modifier clamp");
   va_set_mod(&I, VA_MOD_CLAMP, VA_MOD_UNSET);
   encode_ok(&I);
   /* The last modifiers are counted apart from the words of eight. */
   I.mod[VA_MOD_LOD_CLAMP_DISABLE] = 1;
   encode_fails(&I, "ICMP.u32: has no modifier lod_clamp_disable");
   I.mod[VA_MOD_LOD_CLAMP_DISABLE] = VA_MOD_UNSET;
   I.mod[VA_MOD_WIDE_INDICES] = 1;
   encode_fails(&I, "ICMP.u32: has no modifier wide_indices");
   I.mod[VA_MOD_WIDE_INDICES] = VA_MOD_UNSET;
   encode_ok(&I);

   va_instr_init(&I, VA_OP_LD_TILE);
   for (unsigned i = 0; i < 3; i++)
      I.src[i] = va_src_reg(i);
   I.staging[0].count = 1;
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT0);
   va_set_mod(&I, VA_MOD_REGFMT, 1); /* Register format 1 is reserved */
   encode_fails(&I, "modifier regfmt: value 1 is reserved");
}

static void
test_encode_swizzle_errors(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_MOV_I32);
   I.src[0] = va_src_reg(1);
   I.src[0].swizzle = VA_SWZ_H0;
   encode_fails(&I, "source 0 takes no swizzle (.h0)");

   va_instr_init(&I, VA_OP_MKVEC_V2I8);
   I.src[0] = va_src_reg(1);
   I.src[1] = va_src_reg(2);
   I.src[2] = va_src_reg(3);
   I.src[1].swizzle = VA_SWZ_B2;
   encode_fails(&I, "source 0 needs one of .b0 .b1 .b2 .b3");

   /* A 16-bit source's swizzle field is 2 bits: h00, h10, h01, h11. */
   va_instr_init(&I, VA_OP_FADD_V2F16);
   I.src[0] = va_src_reg(1);
   I.src[1] = va_src_reg(2);
   I.src[1].swizzle = VA_SWZ_B00;
   encode_fails(&I, "source 1 cannot take .b00");
   I.src[1].swizzle = VA_SWZ_H11;
   assert_int_equal(encode_ok(&I), bytes(1, 2, 0, 0x2c, 0, 0xc0, 0xa5, 0));
}

/* Hardware rules --------------------------------------------------------- */

static void
test_rule_fau_page(void **state)
{
   (void)state;
   struct va_instr I;
   struct tgsiva_diagnostic d;
   va_instr_init(&I, VA_OP_IADD_U32);
   I.src[0] = va_src_uniform(3);
   I.src[1] = va_src_special(VA_SPECIAL_CORE_ID, 0);
   diag_clear(&d);
   assert_false(va_rule_fau_page(&I, &d));
   assert_non_null(strstr(d.message, "one page"));
   encode_fails(&I, "one instruction reads one page");
   I.src[0] = va_src_uniform(195); /* page 3 as well */
   assert_true(va_rule_fau_page(&I, NULL));
}

static void
test_rule_fau_slots(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_FADD_F32);
   I.src[0] = va_src_uniform(4);
   I.src[1] = va_src_uniform(5); /* same 64-bit slot: fine */
   assert_true(va_rule_fau_slots(&I, NULL));
   I.src[1] = va_src_uniform(6);
   assert_false(va_rule_fau_slots(&I, NULL));
   encode_fails(&I, "an ALU instruction reads at most 1");

   /* A message instruction may read two slots, not three. */
   va_instr_init(&I, VA_OP_LD_TILE);
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT0);
   va_set_mod(&I, VA_MOD_REGFMT, VA_REGISTER_FORMAT_F32);
   I.staging[0].count = 1;
   I.src[0] = va_src_uniform(0);
   I.src[1] = va_src_reg(1);
   I.src[2] = va_src_uniform(2);
   assert_true(va_rule_fau_slots(&I, NULL));
   encode_ok(&I);
   I.src[1] = va_src_uniform(4);
   encode_fails(&I, "a message instruction reads at most 2");
   /* Three words of two slots pass this rule but not the buffer's. */
   I.src[1] = va_src_uniform(1);
   assert_true(va_rule_fau_slots(&I, NULL));
   assert_false(va_rule_fau_sources(&I, NULL));
}

static void
test_rule_fau_buffer(void **state)
{
   (void)state;
   struct va_instr I;
   unsigned pi;
   va_instr_init(&I, VA_OP_FMA_F32);
   assert_true(va_imm_table_lookup(0x40490FDB, &pi));
   I.src[0] = va_src_uniform(0);
   I.src[1] = va_src_imm_table(pi);
   I.src[2] = va_src_imm_table(pi); /* the same value counts once */
   assert_true(va_rule_fau_sources(&I, NULL));
   I.src[2] = va_src_imm_table(0);
   encode_fails(&I, "reads 3 distinct uniforms, special values and table "
                    "constants; the FAU buffer holds 2");
}

static void
test_rule_pairs(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_IADD_U64);
   I.dest.reg = 2;
   I.src[0] = va_src_reg(4);
   I.src[1] = va_src_reg(7);
   encode_fails(&I, "source 1 is 64-bit: r7 is not an aligned register "
                    "pair");
   I.src[1] = va_src_uniform(9);
   encode_fails(&I, "u9 is not the start of a FAU slot");
   I.src[1] = va_src_special(VA_SPECIAL_THREAD_LOCAL_POINTER, 1);
   encode_fails(&I, "a special value is read from its word 0");
   I.src[1].word = 0;
   encode_ok(&I);
   /* A widened source reads 32 bits: any register. */
   I.src[1] = va_src_reg(7);
   I.src[1].swizzle = VA_SWZ_W0;
   assert_true(va_rule_pairs(&I, NULL));
   I.dest.reg = 3;
   encode_fails(&I, "64-bit destination r3 is not an aligned register "
                    "pair");
   I.dest = (struct va_dest){.reg = 2, .mask = VA_DEST_H0};
   encode_fails(&I, "cannot write half a register");
}

static void
test_rule_staging_alignment(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_STORE_I96);
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT0);
   I.src[0] = va_src_reg(0);
   I.staging[0] = (struct va_staging){.reg = 3, .count = 3};
   assert_false(va_rule_staging(&I, NULL));
   encode_fails(&I, "staging registers r3..r5 must start at an even "
                    "register");
   I.staging[0] = (struct va_staging){.reg = 3, .count = 1};
   assert_true(va_rule_staging(&I, NULL));
   I.staging[0] = (struct va_staging){.reg = 62, .count = 3};
   encode_fails(&I, "staging registers r62..r64 out of range");
   I.staging[0] = (struct va_staging){.reg = 0, .count = 8};
   encode_fails(&I, "staging operand 0: 8 registers (0-7 allowed)");
}

static void
test_rule_slots(void **state)
{
   (void)state;
   struct va_instr I;
   va_instr_init(&I, VA_OP_BARRIER);
   encode_fails(&I, "missing required modifier slot");
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT1);
   encode_fails(&I, "a barrier uses dependency slot 7");
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT7);
   I.flow = VA_FLOW_WAIT;
   assert_int_equal(encode_ok(&I), bytes(0, 0, 0, 0xc0, 0x01, 0xc0, 0x45,
                                         0x48));
   va_instr_init(&I, VA_OP_LOAD_I32);
   I.staging[0].count = 1;
   I.src[0] = va_src_reg(0);
   va_set_mod(&I, VA_MOD_SLOT, VA_SLOT_SLOT7);
   assert_false(va_rule_slot(&I, NULL));
   encode_fails(&I, "dependency slot 7 is reserved for BARRIER");
}

/* Decoding ---------------------------------------------------------------- */

static void
test_decode_unknown_words(void **state)
{
   (void)state;
   struct va_instr I;
   const uint64_t mov = bytes(0x02, 0, 0, 0, 0, 0xc1, 0x91, 0);
   assert_true(va_decode(mov, &I));
   assert_int_equal(I.op, VA_OP_MOV_I32);

   const struct {
      uint64_t word;
      const char *why;
   } bad[] = {
      {0, "all zero: NOP without its mask bits"},
      {bytes(0, 0, 0, 0, 0, 0xc0, 0xff, 0x01), "no opcode 0x1ff"},
      {bytes(0x02, 0, 0x03, 0, 0, 0xc1, 0x91, 0), "no MOV opcode2 3"},
      {bytes(0x02, 0, 0, 0x40, 0, 0xc1, 0x91, 0), "stray bit 30"},
      {bytes(0x02, 0, 0, 0, 0, 0xc1, 0x91, 0x58), "reserved flow 11"},
      {bytes(0x02, 0, 0, 0, 0, 0xc1, 0x91, 0x80), "bit 63"},
      {bytes(0xe0, 0, 0, 0, 0, 0xc1, 0x91, 0), "reserved special"},
      {bytes(0xe2, 0, 0, 0, 0, 0xc1, 0x91, 0x04), "special of page 2"},
      {bytes(0x02, 0, 0, 0, 0, 0x01, 0x91, 0), "destination mask 0"},
      {bytes(0x02, 0, 0, 0, 0, 0xc1, 0x91, 0x02), "page without FAU"},
      {bytes(0x32, 0, 0, 0x18, 0, 0x85, 0x69, 0), "empty staging at r5"},
      {bytes(0x02, 0, 0, 0x10, 0x12, 0x80, 0x60, 0), "reserved i24 lane"},
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      char want[64];
      snprintf(want, sizeof(want), "UNKNOWN 0x%016llX",
               (unsigned long long)bad[i].word);
      if (va_decode(bad[i].word, &I))
         fail_msg("decoded: %s", bad[i].why);
      assert_string_equal(print(bad[i].word), want);
   }
}

static void
test_decode_keeps_rule_breaking_words(void **state)
{
   (void)state;
   /* Two FAU slots in an ALU instruction: not encodable, but a word that
    * holds it still prints, so that it can be seen. */
   struct va_instr I;
   uint64_t w;
   va_instr_init(&I, VA_OP_FADD_F32);
   I.src[0] = va_src_uniform(0);
   I.src[1] = va_src_uniform(4);
   assert_true(va_pack(&I, &w, NULL));
   assert_false(va_encode(&I, &w, NULL));
   assert_string_equal(print(w), "FADD.f32 r0, u0, u4");
}

/* Printer and assembler ---------------------------------------------------- */

static void
test_print_assemble_corner_cases(void **state)
{
   (void)state;
   round_trips("BRANCHZ.reconverge ^r1, offset:-8");
   round_trips("BRANCHZ.eq r0.h1, offset:-67108864");
   round_trips("IADD_IMM.i32 r0, r1, #0xFFFFFFFF");
   round_trips("FADD.f32 r0, r1.neg, 0x3F800000.neg.h1");
   round_trips("SHADDX.u64 r0, u2, r61.w0, shift:0x2");
   round_trips("SHADDX.u64 r0, r2, lane_id.w1.w0, shift:0x0");
   round_trips("V2S8_TO_V2F16 r0, r1.b21");
   round_trips("IADD.v4u8 r0, r1.b0000, r2.b3333");
   round_trips("ICMP.v4u8.ne.i1 r1, r0.b0011, 0x0, 0x0");
   round_trips("ATOM1_RETURN.i32.slot0.ainc @, r50, offset:0x0");
   round_trips("TEX_FETCH.slot0.f.32.2d @r0:r1:r2:r3:r4:r5:r6:r7, "
               "@r60:r61, u0");
   round_trips("TEX_DUAL.slot0.f.32.16.2d.zero @r0, @r2:r3, r4");
   round_trips("NOP.end ");
   for (unsigned i = 0; i < VA_SPECIAL_COUNT; i++) {
      char text[80];
      snprintf(text, sizeof(text), "MOV.i32 r1, %s.w1",
               va_specials[i].name);
      round_trips(text);
   }
}

static void
test_assembler_accepts_variants(void **state)
{
   (void)state;
   const uint64_t load = asm_ok("LOAD.i32.unsigned.slot0 @r0, r2, offset:0");
   /* Modifiers in any order, blanks, pairs, decimal and hex numbers. */
   assert_int_equal(asm_ok("LOAD.i32.slot0.unsigned @r0, r2, offset:0"),
                    load);
   assert_int_equal(asm_ok("  LOAD.i32.unsigned.slot0\t@r0 ,r2:r3,"
                           "offset:0x0  # comment\r"),
                    load);
   assert_int_equal(asm_ok("IADD_IMM.i32 r0, r1, #12345"),
                    asm_ok("IADD_IMM.i32 r0, r1, #0x3039"));
   assert_int_equal(asm_ok("BRANCHZ r1, offset:-0x8"),
                    asm_ok("BRANCHZ r1, offset:-8"));
   /* An explicit default and the default agree. */
   assert_int_equal(asm_ok("FADD.f32.none r0, r1, r2"),
                    asm_ok("FADD.f32 r0, r1, r2"));
}

static void
test_assembler_errors_name_the_column(void **state)
{
   (void)state;
   asm_fails("FSUB.f32 r0, r1, r2", 1, "unknown instruction 'FSUB.f32'");
   asm_fails("LD_VARX.f32 r0", 1, "unknown instruction");
   asm_fails("MOV.i32.wait0.end r0, r1", 15, "more than one flow");
   asm_fails("FADD.f32 r0, r1.h2, r2", 17, "source 0 of FADD.f32 cannot "
                                           "take .h2");
   asm_fails("MOV.i32 r1, lane_id", 13, "special value needs .w0 or .w1");
   asm_fails("LOAD.i32.slot0 @r0, r2:r4, offset:0", 24, "two consecutive");
   asm_fails("MOV.i32 r0, r2:r3", 13, "only a 64-bit source is a register "
                                      "pair");
   asm_fails("STORE.i32.slot0 @r0:r2, r4, offset:0", 21, "consecutive");
   asm_fails("MOV.i32 r0, 0x3F800001", 13, "not in the immediate table");
   asm_fails("IADD_IMM.i32 r0, r1, 5", 22, "expected #constant");
   asm_fails("LOAD.i32.slot0 @r0, r2, ofset:0", 25, "expected offset:value");
   asm_fails("MOV.i32 r0, r1,", 9, "takes 2 operands, found 3");
   asm_fails("MOV.i32 r0, , r1", 9, "takes 2 operands, found 3");
   asm_fails("NOP.end r0", 9, "takes 0 operands, found 1");
   asm_fails("FADD.f32 r0, u0, u2", 1, "FAU slots");
   asm_fails("", 1, "expected an instruction");
   asm_fails("# just a comment", 1, "expected an instruction");
}

static void
test_assemble_program(void **state)
{
   (void)state;
   const char text[] = "# a program\n"
                       "MOV.i32 r1, r2   # copy\n"
                       "\n"
                       "  NOP.end\n";
   struct tgsiva_diagnostic d;
   struct arena a;
   uint64_t *words;
   size_t count;
   arena_init(&a, 0);
   diag_clear(&d);
   assert_true(va_assemble(&a, text, strlen(text), &words, &count, &d));
   assert_int_equal(count, 2);
   assert_int_equal(words[0], bytes(2, 0, 0, 0, 0, 0xc1, 0x91, 0));
   assert_int_equal(words[1], bytes(0, 0, 0, 0, 0, 0xc0, 0, 0x78));

   const char bad[] = "NOP\nNOP\nMOV.i32 r1, r99\n";
   assert_false(va_assemble(&a, bad, strlen(bad), &words, &count, &d));
   assert_int_equal(d.line, 3);
   assert_int_equal(d.column, 13);
   arena_finish(&a);
}

static void
test_disassemble_program(void **state)
{
   (void)state;
   const uint64_t words[] = {
      bytes(2, 0, 0, 0, 0, 0xc1, 0x91, 0), 0,
      bytes(0, 0, 0, 0, 0, 0xc0, 0, 0x78), 0, 0};
   struct arena a;
   struct strbuf sb;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   va_disassemble(&sb, words, 5, 0);
   assert_string_equal(sb.data, "MOV.i32 r1, r2\n"
                                "UNKNOWN 0x0000000000000000\n"
                                "NOP.end \n");
   strbuf_clear(&sb);
   va_disassemble(&sb, words, 1, VA_DISASM_OFFSETS);
   assert_string_equal(sb.data, "000000:  02 00 00 00 00 c1 91 00    "
                                "MOV.i32 r1, r2\n");
   arena_finish(&a);
}

static void
test_hex_words(void **state)
{
   (void)state;
   const char text[] = "# cases\n"
                       "02 00 00 00 00 c1 91 00    MOV.i32 r1, r2\n"
                       "\n"
                       "00 00 00 00 00 C0 00 78\n";
   struct tgsiva_diagnostic d;
   struct arena a;
   uint64_t *words;
   size_t count;
   arena_init(&a, 0);
   diag_clear(&d);
   assert_true(va_read_hex(&a, text, strlen(text), &words, &count, &d));
   assert_int_equal(count, 2);
   assert_int_equal(words[1], bytes(0, 0, 0, 0, 0, 0xc0, 0, 0x78));
   const char bad[] = "02 00 00 00 00 c1 91\n";
   assert_false(va_read_hex(&a, bad, strlen(bad), &words, &count, &d));
   assert_int_equal(d.line, 1);
   arena_finish(&a);
}

static void
test_public_api(void **state)
{
   (void)state;
   struct tgsiva_diagnostic d;
   uint64_t *words;
   size_t count;
   char *text;
   const char src[] = "FADD.f32 r0, r1, r2.neg.abs\nNOP.end\n";
   assert_int_equal(tgsiva_valhall_assemble(src, strlen(src), &words, &count,
                                            &d),
                    TGSIVA_OK);
   assert_int_equal(count, 2);
   assert_int_equal(tgsiva_valhall_disassemble(words, count, 0, &text, &d),
                    TGSIVA_OK);
   assert_string_equal(text, "FADD.f32 r0, r1, r2.neg.abs\nNOP.end \n");
   tgsiva_valhall_free(words);
   tgsiva_valhall_free(text);

   assert_int_equal(tgsiva_valhall_assemble("NOP\nBOP\n", 8, &words, &count,
                                            &d),
                    TGSIVA_ERROR_INPUT);
   assert_null(words);
   assert_int_equal(d.line, 2);
   assert_int_equal(tgsiva_valhall_assemble("", 0, &words, &count, &d),
                    TGSIVA_OK);
   assert_int_equal(count, 0);
   assert_int_equal(tgsiva_valhall_parse_hex("zz\n", 3, &words, &count, &d),
                    TGSIVA_ERROR_INPUT);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_message_kinds),
      cmocka_unit_test(test_form_modifier_sets),
      cmocka_unit_test(test_encode_alu_sources_and_modifiers),
      cmocka_unit_test(test_encode_flow_page_and_dest_mask),
      cmocka_unit_test(test_encode_special_sources),
      cmocka_unit_test(test_encode_staging_counts),
      cmocka_unit_test(test_encode_opcode2_positions),
      cmocka_unit_test(test_encode_signed_immediates),
      cmocka_unit_test(test_immediate_table_lookup),
      cmocka_unit_test(test_encode_field_errors),
      cmocka_unit_test(test_encode_modifier_errors),
      cmocka_unit_test(test_encode_swizzle_errors),
      cmocka_unit_test(test_rule_fau_page),
      cmocka_unit_test(test_rule_fau_slots),
      cmocka_unit_test(test_rule_fau_buffer),
      cmocka_unit_test(test_rule_pairs),
      cmocka_unit_test(test_rule_staging_alignment),
      cmocka_unit_test(test_rule_slots),
      cmocka_unit_test(test_decode_unknown_words),
      cmocka_unit_test(test_decode_keeps_rule_breaking_words),
      cmocka_unit_test(test_print_assemble_corner_cases),
      cmocka_unit_test(test_assembler_accepts_variants),
      cmocka_unit_test(test_assembler_errors_name_the_column),
      cmocka_unit_test(test_assemble_program),
      cmocka_unit_test(test_disassemble_program),
      cmocka_unit_test(test_hex_words),
      cmocka_unit_test(test_public_api),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
