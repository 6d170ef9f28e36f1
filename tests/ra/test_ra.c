/* SPDX-License-Identifier: MIT */
/*
 * Register allocation: legalised IR in, allocated IR out, and the
 * properties the hardware needs checked on the result (aligned pairs,
 * staging vectors in consecutive registers with no copies where none are
 * needed, preloaded registers kept, the blend shader's registers avoided,
 * spilling under a small limit), and parallel copies executed on concrete
 * register values to show they move the right values.
 */
#include "../ir/ir_test.h"

#include "emit/va.h"
#include "ir/layout.h"
#include "ra/ra.h"

struct ra_case {
   struct arena arena;
   struct ir_shader *s;
   struct tgsiva_diagnostic d;
   jmp_buf bail;
   unsigned registers;
};

/* Allocates c->s, read already. */
static bool
allocate_read(struct ra_case *c, uint64_t allowed, unsigned budget)
{
   ir_test_validate(c->s, "input");
   diag_clear(&c->d);
   c->s->diag = &c->d;
   c->s->bail = &c->bail;
   if (setjmp(c->bail)) {
      fprintf(stderr, "%s\n", c->d.message);
      return false;
   }
   ra_split_critical_edges(c->s);
   if (budget) {
      struct ir_layout layout;
      memset(&layout, 0, sizeof(layout));
      ra_spill(c->s, budget, &layout);
      ir_test_validate(c->s, "ra_spill");
   }
   return ra_allocate(c->s, allowed, &c->registers);
}

/* Reads `text` and allocates it from `allowed`, spilling to `budget`
 * registers first when budget is not 0. */
static bool
allocate(struct ra_case *c, const char *text, uint64_t allowed,
         unsigned budget)
{
   arena_init(&c->arena, 0);
   c->s = ir_test_read(&c->arena, text);
   return allocate_read(c, allowed, budget);
}

/* Reads `text`, fixes value `v` to register `reg` (ir_value.reg) and
 * allocates it from `allowed`. */
static bool
allocate_fixed(struct ra_case *c, const char *text, uint32_t v, int reg,
               uint64_t allowed)
{
   arena_init(&c->arena, 0);
   c->s = ir_test_read(&c->arena, text);
   ir_value(c->s, v)->reg = (int16_t)reg;
   return allocate_read(c, allowed, 0);
}

static void
finish(struct ra_case *c)
{
   arena_finish(&c->arena);
}

/* The n-th (from 0) instruction with Valhall op `op`. */
static struct ir_instr *
find(struct ir_shader *s, enum va_op op, unsigned n)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         if (I->op == IR_OP_VA && I->va_op == op && n-- == 0)
            return I;
      }
   }
   fail_msg("no instruction %s", va_form(op)->name);
   return NULL;
}

/* What an allocated instruction encodes as (the IR owns the operands). */
static const struct va_instr *
enc(struct ir_shader *s, const struct ir_instr *I)
{
   struct va_instr *v = ARENA_NEW(s->arena, struct va_instr);
   ir_va_instr(s, I, v);
   return v;
}

/* The register the n-th (from 0) IADD_IMM writes. */
static unsigned
iadd_imm_reg(struct ra_case *c, unsigned n)
{
   return enc(c->s, find(c->s, VA_OP_IADD_IMM_I32, n))->dest.reg;
}

static unsigned
count(struct ir_shader *s, enum va_op op)
{
   unsigned n = 0;
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         n += I->op == IR_OP_VA && I->va_op == op;
   }
   return n;
}

/* Registers an allocated instruction reads or writes. */
static uint64_t
touched(struct ir_shader *s, const struct ir_instr *I)
{
   uint64_t r, w;
   va_instr_registers(enc(s, I), &r, &w);
   return r | w;
}

/* Two preloads (r0, r2), a 32-bit value and a pair stored through. */
static const char *const pair_after_preloads =
   "shader compute\nb0\n  %1 = preload imm=0\n  %9 = preload imm=2\n"
   "  %2 = va.IADD_IMM.i32 #0x0 #0x5\n"
   "  %3:64 = va.LEA_BUF_IMM.slot0 %2 table:0xD index:0x0\n"
   "  va.STORE.i32.slot0 %3, %1 offset:0\n"
   "  va.STORE.i32.slot0 %3, %2 offset:4\n"
   "  va.STORE.i32.slot0 %3, %9 offset:8\n";

static void
test_pairs_are_aligned(void **state)
{
   (void)state;
   /* r0 and r2 hold preloads and the 32-bit value goes to r1: the pair
    * must skip r3:r4 and take r4:r5. */
   struct ra_case c;
   assert_true(allocate(&c, pair_after_preloads, RA_REGS_32, 0));
   struct ir_instr *lea = find(c.s, VA_OP_LEA_BUF_IMM, 0);
   assert_int_equal(enc(c.s, lea)->staging[0].reg, 4);
   assert_int_equal(enc(c.s, lea)->staging[0].count, 2);
   assert_int_equal(iadd_imm_reg(&c, 0), 1);
   finish(&c);
}

/* Liveness of one block without predecessors (ra_liveness.c's one-walk
 * path): nothing lives out of it, and only a value read but defined
 * nowhere lives into it (the reader accepts one; the validator would
 * not), once, however often it is read. */
static void
test_single_block_liveness(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, pair_after_preloads);
   ir_renumber_blocks(s);
   struct ra_liveness l;
   ra_compute_liveness(s, &l);
   assert_int_equal(l.nblocks, 1);
   assert_int_equal(l.live_in[0].n, 0);
   assert_int_equal(l.live_out[0].n, 0);
   s = ir_test_read(&a, "shader compute\nb0\n"
                        "  %2 = va.IADD_IMM.i32 %7 #0x5\n"
                        "  %3 = va.IADD_IMM.i32 %5 #0x1\n"
                        "  %4 = va.IADD_IMM.i32 %7 #0x2\n"
                        "  %5 = va.IADD_IMM.i32 %2 #0x3\n");
   ir_renumber_blocks(s);
   ra_compute_liveness(s, &l);
   assert_int_equal(l.live_in[0].n, 1); /* %5 is defined, if late */
   assert_int_equal(l.live_in[0].v[0], 7);
   assert_int_equal(l.live_out[0].n, 0);
   arena_finish(&a);
}

/* ir_va_instr keeps each instruction's operands (va_operands.c rule 4):
 * a changed source, result or last-use mark must show in the next build. */
