/* SPDX-License-Identifier: MIT */
/*
 * Whole programs on the Valhall simulator: divergent branches and loops,
 * discard, the end of a program, every scheduling rule (each has a
 * program that breaks it and must fail with SIM_ERROR_HAZARD), and the
 * message instructions against the environment: varyings, attributes,
 * vertex records, uniform buffers, memory and atomics, textures, images
 * and the fragment outputs.
 */
#include "sim_test.h"
#include "tgsi/tgsi_tokens.h"

/* ---------------------------------------------------------------------
 * Control flow
 */

static const char *const if_else =
    "MOV.i32 r1, lane_id.w0\n"
    "ICMP.u32.lt.m1 r2, r1, 0x7060504.b0, 0x0\n" /* lane < 4 */
    "BRANCHZ.eq.reconverge r2, offset:2\n"
    "IADD_IMM.i32 r3, 0x0, #0x11\n"
    "BRANCHZ.eq.reconverge 0x0, offset:1\n"
    "IADD_IMM.i32.reconverge r3, 0x0, #0x22\n"
    "NOP.end\n";

static void
test_divergent_if_else(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN(t, if_else);
   for (unsigned l = 0; l < SIM_LANES; l++)
      assert_int_equal(t->final[l][3], l < 4 ? 0x11 : 0x22);
   sim_test_free(t);
}

static void
test_reconverge_is_required(void **state)
{
   (void)state;
   /* The divergent branch without reconverge. */
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t,
                 "MOV.i32 r1, lane_id.w0\n"
                 "ICMP.u32.lt.m1 r2, r1, 0x7060504.b0, 0x0\n"
                 "BRANCHZ.eq r2, offset:2\n"
                 "IADD_IMM.i32 r3, 0x0, #0x11\n"
                 "BRANCHZ.eq.reconverge 0x0, offset:1\n"
                 "IADD_IMM.i32.reconverge r3, 0x0, #0x22\n"
                 "NOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_int_equal(t->status.pc, 2);
   sim_test_free(t);
   /* The block before the merge point without reconverge. */
   t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t,
                 "MOV.i32 r1, lane_id.w0\n"
                 "ICMP.u32.lt.m1 r2, r1, 0x7060504.b0, 0x0\n"
                 "BRANCHZ.eq.reconverge r2, offset:2\n"
                 "IADD_IMM.i32 r3, 0x0, #0x11\n"
                 "BRANCHZ.eq.reconverge 0x0, offset:1\n"
                 "IADD_IMM.i32 r3, 0x0, #0x22\n"
                 "NOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_int_equal(t->status.pc, 5);
   sim_test_free(t);
}

static void
test_divergent_loop(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN(t, "MOV.i32 r1, lane_id.w0\n"
              "IADD_IMM.i32.reconverge r3, 0x0, #0x0\n"
              "ICMP.u32.lt.m1 r2, r3, r1, 0x0\n"
              "BRANCHZ.eq.reconverge r2, offset:2\n"
              "IADD_IMM.i32 r3, r3, #0x1\n"
              "BRANCHZ.eq.reconverge 0x0, offset:-4\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++)
      assert_int_equal(t->final[l][3], l);
   /* 2 + 15 iterations of 4 + the exit: the warp runs the longest lane */
   assert_int_equal(t->status.steps, 2 + 15 * 4 + 2 + 1);
   sim_test_free(t);
}

static void
test_end_and_limits(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t, "NOP\nNOP\n", SIM_ERROR_NO_END);
   assert_int_equal(t->status.pc, 2);
   SIM_RUN_FAILS(t, "BRANCHZ.eq 0x0, offset:-1\nNOP.end\n", SIM_ERROR_LIMIT);
   SIM_RUN_FAILS(t, "BRANCHZ.eq 0x0, offset:5\nNOP.end\n", SIM_ERROR_FAULT);
   /* A zero word (Mesa's padding) is not an instruction. */
   uint64_t words[2] = {0, 0};
   struct tgsiva_diagnostic d;
   struct va_instr I;
   diag_clear(&d);
   assert_true(va_assemble_line("NOP", 3, 1, &I, &words[0], &d));
   assert_false(sim_run(&t->env, &t->layout, SIM_PROGRAM_COMPUTE, words, 2,
                        &t->out, &t->status));
   assert_int_equal(t->status.error, SIM_ERROR_NO_END);
   /* An undecodable word. */
   words[0] = 0xFFFFFFFFFFFFFFFFull;
   assert_false(sim_run(&t->env, &t->layout, SIM_PROGRAM_COMPUTE, words, 2,
                        &t->out, &t->status));
   assert_int_equal(t->status.error, SIM_ERROR_DECODE);
   sim_test_free(t);
}

/* ---------------------------------------------------------------------
 * Fragment outputs and discard
 */

