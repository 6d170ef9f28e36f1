/* SPDX-License-Identifier: MIT */
/*
 * The shared environment: seeded inputs, resources and the synthetic
 * texture sampler (rules in sim_env.h).
 *
 * Values are chosen to be typical rather than extreme: floats are
 * multiples of 1/16 in [-4, 4], integers small and non-negative, so that
 * loops terminate and indices stay in range as in the programs the
 * shaders came from.  A harness that knows a uniform word is an integer
 * (or a float) says so with sim_env_set_ubo_kind.
 */
#include "sim_env.h"

#include <math.h>
#include <string.h>

#include "tgsi/tgsi_tokens.h"
#include "util/bits.h"

static uint64_t
mix(uint64_t x)
{
   x += 0x9e3779b97f4a7c15ull;
   x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
   x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
   return x ^ (x >> 31);
}

/* What a value is drawn for: keeps the streams of different inputs
 * apart. */
enum draw {
   DRAW_UBO = 1,
   DRAW_ATTRIB,
   DRAW_VARYING,
   DRAW_TEXEL,
   DRAW_LANE,
   DRAW_RESOURCE,
   DRAW_MEMORY,
   DRAW_GRADIENT,
   DRAW_GS_VERTEX,
};

static uint64_t
draw(const struct sim_env *env, enum draw what, uint64_t a, uint64_t b,
     uint64_t c)
{
   return mix(mix(mix(mix(env->seed ^ ((uint64_t)what << 56)) ^ a) ^ b) ^
              c);
}

/* A multiple of 1/16 in [-4, 4]. */
static uint32_t
nice_float(uint64_t h)
{
   return float_to_bits((float)((int)(h % 129) - 64) / 16.0f);
}

static uint32_t
nice_int(uint64_t h)
{
   return (uint32_t)(h % 8);
}

uint32_t
sim_env_ubo_word(const struct sim_env *env, uint32_t ubo,
                 uint32_t byte_offset)
{
   uint64_t h = draw(env, DRAW_UBO, ubo, byte_offset / 4, 0);
   uint8_t kind = ubo < SIM_MAX_UBOS && byte_offset / 4 < SIM_UBO_WORDS
                     ? env->ubo_kind[ubo][byte_offset / 4]
                     : SIM_VALUE_MIXED;
   if (kind == SIM_VALUE_MIXED)
      kind = (h >> 40) & 1 ? SIM_VALUE_INT : SIM_VALUE_FLOAT;
   return kind == SIM_VALUE_INT ? nice_int(h) : nice_float(h);
}

void
sim_env_set_ubo_kind(struct sim_env *env, uint32_t ubo,
                     uint32_t byte_offset, enum sim_value_kind kind)
{
   if (ubo < SIM_MAX_UBOS && byte_offset / 4 < SIM_UBO_WORDS)
      env->ubo_kind[ubo][byte_offset / 4] = (uint8_t)kind;
}

struct sim_vec4
sim_env_attrib(const struct sim_env *env, uint32_t index, unsigned lane)
{
   struct sim_vec4 v;
   for (unsigned c = 0; c < 4; c++)
      v.w[c] = nice_float(draw(env, DRAW_ATTRIB, index,
                               (uint64_t)env->attrib_base + lane, c));
   return v;
}

/* Four nice floats of (what, semantic, index, n). */
static struct sim_vec4
semantic_vec4(const struct sim_env *env, enum draw what, unsigned semantic,
              uint32_t index, uint32_t n)
{
   struct sim_vec4 v;
   for (unsigned c = 0; c < 4; c++) {
      v.w[c] = nice_float(draw(env, what, (uint64_t)semantic << 32 | index,
                               n, c));
   }
   return v;
}

struct sim_vec4
sim_env_varying(const struct sim_env *env, unsigned semantic,
                uint32_t index, unsigned lane)
{
   return semantic_vec4(env, DRAW_VARYING, semantic, index, lane);
}

struct sim_vec4
sim_env_gs_vertex(const struct sim_env *env, unsigned semantic,
                  uint32_t index, uint32_t vertex)
{
   return semantic_vec4(env, DRAW_GS_VERTEX, semantic, index, vertex);
}

