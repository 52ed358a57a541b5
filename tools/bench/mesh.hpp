// Structured hexahedral meshes of the unit cube for the bake-off problems: degree-p tensor elements on
// Gauss-Lobatto nodes, optionally deformed by a smooth map or a Kershaw-type map. Both maps keep the cube
// (every boundary node stays on its face), so the domain volume stays 1.
#pragma once

#include <ceed.h>
#include <ceed/box-mesh.hpp>

#include <array>
#include <string>
#include <vector>

namespace bench {

using Deformation = ceedrt::parallel::Deformation;
using MeshOptions = ceedrt::parallel::BoxMeshOptions;
using ceedrt::parallel::ChooseElements;
using ceedrt::parallel::DeformationName;

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

// Why the mesh cannot be indexed by 32-bit element offsets, with its size ("" when it can).
std::string MeshTooLargeBecause(const std::array<CeedInt, 3> &elems, int degree, int num_comp);

// Builds the mesh; throws std::invalid_argument when 32-bit element offsets would overflow (and
// ceedrt::parallel::Error for shapes the deformation cannot take).
BoxMesh BuildMesh(const std::array<CeedInt, 3> &elems, int degree, int num_comp, const MeshOptions &options);

}  // namespace bench
