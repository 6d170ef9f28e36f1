/* SPDX-License-Identifier: MIT */
/*
 * Inputs, system values, interpolation and outputs of the interpreter.
 *
 * 1. Vertex input IN[i] is environment attribute i.  A fragment input is
 *    sim_env_varying of its (semantic, index), except POSITION:
 *    (x + 0.5, y + 0.5, z, w) with y counted from the bottom (height - 1
 *    - y) under FS_COORD_ORIGIN LOWER_LEFT and without the 0.5 under
 *    FS_COORD_PIXEL_CENTER INTEGER; FACE: (+1.0 front, -1.0 back, 0, 1)
 *    as floats; PCOORD: (s, t, 0, 1).  Channels outside a declaration's
 *    usage mask are undefined.  The environment's fragment state (the
 *    variant a driver compiles) replaces sprite inputs by the point
 *    coordinate (t from below with a lower-left origin, PCOORD too) and
 *    discards lanes with a negative enabled clip distance first.
 * 2. System values (spec "Declaration Semantic"): FACE is the integer
 *    (~0 front, 0 back, 0, 1); VERTEXID includes the base vertex, which
 *    is 0 here, as are BASEVERTEX, BASEINSTANCE and DRAWID; components
 *    the spec leaves undefined are undefined.
 * 3. INTERP_CENTROID and INTERP_SAMPLE give the centre value (pixels are
 *    single-sampled and covered); INTERP_OFFSET gives
 *    sim_env_varying_at; flat inputs ignore where they are sampled.
 * 4. Vertex outputs: POSITION goes through the viewport transform
 *    (x/w * scale + offset, ..., 1/w; computing 1/w and the products may
 *    round differently, see docs/testing.md) unless
 *    VS_WINDOW_SPACE_POSITION; PSIZE.x is the point size, which the
 *    rasterizer may clamp to at least 1 and keep as a half float; every
 *    other output is a varying by (semantic, index).
 * 4a. Transform feedback (env->xfb, docs/xfb.md): lane l is record
 *    n = instance * draw vertex count + (vertex id - first vertex); when
 *    (n + 1) * stride fits the buffer for every buffer used, each captured
 *    component is written as the word it is, with its annotation.
 * 4b. Draw vertices (tgsi_interp_options.vertices): lane l's output
 *    registers, as written, become vertex first_vertex + l with their
 *    annotations; a lane on an uncertain path leaves them undefined.
 * 5. Fragment outputs: COLOR[n] to render target n, POSITION.z the depth,
 *    STENCIL.y the stencil reference, SAMPLEMASK.x the sample mask.
 *    The fragment state copies COLOR[0] to its colour buffers
 *    (COLOR0_WRITES_ALL_CBUFS) and converts each target's colour to its
 *    type (16-bit integers truncated, f16 rounded to nearest even).
 *    Discarded lanes and lanes on uncertain paths compare nothing; nor
 *    does memory when a lane's path is uncertain and the shader stores.
 */
#include "tgsi_interp_priv.h"

#include "sim_float.h"

static void
set_cell(struct interp_cell *c, uint32_t v, double err)
{
   c->v = v;
   c->writer = -1;
   c->err = err;
   c->res = 0;
   c->kind = TGSI_INTERP_WORD_F32;
}

static void
set_vec(struct interp_cell (*reg)[SIM_LANES], unsigned lane,
        const uint32_t v[4], uint8_t usage)
{
   for (unsigned c = 0; c < 4; c++)
      set_cell(&reg[c][lane], v[c], (usage >> c) & 1 ? 0 : INFINITY);
}

static void
frag_position(const struct interp *ip, unsigned l, uint32_t v[4])
{
   const struct sim_env *env = ip->env;
   bool lower = tgsi_shader_property(ip->s, TGSI_PROP_FS_COORD_ORIGIN, 0) ==
                TGSI_ORIGIN_LOWER_LEFT;
   bool integer = tgsi_shader_property(ip->s, TGSI_PROP_FS_COORD_PIXEL_CENTER,
                                       0) == TGSI_PIXCENTER_INTEGER;
   float centre = integer ? 0.0f : 0.5f;
   uint32_t row = lower ? env->framebuffer_height - 1 - env->pixel_y[l]
                        : env->pixel_y[l];
   v[0] = float_to_bits((float)env->pixel_x[l] + centre);
   v[1] = float_to_bits((float)row + centre);
   v[2] = float_to_bits(env->frag_z[l]);
   v[3] = float_to_bits(env->frag_w[l]);
}

