/* SPDX-License-Identifier: MIT */
/*
 * Helpers for translation tests: TGSI text in, printed IR out, after
 * translation alone or after the optimisation passes too.  Cases compare
 * the printed IR with an expected text and print both on a mismatch.
 */
#ifndef TGSIVA_TESTS_TRANSLATE_TEST_H
#define TGSIVA_TESTS_TRANSLATE_TEST_H

#include "ir_test.h"

#include "compile.h"

struct translate_capture {
   struct arena *arena;
   const char *pass;
   const char *header; /* "shader vertex_varying", ... or NULL */
   const char *text;
};

static inline void
translate_capture_print(void *ctx, const char *pass, const char *text)
{
   struct translate_capture *c = ctx;
   if (c->header && strncmp(text, c->header, strlen(c->header)) != 0)
      return;
   if (!c->pass || !strcmp(c->pass, pass))
      c->text = arena_strdup(c->arena, text);
}

/* The IR of the first program of `tgsi` after `pass` ("translate", or a
 * pass function's name such as "ir_opt_dce"), or NULL with the error in
 * `d`.  Vertex shaders give the position program; `varying` selects the
 * varying one.  Geometry shaders give their pass-through pair the same
 * way. */
static inline const char *
translate_tgsi(struct arena *a, const char *tgsi, const char *pass,
               bool varying, struct tgsiva_diagnostic *d)
{
   struct tgsi_shader *sh;
   diag_clear(d);
   if (!tgsi_parse_text(a, tgsi, strlen(tgsi), &sh, d))
      return NULL;
   struct translate_capture cap = {a, pass, NULL, NULL};
   if (sh->processor == TGSI_PROC_VERTEX ||
       sh->processor == TGSI_PROC_GEOMETRY)
      cap.header = varying ? "shader vertex_varying"
                           : "shader vertex_position";
   struct compile_options opts = {
      .validate = true,
      .print = translate_capture_print,
      .print_ctx = &cap,
      .stop_after_ir = true,
   };
   struct compile_result r;
   if (!compile_tgsi(a, sh, &opts, &r, d))
      return NULL;
   return cap.text;
}

/* Fails unless `tgsi` translates to exactly `expected` after `pass`. */
static inline void
expect_translation(const char *tgsi, const char *pass, bool varying,
                   const char *expected)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   const char *got = translate_tgsi(&a, tgsi, pass, varying, &d);
   if (!got) {
      fprintf(stderr, "error: %s\n%s", d.message, tgsi);
      arena_finish(&a);
      fail();
   }
   const char *want = ir_test_print(&a, ir_test_read(&a, expected));
   if (strcmp(got, want) != 0) {
      fprintf(stderr, "--- TGSI\n%s--- expected\n%s--- got\n%s", tgsi, want,
              got);
      arena_finish(&a);
      fail();
   }
   arena_finish(&a);
}

/* Fails unless translating `tgsi` fails with a message containing
 * `message`. */
static inline void
expect_translation_error(const char *tgsi, const char *message)
{
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   const char *got = translate_tgsi(&a, tgsi, "translate", false, &d);
   if (got || !strstr(d.message, message)) {
      fprintf(stderr, "expected error '%s', got '%s'\n", message,
              got ? "success" : d.message);
      arena_finish(&a);
      fail();
   }
   arena_finish(&a);
}

#endif
