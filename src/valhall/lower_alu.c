/* SPDX-License-Identifier: MIT */
/*
 * Lowers 32-bit generic operations that have no Valhall instruction into
 * ones that do.
 *
 * 1. Integer min/max are CSEL with tied operands, the sign is a pair of
 *    CSELs (valhall-isa.xml, CSEL: "Valhall lacks integer
 *    minimum/maximum instructions").  Negation is 0 - x.
 * 2. The high half of a product comes from IMULD.u64 (32x32 -> 64 bits);
 *    the signed one subtracts each operand where the other is negative.
 * 3. Unsigned division: a reciprocal estimate of the divisor made exact
 *    with one Newton step and two correction steps (the classic
 *    2^32 - 512 scaled reciprocal); x / 0 and x % 0 give 0xffffffff as
 *    TGSI specifies.  Signed division and remainder divide magnitudes and
 *    restore the sign (quotient: the signs differ; remainder: the
 *    dividend's).
 * 4. Bitfields use shifts and a bit-select (MUX.bit), with explicit cases
 *    for 0-bit and 32-bit fields, where a shift by 32 would wrap.
 * 5. Derivatives read the quad neighbours with CLPER (subgroup of 4):
 *    coarse ones from quad lanes 0/1 (x) and 0/2 (y) for the whole quad,
 *    fine ones from the lane pair in the same row (x) or column (y).
 *    The difference is an FADD, which keeps the derivative's clamp.
 *    A derivative read only as |d| is |x - x'| with x' the lane's
 *    partner in its own row (column): one CLPER.xor instead of two, and
 *    the same magnitude in both lanes of the pair, as a fine derivative's
 *    (a coarse one may take the lane's own row, tgsi.rst).
 * 6. The 16-bit float of a point size comes from V2F32_TO_V2F16.
 * 7. A clamping MOV is x + -0.0 with the clamp (exact for every x).
 *    A MOV of -x or |x| stays: va_optimize makes it a sign-bit operation
 *    once selected.
 *
 * Requires: SSA; 64-bit operations already split (lower_int64).
 * Ensures:  no IMIN, IMAX, UMIN, UMAX, ISIGN, INEG, IMULHI, UMULHI, IDIV,
 *           UDIV, IREM, UREM, BFI, IBFE, UBFE, FDDX, FDDY, F2F16 or
 *           clamping MOV of 32 bits remains.
 * Invalidates: nothing.
 */
#include "valhall.h"

#include "emit/va.h"

struct lower {
   struct ir_shader *s;
   struct ir_builder b;
};

static struct ir_ref
add(struct lower *l, enum ir_op op, struct ir_ref a, struct ir_ref c)
{
   return ir_alu2(&l->b, op, a, c);
}

static struct ir_ref
csel(struct lower *l, enum ir_cmptype t, enum ir_cond c, struct ir_ref a,
     struct ir_ref b, struct ir_ref x, struct ir_ref y)
{
   return ir_csel(&l->b, t, c, a, b, x, y);
}

static struct ir_ref
va2(struct lower *l, enum va_op op, struct ir_ref a, struct ir_ref b,
    unsigned bits)
{
   struct ir_ref srcs[2] = {a, b};
   struct ir_instr *I = ir_va_create(l->s, op, 2, srcs);
   ir_instr_def(l->s, I, bits, bits == 64 ? 2 : 1);
   ir_builder_insert(&l->b, I);
   return I->dst;
}

static struct ir_ref
umulhi(struct lower *l, struct ir_ref a, struct ir_ref b)
{
   struct ir_ref p = va2(l, VA_OP_IMULD_U64, a, b, 64);
   p.swizzle = IR_SWIZZLE_W1;
   return ir_mov(&l->b, p);
}