/* (s, t, 0, 1), t from below with a lower-left sprite origin. */
static void
point_coord(const struct sim_env *env, unsigned l, uint32_t v[4])
{
   float t = env->point_coord[l][1];
   v[0] = float_to_bits(env->point_coord[l][0]);
   v[1] = float_to_bits(env->fs_state.sprite_lower_left ? 1.0f - t : t);
   v[2] = 0;
   v[3] = float_to_bits(1.0f);
}

/* Does the sprite state replace this input by the point coordinate? */
static bool
sprite_replaced(const struct sim_env *env, unsigned sem, uint32_t index)
{
   uint32_t bit = sem == TGSI_SEM_TEXCOORD  ? index
                  : sem == TGSI_SEM_GENERIC ? index + 8
                                            : 32;
   return bit < 32 && (env->fs_state.sprite_coord_enable >> bit) & 1;
}

static bool
fragment_input(struct interp *ip, const struct tgsi_decl *d, uint32_t i,
               unsigned l, uint32_t v[4])
{
   const struct sim_env *env = ip->env;
   uint32_t index = d->sem_index + (i - d->first);
   switch (d->sem_name) {
   case TGSI_SEM_POSITION: frag_position(ip, l, v); return true;
   case TGSI_SEM_FACE:
      v[0] = float_to_bits(env->front_facing[l] ? 1.0f : -1.0f);
      v[1] = v[2] = 0;
      v[3] = float_to_bits(1.0f);
      return true;
   case TGSI_SEM_PCOORD: point_coord(env, l, v); return true;
   default: break;
   }
   if (!d->semantic)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "fragment input IN[%u] has no semantic", i);
   if (sprite_replaced(env, d->sem_name, index)) {
      point_coord(env, l, v);
      return true;
   }
   struct sim_vec4 x = sim_env_varying(env, d->sem_name, index, l);
   memcpy(v, x.w, 16);
   return true;
}

/* System value channels: the spec's "only X is used" leaves the others
 * undefined. */
static bool
sysval(struct interp *ip, const struct tgsi_decl *d, unsigned l,
       uint32_t v[4], uint8_t *defined)
{
   const struct sim_env *env = ip->env;
   memset(v, 0, 16);
   *defined = 0x1;
   switch (d->sem_name) {
   case TGSI_SEM_VERTEXID:
   case TGSI_SEM_VERTEXID_NOBASE: v[0] = env->vertex_id[l]; return true;
   case TGSI_SEM_INSTANCEID: v[0] = env->instance_id[l]; return true;
   case TGSI_SEM_PRIMID: v[0] = env->primitive_id[l]; return true;
   case TGSI_SEM_INVOCATIONID: v[0] = env->invocation_id[l]; return true;
   case TGSI_SEM_BASEVERTEX:
   case TGSI_SEM_BASEINSTANCE:
   case TGSI_SEM_DRAWID: return true;
   case TGSI_SEM_THREAD_ID:
      memcpy(v, env->local_id[l], 12), *defined = 0x7;
      return true;
   case TGSI_SEM_BLOCK_ID:
      memcpy(v, env->group_id, 12), *defined = 0x7;
      return true;
   case TGSI_SEM_BLOCK_SIZE:
      memcpy(v, env->local_size, 12), *defined = 0x7;
      return true;
   case TGSI_SEM_GRID_SIZE:
      memcpy(v, env->num_groups, 12), *defined = 0x7;
      return true;
   case TGSI_SEM_FACE:
      v[0] = env->front_facing[l] ? ~0u : 0u, v[3] = 1, *defined = 0xf;
      return true;
   case TGSI_SEM_POSITION:
      frag_position(ip, l, v), *defined = 0xf;
      return true;
   case TGSI_SEM_SAMPLEID: v[0] = env->sample_id[l]; return true;
   case TGSI_SEM_SAMPLEMASK: v[0] = env->sample_mask_in[l]; return true;
   case TGSI_SEM_SAMPLEPOS:
      v[0] = v[1] = float_to_bits(0.5f), *defined = 0x3;
      return true;
   case TGSI_SEM_HELPER_INVOCATION: return true;
   case TGSI_SEM_SUBGROUP_SIZE: v[0] = SIM_LANES; return true;
   case TGSI_SEM_SUBGROUP_INVOCATION: v[0] = l; return true;
   default: break;
   }
   /* Subgroup masks: 64-bit in x (low) and y (high). */
   uint32_t all = INTERP_ALL_LANES, bit = 1u << l;
   *defined = 0x3;
   switch (d->sem_name) {
   case TGSI_SEM_SUBGROUP_EQ_MASK: v[0] = bit; return true;
   case TGSI_SEM_SUBGROUP_GE_MASK: v[0] = all & ~(bit - 1); return true;
   case TGSI_SEM_SUBGROUP_GT_MASK: v[0] = all & ~(bit | (bit - 1));
      return true;
   case TGSI_SEM_SUBGROUP_LE_MASK: v[0] = bit | (bit - 1); return true;
   case TGSI_SEM_SUBGROUP_LT_MASK: v[0] = bit - 1; return true;
   default: break;
   }
   return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                      "system value %s is not modelled",
                      tgsi_name(&tgsi_sem_names, d->sem_name));
}

