/* SPDX-License-Identifier: MIT */
/*
 * The interpreter's inputs, system values, outputs, textures, memory and
 * the undefined behaviour it reports.  Expected values come from the
 * environment's documented functions (sim_env.h) and hand arithmetic.
 */
#include "interp_test.h"

static void
test_vertex_outputs(void **state)
{
   (void)state;
   struct run *r = run_text("VERT\n"
                            "DCL IN[0]\n"
                            "DCL SV[0], VERTEXID\n"
                            "DCL OUT[0], POSITION\n"
                            "DCL OUT[1], GENERIC[3]\n"
                            "DCL OUT[2], PSIZE\n"
                            "DCL OUT[3].x, GENERIC[4]\n"
                            "IMM[0] FLT32 {1.0, 0.5, 0.0, 2.0}\n"
                            "IMM[1] FLT32 {0.5, 4.0, 0.0, 0.0}\n"
                            "MOV OUT[0], IMM[0]\n"
                            "MOV OUT[1], IN[0]\n"
                            "MOV OUT[2], IMM[1].xxxx\n"
                            "MOV OUT[3].x, SV[0].xxxx\n"
                            "END\n",
                            4);
   const struct sim_outputs *o = &r->out;
   const struct tgsi_interp_annotations *a = r->res.annot;
   assert_true(o->wrote_position && o->wrote_point_size);
   /* (1, 0.5, 0, 2) / 2 * (128, 64, 0.5) + (144, 72, 0.5), 1/2. */
   float want[4] = {208.0f, 88.0f, 0.5f, 0.5f};
   for (unsigned l = 0; l < SIM_LANES; l++) {
      for (unsigned c = 0; c < 4; c++) {
         assert_true(o->position[l][c] == want[c]);
         assert_true(a->position[l][c].err > 0 &&
                     a->position[l][c].err < 1e-4);
      }
      /* A point size below 1 may be clamped to 1. */
      assert_true(o->point_size[l] == 0.5f && a->point_size[l].err >= 0.5);
   }
   assert_int_equal(o->varying_count, 2);
   assert_int_equal(o->varyings[0].semantic, TGSI_SEM_GENERIC);
   assert_int_equal(o->varyings[0].index, 3);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_vec4 in = sim_env_attrib(&r->env, 0, l);
      assert_memory_equal(o->varyings[0].value[l].w, in.w, 16);
      assert_int_equal(o->varyings[1].value[l].w[0], r->env.vertex_id[l]);
      assert_true(a->varyings[1][l][0].err == 0);
      assert_true(a->varyings[1][l][1].err == INFINITY); /* unwritten */
   }
   run_free(r);
   r = run_text("VERT\nPROPERTY VS_WINDOW_SPACE_POSITION 1\n"
                "DCL OUT[0], POSITION\n"
                "IMM[0] FLT32 {1.0, 0.5, 0.0, 2.0}\n"
                "MOV OUT[0], IMM[0]\nEND\n",
                1);
   assert_true(r->out.position[3][0] == 1.0f &&
               r->out.position[3][3] == 2.0f);
   assert_true(r->res.annot->position[3][0].err == 0);
   run_free(r);
   /* A word of a double as the size: of an exact one (F2D of 2.0) its
    * bits, compared; of an inexact one (F2D of LG2's result) the last
    * bits of a significand that may differ, not compared. */
   r = run_text("VERT\nDCL OUT[0], PSIZE\nDCL TEMP[0..1]\n"
                "IMM[0] FLT32 {2.0, 0.0, 0.0, 0.0}\n"
                "F2D TEMP[0].xy, IMM[0].xxxx\n"
                "MOV OUT[0].x, TEMP[0].yyyy\n"
                "END\n",
                2);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_true(r->out.point_size[l] == 2.0f); /* 0x40000000 */
      assert_true(r->res.annot->point_size[l].err < INFINITY);
   }
   run_free(r);
   r = run_text("VERT\nDCL IN[0]\nDCL OUT[0], PSIZE\nDCL TEMP[0..1]\n"
                "LG2 TEMP[1].x, IN[0].xxxx\n"
                "F2D TEMP[0].xy, TEMP[1].xxxx\n"
                "MOV OUT[0].x, TEMP[0].xxxx\n"
                "END\n",
                2);
   for (unsigned l = 0; l < SIM_LANES; l++)
      assert_true(r->res.annot->point_size[l].err == INFINITY);
   run_free(r);
}

/* Transform feedback: OUT[0].yz at dword 1 of buffer 2's 3-dword records,
 * OUT[1].x at dword 0; record n = instance * 4 + vertex; a buffer of 10
 * records and 2 words holds records 0-9 only. */
