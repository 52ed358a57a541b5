/* Invalid basis calls return error codes with the store handler and leave the objects usable: vectors
   too short for the evaluation mode (exact message), eval modes the basis lacks, WEIGHT with an input,
   ApplyAdd without transpose, 1-D getters of a non-tensor basis, incompatible projections, Lobatto
   quadrature with too few points, negative view tabs. */
#include <ceed.h>
#include <ceed/backend.h>
#include <stdio.h>
#include <string.h>

#include "expect-error.h"

int main(int argc, char **argv) {
  Ceed              ceed;
  CeedBasis         basis, simplex, other, proj = NULL;
  CeedVector        u, v, short_v;
  int               failed = 0;
  const CeedScalar *arr;
  CeedInt           P_1d;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  CeedSetErrorHandler(ceed, CeedErrorStore);

  CeedBasisCreateTensorH1Lagrange(ceed, 2, 2, 3, 4, CEED_GAUSS, &basis);
  CeedVectorCreate(ceed, 2 * 9, &u);
  CeedVectorCreate(ceed, 2 * 2 * 16, &v);
  CeedVectorCreate(ceed, 2 * 16 - 1, &short_v);
  CeedVectorSetValue(u, 1.0);

  failed |= ExpectError(ceed, CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, short_v), CEED_ERROR_DIMENSION,
                   "Input/output vectors too short for basis and evaluation mode", "short output");
  failed |= ExpectError(ceed, CeedBasisApply(basis, 2, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), CEED_ERROR_DIMENSION,
                   "Input/output vectors too short for basis and evaluation mode", "short input");
  failed |= ExpectError(ceed, CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_DIV, u, v), CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_DIV", "div of H^1");
  failed |= ExpectError(ceed, CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, u, v), CEED_ERROR_INCOMPATIBLE,
                   "CEED_EVAL_WEIGHT requires input CEED_VECTOR_NONE", "weight with input");
  failed |= ExpectError(ceed, CeedBasisApplyAdd(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), CEED_ERROR_UNSUPPORTED,
                   "CeedBasisApplyAdd only supports CEED_TRANSPOSE", "ApplyAdd without transpose");
  failed |= ExpectError(ceed, CeedBasisSetNumViewTabs(basis, -1), CEED_ERROR_MINOR, "-1", "negative view tabs");
  failed |= ExpectError(ceed, CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 1, 3, CEED_GAUSS, &other), CEED_ERROR_DIMENSION,
                   "Cannot create Lobatto quadrature with Q=1 < 2 points", "P = 1");
  failed |= ExpectError(ceed, CeedBasisCreateTensorH1Lagrange(ceed, 0, 1, 3, 3, CEED_GAUSS, &other), CEED_ERROR_DIMENSION, "dimension 0", "dim 0");

  /* Non-tensor basis: no 1-D data. */
  {
    const CeedScalar interp[3] = {1. / 3, 1. / 3, 1. / 3}, grad[6] = {-1, 1, 0, -1, 0, 1}, q_ref[2] = {1. / 3, 1. / 3}, q_w[1] = {0.5};
    CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, 1, interp, grad, q_ref, q_w, &simplex);
  }
  failed |= ExpectError(ceed, CeedBasisGetInterp1D(simplex, &arr), CEED_ERROR_MINOR, "not a tensor product", "interp_1d of simplex");
  failed |= ExpectError(ceed, CeedBasisGetNumNodes1D(simplex, &P_1d), CEED_ERROR_MINOR, "Cannot supply P_1d for non-tensor CeedBasis", "P_1d of simplex");
  failed |= ExpectError(ceed, CeedBasisCreateProjection(basis, simplex, &proj), CEED_ERROR_DIMENSION, "compatible quadrature spaces", "projection");
  if (proj) printf("failed projection produced a basis\n"), failed = 1;

  /* Objects remain usable after the errors. */
  if (CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v)) printf("valid apply failed after errors\n"), failed = 1;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &arr);
  for (int i = 0; i < 2 * 16; i++)
    if (arr[i] < 1.0 - 1e-14 || arr[i] > 1.0 + 1e-14) printf("interpolated constant %d = %.17g\n", i, arr[i]), failed = 1;
  CeedVectorRestoreArrayRead(v, &arr);

  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&short_v);
  CeedBasisDestroy(&simplex);
  CeedBasisDestroy(&basis);
  CeedDestroy(&ceed);
  return failed;
}
