// LOR element matrices straight from the vertex coordinates (lor-assembly.hpp, LorVertexProblem).
//
// With the 2-point Gauss-Lobatto rule per direction the points are the vertices, the weights 1, the
// interpolation at a point is the vertex value and the reference gradient of a trilinear function at vertex
// q has, in direction d, the two values -1/2 and +1/2 at q and its neighbor q ^ (1 << d). So the operator's
// geometric factors at q come from the three edges at q, and each vertex adds a 4 x 4 block (q and its three
// neighbors) to the diffusion matrix, or one diagonal entry to the mass matrix. The geometric factors are
// computed with the gallery's formulas (Mass3DBuild, Poisson3DBuild), so the matrices equal the Q1
// operator's to round-off.
#include "lor-assembly.hpp"

#include <algorithm>

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

constexpr int kEntries = kVertices * kVertices, kLanes = kVertexLanes;
using Lanes         = VertexLanes;

// J[d][c] = dx_c / dX_d at vertex q: half the edge from the vertex with bit d clear to the one with it set
// (what the basis gradient computes: -x_lo / 2 + x_hi / 2).
template <typename T>
__attribute__((always_inline)) inline void VertexJacobian(const T x[kVertices][3], int q, T J[3][3]) {
  for (int d = 0; d < 3; d++) {
    const int lo = q & ~(1 << d), hi = q | (1 << d);
    for (int c = 0; c < 3; c++) J[d][c] = 0.5 * x[hi][c] - 0.5 * x[lo][c];
  }
}

// The diffusion element matrix A[a * 8 + b]: at each vertex the symmetric tensor S = C C^T / det J (C the
// cofactor matrix, as Poisson3DBuild), then G^T S G with G the reference gradient rows at the vertex. T is
// double or Lanes (the same arithmetic on each lane).
template <typename T>
__attribute__((always_inline)) inline void DiffusionElement(const T x[kVertices][3], T A[kEntries]) {
  for (int k = 0; k < kEntries; k++) A[k] = T{};
  for (int q = 0; q < kVertices; q++) {
    T J[3][3], C[3][3], S[3][3];
    VertexJacobian(x, q, J);
    for (int k = 0; k < 3; k++) {
      for (int j = 0; j < 3; j++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        C[k][j]      = J[k1][j1] * J[k2][j2] - J[k2][j1] * J[k1][j2];
      }
    }
    const T qw = 1.0 / (J[0][0] * C[0][0] + J[0][1] * C[0][1] + J[0][2] * C[0][2]);
    for (int a = 0; a < 3; a++) {
      for (int b = a; b < 3; b++) S[a][b] = S[b][a] = qw * (C[a][0] * C[b][0] + C[a][1] * C[b][1] + C[a][2] * C[b][2]);
    }
    // Gradient row d at q: -sign[d] / 2 at q, +sign[d] / 2 at neighbor[d] (sign -1 where q has bit d set).
    int    neighbor[3];
    double sign[3];
    T      row_sum[3], diagonal = T{};
    for (int d = 0; d < 3; d++) neighbor[d] = q ^ (1 << d), sign[d] = (q >> d & 1) ? -1.0 : 1.0;
    for (int d = 0; d < 3; d++) row_sum[d] = sign[0] * S[d][0] + sign[1] * S[d][1] + sign[2] * S[d][2];
    for (int d = 0; d < 3; d++) {
      for (int e = 0; e < 3; e++) A[neighbor[d] * kVertices + neighbor[e]] += 0.25 * sign[d] * sign[e] * S[d][e];
      A[q * kVertices + neighbor[d]] -= 0.25 * sign[d] * row_sum[d];
      A[neighbor[d] * kVertices + q] -= 0.25 * sign[d] * row_sum[d];
      diagonal += sign[d] * row_sum[d];
    }
    A[q * kVertices + q] += 0.25 * diagonal;
  }
}

// The mass element matrix is diagonal: det J at each vertex (as Mass3DBuild).
template <typename T>
__attribute__((always_inline)) inline void MassElement(const T x[kVertices][3], T A[kEntries]) {
  for (int k = 0; k < kEntries; k++) A[k] = T{};
  for (int q = 0; q < kVertices; q++) {
    T J[3][3];
    VertexJacobian(x, q, J);
    const T m0 = J[1][1] * J[2][2] - J[2][1] * J[1][2], m1 = J[1][2] * J[2][0] - J[2][2] * J[1][0], m2 = J[1][0] * J[2][1] - J[2][0] * J[1][1];
    A[q * kVertices + q] = J[0][0] * m0 + J[0][1] * m1 + J[0][2] * m2;
  }
}

// The element matrices of a batch, compiled for AVX-512 and AVX2 too (picked at load time).
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"))) void ElementBatch(LorVertexProblem::Kind kind, const Lanes x[kVertices][3],
                                                                                                   Lanes A[kEntries]) {
  if (kind == LorVertexProblem::Kind::diffusion) {
    DiffusionElement(x, A);
  } else {
    MassElement(x, A);
  }
}

}  // namespace

