/* SPDX-License-Identifier: MIT */
/*
 * The JSON reader and the Mesa reference package loader, on small inline
 * texts: values, escapes, errors with their position, and a package's
 * words, layout and preload masks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim_json.h"
#include "sim/sim_mesa_ref.h"
#include "tgsi/tgsi_tokens.h"
#include "util/diag.h"

static struct sim_json *
parse(struct arena *a, const char *text, struct tgsiva_diagnostic *d)
{
   struct sim_json *root = NULL;
   diag_clear(d);
   if (!sim_json_parse(a, text, strlen(text), &root, d))
      return NULL;
   return root;
}

static void
test_values(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   struct sim_json *j =
       parse(&a,
             "{ \"n\": -12.5e1, \"s\": \"a\\\"b\\\\c\\u00e9\\ud83d\\ude00\","
             "  \"t\": true, \"f\": false, \"z\": null,"
             "  \"a\": [1, [2], {}], \"e\": [] }",
             &d);
   assert_non_null(j);
   assert_true(sim_json_number(sim_json_get(j, "n"), 0) == -125.0);
   assert_string_equal(sim_json_string(sim_json_get(j, "s"), ""),
                       "a\"b\\c\xc3\xa9\xf0\x9f\x98\x80");
   assert_true(sim_json_bool(sim_json_get(j, "t"), false));
   assert_false(sim_json_bool(sim_json_get(j, "f"), true));
   assert_int_equal(sim_json_get(j, "z")->type, SIM_JSON_NULL);
   const struct sim_json *arr = sim_json_get(j, "a");
   assert_int_equal(arr->length, 3);
   assert_true(sim_json_number(sim_json_at(sim_json_at(arr, 1), 0), 0) == 2);
   assert_int_equal(sim_json_at(arr, 2)->type, SIM_JSON_OBJECT);
   assert_null(sim_json_at(arr, 3));
   assert_int_equal(sim_json_get(j, "e")->length, 0);
   assert_null(sim_json_get(j, "missing"));
   assert_string_equal(sim_json_string(sim_json_get(j, "n"), "dflt"), "dflt");
   arena_finish(&a);
}

static void
test_errors(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   assert_null(parse(&a, "{\n  \"a\": [1, 2,]\n}", &d));
   assert_int_equal(d.line, 2);
   assert_int_equal(d.column, 14); /* the "]" where a value belongs */
   assert_null(parse(&a, "[1] 2", &d));
   assert_null(parse(&a, "\"abc", &d));
   assert_null(parse(&a, "{\"a\" 1}", &d));
   assert_null(parse(&a, "\"\\q\"", &d));
   assert_null(parse(&a, "tru", &d));
   assert_null(parse(&a, "\"a\nb\"", &d));
   char deep[200];
   memset(deep, '[', sizeof(deep) - 1);
   deep[sizeof(deep) - 1] = '\0';
   assert_null(parse(&a, deep, &d));
   assert_non_null(strstr(d.message, "deeply"));
   arena_finish(&a);
}

static const char *const package =
    "{\"tgsi\": \"fs/x.tgsi\", \"stage\": \"fs\","
    " \"binaries\": {\"main\": \"0102030405060708ff00000000000000\"},"
    " \"push\": [{\"ubo\": 0, \"offset\": 4}, {\"ubo\": 1, \"offset\": 16}],"
    " \"sysvals\": {\"ubo\": 1, \"entries\": ["
    "   {\"name\": \"ssbo\", \"id\": 2, \"offset\": 0},"
    "   {\"name\": \"texture_size\", \"id\": 257, \"offset\": 16,"
    "    \"id_decoded\": {\"unit\": 1}}]},"
    " \"ubos\": {\"user_ubo_count\": 1},"
    " \"varyings\": {\"inputs\": ["
    "   {\"semantic\": \"GENERIC\", \"semantic_index\": 2, \"byte_offset\": 32,"
    "    \"format\": \"R32G32_FLOAT\"},"
    "   {\"semantic\": \"FACE\", \"semantic_index\": 0, \"byte_offset\": null},"
    "   {\"semantic\": \"PRIM_ID\", \"semantic_index\": 0, \"byte_offset\": 48,"
    "    \"format\": null}]},"
    " \"fs_outputs\": {\"outputs\": [{\"render_target\": 1},"
    "   {\"render_target\": null}]},"
    " \"info\": {\"preload_mask\": \"0x3000000000000000\", \"tls_size\": 64,"
    "   \"wls_size\": 0, \"texture_count\": 2, \"sampler_count\": 1,"
    "   \"writes_depth\": true}}";

