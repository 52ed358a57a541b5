// Parallel inner products, Jacobi, and preconditioned conjugate gradients on T-vectors.
#include <ceed/parallel.hpp>

#include <cmath>

#include "host-array.hpp"

namespace ceedrt {
namespace parallel {

namespace {

long long HostDeviceBytes() {
  CeedSize to_device = 0, to_host = 0;
  CeedGetHostDeviceBytes(&to_device, &to_host);
  return (long long)(to_device + to_host);
}

}  // namespace

double Dot(MPI_Comm comm, CeedVector x, CeedVector y) {
  const CeedSize n = VectorLength(x);
  if (VectorLength(y) != n) throw Error("Dot: vectors of lengths " + std::to_string(n) + " and " + std::to_string(VectorLength(y)));
  double local = 0.0;  // on the vectors' backend: device vectors stay on the device
  CEEDRT_PARALLEL_CALL(CeedVectorReturnCeed(x), CeedVectorDot(x, y, &local));
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

JacobiPreconditioner::JacobiPreconditioner(ParallelOperator &op) {
  Ceed ceed = op.ceed();
  CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, op.owned_size(), &inverse_diagonal_));
  try {
    op.AssembleDiagonal(inverse_diagonal_);
  } catch (...) {
    CeedVectorDestroy(&inverse_diagonal_);
    throw;
  }
  double smallest = 0.0;
  CeedSize where = -1;
  {  // setup: inverted on the host, once
    HostArray d(inverse_diagonal_, HostArray::read_write);
    for (CeedSize i = 0; i < op.owned_size() && where < 0; i++) {
      if (!(d.data()[i] > 0.0)) smallest = d.data()[i], where = i;
      d.data()[i] = 1.0 / d.data()[i];
    }
  }
  if (where >= 0) {
    CeedVectorDestroy(&inverse_diagonal_);
    throw Error("JacobiPreconditioner: diagonal entry " + std::to_string(op.prolongation().first_owned_dof() + where) + " is " +
                std::to_string(smallest) + ", not positive");
  }
  if (OnDevice(inverse_diagonal_)) CEEDRT_PARALLEL_CALL(ceed, CeedVectorSyncArray(inverse_diagonal_, CEED_MEM_DEVICE));
}

JacobiPreconditioner::~JacobiPreconditioner() { CeedVectorDestroy(&inverse_diagonal_); }

void JacobiPreconditioner::Apply(CeedVector r, CeedVector z) {
  const double start = Now();
  CEEDRT_PARALLEL_CALL(CeedVectorReturnCeed(z), CeedVectorPointwiseMult(z, r, inverse_diagonal_));
  seconds += Now() - start;
  applications++;
}

PcgResult SolvePcg(ParallelOperator &op, Preconditioner *pc, CeedVector b, CeedVector x, const PcgOptions &options) {
  Ceed           ceed  = op.ceed();
  MPI_Comm       comm  = op.prolongation().comm();
  const CeedSize n     = op.owned_size();
  const double   start = Now();
  PcgResult      result;
  if (VectorLength(b) != n || VectorLength(x) != n) {
    throw Error("SolvePcg: vectors of lengths " + std::to_string(VectorLength(b)) + " and " + std::to_string(VectorLength(x)) + ", operator has " +
                std::to_string(n) + " owned DOFs");
  }
  CeedVector r = nullptr, z = nullptr, p = nullptr, ap = nullptr;
  auto       destroy = [&]() {
    for (CeedVector *v : {&r, &z, &p, &ap}) CeedVectorDestroy(v);
  };
  try {
    for (CeedVector *v : {&r, &z, &p, &ap}) CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, n, v));
    op.Apply(x, ap);  // r = b - A x
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorCopy(b, r));
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPY(r, -1.0, ap));
    // Without a preconditioner z is r itself: no copy, and r^T z is r^T r.
    CeedVector zr           = pc ? z : r;
    auto       precondition = [&]() {
      if (pc) pc->Apply(r, z);
    };
    // r^T z and, only where it is the measured norm and differs from r^T z, r^T r: one pass over memory
    // per inner product, one all-reduction for both.
    const bool preconditioned_norm = options.norm == PcgNorm::preconditioned;
    const bool need_rr             = pc && !preconditioned_norm;
    double     rz = 0.0, rr = 0.0;
    auto       inner_products = [&]() {
      double local[2] = {0.0, 0.0};
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorDot(r, zr, &local[0]));
      if (need_rr) CEEDRT_PARALLEL_CALL(ceed, CeedVectorDot(r, r, &local[1]));
      MPI_Allreduce(MPI_IN_PLACE, local, need_rr ? 2 : 1, MPI_DOUBLE, MPI_SUM, comm);
      rz = local[0];
      rr = need_rr ? local[1] : local[0];
    };
    precondition();
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorCopy(zr, p));
    inner_products();
    // The measured norm: |r|^2 (residual) or r^T M^-1 r (preconditioned).
    auto         measure     = [&]() { return preconditioned_norm ? rz : rr; };
    const double rr_0        = measure();
    double       current     = rr_0;
    double       last_report = start;
    const long long bytes_before = HostDeviceBytes();
    while (!(current <= options.rtol * options.rtol * rr_0) && result.iterations < options.max_iterations && rr_0 > 0.0) {
      op.Apply(p, ap);
      const double p_ap = Dot(comm, p, ap);
      if (!(p_ap > 0.0)) throw Error("SolvePcg: breakdown, p^T A p = " + std::to_string(p_ap) + " at iteration " + std::to_string(result.iterations));
      const double alpha = rz / p_ap, rz_old = rz;
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPY(x, alpha, p));
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPY(r, -alpha, ap));
      precondition();
      inner_products();
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorAXPBY(p, 1.0, rz / rz_old, zr));  // p = z + beta p
      current = measure();
      result.iterations++;
      if (options.progress && options.progress_interval > 0.0 && Now() - last_report >= options.progress_interval) {
        last_report = Now();
        options.progress(result.iterations, std::sqrt(current / rr_0));
      }
    }
    result.host_device_bytes = HostDeviceBytes() - bytes_before;
    result.relative_residual = rr_0 > 0.0 ? std::sqrt(current / rr_0) : 0.0;
    result.converged         = current <= options.rtol * options.rtol * rr_0;
  } catch (...) {
    destroy();
    throw;
  }
  destroy();
  result.seconds = Now() - start;
  return result;
}

}  // namespace parallel
}  // namespace ceedrt
