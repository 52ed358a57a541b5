#include "solve.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "../bench/bp.hpp"
#include "solve-qfunctions.h"

namespace solve {

namespace {

using namespace ceedrt::parallel;
using bench::BasisOwned;
using bench::CeedOwned;
using bench::OperatorOwned;
using bench::QFunctionOwned;
using bench::RestrictionOwned;
using bench::VectorOwned;

double Now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// The rank-local mesh of a subset of elements, in the form ceed-bench's BP setup takes: the L-space nodes
// and their coordinates, the subset's element nodes.
std::unique_ptr<bench::BoxMesh> LocalMesh(const DistributedBoxMesh &mesh, int degree, std::vector<CeedInt> elem_nodes) {
  auto local         = std::make_unique<bench::BoxMesh>();
  local->degree      = degree;
  local->deformation = mesh.options.deformation;
  local->elems       = {mesh.elem_end[0] - mesh.elem_begin[0], mesh.elem_end[1] - mesh.elem_begin[1], mesh.elem_end[2] - mesh.elem_begin[2]};
  local->nodes_1d    = mesh.local_nodes_1d;
  local->num_elem    = (CeedInt)(elem_nodes.size() / ((degree + 1) * (degree + 1) * (degree + 1)));
  local->num_nodes   = mesh.num_local_nodes;
  local->elem_nodes  = std::move(elem_nodes);
  local->coords      = mesh.coords;
  return local;
}

// A BP operator on some local elements (null when there are none).
struct LocalOperator {
  std::unique_ptr<bench::BpSpec>     spec;  // the problem, possibly with another quadrature rule
  std::unique_ptr<bench::BoxMesh>    mesh;
  std::unique_ptr<bench::BpProblem>  problem;
  CeedOperator op() const { return problem ? problem->op() : nullptr; }
};

LocalOperator BuildLocalOperator(Ceed ceed, const bench::BpSpec &spec, const DistributedBoxMesh &mesh, int degree, std::vector<CeedInt> elem_nodes,
                                 int q_1d = 0) {
  LocalOperator local;
  local.spec = std::make_unique<bench::BpSpec>(spec);
  local.mesh = LocalMesh(mesh, degree, std::move(elem_nodes));
  if (local.mesh->num_elem > 0) local.problem = std::make_unique<bench::BpProblem>(ceed, *local.spec, *local.mesh, bench::BpPrecision(), q_1d);
  return local;
}

// The manufactured solution's right-hand side and error integrals over all local elements, on the solve's
// backend (on a GPU the host would spend seconds per 1e7 DOFs in them, most of the setup phase).
class Integrals {
 public:
  Integrals(Ceed ceed, const DistributedBoxMesh &mesh, int num_comp, bool diffusion) : mesh_(mesh), num_comp_(num_comp) {
    BENCH_CALL(ceed, CeedReferenceCopy(ceed, ceed_.out()));
    const CeedInt P     = mesh.degree + 1, Q = mesh.degree + 3, n = mesh.num_local_nodes, ne = mesh.num_elem;
    SolveContext  data  = {num_comp, diffusion ? 3.0 * SOLVE_PI * SOLVE_PI : 1.0};
    BENCH_CALL(ceed_, CeedQFunctionContextCreate(ceed_, context_.out()));
    BENCH_CALL(ceed_, CeedQFunctionContextSetData(context_, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), &data));
    std::vector<CeedInt> offsets(mesh.elem_nodes);
    for (CeedInt &o : offsets) o *= num_comp;
    BENCH_CALL(ceed_, CeedElemRestrictionCreate(ceed_, ne, P * P * P, num_comp, 1, (CeedSize)num_comp * n, CEED_MEM_HOST, CEED_COPY_VALUES,
                                                offsets.data(), rstr_u_.out()));
    BENCH_CALL(ceed_, CeedElemRestrictionCreate(ceed_, ne, P * P * P, 3, n, 3 * (CeedSize)n, CEED_MEM_HOST, CEED_COPY_VALUES, mesh.elem_nodes.data(),
                                                rstr_x_.out()));
    const CeedInt strides[3] = {1, Q * Q * Q, 2 * Q * Q * Q};  // point, component, element
    BENCH_CALL(ceed_, CeedElemRestrictionCreateStrided(ceed_, ne, Q * Q * Q, 2, (CeedSize)ne * Q * Q * Q * 2, strides, rstr_q_.out()));
    BENCH_CALL(ceed_, CeedBasisCreateTensorH1Lagrange(ceed_, 3, num_comp, P, Q, CEED_GAUSS, basis_u_.out()));
    BENCH_CALL(ceed_, CeedBasisCreateTensorH1Lagrange(ceed_, 3, 3, P, Q, CEED_GAUSS, basis_x_.out()));
    BENCH_CALL(ceed_, CeedVectorCreate(ceed_, 3 * (CeedSize)n, x_.out()));
    BENCH_CALL(ceed_, CeedVectorSetArray(x_, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(mesh.coords.data())));
  }