static struct ir_ref
imulhi(struct lower *l, struct ir_ref a, struct ir_ref b)
{
   struct ir_ref hi = umulhi(l, a, b);
   struct ir_ref fix_a = csel(l, IR_CMP_S, IR_COND_LT, a, ir_imm(0), b,
                              ir_imm(0));
   struct ir_ref fix_b = csel(l, IR_CMP_S, IR_COND_LT, b, ir_imm(0), a,
                              ir_imm(0));
   return add(l, IR_OP_ISUB, add(l, IR_OP_ISUB, hi, fix_a), fix_b);
}

/* n / d and n % d, unsigned, with x / 0 = x % 0 = ~0. */
static void
udivmod(struct lower *l, struct ir_ref n, struct ir_ref d, struct ir_ref *q,
        struct ir_ref *r)
{
   struct ir_ref rcp = ir_alu1(&l->b, IR_OP_FRCP, ir_alu1(&l->b, IR_OP_U2F, d));
   struct ir_ref est = ir_alu1(&l->b, IR_OP_F2U,
                               ir_alu2(&l->b, IR_OP_FMUL, rcp,
                                       ir_immf(4294966784.0f)));
   /* One Newton step on the fixed-point reciprocal. */
   struct ir_ref err = add(l, IR_OP_IMUL, add(l, IR_OP_ISUB, ir_imm(0), d),
                           est);
   est = add(l, IR_OP_IADD, est, umulhi(l, est, err));
   struct ir_ref qq = umulhi(l, n, est);
   struct ir_ref rr = add(l, IR_OP_ISUB, n, add(l, IR_OP_IMUL, qq, d));
   for (unsigned i = 0; i < 2; i++) {
      struct ir_ref big = ir_icmp(&l->b, IR_CMP_U, IR_COND_GE, rr, d);
      qq = csel(l, IR_CMP_U, IR_COND_NE, big, ir_imm(0),
                add(l, IR_OP_IADD, qq, ir_imm(1)), qq);
      rr = csel(l, IR_CMP_U, IR_COND_NE, big, ir_imm(0),
                add(l, IR_OP_ISUB, rr, d), rr);
   }
   *q = csel(l, IR_CMP_U, IR_COND_EQ, d, ir_imm(0), ir_imm(~0u), qq);
   *r = csel(l, IR_CMP_U, IR_COND_EQ, d, ir_imm(0), ir_imm(~0u), rr);
}

static struct ir_ref
divmod(struct lower *l, struct ir_instr *I)
{
   struct ir_ref n = I->src[0], d = I->src[1], q, r;
   if (I->op == IR_OP_UDIV || I->op == IR_OP_UREM) {
      udivmod(l, n, d, &q, &r);
      return I->op == IR_OP_UDIV ? q : r;
   }
   struct ir_ref an = ir_alu1(&l->b, IR_OP_IABS, n);
   struct ir_ref ad = ir_alu1(&l->b, IR_OP_IABS, d);
   udivmod(l, an, ad, &q, &r);
   if (I->op == IR_OP_IDIV) {
      struct ir_ref sign = add(l, IR_OP_XOR, n, d);
      return csel(l, IR_CMP_S, IR_COND_LT, sign, ir_imm(0),
                  add(l, IR_OP_ISUB, ir_imm(0), q), q);
   }
   return csel(l, IR_CMP_S, IR_COND_LT, n, ir_imm(0),
               add(l, IR_OP_ISUB, ir_imm(0), r), r);
}

/* ubfe/ibfe(v, off, bits) = (v << (32 - off - bits)) >> (32 - bits). */
static struct ir_ref
extract(struct lower *l, struct ir_instr *I)
{
   struct ir_ref v = I->src[0], off = I->src[1], bits = I->src[2];
   struct ir_ref left = add(l, IR_OP_ISUB,
                            add(l, IR_OP_ISUB, ir_imm(32), off), bits);
   struct ir_ref up = add(l, IR_OP_SHL, v, left);
   struct ir_ref down =
      add(l, I->op == IR_OP_IBFE ? IR_OP_ISHR : IR_OP_USHR, up,
          add(l, IR_OP_ISUB, ir_imm(32), bits));
   /* A 0-bit field is 0, a 32-bit one is v (no shift wraps at 32). */
   struct ir_ref r = csel(l, IR_CMP_U, IR_COND_EQ, bits, ir_imm(0),
                          ir_imm(0), down);
   return csel(l, IR_CMP_U, IR_COND_EQ, bits, ir_imm(32), v, r);
}

