/* Gallery QFunction "Poisson2DApply": dv = S du with S symmetric 2x2, qdata = [S00, S11, S01]. */
#ifndef CEED_GALLERY_POISSON2DAPPLY_H
#define CEED_GALLERY_POISSON2DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson2DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [2][Q], in[1]: qdata [3][Q]; out[0]: dv laid out [2][Q] */
  const CeedScalar *du = in[0], *q_data = in[1];
  CeedScalar       *dv = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar du0 = du[0 * Q + i], du1 = du[1 * Q + i];

    dv[0 * Q + i] = q_data[0 * Q + i] * du0 + q_data[2 * Q + i] * du1;
    dv[1 * Q + i] = q_data[2 * Q + i] * du0 + q_data[1 * Q + i] * du1;
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON2DAPPLY_H */
