/* SPDX-License-Identifier: MIT */
/*
 * The error model: evaluates one ALU opcode on one lane and works out,
 * for each result channel, how far the other model's result may lawfully
 * be from this one (err, see tgsi_interp.h and docs/testing.md).
 *
 * 1. Propagation.  For each source channel with a finite err, the opcode
 *    is evaluated again with that input moved up and down by its err (to
 *    the nearest representable value inside it); the result channels
 *    move by at most the sum, over inputs, of the larger of the two
 *    moves (first order); an interval holding zero is tried at zero too
 *    (poles), one holding an integer at the floats beside it (FRC's
 *    sawtooth peaks just below one).  With several inexact float
 *    inputs, the corners of the box that push each result channel up
 *    or down are tried too: the sum
 *    misses what moves together add (a product's ea * eb).  Two
 *    operands whose intervals overlap are tried equal too (an equality
 *    changes only where they meet).  A move across a discontinuity (a
 *    comparison, FLR, F2I) shows up as a changed integer or a jump and
 *    makes the channel uncertain (integers) or widens it by the jump
 *    (floats).
 * 2. Dependence.  A source channel whose err is INFINITY (undefined), or
 *    a float with an error read as an integer, cannot be moved by an
 *    amount: it is replaced by a handful of unrelated values, and every
 *    result channel that changes is undefined.  All channels moved that
 *    way (undefined or not) are also moved together (an OR of two
 *    uncertain booleans only changes when both do), two of one channel
 *    apart (an ordering of two unrelated undefined values; -0.0 from
 *    SSG times an undefined odd word), and the two words of a 64-bit
 *    operand apart (a negated pair).  Where the opcode's allowance at
 *    one of those values is unbounded (POW(1, NaN): 1 in C, NaN as
 *    exp2(NaN * 0)), the channel is undefined though its value is the
 *    same.
 * 3. Allowance.  The row's allow function adds what TGSI lets the
 *    opcode itself differ by (transcendentals, MAD, DIV, ...), the
 *    largest at the points rule 1 tried: the other model's result may be
 *    err away, where an ulp is larger.
 * 4. Fusion.  An ADD (or MAD's addend, or a MAD factor whose partner
 *    is +-1) that is not precise may absorb a product that was not
 *    precise (a MUL, or a MAD with a zero addend): it adds that
 *    product's rounding error (the cell's res).
 * 5. Denormals.  An implementation may flush float32 subnormal inputs
 *    and results to zero: if one occurs, the flushed evaluation's
 *    difference is added.
 * 6. A NaN or infinite float result with a positive err is undefined.
 * 7. Inexact algebra.  A float32 operation that is not precise may be
 *    simplified as if zeros had no sign and every value were finite
 *    (x * 0 = 0, x + 0 = x, fma(a, 0, c) = c): a zero result may be
 *    the other zero (err at least the least subnormal), and a NaN or
 *    infinite result of an operation that reads an exact zero (or an
 *    undefined value, which may be one) is undefined (0 * inf may have
 *    been folded away).
 */
#include "tgsi_interp_priv.h"

static bool
is_float(enum tgsi_value_type t)
{
   return t == TGSI_VT_F32 || t == TGSI_VT_F64;
}

double
interp_ulp32(float x)
{
   if (!isfinite(x))
      return 0;
   float a = fabsf(x);
   return (double)nextafterf(a, INFINITY) - (double)a;
}

double
interp_ulp64(double x)
{
   if (!isfinite(x))
      return 0;
   double a = fabs(x);
   return nextafter(a, INFINITY) - a;
}

/* How far result channel c moved between two evaluations. */
static double
deviation(enum tgsi_value_type t, const uint32_t *a, const uint32_t *b,
          unsigned c)
{
   if (t == TGSI_VT_F64) {
      unsigned p = c & ~1u;
      if (a[p] == b[p] && a[p + 1] == b[p + 1])
         return 0;
      double x = interp_d(a[p], a[p + 1]), y = interp_d(b[p], b[p + 1]);
      if (!isfinite(x) || !isfinite(y))
         return INFINITY;
      return x == 0 && y == 0 ? 0x1p-1074 : fabs(x - y);
   }
   if (a[c] == b[c])
      return 0;
   if (t != TGSI_VT_F32)
      return INFINITY;
   float x = bits_to_float(a[c]), y = bits_to_float(b[c]);
   if (!isfinite(x) || !isfinite(y))
      return INFINITY;
   /* +0 against -0: no distance, but the sign is not settled, which the
    * least positive error says (the bits may be read as an integer). */
   if (x == 0 && y == 0)
      return 0x1p-149;
   return fabs((double)x - (double)y);
}

