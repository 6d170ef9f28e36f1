/* SPDX-License-Identifier: MIT */
/*
 * Memory opcodes: LOAD, STORE, RESQ and the atomics on shader buffers
 * (BUFFER), images (IMAGE) and workgroup-shared memory (MEMORY declared
 * SHARED), following Panfrost's Valhall conventions (docs/abi.md,
 * "Buffers", "Images", "Shared memory").
 *
 * 1. Buffers and shared memory are flat 64-bit addresses.  BUFFER[i]'s
 *    address and size are system value IR_SYSVAL_BUFFER i (u64 address,
 *    u32 size), pushed as an aligned word pair so that a 64-bit source
 *    reads the address as one FAU slot; shared memory starts at the
 *    workgroup_local_pointer special value.  An access is LOAD.iN,
 *    STORE.iN or ATOM* at base + byte offset: a constant offset goes in
 *    the LOAD/STORE immediate, any other offset is added by SHADDX.u64.
 *    Atomics always take a register address from SHADDX.u64 and never
 *    use their immediate (as in Mesa).
 * 2. Out-of-bounds buffer accesses are not checked, as in Mesa 24's
 *    Panfrost: TGSI leaves their result unspecified, and the buffer size
 *    is in the system value for RESQ only.
 * 3. LOAD reads the contiguous words from the lowest to the highest word
 *    its write mask needs (through the resource's swizzle); STORE writes
 *    one STORE.iN per run of consecutive channels of its write mask, so
 *    that no unwritten word is touched.
 * 4. Images (from_tgsi_image.c) give LOAD a texel and STORE and the
 *    atomics a texel address.
 * 5. Atomics return the old value (ATOM_RETURN.i32).  Adding 1 or -1, and
 *    max/or with 1, are ATOM1_RETURN.i32 (ainc, adec, aumax1, asmax1,
 *    aor1), which need no data register.  ATOMCAS is
 *    ATOM_RETURN.i32.axchg with .compare, reading (new value, compared
 *    value).  Valhall has no float add and no wrapping increment: ATOMFADD,
 *    ATOMINC_WRAP and ATOMDEC_WRAP are compare-and-swap loops.  The wrap
 *    forms follow tgsi.rst's formulas, which the reference interpreter
 *    follows too: INC_WRAP returns old + 1 and stores it when it is below
 *    src, else 0; DEC_WRAP returns old and stores old - 1 when
 *    0 < old < src, else 0 (unsigned).
 * 6. The memory qualifiers (coherent, volatile, restrict) need no code:
 *    Valhall's LOAD/STORE have no cache-policy bits beyond the vertex
 *    stream hints, and Mesa ignores the qualifiers too.  What they forbid
 *    (merging, reordering, removing stores) tgsiva never does: stores and
 *    atomics are side effects and CSE leaves Valhall instructions alone.
 *    MEMBAR likewise needs nothing (from_tgsi_alu.c): one thread's
 *    accesses complete in order once the scheduler waits on their slots,
 *    and BARRIER is an execution and memory barrier.
 * 7. HWATOMIC (hardware atomic counters) is rejected: Panfrost exposes
 *    none, and state trackers then lower atomic counters to BUFFER.
 *
 * Requires: the translation context (from_tgsi.c).
 * Ensures:  memory instructions as Valhall LOAD/STORE/ATOM messages; the
 *           layout's buffer and image-size system values, shared size and
 *           writes_memory.
 * Invalidates: nothing.
 */
#include "from_tgsi.h"

/* Largest constant byte offset put in a LOAD/STORE immediate (signed
 * 16-bit field). */
#define MAX_IMM_OFFSET 32767

/* ---------------------------------------------------------------------
 * Resources
 */

static struct ir_ref
special(enum va_special which)
{
   return (struct ir_ref){.kind = IR_REF_SPECIAL, .index = which};
}

/* Word `k` (0 low, 1 high) of a 64-bit operand. */
static struct ir_ref
word_of(struct ir_ref r, unsigned k)
{
   if (r.kind == IR_REF_UNIFORM)
      return ir_uniform(r.index + k);
   r.swizzle = k ? IR_SWIZZLE_W1 : IR_SWIZZLE_W0;
   return r;
}

/* A system value of resource `r` (BUFFER or IMAGE), selected by the index
 * value when `r` is indexed indirectly. */
