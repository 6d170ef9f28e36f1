/* SPDX-License-Identifier: MIT */
/*
 * How a binary meets the driver: the part of the ABI the Valhall simulator
 * needs to run it against a struct sim_env.  It is filled either from
 * tgsiva's own compile result (by the harness, outside src/sim, since the
 * simulator never sees the compiler's IR) or from a Mesa reference package
 * (sim_mesa_ref.c), so that the same simulator runs both.
 */
#ifndef TGSIVA_SIM_SIM_LAYOUT_H
#define TGSIVA_SIM_SIM_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_env.h"

#define SIM_MAX_PUSH 256
#define SIM_MAX_SYSVALS 64
#define SIM_MAX_LAYOUT_VARYINGS 64

/* System values the driver writes into its extra uniform buffer, one
 * 16-byte slot each. */
enum sim_sysval_kind {
   SIM_SYSVAL_VIEWPORT_SCALE,  /* f32 x, y, z */
   SIM_SYSVAL_VIEWPORT_OFFSET, /* f32 x, y, z */
   SIM_SYSVAL_BUFFER,          /* u64 address, u32 size of BUFFER[id] */
   SIM_SYSVAL_TEXTURE_SIZE,    /* u32 w, h, d/layers, levels of view id */
   SIM_SYSVAL_IMAGE_SIZE,      /* u32 w, h, d/layers, samples */
   SIM_SYSVAL_IMAGE_ADDRESS,   /* u64 address, u32 row, u32 layer stride */
   SIM_SYSVAL_NUM_WORKGROUPS,  /* u32 x, y, z */
   SIM_SYSVAL_FRAMEBUFFER_SIZE,/* f32 width, height */
   SIM_SYSVAL_TEXTURE_SAMPLES, /* u32 samples of view id */
   SIM_SYSVAL_SAMPLER_LOD,     /* f32 LOD bias, min, max LOD of sampler id,
                                  u32 mip filter (0 none, 1 nearest,
                                  2 linear) */
   SIM_SYSVAL_XFB_BUFFER,      /* u64 address, u32 size of xfb buffer id */
   SIM_SYSVAL_XFB_DRAW,        /* u32 vertex count, u32 first vertex */
   SIM_SYSVAL_GS_DRAW,         /* u32 input primitives, u32 instances */
   SIM_SYSVAL_GS_INPUT,        /* u64 address of the input records */
   SIM_SYSVAL_GS_OUTPUT,       /* u64 address of the vertex slots */
   SIM_SYSVAL_GS_INDICES,      /* u64 address of stream id's entries */
   SIM_SYSVAL_GS_VIEWPORT,     /* u32 the viewport the draw is for */
   SIM_SYSVAL_COUNT,
};

struct sim_sysval {
   uint8_t kind; /* enum sim_sysval_kind */
   uint32_t id;
   uint32_t offset; /* byte offset in the sysval buffer (16 * slot) */
};

/* A push word whose `ubo` is SIM_PUSH_CONSTANT holds the constant
 * `offset` itself (the driver ABI's constant table, docs/abi.md). */
#define SIM_PUSH_CONSTANT 0xffffffffu

struct sim_push_word {
   uint32_t ubo;
   uint32_t offset;
};

struct sim_varying {
   uint8_t semantic; /* enum tgsi_sem */
   uint32_t index;
   uint32_t byte_offset;
   uint8_t components;
};

struct sim_layout {
   enum sim_stage stage;
   unsigned push_count;
   struct sim_push_word push[SIM_MAX_PUSH];
   int sysval_ubo; /* -1: none */
   unsigned sysval_count;
   struct sim_sysval sysvals[SIM_MAX_SYSVALS];

   /* Vertex: attribute i is env attribute i; outputs by byte offset in
    * the varying record. */
   unsigned output_count;
   struct sim_varying outputs[SIM_MAX_LAYOUT_VARYINGS];

   /* Fragment: inputs by byte offset; render target n uses blend
    * descriptor n. */
   unsigned input_count;
   struct sim_varying inputs[SIM_MAX_LAYOUT_VARYINGS];

   /* Geometry: the record sizes (bytes), M and K (docs/abi.md); the
    * input record is `inputs` (byte offset 16 * register). */
   struct {
      uint32_t input_stride, output_stride, max_vertices, indices;
   } gs;

   /* Bytes of thread-local storage per lane, and of shared memory. */
   uint32_t tls_size, wls_size;
};

#endif
