/* SPDX-License-Identifier: MIT */
/*
 * The TGSI reference interpreter: runs a decoded vertex, fragment or
 * compute shader for one warp of SIM_LANES lanes against a struct sim_env
 * and fills a struct sim_outputs, for comparison with the Valhall
 * simulator running the compiled binary on the same environment.
 *
 * It is written from the TGSI specification (spec/tgsi.rst) alone and
 * never shares code with the compiler: it judges the compiler.
 *
 * 1. Lanes run in lockstep with per-lane execution masks, so that
 *    derivatives and implicit-LOD texturing see their 2x2 quads (lane
 *    4q + i is pixel i of quad q).
 * 2. Alongside every 32-bit value the interpreter tracks how far the
 *    other model's value may lawfully be from it ("err"): 0 means the
 *    value must agree bit for bit; a positive finite err is an absolute
 *    tolerance of a float (or double) value; INFINITY means the value is
 *    undefined or depends on something TGSI leaves open, and is not
 *    compared.  Operations TGSI lets an implementation compute inexactly
 *    (MAD, a MUL fused into an ADD, transcendentals, DIV, LRP, DP*,
 *    coarse derivatives, flushed denormals) add their allowance;
 *    every other operation propagates its inputs' err to first order by
 *    re-evaluating itself at perturbed inputs.  A branch, kill or switch
 *    whose condition could go either way marks its lane's path
 *    uncertain, and everything that lane produces is then not compared.
 *    docs/testing.md states the rules.
 * 3. Undefined behaviour that may do more than give a bad value
 *    (out-of-range indirect or memory accesses, undeclared registers, a
 *    barrier in divergent control flow, operations the spec rules out) is
 *    reported in
 *    tgsi_interp_result.undefined: such a run is inconclusive.  Undefined
 *    values (F2I of NaN, IDIV by zero, SQRT of a negative number, ...)
 *    only make those values uncertain, and are listed in
 *    undefined_values for information.
 */
#ifndef TGSIVA_SIM_TGSI_INTERP_H
#define TGSIVA_SIM_TGSI_INTERP_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_env.h"
#include "tgsi/tgsi.h"

enum tgsi_interp_status {
   TGSI_INTERP_OK,
   TGSI_INTERP_UNSUPPORTED, /* an opcode, file or stage not modelled */
   TGSI_INTERP_INVALID,     /* malformed control flow or operands */
   TGSI_INTERP_LIMIT,       /* too many steps: a loop that never ends */
};

/* Kinds of undefined behaviour, as bits. */
enum tgsi_interp_ub {
   /* Inconclusive runs (tgsi_interp_result.undefined). */
   TGSI_INTERP_UB_INDIRECT = 1u << 0,   /* index outside its array/file */
   TGSI_INTERP_UB_UNDECLARED = 1u << 1, /* register never declared */
   TGSI_INTERP_UB_MEMORY = 1u << 2,     /* out of range or misaligned */
   TGSI_INTERP_UB_BARRIER = 1u << 3,    /* BARRIER with lanes inactive */
   TGSI_INTERP_UB_INVALID = 1u << 4,    /* an operation the spec rules
                                           out (TXF of a cube map) */
   /* Undefined values (tgsi_interp_result.undefined_values). */
   TGSI_INTERP_UB_DIVIDE = 1u << 8,      /* IDIV/MOD by 0, INT_MIN / -1 */
   TGSI_INTERP_UB_CONVERT = 1u << 9,     /* F2I/F2U/ARL out of range */
   TGSI_INTERP_UB_DOMAIN = 1u << 10,     /* SQRT(<0), RSQ(<=0), LG2(<0) */
   TGSI_INTERP_UB_BITFIELD = 1u << 11,   /* offset + bits > 32 */
   TGSI_INTERP_UB_UNDEFINED = 1u << 12,  /* components the spec leaves
                                            undefined, unwritten
                                            registers, CLOCK */
};

/* How a compared 32-bit word is to be read when its err is positive. */
enum tgsi_interp_word_kind {
   TGSI_INTERP_WORD_BITS, /* an integer: err is 0 or INFINITY */
   TGSI_INTERP_WORD_F32,
   TGSI_INTERP_WORD_F64_LO, /* low word of a double; the high word is the
                               next channel (or memory word) */
   TGSI_INTERP_WORD_F64_HI,
};

