/* Gallery QFunction "MassApply": v = u * qdata for a scalar field. */
#ifndef CEED_GALLERY_MASSAPPLY_H
#define CEED_GALLERY_MASSAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(MassApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: u, in[1]: qdata; out[0]: v */
  const CeedScalar *u = in[0], *q_data = in[1];
  CeedScalar       *v = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) v[i] = u[i] * q_data[i];
  return 0;
}

#endif /* CEED_GALLERY_MASSAPPLY_H */
