/* SPDX-License-Identifier: MIT */
/* One pass per case: IR in, IR out (ir_test.h). */
#include "ir_test.h"

#include <string.h>

#include "emit/va.h"
#include "ir/layout.h"

#define HDR "shader compute\nb0\n  %1 = preload imm=1\n  %2 = preload imm=2\n"

static void
test_constant_fold(void **state)
{
   (void)state;
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = fadd #0x3f800000, #0x40000000\n"
               "  %4 = fmul %3, %1\n",
           HDR "  %4 = fmul #0x40400000, %1\n");
   /* Modifiers on constants apply before the operation; clamps after. */
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = fadd.sat -#0x3f800000, #0x0\n  %4 = fmul %3, %1\n",
           HDR "  %4 = fmul #0x0, %1\n");
   /* min/max: NaN loses, -0 < +0 */
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = fmax #0x7fc00000, #0x3f800000\n"
               "  %4 = fmin #0x80000000, #0x0\n"
               "  %5 = fmax #0x80000000, #0x0\n"
               "  %6 = collect %3, %4, %5\n",
           HDR "  %6 = collect #0x3f800000, #0x80000000, #0x0\n");
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = ishr #0x80000000, #0x21\n"
               "  %4 = udiv #0x7, #0x0\n"
               "  %5 = ibfe #0xf0, #0x4, #0x4\n"
               "  %6 = bfi #0x0, #0xff, #0x8, #0x4\n"
               "  %7 = collect %3, %4, %5, %6\n",
           HDR "  %7 = collect #0xc0000000, #0xffffffff, #0xffffffff, "
               "#0xf00\n");
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = fcmp.ne.m1 #0x7fc00000, #0x7fc00000\n"
               "  %4 = fcmp.gtlt.f1 #0x7fc00000, #0x0\n"
               "  %5 = icmp.s.lt.i1 #0xffffffff, #0x0\n"
               "  %6 = icmp.u.lt.m1 #0xffffffff, #0x0\n"
               "  %7 = collect %3, %4, %5, %6\n",
           HDR "  %7 = collect #0xffffffff, #0x0, #0x1, #0x0\n");
   /* A select on a constant comparison picks its operand. */
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = csel.u.eq #0x1, #0x1, %1, %2\n  %4 = mov %3\n",
           HDR "  %4 = mov %1\n");
   /* A reciprocal of a normal constant with a normal result folds,
    * correctly rounded (1/60, -1/2). */
   IR_CASE(ir_opt_constant_fold,
           HDR "  %3 = frcp #0x42700000\n  %4 = frcp -#0x40000000\n"
               "  %5 = collect %3, %4\n",
           HDR "  %5 = collect #0x3c888889, #0xbf000000\n");
   /* Undefined results and transcendentals stay, and so do reciprocals
    * of zero, of a subnormal and with a subnormal result (2^-127). */
   IR_NEGCASE(ir_opt_constant_fold,
              HDR "  %3 = idiv #0x1, #0x0\n  %4 = fexp2 #0x40000000\n"
                  "  %5 = f2i #0x7f800000\n  %6 = ubfe %1, #0x1c, #0x8\n"
                  "  %7 = collect %3, %4, %5, %6\n");
   IR_NEGCASE(ir_opt_constant_fold,
              HDR "  %3 = frcp #0x0\n  %4 = frcp #0x1\n"
                  "  %5 = frcp #0x7f000000\n  %6 = collect %3, %4, %5\n");
}

static void
test_copy_prop(void **state)
{
   (void)state;
   IR_CASE(ir_opt_copy_prop,
           HDR "  %3 = mov %1\n  %4 = fadd %3, u5\n  %5 = mov u5\n"
               "  %6 = iadd %5, %4\n",
           HDR "  %3 = mov %1\n  %4 = fadd %1, u5\n  %5 = mov u5\n"
               "  %6 = iadd u5, %4\n");
   /* Register 2 of a collect is its third source. */
   IR_CASE(ir_opt_copy_prop,
           HDR "  %3:v4 = collect %1, %2, -%1, #0x5\n"
               "  %4 = fadd %3.2, %3.3\n",
           HDR "  %3:v4 = collect %1, %2, -%1, #0x5\n"
               "  %4 = fadd -%1, #0x5\n");
   /* ... in a later block too: the walk met the collect first. */
   IR_CASE(ir_opt_copy_prop,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %2:v2 = collect %1, #0x5\n  jump\n"
           "b1\n  %3 = iadd %2.1, %1\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %2:v2 = collect %1, #0x5\n  jump\n"
           "b1\n  %3 = iadd #0x5, %1\n");
   /* A MOV with a modifier or a clamp is no plain copy. */
   IR_NEGCASE(ir_opt_copy_prop,
              HDR "  %3 = mov -%1\n  %4 = mov.sat %2\n"
                  "  %5 = iadd %3, %4\n");
   /* Staging vectors of Valhall instructions are read whole. */
   IR_NEGCASE(ir_opt_copy_prop,
              HDR "  %3:v2 = collect %1, %2\n"
                  "  va.STORE.i64.slot0 %3, lane_id.w0 offset:0\n");
   /* Trivial phi. */
   IR_CASE(ir_opt_copy_prop,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b1 b2\n  %2 = phi b0:%1, b1:%2\n  branch %2\n"
           "b2\n  %3 = iadd %2, %2\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b1 b2\n  %2 = phi b0:%1, b1:%1\n  branch %1\n"
           "b2\n  %3 = iadd %1, %1\n");
}

/* va_loop_latch: two back edges (a CONT and the loop's end) meet in one
 * block after the loop's last, whose phi feeds the header's; a loop with
 * one back edge stays. */
static void
test_loop_latch(void **state)
{
   (void)state;
   IR_CASE(va_loop_latch,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b2\n  %2 = phi b0:%1, b2:%3, b3:%4\n"
           "b2 -> b1 b3\n  %3 = iadd %2, #0x1\n  branch %3\n"
           "b3 -> b1 b4\n  %4 = iadd %2, #0x2\n  branch %4\n"
           "b4\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b2\n  %2 = phi b0:%1, b4:%5\n"
           "b2 -> b4 b3\n  %3 = iadd %2, #0x1\n  branch %3\n"
           "b3 -> b4 b5\n  %4 = iadd %2, #0x2\n  branch %4\n"
           "b4 -> b1\n  %5 = phi b2:%3, b3:%4\n  jump\n"
           "b5\n");
   IR_NEGCASE(va_loop_latch,
              "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
              "b1 loop -> b1 b2\n  %2 = phi b0:%1, b1:%3\n"
              "  %3 = iadd %2, #0x1\n  branch %3\nb2\n");
}

static void
test_dce(void **state)
{
   (void)state;
   IR_CASE(ir_opt_dce,
           HDR "  %3 = fadd %1, %2\n  %4 = fmul %3, %3\n"
               "  va.STORE.i32.slot0 %2, lane_id.w0 offset:0\n",
           "shader compute\nb0\n  %2 = preload imm=2\n"
           "  va.STORE.i32.slot0 %2, lane_id.w0 offset:0\n");
   /* Phis feeding only each other die too. */
   IR_CASE(ir_opt_dce,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b1 b2\n  %2 = phi b0:%1, b1:%3\n"
           "  %3 = iadd %2, #0x1\n  branch %1\nb2\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b1 b2\n  branch %1\nb2\n");
   /* A value only a loop's phi reads, and what it reads, live: the
    * backward walk meets them before the phi. */
   IR_NEGCASE(ir_opt_dce,
              "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
              "b1 loop -> b2\n  %2 = phi b0:%1, b2:%4\n"
              "b2 -> b1 b3\n  %5 = iadd %2, #0x2\n  %4 = iadd %5, #0x1\n"
              "  branch %1\n"
              "b3\n  va.STORE.i32.slot0 %2, lane_id.w0 offset:0\n");
}

static void
test_cse(void **state)
{
   (void)state;
   IR_CASE(ir_opt_cse,
           HDR "  %3 = fadd %1, %2\n  %4 = fadd %2, %1\n"
               "  %5 = iadd %3, %4\n",
           HDR "  %3 = fadd %1, %2\n  %5 = iadd %3, %3\n");
   /* Different modifiers, clamps or conditions differ. */
   IR_NEGCASE(ir_opt_cse,
              HDR "  %3 = fadd %1, %2\n  %4 = fadd.sat %1, %2\n"
                  "  %5 = fadd -%1, %2\n  %6 = icmp.s.lt.m1 %1, %2\n"
                  "  %7 = icmp.u.lt.m1 %1, %2\n");
}

