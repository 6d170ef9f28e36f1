/* SPDX-License-Identifier: MIT */
/* Shader variants (struct tgsiva_shader_key) and the cache support:
 * build id, shader hash, blob. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cache.h"
#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"

static const char *const fragment =
   "FRAG\n"
   "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
   "DCL IN[0], COLOR, COLOR\n"
   "DCL IN[1], TEXCOORD[0], PERSPECTIVE\n"
   "DCL IN[2], GENERIC[0], PERSPECTIVE\n"
   "DCL OUT[0], COLOR\n"
   "DCL TEMP[0]\n"
   "  0: ADD TEMP[0], IN[0], IN[1]\n"
   "  1: MUL OUT[0], TEMP[0], IN[2]\n"
   "  2: END\n";

static struct tgsiva_shader *
compile_key(const struct tgsiva_shader_key *key)
{
   struct tgsiva_compile_options o = {.validate = true, .key = key};
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   assert_int_equal(tgsiva_compile_text(fragment, strlen(fragment), &o, &sh,
                                        &d),
                    TGSIVA_OK);
   return sh;
}

static bool
same_code(const struct tgsiva_shader *a, const struct tgsiva_shader *b)
{
   return a->programs[0].size == b->programs[0].size &&
          !memcmp(a->programs[0].code, b->programs[0].code,
                  a->programs[0].size);
}

static const struct tgsiva_varying *
input(const struct tgsiva_shader *sh, uint32_t semantic, uint32_t index)
{
   for (unsigned i = 0; i < sh->input_count; i++) {
      if (sh->inputs[i].semantic == semantic && sh->inputs[i].index == index)
         return &sh->inputs[i];
   }
   return NULL;
}

/* TGSI semantic names (p_shader_tokens.h). */
enum { SEM_COLOR = 1, SEM_GENERIC = 5, SEM_CLIPDIST = 13, SEM_TEXCOORD = 19 };

/* The zero key is the NULL key; each field changes what it must. */
static void
test_key_effects(void **state)
{
   (void)state;
   struct tgsiva_shader_key zero = {0};
   struct tgsiva_shader *base = compile_key(NULL);
   struct tgsiva_shader *z = compile_key(&zero);
   assert_true(same_code(base, z));
   assert_true(cache_shader_equal(base, z));
   assert_false(base->can_discard);
   assert_int_equal(base->render_targets_written, 1);

   struct tgsiva_shader_key k = {.clip_plane_enable = 0x21};
   struct tgsiva_shader *clip = compile_key(&k);
   assert_true(clip->can_discard);
   assert_non_null(input(clip, SEM_CLIPDIST, 0));
   assert_non_null(input(clip, SEM_CLIPDIST, 1));
   assert_int_equal(input(clip, SEM_CLIPDIST, 1)->components, 2);
   assert_false(same_code(base, clip));

   k = (struct tgsiva_shader_key){.sprite_coord_enable = 1u | 1u << 8};
   struct tgsiva_shader *sprite = compile_key(&k);
   assert_true(sprite->reads_point_coord);
   assert_null(input(sprite, SEM_TEXCOORD, 0));
   assert_null(input(sprite, SEM_GENERIC, 0));
   assert_non_null(input(sprite, SEM_COLOR, 0));

   k = (struct tgsiva_shader_key){.color_buffers = 3};
   struct tgsiva_shader *cbufs = compile_key(&k);
   assert_int_equal(cbufs->render_targets_written, 7);

   k = (struct tgsiva_shader_key){.rt_types = {TGSIVA_RT_S16}};
   struct tgsiva_shader *rt = compile_key(&k);
   assert_false(same_code(base, rt));

   /* COLOR (slot 1) and TEXCOORD0 (slot 4) of a vertex shader that also
    * writes BCOLOR0 (slot 13): GENERIC[0] moves past the three. */
   k = (struct tgsiva_shader_key){
      .fixed_varying_mask = 1u << 1 | 1u << 4 | 1u << 13};
   struct tgsiva_shader *linked = compile_key(&k);
   assert_int_equal(input(base, SEM_GENERIC, 0)->byte_offset, 32);
   assert_int_equal(input(linked, SEM_GENERIC, 0)->byte_offset, 48);

   /* Out-of-range fields are input errors. */
   struct tgsiva_shader_key bad_keys[] = {
      {.rt_types = {0, TGSIVA_RT_TYPE_COUNT}},
      {.reserved = 1},
      {.sprite_coord_origin = 2},
      {.color_buffers = 9},
      /* Bits that name no fixed varying: POSITION, PSIZE, slot 19
       * (no TGSI semantic), past VIEWPORT_INDEX. */
      {.fixed_varying_mask = 1u << 4 | 1u << 0},
      {.fixed_varying_mask = 1u << 12},
      {.fixed_varying_mask = 1u << 19},
      {.fixed_varying_mask = 1u << 31},
   };
   for (unsigned i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++) {
      struct tgsiva_compile_options o = {.key = &bad_keys[i]};
      struct tgsiva_shader *bad = NULL;
      assert_int_equal(tgsiva_compile_text(fragment, strlen(fragment), &o,
                                           &bad, NULL),
                       TGSIVA_ERROR_INPUT);
      assert_null(bad);
   }
   struct tgsiva_shader *all[] = {base, z, clip, sprite, cbufs, rt, linked};
   for (unsigned i = 0; i < sizeof(all) / sizeof(all[0]); i++)
      tgsiva_shader_free(all[i]);
}

static void
hex(const uint8_t *h, char *out)
{
   for (unsigned i = 0; i < TGSIVA_HASH_SIZE; i++)
      sprintf(out + 2 * i, "%02x", h[i]);
}

