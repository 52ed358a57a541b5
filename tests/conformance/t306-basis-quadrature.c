/* Quadrature rules: reference values for Q = 4, exactness for monomials up to degree 2Q-1 (Gauss) and
   2Q-3 (Gauss-Lobatto), first inexact degree, symmetry, ascending order and end points. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

static double Integrate(const CeedScalar *x, const CeedScalar *w, int Q, int k) {
  double s = 0.0;
  for (int i = 0; i < Q; i++) s += w[i] * pow(x[i], k);
  return s;
}

static double Exact(int k) { return k % 2 ? 0.0 : 2.0 / (k + 1); }

int main(int argc, char **argv) {
  int              failed = 0;
  CeedScalar       x[20], w[20];
  const CeedScalar gauss_x[4] = {-0.86113631, -0.33998104, 0.33998104, 0.86113631}, gauss_w[4] = {0.34785485, 0.65214515, 0.65214515, 0.34785485};
  const CeedScalar gll_x[4] = {-1, -0.44721360, 0.44721360, 1}, gll_w[4] = {0.16666667, 0.83333333, 0.83333333, 0.16666667};

  (void)argc, (void)argv;
  CeedGaussQuadrature(4, x, w);
  for (int i = 0; i < 4; i++)
    if (fabs(x[i] - gauss_x[i]) > 1e-8 || fabs(w[i] - gauss_w[i]) > 1e-8)
      printf("Gauss Q=4 point %d: (%.8f, %.8f)\n", i, x[i], w[i]), failed = 1;
  CeedLobattoQuadrature(4, x, w);
  for (int i = 0; i < 4; i++)
    if (fabs(x[i] - gll_x[i]) > 1e-8 || fabs(w[i] - gll_w[i]) > 1e-8)
      printf("Gauss-Lobatto Q=4 point %d: (%.8f, %.8f)\n", i, x[i], w[i]), failed = 1;
  /* Points only. */
  CeedLobattoQuadrature(5, x, NULL);
  if (x[0] != -1.0 || x[2] != 0.0 || x[4] != 1.0 || fabs(x[3] - sqrt(3.0 / 7.0)) > 1e-15) printf("Gauss-Lobatto Q=5 points wrong\n"), failed = 1;

  for (int lobatto = 0; lobatto < 2; lobatto++) {
    for (int Q = lobatto ? 2 : 1; Q <= 16; Q++) {
      const int exact_degree = lobatto ? 2 * Q - 3 : 2 * Q - 1;
      if (lobatto) CeedLobattoQuadrature(Q, x, w);
      else CeedGaussQuadrature(Q, x, w);
      for (int k = 0; k <= exact_degree; k++) {
        if (fabs(Integrate(x, w, Q, k) - Exact(k)) > 1e-14) {
          printf("%s Q=%d not exact for x^%d: %.17g vs %.17g\n", lobatto ? "Lobatto" : "Gauss", Q, k, Integrate(x, w, Q, k), Exact(k));
          failed = 1;
        }
      }
      /* The first even degree beyond the exactness bound is integrated inexactly (the error shrinks
         quickly with Q, so only check moderate Q). */
      const int k = exact_degree + 1;
      if (Q <= 10 && fabs(Integrate(x, w, Q, k) - Exact(k)) < 1e-12) printf("%s Q=%d unexpectedly exact for x^%d\n", lobatto ? "Lobatto" : "Gauss", Q, k), failed = 1;
      for (int i = 0; i < Q; i++) {
        if (x[i] != -x[Q - 1 - i] || w[i] != w[Q - 1 - i]) printf("Q=%d rule not symmetric at %d\n", Q, i), failed = 1;
        if (i > 0 && !(x[i] > x[i - 1])) printf("Q=%d points not ascending at %d\n", Q, i), failed = 1;
        if (w[i] <= 0) printf("Q=%d weight %d not positive\n", Q, i), failed = 1;
      }
      if (lobatto && (x[0] != -1.0 || x[Q - 1] != 1.0)) printf("Lobatto Q=%d end points wrong\n", Q), failed = 1;
      if (!lobatto && (x[0] <= -1.0 || x[Q - 1] >= 1.0)) printf("Gauss Q=%d points must be interior\n", Q), failed = 1;
    }
  }
  return failed;
}
