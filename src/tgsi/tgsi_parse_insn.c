/* SPDX-License-Identifier: MIT */
/*
 * TGSI text: instruction lines.  The opcode table gives the operand
 * counts; what Mesa's parser adds on its own goes in here too: a texture
 * token with target UNKNOWN for SAMPLE..GATHER4, a memory token for LOAD ..
 * ATOMIMAX and RESQ, return type UNKNOWN in every texture token.  After
 * the operands come texture offsets, memory qualifiers and a label, each
 * only where the opcode allows it.
 */
#include "tgsi_parse_scan.h"

/* ---- operands ---------------------------------------------------------- */

#define MAX_INDEX 32767u /* register indices are signed 16-bit fields */

static uint8_t
expect_component(struct tgsi_parser *P)
{
   skip_ws(P);
   int c = P->p < P->eol ? component_of(*P->p) : -1;
   if (c < 0)
      fail_expected(P, "a component x, y, z or w");
   P->p++;
   return (uint8_t)c;
}

/* "ADDR[0].x+3" inside brackets: the indirect register and the offset. */
static int32_t
parse_indirect(struct tgsi_parser *P, struct tgsi_ind *ind)
{
   ind->file = expect_file(P);
   expect(P, '[');
   ind->index = (int32_t)expect_uint(P, MAX_INDEX, "register index");
   expect(P, ']');
   ind->swizzle = accept(P, '.') ? expect_component(P) : TGSI_SWZ_X;
   char sign = peek(P);
   if (sign != '+' && sign != '-')
      return 0;
   P->p++;
   uint32_t off = expect_uint(P, sign == '-' ? MAX_INDEX + 1 : MAX_INDEX,
                              "register offset");
   return sign == '-' ? -(int32_t)off : (int32_t)off;
}

/* One "[...]" of a register: an index or an indirect address, and for
 * indirect addresses an optional "(array id)". */
static void
parse_bracket(struct tgsi_parser *P, int32_t *index, bool *indirect,
              struct tgsi_ind *ind)
{
   expect(P, '[');
   char c = peek(P);
   if (!(is_digit(c) || is_alpha(c)))
      fail_expected(P, "a register index or an indirect address");
   *indirect = !is_digit(c);
   if (*indirect)
      *index = parse_indirect(P, ind);
   else
      *index = (int32_t)expect_uint(P, MAX_INDEX, "register index");
   expect(P, ']');
   if (*indirect && peek(P) == '(') {
      P->p++;
      ind->array_id = (uint16_t)expect_uint(P, 1023, "array id");
      expect(P, ')');
   }
}

static void
note_imm_ref(struct tgsi_parser *P, enum tgsi_regfile file, bool indirect,
             int32_t index, const char *pos)
{
   if (file != TGSI_REGFILE_IMMEDIATE || indirect)
      return;
   struct tgsi_imm_ref *r = VEC_PUSH(P->arena, &P->imm_refs);
   r->index = (uint32_t)index;
   r->line = P->lineno;
   r->column = (uint32_t)(pos - P->line) + 1;
}

/* "[123]" at the cursor, with nothing else inside: the index, the cursor
 * after it; else -1 with the cursor unmoved. */
static int32_t
plain_bracket(struct tgsi_parser *P)
{
   const char *p = P->p, *end = P->eol;
   if (end - p < 3 || p[0] != '[' || !is_digit(p[1]))
      return -1;
   uint32_t v = 0;
   for (p++; p < end && is_digit(*p) && v <= MAX_INDEX; p++)
      v = v * 10 + (uint32_t)(*p - '0');
   if (p >= end || *p != ']' || v > MAX_INDEX)
      return -1;
   P->p = p + 1;
   return (int32_t)v;
}

/* FILE[index] or FILE[dim][index]: a second bracket makes the first one
 * the dimension. */
