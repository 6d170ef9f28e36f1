/* SPDX-License-Identifier: MIT */
/* Allocation of push words and system-value slots (layout.h). */

#include "layout.h"

int
ir_layout_push(struct arena *arena, struct ir_layout *l, uint32_t ubo,
               uint32_t offset)
{
   for (size_t i = 0; i < l->push.len; i++) {
      if (l->push.data[i].ubo == ubo && l->push.data[i].offset == offset)
         return (int)i;
   }
   if (l->push.len >= IR_MAX_PUSH_WORDS)
      return -1;
   *VEC_PUSH(arena, &l->push) = (struct ir_push_word){ubo, offset, 0};
   return (int)l->push.len - 1;
}

int
ir_layout_push_slot(struct arena *arena, struct ir_layout *l, uint32_t ubo,
                    uint32_t low, uint32_t high)
{
   for (size_t i = 0; i + 1 < l->push.len; i += 2) {
      const struct ir_push_word *w = &l->push.data[i];
      if (w[0].ubo == ubo && w[0].offset == low && w[1].ubo == ubo &&
          w[1].offset == high) {
         l->push.data[i].flags |= IR_PUSH_PAIRED;
         l->push.data[i + 1].flags |= IR_PUSH_PAIRED;
         return (int)i;
      }
   }
   size_t pad = l->push.len & 1;
   if (l->push.len + pad + 2 > IR_MAX_PUSH_WORDS)
      return -1;
   if (pad) {
      struct ir_push_word last = l->push.data[l->push.len - 1];
      last.flags = IR_PUSH_PAIRED; /* read by nobody: it stays */
      *VEC_PUSH(arena, &l->push) = last;
   }
   *VEC_PUSH(arena, &l->push) =
      (struct ir_push_word){ubo, low, IR_PUSH_PAIRED};
   *VEC_PUSH(arena, &l->push) =
      (struct ir_push_word){ubo, high, IR_PUSH_PAIRED};
   return (int)l->push.len - 2;
}

int
ir_layout_push_pair(struct arena *arena, struct ir_layout *l, uint32_t ubo,
                    uint32_t offset)
{
   return ir_layout_push_slot(arena, l, ubo, offset, offset + 4);
}

unsigned
ir_layout_sysval(struct arena *arena, struct ir_layout *l,
                 enum ir_sysval_kind kind, uint32_t id)
{
   for (size_t i = 0; i < l->sysvals.len; i++) {
      if (l->sysvals.data[i].kind == kind && l->sysvals.data[i].id == id)
         return (unsigned)i;
   }
   *VEC_PUSH(arena, &l->sysvals) = (struct ir_sysval){(uint8_t)kind, id};
   return (unsigned)l->sysvals.len - 1;
}
