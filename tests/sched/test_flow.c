/* SPDX-License-Identifier: MIT */
/*
 * Dependency slots and flow: legalised IR in, allocated, given slots and
 * flow and emitted; the disassembly must be exactly the expected program,
 * and the hardware-rule validator must accept it, and the IR printed after
 * the last pass must be that disassembly.  Flow acts after its
 * instruction, so the wait for a result sits on the instruction before
 * its first use.
 */
#include "../ir/ir_test.h"
#include "../ir_disasm_check.h"

#include "emit/va.h"
#include "valhall/valhall.h"
#include "emit/va_validate.h"
#include "ra/ra.h"
#include "valhall/valhall.h"

static const char *
compile_ir(struct arena *a, const char *text, bool late_passes)
{
   struct ir_shader *s = ir_test_read(a, text);
   ir_test_validate(s, "input");
   /* In the arena, not a local: it is filled before a longjmp back here
    * and read after it (C11 7.13.2.1). */
   struct tgsiva_diagnostic *d = ARENA_NEW(a, struct tgsiva_diagnostic);
   jmp_buf bail;
   diag_clear(d);
   s->diag = d;
   s->bail = &bail;
   if (setjmp(bail)) {
      fprintf(stderr, "%s\n", d->message);
      fail();
   }
   unsigned regs;
   ra_split_critical_edges(s);
   va_blend_return(s);
   assert_true(ra_allocate(s, RA_REGS_32, &regs));
   va_insert_flow(s);
   if (late_passes) {
      va_discard_helpers(s);
      va_mark_last_use(s);
   }
   va_thread_jumps(s);
   va_blend_tail(s);
   uint64_t *words, costs[VA_COST_UNITS];
   size_t n;
   assert_true(va_emit_program(s, a, &words, &n, costs, d));
   if (!va_validate(a, words, n, d)) {
      fprintf(stderr, "%s\n", d->message);
      fail();
   }
   /* The IR after the last pass is the program, word for word. */
   struct strbuf ir;
   strbuf_init(&ir, a);
   ir_print_shader(&ir, s);
   unsigned long compared = 0;
   const char *why = ir_disasm_mismatch(a, ir.data, words, n, &compared);
   if (why) {
      fprintf(stderr, "%s\n%s", why, ir.data);
      fail();
   }
   assert_int_equal(compared, n);
   struct strbuf sb;
   strbuf_init(&sb, a);
   va_disassemble(&sb, words, n, 0);
   return sb.data;
}

static void
check_passes(const char *ir, const char *expected, bool late_passes)
{
   struct arena a;
   arena_init(&a, 0);
   const char *got = compile_ir(&a, ir, late_passes);
   if (strcmp(got, expected)) {
      fprintf(stderr, "--- expected\n%s--- got\n%s", expected, got);
      arena_finish(&a);
      fail();
   }
   arena_finish(&a);
}

static void
check(const char *ir, const char *expected)
{
   check_passes(ir, expected, false);
}

#define FS "shader fragment\nb0\n  %1 = preload imm=61\n"

static void
test_straight_line(void **state)
{
   (void)state;
   /* The load's result is first read by the second FADD: the wait goes on
    * the instruction before it; the independent FADD runs meanwhile.  Its
    * x dies there, and the sum takes its register. */
   check(FS "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store "
            "%1 index:0x0\n"
            "  %3 = va.FADD.f32 u0, u1\n"
            "  %4 = va.FADD.f32 %2, %3\n"
            "  %5 = va.FADD.f32 %4, %2.1\n"
            "  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
            "  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
            "  va.STORE.i32.slot0 %6, %5 offset:0\n",
         "LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store @r0:r1, r61, "
         "index:0x0\n"
         "FADD.f32.wait0 r2, u0, u1\n"
         "FADD.f32 r0, r0, r2\n"
         "FADD.f32 r0, r0, r1\n"
         "IADD_IMM.i32 r1, 0x0, #0x0\n"
         "LEA_BUF_IMM.slot1.wait1 @r2:r3, r1, table:0xD, index:0x0\n"
         "STORE.i32.slot2.end @r0, r2, offset:0\n");
}

