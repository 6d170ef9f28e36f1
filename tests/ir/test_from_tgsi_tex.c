/* SPDX-License-Identifier: MIT */
/*
 * TGSI -> IR: texture opcodes.  One case per opcode family and target
 * kind, checking the whole message (descriptor word, staging registers in
 * order, modifiers, result registers and where each lands), then the
 * errors.  docs/abi.md ("Textures") states the layouts checked here.
 */
#include "translate_test.h"

static void
test_tex_2d_fragment(void **state)
{
   (void)state;
   /* A fragment TEX computes its LOD and may skip helper lanes; the write
    * mask .xy asks for two registers, and the unwritten channels stay 0. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL TEMP[0]\n"
      "  0: TEX TEMP[0].xy, IN[0].xyyy, SAMP[0], 2D\n"
      "  1: MOV OUT[0], TEMP[0]\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %6 = undef\n"
      "  %7 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v2 = collect %2, %2.1\n"
      "  %5:v2 = va.TEX_SINGLE.slot0.skip.f.32.rg.2d.computed %3, %4\n"
      "  jump\n"
      "b2\n"
      "  %8 = va.ATEST %7, %6, atest_datum.w0\n"
      "  %9:v4 = collect %5, %5.1, %6, %6\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %8, %9 target:0x0\n");
}

static void
test_tex_shadow(void **state)
{
   (void)state;
   /* SHADOW2D: the reference (src0.z) follows X and Y. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], SHADOW2D, FLOAT\n"
      "DCL TEMP[0]\n"
      "  0: TEX TEMP[0], IN[0].xyzz, SAMP[0], SHADOW2D\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v3 = va.LD_VAR_BUF_IMM.f32.slot0.v3.src_f32.center.store %1"
      " index:0x0\n"
      "  %6 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v3 = collect %2, %2.1, %2.2\n"
      "  %5:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.shadow.computed %3, %4\n"
      "  jump\n"
      "b2\n"
      "  %7 = va.ATEST %6, #0x3f800000, atest_datum.w0\n");
}

static void
test_tex_cube(void **state)
{
   (void)state;
   /* Cube maps: face coordinates in [0, 1], the face in bits 29-31 of X. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], CUBE, FLOAT\n"
      "DCL TEMP[0]\n"
      "  0: TEX TEMP[0].x, IN[0].xyzz, SAMP[0], CUBE\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v3 = va.LD_VAR_BUF_IMM.f32.slot0.v3.src_f32.center.store %1"
      " index:0x0\n"
      "  %17 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = va.CUBEFACE1 %2, %2.1, %2.2\n"
      "  %4 = va.CUBEFACE2 %2, %2.1, %2.2\n"
      "  %5 = va.CUBE_SSEL %2.2, %2, %4\n"
      "  %6 = va.CUBE_TSEL %2.1, %2.2, %4\n"
      "  %7 = frcp %3\n"
      "  %8 = fmul %7, #0x3f000000\n"
      "  %9 = fma.sat %8, %5, #0x3f000000\n"
      "  %10 = fma.sat %8, %6, #0x3f000000\n"
      "  %11 = and %4, #0xe0000000\n"
      "  %12 = and %9, #0x1fffffff\n"
      "  %13 = or %12, %11\n"
      "  %14:64 = collect #0x20001800, #0x0\n"
      "  %15:v2 = collect %13, %10\n"
      "  %16 = va.TEX_SINGLE.slot0.skip.f.32.r.cube.computed %14, %15\n"
      "  jump\n"
      "b2\n"
      "  %18 = va.ATEST %17, #0x3f800000, atest_datum.w0\n");
}

static void
test_txp_shadow_rect(void **state)
{
   (void)state;
   /* TXP divides the coordinates and the reference by src0.w; RECT
    * coordinates stay unnormalized. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], SHADOWRECT, FLOAT\n"
      "DCL TEMP[0]\n"
      "  0: TXP TEMP[0].x, IN[0], SAMP[0], SHADOWRECT\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store %1"
      " index:0x0\n"
      "  %10 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = frcp %2.3\n"
      "  %4 = fmul %2, %3\n"
      "  %5 = fmul %2.1, %3\n"
      "  %6 = fmul %2.2, %3\n"
      "  %7:64 = collect #0x20001800, #0x0\n"
      "  %8:v3 = collect %4, %5, %6\n"
      "  %9 = va.TEX_SINGLE.slot0.skip.f.32.r.2d.shadow.computed %7, %8\n"
      "  jump\n"
      "b2\n"
      "  %11 = va.ATEST %10, #0x3f800000, atest_datum.w0\n");
}

static void
test_tex_offsets(void **state)
{
   (void)state;
   /* Constant texel offsets (-1, 2) become the offset word 0x2ff. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL TEMP[0]\n"
      "IMM[0] INT32 {-1, 2, 0, 0}\n"
      "  0: TEX TEMP[0], IN[0].xyyy, SAMP[0], 2D, IMM[0].xyz\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %6 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v3 = collect %2, %2.1, #0x2ff\n"
      "  %5:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.texel_offset.computed %3,"
      " %4\n"
      "  jump\n"
      "b2\n"
      "  %7 = va.ATEST %6, #0x3f800000, atest_datum.w0\n");
}

static void
test_txb_array_bias(void **state)
{
   (void)state;
   /* TXB on a 1D array: X, the layer, then the bias as s8.8 (-1.5 is
    * 0xfe80), folded when constant. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 1D_ARRAY, FLOAT\n"
      "DCL TEMP[0]\n"
      "IMM[0] FLT32 {    0.5000,     3.0000,     0.0000,    -1.5000}\n"
      "  0: TXB TEMP[0], IMM[0], SAMP[0], 1D_ARRAY\n"
      "  1: TXB TEMP[0], IN[0], SAMP[0], 1D_ARRAY\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %4 = preload imm=61\n"
      "  %5:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store %4"
      " index:0x0\n"
      "  %13 = preload imm=60\n"
      "b1 -> b2\n"
      "  %1:64 = collect #0x20001800, #0x0\n"
      "  %2:v3 = collect #0x3f000000, #0x40400000, #0xfe80\n"
      "  %3:v4 = va.TEX_SINGLE.slot0.skip.f.32.1d.array_enable.computed_bias"
      " %1, %2\n"
      "  %6 = fmul.clamp_m1_1 %5.3, #0x3d800000\n"
      "  %7 = fmul %6, #0x45800000\n"
      "  %8 = f2i %7\n"
      "  %9 = and %8, #0xffff\n"
      "  %10:64 = collect #0x20001800, #0x0\n"
      "  %11:v3 = collect %5, %5.1, %9\n"
      "  %12:v4 = va.TEX_SINGLE.slot0.skip.f.32.1d.array_enable.computed_bias"
      " %10, %11\n"
      "  jump\n"
      "b2\n"
      "  %14 = va.ATEST %13, #0x3f800000, atest_datum.w0\n");
}

static void
test_tg4_component_and_offsets(void **state)
{
   (void)state;
   /* TG4 gathers component 2 (.gather4_b) with run-time offsets. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D_ARRAY, SINT\n"
      "DCL CONST[0][0]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] INT32 {2, 0, 0, 0}\n"
      "  0: MOV TEMP[1].xy, CONST[0][0].xyyy\n"
      "  1: TG4 TEMP[0], IN[0].xyzz, IMM[0].xxxx, SAMP[0], 2D_ARRAY,"
      " TEMP[1].xyy\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v3 = va.LD_VAR_BUF_IMM.f32.slot0.v3.src_f32.center.store %1"
      " index:0x0\n"
      "  %10 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = and u0, #0xff\n"
      "  %4 = and u1, #0xff\n"
      "  %5 = shl %4, #0x8\n"
      "  %6 = or %3, %5\n"
      "  %7:64 = collect #0x20001800, #0x0\n"
      "  %8:v4 = collect %2, %2.1, %2.2, %6\n"
      "  %9:v4 = "
      "va.TEX_GATHER.slot0.skip.s.32.2d.array_enable.texel_offset.gather4_b "
      "%7, %8\n"
      "  jump\n"
      "b2\n"
      "  %11 = va.ATEST %10, #0x3f800000, atest_datum.w0\n");
}

static void
test_txq_array_at_level(void **state)
{
   (void)state;
   /* TXQ at a run-time level: width and height shift, layers and levels do
    * not. */
   expect_translation(
      "FRAG\n"
      "DCL OUT[0], COLOR\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D_ARRAY, FLOAT\n"
      "DCL CONST[0][0]\n"
      "DCL TEMP[0]\n"
      "  0: TXQ TEMP[0], CONST[0][0].xxxx, SAMP[0], 2D_ARRAY\n"
      "  1: MOV OUT[0], TEMP[0]\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %5 = preload imm=60\n"
      "b1 -> b2\n"
      "  %1 = ushr u1, u0\n"
      "  %2 = umax %1, #0x1\n"
      "  %3 = ushr u2, u0\n"
      "  %4 = umax %3, #0x1\n"
      "  jump\n"
      "b2\n"
      "  %6 = va.ATEST %5, u4, atest_datum.w0\n"
      "  %7:v4 = collect %2, %4, u3, u4\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %6, %7 target:0x0\n");
}

