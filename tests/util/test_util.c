/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/arena.h"
#include "util/bits.h"
#include "util/diag.h"
#include "util/fileio.h"
#include "util/sha1.h"
#include "util/strbuf.h"

static void
test_arena_alignment_and_zero(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   for (int i = 1; i < 1000; i++) {
      unsigned char *p = arena_zalloc(&a, (size_t)i);
      assert_int_equal((uintptr_t)p % 16, 0);
      for (int j = 0; j < i; j++)
         assert_int_equal(p[j], 0);
      memset(p, 0xab, (size_t)i);
   }
   /* Bigger than a chunk. */
   char *big = arena_alloc(&a, 1 << 20);
   big[(1 << 20) - 1] = 1;
   arena_finish(&a);
}

struct limit_hit {
   jmp_buf jmp;
   bool over_limit;
};

static void
on_fail(void *ctx, bool over_limit)
{
   struct limit_hit *h = ctx;
   h->over_limit = over_limit;
   longjmp(h->jmp, 1);
}

/* Allocates 4 KiB blocks until the hook jumps back; returns how many it
 * got.  The arena and the hit record are the caller's, and the count is
 * volatile: it changes between setjmp and longjmp and is read after. */
static int
allocate_until_hook(struct arena *a, struct limit_hit *hit)
{
   volatile int allocated = 0;
   if (setjmp(hit->jmp) == 0) {
      for (;;) {
         arena_alloc(a, 4096);
         allocated++;
      }
   }
   return allocated;
}

static void
test_arena_limit_calls_hook(void **state)
{
   (void)state;
   struct arena a;
   struct limit_hit hit = {.over_limit = false};
   arena_init(&a, 256 * 1024);
   a.fail = on_fail;
   a.fail_ctx = &hit;
   int allocated = allocate_until_hook(&a, &hit);
   assert_true(hit.over_limit);
   assert_in_range(allocated, 32, 64);
   arena_finish(&a);
}

/* A growing arena takes chunks of an eighth of what it holds: a compile
 * of hundreds of MiB is a few dozen chunks, none over 32 MiB, the large
 * ones aligned for huge pages; and the growth stops at the limit instead
 * of failing before it. */
static void
test_arena_growth(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   for (int i = 0; i < 48 * 256; i++) /* 48 MiB in 4 KiB pieces */
      arena_alloc(&a, 4096);
   unsigned chunks = 0, large = 0;
   for (struct arena_chunk *c = a.chunks; c; c = c->next, chunks++) {
      assert_true(c->size < ((size_t)32 << 20));
      if (c->size >= ((size_t)2 << 20) - sizeof(*c)) {
         large++;
         assert_int_equal((uintptr_t)c % ((size_t)2 << 20), 0);
      }
   }
   assert_in_range(chunks, 10, 40);
   assert_true(large >= 3);
   assert_true(a.held_bytes <= ((size_t)60 << 20)); /* 1.25 times */
   arena_finish(&a);

   struct limit_hit hit = {.over_limit = false};
   arena_init(&a, (size_t)10 << 20);
   a.fail = on_fail;
   a.fail_ctx = &hit;
   int allocated = allocate_until_hook(&a, &hit);
   assert_true(hit.over_limit);
   assert_in_range(allocated, 10 * 256 - 32, 10 * 256);
   arena_finish(&a);
}

/* Releasing to a mark frees what came after it, keeps what came before
 * (same addresses, same contents), and the peak remembers the most. */
static void
test_arena_mark_release(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   char *kept = arena_strdup(&a, "kept");
   struct arena_mark m = arena_mark(&a);
   size_t held = a.held_bytes;
   for (int i = 0; i < 8; i++)
      arena_alloc(&a, 100 * 1024); /* several new chunks */
   assert_true(a.held_bytes > held);
   size_t peak = a.held_bytes;
   arena_release(&a, m);
   assert_int_equal(a.held_bytes, held);
   assert_int_equal(a.peak_bytes, peak);
   assert_string_equal(kept, "kept");
   char *again = arena_strdup(&a, "again");
   assert_ptr_equal(again, kept + 16); /* the same chunk, reused */
   arena_finish(&a);
}