static struct ir_ref
resource_sysval(struct tgsi_to_ir *t, const struct tgsi_reg *r,
                uint32_t count, enum ir_sysval_kind kind, unsigned word,
                bool pair)
{
   const char *file = tgsi_name(&tgsi_file_names, r->file);
   if (!count)
      t_error(t, "%s is not declared", file);
   if (!r->indirect) {
      if (r->index < 0 || (uint32_t)r->index >= count)
         t_error(t, "%s[%d] is not declared", file, r->index);
      return t_sysval(t, kind, (uint32_t)r->index, word, pair);
   }
   /* An index past the end selects the last resource. */
   struct ir_ref idx = t_indirect_index(t, &r->ind, r->index);
   struct ir_ref w[2];
   for (unsigned k = 0; k < (pair ? 2u : 1u); k++) {
      w[k] = word_of(t_sysval(t, kind, count - 1, word, pair), k);
      for (uint32_t e = count - 1; e-- > 0;) {
         struct ir_ref v = word_of(t_sysval(t, kind, e, word, pair), k);
         w[k] = ir_csel(&t->b, IR_CMP_U, IR_COND_EQ, idx, ir_imm(e), v,
                        w[k]);
      }
   }
   if (!pair)
      return w[0];
   return ir_collect(&t->b, 64, 2, w);
}

/* The 64-bit base address of a BUFFER or shared MEMORY operand. */
static struct ir_ref
linear_base(struct tgsi_to_ir *t, const struct tgsi_reg *r)
{
   if (r->file == TGSI_REGFILE_MEMORY)
      return special(VA_SPECIAL_WORKGROUP_LOCAL_POINTER);
   return resource_sysval(t, r, t->layout->buffer_count, IR_SYSVAL_BUFFER,
                          0, true);
}

/* The type of MEMORY[index].  nir_to_tgsi declares shared memory as
 * MEMORY[1] (its index is the memory type) and addresses it as MEMORY[0],
 * so an undeclared index takes the type all MEMORY declarations share. */
static enum tgsi_memtype
memory_type(struct tgsi_to_ir *t, int32_t index)
{
   const struct tgsi_shader *sh = t->tgsi;
   int type = -1;
   for (unsigned i = 0; i < sh->num_decls; i++) {
      const struct tgsi_decl *d = &sh->decls[i];
      if (d->file != TGSI_REGFILE_MEMORY)
         continue;
      if (index >= (int32_t)d->first && index <= (int32_t)d->last)
         return d->mem_type;
      if (type >= 0 && type != (int)d->mem_type)
         t_error(t, "MEMORY[%d] is not declared", index);
      type = (int)d->mem_type;
   }
   if (type < 0)
      t_error(t, "MEMORY[%d] is not declared", index);
   return (enum tgsi_memtype)type;
}

/* Checks that `r` names memory this translation handles. */
static void
check_resource(struct tgsi_to_ir *t, const struct tgsi_reg *r)
{
   switch (r->file) {
   case TGSI_REGFILE_BUFFER:
   case TGSI_REGFILE_IMAGE: return;
   case TGSI_REGFILE_MEMORY: {
      enum tgsi_memtype type = memory_type(t, r->index);
      if (type != TGSI_MEMTYPE_SHARED)
         t_unsupported(t, "%s memory: only SHARED memory is supported",
                       tgsi_name(&tgsi_memtype_names, type));
      if (t->s->stage != IR_STAGE_COMPUTE)
         t_error(t, "shared memory outside a compute shader");
      return;
   }
   case TGSI_REGFILE_HW_ATOMIC:
      t_unsupported(t, "HWATOMIC: hardware atomic counters are not "
                       "supported (Panfrost has none; atomic counters "
                       "must be lowered to BUFFER)");
   default:
      t_error(t, "%s is not a memory resource",
              tgsi_name(&tgsi_file_names, r->file));
   }
}

/* ---------------------------------------------------------------------
 * Linear addresses (buffers and shared memory)
 */

struct mem_addr {
   struct ir_ref base; /* 64-bit */
   int32_t imm;        /* added by the instruction */
};

/* How far back add_offset looks for the same address (CSE leaves
 * Valhall instructions alone). */
#define ADDRESS_REUSE_WINDOW 32

/* The 64-bit base + the 32-bit unsigned offset, in registers: an earlier
 * SHADDX of the current block when one computed it. */