static void
test_lodq(void **state)
{
   (void)state;
   /* LODQ: x is the level sampled, y the computed LOD with the sampler's
    * bias. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL TEMP[0]\n"
      "  0: LODQ TEMP[0].xy, IN[0].xyyy, SAMP[0], 2D\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %32 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = fddx %2\n"
      "  %4 = fddy %2\n"
      "  %5 = fddx %2.1\n"
      "  %6 = fddy %2.1\n"
      "  %7 = u2f u0\n"
      "  %8 = u2f u1\n"
      "  %9 = fmul %3, %7\n"
      "  %10 = fmul %9, %9\n"
      "  %11 = fmul %5, %8\n"
      "  %12 = fma %11, %11, %10\n"
      "  %13 = fmul %4, %7\n"
      "  %14 = fmul %13, %13\n"
      "  %15 = fmul %6, %8\n"
      "  %16 = fma %15, %15, %14\n"
      "  %17 = fmax %12, %16\n"
      "  %18 = flog2 %17\n"
      "  %19 = fmul %18, #0x3f000000\n"
      "  %20 = fadd %19, u2\n"
      "  %21 = fmax %20, u3\n"
      "  %22 = fmin %21, u4\n"
      "  %23 = isub u6, #0x1\n"
      "  %24 = u2f %23\n"
      "  %25 = fadd %22, #0x3f000000\n"
      "  %26 = fceil %25\n"
      "  %27 = fadd %26, #0xbf800000\n"
      "  %28 = csel.u.eq u5, #0x2, %22, %27\n"
      "  %29 = fmax %28, #0x0\n"
      "  %30 = fmin %29, %24\n"
      "  %31 = csel.u.eq u5, #0x0, #0x0, %30\n"
      "  jump\n"
      "b2\n"
      "  %33 = va.ATEST %32, #0x3f800000, atest_datum.w0\n");
}

static void
test_txd_2d(void **state)
{
   (void)state;
   /* TXD: the LOD from the gradients scaled to texels, then an explicit-LOD
    * message. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL CONST[0][0]\n"
      "DCL TEMP[0]\n"
      "  0: TXD TEMP[0], IN[0].xyyy, CONST[0][0].xyyy, CONST[0][0].zwww,"
      " SAMP[0], 2D\n"
      "  1: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %23 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = u2f u4\n"
      "  %4 = u2f u5\n"
      "  %5 = fmul u0, %3\n"
      "  %6 = fmul %5, %5\n"
      "  %7 = fmul u2, %4\n"
      "  %8 = fma %7, %7, %6\n"
      "  %9 = fmul u1, %3\n"
      "  %10 = fmul %9, %9\n"
      "  %11 = fmul u3, %4\n"
      "  %12 = fma %11, %11, %10\n"
      "  %13 = fmax %8, %12\n"
      "  %14 = flog2 %13\n"
      "  %15 = fmul %14, #0x3f000000\n"
      "  %16 = fmul.clamp_m1_1 %15, #0x3d800000\n"
      "  %17 = fmul %16, #0x45800000\n"
      "  %18 = f2i %17\n"
      "  %19 = and %18, #0xffff\n"
      "  %20:64 = collect #0x20001800, #0x0\n"
      "  %21:v3 = collect %2, %2.1, %19\n"
      "  %22:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.explicit %20, %21\n"
      "  jump\n"
      "b2\n"
      "  %24 = va.ATEST %23, #0x3f800000, atest_datum.w0\n");
}

static void
test_indirect_sampler(void **state)
{
   (void)state;
   /* SAMP[ADDR[0].x+1]: the unit is clamped to the declared ones and or-ed
    * into the descriptor word as texture and sampler. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0..3]\n"
      "DCL SVIEW[0..3], 2D, FLOAT\n"
      "DCL CONST[0][0]\n"
      "DCL TEMP[0]\n"
      "DCL ADDR[0]\n"
      "  0: UARL ADDR[0].x, CONST[0][0].xxxx\n"
      "  1: TEX TEMP[0], IN[0].xyyy, SAMP[ADDR[0].x+1], 2D\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %3 = preload imm=61\n"
      "  %4:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %3"
      " index:0x0\n"
      "  %11 = preload imm=60\n"
      "b1 -> b2\n"
      "  %1 = iadd u0, #0x1\n"
      "  %2 = umin %1, #0x3\n"
      "  %5 = shl %2, #0x10\n"
      "  %6 = or #0x20001800, %5\n"
      "  %7 = or %6, %2\n"
      "  %8:64 = collect %7, #0x0\n"
      "  %9:v2 = collect %4, %4.1\n"
      "  %10:v4 = va.TEX_SINGLE.slot0.skip.f.32.2d.computed %8, %9\n"
      "  jump\n"
      "b2\n"
      "  %12 = va.ATEST %11, #0x3f800000, atest_datum.w0\n");
}

static void
test_txf_array_msaa(void **state)
{
   (void)state;
   /* TXF: the level in bits 24-31 of the offset word, a multisample
    * index in bits 16-31; TXF_LZ needs no offset word. */
   expect_translation(
      "COMP\n"
      "DCL SAMP[0..1]\n"
      "DCL SVIEW[0], 2D_ARRAY, UINT\n"
      "DCL SVIEW[1], 2D_MSAA, SINT\n"
      "DCL CONST[0][0]\n"
      "DCL TEMP[0..1]\n"
      "IMM[0] INT32 {1, -2, 0, 0}\n"
      "  0: TXF TEMP[0], CONST[0][0], SAMP[0], 2D_ARRAY, IMM[0].xyy\n"
      "  1: TXF TEMP[1].xw, CONST[0][0], SAMP[1], 2D_MSAA\n"
      "  2: TXF_LZ TEMP[0], CONST[0][0], SAMP[0], 2D_ARRAY\n"
      "  3: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "b1 -> b2\n"
      "  %1 = and u3, #0xff\n"
      "  %2 = shl %1, #0x18\n"
      "  %3 = or #0xfe01, %2\n"
      "  %4:64 = collect #0x20001800, #0x0\n"
      "  %5:v4 = collect u0, u1, u2, %3\n"
      "  %6:v4 = va.TEX_FETCH.slot0.u.32.2d.array_enable.texel_offset %4, %5\n"
      "  %7 = shl u3, #0x10\n"
      "  %8:64 = collect #0x20011801, #0x0\n"
      "  %9:v3 = collect u0, u1, %7\n"
      "  %10:v2 = va.TEX_FETCH.slot0.s.32.ra.2d.texel_offset %8, %9\n"
      "  %11:64 = collect #0x20001800, #0x0\n"
      "  %12:v3 = collect u0, u1, u2\n"
      "  %13:v4 = va.TEX_FETCH.slot0.u.32.2d.array_enable %11, %12\n"
      "  jump\n"
      "b2\n");
}

