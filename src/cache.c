/* SPDX-License-Identifier: MIT */
/*
 * Shader cache support: the build id, the shader hash and the blob.
 *
 * 1. The blob is "TGSV", the format version, the body, then the SHA-1 of
 *    everything before it.  Every value is little-endian and fixed-width,
 *    so a blob moves between machines.
 * 2. One function, transfer(), lists the fields in blob order; it writes
 *    them or reads them back depending on the stream's direction, so
 *    writer and reader cannot disagree.  A new field is one line there
 *    (and CACHE_BLOB_VERSION + 1).
 * 3. Reading never trusts the blob: every count is checked against the
 *    bytes left, every enum against its range; the result is carved from
 *    one allocation of a size the blob bounds (each element takes at
 *    least as many blob bytes as it takes memory).
 */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

#include "build_id.h"
#include "util/diag.h"
#include "util/sha1.h"

static const uint8_t build_id[TGSIVA_BUILD_ID_SIZE] = {TGSIVA_BUILD_ID_BYTES};

const uint8_t *
tgsiva_build_id(void)
{
   return build_id;
}

static void
hash_key(struct sha1 *s, const struct tgsiva_shader_key *k)
{
   sha1_u32(s, k->fixed_varying_mask);
   sha1_u32(s, k->sprite_coord_enable);
   uint8_t bytes[4] = {k->sprite_coord_origin, k->clip_plane_enable,
                       k->color_buffers, k->reserved};
   sha1_update(s, bytes, sizeof(bytes));
   sha1_update(s, k->rt_types, sizeof(k->rt_types));
}

/* Transform feedback adds a program: none and an empty description
 * hash alike, as they compile alike. */
static void
hash_stream_output(struct sha1 *s, const struct tgsiva_stream_output *so)
{
   unsigned n = so ? so->num_outputs : 0;
   sha1_u32(s, n);
   for (unsigned b = 0; n && b < TGSIVA_MAX_STREAM_BUFFERS; b++)
      sha1_u32(s, so->stride[b]);
   for (unsigned i = 0; i < n && i < TGSIVA_MAX_STREAM_OUTPUTS; i++) {
      const struct tgsiva_stream_output_entry *e = &so->output[i];
      uint32_t f[] = {e->register_index, e->start_component,
                      e->num_components, e->output_buffer, e->dst_offset,
                      e->stream};
      for (unsigned k = 0; k < sizeof(f) / sizeof(f[0]); k++)
         sha1_u32(s, f[k]);
   }
}

void
tgsiva_shader_hash(const uint32_t *tokens, size_t count,
                   const struct tgsiva_compile_options *opts,
                   uint8_t hash[TGSIVA_HASH_SIZE])
{
   static const struct tgsiva_shader_key zero_key;
   struct sha1 s;
   sha1_init(&s);
   sha1_update(&s, "tgsiva shader 1", 16);
   sha1_u32(&s, (uint32_t)count);
   for (size_t i = 0; i < count; i++)
      sha1_u32(&s, tokens[i]);
   hash_key(&s, opts && opts->key ? opts->key : &zero_key);
   hash_stream_output(&s, opts ? opts->stream_output : NULL);
   /* Of the options only the register limit changes code. */
   sha1_u32(&s, opts ? opts->max_registers : 0);
   sha1_final(&s, hash);
}

/* ---------------------------------------------------------------------
 * The stream both directions share
 */

struct stream {
   bool reading;
   bool failed;
   uint8_t *data; /* writing: the growing blob; reading: the input */
   size_t len, cap, at;
   uint8_t *block; /* reading: where arrays are carved */
   size_t block_at, block_size;
};

static void
put(struct stream *s, const void *p, size_t n)
{
   if (s->failed)
      return;
   if (s->len + n > s->cap) {
      size_t cap = s->cap ? 2 * s->cap : 1024;
      while (cap < s->len + n)
         cap *= 2;
      uint8_t *grown = realloc(s->data, cap);
      if (!grown) {
         s->failed = true;
         return;
      }
      s->data = grown;
      s->cap = cap;
   }
   memcpy(s->data + s->len, p, n);
   s->len += n;
}

