/* Volume of a box computed with a mass operator, through the public C API only.
 *
 * Shared by the packaging tests (an application built against the installed library, the third-party plugin
 * test) and the thread test; valid C99 and C++. The box [0,1]x[0,2]x[0,3] (volume 6) is meshed with n^3
 * hexahedra of degree p (Gauss-Lobatto nodes, p+2 Gauss points per direction); a setup operator computes
 * w det J from the nodal coordinates, the mass operator is applied to a vector of ones and its entries are
 * summed. Every call is checked; on failure MassVolume prints the failing call and returns its code. */
#ifndef CEEDRT_TEST_MASS_VOLUME_H
#define CEEDRT_TEST_MASS_VOLUME_H

#include <ceed.h>
#include <stdio.h>
#include <stdlib.h>

#define MASS_VOLUME_EXACT 6.0

/* Gradient layout at quadrature points: dx[(d*3 + c)*Q + i] = d x_c / d xi_d. */
CEED_QFUNCTION(mass_volume_setup)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *dx = in[0], *w = in[1];
  CeedScalar       *qd = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    CeedScalar J[3][3];
    for (CeedInt c = 0; c < 3; c++) {
      for (CeedInt d = 0; d < 3; d++) J[c][d] = dx[(d * 3 + c) * Q + i];
    }
    const CeedScalar det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                           J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
    qd[i] = det * w[i];
  }
  return 0;
}

CEED_QFUNCTION(mass_volume_apply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *u = in[0], *qd = in[1];
  CeedScalar       *v = out[0];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) v[i] = qd[i] * u[i];
  return 0;
}

