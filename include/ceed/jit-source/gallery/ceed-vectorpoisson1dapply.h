/* Gallery QFunction "Vector3Poisson1DApply": dv_c = du_c * qdata for three components in 1-D. */
#ifndef CEED_GALLERY_VECTORPOISSON1DAPPLY_H
#define CEED_GALLERY_VECTORPOISSON1DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Vector3Poisson1DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [1][3][Q], in[1]: qdata; out[0]: dv laid out [1][3][Q] */
  const CeedScalar(*du)[CEED_Q_VLA] = (const CeedScalar(*)[CEED_Q_VLA])in[0];
  const CeedScalar *q_data          = in[1];
  CeedScalar(*dv)[CEED_Q_VLA]       = (CeedScalar(*)[CEED_Q_VLA])out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 3; c++) dv[c][i] = du[c][i] * q_data[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_VECTORPOISSON1DAPPLY_H */
