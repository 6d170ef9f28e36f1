/* SPDX-License-Identifier: MIT */
/*
 * Message forms: varyings, attributes, uniform buffers, memory, atomics
 * and the fragment outputs.  Texturing and images are in sim_texture.c,
 * the IDVS records in sim_vertex.c.  Each form is one function in one
 * table; a form without a row is refused by name.
 *
 * 1. Results are written at once; the scoreboard (sim_hazard.c) makes
 *    sure nobody looks before the wait.  The staging count of the word
 *    must be the number of registers the access needs.
 * 2. Varyings: the byte index of LD_VAR_BUF(_IMM) names a byte of the
 *    fragment's varying record, whose inputs sit at layout->inputs' byte
 *    offsets with sim_env_varying's words (already interpolated: pixels
 *    are single-sampled, so centre, centroid and sample modes agree).
 *    The .explicit mode interpolates src_f32/src_f16 inputs at source
 *    0's position, two signed 8.8 halves from the pixel's top-left
 *    corner (x low; docs/abi.md), with sim_env_varying_at.
 *    src_f32/src_flat32 read 32-bit words,
 *    src_f16/src_flat16 16-bit halves converted from binary16.  A byte
 *    outside every input is a fault.  LD_VAR_SPECIAL index 0-3 gives
 *    point x, point y, fragment w, fragment z.
 * 3. Attributes are sim_env_attrib's (R32G32B32A32_FLOAT memory) of the
 *    lane whose vertex and instance ids the sources name; a pair that is
 *    no lane's is a fault.  Integer register formats are refused.
 * 4. LD_BUFFER reads uniform buffer (handle & 0xFFFFFF) of table 0, byte
 *    by byte from its words (the sysval buffer included).
 * 5. LOAD/STORE/ATOM use 64-bit addresses (+ the offset) into
 *    env->memory; a miss is a fault.  Narrow loads place their bytes as
 *    the lane field says (b0-b3, h0, h1 merge into the register; w0, d0
 *    extend to 32 or 64 bits), sign-extended unless .unsigned.  Lanes
 *    killed by DISCARD store nothing unless the access is `force`.
 *    Atomics run in lane order; ATOM_RETURN.compare (with axchg) stores
 *    the first staging word when memory equals the second.
 * 6. ATEST passes the coverage through (no alpha-to-coverage state);
 *    ZS_EMIT writes depth (f32) and/or stencil and passes coverage;
 *    BLEND writes render target N of blend_descriptor_N for lanes with
 *    coverage, then ends or skips `target` instructions (fixed-function
 *    blending: the blend-shader tail never runs).
 */
#include "sim_internal.h"

#include <string.h>

#include "sim_float.h"

static const uint8_t access_bytes[8] = {1, 2, 3, 4, 6, 8, 12, 16};
static const uint8_t lane_mods[8] = {
    VA_MOD_LOAD_LANE_8_BIT,  VA_MOD_LOAD_LANE_16_BIT,  VA_MOD_LOAD_LANE_24_BIT,
    VA_MOD_LOAD_LANE_32_BIT, VA_MOD_LOAD_LANE_48_BIT,  VA_MOD_LOAD_LANE_64_BIT,
    VA_MOD_LOAD_LANE_96_BIT, VA_MOD_LOAD_LANE_128_BIT,
};

static bool
need_staging(struct sim_warp *w, unsigned which, unsigned count)
{
   if (w->I->staging[which].count == count)
      return true;
   return sim_fail(w, SIM_ERROR_DECODE,
                   "%u staging registers where the access needs %u",
                   w->I->staging[which].count, count);
}

/* ---------------------------------------------------------------------
 * Register formats
 */

static bool
is_16bit(unsigned regfmt)
{
   return regfmt == VA_REGISTER_FORMAT_F16 ||
          regfmt == VA_REGISTER_FORMAT_S16 || regfmt == VA_REGISTER_FORMAT_U16;
}

