/* SPDX-License-Identifier: MIT */
/*
 * Arithmetic, logic, comparison and conversion opcodes: a table with one
 * row per opcode, giving the IR operation and how channels map.
 *
 * 1. Per-channel opcodes apply their operation to the same channel of each
 *    source for every channel the write mask enables.
 * 2. Replicating opcodes (RCP, DP4, POW, ...) compute one value from the
 *    .x channels (or the dot product) and write it to every enabled
 *    channel.
 * 3. 64-bit integer opcodes work on channel pairs: source .xy/.zw hold the
 *    low/high words of two values; results go to .xy/.zw, except
 *    comparisons (to .x/.z) and conversions to float (to .x/.y).
 * 4. `precise` opcodes mark their float instructions so that no pass
 *    fuses or reassociates them.
 * 5. MAD may round once (tgsi.rst), so it is an FMA; MUL and ADD stay
 *    separate (opt_fma fuses them unless precise).
 * 6. Double-precision opcodes are from_tgsi_double.c's.
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  generic IR for every opcode in the table.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

struct t_alu_row;
typedef void (*t_alu_fn)(struct tgsi_to_ir *t, const struct t_alu_row *row);

struct t_alu_row {
   t_alu_fn fn;
   uint8_t op;      /* enum ir_op */
   uint8_t cond;    /* comparisons */
   uint8_t type;    /* enum ir_cmptype */
   uint8_t boolfmt; /* enum ir_boolfmt */
};

/* Marks float instructions of precise opcodes. */
static struct ir_ref
mark(struct tgsi_to_ir *t, struct ir_ref r)
{
   if (t->insn->precise && r.kind == IR_REF_VALUE)
      ir_value(t->s, r.index)->def->flags |= IR_INSTR_PRECISE;
   return r;
}

static struct ir_ref
op1(struct tgsi_to_ir *t, enum ir_op op, struct ir_ref a)
{
   return mark(t, ir_alu1(&t->b, op, a));
}

static struct ir_ref
op2(struct tgsi_to_ir *t, enum ir_op op, struct ir_ref a, struct ir_ref b)
{
   return mark(t, ir_alu2(&t->b, op, a, b));
}

static struct ir_ref
op3(struct tgsi_to_ir *t, enum ir_op op, struct ir_ref a, struct ir_ref b,
    struct ir_ref c)
{
   return mark(t, ir_alu3(&t->b, op, a, b, c));
}

#define foreach_chan(t, c)                                                   \
   for (unsigned c = 0; c < 4; c++)                                          \
      if (t_writemask(t, 0) & (1u << c))

/* ---------------------------------------------------------------------
 * Per-channel and replicated operations
 */

static void
per_channel(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   unsigned n = t->insn->num_src;
   foreach_chan(t, c) {
      struct ir_ref s[4];
      for (unsigned i = 0; i < n; i++)
         s[i] = t_src(t, i, c);
      struct ir_instr *I = ir_build(&t->b, (enum ir_op)row->op, 32, n, s);
      if (t->insn->precise)
         I->flags |= IR_INSTR_PRECISE;
      t_dst(t, 0, c, I->dst);
   }
}

static void
compare(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   foreach_chan(t, c) {
      struct ir_ref a = t_src(t, 0, c), b = t_src(t, 1, c);
      struct ir_ref r =
         row->type == IR_CMP_F
            ? ir_fcmp(&t->b, row->cond, row->boolfmt, a, b)
            : ir_icmp(&t->b, row->type, row->cond, a, b);
      t_dst(t, 0, c, mark(t, r));
   }
}

static void
replicate(struct tgsi_to_ir *t, struct ir_ref v)
{
   foreach_chan(t, c)
      t_dst(t, 0, c, v);
}

static void
scalar(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   replicate(t, op1(t, row->op, t_src(t, 0, 0)));
}

static void
pow_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   struct ir_ref l = op1(t, IR_OP_FLOG2, t_src(t, 0, 0));
   replicate(t, op1(t, IR_OP_FEXP2, op2(t, IR_OP_FMUL, l, t_src(t, 1, 0))));
}

/* DP2, DP3, DP4: row->op holds the number of channels. */
static void
dot(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   struct ir_ref b = t_src(t, 1, 0), a = t_src(t, 0, 0);
   struct ir_ref acc = op2(t, IR_OP_FMUL, a, b);
   for (unsigned c = 1; c < row->op; c++) {
      b = t_src(t, 1, c);
      a = t_src(t, 0, c);
      acc = op3(t, IR_OP_FMA, a, b, acc);
   }
   replicate(t, acc);
}

