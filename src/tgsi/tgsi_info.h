/* SPDX-License-Identifier: MIT */
/*
 * Facts about TGSI as constant tables: one row per opcode, and the names
 * tgsi_dump prints for every enumeration.  The parser, the printer, the
 * reader and later the IR translator all look facts up here instead of
 * switching on opcodes.
 */
#ifndef TGSIVA_TGSI_INFO_H
#define TGSIVA_TGSI_INFO_H

#include <stddef.h>
#include <stdint.h>

#include "tgsi_tokens.h"

/* How an instruction's result channels relate to its inputs. */
enum tgsi_output_mode {
   TGSI_OUT_NONE, /* no destination */
   TGSI_OUT_COMP, /* each channel from the same channel of the sources */
   TGSI_OUT_REPL, /* one scalar result replicated to every channel */
   TGSI_OUT_CHAN, /* each channel has its own formula (LIT, DST, UP2H) */
   TGSI_OUT_OTHR, /* anything else (texture, memory, interpolation) */
};

/* The type of the value an operand carries. */
enum tgsi_value_type {
   TGSI_VT_NONE,    /* no such operand */
   TGSI_VT_UNTYPED, /* bits moved as they are (MOV, LOAD, texture results) */
   TGSI_VT_F32,
   TGSI_VT_U32,
   TGSI_VT_I32,
   TGSI_VT_F64,
   TGSI_VT_U64,
   TGSI_VT_I64,
};

enum tgsi_op_flag {
   TGSI_OPF_LABEL = 1 << 0,      /* takes a label ":N" */
   TGSI_OPF_TARGET = 1 << 1,     /* takes a texture target operand */
   TGSI_OPF_TEXTOKEN = 1 << 2,   /* texture token without target (SAMPLE*) */
   TGSI_OPF_MEMORY = 1 << 3,     /* always has a memory token */
   TGSI_OPF_MEMORY_OPT = 1 << 4, /* memory token only with qualifiers */
   TGSI_OPF_STORE = 1 << 5,      /* writes memory through its destination */
   TGSI_OPF_INDENT = 1 << 6,     /* opens a block (dump indents after it) */
   TGSI_OPF_DEDENT = 1 << 7,     /* closes a block (dump dedents it) */
};

struct tgsi_op_info {
   const char *name; /* NULL for the gaps in the numbering */
   uint8_t num_dst;
   uint8_t num_src;
   uint8_t output_mode; /* enum tgsi_output_mode */
   uint8_t dst_type;    /* enum tgsi_value_type */
   uint8_t src_type;    /* enum tgsi_value_type */
   uint16_t flags;      /* enum tgsi_op_flag */
};

/* The row of `opcode`, or NULL if it is not an opcode. */
const struct tgsi_op_info *tgsi_op_info(unsigned opcode);
/* The opcode named `name` (exactly `len` characters, any case), or -1. */
int tgsi_op_from_name(const char *name, size_t len);
/* Value types of one operand, with the per-operand exceptions applied. */
enum tgsi_value_type tgsi_op_dst_type(unsigned opcode, unsigned index);
enum tgsi_value_type tgsi_op_src_type(unsigned opcode, unsigned index);

/* A list of names indexed by an enumeration's values. */
struct tgsi_names {
   const char *const *names;
   unsigned count;
};

extern const struct tgsi_names tgsi_proc_names;      /* "VERT", ... */
extern const struct tgsi_names tgsi_file_names;      /* "CONST", ... */
extern const struct tgsi_names tgsi_sem_names;       /* "POSITION", ... */
extern const struct tgsi_names tgsi_prop_names;      /* "GS_INPUT_..." */
extern const struct tgsi_names tgsi_prim_names;      /* "TRIANGLES", ... */
extern const struct tgsi_names tgsi_origin_names;    /* "UPPER_LEFT", ... */
extern const struct tgsi_names tgsi_pixcenter_names; /* "HALF_INTEGER" */
extern const struct tgsi_names tgsi_tex_names;       /* "2D", ... */
extern const struct tgsi_names tgsi_ret_names;       /* "FLOAT", ... */
extern const struct tgsi_names tgsi_interp_names;    /* "PERSPECTIVE" */
extern const struct tgsi_names tgsi_interp_loc_names; /* "CENTROID", ... */
extern const struct tgsi_names tgsi_memtype_names;    /* "SHARED", ... */
extern const struct tgsi_names tgsi_memq_names;       /* by bit: "COHERENT" */
extern const struct tgsi_names tgsi_immtype_names;    /* "FLT32", ... */
extern const struct tgsi_names tgsi_format_names; /* "PIPE_FORMAT_NONE" */

/* names->names[value], or NULL when out of range. */
const char *tgsi_name(const struct tgsi_names *names, unsigned value);
/* The value whose name is `s` (exactly `len` characters, any case), or
 * -1. */
int tgsi_name_find(const struct tgsi_names *names, const char *s,
                   size_t len);

/* Geometry shaders (spec "GS_INPUT_PRIMITIVE", "GS_OUTPUT_PRIMITIVE"):
 * the vertices of an input primitive (1, 2, 3, 4 or 6; 0 for a value the
 * property cannot take), and of one primitive of the list an output
 * strip unrolls to (1 points, 2 line strip, 3 triangle strip; else 0). */
unsigned tgsi_gs_vertices_in(unsigned prim);
unsigned tgsi_gs_vertices_out(unsigned prim);

/* "xyzw"[swizzle]. */
static inline char
tgsi_swizzle_char(unsigned swizzle)
{
   return "xyzw"[swizzle & 3];
}

#endif
