/* Gallery QFunction "Vector3Poisson3DApply": per component c, dv[:, c] = S du[:, c] with S symmetric 3x3,
   qdata = [S00, S11, S22, S12, S02, S01]. */
#ifndef CEED_GALLERY_VECTORPOISSON3DAPPLY_H
#define CEED_GALLERY_VECTORPOISSON3DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Vector3Poisson3DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du laid out [3][3][Q], in[1]: qdata [6][Q]; out[0]: dv laid out [3][3][Q] */
  const CeedScalar(*du)[3][CEED_Q_VLA]  = (const CeedScalar(*)[3][CEED_Q_VLA])in[0];
  const CeedScalar(*q_data)[CEED_Q_VLA] = (const CeedScalar(*)[CEED_Q_VLA])in[1];
  CeedScalar(*dv)[3][CEED_Q_VLA]        = (CeedScalar(*)[3][CEED_Q_VLA])out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 3; c++) {
      const CeedScalar du0 = du[0][c][i], du1 = du[1][c][i], du2 = du[2][c][i];

      dv[0][c][i] = q_data[0][i] * du0 + q_data[5][i] * du1 + q_data[4][i] * du2;
      dv[1][c][i] = q_data[5][i] * du0 + q_data[1][i] * du1 + q_data[3][i] * du2;
      dv[2][c][i] = q_data[4][i] * du0 + q_data[3][i] * du1 + q_data[2][i] * du2;
    }
  }
  return 0;
}

#endif /* CEED_GALLERY_VECTORPOISSON3DAPPLY_H */