/* ---------------------------------------------------------------------
 * Opcodes with formulas of their own
 */

/* No instruction: the variable takes the source itself (t_dst makes a
 * MOV only for a modifier or saturate).  A MOV per channel made
 * instructions only for copy propagation to remove again: 3.5% of a
 * median compile. */
static void
mov(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c)
      t_dst(t, 0, c, t_src(t, 0, c));
}

static void
div_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c) {
      struct ir_ref r = op1(t, IR_OP_FRCP, t_src(t, 1, c));
      t_dst(t, 0, c, op2(t, IR_OP_FMUL, t_src(t, 0, c), r));
   }
}

static void
frc(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c) {
      struct ir_ref x = t_src(t, 0, c);
      struct ir_ref f = op1(t, IR_OP_FFLOOR, x);
      t_dst(t, 0, c, op2(t, IR_OP_FADD, x, ir_neg(f)));
   }
}

/* s0 * s1 + (1 - s0) * s2 */
static void
lrp(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c) {
      struct ir_ref a = t_src(t, 0, c), s2 = t_src(t, 2, c);
      struct ir_ref rest = op3(t, IR_OP_FMA, ir_neg(a), s2, s2);
      t_dst(t, 0, c, op3(t, IR_OP_FMA, a, t_src(t, 1, c), rest));
   }
}

/* CMP: s0 < 0 ? s1 : s2; UCMP: s0 != 0 ? s1 : s2. */
static void
select_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   foreach_chan(t, c) {
      struct ir_ref y = t_src(t, 2, c), x = t_src(t, 1, c);
      struct ir_ref cond = t_src(t, 0, c);
      struct ir_ref r =
         ir_csel(&t->b, row->type, row->cond, cond, ir_imm(0), x, y);
      t_dst(t, 0, c, r);
   }
}

static void
ssg(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c) {
      struct ir_ref x = t_src(t, 0, c);
      bool negate = x.mods & IR_MOD_NEG;
      x.mods &= (uint8_t)~IR_MOD_NEG;
      /* SSG(|x|) is |x| > 0 as 1.0/0.0, one comparison that takes the
       * modifier (a select cannot); SSG(-|x|) its negation, whose zero
       * is -0: only a precise SSG must give +0 there. */
      if ((x.mods & IR_MOD_ABS) && (!negate || !t->insn->precise)) {
         struct ir_ref r = ir_fcmp(&t->b, IR_COND_GT, IR_BOOL_F1, x,
                                   ir_imm(0));
         if (negate)
            r.mods |= IR_MOD_NEG;
         t_dst(t, 0, c, r);
         continue;
      }
      /* SSG(-x) = -SSG(x): the arms swap, exactly (NaN and zeros give
       * +0 either way). */
      float one = negate ? -1.0f : 1.0f;
      struct ir_ref neg = ir_csel(&t->b, IR_CMP_F, IR_COND_LT, x, ir_imm(0),
                                  t_f(-one), t_f(0.0f));
      t_dst(t, 0, c, ir_csel(&t->b, IR_CMP_F, IR_COND_GT, x, ir_imm(0),
                             t_f(one), neg));
   }
}

/* UMAD: a * b + c on integers. */
static void
umad(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   foreach_chan(t, c) {
      struct ir_ref b = t_src(t, 1, c), a = t_src(t, 0, c);
      struct ir_ref m = op2(t, IR_OP_IMUL, a, b);
      t_dst(t, 0, c, op2(t, IR_OP_IADD, m, t_src(t, 2, c)));
   }
}

/* ARL (floor), ARR (round), UARL (integer already). */
static void
arl(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   foreach_chan(t, c) {
      struct ir_ref x = t_src(t, 0, c);
      if (row->op != IR_OP_MOV)
         x = op1(t, IR_OP_F2I, op1(t, row->op, x));
      t_dst(t, 0, c, x);
   }
}

/* Index of the highest set bit, -1 for 0 (31 - clz gives -1 for 0). */
static struct ir_ref
umsb(struct tgsi_to_ir *t, struct ir_ref x)
{
   return ir_alu2(&t->b, IR_OP_ISUB, ir_imm(31), ir_alu1(&t->b, IR_OP_CLZ, x));
}

