#include "cg.hpp"

#include <ceed/box-mesh.hpp>

#include <cmath>

namespace bench {

const char *DotMethodName(DotMethod method) { return method == DotMethod::host ? "host" : "norms"; }

DotMethod DefaultDotMethod(Ceed ceed) {
  CeedMemType mem = CEED_MEM_HOST;
  BENCH_CALL(ceed, CeedGetPreferredMemType(ceed, &mem));
  return mem == CEED_MEM_HOST ? DotMethod::host : DotMethod::norms;
}

Dot::Dot(Ceed ceed, CeedSize length, DotMethod method) : ceed_(ceed), method_(method) {
  if (method_ == DotMethod::norms) BENCH_CALL(ceed, CeedVectorCreate(ceed, length, work_.out()));
}


double Dot::operator()(CeedVector x, CeedVector y) {
  if (method_ == DotMethod::host) {
    CeedSize n = 0;
    BENCH_CALL(ceed_, CeedVectorGetLength(x, &n));
    HostRead xa(x);
    if (x == y) return ceedrt::parallel::HostDot(xa.data(), xa.data(), n);
    HostRead ya(y);
    return ceedrt::parallel::HostDot(xa.data(), ya.data(), n);
  }
  CeedScalar norm_x = 0.0, norm_y = 0.0, norm_w = 0.0;
  BENCH_CALL(ceed_, CeedVectorNorm(x, CEED_NORM_2, &norm_x));
  if (x == y) return norm_x * norm_x;
  BENCH_CALL(ceed_, CeedVectorNorm(y, CEED_NORM_2, &norm_y));
  if (norm_x == 0.0 || norm_y == 0.0) return 0.0;
  const double s = norm_x / norm_y;
  BENCH_CALL(ceed_, CeedVectorCopy(x, work_));
  BENCH_CALL(ceed_, CeedVectorAXPY(work_, s, y));
  BENCH_CALL(ceed_, CeedVectorNorm(work_, CEED_NORM_2, &norm_w));
  return (norm_w * norm_w - 2.0 * norm_x * norm_x) / (2.0 * s);
}

ConjugateGradient::ConjugateGradient(Ceed ceed, CeedOperator op, CeedSize length, DotMethod method)
    : ceed_(ceed), op_(op), dot_(ceed, length, method) {
  BENCH_CALL(ceed, CeedVectorCreate(ceed, length, r_.out()));
  BENCH_CALL(ceed, CeedVectorCreate(ceed, length, p_.out()));
  BENCH_CALL(ceed, CeedVectorCreate(ceed, length, ap_.out()));
}

CgResult ConjugateGradient::Solve(CeedVector b, CeedVector x, int max_iterations, double rtol) {
  CgResult result;
  BENCH_CALL(ceed_, CeedVectorSetValue(x, 0.0));
  BENCH_CALL(ceed_, CeedVectorCopy(b, r_));
  BENCH_CALL(ceed_, CeedVectorCopy(b, p_));
  const double rr_0 = dot_(r_, r_);
  double       rr   = rr_0;
  if (rr_0 == 0.0) return result;
  while (result.iterations < max_iterations && !(rtol > 0.0 && rr <= rtol * rtol * rr_0)) {
    BENCH_CALL(ceed_, CeedOperatorApply(op_, p_, ap_, CEED_REQUEST_IMMEDIATE));
    const double p_ap = dot_(p_, ap_);
    if (!(p_ap > 0.0)) break;  // breakdown: the operator is not positive definite on this direction
    const double alpha = rr / p_ap;
    BENCH_CALL(ceed_, CeedVectorAXPY(x, alpha, p_));
    BENCH_CALL(ceed_, CeedVectorAXPY(r_, -alpha, ap_));
    const double rr_new = dot_(r_, r_);
    BENCH_CALL(ceed_, CeedVectorAXPBY(p_, 1.0, rr_new / rr, r_));  // p = r + beta p
    rr = rr_new;
    result.iterations++;
  }
  result.relative_residual = std::sqrt(rr / rr_0);
  return result;
}

}  // namespace bench
