/* SPDX-License-Identifier: MIT */
/*
 * Comparing the interpreter's outputs with the simulator's, word by word
 * (the rules are in docs/testing.md):
 *
 * 1. A word whose err is 0 must agree bit for bit; one with a finite err
 *    is read as a float (or, for F64 words, with the other word of the
 *    same double as that double: tgsi_interp_same_double) and may
 *    differ by err; an INFINITY word is not compared.
 *    Two NaNs of a float word agree whatever their payloads (the
 *    payloads of generated NaNs differ between CPUs and GPUs), and so do
 *    +0 and -0 (GLSL does not require signed zeros; compilers fold
 *    0 * x to 0).
 * 2. Vertex: the screen-space position, the point size, and every
 *    varying by (semantic, index).  Fragment: the discard mask (except
 *    lanes whose discard is uncertain), then, for lanes kept, each
 *    render target, depth, stencil and sample mask the interpreter
 *    wrote; a render target only the binaries write differs.  Only live
 *    lanes count.
 * 3. Memory: every word of every buffer, image, shared region and
 *    stream-output buffer (transform feedback); words
 *    the shader never wrote must be unchanged.  Scratch and vertex
 *    records belong to the simulator and are not compared.  When a lane
 *    on an uncertain path could write, memory is not compared.
 */
#include "run_check.h"

#include <math.h>
#include <string.h>

#include "util/bits.h"

static double
as_double(uint32_t lo, uint32_t hi)
{
   return bits_to_double((uint64_t)hi << 32 | lo);
}

/* Does `got` agree with `ref` given the annotation?  lo/hi partners are
 * passed for double words. */
bool
run_word_agrees(const struct tgsi_interp_annot *a, uint32_t ref,
                uint32_t got, uint32_t ref_pair, uint32_t got_pair,
                const struct tgsi_interp_annot *pair,
                struct run_compare_stats *st)
{
   bool lo = a->kind == TGSI_INTERP_WORD_F64_LO;
   bool dword = lo || a->kind == TGSI_INTERP_WORD_F64_HI;
   /* A word of a double beside the other word of one (by kind) is
    * compared as that double; alone (the other word overwritten), the
    * bits of an inexact double are not a value near anything. */
   bool paired = dword && pair &&
                 pair->kind == (lo ? TGSI_INTERP_WORD_F64_HI
                                   : TGSI_INTERP_WORD_F64_LO) &&
                 tgsi_interp_same_double(a->pair, pair->pair);
   if (a->err == INFINITY || (dword && !paired && a->err != 0)) {
      st->skipped++;
      return true;
   }
   if (a->err == 0)
      st->exact++;
   else
      st->tolerant++;
   if (ref == got)
      return true;
   if (paired) {
      double x = lo ? as_double(ref, ref_pair) : as_double(ref_pair, ref);
      double y = lo ? as_double(got, got_pair) : as_double(got_pair, got);
      if ((isnan(x) && isnan(y)) || (x == 0 && y == 0))
         return true;
      return a->err > 0 && fabs(x - y) <= a->err;
   }
   if (dword)
      return false; /* exact bits, and not these */
   if (a->kind == TGSI_INTERP_WORD_F32 &&
       ((isnan(bits_to_float(ref)) && isnan(bits_to_float(got))) ||
        (bits_to_float(ref) == 0.0f && bits_to_float(got) == 0.0f)))
      return true;
   if (a->err == 0)
      return false;
   float x = bits_to_float(ref), y = bits_to_float(got);
   return fabs((double)x - (double)y) <= a->err;
}

static bool
differ(struct run_difference *d, const struct tgsi_interp_annot *a,
       uint32_t ref, uint32_t got, int program, uint32_t writer_plus_one)
{
   /* d->output and d->index are the caller's. */
   d->expected = ref;
   d->got = got;
   d->annot = *a;
   d->program = program;
   d->valhall_insn = writer_plus_one ? (int64_t)writer_plus_one - 1 : -1;
   return false;
}