static const uint8_t *
take(struct stream *s, size_t n)
{
   if (s->failed || n > s->len - s->at) {
      s->failed = true;
      return NULL;
   }
   const uint8_t *p = s->data + s->at;
   s->at += n;
   return p;
}

static void
u64(struct stream *s, uint64_t *v)
{
   uint8_t b[8];
   if (!s->reading) {
      for (unsigned i = 0; i < 8; i++)
         b[i] = (uint8_t)(*v >> (8 * i));
      put(s, b, 8);
      return;
   }
   const uint8_t *p = take(s, 8);
   *v = 0;
   for (unsigned i = 0; p && i < 8; i++)
      *v |= (uint64_t)p[i] << (8 * i);
}

static void
u32(struct stream *s, uint32_t *v)
{
   uint64_t w = *v;
   if (!s->reading) {
      uint8_t b[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16),
                      (uint8_t)(w >> 24)};
      put(s, b, 4);
      return;
   }
   const uint8_t *p = take(s, 4);
   *v = p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
               (uint32_t)p[3] << 24
          : 0;
}

static void
uint_field(struct stream *s, unsigned *v)
{
   uint32_t w = *v;
   u32(s, &w);
   *v = w;
}

static void
flag(struct stream *s, bool *v)
{
   uint32_t w = *v;
   u32(s, &w);
   if (w > 1)
      s->failed = true;
   *v = w == 1;
}

static void
f64(struct stream *s, double *v)
{
   uint64_t bits;
   memcpy(&bits, v, 8);
   u64(s, &bits);
   memcpy(v, &bits, 8);
}

/* An array of `count` elements of `elem` bytes, each taking at least
 * `elem` bytes of blob: reading carves it from the result block. */
static void *
array(struct stream *s, const void *have, uint32_t count, size_t elem)
{
   if (!s->reading)
      return (void *)have;
   if (s->failed || count > (s->len - s->at) / elem) {
      s->failed = true;
      return NULL;
   }
   size_t n = ((size_t)count * elem + 15) & ~(size_t)15;
   if (n > s->block_size - s->block_at) {
      s->failed = true;
      return NULL;
   }
   void *p = s->block + s->block_at;
   s->block_at += n;
   return p;
}

/* ---------------------------------------------------------------------
 * The fields, in blob order
 */

static void
transfer_program(struct stream *s, struct tgsiva_program *p)
{
   uint32_t size = (uint32_t)p->size;
   u32(s, &size);
   if (size % 8)
      s->failed = true;
   uint8_t *code = array(s, p->code, size, 1);
   if (s->failed)
      return;
   if (s->reading)
      memcpy(code, take(s, size), size);
   else
      put(s, code, size);
   p->code = code;
   p->size = size;
   uint_field(s, &p->work_registers);
   u64(s, &p->preload_mask);
   struct tgsiva_stats *st = &p->stats;
   uint_field(s, &st->instructions);
   uint_field(s, &st->spills);
   uint_field(s, &st->fills);
   double *units[] = {&st->fma, &st->cvt, &st->sfu, &st->v,
                      &st->t,   &st->ls,  &st->cycles};
   for (unsigned i = 0; i < sizeof(units) / sizeof(units[0]); i++)
      f64(s, units[i]);
}

static const struct tgsiva_varying *
transfer_varyings(struct stream *s, const struct tgsiva_varying *have,
                  unsigned *count)
{
   uint_field(s, count);
   struct tgsiva_varying *v = array(s, have, *count, 6 * 4);
   for (unsigned i = 0; !s->failed && i < *count; i++) {
      u32(s, &v[i].semantic);
      u32(s, &v[i].index);
      u32(s, &v[i].byte_offset);
      u32(s, &v[i].components);
      u32(s, &v[i].interpolation);
      u32(s, &v[i].location);
   }
   return v;
}

