// Low-order refinement: the Q1 sub-element offsets, and the assembled LOR matrix in hypre against the
// matrix-free Q1 operator on the refined mesh: A_LOR x equals the ParallelOperator's action to round-off,
// A_LOR is symmetric, and BoomerAMG-preconditioned CG solves the LOR system in few iterations.
// The direct host assembly and the assembly from the vertex coordinates equal the COO route entry by entry;
// an operator on another mesh, or a vertex problem that does not fit the prolongation, is refused.
// "device" mode: the assembly on a device backend equals the host's entry by entry, on the node lists and on
// the box mesh's lattice (element matrices and their scatter on the device, places in closed form).
// Both modes check where hypre holds the matrix (CheckAmgMemory; on the GPU with a CUDA/HIP hypre).
//   parallel-lor-test RESOURCE | parallel-lor-test device RESOURCE
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "mpi-test.hpp"

#include <ceed/parallel.hpp>

#include "../../tools/bench/bp.hpp"

using namespace ceedrt::parallel;

namespace {

using mpi_test::Require;
int rank = 0;

void CheckSubElements() {
  // One p = 2 element: 27 nodes numbered 0..26; sub-element (a, b, c) starts at node a + 3 b + 9 c.
  std::vector<CeedInt> nodes(27);
  for (CeedInt i = 0; i < 27; i++) nodes[i] = 100 + i;
  const std::vector<CeedInt> lor = LorElementNodes(nodes, 1, 2);
  Require(lor.size() == 8 * 8, "LorElementNodes: 8 sub-elements of 8 nodes");
  for (CeedInt s = 0; s < 8; s++) {
    const CeedInt a = s % 2, b = (s / 2) % 2, c = s / 4, origin = a + 3 * b + 9 * c;
    const CeedInt expected[8] = {0, 1, 3, 4, 9, 10, 12, 13};
    for (CeedInt k = 0; k < 8; k++) {
      Require(lor[8 * s + k] == 100 + origin + expected[k], "LorElementNodes: sub-element " + std::to_string(s) + " node " + std::to_string(k));
    }
  }
  bool refused = false;
  try {
    LorElementNodes(nodes, 2, 2);
  } catch (const Error &) {
    refused = true;
  }
  Require(refused, "LorElementNodes accepted 27 nodes for 2 elements");
}

void FillPseudoRandom(CeedVector v, GlobalIndex first, double seed) {
  CeedSize    n = 0;
  CeedScalar *a = nullptr;
  CeedVectorGetLength(v, &n);
  CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &a);
  for (CeedSize i = 0; i < n; i++) a[i] = std::sin(seed * (double)(first + i) + 0.3);
  CeedVectorRestoreArray(v, &a);
}

// A distributed degree-p box mesh, its prolongation, the Q1 problem on its sub-elements (as ceed-solve builds
// it) and the essential DOFs (the boundary, for diffusion).
struct LorProblem {
  const bench::BpSpec     &spec;
  const DistributedBoxMesh mesh;
  const Prolongation       P;
  bench::BoxMesh           lor_mesh;
  std::vector<char>        essential;

