/* SPDX-License-Identifier: MIT */
/*
 * The TGSI fact tables: the opcode table expanded from tgsi_opcodes.h, the
 * few operands whose type differs from their opcode's row, and the names
 * tgsi_dump prints.  Names are matched without regard to case, as Mesa's
 * text parser does.
 */
#include "tgsi_info.h"

#include <string.h>
#include <strings.h>

/* Short names for the flag and type columns of tgsi_opcodes.h. */
#define LBL TGSI_OPF_LABEL
#define TGT TGSI_OPF_TARGET
#define TTOK TGSI_OPF_TEXTOKEN
#define MEM TGSI_OPF_MEMORY
#define MEMO TGSI_OPF_MEMORY_OPT
#define STO TGSI_OPF_STORE
#define IND TGSI_OPF_INDENT
#define DED TGSI_OPF_DEDENT
#define VT_NONE TGSI_VT_NONE
#define VT_UNT TGSI_VT_UNTYPED
#define VT_F32 TGSI_VT_F32
#define VT_U32 TGSI_VT_U32
#define VT_I32 TGSI_VT_I32
#define VT_F64 TGSI_VT_F64
#define VT_U64 TGSI_VT_U64
#define VT_I64 TGSI_VT_I64

static const struct tgsi_op_info op_table[TGSI_OP_COUNT] = {
#define TGSI_OP(num, nm, nd, ns, mode, fl, dt, st)                           \
   [num] = {.name = #nm,                                                     \
            .num_dst = nd,                                                   \
            .num_src = ns,                                                   \
            .output_mode = TGSI_OUT_##mode,                                  \
            .dst_type = VT_##dt,                                             \
            .src_type = VT_##st,                                             \
            .flags = (fl)},
#include "tgsi_opcodes.h"
#undef TGSI_OP
};

/* Operands whose type is not their row's: addresses and counts among
 * data, the exponent of DFRACEXP. */
struct type_exception {
   uint8_t opcode;
   bool is_dst;
   uint8_t index;
   uint8_t type;
};

static const struct type_exception type_exceptions[] = {
   {TGSI_OP_LDEXP, false, 1, TGSI_VT_I32},
   {TGSI_OP_DLDEXP, false, 1, TGSI_VT_I32},
   {TGSI_OP_DFRACEXP, true, 1, TGSI_VT_I32},
   {TGSI_OP_READ_INVOC, false, 1, TGSI_VT_U32},
   {TGSI_OP_UCMP, false, 0, TGSI_VT_U32},
   {TGSI_OP_ISHR, false, 1, TGSI_VT_U32},
   {TGSI_OP_U64SHL, false, 1, TGSI_VT_U32},
   {TGSI_OP_I64SHR, false, 1, TGSI_VT_U32},
   {TGSI_OP_U64SHR, false, 1, TGSI_VT_U32},
   {TGSI_OP_INTERP_SAMPLE, false, 1, TGSI_VT_I32},
   {TGSI_OP_LOAD, false, 1, TGSI_VT_U32},
   {TGSI_OP_STORE, false, 0, TGSI_VT_U32},
   {TGSI_OP_ATOMFADD, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMUADD, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMXCHG, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMCAS, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMAND, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMOR, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMXOR, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMUMIN, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMUMAX, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMIMIN, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMIMAX, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMINC_WRAP, false, 1, TGSI_VT_U32},
   {TGSI_OP_ATOMDEC_WRAP, false, 1, TGSI_VT_U32},
};

const struct tgsi_op_info *
tgsi_op_info(unsigned opcode)
{
   if (opcode >= TGSI_OP_COUNT || !op_table[opcode].name)
      return NULL;
   return &op_table[opcode];
}

/* `n` (NUL-terminated) is `s` (`len` bytes) ignoring case.  The first
 * letter is compared before anything else: these are linear searches
 * of every instruction's words (text in), so most names differ there. */
static bool
same_name(const char *n, const char *s, size_t len)
{
   if (!len)
      return !n[0];
   /* A filter only (it also pairs some non-letters): ASCII case is the
    * 0x20 bit. */
   return ((n[0] ^ s[0]) & 0xdf) == 0 && strncasecmp(n, s, len) == 0 &&
          n[len] == '\0';
}