static void
test_cse_dominance(void **state)
{
   (void)state;
   /* Equal instructions on both sides of a branch are not merged; the one
    * after the join reuses the dominating one. */
   IR_CASE(ir_opt_cse,
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = iadd %1, %1\n  branch %1\n"
           "b1 -> b3\n  %3 = imul %1, %1\n  jump\n"
           "b2 -> b3\n  %4 = imul %1, %1\n"
           "b3\n  %6 = phi b1:%3, b2:%4\n  %5 = iadd %1, %1\n",
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = iadd %1, %1\n  branch %1\n"
           "b1 -> b3\n  %3 = imul %1, %1\n  jump\n"
           "b2 -> b3\n  %4 = imul %1, %1\n"
           "b3\n  %6 = phi b1:%3, b2:%4\n");
}

static void
test_cse_valhall_alu(void **state)
{
   (void)state;
   /* Valhall ALU forms (translation builds some) merge within a block,
    * modifiers and immediates included... */
   IR_CASE(ir_opt_cse,
           HDR "  %3 = va.CUBEFACE1 %1, %2, %1\n"
               "  %4 = va.CUBEFACE1 %1, %2, %1\n"
               "  %5 = va.FMA.f32.clamp_0_1 %3, %4, #0x0\n"
               "  %6 = va.FMA.f32 %3, %4, #0x0\n"
               "  %7 = va.FMA.f32.clamp_0_1 %3, %4, #0x0\n"
               "  %8:v3 = collect %5, %6, %7\n",
           HDR "  %3 = va.CUBEFACE1 %1, %2, %1\n"
               "  %5 = va.FMA.f32.clamp_0_1 %3, %3, #0x0\n"
               "  %6 = va.FMA.f32 %3, %3, #0x0\n"
               "  %8:v3 = collect %5, %6, %5\n");
   /* ...but not across blocks: which lanes run may differ there. */
   IR_NEGCASE(ir_opt_cse,
              "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
              "  %2 = va.CUBEFACE1 %1, %1, %1\n  branch %1\n"
              "b1 -> b2\n  %3 = va.CUBEFACE1 %1, %1, %1\n"
              "b2\n  %4 = phi b0:%2, b1:%3\n"
              "  %5 = va.CUBEFACE1 %1, %1, %1\n"
              "  %6:v2 = collect %4, %5\n");
}

/* The same operation on the same operands with results of another size
 * or other registers is another computation. */
static void
test_cse_result_shape(void **state)
{
   (void)state;
   IR_NEGCASE(ir_opt_cse,
              HDR "  %3:64 = collect %1, %2\n  %4:v2 = collect %1, %2\n"
                  "  %5:v2 = collect %3.w1, %4.1\n");
   IR_CASE(ir_opt_cse,
           HDR "  %3:v2 = collect %1, %2\n  %4:v2 = collect %1, %2\n"
               "  %5:v2 = collect %3.1, %4.1\n",
           HDR "  %3:v2 = collect %1, %2\n"
               "  %5:v2 = collect %3.1, %3.1\n");
   /* No TGSI makes vectors of 40 registers, but the IR holds them (not
    * validated: a MOV's result is its source's size). */
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s =
      ir_test_read(&a, "shader compute\nb0\n  %1 = preload imm=1\n");
   struct ir_builder b = ir_builder_at_end(s, s->first_block);
   struct ir_ref x = ir_value_ref(1);
   const unsigned regs[3] = {40, 41, 40};
   for (unsigned i = 0; i < 3; i++) {
      struct ir_instr *I = ir_instr_create(s, IR_OP_MOV, 1);
      I->src[0] = x;
      ir_instr_def(s, I, 32, regs[i]);
      ir_builder_insert(&b, I);
   }
   assert_true(ir_opt_cse(s));
   /* The second 40 went (the first replaces it); the 41 stayed. */
   unsigned kept = 0;
   ir_foreach_instr(s->first_block, I) {
      if (I->op == IR_OP_MOV)
         assert_int_equal(ir_value(s, I->dst.index)->nregs, regs[kept++]);
   }
   assert_int_equal(kept, 2);
   arena_finish(&a);
}

/* A table beyond the caches (its probes prefetched ahead of the walk):
 * every duplicate merged still, in each of two blocks. */
static void
test_cse_big_table(void **state)
{
   (void)state;
   enum { PAIRS = 12000 };
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s =
      ir_test_read(&a, "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
                       "  jump\nb1\n  %2 = mov %1\n");
   struct ir_builder b = ir_builder_before(s, s->first_block->last);
   struct ir_ref x = ir_value_ref(1);
   for (unsigned blk = 0; blk < 2; blk++) {
      for (unsigned i = 0; i < PAIRS; i++) {
         struct ir_ref y = ir_alu2(&b, IR_OP_FADD, x, ir_immf(1.0f));
         struct ir_ref z = ir_alu2(&b, IR_OP_FADD, x, ir_immf(1.0f));
         x = ir_alu2(&b, IR_OP_FMUL, y, z);
      }
      b = ir_builder_at_end(s, s->last_block);
   }
   struct ir_instr *store = ir_va_create(s, VA_OP_STORE_I32, 2, NULL);
   store->src[0] = x;
   store->src[1] = (struct ir_ref){.index = VA_SPECIAL_LANE_ID,
                                   .kind = IR_REF_SPECIAL};
   ir_instr_append(s->last_block, store);
   ir_test_validate(s, "builder");
   assert_true(ir_opt_cse(s));
   ir_test_validate(s, "ir_opt_cse");
   unsigned adds = 0, muls = 0;
   ir_foreach_block(s, blk) {
      ir_foreach_instr(blk, I) {
         adds += I->op == IR_OP_FADD;
         if (I->op == IR_OP_FMUL) {
            muls++;
            assert_true(ir_ref_equal(I->src[0], I->src[1]));
         }
      }
   }
   assert_int_equal(adds, 2 * PAIRS);
   assert_int_equal(muls, 2 * PAIRS);
   arena_finish(&a);
}

