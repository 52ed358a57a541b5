/* Gallery QFunction "Mass1DBuild": mass-matrix quadrature data qdata = J * w in 1-D. */
#ifndef CEED_GALLERY_MASS1DBUILD_H
#define CEED_GALLERY_MASS1DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Mass1DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: dx/dX (1 value per point), in[1]: quadrature weights; out[0]: qdata */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) q_data[i] = J[i] * w[i];
  return 0;
}

#endif /* CEED_GALLERY_MASS1DBUILD_H */
