/* Gallery Poisson build QFunctions by name: Poisson1DBuild (qdata = w / J) and Poisson2DBuild /
   Poisson3DBuild, whose symmetric Voigt storage must equal S = w det(M) M^-1 M^-T with M the Jacobian
   (M[c][d] = dx_c/dX_d = dx[(d*dim + c)*Q + i]) inverted here by Gauss-Jordan elimination. */
#include <ceed.h>
#include <math.h>
#include <stdio.h>

#include "qfunction-apply.h"

/* Inverse and determinant of an n x n matrix by Gauss-Jordan elimination with partial pivoting. */
static CeedScalar Invert(CeedInt n, const CeedScalar A[3][3], CeedScalar inv[3][3]) {
  CeedScalar a[3][6], det = 1;
  for (CeedInt r = 0; r < n; r++) {
    for (CeedInt c = 0; c < n; c++) {
      a[r][c]     = A[r][c];
      a[r][n + c] = r == c;
    }
  }
  for (CeedInt k = 0; k < n; k++) {
    CeedInt p = k;
    for (CeedInt r = k + 1; r < n; r++) {
      if (fabs(a[r][k]) > fabs(a[p][k])) p = r;
    }
    if (p != k) {
      for (CeedInt c = 0; c < 2 * n; c++) {
        CeedScalar t = a[k][c];
        a[k][c]      = a[p][c];
        a[p][c]      = t;
      }
      det = -det;
    }
    const CeedScalar pivot = a[k][k];
    det *= pivot;
    for (CeedInt c = 0; c < 2 * n; c++) a[k][c] /= pivot;
    for (CeedInt r = 0; r < n; r++) {
      if (r == k) continue;
      const CeedScalar f = a[r][k];
      for (CeedInt c = 0; c < 2 * n; c++) a[r][c] -= f * a[k][c];
    }
  }
  for (CeedInt r = 0; r < n; r++) {
    for (CeedInt c = 0; c < n; c++) inv[r][c] = a[r][n + c];
  }
  return det;
}

/* Expected Voigt qdata of one point: S = w det(M) M^-1 M^-T. */
static void ExpectedVoigt(CeedInt dim, const CeedScalar M[3][3], CeedScalar w, CeedScalar *voigt) {
  CeedScalar       inv[3][3], S[3][3];
  const CeedScalar det = Invert(dim, M, inv);
  for (CeedInt a = 0; a < dim; a++) {
    for (CeedInt b = 0; b < dim; b++) {
      S[a][b] = 0;
      for (CeedInt k = 0; k < dim; k++) S[a][b] += inv[a][k] * inv[b][k];
      S[a][b] *= w * det;
    }
  }
  if (dim == 2) {
    voigt[0] = S[0][0], voigt[1] = S[1][1], voigt[2] = S[0][1];
  } else {
    voigt[0] = S[0][0], voigt[1] = S[1][1], voigt[2] = S[2][2], voigt[3] = S[1][2], voigt[4] = S[0][2], voigt[5] = S[0][1];
  }
}

static int CheckBuild(Ceed ceed, const char *name, CeedInt dim, CeedInt Q, const CeedScalar M[][3][3], const CeedScalar *w) {
  const CeedInt     n_voigt = dim * (dim + 1) / 2, sizes_in[2] = {dim * dim, 1}, sizes_out[1] = {n_voigt};
  CeedScalar        dx[9 * 4], q_data[6 * 4], expected[6 * 4], voigt[6];
  const CeedScalar *in[2] = {dx, w};
  CeedScalar       *out[1] = {q_data};
  for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt d = 0; d < dim; d++) {
      for (CeedInt c = 0; c < dim; c++) dx[(d * dim + c) * Q + i] = M[i][c][d];
    }
    ExpectedVoigt(dim, M[i], w[i], voigt);
    for (CeedInt k = 0; k < n_voigt; k++) expected[k * Q + i] = voigt[k];
  }
  ApplyGallery(ceed, name, Q, 2, sizes_in, in, 1, sizes_out, out);
  return Compare(name, q_data, expected, n_voigt * Q);
}

int main(int argc, char **argv) {
  Ceed ceed;
  int  failures = 0;

  if (argc < 2) return 2;
  CeedInit(argv[1], &ceed);

  { /* 1-D: qdata = w / J */
    const CeedInt     sizes_in[2] = {1, 1}, sizes_out[1] = {1};
    const CeedScalar  dx[3] = {2, 4, 0.5}, w[3] = {1, 2, 3}, expected[3] = {0.5, 0.5, 6};
    const CeedScalar *in[2] = {dx, w};
    CeedScalar        q_data[3], *out[1] = {q_data};
    ApplyGallery(ceed, "Poisson1DBuild", 3, 2, sizes_in, in, 1, sizes_out, out);
    failures += Compare("Poisson1DBuild", q_data, expected, 3);
  }
  { /* 2-D; point 0 by hand: M = diag(2, 3), w = 1: S = 6 diag(1/4, 1/9) */
    const CeedScalar M[4][3][3] = {{{2, 0}, {0, 3}}, {{1, 2}, {3, 4}}, {{0.5, -0.3}, {0.7, 1.9}}, {{-1.2, 0.4}, {0.3, 0.8}}};
    const CeedScalar w[4]       = {1, 0.25, 2, 0.7};
    CeedScalar       voigt[3];
    ExpectedVoigt(2, M[0], 1, voigt);
    if (fabs(voigt[0] - 1.5) > 1e-15 || fabs(voigt[1] - 2.0 / 3) > 1e-15 || fabs(voigt[2]) > 1e-15) {
      printf("Reference inverse is wrong: %g %g %g\n", voigt[0], voigt[1], voigt[2]);
      failures++;
    }
    failures += CheckBuild(ceed, "Poisson2DBuild", 2, 4, M, w);
  }
  { /* 3-D, including a Jacobian with negative determinant */
    const CeedScalar M[4][3][3] = {{{2, 0.5, 0.1}, {0.3, 1.5, -0.2}, {0.4, 0.1, 3}},
                                   {{1, 2, 3}, {0, 1, 4}, {5, 6, 0}},
                                   {{0, 1, 0}, {1, 0, 0}, {0, 0, 2}},
                                   {{1, 0, 0}, {0, 2, 0}, {0, 0, 4}}};
    const CeedScalar w[4]       = {0.3, 1, 2, 1};
    CeedScalar       voigt[6];
    ExpectedVoigt(3, M[3], 1, voigt); /* by hand: 8 diag(1, 1/4, 1/16) */
    if (fabs(voigt[0] - 8) > 1e-14 || fabs(voigt[1] - 2) > 1e-14 || fabs(voigt[2] - 0.5) > 1e-14) {
      printf("Reference inverse is wrong: %g %g %g\n", voigt[0], voigt[1], voigt[2]);
      failures++;
    }
    failures += CheckBuild(ceed, "Poisson3DBuild", 3, 4, M, w);
  }

  CeedDestroy(&ceed);
  return failures != 0;
}