static void
setup_fragment(struct sim_test *t)
{
   t->layout.input_count = 2;
   t->layout.inputs[0] = (struct sim_varying){TGSI_SEM_GENERIC, 0, 0, 4};
   t->layout.inputs[1] = (struct sim_varying){TGSI_SEM_COLOR, 1, 16, 4};
}

static void
test_discard_and_blend(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   for (unsigned l = 0; l < SIM_LANES; l++)
      t->regs[l][1] = sim_test_u((float)l);
   sim_test_setf(t, 2, 8.0f);
   sim_test_set(t, 3, 0x33);
   SIM_RUN(t, "DISCARD.f32.lt.wait0126 r1, r2\n"
              "ATEST.wait @r60, r60, 0x3F800000, atest_datum.w0\n"
              "BLEND.slot0.v4.f32.end @r0:r1:r2:r3, "
              "blend_descriptor_2.w0, r60, target:0x0\n");
   assert_int_equal(t->out.discarded, 0x00FF);
   assert_int_equal(t->out.rt_written, 1u << 2);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t want = l < 8 ? 0 : sim_test_u((float)l);
      assert_int_equal(t->out.color[2][l].w[1], want);
      assert_int_equal(t->out.color[2][l].w[3], l < 8 ? 0 : 0x33);
   }
   sim_test_free(t);
}

/* Killed lanes run on as helpers (derivatives still see them) until a
 * discard flow ends them. */
static void
test_discarded_lanes_are_helpers_until_the_discard_flow(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      t->regs[l][1] = sim_test_u((float)l);
      t->regs[l][4] = 100 + l;
   }
   sim_test_setf(t, 2, 8.0f);
   SIM_RUN(t, "DISCARD.f32.lt r1, r2\n"
              "CLPER.i32.xor r3, r4, 0xB0A0908.b0\n"
              "NOP.discard\n"
              "CLPER.i32.xor.umax r5, r4, 0xB0A0908.b0\n"
              "NOP.end\n");
   assert_int_equal(t->out.discarded, 0x00FF);
   for (unsigned l = 8; l < SIM_LANES; l++) {
      assert_int_equal(t->final[l][3], 100 + (l ^ 8));
      assert_int_equal(t->final[l][5], 0xFFFFFFFFu);
   }
   /* The discarded lanes stopped at the discard flow. */
   assert_int_equal(t->final[0][5], 0);
   sim_test_free(t);
}

static const char *const two_targets =
    "ATEST.wait @r60, r60, 0x3F800000, atest_datum.w0\n"
    "BLEND.slot0.v4.f32 @r0:r1:r2:r3, blend_descriptor_0.w0, r60, "
    "target:0x2\n"
    "IADD_IMM.i32 r48, program_counter.w0, #0x8\n"
    "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n"
    "IADD_IMM.i32.wait r0, 0x0, #0x7\n"
    "BLEND.slot0.v4.f32.end @r0:r1:r2:r3, blend_descriptor_1.w0, r60, "
    "target:0x0\n"
    "IADD_IMM.i32 r48, 0x0, #0x0\n"
    "BRANCHZI.eq.absolute 0x0, blend_descriptor_1.w1\n";

static void
test_blend_skips_the_blend_shader_tail(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   sim_test_set(t, 0, 5);
   char text[800];
   snprintf(text, sizeof(text), "NOP.wait0126\n%s", two_targets);
   SIM_RUN(t, text);
   assert_int_equal(t->out.rt_written, 3);
   assert_int_equal(t->out.color[0][4].w[0], 5);
   assert_int_equal(t->out.color[1][4].w[0], 7);
   assert_int_equal(t->final[0][48], 0); /* the tail never ran */
   sim_test_free(t);
   /* Without the skip, the tail calls a blend shader that is not there. */
   t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   SIM_RUN_FAILS(t,
                 "NOP.wait\n"
                 "BLEND.slot0.v4.f32 @r0:r1:r2:r3, blend_descriptor_0.w0, "
                 "r60, target:0x0\n"
                 "IADD_IMM.i32 r48, program_counter.w0, #0x8\n"
                 "BRANCHZI.eq.absolute 0x0, blend_descriptor_0.w1\n"
                 "NOP.end\n",
                 SIM_ERROR_FAULT);
   sim_test_free(t);
}

static void
test_depth_and_stencil(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   sim_test_setf(t, 1, 0.25f);
   sim_test_set(t, 2, 9);
   SIM_RUN(t, "NOP.wait0126\n"
              "ATEST.wait0126 @r60, r60, 0x3F800000, atest_datum.w0\n"
              "ZS_EMIT.z.stencil.slot0.end @r60, r1, r2, r60\n");
   assert_true(t->out.wrote_depth && t->out.wrote_stencil);
   assert_true(t->out.depth[3] == 0.25f);
   assert_int_equal(t->out.stencil[3], 9);
   sim_test_free(t);
}