/* Compares one vector of 4 words; `what` names it for a report. */
static bool
vec_agrees(const struct tgsi_interp_annot a[4], const uint32_t ref[4],
           const uint32_t got[4], struct run_compare_stats *st,
           struct run_difference *d, const char *what, unsigned lane,
           int program, uint32_t writer)
{
   for (unsigned c = 0; c < 4; c++) {
      if (run_word_agrees(&a[c], ref[c], got[c], ref[c ^ 1], got[c ^ 1],
                          &a[c ^ 1], st))
         continue;
      snprintf(d->what, sizeof(d->what), "%s.%c lane %u", what, "xyzw"[c],
               lane);
      return differ(d, &a[c], ref[c], got[c], program, writer);
   }
   return true;
}

static void
floats_to_words(const float *f, uint32_t *w, unsigned n)
{
   memcpy(w, f, 4 * n);
}

static const struct sim_vec4 *
find_varying(const struct sim_outputs *o, unsigned sem, uint32_t index,
             unsigned *slot)
{
   for (unsigned i = 0; i < o->varying_count; i++) {
      if (o->varyings[i].semantic == sem && o->varyings[i].index == index) {
         *slot = i;
         return o->varyings[i].value;
      }
   }
   return NULL;
}

static bool
all_skipped(const struct tgsi_interp_annot (*a)[4], uint32_t lanes)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4 && ((lanes >> l) & 1); c++) {
         if (a[l][c].err != INFINITY)
            return false;
      }
   }
   return true;
}

bool
run_compare_vertex(uint32_t lanes, const struct sim_outputs *ref,
                   const struct tgsi_interp_annotations *an,
                   const struct sim_outputs *got, struct run_difference *d,
                   struct run_compare_stats *st)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!((lanes >> l) & 1))
         continue;
      uint32_t r[4], g[4] = {0, 0, 0, 0};
      if (ref->wrote_position) {
         d->output = RUN_OUT_POSITION;
         floats_to_words(ref->position[l], r, 4);
         if (got->wrote_position)
            floats_to_words(got->position[l], g, 4);
         if (!vec_agrees(an->position[l], r, g, st, d, "POSITION", l, 0,
                         got->position_writer))
            return false;
      }
      if (ref->wrote_layer) {
         d->output = RUN_OUT_LAYER;
         uint32_t g0 = got->wrote_layer ? got->layer[l] : ~0u;
         if (!run_word_agrees(&an->layer[l], ref->layer[l], g0, 0, 0, NULL,
                              st)) {
            snprintf(d->what, sizeof(d->what), "LAYER lane %u", l);
            return differ(d, &an->layer[l], ref->layer[l], g0, 0, 0);
         }
      }
      if (ref->wrote_point_size) {
         d->output = RUN_OUT_POINT_SIZE;
         floats_to_words(&ref->point_size[l], r, 1);
         floats_to_words(&got->point_size[l], g, 1);
         if (!run_word_agrees(&an->point_size[l], r[0], g[0], 0, 0, NULL,
                              st)) {
            snprintf(d->what, sizeof(d->what), "PSIZE.x lane %u", l);
            return differ(d, &an->point_size[l], r[0], g[0], 0,
                          got->point_size_writer);
         }
      }
   }
   for (unsigned i = 0; i < ref->varying_count; i++) {
      unsigned slot = 0;
      const struct sim_vec4 *gv = find_varying(
         got, ref->varyings[i].semantic, ref->varyings[i].index, &slot);
      char what[64];
      snprintf(what, sizeof(what), "%s[%u]",
               tgsi_name(&tgsi_sem_names, ref->varyings[i].semantic),
               ref->varyings[i].index);
      if (!gv && all_skipped(an->varyings[i], lanes))
         continue;
      d->output = RUN_OUT_VARYING;
      d->index = i;
      static const struct sim_vec4 none[SIM_LANES];
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if ((lanes >> l) & 1 &&
             !vec_agrees(an->varyings[i][l], ref->varyings[i].value[l].w,
                         (gv ? gv : none)[l].w, st, d, what, l, 1,
                         gv ? got->varying_writer[slot] : 0))
            return false;
      }
   }
   return true;
}