unsigned
sim_regfmt_pack(unsigned regfmt, bool float_channels, const uint32_t *channels,
                unsigned n, uint32_t *words)
{
   if (!is_16bit(regfmt)) {
      memcpy(words, channels, n * 4);
      return n;
   }
   memset(words, 0, (n + 1) / 2 * 4);
   for (unsigned i = 0; i < n; i++) {
      uint32_t h;
      if (regfmt == VA_REGISTER_FORMAT_F16)
         h = sim_f64_to_f16(float_channels ? bits_to_float(channels[i])
                                           : (int32_t)channels[i],
                            VA_ROUND_MODE_RTE);
      else
         h = channels[i] & 0xFFFF;
      words[i / 2] |= h << (16 * (i & 1));
   }
   return (n + 1) / 2;
}

void
sim_regfmt_unpack(unsigned regfmt, bool float_channels, const uint32_t *words,
                  unsigned n, uint32_t *channels)
{
   (void)float_channels;
   for (unsigned i = 0; i < n; i++) {
      if (!is_16bit(regfmt)) {
         channels[i] = words[i];
         continue;
      }
      uint16_t h = (uint16_t)(words[i / 2] >> (16 * (i & 1)));
      if (regfmt == VA_REGISTER_FORMAT_F16)
         channels[i] = sim_f64_to_f32(sim_f16_to_f64(h), VA_ROUND_MODE_RTE);
      else if (regfmt == VA_REGISTER_FORMAT_S16)
         channels[i] = (uint32_t)(int32_t)(int16_t)h;
      else
         channels[i] = h;
   }
}

static unsigned
regfmt_of(const struct va_instr *I)
{
   int8_t m = I->mod[VA_MOD_REGFMT];
   return m == VA_MOD_UNSET ? VA_REGISTER_FORMAT_AUTO : (unsigned)m;
}

static unsigned
vecsize_of(const struct va_instr *I)
{
   int8_t m = I->mod[VA_MOD_VECSIZE];
   return m == VA_MOD_UNSET ? 1 : (unsigned)m + 1;
}

/* Writes n float channels to the staging vector in a register format. */
static bool
write_channels(struct sim_warp *w, unsigned lane, unsigned regfmt,
               const uint32_t *channels, unsigned n)
{
   uint32_t words[4];
   unsigned count = sim_regfmt_pack(regfmt, true, channels, n, words);
   if (!need_staging(w, 0, count))
      return false;
   for (unsigned i = 0; i < count; i++)
      sim_write_reg(w, lane, w->I->staging[0].reg + i, words[i]);
   return true;
}

/* ---------------------------------------------------------------------
 * Varyings and attributes
 */

/* Where a lane's varyings are read, in pixels from its centre. */
struct varying_pos {
   float dx, dy;
};

static bool
varying_byte(struct sim_warp *w, unsigned lane, struct varying_pos p,
             uint32_t at, uint8_t *b)
{
   const struct sim_layout *L = w->layout;
   for (unsigned i = 0; i < L->input_count && i < SIM_MAX_LAYOUT_VARYINGS;
        i++) {
      const struct sim_varying *v = &L->inputs[i];
      if (at < v->byte_offset || at - v->byte_offset >= 16)
         continue;
      uint32_t k = at - v->byte_offset;
      struct sim_vec4 x =
          sim_env_varying_at(w->env, v->semantic, v->index, lane, p.dx, p.dy);
      *b = (uint8_t)(x.w[k / 4] >> (8 * (k % 4)));
      return true;
   }
   return sim_fail(w, SIM_ERROR_FAULT,
                   "varying byte 0x%x is in no input of the layout", at);
}

static bool
varying_bits(struct sim_warp *w, unsigned lane, struct varying_pos p,
             uint32_t at, unsigned n, uint32_t *v)
{
   *v = 0;
   for (unsigned i = 0; i < n; i++) {
      uint8_t b = 0;
      if (!varying_byte(w, lane, p, at + i, &b))
         return false;
      *v |= (uint32_t)b << (8 * i);
   }
   return true;
}

/* The lane's position: the centre unless the mode is .explicit and the
 * input is interpolated. */
static struct varying_pos
varying_position(const struct sim_warp *w, unsigned lane, unsigned fmt)
{
   struct varying_pos p = {0.0f, 0.0f};
   bool flat = fmt == VA_SOURCE_FORMAT_SRC_FLAT32 ||
               fmt == VA_SOURCE_FORMAT_SRC_FLAT16;
   if (flat || w->I->mod[VA_MOD_SAMPLE] != VA_SAMPLE_MODE_EXPLICIT)
      return p;
   uint32_t xy = (uint32_t)sim_src_raw(w, lane, 0);
   p.dx = (float)(int16_t)(xy & 0xffffu) / 256.0f - 0.5f;
   p.dy = (float)(int16_t)(xy >> 16) / 256.0f - 0.5f;
   return p;
}

