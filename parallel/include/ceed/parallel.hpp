/// \file
/// ceedrt-parallel: MPI-parallel solves on top of any ceedrt backend (a companion library; the core never
/// links it). It provides
///   - distributed structured hexahedral meshes of [0,1]^3, block-partitioned over the ranks of a
///     communicator (uneven splits included), optionally deformed (smooth or Kershaw map);
///   - the parallel prolongation P from global T-vectors (owned DOFs) to rank-local L-vectors (owned and
///     ghost DOFs), with nonblocking halo exchange that an operator overlaps with its interior elements;
///   - operators A = P^T A_L P with essential DOFs eliminated, parallel inner products, preconditioned CG;
///   - low-order refinement (LOR): Q1 sub-elements of a degree-p tensor space, the rank-local LOR matrix
///     assembled straight into CSR and handed to hypre, and BoomerAMG as a preconditioner (when the library
///     was built with hypre: CEEDRT_PARALLEL_HAVE_HYPRE).
/// C++17; errors are reported as ceedrt::parallel::Error exceptions carrying the library's message.
/// See docs/parallel.md.
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

// The library is built with hidden visibility: what this header declares is its interface, nothing else. The
// internal types the interface holds by pointer are declared hidden (CEEDRT_PARALLEL_INTERNAL), so their members
// stay out of the exports although their names appear here.
#pragma GCC visibility push(default)

/// Marks an internal type the interface holds by pointer: hidden, so its members are not exported (undefined at the end).
#define CEEDRT_PARALLEL_INTERNAL __attribute__((visibility("hidden")))

namespace ceedrt {
namespace parallel {

/// Index of a DOF or node across all ranks.
using GlobalIndex = long long;

// ---- Structured meshes --------------------------------------------------------------------------------

/// Block partition of an element box over a grid of ranks (ranks per direction chosen to keep the blocks
/// close to cubes); parts differ by at most one element per direction.
struct BoxPartition {
  std::array<CeedInt, 3> elems{};  ///< elements per direction of the whole box
  std::array<int, 3>     ranks{};  ///< ranks per direction, product = number of ranks

  /// Partition of elems over num_ranks ranks.
  static BoxPartition Create(const std::array<CeedInt, 3> &elems, int num_ranks);
  CeedInt             Start(int direction, int part) const;  ///< first element of part; Start(d, ranks[d]) = elems[d]
  std::array<int, 3>  Coords(int rank) const;                 ///< position of rank in the rank grid (x fastest)
  /// The rank at a position of the rank grid.
  int                 Rank(const std::array<int, 3> &coords) const;
};

/// One rank's part of a distributed box mesh of degree-p hexahedra.
/// T-space: each lattice node is owned by exactly one rank (the part whose block contains it, the lower
/// part owning nothing of a shared face); ranks number their owned nodes contiguously in rank order,
/// lexicographically (x fastest) within their block.
/// L-space: the lattice nodes of the rank's element block: the owned ones first, in T order (so that P is
/// a contiguous copy there), then the ghosts.
struct DistributedBoxMesh {
  MPI_Comm               comm = MPI_COMM_NULL;  ///< not owned
  int                    rank = 0;  ///< this rank in comm
  int                    size = 1;  ///< number of ranks in comm
  int                    degree = 1;  ///< polynomial degree of the elements
  BoxMeshOptions         options;  ///< deformation of the mesh
  BoxPartition           partition;  ///< the partition of the box over the ranks
  std::array<CeedInt, 3> elem_begin{};  ///< first element of this rank's block, per direction
  std::array<CeedInt, 3> elem_end{};  ///< one past the last element of this rank's block, per direction
  std::array<CeedInt, 3> local_nodes_1d{};  ///< L-space nodes per direction
  CeedInt                num_elem        = 0;   ///< local elements
  CeedInt                num_local_nodes = 0;   ///< L-space nodes
  std::vector<CeedInt>   elem_nodes;            ///< num_elem * (p+1)^3 L-node indices, lexicographic per element
  std::vector<double>    coords;                ///< 3 * num_local_nodes, component-major
  std::vector<GlobalIndex> global_node;         ///< T index of every L node
  std::vector<GlobalIndex> lattice_node;        ///< global lattice index (x fastest) of every L node
  std::vector<CeedInt>     box_node;            ///< L node of every point of the rank's node lattice (local_nodes_1d, x fastest)
  std::vector<int>         owner;               ///< owning rank of every L node
  std::vector<char>        on_boundary;         ///< L node lies on the boundary of the cube
  CeedInt                  num_owned_nodes  = 0;  ///< T-space nodes of this rank
  GlobalIndex              first_owned_node = 0;  ///< T index of this rank's first owned node
  GlobalIndex              num_global_nodes = 0;  ///< T-space nodes of all ranks
  /// Local elements with no ghost node (interior) and the others (halo), for overlapping the exchange.
  std::vector<CeedInt> interior_elems;
  std::vector<CeedInt> halo_elems;  ///< local elements with a ghost node

