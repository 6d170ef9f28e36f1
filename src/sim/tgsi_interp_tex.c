/* SPDX-License-Identifier: MIT */
/*
 * Texture opcodes of the interpreter: each lane's operands become a
 * struct sim_tex_request, which the environment answers (spec "TEX" to
 * "TXL2", "TXF", "TXQ", "TG4", "LODQ", "Resource Sampling Opcodes").
 *
 * 1. One row per opcode says which operand is the unit (SAMP for TEX*
 *    forms, which use texture unit = sampler unit; SVIEW and SAMP for
 *    SAMPLE* forms), where the LOD, bias, reference or gradients are,
 *    and whether coordinates are integers.
 * 2. Coordinates are src0 as TGSI lays them out (array layer after the
 *    coordinates, cube maps a direction, whose projection onto a face
 *    may be a few ulp off, and the zero direction names no face, so its
 *    texel is undefined); TXP divides x, y and z by w.
 *    The shadow reference is src0.z for 1-D and 2-D targets (and always
 *    for TXB and TXL), src0.w for 2-D arrays and cube maps, src1.x for
 *    cube-map arrays (TEX2, TG4) and src3.x for SAMPLE_C*.
 * 3. Implicit LOD (TEX, TXP, TXB, SAMPLE, SAMPLE_B, SAMPLE_C, LODQ, LOD
 *    in a fragment shader) needs the quad: when a quad neighbour is not
 *    running, the result is undefined unless the texture has one level.
 * 4. Errors: every float field of a request whose operand may differ is
 *    moved up and down by its err, for the lane and, with implicit LOD,
 *    for its quad neighbours, and the coordinates also to the corners of
 *    their box together and, across more than a texel, through it in a
 *    grid of half-texel steps (REPEAT brings both ends back to one
 *    texel); a gradient through its magnitudes in half-level steps
 *    (from zero when its interval holds zero); the
 *    texel values the moves reach bound the
 *    result (a different integer texel makes it undefined).  An
 *    undefined field makes the result undefined only if other values of
 *    it change the result: targets do not read every channel.
 * 5. SAMPLE* results take the SVIEW operand's swizzle.  TXQ components
 *    the target does not define are undefined, and so is every size of
 *    a level out of range (SVIEWINFO gives 0 for those, as specified).
 * 6. TXF and SAMPLE_I may not read cube maps (spec): an inconclusive
 *    run.  A fetch (TXF, SAMPLE_I) outside the texture or its levels is
 *    undefined (SAMPLE_I's 0 included: the environment clamps, as
 *    hardware may); multisampled targets take the sample from w (TXF) or
 *    src2 (SAMPLE_I_MS) and level 0.
 */
#include "tgsi_interp_priv.h"

#include <float.h>

enum extra {
   EX_NONE,
   EX_LOD_W,       /* src0.w: explicit LOD */
   EX_BIAS_W,      /* src0.w: bias */
   EX_PROJECT,     /* src0.w: divide by it */
   EX_LOD_ZERO,    /* LOD 0 */
   EX_LOD_SRC,     /* src[extra_src].x: explicit LOD */
   EX_BIAS_SRC,    /* src[extra_src].x: bias */
   EX_REF_SRC,     /* src[extra_src].x: shadow reference */
   EX_GRAD,        /* src[extra_src], src[extra_src + 1]: gradients */
   EX_COMPONENT,   /* TG4: src[extra_src].x component or reference */
   EX_LEVEL_W,     /* fetch: src0.w is the level */
};

struct tex_form {
   uint8_t op;    /* enum sim_tex_op */
   bool sample_style;
   int8_t unit;   /* SAMP (TEX*) or SVIEW (SAMPLE*) operand */
   int8_t sampler; /* SAMP operand of SAMPLE*, -1 */
   uint8_t extra; /* enum extra */
   int8_t extra_src;
   bool shadow_op; /* SAMPLE_C* */
};

#define TEXF(o, u, ex, es) {SIM_TEX_##o, false, u, -1, EX_##ex, es, false}
#define SAMF(o, ex, es, sh) {SIM_TEX_##o, true, 1, 2, EX_##ex, es, sh}

static const struct tex_form forms[TGSI_OP_COUNT] = {
   [TGSI_OP_TEX] = TEXF(SAMPLE, 1, NONE, -1),
   [TGSI_OP_TEX_LZ] = TEXF(SAMPLE_LOD, 1, LOD_ZERO, -1),
   [TGSI_OP_TXB] = TEXF(SAMPLE_BIAS, 1, BIAS_W, -1),
   [TGSI_OP_TXL] = TEXF(SAMPLE_LOD, 1, LOD_W, -1),
   [TGSI_OP_TXP] = TEXF(SAMPLE, 1, PROJECT, -1),
   [TGSI_OP_TXD] = TEXF(SAMPLE_GRAD, 3, GRAD, 1),
   [TGSI_OP_TEX2] = TEXF(SAMPLE, 2, REF_SRC, 1),
   [TGSI_OP_TXB2] = TEXF(SAMPLE_BIAS, 2, BIAS_SRC, 1),
   [TGSI_OP_TXL2] = TEXF(SAMPLE_LOD, 2, LOD_SRC, 1),
   [TGSI_OP_TXF] = TEXF(FETCH, 1, LEVEL_W, -1),
   [TGSI_OP_TXF_LZ] = TEXF(FETCH, 1, NONE, -1),
   [TGSI_OP_TG4] = TEXF(GATHER, 2, COMPONENT, 1),
   [TGSI_OP_LODQ] = TEXF(QUERY_LOD, 1, NONE, -1),
   [TGSI_OP_SAMPLE] = SAMF(SAMPLE, NONE, -1, false),
   [TGSI_OP_SAMPLE_B] = SAMF(SAMPLE_BIAS, BIAS_SRC, 3, false),
   [TGSI_OP_SAMPLE_C] = SAMF(SAMPLE, REF_SRC, 3, true),
   [TGSI_OP_SAMPLE_C_LZ] = SAMF(SAMPLE_LOD, REF_SRC, 3, true),
   [TGSI_OP_SAMPLE_D] = SAMF(SAMPLE_GRAD, GRAD, 3, false),
   [TGSI_OP_SAMPLE_L] = SAMF(SAMPLE_LOD, LOD_SRC, 3, false),
   [TGSI_OP_GATHER4] = SAMF(GATHER, NONE, -1, false),
   [TGSI_OP_LOD] = SAMF(QUERY_LOD, NONE, -1, false),
   [TGSI_OP_SAMPLE_I] = {SIM_TEX_FETCH, true, 1, -1, EX_LEVEL_W, -1, false},
   [TGSI_OP_SAMPLE_I_MS] = {SIM_TEX_FETCH, true, 1, -1, EX_NONE, -1, false},
};

