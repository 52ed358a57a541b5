/* Tensor H^1 bases in 1D/2D/3D with several components and elements: interpolation and gradients are
   exact for polynomials of degree P-1 per direction, for Gauss and Gauss-Lobatto quadrature, with
   Q < P, Q = P and Q > P (Q < P still reproduces values at the points: they are nodal evaluations).
   Layouts: nodal [comp][node][elem], point data [dim][comp][point][elem] (element index fastest). */
#include <ceed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double coef[5] = {1.0, -0.5, 0.75, 0.3, -1.2};

/* Per-direction polynomial of degree P-1 (component c, element e, direction d) and its derivative. */
static double Poly(int P, int c, int e, int d, double t, double *dt) {
  double v = 0.0, dv = 0.0;
  for (int k = 0; k < P; k++) {
    const double a = coef[(c + 2 * e + 3 * d + k) % 5];
    v += a * pow(t, k);
    if (k > 0) dv += a * k * pow(t, k - 1);
  }
  *dt = dv;
  return v;
}

static double Field(int P, int dim, int c, int e, const double *x, double *grad) {
  double v[3], dv[3], f = 1.0;
  for (int d = 0; d < dim; d++) f *= (v[d] = Poly(P, c, e, d, x[d], &dv[d]));
  for (int d = 0; d < dim; d++) {
    grad[d] = dv[d];
    for (int d2 = 0; d2 < dim; d2++)
      if (d2 != d) grad[d] *= v[d2];
  }
  return f + c + 1.0;
}

static int Run(Ceed ceed, int dim, int num_comp, int P, int Q, CeedQuadMode mode, int num_elem) {
  int               failed = 0, num_nodes = 1, num_qpts = 1;
  CeedBasis         basis;
  CeedVector        u, v, dv;
  CeedScalar        nodes[16], *u_array;
  const CeedScalar *q_ref, *v_array, *dv_array;

  for (int d = 0; d < dim; d++) num_nodes *= P, num_qpts *= Q;
  CeedLobattoQuadrature(P, nodes, NULL);
  CeedBasisCreateTensorH1Lagrange(ceed, dim, num_comp, P, Q, mode, &basis);
  CeedBasisGetQRef(basis, &q_ref);
  CeedVectorCreate(ceed, num_comp * num_nodes * num_elem, &u);
  CeedVectorCreate(ceed, num_comp * num_qpts * num_elem, &v);
  CeedVectorCreate(ceed, dim * num_comp * num_qpts * num_elem, &dv);
  CeedVectorGetArrayWrite(u, CEED_MEM_HOST, &u_array);
  for (int c = 0; c < num_comp; c++)
    for (int n = 0; n < num_nodes; n++)
      for (int e = 0; e < num_elem; e++) {
        double x[3], g[3];
        for (int d = 0, nn = n; d < dim; d++, nn /= P) x[d] = nodes[nn % P];
        u_array[(c * num_nodes + n) * num_elem + e] = Field(P, dim, c, e, x, g);
      }
  CeedVectorRestoreArray(u, &u_array);
  CeedBasisApply(basis, num_elem, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
  CeedBasisApply(basis, num_elem, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, dv);
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &v_array);
  CeedVectorGetArrayRead(dv, CEED_MEM_HOST, &dv_array);
  for (int c = 0; c < num_comp; c++)
    for (int q = 0; q < num_qpts; q++)
      for (int e = 0; e < num_elem; e++) {
        double x[3], g[3];
        for (int d = 0, qq = q; d < dim; d++, qq /= Q) x[d] = q_ref[qq % Q];
        const double f = Field(P, dim, c, e, x, g), got = v_array[(c * num_qpts + q) * num_elem + e];
        if (fabs(got - f) > 1e-12 * (1 + fabs(f))) {
          printf("dim %d comp %d P %d Q %d mode %d elem %d: interp at point %d = %.15g, expected %.15g\n", dim, c, P, Q, mode, e, q, got, f);
          failed = 1;
        }
        for (int d = 0; d < dim; d++) {
          const double gd = dv_array[((d * num_comp + c) * num_qpts + q) * num_elem + e];
          if (fabs(gd - g[d]) > 1e-11 * (1 + fabs(g[d]))) {
            printf("dim %d comp %d P %d Q %d mode %d elem %d: d/dx%d at point %d = %.15g, expected %.15g\n", dim, c, P, Q, mode, e, d, q, gd, g[d]);
            failed = 1;
          }
        }
      }
  CeedVectorRestoreArrayRead(v, &v_array);
  CeedVectorRestoreArrayRead(dv, &dv_array);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&dv);
  CeedBasisDestroy(&basis);
  return failed;
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  failed = 0;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  for (int dim = 1; dim <= 3; dim++)
    for (int P = 2; P <= 5; P++)
      for (int dq = -1; dq <= 2; dq++) {
        const int Q = P + dq;
        failed |= Run(ceed, dim, 2, P, Q, CEED_GAUSS, 1);
        if (Q >= 2) failed |= Run(ceed, dim, 3, P, Q, CEED_GAUSS_LOBATTO, 3);
      }
  failed |= Run(ceed, 3, 1, 6, 8, CEED_GAUSS, 5);
  CeedDestroy(&ceed);
  return failed;
}
