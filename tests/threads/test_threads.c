/* SPDX-License-Identifier: MIT */
/*
 * Compiling from many threads at once, as a driver does: every shader is
 * compiled on one thread through the public API, from text
 * (tgsiva_compile_text) and from tokens (text -> tokens ->
 * tgsiva_compile): the references.  Then THREADS threads compile all of
 * them again, ROUNDS times, by text or by tokens in turn, and every
 * result must equal its reference byte for byte: the code of each program
 * and every field of the shader information, or the same status and
 * message for a shader that fails.  Every other pair of shaders each
 * thread compiles in a tgsiva_workspace of its own, whose memory serves
 * compile after compile (dirty, as a driver's would be).
 *
 *   test_threads builtin [--limit N] [--rounds R]
 *                    the shaders under shaders/ of the source tree
 *   test_threads corpus [--limit N] [--rounds R]
 *                    $TGSIVA_SHARED/corpus and corpus-apps (exit 77
 *                    without them)
 *
 * --limit takes every k-th shader so that N remain (for ThreadSanitizer,
 * which is slow).  Prints what it compared; exits 1 on a difference.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsiva/compile.h"
#include "tgsiva/tgsi.h"
#include "util/fileio.h"
#include "util/strbuf.h"

#include "../corpus_dir.h"

#define THREADS 8

struct shader_case {
   const char *path;
   const char *text;
   size_t len;
   /* The single-threaded results from text [0] and tokens [1],
    * serialised. */
   struct strbuf reference[2];
};

struct run {
   struct shader_case *cases;
   size_t count;
   unsigned round;
   atomic_size_t next;      /* the next case a thread takes */
   atomic_uint compiled, differ;
};

static void
put(struct strbuf *sb, const void *data, size_t n)
{
   strbuf_putn(sb, data, n);
}

#define PUT(sb, field) put((sb), &(field), sizeof(field))

static void
put_varyings(struct strbuf *sb, const struct tgsiva_varying *v, unsigned n)
{
   PUT(sb, n);
   for (unsigned i = 0; i < n; i++) {
      PUT(sb, v[i].semantic);
      PUT(sb, v[i].index);
      PUT(sb, v[i].byte_offset);
      PUT(sb, v[i].components);
      PUT(sb, v[i].interpolation);
      PUT(sb, v[i].location);
   }
}

static void
put_program(struct strbuf *sb, const struct tgsiva_program *p)
{
   PUT(sb, p->size);
   put(sb, p->code, p->size);
   PUT(sb, p->work_registers);
   PUT(sb, p->preload_mask);
   const struct tgsiva_stats *s = &p->stats;
   PUT(sb, s->instructions);
   PUT(sb, s->spills);
   PUT(sb, s->fills);
   double cycles[7] = {s->fma, s->cvt, s->sfu, s->v, s->t, s->ls, s->cycles};
   PUT(sb, cycles);
}

/* Every field of the result, field by field (never struct padding). */
static void
serialise(struct strbuf *sb, enum tgsiva_status status,
          const struct tgsiva_shader *sh, const struct tgsiva_diagnostic *d)
{
   PUT(sb, status);
   if (status != TGSIVA_OK) {
      strbuf_puts(sb, d->message);
      return;
   }
   unsigned u[] = {sh->stage, sh->program_count, sh->push_count,
                   sh->sysval_ubo, sh->sysval_count, sh->user_ubo_count,
                   sh->texture_count, sh->sampler_count, sh->image_count,
                   sh->buffer_count, sh->tls_bytes, sh->uses_barrier,
                   sh->writes_memory, sh->attributes_read,
                   sh->writes_point_size, sh->fixed_varying_mask,
                   sh->render_targets_written, sh->writes_depth,
                   sh->writes_stencil, sh->writes_sample_mask,
                   sh->can_discard, sh->reads_frag_coord, sh->reads_face,
                   sh->reads_point_coord, sh->sample_shading,
                   sh->early_fragment_tests, sh->uses_derivatives,
                   sh->local_size[0], sh->local_size[1], sh->local_size[2],
                   sh->shared_bytes};
   PUT(sb, u);
   for (unsigned p = 0; p < sh->program_count && p < 2; p++)
      put_program(sb, &sh->programs[p]);
   for (unsigned i = 0; i < sh->push_count; i++) {
      PUT(sb, sh->push[i].ubo);
      PUT(sb, sh->push[i].offset);
   }
   for (unsigned i = 0; i < sh->sysval_count; i++) {
      PUT(sb, sh->sysvals[i].kind);
      PUT(sb, sh->sysvals[i].id);
   }
   put_varyings(sb, sh->outputs, sh->output_count);
   put_varyings(sb, sh->inputs, sh->input_count);
}

/* Compiles one case, from text or (by_tokens) from tokens. */
static void
compile_case(const struct shader_case *c, bool by_tokens,
             struct tgsiva_workspace *ws, struct strbuf *out)
{
   struct tgsiva_compile_options o = {.validate = true, .workspace = ws};
   struct tgsiva_shader *sh = NULL;
   struct tgsiva_diagnostic d;
   enum tgsiva_status st;
   uint32_t *tokens = NULL;
   size_t n;
   if (!by_tokens) {
      st = tgsiva_compile_text(c->text, c->len, &o, &sh, &d);
   } else {
      st = tgsiva_tgsi_text_to_tokens(c->text, c->len, &tokens, &n, &d);
      if (st == TGSIVA_OK)
         st = tgsiva_compile(tokens, n, &o, &sh, &d);
      tgsiva_tgsi_free(tokens);
   }
   serialise(out, st, sh, &d);
   tgsiva_shader_free(sh);
}

