/* SPDX-License-Identifier: MIT */
/*
 * Memory opcodes of the interpreter: LOAD, STORE, the atomics and RESQ on
 * BUFFER, IMAGE and shared MEMORY (spec "Resource Access Opcodes",
 * "Atomic opcodes").
 *
 * 1. BUFFER and MEMORY addresses are byte offsets (src.x); channel c of a
 *    LOAD or STORE is the word at offset + 4c.  IMAGE addresses are
 *    texel coordinates (x, y, then the 1-D array index in y, the 2-D
 *    array index or cube face + 6 * layer in z), converted through the
 *    image format (sim_format_*); RAW images are addressed in bytes like
 *    buffers.  The format is the bound view's (the declaration's may be
 *    NONE).  Normalized channels read within an ulp (n / max or n * (1 /
 *    max)); a store rounding from exactly halfway is undefined.  An
 *    access outside the resource or a misaligned one is undefined
 *    (inconclusive run).
 * 2. Lanes act in lane order.  Helper (demoted) and killed lanes write
 *    nothing.  Words several lanes store to in one instruction, and
 *    words several lanes hit with an atomic whose result depends on the
 *    order (XCHG, CAS, FADD, INC_WRAP, DEC_WRAP), are undefined; so are
 *    the values such atomics return to those lanes.  A lane on an
 *    uncertain path that writes memory makes all memory uncertain.
 *    Invocations' memory accesses are unordered (GL): a word another
 *    lane wrote at an earlier instruction since the last BARRIER is
 *    undefined once written again, unless every write is the same
 *    order-free atomic (a lane running ahead, as in a compiler's
 *    compare-and-swap loop, may write after lanes still behind).
 * 3. Every word a shader writes keeps its err, kind and writer in an
 *    annotation, so that loads carry them back and the harness compares
 *    memory the way it compares outputs.
 * 4. ATOMINC_WRAP and ATOMDEC_WRAP follow the spec's formulas literally:
 *    INC_WRAP returns the old value + 1 and stores it unless it reaches
 *    src (then 0); DEC_WRAP returns the old value and stores old - 1
 *    when 0 < old < src, else 0.
 */
#include "tgsi_interp_priv.h"

/* A resolved address: the region, the byte offset of channel 0, and for
 * images the texel format (0 for word access). */
struct access {
   struct sim_region *region;
   unsigned region_index;
   int64_t offset;
   uint32_t format;
   bool uncertain;
};

static struct tgsi_interp_annot *
annotations(struct interp *ip, const struct access *a)
{
   struct tgsi_interp_annot **slot = &ip->mem_annot[a->region_index];
   if (!*slot) {
      uint32_t words = a->region->size / 4 + 1;
      *slot = ARENA_ARRAY(ip->arena, struct tgsi_interp_annot, words);
      for (uint32_t i = 0; i < words; i++)
         (*slot)[i].insn = -1;
   }
   return *slot;
}

static uint32_t
read_word(const struct access *a, int64_t offset)
{
   uint32_t w;
   memcpy(&w, a->region->bytes + offset, 4);
   return w;
}

static void
write_word(const struct access *a, int64_t offset, uint32_t w)
{
   memcpy(a->region->bytes + offset, &w, 4);
}

static bool
region_of(struct interp *ip, enum sim_region_kind kind, uint32_t index,
          struct access *a)
{
   struct sim_memory *m = &ip->env->memory;
   a->region = sim_memory_region(m, kind, index);
   if (!a->region)
      return interp_fail(ip, TGSI_INTERP_INVALID,
                         "the resource has no memory bound");
   a->region_index = (unsigned)(a->region - m->regions);
   return true;
}

/* How many address channels an image access reads. */
static unsigned
image_coords(const struct tgsi_decl *d)
{
   if (d->raw)
      return 1;
   switch (d->target) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D: return 1;
   case TGSI_TEX_1D_ARRAY:
   case TGSI_TEX_2D:
   case TGSI_TEX_RECT:
   case TGSI_TEX_2D_MSAA: return 2;
   default: return 3;
   }
}

