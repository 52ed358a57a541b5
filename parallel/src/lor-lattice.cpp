// The LOR matrix of a vertex problem on a lattice (LorLattice, lor-assembly.hpp): the sub-elements are the
// cells of the rank's node lattice, so a node's row holds its lattice neighbours (27 inside the lattice) and
// the place of every element entry in its row follows from the two vertices' lattice offsets. No incidence,
// no sweep over the 64 entries of every sub-element, no per-entry position array: one pass over the lattice
// counts the rows, a second writes their columns, and the element matrices are added at places computed from
// the offsets; only nodes whose rows are not the full stencil in lattice order (the lattice's boundary,
// essential neighbours, neighbours of several ranks) get a table of their 27 * num_comp positions. For a Q1
// operator on the lattice (the device route) the same places give every entry of the operator's assembled
// element matrices its slot in the CSR values (LatticeCooSlots).
#include "lor-assembly.hpp"

#include <algorithm>
#include <limits>

#include "lor-threads.hpp"

namespace ceedrt {
namespace parallel {
namespace lor {

namespace {

constexpr int kStencil = LatticePattern::stencil;

// Lattice points per direction of a lattice checked against the prolongation and the component count.
std::array<CeedInt, 3> CheckedLatticePoints(const Prolongation &p, const LorLattice &lattice, int num_comp) {
  if (!lattice.nodes) throw Error("LorMatrix: the lattice has no node list");
  if (lattice.degree < 1) throw Error("LorMatrix: the lattice has degree " + std::to_string(lattice.degree) + ", expected at least 1");
  if (num_comp < 1 || kStencil * num_comp >= CsrPattern::dropped) {
    throw Error("LorMatrix: " + std::to_string(num_comp) + " components, rows of more than the 254 entries the positions hold");
  }
  std::array<CeedInt, 3> points{};
  CeedSize               count = 1;
  for (int d = 0; d < 3; d++) {
    if (lattice.elems[d] < 1) {
      throw Error("LorMatrix: the lattice has " + std::to_string(lattice.elems[d]) + " macro elements in direction " + std::to_string(d));
    }
    points[d] = lattice.elems[d] * lattice.degree + 1;
    count *= points[d];
  }
  const CeedSize num_nodes = p.local_size() / num_comp;
  if (count != num_nodes || (CeedSize)lattice.nodes->size() != count) {
    throw Error("LorMatrix: a lattice of " + std::to_string(points[0]) + " x " + std::to_string(points[1]) + " x " + std::to_string(points[2]) + " = " +
                std::to_string(count) + " points lists " + std::to_string(lattice.nodes->size()) + " nodes, the prolongation has " + std::to_string(num_nodes) + " local nodes");
  }
  std::vector<char> seen(num_nodes, 0);
  for (CeedSize k = 0; k < count; k++) {
    const CeedInt node = (*lattice.nodes)[k];
    if (node < 0 || node >= num_nodes) {
      throw Error("LorMatrix: lattice point " + std::to_string(k) + " has node " + std::to_string(node) + ", outside the prolongation's " +
                  std::to_string(num_nodes) + " local nodes");
    }
    if (seen[node]) throw Error("LorMatrix: lattice point " + std::to_string(k) + " lists node " + std::to_string(node) + " a second time");
    seen[node] = 1;
  }
  return points;
}

// visit(q, lo, hi) for every lattice point q (x fastest) of a lattice of n points per direction, with the
// range of its neighbours' offsets per direction (lo -1 or 0, hi 0 or 1), in the planes [z_begin, z_end).
template <typename Visit>
void ForEachPoint(const std::array<CeedInt, 3> &n, CeedInt z_begin, CeedInt z_end, Visit visit) {
  int lo[3], hi[3];
  for (CeedInt z = z_begin; z < z_end; z++) {
    lo[2] = z > 0 ? -1 : 0, hi[2] = z < n[2] - 1 ? 1 : 0;
    for (CeedInt y = 0; y < n[1]; y++) {
      lo[1] = y > 0 ? -1 : 0, hi[1] = y < n[1] - 1 ? 1 : 0;
      for (CeedInt x = 0; x < n[0]; x++) {
        lo[0] = x > 0 ? -1 : 0, hi[0] = x < n[0] - 1 ? 1 : 0;
        visit(x + (CeedSize)n[0] * (y + (CeedSize)n[1] * z), lo, hi);
      }
    }
  }
}

// visit(neighbor, o) for the neighbours of point q in the ranges ForEachPoint gives, o the stencil index.
template <typename Visit>
inline void ForEachNeighbor(CeedSize q, const int lo[3], const int hi[3], CeedSize nx, CeedSize nxy, Visit visit) {
  for (int dz = lo[2]; dz <= hi[2]; dz++) {
    for (int dy = lo[1]; dy <= hi[1]; dy++) {
      for (int dx = lo[0]; dx <= hi[0]; dx++) visit(q + dx + nx * dy + nxy * dz, (dz + 1) * 9 + (dy + 1) * 3 + (dx + 1));
    }
  }
}

// The geometry of a lattice cell of a lattice with nx points per row and nxy per plane: a vertex's lattice
// offset from the cell's first (vertex bits: x, y, z), and the neighbour (stencil) slot of vertex b seen
// from vertex a.
struct CellGeometry {
  CeedInt vertex_offset[kVertices];
  int     slot_of[kVertices][kVertices];
  CellGeometry(CeedInt nx, CeedInt nxy) {
    for (int a = 0; a < kVertices; a++) {
      vertex_offset[a] = (a & 1) + nx * (a >> 1 & 1) + nxy * (a >> 2);
      for (int b = 0; b < kVertices; b++) {
        slot_of[a][b] = ((b >> 2) - (a >> 2) + 1) * 9 + ((b >> 1 & 1) - (a >> 1 & 1) + 1) * 3 + ((b & 1) - (a & 1) + 1);
      }
    }
  }
};

// visit(origin) with the first lattice point of every sub-element of the macro element layers [mz_begin,
// mz_end): macro elements, then their sub-elements, both lexicographic (LorElementNodes' order).
template <typename Visit>
void ForEachCell(const LorLattice &lattice, CeedInt nx, CeedInt nxy, CeedInt mz_begin, CeedInt mz_end, Visit visit) {
  const CeedInt p = lattice.degree;
  for (CeedInt mz = mz_begin; mz < mz_end; mz++) {
    for (CeedInt my = 0; my < lattice.elems[1]; my++) {
      for (CeedInt mx = 0; mx < lattice.elems[0]; mx++) {
        for (CeedInt sz = 0; sz < p; sz++) {
          for (CeedInt sy = 0; sy < p; sy++) {
            for (CeedInt sx = 0; sx < p; sx++) visit((mx * p + sx) + nx * (my * p + sy) + nxy * (mz * p + sz));
          }
        }
      }
    }
  }
}

}  // namespace

LatticePattern BuildLatticePattern(const Prolongation &p, const LorLattice &lattice, int nc, const std::vector<char> &essential, int threads) {
  const std::array<CeedInt, 3> n      = CheckedLatticePoints(p, lattice, nc);
  const CeedInt               *nodes  = lattice.nodes->data();
  const CeedSize               points = (CeedSize)n[0] * n[1] * n[2], n_local = p.local_size();
  const CeedInt                nx = n[0], nxy = n[0] * n[1], width = kStencil * nc;
  // Per lattice point, in lattice order (the neighbours' data then lie close together): the global number
  // of its first DOF, its DOFs' essential flags and how many of them are not essential. Every loop below
  // runs on `threads` threads, over points or over slabs of planes, each writing the rows of its own nodes.
  LargeArray<HYPRE_BigInt> first_col(points);
  LargeArray<char>         essential_at(points * nc);
  LargeArray<HYPRE_Int>    free_dofs(points);
  ForEachChunk(threads, points, [&](int, CeedSize begin, CeedSize end) {
    for (CeedSize q = begin; q < end; q++) {
      first_col[q] = (HYPRE_BigInt)p.GlobalDof((CeedSize)nodes[q] * nc);
      free_dofs[q] = 0;
      for (int c = 0; c < nc; c++) {
        essential_at[q * nc + c] = essential[(size_t)nodes[q] * nc + c];
        free_dofs[q] += !essential_at[q * nc + c];
      }
    }
  });
  CeedSize offset[kStencil];  // lattice offset of neighbour o
  for (int o = 0; o < kStencil; o++) offset[o] = (o % 3 - 1) + (CeedSize)nx * (o / 3 % 3 - 1) + (CeedSize)nxy * (o / 9 - 1);

  // Row lengths: the free DOFs of the neighbours (the same for every component of a node); an essential
  // row is the identity where owned, empty elsewhere. A node inside the lattice whose neighbours are all
  // free and numbered in lattice order (inside one rank's owned block) needs no table. Tables are numbered
  // in lattice order: within its slab here, shifted by the slabs before it in the next pass.
  LatticePattern csr;
  csr.row_start.assign(n_local + 1, 0);
  csr.table.assign(n_local / nc, -1);
  std::vector<CeedInt> slab_tables(ChunkCount(threads, n[2]) + 1, 0);
  ForEachChunk(threads, n[2], [&](int slab, CeedInt z_begin, CeedInt z_end) {
    CeedInt tables = 0;
    ForEachPoint(n, z_begin, z_end, [&](CeedSize q, const int lo[3], const int hi[3]) {
      HYPRE_Int count = 0;
      ForEachNeighbor(q, lo, hi, nx, nxy, [&](CeedSize neighbor, int) { count += free_dofs[neighbor]; });
      for (int c = 0; c < nc; c++) {
        const CeedSize dof     = (CeedSize)nodes[q] * nc + c;
        csr.row_start[dof + 1] = essential_at[q * nc + c] ? (HYPRE_Int)p.IsOwned(dof) : count;
      }
      if (free_dofs[q] == 0) return;
      bool in_order = count == width;
      for (int o = 1; o < kStencil && in_order; o++) in_order = first_col[q + offset[o - 1]] < first_col[q + offset[o]];
      if (!in_order) csr.table[nodes[q]] = tables++;
    });
    slab_tables[slab + 1] = tables;
  });
  for (size_t slab = 1; slab < slab_tables.size(); slab++) slab_tables[slab] += slab_tables[slab - 1];
  const CeedInt tables = slab_tables.back();
  PrefixSums(threads, csr.row_start.data(), n_local);

  // The columns: neighbours in lattice order, each with its components, sorted where they were not in
  // order (neighbours of several ranks: a few dozen entries).
  csr.cols.resize(csr.row_start[n_local]);
  csr.position.assign((size_t)tables * width, CsrPattern::dropped);
  HYPRE_BigInt *cols = csr.cols.data();
  ForEachChunk(threads, n[2], [&](int slab, CeedInt z_begin, CeedInt z_end) {
    std::vector<std::pair<HYPRE_BigInt, int>> row(width);  // (column, neighbour slot o * nc + c)
    ForEachPoint(n, z_begin, z_end, [&](CeedSize q, const int lo[3], const int hi[3]) {
      const CeedSize node_dof = (CeedSize)nodes[q] * nc;
      CeedInt        t        = csr.table[nodes[q]];
      if (t >= 0) csr.table[nodes[q]] = t += slab_tables[slab];
      if (free_dofs[q] < nc) {  // the identity in the owned essential rows
        for (int c = 0; c < nc; c++) {
          if (essential_at[q * nc + c] && p.IsOwned(node_dof + c)) cols[csr.row_start[node_dof + c]] = first_col[q] + c;
        }
        if (free_dofs[q] == 0) return;
      }
      if (t < 0) {  // closed form
        for (int c = 0; c < nc; c++) {
          if (essential_at[q * nc + c]) continue;
          HYPRE_BigInt *row_cols = cols + csr.row_start[node_dof + c];
          for (int o = 0; o < kStencil; o++) {
            for (int c2 = 0; c2 < nc; c2++) row_cols[o * nc + c2] = first_col[q + offset[o]] + c2;
          }
        }
        return;
      }
      int count = 0;
      ForEachNeighbor(q, lo, hi, nx, nxy, [&](CeedSize neighbor, int o) {
        for (int c = 0; c < nc; c++) {
          if (!essential_at[neighbor * nc + c]) row[count++] = {first_col[neighbor] + c, o * nc + c};
        }
      });
      std::sort(row.begin(), row.begin() + count);
      std::uint8_t *position = csr.position.data() + (size_t)t * width;
      for (int k = 0; k < count; k++) position[row[k].second] = (std::uint8_t)k;
      for (int c = 0; c < nc; c++) {
        if (essential_at[q * nc + c]) continue;
        HYPRE_BigInt *row_cols = cols + csr.row_start[node_dof + c];
        for (int k = 0; k < count; k++) row_cols[k] = row[k].first;
      }
    });
  });
  return csr;
}

void AddLatticeElementMatrices(const LorVertexProblem &problem, const std::vector<char> &essential, const LatticePattern &csr,
                               LargeArray<double> *csr_values, int threads) {
  const LorLattice  &lattice = *problem.lattice;
  const CeedInt      p = lattice.degree, nx = lattice.elems[0] * p + 1, nxy = nx * (lattice.elems[1] * p + 1), planes = lattice.elems[2] * p + 1;
  const CeedInt     *nodes = lattice.nodes->data();
  const int          nc = problem.num_comp, width = kStencil * nc;
  double            *values = csr_values->data();
  const CellGeometry cell(nx, nxy);
  // Each thread owns the rows of the nodes on a slab of planes [z_begin, z_end) and visits every cell
  // touching them (the cell layers z_begin - 1 to z_end - 1: a boundary layer is computed by both slabs) in
  // the one-thread order, adding only to its own rows: each entry sums the same terms in the same order,
  // whatever the thread count.
  ForEachChunk(threads, planes, [&](int, CeedInt z_begin, CeedInt z_end) {
    CeedInt        lane_vertices[kVertexLanes][kVertices], lane_layer[kVertexLanes];
    const CeedInt *lane_nodes[kVertexLanes];
    VertexLanes    A[kVertices * kVertices];
    int            count = 0;  // sub-elements gathered into the batch
    // The element matrices of the gathered sub-elements, added row by row (the same matrix in every
    // component's diagonal block); unused lanes repeat the batch's last sub-element.
    const auto add_batch = [&]() {
      for (int lane = 0; lane < kVertexLanes; lane++) lane_nodes[lane] = lane_vertices[std::min(lane, count - 1)];
      VertexElementBatch(problem, lane_nodes, A);
      for (int lane = 0; lane < count; lane++) {
        for (int a = 0; a < kVertices; a++) {
          const CeedInt plane = lane_layer[lane] + (a >> 2);
          if (plane < z_begin || plane >= z_end) continue;  // another slab's row
          const CeedInt node = lane_vertices[lane][a], t = csr.table[node];
          for (int c = 0; c < nc; c++) {
            const CeedSize dof = (CeedSize)node * nc + c;
            if (essential[dof]) continue;
            double *row_values = values + csr.row_start[dof];
            if (t < 0) {  // closed form: neighbour o's component c at o * nc + c
              for (int b = 0; b < kVertices; b++) row_values[cell.slot_of[a][b] * nc + c] += A[a * kVertices + b][lane];
              continue;
            }
            const std::uint8_t *position = csr.position.data() + (size_t)t * width;
            for (int b = 0; b < kVertices; b++) {
              const std::uint8_t at = position[cell.slot_of[a][b] * nc + c];
              if (at != CsrPattern::dropped) row_values[at] += A[a * kVertices + b][lane];
            }
          }
        }
      }
      count = 0;
    };
    // ForEachCell's order, written out: with the batch called from inside its visitor this phase measured
    // about 15% slower (BP3 p = 6, 2e5 DOFs: median 0.067 s against 0.058 s over five runs each).
    const CeedInt first_layer = std::max(z_begin - 1, 0), last_layer = std::min(z_end - 1, planes - 2);
    for (CeedInt mz = first_layer / p; mz <= last_layer / p; mz++) {
      for (CeedInt my = 0; my < lattice.elems[1]; my++) {
        for (CeedInt mx = 0; mx < lattice.elems[0]; mx++) {
          for (CeedInt sz = 0; sz < p; sz++) {
            const CeedInt layer = mz * p + sz;
            if (layer < first_layer || layer > last_layer) continue;
            for (CeedInt sy = 0; sy < p; sy++) {
              for (CeedInt sx = 0; sx < p; sx++) {
                const CeedInt origin = (mx * p + sx) + nx * (my * p + sy) + nxy * layer;
                for (int v = 0; v < kVertices; v++) lane_vertices[count][v] = nodes[origin + cell.vertex_offset[v]];
                lane_layer[count] = layer;
                if (++count == kVertexLanes) add_batch();
              }
            }
          }
        }
      }
    }
    if (count > 0) add_batch();
  }, 1);  // one slab per thread: each slab boundary computes a layer of cells twice
}

LargeArray<CeedInt> LatticeCooSlots(const ElementDofs &dofs, const LorLattice &lattice, const std::vector<char> &essential, const LatticePattern &csr,
                                    int threads) {
  const CeedInt  p = lattice.degree, nx = lattice.elems[0] * p + 1, nxy = nx * (lattice.elems[1] * p + 1);
  const CeedSize cells = (CeedSize)lattice.elems[0] * lattice.elems[1] * lattice.elems[2] * p * p * p;
  if (dofs.elem_size != kVertices || dofs.num_elem != cells) {
    throw Error("LorMatrix: the operator has " + std::to_string(dofs.num_elem) + " elements of " + std::to_string(dofs.elem_size) + " nodes, the lattice " +
                std::to_string(cells) + " cells of 8 vertices");
  }
  if (csr.cols.size() >= (size_t)std::numeric_limits<CeedInt>::max()) {
    throw Error("LorMatrix: " + std::to_string(csr.cols.size()) + " local nonzeros, more than the scatter's 32-bit slots hold");
  }
  const CeedInt       *nodes = lattice.nodes->data();
  const CeedInt        nc = dofs.num_comp, n = dofs.elem_dofs(), width = kStencil * nc, dropped_slot = (CeedInt)csr.cols.size();
  const CellGeometry   cell(nx, nxy);
  LargeArray<CeedInt>  slots((size_t)cells * n * n);
  const CeedSize       layer_cells = cells / lattice.elems[2];  // sub-elements per layer of macro elements
  // Layers of macro elements on `threads` threads, each writing its sub-elements' blocks of slots.
  ForEachChunk(threads, lattice.elems[2], [&](int, CeedInt mz_begin, CeedInt mz_end) {
    CeedSize e    = mz_begin * layer_cells;
    CeedInt *slot = slots.data() + (size_t)e * n * n;
    ForEachCell(lattice, nx, nxy, mz_begin, mz_end, [&](CeedInt origin) {
      // The operator's sub-element e must be this cell, vertex by vertex and component by component.
      const CeedInt      *elem_dofs = dofs.dofs.data() + (size_t)e * n;
      CeedInt             node[kVertices];
      const std::uint8_t *table[kVertices];  // the vertex's position table, nullptr where closed form
      for (int a = 0; a < kVertices; a++) {
        node[a] = nodes[origin + cell.vertex_offset[a]];
        for (int c = 0; c < nc; c++) {
          if (elem_dofs[c * kVertices + a] != node[a] * nc + c) {
            throw Error("LorMatrix: the operator's sub-element " + std::to_string(e) + " has DOF " + std::to_string(elem_dofs[c * kVertices + a]) +
                        " at vertex " + std::to_string(a) + " component " + std::to_string(c) + ", its lattice cell " + std::to_string(node[a] * nc + c));
          }
        }
        const CeedInt t = csr.table[node[a]];
        table[a]        = t < 0 ? nullptr : csr.position.data() + (size_t)t * width;
      }
      // CeedOperatorLinearAssemble's order within an element: input component, output component, output
      // node (the row), input node (the column).
      for (int ci = 0; ci < nc; ci++) {
        for (int co = 0; co < nc; co++) {
          for (int a = 0; a < kVertices; a++) {
            const CeedSize row = (CeedSize)node[a] * nc + co;
            for (int b = 0; b < kVertices; b++) {
              const int at = cell.slot_of[a][b] * nc + ci;
              if (essential[row]) {
                *slot++ = dropped_slot;
              } else if (!table[a]) {
                *slot++ = csr.row_start[row] + at;
              } else {
                *slot++ = table[a][at] == CsrPattern::dropped ? dropped_slot : csr.row_start[row] + table[a][at];
              }
            }
          }
        }
      }
      e++;
    });
  });
  return slots;
}

}  // namespace lor
}  // namespace parallel
}  // namespace ceedrt