/* ---------------------------------------------------------------------
 * The scheduling rules
 */

static void
test_message_result_needs_a_wait(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   setup_fragment(t);
   SIM_RUN_FAILS(t,
                 "LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store "
                 "@r0:r1:r2:r3, r61, index:0x0\n"
                 "FADD.f32 r4, r0, r1\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_int_equal(t->status.pc, 1);
   assert_non_null(strstr(t->status.message, "r0"));
   assert_non_null(strstr(t->status.message, "slot 0"));
   /* Waiting on another slot does not help. */
   SIM_RUN_FAILS(t,
                 "LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store.wait1 "
                 "@r0:r1:r2:r3, r61, index:0x0\n"
                 "FADD.f32 r4, r0, r1\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   /* The wait acts after its instruction, even the message's own. */
   SIM_RUN(t, "LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store.wait0 "
              "@r0:r1:r2:r3, r61, index:0x0\n"
              "FADD.f32.end r4, r0, r1\n");
   SIM_RUN(t, "LD_VAR_BUF_IMM.f32.slot2.v4.src_f32.center.store "
              "@r0:r1:r2:r3, r61, index:0x0\n"
              "NOP.wait012\nFADD.f32.end r4, r0, r1\n");
   sim_test_free(t);
}

static void
test_message_result_overwrite(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   setup_fragment(t);
   SIM_RUN_FAILS(t,
                 "LD_VAR_BUF_IMM.f32.slot1.v2.src_f32.center.store "
                 "@r0:r1, r61, index:0x0\n"
                 "IADD_IMM.i32 r1, 0x0, #0x1\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_non_null(strstr(t->status.message, "overwritten"));
   sim_test_free(t);
}

/* A compute environment with buffer 0 at u0:u1 (the sysval buffer). */
static void
setup_buffer(struct sim_test *t)
{
   sim_env_bind_buffer(&t->env, 0, 1024);
   t->layout.sysval_ubo = 1;
   t->layout.sysval_count = 1;
   t->layout.sysvals[0] = (struct sim_sysval){SIM_SYSVAL_BUFFER, 0, 0};
   t->layout.push_count = 3;
   t->layout.push[0] = (struct sim_push_word){1, 0};
   t->layout.push[1] = (struct sim_push_word){1, 4};
   t->layout.push[2] = (struct sim_push_word){1, 8};
}

static void
test_staging_reads(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   /* Overwriting the data of a pending store is fine (Mesa does it). */
   SIM_RUN(t, "STORE.i32.slot0 @r4, u0, offset:0\n"
              "IADD_IMM.i32.end r4, 0x0, #0x1\n");
   /* Marking it last-use is not. */
   SIM_RUN_FAILS(t,
                 "STORE.i32.slot0 @r4, u0, offset:0\n"
                 "MOV.i32 r5, ^r4\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_non_null(strstr(t->status.message, "last-use"));
   SIM_RUN(t, "STORE.i32.slot0.wait0 @r4, u0, offset:0\n"
              "MOV.i32.end r5, ^r4\n");
   sim_test_free(t);
}

/* A fault of a lane's access names the lane and the kind of region it
 * aimed at (the harness tells the shader's undefined behaviour from the
 * compiler's bugs by it); a fault of no access names none. */
static void
test_fault_names_lane_and_region(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   SIM_RUN_FAILS(t, "STORE.i32.slot0.wait0 @r4, u0, offset:1024\nNOP.end\n",
                 SIM_ERROR_FAULT);
   assert_int_equal(t->status.fault_lane, 0);
   assert_int_equal(t->status.fault_region, SIM_REGION_BUFFER);
   SIM_RUN_FAILS(t, "BRANCHZ.eq 0x0, offset:5\nNOP.end\n", SIM_ERROR_FAULT);
   assert_int_equal(t->status.fault_lane, -1);
   assert_int_equal(t->status.fault_region, -1);
   sim_test_free(t);
}

/* A BARRIER that only some lanes reach is a hazard that names the lanes
 * it waits for (the harness tells the shader's undefined behaviour from
 * the compiler's bugs by them); every other stop names none. */
static void
test_partial_barrier_names_its_lanes(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t,
                 "MOV.i32 r1, lane_id.w0\n"
                 "ICMP.u32.lt.m1 r2, r1, 0x7060504.b0, 0x0\n" /* lane < 4 */
                 "BRANCHZ.eq.reconverge r2, offset:1\n"
                 "BARRIER.slot7.wait\n"
                 "NOP.reconverge\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_non_null(strstr(t->status.message, "BARRIER reached by lanes"));
   assert_int_equal(t->status.barrier_lanes, 0xffff);
   SIM_RUN_FAILS(t, "BRANCHZ.eq 0x0, offset:5\nNOP.end\n", SIM_ERROR_FAULT);
   assert_int_equal(t->status.barrier_lanes, 0);
   sim_test_free(t);
}

static void
test_memory_write_hazards(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   SIM_RUN_FAILS(t,
                 "STORE.i32.slot0 @r4, u0, offset:4\n"
                 "STORE.i32.slot1 @r5, u0, offset:4\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   SIM_RUN_FAILS(t,
                 "LOAD.i32.unsigned.slot0 @r4, u0, offset:0\n"
                 "STORE.i64.slot1 @r6:r7, u0, offset:0\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   /* Disjoint bytes, or a wait between, are fine. */
   SIM_RUN(t, "STORE.i32.slot0 @r4, u0, offset:4\n"
              "STORE.i32.slot1 @r5, u0, offset:8\n"
              "STORE.i32.slot2.wait0 @r5, u0, offset:0\n"
              "STORE.i32.slot1.end @r5, u0, offset:4\n");
   sim_test_free(t);
}

static void
test_last_use(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t, "MOV.i32 r5, ^r1\nMOV.i32 r6, r1\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   SIM_RUN(t, "MOV.i32 r5, ^r1\nMOV.i32 r1, r5\nMOV.i32.end r6, r1\n");
   sim_test_free(t);
}

static void
test_atest_blend_and_barrier_rules(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   SIM_RUN_FAILS(t,
                 "NOP.wait012\n"
                 "ATEST.wait @r60, r60, 0x3F800000, atest_datum.w0\n"
                 "NOP.end\n",
                 SIM_ERROR_HAZARD);
   assert_non_null(strstr(t->status.message, "wait0126"));
   SIM_RUN_FAILS(t,
                 "NOP.wait0126\n"
                 "ATEST.wait0126 @r60, r60, 0x3F800000, atest_datum.w0\n"
                 "BLEND.slot0.v4.f32.end @r0:r1:r2:r3, "
                 "blend_descriptor_0.w0, r60, target:0x0\n",
                 SIM_ERROR_HAZARD);
   /* ATEST's result (r60) needs a wait too. */
   SIM_RUN_FAILS(t,
                 "NOP.wait0126\n"
                 "ATEST @r60, r60, 0x3F800000, atest_datum.w0\n"
                 "MOV.i32 r1, r60\nNOP.end\n",
                 SIM_ERROR_HAZARD);
   sim_test_free(t);
   t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN(t, "BARRIER.slot7.wait\nNOP.end\n");
   SIM_RUN_FAILS(t, "BARRIER.slot7\nNOP.end\n", SIM_ERROR_HAZARD);
   sim_test_free(t);
}

/* ---------------------------------------------------------------------
 * Messages
 */

static void
test_varyings(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   setup_fragment(t);
   SIM_RUN(t, "LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store.wait0 "
              "@r0:r1, r61, index:0x14\n"
              "LD_VAR_BUF_IMM.f32.slot0.src_flat32.center.store.wait0 "
              "@r2, r61, index:0x0\n"
              "LD_VAR_SPECIAL.v2.f32.center.clobber.slot0.wait0 @r4:r5, "
              "r61, index:0x0\n"
              "LD_VAR_SPECIAL.f32.center.clobber.slot0.wait0 @r6, r61, "
              "index:0x3\n"
              "IADD_IMM.i32 r7, 0x0, #0x4\n"
              "LD_VAR_BUF.f32.slot1.src_f32.center.store.wait1 @r8, r61, r7\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_vec4 c = sim_env_varying(&t->env, TGSI_SEM_COLOR, 1, l);
      struct sim_vec4 g = sim_env_varying(&t->env, TGSI_SEM_GENERIC, 0, l);
      assert_int_equal(t->final[l][0], c.w[1]);
      assert_int_equal(t->final[l][1], c.w[2]);
      assert_int_equal(t->final[l][2], g.w[0]);
      assert_true(sim_test_f(t->final[l][4]) == t->env.point_coord[l][0]);
      assert_true(sim_test_f(t->final[l][5]) == t->env.point_coord[l][1]);
      assert_true(sim_test_f(t->final[l][6]) == t->env.frag_z[l]);
      assert_int_equal(t->final[l][8], g.w[1]);
   }
   SIM_RUN_FAILS(t,
                 "LD_VAR_BUF_IMM.f32.slot0.src_f32.center.store.wait0 "
                 "@r0, r61, index:0x40\nNOP.end\n",
                 SIM_ERROR_FAULT);
   sim_test_free(t);
}

static void
test_vertex_records(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_VERTEX_POSITION);
   t->layout.output_count = 1;
   t->layout.outputs[0] = (struct sim_varying){TGSI_SEM_GENERIC, 3, 16, 4};
   SIM_RUN(t, "LD_ATTR_IMM.v4.f32.slot0.wait0 @r0:r1:r2:r3, r60, r61, "
              "index:0x2, table:0x1\n"
              "LEA_BUF_IMM.slot1.wait1 @r4:r5, r59, table:0xD, index:0x0\n"
              "STORE.i128.istream.slot0 @r0:r1:r2:r3, r4, offset:0\n"
              "STORE.i128.estream.slot1 @r0:r1:r2:r3, r4, offset:16\n"
              "IADD_IMM.i32 r6, r59, #0x4\n"
              "LEA_BUF_IMM.slot2.wait2 @r8:r9, r6, table:0xD, index:0x0\n"
              "IADD_IMM.i32 r7, 0x0, #0x4000\n"
              "STORE.i16.istream.slot2.end @r7, r8, offset:0\n");
   assert_true(t->out.wrote_position && t->out.wrote_point_size);
   assert_int_equal(t->out.varying_count, 1);
   assert_int_equal(t->out.varyings[0].semantic, TGSI_SEM_GENERIC);
   assert_int_equal(t->out.varyings[0].index, 3);
   assert_int_equal(t->out.varyings[0].mask, 0xF);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_vec4 a = sim_env_attrib(&t->env, 2, l);
      for (unsigned c = 0; c < 4; c++) {
         assert_int_equal(sim_test_u(t->out.position[l][c]), a.w[c]);
         assert_int_equal(t->out.varyings[0].value[l].w[c], a.w[c]);
      }
      assert_true(t->out.point_size[l] == 2.0f);
   }
   SIM_RUN_FAILS(t,
                 "LEA_BUF_IMM.slot1.wait1 @r4:r5, r60, table:0xD, "
                 "index:0x0\nNOP.end\n",
                 SIM_ERROR_FAULT);
   sim_test_free(t);
}

/* Transform feedback: lanes are a draw's (vertex, instance) pairs, r57
 * and r58 preloaded with them, the buffer address and the draw in the
 * XFB system values; each lane stores (r57, r58, count, first) to its
 * 16 bytes of stream-output buffer 1. */
static void
test_transform_feedback_program(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_XFB);
   sim_env_set_draw(&t->env, 8);
   sim_env_bind_xfb(&t->env, 1, 16 * SIM_LANES);
   t->layout.sysval_ubo = 0;
   t->layout.sysval_count = 2;
   t->layout.sysvals[0] = (struct sim_sysval){SIM_SYSVAL_XFB_BUFFER, 1, 0};
   t->layout.sysvals[1] = (struct sim_sysval){SIM_SYSVAL_XFB_DRAW, 0, 16};
   t->layout.push_count = 4;
   static const uint32_t offsets[] = {0, 4, 16, 20};
   for (unsigned i = 0; i < 4; i++)
      t->layout.push[i] = (struct sim_push_word){0, offsets[i]};
   static const char text[] =
      "MOV.i32 r6, lane_id.w0\n"
      "SHADDX.u64 r0, u0, r6.w0, shift:0x4\n"
      "MOV.i32 r8, r57\n"
      "MOV.i32 r9, r58\n"
      "MOV.i32 r10, u2\n"
      "MOV.i32 r11, u3\n"
      "STORE.i128.slot0.end @r8:r9:r10:r11, r0, offset:0\n";
   uint64_t *words;
   size_t count;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   assert_true(va_assemble(&t->arena, text, strlen(text), &words, &count,
                           &d));
   assert_true(sim_run(&t->env, &t->layout, SIM_PROGRAM_XFB, words, count,
                       &t->out, &t->status));
   const struct sim_region *r =
      sim_memory_region(&t->env.memory, SIM_REGION_XFB, 1);
   uint32_t first = t->env.draw_first_vertex;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t w[4];
      memcpy(w, r->bytes + 16 * l, 16);
      assert_int_equal(w[0], l % 8);
      assert_int_equal(w[1], l / 8);
      assert_int_equal(w[2], 8);
      assert_int_equal(w[3], first);
      assert_int_equal(t->env.vertex_id[l], first + l % 8);
   }
   sim_test_free(t);
}

static void
test_buffers_memory_and_atomics(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   struct sim_region *r =
       sim_memory_region(&t->env.memory, SIM_REGION_BUFFER, 0);
   for (uint32_t i = 0; i < 256; i++)
      memcpy(r->bytes + 4 * i, &i, 4);
   sim_test_set(t, 10, 8);
   SIM_RUN(t, "MOV.i32 r1, lane_id.w0\n"
              "LSHIFT_OR.i32 r2, r1, 0x7060504.b11, 0x0\n" /* lane * 32 */
              "IADD.u32 r2, u0, r2\n"
              "MOV.i32 r3, u1\n"
              "LOAD.i64.unsigned.slot0.wait0 @r4:r5, r2, offset:8\n"
              "IADD_IMM.i32 r4, r4, #0x100\n"
              "STORE.i32.slot1.wait1 @r4, r2, offset:4\n"
              "IADD_IMM.i32 r6, 0x0, #0x1\n"
              "ATOM_RETURN.i32.slot0.aadd.wait0 @r7, @r6, u0, offset:0x0\n"
              "LD_BUFFER.i32.unsigned.slot2.wait2 @r8, r10, 0x0\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_int_equal(t->final[l][4], 8 * l + 2 + 0x100);
      assert_int_equal(t->final[l][5], 8 * l + 3);
      uint32_t w;
      memcpy(&w, r->bytes + 32 * l + 4, 4);
      assert_int_equal(w, 8 * l + 2 + 0x100);
      assert_int_equal(t->final[l][7], l); /* atomics in lane order */
      assert_int_equal(t->final[l][8], sim_env_ubo_word(&t->env, 0, 8));
   }
   uint32_t w0;
   memcpy(&w0, r->bytes, 4);
   assert_int_equal(w0, 16);
   SIM_RUN_FAILS(t,
                 "LOAD.i32.unsigned.slot0.wait0 @r4, r20, offset:0\n"
                 "NOP.end\n",
                 SIM_ERROR_FAULT);
   sim_test_free(t);
}

static void
test_narrow_loads(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   struct sim_region *r =
       sim_memory_region(&t->env.memory, SIM_REGION_BUFFER, 0);
   uint32_t v = 0x8081F2F3u;
   memcpy(r->bytes, &v, 4);
   sim_test_set(t, 4, 0x11223344u);
   SIM_RUN(t, "LOAD.i8.unsigned.slot0.wait0 @r4, u0, offset:0\n"
              "LOAD.i8.w0.slot0.wait0 @r5, u0, offset:0\n"
              "LOAD.i16.h1.unsigned.slot0.wait0 @r6, u0, offset:2\n"
              "LOAD.i16.d0.slot0.wait0 @r8:r9, u0, offset:2\n"
              "NOP.end\n");
   assert_int_equal(t->final[0][4], 0x112233F3u); /* b0: byte 0 only */
   assert_int_equal(t->final[0][5], 0xFFFFFFF3u);
   assert_int_equal(t->final[0][6] >> 16, 0x8081u);
   assert_int_equal(t->final[0][8], 0xFFFF8081u);
   assert_int_equal(t->final[0][9], 0xFFFFFFFFu);
   sim_test_free(t);
}

static void
test_texturing(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   sim_env_bind_texture(&t->env, 0, TGSI_TEX_2D, SIM_TEXEL_FLOAT);
   sim_env_bind_sampler(&t->env, 0, false);
   sim_test_set(t, 8, 0x20001800u); /* sampler 0 (table 3), texture 0 (4) */
   sim_test_set(t, 9, 0);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      t->regs[l][4] = sim_test_u(0.1f + 0.03f * (float)l);
      t->regs[l][5] = sim_test_u(0.7f - 0.02f * (float)l);
      t->regs[l][6] = l;
      t->regs[l][7] = 15 - l;
   }
   SIM_RUN(t, "TEX_SINGLE.slot0.skip.f.32.2d.computed.wait0 @r0:r1:r2:r3, "
              "@r4:r5, r8\n"
              "TEX_FETCH.slot1.f.32.r.2d.wait1 @r10, @r6:r7, r8\n"
              "NOP.end\n");
   struct sim_tex_request req[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++) {
      memset(&req[l], 0, sizeof(req[l]));
      req[l].op = SIM_TEX_SAMPLE;
      req[l].coord[0] = sim_test_f(t->regs[l][4]);
      req[l].coord[1] = sim_test_f(t->regs[l][5]);
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct sim_tex_request *quad[4];
      for (unsigned i = 0; i < 4; i++)
         quad[i] = &req[(l & ~3u) + i];
      struct sim_vec4 want = sim_env_sample(&t->env, &req[l], quad);
      assert_memory_equal(&t->final[l][0], want.w, 16);
      struct sim_vec4 texel =
          sim_env_texel(&t->env, 0, 0, (int32_t)l, (int32_t)(15 - l), 0);
      assert_int_equal(t->final[l][10], texel.w[0]);
   }
   /* Another table in the image source is refused. */
   sim_test_set(t, 8, 0x28001800u);
   SIM_RUN_FAILS(t,
                 "TEX_SINGLE.slot0.skip.f.32.2d.computed.wait0 "
                 "@r0:r1:r2:r3, @r4:r5, r8\nNOP.end\n",
                 SIM_ERROR_UNSUPPORTED);
   sim_test_free(t);
}

