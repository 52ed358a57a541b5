/* Gallery QFunction "Poisson2DBuild": symmetric diffusion tensor S = w / det(J) adj(J) adj(J)^T in 2-D,
   stored in Voigt order [S00, S11, S01]. */
#ifndef CEED_GALLERY_POISSON2DBUILD_H
#define CEED_GALLERY_POISSON2DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson2DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [2][2][Q], in[1]: quadrature weights; out[0]: qdata [3][Q] */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar J00 = J[0 * Q + i], J10 = J[1 * Q + i], J01 = J[2 * Q + i], J11 = J[3 * Q + i];
    const CeedScalar qw  = w[i] / (J00 * J11 - J10 * J01);

    q_data[0 * Q + i] = qw * (J01 * J01 + J11 * J11);
    q_data[1 * Q + i] = qw * (J00 * J00 + J10 * J10);
    q_data[2 * Q + i] = -qw * (J00 * J01 + J10 * J11);
  }
  return 0;
}

#endif /* CEED_GALLERY_POISSON2DBUILD_H */
