/* Gallery QFunction "Poisson1DBuild": diffusion quadrature data qdata = w / J in 1-D. */
#ifndef CEED_GALLERY_POISSON1DBUILD_H
#define CEED_GALLERY_POISSON1DBUILD_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson1DBuild)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: dx/dX, in[1]: quadrature weights; out[0]: qdata */
  const CeedScalar *J = in[0], *w = in[1];
  CeedScalar       *q_data = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) q_data[i] = w[i] / J[i];
  return 0;
}

#endif /* CEED_GALLERY_POISSON1DBUILD_H */