static void
test_kept_operands_follow_the_ir(void **state)
{
   (void)state;
   struct ra_case c;
   assert_true(allocate(&c, pair_after_preloads, RA_REGS_32, 0));
   struct ir_instr *lea = find(c.s, VA_OP_LEA_BUF_IMM, 0);
   const struct va_instr *before = enc(c.s, lea);
   assert_int_equal(before->src[0].value, 1);
   assert_false(before->src[0].discard);
   assert_int_equal(enc(c.s, lea)->src[0].value, 1); /* kept */
   lea->src[0].index = 7;
   assert_int_equal(enc(c.s, lea)->src[0].value, 7);
   lea->src[0].mods |= IR_MOD_LAST;
   assert_true(enc(c.s, lea)->src[0].discard);
   assert_int_equal(enc(c.s, lea)->src[0].value, 7);
   lea->src[0].mods &= (uint8_t)~IR_MOD_LAST;
   assert_false(enc(c.s, lea)->src[0].discard);
   lea->dst.index = 10;
   assert_int_equal(enc(c.s, lea)->staging[0].reg, 10);
   /* The template's modifiers are read afresh too. */
   va_set_mod(lea->va, VA_MOD_SLOT, 2);
   assert_int_equal(enc(c.s, lea)->mod[VA_MOD_SLOT], 2);
   finish(&c);
}

static void
test_staging_vector_built_in_place(void **state)
{
   (void)state;
   /* Four results that end in one STORE vector: each is computed in its
    * place, so no copy is needed. */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader compute\nb0\n  %1 = preload imm=0\n  %2 = preload imm=1\n"
      "  %3 = va.FADD.f32 %1, %2\n  %4 = va.FMA.f32 %1, %2, -#0x0\n"
      "  %5 = va.FADD.f32 %1, %1\n  %6 = va.IADD_IMM.i32 #0x0 #0x3F800000\n"
      "  %7:64 = va.LEA_BUF_IMM.slot0 %2 table:0xD index:0x0\n"
      "  %8:v4 = collect %3, %4, %5, %6\n"
      "  va.STORE.i128.slot0 %7, %8 offset:0\n",
      RA_REGS_32, 0));
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   struct ir_instr *st = find(c.s, VA_OP_STORE_I128, 0);
   unsigned base = enc(c.s, st)->staging[0].reg;
   assert_int_equal(base % 2, 0);
   assert_int_equal(enc(c.s, st)->staging[0].count, 4);
   assert_int_equal(enc(c.s, find(c.s, VA_OP_FADD_F32, 0))->dest.reg, base);
   assert_int_equal(enc(c.s, find(c.s, VA_OP_FMA_F32, 0))->dest.reg, base + 1);
   assert_int_equal(enc(c.s, find(c.s, VA_OP_FADD_F32, 1))->dest.reg, base + 2);
   assert_int_equal(enc(c.s, find(c.s, VA_OP_IADD_IMM_I32, 0))->dest.reg,
                    base + 3);
   finish(&c);
}

static void
test_staging_part_live_after(void **state)
{
   (void)state;
   /* %3 is used after the STORE, so the vector cannot take its register:
    * exactly one copy puts it into the vector. */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader compute\nb0\n  %1 = preload imm=0\n  %2 = preload imm=1\n"
      "  %3 = va.FADD.f32 %1, %2\n  %4 = va.FMA.f32 %1, %2, -#0x0\n"
      "  %7:64 = va.LEA_BUF_IMM.slot0 %2 table:0xD index:0x0\n"
      "  %8:v2 = collect %3, %4\n"
      "  va.STORE.i64.slot0 %7, %8 offset:0\n"
      "  va.STORE.i32.slot0 %7, %3 offset:8\n",
      RA_REGS_32, 0));
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 1);
   struct ir_instr *mov = find(c.s, VA_OP_MOV_I32, 0);
   struct ir_instr *st = find(c.s, VA_OP_STORE_I64, 0);
   assert_int_equal(enc(c.s, mov)->dest.reg, enc(c.s, st)->staging[0].reg);
   assert_int_equal(enc(c.s, mov)->src[0].value,
                    enc(c.s, find(c.s, VA_OP_FADD_F32, 0))->dest.reg);
   finish(&c);
}

/* Rule 4: a register of a vector read alone frees at its last read,
 * though the vector's other registers are still read.  In r0-r7, with
 * r0-r3 taken, each sum of a loaded component can only take that
 * component's register, and the STORE's vector is the load's, without
 * a copy. */
static const char *const vector_read_by_parts =
   "shader compute\nb0\n  %1 = preload imm=0\n  %2 = preload imm=1\n"
   "  %7:64 = va.LEA_BUF_IMM.slot0 %2 table:0xD index:0x0\n"
   "  %3:v4 = va.LOAD.i128.slot0 %7 offset:0\n"
   "  %4 = va.FADD.f32 %3, %1\n  %5 = va.FADD.f32 %3.1, %1\n"
   "  %6 = va.FADD.f32 %3.2, %1\n  %9 = va.FADD.f32 %3.3, %1\n"
   "  %8:v4 = collect %4, %5, %6, %9\n"
   "  va.STORE.i128.slot0 %7, %8 offset:16\n";

static void
test_vector_parts_die_one_by_one(void **state)
{
   (void)state;
   struct ra_case c;
   assert_true(allocate(&c, vector_read_by_parts, 0xff, 0));
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   unsigned base = enc(c.s, find(c.s, VA_OP_LOAD_I128, 0))->staging[0].reg;
   for (unsigned k = 0; k < 4; k++) {
      assert_int_equal(enc(c.s, find(c.s, VA_OP_FADD_F32, k))->dest.reg,
                       base + k);
   }
   assert_int_equal(enc(c.s, find(c.s, VA_OP_STORE_I128, 0))->staging[0].reg,
                    base);
   finish(&c);
   /* Read whole later (a staging operand), the vector keeps all its
    * registers until then: no sum lands in them (with 32 registers). */
   char text[1024];
   snprintf(text, sizeof(text), "%s%s", vector_read_by_parts,
            "  va.STORE.i128.slot0 %7, %3 offset:32\n");
   assert_true(allocate(&c, text, RA_REGS_32, 0));
   base = enc(c.s, find(c.s, VA_OP_LOAD_I128, 0))->staging[0].reg;
   for (unsigned k = 0; k < 4; k++) {
      unsigned d = enc(c.s, find(c.s, VA_OP_FADD_F32, k))->dest.reg;
      assert_true(d < base || d >= base + 4);
   }
   finish(&c);
}

static void
test_preloads_kept(void **state)
{
   (void)state;
   /* r60 and r61 hold preloaded values until their last use; with every
    * other register of the 32-register set busy nothing may take them. */
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader fragment\nb0\n  %%1 = preload imm=60\n"
                      "  %%2 = preload imm=61\n");
   for (unsigned i = 0; i < 28; i++)
      strbuf_printf(&sb, "  %%%u = va.IADD_IMM.i32 #0x0 #0x%x\n", 10 + i,
                    i + 100);
   strbuf_printf(&sb, "  %%40 = va.FADD.f32 %%1, %%2\n");
   for (unsigned i = 0; i < 28; i++)
      strbuf_printf(&sb, "  %%%u = va.FADD.f32 %%%u, %%40\n", 50 + i,
                    10 + i);
   struct ra_case c;
   assert_true(allocate(&c, sb.data, RA_REGS_32 & ~(1ull << 48), 0));
   struct ir_instr *fadd = find(c.s, VA_OP_FADD_F32, 0);
   assert_int_equal(enc(c.s, fadd)->src[0].value, 60);
   assert_int_equal(enc(c.s, fadd)->src[1].value, 61);
   for (unsigned i = 0; i < 28; i++) {
      struct ir_instr *I = find(c.s, VA_OP_IADD_IMM_I32, i);
      unsigned d = enc(c.s, I)->dest.reg;
      assert_true(d != 60 && d != 61);
      assert_true((RA_REGS_32 >> d) & 1);
   }
   finish(&c);
   arena_finish(&a);
}

