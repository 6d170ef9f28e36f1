/* SPDX-License-Identifier: MIT */
/*
 * Building a decoded shader item by item (shared by the text parser and
 * the token reader, so both produce exactly the same structure), and
 * small queries over a finished shader.
 */
#include "tgsi.h"

void
tgsi_builder_init(struct tgsi_builder *b, struct arena *arena,
                  enum tgsi_proc processor)
{
   *b = (struct tgsi_builder){.arena = arena, .processor = processor};
}

/* Exactly `n` elements' room in *data, whose capacity is *cap. */
static void *
reserve_exact(struct arena *a, void *data, size_t len, size_t *cap,
              size_t n, size_t elem_size)
{
   if (n <= *cap)
      return data;
   *cap = n;
   return arena_grow(a, data, len, n, elem_size);
}

/* The most a reservation takes whatever the count (some 37 MiB): a count
 * comes from the input before it is checked, and a tool's arena may have
 * no limit.  Past it the arrays grow by doubling again. */
#define RESERVE_MAX_ITEMS ((size_t)1 << 18)

void
tgsi_builder_reserve(struct tgsi_builder *b, size_t items, size_t insns)
{
   size_t most = RESERVE_MAX_ITEMS;
   const struct arena *a = b->arena;
   if (a->limit_bytes) {
      size_t room = a->limit_bytes > a->held_bytes
                       ? a->limit_bytes - a->held_bytes
                       : 0;
      size_t fits = room / 4 / (sizeof(struct tgsi_insn) +
                                sizeof(struct tgsi_item));
      most = fits < most ? fits : most;
   }
   items = items < most ? items : most;
   insns = insns < most ? insns : most;
   b->items.data = reserve_exact(b->arena, b->items.data, b->items.len,
                                 &b->items.cap, b->items.len + items,
                                 sizeof(*b->items.data));
   b->insns.data = reserve_exact(b->arena, b->insns.data, b->insns.len,
                                 &b->insns.cap, b->insns.len + insns,
                                 sizeof(*b->insns.data));
}

static void
add_item(struct tgsi_builder *b, enum tgsi_item_kind kind, size_t index)
{
   struct tgsi_item *it = VEC_PUSH(b->arena, &b->items);
   it->kind = kind;
   it->index = (uint32_t)index;
}

struct tgsi_prop *
tgsi_builder_add_prop(struct tgsi_builder *b)
{
   add_item(b, TGSI_ITEM_PROPERTY, b->props.len);
   return VEC_PUSH(b->arena, &b->props);
}

struct tgsi_decl *
tgsi_builder_add_decl(struct tgsi_builder *b)
{
   add_item(b, TGSI_ITEM_DECL, b->decls.len);
   return VEC_PUSH(b->arena, &b->decls);
}

struct tgsi_imm *
tgsi_builder_add_imm(struct tgsi_builder *b)
{
   add_item(b, TGSI_ITEM_IMM, b->imms.len);
   return VEC_PUSH(b->arena, &b->imms);
}

struct tgsi_insn *
tgsi_builder_add_insn(struct tgsi_builder *b, enum tgsi_op opcode,
                      unsigned num_dst, unsigned num_src)
{
   add_item(b, TGSI_ITEM_INSN, b->insns.len);
   struct tgsi_insn *insn = VEC_PUSH(b->arena, &b->insns);
   insn->opcode = opcode;
   insn->number = (uint32_t)(b->insns.len - 1);
   insn->num_dst = num_dst;
   insn->num_src = num_src;
   /* Operands are written whole, from constants (one store each, not a
    * call to clear a few bytes): most instructions have one to three.
    * At least one, so that END's none is no zero-size request (the
    * arena's slow path). */
   static const struct tgsi_dst dst0 = {.writemask = TGSI_WMASK_XYZW};
   static const struct tgsi_src src0 = {.swizzle = {0, 1, 2, 3}};
   insn->dst = arena_alloc(b->arena, (num_dst ? num_dst : 1) *
                                        sizeof(*insn->dst));
   insn->src = arena_alloc(b->arena, (num_src ? num_src : 1) *
                                        sizeof(*insn->src));
   for (unsigned i = 0; i < num_dst; i++)
      insn->dst[i] = dst0;
   for (unsigned i = 0; i < num_src; i++)
      insn->src[i] = src0;
   return insn;
}

struct tgsi_shader *
tgsi_builder_finish(struct tgsi_builder *b)
{
   struct tgsi_shader *s = ARENA_NEW(b->arena, struct tgsi_shader);
   s->processor = b->processor;
   s->props = b->props.data;
   s->num_props = (unsigned)b->props.len;
   s->decls = b->decls.data;
   s->num_decls = (unsigned)b->decls.len;
   s->imms = b->imms.data;
   s->num_imms = (unsigned)b->imms.len;
   s->insns = b->insns.data;
   s->num_insns = (unsigned)b->insns.len;
   s->items = b->items.data;
   s->num_items = (unsigned)b->items.len;
   return s;
}

uint32_t
tgsi_shader_property(const struct tgsi_shader *s, enum tgsi_prop_name name,
                     uint32_t fallback)
{
   for (unsigned i = s->num_props; i-- > 0;) {
      if (s->props[i].name == name)
         return s->props[i].value;
   }
   return fallback;
}

bool
tgsi_uses_doubles(const struct tgsi_shader *s)
{
   for (unsigned i = 0; i < s->num_insns; i++) {
      unsigned op = s->insns[i].opcode;
      const struct tgsi_op_info *info = tgsi_op_info(op);
      for (unsigned k = 0; info && k < info->num_dst; k++) {
         if (tgsi_op_dst_type(op, k) == TGSI_VT_F64)
            return true;
      }
      for (unsigned k = 0; info && k < info->num_src; k++) {
         if (tgsi_op_src_type(op, k) == TGSI_VT_F64)
            return true;
      }
   }
   return false;
}
