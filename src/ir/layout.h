/* SPDX-License-Identifier: MIT */
/*
 * The driver-side layout of a compiled shader (docs/abi.md): which words
 * the driver pushes as uniforms, which system values it supplies, where
 * varyings live, what the shader reads and writes.  Translation fills it
 * while it decides; the back end adds thread-local storage; compile.c
 * copies it into the public shader info.
 *
 * A vertex shader's position and varying binaries share one layout (one
 * push array, as the driver uploads one array for both).
 */
#ifndef TGSIVA_IR_LAYOUT_H
#define TGSIVA_IR_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/arena.h"

struct tgsiva_stream_output;

/* FAU uniform words the hardware can read (pages 0 and 1). */
#define IR_MAX_PUSH_WORDS 128

/* System values live in one extra uniform buffer after the user's; each
 * takes one 16-byte slot. */
enum ir_sysval_kind {
   IR_SYSVAL_VIEWPORT_SCALE,  /* f32 x, y, z */
   IR_SYSVAL_VIEWPORT_OFFSET, /* f32 x, y, z */
   IR_SYSVAL_BUFFER,          /* id = BUFFER index: u64 address, u32 size */
   IR_SYSVAL_TEXTURE_SIZE,    /* id = SVIEW index: u32 w, h, d, levels
                                 (TXQ's result at level 0, docs/abi.md) */
   IR_SYSVAL_IMAGE_SIZE,      /* id = IMAGE index: u32 w, h, d, samples */
   IR_SYSVAL_IMAGE_ADDRESS,   /* id = IMAGE index: u64 address, u32 row
                                 stride, u32 layer stride */
   IR_SYSVAL_NUM_WORKGROUPS,  /* u32 x, y, z */
   IR_SYSVAL_FRAMEBUFFER_SIZE, /* f32 width, height */
   IR_SYSVAL_TEXTURE_SAMPLES, /* id = SVIEW index: u32 samples */
   IR_SYSVAL_SAMPLER_LOD,     /* id = SAMP index: f32 LOD bias, min LOD,
                                 max LOD, u32 mip filter (0 none,
                                 1 nearest, 2 linear) */
   IR_SYSVAL_XFB_BUFFER,      /* id = stream-output buffer: u64 address,
                                 u32 bytes left (docs/xfb.md) */
   IR_SYSVAL_XFB_DRAW,        /* u32 vertex count, u32 first vertex */
   IR_SYSVAL_GS_DRAW,         /* u32 input primitives, u32 instances */
   IR_SYSVAL_GS_INPUT,        /* u64 address of the vertex records */
   IR_SYSVAL_GS_OUTPUT,       /* u64 address of the emitted vertices */
   IR_SYSVAL_GS_INDICES,      /* id = stream: u64 address of its indices */
   IR_SYSVAL_GS_VIEWPORT,     /* u32 the viewport the draw is for */
   IR_SYSVAL_COUNT,
};

struct ir_sysval {
   uint8_t kind; /* enum ir_sysval_kind */
   uint32_t id;
};

/* Push word i = 4 bytes of uniform buffer `ubo` at byte `offset`, or the
 * constant `offset` itself when `ubo` is IR_PUSH_CONSTANT (the constant
 * table, TGSIVA_PUSH_CONSTANT in the public API). */
#define IR_PUSH_CONSTANT 0xffffffffu
/* Push words the constant table leaves to the shader's uniforms: a
 * vertex shader's varying program pushes its uniforms after the position
 * program's constants. */
#define IR_PUSH_WORDS_KEPT_FOR_UNIFORMS 32

struct ir_push_word {
   uint32_t ubo;
   uint32_t offset;
   uint32_t flags; /* enum ir_push_flag */
};

enum ir_push_flag {
   /* A finished program reads it: its number is fixed (va_pair_uniforms
    * renumbers the others). */
   IR_PUSH_PINNED = 1 << 0,
   /* Half of a 64-bit slot ir_layout_push_slot made, or its padding. */
   IR_PUSH_PAIRED = 1 << 1,
};

struct ir_varying {
   uint8_t semantic;   /* enum tgsi_sem */
   uint8_t interp;     /* enum tgsi_interp (fragment inputs) */
   uint8_t location;   /* enum tgsi_interp_loc */
   uint8_t components; /* number stored / loaded */
   uint32_t index;     /* semantic index */
   uint32_t byte_offset;
   uint32_t reg;       /* the IN or OUT register */
};

/* A geometry program's draw (docs/abi.md, "Geometry shaders"). */
struct ir_gs_layout {
   uint32_t input_prim, output_prim; /* enum tgsi_prim */
   uint32_t vertices_in, max_vertices, invocations;
   uint32_t prim_vertices;          /* 1, 2, 3: the list drawn */
   uint32_t indices_per_invocation; /* K, per stream */
   uint32_t input_stride, output_stride; /* bytes of a record */
   uint32_t streams;                /* bit s: EMIT to stream s */
};

struct ir_layout {
   VEC(struct ir_push_word) push;
   VEC(struct ir_sysval) sysvals;
   uint32_t user_ubo_count; /* the sysval buffer's index */

   /* Vertex */
   uint32_t attributes_read; /* bit i: IN[i] is loaded */
   VEC(struct ir_varying) outputs;
   bool writes_point_size;
   bool writes_layer;          /* the position program stores LAYER */
   bool writes_viewport_index; /* culls by GS_VIEWPORT (geometry) */
   uint32_t fixed_varying_mask; /* NIR-style slots below VAR0 */
   /* Transform feedback: what the vertex shader's third program
    * captures (NULL: none), set by the pipeline before translation, and
    * the buffers it writes. */
   const struct tgsiva_stream_output *stream_output;
   uint32_t xfb_buffers_written;

   /* Fragment */
   VEC(struct ir_varying) inputs;
   uint32_t render_targets_written;
   bool writes_depth, writes_stencil, writes_sample_mask;
   bool can_discard, reads_frag_coord, reads_face, reads_point_coord;
   bool sample_shading, early_fragment_tests;

   /* Geometry: also `inputs` (the input record) and `outputs` (the
    * emitted vertex record) */
   struct ir_gs_layout gs;

   /* Compute */
   uint32_t local_size[3];
   uint32_t shared_bytes;

   /* Resources */
   uint32_t texture_count, sampler_count, image_count, buffer_count;
   bool uses_barrier, writes_memory, uses_derivatives;

   /* Per-thread scratch: indexed arrays, then spills. */
   uint32_t tls_bytes;
};

/* The push word holding `ubo`:`offset`, added if new; -1 when the push
 * space is full. */
int ir_layout_push(struct arena *arena, struct ir_layout *l, uint32_t ubo,
                   uint32_t offset);
/* The even push word w holding `ubo`:`offset` with `offset + 4` in word
 * w + 1, added if new: one 64-bit FAU slot, as a 64-bit source reads it
 * (an address).  An odd array length is first padded with a copy of its
 * last word.  -1 when the push space is full. */
int ir_layout_push_pair(struct arena *arena, struct ir_layout *l,
                        uint32_t ubo, uint32_t offset);
/* The even push word w holding `ubo`:`low` with `ubo`:`high` in word
 * w + 1, added if new (padded as above): two words one instruction
 * reads from one FAU slot.  -1 when the push space is full. */
int ir_layout_push_slot(struct arena *arena, struct ir_layout *l,
                        uint32_t ubo, uint32_t low, uint32_t high);
/* The sysval slot of (kind, id), added if new. */
unsigned ir_layout_sysval(struct arena *arena, struct ir_layout *l,
                          enum ir_sysval_kind kind, uint32_t id);

#endif