static struct ir_ref
add_offset(struct tgsi_to_ir *t, struct ir_ref base, struct ir_ref offset)
{
   struct ir_instr *prev = t->b.before ? t->b.before->prev : t->b.block->last;
   for (unsigned n = 0; prev && n < ADDRESS_REUSE_WINDOW;
        prev = prev->prev, n++) {
      if (prev->op == IR_OP_VA && prev->va_op == VA_OP_SHADDX_U64 &&
          ir_ref_equal(prev->src[0], base) &&
          ir_ref_equal(prev->src[1], offset) &&
          prev->va->imm[VA_IMM_SHIFT] == 0)
         return prev->dst;
   }
   struct ir_ref srcs[2] = {base, offset};
   struct ir_instr *I = t_va(&t->b, VA_OP_SHADDX_U64, 2, srcs, 0);
   ir_instr_def(t->s, I, 64, 2);
   I->va->imm[VA_IMM_SHIFT] = 0;
   return I->dst;
}

/* base + offset + extra: base itself and the sum in the instruction's
 * signed 16-bit immediate when the offset is a constant that fits, else
 * a SHADDX and `extra` in the immediate. */
static struct mem_addr
linear_address(struct tgsi_to_ir *t, struct ir_ref base, struct ir_ref offset,
               uint32_t extra)
{
   const uint32_t max_imm = MAX_IMM_OFFSET;
   uint32_t c;
   if (ir_ref_const_bits(offset, &c) && c <= max_imm &&
       extra <= max_imm - c)
      return (struct mem_addr){base, (int32_t)(c + extra)};
   if (extra > max_imm) {
      offset = ir_alu2(&t->b, IR_OP_IADD, offset, ir_imm(extra));
      extra = 0;
   }
   return (struct mem_addr){add_offset(t, base, offset), (int32_t)extra};
}

/* Shared memory has no size in TGSI: record what constant addresses
 * need, a lower bound the driver raises to the state's size. */
static void
note_shared_extent(struct tgsi_to_ir *t, const struct tgsi_reg *r,
                   struct ir_ref offset, uint32_t end)
{
   uint32_t c;
   if (r->file != TGSI_REGFILE_MEMORY || !ir_ref_const_bits(offset, &c))
      return;
   if (c + end > t->layout->shared_bytes && c + end >= c)
      t->layout->shared_bytes = c + end;
}

static const enum va_op load_ops[] = {
   VA_OP_LOAD_I32, VA_OP_LOAD_I64, VA_OP_LOAD_I96, VA_OP_LOAD_I128,
};

static const enum va_op store_ops[] = {
   VA_OP_STORE_I32, VA_OP_STORE_I64, VA_OP_STORE_I96, VA_OP_STORE_I128,
};

/* `n` words at `a`. */
static struct ir_ref
load_words(struct tgsi_to_ir *t, struct mem_addr a, unsigned n)
{
   struct ir_instr *I = t_va(&t->b, load_ops[n - 1], 1, &a.base, n);
   va_set_mod(I->va, VA_MOD_UNSIGNED, 1);
   I->va->imm[VA_IMM_OFFSET] = a.imm;
   return I->dst;
}

static void
store_words(struct tgsi_to_ir *t, struct mem_addr a, const struct ir_ref *v,
            unsigned n)
{
   /* A vector of its own: v[0] may be a part of a bigger value. */
   struct ir_ref srcs[2] = {a.base, ir_collect(&t->b, 32, n, v)};
   struct ir_instr *I = t_va(&t->b, store_ops[n - 1], 2, srcs, 0);
   I->va->imm[VA_IMM_OFFSET] = a.imm;
   t->layout->writes_memory = true;
}

/* ---------------------------------------------------------------------
 * LOAD, STORE, RESQ
 */

/* The memory word each written channel of destination 0 reads (through
 * the resource swizzle of source 0); returns how many words there are
 * from the lowest one (*first) to the highest (0 if none is written). */
static unsigned
load_words_needed(struct tgsi_to_ir *t, unsigned word[4], unsigned *first)
{
   const struct tgsi_src *res = &t->insn->src[0];
   unsigned mask = t_writemask(t, 0), lo = 3, hi = 0;
   for (unsigned c = 0; c < 4; c++) {
      word[c] = res->swizzle[c] & 3;
      if (!(mask & (1u << c)))
         continue;
      lo = word[c] < lo ? word[c] : lo;
      hi = word[c] > hi ? word[c] : hi;
   }
   *first = lo <= hi ? lo : 0;
   return lo <= hi ? hi - lo + 1 : 0;
}

