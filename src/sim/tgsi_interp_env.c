/* SPDX-License-Identifier: MIT */
/*
 * An environment for one TGSI shader: the stage and workgroup size, every
 * resource it declares or samples bound, and each uniform word it reads
 * marked as an integer or a float by how it is read, so that loop
 * counters and indices get small integers and arithmetic gets floats.
 *
 * 1. Textures: SVIEW declarations give target and return type (FLOAT,
 *    UNORM and SNORM read as float texels); TEX-style instructions bind
 *    their unit with the instruction's target when no SVIEW does.  A
 *    sampler is a shadow sampler (with a compare function) when a shadow
 *    target or SAMPLE_C* uses it.
 * 2. Buffers get TGSI_INTERP_BUFFER_BYTES bytes, shared memory
 *    TGSI_INTERP_SHARED_BYTES (TGSI does not say how much), images their
 *    declared target and format (TGSI_INTERP_IMAGE_FORMAT when the
 *    declaration has none).
 * 3. A constant word read directly by an integer operand is an integer,
 *    by a float operand a float; words read only by MOV, UCMP or
 *    indirectly keep the seed's mix.  An integer use wins over a float
 *    one: a small integer read as a float is harmless, a float read as a
 *    loop bound is not.
 */
#include "tgsi_interp.h"
#include "tgsi/tgsi_info.h"

static enum sim_texel_type
texel_type(enum tgsi_ret_type r)
{
   switch (r) {
   case TGSI_RET_SINT: return SIM_TEXEL_SINT;
   case TGSI_RET_UINT: return SIM_TEXEL_UINT;
   default: return SIM_TEXEL_FLOAT;
   }
}

static bool
shadow_target(enum tgsi_tex_target t)
{
   switch (t) {
   case TGSI_TEX_SHADOW1D:
   case TGSI_TEX_SHADOW2D:
   case TGSI_TEX_SHADOWRECT:
   case TGSI_TEX_SHADOW1D_ARRAY:
   case TGSI_TEX_SHADOW2D_ARRAY:
   case TGSI_TEX_SHADOWCUBE:
   case TGSI_TEX_SHADOWCUBE_ARRAY: return true;
   default: return false;
   }
}

/* The SAMP operand of a TEX-style instruction, or -1. */
static int
sampler_operand(const struct tgsi_insn *insn)
{
   for (unsigned i = insn->num_src; i-- > 0;) {
      if (insn->src[i].reg.file == TGSI_REGFILE_SAMPLER)
         return (int)i;
   }
   return -1;
}

static void
bind_textures(struct sim_env *env, const struct tgsi_shader *s,
              bool shadow[SIM_MAX_SAMPLERS])
{
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      if (d->file != TGSI_REGFILE_SAMPLER_VIEW)
         continue;
      for (uint32_t u = d->first; u <= d->last && u < SIM_MAX_TEXTURES; u++)
         sim_env_bind_texture(env, u, d->target,
                              texel_type(d->return_type[0]));
   }
   for (unsigned i = 0; i < s->num_insns; i++) {
      const struct tgsi_insn *insn = &s->insns[i];
      int k = sampler_operand(insn);
      if (k < 0)
         continue;
      uint32_t u = (uint32_t)insn->src[k].reg.index;
      bool uses_target = tgsi_op_info(insn->opcode)->flags &
                         TGSI_OPF_TARGET;
      if (u >= SIM_MAX_SAMPLERS)
         continue;
      if (uses_target && !env->textures[u].bound)
         sim_env_bind_texture(env, u, insn->tex_target, SIM_TEXEL_FLOAT);
      if ((uses_target && shadow_target(insn->tex_target)) ||
          insn->opcode == TGSI_OP_SAMPLE_C ||
          insn->opcode == TGSI_OP_SAMPLE_C_LZ)
         shadow[u] = true;
   }
}