static bool
setup_sysvals(struct interp *ip)
{
   for (uint32_t i = 0; i < ip->sysval.count; i++) {
      const struct tgsi_decl *d = ip->sysval_decl[i];
      if (!d)
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         uint32_t v[4];
         uint8_t defined;
         if (!sysval(ip, d, l, v, &defined))
            return false;
         set_vec(ip->sysval.r[i], l, v, defined);
         for (unsigned c = 0; c < 4; c++)
            ip->sysval.r[i][c][l].kind = TGSI_INTERP_WORD_BITS;
      }
   }
   return true;
}

bool
interp_setup_inputs(struct interp *ip)
{
   bool fragment = ip->env->stage == SIM_STAGE_FRAGMENT;
   if (ip->env->stage == SIM_STAGE_GEOMETRY)
      return interp_gs_setup(ip) && setup_sysvals(ip);
   for (uint32_t i = 0; i < ip->input.count; i++) {
      const struct tgsi_decl *d = ip->input_decl[i];
      if (!d)
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         uint32_t v[4] = {0}; /* gcc -O3 cannot see every path fill it */
         if (fragment) {
            if (!fragment_input(ip, d, i, l, v))
               return false;
         } else if (ip->env->stage == SIM_STAGE_VERTEX) {
            memcpy(v, sim_env_attrib(ip->env, i, l).w, 16);
         } else {
            return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                               "compute shader inputs are not modelled");
         }
         set_vec(ip->input.r[i], l, v, d->usage_mask);
      }
   }
   return setup_sysvals(ip);
}

/* ---------------------------------------------------------------------
 * Interpolation opcodes
 */

static void
op_interp_centre(struct interp *ip)
{
   struct interp_vec v[SIM_LANES];
   if (ip->insn->src[0].reg.file != TGSI_REGFILE_INPUT) {
      interp_fail(ip, TGSI_INTERP_INVALID, "interpolation of a non-input");
      return;
   }
   if (interp_fetch_src(ip, 0, ip->exec, v))
      interp_store_dst(ip, 0, ip->exec, v);
}

/* The input's value at (dx, dy) before swizzle and modifiers. */
static void
input_at(struct interp *ip, const struct tgsi_decl *d, uint32_t index,
         unsigned l, float dx, float dy, uint32_t v[4])
{
   struct sim_vec4 x;
   if (sprite_replaced(ip->env, d->sem_name, index)) {
      point_coord(ip->env, l, v); /* the same everywhere in the pixel */
      return;
   }
   if (d->interp == TGSI_INTERP_CONSTANT)
      x = sim_env_varying(ip->env, d->sem_name, index, l);
   else
      x = sim_env_varying_at(ip->env, d->sem_name, index, l, dx, dy);
   memcpy(v, x.w, 16);
}

static void
offset_lane(struct interp *ip, const struct tgsi_decl *d, uint32_t index,
            unsigned l, const struct interp_vec *off, struct interp_vec *out)
{
   uint32_t v[4];
   float dx = bits_to_float(off->v[0]), dy = bits_to_float(off->v[1]);
   input_at(ip, d, index, l, dx, dy, v);
   const struct tgsi_src *src = &ip->insn->src[0];
   /* GLSL leaves the range and granularity of offsets to the
    * implementation: past half a pixel the result is not compared, and
    * within it the offset may be rounded to 1/16 pixel (the least
    * precision GL allows, FRAGMENT_INTERPOLATION_OFFSET_BITS 4). */
   bool in_range = fabsf(dx) <= 0.5f && fabsf(dy) <= 0.5f;
   for (unsigned c = 0; c < 4; c++) {
      unsigned k = src->swizzle[c] & 3;
      double e = 0;
      for (unsigned axis = 0; axis < 2; axis++) {
         double worst = 0;
         for (int sign = -1; sign <= 1; sign += 2) {
            uint32_t w[4];
            float mx = axis ? dx : dx + sign / 32.0f;
            float my = axis ? dy + sign / 32.0f : dy;
            input_at(ip, d, index, l, mx, my, w);
            worst = fmax(worst, fabs((double)bits_to_float(w[k]) -
                                     (double)bits_to_float(v[k])));
         }
         e += in_range ? worst : INFINITY;
      }
      if ((off->err[0] != 0 || off->err[1] != 0)) {
         for (unsigned axis = 0; axis < 2; axis++) {
            double ea = off->err[axis], worst = 0;
            for (int sign = -1; sign <= 1 && ea != 0; sign += 2) {
               uint32_t w[4];
               float mx = axis ? dx : (float)(dx + sign * ea);
               float my = axis ? (float)(dy + sign * ea) : dy;
               input_at(ip, d, index, l, mx, my, w);
               worst = fmax(worst, fabs((double)bits_to_float(w[k]) -
                                        (double)bits_to_float(v[k])));
            }
            e += isfinite(ea) ? worst : INFINITY;
         }
      }
      uint32_t x = v[k];
      if (src->absolute)
         x &= 0x7fffffffu;
      if (src->negate)
         x ^= 0x80000000u;
      out->v[c] = x;
      out->err[c] = (d->usage_mask >> k) & 1 ? e : INFINITY;
      out->res[c] = 0;
      out->kind[c] = TGSI_INTERP_WORD_F32;
   }
}

