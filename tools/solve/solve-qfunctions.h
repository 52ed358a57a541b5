// QFunctions of ceed-solve's manufactured solution, run on the solve's backend (JIT backends compile this
// file): u_c = (c + 1) sin(pi x) sin(pi y) sin(pi z) (zero on the cube's faces), with right-hand side
// f = u (mass) or f = 3 pi^2 u (diffusion).
#pragma once

#include <ceed/types.h>
#ifndef CEED_RUNNING_JIT_PASS
#include <math.h>
#endif

#define SOLVE_PI 3.14159265358979323846

struct SolveContext {
  CeedInt    num_comp;
  CeedScalar f_scale;  // f = f_scale * u
};

CEED_QFUNCTION_HELPER CeedScalar SolveExact(const CeedScalar x[3], CeedInt comp) {
  return (comp + 1) * sin(SOLVE_PI * x[0]) * sin(SOLVE_PI * x[1]) * sin(SOLVE_PI * x[2]);
}

// |det J| w at quadrature point i; J from the 3 x 3 gradient block (the determinant ignores its ordering).
CEED_QFUNCTION_HELPER CeedScalar SolveDetJW(const CeedScalar *dx, const CeedScalar *w, CeedInt Q, CeedInt i) {
  const CeedScalar J00 = dx[0 * Q + i], J01 = dx[1 * Q + i], J02 = dx[2 * Q + i];
  const CeedScalar J10 = dx[3 * Q + i], J11 = dx[4 * Q + i], J12 = dx[5 * Q + i];
  const CeedScalar J20 = dx[6 * Q + i], J21 = dx[7 * Q + i], J22 = dx[8 * Q + i];
  const CeedScalar det = J00 * (J11 * J22 - J12 * J21) - J01 * (J10 * J22 - J12 * J20) + J02 * (J10 * J21 - J11 * J20);
  return fabs(det) * w[i];
}

// Inputs: x (3, interp), dx (9, grad), weights. Output: rhs (num_comp, interp) = f(x) |det J| w.
CEED_QFUNCTION(SolveRhs)(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const struct SolveContext *context = (const struct SolveContext *)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar x[3] = {in[0][i], in[0][Q + i], in[0][2 * Q + i]};
    const CeedScalar wdet = SolveDetJW(in[1], in[2], Q, i);
    for (CeedInt c = 0; c < context->num_comp; c++) out[0][c * Q + i] = context->f_scale * SolveExact(x, c) * wdet;
  }
  return 0;
}

// Inputs: u (num_comp, interp), x, dx, weights. Output: error (2, none) = (|u - u*|^2, |u*|^2) |det J| w.
CEED_QFUNCTION(SolveError)(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const struct SolveContext *context = (const struct SolveContext *)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar x[3] = {in[1][i], in[1][Q + i], in[1][2 * Q + i]};
    const CeedScalar wdet = SolveDetJW(in[2], in[3], Q, i);
    CeedScalar       err = 0.0, norm = 0.0;
    for (CeedInt c = 0; c < context->num_comp; c++) {
      const CeedScalar exact = SolveExact(x, c), diff = in[0][c * Q + i] - exact;
      err += diff * diff;
      norm += exact * exact;
    }
    out[0][i]     = err * wdet;
    out[0][Q + i] = norm * wdet;
  }
  return 0;
}
