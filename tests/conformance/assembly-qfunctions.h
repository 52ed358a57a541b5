/* QFunctions of the assembly, multigrid and FDM conformance tests, in a header of their own so that JIT
 * backends (NVRTC, the host compiler) can compile them as they are (spec 01 §6: only ceed/types.h). The test
 * programs name them with TEST_QFUNCTION_SOURCE(name), the absolute path of this file plus the kernel name;
 * tNNN-*.h headers hold the QFunctions of one test each. */
#ifndef CEEDRT_TEST_ASSEMBLY_QFUNCTIONS_H
#define CEEDRT_TEST_ASSEMBLY_QFUNCTIONS_H

#include <ceed/types.h>

#ifndef CEED_RUNNING_JIT_PASS
#include <stdio.h>

static const char test_qfunction_file[] = __FILE__;
#define TEST_QFUNCTION_SOURCE(name) TestQFunctionSource(test_qfunction_file, #name)
/* "<file>:<name>" in a static buffer (one QFunction is created at a time). */
static inline const char *TestQFunctionSource(const char *file, const char *name) {
  static char source[1024];
  snprintf(source, sizeof(source), "%s:%s", file, name);
  return source;
}
#endif

/* dv = K du for the symmetric matrix K stored in Voigt order (qd[k * Q + i]). */
CEED_QFUNCTION_HELPER void TestApplyVoigt(CeedInt dim, CeedInt Q, CeedInt i, const CeedScalar *qd, const CeedScalar *du, CeedInt du_stride,
                                  CeedScalar *dv, CeedScalar scale) {
  CeedScalar K[3][3];
  if (dim == 2) {
    K[0][0] = qd[0 * Q + i], K[1][1] = qd[1 * Q + i], K[0][1] = K[1][0] = qd[2 * Q + i];
  } else {
    K[0][0] = qd[0 * Q + i], K[1][1] = qd[1 * Q + i], K[2][2] = qd[2 * Q + i];
    K[1][2] = K[2][1] = qd[3 * Q + i], K[0][2] = K[2][0] = qd[4 * Q + i], K[0][1] = K[1][0] = qd[5 * Q + i];
  }
  for (CeedInt a = 0; a < dim; a++) {
    CeedScalar s = 0.0;
    for (CeedInt b = 0; b < dim; b++) s += K[a][b] * du[b * du_stride];
    dv[a * du_stride] = scale * s;
  }
}

/* Vector operator: v = m C u, dv_c = (1 + c) K du_c with a coupling matrix C. Context: dim. */
CEED_QFUNCTION(TestVectorApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedInt     dim = *(const CeedInt *)ctx;
  const CeedScalar *u = in[0], *du = in[1], *qm = in[2], *qd = in[3];
  CeedScalar       *v = out[0], *dv = out[1];
  const CeedScalar  C[3][3] = {{2.0, 0.5, 0.0}, {0.5, 3.0, -0.25}, {0.1, -0.25, 1.5}};
  for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt a = 0; a < 3; a++) {
      CeedScalar s = 0.0;
      for (CeedInt b = 0; b < 3; b++) s += C[a][b] * u[b * Q + i];
      v[a * Q + i] = qm[i] * s;
    }
    /* Gradients are laid out [dim][3][Q]: component c of direction d at (d * 3 + c) * Q + i. */
    for (CeedInt c = 0; c < 3; c++) TestApplyVoigt(dim, Q, i, qd, du + c * Q + i, 3 * Q, dv + c * Q + i, 1.0 + c);
  }
  return 0;
}

/* Mixed operator: u (order P, INTERP and GRAD) and p (order P-1, INTERP) in one L-vector.
   v = m (u + 0.5 p), dv = K du, pv = m (0.25 u - 2 p). Context: dim. */
CEED_QFUNCTION(TestMixedApply)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedInt     dim = *(const CeedInt *)ctx;
  const CeedScalar *u = in[0], *du = in[1], *p = in[2], *qm = in[3], *qd = in[4];
  CeedScalar       *v = out[0], *dv = out[1], *pv = out[2];
  for (CeedInt i = 0; i < Q; i++) {
    v[i]  = qm[i] * (u[i] + 0.5 * p[i]);
    pv[i] = qm[i] * (0.25 * u[i] - 2.0 * p[i]);
    TestApplyVoigt(dim, Q, i, qd, du + i, Q, dv + i, 1.0);
  }
  return 0;
}

#endif /* CEEDRT_TEST_ASSEMBLY_QFUNCTIONS_H */