static void
test_algebraic(void **state)
{
   (void)state;
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = fadd %1, -#0x0\n  %4 = fmul #0x3f800000, %3\n"
               "  %5 = iadd %4, #0x0\n  %6 = imul %5, #0x8\n",
           HDR "  %6 = shl %1, #0x3\n");
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = udiv %1, #0x10\n  %4 = urem %2, #0x10\n"
               "  %5 = fma.sat %1, #0x3f800000, %2\n"
               "  %6 = fma %1, %2, #0x80000000\n",
           HDR "  %3 = ushr %1, #0x4\n  %4 = and %2, #0xf\n"
               "  %5 = fadd.sat %1, %2\n  %6 = fmul %1, %2\n");
   /* b2f and b2i fold into the comparison's result format. */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = fcmp.lt.m1 %1, %2\n  %4 = and %3, #0x3f800000\n"
               "  %5 = and #0x1, %3\n",
           HDR "  %3 = fcmp.lt.m1 %1, %2\n  %4 = fcmp.lt.f1 %1, %2\n"
               "  %5 = fcmp.lt.i1 %1, %2\n");
   /* -x < 0 is x > 0; a 0.0/1.0 comparison > 0 is that comparison. */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = fcmp.lt.m1 -%1, #0x0\n"
               "  %4 = fcmp.lt.f1 %1, %2\n  %5 = fcmp.gt.m1 %4, #0x0\n",
           HDR "  %3 = fcmp.gt.m1 %1, #0x0\n"
               "  %4 = fcmp.lt.f1 %1, %2\n  %5 = fcmp.lt.m1 %1, %2\n");
   /* 0.0 >= 0 holds: that test is not the comparison. */
   IR_NEGCASE(ir_opt_algebraic,
              HDR "  %3 = fcmp.lt.f1 %1, %2\n  %4 = fcmp.ge.m1 %3, #0x0\n");
   /* A select on cmp != 0 compares directly. */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = icmp.s.lt.m1 %1, %2\n"
               "  %4 = csel.u.eq %3, #0x0, %1, %2\n",
           HDR "  %3 = icmp.s.lt.m1 %1, %2\n  %4 = csel.s.lt %1, %2, %2, %1\n");
   /* Generator, copy-source-not-encodable: a select of two equal
    * modified operands is a MOV of it, not the modified operand itself
    * (a phi or a copy cannot carry the modifier). */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = csel.f.lt %1, #0x0, -%2, -%2\n  %4 = iadd %3, %3\n",
           HDR "  %3 = mov -%2\n  %4 = iadd %3, %3\n");
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = csel.f.lt %1, #0x0, %2, %2\n  %4 = iadd %3, %3\n",
           HDR "  %4 = iadd %2, %2\n");
   /* Generator, 64-bit-compare-as-float: a 64-bit comparison gives
    * 0/~0 only (lower_int64), so AND(cmp, 1.0) stays. */
   IR_NEGCASE(ir_opt_algebraic,
              HDR "  %3:64 = collect %1, %2\n  %4:64 = collect %2, %1\n"
                  "  %5 = icmp.u.eq.m1 %3, %4\n"
                  "  %6 = and %5, #0x3f800000\n");
   /* Rule 4: without `precise`, x + 0 = x, x * 0 = 0 and
    * fma(a, 0, c) = c; a clamp stays on an exact x + -0. */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = fadd %1, #0x0\n  %4 = fmul %3, %2\n"
               "  %5 = fmul -%4, #0x0\n  %6 = fma %4, -#0x0, %2\n"
               "  %7 = fma.sat #0x0, %4, %6\n  %8 = fadd %7, %5\n",
           HDR "  %4 = fmul %1, %2\n  %7 = fadd.sat %2, #0x80000000\n");
   /* fma(a, b, +0) is the product (a later add may fuse with it). */
   IR_CASE(ir_opt_algebraic, HDR "  %3 = fma %1, %2, #0x0\n",
           HDR "  %3 = fmul %1, %2\n");
   /* a + -b = a - b, on integers exactly. */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = ineg %1\n  %4 = iadd %3, %2\n",
           HDR "  %3 = ineg %1\n  %4 = isub %2, %1\n");
   /* Rule 5: rounding a value without a fractional part gives it back
    * (frc(floor(x) * 42) is x' - floor(x'), precise or not). */
   IR_CASE(ir_opt_algebraic,
           HDR "  %3 = ffloor.precise %1\n"
               "  %4 = fmul.precise %3, #0x42280000\n"
               "  %5 = ffloor.precise %4\n  %6 = fadd.precise %4, -%5\n"
               "  %7 = i2f %2\n  %8 = fadd %7, #0x4b800000\n"
               "  %9 = fceil %8\n  %10 = fadd %9, %9\n",
           HDR "  %3 = ffloor.precise %1\n"
               "  %4 = fmul.precise %3, #0x42280000\n"
               "  %6 = fadd.precise %4, -%4\n"
               "  %7 = i2f %2\n  %8 = fadd %7, #0x4b800000\n"
               "  %10 = fadd %8, %8\n");
   /* A fraction, a value of unknown kind, a NaN constant, a modifier
    * (the copy could not carry it). */
   IR_NEGCASE(ir_opt_algebraic,
              HDR "  %3 = i2f %1\n  %4 = fmul %3, #0x3fc00000\n"
                  "  %5 = ffloor %4\n  %6 = ftrunc %2\n"
                  "  %7 = fadd %3, #0x7f800001\n  %8 = fround %7\n"
                  "  %9 = ffloor -%3\n");
   /* With it they are not IEEE: x + 0.0 is not x when x is -0.0, nor
    * x * 0 zero when x is infinite. */
   IR_NEGCASE(ir_opt_algebraic,
              HDR "  %3 = fadd.precise %1, #0x0\n"
                  "  %4 = fmul.precise %3, #0x0\n"
                  "  %5 = fma.precise %1, #0x0, %2\n"
                  "  %6 = fadd.sat.precise %4, %5\n"
                  "  %7 = fma.precise %1, %2, #0x0\n");
}

static void
test_fold_modifiers(void **state)
{
   (void)state;
   IR_CASE(ir_opt_fold_modifiers,
           HDR "  %3 = mov -|%1|\n  %4 = fadd %3, %2\n  %5 = iadd %3, %2\n",
           HDR "  %3 = mov -|%1|\n  %4 = fadd -|%1|, %2\n"
               "  %5 = iadd %3, %2\n");
   IR_CASE(ir_opt_fold_modifiers,
           HDR "  %3 = fadd %1, %2\n  %4 = mov.sat %3\n  %5 = iadd %4, %4\n",
           HDR "  %3 = fadd.sat %1, %2\n  %5 = iadd %3, %3\n");
   IR_CASE(ir_opt_fold_modifiers,
           HDR "  %3 = fmul %1, %2\n  %4 = fmax %3, #0x0\n"
               "  %5 = fmin %4, #0x3f800000\n  %6 = iadd %5, %5\n",
           HDR "  %3 = fmul.sat %1, %2\n  %6 = iadd %3, %3\n");
   /* The constant may come first; a max of two values, a min with 0.0
    * and a max with 1.0 are no clamps (the pass's quick look for work
    * must see the first and pass over the others). */
   IR_CASE(ir_opt_fold_modifiers,
           HDR "  %3 = fmul %1, %2\n  %4 = fmax #0x0, %3\n"
               "  %5 = iadd %4, %4\n",
           HDR "  %3 = fmul.clamp_0_inf %1, %2\n  %5 = iadd %3, %3\n");
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = fmul %1, %2\n  %4 = fmax %3, %1\n"
                  "  %5 = fmin %3, #0x0\n  %6 = fmax %3, #0x3f800000\n"
                  "  %7 = iadd %4, %5\n  %8 = iadd %7, %6\n");
   /* The product is read twice: it cannot take the clamp. */
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = fmul %1, %2\n  %4 = fmax %3, #0x0\n"
                  "  %5 = iadd %4, %3\n");
   /* Generator, clamp-folded-into-clampless-form: FROUND, FRCP and FRSQ
    * have no clamp on Valhall; the clamp stays on its MOV. */
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = fround |%1|\n  %4 = mov.sat %3\n"
                  "  %5 = frcp %2\n  %6 = mov.sat %5\n"
                  "  %7 = iadd %4, %6\n");
}

/* Regression (corpus-apps vs/1ed8b78153f5): max(trunc(x), 0) became
 * ftrunc.clamp_0_inf, and FROUND has no clamp field, so selection failed.
 * A clamp moves only onto an op whose Valhall form keeps it. */
static void
test_fold_clamp_only_onto_forms_with_clamp(void **state)
{
   (void)state;
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = ftrunc %1\n  %4 = fmax %3, #0x0\n"
                  "  %5 = iadd %4, %4\n");
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = frcp %1\n  %4 = mov.sat %3\n  %5 = iadd %4, %4\n");
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = ffloor %1\n  %4 = mov.sat %3\n"
                  "  %5 = iadd %4, %4\n");
   IR_NEGCASE(ir_opt_fold_modifiers,
              HDR "  %3 = fldexp %1, %2\n  %4 = mov.sat %3\n"
                  "  %5 = iadd %4, %4\n");
   /* A derivative ends as an FADD, which has one. */
   IR_CASE(ir_opt_fold_modifiers,
           HDR "  %3 = fddx %1\n  %4 = mov.sat %3\n  %5 = iadd %4, %4\n",
           HDR "  %3 = fddx.sat %1\n  %5 = iadd %3, %3\n");
}

/* Regression (DDX_SAT gave 11.25): the derivative's lowering dropped its
 * clamp; the FADD of the quad neighbours must carry it. */
static void
test_lower_derivative_keeps_clamp(void **state)
{
   (void)state;
   IR_CASE(va_lower_alu,
           HDR "  %3 = fddx.sat %1\n  %4 = iadd %3, %3\n",
           HDR "  %5 = va.CLPER.i32.subgroup4 %1, #0x0\n"
               "  %6 = va.CLPER.i32.subgroup4 %1, #0x1\n"
               "  %7 = fadd.sat %6, -%5\n  %4 = iadd %7, %7\n");
}

/* A derivative read only as |d| needs no sign: one CLPER.xor of the
 * lane's partner (fs/d9ce7fc75ec7: 37 -> 29 instructions).  A plain read
 * or a clamp keeps the two neighbours. */
static void
test_lower_derivative_magnitude(void **state)
{
   (void)state;
   IR_CASE(va_lower_alu,
           HDR "  %3 = fddx %1\n  %4 = fddy %2\n"
               "  %5 = fadd |%3|, -|%4|\n",
           HDR "  %6 = va.CLPER.i32.subgroup4.xor %1, #0x1\n"
               "  %7 = fadd %6, -%1\n"
               "  %8 = va.CLPER.i32.subgroup4.xor %2, #0x2\n"
               "  %9 = fadd %8, -%2\n"
               "  %5 = fadd |%7|, -|%9|\n");
   IR_CASE(va_lower_alu,
           HDR "  %3 = fddx %1\n  %4 = fadd |%3|, %3\n",
           HDR "  %5 = va.CLPER.i32.subgroup4 %1, #0x0\n"
               "  %6 = va.CLPER.i32.subgroup4 %1, #0x1\n"
               "  %7 = fadd %6, -%5\n  %4 = fadd |%7|, %7\n");
   IR_CASE(va_lower_alu,
           HDR "  %3 = fddx.sat %1\n  %4 = fadd |%3|, |%3|\n",
           HDR "  %5 = va.CLPER.i32.subgroup4 %1, #0x0\n"
               "  %6 = va.CLPER.i32.subgroup4 %1, #0x1\n"
               "  %7 = fadd.sat %6, -%5\n  %4 = fadd |%7|, |%7|\n");
}