static bool
ld_var_buf(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned n = vecsize_of(I), fmt = (unsigned)I->mod[VA_MOD_SOURCE_FORMAT];
   bool narrow =
       fmt == VA_SOURCE_FORMAT_SRC_F16 || fmt == VA_SOURCE_FORMAT_SRC_FLAT16;
   bool imm =
       I->op == VA_OP_LD_VAR_BUF_IMM_F32 || I->op == VA_OP_LD_VAR_BUF_IMM_F16;
   bool f16 =
       I->op == VA_OP_LD_VAR_BUF_IMM_F16 || I->op == VA_OP_LD_VAR_BUF_F16;
   sim_foreach_lane (w->active, l) {
      uint32_t index =
          imm ? (uint32_t)I->imm[VA_IMM_INDEX] : (uint32_t)sim_src_raw(w, l, 1);
      struct varying_pos p = varying_position(w, l, fmt);
      uint32_t ch[4];
      for (unsigned c = 0; c < n; c++) {
         if (!varying_bits(w, l, p, index + c * (narrow ? 2 : 4),
                           narrow ? 2 : 4, &ch[c]))
            return false;
         if (narrow)
            ch[c] = sim_f64_to_f32(sim_f16_to_f64((uint16_t)ch[c]), 0);
      }
      if (!write_channels(w, l,
                          f16 ? VA_REGISTER_FORMAT_F16 : VA_REGISTER_FORMAT_F32,
                          ch, n))
         return false;
   }
   return true;
}

static bool
ld_var_special(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned n = vecsize_of(I), first = (unsigned)I->imm[VA_IMM_INDEX];
   if (first + n > 4)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "special varying %u (of %u) is not modelled",
                      first + n - 1, n);
   sim_foreach_lane (w->active, l) {
      const struct sim_env *e = w->env;
      float v[4] = {e->point_coord[l][0], e->point_coord[l][1], e->frag_w[l],
                    e->frag_z[l]};
      uint32_t ch[4];
      for (unsigned c = 0; c < n; c++)
         ch[c] = float_to_bits(v[first + c]);
      if (!write_channels(w, l, regfmt_of(I), ch, n))
         return false;
   }
   return true;
}

/* The lane whose vertex has these ids. */
static bool
vertex_lane(struct sim_warp *w, uint32_t vertex, uint32_t instance,
            unsigned *lane)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (w->env->vertex_id[l] == vertex &&
          w->env->instance_id[l] == instance) {
         *lane = l;
         return true;
      }
   }
   return sim_fail(w, SIM_ERROR_FAULT,
                   "attribute of vertex %u, instance %u: no lane has them",
                   vertex, instance);
}

static bool
ld_attr(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned fmt = regfmt_of(I), n = vecsize_of(I);
   if (fmt != VA_REGISTER_FORMAT_AUTO && fmt != VA_REGISTER_FORMAT_F32 &&
       fmt != VA_REGISTER_FORMAT_F16)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                      "attributes are floats: an integer register format");
   sim_foreach_lane (w->active, l) {
      uint32_t table = (uint32_t)I->imm[VA_IMM_TABLE];
      uint32_t index = (uint32_t)I->imm[VA_IMM_INDEX];
      if (I->op == VA_OP_LD_ATTR) {
         uint32_t handle = (uint32_t)sim_src_raw(w, l, 2);
         table = handle >> 24;
         index = handle & 0xFFFFFF;
      }
      if (table != 1)
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "attribute table %u (attributes are table 1)", table);
      unsigned v = 0;
      if (!vertex_lane(w, (uint32_t)sim_src_raw(w, l, 0),
                       (uint32_t)sim_src_raw(w, l, 1), &v))
         return false;
      struct sim_vec4 x = sim_env_attrib(w->env, index, v);
      if (!write_channels(w, l, fmt, x.w, n))
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------
 * Buffers and memory
 */