/* bfi(base, insert, off, bits): insert's low bits at off. */
static struct ir_ref
insert(struct lower *l, struct ir_instr *I)
{
   struct ir_ref base = I->src[0], ins = I->src[1], off = I->src[2];
   struct ir_ref bits = I->src[3];
   struct ir_ref ones = add(l, IR_OP_USHR, ir_imm(~0u),
                            add(l, IR_OP_ISUB, ir_imm(32), bits));
   ones = csel(l, IR_CMP_U, IR_COND_EQ, bits, ir_imm(0), ir_imm(0), ones);
   struct ir_ref mask = add(l, IR_OP_SHL, ones, off);
   struct ir_ref shifted = add(l, IR_OP_SHL, ins, off);
   struct ir_ref srcs[3] = {shifted, base, mask};
   struct ir_instr *M = ir_va_create(l->s, VA_OP_MUX_I32, 3, srcs);
   va_set_mod(M->va, VA_MOD_MUX, VA_MUX_BIT);
   ir_instr_def(l->s, M, 32, 1);
   ir_builder_insert(&l->b, M);
   return M->dst;
}

/* CLPER.i32.subgroup4: x from quad lane `lane` (a value or constant). */
static struct ir_ref
quad_lane(struct lower *l, struct ir_ref x, struct ir_ref lane)
{
   struct ir_ref r = va2(l, VA_OP_CLPER_I32, x, lane, 32);
   struct ir_instr *I = ir_value(l->s, r.index)->def;
   va_set_mod(I->va, VA_MOD_SUBGROUP, VA_SUBGROUP_SIZE_SUBGROUP4);
   return r;
}

static struct ir_ref
derivative(struct lower *l, struct ir_instr *I)
{
   bool dx = I->op == IR_OP_FDDX;
   struct ir_ref x = I->src[0], lo, hi;
   if (I->pass_data) { /* read only under |.|: the sign is not needed */
      struct ir_ref other =
         va2(l, VA_OP_CLPER_I32, x, ir_imm(dx ? 1 : 2), 32);
      struct ir_instr *C = ir_value(l->s, other.index)->def;
      va_set_mod(C->va, VA_MOD_SUBGROUP, VA_SUBGROUP_SIZE_SUBGROUP4);
      va_set_mod(C->va, VA_MOD_LANE_OP, VA_LANE_OPERATION_XOR);
      return add(l, IR_OP_FADD, other, ir_neg(x));
   }
   if (I->flags & IR_INSTR_FINE) {
      /* The pair in the lane's row (dx) or column (dy). */
      struct ir_ref lane = {.kind = IR_REF_SPECIAL,
                            .index = VA_SPECIAL_LANE_ID,
                            .swizzle = IR_SWIZZLE_W0};
      struct ir_ref first = add(l, IR_OP_AND, ir_mov(&l->b, lane),
                                ir_imm(dx ? 2 : 1));
      lo = quad_lane(l, x, first);
      hi = quad_lane(l, x, add(l, IR_OP_OR, first, ir_imm(dx ? 1 : 2)));
   } else {
      lo = quad_lane(l, x, ir_imm(0));
      hi = quad_lane(l, x, ir_imm(dx ? 1 : 2));
   }
   struct ir_instr *D = ir_build(&l->b, IR_OP_FADD, 32, 2,
                                 (struct ir_ref[2]){hi, ir_neg(lo)});
   D->clamp = I->clamp; /* DDX_SAT, or a saturate folded onto it */
   return D->dst;
}