/* x moved by `sign` * e to the farthest float inside the interval;
 * false when no float other than x is. */
static bool
move_f32(float x, double e, int sign, uint32_t *out)
{
   double t = (double)x + sign * e;
   float f = (float)t;
   if (sign > 0 && (double)f > t)
      f = nextafterf(f, -INFINITY);
   if (sign < 0 && (double)f < t)
      f = nextafterf(f, INFINITY);
   /* Bits, not values: a zero moved by less than the least subnormal
    * may still become the other zero. */
   if (float_to_bits(f) == float_to_bits(x) || !isfinite(f))
      return false;
   *out = float_to_bits(f);
   return true;
}

static bool
move_f64(double x, double e, int sign, double *out)
{
   double t = x + sign * e;
   if (t == x || !isfinite(t))
      return false;
   *out = t;
   return true;
}

struct lane_eval {
   const struct alu_row *row;
   const struct alu_io *ref;
   enum tgsi_value_type dst_type;
   double err[4];
   double allow[4]; /* the largest allowance at the points tried */
};

/* Rule 3 applies where the other model's result is: an allowance in
 * ulps at the far end of a wide interval is larger than at this end. */
static void
note_allowance(struct lane_eval *le, const struct alu_io *io)
{
   if (!le->row->allow)
      return;
   for (unsigned c = 0; c < 4; c++) {
      double a = le->row->allow(io, c);
      if (!((io->undef >> c) & 1) && a > le->allow[c])
         le->allow[c] = a;
   }
}

/* Re-evaluates with io's sources and adds the larger deviation of the
 * two moves (kept in `worst`) per channel. */
static void
measure(struct lane_eval *le, struct alu_io *io, double worst[4])
{
   io->undef = 0;
   le->row->eval(io);
   for (unsigned c = 0; c < 4; c++) {
      double d = (io->undef >> c) & 1
                    ? INFINITY
                    : deviation(le->dst_type, le->ref->d, io->d, c);
      if (d > worst[c])
         worst[c] = d;
   }
}

/* measure() for an undefined input given a value of its own: where the
 * opcode's result is anything at all there (the allowance is NaN or
 * infinite: POW(1, NaN) is 1 in C and NaN as exp2(NaN * log2(1))), the
 * result depends on the input whatever the reference evaluation gave. */
static void
measure_free(struct lane_eval *le, struct alu_io *io, double worst[4])
{
   measure(le, io, worst);
   if (!le->row->allow)
      return;
   for (unsigned c = 0; c < 4; c++) {
      if (!isfinite(le->row->allow(io, c)))
         worst[c] = INFINITY;
   }
}

static void
add_worst(struct lane_eval *le, const double worst[4])
{
   for (unsigned c = 0; c < 4; c++)
      le->err[c] += worst[c];
}

static void
perturb_f32(struct lane_eval *le, unsigned i, unsigned c, double e)
{
   double worst[4] = {0, 0, 0, 0};
   float x = bits_to_float(le->ref->s[i][c]);
   for (int sign = -1; sign <= 1; sign += 2) {
      struct alu_io io = *le->ref;
      if (move_f32(x, e, sign, &io.s[i][c])) {
         measure(le, &io, worst);
         note_allowance(le, &io);
      }
   }
   /* An interval around zero also holds zero itself, where DIV, RCP,
    * RSQ, LG2 and POW have their poles: the ends alone would miss it. */
   if (x != 0.0f && fabs((double)x) <= e) {
      static const uint32_t zeros[] = {0x00000000u, 0x80000000u};
      for (unsigned z = 0; z < 2; z++) {
         struct alu_io io = *le->ref;
         io.s[i][c] = zeros[z];
         measure(le, &io, worst);
      }
   }
   /* An interval holding an integer also holds the floats just below it,
    * where FRC (and EXP's fraction) come nearest 1: the ends alone saw
    * the sawtooth's lower values (DIV's 1.0 within 2 ulp: the ends' FRC
    * 0.99999976, the other model's 0.99999994; generator seed 496729372).
    * The outermost integers of the interval, each from both sides; past
    * 2^24 every float is an integer. */
   double lo = (double)x - e, hi = (double)x + e;
   double ends[2] = {ceil(lo), floor(hi)};
   for (unsigned k = 0; k < 2 && isfinite(e); k++) {
      double n = ends[k];
      if (n < lo || n > hi || fabs(n) >= 0x1p24 || (k && n == ends[0]))
         continue;
      float sides[2] = {nextafterf((float)n, -INFINITY),
                        nextafterf((float)n, INFINITY)};
      for (unsigned s = 0; s < 2; s++) {
         if ((double)sides[s] < lo || (double)sides[s] > hi)
            continue;
         struct alu_io io = *le->ref;
         io.s[i][c] = float_to_bits(sides[s]);
         measure(le, &io, worst);
      }
   }
   add_worst(le, worst);
}

