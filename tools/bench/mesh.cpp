#include "mesh.hpp"

#include <climits>
#include <cstdio>
#include <stdexcept>

namespace bench {

bool BoxMesh::IsBoundaryNode(CeedSize node) const {
  const CeedSize ix = node % nodes_1d[0], iy = (node / nodes_1d[0]) % nodes_1d[1], iz = node / ((CeedSize)nodes_1d[0] * nodes_1d[1]);
  return ix == 0 || iy == 0 || iz == 0 || ix == nodes_1d[0] - 1 || iy == nodes_1d[1] - 1 || iz == nodes_1d[2] - 1;
}

std::string MeshTooLargeBecause(const std::array<CeedInt, 3> &elems, int degree, int num_comp) {
  const double P         = degree + 1;
  const double num_elem  = (double)elems[0] * elems[1] * elems[2];
  const double num_nodes = (elems[0] * degree + 1.0) * (elems[1] * degree + 1.0) * (elems[2] * degree + 1.0);
  // Offsets are 32-bit (CeedInt): element nodes and component-scaled node indices must fit.
  if (num_elem * P * P * P < (double)INT_MAX && num_nodes * num_comp * 3 < (double)INT_MAX) return "";
  char text[256];
  std::snprintf(text, sizeof(text), "a mesh of %.3g elements of degree %d (%.3g DOFs) is too large for 32-bit element offsets", num_elem, degree,
                num_nodes * num_comp);
  return text;
}

BoxMesh BuildMesh(const std::array<CeedInt, 3> &elems, int degree, int num_comp, const MeshOptions &options) {
  BoxMesh mesh;
  mesh.degree      = degree;
  mesh.deformation = options.deformation;
  mesh.elems       = elems;
  const CeedInt P        = degree + 1;
  double        num_elem = 1.0, num_nodes = 1.0;
  for (int d = 0; d < 3; d++) {
    if (elems[d] < 1) throw std::invalid_argument("mesh needs at least one element per direction, got " + std::to_string(elems[d]));
    mesh.nodes_1d[d] = elems[d] * degree + 1;
    num_elem *= elems[d];
    num_nodes *= mesh.nodes_1d[d];
  }
  const std::string too_large = MeshTooLargeBecause(elems, degree, num_comp);
  if (!too_large.empty()) throw std::invalid_argument(too_large);
  mesh.num_elem  = (CeedInt)num_elem;
  mesh.num_nodes = (CeedSize)num_nodes;

  const ceedrt::parallel::BoxGeometry geometry(elems, degree, options);
  const CeedSize                      n = mesh.num_nodes;
  mesh.coords.resize(3 * n);
  for (CeedSize node = 0; node < n; node++) {
    const CeedInt ix = (CeedInt)(node % mesh.nodes_1d[0]), iy = (CeedInt)((node / mesh.nodes_1d[0]) % mesh.nodes_1d[1]);
    const CeedInt iz = (CeedInt)(node / ((CeedSize)mesh.nodes_1d[0] * mesh.nodes_1d[1]));
    const auto    x  = geometry.Node({ix, iy, iz});
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
