// Owning wrappers for libCEED handles and the error check used by every ceed-bench call.
// The tool uses only the public C API (ceed.h): a failing call becomes a CeedFailure exception carrying
// the library's stored message, so one benchmark run can fail cleanly while the others continue.
#pragma once

#include <ceed.h>
#include <ceed/box-mesh.hpp>

#include <stdexcept>
#include <string>
#include <utility>

namespace bench {

using CeedFailure = ceedrt::parallel::Error;

// Throws CeedFailure naming the call when ierr is an error; the message is the one stored in ceed
// (contexts use CeedErrorStore) or, without a context, the one stored for the thread.
#define BENCH_CALL(ceed, ...) ::ceedrt::parallel::Check((__VA_ARGS__), (ceed), #__VA_ARGS__)

// Unique owner of a libCEED object released with its CeedXDestroy function.
template <typename T, int (*Destroy)(T *)>
class Owned {
 public:
  Owned() = default;
  explicit Owned(T handle) : handle_(handle) {}
  Owned(const Owned &)            = delete;
  Owned &operator=(const Owned &) = delete;
  Owned(Owned &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Owned &operator=(Owned &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  ~Owned() { reset(); }

  T   get() const { return handle_; }
  T  *out() {  // for creation calls: releases what was held, returns the slot to fill
    reset();
    return &handle_;
  }
  void reset() {
    if (handle_) Destroy(&handle_);  // destruction of a valid, unlocked object cannot fail
    handle_ = nullptr;
  }
  operator T() const { return handle_; }

 private:
  T handle_ = nullptr;
};

using CeedOwned          = Owned<Ceed, CeedDestroy>;
using VectorOwned        = Owned<CeedVector, CeedVectorDestroy>;
using RestrictionOwned   = Owned<CeedElemRestriction, CeedElemRestrictionDestroy>;
using BasisOwned         = Owned<CeedBasis, CeedBasisDestroy>;
using QFunctionOwned     = Owned<CeedQFunction, CeedQFunctionDestroy>;
using OperatorOwned      = Owned<CeedOperator, CeedOperatorDestroy>;

// A context for resource with the "store" error handler, so that failures come back as messages.
CeedOwned InitCeed(const std::string &resource);

// Read-only host view of a vector for the duration of a scope (checks run on the host, outside timing).
class HostRead {
 public:
  explicit HostRead(CeedVector vec);
  HostRead(const HostRead &)            = delete;
  HostRead &operator=(const HostRead &) = delete;
  ~HostRead();
  const CeedScalar *data() const { return data_; }
  const CeedScalar &operator[](CeedSize i) const { return data_[i]; }

 private:
  CeedVector        vec_;
  const CeedScalar *data_ = nullptr;
};

// Write access on the host (previous contents are discarded).
class HostWrite {
 public:
  explicit HostWrite(CeedVector vec);
  HostWrite(const HostWrite &)            = delete;
  HostWrite &operator=(const HostWrite &) = delete;
  ~HostWrite();
  CeedScalar *data() const { return data_; }
  CeedScalar &operator[](CeedSize i) const { return data_[i]; }

 private:
  CeedVector  vec_;
  CeedScalar *data_ = nullptr;
};

// Waits until the backend has finished writing vec: a host read (free for host memory) or, for device
// memory, a norm (a reduction the host waits for). Timed loops end with it, so asynchronous backends are
// not under-timed.
void Synchronize(CeedVector vec);

}  // namespace bench
