/* SPDX-License-Identifier: MIT */
/*
 * The differential check must catch broken code.  Binaries the check
 * accepts are damaged in three ways, one instruction at a time, and the
 * check (16 input sets) must then report a difference:
 *
 *   modifier  the .neg of a float source is flipped
 *   wait      an instruction's wait on a dependency slot is dropped
 *   branch    a conditional BRANCHZ swaps its two ways (taken and not)
 *
 *   mutate mesa_ref   on Mesa's binaries ($TGSIVA_SHARED/mesa-ref)
 *   mutate diff       on tgsiva's binaries of the corpus shaders
 *
 * Only shaders whose outputs carry values are damaged (RICH distinct
 * output words; for branches, outputs that are not always the same and
 * every lane's path certain on the first input sets), and
 * modifiers only in FADD, FMA and FMUL; each conditional branch (up to 8
 * per shader) makes a branch mutant.  A mutant whose simulated outputs
 * and memory equal the original's on every input set changed nothing
 * (a negated zero, a branch between equal results) and is not counted.
 * The rest may still hide inside what TGSI allows (a sign flip within a
 * tolerance), so each kind needs MUTANTS mutants (or the number given
 * after the mode: a smaller corpus offers fewer) and at least
 * CAUGHT_PERCENT of them caught; the ones that escape are listed.
 * Exits 77 without $TGSIVA_SHARED.
 * $TGSIVA_CORPUS names another corpus with the same layout
 * (../corpus_dir.h: corpus-apps).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/va.h"
#include "tools/run_check.h"
#include "util/diag.h"
#include "util/fileio.h"

#include "../corpus_dir.h"

#define MUTANTS 40
#define CAUGHT_PERCENT 90

enum kind { MODIFIER, WAIT, BRANCH, KINDS };

static const char *const kind_names[KINDS] = {"modifier", "wait", "branch"};

struct tally {
   unsigned wanted; /* mutants of each kind: MUTANTS unless given */
   unsigned mutants[KINDS], caught[KINDS];
   unsigned equivalent[KINDS]; /* no change in the simulator's outputs */
};

/* Registers an instruction reads, as a mask. */
static uint64_t
reads(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   for (unsigned i = 0; i < f->nr_srcs; i++) {
      if (I->src[i].kind == VA_SRC_KIND_REG)
         m |= 3ull << I->src[i].value; /* and a pair's high half */
   }
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (I->staging[i].read)
         m |= ((1ull << I->staging[i].count) - 1) << I->staging[i].reg;
   }
   return m;
}

/* Registers read by the instructions that follow, up to and including
 * the next one with a wait. */
static uint64_t
reads_until_wait(const uint64_t *words, size_t count)
{
   uint64_t m = 0;
   for (size_t j = 0; j < count && words[j]; j++) {
      struct va_instr I;
      if (!va_decode(words[j], &I))
         break;
      m |= reads(&I);
      if (I.flow >= VA_FLOW_WAIT0 && I.flow <= VA_FLOW_WAIT)
         break;
   }
   return m;
}

/* Registers a message instruction writes when it completes. */
static uint64_t
message_writes(const struct va_instr *I)
{
   const struct va_form *f = va_form(I->op);
   uint64_t m = 0;
   if (!f->message)
      return 0;
   for (unsigned i = 0; i < f->nr_staging; i++) {
      if (I->staging[i].write)
         m |= ((1ull << I->staging[i].count) - 1) << I->staging[i].reg;
   }
   if (f->nr_dests)
      m |= 1ull << I->dest.reg;
   return m;
}

/* Damages instruction I in place; false if it has no such thing.
 * `pending`: message results that instructions after I read before the
 * next wait. */
static bool
damage(enum kind k, struct va_instr *I, uint64_t pending)
{
   const struct va_form *f = va_form(I->op);
   switch (k) {
   case MODIFIER:
      /* Arithmetic only: a sign flipped in a comparison with equality or
       * in a cube-face choice (which takes |x|) changes nothing. */
      if (I->op != VA_OP_FADD_F32 && I->op != VA_OP_FMA_F32)
         return false;
      for (unsigned i = 0; i < f->nr_srcs; i++) {
         /* A factor multiplied by a constant may be multiplied by 0 (a
          * move written as FMA). */
         bool constant_partner = I->op == VA_OP_FMA_F32 && i < 2 &&
                                 I->src[1 - i].kind == VA_SRC_KIND_IMM;
         if ((f->srcs[i].flags & VA_SRC_ABSNEG) &&
             (f->srcs[i].flags & VA_SRC_FLOAT) && !constant_partner &&
             I->src[i].kind == VA_SRC_KIND_REG) {
            I->src[i].neg = !I->src[i].neg;
            return true;
         }
      }
      return false;
   case WAIT:
      /* Only a wait whose absence lets a result be read early (`pending`
       * says which are read before the next wait): many waits are there
       * for the hardware's own ordering, and a later one covers them. */
      if (I->flow < VA_FLOW_WAIT0 || I->flow > VA_FLOW_WAIT || !pending)
         return false;
      I->flow = VA_FLOW_NONE;
      return true;
   case BRANCH: /* done by swap_branches */
      return false;
   default: return false;
   }
}

