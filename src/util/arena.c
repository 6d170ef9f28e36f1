/* SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE, where Linux has them */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Allocations are rounded to this, which suits every scalar type. */
#define ARENA_MIN_CHUNK (64 * 1024)
/* Chunks grow with the arena, a new one an eighth of what it holds (up to
 * ARENA_MAX_GROWTH), so that a huge compile's memory is a few large
 * chunks rather than thousands of small ones.  Chunks of ARENA_HUGE_PAGE
 * or more are aligned to it and offered to the kernel for huge pages:
 * the passes walk the whole IR again and again, and with 64 KiB chunks
 * of 4 KiB pages a compile of 30,000 instructions spent a quarter of its
 * time on TLB misses and page faults (docs/performance.md, "Huge
 * compiles"). */
#define ARENA_MAX_GROWTH ((size_t)32 << 20)
#define ARENA_HUGE_PAGE ((size_t)2 << 20)

void
arena_init(struct arena *a, size_t limit_bytes)
{
   memset(a, 0, sizeof(*a));
   a->limit_bytes = limit_bytes;
}

static void
free_chunks(struct arena_chunk *c)
{
   while (c) {
      struct arena_chunk *next = c->next;
      free(c);
      c = next;
   }
}

static unsigned
size_class(size_t size)
{
   return 63u - (unsigned)__builtin_clzll((unsigned long long)size);
}

/* Chunk c joins a's spares. */
static void
push_spare(struct arena *a, struct arena_chunk *c)
{
   unsigned k = size_class(c->size);
   c->next = a->spare[k];
   a->spare[k] = c;
   a->spare_classes |= (uint64_t)1 << k;
   a->spare_bytes += c->size;
}

/* The spare at *p, in list k, taken off it. */
static struct arena_chunk *
unlink_spare(struct arena *a, unsigned k, struct arena_chunk **p)
{
   struct arena_chunk *c = *p;
   *p = c->next;
   if (!a->spare[k])
      a->spare_classes &= ~((uint64_t)1 << k);
   a->spare_bytes -= c->size;
   return c;
}

/* A scratch arena's chunks go back to its parent's spares. */
static void
reclaim_children(struct arena *a)
{
   for (struct arena *k = a->children; k; k = k->next_child) {
      while (k->chunks) {
         struct arena_chunk *c = k->chunks;
         k->chunks = c->next;
         a->held_bytes -= c->size;
         push_spare(a, c);
      }
   }
   a->children = NULL;
}

void
arena_finish(struct arena *a)
{
   reclaim_children(a);
   free_chunks(a->chunks);
   a->chunks = NULL;
   for (unsigned k = 0; k < ARENA_SIZE_CLASSES; k++) {
      free_chunks(a->spare[k]);
      a->spare[k] = NULL;
   }
   a->spare_classes = 0;
   a->spare_bytes = 0;
   a->used_bytes = a->held_bytes = a->peak_bytes = 0;
}

/* The arena whose limit, spares and failure hook serve `a` (scratch
 * arenas hang from the root: arena_scratch). */
static struct arena *
root_of(struct arena *a)
{
   return a->parent ? a->parent : a;
}

/* Chunk c, no longer in use, joins the spares (of the root arena, for a
 * scratch arena's chunk). */
static void
make_spare(struct arena *a, struct arena_chunk *c)
{
   struct arena *r = root_of(a);
   a->held_bytes -= c->size;
   if (r != a)
      r->held_bytes -= c->size;
   push_spare(r, c);
}

void
arena_recycle(struct arena *a, size_t keep_bytes)
{
   reclaim_children(a);
   /* The chunks in use join the spares, the newest last, so that the
    * next compile takes the chunks this one touched last, still in the
    * caches, first. */
   struct arena_chunk *oldest_first = NULL;
   while (a->chunks) {
      struct arena_chunk *c = a->chunks;
      a->chunks = c->next;
      c->next = oldest_first;
      oldest_first = c;
   }
   while (oldest_first) {
      struct arena_chunk *c = oldest_first;
      oldest_first = c->next;
      push_spare(a, c);
   }
   /* Past the bound, the largest go back to malloc: a spare serves only
    * requests of about its size (take_spare), and one big shader's
    * chunks would otherwise hold the bound that the small shaders a
    * driver compiles most need. */
   while (a->spare_bytes > keep_bytes) {
      unsigned k = 63u - (unsigned)__builtin_clzll(a->spare_classes);
      free(unlink_spare(a, k, &a->spare[k]));
   }
   a->used_bytes = a->held_bytes = a->peak_bytes = 0;
}

