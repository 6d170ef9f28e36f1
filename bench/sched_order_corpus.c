/* SPDX-License-Identifier: MIT */
/*
 * What sched_order does to the corpus: every non-double VS/FS/CS shader
 * of $TGSIVA_SHARED/corpus/tgsi (or the directory given) compiled with
 * and without the pass (compile_options.no_sched_order), program by
 * program; BENCH_VERBOSE=1 also lists the programs whose size or
 * register count changed.
 *
 *    bench_sched_order [CORPUS_TGSI_DIR] [MAX_REGISTERS]
 *
 * Prints, before and after:
 * - register pressure (ra_max_pressure of the IR the allocator gets, read
 *   back from the printed IR), and how many programs crossed 31, the
 *   32-register budget;
 * - work registers (32 or 64), spill code, words and modelled cycles;
 * - latency hiding: in the IR the allocator gets, the instructions
 *   between each message with a result and its first reader (or the end
 *   of its block); in the binary, for each message that writes
 *   registers, the instructions between it and the first one that waits
 *   on its dependency slot (its first consumer, the end of its block or
 *   a slot conflict, as the flow pass placed the waits).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "emit/va.h"
#include "emit/va_stats.h"
#include "ra/ra.h"
#include "util/diag.h"
#include "util/fileio.h"

#define MAX_PROGRAMS 2

struct texts {
   struct arena *arena;
   const char *text[MAX_PROGRAMS];
   unsigned n;
};

/* One configuration's numbers over the corpus. */
struct totals {
   unsigned long long words, spills, messages, distance, adjacent;
   unsigned long long moves, nops;
   unsigned long long ir_messages, ir_distance; /* to the first reader */
   double cycles;
};

struct program_result {
   unsigned pressure, work_registers, words, spills;
};

static void
keep_text(void *ctx, const char *pass, const char *text)
{
   struct texts *t = ctx;
   (void)pass;
   if (t->n < MAX_PROGRAMS)
      t->text[t->n++] = arena_strdup(t->arena, text);
}

static unsigned
slots_waited(enum va_flow flow)
{
   if (flow >= VA_FLOW_WAIT0 && flow <= VA_FLOW_WAIT012)
      return (unsigned)flow;
   if (flow == VA_FLOW_WAIT0126 || flow == VA_FLOW_WAIT ||
       flow == VA_FLOW_END)
      return 7;
   return 0;
}

/* Distances from each register-writing message to its slot's wait. */
static void
measure_waits(const uint64_t *words, size_t count, struct totals *t)
{
   for (size_t i = 0; i < count; i++) {
      struct va_instr I;
      if (!va_decode(words[i], &I))
         continue;
      const struct va_form *f = va_form(I.op);
      t->moves += I.op == VA_OP_MOV_I32 && I.src[0].kind == VA_SRC_KIND_REG;
      t->nops += I.op == VA_OP_NOP;
      int slot = I.mod[VA_MOD_SLOT];
      uint64_t read, written;
      va_instr_registers(&I, &read, &written);
      if (!f->message || slot < 0 || slot > 2 || !written)
         continue;
      size_t j = i + 1;
      for (; j < count; j++) {
         struct va_instr W;
         if (va_decode(words[j], &W) && (slots_waited(W.flow) >> slot) & 1)
            break;
      }
      t->messages++;
      t->distance += j - i - 1;
      t->adjacent += j == i + 1;
   }
}

/* In the IR the allocator gets: instructions between each message with
 * a result and its first reader in the block (or the block's end). */
static void
measure_readers(const struct ir_shader *s, struct totals *t)
{
   ir_foreach_block(s, b) {
      ir_foreach_instr(b, M) {
         if (M->op != IR_OP_VA || !va_form((enum va_op)M->va_op)->message ||
             !M->ndst || M->dst.kind != IR_REF_VALUE)
            continue;
         unsigned d = 0;
         for (const struct ir_instr *I = M->next; I; I = I->next, d++) {
            bool reads = false;
            ir_foreach_src(I, i) {
               reads |= I->src[i].kind == IR_REF_VALUE &&
                        I->src[i].index == M->dst.index;
            }
            if (reads)
               break;
         }
         t->ir_messages++;
         t->ir_distance += d;
      }
   }
}

static unsigned
pressure_of(struct arena *a, const char *text, struct totals *t)
{
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   struct ir_shader *s = ir_read(a, text, &d);
   if (!s) {
      fprintf(stderr, "printed IR does not read back: %u:%u: %s\n%s",
              d.line, d.column, d.message, text);
      exit(2);
   }
   measure_readers(s, t);
   return ra_max_pressure(s);
}

/* Compiles `tgsi` once; false if it does not compile. */
static bool
run(struct arena *a, const struct tgsi_shader *tgsi, bool sched,
    unsigned max_registers, struct totals *t, struct program_result *out,
    unsigned *nprograms)
{
   struct texts texts = {.arena = a};
   struct compile_options opts = {
      .validate = true,
      .no_sched_order = !sched,
      .print = keep_text,
      .print_ctx = &texts,
      .print_pass = sched ? "sched_order" : "va_legalize",
      .max_registers = max_registers,
   };
   struct compile_result r;
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   if (!compile_tgsi(a, tgsi, &opts, &r, &d))
      return false;
   for (unsigned p = 0; p < r.program_count; p++) {
      const struct compile_program *P = &r.programs[p];
      struct va_stats st;
      va_program_stats(P->words, P->count, &st);
      t->words += P->count;
      t->cycles += st.cycles;
      t->spills += P->ir->spills + P->ir->fills;
      measure_waits(P->words, P->count, t);
      out[p].work_registers = P->work_registers;
      out[p].words = (unsigned)P->count;
      out[p].spills = P->ir->spills + P->ir->fills;
      out[p].pressure =
         p < texts.n ? pressure_of(a, texts.text[p], t) : 0;
   }
   *nprograms = r.program_count;
   return true;
}

