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

#endif