static void
parse_reg(struct tgsi_parser *P, struct tgsi_reg *r)
{
   skip_ws(P);
   const char *pos = P->p;
   /* Most operands are "FILE[n]" or "FILE[n][m]", nothing between: those
    * take no trip through the general brackets (which any surprise in
    * them still goes to, for the same errors). */
   r->file = expect_file(P);
   const char *after_file = P->p;
   int32_t first = plain_bracket(P);
   int32_t second = first >= 0 ? plain_bracket(P) : -1;
   if (second >= 0) {
      r->dimension = true;
      r->dim_index = first;
      r->index = second;
      note_imm_ref(P, r->file, true, second, pos);
      return;
   }
   if (first >= 0 && peek(P) != '[') {
      r->index = first;
      note_imm_ref(P, r->file, false, first, pos);
      return;
   }
   P->p = after_file;
   int32_t index;
   bool indirect;
   struct tgsi_ind ind = {0};
   parse_bracket(P, &index, &indirect, &ind);
   if (peek(P) == '[') {
      r->dimension = true;
      r->dim_index = index;
      r->dim_indirect = indirect;
      r->dim_ind = ind;
      ind = (struct tgsi_ind){0};
      parse_bracket(P, &index, &indirect, &ind);
   }
   r->index = index;
   r->indirect = indirect;
   r->ind = ind;
   note_imm_ref(P, r->file, r->indirect || r->dimension, r->index, pos);
}

/* ".xyzw" with exactly `n` components. */
static bool
parse_swizzle(struct tgsi_parser *P, uint8_t *swz, unsigned n)
{
   if (!accept(P, '.'))
      return false;
   const char *w;
   size_t len = scan_word(P, &w);
   for (size_t i = 0; i < len && len == n; i++) {
      int c = component_of(w[i]);
      if (c < 0)
         len = 0;
      else
         swz[i] = (uint8_t)c;
   }
   if (len != n) {
      P->p = w;
      fail(P, w, "expected a swizzle of %u components from x, y, z, w, "
                 "found %s", n, found(P));
   }
   return true;
}

static void
parse_dst(struct tgsi_parser *P, struct tgsi_dst *dst)
{
   parse_reg(P, &dst->reg);
   dst->writemask = parse_writemask(P);
}

static void
parse_src(struct tgsi_parser *P, struct tgsi_src *src)
{
   src->negate = accept(P, '-');
   src->absolute = accept(P, '|');
   parse_reg(P, &src->reg);
   parse_swizzle(P, src->swizzle, 4);
   if (src->absolute)
      expect(P, '|');
}

/* ---- instructions ------------------------------------------------------ */

/* "1 destination and 2 sources" and the like, for operand count errors. */
static const char *
describe_operands(struct tgsi_parser *P, const struct tgsi_op_info *info)
{
   char *b = P->found;
   size_t size = sizeof(P->found);
   bool tgt = info->flags & TGSI_OPF_TARGET;
   unsigned parts = (info->num_dst > 0) + (info->num_src > 0) + tgt;
   int n = 0;
   if (parts == 0)
      return "no operands";
   if (info->num_dst)
      n += snprintf(b + n, size - n, "%u destination%s", info->num_dst,
                    info->num_dst > 1 ? "s" : "");
   if (info->num_src)
      n += snprintf(b + n, size - n, "%s%u source%s",
                    n == 0 ? "" : (tgt ? ", " : " and "), info->num_src,
                    info->num_src > 1 ? "s" : "");
   if (tgt)
      snprintf(b + n, size - n, "%sa texture target", n ? " and " : "");
   return b;
}

static void
parse_operands(struct tgsi_parser *P, struct tgsi_insn *insn,
               const struct tgsi_op_info *info)
{
   unsigned total = info->num_dst + info->num_src +
                    ((info->flags & TGSI_OPF_TARGET) ? 1 : 0);
   for (unsigned i = 0; i < total; i++) {
      if (i > 0 && !accept(P, ',')) {
         if (peek(P) == '\0')
            fail(P, P->p, "too few operands: %s takes %s", info->name,
                 describe_operands(P, info));
         fail_expected(P, "','");
      }
      if (i == 0 && peek(P) == '\0')
         fail(P, P->p, "too few operands: %s takes %s", info->name,
              describe_operands(P, info));
      if (i < info->num_dst)
         parse_dst(P, &insn->dst[i]);
      else if (i < info->num_dst + info->num_src)
         parse_src(P, &insn->src[i - info->num_dst]);
      else
         insn->tex_target = (enum tgsi_tex_target)expect_name(
            P, &tgsi_tex_names, "a texture target (1D, 2D, 3D, CUBE, ...)");
   }
}

/* Is the cursor at ", FILE[" (a texture offset) rather than a keyword? */
static bool
at_offset(struct tgsi_parser *P)
{
   const char *save = P->p, *w;
   bool yes = false;
   if (accept(P, ',')) {
      size_t n = scan_word(P, &w);
      yes = n && find_name(P, &tgsi_file_names, w, n) >= 0 &&
            peek(P) == '[';
   }
   P->p = save;
   return yes;
}

