/* SPDX-License-Identifier: MIT */
/*
 * The differential tester behind `tgsiva run --check`: runs the TGSI
 * reference interpreter and the Valhall simulator (on tgsiva's binaries
 * or on a Mesa reference package's) on the same seeded environments and
 * compares every output and every word of writable memory, within the
 * tolerances the interpreter derives (docs/testing.md).
 *
 *   run_check.c      environments, the loop over input sets, reports
 *   run_compare.c    comparing two sets of outputs and memories
 *   run_programs.c   tgsiva's compile result as programs + sim_layout
 *   run_sim.c        the simulator (run_sim_absent.c while it is not
 *                    part of the build)
 *   run_reference.c  Mesa reference packages (run_reference_absent.c
 *                    while the package loader is not part of the build)
 */
#ifndef TGSIVA_TOOLS_RUN_CHECK_H
#define TGSIVA_TOOLS_RUN_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sim/sim_layout.h"
#include "sim/tgsi_interp.h"
#include "tgsiva/compile.h"
#include "util/strbuf.h"

/* The binaries of one shader, as the driver would run them. */
struct run_programs {
   const char *origin;   /* "tgsiva" or the package's path */
   unsigned count;       /* 1, 2 for vertex shaders, 3 with xfb */
   uint8_t kind[3];      /* enum sim_program_kind */
   const uint64_t *words[3];
   size_t word_count[3];
   struct sim_layout layout;
   struct sim_fs_state fs_state; /* the variant the binaries are for */
   struct sim_xfb xfb;   /* what program 2 captures */
};

enum run_verdict {
   RUN_AGREE,        /* every conclusive run agreed (and one was) */
   RUN_DIFFER,       /* an output or memory word differs */
   RUN_INCONCLUSIVE, /* every run met undefined behaviour */
   RUN_ERROR,        /* a model could not run the shader at all */
};

/* The vertex shader before a geometry shader (`run --vertex`, docs/abi.md
 * "Geometry shaders", job 1). */
struct run_vertex_stage {
   const struct tgsi_shader *s;
   /* For --check: its binaries, compiled with the stream output that
    * tgsiva_gs_vertex_capture() builds for the geometry shader (program
    * 2, the transform-feedback program, fills the vertex-output buffer);
    * count 0 for the interpreter alone. */
   struct run_programs p;
   uint32_t record_bytes; /* the geometry shader's gs_input_stride */
};

struct run_options {
   uint64_t seed; /* the first input set; the others follow */
   unsigned runs;
   /* A geometry shader's vertex shader; NULL: generated input vertices. */
   const struct run_vertex_stage *vertex;
};

struct run_report {
   enum run_verdict verdict;
   unsigned agreed, inconclusive;
   /* Words compared bit for bit, within a tolerance, and not at all. */
   uint64_t exact_words, tolerant_words, skipped_words;
   /* Of those, words of transform-feedback buffers compared. */
   uint64_t xfb_words;
   /* With a vertex shader: the geometry shader's input words it defined
    * (every input register of every draw vertex, summed over input
    * sets), so that a check that lost them cannot pass unseen. */
   uint64_t vertex_words;
   /* A short cause without numbers, for grouping in suites. */
   char cause[160];
   struct strbuf text; /* the full explanation for a person */
};

/* Which output a difference is in. */
enum run_output {
   RUN_OUT_POSITION, /* vertex: screen-space position */
   RUN_OUT_POINT_SIZE,
   RUN_OUT_VARYING,  /* index: the slot in the interpreter's outputs */
   RUN_OUT_COLOR,    /* index: the render target */
   RUN_OUT_DEPTH,
   RUN_OUT_STENCIL,
   RUN_OUT_SAMPLE_MASK,
   RUN_OUT_DISCARD,
   RUN_OUT_MEMORY,
   RUN_OUT_LAYER,
};

/* One difference between the models, found by run_compare. */
struct run_difference {
   uint8_t output;       /* enum run_output */
   unsigned index;
   char what[96];        /* "COLOR[0].y lane 5", "BUFFER[1] byte 16" */
   uint32_t expected, got;
   struct tgsi_interp_annot annot;
   int program;          /* simulator program of the output, -1 unknown */
   int64_t valhall_insn; /* its instruction index, -1 unknown */
   bool sender;          /* valhall_insn only sends the output out */
};

struct run_compare_stats {
   uint64_t exact, tolerant, skipped;
   uint64_t xfb; /* words of transform-feedback buffers compared */
};

/* run_compare.c: false with `diff` filled at the first difference.  `ref`
 * and `ref_mem` are the interpreter's, `got` and `got_mem` the
 * simulator's; `vertex_programs` says which program wrote positions (0)
 * and varyings (1). */
bool run_compare(enum sim_stage stage, uint32_t lanes,
                 const struct sim_outputs *ref,
                 const struct tgsi_interp_annotations *an,
                 const struct sim_memory *ref_mem,
                 const struct sim_outputs *got,
                 const struct sim_memory *got_mem,
                 struct run_difference *diff, struct run_compare_stats *st);

