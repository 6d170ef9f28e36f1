/* SPDX-License-Identifier: MIT */
/*
 * TGSI's binary token layout and enumerations, word for word compatible
 * with Mesa's pipe/p_shader_tokens.h (Mesa 22.x and 24.x): a Gallium
 * driver hands us exactly the uint32_t words it received, and we hand back
 * words Mesa's tools can read.
 *
 * Fields are described as (shift, width) pairs over a 32-bit word rather
 * than C bit-fields, so the layout does not depend on the compiler's
 * bit-field allocation and every access is an explicit, checkable
 * operation.  A field macro expands to two arguments:
 *
 *    opcode = tgsi_tok_get(word, TGSI_TOK_INSN_OPCODE);
 *
 * Every identifier differs from Mesa's (TGSI_OP_ and not TGSI_OPCODE_,
 * TGSI_REGFILE_ and not TGSI_FILE_, ...), so that the optional
 * -Dmesa_include test can include both headers and assert that they agree.
 *
 * Where Mesa versions disagree, the numbering of Mesa 24.0 wins (it made
 * ../shared/mesa-ref/tokens): processors follow Mesa's shader stages
 * (VERTEX = 0 ... FRAGMENT = 4), not the pre-23.0 order.
 */
#ifndef TGSIVA_TGSI_TOKENS_H
#define TGSIVA_TGSI_TOKENS_H

#include <stdbool.h>
#include <stdint.h>

/* ---- field access ------------------------------------------------------ */

