/* SPDX-License-Identifier: MIT */
/*
 * The generator's state, shared by gen.c, gen_alu.c and gen_res.c.
 *
 * Temporaries have fixed roles, so that random instructions can never
 * break what keeps a program valid and terminating:
 *   TEMP[0 .. ntemps-1]   values: random instructions read and write them
 *   TEMP[scratch], +1     conditions, masked indices and addresses,
 *                         written right before their one use
 *   TEMP[lane]            compute: the lane's index, x4 and x16
 *   TEMP[counter + d]     the counter of the loop at depth d
 *   TEMP[array ..]        ARRAY(1), read and written through ADDR[0]:
 *                         GEN_ARRAY_LEN elements, or for a quarter of
 *                         the seeds GEN_LONG_ARRAY_LEN, too many for
 *                         registers (thread-local storage)
 * ADDR[0] always holds indices in 0..3; ADDR[1] is ARL/ARR's.
 * Geometry shaders read IN[vertex][r], the vertex below N (ADDR[0] only
 * when N > 3), and EMIT / ENDPRIM to stream 0 anywhere in the body.
 */
#ifndef TGSIVA_GEN_GEN_PRIV_H
#define TGSIVA_GEN_GEN_PRIV_H

#include "gen.h"

#define GEN_MAX_DEPTH 3
#define GEN_MAX_LOOPS 2
#define GEN_MAX_UNITS 8
#define GEN_ARRAY_LEN 4
#define GEN_LONG_ARRAY_LEN 20
#define GEN_CONST_BUFFERS 4
#define GEN_CONST_LEN 8
#define GEN_CS_WIDTH 4
#define GEN_CS_HEIGHT 2

/* Value kinds for operand choice. */
enum gen_kind {
   GEN_KIND_FLOAT,
   GEN_KIND_INT,
   GEN_KIND_ANY,
};

struct gen_unit {
   uint8_t target;  /* enum tgsi_tex_target */
   uint8_t ret;     /* enum tgsi_ret_type */
};

struct gen_sv {
   uint8_t sem; /* enum tgsi_sem */
   bool is_int;
};

struct gen {
   struct arena *arena;
   uint64_t rng;
   enum gen_stage stage;
   uint32_t feat;
   unsigned budget; /* instructions left to generate */
   VEC(struct tgsi_insn) insns;
   VEC(struct tgsi_imm) imms;
   unsigned ntemps, scratch, lane, counter, array, ntemp_total;
   unsigned array_len;
   uint8_t temp_kind[32]; /* enum gen_kind of each value temporary */
   unsigned nin, nout;
   uint8_t in_sem[8], out_sem[8], out_mask[8];
   unsigned in_sem_index[8], out_sem_index[8];
   struct gen_sv svs[6];
   unsigned nsv;
   struct gen_unit units[GEN_MAX_UNITS];
   unsigned nunits;
   bool use_addr1, use_buffer, use_image, use_shared;
   unsigned depth, loops, switches;
   /* Geometry: the primitives, N, M, G (0: no property), and whether
    * IN[][nin] is a PRIMID input. */
   uint8_t gs_in_prim, gs_out_prim;
   unsigned gs_vertices_in, gs_max_vertices, gs_invocations;
   bool gs_primid_input;
};

/* Random numbers (splitmix64). */
uint64_t gen_rand(struct gen *g);
static inline unsigned
gen_below(struct gen *g, unsigned n)
{
   return n ? (unsigned)(gen_rand(g) % n) : 0;
}
static inline bool
gen_chance(struct gen *g, unsigned percent)
{
   return gen_below(g, 100) < percent;
}

/* gen.c: a new instruction at the end of the body. */
struct tgsi_insn *gen_insn(struct gen *g, enum tgsi_op op);

/* gen_alu.c: operands. */
unsigned gen_imm_vec(struct gen *g, uint32_t x, uint32_t y, uint32_t z,
                     uint32_t w);
void gen_src_imm(struct gen *g, struct tgsi_src *s, uint32_t x, uint32_t y,
                 uint32_t z, uint32_t w);
void gen_src_reg(struct tgsi_src *s, enum tgsi_regfile file, int index);
void gen_src_value(struct gen *g, struct tgsi_src *s,
                   enum tgsi_value_type type);
void gen_dst_reg(struct tgsi_dst *d, enum tgsi_regfile file, int index,
                 unsigned mask);
void gen_dst_value(struct gen *g, struct tgsi_dst *d, enum gen_kind kind);
void gen_swizzle(struct tgsi_src *s, unsigned x, unsigned y, unsigned z,
                 unsigned w);
/* TEMP[scratch + k] = src & mask (per channel), for indices. */
void gen_masked(struct gen *g, unsigned k, uint32_t mx, uint32_t my,
                uint32_t mz, uint32_t mw);
void gen_alu(struct gen *g, enum tgsi_op op);
void gen_set_addr(struct gen *g);
/* gen_alu.c: the vertex of a geometry shader's input operand: a constant
 * below N, or ADDR[0] (0..3) when N > 3. */
void gen_gs_vertex(struct gen *g, struct tgsi_reg *r);

/* gen_res.c */
void gen_tex(struct gen *g, enum tgsi_op op);
void gen_mem(struct gen *g, enum tgsi_op op);
void gen_interp(struct gen *g, enum tgsi_op op);
void gen_declare_resources(struct gen *g, struct tgsi_builder *b);

/* gen_ops.c: the opcode table. */
enum gen_op_kind {
   GEN_OPK_NONE,
   GEN_OPK_ALU,
   GEN_OPK_ALU64,
   GEN_OPK_DERIV,
   GEN_OPK_ARL,
   GEN_OPK_KILL,
   GEN_OPK_TEX,
   GEN_OPK_MEM,
   GEN_OPK_INTERP,
   GEN_OPK_SYNC,
   GEN_OPK_FLOW,
};
enum gen_op_kind gen_op_kind(unsigned opcode);
/* A random opcode the stage and features allow, other than flow. */
enum tgsi_op gen_pick_op(struct gen *g);

#endif