/* The two words of one double share a nonzero `pair` (the step that
 * made it and the pair's place): words of two doubles side by side (a
 * .yzzy swizzle) are not one double.  0: not known, as before pairs had
 * numbers. */
static inline bool
tgsi_interp_same_double(uint32_t a, uint32_t b)
{
   return a == b || a == 0 || b == 0;
}

/* What the interpreter knows about one output word. */
struct tgsi_interp_annot {
   double err;    /* 0: bit-exact; > 0: tolerance; INFINITY: not compared */
   int32_t insn;  /* number of the last instruction writing it, or -1 */
   uint8_t kind;  /* enum tgsi_interp_word_kind */
   uint32_t pair; /* F64 words: which double (tgsi_interp_same_double) */
};

/* One annotation per scalar of struct sim_outputs, in the same shape. */
struct tgsi_interp_annotations {
   struct tgsi_interp_annot position[SIM_LANES][4];
   struct tgsi_interp_annot point_size[SIM_LANES];
   struct tgsi_interp_annot layer[SIM_LANES];
   struct tgsi_interp_annot varyings[SIM_MAX_VARYINGS][SIM_LANES][4];
   struct tgsi_interp_annot color[SIM_MAX_RTS][SIM_LANES][4];
   struct tgsi_interp_annot depth[SIM_LANES];
   struct tgsi_interp_annot stencil[SIM_LANES];
   struct tgsi_interp_annot sample_mask[SIM_LANES];
   uint32_t discard_uncertain; /* lanes whose discard is not compared */
   uint32_t path_uncertain;    /* lanes whose path could differ */
   /* One annotation per 4-byte word of env->memory.regions[i] (same
    * index), NULL for regions the shader never writes. */
   struct tgsi_interp_annot *memory[64];
   bool memory_uncertain; /* a lane on an uncertain path could write */
   /* Lanes that accessed memory at an address (or resource index) that an
    * allowed difference could move: another model may find it outside
    * the resource, which is undefined behaviour. */
   uint32_t address_uncertain;
};

/* Draw vertices as a vertex shader left them: each (semantic, index)
 * output register's four words, as written (the position in clip space,
 * before the viewport transform), with their annotations; what a
 * geometry shader after it reads (docs/abi.md, "Geometry shaders"). */
struct tgsi_interp_vertices {
   unsigned count;   /* draw vertices */
   unsigned outputs; /* output registers per vertex */
   uint8_t *semantic; /* [outputs]: enum tgsi_sem, TGSI_SEM_COUNT when
                         the register is not declared */
   uint32_t *index;   /* [outputs]: the semantic index */
   uint32_t (*words)[4];                 /* [vertex * outputs + r] */
   struct tgsi_interp_annot (*annot)[4]; /* the same; err INFINITY until
                                            a run stores the vertex */
};

/* Vertices for `count` draw vertices of vertex shader `vs`, in `arena`,
 * every word undefined. */
void tgsi_interp_vertices_init(struct arena *arena,
                               const struct tgsi_shader *vs, unsigned count,
                               struct tgsi_interp_vertices *v);

struct tgsi_interp_options {
   uint64_t max_steps; /* instructions per warp; 0: 1,000,000 */
   /* NULL, or: a vertex shader stores the output registers of lane l
    * as vertex first_vertex + l (lanes past `count` store nothing; a
    * lane on an uncertain path stores undefined words); a geometry
    * shader reads input vertex k of primitive p from vertex p * N + k,
    * each input register from the output of its (semantic, index) (an
    * input no output has is undefined), instead of generating it. */
   struct tgsi_interp_vertices *vertices;
   unsigned first_vertex;
};

#define TGSI_INTERP_GS_STREAMS 4

/* One vertex a geometry-shader invocation emitted: the four words of
 * every output register, with their annotations ([register][channel]). */
struct tgsi_interp_gs_vertex {
   uint32_t (*words)[4];
   struct tgsi_interp_annot (*annot)[4];
   uint8_t stream;
};

/* What one invocation (lane) emitted.  indices[s] lists, for stream s,
 * the vertices (numbers into `vertices`) of each complete output
 * primitive in GL's order, strips unrolled: `prim_vertices` per
 * primitive, a triangle strip's odd triangles as (n - 1, n - 2, n) so
 * that every triangle keeps the strip's winding (docs/abi.md, "Geometry
 * shaders"). */
