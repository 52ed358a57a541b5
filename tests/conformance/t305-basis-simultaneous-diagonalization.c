/* Simultaneous diagonalization of the 1-D stiffness A and mass B of a Lagrange basis:
   X^T A X = diag(lambda), X^T B X = I, eigenvalues by increasing magnitude. The stiffness of linear
   elements on [-1, 1] is known: A = [[1/2, -1/2], [-1/2, 1/2]], B = [[2/3, 1/3], [1/3, 2/3]], so
   lambda = {0, 3}. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

static int Check(Ceed ceed, const CeedScalar *A, const CeedScalar *B, CeedInt n, const char *name, const CeedScalar *expected_lambda) {
  int        failed = 0;
  CeedScalar a[64], b[64], x[64], lambda[8];

  for (CeedInt i = 0; i < n * n; i++) a[i] = A[i], b[i] = B[i];
  CeedSimultaneousDiagonalization(ceed, a, b, x, lambda, n);
  for (CeedInt i = 0; i < n; i++) {
    if (i > 0 && fabs(lambda[i]) < fabs(lambda[i - 1])) {
      printf("%s: eigenvalues not sorted by magnitude at %d\n", name, (int)i);
      failed = 1;
    }
    for (CeedInt j = 0; j < n; j++) {
      double xax = 0.0, xbx = 0.0;
      for (CeedInt k = 0; k < n; k++)
        for (CeedInt l = 0; l < n; l++) {
          xax += x[k * n + i] * A[k * n + l] * x[l * n + j];
          xbx += x[k * n + i] * B[k * n + l] * x[l * n + j];
        }
      if (fabs(xax - (i == j ? lambda[i] : 0.0)) > 1e-12 * (1.0 + fabs(lambda[n - 1]))) {
        printf("%s: (X^T A X)[%d][%d] = %g\n", name, (int)i, (int)j, xax);
        failed = 1;
      }
      if (fabs(xbx - (i == j)) > 1e-12) {
        printf("%s: (X^T B X)[%d][%d] = %g\n", name, (int)i, (int)j, xbx);
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
  return failed;
}

// Mass and stiffness matrices of a 1-D basis.
static void MassStiffness(CeedBasis basis, CeedInt P, CeedInt Q, CeedScalar *mass, CeedScalar *stiff) {
  const CeedScalar *interp, *grad, *w;
  CeedBasisGetInterp1D(basis, &interp);
  CeedBasisGetGrad1D(basis, &grad);
  CeedBasisGetQWeights(basis, &w);
  for (CeedInt i = 0; i < P; i++)
    for (CeedInt j = 0; j < P; j++) {
      mass[i * P + j] = stiff[i * P + j] = 0.0;
      for (CeedInt q = 0; q < Q; q++) {
        mass[i * P + j] += interp[q * P + i] * w[q] * interp[q * P + j];
        stiff[i * P + j] += grad[q * P + i] * w[q] * grad[q * P + j];
      }
    }
}

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedBasis  basis;
  int        failed = 0;
  CeedScalar mass[64], stiff[64];

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, 3, CEED_GAUSS, &basis);
  MassStiffness(basis, 2, 3, mass, stiff);
  {
    const CeedScalar expected[2] = {0.0, 3.0};
    failed |= Check(ceed, stiff, mass, 2, "linear", expected);
  }
  CeedBasisDestroy(&basis);

  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 6, 8, CEED_GAUSS, &basis);
  MassStiffness(basis, 6, 8, mass, stiff);
  failed |= Check(ceed, stiff, mass, 6, "degree 5", NULL);
  CeedBasisDestroy(&basis);

  CeedDestroy(&ceed);
  return failed;
}