/* What moves with each float field of a request. */
struct field_err {
   double coord[4], lod, compare, ddx[3], ddy[3];
   bool undefined; /* an input is undefined or an integer may differ */
};

struct tex_lane {
   struct sim_tex_request req;
   struct field_err e;
   enum tgsi_tex_target target;
};

struct tex_op {
   const struct tex_form *form;
   struct interp_vec src[5][SIM_LANES];
   struct interp_vec off[SIM_LANES];
   struct tex_lane lane[SIM_LANES];
   bool implicit; /* LOD from the quad */
};

static bool
is_shadow(enum tgsi_tex_target t)
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

static bool
is_cube(enum tgsi_tex_target t)
{
   return t == TGSI_TEX_CUBE || t == TGSI_TEX_SHADOWCUBE ||
          t == TGSI_TEX_CUBE_ARRAY || t == TGSI_TEX_SHADOWCUBE_ARRAY;
}

/* Channel of src0 holding the reference in TEX-style forms. */
static int
ref_channel(const struct tex_form *f, enum tgsi_tex_target t)
{
   if (f->extra == EX_BIAS_W || f->extra == EX_LOD_W)
      return 2;
   switch (t) {
   case TGSI_TEX_SHADOW2D_ARRAY:
   case TGSI_TEX_SHADOWCUBE: return 3;
   case TGSI_TEX_SHADOWCUBE_ARRAY: return -1; /* src1.x */
   default: return 2;
   }
}

/* The unit (texture or sampler) an operand names in one lane. */
static bool
unit_index(struct interp *ip, unsigned i, unsigned lane, uint32_t limit,
           uint32_t *unit)
{
   const struct tgsi_reg *reg = &ip->insn->src[i].reg;
   bool uncertain = false;
   int32_t index;
   if (!interp_resolve_index(ip, reg, lane, &index, &uncertain))
      return false;
   if (uncertain || index < 0 || (uint32_t)index >= limit) {
      interp_ub(ip, TGSI_INTERP_UB_INDIRECT, "texture unit %d out of range",
                index);
      return false;
   }
   *unit = (uint32_t)index;
   return true;
}

static enum tgsi_tex_target
lane_target(const struct interp *ip, const struct tex_form *f, uint32_t unit)
{
   if (!f->sample_style)
      return ip->insn->tex_target;
   const struct tgsi_decl *d = unit < SIM_MAX_TEXTURES ? ip->sview_decl[unit]
                                                       : NULL;
   return d ? d->target : TGSI_TEX_2D;
}

static double
fchan(const struct interp_vec *v, unsigned c, float *out)
{
   *out = bits_to_float(v->v[c]);
   return v->err[c];
}

static float
flush_subnormal(float f)
{
   return fabsf(f) < FLT_MIN ? copysignf(0.0f, f) : f;
}

/* Float coordinates (and TXP's division). */
static void
float_coords(struct tex_lane *tl, const struct interp_vec *s0, bool project)
{
   for (unsigned c = 0; c < 4; c++)
      tl->e.coord[c] = fchan(s0, c, &tl->req.coord[c]);
   if (!project)
      return;
   float q = tl->req.coord[3];
   double eq = tl->e.coord[3];
   for (unsigned c = 0; c < 3; c++) {
      float x = tl->req.coord[c], r = x / q;
      /* Propagated errors, at the corners of x's and q's intervals (a
       * first-order bound misses how fast x/q grows as q nears 0, and
       * an interval of q that holds 0 holds every quotient), and 1/q *
       * x computed instead of x/q. */
      double ex = tl->e.coord[c], e = 0;
      if (eq >= fabs((double)q))
         e = INFINITY;
      for (int sx = -1; sx <= 1 && isfinite(e); sx += 2) {
         for (int sq = -1; sq <= 1; sq += 2) {
            double moved = ((double)x + sx * ex) / ((double)q + sq * eq);
            e = fmax(e, fabs(moved - (double)r));
         }
      }
      e += 4 * interp_ulp32(r);
      /* Subnormals may be flushed to zero (0/0 is NaN): add what the
       * flushed division differs by (of x and q; 1/q below). */
      float flushed = flush_subnormal(x) / flush_subnormal(q);
      if (flushed != r)
         e = isfinite(flushed) ? e + fabs((double)flushed - r) : INFINITY;
      /* 1/q itself is subnormal, and may be flushed, past 2^126. */
      if (fabsf(q) >= 0x1p126f && isfinite(q))
         e = INFINITY;
      tl->req.coord[c] = r;
      tl->e.coord[c] = isfinite(r) ? e : INFINITY;
   }
}

static void
int_coords(struct tex_lane *tl, const struct interp_vec *s0)
{
   for (unsigned c = 0; c < 4; c++) {
      tl->req.icoord[c] = (int32_t)s0->v[c];
      tl->e.undefined |= s0->err[c] != 0 && c < 3;
   }
}

/* An explicit LOD or bias reaches a texture unit in signed 8.8 fixed
 * point (GL leaves the LOD's precision to the implementation): the level
 * it selects may be the one next to the exact value's within 1/256. */
#define LOD_STEP (1.0 / 256)

static void
lane_extra(struct tex_op *t, unsigned l, const struct interp_vec *s0)
{
   const struct tex_form *f = t->form;
   struct tex_lane *tl = &t->lane[l];
   const struct interp_vec *x = f->extra_src >= 0 ? &t->src[f->extra_src][l]
                                                  : NULL;
   switch (f->extra) {
   case EX_LOD_W:
   case EX_BIAS_W:
      tl->e.lod = fchan(s0, 3, &tl->req.lod) + LOD_STEP;
      break;
   case EX_LOD_SRC:
   case EX_BIAS_SRC:
      tl->e.lod = fchan(x, 0, &tl->req.lod) + LOD_STEP;
      break;
   case EX_REF_SRC: tl->e.compare = fchan(x, 0, &tl->req.compare); break;
   case EX_GRAD:
      for (unsigned c = 0; c < 3; c++) {
         tl->e.ddx[c] = fchan(x, c, &tl->req.ddx[c]);
         tl->e.ddy[c] = fchan(&t->src[f->extra_src + 1][l], c,
                              &tl->req.ddy[c]);
      }
      break;
   case EX_COMPONENT:
      if (tl->req.shadow) {
         tl->e.compare = fchan(x, 0, &tl->req.compare);
      } else {
         tl->req.component = x->v[0] & 3;
         tl->e.undefined |= x->err[0] != 0;
      }
      break;
   case EX_LEVEL_W:
      tl->req.level = (int32_t)s0->v[3];
      tl->e.undefined |= s0->err[3] != 0;
      break;
   default: break;
   }
}

