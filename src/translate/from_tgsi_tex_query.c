/* SPDX-License-Identifier: MIT */
/*
 * Texture queries and the LOD computations the texture messages cannot
 * do: TXQ/SVIEWINFO and TXQS read system values the driver fills;
 * LODQ/LOD and explicit gradients (TXD, SAMPLE_D) compute the level of
 * detail in ALU code, since the message forms tgsiva encodes have no
 * gradient or LOD-query mode (Mesa 24.0 lowers TXD the same way).
 *
 * 1. IR_SYSVAL_TEXTURE_SIZE of unit n holds what TXQ returns at level 0
 *    of the view's base level: width, height (1D arrays: layers), depth
 *    (2D and cube arrays: layers, counted in cubes for cube arrays), and
 *    the number of levels.  TXQ at level l shifts the mipmapped
 *    dimensions right by l (at least 1); SVIEWINFO returns 0 for them
 *    when l is not below the number of levels.
 * 2. The base LOD is log2 of the larger length of the two gradients
 *    scaled to texels of level 0 (as GL's isotropic approximation);
 *    rectangle textures take unnormalized coordinates, so their
 *    gradients are already in texels.  A cube map's gradients are those
 *    of its face coordinates s = (u / m + 1) / 2, t = (v / m + 1) / 2,
 *    with m the major axis: ds = (du m - u dm) / (2 m^2).
 * 3. LODQ/LOD (fragment shaders only): y = base LOD + the sampler's bias
 *    (GL's lambda'), x = the level sampled: y clamped to the sampler's
 *    [min, max] LOD, rounded for nearest mipmapping, clamped to
 *    [0, levels - 1], or 0 without mipmapping (IR_SYSVAL_SAMPLER_LOD).
 *    LOD, a SAMPLE* form, then takes the SVIEW operand's swizzle, as its
 *    other results do (tgsi.rst: the view's swizzle applies after the
 *    lookup; D3D10's lod swizzles srcResource alike).
 * 4. Indirect units read their system value from the buffer at a
 *    computed offset when the units' slots are consecutive, else through
 *    a select over every declared unit.
 *
 * Requires: the translation context; decoded texture operands.
 * Ensures:  query results in the destination; LODs as float values.
 * Invalidates: nothing.
 */
#include "from_tgsi_tex.h"

/* ---------------------------------------------------------------------
 * System values
 */

/* The first of the consecutive slots of units 0 .. count - 1, or -1. */
static int
unit_slots(struct tgsi_to_ir *t, enum ir_sysval_kind kind, uint32_t count)
{
   unsigned first = ir_layout_sysval(t->s->arena, t->layout, kind, 0);
   for (uint32_t i = 1; i < count; i++) {
      if (ir_layout_sysval(t->s->arena, t->layout, kind, i) != first + i)
         return -1;
   }
   return (int)first;
}

struct ir_ref
t_tex_sysval(struct tgsi_to_ir *t, enum ir_sysval_kind kind,
             const struct t_tex_unit *unit, unsigned word)
{
   if (unit->direct)
      return t_sysval(t, kind, unit->index, word, false);
   int first = unit_slots(t, kind, unit->count);
   if (first >= 0) {
      struct ir_ref off = ir_alu2(&t->b, IR_OP_SHL, unit->value, ir_imm(4));
      off = ir_alu2(&t->b, IR_OP_IADD, off,
                    ir_imm(16 * (uint32_t)first + 4 * word));
      return t_load_ubo(t, ir_imm(t->layout->user_ubo_count), off, 1);
   }
   struct ir_ref acc = t_sysval(t, kind, unit->count - 1, word, false);
   for (uint32_t e = unit->count - 1; e-- > 0;) {
      acc = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, unit->value, ir_imm(e),
                    t_sysval(t, kind, e, word, false), acc);
   }
   return acc;
}

/* ---------------------------------------------------------------------
 * Size queries
 */

/* How many of TXQ's x, y, z are sizes, and how many of those shrink with
 * the level. */
static void
size_channels(const struct t_tex_target *tt, unsigned *sizes,
              unsigned *mipmapped)
{
   unsigned spatial = tt->cube ? 2 : tt->ncoord;
   *sizes = spatial + (tt->layer >= 0);
   *mipmapped = tt->rect || tt->buffer || tt->msaa ? 0 : spatial;
}

