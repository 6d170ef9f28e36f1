/* SPDX-License-Identifier: MIT */
/*
 * Stands in for run_reference.c while the simulator's Mesa package
 * loader (src/sim/sim_mesa_ref.h) is not part of the tree: `tgsiva run
 * --reference` then says so.  src/tools/meson.build picks one of the two
 * files.
 */
#include "run_check.h"

#include "util/diag.h"

bool
run_load_reference(struct arena *arena, const char *path,
                   struct run_programs *p, struct tgsiva_diagnostic *d)
{
   (void)arena, (void)path, (void)p;
   return diag_error(d, TGSIVA_ERROR_UNSUPPORTED,
                     "Mesa reference packages need the package loader "
                     "(src/sim/sim_mesa_ref.h), which is not part of this "
                     "build");
}