static void
perturb_f64(struct lane_eval *le, unsigned i, unsigned p, double e)
{
   double worst[4] = {0, 0, 0, 0};
   double x = interp_d(le->ref->s[i][p], le->ref->s[i][p + 1]);
   for (int sign = -1; sign <= 1; sign += 2) {
      struct alu_io io = *le->ref;
      double y;
      if (move_f64(x, e, sign, &y)) {
         interp_put_d(y, &io.s[i][p], &io.s[i][p + 1]);
         measure(le, &io, worst);
      }
   }
   add_worst(le, worst);
}

/* Values an undefined input is tried with: signs, magnitudes from
 * subnormal to infinite, NaN, small integers, shift counts and bit
 * patterns, so that comparisons, selections, masks and shifts all see a
 * change when they depend on the input. */
static const uint32_t alternatives[] = {
   0x00000000u, 0x80000000u, 0x00000001u, 0x00000002u, 0x00000003u,
   0x00000007u, 0x00000010u, 0x0000001fu, 0x00000020u, 0x00000021u,
   0x3f800000u, 0xbf800000u, 0x3f000000u, 0x40000000u, 0xc0400000u,
   0x447a0000u, 0xc47a0000u, 0x7149f2cau, 0xf149f2cau, 0x7f800000u,
   0xff800000u, 0x7fc00000u, 0x00800000u, 0x7fffffffu, 0xffffffffu,
   0xfffffffeu, 0x55555555u, 0xaaaaaaaau, 0x12345678u, 0x0000ffffu,
   0xffff0000u, 0x80000001u,
};

static void
dependence(struct lane_eval *le, unsigned i, unsigned c)
{
   double worst[4] = {0, 0, 0, 0};
   /* The fixed list, then the other sources' values in the channel and
    * their neighbours: an equality with an operand the list misses
    * (USEQ of a grid size of 4) changes only there. */
   uint32_t tries[sizeof(alternatives) / 4 + 12];
   unsigned n = sizeof(alternatives) / 4;
   memcpy(tries, alternatives, sizeof(alternatives));
   for (unsigned j = 0; j < 4; j++) {
      uint32_t v = le->ref->s[j][c];
      if (j == i)
         continue;
      tries[n++] = v;
      tries[n++] = v + 1;
      tries[n++] = v - 1;
   }
   for (unsigned k = 0; k < n; k++) {
      struct alu_io io = *le->ref;
      io.s[i][c] = tries[k];
      if (io.s[i][c] == le->ref->s[i][c])
         continue;
      measure_free(le, &io, worst);
   }
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] != 0)
         le->err[k] = INFINITY;
   }
}

/* Whether source i's channel c moves as unrelated values (rule 2)
 * rather than by its err: undefined, or a float with an error read as
 * bits (an integer operand), or one whose value is not finite. */
static bool
moves_freely(unsigned op, const struct interp_vec *src, unsigned i,
             unsigned c)
{
   double e = src[i].err[c];
   if (e == 0 || e == INFINITY)
      return e == INFINITY;
   enum tgsi_value_type t = tgsi_op_src_type(op, i);
   if (t == TGSI_VT_F32)
      return !isfinite(bits_to_float(src[i].v[c]));
   if (t == TGSI_VT_F64)
      return src[i].err[c ^ 1] == INFINITY ||
             !isfinite(interp_d(src[i].v[c & ~1u], src[i].v[c | 1]));
   return true;
}

/* Every freely moving source channel at once given each alternative:
 * one at a time misses results that only change when several move
 * together (OR of two uncertain booleans is ~0 while either one is). */
