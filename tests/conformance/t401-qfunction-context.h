/* QFunction source of t401-qfunction-context.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T401_QFUNCTION_CONTEXT_H
#define T401_QFUNCTION_CONTEXT_H

#include <ceed/types.h>

typedef struct {
  CeedScalar scale, shift;
  CeedInt    calls;
} AffineCtx;

CEED_QFUNCTION(affine)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  AffineCtx        *c = (AffineCtx *)ctx;
  const CeedScalar *u = in[0];
  CeedScalar       *v = out[0];
  for (CeedInt i = 0; i < Q; i++) v[i] = c->scale * u[i] + c->shift;
  c->calls++;
  return 0;
}

#endif /* T401_QFUNCTION_CONTEXT_H */
