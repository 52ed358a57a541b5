// The LOR matrix in hypre: element matrices of the Q1 operator scattered straight into rank-local CSR rows
// (owned and ghost rows, columns in global numbering), with a scatter map computed once from the element
// node lists; the ghost rows summed by their owners, and the owned rows written into a hypre ParCSR matrix.
#include <ceed/parallel.hpp>

#include <HYPRE.h>
#include <HYPRE_IJ_mv.h>
#include <HYPRE_parcsr_mv.h>
#include <_hypre_parcsr_mv.h>

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "host-array.hpp"
#include "hypre-support.hpp"
#include "hypre-vector.hpp"
#include "lor-assembly.hpp"
#include "lor-threads.hpp"

namespace ceedrt {
namespace parallel {

struct LorMatrix::Impl {
  MPI_Comm                  comm;
  HYPRE_ParCSRMatrix        parcsr = nullptr;
  HYPRE_BigInt              first = 0, last = -1;  // the owned rows
  bool                      on_device = false;  // parcsr and the vectors in GPU memory
  std::unique_ptr<HypreParVector> x, y;          // Multiply's, lent the caller's vectors
  // The rank-local rows, the storage of parcsr's diagonal block where it took their arrays.
  lor::LocalRows local_rows;

  // device_sums: the local rows' values on the device (local's host values then hold the ghost rows only).
  void Build(const Prolongation &p, lor::LocalRows rows, const std::vector<char> &essential, LorAssemblyTimings *timings,
             CeedVector device_sums = nullptr);