/* Regression (corpus-apps fs/61f54d0b206f): render targets written with
 * one value shared a COLLECT; the last BLEND kept the original, made
 * before the first BLEND and so live across the others' r0-r3.  Each BLEND
 * gets a COLLECT made after the previous one, and the old one goes. */
static void
test_legalize_blend_colour_not_live_across_blend(void **state)
{
   (void)state;
#define BLEND_HDR "shader fragment\nb0\n  %1 = preload imm=60\n" \
                  "  %2 = preload imm=1\n"
   IR_CASE(va_legalize,
           BLEND_HDR "  %3:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %3 target:0x0\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %3 target:0x0\n",
           BLEND_HDR "  %4:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %4 target:0x0\n"
           "  %5:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %5 target:0x0\n");
   /* Read once, but made before another BLEND. */
   IR_CASE(va_legalize,
           BLEND_HDR "  %3:v4 = collect %2, %2, %2, %2\n"
           "  %4:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %4 target:0x0\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %3 target:0x0\n",
           BLEND_HDR "  %4:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_0, %1, %4 target:0x0\n"
           "  %5:v4 = collect %2, %2, %2, %2\n"
           "  va.BLEND.slot0.v4.auto blend_descriptor_1, %1, %5 target:0x0\n");
#undef BLEND_HDR
}

/* va_legalize, rule 1: source slots of one block share the register of
 * a constant outside the immediate table; another block makes its own,
 * and so does a COLLECT (its parts take given registers). */
static void
test_legalize_shares_constants(void **state)
{
   (void)state;
   IR_CASE(va_legalize,
           HDR "  %3 = va.FMA.f32 %1, #0x3ea20c4a, %2\n"
               "  %4 = va.CSEL.f32.eq %3, #0x7f800000, #0x7f800000, "
               "#0x3ea20c4a\n",
           HDR "  %5 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
               "  %3 = va.FMA.f32 %1, %5, %2\n"
               "  %6 = va.IADD_IMM.i32 #0x0 #0x7F800000\n"
               "  %4 = va.CSEL.f32.eq %3, %6, %6, %5\n");
   IR_CASE(va_legalize,
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %2 = va.FADD.f32 %1, #0x3ea20c4a\n  jump\n"
           "b1\n  %3 = va.FADD.f32 %2, #0x3ea20c4a\n"
           "  %4:v2 = collect #0x3ea20c4a, %3\n",
           "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
           "  %5 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %2 = va.FADD.f32 %1, %5\n  jump\n"
           "b1\n  %6 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %3 = va.FADD.f32 %2, %6\n"
           "  %7 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
           "  %4:v2 = collect %7, %3\n");
   /* Uniform words too: u1 (a scale factor) beside two other 64-bit FAU
    * slots in each FMA moves once; the second FMA moves u1's register
    * first, as it costs nothing, and then one more word. */
   IR_CASE(va_legalize,
           HDR "  %3 = va.FMA.f32 u3, u1, -u4\n"
               "  %4 = va.FMA.f32 u5, u1, -u8\n"
               "  %5 = va.FADD.f32 %3, %4\n",
           HDR "  %6 = va.MOV.i32 u4\n  %7 = va.MOV.i32 u1\n"
               "  %3 = va.FMA.f32 u3, %7, -%6\n"
               "  %8 = va.MOV.i32 u8\n"
               "  %4 = va.FMA.f32 u5, %7, -%8\n"
               "  %5 = va.FADD.f32 %3, %4\n");
}

/* va_legalize, rule 1's sharing forgets the least recently used of its
 * eight registers: K0, read again after seven others, survives an
 * eighth (a ring would have dropped it, the oldest made). */
static void
test_legalize_shares_recently_used(void **state)
{
   (void)state;
   char in[2048], out[2048];
   int n = snprintf(in, sizeof(in), "%s", HDR);
   int m = snprintf(out, sizeof(out), "%s", HDR);
   for (unsigned k = 0; k < 8; k++) {
      n += snprintf(in + n, sizeof(in) - (size_t)n,
                    "  %%%u = va.FADD.f32 %%1, #0x3ea20c4%u\n", 3 + k, k);
      m += snprintf(out + m, sizeof(out) - (size_t)m,
                    "  %%%u = va.IADD_IMM.i32 #0x0 #0x3EA20C4%u\n"
                    "  %%%u = va.FADD.f32 %%1, %%%u\n",
                    14 + k, k, 3 + k, 14 + k);
   }
   snprintf(in + n, sizeof(in) - (size_t)n,
            "  %%11 = va.FADD.f32 %%2, #0x3ea20c40\n"
            "  %%12 = va.FADD.f32 %%1, #0x3ea20c48\n"
            "  %%13 = va.FADD.f32 %%3, #0x3ea20c40\n");
   snprintf(out + m, sizeof(out) - (size_t)m,
            "  %%11 = va.FADD.f32 %%2, %%14\n"
            "  %%22 = va.IADD_IMM.i32 #0x0 #0x3EA20C48\n"
            "  %%12 = va.FADD.f32 %%1, %%22\n"
            "  %%13 = va.FADD.f32 %%3, %%14\n");
   IR_CASE(va_legalize, in, out);
}

/* va_legalize, rule 7: a LOAD/STORE offset past the signed 16-bit
 * immediate moves into the address (SHADDX.u64, or .s64 below the
 * range); offsets in range stay. */
static void
test_legalize_offset_out_of_range(void **state)
{
   (void)state;
#define MEM_HDR "shader compute\nb0\n  %1 = preload imm=2\n" \
                "  %9:64 = va.SHADDX.u64 u8, %1 shift:0x0\n"
   IR_CASE(va_legalize,
           MEM_HDR "  %2:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:61456\n",
           MEM_HDR "  %11 = va.IADD_IMM.i32 #0x0 #0xF010\n"
                   "  %10:64 = va.SHADDX.u64 %9, %11 shift:0x0\n"
                   "  %2:v4 = va.LOAD.i128.unsigned.slot0 %10 offset:0\n");
   IR_CASE(va_legalize,
           MEM_HDR "  %2:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:-32769\n",
           MEM_HDR "  %11 = va.IADD_IMM.i32 #0x0 #0xFFFF7FFF\n"
                   "  %10:64 = va.SHADDX.s64 %9, %11 shift:0x0\n"
                   "  %2:v4 = va.LOAD.i128.unsigned.slot0 %10 offset:0\n");
   IR_CASE(va_legalize,
           MEM_HDR "  %2:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:32767\n"
                   "  %3:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:-32768\n",
           MEM_HDR "  %2:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:32767\n"
                   "  %3:v4 = va.LOAD.i128.unsigned.slot0 %9 offset:-32768\n");
#undef MEM_HDR
}

/* va_legalize with the driver interface at hand (rule 1's constant
 * table): a constant outside the immediate table becomes a push word the
 * driver fills with the value, shared by equal constants, when the FAU
 * rules allow the word there; otherwise a register. */
static const char *
run_with_layout(struct arena *a, bool (*pass)(struct ir_shader *),
                const char *text, struct ir_layout *layout)
{
   struct ir_shader *s = ir_test_read(a, text);
   s->layout = layout;
   ir_test_validate(s, "input");
   pass(s);
   ir_test_validate(s, "pass");
   return ir_test_print(a, s);
}

static const char *
legalize_with_layout(struct arena *a, const char *text,
                     struct ir_layout *layout)
{
   return run_with_layout(a, va_legalize, text, layout);
}

/* A layout of `n` words of buffer 0, word i at byte 4i; `pinned` words
 * are read by an earlier program. */
static void
words_layout(struct arena *a, struct ir_layout *l, unsigned n,
             uint32_t pinned)
{
   memset(l, 0, sizeof(*l));
   for (unsigned i = 0; i < n; i++) {
      ir_layout_push(a, l, 0, 4 * i);
      if ((pinned >> i) & 1)
         l->push.data[i].flags |= IR_PUSH_PINNED;
   }
}

static void
assert_pass_with_layout(struct arena *a, bool (*pass)(struct ir_shader *),
                        const char *in, struct ir_layout *l,
                        const char *out)
{
   const char *got = run_with_layout(a, pass, in, l);
   assert_string_equal(got, ir_test_print(a, ir_test_read(a, out)));
}

/* va_pair_uniforms: words one instruction reads share a 64-bit slot;
 * pinned words and the slot of a 64-bit read stay; the others keep
 * their order in the places left. */
