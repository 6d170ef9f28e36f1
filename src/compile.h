/* SPDX-License-Identifier: MIT */
/*
 * The compile pipeline (compile.c): one TGSI shader in, one to three
 * Valhall programs and their layout out.
 */
#ifndef TGSIVA_COMPILE_H
#define TGSIVA_COMPILE_H

#include <setjmp.h>
#include <stdbool.h>

#include "emit/va_stats.h"
#include "ir/ir.h"
#include "ir/layout.h"
#include "tgsi/tgsi.h"
#include "tgsiva/compile.h"
#include "tgsiva/tgsiva.h"

/* Where IR dumps go: called after `pass` with the printed IR. */
typedef void (*compile_print_fn)(void *ctx, const char *pass,
                                 const char *text);

/* Called after every pass, for measuring: the time between two calls
 * is one pass. */
typedef void (*compile_pass_fn)(void *ctx, const char *pass);

struct compile_options {
   unsigned max_registers; /* 0: the hardware's 64 */
   bool validate;          /* run the validators after every pass */
   compile_print_fn print;
   void *print_ctx;
   const char *print_pass; /* NULL: after every pass */
   bool stop_after_ir;     /* only translate and optimise */
   bool no_sched_order;    /* skip sched_order (measuring, bisecting) */
   compile_pass_fn on_pass; /* NULL: none (bench/scaling.c times passes) */
   const struct tgsiva_shader_key *key; /* NULL: the all-zero key */
   void *pass_ctx;
   /* Vertex shaders: transform feedback (a third program), or NULL. */
   const struct tgsiva_stream_output *stream_output;
   /* IR_VA_MEMO_SIZE answers of ir_va_src kept from compile to compile
    * (a workspace's: an answer depends on the question alone, and a
    * small shader asks most questions once), or NULL: each program
    * starts with its own, empty. */
   struct ir_va_memo *va_memo;
};

/* One binary: the instruction words (no header). */
struct compile_program {
   uint64_t *words;
   size_t count;
   unsigned registers;      /* highest register used + 1 */
   unsigned work_registers; /* 32 (full occupancy) or 64 */
   uint64_t preload_mask;
   uint64_t costs[VA_COST_UNITS]; /* the cost model's sums (va_stats.h) */
   struct ir_shader *ir; /* the final IR, for statistics */
};

struct compile_result {
   /* of programs[0]; IR_STAGE_GEOMETRY for a geometry shader, whose
    * programs[0] and [1] are its pass-through pair */
   enum ir_stage stage;
   /* 2 for vertex shaders (position, varying), 3 with transform
    * feedback (programs[2]) and for geometry shaders (programs[2] the
    * geometry program) */
   unsigned program_count;
   struct compile_program programs[3];
   struct ir_layout layout;
};

bool compile_tgsi(struct arena *arena, const struct tgsi_shader *tgsi,
                  const struct compile_options *opts,
                  struct compile_result *out, struct tgsiva_diagnostic *d);

#endif
