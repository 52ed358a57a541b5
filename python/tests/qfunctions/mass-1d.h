/* QFunctions of the Python tests: compiled into a shared library (qfunctions.c) for the ctypes path and read
   by the JIT backends (/cpu/self/gen) through the "path:name" source string. */
#ifndef PYTHON_TEST_QFUNCTIONS_H
#define PYTHON_TEST_QFUNCTIONS_H

#include <ceed/types.h>

/* 1D mass geometry: rho = w * dx/dxi at each point. */
CEED_QFUNCTION(setup_mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *weight = in[0], *dx = in[1];
  CeedScalar       *rho    = out[0];
  for (CeedInt i = 0; i < Q; i++) rho[i] = weight[i] * dx[i];
  return 0;
}

/* v = rho u */
CEED_QFUNCTION(apply_mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *rho = in[0], *u = in[1];
  CeedScalar       *v   = out[0];
  for (CeedInt i = 0; i < Q; i++) v[i] = rho[i] * u[i];
  return 0;
}

/* v = ctx[0] u + ctx[1]: the context is two scalars. */
CEED_QFUNCTION(scale_shift)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *coefficients = (const CeedScalar *)ctx;
  const CeedScalar *u            = in[0];
  CeedScalar       *v            = out[0];
  for (CeedInt i = 0; i < Q; i++) v[i] = coefficients[0] * u[i] + coefficients[1];
  return 0;
}

#endif /* PYTHON_TEST_QFUNCTIONS_H */
