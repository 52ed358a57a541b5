/* QFunctions for the /cpu/self/gen unit tests, compiled into the tests and into the fused kernels. */
#include <ceed/types.h>

/* A 2D mixed-field operator: u (scalar) enters as value and gradient through one restriction, p (two
   components, another basis) as value, qdata and quadrature weights as given; v and dv (u's space) and
   q (p's space) leave. */
CEED_QFUNCTION(GenMixed2D)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar *u = in[0], *du = in[1], *p = in[2], *qd = in[3], *w = in[4];
  CeedScalar       *v = out[0], *dv = out[1], *q = out[2];
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) {
    const CeedScalar s = qd[i] * w[i];
    v[i]               = s * (2.0 * u[i] + p[i] - 0.5 * p[Q + i]);
    dv[i]              = s * (du[i] + 0.25 * du[Q + i]);
    dv[Q + i]          = s * (0.25 * du[i] + 3.0 * du[Q + i]);
    q[i]               = s * (u[i] + p[i]);
    q[Q + i]           = s * (p[Q + i] - du[Q + i]);
  }
  return 0;
}

/* v = alpha u with alpha from the context. */
typedef struct {
  CeedScalar alpha;
} GenScaleContext;

CEED_QFUNCTION(GenScale)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const GenScaleContext *c = (const GenScaleContext *)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = c->alpha * in[0][i];
  return 0;
}

// v = GEN_DEFINED_SCALE u: the factor is a JIT define (CeedAddJitDefine), 1 without one.
#ifndef GEN_DEFINED_SCALE
#define GEN_DEFINED_SCALE 1
#endif
CEED_QFUNCTION(GenDefinedScale)(void *ctx, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  (void)ctx;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = GEN_DEFINED_SCALE * in[0][i];
  return 0;
}