static void
lane_shadow(struct tex_op *t, unsigned l)
{
   struct tex_lane *tl = &t->lane[l];
   const struct tex_form *f = t->form;
   tl->req.shadow = f->shadow_op || (!f->sample_style &&
                                     is_shadow(tl->target));
   if (!tl->req.shadow || f->sample_style || f->extra == EX_REF_SRC ||
       f->op == SIM_TEX_FETCH)
      return;
   int ch = ref_channel(f, tl->target);
   if (ch < 0)
      return;
   /* From the coordinates as projected: TXP divides the reference too. */
   tl->req.compare = tl->req.coord[ch];
   tl->e.compare = tl->e.coord[ch];
}

/* Texel offsets past the widest range GL lets an implementation offer
 * (MIN/MAX_PROGRAM_TEXTURE_GATHER_OFFSET, at most -32 and 31 on this
 * hardware) give undefined results. */
static void
lane_offsets(struct tex_op *t, unsigned l)
{
   for (unsigned c = 0; c < 3; c++) {
      int32_t o = (int32_t)t->off[l].v[c];
      t->lane[l].req.offset[c] = o;
      t->lane[l].e.undefined |= t->off[l].err[c] != 0 || o < -32 || o > 31;
   }
}

/* The zero direction (or a NaN) names no face: undefined; so does one
 * of subnormals, which an implementation may flush. */
static bool
faceless(const float *d)
{
   return (fabsf(d[0]) < FLT_MIN && fabsf(d[1]) < FLT_MIN &&
           fabsf(d[2]) < FLT_MIN) ||
          isnan(d[0]) || isnan(d[1]) || isnan(d[2]);
}

static bool
build_lane(struct interp *ip, struct tex_op *t, unsigned l)
{
   const struct tex_form *f = t->form;
   struct tex_lane *tl = &t->lane[l];
   memset(tl, 0, sizeof(*tl));
   if (!unit_index(ip, (unsigned)f->unit, l, SIM_MAX_TEXTURES,
                   &tl->req.texture))
      return false;
   tl->req.sampler = tl->req.texture;
   if (f->sampler >= 0 && !unit_index(ip, (unsigned)f->sampler, l,
                                      SIM_MAX_SAMPLERS, &tl->req.sampler))
      return false;
   if (f->op == SIM_TEX_FETCH)
      tl->req.sampler = SIM_MAX_SAMPLERS; /* fetches ignore the sampler */
   tl->req.op = (enum sim_tex_op)f->op;
   tl->target = lane_target(ip, f, tl->req.texture);
   const struct interp_vec *s0 = &t->src[0][l];
   if (f->op == SIM_TEX_FETCH)
      int_coords(tl, s0);
   else
      float_coords(tl, s0, f->extra == EX_PROJECT);
   if (f->op != SIM_TEX_FETCH && is_cube(tl->target)) {
      /* Projecting a direction onto a face (a division) need not be
       * exact. */
      for (unsigned c = 0; c < 3; c++)
         tl->e.coord[c] += fabs((double)tl->req.coord[c]) * 0x1p-20;
      tl->e.undefined |= faceless(tl->req.coord);
   }
   lane_shadow(t, l);
   lane_extra(t, l, s0);
   lane_offsets(t, l);
   return true;
}

/* ---------------------------------------------------------------------
 * Sampling and its errors
 */

/* The requests of lane l's quad (l's own for lanes not running). */
static void
quad_requests(const struct interp *ip, const struct tex_op *t, unsigned l,
              const struct sim_tex_request *quad[4])
{
   unsigned q = l & ~3u;
   for (unsigned i = 0; i < 4; i++)
      quad[i] = &t->lane[(ip->exec >> (q + i)) & 1 ? q + i : l].req;
}

static struct sim_vec4
sample(const struct interp *ip, struct tex_op *t, unsigned l)
{
   const struct sim_tex_request *quad[4];
   quad_requests(ip, t, l, quad);
   return sim_env_sample(ip->env, &t->lane[l].req,
                         t->implicit ? quad : NULL);
}

/* A NaN LOD (a NaN gradient or explicit LOD, or an infinite coordinate's
 * derivative) is undefined in GL: compilers that compute the LOD from
 * the gradients in code (FMAX drops a NaN) pick any level. */
static bool
lod_is_nan(const struct interp *ip, const struct tex_op *t, unsigned l)
{
   const struct sim_tex_request *quad[4];
   quad_requests(ip, t, l, quad);
   return isnan(sim_env_lambda(ip->env, &t->lane[l].req,
                               t->implicit ? quad : NULL));
}

/* Channel deviation between two results of a lookup. */
static double
texel_deviation(bool is_float, uint32_t a, uint32_t b)
{
   if (a == b)
      return 0;
   float x = bits_to_float(a), y = bits_to_float(b);
   if (!is_float || !isfinite(x) || !isfinite(y))
      return INFINITY;
   return fabs((double)x - (double)y);
}

/* An undefined field: does lane l's result change when it takes other
 * values?  A channel the target does not read (z of a 2-D coordinate an
 * application left unwritten) must not make the texel undefined. */
static bool
depends_on(const struct interp *ip, struct tex_op *t, unsigned l,
           float *field, struct sim_vec4 ref)
{
   static const float others[] = {0.0f,   0.25f,  0.5f,      0.75f,
                                  1.5f,   3.5f,   17.25f,    300.0f,
                                  -0.5f,  -3.0f,  -1000.0f,  INFINITY,
                                  NAN,    1e-3f,  123456.0f, -INFINITY};
   float saved = *field;
   bool changed = false;
   for (unsigned k = 0; k < sizeof(others) / sizeof(others[0]); k++) {
      *field = others[k];
      struct sim_vec4 v = sample(ip, t, l);
      changed |= memcmp(&v, &ref, sizeof(v)) != 0;
      /* A cube direction the other value leaves without a face: the
       * result is undefined, even where the reference's projection
       * happens to give the same texel (x and y zero: s = t = 1/2 for
       * every z but 0). */
      for (unsigned m = l & ~3u; m < (l & ~3u) + 4; m++) {
         const struct tex_lane *tm = &t->lane[m];
         const float *d = tm->req.coord;
         bool in_d = field == &d[0] || field == &d[1] || field == &d[2];
         changed |= in_d && t->form->op != SIM_TEX_FETCH &&
                    is_cube(tm->target) && faceless(d);
      }
   }
   *field = saved;
   return changed;
}

/* Lane l's result as the fields now are, its change from `ref` kept in
 * `worst` per channel. */
static void
keep_worst(const struct interp *ip, struct tex_op *t, unsigned l,
           struct sim_vec4 ref, bool is_float, double worst[4])
{
   struct sim_vec4 v = sample(ip, t, l);
   for (unsigned c = 0; c < 4; c++)
      worst[c] = fmax(worst[c], texel_deviation(is_float, ref.w[c], v.w[c]));
}