static void
test_sample_view_swizzle(void **state)
{
   (void)state;
   /* SAMPLE names view and sampler apart; the view's swizzle picks the
    * channels: .xz of .wzyx reads a and g. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL SAMP[0]\n"
      "DCL SAMP[1]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL SVIEW[1], 2D_ARRAY, UINT\n"
      "DCL TEMP[0]\n"
      "  0: SAMPLE TEMP[0].xz, IN[0].xyyy, SVIEW[1].wzyx, SAMP[0]\n"
      "  1: MOV OUT[0], TEMP[0]\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %6 = undef\n"
      "  %7 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:64 = collect #0x20011800, #0x0\n"
      "  %4:v3 = collect %2, %2.1, %2.1\n"
      "  %5:v2 ="
      " va.TEX_SINGLE.slot0.skip.u.32.ga.2d.array_enable.computed %3, %4\n"
      "  jump\n"
      "b2\n"
      "  %8 = va.ATEST %7, %6, atest_datum.w0\n"
      "  %9:v4 = collect %5.1, %6, %5, %6\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %8, %9 target:0x0\n");
}

static void
test_sample_family(void **state)
{
   (void)state;
   /* SAMPLE_C, SAMPLE_C_LZ, SAMPLE_L, SAMPLE_I_MS, GATHER4 and SVIEWINFO in
    * a compute shader: no implicit derivatives, so LOD 0.  GATHER4 gathers
    * red, and SVIEW[0].zzzz gives every channel its third texel. */
   expect_translation(
      "COMP\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D_ARRAY, FLOAT\n"
      "DCL SVIEW[1], 2D_MSAA, UINT\n"
      "DCL CONST[0][0..2]\n"
      "DCL TEMP[0..5]\n"
      "  0: SAMPLE_C TEMP[0], CONST[0][0], SVIEW[0], SAMP[0],"
      " CONST[0][1].xxxx\n"
      "  1: SAMPLE_C_LZ TEMP[1], CONST[0][0], SVIEW[0], SAMP[0],"
      " CONST[0][1].yyyy\n"
      "  2: SAMPLE_L TEMP[2], CONST[0][0], SVIEW[0], SAMP[0],"
      " CONST[0][1].zzzz\n"
      "  3: SAMPLE_I_MS TEMP[3], CONST[0][2], SVIEW[1], CONST[0][1].wwww\n"
      "  4: GATHER4 TEMP[4], CONST[0][0], SVIEW[0].zzzz, SAMP[0]\n"
      "  5: SVIEWINFO TEMP[5], CONST[0][1].xxxx, SVIEW[0]\n"
      "  6: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "b1 -> b2\n"
      "  %1:64 = collect #0x20001800, #0x0\n"
      "  %2:v4 = collect u0, u1, u2, u3\n"
      "  %3:v4 = va.TEX_SINGLE.slot0.f.32.2d.array_enable.shadow.zero %1, %2\n"
      "  %4:64 = collect #0x20001800, #0x0\n"
      "  %5:v4 = collect u0, u1, u2, u4\n"
      "  %6:v4 = va.TEX_SINGLE.slot0.f.32.2d.array_enable.shadow.zero %4, %5\n"
      "  %7 = fmul.clamp_m1_1 u5, #0x3d800000\n"
      "  %8 = fmul %7, #0x45800000\n"
      "  %9 = f2i %8\n"
      "  %10 = and %9, #0xffff\n"
      "  %11:64 = collect #0x20001800, #0x0\n"
      "  %12:v4 = collect u0, u1, u2, %10\n"
      "  %13:v4 = va.TEX_SINGLE.slot0.f.32.2d.array_enable.explicit %11, %12\n"
      "  %14 = shl u8, #0x10\n"
      "  %15:64 = collect #0x20011801, #0x0\n"
      "  %16:v3 = collect u6, u7, %14\n"
      "  %17:v4 = va.TEX_FETCH.slot0.u.32.2d.texel_offset %15, %16\n"
      "  %18:64 = collect #0x20001800, #0x0\n"
      "  %19:v3 = collect u0, u1, u2\n"
      "  %20 = va.TEX_GATHER.slot0.f.32.b.2d.array_enable.gather4_r %18, %19\n"
      "  %21 = ushr u9, u3\n"
      "  %22 = umax %21, #0x1\n"
      "  %23 = csel.u.lt u3, u10, %22, #0x0\n"
      "  %24 = ushr u11, u3\n"
      "  %25 = umax %24, #0x1\n"
      "  %26 = csel.u.lt u3, u10, %25, #0x0\n"
      "  %27 = csel.u.lt u3, u10, u12, #0x0\n"
      "  jump\n"
      "b2\n");
}