  // L-vector of integrals of f phi_i over the local elements.
  std::vector<double> Rhs() {
    QFunctionOwned qf;
    OperatorOwned  op;
    BENCH_CALL(ceed_, CeedQFunctionCreateInterior(ceed_, 1, SolveRhs, SolveRhs_loc, qf.out()));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "x", 3, CEED_EVAL_INTERP));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "dx", 9, CEED_EVAL_GRAD));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "weights", 1, CEED_EVAL_WEIGHT));
    BENCH_CALL(ceed_, CeedQFunctionAddOutput(qf, "rhs", num_comp_, CEED_EVAL_INTERP));
    BENCH_CALL(ceed_, CeedQFunctionSetContext(qf, context_));
    BENCH_CALL(ceed_, CeedOperatorCreate(ceed_, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op.out()));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "x", rstr_x_, basis_x_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "dx", rstr_x_, basis_x_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "weights", CEED_ELEMRESTRICTION_NONE, basis_x_, CEED_VECTOR_NONE));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "rhs", rstr_u_, basis_u_, CEED_VECTOR_ACTIVE));
    VectorOwned rhs;
    BENCH_CALL(ceed_, CeedVectorCreate(ceed_, (CeedSize)num_comp_ * mesh_.num_local_nodes, rhs.out()));
    BENCH_CALL(ceed_, CeedOperatorApply(op, x_, rhs, CEED_REQUEST_IMMEDIATE));
    bench::HostRead r(rhs);
    return std::vector<double>(r.data(), r.data() + (size_t)num_comp_ * mesh_.num_local_nodes);
  }

  // (integral of |u - u*|^2, integral of |u*|^2) over the local elements, u an L-vector.
  std::array<double, 2> Error(const std::vector<double> &u_local) {
    QFunctionOwned qf;
    OperatorOwned  op;
    BENCH_CALL(ceed_, CeedQFunctionCreateInterior(ceed_, 1, SolveError, SolveError_loc, qf.out()));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "u", num_comp_, CEED_EVAL_INTERP));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "x", 3, CEED_EVAL_INTERP));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "dx", 9, CEED_EVAL_GRAD));
    BENCH_CALL(ceed_, CeedQFunctionAddInput(qf, "weights", 1, CEED_EVAL_WEIGHT));
    BENCH_CALL(ceed_, CeedQFunctionAddOutput(qf, "error", 2, CEED_EVAL_NONE));
    BENCH_CALL(ceed_, CeedQFunctionSetContext(qf, context_));
    BENCH_CALL(ceed_, CeedOperatorCreate(ceed_, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op.out()));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "u", rstr_u_, basis_u_, CEED_VECTOR_ACTIVE));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "x", rstr_x_, basis_x_, x_));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "dx", rstr_x_, basis_x_, x_));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "weights", CEED_ELEMRESTRICTION_NONE, basis_x_, CEED_VECTOR_NONE));
    BENCH_CALL(ceed_, CeedOperatorSetField(op, "error", rstr_q_, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE));
    VectorOwned u, e;
    CeedSize    e_size = 0;
    BENCH_CALL(ceed_, CeedElemRestrictionGetLVectorSize(rstr_q_, &e_size));
    BENCH_CALL(ceed_, CeedVectorCreate(ceed_, (CeedSize)u_local.size(), u.out()));
    BENCH_CALL(ceed_, CeedVectorSetArray(u, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(u_local.data())));
    BENCH_CALL(ceed_, CeedVectorCreate(ceed_, e_size, e.out()));
    BENCH_CALL(ceed_, CeedOperatorApply(op, u, e, CEED_REQUEST_IMMEDIATE));
    bench::HostRead       r(e);
    std::array<double, 2> sums = {0.0, 0.0};
    const CeedInt         Q3   = (mesh_.degree + 3) * (mesh_.degree + 3) * (mesh_.degree + 3);
    for (CeedInt el = 0; el < mesh_.num_elem; el++) {
      for (int c = 0; c < 2; c++) {
        for (CeedInt q = 0; q < Q3; q++) sums[c] += r[((CeedSize)el * 2 + c) * Q3 + q];
      }
    }
    return sums;
  }

 private:
  const DistributedBoxMesh &mesh_;
  int                       num_comp_;
  CeedOwned                 ceed_;
  bench::Owned<CeedQFunctionContext, CeedQFunctionContextDestroy> context_;
  RestrictionOwned          rstr_u_, rstr_x_, rstr_q_;
  BasisOwned                basis_u_, basis_x_;
  VectorOwned               x_;
};

