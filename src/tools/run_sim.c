/* SPDX-License-Identifier: MIT */
/*
 * The differential tester's call into the Valhall simulator: one program
 * of a struct run_programs on one environment.  Built when the simulator
 * (src/sim/sim_valhall.c) is part of the tree; run_sim_absent.c stands
 * in for it otherwise.
 */
#include "run_check.h"

#include <string.h>

#include "sim/sim_valhall.h"

static const char *const error_names[] = {
   [SIM_OK] = "no error",
   [SIM_ERROR_DECODE] = "undecodable word",
   [SIM_ERROR_HAZARD] = "scheduling hazard",
   [SIM_ERROR_NO_END] = "ran off the end",
   [SIM_ERROR_FAULT] = "memory fault",
   [SIM_ERROR_LIMIT] = "step limit",
   [SIM_ERROR_UNSUPPORTED] = "not modelled",
};

bool
run_simulate(struct sim_env *env, const struct run_programs *p, unsigned i,
             struct sim_outputs *out, struct run_sim_stop *stop)
{
   struct sim_status st;
   memset(&st, 0, sizeof(st));
   if (sim_run(env, &p->layout, (enum sim_program_kind)p->kind[i],
               p->words[i], p->word_count[i], out, &st))
      return true;
   const char *name = (unsigned)st.error < sizeof(error_names) /
                                              sizeof(error_names[0])
                         ? error_names[st.error]
                         : "error";
   snprintf(stop->message, sizeof(stop->message),
            "%s in program %u at instruction %zu: %s", name, i, st.pc,
            st.message);
   stop->fault_lane = st.fault_lane;
   stop->fault_region = st.fault_region;
   stop->barrier_lanes = st.barrier_lanes;
   return false;
}
