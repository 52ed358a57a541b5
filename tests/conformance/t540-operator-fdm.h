/* QFunction of t540-operator-fdm.c, in a header of its own so that JIT backends compile it (spec 01 §6). */
#ifndef T540_QFUNCTIONS_H
#define T540_QFUNCTIONS_H

#include "assembly-qfunctions.h"

#ifndef CEED_RUNNING_JIT_PASS
static const char t540_qfunction_file[] = __FILE__;
#endif

/* v = qm u, dv = K du (context: dim). */
CEED_QFUNCTION(ScreenedPoisson)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedInt dim = *(const CeedInt *)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    out[0][i] = in[2][i] * in[0][i];
    TestApplyVoigt(dim, Q, i, in[3], in[1] + i, Q, out[1] + i, 1.0);
  }
  return 0;
}

#endif /* T540_QFUNCTIONS_H */
