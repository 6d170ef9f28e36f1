/* SPDX-License-Identifier: MIT */
/*
 * The TGSI interpreter's internals, shared by its files:
 *
 *   tgsi_interp.c       setup from the declarations, the step loop,
 *                       dispatch, undefined behaviour, results
 *   tgsi_interp_regs.c  operands: files, indirection, swizzles,
 *                       modifiers; destinations: write masks, saturate
 *   tgsi_interp_flow.c  structure matching and the execution masks of
 *                       IF/UIF/ELSE, loops, SWITCH, subroutines, kills
 *   tgsi_interp_err.c   the error model: evaluating an ALU row on one
 *                       lane with perturbed inputs and allowances
 *   tgsi_interp_alu.c   float32 opcodes (a table of rows)
 *   tgsi_interp_int.c   32- and 64-bit integer and bitfield opcodes
 *   tgsi_interp_f64.c   double-precision opcodes
 *   tgsi_interp_io.c    inputs, system values, interpolation, outputs
 *   tgsi_interp_quad.c  derivatives and the cross-lane opcodes
 *   tgsi_interp_tex.c   texture opcodes
 *   tgsi_interp_mem.c   buffers, images, shared memory, atomics
 *   tgsi_interp_gs.c    geometry inputs, EMIT and ENDPRIM
 *
 * Every register channel of every lane is a struct interp_cell: the value
 * plus its err (see tgsi_interp.h), the rounding error `res` of an
 * unfused MUL product (a later ADD may be fused with it), how to read it
 * when compared, and the instruction that wrote it.
 */
#ifndef TGSIVA_SIM_TGSI_INTERP_PRIV_H
#define TGSIVA_SIM_TGSI_INTERP_PRIV_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tgsi_interp.h"
#include "util/bits.h"

#define INTERP_MAX_DEPTH 64 /* nested IF/loop/SWITCH/CAL */
#define INTERP_ALL_LANES ((uint32_t)((1ull << SIM_LANES) - 1))

struct interp_cell {
   uint32_t v;
   int32_t writer;
   double err;
   double res;
   uint8_t kind; /* enum tgsi_interp_word_kind */
   uint32_t pair; /* F64 words: which double */
};

/* Four channels of one lane, as an instruction reads or writes them. */
struct interp_vec {
   uint32_t v[4];
   double err[4];
   double res[4];
   uint8_t kind[4];
   uint32_t pair[4];
};

/* A writable register file: `count` registers x 4 channels x lanes. */
struct interp_file {
   uint32_t count;
   struct interp_cell (*r)[4][SIM_LANES];
   bool *declared;
};

/* An index range [first, last] a declaration with an array id covers. */
struct interp_array {
   uint32_t first, last;
};

enum interp_frame_kind {
   INTERP_FRAME_IF,
   INTERP_FRAME_LOOP,
   INTERP_FRAME_SWITCH,
   INTERP_FRAME_SUB,
};

/* One open construct.  Every mask only ever loses lanes once set, except
 * through the rules of its construct (tgsi_interp_flow.c). */
struct interp_frame {
   enum interp_frame_kind kind;
   uint32_t outer;   /* lanes active when it opened, minus lanes gone */
   uint32_t other;   /* IF: the ELSE lanes; LOOP: lanes that continued;
                        SWITCH: the DEFAULT lanes */
   uint32_t brk;     /* LOOP, SWITCH: lanes that broke out */
   uint32_t pc;      /* LOOP: its BGNLOOP; SUB: where to return */
   uint32_t value[SIM_LANES]; /* SWITCH: each lane's selector */
};

/* Who wrote a memory word since the last BARRIER (tgsi_interp_mem.c
 * rule 2). */
struct interp_word_writers {
   uint32_t epoch;       /* barriers + 1 when these were recorded */
   uint64_t step;        /* the step of the latest write */
   uint32_t earlier;     /* lanes that wrote it at earlier steps */
   uint32_t now;         /* lanes that wrote it at `step` */
   uint16_t op;          /* every write's opcode if all are one order-free
                          * atomic, else TGSI_OP_COUNT */
};

struct interp {
   const struct tgsi_shader *s;
   struct sim_env *env;
   struct arena *arena;
   struct sim_outputs *out;
   struct tgsi_interp_result *res;
   uint64_t max_steps;

