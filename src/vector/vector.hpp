// CeedVector: private struct and core-internal helpers.
//
// Storage model: the core owns vector storage as a table of buffers, one per (memory space, precision).
// At most one buffer per memory space may be borrowed (CEED_USE_POINTER) or owned; any number of buffers
// may be valid at the same time, and a write access invalidates all but the buffer written. Reading a
// (memory space, precision) pair that is not valid copies and/or converts from a valid buffer. Host memory
// is allocated by the core (aligned, released with free()); device memory comes from the backend through
// CeedBackendOps::DeviceAlloc/DeviceFree/DeviceCopy. The CeedScalar API uses the CEED_SCALAR_TYPE buffers,
// the typed API of the multiprecision extension (docs/multiprecision.md) any of them; vector arithmetic runs
// in each vector's preferred precision.
#pragma once

#include <initializer_list>

#include "core/ceed-impl.hpp"

namespace ceed {

// Who releases a buffer's memory.
enum class BufferOwner {
  kNone,      // no memory attached
  kCore,      // allocated by the core (host: posix_memalign, device: backend DeviceAlloc)
  kUser,      // CEED_OWN_POINTER: host memory released with free(), device memory with DeviceFree
  kBorrowed,  // CEED_USE_POINTER: never released by the core, can be handed back with TakeArray/TakeData
};

struct Buffer {
  void       *ptr   = nullptr;
  BufferOwner owner = BufferOwner::kNone;
  bool        valid = false;  // holds the current values
};

constexpr int kNumMemTypes    = 2;  // CEED_MEM_HOST, CEED_MEM_DEVICE
constexpr int kNumScalarTypes = 2;  // CEED_SCALAR_FP32, CEED_SCALAR_FP64

inline size_t ScalarTypeSize(CeedScalarType prec) { return prec == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double); }

// The context (itself, an object delegate or a delegate) that provides device memory, or NULL.
Ceed FindDeviceBackend(Ceed ceed, const char *kind);

// Releases the memory of one buffer (device memory through dev, which may be NULL for host buffers).
int BufferRelease(Ceed dev, CeedMemType mem_type, Buffer &buffer);

// Kinds of access to a vector buffer.
enum class Access { kRead, kReadWrite, kWrite };

// dev's DeviceCopy, with the bytes that cross between host and device added to the process's counters
// (CeedGetHostDeviceBytes). Every copy the core makes between the two memories goes through here.
int CountedDeviceCopy(Ceed dev, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes);

}  // namespace ceed

struct CeedVector_private {
  CeedObjectHeader header;  // MUST be first
  CeedSize         length      = 0;
  uint64_t         state       = 0;  // odd while a writer holds the vector
  CeedInt          num_readers = 0;
  CeedScalarType   preferred   = CEED_SCALAR_TYPE;  // precision of vector arithmetic and of writes by operations
  bool             is_pending_output = false;  // listed in the root context's pending_outputs
  ceed::Buffer     buffers[ceed::kNumMemTypes][ceed::kNumScalarTypes];
};

namespace ceed {

// Typed access through the buffer table: grants access (lock protocol of spec 00 §6 with the error texts
// of spec 02) to the buffer (mem_type, prec), copying/converting from a valid buffer for kRead/kReadWrite
// and allocating for kWrite. func names the public function reported in error messages. Length 0 gives
// *array = NULL. Restore with VectorRestoreTyped(vec, access, func).
int VectorGetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType prec, Access access, void **array, const char *func);
int VectorRestoreTyped(CeedVector vec, Access access, const char *func);

// Raises an error unless prec is CEED_SCALAR_FP32 or CEED_SCALAR_FP64.
int CheckScalarType(CeedVector vec, CeedScalarType prec, const char *func);

// Calls f(float{}) or f(double{}) for prec: code written once for both storage precisions.
template <class F>
int WithScalarType(CeedScalarType prec, F &&f) {
  if (prec == CEED_SCALAR_FP32) return f(float{});
  return f(double{});
}

