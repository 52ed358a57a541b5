/* Gallery QFunction "Mass3DBuild": mass-matrix quadrature data qdata = det(J) * w in 3-D. */
#ifndef CEED_GALLERY_MASS3DBUILD_H
#define CEED_GALLERY_MASS3DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Mass3DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: Jacobian J[d][c] = dx_c/dX_d laid out [3][3][Q], in[1]: quadrature weights; out[0]: qdata */
  const CeedScalar(*J)[3][CEED_Q_VLA] = (const CeedScalar(*)[3][CEED_Q_VLA])in[0];
  const CeedScalar *w                 = in[1];
  CeedScalar       *q_data            = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    /* Expansion along the first row: three 2x2 minors (9 FLOPs), three products and two sums (5 FLOPs). */
    const CeedScalar m0    = J[1][1][i] * J[2][2][i] - J[2][1][i] * J[1][2][i];
    const CeedScalar m1    = J[1][2][i] * J[2][0][i] - J[2][2][i] * J[1][0][i];
    const CeedScalar m2    = J[1][0][i] * J[2][1][i] - J[2][0][i] * J[1][1][i];
    const CeedScalar det_J = J[0][0][i] * m0 + J[0][1][i] * m1 + J[0][2][i] * m2;

    q_data[i] = det_J * w[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_MASS3DBUILD_H */
