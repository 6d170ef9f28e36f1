/* SPDX-License-Identifier: MIT */
/*
 * Arena allocation.  Every compile (and every tool command) owns one arena;
 * IR nodes and vectors come from it, nothing is freed on its own, and the
 * whole arena is released once at the end.  A pass's own tables come from
 * a scratch arena (arena_scratch) released after the pass, so that a
 * compile's memory is its IR plus one pass's tables, not every pass's.
 *
 * Running out of memory, or past the arena's byte limit, calls the arena's
 * failure hook, which must not return (the library points it at a longjmp
 * back to its entry point, so that a huge input becomes a clean
 * TGSIVA_ERROR_LIMIT / TGSIVA_ERROR_NOMEM instead of a crash).  Without a
 * hook the process aborts with a message.
 */
#ifndef TGSIVA_UTIL_ARENA_H
#define TGSIVA_UTIL_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define ARENA_ALIGN 16
/* Spare chunks by floor(log2(usable bytes)). */
#define ARENA_SIZE_CLASSES 64

struct arena_chunk {
   struct arena_chunk *next;
   size_t size; /* usable bytes after the header */
   size_t used;
   _Alignas(ARENA_ALIGN) unsigned char data[];
};

struct arena {
   struct arena_chunk *chunks;
   /* Chunks released (arena_release, arena_recycle) and kept for reuse:
    * their pages are already mapped, so reusing them costs no page
    * faults; freed by arena_finish.  One list per power of two of the
    * chunks' usable size, so that a request finds the smallest spare
    * that holds it without walking a workspace's hundreds of chunks. */
   struct arena_chunk *spare[ARENA_SIZE_CLASSES];
   uint64_t spare_classes; /* bit k: spare[k] is not empty */
   size_t spare_bytes;     /* usable bytes of the spares */
   size_t used_bytes;  /* bytes handed out, for statistics */
   size_t held_bytes;  /* bytes of the chunks in use (not the spares) */
   size_t peak_bytes;  /* the most held at once */
   size_t limit_bytes; /* 0: no limit */
   /* Called when allocation fails; `over_limit` tells why.  Must not
    * return. */
   void (*fail)(void *ctx, bool over_limit);
   void *fail_ctx;
   /* A scratch arena (arena_scratch) takes its chunks from its parent,
    * counts them in the parent's limit and gives them back to the
    * parent's spares when released, so that memory a pass used for its
    * own tables serves the next pass.  `poison` fills released memory
    * with a pattern, so that a read of it after the release shows. */
   struct arena *parent;
   struct arena *children, *next_child;
   bool poison;
   /* A release back to an empty arena keeps its first chunk, emptied, as
    * its current one: for a scratch arena that every pass empties and
    * the next fills again (a chunk's trip through the spares cost more
    * than some small passes' own work). */
   bool keeps_chunk;
};

void arena_init(struct arena *a, size_t limit_bytes);
void arena_finish(struct arena *a);
/* Frees everything allocated, keeping up to `keep_bytes` of chunks as
 * spares for the next allocations (an arena that serves one compile after
 * another); statistics start again. */
void arena_recycle(struct arena *a, size_t keep_bytes);
/* A scratch arena living in `parent`: for memory freed in a stack order
 * (arena_mark/arena_release) while the parent's memory stays.  It ends
 * with its parent (arena_finish, arena_recycle). */
struct arena *arena_scratch(struct arena *parent);

/* arena_alloc when the current chunk cannot hold `size`, or it is 0 or
 * absurd. */
void *arena_alloc_new_chunk(struct arena *a, size_t size);
/* Room for `bytes` more in one chunk: what follows is contiguous. */
void arena_reserve(struct arena *a, size_t bytes);
/* arena_array's checks and allocation. */
void *arena_array_checked(struct arena *a, size_t n, size_t elem_size);

/* The bytes an allocation of `size` takes in its chunk. */
static inline size_t
arena_rounded(size_t size)
{
   return (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
}

/* Uninitialised, aligned for any object.  Inline: a compile allocates
 * small nodes by the thousand, nearly all from the current chunk.  (No
 * pointer local: inlined into a function that calls setjmp, gcc's
 * -Wclobbered suspects one.) */
static inline void *
arena_alloc(struct arena *a, size_t size)
{
   struct arena_chunk *c = a->chunks;
   size_t rounded = arena_rounded(size);
   if (!c || size - 1 >= SIZE_MAX / 2 || c->size - c->used < rounded)
      return arena_alloc_new_chunk(a, size);
   c->used += rounded;
   a->used_bytes += rounded;
   return c->data + c->used - rounded;
}

/* Zero-filled. */
static inline void *
arena_zalloc(struct arena *a, size_t size)
{
   return memset(arena_alloc(a, size), 0, size);
}

/* Zero-filled array of `n` elements; checks the multiplication. */
static inline void *
arena_array(struct arena *a, size_t n, size_t elem_size)
{
   if (n <= UINT32_MAX && elem_size <= UINT32_MAX / 4)
      return arena_zalloc(a, n * elem_size);
   return arena_array_checked(a, n, elem_size);
}
/* A copy of `old` (old_n elements) in a new zero-tailed array of new_n. */
void *arena_grow(struct arena *a, const void *old, size_t old_n, size_t new_n,
                 size_t elem_size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
/* printf into the arena. */
char *arena_printf(struct arena *a, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* A point to go back to: arena_release() frees everything allocated
 * since arena_mark(), for scratch memory of a loop's iterations (nothing
 * allocated in between may be used afterwards); the chunks become
 * spares. */
struct arena_mark {
   struct arena_chunk *chunk;
   size_t chunk_used, used_bytes;
};

struct arena_mark arena_mark(const struct arena *a);
void arena_release_chunks(struct arena *a, struct arena_mark m);

/* Inline for the common case, after every pass: no chunk to give back
 * (nothing past the mark's chunk, or only the one an emptied arena
 * keeps) and no poison to write. */
static inline void
arena_release(struct arena *a, struct arena_mark m)
{
   struct arena_chunk *c = a->chunks;
   if (!a->poison && c &&
       (c == m.chunk || (!m.chunk && a->keeps_chunk && !c->next))) {
      c->used = m.chunk ? m.chunk_used : 0;
      a->used_bytes = m.used_bytes;
      return;
   }
   arena_release_chunks(a, m);
}

#define ARENA_NEW(a, type) ((type *)arena_zalloc((a), sizeof(type)))
#define ARENA_ARRAY(a, type, n) ((type *)arena_array((a), (n), sizeof(type)))

/*
 * A growable array in the arena: `struct { T *data; size_t len, cap; }`.
 * VEC_PUSH returns a pointer to the new, zeroed element.
 */
#define VEC(type)                                                            \
   struct {                                                                  \
      type *data;                                                            \
      size_t len, cap;                                                       \
   }

void *vec_reserve_(struct arena *a, void *data, size_t len, size_t *cap,
                   size_t need, size_t elem_size);

#define VEC_RESERVE(a, v, n)                                                 \
   ((n) <= (v)->cap                                                          \
       ? (void)0                                                             \
       : (void)((v)->data = vec_reserve_((a), (v)->data, (v)->len,          \
                                         &(v)->cap, (n),                     \
                                         sizeof(*(v)->data))))

#define VEC_PUSH(a, v)                                                       \
   (VEC_RESERVE((a), (v), (v)->len + 1), &(v)->data[(v)->len++])

#endif
