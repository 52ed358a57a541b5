/* Gallery QFunction "Identity to scalar": copies the first component of the input to a scalar output. */
#ifndef CEED_GALLERY_IDENTITY_TO_SCALAR_H
#define CEED_GALLERY_IDENTITY_TO_SCALAR_H

#include <ceed/types.h>

CEED_QFUNCTION(IdentityScalar)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *u = in[0];
  CeedScalar       *v = out[0];

  (void)ctx;
  CeedPragmaSIMD for (CeedInt i = 0; i < Q; i++) v[i] = u[i];
  return 0;
}

#endif /* CEED_GALLERY_IDENTITY_TO_SCALAR_H */
