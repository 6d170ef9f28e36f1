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
   /* Vertex shaders: what transform feedback captures, or NULL (none).
    * With it the result has a third program (docs/xfb.md). */
   const struct tgsiva_stream_output *stream_output;
};

enum tgsiva_stage {
   TGSIVA_STAGE_VERTEX,
   TGSIVA_STAGE_FRAGMENT,
   TGSIVA_STAGE_COMPUTE,
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
 * byte `offset`. */
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
    * workgroups, docs/xfb.md).  Others: [0] only. */
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

#ifdef __cplusplus
}
#endif

#endif