static void
test_multiple_pending(void **state)
{
   (void)state;
   /* Three messages on three slots; each use waits for its own slot
    * only, on the instruction before it. */
   check("shader vertex_varying\nb0\n  %1 = preload imm=60\n"
         "  %2 = preload imm=61\n  %9 = preload imm=59\n"
         "  %3:v2 = va.LD_ATTR_IMM.v2.f32.slot0 %1, %2 index:0x0 "
         "table:0x1\n"
         "  %4:v2 = va.LD_ATTR_IMM.v2.f32.slot0 %1, %2 index:0x1 "
         "table:0x1\n"
         "  %5:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
         "  %6 = va.FADD.f32 %4, %4.1\n"
         "  %7 = va.FADD.f32 %3, %6\n"
         "  va.STORE.i32.estream.slot0 %5, %7 offset:0\n",
         "LD_ATTR_IMM.v2.f32.slot0 @r0:r1, r60, r61, index:0x0, "
         "table:0x1\n"
         "LD_ATTR_IMM.v2.f32.slot1 @r2:r3, r60, r61, index:0x1, "
         "table:0x1\n"
         "LEA_BUF_IMM.slot2.wait1 @r4:r5, r59, table:0xD, index:0x0\n"
         "FADD.f32.wait0 r2, r2, r3\n"
         "FADD.f32.wait2 r0, r0, r2\n"
         "STORE.i32.estream.slot0.end @r0, r4, offset:0\n");
}

static void
test_branches(void **state)
{
   (void)state;
   /* A varying load before an if: a block drains its varying loads
    * before it branches.  The branch reconverges, and so does the end of
    * each path into the join (the jump, on the first path). */
   check("shader fragment\nb0 -> b1\n  %1 = preload imm=61\n"
         "  %2 = va.LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store "
         "%1 index:0x0\n"
         "  %3 = va.FCMP.f32.lt.m1 u0, #0x0, #0x0\n"
         "b1 -> b2 b3\n  branch %3\n"
            "b2 -> b3\n  %4 = va.FADD.f32 %2, u1\n"
            "b3\n  %5 = phi b1:u2, b2:%4\n"
            "  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
            "  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
            "  va.STORE.i32.slot0 %6, %5 offset:0\n",
         "LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store @r0, r61, "
         "index:0x0\n"
         "FCMP.f32.lt.m1.wait0 r1, u0, 0x0, 0x0\n"
         "BRANCHZ.eq.reconverge r1, offset:2\n"
         "FADD.f32 r0, r0, u1\n"
         "BRANCHZ.eq.reconverge 0x0, offset:1\n"
         "MOV.i32.reconverge r0, u2\n"
         "IADD_IMM.i32 r1, 0x0, #0x0\n"
         "LEA_BUF_IMM.slot1.wait1 @r2:r3, r1, table:0xD, index:0x0\n"
         "STORE.i32.slot2.end @r0, r2, offset:0\n");
}

static void
test_loop(void **state)
{
   (void)state;
   /* A load in a loop whose result the next iteration reads: the load
    * writes the phi's register (no copy on the back edge), so the wait
    * comes at the head of the loop, before the sum reads it, and on the
    * way out before r0 is overwritten. */
   check("shader fragment\nb0 -> b1\n  %1 = preload imm=61\n"
         "b1 loop -> b2\n  %2 = phi b0:u0, b2:%3\n"
            "  %4 = va.FADD.f32 %2, u1\n"
            "  %3 = va.LD_BUFFER.i32.unsigned.slot0 %4, #0x0\n"
            "b2 -> b1 b3\n  %5 = va.FCMP.f32.lt.m1 %4, u2, #0x0\n"
            "  branch %5\n"
            "b3\n  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
            "  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
            "  va.STORE.i32.slot0 %6, %4 offset:0\n",
         "MOV.i32.reconverge r0, u0\n"
         "NOP.wait0 \n"
         "FADD.f32 r1, r0, u1\n"
         "LD_BUFFER.i32.unsigned.slot0 @r0, r1, 0x0\n"
         "FCMP.f32.lt.m1 r2, r1, u2, 0x0\n"
         "BRANCHZ.reconverge r2, offset:-5\n"
         "NOP.wait0 \n"
         "IADD_IMM.i32 r0, 0x0, #0x0\n"
         "LEA_BUF_IMM.slot1.wait1 @r2:r3, r0, table:0xD, index:0x0\n"
         "STORE.i32.slot2.end @r1, r2, offset:0\n");
}