  LorProblem(const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation)
      : spec(*bench::FindBp(problem)), mesh(DistributedBoxMesh::Build(MPI_COMM_WORLD, elems, degree, Options(deformation))), P(mesh, spec.num_comp) {
    lor_mesh.degree      = 1;
    lor_mesh.deformation = deformation;
    lor_mesh.elem_nodes  = LorElementNodes(mesh.elem_nodes, mesh.num_elem, degree);
    lor_mesh.num_elem    = (CeedInt)(lor_mesh.elem_nodes.size() / 8);
    lor_mesh.num_nodes   = mesh.num_local_nodes;
    lor_mesh.coords      = mesh.coords;
    essential.assign(P.owned_size(), 0);
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      if (mesh.owner[node] != rank || !mesh.on_boundary[node] || spec.kind != bench::BpOperatorKind::diffusion) continue;
      for (int c = 0; c < spec.num_comp; c++) essential[(mesh.global_node[node] - mesh.first_owned_node) * spec.num_comp + c] = 1;
    }
  }
  static BoxMeshOptions Options(Deformation deformation) {
    BoxMeshOptions options;
    options.deformation = deformation;
    return options;
  }
  // The rank's node lattice, whose cells are lor_mesh's sub-elements in the same order.
  LorLattice Lattice() const {
    LorLattice lattice;
    lattice.degree = mesh.degree;
    for (int d = 0; d < 3; d++) lattice.elems[d] = mesh.elem_end[d] - mesh.elem_begin[d];
    lattice.nodes = &mesh.box_node;
    return lattice;
  }
  // The vertex-rule form of the problem (2 Gauss-Lobatto points per direction, as ceed-solve builds it).
  bench::BpSpec VertexRule() const {
    bench::BpSpec vertex_rule  = spec;
    vertex_rule.gll_quadrature = true;
    return vertex_rule;
  }
  LorVertexProblem Vertices() const {
    LorVertexProblem vertices;
    vertices.kind     = spec.kind == bench::BpOperatorKind::mass ? LorVertexProblem::Kind::mass : LorVertexProblem::Kind::diffusion;
    vertices.num_comp = spec.num_comp;
    vertices.coords   = &lor_mesh.coords;
    return vertices;
  }
};

std::string CaseName(const char *problem, int degree, Deformation deformation) {
  return std::string(problem) + " p=" + std::to_string(degree) + " " + DeformationName(deformation);
}

// x = A^-1 b by CG with pc from a zero guess, to a relative residual of 1e-10.
PcgResult SolveToTenDigits(ParallelOperator &op, Preconditioner &pc, CeedVector b, CeedVector x) {
  CEEDRT_PARALLEL_CALL(CeedVectorReturnCeed(x), CeedVectorSetValue(x, 0.0));
  PcgOptions pcg;
  pcg.rtol = 1e-10;
  return SolvePcg(op, &pc, b, x, pcg);
}

void CheckLorMatrix(Ceed ceed, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpSpec   &spec = setup.spec;
  const Prolongation    &P    = setup.P;
  const bench::BpProblem lor(ceed, spec, setup.lor_mesh);
  const std::vector<char> &essential = setup.essential;
  ParallelOperator op(ceed, P, nullptr, lor.op(), essential);  // all elements: they run after the exchange
  LorMatrix        matrix(P, lor.op(), essential);

  CeedVector x, y, z, w;
  for (CeedVector *v : {&x, &y, &z, &w}) CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, P.owned_size(), v));
  FillPseudoRandom(x, P.first_owned_dof(), 0.71);
  FillPseudoRandom(w, P.first_owned_dof(), 1.37);
  op.Apply(x, y);
  matrix.Multiply(x, z);
  double max_diff = 0.0, max_value = 0.0;
  {
    const CeedScalar *a, *b;
    CeedVectorGetArrayRead(y, CEED_MEM_HOST, &a);
    CeedVectorGetArrayRead(z, CEED_MEM_HOST, &b);
    for (CeedSize i = 0; i < P.owned_size(); i++) max_diff = std::fmax(max_diff, std::fabs(a[i] - b[i])), max_value = std::fmax(max_value, std::fabs(a[i]));
    CeedVectorRestoreArrayRead(y, &a);
    CeedVectorRestoreArrayRead(z, &b);
  }
  MPI_Allreduce(MPI_IN_PLACE, &max_diff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &max_value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  const std::string name = CaseName(problem, degree, deformation);
  Require(max_diff <= 1e-12 * max_value, name + ": |A_LOR x - A_Q1 x| = " + std::to_string(max_diff) + " of " + std::to_string(max_value));
  // Symmetry: w^T A x = x^T A w.
  matrix.Multiply(w, z);
  const double wax = Dot(MPI_COMM_WORLD, w, y), xaw = Dot(MPI_COMM_WORLD, x, z);
  Require(std::fabs(wax - xaw) <= 1e-12 * std::fabs(wax), name + ": w^T A x = " + std::to_string(wax) + ", x^T A w = " + std::to_string(xaw));

  // AMG-preconditioned CG on the LOR operator itself.
  AmgOptions amg;
  amg.num_functions = spec.num_comp;
  BoomerAmgPreconditioner pc(matrix, amg);
  const PcgResult         result = SolveToTenDigits(op, pc, w, x);
  if (rank == 0) {
    std::printf("%s: %lld DOFs, %lld nonzeros, |A_LOR x - A_Q1 x| / |A x| = %.2e, AMG %d levels, CG+AMG on the LOR system: %d iterations to 1e-10\n",
                name.c_str(), (long long)P.global_size(), (long long)matrix.timings().nonzeros, max_diff / max_value, pc.num_levels(), result.iterations);
  }
  Require(result.converged && result.iterations < 25, name + ": CG+AMG on the LOR system took " + std::to_string(result.iterations) + " iterations");
  for (CeedVector *v : {&x, &y, &z, &w}) CeedVectorDestroy(v);
}