  ~Impl() {
    x.reset(), y.reset();
    if (parcsr) {
      HypreLocationScope scope(on_device);
      HYPRE_ParCSRMatrixDestroy(parcsr);
    }
  }
};

namespace {

// Rank-local CSR rows of P^T A P in global column numbers, and for every element-matrix entry its slot
// (-1: dropped, an essential row or column).
struct LocalCsr {
  std::vector<HYPRE_Int>    row_start;  // per L DOF
  lor::LargeArray<HYPRE_BigInt>  cols;
  std::vector<CeedInt>      slot;       // per COO entry
};

LocalCsr BuildPattern(const Prolongation &p, const CeedInt *rows, const CeedInt *cols, CeedSize num_entries, const std::vector<char> &essential) {
  const CeedSize n = p.local_size();
  LocalCsr       csr;
  csr.row_start.assign(n + 1, 0);
  csr.slot.assign(num_entries, -1);
  for (CeedSize k = 0; k < num_entries; k++) {
    if (!essential[rows[k]] && !essential[cols[k]]) csr.row_start[rows[k] + 1]++;
  }
  for (CeedSize i = 0; i < n; i++) {
    if (essential[i] && p.IsOwned(i)) csr.row_start[i + 1]++;  // the identity row
  }
  for (CeedSize i = 0; i < n; i++) csr.row_start[i + 1] += csr.row_start[i];
  // Every entry (with duplicates) in its row, then each row sorted and made unique in place.
  std::vector<HYPRE_BigInt> all(csr.row_start[n]);
  std::vector<HYPRE_Int>    fill(csr.row_start.begin(), csr.row_start.end() - 1);
  for (CeedSize k = 0; k < num_entries; k++) {
    if (!essential[rows[k]] && !essential[cols[k]]) all[fill[rows[k]]++] = (HYPRE_BigInt)p.GlobalDof(cols[k]);
  }
  for (CeedSize i = 0; i < n; i++) {
    if (essential[i] && p.IsOwned(i)) all[fill[i]++] = (HYPRE_BigInt)p.GlobalDof(i);
  }
  std::vector<HYPRE_Int> unique_start(n + 1, 0);
  for (CeedSize i = 0; i < n; i++) {
    auto begin = all.begin() + csr.row_start[i], end = all.begin() + csr.row_start[i + 1];
    std::sort(begin, end);
    const auto last = std::unique(begin, end);
    unique_start[i + 1] = unique_start[i] + (HYPRE_Int)(last - begin);
    csr.cols.insert(csr.cols.end(), begin, last);
  }
  csr.row_start = std::move(unique_start);
  for (CeedSize k = 0; k < num_entries; k++) {
    if (essential[rows[k]] || essential[cols[k]]) continue;
    const auto         begin = csr.cols.begin() + csr.row_start[rows[k]], end = csr.cols.begin() + csr.row_start[rows[k] + 1];
    const HYPRE_BigInt col   = (HYPRE_BigInt)p.GlobalDof(cols[k]);
    csr.slot[k]              = (CeedInt)(std::lower_bound(begin, end, col) - csr.cols.begin());
  }
  return csr;
}

// csr_values += the element-matrix entries at their slots, summed on the device where the element matrices
// are: an element restriction of block entries per element (one element matrix), applied transposed,
// scatter-adds them; dropped entries, slot csr_values.size(), go to one extra slot. Only the CSR values
// then cross to the host, for hypre.
void ScatterOnDevice(Ceed ceed, const CeedInt *slots, size_t num_slots, CeedInt block, CeedVector values, lor::LargeArray<double> *csr_values) {
  const Vector sums = lor::SumOnDevice(ceed, slots, num_slots, block, values, (CeedSize)csr_values->size());
  HostArray    s(sums, HostArray::read);
  std::copy(s.data(), s.data() + csr_values->size(), csr_values->begin());
}

// csr_values += the element-matrix entries at their slots (num_slots, a whole number of blocks of block
// entries, one block per element): on the device where the backend keeps the values there, else on the host.
void ScatterCoo(Ceed ceed, const CeedInt *slots, size_t num_slots, CeedInt block, CeedVector values, lor::LargeArray<double> *csr_values,
                LorAssemblyTimings *timings) {
  timings->csr_on_device = OnDevice(values);
  if (timings->csr_on_device) return ScatterOnDevice(ceed, slots, num_slots, block, values, csr_values);
  HostArray     v(values, HostArray::read);
  const CeedInt dropped = (CeedInt)csr_values->size();
  for (size_t k = 0; k < num_slots; k++) {
    if (slots[k] != dropped) (*csr_values)[slots[k]] += v[(CeedSize)k];
  }
}

using lor::LocalRows;

// The reference route: COO element matrices from the operator, the pattern by sorting each row's entries.
LocalRows AssembleCoo(const Prolongation &p, CeedOperator op_lor, const std::vector<char> &essential, LorAssemblyTimings *timings) {
  Ceed     ceed        = CeedOperatorReturnCeed(op_lor);
  double   start       = Now();
  CeedSize num_entries = 0;
  CeedInt *rows = nullptr, *cols = nullptr;
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssembleSymbolic(op_lor, &num_entries, &rows, &cols));
  for (CeedSize k = 0; k < num_entries; k++) {
    if (rows[k] < 0 || rows[k] >= p.local_size() || cols[k] < 0 || cols[k] >= p.local_size()) {
      const CeedInt bad = rows[k] < 0 || rows[k] >= p.local_size() ? rows[k] : cols[k];
      std::free(rows), std::free(cols);
      throw Error("LorMatrix: the operator's entry " + std::to_string(k) + " has index " + std::to_string(bad) + ", outside the prolongation's " +
                  std::to_string(p.local_size()) + " local DOFs");
    }
  }
  Vector values(ceed, num_entries);
  try {
    CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssemble(op_lor, values));
  } catch (...) {
    std::free(rows), std::free(cols);
    throw;
  }
  timings->element_matrices = Now() - start;

  start          = Now();
  LocalCsr csr   = BuildPattern(p, rows, cols, num_entries, essential);
  std::free(rows), std::free(cols);
  LocalRows local{std::move(csr.row_start), std::move(csr.cols), {}};
  local.values.assign(local.cols.size(), 0.0);
  for (CeedInt &slot : csr.slot) {
    if (slot < 0) slot = (CeedInt)local.cols.size();
  }
  ScatterCoo(ceed, csr.slot.data(), csr.slot.size(), 1, values, &local.values, timings);
  timings->csr = Now() - start;
  return local;
}

// The pattern from the element DOF lists, then on the host the element matrices computed and scattered in
// one pass; on a device backend (or an operator of another form) the backend's element matrices scattered
// through the same pattern.
LocalRows AssembleFromElementDofs(const Prolongation &p, CeedOperator op_lor, const lor::ElementDofs &dofs, const std::vector<char> &essential,
                                  LorAssemblyTimings *timings) {
  Ceed                ceed  = CeedOperatorReturnCeed(op_lor);
  double              start = Now();
  lor::CsrPattern     csr   = lor::BuildCsrPattern(p, dofs, essential);
  lor::LargeArray<double> values = lor::Zeros<double>(csr.cols.size());
  timings->csr = Now() - start;

  start                = Now();
  CeedMemType preferred = CEED_MEM_HOST;
  CEEDRT_PARALLEL_CALL(ceed, CeedGetPreferredMemType(ceed, &preferred));
  timings->direct = preferred == CEED_MEM_HOST && lor::AddElementMatricesOnHost(op_lor, dofs, csr, &values);
  if (timings->direct) {
    timings->element_matrices = Now() - start;
  } else {
    CeedSize num_entries = 0;
    CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssembleGetNumEntries(op_lor, &num_entries));
    Vector element_values(ceed, num_entries);
    CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssemble(op_lor, element_values));
    timings->element_matrices = Now() - start;
    start                     = Now();
    const std::vector<CeedInt> slots = lor::CooSlots(dofs, csr);
    ScatterCoo(ceed, slots.data(), slots.size(), dofs.elem_dofs() * dofs.elem_dofs(), element_values, &values, timings);
    timings->csr += Now() - start;
  }
  return LocalRows{std::move(csr.row_start), std::move(csr.cols), std::move(values)};
}