static void
bitscan(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   foreach_chan(t, c) {
      struct ir_ref x = t_src(t, 0, c), r;
      switch (row->op) {
      case 0: /* LSB: the lowest set bit alone, then its index */
         r = umsb(t, ir_alu2(&t->b, IR_OP_AND, x,
                             ir_alu1(&t->b, IR_OP_INEG, x)));
         break;
      case 1: /* IMSB: highest bit that differs from the sign */
         r = umsb(t, ir_alu2(&t->b, IR_OP_XOR, x,
                             ir_alu2(&t->b, IR_OP_ISHR, x, ir_imm(31))));
         break;
      default: /* UMSB */
         r = umsb(t, x);
         break;
      }
      t_dst(t, 0, c, r);
   }
}

static void
lit(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   unsigned m = t_writemask(t, 0);
   struct ir_ref x = t_src(t, 0, 0);
   if (m & 1)
      t_dst(t, 0, 0, t_f(1.0f));
   if (m & 2)
      t_dst(t, 0, 1, op2(t, IR_OP_FMAX, x, ir_imm(0)));
   if (m & 4) {
      struct ir_ref y = op2(t, IR_OP_FMAX, t_src(t, 0, 1), ir_imm(0));
      struct ir_ref w = op2(t, IR_OP_FMIN,
                            op2(t, IR_OP_FMAX, t_src(t, 0, 3),
                                t_f(-128.0f)),
                            t_f(128.0f));
      struct ir_ref p = op1(t, IR_OP_FEXP2,
                            op2(t, IR_OP_FMUL, op1(t, IR_OP_FLOG2, y), w));
      t_dst(t, 0, 2, ir_csel(&t->b, IR_CMP_F, IR_COND_GT, x, ir_imm(0), p,
                             ir_imm(0)));
   }
   if (m & 8)
      t_dst(t, 0, 3, t_f(1.0f));
}

static void
dst_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   unsigned m = t_writemask(t, 0);
   if (m & 1)
      t_dst(t, 0, 0, t_f(1.0f));
   if (m & 2) {
      struct ir_ref b = t_src(t, 1, 1), a = t_src(t, 0, 1);
      t_dst(t, 0, 1, op2(t, IR_OP_FMUL, a, b));
   }
   if (m & 4)
      t_dst(t, 0, 2, ir_mov(&t->b, t_src(t, 0, 2)));
   if (m & 8)
      t_dst(t, 0, 3, ir_mov(&t->b, t_src(t, 1, 3)));
}

/* EXP: (2^floor(x), x - floor(x), 2^x, 1). */
static void
exp_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   unsigned m = t_writemask(t, 0);
   struct ir_ref x = t_src(t, 0, 0);
   struct ir_ref fl = op1(t, IR_OP_FFLOOR, x);
   if (m & 1)
      t_dst(t, 0, 0, op1(t, IR_OP_FEXP2, fl));
   if (m & 2)
      t_dst(t, 0, 1, op2(t, IR_OP_FADD, x, ir_neg(fl)));
   if (m & 4)
      t_dst(t, 0, 2, op1(t, IR_OP_FEXP2, x));
   if (m & 8)
      t_dst(t, 0, 3, t_f(1.0f));
}

/* LOG: (floor(log2|x|), |x| / 2^floor(log2|x|), log2|x|, 1). */
static void
log_(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   unsigned m = t_writemask(t, 0);
   struct ir_ref ax = ir_abs(t_src(t, 0, 0));
   struct ir_ref l = op1(t, IR_OP_FLOG2, ax);
   struct ir_ref fl = op1(t, IR_OP_FFLOOR, l);
   if (m & 1)
      t_dst(t, 0, 0, fl);
   if (m & 2) {
      struct ir_ref scale = op1(t, IR_OP_FEXP2, ir_neg(fl));
      t_dst(t, 0, 1, op2(t, IR_OP_FMUL, ax, scale));
   }
   if (m & 4)
      t_dst(t, 0, 2, l);
   if (m & 8)
      t_dst(t, 0, 3, t_f(1.0f));
}

/* ---------------------------------------------------------------------
 * 64-bit integers
 */

