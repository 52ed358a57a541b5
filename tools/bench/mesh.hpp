// Structured hexahedral meshes of the unit cube for the bake-off problems: degree-p tensor elements on
// Gauss-Lobatto nodes, optionally deformed by a smooth map or a Kershaw-type map. Both maps keep the cube
// (every boundary node stays on its face), so the domain volume stays 1.
#pragma once

#include <ceed.h>

#include <array>
#include <string>
#include <vector>

namespace bench {

enum class Deformation { none, smooth, kershaw };
const char *DeformationName(Deformation d);

struct MeshOptions {
  Deformation deformation = Deformation::none;
  double      kershaw_eps = 0.3;  // 1: no deformation; smaller: stronger (element aspect ratios ~ 1/eps)
};

struct BoxMesh {
  int                     degree      = 1;
  Deformation             deformation = Deformation::none;
  std::array<CeedInt, 3>  elems{};      // elements per direction
  std::array<CeedInt, 3>  nodes_1d{};   // nodes per direction (elems * degree + 1)
  CeedInt                 num_elem  = 0;
  CeedSize                num_nodes = 0;
  std::vector<CeedInt>    elem_nodes;   // num_elem * (degree+1)^3 node indices, lexicographic, x fastest
  std::vector<CeedScalar> coords;       // 3 * num_nodes, component-major: coords[c * num_nodes + node]

  CeedInt NodesPerElem() const { return (degree + 1) * (degree + 1) * (degree + 1); }
  bool    IsBoundaryNode(CeedSize node) const;
};

// Elements per direction (differing by at most one between directions, multiples of the map's period
// for the Kershaw map) whose DOF count, num_comp * prod(elems * degree + 1), is closest to target_dofs
// in ratio.
std::array<CeedInt, 3> ChooseElements(double target_dofs, int degree, int num_comp, Deformation deformation);

// Builds the mesh; throws std::invalid_argument when 32-bit element offsets would overflow.
BoxMesh BuildMesh(const std::array<CeedInt, 3> &elems, int degree, int num_comp, const MeshOptions &options);

// DOF count of a mesh shape without building it.
double MeshDofs(const std::array<CeedInt, 3> &elems, int degree, int num_comp);

}  // namespace bench