void VertexElementBatch(const LorVertexProblem &problem, const CeedInt *const lane_nodes[kLanes], Lanes A[kEntries]) {
  const CeedSize num_nodes = (CeedSize)problem.coords->size() / 3;
  const double  *coords    = problem.coords->data();
  Lanes          x[kVertices][3];
  for (int lane = 0; lane < kLanes; lane++) {
    for (int v = 0; v < kVertices; v++) {
      for (int c = 0; c < 3; c++) x[v][c][lane] = coords[(size_t)c * num_nodes + lane_nodes[lane][v]];
    }
  }
  ElementBatch(problem.kind, x, A);
}

void CheckVertexProblem(const Prolongation &p, const LorVertexProblem &problem) {
  if (!problem.coords) throw Error("LorMatrix: the vertex problem has no coordinates");
  if (!problem.elem_nodes && !problem.lattice) throw Error("LorMatrix: the vertex problem has neither element nodes nor a lattice");
  const int nc = problem.num_comp;
  if (nc != p.num_comp()) {
    throw Error("LorMatrix: the vertex problem has " + std::to_string(nc) + " components, the prolongation " + std::to_string(p.num_comp()));
  }
  const CeedSize num_nodes = p.local_size() / nc;
  if ((CeedSize)problem.coords->size() != 3 * num_nodes) {
    throw Error("LorMatrix: " + std::to_string(problem.coords->size()) + " vertex coordinates, expected 3 per local node (" + std::to_string(3 * num_nodes) +
                ")");
  }
}

ElementDofs VertexElementDofs(const Prolongation &p, const LorVertexProblem &problem) {
  CheckVertexProblem(p, problem);
  if (!problem.elem_nodes) throw Error("LorMatrix: the vertex problem has no element nodes");
  const int                   nc        = problem.num_comp;
  const CeedSize              num_nodes = p.local_size() / nc;
  const std::vector<CeedInt> &nodes     = *problem.elem_nodes;
  if (nodes.size() % kVertices != 0) throw Error("LorMatrix: " + std::to_string(nodes.size()) + " element nodes, not 8 per sub-element");
  ElementDofs dofs;
  dofs.num_elem  = (CeedInt)(nodes.size() / kVertices);
  dofs.elem_size = kVertices;
  dofs.num_comp  = nc;
  dofs.dofs.resize(nodes.size() * nc);
  const CeedInt n = dofs.elem_dofs();
  for (size_t k = 0; k < nodes.size(); k++) {
    if (nodes[k] < 0 || nodes[k] >= num_nodes) {
      throw Error("LorMatrix: sub-element " + std::to_string(k / kVertices) + " has node " + std::to_string(nodes[k]) + ", outside the prolongation's " +
                  std::to_string(num_nodes) + " local nodes");
    }
    const size_t e = k / kVertices, v = k % kVertices;
    for (int c = 0; c < nc; c++) dofs.dofs[e * n + c * kVertices + v] = nodes[k] * nc + c;
  }
  return dofs;
}

void AddVertexElementMatrices(const LorVertexProblem &problem, const ElementDofs &dofs, const CsrPattern &csr, LargeArray<double> *csr_values) {
  const CeedInt  n = dofs.elem_dofs(), nc = dofs.num_comp;
  const CeedInt *nodes  = problem.elem_nodes->data();
  double        *values = csr_values->data();
  Lanes          A[kEntries];
  for (CeedInt first = 0; first < dofs.num_elem; first += kLanes) {
    const int      count = (int)std::min<CeedInt>(kLanes, dofs.num_elem - first);
    const CeedInt *lane_nodes[kLanes];
    // Unused lanes repeat the batch's last element.
    for (int lane = 0; lane < kLanes; lane++) lane_nodes[lane] = nodes + (size_t)(first + std::min(lane, count - 1)) * kVertices;
    VertexElementBatch(problem, lane_nodes, A);
    // The same matrix in every component's diagonal block; the other blocks are zero (entries of the pattern).
    for (int lane = 0; lane < count; lane++) {
      const size_t        e         = (size_t)first + lane;
      const CeedInt      *elem_dofs = dofs.dofs.data() + e * n;
      const std::uint8_t *position  = csr.position.data() + e * n * n;
      for (CeedInt c = 0; c < nc; c++) {
        for (int a = 0; a < kVertices; a++) {
          const CeedInt       l          = c * kVertices + a;
          double             *row_values = values + csr.row_start[elem_dofs[l]];
          const std::uint8_t *row_pos    = position + (size_t)l * n + c * kVertices;
          for (int b = 0; b < kVertices; b++) {
            if (row_pos[b] != CsrPattern::dropped) row_values[row_pos[b]] += A[a * kVertices + b][lane];
          }
        }
      }
    }
  }
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
