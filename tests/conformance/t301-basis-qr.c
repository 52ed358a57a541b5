/* Householder QR: R upper triangular, Q R reconstructs A, Q^T Q = I; least-squares pseudoinverse. */
#include <ceed.h>
#include <ceed/backend.h>
#include <math.h>
#include <stdio.h>

#define M 5
#define N 3

int main(int argc, char **argv) {
  Ceed       ceed;
  int        failed = 0;
  CeedScalar A[M * N] = {2, -1, 0, 1, 3, 1, -2, 0.5, 4, 0, 1, -1, 1, 1, 1};
  CeedScalar qr[M * N], tau[N], R[M * N], eye[M * M], pinv[N * M], prod[N * N];

  if (argc < 2) return 1;
  CeedInit(argv[1], &ceed);

  for (int i = 0; i < M * N; i++) qr[i] = A[i];
  CeedQRFactorization(ceed, qr, tau, M, N);
  /* R = upper triangle of the factorization padded with zero rows; Q R must give back A. */
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) R[i * N + j] = i <= j ? qr[i * N + j] : 0.0;
  CeedHouseholderApplyQ(R, qr, tau, CEED_NOTRANSPOSE, M, N, N, N, 1);
  for (int i = 0; i < M * N; i++) {
    if (fabs(R[i] - A[i]) > 1e-13) {
      printf("QR reconstruction: entry %d is %g, expected %g\n", i, R[i], A[i]);
      failed = 1;
    }
  }
  /* Q^T (Q I) = I, with the matrix stored column-major (row stride 1, column stride M). */
  for (int i = 0; i < M * M; i++) eye[i] = (i % (M + 1) == 0) ? 1.0 : 0.0;
  CeedHouseholderApplyQ(eye, qr, tau, CEED_NOTRANSPOSE, M, M, N, 1, M);
  CeedHouseholderApplyQ(eye, qr, tau, CEED_TRANSPOSE, M, M, N, 1, M);
  for (int i = 0; i < M * M; i++) {
    const CeedScalar expected = (i % (M + 1) == 0) ? 1.0 : 0.0;
    if (fabs(eye[i] - expected) > 1e-14) {
      printf("Q^T Q: entry %d is %g, expected %g\n", i, eye[i], expected);
      failed = 1;
    }
  }
  /* Full-rank tall matrix: pinv(A) A = I. */
  CeedMatrixPseudoinverse(ceed, A, M, N, pinv);
  CeedMatrixMatrixMultiply(ceed, pinv, A, prod, N, N, M);
  for (int i = 0; i < N * N; i++) {
    const CeedScalar expected = (i % (N + 1) == 0) ? 1.0 : 0.0;
    if (fabs(prod[i] - expected) > 1e-13) {
      printf("pinv(A) A: entry %d is %g, expected %g\n", i, prod[i], expected);
      failed = 1;
    }
  }
  /* Known small case: pinv([1; 1]) = [0.5, 0.5]. */
  {
    const CeedScalar col[2] = {1.0, 1.0};
    CeedScalar       p[2];
    CeedMatrixPseudoinverse(ceed, col, 2, 1, p);
    if (fabs(p[0] - 0.5) > 1e-15 || fabs(p[1] - 0.5) > 1e-15) {
      printf("pinv([1;1]) = [%g, %g], expected [0.5, 0.5]\n", p[0], p[1]);
      failed = 1;
    }
  }
  CeedDestroy(&ceed);
  return failed;
}
