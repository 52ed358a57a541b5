// Roofline bounds for the bake-off problems.
//
// Memory: the bytes per DOF a fused operator kernel must move: the input and output vectors (8 bytes
// per DOF each), the quadrature data (8 bytes x qdata values per point x points) and the restriction
// indices (4 bytes per element node, shared by the components), divided into the streaming bandwidth
// measured on the machine. CG adds per iteration the 11 vector streams of an ideally fused iteration
// (x += a p, r -= a Ap with r.r: 6; p.Ap: 2; p = r + b p: 3) and 10 flops per DOF.
// Compute: sum-factorization flops per element and component, with the contraction chain
// C(P,Q) = 2 (Q P^3 + Q^2 P^2 + Q^3 P) from P^3 nodes to Q^3 points:
//   mass:       2 C + Q^3                               (interpolate, scale, interpolate back)
//   diffusion:  2 C + 12 Q^4 + 15 Q^3, collocated (GLL, Q = P): 12 P^4 + 15 P^3
// (12 Q^4: three 1-D derivatives at the points, forward and transposed; 15: the symmetric 3x3 product),
// i.e. the usual 12(p+1)^4 + 15(p+1)^3 for collocated quadrature and twice the first term otherwise
// (when Q = P), against the peak flop rate given on the command line.
#pragma once

#include "bp.hpp"

namespace bench {

struct Roofline {
  double bytes_per_dof = 0.0, flops_per_dof = 0.0;
  double bandwidth_gbs = 0.0, peak_gflops = 0.0;
  double memory_bound = 0.0, compute_bound = 0.0;  // DOF/s
  // Bytes one application (or CG iteration) touches; within the last-level cache the kernel streams from
  // the cache, not from memory, so the memory bound (DRAM bandwidth) does not apply there.
  double working_set_bytes = 0.0;
  bool   cache_resident    = false;
  double bound() const { return memory_bound < compute_bound ? memory_bound : compute_bound; }
  const char *limiter() const { return memory_bound < compute_bound ? "memory" : "compute"; }
};

// precision: fp32 vectors count 4 bytes per value, quadrature data 4 bytes when kept in fp32 or when the
// kernel computes in fp32 (it needs no more), and fp32 computation twice the (fp64) peak_gflops.
// cache_bytes: the last-level cache's size (0: unknown, nothing is marked cache-resident).
Roofline BpRoofline(const BpSpec &spec, const BoxMesh &mesh, bool cg, double bandwidth_gbs, double peak_gflops,
                    const BpPrecision &precision = BpPrecision(), double cache_bytes = 0.0);

// The size of the largest CPU cache (L3, else L2) in bytes, 0 when the system does not say.
double LastLevelCacheBytes();

}  // namespace bench