static void
op_interp_offset(struct interp *ip)
{
   const struct tgsi_src *src = &ip->insn->src[0];
   struct interp_vec off[SIM_LANES], out[SIM_LANES];
   if (src->reg.file != TGSI_REGFILE_INPUT) {
      interp_fail(ip, TGSI_INTERP_INVALID, "interpolation of a non-input");
      return;
   }
   if (!interp_fetch_src(ip, 1, ip->exec, off))
      return;
   interp_foreach_lane(l, ip->exec) {
      bool uncertain = false;
      int32_t i;
      if (!interp_resolve_index(ip, &src->reg, l, &i, &uncertain) ||
          i < 0 || (uint32_t)i >= ip->input.count || !ip->input_decl[i]) {
         interp_ub(ip, TGSI_INTERP_UB_INDIRECT, "IN[%d] is not declared", i);
         interp_vec_undefined(&out[l]);
         continue;
      }
      const struct tgsi_decl *d = ip->input_decl[i];
      if (d->sem_name == TGSI_SEM_POSITION || d->sem_name == TGSI_SEM_FACE ||
          d->sem_name == TGSI_SEM_PCOORD) {
         interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                     "INTERP_OFFSET of a %s input",
                     tgsi_name(&tgsi_sem_names, d->sem_name));
         return;
      }
      offset_lane(ip, d, d->sem_index + ((uint32_t)i - d->first), l,
                  &off[l], &out[l]);
      if (uncertain)
         interp_vec_undefined(&out[l]);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

void
interp_io_demote(struct interp *ip, uint32_t lanes)
{
   for (uint32_t i = 0; i < ip->sysval.count; i++) {
      const struct tgsi_decl *d = ip->sysval_decl[i];
      if (!d || d->sem_name != TGSI_SEM_HELPER_INVOCATION)
         continue;
      interp_foreach_lane(l, lanes)
         ip->sysval.r[i][0][l].v = ~0u;
   }
}

interp_op_fn
interp_io_op(unsigned opcode)
{
   switch (opcode) {
   case TGSI_OP_INTERP_CENTROID:
   case TGSI_OP_INTERP_SAMPLE: return op_interp_centre;
   case TGSI_OP_INTERP_OFFSET: return op_interp_offset;
   default: return NULL;
   }
}

/* ---------------------------------------------------------------------
 * Outputs
 */

static void
annotate(struct tgsi_interp_annot *a, const struct interp_cell *c,
         bool excluded)
{
   a->err = excluded ? INFINITY : c->err;
   a->insn = c->writer;
   a->kind = c->kind;
   a->pair = c->pair;
}

static uint32_t
writer_of(const struct interp *ip, uint32_t reg, unsigned c)
{
   int32_t w = -1;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (ip->output.r[reg][c][l].writer > w)
         w = ip->output.r[reg][c][l].writer;
   }
   return (uint32_t)(w + 1);
}

static uint32_t
max_u32(uint32_t a, uint32_t b)
{
   return a > b ? a : b;
}

/* A word's error as a float: a word of a double with an error (F2D of
 * an inexact float) is bits of that double, not a float near its value. */
static double
float_err(const struct interp_cell *c)
{
   bool double_word = c->kind == TGSI_INTERP_WORD_F64_LO ||
                      c->kind == TGSI_INTERP_WORD_F64_HI;
   return double_word && c->err != 0 ? INFINITY : c->err;
}

/* 1/w, x/w * scale + offset: the allowance for computing the reciprocal
 * (4 ulp) and the products and sums (fused or not), plus the inputs'
 * errors carried through exactly, not to first order: w within ew of
 * its value moves 1/w by up to ew / (|w| (|w| - ew)) (no bound once the
 * interval reaches 0), and x * (1/w) moves by |x| e_rw + |1/w| e_x +
 * e_x e_rw.  First order fell short where a texel or another uncertain
 * value changed both x and w by much (generator seed 626). */
