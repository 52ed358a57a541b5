// Vector reductions and the unpreconditioned conjugate gradient method on libCEED vectors.
//
// The public API has norms but no inner product. Vectors living on the host are reduced with a host
// loop over CeedVectorGetArrayRead (no copy there); vectors living on a device use the backend's norm
// kernels through the polarization identity, so no data leaves the device:
//   with s = |x|/|y| and w = x + s y:  x . y = (|w|^2 - 2 |x|^2) / (2 s),
// whose rounding error is about 2 eps |x| |y| (CG's p . Ap is at least |p| |Ap| 2 sqrt(k)/(1+k)).
#pragma once

#include <ceed.h>

#include <string>

#include "ceed-handle.hpp"

namespace bench {

enum class DotMethod { host, norms };
const char *DotMethodName(DotMethod method);
// The method for a context: host when the backend prefers host memory, else norms.
DotMethod DefaultDotMethod(Ceed ceed);

class Dot {
 public:
  Dot(Ceed ceed, CeedSize length, DotMethod method);
  double    operator()(CeedVector x, CeedVector y);
  DotMethod method() const { return method_; }

 private:
  Ceed        ceed_;
  DotMethod   method_;
  VectorOwned work_;  // norms method only
};

struct CgResult {
  int    iterations        = 0;
  double relative_residual = 0.0;  // |b - A x| / |b| from the recurrence
};

// Solves A x = b from x = 0 with at most max_iterations iterations, stopping early when the relative
// residual falls to rtol (rtol = 0: exactly max_iterations).
class ConjugateGradient {
 public:
  ConjugateGradient(Ceed ceed, CeedOperator op, CeedSize length, DotMethod method);
  CgResult Solve(CeedVector b, CeedVector x, int max_iterations, double rtol);

 private:
  Ceed         ceed_;
  CeedOperator op_;
  Dot          dot_;
  VectorOwned  r_, p_, ap_;
};

}  // namespace bench