static void
joint_dependence(struct lane_eval *le, unsigned op,
                 const struct interp_vec *src, unsigned n)
{
   unsigned undefined = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned c = 0; c < 4; c++)
         undefined += moves_freely(op, src, i, c);
   }
   if (undefined < 2)
      return;
   double worst[4] = {0, 0, 0, 0};
   for (unsigned k = 0; k < sizeof(alternatives) / 4; k++) {
      struct alu_io io = *le->ref;
      for (unsigned i = 0; i < n; i++) {
         for (unsigned c = 0; c < 4; c++) {
            if (moves_freely(op, src, i, c))
               io.s[i][c] = alternatives[k];
         }
      }
      measure_free(le, &io, worst);
   }
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] != 0)
         le->err[k] = INFINITY;
   }
}

/* A few values of both signs and ends of the ranges, tried in pairs
 * (two operands, or a 64-bit operand's two words). */
static const uint32_t few[] = {0x00000000u, 0x00000001u, 0x7fffffffu,
                               0x80000000u, 0xffffffffu, 0x3f800000u,
                               0xbf800000u, 0x7fc00000u};

/* Two undefined operands of one channel, each given its own value: the
 * joint move above gives them the same one, and each alone is tried
 * against the other's reference value, so an ordering of two unrelated
 * undefined values (USLT of UMOD by zero against IDIV by zero) looked
 * settled. */
static void
cross_dependence(struct lane_eval *le, unsigned op,
                 const struct interp_vec *src, unsigned n)
{
   double worst[4] = {0, 0, 0, 0};
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned i = 0; i < n; i++) {
         for (unsigned j = i + 1; j < n; j++) {
            if (!moves_freely(op, src, i, c) ||
                !moves_freely(op, src, j, c))
               continue;
            for (unsigned a = 0; a < 8; a++) {
               for (unsigned b = 0; b < 8; b++) {
                  struct alu_io io = *le->ref;
                  io.s[i][c] = few[a];
                  io.s[j][c] = few[b];
                  measure_free(le, &io, worst);
               }
            }
         }
      }
   }
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] != 0)
         le->err[k] = INFINITY;
   }
}

/* Both words of an undefined 64-bit operand given values of their own:
 * one at a time, the other keeps its reference word, and together (the
 * joint move) they are equal, so an operand like -(t:t) (low word -t,
 * high word ~t) was never tried, and I64MIN of it against a small value
 * looked settled in its low word. */
static void
pair_dependence(struct lane_eval *le, unsigned op,
                const struct interp_vec *src, unsigned n)
{
   double worst[4] = {0, 0, 0, 0};
   for (unsigned i = 0; i < n; i++) {
      enum tgsi_value_type t = tgsi_op_src_type(op, i);
      if (t != TGSI_VT_I64 && t != TGSI_VT_U64 && t != TGSI_VT_F64)
         continue;
      for (unsigned p = 0; p < 4; p += 2) {
         if (src[i].err[p] != INFINITY || src[i].err[p + 1] != INFINITY)
            continue;
         for (unsigned a = 0; a < 8; a++) {
            for (unsigned b = 0; b < 8; b++) {
               struct alu_io io = *le->ref;
               io.s[i][p] = few[a];
               io.s[i][p + 1] = few[b];
               measure_free(le, &io, worst);
            }
         }
         /* The other operands' values there and their neighbours: an
          * equality (U64SNE of an undefined pair against a uniform)
          * changes only at that value. */
         for (unsigned j = 0; j < n; j++) {
            if (j == i)
               continue;
            uint64_t v = interp_u64(le->ref->s[j][p], le->ref->s[j][p + 1]);
            for (uint64_t w = v - 1; w != v + 2; w++) {
               struct alu_io io = *le->ref;
               io.s[i][p] = (uint32_t)w;
               io.s[i][p + 1] = (uint32_t)(w >> 32);
               measure_free(le, &io, worst);
            }
         }
      }
   }
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] != 0)
         le->err[k] = INFINITY;
   }
}

/* The inexact float inputs of a propagation: (source, channel, err). */
struct inexact {
   unsigned count;
   uint8_t i[16], c[16];
   double e[16];
};

/* Signed change of float result channel k, or NAN if not finite. */
static double
signed_change(const struct alu_io *ref, const struct alu_io *io, unsigned k)
{
   float x = bits_to_float(ref->d[k]), y = bits_to_float(io->d[k]);
   if (((io->undef >> k) & 1) || !isfinite(x) || !isfinite(y))
      return NAN;
   return (double)y - (double)x;
}

/* Every inexact input moved at once, each the way that moves result
 * channel k up (or each the other way). */
