/* Gallery QFunction "Mass2DBuild": mass-matrix quadrature data qdata = det(J) * w in 2-D. */
#ifndef CEED_GALLERY_MASS2DBUILD_H
#define CEED_GALLERY_MASS2DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Mass2DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [2][2][Q], in[1]: quadrature weights; out[0]: qdata */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar det_J = J[0 * Q + i] * J[3 * Q + i] - J[1 * Q + i] * J[2 * Q + i];

    q_data[i] = det_J * w[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_MASS2DBUILD_H */
