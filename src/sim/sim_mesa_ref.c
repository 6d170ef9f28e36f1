/* SPDX-License-Identifier: MIT */
/*
 * Loading a Mesa reference package (sim_mesa_ref.h): JSON in, program
 * words and a struct sim_layout out.
 *
 * 1. Binaries are hex strings of bytes in memory order; instruction k is
 *    the little-endian word at byte 8k.  An odd number of digits, a
 *    length that is no multiple of 8 bytes or a non-hex digit is an
 *    error, never a shortened program.
 * 2. Fields the layout needs but the package leaves null (the byte
 *    offsets of position and point size, formats of unread inputs) are
 *    skipped; missing required fields are errors naming them.
 * 3. A sysval kind the layout cannot express is an error naming it, so
 *    that a package is never run with a silently wrong buffer.
 */
#include "sim_mesa_ref.h"

#include <string.h>

#include "emit/va.h"
#include "sim_json.h"
#include "tgsi/tgsi_info.h"
#include "tgsi/tgsi_tokens.h"
#include "util/diag.h"
#include "util/fileio.h"

const char *const sim_mesa_ref_program_names[SIM_MESA_REF_PROGRAM_COUNT] = {
    "main",
    "position",
    "position_no_psiz",
    "varying",
};

static bool
missing(struct tgsiva_diagnostic *d, const char *what)
{
   return diag_error(d, TGSIVA_ERROR_INPUT, "package: %s is missing", what);
}

/* Rule 1. */
static bool
hex_words(struct arena *arena, const char *hex, size_t len,
          const uint64_t **words, size_t *count, struct tgsiva_diagnostic *d)
{
   if (len % 16)
      return diag_error(d, TGSIVA_ERROR_INPUT,
                        "package: a binary of %zu hex digits is no whole "
                        "number of 8-byte words",
                        len);
   uint64_t *w = ARENA_ARRAY(arena, uint64_t, len / 16 + 1);
   for (size_t i = 0; i < len; i += 2) {
      int hi = va_hex_digit(hex[i]), lo = va_hex_digit(hex[i + 1]);
      if (hi < 0 || lo < 0)
         return diag_error(d, TGSIVA_ERROR_INPUT,
                           "package: binary digit %zu is not hex", i);
      w[i / 16] |= (uint64_t)(hi << 4 | lo) << (8 * ((i / 2) % 8));
   }
   *words = w;
   *count = len / 16;
   return true;
}

static uint64_t
hex_number(const struct sim_json *v)
{
   const char *s = sim_json_string(v, "0");
   uint64_t n = 0;
   if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
      s += 2;
   for (; va_hex_digit(*s) >= 0; s++)
      n = n << 4 | (uint64_t)va_hex_digit(*s);
   return n;
}

static enum sim_program_kind
program_kind(enum sim_stage stage, unsigned program)
{
   if (program == SIM_MESA_REF_VARYING)
      return SIM_PROGRAM_VERTEX_VARYING;
   if (program != SIM_MESA_REF_MAIN)
      return SIM_PROGRAM_VERTEX_POSITION;
   return stage == SIM_STAGE_COMPUTE ? SIM_PROGRAM_COMPUTE
                                     : SIM_PROGRAM_FRAGMENT;
}

static bool
load_programs(struct arena *arena, const struct sim_json *root,
              struct sim_mesa_ref *pkg, struct tgsiva_diagnostic *d)
{
   const struct sim_json *bins = sim_json_get(root, "binaries");
   const struct sim_json *info = sim_json_get(root, "info");
   if (!bins || bins->type != SIM_JSON_OBJECT)
      return missing(d, "binaries");
   for (unsigned p = 0; p < SIM_MESA_REF_PROGRAM_COUNT; p++) {
      const struct sim_json *b =
          sim_json_get(bins, sim_mesa_ref_program_names[p]);
      struct sim_mesa_ref_program *prog = &pkg->programs[p];
      if (!b || b->type != SIM_JSON_STRING)
         continue;
      prog->present = true;
      prog->kind = program_kind(pkg->stage, p);
      prog->preload_mask = hex_number(sim_json_get(
          info, p == SIM_MESA_REF_VARYING ? "secondary_preload_mask"
                                          : "preload_mask"));
      if (!hex_words(arena, b->string, b->length, &prog->words, &prog->count,
                     d))
         return false;
   }
   return true;
}

