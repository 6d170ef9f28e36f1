/* SPDX-License-Identifier: MIT */
/*
 * Built only with -Dmesa_include=DIR (a Mesa tree's src/gallium/include):
 * includes Mesa's pipe/p_shader_tokens.h next to our tgsi_tokens.h and
 * checks that they agree.  Enum values are compared with static
 * assertions, so a disagreement fails the build.  Bit-field positions
 * cannot be compared at compile time, so the program sets every field of
 * every Mesa token struct to all ones and compares the word with our
 * (shift, width) description.
 *
 * Names that exist only in some Mesa versions (removed opcodes, newer
 * semantics and properties) are checked only when meson found them in the
 * given header (HAVE_<name>).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "pipe/p_shader_tokens.h"
#include "tgsi/tgsi_tokens.h"

#define SAME(ours, theirs)                                                   \
   _Static_assert((int)(ours) == (int)(theirs), #ours " != " #theirs)

/* ---- enumerations ------------------------------------------------------ */

SAME(TGSI_TOKTYPE_DECLARATION, TGSI_TOKEN_TYPE_DECLARATION);
SAME(TGSI_TOKTYPE_IMMEDIATE, TGSI_TOKEN_TYPE_IMMEDIATE);
SAME(TGSI_TOKTYPE_INSTRUCTION, TGSI_TOKEN_TYPE_INSTRUCTION);
SAME(TGSI_TOKTYPE_PROPERTY, TGSI_TOKEN_TYPE_PROPERTY);

SAME(TGSI_REGFILE_NULL, TGSI_FILE_NULL);
SAME(TGSI_REGFILE_CONSTANT, TGSI_FILE_CONSTANT);
SAME(TGSI_REGFILE_INPUT, TGSI_FILE_INPUT);
SAME(TGSI_REGFILE_OUTPUT, TGSI_FILE_OUTPUT);
SAME(TGSI_REGFILE_TEMPORARY, TGSI_FILE_TEMPORARY);
SAME(TGSI_REGFILE_SAMPLER, TGSI_FILE_SAMPLER);
SAME(TGSI_REGFILE_ADDRESS, TGSI_FILE_ADDRESS);
SAME(TGSI_REGFILE_IMMEDIATE, TGSI_FILE_IMMEDIATE);
SAME(TGSI_REGFILE_SYSTEM_VALUE, TGSI_FILE_SYSTEM_VALUE);
SAME(TGSI_REGFILE_IMAGE, TGSI_FILE_IMAGE);
SAME(TGSI_REGFILE_SAMPLER_VIEW, TGSI_FILE_SAMPLER_VIEW);
SAME(TGSI_REGFILE_BUFFER, TGSI_FILE_BUFFER);
SAME(TGSI_REGFILE_MEMORY, TGSI_FILE_MEMORY);
SAME(TGSI_REGFILE_CONSTBUF, TGSI_FILE_CONSTBUF);
SAME(TGSI_REGFILE_HW_ATOMIC, TGSI_FILE_HW_ATOMIC);
SAME(TGSI_REGFILE_COUNT, TGSI_FILE_COUNT);

SAME(TGSI_WMASK_X, TGSI_WRITEMASK_X);
SAME(TGSI_WMASK_Y, TGSI_WRITEMASK_Y);
SAME(TGSI_WMASK_Z, TGSI_WRITEMASK_Z);
SAME(TGSI_WMASK_W, TGSI_WRITEMASK_W);
SAME(TGSI_WMASK_XYZW, TGSI_WRITEMASK_XYZW);
SAME(TGSI_SWZ_X, TGSI_SWIZZLE_X);
SAME(TGSI_SWZ_Y, TGSI_SWIZZLE_Y);
SAME(TGSI_SWZ_Z, TGSI_SWIZZLE_Z);
SAME(TGSI_SWZ_W, TGSI_SWIZZLE_W);

