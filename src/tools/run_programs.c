/* SPDX-License-Identifier: MIT */
/*
 * tgsiva's own binaries for the differential tester: compiles a shader
 * and turns the compiler's struct ir_layout into the struct sim_layout
 * the simulator reads (the simulator never sees the compiler's types).
 *
 * 1. Push word i is 4 bytes of uniform buffer `ubo` at `offset`, as in
 *    ir_layout.
 * 2. System values sit in the buffer after the user's (user_ubo_count),
 *    one 16-byte slot each in the order of ir_layout.sysvals.
 * 3. Varyings keep their semantic, index, byte offset and component
 *    count; a layout larger than the simulator's arrays is refused.
 * 4. A stream output becomes the struct sim_xfb the interpreter captures
 *    with; the simulator's transform-feedback program needs only the
 *    system values.
 */
#include "run_check.h"

#include <string.h>

#include "compile.h"
#include "sim/sim_valhall.h"
#include "util/diag.h"

static const uint8_t sysval_kinds[IR_SYSVAL_COUNT] = {
   [IR_SYSVAL_VIEWPORT_SCALE] = SIM_SYSVAL_VIEWPORT_SCALE,
   [IR_SYSVAL_VIEWPORT_OFFSET] = SIM_SYSVAL_VIEWPORT_OFFSET,
   [IR_SYSVAL_BUFFER] = SIM_SYSVAL_BUFFER,
   [IR_SYSVAL_TEXTURE_SIZE] = SIM_SYSVAL_TEXTURE_SIZE,
   [IR_SYSVAL_IMAGE_SIZE] = SIM_SYSVAL_IMAGE_SIZE,
   [IR_SYSVAL_IMAGE_ADDRESS] = SIM_SYSVAL_IMAGE_ADDRESS,
   [IR_SYSVAL_NUM_WORKGROUPS] = SIM_SYSVAL_NUM_WORKGROUPS,
   [IR_SYSVAL_FRAMEBUFFER_SIZE] = SIM_SYSVAL_FRAMEBUFFER_SIZE,
   [IR_SYSVAL_TEXTURE_SAMPLES] = SIM_SYSVAL_TEXTURE_SAMPLES,
   [IR_SYSVAL_SAMPLER_LOD] = SIM_SYSVAL_SAMPLER_LOD,
   [IR_SYSVAL_XFB_BUFFER] = SIM_SYSVAL_XFB_BUFFER,
   [IR_SYSVAL_XFB_DRAW] = SIM_SYSVAL_XFB_DRAW,
   [IR_SYSVAL_GS_DRAW] = SIM_SYSVAL_GS_DRAW,
   [IR_SYSVAL_GS_INPUT] = SIM_SYSVAL_GS_INPUT,
   [IR_SYSVAL_GS_OUTPUT] = SIM_SYSVAL_GS_OUTPUT,
   [IR_SYSVAL_GS_INDICES] = SIM_SYSVAL_GS_INDICES,
   [IR_SYSVAL_GS_VIEWPORT] = SIM_SYSVAL_GS_VIEWPORT,
};

static bool
convert_varyings(const struct ir_varying *v, size_t n,
                 struct sim_varying *out, unsigned *count,
                 struct tgsiva_diagnostic *d)
{
   if (n > SIM_MAX_LAYOUT_VARYINGS)
      return diag_error(d, TGSIVA_ERROR_LIMIT,
                        "%zu varyings; the simulator takes %d", n,
                        SIM_MAX_LAYOUT_VARYINGS);
   for (size_t i = 0; i < n; i++) {
      out[i].semantic = v[i].semantic;
      out[i].index = v[i].index;
      out[i].byte_offset = v[i].byte_offset;
      out[i].components = v[i].components;
   }
   *count = (unsigned)n;
   return true;
}

static bool
convert_layout(const struct ir_layout *l, enum sim_stage stage,
               struct sim_layout *out, struct tgsiva_diagnostic *d)
{
   memset(out, 0, sizeof(*out));
   out->stage = stage;
   if (l->push.len > SIM_MAX_PUSH || l->sysvals.len > SIM_MAX_SYSVALS)
      return diag_error(d, TGSIVA_ERROR_LIMIT,
                        "the layout is larger than the simulator's");
   _Static_assert(IR_PUSH_CONSTANT == SIM_PUSH_CONSTANT,
                  "the simulator reads the constant table as the driver");
   out->push_count = (unsigned)l->push.len;
   for (size_t i = 0; i < l->push.len; i++) {
      out->push[i].ubo = l->push.data[i].ubo;
      out->push[i].offset = l->push.data[i].offset;
   }
   out->sysval_ubo = l->sysvals.len ? (int)l->user_ubo_count : -1;
   out->sysval_count = (unsigned)l->sysvals.len;
   for (size_t i = 0; i < l->sysvals.len; i++) {
      unsigned kind = l->sysvals.data[i].kind;
      /* A kind left out of the table would read as a viewport scale. */
      if (kind != IR_SYSVAL_VIEWPORT_SCALE &&
          sysval_kinds[kind] == SIM_SYSVAL_VIEWPORT_SCALE)
         return diag_error(d, TGSIVA_ERROR_INTERNAL,
                           "system value kind %u has no simulator value",
                           kind);
      out->sysvals[i].kind = sysval_kinds[kind];
      out->sysvals[i].id = l->sysvals.data[i].id;
      out->sysvals[i].offset = (uint32_t)(16 * i);
   }
   out->tls_size = l->tls_bytes;
   out->wls_size = l->shared_bytes;
   out->gs.input_stride = l->gs.input_stride;
   out->gs.output_stride = l->gs.output_stride;
   out->gs.max_vertices = l->gs.max_vertices;
   out->gs.indices = l->gs.indices_per_invocation;
   return convert_varyings(l->outputs.data, l->outputs.len, out->outputs,
                           &out->output_count, d) &&
          convert_varyings(l->inputs.data, l->inputs.len, out->inputs,
                           &out->input_count, d);
}