void
t_mem_load(struct tgsi_to_ir *t)
{
   const struct tgsi_reg *r = &t->insn->src[0].reg;
   check_resource(t, r);
   unsigned word[4], first;
   unsigned n = load_words_needed(t, word, &first);
   if (!n)
      return;
   struct ir_ref v;
   if (r->file == TGSI_REGFILE_IMAGE) {
      v = t_image_load(t, r, 1, first + n);
      first = 0;
   } else {
      struct ir_ref off = t_src(t, 1, 0);
      struct mem_addr a =
         linear_address(t, linear_base(t, r), off, 4 * first);
      note_shared_extent(t, r, off, 4 * (first + n));
      v = load_words(t, a, n);
   }
   for (unsigned c = 0; c < 4; c++) {
      if (t_writemask(t, 0) & (1u << c))
         t_dst(t, 0, c, ir_comp(v, word[c] - first));
   }
}

void
t_mem_store(struct tgsi_to_ir *t)
{
   const struct tgsi_reg *r = &t->insn->dst[0].reg;
   check_resource(t, r);
   if (r->file == TGSI_REGFILE_IMAGE) {
      t_image_store(t, r);
      return;
   }
   unsigned mask = t_writemask(t, 0);
   struct ir_ref off = t_src(t, 0, 0);
   struct ir_ref base = linear_base(t, r);
   for (unsigned c = 0; c < 4;) {
      if (!(mask & (1u << c))) {
         c++;
         continue;
      }
      struct ir_ref v[4];
      unsigned n = 0;
      while (c + n < 4 && (mask & (1u << (c + n)))) {
         v[n] = t_src(t, 1, c + n);
         n++;
      }
      struct mem_addr a = linear_address(t, base, off, 4 * c);
      note_shared_extent(t, r, off, 4 * (c + n));
      store_words(t, a, v, n);
      c += n;
   }
}

/* RESQ: a buffer's size in bytes (.x); an image's width, height,
 * depth or layers, and samples (.xyzw). */
void
t_mem_resq(struct tgsi_to_ir *t)
{
   const struct tgsi_reg *r = &t->insn->src[0].reg;
   check_resource(t, r);
   if (r->file == TGSI_REGFILE_MEMORY)
      t_error(t, "RESQ of shared memory");
   bool image = r->file == TGSI_REGFILE_IMAGE;
   for (unsigned c = 0; c < 4; c++) {
      if (!(t_writemask(t, 0) & (1u << c)))
         continue;
      struct ir_ref v = ir_imm(0);
      if (image)
         v = resource_sysval(t, r, t->layout->image_count,
                             IR_SYSVAL_IMAGE_SIZE, c, false);
      else if (c == 0)
         v = resource_sysval(t, r, t->layout->buffer_count,
                             IR_SYSVAL_BUFFER, 2, false);
      t_dst(t, 0, c, v);
   }
}

/* ---------------------------------------------------------------------
 * Atomics
 */

enum atom_loop {
   ATOM_LOOP_NONE,
   ATOM_LOOP_FADD,
   ATOM_LOOP_INC_WRAP,
   ATOM_LOOP_DEC_WRAP,
};

struct atom_row {
   bool valid;
   bool cas;        /* compare-and-swap: sources (offset, compare, new) */
   int8_t opc;      /* enum va_atomic_operation, -1: a loop */
   int8_t with_one; /* enum va_atomic_operation_with_1 when src is 1 */
   int8_t with_m1;  /* ... when src is -1 */
   uint8_t loop;    /* enum atom_loop */
};

#define ATOM(o, one, m1) {true, false, VA_ATOMIC_OPERATION_##o, one, m1, 0}
#define ONE(o) VA_ATOMIC_OPERATION_WITH_1_##o
#define LOOP(k) {true, false, -1, -1, -1, ATOM_LOOP_##k}