/* The image texel (x, y, z) an address names, by target. */
static void
image_texel(enum tgsi_tex_target t, const uint32_t *addr, int32_t xyz[3])
{
   xyz[0] = (int32_t)addr[0];
   xyz[1] = xyz[2] = 0;
   switch (t) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D: break;
   case TGSI_TEX_1D_ARRAY: xyz[2] = (int32_t)addr[1]; break;
   case TGSI_TEX_2D:
   case TGSI_TEX_RECT:
   case TGSI_TEX_2D_MSAA: xyz[1] = (int32_t)addr[1]; break;
   default:
      xyz[1] = (int32_t)addr[1];
      xyz[2] = (int32_t)addr[2];
      break;
   }
}

static bool
resolve_image(struct interp *ip, uint32_t index, const struct interp_vec *ad,
              struct access *a)
{
   const struct tgsi_decl *d = ip->image_decl[index];
   uint32_t format = ip->env->image_format[index]; /* the bound view's */
   enum tgsi_tex_target target = d->target;
   if (!region_of(ip, SIM_REGION_IMAGE, index, a))
      return false;
   if (d->raw) {
      a->offset = (int64_t)ad->v[0];
      return true;
   }
   if (!sim_format_bytes(format))
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "image format %s is not modelled",
                         tgsi_name(&tgsi_format_names, format));
   int32_t xyz[3];
   image_texel(target, ad->v, xyz);
   a->format = format;
   a->offset = sim_env_image_offset(ip->env, index, xyz[0], xyz[1], xyz[2]);
   if (a->offset < 0)
      a->offset = -1; /* reported by the range check */
   return true;
}

/* Region and offset of the resource operand `res` for one lane. */
static bool
resolve(struct interp *ip, const struct tgsi_src *res,
        const struct interp_vec *addr, unsigned lane, struct access *a)
{
   bool uncertain = false;
   int32_t index;
   memset(a, 0, sizeof(*a));
   if (!interp_resolve_index(ip, &res->reg, lane, &index, &uncertain))
      return false;
   a->uncertain = uncertain || addr->err[0] != 0;
   if (a->uncertain)
      ip->address_uncertain |= 1u << lane;
   switch (res->reg.file) {
   case TGSI_REGFILE_BUFFER:
      if (index < 0 || index >= SIM_MAX_BUFFERS ||
          !ip->declared_buffer[index]) {
         interp_ub(ip, TGSI_INTERP_UB_UNDECLARED, "BUFFER[%d]", index);
         return false;
      }
      a->offset = (int64_t)addr->v[0];
      return region_of(ip, SIM_REGION_BUFFER, (uint32_t)index, a);
   case TGSI_REGFILE_IMAGE:
      if (index < 0 || index >= SIM_MAX_IMAGES ||
          !ip->declared_image[index]) {
         interp_ub(ip, TGSI_INTERP_UB_UNDECLARED, "IMAGE[%d]", index);
         return false;
      }
      for (unsigned c = 1; c < image_coords(ip->image_decl[index]); c++)
         a->uncertain |= addr->err[c] != 0;
      if (a->uncertain)
         ip->address_uncertain |= 1u << lane;
      return resolve_image(ip, (uint32_t)index, addr, a);
   case TGSI_REGFILE_MEMORY:
      if (!ip->declared_shared)
         return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                            "MEMORY other than SHARED is not modelled");
      a->offset = (int64_t)addr->v[0];
      return region_of(ip, SIM_REGION_SHARED, 0, a);
   default:
      return interp_fail(ip, TGSI_INTERP_UNSUPPORTED,
                         "memory access to %s",
                         tgsi_name(&tgsi_file_names, res->reg.file));
   }
}