/* The Mesa sequence for a cube coordinate, then a cube lookup: the same
 * texel as the environment's for the direction itself. */
static void
test_cube_map_coordinates(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   sim_env_bind_texture(&t->env, 0, TGSI_TEX_CUBE, SIM_TEXEL_FLOAT);
   sim_env_bind_sampler(&t->env, 0, false);
   static const float dirs[4][3] = {{1.0f, 0.3f, -0.55f},
                                    {-0.2f, -2.0f, 0.7f},
                                    {0.1f, 0.45f, 0.9f},
                                    {-3.0f, 0.6f, 1.2f}};
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 3; c++)
         t->regs[l][c] = sim_test_u(dirs[l % 4][c]);
   }
   SIM_RUN(t, "CUBEFACE1 r4, r0, r1, r2\n"
              "CUBEFACE2 r5, r0, r1, r2\n"
              "CUBE_SSEL r6, r2, r0, r5\n"
              "CUBE_TSEL r7, r1, r2, r5\n"
              "FRCP.f32 r8, r4\n"
              "FMA.f32 r8, r8, 0x38000000.h1, 0x0.neg\n"
              "FMA.f32.clamp_0_1 r6, r8, r6, 0x38000000.h1\n"
              "FMA.f32.clamp_0_1 r7, r8, r7, 0x38000000.h1\n"
              "IADD_IMM.i32 r9, 0x0, #0x1FFFFFFF\n"
              "MUX.i32.bit r6, r6, r5, r9\n"
              "IADD_IMM.i32 r10, 0x0, #0x20001800\n"
              "MOV.i32 r11, 0x0\n"
              "TEX_SINGLE.slot0.f.32.cube.zero.wait0 @r12:r13:r14:r15, "
              "@r6:r7, r10\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_tex_request req;
      memset(&req, 0, sizeof(req));
      req.op = SIM_TEX_SAMPLE_LOD;
      memcpy(req.coord, dirs[l % 4], sizeof(dirs[0]));
      struct sim_vec4 want = sim_env_sample(&t->env, &req, NULL);
      assert_memory_equal(&t->final[l][12], want.w, 16);
   }
   sim_test_free(t);
}

