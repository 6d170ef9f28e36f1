/* SPDX-License-Identifier: MIT */
/*
 * The Valhall simulator against Mesa's own binaries: every package in
 * $TGSIVA_SHARED/mesa-ref/{vs,fs,cs} is loaded (sim_mesa_ref_load) and
 * each of its programs run for one warp in an environment seeded from the
 * package name, with the resources its TGSI source declares bound (views,
 * samplers, buffers, images, scratch and shared memory of the package's
 * sizes) and small integers in the uniform buffers.  A package passes when
 * every non-empty program reaches `end` without a decode error, hazard, fault,
 * unsupported form or step limit.
 *
 * Prints "N passed, N failed", the failures with their cause, and the
 * count per cause.  Exits 77 (skipped) without ../shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_mesa_ref.h"
#include "sim/sim_valhall.h"
#include "tgsi/tgsi.h"
#include "tgsi/tgsi_tokens.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

#define SIM_ALL_LANES ((1u << SIM_LANES) - 1)

/* Packages that stop at an instruction the hardware does not have are
 * Mesa's bugs, not the simulator's: counted apart, by the reason the
 * simulator gives (never by file name). */
static const char *const mesa_bugs[] = {
    /* Mesa 24.0.9 emits TEX_FETCH.cube for TXF on cube maps; Valhall
     * fetches cube maps as 2-D arrays (later Mesa changed this). */
    "TEX_FETCH has no cube dimension on Valhall",
};

struct results {
   unsigned passed, failed, empty, runs, mesa_bug;
   unsigned by_cause[SIM_ERROR_UNSUPPORTED + 2]; /* + load/outputs */
};

static bool
is_shadow(unsigned target)
{
   return target == TGSI_TEX_SHADOW1D || target == TGSI_TEX_SHADOW2D ||
          target == TGSI_TEX_SHADOWRECT || target == TGSI_TEX_SHADOW1D_ARRAY ||
          target == TGSI_TEX_SHADOW2D_ARRAY || target == TGSI_TEX_SHADOWCUBE ||
          target == TGSI_TEX_SHADOWCUBE_ARRAY;
}

static enum sim_texel_type
texel_type(enum tgsi_ret_type t)
{
   return t == TGSI_RET_SINT   ? SIM_TEXEL_SINT
          : t == TGSI_RET_UINT ? SIM_TEXEL_UINT
                               : SIM_TEXEL_FLOAT;
}

static void
bind_decl(struct sim_env *env, const struct tgsi_decl *d)
{
   for (uint32_t u = d->first; u <= d->last && u < 64; u++) {
      switch (d->file) {
      case TGSI_REGFILE_SAMPLER_VIEW:
         sim_env_bind_texture(env, u, d->target, texel_type(d->return_type[0]));
         if (is_shadow(d->target))
            sim_env_bind_sampler(env, u, true);
         break;
      case TGSI_REGFILE_SAMPLER:
         if (u >= SIM_MAX_SAMPLERS || !env->samplers[u].compare_func)
            sim_env_bind_sampler(env, u, false);
         break;
      case TGSI_REGFILE_BUFFER: sim_env_bind_buffer(env, u, 4096); break;
      case TGSI_REGFILE_IMAGE:
         sim_env_bind_image(env, u, d->target, d->format);
         break;
      default: break;
      }
   }
}

/* Binds what the TGSI source declares; units the package counts but the
 * source does not declare get 2-D float textures. */
static void
bind_resources(struct arena *a, struct sim_env *env, const char *shared,
               const struct sim_mesa_ref *pkg)
{
   char *path = arena_printf(a, "%s/corpus/tgsi/%s", shared, pkg->tgsi);
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   diag_clear(&d);
   for (uint32_t u = 0; u < pkg->texture_count; u++)
      sim_env_bind_texture(env, u, TGSI_TEX_2D, SIM_TEXEL_FLOAT);
   for (uint32_t u = 0; u < pkg->sampler_count; u++)
      sim_env_bind_sampler(env, u, false);
   if (tgsi_parse_file(a, path, &s, &d)) {
      for (unsigned i = 0; i < s->num_decls; i++)
         bind_decl(env, &s->decls[i]);
   }
   for (unsigned i = 0; i < pkg->layout.sysval_count; i++) {
      const struct sim_sysval *sv = &pkg->layout.sysvals[i];
      if (sv->kind == SIM_SYSVAL_BUFFER &&
          !sim_memory_region(&env->memory, SIM_REGION_BUFFER, sv->id))
         sim_env_bind_buffer(env, sv->id, 4096);
   }
   /* Small integers (0-7) in every user uniform word: indices, loop
    * counts and array sizes then stay in the ranges the shaders assume
    * (random floats would send indirect scratch accesses and loops far
    * out of range); floats read them as tiny subnormals.  Buffers and
    * images hold small integers for the same reason. */
   for (uint32_t b = 0; b < pkg->user_ubo_count && b < SIM_MAX_UBOS; b++) {
      for (uint32_t o = 0; o < 4 * SIM_UBO_WORDS; o += 4)
         sim_env_set_ubo_kind(env, b, o, SIM_VALUE_INT);
   }
   for (unsigned i = 0; i < env->memory.count; i++) {
      struct sim_region *m = &env->memory.regions[i];
      for (uint32_t o = 0; o + 4 <= m->size; o += 4) {
         uint32_t v = (o / 4) % 8;
         memcpy(m->bytes + o, &v, 4);
      }
   }
   if (pkg->layout.tls_size)
      sim_env_bind_scratch(env, pkg->layout.tls_size);
   if (pkg->layout.wls_size)
      sim_env_bind_shared(env, pkg->layout.wls_size);
}

