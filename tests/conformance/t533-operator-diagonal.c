/* Diagonal and point-block diagonal assembly of mass, diffusion, vector (3 coupled components), mixed
 * (two restrictions) and composite operators on a deformed 2D and 3D hex mesh (P = 3, Q = 4) and a 2D one
 * (P = Q = 6): the assembled diagonal equals
 * e_i^T A e_i computed with CeedOperatorApply, the add variant adds, and every point-block entry equals the
 * matrix entry that CeedOperatorLinearAssemblePointBlockDiagonalSymbolic names. */
#include "assembly-problems.h"

static int CheckOperator(TestProblem *pb, int kind_index) {
  const TestOperatorKind kind = (TestOperatorKind)kind_index;
  CeedOperator op = TestOperator(pb, kind);
  const CeedSize n = TestActiveLength(op);
  CeedScalar    *A = TestDenseMatrix(op, n), *expected = malloc(sizeof(CeedScalar) * n);
  int            ierr = 0;
  for (CeedSize i = 0; i < n; i++) expected[i] = A[i * n + i];

  /* Diagonal. */
  CeedVector diag;
  CeedVectorCreate(pb->ceed, n, &diag);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d     = TestVectorValues(diag);
  CeedScalar  error = TestRelativeError(n, d, expected);
  if (!(error < 1e-12)) {
    printf("%dD %s: diagonal differs from e_i^T A e_i by %g (relative)\n", (int)pb->dim, TestOperatorName(kind), error);
    ierr = 1;
  }
  /* Add variant: 1 + diag. */
  CeedVectorSetValue(diag, 1.0);
  CeedOperatorLinearAssembleAddDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d_add = TestVectorValues(diag);
  for (CeedSize i = 0; i < n; i++) d_add[i] -= 1.0;
  error = TestRelativeError(n, d_add, expected);
  if (!(error < 1e-12)) {
    printf("%dD %s: 1 + diagonal (add variant) is off by %g\n", (int)pb->dim, TestOperatorName(kind), error);
    ierr = 1;
  }

  /* Point-block diagonal: entries against the matrix entries named by the symbolic phase. */
  CeedSize   num_entries = 0;
  CeedInt   *rows = NULL, *cols = NULL;
  CeedVector point_block;
  CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(op, &num_entries, &rows, &cols);
  CeedVectorCreate(pb->ceed, num_entries, &point_block);
  CeedOperatorLinearAssemblePointBlockDiagonal(op, point_block, CEED_REQUEST_IMMEDIATE);
  CeedScalar *block = TestVectorValues(point_block), *block_expected = malloc(sizeof(CeedScalar) * num_entries);
  for (CeedSize k = 0; k < num_entries; k++) block_expected[k] = A[rows[k] * n + cols[k]];
  error = TestRelativeError(num_entries, block, block_expected);
  const CeedInt num_comp = kind == TEST_VECTOR ? 3 : 1;
  if (num_entries != n * num_comp || !(error < 1e-12)) {
    printf("%dD %s: point-block diagonal with %lld entries (expected %lld) differs from A by %g\n", (int)pb->dim, TestOperatorName(kind),
           (long long)num_entries, (long long)(n * num_comp), error);
    ierr = 1;
  }
  /* The blocks of the vector operator couple components: off-diagonal block entries must be present. */
  if (kind == TEST_VECTOR) {
    CeedScalar off = 0.0;
    for (CeedSize k = 0; k < num_entries; k++)
      if (rows[k] != cols[k]) off = fmax(off, fabs(block[k]));
    if (!(off > 1e-3)) {
      printf("%dD vector: point blocks have no off-diagonal coupling (max %g)\n", (int)pb->dim, off);
      ierr = 1;
    }
  }

  free(rows);
  free(cols);
  free(block);
  free(block_expected);
  free(A);
  free(expected);
  free(d);
  free(d_add);
  CeedVectorDestroy(&diag);
  CeedVectorDestroy(&point_block);
  CeedOperatorDestroy(&op);
  return ierr;
}

int main(int argc, char **argv) {
  const CeedInt n_3d[3] = {2, 2, 2};
  int           ierr    = TestMainOverKinds(argc, argv, n_3d, TEST_NUM_OPERATORS, CheckOperator);
  /* Higher order with as many quadrature points as nodes (tensor diagonals by sum factorization). */
  Ceed          ceed;
  TestProblem   pb;
  const CeedInt n_2d[2] = {2, 2};
  CeedInit(argv[1], &ceed);
  TestProblemCreate(ceed, 2, n_2d, 6, 6, &pb);
  for (int kind = 0; kind < TEST_NUM_OPERATORS; kind++) ierr |= CheckOperator(&pb, kind);
  TestProblemDestroy(&pb);
  CeedDestroy(&ceed);
  return ierr;
}