// Two assemblies of one LOR matrix agree entry by entry: same rows, same columns (each row sorted by column:
// the assemblies may hand hypre a row's columns in different orders), values to 1e-13 relative.
void RequireEqualEntries(const std::string &name, const char *what, const Prolongation &P, const LorMatrix &reference, const LorMatrix &other) {
  double    max_diff = 0.0, max_value = 0.0;
  long long entries  = 0;
  for (CeedSize j = 0; j < P.owned_size(); j++) {
    const GlobalIndex row = P.first_owned_dof() + j;
    auto              a = reference.Row(row), b = other.Row(row);
    Require(a.size() == b.size(), name + ": row " + std::to_string(row) + " has " + std::to_string(a.size()) + " entries in the reference, " +
                                      std::to_string(b.size()) + " in the " + what + " assembly");
    std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
    for (size_t k = 0; k < a.size(); k++) {
      Require(a[k].first == b[k].first, name + ": row " + std::to_string(row) + " entry " + std::to_string(k) + " has different columns");
      max_diff  = std::fmax(max_diff, std::fabs(a[k].second - b[k].second));
      max_value = std::fmax(max_value, std::fabs(a[k].second));
    }
    entries += (long long)a.size();
  }
  MPI_Allreduce(MPI_IN_PLACE, &max_diff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &max_value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &entries, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) {
    std::printf("%s: %s LOR assembly, %lld entries equal to the reference's, max difference %.2e (relative %.2e)\n", name.c_str(), what, entries,
                max_diff, max_diff / max_value);
  }
  Require(entries > 0 && max_diff <= 1e-13 * max_value,
          name + ": " + what + " and reference entries differ by " + std::to_string(max_diff / max_value) + " (relative)");
}

// The LOR matrix assembled on a device backend (element matrices and their scatter into the CSR values on
// the device) equals the host assembly entry by entry.
void CheckDeviceAssembly(Ceed host, Ceed device, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpProblem lor_host(host, setup.spec, setup.lor_mesh), lor_device(device, setup.spec, setup.lor_mesh);
  const LorMatrix        on_host(setup.P, lor_host.op(), setup.essential), on_device(setup.P, lor_device.op(), setup.essential);
  const std::string      name = CaseName(problem, degree, deformation);
  Require(!on_host.timings().csr_on_device && on_device.timings().csr_on_device, name + ": the device path did not run on the device backend");
  RequireEqualEntries(name, "device", setup.P, on_host, on_device);
}

using Rows = std::vector<std::vector<std::pair<GlobalIndex, double>>>;

Rows OwnedRows(const Prolongation &P, const LorMatrix &matrix) {
  Rows rows(P.owned_size());
  for (CeedSize j = 0; j < P.owned_size(); j++) rows[j] = matrix.Row(P.first_owned_dof() + j);
  return rows;
}

