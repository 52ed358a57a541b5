/* QFunction source of t505-operator-atpoints.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T505_OPERATOR_ATPOINTS_H
#define T505_OPERATOR_ATPOINTS_H

#include <ceed/types.h>

CEED_QFUNCTION(mass_at_points)(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  const CeedScalar *u = in[0], *w = in[1], *one = in[2];
  for (CeedInt i = 0; i < q; i++) out[0][i] = u[i] * w[i] * one[i];
  return 0;
}

#endif /* T505_OPERATOR_ATPOINTS_H */
