/* SPDX-License-Identifier: MIT */
/*
 * The Valhall functional simulator's entry point: runs one binary for one
 * warp against a struct sim_env, as the driver described by a struct
 * sim_layout would, and reports results in struct sim_outputs.
 *
 * It decodes the instruction words itself (through the ISA layer's
 * va_decode, never the compiler's IR) and enforces the scheduling rules
 * dynamically: reading or overwriting a register that a message
 * instruction writes before waiting on its dependency slot, a missing
 * `end`, and the other rules of spec/valhall-encoding.md are errors.
 */
#ifndef TGSIVA_SIM_SIM_VALHALL_H
#define TGSIVA_SIM_SIM_VALHALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim_env.h"
#include "sim_layout.h"

enum sim_program_kind {
   SIM_PROGRAM_VERTEX_POSITION, /* IDVS position binary */
   SIM_PROGRAM_VERTEX_VARYING,  /* IDVS varying binary */
   SIM_PROGRAM_FRAGMENT,
   SIM_PROGRAM_COMPUTE,
};

enum sim_error {
   SIM_OK,
   SIM_ERROR_DECODE,      /* a word that is no instruction */
   SIM_ERROR_HAZARD,      /* a scheduling rule broken at run time */
   SIM_ERROR_NO_END,      /* ran off the end without `end` */
   SIM_ERROR_FAULT,       /* memory access outside every region */
   SIM_ERROR_LIMIT,       /* too many steps (a loop that never ends) */
   SIM_ERROR_UNSUPPORTED, /* an instruction or mode not modelled */
};

struct sim_status {
   enum sim_error error;
   size_t pc;           /* instruction index of the error */
   char message[256];   /* the rule or fault, with the instruction */
   uint64_t steps;      /* instructions executed (per warp) */
};

/* Runs `count` words; false with `status` filled on an error.  Memory
 * writes land in env->memory; shader outputs in `out`. */
bool sim_run(struct sim_env *env, const struct sim_layout *layout,
             enum sim_program_kind kind, const uint64_t *words,
             size_t count, struct sim_outputs *out,
             struct sim_status *status);

#endif