/* Is [offset, offset + bytes) inside the region and aligned? */
static bool
in_range(struct interp *ip, const struct access *a, int64_t offset,
         uint32_t bytes)
{
   if (offset < 0 || offset % 4 != 0 ||
       (uint64_t)offset + bytes > a->region->size) {
      interp_ub(ip, TGSI_INTERP_UB_MEMORY,
                "access to byte %lld of a %u-byte resource",
                (long long)offset, a->region->size);
      return false;
   }
   return true;
}

static uint32_t
texel_bytes(const struct access *a)
{
   return a->format ? sim_format_bytes(a->format) : 16;
}

/* ---------------------------------------------------------------------
 * LOAD and STORE
 */

static void
load_lane(struct interp *ip, const struct access *a, uint8_t mask,
          struct interp_vec *out)
{
   struct tgsi_interp_annot *an = ip->mem_annot[a->region_index];
   struct sim_vec4 texel = {{0, 0, 0, 0}};
   if (a->format)
      texel = sim_format_unpack(a->format, a->region->bytes + a->offset);
   for (unsigned c = 0; c < 4; c++) {
      int64_t off = a->offset + 4 * c;
      bool word = !a->format && ((mask >> c) & 1);
      out->v[c] = a->format ? texel.w[c] : word ? read_word(a, off) : 0;
      out->err[c] = a->format || word ? 0 : INFINITY;
      out->kind[c] = TGSI_INTERP_WORD_BITS;
      out->res[c] = 0;
      if (word && an) {
         out->err[c] = an[off / 4].err;
         out->kind[c] = an[off / 4].kind;
         out->pair[c] = an[off / 4].pair;
      }
      if (a->format && an) {
         for (uint32_t b = 0; b < texel_bytes(a); b += 4)
            out->err[c] = fmax(out->err[c], an[(a->offset + b) / 4].err);
      }
      if (a->format && sim_format_normalized(a->format)) {
         /* n / max may be computed as n * (1 / max). */
         out->err[c] += interp_ulp32(bits_to_float(out->v[c]));
         out->kind[c] = TGSI_INTERP_WORD_F32;
      }
      if (a->uncertain || ip->memory_uncertain)
         out->err[c] = INFINITY;
   }
}

static uint8_t
highest_channel(uint8_t mask)
{
   return mask ? (uint8_t)(31 - __builtin_clz(mask)) : 0;
}