  /// Builds this rank's part of a box of elems elements of degree `degree` (collective over comm).
  static DistributedBoxMesh Build(MPI_Comm comm, const std::array<CeedInt, 3> &elems, int degree, const BoxMeshOptions &options = {});
  /// Nodes per element, (degree + 1)^3.
  CeedInt NodesPerElem() const { return (degree + 1) * (degree + 1) * (degree + 1); }
  /// elem_nodes of a subset of the local elements, in the order given.
  std::vector<CeedInt> ElementNodes(const std::vector<CeedInt> &elems) const;
};

// ---- Parallel prolongation ----------------------------------------------------------------------------

class CEEDRT_PARALLEL_INTERNAL DeviceHalo;

/// Whether v's context prefers device memory (a GPU backend): the solvers then keep v there.
bool OnDevice(CeedVector v);

/// P: T-vector (owned DOFs) -> L-vector (owned and ghost DOFs); P^T sums the ghost contributions back into
/// their owners. DOFs are nodes times num_comp, components interlaced (dof = num_comp * node + comp).
/// Host arrays, or CeedVectors: on a device backend these stay in device memory (the owned copy, packing and
/// unpacking run on the backend; MPI gets device buffers when it is GPU-aware, else the packed halo is staged).
class Prolongation {
 public:
  /// global_node/owner: per L node; the rank owns T nodes first_owned_node .. first_owned_node + num_owned - 1.
  Prolongation(MPI_Comm comm, const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner, GlobalIndex first_owned_node,
               CeedInt num_owned_nodes, int num_comp);
  /// The prolongation of a box mesh's nodes with num_comp components each.
  Prolongation(const DistributedBoxMesh &mesh, int num_comp);
  ~Prolongation();
  Prolongation(const Prolongation &)            = delete;
  Prolongation &operator=(const Prolongation &) = delete;

  MPI_Comm    comm() const { return comm_; }  ///< the communicator (not owned)
  int         num_comp() const { return num_comp_; }  ///< components per node
  CeedSize    local_size() const { return (CeedSize)num_local_nodes_ * num_comp_; }  ///< L DOFs
  CeedSize    owned_size() const { return (CeedSize)num_owned_nodes_ * num_comp_; }  ///< T DOFs on this rank
  GlobalIndex global_size() const { return num_global_nodes_ * num_comp_; }  ///< T DOFs on all ranks
  GlobalIndex first_owned_dof() const { return first_owned_node_ * num_comp_; }  ///< T index of the first owned DOF
  GlobalIndex GlobalDof(CeedSize local_dof) const;  ///< T index of an L DOF
  bool        IsOwned(CeedSize local_dof) const;  ///< whether this rank owns an L DOF
  CeedInt     NumNeighbors() const { return (CeedInt)neighbors_.size(); }  ///< ranks exchanged with
  CeedSize    HaloSize() const;  ///< DOFs received per forward exchange (= sent per reverse)
  bool        IsIdentity() const { return identity_; }  ///< L = T (one rank, same numbering): P copies

  /// Split phases, so that work on interior elements overlaps the exchange:
  ///   BeginForward writes the owned entries of l and starts receiving the ghost ones; EndForward waits.
  ///   BeginReverse writes the owned sums into t (t = owned part of l) and starts sending ghost entries;
  ///   EndReverse adds what the neighbours sent.
  /// The exchange buffers are scratch owned by the object: one exchange at a time (not thread-safe).
  void BeginForward(const double *t, double *l) const;
  void EndForward(double *l) const;  ///< waits for the ghost entries of l
  void BeginReverse(const double *l, double *t) const;  ///< see BeginForward()
  void EndReverse(double *t) const;  ///< adds the neighbours' contributions into t
  /// The same phases on CeedVectors (one exchange at a time across both kinds).
  void BeginForward(CeedVector t, CeedVector l) const;
  void EndForward(CeedVector l) const;  ///< EndForward() on a CeedVector
  void BeginReverse(CeedVector l, CeedVector t) const;  ///< BeginReverse() on CeedVectors
  void EndReverse(CeedVector t) const;  ///< EndReverse() on a CeedVector
  void Forward(CeedVector t, CeedVector l) const;  ///< l = P t
  void Reverse(CeedVector l, CeedVector t) const;  ///< t = P^T l
  /// Whether the device exchange for ceed's vectors hands device buffers to MPI (GPU-aware MPI).
  bool DeviceBuffersToMpi(Ceed ceed) const;

