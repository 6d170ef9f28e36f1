/* SPDX-License-Identifier: MIT */
/*
 * TGSI -> IR: memory opcodes (LOAD, STORE, RESQ, atomics) on buffers,
 * images and shared memory, and the INTERP_* opcodes.  Each case is TGSI
 * text in and the IR right after translation out; the layout cases check
 * the system values and push words the driver must supply.
 */
#include "translate_test.h"

/* Translates `tgsi` and returns its layout (in `a`), failing on an error. */
static struct ir_layout *
layout_of(struct arena *a, const char *tgsi)
{
   struct tgsi_shader *sh;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!tgsi_parse_text(a, tgsi, strlen(tgsi), &sh, &d)) {
      fprintf(stderr, "error: %s\n", d.message);
      fail();
   }
   struct compile_options opts = {.validate = true, .stop_after_ir = true};
   struct compile_result *r = ARENA_NEW(a, struct compile_result);
   if (!compile_tgsi(a, sh, &opts, r, &d)) {
      fprintf(stderr, "error: %s\n", d.message);
      fail();
   }
   return &r->layout;
}

static void
expect_push(const struct ir_layout *l, unsigned word, uint32_t ubo,
            uint32_t offset)
{
   assert_true(word < l->push.len);
   assert_int_equal(l->push.data[word].ubo, ubo);
   assert_int_equal(l->push.data[word].offset, offset);
}

static void
expect_sysval(const struct ir_layout *l, unsigned slot,
              enum ir_sysval_kind kind, uint32_t id)
{
   assert_true(slot < l->sysvals.len);
   assert_int_equal(l->sysvals.data[slot].kind, kind);
   assert_int_equal(l->sysvals.data[slot].id, id);
}

static void
test_buffer_load_store(void **state)
{
   (void)state;
   /* Constant offsets go in the immediate (40000 does not fit: SHADDX);
    * LOAD reads words from the lowest to the highest the mask needs
    * through the resource swizzle; STORE writes one message per run of
    * the write mask; RESQ reads the size word of the buffer's sysval. */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL BUFFER[0]\n"
      "DCL BUFFER[1]\n"
      "DCL TEMP[0..2]\n"
      "IMM[0] UINT32 {16, 40000, 0, 0}\n"
      "  0: LOAD TEMP[0].x, BUFFER[1], IMM[0].xxxx\n"
      "  1: LOAD TEMP[1].xyz, BUFFER[0], SV[0].xxxx\n"
      "  2: LOAD TEMP[2].yw, BUFFER[0].xxyz, IMM[0].yyyy\n"
      "  3: STORE BUFFER[0].xyw, SV[0].xxxx, TEMP[1]\n"
      "  4: STORE BUFFER[1].z, IMM[0].xxxx, TEMP[0].xxxx\n"
      "  5: RESQ TEMP[0].xy, BUFFER[1]\n"
      "  6: STORE BUFFER[1].xy, IMM[0].zzzz, TEMP[0]\n"
      "  7: STORE BUFFER[1].x, IMM[0].zzzz, TEMP[2].yyyy\n"
      "  8: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %2 = preload imm=55\n"
      "  %3 = and %2, #0xffff\n"
      "  %4 = ushr %2, #0x10\n"
      "  %5 = preload imm=56\n"
      "  %6 = and %5, #0xffff\n"
      "  %12 = undef\n"
      "b1 -> b2\n"
      "  %1 = va.LOAD.i32.unsigned.slot0 u0 offset:16\n"
      "  %7:64 = va.SHADDX.u64 u2, %3 shift:0x0\n"
      "  %8:v3 = va.LOAD.i96.unsigned.slot0 %7 offset:0\n"
      "  %9:64 = va.SHADDX.u64 u2, #0x9c40 shift:0x0\n"
      "  %10:v3 = va.LOAD.i96.unsigned.slot0 %9 offset:0\n"
      "  %11:v2 = collect %8, %8.1\n"
      "  va.STORE.i64.slot0 %7, %11 offset:0\n"
      "  %13 = collect %12\n"
      "  va.STORE.i32.slot0 %7, %13 offset:12\n"
      "  %14 = collect %1\n"
      "  va.STORE.i32.slot0 u0, %14 offset:24\n"
      "  %15:v2 = collect u4, #0x0\n"
      "  va.STORE.i64.slot0 u0, %15 offset:0\n"
      "  %16 = collect %10\n"
      "  va.STORE.i32.slot0 u0, %16 offset:0\n"
      "  jump\n"
      "b2\n");
}

