// hypre ParVectors and CeedVectors lent to them (hypre-vector.hpp). The lending replaces the local vector's
// data pointer for the duration of a hypre call and puts hypre's array back, so hypre always frees its own.
#include "hypre-vector.hpp"

#include <_hypre_parcsr_mv.h>

#include "host-array.hpp"
#include "hypre-support.hpp"

namespace ceedrt {
namespace parallel {

HypreParVector::HypreParVector(MPI_Comm comm, HYPRE_BigInt global_size, HYPRE_BigInt first, HYPRE_BigInt last, bool on_device)
    : local_size_((HYPRE_Int)(last - first + 1)), on_device_(on_device) {
  HYPRE_BigInt partitioning[2] = {first, last + 1};
  HypreCheck(HYPRE_ParVectorCreate(comm, global_size, partitioning, &vector_), "HYPRE_ParVectorCreate");
  const HYPRE_Int ierr = hypre_ParVectorInitialize_v2((hypre_ParVector *)vector_, on_device ? HYPRE_MEMORY_DEVICE : HYPRE_MEMORY_HOST);
  if (ierr) HYPRE_ParVectorDestroy(vector_);
  HypreCheck(ierr, "hypre_ParVectorInitialize_v2");
}

HypreParVector::~HypreParVector() {
  if (vector_) HYPRE_ParVectorDestroy(vector_);
}

LentVector::LentVector(const HypreParVector &target, CeedVector vec, Mode mode, const char *who) : vec_(vec), mode_(mode) {
  if (VectorLength(vec) != target.local_size()) {
    throw Error(std::string(who) + ": a vector of length " + std::to_string(VectorLength(vec)) + ", expected " + std::to_string(target.local_size()));
  }
  Ceed ceed = CeedVectorReturnCeed(vec);
  if (target.on_device()) {
    const std::string refusal = HypreDeviceRefusal(ceed);
    if (!refusal.empty()) throw Error(std::string(who) + ": hypre holds the matrix in GPU memory, but " + refusal);
  }
  const CeedMemType memory = target.on_device() ? CEED_MEM_DEVICE : CEED_MEM_HOST;
  if (mode == read) {
    const CeedScalar *data = nullptr;
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(vec, memory, &data));
    data_ = const_cast<double *>(data);  // hypre reads it only (the right-hand side, the matvec's input)
  } else {
    CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayWrite(vec, memory, &data_));
  }
  hypre_Vector *local = hypre_ParVectorLocalVector((hypre_ParVector *)(HYPRE_ParVector)target);
  local_              = local;
  saved_              = hypre_VectorData(local);
  hypre_VectorData(local) = data_;
}

LentVector::~LentVector() {
  hypre_VectorData((hypre_Vector *)local_) = saved_;
  if (mode_ == read) {
    const CeedScalar *data = data_;
    CeedVectorRestoreArrayRead(vec_, &data);
  } else {
    CeedVectorRestoreArray(vec_, &data_);
  }
}

}  // namespace parallel
}  // namespace ceedrt
