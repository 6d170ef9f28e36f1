/* SPDX-License-Identifier: MIT */
/*
 * The opcode table (src/translate/from_tgsi_ops.c): every opcode a
 * family translates has a row that sends it to that family, every row
 * of a family has the family's parameters, and an opcode without a row
 * is refused with "NAME is not supported" at its position.
 */
#include "translate_test.h"

#include "tgsi/tgsi_info.h"
#include "translate/from_tgsi.h"

static void
test_rows_match_the_families(void **state)
{
   (void)state;
   unsigned rows = 0;
   for (unsigned op = 0; op < TGSI_OP_COUNT; op++) {
      const struct t_op_entry *e = t_op_entry(op);
      enum tgsi_op o = (enum tgsi_op)op;
      bool alu = t_alu_has_row(o), tex = t_tex_has_row(o);
      bool dbl = t_double_has_row(o);
      bool atomic = t_mem_atomic_has_row(o);
      if (!e) {
         if (alu || tex || atomic || dbl)
            fprintf(stderr, "opcode %u has parameters but no row\n", op);
         assert_false(alu || tex || atomic || dbl);
         continue;
      }
      rows++;
      assert_non_null(tgsi_op_info(op));
      assert_non_null(tgsi_op_info(op)->name);
      assert_int_equal(alu, e->family == T_FAMILY_ALU);
      assert_int_equal(tex, e->family == T_FAMILY_TEX);
      assert_int_equal(t_double_has_row(o), e->family == T_FAMILY_DOUBLE);
      if (atomic)
         assert_true(e->handle == t_mem_atomic);
      if (e->handle == t_mem_atomic)
         assert_true(atomic);
      assert_int_equal(e->ends, op == TGSI_OP_END);
   }
   printf("opcode table: %u rows checked against their families\n", rows);
   assert_true(rows > 150);
   assert_null(t_op_entry(TGSI_OP_COUNT));
}

/* TGSI text with one instruction `name` reading and writing temporaries,
 * or NULL if the opcode takes operands this form cannot give. */
static const char *
one_instruction(struct arena *a, const char *name,
                const struct tgsi_op_info *info)
{
   char text[256];
   int n = snprintf(text, sizeof(text), "COMP\nDCL TEMP[0..7]\n  0: %s",
                    name);
   unsigned reg = 0;
   for (unsigned i = 0; i < info->num_dst + info->num_src; i++)
      n += snprintf(text + n, sizeof(text) - (size_t)n, "%s TEMP[%u]",
                    i ? "," : "", reg++);
   snprintf(text + n, sizeof(text) - (size_t)n, "\n  1: END\n");
   return arena_strdup(a, text);
}

static void
test_opcodes_without_a_row_are_refused(void **state)
{
   (void)state;
   unsigned refused = 0, unparsed = 0;
   for (unsigned op = 0; op < TGSI_OP_COUNT; op++) {
      const struct tgsi_op_info *info = tgsi_op_info(op);
      if (!info || !info->name || t_op_entry(op))
         continue;
      struct arena a;
      struct tgsiva_diagnostic d;
      struct tgsi_shader *sh;
      arena_init(&a, 0);
      const char *text = one_instruction(&a, info->name, info);
      if (!tgsi_parse_text(&a, text, strlen(text), &sh, &d)) {
         unparsed++; /* needs a label, a target, a resource, ... */
         arena_finish(&a);
         continue;
      }
      char want[64];
      snprintf(want, sizeof(want), "%s is not supported", info->name);
      const char *got = translate_tgsi(&a, text, "translate", false, &d);
      if (got || !strstr(d.message, want))
         fprintf(stderr, "%s: got '%s'\n", info->name,
                 got ? "success" : d.message);
      assert_null(got);
      assert_non_null(strstr(d.message, want));
      assert_int_equal(d.line, 3);
      refused++;
      arena_finish(&a);
   }
   printf("opcodes without a row: %u refused by name, %u not expressible "
          "with temporaries\n",
          refused, unparsed);
   assert_true(refused > 20);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows_match_the_families),
      cmocka_unit_test(test_opcodes_without_a_row_are_refused),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