static void
test_blend_registers_avoided(void **state)
{
   (void)state;
   /* %5 lives across the first BLEND, which may call a blend shader that
    * uses r0-r15 and r48: it must be elsewhere. */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader fragment\nb0\n  %1 = preload imm=60\n"
      "  %5 = va.IADD_IMM.i32 #0x0 #0x3F000000\n"
      "  %6:v4 = collect %5, %5, %5, %5\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %6 target:0x0\n"
      "  %7:v4 = collect %5, %5, %5, %5\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %7 target:0x0\n",
      RA_REGS_32 & ~(1ull << 48), 0));
   unsigned r = enc(c.s, find(c.s, VA_OP_IADD_IMM_I32, 0))->dest.reg;
   assert_true(r >= 16 && r != 48);
   finish(&c);
}

static void
test_blend_colour_planned_early(void **state)
{
   (void)state;
   /* The BLEND colour must be in r0-r3.  %2 outlives the first colour
    * part: planned from the start, the colour keeps it out of r0-r3, so
    * every part is computed in place (no copy). */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader fragment\nb0\n  %1 = preload imm=60\n"
      "  %2 = va.FADD.f32 u0, u1\n"
      "  %3 = va.FADD.f32 %2, u2\n"
      "  %4 = va.FADD.f32 %2, u3\n"
      "  %5 = va.FADD.f32 %2, u4\n"
      "  %6 = va.FADD.f32 %2, u5\n"
      "  %7:v4 = collect %3, %4, %5, %6\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %7 target:0x0\n",
      RA_REGS_32, 0));
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   assert_true(enc(c.s, find(c.s, VA_OP_FADD_F32, 0))->dest.reg >= 4);
   finish(&c);
}

static void
test_vector_lines_up_with_collect(void **state)
{
   (void)state;
   /* A vector whose components make up a COLLECT in order goes where
    * the COLLECT's result must be (a BLEND colour: r0-r3). */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader fragment\nb0\n  %1 = preload imm=60\n"
      "  %2 = preload imm=61\n"
      "  %3:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_flat32.center.store "
      "%2 index:0x0\n"
      "  %4:v4 = collect %3, %3.1, %3.2, %3.3\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %4 target:0x0\n",
      RA_REGS_32, 0));
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   struct ir_instr *ld = find(c.s, VA_OP_LD_VAR_BUF_IMM_F32, 0);
   assert_int_equal(enc(c.s, ld)->staging[0].reg, 0);
   finish(&c);
}

static void
test_best_fit_when_lowest_fragments(void **state)
{
   (void)state;
   /* Of r0-r7, r4 and r6 hold preloads.  The lowest register for %3
    * would be r0 and leave no four free in a row for the vector; when
    * that fails, colouring starts again best fit: %3 in the single free
    * register r5 (or r7), the vector in r0-r3. */
   struct ra_case c;
   assert_true(allocate(
      &c,
      "shader compute\nb0\n  %1 = preload imm=4\n  %2 = preload imm=6\n"
      "  %3 = va.IADD_IMM.i32 #0x0 #0x5\n"
      "  %4:v4 = va.LOAD.i128.unsigned.slot0 workgroup_local_pointer "
      "offset:0\n"
      "  va.STORE.i128.slot0 workgroup_local_pointer, %4 offset:16\n"
      "  %5 = va.IADD.u32 %1, %2\n"
      "  %6 = va.IADD.u32 %5, %3\n"
      "  va.STORE.i32.slot0 workgroup_local_pointer, %6 offset:32\n",
      0xff, 0));
   struct ir_instr *ld = find(c.s, VA_OP_LOAD_I128, 0);
   assert_int_equal(enc(c.s, ld)->staging[0].reg, 0);
   unsigned r = iadd_imm_reg(&c, 0);
   assert_true(r == 5 || r == 7);
   finish(&c);
}

static const char fixed_case[] =
   "shader fragment\nb0\n"
   "  %1 = va.IADD_IMM.i32 #0x0 #0x1\n"
   "  %2 = va.IADD_IMM.i32 #0x0 #0x2\n"
   "  %3 = va.IADD.u32 %1, %2\n";

static void
test_fixed_value_takes_its_register(void **state)
{
   (void)state;
   /* %2 is fixed to r48; %1 lives across its definition, so it keeps out
    * of r48 although r48 is the lowest allowed register (without the
    * rule it would take r48 and %2 would find it taken). */
   struct ra_case c;
   uint64_t allowed = 3ull << 48;
   assert_true(allocate_fixed(&c, fixed_case, 2, 48, allowed));
   assert_int_equal(iadd_imm_reg(&c, 0), 49);
   assert_int_equal(iadd_imm_reg(&c, 1), 48);
   finish(&c);
   /* The fixed register need not be in the allowed set. */
   assert_true(allocate_fixed(&c, fixed_case, 2, 48, 1ull << 0));
   assert_int_equal(iadd_imm_reg(&c, 0), 0);
   assert_int_equal(iadd_imm_reg(&c, 1), 48);
   finish(&c);
}

static void
test_fixed_register_free_elsewhere(void **state)
{
   (void)state;
   /* Where the value fixed to r48 is not live, r48 is free: %2 is
    * defined and dies before %4, and r48 is the only register left for
    * it. */
   struct ra_case c;
   const char *text = "shader fragment\nb0\n"
                      "  %1 = va.IADD_IMM.i32 #0x0 #0x1\n"
                      "  %2 = va.IADD_IMM.i32 #0x0 #0x2\n"
                      "  %3 = va.IADD.u32 %1, %2\n"
                      "  %4 = va.IADD_IMM.i32 #0x0 #0x3\n"
                      "  %5 = va.IADD.u32 %4, %3\n";
   uint64_t allowed = (1ull << 48) | 1ull;
   assert_true(allocate_fixed(&c, text, 4, 48, allowed));
   assert_int_equal(iadd_imm_reg(&c, 0), 0);
   assert_int_equal(iadd_imm_reg(&c, 1), 48);
   assert_int_equal(iadd_imm_reg(&c, 2), 48);
   finish(&c);
}

static void
test_unfixed_values_unchanged(void **state)
{
   (void)state;
   /* Nothing fixed: the same registers as before rule 10 (lowest
    * free). */
   struct ra_case c;
   assert_true(allocate(&c, fixed_case, RA_REGS_32, 0));
   for (unsigned i = 0; i < 2; i++)
      assert_int_equal(iadd_imm_reg(&c, i), i);
   finish(&c);
}

