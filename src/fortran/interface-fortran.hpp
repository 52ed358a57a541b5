// Fortran interface (interface-fortran*.cpp): what the entry points of every object kind share. See
// interface-fortran.cpp for the conventions.
#pragma once

#include <ceed/backend.h>
#include <ceed/ceed.h>

#include <string>
#include <vector>

// The exported name of Fortran entry point `name` (gfortran, and most Unix compilers: lower case plus _).
#define CEED_FORTRAN(name) CEED_EXTERN void name##_

namespace ceed::fortran {

// Special handle values (ceed/fortran.h).
constexpr int kRequestImmediate = -1, kRequestOrdered = -2, kNull = -3, kStridesBackend = -4, kVectorActive = -5, kVectorNone = -6,
              kRstrNone = -7, kBasisNone = -8, kQFunctionNone = -9;

using FortranCharLen = size_t;  // hidden string length of gfortran >= 8

// Handles of one object kind. A handle stays valid until destroyed; the table restarts when none is live.
template <class T, int (*DestroyFn)(T *)>
class Table {
 public:
  int Add(T object) {
    objects_.push_back(object);
    live_++;
    return static_cast<int>(objects_.size()) - 1;
  }
  // NULL for an unknown handle: the C function called with it reports the error.
  T Get(int handle) const { return handle >= 0 && handle < static_cast<int>(objects_.size()) ? objects_[handle] : nullptr; }
  int Destroy(int *handle) {
    if (*handle == kNull) return CEED_ERROR_SUCCESS;
    if (*handle < 0 || *handle >= static_cast<int>(objects_.size()) || !objects_[*handle]) {
      return CeedError(nullptr, CEED_ERROR_INCOMPATIBLE, "Fortran interface: invalid handle %d", *handle);
    }
    const int ierr = DestroyFn(&objects_[*handle]);
    if (ierr) return ierr;
    *handle = kNull;
    if (--live_ == 0) objects_.clear();
    return CEED_ERROR_SUCCESS;
  }

 private:
  std::vector<T> objects_;
  int            live_ = 0;
};

extern Table<Ceed, CeedDestroy>                                  ceeds;
extern Table<CeedVector, CeedVectorDestroy>                      vectors;
extern Table<CeedElemRestriction, CeedElemRestrictionDestroy>    restrictions;
extern Table<CeedBasis, CeedBasisDestroy>                        bases;
extern Table<CeedQFunctionContext, CeedQFunctionContextDestroy> contexts;
extern Table<CeedQFunction, CeedQFunctionDestroy>                qfunctions;
extern Table<CeedOperator, CeedOperatorDestroy>                  operators;

// A Fortran string as a C string: up to its hidden length or a terminating NUL (trim(s)//char(0)).
inline std::string FromFortran(const char *s, FortranCharLen len) {
  size_t n = 0;
  while (n < len && s[n]) n++;
  return std::string(s, n);
}

// Handles that stand for the API's sentinels, else table lookups.
inline CeedVector VectorArg(int h) {
  if (h == kVectorActive) return CEED_VECTOR_ACTIVE;
  if (h == kVectorNone) return CEED_VECTOR_NONE;
  return h == kNull ? nullptr : vectors.Get(h);
}
inline CeedElemRestriction RstrArg(int h) { return h == kRstrNone ? CEED_ELEMRESTRICTION_NONE : h == kNull ? nullptr : restrictions.Get(h); }
inline CeedBasis           BasisArg(int h) { return h == kBasisNone ? CEED_BASIS_NONE : h == kNull ? nullptr : bases.Get(h); }
inline CeedQFunction       QFunctionArg(int h) { return h == kQFunctionNone ? CEED_QFUNCTION_NONE : qfunctions.Get(h); }

// Requests: immediate and ordered map to the API's; any other value asks for completion on return.
struct Request {
  explicit Request(int h) : handle(h) {}
  CeedRequest *get() {
    if (handle == kRequestImmediate) return CEED_REQUEST_IMMEDIATE;
    if (handle == kRequestOrdered) return CEED_REQUEST_ORDERED;
    return &request;
  }
  int         handle;
  CeedRequest request = nullptr;
};

// Stores a new object's handle when creation succeeded.
template <class TableT, class T>
void Created(TableT &table, int err, T object, int *handle) {
  if (!err) *handle = table.Add(object);
}

}  // namespace ceed::fortran
