/* Assembly of an operator at points on the deformed 2D and 3D meshes: elements carry 0 to 7 points at
 * pseudo-random reference positions (point indices permuted), with a passive weight per point;
 * v = w u, dv = w du (INTERP and GRAD active). The assembled QFunction is an at-points restriction with
 * (1 + dim)^2 components holding w at the expected entries; the assembled diagonal equals e_i^T A e_i;
 * the COO matrix times a random vector equals CeedOperatorApply to 1e-12. */
#include <ceed/backend.h>

#include "assembly-problems.h"
#include "t592-operator-atpoints-assembly.h"

static int Check(Ceed ceed, CeedInt dim) {
  const CeedInt n_2d[2] = {3, 2}, n_3d[3] = {2, 2, 1};
  TestProblem   pb;
  int           ierr = 0;
  TestProblemCreate(ceed, dim, dim == 2 ? n_2d : n_3d, 3, 4, &pb);
  const CeedInt num_elem = pb.num_elem;

  /* Points: element e has (3 e + 2) mod 8 points; L-index of the k-th point overall is num_points-1-k. */
  CeedInt num_points = 0;
  for (CeedInt e = 0; e < num_elem; e++) num_points += (3 * e + 2) % 8;
  CeedInt    *offsets = malloc(sizeof(CeedInt) * (num_elem + 1 + num_points));
  CeedScalar *x_ref = malloc(sizeof(CeedScalar) * dim * num_points), *w = malloc(sizeof(CeedScalar) * num_points);
  unsigned    seed = 5;
  offsets[0]       = num_elem + 1;
  for (CeedInt e = 0, k = 0; e < num_elem; e++) {
    offsets[e + 1] = offsets[e] + (3 * e + 2) % 8;
    for (CeedInt j = 0; j < (3 * e + 2) % 8; j++, k++) {
      const CeedInt p         = num_points - 1 - k;
      offsets[offsets[e] + j] = p;
      for (CeedInt d = 0; d < dim; d++) x_ref[p * dim + d] = 0.95 * TestRandom(&seed);
      w[p] = 1.5 + TestRandom(&seed);
    }
  }
  CeedElemRestriction rstr_x, rstr_w;
  CeedVector          coords, weights;
  CeedElemRestrictionCreateAtPoints(ceed, num_elem, num_points, dim, (CeedSize)dim * num_points, CEED_MEM_HOST, CEED_COPY_VALUES, offsets,
                                    &rstr_x);
  CeedElemRestrictionCreateAtPoints(ceed, num_elem, num_points, 1, num_points, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_w);
  CeedVectorCreate(ceed, (CeedSize)dim * num_points, &coords);
  CeedVectorSetArray(coords, CEED_MEM_HOST, CEED_COPY_VALUES, x_ref);
  CeedVectorCreate(ceed, num_points, &weights);
  CeedVectorSetArray(weights, CEED_MEM_HOST, CEED_COPY_VALUES, w);

  CeedQFunction qf;
  CeedOperator  op;
  CeedQFunctionCreateInterior(ceed, 1, WeightedAtPoints, TestQFunctionSource(t592_qfunction_file, "WeightedAtPoints"), &qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", dim, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", dim, CEED_EVAL_GRAD);
  CeedQFunctionSetContext(qf, TestDimContext(&pb));
  CeedOperatorCreateAtPoints(ceed, qf, NULL, NULL, &op);
  CeedOperatorSetField(op, "u", pb.rstr_u, pb.basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "du", pb.rstr_u, pb.basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "w", rstr_w, CEED_BASIS_NONE, weights);
  CeedOperatorSetField(op, "v", pb.rstr_u, pb.basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "dv", pb.rstr_u, pb.basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorAtPointsSetPoints(op, rstr_x, coords);

  /* Assembled QFunction: w on the diagonal of the (1 + dim) x (1 + dim) matrix at each point. */
  CeedVector          assembled;
  CeedElemRestriction rstr_q;
  bool                is_points = false;
  CeedInt             num_comp  = 0;
  const CeedInt       S         = (1 + dim) * (1 + dim);
  CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr_q, CEED_REQUEST_IMMEDIATE);
  CeedElemRestrictionIsAtPoints(rstr_q, &is_points);
  CeedElemRestrictionGetNumComponents(rstr_q, &num_comp);
  CeedScalar *d = TestVectorValues(assembled), error = 0.0;
  for (CeedInt p = 0; p < num_points; p++)
    for (CeedInt r = 0; r < 1 + dim; r++)
      for (CeedInt s = 0; s < 1 + dim; s++) error = fmax(error, fabs(d[p * S + r * (1 + dim) + s] - (r == s ? w[p] : 0.0)));
  if (!is_points || num_comp != S || !(error < 1e-14)) {
    printf("%dD: assembled QFunction at points (restriction at points %d, %d components) is off by %g\n", (int)dim, is_points, (int)num_comp,
           error);
    ierr = 1;
  }

  /* Diagonal and COO against the operator. */
  const CeedSize n = pb.num_nodes;
  CeedScalar    *A = TestDenseMatrix(op, n), *expected = malloc(sizeof(CeedScalar) * n);
  for (CeedSize i = 0; i < n; i++) expected[i] = A[i * n + i];
  CeedVector diag;
  CeedVectorCreate(ceed, n, &diag);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *diag_values = TestVectorValues(diag);
  error                   = TestRelativeError(n, diag_values, expected);
  if (!(error < 1e-12)) {
    printf("%dD at points: diagonal differs from e_i^T A e_i by %g\n", (int)dim, error);
    ierr = 1;
  }
  CeedSize   num_entries;
  CeedInt   *rows, *cols;
  CeedVector values;
  CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols);
  CeedVectorCreate(ceed, num_entries, &values);
  CeedOperatorLinearAssemble(op, values);
  CeedScalar *v = TestVectorValues(values), *x = malloc(sizeof(CeedScalar) * n), *y = malloc(sizeof(CeedScalar) * n);
  CeedScalar *y_coo = malloc(sizeof(CeedScalar) * n);
  for (CeedSize i = 0; i < n; i++) x[i] = TestRandom(&seed);
  TestApply(op, n, x, y);
  TestCooMult(num_entries, rows, cols, v, n, x, y_coo);
  error = TestRelativeError(n, y_coo, y);
  if (!(error < 1e-12)) {
    printf("%dD at points: COO times x differs from apply by %g\n", (int)dim, error);
    ierr = 1;
  }

  free(offsets);
  free(x_ref);
  free(w);
  free(d);
  free(A);
  free(expected);
  free(diag_values);
  free(rows);
  free(cols);
  free(v);
  free(x);
  free(y);
  free(y_coo);
  CeedVectorDestroy(&assembled);
  CeedVectorDestroy(&diag);
  CeedVectorDestroy(&values);
  CeedVectorDestroy(&coords);
  CeedVectorDestroy(&weights);
  CeedElemRestrictionDestroy(&rstr_q);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_w);
  CeedOperatorDestroy(&op);
  CeedQFunctionDestroy(&qf);
  TestProblemDestroy(&pb);
  return ierr;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  ierr = 0;
  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);
  ierr |= Check(ceed, 2);
  ierr |= Check(ceed, 3);
  CeedDestroy(&ceed);
  return ierr;
}