static void
per_pair(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   unsigned n = t->insn->num_src;
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (3u << (2 * p))))
         continue;
      struct ir_ref s[3];
      for (unsigned i = 0; i < n; i++) {
         /* Shift counts are 32-bit channels .x / .y. */
         bool count = (row->op == IR_OP_SHL || row->op == IR_OP_ISHR ||
                       row->op == IR_OP_USHR) && i == 1;
         s[i] = count ? t_src(t, i, p) : t_src64(t, i, p);
      }
      if (row->op == IR_OP_SHL || row->op == IR_OP_ISHR ||
          row->op == IR_OP_USHR)
         s[1] = ir_alu2(&t->b, IR_OP_AND, s[1], ir_imm(63));
      struct ir_instr *I = ir_build(&t->b, (enum ir_op)row->op, 64, n, s);
      t_dst64(t, 0, p, I->dst);
   }
}

static void
compare64(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (1u << (2 * p))))
         continue;
      struct ir_ref b = t_src64(t, 1, p), a = t_src64(t, 0, p);
      struct ir_ref r = ir_icmp(&t->b, row->type, row->cond, a, b);
      t_dst(t, 0, 2 * p, r);
   }
}

/* I2I64, U2I64, F2I64, F2U64: 32-bit channel p to the pair p. */
static void
widen64(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (3u << (2 * p))))
         continue;
      struct ir_ref x = t_src(t, 0, p);
      struct ir_instr *I = ir_build(&t->b, (enum ir_op)row->op, 64, 1, &x);
      t_dst64(t, 0, p, I->dst);
   }
}

/* I642F, U642F: the pair p to 32-bit channel p. */
static void
narrow64(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   for (unsigned p = 0; p < 2; p++) {
      if (!(t_writemask(t, 0) & (1u << p)))
         continue;
      struct ir_ref x = t_src64(t, 0, p);
      t_dst(t, 0, p, ir_build(&t->b, (enum ir_op)row->op, 32, 1, &x)->dst);
   }
}

static void
derivative(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   if (t->s->stage != IR_STAGE_FRAGMENT)
      t_error(t, "derivatives outside a fragment shader");
   t->layout->uses_derivatives = true;
   foreach_chan(t, c) {
      struct ir_ref x = t_src(t, 0, c);
      struct ir_instr *I = ir_build(&t->b, (enum ir_op)row->op, 32, 1, &x);
      if (row->cond)
         I->flags |= IR_INSTR_FINE;
      t_dst(t, 0, c, I->dst);
   }
}

static void
kill(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   t_kill(t, row->op != 0);
}

static void
barrier(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   if (t->s->stage != IR_STAGE_COMPUTE)
      t_unsupported(t, "BARRIER outside a compute shader");
   t_va(&t->b, VA_OP_BARRIER, 0, NULL, 0);
   t->layout->uses_barrier = true;
}

/* MEMBAR orders this invocation's memory accesses; the back end never
 * reorders memory instructions, so nothing is emitted. */
static void
membar(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)t;
   (void)row;
}

static void
interp(struct tgsi_to_ir *t, const struct t_alu_row *row)
{
   (void)row;
   t_interp(t);
}

/* ---------------------------------------------------------------------
 * The table
 */

#define PC(o) {per_channel, IR_OP_##o, 0, 0, 0}
#define FC(c, f) {compare, 0, IR_COND_##c, IR_CMP_F, IR_BOOL_##f}
#define IC(c, ty) {compare, 0, IR_COND_##c, IR_CMP_##ty, IR_BOOL_M1}
#define SC(o) {scalar, IR_OP_##o, 0, 0, 0}
#define P64(o) {per_pair, IR_OP_##o, 0, 0, 0}
#define C64(c, ty) {compare64, 0, IR_COND_##c, IR_CMP_##ty, 0}

