/* SPDX-License-Identifier: MIT */
/*
 * Parses the text print.c writes, so that any IR dump can become a test
 * input or an expected result.  Value numbers are kept as written.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

#include "util/diag.h"

#define IR_READ_MAX_BLOCKS 65536
#define IR_READ_MAX_VALUES (1u << 24)

struct reader {
   struct ir_shader *s;
   struct tgsiva_diagnostic *d;
   const char *line; /* start of the current line */
   const char *p;
   unsigned lineno;
   struct ir_block **blocks; /* by printed number */
   unsigned nblocks;
};

static bool
fail(struct reader *r, const char *fmt, const char *what)
{
   return diag_at(r->d, TGSIVA_ERROR_INPUT, r->lineno,
                  (unsigned)(r->p - r->line) + 1, fmt, what);
}

static void
skip_spaces(struct reader *r)
{
   while (*r->p == ' ' || *r->p == '\t')
      r->p++;
}

static bool
accept(struct reader *r, const char *tok)
{
   skip_spaces(r);
   size_t n = strlen(tok);
   if (strncmp(r->p, tok, n) != 0)
      return false;
   r->p += n;
   return true;
}

static bool
expect(struct reader *r, const char *tok)
{
   return accept(r, tok) || fail(r, "expected '%s'", tok);
}

static bool
number(struct reader *r, uint32_t *out)
{
   char *end;
   if (!isdigit((unsigned char)*r->p))
      return fail(r, "expected %s", "a number");
   unsigned long v = strtoul(r->p, &end, 0);
   if (v > UINT32_MAX)
      return fail(r, "%s out of range", "number");
   r->p = end;
   *out = (uint32_t)v;
   return true;
}

static size_t
word_len(const char *p)
{
   size_t n = 0;
   while (isalnum((unsigned char)p[n]) || p[n] == '_')
      n++;
   return n;
}

static int
lookup(const char *const *names, unsigned count, const char *p, size_t n)
{
   for (unsigned i = 0; i < count; i++) {
      if (names[i] && strlen(names[i]) == n && !strncmp(names[i], p, n))
         return (int)i;
   }
   return -1;
}

static struct ir_block *
block_ref(struct reader *r)
{
   uint32_t n;
   if (!accept(r, "b") || !number(r, &n)) {
      fail(r, "expected %s", "a block name");
      return NULL;
   }
   if (n >= r->nblocks || !r->blocks[n]) {
      fail(r, "unknown block %s", "name");
      return NULL;
   }
   return r->blocks[n];
}

static bool
value_index(struct reader *r, uint32_t *out)
{
   if (!number(r, out))
      return false;
   if (*out == 0 || *out >= IR_READ_MAX_VALUES)
      return fail(r, "%s out of range", "value number");
   struct ir_shader *s = r->s;
   while (s->values.len <= *out)
      ir_value_create(s, 32, 1);
   return true;
}

/* .N component and .h0-style part selectors after a base operand. */
static bool
selectors(struct reader *r, struct ir_ref *ref)
{
   while (*r->p == '.') {
      r->p++;
      if (isdigit((unsigned char)*r->p)) {
         uint32_t c;
         if (!number(r, &c) || c > 255)
            return fail(r, "%s out of range", "component");
         ref->comp = (uint8_t)c;
         continue;
      }
      size_t n = word_len(r->p);
      int sw = lookup(ir_swizzle_names, IR_SWIZZLE_W1 + 1, r->p, n);
      if (sw <= 0)
         return fail(r, "unknown %s", "selector");
      ref->swizzle = (uint8_t)sw;
      r->p += n;
   }
   return true;
}

