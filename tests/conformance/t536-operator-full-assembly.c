/* Full assembly in COO form of mass, diffusion, vector, mixed and composite operators on a deformed 2D and
 * 3D hex mesh: the COO matrix times a random vector equals CeedOperatorApply to 1e-12 (relative), its
 * diagonal equals the assembled diagonal, the entry count matches CeedOperatorLinearAssembleGetNumEntries,
 * and after the geometric factors change the values are refilled against the pattern assembled before
 * (the symbolic phase is not repeated). */
#include "assembly-problems.h"

/* Checks COO values against the operator on a random vector and against the assembled diagonal. */
static int CheckValues(TestProblem *pb, TestOperatorKind kind, CeedOperator op, CeedSize num_entries, const CeedInt *rows,
                       const CeedInt *cols, CeedVector values, const char *when) {
  const CeedSize n   = TestActiveLength(op);
  CeedScalar    *x   = malloc(sizeof(CeedScalar) * n), *y = malloc(sizeof(CeedScalar) * n), *y_coo = malloc(sizeof(CeedScalar) * n);
  CeedScalar    *d_coo = calloc(n, sizeof(CeedScalar));
  unsigned       seed  = 42 + (unsigned)kind;
  int            ierr  = 0;
  for (CeedSize i = 0; i < n; i++) x[i] = TestRandom(&seed);
  TestApply(op, n, x, y);
  CeedScalar *v = TestVectorValues(values);
  TestCooMult(num_entries, rows, cols, v, n, x, y_coo);
  CeedScalar error = TestRelativeError(n, y_coo, y);
  if (!(error < 1e-12)) {
    printf("%dD %s (%s): COO times x differs from apply by %g (relative)\n", (int)pb->dim, TestOperatorName(kind), when, error);
    ierr = 1;
  }
  for (CeedSize k = 0; k < num_entries; k++)
    if (rows[k] == cols[k]) d_coo[rows[k]] += v[k];
  CeedVector diag;
  CeedVectorCreate(pb->ceed, n, &diag);
  CeedOperatorLinearAssembleDiagonal(op, diag, CEED_REQUEST_IMMEDIATE);
  CeedScalar *d = TestVectorValues(diag);
  error         = TestRelativeError(n, d_coo, d);
  if (!(error < 1e-12)) {
    printf("%dD %s (%s): diagonal of the COO matrix differs from the assembled diagonal by %g\n", (int)pb->dim, TestOperatorName(kind), when,
           error);
    ierr = 1;
  }
  CeedVectorDestroy(&diag);
  free(d);
  free(v);
  free(x);
  free(y);
  free(y_coo);
  free(d_coo);
  return ierr;
}

static int CheckOperator(TestProblem *pb, int kind_index) {
  const TestOperatorKind kind = (TestOperatorKind)kind_index;
  CeedOperator op = TestOperator(pb, kind);
  CeedSize     num_entries = 0, count = 0;
  CeedInt     *rows = NULL, *cols = NULL;
  int          ierr = 0;
  CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols);
  CeedOperatorLinearAssembleGetNumEntries(op, &count);
  if (count != num_entries) {
    printf("%dD %s: %lld COO entries, but GetNumEntries says %lld\n", (int)pb->dim, TestOperatorName(kind), (long long)num_entries,
           (long long)count);
    ierr = 1;
  }
  CeedVector values;
  CeedVectorCreate(pb->ceed, num_entries, &values);
  CeedOperatorLinearAssemble(op, values);
  ierr |= CheckValues(pb, kind, op, num_entries, rows, cols, values, "first assembly");

  /* New coefficients (geometric factors scaled by 1 + position-dependent factor): refill the values only. */
  CeedScalar *qd_mass = TestVectorValues(pb->qd_mass), *qd_diff = TestVectorValues(pb->qd_diff), *scaled;
  CeedSize    len_mass, len_diff;
  CeedVectorGetLength(pb->qd_mass, &len_mass);
  CeedVectorGetLength(pb->qd_diff, &len_diff);
  CeedVectorGetArray(pb->qd_mass, CEED_MEM_HOST, &scaled);
  for (CeedSize i = 0; i < len_mass; i++) scaled[i] = qd_mass[i] * (1.0 + 0.5 * sin((CeedScalar)i));
  CeedVectorRestoreArray(pb->qd_mass, &scaled);
  CeedVectorGetArray(pb->qd_diff, CEED_MEM_HOST, &scaled);
  for (CeedSize i = 0; i < len_diff; i++) scaled[i] = qd_diff[i] * 1.75;
  CeedVectorRestoreArray(pb->qd_diff, &scaled);
  CeedScalar *before = TestVectorValues(values);
  CeedOperatorLinearAssemble(op, values);
  CeedScalar *after = TestVectorValues(values), change = TestRelativeError(num_entries, after, before);
  if (!(change > 1e-2)) {
    printf("%dD %s: refilled values did not change (%g)\n", (int)pb->dim, TestOperatorName(kind), change);
    ierr = 1;
  }
  ierr |= CheckValues(pb, kind, op, num_entries, rows, cols, values, "refilled");
  CeedVectorSetArray(pb->qd_mass, CEED_MEM_HOST, CEED_COPY_VALUES, qd_mass);
  CeedVectorSetArray(pb->qd_diff, CEED_MEM_HOST, CEED_COPY_VALUES, qd_diff);

  free(qd_mass);
  free(qd_diff);
  free(before);
  free(after);
  free(rows);
  free(cols);
  CeedVectorDestroy(&values);
  CeedOperatorDestroy(&op);
  return ierr;
}

int main(int argc, char **argv) {
  const CeedInt n_3d[3] = {2, 2, 2};
  return TestMainOverKinds(argc, argv, n_3d, TEST_NUM_OPERATORS, CheckOperator);
}
