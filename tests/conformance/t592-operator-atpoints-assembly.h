/* QFunction of t592-operator-atpoints-assembly.c, in a header of its own so that JIT backends compile it
 * (spec 01 §6). */
#ifndef T592_QFUNCTIONS_H
#define T592_QFUNCTIONS_H

#include "assembly-qfunctions.h"

#ifndef CEED_RUNNING_JIT_PASS
static const char t592_qfunction_file[] = __FILE__;
#endif

/* v = w u, dv = w du (context: dim). */
CEED_QFUNCTION(WeightedAtPoints)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedInt dim = *(const CeedInt *)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    out[0][i] = in[2][i] * in[0][i];
    for (CeedInt d = 0; d < dim; d++) out[1][d * Q + i] = in[2][i] * in[1][d * Q + i];
  }
  return 0;
}

#endif /* T592_QFUNCTIONS_H */