static bool
load_push(const struct sim_json *root, struct sim_layout *L,
          struct tgsiva_diagnostic *d)
{
   const struct sim_json *push = sim_json_get(root, "push");
   if (!push || push->type != SIM_JSON_ARRAY)
      return missing(d, "push");
   if (push->length > SIM_MAX_PUSH)
      return diag_error(d, TGSIVA_ERROR_LIMIT, "package: %zu push words",
                        push->length);
   L->push_count = (unsigned)push->length;
   for (size_t i = 0; i < push->length; i++) {
      const struct sim_json *w = sim_json_at(push, i);
      L->push[i].ubo = (uint32_t)sim_json_number(sim_json_get(w, "ubo"), 0);
      L->push[i].offset =
          (uint32_t)sim_json_number(sim_json_get(w, "offset"), 0);
   }
   return true;
}

static const struct {
   const char *name;
   enum sim_sysval_kind kind;
} sysval_kinds[] = {
    {"viewport_scale", SIM_SYSVAL_VIEWPORT_SCALE},
    {"viewport_offset", SIM_SYSVAL_VIEWPORT_OFFSET},
    {"ssbo", SIM_SYSVAL_BUFFER},
    {"texture_size", SIM_SYSVAL_TEXTURE_SIZE},
    {"image_size", SIM_SYSVAL_IMAGE_SIZE},
    {"num_work_groups", SIM_SYSVAL_NUM_WORKGROUPS},
};

static bool
load_sysval(const struct sim_json *e, struct sim_sysval *s,
            struct tgsiva_diagnostic *d)
{
   const char *name = sim_json_string(sim_json_get(e, "name"), "?");
   unsigned k = 0, n = sizeof(sysval_kinds) / sizeof(sysval_kinds[0]);
   while (k < n && strcmp(sysval_kinds[k].name, name) != 0)
      k++;
   if (k == n)
      return diag_error(d, TGSIVA_ERROR_UNSUPPORTED,
                        "package: sysval \"%s\" has no layout kind", name);
   s->kind = (uint8_t)sysval_kinds[k].kind;
   s->offset = (uint32_t)sim_json_number(sim_json_get(e, "offset"), 0);
   s->id = (uint32_t)sim_json_number(sim_json_get(e, "id"), 0);
   const struct sim_json *unit =
       sim_json_get(sim_json_get(e, "id_decoded"), "unit");
   if (unit)
      s->id = (uint32_t)sim_json_number(unit, 0);
   return true;
}

static bool
load_sysvals(const struct sim_json *root, struct sim_layout *L,
             struct tgsiva_diagnostic *d)
{
   const struct sim_json *sv = sim_json_get(root, "sysvals");
   const struct sim_json *ubo = sim_json_get(sv, "ubo");
   const struct sim_json *entries = sim_json_get(sv, "entries");
   L->sysval_ubo = ubo && ubo->type == SIM_JSON_NUMBER ? (int)ubo->number : -1;
   if (!entries || entries->type != SIM_JSON_ARRAY)
      return missing(d, "sysvals.entries");
   if (entries->length > SIM_MAX_SYSVALS)
      return diag_error(d, TGSIVA_ERROR_LIMIT, "package: %zu sysvals",
                        entries->length);
   L->sysval_count = (unsigned)entries->length;
   for (size_t i = 0; i < entries->length; i++) {
      if (!load_sysval(sim_json_at(entries, i), &L->sysvals[i], d))
         return false;
   }
   return true;
}

static uint8_t
format_components(const char *format)
{
   uint8_t n = 0;
   for (const char *s = format; s && *s && *s != '_'; s++)
      n += *s == 'R' || *s == 'G' || *s == 'B' || *s == 'A';
   return n ? n : 4;
}

/* Varyings with a byte offset, as layout inputs or outputs (rule 2). */
static bool
load_varyings(const struct sim_json *list, struct sim_varying *out,
              unsigned *count, struct tgsiva_diagnostic *d)
{
   *count = 0;
   for (size_t i = 0; list && i < list->length; i++) {
      const struct sim_json *v = sim_json_at(list, i);
      const struct sim_json *off = sim_json_get(v, "byte_offset");
      if (!off || off->type != SIM_JSON_NUMBER)
         continue;
      const char *sem = sim_json_string(sim_json_get(v, "semantic"), "");
      int s = tgsi_name_find(&tgsi_sem_names, sem, strlen(sem));
      if (s < 0)
         return diag_error(d, TGSIVA_ERROR_INPUT,
                           "package: unknown semantic \"%s\"", sem);
      if (*count == SIM_MAX_LAYOUT_VARYINGS)
         return diag_error(d, TGSIVA_ERROR_LIMIT, "package: %zu varyings",
                           list->length);
      struct sim_varying *x = &out[(*count)++];
      x->semantic = (uint8_t)s;
      x->index =
          (uint32_t)sim_json_number(sim_json_get(v, "semantic_index"), 0);
      x->byte_offset = (uint32_t)off->number;
      x->components =
          format_components(sim_json_string(sim_json_get(v, "format"), NULL));
   }
   return true;
}