/* Recycling keeps chunks as spares up to the bound, and the next
 * allocations reuse them; the limit counts only the chunks in use, and a
 * spare the limit does not allow is passed over. */
static void
test_arena_recycle(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   void *small = arena_alloc(&a, 1000);        /* a 64 KiB chunk */
   void *big = arena_alloc(&a, 300 * 1024);    /* and a 512 KiB one */
   assert_int_equal(a.held_bytes, 576 * 1024);
   arena_recycle(&a, 520 * 1024); /* frees the largest, keeps the small */
   assert_int_equal(a.held_bytes, 0);
   assert_int_equal(a.peak_bytes, 0);
   void *again = arena_alloc(&a, 1000);
   assert_ptr_equal(again, small); /* the kept spare, from its start */
   assert_ptr_not_equal(again, big);
   assert_int_equal(a.held_bytes, 64 * 1024);
   arena_finish(&a);
   /* A spare over the limit stays a spare. */
   arena_init(&a, 0);
   void *mid = arena_alloc(&a, 100 * 1024); /* a 128 KiB chunk */
   arena_recycle(&a, SIZE_MAX);
   a.limit_bytes = 96 * 1024;
   void *fresh = arena_alloc(&a, 1000);
   assert_ptr_not_equal(fresh, mid);
   assert_int_equal(a.held_bytes, 64 * 1024);
   arena_finish(&a);
}

/* After arena_reserve(n), n bytes of allocations are one block, even
 * past what a new chunk would hold; a chunk with room is kept. */
static void
test_arena_reserve(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   char *first = arena_alloc(&a, 16);
   arena_reserve(&a, 1000); /* the chunk has room */
   assert_ptr_equal(arena_alloc(&a, 16), first + 16);
   arena_reserve(&a, 3u << 20); /* a chunk of its own */
   assert_int_equal(a.used_bytes, 32);
   char *start = arena_alloc(&a, 1u << 20);
   for (unsigned k = 1; k < 3; k++)
      assert_ptr_equal(arena_alloc(&a, 1u << 20), start + (k << 20));
   arena_finish(&a);
}

/* A spare far larger than a request (past the class above the chunk a
 * new one would be) stays for a request of its size: given to a small
 * one, it left the table that made it to a fresh chunk, faulted in on
 * every warm compile. */
static void
test_arena_spare_kept_for_its_size(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   void *big = arena_alloc(&a, 300 * 1024); /* a 512 KiB chunk */
   arena_recycle(&a, SIZE_MAX);
   void *small = arena_alloc(&a, 1000); /* a new 64 KiB chunk */
   assert_ptr_not_equal(small, big);
   assert_ptr_equal(arena_alloc(&a, 300 * 1024), big);
   assert_int_equal(a.held_bytes, 576 * 1024);
   arena_finish(&a);
}

/* A request takes the smallest spare that holds it, so that the large
 * spares a warm compile kept stay for its large tables: taking the first
 * that fits gave them to small requests, and every warm compile of a
 * large shader allocated (and faulted in) fresh chunks again. */
static void
test_arena_spare_best_fit(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   void *small = arena_alloc(&a, 1000);     /* a 64 KiB chunk */
   void *big = arena_alloc(&a, 300 * 1024); /* a 512 KiB one, newest */
   arena_recycle(&a, SIZE_MAX);
   assert_ptr_equal(arena_alloc(&a, 1000), small);
   assert_ptr_equal(arena_alloc(&a, 300 * 1024), big);
   assert_int_equal(a.held_bytes, 576 * 1024);
   assert_int_equal(a.peak_bytes, 576 * 1024);
   arena_finish(&a);
}

/* A scratch arena takes its chunks from its parent's spares and within
 * its parent's limit, gives them back when released (poisoned when
 * asked), and what it still holds goes back when the parent recycles. */
