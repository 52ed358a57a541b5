/* QFunctions of the CUDA backend tests: a helper, a context, a JIT define and a local include, all of
   which must survive the JIT pass (spec 01 §6). */
#ifndef CEED_GPU_TEST_QFUNCTIONS_H
#define CEED_GPU_TEST_QFUNCTIONS_H

#include <ceed/types.h>
#include <math.h>

#include "cuda-test-shared.h"

#ifndef CUDA_TEST_OFFSET
#define CUDA_TEST_OFFSET 0.0
#endif

typedef struct {
  CeedScalar scale;
  CeedInt    power;
} CudaTestContext;

CEED_QFUNCTION_HELPER CeedScalar CudaTestPower(CeedScalar x, CeedInt power) {
  CeedScalar r = 1.0;
  for (CeedInt k = 0; k < power; k++) r *= x;
  return r;
}

/* out[0] = scale * u^power + offset (per component), out[1] = sum over the components of u * w. */
CEED_QFUNCTION(CudaTestPointwise)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CudaTestContext *c = (const CudaTestContext *)ctx;
  const CeedScalar      *u = in[0], *w = in[1];
  CeedScalar            *v = out[0], *s = out[1];
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    CeedScalar sum = 0.0;
    for (CeedInt j = 0; j < CUDA_TEST_NUM_COMP; j++) {
      v[j * Q + i] = c->scale * CudaTestPower(u[j * Q + i], c->power) + CUDA_TEST_OFFSET;
      sum += u[j * Q + i] * w[i];
    }
    s[i] = sqrt(sum * sum);
  }
  return 0;
}

#endif /* CEED_GPU_TEST_QFUNCTIONS_H */