static inline uint32_t
tgsi_tok_mask(unsigned width)
{
   return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

static inline uint32_t
tgsi_tok_get(uint32_t word, unsigned shift, unsigned width)
{
   return (word >> shift) & tgsi_tok_mask(width);
}

/* A two's complement field (register indices). */
static inline int32_t
tgsi_tok_get_signed(uint32_t word, unsigned shift, unsigned width)
{
   uint32_t v = tgsi_tok_get(word, shift, width);
   uint32_t sign = 1u << (width - 1);
   return (int32_t)(v ^ sign) - (int32_t)sign;
}

/* `value` placed in the field; the caller has checked that it fits. */
static inline uint32_t
tgsi_tok_put(unsigned shift, unsigned width, uint32_t value)
{
   return (value & tgsi_tok_mask(width)) << shift;
}

static inline bool
tgsi_tok_fits(unsigned width, uint32_t value)
{
   return value <= tgsi_tok_mask(width);
}

static inline bool
tgsi_tok_fits_signed(unsigned width, int32_t value)
{
   int32_t lim = (int32_t)(1u << (width - 1));
   return value >= -lim && value < lim;
}

/* ---- token layouts ----------------------------------------------------- */

/* Word 0: the header.  HeaderSize counts the header and processor words
 * (always 2), BodySize every word after them. */
#define TGSI_TOK_HEADER_SIZE 0, 8
#define TGSI_TOK_HEADER_BODY_SIZE 8, 24
/* Word 1: the processor (enum tgsi_proc). */
#define TGSI_TOK_PROC_PROCESSOR 0, 4

/* The first word of every body token. */
#define TGSI_TOK_TYPE 0, 4 /* enum tgsi_toktype */
#define TGSI_TOK_NRTOKENS 4, 8

/*
 * Declaration: NrTokens counts every word including this one.  Then come,
 * in this order: the range; a dimension if Dimension; an interpolation if
 * Interpolate; a semantic if Semantic; an image token for IMAGE files; a
 * sampler view token for SAMPLER_VIEW files; an array token if Array.
 */
#define TGSI_TOK_DECL_FILE 12, 4
#define TGSI_TOK_DECL_USAGE_MASK 16, 4
#define TGSI_TOK_DECL_DIMENSION 20, 1
#define TGSI_TOK_DECL_SEMANTIC 21, 1
#define TGSI_TOK_DECL_INTERPOLATE 22, 1
#define TGSI_TOK_DECL_INVARIANT 23, 1
#define TGSI_TOK_DECL_LOCAL 24, 1
#define TGSI_TOK_DECL_ARRAY 25, 1
#define TGSI_TOK_DECL_ATOMIC 26, 1
#define TGSI_TOK_DECL_MEMTYPE 27, 2

#define TGSI_TOK_RANGE_FIRST 0, 16
#define TGSI_TOK_RANGE_LAST 16, 16
#define TGSI_TOK_DECLDIM_INDEX 0, 16
#define TGSI_TOK_INTERP_MODE 0, 4
#define TGSI_TOK_INTERP_LOCATION 4, 2
#define TGSI_TOK_SEM_NAME 0, 8
#define TGSI_TOK_SEM_INDEX 8, 16
#define TGSI_TOK_SEM_STREAM_X 24, 2 /* Y, Z, W follow, 2 bits each */
#define TGSI_TOK_IMAGE_TARGET 0, 8
#define TGSI_TOK_IMAGE_RAW 8, 1
#define TGSI_TOK_IMAGE_WRITABLE 9, 1
#define TGSI_TOK_IMAGE_FORMAT 10, 10
#define TGSI_TOK_SVIEW_TARGET 0, 8
#define TGSI_TOK_SVIEW_RET_X 8, 6 /* Y, Z, W follow, 6 bits each */
#define TGSI_TOK_ARRAY_ID 0, 10

/* Immediate: NrTokens is wider here and counts this word too; the data
 * words follow. */
#define TGSI_TOK_IMM_NRTOKENS 4, 14
#define TGSI_TOK_IMM_TYPE 18, 4

/* Property: NrTokens counts this word; the data words follow. */
#define TGSI_TOK_PROP_NAME 12, 8

/*
 * Instruction.  Unlike every other token, NrTokens counts only the words
 * after this one (that is what Mesa's builder writes).  Then come, in this
 * order: a label if Label; a texture token and NumOffsets offsets if
 * Texture; a memory token if Memory; the destinations; the sources.  Each
 * register is followed by its indirect register if Indirect, then by a
 * dimension if Dimension, then by the dimension's indirect register if the
 * dimension is indirect.
 */
#define TGSI_TOK_INSN_OPCODE 12, 8
#define TGSI_TOK_INSN_SATURATE 20, 1
#define TGSI_TOK_INSN_NUM_DST 21, 2
#define TGSI_TOK_INSN_NUM_SRC 23, 4
#define TGSI_TOK_INSN_LABEL 27, 1
#define TGSI_TOK_INSN_TEXTURE 28, 1
#define TGSI_TOK_INSN_MEMORY 29, 1
#define TGSI_TOK_INSN_PRECISE 30, 1

#define TGSI_TOK_LABEL 0, 24
#define TGSI_TOK_TEX_TARGET 0, 8
#define TGSI_TOK_TEX_NUM_OFFSETS 8, 4
#define TGSI_TOK_TEX_RETURN_TYPE 12, 3
#define TGSI_TOK_TEXOFF_INDEX 0, 16 /* signed */
#define TGSI_TOK_TEXOFF_FILE 16, 4
#define TGSI_TOK_TEXOFF_SWIZZLE_X 20, 2 /* Y, Z follow */
#define TGSI_TOK_MEM_QUALIFIER 0, 4
#define TGSI_TOK_MEM_TEXTURE 4, 8
#define TGSI_TOK_MEM_FORMAT 12, 10

#define TGSI_TOK_DST_FILE 0, 4
#define TGSI_TOK_DST_WRITEMASK 4, 4
#define TGSI_TOK_DST_INDIRECT 8, 1
#define TGSI_TOK_DST_DIMENSION 9, 1
#define TGSI_TOK_DST_INDEX 10, 16 /* signed */

#define TGSI_TOK_SRC_FILE 0, 4
#define TGSI_TOK_SRC_INDIRECT 4, 1
#define TGSI_TOK_SRC_DIMENSION 5, 1
#define TGSI_TOK_SRC_INDEX 6, 16 /* signed */
#define TGSI_TOK_SRC_SWIZZLE_X 22, 2 /* Y, Z, W follow */
#define TGSI_TOK_SRC_ABSOLUTE 30, 1
#define TGSI_TOK_SRC_NEGATE 31, 1

#define TGSI_TOK_IND_FILE 0, 4
#define TGSI_TOK_IND_INDEX 4, 16 /* signed */
#define TGSI_TOK_IND_SWIZZLE 20, 2
#define TGSI_TOK_IND_ARRAY_ID 22, 10

#define TGSI_TOK_DIM_INDIRECT 0, 1
#define TGSI_TOK_DIM_DIMENSION 1, 1 /* a further dimension: never used */
#define TGSI_TOK_DIM_INDEX 16, 16   /* signed */

/* ---- enumerations ------------------------------------------------------ */

enum tgsi_toktype {
   TGSI_TOKTYPE_DECLARATION = 0,
   TGSI_TOKTYPE_IMMEDIATE = 1,
   TGSI_TOKTYPE_INSTRUCTION = 2,
   TGSI_TOKTYPE_PROPERTY = 3,
};

/* Mesa's shader stages (mesa_shader_stage / pipe_shader_type). */
enum tgsi_proc {
   TGSI_PROC_VERTEX = 0,
   TGSI_PROC_TESS_CTRL = 1,
   TGSI_PROC_TESS_EVAL = 2,
   TGSI_PROC_GEOMETRY = 3,
   TGSI_PROC_FRAGMENT = 4,
   TGSI_PROC_COMPUTE = 5,
   TGSI_PROC_TASK = 6, /* only as a NEXT_SHADER value */
   TGSI_PROC_MESH = 7,
   TGSI_PROC_COUNT,
};

enum tgsi_regfile {
   TGSI_REGFILE_NULL = 0,
   TGSI_REGFILE_CONSTANT = 1,
   TGSI_REGFILE_INPUT = 2,
   TGSI_REGFILE_OUTPUT = 3,
   TGSI_REGFILE_TEMPORARY = 4,
   TGSI_REGFILE_SAMPLER = 5,
   TGSI_REGFILE_ADDRESS = 6,
   TGSI_REGFILE_IMMEDIATE = 7,
   TGSI_REGFILE_SYSTEM_VALUE = 8,
   TGSI_REGFILE_IMAGE = 9,
   TGSI_REGFILE_SAMPLER_VIEW = 10,
   TGSI_REGFILE_BUFFER = 11,
   TGSI_REGFILE_MEMORY = 12,
   TGSI_REGFILE_CONSTBUF = 13,
   TGSI_REGFILE_HW_ATOMIC = 14,
   TGSI_REGFILE_COUNT,
};

enum tgsi_wmask {
   TGSI_WMASK_X = 1,
   TGSI_WMASK_Y = 2,
   TGSI_WMASK_Z = 4,
   TGSI_WMASK_W = 8,
   TGSI_WMASK_XYZW = 15,
};

enum tgsi_swz {
   TGSI_SWZ_X = 0,
   TGSI_SWZ_Y = 1,
   TGSI_SWZ_Z = 2,
   TGSI_SWZ_W = 3,
};

enum tgsi_interp {
   TGSI_INTERP_CONSTANT = 0,
   TGSI_INTERP_LINEAR = 1,
   TGSI_INTERP_PERSPECTIVE = 2,
   TGSI_INTERP_COLOR = 3, /* flat or smooth, as the rasterizer says */
   TGSI_INTERP_COUNT,
};

enum tgsi_interp_loc {
   TGSI_INTERP_LOC_CENTER = 0,
   TGSI_INTERP_LOC_CENTROID = 1,
   TGSI_INTERP_LOC_SAMPLE = 2,
   TGSI_INTERP_LOC_COUNT,
};

/* The MEMORY file's address space. */
enum tgsi_memtype {
   TGSI_MEMTYPE_GLOBAL = 0,
   TGSI_MEMTYPE_SHARED = 1,
   TGSI_MEMTYPE_PRIVATE = 2,
   TGSI_MEMTYPE_INPUT = 3,
   TGSI_MEMTYPE_COUNT,
};

enum tgsi_sem {
   TGSI_SEM_POSITION = 0,
   TGSI_SEM_COLOR = 1,
   TGSI_SEM_BCOLOR = 2,
   TGSI_SEM_FOG = 3,
   TGSI_SEM_PSIZE = 4,
   TGSI_SEM_GENERIC = 5,
   TGSI_SEM_NORMAL = 6,
   TGSI_SEM_FACE = 7,
   TGSI_SEM_EDGEFLAG = 8,
   TGSI_SEM_PRIMID = 9,
   TGSI_SEM_INSTANCEID = 10,
   TGSI_SEM_VERTEXID = 11,
   TGSI_SEM_STENCIL = 12,
   TGSI_SEM_CLIPDIST = 13,
   TGSI_SEM_CLIPVERTEX = 14,
   TGSI_SEM_GRID_SIZE = 15,
   TGSI_SEM_BLOCK_ID = 16,
   TGSI_SEM_BLOCK_SIZE = 17,
   TGSI_SEM_THREAD_ID = 18,
   TGSI_SEM_TEXCOORD = 19,
   TGSI_SEM_PCOORD = 20,
   TGSI_SEM_VIEWPORT_INDEX = 21,
   TGSI_SEM_LAYER = 22,
   TGSI_SEM_SAMPLEID = 23,
   TGSI_SEM_SAMPLEPOS = 24,
   TGSI_SEM_SAMPLEMASK = 25,
   TGSI_SEM_INVOCATIONID = 26,
   TGSI_SEM_VERTEXID_NOBASE = 27,
   TGSI_SEM_BASEVERTEX = 28,
   TGSI_SEM_PATCH = 29,
   TGSI_SEM_TESSCOORD = 30,
   TGSI_SEM_TESSOUTER = 31,
   TGSI_SEM_TESSINNER = 32,
   TGSI_SEM_VERTICESIN = 33,
   TGSI_SEM_HELPER_INVOCATION = 34,
   TGSI_SEM_BASEINSTANCE = 35,
   TGSI_SEM_DRAWID = 36,
   TGSI_SEM_WORK_DIM = 37,
   TGSI_SEM_SUBGROUP_SIZE = 38,
   TGSI_SEM_SUBGROUP_INVOCATION = 39,
   TGSI_SEM_SUBGROUP_EQ_MASK = 40,
   TGSI_SEM_SUBGROUP_GE_MASK = 41,
   TGSI_SEM_SUBGROUP_GT_MASK = 42,
   TGSI_SEM_SUBGROUP_LE_MASK = 43,
   TGSI_SEM_SUBGROUP_LT_MASK = 44,
   TGSI_SEM_CS_USER_DATA_AMD = 45,
   TGSI_SEM_VIEWPORT_MASK = 46,
   TGSI_SEM_VIEW_INDEX = 47, /* newer than 24.0, appended */
   TGSI_SEM_COUNT,
};

enum tgsi_immtype {
   TGSI_IMMTYPE_FLT32 = 0,
   TGSI_IMMTYPE_UINT32 = 1,
   TGSI_IMMTYPE_INT32 = 2,
   TGSI_IMMTYPE_FLT64 = 3,
   TGSI_IMMTYPE_UINT64 = 4,
   TGSI_IMMTYPE_INT64 = 5,
   TGSI_IMMTYPE_COUNT,
};

enum tgsi_prop_name {
   TGSI_PROP_GS_INPUT_PRIM = 0,
   TGSI_PROP_GS_OUTPUT_PRIM = 1,
   TGSI_PROP_GS_MAX_OUTPUT_VERTICES = 2,
   TGSI_PROP_FS_COORD_ORIGIN = 3,
   TGSI_PROP_FS_COORD_PIXEL_CENTER = 4,
   TGSI_PROP_FS_COLOR0_WRITES_ALL_CBUFS = 5,
   TGSI_PROP_FS_DEPTH_LAYOUT = 6,
   TGSI_PROP_VS_PROHIBIT_UCPS = 7,
   TGSI_PROP_GS_INVOCATIONS = 8,
   TGSI_PROP_VS_WINDOW_SPACE_POSITION = 9,
   TGSI_PROP_TCS_VERTICES_OUT = 10,
   TGSI_PROP_TES_PRIM_MODE = 11,
   TGSI_PROP_TES_SPACING = 12,
   TGSI_PROP_TES_VERTEX_ORDER_CW = 13,
   TGSI_PROP_TES_POINT_MODE = 14,
   TGSI_PROP_NUM_CLIPDIST_ENABLED = 15,
   TGSI_PROP_NUM_CULLDIST_ENABLED = 16,
   TGSI_PROP_FS_EARLY_DEPTH_STENCIL = 17,
   TGSI_PROP_FS_POST_DEPTH_COVERAGE = 18,
   TGSI_PROP_NEXT_SHADER = 19,
   TGSI_PROP_CS_FIXED_BLOCK_WIDTH = 20,
   TGSI_PROP_CS_FIXED_BLOCK_HEIGHT = 21,
   TGSI_PROP_CS_FIXED_BLOCK_DEPTH = 22,
   TGSI_PROP_LEGACY_MATH_RULES = 23,
   TGSI_PROP_VS_BLIT_SGPRS_AMD = 24,
   TGSI_PROP_CS_USER_DATA_COMPONENTS_AMD = 25,
   TGSI_PROP_LAYER_VIEWPORT_RELATIVE = 26,
   TGSI_PROP_FS_BLEND_EQUATION_ADVANCED = 27,
   TGSI_PROP_SEPARABLE_PROGRAM = 28,
   TGSI_PROP_NUM_VIEWS = 29, /* newer than 24.0, appended */
   TGSI_PROP_COUNT,
};

/* Values of TGSI_PROP_FS_COORD_ORIGIN, _PIXEL_CENTER and _DEPTH_LAYOUT. */
enum tgsi_origin {
   TGSI_ORIGIN_UPPER_LEFT = 0,
   TGSI_ORIGIN_LOWER_LEFT = 1,
};

enum tgsi_pixcenter {
   TGSI_PIXCENTER_HALF_INTEGER = 0,
   TGSI_PIXCENTER_INTEGER = 1,
};

enum tgsi_depth_layout {
   TGSI_DEPTH_LAYOUT_NONE = 0,
   TGSI_DEPTH_LAYOUT_ANY = 1,
   TGSI_DEPTH_LAYOUT_GREATER = 2,
   TGSI_DEPTH_LAYOUT_LESS = 3,
   TGSI_DEPTH_LAYOUT_UNCHANGED = 4,
};

/* Values of the GS primitive properties (Mesa's primitive types). */
enum tgsi_prim {
   TGSI_PRIM_POINTS = 0,
   TGSI_PRIM_LINES = 1,
   TGSI_PRIM_LINE_LOOP = 2,
   TGSI_PRIM_LINE_STRIP = 3,
   TGSI_PRIM_TRIANGLES = 4,
   TGSI_PRIM_TRIANGLE_STRIP = 5,
   TGSI_PRIM_TRIANGLE_FAN = 6,
   TGSI_PRIM_QUADS = 7,
   TGSI_PRIM_QUAD_STRIP = 8,
   TGSI_PRIM_POLYGON = 9,
   TGSI_PRIM_LINES_ADJACENCY = 10,
   TGSI_PRIM_LINE_STRIP_ADJACENCY = 11,
   TGSI_PRIM_TRIANGLES_ADJACENCY = 12,
   TGSI_PRIM_TRIANGLE_STRIP_ADJACENCY = 13,
   TGSI_PRIM_PATCHES = 14,
   TGSI_PRIM_COUNT,
};

enum tgsi_tex_target {
   TGSI_TEX_BUFFER = 0,
   TGSI_TEX_1D = 1,
   TGSI_TEX_2D = 2,
   TGSI_TEX_3D = 3,
   TGSI_TEX_CUBE = 4,
   TGSI_TEX_RECT = 5,
   TGSI_TEX_SHADOW1D = 6,
   TGSI_TEX_SHADOW2D = 7,
   TGSI_TEX_SHADOWRECT = 8,
   TGSI_TEX_1D_ARRAY = 9,
   TGSI_TEX_2D_ARRAY = 10,
   TGSI_TEX_SHADOW1D_ARRAY = 11,
   TGSI_TEX_SHADOW2D_ARRAY = 12,
   TGSI_TEX_SHADOWCUBE = 13,
   TGSI_TEX_2D_MSAA = 14,
   TGSI_TEX_2D_ARRAY_MSAA = 15,
   TGSI_TEX_CUBE_ARRAY = 16,
   TGSI_TEX_SHADOWCUBE_ARRAY = 17,
   TGSI_TEX_UNKNOWN = 18, /* SAMPLE* instructions: the view decides */
   TGSI_TEX_COUNT,
};

enum tgsi_ret_type {
   TGSI_RET_UNORM = 0,
   TGSI_RET_SNORM = 1,
   TGSI_RET_SINT = 2,
   TGSI_RET_UINT = 3,
   TGSI_RET_FLOAT = 4,
   TGSI_RET_UNKNOWN = 5, /* what the instruction texture token carries */
   TGSI_RET_COUNT,
};

/* Bits of the memory token's qualifier. */
enum tgsi_memq {
   TGSI_MEMQ_COHERENT = 1 << 0,
   TGSI_MEMQ_RESTRICT = 1 << 1,
   TGSI_MEMQ_VOLATILE = 1 << 2,
   TGSI_MEMQ_STREAM_CACHE_POLICY = 1 << 3,
};

/* Bits of MEMBAR's source value. */
enum tgsi_membar_bit {
   TGSI_MEMBAR_BIT_SHADER_BUFFER = 1 << 0,
   TGSI_MEMBAR_BIT_ATOMIC_BUFFER = 1 << 1,
   TGSI_MEMBAR_BIT_SHADER_IMAGE = 1 << 2,
   TGSI_MEMBAR_BIT_SHARED = 1 << 3,
   TGSI_MEMBAR_BIT_THREAD_GROUP = 1 << 4,
};

enum tgsi_op {
#define TGSI_OP(num, name, ...) TGSI_OP_##name = num,
#include "tgsi_opcodes.h"
#undef TGSI_OP
   TGSI_OP_COUNT = 252, /* one past the highest number */
};

enum tgsi_format {
#define TGSI_FMT(name) TGSI_FMT_##name,
#include "tgsi_formats.h"
#undef TGSI_FMT
   TGSI_FMT_COUNT,
};

#endif
