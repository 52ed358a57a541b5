/* Apply / ApplyAdd / ApplyAddActive semantics for passive outputs: a 1D setup operator (gallery
 * Mass1DBuild) writes quadrature data into a passive output vector; on [0, 2] with 4 elements the data sum
 * to the length 2. Apply overwrites the passive output, ApplyAdd adds into it, ApplyAddActive zeroes it
 * first. An operator with no active input or output applies with CEED_VECTOR_NONE for both. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "check-vector.h"

#define NUM_ELEM 4
#define Q 3

static int Expect(const char *what, CeedScalar got, CeedScalar expected) {
  if (fabs(got - expected) <= 1e-13) return 0;
  printf("%s: %.15f, expected %.15f\n", what, got, expected);
  return 1;
}

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_x, rstr_q;
  CeedBasis           basis_x;
  CeedQFunction       qf_setup;
  CeedOperator        op_setup, op_passive;
  CeedVector          x, q_data;
  CeedInt             offsets[2 * NUM_ELEM], strides[3] = {1, Q, Q};
  CeedScalar          x_nodes[NUM_ELEM + 1];
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt e = 0; e < NUM_ELEM; e++) offsets[2 * e] = e, offsets[2 * e + 1] = e + 1;
  for (CeedInt i = 0; i <= NUM_ELEM; i++) x_nodes[i] = 2.0 * i / NUM_ELEM + 0.1 * i * (NUM_ELEM - i); /* non-uniform */
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NUM_ELEM + 1, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_x);
  CeedElemRestrictionCreateStrided(ceed, NUM_ELEM, Q, 1, NUM_ELEM * Q, strides, &rstr_q);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis_x);
  CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup);
  CeedVectorCreate(ceed, NUM_ELEM + 1, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedVectorCreate(ceed, NUM_ELEM * Q, &q_data);

  /* Active coordinates in, passive quadrature data out. */
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedVectorSetValue(q_data, 100.0);
  CeedOperatorApply(op_setup, x, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("Apply (passive output overwritten)", VectorSum(q_data), 2.0);
  CeedOperatorApplyAdd(op_setup, x, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("ApplyAdd (passive output accumulated)", VectorSum(q_data), 4.0);
  CeedOperatorApplyAddActive(op_setup, x, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("ApplyAddActive (passive output zeroed first)", VectorSum(q_data), 2.0);

  /* No active field at all: coordinates passive in, quadrature data passive out. */
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_passive);
  CeedOperatorSetField(op_passive, "dx", rstr_x, basis_x, x);
  CeedOperatorSetField(op_passive, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_passive, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedSize in_size, out_size;
  CeedOperatorGetActiveVectorLengths(op_passive, &in_size, &out_size);
  if (in_size != -1 || out_size != -1) printf("passive operator lengths %lld %lld\n", (long long)in_size, (long long)out_size), ierr = 1;
  CeedVectorSetValue(q_data, -7.0);
  CeedOperatorApply(op_passive, CEED_VECTOR_NONE, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("passive-only Apply", VectorSum(q_data), 2.0);
  CeedOperatorApplyAdd(op_passive, CEED_VECTOR_NONE, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  CeedOperatorApplyAdd(op_passive, CEED_VECTOR_NONE, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
  ierr |= Expect("passive-only ApplyAdd twice", VectorSum(q_data), 6.0);
  /* Each quadrature value is w_q * J_e with J_e = h_e / 2. */
  {
    CeedScalar        q_ref[Q], q_weight[Q];
    const CeedScalar *a;
    CeedGaussQuadrature(Q, q_ref, q_weight);
    CeedOperatorApply(op_passive, CEED_VECTOR_NONE, CEED_VECTOR_NONE, CEED_REQUEST_IMMEDIATE);
    CeedVectorGetArrayRead(q_data, CEED_MEM_HOST, &a);
    for (CeedInt e = 0; e < NUM_ELEM; e++) {
      for (CeedInt q = 0; q < Q; q++) {
        CeedScalar expected = q_weight[q] * 0.5 * (x_nodes[e + 1] - x_nodes[e]);
        if (fabs(a[e * Q + q] - expected) > 1e-15) printf("qdata[%d][%d] = %.16f, expected %.16f\n", (int)e, (int)q, a[e * Q + q], expected), ierr = 1;
      }
    }
    CeedVectorRestoreArrayRead(q_data, &a);
  }

  CeedVectorDestroy(&x);
  CeedVectorDestroy(&q_data);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedBasisDestroy(&basis_x);
  CeedQFunctionDestroy(&qf_setup);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_passive);
  CeedDestroy(&ceed);
  return ierr;
}
