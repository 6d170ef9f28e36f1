/* SPDX-License-Identifier: MIT */
/*
 * Helpers for IR pass tests: each case is IR text in, one pass, IR text
 * out.  The expected text is read and printed again, so that spacing in
 * the test does not matter, and both shaders are printed on a mismatch.
 */
#ifndef TGSIVA_TESTS_IR_TEST_H
#define TGSIVA_TESTS_IR_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ir/ir.h"
#include "valhall/valhall.h"
#include "util/diag.h"

static inline struct ir_shader *
ir_test_read(struct arena *a, const char *text)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   struct ir_shader *s = ir_read(a, text, &d);
   if (!s) {
      fprintf(stderr, "%u:%u: %s\n%s\n", d.line, d.column, d.message, text);
      fail();
   }
   return s;
}

static inline const char *
ir_test_print(struct arena *a, const struct ir_shader *s)
{
   struct strbuf sb;
   strbuf_init(&sb, a);
   ir_print_shader(&sb, s);
   return sb.data;
}

/* Validates `s`; fails the test with the validator's message. */
static inline void
ir_test_validate(struct ir_shader *s, const char *stage)
{
   /* In the arena, not a local: the validator fills it before it jumps
    * back (C11 7.13.2.1). */
   struct tgsiva_diagnostic *d =
      ARENA_NEW(s->arena, struct tgsiva_diagnostic);
   jmp_buf bail;
   diag_clear(d);
   s->diag = d;
   s->bail = &bail;
   if (setjmp(bail)) {
      fprintf(stderr, "%s\n%s", d->message, ir_test_print(s->arena, s));
      fail();
   }
   ir_validate(s, stage);
   s->bail = NULL;
}

/* Runs `pass` once on `input` and compares with `expected`; returns the
 * pass's progress flag. */
static inline bool
ir_test_pass(bool (*pass)(struct ir_shader *), const char *input,
             const char *expected)
{
   struct arena a;
   arena_init(&a, 0);
   struct ir_shader *s = ir_test_read(&a, input);
   ir_test_validate(s, "input");
   bool progress = pass(s);
   ir_test_validate(s, "pass");
   const char *got = ir_test_print(&a, s);
   const char *want = ir_test_print(&a, ir_test_read(&a, expected));
   if (strcmp(got, want) != 0) {
      fprintf(stderr, "--- expected\n%s--- got\n%s", want, got);
      arena_finish(&a);
      fail();
   }
   arena_finish(&a);
   return progress;
}

/* A case that must stay unchanged. */
#define IR_NEGCASE(pass, text) assert_false(ir_test_pass(pass, text, text))
#define IR_CASE(pass, in, out) assert_true(ir_test_pass(pass, in, out))

#endif