static void
test_pair_uniforms(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_layout l;
   words_layout(&a, &l, 5, 0);
   assert_pass_with_layout(&a, va_pair_uniforms,
                           HDR "  %3 = va.FMA.f32 u1, %1, u2\n"
                               "  %4 = va.FADD.f32 u3, u4\n",
                           &l,
                           HDR "  %3 = va.FMA.f32 u0, %1, u1\n"
                               "  %4 = va.FADD.f32 u2, u3\n");
   static const uint32_t moved[5] = {4, 8, 12, 16, 0};
   for (unsigned i = 0; i < 5; i++) {
      assert_int_equal(l.push.data[i].offset, moved[i]);
      /* Read words are pinned for the next program; u4 (old u0) not. */
      assert_int_equal(l.push.data[i].flags, i < 4 ? IR_PUSH_PINNED : 0);
   }
   /* u0 is pinned: the pair takes slot 1, u3 the place u1 leaves. */
   words_layout(&a, &l, 5, 1u << 0);
   assert_pass_with_layout(&a, va_pair_uniforms,
                           HDR "  %3 = va.FADD.f32 u1, u2\n"
                               "  %4 = va.FADD.f32 %3, u3\n",
                           &l,
                           HDR "  %3 = va.FADD.f32 u2, u3\n"
                               "  %4 = va.FADD.f32 %3, u1\n");
   /* A 64-bit read of u2 keeps u2 and u3 where they are. */
   words_layout(&a, &l, 5, 0);
   assert_pass_with_layout(&a, va_pair_uniforms,
                           HDR "  %3:64 = va.SHADDX.u64 u2, %1 shift:0x0\n"
                               "  %4 = va.FADD.f32 u0, u4\n",
                           &l,
                           HDR "  %3:64 = va.SHADDX.u64 u2, %1 shift:0x0\n"
                               "  %4 = va.FADD.f32 u0, u1\n");
   assert_int_equal(l.push.data[4].offset, 4);
   /* Pairs already in one slot: nothing moves. */
   words_layout(&a, &l, 4, 0);
   struct ir_shader *s =
      ir_test_read(&a, HDR "  %3 = va.FADD.f32 u2, u3\n"
                           "  %4 = va.FMA.f32 u0, %3, u1\n");
   s->layout = &l;
   assert_false(va_pair_uniforms(s));
   arena_finish(&a);
}

static void
test_legalize_constant_table(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_layout layout;
   memset(&layout, 0, sizeof(layout));
   /* u0 and u1: a user uniform slot already pushed. */
   ir_layout_push(&a, &layout, 0, 0);
   ir_layout_push(&a, &layout, 0, 4);
   const char *got = legalize_with_layout(
      &a,
      HDR "  %3 = va.FMA.f32 %1, #0x3ea20c4a, %2\n"
          "  %4 = va.FMA.f32 %3, #0x3ea20c4a, #0x7f800000\n"
          "  %5 = va.FMA.f32 u1, #0x3ea20c4a, %4\n",
      &layout);
   /* %5 reads slot 0 (u1) already: the constant in slot 1 (u2) would be
    * a second slot, so it takes a register. */
   const char *want = ir_test_print(
      &a, ir_test_read(&a, HDR "  %3 = va.FMA.f32 %1, u2, %2\n"
                               "  %4 = va.FMA.f32 %3, u2, u3\n"
                               "  %6 = va.IADD_IMM.i32 #0x0 #0x3EA20C4A\n"
                               "  %5 = va.FMA.f32 u1, %6, %4\n"));
   assert_string_equal(got, want);
   assert_int_equal(layout.push.len, 4);
   assert_int_equal(layout.push.data[2].ubo, IR_PUSH_CONSTANT);
   assert_int_equal(layout.push.data[2].offset, 0x3ea20c4au);
   assert_int_equal(layout.push.data[3].offset, 0x7f800000u);
   /* No room left past the words kept for uniforms: registers. */
   while (layout.push.len + IR_PUSH_WORDS_KEPT_FOR_UNIFORMS <
          IR_MAX_PUSH_WORDS)
      ir_layout_push(&a, &layout, 0, 4 * (uint32_t)layout.push.len);
   got = legalize_with_layout(
      &a, HDR "  %3 = va.FMA.f32 %1, #0x3e800001, %2\n", &layout);
   want = ir_test_print(
      &a, ir_test_read(&a, HDR "  %4 = va.IADD_IMM.i32 #0x0 #0x3E800001\n"
                               "  %3 = va.FMA.f32 %1, %4, %2\n"));
   assert_string_equal(got, want);
   arena_finish(&a);
}

static void
test_undef(void **state)
{
   (void)state;
   /* A CSEL with an undefined side is its other side. */
   IR_CASE(ir_opt_undef,
           HDR "  %3 = undef\n  %4 = csel.u.ne %1, #0x0, %2, %3\n"
               "  %5 = csel.u.ne %1, #0x0, %3, u4\n  %6 = iadd %4, %5\n",
           HDR "  %3 = undef\n  %4 = csel.u.ne %1, #0x0, %2, %3\n"
               "  %5 = csel.u.ne %1, #0x0, %3, u4\n  %6 = iadd %2, u4\n");
   /* A modified side is no copy: CSEL moves bits, MOV -x is a float
    * operation. */
   IR_NEGCASE(ir_opt_undef,
              HDR "  %3 = undef\n  %4 = csel.u.ne %1, #0x0, -%2, %3\n"
                  "  %5 = iadd %4, %4\n");
   /* IF writing a TEMP on one side: the join is that side's value, which
    * dominates it. */
   IR_CASE(ir_opt_undef,
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = undef\n  %3 = iadd %1, %1\n  branch %1\n"
           "b1 -> b3\n  jump\nb2 -> b3\n"
           "b3\n  %4 = phi b1:%3, b2:%2\n  %5 = iadd %4, %4\n",
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = undef\n  %3 = iadd %1, %1\n  branch %1\n"
           "b1 -> b3\n  jump\nb2 -> b3\n"
           "b3\n  %4 = phi b1:%3, b2:%2\n  %5 = iadd %3, %3\n");
   /* ...but a value written on one side only does not dominate the
    * join, and a loop's own value does not dominate its header. */
   IR_NEGCASE(ir_opt_undef,
              "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
              "  %2 = undef\n  branch %1\n"
              "b1 -> b3\n  %3 = iadd %1, %1\n  jump\nb2 -> b3\n"
              "b3\n  %4 = phi b1:%3, b2:%2\n  %5 = iadd %4, %4\n");
   IR_NEGCASE(ir_opt_undef,
              "shader compute\nb0 -> b1\n  %1 = preload imm=1\n"
              "  %2 = undef\n"
              "b1 loop -> b1 b2\n  %3 = phi b0:%2, b1:%4\n"
              "  %4 = iadd %3, #0x1\n  branch %1\nb2\n"
              "  %5 = iadd %4, %4\n");
   /* No UNDEF, nothing to do (and no dominance computed). */
   IR_NEGCASE(ir_opt_undef,
              HDR "  %3 = csel.u.ne %1, #0x0, %2, u4\n  %4 = iadd %3, %3\n");
}

static void
test_lower_undef(void **state)
{
   (void)state;
   IR_CASE(ir_lower_undef,
           HDR "  %3 = undef\n  %4 = iadd %1, %3\n"
               "  %5:v2 = collect %3, %2\n"
               "  va.STORE.i64.slot0 %5, lane_id.w0 offset:0\n",
           HDR "  %4 = iadd %1, #0x0\n"
               "  %5:v2 = collect #0x0, %2\n"
               "  va.STORE.i64.slot0 %5, lane_id.w0 offset:0\n");
   IR_NEGCASE(ir_lower_undef, HDR "  %3 = iadd %1, %2\n");
}

static void
test_fma(void **state)
{
   (void)state;
   IR_CASE(ir_opt_fma,
           HDR "  %3 = fmul %1, %2\n  %4 = fadd u1, -%3\n",
           HDR "  %3 = fmul %1, %2\n  %4 = fma -%1, %2, u1\n");
   IR_NEGCASE(ir_opt_fma,
              HDR "  %3 = fmul.precise %1, %2\n  %4 = fadd %3, u1\n"
                  "  %5 = fmul %1, %2\n  %6 = fadd.precise %5, u1\n"
                  "  %7 = fmul %1, u2\n  %8 = fadd |%7|, u1\n"
                  "  %9 = fmul %2, u3\n  %10 = fadd %9, %9\n");
}