static void
test_transform_feedback_capture(void **state)
{
   (void)state;
   struct run *r = run_prepare("VERT\n"
                               "DCL IN[0]\n"
                               "DCL SV[0], VERTEXID\n"
                               "DCL OUT[0], POSITION\n"
                               "DCL OUT[1], GENERIC[0]\n"
                               "MOV OUT[0], IN[0]\n"
                               "MOV OUT[1], SV[0].xxxx\n"
                               "END\n",
                               3);
   const struct sim_xfb x = {
      .count = 2,
      .stride = {0, 0, 3, 0},
      .outputs = {{.reg = 0, .start = 1, .components = 2, .buffer = 2,
                   .offset = 1},
                  {.reg = 1, .start = 0, .components = 1, .buffer = 2,
                   .offset = 0}},
   };
   sim_env_set_draw(&r->env, 4);
   sim_env_bind_xfb(&r->env, 2, 4 * (3 * 10 + 2));
   r->env.xfb = &x;
   run_go(r);
   assert_true(r->ok);
   const struct sim_region *b =
      sim_memory_region(&r->env.memory, SIM_REGION_XFB, 2);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned n = r->env.instance_id[l] * 4 + l % 4;
      assert_int_equal(n, l);
      uint32_t w[3] = {0, 0, 0};
      if (n < 10)
         memcpy(w, b->bytes + 12 * n, 12);
      struct sim_vec4 in = sim_env_attrib(&r->env, 0, l);
      bool written = n < 10;
      assert_int_equal(w[0], written ? r->env.vertex_id[l] : 0);
      assert_int_equal(w[1], written ? in.w[1] : 0);
      assert_int_equal(w[2], written ? in.w[2] : 0);
   }
   /* Records 10 and up, and the 2 words after record 9, stay zero. */
   for (unsigned i = 30; i < 32; i++)
      assert_int_equal(((const uint32_t *)b->bytes)[i], 0);
   run_free(r);
}

static void
test_fragment_inputs(void **state)
{
   (void)state;
   struct run *r = run_text("FRAG\n"
                            "DCL IN[0], POSITION, LINEAR\n"
                            "DCL IN[1], FACE, CONSTANT\n"
                            "DCL IN[2].xy, GENERIC[2], PERSPECTIVE\n"
                            "DCL SV[0], FACE\n"
                            "DCL OUT[0], COLOR\n"
                            "DCL OUT[1], COLOR[1]\n"
                            "DCL OUT[2], COLOR[2]\n"
                            "DCL OUT[3], COLOR[3]\n"
                            "MOV OUT[0], IN[0]\n"
                            "MOV OUT[1], IN[1]\n"
                            "MOV OUT[2], IN[2]\n"
                            "MOV OUT[3], SV[0]\n"
                            "END\n",
                            9);
   const struct sim_env *e = &r->env;
   const struct tgsi_interp_annotations *a = r->res.annot;
   assert_int_equal(r->out.rt_written, 0xf);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const uint32_t *pos = r->out.color[0][l].w;
      assert_true(bitsf(pos[0]) == (float)e->pixel_x[l] + 0.5f);
      assert_true(bitsf(pos[1]) == (float)e->pixel_y[l] + 0.5f);
      assert_true(bitsf(pos[2]) == e->frag_z[l]);
      assert_true(bitsf(pos[3]) == e->frag_w[l]);
      const uint32_t *face = r->out.color[1][l].w;
      assert_true(bitsf(face[0]) == (e->front_facing[l] ? 1.0f : -1.0f));
      assert_true(bitsf(face[3]) == 1.0f);
      struct sim_vec4 v = sim_env_varying(e, TGSI_SEM_GENERIC, 2, l);
      assert_memory_equal(r->out.color[2][l].w, v.w, 8);
      assert_true(a->color[2][l][2].err == INFINITY); /* not declared */
      const uint32_t *sv = r->out.color[3][l].w;
      assert_int_equal(sv[0], e->front_facing[l] ? ~0u : 0u);
      assert_int_equal(sv[3], 1);
   }
   run_free(r);
   /* Lower-left origin, integer centres. */
   r = run_text("FRAG\nPROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
                "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
                "DCL IN[0], POSITION, LINEAR\nDCL OUT[0], COLOR\n"
                "MOV OUT[0], IN[0]\nEND\n",
                3);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float y = (float)(r->env.framebuffer_height - 1 - r->env.pixel_y[l]);
      assert_true(bitsf(r->out.color[0][l].w[0]) ==
                  (float)r->env.pixel_x[l]);
      assert_true(bitsf(r->out.color[0][l].w[1]) == y);
   }
   run_free(r);
}