static void
test_arena_scratch(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   void *spare = arena_alloc(&a, 1000); /* a 64 KiB chunk */
   arena_recycle(&a, SIZE_MAX);
   char *kept = arena_strdup(&a, "kept"); /* from the spare */
   assert_ptr_equal(kept, spare);
   struct arena *k = arena_scratch(&a);
   k->poison = true;
   size_t held = a.held_bytes;
   struct arena_mark m = arena_mark(k);
   unsigned char *t = arena_alloc(k, 100 * 1024); /* a new chunk */
   t[0] = 1;
   assert_int_equal(a.held_bytes, held + 128 * 1024);
   assert_int_equal(k->held_bytes, 128 * 1024);
   arena_release(k, m);
   assert_int_equal(a.held_bytes, held);
   assert_int_equal(k->held_bytes, 0);
   assert_int_equal(t[0], 0xa5); /* poisoned */
   /* The next pass's scratch reuses the chunk, from the parent's
    * spares. */
   m = arena_mark(k);
   assert_ptr_equal(arena_alloc(k, 100 * 1024), t);
   arena_release(k, m);
   /* The limit counts both. */
   a.limit_bytes = a.held_bytes + 64 * 1024;
   arena_alloc(k, 1000);
   assert_int_equal(a.held_bytes, a.limit_bytes);
   arena_recycle(&a, SIZE_MAX);
   assert_int_equal(a.held_bytes, 0);
   assert_null(a.children);
   arena_finish(&a);
}

/* An arena that keeps its chunk: a release back to empty leaves the
 * first chunk, emptied, as its current one (poisoned when asked), and
 * gives the others back; the next allocation starts it again. */
static void
test_arena_keeps_chunk(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct arena *k = arena_scratch(&a);
   k->keeps_chunk = true;
   struct arena_mark empty = arena_mark(k);
   unsigned char *first = arena_alloc(k, 1000);
   first[0] = 1;
   arena_alloc(k, 100 * 1024); /* a second chunk */
   size_t both = a.held_bytes;
   arena_release(k, empty);
   assert_int_equal(k->used_bytes, 0);
   assert_int_equal(k->held_bytes, 64 * 1024);
   assert_int_equal(a.held_bytes, both - 128 * 1024);
   assert_ptr_equal(arena_alloc(k, 16), first);
   k->poison = true;
   arena_release(k, empty);
   assert_int_equal(first[0], 0xa5);
   assert_ptr_equal(arena_alloc(k, 16), first);
   arena_recycle(&a, SIZE_MAX);
   assert_int_equal(a.held_bytes, 0);
   arena_finish(&a);
}

static void
test_vec_push(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   VEC(int) v = {0};
   for (int i = 0; i < 10000; i++)
      *VEC_PUSH(&a, &v) = i;
   assert_int_equal(v.len, 10000);
   for (int i = 0; i < 10000; i++)
      assert_int_equal(v.data[i], i);
   arena_finish(&a);
}

/* A vector at the top of the current chunk grows in place (no copy left
 * behind: the arena hands out only its final capacity); one with other
 * allocations after it moves, keeping its elements; a grown vector's new
 * capacity is zeroed either way. */
static void
test_vec_grows_in_place(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   (void)arena_alloc(&a, 16); /* the first chunk exists */
   size_t before = a.used_bytes;
   VEC(uint32_t) v = {0};
   for (uint32_t i = 0; i < 1000; i++)
      *VEC_PUSH(&a, &v) = i;
   assert_int_equal(v.cap, 1024);
   assert_int_equal(a.used_bytes - before, 1024 * sizeof(uint32_t));
   uint32_t *at = v.data;
   (void)arena_alloc(&a, 16); /* now v is not the last allocation */
   for (uint32_t i = 1000; i < 1025; i++)
      *VEC_PUSH(&a, &v) = i;
   assert_ptr_not_equal(v.data, at);
   for (uint32_t i = 0; i < 1025; i++)
      assert_int_equal(v.data[i], i);
   for (size_t i = v.len; i < v.cap; i++)
      assert_int_equal(v.data[i], 0);
   /* Poisoned memory below: a vector grown in place over it is zeroed. */
   struct arena_mark m = arena_mark(&a);
   memset(arena_alloc(&a, 4096), 0xa5, 4096);
   arena_release(&a, m);
   VEC(uint32_t) w = {0};
   *VEC_PUSH(&a, &w) = 7;
   for (uint32_t i = 1; i < 600; i++)
      (void)VEC_PUSH(&a, &w);
   assert_int_equal(w.data[0], 7);
   for (size_t i = 1; i < w.cap; i++)
      assert_int_equal(w.data[i], 0);
   arena_finish(&a);
}