void
interp_viewport(const struct sim_env *env, const struct interp_cell cell[4],
                float pos[4], struct tgsi_interp_annot a[4])
{
   float w = bits_to_float(cell[3].v), rw = 1.0f / w;
   double aw = fabs((double)w), ew = float_err(&cell[3]);
   double e_rw = 4 * interp_ulp32(rw) +
                 (ew == 0 ? 0 : ew < aw ? ew / (aw * (aw - ew)) : INFINITY);
   bool bad = !isfinite(rw) || w == 0.0f;
   for (unsigned k = 0; k < 3; k++) {
      float x = bits_to_float(cell[k].v), xn = x * rw;
      float s = env->viewport_scale[k], o = env->viewport_offset[k];
      float p = xn * s, r = p + o;
      double ex = float_err(&cell[k]);
      double e_xn = fabs((double)x) * e_rw + fabs((double)rw) * ex +
                    ex * e_rw + interp_ulp32(xn);
      double e = fabs((double)s) * e_xn + interp_ulp32(p) + interp_ulp32(r);
      pos[k] = r;
      /* 0 * an undefined 1/w is NaN: the position is undefined too. */
      a[k].err = bad || !isfinite(r) || isnan(e) ? INFINITY : e;
      a[k].insn = cell[k].writer > cell[3].writer ? cell[k].writer
                                                  : cell[3].writer;
      a[k].kind = TGSI_INTERP_WORD_F32;
   }
   pos[3] = rw;
   a[3].err = bad || isnan(e_rw) ? INFINITY : e_rw;
   a[3].insn = cell[3].writer;
   a[3].kind = TGSI_INTERP_WORD_F32;
}

static void
viewport_lane(struct interp *ip, uint32_t reg, unsigned l)
{
   struct interp_cell cell[4];
   for (unsigned k = 0; k < 4; k++)
      cell[k] = ip->output.r[reg][k][l];
   interp_viewport(ip->env, cell, ip->out->position[l],
                   ip->res->annot->position[l]);
}

static void
window_position_lane(struct interp *ip, uint32_t reg, unsigned l)
{
   for (unsigned k = 0; k < 4; k++) {
      const struct interp_cell *cell = &ip->output.r[reg][k][l];
      ip->out->position[l][k] = bits_to_float(cell->v);
      annotate(&ip->res->annot->position[l][k], cell, false);
   }
}

/* The layer byte a position program stores: bits, exact or not
 * compared. */
void
interp_layer(const struct interp_cell *cell, uint32_t *layer,
             struct tgsi_interp_annot *a)
{
   annotate(a, cell, false);
   *layer = cell->v & 0xff;
   a->kind = TGSI_INTERP_WORD_BITS;
   /* A float NaN's payload is not specified: its low byte is any. */
   if (a->err != 0 || (cell->kind == TGSI_INTERP_WORD_F32 &&
                       isnan(bits_to_float(cell->v))))
      a->err = INFINITY;
}

void
interp_point_size(const struct interp_cell *cell, float *size,
                  struct tgsi_interp_annot *a)
{
   float x = bits_to_float(cell->v);
   annotate(a, cell, false);
   *size = x;
   /* Past the largest half float (65504, rounding up from 65520) a size
    * kept as a half is infinite: not compared.  Nor is a word of an
    * inexact double (float_err): F2D of LG2 read as a size is the last
    * bits of a significand that may lawfully differ. */
   if (!isfinite(x) || fabsf(x) >= 65520.0f ||
       float_err(cell) == INFINITY) {
      a->err = INFINITY;
      return;
   }
   a->err += fabs((double)x) * 0x1p-11; /* kept as a half float */
   if (x < 1.0f)
      a->err = fmax(a->err, 1.0 - (double)x); /* clamped to at least 1 */
   a->kind = TGSI_INTERP_WORD_F32;
}

static void
point_size_lane(struct interp *ip, uint32_t reg, unsigned l)
{
   interp_point_size(&ip->output.r[reg][0][l], &ip->out->point_size[l],
                     &ip->res->annot->point_size[l]);
}

static void
vertex_varying(struct interp *ip, const struct tgsi_decl *d, uint32_t reg)
{
   struct sim_outputs *out = ip->out;
   if (out->varying_count == SIM_MAX_VARYINGS)
      return;
   unsigned n = out->varying_count++;
   out->varyings[n].semantic = (uint8_t)d->sem_name;
   out->varyings[n].index = d->sem_index + (reg - d->first);
   out->varyings[n].mask = d->usage_mask;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4; c++) {
         const struct interp_cell *cell = &ip->output.r[reg][c][l];
         out->varyings[n].value[l].w[c] = cell->v;
         annotate(&ip->res->annot->varyings[n][l][c], cell,
                  (ip->path_uncertain >> l) & 1);
      }
   }
   for (unsigned c = 0; c < 4; c++)
      out->varying_writer[n] = max_u32(out->varying_writer[n],
                                       writer_of(ip, reg, c));
}

