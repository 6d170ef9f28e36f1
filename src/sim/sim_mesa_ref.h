/* SPDX-License-Identifier: MIT */
/*
 * Mesa reference packages (../shared/mesa-ref/{vs,fs,cs}/NAME.json, described
 * in its README.md): Mesa 24.0.9's Valhall binaries for corpus shaders,
 * with the driver-side layout.  sim_mesa_ref_load turns one into program
 * words and a struct sim_layout that sim_run takes as they are.
 *
 * The layout: push word i from push[i]; the sysval buffer's index and its
 * entries (viewport_scale, viewport_offset, ssbo -> SIM_SYSVAL_BUFFER,
 * texture_size with the texture unit as id, and the other kinds
 * sim_layout.h lists, by Mesa's name); vertex outputs and fragment inputs
 * with a byte offset (semantic from the TGSI name, index, byte offset,
 * component count from the format); tls/wls sizes from `info`.
 */
#ifndef TGSIVA_SIM_SIM_MESA_REF_H
#define TGSIVA_SIM_SIM_MESA_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim_layout.h"
#include "sim_valhall.h"
#include "tgsiva/tgsiva.h"
#include "util/arena.h"

enum sim_mesa_ref_program_id {
   SIM_MESA_REF_MAIN,             /* fs and cs */
   SIM_MESA_REF_POSITION,         /* vs: IDVS position (and point size) */
   SIM_MESA_REF_POSITION_NO_PSIZ, /* vs: the copy without point size */
   SIM_MESA_REF_VARYING,          /* vs: IDVS varying shader */
   SIM_MESA_REF_PROGRAM_COUNT,
};

/* "main", "position", "position_no_psiz", "varying". */
extern const char *const sim_mesa_ref_program_names[SIM_MESA_REF_PROGRAM_COUNT];

struct sim_mesa_ref_program {
   bool present;           /* the package has it (it may be empty) */
   enum sim_program_kind kind;
   const uint64_t *words;  /* little-endian words, Mesa's padding kept */
   size_t count;
   uint64_t preload_mask;  /* registers live at entry (bit n: rn) */
};

struct sim_mesa_ref {
   const char *tgsi; /* the source, relative to corpus/tgsi ("fs/x.tgsi") */
   enum sim_stage stage;
   struct sim_layout layout;
   struct sim_mesa_ref_program programs[SIM_MESA_REF_PROGRAM_COUNT];
   uint32_t texture_count, sampler_count, user_ubo_count;
   uint32_t local_size[3]; /* compute; 1 elsewhere */
   bool writes_position, writes_point_size; /* vertex */
   /* Fragment: render targets some BLEND writes, and ZS_EMIT outputs. */
   uint32_t rt_mask;
   bool writes_depth, writes_stencil;
};

/* Reads and converts the package at `path`; arena-allocated results. */
bool sim_mesa_ref_load(struct arena *arena, const char *path,
                       struct sim_mesa_ref *pkg,
                       struct tgsiva_diagnostic *d);
/* The same from the package's text. */
bool sim_mesa_ref_parse(struct arena *arena, const char *text, size_t len,
                        struct sim_mesa_ref *pkg,
                        struct tgsiva_diagnostic *d);

#endif