/* Lane l's result with `field` at `value` (keep_worst). */
static void
try_value(const struct interp *ip, struct tex_op *t, unsigned l,
          float *field, float value, struct sim_vec4 ref, bool is_float,
          double worst[4])
{
   *field = value;
   keep_worst(ip, t, l, ref, is_float, worst);
}

/* After moving n fields together: the fields back as `saved` has them,
 * and what the moves reached beyond the single moves' sum `single`
 * added to err. */
static void
joint_done(float *const *field, const float *saved, unsigned n,
           const double worst[4], const double single[4], double err[4])
{
   for (unsigned k = 0; k < n; k++)
      *field[k] = saved[k];
   for (unsigned c = 0; c < 4; c++) {
      if (worst[c] > single[c])
         err[c] += worst[c] - single[c];
   }
}

/* Moves one float field (of lane l or a quad neighbour) by +-e and
 * records the worst change of lane l's result. */
static void
move_field(const struct interp *ip, struct tex_op *t, unsigned l,
           float *field, double e, struct sim_vec4 ref, bool is_float,
           double err[4])
{
   if (e == 0)
      return;
   if (!isfinite(e)) {
      if (!depends_on(ip, t, l, field, ref))
         return;
      for (unsigned c = 0; c < 4; c++)
         err[c] = INFINITY;
      return;
   }
   float saved = *field;
   double worst[4] = {0, 0, 0, 0};
   for (int sign = -1; sign <= 1; sign += 2)
      try_value(ip, t, l, field, (float)((double)saved + sign * e), ref,
                is_float, worst);
   *field = saved;
   for (unsigned c = 0; c < 4; c++)
      err[c] += worst[c];
}

/* A gradient field moved within +-e: the level it selects follows the
 * magnitude, and each level holds texels of its own, so the magnitudes
 * from the interval's smallest (next to zero when it holds zero: the
 * finest level) to its largest are tried in steps of half a level. */
static void
move_gradient(const struct interp *ip, struct tex_op *t, unsigned l,
              float *field, double e, struct sim_vec4 ref, bool is_float,
              double err[4])
{
   if (e == 0 || !isfinite(e)) {
      move_field(ip, t, l, field, e, ref, is_float, err);
      return;
   }
   float saved = *field;
   double hi = fabs((double)saved) + e;
   double lo = fmax(fabs((double)saved) - e, hi * 0x1p-24);
   double worst[4] = {0, 0, 0, 0};
   for (double m = lo;; m *= 1.4142135623730951) {
      if (m > hi)
         m = hi;
      for (int sign = -1; sign <= 1; sign += 2)
         try_value(ip, t, l, field, (float)(sign * m), ref, is_float, worst);
      if (m >= hi)
         break;
   }
   *field = saved;
   for (unsigned c = 0; c < 4; c++)
      err[c] += worst[c];
}

/* The inexact gradient fields moved together: the level follows the
 * lengths of ddx and ddy, which one field moved alone cannot take below
 * what the others keep (ddy.x and ddy.y from one SIN of a huge argument,
 * anywhere in [-1, 1]: generator seed 14005220).  Every such field goes
 * from its interval's smallest magnitude to its largest at once, sign
 * kept, in steps of half a level of the widest: the level is monotonic
 * in each magnitude, so that path meets every level the box reaches.
 * Adds to err what it reaches beyond the single moves' sum, `single`. */
static void
move_gradients_jointly(const struct interp *ip, struct tex_op *t,
                       unsigned l, struct tex_lane *tm, struct sim_vec4 ref,
                       bool is_float, const double single[4], double err[4])
{
   float *field[6], saved[6];
   double lo[6], ratio[6], widest = 1;
   unsigned n = 0;
   for (unsigned c = 0; c < 6; c++) {
      float *f = c < 3 ? &tm->req.ddx[c] : &tm->req.ddy[c - 3];
      double e = c < 3 ? tm->e.ddx[c] : tm->e.ddy[c - 3];
      if (e == 0 || !isfinite(e))
         continue;
      double hi = fabs((double)*f) + e;
      field[n] = f;
      saved[n] = *f;
      lo[n] = fmax(fabs((double)*f) - e, hi * 0x1p-24);
      ratio[n] = hi / lo[n];
      widest = fmax(widest, ratio[n]);
      n++;
   }
   if (n < 2)
      return;
   unsigned steps = (unsigned)ceil(2 * log2(widest)) + 1;
   double worst[4] = {0, 0, 0, 0};
   for (unsigned j = 0; j <= steps; j++) {
      for (unsigned k = 0; k < n; k++) {
         double m = lo[k] * pow(ratio[k], (double)j / steps);
         *field[k] = (float)(signbit(saved[k]) ? -m : m);
      }
      keep_worst(ip, t, l, ref, is_float, worst);
   }
   joint_done(field, saved, n, worst, single, err);
}

/* Texels per unit of coordinate (lane m's request): the largest
 * dimension of a normalised target, 1 for RECT's texel coordinates, and
 * for a cube map's direction the face size over the major axis; 0 when
 * the direction is too short to tell. */
static double
texels_per_unit(const struct interp *ip, const struct tex_lane *tm)
{
   const struct sim_texture *tex = &ip->env->textures[tm->req.texture];
   if (tm->target == TGSI_TEX_RECT || tm->target == TGSI_TEX_SHADOWRECT)
      return 1;
   double size = tex->width;
   if (tex->height > size)
      size = tex->height;
   if (tex->depth > size)
      size = tex->depth;
   if (!is_cube(tm->target))
      return size;
   double ma = 0;
   for (unsigned c = 0; c < 3; c++)
      ma = fmax(ma, fabs((double)tm->req.coord[c]));
   return ma > 1e-30 ? size / ma : 0;
}

/* A coordinate interval that spans more than a texel: its ends alone
 * miss the texels in between, and with REPEAT both ends may land on the
 * reference texel (a coordinate of cos(2^31), anywhere in [-1, 1]).
 * Such intervals are swept together, as a grid of half-texel steps (a
 * texel diagonal to the reference one needs both coordinates moved);
 * past 4096 points the texel is anyone's, and the result undefined if
 * the coordinates matter. */
