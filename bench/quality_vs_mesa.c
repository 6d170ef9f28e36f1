/* SPDX-License-Identifier: MIT */
/*
 * Code quality against Mesa: every shader Mesa compiled
 * ($TGSIVA_SHARED/mesa-ref/stats.csv, status ok) compiled by tgsiva from
 * the same corpus text, with the same cost model (docs/stats.md), summed
 * and compared shader by shader.  Prints totals, how many shaders are
 * better, equal or worse in cycles and instructions, the shaders at 32
 * registers, the NOP words tgsiva spent on flow, and the shaders with the
 * largest instruction excess (where to look next).  Per stage, the
 * geometric mean of the per-shader ratios (shaders where both sides have
 * a non-zero count); per opcode (the mnemonic up to its first '.'), the
 * counts of both sides from the binaries (Mesa's from the disassembly in
 * mesa-ref/<file>.json), largest differences first; and the shaders with
 * the largest instruction ratio.
 *
 *    bench_quality_vs_mesa [SHARED_DIR] [WORST_N]
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/va.h"
#include "tgsiva/compile.h"
#include "util/fileio.h"

struct row {
   char file[64];
   unsigned instructions, registers;
   double cycles;
};

struct worst {
   char file[64];
   int excess;
   double ratio;
};

enum { MAX_OPS = 256, STAGES = 2 };

/* Opcode mnemonics (up to the first '.') and their counts per side. */
struct op_counts {
   char name[MAX_OPS][24];
   unsigned long count[MAX_OPS][2];
   unsigned n;
};

/* Sums of log(ratio) per stage (0 fs, 1 vs) for the geometric means. */
struct geo {
   double log_ins[STAGES], log_cyc[STAGES];
   unsigned n_ins[STAGES], n_cyc[STAGES];
};

struct totals {
   unsigned shaders, failed;
   unsigned long ins[2], nops;
   double cycles[2];
   unsigned at32[2];
   unsigned ins_cmp[3], cyc_cmp[3]; /* better, equal, worse */
   struct geo geo;
   struct op_counts ops;
};

static int
column(char **fields, int nf, const char *name)
{
   for (int i = 0; i < nf; i++) {
      if (!strcmp(fields[i], name))
         return i;
   }
   return -1;
}

/* Reads the ok rows of stats.csv. */
static size_t
read_rows(const char *shared, struct row **out)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/mesa-ref/stats.csv", shared);
   FILE *f = fopen(path, "r");
   if (!f)
      return 0;
   size_t n = 0, cap = 0;
   struct row *rows = NULL;
   char line[4096];
   int c_file = -1, c_status = -1, c_ins = -1, c_cyc = -1, c_reg = -1;
   while (fgets(line, sizeof(line), f)) {
      char *fields[64];
      int nf = 0;
      for (char *p = strtok(line, ",\n"); p && nf < 64;
           p = strtok(NULL, ",\n"))
         fields[nf++] = p;
      if (c_file < 0) {
         c_file = column(fields, nf, "file");
         c_status = column(fields, nf, "status");
         c_ins = column(fields, nf, "instructions");
         c_cyc = column(fields, nf, "cycles");
         c_reg = column(fields, nf, "registers");
         if (c_file < 0 || c_status < 0 || c_ins < 0 || c_cyc < 0 ||
             c_reg < 0)
            break;
         continue;
      }
      if (c_reg >= nf || strcmp(fields[c_status], "ok"))
         continue;
      if (n == cap) {
         cap = cap ? cap * 2 : 1024;
         rows = realloc(rows, cap * sizeof(*rows));
      }
      snprintf(rows[n].file, sizeof(rows[n].file), "%s", fields[c_file]);
      rows[n].instructions = (unsigned)atoi(fields[c_ins]);
      rows[n].cycles = atof(fields[c_cyc]);
      rows[n].registers = (unsigned)atoi(fields[c_reg]);
      n++;
   }
   fclose(f);
   *out = rows;
   return n;
}

static void
count_op(struct op_counts *ops, const char *name, size_t len, int side)
{
   if (len >= sizeof(ops->name[0]))
      len = sizeof(ops->name[0]) - 1;
   unsigned i = 0;
   while (i < ops->n &&
          (strncmp(ops->name[i], name, len) || ops->name[i][len]))
      i++;
   if (i == ops->n) {
      if (ops->n == MAX_OPS)
         return;
      memcpy(ops->name[i], name, len);
      ops->name[i][len] = 0;
      ops->n++;
   }
   ops->count[i][side]++;
}

