/* SPDX-License-Identifier: MIT */
/*
 * Jump threading (src/valhall/thread_jumps.c): allocated IR with flow is
 * built by hand, threaded, emitted and disassembled; each rule of the
 * pass has a case, and the IR validator must accept the result.
 */
#include "../ir/ir_test.h"

#include "emit/va.h"

struct fixture {
   struct arena a;
   struct ir_shader *s;
   struct ir_block *b[6];
};

static void
setup(struct fixture *f, unsigned nblocks)
{
   arena_init(&f->a, 0);
   f->s = ir_shader_create(&f->a, IR_STAGE_COMPUTE, NULL);
   f->s->allocated = true;
   for (unsigned i = 0; i < nblocks; i++) {
      f->b[i] = ir_block_create(f->s);
      ir_block_append(f->s, f->b[i]);
   }
}

static struct ir_instr *
add(struct fixture *f, unsigned b, enum va_op op, enum va_flow flow)
{
   struct ir_instr *I = ir_va_create(f->s, op, 0, NULL);
   I->flow = (uint8_t)flow;
   ir_instr_append(f->b[b], I);
   return I;
}

static struct ir_instr *
terminator(struct fixture *f, unsigned b, enum ir_op op, enum va_flow flow)
{
   struct ir_instr *I = ir_instr_create(f->s, op, op == IR_OP_BRANCH);
   if (op == IR_OP_BRANCH)
      I->src[0] = ir_reg(1);
   I->flow = (uint8_t)flow;
   ir_instr_append(f->b[b], I);
   return I;
}

static void
jump(struct fixture *f, unsigned from, unsigned to, enum va_flow flow)
{
   terminator(f, from, IR_OP_JUMP, flow);
   ir_block_link(f->s, f->b[from], 0, f->b[to]);
}

static void
branch(struct fixture *f, unsigned from, unsigned taken, unsigned other)
{
   terminator(f, from, IR_OP_BRANCH, VA_FLOW_RECONVERGE);
   ir_block_link(f->s, f->b[from], 0, f->b[taken]);
   ir_block_link(f->s, f->b[from], 1, f->b[other]);
}

static void
falls(struct fixture *f, unsigned from, unsigned to)
{
   ir_block_link(f->s, f->b[from], 0, f->b[to]);
}

/* Threads, emits and compares the disassembly; `blocks` is the count
 * left. */
static void
check(struct fixture *f, unsigned blocks, const char *expected)
{
   assert_true(va_thread_jumps(f->s));
   struct tgsiva_diagnostic d;
   diag_clear(&d);
   jmp_buf bail;
   f->s->diag = &d;
   f->s->bail = &bail;
   if (setjmp(bail)) {
      fprintf(stderr, "%s\n", d.message);
      fail();
   }
   ir_validate(f->s, "va_thread_jumps");
   assert_int_equal(f->s->block_count, blocks);
   uint64_t *words, costs[VA_COST_UNITS];
   size_t n;
   assert_true(va_emit_program(f->s, &f->a, &words, &n, costs, &d));
   struct strbuf sb;
   strbuf_init(&sb, &f->a);
   va_disassemble(&sb, words, n, 0);
   if (strcmp(sb.data, expected)) {
      fprintf(stderr, "--- expected\n%s--- got\n%s", expected, sb.data);
      fail();
   }
   arena_finish(&f->a);
}

/* Rule 1: the taken side's block of one jump is left out. */
static void
test_threads_branch(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f, 4);
   branch(&f, 0, 1, 2);
   jump(&f, 1, 3, VA_FLOW_RECONVERGE);
   add(&f, 2, VA_OP_NOP, VA_FLOW_NONE);
   falls(&f, 2, 3);
   add(&f, 3, VA_OP_NOP, VA_FLOW_END);
   check(&f, 3,
         "BRANCHZ.reconverge r1, offset:1\n"
         "NOP \n"
         "NOP.end \n");
}

/* Rule 2: the taken side is next, so the branch turns around. */
static void
test_inverts(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f, 3);
   branch(&f, 0, 1, 2);
   add(&f, 1, VA_OP_NOP, VA_FLOW_END);
   add(&f, 2, VA_OP_NOP, VA_FLOW_END);
   check(&f, 3,
         "BRANCHZ.eq.reconverge r1, offset:1\n"
         "NOP.end \n"
         "NOP.end \n");
}

/* Rule 3: neither side is next; the new jump reconverges because the
 * left-out one did. */
static void
test_jump_after_branch(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f, 5);
   branch(&f, 0, 3, 1);
   jump(&f, 1, 4, VA_FLOW_RECONVERGE);
   add(&f, 2, VA_OP_NOP, VA_FLOW_END);
   add(&f, 3, VA_OP_NOP, VA_FLOW_END);
   add(&f, 4, VA_OP_NOP, VA_FLOW_END);
   check(&f, 5,
         "BRANCHZ.reconverge r1, offset:2\n"
         "BRANCHZ.eq.reconverge 0x0, offset:2\n"
         "NOP.end \n"
         "NOP.end \n"
         "NOP.end \n");
}

/* Rules 4 and 5: a fall-through to a block further on gets a jump that
 * takes over `reconverge`; a jump to the next block leaves a NOP with its
 * flow. */
static void
test_falls_and_jumps(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f, 3);
   add(&f, 0, VA_OP_NOP, VA_FLOW_RECONVERGE);
   falls(&f, 0, 2);
   jump(&f, 1, 2, VA_FLOW_WAIT0);
   add(&f, 2, VA_OP_NOP, VA_FLOW_END);
   check(&f, 3,
         "NOP \n"
         "BRANCHZ.eq.reconverge 0x0, offset:1\n"
         "NOP.wait0 \n"
         "NOP.end \n");
}

/* Rule 1 for a block of one NOP.reconverge falling through, entered by a
 * branch: left out, as a jump would be (the branch reconverges itself).
 * A NOP without flow there stays. */
static void
test_skips_reconverge_nop(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f, 4);
   branch(&f, 0, 2, 1);
   add(&f, 1, VA_OP_NOP, VA_FLOW_END);
   add(&f, 2, VA_OP_NOP, VA_FLOW_RECONVERGE);
   falls(&f, 2, 3);
   add(&f, 3, VA_OP_NOP, VA_FLOW_END);
   check(&f, 3,
         "BRANCHZ.reconverge r1, offset:1\n"
         "NOP.end \n"
         "NOP.end \n");
   setup(&f, 4);
   branch(&f, 0, 2, 1);
   add(&f, 1, VA_OP_NOP, VA_FLOW_END);
   add(&f, 2, VA_OP_NOP, VA_FLOW_NONE);
   falls(&f, 2, 3);
   add(&f, 3, VA_OP_NOP, VA_FLOW_END);
   check(&f, 4,
         "BRANCHZ.reconverge r1, offset:1\n"
         "NOP.end \n"
         "NOP \n"
         "NOP.end \n");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_threads_branch),
      cmocka_unit_test(test_inverts),
      cmocka_unit_test(test_jump_after_branch),
      cmocka_unit_test(test_falls_and_jumps),
      cmocka_unit_test(test_skips_reconverge_nop),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