static bool
compare_scalar(const struct tgsi_interp_annot *a, uint32_t r, uint32_t g,
               struct run_compare_stats *st, struct run_difference *d,
               const char *what, unsigned lane, uint32_t writer)
{
   if (run_word_agrees(a, r, g, 0, 0, NULL, st))
      return true;
   snprintf(d->what, sizeof(d->what), "%s lane %u", what, lane);
   return differ(d, a, r, g, 0, writer);
}

static bool
compare_fragment_lane(const struct sim_outputs *ref,
                      const struct tgsi_interp_annotations *an,
                      const struct sim_outputs *got, unsigned l,
                      struct run_difference *d, struct run_compare_stats *st)
{
   for (unsigned rt = 0; rt < SIM_MAX_RTS; rt++) {
      if (!((ref->rt_written >> rt) & 1))
         continue;
      char what[32];
      snprintf(what, sizeof(what), "COLOR[%u]", rt);
      d->output = RUN_OUT_COLOR;
      d->index = rt;
      static const struct sim_vec4 none;
      const struct sim_vec4 *g = (got->rt_written >> rt) & 1
                                    ? &got->color[rt][l]
                                    : &none;
      if (!vec_agrees(an->color[rt][l], ref->color[rt][l].w, g->w, st, d,
                      what, l, 0, got->color_writer[rt]))
         return false;
   }
   d->output = RUN_OUT_DEPTH;
   if (ref->wrote_depth) {
      uint32_t r = float_to_bits(ref->depth[l]);
      uint32_t g = float_to_bits(got->depth[l]);
      if (!compare_scalar(&an->depth[l], r, g, st, d, "POSITION.z", l,
                          got->depth_writer))
         return false;
   }
   d->output = RUN_OUT_STENCIL;
   if (ref->wrote_stencil &&
       !compare_scalar(&an->stencil[l], ref->stencil[l], got->stencil[l], st,
                       d, "STENCIL.y", l, got->stencil_writer))
      return false;
   d->output = RUN_OUT_SAMPLE_MASK;
   if (ref->wrote_sample_mask &&
       !compare_scalar(&an->sample_mask[l], ref->sample_mask[l],
                       got->sample_mask[l], st, d, "SAMPLEMASK.x", l,
                       got->sample_mask_writer))
      return false;
   return true;
}

static bool
compare_fragment(uint32_t lanes, const struct sim_outputs *ref,
                 const struct tgsi_interp_annotations *an,
                 const struct sim_outputs *got, struct run_difference *d,
                 struct run_compare_stats *st)
{
   uint32_t certain = lanes & ~an->discard_uncertain;
   uint32_t mismatch = (ref->discarded ^ got->discarded) & certain;
   if (mismatch) {
      unsigned l = (unsigned)__builtin_ctz(mismatch);
      static const struct tgsi_interp_annot exact = {.err = 0, .insn = -1};
      snprintf(d->what, sizeof(d->what), "discard of lane %u", l);
      d->output = RUN_OUT_DISCARD;
      return differ(d, &exact, (ref->discarded >> l) & 1,
                    (got->discarded >> l) & 1, 0, 0);
   }
   uint32_t kept = certain & ~ref->discarded;
   uint32_t extra = got->rt_written & ~ref->rt_written;
   if (extra && kept) {
      /* The binaries blend a render target the shader does not write. */
      unsigned rt = (unsigned)__builtin_ctz(extra);
      static const struct tgsi_interp_annot exact = {.err = 0, .insn = -1};
      snprintf(d->what, sizeof(d->what), "COLOR[%u] (not written by the "
                                         "shader)", rt);
      d->output = RUN_OUT_COLOR;
      d->index = rt;
      return differ(d, &exact, 0, 1, 0, got->color_writer[rt]);
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if ((kept >> l & 1) && !compare_fragment_lane(ref, an, got, l, d, st))
         return false;
   }
   return true;
}

static const char *const region_names[SIM_REGION_COUNT] = {
   "BUFFER", "IMAGE", "shared memory", "scratch", "vertex records",
   "stream-output buffer", "geometry input records",
   "geometry vertex slots", "geometry index entries",
};