/* Runs the copies (MOV, IADD_IMM, LSHIFT_XOR) of block `b` on `regs`. */
static void
run_copies(struct ir_shader *s, const struct ir_block *b, uint32_t regs[64])
{
   ir_foreach_instr(b, I) {
      if (I->op != IR_OP_VA)
         continue;
      const struct va_instr *v = enc(s, I);
      switch (I->va_op) {
      case VA_OP_MOV_I32: regs[v->dest.reg] = regs[v->src[0].value]; break;
      case VA_OP_IADD_IMM_I32:
         regs[v->dest.reg] = (uint32_t)v->imm[VA_IMM_CONSTANT];
         break;
      case VA_OP_LSHIFT_XOR_I32:
         regs[v->dest.reg] = regs[v->src[0].value] ^ regs[v->src[2].value];
         break;
      default: break;
      }
   }
}

/* Runs the copies on every edge into the loop header except the entry's,
 * and checks that they swap registers ra and rb; returns how many edges
 * it ran. */
static unsigned
check_back_edge_swap(struct ir_shader *s, const struct ir_block *header,
                     unsigned ra, unsigned rb)
{
   unsigned edges = 0;
   for (size_t p = 0; p < header->preds.len; p++) {
      const struct ir_block *pred = header->preds.data[p];
      if (pred == s->first_block)
         continue;
      edges++;
      uint32_t regs[64];
      for (unsigned r = 0; r < 64; r++)
         regs[r] = 0x1000 + r;
      uint32_t a = regs[ra], b = regs[rb];
      run_copies(s, pred, regs);
      assert_int_equal(regs[ra], b);
      assert_int_equal(regs[rb], a);
   }
   return edges;
}

/* Rule 6: the value a loop's phi reads from the latch takes the phi's
 * register where it is free (the phi dies at the sum), not the lowest
 * free one: the back edge needs no copy. */
static void
test_latch_value_takes_phi_register(void **state)
{
   (void)state;
   const char *text =
      "shader compute\n"
      "b0 -> b1\n  %1 = preload imm=2\n  %9 = preload imm=4\n"
      "b1 loop -> b2\n  %3 = phi b0:%1, b2:%5\n"
      "  %5 = va.FADD.f32 %3, u0\n"
      "b2 -> b1 b3\n  branch %5\n"
      "b3\n  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
      "  va.STORE.i32.slot0 %6, %5 offset:0\n";
   struct ra_case c;
   assert_true(allocate(&c, text, RA_REGS_32, 0));
   const struct va_instr *add = enc(c.s, find(c.s, VA_OP_FADD_F32, 0));
   assert_int_equal(add->src[0].value, 2);
   assert_int_equal(add->dest.reg, 2);
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   finish(&c);
   /* A value computed before the latch value, and live across it, keeps
    * out of the phi's register, which stays free for the latch value. */
   text = "shader compute\n"
          "b0 -> b1\n  %1 = preload imm=0\n  %9 = preload imm=4\n"
          "b1 loop -> b2\n  %3 = phi b0:%1, b2:%6\n"
          "  %4 = va.FADD.f32 %3, u0\n  %6 = va.FADD.f32 %4, u1\n"
          "  %8 = va.FADD.f32 %4, %6\n"
          "b2 -> b1 b3\n  branch %8\n"
          "b3\n  %7:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
          "  va.STORE.i32.slot0 %7, %6 offset:0\n";
   assert_true(allocate(&c, text, RA_REGS_32, 0));
   assert_int_equal(enc(c.s, find(c.s, VA_OP_FADD_F32, 0))->dest.reg, 1);
   assert_int_equal(enc(c.s, find(c.s, VA_OP_FADD_F32, 1))->dest.reg, 0);
   assert_int_equal(count(c.s, VA_OP_MOV_I32), 0);
   finish(&c);
}

static void
test_phi_swap(void **state)
{
   (void)state;
   /* Two loop phis swap their values every iteration: the copies on the
    * back edge form a cycle, which must move both values. */
   const char *text =
      "shader compute\n"
      "b0 -> b1\n  %1 = preload imm=0\n  %2 = preload imm=1\n"
      "  %9 = preload imm=2\n"
      "b1 loop -> b2\n  %3 = phi b0:%1, b2:%4\n  %4 = phi b0:%2, b2:%3\n"
      "  %5 = va.FADD.f32 %3, %4\n"
      "b2 -> b1 b3\n  branch %5\n"
      "b3\n  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
      "  va.STORE.i32.slot0 %6, %3 offset:0\n"
      "  va.STORE.i32.slot0 %6, %4 offset:4\n";
   struct ra_case c;
   assert_true(allocate(&c, text, RA_REGS_32, 0));
   struct ir_instr *add = find(c.s, VA_OP_FADD_F32, 0);
   unsigned ra = enc(c.s, add)->src[0].value, rb = enc(c.s, add)->src[1].value;
   /* The copies sit on the back edge (in a block split from it); the
    * entry edge needs none, as the preloads are in place. */
   unsigned edges_with_copies =
      check_back_edge_swap(c.s, add->block, ra, rb);
   assert_int_equal(edges_with_copies, 1);
   finish(&c);
}

static uint32_t
source_value(const struct va_src *src, const uint32_t regs[64])
{
   switch (src->kind) {
   case VA_SRC_KIND_REG: return regs[src->value];
   case VA_SRC_KIND_IMM: return va_imm_table[src->value & 31];
   default: return 0; /* thread_local_pointer: TLS offsets are relative */
   }
}

/* Runs a straight-line program of integer adds, copies and thread-local
 * stores and loads with r56 = `input`; returns what the one STORE that is
 * not to thread-local storage stores. */
static uint32_t
run_integer_program(struct ir_shader *s, uint32_t input)
{
   uint32_t regs[64] = {0}, tls[4096] = {0}, result = 0xdeadbeef;
   regs[56] = input;
   ir_foreach_instr(s->first_block, I) {
      if (I->op != IR_OP_VA)
         continue;
      const struct va_instr *v = enc(s, I);
      const struct va_form *f = va_form(I->va_op);
      uint32_t a = v->src[0].kind ? source_value(&v->src[0], regs) : 0;
      uint32_t b = f->nr_srcs > 1 ? source_value(&v->src[1], regs) : 0;
      bool tls_access = va_form_mod(f, VA_MOD_MEMORY_ACCESS) &&
                        v->mod[VA_MOD_MEMORY_ACCESS] ==
                           VA_MEMORY_ACCESS_FORCE;
      int64_t offset = v->imm[VA_IMM_OFFSET] / 4;
      switch (I->va_op) {
      case VA_OP_IADD_IMM_I32:
         regs[v->dest.reg] = a + (uint32_t)v->imm[VA_IMM_CONSTANT];
         break;
      case VA_OP_IADD_U32: regs[v->dest.reg] = a + b; break;
      case VA_OP_MOV_I32: regs[v->dest.reg] = a; break;
      case VA_OP_STORE_I32:
         assert_true(offset >= 0 && offset < 4096);
         if (tls_access)
            tls[offset] = regs[v->staging[0].reg];
         else
            result = regs[v->staging[0].reg];
         break;
      case VA_OP_LOAD_I32:
         assert_true(tls_access && offset >= 0 && offset < 4096);
         regs[v->staging[0].reg] = tls[offset];
         break;
      case VA_OP_LEA_BUF_IMM: break;
      default: fail_msg("unexpected %s", f->name);
      }
   }
   return result;
}

