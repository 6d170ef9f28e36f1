/* SPDX-License-Identifier: MIT */
/*
 * Texture opcodes.
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  texture instructions as Valhall TEX_* messages.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

bool
t_tex(struct tgsi_to_ir *t)
{
   (void)t;
   return false;
}
