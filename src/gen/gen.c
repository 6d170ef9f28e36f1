/* SPDX-License-Identifier: MIT */
/*
 * The program generator's driver: a stage's skeleton (declarations,
 * a prologue that defines every value register, an epilogue that sends
 * values out), and a body of random instructions nested in IF/UIF/ELSE,
 * counted loops with BRK and CONT, and SWITCH with fall-through.
 *
 * Rules that keep every program valid and terminating (gen_priv.h has
 * the register roles):
 * 1. Every value register is written before the body reads it.
 * 2. A loop's first instructions compare its counter with a bound of 1-4
 *    and break; the counter is incremented before anything that could
 *    CONT.  Nothing else writes a counter.
 * 3. BARRIER only outside control flow; CONT never inside a SWITCH.
 * 4. ADDR[0] holds 0..3 from the prologue on; arrays and constant
 *    ranges are declared large enough for any offset the body uses.
 * 5. Geometry shaders: EMIT (after writing some outputs) and ENDPRIM to
 *    stream 0 anywhere, in loops too (GL drops vertices past M; the
 *    interpreter leaves such an invocation uncompared); the epilogue
 *    emits once more.  LAYER, VIEWPORT_INDEX and PRIMID outputs get
 *    small integers (0..3) where the skeleton writes them.
 */
#include <string.h>

#include "gen_priv.h"

uint64_t
gen_rand(struct gen *g)
{
   uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

struct tgsi_insn *
gen_insn(struct gen *g, enum tgsi_op op)
{
   const struct tgsi_op_info *info = tgsi_op_info(op);
   struct tgsi_insn *I = VEC_PUSH(g->arena, &g->insns);
   memset(I, 0, sizeof(*I));
   I->opcode = op;
   I->num_dst = info->num_dst;
   I->num_src = info->num_src;
   I->dst = ARENA_ARRAY(g->arena, struct tgsi_dst, I->num_dst + 1);
   I->src = ARENA_ARRAY(g->arena, struct tgsi_src, I->num_src + 1);
   for (unsigned i = 0; i < I->num_src; i++)
      gen_swizzle(&I->src[i], 0, 1, 2, 3);
   I->has_label = (info->flags & TGSI_OPF_LABEL) != 0;
   if (g->budget)
      g->budget--;
   return I;
}

/* ---------------------------------------------------------------------
 * Control flow
 */

static void gen_block(struct gen *g, unsigned n);

static void
gen_if(struct gen *g)
{
   bool uif = gen_chance(g, 50);
   struct tgsi_insn *I = gen_insn(g, uif ? TGSI_OP_UIF : TGSI_OP_IF);
   gen_src_value(g, &I->src[0], uif ? TGSI_VT_U32 : TGSI_VT_F32);
   g->depth++;
   gen_block(g, 1 + gen_below(g, 5));
   if (gen_chance(g, 50)) {
      gen_insn(g, TGSI_OP_ELSE);
      gen_block(g, 1 + gen_below(g, 4));
   }
   g->depth--;
   gen_insn(g, TGSI_OP_ENDIF);
}

static void
counter_src(struct tgsi_src *s, unsigned c)
{
   gen_src_reg(s, TGSI_REGFILE_TEMPORARY, (int)c);
   gen_swizzle(s, 0, 0, 0, 0);
}

static void
gen_loop(struct gen *g)
{
   unsigned c = g->counter + g->loops;
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_MOV);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)c, 0x1);
   gen_src_imm(g, &I->src[0], 0, 0, 0, 0);
   gen_insn(g, TGSI_OP_BGNLOOP);
   I = gen_insn(g, TGSI_OP_USGE);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->scratch, 0x1);
   counter_src(&I->src[0], c);
   uint32_t bound = 1 + gen_below(g, 4);
   gen_src_imm(g, &I->src[1], bound, bound, bound, bound);
   I = gen_insn(g, TGSI_OP_UIF);
   counter_src(&I->src[0], g->scratch);
   gen_insn(g, TGSI_OP_BRK);
   gen_insn(g, TGSI_OP_ENDIF);
   I = gen_insn(g, TGSI_OP_UADD);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)c, 0x1);
   counter_src(&I->src[0], c);
   gen_src_imm(g, &I->src[1], 1, 1, 1, 1);
   g->loops++;
   g->depth++;
   unsigned saved = g->switches;
   g->switches = 0;
   gen_block(g, 2 + gen_below(g, 6));
   g->switches = saved;
   g->depth--;
   g->loops--;
   gen_insn(g, TGSI_OP_ENDLOOP);
}