void
sim_env_set_gs(struct sim_env *env, uint32_t vertices_in,
               uint32_t invocations)
{
   uint32_t g = invocations ? invocations : 1;
   env->gs_vertices_in = vertices_in;
   env->gs_invocations = g;
   env->gs_primitives = g <= SIM_LANES ? SIM_LANES / g : 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      env->primitive_id[l] = l / g;
      env->invocation_id[l] = l % g;
   }
}

struct sim_vec4
sim_env_varying_at(const struct sim_env *env, unsigned semantic,
                   uint32_t index, unsigned lane, float dx, float dy)
{
   struct sim_vec4 v = sim_env_varying(env, semantic, index, lane);
   if (dx == 0.0f && dy == 0.0f)
      return v;
   uint64_t key = (uint64_t)semantic << 32 | index;
   for (unsigned c = 0; c < 4; c++) {
      double gx =
          bits_to_float(nice_float(draw(env, DRAW_GRADIENT, key, 0, c)));
      double gy =
          bits_to_float(nice_float(draw(env, DRAW_GRADIENT, key, 1, c)));
      double x =
          (double)bits_to_float(v.w[c]) + (double)dx * gx + (double)dy * gy;
      v.w[c] = float_to_bits((float)x);
   }
   return v;
}

uint32_t
sim_env_live_lanes(const struct sim_env *env)
{
   uint32_t all = SIM_LANES >= 32 ? ~0u : (1u << SIM_LANES) - 1;
   if (env->stage == SIM_STAGE_GEOMETRY) {
      uint32_t n = env->gs_primitives * env->gs_invocations;
      return n >= SIM_LANES ? all : (1u << n) - 1;
   }
   if (env->stage != SIM_STAGE_COMPUTE)
      return all;
   uint64_t threads = (uint64_t)env->local_size[0] * env->local_size[1] *
                      env->local_size[2];
   return threads >= SIM_LANES ? all : (1u << threads) - 1;
}

/* ---------------------------------------------------------------------
 * Per-lane inputs
 */

/* The vertex id of lane 0 (the draw's first vertex). */
static uint32_t
first_vertex(const struct sim_env *env)
{
   return (uint32_t)(draw(env, DRAW_LANE, 0, 0, 0) % 64);
}

static void
init_vertex(struct sim_env *env)
{
   uint32_t base = first_vertex(env);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      env->vertex_id[l] = base + l;
      env->instance_id[l] = (uint32_t)(draw(env, DRAW_LANE, 1, l, 0) % 4);
   }
   /* A 256x128 viewport at (16, 8), depth range [0, 1]. */
   env->viewport_scale[0] = 128.0f;
   env->viewport_scale[1] = 64.0f;
   env->viewport_scale[2] = 0.5f;
   env->viewport_offset[0] = 144.0f;
   env->viewport_offset[1] = 72.0f;
   env->viewport_offset[2] = 0.5f;
}

static void
init_fragment(struct sim_env *env)
{
   env->framebuffer_width = 256;
   env->framebuffer_height = 128;
   for (unsigned q = 0; q < SIM_LANES / 4; q++) {
      uint64_t h = draw(env, DRAW_LANE, 2, q, 0);
      uint32_t x = 2 * (uint32_t)(h % 127), y = 2 * (uint32_t)((h >> 8) % 63);
      for (unsigned i = 0; i < 4; i++) {
         unsigned l = 4 * q + i;
         env->pixel_x[l] = x + (i & 1);
         env->pixel_y[l] = y + (i >> 1);
      }
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint64_t h = draw(env, DRAW_LANE, 3, l, 0);
      env->frag_z[l] = (float)(h % 1024) / 1024.0f;
      env->frag_w[l] = 0.5f + (float)((h >> 10) % 64) / 32.0f;
      env->point_coord[l][0] = (float)((h >> 16) % 16) / 16.0f;
      env->point_coord[l][1] = (float)((h >> 20) % 16) / 16.0f;
      env->front_facing[l] = (h >> 24) & 1;
      env->sample_id[l] = 0;
      env->sample_mask_in[l] = 1;
   }
}

