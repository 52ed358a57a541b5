// Low-order refinement: the Q1 sub-elements of degree-p tensor hexahedra (seed 001, section 3: the LOR
// mesh has the high-order nodes as its vertices, p^3 trilinear elements per macro element).
#include <ceed/parallel.hpp>

namespace ceedrt {
namespace parallel {

std::vector<CeedInt> LorElementNodes(const std::vector<CeedInt> &elem_nodes, CeedInt num_elem, int degree) {
  const CeedInt P = degree + 1, nodes_per_elem = P * P * P;
  if (degree < 1) throw Error("LorElementNodes: degree must be at least 1, got " + std::to_string(degree));
  if ((CeedSize)elem_nodes.size() != (CeedSize)num_elem * nodes_per_elem) {
    throw Error("LorElementNodes: " + std::to_string(elem_nodes.size()) + " element nodes for " + std::to_string(num_elem) +
                " elements of " + std::to_string(nodes_per_elem) + " nodes");
  }
  std::vector<CeedInt> lor((size_t)num_elem * degree * degree * degree * 8);
  size_t               k = 0;
  for (CeedInt e = 0; e < num_elem; e++) {
    const CeedInt *nodes = &elem_nodes[(size_t)e * nodes_per_elem];
    for (CeedInt c = 0; c < degree; c++) {
      for (CeedInt b = 0; b < degree; b++) {
        for (CeedInt a = 0; a < degree; a++) {
          for (CeedInt dz = 0; dz < 2; dz++) {
            for (CeedInt dy = 0; dy < 2; dy++) {
              for (CeedInt dx = 0; dx < 2; dx++) lor[k++] = nodes[(a + dx) + P * ((b + dy) + P * (c + dz))];
            }
          }
        }
      }
    }
  }
  return lor;
}

}  // namespace parallel
}  // namespace ceedrt