static void
sweep_coords(const struct interp *ip, struct tex_op *t, unsigned l,
             unsigned m, struct sim_vec4 ref, bool is_float, double err[4])
{
   struct tex_lane *tm = &t->lane[m];
   double per_unit = texels_per_unit(ip, tm);
   unsigned steps[4], n = 0, at[4] = {0, 0, 0, 0};
   unsigned which[4];
   double points = 1;
   bool wide = false;
   for (unsigned c = 0; c < 4; c++) {
      double e = tm->e.coord[c];
      if (e == 0 || !isfinite(e))
         continue;
      double k = per_unit > 0 ? ceil(4 * e * per_unit) : INFINITY;
      wide |= k > 2;
      which[n] = c;
      steps[n] = k > 2 ? (k < 4096 ? (unsigned)k : 4096) : 1;
      points *= steps[n] + 1;
      n++;
   }
   if (!wide)
      return;
   if (points > 4096) {
      bool matters = false;
      for (unsigned k = 0; k < n; k++)
         matters |= depends_on(ip, t, l, &tm->req.coord[which[k]], ref);
      if (matters) {
         for (unsigned k = 0; k < 4; k++)
            err[k] = INFINITY;
      }
      return;
   }
   float saved[4];
   for (unsigned k = 0; k < n; k++)
      saved[k] = tm->req.coord[which[k]];
   double worst[4] = {0, 0, 0, 0};
   for (;;) {
      for (unsigned k = 0; k < n; k++) {
         double e = tm->e.coord[which[k]];
         tm->req.coord[which[k]] =
            (float)((double)saved[k] - e + 2 * e * at[k] / steps[k]);
      }
      keep_worst(ip, t, l, ref, is_float, worst);
      unsigned k = 0;
      while (k < n && ++at[k] > steps[k])
         at[k++] = 0;
      if (k == n)
         break;
   }
   for (unsigned k = 0; k < n; k++)
      tm->req.coord[which[k]] = saved[k];
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] > err[k])
         err[k] = worst[k];
   }
}

/* The coordinates moved together to every corner of their box: a texel
 * diagonal to the reference one (x and y both across a texel edge, as
 * when both are the same uncertain value) can differ more than the two
 * texels one move reaches.  Adds to err what the corners reach beyond
 * the single moves' sum, `single`. */
static void
move_coords_jointly(const struct interp *ip, struct tex_op *t, unsigned l,
                    struct tex_lane *tm, struct sim_vec4 ref, bool is_float,
                    const double single[4], double err[4])
{
   float *field[4];
   double e[4];
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++) {
      double ec = tm->e.coord[c];
      if (ec != 0 && isfinite(ec)) {
         field[n] = &tm->req.coord[c];
         e[n++] = ec;
      }
   }
   if (n < 2)
      return;
   float saved[4];
   for (unsigned k = 0; k < n; k++)
      saved[k] = *field[k];
   double worst[4] = {0, 0, 0, 0};
   for (unsigned corner = 0; corner < (1u << n); corner++) {
      for (unsigned k = 0; k < n; k++)
         *field[k] = (float)((double)saved[k] +
                             ((corner >> k) & 1 ? e[k] : -e[k]));
      keep_worst(ip, t, l, ref, is_float, worst);
   }
   joint_done(field, saved, n, worst, single, err);
}

/* Undefined coordinates move together too: one undefined value read as
 * x and y (a .xxxx swizzle) reaches texels off the row and the column
 * through the reference texel, where single moves stay (seed 12303427:
 * every texel of row 0 passed the depth compare, (3.125, 3.125) did
 * not).  A grid of a few values per field, up to 8^4 lookups. */
static bool
depends_jointly(const struct interp *ip, struct tex_op *t, unsigned l,
                struct tex_lane *tm, struct sim_vec4 ref)
{
   static const float values[] = {0.0f,  0.3f,   0.7f, 1.5f,
                                  3.25f, 17.6f, -0.4f, -3.0f};
   enum { N = sizeof(values) / sizeof(values[0]) };
   float *field[4], saved[4];
   unsigned n = 0, at[4] = {0, 0, 0, 0};
   for (unsigned c = 0; c < 4; c++) {
      if (!isfinite(tm->e.coord[c])) {
         field[n] = &tm->req.coord[c];
         saved[n++] = tm->req.coord[c];
      }
   }
   bool changed = false;
   while (n >= 2 && !changed) {
      for (unsigned k = 0; k < n; k++)
         *field[k] = values[at[k]];
      struct sim_vec4 v = sample(ip, t, l);
      changed = memcmp(&v, &ref, sizeof(v)) != 0;
      unsigned k = 0;
      while (k < n && ++at[k] == N)
         at[k++] = 0;
      if (k == n)
         break;
   }
   for (unsigned k = 0; k < n; k++)
      *field[k] = saved[k];
   return changed;
}

/* The LOD of gradients (TXD, SAMPLE_D) is computed by the
 * implementation, in code or in the texture unit, and reaches the unit
 * in 8.8 fixed point, as an explicit LOD does: the level it selects may
 * be the one next to the exact LOD's within 1/256, plus LG2's 3 ulp and
 * a margin for the gradients' projection (a cube map's quotient rule in
 * single precision).  Scaling both gradients by 2^+-a moves the LOD by
 * exactly +-a; the level is monotonic in it, so the two ends reach
 * every level in between (generator seed 981928631: a cube-map LOD
 * 0.0013 above a level's edge, which the compiled code's truncation to
 * 8.8 put on the other side). */
static void
move_gradient_lod(const struct interp *ip, struct tex_op *t, unsigned l,
                  struct tex_lane *tm, struct sim_vec4 ref, bool is_float,
                  double err[4])
{
   struct sim_tex_request *r = &tm->req;
   float lambda = sim_env_lambda(ip->env, r, NULL);
   if (!isfinite(lambda))
      return;
   double a = LOD_STEP + 3 * interp_ulp32(lambda) + 0x1p-16;
   float saved[6];
   memcpy(saved, r->ddx, sizeof(r->ddx[0]) * 3);
   memcpy(saved + 3, r->ddy, sizeof(r->ddy[0]) * 3);
   double worst[4] = {0, 0, 0, 0};
   for (int sign = -1; sign <= 1; sign += 2) {
      double scale = exp2(sign * a);
      for (unsigned c = 0; c < 3; c++) {
         r->ddx[c] = (float)(saved[c] * scale);
         r->ddy[c] = (float)(saved[3 + c] * scale);
      }
      keep_worst(ip, t, l, ref, is_float, worst);
   }
   memcpy(r->ddx, saved, sizeof(r->ddx[0]) * 3);
   memcpy(r->ddy, saved + 3, sizeof(r->ddy[0]) * 3);
   for (unsigned c = 0; c < 4; c++)
      err[c] += worst[c];
}

