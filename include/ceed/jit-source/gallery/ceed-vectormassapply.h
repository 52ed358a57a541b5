/* Gallery QFunction "Vector3MassApply": v_c = u_c * qdata for the three components of a vector field. */
#ifndef CEED_GALLERY_VECTORMASSAPPLY_H
#define CEED_GALLERY_VECTORMASSAPPLY_H

#include <ceed/types.h>

CEED_QFUNCTION(Vector3MassApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: u laid out [3][Q], in[1]: qdata; out[0]: v laid out [3][Q] */
  const CeedScalar *u = in[0], *q_data = in[1];
  CeedScalar       *v = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 3; c++) v[c * Q + i] = u[c * Q + i] * q_data[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_VECTORMASSAPPLY_H */
