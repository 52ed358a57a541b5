/* QFunctions of the CUDA QFunction-error tests (compiled by NVRTC for the GPU backends, and by the host
   compiler for the CPU reference). */
#ifndef CEED_GPU_TEST_QFUNCTION_ERRORS_H
#define CEED_GPU_TEST_QFUNCTION_ERRORS_H

#include <ceed/types.h>

/* v = 2 u; fails with code 3 at a point where u is negative. */
CEED_QFUNCTION(CudaTestFailNegative)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  const CeedScalar *u = in[0];
  CeedScalar       *v = out[0];
  for (CeedInt i = 0; i < Q; i++) {
    if (u[i] < 0.0) return 3;
    v[i] = 2.0 * u[i];
  }
  return 0;
}

/* v = 3 u; never fails. */
CEED_QFUNCTION(CudaTestTriple)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  const CeedScalar *u = in[0];
  CeedScalar       *v = out[0];
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) v[i] = 3.0 * u[i];
  return 0;
}

#endif /* CEED_GPU_TEST_QFUNCTION_ERRORS_H */