static void
test_vertex_bias_is_lod(void **state)
{
   (void)state;
   /* Vertex shaders have no derivatives: TXB samples at LOD = bias, and
    * nothing skips. */
   expect_translation(
      "VERT\n"
      "DCL IN[0]\n"
      "DCL OUT[0], POSITION\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "  0: TXB OUT[0], IN[0], SAMP[0], 2D\n"
      "  1: END\n",
      "translate", false,
      "shader vertex_position\n"
      "b0 -> b1\n"
      "  %1 = preload imm=60\n"
      "  %2 = preload imm=61\n"
      "  %3:v4 = va.LD_ATTR_IMM.v4.f32.slot0 %1, %2 index:0x0 table:0x1\n"
      "  %18 = preload imm=59\n"
      "b1 -> b2\n"
      "  %4 = fmul.clamp_m1_1 %3.3, #0x3d800000\n"
      "  %5 = fmul %4, #0x45800000\n"
      "  %6 = f2i %5\n"
      "  %7 = and %6, #0xffff\n"
      "  %8:64 = collect #0x20001800, #0x0\n"
      "  %9:v3 = collect %3, %3.1, %7\n"
      "  %10:v4 = va.TEX_SINGLE.slot0.f.32.2d.explicit %8, %9\n"
      "  jump\n"
      "b2\n"
      "  %11 = frcp %10.3\n"
      "  %12 = fmul %10, %11\n"
      "  %13 = fma %12, u0, u1\n"
      "  %14 = fmul %10.1, %11\n"
      "  %15 = fma %14, u2, u3\n"
      "  %16 = fmul %10.2, %11\n"
      "  %17 = fma %16, u4, u5\n"
      "  %19:64 = va.LEA_BUF_IMM.slot0 %18 table:0xD index:0x0\n"
      "  %20:v4 = collect %13, %15, %17, %11\n"
      "  va.STORE.i128.istream.slot0 %19, %20 offset:0\n");
}