/* A copy of `p` with the first instruction of kind `k` damaged. */
static bool
mutant(struct arena *arena, const struct run_programs *p, enum kind k,
       struct run_programs *m, char *where, size_t size)
{
   *m = *p;
   for (unsigned prog = 0; prog < p->count; prog++) {
      uint64_t in_flight = 0;
      for (size_t i = 0; i < p->word_count[prog] && p->words[prog][i];
           i++) {
         struct va_instr I;
         uint64_t word;
         if (!va_decode(p->words[prog][i], &I))
            continue;
         /* A wait acts after its instruction, for what was issued so
          * far (roughly: all of it). */
         in_flight |= message_writes(&I);
         bool waits = I.flow >= VA_FLOW_WAIT0 && I.flow <= VA_FLOW_WAIT;
         uint64_t later = reads_until_wait(&p->words[prog][i + 1],
                                           p->word_count[prog] - i - 1);
         uint64_t read_early = waits ? in_flight & later : 0;
         if (waits)
            in_flight = 0;
         if (!damage(k, &I, read_early) || !va_pack(&I, &word, NULL))
            continue;
         uint64_t *w = ARENA_ARRAY(arena, uint64_t, p->word_count[prog]);
         memcpy(w, p->words[prog], 8 * p->word_count[prog]);
         w[i] = word;
         m->words[prog] = w;
         struct strbuf sb;
         strbuf_init(&sb, arena);
         va_print_word(&sb, word);
         snprintf(where, size, "program %u, instruction %zu: %s", prog, i,
                  sb.data);
         return true;
      }
   }
   return false;
}

/* Is there an instruction other than NOP in [a, b) (or [b, a))? */
static bool
work_between(const uint64_t *words, int64_t a, int64_t b)
{
   for (int64_t i = a < b ? a : b; i < (a < b ? b : a); i++) {
      struct va_instr I;
      if (va_decode(words[i], &I) && I.op != VA_OP_NOP)
         return true;
   }
   return false;
}

/* A conditional BRANCHZ whose two ways have work between them swaps
 * them: it now branches where it fell through and falls through where it
 * branched (its condition inverted). */
static bool
swap_branches(struct arena *arena, const struct run_programs *p,
              unsigned skip, struct run_programs *m, char *where,
              size_t size)
{
   *m = *p;
   for (unsigned prog = 0; prog < p->count; prog++) {
      const uint64_t *words = p->words[prog];
      for (size_t i = 0; i < p->word_count[prog] && words[i]; i++) {
         struct va_instr I;
         if (!va_decode(words[i], &I) || I.op != VA_OP_BRANCHZ ||
             I.src[0].kind != VA_SRC_KIND_REG)
            continue;
         /* Offsets count from the next instruction. */
         int64_t target = (int64_t)i + 1 + I.imm[VA_IMM_OFFSET];
         if (target < 0 || (size_t)target > p->word_count[prog] ||
             !work_between(words, (int64_t)i + 1, target) || skip-- > 0)
            continue;
         uint64_t *w = ARENA_ARRAY(arena, uint64_t, p->word_count[prog]);
         memcpy(w, words, 8 * p->word_count[prog]);
         va_set_mod(&I, VA_MOD_EQ, I.mod[VA_MOD_EQ] > 0 ? 0 : 1);
         if (!va_pack(&I, &w[i], NULL))
            return false;
         m->words[prog] = w;
         snprintf(where, size, "program %u, instruction %zu", prog, i);
         return true;
      }
   }
   return false;
}

/* The simulator's outputs and written memory for input set `seed`;
 * false when the program does not run to its end (a hazard, a fault). */