static unsigned
access_index(enum va_op op, enum va_op first)
{
   return (unsigned)(op - first) & 7;
}

/* Rule 5: register words of `size` loaded bytes in lane mode `mode`. */
static unsigned
place_load(const struct sim_warp *w, unsigned lane, const uint8_t *bytes,
           unsigned size, unsigned mode, bool is_unsigned, uint32_t *words)
{
   uint8_t buf[16] = {0};
   memcpy(buf, bytes, size);
   uint8_t fill = (!is_unsigned && (bytes[size - 1] & 0x80)) ? 0xFF : 0;
   uint32_t old = w->reg[lane][w->I->staging[0].reg];
   unsigned width = size; /* bytes, extended to */
   if (size == 1 && mode <= 3) {
      words[0] = (old & ~(0xFFu << (8 * mode))) | (uint32_t)bytes[0]
                                                      << (8 * mode);
      return 1;
   }
   if ((size == 1 && (mode == 4 || mode == 5)) || (size == 2 && mode <= 1)) {
      unsigned half = size == 1 ? mode - 4 : mode;
      uint32_t v = bytes[0] |
                   (size == 2 ? (uint32_t)bytes[1] << 8 : (uint32_t)fill << 8);
      words[0] = (old & ~(0xFFFFu << (16 * half))) | v << (16 * half);
      return 1;
   }
   if ((size == 1 && mode == 7) || (size == 2 && mode == 3) ||
       (size == 4 && mode == 1))
      width = 8;
   else
      width = (size + 3) & ~3u;
   memset(buf + size, fill, width - size);
   memcpy(words, buf, width);
   return width / 4;
}

static bool
ld_buffer(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned k = access_index(I->op, VA_OP_LD_BUFFER_I8);
   unsigned size = access_bytes[k];
   sim_foreach_lane (w->active, l) {
      uint32_t offset = (uint32_t)sim_src_raw(w, l, 0);
      uint32_t handle = (uint32_t)sim_src_raw(w, l, 1);
      if (handle >> 24)
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "LD_BUFFER of resource table %u (uniform buffers "
                         "are table 0)",
                         handle >> 24);
      uint8_t bytes[16];
      for (unsigned i = 0; i < size; i++) {
         uint32_t at = offset + i;
         bytes[i] = (uint8_t)(sim_ubo_word(w, handle, at) >> (8 * (at & 3)));
      }
      uint32_t words[4];
      unsigned n = place_load(w, l, bytes, size, (unsigned)I->mod[lane_mods[k]],
                              I->mod[VA_MOD_UNSIGNED] == 1, words);
      if (!need_staging(w, 0, n))
         return false;
      for (unsigned i = 0; i < n; i++)
         sim_write_reg(w, l, I->staging[0].reg + i, words[i]);
   }
   return true;
}

/* The kind of region a faulting address was aimed at, -1 if none. */
static int
near_kind(const struct sim_warp *w, uint64_t addr)
{
   const struct sim_region *r = sim_memory_near(&w->env->memory, addr);
   return r ? (int)r->kind : -1;
}

bool
sim_mem_read(struct sim_warp *w, unsigned lane, uint64_t addr, uint32_t size,
             uint8_t *bytes)
{
   struct sim_region *r = sim_memory_find(&w->env->memory, addr, size);
   if (!r)
      return sim_fault_access(w, lane, near_kind(w, addr),
                              "a %u-byte read at 0x%llx (lane %u) is in no "
                              "memory region",
                              size, (unsigned long long)addr, lane);
   memcpy(bytes, r->bytes + (addr - r->base), size);
   return true;
}

bool
sim_mem_write(struct sim_warp *w, unsigned lane, uint64_t addr, uint32_t size,
              const uint8_t *bytes)
{
   struct sim_region *r = sim_memory_find(&w->env->memory, addr, size);
   if (!r)
      return sim_fault_access(w, lane, near_kind(w, addr),
                              "a %u-byte write at 0x%llx (lane %u) is in no "
                              "memory region",
                              size, (unsigned long long)addr, lane);
   memcpy(r->bytes + (addr - r->base), bytes, size);
   sim_vertex_mark(w, addr, size);
   return true;
}