// The p-multigrid hierarchy of ceed-solve: degrees p, p/2, ..., 1, every level on the same elements and
// partition, with the finest level's quadrature (the coarse operators reuse its quadrature data).
struct PMultigridHierarchy {
  std::vector<std::unique_ptr<DistributedBoxMesh>> meshes;
  std::vector<std::unique_ptr<Prolongation>>       prolongations;
  std::vector<RestrictionOwned>                    restrictions;
  std::vector<BasisOwned>                          bases;
  std::vector<PMultigridCoarseLevel>               levels;

  PMultigridHierarchy(Ceed ceed, const bench::BpSpec &spec, const DistributedBoxMesh &fine, const std::array<CeedInt, 3> &elems, bool diffusion) {
    const CeedInt      q_1d = bench::QuadraturePoints1D(spec, fine.degree), nc = spec.num_comp;
    const CeedQuadMode quad = spec.gll_quadrature ? CEED_GAUSS_LOBATTO : CEED_GAUSS;
    for (int p = fine.degree / 2; p >= 1; p = p == 1 ? 0 : p / 2) {
      meshes.push_back(std::make_unique<DistributedBoxMesh>(DistributedBoxMesh::Build(fine.comm, elems, p, fine.options)));
      const DistributedBoxMesh &mesh = *meshes.back();
      prolongations.push_back(std::make_unique<Prolongation>(mesh, nc));
      PMultigridCoarseLevel level;
      level.prolongation = prolongations.back().get();
      level.essential_owned.assign(level.prolongation->owned_size(), 0);
      for (CeedInt node = 0; node < mesh.num_local_nodes && diffusion; node++) {
        if (mesh.owner[node] != mesh.rank || !mesh.on_boundary[node]) continue;
        for (int c = 0; c < nc; c++) level.essential_owned[(mesh.global_node[node] - mesh.first_owned_node) * nc + c] = 1;
      }
      int k = 0;
      for (const std::vector<CeedInt> *elems_subset : {&fine.interior_elems, &fine.halo_elems}) {
        if (!elems_subset->empty()) {
          std::vector<CeedInt> offsets = mesh.ElementNodes(*elems_subset);
          for (CeedInt &o : offsets) o *= nc;
          restrictions.emplace_back();
          bases.emplace_back();
          BENCH_CALL(ceed, CeedElemRestrictionCreate(ceed, (CeedInt)elems_subset->size(), mesh.NodesPerElem(), nc, 1, (CeedSize)nc * mesh.num_local_nodes,
                                                     CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), restrictions.back().out()));
          BENCH_CALL(ceed, CeedBasisCreateTensorH1Lagrange(ceed, 3, nc, p + 1, q_1d, quad, bases.back().out()));
          level.restriction[k] = restrictions.back();
          level.basis[k]       = bases.back();
        }
        k++;
      }
      levels.push_back(std::move(level));
    }
  }
};