static bool
simulate_all(struct arena *arena, const struct tgsi_shader *s,
             const struct run_programs *p, uint64_t seed,
             struct sim_outputs *out, struct sim_env *env)
{
   struct run_sim_stop stop;
   memset(out, 0, sizeof(*out));
   if (!run_setup_env(env, arena, s, seed, p))
      return false;
   for (unsigned i = 0; i < p->count; i++) {
      struct sim_outputs part;
      memset(&part, 0, sizeof(part));
      if (!run_simulate(env, p, i, &part, &stop))
         return false;
      if (i == 0)
         *out = part;
      else
         memcpy(out->varyings, part.varyings, sizeof(out->varyings));
      out->varying_count += i ? part.varying_count : 0;
   }
   /* Which instruction wrote an output may change harmlessly. */
   out->position_writer = out->point_size_writer = 0;
   memset(out->varying_writer, 0, sizeof(out->varying_writer));
   memset(out->color_writer, 0, sizeof(out->color_writer));
   out->depth_writer = out->stencil_writer = out->sample_mask_writer = 0;
   return true;
}

static bool
same_memory(const struct sim_memory *a, const struct sim_memory *b)
{
   if (a->count != b->count)
      return false;
   for (unsigned k = 0; k < a->count; k++) {
      const struct sim_region *x = &a->regions[k], *y = &b->regions[k];
      if (x->kind == SIM_REGION_SCRATCH || x->kind == SIM_REGION_VERTEX)
         continue; /* the program's own working memory */
      if (x->size != y->size || memcmp(x->bytes, y->bytes, x->size))
         return false;
   }
   return true;
}

/* Does the damage show at all in the simulator, on the input sets the
 * check uses?  A mutant that computes exactly what the original computes
 * (a negated zero, a branch between equal values) cannot be caught and
 * is not counted. */
static bool
observable(struct arena *arena, const struct tgsi_shader *s,
           const struct run_programs *p, const struct run_programs *m)
{
   for (uint64_t seed = 1; seed <= 16; seed++) {
      struct sim_outputs *a = ARENA_NEW(arena, struct sim_outputs);
      struct sim_outputs *b = ARENA_NEW(arena, struct sim_outputs);
      struct sim_env ea, eb;
      if (!simulate_all(arena, s, p, seed, a, &ea))
         return false; /* the original must run */
      if (!simulate_all(arena, s, m, seed, b, &eb) ||
          memcmp(a, b, sizeof(*a)) || !same_memory(&ea.memory, &eb.memory))
         return true;
   }
   return false;
}

static bool
agrees(struct arena *arena, const struct tgsi_shader *s,
       const struct run_programs *p, unsigned runs)
{
   struct run_options o = {.seed = 1, .runs = runs};
   struct run_report r;
   run_check(arena, s, p, &o, &r);
   return r.verdict == RUN_AGREE;
}

/* Does the shader compute values rather than a verdict?  Most corpus
 * shaders compare a result with the expected one and output a constant
 * colour for pass or fail: no damage short of breaking the comparison
 * shows through such a one-bit output.  The number of distinct exact
 * output words over a few input sets (up to RICH) tells. */
#define RICH 16

static bool
add_value(uint32_t *seen, unsigned *n, uint32_t v)
{
   for (unsigned i = 0; i < *n; i++) {
      if (seen[i] == v)
         return false;
   }
   if (*n < RICH)
      seen[(*n)++] = v;
   return true;
}

static unsigned
distinct_outputs(struct arena *arena, const struct tgsi_shader *s,
                 bool *paths_uncertain)
{
   uint32_t seen[RICH];
   unsigned n = 0;
   *paths_uncertain = false;
   for (uint64_t seed = 1; seed <= 4; seed++) {
      struct sim_env env;
      struct sim_outputs *out = ARENA_NEW(arena, struct sim_outputs);
      struct tgsi_interp_result res;
      if (!run_setup_env(&env, arena, s, seed, NULL) ||
          !tgsi_interp_run(&env, s, NULL, out, &res))
         return false;
      *paths_uncertain |= res.annot->path_uncertain != 0;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         for (unsigned c = 0; c < 4; c++) {
            if (env.stage == SIM_STAGE_FRAGMENT &&
                res.annot->color[0][l][c].err == 0)
               add_value(seen, &n, out->color[0][l].w[c]);
            if (env.stage == SIM_STAGE_VERTEX && out->varying_count &&
                res.annot->varyings[0][l][c].err == 0)
               add_value(seen, &n, out->varyings[0].value[l].w[c]);
         }
      }
   }
   return n;
}

