// hypre ParVectors over the owned rows, and CeedVectors lent to them: BoomerAMG and the matvec read and
// write the CeedVector's own array (host or device), with no copy through hypre's IJ interface.
#pragma once

#include <ceed/parallel.hpp>

#include <HYPRE_parcsr_mv.h>

namespace ceedrt {
namespace parallel {

// An owned hypre ParVector of the rows first..last (of global_size), allocated where on_device says.
class HypreParVector {
 public:
  HypreParVector(MPI_Comm comm, HYPRE_BigInt global_size, HYPRE_BigInt first, HYPRE_BigInt last, bool on_device);
  ~HypreParVector();
  HypreParVector(const HypreParVector &)            = delete;
  HypreParVector &operator=(const HypreParVector &) = delete;
  operator HYPRE_ParVector() const { return vector_; }
  HYPRE_Int local_size() const { return local_size_; }
  bool      on_device() const { return on_device_; }

 private:
  HYPRE_ParVector vector_     = nullptr;
  HYPRE_Int       local_size_ = 0;
  bool            on_device_  = false;
};

// For its lifetime, the hypre vector's local values are the CeedVector's array, taken for reading or
// writing in the vector's memory (the device's when it is on the device); both are restored at the end.
// who names the caller in errors (a length or a backend that does not match).
class LentVector {
 public:
  enum Mode { read, write };
  LentVector(const HypreParVector &target, CeedVector vec, Mode mode, const char *who);
  ~LentVector();
  LentVector(const LentVector &)            = delete;
  LentVector &operator=(const LentVector &) = delete;

 private:
  void      *local_ = nullptr;  // hypre_Vector
  double    *saved_ = nullptr;  // hypre's own array, put back at the end
  CeedVector vec_   = nullptr;
  Mode       mode_;
  double    *data_  = nullptr;
};

}  // namespace parallel
}  // namespace ceedrt