static bool
operand(struct reader *r, struct ir_ref *ref)
{
   *ref = (struct ir_ref){0};
   skip_spaces(r);
   uint8_t mods = 0;
   if (accept(r, "-"))
      mods |= IR_MOD_NEG;
   if (accept(r, "~"))
      mods |= IR_MOD_NOT;
   bool abs = accept(r, "|");
   const char *p = r->p;
   if (*p == '%') {
      r->p++;
      ref->kind = IR_REF_VALUE;
      if (!value_index(r, &ref->index))
         return false;
   } else if (*p == '#') {
      r->p++;
      ref->kind = IR_REF_CONST;
      if (!number(r, &ref->index))
         return false;
   } else if (*p == '_') {
      r->p++;
   } else if (*p == '^' || (*p == 'r' && isdigit((unsigned char)p[1]))) {
      if (*p == '^') {
         mods |= IR_MOD_LAST;
         r->p++;
      }
      r->p++;
      ref->kind = IR_REF_REG;
      if (!number(r, &ref->index))
         return false;
   } else if (*p == 'u' && isdigit((unsigned char)p[1])) {
      r->p++;
      ref->kind = IR_REF_UNIFORM;
      if (!number(r, &ref->index))
         return false;
   } else {
      size_t n = word_len(p);
      int sp = n ? ir_special_lookup(p, n) : -1;
      if (sp < 0)
         return fail(r, "expected %s", "an operand");
      ref->kind = IR_REF_SPECIAL;
      ref->index = (uint32_t)sp;
      r->p += n;
   }
   if (!selectors(r, ref))
      return false;
   if (abs) {
      if (!expect(r, "|"))
         return false;
      mods |= IR_MOD_ABS;
   }
   ref->mods = mods;
   return true;
}

static bool
def(struct reader *r, struct ir_instr *I)
{
   uint32_t v;
   r->p++; /* '%' */
   if (!value_index(r, &v))
      return false;
   unsigned bits = 32, nregs = 1;
   if (accept(r, ":64")) {
      bits = 64;
      nregs = 2;
   } else if (accept(r, ":v")) {
      uint32_t n;
      if (!number(r, &n) || n < 2 || n > 16)
         return fail(r, "%s out of range", "vector size");
      nregs = n;
   }
   struct ir_value *val = ir_value(r->s, v);
   if (val->def)
      return fail(r, "value %s defined twice", "number");
   val->def = I;
   val->bits = (uint8_t)bits;
   val->nregs = (uint8_t)nregs;
   I->ndst = 1;
   I->dst = ir_value_ref(v);
   return expect(r, "=");
}

static bool
flag_modifier(struct ir_instr *I, const char *p, size_t n)
{
   int k;
   if ((k = lookup(ir_cond_names, IR_COND_GTLT + 1, p, n)) >= 0)
      I->cond = (uint8_t)k;
   else if ((k = lookup(ir_cmptype_names, IR_CMP_U + 1, p, n)) >= 0)
      I->cmptype = (uint8_t)k;
   else if ((k = lookup(ir_boolfmt_names, IR_BOOL_I1 + 1, p, n)) >= 0)
      I->boolfmt = (uint8_t)k;
   else if ((k = lookup(ir_clamp_names, IR_CLAMP_0_1 + 1, p, n)) > 0)
      I->clamp = (uint8_t)k;
   else if (n == 7 && !strncmp(p, "precise", n))
      I->flags |= IR_INSTR_PRECISE;
   else if (n == 4 && !strncmp(p, "fine", n))
      I->flags |= IR_INSTR_FINE;
   else if (n == 4 && !strncmp(p, "tied", n))
      I->flags |= IR_INSTR_TIED;
   else if (n == 6 && !strncmp(p, "ifzero", n))
      I->flags |= IR_INSTR_BRANCH_IF_ZERO;
   else
      return false;
   return true;
}

/* The printer puts the instruction's own flags (.precise, .fine, .tied)
 * after a Valhall template; takes them off the end of `p` and returns the
 * length of the template. */
