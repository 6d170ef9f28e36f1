/* SPDX-License-Identifier: MIT */
/*
 * Key options: --clip-planes MASK, --sprite-coord MASK, --sprite-origin
 * upper-left|lower-left, --color-buffers N, --rt-types LIST and
 * --fixed-varyings MASK.  Masks are decimal or 0x hexadecimal.
 */
#include "key_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char key_args_help[] =
   "  --clip-planes MASK discard where clip distance i (bit i) is "
   "negative\n"
   "  --sprite-coord MASK replace TEXCOORD[i] (bit i) and GENERIC[i] (bit "
   "i+8)\n"
   "                     by the point coordinate\n"
   "  --sprite-origin upper-left|lower-left  the point coordinate's "
   "origin\n"
   "  --color-buffers N  COLOR0_WRITES_ALL_CBUFS writes render targets "
   "0..N-1\n"
   "  --rt-types LIST    render-target types, comma-separated: auto, f32, "
   "f16,\n"
   "                     s32, s16, u32, u16 (render target 0 first)\n"
   "  --fixed-varyings MASK  the linked vertex shader's fixed-varying "
   "mask\n";

static const char *const rt_names[TGSIVA_RT_TYPE_COUNT] = {
   [TGSIVA_RT_AUTO] = "auto", [TGSIVA_RT_F32] = "f32",
   [TGSIVA_RT_F16] = "f16",   [TGSIVA_RT_S32] = "s32",
   [TGSIVA_RT_S16] = "s16",   [TGSIVA_RT_U32] = "u32",
   [TGSIVA_RT_U16] = "u16",
};

static bool
parse_u32(const char *s, uint32_t max, uint32_t *out)
{
   char *end;
   if (!*s || *s == '-')
      return false;
   unsigned long long v = strtoull(s, &end, 0);
   if (*end || v > max)
      return false;
   *out = (uint32_t)v;
   return true;
}

static bool
parse_rt_types(const char *s, uint8_t types[8])
{
   memset(types, 0, 8);
   for (unsigned rt = 0;; rt++) {
      size_t n = strcspn(s, ",");
      unsigned t = 0;
      while (t < TGSIVA_RT_TYPE_COUNT &&
             (strlen(rt_names[t]) != n || strncmp(rt_names[t], s, n)))
         t++;
      if (rt >= 8 || t == TGSIVA_RT_TYPE_COUNT)
         return false;
      types[rt] = (uint8_t)t;
      if (!s[n])
         return true;
      s += n + 1;
   }
}

/* Applies option `name` with `value`; false if the value is bad. */
static bool
apply(const char *name, const char *value, struct tgsiva_shader_key *k)
{
   uint32_t v;
   if (!strcmp(name, "--clip-planes") && parse_u32(value, 0xff, &v))
      k->clip_plane_enable = (uint8_t)v;
   else if (!strcmp(name, "--sprite-coord") &&
            parse_u32(value, 0xffffffffu, &v))
      k->sprite_coord_enable = v;
   else if (!strcmp(name, "--color-buffers") && parse_u32(value, 8, &v))
      k->color_buffers = (uint8_t)v;
   else if (!strcmp(name, "--fixed-varyings") &&
            parse_u32(value, 0xffffffffu, &v))
      k->fixed_varying_mask = v;
   else if (!strcmp(name, "--sprite-origin") &&
            (!strcmp(value, "upper-left") || !strcmp(value, "lower-left")))
      k->sprite_coord_origin = !strcmp(value, "lower-left")
                                  ? TGSIVA_SPRITE_ORIGIN_LOWER_LEFT
                                  : TGSIVA_SPRITE_ORIGIN_UPPER_LEFT;
   else if (!strcmp(name, "--rt-types"))
      return parse_rt_types(value, k->rt_types);
   else
      return false;
   return true;
}

static bool
is_key_option(const char *arg)
{
   static const char *const names[] = {
      "--clip-planes",   "--sprite-coord", "--sprite-origin",
      "--color-buffers", "--rt-types",     "--fixed-varyings",
   };
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      if (!strcmp(arg, names[i]))
         return true;
   }
   return false;
}

bool
key_option(const char *name, const char *value, struct tgsiva_shader_key *key)
{
   return is_key_option(name) && apply(name, value, key);
}

enum key_arg_result
key_arg(const char *cmd, int argc, char **argv, int *i,
        struct tgsiva_shader_key *key)
{
   const char *arg = argv[*i];
   if (!is_key_option(arg))
      return KEY_ARG_NONE;
   if (++*i == argc || !apply(arg, argv[*i], key)) {
      cli_usage_error(cmd, "%s needs a valid value (see --help)", arg);
      return KEY_ARG_BAD;
   }
   return KEY_ARG_TAKEN;
}
