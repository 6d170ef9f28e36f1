/* SPDX-License-Identifier: MIT */
/*
 * The Valhall back end on the IR: lowering to what the hardware has,
 * instruction selection and legalisation (SSA, before allocation), then
 * dependency slots, flow, helper discards and last-use marks on allocated
 * code, and emission as words.  The ISA itself (tables, encoder, decoder,
 * validator) is the library in src/emit/.
 */
#ifndef TGSIVA_VALHALL_VALHALL_H
#define TGSIVA_VALHALL_VALHALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emit/va_stats.h"
#include "ir/ir.h"
#include "tgsiva/tgsiva.h"

/* Down to what Valhall has, one file each. */
bool va_combine_loads(struct ir_shader *s);
bool va_lower_transcendental(struct ir_shader *s);
bool va_lower_int64(struct ir_shader *s);
bool va_lower_alu(struct ir_shader *s);
bool va_select(struct ir_shader *s);
bool va_optimize(struct ir_shader *s); /* optimize.c: peepholes */
bool va_pair_uniforms(struct ir_shader *s);
bool va_legalize(struct ir_shader *s);

/* Just before allocation: one back edge per loop (loop_latch.c), and
 * the blend shader's return address, a value fixed to r48
 * (blend_tail.c). */
bool va_loop_latch(struct ir_shader *s);
bool va_blend_return(struct ir_shader *s);

/* The last instruction of `b` before a blend-shader call's return-address
 * write, which the flow passes look past (NULL for an empty block). */
struct ir_instr *va_last_before_tail(struct ir_block *b);

/* On allocated code, in this order. */
bool va_insert_flow(struct ir_shader *s);
bool va_discard_helpers(struct ir_shader *s);
bool va_mark_last_use(struct ir_shader *s);
bool va_thread_jumps(struct ir_shader *s);
bool va_blend_tail(struct ir_shader *s);

/* emit.c: the program's words, in the arena (no header, no padding),
 * after va_thread_jumps and va_blend_tail, and the cost model's counts
 * of its instructions (va_program_costs of the words). */
bool va_emit_program(struct ir_shader *s, struct arena *arena,
                     uint64_t **words, size_t *count,
                     uint64_t costs[VA_COST_UNITS],
                     struct tgsiva_diagnostic *d);

#endif
