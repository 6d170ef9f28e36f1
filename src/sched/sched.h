/* SPDX-License-Identifier: MIT */
/*
 * Instruction scheduling on SSA IR, before allocation.  The passes that
 * place dependency slots, flow and last-use marks on allocated code are
 * Valhall rules and live in src/valhall/.
 */
#ifndef TGSIVA_SCHED_SCHED_H
#define TGSIVA_SCHED_SCHED_H

#include <stdbool.h>

#include "ir/ir.h"

/* sched_sink.c: moves varying and attribute loads from the entry block
 * down to the blocks that read them (SSA IR, after va_legalize, before
 * sched_order). */
bool sched_sink_loads(struct ir_shader *s);

/* sched_order.c: orders instructions inside each block to hide message
 * latency (SSA IR, after va_legalize, before allocation), keeping the
 * register pressure within what an allocator with `registers` registers
 * (64, 32, or a forced limit) colours. */
bool sched_order(struct ir_shader *s, unsigned registers);

#endif
