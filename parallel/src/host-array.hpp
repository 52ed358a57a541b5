// Internal helpers of the solvers: scoped host access to CeedVectors (device vectors are staged through
// the host), owned vectors, a clock.
#pragma once

#include <ceed/parallel.hpp>

#include <chrono>
#include <utility>

namespace ceedrt {
namespace parallel {

inline double Now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

class HostArray {
 public:
  enum Mode { read, read_write, write };
  HostArray(CeedVector vec, Mode mode) : vec_(vec), mode_(mode) {
    Ceed ceed = CeedVectorReturnCeed(vec);
    if (mode == read) {
      const CeedScalar *data = nullptr;
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayRead(vec, CEED_MEM_HOST, &data));
      data_ = const_cast<CeedScalar *>(data);  // handed out as const by read views only
    } else if (mode == read_write) {
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArray(vec, CEED_MEM_HOST, &data_));
    } else {
      CEEDRT_PARALLEL_CALL(ceed, CeedVectorGetArrayWrite(vec, CEED_MEM_HOST, &data_));
    }
  }
  ~HostArray() {
    if (mode_ == read) {
      const CeedScalar *data = data_;
      CeedVectorRestoreArrayRead(vec_, &data);
    } else {
      CeedVectorRestoreArray(vec_, &data_);
    }
  }
  HostArray(const HostArray &)            = delete;
  HostArray &operator=(const HostArray &) = delete;
  double    *data() const { return data_; }
  double    &operator[](CeedSize i) const { return data_[i]; }

 private:
  CeedVector  vec_;
  Mode        mode_;
  CeedScalar *data_ = nullptr;
};

inline CeedSize VectorLength(CeedVector v) {
  CeedSize n = 0;
  CEEDRT_PARALLEL_CALL(CeedVectorReturnCeed(v), CeedVectorGetLength(v, &n));
  return n;
}

// An owned CeedVector.
class Vector {
 public:
  Vector() = default;
  Vector(Ceed ceed, CeedSize length) { CEEDRT_PARALLEL_CALL(ceed, CeedVectorCreate(ceed, length, &vec_)); }
  ~Vector() { CeedVectorDestroy(&vec_); }
  Vector(Vector &&other) noexcept : vec_(other.vec_) { other.vec_ = nullptr; }
  Vector &operator=(Vector &&other) noexcept {
    std::swap(vec_, other.vec_);
    return *this;
  }
  Vector(const Vector &)            = delete;
  Vector &operator=(const Vector &) = delete;
  operator CeedVector() const { return vec_; }

 private:
  CeedVector vec_ = nullptr;
};

}  // namespace parallel
}  // namespace ceedrt