static void
test_buffer_indirect_index(void **state)
{
   (void)state;
   /* BUFFER[ADDR] selects the address words of every buffer; an image
    * index of 16 or more, or an indirect one, is a handle in a register
    * for LEA_TEX: (5 << 24) | index, the index clamped. */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL BUFFER[0..2]\n"
      "DCL IMAGE[0..17], 2D, PIPE_FORMAT_R32_FLOAT, WR\n"
      "DCL ADDR[0]\n"
      "DCL TEMP[0]\n"
      "  0: UARL ADDR[0].x, SV[0].yyyy\n"
      "  1: LOAD TEMP[0].x, BUFFER[ADDR[0].x], SV[0].xxxx\n"
      "  2: STORE IMAGE[ADDR[0].x+1], SV[0].xyyy, TEMP[0].xxxx, 2D,"
      " PIPE_FORMAT_R32_FLOAT\n"
      "  3: STORE IMAGE[17], SV[0].xyyy, TEMP[0].xxxx, 2D,"
      " PIPE_FORMAT_R32_FLOAT\n"
      "  4: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6 = csel.u.eq %3, #0x1, u2, u0\n"
      "  %7 = csel.u.eq %3, #0x0, u4, %6\n"
      "  %8 = csel.u.eq %3, #0x1, u3, u1\n"
      "  %9 = csel.u.eq %3, #0x0, u5, %8\n"
      "  %10:64 = collect %7, %9\n"
      "  %11:64 = va.SHADDX.u64 %10, %2 shift:0x0\n"
      "  %12 = va.LOAD.i32.unsigned.slot0 %11 offset:0\n"
      "  %13 = va.MKVEC.v2i16 %2.h0, %3.h0\n"
      "  %14 = iadd %3, #0x1\n"
      "  %15 = umin %14, #0x11\n"
      "  %16 = iadd %15, #0x5000000\n"
      "  %17:v3 = va.LEA_TEX.slot0 %13, #0x0, %16\n"
      "  %18:64 = collect %17, %17.1\n"
      "  %19:v4 = collect %12, %12, %12, %12\n"
      "  va.ST_CVT.slot0.v4.auto %18, %17.2, %19 offset:0x0\n"
      "  %20 = va.MKVEC.v2i16 %2.h0, %3.h0\n"
      "  %21:v3 = va.LEA_TEX.slot0 %20, #0x0, #0x5000011\n"
      "  %22:64 = collect %21, %21.1\n"
      "  %23:v4 = collect %12, %12, %12, %12\n"
      "  va.ST_CVT.slot0.v4.auto %22, %21.2, %23 offset:0x0\n"
      "  jump\n"
      "b2\n");
}