/* run_compare.c: the interpreter's outputs, one line per output and
 * lane ("~E" after a value with a tolerance, "?" after one that is not
 * compared), then the memory words the shader wrote. */
void run_print_outputs(FILE *f, enum sim_stage stage,
                       const struct sim_outputs *out,
                       const struct tgsi_interp_annotations *an,
                       const struct sim_memory *mem);

/* run_compare.c: " 0x%08x", the float when the word is one, "~E" with a
 * tolerance, "?" when not compared. */
void run_print_word(FILE *f, uint32_t w, const struct tgsi_interp_annot *a);

/* run_compare.c: rule 1 of the comparison for one word; ref_pair and
 * got_pair are a double word's partner, `pair` its annotation (NULL:
 * none). */
bool run_word_agrees(const struct tgsi_interp_annot *a, uint32_t ref,
                     uint32_t got, uint32_t ref_pair, uint32_t got_pair,
                     const struct tgsi_interp_annot *pair,
                     struct run_compare_stats *st);

/* run_gs.c: a geometry shader's emitted vertices and primitives, per
 * invocation (the interpreter's lists, docs/abi.md "Geometry shaders"). */
void run_print_gs(FILE *f, const struct tgsi_shader *s,
                  const struct tgsi_interp_gs *gs);

/* The memory a geometry program writes (docs/abi.md "Geometry shaders"),
 * invocation q = interpreter lane q: vertex slot j of q is record
 * q * max_vertices + j of `vertex_stride` bytes, output register r at
 * byte 16 * r; stream s's index entries of q are u32 words q * K to
 * q * K + K - 1 of indices[s] (NULL: the program writes no such buffer),
 * vertex numbers into `vertices`, then restart indices. */
struct run_gs_buffers {
   const uint8_t *vertices;
   uint32_t vertices_size, vertex_stride;
   const uint8_t *indices[TGSI_INTERP_GS_STREAMS];
   uint32_t indices_size[TGSI_INTERP_GS_STREAMS];
};

#define RUN_GS_RESTART 0xffffffffu

/* run_gs.c: false with `d` filled at the first difference between what
 * the interpreter emitted and the buffers: every index entry of every
 * compared invocation and stream (exactly), every word of the vertices
 * they name as the annotations say.  Invocations the interpreter marks
 * uncertain are not compared. */
bool run_compare_gs(const struct tgsi_interp_gs *gs,
                    const struct run_gs_buffers *b, struct run_difference *d,
                    struct run_compare_stats *st);

/* run_gs.c: the geometry program's regions in `env` for layout `l`: the
 * input records of every vertex of the env's primitives (each layout
 * input from sim_env_gs_vertex), and zeroed vertex slots and stream-0
 * index entries for its invocations. */
void run_gs_bind(struct sim_env *env, const struct sim_layout *l);
/* The geometry buffers as the simulator left them in `m`. */
void run_gs_buffers_of(const struct sim_memory *m, const struct sim_layout *l,
                       struct run_gs_buffers *b);

/* run_gs.c: the buffers a correct geometry program writes for `gs` (the
 * words of slots it does not fill are 0), in `arena`; streams without
 * primitives get no index buffer unless `all_streams`. */
void run_gs_expected(struct arena *arena, const struct tgsi_interp_gs *gs,
                     bool all_streams, struct run_gs_buffers *b);

/* run_compare.c: the vertex outputs (position, point size, varyings) of
 * the lanes in `lanes`, as run_compare compares a vertex shader's. */
bool run_compare_vertex(uint32_t lanes, const struct sim_outputs *ref,
                        const struct tgsi_interp_annotations *an,
                        const struct sim_outputs *got,
                        struct run_difference *d,
                        struct run_compare_stats *st);

/* run_check.c: the shader against `p` on o->runs input sets. */
void run_check(struct arena *arena, const struct tgsi_shader *s,
               const struct run_programs *p, const struct run_options *o,
               struct run_report *r);

/* run_check.c: an environment for `s` and `seed` with the programs'
 * scratch memory bound (p may be NULL). */
bool run_setup_env(struct sim_env *env, struct arena *arena,
                   const struct tgsi_shader *s, uint64_t seed,
                   const struct run_programs *p);

/* run_check.c: binds the scratch and shared memory the programs `p`
 * need in `env`. */
void run_bind_program_memory(struct sim_env *env, const struct run_programs *p);

/* run_vertices.c: compiles `vs` for geometry shader `gs` into `out` (as a
 * driver does: both through the public API for
 * tgsiva_gs_vertex_capture(), then `vs` with that stream output and at
 * most `max_registers` registers). */
