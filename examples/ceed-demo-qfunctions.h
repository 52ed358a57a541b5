/* QFunctions of ceed-demo.c, in their own file so that JIT backends (NVRTC) can compile them without the
   host program (spec 01 §6). */
#ifndef CEED_DEMO_QFUNCTIONS_H
#define CEED_DEMO_QFUNCTIONS_H

#include <ceed/types.h>

/* ---- QFunctions -------------------------------------------------------------------------------------
 * Gradient layout at quadrature points: in[(d*num_comp + c)*Q + i] = d x_c / d xi_d at point i. */

/* Jacobian J[c][d] = d x_c / d xi_d of point i, its determinant and adjugate (J^{-1} = adj / det). */
CEED_QFUNCTION_HELPER CeedScalar Jacobian3(const CeedScalar *dx, CeedInt Q, CeedInt i, CeedScalar adj[3][3]) {
  CeedScalar J[3][3];
  for (CeedInt c = 0; c < 3; c++) {
    for (CeedInt d = 0; d < 3; d++) J[c][d] = dx[(d * 3 + c) * Q + i];
  }
  adj[0][0] = J[1][1] * J[2][2] - J[1][2] * J[2][1];
  adj[0][1] = J[0][2] * J[2][1] - J[0][1] * J[2][2];
  adj[0][2] = J[0][1] * J[1][2] - J[0][2] * J[1][1];
  adj[1][0] = J[1][2] * J[2][0] - J[1][0] * J[2][2];
  adj[1][1] = J[0][0] * J[2][2] - J[0][2] * J[2][0];
  adj[1][2] = J[0][2] * J[1][0] - J[0][0] * J[1][2];
  adj[2][0] = J[1][0] * J[2][1] - J[1][1] * J[2][0];
  adj[2][1] = J[0][1] * J[2][0] - J[0][0] * J[2][1];
  adj[2][2] = J[0][0] * J[1][1] - J[0][1] * J[1][0];
  return J[0][0] * adj[0][0] + J[0][1] * adj[1][0] + J[0][2] * adj[2][0];
}

/* Mass geometric factor: w det J. */
CEED_QFUNCTION(setup_mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *dx = in[0], *w = in[1];
  CeedScalar       *qd = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    CeedScalar adj[3][3];
    qd[i] = Jacobian3(dx, Q, i, adj) * w[i];
  }
  return 0;
}

/* Diffusion geometric factor: w det J J^{-1} J^{-T} = (w / det J) adj adj^T, symmetric, stored as
   (00, 11, 22, 12, 02, 01). */
CEED_QFUNCTION(setup_diff)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *dx = in[0], *w = in[1];
  CeedScalar       *qd = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    CeedScalar       adj[3][3];
    const CeedScalar scale = w[i] / Jacobian3(dx, Q, i, adj);
    CeedScalar       A[3][3];
    for (CeedInt a = 0; a < 3; a++) {
      for (CeedInt b = 0; b < 3; b++) A[a][b] = scale * (adj[a][0] * adj[b][0] + adj[a][1] * adj[b][1] + adj[a][2] * adj[b][2]);
    }
    qd[0 * Q + i] = A[0][0];
    qd[1 * Q + i] = A[1][1];
    qd[2 * Q + i] = A[2][2];
    qd[3 * Q + i] = A[1][2];
    qd[4 * Q + i] = A[0][2];
    qd[5 * Q + i] = A[0][1];
  }
  return 0;
}

CEED_QFUNCTION(apply_mass)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *u = in[0], *qd = in[1];
  CeedScalar       *v = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) v[i] = qd[i] * u[i];
  return 0;
}

CEED_QFUNCTION(apply_diff)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *du = in[0], *qd = in[1];
  CeedScalar       *dv = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar g0 = du[0 * Q + i], g1 = du[1 * Q + i], g2 = du[2 * Q + i];
    const CeedScalar a00 = qd[0 * Q + i], a11 = qd[1 * Q + i], a22 = qd[2 * Q + i];
    const CeedScalar a12 = qd[3 * Q + i], a02 = qd[4 * Q + i], a01 = qd[5 * Q + i];
    dv[0 * Q + i] = a00 * g0 + a01 * g1 + a02 * g2;
    dv[1 * Q + i] = a01 * g0 + a11 * g1 + a12 * g2;
    dv[2 * Q + i] = a02 * g0 + a12 * g1 + a22 * g2;
  }
  return 0;
}

#endif /* CEED_DEMO_QFUNCTIONS_H */