static void
test_atomics(void **state)
{
   (void)state;
   /* ATOM_RETURN.i32 with the operation; +1/-1 and max/or with 1 use
    * ATOM1_RETURN; CAS reads (new value, compared value). */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL BUFFER[0]\n"
      "DCL TEMP[0..3]\n"
      "IMM[0] UINT32 {4, 1, 4294967295, 0}\n"
      "  0: ATOMUADD TEMP[0].x, BUFFER[0], SV[0].xxxx, SV[0].yyyy\n"
      "  1: ATOMUADD TEMP[0].y, BUFFER[0], IMM[0].xxxx, IMM[0].yyyy\n"
      "  2: ATOMUADD TEMP[0].z, BUFFER[0], IMM[0].xxxx, IMM[0].zzzz\n"
      "  3: ATOMCAS TEMP[1].x, BUFFER[0], IMM[0].wwww, TEMP[0].xxxx,"
      " TEMP[0].yyyy\n"
      "  4: ATOMIMAX TEMP[1].y, BUFFER[0], IMM[0].wwww, IMM[0].yyyy\n"
      "  5: ATOMIMIN TEMP[1].z, BUFFER[0], IMM[0].wwww, IMM[0].yyyy\n"
      "  6: ATOMXCHG TEMP[1].w, BUFFER[0], IMM[0].wwww, TEMP[0].zzzz\n"
      "  7: ATOMAND TEMP[2].x, BUFFER[0], IMM[0].wwww, TEMP[0].zzzz\n"
      "  8: ATOMOR TEMP[2].y, BUFFER[0], IMM[0].wwww, IMM[0].yyyy\n"
      "  9: ATOMXOR TEMP[2].z, BUFFER[0], IMM[0].wwww, TEMP[0].zzzz\n"
      " 10: ATOMUMIN TEMP[2].w, BUFFER[0], IMM[0].wwww, TEMP[0].zzzz\n"
      " 11: ATOMUMAX TEMP[3].x, BUFFER[0], IMM[0].wwww, IMM[0].yyyy\n"
      " 12: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6:64 = va.SHADDX.u64 u0, %2 shift:0x0\n"
      "  %7 = va.ATOM_RETURN.i32.slot0.aadd %6, %3 offset:0x0\n"
      "  %8:64 = va.SHADDX.u64 u0, #0x4 shift:0x0\n"
      "  %9 = va.ATOM1_RETURN.i32.slot0.ainc %8 offset:0x0\n"
      "  %10 = va.ATOM1_RETURN.i32.slot0.adec %8 offset:0x0\n"
      "  %11:64 = va.SHADDX.u64 u0, #0x0 shift:0x0\n"
      "  %12:v2 = collect %9, %7\n"
      "  %13 = va.ATOM_RETURN.i32.slot0.compare.axchg %11, %12 offset:0x0\n"
      "  %14 = va.ATOM1_RETURN.i32.slot0.asmax1 %11 offset:0x0\n"
      "  %15 = va.ATOM_RETURN.i32.slot0.asmin %11, #0x1 offset:0x0\n"
      "  %16 = va.ATOM_RETURN.i32.slot0.axchg %11, %10 offset:0x0\n"
      "  %17 = va.ATOM_RETURN.i32.slot0.aand %11, %10 offset:0x0\n"
      "  %18 = va.ATOM1_RETURN.i32.slot0.aor1 %11 offset:0x0\n"
      "  %19 = va.ATOM_RETURN.i32.slot0.axor %11, %10 offset:0x0\n"
      "  %20 = va.ATOM_RETURN.i32.slot0.aumin %11, %10 offset:0x0\n"
      "  %21 = va.ATOM1_RETURN.i32.slot0.aumax1 %11 offset:0x0\n"
      "  jump\n"
      "b2\n");
}

static void
test_atomic_loops(void **state)
{
   (void)state;
   /* No float add or wrapping increment on Valhall: a compare-and-swap
    * loop per atomic, the old value flowing round the loop; the wrap
    * forms as tgsi.rst's formulas (INC_WRAP returns old + 1). */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL BUFFER[0]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] FLT32 {1.5, 0, 0, 0}\n"
      "  0: ATOMFADD TEMP[0].x, BUFFER[0], SV[0].xxxx, IMM[0].xxxx\n"
      "  1: ATOMINC_WRAP TEMP[0].y, BUFFER[0], SV[0].xxxx, SV[0].yyyy\n"
      "  2: ATOMDEC_WRAP TEMP[0].z, BUFFER[0], SV[0].xxxx, SV[0].yyyy\n"
      "  3: STORE BUFFER[0].xyz, SV[0].xxxx, TEMP[0]\n"
      "  4: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6:64 = va.SHADDX.u64 u0, %2 shift:0x0\n"
      "  %7 = va.LOAD.i32.unsigned.slot0 %6 offset:0\n"
      "  jump\n"
      "b2 loop -> b4 b3\n"
      "  %8 = phi b1:%7, b3:%11\n"
      "  %9 = fadd %8, #0x3fc00000\n"
      "  %10:v2 = collect %9, %8\n"
      "  %11 = va.ATOM_RETURN.i32.slot0.compare.axchg %6, %10 offset:0x0\n"
      "  %12 = icmp.u.eq.m1 %11, %8\n"
      "  branch %12\n"
      "b3 -> b2\n"
      "  jump\n"
      "b4 -> b5\n"
      "  %13:64 = va.SHADDX.u64 u0, %2 shift:0x0\n"
      "  %14 = va.LOAD.i32.unsigned.slot0 %13 offset:0\n"
      "  jump\n"
      "b5 loop -> b7 b6\n"
      "  %15 = phi b4:%14, b6:%19\n"
      "  %16 = iadd %15, #0x1\n"
      "  %17 = csel.u.lt %16, %3, %16, #0x0\n"
      "  %18:v2 = collect %17, %15\n"
      "  %19 = va.ATOM_RETURN.i32.slot0.compare.axchg %13, %18 offset:0x0\n"
      "  %20 = icmp.u.eq.m1 %19, %15\n"
      "  branch %20\n"
      "b6 -> b5\n"
      "  jump\n"
      "b7 -> b8\n"
      "  %21 = iadd %19, #0x1\n"
      "  %22:64 = va.SHADDX.u64 u0, %2 shift:0x0\n"
      "  %23 = va.LOAD.i32.unsigned.slot0 %22 offset:0\n"
      "  jump\n"
      "b8 loop -> b10 b9\n"
      "  %24 = phi b7:%23, b9:%29\n"
      "  %25 = isub %24, #0x1\n"
      "  %26 = csel.u.lt %24, %3, %25, #0x0\n"
      "  %27 = csel.u.eq %24, #0x0, #0x0, %26\n"
      "  %28:v2 = collect %27, %24\n"
      "  %29 = va.ATOM_RETURN.i32.slot0.compare.axchg %22, %28 offset:0x0\n"
      "  %30 = icmp.u.eq.m1 %29, %24\n"
      "  branch %30\n"
      "b9 -> b8\n"
      "  jump\n"
      "b10 -> b11\n"
      "  %31:64 = va.SHADDX.u64 u0, %2 shift:0x0\n"
      "  %32:v3 = collect %11, %21, %29\n"
      "  va.STORE.i96.slot0 %31, %32 offset:0\n"
      "  jump\n"
      "b11\n");
}

