/* SPDX-License-Identifier: MIT */
/* The shared environment: determinism, memory, sampling, formats. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim_env.h"
#include "tgsi/tgsi_tokens.h"

static float
f(uint32_t u)
{
   float x;
   memcpy(&x, &u, 4);
   return x;
}

static void
test_inputs_depend_only_on_the_seed(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct sim_env e1, e2, e3;
   sim_env_init(&e1, &a, SIM_STAGE_FRAGMENT, 42, NULL);
   sim_env_init(&e2, &a, SIM_STAGE_FRAGMENT, 42, NULL);
   sim_env_init(&e3, &a, SIM_STAGE_FRAGMENT, 43, NULL);
   assert_int_equal(sim_env_ubo_word(&e1, 0, 16), sim_env_ubo_word(&e2, 0, 16));
   assert_memory_equal(e1.pixel_x, e2.pixel_x, sizeof(e1.pixel_x));
   bool differs = false;
   for (uint32_t o = 0; o < 64; o += 4)
      differs |= sim_env_ubo_word(&e1, 0, o) != sim_env_ubo_word(&e3, 0, o);
   assert_true(differs);
   /* Quads are 2x2 blocks of pixels. */
   for (unsigned q = 0; q < SIM_LANES / 4; q++) {
      assert_int_equal(e1.pixel_x[4 * q + 1], e1.pixel_x[4 * q] + 1);
      assert_int_equal(e1.pixel_y[4 * q + 2], e1.pixel_y[4 * q] + 1);
   }
   sim_env_set_ubo_kind(&e1, 1, 8, SIM_VALUE_INT);
   assert_in_range(sim_env_ubo_word(&e1, 1, 8), 0, 7);
   sim_env_set_ubo_kind(&e1, 1, 12, SIM_VALUE_FLOAT);
   float x = f(sim_env_ubo_word(&e1, 1, 12));
   assert_true(x >= -4.0f && x <= 4.0f && x * 16 == floorf(x * 16));
   arena_finish(&a);
}

static void
test_memory_regions(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct sim_env e;
   sim_env_init(&e, &a, SIM_STAGE_COMPUTE, 1, (uint32_t[3]){8, 2, 1});
   sim_env_bind_buffer(&e, 3, 64);
   sim_env_bind_shared(&e, 128);
   struct sim_region *b = sim_memory_region(&e.memory, SIM_REGION_BUFFER, 3);
   assert_non_null(b);
   assert_ptr_equal(sim_memory_find(&e.memory, b->base + 60, 4), b);
   assert_null(sim_memory_find(&e.memory, b->base + 62, 4));
   assert_null(sim_memory_find(&e.memory, b->base - 1, 1));
   struct sim_memory copy;
   sim_memory_copy(&copy, &e.memory, &a);
   copy.regions[0].bytes[0] ^= 1;
   assert_int_not_equal(copy.regions[0].bytes[0], e.memory.regions[0].bytes[0]);
   /* Local ids walk x first. */
   assert_int_equal(e.local_id[9][0], 1);
   assert_int_equal(e.local_id[9][1], 1);
   arena_finish(&a);
}

static void
test_nearest_sampling_and_fetch_agree(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct sim_env e;
   sim_env_init(&e, &a, SIM_STAGE_VERTEX, 7, NULL);
   sim_env_bind_texture(&e, 2, TGSI_TEX_2D, SIM_TEXEL_FLOAT);
   sim_env_bind_sampler(&e, 0, false);
   const struct sim_texture *t = &e.textures[2];
   struct sim_tex_request s = {.op = SIM_TEX_SAMPLE_LOD, .texture = 2,
                               .sampler = 0};
   s.coord[0] = (1.5f) / (float)t->width;
   s.coord[1] = (2.5f) / (float)t->height;
   struct sim_vec4 v = sim_env_sample(&e, &s, NULL);
   struct sim_tex_request fr = {.op = SIM_TEX_FETCH, .texture = 2};
   fr.icoord[0] = 1;
   fr.icoord[1] = 2;
   struct sim_vec4 w = sim_env_sample(&e, &fr, NULL);
   assert_memory_equal(&v, &w, sizeof(v));
   /* Texels of float views are exact multiples of 1/256 in [0, 1). */
   for (unsigned c = 0; c < 4; c++)
      assert_true(f(v.w[c]) >= 0 && f(v.w[c]) < 1 &&
                  f(v.w[c]) * 256 == floorf(f(v.w[c]) * 256));
   /* Size query. */
   struct sim_tex_request q = {.op = SIM_TEX_SIZE, .texture = 2};
   struct sim_vec4 sz = sim_env_sample(&e, &q, NULL);
   assert_int_equal(sz.w[0], t->width);
   assert_int_equal(sz.w[3], t->levels);
   arena_finish(&a);
}

static void
test_implicit_lod_uses_the_quad(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct sim_env e;
   sim_env_init(&e, &a, SIM_STAGE_FRAGMENT, 9, NULL);
   sim_env_bind_texture(&e, 0, TGSI_TEX_2D, SIM_TEXEL_UINT);
   sim_env_bind_sampler(&e, 0, false);
   struct sim_texture *t = &e.textures[0];
   t->levels = 3;
   struct sim_tex_request r[4];
   const struct sim_tex_request *quad[4];
   for (unsigned i = 0; i < 4; i++) {
      r[i] = (struct sim_tex_request){.op = SIM_TEX_QUERY_LOD};
      /* Four texels apart: LOD 2. */
      r[i].coord[0] = (float)(4 * (i & 1)) / (float)t->width;
      r[i].coord[1] = (float)(4 * (i >> 1)) / (float)t->height;
      quad[i] = &r[i];
   }
   struct sim_vec4 v = sim_env_sample(&e, &r[0], quad);
   assert_true(f(v.w[1]) == 2.0f);
   assert_true(f(v.w[0]) == 2.0f);
   arena_finish(&a);
}

static void
test_formats_round_trip(void **state)
{
   (void)state;
   uint8_t texel[16];
   struct sim_vec4 v = {{0x3f800000u, 0, 0x3f000000u, 0xbf800000u}};
   sim_format_pack(TGSI_FMT_R8G8B8A8_UNORM, v, texel);
   assert_int_equal(texel[0], 255);
   assert_int_equal(texel[2], 128);
   assert_int_equal(texel[3], 0);
   struct sim_vec4 back = sim_format_unpack(TGSI_FMT_R8G8B8A8_UNORM, texel);
   assert_int_equal(back.w[0], 0x3f800000u);
   assert_int_equal(sim_format_bytes(TGSI_FMT_R32G32_SINT), 8);
   assert_int_equal(sim_format_bytes(TGSI_FMT_NONE), 0);
   struct sim_vec4 i = {{0xffffffffu, 5, 0, 0}};
   sim_format_pack(TGSI_FMT_R8G8B8A8_SINT, i, texel);
   back = sim_format_unpack(TGSI_FMT_R8G8B8A8_SINT, texel);
   assert_int_equal(back.w[0], 0xffffffffu);
   assert_int_equal(back.w[3], 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inputs_depend_only_on_the_seed),
      cmocka_unit_test(test_memory_regions),
      cmocka_unit_test(test_nearest_sampling_and_fetch_agree),
      cmocka_unit_test(test_implicit_lod_uses_the_quad),
      cmocka_unit_test(test_formats_round_trip),
   };
   return cmocka_run_group_tests_name("sim_env", tests, NULL, NULL);
}
