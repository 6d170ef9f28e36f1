/* SPDX-License-Identifier: MIT */
/*
 * Checking one TGSI program end to end for the generator and the
 * reducer: parse the text, compile with the validators on, and run
 * `run --check`, in a child process, so that a crash, a failed
 * assertion or a hang in the compiler is a finding, not the end of a
 * campaign.
 */
#ifndef TGSIVA_TOOLS_GEN_CHECK_H
#define TGSIVA_TOOLS_GEN_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum gen_outcome {
   GEN_AGREE,        /* compiled; every conclusive input set agreed */
   GEN_INCONCLUSIVE, /* compiled; every input set undefined */
   GEN_REFUSED,      /* the compiler said "unsupported" or a limit */
   GEN_BAD_PROGRAM,  /* the text does not parse: a generator bug */
   GEN_INTERNAL,     /* internal error (exit 2) */
   GEN_CRASH,        /* a signal or a hang */
   GEN_DIFFER,       /* the models differ */
   GEN_MODEL_ERROR,  /* a model could not run the program */
   GEN_OUTCOME_COUNT,
};

struct gen_check_options {
   unsigned runs;          /* input sets (default 16) */
   unsigned max_registers; /* 0, or 8-64: compile to spill */
   unsigned timeout_s;     /* per program (default 20) */
};

struct gen_check_result {
   enum gen_outcome outcome;
   /* What failed, without numbers, for grouping ("differ: COLOR[].y"). */
   char signature[200];
   /* The full text (a diagnostic or run --check's report). */
   char detail[2048];
};

/* Checks the program in `text` (`len` bytes). */
void gen_check_text(const char *text, size_t len,
                    const struct gen_check_options *o,
                    struct gen_check_result *r);

/* True for the outcomes that are failures (internal, crash, differ,
 * model error, bad program). */
bool gen_outcome_failed(enum gen_outcome o);
const char *gen_outcome_name(enum gen_outcome o);

#endif
