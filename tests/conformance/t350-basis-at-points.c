/* Evaluation of tensor bases at arbitrary reference points: values and gradients equal the nodal
   polynomial evaluated directly (Lagrange bases with Q > P and Q < P, and a basis created from user
   1-D data, whose nodes the library does not know); the transpose is the adjoint; ApplyAddAtPoints
   adds; WEIGHT gives ones. Layouts: x_ref [dim][N], values [comp][N], gradients [dim][comp][N]. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#define N 7

static const double coef[5] = {0.8, -0.5, 1.25, 0.3, -0.7};

static double Field(int P, int dim, int c, const double *x, double *grad) {
  double v[3], dv[3], f = 1.0;
  for (int d = 0; d < dim; d++) {
    v[d] = dv[d] = 0.0;
    for (int k = 0; k < P; k++) {
      const double a = coef[(c + 2 * d + k) % 5];
      v[d] += a * pow(x[d], k);
      if (k) dv[d] += a * k * pow(x[d], k - 1);
    }
    f *= v[d];
  }
  for (int d = 0; d < dim; d++) {
    grad[d] = dv[d];
    for (int e = 0; e < dim; e++)
      if (e != d) grad[d] *= v[e];
  }
  return f;
}

static double Dot(CeedVector a, CeedVector b, int n) {
  const CeedScalar *x, *y;
  double            s = 0.0;
  CeedVectorGetArrayRead(a, CEED_MEM_HOST, &x);
  CeedVectorGetArrayRead(b, CEED_MEM_HOST, &y);
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  CeedVectorRestoreArrayRead(a, &x);
  CeedVectorRestoreArrayRead(b, &y);
  return s;
}

static int Run(Ceed ceed, CeedBasis basis, int dim, int P, const char *name) {
  const int         nc = 2;
  const CeedInt     num_points[1] = {N};
  int               num_nodes = 1, failed = 0;
  double            pts[3 * N];
  CeedScalar        nodes[8], *a;
  const CeedScalar *r;
  CeedVector        x_ref, u, v, g, vt, gt, acc, w;

  for (int d = 0; d < dim; d++) num_nodes *= P;
  for (int i = 0; i < dim * N; i++) pts[i] = sin(1.7 * i + 0.3); /* in [-1, 1] */
  CeedLobattoQuadrature(P, nodes, NULL);
  CeedVectorCreate(ceed, dim * N, &x_ref);
  CeedVectorCreate(ceed, nc * num_nodes, &u);
  CeedVectorCreate(ceed, nc * N, &v);
  CeedVectorCreate(ceed, dim * nc * N, &g);
  CeedVectorCreate(ceed, nc * num_nodes, &vt);
  CeedVectorCreate(ceed, nc * num_nodes, &gt);
  CeedVectorCreate(ceed, nc * num_nodes, &acc);
  CeedVectorCreate(ceed, N, &w);
  CeedVectorGetArrayWrite(x_ref, CEED_MEM_HOST, &a);
  for (int i = 0; i < dim * N; i++) a[i] = pts[i];
  CeedVectorRestoreArray(x_ref, &a);
  CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &a);
  for (int c = 0; c < nc; c++)
    for (int n = 0; n < num_nodes; n++) {
      double x[3], gr[3];
      for (int d = 0, nn = n; d < dim; d++, nn /= P) x[d] = nodes[nn % P];
      a[c * num_nodes + n] = Field(P, dim, c, x, gr);
    }
  CeedVectorRestoreArray(u, &a);

  CeedBasisApplyAtPoints(basis, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, x_ref, u, v);
  CeedBasisApplyAtPoints(basis, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, x_ref, u, g);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &r);
  for (int c = 0; c < nc; c++)
    for (int p = 0; p < N; p++) {
      double x[3], gr[3];
      for (int d = 0; d < dim; d++) x[d] = pts[d * N + p];
      const double f = Field(P, dim, c, x, gr);
      if (fabs(r[c * N + p] - f) > 1e-12) printf("%s: value comp %d point %d = %.15g, expected %.15g\n", name, c, p, r[c * N + p], f), failed = 1;
    }
  CeedVectorRestoreArrayRead(v, &r);
  CeedVectorGetArrayRead(g, CEED_MEM_HOST, &r);
  for (int c = 0; c < nc; c++)
    for (int p = 0; p < N; p++) {
      double x[3], gr[3];
      for (int d = 0; d < dim; d++) x[d] = pts[d * N + p];
      Field(P, dim, c, x, gr);
      for (int d = 0; d < dim; d++)
        if (fabs(r[(d * nc + c) * N + p] - gr[d]) > 1e-11)
          printf("%s: d/dx%d comp %d point %d = %.15g, expected %.15g\n", name, d, c, p, r[(d * nc + c) * N + p], gr[d]), failed = 1;
    }
  CeedVectorRestoreArrayRead(g, &r);

  /* Adjoint: <B u, B u> = <u, B^T (B u)> for values and gradients. */
  CeedBasisApplyAtPoints(basis, 1, num_points, CEED_TRANSPOSE, CEED_EVAL_INTERP, x_ref, v, vt);
  CeedBasisApplyAtPoints(basis, 1, num_points, CEED_TRANSPOSE, CEED_EVAL_GRAD, x_ref, g, gt);
  {
    const double l1 = Dot(v, v, nc * N), r1 = Dot(u, vt, nc * num_nodes);
    const double l2 = Dot(g, g, dim * nc * N), r2 = Dot(u, gt, nc * num_nodes);
    if (fabs(l1 - r1) > 1e-12 * l1) printf("%s: interp adjoint %.15g vs %.15g\n", name, l1, r1), failed = 1;
    if (fabs(l2 - r2) > 1e-12 * l2) printf("%s: grad adjoint %.15g vs %.15g\n", name, l2, r2), failed = 1;
  }
  /* ApplyAdd: acc = vt, then acc += B^T v again gives 2 vt. */
  CeedVectorSetValue(acc, 0.0);
  CeedBasisApplyAddAtPoints(basis, 1, num_points, CEED_TRANSPOSE, CEED_EVAL_INTERP, x_ref, v, acc);
  CeedBasisApplyAddAtPoints(basis, 1, num_points, CEED_TRANSPOSE, CEED_EVAL_INTERP, x_ref, v, acc);
  {
    const CeedScalar *s;
    CeedVectorGetArrayRead(acc, CEED_MEM_HOST, &r);
    CeedVectorGetArrayRead(vt, CEED_MEM_HOST, &s);
    for (int i = 0; i < nc * num_nodes; i++)
      if (fabs(r[i] - 2 * s[i]) > 1e-12 * (1 + fabs(s[i]))) printf("%s: ApplyAddAtPoints entry %d = %.15g, expected %.15g\n", name, i, r[i], 2 * s[i]), failed = 1;
    CeedVectorRestoreArrayRead(acc, &r);
    CeedVectorRestoreArrayRead(vt, &s);
  }
  CeedBasisApplyAtPoints(basis, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, x_ref, CEED_VECTOR_NONE, w);
  CeedVectorGetArrayRead(w, CEED_MEM_HOST, &r);
  for (int p = 0; p < N; p++)
    if (r[p] != 1.0) printf("%s: weight at point %d = %g, expected 1\n", name, p, r[p]), failed = 1;
  CeedVectorRestoreArrayRead(w, &r);

  CeedVectorDestroy(&x_ref);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&g);
  CeedVectorDestroy(&vt);
  CeedVectorDestroy(&gt);
  CeedVectorDestroy(&acc);
  CeedVectorDestroy(&w);
  return failed;
}

