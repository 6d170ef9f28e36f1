/* SPDX-License-Identifier: MIT */
/*
 * The world a shader invocation runs in, described in API (TGSI) terms and
 * shared by the two executable models: the TGSI reference interpreter and
 * the Valhall simulator.  Both read the same inputs from here and write
 * their results into their own struct sim_outputs, which the differential
 * tester compares.
 *
 * Everything derives from one 64-bit seed (sim_env_init), so a failing
 * input set is reproduced by its seed alone.  Nothing here knows about
 * Valhall encodings or the compiler's IR: the simulator maps hardware
 * messages onto this model through a struct sim_layout (sim_layout.h).
 *
 * 1. One warp: SIM_LANES invocations run together (vertices, fragments of
 *    4 quads, or compute threads), so that derivatives and implicit
 *    texture LOD have their quad neighbours.
 * 2. Memory is one flat 64-bit address space of regions (buffers, images,
 *    shared memory, per-lane scratch, vertex output records).  Loads and
 *    stores by address and by (region, offset) see the same bytes.
 * 3. Textures are synthetic: a texel is a hash of (seed, unit, level, x,
 *    y, z), as exactly representable values of the view's return type;
 *    sampling is nearest-texel with clamp-to-edge or repeat wrapping and
 *    nearest mip level (of a cube map, from the derivatives of the face
 *    coordinates, so that a direction's length does not matter), so that
 *    both models compute identical results from identical coordinates.
 *    The models differ only in how they got the coordinates, which is
 *    what is being tested.
 */
#ifndef TGSIVA_SIM_SIM_ENV_H
#define TGSIVA_SIM_SIM_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

#define SIM_LANES 16
#define SIM_MAX_VARYINGS 64 /* (semantic, index) slots */
#define SIM_MAX_UBOS 16
#define SIM_UBO_WORDS 4096 /* words per uniform buffer with a known kind */
#define SIM_MAX_TEXTURES 32
#define SIM_MAX_SAMPLERS 32
#define SIM_MAX_IMAGES 8
#define SIM_MAX_BUFFERS 16
#define SIM_MAX_RTS 8

enum sim_stage {
   SIM_STAGE_VERTEX,
   SIM_STAGE_FRAGMENT,
   SIM_STAGE_COMPUTE,
   SIM_STAGE_GEOMETRY, /* one lane per input primitive x GS invocation */
};

#define SIM_MAX_XFB_OUTPUTS 64
#define SIM_MAX_XFB_BUFFERS 4

/* Transform feedback, as Gallium's pipe_stream_output_info says it:
 * output k writes `components` words of OUT[reg] from `start` on, at
 * dword `offset` of record n of buffer `buffer`, records `stride[buffer]`
 * dwords apart; record n = instance * draw vertex count + vertex.  A
 * record is written only when it ends within every buffer the capture
 * uses (docs/xfb.md). */
struct sim_xfb {
   unsigned count;
   uint32_t stride[SIM_MAX_XFB_BUFFERS]; /* dwords */
   struct {
      uint32_t reg;
      uint8_t start, components, buffer;
      uint32_t offset; /* dwords */
   } outputs[SIM_MAX_XFB_OUTPUTS];
};

/* A 16-byte vector of four 32-bit words, as both models see registers. */
struct sim_vec4 {
   uint32_t w[4];
};

/* ---------------------------------------------------------------------
 * Memory
 */

enum sim_region_kind {
   SIM_REGION_BUFFER,   /* index: TGSI BUFFER[i] */
   SIM_REGION_IMAGE,    /* index: TGSI IMAGE[i], linear texels */
   SIM_REGION_SHARED,   /* workgroup-shared memory */
   SIM_REGION_SCRATCH,  /* per-lane thread-local storage, lane-major */
   SIM_REGION_VERTEX,   /* per-lane vertex output records */
   SIM_REGION_XFB,      /* index: transform-feedback buffer 0-3 */
   SIM_REGION_GS_INPUT, /* geometry: the vertex shader's output records */
   SIM_REGION_GS_OUTPUT, /* geometry: the emitted-vertex slots */
   SIM_REGION_GS_INDICES, /* index: stream; geometry index entries */
   SIM_REGION_COUNT,
};