static bool
lower_instr(struct lower *l, struct ir_instr *I, struct ir_ref *out)
{
   if (I->ndst != 1 || ir_ref_bits(l->s, I->dst) != 32)
      return false;
   struct ir_ref *x = I->src;
   switch (I->op) {
   case IR_OP_IMIN:
   case IR_OP_IMAX:
   case IR_OP_UMIN:
   case IR_OP_UMAX: {
      bool is_signed = I->op == IR_OP_IMIN || I->op == IR_OP_IMAX;
      bool min = I->op == IR_OP_IMIN || I->op == IR_OP_UMIN;
      *out = csel(l, is_signed ? IR_CMP_S : IR_CMP_U,
                  min ? IR_COND_LT : IR_COND_GT, x[0], x[1], x[0], x[1]);
      return true;
   }
   case IR_OP_ISIGN: {
      struct ir_ref pos = csel(l, IR_CMP_S, IR_COND_GT, x[0], ir_imm(0),
                               ir_imm(1), ir_imm(0));
      *out = csel(l, IR_CMP_S, IR_COND_LT, x[0], ir_imm(0), ir_imm(~0u),
                  pos);
      return true;
   }
   case IR_OP_INEG: *out = add(l, IR_OP_ISUB, ir_imm(0), x[0]); return true;
   case IR_OP_UMULHI: *out = umulhi(l, x[0], x[1]); return true;
   case IR_OP_IMULHI: *out = imulhi(l, x[0], x[1]); return true;
   case IR_OP_UDIV:
   case IR_OP_UREM:
   case IR_OP_IDIV:
   case IR_OP_IREM: *out = divmod(l, I); return true;
   case IR_OP_IBFE:
   case IR_OP_UBFE: *out = extract(l, I); return true;
   case IR_OP_BFI: *out = insert(l, I); return true;
   case IR_OP_FDDX:
   case IR_OP_FDDY: *out = derivative(l, I); return true;
   case IR_OP_F2F16:
      *out = va2(l, VA_OP_V2F32_TO_V2F16, x[0], x[0], 32);
      return true;
   case IR_OP_MOV: {
      if (!I->clamp)
         return false;
      /* Clamping is a float operation: x + -0.0 is x, exactly. */
      struct ir_instr *F = ir_build(&l->b, IR_OP_FADD, 32, 2,
                                    (struct ir_ref[2]){x[0],
                                                       ir_neg(ir_imm(0))});
      F->clamp = I->clamp;
      *out = F->dst;
      return true;
   }
   default: return false;
   }
}

static bool
expand(struct ir_builder *b, struct ir_instr *I, struct ir_ref *out)
{
   struct lower l = {.s = b->shader, .b = *b};
   return lower_instr(&l, I, out);
}

static bool
is_derivative(const struct ir_instr *I)
{
   return I && (I->op == IR_OP_FDDX || I->op == IR_OP_FDDY);
}

/* pass_data of a derivative: 1 when every read of it is |d| (and it has
 * no clamp, which would act before the |.|). */
static void
find_magnitude_only(struct ir_shader *s)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I)
         I->pass_data = is_derivative(I) && I->clamp == IR_CLAMP_NONE &&
                        ir_ref_bits(s, I->dst) == 32;
   }
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, I) {
         ir_foreach_src(I, i) {
            struct ir_ref r = I->src[i];
            if (r.kind != IR_REF_VALUE)
               continue;
            struct ir_instr *D = ir_value(s, r.index)->def;
            if (is_derivative(D) &&
                (I->op == IR_OP_PHI || !(r.mods & IR_MOD_ABS)))
               D->pass_data = 0;
         }
      }
   }
}

bool
va_lower_alu(struct ir_shader *s)
{
   find_magnitude_only(s);
   return ir_expand_instrs(s, expand);
}