void
t_tex_size(struct tgsi_to_ir *t, const struct t_tex_target *tt,
           const struct t_tex_unit *view, struct ir_ref lod,
           bool range_checked)
{
   unsigned sizes, mipmapped;
   uint32_t bits;
   size_channels(tt, &sizes, &mipmapped);
   bool level0 = ir_ref_const_bits(lod, &bits) && !bits;
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      struct ir_ref v = ir_imm(0);
      if (c == 3 || c < sizes)
         v = t_tex_sysval(t, IR_SYSVAL_TEXTURE_SIZE, view, c);
      if (c < mipmapped && !level0) {
         v = ir_alu2(&t->b, IR_OP_USHR, v, lod);
         v = ir_alu2(&t->b, IR_OP_UMAX, v, ir_imm(1));
      }
      if (range_checked && c < sizes && !level0) {
         struct ir_ref levels =
            t_tex_sysval(t, IR_SYSVAL_TEXTURE_SIZE, view, 3);
         v = ir_csel(&t->b, IR_CMP_U, IR_COND_LT, lod, levels, v,
                     ir_imm(0));
      }
      t_dst(t, 0, c, v);
   }
}

void
t_tex_samples(struct tgsi_to_ir *t, const struct t_tex_unit *view)
{
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      t_dst(t, 0, c,
            c ? ir_imm(0)
              : t_tex_sysval(t, IR_SYSVAL_TEXTURE_SAMPLES, view, 0));
   }
}

/* ---------------------------------------------------------------------
 * Level of detail
 */

static struct ir_ref
fmul(struct tgsi_to_ir *t, struct ir_ref a, struct ir_ref b)
{
   return ir_alu2(&t->b, IR_OP_FMUL, a, b);
}

static struct ir_ref
select_if(struct tgsi_to_ir *t, struct ir_ref cond, struct ir_ref a,
          struct ir_ref b)
{
   return ir_csel(&t->b, IR_CMP_U, IR_COND_NE, cond, ir_imm(0), a, b);
}

/* The cube face a direction selects, as the unsigned parts of its face
 * coordinates and major axis: (u, v, m) = (z, y, x), (x, z, y) or
 * (x, y, z).  Signs do not change a gradient's length. */
struct cube_axes {
   struct ir_ref xmajor, ymajor; /* booleans, 0 / ~0 */
};

static struct cube_axes
cube_axes(struct tgsi_to_ir *t, const struct ir_ref *d)
{
   struct ir_ref ax = ir_abs(d[0]), ay = ir_abs(d[1]), az = ir_abs(d[2]);
   struct cube_axes a;
   struct ir_ref x_over_z = ir_fcmp(&t->b, IR_COND_GE, IR_BOOL_M1, ax, az);
   struct ir_ref x_over_y = ir_fcmp(&t->b, IR_COND_GE, IR_BOOL_M1, ax, ay);
   a.xmajor = ir_alu2(&t->b, IR_OP_AND, x_over_y, x_over_z);
   a.ymajor = ir_fcmp(&t->b, IR_COND_GE, IR_BOOL_M1, ay, az);
   return a;
}

static void
cube_select(struct tgsi_to_ir *t, const struct cube_axes *a,
            const struct ir_ref *d, struct ir_ref *uvm)
{
   uvm[0] = select_if(t, a->xmajor, d[2], d[0]);
   uvm[1] = select_if(t, a->xmajor, d[1], select_if(t, a->ymajor, d[2],
                                                    d[1]));
   uvm[2] = select_if(t, a->xmajor, d[0], select_if(t, a->ymajor, d[1],
                                                    d[2]));
}

/* The gradient `g` of direction `d` as the gradient of (s, t). */
static void
cube_gradient(struct tgsi_to_ir *t, const struct cube_axes *a,
              const struct ir_ref *d, const struct ir_ref *g,
              struct ir_ref *out)
{
   struct ir_ref p[3], dp[3];
   cube_select(t, a, d, p);
   cube_select(t, a, g, dp);
   struct ir_ref scale = fmul(t, ir_alu1(&t->b, IR_OP_FRCP,
                                         fmul(t, p[2], p[2])),
                              t_f(0.5f));
   for (unsigned i = 0; i < 2; i++) {
      struct ir_ref pd = fmul(t, p[i], dp[2]), dpp = fmul(t, dp[i], p[2]);
      struct ir_ref num = ir_alu2(&t->b, IR_OP_FADD, dpp, ir_neg(pd));
      out[i] = fmul(t, num, scale);
   }
}

/* Sum of squares of g scaled to texels. */
static struct ir_ref
texel_length2(struct tgsi_to_ir *t, const struct ir_ref *g,
              const struct ir_ref *size, unsigned n)
{
   struct ir_ref acc = {0};
   for (unsigned i = 0; i < n; i++) {
      struct ir_ref v = size[i].kind ? fmul(t, g[i], size[i]) : g[i];
      acc = acc.kind ? ir_alu3(&t->b, IR_OP_FMA, v, v, acc) : fmul(t, v, v);
   }
   return acc;
}