int
tgsi_op_from_name(const char *name, size_t len)
{
   for (unsigned i = 0; i < TGSI_OP_COUNT; i++) {
      const char *n = op_table[i].name;
      if (n && same_name(n, name, len))
         return (int)i;
   }
   return -1;
}

static enum tgsi_value_type
operand_type(unsigned opcode, bool is_dst, unsigned index)
{
   const struct tgsi_op_info *info = tgsi_op_info(opcode);
   if (!info || index >= (is_dst ? info->num_dst : info->num_src))
      return TGSI_VT_NONE;
   for (size_t i = 0; i < sizeof(type_exceptions) / sizeof(type_exceptions[0]);
        i++) {
      const struct type_exception *e = &type_exceptions[i];
      if (e->opcode == opcode && e->is_dst == is_dst && e->index == index)
         return (enum tgsi_value_type)e->type;
   }
   return (enum tgsi_value_type)(is_dst ? info->dst_type : info->src_type);
}

enum tgsi_value_type
tgsi_op_dst_type(unsigned opcode, unsigned index)
{
   return operand_type(opcode, true, index);
}

enum tgsi_value_type
tgsi_op_src_type(unsigned opcode, unsigned index)
{
   return operand_type(opcode, false, index);
}

#define NAMES(var, ...)                                                      \
   static const char *const var##_list[] = {__VA_ARGS__};                    \
   const struct tgsi_names var = {                                           \
      var##_list, sizeof(var##_list) / sizeof(var##_list[0])}

NAMES(tgsi_proc_names, "VERT", "TESS_CTRL", "TESS_EVAL", "GEOM", "FRAG",
      "COMP", "TASK", "MESH");

NAMES(tgsi_file_names, "NULL", "CONST", "IN", "OUT", "TEMP", "SAMP", "ADDR",
      "IMM", "SV", "IMAGE", "SVIEW", "BUFFER", "MEMORY", "CONSTBUF",
      "HWATOMIC");

NAMES(tgsi_sem_names, "POSITION", "COLOR", "BCOLOR", "FOG", "PSIZE",
      "GENERIC", "NORMAL", "FACE", "EDGEFLAG", "PRIM_ID", "INSTANCEID",
      "VERTEXID", "STENCIL", "CLIPDIST", "CLIPVERTEX", "GRID_SIZE",
      "BLOCK_ID", "BLOCK_SIZE", "THREAD_ID", "TEXCOORD", "PCOORD",
      "VIEWPORT_INDEX", "LAYER", "SAMPLEID", "SAMPLEPOS", "SAMPLEMASK",
      "INVOCATIONID", "VERTEXID_NOBASE", "BASEVERTEX", "PATCH", "TESSCOORD",
      "TESSOUTER", "TESSINNER", "VERTICESIN", "HELPER_INVOCATION",
      "BASEINSTANCE", "DRAWID", "WORK_DIM", "SUBGROUP_SIZE",
      "SUBGROUP_INVOCATION", "SUBGROUP_EQ_MASK", "SUBGROUP_GE_MASK",
      "SUBGROUP_GT_MASK", "SUBGROUP_LE_MASK", "SUBGROUP_LT_MASK",
      "CS_USER_DATA_AMD", "VIEWPORT_MASK", "VIEW_INDEX");

NAMES(tgsi_prop_names, "GS_INPUT_PRIMITIVE", "GS_OUTPUT_PRIMITIVE",
      "GS_MAX_OUTPUT_VERTICES", "FS_COORD_ORIGIN", "FS_COORD_PIXEL_CENTER",
      "FS_COLOR0_WRITES_ALL_CBUFS", "FS_DEPTH_LAYOUT", "VS_PROHIBIT_UCPS",
      "GS_INVOCATIONS", "VS_WINDOW_SPACE_POSITION", "TCS_VERTICES_OUT",
      "TES_PRIM_MODE", "TES_SPACING", "TES_VERTEX_ORDER_CW",
      "TES_POINT_MODE", "NUM_CLIPDIST_ENABLED", "NUM_CULLDIST_ENABLED",
      "FS_EARLY_DEPTH_STENCIL", "FS_POST_DEPTH_COVERAGE", "NEXT_SHADER",
      "CS_FIXED_BLOCK_WIDTH", "CS_FIXED_BLOCK_HEIGHT",
      "CS_FIXED_BLOCK_DEPTH", "LEGACY_MATH_RULES", "VS_BLIT_SGPRS_AMD",
      "CS_USER_DATA_COMPONENTS_AMD", "LAYER_VIEWPORT_RELATIVE",
      "FS_BLEND_EQUATION_ADVANCED", "SEPARABLE_PROGRAM", "NUM_VIEWS");

NAMES(tgsi_prim_names, "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP",
      "TRIANGLES", "TRIANGLE_STRIP", "TRIANGLE_FAN", "QUADS", "QUAD_STRIP",
      "POLYGON", "LINES_ADJACENCY", "LINE_STRIP_ADJACENCY",
      "TRIANGLES_ADJACENCY", "TRIANGLE_STRIP_ADJACENCY", "PATCHES");

NAMES(tgsi_origin_names, "UPPER_LEFT", "LOWER_LEFT");
NAMES(tgsi_pixcenter_names, "HALF_INTEGER", "INTEGER");

NAMES(tgsi_tex_names, "BUFFER", "1D", "2D", "3D", "CUBE", "RECT",
      "SHADOW1D", "SHADOW2D", "SHADOWRECT", "1D_ARRAY", "2D_ARRAY",
      "SHADOW1D_ARRAY", "SHADOW2D_ARRAY", "SHADOWCUBE", "2D_MSAA",
      "2D_ARRAY_MSAA", "CUBEARRAY", "SHADOWCUBEARRAY", "UNKNOWN");

NAMES(tgsi_ret_names, "UNORM", "SNORM", "SINT", "UINT", "FLOAT", "UNKNOWN");
NAMES(tgsi_interp_names, "CONSTANT", "LINEAR", "PERSPECTIVE", "COLOR");
NAMES(tgsi_interp_loc_names, "CENTER", "CENTROID", "SAMPLE");
NAMES(tgsi_memtype_names, "GLOBAL", "SHARED", "PRIVATE", "INPUT");
NAMES(tgsi_memq_names, "COHERENT", "RESTRICT", "VOLATILE",
      "STREAM_CACHE_POLICY");
NAMES(tgsi_immtype_names, "FLT32", "UINT32", "INT32", "FLT64", "UINT64",
      "INT64");

static const char *const format_list[] = {
#define TGSI_FMT(name) "PIPE_FORMAT_" #name,
#include "tgsi_formats.h"
#undef TGSI_FMT
};
const struct tgsi_names tgsi_format_names = {
   format_list, sizeof(format_list) / sizeof(format_list[0])};

const char *
tgsi_name(const struct tgsi_names *names, unsigned value)
{
   return value < names->count ? names->names[value] : NULL;
}

unsigned
tgsi_gs_vertices_in(unsigned prim)
{
   switch (prim) {
   case TGSI_PRIM_POINTS: return 1;
   case TGSI_PRIM_LINES: return 2;
   case TGSI_PRIM_TRIANGLES: return 3;
   case TGSI_PRIM_LINES_ADJACENCY: return 4;
   case TGSI_PRIM_TRIANGLES_ADJACENCY: return 6;
   default: return 0;
   }
}

unsigned
tgsi_gs_vertices_out(unsigned prim)
{
   switch (prim) {
   case TGSI_PRIM_POINTS: return 1;
   case TGSI_PRIM_LINE_STRIP: return 2;
   case TGSI_PRIM_TRIANGLE_STRIP: return 3;
   default: return 0;
   }
}

int
tgsi_name_find(const struct tgsi_names *names, const char *s, size_t len)
{
   for (unsigned i = 0; i < names->count; i++) {
      const char *n = names->names[i];
      if (same_name(n, s, len))
         return (int)i;
   }
   return -1;
}