/* A spare of at least `size` usable bytes that the limit allows, from
 * the smallest size class that has one, up to the class above that of
 * the chunk new_chunk would make (`new_bytes`), taken off its list, or
 * NULL.  A warm compile asks for its chunks in about the order the cold
 * one made them: a larger spare given to a smaller request leaves the
 * request that made it to a fresh chunk, faulted in again on every
 * compile (va_insert_flow's 20 MiB table at 30,000 TGSI instructions,
 * whose faults took 4x the pass's own time). */
static struct arena_chunk *
take_spare(struct arena *a, size_t size, size_t new_bytes)
{
   size_t room = a->limit_bytes ? a->limit_bytes - a->held_bytes : SIZE_MAX;
   unsigned lo = size_class(size), hi = size_class(new_bytes) + 1;
   uint64_t classes = a->spare_classes >> lo << lo;
   if (hi < 63)
      classes &= ((uint64_t)2 << hi) - 1;
   for (; classes; classes &= classes - 1) {
      unsigned k = (unsigned)__builtin_ctzll(classes);
      for (struct arena_chunk **p = &a->spare[k]; *p; p = &(*p)->next) {
         if ((*p)->size >= size && (*p)->size <= room)
            return unlink_spare(a, k, p);
      }
   }
   return NULL;
}

static void
arena_fail(struct arena *a, bool over_limit)
{
   a = root_of(a);
   if (a->fail)
      a->fail(a->fail_ctx, over_limit);
   fprintf(stderr, "tgsiva: %s\n",
           over_limit ? "memory limit exceeded" : "out of memory");
   abort();
}

/* The bytes of a new chunk of at least `size` usable bytes for arena a,
 * whose root is r: they follow what `a` holds (a pass's scratch grows on
 * its own tables, not on the IR's size).  A small chunk is a power of two
 * after its header; a huge-page one is whole huge pages, its header
 * included. */
static size_t
chunk_bytes(const struct arena *a, const struct arena *r, size_t size)
{
   size_t room = r->limit_bytes ? r->limit_bytes - r->held_bytes : SIZE_MAX;
   size_t chunk = ARENA_MIN_CHUNK;
   while (chunk < a->held_bytes / 8 && chunk < ARENA_MAX_GROWTH)
      chunk *= 2;
   if (chunk > room)
      chunk = ARENA_MIN_CHUNK;
   while (chunk < size && chunk < ARENA_HUGE_PAGE)
      chunk *= 2;
   size_t need = size + sizeof(struct arena_chunk);
   if (chunk >= ARENA_HUGE_PAGE && chunk < need)
      chunk = (need + ARENA_HUGE_PAGE - 1) & ~(ARENA_HUGE_PAGE - 1);
   return chunk;
}

/* A new chunk of `chunk` bytes (chunk_bytes) under root r. */
static struct arena_chunk *
new_chunk(struct arena *r, size_t chunk)
{
   size_t room = r->limit_bytes ? r->limit_bytes - r->held_bytes : SIZE_MAX;
   bool huge = chunk >= ARENA_HUGE_PAGE;
   size_t usable = huge ? chunk - sizeof(struct arena_chunk) : chunk;
   if (usable > room)
      arena_fail(r, true);
   struct arena_chunk *c;
   if (huge) {
      c = aligned_alloc(ARENA_HUGE_PAGE, chunk);
#if defined(MADV_HUGEPAGE)
      if (c)
         madvise(c, chunk, MADV_HUGEPAGE); /* advice: failure is harmless */
#endif
   } else {
      c = malloc(sizeof(*c) + chunk);
   }
   if (!c)
      arena_fail(r, false);
   c->size = usable;
   return c;
}

void *
arena_alloc_new_chunk(struct arena *a, size_t size)
{
   if (size > SIZE_MAX / 2)
      arena_fail(a, true);
   size = arena_rounded(size);
   if (size == 0)
      size = ARENA_ALIGN;

   struct arena_chunk *c = a->chunks;
   if (!c || c->size - c->used < size) {
      struct arena *r = root_of(a);
      size_t bytes = chunk_bytes(a, r, size);
      c = take_spare(r, size, bytes);
      if (!c)
         c = new_chunk(r, bytes);
      c->used = 0;
      c->next = a->chunks;
      a->chunks = c;
      a->held_bytes += c->size;
      if (r != a)
         r->held_bytes += c->size;
      if (r->held_bytes > r->peak_bytes)
         r->peak_bytes = r->held_bytes;
   }
   void *p = c->data + c->used;
   c->used += size;
   a->used_bytes += size;
   return p;
}