static size_t
va_strip_flags(struct ir_instr *I, const char *p, size_t n)
{
   static const struct {
      const char *name;
      uint8_t flag;
   } flags[] = {{".precise", IR_INSTR_PRECISE},
                {".fine", IR_INSTR_FINE},
                {".tied", IR_INSTR_TIED}};
   for (bool found = true; found;) {
      found = false;
      for (size_t k = 0; k < sizeof(flags) / sizeof(*flags); k++) {
         size_t len = strlen(flags[k].name);
         if (n > len && !strncmp(p + n - len, flags[k].name, len)) {
            I->flags |= flags[k].flag;
            n -= len;
            found = true;
         }
      }
   }
   return n;
}

static bool
opcode(struct reader *r, struct ir_instr *I)
{
   skip_spaces(r);
   size_t n = word_len(r->p);
   if (n == 2 && !strncmp(r->p, "va", 2) && r->p[2] == '.') {
      /* The Valhall form and its modifiers run to the next space. */
      r->p += 3;
      size_t all = strcspn(r->p, " \t\n");
      size_t m = va_strip_flags(I, r->p, all);
      I->op = IR_OP_VA;
      unsigned va_op;
      I->va = ir_parse_va_template(r->s->templates, r->p, m, &va_op);
      if (!I->va)
         return fail(r, "bad Valhall %s", "instruction");
      I->va_op = (uint16_t)va_op;
      r->p += all;
      return true;
   }
   int op = -1;
   for (int i = 0; i < IR_OP_COUNT; i++) {
      if (strlen(ir_op_infos[i].name) == n &&
          !strncmp(ir_op_infos[i].name, r->p, n))
         op = i;
   }
   if (op < 0)
      return fail(r, "unknown %s", "operation");
   I->op = (uint8_t)op;
   r->p += n;
   while (*r->p == '.') {
      r->p++;
      size_t m = word_len(r->p);
      if (!flag_modifier(I, r->p, m))
         return fail(r, "unknown %s", "modifier");
      r->p += m;
   }
   return true;
}

/* "name:value" or "#0x..." after a VA instruction's sources; a "#0x..."
 * before any source is a constant source (a form's constant immediate
 * always follows a source). */
static bool
va_imm_token(const char *p, size_t nsrc)
{
   if (*p == '#')
      return nsrc > 0;
   size_t n = word_len(p);
   return n && p[n] == ':' && !(p[0] == 'b' && isdigit((unsigned char)p[1]));
}

static bool
instr(struct reader *r, struct ir_block *b)
{
   struct ir_instr *I = ir_instr_create(r->s, IR_OP_MOV, 0);
   ir_instr_append(b, I);
   skip_spaces(r);
   if (*r->p == '%' && !def(r, I))
      return false;
   if (!opcode(r, I))
      return false;

   VEC(struct ir_ref) srcs = {0};
   VEC(struct ir_block *) preds = {0};
   skip_spaces(r);
   while (*r->p && *r->p != '\n' && strncmp(r->p, "imm=", 4) != 0 &&
          !(I->op == IR_OP_VA && va_imm_token(r->p, srcs.len))) {
      if (srcs.len && !expect(r, ","))
         return false;
      skip_spaces(r);
      if (I->op == IR_OP_PHI) {
         struct ir_block *p = block_ref(r);
         if (!p || !expect(r, ":"))
            return false;
         *VEC_PUSH(r->s->arena, &preds) = p;
      }
      if (srcs.len >= 255)
         return fail(r, "too many %s", "sources");
      if (!operand(r, VEC_PUSH(r->s->arena, &srcs)))
         return false;
      skip_spaces(r);
   }
   while (I->op == IR_OP_VA && va_imm_token(r->p, srcs.len)) {
      size_t m = strcspn(r->p, " \t\n");
      if (!ir_parse_va_imm(I->va, I->va_op, r->p, m))
         return fail(r, "bad %s", "immediate");
      r->p += m;
      skip_spaces(r);
   }
   uint32_t imm = 0;
   if (accept(r, "imm=")) {
      if (!number(r, &imm))
         return false;
      if (imm > UINT8_MAX)
         return fail(r, "%s out of range", "imm");
      I->imm = (uint8_t)imm;
   }
   ir_instr_set_nsrc(r->s, I, (unsigned)srcs.len);
   for (size_t i = 0; i < srcs.len; i++) {
      /* Phi sources are stored in the block's predecessor order. */
      int slot = (int)i;
      if (I->op == IR_OP_PHI) {
         slot = ir_block_pred_index(b, preds.data[i]);
         if (slot < 0 || (size_t)slot >= srcs.len)
            return fail(r, "phi source from a %s", "non-predecessor");
      }
      I->src[slot] = srcs.data[i];
   }
   skip_spaces(r);
   return *r->p == '\n' || *r->p == '\0' ||
          fail(r, "expected %s", "the end of the line");
}

