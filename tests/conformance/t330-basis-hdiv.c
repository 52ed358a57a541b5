/* H(div): lowest-order Raviart-Thomas on the reference quadrilateral [-1,1]^2 built by hand (edge
   fluxes, edges bottom, right, top, left), 2x2 Gauss points. A field u = (a + b x, c + d y) in the space is
   reproduced from its fluxes, its divergence is b + d; the transposes give the known moments
   int div(phi_i) = 1 and int phi_i . (1, 0) = (0, 1, 0, -1). The view is compared byte for byte. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

static void Shape(double x, double y, double *phi /* [2][4] */) {
  const double px[4] = {0, (x + 1) / 4, 0, (x - 1) / 4}, py[4] = {(y - 1) / 4, 0, (y + 1) / 4, 0};
  for (int i = 0; i < 4; i++) phi[i] = px[i], phi[4 + i] = py[i];
}

static int Compare(CeedVector v, const double *expected, int n, const char *name) {
  const CeedScalar *a;
  int               failed = 0;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (int i = 0; i < n; i++)
    if (fabs(a[i] - expected[i]) > 1e-14) printf("%s[%d] = %.15g, expected %.15g\n", name, i, a[i], expected[i]), failed = 1;
  CeedVectorRestoreArrayRead(v, &a);
  return failed;
}

int main(int argc, char **argv) {
  Ceed       ceed;
  CeedBasis  basis;
  CeedVector u, v, d, w, wg, m;
  int        failed = 0;
  const int  P = 4, Q = 4;
  CeedScalar q1[2], w1[2], q_ref[8], q_w[4], interp[2 * 4 * 4], div[4 * 4], phi[8];
  const double a = 0.5, b = -1.25, c = 2.0, dd = 0.75;

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);
  CeedGaussQuadrature(2, q1, w1);
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < 2; i++) {
      const int q = j * 2 + i;
      q_ref[q] = q1[i], q_ref[Q + q] = q1[j], q_w[q] = w1[i] * w1[j];
      Shape(q1[i], q1[j], phi);
      for (int k = 0; k < P; k++) {
        interp[q * P + k]       = phi[k];
        interp[(Q + q) * P + k] = phi[4 + k];
        div[q * P + k]          = 0.25;
      }
    }
  CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_QUAD, 1, P, Q, interp, div, q_ref, q_w, &basis);
  CeedBasisView(basis, stdout);

  {
    CeedScalar flux[4] = {-2 * (c - dd), 2 * (a + b), 2 * (c + dd), -2 * (a - b)};
    double     expected_u[8], expected_div[4];
    CeedVectorCreate(ceed, P, &u);
    CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, flux);
    for (int q = 0; q < Q; q++) {
      expected_u[q]     = a + b * q_ref[q];
      expected_u[Q + q] = c + dd * q_ref[Q + q];
      expected_div[q]   = b + dd;
    }
    CeedVectorCreate(ceed, 2 * Q, &v);
    CeedVectorCreate(ceed, Q, &d);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_DIV, u, d);
    failed |= Compare(v, expected_u, 2 * Q, "interp");
    failed |= Compare(d, expected_div, Q, "div");
  }
  {
    const double ones[4] = {1, 1, 1, 1}, moments[4] = {0, 1, 0, -1};
    CeedScalar   wg_array[8];
    CeedVectorCreate(ceed, Q, &w);
    CeedVectorCreate(ceed, P, &m);
    CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, w);
    CeedBasisApply(basis, 1, CEED_TRANSPOSE, CEED_EVAL_DIV, w, m);
    failed |= Compare(m, ones, P, "int div(phi)");
    for (int q = 0; q < Q; q++) wg_array[q] = q_w[q], wg_array[Q + q] = 0.0;
    CeedVectorCreate(ceed, 2 * Q, &wg);
    CeedVectorSetArray(wg, CEED_MEM_HOST, CEED_COPY_VALUES, wg_array);
    CeedBasisApply(basis, 1, CEED_TRANSPOSE, CEED_EVAL_INTERP, wg, m);
    failed |= Compare(m, moments, P, "int phi.(1,0)");
  }
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&d);
  CeedVectorDestroy(&w);
  CeedVectorDestroy(&wg);
  CeedVectorDestroy(&m);
  CeedBasisDestroy(&basis);
  CeedDestroy(&ceed);
  return failed;
}