static void
gen_switch(struct gen *g)
{
   gen_masked(g, 0, 3, 3, 3, 3);
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_SWITCH);
   counter_src(&I->src[0], g->scratch);
   g->depth++;
   g->switches++;
   unsigned ncase = 1 + gen_below(g, 3);
   uint32_t value = gen_below(g, 2);
   for (unsigned k = 0; k < ncase; k++) {
      I = gen_insn(g, TGSI_OP_CASE);
      gen_src_imm(g, &I->src[0], value, value, value, value);
      value += 1 + gen_below(g, 2);
      gen_block(g, gen_below(g, 3));
      if (gen_chance(g, 75))
         gen_insn(g, TGSI_OP_BRK);
   }
   if (gen_chance(g, 60)) {
      gen_insn(g, TGSI_OP_DEFAULT);
      gen_block(g, gen_below(g, 3));
      gen_insn(g, TGSI_OP_BRK);
   }
   g->switches--;
   g->depth--;
   gen_insn(g, TGSI_OP_ENDSWITCH);
}

static void write_output(struct gen *g, unsigned o);

/* Rule 5: EMIT, most often after writing outputs, or ENDPRIM. */
static void
gen_emit(struct gen *g)
{
   if (gen_chance(g, 20)) {
      struct tgsi_insn *I = gen_insn(g, TGSI_OP_ENDPRIM);
      gen_src_imm(g, &I->src[0], 0, 0, 0, 0);
      return;
   }
   for (unsigned k = gen_below(g, 3); k; k--)
      write_output(g, gen_below(g, g->nout));
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_EMIT);
   gen_src_imm(g, &I->src[0], 0, 0, 0, 0);
}

/* BRK or CONT (in a loop), KILL or RET, usually under an IF. */
static void
gen_jump(struct gen *g, enum tgsi_op op)
{
   bool guarded = gen_chance(g, 80);
   if (guarded) {
      struct tgsi_insn *I = gen_insn(g, TGSI_OP_UIF);
      gen_src_value(g, &I->src[0], TGSI_VT_U32);
   }
   struct tgsi_insn *I = gen_insn(g, op);
   if (op == TGSI_OP_KILL_IF)
      gen_src_value(g, &I->src[0], TGSI_VT_F32);
   if (guarded)
      gen_insn(g, TGSI_OP_ENDIF);
}

static void
gen_op(struct gen *g, enum tgsi_op op)
{
   switch (gen_op_kind(op)) {
   case GEN_OPK_TEX: gen_tex(g, op); break;
   case GEN_OPK_MEM: gen_mem(g, op); break;
   case GEN_OPK_INTERP: gen_interp(g, op); break;
   case GEN_OPK_KILL: gen_jump(g, op); break;
   case GEN_OPK_SYNC: gen_insn(g, op); break;
   default: gen_alu(g, op); break;
   }
}

static void
gen_statement(struct gen *g)
{
   unsigned r = gen_below(g, 100);
   bool nest = g->depth < GEN_MAX_DEPTH && g->budget > 8;
   bool in_loop = g->loops > 0;
   if (r >= 88 && g->stage == GEN_GS) {
      gen_emit(g);
   } else if (r < 8 && nest) {
      gen_if(g);
   } else if (r < 12 && nest && g->loops < GEN_MAX_LOOPS &&
              (g->feat & GEN_F_LOOPS)) {
      gen_loop(g);
   } else if (r < 14 && nest && (g->feat & GEN_F_SWITCH)) {
      gen_switch(g);
   } else if (r < 17 && in_loop) {
      gen_jump(g, !g->switches && gen_chance(g, 50) ? TGSI_OP_CONT
                                                    : TGSI_OP_BRK);
   } else if (r < 18 && (g->feat & GEN_F_RET) && g->depth) {
      gen_jump(g, TGSI_OP_RET);
   } else if (r < 21 && (g->feat & GEN_F_INDIRECT)) {
      gen_set_addr(g);
   } else {
      gen_op(g, gen_pick_op(g));
   }
}

static void
gen_block(struct gen *g, unsigned n)
{
   for (unsigned i = 0; i < n && g->budget; i++)
      gen_statement(g);
}

/* ---------------------------------------------------------------------
 * Stages
 */

static void
add_sv(struct gen *g, enum tgsi_sem sem, bool is_int)
{
   g->svs[g->nsv].sem = (uint8_t)sem;
   g->svs[g->nsv].is_int = is_int;
   g->nsv++;
}