void
arena_reserve(struct arena *a, size_t bytes)
{
   struct arena_chunk *c = a->chunks;
   if (c && c->size - c->used >= bytes)
      return;
   arena_alloc_new_chunk(a, bytes);
   c = a->chunks;
   size_t rounded = c->used;
   c->used = 0;
   a->used_bytes -= rounded;
}

struct arena *
arena_scratch(struct arena *parent)
{
   parent = root_of(parent); /* one level: they all end with the root */
   struct arena *k = ARENA_NEW(parent, struct arena);
   k->parent = parent;
   k->next_child = parent->children;
   parent->children = k;
   return k;
}

struct arena_mark
arena_mark(const struct arena *a)
{
   return (struct arena_mark){a->chunks, a->chunks ? a->chunks->used : 0,
                              a->used_bytes};
}

void
arena_release_chunks(struct arena *a, struct arena_mark m)
{
   while (a->chunks != m.chunk) {
      struct arena_chunk *c = a->chunks;
      if (a->poison)
         memset(c->data, 0xa5, c->used);
      if (!m.chunk && !c->next && a->keeps_chunk) {
         c->used = 0;
         a->used_bytes = m.used_bytes;
         return;
      }
      a->chunks = c->next;
      make_spare(a, c);
   }
   if (m.chunk) {
      if (a->poison)
         memset(m.chunk->data + m.chunk_used, 0xa5,
                m.chunk->used - m.chunk_used);
      m.chunk->used = m.chunk_used;
   }
   a->used_bytes = m.used_bytes;
}

void *
arena_array_checked(struct arena *a, size_t n, size_t elem_size)
{
   if (elem_size && n > SIZE_MAX / 4 / elem_size)
      arena_fail(a, true);
   return arena_zalloc(a, n * elem_size);
}

void *
arena_grow(struct arena *a, const void *old, size_t old_n, size_t new_n,
           size_t elem_size)
{
   size_t keep = old && old_n ? (old_n < new_n ? old_n : new_n) : 0;
   if (elem_size && new_n > SIZE_MAX / 4 / elem_size)
      arena_fail(a, true);
   /* Only the tail is zeroed: the head is copied over. */
   unsigned char *p = arena_alloc(a, new_n * elem_size);
   if (keep)
      memcpy(p, old, keep * elem_size);
   memset(p + keep * elem_size, 0, (new_n - keep) * elem_size);
   return p;
}

void *
vec_reserve_(struct arena *a, void *data, size_t len, size_t *cap,
             size_t need, size_t elem_size)
{
   if (need <= *cap)
      return data;
   size_t new_cap = *cap ? *cap * 2 : 8;
   while (new_cap < need)
      new_cap *= 2;
   /* A vector whose storage ends at the top of the current chunk (the
    * last thing allocated, as it is while a loop only pushes) grows in
    * place: no copy, and no abandoned copy left behind (a doubling
    * vector's copies add up to its own size, in pages a first compile
    * faults in). */
   struct arena_chunk *c = a->chunks;
   size_t old_bytes = arena_rounded(*cap * elem_size);
   if (data && c && elem_size && new_cap <= SIZE_MAX / 4 / elem_size &&
       (unsigned char *)data + old_bytes == c->data + c->used) {
      size_t more = arena_rounded(new_cap * elem_size) - old_bytes;
      if (more <= c->size - c->used) {
         c->used += more;
         a->used_bytes += more;
         memset((unsigned char *)data + len * elem_size, 0,
                (new_cap - len) * elem_size);
         *cap = new_cap;
         return data;
      }
   }
   *cap = new_cap;
   return arena_grow(a, data, len, new_cap, elem_size);
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
   char *p = arena_alloc(a, n + 1);
   memcpy(p, s, n);
   p[n] = '\0';
   return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
   return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      n = 0;
   char *p = arena_alloc(a, (size_t)n + 1);
   va_start(ap, fmt);
   vsnprintf(p, (size_t)n + 1, fmt, ap);
   va_end(ap);
   return p;
}