 private:
  struct Neighbor {
    int                   rank;
    std::vector<CeedInt>  send_nodes;  ///< owned T-local nodes it holds as ghosts
    std::vector<CeedInt>  recv_nodes;  ///< our L nodes it owns
    std::vector<double>   send_buffer, recv_buffer;
  };
  void Init(const std::vector<GlobalIndex> &global_node, const std::vector<int> &owner);
  void WaitAll() const;
  DeviceHalo &Device(Ceed ceed) const;  ///< built on first use for ceed

  MPI_Comm                 comm_;
  int                      num_comp_;
  CeedInt                  num_local_nodes_, num_owned_nodes_;
  GlobalIndex              first_owned_node_, num_global_nodes_ = 0;
  std::vector<CeedInt>     owned_local_node_;  ///< L node of every owned T-local node
  std::vector<GlobalIndex> global_node_;
  std::vector<char>        owned_;            ///< per L node
  bool                     identity_     = false;
  bool                     owned_prefix_ = false;  ///< owned T node j is L node j: copies are contiguous
  mutable std::vector<Neighbor>    neighbors_;
  mutable std::vector<MPI_Request> requests_;
  mutable std::unique_ptr<DeviceHalo> device_;
};

// ---- Operators and solvers ----------------------------------------------------------------------------

/// Essential flags of every L DOF, from the owners' flags (size owned_size) through the prolongation.
std::vector<char> EssentialLocalFlags(const Prolongation &prolongation, const std::vector<char> &essential_owned);

/// Seconds spent, accumulated over calls.
struct OperatorTimings {
  double   apply = 0.0;     ///< whole applications
  double   exchange = 0.0;  ///< waiting for halo exchanges (not hidden behind element work)
  long     applications = 0;  ///< number of applications
};

/// A = P^T A_L P on T-vectors, A_L given as CeedOperators on L-vectors over the interior elements and over
/// the halo elements (either may be null; the interior one runs while the ghost values travel). Essential
/// DOFs (T-local flags, size owned_size) are eliminated: their rows and columns become the identity.
class ParallelOperator {
 public:
  /// The operator of prolongation, op_interior and op_halo (borrowed: the caller keeps them alive) and the
  /// essential flags of the owned DOFs.
  ParallelOperator(Ceed ceed, const Prolongation &prolongation, CeedOperator op_interior, CeedOperator op_halo,
                   const std::vector<char> &essential_owned);
  ~ParallelOperator();

  void Apply(CeedVector x, CeedVector y);            ///< y = A x (T-vectors of owned_size)
  void AssembleDiagonal(CeedVector diagonal);        ///< T-vector of diagonal(A)
  const Prolongation    &prolongation() const { return prolongation_; }  ///< the prolongation P
  const std::vector<char> &essential_owned() const { return essential_owned_; }  ///< essential flags per owned DOF
  std::vector<char>        EssentialLocal() const;  ///< per L DOF
  CeedSize                 owned_size() const { return prolongation_.owned_size(); }  ///< T DOFs on this rank
  Ceed                     ceed() const { return ceed_; }  ///< the library context
  CeedOperator             op_interior() const { return op_interior_; }  ///< local operator over the interior elements
  CeedOperator             op_halo() const { return op_halo_; }  ///< local operator over the halo elements
  const OperatorTimings   &timings() const { return timings_; }  ///< time spent so far
  void                     ResetTimings() { timings_ = OperatorTimings(); }  ///< zeroes the timings
  /// On a device backend, end each application by waiting for its kernels, so that timings().apply counts
  /// them rather than their launches (one synchronization per application; off by default, since the next
  /// call that needs a result waits anyway).
  void                     WaitForDeviceInTimings(bool wait) { wait_for_device_ = wait; }