static void
init_compute(struct sim_env *env, const uint32_t local_size[3])
{
   for (unsigned c = 0; c < 3; c++) {
      env->local_size[c] = local_size && local_size[c] ? local_size[c] : 1;
      env->num_groups[c] = 1 + (uint32_t)(draw(env, DRAW_LANE, 4, c, 0) % 4);
      env->group_id[c] = (uint32_t)(draw(env, DRAW_LANE, 5, c, 0) %
                                    env->num_groups[c]);
   }
   /* The first SIM_LANES threads of the group, in linear order. */
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t i = l, sx = env->local_size[0], sy = env->local_size[1];
      env->local_id[l][0] = i % sx;
      env->local_id[l][1] = (i / sx) % sy;
      env->local_id[l][2] = i / (sx * sy) % env->local_size[2];
   }
}

void
sim_env_init(struct sim_env *env, struct arena *arena, enum sim_stage stage,
             uint64_t seed, const uint32_t local_size[3])
{
   memset(env, 0, sizeof(*env));
   env->seed = seed;
   env->stage = stage;
   env->arena = arena;
   env->ubo_kind = arena_zalloc(arena, SIM_MAX_UBOS * sizeof(*env->ubo_kind));
   init_vertex(env);
   init_fragment(env);
   init_compute(env, local_size);
}

/* ---------------------------------------------------------------------
 * Resources
 */

static bool
target_is_array(unsigned t)
{
   return t == TGSI_TEX_1D_ARRAY || t == TGSI_TEX_2D_ARRAY ||
          t == TGSI_TEX_SHADOW1D_ARRAY || t == TGSI_TEX_SHADOW2D_ARRAY ||
          t == TGSI_TEX_2D_ARRAY_MSAA || t == TGSI_TEX_CUBE_ARRAY ||
          t == TGSI_TEX_SHADOWCUBE_ARRAY;
}

/* 1: 1-D, 2: 2-D or cube, 3: 3-D. */
static unsigned
target_dims(unsigned t)
{
   switch (t) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D:
   case TGSI_TEX_SHADOW1D:
   case TGSI_TEX_1D_ARRAY:
   case TGSI_TEX_SHADOW1D_ARRAY: return 1;
   case TGSI_TEX_3D: return 3;
   default: return 2;
   }
}

static bool
target_is_cube(unsigned t)
{
   return t == TGSI_TEX_CUBE || t == TGSI_TEX_SHADOWCUBE ||
          t == TGSI_TEX_CUBE_ARRAY || t == TGSI_TEX_SHADOWCUBE_ARRAY;
}

static void
random_size(const struct sim_env *env, uint64_t key, unsigned target,
            struct sim_texture *t)
{
   uint64_t h = draw(env, DRAW_RESOURCE, key, target, 0);
   unsigned dims = target_dims(target);
   t->target = (uint8_t)target;
   t->width = 1u << (2 + h % 5);         /* 4 .. 64 */
   t->height = dims >= 2 ? 1u << (2 + (h >> 8) % 4) : 1;
   if (target_is_cube(target))
      t->height = t->width;
   t->depth = dims == 3 ? 1u << (1 + (h >> 16) % 3) : 1;
   if (target_is_array(target))
      t->depth = 1 + (uint32_t)((h >> 24) % 5);
   if (target_is_cube(target))
      t->depth *= 6; /* one layer per face */
   bool msaa = target == TGSI_TEX_2D_MSAA ||
               target == TGSI_TEX_2D_ARRAY_MSAA;
   bool mips = target != TGSI_TEX_BUFFER && target != TGSI_TEX_RECT &&
               target != TGSI_TEX_SHADOWRECT && !msaa;
   t->levels = mips ? 1 + (uint32_t)((h >> 32) % 3) : 1;
   t->samples = msaa ? 4 : 1;
   t->bound = true;
}

void
sim_env_bind_texture(struct sim_env *env, uint32_t unit, unsigned target,
                     enum sim_texel_type type)
{
   if (unit >= SIM_MAX_TEXTURES)
      return;
   random_size(env, unit, target, &env->textures[unit]);
   env->textures[unit].type = (uint8_t)type;
}

void
sim_env_bind_sampler(struct sim_env *env, uint32_t unit, bool shadow)
{
   if (unit >= SIM_MAX_SAMPLERS)
      return;
   uint64_t h = draw(env, DRAW_RESOURCE, 1000 + unit, 0, 0);
   struct sim_sampler *s = &env->samplers[unit];
   s->wrap = (h & 1) ? SIM_WRAP_REPEAT : SIM_WRAP_CLAMP_TO_EDGE;
   s->compare_func = shadow ? (uint8_t)(1 + (h >> 1) % 8) : 0;
   s->lod_bias = 0.0f;
   s->min_lod = 0.0f;
   s->max_lod = 16.0f;
}