// The rows of an operator whose sub-elements are the cells of a lattice: the pattern and every element
// entry's slot in closed form on the host (lor-lattice.cpp), the element matrices from the backend in one
// batch and scattered through the slots where they are. On a device backend the sums stay there
// (device_sums); the host values hold only the rows other ranks own, which SumGhostRows sends.
LocalRows AssembleOnLattice(const Prolongation &p, CeedOperator op_lor, const LorLattice &lattice, const std::vector<char> &essential,
                            LorAssemblyTimings *timings, Vector *device_sums) {
  Ceed             ceed  = CeedOperatorReturnCeed(op_lor);
  double           start = Now();
  lor::ElementDofs dofs;
  if (!lor::ReadElementDofs(op_lor, p.local_size(), &dofs)) {
    throw Error("LorMatrix: an operator on a lattice needs one plain restriction shared by its active fields");
  }
  lor::LatticePattern            csr   = lor::BuildLatticePattern(p, lattice, dofs.num_comp, essential, timings->threads);
  const lor::LargeArray<CeedInt> slots = lor::LatticeCooSlots(dofs, lattice, essential, csr, timings->threads);
  timings->csr                         = Now() - start;
  timings->csr_host                    = timings->csr;

  start                = Now();
  CeedSize num_entries = 0;
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssembleGetNumEntries(op_lor, &num_entries));
  if (num_entries != (CeedSize)slots.size()) {
    throw Error("LorMatrix: the operator assembles " + std::to_string(num_entries) + " element entries, its lattice cells have " +
                std::to_string(slots.size()));
  }
  Vector element_values(ceed, num_entries);
  CEEDRT_PARALLEL_CALL(ceed, CeedOperatorLinearAssemble(op_lor, element_values));
  WaitForHypreDevice();
  timings->element_matrices = Now() - start;

  start = Now();
  lor::LargeArray<double> values = lor::Zeros<double>(csr.cols.size());
  LocalRows               local{std::move(csr.row_start), std::move(csr.cols), std::move(values)};
  const CeedInt block = dofs.elem_dofs() * dofs.elem_dofs();
  if (OnDevice(element_values)) {
    timings->csr_on_device = true;
    *device_sums           = lor::SumOnDevice(ceed, slots.data(), slots.size(), block, element_values, (CeedSize)local.cols.size());
    lor::CopyGhostRowsToHost(p, local, *device_sums, &local.values);
  } else {
    ScatterCoo(ceed, slots.data(), slots.size(), block, element_values, &local.values, timings);
  }
  timings->csr += Now() - start;
  return local;
}

// hypre initialized and its index width checked, the host threads chosen; the essential flags of the L DOFs.
std::vector<char> PrepareAssembly(const Prolongation &p, const std::vector<char> &essential_owned, LorAssemblyTimings *timings) {
  EnsureHypreInitialized();
  timings->threads = lor::AssemblyThreads(p.comm());
  if (p.global_size() - 1 > (GlobalIndex)std::numeric_limits<HYPRE_BigInt>::max()) {
    throw Error("LorMatrix: " + std::to_string(p.global_size()) + " global DOFs exceed hypre's " + std::to_string(8 * sizeof(HYPRE_BigInt)) +
                "-bit indices (build hypre with --enable-bigint)");
  }
  return EssentialLocalFlags(p, essential_owned);
}