static void
lane_moves(const struct interp *ip, struct tex_op *t, unsigned l,
           unsigned m, struct sim_vec4 ref, bool is_float, double err[4])
{
   struct tex_lane *tm = &t->lane[m];
   struct sim_tex_request *r = &tm->req;
   double single[4] = {0, 0, 0, 0};
   for (unsigned c = 0; c < 4; c++)
      move_field(ip, t, l, &r->coord[c], tm->e.coord[c], ref, is_float,
                 single);
   for (unsigned c = 0; c < 4; c++)
      err[c] += single[c];
   move_coords_jointly(ip, t, l, tm, ref, is_float, single, err);
   sweep_coords(ip, t, l, m, ref, is_float, err);
   bool all_undefined = true;
   for (unsigned c = 0; c < 4; c++)
      all_undefined &= err[c] == INFINITY;
   if (!all_undefined && depends_jointly(ip, t, l, tm, ref)) {
      for (unsigned c = 0; c < 4; c++)
         err[c] = INFINITY;
   }
   double grad[4] = {0, 0, 0, 0};
   for (unsigned c = 0; c < 3; c++) {
      move_gradient(ip, t, l, &r->ddx[c], tm->e.ddx[c], ref, is_float,
                    grad);
      move_gradient(ip, t, l, &r->ddy[c], tm->e.ddy[c], ref, is_float,
                    grad);
   }
   for (unsigned c = 0; c < 4; c++)
      err[c] += grad[c];
   move_gradients_jointly(ip, t, l, tm, ref, is_float, grad, err);
   if (t->form->extra == EX_GRAD)
      move_gradient_lod(ip, t, l, tm, ref, is_float, err);
   move_field(ip, t, l, &r->lod, tm->e.lod, ref, is_float, err);
   move_field(ip, t, l, &r->compare, tm->e.compare, ref, is_float, err);
   if (tm->e.undefined) {
      for (unsigned c = 0; c < 4; c++)
         err[c] = INFINITY;
   }
}

static bool
lod_matters(const struct interp *ip, const struct tex_op *t, unsigned l)
{
   uint32_t unit = t->lane[l].req.texture;
   return t->form->op == SIM_TEX_QUERY_LOD ||
          ip->env->textures[unit].levels > 1;
}

static void
lane_result(const struct interp *ip, struct tex_op *t, unsigned l,
            struct interp_vec *out)
{
   uint32_t unit = t->lane[l].req.texture;
   bool is_float = ip->env->textures[unit].type == SIM_TEXEL_FLOAT ||
                   t->form->op == SIM_TEX_QUERY_LOD || t->lane[l].req.shadow;
   struct sim_vec4 ref = sample(ip, t, l);
   double err[4] = {0, 0, 0, 0};
   unsigned q = l & ~3u;
   bool quad_needed = t->implicit && lod_matters(ip, t, l);
   for (unsigned m = quad_needed ? q : l; m < (quad_needed ? q + 4 : l + 1);
        m++) {
      bool usable = ((ip->exec & ~ip->path_uncertain) >> m) & 1;
      if (!usable && m != l) {
         for (unsigned c = 0; c < 4; c++)
            err[c] = INFINITY;
         continue;
      }
      lane_moves(ip, t, l, m, ref, is_float, err);
   }
   if (t->form->op != SIM_TEX_QUERY_LOD && lod_matters(ip, t, l) &&
       lod_is_nan(ip, t, l)) {
      for (unsigned c = 0; c < 4; c++)
         err[c] = INFINITY;
   }
   for (unsigned c = 0; c < 4; c++) {
      out->v[c] = ref.w[c];
      out->err[c] = err[c];
      out->res[c] = 0;
      out->kind[c] = is_float ? TGSI_INTERP_WORD_F32 : TGSI_INTERP_WORD_BITS;
   }
}

/* The face a cube-map direction selects (0 +x, 1 -x, 2 +y, ...), or -1
 * when two components are within 2^-20 of the major one: a tie, where
 * GL leaves the face to the implementation. */
static int
cube_face(const float *d)
{
   double a[3] = {fabs((double)d[0]), fabs((double)d[1]), fabs((double)d[2])};
   unsigned m = a[0] >= a[1] && a[0] >= a[2] ? 0 : a[1] >= a[2] ? 1 : 2;
   for (unsigned c = 0; c < 3; c++) {
      if (c != m && a[c] >= a[m] * (1 - 0x1p-20))
         return -1;
   }
   return (int)(2 * m + (d[m] < 0));
}

/* Face f's (cube_face's numbering) linear view of a direction v: the
 * unnormalised face coordinates sc and tc and the major axis, signed so
 * that it is |v[m]| for a direction on that face.  Linear, so the same
 * map takes a direction's derivative to theirs. */
static void
face_project(const double v[3], int f, double out[3])
{
   unsigned m = (unsigned)f / 2;
   double sign = f & 1 ? -1 : 1;
   out[0] = m == 0 ? -sign * v[2] : m == 1 ? v[0] : sign * v[0];
   out[1] = m == 1 ? sign * v[2] : -v[1];
   out[2] = sign * v[m];
}

/* A cube map's face coordinates (s, t) in [0, 1] of direction d. */
static void
face_coords(const float *d, int f, double st[2])
{
   double v[3] = {d[0], d[1], d[2]}, p[3];
   face_project(v, f, p);
   for (unsigned k = 0; k < 2; k++)
      st[k] = 0.5 * (p[k] / p[2] + 1);
}

/* Their derivative at d along the direction's derivative dd, by the
 * quotient rule: (dc ma - c dma) / (2 ma^2). */
static void
face_gradient(const float *d, const double *dd, int f, double out[2])
{
   double v[3] = {d[0], d[1], d[2]}, p[3], dp[3];
   face_project(v, f, p);
   face_project(dd, f, dp);
   for (unsigned k = 0; k < 2; k++)
      out[k] = (dp[k] * p[2] - p[k] * dp[2]) / (2 * p[2] * p[2]);
}

static double
log2_rho(double size, const double gx[2], const double gy[2])
{
   double lx = gx[0] * gx[0] + gx[1] * gx[1];
   double ly = gy[0] * gy[0] + gy[1] * gy[1];
   return 0.5 * log2(fmax(lx, ly)) + log2(size);
}

/* How far a cube map's LOD may be from the reference's (differences of
 * the projected coordinates over the quad's first row and column): an
 * implementation may instead project the direction's differences by
 * the quotient rule at a lane's own direction, whose s and t enter the
 * rule (lanes of one quad may point anywhere on the face), with the
 * quad's coarse or a lane's fine differences.  Every such choice is
 * evaluated; infinite when one is not finite. */
