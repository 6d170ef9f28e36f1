/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the Valhall simulator on arbitrary words, as `tgsiva run
 * --check --reference` meets a hostile binary.  The first 8 bytes choose
 * the program kind (bit 2 of the first makes a vertex kind a
 * transform-feedback program over a draw, with stream-output buffer 0)
 * and the resources bound; the rest are instruction words.  Property:
 * sim_run returns (an error status is fine) without a crash, a sanitizer
 * report or a hang.
 */
#include <string.h>

#include "fuzz.h"
#include "sim/sim_valhall.h"
#include "tgsi/tgsi_tokens.h"

/* Low enough that a loop costs milliseconds, not seconds. */
#define FUZZ_SIM_STEPS 20000u

static void
bind_resources(struct sim_env *env, struct sim_layout *layout,
               const uint8_t *header)
{
   unsigned count = 1 + (header[1] & 3);
   for (unsigned i = 0; i < count; i++) {
      sim_env_bind_texture(env, i, header[2] & 1 ? TGSI_TEX_3D : TGSI_TEX_2D,
                           (enum sim_texel_type)(header[3] % 3));
      sim_env_bind_sampler(env, i, header[2] & 2);
      sim_env_bind_buffer(env, i, 256);
      sim_env_bind_image(env, i, TGSI_TEX_2D, TGSI_FMT_R32G32B32A32_FLOAT);
   }
   layout->tls_size = header[4] & 1 ? 64 : 0;
   layout->wls_size = header[4] & 2 ? 1024 : 0;
   if (layout->tls_size)
      sim_env_bind_scratch(env, layout->tls_size);
   if (layout->wls_size)
      sim_env_bind_shared(env, layout->wls_size);
   layout->push_count = 16;
   for (unsigned i = 0; i < layout->push_count; i++)
      layout->push[i] = (struct sim_push_word){.ubo = 0, .offset = 4 * i};
   layout->sysval_ubo = header[5] & 1 ? 1 : -1;
   layout->sysval_count = layout->sysval_ubo < 0 ? 0 : SIM_SYSVAL_COUNT;
   for (unsigned i = 0; i < layout->sysval_count; i++)
      layout->sysvals[i] = (struct sim_sysval){
         .kind = (uint8_t)i, .id = 0, .offset = 16 * i};
}

static void
add_varyings(struct sim_layout *layout, enum sim_stage stage)
{
   struct sim_varying *v =
      stage == SIM_STAGE_FRAGMENT ? layout->inputs : layout->outputs;
   unsigned *count = stage == SIM_STAGE_FRAGMENT ? &layout->input_count
                                                 : &layout->output_count;
   for (unsigned i = 0; i < 4; i++) {
      v[i] = (struct sim_varying){.semantic = i ? TGSI_SEM_GENERIC
                                                : TGSI_SEM_POSITION,
                                  .index = i ? i - 1 : 0,
                                  .byte_offset = 16 * i,
                                  .components = 4};
   }
   *count = 4;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static const enum sim_stage stages[4] = {
      SIM_STAGE_VERTEX, SIM_STAGE_VERTEX, SIM_STAGE_FRAGMENT,
      SIM_STAGE_COMPUTE};
   if (size > FUZZ_MAX_INPUT || size < 8)
      return 0;
   enum sim_program_kind kind = (enum sim_program_kind)(data[0] & 3);
   struct arena arena;
   arena_init(&arena, 0);
   struct sim_env *env = ARENA_NEW(&arena, struct sim_env);
   struct sim_layout *layout = ARENA_NEW(&arena, struct sim_layout);
   struct sim_outputs *out = ARENA_NEW(&arena, struct sim_outputs);
   sim_env_init(env, &arena, stages[kind], 1 + data[6],
                (uint32_t[3]){4, 2 + (data[7] & 1), 1});
   layout->stage = stages[kind];
   if ((data[0] & 4) && stages[kind] == SIM_STAGE_VERTEX) {
      static const uint32_t vertex_counts[3] = {4, 8, 16};
      kind = SIM_PROGRAM_XFB;
      sim_env_set_draw(env, vertex_counts[(data[7] >> 1) % 3]);
      sim_env_bind_xfb(env, 0, 256);
   }
   bind_resources(env, layout, data);
   add_varyings(layout, layout->stage);
   size_t count;
   uint64_t *words = fuzz_words(data + 8, size - 8, 8, &count);
   struct sim_status status;
   struct sim_run_options options = {.step_limit = FUZZ_SIM_STEPS};
   sim_run_ex(env, layout, kind, words, count, out, &status, &options);
   if (status.error == SIM_OK && status.steps > FUZZ_SIM_STEPS)
      fuzz_fail("the simulator ran past its step limit", NULL);
   free(words);
   arena_finish(&arena);
   return 0;
}
