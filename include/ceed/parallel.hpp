// ceedrt-parallel: MPI-parallel solves on top of any ceedrt backend (a companion library; the core never
// links it). It provides
//   - distributed structured hexahedral meshes of [0,1]^3, block-partitioned over the ranks of a
//     communicator (uneven splits included), optionally deformed (smooth or Kershaw map);
//   - the parallel prolongation P from global T-vectors (owned DOFs) to rank-local L-vectors (owned and
//     ghost DOFs), with nonblocking halo exchange that an operator overlaps with its interior elements;
//   - operators A = P^T A_L P with essential DOFs eliminated, parallel inner products, preconditioned CG;
//   - low-order refinement (LOR): Q1 sub-elements of a degree-p tensor space, the rank-local LOR matrix
//     assembled straight into CSR and handed to hypre, and BoomerAMG as a preconditioner (when the library
//     was built with hypre: CEEDRT_PARALLEL_HAVE_HYPRE).
// C++17; errors are reported as ceedrt::parallel::Error exceptions carrying the library's message.
// See docs/parallel.md.
#pragma once

#include <ceed.h>
#include <ceed/box-mesh.hpp>
#include <ceed/parallel-config.h>
#include <mpi.h>

#include <array>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ceedrt {
namespace parallel {

using GlobalIndex = long long;

// ---- Structured meshes --------------------------------------------------------------------------------

// Block partition of an element box over a grid of ranks (ranks per direction chosen to keep the blocks
// close to cubes); parts differ by at most one element per direction.
struct BoxPartition {
  std::array<CeedInt, 3> elems{};
  std::array<int, 3>     ranks{};  // ranks per direction, product = number of ranks

  static BoxPartition Create(const std::array<CeedInt, 3> &elems, int num_ranks);
  CeedInt             Start(int direction, int part) const;  // first element of part; Start(d, ranks[d]) = elems[d]
  std::array<int, 3>  Coords(int rank) const;                 // x fastest
  int                 Rank(const std::array<int, 3> &coords) const;
};

// One rank's part of a distributed box mesh of degree-p hexahedra.
// T-space: each lattice node is owned by exactly one rank (the part whose block contains it, the lower
// part owning nothing of a shared face); ranks number their owned nodes contiguously in rank order,
// lexicographically (x fastest) within their block.
// L-space: the lattice nodes of the rank's element block: the owned ones first, in T order (so that P is
// a contiguous copy there), then the ghosts.
struct DistributedBoxMesh {
  MPI_Comm               comm = MPI_COMM_NULL;  // not owned
  int                    rank = 0, size = 1;
  int                    degree = 1;
  BoxMeshOptions         options;
  BoxPartition           partition;
  std::array<CeedInt, 3> elem_begin{}, elem_end{};  // this rank's element block
  std::array<CeedInt, 3> local_nodes_1d{};
  CeedInt                num_elem        = 0;   // local elements
  CeedInt                num_local_nodes = 0;   // L-space nodes
  std::vector<CeedInt>   elem_nodes;            // num_elem * (p+1)^3 L-node indices, lexicographic per element
  std::vector<double>    coords;                // 3 * num_local_nodes, component-major
  std::vector<GlobalIndex> global_node;         // T index of every L node
  std::vector<GlobalIndex> lattice_node;        // global lattice index (x fastest) of every L node
  std::vector<int>         owner;               // owning rank of every L node
  std::vector<char>        on_boundary;         // L node lies on the boundary of the cube
  CeedInt                  num_owned_nodes  = 0;
  GlobalIndex              first_owned_node = 0, num_global_nodes = 0;
  // Local elements with no ghost node (interior) and the others (halo), for overlapping the exchange.
  std::vector<CeedInt> interior_elems, halo_elems;

  static DistributedBoxMesh Build(MPI_Comm comm, const std::array<CeedInt, 3> &elems, int degree, const BoxMeshOptions &options = {});
  CeedInt NodesPerElem() const { return (degree + 1) * (degree + 1) * (degree + 1); }
  // elem_nodes of a subset of the local elements, in the order given.
  std::vector<CeedInt> ElementNodes(const std::vector<CeedInt> &elems) const;
};

// ---- Parallel prolongation ----------------------------------------------------------------------------

class DeviceHalo;

// Whether v's context prefers device memory (a GPU backend): the solvers then keep v there.
bool OnDevice(CeedVector v);

// P: T-vector (owned DOFs) -> L-vector (owned and ghost DOFs); P^T sums the ghost contributions back into
// their owners. DOFs are nodes times num_comp, components interlaced (dof = num_comp * node + comp).
// Host arrays, or CeedVectors: on a device backend these stay in device memory (the owned copy, packing and
// unpacking run on the backend; MPI gets device buffers when it is GPU-aware, else the packed halo is staged).
class Prolongation {
 public:
  // global_node/owner: per L node; the rank owns T nodes first_owned_node .. first_owned_node + num_owned - 1.
  Prolongation(MPI_Comm comm, const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner, GlobalIndex first_owned_node,
               CeedInt num_owned_nodes, int num_comp);
  Prolongation(const DistributedBoxMesh &mesh, int num_comp);
  ~Prolongation();
  Prolongation(const Prolongation &)            = delete;
  Prolongation &operator=(const Prolongation &) = delete;

