// Small dense linear algebra on row-major matrices, used by bases (projection, collocated gradient)
// and operators (FDM element inverse): products, Householder QR, least-squares pseudoinverse,
// symmetric eigendecomposition (cyclic Jacobi) and simultaneous diagonalization.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "core/ceed-impl.hpp"

namespace {

// Symmetric eigendecomposition by cyclic Jacobi rotations: a (n x n, symmetric) is overwritten, v
// receives the eigenvectors as columns and lambda the eigenvalues (unsorted). Returns false when the
// off-diagonal part did not vanish to working precision within the sweep limit.
bool JacobiEigen(std::vector<double> &a, std::vector<double> &v, std::vector<double> &lambda, CeedInt n) {
  v.assign(static_cast<size_t>(n) * n, 0.0);
  for (CeedInt i = 0; i < n; i++) v[i * n + i] = 1.0;
  double norm2 = 0.0;
  for (double x : a) norm2 += x * x;
  bool converged = false;
  for (int sweep = 0; sweep < 60 && !converged; sweep++) {
    double off = 0.0;
    for (CeedInt p = 0; p < n; p++)
      for (CeedInt q = p + 1; q < n; q++) off += a[p * n + q] * a[p * n + q];
    if (off <= 1e-34 * norm2 || off == 0.0) {
      converged = true;
      break;
    }
    for (CeedInt p = 0; p < n; p++) {
      for (CeedInt q = p + 1; q < n; q++) {
        const double apq = a[p * n + q];
        if (apq == 0.0) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
        const double t     = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (CeedInt k = 0; k < n; k++) {  // columns p, q
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (CeedInt k = 0; k < n; k++) {  // rows p, q
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        a[p * n + q] = a[q * n + p] = 0.0;
        for (CeedInt k = 0; k < n; k++) {
          const double vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  lambda.resize(n);
  for (CeedInt i = 0; i < n; i++) lambda[i] = a[i * n + i];
  return converged;
}

// Symmetric part of a row-major n x n matrix, in double precision.
std::vector<double> SymmetricPart(const CeedScalar *m, CeedInt n) {
  std::vector<double> a(static_cast<size_t>(n) * n);
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt j = 0; j < n; j++) a[i * n + j] = 0.5 * (static_cast<double>(m[i * n + j]) + static_cast<double>(m[j * n + i]));
  return a;
}

}  // namespace

int CeedMatrixMatrixMultiply(Ceed ceed, const CeedScalar *mat_A, const CeedScalar *mat_B, CeedScalar *mat_C, CeedInt m, CeedInt n,
                             CeedInt kk) {
  CeedCheck(m >= 0 && n >= 0 && kk >= 0, ceed, CEED_ERROR_DIMENSION,
            "Cannot multiply matrices with negative sizes m=%" CeedInt_FMT ", n=%" CeedInt_FMT ", k=%" CeedInt_FMT, m, n, kk);
  CeedCheck((mat_A && mat_B && mat_C) || m == 0 || n == 0, ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot multiply matrices: %s is NULL", !mat_A ? "mat_A" : !mat_B ? "mat_B" : "mat_C");
  for (CeedInt i = 0; i < m; i++) {
    for (CeedInt j = 0; j < n; j++) {
      CeedScalar sum = 0.0;
      for (CeedInt k = 0; k < kk; k++) sum += mat_A[static_cast<CeedSize>(i) * kk + k] * mat_B[static_cast<CeedSize>(k) * n + j];
      mat_C[static_cast<CeedSize>(i) * n + j] = sum;
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedQRFactorization(Ceed ceed, CeedScalar *mat, CeedScalar *tau, CeedInt m, CeedInt n) {
  CeedCheck(m >= 0 && n >= 0, ceed, CEED_ERROR_DIMENSION,
            "Cannot compute QR factorization with negative sizes m=%" CeedInt_FMT ", n=%" CeedInt_FMT, m, n);
  CeedCheck(n <= m, ceed, CEED_ERROR_UNSUPPORTED,
            "Cannot compute QR factorization with more columns (%" CeedInt_FMT ") than rows (%" CeedInt_FMT ")", n, m);
  CeedCheck((mat && tau) || n == 0, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot compute QR factorization: %s is NULL", !mat ? "mat" : "tau");
  for (CeedInt k = 0; k < n; k++) {
    // Reflector H = I - tau v v^T with v = [1, x/(alpha - beta)] maps [alpha, x] to [beta, 0].
    const CeedScalar alpha = mat[k * n + k];
    double           xnorm2 = 0.0;
    for (CeedInt i = k + 1; i < m; i++) xnorm2 += mat[i * n + k] * mat[i * n + k];
    if (xnorm2 == 0.0) {
      tau[k] = 0.0;
      continue;
    }
    const double beta  = -std::copysign(std::sqrt(alpha * alpha + xnorm2), alpha);
    const double scale = 1.0 / (alpha - beta);
    tau[k]             = static_cast<CeedScalar>((beta - alpha) / beta);
    for (CeedInt i = k + 1; i < m; i++) mat[i * n + k] *= scale;
    mat[k * n + k] = static_cast<CeedScalar>(beta);
    for (CeedInt j = k + 1; j < n; j++) {
      CeedScalar s = mat[k * n + j];
      for (CeedInt i = k + 1; i < m; i++) s += mat[i * n + k] * mat[i * n + j];
      s *= tau[k];
      mat[k * n + j] -= s;
      for (CeedInt i = k + 1; i < m; i++) mat[i * n + j] -= s * mat[i * n + k];
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedHouseholderApplyQ(CeedScalar *mat_A, const CeedScalar *mat_Q, const CeedScalar *tau, CeedTransposeMode t_mode, CeedInt m,
                          CeedInt n, CeedInt k, CeedInt row, CeedInt col) {
  CeedCheck(m >= 0 && n >= 0 && k >= 0 && k <= m, nullptr, CEED_ERROR_DIMENSION,
            "Cannot apply Householder Q with sizes m=%" CeedInt_FMT ", n=%" CeedInt_FMT ", k=%" CeedInt_FMT " (need 0 <= k <= m)", m, n, k);
  CeedCheck(t_mode == CEED_NOTRANSPOSE || t_mode == CEED_TRANSPOSE, nullptr, CEED_ERROR_INCOMPATIBLE,
            "Cannot apply Householder Q: invalid transpose mode %d", static_cast<int>(t_mode));
  CeedCheck((mat_A && mat_Q && tau) || k == 0 || n == 0, nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot apply Householder Q: %s is NULL",
            !mat_A ? "mat_A" : !mat_Q ? "mat_Q" : "tau");
  // Q = H_0 H_1 ... H_{k-1}: Q A applies the last reflector first, Q^T A the first one first.
  for (CeedInt jj = 0; jj < k; jj++) {
    const CeedInt j = t_mode == CEED_TRANSPOSE ? jj : k - 1 - jj;
    if (tau[j] == 0.0) continue;
    for (CeedInt c = 0; c < n; c++) {
      CeedScalar *a = mat_A + static_cast<CeedSize>(c) * col;
      CeedScalar  s = a[static_cast<CeedSize>(j) * row];
      for (CeedInt i = j + 1; i < m; i++) s += mat_Q[static_cast<CeedSize>(i) * k + j] * a[static_cast<CeedSize>(i) * row];
      s *= tau[j];
      a[static_cast<CeedSize>(j) * row] -= s;
      for (CeedInt i = j + 1; i < m; i++) a[static_cast<CeedSize>(i) * row] -= s * mat_Q[static_cast<CeedSize>(i) * k + j];
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedMatrixPseudoinverse(Ceed ceed, const CeedScalar *mat, CeedInt m, CeedInt n, CeedScalar *mat_pinv) {
  CEED_API_TRY
  CeedCheck(m >= 0 && n >= 0, ceed, CEED_ERROR_DIMENSION,
            "Cannot compute pseudoinverse with negative sizes m=%" CeedInt_FMT ", n=%" CeedInt_FMT, m, n);
  CeedCheck(n <= m, ceed, CEED_ERROR_UNSUPPORTED,
            "Cannot compute least-squares pseudoinverse of a %" CeedInt_FMT " x %" CeedInt_FMT " matrix with more columns than rows", m, n);
  CeedCheck((mat && mat_pinv) || n == 0, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot compute pseudoinverse: %s is NULL",
            !mat ? "mat" : "mat_pinv");
  if (n == 0) return CEED_ERROR_SUCCESS;
  // mat = Q R, pinv = R^{-1} Q_1^T with Q_1 the first n columns of Q.
  std::vector<CeedScalar> qr(mat, mat + static_cast<size_t>(m) * n), tau(n), qt(static_cast<size_t>(m) * m, 0.0);
  CeedCall(CeedQRFactorization(ceed, qr.data(), tau.data(), m, n));
  double r_max = 0.0;
  for (CeedInt i = 0; i < n; i++) r_max = std::max(r_max, std::fabs(static_cast<double>(qr[i * n + i])));
  for (CeedInt i = 0; i < n; i++) {
    const double r_ii = std::fabs(static_cast<double>(qr[i * n + i]));
    CeedCheck(r_max > 0.0 && r_ii > 1e-13 * r_max, ceed, CEED_ERROR_MINOR,
              "Cannot compute pseudoinverse of rank-deficient %" CeedInt_FMT " x %" CeedInt_FMT " matrix (|R[%" CeedInt_FMT
              "][%" CeedInt_FMT "]| = %g)",
              m, n, i, i, r_ii);
  }
  for (CeedInt i = 0; i < m; i++) qt[i * m + i] = 1.0;
  CeedCall(CeedHouseholderApplyQ(qt.data(), qr.data(), tau.data(), CEED_TRANSPOSE, m, m, n, m, 1));
  // Back substitution R X = (Q^T)[0:n, :], one column of X at a time.
  for (CeedInt j = 0; j < m; j++) {
    for (CeedInt i = n - 1; i >= 0; i--) {
      CeedScalar s = qt[i * m + j];
      for (CeedInt l = i + 1; l < n; l++) s -= qr[i * n + l] * mat_pinv[l * m + j];
      mat_pinv[i * m + j] = s / qr[i * n + i];
    }
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedSymmetricSchurDecomposition(Ceed ceed, CeedScalar *mat, CeedScalar *lambda, CeedInt n) {
  CEED_API_TRY
  CeedCheck(n > 1, ceed, CEED_ERROR_UNSUPPORTED, "Cannot compute symmetric Schur decomposition of a %" CeedInt_FMT " x %" CeedInt_FMT
            " matrix: size must be greater than 1", n, n);
  CeedCheck(mat && lambda, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot compute symmetric Schur decomposition: %s is NULL",
            !mat ? "mat" : "lambda");
  std::vector<double> a = SymmetricPart(mat, n), v, eig;
  CeedCheck(JacobiEigen(a, v, eig, n), ceed, CEED_ERROR_MINOR,
            "Symmetric Schur decomposition of a %" CeedInt_FMT " x %" CeedInt_FMT " matrix did not converge", n, n);
  std::vector<CeedInt> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](CeedInt i, CeedInt j) { return eig[i] < eig[j]; });
  for (CeedInt j = 0; j < n; j++) {
    lambda[j] = static_cast<CeedScalar>(eig[perm[j]]);
    for (CeedInt i = 0; i < n; i++) mat[i * n + j] = static_cast<CeedScalar>(v[i * n + perm[j]]);
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedSimultaneousDiagonalization(Ceed ceed, CeedScalar *mat_A, CeedScalar *mat_B, CeedScalar *x, CeedScalar *lambda, CeedInt n) {
  CEED_API_TRY
  CeedCheck(n > 0, ceed, CEED_ERROR_DIMENSION, "Cannot diagonalize %" CeedInt_FMT " x %" CeedInt_FMT " matrices", n, n);
  CeedCheck(mat_A && mat_B && x && lambda, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot diagonalize simultaneously: %s is NULL",
            !mat_A ? "mat_A" : !mat_B ? "mat_B" : !x ? "x" : "lambda");
  // B = V diag(mu) V^T; G = V diag(mu)^{-1/2} gives G^T B G = I. Then G^T A G = W diag(lambda) W^T
  // and X = G W satisfies X^T A X = diag(lambda), X^T B X = I.
  std::vector<double> b = SymmetricPart(mat_B, n), vb, mu;
  CeedCheck(JacobiEigen(b, vb, mu, n), ceed, CEED_ERROR_MINOR,
            "Simultaneous diagonalization: eigendecomposition of mat_B (%" CeedInt_FMT " x %" CeedInt_FMT ") did not converge", n, n);
  const double mu_max = *std::max_element(mu.begin(), mu.end());
  for (CeedInt i = 0; i < n; i++)
    CeedCheck(mu[i] > 1e-14 * std::fabs(mu_max) && mu_max > 0.0, ceed, CEED_ERROR_MINOR,
              "Simultaneous diagonalization requires a symmetric positive definite mat_B; it has eigenvalue %g", mu[i]);
  std::vector<double> g(static_cast<size_t>(n) * n), ag(static_cast<size_t>(n) * n), c(static_cast<size_t>(n) * n, 0.0);
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt j = 0; j < n; j++) g[i * n + j] = vb[i * n + j] / std::sqrt(mu[j]);
  const std::vector<double> a = SymmetricPart(mat_A, n);
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt j = 0; j < n; j++) {
      double s = 0.0;
      for (CeedInt k = 0; k < n; k++) s += a[i * n + k] * g[k * n + j];
      ag[i * n + j] = s;
    }
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt j = 0; j < n; j++) {
      double s = 0.0;
      for (CeedInt k = 0; k < n; k++) s += g[k * n + i] * ag[k * n + j];
      c[i * n + j] = s;
    }
  for (CeedInt i = 0; i < n; i++)
    for (CeedInt j = 0; j < i; j++) c[i * n + j] = c[j * n + i] = 0.5 * (c[i * n + j] + c[j * n + i]);
  std::vector<double> w, eig;
  CeedCheck(JacobiEigen(c, w, eig, n), ceed, CEED_ERROR_MINOR,
            "Simultaneous diagonalization of %" CeedInt_FMT " x %" CeedInt_FMT " matrices did not converge", n, n);
  std::vector<CeedInt> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](CeedInt i, CeedInt j) { return std::fabs(eig[i]) < std::fabs(eig[j]); });
  for (CeedInt j = 0; j < n; j++) {
    lambda[j] = static_cast<CeedScalar>(eig[perm[j]]);
    for (CeedInt i = 0; i < n; i++) {
      double s = 0.0;
      for (CeedInt k = 0; k < n; k++) s += g[i * n + k] * w[k * n + perm[j]];
      x[i * n + j] = static_cast<CeedScalar>(s);
    }
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