// Host access to vec in precision prec for the duration of a scope (restored on destruction if not
// restored explicitly). Get reports errors as func.
class HostAccess {
 public:
  HostAccess() = default;
  HostAccess(const HostAccess &) = delete;
  HostAccess &operator=(const HostAccess &) = delete;
  ~HostAccess() {
    if (vec_) VectorRestoreTyped(vec_, access_, func_);
  }
  int Get(CeedVector vec, CeedScalarType prec, Access access, const char *func) {
    CeedCall(VectorGetArrayTyped(vec, CEED_MEM_HOST, prec, access, &ptr_, func));
    vec_ = vec, access_ = access, func_ = func;
    return CEED_ERROR_SUCCESS;
  }
  int Restore() {
    CeedVector vec = vec_;
    vec_           = nullptr;
    return vec ? VectorRestoreTyped(vec, access_, func_) : CEED_ERROR_SUCCESS;
  }
  template <class T>
  T *Data() const {
    return static_cast<T *>(ptr_);
  }

 private:
  CeedVector  vec_    = nullptr;
  Access      access_ = Access::kRead;
  const char *func_   = nullptr;
  void       *ptr_    = nullptr;
};

// Whether vec is CEED_VECTOR_ACTIVE or CEED_VECTOR_NONE.
inline bool IsVectorSentinel(CeedVector vec) { return vec == CEED_VECTOR_ACTIVE || vec == CEED_VECTOR_NONE; }

// Raises an error unless vec is a real vector (not NULL, not a sentinel); func names the public function.
int VectorCheck(CeedVector vec, const char *func);

// Converts vec's current values to precision prec (in the memory space that holds them, device first) and
// makes that buffer the only valid one: the vector is then stored in prec, as after a write in prec.
int VectorKeepOnly(CeedVector vec, CeedScalarType prec, const char *func);

// Invalidates every buffer of vec, keeping its memory: a read then fails with "has no valid data" until the
// vector is written again. Marks what a failed operation may have left half-written (docs/multiprecision.md).
void VectorMarkInvalid(CeedVector vec);

// Lists vec among the outputs of asynchronous operator applications not yet known to have completed
// (CeedMarkPendingOutputsInvalid / CeedMarkPendingOutputsComplete); a destroyed vector leaves the list.
void VectorAddPendingOutput(CeedVector vec);

// Whether some buffer holds the current values (always true for length 0).
bool VectorHasValidData(CeedVector vec);

// The context whose backend provides the vector kernel selected by has_kernel, or NULL (core host loops).
template <class F>
Ceed FindVectorKernel(CeedVector vec, F has_kernel) {
  return vec->header.ceed ? FindBackend(vec->header.ceed, "Vector", has_kernel) : nullptr;
}

// The backend (of the first operand) whose vector kernel has_kernel selects, when that kernel serves the
// operands: every one prefers the same precision, one of CeedBackendOps::vector_scalar_types. NULL: host loops.
template <class F>
Ceed FindVectorKernelFor(std::initializer_list<CeedVector> operands, F has_kernel) {
  const CeedScalarType type = (*operands.begin())->preferred;
  for (CeedVector v : operands)
    if (v->preferred != type) return nullptr;
  Ceed backend = FindVectorKernel(*operands.begin(), has_kernel);
  if (!backend) return nullptr;
  const unsigned types = backend->ops.vector_scalar_types ? backend->ops.vector_scalar_types : 1u << CEED_SCALAR_TYPE;
  return (types >> type) & 1u ? backend : nullptr;
}

// Runs a mutating backend kernel; accounts for a state change of +2 if the kernel did not go through
// the access functions itself.
template <class K>
int RunMutatingKernel(CeedVector vec, K kernel) {
  const uint64_t state = vec->state;
  CeedCall(kernel());
  if (vec->state == state) vec->state += 2;
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

// Raise an error on vec's Ceed reporting func (the public function) as the failing function.
#define CeedVectorError(vec, func, ecode, ...) \
  (CeedErrorImpl((vec)->header.ceed, __FILE__, __LINE__, (func), (ecode), __VA_ARGS__), (ecode))
