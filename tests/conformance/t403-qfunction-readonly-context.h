/* QFunction source of t403-qfunction-readonly-context.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T403_QFUNCTION_READONLY_CONTEXT_H
#define T403_QFUNCTION_READONLY_CONTEXT_H

#include <ceed/types.h>

CEED_QFUNCTION(scale_by_ctx)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *alpha = (const CeedScalar *)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = alpha[0] * in[0][i] + alpha[1];
  return 0;
}

#endif /* T403_QFUNCTION_READONLY_CONTEXT_H */