static void
test_shared_memory(void **state)
{
   (void)state;
   /* Addresses from workgroup_local_pointer; atomics take theirs in
    * registers. */
   expect_translation(
      "COMP\n"
      "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL MEMORY[1], SHARED\n"
      "DCL TEMP[0]\n"
      "IMM[0] UINT32 {8, 2, 0, 0}\n"
      "  0: SHL TEMP[0].x, SV[0].xxxx, IMM[0].yyyy\n"
      "  1: STORE MEMORY[0].xy, TEMP[0].xxxx, SV[0].xyxx\n"
      "  2: BARRIER\n"
      "  3: LOAD TEMP[0].x, MEMORY[0], IMM[0].xxxx\n"
      "  4: ATOMUMAX TEMP[0].y, MEMORY[0], IMM[0].zzzz, TEMP[0].xxxx\n"
      "  5: STORE MEMORY[0].x, IMM[0].zzzz, TEMP[0].yyyy\n"
      "  6: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6 = shl %2, #0x2\n"
      "  %7:64 = va.SHADDX.u64 workgroup_local_pointer, %6 shift:0x0\n"
      "  %8:v2 = collect %2, %3\n"
      "  va.STORE.i64.slot0 %7, %8 offset:0\n"
      "  va.BARRIER.slot0\n"
      "  %9 = va.LOAD.i32.unsigned.slot0 workgroup_local_pointer offset:8\n"
      "  %10:64 = va.SHADDX.u64 workgroup_local_pointer, #0x0 shift:0x0\n"
      "  %11 = va.ATOM_RETURN.i32.slot0.aumax %10, %9 offset:0x0\n"
      "  %12 = collect %11\n"
      "  va.STORE.i32.slot0 workgroup_local_pointer, %12 offset:0\n"
      "  jump\n"
      "b2\n");
}