static void
transfer_layout(struct stream *s, struct tgsiva_shader *sh)
{
   uint_field(s, &sh->push_count);
   struct tgsiva_push_word *push = array(s, sh->push, sh->push_count, 8);
   for (unsigned i = 0; !s->failed && i < sh->push_count; i++) {
      u32(s, &push[i].ubo);
      u32(s, &push[i].offset);
   }
   sh->push = push;
   uint_field(s, &sh->sysval_ubo);
   uint_field(s, &sh->sysval_count);
   struct tgsiva_sysval *sv = array(s, sh->sysvals, sh->sysval_count, 8);
   for (unsigned i = 0; !s->failed && i < sh->sysval_count; i++) {
      u32(s, &sv[i].kind);
      u32(s, &sv[i].id);
      if (sv[i].kind > TGSIVA_SYSVAL_GS_VIEWPORT)
         s->failed = true;
   }
   sh->sysvals = sv;
   unsigned *counts[] = {&sh->user_ubo_count, &sh->texture_count,
                         &sh->sampler_count, &sh->image_count,
                         &sh->buffer_count};
   for (unsigned i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
      uint_field(s, counts[i]);
   u32(s, &sh->tls_bytes);
   flag(s, &sh->uses_barrier);
   flag(s, &sh->writes_memory);
}

static void
transfer_stage_info(struct stream *s, struct tgsiva_shader *sh)
{
   u32(s, &sh->attributes_read);
   sh->outputs = transfer_varyings(s, sh->outputs, &sh->output_count);
   flag(s, &sh->writes_point_size);
   u32(s, &sh->fixed_varying_mask);
   u32(s, &sh->xfb_buffers_written);
   sh->inputs = transfer_varyings(s, sh->inputs, &sh->input_count);
   u32(s, &sh->render_targets_written);
   bool *flags[] = {&sh->writes_depth,      &sh->writes_stencil,
                    &sh->writes_sample_mask, &sh->can_discard,
                    &sh->reads_frag_coord,  &sh->reads_face,
                    &sh->reads_point_coord, &sh->sample_shading,
                    &sh->early_fragment_tests, &sh->uses_derivatives};
   for (unsigned i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
      flag(s, flags[i]);
   for (unsigned i = 0; i < 3; i++)
      u32(s, &sh->local_size[i]);
   u32(s, &sh->shared_bytes);
   uint32_t *regs = array(s, sh->output_registers, sh->output_count, 4);
   for (unsigned i = 0; !s->failed && i < sh->output_count; i++)
      u32(s, &regs[i]);
   sh->output_registers = regs;
   flag(s, &sh->writes_layer);
   flag(s, &sh->writes_viewport_index);
   uint32_t *gs[] = {&sh->gs_input_primitive, &sh->gs_vertices_in,
                     &sh->gs_output_primitive, &sh->gs_draw_primitive,
                     &sh->gs_max_vertices, &sh->gs_invocations,
                     &sh->gs_input_stride, &sh->gs_output_stride,
                     &sh->gs_indices_per_invocation, &sh->gs_streams};
   for (unsigned i = 0; i < sizeof(gs) / sizeof(gs[0]); i++)
      u32(s, gs[i]);
}

static void
transfer(struct stream *s, struct tgsiva_shader *sh)
{
   uint32_t stage = sh->stage;
   u32(s, &stage);
   if (stage > TGSIVA_STAGE_GEOMETRY)
      s->failed = true;
   sh->stage = (enum tgsiva_stage)stage;
   uint_field(s, &sh->program_count);
   if (sh->program_count > sizeof(sh->programs) / sizeof(sh->programs[0]))
      s->failed = true;
   for (unsigned p = 0; !s->failed && p < sh->program_count; p++)
      transfer_program(s, &sh->programs[p]);
   transfer_layout(s, sh);
   transfer_stage_info(s, sh);
}

/* ---------------------------------------------------------------------
 * The public calls
 */

enum tgsiva_status
tgsiva_shader_serialize(const struct tgsiva_shader *shader, uint8_t **blob,
                        size_t *size, struct tgsiva_diagnostic *d)
{
   struct tgsiva_diagnostic own;
   if (!d)
      d = &own;
   diag_clear(d);
   *blob = NULL;
   *size = 0;
   struct stream s = {.reading = false};
   uint32_t magic = CACHE_BLOB_MAGIC, version = CACHE_BLOB_VERSION;
   u32(&s, &magic);
   u32(&s, &version);
   struct tgsiva_shader copy = *shader; /* transfer() writes back */
   transfer(&s, &copy);
   uint8_t digest[SHA1_SIZE];
   struct sha1 h;
   sha1_init(&h);
   sha1_update(&h, s.data, s.len);
   sha1_final(&h, digest);
   put(&s, digest, sizeof(digest));
   if (s.failed) {
      free(s.data);
      diag_error(d, TGSIVA_ERROR_NOMEM, "out of memory");
      return d->status;
   }
   *blob = s.data;
   *size = s.len;
   return TGSIVA_OK;
}

static bool
check_header(const uint8_t *blob, size_t size, struct tgsiva_diagnostic *d)
{
   if (size < 8 + SHA1_SIZE)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "blob of %zu bytes: truncated", size);
   uint32_t magic = (uint32_t)blob[0] | (uint32_t)blob[1] << 8 |
                    (uint32_t)blob[2] << 16 | (uint32_t)blob[3] << 24;
   uint32_t version = (uint32_t)blob[4] | (uint32_t)blob[5] << 8 |
                      (uint32_t)blob[6] << 16 | (uint32_t)blob[7] << 24;
   if (magic != CACHE_BLOB_MAGIC)
      return diag_error(d, TGSIVA_ERROR_INPUT, "not a tgsiva shader blob");
   if (version != CACHE_BLOB_VERSION)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "blob format version %u, this library reads %u",
                        version, CACHE_BLOB_VERSION);
   uint8_t digest[SHA1_SIZE];
   struct sha1 h;
   sha1_init(&h);
   sha1_update(&h, blob, size - SHA1_SIZE);
   sha1_final(&h, digest);
   if (memcmp(digest, blob + size - SHA1_SIZE, SHA1_SIZE))
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "blob checksum mismatch: corrupt or truncated");
   return true;
}