static void
test_phi_swap_without_scratch(void **state)
{
   (void)state;
   /* The same swap with every register taken: the copies become XOR
    * swaps, which must not swap a register with itself (that clears
    * it). */
   const char *text =
      "shader compute\n"
      "b0 -> b1\n  %1 = preload imm=0\n  %2 = preload imm=1\n"
      "  %9 = preload imm=2\n  %10 = preload imm=3\n"
      "b1 loop -> b2\n  %3 = phi b0:%1, b2:%4\n  %4 = phi b0:%2, b2:%3\n"
      "  %7 = phi b0:%1, b2:%5\n"
      "  %5 = va.FADD.f32 %3, %7\n"
      "b2 -> b1 b3\n  branch %5\n"
      "b3\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %3 offset:0\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %4 offset:4\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %9 offset:8\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %10 offset:12\n";
   struct ra_case c;
   assert_true(allocate(&c, text, 0x1f, 0));
   assert_true(count(c.s, VA_OP_LSHIFT_XOR_I32) > 0);
   struct ir_instr *add = find(c.s, VA_OP_FADD_F32, 0);
   /* %3 and %4: the first store's value and the second's. */
   unsigned ra = enc(c.s, find(c.s, VA_OP_STORE_I32, 0))->staging[0].reg;
   unsigned rb = enc(c.s, find(c.s, VA_OP_STORE_I32, 1))->staging[0].reg;
   unsigned edges_with_copies =
      check_back_edge_swap(c.s, add->block, ra, rb);
   assert_int_equal(edges_with_copies, 1);
   finish(&c);
}

/* %10..%29 = r56 + 0..19, all live at once, then summed into %58. */
static void
twenty_live_values(struct strbuf *sb)
{
   for (unsigned i = 0; i < 20; i++)
      strbuf_printf(sb, "  %%%u = va.IADD_IMM.i32 %%1 #0x%x\n", 10 + i, i);
   strbuf_printf(sb, "  %%40 = va.IADD.u32 %%10, %%11\n");
   for (unsigned i = 2; i < 20; i++)
      strbuf_printf(sb, "  %%%u = va.IADD.u32 %%%u, %%%u\n", 40 + i - 1,
                    40 + i - 2, 10 + i);
}

static void
test_spilling_small_limit(void **state)
{
   (void)state;
   /* Twenty values live at once, eight registers (plus r56-r63): values
    * go to thread-local storage and come back, every register in use is
    * allowed, and the program still computes the sum of all twenty. */
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0\n  %%1 = preload imm=56\n");
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%58 "
                      "offset:0\n");
   uint64_t allowed = 0xffull | (0xffull << 56);
   struct ra_case c;
   bool ok = false;
   for (unsigned budget = 16; budget > 4 && !ok; budget--) {
      ok = allocate(&c, sb.data, allowed, budget);
      if (!ok)
         finish(&c);
   }
   assert_true(ok);
   unsigned stores = 0, loads = 0;
   ir_foreach_block(c.s, b) {
      ir_foreach_instr(b, I) {
         if (I->op != IR_OP_VA)
            continue;
         assert_int_equal(touched(c.s, I) & ~allowed, 0);
         const struct va_form *f = va_form(I->va_op);
         bool tls = va_form_mod(f, VA_MOD_MEMORY_ACCESS) &&
                    I->va->mod[VA_MOD_MEMORY_ACCESS] ==
                       VA_MEMORY_ACCESS_FORCE;
         stores += tls && !strncmp(f->name, "STORE", 5);
         loads += tls && !strncmp(f->name, "LOAD", 4);
      }
   }
   assert_true(stores > 0);
   assert_true(loads >= stores);
   assert_true(c.s->spills > 0);
   /* 20 * r56 + (0 + 1 + ... + 19) reaches the final STORE. */
   assert_int_equal(run_integer_program(c.s, 7), 20 * 7 + 190);
   finish(&c);
   arena_finish(&a);
}

/* Five regions one register over the target, and one value live across
 * all of them: spilling that value once brings every region down, both
 * when rounds spill at one worst point at a time and when a round takes
 * every worst point at once (ra_spill_spread: a value picked at one
 * region counts as gone at the others; picking at each region on its
 * own would spill five values). */
static void
test_one_spill_serves_every_region(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct strbuf sb;
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0\n  %%1 = preload imm=56\n"
                      "  %%2 = va.IADD_IMM.i32 %%1 #0x64\n");
   uint32_t sum = 1, next = 3, expect = 7; /* the first sum reads %1 */
   for (unsigned region = 0; region < 5; region++) {
      uint32_t first = next;
      for (unsigned i = 0; i < 6; i++, next++) {
         strbuf_printf(&sb, "  %%%u = va.IADD_IMM.i32 %%1 #0x%x\n", next,
                       i);
         expect += 7 + i;
      }
      for (uint32_t v = first; v < first + 6; v++) {
         strbuf_printf(&sb, "  %%%u = va.IADD.u32 %%%u, %%%u\n", v + 100,
                       sum, v);
         sum = v + 100;
      }
   }
   strbuf_printf(&sb, "  %%900 = va.IADD.u32 %%%u, %%2\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%900 "
                      "offset:0\n", sum);
   for (unsigned spread = 0; spread < 2; spread++) {
      struct ra_case c;
      arena_init(&c.arena, 0);
      c.s = ir_test_read(&c.arena, sb.data);
      unsigned target = ra_max_pressure(c.s) - 1;
      struct ir_layout layout;
      memset(&layout, 0, sizeof(layout));
      if (spread)
         ra_spill_spread(c.s, target, &layout);
      else
         ra_spill(c.s, target, &layout);
      ir_test_validate(c.s, "ra_spill");
      assert_int_equal(c.s->spills, 1);
      assert_true(ra_max_pressure(c.s) <= target);
      assert_true(ra_allocate(c.s, 0xffffull | (0xffull << 56),
                              &c.registers));
      assert_int_equal(run_integer_program(c.s, 7), expect + 7 + 0x64);
      finish(&c);
   }
   arena_finish(&a);
}

/* The steps ra_run took, by name, for test_over_32_shares_liveness. */
struct steps {
   char names[8][32];
   unsigned count;
};

