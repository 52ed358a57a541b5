#include "roofline.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace bench {

namespace {

constexpr double kCgVectorStreams   = 11.0;
constexpr double kCgVectorFlops     = 10.0;
constexpr double kDiffusionPointOps = 15.0;

double ContractionChain(double P, double Q) { return 2.0 * (Q * P * P * P + Q * Q * P * P + Q * Q * Q * P); }

}  // namespace

// The kernel sysfs gives the cache one core reaches (32 MB of an EPYC's CCD); sysconf may give the sum over all
// of a socket's slices (336 MB on the same machine), which no single core can use.
double LastLevelCacheBytes() {
  double bytes = 0.0;
  int    level = 0;
  for (int index = 0; index < 8; index++) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    std::ifstream     level_file(dir + "/level"), size_file(dir + "/size");
    int               this_level = 0;
    std::string       size;
    if (!(level_file >> this_level) || !(size_file >> size) || size.empty() || this_level <= level) continue;
    const double unit = size.back() == 'K' ? 1024.0 : size.back() == 'M' ? 1024.0 * 1024.0 : size.back() == 'G' ? 1024.0 * 1024.0 * 1024.0 : 1.0;
    level             = this_level;
    bytes             = std::atof(size.c_str()) * unit;
  }
  if (bytes > 0.0) return bytes;
  for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long size = sysconf(name);
    if (size > 0) return (double)size;
  }
  return 0.0;
}

Roofline BpRoofline(const BpSpec &spec, const BoxMesh &mesh, bool cg, double bandwidth_gbs, double peak_gflops, const BpPrecision &precision,
                    double cache_bytes) {
  Roofline     r;
  const double P = mesh.degree + 1, Q = QuadraturePoints1D(spec, mesh.degree);
  const double E = mesh.num_elem, nodes = (double)mesh.num_nodes, dofs = nodes * spec.num_comp;

  // A kernel computing in fp32 needs the quadrature data only in fp32, whatever precision it is kept in.
  const double vector_bytes = precision.fp32_vectors() ? 4.0 : 8.0;
  const double qdata_bytes  = precision.qdata == CEED_SCALAR_FP32 || precision.fp32_compute() ? 4.0 : 8.0;
  const double bytes = 2.0 * vector_bytes * dofs + qdata_bytes * spec.qdata_size * E * Q * Q * Q + 4.0 * E * P * P * P;
  double       flops_elem_comp;
  if (spec.kind == BpOperatorKind::mass) {
    flops_elem_comp = 2.0 * ContractionChain(P, Q) + Q * Q * Q;
  } else {
    const double gradient = 12.0 * Q * Q * Q * Q + kDiffusionPointOps * Q * Q * Q;
    flops_elem_comp       = spec.gll_quadrature ? gradient : 2.0 * ContractionChain(P, Q) + gradient;
  }
  r.bytes_per_dof = bytes / dofs + (cg ? vector_bytes * kCgVectorStreams : 0.0);
  r.flops_per_dof = flops_elem_comp * spec.num_comp * E / dofs + (cg ? kCgVectorFlops : 0.0);
  r.bandwidth_gbs = bandwidth_gbs;
  r.peak_gflops   = precision.fp32_compute() ? 2.0 * peak_gflops : peak_gflops;
  r.memory_bound  = bandwidth_gbs * 1e9 / r.bytes_per_dof;
  r.compute_bound = r.peak_gflops * 1e9 / r.flops_per_dof;
  r.working_set_bytes = r.bytes_per_dof * dofs;
  r.cache_resident    = cache_bytes > 0.0 && r.working_set_bytes <= cache_bytes;
  return r;
}

}  // namespace bench