static void
test_strbuf_printf_grows(void **state)
{
   (void)state;
   struct arena a;
   arena_init(&a, 0);
   struct strbuf sb;
   strbuf_init(&sb, &a);
   for (int i = 0; i < 1000; i++)
      strbuf_printf(&sb, "%d,", i);
   assert_int_equal(sb.len, strlen(sb.data));
   assert_memory_equal(sb.data, "0,1,2,", 6);
   assert_string_equal(sb.data + sb.len - 4, "999,");
   strbuf_clear(&sb);
   strbuf_puts(&sb, "x");
   assert_string_equal(sb.data, "x");
   arena_finish(&a);
}

static void
test_diag_first_error_wins_and_formats(void **state)
{
   (void)state;
   struct tgsiva_diagnostic d;
   char text[256];
   diag_clear(&d);
   assert_false(diag_at(&d, TGSIVA_ERROR_INPUT, 3, 7, "expected '%s'", "]"));
   diag_at(&d, TGSIVA_ERROR_INPUT, 9, 9, "later error");
   tgsiva_diagnostic_format(&d, "a.tgsi", text, sizeof(text));
   assert_string_equal(text, "a.tgsi:3:7: error: expected ']'");

   diag_clear(&d);
   diag_word(&d, TGSIVA_ERROR_INPUT, 12, "bad token");
   tgsiva_diagnostic_format(&d, "t.bin", text, sizeof(text));
   assert_string_equal(text, "t.bin: error: token word 12: bad token");

   diag_clear(&d);
   diag_error(&d, TGSIVA_ERROR_INTERNAL, "broken");
   tgsiva_diagnostic_format(&d, NULL, text, sizeof(text));
   assert_string_equal(text, "<input>: internal error: broken");
}

static void
test_file_write_atomic_roundtrip(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   diag_clear(&d);
   char dir[] = "/tmp/tgsiva-test-XXXXXX";
   assert_non_null(mkdtemp(dir));
   char *path = arena_printf(&a, "%s/out.bin", dir);
   assert_true(file_write_atomic(path, "hello", 5, &d));
   char *data;
   size_t len;
   assert_true(file_read(&a, path, &data, &len, &d));
   assert_int_equal(len, 5);
   assert_string_equal(data, "hello");

   /* A directory that does not exist: error, and nothing is created. */
   char *bad = arena_printf(&a, "%s/missing/out.bin", dir);
   assert_false(file_write_atomic(bad, "x", 1, &d));
   assert_int_equal(d.status, TGSIVA_ERROR_INPUT);

   char **paths;
   size_t count;
   assert_true(file_list(&a, dir, ".bin", &paths, &count));
   assert_int_equal(count, 1);
   unlink(path);
   rmdir(dir);
   arena_finish(&a);
}

static void
test_file_read_missing(void **state)
{
   (void)state;
   struct arena a;
   struct tgsiva_diagnostic d;
   arena_init(&a, 0);
   diag_clear(&d);
   char *data;
   size_t len;
   assert_false(file_read(&a, "/nonexistent/x.tgsi", &data, &len, &d));
   assert_int_equal(d.status, TGSIVA_ERROR_INPUT);
   assert_non_null(strstr(d.message, "cannot open"));
   arena_finish(&a);
}

