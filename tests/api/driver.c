/* SPDX-License-Identifier: MIT */
/*
 * What a Gallium driver does with tgsiva, using only the installed
 * headers and library: a token stream (here made from text, as
 * pipe_shader_state.tokens would arrive) is compiled, the result checked
 * and released; a bad stream gives an error, not a crash.  A variant is
 * compiled for a key, and goes through the shader cache as a driver's
 * disk cache would keep it (build id + shader hash, the blob).  A geometry
 * shader gives its three programs and the vertex shader's capture for it
 * (docs/abi.md, "Geometry shaders").  Built in the
 * tree against the shared library and, by tests/install/check_install.sh,
 * outside it through pkg-config (shared and static).
 *
 * usage: driver [EXPECTED_VERSION]; prints what it checked, exits 0 or 1.
 */
#include <stdio.h>
#include <string.h>

#include <tgsiva/compile.h>
#include <tgsiva/tgsi.h>
#include <tgsiva/valhall.h>

static const char shader[] = "FRAG\n"
                             "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                             "DCL OUT[0], COLOR\n"
                             "DCL CONST[0][0]\n"
                             "  0: MUL OUT[0], IN[0], CONST[0][0]\n"
                             "  1: END\n";

static int failures;

static void
check(int ok, const char *what)
{
   printf("%s: %s\n", ok ? "ok" : "FAILED", what);
   failures += !ok;
}

static void
check_version(const char *expected)
{
   check(!strcmp(tgsiva_version(), TGSIVA_VERSION_STRING),
         "tgsiva_version() equals TGSIVA_VERSION_STRING");
   char numbers[64];
   snprintf(numbers, sizeof(numbers), "%d.%d.%d", TGSIVA_VERSION_MAJOR,
            TGSIVA_VERSION_MINOR, TGSIVA_VERSION_PATCH);
   check(!strcmp(numbers, TGSIVA_VERSION_STRING),
         "TGSIVA_VERSION_MAJOR.MINOR.PATCH equal TGSIVA_VERSION_STRING");
   check(TGSIVA_VERSION_AT_LEAST(0, 1, 0) &&
            !TGSIVA_VERSION_AT_LEAST(TGSIVA_VERSION_MAJOR + 1, 0, 0),
         "TGSIVA_VERSION_AT_LEAST");
   if (expected)
      check(!strcmp(tgsiva_version(), expected),
            "tgsiva_version() equals the project (meson, pkg-config) version");
}

static void
compile_tokens(const uint32_t *tokens, size_t count)
{
   struct tgsiva_compile_options opts = {0};
   opts.validate = true;
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   enum tgsiva_status st = tgsiva_compile(tokens, count, &opts, &sh, &d);
   check(st == TGSIVA_OK && sh, "tgsiva_compile of a token stream");
   if (st != TGSIVA_OK) {
      printf("   %s\n", d.message);
      return;
   }
   check(sh->stage == TGSIVA_STAGE_FRAGMENT && sh->program_count == 1 &&
            sh->programs[0].size > 0 && sh->programs[0].size % 8 == 0,
         "one fragment program of whole 64-bit words");
   check(sh->input_count == 1 && sh->push_count == 4 &&
            sh->render_targets_written == 1,
         "one varying, four push words, render target 0");
   char *text;
   st = tgsiva_valhall_disassemble((const uint64_t *)sh->programs[0].code,
                                   sh->programs[0].size / 8, 0, &text, &d);
   check(st == TGSIVA_OK && strstr(text, "ATEST") && strstr(text, "BLEND"),
         "the disassembly has ATEST and BLEND");
   tgsiva_valhall_free(text);
   tgsiva_shader_free(sh);
}

/* The draw-time variant (docs/driver.md): two colour buffers, a user
 * clip plane, an integer render target 1; cached and read back. */
