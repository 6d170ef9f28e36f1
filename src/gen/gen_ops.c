/* SPDX-License-Identifier: MIT */
/*
 * Which opcodes the generator produces, and the coverage table.
 *
 * The list is every opcode tgsiva's translator accepts (its tables in
 * src/ir/from_tgsi*.c).  Doubles come with the 64-bit integers
 * (GEN_F_INT64): random bit patterns in channel pairs.  The coverage
 * table is computed from the programs themselves (gen_cover), so it also
 * describes programs the reducer or a person wrote.
 */
#include <string.h>

#include "gen_priv.h"

#define K(op, kind) [TGSI_OP_##op] = GEN_OPK_##kind
static const uint8_t op_kinds[TGSI_OP_COUNT] = {
   K(ARL, ARL), K(ARR, ARL), K(UARL, ARL),
   K(MOV, ALU), K(LIT, ALU), K(RCP, ALU), K(RSQ, ALU), K(EXP, ALU),
   K(LOG, ALU), K(MUL, ALU), K(ADD, ALU), K(DP3, ALU), K(DP4, ALU),
   K(DST, ALU), K(MIN, ALU), K(MAX, ALU), K(SLT, ALU), K(SGE, ALU),
   K(MAD, ALU), K(LRP, ALU), K(FMA, ALU), K(SQRT, ALU), K(FRC, ALU),
   K(FLR, ALU), K(ROUND, ALU), K(EX2, ALU), K(LG2, ALU), K(POW, ALU),
   K(COS, ALU), K(SEQ, ALU), K(SGT, ALU), K(SIN, ALU), K(SLE, ALU),
   K(SNE, ALU), K(DIV, ALU), K(DP2, ALU), K(CMP, ALU), K(SSG, ALU),
   K(CEIL, ALU), K(TRUNC, ALU), K(I2F, ALU), K(U2F, ALU), K(F2I, ALU),
   K(F2U, ALU), K(NOT, ALU), K(AND, ALU), K(OR, ALU), K(XOR, ALU),
   K(SHL, ALU), K(ISHR, ALU), K(USHR, ALU), K(MOD, ALU), K(IDIV, ALU),
   K(UDIV, ALU), K(UMOD, ALU), K(UADD, ALU), K(UMUL, ALU), K(UMAD, ALU),
   K(IMAX, ALU), K(IMIN, ALU), K(UMAX, ALU), K(UMIN, ALU), K(IABS, ALU),
   K(INEG, ALU), K(ISSG, ALU), K(ISGE, ALU), K(ISLT, ALU), K(USEQ, ALU),
   K(USGE, ALU), K(USLT, ALU), K(USNE, ALU), K(UCMP, ALU), K(FSEQ, ALU),
   K(FSGE, ALU), K(FSLT, ALU), K(FSNE, ALU), K(LDEXP, ALU),
   K(IMUL_HI, ALU), K(UMUL_HI, ALU), K(BREV, ALU), K(POPC, ALU),
   K(LSB, ALU), K(IMSB, ALU), K(UMSB, ALU), K(BFI, ALU), K(IBFE, ALU),
   K(UBFE, ALU), K(NOP, ALU),
   K(U64ADD, ALU64), K(U64MUL, ALU64), K(U64MIN, ALU64),
   K(U64MAX, ALU64), K(I64MIN, ALU64), K(I64MAX, ALU64),
   K(I64ABS, ALU64), K(I64NEG, ALU64), K(I64SSG, ALU64),
   K(U64SHL, ALU64), K(I64SHR, ALU64), K(U64SHR, ALU64),
   K(U64SEQ, ALU64), K(U64SNE, ALU64), K(U64SLT, ALU64),
   K(U64SGE, ALU64), K(I64SLT, ALU64), K(I64SGE, ALU64),
   K(I2I64, ALU64), K(U2I64, ALU64), K(F2I64, ALU64), K(F2U64, ALU64),
   K(I642F, ALU64), K(U642F, ALU64),
   K(DADD, ALU64), K(DMUL, ALU64), K(DMAD, ALU64), K(DDIV, ALU64),
   K(DRCP, ALU64), K(DSQRT, ALU64), K(DRSQ, ALU64), K(DMIN, ALU64),
   K(DMAX, ALU64), K(DABS, ALU64), K(DNEG, ALU64), K(DSEQ, ALU64),
   K(DSNE, ALU64), K(DSLT, ALU64), K(DSGE, ALU64), K(DFRAC, ALU64),
   K(DTRUNC, ALU64), K(DCEIL, ALU64), K(DFLR, ALU64), K(DROUND, ALU64),
   K(DSSG, ALU64), K(DFRACEXP, ALU64), K(DLDEXP, ALU64), K(F2D, ALU64),
   K(D2F, ALU64), K(I2D, ALU64), K(D2I, ALU64), K(U2D, ALU64),
   K(D2U, ALU64), K(I642D, ALU64), K(U642D, ALU64), K(D2I64, ALU64),
   K(D2U64, ALU64), K(U64DIV, ALU64), K(I64DIV, ALU64), K(U64MOD, ALU64),
   K(I64MOD, ALU64), K(DFMA, ALU64),
   K(DDX, DERIV), K(DDY, DERIV), K(DDX_FINE, DERIV), K(DDY_FINE, DERIV),
   K(KILL, KILL), K(KILL_IF, KILL),
   K(TEX, TEX), K(TXP, TEX), K(TXB, TEX), K(TXL, TEX), K(TXD, TEX),
   K(TXF, TEX), K(TXF_LZ, TEX), K(TEX_LZ, TEX), K(TXQ, TEX),
   K(TXQS, TEX), K(LODQ, TEX), K(TG4, TEX), K(TEX2, TEX), K(TXB2, TEX),
   K(TXL2, TEX), K(SAMPLE, TEX), K(SAMPLE_B, TEX), K(SAMPLE_C, TEX),
   K(SAMPLE_C_LZ, TEX), K(SAMPLE_D, TEX), K(SAMPLE_L, TEX),
   K(SAMPLE_I, TEX), K(SAMPLE_I_MS, TEX), K(SVIEWINFO, TEX),
   K(GATHER4, TEX), K(LOD, TEX),
   K(LOAD, MEM), K(STORE, MEM), K(RESQ, MEM), K(ATOMUADD, MEM),
   K(ATOMXCHG, MEM), K(ATOMCAS, MEM), K(ATOMAND, MEM), K(ATOMOR, MEM),
   K(ATOMXOR, MEM), K(ATOMUMIN, MEM), K(ATOMUMAX, MEM),
   K(ATOMIMIN, MEM), K(ATOMIMAX, MEM), K(ATOMFADD, MEM),
   K(ATOMINC_WRAP, MEM), K(ATOMDEC_WRAP, MEM),
   K(INTERP_CENTROID, INTERP), K(INTERP_SAMPLE, INTERP),
   K(INTERP_OFFSET, INTERP),
   K(BARRIER, SYNC), K(MEMBAR, SYNC),
   K(IF, FLOW), K(UIF, FLOW), K(ELSE, FLOW), K(ENDIF, FLOW),
   K(BGNLOOP, FLOW), K(ENDLOOP, FLOW), K(BRK, FLOW), K(CONT, FLOW),
   K(SWITCH, FLOW), K(CASE, FLOW), K(DEFAULT, FLOW), K(ENDSWITCH, FLOW),
   K(RET, FLOW), K(END, FLOW), K(EMIT, FLOW), K(ENDPRIM, FLOW),
};
#undef K

