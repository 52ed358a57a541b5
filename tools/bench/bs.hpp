// Streaming benchmarks BS1-BS7 on the backend's own vectors and restrictions, and the
// latency/bandwidth fit t = alpha + beta * bytes.
//
// Bytes counted per operation are the data the operation has to move at least (what a single fused
// kernel would stream), not what a particular implementation moves:
//   BS1 copy y = x                          16 N      BS2 AXPY y = a x + b y       24 N
//   BS3 norm |x|                             8 N      BS4 dot x . y                16 N
//   BS5 fused CG update x += a p, r -= a Ap, r . r    48 N (through the public API: two AXPYs and a norm)
//   BS6 gather l += E^T e (transpose restriction)     12 N_E + 16 N_L (E-vector and 4-byte indices read,
//                                                     L-vector read and written, as E^T adds)
//   BS7 scatter e = E l                      12 N_E + 8 N_L
// Every sample ends with a check of the result against values computed on the host.
#pragma once

#include <string>
#include <vector>

#include "bp.hpp"
#include "cg.hpp"
#include "mesh.hpp"
#include "timing.hpp"

namespace bench {

struct BsSpec {
  const char *name;         // "bs1" ... "bs7"
  const char *operation;    // short description for tables
  bool        restriction;  // BS6/BS7 run on a mesh's restriction, the others on plain vectors
};
const BsSpec *FindBs(const std::string &name);

struct BsSample {
  std::string problem;
  CeedSize    entries = 0;          // vector length (BS1-5) or L-vector length (BS6/7)
  CeedSize    evector_entries = 0;  // BS6/7
  int         degree = 0;           // BS6/7
  double      bytes = 0.0;          // per operation
  Timed       timed;
  CheckResult check;
  double      bandwidth_gbs() const { return bytes * timed.reps / timed.seconds * 1e-9; }
};

BsSample RunVectorBs(Ceed ceed, const BsSpec &spec, CeedSize entries, const TimingOptions &timing, DotMethod dot);
BsSample RunRestrictionBs(Ceed ceed, const BsSpec &spec, const BoxMesh &mesh, const TimingOptions &timing);

// Least-squares fit of seconds per operation against bytes per operation, with alpha >= 0.
struct LatencyBandwidthFit {
  double alpha = 0.0;  // seconds
  double beta  = 0.0;  // seconds per byte
  int    points = 0;
  bool   alpha_clamped = false;  // the unconstrained fit gave alpha < 0 (cache effects at small sizes)
  bool   valid() const { return points >= 2 && beta > 0.0; }
  double bandwidth_gbs() const { return 1e-9 / beta; }
  // Bytes at which the model reaches 80% of its asymptotic bandwidth (the Fischer-Brown point).
  double bytes_at_80_percent() const { return 4.0 * alpha / beta; }
};
LatencyBandwidthFit FitLatencyBandwidth(const std::vector<BsSample> &samples);

}  // namespace bench
