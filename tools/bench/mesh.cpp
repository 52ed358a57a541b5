#include "mesh.hpp"

#include <climits>
#include <cmath>
#include <stdexcept>

#include "ceed-handle.hpp"

namespace bench {

const char *DeformationName(Deformation d) {
  switch (d) {
    case Deformation::none:
      return "none";
    case Deformation::smooth:
      return "smooth";
    case Deformation::kershaw:
      return "kershaw";
  }
  return "?";
}

namespace {

// Kershaw-type map: the mesh is cut into 6 slabs along x and 2 halves along y and z. In each slab the
// y (and z) coordinate is remapped by a piecewise-linear profile that squeezes one half to eps/2 of the
// width and stretches the other, the profile flipping between the outer and the middle slabs (blended
// linearly in between). With elements aligned to the slabs every element stays trilinear.
constexpr std::array<CeedInt, 3> kKershawPeriod = {6, 2, 2};

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

}  // namespace

bool BoxMesh::IsBoundaryNode(CeedSize node) const {
  const CeedSize ix = node % nodes_1d[0], iy = (node / nodes_1d[0]) % nodes_1d[1], iz = node / ((CeedSize)nodes_1d[0] * nodes_1d[1]);
  return ix == 0 || iy == 0 || iz == 0 || ix == nodes_1d[0] - 1 || iy == nodes_1d[1] - 1 || iz == nodes_1d[2] - 1;
}

double MeshDofs(const std::array<CeedInt, 3> &elems, int degree, int num_comp) {
  double dofs = num_comp;
  for (CeedInt n : elems) dofs *= (double)n * degree + 1.0;
  return dofs;
}

std::array<CeedInt, 3> ChooseElements(double target_dofs, int degree, int num_comp, Deformation deformation) {
  const std::array<CeedInt, 3> period = deformation == Deformation::kershaw ? kKershawPeriod : std::array<CeedInt, 3>{1, 1, 1};
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

BoxMesh BuildMesh(const std::array<CeedInt, 3> &elems, int degree, int num_comp, const MeshOptions &options) {
  BoxMesh mesh;
  mesh.degree      = degree;
  mesh.deformation = options.deformation;
  mesh.elems       = elems;
  const CeedInt P = degree + 1;
  double        num_elem = 1.0, num_nodes = 1.0;
  for (int d = 0; d < 3; d++) {
    if (elems[d] < 1) throw std::invalid_argument("mesh needs at least one element per direction, got " + std::to_string(elems[d]));
    mesh.nodes_1d[d] = elems[d] * degree + 1;
    num_elem *= elems[d];
    num_nodes *= mesh.nodes_1d[d];
  }
  // Offsets are 32-bit (CeedInt): element nodes and component-scaled node indices must fit.
  if (num_elem * P * P * P >= (double)INT_MAX || num_nodes * num_comp * 3 >= (double)INT_MAX) {
    throw std::invalid_argument("mesh of " + std::to_string(num_elem) + " elements of degree " + std::to_string(degree) +
                                " is too large for 32-bit element offsets");
  }
  mesh.num_elem  = (CeedInt)num_elem;
  mesh.num_nodes = (CeedSize)num_nodes;

  // Node positions along each direction: element e's Gauss-Lobatto nodes mapped to [e/n, (e+1)/n].
  std::vector<CeedScalar> gll(P), gll_w(P);
  BENCH_CALL(nullptr, CeedLobattoQuadrature(P, gll.data(), gll_w.data()));
  std::array<std::vector<double>, 3> x_1d;
  for (int d = 0; d < 3; d++) {
    x_1d[d].resize(mesh.nodes_1d[d]);
    for (CeedInt g = 0; g < mesh.nodes_1d[d]; g++) {
      const CeedInt e = g / degree < elems[d] ? g / degree : elems[d] - 1, a = g - e * degree;
      x_1d[d][g]      = (e + 0.5 * (gll[a] + 1.0)) / elems[d];
    }
    x_1d[d].front() = 0.0, x_1d[d].back() = 1.0;
  }

  const CeedSize n = mesh.num_nodes;
  mesh.coords.resize(3 * n);
  for (CeedSize node = 0; node < n; node++) {
    const CeedSize        ix = node % mesh.nodes_1d[0], iy = (node / mesh.nodes_1d[0]) % mesh.nodes_1d[1];
    const CeedSize        iz = node / ((CeedSize)mesh.nodes_1d[0] * mesh.nodes_1d[1]);
    std::array<double, 3> x  = {x_1d[0][ix], x_1d[1][iy], x_1d[2][iz]};
    if (options.deformation == Deformation::smooth) x = SmoothMap(x);
    if (options.deformation == Deformation::kershaw) x = KershawMap(x, options.kershaw_eps);
    for (int c = 0; c < 3; c++) mesh.coords[c * n + node] = x[c];
  }

  mesh.elem_nodes.resize((size_t)mesh.num_elem * P * P * P);
  const CeedInt nx = mesh.nodes_1d[0], ny = mesh.nodes_1d[1];
  size_t        k  = 0;
  for (CeedInt ez = 0; ez < elems[2]; ez++) {
    for (CeedInt ey = 0; ey < elems[1]; ey++) {
      for (CeedInt ex = 0; ex < elems[0]; ex++) {
        for (CeedInt c = 0; c < P; c++) {
          for (CeedInt b = 0; b < P; b++) {
            for (CeedInt a = 0; a < P; a++) mesh.elem_nodes[k++] = (ex * degree + a) + nx * ((ey * degree + b) + ny * (ez * degree + c));
          }
        }
      }
    }
  }
  return mesh;
}

}  // namespace bench