static void
test_fragment_outputs(void **state)
{
   (void)state;
   /* wait0126 before ATEST, ATEST waits on slot 0, everything is drained
    * before BLEND, which ends the shader and carries the blend tail; the
    * coverage is in r60 and the colour in r0-r3, where a blend shader
    * reads them. */
   check("shader fragment\nb0\n  %1 = preload imm=61\n"
         "  %2 = preload imm=60\n"
         "  %3:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store "
         "%1 index:0x0\n"
         "  %4 = va.ATEST %2, %3.3, atest_datum.w0\n"
         "  va.BLEND.slot0.v4.auto blend_descriptor_0, %4, %3 target:0x0\n",
         "LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store.wait0126 "
         "@r0:r1:r2:r3, r61, index:0x0\n"
         "ATEST.wait @r60, r60, r3, atest_datum.w0\n"
         "BLEND.slot1.v4.auto.end @r0:r1:r2:r3, blend_descriptor_0.w0, r60, "
         "target:0x0\n"
         "IADD_IMM.i32 r48, 0x0, #0x0\n"
         "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n");
}

static void
test_memory_order(void **state)
{
   (void)state;
   /* A store, then a load of the same thread-local word: the load waits
    * for the store.  Two loads need no wait between them. */
   check("shader compute\nb0\n  %1 = preload imm=56\n"
         "  va.STORE.i32.force.slot0 thread_local_pointer, %1 offset:0\n"
         "  %2 = va.LOAD.i32.unsigned.force.slot0 thread_local_pointer "
         "offset:0\n"
         "  %3 = va.LOAD.i32.unsigned.force.slot0 thread_local_pointer "
         "offset:4\n"
         "  %4 = va.IADD.u32 %2, %3\n"
         "  va.STORE.i32.force.slot0 thread_local_pointer, %4 offset:8\n",
         "STORE.i32.force.slot0.wait0 @r56, thread_local_pointer.w0, "
         "offset:0\n"
         "LOAD.i32.force.unsigned.slot1 @r0, thread_local_pointer.w0, "
         "offset:0\n"
         "LOAD.i32.force.unsigned.slot2.wait12 @r1, "
         "thread_local_pointer.w0, offset:4\n"
         "IADD.u32 r0, r0, r1\n"
         "STORE.i32.force.slot0.end @r0, thread_local_pointer.w0, "
         "offset:8\n");
}