// Over all ranks, the largest difference of two matrices' values relative to their row's largest value;
// infinity where a row's length or a column differs (the rows in hypre's order, not sorted).
double MaxRowRelativeDifference(const Rows &a, const Rows &b) {
  double worst = a.size() == b.size() ? 0.0 : INFINITY;
  for (size_t j = 0; j < a.size() && j < b.size(); j++) {
    if (a[j].size() != b[j].size()) worst = INFINITY;
    double diff = 0.0, scale = 0.0;
    for (size_t k = 0; k < a[j].size() && k < b[j].size(); k++) {
      if (a[j][k].first != b[j][k].first) worst = INFINITY;
      diff  = std::fmax(diff, std::fabs(a[j][k].second - b[j][k].second));
      scale = std::fmax(scale, std::fabs(a[j][k].second));
    }
    if (diff > 0.0) worst = std::fmax(worst, diff / scale);
  }
  MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return worst;
}

// The LOR matrix of the vertex-rule Q1 operator on the box mesh's lattice, assembled on a device backend
// (element matrices in one batch and their scatter through the closed-form slots, on the device), equals
// the host lattice route (from the vertex coordinates) entry by entry: the same rows, the same columns in
// the same order, values to round-off. The comparison is shown to see one value changed by 1e-12 of its
// row's scale and two columns swapped.
void CheckDeviceLattice(Ceed device, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpProblem lor(device, setup.VertexRule(), setup.lor_mesh, bench::BpPrecision(), 2);
  const LorLattice       lattice  = setup.Lattice();
  LorVertexProblem       vertices = setup.Vertices();
  vertices.lattice                = &lattice;
  const LorMatrix   on_host(setup.P, vertices, setup.essential), on_device(setup.P, lor.op(), lattice, setup.essential);
  const std::string name = CaseName(problem, degree, deformation) + " lattice";
  const auto       &t    = on_device.timings();
  Require(on_host.timings().on_lattice && t.on_lattice && t.csr_on_device && !t.from_vertices, name + ": the device lattice route did not run");
  Require(t.nonzeros == on_host.timings().nonzeros && t.nonzeros > 0,
          name + ": " + std::to_string(t.nonzeros) + " nonzeros on the device, " + std::to_string(on_host.timings().nonzeros) + " on the host");
  const Rows   expected = OwnedRows(setup.P, on_host);
  Rows         rows     = OwnedRows(setup.P, on_device);
  const double diff     = MaxRowRelativeDifference(expected, rows);
  if (rank == 0) {
    std::printf("%s: %lld nonzeros, device lattice assembly equal to the host lattice assembly, max difference %.2e of the row's largest value\n",
                name.c_str(), (long long)t.nonzeros, diff);
  }
  Require(diff <= 1e-13, name + ": device and host lattice entries differ by " + std::to_string(diff) + " of their row's largest value");

  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const size_t middle = rows.size() / 2;
  auto        *row    = rank == size - 1 && !rows.empty() ? &rows[middle] : nullptr;
  Require(rank != size - 1 || (row && row->size() > 1), name + ": the middle row has fewer than 2 entries");
  if (row) {
    double scale = 0.0;
    for (const auto &entry : *row) scale = std::fmax(scale, std::fabs(entry.second));
    (*row)[1].second += 1e-12 * scale;
  }
  const double perturbed = MaxRowRelativeDifference(expected, rows);
  Require(perturbed > 1e-13, name + ": a value changed by 1e-12 of its row's scale went unnoticed (" + std::to_string(perturbed) + ")");
  if (row) (*row)[1].second = expected[middle][1].second, std::swap((*row)[0].first, (*row)[1].first);
  Require(std::isinf(MaxRowRelativeDifference(expected, rows)), name + ": two swapped columns went unnoticed");
}