static void
test_no_skip_when_derivatives_read_results(void **state)
{
   (void)state;
   /* A derivative of a texture result needs it in helper lanes too. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL TEMP[0..1]\n"
      "  0: TEX TEMP[0], IN[0].xyyy, SAMP[0], 2D\n"
      "  1: DDX TEMP[1], TEMP[0]\n"
      "  2: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1"
      " index:0x0\n"
      "  %10 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v2 = collect %2, %2.1\n"
      "  %5:v4 = va.TEX_SINGLE.slot0.f.32.2d.computed %3, %4\n"
      "  %6 = fddx %5\n"
      "  %7 = fddx %5.1\n"
      "  %8 = fddx %5.2\n"
      "  %9 = fddx %5.3\n"
      "  jump\n"
      "b2\n"
      "  %11 = va.ATEST %10, #0x3f800000, atest_datum.w0\n");
}

static void
test_no_skip_when_a_branch_reads_results(void **state)
{
   (void)state;
   /* A branch on a texture result decides whether a derivative runs, so
    * helper lanes need the result. */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, UINT\n"
      "DCL TEMP[0..1]\n"
      "  0: TEX TEMP[0].x, IN[0].xyyy, SAMP[0], 2D\n"
      "  1: UIF TEMP[0].xxxx :3\n"
      "  2:   DDX TEMP[1].x, IN[0].xxxx\n"
      "  3: ENDIF\n"
      "  4: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v2 = va.LD_VAR_BUF_IMM.f32.slot0.v2.src_f32.center.store %1 "
      "index:0x0\n"
      "  %7 = undef\n"
      "  %9 = preload imm=60\n"
      "b1 -> b2 b3\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v2 = collect %2, %2.1\n"
      "  %5 = va.TEX_SINGLE.slot0.u.32.r.2d.computed %3, %4\n"
      "  branch %5\n"
      "b2 -> b4\n"
      "  %6 = fddx %2\n"
      "  jump\n"
      "b3 -> b4\n"
      "b4 -> b5\n"
      "  %8 = phi b2:%6, b3:%7\n"
      "  jump\n"
      "b5\n"
      "  %10 = va.ATEST %9, #0x3f800000, atest_datum.w0\n");
}