static void
test_images(void **state)
{
   (void)state;
   /* LD_TEX_IMM in the declared format's register format (UNORM: f32,
    * UINT: u32, SINT: s32); 16-bit coordinate pairs xy, (0, layer); a
    * buffer image passes x whole; stores and atomics go through
    * LEA_TEX_IMM, stores as ST_CVT.v4.auto. */
   expect_translation(
      "COMP\n"
      "DCL SV[0], THREAD_ID\n"
      "DCL IMAGE[0], 2D, PIPE_FORMAT_R8G8B8A8_UNORM\n"
      "DCL IMAGE[1], 2D_ARRAY, PIPE_FORMAT_R32_UINT, WR\n"
      "DCL IMAGE[2], BUFFER, PIPE_FORMAT_R32G32_SINT\n"
      "DCL IMAGE[3], 2D, PIPE_FORMAT_NONE, WR\n"
      "DCL TEMP[0..3]\n"
      "IMM[0] UINT32 {3, 7, 1, 0}\n"
      "  0: LOAD TEMP[0], IMAGE[0], SV[0].xyyy, 2D,"
      " PIPE_FORMAT_R8G8B8A8_UNORM\n"
      "  1: LOAD TEMP[1].x, IMAGE[1], SV[0], 2D_ARRAY, PIPE_FORMAT_R32_UINT\n"
      "  2: LOAD TEMP[2].xy, IMAGE[2], SV[0].xxxx, BUFFER,"
      " PIPE_FORMAT_R32G32_SINT\n"
      "  3: STORE IMAGE[3], IMM[0].xyyy, TEMP[0], 2D, PIPE_FORMAT_NONE\n"
      "  4: ATOMUADD TEMP[3].x, IMAGE[1], IMM[0].xyzz, IMM[0].xxxx, 2D_ARRAY,"
      " PIPE_FORMAT_R32_UINT\n"
      "  5: RESQ TEMP[3].yzw, IMAGE[1], 2D_ARRAY, PIPE_FORMAT_R32_UINT\n"
      "  6: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "  %1 = preload imm=55\n"
      "  %2 = and %1, #0xffff\n"
      "  %3 = ushr %1, #0x10\n"
      "  %4 = preload imm=56\n"
      "  %5 = and %4, #0xffff\n"
      "b1 -> b2\n"
      "  %6 = va.MKVEC.v2i16 %2.h0, %3.h0\n"
      "  %7:v4 = va.LD_TEX_IMM.v4.f32.slot0 %6, #0x0 index:0x0 table:0x5\n"
      "  %8 = va.MKVEC.v2i16 %2.h0, %3.h0\n"
      "  %9 = shl %5, #0x10\n"
      "  %10 = va.LD_TEX_IMM.u32.slot0 %8, %9 index:0x1 table:0x5\n"
      "  %11:v2 = va.LD_TEX_IMM.v2.s32.slot0 %2, #0x0 index:0x2 table:0x5\n"
      "  %12:v3 = va.LEA_TEX_IMM.slot0 #0x70003, #0x0 table:0x5 index:0x3\n"
      "  %13:64 = collect %12, %12.1\n"
      "  %14:v4 = collect %7, %7.1, %7.2, %7.3\n"
      "  va.ST_CVT.slot0.v4.auto %13, %12.2, %14 offset:0x0\n"
      "  %15:v3 = va.LEA_TEX_IMM.slot0 #0x70003, #0x10000 table:0x5 index:0x1\n"
      "  %16:64 = collect %15, %15.1\n"
      "  %17 = va.ATOM_RETURN.i32.slot0.aadd %16, #0x3 offset:0x0\n"
      "  jump\n"
      "b2\n");
}