static double
corner(struct lane_eval *le, const struct inexact *in, const int *up,
       int sign, unsigned k)
{
   struct alu_io io = *le->ref;
   for (unsigned m = 0; m < in->count; m++) {
      float x = bits_to_float(le->ref->s[in->i[m]][in->c[m]]);
      move_f32(x, in->e[m], sign * up[m], &io.s[in->i[m]][in->c[m]]);
   }
   double worst[4] = {0, 0, 0, 0};
   measure(le, &io, worst);
   note_allowance(le, &io);
   return worst[k];
}

/* Rule 1's first-order sum misses what several inputs moved together
 * add (a product's ea * eb, a quotient's cross term): with two or more
 * inexact inputs, the corners of the box that push each float result
 * channel up and down bound it where the opcode is monotone in each
 * input, as MUL, MAD, DIV, ADD and DP are away from their poles. */
static void
joint_corners(struct lane_eval *le, const struct inexact *in)
{
   if (in->count < 2 || le->dst_type != TGSI_VT_F32)
      return;
   double rise[16][4];
   for (unsigned m = 0; m < in->count; m++) {
      float x = bits_to_float(le->ref->s[in->i[m]][in->c[m]]);
      double d[2][4];
      for (int s = 0; s < 2; s++) {
         struct alu_io io = *le->ref;
         move_f32(x, in->e[m], s ? 1 : -1, &io.s[in->i[m]][in->c[m]]);
         io.undef = 0;
         le->row->eval(&io);
         for (unsigned k = 0; k < 4; k++)
            d[s][k] = signed_change(le->ref, &io, k);
      }
      for (unsigned k = 0; k < 4; k++)
         rise[m][k] = d[1][k] - d[0][k];
   }
   /* Up to 6 inputs that move a result, every corner: which way pushes
    * a product up flips inside the box when its partner's interval
    * holds zero (DP2 of (x, y) and (x, x) with y in [-4.1, 2.2]), so the
    * corners picked by the slopes at the reference point can miss the
    * highest one.  More inputs (DP4 of computed vectors) keep the slope
    * corners: 2^n evaluations per lane would slow every check. */
   unsigned moving[16], n = 0;
   for (unsigned m = 0; m < in->count; m++) {
      /* An input moves a result if it does with the others at rest or
       * with the others moved (x * x at x = 0 moves only together). */
      bool moves = false;
      for (unsigned k = 0; k < 4; k++)
         moves |= rise[m][k] != 0;
      struct alu_io ends[2];
      for (int end = 0; end < 2 && !moves; end++) {
         ends[end] = *le->ref;
         for (unsigned j = 0; j < in->count; j++) {
            float x = bits_to_float(le->ref->s[in->i[j]][in->c[j]]);
            move_f32(x, in->e[j], j == m && !end ? -1 : 1,
                     &ends[end].s[in->i[j]][in->c[j]]);
         }
         ends[end].undef = 0;
         le->row->eval(&ends[end]);
      }
      if (!moves)
         moves = memcmp(ends[0].d, ends[1].d, sizeof(ends[0].d)) != 0;
      if (moves)
         moving[n++] = m;
   }
   if (n >= 2 && n <= 6) {
      double worst[4] = {0, 0, 0, 0};
      for (unsigned corner = 0; corner < (1u << n); corner++) {
         struct alu_io io = *le->ref;
         for (unsigned j = 0; j < n; j++) {
            unsigned m = moving[j];
            float x = bits_to_float(le->ref->s[in->i[m]][in->c[m]]);
            move_f32(x, in->e[m], (corner >> j) & 1 ? 1 : -1,
                     &io.s[in->i[m]][in->c[m]]);
         }
         measure(le, &io, worst);
         note_allowance(le, &io);
      }
      for (unsigned k = 0; k < 4; k++) {
         if (worst[k] > le->err[k] || isnan(worst[k]))
            le->err[k] = isnan(worst[k]) ? INFINITY : worst[k];
      }
   }
   for (unsigned k = 0; k < 4; k++) {
      int up[16];
      for (unsigned m = 0; m < in->count; m++)
         up[m] = rise[m][k] < 0 ? -1 : 1;
      double e = fmax(corner(le, in, up, 1, k), corner(le, in, up, -1, k));
      if (e > le->err[k] || isnan(e))
         le->err[k] = isnan(e) ? INFINITY : e;
   }
}

/* A float inside both [a - ea, a + ea] and [b - eb, b + eb] (their
 * overlap is not empty), as a double; NAN if none is. */
