// p-multigrid V-cycles across ranks: every level is a ParallelOperator; the transfers between levels are
// the element-wise operators of CeedOperatorMultigridLevelCreate between L-vectors, wrapped in the two
// levels' prolongations (coarse T -> coarse L -> fine L -> fine T, weighted by the global multiplicity so
// that a node shared by elements on several ranks gets the average of their interpolants).
#include <ceed/parallel.hpp>

#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

#include "host-array.hpp"

namespace ceedrt {
namespace parallel {

namespace {

// The restriction of an operator's active input field.
CeedElemRestriction ActiveRestriction(CeedOperator op) {
  CeedInt           num_in = 0, num_out = 0;
  CeedOperatorField *in = nullptr, *out = nullptr;
  CEEDRT_PARALLEL_CALL(nullptr, CeedOperatorGetFields(op, &num_in, &in, &num_out, &out));
  for (CeedInt i = 0; i < num_in; i++) {
    CeedVector vec = nullptr;
    CEEDRT_PARALLEL_CALL(nullptr, CeedOperatorFieldGetVector(in[i], &vec));
    const bool active = vec == CEED_VECTOR_ACTIVE;
    CeedVectorDestroy(&vec);
    if (!active) continue;
    CeedElemRestriction rstr = nullptr;
    CEEDRT_PARALLEL_CALL(nullptr, CeedOperatorFieldGetElemRestriction(in[i], &rstr));
    return rstr;  // a reference: the caller destroys it
  }
  throw Error("PMultigridPreconditioner: a local operator has no active input field");
}

}  // namespace

struct PMultigridPreconditioner::Impl {
  struct Level {
    ParallelOperator                 *op = nullptr;
    std::unique_ptr<ParallelOperator> owned_op;      // coarse levels
    CeedOperator                      local[2]    = {nullptr, nullptr};  // coarse levels: created here
    // Transfers between this level and the next coarser one (all but the coarsest).
    CeedOperator prolong[2] = {nullptr, nullptr}, restrict_[2] = {nullptr, nullptr};
    Vector       fine_local, coarse_local;           // L-vectors of this level and of the coarser one
    Vector       x, b, r, d, step;                   // T-vectors
    Vector       inverse_diagonal, keep;             // D^-1, and 0 on essential DOFs / 1 elsewhere
    double       lambda_max = 1.0;
  };
  Ceed                            ceed;
  PMultigridOptions               options;
  std::vector<Level>              levels;
  std::unique_ptr<Preconditioner> coarse_solver;
  CeedOperator                    coarsest_composite = nullptr;

  ~Impl() {
    CeedOperatorDestroy(&coarsest_composite);
    for (Level &level : levels) {
      for (int k = 0; k < 2; k++) {
        CeedOperatorDestroy(&level.prolong[k]);
        CeedOperatorDestroy(&level.restrict_[k]);
      }
    }
    for (Level &level : levels) {  // the coarse operators after the ParallelOperators that use them
      level.owned_op.reset();
      for (CeedOperator &op : level.local) {
        if (&level != &levels.front()) CeedOperatorDestroy(&op);
      }
    }
  }

  CeedSize Size(const Level &level) const { return level.op->owned_size(); }

  // The vector kernels below run on the levels' backend, so that device vectors stay on the device.
  void Call(int ierr) { CEEDRT_PARALLEL_CALL(ceed, ierr); }

  // d = D^-1 (b - A x).
  void ScaledResidual(Level &level) {
    level.op->Apply(level.x, level.d);
    Call(CeedVectorAXPBY(level.d, 1.0, -1.0, level.b));
    Call(CeedVectorPointwiseMult(level.d, level.d, level.inverse_diagonal));
  }

  // degree steps of Chebyshev iteration for D^-1 A x = D^-1 b on [lower, upper] * lambda_max, from x.
  void Chebyshev(Level &level, int degree) {
    const double upper = options.eigen_safety * level.lambda_max, lower = options.lower_fraction * level.lambda_max;
    const double theta = 0.5 * (upper + lower), delta = 0.5 * (upper - lower), sigma = theta / delta;
    double       rho   = 1.0 / sigma;
    ScaledResidual(level);
    Call(CeedVectorCopy(level.d, level.step));
    Call(CeedVectorScale(level.step, 1.0 / theta));
    for (int k = 0; k < degree; k++) {
      Call(CeedVectorAXPY(level.x, 1.0, level.step));
      if (k + 1 == degree) break;
      ScaledResidual(level);
      const double rho_next = 1.0 / (2.0 * sigma - rho);
      Call(CeedVectorAXPBY(level.step, 2.0 * rho_next / delta, rho_next * rho, level.d));
      rho = rho_next;
    }
  }