void CopyToVector(Ceed ceed, const std::vector<double> &values, CeedVector v) {
  BENCH_CALL(ceed, CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(values.data())));
}

std::vector<double> CopyFromVector(CeedVector v) {
  CeedSize n = 0;
  BENCH_CALL(CeedVectorReturnCeed(v), CeedVectorGetLength(v, &n));
  bench::HostRead r(v);
  return std::vector<double>(r.data(), r.data() + n);
}

double MaxOver(MPI_Comm comm, double value) {
  double max = 0.0;
  MPI_Allreduce(&value, &max, 1, MPI_DOUBLE, MPI_MAX, comm);
  return max;
}

}  // namespace

void CheckOptions(const SolveOptions &options) {
  if (!bench::FindBp(options.problem)) throw Error("unknown problem '" + options.problem + "' (expected bp1..bp6)");
  if (options.pc != "none" && options.pc != "jacobi" && options.pc != "lor-amg" && options.pc != "pmg") {
    throw Error("unknown preconditioner '" + options.pc + "' (expected none, jacobi, pmg or lor-amg)");
  }
#if !CEEDRT_PARALLEL_HAVE_HYPRE
  if (options.pc == "lor-amg") throw Error("--pc lor-amg needs hypre, and this build has none");
#endif
  if (options.pc == "pmg" && options.degree < 2) throw Error("--pc pmg needs degree 2 or more (it coarsens p to 1)");
  if (options.lor_from_vertices && (options.lor_quadrature != CEED_GAUSS_LOBATTO || options.lor_q_1d > 2)) {
    throw Error("--lor-assembly vertices needs the vertex rule of the LOR elements (--lor-quadrature lobatto, --lor-q 2)");
  }
  if (options.amg_memory != "auto" && options.amg_memory != "host" && options.amg_memory != "device") {
    throw Error("unknown AMG memory '" + options.amg_memory + "' (expected auto, host or device)");
  }
  if (options.lor_threads < 0) throw Error("--lor-threads " + std::to_string(options.lor_threads) + ": expected 0 (the default) or more");
}