static double
common_point(double a, double ea, double b, double eb, bool f64)
{
   double lo = fmax(a - ea, b - eb), hi = fmin(a + ea, b + eb);
   if (lo > hi)
      return NAN;
   double m = lo + (hi - lo) / 2;
   if (f64)
      return m;
   float f = (float)m;
   if ((double)f < lo)
      f = nextafterf(f, INFINITY);
   if ((double)f > hi)
      f = nextafterf(f, -INFINITY);
   return (double)f >= lo && (double)f <= hi ? (double)f : NAN;
}

/* Rule 1 moves each input to the ends of its interval, where an
 * ordering comparison flips; an equality (SEQ, FSNE, DSEQ, a MIN of two
 * values that may be equal) changes only where the two operands meet,
 * inside both intervals.  So two float operands of one channel whose
 * intervals overlap are also tried equal, at a point of the overlap. */
static void
meeting_points(struct lane_eval *le, unsigned op, const struct interp_vec *src,
               unsigned n)
{
   double worst[4] = {0, 0, 0, 0};
   for (unsigned i = 0; i < n; i++) {
      for (unsigned j = i + 1; j < n; j++) {
         enum tgsi_value_type t = tgsi_op_src_type(op, i);
         if (t != tgsi_op_src_type(op, j) ||
             (t != TGSI_VT_F32 && t != TGSI_VT_F64))
            continue;
         bool f64 = t == TGSI_VT_F64;
         for (unsigned c = 0; c < 4; c += f64 ? 2 : 1) {
            double ea = src[i].err[c], eb = src[j].err[c];
            if (f64) {
               ea = fmax(ea, src[i].err[c + 1]);
               eb = fmax(eb, src[j].err[c + 1]);
            }
            if ((ea == 0 && eb == 0) || ea == INFINITY || eb == INFINITY)
               continue;
            const uint32_t *va = le->ref->s[i], *vb = le->ref->s[j];
            double a = f64 ? interp_d(va[c], va[c + 1])
                           : (double)bits_to_float(va[c]);
            double b = f64 ? interp_d(vb[c], vb[c + 1])
                           : (double)bits_to_float(vb[c]);
            if (!isfinite(a) || !isfinite(b) || a == b)
               continue;
            double m = common_point(a, ea, b, eb, f64);
            if (isnan(m))
               continue;
            struct alu_io io = *le->ref;
            if (f64) {
               interp_put_d(m, &io.s[i][c], &io.s[i][c + 1]);
               interp_put_d(m, &io.s[j][c], &io.s[j][c + 1]);
            } else {
               io.s[i][c] = io.s[j][c] = float_to_bits((float)m);
            }
            measure(le, &io, worst);
         }
      }
   }
   for (unsigned k = 0; k < 4; k++) {
      if (worst[k] > le->err[k])
         le->err[k] = worst[k];
   }
}

static void
propagate(struct lane_eval *le, unsigned op, const struct interp_vec *src,
          unsigned n)
{
   struct inexact in = {.count = 0};
   joint_dependence(le, op, src, n);
   cross_dependence(le, op, src, n);
   pair_dependence(le, op, src, n);
   for (unsigned i = 0; i < n; i++) {
      enum tgsi_value_type t = tgsi_op_src_type(op, i);
      for (unsigned c = 0; c < 4; c++) {
         double e = src[i].err[c];
         if (e == 0)
            continue;
         if (moves_freely(op, src, i, c)) {
            dependence(le, i, c);
         } else if (t == TGSI_VT_F32) {
            if (in.count < 16) {
               in.i[in.count] = (uint8_t)i;
               in.c[in.count] = (uint8_t)c;
               in.e[in.count++] = e;
            }
            perturb_f32(le, i, c, e);
         } else if (!(c & 1)) {
            perturb_f64(le, i, c, e); /* both words, from the low one */
         }
      }
   }
   joint_corners(le, &in);
   meeting_points(le, op, src, n);
}

static bool
subnormal(float f)
{
   return f != 0.0f && fabsf(f) < 0x1p-126f;
}

static uint32_t
flush(uint32_t v)
{
   return subnormal(bits_to_float(v)) ? v & 0x80000000u : v;
}