static void
test_interpolation_opcodes(void **state)
{
   (void)state;
   struct run *r = run_text("FRAG\n"
                            "DCL IN[0], GENERIC[1], PERSPECTIVE\n"
                            "DCL IN[1], GENERIC[2], CONSTANT\n"
                            "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
                            "DCL OUT[2], COLOR[2]\n"
                            "IMM[0] FLT32 {0.25, -0.5, 0, 0}\n"
                            "INTERP_OFFSET OUT[0], IN[0], IMM[0]\n"
                            "INTERP_CENTROID OUT[1], IN[0]\n"
                            "INTERP_OFFSET OUT[2], IN[1].wzyx, IMM[0]\n"
                            "END\n",
                            6);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      struct sim_vec4 at = sim_env_varying_at(&r->env, TGSI_SEM_GENERIC, 1,
                                              l, 0.25f, -0.5f);
      struct sim_vec4 c = sim_env_varying(&r->env, TGSI_SEM_GENERIC, 1, l);
      struct sim_vec4 flat = sim_env_varying(&r->env, TGSI_SEM_GENERIC, 2,
                                             l);
      assert_memory_equal(r->out.color[0][l].w, at.w, 16);
      assert_memory_equal(r->out.color[1][l].w, c.w, 16);
      for (unsigned k = 0; k < 4; k++)
         assert_int_equal(r->out.color[2][l].w[k], flat.w[3 - k]);
   }
   /* The offset does move the value somewhere. */
   bool moved = false;
   for (unsigned l = 0; l < SIM_LANES; l++)
      moved |= memcmp(r->out.color[0][l].w, r->out.color[1][l].w, 16);
   assert_true(moved);
   run_free(r);
}

static void
test_fragment_outputs(void **state)
{
   (void)state;
   struct run *r = run_text("FRAG\n"
                            "DCL OUT[0], POSITION\n"
                            "DCL OUT[1], STENCIL\n"
                            "DCL OUT[2], SAMPLEMASK\n"
                            "DCL OUT[3], COLOR[1]\n"
                            "IMM[0] FLT32 {0.0, 0.0, 0.75, 0.0}\n"
                            "IMM[1] UINT32 {5, 7, 9, 11}\n"
                            "MOV OUT[0].z, IMM[0].zzzz\n"
                            "MOV OUT[1].y, IMM[1].yyyy\n"
                            "MOV OUT[2].x, IMM[1].zzzz\n"
                            "MOV OUT[3], IMM[1]\n"
                            "END\n",
                            1);
   assert_true(r->out.wrote_depth && r->out.wrote_stencil &&
               r->out.wrote_sample_mask);
   assert_int_equal(r->out.rt_written, 2);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_true(r->out.depth[l] == 0.75f);
      assert_int_equal(r->out.stencil[l], 7);
      assert_int_equal(r->out.sample_mask[l], 9);
      assert_int_equal(r->out.color[1][l].w[3], 11);
   }
   assert_int_equal(r->out.depth_writer, 1);
   run_free(r);
}

/* ---------------------------------------------------------------------
 * Textures
 */

static void
test_texel_fetch_and_size(void **state)
{
   (void)state;
   struct run *r = run_text("VERT\n"
                            "DCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                            "DCL SAMP[0]\nDCL SVIEW[0], 2D, UINT\n"
                            "IMM[0] INT32 {1, 2, 0, 0}\n"
                            "IMM[1] INT32 {0, 0, 0, 0}\n"
                            "TXF OUT[0], IMM[0], SAMP[0], 2D\n"
                            "TXQ OUT[1], IMM[1].xxxx, SAMP[0], 2D\n"
                            "END\n",
                            11);
   const struct sim_texture *t = &r->env.textures[0];
   struct sim_vec4 texel = sim_env_texel(&r->env, 0, 0, 1, 2, 0);
   assert_true(t->bound && t->type == SIM_TEXEL_UINT);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_memory_equal(r->out.varyings[0].value[l].w, texel.w, 16);
      const uint32_t *size = r->out.varyings[1].value[l].w;
      assert_int_equal(size[0], t->width);
      assert_int_equal(size[1], t->height);
      assert_int_equal(size[3], t->levels);
      assert_true(r->res.annot->varyings[1][l][2].err == INFINITY);
   }
   run_free(r);
}

static struct sim_vec4
sample_2d(const struct sim_env *env, float s, float t, bool shadow,
          float ref)
{
   struct sim_tex_request q;
   memset(&q, 0, sizeof(q));
   q.op = SIM_TEX_SAMPLE;
   q.coord[0] = s;
   q.coord[1] = t;
   q.shadow = shadow;
   q.compare = ref;
   return sim_env_sample(env, &q, NULL);
}

