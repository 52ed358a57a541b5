/* QFunction of t530-operator-qfunction-assembly.c, in a header of its own so that JIT backends compile it (spec 01 §6). */
#ifndef T530_QFUNCTIONS_H
#define T530_QFUNCTIONS_H

#include "assembly-qfunctions.h"

#ifndef CEED_RUNNING_JIT_PASS
static const char t530_qfunction_file[] = __FILE__;
#endif

typedef struct {
  double scale;
} ScaleContext;

/* v = scale * qdata * u */
CEED_QFUNCTION(ScaledMass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const double scale = ((const ScaleContext *)ctx)->scale;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = scale * in[1][i] * in[0][i];
  return 0;
}

#endif /* T530_QFUNCTIONS_H */