static double
cube_lod_spread(const struct interp *ip, const struct tex_op *t, unsigned l,
                int face)
{
   unsigned q = l & ~3u;
   const float *d[4];
   for (unsigned i = 0; i < 4; i++)
      d[i] = t->lane[q + i].req.coord;
   double size = ip->env->textures[t->lane[l].req.texture].width;
   double st[4][2], gx[2], gy[2];
   for (unsigned i = 0; i < 4; i++)
      face_coords(d[i], face, st[i]);
   for (unsigned k = 0; k < 2; k++) {
      gx[k] = st[1][k] - st[0][k];
      gy[k] = st[2][k] - st[0][k];
   }
   double ref = log2_rho(size, gx, gy), spread = 0;
   /* Lane pairs differenced for x and for y: each lane's fine row and
    * column (lane 0's are the coarse ones). */
   static const unsigned char pairs[4][4] = {
      {0, 1, 0, 2}, {0, 1, 1, 3}, {2, 3, 0, 2}, {2, 3, 1, 3}};
   for (unsigned at = 0; at < 4; at++) {
      for (unsigned v = 0; v < 4; v++) {
         const unsigned char *pr = pairs[v];
         double ddx[3], ddy[3], qx[2], qy[2];
         for (unsigned c = 0; c < 3; c++) {
            ddx[c] = (double)d[pr[1]][c] - d[pr[0]][c];
            ddy[c] = (double)d[pr[3]][c] - d[pr[2]][c];
         }
         face_gradient(d[at], ddx, face, qx);
         face_gradient(d[at], ddy, face, qy);
         double lod = log2_rho(size, qx, qy);
         if (!isfinite(lod) || !isfinite(ref))
            return lod == ref ? spread : INFINITY;
         spread = fmax(spread, fabs(lod - ref));
      }
   }
   return spread;
}

/* LODQ/LOD: GL leaves how rho and its logarithm are approximated to the
 * implementation (a cube map's derivatives too, below), and texture
 * units keep LODs in 8.8 fixed point: y
 * may differ by 1/256 plus LG2's 3 ulp; x, the level picked from y, is
 * not compared where that straddles a rounding point.  A NaN LOD (the
 * derivative of an infinite coordinate) is undefined. */
static void
query_lod_allowance(const struct interp *ip, const struct tex_op *t,
                    unsigned l, struct interp_vec *out)
{
   const struct tex_lane *tl = &t->lane[l];
   float lambda = bits_to_float(out->v[1]);
   if (isnan(lambda)) {
      out->err[0] = out->err[1] = INFINITY; /* GL leaves it undefined */
      return;
   }
   if (!isfinite(lambda))
      return;
   double a = 1.0 / 256 + 3 * interp_ulp32(lambda);
   if (t->implicit && is_cube(tl->target)) {
      /* The face coordinates' derivatives: differences of the projected
       * coordinates over the quad (the reference) or the direction's
       * differences projected by the quotient rule (what a shader can
       * compute from DDX and DDY): both are GL's "approximated"
       * derivatives.  They differ through the major axis' relative
       * change over the quad (twice that bounds rho's ratio to first
       * order) and through the lane whose s and t the rule takes
       * (cube_lod_spread evaluates every choice). */
      double lo = INFINITY, hi = 0;
      int face = -1;
      bool one_face = true;
      for (unsigned i = 0; i < 4; i++) {
         const float *d = t->lane[(l & ~3u) + i].req.coord;
         int f = cube_face(d);
         one_face &= f >= 0 && (face < 0 || f == face);
         face = f;
         double ma = fmax(fabs((double)d[0]),
                          fmax(fabs((double)d[1]), fabs((double)d[2])));
         lo = fmin(lo, ma);
         hi = fmax(hi, ma);
      }
      /* Lanes on different faces (or at a tie, where the face is the
       * implementation's) difference coordinates of unrelated faces. */
      double r = lo > 0 ? (hi - lo) / lo : INFINITY;
      if (!one_face || !(r < 0.5)) {
         out->err[0] = out->err[1] = INFINITY;
         return;
      }
      a += fmax(log2(1 + 2 * r), cube_lod_spread(ip, t, l, face));
   }
   out->err[1] += a;
   uint32_t tex = tl->req.texture, samp = tl->req.sampler;
   if (sim_env_level_of_lod(ip->env, tex, samp, (float)(lambda - a)) !=
       sim_env_level_of_lod(ip->env, tex, samp, (float)(lambda + a)))
      out->err[0] = INFINITY;
}

/* SAMPLE*: the SVIEW operand's swizzle picks the result channels. */
static void
swizzle_result(const struct tgsi_src *sview, struct interp_vec *v)
{
   struct interp_vec x = *v;
   for (unsigned c = 0; c < 4; c++) {
      unsigned k = sview->swizzle[c] & 3;
      v->v[c] = x.v[k];
      v->err[c] = x.err[k];
      v->kind[c] = x.kind[k];
      v->pair[c] = x.pair[k];
   }
}

static bool
fetch_offsets(struct interp *ip, struct tex_op *t)
{
   const struct tgsi_insn *insn = ip->insn;
   memset(t->off, 0, sizeof(t->off));
   if (!insn->num_offsets)
      return true;
   if (insn->num_offsets > 1)
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "%u texture offsets", insn->num_offsets);
   struct tgsi_src src;
   memset(&src, 0, sizeof(src));
   src.reg.file = insn->offsets[0].file;
   src.reg.index = insn->offsets[0].index;
   for (unsigned c = 0; c < 3; c++)
      src.swizzle[c] = insn->offsets[0].swizzle[c];
   return interp_fetch(ip, &src, TGSI_VT_I32, ip->exec, t->off);
}

static bool
is_msaa(enum tgsi_tex_target t)
{
   return t == TGSI_TEX_2D_MSAA || t == TGSI_TEX_2D_ARRAY_MSAA;
}

static bool
below(int32_t v, uint32_t size)
{
   return v >= 0 && (uint32_t)v < (size ? size : 1);
}

/* Is a fetch inside the texture: coordinates (with offsets) within the
 * level, the level (or sample) within the texture? */
static bool
fetch_in_range(const struct sim_texture *tex, enum tgsi_tex_target t,
               const struct sim_tex_request *req, int32_t sample)
{
   int32_t level = req->level, c[3];
   for (unsigned k = 0; k < 3; k++)
      c[k] = req->icoord[k] + req->offset[k];
   if (level < 0 || (uint32_t)level >= tex->levels ||
       (is_msaa(t) && !below(sample, tex->samples)))
      return false;
   uint32_t w = tex->width >> level, h = tex->height >> level;
   bool x = below(c[0], w), xy = x && below(c[1], h);
   switch (t) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D:
   case TGSI_TEX_SHADOW1D: return x;
   case TGSI_TEX_1D_ARRAY:
   case TGSI_TEX_SHADOW1D_ARRAY: return x && below(req->icoord[1],
                                                    tex->depth);
   case TGSI_TEX_2D:
   case TGSI_TEX_SHADOW2D:
   case TGSI_TEX_RECT:
   case TGSI_TEX_SHADOWRECT:
   case TGSI_TEX_2D_MSAA: return xy;
   case TGSI_TEX_3D: return xy && below(c[2], tex->depth >> level);
   default: return xy && below(req->icoord[2], tex->depth);
   }
}

/* Multisampled targets read level 0 and take a sample index instead:
 * from w for TXF, from src2 for SAMPLE_I_MS. */