static void
test_sampling_forms(void **state)
{
   (void)state;
   /* Vertex shaders sample at LOD 0: no quad needed. */
   struct run *r = run_text("VERT\n"
                            "DCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                            "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\n"
                            "DCL SAMP[0]\nDCL SAMP[1]\n"
                            "DCL SVIEW[0], 2D, FLOAT\n"
                            "DCL SVIEW[1], SHADOW2D, FLOAT\n"
                            "IMM[0] FLT32 {0.3, 0.7, 0.5, 0.0}\n"
                            "IMM[1] FLT32 {0.6, 1.4, 0.5, 2.0}\n"
                            "TEX OUT[0], IMM[0], SAMP[0], 2D\n"
                            "TXP OUT[1], IMM[1], SAMP[0], 2D\n"
                            "SAMPLE OUT[2], IMM[0], SVIEW[0].wzyx, SAMP[0]\n"
                            "TEX OUT[3], IMM[0], SAMP[1], SHADOW2D\n"
                            "END\n",
                            12);
   struct sim_vec4 plain = sample_2d(&r->env, 0.3f, 0.7f, false, 0);
   struct sim_env *e = &r->env;
   assert_true(e->samplers[1].compare_func != 0);
   assert_int_equal(e->samplers[0].compare_func, 0);
   struct sim_tex_request q;
   memset(&q, 0, sizeof(q));
   q.op = SIM_TEX_SAMPLE;
   q.texture = q.sampler = 1;
   q.coord[0] = 0.3f, q.coord[1] = 0.7f, q.coord[2] = 0.5f;
   q.shadow = true;
   q.compare = 0.5f;
   struct sim_vec4 shadow = sim_env_sample(e, &q, NULL);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_memory_equal(r->out.varyings[0].value[l].w, plain.w, 16);
      /* TXP: (0.6, 1.4, 0.5) / 2 = (0.3, 0.7, 0.25) */
      assert_memory_equal(r->out.varyings[1].value[l].w, plain.w, 16);
      for (unsigned c = 0; c < 4; c++)
         assert_int_equal(r->out.varyings[2].value[l].w[c], plain.w[3 - c]);
      assert_memory_equal(r->out.varyings[3].value[l].w, shadow.w, 16);
   }
   run_free(r);
}

/* The request each form builds, asked of the environment directly. */
static struct sim_vec4
request(const struct sim_env *e, enum sim_tex_op op, const float *c,
        float lod, unsigned component)
{
   struct sim_tex_request q;
   memset(&q, 0, sizeof(q));
   q.op = op;
   memcpy(q.coord, c, 16);
   q.lod = lod;
   q.component = component;
   q.ddx[0] = 0.5f;
   q.ddy[1] = 0.25f;
   return sim_env_sample(e, &q, NULL);
}

static void
test_lod_bias_gradient_and_gather_forms(void **state)
{
   (void)state;
   struct run *r = run_text("VERT\n"
                            "DCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                            "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\n"
                            "DCL OUT[4], GENERIC[4]\nDCL OUT[5], GENERIC[5]\n"
                            "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
                            "IMM[0] FLT32 {0.3, 0.7, 0.0, 1.0}\n"
                            "IMM[1] FLT32 {0.5, 0.0, 0.0, 0.0}\n"
                            "IMM[2] FLT32 {0.0, 0.25, 0.0, 0.0}\n"
                            "IMM[3] UINT32 {1, 0, 0, 0}\n"
                            "TXL OUT[0], IMM[0], SAMP[0], 2D\n"
                            "TXB OUT[1], IMM[0], SAMP[0], 2D\n"
                            "TXD OUT[2], IMM[0], IMM[1], IMM[2], SAMP[0], 2D\n"
                            "TG4 OUT[3], IMM[0], IMM[3].xxxx, SAMP[0], 2D\n"
                            "TEX_LZ OUT[4], IMM[0], SAMP[0], 2D\n"
                            "SAMPLE_L OUT[5], IMM[0], SVIEW[0], SAMP[0], "
                            "IMM[0].wwww\n"
                            "END\n",
                            13);
   const struct sim_env *e = &r->env;
   assert_true(e->textures[0].levels > 1); /* so that the LOD matters */
   float c[4] = {0.3f, 0.7f, 0.0f, 1.0f};
   struct sim_vec4 want[6] = {
      request(e, SIM_TEX_SAMPLE_LOD, c, 1.0f, 0),
      request(e, SIM_TEX_SAMPLE_BIAS, c, 1.0f, 0),
      request(e, SIM_TEX_SAMPLE_GRAD, c, 0, 0),
      request(e, SIM_TEX_GATHER, c, 0, 1),
      request(e, SIM_TEX_SAMPLE_LOD, c, 0.0f, 0),
      request(e, SIM_TEX_SAMPLE_LOD, c, 1.0f, 0),
   };
   for (unsigned i = 0; i < 6; i++) {
      for (unsigned l = 0; l < SIM_LANES; l++)
         assert_memory_equal(r->out.varyings[i].value[l].w, want[i].w, 16);
   }
   run_free(r);
}

