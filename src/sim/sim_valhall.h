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
 *
 * What the driver and the hardware supply (see ../shared/mesa-ref/README.md
 * for Panfrost's conventions, which this follows):
 *
 *  - Registers start at zero, except the preloaded ones: vertex r59 =
 *    linear id (0x40 + 8 * lane, so that LEA_BUF_IMM of it and of it + 4
 *    name this lane's position record and point-size field), r60 = vertex
 *    id, r61 = instance id; fragment r58 = 0 for a front face, r59 = pixel
 *    x | y << 16, r60 = coverage, r61 = sample mask | sample id << 16;
 *    compute r55 = local x | y << 16, r56 = local z, r57-r59 = workgroup
 *    id, r60-r62 = global id; transform feedback (one-thread
 *    workgroups merged into a warp) r57 = the lane's vertex in the draw
 *    (vertex id - draw_first_vertex), r58 = its instance id.
 *  - FAU uniform word i is layout->push[i]: a word of a user uniform
 *    buffer (sim_env_ubo_word) or of the sysval buffer (computed from the
 *    environment as layout->sysvals describes).
 *  - Resource tables (Panfrost's): 0 uniform buffers, 1 attributes, 3
 *    samplers, 4 textures, 5 images; table 0xD index 0 of LEA_BUF_IMM is
 *    the IDVS vertex record buffer.
 *  - Blend descriptors select the fixed-function path (no blend shader):
 *    BLEND writes render target N of blend_descriptor_N and ends or skips
 *    `target` instructions, so the blend-shader tail never runs.
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
   SIM_PROGRAM_XFB, /* transform feedback: a compute job of one-thread
                       workgroups (vertex, instance), docs/xfb.md */
   SIM_PROGRAM_GEOMETRY, /* a compute job of one-thread workgroups
                            (primitive, instance, invocation), docs/abi.md */
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

/* A short name of an error ("hazard"), for reports. */
const char *sim_error_name(enum sim_error error);

struct sim_status {
   enum sim_error error;
   size_t pc;           /* instruction index of the error */
   char message[256];   /* the rule or fault, with the instruction */
   uint64_t steps;      /* instructions executed (per warp) */
   /* SIM_ERROR_FAULT of a lane's access to a resource: the lane and the
    * kind of region it aimed at (enum sim_region_kind); -1 otherwise. */
   int32_t fault_lane;
   int32_t fault_region;
   /* SIM_ERROR_HAZARD of a BARRIER that not every live lane reached: the
    * lanes it waits for; 0 otherwise. */
   uint32_t barrier_lanes;
};

/* The default step limit: instructions executed by the warp. */
#define SIM_STEP_LIMIT 1000000u

/*
 * Runs `count` words; false with `status` filled on an error (status is
 * always reset first).  Memory writes land in env->memory (a vertex
 * program adds the SIM_REGION_VERTEX region of output records if it is
 * missing); shader outputs are added to `out`, which is not cleared, so
 * that the position and varying programs of one vertex shader fill one
 * struct: zero it before the first program.
 */
bool sim_run(struct sim_env *env, const struct sim_layout *layout,
             enum sim_program_kind kind, const uint64_t *words,
             size_t count, struct sim_outputs *out,
             struct sim_status *status);

/* For tests and debugging: registers in and out, and another limit. */
struct sim_run_options {
   /* Register values to start from, instead of the preloads, or NULL. */
   const uint32_t (*initial_regs)[64]; /* [SIM_LANES][64] */
   /* Receives every lane's registers at the end (also on an error), or
    * NULL. */
   uint32_t (*final_regs)[64];
   uint64_t step_limit; /* 0: SIM_STEP_LIMIT */
};

bool sim_run_ex(struct sim_env *env, const struct sim_layout *layout,
                enum sim_program_kind kind, const uint64_t *words,
                size_t count, struct sim_outputs *out,
                struct sim_status *status,
                const struct sim_run_options *options);

#endif