static int32_t
fetch_sample(const struct interp *ip, struct tex_op *t, unsigned l)
{
   struct tex_lane *tl = &t->lane[l];
   if (!is_msaa(tl->target))
      return 0;
   int32_t sample = ip->insn->opcode == TGSI_OP_SAMPLE_I_MS
                       ? (int32_t)t->src[2][l].v[0]
                       : tl->req.level;
   tl->req.level = 0;
   return sample;
}

static bool
implicit_lod(const struct interp *ip, const struct tex_form *f)
{
   return ip->env->stage == SIM_STAGE_FRAGMENT &&
          (f->op == SIM_TEX_SAMPLE || f->op == SIM_TEX_SAMPLE_BIAS ||
           f->op == SIM_TEX_QUERY_LOD);
}

static void
op_sample(struct interp *ip)
{
   const struct tgsi_insn *insn = ip->insn;
   struct tex_op *t = ARENA_NEW(ip->arena, struct tex_op);
   t->form = &forms[insn->opcode];
   t->implicit = implicit_lod(ip, t->form);
   for (unsigned i = 0; i < insn->num_src && i < 5; i++) {
      enum tgsi_regfile file = insn->src[i].reg.file;
      if (file == TGSI_REGFILE_SAMPLER || file == TGSI_REGFILE_SAMPLER_VIEW)
         continue;
      if (!interp_fetch_src(ip, i, ip->exec, t->src[i]))
         return;
   }
   if (!fetch_offsets(ip, t))
      return;
   uint32_t ok = 0;
   interp_foreach_lane(l, ip->exec) {
      if (build_lane(ip, t, l))
         ok |= 1u << l;
   }
   struct interp_vec out[SIM_LANES];
   interp_foreach_lane(l, ip->exec) {
      if (!((ok >> l) & 1)) {
         interp_vec_undefined(&out[l]);
         continue;
      }
      bool fetch = t->form->op == SIM_TEX_FETCH;
      if (fetch && is_cube(t->lane[l].target))
         interp_ub(ip, TGSI_INTERP_UB_INVALID,
                   "%s of a cube map (TGSI rules it out)",
                   tgsi_op_info(insn->opcode)->name);
      int32_t sample = fetch ? fetch_sample(ip, t, l) : 0;
      lane_result(ip, t, l, &out[l]);
      struct tex_lane *tl = &t->lane[l];
      if (fetch && !fetch_in_range(&ip->env->textures[tl->req.texture],
                                   tl->target, &tl->req, sample)) {
         interp_vec_undefined(&out[l]);
         interp_ub(ip, TGSI_INTERP_UB_UNDEFINED,
                   "texel fetch outside the texture in lane %u", l);
      }
      if (t->form->op == SIM_TEX_QUERY_LOD) {
         query_lod_allowance(ip, t, l, &out[l]);
         for (unsigned c = 2; c < 4; c++) {
            bool lod_op = insn->opcode == TGSI_OP_LOD;
            out[l].v[c] = 0;
            out[l].err[c] = lod_op ? 0 : INFINITY;
         }
      }
      if (t->form->sample_style)
         swizzle_result(&insn->src[t->form->unit], &out[l]);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

/* ---------------------------------------------------------------------
 * Size queries
 */

/* Channels TXQ defines for a target: x width, y height or layers, z
 * depth or layers; w is always the level count. */
static uint8_t
size_channels(enum tgsi_tex_target t)
{
   switch (t) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D:
   case TGSI_TEX_SHADOW1D: return 0x9;
   case TGSI_TEX_1D_ARRAY:
   case TGSI_TEX_SHADOW1D_ARRAY:
   case TGSI_TEX_2D:
   case TGSI_TEX_SHADOW2D:
   case TGSI_TEX_RECT:
   case TGSI_TEX_SHADOWRECT:
   case TGSI_TEX_CUBE:
   case TGSI_TEX_SHADOWCUBE:
   case TGSI_TEX_2D_MSAA: return 0xb;
   default: return 0xf;
   }
}

static void
size_lane(struct interp *ip, uint32_t unit, enum tgsi_tex_target target,
          int32_t level, bool level_err, struct interp_vec *out)
{
   struct sim_tex_request req;
   memset(&req, 0, sizeof(req));
   req.op = SIM_TEX_SIZE;
   req.texture = unit;
   req.level = level;
   struct sim_vec4 v = sim_env_sample(ip->env, &req, NULL);
   const struct sim_texture *t = &ip->env->textures[unit];
   bool sviewinfo = ip->insn->opcode == TGSI_OP_SVIEWINFO;
   bool in_range = level >= 0 && (uint32_t)level < t->levels;
   uint8_t defined = size_channels(target);
   for (unsigned c = 0; c < 4; c++) {
      out->v[c] = v.w[c];
      out->err[c] = (defined >> c) & 1 ? 0 : INFINITY;
      if (c < 3 && !in_range) {
         out->v[c] = 0;
         out->err[c] = sviewinfo ? out->err[c] : INFINITY;
      }
      if (level_err && c < 3)
         out->err[c] = INFINITY;
      out->res[c] = 0;
      out->kind[c] = TGSI_INTERP_WORD_BITS;
   }
}

static void
op_txq(struct interp *ip)
{
   bool sviewinfo = ip->insn->opcode == TGSI_OP_SVIEWINFO;
   struct interp_vec lod[SIM_LANES], out[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, lod))
      return;
   interp_foreach_lane(l, ip->exec) {
      uint32_t unit;
      if (!unit_index(ip, 1, l, SIM_MAX_TEXTURES, &unit)) {
         interp_vec_undefined(&out[l]);
         continue;
      }
      enum tgsi_tex_target target =
         sviewinfo && ip->sview_decl[unit] ? ip->sview_decl[unit]->target
                                           : ip->insn->tex_target;
      size_lane(ip, unit, target, (int32_t)lod[l].v[0], lod[l].err[0] != 0,
                &out[l]);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_txqs(struct interp *ip)
{
   struct interp_vec out[SIM_LANES];
   interp_foreach_lane(l, ip->exec) {
      uint32_t unit;
      interp_vec_undefined(&out[l]);
      if (!unit_index(ip, 0, l, SIM_MAX_TEXTURES, &unit))
         continue;
      out[l].v[0] = ip->env->textures[unit].samples;
      out[l].err[0] = 0;
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_unsupported(struct interp *ip)
{
   interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
               "%s (no driver implements it)",
               tgsi_op_info(ip->insn->opcode)->name);
}

interp_op_fn
interp_tex_op(unsigned opcode)
{
   switch (opcode) {
   case TGSI_OP_TXQ:
   case TGSI_OP_SVIEWINFO: return op_txq;
   case TGSI_OP_TXQS: return op_txqs;
   case TGSI_OP_SAMPLE_POS:
   case TGSI_OP_SAMPLE_INFO: return op_unsupported;
   default: break;
   }
   return opcode < TGSI_OP_COUNT && forms[opcode].unit ? op_sample : NULL;
}