enum tgsiva_status
tgsiva_shader_deserialize(const uint8_t *blob, size_t size,
                          struct tgsiva_shader **out,
                          struct tgsiva_diagnostic *d)
{
   struct tgsiva_diagnostic own;
   if (!d)
      d = &own;
   diag_clear(d);
   *out = NULL;
   if (!check_header(blob, size, d))
      return d->status;
   /* Arrays take no more memory than blob bytes, plus 16 of alignment
    * each (at most 8 arrays). */
   size_t block_size = sizeof(struct tgsiva_shader) + 16 + size + 8 * 16;
   uint8_t *block = calloc(1, block_size);
   if (!block) {
      diag_error(d, TGSIVA_ERROR_NOMEM, "out of memory");
      return d->status;
   }
   struct tgsiva_shader *sh = (struct tgsiva_shader *)block;
   struct stream s = {
      .reading = true,
      .data = (uint8_t *)blob,
      .len = size - SHA1_SIZE,
      .at = 8,
      .block = block,
      .block_at = (sizeof(*sh) + 15) & ~(size_t)15,
      .block_size = block_size,
   };
   transfer(&s, sh);
   if (s.failed || s.at != s.len) {
      free(block);
      diag_error(d, TGSIVA_ERROR_INPUT,
                 "corrupt blob: its fields do not fit its %zu bytes", size);
      return d->status;
   }
   *out = sh;
   return TGSIVA_OK;
}

void
tgsiva_blob_free(uint8_t *blob)
{
   free(blob);
}

/* ---------------------------------------------------------------------
 * Equality, for the tests: field by field, so that a field the blob
 * forgets shows as a difference.
 */