static void
test_shadow_and_gather(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_FRAGMENT);
   sim_env_bind_texture(&t->env, 0, TGSI_TEX_SHADOW2D, SIM_TEXEL_FLOAT);
   sim_env_bind_sampler(&t->env, 0, true);
   sim_test_set(t, 8, 0x20001800u);
   sim_test_set(t, 9, 0);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      t->regs[l][4] = sim_test_u(0.05f + 0.06f * (float)l);
      t->regs[l][5] = sim_test_u(0.9f - 0.05f * (float)l);
      t->regs[l][6] = sim_test_u(0.5f);
   }
   SIM_RUN(t, "TEX_SINGLE.slot0.f.32.r.2d.shadow.zero.wait0 @r0, "
              "@r4:r5:r6, r8\n"
              "TEX_GATHER.slot1.f.32.2d.gather4_g.wait1 @r10:r11:r12:r13, "
              "@r4:r5, r8\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_tex_request req;
      memset(&req, 0, sizeof(req));
      req.op = SIM_TEX_SAMPLE_LOD;
      req.coord[0] = sim_test_f(t->regs[l][4]);
      req.coord[1] = sim_test_f(t->regs[l][5]);
      req.shadow = true;
      req.compare = 0.5f;
      assert_int_equal(t->final[l][0],
                       sim_env_sample(&t->env, &req, NULL).w[0]);
      req.op = SIM_TEX_GATHER;
      req.shadow = false;
      req.component = 1;
      struct sim_vec4 g = sim_env_sample(&t->env, &req, NULL);
      assert_memory_equal(&t->final[l][10], g.w, 16);
   }
   sim_test_free(t);
}

