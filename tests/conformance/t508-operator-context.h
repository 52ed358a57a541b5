/* QFunction source of t508-operator-context.c: apart from the test program, so that JIT backends can compile it
   on its own (spec 01 §6). */
#ifndef T508_OPERATOR_CONTEXT_H
#define T508_OPERATOR_CONTEXT_H

#include <ceed/types.h>

typedef struct {
  double  scale;
  int32_t count;
} ScaleCtx;

CEED_QFUNCTION(scale_qf)(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  const ScaleCtx *c = (const ScaleCtx *)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = c->scale * in[0][i];
  return 0;
}

#endif /* T508_OPERATOR_CONTEXT_H */
