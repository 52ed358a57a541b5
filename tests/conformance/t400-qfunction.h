/* QFunction source of t400-qfunction.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T400_QFUNCTION_H
#define T400_QFUNCTION_H

#include <ceed/types.h>

CEED_QFUNCTION(setup)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *w = in[0], *dx = in[1];
  CeedScalar       *q_data = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) q_data[i] = w[i] * dx[i];
  return 0;
}

CEED_QFUNCTION(mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *q_data = in[0], *u = in[1];
  CeedScalar       *v = out[0], *v2 = out[1];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    v[i]      = q_data[i] * u[i];
    v2[i]     = -u[i];
    v2[Q + i] = 2 * u[i];
  }
  return 0;
}

#endif /* T400_QFUNCTION_H */
