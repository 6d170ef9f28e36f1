/* SPDX-License-Identifier: MIT */
/*
 * The Valhall simulator's internal state and the functions its files
 * share.  One struct sim_warp holds everything a run needs: the decoded
 * program, sixteen lanes of registers and program counters, the
 * scoreboard that enforces the dependency-slot rules, and the vertex
 * output records.  It lives in the environment's arena for one sim_run.
 *
 * The files:
 *   sim_valhall.c  the run loop: lanes, control flow, flow bits
 *   sim_setup.c    what the driver supplies: preloads, FAU, sysvals
 *   sim_source.c   reading operands: registers, FAU, swizzles
 *   sim_float.c    IEEE-754 binary32/binary16 arithmetic and rounding
 *   sim_alu.c, sim_alu_int.c, sim_sfu.c   ALU forms (one table)
 *   sim_message.c  message forms (varyings, buffers, memory, output)
 *   sim_texture.c  texturing and images
 *   sim_vertex.c   IDVS vertex records
 *   sim_hazard.c   the scheduling rules, checked at run time
 */
#ifndef TGSIVA_SIM_SIM_INTERNAL_H
#define TGSIVA_SIM_SIM_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "emit/va.h"
#include "sim_valhall.h"

#define SIM_REGS 64
#define SIM_ALL_LANES ((1u << SIM_LANES) - 1)

/* Instruction word k sits at this address plus 8k: what
 * program_counter reads and BRANCHZI.absolute jumps to. */
#define SIM_CODE_BASE 0x40000000ull

/* The implicit dependency slot of ATEST's result (waited on by
 * wait0126 and wait, never named in the encoding). */
#define SIM_ATEST_SLOT 6

/* Memory accesses a lane may have outstanding, for the memory hazard
 * rule; older ones are forgotten (never a false hazard). */
#define SIM_MAX_MEM_PENDING 32

struct sim_mem_access {
   uint64_t addr;
   uint32_t size;
   uint8_t slot;
   bool store;
   size_t pc;
};

struct sim_warp {
   struct sim_env *env;
   struct arena *arena;
   const struct sim_layout *layout;
   enum sim_program_kind kind;
   const uint64_t *words;
   size_t count;
   struct va_instr *code; /* decoded words, filled on first use */
   uint8_t *decoded;      /* per word: 0 not yet, 1 decoded */
   struct sim_outputs *out;
   struct sim_status *status;
   uint64_t step_limit;

   uint32_t reg[SIM_LANES][SIM_REGS];
   size_t pc[SIM_LANES];
   uint32_t alive;     /* lanes that have not ended */
   uint32_t discarded; /* lanes killed by DISCARD: helpers, no effects */

   /* The instruction being executed, and what it does to control. */
   size_t cur;
   const struct va_instr *I;
   uint32_t active;         /* lanes executing it */
   size_t next[SIM_LANES];  /* their next instruction */
   uint32_t ending;         /* active lanes that end with it */

   /* The lanes that run on together (0: pick again), and the previous
    * step's flow, for the ATEST and BLEND rules. */
   uint32_t group;
   bool has_prev;
   uint8_t prev_flow;

   /* Scoreboard, per lane and register: slots of pending messages that
    * write the register, or read it as a staging register. */
   uint8_t pend_write[SIM_LANES][SIM_REGS];
   uint8_t pend_read[SIM_LANES][SIM_REGS];
   uint32_t pend_pc[SIM_LANES][SIM_REGS];
   uint64_t dead[SIM_LANES]; /* read with ^ and not written since */
   struct sim_mem_access mem[SIM_LANES][SIM_MAX_MEM_PENDING];
   unsigned mem_count[SIM_LANES];

   uint32_t push[SIM_MAX_PUSH]; /* FAU uniform words */

   /* IDVS vertex records (sim_vertex.c). */
   struct sim_region *vertex;
   uint8_t *vertex_written; /* one flag per byte of the region */
};

static inline uint64_t
sim_mask(unsigned bits)
{
   return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

/* x's low `bits` bits as a signed value. */
static inline int64_t
sim_sext(uint64_t x, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)x;
   uint64_t m = (uint64_t)1 << (bits - 1);
   x &= sim_mask(bits);
   return (int64_t)((x ^ m) - m);
}

/* sim_valhall.c */

/* Records the first error of the run: "message, in `INSTR`" at the
 * current instruction.  Returns false. */
bool sim_fail(struct sim_warp *w, enum sim_error error, const char *fmt,
              ...) __attribute__((format(printf, 3, 4)));
/* A memory fault of one lane's access aimed at a region of `kind` (-1:
 * unknown): sim_status says which, so that a harness can tell an access
 * outside a resource from one outside everything.  Returns false. */
bool sim_fault_access(struct sim_warp *w, unsigned lane, int kind,
                      const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));
static inline bool
sim_failed(const struct sim_warp *w)
{
   return w->status->error != SIM_OK;
}
/* Whether the simulator runs `op` (control, ALU or message form). */
bool sim_form_modelled(enum va_op op);
/* Writes a whole register of one lane (it is live again). */
void sim_write_reg(struct sim_warp *w, unsigned lane, unsigned reg,
                   uint32_t value);