static void
test_indirect_attributes_and_atomics(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_VERTEX_VARYING);
   sim_test_set(t, 5, 1u << 24 | 6); /* table 1, attribute 6 */
   SIM_RUN(t, "LD_ATTR.v2.f32.slot0.wait0 @r0:r1, r60, r61, r5\n"
              "NOP.end\n");
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_vec4 a = sim_env_attrib(&t->env, 6, l);
      assert_int_equal(t->final[l][0], a.w[0]);
      assert_int_equal(t->final[l][1], a.w[1]);
   }
   /* Another lane's vertex: still that vertex's attribute. */
   for (unsigned l = 0; l < SIM_LANES; l++) {
      t->regs[l][60] = t->env.vertex_id[SIM_LANES - 1 - l];
      t->regs[l][61] = t->env.instance_id[SIM_LANES - 1 - l];
   }
   SIM_RUN(t, "LD_ATTR_IMM.f32.slot0.wait0 @r0, r60, r61, index:0x6, "
              "table:0x1\n"
              "NOP.end\n");
   assert_int_equal(t->final[3][0], sim_env_attrib(&t->env, 6, 12).w[0]);
   sim_test_free(t);

   t = sim_test_new(SIM_PROGRAM_COMPUTE);
   setup_buffer(t);
   struct sim_region *r =
       sim_memory_region(&t->env.memory, SIM_REGION_BUFFER, 0);
   uint32_t v = 5;
   memcpy(r->bytes + 16, &v, 4);
   memcpy(r->bytes + 20, &v, 4);
   sim_test_set(t, 6, 9);
   sim_test_set(t, 7, 5);
   SIM_RUN(t, "ATOM1_RETURN.i32.slot0.ainc.wait0 @, u0, offset:0x10\n"
              "ATOM_RETURN.i32.slot1.axchg.compare.wait1 @r8, @r6:r7, u0, "
              "offset:0x14\n"
              "NOP.end\n");
   memcpy(&v, r->bytes + 16, 4);
   assert_int_equal(v, 5 + SIM_LANES);
   memcpy(&v, r->bytes + 20, 4);
   assert_int_equal(v, 9); /* lane 0 swapped, the rest saw 9 */
   assert_int_equal(t->final[0][8], 5);
   assert_int_equal(t->final[1][8], 9);
   sim_test_free(t);
}