static void
vertex_output(struct interp *ip, const struct tgsi_decl *d, uint32_t reg)
{
   struct sim_outputs *out = ip->out;
   bool window =
      tgsi_shader_property(ip->s, TGSI_PROP_VS_WINDOW_SPACE_POSITION, 0);
   if (d->sem_name == TGSI_SEM_POSITION && d->sem_index == 0) {
      out->wrote_position = true;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (window)
            window_position_lane(ip, reg, l);
         else
            viewport_lane(ip, reg, l);
      }
      for (unsigned c = 0; c < 4; c++)
         out->position_writer = max_u32(out->position_writer,
                                        writer_of(ip, reg, c));
   } else if (d->sem_name == TGSI_SEM_PSIZE) {
      out->wrote_point_size = true;
      for (unsigned l = 0; l < SIM_LANES; l++)
         point_size_lane(ip, reg, l);
      out->point_size_writer = writer_of(ip, reg, 0);
   } else {
      vertex_varying(ip, d, reg);
   }
}

/* One scalar of a fragment output: channel c of register reg. */
static void
fragment_scalar(struct interp *ip, uint32_t reg, unsigned c, float *f,
                uint32_t *u, struct tgsi_interp_annot *a, unsigned l)
{
   const struct interp_cell *cell = &ip->output.r[reg][c][l];
   uint32_t gone = ip->killed | ip->helper | ip->path_uncertain;
   if (f)
      *f = bits_to_float(cell->v);
   if (u)
      *u = cell->v;
   annotate(a, cell, (gone >> l) & 1);
}

static void
fragment_output(struct interp *ip, const struct tgsi_decl *d, uint32_t reg)
{
   struct sim_outputs *out = ip->out;
   struct tgsi_interp_annotations *an = ip->res->annot;
   uint32_t n = d->sem_index + (reg - d->first);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      switch (d->sem_name) {
      case TGSI_SEM_COLOR:
         if (n >= SIM_MAX_RTS)
            break;
         for (unsigned c = 0; c < 4; c++)
            fragment_scalar(ip, reg, c, NULL, &out->color[n][l].w[c],
                            &an->color[n][l][c], l);
         break;
      case TGSI_SEM_POSITION:
         fragment_scalar(ip, reg, 2, &out->depth[l], NULL, &an->depth[l], l);
         break;
      case TGSI_SEM_STENCIL:
         fragment_scalar(ip, reg, 1, NULL, &out->stencil[l],
                         &an->stencil[l], l);
         break;
      case TGSI_SEM_SAMPLEMASK:
         fragment_scalar(ip, reg, 0, NULL, &out->sample_mask[l],
                         &an->sample_mask[l], l);
         break;
      default: break;
      }
   }
   switch (d->sem_name) {
   case TGSI_SEM_COLOR:
      if (n < SIM_MAX_RTS) {
         out->rt_written |= 1u << n;
         for (unsigned c = 0; c < 4; c++)
            out->color_writer[n] = max_u32(out->color_writer[n],
                                           writer_of(ip, reg, c));
      }
      break;
   case TGSI_SEM_POSITION:
      out->wrote_depth = true;
      out->depth_writer = writer_of(ip, reg, 2);
      break;
   case TGSI_SEM_STENCIL:
      out->wrote_stencil = true;
      out->stencil_writer = writer_of(ip, reg, 1);
      break;
   case TGSI_SEM_SAMPLEMASK:
      out->wrote_sample_mask = true;
      out->sample_mask_writer = writer_of(ip, reg, 0);
      break;
   default: break;
   }
}

/* User clip planes: lanes where an enabled clip distance (a varying the
 * vertex shader wrote) is negative are discarded before the shader runs. */
void
interp_clip_planes(struct interp *ip)
{
   uint8_t planes = ip->env->fs_state.clip_plane_enable;
   uint32_t kill = 0;
   for (unsigned p = 0; p < 8; p++) {
      if (!((planes >> p) & 1))
         continue;
      interp_foreach_lane(l, ip->exec) {
         struct sim_vec4 d = sim_env_varying(ip->env, TGSI_SEM_CLIPDIST,
                                             p / 4, l);
         if (bits_to_float(d.w[p % 4]) < 0.0f)
            kill |= 1u << l;
      }
   }
   ip->killed |= kill;
   interp_remove_lanes(ip, kill);
}

/* COLOR0_WRITES_ALL_CBUFS: render target 0 copied to the others the
 * state asks for. */