static void
test_cube_arrays(void **state)
{
   (void)state;
   /* TXF on a cube array: a 2-D array fetch of layer z (= 6 * cube +
    * face); TEX2's reference and TXL2's LOD in src1.x. */
   expect_translation(
      "COMP\n"
      "DCL SAMP[0..1]\n"
      "DCL SVIEW[0], CUBEARRAY, FLOAT\n"
      "DCL SVIEW[1], SHADOWCUBEARRAY, FLOAT\n"
      "DCL CONST[0][0..1]\n"
      "DCL TEMP[0..2]\n"
      "  0: TXF TEMP[0], CONST[0][0], SAMP[0], CUBEARRAY\n"
      "  1: TEX2 TEMP[1].x, CONST[0][1], CONST[0][0].xxxx, SAMP[1],"
      " SHADOWCUBEARRAY\n"
      "  2: TXL2 TEMP[2].yz, CONST[0][1], CONST[0][0].zzzz, SAMP[0],"
      " CUBEARRAY\n"
      "  3: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "b1 -> b2\n"
      "  %1 = and u3, #0xff\n"
      "  %2 = shl %1, #0x18\n"
      "  %3:64 = collect #0x20001800, #0x0\n"
      "  %4:v4 = collect u0, u1, u2, %2\n"
      "  %5:v4 = va.TEX_FETCH.slot0.f.32.2d.array_enable.texel_offset %3, %4\n"
      "  %6 = va.CUBEFACE1 u4, u5, u6\n"
      "  %7 = va.CUBEFACE2 u4, u5, u6\n"
      "  %8 = va.CUBE_SSEL u6, u4, %7\n"
      "  %9 = va.CUBE_TSEL u5, u6, %7\n"
      "  %10 = frcp %6\n"
      "  %11 = fmul %10, #0x3f000000\n"
      "  %12 = fma.sat %11, %8, #0x3f000000\n"
      "  %13 = fma.sat %11, %9, #0x3f000000\n"
      "  %14 = and %7, #0xe0000000\n"
      "  %15 = and %12, #0x1fffffff\n"
      "  %16 = or %15, %14\n"
      "  %17:64 = collect #0x20011801, #0x0\n"
      "  %18:v4 = collect %16, %13, u7, u0\n"
      "  %19 = va.TEX_SINGLE.slot0.f.32.r.cube.array_enable.shadow.zero %17,"
      " %18\n"
      "  %20 = va.CUBEFACE1 u4, u5, u6\n"
      "  %21 = va.CUBEFACE2 u4, u5, u6\n"
      "  %22 = va.CUBE_SSEL u6, u4, %21\n"
      "  %23 = va.CUBE_TSEL u5, u6, %21\n"
      "  %24 = frcp %20\n"
      "  %25 = fmul %24, #0x3f000000\n"
      "  %26 = fma.sat %25, %22, #0x3f000000\n"
      "  %27 = fma.sat %25, %23, #0x3f000000\n"
      "  %28 = and %21, #0xe0000000\n"
      "  %29 = and %26, #0x1fffffff\n"
      "  %30 = or %29, %28\n"
      "  %31 = fmul.clamp_m1_1 u2, #0x3d800000\n"
      "  %32 = fmul %31, #0x45800000\n"
      "  %33 = f2i %32\n"
      "  %34 = and %33, #0xffff\n"
      "  %35:64 = collect #0x20001800, #0x0\n"
      "  %36:v4 = collect %30, %27, u7, %34\n"
      "  %37:v2 = va.TEX_SINGLE.slot0.f.32.gb.cube.array_enable.explicit %35,"
      " %36\n"
      "  jump\n"
      "b2\n");
}

static void
test_txqs_and_buffer_size(void **state)
{
   (void)state;
   /* TXQS and TXQ of a buffer read system values only. */
   expect_translation(
      "FRAG\n"
      "DCL OUT[0], COLOR\n"
      "DCL SAMP[0..1]\n"
      "DCL SVIEW[0], 2D_MSAA, FLOAT\n"
      "DCL SVIEW[1], BUFFER, FLOAT\n"
      "DCL TEMP[0]\n"
      "IMM[0] INT32 {0, 0, 0, 0}\n"
      "  0: TXQS TEMP[0].x, SAMP[0], 2D_MSAA\n"
      "  1: TXQ TEMP[0].yw, IMM[0].xxxx, SAMP[1], BUFFER\n"
      "  2: MOV OUT[0], TEMP[0]\n"
      "  3: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = undef\n"
      "  %2 = preload imm=60\n"
      "b1 -> b2\n"
      "  jump\n"
      "b2\n"
      "  %3 = va.ATEST %2, u1, atest_datum.w0\n"
      "  %4:v4 = collect u0, #0x0, %1, u1\n"
      "  va.BLEND.slot0.v4.auto blend_descriptor_0, %3, %4 target:0x0\n");
}

static void
test_lz_forms(void **state)
{
   (void)state;
   /* TEX_LZ samples at LOD 0; TXF_LZ fetches level 0 without an offset
    * word. */
   expect_translation(
      "COMP\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 1D, UINT\n"
      "DCL TEMP[0]\n"
      "IMM[0] INT32 {3, 0, 0, 0}\n"
      "  0: TEX_LZ TEMP[0].x, IMM[0], SAMP[0], 1D\n"
      "  1: TXF_LZ TEMP[0].y, IMM[0], SAMP[0], 1D\n"
      "  2: END\n",
      "translate", false,
      "shader compute\n"
      "b0 -> b1\n"
      "b1 -> b2\n"
      "  %1:64 = collect #0x20001800, #0x0\n"
      "  %2 = collect #0x3\n"
      "  %3 = va.TEX_SINGLE.slot0.u.32.r.1d.zero %1, %2\n"
      "  %4:64 = collect #0x20001800, #0x0\n"
      "  %5 = collect #0x3\n"
      "  %6 = va.TEX_FETCH.slot0.u.32.g.1d %4, %5\n"
      "  jump\n"
      "b2\n");
}