static const struct atom_row atom_rows[TGSI_OP_COUNT] = {
   [TGSI_OP_ATOMUADD] = ATOM(AADD, ONE(AINC), ONE(ADEC)),
   [TGSI_OP_ATOMXCHG] = ATOM(AXCHG, -1, -1),
   [TGSI_OP_ATOMCAS] = {true, true, VA_ATOMIC_OPERATION_AXCHG, -1, -1, 0},
   [TGSI_OP_ATOMAND] = ATOM(AAND, -1, -1),
   [TGSI_OP_ATOMOR] = ATOM(AOR, ONE(AOR1), -1),
   [TGSI_OP_ATOMXOR] = ATOM(AXOR, -1, -1),
   [TGSI_OP_ATOMUMIN] = ATOM(AUMIN, -1, -1),
   [TGSI_OP_ATOMUMAX] = ATOM(AUMAX, ONE(AUMAX1), -1),
   [TGSI_OP_ATOMIMIN] = ATOM(ASMIN, -1, -1),
   [TGSI_OP_ATOMIMAX] = ATOM(ASMAX, ONE(ASMAX1), -1),
   [TGSI_OP_ATOMFADD] = LOOP(FADD),
   [TGSI_OP_ATOMINC_WRAP] = LOOP(INC_WRAP),
   [TGSI_OP_ATOMDEC_WRAP] = LOOP(DEC_WRAP),
};

#undef ATOM
#undef ONE
#undef LOOP

/* ATOM_RETURN.i32 `opc` at `addr` with data (a vector for .compare). */
static struct ir_ref
atom_return(struct tgsi_to_ir *t, struct ir_ref addr, int opc,
            struct ir_ref data, bool compare)
{
   /* The data is a staging register: never a channel of a wider value
    * (a texture's result, say), whose whole width the allocator would
    * stage; such a channel becomes a vector of its own. */
   if (!compare && data.kind == IR_REF_VALUE &&
       (data.comp || data.swizzle || data.mods ||
        ir_value(t->s, data.index)->nregs != 1))
      data = ir_collect(&t->b, 32, 1, &data);
   struct ir_ref srcs[2] = {addr, data};
   struct ir_instr *I = t_va(&t->b, VA_OP_ATOM_RETURN_I32, 2, srcs, 1);
   va_set_mod(I->va, VA_MOD_ATOM_OPC, opc);
   if (compare)
      va_set_mod(I->va, VA_MOD_COMPARE, 1);
   I->va->imm[VA_IMM_OFFSET] = 0;
   return I->dst;
}

static struct ir_ref
atom1_return(struct tgsi_to_ir *t, struct ir_ref addr, int opc)
{
   struct ir_instr *I = t_va(&t->b, VA_OP_ATOM1_RETURN_I32, 1, &addr, 1);
   va_set_mod(I->va, VA_MOD_ATOM_OPC_1, opc);
   I->va->imm[VA_IMM_OFFSET] = 0;
   return I->dst;
}

/* Memory becomes `desired` where it still holds `expected`; returns what
 * it held. */
static struct ir_ref
compare_swap(struct tgsi_to_ir *t, struct ir_ref addr, struct ir_ref expected,
             struct ir_ref desired)
{
   struct ir_ref data[2] = {desired, expected};
   return atom_return(t, addr, VA_ATOMIC_OPERATION_AXCHG,
                      ir_collect(&t->b, 32, 2, data), true);
}

/* The value a loop atomic stores in place of `old`. */
static struct ir_ref
loop_update(struct tgsi_to_ir *t, enum atom_loop kind, struct ir_ref old,
            struct ir_ref v)
{
   struct ir_builder *b = &t->b;
   switch (kind) {
   case ATOM_LOOP_FADD: return ir_alu2(b, IR_OP_FADD, old, v);
   case ATOM_LOOP_INC_WRAP: {
      struct ir_ref inc = ir_alu2(b, IR_OP_IADD, old, ir_imm(1));
      return ir_csel(b, IR_CMP_U, IR_COND_LT, inc, v, inc, ir_imm(0));
   }
   default: {
      struct ir_ref dec = ir_alu2(b, IR_OP_ISUB, old, ir_imm(1));
      struct ir_ref in = ir_csel(b, IR_CMP_U, IR_COND_LT, old, v, dec,
                                 ir_imm(0));
      return ir_csel(b, IR_CMP_U, IR_COND_EQ, old, ir_imm(0), ir_imm(0),
                     in);
   }
   }
}

static struct ir_block *
new_block(struct tgsi_to_ir *t)
{
   struct ir_block *b = ir_block_create(t->s);
   ir_block_append(t->s, b);
   return b;
}

