/* SPDX-License-Identifier: MIT */
/*
 * Compiling TGSI to Mali Valhall: the call a Gallium driver makes as its
 * shader back end.  Tokens (or tgsi_dump text) in; one to three binaries
 * and the shader information the driver needs to run them out.
 *
 * Each call works in its own memory and touches no global state, so
 * drivers may compile on many threads at once.  The result is a single
 * allocation released with tgsiva_shader_free().  docs/api.md is the
 * contract (ownership, thread safety, errors, stability).
 *
 * The conventions the binaries follow (resource tables, push constants,
 * system values, varying layout, preloaded registers) are described in
 * docs/abi.md.
 */
#ifndef TGSIVA_COMPILE_H_PUBLIC
#define TGSIVA_COMPILE_H_PUBLIC

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgsiva/tgsiva.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Render-target types (struct tgsiva_shader_key.rt_types): the register
 * format of the BLEND instruction that writes the target, which must
 * match the format in its blend descriptor.  AUTO (0) lets the
 * descriptor convert 32-bit values, the code a driver's precompile gets. */
enum tgsiva_rt_type {
   TGSIVA_RT_AUTO = 0,
   TGSIVA_RT_F32,
   TGSIVA_RT_F16,
   TGSIVA_RT_S32,
   TGSIVA_RT_S16,
   TGSIVA_RT_U32,
   TGSIVA_RT_U16,
   TGSIVA_RT_TYPE_COUNT,
};

enum tgsiva_sprite_origin {
   TGSIVA_SPRITE_ORIGIN_UPPER_LEFT = 0,
   TGSIVA_SPRITE_ORIGIN_LOWER_LEFT = 1,
};

/*
 * The state a shader is recompiled for (a variant).  Only fragment
 * shaders read it; every field 0 is the variant a driver compiles when
 * the shader is created.  Fixed-width fields and no implicit padding, so
 * that a zero-initialised key compares with memcmp() and hashes as its
 * bytes.  A field out of its range is TGSIVA_ERROR_INPUT.  docs/driver.md
 * says which Gallium state goes where.
 */
struct tgsiva_shader_key {
   /* The linked vertex shader's tgsiva_shader.fixed_varying_mask: the
    * fragment shader reads varyings at the offsets that shader wrote
    * them (docs/abi.md).  0: the fragment shader's own fixed inputs.
    * A bit that names no fixed varying (POSITION, PSIZE, slots without
    * a TGSI semantic) is TGSIVA_ERROR_INPUT. */
   uint32_t fixed_varying_mask;
   /* Bit i: TEXCOORD[i] (i < 8) and GENERIC[i - 8] (i >= 8) read the
    * point sprite coordinate (pipe_rasterizer_state.sprite_coord_enable,
    * GENERIC indices shifted by 8). */
   uint32_t sprite_coord_enable;
   /* enum tgsiva_sprite_origin of the point coordinate (sprite
    * replacement and PCOORD). */
   uint8_t sprite_coord_origin;
   /* Bit i: discard where clip distance i (CLIPDIST[i / 4], channel
    * i % 4, written by the vertex shader) is negative. */
   uint8_t clip_plane_enable;
   /* FS_COLOR0_WRITES_ALL_CBUFS shaders: write COLOR[0] to render
    * targets 0 .. color_buffers - 1 (0: render target 0 only). */
   uint8_t color_buffers;
   uint8_t reserved; /* must be 0 */
   /* enum tgsiva_rt_type of render target i. */
   uint8_t rt_types[8];
};

/* Limits of Gallium's pipe_stream_output_info. */
#define TGSIVA_MAX_STREAM_OUTPUTS 64
#define TGSIVA_MAX_STREAM_BUFFERS 4

/*
 * Transform feedback (Gallium's pipe_stream_output_info): which output
 * components of a vertex shader go to which buffer.  Output i writes
 * `num_components` words of OUT[register_index], from `start_component`
 * on, at dword `dst_offset` of each vertex's record in buffer
 * `output_buffer`, whose records are `stride[output_buffer]` dwords
 * apart.  docs/xfb.md describes the program that does it.
 */