// The LOR matrix of an operator on the lattice (scatter slots, the scatter on the host or the device, the
// rows written into hypre) on 2 and 3 host threads equals the one-thread matrix: the same rows, columns and
// order, and bit-equal values (each thread writes whole blocks of slots and whole rows; no sum changes order).
// A backend that is not deterministic (a GPU's scatter-add with atomics, in an order that changes from run to
// run whatever the host threads do) gives values equal to round-off: 1e-14 of the row's largest.
void CheckLatticeThreads(Ceed ceed, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  bool deterministic = false;
  Require(CeedIsDeterministic(ceed, &deterministic) == CEED_ERROR_SUCCESS, "CeedIsDeterministic failed");
  const double           max_difference = deterministic ? 0.0 : 1e-14;
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpProblem lor(ceed, setup.VertexRule(), setup.lor_mesh, bench::BpPrecision(), 2);
  const LorLattice       lattice = setup.Lattice();
  SetLorAssemblyThreads(1);
  const Rows        expected = OwnedRows(setup.P, LorMatrix(setup.P, lor.op(), lattice, setup.essential));
  const std::string name     = CaseName(problem, degree, deformation) + " lattice";
  for (int threads : {2, 3}) {
    SetLorAssemblyThreads(threads);
    const LorMatrix matrix(setup.P, lor.op(), lattice, setup.essential);
    Require(matrix.timings().threads == threads, name + ": " + std::to_string(matrix.timings().threads) + " threads, " + std::to_string(threads) + " asked");
    const double diff = MaxRowRelativeDifference(expected, OwnedRows(setup.P, matrix));
    char        shown[32];
    std::snprintf(shown, sizeof shown, "%.3e", diff);
    Require(diff <= max_difference, name + ": " + std::to_string(threads) + " threads' matrix differs from one thread's by " + shown + " of a row's largest value");
  }
  SetLorAssemblyThreads(0);
  if (rank == 0) std::printf("%s: the same matrix on 1, 2 and 3 host threads\n", name.c_str());
}

// An operator whose sub-elements are not the lattice's cells (two lattice points' nodes swapped, or one
// sub-element fewer) is refused with an error naming the sub-element or the counts (one rank: the checks are
// local); on 3 threads with the same message as on one, also where the mismatch lies in the top layer of
// macro elements, whose slots another thread computes.
void CheckLatticeMismatchRefused(Ceed ceed) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 1) return;
  const LorProblem       setup("bp3", {3, 2, 2}, 2, Deformation::none);
  bench::BoxMesh         fewer = setup.lor_mesh;
  fewer.elem_nodes.resize(fewer.elem_nodes.size() - 8);
  fewer.num_elem--;
  const bench::BpProblem lor(ceed, setup.VertexRule(), setup.lor_mesh, bench::BpPrecision(), 2);
  const bench::BpProblem lor_fewer(ceed, setup.VertexRule(), fewer, bench::BpPrecision(), 2);
  std::vector<CeedInt>   swapped = setup.mesh.box_node;
  std::swap(swapped[0], swapped[1]);
  std::vector<CeedInt> swapped_top = setup.mesh.box_node;  // the last two lattice points: top layer only
  std::swap(swapped_top[swapped_top.size() - 1], swapped_top[swapped_top.size() - 2]);
  const LorLattice lattice = setup.Lattice();
  LorLattice       swapped_lattice = lattice, swapped_top_lattice = lattice;
  swapped_lattice.nodes            = &swapped;
  swapped_top_lattice.nodes        = &swapped_top;
  // The first sub-element holding one of them: macro element 11's sub-element 6 (94), whose vertex 7 is point 173.
  const std::tuple<CeedOperator, const LorLattice *, std::string> cases[] = {
      {lor.op(), &swapped_lattice, "the operator's sub-element 0 has DOF " + std::to_string(setup.mesh.box_node[0]) + " at vertex 0"},
      {lor.op(), &swapped_top_lattice,
       "the operator's sub-element 94 has DOF " + std::to_string(setup.mesh.box_node[swapped_top.size() - 2]) + " at vertex 7"},
      {lor_fewer.op(), &lattice, "the operator has 95 elements of 8 nodes, the lattice 96 cells"}};
  for (const auto &c : cases) {
    std::string messages[2];
    for (int run = 0; run < 2; run++) {
      SetLorAssemblyThreads(run == 0 ? 1 : 3);
      try {
        LorMatrix matrix(setup.P, std::get<0>(c), *std::get<1>(c), setup.essential);
      } catch (const Error &e) {
        messages[run] = e.what();
      }
    }
    SetLorAssemblyThreads(0);
    Require(messages[0].find(std::get<2>(c)) != std::string::npos && messages[1] == messages[0],
            "an operator on other cells than the lattice's was not refused as expected (messages on 1 and 3 threads: '" + messages[0] + "', '" +
                messages[1] + "')");
  }
}

