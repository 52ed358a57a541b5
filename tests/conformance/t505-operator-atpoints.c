/* Mass operator at points on the 2D mesh [0,2]x[0,1] of two unit squares: element 0 carries 3x3 and
 * element 1 carries 4x4 Gauss-Lobatto points, with a passive per-point field holding the Lobatto weight
 * times det J (= 1/4). v = B^T (w u) at the points, so the entries of v sum to the integral of u:
 * 2 for u = 1, 2 for u = x and 1 for u = x y (exact: u is bilinear, GLL exact to degree 3). */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "t505-operator-atpoints.h"

#define NUM_POINTS (9 + 16)

int main(int argc, char **argv) {
  Ceed                ceed;
  CeedElemRestriction rstr_u, rstr_x, rstr_w, rstr_check;
  CeedBasis           basis_u;
  CeedQFunction       qf;
  CeedOperator        op;
  CeedVector          coords, weights, u, v, check;
  CeedInt             offsets_u[8] = {0, 1, 3, 4, 1, 2, 4, 5}; /* 3x2 nodes, x fastest */
  CeedInt             offsets_points[3 + NUM_POINTS];
  CeedScalar          x_ref[2 * NUM_POINTS], w_points[NUM_POINTS];
  int                 ierr = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  offsets_points[0] = 3, offsets_points[1] = 3 + 9, offsets_points[2] = 3 + NUM_POINTS;
  for (CeedInt p = 0, e = 0; e < 2; e++) {
    CeedInt    n = e == 0 ? 3 : 4;
    CeedScalar gll[4], w[4];
    CeedLobattoQuadrature(n, gll, w);
    for (CeedInt j = 0; j < n; j++) {
      for (CeedInt i = 0; i < n; i++, p++) {
        offsets_points[3 + p] = p;
        x_ref[2 * p + 0]      = gll[i];
        x_ref[2 * p + 1]      = gll[j];
        w_points[p]           = w[i] * w[j] * 0.25;
      }
    }
  }
  CeedElemRestrictionCreate(ceed, 2, 4, 1, 1, 6, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u, &rstr_u);
  CeedElemRestrictionCreateAtPoints(ceed, 2, NUM_POINTS, 2, 2 * NUM_POINTS, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_x);
  CeedElemRestrictionCreateAtPoints(ceed, 2, NUM_POINTS, 1, NUM_POINTS, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_w);
  CeedBasisCreateTensorH1Lagrange(ceed, 2, 1, 2, 3, CEED_GAUSS, &basis_u);
  CeedVectorCreate(ceed, 2 * NUM_POINTS, &coords);
  CeedVectorSetArray(coords, CEED_MEM_HOST, CEED_COPY_VALUES, x_ref);
  CeedVectorCreate(ceed, NUM_POINTS, &weights);
  CeedVectorSetArray(weights, CEED_MEM_HOST, CEED_COPY_VALUES, w_points);

  CeedQFunctionCreateInterior(ceed, 1, mass_at_points, mass_at_points_loc, &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "weight", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "one", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedOperatorCreateAtPoints(ceed, qf, NULL, NULL, &op);
  CeedOperatorSetField(op, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "weight", rstr_w, CEED_BASIS_NONE, weights);
  CeedOperatorSetField(op, "one", CEED_ELEMRESTRICTION_NONE, basis_u, CEED_VECTOR_NONE);
  CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorAtPointsSetPoints(op, rstr_x, coords);

  bool    is_at_points = false;
  CeedInt num_qpts = -1, num_elem = 0;
  CeedOperatorIsAtPoints(op, &is_at_points);
  CeedOperatorGetNumQuadraturePoints(op, &num_qpts);
  CeedOperatorGetNumElements(op, &num_elem);
  if (!is_at_points || num_qpts != 0 || num_elem != 2) printf("at points %d, Q %d, elements %d\n", is_at_points, (int)num_qpts, (int)num_elem), ierr = 1;
  CeedOperatorAtPointsGetPoints(op, &rstr_check, &check);
  if (rstr_check != rstr_x || check != coords) printf("CeedOperatorAtPointsGetPoints returned other objects\n"), ierr = 1;
  CeedElemRestrictionDestroy(&rstr_check);
  CeedVectorDestroy(&check);

  /* Node coordinates of the 3x2 grid. */
  const CeedScalar node_x[6] = {0, 1, 2, 0, 1, 2}, node_y[6] = {0, 0, 0, 1, 1, 1};
  const CeedScalar expected[3] = {2.0, 2.0, 1.0};
  CeedVectorCreate(ceed, 6, &u);
  CeedVectorCreate(ceed, 6, &v);
  for (int pass = 0; pass < 3; pass++) {
    CeedScalar u_nodes[6];
    for (CeedInt i = 0; i < 6; i++) u_nodes[i] = pass == 0 ? 1.0 : pass == 1 ? node_x[i] : node_x[i] * node_y[i];
    CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, u_nodes);
    CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
    const CeedScalar *a;
    CeedScalar        sum = 0.0;
    CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
    for (CeedInt i = 0; i < 6; i++) sum += a[i];
    CeedVectorRestoreArrayRead(v, &a);
    if (fabs(sum - expected[pass]) > 1e-12) printf("pass %d: sum of v = %.15f, expected %.15f\n", pass, sum, expected[pass]), ierr = 1;
  }

  CeedVectorDestroy(&coords);
  CeedVectorDestroy(&weights);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_w);
  CeedBasisDestroy(&basis_u);
  CeedQFunctionDestroy(&qf);
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
  return ierr;
}