static void
try_mutants(struct tally *t, struct arena *arena, const struct tgsi_shader *s,
            const struct run_programs *p, const char *name)
{
   if (!agrees(arena, s, p, 16))
      return; /* only binaries the check accepts */
   /* A pass/fail colour hides most damage to arithmetic; a wrong branch
    * shows as long as the colour is not always the same. */
   bool paths_uncertain;
   unsigned values = distinct_outputs(arena, s, &paths_uncertain);
   for (unsigned k = 0; k < KINDS; k++) {
      if (values < (k == BRANCH ? 2 : RICH))
         continue;
      /* Lanes whose way an allowed difference could change are not
       * compared: a swapped branch there cannot be caught. */
      if (k == BRANCH && paths_uncertain)
         continue;
      /* Every conditional branch of a shader is a mutant of its own:
       * shaders that compute values and branch are few. */
      for (unsigned b = 0; b < (k == BRANCH ? 8 : 1); b++) {
         struct run_programs m;
         char where[256];
         if (t->mutants[k] >= t->wanted)
            break;
         bool made = k == BRANCH
                        ? swap_branches(arena, p, b, &m, where, sizeof(where))
                        : mutant(arena, p, k, &m, where, sizeof(where));
         if (!made)
            break;
         if (!observable(arena, s, p, &m)) {
            t->equivalent[k]++;
            continue;
         }
         t->mutants[k]++;
         if (!agrees(arena, s, &m, 16))
            t->caught[k]++;
         else
            printf("escaped (%s): %s, %s\n", kind_names[k], name, where);
      }
   }
}

static bool
enough(const struct tally *t)
{
   for (unsigned k = 0; k < KINDS; k++) {
      if (t->mutants[k] < t->wanted)
         return false;
   }
   return true;
}

static void
one_file(struct tally *t, const char *shared, const char *stage,
         const char *path, bool mesa)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *s;
   struct run_programs p;
   char tgsi[4096];
   if (mesa) {
      const char *base = strrchr(path, '/');
      snprintf(tgsi, sizeof(tgsi), "%s/corpus/tgsi/%s/%.12s.tgsi", shared,
               stage, base ? base + 1 : path);
   } else {
      snprintf(tgsi, sizeof(tgsi), "%s", path);
   }
   arena_init(&arena, 0);
   diag_clear(&d);
   bool ok = tgsi_parse_file(&arena, tgsi, &s, &d) &&
             (mesa ? run_load_reference(&arena, path, &p, &d)
                   : run_compile(&arena, s, &p, &d));
   if (ok)
      try_mutants(t, &arena, s, &p, path);
   arena_finish(&arena);
}

int
main(int argc, char **argv)
{
   const char *shared = getenv("TGSIVA_SHARED");
   bool mesa = argc > 1 && !strcmp(argv[1], "mesa_ref");
   int wanted = argc == 3 ? atoi(argv[2]) : MUTANTS;
   if (argc < 2 || argc > 3 || wanted <= 0 ||
       (!mesa && strcmp(argv[1], "diff"))) {
      fprintf(stderr, "usage: mutate diff|mesa_ref [MUTANTS]\n");
      return 2;
   }
   static const char *const stages[] = {"fs", "vs"};
   struct tally t;
   struct arena list;
   memset(&t, 0, sizeof(t));
   t.wanted = (unsigned)wanted;
   arena_init(&list, 0);
   bool found = false;
   for (unsigned k = 0; k < 2 && shared && !enough(&t); k++) {
      char dir[4096];
      char **paths;
      size_t count;
      if (mesa)
         snprintf(dir, sizeof(dir), "%s/mesa-ref/%s", shared, stages[k]);
      else
         snprintf(dir, sizeof(dir), "%s/%s/tgsi/%s", shared, test_corpus(),
                  stages[k]);
      if (!file_list(&list, dir, mesa ? ".json" : ".tgsi", &paths, &count))
         continue;
      found = true;
      test_corpus_sample(dir, paths, &count);
      for (size_t i = 0; i < count && !enough(&t); i++)
         one_file(&t, shared, stages[k], paths[i], mesa);
   }
   arena_finish(&list);
   if (!found) {
      printf("skipped: nothing under $TGSIVA_SHARED\n");
      return 77;
   }
   bool pass = true;
   for (unsigned k = 0; k < KINDS; k++) {
      printf("%-8s %u mutants, %u caught (%u more changed nothing)\n",
             kind_names[k], t.mutants[k], t.caught[k], t.equivalent[k]);
      pass &= t.mutants[k] == t.wanted &&
              100 * t.caught[k] >= CAUGHT_PERCENT * t.mutants[k];
   }
   printf("%s\n", pass ? "ok" : "FAILED: too few mutants, or too few caught");
   return pass ? 0 : 1;
}