static void
test_txd_cube(void **state)
{
   (void)state;
   /* TXD on a cube map: the gradients of the face coordinates (quotient
    * rule over the major axis). */
   expect_translation(
      "FRAG\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], CUBE, FLOAT\n"
      "DCL TEMP[0..2]\n"
      "  0: DDX TEMP[1], IN[0]\n"
      "  1: DDY TEMP[2], IN[0]\n"
      "  2: TXD TEMP[0], IN[0], TEMP[1], TEMP[2], SAMP[0], CUBE\n"
      "  3: END\n",
      "translate", false,
      "shader fragment\n"
      "b0 -> b1\n"
      "  %1 = preload imm=61\n"
      "  %2:v4 = va.LD_VAR_BUF_IMM.f32.slot0.v4.src_f32.center.store %1"
      " index:0x0\n"
      "  %88 = preload imm=60\n"
      "b1 -> b2\n"
      "  %3 = fddx %2\n"
      "  %4 = fddx %2.1\n"
      "  %5 = fddx %2.2\n"
      "  %6 = fddx %2.3\n"
      "  %7 = fddy %2\n"
      "  %8 = fddy %2.1\n"
      "  %9 = fddy %2.2\n"
      "  %10 = fddy %2.3\n"
      "  %11 = va.CUBEFACE1 %2, %2.1, %2.2\n"
      "  %12 = va.CUBEFACE2 %2, %2.1, %2.2\n"
      "  %13 = va.CUBE_SSEL %2.2, %2, %12\n"
      "  %14 = va.CUBE_TSEL %2.1, %2.2, %12\n"
      "  %15 = frcp %11\n"
      "  %16 = fmul %15, #0x3f000000\n"
      "  %17 = fma.sat %16, %13, #0x3f000000\n"
      "  %18 = fma.sat %16, %14, #0x3f000000\n"
      "  %19 = and %12, #0xe0000000\n"
      "  %20 = and %17, #0x1fffffff\n"
      "  %21 = or %20, %19\n"
      "  %22 = u2f u0\n"
      "  %23 = u2f u1\n"
      "  %24 = fcmp.ge.m1 |%2|, |%2.2|\n"
      "  %25 = fcmp.ge.m1 |%2|, |%2.1|\n"
      "  %26 = and %25, %24\n"
      "  %27 = fcmp.ge.m1 |%2.1|, |%2.2|\n"
      "  %28 = csel.u.ne %26, #0x0, %2.2, %2\n"
      "  %29 = csel.u.ne %27, #0x0, %2.2, %2.1\n"
      "  %30 = csel.u.ne %26, #0x0, %2.1, %29\n"
      "  %31 = csel.u.ne %27, #0x0, %2.1, %2.2\n"
      "  %32 = csel.u.ne %26, #0x0, %2, %31\n"
      "  %33 = csel.u.ne %26, #0x0, %5, %3\n"
      "  %34 = csel.u.ne %27, #0x0, %5, %4\n"
      "  %35 = csel.u.ne %26, #0x0, %4, %34\n"
      "  %36 = csel.u.ne %27, #0x0, %4, %5\n"
      "  %37 = csel.u.ne %26, #0x0, %3, %36\n"
      "  %38 = fmul %32, %32\n"
      "  %39 = frcp %38\n"
      "  %40 = fmul %39, #0x3f000000\n"
      "  %41 = fmul %28, %37\n"
      "  %42 = fmul %33, %32\n"
      "  %43 = fadd %42, -%41\n"
      "  %44 = fmul %43, %40\n"
      "  %45 = fmul %30, %37\n"
      "  %46 = fmul %35, %32\n"
      "  %47 = fadd %46, -%45\n"
      "  %48 = fmul %47, %40\n"
      "  %49 = csel.u.ne %26, #0x0, %2.2, %2\n"
      "  %50 = csel.u.ne %27, #0x0, %2.2, %2.1\n"
      "  %51 = csel.u.ne %26, #0x0, %2.1, %50\n"
      "  %52 = csel.u.ne %27, #0x0, %2.1, %2.2\n"
      "  %53 = csel.u.ne %26, #0x0, %2, %52\n"
      "  %54 = csel.u.ne %26, #0x0, %9, %7\n"
      "  %55 = csel.u.ne %27, #0x0, %9, %8\n"
      "  %56 = csel.u.ne %26, #0x0, %8, %55\n"
      "  %57 = csel.u.ne %27, #0x0, %8, %9\n"
      "  %58 = csel.u.ne %26, #0x0, %7, %57\n"
      "  %59 = fmul %53, %53\n"
      "  %60 = frcp %59\n"
      "  %61 = fmul %60, #0x3f000000\n"
      "  %62 = fmul %49, %58\n"
      "  %63 = fmul %54, %53\n"
      "  %64 = fadd %63, -%62\n"
      "  %65 = fmul %64, %61\n"
      "  %66 = fmul %51, %58\n"
      "  %67 = fmul %56, %53\n"
      "  %68 = fadd %67, -%66\n"
      "  %69 = fmul %68, %61\n"
      "  %70 = fmul %44, %22\n"
      "  %71 = fmul %70, %70\n"
      "  %72 = fmul %48, %23\n"
      "  %73 = fma %72, %72, %71\n"
      "  %74 = fmul %65, %22\n"
      "  %75 = fmul %74, %74\n"
      "  %76 = fmul %69, %23\n"
      "  %77 = fma %76, %76, %75\n"
      "  %78 = fmax %73, %77\n"
      "  %79 = flog2 %78\n"
      "  %80 = fmul %79, #0x3f000000\n"
      "  %81 = fmul.clamp_m1_1 %80, #0x3d800000\n"
      "  %82 = fmul %81, #0x45800000\n"
      "  %83 = f2i %82\n"
      "  %84 = and %83, #0xffff\n"
      "  %85:64 = collect #0x20001800, #0x0\n"
      "  %86:v3 = collect %21, %18, %84\n"
      "  %87:v4 = va.TEX_SINGLE.slot0.skip.f.32.cube.explicit %85, %86\n"
      "  jump\n"
      "b2\n"
      "  %89 = va.ATEST %88, #0x3f800000, atest_datum.w0\n");
}