static void
add_out(struct gen *g, enum tgsi_sem sem, unsigned index, unsigned mask)
{
   g->out_sem[g->nout] = (uint8_t)sem;
   g->out_sem_index[g->nout] = index;
   g->out_mask[g->nout] = (uint8_t)mask;
   g->nout++;
}

static void
setup_gs(struct gen *g)
{
   static const uint8_t in_prims[] = {
      TGSI_PRIM_POINTS, TGSI_PRIM_LINES, TGSI_PRIM_LINES_ADJACENCY,
      TGSI_PRIM_TRIANGLES, TGSI_PRIM_TRIANGLES_ADJACENCY};
   static const uint8_t out_prims[] = {
      TGSI_PRIM_POINTS, TGSI_PRIM_LINE_STRIP, TGSI_PRIM_TRIANGLE_STRIP};
   static const uint8_t vertices[] = {1, 2, 4, 3, 6};
   unsigned k = gen_below(g, 5);
   g->gs_in_prim = in_prims[k];
   g->gs_vertices_in = vertices[k];
   g->gs_out_prim = out_prims[gen_below(g, 3)];
   g->gs_max_vertices = gen_chance(g, 15) ? 9 + gen_below(g, 24)
                                          : 1 + gen_below(g, 8);
   g->gs_invocations = gen_chance(g, 30) ? 1 + gen_below(g, 4) : 0;
   g->nin = 1 + gen_below(g, 3); /* POSITION, GENERIC[0], GENERIC[1] */
   g->gs_primid_input = gen_chance(g, 20);
   add_out(g, TGSI_SEM_POSITION, 0, 0xf);
   for (unsigned i = 0, n = gen_below(g, 3); i < n; i++)
      add_out(g, TGSI_SEM_GENERIC, i, 0xf);
   if (gen_chance(g, 15))
      add_out(g, TGSI_SEM_PSIZE, 0, 0x1);
   if (gen_chance(g, 15))
      add_out(g, TGSI_SEM_CLIPDIST, 0, 0xf);
   if (gen_chance(g, 15))
      add_out(g, TGSI_SEM_PRIMID, 0, 0x1);
   if (gen_chance(g, 15))
      add_out(g, TGSI_SEM_LAYER, 0, 0x1);
   if (gen_chance(g, 15))
      add_out(g, TGSI_SEM_VIEWPORT_INDEX, 0, 0x1);
   add_sv(g, TGSI_SEM_PRIMID, true);
   add_sv(g, TGSI_SEM_INVOCATIONID, true);
}

static void
setup_stage(struct gen *g)
{
   switch (g->stage) {
   case GEN_VS:
      g->nin = 2 + gen_below(g, 3);
      add_out(g, TGSI_SEM_POSITION, 0, 0xf);
      for (unsigned i = 0, n = 1 + gen_below(g, 3); i < n; i++)
         add_out(g, TGSI_SEM_GENERIC, i, 0xf);
      if (gen_chance(g, 20))
         add_out(g, TGSI_SEM_PSIZE, 0, 0x1);
      add_sv(g, TGSI_SEM_VERTEXID, true);
      add_sv(g, TGSI_SEM_INSTANCEID, true);
      break;
   case GEN_FS:
      g->nin = 4;
      add_out(g, TGSI_SEM_COLOR, 0, 0xf);
      if (gen_chance(g, 30))
         add_out(g, TGSI_SEM_COLOR, 1, 0xf);
      if (gen_chance(g, 20))
         add_out(g, TGSI_SEM_POSITION, 0, 0x4);
      add_sv(g, TGSI_SEM_SAMPLEID, true);
      break;
   case GEN_GS: setup_gs(g); break;
   default:
      add_sv(g, TGSI_SEM_THREAD_ID, true);
      add_sv(g, TGSI_SEM_BLOCK_ID, true);
      add_sv(g, TGSI_SEM_BLOCK_SIZE, true);
      add_sv(g, TGSI_SEM_GRID_SIZE, true);
      g->use_buffer = true;
      break;
   }
}

static void
mov(struct gen *g, enum tgsi_regfile file, unsigned index, unsigned mask,
    enum tgsi_value_type type)
{
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_MOV);
   gen_dst_reg(&I->dst[0], file, (int)index, mask);
   gen_src_value(g, &I->src[0], type);
   I->src[0].absolute = I->src[0].negate = false;
}