static void
op_load(struct interp *ip)
{
   const struct tgsi_insn *insn = ip->insn;
   struct interp_vec addr[SIM_LANES], out[SIM_LANES];
   uint8_t mask = 0;
   /* The words the destination wants through the resource swizzle. */
   for (unsigned c = 0; c < 4; c++) {
      if ((insn->dst[0].writemask >> c) & 1)
         mask |= (uint8_t)(1u << (insn->src[0].swizzle[c] & 3));
   }
   if (!interp_fetch_src(ip, 1, ip->exec, addr))
      return;
   interp_foreach_lane(l, ip->exec) {
      struct access a;
      interp_vec_undefined(&out[l]);
      if (!resolve(ip, &insn->src[0], &addr[l], l, &a))
         continue;
      uint32_t bytes = a.format ? texel_bytes(&a)
                                : 4u * (highest_channel(mask) + 1u);
      if (!in_range(ip, &a, a.offset, bytes))
         continue;
      struct interp_vec raw;
      load_lane(ip, &a, mask, &raw);
      for (unsigned c = 0; c < 4; c++) {
         unsigned k = insn->src[0].swizzle[c] & 3;
         out[l].v[c] = raw.v[k];
         out[l].err[c] = raw.err[k];
         out[l].kind[c] = raw.kind[k];
         out[l].pair[c] = raw.pair[k];
      }
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

/* Lanes that may write memory now: running, not helpers; a lane on an
 * uncertain path makes all memory uncertain. */
static uint32_t
writers(struct interp *ip)
{
   uint32_t lanes = ip->exec & ~ip->helper;
   if (lanes & ip->path_uncertain)
      ip->memory_uncertain = true;
   return lanes;
}

/* Rule 2's unordered writes: records lane `lane` writing the word at
 * `off` and says whether the result has no defined order. */
static bool
unordered_write(struct interp *ip, const struct access *a, int64_t off,
                unsigned lane, bool order_free)
{
   struct interp_word_writers **slot = &ip->mem_writers[a->region_index];
   if (!*slot)
      *slot = ARENA_ARRAY(ip->arena, struct interp_word_writers,
                          a->region->size / 4 + 1);
   struct interp_word_writers *w = &(*slot)[off / 4];
   uint16_t op = order_free ? (uint16_t)ip->insn->opcode
                            : (uint16_t)TGSI_OP_COUNT;
   uint64_t step = ip->res->steps;
   if (w->epoch != ip->barriers + 1) {
      *w = (struct interp_word_writers){.epoch = ip->barriers + 1,
                                        .step = step,
                                        .op = op};
   }
   if (w->step != step) {
      w->earlier |= w->now;
      w->now = 0;
      w->step = step;
   }
   if (w->op != op)
      w->op = TGSI_OP_COUNT;
   bool race = (w->earlier & ~(1u << lane)) && w->op == TGSI_OP_COUNT;
   w->now |= 1u << lane;
   return race;
}

static void
annotate_word(struct interp *ip, const struct access *a, int64_t off,
              double err, uint8_t kind, uint32_t pair)
{
   struct tgsi_interp_annot *an = &annotations(ip, a)[off / 4];
   an->err = a->uncertain ? INFINITY : err;
   an->kind = kind;
   an->pair = pair;
   an->insn = (int32_t)ip->insn->number;
}

/* Words written by an earlier lane of the same instruction. */
struct written_word {
   unsigned region;
   int64_t offset;
   uint32_t value;
};

struct written {
   unsigned count;
   struct written_word w[SIM_LANES * 16];
};

static bool
conflicts(struct written *wr, const struct access *a, int64_t off,
          uint32_t value)
{
   bool clash = false;
   for (unsigned i = 0; i < wr->count; i++) {
      if (wr->w[i].region == a->region_index && wr->w[i].offset == off)
         clash |= wr->w[i].value != value;
   }
   if (wr->count < sizeof(wr->w) / sizeof(wr->w[0]))
      wr->w[wr->count++] = (struct written_word){a->region_index, off,
                                                 value};
   return clash;
}

static void
store_lane(struct interp *ip, const struct access *a, uint8_t mask,
           const struct interp_vec *v, struct written *wr,
           unsigned lane)
{
   if (a->format && !sim_format_words_kept(a->format)) {
      sim_format_pack(a->format, (struct sim_vec4){{v->v[0], v->v[1],
                                                    v->v[2], v->v[3]}},
                      a->region->bytes + a->offset);
      /* A changed input or a conversion from halfway between two
       * encodings makes the texel's bytes undefined. */
      struct sim_vec4 x = {{v->v[0], v->v[1], v->v[2], v->v[3]}};
      double e = sim_format_pack_exact(a->format, x) ? 0 : INFINITY;
      for (unsigned c = 0; c < 4; c++)
         e = fmax(e, v->err[c] != 0 ? INFINITY : 0);
      for (uint32_t b = 0; b < texel_bytes(a); b += 4) {
         bool clash = conflicts(wr, a, a->offset + b,
                                read_word(a, a->offset + b));
         clash |= unordered_write(ip, a, a->offset + b, lane, false);
         annotate_word(ip, a, a->offset + b, clash ? INFINITY : e,
                       TGSI_INTERP_WORD_BITS, 0);
      }
      return;
   }
   /* A format of 32-bit channels stores the shader's words as they are
    * (the whole texel): each keeps its own error and kind, so that a
    * float NaN agrees with any NaN as it does in a register. */
   if (a->format)
      mask = (uint8_t)((1u << (texel_bytes(a) / 4)) - 1);
   for (unsigned c = 0; c < 4; c++) {
      if (!((mask >> c) & 1))
         continue;
      int64_t off = a->offset + 4 * c;
      bool clash = conflicts(wr, a, off, v->v[c]);
      clash |= unordered_write(ip, a, off, lane, false);
      write_word(a, off, v->v[c]);
      annotate_word(ip, a, off, clash ? INFINITY : v->err[c], v->kind[c],
                    v->pair[c]);
   }
}

static void
op_store(struct interp *ip)
{
   const struct tgsi_insn *insn = ip->insn;
   struct interp_vec addr[SIM_LANES], val[SIM_LANES];
   uint8_t mask = insn->dst[0].writemask;
   struct tgsi_src res;
   memset(&res, 0, sizeof(res));
   res.reg = insn->dst[0].reg;
   if (!interp_fetch_src(ip, 0, ip->exec, addr) ||
       !interp_fetch_src(ip, 1, ip->exec, val))
      return;
   struct written *wr = ARENA_NEW(ip->arena, struct written);
   interp_foreach_lane(l, writers(ip)) {
      struct access a;
      if (!resolve(ip, &res, &addr[l], l, &a))
         continue;
      uint32_t bytes = a.format ? texel_bytes(&a)
                                : 4u * (highest_channel(mask) + 1u);
      if (a.uncertain)
         ip->memory_uncertain = true;
      if (in_range(ip, &a, a.offset, bytes))
         store_lane(ip, &a, mask, &val[l], wr, l);
   }
}

/* ---------------------------------------------------------------------
 * Atomics
 */

typedef uint32_t (*atomic_fn)(uint32_t old, uint32_t src, uint32_t cmp,
                              uint32_t *ret);

static uint32_t
at_uadd(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o + s;
}

static uint32_t
at_xchg(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return s;
}

static uint32_t
at_cas(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   *r = o;
   return o == c ? s : o;
}

static uint32_t
at_and(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o & s;
}

static uint32_t
at_or(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o | s;
}

static uint32_t
at_xor(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o ^ s;
}

static uint32_t
at_umin(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o < s ? o : s;
}

static uint32_t
at_umax(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o > s ? o : s;
}

static uint32_t
at_imin(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return (int32_t)o < (int32_t)s ? o : s;
}

static uint32_t
at_imax(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return (int32_t)o > (int32_t)s ? o : s;
}

static uint32_t
at_fadd(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return float_to_bits(bits_to_float(o) + bits_to_float(s));
}

static uint32_t
at_inc_wrap(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o + 1;
   return o + 1 < s ? o + 1 : 0;
}

static uint32_t
at_dec_wrap(uint32_t o, uint32_t s, uint32_t c, uint32_t *r)
{
   (void)c, *r = o;
   return o > 0 && o < s ? o - 1 : 0;
}

struct atomic_row {
   atomic_fn fn;
   bool order_free; /* the final value does not depend on lane order */
};

static const struct atomic_row atomics[TGSI_OP_COUNT] = {
   [TGSI_OP_ATOMUADD] = {at_uadd, true},
   [TGSI_OP_ATOMXCHG] = {at_xchg, false},
   [TGSI_OP_ATOMCAS] = {at_cas, false},
   [TGSI_OP_ATOMAND] = {at_and, true},
   [TGSI_OP_ATOMOR] = {at_or, true},
   [TGSI_OP_ATOMXOR] = {at_xor, true},
   [TGSI_OP_ATOMUMIN] = {at_umin, true},
   [TGSI_OP_ATOMUMAX] = {at_umax, true},
   [TGSI_OP_ATOMIMIN] = {at_imin, true},
   [TGSI_OP_ATOMIMAX] = {at_imax, true},
   [TGSI_OP_ATOMFADD] = {at_fadd, false},
   [TGSI_OP_ATOMINC_WRAP] = {at_inc_wrap, false},
   [TGSI_OP_ATOMDEC_WRAP] = {at_dec_wrap, false},
};

/* How many running lanes hit the word lane l hits. */
static unsigned
sharers(const struct access *acc, const bool *ok, uint32_t lanes,
        unsigned l)
{
   unsigned n = 0;
   interp_foreach_lane(m, lanes) {
      n += ok[m] && acc[m].region == acc[l].region &&
           acc[m].offset == acc[l].offset;
   }
   return n;
}

static void
atomic_lane(struct interp *ip, const struct atomic_row *row,
            const struct access *a, bool shared, const struct interp_vec *s,
            const struct interp_vec *cmp, struct interp_vec *out,
            unsigned lane)
{
   bool unordered = unordered_write(ip, a, a->offset, lane, row->order_free);
   uint32_t old = read_word(a, a->offset), ret;
   uint32_t c = cmp ? cmp->v[0] : 0;
   uint32_t v = row->fn(old, s->v[0], c, &ret);
   write_word(a, a->offset, v);
   struct tgsi_interp_annot *an = &annotations(ip, a)[a->offset / 4];
   /* The old value returns as it was written; FADD writes a float, whose
    * NaNs may have any payload. */
   uint8_t old_kind = an->kind;
   uint32_t old_pair = an->pair;
   bool fadd = ip->insn->opcode == TGSI_OP_ATOMFADD;
   /* A float NaN in memory (an earlier FADD's) has no specified payload:
    * an atomic that takes its bits as an integer gets undefined bits. */
   bool nan_bits = !fadd && old_kind == TGSI_INTERP_WORD_F32 &&
                   isnan(bits_to_float(old));
   bool inexact = s->err[0] != 0 || (cmp && cmp->err[0] != 0) ||
                  an->err != 0 || a->uncertain || nan_bits || unordered;
   /* The old value goes to every channel the destination writes. */
   for (unsigned k = 0; k < 4; k++) {
      out->v[k] = ret;
      out->err[k] = shared || inexact || ip->memory_uncertain ? INFINITY : 0;
      out->kind[k] = old_kind;
      out->pair[k] = old_pair;
   }
   if (inexact || (shared && !row->order_free))
      an->err = INFINITY;
   an->insn = (int32_t)ip->insn->number;
   /* XCHG and CAS move their data's bits: a float stays a float (its
    * NaNs may have any payload). */
   bool moves = ip->insn->opcode == TGSI_OP_ATOMXCHG ||
                ip->insn->opcode == TGSI_OP_ATOMCAS;
   if (moves) {
      an->kind = v == old ? old_kind : s->kind[0];
      an->pair = v == old ? old_pair : s->pair[0];
   } else {
      an->kind = fadd ? TGSI_INTERP_WORD_F32 : TGSI_INTERP_WORD_BITS;
      an->pair = 0;
   }
}

static void
op_atomic(struct interp *ip)
{
   const struct tgsi_insn *insn = ip->insn;
   const struct atomic_row *row = &atomics[insn->opcode];
   bool cas = insn->opcode == TGSI_OP_ATOMCAS;
   struct interp_vec addr[SIM_LANES], src[SIM_LANES], cmp[SIM_LANES];
   struct interp_vec out[SIM_LANES];
   struct access acc[SIM_LANES];
   bool ok[SIM_LANES] = {false};
   if (!interp_fetch_src(ip, 1, ip->exec, addr) ||
       !interp_fetch_src(ip, 2, ip->exec, cas ? cmp : src) ||
       (cas && !interp_fetch_src(ip, 3, ip->exec, src)))
      return;
   uint32_t lanes = writers(ip);
   interp_foreach_lane(l, ip->exec) {
      interp_vec_undefined(&out[l]);
      if (!((lanes >> l) & 1) || !resolve(ip, &insn->src[0], &addr[l], l,
                                          &acc[l]))
         continue;
      if (acc[l].format && sim_format_bytes(acc[l].format) != 4)
         interp_fail(ip, TGSI_INTERP_INVALID,
                     "atomics need a 32-bit image format");
      ok[l] = in_range(ip, &acc[l], acc[l].offset, 4);
      if (acc[l].uncertain)
         ip->memory_uncertain = true;
   }
   interp_foreach_lane(l, lanes) {
      if (ok[l])
         atomic_lane(ip, row, &acc[l], sharers(acc, ok, lanes, l) > 1,
                     &src[l], cas ? &cmp[l] : NULL, &out[l], l);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

/* ---------------------------------------------------------------------
 * RESQ, barriers and what is not modelled
 */

static void
resq_image(struct interp *ip, uint32_t index, struct interp_vec *out)
{
   const struct sim_texture *t = &ip->env->images[index];
   enum tgsi_tex_target target = ip->image_decl[index]->target;
   uint32_t layers = t->depth;
   uint8_t defined = 0xf;
   switch (target) {
   case TGSI_TEX_BUFFER:
   case TGSI_TEX_1D: defined = 0x9; break;
   case TGSI_TEX_1D_ARRAY: defined = 0xb; break;
   case TGSI_TEX_2D:
   case TGSI_TEX_RECT:
   case TGSI_TEX_2D_MSAA:
   case TGSI_TEX_CUBE: defined = 0xb; break;
   case TGSI_TEX_CUBE_ARRAY: layers = t->depth / 6; break;
   default: break;
   }
   uint32_t v[4] = {t->width, t->height, layers, t->samples};
   if (target == TGSI_TEX_1D_ARRAY)
      v[1] = t->depth;
   for (unsigned c = 0; c < 4; c++) {
      out->v[c] = v[c];
      out->err[c] = (defined >> c) & 1 ? 0 : INFINITY;
   }
}

static void
op_resq(struct interp *ip)
{
   const struct tgsi_reg *reg = &ip->insn->src[0].reg;
   struct interp_vec out[SIM_LANES];
   interp_foreach_lane(l, ip->exec) {
      bool uncertain = false;
      int32_t index;
      interp_vec_undefined(&out[l]);
      if (!interp_resolve_index(ip, reg, l, &index, &uncertain) ||
          index < 0)
         continue;
      if (reg->file == TGSI_REGFILE_BUFFER && index < SIM_MAX_BUFFERS &&
          ip->declared_buffer[index]) {
         struct sim_region *r = sim_memory_region(
            &ip->env->memory, SIM_REGION_BUFFER, (uint32_t)index);
         out[l].v[0] = r ? r->size : 0;
         out[l].err[0] = 0;
      } else if (reg->file == TGSI_REGFILE_IMAGE && index < SIM_MAX_IMAGES &&
                 ip->declared_image[index]) {
         resq_image(ip, (uint32_t)index, &out[l]);
      } else {
         interp_ub(ip, TGSI_INTERP_UB_UNDECLARED, "RESQ of an undeclared "
                                                  "resource");
      }
      if (uncertain)
         interp_vec_undefined(&out[l]);
   }
   interp_store_dst(ip, 0, ip->exec, out);
}

static void
op_membar(struct interp *ip)
{
   /* One warp in lockstep: every access is already visible. */
   (void)ip;
}

static void
op_not_modelled(struct interp *ip)
{
   interp_fail(ip, TGSI_INTERP_UNSUPPORTED, "%s is not modelled",
               tgsi_op_info(ip->insn->opcode)->name);
}

interp_op_fn
interp_mem_op(unsigned opcode)
{
   if (opcode < TGSI_OP_COUNT && atomics[opcode].fn)
      return op_atomic;
   switch (opcode) {
   case TGSI_OP_LOAD: return op_load;
   case TGSI_OP_STORE: return op_store;
   case TGSI_OP_RESQ: return op_resq;
   case TGSI_OP_MEMBAR: return op_membar;
   case TGSI_OP_FBFETCH:
   case TGSI_OP_IMG2HND:
   case TGSI_OP_SAMP2HND: return op_not_modelled;
   default: return NULL;
   }
}
