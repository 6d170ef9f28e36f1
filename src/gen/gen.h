/* SPDX-License-Identifier: MIT */
/*
 * The TGSI program generator (`tgsiva gen`), in the spirit of Csmith and
 * YARPGen: from a seed it builds a valid vertex, fragment or compute
 * (or, asked for by name, geometry) shader as a decoded struct
 * tgsi_shader, which tgsi_print_shader writes in tgsi_dump's text.  It
 * knows TGSI only (src/tgsi): never the compiler, so that it tests the
 * compiler from the spec's side.
 *
 * Every program is valid (declared registers, balanced control flow,
 * operand types from the opcode table) and terminates (loops count to a
 * bound kept in registers nothing else writes).  Indices, texel
 * coordinates and memory addresses are masked into range; what remains
 * undefined (division by zero, NaN to integer, shifts >= 32) only
 * makes values undefined, which the interpreter excludes from checking.
 *
 *   gen.c       the program: stages, declarations, control flow
 *   gen_alu.c   operands, modifiers, edge-case values, ALU opcodes
 *   gen_res.c   textures, images, buffers, shared memory, derivatives
 *   gen_ops.c   which opcodes are generated, and coverage
 *   reduce.c    shrinking a failing program
 */
#ifndef TGSIVA_GEN_GEN_H
#define TGSIVA_GEN_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tgsi/tgsi.h"

/* Features a caller may leave out, each by name (never silently). */
enum gen_feature {
   GEN_F_LOOPS = 1 << 0,     /* BGNLOOP/ENDLOOP with BRK and CONT */
   GEN_F_SWITCH = 1 << 1,    /* SWITCH/CASE/DEFAULT */
   GEN_F_TEXTURES = 1 << 2,  /* TEX*, SAMPLE*, queries, gathers */
   GEN_F_MEMORY = 1 << 3,    /* BUFFER, IMAGE, MEMORY, atomics */
   GEN_F_INDIRECT = 1 << 4,  /* ADDR-indexed TEMP arrays and CONST */
   GEN_F_INT64 = 1 << 5,     /* the 64-bit integer opcodes */
   GEN_F_KILL = 1 << 6,      /* KILL, KILL_IF */
   GEN_F_DERIV = 1 << 7,     /* DDX, DDY and implicit-LOD sampling */
   GEN_F_RET = 1 << 8,       /* RET before END */
   GEN_F_EDGE_VALUES = 1 << 9, /* inf, NaN, denormals, limits */
   GEN_F_ALL = (1 << 10) - 1,
};

/* Modifier classes counted by the coverage table. */
enum gen_mod {
   GEN_MOD_PLAIN,
   GEN_MOD_ABS,
   GEN_MOD_NEG,
   GEN_MOD_SAT,
   GEN_MOD_SWIZZLE,   /* a source swizzle other than .xyzw */
   GEN_MOD_WRITEMASK, /* a partial write mask */
   GEN_MOD_INDIRECT,  /* an ADDR-indexed operand */
   GEN_MOD_COUNT,
};

enum gen_stage {
   GEN_VS,
   GEN_FS,
   GEN_CS,
   GEN_GS, /* only by name: "any" is one of the three above */
   GEN_STAGE_COUNT,
   GEN_ANY_STAGE = GEN_STAGE_COUNT, /* vs, fs or cs, from the seed */
};

struct gen_options {
   uint64_t seed;
   enum gen_stage stage;
   uint32_t features;  /* enum gen_feature bits */
   unsigned max_insns; /* a soft bound on the body, 0: 60 */
};

/* What was generated: per opcode and stage, the modifier classes seen. */
struct gen_coverage {
   uint8_t mods[TGSI_OP_COUNT][GEN_STAGE_COUNT]; /* 1 << enum gen_mod */
};

/* gen.c: one program for `o`, in `arena`; `cov` (may be NULL) collects
 * what it contains. */
struct tgsi_shader *gen_program(struct arena *arena,
                                const struct gen_options *o,
                                struct gen_coverage *cov);

/* gen.c: tgsi_dump's text for `s`, with IF/ELSE labels renumbered (the
 * reducer removes instructions). */
void gen_print(struct strbuf *sb, const struct tgsi_shader *s);

/* gen_ops.c: is `opcode` one the generator produces (for `stage`)? */
bool gen_op_generated(unsigned opcode, enum gen_stage stage);
/* gen_ops.c: records `s`'s opcodes and modifiers in `cov`. */
void gen_cover(struct gen_coverage *cov, const struct tgsi_shader *s);
/* gen_ops.c: prints the coverage table and returns how many opcodes
 * the stages in `stages` (bit per enum gen_stage) generate were never
 * produced. */
unsigned gen_print_coverage(FILE *f, const struct gen_coverage *cov,
                            uint32_t stages);
/* gen_ops.c: "vs", "fs", "cs", "gs". */
const char *gen_stage_name(enum gen_stage stage);
/* gen_ops.c: the feature named `name` (as in --without), 0 if none. */
uint32_t gen_feature_from_name(const char *name);
const char *gen_feature_name(uint32_t feature);

/* reduce.c: a test the reducer asks about each smaller program: true if
 * it still fails the same way. */
typedef bool (*gen_still_fails)(const struct tgsi_shader *s, void *user);

/* reduce.c: shrinks `s` while `fails` holds; returns the smallest
 * program found (in `arena`).  `steps` counts the tests made. */
struct tgsi_shader *gen_reduce(struct arena *arena,
                               const struct tgsi_shader *s,
                               gen_still_fails fails, void *user,
                               unsigned *steps);

#endif
