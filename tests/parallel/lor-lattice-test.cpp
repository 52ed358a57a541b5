// The structured LOR assembly (LorLattice: rows and entry places in closed form) against the general path
// (sub-element node lists, pattern by a sweep over the element entries): the same rows, the same columns in
// the same order, bit-equal values (both add the element matrices in the same sub-element order), on Kershaw,
// smooth and undeformed meshes, scalar and 3-component problems, with and without essential DOFs. The
// comparison itself is shown to fail when one value or one column of one row is perturbed. Lattices that do
// not fit the prolongation are refused with a message naming the offending value. With 2 and 3 host threads
// (SetLorAssemblyThreads: slabs of lattice planes, chunks of rows) both routes give the one-thread matrix
// bit for bit.
//   parallel-lor-lattice-test
#include <cmath>
#include <cstdio>
#include <utility>
#include <string>

#include "mpi-test.hpp"

#include <ceed/parallel.hpp>

using namespace ceedrt::parallel;

namespace {

using mpi_test::Require;
using Rows = std::vector<std::vector<std::pair<GlobalIndex, double>>>;

// A distributed box mesh of degree p, its prolongation, the essential DOFs (the boundary, when asked) and
// the LOR problem in both forms: node lists of the sub-elements and the lattice.
struct LatticeCase {
  DistributedBoxMesh   mesh;
  Prolongation         P;
  std::vector<char>    essential;
  std::vector<CeedInt> sub_element_nodes;
  LorLattice           lattice;
  LorVertexProblem     listed, on_lattice;

  LatticeCase(const std::array<CeedInt, 3> &elems, int degree, Deformation deformation, LorVertexProblem::Kind kind, int num_comp, bool boundary)
      : mesh(DistributedBoxMesh::Build(MPI_COMM_WORLD, elems, degree, Options(deformation))), P(mesh, num_comp) {
    essential.assign(P.owned_size(), 0);
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      if (!boundary || mesh.owner[node] != mesh.rank || !mesh.on_boundary[node]) continue;
      for (int c = 0; c < num_comp; c++) essential[(mesh.global_node[node] - mesh.first_owned_node) * num_comp + c] = 1;
    }
    sub_element_nodes = LorElementNodes(mesh.elem_nodes, mesh.num_elem, degree);
    lattice.degree    = degree;
    for (int d = 0; d < 3; d++) lattice.elems[d] = mesh.elem_end[d] - mesh.elem_begin[d];
    lattice.nodes   = &mesh.box_node;
    listed.kind     = kind;
    listed.num_comp = num_comp;
    listed.coords   = &mesh.coords;
    on_lattice      = listed;
    listed.elem_nodes  = &sub_element_nodes;
    on_lattice.lattice = &lattice;
  }
  static BoxMeshOptions Options(Deformation deformation) {
    BoxMeshOptions options;
    options.deformation = deformation;
    return options;
  }
};

Rows OwnedRows(const Prolongation &P, const LorMatrix &matrix) {
  Rows rows(P.owned_size());
  for (CeedSize j = 0; j < P.owned_size(); j++) rows[j] = matrix.Row(P.first_owned_dof() + j);
  return rows;
}