static void
note_step(void *ctx, struct ir_shader *s, const char *pass, bool progress)
{
   struct steps *st = ctx;
   (void)s;
   (void)progress;
   if (st->count < 8)
      snprintf(st->names[st->count], sizeof(st->names[0]), "%s", pass);
   st->count++;
}

/* Forty values live at once: over the 32 registers of full occupancy,
 * within 64.  ra_run colours it with 64 without a spill step (the IR is
 * unchanged until then, and one liveness serves the failed 32-register
 * colouring, the pressure count and the 64-register one), and the result
 * is the one a separate ra_allocate on a fresh copy gives. */
static void
test_over_32_shares_liveness(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct strbuf sb;
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0\n  %%1 = preload imm=56\n");
   for (unsigned i = 0; i < 40; i++)
      strbuf_printf(&sb, "  %%%u = va.IADD.u32 %%1, %%1\n", 10 + i);
   uint32_t sum = 10;
   for (unsigned i = 1; i < 40; i++) {
      strbuf_printf(&sb, "  %%%u = va.IADD.u32 %%%u, %%%u\n", 100 + i, sum,
                    10 + i);
      sum = 100 + i;
   }
   strbuf_printf(&sb, "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%%u "
                      "offset:0\n", sum);

   struct ra_case c;
   arena_init(&c.arena, 0);
   c.s = ir_test_read(&c.arena, sb.data);
   assert_true(ra_max_pressure(c.s) > 32);
   struct steps st = {.count = 0};
   struct ra_hooks hooks = {.after = note_step, .ctx = &st};
   struct ra_outcome out = {0};
   struct ir_layout layout;
   memset(&layout, 0, sizeof(layout));
   ra_run(c.s, 0, &layout, &hooks, &out);
   assert_int_equal(st.count, 1);
   assert_string_equal(st.names[0], "ra_allocate");
   assert_int_equal(out.work_registers, 64);
   assert_true(out.registers > 32);
   assert_int_equal(c.s->spills, 0);
   /* (0 + 0) + ... : every value is r56 + r56. */
   assert_int_equal(run_integer_program(c.s, 7), 40 * 14);

   struct ra_case fresh;
   arena_init(&fresh.arena, 0);
   fresh.s = ir_test_read(&fresh.arena, sb.data);
   assert_true(ra_allocate(fresh.s, RA_REGS_64, &fresh.registers));
   assert_int_equal(fresh.registers, out.registers);
   struct strbuf shared, alone;
   strbuf_init(&shared, &a);
   strbuf_init(&alone, &a);
   ir_print_shader(&shared, c.s);
   ir_print_shader(&alone, fresh.s);
   assert_string_equal(shared.data, alone.data);
   finish(&fresh);
   finish(&c);
   arena_finish(&a);
}

/* Reads `text` into c, splits critical edges and spills down to
 * `target` registers; a compile error fails the test. */
static void
spill_text(struct ra_case *c, const char *text, unsigned target)
{
   arena_init(&c->arena, 0);
   c->s = ir_test_read(&c->arena, text);
   diag_clear(&c->d);
   c->s->diag = &c->d;
   c->s->bail = &c->bail;
   if (setjmp(c->bail))
      fail_msg("%s", c->d.message);
   ra_split_critical_edges(c->s);
   struct ir_layout layout;
   memset(&layout, 0, sizeof(layout));
   ra_spill(c->s, target, &layout);
   ir_test_validate(c->s, "ra_spill");
}

/* Regression (corpus-apps fs/06390d7a0938 under --max-registers 8): a
 * phi whose source is register 0 of a vector (a reloaded vec4, say) was
 * spilled with the vector as the value to store: STORE.i32 of four
 * registers.  Every spill store must store a value of its own size. */
static void
test_spilled_phi_of_a_vector_part_stores_one_register(void **state)
{
   (void)state;
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0 -> b1 b2\n  %%1 = preload imm=56\n"
                      "  %%2 = va.IADD_IMM.i32 %%1 #0x1\n"
                      "  %%3:v4 = collect %%2, %%1, %%2, %%1\n"
                      "  branch %%1\nb1 -> b3\n  jump\nb2 -> b3\n  jump\n"
                      "b3\n  %%4 = phi b1:%%3, b2:%%1\n");
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  %%60 = va.IADD.u32 %%58, %%4\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i128.slot0 %%70, %%3 offset:0\n"
                      "  va.STORE.i32.slot0 %%70, %%60 offset:16\n");
   struct ra_case c;
   spill_text(&c, sb.data, 6);
   unsigned stores = 0;
   ir_foreach_block(c.s, b) {
      ir_foreach_instr(b, I) {
         if (I->op != IR_OP_VA || I->va_op < VA_OP_STORE_I32 ||
             I->va_op > VA_OP_STORE_I128)
            continue;
         static const unsigned regs[] = {1, 2, 2, 3, 4};
         unsigned want = regs[I->va_op - VA_OP_STORE_I32];
         assert_int_equal(ir_value(c.s, I->src[1].index)->nregs, want);
         stores++;
      }
   }
   assert_true(stores > 2);
   assert_true(c.s->spills > 0);
   finish(&c);
   arena_finish(&a);
}

/* Regression (campaign seed 500008996, 8 registers): a loop phi whose
 * new value (%6) is made on the back edge before the same block reads
 * the phi's current value (%7 = %4 + r56).  Spilled, the phi's slot was
 * stored right after %6, and the reload for %7 read the new value.  In
 * the back-edge block every reload of a phi's slot must come before the
 * store into it. */