enum gen_op_kind
gen_op_kind(unsigned opcode)
{
   return opcode < TGSI_OP_COUNT ? (enum gen_op_kind)op_kinds[opcode]
                                 : GEN_OPK_NONE;
}

/* Opcodes a stage cannot have: derivatives, KILL and interpolation are
 * fragment-only; barriers and stores compute-only (other stages' lanes
 * would race on the same words); EMIT and ENDPRIM geometry-only. */
bool
gen_op_generated(unsigned opcode, enum gen_stage stage)
{
   enum gen_op_kind k = gen_op_kind(opcode);
   switch (k) {
   case GEN_OPK_NONE: return false;
   case GEN_OPK_FLOW:
      if (opcode == TGSI_OP_EMIT || opcode == TGSI_OP_ENDPRIM)
         return stage == GEN_GS;
      return true;
   case GEN_OPK_DERIV:
   case GEN_OPK_KILL:
   case GEN_OPK_INTERP: return stage == GEN_FS;
   case GEN_OPK_SYNC: return stage == GEN_CS;
   case GEN_OPK_MEM:
      return stage == GEN_CS || opcode == TGSI_OP_LOAD ||
             opcode == TGSI_OP_RESQ;
   case GEN_OPK_TEX:
      /* LOD queries need screen-space derivatives. */
      if (opcode == TGSI_OP_LOD || opcode == TGSI_OP_LODQ)
         return stage == GEN_FS;
      return true;
   default: return true;
   }
}

static bool
feature_allows(const struct gen *g, enum gen_op_kind k)
{
   switch (k) {
   case GEN_OPK_ALU64: return g->feat & GEN_F_INT64;
   case GEN_OPK_DERIV: return g->feat & GEN_F_DERIV;
   case GEN_OPK_KILL: return g->feat & GEN_F_KILL;
   case GEN_OPK_TEX: return g->feat & GEN_F_TEXTURES;
   case GEN_OPK_MEM:
   case GEN_OPK_SYNC: return g->feat & GEN_F_MEMORY;
   case GEN_OPK_ARL: return g->feat & GEN_F_INDIRECT;
   case GEN_OPK_FLOW:
   case GEN_OPK_NONE: return false;
   default: return true;
   }
}