  // Sums of the local inner products (a^T b for each pair) over the ranks.
  void GlobalDots(const Level &level, std::initializer_list<std::pair<CeedVector, CeedVector>> pairs, double *global) {
    std::vector<double> local;
    for (const auto &[a, b] : pairs) {
      local.push_back(0.0);
      Call(CeedVectorDot(a, b, &local.back()));
    }
    MPI_Allreduce(local.data(), global, (int)local.size(), MPI_DOUBLE, MPI_SUM, level.op->prolongation().comm());
  }

  // Largest eigenvalue of D^-1 A by power iteration from a fixed vector.
  double EstimateLambdaMax(Level &level) {
    const CeedSize n = Size(level);
    {
      HostArray x(level.x, HostArray::write);
      for (CeedSize i = 0; i < n; i++) x[i] = 1.0 + 0.5 * std::sin(1.7 * (double)(level.op->prolongation().first_owned_dof() + i));
    }
    double lambda = 1.0;
    for (int k = 0; k < options.eigen_iterations; k++) {
      level.op->Apply(level.x, level.d);
      Call(CeedVectorPointwiseMult(level.d, level.d, level.inverse_diagonal));  // y = D^-1 A x
      double sums[2];
      GlobalDots(level, {{level.d, level.x}, {level.x, level.x}}, sums);
      lambda = sums[0] / sums[1];  // Rayleigh quotient of the previous iterate
      Call(CeedVectorCopy(level.d, level.x));
      double norm = 0.0;
      GlobalDots(level, {{level.x, level.x}}, &norm);
      Call(CeedVectorScale(level.x, 1.0 / std::sqrt(norm)));
    }
    return lambda;
  }

  void ZeroEssential(const Level &level, CeedVector v) { Call(CeedVectorPointwiseMult(v, v, level.keep)); }

  // to (T-vector of level to_level) = transfer of from (T-vector of from_level), through the L-vectors.
  void Transfer(Level &fine, Level &coarse, bool to_coarse, CeedVector from, CeedVector to) {
    const Prolongation &p_from = to_coarse ? fine.op->prolongation() : coarse.op->prolongation();
    const Prolongation &p_to   = to_coarse ? coarse.op->prolongation() : fine.op->prolongation();
    CeedVector          l_from = to_coarse ? fine.fine_local : fine.coarse_local, l_to = to_coarse ? fine.coarse_local : fine.fine_local;
    p_from.Forward(from, l_from);
    bool first = true;
    for (int k = 0; k < 2; k++) {
      CeedOperator op = to_coarse ? fine.restrict_[k] : fine.prolong[k];
      if (!op) continue;
      if (first) {
        CEEDRT_PARALLEL_CALL(ceed, CeedOperatorApply(op, l_from, l_to, CEED_REQUEST_IMMEDIATE));
      } else {
        CEEDRT_PARALLEL_CALL(ceed, CeedOperatorApplyAdd(op, l_from, l_to, CEED_REQUEST_IMMEDIATE));
      }
      first = false;
    }
    p_to.Reverse(l_to, to);
    ZeroEssential(to_coarse ? coarse : fine, to);
  }

  // levels[l].x ~= A^-1 levels[l].b.
  void VCycle(size_t l) {
    Level &level = levels[l];
    if (l + 1 == levels.size()) {
      if (coarse_solver) {
        coarse_solver->Apply(level.b, level.x);
      } else {
        CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(level.x, 0.0));
        Chebyshev(level, options.coarse_degree);
      }
      return;
    }
    Level &coarse = levels[l + 1];
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(level.x, 0.0));
    Chebyshev(level, options.smoothing_degree);
    level.op->Apply(level.x, level.r);  // r = b - A x
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPBY(level.r, 1.0, -1.0, level.b));
    Transfer(level, coarse, true, level.r, coarse.b);
    VCycle(l + 1);
    Transfer(level, coarse, false, coarse.x, level.r);
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPY(level.x, 1.0, level.r));
    Chebyshev(level, options.smoothing_degree);
  }

  void PrepareSmoother(Level &level) {
    const CeedSize n = Size(level);
    level.inverse_diagonal = Vector(ceed, n), level.keep = Vector(ceed, n);
    level.op->AssembleDiagonal(level.inverse_diagonal);
    {  // setup, on the host
      HostArray d(level.inverse_diagonal, HostArray::read_write), keep(level.keep, HostArray::write);
      for (CeedSize i = 0; i < n; i++) d[i] = 1.0 / d[i], keep[i] = level.op->essential_owned()[i] ? 0.0 : 1.0;
    }
    if (OnDevice(level.keep)) {  // copied to the device now, not in the first V-cycle
      for (CeedVector v : {(CeedVector)level.inverse_diagonal, (CeedVector)level.keep}) Call(CeedVectorSyncArray(v, CEED_MEM_DEVICE));
    }
    level.lambda_max = EstimateLambdaMax(level);
  }
};

