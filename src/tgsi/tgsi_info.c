/* SPDX-License-Identifier: MIT */
/*
 * The TGSI fact tables: the opcode table expanded from tgsi_opcodes.h, the
 * few operands whose type differs from their opcode's row, and the names
 * tgsi_dump prints.  Names are matched without regard to case, as Mesa's
 * text parser does.
 */
#include "tgsi_info.h"

#include <string.h>

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
 * data, the exponent of DFRACEXP.  At most one per opcode, indexed by
 * opcode (operand types are asked for every operand parsed). */
struct type_exception {
   bool is_dst;
   uint8_t index;
   uint8_t type; /* TGSI_VT_NONE: no exception */
};

static const struct type_exception type_exceptions[TGSI_OP_COUNT] = {
   [TGSI_OP_LDEXP] = {false, 1, TGSI_VT_I32},
   [TGSI_OP_DLDEXP] = {false, 1, TGSI_VT_I32},
   [TGSI_OP_DFRACEXP] = {true, 1, TGSI_VT_I32},
   [TGSI_OP_READ_INVOC] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_UCMP] = {false, 0, TGSI_VT_U32},
   [TGSI_OP_ISHR] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_U64SHL] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_I64SHR] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_U64SHR] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_INTERP_SAMPLE] = {false, 1, TGSI_VT_I32},
   [TGSI_OP_LOAD] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_STORE] = {false, 0, TGSI_VT_U32},
   [TGSI_OP_ATOMFADD] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMUADD] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMXCHG] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMCAS] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMAND] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMOR] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMXOR] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMUMIN] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMUMAX] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMIMIN] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMIMAX] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMINC_WRAP] = {false, 1, TGSI_VT_U32},
   [TGSI_OP_ATOMDEC_WRAP] = {false, 1, TGSI_VT_U32},
};

const struct tgsi_op_info *
tgsi_op_info(unsigned opcode)
{
   if (opcode >= TGSI_OP_COUNT || !op_table[opcode].name)
      return NULL;
   return &op_table[opcode];
}

/* Every named opcode, by name in byte order (a test finds each one
 * through tgsi_op_from_name, which a misplaced row would break): the text
 * parser looks up each instruction's opcode word. */