struct tgsi_interp_gs_lane {
   unsigned vertex_count; /* over all streams, at most max_vertices */
   struct tgsi_interp_gs_vertex *vertices; /* [max_vertices] */
   unsigned index_count[TGSI_INTERP_GS_STREAMS];
   uint32_t *indices[TGSI_INTERP_GS_STREAMS]; /* [indices_per_lane] */
   /* The lane's path could differ, or it emitted more than max_vertices
    * (GL leaves the extra vertices undefined): its emissions are not
    * compared. */
   bool uncertain;
};

/* A geometry shader run: lane l is invocation env->invocation_id[l] of
 * input primitive env->primitive_id[l]. */
struct tgsi_interp_gs {
   unsigned input_prim, output_prim; /* enum tgsi_prim */
   unsigned vertices_in, max_vertices, invocations, primitives;
   unsigned prim_vertices;    /* 1, 2 or 3: points, lines, triangles */
   unsigned indices_per_lane; /* K of docs/abi.md */
   unsigned registers;        /* output registers per vertex */
   uint32_t lanes;            /* the live lanes */
   struct tgsi_interp_gs_lane lane[SIM_LANES];
};

/* What the geometry shader's pass-through draw outputs for vertex j of
 * lane q of `gs` (docs/abi.md, "Geometry shaders"), in lane l of `out`
 * and `an`: the position after the viewport transform of `env` (or the
 * culled point, in the draw for `viewport`, of a vertex of another
 * viewport), the point size, the layer, and every other output register
 * of `s` as a varying of its (semantic, index), all four words as
 * emitted. */
struct sim_outputs;
struct tgsi_interp_annotations;
void tgsi_interp_gs_draw_vertex(const struct sim_env *env,
                                const struct tgsi_shader *s,
                                const struct tgsi_interp_gs *gs, unsigned q,
                                unsigned j, uint32_t viewport, unsigned l,
                                struct sim_outputs *out,
                                struct tgsi_interp_annotations *an);

struct tgsi_interp_result {
   enum tgsi_interp_status status;
   uint32_t undefined;        /* enum tgsi_interp_ub, inconclusive kinds */
   uint32_t undefined_values; /* enum tgsi_interp_ub, value kinds */
   int32_t ub_insn;           /* first instruction with UB, or -1 */
   char message[256];         /* the error or the first UB, with the
                                 instruction number */
   uint64_t steps;            /* instructions executed by the warp */
   struct tgsi_interp_annotations *annot; /* in env->arena */
   struct tgsi_interp_gs *gs; /* geometry shaders only, in env->arena */
};

/*
 * Runs `s` on env (its stage must match the shader's processor: vertex,
 * fragment, compute or geometry; a geometry shader's emitted vertices go
 * to res->gs).  Memory writes land in env->memory; outputs in
 * `out` (cleared first).  Returns false with res->status and res->message
 * set when the shader cannot be interpreted; undefined behaviour is not
 * a failure (see res->undefined).
 */
bool tgsi_interp_run(struct sim_env *env, const struct tgsi_shader *s,
                     const struct tgsi_interp_options *opts,
                     struct sim_outputs *out, struct tgsi_interp_result *res);

/* Resource sizes tgsi_interp_setup_env binds where TGSI gives none. */
#define TGSI_INTERP_BUFFER_BYTES 4096u
#define TGSI_INTERP_SHARED_BYTES 32768u
#define TGSI_INTERP_IMAGE_FORMAT TGSI_FMT_R32G32B32A32_FLOAT

/*
 * tgsi_interp_env.c: initialises env for shader `s` from `seed`: its
 * stage and workgroup size, every resource it declares or samples, and
 * the kind (integer or float) of every uniform word it reads directly.
 * Scratch memory is the caller's (the compiled code's size).  False for
 * stages the interpreter does not model.
 */
bool tgsi_interp_setup_env(struct sim_env *env, struct arena *arena,
                           const struct tgsi_shader *s, uint64_t seed);

/* The environment stage of a TGSI processor; false for other stages. */
bool tgsi_interp_stage(enum tgsi_proc proc, enum sim_stage *stage);

/* A short name of an undefined-behaviour bit ("indirect index"). */
const char *tgsi_interp_ub_name(enum tgsi_interp_ub bit);

#endif
