/* Gallery QFunction "Mass3DBuild": mass-matrix quadrature data qdata = det(J) * w in 3-D. */
#ifndef CEED_GALLERY_MASS3DBUILD_H
#define CEED_GALLERY_MASS3DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Mass3DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [3][3][Q], in[1]: quadrature weights; out[0]: qdata */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    /* Expansion along the first row: three 2x2 minors (9 FLOPs), three products and two sums (5 FLOPs). */
    const CeedScalar m0    = J[4 * Q + i] * J[8 * Q + i] - J[7 * Q + i] * J[5 * Q + i];
    const CeedScalar m1    = J[5 * Q + i] * J[6 * Q + i] - J[8 * Q + i] * J[3 * Q + i];
    const CeedScalar m2    = J[3 * Q + i] * J[7 * Q + i] - J[6 * Q + i] * J[4 * Q + i];
    const CeedScalar det_J = J[0 * Q + i] * m0 + J[1 * Q + i] * m1 + J[2 * Q + i] * m2;

    q_data[i] = det_J * w[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_MASS3DBUILD_H */
