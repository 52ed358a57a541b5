/* QFunction source of t504-operator-view.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T504_OPERATOR_VIEW_H
#define T504_OPERATOR_VIEW_H

#include <ceed/types.h>

CEED_QFUNCTION(scale_points)(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = 2.0 * in[0][i];
  return 0;
}

#endif /* T504_OPERATOR_VIEW_H */
