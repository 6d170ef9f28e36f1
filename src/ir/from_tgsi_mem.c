/* SPDX-License-Identifier: MIT */
/*
 * Memory opcodes: LOAD, STORE and atomics on buffers, images and shared
 * memory.
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  memory instructions as Valhall LOAD/STORE/ATOM messages.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

bool
t_mem(struct tgsi_to_ir *t)
{
   (void)t;
   return false;
}
