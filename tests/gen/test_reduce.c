/* SPDX-License-Identifier: MIT */
/*
 * The reducer keeps programs valid: a test that "fails" on any program
 * with a UMUL must get back the UMUL inside its loop with the loop's
 * whole counted control (an endless loop is no reduction), must never
 * be asked about a program whose constructs do not nest, and must keep
 * the declarations the kept instructions name (SAMP[0] with its SVIEW).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gen/gen.h"
#include "tgsi/tgsi.h"
#include "util/diag.h"

static const char program[] =
   "COMP\n"
   "DCL SAMP[0]\n"
   "DCL SVIEW[0], 2D, FLOAT\n"
   "DCL BUFFER[0]\n"
   "DCL TEMP[0..4]\n"
   "IMM[0] UINT32 {0, 3, 1, 7}\n"
   "  0: MOV TEMP[1].x, IMM[0].xxxx\n"
   "  1: MOV TEMP[0].x, IMM[0].xxxx\n"
   "  2: BGNLOOP :0\n"
   "  3:   USGE TEMP[2].x, TEMP[0].xxxx, IMM[0].yyyy\n"
   "  4:   UIF TEMP[2].xxxx :6\n"
   "  5:     BRK\n"
   "  6:   ENDIF\n"
   "  7:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz\n"
   "  8:   IF TEMP[1].xxxx :11\n"
   "  9:     TXF TEMP[3], TEMP[1], SAMP[0], 2D\n"
   " 10:     UMUL TEMP[1].x, TEMP[3].xxxx, IMM[0].wwww\n"
   " 11:   ENDIF\n"
   " 12:   ADD TEMP[4], TEMP[4], IMM[0]\n"
   " 13: ENDLOOP :0\n"
   " 14: STORE BUFFER[0].x, IMM[0].xxxx, TEMP[1].xxxx\n"
   " 15: END\n";

struct probe {
   unsigned asked, badly_nested;
};

/* Do the constructs nest (IF/UIF-ENDIF, BGNLOOP-ENDLOOP)? */
static bool
nests(const struct tgsi_shader *s)
{
   int depth = 0;
   enum tgsi_op stack[32];
   for (unsigned i = 0; i < s->num_insns; i++) {
      enum tgsi_op op = s->insns[i].opcode;
      if (op == TGSI_OP_IF || op == TGSI_OP_UIF || op == TGSI_OP_BGNLOOP) {
         stack[depth++] = op;
      } else if (op == TGSI_OP_ENDIF || op == TGSI_OP_ENDLOOP) {
         if (!depth--)
            return false;
         if ((op == TGSI_OP_ENDLOOP) != (stack[depth] == TGSI_OP_BGNLOOP))
            return false;
      }
   }
   return depth == 0;
}

static bool
has_umul(const struct tgsi_shader *s, void *user)
{
   struct probe *p = user;
   p->asked++;
   p->badly_nested += !nests(s);
   for (unsigned i = 0; i < s->num_insns; i++) {
      if (s->insns[i].opcode == TGSI_OP_UMUL)
         return true;
   }
   return false;
}

static void
test_loop_control_and_declarations_stay(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   arena_init(&a, 0);
   assert_true(tgsi_parse_text(&a, program, strlen(program), &s, &d));
   struct probe p = {0, 0};
   unsigned steps;
   struct tgsi_shader *r = gen_reduce(&a, s, has_umul, &p, &steps);
   assert_int_equal(p.badly_nested, 0);
   assert_true(p.asked > 0);
   static const enum tgsi_op expected[] = {
      TGSI_OP_MOV,  TGSI_OP_BGNLOOP, TGSI_OP_USGE, TGSI_OP_UIF,
      TGSI_OP_BRK,  TGSI_OP_ENDIF,   TGSI_OP_UADD, TGSI_OP_UMUL,
      TGSI_OP_ENDLOOP, TGSI_OP_END,
   };
   unsigned n = sizeof(expected) / sizeof(expected[0]);
   struct strbuf sb;
   strbuf_init(&sb, &a);
   gen_print(&sb, r);
   printf("%u tests, reduced to:\n%s", p.asked, sb.data);
   assert_int_equal(r->num_insns, n);
   for (unsigned i = 0; i < n; i++)
      assert_int_equal(r->insns[i].opcode, expected[i]);
   /* The loop's bound and increment are not simplified away. */
   bool samp = false, sview = false, temps = false;
   for (unsigned i = 0; i < r->num_decls; i++) {
      samp |= r->decls[i].file == TGSI_REGFILE_SAMPLER;
      sview |= r->decls[i].file == TGSI_REGFILE_SAMPLER_VIEW;
      temps |= r->decls[i].file == TGSI_REGFILE_TEMPORARY;
   }
   assert_true(temps);
   assert_false(samp || sview); /* no TXF left: nothing names them */
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loop_control_and_declarations_stay),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