static void
test_bits(void **state)
{
   (void)state;
   assert_int_equal(float_to_bits(1.0f), 0x3f800000u);
   assert_int_equal(float_to_bits(-0.0f), 0x80000000u);
   assert_true(bits_to_float(0xc0400000u) == -3.0f);
   assert_true(double_to_bits(1.0) == 0x3ff0000000000000ull);
   assert_true(bits_to_double(0xc000000000000000ull) == -2.0);
   /* Halves: normal, subnormal, signed zero, infinity, NaN payload. */
   static const struct {
      uint16_t half;
      uint32_t bits;
   } halves[] = {
      {0x3c00, 0x3f800000u}, {0xc000, 0xc0000000u}, {0x0001, 0x33800000u},
      {0x03ff, 0x387fc000u}, {0x8000, 0x80000000u}, {0x7bff, 0x477fe000u},
      {0x7c00, 0x7f800000u}, {0xfc00, 0xff800000u}, {0x7e01, 0x7fc02000u},
   };
   for (size_t i = 0; i < sizeof(halves) / sizeof(halves[0]); i++)
      assert_int_equal(float_to_bits(half_to_float(halves[i].half)),
                       halves[i].bits);
   /* half_from_float_exact undoes half_to_float on every finite half. */
   for (uint32_t h = 0; h < 0x10000; h++) {
      uint16_t back = 0;
      bool finite = ((h >> 10) & 0x1f) != 0x1f;
      assert_int_equal(half_from_float_exact(
                          float_to_bits(half_to_float((uint16_t)h)), &back),
                       finite);
      if (finite)
         assert_int_equal(back, h);
   }
   /* Too precise, too large, too small, between two subnormals, not
    * finite. */
   static const uint32_t inexact[] = {0x3f800001u, 0x47800000u, 0x33000000u,
                                      0x33c00000u, 0x7f800000u,
                                      0x7fc00000u};
   for (size_t i = 0; i < sizeof(inexact) / sizeof(inexact[0]); i++) {
      uint16_t back;
      assert_false(half_from_float_exact(inexact[i], &back));
   }
}

static void
hex(const uint8_t *d, char *out)
{
   for (unsigned i = 0; i < SHA1_SIZE; i++)
      sprintf(out + 2 * i, "%02x", d[i]);
}

/* FIPS 180 example vectors, one fed in pieces that straddle blocks. */
static void
test_sha1_vectors(void **state)
{
   (void)state;
   static const struct {
      const char *text;
      unsigned repeat;
      const char *digest;
   } cases[] = {
      {"", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
      {"abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
       "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
      {"a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
      {"0123456701234567012345670123456701234567012345670123456701234567",
       10, "dea356a2cddd90c7a7ecedc5ebb563934f460452"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct sha1 s;
      sha1_init(&s);
      for (unsigned r = 0; r < cases[i].repeat; r++)
         sha1_update(&s, cases[i].text, strlen(cases[i].text));
      uint8_t d[SHA1_SIZE];
      char text[2 * SHA1_SIZE + 1];
      sha1_final(&s, d);
      hex(d, text);
      assert_string_equal(text, cases[i].digest);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_arena_alignment_and_zero),
      cmocka_unit_test(test_arena_limit_calls_hook),
      cmocka_unit_test(test_arena_growth),
      cmocka_unit_test(test_arena_mark_release),
      cmocka_unit_test(test_arena_recycle),
      cmocka_unit_test(test_arena_spare_kept_for_its_size),
      cmocka_unit_test(test_arena_reserve),
      cmocka_unit_test(test_arena_spare_best_fit),
      cmocka_unit_test(test_arena_keeps_chunk),
      cmocka_unit_test(test_arena_scratch),
      cmocka_unit_test(test_vec_push),
      cmocka_unit_test(test_vec_grows_in_place),
      cmocka_unit_test(test_strbuf_printf_grows),
      cmocka_unit_test(test_diag_first_error_wins_and_formats),
      cmocka_unit_test(test_file_write_atomic_roundtrip),
      cmocka_unit_test(test_file_read_missing),
      cmocka_unit_test(test_bits),
      cmocka_unit_test(test_sha1_vectors),
   };
   return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
