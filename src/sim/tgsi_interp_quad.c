/* SPDX-License-Identifier: MIT */
/*
 * Opcodes that read other lanes: derivatives over the 2x2 quad and the
 * subgroup opcodes (spec "DDX, DDY", "Inter-lane opcodes").
 *
 * 1. Lane 4q + i is pixel i of quad q: 0 top left, 1 top right, 2 bottom
 *    left, 3 bottom right, with y growing downwards in the environment's
 *    pixel rows.  DDX_FINE is right minus left in the lane's row, DDY_FINE
 *    bottom minus top in its column.  DDX and DDY may use either row
 *    (column) for the whole quad: the reference uses the lane's own and
 *    allows the difference to the other.
 * 2. A neighbour that is not running (divergent control flow, killed) or
 *    whose path is uncertain gives an undefined derivative.
 * 3. Subgroup opcodes see the running lanes of the warp (SIM_LANES wide,
 *    as Valhall's warps on Mali-G57).  While any live lane's path is
 *    uncertain, which lanes take part is too, and the results are
 *    undefined.  BALLOT writes its 64-bit mask to xy (and zw).
 *    READ_INVOC of a lane that is not running is undefined; CLOCK is.
 */
#include "tgsi_interp_priv.h"

static bool
usable(const struct interp *ip, unsigned lane)
{
   return ((ip->exec & ~ip->path_uncertain) >> lane) & 1;
}

/* One channel of neighbour b subtracted from neighbour a. */
static void
difference(const struct interp_vec *v, unsigned a, unsigned b, unsigned c,
           float *d, double *err)
{
   float x = bits_to_float(v[a].v[c]), y = bits_to_float(v[b].v[c]);
   *d = x - y;
   *err = v[a].err[c] + v[b].err[c];
   if (*err > 0 && !isfinite(*d))
      *err = INFINITY;
}

/* How far the other pair's difference is from this pair's: infinite
 * when one is not finite and the other differs (a NaN or an infinity in
 * the other column is what the other model may return; fmax would drop
 * a NaN gap). */
static double
pair_gap(float d, float d2)
{
   if (d == d2 || (isnan(d) && isnan(d2)))
      return 0;
   double gap = fabs((double)d2 - (double)d);
   return isfinite(gap) ? gap : INFINITY;
}