/* Rule 5: the evaluation an implementation that flushes would make. */
static void
flush_denormals(struct lane_eval *le, unsigned op, unsigned n)
{
   bool any = false;
   struct alu_io io = *le->ref;
   for (unsigned i = 0; i < n; i++) {
      if (tgsi_op_src_type(op, i) != TGSI_VT_F32)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         any |= subnormal(bits_to_float(io.s[i][c]));
         io.s[i][c] = flush(io.s[i][c]);
      }
   }
   if (le->dst_type == TGSI_VT_F32) {
      for (unsigned c = 0; c < 4; c++)
         any |= subnormal(bits_to_float(le->ref->d[c]));
   }
   if (!any)
      return;
   io.undef = 0;
   le->row->eval(&io);
   for (unsigned c = 0; c < 4; c++) {
      uint32_t d = le->dst_type == TGSI_VT_F32 ? flush(io.d[c]) : io.d[c];
      uint32_t flushed[4] = {io.d[0], io.d[1], io.d[2], io.d[3]};
      flushed[c] = d;
      le->err[c] += deviation(le->dst_type, le->ref->d, flushed, c);
   }
}

/* The rounding error of a product an ADD may later fuse (rule 4). */
static double
product_residual(enum tgsi_value_type t, const struct alu_io *io,
                 unsigned c)
{
   if (t == TGSI_VT_F32) {
      double exact = (double)bits_to_float(io->s[0][c]) *
                     (double)bits_to_float(io->s[1][c]);
      double r = fabs(exact - (double)bits_to_float(io->d[c]));
      return isfinite(r) ? r : 0;
   }
   unsigned p = c & ~1u;
   double a = interp_d(io->s[0][p], io->s[0][p + 1]);
   double b = interp_d(io->s[1][p], io->s[1][p + 1]);
   double r = fabs(fma(a, b, -interp_d(io->d[p], io->d[p + 1])));
   return isfinite(r) ? r : 0;
}

static bool
nonfinite(enum tgsi_value_type t, const uint32_t *d, unsigned c)
{
   if (t == TGSI_VT_F32)
      return !isfinite(bits_to_float(d[c]));
   if (t == TGSI_VT_F64)
      return !isfinite(interp_d(d[c & ~1u], d[c | 1]));
   return false;
}

static uint8_t
word_kind(enum tgsi_value_type t, unsigned c)
{
   if (t == TGSI_VT_F32)
      return TGSI_INTERP_WORD_F32;
   if (t == TGSI_VT_F64)
      return c & 1 ? TGSI_INTERP_WORD_F64_HI : TGSI_INTERP_WORD_F64_LO;
   return TGSI_INTERP_WORD_BITS;
}

/* Opcodes that move bits: the chosen source's cell goes along. */
static void
copy_lane(const struct alu_row *row, const struct interp_vec *src,
          const struct alu_io *io, struct interp_vec *dst)
{
   for (unsigned c = 0; c < 4; c++) {
      int from = row->select(src, c);
      dst->v[c] = io->d[c];
      if (from < 0) {
         dst->err[c] = INFINITY;
         dst->res[c] = 0;
         dst->kind[c] = TGSI_INTERP_WORD_BITS;
      } else {
         dst->err[c] = src[from].err[c];
         dst->res[c] = src[from].res[c];
         dst->kind[c] = src[from].kind[c];
         dst->pair[c] = src[from].pair[c];
      }
   }
}

static double
result_ulp(enum tgsi_value_type t, const struct alu_io *io, unsigned c)
{
   if (t == TGSI_VT_F64)
      return interp_ulp64(interp_d(io->d[c & ~1u], io->d[c | 1]));
   return interp_ulp32(bits_to_float(io->d[c]));
}

/* Is channel c of source i exactly `v` (as the row's float type)? */
static bool
source_is(enum tgsi_value_type t, const struct alu_io *io, unsigned i,
          unsigned c, double v)
{
   if (t == TGSI_VT_F64)
      return fabs(interp_d(io->s[i][c & ~1u], io->s[i][c | 1])) == v;
   return fabs((double)bits_to_float(io->s[i][c])) == v;
}

/* Rule 4: the products this operation may absorb. */
static void
fuse(const struct alu_row *row, enum tgsi_value_type t,
     const struct alu_io *io, const struct interp_vec *src, double *err)
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned i = 0; i < 3; i++) {
         bool addend = row->flags & (ALU_FUSE_SRC0 << i);
         if ((row->flags & ALU_MAD_FORMS) && i < 2)
            addend = source_is(t, io, 1 - i, c, 1.0);
         /* The fused sum rounds once from a point res away: it may
          * also land on the neighbouring value. */
         if (addend && src[i].res[c] > 0)
            err[c] += src[i].res[c] + result_ulp(t, io, c);
      }
   }
}