// The rows of a vertex problem: on its lattice (pattern and entry places in closed form, lor-lattice.cpp) or
// from its sub-elements' node lists (the general path).
LocalRows AssembleVertexProblem(const Prolongation &p, const LorVertexProblem &problem, const std::vector<char> &essential, LorAssemblyTimings *timings) {
  double     start    = Now();
  const auto assemble = [&](auto pattern, auto add) {
    lor::LargeArray<double> values = lor::Zeros<double>(pattern.cols.size());
    timings->csr = timings->csr_host = Now() - start;
    start        = Now();
    add(pattern, &values);
    timings->element_matrices = Now() - start;
    return LocalRows{std::move(pattern.row_start), std::move(pattern.cols), std::move(values)};
  };
  if (problem.lattice) {
    return assemble(lor::BuildLatticePattern(p, *problem.lattice, problem.num_comp, essential, timings->threads),
                    [&](const lor::LatticePattern &csr, lor::LargeArray<double> *values) {
                      lor::AddLatticeElementMatrices(problem, essential, csr, values, timings->threads);
                    });
  }
  const lor::ElementDofs dofs = lor::VertexElementDofs(p, problem);
  return assemble(lor::BuildCsrPattern(p, dofs, essential),
                  [&](const lor::CsrPattern &csr, lor::LargeArray<double> *values) { lor::AddVertexElementMatrices(problem, dofs, csr, values); });
}

}  // namespace

LorMatrix::LorMatrix(const Prolongation &prolongation, CeedOperator op_lor, const std::vector<char> &essential_owned, LorAssembly method,
                     AmgMemory memory)
    : impl_(std::make_unique<Impl>()) {
  const Prolongation     &p         = prolongation;
  const std::vector<char> essential = PrepareAssembly(p, essential_owned, &timings_);
  impl_->on_device                  = ResolveHypreOnDevice(CeedOperatorReturnCeed(op_lor), memory, "LorMatrix");
  lor::ElementDofs        dofs;
  LocalRows               local = method == LorAssembly::automatic && lor::ReadElementDofs(op_lor, p.local_size(), &dofs)
                                      ? AssembleFromElementDofs(p, op_lor, dofs, essential, &timings_)
                                      : AssembleCoo(p, op_lor, essential, &timings_);
  impl_->Build(p, std::move(local), essential, &timings_);
}

LorMatrix::LorMatrix(const Prolongation &prolongation, CeedOperator op_lor, const LorLattice &lattice, const std::vector<char> &essential_owned,
                     AmgMemory memory)
    : impl_(std::make_unique<Impl>()) {
  const Prolongation     &p         = prolongation;
  const std::vector<char> essential = PrepareAssembly(p, essential_owned, &timings_);
  impl_->on_device                  = ResolveHypreOnDevice(CeedOperatorReturnCeed(op_lor), memory, "LorMatrix");
  timings_.on_lattice               = true;
  Vector    device_sums;
  LocalRows local = AssembleOnLattice(p, op_lor, lattice, essential, &timings_, &device_sums);
  impl_->Build(p, std::move(local), essential, &timings_, device_sums);
}

LorMatrix::LorMatrix(const Prolongation &prolongation, const LorVertexProblem &problem, const std::vector<char> &essential_owned,
                     AmgMemory memory)
    : impl_(std::make_unique<Impl>()) {
  const Prolongation     &p         = prolongation;
  const std::vector<char> essential = PrepareAssembly(p, essential_owned, &timings_);
  impl_->on_device                  = ResolveHypreOnDevice(problem.ceed, memory, "LorMatrix");
  lor::CheckVertexProblem(p, problem);
  timings_.from_vertices = true;
  timings_.on_lattice    = problem.lattice != nullptr;
  impl_->Build(p, AssembleVertexProblem(p, problem, essential, &timings_), essential, &timings_);
}