SAME(TGSI_INTERP_CONSTANT, TGSI_INTERPOLATE_CONSTANT);
SAME(TGSI_INTERP_LINEAR, TGSI_INTERPOLATE_LINEAR);
SAME(TGSI_INTERP_PERSPECTIVE, TGSI_INTERPOLATE_PERSPECTIVE);
SAME(TGSI_INTERP_COLOR, TGSI_INTERPOLATE_COLOR);
SAME(TGSI_INTERP_COUNT, TGSI_INTERPOLATE_COUNT);
SAME(TGSI_INTERP_LOC_CENTER, TGSI_INTERPOLATE_LOC_CENTER);
SAME(TGSI_INTERP_LOC_CENTROID, TGSI_INTERPOLATE_LOC_CENTROID);
SAME(TGSI_INTERP_LOC_SAMPLE, TGSI_INTERPOLATE_LOC_SAMPLE);
SAME(TGSI_INTERP_LOC_COUNT, TGSI_INTERPOLATE_LOC_COUNT);
SAME(TGSI_MEMTYPE_GLOBAL, TGSI_MEMORY_TYPE_GLOBAL);
SAME(TGSI_MEMTYPE_SHARED, TGSI_MEMORY_TYPE_SHARED);
SAME(TGSI_MEMTYPE_PRIVATE, TGSI_MEMORY_TYPE_PRIVATE);
SAME(TGSI_MEMTYPE_INPUT, TGSI_MEMORY_TYPE_INPUT);
SAME(TGSI_MEMTYPE_COUNT, TGSI_MEMORY_TYPE_COUNT);

#define SEM(x) SAME(TGSI_SEM_##x, TGSI_SEMANTIC_##x)
SEM(POSITION);
SEM(COLOR);
SEM(BCOLOR);
SEM(FOG);
SEM(PSIZE);
SEM(GENERIC);
SEM(NORMAL);
SEM(FACE);
SEM(EDGEFLAG);
SEM(PRIMID);
SEM(INSTANCEID);
SEM(VERTEXID);
SEM(STENCIL);
SEM(CLIPDIST);
SEM(CLIPVERTEX);
SEM(GRID_SIZE);
SEM(BLOCK_ID);
SEM(BLOCK_SIZE);
SEM(THREAD_ID);
SEM(TEXCOORD);
SEM(PCOORD);
SEM(VIEWPORT_INDEX);
SEM(LAYER);
SEM(SAMPLEID);
SEM(SAMPLEPOS);
SEM(SAMPLEMASK);
SEM(INVOCATIONID);
SEM(VERTEXID_NOBASE);
SEM(BASEVERTEX);
SEM(PATCH);
SEM(TESSCOORD);
SEM(TESSOUTER);
SEM(TESSINNER);
SEM(VERTICESIN);
SEM(HELPER_INVOCATION);
SEM(BASEINSTANCE);
SEM(DRAWID);
SEM(WORK_DIM);
SEM(SUBGROUP_SIZE);
SEM(SUBGROUP_INVOCATION);
SEM(SUBGROUP_EQ_MASK);
SEM(SUBGROUP_GE_MASK);
SEM(SUBGROUP_GT_MASK);
SEM(SUBGROUP_LE_MASK);
SEM(SUBGROUP_LT_MASK);
SEM(CS_USER_DATA_AMD);
#ifdef HAVE_TGSI_SEMANTIC_VIEWPORT_MASK
SEM(VIEWPORT_MASK);
#endif
#ifdef HAVE_TGSI_SEMANTIC_VIEW_INDEX
SEM(VIEW_INDEX);
#endif

SAME(TGSI_IMMTYPE_FLT32, TGSI_IMM_FLOAT32);
SAME(TGSI_IMMTYPE_UINT32, TGSI_IMM_UINT32);
SAME(TGSI_IMMTYPE_INT32, TGSI_IMM_INT32);
SAME(TGSI_IMMTYPE_FLT64, TGSI_IMM_FLOAT64);
SAME(TGSI_IMMTYPE_UINT64, TGSI_IMM_UINT64);
SAME(TGSI_IMMTYPE_INT64, TGSI_IMM_INT64);