#define MASS_VOLUME_CALL(...)                                                                            \
  do {                                                                                                   \
    int ierr_ = (__VA_ARGS__);                                                                           \
    if (ierr_ != CEED_ERROR_SUCCESS) {                                                                   \
      fprintf(stderr, "%s:%d: %s failed with error %d\n", __FILE__, __LINE__, #__VA_ARGS__, ierr_);      \
      return ierr_;                                                                                      \
    }                                                                                                    \
  } while (0)

/* Builds the problem on ceed, applies the mass operator num_applies >= 1 times to a vector of ones and
   stores the sum of the result of the last application in *volume. */
static int MassVolume(Ceed ceed, CeedInt n, CeedInt p, CeedInt num_applies, double *volume) {
  const CeedInt  P = p + 1, Q = p + 2, n_1d = n * p + 1;
  const CeedInt  num_elem = n * n * n, elem_nodes = P * P * P, elem_qpts = Q * Q * Q;
  const CeedSize num_nodes     = (CeedSize)n_1d * n_1d * n_1d;
  const double   box_length[3] = {1.0, 2.0, 3.0};

  *volume = 0.0;
  /* 1-D node positions in [0, 1]: element e's Gauss-Lobatto nodes mapped to [e/n, (e+1)/n]. */
  CeedScalar *gll = (CeedScalar *)malloc(sizeof(CeedScalar) * 2 * P), *x_1d = (CeedScalar *)malloc(sizeof(CeedScalar) * n_1d);
  CeedInt    *offsets = (CeedInt *)malloc(sizeof(CeedInt) * (size_t)num_elem * elem_nodes);
  if (!gll || !x_1d || !offsets) {
    free(gll), free(x_1d), free(offsets);
    fprintf(stderr, "MassVolume: out of memory\n");
    return CEED_ERROR_MAJOR;
  }
  MASS_VOLUME_CALL(CeedLobattoQuadrature(P, gll, gll + P));
  for (CeedInt g = 0; g < n_1d; g++) {
    const CeedInt e = g / p < n ? g / p : n - 1, a = g - e * p;
    x_1d[g]         = (e + 0.5 * (gll[a] + 1.0)) / n;
  }
  for (CeedInt e = 0; e < num_elem; e++) {
    const CeedInt ex = e % n, ey = (e / n) % n, ez = e / (n * n);
    for (CeedInt k = 0; k < elem_nodes; k++) {
      const CeedInt a = k % P, b = (k / P) % P, c = k / (P * P);
      offsets[(size_t)e * elem_nodes + k] = (ex * p + a) + n_1d * ((ey * p + b) + n_1d * (ez * p + c));
    }
  }

  CeedElemRestriction rstr_u, rstr_x, rstr_qd;
  CeedBasis           basis_u, basis_x;
  CeedVector          x, qd, u, v;
  CeedQFunction       qf_setup, qf_mass;
  CeedOperator        op_setup, op_mass;
  MASS_VOLUME_CALL(CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets, &rstr_u));
  MASS_VOLUME_CALL(CeedElemRestrictionCreate(ceed, num_elem, elem_nodes, 3, (CeedInt)num_nodes, 3 * num_nodes, CEED_MEM_HOST,
                                             CEED_COPY_VALUES, offsets, &rstr_x));
  free(offsets);
  MASS_VOLUME_CALL(CeedElemRestrictionCreateStrided(ceed, num_elem, elem_qpts, 1, (CeedSize)num_elem * elem_qpts, CEED_STRIDES_BACKEND, &rstr_qd));
  MASS_VOLUME_CALL(CeedBasisCreateTensorH1Lagrange(ceed, 3, 1, P, Q, CEED_GAUSS, &basis_u));
  MASS_VOLUME_CALL(CeedBasisCreateTensorH1Lagrange(ceed, 3, 3, P, Q, CEED_GAUSS, &basis_x));

  MASS_VOLUME_CALL(CeedVectorCreate(ceed, 3 * num_nodes, &x));
  MASS_VOLUME_CALL(CeedVectorCreate(ceed, (CeedSize)num_elem * elem_qpts, &qd));
  MASS_VOLUME_CALL(CeedVectorCreate(ceed, num_nodes, &u));
  MASS_VOLUME_CALL(CeedVectorCreate(ceed, num_nodes, &v));
  {
    CeedScalar *xa;
    MASS_VOLUME_CALL(CeedVectorGetArrayWrite(x, CEED_MEM_HOST, &xa));
    for (CeedSize i = 0; i < num_nodes; i++) {
      const CeedSize ijk[3] = {i % n_1d, (i / n_1d) % n_1d, i / ((CeedSize)n_1d * n_1d)};
      for (CeedInt c = 0; c < 3; c++) xa[c * num_nodes + i] = box_length[c] * x_1d[ijk[c]];
    }
    MASS_VOLUME_CALL(CeedVectorRestoreArray(x, &xa));
  }
  free(gll), free(x_1d);

  MASS_VOLUME_CALL(CeedQFunctionCreateInterior(ceed, 1, mass_volume_setup, mass_volume_setup_loc, &qf_setup));
  MASS_VOLUME_CALL(CeedQFunctionAddInput(qf_setup, "dx", 9, CEED_EVAL_GRAD));
  MASS_VOLUME_CALL(CeedQFunctionAddInput(qf_setup, "weight", 1, CEED_EVAL_WEIGHT));
  MASS_VOLUME_CALL(CeedQFunctionAddOutput(qf_setup, "qdata", 1, CEED_EVAL_NONE));
  MASS_VOLUME_CALL(CeedQFunctionCreateInterior(ceed, 1, mass_volume_apply, mass_volume_apply_loc, &qf_mass));
  MASS_VOLUME_CALL(CeedQFunctionAddInput(qf_mass, "u", 1, CEED_EVAL_INTERP));
  MASS_VOLUME_CALL(CeedQFunctionAddInput(qf_mass, "qdata", 1, CEED_EVAL_NONE));
  MASS_VOLUME_CALL(CeedQFunctionAddOutput(qf_mass, "v", 1, CEED_EVAL_INTERP));

  MASS_VOLUME_CALL(CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_setup, "weight", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_setup, "qdata", rstr_qd, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
  MASS_VOLUME_CALL(CeedOperatorCreate(ceed, qf_mass, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_mass));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_mass, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_mass, "qdata", rstr_qd, CEED_BASIS_NONE, qd));
  MASS_VOLUME_CALL(CeedOperatorSetField(op_mass, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE));

  MASS_VOLUME_CALL(CeedOperatorApply(op_setup, x, qd, CEED_REQUEST_IMMEDIATE));
  MASS_VOLUME_CALL(CeedVectorSetValue(u, 1.0));
  for (CeedInt k = 0; k < num_applies; k++) MASS_VOLUME_CALL(CeedOperatorApply(op_mass, u, v, CEED_REQUEST_IMMEDIATE));
  {
    const CeedScalar *va;
    double            sum = 0.0;
    MASS_VOLUME_CALL(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &va));
    for (CeedSize i = 0; i < num_nodes; i++) sum += va[i];
    MASS_VOLUME_CALL(CeedVectorRestoreArrayRead(v, &va));
    *volume = sum;
  }

  MASS_VOLUME_CALL(CeedOperatorDestroy(&op_setup));
  MASS_VOLUME_CALL(CeedOperatorDestroy(&op_mass));
  MASS_VOLUME_CALL(CeedQFunctionDestroy(&qf_setup));
  MASS_VOLUME_CALL(CeedQFunctionDestroy(&qf_mass));
  MASS_VOLUME_CALL(CeedVectorDestroy(&x));
  MASS_VOLUME_CALL(CeedVectorDestroy(&qd));
  MASS_VOLUME_CALL(CeedVectorDestroy(&u));
  MASS_VOLUME_CALL(CeedVectorDestroy(&v));
  MASS_VOLUME_CALL(CeedBasisDestroy(&basis_u));
  MASS_VOLUME_CALL(CeedBasisDestroy(&basis_x));
  MASS_VOLUME_CALL(CeedElemRestrictionDestroy(&rstr_u));
  MASS_VOLUME_CALL(CeedElemRestrictionDestroy(&rstr_x));
  MASS_VOLUME_CALL(CeedElemRestrictionDestroy(&rstr_qd));
  return CEED_ERROR_SUCCESS;
}

#endif /* CEEDRT_TEST_MASS_VOLUME_H */
