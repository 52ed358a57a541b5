/* Operators with the gallery identity QFunction (which backends may alias): with EVAL_NONE on both sides
 * on 5 linear 1D elements, v = E^T E u = multiplicity * u; with EVAL_INTERP on both sides (P = 3,
 * Q = 4) v = B^T B u, and for u = 1 the entries of v sum to num_elem * Q. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#define NUM_ELEM 5

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_1, rstr_2;
  CeedBasis           basis;
  CeedQFunction       qf_none, qf_interp;
  CeedOperator        op_none, op_interp;
  CeedVector          u1, v1, u2, v2;
  CeedInt             off_1[2 * NUM_ELEM], off_2[3 * NUM_ELEM];
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    off_1[2 * e] = e, off_1[2 * e + 1] = e + 1;
    for (CeedInt j = 0; j < 3; j++) off_2[3 * e + j] = 2 * e + j;
  }
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NUM_ELEM + 1, CEED_MEM_HOST, CEED_COPY_VALUES, off_1, &rstr_1);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 3, 1, 1, 2 * NUM_ELEM + 1, CEED_MEM_HOST, CEED_COPY_VALUES, off_2, &rstr_2);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 4, CEED_GAUSS, &basis);

  CeedQFunctionCreateIdentity(ceed, 1, CEED_EVAL_NONE, CEED_EVAL_NONE, &qf_none);
  CeedOperatorCreate(ceed, qf_none, NULL, NULL, &op_none);
  CeedOperatorSetField(op_none, "input", rstr_1, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_none, "output", rstr_1, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedVectorCreate(ceed, NUM_ELEM + 1, &u1);
  CeedVectorCreate(ceed, NUM_ELEM + 1, &v1);
  {
    CeedScalar        u_values[NUM_ELEM + 1];
    const CeedScalar *a;
    for (CeedInt i = 0; i <= NUM_ELEM; i++) u_values[i] = i + 1.0;
    CeedVectorSetArray(u1, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);
    CeedOperatorApply(op_none, u1, v1, CEED_REQUEST_IMMEDIATE);
    CeedVectorGetArrayRead(v1, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i <= NUM_ELEM; i++) {
      CeedScalar expected = (i == 0 || i == NUM_ELEM ? 1.0 : 2.0) * u_values[i];
      if (a[i] != expected) printf("identity NONE: v[%d] = %g, expected %g\n", (int)i, a[i], expected), ierr = 1;
    }
    CeedVectorRestoreArrayRead(v1, &a);
  }

  CeedQFunctionCreateIdentity(ceed, 1, CEED_EVAL_INTERP, CEED_EVAL_INTERP, &qf_interp);
  CeedOperatorCreate(ceed, qf_interp, NULL, NULL, &op_interp);
  CeedOperatorSetField(op_interp, "input", rstr_2, basis, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_interp, "output", rstr_2, basis, CEED_VECTOR_ACTIVE);
  CeedVectorCreate(ceed, 2 * NUM_ELEM + 1, &u2);
  CeedVectorCreate(ceed, 2 * NUM_ELEM + 1, &v2);
  CeedVectorSetValue(u2, 1.0);
  CeedOperatorApply(op_interp, u2, v2, CEED_REQUEST_IMMEDIATE);
  {
    const CeedScalar *a;
    CeedScalar        sum = 0.0;
    CeedVectorGetArrayRead(v2, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < 2 * NUM_ELEM + 1; i++) sum += a[i];
    CeedVectorRestoreArrayRead(v2, &a);
    if (fabs(sum - 4.0 * NUM_ELEM) > 1e-12) printf("identity INTERP: sum %.15f, expected %g\n", sum, 4.0 * NUM_ELEM), ierr = 1;
  }

  CeedVectorDestroy(&u1);
  CeedVectorDestroy(&v1);
  CeedVectorDestroy(&u2);
  CeedVectorDestroy(&v2);
  CeedElemRestrictionDestroy(&rstr_1);
  CeedElemRestrictionDestroy(&rstr_2);
  CeedBasisDestroy(&basis);
  CeedQFunctionDestroy(&qf_none);
  CeedQFunctionDestroy(&qf_interp);
  CeedOperatorDestroy(&op_none);
  CeedOperatorDestroy(&op_interp);
  CeedDestroy(&ceed);
  return ierr;
}