static void
test_images(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   sim_env_bind_image(&t->env, 0, TGSI_TEX_2D, TGSI_FMT_R32G32B32A32_UINT);
   for (unsigned c = 0; c < 4; c++)
      sim_test_set(t, c, 40 + c);
   sim_test_set(t, 12, 1 | 2 << 16); /* x = 1, y = 2 */
   SIM_RUN(t, "LEA_TEX_IMM.slot0.wait0 @r4:r5:r6, r12, 0x0, table:0x5, "
              "index:0x0\n"
              "ST_CVT.slot1.v4.auto.wait1 @r0:r1:r2:r3, r4, r6, "
              "offset:0x0\n"
              "LD_TEX_IMM.v4.u32.slot2.wait2 @r8:r9:r10:r11, r12, 0x0, "
              "index:0x0, table:0x5\n"
              "NOP.end\n");
   for (unsigned c = 0; c < 4; c++)
      assert_int_equal(t->final[0][8 + c], 40 + c);
   struct sim_region *r =
       sim_memory_region(&t->env.memory, SIM_REGION_IMAGE, 0);
   uint32_t texel[4];
   memcpy(texel, r->bytes + 16 * (2 * t->env.images[0].width + 1), 16);
   assert_int_equal(texel[2], 42);
   sim_test_free(t);
}