 private:
  void ApplyLocal(CeedOperator op, CeedVector x, CeedVector y, bool add);
  bool VanishesOnEssential(CeedVector x) const;
  void ApplyOnDevice(CeedVector x, CeedVector y);  ///< Apply with every vector kept in device memory
  void PrepareDevice();

  Ceed                ceed_;
  const Prolongation &prolongation_;
  CeedOperator        op_interior_, op_halo_;
  std::vector<char>   essential_owned_;
  std::vector<CeedInt> essential_local_;  ///< L DOFs to zero before the local operator
  std::vector<CeedInt> essential_owned_list_;
  CeedVector          x_local_ = nullptr, y_local_ = nullptr;
  /// Device backends: 0 on essential DOFs and 1 elsewhere (L and T), the essential flags (T) and a T scratch.
  bool                on_device_ = false;
  CeedVector          keep_local_ = nullptr, keep_owned_ = nullptr, essential_vec_ = nullptr, scratch_ = nullptr;
  CeedVector          wait_flag_ = nullptr;  ///< one value, written and read back to wait for the device
  bool                wait_for_device_ = false;
  OperatorTimings     timings_;
};

/// Global inner product of two T-vectors.
double Dot(MPI_Comm comm, CeedVector x, CeedVector y);

/// A preconditioner M: applies M^-1 to T-vectors.
class Preconditioner {
 public:
  virtual ~Preconditioner() = default;
  virtual const char *Name() const                 = 0;  ///< short name, as reports print it
  virtual void        Apply(CeedVector r, CeedVector z) = 0;  ///< z = M^-1 r
  double              seconds      = 0.0;  ///< accumulated in Apply
  long                applications = 0;  ///< number of applications
};

/// z = r / diag(A).
class JacobiPreconditioner : public Preconditioner {
 public:
  /// Assembles the diagonal of op (collective).
  explicit JacobiPreconditioner(ParallelOperator &op);
  ~JacobiPreconditioner() override;
  const char *Name() const override { return "jacobi"; }  ///< "jacobi"
  void        Apply(CeedVector r, CeedVector z) override;

 private:
  CeedVector inverse_diagonal_ = nullptr;  ///< on the operator's backend
};

/// What the tolerance measures: the residual |b - A x| or its preconditioned norm sqrt(r^T M^-1 r) (the
/// energy norm of the error's M^-1 A image; MFEM's and hypre's PCG default).
enum class PcgNorm { residual, preconditioned };

/// Settings of SolvePcg().
struct PcgOptions {
  double  rtol           = 1e-8;   ///< on the chosen norm, relative to its initial value
  PcgNorm norm           = PcgNorm::residual;  ///< what rtol measures
  int    max_iterations = 10000;  ///< iterations before giving up
  /// Called every progress_interval seconds of solving (0: never) with the iteration and relative residual.
  double                                   progress_interval = 0.0;
  std::function<void(int, double)>         progress;  ///< the progress callback (may be empty)
};

/// Outcome of SolvePcg().
struct PcgResult {
  int    iterations        = 0;  ///< iterations done
  bool   converged         = false;  ///< whether rtol was reached
  double relative_residual = 0.0;  ///< final over initial value of the chosen norm
  double seconds           = 0.0;  ///< wall time of the solve
  /// Bytes the core library copied between host and device memory during the iterations (CeedGetHostDeviceBytes;
  /// 0 on CPU backends): a device-resident solve moves only halos and, with a host preconditioner, its vectors.
  long long host_device_bytes = 0;
};

/// Solves A x = b with x as the initial guess (set it to zero for a cold start). pc may be null (CG).
PcgResult SolvePcg(ParallelOperator &op, Preconditioner *pc, CeedVector b, CeedVector x, const PcgOptions &options);

// ---- p-multigrid ---------------------------------------------------------------------------------------

/// A coarser level of a p-multigrid hierarchy, built by the application: its prolongation and essential
/// flags, and for each local operator of the next finer level (interior, halo; null where that operator is
/// absent) the coarse restriction and basis (same quadrature as the finer one) that
/// CeedOperatorMultigridLevelCreate takes.
struct PMultigridCoarseLevel {
  const Prolongation *prolongation = nullptr;  ///< the level's prolongation (borrowed)
  std::vector<char>   essential_owned;  ///< essential flags of the level's owned DOFs
  CeedElemRestriction restriction[2] = {nullptr, nullptr};  ///< coarse restrictions (interior, halo; borrowed)
  CeedBasis           basis[2]       = {nullptr, nullptr};  ///< coarse bases (interior, halo; borrowed)
};

/// Settings of PMultigridPreconditioner.
struct PMultigridOptions {
  int    smoothing_degree  = 3;    ///< Chebyshev (Jacobi-preconditioned) polynomial degree of each pre- and post-smoothing
  int    coarse_degree     = 20;   ///< Chebyshev degree on the coarsest level when no coarse solver is set
  int    eigen_iterations  = 15;   ///< power iterations estimating the largest eigenvalue of D^-1 A per level
  double eigen_safety      = 1.1;  ///< the Chebyshev interval is [lower * lambda, safety * lambda]
  double lower_fraction    = 0.2;  ///< lower end of the Chebyshev interval, as a fraction of lambda
};

/// One V-cycle per application: Chebyshev-Jacobi smoothing on every level, transfers from
/// CeedOperatorMultigridLevelCreate (multiplicity-weighted, so shared nodes are averaged across ranks), and
/// on the coarsest level the coarse solver (e.g. BoomerAMG of its assembled matrix) or Chebyshev.
class PMultigridPreconditioner : public Preconditioner {
 public:
  /// Builds the levels from fine and the coarse levels, finest first (collective).
  PMultigridPreconditioner(ParallelOperator &fine, const std::vector<PMultigridCoarseLevel> &coarse, const PMultigridOptions &options);
  ~PMultigridPreconditioner() override;
  const char       *Name() const override { return "pmg"; }  ///< "pmg"
  void              Apply(CeedVector r, CeedVector z) override;
  int               num_levels() const;  ///< levels, the finest included
  ParallelOperator &Coarsest();  ///< the coarsest level's operator
  /// The coarsest level's local operators as one composite CeedOperator (owned here), e.g. to assemble it.
  CeedOperator      CoarsestLocalOperator();
  void              SetCoarseSolver(std::unique_ptr<Preconditioner> solver);  ///< replaces Chebyshev on the coarsest level
  double            setup_seconds() const { return setup_seconds_; }  ///< time spent building the levels

