// A = P^T A_L P with essential DOFs eliminated; the interior elements' work overlaps the halo exchange.
#include <ceed/parallel.hpp>


#include "host-array.hpp"

namespace ceedrt {
namespace parallel {

namespace {

void CheckLength(CeedVector v, CeedSize expected, const char *what) {
  const CeedSize n = VectorLength(v);
  if (n != expected) throw Error(std::string(what) + ": vector of length " + std::to_string(n) + ", expected " + std::to_string(expected));
}

}  // namespace

std::vector<char> EssentialLocalFlags(const Prolongation &prolongation, const std::vector<char> &essential_owned) {
  if ((CeedSize)essential_owned.size() != prolongation.owned_size()) {
    throw Error("EssentialLocalFlags: " + std::to_string(essential_owned.size()) + " essential flags for " + std::to_string(prolongation.owned_size()) +
                " owned DOFs");
  }
  // Ghost DOFs learn their flag from their owner, through the prolongation itself.
  std::vector<double> flags_t(essential_owned.begin(), essential_owned.end()), flags_l(prolongation.local_size());
  prolongation.BeginForward(flags_t.data(), flags_l.data());
  prolongation.EndForward(flags_l.data());
  std::vector<char> flags(flags_l.size());
  for (size_t i = 0; i < flags.size(); i++) flags[i] = flags_l[i] != 0.0;
  return flags;
}

ParallelOperator::ParallelOperator(Ceed ceed, const Prolongation &prolongation, CeedOperator op_interior, CeedOperator op_halo,
                                   const std::vector<char> &essential_owned)
    : ceed_(ceed), prolongation_(prolongation), op_interior_(op_interior), op_halo_(op_halo), essential_owned_(essential_owned) {
  if (!op_interior && !op_halo) throw Error("ParallelOperator: needs at least one local operator");
  const std::vector<char> flags = EssentialLocalFlags(prolongation, essential_owned);
  for (CeedSize i = 0; i < (CeedSize)flags.size(); i++) {
    if (flags[i]) essential_local_.push_back((CeedInt)i);
  }
  for (CeedSize j = 0; j < (CeedSize)essential_owned.size(); j++) {
    if (essential_owned[j]) essential_owned_list_.push_back((CeedInt)j);
  }
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, prolongation.local_size(), &x_local_));
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, prolongation.local_size(), &y_local_));
  on_device_ = OnDevice(x_local_);
  if (on_device_) PrepareDevice();
}

ParallelOperator::~ParallelOperator() {
  for (CeedVector *v : {&x_local_, &y_local_, &keep_local_, &keep_owned_, &essential_vec_, &scratch_, &wait_flag_}) CeedVectorDestroy(v);
}

void ParallelOperator::PrepareDevice() {
  const CeedSize      n_l = prolongation_.local_size(), n_t = owned_size();
  std::vector<double> keep_l(n_l, 1.0), keep_t(n_t, 1.0), essential_t(n_t, 0.0);
  for (CeedInt i : essential_local_) keep_l[i] = 0.0;
  for (CeedInt j : essential_owned_list_) keep_t[j] = 0.0, essential_t[j] = 1.0;
  const std::pair<CeedVector *, std::vector<double> *> fill[] = {{&keep_local_, &keep_l}, {&keep_owned_, &keep_t}, {&essential_vec_, &essential_t}};
  for (const auto &[vec, values] : fill) {
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorCreate(ceed_, (CeedSize)values->size(), vec));
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorSetArray(*vec, CEED_MEM_HOST, CEED_COPY_VALUES, values->data()));
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorSyncArray(*vec, CEED_MEM_DEVICE));
  }
  CEEDRT_PARALLEL_CALL(ceed_, CeedVectorCreate(ceed_, n_t, &scratch_));
  CEEDRT_PARALLEL_CALL(ceed_, CeedVectorCreate(ceed_, 1, &wait_flag_));
}

std::vector<char> ParallelOperator::EssentialLocal() const {
  std::vector<char> flags(prolongation_.local_size(), 0);
  for (CeedInt i : essential_local_) flags[i] = 1;
  return flags;
}

void ParallelOperator::ApplyLocal(CeedOperator op, CeedVector x, CeedVector y, bool add) {
  if (add) {
    CEEDRT_PARALLEL_CALL(ceed_, CeedOperatorApplyAdd(op, x, y, CEED_REQUEST_IMMEDIATE));
  } else {
    CEEDRT_PARALLEL_CALL(ceed_, CeedOperatorApply(op, x, y, CEED_REQUEST_IMMEDIATE));
  }
}

bool ParallelOperator::VanishesOnEssential(CeedVector x) const {
  if (essential_owned_list_.empty()) return true;
  if (on_device_) {  // max |x .* essential| on the device
    double largest = 0.0;
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(scratch_, x, essential_vec_));
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorNorm(scratch_, CEED_NORM_MAX, &largest));
    return largest == 0.0;
  }
  HostArray xt(x, HostArray::read);
  for (CeedInt j : essential_owned_list_) {
    if (xt[j] != 0.0) return false;
  }
  return true;
}