static void
test_unmodelled_forms_are_refused(void **state)
{
   (void)state;
   struct sim_test *t = sim_test_new(SIM_PROGRAM_COMPUTE);
   SIM_RUN_FAILS(t, "FRCP_APPROX.f32 r0, r1\nNOP.end\n", SIM_ERROR_UNSUPPORTED);
   assert_non_null(strstr(t->status.message, "FRCP_APPROX.f32"));
   SIM_RUN_FAILS(t, "FREXPE.f32.sqrt r0, r1\nNOP.end\n", SIM_ERROR_UNSUPPORTED);
   SIM_RUN_FAILS(t, "MOV.i32 r0, u3\nNOP.end\n", SIM_ERROR_FAULT);
   sim_test_free(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
       cmocka_unit_test(test_divergent_if_else),
       cmocka_unit_test(test_reconverge_is_required),
       cmocka_unit_test(test_divergent_loop),
       cmocka_unit_test(test_end_and_limits),
       cmocka_unit_test(test_discard_and_blend),
       cmocka_unit_test(
           test_discarded_lanes_are_helpers_until_the_discard_flow),
       cmocka_unit_test(test_blend_skips_the_blend_shader_tail),
       cmocka_unit_test(test_depth_and_stencil),
       cmocka_unit_test(test_message_result_needs_a_wait),
       cmocka_unit_test(test_message_result_overwrite),
       cmocka_unit_test(test_staging_reads),
       cmocka_unit_test(test_fault_names_lane_and_region),
      cmocka_unit_test(test_partial_barrier_names_its_lanes),
      cmocka_unit_test(test_memory_write_hazards),
       cmocka_unit_test(test_last_use),
       cmocka_unit_test(test_atest_blend_and_barrier_rules),
       cmocka_unit_test(test_varyings),
       cmocka_unit_test(test_vertex_records),
       cmocka_unit_test(test_transform_feedback_program),
       cmocka_unit_test(test_buffers_memory_and_atomics),
       cmocka_unit_test(test_narrow_loads),
       cmocka_unit_test(test_texturing),
       cmocka_unit_test(test_cube_map_coordinates),
       cmocka_unit_test(test_shadow_and_gather),
       cmocka_unit_test(test_indirect_attributes_and_atomics),
       cmocka_unit_test(test_images),
       cmocka_unit_test(test_unmodelled_forms_are_refused),
   };
   return cmocka_run_group_tests_name("sim_run", tests, NULL, NULL);
}