enum tgsi_op
gen_pick_op(struct gen *g)
{
   for (;;) {
      unsigned op = gen_below(g, TGSI_OP_COUNT);
      enum gen_op_kind k = gen_op_kind(op);
      if (!gen_op_generated(op, g->stage) || !feature_allows(g, k))
         continue;
      /* ALU opcodes are most of a real shader; the others are drawn a
       * third as often each. */
      if (k != GEN_OPK_ALU && gen_below(g, 3))
         continue;
      if (op == TGSI_OP_BARRIER && g->depth)
         continue;
      return (enum tgsi_op)op;
   }
}

/* ---------------------------------------------------------------------
 * Coverage
 */

static bool
is_swizzled(const struct tgsi_src *s)
{
   return s->swizzle[0] != 0 || s->swizzle[1] != 1 || s->swizzle[2] != 2 ||
          s->swizzle[3] != 3;
}

static unsigned
insn_mods(const struct tgsi_insn *I)
{
   unsigned m = 1u << GEN_MOD_PLAIN;
   if (I->saturate)
      m |= 1u << GEN_MOD_SAT;
   for (unsigned i = 0; i < I->num_dst; i++) {
      if (I->dst[i].writemask != 0xf)
         m |= 1u << GEN_MOD_WRITEMASK;
      if (I->dst[i].reg.indirect || I->dst[i].reg.dim_indirect)
         m |= 1u << GEN_MOD_INDIRECT;
   }
   for (unsigned i = 0; i < I->num_src; i++) {
      const struct tgsi_src *s = &I->src[i];
      m |= (s->absolute ? 1u << GEN_MOD_ABS : 0) |
           (s->negate ? 1u << GEN_MOD_NEG : 0) |
           (is_swizzled(s) ? 1u << GEN_MOD_SWIZZLE : 0) |
           (s->reg.indirect || s->reg.dim_indirect ? 1u << GEN_MOD_INDIRECT
                                                   : 0);
   }
   return m;
}

void
gen_cover(struct gen_coverage *cov, const struct tgsi_shader *s)
{
   enum gen_stage st = s->processor == TGSI_PROC_VERTEX     ? GEN_VS
                       : s->processor == TGSI_PROC_FRAGMENT ? GEN_FS
                       : s->processor == TGSI_PROC_GEOMETRY ? GEN_GS
                                                            : GEN_CS;
   for (unsigned i = 0; i < s->num_insns; i++) {
      const struct tgsi_insn *I = &s->insns[i];
      if (I->opcode < TGSI_OP_COUNT)
         cov->mods[I->opcode][st] |= (uint8_t)insn_mods(I);
   }
}

const char *
gen_stage_name(enum gen_stage stage)
{
   static const char *const names[] = {"vs", "fs", "cs", "gs"};
   return stage < GEN_STAGE_COUNT ? names[stage] : "any";
}

static void
print_mods(FILE *f, unsigned m)
{
   static const char letters[] = "pansxwi";
   char buf[GEN_MOD_COUNT + 1];
   for (unsigned k = 0; k < GEN_MOD_COUNT; k++)
      buf[k] = m & (1u << k) ? letters[k] : '.';
   buf[GEN_MOD_COUNT] = '\0';
   fprintf(f, " %s", m ? buf : "-------");
}

unsigned
gen_print_coverage(FILE *f, const struct gen_coverage *cov, uint32_t stages)
{
   unsigned missing = 0, covered = 0, cells = 0;
   fprintf(f, "coverage (p plain, a abs, n neg, s saturate, x swizzle, "
              "w write mask, i indirect)\n%-16s %-7s %-7s %-7s %-7s\n",
           "opcode", "vs", "fs", "cs", "gs");
   for (unsigned op = 0; op < TGSI_OP_COUNT; op++) {
      if (gen_op_kind(op) == GEN_OPK_NONE)
         continue;
      bool wanted = false, seen = false;
      fprintf(f, "%-16s", tgsi_op_info(op)->name);
      for (unsigned st = 0; st < GEN_STAGE_COUNT; st++) {
         wanted |= ((stages >> st) & 1) &&
                   gen_op_generated(op, (enum gen_stage)st);
         seen |= cov->mods[op][st] != 0;
         cells += __builtin_popcount(cov->mods[op][st]);
         print_mods(f, cov->mods[op][st]);
      }
      fputc('\n', f);
      if (wanted && !seen)
         missing++;
      covered += seen;
   }
   fprintf(f, "%u opcodes produced, %u generated opcodes never produced, "
              "%u (opcode, stage, modifier) cells\n",
           covered, missing, cells);
   return missing;
}

static const char *const feature_names[] = {
   "loops", "switch", "textures", "memory", "indirect",
   "int64", "kill", "derivatives", "ret", "edge-values",
};

uint32_t
gen_feature_from_name(const char *name)
{
   for (unsigned i = 0; i < sizeof(feature_names) / sizeof(*feature_names);
        i++) {
      if (!strcmp(name, feature_names[i]))
         return 1u << i;
   }
   return 0;
}

const char *
gen_feature_name(uint32_t feature)
{
   for (unsigned i = 0; i < sizeof(feature_names) / sizeof(*feature_names);
        i++) {
      if (feature == 1u << i)
         return feature_names[i];
   }
   return "?";
}