/* An explicit LOD reaches the texture unit in 8.8 fixed point
 * (LOD_STEP): just past a nearest-level rounding point (1.5 + 2^-21, the
 * generator's seed 7711439 in a vertex shader), a model that drops the
 * low bits takes the level below, so the result carries a tolerance that
 * covers it; well away from one (1.25) it stays exact. */
static void
test_explicit_lod_in_fixed_point(void **state)
{
   (void)state;
   const char *text = "VERT\n"
                      "DCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                      "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
                      "IMM[0] FLT32 {0.3, 0.7, 0.0, 1.5000007}\n"
                      "IMM[1] FLT32 {0.3, 0.7, 0.0, 1.25}\n"
                      "TXL OUT[0], IMM[0], SAMP[0], 2D\n"
                      "TXL OUT[1], IMM[1], SAMP[0], 2D\n"
                      "END\n";
   for (uint64_t seed = 1; seed < 256; seed++) {
      struct run *r = run_text(text, seed);
      const struct sim_env *e = &r->env;
      float c[4] = {0.3f, 0.7f, 0.0f, 1.0f};
      struct sim_vec4 exact = request(e, SIM_TEX_SAMPLE_LOD, c, 1.5000007f, 0);
      struct sim_vec4 fixed = request(e, SIM_TEX_SAMPLE_LOD, c, 1.5f, 0);
      if (e->textures[0].levels < 3 ||
          !memcmp(exact.w, fixed.w, sizeof(exact.w))) {
         run_free(r);
         continue;
      }
      for (unsigned l = 0; l < SIM_LANES; l++) {
         assert_memory_equal(r->out.varyings[0].value[l].w, exact.w, 16);
         assert_true(r->res.annot->varyings[0][l][0].err > 0);
         assert_true(r->res.annot->varyings[1][l][0].err == 0);
      }
      run_free(r);
      return;
   }
   fail_msg("no input set whose levels 1 and 2 differ there");
}

static void
test_implicit_lod_needs_the_quad(void **state)
{
   (void)state;
   const char *text = "FRAG\n"
                      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                      "DCL IN[1], POSITION, LINEAR\n"
                      "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
                      "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
                      "DCL TEMP[0..1]\n"
                      "IMM[0] UINT32 {1, 0, 0, 0}\n"
                      "TEX OUT[0], IN[0], SAMP[0], 2D\n"
                      "F2U TEMP[0], IN[1]\n"
                      "AND TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                      "MOV OUT[1], IN[0]\n"
                      "UIF TEMP[0].xxxx :0\n"
                      "  TEX OUT[1], IN[0], SAMP[0], 2D\n"
                      "ENDIF\n"
                      "END\n";
   /* Find an input set whose texture has several levels. */
   for (uint64_t seed = 1; seed < 64; seed++) {
      struct run *r = run_text(text, seed);
      if (r->env.textures[0].levels < 2) {
         run_free(r);
         continue;
      }
      for (unsigned l = 0; l < SIM_LANES; l++) {
         const struct sim_tex_request *quad[4];
         struct sim_tex_request q[4];
         for (unsigned i = 0; i < 4; i++) {
            struct sim_vec4 v = sim_env_varying(&r->env, TGSI_SEM_GENERIC,
                                                0, (l & ~3u) + i);
            memset(&q[i], 0, sizeof(q[i]));
            q[i].op = SIM_TEX_SAMPLE;
            for (unsigned c = 0; c < 4; c++)
               q[i].coord[c] = bitsf(v.w[c]);
            quad[i] = &q[i];
         }
         struct sim_vec4 want = sim_env_sample(&r->env, &q[l & 3], quad);
         assert_memory_equal(r->out.color[0][l].w, want.w, 16);
         assert_true(r->res.annot->color[0][l][0].err == 0);
         if (r->env.pixel_x[l] & 1) /* sampled with neighbours idle */
            assert_true(r->res.annot->color[1][l][0].err == INFINITY);
      }
      run_free(r);
      return;
   }
   fail_msg("no input set with a mipmapped texture");
}