/* Rule 5: an output as the skeleton writes it: integer ones 0..3. */
static void
write_output(struct gen *g, unsigned o)
{
   uint8_t sem = g->out_sem[o];
   if (sem != TGSI_SEM_LAYER && sem != TGSI_SEM_VIEWPORT_INDEX &&
       sem != TGSI_SEM_PRIMID) {
      mov(g, TGSI_REGFILE_OUTPUT, o, g->out_mask[o], TGSI_VT_F32);
      return;
   }
   struct tgsi_insn *I = gen_insn(g, TGSI_OP_AND);
   gen_dst_reg(&I->dst[0], TGSI_REGFILE_OUTPUT, (int)o, 0x1);
   gen_src_value(g, &I->src[0], TGSI_VT_U32);
   gen_src_imm(g, &I->src[1], 3, 3, 3, 3);
}

static void
prologue(struct gen *g)
{
   struct tgsi_insn *A = gen_insn(g, TGSI_OP_UARL);
   gen_dst_reg(&A->dst[0], TGSI_REGFILE_ADDRESS, 0, 0xf);
   gen_src_imm(g, &A->src[0], 0, 1, 2, 3);
   if (g->stage == GEN_CS) {
      /* TEMP[lane] = (index, index x 4, index x 16, -). */
      struct tgsi_insn *I = gen_insn(g, TGSI_OP_UMAD);
      gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->lane, 0x1);
      gen_src_reg(&I->src[0], TGSI_REGFILE_SYSTEM_VALUE, 0);
      gen_swizzle(&I->src[0], 1, 1, 1, 1);
      gen_src_imm(g, &I->src[1], GEN_CS_WIDTH, 0, 0, 0);
      gen_swizzle(&I->src[1], 0, 0, 0, 0);
      gen_src_reg(&I->src[2], TGSI_REGFILE_SYSTEM_VALUE, 0);
      gen_swizzle(&I->src[2], 0, 0, 0, 0);
      I = gen_insn(g, TGSI_OP_SHL);
      gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY, (int)g->lane, 0x6);
      gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->lane);
      gen_swizzle(&I->src[0], 0, 0, 0, 0);
      gen_src_imm(g, &I->src[1], 0, 2, 4, 0);
   }
   for (unsigned t = 0; t < g->ntemps; t++) {
      enum tgsi_value_type ty = gen_chance(g, 60) ? TGSI_VT_F32
                                                  : TGSI_VT_U32;
      g->temp_kind[t] = ty == TGSI_VT_F32 ? GEN_KIND_FLOAT : GEN_KIND_INT;
      mov(g, TGSI_REGFILE_TEMPORARY, t, 0xf, ty);
   }
   for (unsigned t = 0; t < g->array_len; t++)
      mov(g, TGSI_REGFILE_TEMPORARY, g->array + t, 0xf, TGSI_VT_UNTYPED);
   for (unsigned o = 0; o < g->nout; o++) {
      if (g->stage == GEN_GS)
         write_output(g, o);
      else
         mov(g, TGSI_REGFILE_OUTPUT, o, g->out_mask[o], TGSI_VT_F32);
   }
}

static void
epilogue(struct gen *g)
{
   if (g->stage == GEN_GS) {
      for (unsigned o = 0; o < g->nout; o++) {
         if (gen_chance(g, 70))
            write_output(g, o);
      }
      struct tgsi_insn *I = gen_insn(g, TGSI_OP_EMIT);
      gen_src_imm(g, &I->src[0], 0, 0, 0, 0);
      if (gen_chance(g, 30)) {
         I = gen_insn(g, TGSI_OP_ENDPRIM);
         gen_src_imm(g, &I->src[0], 0, 0, 0, 0);
      }
   } else if (g->stage != GEN_CS) {
      for (unsigned o = 0; o < g->nout; o++) {
         if (gen_chance(g, 70))
            mov(g, TGSI_REGFILE_OUTPUT, o, g->out_mask[o], TGSI_VT_F32);
      }
   } else {
      for (unsigned k = 0; k < 4; k++) {
         struct tgsi_insn *I = gen_insn(g, TGSI_OP_UADD);
         gen_dst_reg(&I->dst[0], TGSI_REGFILE_TEMPORARY,
                     (int)g->scratch + 1, 0x1);
         gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY, (int)g->lane);
         gen_swizzle(&I->src[0], 2, 2, 2, 2);
         gen_src_imm(g, &I->src[1], 256 * k, 0, 0, 0);
         I = gen_insn(g, TGSI_OP_STORE);
         gen_dst_reg(&I->dst[0], TGSI_REGFILE_BUFFER, 0, 0xf);
         gen_src_reg(&I->src[0], TGSI_REGFILE_TEMPORARY,
                     (int)g->scratch + 1);
         gen_swizzle(&I->src[0], 0, 0, 0, 0);
         gen_src_reg(&I->src[1], TGSI_REGFILE_TEMPORARY,
                     (int)gen_below(g, g->ntemps));
      }
   }
   gen_insn(g, TGSI_OP_END);
}

