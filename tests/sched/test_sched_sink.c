/* SPDX-License-Identifier: MIT */
/*
 * sched_sink_loads: varying and attribute loads move from the entry block
 * down to the nearest block that dominates their readers; IR in, the
 * pass, IR out, and the cases that must stay where they are.
 */
#include "../ir/ir_test.h"

#include "sched/sched.h"

/* An IF in the entry block b0 on u0: b1 then, b2 else, b3 the join. */
#define IF_HEAD(loads)                                                       \
   "shader fragment\nb0 -> b1 b2\n  %1 = preload imm=61\n" loads            \
   "  %9 = va.ICMP.u32.eq.m1 u0, #0x0, #0x0\n  branch %9\n"

#define LD_VAR(v, index)                                                     \
   "  %" v ":v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store %1 "   \
   "index:" index "\n"

/* A load read in one arm only moves there, at its start. */
static void
test_into_the_arm_that_reads(void **state)
{
   (void)state;
   IR_CASE(sched_sink_loads,
           IF_HEAD(LD_VAR("2", "0x0"))
           "b1 -> b3\n  %3 = va.FADD.f32 u1, u2\n"
           "  %4 = va.FADD.f32 %2.1, %3\n  jump\n"
           "b2 -> b3\n  %5 = va.FADD.f32 u1, u3\n  jump\n"
           "b3\n  %6 = phi b1:%4, b2:%5\n  %7 = va.FADD.f32 %6, u4\n",
           IF_HEAD("")
           "b1 -> b3\n" LD_VAR("2", "0x0")
           "  %3 = va.FADD.f32 u1, u2\n"
           "  %4 = va.FADD.f32 %2.1, %3\n  jump\n"
           "b2 -> b3\n  %5 = va.FADD.f32 u1, u3\n  jump\n"
           "b3\n  %6 = phi b1:%4, b2:%5\n  %7 = va.FADD.f32 %6, u4\n");
}

/* A phi reads at the end of the predecessor it names: a load only a phi
 * reads goes to that predecessor. */
static void
test_phi_reads_in_its_predecessor(void **state)
{
   (void)state;
   IR_CASE(sched_sink_loads,
           IF_HEAD(LD_VAR("2", "0x0") LD_VAR("3", "0x10"))
           "b1 -> b3\n  jump\n"
           "b2 -> b3\n  jump\n"
           "b3\n  %6 = phi b1:%2.2, b2:%3.2\n  %7 = va.FADD.f32 %6, u4\n",
           IF_HEAD("")
           "b1 -> b3\n" LD_VAR("2", "0x0") "  jump\n"
           "b2 -> b3\n" LD_VAR("3", "0x10") "  jump\n"
           "b3\n  %6 = phi b1:%2.2, b2:%3.2\n  %7 = va.FADD.f32 %6, u4\n");
}

/* Read on both sides (the nearest common dominator is where it is), or
 * a texture read in one arm (derivatives need the whole quad): no move. */
static void
test_stays(void **state)
{
   (void)state;
   IR_NEGCASE(sched_sink_loads,
              IF_HEAD(LD_VAR("2", "0x0"))
              "b1 -> b3\n  %4 = va.FADD.f32 %2.1, u1\n  jump\n"
              "b2 -> b3\n  %5 = va.FADD.f32 %2, u3\n  jump\n"
              "b3\n  %6 = phi b1:%4, b2:%5\n");
   IR_NEGCASE(sched_sink_loads,
              IF_HEAD("  %3 = va.IADD_IMM.i32 #0x0 #0x20001800\n"
                      "  %4 = va.IADD_IMM.i32 #0x0 #0x0\n"
                      "  %5:64 = collect %3, %4\n"
                      "  %6:v2 = collect u1, u2\n"
                      "  %2:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.computed "
                      "%5, %6\n")
              "b1 -> b3\n  %7 = va.FADD.f32 %2.1, u1\n  jump\n"
              "b2 -> b3\n  jump\n"
              "b3\n  %8 = phi b1:%7, b2:%1\n");
}

/* A load read inside a loop stays above it (it would be issued on every
 * iteration), however deep the reader; read after the loop, it moves
 * past it. */
static void
test_never_into_a_loop(void **state)
{
   (void)state;
   const char *in =
      "shader fragment\nb0 -> b1\n  %1 = preload imm=61\n"
      LD_VAR("2", "0x0") LD_VAR("3", "0x10")
      "b1 loop -> b2 b3\n"
      "  %4 = phi b0:%1, b2:%6\n"
      "  %5 = va.ICMP.u32.eq.m1 %4, u0, #0x0\n  branch %5\n"
      "b2 -> b1\n  %6 = va.FADD.f32 %4, %2.1\n  jump\n"
      "b3\n  %7 = va.FADD.f32 %4, %3\n";
   const char *out =
      "shader fragment\nb0 -> b1\n  %1 = preload imm=61\n"
      LD_VAR("2", "0x0")
      "b1 loop -> b2 b3\n"
      "  %4 = phi b0:%1, b2:%6\n"
      "  %5 = va.ICMP.u32.eq.m1 %4, u0, #0x0\n  branch %5\n"
      "b2 -> b1\n  %6 = va.FADD.f32 %4, %2.1\n  jump\n"
      "b3\n" LD_VAR("3", "0x10") "  %7 = va.FADD.f32 %4, %3\n";
   IR_CASE(sched_sink_loads, in, out);
}

/* The shader of test_into_a_loop_under_pressure, with the load %2 in
 * the entry block or in the loop body. */
static const char *
pressure_loop(struct arena *a, bool load_in_loop)
{
   const char *ld2 = LD_VAR("2", "0x0");
   struct strbuf sb;
   strbuf_init(&sb, a);
   strbuf_puts(&sb, "shader fragment\nb0 -> b1\n  %1 = preload imm=61\n");
   if (!load_in_loop)
      strbuf_puts(&sb, ld2);
   for (unsigned k = 3; k < 11; k++)
      strbuf_printf(&sb,
                    "  %%%u:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32."
                    "center.store %%1 index:0x%x\n"
                    "  %%%u = va.FADD.f32 %%%u, u%u\n",
                    k, 16 * k, k + 20, k, k);
   strbuf_puts(&sb, "b1 loop -> b2 b3\n"
                    "  %11 = phi b0:%1, b2:%13\n"
                    "  %12 = va.ICMP.u32.eq.m1 %11, u0, #0x0\n"
                    "  branch %12\n"
                    "b2 -> b1\n");
   if (load_in_loop)
      strbuf_puts(&sb, ld2);
   strbuf_puts(&sb, "  %13 = va.FADD.f32 %11, %2.1\n  jump\nb3\n");
   for (unsigned k = 3; k < 11; k++)
      strbuf_printf(&sb, "  %%%u = va.FADD.f32 %%%u.3, %%%u\n", k + 40, k,
                    k == 3 ? 11u : k + 39);
   return sb.data;
}

/* Over 31 registers (eight vectors live across the loop here), a load
 * read only inside a loop goes into it: reloaded on every iteration, it
 * costs less than half the threads. */
static void
test_into_a_loop_under_pressure(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   IR_CASE(sched_sink_loads, pressure_loop(&a, false),
           pressure_loop(&a, true));
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_into_the_arm_that_reads),
      cmocka_unit_test(test_phi_reads_in_its_predecessor),
      cmocka_unit_test(test_stays),
      cmocka_unit_test(test_never_into_a_loop),
      cmocka_unit_test(test_into_a_loop_under_pressure),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