static uint64_t
address(const struct sim_warp *w, unsigned lane)
{
   return sim_src_raw(w, lane, 0) + (uint64_t)w->I->imm[VA_IMM_OFFSET];
}

static bool
load(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned k = access_index(I->op, VA_OP_LOAD_I8), size = access_bytes[k];
   sim_foreach_lane (w->active, l) {
      uint8_t bytes[16];
      uint64_t addr = address(w, l);
      if (!sim_mem_read(w, l, addr, size, bytes) ||
          !sim_hazard_memory(w, l, addr, size, false))
         return false;
      uint32_t words[4];
      unsigned n = place_load(w, l, bytes, size, (unsigned)I->mod[lane_mods[k]],
                              I->mod[VA_MOD_UNSIGNED] == 1, words);
      if (!need_staging(w, 0, n))
         return false;
      for (unsigned i = 0; i < n; i++)
         sim_write_reg(w, l, I->staging[0].reg + i, words[i]);
   }
   return true;
}

static bool
store(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned size = access_bytes[access_index(I->op, VA_OP_STORE_I8)];
   unsigned access = (unsigned)I->mod[VA_MOD_MEMORY_ACCESS];
   if (!need_staging(w, 0, (size + 3) / 4))
      return false;
   uint32_t lanes =
       access == VA_MEMORY_ACCESS_FORCE ? w->active : sim_effect_lanes(w);
   sim_foreach_lane (lanes, l) {
      uint32_t words[4];
      for (unsigned i = 0; i < (size + 3) / 4; i++)
         words[i] = sim_staging(w, l, 0, i);
      uint64_t addr = sim_vertex_store_address(w, address(w, l), access);
      if (!sim_hazard_memory(w, l, addr, size, true) ||
          !sim_mem_write(w, l, addr, size, (const uint8_t *)words))
         return false;
   }
   return true;
}

static uint64_t
atomic_op(unsigned op, bool with_1, uint64_t old, uint64_t arg, unsigned bits)
{
   int64_t so = sim_sext(old, bits), sa = sim_sext(arg, bits);
   if (with_1) {
      switch (op) {
      case VA_ATOMIC_OPERATION_WITH_1_AINC: return old + 1;
      case VA_ATOMIC_OPERATION_WITH_1_ADEC: return old - 1;
      case VA_ATOMIC_OPERATION_WITH_1_AUMAX1: return old ? old : 1;
      case VA_ATOMIC_OPERATION_WITH_1_ASMAX1: return so > 1 ? old : 1;
      default: return old | 1;
      }
   }
   switch (op) {
   case VA_ATOMIC_OPERATION_AADD: return old + arg;
   case VA_ATOMIC_OPERATION_ASMIN: return so < sa ? old : arg;
   case VA_ATOMIC_OPERATION_ASMAX: return so > sa ? old : arg;
   case VA_ATOMIC_OPERATION_AUMIN: return old < arg ? old : arg;
   case VA_ATOMIC_OPERATION_AUMAX: return old > arg ? old : arg;
   case VA_ATOMIC_OPERATION_AAND: return old & arg;
   case VA_ATOMIC_OPERATION_AOR: return old | arg;
   case VA_ATOMIC_OPERATION_AXOR: return old ^ arg;
   default: return arg; /* axchg */
   }
}

/* Where the operand words are: ATOM reads staging 0, ATOM_RETURN 1. */
static bool
atom_lane(struct sim_warp *w, unsigned l, unsigned bytes, bool with_1, bool ret,
          unsigned arg_sr)
{
   const struct va_instr *I = w->I;
   uint64_t addr = address(w, l), old = 0, arg = 0, cmp = 0;
   unsigned words = bytes / 4;
   if (!sim_mem_read(w, l, addr, bytes, (uint8_t *)&old) ||
       !sim_hazard_memory(w, l, addr, bytes, true))
      return false;
   for (unsigned i = 0; !with_1 && i < words; i++) {
      arg |= (uint64_t)sim_staging(w, l, arg_sr, i) << (32 * i);
      if (I->mod[VA_MOD_COMPARE] == 1)
         cmp |= (uint64_t)sim_staging(w, l, arg_sr, words + i) << (32 * i);
   }
   unsigned op = (unsigned)I->mod[with_1 ? VA_MOD_ATOM_OPC_1 : VA_MOD_ATOM_OPC];
   uint64_t v = atomic_op(op, with_1, old, arg, 8 * bytes);
   if (I->mod[VA_MOD_COMPARE] == 1)
      v = old == cmp ? arg : old;
   if (!sim_mem_write(w, l, addr, bytes, (const uint8_t *)&v))
      return false;
   for (unsigned i = 0; ret && i < I->staging[0].count; i++)
      sim_write_reg(w, l, I->staging[0].reg + i, (uint32_t)(old >> (32 * i)));
   return true;
}