/* ir_opt_cfg, rule 3: the merged block sits where the later of the two
 * did, so a loop's exit merged with the block of its BRK stays after the
 * loop (lanes reconverge at the lowest program counter: the exit's
 * BARRIER placed inside the loop ran ahead of lanes still looping); the
 * block after the BRK's IF moves to the back edge's place.  The entry
 * stays first. */
static void
test_cfg_merge_keeps_later_place(void **state)
{
   (void)state;
   IR_CASE(ir_opt_cfg,
           "shader compute\n"
           "b0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b2 b3\n  %2 = phi b0:#0x0, b4:%3\n"
           "  %4 = icmp.u.ge.m1 %2, %1\n  branch %4\n"
           "b2 -> b5\n  jump\n"
           "b3 -> b4\n  %3 = iadd %2, #0x1\n"
           "b4 -> b1\n  %5 = phi b3:%3\n"
           "  va.STORE.i32.slot0 %5, lane_id.w0 offset:0\n  jump\n"
           "b5\n  va.BARRIER.slot0\n",
           "shader compute\n"
           "b0 -> b1\n  %1 = preload imm=1\n"
           "b1 loop -> b3 b2\n  %2 = phi b0:#0x0, b2:%3\n"
           "  %4 = icmp.u.ge.m1 %2, %1\n  branch %4\n"
           "b2 -> b1\n  %3 = iadd %2, #0x1\n  %5 = mov %3\n"
           "  va.STORE.i32.slot0 %5, lane_id.w0 offset:0\n  jump\n"
           "b3\n  va.BARRIER.slot0\n");
   /* The entry's successors join it in its place, wherever they sit:
    * here behind a block nothing reaches (the only kind that may lie
    * between a block and one it dominates, validate.c rule 6). */
   IR_CASE(ir_opt_cfg,
           "shader compute\n"
           "b0 -> b2\n  %1 = preload imm=1\n  jump\n"
           "b1\n  va.NOP\n"
           "b2 -> b3\n  %2 = iadd %1, #0x1\n  jump\n"
           "b3\n  va.BARRIER.slot0\n",
           "shader compute\n"
           "b0\n  %1 = preload imm=1\n  %2 = iadd %1, #0x1\n"
           "  va.BARRIER.slot0\n");
   /* A join keeps its phis when it moves to its successor's place. */
   IR_CASE(ir_opt_cfg,
           "shader compute\n"
           "b0 -> b1 b4\n  %1 = preload imm=1\n  branch %1\n"
           "b1 -> b2 b3\n  branch %1\n"
           "b2 -> b3\n  jump\n"
           "b3 -> b5\n  %2 = phi b1:#0x1, b2:#0x2\n  jump\n"
           "b4 -> b6\n  jump\n"
           "b5 -> b6\n  va.STORE.i32.slot0 %2, lane_id.w0 offset:0\n  jump\n"
           "b6\n  va.BARRIER.slot0\n",
           "shader compute\n"
           "b0 -> b1 b3\n  %1 = preload imm=1\n  branch %1\n"
           "b1 -> b2 b4\n  branch %1\n"
           "b2 -> b4\n  jump\n"
           "b3 -> b5\n  jump\n"
           "b4 -> b5\n  %2 = phi b1:#0x1, b2:#0x2\n"
           "  va.STORE.i32.slot0 %2, lane_id.w0 offset:0\n  jump\n"
           "b5\n  va.BARRIER.slot0\n");
   IR_NEGCASE(ir_opt_cfg,
              "shader compute\n"
              "b0 -> b1 b2\n  %1 = preload imm=1\n  branch %1\n"
              "b1 -> b2\n  jump\n"
              "b2\n  va.BARRIER.slot0\n");
}

/* ir_opt_cfg, rule 1: blocks the entry does not reach go, a cycle of
 * them too, with the phi sources that came from them. */
static void
test_cfg_removes_unreachable(void **state)
{
   (void)state;
   IR_CASE(ir_opt_cfg,
           "shader compute\n"
           "b0 -> b3\n  %1 = preload imm=1\n  jump\n"
           "b1 -> b3 b2\n  %2 = iadd %1, #0x1\n  branch %2\n"
           "b2 -> b1\n  jump\n"
           "b3\n  %3 = phi b0:#0x0, b1:%2\n"
           "  va.STORE.i32.slot0 %3, lane_id.w0 offset:0\n",
           "shader compute\n"
           "b0\n  %1 = preload imm=1\n  %3 = mov #0x0\n"
           "  va.STORE.i32.slot0 %3, lane_id.w0 offset:0\n");
}

/* va_optimize, rule 1: a float-modified MOV.i32 becomes sign-bit
 * operations; other MOVs and other forms stay. */
static void
test_va_optimize_sign_bits(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           HDR "  %3 = va.MOV.i32 -%1\n  %4 = va.IADD.u32 %3, %2\n",
           HDR "  %5 = va.LSHIFT_XOR.i32 %1, #0x0, #0x80000000\n"
               "  %4 = va.IADD.u32 %5, %2\n");
   /* -|x| sets the sign bit: one operation (fs/8fc037f18c0d). */
   IR_CASE(va_optimize,
           HDR "  %3 = va.MOV.i32 -|%1|\n  %4 = va.IADD.u32 %3, %3\n",
           HDR "  %5 = va.LSHIFT_OR.i32 %1, #0x0, #0x80000000\n"
               "  %4 = va.IADD.u32 %5, %5\n");
   IR_CASE(va_optimize,
           HDR "  %3 = va.MOV.i32 |%1|\n  %4 = va.IADD.u32 %3, %3\n",
           HDR "  %5 = va.LSHIFT_AND.i32 %1, #0x0, #0x7fffffff\n"
               "  %4 = va.IADD.u32 %5, %5\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.MOV.i32 %1\n  %4 = va.IADD.u32 %3, %2\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.FADD.f32 -%1, |%2|\n  %4 = va.MOV.i32 %3\n");
}

/* va_optimize rule 5: an OR (AND) of a once-read comparison and a
 * comparison of its result type is the comparison with the other as its
 * third source (.and).  A comparison read twice, a type mismatch, a u1
 * half or a shifted operand stays. */
static void
test_va_optimize_combine_comparisons(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           HDR "  %3 = va.ICMP.u32.ne.m1 %1, %2, #0x0\n"
               "  %4 = va.FCMP.f32.lt.m1 %2, %1, #0x0\n"
               "  %5 = va.LSHIFT_OR.i32 %3, #0x0, %4\n"
               "  %8 = va.ICMP.s32.gt.m1 %1, %2, #0x0\n"
               "  %6 = va.LSHIFT_AND.i32 %5, #0x0, %8\n"
               "  %7 = va.IADD.u32 %6, %4\n"
               "  va.DISCARD.f32.lt %7, #0x0\n",
           HDR "  %4 = va.FCMP.f32.lt.m1 %2, %1, #0x0\n"
               "  %5 = va.ICMP.u32.ne.m1 %1, %2, %4\n"
               "  %6 = va.ICMP.s32.gt.m1.and %1, %2, %5\n"
               "  %7 = va.IADD.u32 %6, %4\n"
               "  va.DISCARD.f32.lt %7, #0x0\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.ICMP.u32.ne.m1 %1, %2, #0x0\n"
                  "  %4 = va.FCMP.f32.lt.i1 %2, %1, #0x0\n"
                  "  %5 = va.LSHIFT_OR.i32 %3, #0x0, %4\n"
                  "  %6 = va.IADD.u32 %5, %4\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.ICMP.u32.ne.m1 %1, %2, #0x0\n"
                  "  %4 = va.FCMP.f32.lt.m1 %2, %1, #0x0\n"
                  "  %5 = va.LSHIFT_OR.i32 %3, #0x1, %4\n"
                  "  %6 = va.IADD.u32 %5, %3\n  %7 = va.IADD.u32 %6, %4\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.ICMP.u32.ne.m1 %1, %2, #0x0\n"
                  "  %4 = va.FCMP.f32.lt.m1 %2, %1, #0x0\n"
                  "  %5 = va.LSHIFT_OR.i32 %3, #0x0, %4\n"
                  "  %6 = va.IADD.u32 %5, %3\n  %7 = va.IADD.u32 %6, %4\n");
}

/* va_optimize rule 6: a branch on the NOT of an m1 comparison branches
 * on the comparison when it is zero; an i1 comparison's NOT is never 0,
 * so that branch stays. */
