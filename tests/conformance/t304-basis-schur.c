/* Symmetric Schur decomposition: M = Q diag(lambda) Q^T with orthonormal Q; known eigenvalues of the
   1-D Laplacian stencil tridiag(-1, 2, -1): 2 - 2 cos(k pi / (n + 1)). Also on a basis mass matrix. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int CheckSchur(Ceed ceed, const CeedScalar *mat, CeedInt n, const char *name, const CeedScalar *expected_lambda) {
  int         failed = 0;
  CeedScalar *q = malloc(sizeof(CeedScalar) * n * n), *lambda = malloc(sizeof(CeedScalar) * n);
  double      scale = 0.0;

  for (CeedInt i = 0; i < n * n; i++) {
    q[i]  = mat[i];
    scale = fmax(scale, fabs(mat[i]));
  }
  CeedSymmetricSchurDecomposition(ceed, q, lambda, n);
  for (CeedInt i = 0; i < n; i++) {
    for (CeedInt j = 0; j < n; j++) {
      double m_ij = 0.0, qtq = 0.0;
      for (CeedInt k = 0; k < n; k++) {
        m_ij += q[i * n + k] * lambda[k] * q[j * n + k];
        qtq += q[k * n + i] * q[k * n + j];
      }
      if (fabs(m_ij - mat[i * n + j]) > 1e-13 * scale) {
        printf("%s: (Q L Q^T)[%d][%d] = %g, expected %g\n", name, (int)i, (int)j, m_ij, mat[i * n + j]);
        failed = 1;
      }
      if (fabs(qtq - (i == j)) > 1e-13) {
        printf("%s: (Q^T Q)[%d][%d] = %g\n", name, (int)i, (int)j, qtq);
        failed = 1;
      }
    }
  }
  for (CeedInt i = 0; expected_lambda && i < n; i++) {
    if (fabs(lambda[i] - expected_lambda[i]) > 1e-13) {
      printf("%s: lambda[%d] = %.15f, expected %.15f\n", name, (int)i, lambda[i], expected_lambda[i]);
      failed = 1;
    }
  }
  free(q);
  free(lambda);
  return failed;
}

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedBasis  basis;
  int        failed = 0;
  const int  n      = 6;
  CeedScalar lap[36], expected[6];

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) lap[i * n + j] = i == j ? 2.0 : (abs(i - j) == 1 ? -1.0 : 0.0);
    expected[i] = 2.0 - 2.0 * cos((i + 1) * 3.14159265358979323846 / (n + 1)); /* ascending */
  }
  failed |= CheckSchur(ceed, lap, n, "laplacian", expected);

  /* Mass matrix B^T W B of a 1-D Gauss basis: symmetric positive definite. */
  {
    const CeedInt     P = 5, Q = 7;
    const CeedScalar *interp, *w;
    CeedScalar        mass[25];
    CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, P, Q, CEED_GAUSS, &basis);
    CeedBasisGetInterp1D(basis, &interp);
    CeedBasisGetQWeights(basis, &w);
    for (CeedInt i = 0; i < P; i++)
      for (CeedInt j = 0; j < P; j++) {
        mass[i * P + j] = 0.0;
        for (CeedInt q = 0; q < Q; q++) mass[i * P + j] += interp[q * P + i] * w[q] * interp[q * P + j];
      }
    failed |= CheckSchur(ceed, mass, P, "mass", NULL);
    CeedBasisDestroy(&basis);
  }
  CeedDestroy(&ceed);
  return failed;
}