/* A compare-and-swap loop:
 *
 *      old0 = LOAD.i32 addr
 *   header:
 *      old = phi(old0, prev)
 *      prev = ATOM_RETURN.i32.axchg.compare addr, (update(old), old)
 *      branch prev == old ? exit : latch
 *   latch:  jump header
 *   exit:   (translation continues here; the result is prev)
 */
static struct ir_ref
atom_loop(struct tgsi_to_ir *t, enum atom_loop kind, struct ir_ref addr,
          struct ir_ref v)
{
   struct ir_shader *s = t->s;
   struct ir_ref old0 = load_words(t, (struct mem_addr){addr, 0}, 1);
   struct ir_block *from = t->b.block;
   ir_jump(&t->b);
   struct ir_block *header = new_block(t);
   header->loop_header = true;
   ir_block_link(s, from, 0, header);
   t->b = ir_builder_at_end(s, header);

   struct ir_instr *phi = ir_instr_create(s, IR_OP_PHI, 1);
   phi->src[0] = old0;
   ir_instr_def(s, phi, 32, 1);
   ir_instr_append(header, phi);
   struct ir_ref desired = loop_update(t, kind, phi->dst, v);
   struct ir_ref prev = compare_swap(t, addr, phi->dst, desired);
   ir_branch(&t->b, ir_icmp(&t->b, IR_CMP_U, IR_COND_EQ, prev, phi->dst));

   struct ir_block *latch = new_block(t);
   struct ir_block *exit = new_block(t);
   ir_block_link(s, header, 0, exit);
   ir_block_link(s, header, 1, latch);
   t->b = ir_builder_at_end(s, latch);
   ir_jump(&t->b);
   ir_block_link(s, latch, 0, header);
   ir_instr_set_nsrc(s, phi, 2);
   phi->src[1] = prev;
   t->b = ir_builder_at_end(s, exit);
   return prev;
}

/* The 64-bit address an atomic works on. */
static struct ir_ref
atom_address(struct tgsi_to_ir *t, const struct tgsi_reg *r)
{
   if (r->file == TGSI_REGFILE_IMAGE) {
      struct ir_ref desc;
      return t_image_texel(t, r, 1, &desc);
   }
   /* Always in registers: atomics cannot take the shared-memory base
    * from its FAU slot (the ISA's notes on SEG_ADD). */
   struct ir_ref off = t_src(t, 1, 0);
   note_shared_extent(t, r, off, 4);
   return add_offset(t, linear_base(t, r), off);
}

static void
mem_atomic(struct tgsi_to_ir *t, const struct atom_row *row)
{
   const struct tgsi_reg *r = &t->insn->src[0].reg;
   check_resource(t, r);
   struct ir_ref addr = atom_address(t, r);
   struct ir_ref v = t_src(t, 2, 0), result;
   uint32_t c;
   bool is_const = ir_ref_const_bits(v, &c);
   if (row->cas)
      result = compare_swap(t, addr, v, t_src(t, 3, 0));
   else if (row->loop)
      result = atom_loop(t, (enum atom_loop)row->loop, addr, v);
   else if (is_const && c == 1 && row->with_one >= 0)
      result = atom1_return(t, addr, row->with_one);
   else if (is_const && c == UINT32_MAX && row->with_m1 >= 0)
      result = atom1_return(t, addr, row->with_m1);
   else
      result = atom_return(t, addr, row->opc, v, false);
   t->layout->writes_memory = true;
   /* tgsi.rst: ATOMINC_WRAP returns the incremented value. */
   if (row->loop == ATOM_LOOP_INC_WRAP)
      result = ir_alu2(&t->b, IR_OP_IADD, result, ir_imm(1));
   /* Every written channel gets the old value (INC_WRAP: old + 1). */
   for (unsigned ch = 0; ch < 4; ch++) {
      if (t_writemask(t, 0) & (1u << ch))
         t_dst(t, 0, ch, result);
   }
}

/* ---------------------------------------------------------------------
 * Dispatch
 */

bool
t_mem_atomic_has_row(enum tgsi_op op)
{
   return (unsigned)op < TGSI_OP_COUNT && atom_rows[op].valid;
}

void
t_mem_atomic(struct tgsi_to_ir *t)
{
   mem_atomic(t, &atom_rows[t->insn->opcode]);
}