SolveReport RunSolve(MPI_Comm comm, const SolveOptions &options, const std::function<void(int, double)> &progress) {
  CheckOptions(options);
#if CEEDRT_PARALLEL_HAVE_HYPRE
  SetLorAssemblyThreads(options.lor_threads);
#endif
  const bench::BpSpec *spec = bench::FindBp(options.problem);
  const bool diffusion = spec->kind == bench::BpOperatorKind::diffusion;
  SolveReport report;
  report.problem  = options.problem;
  report.pc       = options.pc;
  report.resource = options.resource;
  report.degree   = options.degree;
  report.num_comp = spec->num_comp;
  report.mesh     = DeformationName(options.mesh.deformation);
  MPI_Comm_size(comm, &report.ranks);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
#if CEEDRT_PARALLEL_HAVE_HYPRE
  AmgOptions amg    = options.amg;
  amg.num_functions = spec->num_comp;
  const AmgMemory amg_memory = options.amg_memory == "host" ? AmgMemory::host : options.amg_memory == "device" ? AmgMemory::device : AmgMemory::automatic;
#endif

  const double start = Now();
  report.elems = options.elems;
  if (report.elems == std::array<CeedInt, 3>{0, 0, 0}) report.elems = ChooseElements(options.dofs, options.degree, spec->num_comp, options.mesh.deformation);
  const DistributedBoxMesh mesh = DistributedBoxMesh::Build(comm, report.elems, options.degree, options.mesh);
  report.rank_grid              = mesh.partition.ranks;
  const Prolongation prolongation(mesh, spec->num_comp);
  report.global_dofs = prolongation.global_size();
  long long halo     = prolongation.HaloSize();
  MPI_Allreduce(MPI_IN_PLACE, &halo, 1, MPI_LONG_LONG, MPI_MAX, comm);
  report.halo_dofs_max = halo;

  CeedOwned ceed = bench::InitCeed(options.resource);
  const LocalOperator interior = BuildLocalOperator(ceed, *spec, mesh, options.degree, mesh.ElementNodes(mesh.interior_elems));
  const LocalOperator halo_op  = BuildLocalOperator(ceed, *spec, mesh, options.degree, mesh.ElementNodes(mesh.halo_elems));
  // Diffusion: homogeneous Dirichlet conditions on the cube's faces (u* vanishes there); mass: none.
  std::vector<char> essential(prolongation.owned_size(), 0);
  if (diffusion) {
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      if (mesh.owner[node] != mesh.rank || !mesh.on_boundary[node]) continue;
      for (int c = 0; c < spec->num_comp; c++) essential[(mesh.global_node[node] - mesh.first_owned_node) * spec->num_comp + c] = 1;
    }
  }
  ParallelOperator op(ceed, prolongation, interior.op(), halo_op.op(), essential);

  // b = P^T (integrals of f phi_i), zero at essential DOFs.
  Integrals           integrals(ceed, mesh, spec->num_comp, diffusion);
  std::vector<double> rhs_local = integrals.Rhs(), rhs(prolongation.owned_size());
  prolongation.BeginReverse(rhs_local.data(), rhs.data());
  prolongation.EndReverse(rhs.data());
  for (size_t j = 0; j < rhs.size(); j++) {
    if (essential[j]) rhs[j] = 0.0;
  }
  VectorOwned b, x;
  BENCH_CALL(ceed, CeedVectorCreate(ceed, prolongation.owned_size(), b.out()));
  BENCH_CALL(ceed, CeedVectorCreate(ceed, prolongation.owned_size(), x.out()));
  CopyToVector(ceed, rhs, b);
  BENCH_CALL(ceed, CeedVectorSetValue(x, 0.0));
  report.setup = MaxOver(comm, Now() - start);

  // Declared before the preconditioner that refers to them, so they outlive it.
  std::unique_ptr<PMultigridHierarchy> hierarchy;
#if CEEDRT_PARALLEL_HAVE_HYPRE
  LocalOperator              lor;
  std::unique_ptr<LorMatrix> lor_matrix;
#endif
  std::unique_ptr<Preconditioner> pc;
  if (options.pc == "jacobi") pc = std::make_unique<JacobiPreconditioner>(op);