bool run_compile_vertex_stage(struct arena *arena, const struct tgsi_shader *vs,
                              const struct tgsi_shader *gs,
                              unsigned max_registers,
                              struct run_vertex_stage *out,
                              struct tgsiva_diagnostic *d);

enum run_vertices_result {
   RUN_VERTICES_OK,
   RUN_VERTICES_UNDEFINED, /* the vertex shader met undefined behaviour */
   RUN_VERTICES_ERROR,     /* the interpreter cannot run it */
   RUN_VERTICES_STOPPED,   /* the simulator stopped */
};

/* run_vertices.c: job 1 of a geometry draw for the geometry environment
 * `gs_env` of input set `seed`: the vertex shader runs on every vertex of
 * its input primitives in GL's geometry-shader input order (one
 * instance, a list: vertex k of primitive p is draw vertex p * N + k),
 * 16 vertices a warp, in the interpreter (into `v`, set up here) and,
 * when `gs_input` is not NULL, as its transform-feedback program in the
 * simulator, whose records fill `gs_input` (zeroed first).  Anything
 * but RUN_VERTICES_OK comes with `message`. */
enum run_vertices_result run_vertices(struct arena *arena,
                                      const struct run_vertex_stage *vs,
                                      uint64_t seed,
                                      const struct sim_env *gs_env,
                                      struct tgsi_interp_vertices *v,
                                      struct sim_region *gs_input,
                                      char *message, size_t size);

/* run_vertices.c: the geometry shader `gs`'s input words that `v`
 * defines (finite allowance), over every draw vertex. */
uint64_t run_vertices_defined(const struct tgsi_interp_vertices *v,
                              const struct tgsi_shader *gs);

/* run_vertices.c: every draw vertex's output registers. */
void run_print_vertices(FILE *f, const struct tgsi_interp_vertices *v);

/* run_programs.c: compiles `s` with tgsiva. */
bool run_compile(struct arena *arena, const struct tgsi_shader *s,
                 struct run_programs *p, struct tgsiva_diagnostic *d);
/* The same with at most `max_registers` registers (0: no limit), which
 * makes the allocator spill. */
bool run_compile_limited(struct arena *arena, const struct tgsi_shader *s,
                         unsigned max_registers, struct run_programs *p,
                         struct tgsiva_diagnostic *d);
/* The same for the variant `key` (NULL: the zero key) and with transform
 * feedback `so` (NULL: none; a vertex shader then has its third
 * program). */
bool run_compile_variant(struct arena *arena, const struct tgsi_shader *s,
                         unsigned max_registers,
                         const struct tgsiva_shader_key *key,
                         const struct tgsiva_stream_output *so,
                         struct run_programs *p,
                         struct tgsiva_diagnostic *d);
/* The fragment state both models run for `key`. */
void run_fs_state(const struct tgsiva_shader_key *key,
                  struct sim_fs_state *out);

/* run_reference.c: a Mesa reference package's binaries and layout. */
bool run_load_reference(struct arena *arena, const char *path,
                        struct run_programs *p, struct tgsiva_diagnostic *d);

/* Why the simulator stopped, as far as the check needs to know. */
struct run_sim_stop {
   char message[512];
   int32_t fault_lane;   /* a lane's access to a resource faulted, or -1 */
   int32_t fault_region; /* enum sim_region_kind it aimed at, or -1 */
   uint32_t barrier_lanes; /* a BARRIER waited for these, not all came */
};

/* run_check.c: whether the simulator's stop is the shader's undefined
 * behaviour rather than a difference: an access outside a buffer, image
 * or shared memory by a lane whose path or address the interpreter cannot
 * follow (an allowed difference could change it; `an` from the same
 * input set), or a BARRIER that only some lanes reached when the path of
 * one of the lanes it waits for is such a lane's. */
bool run_fault_is_lawful(const struct run_sim_stop *stop,
                         const struct tgsi_interp_annotations *an);

/* run_gs.c: the draw after a geometry program `p` ran in `env` (its
 * programs 0 and 1, the pass-through pair): every vertex that a compared
 * invocation's stream-0 primitive names is drawn, 16 lanes at a time,
 * and compared with the interpreter's emitted vertex through a vertex
 * shader's output path.  False at the first difference (`d` filled,
 * `ref` the interpreter's outputs of that batch) or when the simulator
 * stops (*stopped, `stop` filled). */
bool run_gs_draw(struct arena *arena, const struct sim_env *env,
                 const struct tgsi_shader *s, const struct run_programs *p,
                 const struct tgsi_interp_gs *gs, struct sim_outputs *ref,
                 struct run_difference *d, struct run_compare_stats *st,
                 struct run_sim_stop *stop, bool *stopped);

/* run_sim.c: runs program `i` of `p`; false with `stop` filled when the
 * simulator stops with an error (or is not built). */
bool run_simulate(struct sim_env *env, const struct run_programs *p,
                  unsigned i, struct sim_outputs *out,
                  struct run_sim_stop *stop);

#endif