struct sim_region {
   enum sim_region_kind kind;
   uint32_t index;
   uint64_t base; /* address of byte 0 */
   uint32_t size;
   uint8_t *bytes;
};

struct sim_memory {
   struct sim_region regions[64];
   unsigned count;
};

/* The region holding [addr, addr + size), or NULL (an access fault). */
struct sim_region *sim_memory_find(struct sim_memory *m, uint64_t addr,
                                   uint32_t size);
/* The region whose address slot holds `addr` (regions sit far apart, so
 * an address past the end of one is still nearest to it), or NULL. */
const struct sim_region *sim_memory_near(const struct sim_memory *m,
                                         uint64_t addr);
struct sim_region *sim_memory_region(struct sim_memory *m,
                                     enum sim_region_kind kind,
                                     uint32_t index);
/* Adds (or replaces) a zero-filled region of `size` bytes. */
struct sim_region *sim_memory_add(struct sim_memory *m, struct arena *arena,
                                  enum sim_region_kind kind, uint32_t index,
                                  uint32_t size);
/* A deep copy, so that two models start from the same memory. */
void sim_memory_copy(struct sim_memory *dst, const struct sim_memory *src,
                     struct arena *arena);

/* Image texel formats (enum tgsi_format): bytes per texel, and
 * conversion between memory and the four words a shader sees (floats for
 * FLOAT/UNORM/SNORM formats, integers otherwise).  0 bytes: unsupported
 * format. */
unsigned sim_format_bytes(uint32_t format);
struct sim_vec4 sim_format_unpack(uint32_t format, const uint8_t *texel);
void sim_format_pack(uint32_t format, struct sim_vec4 v, uint8_t *texel);
/* Whether packing keeps the shader's words as they are (32-bit
 * channels: FLOAT, UINT and SINT). */
bool sim_format_words_kept(uint32_t format);
/* Whether the format's channels are normalized (UNORM or SNORM). */
bool sim_format_normalized(uint32_t format);
/* False when packing v rounds a normalized channel from exactly halfway
 * between two encodings, which implementations may round either way. */
bool sim_format_pack_exact(uint32_t format, struct sim_vec4 v);

/* ---------------------------------------------------------------------
 * Textures, samplers, images
 */

enum sim_texel_type {
   SIM_TEXEL_FLOAT,
   SIM_TEXEL_SINT,
   SIM_TEXEL_UINT,
};

/* Texture targets, as TGSI names them (enum tgsi_tex_target values). */
struct sim_texture {
   bool bound;
   uint8_t target;     /* enum tgsi_tex_target */
   uint8_t type;       /* enum sim_texel_type */
   uint32_t width, height, depth; /* depth: 3-D depth, array layers, or
                                     6 faces per cube (cube arrays: 6 *
                                     layers) */
   uint32_t levels;
   uint32_t samples;
};

enum sim_wrap {
   SIM_WRAP_CLAMP_TO_EDGE,
   SIM_WRAP_REPEAT,
};

struct sim_sampler {
   uint8_t wrap;         /* enum sim_wrap, all coordinates */
   uint8_t compare_func; /* 0 none, else a comparison for shadow lookups:
                            1 less, 2 equal, 3 lequal, 4 greater,
                            5 notequal, 6 gequal, 7 always, 8 never */
   float lod_bias, min_lod, max_lod;
};

/* What a texture instruction asks for, after each model decoded it. */
enum sim_tex_op {
   SIM_TEX_SAMPLE,      /* implicit LOD (fragment) or LOD 0 elsewhere */
   SIM_TEX_SAMPLE_BIAS,
   SIM_TEX_SAMPLE_LOD,
   SIM_TEX_SAMPLE_GRAD,
   SIM_TEX_FETCH,       /* integer coordinates, explicit level */
   SIM_TEX_GATHER,
   SIM_TEX_SIZE,        /* width, height (1-D arrays: layers),
                           depth/layers, levels */
   SIM_TEX_QUERY_LOD,
};