/* The digest of a fixed input is fixed: any change to what is hashed
 * (and so to every driver's cache) shows here.  Independently:
 * sha1(b"tgsiva shader 1\0" + le32(4) + le32(1, 2, 3, 0xdeadbeef)
 *      + 20 zero bytes (the key) + le32(0) (no stream outputs)
 *      + le32(0) (max_registers)). */
static void
test_hash(void **state)
{
   (void)state;
   static const uint32_t tokens[] = {1, 2, 3, 0xdeadbeef};
   uint8_t h[TGSIVA_HASH_SIZE], again[TGSIVA_HASH_SIZE];
   char text[2 * TGSIVA_HASH_SIZE + 1];
   tgsiva_shader_hash(tokens, 4, NULL, h);
   hex(h, text);
   assert_string_equal(text, "e5197eb132d7a84c1d86d7c7f504c119ed2840a0");
   struct tgsiva_shader_key zero = {0};
   struct tgsiva_compile_options o = {.key = &zero, .validate = true,
                                      .memory_limit = 1 << 20};
   tgsiva_shader_hash(tokens, 4, &o, again);
   assert_memory_equal(h, again, sizeof(h)); /* no code change: same */
   struct tgsiva_shader_key k = {.rt_types = {0, 0, 0, 0, 0, 0, 0, 1}};
   o.key = &k;
   tgsiva_shader_hash(tokens, 4, &o, again);
   assert_memory_not_equal(h, again, sizeof(h));
   o = (struct tgsiva_compile_options){.max_registers = 32};
   tgsiva_shader_hash(tokens, 4, &o, again);
   assert_memory_not_equal(h, again, sizeof(h));
   tgsiva_shader_hash(tokens, 3, NULL, again);
   assert_memory_not_equal(h, again, sizeof(h));
   /* Transform feedback: an empty description is no capture; any entry
    * field changes the hash. */
   struct tgsiva_stream_output so = {0};
   o = (struct tgsiva_compile_options){.stream_output = &so};
   tgsiva_shader_hash(tokens, 4, &o, again);
   assert_memory_equal(h, again, sizeof(h));
   so.num_outputs = 1;
   so.stride[0] = 4;
   so.output[0].num_components = 4;
   uint8_t one[TGSIVA_HASH_SIZE];
   tgsiva_shader_hash(tokens, 4, &o, one);
   assert_memory_not_equal(h, one, sizeof(h));
   so.output[0].dst_offset = 1;
   tgsiva_shader_hash(tokens, 4, &o, again);
   assert_memory_not_equal(one, again, sizeof(one));
   const uint8_t *id = tgsiva_build_id();
   uint8_t zeros[TGSIVA_BUILD_ID_SIZE] = {0};
   assert_memory_not_equal(id, zeros, sizeof(zeros));
   assert_ptr_equal(id, tgsiva_build_id());
}

static void
test_blob_round_trip(void **state)
{
   (void)state;
   struct tgsiva_shader_key k = {.clip_plane_enable = 1, .color_buffers = 2};
   struct tgsiva_shader *sh = compile_key(&k);
   uint8_t *blob, *again;
   size_t size, size2;
   assert_int_equal(tgsiva_shader_serialize(sh, &blob, &size, NULL),
                    TGSIVA_OK);
   struct tgsiva_shader *back;
   assert_int_equal(tgsiva_shader_deserialize(blob, size, &back, NULL),
                    TGSIVA_OK);
   assert_true(cache_shader_equal(sh, back));
   assert_int_equal(tgsiva_shader_serialize(back, &again, &size2, NULL),
                    TGSIVA_OK);
   assert_int_equal(size, size2);
   assert_memory_equal(blob, again, size);
   /* A changed field is seen by the equality. */
   back->tls_bytes++;
   assert_false(cache_shader_equal(sh, back));
   tgsiva_blob_free(again);
   tgsiva_shader_free(back);
   tgsiva_blob_free(blob);
   tgsiva_shader_free(sh);
}

/* Every truncation, every flipped bit of the first bytes and of the
 * body, another version: an error, never a crash or a result. */
static void
test_blob_corrupt(void **state)
{
   (void)state;
   struct tgsiva_shader *sh = compile_key(NULL);
   uint8_t *blob;
   size_t size;
   assert_int_equal(tgsiva_shader_serialize(sh, &blob, &size, NULL),
                    TGSIVA_OK);
   struct tgsiva_shader *out = (struct tgsiva_shader *)1;
   struct tgsiva_diagnostic d;
   for (size_t n = 0; n < size; n++) {
      assert_int_equal(tgsiva_shader_deserialize(blob, n, &out, &d),
                       TGSIVA_ERROR_INPUT);
      assert_null(out);
   }
   uint8_t *copy = malloc(size);
   for (size_t i = 0; i < size; i += 1 + i / 64) {
      memcpy(copy, blob, size);
      copy[i] ^= 0x10;
      assert_int_equal(tgsiva_shader_deserialize(copy, size, &out, &d),
                       TGSIVA_ERROR_INPUT);
      assert_null(out);
   }
   memcpy(copy, blob, size);
   copy[4] = (uint8_t)(CACHE_BLOB_VERSION + 1);
   assert_int_equal(tgsiva_shader_deserialize(copy, size, &out, &d),
                    TGSIVA_ERROR_INPUT);
   assert_non_null(strstr(d.message, "version"));
   free(copy);
   tgsiva_blob_free(blob);
   tgsiva_shader_free(sh);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_key_effects),
      cmocka_unit_test(test_hash),
      cmocka_unit_test(test_blob_round_trip),
      cmocka_unit_test(test_blob_corrupt),
   };
   return cmocka_run_group_tests_name("cache", tests, NULL, NULL);
}