  MPI_Comm    comm() const { return comm_; }
  int         num_comp() const { return num_comp_; }
  CeedSize    local_size() const { return (CeedSize)num_local_nodes_ * num_comp_; }  // L DOFs
  CeedSize    owned_size() const { return (CeedSize)num_owned_nodes_ * num_comp_; }  // T DOFs on this rank
  GlobalIndex global_size() const { return num_global_nodes_ * num_comp_; }
  GlobalIndex first_owned_dof() const { return first_owned_node_ * num_comp_; }
  GlobalIndex GlobalDof(CeedSize local_dof) const;  // T index of an L DOF
  bool        IsOwned(CeedSize local_dof) const;
  CeedInt     NumNeighbors() const { return (CeedInt)neighbors_.size(); }
  CeedSize    HaloSize() const;  // DOFs received per forward exchange (= sent per reverse)
  bool        IsIdentity() const { return identity_; }  // L = T (one rank, same numbering): P copies

  // Split phases, so that work on interior elements overlaps the exchange:
  //   BeginForward writes the owned entries of l and starts receiving the ghost ones; EndForward waits.
  //   BeginReverse writes the owned sums into t (t = owned part of l) and starts sending ghost entries;
  //   EndReverse adds what the neighbours sent.
  // The exchange buffers are scratch owned by the object: one exchange at a time (not thread-safe).
  void BeginForward(const double *t, double *l) const;
  void EndForward(double *l) const;
  void BeginReverse(const double *l, double *t) const;
  void EndReverse(double *t) const;
  // The same phases on CeedVectors (one exchange at a time across both kinds).
  void BeginForward(CeedVector t, CeedVector l) const;
  void EndForward(CeedVector l) const;
  void BeginReverse(CeedVector l, CeedVector t) const;
  void EndReverse(CeedVector t) const;
  void Forward(CeedVector t, CeedVector l) const;  // l = P t
  void Reverse(CeedVector l, CeedVector t) const;  // t = P^T l
  // Whether the device exchange for ceed's vectors hands device buffers to MPI (GPU-aware MPI).
  bool DeviceBuffersToMpi(Ceed ceed) const;

 private:
  struct Neighbor {
    int                   rank;
    std::vector<CeedInt>  send_nodes;  // owned T-local nodes it holds as ghosts
    std::vector<CeedInt>  recv_nodes;  // our L nodes it owns
    std::vector<double>   send_buffer, recv_buffer;
  };
  void Init(const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner);
  void WaitAll() const;
  DeviceHalo &Device(Ceed ceed) const;  // built on first use for ceed

  MPI_Comm                 comm_;
  int                      num_comp_;
  CeedInt                  num_local_nodes_, num_owned_nodes_;
  GlobalIndex              first_owned_node_, num_global_nodes_ = 0;
  std::vector<CeedInt>     owned_local_node_;  // L node of every owned T-local node
  std::vector<GlobalIndex> global_node_;
  std::vector<char>        owned_;            // per L node
  bool                     identity_     = false;
  bool                     owned_prefix_ = false;  // owned T node j is L node j: copies are contiguous
  mutable std::vector<Neighbor>    neighbors_;
  mutable std::vector<MPI_Request> requests_;
  mutable std::unique_ptr<DeviceHalo> device_;
};

// ---- Operators and solvers ----------------------------------------------------------------------------

// Essential flags of every L DOF, from the owners' flags (size owned_size) through the prolongation.
std::vector<char> EssentialLocalFlags(const Prolongation &prolongation, const std::vector<char> &essential_owned);

// Seconds spent, accumulated over calls.
struct OperatorTimings {
  double   apply = 0.0;     // whole applications
  double   exchange = 0.0;  // waiting for halo exchanges (not hidden behind element work)
  long     applications = 0;
};

// A = P^T A_L P on T-vectors, A_L given as CeedOperators on L-vectors over the interior elements and over
// the halo elements (either may be null; the interior one runs while the ghost values travel). Essential
// DOFs (T-local flags, size owned_size) are eliminated: their rows and columns become the identity.
class ParallelOperator {
 public:
  ParallelOperator(Ceed ceed, const Prolongation &prolongation, CeedOperator op_interior, CeedOperator op_halo,
                   const std::vector<char> &essential_owned);
  ~ParallelOperator();