struct sim_tex_request {
   enum sim_tex_op op;
   uint32_t texture, sampler;
   /* Float coordinates for sampling (normalized; RECT unnormalized),
    * integers for fetches; the array layer last, the cube face from a
    * direction vector. */
   float coord[4];
   int32_t icoord[4];
   float lod;        /* explicit LOD or bias */
   float ddx[3], ddy[3]; /* explicit gradients */
   int32_t offset[3];
   bool shadow;
   float compare;    /* shadow reference */
   unsigned component; /* gather */
   int32_t level;    /* fetch and size queries */
};

/* ---------------------------------------------------------------------
 * The environment
 *
 * Scalar inputs are pure functions of (seed, what, lane, channel), so
 * that neither model needs to know in advance what a shader reads.
 * Resources (textures, buffers, images, shared and scratch memory) are
 * bound explicitly by the harness from the shader's declarations.
 */

/* What a uniform word holds, when the harness knows. */
enum sim_value_kind {
   SIM_VALUE_MIXED, /* unknown: a float or an integer by the seed */
   SIM_VALUE_FLOAT,
   SIM_VALUE_INT,
};

/* Render-target types, as enum tgsiva_rt_type numbers them: what the
 * interpreter converts a colour to before comparing. */
enum sim_rt_type {
   SIM_RT_AUTO, SIM_RT_F32, SIM_RT_F16, SIM_RT_S32, SIM_RT_S16, SIM_RT_U32,
   SIM_RT_U16,
};

/* Fragment state a driver compiles into the shader's variant (the
 * tgsiva_shader_key): the compiled code applies it, the interpreter
 * models it.  All zero: none. */
struct sim_fs_state {
   uint8_t clip_plane_enable;    /* bit i: discard if CLIPDIST[i/4][i%4] < 0 */
   uint32_t sprite_coord_enable; /* TEXCOORD[i] bit i, GENERIC[i] bit i+8 */
   bool sprite_lower_left;       /* point coordinate t counted from below */
   uint8_t color_buffers;        /* COLOR0_WRITES_ALL_CBUFS: RTs written */
   uint8_t rt_type[SIM_MAX_RTS]; /* enum sim_rt_type */
};

struct sim_env {
   uint64_t seed;
   enum sim_stage stage;
   struct arena *arena;
   struct sim_memory memory;
   uint8_t (*ubo_kind)[SIM_UBO_WORDS]; /* [SIM_MAX_UBOS] */

   /* Vertex */
   uint32_t vertex_id[SIM_LANES], instance_id[SIM_LANES];
   float viewport_scale[3], viewport_offset[3];
   /* A draw of draw_vertex_count vertices from draw_first_vertex, when
    * sim_env_set_draw made the lanes one (0: the ids are random), and
    * what transform feedback captures of it (NULL: nothing). */
   uint32_t draw_vertex_count, draw_first_vertex;
   const struct sim_xfb *xfb;
   /* Lane l reads the attributes of draw lane attrib_base + l: a draw
    * longer than a warp runs as several warps (sim_env_set_draw_part). */
   uint32_t attrib_base;

   /* Fragment: four 2x2 quads; lane 4q + i is quad q's pixel i
    * (0 top left, 1 top right, 2 bottom left, 3 bottom right). */
   uint32_t pixel_x[SIM_LANES], pixel_y[SIM_LANES];
   float frag_z[SIM_LANES], frag_w[SIM_LANES];
   float point_coord[SIM_LANES][2];
   bool front_facing[SIM_LANES];
   uint32_t sample_id[SIM_LANES], sample_mask_in[SIM_LANES];
   uint32_t framebuffer_width, framebuffer_height;
   struct sim_fs_state fs_state;

   /* Compute: one workgroup's first SIM_LANES threads. */
   uint32_t local_id[SIM_LANES][3];
   uint32_t group_id[3], num_groups[3], local_size[3];

   /* Geometry (sim_env_set_gs): lane l < gs_primitives * gs_invocations
    * is invocation invocation_id[l] of input primitive primitive_id[l],
    * whose vertex k is draw vertex primitive_id * gs_vertices_in + k. */
   uint32_t gs_primitives, gs_invocations, gs_vertices_in;
   /* The viewport a geometry shader's pass-through draw is for. */
   uint32_t gs_viewport;
   uint32_t primitive_id[SIM_LANES], invocation_id[SIM_LANES];

