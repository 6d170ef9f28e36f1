/* SPDX-License-Identifier: MIT */
/*
 * Scheduling passes on allocated IR: instruction order, dependency slots
 * and flow control, last-use marks.
 */
#ifndef TGSIVA_SCHED_SCHED_H
#define TGSIVA_SCHED_SCHED_H

#include <stdbool.h>

#include "ir/ir.h"

/* sched_order.c: orders instructions inside each block to hide message
 * latency (SSA IR, after ir_legalize, before allocation), keeping the
 * register pressure within what an allocator with `registers` registers
 * (64, 32, or a forced limit) colours. */
bool sched_order(struct ir_shader *s, unsigned registers);

/* sched_insert_flow.c */
bool sched_insert_flow(struct ir_shader *s);

/* sched_discard_helpers.c */
bool sched_discard_helpers(struct ir_shader *s);

/* sched_mark_last_use.c */
bool sched_mark_last_use(struct ir_shader *s);

#endif
