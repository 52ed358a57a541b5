/* Gallery QFunction "Vector3Poisson1DApply": dv_c = du_c * qdata for three components in 1-D. */
#ifndef CEED_GALLERY_VECTORPOISSON1DAPPLY_H
#define CEED_GALLERY_VECTORPOISSON1DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Vector3Poisson1DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [1][3][Q], in[1]: qdata; out[0]: dv laid out [1][3][Q] */
  const CeedScalar *du = in[0], *q_data = in[1];
  CeedScalar       *dv = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 3; c++) dv[c * Q + i] = du[c * Q + i] * q_data[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_VECTORPOISSON1DAPPLY_H */
