/* Gallery QFunction "Identity": copies Q*size values from the input to the output field.
   The number of values per point comes from the context (registered Int32 field "size"). */
#ifndef CEED_GALLERY_IDENTITY_H
#define CEED_GALLERY_IDENTITY_H

#include <ceed/types.h>

typedef struct {
  CeedInt size;
} IdentityCtx;

CEED_QFUNCTION(Identity)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const IdentityCtx *context = (const IdentityCtx *)ctx;
  const CeedScalar  *u       = in[0];
  CeedScalar        *v       = out[0];

  if (!context) return 1; /* the size is part of the QFunction's definition */
  const CeedInt n = Q * context->size;

  CeedPragmaSIMD for (CeedInt k = 0; k < n; k++) v[k] = u[k];
  return 0;
}

#endif /* CEED_GALLERY_IDENTITY_H */