static const struct t_alu_row alu_rows[TGSI_OP_COUNT] = {
   [TGSI_OP_MOV] = {mov, 0, 0, 0, 0},
   [TGSI_OP_ADD] = PC(FADD),
   [TGSI_OP_MUL] = PC(FMUL),
   [TGSI_OP_MAD] = PC(FMA),
   [TGSI_OP_FMA] = PC(FMA),
   [TGSI_OP_MIN] = PC(FMIN),
   [TGSI_OP_MAX] = PC(FMAX),
   [TGSI_OP_FLR] = PC(FFLOOR),
   [TGSI_OP_CEIL] = PC(FCEIL),
   [TGSI_OP_TRUNC] = PC(FTRUNC),
   [TGSI_OP_ROUND] = PC(FROUND),
   [TGSI_OP_LDEXP] = PC(FLDEXP),
   [TGSI_OP_UADD] = PC(IADD),
   [TGSI_OP_UMUL] = PC(IMUL),
   [TGSI_OP_IMUL_HI] = PC(IMULHI),
   [TGSI_OP_UMUL_HI] = PC(UMULHI),
   [TGSI_OP_IDIV] = PC(IDIV),
   [TGSI_OP_UDIV] = PC(UDIV),
   [TGSI_OP_MOD] = PC(IREM),
   [TGSI_OP_UMOD] = PC(UREM),
   [TGSI_OP_AND] = PC(AND),
   [TGSI_OP_OR] = PC(OR),
   [TGSI_OP_XOR] = PC(XOR),
   [TGSI_OP_NOT] = PC(NOT),
   [TGSI_OP_SHL] = PC(SHL),
   [TGSI_OP_ISHR] = PC(ISHR),
   [TGSI_OP_USHR] = PC(USHR),
   [TGSI_OP_IMAX] = PC(IMAX),
   [TGSI_OP_IMIN] = PC(IMIN),
   [TGSI_OP_UMAX] = PC(UMAX),
   [TGSI_OP_UMIN] = PC(UMIN),
   [TGSI_OP_IABS] = PC(IABS),
   [TGSI_OP_INEG] = PC(INEG),
   [TGSI_OP_ISSG] = PC(ISIGN),
   [TGSI_OP_I2F] = PC(I2F),
   [TGSI_OP_U2F] = PC(U2F),
   [TGSI_OP_F2I] = PC(F2I),
   [TGSI_OP_F2U] = PC(F2U),
   [TGSI_OP_BREV] = PC(BREV),
   [TGSI_OP_POPC] = PC(POPC),
   [TGSI_OP_BFI] = PC(BFI),
   [TGSI_OP_IBFE] = PC(IBFE),
   [TGSI_OP_UBFE] = PC(UBFE),
   [TGSI_OP_DDX] = {derivative, IR_OP_FDDX, 0, 0, 0},
   [TGSI_OP_DDY] = {derivative, IR_OP_FDDY, 0, 0, 0},
   [TGSI_OP_DDX_FINE] = {derivative, IR_OP_FDDX, 1, 0, 0},
   [TGSI_OP_DDY_FINE] = {derivative, IR_OP_FDDY, 1, 0, 0},
   [TGSI_OP_SEQ] = FC(EQ, F1),
   [TGSI_OP_SNE] = FC(NE, F1),
   [TGSI_OP_SLT] = FC(LT, F1),
   [TGSI_OP_SGE] = FC(GE, F1),
   [TGSI_OP_SGT] = FC(GT, F1),
   [TGSI_OP_SLE] = FC(LE, F1),
   [TGSI_OP_FSEQ] = FC(EQ, M1),
   [TGSI_OP_FSNE] = FC(NE, M1),
   [TGSI_OP_FSLT] = FC(LT, M1),
   [TGSI_OP_FSGE] = FC(GE, M1),
   [TGSI_OP_USEQ] = IC(EQ, U),
   [TGSI_OP_USNE] = IC(NE, U),
   [TGSI_OP_USLT] = IC(LT, U),
   [TGSI_OP_USGE] = IC(GE, U),
   [TGSI_OP_ISLT] = IC(LT, S),
   [TGSI_OP_ISGE] = IC(GE, S),
   [TGSI_OP_CMP] = {select_, 0, IR_COND_LT, IR_CMP_F, 0},
   [TGSI_OP_UCMP] = {select_, 0, IR_COND_NE, IR_CMP_U, 0},
   [TGSI_OP_SSG] = {ssg, 0, 0, 0, 0},
   [TGSI_OP_RCP] = SC(FRCP),
   [TGSI_OP_RSQ] = SC(FRSQ),
   [TGSI_OP_SQRT] = SC(FSQRT),
   [TGSI_OP_EX2] = SC(FEXP2),
   [TGSI_OP_LG2] = SC(FLOG2),
   [TGSI_OP_SIN] = SC(FSIN),
   [TGSI_OP_COS] = SC(FCOS),
   [TGSI_OP_POW] = {pow_, 0, 0, 0, 0},
   [TGSI_OP_DP2] = {dot, 2, 0, 0, 0},
   [TGSI_OP_DP3] = {dot, 3, 0, 0, 0},
   [TGSI_OP_DP4] = {dot, 4, 0, 0, 0},
   [TGSI_OP_DIV] = {div_, 0, 0, 0, 0},
   [TGSI_OP_FRC] = {frc, 0, 0, 0, 0},
   [TGSI_OP_LRP] = {lrp, 0, 0, 0, 0},
   [TGSI_OP_UMAD] = {umad, 0, 0, 0, 0},
   [TGSI_OP_ARL] = {arl, IR_OP_FFLOOR, 0, 0, 0},
   [TGSI_OP_ARR] = {arl, IR_OP_FROUND, 0, 0, 0},
   [TGSI_OP_UARL] = {arl, IR_OP_MOV, 0, 0, 0},
   [TGSI_OP_LSB] = {bitscan, 0, 0, 0, 0},
   [TGSI_OP_IMSB] = {bitscan, 1, 0, 0, 0},
   [TGSI_OP_UMSB] = {bitscan, 2, 0, 0, 0},
   [TGSI_OP_LIT] = {lit, 0, 0, 0, 0},
   [TGSI_OP_DST] = {dst_, 0, 0, 0, 0},
   [TGSI_OP_EXP] = {exp_, 0, 0, 0, 0},
   [TGSI_OP_LOG] = {log_, 0, 0, 0, 0},
   [TGSI_OP_U64ADD] = P64(IADD),
   [TGSI_OP_U64MUL] = P64(IMUL),
   [TGSI_OP_U64DIV] = P64(UDIV),
   [TGSI_OP_I64DIV] = P64(IDIV),
   [TGSI_OP_U64MOD] = P64(UREM),
   [TGSI_OP_I64MOD] = P64(IREM),
   [TGSI_OP_U64MIN] = P64(UMIN),
   [TGSI_OP_U64MAX] = P64(UMAX),
   [TGSI_OP_I64MIN] = P64(IMIN),
   [TGSI_OP_I64MAX] = P64(IMAX),
   [TGSI_OP_I64ABS] = P64(IABS),
   [TGSI_OP_I64NEG] = P64(INEG),
   [TGSI_OP_I64SSG] = P64(ISIGN),
   [TGSI_OP_U64SHL] = P64(SHL),
   [TGSI_OP_I64SHR] = P64(ISHR),
   [TGSI_OP_U64SHR] = P64(USHR),
   [TGSI_OP_U64SEQ] = C64(EQ, U),
   [TGSI_OP_U64SNE] = C64(NE, U),
   [TGSI_OP_U64SLT] = C64(LT, U),
   [TGSI_OP_U64SGE] = C64(GE, U),
   [TGSI_OP_I64SLT] = C64(LT, S),
   [TGSI_OP_I64SGE] = C64(GE, S),
   [TGSI_OP_I2I64] = {widen64, IR_OP_I2I64, 0, 0, 0},
   [TGSI_OP_U2I64] = {widen64, IR_OP_U2U64, 0, 0, 0},
   [TGSI_OP_F2I64] = {widen64, IR_OP_F2I64, 0, 0, 0},
   [TGSI_OP_F2U64] = {widen64, IR_OP_F2U64, 0, 0, 0},
   [TGSI_OP_I642F] = {narrow64, IR_OP_I642F, 0, 0, 0},
   [TGSI_OP_U642F] = {narrow64, IR_OP_U642F, 0, 0, 0},
   [TGSI_OP_KILL] = {kill, 0, 0, 0, 0},
   [TGSI_OP_KILL_IF] = {kill, 1, 0, 0, 0},
   [TGSI_OP_BARRIER] = {barrier, 0, 0, 0, 0},
   [TGSI_OP_MEMBAR] = {membar, 0, 0, 0, 0},
   [TGSI_OP_INTERP_CENTROID] = {interp, 0, 0, 0, 0},
   [TGSI_OP_INTERP_SAMPLE] = {interp, 0, 0, 0, 0},
   [TGSI_OP_INTERP_OFFSET] = {interp, 0, 0, 0, 0},
};

bool
t_alu_has_row(enum tgsi_op op)
{
   return (unsigned)op < TGSI_OP_COUNT && alu_rows[op].fn;
}

void
t_alu(struct tgsi_to_ir *t)
{
   const struct t_alu_row *row = &alu_rows[t->insn->opcode];
   row->fn(t, row);
}
