/* SPDX-License-Identifier: MIT */
/*
 * Stands in for run_sim.c while the Valhall simulator
 * (src/sim/sim_valhall.c) is not part of the tree: `tgsiva run --check`
 * then says so instead of comparing anything.  src/tools/meson.build
 * picks one of the two files.
 */
#include "run_check.h"

bool
run_simulate(struct sim_env *env, const struct run_programs *p, unsigned i,
             struct sim_outputs *out, struct run_sim_stop *stop)
{
   (void)env, (void)p, (void)i, (void)out;
   stop->fault_lane = stop->fault_region = -1;
   stop->barrier_lanes = 0;
   snprintf(stop->message, sizeof(stop->message),
            "the Valhall simulator (src/sim/sim_valhall.c) is not part of "
            "this build");
   return false;
}