#define PROP(ours, theirs) SAME(TGSI_PROP_##ours, TGSI_PROPERTY_##theirs)
PROP(GS_INPUT_PRIM, GS_INPUT_PRIM);
PROP(GS_OUTPUT_PRIM, GS_OUTPUT_PRIM);
PROP(GS_MAX_OUTPUT_VERTICES, GS_MAX_OUTPUT_VERTICES);
PROP(FS_COORD_ORIGIN, FS_COORD_ORIGIN);
PROP(FS_COORD_PIXEL_CENTER, FS_COORD_PIXEL_CENTER);
PROP(FS_COLOR0_WRITES_ALL_CBUFS, FS_COLOR0_WRITES_ALL_CBUFS);
PROP(FS_DEPTH_LAYOUT, FS_DEPTH_LAYOUT);
PROP(VS_PROHIBIT_UCPS, VS_PROHIBIT_UCPS);
PROP(GS_INVOCATIONS, GS_INVOCATIONS);
PROP(VS_WINDOW_SPACE_POSITION, VS_WINDOW_SPACE_POSITION);
PROP(TCS_VERTICES_OUT, TCS_VERTICES_OUT);
PROP(TES_PRIM_MODE, TES_PRIM_MODE);
PROP(TES_SPACING, TES_SPACING);
PROP(TES_VERTEX_ORDER_CW, TES_VERTEX_ORDER_CW);
PROP(TES_POINT_MODE, TES_POINT_MODE);
PROP(NUM_CLIPDIST_ENABLED, NUM_CLIPDIST_ENABLED);
PROP(NUM_CULLDIST_ENABLED, NUM_CULLDIST_ENABLED);
PROP(FS_EARLY_DEPTH_STENCIL, FS_EARLY_DEPTH_STENCIL);
PROP(FS_POST_DEPTH_COVERAGE, FS_POST_DEPTH_COVERAGE);
PROP(NEXT_SHADER, NEXT_SHADER);
PROP(CS_FIXED_BLOCK_WIDTH, CS_FIXED_BLOCK_WIDTH);
PROP(CS_FIXED_BLOCK_HEIGHT, CS_FIXED_BLOCK_HEIGHT);
PROP(CS_FIXED_BLOCK_DEPTH, CS_FIXED_BLOCK_DEPTH);
PROP(LEGACY_MATH_RULES, LEGACY_MATH_RULES);
PROP(VS_BLIT_SGPRS_AMD, VS_BLIT_SGPRS_AMD);
PROP(CS_USER_DATA_COMPONENTS_AMD, CS_USER_DATA_COMPONENTS_AMD);
#ifdef HAVE_TGSI_PROPERTY_LAYER_VIEWPORT_RELATIVE
PROP(LAYER_VIEWPORT_RELATIVE, LAYER_VIEWPORT_RELATIVE);
#endif
#ifdef HAVE_TGSI_PROPERTY_FS_BLEND_EQUATION_ADVANCED
PROP(FS_BLEND_EQUATION_ADVANCED, FS_BLEND_EQUATION_ADVANCED);
#endif
#ifdef HAVE_TGSI_PROPERTY_SEPARABLE_PROGRAM
PROP(SEPARABLE_PROGRAM, SEPARABLE_PROGRAM);
#endif
#ifdef HAVE_TGSI_PROPERTY_NUM_VIEWS
PROP(NUM_VIEWS, NUM_VIEWS);
#endif

