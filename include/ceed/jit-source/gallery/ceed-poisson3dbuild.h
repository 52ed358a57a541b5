/* Gallery QFunction "Poisson3DBuild": symmetric diffusion tensor S = w / det(J) A A^T in 3-D with A the
   cofactor matrix of J[d][c], stored in Voigt order [S00, S11, S22, S12, S02, S01]. */
#ifndef CEED_GALLERY_POISSON3DBUILD_H
#define CEED_GALLERY_POISSON3DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson3DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [3][3][Q], in[1]: quadrature weights; out[0]: qdata [6][Q] */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    CeedScalar A[3][3];

    /* A[k][j] = J[k+1][j+1] J[k+2][j+2] - J[k+2][j+1] J[k+1][j+2], indices modulo 3 */
    for (CeedInt k = 0; k < 3; k++) {
      for (CeedInt j = 0; j < 3; j++) {
        const CeedInt k1 = (k + 1) % 3, k2 = (k + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;

        A[k][j] = J[(k1 * 3 + j1) * Q + i] * J[(k2 * 3 + j2) * Q + i] - J[(k2 * 3 + j1) * Q + i] * J[(k1 * 3 + j2) * Q + i];
      }
    }
    const CeedScalar qw = w[i] / (J[0 * Q + i] * A[0][0] + J[1 * Q + i] * A[0][1] + J[2 * Q + i] * A[0][2]);

    q_data[0 * Q + i] = qw * (A[0][0] * A[0][0] + A[0][1] * A[0][1] + A[0][2] * A[0][2]);
    q_data[1 * Q + i] = qw * (A[1][0] * A[1][0] + A[1][1] * A[1][1] + A[1][2] * A[1][2]);
    q_data[2 * Q + i] = qw * (A[2][0] * A[2][0] + A[2][1] * A[2][1] + A[2][2] * A[2][2]);
    q_data[3 * Q + i] = qw * (A[1][0] * A[2][0] + A[1][1] * A[2][1] + A[1][2] * A[2][2]);
    q_data[4 * Q + i] = qw * (A[0][0] * A[2][0] + A[0][1] * A[2][1] + A[0][2] * A[2][2]);
    q_data[5 * Q + i] = qw * (A[0][0] * A[1][0] + A[0][1] * A[1][1] + A[0][2] * A[1][2]);
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON3DBUILD_H */
