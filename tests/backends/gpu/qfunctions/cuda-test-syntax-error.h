/* A QFunction with a syntax error: the CUDA backend must report NVRTC's message, not crash. */
#include <ceed/types.h>

CEED_QFUNCTION(CudaTestBroken)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *u = in[0];
  CeedScalar       *v = out[0];
  for (CeedInt i = 0; i < Q; i++) v[i] = 2.0 * u[i]  /* missing semicolon */
  return 0;
}