#if CEEDRT_PARALLEL_HAVE_HYPRE
  // The assembled matrix of a Q1 operator in hypre and one BoomerAMG V-cycle of it (assembly timed from start).
  auto assemble_amg = [&](double start, std::unique_ptr<LorMatrix> matrix) {
    lor_matrix                  = std::move(matrix);
    report.lor_assembly         = MaxOver(comm, Now() - start);
    const LorAssemblyTimings &t = lor_matrix->timings();
    report.lor_route            = t.on_lattice ? (t.from_vertices ? "lattice" : t.csr_on_device ? "device-lattice" : "operator-lattice")
                                  : t.from_vertices ? "vertices"
                                  : t.direct        ? "direct"
                                                    : "operator";
    report.lor_nonzeros         = lor_matrix->timings().nonzeros;
    report.lor_element_matrices = lor_matrix->timings().element_matrices;
    report.lor_csr              = lor_matrix->timings().csr;
    report.lor_hypre            = lor_matrix->timings().hypre;
    report.lor_threads          = lor_matrix->timings().threads;
    report.lor_csr_host         = lor_matrix->timings().csr_host;
    report.lor_hypre_host       = lor_matrix->timings().hypre_host;
    auto boomer                 = std::make_unique<BoomerAmgPreconditioner>(*lor_matrix, amg);
    report.amg_setup            = MaxOver(comm, boomer->setup_seconds());
    report.amg_levels           = boomer->num_levels();
    report.amg_on_device        = lor_matrix->on_device();
    return boomer;
  };
#endif
  if (options.pc == "pmg") {
    hierarchy = std::make_unique<PMultigridHierarchy>(ceed, *spec, mesh, report.elems, diffusion);
    auto pmg  = std::make_unique<PMultigridPreconditioner>(op, hierarchy->levels, PMultigridOptions());
    report.amg_levels = 0;
#if CEEDRT_PARALLEL_HAVE_HYPRE
    // The coarsest level (p = 1) is solved by one BoomerAMG V-cycle of its assembled matrix.
    const double coarse_start = Now();
    ParallelOperator &coarse = pmg->Coarsest();
    pmg->SetCoarseSolver(assemble_amg(coarse_start, std::make_unique<LorMatrix>(coarse.prolongation(), pmg->CoarsestLocalOperator(),
                                                                                coarse.essential_owned(), options.lor_assembly, amg_memory)));
#endif
    report.pmg_levels = pmg->num_levels();
    report.pmg_setup  = MaxOver(comm, pmg->setup_seconds());
    pc                = std::move(pmg);
  }
#if CEEDRT_PARALLEL_HAVE_HYPRE
  if (options.pc == "lor-amg") {
    const double lor_start = Now();
    // The application's own QFunctions re-discretize the problem on the Q1 sub-elements (same nodes). With
    // Gauss-Lobatto points (the vertices) the LOR operator stays spectrally close to the high-order one on
    // distorted meshes: on Kershaw meshes its CG iterations grow far less with p than with Gauss points.
    // With the vertex rule on a host backend the element matrices come straight from the vertex coordinates
    // (no Q1 operator, no quadrature data), unless the reference route is asked for; a device backend
    // assembles the Q1 operator's element matrices on the device and scatters them there, into the rows
    // of the box mesh's lattice.
    bench::BpSpec        lor_spec  = *spec;
    lor_spec.gll_quadrature        = options.lor_quadrature == CEED_GAUSS_LOBATTO;
    const int            lor_q     = options.lor_q_1d > 0 ? options.lor_q_1d : 2;
    CeedMemType memory = CEED_MEM_HOST;
    BENCH_CALL(ceed, CeedGetPreferredMemType(ceed, &memory));
    // The box mesh is a lattice: LorMatrix places every entry in closed form, no sub-element node lists.
    LorLattice lattice;
    lattice.degree = options.degree;
    for (int d = 0; d < 3; d++) lattice.elems[d] = mesh.elem_end[d] - mesh.elem_begin[d];
    lattice.nodes = &mesh.box_node;
    if (options.lor_from_vertices || (lor_spec.gll_quadrature && lor_q == 2 && options.lor_assembly == LorAssembly::automatic && memory == CEED_MEM_HOST)) {
      LorVertexProblem vertices;
      vertices.ceed     = ceed;
      vertices.kind     = diffusion ? LorVertexProblem::Kind::diffusion : LorVertexProblem::Kind::mass;
      vertices.num_comp = spec->num_comp;
      vertices.lattice  = &lattice;
      vertices.coords   = &mesh.coords;
      pc                = assemble_amg(lor_start, std::make_unique<LorMatrix>(prolongation, vertices, essential, amg_memory));
    } else {
      std::vector<CeedInt> lor_nodes = LorElementNodes(mesh.elem_nodes, mesh.num_elem, options.degree);
      lor = BuildLocalOperator(ceed, lor_spec, mesh, 1, std::move(lor_nodes), lor_q);
      pc  = assemble_amg(lor_start, memory != CEED_MEM_HOST && options.lor_assembly == LorAssembly::automatic && mesh.num_elem > 0
                                        ? std::make_unique<LorMatrix>(prolongation, lor.op(), lattice, essential, amg_memory)
                                        : std::make_unique<LorMatrix>(prolongation, lor.op(), essential, options.lor_assembly, amg_memory));
    }
  }