static bool
compare_region(const struct sim_region *r, const struct sim_region *g,
               const struct tgsi_interp_annot *an,
               struct run_compare_stats *st, struct run_difference *d)
{
   static const struct tgsi_interp_annot unwritten = {.err = 0, .insn = -1};
   for (uint32_t off = 0; off + 4 <= r->size; off += 4) {
      uint32_t a, b, ap = 0, bp = 0;
      memcpy(&a, r->bytes + off, 4);
      memcpy(&b, g->bytes + off, 4);
      const struct tgsi_interp_annot *w = an ? &an[off / 4] : &unwritten;
      bool lo = w->kind == TGSI_INTERP_WORD_F64_LO;
      bool hi = w->kind == TGSI_INTERP_WORD_F64_HI;
      uint32_t partner = lo ? off + 4 : off - 4;
      const struct tgsi_interp_annot *wp = NULL;
      if ((lo && off + 8 <= r->size) || (hi && off >= 4)) {
         memcpy(&ap, r->bytes + partner, 4);
         memcpy(&bp, g->bytes + partner, 4);
         wp = an ? &an[partner / 4] : &unwritten;
      }
      if (run_word_agrees(w, a, b, ap, bp, wp, st))
         continue;
      if (r->kind == SIM_REGION_SHARED)
         snprintf(d->what, sizeof(d->what), "shared memory byte %u", off);
      else
         snprintf(d->what, sizeof(d->what), "%s[%u] byte %u",
                  region_names[r->kind], r->index, off);
      return differ(d, w, a, b, -1, 0);
   }
   return true;
}

static bool
compare_memory(const struct sim_memory *ref,
               const struct tgsi_interp_annotations *an,
               const struct sim_memory *got, struct run_difference *d,
               struct run_compare_stats *st)
{
   if (an->memory_uncertain)
      return true;
   d->output = RUN_OUT_MEMORY;
   for (unsigned i = 0; i < ref->count; i++) {
      const struct sim_region *r = &ref->regions[i];
      /* Geometry buffers: run_compare_gs, from the primitive lists. */
      if (r->kind == SIM_REGION_SCRATCH || r->kind == SIM_REGION_VERTEX ||
          r->kind >= SIM_REGION_GS_INPUT)
         continue;
      struct sim_region *g = sim_memory_region((struct sim_memory *)got,
                                               r->kind, r->index);
      if (!g || g->size != r->size) {
         snprintf(d->what, sizeof(d->what), "the size of %s[%u]",
                  region_names[r->kind], r->index);
         static const struct tgsi_interp_annot exact = {.err = 0, .insn = -1};
         return differ(d, &exact, r->size, g ? g->size : 0, -1, 0);
      }
      if (r->kind == SIM_REGION_XFB)
         st->xfb += r->size / 4;
      if (!compare_region(r, g, an->memory[i], st, d))
         return false;
   }
   return true;
}

bool
run_compare(enum sim_stage stage, uint32_t lanes,
            const struct sim_outputs *ref,
            const struct tgsi_interp_annotations *an,
            const struct sim_memory *ref_mem, const struct sim_outputs *got,
            const struct sim_memory *got_mem, struct run_difference *diff,
            struct run_compare_stats *st)
{
   memset(diff, 0, sizeof(*diff));
   if (stage == SIM_STAGE_VERTEX &&
       !run_compare_vertex(lanes, ref, an, got, diff, st))
      return false;
   if (stage == SIM_STAGE_FRAGMENT &&
       !compare_fragment(lanes, ref, an, got, diff, st))
      return false;
   return compare_memory(ref_mem, an, got_mem, diff, st);
}

/* ---------------------------------------------------------------------
 * Printing
 */

void
run_print_word(FILE *f, uint32_t w, const struct tgsi_interp_annot *a)
{
   fprintf(f, " 0x%08x", w);
   if (a->kind == TGSI_INTERP_WORD_F32)
      fprintf(f, " (%g)", (double)bits_to_float(w));
   if (a->err == INFINITY)
      fprintf(f, "?");
   else if (a->err > 0)
      fprintf(f, "~%.3g", a->err);
}

static void
print_vec(FILE *f, const char *what, unsigned lane, const uint32_t *w,
          const struct tgsi_interp_annot *a)
{
   fprintf(f, "%s lane %2u:", what, lane);
   for (unsigned c = 0; c < 4; c++)
      run_print_word(f, w[c], &a[c]);
   fprintf(f, "\n");
}

