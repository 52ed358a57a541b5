// 1-D quadrature rules on [-1, 1]: Gauss-Legendre and Gauss-Lobatto-Legendre.
//
// Both rules are computed by Newton's method in double precision. Points come in symmetric pairs
// (x_i = -xi, x_{Q-1-i} = xi) and the middle point of an odd rule is exactly 0, so that rules of
// different sizes share their common points bit for bit.
#include <cmath>

#include "core/ceed-impl.hpp"

namespace {

constexpr double kPi = 3.14159265358979323846;

// Legendre polynomial P_n and its first two derivatives at x by the three-term recurrences
// (k+1) P_{k+1} = (2k+1) x P_k - k P_{k-1},  P'_{k+1} = P'_{k-1} + (2k+1) P_k,
// P''_{k+1} = P''_{k-1} + (2k+1) P'_k (no division by 1 - x^2, valid at the end points).
struct Legendre {
  double p, dp, d2p;
};
Legendre EvalLegendre(int n, double x) {
  double p0 = 1.0, p1 = x, dp0 = 0.0, dp1 = 1.0, d2p0 = 0.0, d2p1 = 0.0;
  if (n == 0) return {1.0, 0.0, 0.0};
  for (int k = 1; k < n; k++) {
    const double p2 = ((2 * k + 1) * x * p1 - k * p0) / (k + 1);
    const double dp2 = dp0 + (2 * k + 1) * p1;
    const double d2p2 = d2p0 + (2 * k + 1) * dp1;
    p0 = p1, p1 = p2, dp0 = dp1, dp1 = dp2, d2p0 = d2p1, d2p1 = d2p2;
  }
  return {p1, dp1, d2p1};
}

// Newton iteration for a root of f near x0, where step(x) returns f(x)/f'(x).
template <class Step>
double Newton(double x0, Step step) {
  double x = x0;
  for (int it = 0; it < 100; it++) {
    const double dx = step(x);
    x -= dx;
    if (std::fabs(dx) <= 1e-16 * (1.0 + std::fabs(x))) break;
  }
  return x;
}

}  // namespace

int CeedGaussQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d) {
  if (Q < 1) return CeedError(nullptr, CEED_ERROR_DIMENSION, "Cannot create Gauss quadrature with Q=%" CeedInt_FMT " < 1 points", Q);
  if (!q_ref_1d || !q_weight_1d)
    return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot create Gauss quadrature: %s array is NULL", !q_ref_1d ? "q_ref_1d" : "q_weight_1d");
  for (CeedInt i = 0; i <= (Q - 1) / 2; i++) {
    double xi = std::cos(kPi * (2 * i + 1) / (2.0 * Q));
    if (2 * i + 1 == Q) xi = 0.0;  // middle point of an odd rule
    else xi = Newton(xi, [Q](double x) {
      const Legendre l = EvalLegendre(Q, x);
      return l.p / l.dp;
    });
    const double dp = EvalLegendre(Q, xi).dp;
    const double w  = 2.0 / ((1.0 - xi * xi) * dp * dp);
    q_ref_1d[i]            = static_cast<CeedScalar>(-xi);
    q_ref_1d[Q - 1 - i]    = static_cast<CeedScalar>(xi);
    q_weight_1d[i]         = static_cast<CeedScalar>(w);
    q_weight_1d[Q - 1 - i] = static_cast<CeedScalar>(w);
  }
  return CEED_ERROR_SUCCESS;
}

int CeedLobattoQuadrature(CeedInt Q, CeedScalar *q_ref_1d, CeedScalar *q_weight_1d) {
  if (Q < 2) return CeedError(nullptr, CEED_ERROR_DIMENSION, "Cannot create Lobatto quadrature with Q=%" CeedInt_FMT " < 2 points", Q);
  if (!q_ref_1d) return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "Cannot create Lobatto quadrature: q_ref_1d array is NULL");
  const int    n  = Q - 1;  // interior points are the roots of P_n'
  const double we = 2.0 / (static_cast<double>(Q) * (Q - 1));
  q_ref_1d[0]     = -1.0;
  q_ref_1d[Q - 1] = 1.0;
  if (q_weight_1d) q_weight_1d[0] = q_weight_1d[Q - 1] = static_cast<CeedScalar>(we);
  for (CeedInt i = 1; i <= (Q - 1) / 2; i++) {
    double xi = std::cos(kPi * i / static_cast<double>(Q - 1));
    if (2 * i + 1 == Q) xi = 0.0;
    else xi = Newton(xi, [n](double x) {
      const Legendre l = EvalLegendre(n, x);
      return l.dp / l.d2p;
    });
    const double p = EvalLegendre(n, xi).p;
    q_ref_1d[i]         = static_cast<CeedScalar>(-xi);
    q_ref_1d[Q - 1 - i] = static_cast<CeedScalar>(xi);
    if (q_weight_1d) q_weight_1d[i] = q_weight_1d[Q - 1 - i] = static_cast<CeedScalar>(we / (p * p));
  }
  return CEED_ERROR_SUCCESS;
}