  void Apply(CeedVector x, CeedVector y);            // y = A x (T-vectors of owned_size)
  void AssembleDiagonal(CeedVector diagonal);        // T-vector of diagonal(A)
  const Prolongation    &prolongation() const { return prolongation_; }
  const std::vector<char> &essential_owned() const { return essential_owned_; }
  std::vector<char>        EssentialLocal() const;  // per L DOF
  CeedSize                 owned_size() const { return prolongation_.owned_size(); }
  Ceed                     ceed() const { return ceed_; }
  CeedOperator             op_interior() const { return op_interior_; }
  CeedOperator             op_halo() const { return op_halo_; }
  const OperatorTimings   &timings() const { return timings_; }
  void                     ResetTimings() { timings_ = OperatorTimings(); }

 private:
  void ApplyLocal(CeedOperator op, CeedVector x, CeedVector y, bool add);
  bool VanishesOnEssential(CeedVector x) const;
  void ApplyOnDevice(CeedVector x, CeedVector y);  // Apply with every vector kept in device memory
  void PrepareDevice();

  Ceed                ceed_;
  const Prolongation &prolongation_;
  CeedOperator        op_interior_, op_halo_;
  std::vector<char>   essential_owned_;
  std::vector<CeedInt> essential_local_;  // L DOFs to zero before the local operator
  std::vector<CeedInt> essential_owned_list_;
  CeedVector          x_local_ = nullptr, y_local_ = nullptr;
  // Device backends: 0 on essential DOFs and 1 elsewhere (L and T), the essential flags (T) and a T scratch.
  bool                on_device_ = false;
  CeedVector          keep_local_ = nullptr, keep_owned_ = nullptr, essential_vec_ = nullptr, scratch_ = nullptr;
  OperatorTimings     timings_;
};

// Global inner product of two T-vectors.
double Dot(MPI_Comm comm, CeedVector x, CeedVector y);

class Preconditioner {
 public:
  virtual ~Preconditioner() = default;
  virtual const char *Name() const                 = 0;
  virtual void        Apply(CeedVector r, CeedVector z) = 0;  // z = M^-1 r
  double              seconds      = 0.0;  // accumulated in Apply
  long                applications = 0;
};

// z = r / diag(A).
class JacobiPreconditioner : public Preconditioner {
 public:
  explicit JacobiPreconditioner(ParallelOperator &op);
  ~JacobiPreconditioner() override;
  const char *Name() const override { return "jacobi"; }
  void        Apply(CeedVector r, CeedVector z) override;