/* Regression (corpus-apps fs/836d59157ad7 compared no word at all): a
 * 2-D coordinate whose z and w the shader never wrote made the texel
 * undefined; only the channels the target reads count.  And
 * (corpus-apps fs/5c2f836ac9b5, then compared) the zero direction names
 * no cube face: that texel is undefined. */
static void
test_texel_depends_only_on_channels_read(void **state)
{
   (void)state;
   struct run *r = run_text("FRAG\n"
                            "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                            "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
                            "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"
                            "DCL SAMP[1]\nDCL SVIEW[1], CUBE, FLOAT\n"
                            "DCL TEMP[0..1]\n"
                            "IMM[0] FLT32 {0.0, 0.0, 0.0, 0.0}\n"
                            "MOV TEMP[0].xy, IN[0]\n"
                            "TEX OUT[0], TEMP[0], SAMP[0], 2D\n"
                            "MOV TEMP[1].xyz, IMM[0]\n"
                            "TEX OUT[1], TEMP[1], SAMP[1], CUBE\n"
                            "END\n",
                            1);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_true(r->res.annot->color[0][l][0].err == 0);
      assert_true(r->res.annot->color[1][l][0].err == INFINITY);
   }
   run_free(r);
}

/* ---------------------------------------------------------------------
 * Memory
 */

#define CS_HEAD                                                              \
   "COMP\n"                                                                  \
   "PROPERTY CS_FIXED_BLOCK_WIDTH 8\n"                                       \
   "PROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"                                      \
   "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"                                       \
   "DCL SV[0], THREAD_ID\n"                                                  \
   "DCL BUFFER[0]\n"                                                         \
   "DCL TEMP[0..3]\n"                                                        \
   "IMM[0] UINT32 {2, 1, 0, 3}\n"

static uint32_t
buffer_word(const struct run *r, uint32_t index, uint32_t offset)
{
   struct sim_region *b = sim_memory_region(
      (struct sim_memory *)&r->env.memory, SIM_REGION_BUFFER, index);
   uint32_t w;
   memcpy(&w, b->bytes + offset, 4);
   return w;
}

static void
test_buffer_load_store(void **state)
{
   (void)state;
   /* word[2 * id] = id, then TEMP = word[2 * id + 1] stored back at
    * word[2 * id + 1] + 1 (id = x + 8 y). */
   struct run *r = run_text(CS_HEAD
                            "SHL TEMP[0].x, SV[0].yyyy, IMM[0].wwww\n"
                            "UADD TEMP[0].x, TEMP[0].xxxx, SV[0].xxxx\n"
                            "SHL TEMP[1].x, TEMP[0].xxxx, IMM[0].wwww\n"
                            "STORE BUFFER[0].x, TEMP[1].xxxx, "
                            "TEMP[0].xxxx\n"
                            "LOAD TEMP[2].y, BUFFER[0], TEMP[1].xxxx\n"
                            "UADD TEMP[2].y, TEMP[2].yyyy, IMM[0].yyyy\n"
                            "STORE BUFFER[0].y, TEMP[1].xxxx, TEMP[2]\n"
                            "END\n",
                            2);
   struct run *before = run_prepare(CS_HEAD "END\n", 2);
   for (uint32_t id = 0; id < 16; id++) {
      assert_int_equal(buffer_word(r, 0, 8 * id), id);
      assert_int_equal(buffer_word(r, 0, 8 * id + 4),
                       buffer_word(before, 0, 8 * id + 4) + 1);
   }
   assert_int_equal(r->res.annot->memory[0][2].insn, 3);
   assert_int_equal(r->res.undefined, 0);
   run_free(before);
   run_free(r);
}

static void
test_atomic_results_depend_on_conflicts(void **state)
{
   (void)state;
   const char *text = "COMP\n"
                      "PROPERTY CS_FIXED_BLOCK_WIDTH 16\n"
                      "DCL SV[0], THREAD_ID\n"
                      "DCL BUFFER[0]\nDCL BUFFER[1]\n"
                      "DCL TEMP[0..1]\n"
                      "IMM[0] UINT32 {0, 4, 2, 0}\n"
                      "ATOMUADD TEMP[0].x, BUFFER[0], IMM[0].xxxx, "
                      "IMM[0].yyyy\n"
                      "ATOMXCHG TEMP[0].y, BUFFER[0], IMM[0].yyyy, "
                      "SV[0].xxxx\n"
                      "SHL TEMP[1].x, SV[0].xxxx, IMM[0].zzzz\n"
                      "SHL TEMP[1].y, TEMP[1].xxxx, IMM[0].zzzz\n"
                      "ATOMUADD TEMP[0].z, BUFFER[0], TEMP[1].xxxx, "
                      "IMM[0].yyyy\n"
                      "STORE BUFFER[1].xyz, TEMP[1].yyyy, TEMP[0]\n"
                      "END\n";
   struct run *before = run_prepare(text, 4);
   struct run *r = run_text(text, 4);
   const struct tgsi_interp_annot *mem0 = r->res.annot->memory[0];
   const struct tgsi_interp_annot *mem1 = r->res.annot->memory[1];
   /* 16 lanes add 4 to word 0: the sum is exact in any order, the old
    * values each lane gets back are not; which exchange lands last is
    * not defined either. */
   assert_int_equal(buffer_word(r, 0, 0), buffer_word(before, 0, 0) + 68);
   assert_true(mem0[0].err == 0);
   assert_true(mem0[1].err == INFINITY);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      assert_true(mem1[4 * l].err == INFINITY);
      assert_true(mem1[4 * l + 1].err == INFINITY);
      /* One lane per word: exact, except on the exchanged word. */
      assert_true(mem1[4 * l + 2].err == (l == 1 ? INFINITY : 0));
   }
   run_free(before);
   run_free(r);
}