/* ---------------------------------------------------------------------
 * Declarations and the shader
 */

static struct tgsi_decl *
decl(struct tgsi_builder *b, enum tgsi_regfile file, unsigned first,
     unsigned last)
{
   struct tgsi_decl *d = tgsi_builder_add_decl(b);
   d->file = file;
   d->first = first;
   d->last = last;
   d->usage_mask = 0xf;
   return d;
}

static void
declare_io(struct gen *g, struct tgsi_builder *b)
{
   static const uint8_t fs_interp[] = {
      TGSI_INTERP_PERSPECTIVE, TGSI_INTERP_LINEAR, TGSI_INTERP_CONSTANT,
      TGSI_INTERP_PERSPECTIVE};
   for (unsigned i = 0; i < g->nin; i++) {
      struct tgsi_decl *d = decl(b, TGSI_REGFILE_INPUT, i, i);
      if (g->stage == GEN_GS) {
         d->semantic = true;
         d->sem_name = i ? TGSI_SEM_GENERIC : TGSI_SEM_POSITION;
         d->sem_index = i ? i - 1 : 0;
      }
      if (g->stage == GEN_FS) {
         d->semantic = true;
         d->sem_name = i == 3 ? TGSI_SEM_POSITION : TGSI_SEM_GENERIC;
         d->sem_index = i == 3 ? 0 : i;
         d->interpolate = true;
         d->interp = (enum tgsi_interp)fs_interp[i];
         if (i == 1 && gen_chance(g, 30))
            d->location = TGSI_INTERP_LOC_CENTROID;
      }
   }
   if (g->gs_primid_input) {
      struct tgsi_decl *d = decl(b, TGSI_REGFILE_INPUT, g->nin, g->nin);
      d->semantic = true;
      d->sem_name = TGSI_SEM_PRIMID;
   }
   for (unsigned o = 0; o < g->nout; o++) {
      struct tgsi_decl *d = decl(b, TGSI_REGFILE_OUTPUT, o, o);
      d->usage_mask = g->out_mask[o];
      d->semantic = true;
      d->sem_name = (enum tgsi_sem)g->out_sem[o];
      d->sem_index = g->out_sem_index[o];
   }
   for (unsigned i = 0; i < g->nsv; i++) {
      struct tgsi_decl *d = decl(b, TGSI_REGFILE_SYSTEM_VALUE, i, i);
      d->semantic = true;
      d->sem_name = (enum tgsi_sem)g->svs[i].sem;
   }
}

static void
declare(struct gen *g, struct tgsi_builder *b)
{
   if (g->stage == GEN_CS) {
      static const enum tgsi_prop_name dims[] = {
         TGSI_PROP_CS_FIXED_BLOCK_WIDTH, TGSI_PROP_CS_FIXED_BLOCK_HEIGHT,
         TGSI_PROP_CS_FIXED_BLOCK_DEPTH};
      static const uint32_t size[] = {GEN_CS_WIDTH, GEN_CS_HEIGHT, 1};
      for (unsigned i = 0; i < 3; i++) {
         struct tgsi_prop *p = tgsi_builder_add_prop(b);
         p->name = dims[i];
         p->value = size[i];
      }
   }
   if (g->stage == GEN_GS) {
      const uint32_t props[][2] = {
         {TGSI_PROP_GS_INPUT_PRIM, g->gs_in_prim},
         {TGSI_PROP_GS_OUTPUT_PRIM, g->gs_out_prim},
         {TGSI_PROP_GS_MAX_OUTPUT_VERTICES, g->gs_max_vertices},
         {TGSI_PROP_GS_INVOCATIONS, g->gs_invocations}};
      for (unsigned i = 0; i < 4 && (i < 3 || g->gs_invocations); i++) {
         struct tgsi_prop *p = tgsi_builder_add_prop(b);
         p->name = (enum tgsi_prop_name)props[i][0];
         p->value = props[i][1];
      }
   }
   declare_io(g, b);
   for (unsigned k = 0; k < GEN_CONST_BUFFERS; k++) {
      struct tgsi_decl *d = decl(b, TGSI_REGFILE_CONSTANT, 0,
                                 GEN_CONST_LEN - 1);
      d->dimension = true;
      d->dim_index = k;
   }
   decl(b, TGSI_REGFILE_TEMPORARY, 0, g->array - 1);
   struct tgsi_decl *d = decl(b, TGSI_REGFILE_TEMPORARY, g->array,
                              g->array + g->array_len - 1);
   d->array = true;
   d->array_id = 1;
   d->local = true;
   decl(b, TGSI_REGFILE_ADDRESS, 0, g->use_addr1 ? 1 : 0);
   gen_declare_resources(g, b);
   for (unsigned i = 0; i < g->imms.len; i++)
      *tgsi_builder_add_imm(b) = g->imms.data[i];
}