 private:
  CeedVector inverse_diagonal_ = nullptr;  // on the operator's backend
};

// What the tolerance measures: the residual |b - A x| or its preconditioned norm sqrt(r^T M^-1 r) (the
// energy norm of the error's M^-1 A image; MFEM's and hypre's PCG default).
enum class PcgNorm { residual, preconditioned };

struct PcgOptions {
  double  rtol           = 1e-8;   // on the chosen norm, relative to its initial value
  PcgNorm norm           = PcgNorm::residual;
  int    max_iterations = 10000;
  // Called every progress_interval seconds of solving (0: never) with the iteration and relative residual.
  double                                   progress_interval = 0.0;
  std::function<void(int, double)>         progress;
};

struct PcgResult {
  int    iterations        = 0;
  bool   converged         = false;
  double relative_residual = 0.0;  // final over initial value of the chosen norm
  double seconds           = 0.0;
  // Bytes the core library copied between host and device memory during the iterations (CeedGetHostDeviceBytes;
  // 0 on CPU backends): a device-resident solve moves only halos and, with a host preconditioner, its vectors.
  long long host_device_bytes = 0;
};

// Solves A x = b with x as the initial guess (set it to zero for a cold start). pc may be null (CG).
PcgResult SolvePcg(ParallelOperator &op, Preconditioner *pc, CeedVector b, CeedVector x, const PcgOptions &options);

// ---- p-multigrid ---------------------------------------------------------------------------------------

// A coarser level of a p-multigrid hierarchy, built by the application: its prolongation and essential
// flags, and for each local operator of the next finer level (interior, halo; null where that operator is
// absent) the coarse restriction and basis (same quadrature as the finer one) that
// CeedOperatorMultigridLevelCreate takes.
struct PMultigridCoarseLevel {
  const Prolongation *prolongation = nullptr;
  std::vector<char>   essential_owned;
  CeedElemRestriction restriction[2] = {nullptr, nullptr};
  CeedBasis           basis[2]       = {nullptr, nullptr};
};

struct PMultigridOptions {
  int    smoothing_degree  = 3;    // Chebyshev (Jacobi-preconditioned) polynomial degree of each pre- and post-smoothing
  int    coarse_degree     = 20;   // Chebyshev degree on the coarsest level when no coarse solver is set
  int    eigen_iterations  = 15;   // power iterations estimating the largest eigenvalue of D^-1 A per level
  double eigen_safety      = 1.1;  // the Chebyshev interval is [lower * lambda, safety * lambda]
  double lower_fraction    = 0.2;
};

// One V-cycle per application: Chebyshev-Jacobi smoothing on every level, transfers from
// CeedOperatorMultigridLevelCreate (multiplicity-weighted, so shared nodes are averaged across ranks), and
// on the coarsest level the coarse solver (e.g. BoomerAMG of its assembled matrix) or Chebyshev.
class PMultigridPreconditioner : public Preconditioner {
 public:
  PMultigridPreconditioner(ParallelOperator &fine, const std::vector<PMultigridCoarseLevel> &coarse, const PMultigridOptions &options);
  ~PMultigridPreconditioner() override;
  const char       *Name() const override { return "pmg"; }
  void              Apply(CeedVector r, CeedVector z) override;
  int               num_levels() const;
  ParallelOperator &Coarsest();
  // The coarsest level's local operators as one composite CeedOperator (owned here), e.g. to assemble it.
  CeedOperator      CoarsestLocalOperator();
  void              SetCoarseSolver(std::unique_ptr<Preconditioner> solver);
  double            setup_seconds() const { return setup_seconds_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double                setup_seconds_ = 0.0;
};

// ---- Low-order refinement -----------------------------------------------------------------------------

// Q1 sub-elements of degree-p tensor hexahedra: each element's (p+1)^3 nodes (lexicographic, x fastest)
// become p^3 trilinear elements on the same nodes (8 nodes each, lexicographic). Applications build
// their LOR operators from these offsets and the high-order node coordinates.
std::vector<CeedInt> LorElementNodes(const std::vector<CeedInt> &elem_nodes, CeedInt num_elem, int degree);

// BoomerAMG settings (used when the library has hypre; hypre's numbering of the types).
struct AmgOptions {
  int    num_functions    = 1;     // components per node (systems AMG for vector problems)
  double strong_threshold = 0.5;
  int    relax_type       = 8;     // l1-scaled symmetric hybrid Gauss-Seidel
  int    coarsen_type     = 10;    // HMIS
  int    interp_type      = 6;     // extended+i
  int    aggressive_levels = 0;    // levels of aggressive coarsening (cheaper V-cycles, weaker ones)
  int    max_row_entries  = 4;     // interpolation truncation (PMaxElmts)
  int    print_level      = 0;
};

#if CEEDRT_PARALLEL_HAVE_HYPRE
struct LorAssemblyTimings {
  double      element_matrices = 0.0;  // CeedOperatorLinearAssemble on the LOR operator
  double      csr              = 0.0;  // scattering element matrices into the rank-local CSR rows
  double      hypre            = 0.0;  // handing rows to hypre and its assembly (includes the off-rank rows)
  GlobalIndex nonzeros         = 0;    // of the global matrix
  bool        csr_on_device    = false;  // element matrices and their scatter into the CSR values ran on the device
};

// The global LOR matrix P^T A_LOR P with essential rows and columns replaced by the identity, as a hypre
// ParCSR matrix. op_lor is a CeedOperator on L-vectors of prolongation (the Q1 discretization); its
// element matrices are scattered straight into CSR rows (sparsity computed once from the element node
// lists), owned and ghost rows, and the ghost rows summed by their owners.
class LorMatrix {
 public:
  LorMatrix(const Prolongation &prolongation, CeedOperator op_lor, const std::vector<char> &essential_owned);
  ~LorMatrix();
  LorMatrix(const LorMatrix &)            = delete;
  LorMatrix &operator=(const LorMatrix &) = delete;

  void                      *ParCsr() const;  // HYPRE_ParCSRMatrix
  void                       Multiply(CeedVector x, CeedVector y) const;  // y = A_LOR x on T-vectors
  // The entries of an owned row (global number), as hypre holds them: (column, value) in hypre's order.
  std::vector<std::pair<GlobalIndex, double>> Row(GlobalIndex row) const;
  const LorAssemblyTimings  &timings() const { return timings_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  LorAssemblyTimings    timings_;
};

// One BoomerAMG V-cycle of a LOR matrix per application.
class BoomerAmgPreconditioner : public Preconditioner {
 public:
  BoomerAmgPreconditioner(const LorMatrix &matrix, const AmgOptions &options);
  ~BoomerAmgPreconditioner() override;
  const char *Name() const override { return "lor-amg"; }
  void        Apply(CeedVector r, CeedVector z) override;
  double      setup_seconds() const { return setup_seconds_; }
  int         num_levels() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double                setup_seconds_ = 0.0;
};
#endif

}  // namespace parallel
}  // namespace ceedrt
