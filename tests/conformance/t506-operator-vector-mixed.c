/* Multi-component and multi-field operators on the 1D mesh [0, 2] with 4 elements: a 3-component mass
 * operator (gallery Vector3MassApply, components stored with a component stride) and a mixed operator
 * with two active inputs and two active outputs on different bases and restrictions of one L-vector
 * (P=3 field u in entries [0, 9), P=2 field p in entries [9, 14)). Sums are integrals over [0, 2]. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "check-vector.h"
#include "t506-operator-vector-mixed.h"

#define NUM_ELEM 4
#define Q 4
#define NODES_U (2 * NUM_ELEM + 1)
#define NODES_P (NUM_ELEM + 1)

static CeedScalar SumRange(CeedVector v, CeedInt start, CeedInt stop) {
  const CeedScalar *a;
  CeedScalar        s = 0.0;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (CeedInt i = start; i < stop; i++) s += a[i];
  CeedVectorRestoreArrayRead(v, &a);
  return s;
}

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_x, rstr_q, rstr_u3, rstr_u, rstr_p;
  CeedBasis           basis_x, basis_u3, basis_u, basis_p;
  CeedQFunction       qf_setup, qf_vmass, qf_mixed;
  CeedOperator        op_setup, op_vmass, op_mixed;
  CeedVector          x, q_data, u3, v3, w, vw;
  CeedInt             off_x[2 * NUM_ELEM], off_u[3 * NUM_ELEM], off_u_shift[3 * NUM_ELEM], off_p[2 * NUM_ELEM], strides[3] = {1, Q, Q};
  CeedScalar          x_nodes[NODES_P], gll[3], gw[3];
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  CeedLobattoQuadrature(3, gll, gw);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    off_x[2 * e] = e, off_x[2 * e + 1] = e + 1;
    off_p[2 * e] = NODES_U + e, off_p[2 * e + 1] = NODES_U + e + 1;
    for (CeedInt j = 0; j < 3; j++) off_u[3 * e + j] = off_u_shift[3 * e + j] = 2 * e + j;
  }
  for (CeedInt i = 0; i < NODES_P; i++) x_nodes[i] = 0.5 * i;
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NODES_P, CEED_MEM_HOST, CEED_COPY_VALUES, off_x, &rstr_x);
  CeedElemRestrictionCreateStrided(ceed, NUM_ELEM, Q, 1, NUM_ELEM * Q, strides, &rstr_q);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 3, 3, NODES_U, 3 * NODES_U, CEED_MEM_HOST, CEED_COPY_VALUES, off_u, &rstr_u3);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 3, 1, 1, NODES_U + NODES_P, CEED_MEM_HOST, CEED_COPY_VALUES, off_u_shift, &rstr_u);
  CeedElemRestrictionCreate(ceed, NUM_ELEM, 2, 1, 1, NODES_U + NODES_P, CEED_MEM_HOST, CEED_COPY_VALUES, off_p, &rstr_p);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis_x);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 3, 3, Q, CEED_GAUSS, &basis_u3);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, Q, CEED_GAUSS, &basis_u);
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, Q, CEED_GAUSS, &basis_p);

  CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup);
  CeedOperatorCreate(ceed, qf_setup, NULL, NULL, &op_setup);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  CeedVectorCreate(ceed, NODES_P, &x);
  CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, x_nodes);
  CeedVectorCreate(ceed, NUM_ELEM * Q, &q_data);
  CeedOperatorApply(op_setup, x, q_data, CEED_REQUEST_IMMEDIATE);

  /* 3-component mass: u = (1, x, 2) gives component sums (2, 2, 4). */
  CeedQFunctionCreateInteriorByName(ceed, "Vector3MassApply", &qf_vmass);
  CeedOperatorCreate(ceed, qf_vmass, NULL, NULL, &op_vmass);
  CeedOperatorSetField(op_vmass, "u", rstr_u3, basis_u3, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_vmass, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_vmass, "v", rstr_u3, basis_u3, CEED_VECTOR_ACTIVE);
  CeedScalar u3_nodes[3 * NODES_U];
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    for (CeedInt j = 0; j < 3; j++) {
      CeedInt i = 2 * e + j;
      u3_nodes[i] = 1.0, u3_nodes[NODES_U + i] = 0.5 * e + 0.25 * (gll[j] + 1.0), u3_nodes[2 * NODES_U + i] = 2.0;
    }
  }
  CeedVectorCreate(ceed, 3 * NODES_U, &u3);
  CeedVectorCreate(ceed, 3 * NODES_U, &v3);
  CeedVectorSetArray(u3, CEED_MEM_HOST, CEED_COPY_VALUES, u3_nodes);
  CeedOperatorApply(op_vmass, u3, v3, CEED_REQUEST_IMMEDIATE);
  const CeedScalar comp_expected[3] = {2.0, 2.0, 4.0};
  for (CeedInt c = 0; c < 3; c++) {
    CeedScalar s = SumRange(v3, c * NODES_U, (c + 1) * NODES_U);
    if (fabs(s - comp_expected[c]) > 1e-12) printf("vector mass component %d: %.15f, expected %.15f\n", (int)c, s, comp_expected[c]), ierr = 1;
  }

  /* Mixed: u = 1 on the P=3 field, p = x on the P=2 field; vu sums to 4, vp to 2. */
  CeedQFunctionCreateInterior(ceed, 1, mixed, mixed_loc, &qf_mixed);
  CeedQFunctionAddInput(qf_mixed, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf_mixed, "p", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf_mixed, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf_mixed, "vu", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf_mixed, "vp", 1, CEED_EVAL_INTERP);
  CeedOperatorCreate(ceed, qf_mixed, NULL, NULL, &op_mixed);
  CeedOperatorSetField(op_mixed, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mixed, "p", rstr_p, basis_p, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mixed, "qdata", rstr_q, CEED_BASIS_NONE, q_data);
  CeedOperatorSetField(op_mixed, "vu", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_mixed, "vp", rstr_p, basis_p, CEED_VECTOR_ACTIVE);
  CeedScalar w_nodes[NODES_U + NODES_P];
  for (CeedInt i = 0; i < NODES_U; i++) w_nodes[i] = 1.0;
  for (CeedInt i = 0; i < NODES_P; i++) w_nodes[NODES_U + i] = 0.5 * i;
  CeedVectorCreate(ceed, NODES_U + NODES_P, &w);
  CeedVectorCreate(ceed, NODES_U + NODES_P, &vw);
  CeedVectorSetArray(w, CEED_MEM_HOST, CEED_COPY_VALUES, w_nodes);
  CeedOperatorApply(op_mixed, w, vw, CEED_REQUEST_IMMEDIATE);
  CeedScalar s_u = SumRange(vw, 0, NODES_U), s_p = SumRange(vw, NODES_U, NODES_U + NODES_P);
  if (fabs(s_u - 4.0) > 1e-12 || fabs(s_p - 2.0) > 1e-12) printf("mixed: sums %.15f %.15f, expected 4 and 2\n", s_u, s_p), ierr = 1;
  if (fabs(VectorSum(vw) - 6.0) > 1e-12) printf("mixed: total %.15f, expected 6\n", VectorSum(vw)), ierr = 1;

  CeedVectorDestroy(&x);
  CeedVectorDestroy(&q_data);
  CeedVectorDestroy(&u3);
  CeedVectorDestroy(&v3);
  CeedVectorDestroy(&w);
  CeedVectorDestroy(&vw);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedElemRestrictionDestroy(&rstr_u3);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_p);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u3);
  CeedBasisDestroy(&basis_u);
  CeedBasisDestroy(&basis_p);
  CeedQFunctionDestroy(&qf_setup);
  CeedQFunctionDestroy(&qf_vmass);
  CeedQFunctionDestroy(&qf_mixed);
  CeedOperatorDestroy(&op_setup);
  CeedOperatorDestroy(&op_vmass);
  CeedOperatorDestroy(&op_mixed);
  CeedDestroy(&ceed);
  return ierr;
}