static bool
atom(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   bool wide = I->op == VA_OP_ATOM_I64 || I->op == VA_OP_ATOM_RETURN_I64 ||
               I->op == VA_OP_ATOM1_RETURN_I64;
   bool with_1 =
       I->op == VA_OP_ATOM1_RETURN_I32 || I->op == VA_OP_ATOM1_RETURN_I64;
   bool ret = I->op != VA_OP_ATOM_I32 && I->op != VA_OP_ATOM_I64;
   unsigned arg_sr =
       I->op == VA_OP_ATOM_RETURN_I32 || I->op == VA_OP_ATOM_RETURN_I64;
   unsigned words = wide ? 2 : 1;
   if (!with_1 &&
       !need_staging(w, arg_sr,
                     I->mod[VA_MOD_COMPARE] == 1 ? 2 * words : words))
      return false;
   if (ret && I->staging[0].count && !need_staging(w, 0, words))
      return false;
   sim_foreach_lane (sim_effect_lanes(w), l) {
      if (!atom_lane(w, l, 4 * words, with_1, ret, arg_sr))
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------
 * Fragment outputs
 */

static bool
atest(struct sim_warp *w)
{
   sim_foreach_lane (w->active, l)
      sim_write_reg(w, l, w->I->staging[0].reg, (uint32_t)sim_src_raw(w, l, 0));
   return true;
}

static bool
zs_emit(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   struct sim_outputs *o = w->out;
   bool z = I->mod[VA_MOD_Z] == 1, s = I->mod[VA_MOD_STENCIL] == 1;
   sim_foreach_lane (w->active, l) {
      if (sim_effect_lanes(w) & (1u << l)) {
         if (z)
            o->depth[l] = bits_to_float((uint32_t)sim_src_raw(w, l, 0));
         if (s)
            o->stencil[l] = (uint32_t)sim_src_raw(w, l, 1);
      }
      sim_write_reg(w, l, I->staging[0].reg, (uint32_t)sim_src_raw(w, l, 2));
   }
   o->wrote_depth |= z;
   o->wrote_stencil |= s;
   return true;
}

static bool
blend(struct sim_warp *w)
{
   const struct va_instr *I = w->I;
   unsigned n = vecsize_of(I), fmt = regfmt_of(I), rt = 0;
   unsigned regs = is_16bit(fmt) ? (n + 1) / 2 : n;
   if (!need_staging(w, 0, regs))
      return false;
   sim_foreach_lane (w->active, l) {
      if (!sim_blend_descriptor_rt(sim_src_raw(w, l, 0), &rt))
         return sim_fail(w, SIM_ERROR_UNSUPPORTED,
                         "BLEND with a descriptor that is no "
                         "blend_descriptor_N");
      if (!(sim_effect_lanes(w) & (1u << l)) || !(uint32_t)sim_src_raw(w, l, 1))
         continue;
      uint32_t words[4], ch[4] = {0, 0, 0, float_to_bits(1.0f)};
      for (unsigned i = 0; i < regs; i++)
         words[i] = sim_staging(w, l, 0, i);
      sim_regfmt_unpack(fmt, true, words, n, ch);
      memcpy(w->out->color[rt][l].w, ch, sizeof(ch));
      w->out->rt_written |= 1u << rt;
   }
   if (I->flow == VA_FLOW_END)
      return true;
   size_t target = w->cur + 1 + (size_t)I->imm[VA_IMM_TARGET];
   if (target >= w->count)
      return sim_fail(w, SIM_ERROR_FAULT,
                      "BLEND skips to instruction %zu, past the program",
                      target);
   sim_foreach_lane (w->active, l)
      w->next[l] = target;
   return true;
}

static bool
barrier(struct sim_warp *w)
{
   (void)w; /* one warp: the rules are checked in sim_hazard.c */
   return true;
}

typedef bool (*sim_msg_fn)(struct sim_warp *w);

static const sim_msg_fn msg_ops[VA_OP_COUNT] = {
    [VA_OP_LD_VAR_SPECIAL] = ld_var_special,
    [VA_OP_LD_VAR_BUF_IMM_F32] = ld_var_buf,
    [VA_OP_LD_VAR_BUF_IMM_F16] = ld_var_buf,
    [VA_OP_LD_VAR_BUF_F32] = ld_var_buf,
    [VA_OP_LD_VAR_BUF_F16] = ld_var_buf,
    [VA_OP_LD_ATTR_IMM] = ld_attr,
    [VA_OP_LD_ATTR] = ld_attr,
    [VA_OP_LD_TEX_IMM] = sim_ld_tex,
    [VA_OP_LD_TEX] = sim_ld_tex,
    [VA_OP_LEA_TEX_IMM] = sim_lea_tex,
    [VA_OP_LEA_TEX] = sim_lea_tex,
    [VA_OP_LD_BUFFER_I8] = ld_buffer,
    [VA_OP_LD_BUFFER_I16] = ld_buffer,
    [VA_OP_LD_BUFFER_I24] = ld_buffer,
    [VA_OP_LD_BUFFER_I32] = ld_buffer,
    [VA_OP_LD_BUFFER_I48] = ld_buffer,
    [VA_OP_LD_BUFFER_I64] = ld_buffer,
    [VA_OP_LD_BUFFER_I96] = ld_buffer,
    [VA_OP_LD_BUFFER_I128] = ld_buffer,
    [VA_OP_LEA_BUF_IMM] = sim_lea_buf_imm,
    [VA_OP_LOAD_I8] = load,
    [VA_OP_LOAD_I16] = load,
    [VA_OP_LOAD_I24] = load,
    [VA_OP_LOAD_I32] = load,
    [VA_OP_LOAD_I48] = load,
    [VA_OP_LOAD_I64] = load,
    [VA_OP_LOAD_I96] = load,
    [VA_OP_LOAD_I128] = load,
    [VA_OP_STORE_I8] = store,
    [VA_OP_STORE_I16] = store,
    [VA_OP_STORE_I24] = store,
    [VA_OP_STORE_I32] = store,
    [VA_OP_STORE_I48] = store,
    [VA_OP_STORE_I64] = store,
    [VA_OP_STORE_I96] = store,
    [VA_OP_STORE_I128] = store,
    [VA_OP_ST_CVT] = sim_st_cvt,
    [VA_OP_ATOM1_RETURN_I32] = atom,
    [VA_OP_ATOM1_RETURN_I64] = atom,
    [VA_OP_ATOM_I32] = atom,
    [VA_OP_ATOM_I64] = atom,
    [VA_OP_ATOM_RETURN_I32] = atom,
    [VA_OP_ATOM_RETURN_I64] = atom,
    [VA_OP_BLEND] = blend,
    [VA_OP_ATEST] = atest,
    [VA_OP_ZS_EMIT] = zs_emit,
    [VA_OP_BARRIER] = barrier,
    [VA_OP_TEX_FETCH] = sim_tex_fetch,
    [VA_OP_TEX_SINGLE] = sim_tex_single,
    [VA_OP_TEX_GATHER] = sim_tex_gather,
};

bool
sim_message_modelled(enum va_op op)
{
   return msg_ops[op] != NULL;
}

int
sim_message_slot(const struct va_instr *I)
{
   if (I->op == VA_OP_ATEST)
      return SIM_ATEST_SLOT;
   if (!va_form(I->op)->message || I->mod[VA_MOD_SLOT] == VA_MOD_UNSET)
      return -1;
   return I->mod[VA_MOD_SLOT];
}

bool
sim_message_execute(struct sim_warp *w)
{
   sim_msg_fn fn = msg_ops[w->I->op];
   if (!fn)
      return sim_fail(w, SIM_ERROR_UNSUPPORTED, "%s is not modelled",
                      va_form(w->I->op)->name);
   return fn(w);
}
