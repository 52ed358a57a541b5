#include <ceed/box-mesh.hpp>

#include <cmath>

namespace ceedrt {
namespace parallel {

void Check(int ierr, Ceed ceed, const char *call) {
  if (ierr == CEED_ERROR_SUCCESS) return;
  const char *message = nullptr;
  CeedGetErrorMessage(ceed, &message);
  // The function's name only: the call's C++ argument text means nothing to a user of the tools.
  const std::string call_text = call, function = call_text.substr(0, call_text.find('('));
  std::string       text      = function + " failed (error " + std::to_string(ierr) + ")";
  if (message && *message) text += ": " + std::string(message);
  if (ceed) CeedResetErrorMessage(ceed, &message);
  throw Error(text);
}

double HostDot(const CeedScalar *x, const CeedScalar *y, CeedSize n) {
  constexpr int kLanes = 8;
  double        partial[kLanes] = {0};
  CeedSize      i               = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int k = 0; k < kLanes; k++) partial[k] += x[i + k] * y[i + k];
  }
  double sum = 0.0;
  for (; i < n; i++) sum += x[i] * y[i];
  for (int k = 0; k < kLanes; k++) sum += partial[k];
  return sum;
}

const char *DeformationName(Deformation deformation) {
  switch (deformation) {
    case Deformation::none:
      return "none";
    case Deformation::smooth:
      return "smooth";
    case Deformation::kershaw:
      return "kershaw";
  }
  return "?";
}

bool ParseDeformation(const std::string &name, Deformation *deformation) {
  for (Deformation d : {Deformation::none, Deformation::smooth, Deformation::kershaw}) {
    if (name == DeformationName(d)) {
      *deformation = d;
      return true;
    }
  }
  return false;
}

namespace {

// Kershaw-type map: the mesh is cut into 6 slabs along x and 2 halves along y and z. In each slab the
// y (and z) coordinate is remapped by a piecewise-linear profile that squeezes one half to eps/2 of the
// width and stretches the other, the profile flipping between the outer and the middle slabs (blended
// linearly in between). With elements aligned to the slabs every element stays trilinear.
double KershawProfile(double s, double mid) { return s <= 0.5 ? 2.0 * mid * s : mid + (1.0 - mid) * 2.0 * (s - 0.5); }

double KershawBlend(double x) {  // 0 in the outer slabs, 1 in the middle ones, linear between
  const double t = 6.0 * x;
  if (t <= 1.0 || t >= 5.0) return 0.0;
  if (t < 2.0) return t - 1.0;
  if (t > 4.0) return 5.0 - t;
  return 1.0;
}

std::array<double, 3> KershawMap(const std::array<double, 3> &x, double eps) {
  const double lambda = KershawBlend(x[0]);
  const double lo = 0.5 * eps, hi = 1.0 - 0.5 * eps;
  const double y = (1.0 - lambda) * KershawProfile(x[1], lo) + lambda * KershawProfile(x[1], hi);
  const double z = (1.0 - lambda) * KershawProfile(x[2], hi) + lambda * KershawProfile(x[2], lo);
  return {x[0], y, z};
}

// Smooth map: a polynomial bump b = 64 x(1-x) y(1-y) z(1-z) (zero on the boundary, 1 at the centre)
// moves interior points along a fixed direction; det J = 1 + a . grad b >= 1 - 4 (|a_0|+|a_1|+|a_2|) > 0.
// Degree 2 per direction, so it is represented exactly by elements of degree >= 2.
std::array<double, 3> SmoothMap(const std::array<double, 3> &x) {
  constexpr double a[3] = {0.08, -0.06, 0.05};
  const double     b    = 64.0 * x[0] * (1.0 - x[0]) * x[1] * (1.0 - x[1]) * x[2] * (1.0 - x[2]);
  return {x[0] + a[0] * b, x[1] + a[1] * b, x[2] + a[2] * b};
}

double MeshDofs(const std::array<CeedInt, 3> &elems, int degree, int num_comp) {
  double dofs = num_comp;
  for (CeedInt n : elems) dofs *= (double)n * degree + 1.0;
  return dofs;
}

}  // namespace