static void
test_spilled_phi_read_after_its_new_value(void **state)
{
   (void)state;
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0 -> b1\n  %%1 = preload imm=56\n"
                      "  %%2 = va.IADD_IMM.i32 %%1 #0x1\n"
                      "  %%3 = va.IADD_IMM.i32 %%1 #0x2\n"
                      "  jump\nb1 -> b2 b3\n"
                      "  %%4 = phi b0:%%2, b2:%%6\n"
                      "  %%5 = phi b0:%%3, b2:%%7\n"
                      "  %%8 = va.ICMP.u32.ge.m1 %%4, #0x40, #0x0\n"
                      "  branch %%8\nb2 -> b1\n");
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  %%6 = va.IADD.u32 %%5, %%58\n"
                      "  %%7 = va.IADD.u32 %%4, %%1\n"
                      "  jump\nb3\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%4 offset:0\n"
                      "  va.STORE.i32.slot0 %%70, %%5 offset:4\n");
   struct ra_case c;
   spill_text(&c, sb.data, 6);
   /* A phi's slot is stored in each predecessor of its block; any other
    * spilled value's, once, after its definition. */
   static uint8_t storing_blocks[4096];
   memset(storing_blocks, 0, sizeof(storing_blocks));
   ir_foreach_block(c.s, b) {
      bool seen[4096] = {false};
      ir_foreach_instr(b, I) {
         if (I->op == IR_OP_VA && I->src[0].kind == IR_REF_SPECIAL &&
             I->va_op >= VA_OP_STORE_I32 && I->va_op <= VA_OP_STORE_I128 &&
             I->va->imm[VA_IMM_OFFSET] < 4096 &&
             !seen[I->va->imm[VA_IMM_OFFSET]]) {
            seen[I->va->imm[VA_IMM_OFFSET]] = true;
            storing_blocks[I->va->imm[VA_IMM_OFFSET]]++;
         }
      }
   }
   unsigned checked = 0;
   ir_renumber_blocks(c.s);
   ir_foreach_block(c.s, b) {
      /* Only the back edge (b2, which jumps to an earlier block). */
      if (!b->succ[0] || b->succ[0]->index > b->index)
         continue;
      bool stored[4096] = {false}; /* phi slots stored so far */
      ir_foreach_instr(b, I) {
         if (I->op != IR_OP_VA || I->src[0].kind != IR_REF_SPECIAL)
            continue; /* not a thread-local slot access */
         bool store = I->va_op >= VA_OP_STORE_I32 &&
                      I->va_op <= VA_OP_STORE_I128;
         bool load = I->va_op >= VA_OP_LOAD_I32 &&
                     I->va_op <= VA_OP_LOAD_I128;
         unsigned off = I->va->imm[VA_IMM_OFFSET];
         if (!(store || load) || off >= 4096 || storing_blocks[off] < 2)
            continue;
         if (load && stored[off])
            fail_msg("block %u reloads phi slot %u after storing it%s",
                     b->index, off, ir_test_print(&a, c.s));
         stored[off] |= store;
         checked++;
      }
   }
   assert_true(checked > 0);
   assert_true(c.s->spills > 0);
   finish(&c);
   arena_finish(&a);
}

/* ra_rematerialize_constants: each reader of a constant gets a copy
 * right before it (one per reader); a phi keeps the original; an
 * IADD_IMM of a value is no constant. */
static void
test_rematerialize_constants(void **state)
{
   (void)state;
   IR_CASE(ra_rematerialize_constants,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %2 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %3 = va.FADD.f32 %1, %2\n"
           "  %4 = va.CSEL.f32.eq %3, %2, %2, %1\n"
           "  %5 = va.IADD_IMM.i32 %1 #0x5\n"
           "  %6 = va.IADD.u32 %5, %5\n  jump\n"
           "b1\n  %7 = phi b0:%2\n  %8 = va.FADD.f32 %7, %2\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %2 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %9 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %3 = va.FADD.f32 %1, %9\n"
           "  %10 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %4 = va.CSEL.f32.eq %3, %10, %10, %1\n"
           "  %5 = va.IADD_IMM.i32 %1 #0x5\n"
           "  %6 = va.IADD.u32 %5, %5\n  jump\n"
           "b1\n  %7 = phi b0:%2\n"
           "  %11 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %8 = va.FADD.f32 %7, %11\n");
   IR_NEGCASE(ra_rematerialize_constants,
              "shader compute\nb0\n  %1 = preload imm=1\n"
              "  %2 = va.IADD_IMM.i32 %1 #0x5\n  %3 = va.IADD.u32 %2, %2\n");
}

/* Regression (corpus-apps fs/332d94965e7e under --max-registers 8): an
 * FMA of components of two spilled vec4s reloaded both whole, nine
 * registers at once.  A source reading one component past the first
 * reloads that word alone. */
static void
test_spilled_vector_component_reloads_one_word(void **state)
{
   (void)state;
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0\n  %%1 = preload imm=56\n"
                      "  %%2 = va.IADD_IMM.i32 %%1 #0x1\n"
                      "  %%3:v4 = collect %%2, %%1, %%2, %%1\n");
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  %%60 = va.FADD.f32 %%3.2, %%3.3\n"
                      "  %%61 = va.IADD.u32 %%58, %%60\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%61 "
                      "offset:0\n");
   struct ra_case c;
   spill_text(&c, sb.data, 6);
   unsigned checked = 0;
   ir_foreach_block(c.s, b) {
      ir_foreach_instr(b, I) {
         if (I->op != IR_OP_VA || I->va_op != VA_OP_FADD_F32)
            continue;
         ir_foreach_src(I, i) {
            const struct ir_instr *L = ir_value(c.s, I->src[i].index)->def;
            assert_int_equal(I->src[i].comp, 0);
            assert_int_equal(L->va_op, VA_OP_LOAD_I32);
            checked++;
         }
      }
   }
   assert_int_equal(checked, 2);
   finish(&c);
   arena_finish(&a);
}

/* True if I is a thread-local store or load (a spill or a fill). */
static bool
is_tls_access(const struct ir_instr *I)
{
   if (I->op != IR_OP_VA)
      return false;
   const struct va_form *f = va_form(I->va_op);
   return va_form_mod(f, VA_MOD_MEMORY_ACCESS) &&
          I->va->mod[VA_MOD_MEMORY_ACCESS] == VA_MEMORY_ACCESS_FORCE;
}

/* A program whose value %3 is made from uniforms by `chain`
 * instructions (`first`, then adds of u1) and a mov, is live across
 * twenty values and read by %60; spilled down to 6 registers. */
static void
spill_chain_from(struct ra_case *c, struct arena *a, unsigned chain,
                 const char *first)
{
   struct strbuf sb;
   strbuf_init(&sb, a);
   strbuf_printf(&sb, "shader compute\nb0\n  %%1 = preload imm=56\n"
                      "  %%100 = %s\n", first);
   for (unsigned i = 1; i < chain; i++)
      strbuf_printf(&sb, "  %%%u = va.IADD.u32 %%%u, u1\n", 100 + i,
                    100 + i - 1);
   strbuf_printf(&sb, "  %%3 = mov %%%u\n", 100 + chain - 1);
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  %%60 = va.IADD.u32 %%58, %%3\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%60 "
                      "offset:0\n");
   spill_text(c, sb.data, 6);
}

static void
spill_uniform_chain(struct ra_case *c, struct arena *a, unsigned chain)
{
   spill_chain_from(c, a, chain, "va.IADD_IMM.i32 u0 #0x3");
}

/* Rule 3 of ra_spill.c: a value made from uniforms alone, live across
 * high pressure, is made again right before its reader instead of
 * being stored and reloaded, and the original chain goes. */
