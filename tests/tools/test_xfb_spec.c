/* SPDX-License-Identifier: MIT */
/* The command line's transform-feedback descriptions (xfb_spec.h):
 * syntax, defaults, `all`, generated layouts and printing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tools/xfb_spec.h"
#include "util/diag.h"

/* A vertex shader declaring OUT[0..n-1]. */
static struct tgsi_shader *
shader_with_outputs(struct arena *arena, unsigned n)
{
   struct strbuf sb;
   strbuf_init(&sb, arena);
   strbuf_printf(&sb, "VERT\n");
   for (unsigned i = 0; i < n; i++)
      strbuf_printf(&sb, "DCL OUT[%u], GENERIC[%u]\n", i, i);
   strbuf_printf(&sb, "  0: END\n");
   struct tgsi_shader *s;
   struct tgsiva_diagnostic d;
   assert_true(tgsi_parse_text(arena, sb.data, sb.len, &s, &d));
   return s;
}

static void
test_parse(void **state)
{
   (void)state;
   struct arena arena;
   arena_init(&arena, 0);
   struct tgsi_shader *s = shader_with_outputs(&arena, 3);
   struct tgsiva_stream_output so;
   char err[160];
   assert_true(xfb_spec_parse("0:0.xyzw,0:1.xy,1:2.w@3;stride=6,4", s, &so,
                              err, sizeof(err)));
   assert_int_equal(so.num_outputs, 3);
   assert_int_equal(so.output[1].register_index, 1);
   assert_int_equal(so.output[1].dst_offset, 4); /* packed after OUT[0] */
   assert_int_equal(so.output[1].num_components, 2);
   assert_int_equal(so.output[2].start_component, 3);
   assert_int_equal(so.output[2].output_buffer, 1);
   assert_int_equal(so.output[2].dst_offset, 3);
   assert_int_equal(so.stride[0], 6);
   assert_int_equal(so.stride[1], 4);
   /* Without strides: each buffer as wide as its entries. */
   assert_true(xfb_spec_parse("2:1.yz@5,2:0.x", s, &so, err, sizeof(err)));
   assert_int_equal(so.output[1].dst_offset, 7);
   assert_int_equal(so.stride[2], 8);
   assert_int_equal(so.stride[0], 0);
   static const char *const bad[] = {
      "", "4:0.x", "0:0.xz", "0:0", "0:0.", "0:0.q", "0:0.x,", "0:0.x@",
      "0:0.x;stride=1,2,3,4,5", "0:0.x;strides=1", "0:0.x;stride=",
      "0:0.x junk", "0.0.x", "-1:0.x",
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      err[0] = '\0';
      assert_false(xfb_spec_parse(bad[i], s, &so, err, sizeof(err)));
      assert_true(err[0] != '\0');
   }
   arena_finish(&arena);
}

static void
test_all(void **state)
{
   (void)state;
   struct arena arena;
   arena_init(&arena, 0);
   struct tgsiva_stream_output so;
   char err[160];
   assert_true(xfb_spec_parse("all", shader_with_outputs(&arena, 6), &so,
                              err, sizeof(err)));
   assert_int_equal(so.num_outputs, 6);
   static const unsigned buffers[] = {0, 1, 2, 3, 0, 1};
   for (unsigned i = 0; i < 6; i++) {
      assert_int_equal(so.output[i].output_buffer, buffers[i]);
      assert_int_equal(so.output[i].num_components, 4);
      assert_int_equal(so.output[i].dst_offset, i < 4 ? 0 : 4);
   }
   assert_int_equal(so.stride[0], 8);
   assert_int_equal(so.stride[3], 4);
   /* Gallium's limits: 64 entries, 16 outputs (64 dwords) a buffer. */
   xfb_spec_all(shader_with_outputs(&arena, 80), &so);
   assert_int_equal(so.num_outputs, 64);
   for (unsigned b = 0; b < 4; b++)
      assert_int_equal(so.stride[b], 64);
   arena_finish(&arena);
}

/* Generated layouts stay within the limits the compiler checks, and
 * print in a form that parses back to the same description. */
static void
test_generate_and_print(void **state)
{
   (void)state;
   struct arena arena;
   arena_init(&arena, 0);
   struct tgsi_shader *s = shader_with_outputs(&arena, 40);
   unsigned entries = 0, buffers_used = 0;
   for (uint64_t seed = 0; seed < 200; seed++) {
      struct tgsiva_stream_output so, back;
      xfb_spec_generate(s, seed, &so);
      assert_true(so.num_outputs <= TGSIVA_MAX_STREAM_OUTPUTS);
      for (unsigned k = 0; k < so.num_outputs; k++) {
         const struct tgsiva_stream_output_entry *e = &so.output[k];
         assert_true(e->output_buffer < 4 && e->register_index < 40);
         assert_true(e->num_components >= 1 &&
                     e->start_component + e->num_components <= 4);
         assert_true(e->dst_offset + e->num_components <=
                     so.stride[e->output_buffer]);
         assert_true(so.stride[e->output_buffer] <= 66);
         buffers_used |= 1u << e->output_buffer;
      }
      entries += so.num_outputs;
      struct strbuf sb;
      char err[160];
      strbuf_init(&sb, &arena);
      xfb_spec_print(&sb, &so);
      assert_true(xfb_spec_parse(sb.data, s, &back, err, sizeof(err)));
      assert_memory_equal(&so, &back, sizeof(so));
   }
   assert_int_equal(buffers_used, 0xf);
   assert_true(entries > 200);
   arena_finish(&arena);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse),
      cmocka_unit_test(test_all),
      cmocka_unit_test(test_generate_and_print),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