static void
test_helpers_discarded(void **state)
{
   (void)state;
   /* The texture with an implicit LOD is the last thing needing helper
    * lanes: `discard` goes on the first instruction after it free to take
    * it.  Last-use marks go on r61, the descriptor pair, the coverage and
    * values read for the last time. */
   check_passes(
      "shader fragment\nb0\n  %1 = preload imm=61\n"
      "  %2 = preload imm=60\n"
      "  %3:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store "
      "%1 index:0x0\n"
      "  %8 = va.IADD_IMM.i32 #0x0 #0x20001800\n"
      "  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
      "  %10:64 = collect %8, %9\n"
      "  %4:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.computed %10, %3\n"
      "  %6 = va.FADD.f32 %4.3, u0\n"
      "  %7 = va.FADD.f32 %6, u1\n"
      "  %5 = va.ATEST %2, %7, atest_datum.w0\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %5, %4 target:0x0\n",
      "LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store @r0:r1, "
      "^r61, index:0x0\n"
      "IADD_IMM.i32 r2, 0x0, #0x20001800\n"
      "IADD_IMM.i32.wait0 r3, 0x0, #0x0\n"
      "TEX_SINGLE.slot1.skip.f.32.2d.computed.wait1 @r0:r1:r2:r3, "
      "@r0:r1, ^r2\n"
      "FADD.f32.discard r4, r3, u0\n"
      "FADD.f32.wait0126 r4, ^r4, u1\n"
      "ATEST.wait @r60, ^r60, ^r4, atest_datum.w0\n"
      "BLEND.slot2.v4.auto.end @r0:r1:r2:r3, blend_descriptor_0.w0, ^r60, "
      "target:0x0\n"
      "IADD_IMM.i32 r48, 0x0, #0x0\n"
      "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n",
      true);
}

static void
test_no_helpers_needed(void **state)
{
   (void)state;
   /* Nothing needs helper lanes: they go on the first instruction free to
    * take `discard`.  A register read twice is marked on its last read
    * only. */
   check_passes(
      "shader fragment\nb0\n  %1 = preload imm=61\n"
      "  %2 = va.LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store %1 "
      "index:0x0\n"
      "  %3 = va.FMA.f32 %2, %2, u0\n"
      "  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
      "  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
      "  va.STORE.i32.slot0 %6, %3 offset:0\n",
      "LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store.wait0 @r0, ^r61, "
      "index:0x0\n"
      "FMA.f32.discard r0, r0, ^r0, u0\n"
      "IADD_IMM.i32 r1, 0x0, #0x0\n"
      "LEA_BUF_IMM.slot1.wait1 @r2:r3, ^r1, table:0xD, index:0x0\n"
      "STORE.i32.slot2.end @r0, ^r2, offset:0\n",
      true);
}

static void
test_killed_lanes_end_after_the_kill(void **state)
{
   (void)state;
   /* Nothing needs helper lanes, but the DISCARD makes new ones (the
    * lanes it kills), which must end too, or a loop waiting on an atomic
    * they skip would never end for them: `discard` goes after the
    * DISCARD, and ends the first helpers with them. */
   check_passes(
      "shader fragment\nb0\n  %1 = preload imm=61\n"
      "  %2 = va.LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store %1 "
      "index:0x0\n"
      "  %3 = va.FMA.f32 %2, %2, u0\n"
      "  va.DISCARD.f32.lt %3, #0x0\n"
      "  %4 = va.FADD.f32 %3, u1\n"
      "  %9 = va.IADD_IMM.i32 #0x0 #0x0\n"
      "  %6:64 = va.LEA_BUF_IMM.slot0 %9 table:0xD index:0x0\n"
      "  va.STORE.i32.slot0 %6, %4 offset:0\n",
      "LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store.wait0 @r0, ^r61, "
      "index:0x0\n"
      "FMA.f32 r0, r0, ^r0, u0\n"
      "DISCARD.f32.lt r0, 0x0\n"
      "FADD.f32.discard r0, ^r0, u1\n"
      "IADD_IMM.i32 r1, 0x0, #0x0\n"
      "LEA_BUF_IMM.slot1.wait1 @r2:r3, ^r1, table:0xD, index:0x0\n"
      "STORE.i32.slot2.end @r0, ^r2, offset:0\n",
      true);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_straight_line),
      cmocka_unit_test(test_multiple_pending),
      cmocka_unit_test(test_branches),
      cmocka_unit_test(test_loop),
      cmocka_unit_test(test_fragment_outputs),
      cmocka_unit_test(test_memory_order),
      cmocka_unit_test(test_helpers_discarded),
      cmocka_unit_test(test_no_helpers_needed),
      cmocka_unit_test(test_killed_lanes_end_after_the_kill),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