static const uint8_t ops_by_name[] = {
   TGSI_OP_ADD, TGSI_OP_AND, TGSI_OP_ARL, TGSI_OP_ARR, TGSI_OP_ATOMAND,
   TGSI_OP_ATOMCAS, TGSI_OP_ATOMDEC_WRAP, TGSI_OP_ATOMFADD, TGSI_OP_ATOMIMAX,
   TGSI_OP_ATOMIMIN, TGSI_OP_ATOMINC_WRAP, TGSI_OP_ATOMOR, TGSI_OP_ATOMUADD,
   TGSI_OP_ATOMUMAX, TGSI_OP_ATOMUMIN, TGSI_OP_ATOMXCHG, TGSI_OP_ATOMXOR,
   TGSI_OP_BALLOT, TGSI_OP_BARRIER, TGSI_OP_BFI, TGSI_OP_BGNLOOP,
   TGSI_OP_BGNSUB, TGSI_OP_BREV, TGSI_OP_BRK, TGSI_OP_CAL, TGSI_OP_CASE,
   TGSI_OP_CEIL, TGSI_OP_CLOCK, TGSI_OP_CMP, TGSI_OP_CONT, TGSI_OP_COS,
   TGSI_OP_D2F, TGSI_OP_D2I, TGSI_OP_D2I64, TGSI_OP_D2U, TGSI_OP_D2U64,
   TGSI_OP_DABS, TGSI_OP_DADD, TGSI_OP_DCEIL, TGSI_OP_DDIV, TGSI_OP_DDX,
   TGSI_OP_DDX_FINE, TGSI_OP_DDY, TGSI_OP_DDY_FINE, TGSI_OP_DEFAULT,
   TGSI_OP_DEMOTE, TGSI_OP_DFLR, TGSI_OP_DFMA, TGSI_OP_DFRAC,
   TGSI_OP_DFRACEXP, TGSI_OP_DIV, TGSI_OP_DLDEXP, TGSI_OP_DMAD, TGSI_OP_DMAX,
   TGSI_OP_DMIN, TGSI_OP_DMUL, TGSI_OP_DNEG, TGSI_OP_DP2, TGSI_OP_DP3,
   TGSI_OP_DP4, TGSI_OP_DRCP, TGSI_OP_DROUND, TGSI_OP_DRSQ, TGSI_OP_DSEQ,
   TGSI_OP_DSGE, TGSI_OP_DSLT, TGSI_OP_DSNE, TGSI_OP_DSQRT, TGSI_OP_DSSG,
   TGSI_OP_DST, TGSI_OP_DTRUNC, TGSI_OP_ELSE, TGSI_OP_EMIT, TGSI_OP_END,
   TGSI_OP_ENDIF, TGSI_OP_ENDLOOP, TGSI_OP_ENDPRIM, TGSI_OP_ENDSUB,
   TGSI_OP_ENDSWITCH, TGSI_OP_EX2, TGSI_OP_EXP, TGSI_OP_F2D, TGSI_OP_F2I,
   TGSI_OP_F2I64, TGSI_OP_F2U, TGSI_OP_F2U64, TGSI_OP_FBFETCH, TGSI_OP_FLR,
   TGSI_OP_FMA, TGSI_OP_FRC, TGSI_OP_FSEQ, TGSI_OP_FSGE, TGSI_OP_FSLT,
   TGSI_OP_FSNE, TGSI_OP_GATHER4, TGSI_OP_I2D, TGSI_OP_I2F, TGSI_OP_I2I64,
   TGSI_OP_I642D, TGSI_OP_I642F, TGSI_OP_I64ABS, TGSI_OP_I64DIV,
   TGSI_OP_I64MAX, TGSI_OP_I64MIN, TGSI_OP_I64MOD, TGSI_OP_I64NEG,
   TGSI_OP_I64SGE, TGSI_OP_I64SHR, TGSI_OP_I64SLT, TGSI_OP_I64SSG,
   TGSI_OP_IABS, TGSI_OP_IBFE, TGSI_OP_IDIV, TGSI_OP_IF, TGSI_OP_IMAX,
   TGSI_OP_IMG2HND, TGSI_OP_IMIN, TGSI_OP_IMSB, TGSI_OP_IMUL_HI,
   TGSI_OP_INEG, TGSI_OP_INTERP_CENTROID, TGSI_OP_INTERP_OFFSET,
   TGSI_OP_INTERP_SAMPLE, TGSI_OP_ISGE, TGSI_OP_ISHR, TGSI_OP_ISLT,
   TGSI_OP_ISSG, TGSI_OP_KILL, TGSI_OP_KILL_IF, TGSI_OP_LDEXP, TGSI_OP_LG2,
   TGSI_OP_LIT, TGSI_OP_LOAD, TGSI_OP_LOD, TGSI_OP_LODQ, TGSI_OP_LOG,
   TGSI_OP_LRP, TGSI_OP_LSB, TGSI_OP_MAD, TGSI_OP_MAX, TGSI_OP_MEMBAR,
   TGSI_OP_MIN, TGSI_OP_MOD, TGSI_OP_MOV, TGSI_OP_MUL, TGSI_OP_NOP,
   TGSI_OP_NOT, TGSI_OP_OR, TGSI_OP_PK2H, TGSI_OP_PK2US, TGSI_OP_PK4B,
   TGSI_OP_PK4UB, TGSI_OP_POPC, TGSI_OP_POW, TGSI_OP_RCP, TGSI_OP_READ_FIRST,
   TGSI_OP_READ_HELPER, TGSI_OP_READ_INVOC, TGSI_OP_RESQ, TGSI_OP_RET,
   TGSI_OP_ROUND, TGSI_OP_RSQ, TGSI_OP_SAMP2HND, TGSI_OP_SAMPLE,
   TGSI_OP_SAMPLE_B, TGSI_OP_SAMPLE_C, TGSI_OP_SAMPLE_C_LZ, TGSI_OP_SAMPLE_D,
   TGSI_OP_SAMPLE_I, TGSI_OP_SAMPLE_INFO, TGSI_OP_SAMPLE_I_MS,
   TGSI_OP_SAMPLE_L, TGSI_OP_SAMPLE_POS, TGSI_OP_SEQ, TGSI_OP_SGE,
   TGSI_OP_SGT, TGSI_OP_SHL, TGSI_OP_SIN, TGSI_OP_SLE, TGSI_OP_SLT,
   TGSI_OP_SNE, TGSI_OP_SQRT, TGSI_OP_SSG, TGSI_OP_STORE, TGSI_OP_SVIEWINFO,
   TGSI_OP_SWITCH, TGSI_OP_TEX, TGSI_OP_TEX2, TGSI_OP_TEX_LZ, TGSI_OP_TG4,
   TGSI_OP_TRUNC, TGSI_OP_TXB, TGSI_OP_TXB2, TGSI_OP_TXD, TGSI_OP_TXF,
   TGSI_OP_TXF_LZ, TGSI_OP_TXL, TGSI_OP_TXL2, TGSI_OP_TXP, TGSI_OP_TXQ,
   TGSI_OP_TXQS, TGSI_OP_U2D, TGSI_OP_U2F, TGSI_OP_U2I64, TGSI_OP_U642D,
   TGSI_OP_U642F, TGSI_OP_U64ADD, TGSI_OP_U64DIV, TGSI_OP_U64MAX,
   TGSI_OP_U64MIN, TGSI_OP_U64MOD, TGSI_OP_U64MUL, TGSI_OP_U64SEQ,
   TGSI_OP_U64SGE, TGSI_OP_U64SHL, TGSI_OP_U64SHR, TGSI_OP_U64SLT,
   TGSI_OP_U64SNE, TGSI_OP_UADD, TGSI_OP_UARL, TGSI_OP_UBFE, TGSI_OP_UCMP,
   TGSI_OP_UDIV, TGSI_OP_UIF, TGSI_OP_UMAD, TGSI_OP_UMAX, TGSI_OP_UMIN,
   TGSI_OP_UMOD, TGSI_OP_UMSB, TGSI_OP_UMUL, TGSI_OP_UMUL_HI, TGSI_OP_UP2H,
   TGSI_OP_UP2US, TGSI_OP_UP4B, TGSI_OP_UP4UB, TGSI_OP_USEQ, TGSI_OP_USGE,
   TGSI_OP_USHR, TGSI_OP_USLT, TGSI_OP_USNE, TGSI_OP_VOTE_ALL,
   TGSI_OP_VOTE_ANY, TGSI_OP_VOTE_EQ, TGSI_OP_XOR,
};

