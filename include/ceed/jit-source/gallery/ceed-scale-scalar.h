/* Gallery QFunction "Scale (scalar)": every component of the input scaled by one value per point.
   The context is one CeedInt, the number of components. */
#ifndef CEED_GALLERY_SCALE_SCALAR_H
#define CEED_GALLERY_SCALE_SCALAR_H

#include <ceed/types.h>

CEED_QFUNCTION(ScaleScalar)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: input [size][Q], in[1]: scale [Q]; out[0]: output [size][Q] */
  const CeedInt    *size  = (const CeedInt *)ctx;
  const CeedScalar *u     = in[0], *scale = in[1];
  CeedScalar       *v     = out[0];

  if (!size) return 1; /* the caller must attach the size as context */
  for (CeedInt j = 0; j < size[0]; j++) {
    CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) v[j * Q + i] = u[j * Q + i] * scale[i];
  }
  return 0;
}

#endif /* CEED_GALLERY_SCALE_SCALAR_H */
