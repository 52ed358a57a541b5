/* Collocated gradient: equals grad_1d for a GLL basis with P = Q (and the full gradient of a 1-D basis
   is grad_1d); for a Gauss basis it differentiates point values of polynomials of degree < P exactly. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedBasis         basis;
  int               failed = 0;
  const CeedScalar *grad_1d, *grad, *q_ref;
  CeedScalar        colo[64];
  bool              is_colo = false;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 6, 6, CEED_GAUSS_LOBATTO, &basis);
  CeedBasisIsCollocated(basis, &is_colo);
  if (!is_colo) printf("GLL basis with P = Q should be collocated\n"), failed = 1;
  CeedBasisGetGrad1D(basis, &grad_1d);
  CeedBasisGetGrad(basis, &grad);
  CeedBasisGetCollocatedGrad(basis, colo);
  for (int i = 0; i < 36; i++) {
    if (fabs(colo[i] - grad_1d[i]) > 1e-13) printf("colo_grad[%d] = %g, grad_1d = %g\n", i, colo[i], grad_1d[i]), failed = 1;
    if (grad[i] != grad_1d[i]) printf("full grad[%d] = %g differs from grad_1d %g in 1D\n", i, grad[i], grad_1d[i]), failed = 1;
  }
  CeedBasisDestroy(&basis);

  /* P = 4 nodes, Q = 6 Gauss points: d/dx of x^3 - 2x at the points from its point values. */
  CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 4, 6, CEED_GAUSS, &basis);
  CeedBasisIsCollocated(basis, &is_colo);
  if (is_colo) printf("Gauss basis must not be collocated\n"), failed = 1;
  CeedBasisGetQRef(basis, &q_ref);
  CeedBasisGetCollocatedGrad(basis, colo);
  for (int i = 0; i < 6; i++) {
    double d = 0.0;
    for (int j = 0; j < 6; j++) d += colo[i * 6 + j] * (q_ref[j] * q_ref[j] * q_ref[j] - 2 * q_ref[j]);
    const double expected = 3 * q_ref[i] * q_ref[i] - 2;
    if (fabs(d - expected) > 1e-12) printf("colocated derivative at point %d: %g, expected %g\n", i, d, expected), failed = 1;
  }
  CeedBasisDestroy(&basis);
  CeedDestroy(&ceed);
  return failed;
}