static void
test_spill_remakes_uniform_chains(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ra_case c;
   spill_uniform_chain(&c, &a, 3); /* IADD_IMM, IADD, IADD, and the mov */
   struct ir_instr *reader = NULL;
   ir_foreach_instr(c.s->first_block, I) {
      if (I->op == IR_OP_VA && I->va_op == VA_OP_IADD_U32 &&
          I->src[0].kind == IR_REF_VALUE && I->src[0].index == 58)
         reader = I;
   }
   assert_non_null(reader);
   /* The copy: mov <- IADD u1 <- IADD u1 <- IADD_IMM u0, just before. */
   struct ir_instr *M = reader->prev;
   assert_int_equal(M->op, IR_OP_MOV);
   assert_int_equal(reader->src[1].index, M->dst.index);
   struct ir_instr *I = M->prev;
   for (unsigned k = 0; k < 2; k++, I = I->prev) {
      assert_int_equal(I->va_op, VA_OP_IADD_U32);
      assert_int_equal(I->src[1].kind, IR_REF_UNIFORM);
      assert_int_equal(I->src[0].index, I->prev->dst.index);
   }
   assert_int_equal(I->va_op, VA_OP_IADD_IMM_I32);
   assert_int_equal(I->src[0].kind, IR_REF_UNIFORM);
   assert_int_equal(I->src[0].index, 0);
   /* The originals are gone. */
   for (unsigned v = 100; v < 103; v++)
      assert_null(ir_value(c.s, v)->def->block);
   assert_null(ir_value(c.s, 3)->def->block);
   /* Other values still spill; none of the stores stores the chain. */
   unsigned stores = 0;
   ir_foreach_instr(c.s->first_block, S) {
      if (!is_tls_access(S) || S->nsrc < 2)
         continue;
      stores++;
      assert_true(S->src[1].index < 100 && S->src[1].index != 3);
   }
   assert_true(stores > 0);
   finish(&c);
   arena_finish(&a);
}

/* A chain of more instructions than a reload is worth (REMAT_MAX, 8)
 * is stored and reloaded as before. */
static void
test_spill_keeps_long_chains_in_memory(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ra_case c;
   spill_uniform_chain(&c, &a, 8); /* 8 instructions and the mov: 9 */
   bool stored = false;
   ir_foreach_instr(c.s->first_block, S) {
      if (is_tls_access(S) && S->nsrc >= 2 &&
          S->src[1].kind == IR_REF_VALUE && S->src[1].index == 3)
         stored = true;
   }
   assert_true(stored);
   assert_non_null(ir_value(c.s, 3)->def->block);
   finish(&c);
   arena_finish(&a);
}

/* A phi reading a value made from uniforms gets the copy at the end of
 * the predecessor, before its jump (rule 3 of ra_spill.c), and the
 * value is neither stored nor reloaded. */
static void
test_spill_remakes_uniform_chain_for_a_phi(void **state)
{
   (void)state;
   struct strbuf sb;
   struct arena a;
   arena_init(&a, 0);
   strbuf_init(&sb, &a);
   strbuf_printf(&sb, "shader compute\nb0 -> b1 b2\n  %%1 = preload imm=56\n"
                      "  %%100 = va.IADD_IMM.i32 u0 #0x3\n"
                      "  %%101 = va.IADD.u32 %%100, u1\n");
   twenty_live_values(&sb);
   strbuf_printf(&sb, "  branch %%58\nb1 -> b3\n  jump\n"
                      "b2 -> b3\n  jump\n"
                      "b3\n  %%4 = phi b1:%%101, b2:%%58\n"
                      "  %%70:64 = va.LEA_BUF_IMM.slot0 %%1 table:0xD "
                      "index:0x0\n  va.STORE.i32.slot0 %%70, %%4 "
                      "offset:0\n");
   struct ra_case c;
   spill_text(&c, sb.data, 6);
   struct ir_instr *phi = NULL;
   ir_foreach_block(c.s, b) {
      ir_foreach_instr(b, I) {
         if (I->op == IR_OP_PHI)
            phi = I;
         /* Nothing stores the chain's value. */
         if (is_tls_access(I) && I->nsrc >= 2)
            assert_int_not_equal(I->src[1].index, 101);
      }
   }
   assert_non_null(phi);
   struct ir_block *pred = phi->block->preds.data[0];
   struct ir_instr *copy = ir_value(c.s, phi->src[0].index)->def;
   assert_ptr_equal(copy->block, pred);
   assert_int_equal(copy->va_op, VA_OP_IADD_U32);
   assert_int_equal(copy->src[1].kind, IR_REF_UNIFORM);
   assert_ptr_equal(copy->next, pred->last); /* right before the jump */
   const struct ir_instr *first = ir_value(c.s, copy->src[0].index)->def;
   assert_int_equal(first->va_op, VA_OP_IADD_IMM_I32);
   assert_ptr_equal(first->block, pred);
   assert_null(ir_value(c.s, 101)->def->block);
   assert_null(ir_value(c.s, 100)->def->block);
   finish(&c);
   arena_finish(&a);
}

/* A chain through an instruction whose result depends on the lanes that
 * run it (a cross-lane permute; WMASK too) is stored and reloaded: made
 * again under other control flow it could differ. */
static void
test_spill_keeps_lane_chains_in_memory(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ra_case c;
   spill_chain_from(&c, &a, 2, "va.CLPER.i32.subgroup4 u0, #0x0");
   bool stored = false;
   ir_foreach_instr(c.s->first_block, S) {
      if (is_tls_access(S) && S->nsrc >= 2 &&
          S->src[1].kind == IR_REF_VALUE && S->src[1].index == 3)
         stored = true;
   }
   assert_true(stored);
   assert_non_null(ir_value(c.s, 100)->def->block);
   finish(&c);
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pairs_are_aligned),
      cmocka_unit_test(test_kept_operands_follow_the_ir),
      cmocka_unit_test(
         test_spilled_phi_of_a_vector_part_stores_one_register),
      cmocka_unit_test(test_staging_vector_built_in_place),
      cmocka_unit_test(test_staging_part_live_after),
      cmocka_unit_test(test_vector_parts_die_one_by_one),
      cmocka_unit_test(test_preloads_kept),
      cmocka_unit_test(test_blend_registers_avoided),
      cmocka_unit_test(test_blend_colour_planned_early),
      cmocka_unit_test(test_vector_lines_up_with_collect),
      cmocka_unit_test(test_best_fit_when_lowest_fragments),
      cmocka_unit_test(test_fixed_value_takes_its_register),
      cmocka_unit_test(test_fixed_register_free_elsewhere),
      cmocka_unit_test(test_unfixed_values_unchanged),
      cmocka_unit_test(test_latch_value_takes_phi_register),
      cmocka_unit_test(test_phi_swap),
      cmocka_unit_test(test_phi_swap_without_scratch),
      cmocka_unit_test(test_spilling_small_limit),
      cmocka_unit_test(test_one_spill_serves_every_region),
      cmocka_unit_test(test_rematerialize_constants),
      cmocka_unit_test(test_over_32_shares_liveness),
      cmocka_unit_test(test_single_block_liveness),
      cmocka_unit_test(test_spilled_vector_component_reloads_one_word),
      cmocka_unit_test(test_spilled_phi_read_after_its_new_value),
      cmocka_unit_test(test_spill_remakes_uniform_chains),
      cmocka_unit_test(test_spill_keeps_long_chains_in_memory),
      cmocka_unit_test(test_spill_remakes_uniform_chain_for_a_phi),
      cmocka_unit_test(test_spill_keeps_lane_chains_in_memory),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