 private:
  struct CEEDRT_PARALLEL_INTERNAL Impl;
  std::unique_ptr<Impl> impl_;
  double                setup_seconds_ = 0.0;
};

// ---- Low-order refinement -----------------------------------------------------------------------------

/// Q1 sub-elements of degree-p tensor hexahedra: each element's (p+1)^3 nodes (lexicographic, x fastest)
/// become p^3 trilinear elements on the same nodes (8 nodes each, lexicographic). Applications build
/// their LOR operators from these offsets and the high-order node coordinates.
std::vector<CeedInt> LorElementNodes(const std::vector<CeedInt> &elem_nodes, CeedInt num_elem, int degree);

/// BoomerAMG settings (used when the library has hypre; hypre's numbering of the types). Where hypre holds
/// the matrix on a GPU (LorMatrix::on_device), only the types hypre runs there are accepted: coarsening 8
/// (PMIS); interpolation 3, 6, 14, 15, 18; relaxation 3, 4, 6, 7, 11, 12, 16, 18.
struct AmgOptions {
  int    num_functions    = 1;     ///< components per node (systems AMG for vector problems)
  double strong_threshold = 0.5;  ///< strength-of-connection threshold
  int    relax_type       = -1;    ///< -1: l1-scaled symmetric hybrid Gauss-Seidel (8) on the host, l1-Jacobi (18) on a GPU
  int    coarsen_type     = -1;    ///< -1: HMIS (10) on the host, PMIS (8) on a GPU
  int    interp_type      = 6;     ///< extended+i
  int    aggressive_levels = 0;    ///< levels of aggressive coarsening (cheaper V-cycles, weaker ones)
  int    max_row_entries  = 4;     ///< interpolation truncation (PMaxElmts)
  int    print_level      = 0;  ///< hypre's verbosity
};

#if CEEDRT_PARALLEL_HAVE_HYPRE
/// Where hypre keeps a LorMatrix (and the vectors BoomerAMG works on) and runs on it.
enum class AmgMemory {
  automatic,  ///< on the GPU when hypre was built for the backend's device (a CUDA hypre and a /gpu/cuda resource, HIP and /gpu/hip), else the host
  host,       ///< host memory, hypre's host code (also with a GPU hypre)
  device,     ///< GPU memory, hypre's device code: refused, with the reason, where automatic would choose the host
};

/// The GPU runtime the linked hypre was built for: "cuda", "hip", or "" for a host-only hypre.
const char *HypreGpuRuntime();

/// Seconds spent assembling a LorMatrix, and its size.
struct LorAssemblyTimings {
  double      element_matrices = 0.0;  ///< the LOR operator's element matrices (with the scatter when direct)
  double      csr              = 0.0;  ///< the rank-local CSR pattern and (unless direct) the scatter into it
  double      hypre            = 0.0;  ///< handing rows to hypre and its assembly (includes the off-rank rows)
  double      csr_host         = 0.0;  ///< of csr, on a lattice: the pattern and the element entries' slots (host loops)
  double      hypre_host       = 0.0;  ///< of hypre: the ghost rows summed by their owners and the rows written on the host
  GlobalIndex nonzeros         = 0;    ///< of the global matrix
  bool        csr_on_device    = false;  ///< element matrices and their scatter into the CSR values ran on the device
  bool        direct           = false;  ///< element matrices computed on the host from the assembled QFunction
  bool        from_vertices    = false;  ///< element matrices computed from the vertex coordinates (LorVertexProblem)
  bool        on_lattice       = false;  ///< the structured path: pattern and entry places in closed form (LorLattice)
  bool        hypre_on_device  = false;  ///< hypre holds the matrix in GPU memory (LorMatrix::on_device)
  int         threads          = 1;      ///< host threads of the lattice loops and the hand-over (SetLorAssemblyThreads)
};

/// Host threads for the loops of the LorMatrix assemblies that follow, process-wide: the lattice routes'
/// pattern, element matrices (vertex rule) and scatter slots, and the rows written into hypre. The matrix
/// is the same for any count (the same rows and columns, bit-equal values). 0, the default: the cores of the
/// node divided by the ranks on it (MPI_COMM_TYPE_SHARED), at most the cores the process may run on, at
/// least 1. Set the same count on every rank. Throws on a negative count.
void SetLorAssemblyThreads(int threads);

/// How LorMatrix computes its element matrices and CSR pattern.
enum class LorAssembly {
  automatic,  ///< direct where the operator allows (one plain active restriction, INTERP/GRAD fields, host memory)
  coo,        ///< CeedOperatorLinearAssembleSymbolic/CeedOperatorLinearAssemble, pattern by sorting (the reference)
};

/// The LOR mesh of a rank as a lattice: its macro elements are a block of elems[0] x elems[1] x elems[2]
/// degree-p hexahedra (x fastest, as DistributedBoxMesh numbers its local elements), their nodes a lattice of
/// elems[d] * degree + 1 points per direction, and the LOR sub-elements every cell of that lattice, macro
/// element by macro element in the order LorElementNodes gives them. Knowing this, LorMatrix computes each
/// row's columns (a node's 27 lattice neighbours) and each element entry's place in its row in closed form.
struct LorLattice {
  std::array<CeedInt, 3>      elems{};           ///< macro elements per direction on this rank
  int                         degree = 1;        ///< p: sub-elements per macro element and direction
  const std::vector<CeedInt> *nodes  = nullptr;  ///< L node of every lattice point, x fastest (DistributedBoxMesh::box_node)
};

/// A Q1 problem on LOR sub-elements given by their vertices: the mass or diffusion operator with the
/// 2-point Gauss-Lobatto rule per direction (the vertices), i.e. the operator the gallery QFunctions
/// Mass3DBuild/MassApply and Poisson3DBuild/Poisson3DApply (or their 3-component forms) give with that rule
/// on a trilinear element. LorMatrix computes its element matrices straight from the coordinates: no
/// CeedOperator and no quadrature data are built. Borrowed arrays: they must outlive the LorMatrix constructor.
struct LorVertexProblem {
  /// Which operator: the mass matrix or the diffusion (stiffness) matrix.
  enum class Kind { mass, diffusion };
  Kind                        kind     = Kind::diffusion;  ///< the operator assembled
  int                         num_comp = 1;        ///< components per node, interlaced (DOF = num_comp * node + comp), as the prolongation's
  const std::vector<CeedInt> *elem_nodes = nullptr;  ///< 8 L nodes per sub-element, lexicographic (as LorElementNodes gives them)
  const std::vector<double>  *coords     = nullptr;  ///< coordinates of the L nodes, component-major (all x, then all y, then all z)
  /// When set, the sub-elements are the cells of this lattice and elem_nodes is not read (the structured
  /// path: the same matrix, without visiting the element entries to build the pattern).
  const LorLattice           *lattice    = nullptr;
  /// The backend of the vectors the matrix will multiply and precondition: AmgMemory::automatic places the
  /// matrix where they are (null: the host).
  Ceed                        ceed       = nullptr;
};

/// The global LOR matrix P^T A_LOR P with essential rows and columns replaced by the identity, as a hypre
/// ParCSR matrix. op_lor is a CeedOperator on L-vectors of prolongation (the Q1 discretization); its
/// element matrices are scattered straight into CSR rows (sparsity computed once from the element node
/// lists, or in closed form on a LorLattice), owned and ghost rows, and the ghost rows summed by their owners.
class LorMatrix {
 public:
  /// Assembles the matrix of op_lor (collective); op_lor is borrowed.
  LorMatrix(const Prolongation &prolongation, CeedOperator op_lor, const std::vector<char> &essential_owned,
            LorAssembly method = LorAssembly::automatic, AmgMemory memory = AmgMemory::automatic);
  /// The matrix of op_lor whose sub-elements are the cells of lattice, in LorElementNodes' order (collective;
  /// op_lor and lattice are borrowed): the pattern and each element entry's place in closed form on the host,
  /// the element matrices from the backend (CeedOperatorLinearAssemble) in one batch. On a device backend
  /// they stay in device memory and are scattered into the CSR values there (timings().csr_on_device); only
  /// the values cross to the host. Equals the assembly of the same operator by node lists to round-off.
  LorMatrix(const Prolongation &prolongation, CeedOperator op_lor, const LorLattice &lattice, const std::vector<char> &essential_owned,
            AmgMemory memory = AmgMemory::automatic);
  /// The same matrix for a problem given by its vertices (collective); equals the assembly of the Q1 operator
  /// with the vertex rule entry by entry (to round-off).
  /// The matrix goes where problem.ceed's vectors are (automatic; the host without one), or where memory says.
  LorMatrix(const Prolongation &prolongation, const LorVertexProblem &problem, const std::vector<char> &essential_owned,
            AmgMemory memory = AmgMemory::automatic);
  ~LorMatrix();
  LorMatrix(const LorMatrix &)            = delete;
  LorMatrix &operator=(const LorMatrix &) = delete;

