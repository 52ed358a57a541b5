/* Operator at points with every kind of field on a 3x2 mesh of quadratic elements holding 0 to 9 points:
 * a 2-component field in INTERP and GRAD, a passive input at points, a WEIGHT input, and outputs in INTERP,
 * GRAD and at points (into a passive vector). The operator's result equals the one assembled here element
 * by element from CeedElemRestrictionApplyAtPointsInElement, CeedBasisApplyAtPoints and the QFunction;
 * after the point coordinates change, the next application uses the new points. On host-memory backends the
 * same holds for the QFunction with vector length 4 (25 points in all, padded). */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "t593-operator-atpoints-fields.h"

#define NUM_ELEM 6
#define P 3
#define NODES_X 7 /* 3 elements of 3 nodes, shared */
#define NODES_Y 5
#define NUM_NODES (NODES_X * NODES_Y)

static const CeedInt points_per_elem[NUM_ELEM] = {0, 1, 5, 9, 3, 7};

/* Expected outputs by public calls, element by element: v and dv nodal (L-vectors), s at points. */
static void Expected(Ceed ceed, CeedElemRestriction rstr_u, CeedElemRestriction rstr_x, CeedElemRestriction rstr_a, CeedBasis basis,
                     CeedQFunction qf, CeedVector coords, CeedVector u, CeedVector a, CeedScalar *v_out, CeedScalar *s_out) {
  CeedVector e_u, e_v, x_e, q[7];
  CeedElemRestrictionCreateVector(rstr_u, NULL, &e_u);
  CeedElemRestrictionCreateVector(rstr_u, NULL, &e_v);
  CeedVectorCreate(ceed, 2 * 9, &x_e);
  const CeedInt sizes[7] = {2, 4, 1, 1, 2, 4, 1};
  for (int k = 0; k < 7; k++) CeedVectorCreate(ceed, sizes[k] * 9, &q[k]);
  CeedVector v_l, s_l, e_slice, e_out_slice;
  CeedVectorCreate(ceed, 2 * NUM_NODES, &v_l);
  CeedVectorSetValue(v_l, 0.0);
  CeedElemRestrictionCreateVector(rstr_a, &s_l, NULL);
  CeedVectorSetValue(s_l, 0.0);
  CeedVectorCreate(ceed, 2 * P * P, &e_slice);
  CeedVectorCreate(ceed, 2 * P * P, &e_out_slice);
  CeedElemRestrictionApply(rstr_u, CEED_NOTRANSPOSE, u, e_u, CEED_REQUEST_IMMEDIATE);
  const CeedScalar *e_u_data;
  CeedScalar       *e_v_data;
  CeedVectorGetArrayRead(e_u, CEED_MEM_HOST, &e_u_data);
  CeedVectorGetArrayWrite(e_v, CEED_MEM_HOST, &e_v_data);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    const CeedInt n = points_per_elem[e];
    for (CeedInt k = 0; k < 2 * P * P; k++) e_v_data[e * 2 * P * P + k] = 0.0;
    if (n == 0) continue;
    CeedElemRestrictionApplyAtPointsInElement(rstr_x, e, CEED_NOTRANSPOSE, coords, x_e, CEED_REQUEST_IMMEDIATE);
    CeedVectorSetArray(e_slice, CEED_MEM_HOST, CEED_COPY_VALUES, (CeedScalar *)&e_u_data[e * 2 * P * P]);
    CeedBasisApplyAtPoints(basis, 1, &n, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, x_e, e_slice, q[0]);
    CeedBasisApplyAtPoints(basis, 1, &n, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, x_e, e_slice, q[1]);
    CeedElemRestrictionApplyAtPointsInElement(rstr_a, e, CEED_NOTRANSPOSE, a, q[2], CEED_REQUEST_IMMEDIATE);
    CeedVectorSetValue(q[3], 1.0);
    CeedQFunctionApply(qf, n, q, q + 4);
    CeedBasisApplyAtPoints(basis, 1, &n, CEED_TRANSPOSE, CEED_EVAL_INTERP, x_e, q[4], e_out_slice);
    CeedBasisApplyAddAtPoints(basis, 1, &n, CEED_TRANSPOSE, CEED_EVAL_GRAD, x_e, q[5], e_out_slice);
    const CeedScalar *slice;
    CeedVectorGetArrayRead(e_out_slice, CEED_MEM_HOST, &slice);
    for (CeedInt k = 0; k < 2 * P * P; k++) e_v_data[e * 2 * P * P + k] = slice[k];
    CeedVectorRestoreArrayRead(e_out_slice, &slice);
    CeedElemRestrictionApplyAtPointsInElement(rstr_a, e, CEED_TRANSPOSE, q[6], s_l, CEED_REQUEST_IMMEDIATE);
  }
  CeedVectorRestoreArrayRead(e_u, &e_u_data);
  CeedVectorRestoreArray(e_v, &e_v_data);
  CeedElemRestrictionApply(rstr_u, CEED_TRANSPOSE, e_v, v_l, CEED_REQUEST_IMMEDIATE);
  const CeedScalar *data;
  CeedVectorGetArrayRead(v_l, CEED_MEM_HOST, &data);
  for (CeedInt i = 0; i < 2 * NUM_NODES; i++) v_out[i] = data[i];
  CeedVectorRestoreArrayRead(v_l, &data);
  CeedSize num_points = 0;
  CeedVectorGetLength(s_l, &num_points);
  CeedVectorGetArrayRead(s_l, CEED_MEM_HOST, &data);
  for (CeedSize i = 0; i < num_points; i++) s_out[i] = data[i];
  CeedVectorRestoreArrayRead(s_l, &data);
  for (int k = 0; k < 7; k++) CeedVectorDestroy(&q[k]);
  CeedVectorDestroy(&e_u);
  CeedVectorDestroy(&e_v);
  CeedVectorDestroy(&x_e);
  CeedVectorDestroy(&v_l);
  CeedVectorDestroy(&s_l);
  CeedVectorDestroy(&e_slice);
  CeedVectorDestroy(&e_out_slice);
}