SAME(TGSI_ORIGIN_UPPER_LEFT, TGSI_FS_COORD_ORIGIN_UPPER_LEFT);
SAME(TGSI_ORIGIN_LOWER_LEFT, TGSI_FS_COORD_ORIGIN_LOWER_LEFT);
SAME(TGSI_PIXCENTER_HALF_INTEGER, TGSI_FS_COORD_PIXEL_CENTER_HALF_INTEGER);
SAME(TGSI_PIXCENTER_INTEGER, TGSI_FS_COORD_PIXEL_CENTER_INTEGER);
SAME(TGSI_DEPTH_LAYOUT_NONE, TGSI_FS_DEPTH_LAYOUT_NONE);
SAME(TGSI_DEPTH_LAYOUT_ANY, TGSI_FS_DEPTH_LAYOUT_ANY);
SAME(TGSI_DEPTH_LAYOUT_GREATER, TGSI_FS_DEPTH_LAYOUT_GREATER);
SAME(TGSI_DEPTH_LAYOUT_LESS, TGSI_FS_DEPTH_LAYOUT_LESS);
SAME(TGSI_DEPTH_LAYOUT_UNCHANGED, TGSI_FS_DEPTH_LAYOUT_UNCHANGED);

#define TEX(ours, theirs) SAME(TGSI_TEX_##ours, TGSI_TEXTURE_##theirs)
TEX(BUFFER, BUFFER);
TEX(1D, 1D);
TEX(2D, 2D);
TEX(3D, 3D);
TEX(CUBE, CUBE);
TEX(RECT, RECT);
TEX(SHADOW1D, SHADOW1D);
TEX(SHADOW2D, SHADOW2D);
TEX(SHADOWRECT, SHADOWRECT);
TEX(1D_ARRAY, 1D_ARRAY);
TEX(2D_ARRAY, 2D_ARRAY);
TEX(SHADOW1D_ARRAY, SHADOW1D_ARRAY);
TEX(SHADOW2D_ARRAY, SHADOW2D_ARRAY);
TEX(SHADOWCUBE, SHADOWCUBE);
TEX(2D_MSAA, 2D_MSAA);
TEX(2D_ARRAY_MSAA, 2D_ARRAY_MSAA);
TEX(CUBE_ARRAY, CUBE_ARRAY);
TEX(SHADOWCUBE_ARRAY, SHADOWCUBE_ARRAY);
TEX(UNKNOWN, UNKNOWN);
TEX(COUNT, COUNT);

SAME(TGSI_RET_UNORM, TGSI_RETURN_TYPE_UNORM);
SAME(TGSI_RET_SNORM, TGSI_RETURN_TYPE_SNORM);
SAME(TGSI_RET_SINT, TGSI_RETURN_TYPE_SINT);
SAME(TGSI_RET_UINT, TGSI_RETURN_TYPE_UINT);
SAME(TGSI_RET_FLOAT, TGSI_RETURN_TYPE_FLOAT);
#ifdef HAVE_TGSI_RETURN_TYPE_UNKNOWN
SAME(TGSI_RET_UNKNOWN, TGSI_RETURN_TYPE_UNKNOWN);
#endif

SAME(TGSI_MEMQ_COHERENT, TGSI_MEMORY_COHERENT);
SAME(TGSI_MEMQ_RESTRICT, TGSI_MEMORY_RESTRICT);
SAME(TGSI_MEMQ_VOLATILE, TGSI_MEMORY_VOLATILE);
#ifdef TGSI_MEMORY_STREAM_CACHE_POLICY
SAME(TGSI_MEMQ_STREAM_CACHE_POLICY, TGSI_MEMORY_STREAM_CACHE_POLICY);
#endif
SAME(TGSI_MEMBAR_BIT_SHADER_BUFFER, TGSI_MEMBAR_SHADER_BUFFER);
SAME(TGSI_MEMBAR_BIT_ATOMIC_BUFFER, TGSI_MEMBAR_ATOMIC_BUFFER);
SAME(TGSI_MEMBAR_BIT_SHADER_IMAGE, TGSI_MEMBAR_SHADER_IMAGE);
SAME(TGSI_MEMBAR_BIT_SHARED, TGSI_MEMBAR_SHARED);
SAME(TGSI_MEMBAR_BIT_THREAD_GROUP, TGSI_MEMBAR_THREAD_GROUP);

/*
 * Every opcode of our table must have Mesa's number.  Opcodes that some
 * Mesa versions removed are compared only when this header has them;
 * otherwise their name is made to stand for our own value.
 */