/* n bytes at a and b are equal (either may be NULL when n is 0). */
static bool
same_bytes(const void *a, const void *b, size_t n)
{
   return !n || !memcmp(a, b, n);
}

static bool
program_equal(const struct tgsiva_program *a, const struct tgsiva_program *b)
{
   return a->size == b->size && same_bytes(a->code, b->code, a->size) &&
          a->work_registers == b->work_registers &&
          a->preload_mask == b->preload_mask &&
          !memcmp(&a->stats, &b->stats, sizeof(a->stats));
}

static bool
layout_equal(const struct tgsiva_shader *a, const struct tgsiva_shader *b)
{
   return a->push_count == b->push_count &&
          same_bytes(a->push, b->push, a->push_count * sizeof(*a->push)) &&
          a->sysval_ubo == b->sysval_ubo &&
          a->sysval_count == b->sysval_count &&
          same_bytes(a->sysvals, b->sysvals,
                     a->sysval_count * sizeof(*a->sysvals)) &&
          a->user_ubo_count == b->user_ubo_count &&
          a->texture_count == b->texture_count &&
          a->sampler_count == b->sampler_count &&
          a->image_count == b->image_count &&
          a->buffer_count == b->buffer_count &&
          a->tls_bytes == b->tls_bytes &&
          a->uses_barrier == b->uses_barrier &&
          a->writes_memory == b->writes_memory;
}

static bool
stage_info_equal(const struct tgsiva_shader *a, const struct tgsiva_shader *b)
{
   return a->attributes_read == b->attributes_read &&
          a->output_count == b->output_count &&
          same_bytes(a->outputs, b->outputs,
                     a->output_count * sizeof(*a->outputs)) &&
          a->writes_point_size == b->writes_point_size &&
          a->fixed_varying_mask == b->fixed_varying_mask &&
          a->xfb_buffers_written == b->xfb_buffers_written &&
          a->input_count == b->input_count &&
          same_bytes(a->inputs, b->inputs,
                     a->input_count * sizeof(*a->inputs)) &&
          a->render_targets_written == b->render_targets_written &&
          a->writes_depth == b->writes_depth &&
          a->writes_stencil == b->writes_stencil &&
          a->writes_sample_mask == b->writes_sample_mask &&
          a->can_discard == b->can_discard &&
          a->reads_frag_coord == b->reads_frag_coord &&
          a->reads_face == b->reads_face &&
          a->reads_point_coord == b->reads_point_coord &&
          a->sample_shading == b->sample_shading &&
          a->early_fragment_tests == b->early_fragment_tests &&
          a->uses_derivatives == b->uses_derivatives &&
          !memcmp(a->local_size, b->local_size, sizeof(a->local_size)) &&
          a->shared_bytes == b->shared_bytes &&
          same_bytes(a->output_registers, b->output_registers,
                     a->output_count * sizeof(*a->output_registers)) &&
          a->writes_layer == b->writes_layer &&
          a->writes_viewport_index == b->writes_viewport_index &&
          a->gs_input_primitive == b->gs_input_primitive &&
          a->gs_vertices_in == b->gs_vertices_in &&
          a->gs_output_primitive == b->gs_output_primitive &&
          a->gs_draw_primitive == b->gs_draw_primitive &&
          a->gs_max_vertices == b->gs_max_vertices &&
          a->gs_invocations == b->gs_invocations &&
          a->gs_input_stride == b->gs_input_stride &&
          a->gs_output_stride == b->gs_output_stride &&
          a->gs_indices_per_invocation == b->gs_indices_per_invocation &&
          a->gs_streams == b->gs_streams;
}

bool
cache_shader_equal(const struct tgsiva_shader *a,
                   const struct tgsiva_shader *b)
{
   if (a->stage != b->stage || a->program_count != b->program_count)
      return false;
   for (unsigned p = 0; p < a->program_count; p++) {
      if (!program_equal(&a->programs[p], &b->programs[p]))
         return false;
   }
   return layout_equal(a, b) && stage_info_equal(a, b);
}