static void
test_va_optimize_branch_on_inverse(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = preload imm=2\n"
           "  %3 = va.FCMP.f32.lt.m1 %1, %2, #0x0\n"
           "  %4 = va.LSHIFT_OR.i32 #0x0, #0x0, ~%3\n"
           "  branch %4\nb1 -> b2\n  jump\nb2\n",
           "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
           "  %2 = preload imm=2\n"
           "  %3 = va.FCMP.f32.lt.m1 %1, %2, #0x0\n"
           "  branch.ifzero %3\nb1 -> b2\n  jump\nb2\n");
   IR_NEGCASE(va_optimize,
              "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n"
              "  %2 = preload imm=2\n"
              "  %3 = va.FCMP.f32.lt.i1 %1, %2, #0x0\n"
              "  %4 = va.LSHIFT_OR.i32 #0x0, #0x0, ~%3\n"
              "  branch %4\nb1 -> b2\n  jump\nb2\n");
}

/* ir_opt_if_convert: a diamond whose phis are at least half its sides'
 * work becomes selects, and an IF with nothing left in it goes; sides
 * that compute much for few phis, and a phi of a message's result (which
 * would then load in every lane), keep their branch. */
#define IFC_HEAD "shader compute\nb0 -> b1 b2\n  %1 = preload imm=1\n" \
                 "  %2 = preload imm=2\n"
static void
test_if_convert(void **state)
{
   (void)state;
   IR_CASE(ir_opt_if_convert,
           IFC_HEAD "  branch %1\n"
                    "b1 -> b3\n  %3 = iadd %2, #0x1\n  jump\n"
                    "b2 -> b3\n  %4 = iadd %2, #0x2\n  jump\n"
                    "b3\n  %5 = phi b1:%3, b2:%4\n  %6 = iadd %5, %5\n",
           IFC_HEAD "  %3 = iadd %2, #0x1\n  %4 = iadd %2, #0x2\n"
                    "  branch #0x1\n"
                    "b1 -> b3\n  jump\nb2 -> b3\n  jump\n"
                    "b3\n  %5 = csel.u.ne %1, #0x0, %3, %4\n"
                    "  %6 = iadd %5, %5\n");
   IR_CASE(ir_opt_if_convert,
           IFC_HEAD "  branch %1\nb1 -> b2\n  jump\nb2\n  %3 = iadd %2, %2\n",
           IFC_HEAD "  branch #0x1\nb1 -> b2\n  jump\nb2\n"
                    "  %3 = iadd %2, %2\n");
   IR_NEGCASE(ir_opt_if_convert,
              IFC_HEAD "  branch %1\n"
                       "b1 -> b2\n  %3 = iadd %2, #0x1\n  %4 = imul %3, %3\n"
                       "  %5 = iadd %4, %3\n  jump\n"
                       "b2\n  %6 = phi b0:%2, b1:%5\n  %7 = iadd %6, %6\n");
   /* A side that may not run in every lane, beside a cheap one. */
   IR_NEGCASE(ir_opt_if_convert,
              IFC_HEAD "  branch %1\n"
                       "b1 -> b3\n  %3 = va.IADD.u32 %2, %2\n  jump\n"
                       "b2 -> b3\n  %4 = iadd %2, #0x1\n"
                       "  %5 = iadd %4, %4\n  jump\n"
                       "b3\n  %6 = phi b1:%2, b2:%5\n  %7 = iadd %6, %6\n");
   IR_NEGCASE(ir_opt_if_convert,
              IFC_HEAD "  %3 = va.IADD.u32 %2, %2\n  branch %1\n"
                       "b1 -> b2\n  jump\n"
                       "b2\n  %4 = phi b0:%2, b1:%3\n  %5 = iadd %4, %4\n");
}

/* A diamond of k additions on each side and k phis, cost 3k (rule 4's
 * sum of both sides' instructions and the phis); `converted`: the text
 * after if-conversion. */
static char *
if_convert_diamond(struct arena *a, unsigned k, bool converted)
{
   struct strbuf sb;
   strbuf_init(&sb, a);
   strbuf_printf(&sb, "%s", IFC_HEAD);
   if (converted) {
      for (unsigned i = 0; i < 2 * k; i++)
         strbuf_printf(&sb, "  %%%u = iadd %%2, #0x%x\n", 3 + i, i + 1);
      strbuf_printf(&sb, "  branch #0x1\nb1 -> b3\n  jump\nb2 -> b3\n"
                         "  jump\nb3\n");
   } else {
      strbuf_printf(&sb, "  branch %%1\n");
      for (unsigned side = 0; side < 2; side++) {
         strbuf_printf(&sb, "b%u -> b3\n", 1 + side);
         for (unsigned i = side * k; i < (side + 1) * k; i++)
            strbuf_printf(&sb, "  %%%u = iadd %%2, #0x%x\n", 3 + i, i + 1);
         strbuf_printf(&sb, "  jump\n");
      }
      strbuf_printf(&sb, "b3\n");
   }
   for (unsigned i = 0; i < k; i++) {
      unsigned v = 3 + 2 * k + i, taken = 3 + i, other = 3 + k + i;
      if (converted)
         strbuf_printf(&sb, "  %%%u = csel.u.ne %%1, #0x0, %%%u, %%%u\n", v,
                       taken, other);
      else
         strbuf_printf(&sb, "  %%%u = phi b1:%%%u, b2:%%%u\n", v, taken,
                       other);
   }
   for (unsigned i = 0; i < k; i++)
      strbuf_printf(&sb, "  %%%u = iadd %%%u, %%%u\n", 3 + 3 * k + i,
                    3 + 2 * k + i, 3 + 2 * k + i);
   return sb.data;
}

/* Rule 4's limit, IF_CONVERT_LIMIT = 160: a diamond of cost 159 goes,
 * one of 162 stays.  Two 16-element arrays written through an index on
 * either side (vs/8d3783181e6c) cost 129, and spilled as a branch. */
static void
test_if_convert_limit(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   IR_CASE(ir_opt_if_convert, if_convert_diamond(&a, 53, false),
           if_convert_diamond(&a, 53, true));
   char *big = if_convert_diamond(&a, 54, false);
   IR_NEGCASE(ir_opt_if_convert, big);
   arena_finish(&a);
}

/* va_optimize rule 4: KILL_IF -b2f(c) discards where c holds. */
static void
test_va_optimize_discard_condition(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           HDR "  %3 = va.FCMP.f32.lt.f1 %1, %2, #0x0\n"
               "  va.DISCARD.f32.lt -%3, #0x0\n"
               "  va.DISCARD.f32.ge -%1, #0x0\n",
           HDR "  va.DISCARD.f32.lt %1, %2\n"
               "  va.DISCARD.f32.le %1, #0x0\n");
   /* ~0 (m1) reads as a NaN, and an OR operand may set the result. */
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.FCMP.f32.lt.m1 %1, %2, #0x0\n"
                  "  va.DISCARD.f32.gt %3, #0x0\n"
                  "  %4 = va.FCMP.f32.lt.f1 %1, %2, %1\n"
                  "  va.DISCARD.f32.gt %4, #0x0\n");
}

/* va_optimize, rule 2: an addition of a constant outside the immediate
 * table takes the _IMM form; table constants, clamps, saturation,
 * modified or part-selected values and ISUB's first source stay. */
static void
test_va_optimize_add_immediate(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           HDR "  %3 = va.FADD.f32 %1, #0x3ea20c4a\n"
               "  %4 = va.FADD.f32 #0xbf000000, u1\n"
               "  %5 = va.IADD.u32 %3, #0x25\n"
               "  %6 = va.ISUB.s32 %4, #0x25\n"
               "  %7 = va.IADD.u32 %5, %6\n",
           HDR "  %8 = va.FADD_IMM.f32 %1 #0x3EA20C4A\n"
               "  %9 = va.FADD_IMM.f32 u1 #0xBF000000\n"
               "  %10 = va.IADD_IMM.i32 %8 #0x25\n"
               "  %11 = va.IADD_IMM.i32 %9 #0xFFFFFFDB\n"
               "  %7 = va.IADD.u32 %10, %11\n");
   IR_NEGCASE(va_optimize,
              HDR "  %3 = va.FADD.f32 %1, #0x3f800000\n"
                  "  %4 = va.FADD.f32.clamp_0_1 %1, #0x3ea20c4a\n"
                  "  %5 = va.FADD.f32 -%1, #0x3ea20c4a\n"
                  "  %6 = va.FADD.f32 %1.h1, #0x3ea20c4a\n"
                  "  %7 = va.IADD.u32.saturate %1, #0x25\n"
                  "  %8 = va.ISUB.s32 #0x25, %1\n"
                  "  %9 = va.FADD.f32 %1, %2\n");
}

/* va_optimize, rule 3: a varying load whose readers read its first two
 * components loads two; one read whole (a staging operand) or through
 * its last component stays. */
#define FS_LOAD                                                              \
   "shader fragment\nb0\n  %1 = preload imm=61\n"                            \
   "  %2:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store %1 "     \
   "index:0x0\n"