#define OPTIONAL_OP(x) TGSI_OP_##x
#ifndef HAVE_TGSI_OPCODE_LIT
#define TGSI_OPCODE_LIT OPTIONAL_OP(LIT)
#endif
#ifndef HAVE_TGSI_OPCODE_EXP
#define TGSI_OPCODE_EXP OPTIONAL_OP(EXP)
#endif
#ifndef HAVE_TGSI_OPCODE_LOG
#define TGSI_OPCODE_LOG OPTIONAL_OP(LOG)
#endif
#ifndef HAVE_TGSI_OPCODE_DST
#define TGSI_OPCODE_DST OPTIONAL_OP(DST)
#endif
#ifndef HAVE_TGSI_OPCODE_TEX_LZ
#define TGSI_OPCODE_TEX_LZ OPTIONAL_OP(TEX_LZ)
#endif
#ifndef HAVE_TGSI_OPCODE_TXF_LZ
#define TGSI_OPCODE_TXF_LZ OPTIONAL_OP(TXF_LZ)
#endif
#ifndef HAVE_TGSI_OPCODE_PK2US
#define TGSI_OPCODE_PK2US OPTIONAL_OP(PK2US)
#endif
#ifndef HAVE_TGSI_OPCODE_PK4B
#define TGSI_OPCODE_PK4B OPTIONAL_OP(PK4B)
#endif
#ifndef HAVE_TGSI_OPCODE_PK4UB
#define TGSI_OPCODE_PK4UB OPTIONAL_OP(PK4UB)
#endif
#ifndef HAVE_TGSI_OPCODE_DFRACEXP
#define TGSI_OPCODE_DFRACEXP OPTIONAL_OP(DFRACEXP)
#endif
#ifndef HAVE_TGSI_OPCODE_CAL
#define TGSI_OPCODE_CAL OPTIONAL_OP(CAL)
#endif
#ifndef HAVE_TGSI_OPCODE_BGNSUB
#define TGSI_OPCODE_BGNSUB OPTIONAL_OP(BGNSUB)
#endif
#ifndef HAVE_TGSI_OPCODE_ENDSUB
#define TGSI_OPCODE_ENDSUB OPTIONAL_OP(ENDSUB)
#endif

#define TGSI_OP(num, name, ...) SAME(TGSI_OP_##name, TGSI_OPCODE_##name);
#include "tgsi/tgsi_opcodes.h"
#undef TGSI_OP

/* ---- layouts ----------------------------------------------------------- */

_Static_assert(sizeof(struct tgsi_header) == 4, "header");
_Static_assert(sizeof(struct tgsi_src_register) == 4, "src register");
_Static_assert(sizeof(struct tgsi_instruction) == 4, "instruction");

static int failures;

static uint32_t
our_mask(unsigned shift, unsigned width)
{
   return tgsi_tok_mask(width) << shift;
}

/* Sets one Mesa bit-field to all ones and compares the word. */
#define FIELD(type, member, ...)                                             \
   do {                                                                      \
      union {                                                                \
         struct type s;                                                      \
         uint32_t u;                                                         \
      } x;                                                                   \
      uint32_t want = our_mask(__VA_ARGS__);                                 \
      memset(&x, 0, sizeof(x));                                              \
      x.s.member = all_ones;                                                 \
      if (x.u != want) {                                                     \
         printf("%s.%s is 0x%08x in Mesa, 0x%08x here\n", #type, #member,   \
                x.u, want);                                                  \
         failures++;                                                         \
      }                                                                      \
   } while (0)