static void
test_images_and_shared_memory(void **state)
{
   (void)state;
   struct run *r = run_text("COMP\n"
                            "PROPERTY CS_FIXED_BLOCK_WIDTH 4\n"
                            "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                            "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                            "DCL SV[0], THREAD_ID\n"
                            "DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT,"
                            " WR\n"
                            "DCL MEMORY[0], SHARED\n"
                            "DCL BUFFER[0]\n"
                            "DCL TEMP[0..2]\n"
                            "IMM[0] UINT32 {0, 1, 2, 3}\n"
                            "IMM[1] FLT32 {1.5, -2.0, 0.25, 8.0}\n"
                            "MOV TEMP[0], SV[0].xxxx\n"
                            "MOV TEMP[0].y, IMM[0].yyyy\n"
                            "STORE IMAGE[0], TEMP[0], IMM[1], 2D, "
                            "PIPE_FORMAT_R32G32B32A32_FLOAT\n"
                            "LOAD TEMP[1], IMAGE[0], TEMP[0], 2D, "
                            "PIPE_FORMAT_R32G32B32A32_FLOAT\n"
                            "SHL TEMP[2].x, SV[0].xxxx, IMM[0].wwww\n"
                            "STORE MEMORY[0].x, TEMP[2].xxxx, TEMP[1].wwww\n"
                            "BARRIER\n"
                            "LOAD TEMP[0].x, MEMORY[0], IMM[0].xxxx\n"
                            "MOV TEMP[2].y, TEMP[0].xxxx\n"
                            "RESQ TEMP[0], BUFFER[0]\n"
                            "MOV TEMP[2].z, TEMP[0].xxxx\n"
                            "STORE BUFFER[0].yz, TEMP[2].xxxx, TEMP[2]\n"
                            "END\n",
                            5);
   assert_int_equal(sim_env_live_lanes(&r->env), 0xf);
   assert_int_equal(r->res.undefined, 0);
   struct sim_region *img =
      sim_memory_region(&r->env.memory, SIM_REGION_IMAGE, 0);
   for (uint32_t x = 0; x < 4; x++) {
      int64_t off = sim_env_image_offset(&r->env, 0, (int32_t)x, 1, 0);
      float f[4];
      memcpy(f, img->bytes + off, 16);
      assert_true(f[0] == 1.5f && f[3] == 8.0f);
      assert_int_equal(buffer_word(r, 0, 8 * x + 4), fbits(8.0f));
      assert_int_equal(buffer_word(r, 0, 8 * x + 8),
                       TGSI_INTERP_BUFFER_BYTES);
   }
   run_free(r);
}

/* ---------------------------------------------------------------------
 * Undefined behaviour
 */

static void
expect_ub(const char *text, enum tgsi_interp_ub kind)
{
   struct run *r = run_text(text, 1);
   if (!(r->res.undefined & kind))
      fail_msg("expected %s, got 0x%x (%s)", tgsi_interp_ub_name(kind),
               r->res.undefined, r->res.message);
   assert_true(r->res.ub_insn >= 0);
   run_free(r);
}