/* IF/UIF/ELSE labels point at their ELSE or ENDIF; loop labels are 0,
 * as tgsi_dump prints them. */
static void
number(struct tgsi_shader *s)
{
   uint32_t stack[64];
   unsigned depth = 0;
   for (unsigned i = 0; i < s->num_insns; i++) {
      struct tgsi_insn *I = &s->insns[i];
      I->number = i;
      if (I->has_label)
         I->label = 0;
      bool closes = I->opcode == TGSI_OP_ELSE || I->opcode == TGSI_OP_ENDIF;
      if (closes && depth)
         s->insns[stack[--depth]].label = i;
      if ((I->opcode == TGSI_OP_IF || I->opcode == TGSI_OP_UIF ||
           I->opcode == TGSI_OP_ELSE) && depth < 64)
         stack[depth++] = i;
   }
}

void
gen_print(struct strbuf *sb, const struct tgsi_shader *s)
{
   number((struct tgsi_shader *)s);
   tgsi_print_shader(sb, s);
}

/* The array's length comes from the seed alone, not the random
 * stream, so that the programs of short arrays stay as they were. */
static void
layout_temps(struct gen *g, uint64_t seed)
{
   g->ntemps = 4 + gen_below(g, 8);
   g->scratch = g->ntemps;
   g->lane = g->scratch + 2;
   g->counter = g->lane + 1;
   g->array = g->counter + GEN_MAX_LOOPS;
   bool long_array = ((seed * 0x9e3779b97f4a7c15ull) >> 62) == 0;
   g->array_len = long_array ? GEN_LONG_ARRAY_LEN : GEN_ARRAY_LEN;
   g->ntemp_total = g->array + g->array_len;
}

struct tgsi_shader *
gen_program(struct arena *arena, const struct gen_options *o,
            struct gen_coverage *cov)
{
   static const enum tgsi_proc procs[] = {
      TGSI_PROC_VERTEX, TGSI_PROC_FRAGMENT, TGSI_PROC_COMPUTE,
      TGSI_PROC_GEOMETRY};
   struct gen g;
   memset(&g, 0, sizeof(g));
   g.arena = arena;
   g.rng = o->seed * 0x2545f4914f6cdd1dull + 1;
   g.feat = o->features;
   g.stage = o->stage < GEN_STAGE_COUNT ? o->stage
                                        : (enum gen_stage)gen_below(&g, 3);
   layout_temps(&g, o->seed);
   setup_stage(&g);
   prologue(&g);
   unsigned max = o->max_insns ? o->max_insns : 60;
   g.budget = max / 2 + gen_below(&g, max / 2 + 1);
   gen_block(&g, ~0u);
   epilogue(&g);
   struct tgsi_builder b;
   tgsi_builder_init(&b, arena, procs[g.stage]);
   declare(&g, &b);
   for (unsigned i = 0; i < g.insns.len; i++) {
      const struct tgsi_insn *src = &g.insns.data[i];
      struct tgsi_insn *I = tgsi_builder_add_insn(&b, src->opcode,
                                                  src->num_dst,
                                                  src->num_src);
      uint32_t n = I->number;
      struct tgsi_dst *dst = I->dst;
      struct tgsi_src *srcs = I->src;
      *I = *src;
      I->number = n;
      I->dst = dst;
      I->src = srcs;
      memcpy(dst, src->dst, src->num_dst * sizeof(*dst));
      memcpy(srcs, src->src, src->num_src * sizeof(*srcs));
   }
   struct tgsi_shader *s = tgsi_builder_finish(&b);
   number(s);
   if (cov)
      gen_cover(cov, s);
   return s;
}