struct tgsiva_stream_output {
   unsigned num_outputs; /* 0 to TGSIVA_MAX_STREAM_OUTPUTS */
   uint32_t stride[TGSIVA_MAX_STREAM_BUFFERS]; /* dwords */
   struct tgsiva_stream_output_entry {
      uint32_t register_index;  /* OUT[n] */
      uint32_t start_component; /* 0 to 3 */
      uint32_t num_components;  /* 1 to 4 - start_component */
      uint32_t output_buffer;   /* 0 to 3 */
      uint32_t dst_offset;      /* dwords */
      uint32_t stream;          /* 0: vertex shaders have one stream */
   } output[TGSIVA_MAX_STREAM_OUTPUTS];
};

struct tgsiva_compile_options {
   /* At most this many registers (8 to 64); 0: the hardware's 64.  The
    * compiler uses 32 when the shader fits (twice the threads). */
   unsigned max_registers;
   /* Run the IR and hardware-rule validators (a failure is reported as
    * TGSIVA_ERROR_INTERNAL).  Recommended in debug drivers. */
   bool validate;
   /* Memory one compile may use, in bytes; 0: 256 MiB. */
   size_t memory_limit;
   /* The variant to compile; NULL: the all-zero key. */
   const struct tgsiva_shader_key *key;
   /* Vertex shaders: what transform feedback captures, or NULL (none).
    * With it the result has a third program (docs/xfb.md). */
   const struct tgsiva_stream_output *stream_output;
   /* Memory kept from one compile to the next (tgsiva_workspace_create),
    * or NULL: each compile takes its memory from malloc and gives it
    * back.  One compile at a time may use a workspace. */
   struct tgsiva_workspace *workspace;
};

/*
 * A workspace: the memory of finished compiles, kept for the next one
 * (up to 64 MiB), and their answers from the instruction tables, so
 * that a driver compiling shader after shader on a thread does not map
 * and fault in fresh pages, nor look the same answers up, for each.
 * Give each compiling thread its own.  The results do not depend on it.
 * NULL when out of memory; tgsiva_workspace_destroy(NULL) does nothing.
 */
struct tgsiva_workspace;
TGSIVA_API struct tgsiva_workspace *tgsiva_workspace_create(void);
TGSIVA_API void tgsiva_workspace_destroy(struct tgsiva_workspace *ws);

enum tgsiva_stage {
   TGSIVA_STAGE_VERTEX,
   TGSIVA_STAGE_FRAGMENT,
   TGSIVA_STAGE_COMPUTE,
   /* Run as compute, then drawn (docs/abi.md, "Geometry shaders"). */
   TGSIVA_STAGE_GEOMETRY,
};

/* Static statistics of a binary (docs/stats.md). */
struct tgsiva_stats {
   unsigned instructions;
   unsigned spills, fills;
   double fma, cvt, sfu, v, t, ls; /* cycles per unit */
   double cycles;                  /* estimate: the busiest unit */
};

struct tgsiva_program {
   const uint8_t *code;     /* little-endian 64-bit words, no header */
   size_t size;             /* bytes */
   unsigned work_registers; /* 32 or 64 */
   uint64_t preload_mask;   /* registers the program reads at entry */
   struct tgsiva_stats stats;
};

/* Push word i (FAU uniform u<i>) = 4 bytes of uniform buffer `ubo` at
 * byte `offset`; or, when `ubo` is TGSIVA_PUSH_CONSTANT, the constant
 * `offset` itself (the shader's constant table: values the code reads
 * from the FAU instead of building them in registers; docs/abi.md). */
#define TGSIVA_PUSH_CONSTANT 0xffffffffu

struct tgsiva_push_word {
   uint32_t ubo;
   uint32_t offset;
};