/* Rule 7, for an operation that is not precise.  An undefined source
 * may be an exact zero too: a compiler may give it that value and fold
 * (fma(NaN, undef, c) = c). */
static void
inexact_algebra(struct lane_eval *le, const struct interp_vec *src,
                unsigned op, unsigned n)
{
   if (le->dst_type != TGSI_VT_F32 || tgsi_op_src_type(op, 0) != TGSI_VT_F32)
      return;
   const struct alu_io *io = le->ref;
   /* The undefined channels each result channel reads: its own for a
    * per-component opcode, any otherwise. */
   bool comp = tgsi_op_info(op)->output_mode == TGSI_OUT_COMP;
   bool reads_zero = false;
   unsigned undefined = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned c = 0; c < 4; c++) {
         reads_zero |= (io->s[i][c] & 0x7fffffffu) == 0;
         if (src[i].err[c] == INFINITY)
            undefined |= comp ? 1u << c : 0xfu;
      }
   }
   for (unsigned c = 0; c < 4; c++) {
      bool maybe_zero = reads_zero || ((undefined >> c) & 1);
      if ((io->d[c] & 0x7fffffffu) == 0)
         le->err[c] = fmax(le->err[c], 0x1p-149);
      else if (maybe_zero && nonfinite(TGSI_VT_F32, io->d, c))
         le->err[c] = INFINITY;
   }
}

static void
finish(const struct interp *ip, const struct lane_eval *le,
       const struct alu_io *io, struct interp_vec *dst)
{
   const struct alu_row *row = le->row;
   bool residual = (row->flags & ALU_MUL_RESIDUAL) && !ip->insn->precise;
   /* A MAD is a product only with a zero addend. */
   bool mad = row->flags & ALU_MAD_FORMS;
   for (unsigned c = 0; c < 4; c++) {
      double e = le->err[c];
      if ((io->undef >> c) & 1 || isnan(e))
         e = INFINITY;
      if (e > 0 && nonfinite(le->dst_type, io->d, c))
         e = INFINITY;
      dst->v[c] = io->d[c];
      dst->err[c] = e;
      bool product = residual &&
                     (!mad || source_is(le->dst_type, io, 2, c, 0.0));
      dst->res[c] = product ? product_residual(le->dst_type, io, c) : 0;
      dst->kind[c] = word_kind(le->dst_type, c);
      dst->pair[c] = interp_double_id(ip, c);
   }
   if (le->dst_type == TGSI_VT_F64) {
      /* Both words of a double carry the double's err. */
      for (unsigned p = 0; p < 4; p += 2) {
         double e = fmax(dst->err[p], dst->err[p + 1]);
         dst->err[p] = dst->err[p + 1] = e;
      }
   }
}

unsigned
interp_alu_lane(const struct interp *ip, const struct alu_row *row,
                const struct interp_vec *src, struct interp_vec *dst)
{
   unsigned op = ip->insn->opcode;
   unsigned n = ip->insn->num_src < 4 ? ip->insn->num_src : 4;
   struct alu_io io;
   memset(&io, 0, sizeof(io));
   io.mul_zero_wins = ip->mul_zero_wins;
   for (unsigned i = 0; i < n; i++)
      memcpy(io.s[i], src[i].v, sizeof(io.s[i]));
   row->eval(&io);
   if (row->select) {
      copy_lane(row, src, &io, dst);
      return io.undef ? io.undef_kind : 0;
   }
   struct lane_eval le = {.row = row, .ref = &io,
                          .dst_type = tgsi_op_dst_type(op, 0)};
   propagate(&le, op, src, n);
   if (row->allow) {
      /* A NaN allowance (the opcode on a NaN: any result) stays NaN,
       * which fmax would drop, claiming the result exact. */
      for (unsigned c = 0; c < 4; c++) {
         double a = row->allow(&io, c);
         le.err[c] += isnan(a) ? a : fmax(a, le.allow[c]);
      }
   }
   if (!ip->insn->precise) {
      fuse(row, le.dst_type, &io, src, le.err);
      inexact_algebra(&le, src, op, n);
   }
   if (is_float(le.dst_type) || tgsi_op_src_type(op, 0) == TGSI_VT_F32)
      flush_denormals(&le, op, n);
   finish(ip, &le, &io, dst);
   return io.undef ? io.undef_kind : 0;
}
