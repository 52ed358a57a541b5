// Unit tests of the dense linear algebra in ceed/backend.h: products, Householder QR and Q application,
// least-squares pseudoinverse, symmetric Schur decomposition and simultaneous diagonalization, each
// against known answers, plus their invalid calls.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

class LinearAlgebraTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  void ExpectMessage(const std::string &text, Ceed c) {
    const char *msg = nullptr;
    CeedGetErrorMessage(c, &msg);
    EXPECT_NE(std::string(msg).find(text), std::string::npos) << "message: " << msg << "\nexpected: " << text;
    CeedResetErrorMessage(c, &msg);
  }
  Ceed ceed = nullptr;
};

TEST_F(LinearAlgebraTest, MatrixMatrixMultiply) {
  const CeedScalar A[6] = {1, 2, 3, 4, 5, 6}, B[6] = {7, 8, 9, 10, 11, 12};  // 2x3 times 3x2
  CeedScalar       C[4];
  ASSERT_EQ(CeedMatrixMatrixMultiply(ceed, A, B, C, 2, 2, 3), 0);
  EXPECT_EQ(C[0], 58);
  EXPECT_EQ(C[1], 64);
  EXPECT_EQ(C[2], 139);
  EXPECT_EQ(C[3], 154);
  EXPECT_EQ(CeedMatrixMatrixMultiply(ceed, A, B, C, -1, 2, 3), CEED_ERROR_DIMENSION);
  ExpectMessage("m=-1", ceed);
}

TEST_F(LinearAlgebraTest, QRKnownFactors) {
  // A = [[3, 1], [4, 2]]: the first reflector maps (3, 4) to (-5, 0); R = [[-5, -11/5], [0, +-2/5]].
  CeedScalar qr[4] = {3, 1, 4, 2}, tau[2];
  ASSERT_EQ(CeedQRFactorization(ceed, qr, tau, 2, 2), 0);
  EXPECT_NEAR(qr[0], -5.0, 1e-15);
  EXPECT_NEAR(qr[1], -11.0 / 5, 1e-15);
  EXPECT_NEAR(std::fabs(qr[3]), 2.0 / 5, 1e-15);
  EXPECT_NEAR(tau[0], 1.6, 1e-15);  // (beta - alpha) / beta = (-5 - 3) / -5
  EXPECT_EQ(tau[1], 0.0);           // last column of a square matrix: nothing below the diagonal
  // Q R = A.
  CeedScalar r[4] = {qr[0], qr[1], 0.0, qr[3]};
  ASSERT_EQ(CeedHouseholderApplyQ(r, qr, tau, CEED_NOTRANSPOSE, 2, 2, 2, 2, 1), 0);
  EXPECT_NEAR(r[0], 3, 1e-14);
  EXPECT_NEAR(r[1], 1, 1e-14);
  EXPECT_NEAR(r[2], 4, 1e-14);
  EXPECT_NEAR(r[3], 2, 1e-14);
  // Q^T A = R.
  CeedScalar a[4] = {3, 1, 4, 2};
  ASSERT_EQ(CeedHouseholderApplyQ(a, qr, tau, CEED_TRANSPOSE, 2, 2, 2, 2, 1), 0);
  EXPECT_NEAR(a[0], qr[0], 1e-14);
  EXPECT_NEAR(a[2], 0.0, 1e-14);
  EXPECT_NEAR(a[3], qr[3], 1e-14);
}