// The direct host assembly (element matrices from the assembled QFunction, scattered through the element
// pattern) equals the COO route (CeedOperatorLinearAssemble, pattern by sorting) entry by entry.
void CheckDirectAssembly(Ceed ceed, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpProblem lor(ceed, setup.spec, setup.lor_mesh);
  const LorMatrix        coo(setup.P, lor.op(), setup.essential, LorAssembly::coo), direct(setup.P, lor.op(), setup.essential);
  const std::string      name = CaseName(problem, degree, deformation);
  Require(direct.timings().direct && !coo.timings().direct, name + ": the direct assembly did not run");
  Require(direct.timings().nonzeros == coo.timings().nonzeros, name + ": " + std::to_string(direct.timings().nonzeros) + " nonzeros direct, " +
                                                                   std::to_string(coo.timings().nonzeros) + " through COO");
  RequireEqualEntries(name, "direct", setup.P, coo, direct);
}

// The assembly from the vertex coordinates (LorVertexProblem) equals the COO route of the Q1 operator with the
// vertex rule (2 Gauss-Lobatto points per direction, as ceed-solve builds it) entry by entry.
void CheckVertexAssembly(Ceed ceed, const char *problem, const std::array<CeedInt, 3> &elems, int degree, Deformation deformation) {
  const LorProblem       setup(problem, elems, degree, deformation);
  const bench::BpProblem lor(ceed, setup.VertexRule(), setup.lor_mesh, bench::BpPrecision(), 2);
  LorVertexProblem       vertices = setup.Vertices();
  vertices.elem_nodes             = &setup.lor_mesh.elem_nodes;
  const LorMatrix   coo(setup.P, lor.op(), setup.essential, LorAssembly::coo), from_vertices(setup.P, vertices, setup.essential);
  const std::string name = CaseName(problem, degree, deformation) + " vertex rule";
  Require(from_vertices.timings().from_vertices, name + ": the assembly from the vertices did not run");
  Require(from_vertices.timings().nonzeros == coo.timings().nonzeros, name + ": " + std::to_string(from_vertices.timings().nonzeros) +
                                                                          " nonzeros from the vertices, " + std::to_string(coo.timings().nonzeros) +
                                                                          " through COO");
  RequireEqualEntries(name, "vertex", setup.P, coo, from_vertices);
}

// A vertex problem that does not fit the prolongation is refused with an error naming the offending value.
void CheckVertexProblemRefused() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 1) return;
  const LorProblem     setup("bp3", {2, 2, 2}, 2, Deformation::none);
  std::vector<CeedInt> far_nodes = setup.lor_mesh.elem_nodes;
  far_nodes[13]                  = (CeedInt)setup.P.local_size();
  LorVertexProblem wrong_comp, far_node;
  wrong_comp.num_comp   = 3;
  wrong_comp.elem_nodes = far_node.elem_nodes = &setup.lor_mesh.elem_nodes;
  wrong_comp.coords = far_node.coords = &setup.lor_mesh.coords;
  far_node.elem_nodes                 = &far_nodes;
  const std::pair<const LorVertexProblem *, std::string> cases[] = {
      {&wrong_comp, "the vertex problem has 3 components, the prolongation 1"},
      {&far_node, "sub-element 1 has node " + std::to_string(setup.P.local_size()) + ", outside"}};
  for (const auto &c : cases) {
    std::string message;
    try {
      LorMatrix matrix(setup.P, *c.first, setup.essential);
    } catch (const Error &e) {
      message = e.what();
    }
    Require(message.find(c.second) != std::string::npos, "a bad vertex problem was not refused as expected (message: '" + message + "')");
  }
}