static void
test_undefined_behaviour_is_flagged(void **state)
{
   (void)state;
   expect_ub("VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
             "MOV OUT[0], TEMP[3]\nEND\n",
             TGSI_INTERP_UB_UNDECLARED);
   expect_ub("VERT\nDCL OUT[0], GENERIC[0]\n"
             "DCL TEMP[0..1], ARRAY(1)\nDCL TEMP[2]\nDCL ADDR[0]\n"
             "IMM[0] INT32 {2, 0, 0, 0}\n"
             "UARL ADDR[0].x, IMM[0].xxxx\n"
             "MOV OUT[0], TEMP[ADDR[0].x](1)\nEND\n",
             TGSI_INTERP_UB_INDIRECT);
   expect_ub("VERT\nDCL OUT[0], GENERIC[0]\n"
             "DCL TEMP[0..1], ARRAY(1)\nDCL ADDR[0]\n"
             "IMM[0] INT32 {-1, 0, 0, 0}\n"
             "UARL ADDR[0].x, IMM[0].xxxx\n"
             "MOV TEMP[ADDR[0].x](1), IMM[0]\nEND\n",
             TGSI_INTERP_UB_INDIRECT);
   expect_ub("VERT\nDCL OUT[0], GENERIC[0]\nDCL CONST[0][0..3]\n"
             "DCL ADDR[0]\nIMM[0] INT32 {4, 0, 0, 0}\n"
             "UARL ADDR[0].x, IMM[0].xxxx\n"
             "MOV OUT[0], CONST[0][ADDR[0].x]\nEND\n",
             TGSI_INTERP_UB_INDIRECT);
   expect_ub(CS_HEAD "STORE BUFFER[0].x, IMM[0].yyyy, IMM[0]\nEND\n",
             TGSI_INTERP_UB_MEMORY); /* misaligned */
   expect_ub("COMP\nDCL SV[0], THREAD_ID\nDCL BUFFER[0]\nDCL TEMP[0]\n"
             "IMM[0] UINT32 {4096, 0, 0, 0}\n"
             "LOAD TEMP[0], BUFFER[0], IMM[0]\nEND\n",
             TGSI_INTERP_UB_MEMORY);
   expect_ub("COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 16\n"
             "DCL SV[0], THREAD_ID\nDCL TEMP[0]\n"
             "IMM[0] UINT32 {1, 0, 0, 0}\n"
             "AND TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
             "UIF TEMP[0].xxxx :0\n  BARRIER\nENDIF\nEND\n",
             TGSI_INTERP_UB_BARRIER);
   /* Indirection inside the declaration is fine. */
   struct run *r = run_text("VERT\nDCL OUT[0], GENERIC[0]\n"
                            "DCL CONST[0][0..7]\nDCL ADDR[0]\n"
                            "IMM[0] INT32 {4, 0, 0, 0}\n"
                            "UARL ADDR[0].x, IMM[0].xxxx\n"
                            "MOV OUT[0], CONST[0][ADDR[0].x+3]\nEND\n",
                            1);
   assert_int_equal(r->res.undefined, 0);
   assert_int_equal(r->out.varyings[0].value[0].w[1],
                    sim_env_ubo_word(&r->env, 0, 7 * 16 + 4));
   run_free(r);
}

static void
test_uniform_kinds_follow_their_uses(void **state)
{
   (void)state;
   struct run *r = run_text("VERT\nDCL OUT[0], GENERIC[0]\n"
                            "DCL CONST[0][0..1]\nDCL TEMP[0]\n"
                            "UADD TEMP[0].x, CONST[0][0].xxxx, "
                            "CONST[0][0].yyyy\n"
                            "ADD TEMP[0].y, CONST[0][1].xxxx, "
                            "CONST[0][1].xxxx\n"
                            "MOV OUT[0], TEMP[0]\nEND\n",
                            8);
   assert_int_equal(r->env.ubo_kind[0][0], SIM_VALUE_INT);
   assert_int_equal(r->env.ubo_kind[0][1], SIM_VALUE_INT);
   assert_int_equal(r->env.ubo_kind[0][4], SIM_VALUE_FLOAT);
   assert_true(sim_env_ubo_word(&r->env, 0, 0) < 8);
   run_free(r);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_outputs),
      cmocka_unit_test(test_transform_feedback_capture),
      cmocka_unit_test(test_fragment_inputs),
      cmocka_unit_test(test_interpolation_opcodes),
      cmocka_unit_test(test_fragment_outputs),
      cmocka_unit_test(test_texel_fetch_and_size),
      cmocka_unit_test(test_sampling_forms),
      cmocka_unit_test(test_lod_bias_gradient_and_gather_forms),
      cmocka_unit_test(test_explicit_lod_in_fixed_point),
      cmocka_unit_test(test_implicit_lod_needs_the_quad),
      cmocka_unit_test(test_texel_depends_only_on_channels_read),
      cmocka_unit_test(test_buffer_load_store),
      cmocka_unit_test(test_atomic_results_depend_on_conflicts),
      cmocka_unit_test(test_images_and_shared_memory),
      cmocka_unit_test(test_undefined_behaviour_is_flagged),
      cmocka_unit_test(test_uniform_kinds_follow_their_uses),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