   /* Resources */
   struct sim_texture textures[SIM_MAX_TEXTURES];
   struct sim_sampler samplers[SIM_MAX_SAMPLERS];
   struct sim_texture images[SIM_MAX_IMAGES]; /* type and size; texels in
                                                 SIM_REGION_IMAGE */
   uint32_t image_format[SIM_MAX_IMAGES];     /* enum tgsi_format */
};

/* Random per-lane system inputs from `seed`; `local_size` matters only
 * for compute shaders. */
void sim_env_init(struct sim_env *env, struct arena *arena,
                  enum sim_stage stage, uint64_t seed,
                  const uint32_t local_size[3]);

/* Inputs as pure functions of the seed. */
uint32_t sim_env_ubo_word(const struct sim_env *env, uint32_t ubo,
                          uint32_t byte_offset);
void sim_env_set_ubo_kind(struct sim_env *env, uint32_t ubo,
                          uint32_t byte_offset, enum sim_value_kind kind);
struct sim_vec4 sim_env_attrib(const struct sim_env *env, uint32_t index,
                               unsigned lane);
struct sim_vec4 sim_env_varying(const struct sim_env *env,
                                unsigned semantic, uint32_t index,
                                unsigned lane);
/* A fragment input interpolated at (dx, dy) pixels from the pixel centre
 * (INTERP_OFFSET): sim_env_varying plus dx times an x gradient and dy
 * times a y gradient, both drawn per (semantic, index, channel) as
 * multiples of 1/16 in [-4, 4]; each channel is computed in double and
 * rounded once, and (0, 0) gives sim_env_varying exactly.  Pixels are
 * single-sampled and fully covered, so centroid and sample interpolation
 * (INTERP_CENTROID, INTERP_SAMPLE of any sample) give the centre value;
 * flat (CONSTANT) inputs ignore the offset. */
struct sim_vec4 sim_env_varying_at(const struct sim_env *env,
                                   unsigned semantic, uint32_t index,
                                   unsigned lane, float dx, float dy);

/* Geometry input: the four words of output (semantic, index) of draw
 * vertex `vertex`, as the vertex shader would have written it. */
struct sim_vec4 sim_env_gs_vertex(const struct sim_env *env,
                                  unsigned semantic, uint32_t index,
                                  uint32_t vertex);
/* Geometry warps: SIM_LANES / invocations input primitives of
 * `vertices_in` vertices, each run `invocations` times (1 to SIM_LANES),
 * primitive-major. */
void sim_env_set_gs(struct sim_env *env, uint32_t vertices_in,
                    uint32_t invocations);

/* The lanes that hold an invocation: all of them for vertex and fragment
 * warps; for compute, lane l exists when l < the workgroup's thread count
 * (local_size x * y * z), so a small group leaves lanes empty; for
 * geometry, l < primitives x invocations. */
uint32_t sim_env_live_lanes(const struct sim_env *env);

/* Resources, bound by the harness from the declarations.  Sizes and
 * contents are random but fixed by the seed. */
void sim_env_bind_texture(struct sim_env *env, uint32_t unit,
                          unsigned target, enum sim_texel_type type);
void sim_env_bind_sampler(struct sim_env *env, uint32_t unit, bool shadow);
void sim_env_bind_buffer(struct sim_env *env, uint32_t index,
                         uint32_t size);
void sim_env_bind_image(struct sim_env *env, uint32_t index,
                        unsigned target, uint32_t format);
void sim_env_bind_shared(struct sim_env *env, uint32_t size);
void sim_env_bind_scratch(struct sim_env *env, uint32_t bytes_per_lane);
/* Vertex warps: makes the lanes a draw of `vertex_count` (which divides
 * SIM_LANES) vertices from the lanes' first vertex id, SIM_LANES /
 * vertex_count instances: lane l is vertex l % vertex_count of instance
 * l / vertex_count. */