static void
bind_resources(struct sim_env *env, const struct tgsi_shader *s)
{
   bool shadow[SIM_MAX_SAMPLERS] = {false};
   bind_textures(env, s, shadow);
   for (unsigned i = 0; i < s->num_decls; i++) {
      const struct tgsi_decl *d = &s->decls[i];
      for (uint32_t u = d->first; u <= d->last; u++) {
         switch (d->file) {
         case TGSI_REGFILE_SAMPLER:
            if (u < SIM_MAX_SAMPLERS)
               sim_env_bind_sampler(env, u, shadow[u]);
            break;
         case TGSI_REGFILE_BUFFER:
            if (u < SIM_MAX_BUFFERS)
               sim_env_bind_buffer(env, u, TGSI_INTERP_BUFFER_BYTES);
            break;
         case TGSI_REGFILE_IMAGE:
            /* Without a format (write-only images) the view's format is
             * the application's: a lossless one. */
            if (u < SIM_MAX_IMAGES)
               sim_env_bind_image(env, u, d->target,
                                  d->format ? d->format
                                            : TGSI_INTERP_IMAGE_FORMAT);
            break;
         case TGSI_REGFILE_MEMORY:
            if (d->mem_type == TGSI_MEMTYPE_SHARED &&
                !sim_memory_region(&env->memory, SIM_REGION_SHARED, 0))
               sim_env_bind_shared(env, TGSI_INTERP_SHARED_BYTES);
            break;
         default: break;
         }
      }
   }
}

static enum sim_value_kind
operand_kind(enum tgsi_value_type t)
{
   switch (t) {
   case TGSI_VT_F32:
   case TGSI_VT_F64: return SIM_VALUE_FLOAT;
   case TGSI_VT_I32:
   case TGSI_VT_U32:
   case TGSI_VT_I64:
   case TGSI_VT_U64: return SIM_VALUE_INT;
   default: return SIM_VALUE_MIXED;
   }
}

static void
mark_constant(struct sim_env *env, const struct tgsi_src *src,
              enum sim_value_kind kind)
{
   const struct tgsi_reg *r = &src->reg;
   if (r->file != TGSI_REGFILE_CONSTANT || r->indirect ||
       r->dim_indirect || r->index < 0 || kind == SIM_VALUE_MIXED)
      return;
   uint32_t ubo = r->dimension ? (uint32_t)r->dim_index : 0;
   for (unsigned c = 0; c < 4; c++) {
      uint32_t offset = (uint32_t)r->index * 16 + 4 * (src->swizzle[c] & 3);
      if (ubo < SIM_MAX_UBOS && offset / 4 < SIM_UBO_WORDS &&
          env->ubo_kind[ubo][offset / 4] == SIM_VALUE_INT)
         continue; /* an integer use wins */
      sim_env_set_ubo_kind(env, ubo, offset, kind);
   }
}

static void
mark_uniform_kinds(struct sim_env *env, const struct tgsi_shader *s)
{
   for (unsigned i = 0; i < s->num_insns; i++) {
      const struct tgsi_insn *insn = &s->insns[i];
      for (unsigned k = 0; k < insn->num_src; k++)
         mark_constant(env, &insn->src[k],
                       operand_kind(tgsi_op_src_type(insn->opcode, k)));
   }
}

bool
tgsi_interp_setup_env(struct sim_env *env, struct arena *arena,
                      const struct tgsi_shader *s, uint64_t seed)
{
   enum sim_stage stage;
   if (!tgsi_interp_stage(s->processor, &stage))
      return false;
   uint32_t size[3] = {
      tgsi_shader_property(s, TGSI_PROP_CS_FIXED_BLOCK_WIDTH, 1),
      tgsi_shader_property(s, TGSI_PROP_CS_FIXED_BLOCK_HEIGHT, 1),
      tgsi_shader_property(s, TGSI_PROP_CS_FIXED_BLOCK_DEPTH, 1),
   };
   sim_env_init(env, arena, stage, seed, size);
   if (stage == SIM_STAGE_GEOMETRY)
      sim_env_set_gs(env,
                     tgsi_gs_vertices_in(tgsi_shader_property(
                        s, TGSI_PROP_GS_INPUT_PRIM, TGSI_PRIM_COUNT)),
                     tgsi_shader_property(s, TGSI_PROP_GS_INVOCATIONS, 1));
   bind_resources(env, s);
   mark_uniform_kinds(env, s);
   return true;
}