#endif

  PcgOptions pcg;
  pcg.rtol              = options.rtol;
  pcg.norm              = options.norm;
  pcg.max_iterations    = options.max_iterations;
  pcg.progress_interval = options.progress_interval;
  if (progress && rank == 0) pcg.progress = progress;
  op.ResetTimings();
  op.WaitForDeviceInTimings(options.exact_timings);
  report.exact_timings = options.exact_timings;
  const PcgResult result = SolvePcg(op, pc.get(), b, x, pcg);
  report.iterations        = result.iterations;
  report.converged         = result.converged;
  report.relative_residual = result.relative_residual;
  report.solve             = MaxOver(comm, result.seconds);
  report.operator_apply    = MaxOver(comm, op.timings().apply);
  report.exchange          = MaxOver(comm, op.timings().exchange);
  report.operator_applications = op.timings().applications;
  report.host_device_bytes_per_iteration = MaxOver(comm, result.iterations ? (double)result.host_device_bytes / result.iterations : 0.0);
  if (pc) {
    report.preconditioner              = MaxOver(comm, pc->seconds);
    report.preconditioner_applications = pc->applications;
  }

  // Error of the discrete solution against u*, integrated over each rank's elements.
  std::vector<double> x_owned = CopyFromVector(x), x_local(prolongation.local_size());
  prolongation.BeginForward(x_owned.data(), x_local.data());
  prolongation.EndForward(x_local.data());
  std::array<double, 2> sums = integrals.Error(x_local);
  MPI_Allreduce(MPI_IN_PLACE, sums.data(), 2, MPI_DOUBLE, MPI_SUM, comm);
  report.l2_error          = std::sqrt(sums[0]);
  report.relative_l2_error = std::sqrt(sums[0] / sums[1]);

  if (options.gather_solution) {
    // Owned values with their global lattice numbers, so that runs on different rank counts compare.
    std::vector<double> lattice_index(x_owned.size());
    for (CeedInt node = 0; node < mesh.num_local_nodes; node++) {
      if (mesh.owner[node] != mesh.rank) continue;
      for (int c = 0; c < spec->num_comp; c++) {
        lattice_index[(mesh.global_node[node] - mesh.first_owned_node) * spec->num_comp + c] = (double)(mesh.lattice_node[node] * spec->num_comp + c);
      }
    }
    std::vector<int> counts(report.ranks), displs(report.ranks + 1, 0);
    const int        mine = (int)x_owned.size();
    MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
    for (int r = 0; r < report.ranks; r++) displs[r + 1] = displs[r] + counts[r];
    std::vector<double> values(rank == 0 ? displs[report.ranks] : 0), indices(values.size());
    MPI_Gatherv(x_owned.data(), mine, MPI_DOUBLE, values.data(), counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
    MPI_Gatherv(lattice_index.data(), mine, MPI_DOUBLE, indices.data(), counts.data(), displs.data(), MPI_DOUBLE, 0, comm);
    report.solution.resize(values.size());
    for (size_t k = 0; k < values.size(); k++) report.solution[(size_t)indices[k]] = values[k];
  }
  return report;
}

}  // namespace solve