static void
test_interpolation(void **state)
{
   (void)state;
   /* Centroid: r61 and .centroid; sample: index << 16 and .sample;
    * offset: (offset * 256 + 128) as two s16 and .explicit; a flat input
    * loads its flat value; an indexed input selects its byte offset for
    * LD_VAR_BUF. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL IN[1], GENERIC[1], CONSTANT\n"
      "DCL IN[2..3], ARRAY(1), GENERIC[2], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL ADDR[0]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] FLT32 {0.25, -0.125, 0, 0}\n"
      "IMM[1] UINT32 {2, 0, 0, 0}\n"
      "  0: INTERP_CENTROID TEMP[0].xy, IN[0].yxxx\n"
      "  1: INTERP_SAMPLE TEMP[0].z, -IN[0].zzzz, IMM[1].xxxx\n"
      "  2: INTERP_OFFSET TEMP[0].w, IN[0].wwww, IMM[0].xyyy\n"
      "  3: INTERP_OFFSET TEMP[1].xy, IN[1].xyyy, IMM[0].xyyy\n"
      "  4: UARL ADDR[0].x, TEMP[0].xxxx\n"
      "  5: INTERP_CENTROID TEMP[1].zw, IN[ADDR[0].x+2](1).xxxy\n"
      "  6: ADD OUT[0], TEMP[0], TEMP[1]\n"
      "  7: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %19 = preload imm=60\n"
      "b1 -> b2\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.centroid.store"
      " %1 index:0x0\n"
      "  %3 = shl #0x2, #0x10\n"
      "  %4:v3 = va.LD_VAR_BUF_IMM.f32.slot0.v3.src_f32.sample.store %3"
      " index:0x0\n"
      "  %5 = mov -%4.2\n"
      "  %6 = fma #0x3e800000, #0x43800000, #0x43000000\n"
      "  %7 = fma #0xbe000000, #0x43800000, #0x43000000\n"
      "  %8 = va.V2F32_TO_V2F16 %6, %7\n"
      "  %9 = va.V2F16_TO_V2S16 %8\n"
      "  %10:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.explicit.store"
      " %9 index:0x0\n"
      "  %11:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_flat32.center.store"
      " %1 index:0x10\n"
      "  %12 = iadd %2.1, #0x2\n"
      "  %13 = csel.u.eq %12, #0x2, #0x20, #0x30\n"
      "  %14:v2 = va.LD_VAR_BUF.f32.slot0.v2.src_f32.centroid.store %1, %13\n"
      "  %15 = fadd %2.1, %11\n"
      "  %16 = fadd %2, %11.1\n"
      "  %17 = fadd %5, %14\n"
      "  %18 = fadd %10.3, %14.1\n"
      "  jump\n"
      "b2\n"
      "  %20 = va.ATEST %19, %18, atest_datum.w0\n"
      "  %21:v4 = collect %15, %16, %17, %18\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %20, %21 target:0x0\n");
}

static void
test_layout(void **state)
{
   (void)state;
   /* A 64-bit address is an even push word and the next one: an odd
    * length is padded with a copy of the last word.  The sysval buffer
    * comes after the user's (index 1 here). */
   static const char tgsi[] =
      "FRAG\n"
      "DCL BUFFER[0]\n"
      "DCL IMAGE[0], 2D_ARRAY, PIPE_FORMAT_R32_UINT\n"
      "DCL CONST[0][0]\n"
      "DCL OUT[0], COLOR\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] UINT32 {0, 0, 0, 0}\n"
      "  0: MOV TEMP[0].x, CONST[0][0].xxxx\n"
      "  1: STORE BUFFER[0].x, IMM[0].xxxx, TEMP[0].xxxx\n"
      "  2: RESQ TEMP[0].x, BUFFER[0]\n"
      "  3: RESQ TEMP[1], IMAGE[0], 2D_ARRAY, PIPE_FORMAT_R32_UINT\n"
      "  4: UADD OUT[0], TEMP[0].xxxx, TEMP[1]\n"
      "  5: END\n";
   struct arena a;
   arena_init(&a, 0);
   const struct ir_layout *l = layout_of(&a, tgsi);
   assert_int_equal(l->push.len, 9);
   expect_push(l, 0, 0, 0);
   expect_push(l, 1, 0, 0);  /* padding */
   expect_push(l, 2, 1, 0);  /* BUFFER[0] address */
   expect_push(l, 3, 1, 4);
   expect_push(l, 4, 1, 8);  /* BUFFER[0] size */
   expect_push(l, 5, 1, 16); /* IMAGE[0] width, height, layers, samples */
   expect_push(l, 8, 1, 28);
   assert_int_equal(l->sysvals.len, 2);
   expect_sysval(l, 0, IR_SYSVAL_BUFFER, 0);
   expect_sysval(l, 1, IR_SYSVAL_IMAGE_SIZE, 0);
   assert_true(l->writes_memory);
   arena_finish(&a);
   expect_translation(tgsi, "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %6 = preload imm=60\n"
      "b1 -> b2\n"
      "  %1 = collect u0\n"
      "  va.STORE.i32.slot0 u2, %1 offset:0\n"
      "  %2 = iadd u4, u5\n"
      "  %3 = iadd u4, u6\n"
      "  %4 = iadd u4, u7\n"
      "  %5 = iadd u4, u8\n"
      "  jump\n"
      "b2\n"
      "  %7 = va.ATEST %6, %5, atest_datum.w0\n"
      "  %8:v4 = collect %2, %3, %4, %5\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %7, %8 target:0x0\n");
}

