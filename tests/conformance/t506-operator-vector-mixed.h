/* QFunction source of t506-operator-vector-mixed.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T506_OPERATOR_VECTOR_MIXED_H
#define T506_OPERATOR_VECTOR_MIXED_H

#include <ceed/types.h>

CEED_QFUNCTION(mixed)(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  const CeedScalar *u = in[0], *p = in[1], *qd = in[2];
  for (CeedInt i = 0; i < q; i++) {
    out[0][i] = (u[i] + p[i]) * qd[i];
    out[1][i] = 0.5 * (u[i] + p[i]) * qd[i];
  }
  return 0;
}

#endif /* T506_OPERATOR_VECTOR_MIXED_H */