struct changes {
   unsigned programs, failed, up, down, crossed, to64, to32;
   unsigned long long pressure_before, pressure_after;
};

static void
compare(const struct program_result *b, const struct program_result *a,
        struct changes *c)
{
   c->programs++;
   c->pressure_before += b->pressure;
   c->pressure_after += a->pressure;
   c->up += a->pressure > b->pressure;
   c->down += a->pressure < b->pressure;
   c->crossed += b->pressure <= 31 && a->pressure > 31;
   c->to64 += b->work_registers == 32 && a->work_registers == 64;
   c->to32 += b->work_registers == 64 && a->work_registers == 32;
}

static void
compile_file(const char *path, unsigned max_registers, struct totals *t,
             struct changes *c)
{
   struct arena arena;
   struct tgsiva_diagnostic d;
   struct tgsi_shader *tgsi;
   arena_init(&arena, 0);
   diag_clear(&d);
   if (tgsi_parse_file(&arena, path, &tgsi, &d) &&
       !tgsi_uses_doubles(tgsi)) {
      struct program_result before[MAX_PROGRAMS], after[MAX_PROGRAMS];
      unsigned nb = 0, na = 0;
      struct totals tb = {0}, ta = {0};
      if (run(&arena, tgsi, false, max_registers, &tb, before, &nb) &&
          run(&arena, tgsi, true, max_registers, &ta, after, &na)) {
         for (unsigned p = 0; p < nb; p++) {
            compare(&before[p], &after[p], c);
            if (getenv("BENCH_VERBOSE") &&
                (before[p].words != after[p].words ||
                 before[p].work_registers != after[p].work_registers))
               printf("%s#%u pressure %u->%u registers %u->%u spills "
                      "%u->%u words %u->%u\n",
                      path, p, before[p].pressure, after[p].pressure,
                      before[p].work_registers, after[p].work_registers,
                      before[p].spills, after[p].spills, before[p].words,
                      after[p].words);
         }
         for (unsigned k = 0; k < 2; k++) {
            const struct totals *from = k ? &ta : &tb;
            t[k].words += from->words;
            t[k].cycles += from->cycles;
            t[k].spills += from->spills;
            t[k].messages += from->messages;
            t[k].distance += from->distance;
            t[k].adjacent += from->adjacent;
            t[k].moves += from->moves;
            t[k].nops += from->nops;
            t[k].ir_messages += from->ir_messages;
            t[k].ir_distance += from->ir_distance;
         }
      } else {
         c->failed++;
         printf("FAIL %s\n", path);
      }
   }
   arena_finish(&arena);
}

int
main(int argc, char **argv)
{
   const char *shared = getenv("TGSIVA_SHARED");
   char root[4096];
   snprintf(root, sizeof(root), "%s/corpus/tgsi",
            shared ? shared : "../shared");
   const char *corpus = argc > 1 ? argv[1] : root;
   unsigned max_registers = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
   static const char *const stages[] = {"vs", "fs", "cs"};
   struct totals t[2] = {{0}};
   struct changes c = {0};
   struct arena arena;
   arena_init(&arena, 0);
   for (unsigned s = 0; s < 3; s++) {
      char dir[4200];
      char **paths;
      size_t count;
      snprintf(dir, sizeof(dir), "%s/%s", corpus, stages[s]);
      if (!file_list(&arena, dir, ".tgsi", &paths, &count)) {
         fprintf(stderr, "no corpus at %s\n", dir);
         return 1;
      }
      for (size_t i = 0; i < count; i++)
         compile_file(paths[i], max_registers, t, &c);
   }
   printf("programs: %u (%u shaders failed to compile)\n", c.programs,
          c.failed);
   printf("pressure: total %llu -> %llu; %u programs up, %u down, "
          "%u crossed 31\n",
          c.pressure_before, c.pressure_after, c.up, c.down, c.crossed);
   printf("work registers: %u programs 32 -> 64, %u 64 -> 32\n", c.to64,
          c.to32);
   static const char *const names[] = {"before", "after"};
   for (unsigned k = 0; k < 2; k++)
      printf("%-6s: IR messages %llu, mean distance to first reader %.2f\n",
             names[k], t[k].ir_messages,
             t[k].ir_messages ? (double)t[k].ir_distance / t[k].ir_messages
                              : 0.0);
   for (unsigned k = 0; k < 2; k++) {
      printf("%-6s: words %llu, cycles %.1f, spill code %llu, "
             "messages %llu, mean distance to wait %.2f, "
             "waited at once %llu, register moves %llu, nops %llu\n",
             names[k], t[k].words, t[k].cycles, t[k].spills, t[k].messages,
             t[k].messages ? (double)t[k].distance / t[k].messages : 0.0,
             t[k].adjacent, t[k].moves, t[k].nops);
   }
   arena_finish(&arena);
   return 0;
}