/* Lanes that take part in memory and output effects. */
static inline uint32_t
sim_effect_lanes(const struct sim_warp *w)
{
   return w->active & ~w->discarded;
}
#define sim_foreach_lane(mask, l)                                            \
   for (unsigned l = 0; l < SIM_LANES; l++)                                 \
      if ((mask) & (1u << l))

/* sim_setup.c */
void sim_setup_preloads(struct sim_warp *w);
bool sim_setup_push(struct sim_warp *w);
/* A special FAU value (64 bits) for a lane; false if not modelled. */
bool sim_special_value(const struct sim_warp *w, enum va_special which,
                       unsigned lane, uint64_t *value);
/* A 32-bit word of the sysval buffer at byte `offset`. */
uint32_t sim_sysval_word(const struct sim_warp *w, uint32_t offset);
/* A word of uniform buffer `ubo` (user or sysval) at byte `offset`. */
uint32_t sim_ubo_word(const struct sim_warp *w, uint32_t ubo,
                      uint32_t offset);
/* The encoded blend descriptor of render target `rt`, and back. */
uint64_t sim_blend_descriptor(unsigned rt);
bool sim_blend_descriptor_rt(uint64_t value, unsigned *rt);

/* sim_source.c */
/* Checks that every source can be read (uniform in range, special
 * modelled, aligned pair). */
bool sim_check_sources(struct sim_warp *w);
/* Source i of the current instruction for a lane: its 32-bit value, or
 * both words of a 64-bit pair; no swizzle or modifier applied. */
uint64_t sim_src_raw(const struct sim_warp *w, unsigned lane, unsigned i);
/* A staging register vector: count words from the base register. */
static inline uint32_t
sim_staging(const struct sim_warp *w, unsigned lane, unsigned which,
            unsigned k)
{
   return w->reg[lane][(w->I->staging[which].reg + k) % SIM_REGS];
}

/* What a swizzle-like token selects (enum va_swz -> selector). */
enum sim_swz_kind {
   SIM_SWZ_IDENTITY,
   SIM_SWZ_HALF,  /* sel[0]: a half, extended */
   SIM_SWZ_BYTE,  /* sel[0]: a byte, extended */
   SIM_SWZ_WORD,  /* the low word of a 64-bit source, extended */
   SIM_SWZ_HALVES, /* sel[0..1]: the half for each 16-bit lane */
   SIM_SWZ_BYTES2, /* sel[0..1]: the byte for each 16-bit lane */
   SIM_SWZ_BYTES4, /* sel[0..3]: the byte for each 8-bit lane */
   SIM_SWZ_COMBINE, /* BRANCHZ: and / lowbits */
};
struct sim_swz {
   uint8_t kind;
   uint8_t sel[4];
};
extern const struct sim_swz sim_swizzles[VA_SWZ_COUNT];

/* sim_alu.c: the ALU forms, one table. */
bool sim_alu_execute(struct sim_warp *w);
bool sim_alu_modelled(enum va_op op);

/* sim_message.c and sim_texture.c: the message forms. */
bool sim_message_execute(struct sim_warp *w);
bool sim_message_modelled(enum va_op op);
/* The dependency slot the current message writes, or -1. */
int sim_message_slot(const struct va_instr *I);
/* Reads or writes `size` bytes at a 64-bit address for a lane: a
 * memory fault is an error. */
bool sim_mem_read(struct sim_warp *w, unsigned lane, uint64_t addr,
                  uint32_t size, uint8_t *bytes);
bool sim_mem_write(struct sim_warp *w, unsigned lane, uint64_t addr,
                   uint32_t size, const uint8_t *bytes);
bool sim_tex_single(struct sim_warp *w);
bool sim_tex_fetch(struct sim_warp *w);
bool sim_tex_gather(struct sim_warp *w);
bool sim_ld_tex(struct sim_warp *w);
bool sim_lea_tex(struct sim_warp *w);
bool sim_st_cvt(struct sim_warp *w);
/* Words of a register format from four 32-bit channel values (and
 * back): f32/u32/s32/auto as they are, 16-bit formats packed in pairs.
 * Returns the number of registers. */
unsigned sim_regfmt_pack(unsigned regfmt, bool float_channels,
                         const uint32_t *channels, unsigned n,
                         uint32_t *words);
void sim_regfmt_unpack(unsigned regfmt, bool float_channels,
                       const uint32_t *words, unsigned n,
                       uint32_t *channels);

/* sim_vertex.c */
bool sim_vertex_setup(struct sim_warp *w);
bool sim_lea_buf_imm(struct sim_warp *w);
/* The byte address a vertex STORE really writes (estream stores land in
 * the varying record). */
uint64_t sim_vertex_store_address(const struct sim_warp *w, uint64_t addr,
                                  unsigned access);
void sim_vertex_mark(struct sim_warp *w, uint64_t addr, uint32_t size);
void sim_vertex_collect(struct sim_warp *w);

/* sim_hazard.c */
bool sim_hazard_before(struct sim_warp *w);
void sim_hazard_after(struct sim_warp *w);
/* Checks a memory access of the current message against the lane's
 * outstanding ones and records it. */
bool sim_hazard_memory(struct sim_warp *w, unsigned lane, uint64_t addr,
                       uint32_t size, bool store);
/* Slots waited on by a flow value (bit s: slot s). */
uint8_t sim_flow_wait_mask(unsigned flow);

#endif