static void
test_va_optimize_narrow_loads(void **state)
{
   (void)state;
   IR_CASE(va_optimize,
           FS_LOAD "  %3 = va.FADD.f32 %2, %2.1\n"
                   "  %4:v2 = collect %2.1, %3\n",
           "shader fragment\nb0\n  %1 = preload imm=61\n"
           "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store "
           "%1 index:0x0\n"
           "  %3 = va.FADD.f32 %2, %2.1\n"
           "  %4:v2 = collect %2.1, %3\n");
   IR_NEGCASE(va_optimize, FS_LOAD "  %3 = va.FADD.f32 %2, %2.3\n");
   IR_NEGCASE(va_optimize,
              FS_LOAD "  %3:64 = va.LEA_BUF_IMM.slot0 %1 table:0xD "
                      "index:0x0\n"
                      "  va.STORE.i128.slot0 %3, %2 offset:0\n");
}

/* va_combine_loads: the words of one aligned 16-byte chunk of
 * thread-local storage, read from one base with no side effect between,
 * come in one load whose components the readers read. */
#define TLS_ELEMENT                                                          \
   HDR "  %3 = shl %1, #0x4\n"                                              \
       "  %4:64 = va.SHADDX.u64 thread_local_pointer, %3 shift:0x0\n"

static void
test_combine_loads(void **state)
{
   (void)state;
   /* A whole element through a computed, aligned address. */
   IR_CASE(va_combine_loads,
           TLS_ELEMENT "  %5 = va.LOAD.i32.force.slot0 %4 offset:16\n"
                       "  %6 = va.LOAD.i32.force.slot0 %4 offset:20\n"
                       "  %7 = fadd %5, %6\n"
                       "  %8 = va.LOAD.i32.force.slot0 %4 offset:28\n"
                       "  %9 = va.LOAD.i32.force.slot0 %4 offset:24\n"
                       "  %10:v4 = collect %9, %8, %7, %5\n",
           TLS_ELEMENT "  %11:v4 = va.LOAD.i128.force.slot0 %4 offset:16\n"
                       "  %7 = fadd %11, %11.1\n"
                       "  %10:v4 = collect %11.2, %11.3, %7, %11\n");
   /* The narrowest aligned load: words 1-2 in an i96 from the chunk's
    * start, 2-3 in an i64, one word read twice in one i32. */
   IR_CASE(va_combine_loads,
           HDR "  %3 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:36\n"
               "  %4 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:40\n"
               "  %5 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:8\n"
               "  %6 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:12\n"
               "  %7 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:64\n"
               "  %8 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:64\n"
               "  %9:v4 = collect %3, %4, %5, %6\n"
               "  %10:v2 = collect %7, %8\n",
           HDR "  %11:v3 = va.LOAD.i96.force.slot0 thread_local_pointer "
               "offset:32\n"
               "  %12:v2 = va.LOAD.i64.force.slot0 thread_local_pointer "
               "offset:8\n"
               "  %13 = va.LOAD.i32.force.slot0 thread_local_pointer "
               "offset:64\n"
               "  %9:v4 = collect %11.1, %11.2, %12, %12.1\n"
               "  %10:v2 = collect %13, %13\n");
   /* Unchanged: a store between (it may write those words), other
    * chunks, a base not known to be aligned, a load with a lane
    * modifier. */
   IR_NEGCASE(va_combine_loads,
              TLS_ELEMENT "  %5 = va.LOAD.i32.force.slot0 %4 offset:0\n"
                          "  va.STORE.i32.force.slot0 %4, %2 offset:8\n"
                          "  %6 = va.LOAD.i32.force.slot0 %4 offset:4\n"
                          "  %7 = va.LOAD.i32.force.slot0 %4 offset:16\n"
                          "  %8:v4 = collect %5, %6, %7, %7\n");
   IR_NEGCASE(va_combine_loads,
              HDR "  %3 = shl %1, #0x2\n"
                  "  %4:64 = va.SHADDX.u64 thread_local_pointer, %3 "
                  "shift:0x0\n"
                  "  %5 = va.LOAD.i32.force.slot0 %4 offset:0\n"
                  "  %6 = va.LOAD.i32.force.slot0 %4 offset:4\n"
                  "  %7:v2 = collect %5, %6\n");
   IR_NEGCASE(va_combine_loads,
              HDR "  %3:64 = collect %1, %2\n"
                  "  %4 = va.LOAD.i32.force.slot0 %3 offset:0\n"
                  "  %5 = va.LOAD.i32.force.slot0 %3 offset:4\n"
                  "  %6:v2 = collect %4, %5\n");
}

/* va_lower_transcendental, rule 4: sqrt(x) = 1 / rsqrt(x), with no
 * selects (the special values come out right as they are). */
static void
test_lower_sqrt(void **state)
{
   (void)state;
   IR_CASE(va_lower_transcendental,
           HDR "  %3 = fsqrt %1\n  %4 = fadd %3, %2\n",
           HDR "  %5 = frsq %1\n  %6 = frcp %5\n  %4 = fadd %6, %2\n");
}

/* The same rule on a shader made with the builder, as select leaves it:
 * |u1| moved into a value. */
static void
test_va_optimize_built(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_shader_create(&a, IR_STAGE_COMPUTE, NULL);
   struct ir_block *b0 = ir_block_create(s);
   ir_block_append(s, b0);
   struct ir_ref u = ir_abs((struct ir_ref){.kind = IR_REF_UNIFORM,
                                            .index = 1});
   struct ir_instr *mov = ir_va_create(s, VA_OP_MOV_I32, 1, &u);
   ir_instr_def(s, mov, 32, 1);
   ir_instr_append(b0, mov);
   struct ir_ref twice[2] = {mov->dst, mov->dst};
   struct ir_instr *add = ir_va_create(s, VA_OP_IADD_U32, 2, twice);
   ir_instr_def(s, add, 32, 1);
   ir_instr_append(b0, add);
   ir_test_validate(s, "input");
   assert_true(va_optimize(s));
   ir_test_validate(s, "pass");
   const char *want =
      "shader compute\nb0\n"
      "  %3 = va.LSHIFT_AND.i32 u1, #0x0, #0x7fffffff\n"
      "  %2 = va.IADD.u32 %3, %3\n";
   const char *got = ir_test_print(&a, s);
   if (strcmp(got, ir_test_print(&a, ir_test_read(&a, want))))
      fprintf(stderr, "--- got\n%s", got);
   assert_string_equal(got, ir_test_print(&a, ir_test_read(&a, want)));
   assert_false(va_optimize(s)); /* nothing left to rewrite */
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_constant_fold),
      cmocka_unit_test(test_copy_prop),
      cmocka_unit_test(test_loop_latch),
      cmocka_unit_test(test_dce),
      cmocka_unit_test(test_cse),
      cmocka_unit_test(test_cse_dominance),
      cmocka_unit_test(test_cse_valhall_alu),
      cmocka_unit_test(test_cse_result_shape),
      cmocka_unit_test(test_cse_big_table),
      cmocka_unit_test(test_algebraic),
      cmocka_unit_test(test_fold_modifiers),
      cmocka_unit_test(test_fold_clamp_only_onto_forms_with_clamp),
      cmocka_unit_test(test_lower_derivative_keeps_clamp),
      cmocka_unit_test(test_lower_derivative_magnitude),
      cmocka_unit_test(test_legalize_blend_colour_not_live_across_blend),
      cmocka_unit_test(test_legalize_shares_constants),
      cmocka_unit_test(test_legalize_shares_recently_used),
      cmocka_unit_test(test_legalize_offset_out_of_range),
      cmocka_unit_test(test_legalize_constant_table),
      cmocka_unit_test(test_pair_uniforms),
      cmocka_unit_test(test_fma),
      cmocka_unit_test(test_undef),
      cmocka_unit_test(test_lower_undef),
      cmocka_unit_test(test_cfg_merge_keeps_later_place),
      cmocka_unit_test(test_cfg_removes_unreachable),
      cmocka_unit_test(test_va_optimize_sign_bits),
      cmocka_unit_test(test_va_optimize_discard_condition),
      cmocka_unit_test(test_va_optimize_combine_comparisons),
      cmocka_unit_test(test_va_optimize_branch_on_inverse),
      cmocka_unit_test(test_if_convert),
      cmocka_unit_test(test_if_convert_limit),
      cmocka_unit_test(test_va_optimize_add_immediate),
      cmocka_unit_test(test_va_optimize_narrow_loads),
      cmocka_unit_test(test_combine_loads),
      cmocka_unit_test(test_lower_sqrt),
      cmocka_unit_test(test_va_optimize_built),
   };
   return cmocka_run_group_tests_name("ir passes", tests, NULL, NULL);
}
