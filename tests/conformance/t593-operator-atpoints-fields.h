/* QFunction of t593-operator-atpoints-fields.c, in a header of its own so that JIT backends compile it
 * (spec 01 §6). */
#ifndef T593_QFUNCTIONS_H
#define T593_QFUNCTIONS_H

#include <ceed/types.h>

/* Inputs: u (2 components), du (2 components x 2 directions, [dir][comp]), a (1, at points), one (weight);
   outputs: v = a u + du[0][c] (2 components), dv[d][c] = a du[d][c], s = a u[0] + du[1][1] + one (1, at points). */
CEED_QFUNCTION(t593_mixed)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  const CeedScalar *u = in[0], *du = in[1], *a = in[2], *one = in[3];
  for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 2; c++) {
      out[0][c * Q + i] = a[i] * u[c * Q + i] + du[(0 * 2 + c) * Q + i];
      for (CeedInt d = 0; d < 2; d++) out[1][(d * 2 + c) * Q + i] = a[i] * du[(d * 2 + c) * Q + i];
    }
    out[2][i] = a[i] * u[i] + du[(1 * 2 + 1) * Q + i] + one[i];
  }
  return 0;
}

#endif /* T593_QFUNCTIONS_H */
