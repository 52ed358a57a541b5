/* Assembly agrees with the operator's action to a few ulps (not just to a relative 1e-12): the assembled
 * diagonal and the full assembled matrix of mass, diffusion and mass + diffusion operators on a deformed
 * 2D mesh (P = 3, Q = 4 Gauss points, entries near 6; the shape of libCEED's diagonal and full-assembly
 * tests, which allow an absolute 100 * CEED_EPSILON) and a 3D one, against e_i^T A e_j computed with
 * CeedOperatorApply. Fused backends must round both paths alike, whichever order they contract in
 * (/cpu/self/gen's gradient through the collocated derivative missed by 18-24 units). */
#include "assembly-problems.h"

/* Agreement asked for, in units of CEED_EPSILON times the largest entry: both paths sum the same products
   in different orders (the reference backends reach 15 units on the 3D mass operator's entries). */
#define ULPS_ALLOWED 16.0

static CeedScalar MaxAbs(CeedSize n, const CeedScalar *a) {
  CeedScalar m = 0.0;
  for (CeedSize i = 0; i < n; i++) m = fmax(m, fabs(a[i]));
  return m;
}

static int CheckOperator(TestProblem *pb, int kind_index) {
  static const TestOperatorKind kinds[] = {TEST_MASS, TEST_DIFFUSION, TEST_COMPOSITE};
  const TestOperatorKind        kind    = kinds[kind_index];
  CeedOperator                  op      = TestOperator(pb, kind);
  const CeedSize                n       = TestActiveLength(op);
  CeedScalar                   *A = TestDenseMatrix(op, n), *expected = malloc(sizeof(CeedScalar) * n);
  const CeedScalar              scale   = MaxAbs(n * n, A), unit = CEED_EPSILON * scale;
  int                           ierr    = 0;
  for (CeedSize i = 0; i < n; i++) expected[i] = A[i * n + i];

  CeedVector diag;
  CeedVectorCreate(pb->ceed, n, &diag);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d          = TestVectorValues(diag);
  CeedScalar  diag_error = 0.0;
  for (CeedSize i = 0; i < n; i++) diag_error = fmax(diag_error, fabs(d[i] - expected[i]));
  if (!(diag_error <= ULPS_ALLOWED * unit)) {
    printf("%dD %s: assembled diagonal differs from the action by %.3g = %.1f eps of the largest entry %.4g (allowed %g)\n", (int)pb->dim,
           TestOperatorName(kind), diag_error, diag_error / unit, scale, ULPS_ALLOWED);
    ierr = 1;
  }

  /* Full matrix: COO entries summed into a dense matrix. */
  CeedSize   num_entries = 0;
  CeedInt   *rows = NULL, *cols = NULL;
  CeedVector values;
  CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols);
  CeedVectorCreate(pb->ceed, num_entries, &values);
  CeedOperatorLinearAssemble(op, values);
  CeedScalar *v = TestVectorValues(values), *M = calloc(n * n, sizeof(CeedScalar));
  for (CeedSize k = 0; k < num_entries; k++) M[rows[k] * n + cols[k]] += v[k];
  CeedScalar full_error = 0.0;
  for (CeedSize k = 0; k < n * n; k++) full_error = fmax(full_error, fabs(M[k] - A[k]));
  if (!(full_error <= ULPS_ALLOWED * unit)) {
    printf("%dD %s: assembled matrix differs from the action by %.3g = %.1f eps of the largest entry %.4g (allowed %g)\n", (int)pb->dim,
           TestOperatorName(kind), full_error, full_error / unit, scale, ULPS_ALLOWED);
    ierr = 1;
  }

  free(A);
  free(expected);
  free(d);
  free(v);
  free(M);
  free(rows);
  free(cols);
  CeedVectorDestroy(&diag);
  CeedVectorDestroy(&values);
  CeedOperatorDestroy(&op);
  return ierr;
}

int main(int argc, char **argv) {
  const CeedInt n_3d[3] = {2, 2, 1};
  return TestMainOverKinds(argc, argv, n_3d, 3, CheckOperator);
}
