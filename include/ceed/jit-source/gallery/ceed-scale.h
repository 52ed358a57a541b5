/* Gallery QFunction "Scale": output = input * scale, entry by entry, for Q*size values.
   The context is one CeedInt, the number of values per point. */
#ifndef CEED_GALLERY_SCALE_H
#define CEED_GALLERY_SCALE_H

#include <ceed/types.h>

CEED_QFUNCTION(Scale)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  /* in[0]: input [size][Q], in[1]: scale [size][Q]; out[0]: output [size][Q] */
  const CeedInt    *size  = (const CeedInt *)ctx;
  const CeedScalar *u     = in[0], *scale = in[1];
  CeedScalar       *v     = out[0];

  if (!size) return 1; /* the caller must attach the size as context */
  const CeedInt n = Q * size[0];

  CeedPragmaSIMD for (CeedInt k = 0; k < n; k++) v[k] = u[k] * scale[k];
  return 0;
}

#endif /* CEED_GALLERY_SCALE_H */