void ParallelOperator::Apply(CeedVector x, CeedVector y) {
  CheckLength(x, owned_size(), "ParallelOperator::Apply input");
  CheckLength(y, owned_size(), "ParallelOperator::Apply output");
  if (on_device_) return ApplyOnDevice(x, y);
  const Prolongation &p     = prolongation_;
  const double  start = Now();
  if (p.IsIdentity() && x != y && VanishesOnEssential(x)) {
    // L = T and nothing to eliminate from x (always so inside CG): no copies, the local operators act on
    // the T-vectors themselves; only the essential rows are restored.
    if (op_interior_) ApplyLocal(op_interior_, x, y, false);
    if (op_halo_) ApplyLocal(op_halo_, x, y, op_interior_ != nullptr);
    HostArray yt(y, HostArray::read_write);
    for (CeedInt j : essential_owned_list_) yt[j] = 0.0;
    timings_.apply += Now() - start;
    timings_.applications++;
    return;
  }
  {
    HostArray xt(x, HostArray::read);
    {
      HostArray xl(x_local_, HostArray::write);
      p.BeginForward(xt.data(), xl.data());
      for (CeedInt i : essential_local_) xl.data()[i] = 0.0;
    }
    // Interior elements read no ghost value: they run while the ghosts travel.
    if (op_interior_) ApplyLocal(op_interior_, x_local_, y_local_, false);
    const double wait = Now();
    {
      HostArray xl(x_local_, HostArray::read_write);
      p.EndForward(xl.data());
      for (CeedInt i : essential_local_) xl.data()[i] = 0.0;
    }
    timings_.exchange += Now() - wait;
    if (op_halo_) ApplyLocal(op_halo_, x_local_, y_local_, op_interior_ != nullptr);
    HostArray    yl(y_local_, HostArray::read), yt(y, HostArray::write);
    const double reverse = Now();
    p.BeginReverse(yl.data(), yt.data());
    p.EndReverse(yt.data());
    timings_.exchange += Now() - reverse;
    for (CeedInt j : essential_owned_list_) yt[j] = xt[j];
  }
  timings_.apply += Now() - start;
  timings_.applications++;
}

void ParallelOperator::ApplyOnDevice(CeedVector x, CeedVector y) {
  const Prolongation &p         = prolongation_;
  const bool          essential = !essential_owned_list_.empty();
  const double        start     = Now();
  if (p.IsIdentity() && x != y && VanishesOnEssential(x)) {  // as in Apply: the T-vectors are the L-vectors
    if (op_interior_) ApplyLocal(op_interior_, x, y, false);
    if (op_halo_) ApplyLocal(op_halo_, x, y, op_interior_ != nullptr);
    if (essential) CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(y, y, keep_owned_));
  } else {
    p.BeginForward(x, x_local_);
    if (essential) CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(x_local_, x_local_, keep_local_));
    if (op_interior_) ApplyLocal(op_interior_, x_local_, y_local_, false);
    const double wait = Now();
    p.EndForward(x_local_);
    if (essential) CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(x_local_, x_local_, keep_local_));
    timings_.exchange += Now() - wait;
    if (op_halo_) ApplyLocal(op_halo_, x_local_, y_local_, op_interior_ != nullptr);
    if (essential) CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(scratch_, x, essential_vec_));  // before y may overwrite x
    const double reverse = Now();
    p.BeginReverse(y_local_, y);
    p.EndReverse(y);
    timings_.exchange += Now() - reverse;
    if (essential) {  // essential rows: y = x there
      CEEDRT_PARALLEL_CALL(ceed_, CeedVectorPointwiseMult(y, y, keep_owned_));
      CEEDRT_PARALLEL_CALL(ceed_, CeedVectorAXPY(y, 1.0, scratch_));
    }
  }
  if (wait_for_device_) {  // a value set on the device and its norm read back: after the kernels before it
    CeedScalar norm = 0.0;
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorSetValue(wait_flag_, 1.0));
    CEEDRT_PARALLEL_CALL(ceed_, CeedVectorNorm(wait_flag_, CEED_NORM_MAX, &norm));
  }
  timings_.apply += Now() - start;
  timings_.applications++;
}

void ParallelOperator::AssembleDiagonal(CeedVector diagonal) {
  CheckLength(diagonal, owned_size(), "ParallelOperator::AssembleDiagonal");
  CEEDRT_PARALLEL_CALL(ceed_, CeedVectorSetValue(y_local_, 0.0));
  for (CeedOperator op : {op_interior_, op_halo_}) {
    if (op) CEEDRT_PARALLEL_CALL(ceed_, CeedOperatorLinearAssembleAddDiagonal(op, y_local_, CEED_REQUEST_IMMEDIATE));
  }
  const Prolongation &p = prolongation_;
  HostArray     yl(y_local_, HostArray::read), d(diagonal, HostArray::write);
  p.BeginReverse(yl.data(), d.data());
  p.EndReverse(d.data());
  for (CeedSize j = 0; j < owned_size(); j++) {
    if (essential_owned_[j]) d.data()[j] = 1.0;
  }
}

}  // namespace parallel
}  // namespace ceedrt
