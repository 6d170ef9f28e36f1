/* SPDX-License-Identifier: MIT */
/*
 * Scheduling passes on allocated IR: instruction order, dependency slots
 * and flow control, last-use marks.
 */
#ifndef TGSIVA_SCHED_SCHED_H
#define TGSIVA_SCHED_SCHED_H

#include <stdbool.h>

#include "ir/ir.h"

/* sched_insert_flow.c */
bool sched_insert_flow(struct ir_shader *s);

/* sched_discard_helpers.c */
bool sched_discard_helpers(struct ir_shader *s);

/* sched_mark_last_use.c */
bool sched_mark_last_use(struct ir_shader *s);

#endif
