// BoomerAMG as a preconditioner: one V-cycle of the LOR matrix from a zero initial guess per application,
// in host memory or, where hypre holds the matrix on the GPU, there (the CG vectors lent to hypre in place).
#include <HYPRE.h>
#include <HYPRE_parcsr_ls.h>
#include <_hypre_parcsr_ls.h>

#include <algorithm>
#include <mutex>

#include "host-array.hpp"
#include "hypre-support.hpp"
#include "hypre-vector.hpp"

namespace ceedrt {
namespace parallel {

void EnsureHypreInitialized() {
  static std::once_flag once;
  std::call_once(once, [] { HypreCheck(HYPRE_Init(), "HYPRE_Init"); });
}

namespace {

// The options with their -1 defaults resolved for where the matrix is; on the GPU, the types hypre runs
// there only (its user manual's list), else an Error naming the option and value.
AmgOptions ResolveAmgOptions(AmgOptions options, bool on_device) {
  if (options.coarsen_type < 0) options.coarsen_type = on_device ? 8 : 10;
  if (options.relax_type < 0) options.relax_type = on_device ? 18 : 8;
  if (!on_device) return options;
  const auto check = [](const char *name, int value, std::initializer_list<int> allowed, const char *list) {
    if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
      throw Error(std::string("BoomerAmgPreconditioner: ") + name + " " + std::to_string(value) + " does not run on the GPU, where hypre holds this matrix (" +
                  name + " there: " + list + ")");
    }
  };
  check("coarsen_type", options.coarsen_type, {8}, "8, PMIS");
  check("interp_type", options.interp_type, {3, 6, 14, 15, 18}, "3, 6, 14, 15, 18");
  check("relax_type", options.relax_type, {3, 4, 6, 7, 11, 12, 16, 18}, "3, 4, 6, 7, 11, 12, 16, 18");
  return options;
}

}  // namespace

struct BoomerAmgPreconditioner::Impl {
  HYPRE_Solver                    solver = nullptr;
  HYPRE_ParCSRMatrix              A      = nullptr;
  bool                            on_device = false;
  std::unique_ptr<HypreParVector> b, x;  // lent the residual and the correction in Apply
  int                             num_levels = 0;

  ~Impl() {
    if (solver) {
      HypreLocationScope scope(on_device);
      HYPRE_BoomerAMGDestroy(solver);
    }
  }
};

BoomerAmgPreconditioner::BoomerAmgPreconditioner(const LorMatrix &matrix, const AmgOptions &amg_options) : impl_(std::make_unique<Impl>()) {
  EnsureHypreInitialized();
  const double     start   = Now();
  const bool       device  = matrix.on_device();
  const AmgOptions options = ResolveAmgOptions(amg_options, device);
  HypreLocationScope       scope(device);
  const HYPRE_ParCSRMatrix A = (HYPRE_ParCSRMatrix)matrix.ParCsr();
  impl_->A                   = A;
  impl_->on_device           = device;
  HYPRE_BigInt first = 0, last = 0, first_col = 0, last_col = 0;
  MPI_Comm     comm  = MPI_COMM_NULL;
  HypreCheck(HYPRE_ParCSRMatrixGetLocalRange(A, &first, &last, &first_col, &last_col), "HYPRE_ParCSRMatrixGetLocalRange");
  HypreCheck(HYPRE_ParCSRMatrixGetComm(A, &comm), "HYPRE_ParCSRMatrixGetComm");
  const HYPRE_BigInt global = hypre_ParCSRMatrixGlobalNumRows((hypre_ParCSRMatrix *)A);
  impl_->b = std::make_unique<HypreParVector>(comm, global, first, last, device);
  impl_->x = std::make_unique<HypreParVector>(comm, global, first, last, device);
  HypreCheck(HYPRE_BoomerAMGCreate(&impl_->solver), "HYPRE_BoomerAMGCreate");
  HYPRE_Solver s = impl_->solver;
  HypreCheck(HYPRE_BoomerAMGSetMaxIter(s, 1), "HYPRE_BoomerAMGSetMaxIter");
  HypreCheck(HYPRE_BoomerAMGSetTol(s, 0.0), "HYPRE_BoomerAMGSetTol");
  HypreCheck(HYPRE_BoomerAMGSetPrintLevel(s, options.print_level), "HYPRE_BoomerAMGSetPrintLevel");
  HypreCheck(HYPRE_BoomerAMGSetCoarsenType(s, options.coarsen_type), "HYPRE_BoomerAMGSetCoarsenType");
  HypreCheck(HYPRE_BoomerAMGSetInterpType(s, options.interp_type), "HYPRE_BoomerAMGSetInterpType");
  HypreCheck(HYPRE_BoomerAMGSetPMaxElmts(s, options.max_row_entries), "HYPRE_BoomerAMGSetPMaxElmts");
  HypreCheck(HYPRE_BoomerAMGSetAggNumLevels(s, options.aggressive_levels), "HYPRE_BoomerAMGSetAggNumLevels");
  HypreCheck(HYPRE_BoomerAMGSetRelaxType(s, options.relax_type), "HYPRE_BoomerAMGSetRelaxType");
  HypreCheck(HYPRE_BoomerAMGSetStrongThreshold(s, options.strong_threshold), "HYPRE_BoomerAMGSetStrongThreshold");
  HypreCheck(HYPRE_BoomerAMGSetNumFunctions(s, options.num_functions), "HYPRE_BoomerAMGSetNumFunctions");
  if (device) {
    // Smoothing in natural order (C/F order runs on the host) and the interpolation's transpose kept for
    // the restriction: hypre's guidance for its GPU code.
    HypreCheck(HYPRE_BoomerAMGSetRelaxOrder(s, 0), "HYPRE_BoomerAMGSetRelaxOrder");
    HypreCheck(HYPRE_BoomerAMGSetKeepTranspose(s, 1), "HYPRE_BoomerAMGSetKeepTranspose");
  }
  HypreCheck(HYPRE_BoomerAMGSetup(s, A, *impl_->b, *impl_->x), "HYPRE_BoomerAMGSetup");
  WaitForHypreDevice();
  // hypre has no public getter for the level count (HYPRE_BoomerAMGGetGridHierarchy leaks a work array
  // in 2.26): read it from the solver's data.
  impl_->num_levels = hypre_ParAMGDataNumLevels((hypre_ParAMGData *)s);
  setup_seconds_    = Now() - start;
}

BoomerAmgPreconditioner::~BoomerAmgPreconditioner() = default;

int BoomerAmgPreconditioner::num_levels() const { return impl_->num_levels; }

void BoomerAmgPreconditioner::Apply(CeedVector r, CeedVector z) {
  const double start = Now();
  {
    LentVector         b(*impl_->b, r, LentVector::read, "BoomerAmgPreconditioner::Apply (r)");
    LentVector         x(*impl_->x, z, LentVector::write, "BoomerAmgPreconditioner::Apply (z)");
    HypreLocationScope scope(impl_->on_device);
    HypreCheck(HYPRE_ParVectorSetConstantValues(*impl_->x, 0.0), "HYPRE_ParVectorSetConstantValues");
    HypreCheck(HYPRE_BoomerAMGSolve(impl_->solver, impl_->A, *impl_->b, *impl_->x), "HYPRE_BoomerAMGSolve");
    WaitForHypreDevice();
  }
  seconds += Now() - start;
  applications++;
}

}  // namespace parallel
}  // namespace ceedrt