static void
fill_random(const struct sim_env *env, struct sim_region *r, uint64_t key)
{
   for (uint32_t i = 0; i + 4 <= r->size; i += 4) {
      uint64_t h = draw(env, DRAW_MEMORY, key, i, 0);
      uint32_t w = (h >> 40) & 1 ? nice_int(h) : nice_float(h);
      memcpy(r->bytes + i, &w, 4);
   }
}

void
sim_env_bind_buffer(struct sim_env *env, uint32_t index, uint32_t size)
{
   struct sim_region *r = sim_memory_add(&env->memory, env->arena,
                                         SIM_REGION_BUFFER, index, size);
   if (r)
      fill_random(env, r, 2000 + index);
}

void
sim_env_bind_image(struct sim_env *env, uint32_t index, unsigned target,
                   uint32_t format)
{
   if (index >= SIM_MAX_IMAGES)
      return;
   struct sim_texture *t = &env->images[index];
   random_size(env, 3000 + index, target, t);
   t->levels = 1;
   env->image_format[index] = format;
   unsigned bytes = sim_format_bytes(format);
   uint32_t size = t->width * t->height * t->depth * (bytes ? bytes : 16);
   struct sim_region *r = sim_memory_add(&env->memory, env->arena,
                                         SIM_REGION_IMAGE, index, size);
   if (r)
      fill_random(env, r, 3000 + index);
}

int64_t
sim_env_image_offset(const struct sim_env *env, uint32_t index, int32_t x,
                     int32_t y, int32_t z)
{
   if (index >= SIM_MAX_IMAGES || !env->images[index].bound)
      return -1;
   const struct sim_texture *t = &env->images[index];
   if (x < 0 || y < 0 || z < 0 || (uint32_t)x >= t->width ||
       (uint32_t)y >= t->height || (uint32_t)z >= t->depth)
      return -1;
   unsigned bytes = sim_format_bytes(env->image_format[index]);
   uint64_t texel = ((uint64_t)z * t->height + (uint32_t)y) * t->width +
                    (uint32_t)x;
   return (int64_t)(texel * (bytes ? bytes : 16));
}

void
sim_env_bind_shared(struct sim_env *env, uint32_t size)
{
   sim_memory_add(&env->memory, env->arena, SIM_REGION_SHARED, 0, size);
}

void
sim_env_bind_scratch(struct sim_env *env, uint32_t bytes_per_lane)
{
   sim_memory_add(&env->memory, env->arena, SIM_REGION_SCRATCH, 0,
                  bytes_per_lane * SIM_LANES);
}

void
sim_env_set_draw(struct sim_env *env, uint32_t vertex_count)
{
   uint32_t first = env->vertex_id[0];
   env->draw_vertex_count = vertex_count;
   env->draw_first_vertex = first;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      env->vertex_id[l] = first + l % vertex_count;
      env->instance_id[l] = l / vertex_count;
   }
}

void
sim_env_set_draw_part(struct sim_env *env, uint32_t vertex_count,
                      uint32_t part)
{
   uint32_t first = first_vertex(env);
   env->draw_vertex_count = vertex_count;
   env->draw_first_vertex = first;
   env->attrib_base = part;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      env->vertex_id[l] = first + part + l;
      env->instance_id[l] = 0;
   }
}

void
sim_env_bind_xfb(struct sim_env *env, uint32_t index, uint32_t size)
{
   sim_memory_add(&env->memory, env->arena, SIM_REGION_XFB, index, size);
}

/* ---------------------------------------------------------------------
 * Texels and sampling
 */

static uint32_t
level_size(uint32_t size, uint32_t level)
{
   uint32_t s = size >> level;
   return s ? s : 1;
}