   /* Register files (inputs and system values are filled at the start
    * and read-only afterwards). */
   struct interp_file temp, addr, output, input, sysval;
   const struct tgsi_decl **input_decl, **output_decl, **sysval_decl;
   struct interp_array *temp_arrays, *input_arrays, *output_arrays;
   uint32_t num_temp_arrays, num_input_arrays, num_output_arrays;
   /* CONST[b][i]: declared indices per buffer, as a bitmap. */
   uint32_t const_count[SIM_MAX_UBOS];
   uint8_t *const_declared[SIM_MAX_UBOS];
   bool declared_buffer[SIM_MAX_BUFFERS], declared_image[SIM_MAX_IMAGES];
   bool declared_shared;
   const struct tgsi_decl *sview_decl[SIM_MAX_TEXTURES];
   const struct tgsi_decl *image_decl[SIM_MAX_IMAGES];

   /* Structure: for IF/UIF the matching ELSE or ENDIF, for ELSE the
    * ENDIF, for BGNLOOP the ENDLOOP, for SWITCH the ENDSWITCH, for
    * BGNSUB the ENDSUB. */
   uint32_t *match;

   /* Lanes */
   uint32_t live;      /* not killed and not returned from main */
   uint32_t exec;      /* running the current instruction */
   uint32_t killed;    /* KILL / KILL_IF */
   uint32_t returned;  /* RET from main */
   uint32_t helper;    /* DEMOTE: run on for derivatives, write nothing */
   uint32_t path_uncertain, discard_uncertain;
   struct interp_frame stack[INTERP_MAX_DEPTH];
   unsigned depth;
   uint32_t pc;
   const struct tgsi_insn *insn;
   bool stop; /* END, or an error */

   bool mul_zero_wins;
   bool memory_uncertain;
   uint32_t address_uncertain; /* annotations: address_uncertain */
   struct tgsi_interp_annot *mem_annot[64]; /* per region word */
   struct interp_word_writers *mem_writers[64]; /* per region word */
   uint32_t barriers; /* BARRIERs executed */
   struct interp_gs *gs; /* geometry shaders: tgsi_interp_gs.c */
   /* tgsi_interp_options.vertices and first_vertex */
   struct tgsi_interp_vertices *vertices;
   unsigned first_vertex;
};

/* One ALU evaluation on one lane: sources in, four channels out. */
struct alu_io {
   uint32_t s[4][4]; /* sources after modifiers and swizzles */
   uint32_t d[4];
   uint8_t undef;       /* channels whose result TGSI leaves undefined */
   uint32_t undef_kind; /* enum tgsi_interp_ub of the first */
   bool mul_zero_wins;
};

typedef void (*alu_eval_fn)(struct alu_io *io);
/* The allowance of result channel c beyond propagated input errors. */
typedef double (*alu_allow_fn)(const struct alu_io *io, unsigned c);
/* For opcodes that move bits: the source result channel c comes from,
 * or -1 when which one is uncertain. */
typedef int (*alu_select_fn)(const struct interp_vec *src, unsigned c);

enum alu_flag {
   ALU_MUL_RESIDUAL = 1 << 0, /* a product an ADD may fuse (not precise) */
   ALU_FUSE_SRC0 = 1 << 1,    /* may absorb a product from source 0 */
   ALU_FUSE_SRC1 = 1 << 2,
   ALU_FUSE_SRC2 = 1 << 3,
   /* MAD: with a zero addend it is a product (ALU_MUL_RESIDUAL then
    * applies); with a factor of +-1 the other factor is an addend that
    * may absorb a product too. */
   ALU_MAD_FORMS = 1 << 4,
};

struct alu_row {
   alu_eval_fn eval;
   alu_allow_fn allow;   /* NULL: exact */
   alu_select_fn select; /* non-NULL: err, res and kind move with bits */
   uint8_t flags;
};

/* tgsi_interp.c */
typedef void (*interp_op_fn)(struct interp *ip);
void interp_ub(struct interp *ip, enum tgsi_interp_ub kind, const char *fmt,
               ...) __attribute__((format(printf, 3, 4)));
