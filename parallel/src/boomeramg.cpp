// BoomerAMG as a preconditioner: one V-cycle of the LOR matrix from a zero initial guess per application.
#include <HYPRE.h>
#include <HYPRE_IJ_mv.h>
#include <HYPRE_parcsr_ls.h>
#include <_hypre_parcsr_ls.h>

#include <mutex>

#include "host-array.hpp"
#include "hypre-support.hpp"

namespace ceedrt {
namespace parallel {

void EnsureHypreInitialized() {
  static std::once_flag once;
  std::call_once(once, [] { HypreCheck(HYPRE_Init(), "HYPRE_Init"); });
}

struct BoomerAmgPreconditioner::Impl {
  HYPRE_Solver              solver = nullptr;
  HYPRE_ParCSRMatrix        A      = nullptr;
  HYPRE_IJVector            b = nullptr, x = nullptr;
  HYPRE_ParVector           b_par = nullptr, x_par = nullptr;
  std::vector<HYPRE_BigInt> rows;
  MPI_Comm                  comm;
  int                       num_levels = 0;

  ~Impl() {
    if (solver) HYPRE_BoomerAMGDestroy(solver);
    if (b) HYPRE_IJVectorDestroy(b);
    if (x) HYPRE_IJVectorDestroy(x);
  }
};

BoomerAmgPreconditioner::BoomerAmgPreconditioner(const LorMatrix &matrix, const AmgOptions &options) : impl_(std::make_unique<Impl>()) {
  EnsureHypreInitialized();
  const double             start = Now();
  const HYPRE_ParCSRMatrix A     = (HYPRE_ParCSRMatrix)matrix.ParCsr();
  impl_->A                       = A;
  HYPRE_BigInt             first = 0, last = 0, first_col = 0, last_col = 0;
  HypreCheck(HYPRE_ParCSRMatrixGetLocalRange(A, &first, &last, &first_col, &last_col), "HYPRE_ParCSRMatrixGetLocalRange");
  HypreCheck(HYPRE_ParCSRMatrixGetComm(A, &impl_->comm), "HYPRE_ParCSRMatrixGetComm");
  for (HYPRE_BigInt row = first; row <= last; row++) impl_->rows.push_back(row);
  for (auto [ij, par] : {std::make_pair(&impl_->b, &impl_->b_par), std::make_pair(&impl_->x, &impl_->x_par)}) {
    HypreCheck(HYPRE_IJVectorCreate(impl_->comm, first, last, ij), "HYPRE_IJVectorCreate");
    HypreCheck(HYPRE_IJVectorSetObjectType(*ij, HYPRE_PARCSR), "HYPRE_IJVectorSetObjectType");
    HypreCheck(HYPRE_IJVectorInitialize(*ij), "HYPRE_IJVectorInitialize");
    HypreCheck(HYPRE_IJVectorAssemble(*ij), "HYPRE_IJVectorAssemble");
    void *object = nullptr;
    HypreCheck(HYPRE_IJVectorGetObject(*ij, &object), "HYPRE_IJVectorGetObject");
    *par = (HYPRE_ParVector)object;
  }
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
  HypreCheck(HYPRE_BoomerAMGSetup(s, A, impl_->b_par, impl_->x_par), "HYPRE_BoomerAMGSetup");
  // hypre has no public getter for the level count (HYPRE_BoomerAMGGetGridHierarchy leaks a work array
  // in 2.26): read it from the solver's data.
  impl_->num_levels = hypre_ParAMGDataNumLevels((hypre_ParAMGData *)s);
  setup_seconds_    = Now() - start;
}

BoomerAmgPreconditioner::~BoomerAmgPreconditioner() = default;

int BoomerAmgPreconditioner::num_levels() const { return impl_->num_levels; }

void BoomerAmgPreconditioner::Apply(CeedVector r, CeedVector z) {
  const double    start = Now();
  const HYPRE_Int n     = (HYPRE_Int)impl_->rows.size();
  if (VectorLength(r) != n || VectorLength(z) != n) {
    throw Error("BoomerAmgPreconditioner::Apply: vectors of lengths " + std::to_string(VectorLength(r)) + " and " + std::to_string(VectorLength(z)) +
                ", expected " + std::to_string(n));
  }
  {
    HostArray ra(r, HostArray::read);
    HypreCheck(HYPRE_IJVectorSetValues(impl_->b, n, impl_->rows.data(), ra.data()), "HYPRE_IJVectorSetValues");
  }
  HypreCheck(HYPRE_ParVectorSetConstantValues(impl_->x_par, 0.0), "HYPRE_ParVectorSetConstantValues");
  HypreCheck(HYPRE_BoomerAMGSolve(impl_->solver, impl_->A, impl_->b_par, impl_->x_par),
             "HYPRE_BoomerAMGSolve");
  HostArray za(z, HostArray::write);
  HypreCheck(HYPRE_IJVectorGetValues(impl_->x, n, impl_->rows.data(), za.data()), "HYPRE_IJVectorGetValues");
  seconds += Now() - start;
  applications++;
}

}  // namespace parallel
}  // namespace ceedrt