PMultigridPreconditioner::PMultigridPreconditioner(ParallelOperator &fine, const std::vector<PMultigridCoarseLevel> &coarse,
                                                   const PMultigridOptions &options)
    : impl_(std::make_unique<Impl>()) {
  const double start = Now();
  impl_->ceed        = fine.ceed();
  impl_->options     = options;
  impl_->levels.resize(coarse.size() + 1);
  impl_->levels[0].op       = &fine;
  impl_->levels[0].local[0] = fine.op_interior();
  impl_->levels[0].local[1] = fine.op_halo();
  Ceed ceed                 = impl_->ceed;
  for (size_t l = 0; l < coarse.size(); l++) {
    Impl::Level                 &f = impl_->levels[l], &c = impl_->levels[l + 1];
    const PMultigridCoarseLevel &spec = coarse[l];
    if (!spec.prolongation) throw Error("PMultigridPreconditioner: coarse level " + std::to_string(l + 1) + " has no prolongation");
    const Prolongation &pf = f.op->prolongation();
    // Global multiplicity of the fine level's L DOFs: local element counts, summed over ranks.
    Vector ones_e, count_l(ceed, pf.local_size()), count_t(ceed, pf.owned_size()), multiplicity(ceed, pf.local_size());
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(count_l, 0.0));
    for (int k = 0; k < 2; k++) {
      if (!f.local[k]) continue;
      CeedElemRestriction rstr = ActiveRestriction(f.local[k]);
      CeedVector          e    = nullptr;
      CEEDRT_PARALLEL_CALL(ceed, CeedElemRestrictionCreateVector(rstr, nullptr, &e));
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorSetValue(e, 1.0));
      const int ierr = CeedElemRestrictionApply(rstr, CEED_TRANSPOSE, e, count_l, CEED_REQUEST_IMMEDIATE);
      CeedVectorDestroy(&e);
      CeedElemRestrictionDestroy(&rstr);
      CEEDRT_PARALLEL_CALL(ceed, ierr);
    }
    pf.Reverse(count_l, count_t);
    pf.Forward(count_t, multiplicity);
    for (int k = 0; k < 2; k++) {
      if (!f.local[k]) continue;
      if (!spec.restriction[k] || !spec.basis[k]) {
        throw Error("PMultigridPreconditioner: coarse level " + std::to_string(l + 1) + " lacks the restriction or basis for local operator " +
                    std::to_string(k));
      }
      CEEDRT_PARALLEL_CALL(ceed, CeedOperatorMultigridLevelCreate(f.local[k], multiplicity, spec.restriction[k], spec.basis[k], &c.local[k],
                                                                  &f.prolong[k], &f.restrict_[k]));
    }
    c.owned_op     = std::make_unique<ParallelOperator>(ceed, *spec.prolongation, c.local[0], c.local[1], spec.essential_owned);
    c.op           = c.owned_op.get();
    f.fine_local   = Vector(ceed, pf.local_size());
    f.coarse_local = Vector(ceed, spec.prolongation->local_size());
  }
  for (Impl::Level &level : impl_->levels) {
    const CeedSize n = level.op->owned_size();
    level.x = Vector(ceed, n), level.b = Vector(ceed, n), level.r = Vector(ceed, n), level.d = Vector(ceed, n), level.step = Vector(ceed, n);
    impl_->PrepareSmoother(level);
  }
  setup_seconds_ = Now() - start;
}

PMultigridPreconditioner::~PMultigridPreconditioner() = default;

int PMultigridPreconditioner::num_levels() const { return (int)impl_->levels.size(); }

ParallelOperator &PMultigridPreconditioner::Coarsest() { return *impl_->levels.back().op; }

CeedOperator PMultigridPreconditioner::CoarsestLocalOperator() {
  if (!impl_->coarsest_composite) {
    CEEDRT_PARALLEL_CALL(impl_->ceed, CeedOperatorCreateComposite(impl_->ceed, &impl_->coarsest_composite));
    for (CeedOperator op : impl_->levels.back().local) {
      if (op) CEEDRT_PARALLEL_CALL(impl_->ceed, CeedOperatorCompositeAddSub(impl_->coarsest_composite, op));
    }
  }
  return impl_->coarsest_composite;
}

void PMultigridPreconditioner::SetCoarseSolver(std::unique_ptr<Preconditioner> solver) { impl_->coarse_solver = std::move(solver); }

void PMultigridPreconditioner::Apply(CeedVector r, CeedVector z) {
  const double start = Now();
  Impl::Level &fine  = impl_->levels.front();
  CEEDRT_PARALLEL_CALL(impl_->ceed, CeedVectorCopy(r, fine.b));
  impl_->VCycle(0);
  CEEDRT_PARALLEL_CALL(impl_->ceed, CeedVectorCopy(fine.x, z));
  seconds += Now() - start;
  applications++;
}

}  // namespace parallel
}  // namespace ceedrt