static void
parse_offsets(struct tgsi_parser *P, struct tgsi_insn *insn)
{
   while (at_offset(P)) {
      expect(P, ',');
      skip_ws(P);
      if (insn->num_offsets == TGSI_MAX_TEX_OFFSETS)
         fail(P, P->p, "too many texture offsets (at most %u)",
              TGSI_MAX_TEX_OFFSETS);
      const char *pos = P->p;
      struct tgsi_tex_offset *o = &insn->offsets[insn->num_offsets++];
      o->file = expect_file(P);
      expect(P, '[');
      o->index = (int32_t)expect_uint(P, MAX_INDEX, "register index");
      expect(P, ']');
      o->swizzle[0] = 0, o->swizzle[1] = 1, o->swizzle[2] = 2;
      parse_swizzle(P, o->swizzle, 3);
      note_imm_ref(P, o->file, false, o->index, pos);
   }
}

/* ", COHERENT", ", 2D", ", PIPE_FORMAT_R32_FLOAT" after memory opcodes. */
static void
parse_memory(struct tgsi_parser *P, struct tgsi_insn *insn,
             const struct tgsi_op_info *info)
{
   insn->has_memory = info->flags & TGSI_OPF_MEMORY;
   while (accept(P, ',')) {
      int v;
      if ((v = accept_name(P, &tgsi_memq_names)) >= 0)
         insn->mem_qualifier |= (uint8_t)(1u << v);
      else if ((v = accept_name(P, &tgsi_tex_names)) >= 0)
         insn->mem_texture = (enum tgsi_tex_target)v;
      else if ((v = accept_name(P, &tgsi_format_names)) >= 0)
         insn->mem_format = (uint32_t)v;
      else
         fail_expected(P, "a memory qualifier (COHERENT, RESTRICT, "
                          "VOLATILE, STREAM_CACHE_POLICY), a texture "
                          "target or a format");
      insn->has_memory = true;
   }
}

static void
parse_tail(struct tgsi_parser *P, struct tgsi_insn *insn,
           const struct tgsi_op_info *info)
{
   if (insn->has_texture)
      parse_offsets(P, insn);
   if (info->flags & (TGSI_OPF_MEMORY | TGSI_OPF_MEMORY_OPT))
      parse_memory(P, insn, info);
   if ((info->flags & TGSI_OPF_LABEL) && accept(P, ':')) {
      insn->has_label = true;
      insn->label = expect_uint(P, 0xffffff, "label");
   }
   if (peek(P) == ',')
      fail(P, P->p, "too many operands: %s takes %s", info->name,
           describe_operands(P, info));
   expect_eol(P, "end of line");
}

/* The opcode word, with its _SAT and _PRECISE suffixes. */
static enum tgsi_op
parse_opcode(struct tgsi_parser *P, bool *saturate, bool *precise)
{
   const char *w;
   size_t n = scan_word(P, &w);
   int op = find_name(P, NULL, w, n);
   *saturate = *precise = false;
   if (op < 0 && n > 8 && strncasecmp(w + n - 8, "_PRECISE", 8) == 0) {
      *precise = true;
      n -= 8;
   }
   if (op < 0 && n > 4 && strncasecmp(w + n - 4, "_SAT", 4) == 0) {
      *saturate = true;
      n -= 4;
   }
   if (op < 0)
      op = find_name(P, NULL, w, n);
   if (op < 0) {
      P->p = w;
      if (!n || !is_alpha(*w))
         fail_expected(P, "an instruction, DCL, IMM or PROPERTY");
      fail(P, w, "unknown opcode %s", found(P));
   }
   return (enum tgsi_op)op;
}

void
tgsi_parse_instruction(struct tgsi_parser *P)
{
   bool saturate, precise;
   enum tgsi_op op = parse_opcode(P, &saturate, &precise);
   const struct tgsi_op_info *info = tgsi_op_info(op);
   struct tgsi_insn *insn =
      tgsi_builder_add_insn(&P->b, op, info->num_dst, info->num_src);
   insn->saturate = saturate;
   insn->precise = precise;
   insn->line = P->lineno;
   insn->has_texture = info->flags & (TGSI_OPF_TARGET | TGSI_OPF_TEXTOKEN);
   insn->tex_target = TGSI_TEX_UNKNOWN;
   insn->tex_return_type = TGSI_RET_UNKNOWN;
   parse_operands(P, insn, info);
   parse_tail(P, insn, info);
   P->num_words += tgsi_insn_num_words(insn);
}