bool interp_fail(struct interp *ip, enum tgsi_interp_status status,
                 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* tgsi_interp_regs.c */
bool interp_fetch(struct interp *ip, const struct tgsi_src *src,
                  enum tgsi_value_type type, uint32_t lanes,
                  struct interp_vec out[SIM_LANES]);
/* Reads source `i` of the current instruction with its operand type. */
bool interp_fetch_src(struct interp *ip, unsigned i, uint32_t lanes,
                      struct interp_vec out[SIM_LANES]);
/* Writes destination `i` of the current instruction (write mask,
 * saturate, indirection) for `lanes`. */
void interp_store_dst(struct interp *ip, unsigned i, uint32_t lanes,
                      const struct interp_vec val[SIM_LANES]);
/* A lane's indirect index value, or false (recorded as UB) if unusable. */
bool interp_resolve_index(struct interp *ip, const struct tgsi_reg *reg,
                          unsigned lane, int32_t *index, bool *uncertain);
void interp_vec_undefined(struct interp_vec *v);

/* tgsi_interp_flow.c */
bool interp_match_structure(struct interp *ip);
interp_op_fn interp_flow_op(unsigned opcode);
/* Marks `lanes` as gone for good (KILL, RET from main). */
void interp_remove_lanes(struct interp *ip, uint32_t lanes);
/* The condition of one lane: 1 true, 0 false, -1 could be either. */
int interp_float_nonzero(uint32_t v, double err);
int interp_bits_nonzero(uint32_t v, double err);

/* tgsi_interp_err.c */
/* Evaluates `row` for the current instruction on one lane; returns the
 * enum tgsi_interp_ub bit of an undefined result, or 0. */
unsigned interp_alu_lane(const struct interp *ip, const struct alu_row *row,
                         const struct interp_vec *src,
                         struct interp_vec *dst);
/* Units in the last place of a float / double result (the gap above
 * |x|); 0 for NaN and infinities. */
double interp_ulp32(float x);
double interp_ulp64(double x);

/* Row tables, one per file; NULL when the opcode is not theirs. */
const struct alu_row *interp_alu_f32_row(unsigned opcode);
const struct alu_row *interp_alu_int_row(unsigned opcode);
const struct alu_row *interp_alu_f64_row(unsigned opcode);
/* tgsi_interp_f64.c: DFRACEXP (two destinations). */
interp_op_fn interp_f64_op(unsigned opcode);

/* tgsi_interp_io.c */
bool interp_setup_inputs(struct interp *ip);
void interp_collect_outputs(struct interp *ip);
/* Discards the lanes the fragment state's clip planes remove. */
void interp_clip_planes(struct interp *ip);
interp_op_fn interp_io_op(unsigned opcode);
/* HELPER_INVOCATION becomes true for lanes DEMOTE made helpers. */
void interp_io_demote(struct interp *ip, uint32_t lanes);

/* tgsi_interp_io.c: a vertex's screen-space position (the viewport
 * transform an IDVS position program does) and its point size, with
 * their allowances, from the clip-space channels. */
void interp_viewport(const struct sim_env *env,
                     const struct interp_cell cell[4], float pos[4],
                     struct tgsi_interp_annot a[4]);
void interp_point_size(const struct interp_cell *cell, float *size,
                       struct tgsi_interp_annot *a);
void interp_layer(const struct interp_cell *cell, uint32_t *layer,
                  struct tgsi_interp_annot *a);

/* tgsi_interp_gs.c */
bool interp_gs_setup(struct interp *ip);
void interp_gs_read_input(struct interp *ip, const struct tgsi_reg *reg,
                          unsigned lane, struct interp_cell cells[4]);
interp_op_fn interp_gs_op(const struct interp *ip, unsigned opcode);
/* Hands the emitted primitives to the result. */
void interp_gs_finish(struct interp *ip);

/* tgsi_interp_quad.c */
interp_op_fn interp_quad_op(unsigned opcode);

/* tgsi_interp_tex.c */
interp_op_fn interp_tex_op(unsigned opcode);

/* tgsi_interp_mem.c */
interp_op_fn interp_mem_op(unsigned opcode);

/* Marks result channel c of an evaluation undefined. */
static inline void
interp_undefined(struct alu_io *io, unsigned c, enum tgsi_interp_ub kind)
{
   if (!io->undef)
      io->undef_kind = kind;
   io->undef |= (uint8_t)(1u << c);
}

/* The number of the double that channel c of the current instruction's
 * result holds (tgsi_interp_same_double): the step that made it and the
 * pair's place, never 0. */
static inline uint32_t
interp_double_id(const struct interp *ip, unsigned c)
{
   uint32_t id = (uint32_t)(ip->res->steps * 2 + c / 2 + 1);
   return id ? id : 1;
}

/* Doubles as the two words that hold them, low word first. */
static inline double
interp_d(uint32_t lo, uint32_t hi)
{
   return bits_to_double((uint64_t)hi << 32 | lo);
}

static inline void
interp_put_d(double d, uint32_t *lo, uint32_t *hi)
{
   uint64_t u = double_to_bits(d);
   *lo = (uint32_t)u;
   *hi = (uint32_t)(u >> 32);
}

static inline uint64_t
interp_u64(uint32_t lo, uint32_t hi)
{
   return (uint64_t)hi << 32 | lo;
}

static inline unsigned
interp_popcount(uint32_t m)
{
   return (unsigned)__builtin_popcount(m);
}

#define interp_foreach_lane(l, mask)                                         \
   for (unsigned l = 0; l < SIM_LANES; l++)                                  \
      if ((mask) & (1u << l))

#endif