static void
print_vertex(FILE *f, const struct sim_outputs *out,
             const struct tgsi_interp_annotations *an)
{
   for (unsigned l = 0; l < SIM_LANES && out->wrote_position; l++) {
      uint32_t w[4];
      floats_to_words(out->position[l], w, 4);
      print_vec(f, "POSITION", l, w, an->position[l]);
   }
   for (unsigned l = 0; l < SIM_LANES && out->wrote_point_size; l++) {
      uint32_t w = float_to_bits(out->point_size[l]);
      fprintf(f, "PSIZE lane %2u:", l);
      run_print_word(f, w, &an->point_size[l]);
      fprintf(f, "\n");
   }
   for (unsigned i = 0; i < out->varying_count; i++) {
      char what[48];
      snprintf(what, sizeof(what), "%s[%u]",
               tgsi_name(&tgsi_sem_names, out->varyings[i].semantic),
               out->varyings[i].index);
      for (unsigned l = 0; l < SIM_LANES; l++)
         print_vec(f, what, l, out->varyings[i].value[l].w,
                   an->varyings[i][l]);
   }
}

static void
print_fragment(FILE *f, const struct sim_outputs *out,
               const struct tgsi_interp_annotations *an)
{
   fprintf(f, "discarded lanes: 0x%04x (uncertain 0x%04x)\n", out->discarded,
           an->discard_uncertain);
   for (unsigned rt = 0; rt < SIM_MAX_RTS; rt++) {
      char what[16];
      snprintf(what, sizeof(what), "COLOR[%u]", rt);
      for (unsigned l = 0; l < SIM_LANES && (out->rt_written >> rt & 1); l++)
         print_vec(f, what, l, out->color[rt][l].w, an->color[rt][l]);
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t w = float_to_bits(out->depth[l]);
      if (out->wrote_depth) {
         fprintf(f, "depth lane %2u:", l);
         run_print_word(f, w, &an->depth[l]);
         fprintf(f, "\n");
      }
      if (out->wrote_stencil) {
         fprintf(f, "stencil lane %2u:", l);
         run_print_word(f, out->stencil[l], &an->stencil[l]);
         fprintf(f, "\n");
      }
      if (out->wrote_sample_mask) {
         fprintf(f, "sample mask lane %2u:", l);
         run_print_word(f, out->sample_mask[l], &an->sample_mask[l]);
         fprintf(f, "\n");
      }
   }
}

/* The words of writable memory the shader wrote. */
static void
print_memory(FILE *f, const struct sim_memory *mem,
             const struct tgsi_interp_annotations *an)
{
   for (unsigned i = 0; i < mem->count; i++) {
      const struct sim_region *r = &mem->regions[i];
      if (!an->memory[i] || r->kind == SIM_REGION_SCRATCH ||
          r->kind == SIM_REGION_VERTEX || r->kind >= SIM_REGION_GS_INPUT)
         continue;
      for (uint32_t off = 0; off + 4 <= r->size; off += 4) {
         const struct tgsi_interp_annot *a = &an->memory[i][off / 4];
         if (a->insn < 0)
            continue;
         uint32_t w;
         memcpy(&w, r->bytes + off, 4);
         fprintf(f, "%s[%u] byte %u:", region_names[r->kind], r->index, off);
         run_print_word(f, w, a);
         fprintf(f, "\n");
      }
   }
}

void
run_print_outputs(FILE *f, enum sim_stage stage,
                  const struct sim_outputs *out,
                  const struct tgsi_interp_annotations *an,
                  const struct sim_memory *mem)
{
   print_memory(f, mem, an);
   if (stage == SIM_STAGE_VERTEX)
      print_vertex(f, out, an);
   else if (stage == SIM_STAGE_FRAGMENT)
      print_fragment(f, out, an);
   if (an->path_uncertain)
      fprintf(f, "lanes on uncertain paths: 0x%04x\n", an->path_uncertain);
   if (an->memory_uncertain)
      fprintf(f, "memory is uncertain\n");
}