static CeedQFunction CreateQFunction(Ceed ceed, CeedInt vec_length) {
  CeedQFunction qf;
  CeedQFunctionCreateInterior(ceed, vec_length, t593_mixed, t593_mixed_loc, &qf);
  CeedQFunctionAddInput(qf, "u", 2, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", 4, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "a", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "one", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddOutput(qf, "v", 2, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", 4, CEED_EVAL_GRAD);
  CeedQFunctionAddOutput(qf, "s", 1, CEED_EVAL_NONE);
  return qf;
}

static int Compare(const char *what, CeedInt n, const CeedScalar *got, const CeedScalar *expected) {
  CeedScalar diff = 0.0, scale = 0.0;
  for (CeedInt i = 0; i < n; i++) {
    diff  = fmax(diff, fabs(got[i] - expected[i]));
    scale = fmax(scale, fabs(expected[i]));
  }
  if (!(scale > 0.1) || diff > 1e-12 * scale) {
    printf("%s: differs by %g (scale %g)\n", what, diff, scale);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_u, rstr_x, rstr_a;
  CeedBasis           basis;
  CeedQFunction       qf;
  CeedOperator        op;
  CeedVector          coords, a, u, v, s;
  CeedInt             offsets_u[NUM_ELEM * P * P], offsets_points[NUM_ELEM + 1 + 25];
  CeedScalar          x_ref[2 * 25], a_values[25], u_values[2 * NUM_NODES];
  CeedScalar          v_expected[2 * NUM_NODES], s_expected[30];
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  for (CeedInt e = 0; e < NUM_ELEM; e++) {
    const CeedInt ex = e % 3, ey = e / 3;
    for (CeedInt j = 0; j < P; j++)
      for (CeedInt i = 0; i < P; i++) offsets_u[e * P * P + j * P + i] = (ey * (P - 1) + j) * NODES_X + ex * (P - 1) + i;
  }
  /* Points: element lists in element order; L-indices reversed so that they differ from the positions. */
  CeedInt total = 0;
  offsets_points[0] = NUM_ELEM + 1;
  for (CeedInt e = 0; e < NUM_ELEM; e++) offsets_points[e + 1] = offsets_points[e] + points_per_elem[e];
  total = offsets_points[NUM_ELEM] - offsets_points[0];
  unsigned seed = 5;
  for (CeedInt p = 0; p < total; p++) {
    offsets_points[NUM_ELEM + 1 + p] = total - 1 - p;
    for (CeedInt d = 0; d < 2; d++) {
      seed                           = seed * 1103515245u + 12345u;
      x_ref[2 * (total - 1 - p) + d] = 2.0 * ((seed >> 8) % 10000) / 9999.0 - 1.0;
    }
    a_values[total - 1 - p] = 1.0 + 0.1 * p;
  }
  for (CeedInt i = 0; i < 2 * NUM_NODES; i++) u_values[i] = sin(0.7 * i) + 0.5;

  CeedElemRestrictionCreate(ceed, NUM_ELEM, P * P, 2, NUM_NODES, 2 * NUM_NODES, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u, &rstr_u);
  CeedElemRestrictionCreateAtPoints(ceed, NUM_ELEM, total, 2, 2 * total, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_x);
  CeedElemRestrictionCreateAtPoints(ceed, NUM_ELEM, total, 1, total, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_a);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 2, P, P + 1, CEED_GAUSS, &basis);
  CeedVectorCreate(ceed, 2 * total, &coords);
  CeedVectorSetArray(coords, CEED_MEM_HOST, CEED_COPY_VALUES, x_ref);
  CeedVectorCreate(ceed, total, &a);
  CeedVectorSetArray(a, CEED_MEM_HOST, CEED_COPY_VALUES, a_values);
  CeedVectorCreate(ceed, 2 * NUM_NODES, &u);
  CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_values);
  CeedVectorCreate(ceed, 2 * NUM_NODES, &v);
  CeedVectorCreate(ceed, total, &s);

  /* The QFunction with vector length 1 gives the expected values; the operator also runs with vector length 4
     where the backend works in host memory (its batched application pads the points). */
  CeedQFunction qf_reference = CreateQFunction(ceed, 1);
  CeedMemType   mem_type     = CEED_MEM_HOST;
  CeedGetPreferredMemType(ceed, &mem_type);
  for (CeedInt vec_length = 1; vec_length <= (mem_type == CEED_MEM_HOST ? 4 : 1); vec_length *= 4) {
    qf = CreateQFunction(ceed, vec_length);
    CeedOperatorCreateAtPoints(ceed, qf, NULL, NULL, &op);
    CeedOperatorSetField(op, "u", rstr_u, basis, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op, "du", rstr_u, basis, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op, "a", rstr_a, CEED_BASIS_NONE, a);
    CeedOperatorSetField(op, "one", CEED_ELEMRESTRICTION_NONE, basis, CEED_VECTOR_NONE);
    CeedOperatorSetField(op, "v", rstr_u, basis, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op, "dv", rstr_u, basis, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op, "s", rstr_a, CEED_BASIS_NONE, s);
    CeedOperatorAtPointsSetPoints(op, rstr_x, coords);

    for (int round = 0; round < 2; round++) {
      /* New point coordinates (mirrored and shrunk in x) before the second round: the operator must use them. */
      CeedScalar *x;
      CeedVectorGetArray(coords, CEED_MEM_HOST, &x);
      for (CeedInt p = 0; p < total && round == 1; p++) x[2 * p] = -0.9 * x[2 * p];
      CeedVectorRestoreArray(coords, &x);
      CeedVectorSetValue(s, 0.0);
      CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
      Expected(ceed, rstr_u, rstr_x, rstr_a, basis, qf_reference, coords, u, a, v_expected, s_expected);
      const CeedScalar *got;
      char              what[80];
      CeedVectorGetArrayRead(v, CEED_MEM_HOST, &got);
      snprintf(what, sizeof(what), "vector length %d, round %d: nodal output", (int)vec_length, round);
      ierr |= Compare(what, 2 * NUM_NODES, got, v_expected);
      CeedVectorRestoreArrayRead(v, &got);
      CeedVectorGetArrayRead(s, CEED_MEM_HOST, &got);
      snprintf(what, sizeof(what), "vector length %d, round %d: output at points", (int)vec_length, round);
      ierr |= Compare(what, total, got, s_expected);
      CeedVectorRestoreArrayRead(s, &got);
    }
    CeedQFunctionDestroy(&qf);
    CeedOperatorDestroy(&op);
  }
  CeedQFunctionDestroy(&qf_reference);

  CeedVectorDestroy(&coords);
  CeedVectorDestroy(&a);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&s);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_a);
  CeedBasisDestroy(&basis);
  CeedQFunctionDestroy(&qf);
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
  return ierr;
}