// Entries (over all ranks) that differ between a and b in column or value (bit for bit), a row of another
// length counting as one.
long long CountDifferences(const Rows &a, const Rows &b) {
  long long differences = a.size() == b.size() ? 0 : 1;
  for (size_t j = 0; j < a.size() && j < b.size(); j++) {
    if (a[j].size() != b[j].size()) {
      differences++;
      continue;
    }
    for (size_t k = 0; k < a[j].size(); k++) differences += a[j][k] != b[j][k];
  }
  MPI_Allreduce(MPI_IN_PLACE, &differences, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  return differences;
}

void CheckLattice(const std::array<CeedInt, 3> &elems, int degree, Deformation deformation, LorVertexProblem::Kind kind, int num_comp, bool boundary) {
  const LatticeCase setup(elems, degree, deformation, kind, num_comp, boundary);
  SetLorAssemblyThreads(1);
  const LorMatrix   general(setup.P, setup.listed, setup.essential), structured(setup.P, setup.on_lattice, setup.essential);
  const std::string name = std::string(kind == LorVertexProblem::Kind::mass ? "mass" : "diffusion") + " p=" + std::to_string(degree) + " " +
                           DeformationName(deformation) + " " + std::to_string(num_comp) + " comp" + (boundary ? ", essential boundary" : "");
  Require(structured.timings().on_lattice && !general.timings().on_lattice, name + ": the structured path did not run (or ran for the node lists)");
  Require(structured.timings().nonzeros == general.timings().nonzeros && general.timings().nonzeros > 0,
          name + ": " + std::to_string(structured.timings().nonzeros) + " nonzeros on the lattice, " + std::to_string(general.timings().nonzeros) +
              " from the node lists");
  const Rows      expected = OwnedRows(setup.P, general);
  Rows            rows     = OwnedRows(setup.P, structured);
  const long long differences = CountDifferences(expected, rows);
  Require(differences == 0, name + ": " + std::to_string(differences) + " entries differ between the lattice and the node-list assembly");
  for (int threads : {2, 3}) {
    SetLorAssemblyThreads(threads);
    const LorMatrix   general_threaded(setup.P, setup.listed, setup.essential), threaded(setup.P, setup.on_lattice, setup.essential);
    const std::string with = name + " on " + std::to_string(threads) + " threads";
    Require(threaded.timings().threads == threads && general_threaded.timings().threads == threads,
            with + ": the assembly ran on " + std::to_string(threaded.timings().threads) + " threads");
    const long long lattice_differences = CountDifferences(expected, OwnedRows(setup.P, threaded));
    const long long general_differences = CountDifferences(expected, OwnedRows(setup.P, general_threaded));
    Require(lattice_differences == 0 && general_differences == 0, with + ": " + std::to_string(lattice_differences) + " lattice and " +
                                                                      std::to_string(general_differences) + " node-list entries differ from one thread's");
  }
  SetLorAssemblyThreads(0);

  // The comparison sees one changed value, and one changed column, in the middle row of the last rank.
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<std::pair<GlobalIndex, double>> *row = rank == size - 1 && !rows.empty() ? &rows[rows.size() / 2] : nullptr;
  Require(rank != size - 1 || (row && row->size() > 1), name + ": the middle row has fewer than 2 entries");
  if (row) (*row)[1].second = std::nextafter((*row)[1].second, 1e300);
  Require(CountDifferences(expected, rows) == 1, name + ": a value perturbed by one ulp went unnoticed");
  if (row) (*row)[1].second = expected[rows.size() / 2][1].second, std::swap((*row)[0].first, (*row)[1].first);
  Require(CountDifferences(expected, rows) == 2, name + ": the columns of two entries swapped went unnoticed");
  if (rank == 0) {
    std::printf("%s: %lld DOFs, %lld nonzeros equal on the lattice and from the node lists\n", name.c_str(), (long long)setup.P.global_size(),
                (long long)general.timings().nonzeros);
  }
}

// Lattices that do not fit are refused (one rank: the checks are local and follow no collective call).
void CheckRefused() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 1) return;
  LatticeCase                setup({3, 2, 2}, 2, Deformation::none, LorVertexProblem::Kind::diffusion, 1, true);
  std::vector<CeedInt>       twice = setup.mesh.box_node, outside = setup.mesh.box_node;
  twice[7]                         = twice[6];
  outside[5]                       = setup.mesh.num_local_nodes;
  LorLattice wrong_elems = setup.lattice, twice_listed = setup.lattice, node_outside = setup.lattice, bad_degree = setup.lattice;
  wrong_elems.elems[1]   = 3;
  twice_listed.nodes     = &twice;
  node_outside.nodes     = &outside;
  bad_degree.degree      = 0;
  const std::pair<const LorLattice *, std::string> cases[] = {
      {&wrong_elems, "a lattice of 7 x 7 x 5 = 245 points lists 175 nodes, the prolongation has 175"},
      {&twice_listed, "lattice point 7 lists node " + std::to_string(twice[6]) + " a second time"},
      {&node_outside, "lattice point 5 has node " + std::to_string(setup.mesh.num_local_nodes) + ", outside"},
      {&bad_degree, "the lattice has degree 0"}};
  for (const auto &c : cases) {
    LorVertexProblem problem = setup.on_lattice;
    problem.lattice          = c.first;
    std::string message;
    try {
      LorMatrix matrix(setup.P, problem, setup.essential);
    } catch (const Error &e) {
      message = e.what();
    }
    Require(message.find(c.second) != std::string::npos, "a bad lattice was not refused as expected (message: '" + message + "')");
  }
  std::string message;
  try {
    SetLorAssemblyThreads(-2);
  } catch (const Error &e) {
    message = e.what();
  }
  Require(message.find("SetLorAssemblyThreads: -2 threads") != std::string::npos, "a negative thread count was not refused (message: '" + message + "')");
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  try {
    CheckLattice({6, 2, 4}, 3, Deformation::kershaw, LorVertexProblem::Kind::diffusion, 1, true);
    CheckLattice({6, 4, 2}, 4, Deformation::kershaw, LorVertexProblem::Kind::diffusion, 1, false);
    CheckLattice({3, 3, 2}, 2, Deformation::smooth, LorVertexProblem::Kind::diffusion, 3, true);
    CheckLattice({6, 2, 2}, 2, Deformation::kershaw, LorVertexProblem::Kind::mass, 1, false);
    CheckRefused();
  } catch (const std::exception &e) {
    Require(false, e.what());
  }
  MPI_Finalize();
  return 0;
}
