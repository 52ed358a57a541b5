// One rank's part of a distributed box mesh: its element block, the lattice nodes they touch (L-space),
// and the owner and global (T) number of each of those nodes.
#include <ceed/parallel.hpp>

#include <climits>

namespace ceedrt {
namespace parallel {

namespace {

// Per direction: which part owns each lattice node (a shared face belongs to the upper part, the last
// node to the last part), and how many nodes each part owns.
struct LatticeOwnership {
  std::array<std::vector<int>, 3>     part_of_node;
  std::array<std::vector<CeedInt>, 3> owned_count, owned_start;  // per part

  LatticeOwnership(const BoxPartition &partition, int degree) {
    for (int d = 0; d < 3; d++) {
      const int parts = partition.ranks[d];
      part_of_node[d].resize((size_t)partition.elems[d] * degree + 1);
      owned_count[d].resize(parts);
      owned_start[d].resize(parts);
      for (int k = 0; k < parts; k++) {
        const CeedInt first = partition.Start(d, k) * degree, last = k + 1 == parts ? partition.elems[d] * degree : partition.Start(d, k + 1) * degree - 1;
        for (CeedInt g = first; g <= last; g++) part_of_node[d][g] = k;
        owned_start[d][k] = first;
        owned_count[d][k] = last - first + 1;
      }
    }
  }
};

}  // namespace

DistributedBoxMesh DistributedBoxMesh::Build(MPI_Comm comm, const std::array<CeedInt, 3> &elems, int degree, const BoxMeshOptions &options) {
  DistributedBoxMesh mesh;
  mesh.comm    = comm;
  mesh.degree  = degree;
  mesh.options = options;
  MPI_Comm_rank(comm, &mesh.rank);
  MPI_Comm_size(comm, &mesh.size);
  const BoxGeometry geometry(elems, degree, options);  // validates elems and degree
  mesh.partition = BoxPartition::Create(elems, mesh.size);
  const BoxPartition     &partition = mesh.partition;
  const LatticeOwnership  ownership(partition, degree);
  const std::array<int, 3> coords = partition.Coords(mesh.rank);

  // Global T numbering: ranks in order, each numbering its owned nodes lexicographically.
  std::vector<GlobalIndex> rank_offset(mesh.size + 1, 0);
  for (int r = 0; r < mesh.size; r++) {
    const auto c = partition.Coords(r);
    rank_offset[r + 1] = rank_offset[r] + (GlobalIndex)ownership.owned_count[0][c[0]] * ownership.owned_count[1][c[1]] * ownership.owned_count[2][c[2]];
  }
  mesh.num_global_nodes = rank_offset[mesh.size];
  mesh.first_owned_node = rank_offset[mesh.rank];
  mesh.num_owned_nodes  = (CeedInt)(rank_offset[mesh.rank + 1] - rank_offset[mesh.rank]);

  double num_local_nodes = 1.0, num_elem = 1.0;
  for (int d = 0; d < 3; d++) {
    mesh.elem_begin[d]     = partition.Start(d, coords[d]);
    mesh.elem_end[d]       = partition.Start(d, coords[d] + 1);
    mesh.local_nodes_1d[d] = (mesh.elem_end[d] - mesh.elem_begin[d]) * degree + 1;
    num_local_nodes *= mesh.local_nodes_1d[d];
    num_elem *= mesh.elem_end[d] - mesh.elem_begin[d];
  }
  const CeedInt P = degree + 1;
  if (num_elem * P * P * P >= (double)INT_MAX || num_local_nodes * 3 >= (double)INT_MAX) {
    throw Error("distributed box mesh: rank " + std::to_string(mesh.rank) + " would hold " + std::to_string(num_elem) +
                " elements, too many for 32-bit element offsets (use more ranks)");
  }
  mesh.num_elem        = (CeedInt)num_elem;
  mesh.num_local_nodes = (CeedInt)num_local_nodes;

  // L numbering: the owned nodes first, in T order (lexicographic in the owned block, so P and P^T copy
  // them as one contiguous range), then the ghost nodes in lexicographic order of the local block.
  const CeedInt        n = mesh.num_local_nodes, nx = mesh.local_nodes_1d[0], ny = mesh.local_nodes_1d[1];
  std::vector<CeedInt> &l_of_box = mesh.box_node;
  l_of_box.resize(n);
  CeedInt              next_ghost = mesh.num_owned_nodes;
  mesh.coords.resize(3 * (size_t)n);
  mesh.global_node.resize(n);
  mesh.lattice_node.resize(n);
  mesh.owner.resize(n);
  mesh.on_boundary.resize(n);
  const GlobalIndex lattice_x = (GlobalIndex)partition.elems[0] * degree + 1, lattice_y = (GlobalIndex)partition.elems[1] * degree + 1;
  for (CeedInt box = 0; box < n; box++) {
    const std::array<CeedInt, 3> local = {box % nx, (box / nx) % ny, box / (nx * ny)};
    std::array<CeedInt, 3>       g;
    std::array<int, 3>           owner_coords;
    bool                         boundary = false;
    for (int d = 0; d < 3; d++) {
      g[d]            = mesh.elem_begin[d] * degree + local[d];
      owner_coords[d] = ownership.part_of_node[d][g[d]];
      boundary        = boundary || g[d] == 0 || g[d] == partition.elems[d] * degree;
    }
    const int   owner = partition.Rank(owner_coords);
    GlobalIndex index = 0;
    for (int d = 2; d >= 0; d--) index = index * ownership.owned_count[d][owner_coords[d]] + (g[d] - ownership.owned_start[d][owner_coords[d]]);
    const CeedInt node     = owner == mesh.rank ? (CeedInt)index : next_ghost++;
    l_of_box[box]          = node;
    mesh.global_node[node] = rank_offset[owner] + index;
    mesh.lattice_node[node] = g[0] + lattice_x * (g[1] + lattice_y * (GlobalIndex)g[2]);
    mesh.owner[node]       = owner;
    mesh.on_boundary[node] = boundary;
    const auto x           = geometry.Node(g);
    for (int c = 0; c < 3; c++) mesh.coords[(size_t)c * n + node] = x[c];
  }

  const std::array<CeedInt, 3> local_elems = {mesh.elem_end[0] - mesh.elem_begin[0], mesh.elem_end[1] - mesh.elem_begin[1],
                                              mesh.elem_end[2] - mesh.elem_begin[2]};
  mesh.elem_nodes.resize((size_t)mesh.num_elem * P * P * P);
  size_t k = 0;
  for (CeedInt ez = 0; ez < local_elems[2]; ez++) {
    for (CeedInt ey = 0; ey < local_elems[1]; ey++) {
      for (CeedInt ex = 0; ex < local_elems[0]; ex++) {
        const CeedInt e        = ex + local_elems[0] * (ey + local_elems[1] * ez);
        bool          has_ghost = false;
        for (CeedInt c = 0; c < P; c++) {
          for (CeedInt b = 0; b < P; b++) {
            for (CeedInt a = 0; a < P; a++) {
              const CeedInt node   = l_of_box[(ex * degree + a) + nx * ((ey * degree + b) + ny * (ez * degree + c))];
              mesh.elem_nodes[k++] = node;
              has_ghost            = has_ghost || mesh.owner[node] != mesh.rank;
            }
          }
        }
        (has_ghost ? mesh.halo_elems : mesh.interior_elems).push_back(e);
      }
    }
  }
  return mesh;
}

std::vector<CeedInt> DistributedBoxMesh::ElementNodes(const std::vector<CeedInt> &elems) const {
  const CeedInt        per_elem = NodesPerElem();
  std::vector<CeedInt> nodes;
  nodes.reserve(elems.size() * per_elem);
  for (CeedInt e : elems) {
    if (e < 0 || e >= num_elem) throw Error("DistributedBoxMesh::ElementNodes: element " + std::to_string(e) + " is not in 0.." + std::to_string(num_elem - 1));
    nodes.insert(nodes.end(), elem_nodes.begin() + (size_t)e * per_elem, elem_nodes.begin() + (size_t)(e + 1) * per_elem);
  }
  return nodes;
}

}  // namespace parallel
}  // namespace ceedrt
