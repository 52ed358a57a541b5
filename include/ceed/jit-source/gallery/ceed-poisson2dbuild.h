/* Gallery QFunction "Poisson2DBuild": symmetric diffusion tensor S = w / det(J) adj(J) adj(J)^T in 2-D,
   stored in Voigt order [S00, S11, S01]. */
#ifndef CEED_GALLERY_POISSON2DBUILD_H
#define CEED_GALLERY_POISSON2DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson2DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [2][2][Q], in[1]: quadrature weights; out[0]: qdata [3][Q] */
  const CeedScalar(*J)[2][CEED_Q_VLA] = (const CeedScalar(*)[2][CEED_Q_VLA])in[0];
  const CeedScalar *w                 = in[1];
  CeedScalar(*q_data)[CEED_Q_VLA]     = (CeedScalar(*)[CEED_Q_VLA])out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar J00 = J[0][0][i], J10 = J[0][1][i], J01 = J[1][0][i], J11 = J[1][1][i];
    const CeedScalar qw  = w[i] / (J00 * J11 - J10 * J01);

    q_data[0][i] = qw * (J01 * J01 + J11 * J11);
    q_data[1][i] = qw * (J00 * J00 + J10 * J10);
    q_data[2][i] = -qw * (J00 * J01 + J10 * J11);
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON2DBUILD_H */