enum tgsiva_sysval_kind {
   TGSIVA_SYSVAL_VIEWPORT_SCALE,   /* f32 x, y, z */
   TGSIVA_SYSVAL_VIEWPORT_OFFSET,  /* f32 x, y, z */
   TGSIVA_SYSVAL_BUFFER,           /* u64 address, u32 size of BUFFER[id] */
   TGSIVA_SYSVAL_TEXTURE_SIZE,     /* u32 w, h, d/layers, levels of SVIEW */
   TGSIVA_SYSVAL_IMAGE_SIZE,       /* u32 w, h, d/layers, samples */
   TGSIVA_SYSVAL_IMAGE_ADDRESS,    /* u64 address, u32 row and layer stride */
   TGSIVA_SYSVAL_NUM_WORKGROUPS,   /* u32 x, y, z */
   TGSIVA_SYSVAL_FRAMEBUFFER_SIZE, /* f32 width, height */
   TGSIVA_SYSVAL_TEXTURE_SAMPLES,  /* u32 sample count of SVIEW[id] */
   TGSIVA_SYSVAL_SAMPLER_LOD,      /* f32 bias, min, max LOD, mip filter */
   TGSIVA_SYSVAL_XFB_BUFFER,       /* u64 address, u32 bytes left of
                                      transform-feedback buffer id */
   TGSIVA_SYSVAL_XFB_DRAW,         /* u32 vertex count, u32 first vertex */
   /* Geometry shaders (docs/abi.md, "Geometry shaders"): */
   TGSIVA_SYSVAL_GS_DRAW,     /* u32 input primitives, u32 instances */
   TGSIVA_SYSVAL_GS_INPUT,    /* u64 address of the vertex-output buffer */
   TGSIVA_SYSVAL_GS_OUTPUT,   /* u64 address of the emitted vertices */
   TGSIVA_SYSVAL_GS_INDICES,  /* u64 address of stream id's indices */
   TGSIVA_SYSVAL_GS_VIEWPORT, /* u32 the viewport this draw is for */
};

/* System value slot i is 16 bytes at 16 * i of uniform buffer
 * `sysval_ubo`. */
struct tgsiva_sysval {
   uint32_t kind; /* enum tgsiva_sysval_kind */
   uint32_t id;
};

struct tgsiva_varying {
   uint32_t semantic; /* TGSI semantic name (p_shader_tokens.h values) */
   uint32_t index;    /* semantic index */
   uint32_t byte_offset;
   uint32_t components;
   uint32_t interpolation; /* TGSI interpolation mode (fragment inputs) */
   uint32_t location;      /* TGSI interpolation location */
};

struct tgsiva_shader {
   enum tgsiva_stage stage;
   /* Vertex shaders: [0] the position program, [1] the varying program
    * (IDVS), and with a stream output [2] the transform-feedback program
    * (a compute job of vertex count x instance count one-thread
    * workgroups, docs/xfb.md).  Geometry shaders: [0], [1] the
    * pass-through IDVS pair of the draw, [2] the geometry program (a
    * compute job, docs/abi.md).  Others: [0] only. */
   unsigned program_count;
   struct tgsiva_program programs[3];

   unsigned push_count;
   const struct tgsiva_push_word *push;
   unsigned sysval_ubo; /* = user_ubo_count */
   unsigned sysval_count;
   const struct tgsiva_sysval *sysvals;
   unsigned user_ubo_count, texture_count, sampler_count, image_count,
       buffer_count;
   uint32_t tls_bytes; /* thread-local storage per thread */
   bool uses_barrier, writes_memory;

   /* Vertex */
   uint32_t attributes_read; /* bit i: IN[i], attribute i of table 1 */
   unsigned output_count;
   const struct tgsiva_varying *outputs;
   bool writes_point_size;
   uint32_t fixed_varying_mask;
   uint32_t xfb_buffers_written; /* bit b: program 2 writes buffer b */

   /* Fragment */
   unsigned input_count;
   const struct tgsiva_varying *inputs;
   uint32_t render_targets_written;
   bool writes_depth, writes_stencil, writes_sample_mask;
   bool can_discard, reads_frag_coord, reads_face, reads_point_coord;
   bool sample_shading, early_fragment_tests, uses_derivatives;

   /* Compute */
   uint32_t local_size[3];
   uint32_t shared_bytes;

   /* Vertex and geometry: the OUT register of outputs[i] (what
    * tgsiva_gs_vertex_capture() reads). */
   const uint32_t *output_registers;
   /* Geometry: the position program stores the layer (docs/abi.md,
    * "Special outputs"); the geometry shader writes
    * VIEWPORT_INDEX, so its pass-through draw is made once per viewport
    * in use with system value GS_VIEWPORT. */
   bool writes_layer, writes_viewport_index;

   /* Geometry (docs/abi.md, "Geometry shaders"): the PIPE_PRIM_* of the
    * input primitive and its vertices N; of the output primitive, and
    * the list the pass-through draw draws (POINTS, LINES or TRIANGLES);
    * M, G; the bytes of an input record and of an emitted vertex; K, the
    * index entries of an invocation per stream; bit s: stream s has an
    * index buffer. */
   uint32_t gs_input_primitive, gs_vertices_in;
   uint32_t gs_output_primitive, gs_draw_primitive;
   uint32_t gs_max_vertices, gs_invocations;
   uint32_t gs_input_stride, gs_output_stride;
   uint32_t gs_indices_per_invocation;
   uint32_t gs_streams;
};