std::array<CeedInt, 3> BoxGeometry::Period(Deformation deformation) {
  return deformation == Deformation::kershaw ? std::array<CeedInt, 3>{6, 2, 2} : std::array<CeedInt, 3>{1, 1, 1};
}

BoxGeometry::BoxGeometry(const std::array<CeedInt, 3> &elems, int degree, const BoxMeshOptions &options)
    : options_(options) {
  if (degree < 1) throw Error("box mesh: degree must be at least 1, got " + std::to_string(degree));
  const CeedInt P = degree + 1;
  // Node positions along each direction: element e's Gauss-Lobatto nodes mapped to [e/n, (e+1)/n].
  std::vector<CeedScalar> gll(P), gll_w(P);
  if (CeedLobattoQuadrature(P, gll.data(), gll_w.data())) throw Error("box mesh: Gauss-Lobatto nodes for degree " + std::to_string(degree));
  const auto period = Period(options.deformation);
  for (int d = 0; d < 3; d++) {
    if (elems[d] < 1) throw Error("box mesh needs at least one element per direction, got " + std::to_string(elems[d]));
    if (elems[d] % period[d]) {
      throw Error(std::string("box mesh: the ") + DeformationName(options.deformation) + " map needs elements per direction in multiples of " +
                  std::to_string(period[0]) + " x " + std::to_string(period[1]) + " x " + std::to_string(period[2]) + ", got " +
                  std::to_string(elems[d]) + " in direction " + std::to_string(d));
    }
    const CeedInt n = elems[d] * degree + 1;
    x_1d_[d].resize(n);
    for (CeedInt g = 0; g < n; g++) {
      const CeedInt e = g / degree < elems[d] ? g / degree : elems[d] - 1, a = g - e * degree;
      x_1d_[d][g]     = (e + 0.5 * (gll[a] + 1.0)) / elems[d];
    }
    x_1d_[d].front() = 0.0, x_1d_[d].back() = 1.0;
  }
}

std::array<double, 3> BoxGeometry::Node(const std::array<CeedInt, 3> &lattice_index) const {
  std::array<double, 3> x = {x_1d_[0][lattice_index[0]], x_1d_[1][lattice_index[1]], x_1d_[2][lattice_index[2]]};
  if (options_.deformation == Deformation::smooth) x = SmoothMap(x);
  if (options_.deformation == Deformation::kershaw) x = KershawMap(x, options_.kershaw_eps);
  return x;
}

std::array<CeedInt, 3> ChooseElements(double target_dofs, int degree, int num_comp, Deformation deformation) {
  const std::array<CeedInt, 3> period   = BoxGeometry::Period(deformation);
  auto                         round_up = [&](std::array<CeedInt, 3> e) {
    for (int d = 0; d < 3; d++) e[d] = (e[d] + period[d] - 1) / period[d] * period[d];
    return e;
  };
  std::array<CeedInt, 3> best       = round_up({1, 1, 1});
  double                 best_ratio = std::fabs(std::log(MeshDofs(best, degree, num_comp) / target_dofs));
  for (CeedInt n = 1; n < 100000; n++) {
    bool all_above = true;
    for (const auto &shape : {std::array<CeedInt, 3>{n, n, n}, {n + 1, n, n}, {n + 1, n + 1, n}}) {
      const auto   elems = round_up(shape);
      const double dofs  = MeshDofs(elems, degree, num_comp);
      const double ratio = std::fabs(std::log(dofs / target_dofs));
      if (ratio < best_ratio) best = elems, best_ratio = ratio;
      all_above = all_above && dofs > target_dofs;
    }
    if (all_above) break;
  }
  return best;
}

}  // namespace parallel
}  // namespace ceedrt