static void
variant_through_cache(const uint32_t *tokens, size_t count)
{
   struct tgsiva_shader_key key;
   memset(&key, 0, sizeof(key));
   key.clip_plane_enable = 1;
   key.color_buffers = 2;
   key.rt_types[1] = TGSIVA_RT_U32;
   struct tgsiva_compile_options opts = {0};
   opts.key = &key;
   uint8_t cache_key[TGSIVA_BUILD_ID_SIZE + TGSIVA_HASH_SIZE], again[20];
   memcpy(cache_key, tgsiva_build_id(), TGSIVA_BUILD_ID_SIZE);
   tgsiva_shader_hash(tokens, count, &opts, cache_key + TGSIVA_BUILD_ID_SIZE);
   tgsiva_shader_hash(tokens, count, NULL, again);
   check(memcmp(cache_key + TGSIVA_BUILD_ID_SIZE, again, 20) != 0,
         "the variant's hash differs from the precompile's");
   struct tgsiva_shader *sh;
   struct tgsiva_diagnostic d;
   if (tgsiva_compile(tokens, count, &opts, &sh, &d) != TGSIVA_OK) {
      check(0, d.message);
      return;
   }
   check(sh->can_discard, "a clip plane makes the shader discard");
   uint8_t *blob;
   size_t size;
   struct tgsiva_shader *back = NULL;
   check(tgsiva_shader_serialize(sh, &blob, &size, &d) == TGSIVA_OK,
         "tgsiva_shader_serialize");
   check(tgsiva_shader_deserialize(blob, size, &back, &d) == TGSIVA_OK &&
            back->programs[0].size == sh->programs[0].size &&
            !memcmp(back->programs[0].code, sh->programs[0].code,
                    sh->programs[0].size) &&
            back->input_count == sh->input_count,
         "the blob reads back to the same program and information");
   tgsiva_shader_free(back);
   check(tgsiva_shader_deserialize(blob, size - 1, &back, &d) ==
            TGSIVA_ERROR_INPUT && !back,
         "a truncated blob is an input error");
   tgsiva_blob_free(blob);
   tgsiva_shader_free(sh);
}

static const char geometry[] = "GEOM\n"
                               "PROPERTY GS_INPUT_PRIMITIVE POINTS\n"
                               "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                               "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                               "DCL IN[][0], POSITION\n"
                               "DCL OUT[0], POSITION\n"
                               "IMM[0] UINT32 {0, 0, 0, 0}\n"
                               "  0: MOV OUT[0], IN[0][0]\n"
                               "  1: EMIT IMM[0].xxxx\n"
                               "  2: END\n";

static const char vertex[] = "VERT\n"
                             "DCL IN[0]\n"
                             "DCL OUT[0], POSITION\n"
                             "  0: MOV OUT[0], IN[0]\n"
                             "  1: END\n";

static void
geometry_shader(void)
{
   struct tgsiva_compile_options opts = {0};
   struct tgsiva_shader *gs = NULL, *vs = NULL;
   struct tgsiva_diagnostic d;
   if (tgsiva_compile_text(geometry, strlen(geometry), &opts, &gs, &d) !=
          TGSIVA_OK ||
       tgsiva_compile_text(vertex, strlen(vertex), &opts, &vs, &d) !=
          TGSIVA_OK) {
      check(0, d.message);
      tgsiva_shader_free(gs);
      return;
   }
   check(gs->stage == TGSIVA_STAGE_GEOMETRY && gs->program_count == 3 &&
            gs->gs_vertices_in == 1 && gs->gs_indices_per_invocation == 1,
         "a geometry shader: pass-through pair and geometry program");
   struct tgsiva_stream_output so;
   check(tgsiva_gs_vertex_capture(vs, gs, &so, &d) == TGSIVA_OK &&
            so.num_outputs == 1 && so.stride[0] == 4,
         "tgsiva_gs_vertex_capture: POSITION into a 16-byte record");
   tgsiva_shader_free(vs);
   tgsiva_shader_free(gs);
}

int
main(int argc, char **argv)
{
   check_version(argc > 1 ? argv[1] : NULL);
   uint32_t *tokens;
   size_t count;
   struct tgsiva_diagnostic d;
   enum tgsiva_status st = tgsiva_tgsi_text_to_tokens(
      shader, strlen(shader), &tokens, &count, &d);
   check(st == TGSIVA_OK && count > 4, "tgsiva_tgsi_text_to_tokens");
   if (st == TGSIVA_OK) {
      compile_tokens(tokens, count);
      variant_through_cache(tokens, count);
      geometry_shader();
      tokens[1] = 0xffffffffu; /* a header no driver would send */
      struct tgsiva_shader *sh = NULL;
      st = tgsiva_compile(tokens, count, NULL, &sh, &d);
      check(st == TGSIVA_ERROR_INPUT && !sh && d.message[0],
            "a corrupt token stream is an input error with a message");
      st = tgsiva_compile(tokens, count, NULL, &sh, NULL);
      check(st == TGSIVA_ERROR_INPUT && !sh,
            "the same without a diagnostic (NULL)");
      tgsiva_tgsi_free(tokens);
   }
   printf("%d failed\n", failures);
   return failures ? 1 : 0;
}