static void
derivative(struct interp *ip, bool y_axis, bool fine)
{
   struct interp_vec v[SIM_LANES], out[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, v))
      return;
   bool fragment = ip->env->stage == SIM_STAGE_FRAGMENT;
   interp_foreach_lane(l, ip->exec) {
      unsigned q = l & ~3u, i = l & 3u;
      /* Own pair (a - b) and the quad's other pair. */
      unsigned a = y_axis ? q + 2 + (i & 1) : q + (i & 2) + 1;
      unsigned b = y_axis ? q + (i & 1) : q + (i & 2);
      unsigned a2 = y_axis ? q + 2 + (~i & 1) : q + (~i & 2) + 1;
      unsigned b2 = y_axis ? q + (~i & 1) : q + (~i & 2);
      bool ok = fragment && usable(ip, a) && usable(ip, b);
      bool ok2 = usable(ip, a2) && usable(ip, b2);
      for (unsigned c = 0; c < 4; c++) {
         float d = 0, d2 = 0;
         double e = INFINITY, e2 = 0;
         if (ok)
            difference(v, a, b, c, &d, &e);
         if (ok && !fine) {
            /* The other model's difference is within e of d (this row)
             * or within e2 of d2 (the other), e2 of its own inputs. */
            e2 = INFINITY;
            if (ok2)
               difference(v, a2, b2, c, &d2, &e2);
            e = fmax(e, pair_gap(d, d2) + e2);
         }
         out[l].v[c] = float_to_bits(d);
         out[l].err[c] = e;
         out[l].res[c] = 0;
         out[l].kind[c] = TGSI_INTERP_WORD_F32;
      }
      if (!ok)
         interp_ub(ip, TGSI_INTERP_UB_UNDEFINED,
                   "derivative without its quad neighbours in lane %u", l);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_ddx(struct interp *ip)
{
   derivative(ip, false, ip->insn->opcode == TGSI_OP_DDX_FINE);
}

static void
op_ddy(struct interp *ip)
{
   derivative(ip, true, ip->insn->opcode == TGSI_OP_DDY_FINE);
}

/* The participants are known only while no live lane's path is
 * uncertain. */
static bool
group_certain(const struct interp *ip)
{
   return !(ip->path_uncertain & ip->live);
}

static void
broadcast(struct interp *ip, const uint32_t v[4], const double err[4])
{
   struct interp_vec out[SIM_LANES];
   bool certain = group_certain(ip);
   interp_foreach_lane(l, ip->exec) {
      for (unsigned c = 0; c < 4; c++) {
         out[l].v[c] = v[c];
         out[l].err[c] = certain ? err[c] : INFINITY;
         out[l].res[c] = 0;
         out[l].kind[c] = TGSI_INTERP_WORD_BITS;
      }
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_vote(struct interp *ip)
{
   struct interp_vec v[SIM_LANES];
   unsigned op = ip->insn->opcode;
   if (!interp_fetch_src(ip, 0, ip->exec, v))
      return;
   uint32_t r[4];
   double err[4];
   unsigned first = (unsigned)__builtin_ctz(ip->exec);
   for (unsigned c = 0; c < 4; c++) {
      bool any = false, all = true, eq = true, exact = true;
      interp_foreach_lane(l, ip->exec) {
         bool set = v[l].v[c] != 0;
         any |= set;
         all &= set;
         eq &= v[l].v[c] == v[first].v[c];
         exact &= v[l].err[c] == 0;
      }
      bool x = op == TGSI_OP_VOTE_ANY ? any : op == TGSI_OP_VOTE_ALL ? all
                                                                     : eq;
      r[c] = x ? ~0u : 0u;
      err[c] = exact ? 0 : INFINITY;
   }
   broadcast(ip, r, err);
}

static void
op_ballot(struct interp *ip)
{
   struct interp_vec v[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, v))
      return;
   uint32_t mask = 0;
   bool exact = true;
   interp_foreach_lane(l, ip->exec) {
      if (v[l].v[0] != 0)
         mask |= 1u << l;
      exact &= v[l].err[0] == 0;
   }
   uint32_t r[4] = {mask, 0, mask, 0};
   double e = exact ? 0 : INFINITY;
   double err[4] = {e, e, e, e};
   broadcast(ip, r, err);
}

static void
read_lane(struct interp *ip, const struct interp_vec *v, unsigned from,
          bool valid)
{
   struct interp_vec out[SIM_LANES];
   bool certain = group_certain(ip) && valid;
   interp_foreach_lane(l, ip->exec) {
      out[l] = v[from];
      if (!certain) {
         for (unsigned c = 0; c < 4; c++)
            out[l].err[c] = INFINITY;
      }
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_read_first(struct interp *ip)
{
   struct interp_vec v[SIM_LANES];
   if (interp_fetch_src(ip, 0, ip->exec, v))
      read_lane(ip, v, (unsigned)__builtin_ctz(ip->exec), true);
}

static void
op_read_invoc(struct interp *ip)
{
   struct interp_vec v[SIM_LANES], which[SIM_LANES];
   if (!interp_fetch_src(ip, 0, ip->exec, v) ||
       !interp_fetch_src(ip, 1, ip->exec, which))
      return;
   unsigned first = (unsigned)__builtin_ctz(ip->exec);
   uint32_t from = which[first].v[0];
   bool uniform = which[first].err[0] == 0;
   interp_foreach_lane(l, ip->exec)
      uniform &= which[l].v[0] == from && which[l].err[0] == 0;
   bool valid = uniform && from < SIM_LANES && ((ip->exec >> from) & 1);
   if (!valid)
      interp_ub(ip, TGSI_INTERP_UB_UNDEFINED,
                "READ_INVOC of lane %u, which is not running or not uniform",
                from);
   read_lane(ip, v, valid ? from : first, valid);
}

static void
op_read_helper(struct interp *ip)
{
   struct interp_vec out[SIM_LANES];
   interp_foreach_lane(l, ip->exec) {
      uint32_t x = (ip->helper >> l) & 1 ? ~0u : 0u;
      for (unsigned c = 0; c < 4; c++) {
         out[l].v[c] = x;
         out[l].err[c] = 0;
         out[l].res[c] = 0;
         out[l].kind[c] = TGSI_INTERP_WORD_BITS;
      }
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_clock(struct interp *ip)
{
   struct interp_vec out[SIM_LANES];
   interp_foreach_lane(l, ip->exec)
      interp_vec_undefined(&out[l]);
   interp_ub(ip, TGSI_INTERP_UB_UNDEFINED, "CLOCK has no reference value");
   interp_store_dst(ip, 0, ip->exec, out);
}

static const interp_op_fn quad_ops[TGSI_OP_COUNT] = {
   [TGSI_OP_DDX] = op_ddx,
   [TGSI_OP_DDX_FINE] = op_ddx,
   [TGSI_OP_DDY] = op_ddy,
   [TGSI_OP_DDY_FINE] = op_ddy,
   [TGSI_OP_VOTE_ANY] = op_vote,
   [TGSI_OP_VOTE_ALL] = op_vote,
   [TGSI_OP_VOTE_EQ] = op_vote,
   [TGSI_OP_BALLOT] = op_ballot,
   [TGSI_OP_READ_FIRST] = op_read_first,
   [TGSI_OP_READ_INVOC] = op_read_invoc,
   [TGSI_OP_READ_HELPER] = op_read_helper,
   [TGSI_OP_CLOCK] = op_clock,
};

interp_op_fn
interp_quad_op(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT ? quad_ops[opcode] : NULL;
}