static size_t
mnemonic_length(const char *s)
{
   size_t n = 0;
   while (s[n] && s[n] != '.' && s[n] != ' ' && s[n] != '"')
      n++;
   return n;
}

/* Counts the opcodes of Mesa's disassembly: the strings of the
 * "disassembly" object of mesa-ref/<file>.json that are not keys. */
static void
count_mesa_ops(const char *shared, const char *file, struct arena *arena,
               struct op_counts *ops)
{
   char path[4200];
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   snprintf(path, sizeof(path), "%s/mesa-ref/%.*s.json", shared,
            (int)(strlen(file) - 5), file);
   if (!file_read(arena, path, &text, &len, &d))
      return;
   const char *p = strstr(text, "\"disassembly\"");
   if (!p || !(p = strchr(p, '{')))
      return;
   for (p++; *p && *p != '}'; p++) {
      if (*p != '"')
         continue;
      const char *start = ++p;
      while (*p && *p != '"')
         p++;
      const char *after = p + 1;
      while (*after == ' ')
         after++;
      if (*after != ':' && isupper((unsigned char)*start))
         count_op(ops, start, mnemonic_length(start), 1);
   }
}

static unsigned
count_nops(const struct tgsiva_program *p, struct op_counts *ops)
{
   unsigned n = 0;
   for (size_t i = 0; i + 8 <= p->size; i += 8) {
      uint64_t w;
      memcpy(&w, p->code + i, 8);
      struct va_instr I;
      if (!va_decode(w, &I))
         continue;
      n += I.op == VA_OP_NOP;
      const char *name = va_form(I.op)->name;
      count_op(ops, name, mnemonic_length(name), 0);
   }
   return n;
}

static void
add_ratio(double *log_sum, unsigned *n, double ours, double theirs)
{
   if (ours > 0 && theirs > 0) {
      *log_sum += log(ours / theirs);
      (*n)++;
   }
}

static int
cmp3(unsigned ours, unsigned theirs)
{
   return ours < theirs ? 0 : ours == theirs ? 1 : 2;
}

static int
by_ratio(const void *a, const void *b)
{
   const struct worst *x = a, *y = b;
   return (y->ratio > x->ratio) - (y->ratio < x->ratio);
}

static const struct op_counts *sort_ops; /* qsort has no context */

static int
by_op_difference(const void *a, const void *b)
{
   unsigned i = *(const unsigned *)a, j = *(const unsigned *)b;
   long di = labs((long)sort_ops->count[i][0] - (long)sort_ops->count[i][1]);
   long dj = labs((long)sort_ops->count[j][0] - (long)sort_ops->count[j][1]);
   return (dj > di) - (dj < di);
}

static void
print_ops(const struct op_counts *ops, int rows)
{
   unsigned order[MAX_OPS];
   for (unsigned i = 0; i < ops->n; i++)
      order[i] = i;
   sort_ops = ops;
   qsort(order, ops->n, sizeof(order[0]), by_op_difference);
   printf("per opcode (largest differences first):\n"
          "  %-20s %8s %8s %8s\n", "opcode", "tgsiva", "Mesa", "diff");
   for (int k = 0; k < rows && k < (int)ops->n; k++) {
      unsigned i = order[k];
      printf("  %-20s %8lu %8lu %+8ld\n", ops->name[i], ops->count[i][0],
             ops->count[i][1],
             (long)ops->count[i][0] - (long)ops->count[i][1]);
   }
}

static void
print_geomeans(const struct geo *g)
{
   static const char *names[STAGES] = {"fs", "vs"};
   for (int s = 0; s < STAGES; s++)
      printf("geomean %s: instructions %.3fx (%u shaders), cycles %.3fx "
             "(%u shaders)\n",
             names[s], exp(g->log_ins[s] / (g->n_ins[s] ? g->n_ins[s] : 1)),
             g->n_ins[s],
             exp(g->log_cyc[s] / (g->n_cyc[s] ? g->n_cyc[s] : 1)),
             g->n_cyc[s]);
}

static int
by_excess(const void *a, const void *b)
{
   const struct worst *x = a, *y = b;
   return y->excess - x->excess;
}

