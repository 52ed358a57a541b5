/* The C twin of t406-qfunction-fortran-status.c's "Fortran" subroutine: what JIT backends compile from the
   source string. It computes 2 u w where the subroutine computes 3 u w, so a result shows which one ran. */
#ifndef T406_QFUNCTION_FORTRAN_STATUS_H
#define T406_QFUNCTION_FORTRAN_STATUS_H

#include <ceed/types.h>

CEED_QFUNCTION(twin_mass)(void *ctx, const CeedInt q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < q; i++) out[0][i] = 2.0 * in[1][i] * in[0][i];
  return 0;
}

#endif /* T406_QFUNCTION_FORTRAN_STATUS_H */