struct ir_ref
t_tex_grad_lod(struct tgsi_to_ir *t, const struct t_tex_target *tt,
               const struct t_tex_unit *view, const struct ir_ref *coords,
               const struct ir_ref *ddx, const struct ir_ref *ddy)
{
   unsigned n = tt->cube ? 2 : tt->ncoord;
   struct ir_ref gx[3], gy[3], size[3] = {{0}};
   for (unsigned i = 0; i < n && !tt->rect; i++) {
      size[i] = ir_alu1(&t->b, IR_OP_U2F,
                        t_tex_sysval(t, IR_SYSVAL_TEXTURE_SIZE, view, i));
   }
   if (tt->cube) {
      struct ir_ref d[3], dx[3], dy[3];
      for (unsigned i = 0; i < 3; i++) {
         d[i] = t_tex_plain(t, coords[i]);
         dx[i] = t_tex_plain(t, ddx[i]);
         dy[i] = t_tex_plain(t, ddy[i]);
      }
      struct cube_axes a = cube_axes(t, d);
      cube_gradient(t, &a, d, dx, gx);
      cube_gradient(t, &a, d, dy, gy);
   } else {
      for (unsigned i = 0; i < n; i++) {
         gx[i] = ddx[i];
         gy[i] = ddy[i];
      }
   }
   struct ir_ref lx = texel_length2(t, gx, size, n);
   struct ir_ref ly = texel_length2(t, gy, size, n);
   /* log2(sqrt(max)) = log2(max) / 2 */
   struct ir_ref l2 = ir_alu1(&t->b, IR_OP_FLOG2,
                              ir_alu2(&t->b, IR_OP_FMAX, lx, ly));
   return fmul(t, l2, t_f(0.5f));
}

static struct ir_ref
fclamp(struct tgsi_to_ir *t, struct ir_ref v, struct ir_ref lo,
       struct ir_ref hi)
{
   return ir_alu2(&t->b, IR_OP_FMIN, ir_alu2(&t->b, IR_OP_FMAX, v, lo), hi);
}

/* The level GL's LOD query reports for LOD `lod` (lambda''). */
static struct ir_ref
level_accessed(struct tgsi_to_ir *t, const struct t_tex_unit *view,
               const struct t_tex_unit *sampler, struct ir_ref lod)
{
   struct ir_ref filter = t_tex_sysval(t, IR_SYSVAL_SAMPLER_LOD, sampler, 3);
   struct ir_ref levels = t_tex_sysval(t, IR_SYSVAL_TEXTURE_SIZE, view, 3);
   struct ir_ref last = ir_alu1(&t->b, IR_OP_U2F,
                                ir_alu2(&t->b, IR_OP_ISUB, levels,
                                        ir_imm(1)));
   /* Nearest: ceil(lod + 0.5) - 1 */
   struct ir_ref nearest = ir_alu2(
      &t->b, IR_OP_FADD,
      ir_alu1(&t->b, IR_OP_FCEIL, ir_alu2(&t->b, IR_OP_FADD, lod,
                                          t_f(0.5f))),
      t_f(-1.0f));
   struct ir_ref level = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, filter,
                                 ir_imm(2), lod, nearest);
   level = fclamp(t, level, t_f(0.0f), last);
   return ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, filter, ir_imm(0),
                  t_f(0.0f), level);
}

void
t_tex_query_lod(struct tgsi_to_ir *t, const struct t_tex_target *tt,
                const struct t_tex_unit *view,
                const struct t_tex_unit *sampler, const struct ir_ref *coords,
                const uint8_t *swizzle)
{
   if (t->s->stage != IR_STAGE_FRAGMENT)
      t_unsupported(t, "%s outside a fragment shader: it needs "
                       "screen-space derivatives",
                    tgsi_op_info(t->insn->opcode)->name);
   if (tt->buffer || tt->msaa)
      t_error(t, "%s on a texture without levels",
              tgsi_op_info(t->insn->opcode)->name);
   struct ir_ref ddx[3], ddy[3];
   for (unsigned c = 0; c < tt->ncoord; c++) {
      ddx[c] = ir_alu1(&t->b, IR_OP_FDDX, coords[c]);
      ddy[c] = ir_alu1(&t->b, IR_OP_FDDY, coords[c]);
   }
   struct ir_ref base = t_tex_grad_lod(t, tt, view, coords, ddx, ddy);
   struct ir_ref bias = t_tex_sysval(t, IR_SYSVAL_SAMPLER_LOD, sampler, 0);
   struct ir_ref lod = ir_alu2(&t->b, IR_OP_FADD, base, bias);
   struct ir_ref level = {0};
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      unsigned k = swizzle ? swizzle[c] & 3 : c;
      struct ir_ref v = k == 1 ? lod : ir_imm(0);
      if (k == 0) {
         if (level.kind == IR_REF_NONE) {
            struct ir_ref lo = t_tex_sysval(t, IR_SYSVAL_SAMPLER_LOD,
                                            sampler, 1);
            struct ir_ref hi = t_tex_sysval(t, IR_SYSVAL_SAMPLER_LOD,
                                            sampler, 2);
            level = level_accessed(t, view, sampler,
                                   fclamp(t, lod, lo, hi));
         }
         v = level;
      }
      t_dst(t, 0, c, v);
   }
}