// An operator whose restriction reaches past the prolongation's local DOFs is refused with an error naming
// the DOF, on both routes (one rank: the check is local and precedes every collective call).
void CheckForeignOperatorRefused(Ceed ceed) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 1) return;
  const LorProblem       small("bp3", {6, 2, 2}, 2, Deformation::none), large("bp3", {6, 4, 4}, 2, Deformation::none);
  const bench::BpProblem lor(ceed, large.spec, large.lor_mesh);
  for (LorAssembly method : {LorAssembly::automatic, LorAssembly::coo}) {
    std::string message;
    try {
      LorMatrix matrix(small.P, lor.op(), small.essential, method);
    } catch (const Error &e) {
      message = e.what();
    }
    Require(message.find("outside the prolongation's " + std::to_string(small.P.local_size()) + " local DOFs") != std::string::npos,
            "a LorMatrix of an operator on a larger mesh was not refused (message: '" + message + "')");
  }
}

// Where hypre holds the matrix (AmgMemory). With a host-only hypre, or a backend whose vectors are not in
// the memory of hypre's GPU runtime, automatic chooses the host and device is refused naming the reason.
// With a CUDA/HIP hypre and a backend of that runtime, the matrix on the GPU equals the host one entry by
// entry, its product equals the host product on the backend's device vectors, BoomerAMG with the GPU
// defaults (PMIS, l1-Jacobi) solves the LOR system, and a type hypre cannot run there is refused.
void CheckAmgMemory(Ceed ceed) {
  const LorProblem       setup("bp3", {6, 2, 4}, 3, Deformation::kershaw);
  const bench::BpProblem lor(ceed, setup.VertexRule(), setup.lor_mesh, bench::BpPrecision(), 2);
  const LorLattice       lattice = setup.Lattice();
  const char            *resource = nullptr;
  CeedGetResource(ceed, &resource);
  const std::string runtime = HypreGpuRuntime(), name = std::string("AmgMemory on ") + resource;
  const bool        gpu     = !runtime.empty() && std::string(resource).rfind("/gpu/" + runtime, 0) == 0;
  const LorMatrix   automatic(setup.P, lor.op(), lattice, setup.essential);
  const LorMatrix   on_host(setup.P, lor.op(), lattice, setup.essential, AmgMemory::host);
  Require(!on_host.on_device() && automatic.on_device() == gpu, name + ": automatic placed the matrix on the " + (automatic.on_device() ? "GPU" : "host"));
  if (!gpu) {
    std::string message;
    try {
      LorMatrix refused(setup.P, lor.op(), lattice, setup.essential, AmgMemory::device);
    } catch (const Error &e) {
      message = e.what();
    }
    const std::string reason = runtime.empty() ? "was built without CUDA or HIP" : "does not keep its vectors in " + runtime + " device memory";
    Require(message.find("AmgMemory::device refused") != std::string::npos && message.find(reason) != std::string::npos,
            name + ": AmgMemory::device gave '" + message + "', expected a refusal saying the hypre " + reason);
    if (rank == 0) std::printf("%s: the host (hypre GPU runtime '%s'); AmgMemory::device refused: %s\n", name.c_str(), runtime.c_str(), message.c_str());
    return;
  }
  const double diff = MaxRowRelativeDifference(OwnedRows(setup.P, on_host), OwnedRows(setup.P, automatic));
  Require(diff == 0.0, name + ": the matrix on the GPU differs from the host one by " + std::to_string(diff));
  CeedVector x, y, z;
  for (CeedVector *v : {&x, &y, &z}) CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, setup.P.owned_size(), v));
  FillPseudoRandom(x, setup.P.first_owned_dof(), 0.71);
  on_host.Multiply(x, y);
  automatic.Multiply(x, z);
  const double product_diff = std::sqrt(Dot(MPI_COMM_WORLD, y, y) - 2 * Dot(MPI_COMM_WORLD, y, z) + Dot(MPI_COMM_WORLD, z, z)) / std::sqrt(Dot(MPI_COMM_WORLD, y, y));
  Require(product_diff <= 1e-12, name + ": the GPU product differs from the host one by " + std::to_string(product_diff) + " (relative)");
  AmgOptions host_types;
  host_types.coarsen_type = 10;
  std::string message;
  try {
    BoomerAmgPreconditioner refused(automatic, host_types);
  } catch (const Error &e) {
    message = e.what();
  }
  Require(message.find("coarsen_type 10 does not run on the GPU") != std::string::npos, name + ": HMIS on the GPU gave '" + message + "'");
  ParallelOperator        op(ceed, setup.P, nullptr, lor.op(), setup.essential);
  BoomerAmgPreconditioner pc(automatic, AmgOptions());
  const PcgResult         result = SolveToTenDigits(op, pc, x, z);
  if (rank == 0) {
    std::printf("%s: the GPU; rows equal to the host's, product difference %.2e, CG + BoomerAMG on the GPU (%d levels): %d iterations to 1e-10\n",
                name.c_str(), product_diff, pc.num_levels(), result.iterations);
  }
  Require(result.converged && result.iterations < 40, name + ": CG + BoomerAMG on the GPU took " + std::to_string(result.iterations) + " iterations");
  for (CeedVector *v : {&x, &y, &z}) CeedVectorDestroy(v);
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Require(argc == 2 || (argc == 3 && std::string(argv[1]) == "device"), "usage: parallel-lor-test RESOURCE | parallel-lor-test device RESOURCE");
  try {
    if (argc == 3) {
      bench::CeedOwned host = bench::InitCeed("/cpu/self/ref"), device = bench::InitCeed(argv[2]);
      CheckDeviceAssembly(host, device, "bp3", {6, 2, 2}, 3, Deformation::kershaw);
      CheckDeviceAssembly(host, device, "bp4", {6, 2, 2}, 2, Deformation::smooth);
      CheckDeviceLattice(device, "bp3", {6, 2, 4}, 3, Deformation::kershaw);
      CheckDeviceLattice(device, "bp4", {3, 3, 2}, 2, Deformation::smooth);
      CheckDeviceLattice(device, "bp1", {6, 2, 2}, 2, Deformation::kershaw);
      CheckLatticeThreads(device, "bp3", {6, 2, 4}, 3, Deformation::kershaw);
      CheckLatticeMismatchRefused(device);
      CheckAmgMemory(device);
      MPI_Finalize();
      return 0;
    }
    CheckSubElements();
    bench::CeedOwned ceed = bench::InitCeed(argv[1]);
    CheckLorMatrix(ceed, "bp3", {6, 4, 4}, 3, Deformation::kershaw);
    CheckLorMatrix(ceed, "bp3", {5, 3, 4}, 4, Deformation::smooth);
    CheckLorMatrix(ceed, "bp4", {3, 3, 2}, 2, Deformation::smooth);
    CheckLorMatrix(ceed, "bp1", {4, 3, 3}, 3, Deformation::none);
    CheckDirectAssembly(ceed, "bp3", {6, 2, 4}, 3, Deformation::kershaw);
    CheckDirectAssembly(ceed, "bp4", {3, 3, 2}, 2, Deformation::smooth);
    CheckDirectAssembly(ceed, "bp1", {6, 2, 2}, 2, Deformation::kershaw);
    CheckVertexAssembly(ceed, "bp3", {6, 2, 4}, 3, Deformation::kershaw);
    CheckVertexAssembly(ceed, "bp4", {3, 3, 2}, 2, Deformation::smooth);
    CheckVertexAssembly(ceed, "bp2", {6, 2, 2}, 2, Deformation::kershaw);
    CheckForeignOperatorRefused(ceed);
    CheckLatticeThreads(ceed, "bp3", {6, 2, 4}, 3, Deformation::kershaw);
    CheckVertexProblemRefused();
    CheckAmgMemory(ceed);
  } catch (const std::exception &e) {
    Require(false, e.what());
  }
  MPI_Finalize();
  return 0;
}