TEST_F(LinearAlgebraTest, QRErrors) {
  CeedScalar mat[6] = {1, 2, 3, 4, 5, 6}, tau[3];
  EXPECT_EQ(CeedQRFactorization(ceed, mat, tau, 2, 3), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("more columns (3) than rows (2)", ceed);
  EXPECT_EQ(mat[0], 1);  // untouched
  EXPECT_EQ(CeedQRFactorization(ceed, nullptr, tau, 3, 2), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("mat is NULL", ceed);
  EXPECT_EQ(CeedHouseholderApplyQ(mat, mat, tau, CEED_NOTRANSPOSE, 2, 3, 3, 3, 1), CEED_ERROR_DIMENSION);
  ExpectMessage("k=3", nullptr);
}

TEST_F(LinearAlgebraTest, Pseudoinverse) {
  // Least squares fit of a line through (0, 1), (1, 3), (2, 5): exact, coefficients (1, 2).
  const CeedScalar A[6] = {1, 0, 1, 1, 1, 2}, y[3] = {1, 3, 5};
  CeedScalar       pinv[6], coef[2];
  ASSERT_EQ(CeedMatrixPseudoinverse(ceed, A, 3, 2, pinv), 0);
  ASSERT_EQ(CeedMatrixMatrixMultiply(ceed, pinv, y, coef, 2, 1, 3), 0);
  EXPECT_NEAR(coef[0], 1.0, 1e-14);
  EXPECT_NEAR(coef[1], 2.0, 1e-14);
  // Known pseudoinverse: (A^T A)^{-1} A^T = [[5/6, 1/3, -1/6], [-1/2, 0, 1/2]].
  const CeedScalar expected[6] = {5.0 / 6, 1.0 / 3, -1.0 / 6, -0.5, 0.0, 0.5};
  for (int i = 0; i < 6; i++) EXPECT_NEAR(pinv[i], expected[i], 1e-14) << i;
  const CeedScalar rank1[4] = {1, 2, 2, 4};
  EXPECT_EQ(CeedMatrixPseudoinverse(ceed, rank1, 2, 2, pinv), CEED_ERROR_MINOR);
  ExpectMessage("rank-deficient", ceed);
  EXPECT_EQ(CeedMatrixPseudoinverse(ceed, A, 2, 3, pinv), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("more columns", ceed);
}

TEST_F(LinearAlgebraTest, SymmetricSchur) {
  // [[2, 1], [1, 2]]: eigenvalues 1, 3 with eigenvectors (1, -1)/sqrt(2), (1, 1)/sqrt(2).
  CeedScalar m[4] = {2, 1, 1, 2}, lambda[2];
  ASSERT_EQ(CeedSymmetricSchurDecomposition(ceed, m, lambda, 2), 0);
  EXPECT_NEAR(lambda[0], 1.0, 1e-15);
  EXPECT_NEAR(lambda[1], 3.0, 1e-15);
  const double s = 1 / std::sqrt(2.0);
  EXPECT_NEAR(std::fabs(m[0]), s, 1e-15);
  EXPECT_NEAR(m[0] * m[2], -0.5, 1e-15);  // column 0 is +-(1, -1)/sqrt(2)
  EXPECT_NEAR(m[1] * m[3], 0.5, 1e-15);   // column 1 is +-(1, 1)/sqrt(2)
  // Diagonal input: eigenvalues sorted ascending, eigenvectors a permutation.
  CeedScalar d[9] = {4, 0, 0, 0, -1, 0, 0, 0, 2}, ld[3];
  ASSERT_EQ(CeedSymmetricSchurDecomposition(ceed, d, ld, 3), 0);
  EXPECT_EQ(ld[0], -1);
  EXPECT_EQ(ld[1], 2);
  EXPECT_EQ(ld[2], 4);
  EXPECT_EQ(std::fabs(d[1 * 3 + 0]), 1.0);
  CeedScalar one[1] = {5}, l1[1];
  EXPECT_EQ(CeedSymmetricSchurDecomposition(ceed, one, l1, 1), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("1 x 1", ceed);
}

TEST_F(LinearAlgebraTest, SimultaneousDiagonalization) {
  // A = diag(2, 8), B = diag(2, 2): lambda = 1, 4 with X = diag(1/sqrt(2), 1/sqrt(2)).
  CeedScalar A[4] = {2, 0, 0, 8}, B[4] = {2, 0, 0, 2}, X[4], lambda[2];
  ASSERT_EQ(CeedSimultaneousDiagonalization(ceed, A, B, X, lambda, 2), 0);
  EXPECT_NEAR(lambda[0], 1.0, 1e-15);
  EXPECT_NEAR(lambda[1], 4.0, 1e-15);
  EXPECT_NEAR(std::fabs(X[0]), 1 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(X[1], 0.0, 1e-15);
  // Sorted by magnitude: A = diag(-3, 1, 2), B = I gives 1, 2, -3.
  CeedScalar A3[9] = {-3, 0, 0, 0, 1, 0, 0, 0, 2}, B3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, X3[9], l3[3];
  ASSERT_EQ(CeedSimultaneousDiagonalization(ceed, A3, B3, X3, l3, 3), 0);
  EXPECT_NEAR(l3[0], 1.0, 1e-15);
  EXPECT_NEAR(l3[1], 2.0, 1e-15);
  EXPECT_NEAR(l3[2], -3.0, 1e-15);
  // B must be positive definite.
  CeedScalar Bbad[4] = {1, 0, 0, -1};
  EXPECT_EQ(CeedSimultaneousDiagonalization(ceed, A, Bbad, X, lambda, 2), CEED_ERROR_MINOR);
  ExpectMessage("positive definite", ceed);
}

}  // namespace
