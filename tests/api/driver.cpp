// SPDX-License-Identifier: MIT
// The same as driver.c from C++: the headers must compile as C++ and the
// results fit RAII.  usage: driver_cpp; exits 0 or 1.
#include <cstdio>
#include <cstring>
#include <memory>

#include <tgsiva/compile.h>
#include <tgsiva/tgsi.h>
#include <tgsiva/valhall.h>

namespace {

struct shader_deleter {
   void operator()(tgsiva_shader *sh) const { tgsiva_shader_free(sh); }
};
struct tokens_deleter {
   void operator()(uint32_t *t) const { tgsiva_tgsi_free(t); }
};
struct blob_deleter {
   void operator()(uint8_t *b) const { tgsiva_blob_free(b); }
};

const char shader[] = "VERT\n"
                      "DCL IN[0]\n"
                      "DCL OUT[0], POSITION\n"
                      "DCL OUT[1], GENERIC[0]\n"
                      "  0: MOV OUT[0], IN[0]\n"
                      "  1: MOV OUT[1], IN[0].wzyx\n"
                      "  2: END\n";

} // namespace

int
main()
{
   tgsiva_diagnostic d;
   uint32_t *raw = nullptr;
   size_t count = 0;
   if (tgsiva_tgsi_text_to_tokens(shader, std::strlen(shader), &raw, &count,
                                  &d) != TGSIVA_OK) {
      std::printf("FAILED: tokens: %s\n", d.message);
      return 1;
   }
   std::unique_ptr<uint32_t, tokens_deleter> tokens(raw);
   tgsiva_shader *out = nullptr;
   if (tgsiva_compile(tokens.get(), count, nullptr, &out, &d) != TGSIVA_OK) {
      std::printf("FAILED: compile: %s\n", d.message);
      return 1;
   }
   std::unique_ptr<tgsiva_shader, shader_deleter> sh(out);
   // A cache round trip keyed by build id and hash (the key is a plain,
   // memcmp-comparable struct).
   tgsiva_shader_key key = {};
   tgsiva_compile_options opts = {};
   opts.key = &key;
   uint8_t hash[TGSIVA_HASH_SIZE];
   tgsiva_shader_hash(tokens.get(), count, &opts, hash);
   uint8_t *raw_blob = nullptr;
   size_t size = 0;
   tgsiva_shader_serialize(sh.get(), &raw_blob, &size, &d);
   std::unique_ptr<uint8_t, blob_deleter> blob(raw_blob);
   tgsiva_shader *back_raw = nullptr;
   tgsiva_shader_deserialize(blob.get(), size, &back_raw, &d);
   std::unique_ptr<tgsiva_shader, shader_deleter> back(back_raw);
   bool cached = back && back->program_count == 2 &&
                 back->programs[1].size == sh->programs[1].size &&
                 tgsiva_build_id() != nullptr;
   std::printf("%s: the blob reads back\n", cached ? "ok" : "FAILED");
   bool ok = sh->stage == TGSIVA_STAGE_VERTEX && sh->program_count == 2 &&
             sh->programs[0].size > 0 && sh->programs[1].size > 0 &&
             sh->output_count == 2 &&
             std::strcmp(tgsiva_version(), TGSIVA_VERSION_STRING) == 0;
   std::printf("%s: C++ driver compiled a vertex shader (%zu + %zu bytes), "
               "library %s\n",
               ok ? "ok" : "FAILED", sh->programs[0].size,
               sh->programs[1].size, tgsiva_version());
   return ok && cached ? 0 : 1;
}
