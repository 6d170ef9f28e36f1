/* SPDX-License-Identifier: MIT */
/*
 * Private to the TGSI -> IR translation (from_tgsi*.c).
 *
 * TGSI registers (TEMP, OUT, ADDR channels) become SSA variables: `cur`
 * holds each one's current value, every write is logged, and control-flow
 * constructs build phis at their joins from what their branches wrote.
 * TGSI's control flow is structured, so the translation knows every
 * predecessor of a join when it reaches it, and loops know in advance
 * (by a scan of their body) which variables they write.
 */
#ifndef TGSIVA_IR_FROM_TGSI_H
#define TGSIVA_IR_FROM_TGSI_H

#include <setjmp.h>

#include "emit/va.h"
#include "ir/ir.h"
#include "ir/layout.h"
#include "translate.h"
#include "tgsi/tgsi.h"

/* Indexed TEMP arrays of at most this many elements become selects;
 * larger ones live in thread-local storage. */
#define T_SELECT_MAX_ELEMENTS 16

/* Limits of the decoded shader that the translation relies on. */
#define T_MAX_REGISTER_INDEX 4096

enum t_frame_kind {
   T_FRAME_PROGRAM, /* the whole shader; RET breaks out of it */
   T_FRAME_IF,
   T_FRAME_LOOP,
   T_FRAME_SWITCH,
};

/* A way out of a loop, switch or the program: where it comes from and
 * the values of the construct's variables there. */
struct t_exit {
   struct ir_block *from;
   struct ir_ref *values;
};

struct t_frame {
   enum t_frame_kind kind;
   bool dead_at_entry; /* opened in unreachable code */
   /* IF: the join; LOOP, SWITCH, PROGRAM: where breaks go. */
   struct ir_block *join;
   /* IF */
   size_t log_mark;
   struct ir_block *else_block;
   bool in_else;
   struct ir_block *then_end; /* NULL if the then side cannot reach */
   uint32_t *then_vars;       /* variables the then side wrote ... */
   struct ir_ref *then_values; /* ... and their values at its end */
   unsigned then_count;
   bool is_case; /* the body of a switch case */
   /* LOOP, SWITCH, PROGRAM: the variables written inside */
   uint32_t *vars;
   unsigned nvars;
   VEC(struct t_exit) exits;
   /* LOOP */
   struct ir_block *header;
   struct ir_instr **phis; /* per variable, in the header */
   /* SWITCH */
   struct ir_ref selector;
   uint32_t fall_var; /* "a case matched and fell through" */
   uint32_t first_insn; /* to scan the case values for DEFAULT */
};

struct t_log_entry {
   uint32_t var;
   struct ir_ref old;
};

struct t_array {
   uint32_t first, last; /* TEMP index range */
   uint32_t id;
   bool indirect;  /* addressed through ADDR somewhere */
   bool in_memory; /* lives in thread-local storage */
   uint32_t tls_offset;
};

/* What the shader declares for one input or output register. */
struct t_io {
   bool declared;
   uint8_t semantic; /* enum tgsi_sem */
   uint32_t sem_index;
   uint8_t interp;   /* enum tgsi_interp */
   uint8_t location; /* enum tgsi_interp_loc */
   uint8_t usage_mask;
   uint8_t written; /* outputs: the channels some instruction writes */
   uint32_t array_id;
   /* Inputs: the loaded channels, in the entry block. */
   struct ir_ref value[4];
   bool loaded;
};

struct t_pending_write {
   const struct tgsi_reg *reg;
   unsigned chan;
   struct ir_ref value;
};

struct tgsi_to_ir {
   struct ir_shader *s;
   const struct tgsi_shader *tgsi;
   struct ir_layout *layout;
   const struct tgsiva_shader_key *key; /* the variant */
   struct tgsiva_diagnostic *d;
   jmp_buf *bail;
   const struct tgsi_insn *insn; /* being translated, for messages */

   struct ir_builder b;
   bool dead; /* the current point is unreachable */

   /* SSA variables; a TEMP or OUT channel not yet written holds a NONE
    * ref, read as the shader's one UNDEF (made on the first such read). */
   struct ir_ref *cur;
   struct ir_ref undef;
   uint32_t nvars;
   uint32_t temp_base, out_base, addr_base, hidden_base;
   uint32_t ntemps, nouts, naddrs, nhidden, hidden_used;
   /* Variable writes since the innermost open IF, for its other side and
    * its join (t_write_var); none is logged outside every IF, where
    * nothing is undone. */
   VEC(struct t_log_entry) log;
   VEC(struct t_frame) frames;
   unsigned open_ifs; /* IF frames among `frames` */

