/* Gallery QFunction "Poisson3DApply": dv = S du with S symmetric 3x3,
   qdata = [S00, S11, S22, S12, S02, S01] (matrix rows 0 5 4 / 5 1 3 / 4 3 2). */
#ifndef CEED_GALLERY_POISSON3DAPPLY_H
#define CEED_GALLERY_POISSON3DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson3DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [3][Q], in[1]: qdata [6][Q]; out[0]: dv laid out [3][Q] */
  const CeedScalar *du = in[0], *q_data = in[1];
  CeedScalar       *dv = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar du0 = du[0 * Q + i], du1 = du[1 * Q + i], du2 = du[2 * Q + i];

    dv[0 * Q + i] = q_data[0 * Q + i] * du0 + q_data[5 * Q + i] * du1 + q_data[4 * Q + i] * du2;
    dv[1 * Q + i] = q_data[5 * Q + i] * du0 + q_data[1 * Q + i] * du1 + q_data[3 * Q + i] * du2;
    dv[2 * Q + i] = q_data[4 * Q + i] * du0 + q_data[3 * Q + i] * du1 + q_data[2 * Q + i] * du2;
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON3DAPPLY_H */