static bool
load_stage(const struct sim_json *root, struct sim_mesa_ref *pkg,
           struct tgsiva_diagnostic *d)
{
   const char *stage = sim_json_string(sim_json_get(root, "stage"), "");
   if (strcmp(stage, "vs") == 0)
      pkg->stage = SIM_STAGE_VERTEX;
   else if (strcmp(stage, "fs") == 0)
      pkg->stage = SIM_STAGE_FRAGMENT;
   else if (strcmp(stage, "cs") == 0)
      pkg->stage = SIM_STAGE_COMPUTE;
   else
      return diag_error(d, TGSIVA_ERROR_INPUT, "package: stage \"%s\"", stage);
   pkg->layout.stage = pkg->stage;
   return true;
}

static void
load_info(const struct sim_json *root, struct sim_mesa_ref *pkg)
{
   const struct sim_json *info = sim_json_get(root, "info");
   pkg->layout.tls_size =
       (uint32_t)sim_json_number(sim_json_get(info, "tls_size"), 0);
   pkg->layout.wls_size =
       (uint32_t)sim_json_number(sim_json_get(info, "wls_size"), 0);
   pkg->texture_count =
       (uint32_t)sim_json_number(sim_json_get(info, "texture_count"), 0);
   pkg->sampler_count =
       (uint32_t)sim_json_number(sim_json_get(info, "sampler_count"), 0);
   pkg->writes_point_size =
       sim_json_bool(sim_json_get(info, "writes_point_size"), false);
   pkg->user_ubo_count = (uint32_t)sim_json_number(
       sim_json_get(sim_json_get(root, "ubos"), "user_ubo_count"), 0);
   pkg->writes_depth = sim_json_bool(sim_json_get(info, "writes_depth"), false);
   pkg->writes_stencil =
       sim_json_bool(sim_json_get(info, "writes_stencil"), false);
   const struct sim_json *vouts =
       sim_json_get(sim_json_get(root, "varyings"), "outputs");
   for (size_t i = 0; vouts && i < vouts->length; i++) {
      const char *kind =
          sim_json_string(sim_json_get(sim_json_at(vouts, i), "kind"), "");
      pkg->writes_position |= strcmp(kind, "position") == 0;
   }
   const struct sim_json *outs =
       sim_json_get(sim_json_get(root, "fs_outputs"), "outputs");
   for (size_t i = 0; outs && i < outs->length; i++) {
      const struct sim_json *rt =
          sim_json_get(sim_json_at(outs, i), "render_target");
      if (rt && rt->type == SIM_JSON_NUMBER && rt->number < 32)
         pkg->rt_mask |= 1u << (unsigned)rt->number;
   }
   const struct sim_json *ls = sim_json_get(info, "local_size");
   for (unsigned c = 0; c < 3; c++)
      pkg->local_size[c] = (uint32_t)sim_json_number(sim_json_at(ls, c), 1);
}

bool
sim_mesa_ref_parse(struct arena *arena, const char *text, size_t len,
                   struct sim_mesa_ref *pkg, struct tgsiva_diagnostic *d)
{
   struct sim_json *root;
   memset(pkg, 0, sizeof(*pkg));
   if (!sim_json_parse(arena, text, len, &root, d))
      return false;
   pkg->tgsi = sim_json_string(sim_json_get(root, "tgsi"), NULL);
   if (!pkg->tgsi)
      return missing(d, "tgsi");
   const struct sim_json *vary = sim_json_get(root, "varyings");
   if (!load_stage(root, pkg, d) || !load_programs(arena, root, pkg, d) ||
       !load_push(root, &pkg->layout, d) ||
       !load_sysvals(root, &pkg->layout, d) ||
       !load_varyings(sim_json_get(vary, "outputs"), pkg->layout.outputs,
                      &pkg->layout.output_count, d) ||
       !load_varyings(sim_json_get(vary, "inputs"), pkg->layout.inputs,
                      &pkg->layout.input_count, d))
      return false;
   load_info(root, pkg);
   return true;
}

bool
sim_mesa_ref_load(struct arena *arena, const char *path,
                  struct sim_mesa_ref *pkg, struct tgsiva_diagnostic *d)
{
   char *text;
   size_t len;
   if (!file_read(arena, path, &text, &len, d))
      return false;
   return sim_mesa_ref_parse(arena, text, len, pkg, d);
}
