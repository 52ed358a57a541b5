/* Gallery QFunction "Poisson2DApply": dv = S du with S symmetric 2x2, qdata = [S00, S11, S01]. */
#ifndef CEED_GALLERY_POISSON2DAPPLY_H
#define CEED_GALLERY_POISSON2DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson2DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [2][Q], in[1]: qdata [3][Q]; out[0]: dv laid out [2][Q] */
  const CeedScalar(*du)[CEED_Q_VLA]     = (const CeedScalar(*)[CEED_Q_VLA])in[0];
  const CeedScalar(*q_data)[CEED_Q_VLA] = (const CeedScalar(*)[CEED_Q_VLA])in[1];
  CeedScalar(*dv)[CEED_Q_VLA]           = (CeedScalar(*)[CEED_Q_VLA])out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar du0 = du[0][i], du1 = du[1][i];

    dv[0][i] = q_data[0][i] * du0 + q_data[2][i] * du1;
    dv[1][i] = q_data[2][i] * du0 + q_data[1][i] * du1;
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON2DAPPLY_H */