// The identity on the owned essential rows, every row complete on its owner, then the matrix and vectors in hypre.
void LorMatrix::Impl::Build(const Prolongation &p, LocalRows rows, const std::vector<char> &essential, LorAssemblyTimings *timings,
                            CeedVector device_sums) {
  comm             = p.comm();
  local_rows       = std::move(rows);
  LocalRows &local = local_rows;
  for (CeedSize i = 0; i < p.local_size(); i++) {
    if (essential[i] && p.IsOwned(i)) local.values[local.row_start[i]] = 1.0;
  }

  // Every row complete on its owner, then written straight into hypre's ParCSR arrays.
  const double start = Now();
  first              = (HYPRE_BigInt)p.first_owned_dof();
  last               = first + (HYPRE_BigInt)p.owned_size() - 1;
  HypreLocationScope   scope(on_device);
  lor::LargeArray<CeedInt> positions;
  parcsr = lor::BuildParCsr(p, &local, lor::SumGhostRows(p, local), !on_device && !device_sums, timings->threads, device_sums ? &positions : nullptr);
  timings->hypre_host = Now() - start;
  if (device_sums) {
    lor::AddDeviceSums(parcsr, positions, device_sums, on_device);
  } else if (on_device) {  // the rows built on the host cross once, hypre's arrays there replacing the host ones
    HypreCheck(hypre_ParCSRMatrixMigrate((hypre_ParCSRMatrix *)parcsr, HYPRE_MEMORY_DEVICE), "hypre_ParCSRMatrixMigrate");
  }
  // The local rows are kept only where hypre's diagonal block took their arrays as its storage.
  if (hypre_CSRMatrixData(hypre_ParCSRMatrixDiag((hypre_ParCSRMatrix *)parcsr)) != local.values.data()) local_rows = lor::LocalRows();
  timings->hypre           = Now() - start;
  timings->hypre_on_device = on_device;
  timings->nonzeros        = (GlobalIndex)hypre_ParCSRMatrixNumNonzeros((hypre_ParCSRMatrix *)parcsr);
  x = std::make_unique<HypreParVector>(p.comm(), (HYPRE_BigInt)p.global_size(), first, last, on_device);
  y = std::make_unique<HypreParVector>(p.comm(), (HYPRE_BigInt)p.global_size(), first, last, on_device);
}

LorMatrix::~LorMatrix() = default;

std::vector<std::pair<GlobalIndex, double>> LorMatrix::Row(GlobalIndex row) const {
  const HYPRE_BigInt first = impl_->first, last = impl_->last;
  if (row < first || row > last) {
    throw Error("LorMatrix::Row: row " + std::to_string(row) + " is not owned here (rows " + std::to_string(first) + " to " + std::to_string(last) + ")");
  }
  HYPRE_Int          size = 0;
  HYPRE_BigInt      *cols = nullptr;
  double            *vals = nullptr;
  HypreLocationScope scope(impl_->on_device);  // on the GPU, hypre copies the row to host buffers
  HypreCheck(HYPRE_ParCSRMatrixGetRow(impl_->parcsr, (HYPRE_BigInt)row, &size, &cols, &vals), "HYPRE_ParCSRMatrixGetRow");
  std::vector<HYPRE_BigInt> row_cols(cols, cols + (impl_->on_device ? 0 : size));
  std::vector<double>       row_vals(vals, vals + (impl_->on_device ? 0 : size));
  if (impl_->on_device) {  // hypre's row buffers are in the matrix's memory
    row_cols.resize(size), row_vals.resize(size);
    hypre_TMemcpy(row_cols.data(), cols, HYPRE_BigInt, size, HYPRE_MEMORY_HOST, HYPRE_MEMORY_DEVICE);
    hypre_TMemcpy(row_vals.data(), vals, double, size, HYPRE_MEMORY_HOST, HYPRE_MEMORY_DEVICE);
  }
  std::vector<std::pair<GlobalIndex, double>> entries(size);
  for (HYPRE_Int k = 0; k < size; k++) entries[k] = {(GlobalIndex)row_cols[k], row_vals[k]};
  HYPRE_ParCSRMatrixRestoreRow(impl_->parcsr, (HYPRE_BigInt)row, &size, &cols, &vals);
  return entries;
}

void *LorMatrix::ParCsr() const { return impl_->parcsr; }

void LorMatrix::Multiply(CeedVector x, CeedVector y) const {
  LentVector         xl(*impl_->x, x, LentVector::read, "LorMatrix::Multiply (x)");
  LentVector         yl(*impl_->y, y, LentVector::write, "LorMatrix::Multiply (y)");
  HypreLocationScope scope(impl_->on_device);
  HypreCheck(HYPRE_ParCSRMatrixMatvec(1.0, impl_->parcsr, *impl_->x, 0.0, *impl_->y), "HYPRE_ParCSRMatrixMatvec");
}

}  // namespace parallel
}  // namespace ceedrt