/* ASCII upper case: a driver's locale must not change TGSI names. */
static int
upper(char c)
{
   /* Without a branch: the parser compares every operand's name. */
   unsigned u = (unsigned char)c;
   return (int)(u - ((u - 'a' < 26u) << 5));
}

/* `s` (`len` bytes) against the NUL-terminated name `n`, both upper-cased,
 * in byte order: 0 when they are the same name in any case. */
static int
compare_name(const char *n, const char *s, size_t len)
{
   for (size_t i = 0; i < len; i++) {
      int c = upper(s[i]), d = upper(n[i]);
      if (c != d)
         return c - d; /* also when n ends first */
   }
   return n[len] ? -1 : 0;
}

int
tgsi_op_from_name(const char *name, size_t len)
{
   size_t lo = 0, hi = sizeof(ops_by_name);
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      int c = compare_name(op_table[ops_by_name[mid]].name, name, len);
      if (!c)
         return ops_by_name[mid];
      if (c < 0)
         hi = mid;
      else
         lo = mid + 1;
   }
   return -1;
}

static enum tgsi_value_type
operand_type(unsigned opcode, bool is_dst, unsigned index)
{
   const struct tgsi_op_info *info = tgsi_op_info(opcode);
   if (!info || index >= (is_dst ? info->num_dst : info->num_src))
      return TGSI_VT_NONE;
   const struct type_exception *e = &type_exceptions[opcode];
   if (e->type != TGSI_VT_NONE && e->is_dst == is_dst && e->index == index)
      return (enum tgsi_value_type)e->type;
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
   /* Most names differ in their first letter: a cheap test for each
    * before the whole comparison (the parser looks up every operand's
    * register file here). */
   int first = len ? upper(s[0]) : 0;
   for (unsigned i = 0; i < names->count; i++) {
      const char *n = names->names[i];
      if (upper(n[0]) == first && !compare_name(n, s, len))
         return (int)i;
   }
   return -1;
}