/*
 * Compiles a token stream (`count` 32-bit words, header first, as in
 * pipe_shader_state.tokens).  `opts` may be NULL (every default).  On
 * success returns TGSIVA_OK and *out holds the result, which the caller
 * owns and releases with tgsiva_shader_free(); every pointer inside it
 * points into that one block.  On failure *out is NULL and `d` (which may
 * be NULL) says why: TGSIVA_ERROR_INPUT with `word` for a bad token,
 * TGSIVA_ERROR_UNSUPPORTED, TGSIVA_ERROR_LIMIT past `memory_limit`,
 * TGSIVA_ERROR_NOMEM, or TGSIVA_ERROR_INTERNAL for a bug the validators
 * caught.  The tokens are only read during the call.  Thread-safe: calls
 * share nothing.
 */
TGSIVA_API enum tgsiva_status
tgsiva_compile(const uint32_t *tokens, size_t count,
               const struct tgsiva_compile_options *opts,
               struct tgsiva_shader **out, struct tgsiva_diagnostic *d);

/* The same from `len` bytes of tgsi_dump text (errors carry line and
 * column). */
TGSIVA_API enum tgsiva_status
tgsiva_compile_text(const char *text, size_t len,
                    const struct tgsiva_compile_options *opts,
                    struct tgsiva_shader **out, struct tgsiva_diagnostic *d);

/* Releases a result of the functions above (NULL is ignored). */
TGSIVA_API void tgsiva_shader_free(struct tgsiva_shader *shader);

/*
 * The stream output that makes vertex shader `vs` (compiled, any
 * variant) feed geometry shader `gs` (docs/abi.md, "Geometry shaders"):
 * every input record slot of `gs` whose semantic `vs` writes, all four
 * components, into buffer 0 at 16 * its register, `gs_input_stride`
 * bytes a vertex.  Compile `vs` again with it as
 * tgsiva_compile_options.stream_output; its programs[2] then writes the
 * geometry shader's input.  TGSIVA_ERROR_INPUT when `vs` is no vertex
 * shader or `gs` no geometry shader.
 */
TGSIVA_API enum tgsiva_status
tgsiva_gs_vertex_capture(const struct tgsiva_shader *vs,
                         const struct tgsiva_shader *gs,
                         struct tgsiva_stream_output *so,
                         struct tgsiva_diagnostic *d);

/*
 * Shader cache support (docs/driver.md, "Cache").  A driver keys its
 * disk cache with the build id and the shader hash, and stores the blob.
 */

#define TGSIVA_BUILD_ID_SIZE 20
#define TGSIVA_HASH_SIZE 20

/* 20 bytes that change whenever the compiler's code may change: a hash
 * of the library's sources taken at build time, and the version.  The
 * pointer is to static constant data. */
TGSIVA_API const uint8_t *tgsiva_build_id(void);

/* The SHA-1 of the tokens, the key and the options that change code
 * (max_registers): the same on every run and machine.  `opts` and its
 * key may be NULL (the defaults, which hash as the zero key). */
TGSIVA_API void
tgsiva_shader_hash(const uint32_t *tokens, size_t count,
                   const struct tgsiva_compile_options *opts,
                   uint8_t hash[TGSIVA_HASH_SIZE]);

/* A result as a self-contained little-endian blob (version, build id,
 * every field and program), allocated with malloc-like ownership:
 * release it with tgsiva_blob_free(). */
TGSIVA_API enum tgsiva_status
tgsiva_shader_serialize(const struct tgsiva_shader *shader, uint8_t **blob,
                        size_t *size, struct tgsiva_diagnostic *d);

/* The result a blob describes, owned as tgsiva_compile()'s.  A blob that
 * is truncated, corrupt, of another format version or of another build
 * is TGSIVA_ERROR_INPUT (*out NULL), never a crash. */
TGSIVA_API enum tgsiva_status
tgsiva_shader_deserialize(const uint8_t *blob, size_t size,
                          struct tgsiva_shader **out,
                          struct tgsiva_diagnostic *d);

/* Releases a blob of tgsiva_shader_serialize() (NULL is ignored). */
TGSIVA_API void tgsiva_blob_free(uint8_t *blob);

#ifdef __cplusplus
}
#endif

#endif