void sim_env_set_draw(struct sim_env *env, uint32_t vertex_count);
/* Vertex warps of a one-instance draw of `vertex_count` vertices, which
 * may be longer than a warp: lane l is draw vertex `part + l`, with the
 * vertex id first vertex + part + l and the attributes of draw lane
 * part + l (lanes past the draw hold the vertices after it).  The first
 * vertex is the seed's, whatever the lanes held before. */
void sim_env_set_draw_part(struct sim_env *env, uint32_t vertex_count,
                           uint32_t part);
/* Transform-feedback buffer `index` of `size` bytes, zero-filled. */
void sim_env_bind_xfb(struct sim_env *env, uint32_t index, uint32_t size);

/* Byte offset of texel (x, y, z) of image `index` in its SIM_REGION_IMAGE
 * region: texels are packed linearly, x fastest, then y, then z (the 3-D
 * slice, the array layer of 1-D and 2-D arrays, or face + 6 * layer of
 * cube maps: a 1-D array keeps its layers in z and has height 1), each
 * sim_format_bytes(format) bytes.  -1 when (x, y, z) is outside the
 * image. */
int64_t sim_env_image_offset(const struct sim_env *env, uint32_t index,
                             int32_t x, int32_t y, int32_t z);

/* The texel of `texture` at integer coordinates (clamped to the level),
 * as four words of its type. */
struct sim_vec4 sim_env_texel(const struct sim_env *env, uint32_t texture,
                              uint32_t level, int32_t x, int32_t y,
                              int32_t z);

/* One lane's texture request.  Implicit-LOD requests (SIM_TEX_SAMPLE and
 * SAMPLE_BIAS in a fragment shader, QUERY_LOD) need the coordinates of
 * the lane's whole quad: quad[i] is the request of quad lane i. */
/* The level a lookup with GL's lambda' (LODQ's y) picks: clamped to
 * the sampler's LOD range, nearest mipmap (LODQ's x). */
uint32_t sim_env_level_of_lod(const struct sim_env *env, uint32_t texture,
                              uint32_t sampler, float lambda);
/* GL's lambda' of a sampling request (NaN where a derivative is: GL
 * leaves the LOD undefined then); 0 for fetches and size queries. */
float sim_env_lambda(const struct sim_env *env,
                     const struct sim_tex_request *req,
                     const struct sim_tex_request *const quad[4]);
struct sim_vec4 sim_env_sample(const struct sim_env *env,
                               const struct sim_tex_request *req,
                               const struct sim_tex_request *const quad[4]);

/* ---------------------------------------------------------------------
 * Outputs, filled by each model
 */

struct sim_outputs {
   /* Vertex: the position in screen space after the viewport transform
    * (x/w * scale + offset, y..., z..., 1/w), point size, and every other
    * output by (semantic, index). */
   float position[SIM_LANES][4];
   bool wrote_position;
   float point_size[SIM_LANES];
   bool wrote_point_size;
   /* The layer byte the position program stored (docs/abi.md). */
   uint32_t layer[SIM_LANES];
   bool wrote_layer;
   struct {
      uint8_t semantic;
      uint32_t index;
      uint8_t mask; /* channels written */
      struct sim_vec4 value[SIM_LANES];
   } varyings[SIM_MAX_VARYINGS];
   unsigned varying_count;

   /* Fragment */
   struct sim_vec4 color[SIM_MAX_RTS][SIM_LANES];
   uint32_t rt_written; /* mask of render targets */
   float depth[SIM_LANES];
   uint32_t stencil[SIM_LANES];
   bool wrote_depth, wrote_stencil;
   uint32_t discarded; /* lane mask */
   uint32_t sample_mask[SIM_LANES];
   bool wrote_sample_mask;

   /* The instruction that produced each output, plus one (0: unknown):
    * a TGSI instruction number for the interpreter, a Valhall
    * instruction index for the simulator.  Only for attributing a
    * difference in a failure report; a model may leave them 0. */
   uint32_t position_writer, point_size_writer;
   uint32_t varying_writer[SIM_MAX_VARYINGS];
   uint32_t color_writer[SIM_MAX_RTS];
   uint32_t depth_writer, stencil_writer, sample_mask_writer;

   /* Memory the shader may write (buffers, images, shared memory) is
    * compared from each model's copy of struct sim_memory. */
};

#endif