static void *
worker(void *arg)
{
   struct run *r = arg;
   struct tgsiva_workspace *ws = tgsiva_workspace_create();
   for (;;) {
      size_t i = atomic_fetch_add(&r->next, 1);
      if (i >= r->count) {
         tgsiva_workspace_destroy(ws);
         return NULL;
      }
      struct shader_case *c = &r->cases[i];
      struct arena arena;
      struct strbuf got;
      arena_init(&arena, 0);
      strbuf_init(&got, &arena);
      bool by_tokens = (i + r->round) % 2;
      const struct strbuf *ref = &c->reference[by_tokens];
      bool in_ws = (i / 2 + r->round) % 2;
      compile_case(c, by_tokens, in_ws ? ws : NULL, &got);
      atomic_fetch_add(&r->compiled, 1);
      if (got.len != ref->len || memcmp(got.data, ref->data, got.len)) {
         if (atomic_fetch_add(&r->differ, 1) < 10)
            fprintf(stderr, "%s: round %u: differs from the "
                            "single-threaded result\n", c->path, r->round);
      }
      arena_finish(&arena);
   }
}

struct options {
   bool corpus;
   size_t limit;
   unsigned rounds;
};

static bool
parse_args(int argc, char **argv, struct options *o)
{
   o->rounds = 3;
   if (argc < 2)
      return false;
   o->corpus = !strcmp(argv[1], "corpus");
   if (!o->corpus && strcmp(argv[1], "builtin"))
      return false;
   for (int i = 2; i + 1 < argc; i += 2) {
      long v = atol(argv[i + 1]);
      if (v <= 0)
         return false;
      if (!strcmp(argv[i], "--limit"))
         o->limit = (size_t)v;
      else if (!strcmp(argv[i], "--rounds"))
         o->rounds = (unsigned)v;
      else
         return false;
   }
   return argc % 2 == 0;
}

/* The shader files to compile, or false to skip (no corpus). */
static bool
list_shaders(struct arena *a, const struct options *o, char ***paths,
             size_t *count)
{
   const char *root = getenv(o->corpus ? "TGSIVA_SHARED"
                                       : "TGSIVA_SOURCE_ROOT");
   static const char *const corpus_dirs[] = {"corpus", "corpus-apps"};
   const char *const builtin_dirs[] = {"shaders"};
   const char *const *dirs = o->corpus ? corpus_dirs : builtin_dirs;
   unsigned ndirs = o->corpus ? 2 : 1;
   *count = 0;
   for (unsigned k = 0; root && k < ndirs; k++) {
      char **p;
      size_t n;
      char *dir = arena_printf(a, "%s/%s", root, dirs[k]);
      if (!file_list(a, dir, ".tgsi", &p, &n))
         continue;
      if (o->corpus)
         test_corpus_sample(dir, p, &n);
      *paths = arena_grow(a, *count ? *paths : NULL, *count, *count + n,
                          sizeof(char *));
      memcpy(*paths + *count, p, n * sizeof(char *));
      *count += n;
   }
   return *count > 0;
}

static size_t
load_cases(struct arena *a, const struct options *o,
           struct shader_case **cases)
{
   char **paths = NULL;
   size_t n;
   if (!list_shaders(a, o, &paths, &n))
      return 0;
   size_t step = o->limit && n > o->limit ? (n + o->limit - 1) / o->limit
                                          : 1;
   *cases = ARENA_ARRAY(a, struct shader_case, n / step + 1);
   size_t count = 0;
   for (size_t i = 0; i < n; i += step) {
      struct shader_case *c = &(*cases)[count];
      struct tgsiva_diagnostic d;
      char *text;
      if (!file_read(a, paths[i], &text, &c->len, &d))
         continue;
      c->path = paths[i];
      c->text = text;
      for (unsigned k = 0; k < 2; k++) {
         strbuf_init(&c->reference[k], a);
         compile_case(c, k, NULL, &c->reference[k]);
      }
      count++;
   }
   return count;
}

int
main(int argc, char **argv)
{
   struct options o = {0};
   if (!parse_args(argc, argv, &o)) {
      fprintf(stderr, "usage: test_threads builtin|corpus [--limit N] "
                      "[--rounds R]\n");
      return 2;
   }
   struct arena arena;
   arena_init(&arena, 0);
   struct run r = {0};
   r.count = load_cases(&arena, &o, &r.cases);
   if (!r.count) {
      printf("no shaders (set TGSIVA_SHARED / TGSIVA_SOURCE_ROOT): "
             "skipped\n");
      arena_finish(&arena);
      return 77;
   }
   unsigned ok_both = 0;
   for (size_t i = 0; i < r.count; i++) {
      const struct strbuf *t = &r.cases[i].reference[0];
      ok_both += t->len >= sizeof(enum tgsiva_status) &&
                 *(const enum tgsiva_status *)(const void *)t->data ==
                    TGSIVA_OK;
   }
   for (r.round = 0; r.round < o.rounds; r.round++) {
      pthread_t threads[THREADS];
      atomic_store(&r.next, 0);
      for (unsigned t = 0; t < THREADS; t++) {
         if (pthread_create(&threads[t], NULL, worker, &r)) {
            fprintf(stderr, "cannot create a thread\n");
            return 2;
         }
      }
      for (unsigned t = 0; t < THREADS; t++)
         pthread_join(threads[t], NULL);
   }
   unsigned compiled = atomic_load(&r.compiled);
   unsigned differ = atomic_load(&r.differ);
   printf("%zu shaders (%u compile), %u threads x %u rounds: %u compiles, "
          "%u equal to the single-threaded result, %u differ\n",
          r.count, ok_both, THREADS, o.rounds, compiled, compiled - differ,
          differ);
   arena_finish(&arena);
   return differ || compiled != r.count * o.rounds ? 1 : 0;
}
