#include "bs.hpp"

#include <cmath>

namespace bench {

namespace {

const BsSpec kBss[] = {
    {"bs1", "copy y = x", false},
    {"bs2", "AXPY y = a x + b y", false},
    {"bs3", "norm |x|", false},
    {"bs4", "dot x . y", false},
    {"bs5", "fused CG update", false},
    {"bs6", "gather l += E^T e", true},
    {"bs7", "scatter e = E l", true},
};

// Deterministic test values in [1, 2): distinct enough that a skipped or misplaced entry shows.
double TestValue(CeedSize i) { return 1.0 + (double)((i * 7919) % 1000) / 1000.0; }

VectorOwned FilledVector(Ceed ceed, CeedSize n, double scale) {
  VectorOwned v;
  BENCH_CALL(ceed, CeedVectorCreate(ceed, n, v.out()));
  HostWrite w(v);
  for (CeedSize i = 0; i < n; i++) w[i] = scale * TestValue(i);
  return v;
}

double RelativeError(double value, double exact) { return std::fabs(value - exact) / std::max(std::fabs(exact), 1e-300); }

// Largest deviation of vec from expected(i), relative to scale(i) (the size of the values involved, so
// that entries passing through zero do not inflate it).
template <typename Expected, typename Scale>
double MaxDeviation(CeedVector vec, CeedSize n, Expected expected, Scale scale) {
  HostRead r(vec);
  double   err = 0.0;
  for (CeedSize i = 0; i < n; i++) err = std::max(err, std::fabs(r[i] - expected(i)) / scale(i));
  return std::isfinite(err) ? err : INFINITY;
}

CheckResult MakeCheck(const std::string &name, double error, double tolerance) {
  CheckResult check;
  check.name      = name;
  check.error     = error;
  check.tolerance = tolerance;
  return check;
}

}  // namespace

const BsSpec *FindBs(const std::string &name) {
  for (const auto &spec : kBss) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

BsSample RunVectorBs(Ceed ceed, const BsSpec &spec, CeedSize n, const TimingOptions &timing, DotMethod dot_method) {
  BsSample sample;
  sample.problem = spec.name;
  sample.entries = n;
  const double nd = (double)n, round_off = 1e-12 * (1.0 + std::sqrt(nd));
  VectorOwned  x = FilledVector(ceed, n, 1.0), y = FilledVector(ceed, n, 0.5);
  const std::string which = spec.name;
  int               calls = 0;  // operations run, warm-up included
  if (which == "bs1") {
    sample.bytes = 16.0 * nd;
    BENCH_CALL(ceed, CeedVectorSetValue(y, 0.0));
    sample.timed = TimeRepeated(timing, [&] { BENCH_CALL(ceed, CeedVectorCopy(x, y)); }, [&] { Synchronize(y); });
    sample.check = MakeCheck("y == x", MaxDeviation(y, n, TestValue, TestValue), 0.0);
  } else if (which == "bs2") {
    // y <- x/2 + y/2 from y = 0 gives y = (1 - 2^-k) x after k operations.
    sample.bytes = 24.0 * nd;
    BENCH_CALL(ceed, CeedVectorSetValue(y, 0.0));
    auto axpby   = [&] {
      BENCH_CALL(ceed, CeedVectorAXPBY(y, 0.5, 0.5, x));
      calls++;
    };
    sample.timed        = TimeRepeated(timing, axpby, [&] { Synchronize(y); });
    const double factor = 1.0 - std::ldexp(1.0, -std::min(calls, 1100));
    sample.check = MakeCheck("y == (1 - 2^-k) x", MaxDeviation(y, n, [&](CeedSize i) { return factor * TestValue(i); }, TestValue), 1e-14);
  } else if (which == "bs3") {
    sample.bytes      = 8.0 * nd;
    CeedScalar norm   = 0.0;
    sample.timed      = TimeRepeated(timing, [&] { BENCH_CALL(ceed, CeedVectorNorm(x, CEED_NORM_2, &norm)); }, [] {});
    double exact = 0.0;
    for (CeedSize i = 0; i < n; i++) exact += TestValue(i) * TestValue(i);
    sample.check = MakeCheck("|x| == host sum", RelativeError(norm, std::sqrt(exact)), round_off);
  } else if (which == "bs4") {
    sample.bytes  = 16.0 * nd;
    Dot    dot(ceed, n, dot_method);
    double value  = 0.0;
    sample.timed  = TimeRepeated(timing, [&] { value = dot(x, y); }, [] {});
    double exact = 0.0;
    for (CeedSize i = 0; i < n; i++) exact += 0.5 * TestValue(i) * TestValue(i);
    sample.check = MakeCheck(std::string("x . y == host sum (") + DotMethodName(dot_method) + ")", RelativeError(value, exact), round_off);
  } else if (which == "bs5") {
    // x += a p; r -= a Ap; r . r, repeated: after k operations x = x0 + k a p and r = r0 - k a Ap.
    sample.bytes     = 48.0 * nd;
    VectorOwned p    = FilledVector(ceed, n, 1.0), ap = FilledVector(ceed, n, 0.25);
    const double a   = 1.0 / 1024.0;  // a power of two: the updates are exact for moderate k
    CeedScalar   rr  = 0.0;
    sample.timed     = TimeRepeated(
        timing,
        [&] {
          BENCH_CALL(ceed, CeedVectorAXPY(x, a, p));
          BENCH_CALL(ceed, CeedVectorAXPY(y, -a, ap));
          BENCH_CALL(ceed, CeedVectorNorm(y, CEED_NORM_2, &rr));
          calls++;
        },
        [] {});
    const double k     = calls;
    auto         scale = [&](CeedSize i) { return TestValue(i) * (1.0 + k * a); };
    double       err   = MaxDeviation(x, n, [&](CeedSize i) { return TestValue(i) * (1.0 + k * a); }, scale);
    err = std::max(err, MaxDeviation(y, n, [&](CeedSize i) { return TestValue(i) * (0.5 - 0.25 * k * a); }, scale));
    double exact_rr = 0.0, scale_rr = 0.0;
    for (CeedSize i = 0; i < n; i++) {
      exact_rr += std::pow(TestValue(i) * (0.5 - 0.25 * k * a), 2);
      scale_rr += std::pow(scale(i), 2);
    }
    err          = std::max(err, std::fabs(rr * rr - exact_rr) / scale_rr);
    sample.check = MakeCheck("x, r and r.r after k updates", err, 1e-12 * (1.0 + k) + round_off);
  }
  return sample;
}

BsSample RunRestrictionBs(Ceed ceed, const BsSpec &spec, const BoxMesh &mesh, const TimingOptions &timing) {
  BsSample sample;
  sample.problem  = spec.name;
  sample.degree   = mesh.degree;
  sample.entries  = mesh.num_nodes;
  const CeedInt elem_nodes = mesh.NodesPerElem();
  sample.evector_entries   = (CeedSize)mesh.num_elem * elem_nodes;
  const double ne = (double)sample.evector_entries, nl = (double)sample.entries;

  RestrictionOwned rstr;
  BENCH_CALL(ceed, CeedElemRestrictionCreate(ceed, mesh.num_elem, elem_nodes, 1, 1, mesh.num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES,
                                             mesh.elem_nodes.data(), rstr.out()));
  VectorOwned l, e;
  BENCH_CALL(ceed, CeedElemRestrictionCreateVector(rstr, l.out(), e.out()));
  int calls = 0;
  if (std::string(spec.name) == "bs6") {
    // e = 1: after k gathers l = k * multiplicity, whose entries sum to k * N_E.
    sample.bytes = 12.0 * ne + 16.0 * nl;
    BENCH_CALL(ceed, CeedVectorSetValue(e, 1.0));
    BENCH_CALL(ceed, CeedVectorSetValue(l, 0.0));
    auto gather  = [&] {
      BENCH_CALL(ceed, CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, l, CEED_REQUEST_IMMEDIATE));
      calls++;
    };
    sample.timed = TimeRepeated(timing, gather, [&] { Synchronize(l); });
    std::vector<double> multiplicity(mesh.num_nodes, 0.0);
    for (CeedInt node : mesh.elem_nodes) multiplicity[node] += 1.0;
    // Sums of integers: exact.
    auto expected = [&](CeedSize i) { return calls * multiplicity[i]; };
    sample.check  = MakeCheck("l == k * multiplicity", MaxDeviation(l, mesh.num_nodes, expected, expected), 0.0);
  } else {
    // l = test values: the scattered entries summed must equal the host's sum over element nodes
    // (independent of the backend's E-vector layout).
    sample.bytes = 12.0 * ne + 8.0 * nl;
    {
      HostWrite w(l);
      for (CeedSize i = 0; i < mesh.num_nodes; i++) w[i] = TestValue(i);
    }
    sample.timed = TimeRepeated(
        timing, [&] { BENCH_CALL(ceed, CeedElemRestrictionApply(rstr, CEED_NOTRANSPOSE, l, e, CEED_REQUEST_IMMEDIATE)); },
        [&] { Synchronize(e); });
    double exact = 0.0, sum = 0.0;
    for (CeedInt node : mesh.elem_nodes) exact += TestValue(node);
    {
      HostRead r(e);
      for (CeedSize i = 0; i < sample.evector_entries; i++) sum += r[i];
    }
    sample.check = MakeCheck("sum(e) == sum over element nodes of l", RelativeError(sum, exact), 1e-12 * (1.0 + std::sqrt(ne)));
  }
  return sample;
}

LatencyBandwidthFit FitLatencyBandwidth(const std::vector<BsSample> &samples) {
  LatencyBandwidthFit fit;
  double              sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto &s : samples) {
    const double x = s.bytes, y = s.timed.per_rep();
    sx += x, sy += y, sxx += x * x, sxy += x * y;
    fit.points++;
  }
  const double n = fit.points, det = n * sxx - sx * sx;
  if (fit.points < 2 || det <= 0.0) return fit;
  fit.beta  = (n * sxy - sx * sy) / det;
  fit.alpha = (sy - fit.beta * sx) / n;
  if (fit.alpha < 0.0) {
    // Caches make small sizes faster than the model allows: keep the latency non-negative (fit through
    // the origin), which leaves the slope to the sizes beyond the caches.
    fit.alpha         = 0.0;
    fit.beta          = sxy / sxx;
    fit.alpha_clamped = true;
  }
  return fit;
}

}  // namespace bench