static void
check_declaration_layouts(unsigned all_ones)
{
   FIELD(tgsi_header, HeaderSize, TGSI_TOK_HEADER_SIZE);
   FIELD(tgsi_header, BodySize, TGSI_TOK_HEADER_BODY_SIZE);
   FIELD(tgsi_processor, Processor, TGSI_TOK_PROC_PROCESSOR);
   FIELD(tgsi_token, Type, TGSI_TOK_TYPE);
   FIELD(tgsi_token, NrTokens, TGSI_TOK_NRTOKENS);
   FIELD(tgsi_declaration, File, TGSI_TOK_DECL_FILE);
   FIELD(tgsi_declaration, UsageMask, TGSI_TOK_DECL_USAGE_MASK);
   FIELD(tgsi_declaration, Dimension, TGSI_TOK_DECL_DIMENSION);
   FIELD(tgsi_declaration, Semantic, TGSI_TOK_DECL_SEMANTIC);
   FIELD(tgsi_declaration, Interpolate, TGSI_TOK_DECL_INTERPOLATE);
   FIELD(tgsi_declaration, Invariant, TGSI_TOK_DECL_INVARIANT);
   FIELD(tgsi_declaration, Local, TGSI_TOK_DECL_LOCAL);
   FIELD(tgsi_declaration, Array, TGSI_TOK_DECL_ARRAY);
   FIELD(tgsi_declaration, Atomic, TGSI_TOK_DECL_ATOMIC);
   FIELD(tgsi_declaration, MemType, TGSI_TOK_DECL_MEMTYPE);
   FIELD(tgsi_declaration_range, First, TGSI_TOK_RANGE_FIRST);
   FIELD(tgsi_declaration_range, Last, TGSI_TOK_RANGE_LAST);
   FIELD(tgsi_declaration_dimension, Index2D, TGSI_TOK_DECLDIM_INDEX);
   FIELD(tgsi_declaration_interp, Interpolate, TGSI_TOK_INTERP_MODE);
   FIELD(tgsi_declaration_interp, Location, TGSI_TOK_INTERP_LOCATION);
   FIELD(tgsi_declaration_semantic, Name, TGSI_TOK_SEM_NAME);
   FIELD(tgsi_declaration_semantic, Index, TGSI_TOK_SEM_INDEX);
   FIELD(tgsi_declaration_semantic, StreamX, TGSI_TOK_SEM_STREAM_X);
   FIELD(tgsi_declaration_semantic, StreamW, 30, 2);
   FIELD(tgsi_declaration_image, Resource, TGSI_TOK_IMAGE_TARGET);
   FIELD(tgsi_declaration_image, Raw, TGSI_TOK_IMAGE_RAW);
   FIELD(tgsi_declaration_image, Writable, TGSI_TOK_IMAGE_WRITABLE);
   FIELD(tgsi_declaration_image, Format, TGSI_TOK_IMAGE_FORMAT);
   FIELD(tgsi_declaration_sampler_view, Resource, TGSI_TOK_SVIEW_TARGET);
   FIELD(tgsi_declaration_sampler_view, ReturnTypeX, TGSI_TOK_SVIEW_RET_X);
   FIELD(tgsi_declaration_sampler_view, ReturnTypeW, 26, 6);
   FIELD(tgsi_declaration_array, ArrayID, TGSI_TOK_ARRAY_ID);
   FIELD(tgsi_immediate, NrTokens, TGSI_TOK_IMM_NRTOKENS);
   FIELD(tgsi_immediate, DataType, TGSI_TOK_IMM_TYPE);
   FIELD(tgsi_property, PropertyName, TGSI_TOK_PROP_NAME);
}