   /* Declarations */
   struct t_array *arrays;
   unsigned narrays;
   struct t_io *inputs, *outputs;
   unsigned ninputs, noutputs;
   struct t_io *sysvals; /* SV[i] */
   unsigned nsysvals;
   uint8_t *sview_target;    /* enum tgsi_tex_target per SVIEW */
   uint8_t *sview_ret;       /* enum tgsi_ret_type per SVIEW */
   unsigned nsviews;
   /* from_tgsi_tex_helpers.c: 0 not yet known, 1 texture results must
    * be computed in helper lanes, 2 they may be skipped there. */
   uint8_t tex_skip;

   /* Destination writes of the instruction being translated, done after
    * it has read all its sources (tgsi.rst: an instruction reads every
    * source before it writes; `XOR TEMP[0].xy, ..., TEMP[0].xxxx` reads
    * the old x for y). */
   VEC(struct t_pending_write) writes;

   /* Values computed once in the entry block. */
   struct ir_instr *entry_point; /* insert entry code before this */
   struct ir_ref preloads[64];
   bool preloaded[64];
   struct ir_ref point_coord[4]; /* PCOORD and the inputs it replaces */
   bool point_coord_loaded;

   struct t_gs *gs; /* geometry shaders: from_tgsi_gs.c */
};