static void
replicate_color0(struct interp *ip)
{
   struct sim_outputs *out = ip->out;
   struct tgsi_interp_annotations *an = ip->res->annot;
   unsigned n = ip->env->fs_state.color_buffers;
   if (!(out->rt_written & 1) ||
       !tgsi_shader_property(ip->s, TGSI_PROP_FS_COLOR0_WRITES_ALL_CBUFS, 0))
      return;
   for (unsigned rt = 1; rt < n && rt < SIM_MAX_RTS; rt++) {
      memcpy(out->color[rt], out->color[0], sizeof(out->color[0]));
      memcpy(an->color[rt], an->color[0], sizeof(an->color[0]));
      out->color_writer[rt] = out->color_writer[0];
      out->rt_written |= 1u << rt;
   }
}

/* One colour channel as the render target's type keeps it: 16-bit
 * integers truncated and extended, floats rounded to binary16 (to nearest
 * even, as the BLEND register format converts). */
static void
convert_channel(uint8_t type, uint32_t *v, struct tgsi_interp_annot *a)
{
   switch (type) {
   case SIM_RT_S16: *v = (uint32_t)(int32_t)(int16_t)*v; break;
   case SIM_RT_U16: *v &= 0xffff; break;
   case SIM_RT_F16: {
      double x = sim_f16_to_f64(sim_f64_to_f16(bits_to_float(*v), 0));
      if (a->err > 0 && a->err != INFINITY)
         a->err += (fabs(x) + a->err) / 1024;
      *v = float_to_bits((float)x);
      return;
   }
   default: return;
   }
   if (a->err > 0)
      a->err = INFINITY; /* an inexact float in an integer target */
}

static void
convert_render_targets(struct interp *ip)
{
   struct sim_outputs *out = ip->out;
   struct tgsi_interp_annotations *an = ip->res->annot;
   for (unsigned rt = 0; rt < SIM_MAX_RTS; rt++) {
      uint8_t type = ip->env->fs_state.rt_type[rt];
      if (!((out->rt_written >> rt) & 1))
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         for (unsigned c = 0; c < 4; c++)
            convert_channel(type, &out->color[rt][l].w[c],
                            &an->color[rt][l][c]);
      }
   }
}

/* The transform-feedback buffer regions (index into env->memory) the
 * capture uses; false when one is missing or a record of lane l does
 * not fit in one of them. */
static bool
xfb_record_fits(struct interp *ip, unsigned l, int region[])
{
   const struct sim_xfb *x = ip->env->xfb;
   const struct sim_env *e = ip->env;
   uint64_t n = (uint64_t)e->instance_id[l] * e->draw_vertex_count +
                (e->vertex_id[l] - e->draw_first_vertex);
   for (unsigned k = 0; k < x->count; k++) {
      unsigned b = x->outputs[k].buffer;
      const struct sim_memory *m = &e->memory;
      region[b] = -1;
      for (unsigned i = 0; i < m->count; i++) {
         if (m->regions[i].kind == SIM_REGION_XFB && m->regions[i].index == b)
            region[b] = (int)i;
      }
      if (region[b] < 0 ||
          (n + 1) * 4 * x->stride[b] > m->regions[region[b]].size)
         return false;
   }
   return true;
}

static void
capture_xfb(struct interp *ip)
{
   const struct sim_xfb *x = ip->env->xfb;
   const struct sim_env *e = ip->env;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      int region[SIM_MAX_XFB_BUFFERS];
      if (!xfb_record_fits(ip, l, region))
         continue;
      uint64_t n = (uint64_t)e->instance_id[l] * e->draw_vertex_count +
                   (e->vertex_id[l] - e->draw_first_vertex);
      for (unsigned k = 0; k < x->count; k++) {
         unsigned b = x->outputs[k].buffer, reg = x->outputs[k].reg;
         struct sim_region *r = &ip->env->memory.regions[region[b]];
         struct tgsi_interp_annot **an = &ip->mem_annot[region[b]];
         if (!*an) {
            *an = ARENA_ARRAY(ip->arena, struct tgsi_interp_annot,
                              r->size / 4 + 1);
            for (uint32_t i = 0; i <= r->size / 4; i++)
               (*an)[i].insn = -1;
         }
         for (unsigned i = 0; i < x->outputs[k].components && reg <
                                  ip->output.count; i++) {
            const struct interp_cell *cell =
               &ip->output.r[reg][x->outputs[k].start + i][l];
            uint64_t word = n * x->stride[b] + x->outputs[k].offset + i;
            memcpy(r->bytes + 4 * word, &cell->v, 4);
            annotate(&(*an)[word], cell, (ip->path_uncertain >> l) & 1);
         }
      }
   }
}

