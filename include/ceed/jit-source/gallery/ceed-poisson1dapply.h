/* Gallery QFunction "Poisson1DApply": dv = du * qdata in 1-D. */
#ifndef CEED_GALLERY_POISSON1DAPPLY_H
#define CEED_GALLERY_POISSON1DAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Poisson1DApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: du, in[1]: qdata; out[0]: dv */
  const CeedScalar *du = in[0], *q_data = in[1];
  CeedScalar       *dv = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) dv[i] = du[i] * q_data[i];
  return 0;
}

#endif /* CEED_GALLERY_POISSON1DAPPLY_H */
