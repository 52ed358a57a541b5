/* A mass QFunction that reports an error where its quadrature data is negative: a fault injected through the
   data, in one element, for the tests of an application failing halfway (operator-failure-test.cpp). */
#include <ceed/types.h>

CEED_QFUNCTION(MassFailingOnNegativeData)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    if (in[1][i] < 0) return 7;
    out[0][i] = in[0][i] * in[1][i];
  }
  return 0;
}