/* A fragment shader around one texture instruction, for error cases. */
static void
expect_fragment_error(const char *insn, const char *message)
{
   char text[512];
   snprintf(text, sizeof(text),
            "FRAG\n"
            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
            "DCL SAMP[0]\n"
            "DCL SVIEW[0], 2D, FLOAT\n"
            "DCL TEMP[0]\n"
            "IMM[0] INT32 {0, 7, 0, 0}\n"
            "  0: %s\n"
            "  1: END\n",
            insn);
   expect_translation_error(text, message);
}

static void
test_errors(void **state)
{
   (void)state;
   expect_fragment_error("TXB TEMP[0], IN[0], SAMP[0], SHADOW2D_ARRAY",
                         "TXB on SHADOW2D_ARRAY: the shadow reference and "
                         "the LOD share src0.w");
   expect_fragment_error("TEX TEMP[0], IN[0], SAMP[1], 2D",
                         "SAMP[1] is not declared");
   expect_fragment_error("SAMPLE TEMP[0], IN[0], SVIEW[3], SAMP[0]",
                         "SVIEW[3] is not declared");
   expect_fragment_error("TEX TEMP[0], IN[0], IN[0], 2D",
                         "TEX operand 1 is IN, not a sampler or sampler "
                         "view");
   expect_fragment_error("TEX TEMP[0], IN[0], SAMP[0], BUFFER",
                         "TEX cannot sample a buffer texture");
   expect_fragment_error("TXB TEMP[0], IN[0], SAMP[0], 2D_MSAA",
                         "TXB cannot sample a multisample texture");
   expect_fragment_error("TG4 TEMP[0], IN[0], IMM[0].xxxx, SAMP[0], 3D",
                         "TG4 needs a 2D, rectangle or cube texture");
   expect_fragment_error("TG4 TEMP[0], IN[0], IMM[0].yyyy, SAMP[0], 2D",
                         "TG4 component 7 is not 0-3");
   expect_fragment_error("LODQ TEMP[0], IN[0], SAMP[0], BUFFER",
                         "LODQ on a texture without levels");
}

static void
test_unsupported(void **state)
{
   (void)state;
   expect_fragment_error("TG4 TEMP[0], IN[0], IN[0].xxxx, SAMP[0], 2D",
                         "TG4 with a component that is not a constant");
   expect_fragment_error("TEX TEMP[0], IN[0], SAMP[0], CUBE, IMM[0].xyz",
                         "texel offsets on cube textures");
   expect_translation_error("VERT\n"
                            "DCL IN[0]\n"
                            "DCL SAMP[0]\n"
                            "DCL SVIEW[0], 2D, FLOAT\n"
                            "DCL TEMP[0]\n"
                            "  0: LODQ TEMP[0], IN[0], SAMP[0], 2D\n"
                            "  1: END\n",
                            "LODQ outside a fragment shader: it needs "
                            "screen-space derivatives");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tex_2d_fragment),
      cmocka_unit_test(test_tex_shadow),
      cmocka_unit_test(test_tex_cube),
      cmocka_unit_test(test_txp_shadow_rect),
      cmocka_unit_test(test_tex_offsets),
      cmocka_unit_test(test_txb_array_bias),
      cmocka_unit_test(test_tg4_component_and_offsets),
      cmocka_unit_test(test_txq_array_at_level),
      cmocka_unit_test(test_lodq),
      cmocka_unit_test(test_txd_2d),
      cmocka_unit_test(test_indirect_sampler),
      cmocka_unit_test(test_txf_array_msaa),
      cmocka_unit_test(test_sample_view_swizzle),
      cmocka_unit_test(test_sample_family),
      cmocka_unit_test(test_vertex_bias_is_lod),
      cmocka_unit_test(test_no_skip_when_derivatives_read_results),
      cmocka_unit_test(test_no_skip_when_a_branch_reads_results),
      cmocka_unit_test(test_cube_arrays),
      cmocka_unit_test(test_txqs_and_buffer_size),
      cmocka_unit_test(test_lz_forms),
      cmocka_unit_test(test_txd_cube),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_unsupported),
   };
   return cmocka_run_group_tests_name("from_tgsi_tex", tests, NULL, NULL);
}