  void                      *ParCsr() const;  ///< HYPRE_ParCSRMatrix
  bool                       on_device() const { return timings_.hypre_on_device; }  ///< hypre holds it in GPU memory
  /// y = A_LOR x on T-vectors (hypre's matvec; with the matrix on a GPU, x and y in the backend's device memory)
  void                       Multiply(CeedVector x, CeedVector y) const;
  /// The entries of an owned row (global number), as hypre holds them: (column, value) in hypre's order.
  std::vector<std::pair<GlobalIndex, double>> Row(GlobalIndex row) const;
  const LorAssemblyTimings  &timings() const { return timings_; }  ///< assembly times

 private:
  struct CEEDRT_PARALLEL_INTERNAL Impl;
  std::unique_ptr<Impl> impl_;
  LorAssemblyTimings    timings_;
};

/// One BoomerAMG V-cycle of a LOR matrix per application.
class BoomerAmgPreconditioner : public Preconditioner {
 public:
  /// Sets BoomerAMG up on matrix (borrowed: it must outlive the preconditioner).
  BoomerAmgPreconditioner(const LorMatrix &matrix, const AmgOptions &options);
  ~BoomerAmgPreconditioner() override;
  const char *Name() const override { return "lor-amg"; }  ///< "lor-amg"
  void        Apply(CeedVector r, CeedVector z) override;
  double      setup_seconds() const { return setup_seconds_; }  ///< time of the AMG set-up
  int         num_levels() const;  ///< levels of the AMG hierarchy

 private:
  struct CEEDRT_PARALLEL_INTERNAL Impl;
  std::unique_ptr<Impl> impl_;
  double                setup_seconds_ = 0.0;
};
#endif

}  ///< namespace parallel
}  ///< namespace ceedrt

#undef CEEDRT_PARALLEL_INTERNAL
#pragma GCC visibility pop
