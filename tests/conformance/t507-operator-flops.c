/* FLOP estimates (spec 06 §10) on configurations computed by hand below: a 2D mass apply, a 2D mass
 * setup (GRAD, strided output), a composite, and an operator at points. A QFunction without estimate
 * makes the estimate fail with CEED_ERROR_INCOMPLETE (store handler). */
#include <ceed.h>
#include <stdio.h>
#include <string.h>

#define NUM_ELEM 4
#define Q 4

static int noop(void *ctx, CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = in[0][i];
  return 0;
}

static int Check(const char *what, CeedOperator op, CeedSize expected) {
  CeedSize flops = -1;
  CeedOperatorGetFlopsEstimate(op, &flops);
  if (flops == expected) return 0;
  printf("%s: %lld FLOPs, expected %lld\n", what, (long long)flops, (long long)expected);
  return 1;
}

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_x, rstr_u, rstr_q, rstr_pts, rstr_u_pts;
  CeedBasis           basis_x, basis_u, basis_pts;
  CeedQFunction       qf_setup, qf_mass, qf_pts, qf_none;
  CeedOperator        op_setup, op_mass, op_composite, op_pts, op_none;
  CeedVector          q_data, coords;
  CeedInt             off_x[4 * NUM_ELEM], off_u[9 * NUM_ELEM], strides[3] = {1, Q * Q, Q * Q};
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  /* 2x2 elements; linear coordinates on a 3x3 grid, quadratic u on a 5x5 grid. */
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    CeedInt ex = e % 2, ey = e / 2;
    for (CeedInt j = 0; j < 2; j++)
      for (CeedInt i = 0; i < 2; i++) off_x[4 * e + 2 * j + i] = (ey + j) * 3 + ex + i;
    for (CeedInt j = 0; j < 3; j++)
      for (CeedInt i = 0; i < 3; i++) off_u[9 * e + 3 * j + i] = (2 * ey + j) * 5 + 2 * ex + i;
  }
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 4, 2, 9, 18, CEED_MEM_HOST, CEED_COPY_VALUES, off_x, &rstr_x);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 9, 1, 1, 25, CEED_MEM_HOST, CEED_COPY_VALUES, off_u, &rstr_u);
  CeedElemRestrictionCreateStrided(ceed, NUM_ELEM, Q * Q, 1, NUM_ELEM * Q * Q, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 2, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 3, Q, CEED_GAUSS, &basis_u);
  CeedVectorCreate(ceed, NUM_ELEM * Q * Q, &q_data);
  CeedQFunctionCreateInteriorByName(ceed, "Mass2DBuild", &qf_setup);
  CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf_mass);

  /* Mass apply (MassApply: 1 FLOP per point), 4 elements, P_1d = 3, Q_1d = 4, one component:
   *   u in:  restriction 0 + basis INTERP, T = 2*3*3*1*4 + 2*1*3*4*4 = 72 + 96 = 168 per element
   *   D:     4 elements * 16 points * 1 = 64
   *   v out: restriction e_size*1 = 4*9 = 36, basis transpose (p = q = 4) T = 2*4*4*1*4 + 2*1*4*4*4 = 256
   *   total = 4*168 + 64 + 36 + 4*256 = 1796 */
  CeedOperatorCreate(ceed, qf_mass, NULL, NULL, &op_mass);
  CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mass, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  ierr |= Check("mass apply", op_mass, 1796);

  /* Mass setup (Mass2DBuild: 4 FLOPs per point), coordinates with 2 components, P_1d = 2:
   *   dx in: GRAD = 2T with T = 2*(2*2)*2*1*4 + 2*2*2*4*4 = 64 + 128 = 192, so 384 per element
   *   weights: passive, not counted
   *   D:     4*16*4 = 256
   *   qdata out: strided restriction transpose e_size*1 = 64, no basis
   *   total = 4*384 + 256 + 64 = 1856 */
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  ierr |= Check("mass setup", op_setup, 1856);

  /* Composite: sum of the sub-operators. */
  CeedOperatorCreateComposite(ceed, &op_composite);
  ierr |= Check("empty composite", op_composite, 0);
  CeedOperatorCompositeAddSub(op_composite, op_mass);
  CeedOperatorCompositeAddSub(op_composite, op_mass);
  ierr |= Check("composite", op_composite, 2 * 1796);

  /* At points: 2 elements with 9 and 16 points (N = ceil(25 / 2) = 13 on host memory), tensor basis
   * P_1d = 2, Q_1d = 3, dim 2, one component, QFunction 3 FLOPs per point:
   *   u in (INTERP, at points): T = 2*2*2*1*3 + 2*1*2*3*3 = 60; U = 2*3*3*1 + 2*(3/2)*3*3 = 36;
   *      base = 60 + 13*36 = 528; INTERP adds 13*1*2*(3*(3-2)+1) = 104: 632 per element
   *   D:     2*13*3 = 78
   *   v out: restriction e_size*1 = 2*4 = 8; transpose (p = q = 3): T = 2*3*3*1*3 + 2*1*3*3*3 = 108,
   *      U = 36, base = 108 + 13*(36 + 9) = 693, INTERP 693 + 104 = 797 per element
   *   total = 2*632 + 78 + 8 + 2*797 = 2944 */
  {
    CeedInt off_pts[3 + 25], off_up[8] = {0, 1, 3, 4, 1, 2, 4, 5};
    off_pts[0] = 3, off_pts[1] = 12, off_pts[2] = 28;
    for (CeedInt p = 0; p < 25; p++) off_pts[3 + p] = p;
    CeedElemRestrictionCreateAtPoints(ceed, 2, 25, 2, 50, CEED_MEM_HOST, CEED_COPY_VALUES, off_pts, &rstr_pts);
    CeedElemRestrictionCreate(ceed, 2, 4, 1, 1, 6, CEED_MEM_HOST, CEED_COPY_VALUES, off_up, &rstr_u_pts);
    CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 2, 3, CEED_GAUSS, &basis_pts);
    CeedVectorCreate(ceed, 50, &coords);
    CeedVectorSetValue(coords, 0.0);
    CeedQFunctionCreateInterior(ceed, 1, noop, __FILE__ ":noop", &qf_pts);
    CeedQFunctionAddInput(qf_pts, "u", 1, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf_pts, "v", 1, CEED_EVAL_INTERP);
    CeedQFunctionSetUserFlopsEstimate(qf_pts, 3);
    CeedOperatorCreateAtPoints(ceed, qf_pts, NULL, NULL, &op_pts);
    CeedOperatorSetField(op_pts, "u", rstr_u_pts, basis_pts, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op_pts, "v", rstr_u_pts, basis_pts, CEED_VECTOR_ACTIVE);
    CeedOperatorAtPointsSetPoints(op_pts, rstr_pts, coords);
    /* Backends preferring device memory count N = the maximum number of points (16) per element:
     * 2*764 + 96 + 8 + 2*956 = 3544. */
    CeedMemType mem_type;
    CeedGetPreferredMemType(ceed, &mem_type);
    ierr |= Check("at points", op_pts, mem_type == CEED_MEM_DEVICE ? 3544 : 2944);
  }

  /* No estimate set on the QFunction. */
  CeedQFunctionCreateInterior(ceed, 1, noop, __FILE__ ":noop", &qf_none);
  CeedQFunctionAddInput(qf_none, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf_none, "v", 1, CEED_EVAL_INTERP);
  CeedOperatorCreate(ceed, qf_none, NULL, NULL, &op_none);
  CeedOperatorSetField(op_none, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_none, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  {
    CeedSize    flops = 0;
    const char *msg   = NULL;
    CeedSetErrorHandler(ceed, CeedErrorStore);
    int code = CeedOperatorGetFlopsEstimate(op_none, &flops);
    CeedGetErrorMessage(ceed, &msg);
    if (code != CEED_ERROR_INCOMPLETE || !strstr(msg, "Must set CeedQFunction FLOPs estimate with CeedQFunctionSetUserFlopsEstimate")) {
      printf("missing FLOPs estimate: code %d, message '%s'\n", code, msg);
      ierr = 1;
    }
    CeedResetErrorMessage(ceed, &msg);
  }

  CeedVectorDestroy(&q_data);
  CeedVectorDestroy(&coords);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedElemRestrictionDestroy(&rstr_pts);
  CeedElemRestrictionDestroy(&rstr_u_pts);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u);
  CeedBasisDestroy(&basis_pts);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_mass);
  CeedQFunctionDestroy(&qf_pts);
  CeedQFunctionDestroy(&qf_none);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_mass);
  CeedOperatorDestroy(&op_composite);
  CeedOperatorDestroy(&op_pts);
  CeedOperatorDestroy(&op_none);
  CeedDestroy(&ceed);
  return ierr;
}
