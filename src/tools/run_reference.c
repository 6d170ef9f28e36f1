/* SPDX-License-Identifier: MIT */
/*
 * Mesa's binaries for the differential tester: a reference package
 * (../shared/mesa-ref, read by the simulator's sim_mesa_ref_load) as
 * programs and layout, so that `tgsiva run --reference` judges Mesa's
 * code with the same interpreter and tolerances as tgsiva's.
 *
 * 1. Fragment and compute shaders run the `main` program.
 * 2. Vertex shaders run `position` (the variant with the point size, as
 *    a point draw would) and then `varying` when Mesa made one.
 * 3. A package without any program to run is refused with that reason
 *    (Mesa emits nothing for a vertex shader that does not write
 *    POSITION, and an empty binary for the compute shader END).
 */
#include "run_check.h"

#include <string.h>

#include "sim/sim_mesa_ref.h"
#include "util/diag.h"

static void
add_program(struct run_programs *p, const struct sim_mesa_ref_program *prog)
{
   p->kind[p->count] = (uint8_t)prog->kind;
   p->words[p->count] = prog->words;
   p->word_count[p->count] = prog->count;
   p->count++;
}

static bool
runnable(const struct sim_mesa_ref_program *prog)
{
   return prog->present && prog->count > 0;
}

bool
run_load_reference(struct arena *arena, const char *path,
                   struct run_programs *p, struct tgsiva_diagnostic *d)
{
   struct sim_mesa_ref pkg;
   memset(p, 0, sizeof(*p));
   if (!sim_mesa_ref_load(arena, path, &pkg, d))
      return false;
   p->origin = path;
   p->layout = pkg.layout;
   if (pkg.stage == SIM_STAGE_VERTEX) {
      if (runnable(&pkg.programs[SIM_MESA_REF_POSITION]))
         add_program(p, &pkg.programs[SIM_MESA_REF_POSITION]);
      if (runnable(&pkg.programs[SIM_MESA_REF_VARYING]))
         add_program(p, &pkg.programs[SIM_MESA_REF_VARYING]);
   } else if (runnable(&pkg.programs[SIM_MESA_REF_MAIN])) {
      add_program(p, &pkg.programs[SIM_MESA_REF_MAIN]);
   }
   if (!p->count)
      return diag_error(d, TGSIVA_ERROR_UNSUPPORTED,
                        "the package has no program to run (Mesa emits "
                        "none for a vertex shader without POSITION and an "
                        "empty one for END)");
   return true;
}
