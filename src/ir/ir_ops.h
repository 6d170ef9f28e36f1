/* SPDX-License-Identifier: MIT */
/*
 * The generic IR operations: one row per op, expanded by IR_OP(...) where
 * needed (enum, names, info table).  Columns:
 *
 *   IR_OP(ENUM, "name", nsrc, ndst, size, flags)
 *
 * nsrc    number of sources, or -1 for a variable count (phi, collect).
 * ndst    number of values defined (0 or 1).
 * size    how source and result sizes relate, for the validator:
 *         SAME  every source and the result have the same bit size
 *                (32 or 64);
 *         S32   everything is 32-bit;
 *         ANY   checked by a rule of its own (conversions, vectors).
 * flags   IR_OPF_* below.
 *
 * Float ops are IEEE binary32.  Integer ops work on 32-bit values, and the
 * ones marked SAME also on 64-bit values until lower_int64 splits them.
 * Comparisons produce a boolean in the instruction's `boolfmt` (0/~0 by
 * default); ICMP and CSEL compare as the instruction's `cmptype`.
 * Message instructions, and every instruction after selection, are
 * IR_OP_VA: a Valhall form whose operands are IR values.
 */

/* Structure */
IR_OP(MOV, "mov", 1, 1, SAME, 0)
IR_OP(COLLECT, "collect", -1, 1, ANY, 0)
IR_OP(PHI, "phi", -1, 1, ANY, 0)
IR_OP(UNDEF, "undef", 0, 1, ANY, 0)
IR_OP(PRELOAD, "preload", 0, 1, S32, IR_OPF_NO_CSE)

/* Floating point, binary32 */
IR_OP(FADD, "fadd", 2, 1, S32, IR_OPF_FLOAT | IR_OPF_COMM)
IR_OP(FMUL, "fmul", 2, 1, S32, IR_OPF_FLOAT | IR_OPF_COMM)
IR_OP(FMA, "fma", 3, 1, S32, IR_OPF_FLOAT)
IR_OP(FMIN, "fmin", 2, 1, S32, IR_OPF_FLOAT | IR_OPF_COMM)
IR_OP(FMAX, "fmax", 2, 1, S32, IR_OPF_FLOAT | IR_OPF_COMM)
IR_OP(FFLOOR, "ffloor", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FCEIL, "fceil", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FTRUNC, "ftrunc", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FROUND, "fround", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FRCP, "frcp", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FRSQ, "frsq", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FSQRT, "fsqrt", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FEXP2, "fexp2", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FLOG2, "flog2", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FSIN, "fsin", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FCOS, "fcos", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(FLDEXP, "fldexp", 2, 1, S32, IR_OPF_FLOAT)
IR_OP(FCMP, "fcmp", 2, 1, S32, IR_OPF_FLOAT)
IR_OP(FDDX, "fddx", 1, 1, S32, IR_OPF_FLOAT | IR_OPF_NO_CSE)
IR_OP(FDDY, "fddy", 1, 1, S32, IR_OPF_FLOAT | IR_OPF_NO_CSE)

/* Conversions */
IR_OP(F2I, "f2i", 1, 1, ANY, IR_OPF_FLOAT)
IR_OP(F2U, "f2u", 1, 1, ANY, IR_OPF_FLOAT)
IR_OP(I2F, "i2f", 1, 1, ANY, 0)
IR_OP(U2F, "u2f", 1, 1, ANY, 0)
IR_OP(F2F16, "f2f16", 1, 1, S32, IR_OPF_FLOAT)
IR_OP(I2I64, "i2i64", 1, 1, ANY, 0)
IR_OP(U2U64, "u2u64", 1, 1, ANY, 0)
IR_OP(F2I64, "f2i64", 1, 1, ANY, IR_OPF_FLOAT)
IR_OP(F2U64, "f2u64", 1, 1, ANY, IR_OPF_FLOAT)
IR_OP(I642F, "i642f", 1, 1, ANY, 0)
IR_OP(U642F, "u642f", 1, 1, ANY, 0)

/* Integer */
IR_OP(IADD, "iadd", 2, 1, SAME, IR_OPF_COMM)
IR_OP(ISUB, "isub", 2, 1, SAME, 0)
IR_OP(IMUL, "imul", 2, 1, SAME, IR_OPF_COMM)
IR_OP(IMULHI, "imulhi", 2, 1, S32, IR_OPF_COMM)
IR_OP(UMULHI, "umulhi", 2, 1, S32, IR_OPF_COMM)
IR_OP(IMIN, "imin", 2, 1, SAME, IR_OPF_COMM)
IR_OP(IMAX, "imax", 2, 1, SAME, IR_OPF_COMM)
IR_OP(UMIN, "umin", 2, 1, SAME, IR_OPF_COMM)
IR_OP(UMAX, "umax", 2, 1, SAME, IR_OPF_COMM)
IR_OP(IABS, "iabs", 1, 1, SAME, 0)
IR_OP(INEG, "ineg", 1, 1, SAME, 0)
IR_OP(ISIGN, "isign", 1, 1, SAME, 0)
IR_OP(AND, "and", 2, 1, SAME, IR_OPF_COMM)
IR_OP(OR, "or", 2, 1, SAME, IR_OPF_COMM)
IR_OP(XOR, "xor", 2, 1, SAME, IR_OPF_COMM)
IR_OP(NOT, "not", 1, 1, SAME, 0)
IR_OP(SHL, "shl", 2, 1, ANY, 0)
IR_OP(ISHR, "ishr", 2, 1, ANY, 0)
IR_OP(USHR, "ushr", 2, 1, ANY, 0)
IR_OP(ICMP, "icmp", 2, 1, ANY, 0)
IR_OP(IDIV, "idiv", 2, 1, SAME, 0)
IR_OP(UDIV, "udiv", 2, 1, SAME, 0)
IR_OP(IREM, "irem", 2, 1, SAME, 0)
IR_OP(UREM, "urem", 2, 1, SAME, 0)
IR_OP(BFI, "bfi", 4, 1, S32, 0)
IR_OP(IBFE, "ibfe", 3, 1, S32, 0)
IR_OP(UBFE, "ubfe", 3, 1, S32, 0)
IR_OP(BREV, "brev", 1, 1, S32, 0)
IR_OP(POPC, "popc", 1, 1, S32, 0)
IR_OP(CLZ, "clz", 1, 1, S32, 0)

/* Selects: (src0 cmp src1) ? src2 : src3, compared as the instruction's
 * cmptype (float, signed or unsigned). */
IR_OP(CSEL, "csel", 4, 1, ANY, 0)

/* Control flow: BRANCH goes to succ[0] when src0 != 0, else succ[1];
 * JUMP goes to succ[0].  A block without one falls through to succ[0]. */
IR_OP(JUMP, "jump", 0, 0, ANY, IR_OPF_TERM | IR_OPF_SIDE)
IR_OP(BRANCH, "branch", 1, 0, S32, IR_OPF_TERM | IR_OPF_SIDE)

/* A Valhall instruction form (messages from translation on; every
 * instruction after selection). */
IR_OP(VA, "va", -1, -1, ANY, 0)