static bool
next_line(struct reader *r)
{
   const char *nl = strchr(r->p, '\n');
   if (!nl)
      return false;
   r->p = r->line = nl + 1;
   r->lineno++;
   return true;
}

/* First pass: create every block so that successors can name later ones. */
static bool
scan_blocks(struct reader *r)
{
   const char *save = r->p, *save_line = r->line;
   unsigned save_no = r->lineno;
   r->blocks = ARENA_ARRAY(r->s->arena, struct ir_block *,
                           IR_READ_MAX_BLOCKS);
   do {
      if (r->p[0] == 'b' && isdigit((unsigned char)r->p[1])) {
         r->p++;
         uint32_t n;
         if (!number(r, &n))
            return false;
         if (n >= IR_READ_MAX_BLOCKS || r->blocks[n])
            return fail(r, "bad block %s", "number");
         struct ir_block *b = ir_block_create(r->s);
         b->index = n;
         ir_block_append(r->s, b);
         r->blocks[n] = b;
         if (n >= r->nblocks)
            r->nblocks = n + 1;
      }
   } while (next_line(r));
   r->p = save;
   r->line = save_line;
   r->lineno = save_no;
   return true;
}

static bool
block_header(struct reader *r, struct ir_block **out)
{
   struct ir_block *b = block_ref(r);
   if (!b)
      return false;
   b->loop_header = accept(r, "loop");
   if (accept(r, "->")) {
      for (unsigned i = 0; i < 2; i++) {
         skip_spaces(r);
         if (*r->p != 'b')
            break;
         struct ir_block *succ = block_ref(r);
         if (!succ)
            return false;
         ir_block_link(r->s, b, i, succ);
      }
   }
   *out = b;
   return true;
}

struct ir_shader *
ir_read(struct arena *arena, const char *text, struct tgsiva_diagnostic *d)
{
   struct reader r = {.d = d, .line = text, .p = text, .lineno = 1};
   r.s = ir_shader_create(arena, IR_STAGE_FRAGMENT, NULL);
   if (!expect(&r, "shader"))
      return NULL;
   skip_spaces(&r);
   size_t n = word_len(r.p);
   int stage = lookup(ir_stage_names, IR_STAGE_COUNT, r.p, n);
   if (stage < 0) {
      fail(&r, "unknown %s", "stage");
      return NULL;
   }
   r.s->stage = (enum ir_stage)stage;
   if (!next_line(&r) || !scan_blocks(&r))
      return NULL;

   /* Successor edges first, so that phis see every predecessor. */
   struct reader edges = r;
   do {
      struct ir_block *b;
      if (edges.p[0] == 'b' && !block_header(&edges, &b))
         return NULL;
   } while (next_line(&edges));

   struct ir_block *cur = NULL;
   do {
      if (r.p[0] == 'b') {
         cur = r.blocks[strtoul(r.p + 1, NULL, 10)];
         continue;
      }
      skip_spaces(&r);
      if (*r.p == '\n' || *r.p == '\0')
         continue;
      if (!cur) {
         fail(&r, "expected %s", "a block");
         return NULL;
      }
      if (!instr(&r, cur))
         return NULL;
   } while (next_line(&r));
   return r.s;
}