/* Compiles one row's shader and adds it to the totals. */
static bool
measure(const char *shared, const struct row *r, struct arena *arena,
        struct totals *t, struct worst *w)
{
   char path[4200];
   char *text;
   size_t len;
   struct tgsiva_diagnostic d;
   struct tgsiva_shader *sh;
   snprintf(path, sizeof(path), "%s/corpus/tgsi/%s", shared, r->file);
   if (!file_read(arena, path, &text, &len, &d) ||
       tgsiva_compile_text(text, len, NULL, &sh, &d) != TGSIVA_OK)
      return false;
   unsigned ins = 0, regs = 0;
   double cycles = 0;
   for (unsigned p = 0; p < sh->program_count; p++) {
      ins += sh->programs[p].stats.instructions;
      cycles += sh->programs[p].stats.cycles;
      t->nops += count_nops(&sh->programs[p], &t->ops);
      if (sh->programs[p].work_registers > regs)
         regs = sh->programs[p].work_registers;
   }
   tgsiva_shader_free(sh);
   t->ins[0] += ins;
   t->ins[1] += r->instructions;
   t->cycles[0] += cycles;
   t->cycles[1] += r->cycles;
   t->at32[0] += regs <= 32;
   t->at32[1] += r->registers <= 32;
   t->ins_cmp[cmp3(ins, r->instructions)]++;
   /* Cycles are sums of fractions: equal within rounding. */
   t->cyc_cmp[cycles < r->cycles - 1e-6   ? 0
              : cycles > r->cycles + 1e-6 ? 2
                                          : 1]++;
   count_mesa_ops(shared, r->file, arena, &t->ops);
   int st = r->file[0] == 'v';
   add_ratio(&t->geo.log_ins[st], &t->geo.n_ins[st], ins, r->instructions);
   add_ratio(&t->geo.log_cyc[st], &t->geo.n_cyc[st], cycles, r->cycles);
   snprintf(w->file, sizeof(w->file), "%s", r->file);
   w->excess = (int)ins - (int)r->instructions;
   w->ratio = r->instructions ? (double)ins / r->instructions : 0;
   return true;
}

int
main(int argc, char **argv)
{
   const char *env = getenv("TGSIVA_SHARED");
   const char *shared = argc > 1 ? argv[1] : env ? env : "../shared";
   int worst_n = argc > 2 ? atoi(argv[2]) : 10;
   struct row *rows;
   size_t n = read_rows(shared, &rows);
   if (!n) {
      fprintf(stderr, "no rows in %s/mesa-ref/stats.csv\n", shared);
      return 1;
   }
   struct totals t = {0};
   struct worst *worst = calloc(n, sizeof(*worst));
   for (size_t i = 0; i < n; i++) {
      struct arena arena;
      arena_init(&arena, 0);
      if (measure(shared, &rows[i], &arena, &t, &worst[t.shaders]))
         t.shaders++;
      else
         t.failed++;
      arena_finish(&arena);
   }
   printf("shaders compared: %u (%u Mesa compiled that tgsiva did not)\n",
          t.shaders, t.failed);
   printf("instructions: tgsiva %lu, Mesa %lu (%.3fx); tgsiva NOPs %lu\n",
          t.ins[0], t.ins[1], (double)t.ins[0] / (double)t.ins[1], t.nops);
   printf("cycles: tgsiva %.1f, Mesa %.1f (%.3fx)\n", t.cycles[0],
          t.cycles[1], t.cycles[0] / t.cycles[1]);
   printf("per shader, instructions: %u fewer, %u equal, %u more\n",
          t.ins_cmp[0], t.ins_cmp[1], t.ins_cmp[2]);
   printf("per shader, cycles:       %u fewer, %u equal, %u more\n",
          t.cyc_cmp[0], t.cyc_cmp[1], t.cyc_cmp[2]);
   printf("at 32 registers: tgsiva %u, Mesa %u\n", t.at32[0], t.at32[1]);
   print_geomeans(&t.geo);
   print_ops(&t.ops, 30);
   qsort(worst, t.shaders, sizeof(*worst), by_excess);
   printf("largest instruction excess:\n");
   for (int i = 0; i < worst_n && i < (int)t.shaders; i++)
      printf("  %+5d  %s\n", worst[i].excess, worst[i].file);
   qsort(worst, t.shaders, sizeof(*worst), by_ratio);
   unsigned above = 0;
   for (unsigned i = 0; i < t.shaders; i++)
      above += worst[i].ratio > 1.25;
   printf("largest instruction ratio (%u shaders above 1.25x):\n", above);
   for (int i = 0; i < worst_n && i < (int)t.shaders; i++)
      printf("  %.3fx  %s\n", worst[i].ratio, worst[i].file);
   free(worst);
   free(rows);
   return 0;
}