static void
test_package(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   struct sim_mesa_ref pkg;
   arena_init(&a, 0);
   diag_clear(&d);
   assert_true(sim_mesa_ref_parse(&a, package, strlen(package), &pkg, &d));
   assert_string_equal(pkg.tgsi, "fs/x.tgsi");
   assert_int_equal(pkg.stage, SIM_STAGE_FRAGMENT);
   const struct sim_mesa_ref_program *p = &pkg.programs[SIM_MESA_REF_MAIN];
   assert_true(p->present);
   assert_int_equal(p->kind, SIM_PROGRAM_FRAGMENT);
   assert_int_equal(p->count, 2);
   assert_int_equal(p->words[0], 0x0807060504030201ull);
   assert_int_equal(p->words[1], 0xFF);
   assert_int_equal(p->preload_mask, 0x3000000000000000ull);
   assert_false(pkg.programs[SIM_MESA_REF_VARYING].present);
   const struct sim_layout *L = &pkg.layout;
   assert_int_equal(L->push_count, 2);
   assert_int_equal(L->push[1].ubo, 1);
   assert_int_equal(L->push[1].offset, 16);
   assert_int_equal(L->sysval_ubo, 1);
   assert_int_equal(L->sysval_count, 2);
   assert_int_equal(L->sysvals[0].kind, SIM_SYSVAL_BUFFER);
   assert_int_equal(L->sysvals[0].id, 2);
   assert_int_equal(L->sysvals[1].kind, SIM_SYSVAL_TEXTURE_SIZE);
   assert_int_equal(L->sysvals[1].id, 1);
   assert_int_equal(L->sysvals[1].offset, 16);
   assert_int_equal(L->input_count, 2);
   assert_int_equal(L->inputs[0].semantic, TGSI_SEM_GENERIC);
   assert_int_equal(L->inputs[0].index, 2);
   assert_int_equal(L->inputs[0].byte_offset, 32);
   assert_int_equal(L->inputs[0].components, 2);
   assert_int_equal(L->inputs[1].semantic, TGSI_SEM_PRIMID);
   assert_int_equal(L->inputs[1].components, 4);
   assert_int_equal(L->tls_size, 64);
   assert_int_equal(pkg.texture_count, 2);
   assert_int_equal(pkg.user_ubo_count, 1);
   assert_int_equal(pkg.rt_mask, 2);
   assert_true(pkg.writes_depth && !pkg.writes_stencil);
   arena_finish(&a);
}

static void
test_package_errors(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   struct sim_mesa_ref pkg;
   arena_init(&a, 0);
   const char *bad[] = {
       "{\"stage\": \"fs\"}",
       "{\"tgsi\": \"x\", \"stage\": \"gs\"}",
       "{\"tgsi\": \"x\", \"stage\": \"fs\", \"binaries\": {\"main\": "
       "\"0102\"}}",
       "{\"tgsi\": \"x\", \"stage\": \"fs\", "
       "\"binaries\": {\"main\": \"0102030405060g08\"}}",
       "{\"tgsi\": \"x\", \"stage\": \"fs\", \"binaries\": {}, \"push\": [], "
       "\"sysvals\": {\"ubo\": 0, \"entries\": [{\"name\": \"blend\"}]}}",
       "{\"tgsi\": \"x\", \"stage\": \"fs\", \"binaries\": {}, \"push\": [], "
       "\"sysvals\": {\"entries\": []}, \"varyings\": {\"inputs\": "
       "[{\"semantic\": \"NOPE\", \"byte_offset\": 0}]}}",
   };
   const char *why[] = {"tgsi",    "stage", "whole number",
                        "not hex", "blend", "NOPE"};
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      diag_clear(&d);
      assert_false(sim_mesa_ref_parse(&a, bad[i], strlen(bad[i]), &pkg, &d));
      assert_non_null(strstr(d.message, why[i]));
   }
   diag_clear(&d);
   assert_false(sim_mesa_ref_load(&a, "/nonexistent/x.json", &pkg, &d));
   arena_finish(&a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
       cmocka_unit_test(test_values),
       cmocka_unit_test(test_errors),
       cmocka_unit_test(test_package),
       cmocka_unit_test(test_package_errors),
   };
   return cmocka_run_group_tests_name("sim_json", tests, NULL, NULL);
}