bool
run_compile(struct arena *arena, const struct tgsi_shader *s,
            struct run_programs *p, struct tgsiva_diagnostic *d)
{
   return run_compile_limited(arena, s, 0, p, d);
}

bool
run_compile_limited(struct arena *arena, const struct tgsi_shader *s,
                    unsigned max_registers, struct run_programs *p,
                    struct tgsiva_diagnostic *d)
{
   return run_compile_variant(arena, s, max_registers, NULL, NULL, p, d);
}

void
run_fs_state(const struct tgsiva_shader_key *key, struct sim_fs_state *out)
{
   memset(out, 0, sizeof(*out));
   if (!key)
      return;
   out->clip_plane_enable = key->clip_plane_enable;
   out->sprite_coord_enable = key->sprite_coord_enable;
   out->sprite_lower_left =
      key->sprite_coord_origin == TGSIVA_SPRITE_ORIGIN_LOWER_LEFT;
   out->color_buffers = key->color_buffers;
   _Static_assert(SIM_RT_U16 == (int)TGSIVA_RT_U16 &&
                     SIM_RT_F16 == (int)TGSIVA_RT_F16,
                  "render-target types agree");
   memcpy(out->rt_type, key->rt_types, sizeof(out->rt_type));
}

/* 4. The stream output as the interpreter reads it. */
static void
convert_xfb(const struct tgsiva_stream_output *so, struct sim_xfb *x)
{
   memset(x, 0, sizeof(*x));
   x->count = so->num_outputs;
   for (unsigned b = 0; b < SIM_MAX_XFB_BUFFERS; b++)
      x->stride[b] = so->stride[b];
   for (unsigned k = 0; k < so->num_outputs; k++) {
      x->outputs[k].reg = so->output[k].register_index;
      x->outputs[k].start = (uint8_t)so->output[k].start_component;
      x->outputs[k].components = (uint8_t)so->output[k].num_components;
      x->outputs[k].buffer = (uint8_t)so->output[k].output_buffer;
      x->outputs[k].offset = so->output[k].dst_offset;
   }
}

bool
run_compile_variant(struct arena *arena, const struct tgsi_shader *s,
                    unsigned max_registers,
                    const struct tgsiva_shader_key *key,
                    const struct tgsiva_stream_output *so,
                struct run_programs *p, struct tgsiva_diagnostic *d)
{
   struct compile_options opts = {.validate = true,
                                  .max_registers = max_registers,
                                  .key = key,
                                  .stream_output = so};
   struct compile_result result;
   enum sim_stage stage;
   memset(p, 0, sizeof(*p));
   if (!tgsi_interp_stage(s->processor, &stage))
      return diag_error(d, TGSIVA_ERROR_UNSUPPORTED,
                        "only vertex, fragment, compute and geometry "
                        "shaders run");
   if (!compile_tgsi(arena, s, &opts, &result, d))
      return false;
   p->origin = "tgsiva";
   run_fs_state(key, &p->fs_state);
   p->count = result.program_count;
   for (unsigned i = 0; i < p->count && i < 3; i++) {
      p->words[i] = result.programs[i].words;
      p->word_count[i] = result.programs[i].count;
   }
   if (stage == SIM_STAGE_VERTEX || stage == SIM_STAGE_GEOMETRY) {
      /* A geometry shader's pass-through pair, then its program. */
      p->kind[0] = SIM_PROGRAM_VERTEX_POSITION;
      p->kind[1] = SIM_PROGRAM_VERTEX_VARYING;
      p->kind[2] = stage == SIM_STAGE_GEOMETRY ? SIM_PROGRAM_GEOMETRY
                                               : SIM_PROGRAM_XFB;
      if (so)
         convert_xfb(so, &p->xfb);
   } else {
      p->kind[0] = stage == SIM_STAGE_FRAGMENT ? SIM_PROGRAM_FRAGMENT
                                               : SIM_PROGRAM_COMPUTE;
   }
   return convert_layout(&result.layout, stage, &p->layout, d);
}
