/* Gallery QFunction "Vector3Poisson2DApply": per component c, dv[:, c] = S du[:, c] with S symmetric 2x2,
   qdata = [S00, S11, S01]. */
#ifndef CEED_GALLERY_VECTORPOISSON2DAPPLY_H
#define CEED_GALLERY_VECTORPOISSON2DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Vector3Poisson2DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [2][3][Q], in[1]: qdata [3][Q]; out[0]: dv laid out [2][3][Q] */
  const CeedScalar(*du)[3][CEED_Q_VLA]  = (const CeedScalar(*)[3][CEED_Q_VLA])in[0];
  const CeedScalar(*q_data)[CEED_Q_VLA] = (const CeedScalar(*)[CEED_Q_VLA])in[1];
  CeedScalar(*dv)[3][CEED_Q_VLA]        = (CeedScalar(*)[3][CEED_Q_VLA])out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 3; c++) {
      const CeedScalar du0 = du[0][c][i], du1 = du[1][c][i];

      dv[0][c][i] = q_data[0][i] * du0 + q_data[2][i] * du1;
      dv[1][c][i] = q_data[2][i] * du0 + q_data[1][i] * du1;
    }
  }
  return 0;
}

#endif /* CEED_GALLERY_VECTORPOISSON2DAPPLY_H */