static void
test_thread_local_array(void **state)
{
   (void)state;
   /* An indirectly addressed array of more than 16 elements lives in
    * thread-local storage, 16 bytes per element: a constant element is
    * the pointer with its byte in the immediate (no SHADDX); a computed
    * one adds the clamped element offset by SHADDX and keeps the
    * channel's byte in the immediate.  An instruction's writes of
    * consecutive channels are one STORE where their first channel is
    * aligned to their size (xy here; the w alone). */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], CONSTANT\n"
      "DCL OUT[0], COLOR\n"
      "DCL TEMP[0..16], ARRAY(1), LOCAL\n"
      "DCL ADDR[0]\n"
      "  0: MOV TEMP[3].xy, IN[0]\n"
      "  1: UARL ADDR[0].x, IN[0].zzzz\n"
      "  2: MOV OUT[0].x, TEMP[ADDR[0].x+2](1).yyyy\n"
      "  3: MOV TEMP[ADDR[0].x](1).w, IN[0].xxxx\n"
      "  4: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_flat32.center.store"
      " %1 index:0x0\n"
      "  %15 = undef\n"
      "  %16 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:v2 = collect %2, %2.1\n"
      "  va.STORE.i64.force.slot0 thread_local_pointer, %3 offset:48\n"
      "  %4 = iadd %2.2, #0x2\n"
      "  %5 = isub %4, #0x0\n"
      "  %6 = umin %5, #0x10\n"
      "  %7 = shl %6, #0x4\n"
      "  %8:64 = va.SHADDX.u64 thread_local_pointer, %7 shift:0x0\n"
      "  %9 = va.LOAD.i32.force.slot0 %8 offset:4\n"
      "  %10 = isub %2.2, #0x0\n"
      "  %11 = umin %10, #0x10\n"
      "  %12 = shl %11, #0x4\n"
      "  %13:64 = va.SHADDX.u64 thread_local_pointer, %12 shift:0x0\n"
      "  %14 = collect %2\n"
      "  va.STORE.i32.force.slot0 %13, %14 offset:12\n"
      "  jump\n"
      "b2\n"
      "  %17 = va.ATEST %16, %15, atest_datum.w0\n"
      "  %18:v4 = collect %9, %15, %15, %15\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %17, %18 target:0x0\n");
   /* A whole element through an address is one STORE.i128, three from x
    * one STORE.i96 and zw one STORE.i64 at byte 8; y and z, a run that
    * starts at a word no 8-byte store may start at, two STORE.i32. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], CONSTANT\n"
      "DCL OUT[0], COLOR\n"
      "DCL TEMP[0..16], ARRAY(1), LOCAL\n"
      "DCL ADDR[0]\n"
      "  0: UARL ADDR[0].x, IN[0].wwww\n"
      "  1: MOV TEMP[ADDR[0].x](1), IN[0]\n"
      "  2: MOV TEMP[1].xyz, IN[0]\n"
      "  3: MOV TEMP[2].zw, IN[0]\n"
      "  4: MOV TEMP[4].yz, IN[0]\n"
      "  5: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_flat32.center.store"
      " %1 index:0x0\n"
      "  %12 = undef\n"
      "  %13 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = isub %2.3, #0x0\n"
      "  %4 = umin %3, #0x10\n"
      "  %5 = shl %4, #0x4\n"
      "  %6:64 = va.SHADDX.u64 thread_local_pointer, %5 shift:0x0\n"
      "  %7:v4 = collect %2, %2.1, %2.2, %2.3\n"
      "  va.STORE.i128.force.slot0 %6, %7 offset:0\n"
      "  %8:v3 = collect %2, %2.1, %2.2\n"
      "  va.STORE.i96.force.slot0 thread_local_pointer, %8 offset:16\n"
      "  %9:v2 = collect %2.2, %2.3\n"
      "  va.STORE.i64.force.slot0 thread_local_pointer, %9 offset:40\n"
      "  %10 = collect %2.1\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %10 offset:68\n"
      "  %11 = collect %2.2\n"
      "  va.STORE.i32.force.slot0 thread_local_pointer, %11 offset:72\n"
      "  jump\n"
      "b2\n"
      "  %14 = va.ATEST %13, #0x3f800000, atest_datum.w0\n");
}

static void
test_shared_size(void **state)
{
   (void)state;
   /* TGSI gives shared memory no size: the layout records the end of the
    * highest constant-addressed access (the STORE.i64 at 16 here). */
   struct arena a;
   arena_init(&a, 0);
   const struct ir_layout *l = layout_of(
      &a, "COMP\n"
          "DCL SV[0], THREAD_ID\n"
          "DCL MEMORY[1], SHARED\n"
          "DCL TEMP[0]\n"
          "IMM[0] UINT32 {16, 4, 0, 0}\n"
          "  0: STORE MEMORY[0].xy, IMM[0].xxxx, SV[0].xyxx\n"
          "  1: ATOMUADD TEMP[0].x, MEMORY[0], IMM[0].yyyy, IMM[0].yyyy\n"
          "  2: LOAD TEMP[0].x, MEMORY[0], SV[0].xxxx\n"
          "  3: END\n");
   assert_int_equal(l->shared_bytes, 24);
   assert_true(l->writes_memory);
   arena_finish(&a);
}

static void
test_loads_alone_do_not_write_memory(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   const struct ir_layout *l = layout_of(
      &a, "COMP\n"
          "DCL BUFFER[0]\n"
          "DCL TEMP[0]\n"
          "IMM[0] UINT32 {0, 0, 0, 0}\n"
          "  0: LOAD TEMP[0].x, BUFFER[0], IMM[0].xxxx\n"
          "  1: END\n");
   assert_false(l->writes_memory);
   arena_finish(&a);
}

/* One error case: a compute shader with `decls` and `insn` (numbered 0,
 * then END) must fail with `message`. */