static int32_t
clamp_i(int32_t v, int32_t lo, int32_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

struct sim_vec4
sim_env_texel(const struct sim_env *env, uint32_t texture, uint32_t level,
              int32_t x, int32_t y, int32_t z)
{
   struct sim_vec4 v = {{0, 0, 0, 0}};
   if (texture >= SIM_MAX_TEXTURES || !env->textures[texture].bound)
      return v;
   const struct sim_texture *t = &env->textures[texture];
   level = level < t->levels ? level : t->levels - 1;
   bool layered = target_is_array(t->target) || target_is_cube(t->target);
   x = clamp_i(x, 0, (int32_t)level_size(t->width, level) - 1);
   y = clamp_i(y, 0, (int32_t)level_size(t->height, level) - 1);
   z = clamp_i(z, 0, (int32_t)(layered ? t->depth
                                       : level_size(t->depth, level)) - 1);
   for (unsigned c = 0; c < 4; c++) {
      uint64_t h = draw(env, DRAW_TEXEL, (uint64_t)texture << 32 | level,
                        (uint64_t)(uint32_t)x << 32 | (uint32_t)y,
                        (uint64_t)(uint32_t)z << 8 | c);
      switch (t->type) {
      case SIM_TEXEL_FLOAT:
         v.w[c] = float_to_bits((float)(h % 256) / 256.0f);
         break;
      case SIM_TEXEL_SINT: v.w[c] = (uint32_t)((int32_t)(h % 200) - 100); break;
      default: v.w[c] = (uint32_t)(h % 1000); break;
      }
   }
   return v;
}

/* Texel coordinate of a normalized (or, for RECT, unnormalized)
 * coordinate, wrapped. */
static int32_t
wrap_coord(float u, uint32_t size, bool normalized, enum sim_wrap wrap,
           int32_t offset)
{
   float f = normalized ? u * (float)size : u;
   int32_t i = (int32_t)floorf(isfinite(f) ? fmaxf(fminf(f, 1e8f), -1e8f)
                                           : 0.0f);
   i += offset;
   if (wrap == SIM_WRAP_REPEAT) {
      int32_t m = i % (int32_t)size;
      return m < 0 ? m + (int32_t)size : m;
   }
   return clamp_i(i, 0, (int32_t)size - 1);
}

/* Cube: the face (+x, -x, +y, -y, +z, -z) and the 2-D coordinates in
 * [0, 1] of a direction. */
static void
cube_face(const float *d, unsigned *face, float *s, float *t)
{
   float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
   float ma, sc, tc;
   if (ax >= ay && ax >= az) {
      *face = d[0] >= 0 ? 0 : 1;
      ma = ax;
      sc = d[0] >= 0 ? -d[2] : d[2];
      tc = -d[1];
   } else if (ay >= az) {
      *face = d[1] >= 0 ? 2 : 3;
      ma = ay;
      sc = d[0];
      tc = d[1] >= 0 ? d[2] : -d[2];
   } else {
      *face = d[2] >= 0 ? 4 : 5;
      ma = az;
      sc = d[2] >= 0 ? d[0] : -d[0];
      tc = -d[1];
   }
   ma = ma > 0 ? ma : 1.0f;
   *s = 0.5f * (sc / ma + 1.0f);
   *t = 0.5f * (tc / ma + 1.0f);
}

/* The derivative (ds, dt) of cube_face's face coordinates along dd, the
 * derivative of the direction d (GL takes a cube map's explicit
 * gradients of the direction to the face): s = (sc / ma + 1) / 2 gives
 * ds = (dsc ma - sc dma) / (2 ma^2). */
static void
cube_gradient(const float *d, const float *dd, float *out)
{
   float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
   unsigned m, si, ti;
   float ss, ts;
   if (ax >= ay && ax >= az) {
      m = 0, si = 2, ti = 1, ss = d[0] >= 0 ? -1.0f : 1.0f, ts = -1.0f;
   } else if (ay >= az) {
      m = 1, si = 0, ti = 2, ss = 1.0f, ts = d[1] >= 0 ? 1.0f : -1.0f;
   } else {
      m = 2, si = 0, ti = 1, ss = d[2] >= 0 ? 1.0f : -1.0f, ts = -1.0f;
   }
   float ms = d[m] >= 0 ? 1.0f : -1.0f;
   float ma = fabsf(d[m]), dma = ms * dd[m];
   float c[2] = {ss * d[si], ts * d[ti]}, dc[2] = {ss * dd[si], ts * dd[ti]};
   for (unsigned k = 0; k < 2; k++)
      out[k] = ma > 0 ? (dc[k] * ma - c[k] * dma) / (2.0f * ma * ma) : 0.0f;
   out[2] = 0.0f;
}

/* Coordinates scaled to texels of level 0, for derivatives. */
static void
texel_space(const struct sim_texture *t, const float *c, float *out)
{
   float size[3] = {(float)t->width, (float)t->height, (float)t->depth};
   bool rect = t->target == TGSI_TEX_RECT || t->target == TGSI_TEX_SHADOWRECT;
   for (unsigned i = 0; i < 3; i++)
      out[i] = rect ? c[i] : c[i] * size[i];
}

static float
lod_from_gradients(const struct sim_texture *t, const float *dx,
                   const float *dy)
{
   float sx[3], sy[3];
   texel_space(t, dx, sx);
   texel_space(t, dy, sy);
   unsigned dims = target_dims(t->target);
   float lx = 0, ly = 0;
   for (unsigned i = 0; i < dims; i++) {
      lx += sx[i] * sx[i];
      ly += sy[i] * sy[i];
   }
   float rho = sqrtf(fmaxf(lx, ly));
   if (isnan(lx) || isnan(ly))
      return NAN; /* an infinite coordinate's derivative */
   return rho > 0 ? log2f(rho) : -INFINITY;
}

/* The coordinates derivatives are taken of: as given, or for a cube map
 * the face coordinates (s, t) of the direction, so that the LOD does not
 * depend on the direction's length (the two models may scale it
 * differently: the Valhall simulator gets it back from s and t). */
static void
lod_coords(const struct sim_texture *t, const struct sim_tex_request *r,
           float *c)
{
   memcpy(c, r->coord, 3 * sizeof(float));
   if (target_is_cube(t->target)) {
      unsigned face;
      cube_face(r->coord, &face, &c[0], &c[1]);
      c[2] = 0;
   }
}

/* The LOD from the quad's coordinates: differences across the quad's
 * first row and first column (a coarse derivative). */
static float
implicit_lod(const struct sim_texture *t,
             const struct sim_tex_request *const quad[4])
{
   float c[3][3], dx[3], dy[3];
   for (unsigned q = 0; q < 3; q++)
      lod_coords(t, quad[q], c[q]);
   for (unsigned i = 0; i < 3; i++) {
      dx[i] = c[1][i] - c[0][i];
      dy[i] = c[2][i] - c[0][i];
   }
   return lod_from_gradients(t, dx, dy);
}

/* GL's lambda': the computed LOD plus the biases, before the sampler's
 * [min, max] LOD clamp (what LODQ/LOD return in y). */
static float
request_lambda(const struct sim_env *env, const struct sim_texture *t,
               const struct sim_sampler *s, const struct sim_tex_request *req,
               const struct sim_tex_request *const quad[4])
{
   float lod = 0.0f;
   bool implicit = env->stage == SIM_STAGE_FRAGMENT && quad;
   switch (req->op) {
   case SIM_TEX_SAMPLE_LOD: lod = req->lod; break;
   case SIM_TEX_SAMPLE_GRAD:
      if (target_is_cube(t->target)) {
         float dx[3], dy[3];
         cube_gradient(req->coord, req->ddx, dx);
         cube_gradient(req->coord, req->ddy, dy);
         lod = lod_from_gradients(t, dx, dy);
      } else {
         lod = lod_from_gradients(t, req->ddx, req->ddy);
      }
      break;
   case SIM_TEX_SAMPLE_BIAS:
   case SIM_TEX_SAMPLE:
   case SIM_TEX_GATHER:
   case SIM_TEX_QUERY_LOD:
      lod = implicit && req->op != SIM_TEX_GATHER ? implicit_lod(t, quad)
                                                  : 0.0f;
      if (req->op == SIM_TEX_SAMPLE_BIAS)
         lod += req->lod;
      break;
   default: break;
   }
   return lod + s->lod_bias;
}

static float
clamp_lod(const struct sim_sampler *s, float lambda)
{
   return fminf(fmaxf(lambda, s->min_lod), s->max_lod);
}

/* GL's nearest mipmap: level ceil(lod + 1/2) - 1, 0 for lod <= 1/2. */
static uint32_t
nearest_level(const struct sim_texture *t, float lod)
{
   if (!(lod > 0.5f))
      return 0;
   float r = ceilf(lod + 0.5f) - 1.0f;
   return r >= (float)(t->levels - 1) ? t->levels - 1 : (uint32_t)r;
}

uint32_t
sim_env_level_of_lod(const struct sim_env *env, uint32_t texture,
                     uint32_t sampler, float lambda)
{
   if (texture >= SIM_MAX_TEXTURES || sampler >= SIM_MAX_SAMPLERS)
      return 0;
   return nearest_level(&env->textures[texture],
                        clamp_lod(&env->samplers[sampler], lambda));
}

static bool
compare(unsigned func, float ref, float texel)
{
   switch (func) {
   case 1: return ref < texel;
   case 2: return ref == texel;
   case 3: return ref <= texel;
   case 4: return ref > texel;
   case 5: return ref != texel;
   case 6: return ref >= texel;
   case 7: return true;
   default: return false;
   }
}

/* Texel (x, y) of the request's 2-D (or layer / face) slice. */
struct lookup {
   const struct sim_env *env;
   const struct sim_tex_request *req;
   const struct sim_texture *t;
   const struct sim_sampler *s;
   uint32_t level;
   int32_t layer;
   float s_coord, t_coord, r_coord;
};

/* The array layer a coordinate selects, clamped to 0..last; the clamp
 * comes first, as a float outside int32 (inf, huge, NaN) has no int32
 * value to convert to. */
static int32_t
layer_index(float coord, int32_t last)
{
   float rounded = floorf(coord + 0.5f);
   if (!(rounded > 0.0f) || last <= 0)
      return 0;
   return rounded >= (float)last ? last : (int32_t)rounded;
}

static void
resolve_coords(struct lookup *k)
{
   const struct sim_tex_request *req = k->req;
   const struct sim_texture *t = k->t;
   unsigned dims = target_dims(t->target);
   k->s_coord = req->coord[0];
   k->t_coord = req->coord[1];
   k->r_coord = req->coord[2];
   k->layer = 0;
   if (target_is_cube(t->target)) {
      unsigned face;
      cube_face(req->coord, &face, &k->s_coord, &k->t_coord);
      int32_t layer = 0;
      if (target_is_array(t->target))
         layer = layer_index(req->coord[3], (int32_t)t->depth / 6 - 1);
      k->layer = layer * 6 + (int32_t)face;
   } else if (target_is_array(t->target)) {
      k->layer = layer_index(req->coord[dims], (int32_t)t->depth - 1);
   }
}

static struct sim_vec4
fetch_at(struct lookup *k, int32_t x, int32_t y)
{
   const struct sim_texture *t = k->t;
   int32_t z = k->layer;
   if (target_dims(t->target) == 3) {
      z = wrap_coord(k->r_coord, level_size(t->depth, k->level), true,
                     (enum sim_wrap)k->s->wrap, k->req->offset[2]);
   }
   return sim_env_texel(k->env, k->req->texture, k->level, x, y, z);
}

static struct sim_vec4
sample_nearest(struct lookup *k)
{
   const struct sim_texture *t = k->t;
   bool norm = t->target != TGSI_TEX_RECT && t->target != TGSI_TEX_SHADOWRECT;
   enum sim_wrap wrap = (enum sim_wrap)k->s->wrap;
   int32_t x = wrap_coord(k->s_coord, level_size(t->width, k->level), norm,
                          wrap, k->req->offset[0]);
   int32_t y = 0;
   if (target_dims(t->target) >= 2)
      y = wrap_coord(k->t_coord, level_size(t->height, k->level), norm, wrap,
                     k->req->offset[1]);
   struct sim_vec4 v = fetch_at(k, x, y);
   if (k->req->shadow) {
      bool pass =
          compare(k->s->compare_func, k->req->compare, bits_to_float(v.w[0]));
      uint32_t r = pass ? float_to_bits(1.0f) : 0;
      v = (struct sim_vec4){{r, r, r, float_to_bits(1.0f)}};
   }
   return v;
}

/* The 2x2 footprint's component c, in GL's order (i0j1, i1j1, i1j0,
 * i0j0). */
static struct sim_vec4
gather(struct lookup *k)
{
   const struct sim_texture *t = k->t;
   bool norm = t->target != TGSI_TEX_RECT && t->target != TGSI_TEX_SHADOWRECT;
   uint32_t w = level_size(t->width, 0), h = level_size(t->height, 0);
   float fx = (norm ? k->s_coord * (float)w : k->s_coord) - 0.5f;
   float fy = (norm ? k->t_coord * (float)h : k->t_coord) - 0.5f;
   struct sim_tex_request shifted = *k->req;
   struct lookup kk = *k;
   kk.req = &shifted;
   static const int8_t di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
   struct sim_vec4 out;
   for (unsigned i = 0; i < 4; i++) {
      float sx = floorf(fx) + (float)di[i] + 0.5f;
      float sy = floorf(fy) + (float)dj[i] + 0.5f;
      kk.s_coord = norm ? sx / (float)w : sx;
      kk.t_coord = norm ? sy / (float)h : sy;
      struct sim_vec4 v = sample_nearest(&kk);
      out.w[i] = k->req->shadow ? v.w[0] : v.w[k->req->component & 3];
   }
   return out;
}

static struct sim_vec4
texel_fetch(struct lookup *k)
{
   const struct sim_tex_request *req = k->req;
   const struct sim_texture *t = k->t;
   uint32_t level = req->level < 0 ? 0 : (uint32_t)req->level;
   /* The hardware adds in 32 bits and wraps; C's signed add would
    * overflow (a hostile binary's coordinate near INT_MIN). */
   int32_t x = (int32_t)((uint32_t)req->icoord[0] + (uint32_t)req->offset[0]);
   int32_t y = (int32_t)((uint32_t)req->icoord[1] + (uint32_t)req->offset[1]);
   int32_t z = (int32_t)((uint32_t)req->icoord[2] + (uint32_t)req->offset[2]);
   if (target_dims(t->target) == 1 && target_is_array(t->target)) {
      z = req->icoord[1];
      y = 0;
   }
   return sim_env_texel(k->env, req->texture, level, x, y, z);
}

static struct sim_vec4
size_query(const struct sim_texture *t, int32_t level)
{
   uint32_t l = level < 0 ? 0 : (uint32_t)level;
   bool layered = target_is_array(t->target) || target_is_cube(t->target);
   uint32_t layers = target_is_cube(t->target) ? t->depth / 6 : t->depth;
   struct sim_vec4 v = {{level_size(t->width, l), level_size(t->height, l),
                         layered ? layers : level_size(t->depth, l),
                         t->levels}};
   if (target_dims(t->target) == 1 && layered)
      v.w[1] = layers; /* TXQ puts a 1-D array's layers in y */
   return v;
}

float
sim_env_lambda(const struct sim_env *env, const struct sim_tex_request *req,
               const struct sim_tex_request *const quad[4])
{
   if (req->texture >= SIM_MAX_TEXTURES ||
       !env->textures[req->texture].bound ||
       req->sampler >= SIM_MAX_SAMPLERS || req->op == SIM_TEX_SIZE ||
       req->op == SIM_TEX_FETCH)
      return 0.0f;
   return request_lambda(env, &env->textures[req->texture],
                         &env->samplers[req->sampler], req, quad);
}

struct sim_vec4
sim_env_sample(const struct sim_env *env, const struct sim_tex_request *req,
               const struct sim_tex_request *const quad[4])
{
   struct sim_vec4 zero = {{0, 0, 0, 0}};
   if (req->texture >= SIM_MAX_TEXTURES ||
       !env->textures[req->texture].bound)
      return zero;
   static const struct sim_sampler fetch_sampler = {.max_lod = 16.0f};
   struct lookup k = {.env = env, .req = req,
                      .t = &env->textures[req->texture]};
   k.s = req->sampler < SIM_MAX_SAMPLERS ? &env->samplers[req->sampler]
                                         : &fetch_sampler;
   switch (req->op) {
   case SIM_TEX_SIZE: return size_query(k.t, req->level);
   case SIM_TEX_FETCH: return texel_fetch(&k);
   default: break;
   }
   float lambda = request_lambda(env, k.t, k.s, req, quad);
   k.level = nearest_level(k.t, clamp_lod(k.s, lambda));
   if (req->op == SIM_TEX_QUERY_LOD) {
      struct sim_vec4 v = {
          {float_to_bits((float)k.level), float_to_bits(lambda), 0, 0}};
      return v;
   }
   resolve_coords(&k);
   if (req->op == SIM_TEX_GATHER) {
      k.level = 0;
      return gather(&k);
   }
   return sample_nearest(&k);
}