void
tgsi_interp_vertices_init(struct arena *arena, const struct tgsi_shader *vs,
                          unsigned count, struct tgsi_interp_vertices *v)
{
   unsigned n = 0;
   for (unsigned i = 0; i < vs->num_decls; i++) {
      const struct tgsi_decl *d = &vs->decls[i];
      if (d->file == TGSI_REGFILE_OUTPUT && d->last + 1 > n)
         n = d->last + 1;
   }
   v->count = count;
   v->outputs = n;
   v->semantic = ARENA_ARRAY(arena, uint8_t, n + 1);
   v->index = ARENA_ARRAY(arena, uint32_t, n + 1);
   memset(v->semantic, TGSI_SEM_COUNT, n + 1);
   for (unsigned i = 0; i < vs->num_decls; i++) {
      const struct tgsi_decl *d = &vs->decls[i];
      if (d->file != TGSI_REGFILE_OUTPUT)
         continue;
      for (uint32_t r = d->first; r <= d->last; r++) {
         v->semantic[r] = (uint8_t)d->sem_name;
         v->index[r] = d->sem_index + (r - d->first);
      }
   }
   size_t words = (size_t)count * n + 1;
   v->words = arena_array(arena, words, sizeof(*v->words));
   v->annot = arena_array(arena, words, sizeof(*v->annot));
   for (size_t i = 0; i < words; i++) {
      for (unsigned c = 0; c < 4; c++)
         v->annot[i][c] = (struct tgsi_interp_annot){
            .err = INFINITY, .insn = -1, .kind = TGSI_INTERP_WORD_BITS};
   }
}

/* Rule 4b. */
static void
store_vertices(struct interp *ip)
{
   struct tgsi_interp_vertices *v = ip->vertices;
   uint32_t regs = ip->output.count < v->outputs ? ip->output.count
                                                 : v->outputs;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (ip->first_vertex + l >= v->count)
         break;
      size_t base = (size_t)(ip->first_vertex + l) * v->outputs;
      bool uncertain = (ip->path_uncertain >> l) & 1;
      for (uint32_t r = 0; r < regs; r++) {
         for (unsigned c = 0; c < 4; c++) {
            const struct interp_cell *cell = &ip->output.r[r][c][l];
            v->words[base + r][c] = cell->v;
            annotate(&v->annot[base + r][c], cell, uncertain);
         }
      }
   }
}

void
interp_collect_outputs(struct interp *ip)
{
   struct tgsi_interp_annotations *an = ip->res->annot;
   for (uint32_t i = 0; i < ip->output.count; i++) {
      const struct tgsi_decl *d = ip->output_decl[i];
      if (!d)
         continue;
      if (ip->env->stage == SIM_STAGE_VERTEX)
         vertex_output(ip, d, i);
      else if (ip->env->stage == SIM_STAGE_FRAGMENT)
         fragment_output(ip, d, i);
   }
   if (ip->env->stage == SIM_STAGE_VERTEX && ip->env->xfb)
      capture_xfb(ip);
   if (ip->env->stage == SIM_STAGE_VERTEX && ip->vertices)
      store_vertices(ip);
   if (ip->env->stage == SIM_STAGE_VERTEX) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (!((ip->path_uncertain >> l) & 1))
            continue;
         for (unsigned c = 0; c < 4; c++)
            an->position[l][c].err = INFINITY;
         an->point_size[l].err = INFINITY;
      }
   }
   if (ip->env->stage == SIM_STAGE_FRAGMENT) {
      replicate_color0(ip);
      convert_render_targets(ip);
      ip->out->discarded = ip->killed | ip->helper;
      /* Likewise a lane on an uncertain path could kill itself on the
       * other path (or not on its own). */
      for (unsigned i = 0; ip->path_uncertain && i < ip->s->num_insns; i++) {
         enum tgsi_op op = ip->s->insns[i].opcode;
         if (op == TGSI_OP_KILL || op == TGSI_OP_KILL_IF)
            ip->discard_uncertain |= ip->path_uncertain;
      }
      an->discard_uncertain = ip->discard_uncertain;
   }
   /* A lane on an uncertain path could, on the other path, write words
    * its own path never wrote (or skip words it wrote): if the shader
    * writes memory anywhere, no memory is compared. */
   for (unsigned i = 0; ip->path_uncertain && i < ip->s->num_insns; i++) {
      if (tgsi_op_info(ip->s->insns[i].opcode)->flags & TGSI_OPF_STORE)
         ip->memory_uncertain = true;
   }
   an->path_uncertain = ip->path_uncertain;
   an->memory_uncertain = ip->memory_uncertain;
   an->address_uncertain = ip->address_uncertain;
   memcpy(an->memory, ip->mem_annot, sizeof(an->memory));
}