static void
expect_cs_error(const char *decls, const char *insn, const char *message)
{
   char text[1024];
   snprintf(text, sizeof(text),
            "COMP\n%sDCL TEMP[0]\nIMM[0] UINT32 {1, 0, 0, 0}\n"
            "  0: %s\n  1: END\n",
            decls, insn);
   expect_translation_error(text, message);
}

static void
test_memory_errors(void **state)
{
   (void)state;
   expect_cs_error("DCL HWATOMIC[0][0]\n",
                   "ATOMUADD TEMP[0].x, HWATOMIC[0][0], IMM[0].yyyy, "
                   "IMM[0].xxxx",
                   "HWATOMIC: hardware atomic counters are not supported");
   expect_cs_error("DCL MEMORY[0], GLOBAL\n",
                   "LOAD TEMP[0].x, MEMORY[0], IMM[0].yyyy",
                   "GLOBAL memory: only SHARED memory is supported");
   expect_cs_error("DCL BUFFER[0]\n", "LOAD TEMP[0].x, BUFFER[1], IMM[0].yyyy",
                   "BUFFER[1] is not declared");
   expect_cs_error("", "STORE BUFFER[0].x, IMM[0].yyyy, IMM[0].xxxx",
                   "BUFFER is not declared");
   expect_cs_error("DCL MEMORY[0], SHARED\n", "RESQ TEMP[0].x, MEMORY[0]",
                   "RESQ of shared memory");
   expect_cs_error("DCL SAMP[0]\n", "LOAD TEMP[0].x, SAMP[0], IMM[0].yyyy",
                   "SAMP is not a memory resource");
   expect_cs_error("DCL IMAGE[0], 2D_MSAA, PIPE_FORMAT_R32_FLOAT\n",
                   "LOAD TEMP[0].x, IMAGE[0], IMM[0].yyyy, 2D_MSAA, "
                   "PIPE_FORMAT_R32_FLOAT",
                   "multisampled images are not supported");
   expect_cs_error("DCL IMAGE[0], 2D, PIPE_FORMAT_NONE\n",
                   "LOAD TEMP[0].x, IMAGE[0], IMM[0].yyyy, 2D",
                   "LOAD from IMAGE[0], which has no format");
   expect_cs_error("DCL IMAGE[0], 2D, PIPE_FORMAT_R32_FLOAT\n",
                   "STORE IMAGE[1], IMM[0].yyyy, IMM[0].xxxx, 2D",
                   "IMAGE[1] is not declared");
   expect_translation_error(
      "FRAG\nDCL MEMORY[0], SHARED\nDCL TEMP[0]\n"
      "IMM[0] UINT32 {1, 0, 0, 0}\n"
      "  0: LOAD TEMP[0].x, MEMORY[0], IMM[0].yyyy\n  1: END\n",
      "shared memory outside a compute shader");
}

static void
test_interpolation_errors(void **state)
{
   (void)state;
   expect_translation_error(
      "FRAG\nDCL IN[0], POSITION, LINEAR\nDCL TEMP[0]\n"
      "  0: INTERP_CENTROID TEMP[0], IN[0]\n  1: END\n",
      "POSITION[0] is a system value and cannot be interpolated");
   expect_translation_error(
      "VERT\nDCL IN[0]\nDCL TEMP[0]\n"
      "  0: INTERP_CENTROID TEMP[0], IN[0]\n  1: END\n",
      "INTERP_CENTROID outside a fragment shader");
   expect_translation_error(
      "FRAG\nDCL TEMP[0]\n"
      "  0: INTERP_SAMPLE TEMP[0], TEMP[0], TEMP[0].xxxx\n  1: END\n",
      "INTERP_SAMPLE interpolates an input, not TEMP");
   expect_translation_error(
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL IN[1], GENERIC[1], CONSTANT\nDCL ADDR[0]\nDCL TEMP[0]\n"
      "  0: INTERP_CENTROID TEMP[0], IN[ADDR[0].x]\n  1: END\n",
      "indexed interpolation over flat and interpolated inputs");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buffer_load_store),
      cmocka_unit_test(test_buffer_indirect_index),
      cmocka_unit_test(test_atomics),
      cmocka_unit_test(test_atomic_loops),
      cmocka_unit_test(test_shared_memory),
      cmocka_unit_test(test_images),
      cmocka_unit_test(test_interpolation),
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_thread_local_array),
      cmocka_unit_test(test_shared_size),
      cmocka_unit_test(test_loads_alone_do_not_write_memory),
      cmocka_unit_test(test_memory_errors),
      cmocka_unit_test(test_interpolation_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