static void
check_instruction_layouts(unsigned all_ones)
{
   FIELD(tgsi_instruction, NrTokens, TGSI_TOK_NRTOKENS);
   FIELD(tgsi_instruction, Opcode, TGSI_TOK_INSN_OPCODE);
   FIELD(tgsi_instruction, Saturate, TGSI_TOK_INSN_SATURATE);
   FIELD(tgsi_instruction, NumDstRegs, TGSI_TOK_INSN_NUM_DST);
   FIELD(tgsi_instruction, NumSrcRegs, TGSI_TOK_INSN_NUM_SRC);
   FIELD(tgsi_instruction, Label, TGSI_TOK_INSN_LABEL);
   FIELD(tgsi_instruction, Texture, TGSI_TOK_INSN_TEXTURE);
   FIELD(tgsi_instruction, Memory, TGSI_TOK_INSN_MEMORY);
   FIELD(tgsi_instruction, Precise, TGSI_TOK_INSN_PRECISE);
   FIELD(tgsi_instruction_label, Label, TGSI_TOK_LABEL);
   FIELD(tgsi_instruction_texture, Texture, TGSI_TOK_TEX_TARGET);
   FIELD(tgsi_instruction_texture, NumOffsets, TGSI_TOK_TEX_NUM_OFFSETS);
#ifdef HAVE_TEXTURE_RETURN_TYPE
   FIELD(tgsi_instruction_texture, ReturnType, TGSI_TOK_TEX_RETURN_TYPE);
#endif
   FIELD(tgsi_texture_offset, Index, TGSI_TOK_TEXOFF_INDEX);
   FIELD(tgsi_texture_offset, File, TGSI_TOK_TEXOFF_FILE);
   FIELD(tgsi_texture_offset, SwizzleX, TGSI_TOK_TEXOFF_SWIZZLE_X);
   FIELD(tgsi_texture_offset, SwizzleZ, 24, 2);
   FIELD(tgsi_instruction_memory, Qualifier, TGSI_TOK_MEM_QUALIFIER);
   FIELD(tgsi_instruction_memory, Texture, TGSI_TOK_MEM_TEXTURE);
   FIELD(tgsi_instruction_memory, Format, TGSI_TOK_MEM_FORMAT);
}

static void
check_register_layouts(unsigned all_ones)
{
   FIELD(tgsi_src_register, File, TGSI_TOK_SRC_FILE);
   FIELD(tgsi_src_register, Indirect, TGSI_TOK_SRC_INDIRECT);
   FIELD(tgsi_src_register, Dimension, TGSI_TOK_SRC_DIMENSION);
   FIELD(tgsi_src_register, Index, TGSI_TOK_SRC_INDEX);
   FIELD(tgsi_src_register, SwizzleX, TGSI_TOK_SRC_SWIZZLE_X);
   FIELD(tgsi_src_register, SwizzleW, 28, 2);
   FIELD(tgsi_src_register, Absolute, TGSI_TOK_SRC_ABSOLUTE);
   FIELD(tgsi_src_register, Negate, TGSI_TOK_SRC_NEGATE);
   FIELD(tgsi_dst_register, File, TGSI_TOK_DST_FILE);
   FIELD(tgsi_dst_register, WriteMask, TGSI_TOK_DST_WRITEMASK);
   FIELD(tgsi_dst_register, Indirect, TGSI_TOK_DST_INDIRECT);
   FIELD(tgsi_dst_register, Dimension, TGSI_TOK_DST_DIMENSION);
   FIELD(tgsi_dst_register, Index, TGSI_TOK_DST_INDEX);
   FIELD(tgsi_ind_register, File, TGSI_TOK_IND_FILE);
   FIELD(tgsi_ind_register, Index, TGSI_TOK_IND_INDEX);
   FIELD(tgsi_ind_register, Swizzle, TGSI_TOK_IND_SWIZZLE);
   FIELD(tgsi_ind_register, ArrayID, TGSI_TOK_IND_ARRAY_ID);
   FIELD(tgsi_dimension, Indirect, TGSI_TOK_DIM_INDIRECT);
   FIELD(tgsi_dimension, Dimension, TGSI_TOK_DIM_DIMENSION);
   FIELD(tgsi_dimension, Index, TGSI_TOK_DIM_INDEX);
}

int
main(void)
{
   /* Not a constant, so that assigning it to a narrow bit-field is a
    * plain truncation to all ones rather than a constant overflow. */
   volatile unsigned all_ones = ~0u;
   check_declaration_layouts(all_ones);
   check_instruction_layouts(all_ones);
   check_register_layouts(all_ones);
   if (failures)
      printf("%d layout difference(s)\n", failures);
   else
      printf("token layouts and values agree with Mesa's "
             "p_shader_tokens.h\n");
   return failures ? 1 : 0;
}