/* from_tgsi.c: errors.  Both jump out of the translation. */
_Noreturn void t_unsupported(struct tgsi_to_ir *t, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
_Noreturn void t_error(struct tgsi_to_ir *t, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* from_tgsi.c: variables */
struct ir_ref t_read_var(struct tgsi_to_ir *t, uint32_t var);
void t_write_var(struct tgsi_to_ir *t, uint32_t var, struct ir_ref value);
/* Logs `var` as written, without changing it, inside an IF or not: for
 * written_vars' scan of a loop or switch body (t_note_written). */
void t_note_var(struct tgsi_to_ir *t, uint32_t var);

/* from_tgsi.c: code at the start of the shader (loads of inputs and
 * system values, which must dominate every use). */
struct ir_builder t_entry_builder(struct tgsi_to_ir *t);
struct ir_ref t_preload(struct tgsi_to_ir *t, unsigned reg);
/* A Valhall instruction with `nsrc` operands (the form's sources, then
 * the staging vectors it reads) and, if `nregs`, a result of that many
 * registers; the template's slot is 0. */
struct ir_instr *t_va(struct ir_builder *b, enum va_op op, unsigned nsrc,
                      const struct ir_ref *srcs, unsigned nregs);

/* from_tgsi_operand.c: reading and writing TGSI operands, one channel at
 * a time.  t_src applies the operand's modifiers for its value type. */
struct ir_ref t_src(struct tgsi_to_ir *t, unsigned i, unsigned chan);
/* The operand without modifiers (raw bits). */
struct ir_ref t_src_raw(struct tgsi_to_ir *t, unsigned i, unsigned chan);
/* A 64-bit operand: channels 2*pair and 2*pair+1 of source i. */
struct ir_ref t_src64(struct tgsi_to_ir *t, unsigned i, unsigned pair);
/* Performs the writes t_dst and t_dst64 queued (after each instruction). */
void t_flush_writes(struct tgsi_to_ir *t);
void t_dst(struct tgsi_to_ir *t, unsigned i, unsigned chan,
           struct ir_ref value);
void t_dst64(struct tgsi_to_ir *t, unsigned i, unsigned pair,
             struct ir_ref value);
/* Logs, without changing them, the variables `dst` may write. */
void t_note_written(struct tgsi_to_ir *t, const struct tgsi_dst *dst);
/* The channels destination i writes. */
unsigned t_writemask(struct tgsi_to_ir *t, unsigned i);
/* An integer index operand (ADDR[..] + offset), for indirect access. */
struct ir_ref t_indirect_index(struct tgsi_to_ir *t,
                               const struct tgsi_ind *ind, int32_t offset);
/* Loads `ncomp` words of the uniform buffer `handle` (its index) at the
 * byte offset `offset`. */
struct ir_ref t_load_ubo(struct tgsi_to_ir *t, struct ir_ref handle,
                         struct ir_ref offset, unsigned ncomp);
/* Word `word` of system value (kind, id), or its 64-bit words `word` and
 * `word + 1` when `pair`: a pushed uniform while push space lasts, else a
 * load from the system-value buffer in the entry block. */
struct ir_ref t_sysval(struct tgsi_to_ir *t, enum ir_sysval_kind kind,
                       uint32_t id, unsigned word, bool pair);
/* Word `word` of system values kind[0] and kind[1] (id 0) pushed in one
 * FAU slot, so that one instruction may read both; each on its own as
 * t_sysval gives it when the push space is full. */
void t_sysval_slot(struct tgsi_to_ir *t, const enum ir_sysval_kind kind[2],
                   unsigned word, struct ir_ref out[2]);

/* from_tgsi_io.c: the stage's inputs and outputs (docs/abi.md). */
void t_io_declare(struct tgsi_to_ir *t);
/* Channel `chan` of OUT[index] as the shader left it. */
struct ir_ref t_output_channel(struct tgsi_to_ir *t, uint32_t index,
                               unsigned chan);

/* from_tgsi_gs.c: the geometry program (docs/abi.md). */
/* The hidden variables the stage needs (0 unless geometry). */
uint32_t t_gs_hidden_vars(const struct tgsi_to_ir *t);
/* Properties, refusals and layout.gs; after the other declarations. */
void t_gs_declare(struct tgsi_to_ir *t);
/* IN[vertex][register]. */
struct ir_ref t_gs_input(struct tgsi_to_ir *t, const struct tgsi_reg *reg,
                         unsigned chan);
/* PRIMID or INVOCATIONID. */
struct ir_ref t_gs_system_value(struct tgsi_to_ir *t, unsigned semantic);
void t_gs_emit(struct tgsi_to_ir *t);
void t_gs_endprim(struct tgsi_to_ir *t);
/* Logs the counters an EMIT or ENDPRIM writes (loop scans). */
void t_gs_note_written(struct tgsi_to_ir *t, const struct tgsi_insn *I);
/* The restart padding, at the end of the shader. */
void t_gs_finish(struct tgsi_to_ir *t);
/* The pass-through pair's body: the outputs of the emitted vertex r60. */
void t_gs_passthrough(struct tgsi_to_ir *t);
/* Rule 7: a geometry shader that writes VIEWPORT_INDEX, whose position
 * program stores the culled point for other viewports. */
bool t_gs_culls_viewport(const struct tgsi_to_ir *t);
/* The position program of a geometry shader writing VIEWPORT_INDEX:
 * the culled point instead of screen-space position v where the vertex's
 * viewport is not the draw's (docs/abi.md). */
void t_gs_cull_viewport(struct tgsi_to_ir *t, struct ir_ref v[4]);
/* f32 (-16384, -16384, 0, 1): outside every framebuffer. */
#define GS_CULLED_POSITION {0xc6800000u, 0xc6800000u, 0u, 0x3f800000u}

/* from_tgsi_xfb.c: the transform-feedback program (docs/xfb.md). */
/* The vertex id and instance id of the invocation. */
void t_xfb_vertex_ids(struct tgsi_to_ir *t, struct ir_ref ids[2]);
/* Stores the captured outputs, at the end of the shader. */
void t_xfb_finish(struct tgsi_to_ir *t);
struct ir_ref t_input(struct tgsi_to_ir *t, uint32_t index, unsigned chan);
struct ir_ref t_system_value(struct tgsi_to_ir *t, uint32_t index,
                             unsigned chan);
/* from_tgsi_image.c: (a & 0xffff) | (b << 16): MKVEC.v2i16 of two
 * values, generic operations (which fold) when either is a constant. */
struct ir_ref t_pack_u16(struct tgsi_to_ir *t, struct ir_ref a,
                         struct ir_ref b);
/* from_tgsi_io.c: whether the key's sprite_coord_enable replaces input
 * `io` by the point coordinate. */
bool t_sprite_replaced(const struct tgsi_to_ir *t, const struct t_io *io);
/* The code before the first instruction (the key's clip planes). */
void t_io_begin(struct tgsi_to_ir *t);
/* Stores the outputs at the end of the shader. */
void t_io_finish(struct tgsi_to_ir *t);
/* The translations of opcodes that read inputs or write outputs. */
void t_kill(struct tgsi_to_ir *t, bool conditional);

/* from_tgsi_interp.c: INTERP_CENTROID, INTERP_SAMPLE, INTERP_OFFSET. */
void t_interp(struct tgsi_to_ir *t);

/* from_tgsi_image.c: images for from_tgsi_mem.c.  `r` is the IMAGE
 * operand, `src` the instruction source holding the texel coordinates. */
struct ir_ref t_image_load(struct tgsi_to_ir *t, const struct tgsi_reg *r,
                           unsigned src, unsigned nchannels);
/* The texel's 64-bit address; *desc its conversion descriptor. */
struct ir_ref t_image_texel(struct tgsi_to_ir *t, const struct tgsi_reg *r,
                            unsigned src, struct ir_ref *desc);
/* STORE IMAGE[..], coordinates, data. */
void t_image_store(struct tgsi_to_ir *t, const struct tgsi_reg *r);

/* from_tgsi_ops.c: the opcode table.  Every opcode the translator
 * accepts has a row: its family and the handler that translates it. */
enum t_op_family {
   T_FAMILY_FLOW, /* control flow: runs in dead code too, writes nothing */
   T_FAMILY_ALU,  /* from_tgsi_alu.c, by its row of parameters */
   T_FAMILY_TEX,  /* from_tgsi_tex.c, by its row of parameters */
   T_FAMILY_MEM,  /* from_tgsi_mem.c */
   T_FAMILY_DOUBLE, /* from_tgsi_double.c */
   T_FAMILY_GS,   /* from_tgsi_gs.c: EMIT, ENDPRIM */
};

struct t_op_entry {
   void (*handle)(struct tgsi_to_ir *t);
   uint8_t family; /* enum t_op_family */
   bool ends;      /* END: the last instruction translated */
};

/* The row of `opcode`, or NULL if the translator does not accept it. */
const struct t_op_entry *t_op_entry(unsigned opcode);

/* from_tgsi.c: control flow. */
void t_flow_if(struct tgsi_to_ir *t);
void t_flow_uif(struct tgsi_to_ir *t);
void t_flow_else(struct tgsi_to_ir *t);
void t_flow_endif(struct tgsi_to_ir *t);
void t_flow_bgnloop(struct tgsi_to_ir *t);
void t_flow_endloop(struct tgsi_to_ir *t);
void t_flow_brk(struct tgsi_to_ir *t);
void t_flow_cont(struct tgsi_to_ir *t);
void t_flow_switch(struct tgsi_to_ir *t);
void t_flow_case(struct tgsi_to_ir *t);
void t_flow_default(struct tgsi_to_ir *t);
void t_flow_endswitch(struct tgsi_to_ir *t);
void t_flow_ret(struct tgsi_to_ir *t);
void t_flow_nothing(struct tgsi_to_ir *t); /* NOP, END */

/* from_tgsi_alu.c, from_tgsi_tex.c: the opcodes with a row in the
 * family's table of parameters (the opcode table must name exactly
 * these), and their translation. */
bool t_alu_has_row(enum tgsi_op op);
void t_alu(struct tgsi_to_ir *t);
/* from_tgsi_double.c: the double-precision opcodes (software floating
 * point). */
bool t_double_has_row(enum tgsi_op op);
void t_double(struct tgsi_to_ir *t);
bool t_tex_has_row(enum tgsi_op op);
void t_tex(struct tgsi_to_ir *t);

/* from_tgsi_mem.c: LOAD, STORE, RESQ and the atomics of its table. */
void t_mem_load(struct tgsi_to_ir *t);
void t_mem_store(struct tgsi_to_ir *t);
void t_mem_resq(struct tgsi_to_ir *t);
bool t_mem_atomic_has_row(enum tgsi_op op);
void t_mem_atomic(struct tgsi_to_ir *t);

/* The floating-point constant `f` as an operand. */
static inline struct ir_ref
t_f(float f)
{
   return ir_immf(f);
}

/* from_tgsi_slice.c: for a straight-line vertex shader's position or
 * varying program, which instructions to translate (NULL: all). */
bool *t_vertex_slice(struct tgsi_to_ir *t);

#endif