static void
fail(struct results *r, const char *file, const char *program, unsigned cause,
     const char *what)
{
   r->failed++;
   r->by_cause[cause]++;
   printf("FAIL %s %s: %s\n", file, program, what);
}

static bool
is_mesa_bug(struct results *r, const char *file, const struct sim_status *st)
{
   for (size_t i = 0; i < sizeof(mesa_bugs) / sizeof(mesa_bugs[0]); i++) {
      if (st->error == SIM_ERROR_DECODE &&
          strncmp(st->message, mesa_bugs[i], strlen(mesa_bugs[i])) == 0) {
         r->mesa_bug++;
         printf("MESA BUG %s: %s\n", file, st->message);
         return true;
      }
   }
   return false;
}

/* What a run produced must be what the package says the shader writes:
 * a position program the position and point size it declares, a varying program
 * some varying, a fragment program exactly its render targets and depth /
 * stencil (unless every lane was discarded). */
static bool
check_outputs(struct results *r, const char *file,
              const struct sim_mesa_ref *pkg, const struct sim_outputs *out)
{
   const char *what = NULL;
   if (pkg->programs[SIM_MESA_REF_POSITION].count &&
       (out->wrote_position != pkg->writes_position ||
        out->wrote_point_size != pkg->writes_point_size))
      what = "the position program's stores differ from the package's";
   if (pkg->programs[SIM_MESA_REF_VARYING].count && !out->varying_count)
      what = "the varying program stored no varying";
   if (pkg->stage == SIM_STAGE_FRAGMENT && out->discarded != SIM_ALL_LANES &&
       (out->rt_written != pkg->rt_mask ||
        out->wrote_depth != pkg->writes_depth ||
        out->wrote_stencil != pkg->writes_stencil))
      what = "the fragment outputs differ from the package's";
   if (!what)
      return true;
   fail(r, file, "-", SIM_ERROR_UNSUPPORTED + 1, what);
   return false;
}

static void
check_package(struct results *r, const char *shared, const char *path,
              const char *rel)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   struct sim_mesa_ref pkg;
   arena_init(&a, 0);
   diag_clear(&d);
   if (!sim_mesa_ref_load(&a, path, &pkg, &d)) {
      fail(r, rel, "-", SIM_ERROR_UNSUPPORTED + 1, d.message);
      arena_finish(&a);
      return;
   }
   struct sim_env env;
   sim_env_init(&env, &a, pkg.stage, test_name_seed(rel), pkg.local_size);
   bind_resources(&a, &env, shared, &pkg);
   struct sim_outputs *out = ARENA_NEW(&a, struct sim_outputs);
   bool ok = true, ran = false;
   unsigned bugs = r->mesa_bug;
   for (unsigned p = 0; p < SIM_MESA_REF_PROGRAM_COUNT && ok; p++) {
      const struct sim_mesa_ref_program *prog = &pkg.programs[p];
      if (!prog->present || prog->count == 0)
         continue;
      struct sim_status st;
      ran = true;
      r->runs++;
      if (!sim_run(&env, &pkg.layout, prog->kind, prog->words, prog->count, out,
                   &st) &&
          !is_mesa_bug(r, rel, &st)) {
         char what[400];
         snprintf(what, sizeof(what), "%s at %zu: %s", sim_error_name(st.error),
                  st.pc, st.message);
         fail(r, rel, sim_mesa_ref_program_names[p], st.error, what);
         ok = false;
      }
   }
   if (ok && r->mesa_bug == bugs && !check_outputs(r, rel, &pkg, out))
      ok = false;
   if (ok && r->mesa_bug == bugs)
      r->passed++;
   if (ok && !ran)
      r->empty++;
   arena_finish(&a);
}

int
main(void)
{
   const char *shared = getenv("TGSIVA_SHARED");
   shared = shared ? shared : "../shared";
   struct arena a;
   char **paths;
   size_t count;
   arena_init(&a, 0);
   char *dir = arena_printf(&a, "%s/mesa-ref", shared);
   if (!file_list(&a, dir, ".json", &paths, &count) || count == 0) {
      printf("no Mesa reference packages at %s: skipped\n", dir);
      arena_finish(&a);
      return 77;
   }
   struct results r = {0};
   for (size_t i = 0; i < count; i++)
      check_package(&r, shared, paths[i], paths[i] + strlen(dir) + 1);
   printf("%zu packages, %u programs run (%u packages have only empty "
          "programs)\n",
          count, r.runs, r.empty);
   printf("%u passed, %u failed (and %u stop at an instruction Mesa 24.0.9 "
          "should not have emitted)\n",
          r.passed, r.failed, r.mesa_bug);
   for (unsigned c = 1; c <= SIM_ERROR_UNSUPPORTED + 1; c++) {
      if (r.by_cause[c])
         printf("  %-12s %u\n",
                c <= SIM_ERROR_UNSUPPORTED ? sim_error_name(c) : "load/outputs",
                r.by_cause[c]);
   }
   arena_finish(&a);
   return r.failed ? 1 : 0;
}