int main(int argc, char **argv) {
  Ceed      ceed;
  CeedBasis basis, user;
  int       failed = 0;
  char      name[64];

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  for (int dim = 1; dim <= 3; dim++) {
    for (int Q = 3; Q <= 6; Q += 3) {
      CeedBasisCreateTensorH1Lagrange(ceed, dim, 2, 4, Q, CEED_GAUSS, &basis);
      snprintf(name, sizeof name, "Lagrange dim %d P 4 Q %d", dim, Q);
      failed |= Run(ceed, basis, dim, 4, name);
      if (Q >= 4) {
        /* Same 1-D data given by the user: evaluation goes through the quadrature points. */
        const CeedScalar *interp_1d, *grad_1d, *q_ref, *q_w;
        CeedBasisGetInterp1D(basis, &interp_1d);
        CeedBasisGetGrad1D(basis, &grad_1d);
        CeedBasisGetQRef(basis, &q_ref);
        CeedBasisGetQWeights(basis, &q_w);
        CeedBasisCreateTensorH1(ceed, dim, 2, 4, Q, interp_1d, grad_1d, q_ref, q_w, &user);
        snprintf(name, sizeof name, "user data dim %d P 4 Q %d", dim, Q);
        failed |= Run(ceed, user, dim, 4, name);
        CeedBasisDestroy(&user);
      }
      CeedBasisDestroy(&basis);
    }
  }
  CeedDestroy(&ceed);
  return failed;
}
