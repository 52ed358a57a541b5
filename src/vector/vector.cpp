// CeedVector: reference counting, the buffer table, the access-lock protocol (spec 00 §6,
// 02 V1-V9), setting/taking/copying data. Linear algebra, queries and views are in vector-ops.cpp.
#include "vector/vector.hpp"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

using ceed::Access;
using ceed::Buffer;
using ceed::BufferOwner;

namespace {

// Bytes copied host -> device and device -> host by this process (CeedGetHostDeviceBytes).
std::atomic<long long> bytes_to_device{0}, bytes_to_host{0};

}  // namespace

int ceed::CountedDeviceCopy(Ceed dev, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  CeedCall(dev->ops.DeviceCopy(dev, dst, dst_mem, src, src_mem, bytes));
  if (dst_mem != src_mem) (dst_mem == CEED_MEM_DEVICE ? bytes_to_device : bytes_to_host) += (long long)bytes;
  return CEED_ERROR_SUCCESS;
}

int CeedGetHostDeviceBytes(CeedSize *host_to_device, CeedSize *device_to_host) {
  if (host_to_device) *host_to_device = (CeedSize)bytes_to_device.load();
  if (device_to_host) *device_to_host = (CeedSize)bytes_to_host.load();
  return CEED_ERROR_SUCCESS;
}

// CeedCheck reporting func (the public function) as the failing function.
#define CeedVectorCheckAs(vec, func, cond, ecode, ...) \
  do {                                                 \
    if (!(cond)) return CeedVectorError(vec, func, ecode, __VA_ARGS__); \
  } while (0)

namespace {

constexpr CeedScalarType kPrec = CEED_SCALAR_TYPE;

const char *MemName(CeedMemType mem_type) { return mem_type == CEED_MEM_DEVICE ? "device" : "host"; }

size_t Bytes(CeedVector vec, CeedScalarType prec) { return static_cast<size_t>(vec->length) * ceed::ScalarTypeSize(prec); }

int CheckMemType(CeedVector vec, CeedMemType mem_type, const char *func) {
  if (mem_type != CEED_MEM_HOST && mem_type != CEED_MEM_DEVICE)
    return CeedVectorError(vec, func, CEED_ERROR_INCOMPATIBLE, "Invalid CeedMemType %d for CeedVector", static_cast<int>(mem_type));
  return CEED_ERROR_SUCCESS;
}

// Attaches core-owned memory to buffer (mem_type, prec) if it has none; contents are left undefined
// (zeroed on host when zero is set).
int Allocate(CeedVector vec, Ceed dev, CeedMemType mem_type, CeedScalarType prec, bool zero, const char *func) {
  Buffer &b = vec->buffers[mem_type][prec];
  if (b.ptr) return CEED_ERROR_SUCCESS;
  const size_t bytes = Bytes(vec, prec);
  void        *ptr   = nullptr;
  if (mem_type == CEED_MEM_HOST) {
    if (ceed::HostMemalign(&ptr, CEED_ALIGN, bytes) != 0)
      return CeedVectorError(vec, func, CEED_ERROR_MAJOR, "Could not allocate %zu bytes of host memory for CeedVector of length %td", bytes,
                             vec->length);
    if (zero) std::memset(ptr, 0, bytes);
  } else {
    CeedCall(dev->ops.DeviceAlloc(dev, bytes, &ptr));
  }
  b.ptr   = ptr;
  b.owner = BufferOwner::kCore;
  b.valid = false;
  return CEED_ERROR_SUCCESS;
}

int MemCopy(Ceed dev, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  if (dst == src) return CEED_ERROR_SUCCESS;
  if (dst_mem == CEED_MEM_HOST && src_mem == CEED_MEM_HOST) {
    std::memmove(dst, src, bytes);
    return CEED_ERROR_SUCCESS;
  }
  return ceed::CountedDeviceCopy(dev, dst, dst_mem, src, src_mem, bytes);
}

template <class D, class S>
void Convert(void *dst, const void *src, CeedSize n) {
  D       *d = static_cast<D *>(dst);
  const S *s = static_cast<const S *>(src);
  for (CeedSize i = 0; i < n; i++) d[i] = static_cast<D>(s[i]);
}

// Makes buffer (mem_type, prec) hold the current values: copies from the other memory space in the same
// precision, converts on the device when the other precision is valid there and the backend can
// (CeedBackendOps::DeviceConvert), or else converts on host (staging through host for device targets).
int SyncBuffer(CeedVector vec, Ceed dev, CeedMemType mem_type, CeedScalarType prec, const char *func) {
  Buffer(&b)[ceed::kNumMemTypes][ceed::kNumScalarTypes] = vec->buffers;
  if (b[mem_type][prec].valid) return CEED_ERROR_SUCCESS;
  const CeedMemType other = mem_type == CEED_MEM_HOST ? CEED_MEM_DEVICE : CEED_MEM_HOST;
  if (b[other][prec].valid) {
    if (!dev)
      return CeedVectorError(vec, func, CEED_ERROR_MAJOR, "CeedVector holds valid %s data but no backend provides device memory", MemName(other));
    CeedCall(Allocate(vec, dev, mem_type, prec, false, func));
    CeedCall(MemCopy(dev, b[mem_type][prec].ptr, mem_type, b[other][prec].ptr, other, Bytes(vec, prec)));
    b[mem_type][prec].valid = true;
    return CEED_ERROR_SUCCESS;
  }
  const CeedScalarType src_prec = prec == CEED_SCALAR_FP32 ? CEED_SCALAR_FP64 : CEED_SCALAR_FP32;
  if (!b[CEED_MEM_HOST][src_prec].valid && !b[CEED_MEM_DEVICE][src_prec].valid)
    return CeedVectorError(vec, func, CEED_ERROR_BACKEND, "CeedVector has no valid data, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (mem_type == CEED_MEM_DEVICE && b[CEED_MEM_DEVICE][src_prec].valid && dev && dev->ops.DeviceConvert) {
    CeedCall(Allocate(vec, dev, CEED_MEM_DEVICE, prec, false, func));
    CeedCall(dev->ops.DeviceConvert(dev, b[CEED_MEM_DEVICE][prec].ptr, prec, b[CEED_MEM_DEVICE][src_prec].ptr, src_prec, vec->length));
    b[CEED_MEM_DEVICE][prec].valid = true;
    return CEED_ERROR_SUCCESS;
  }
  CeedCall(SyncBuffer(vec, dev, CEED_MEM_HOST, src_prec, func));
  CeedCall(Allocate(vec, dev, CEED_MEM_HOST, prec, false, func));
  if (prec == CEED_SCALAR_FP32) Convert<float, double>(b[CEED_MEM_HOST][prec].ptr, b[CEED_MEM_HOST][src_prec].ptr, vec->length);
  else Convert<double, float>(b[CEED_MEM_HOST][prec].ptr, b[CEED_MEM_HOST][src_prec].ptr, vec->length);
  b[CEED_MEM_HOST][prec].valid = true;
  if (mem_type == CEED_MEM_DEVICE) return SyncBuffer(vec, dev, CEED_MEM_DEVICE, prec, func);
  return CEED_ERROR_SUCCESS;
}

// After a write to (mem_type, prec) only that buffer holds the current values.
void MarkOnlyValid(CeedVector vec, CeedMemType mem_type, CeedScalarType prec) {
  for (int m = 0; m < ceed::kNumMemTypes; m++)
    for (int p = 0; p < ceed::kNumScalarTypes; p++) vec->buffers[m][p].valid = (m == mem_type && p == prec) && vec->buffers[m][p].ptr;
}

// Releases memory handed over with CEED_OWN_POINTER that the vector does not keep (length 0).
int ReleaseUserPointer(Ceed dev, CeedMemType mem_type, void *ptr) {
  if (!ptr) return CEED_ERROR_SUCCESS;
  if (mem_type == CEED_MEM_HOST) {
    std::free(ptr);
    return CEED_ERROR_SUCCESS;
  }
  return dev->ops.DeviceFree(dev, ptr);
}

CeedVector_private MakeSentinel() {
  CeedVector_private v;
  v.header.ref_count = 0;
  return v;
}

CeedVector_private vector_active = MakeSentinel();
CeedVector_private vector_none   = MakeSentinel();

}  // namespace

const CeedVector CEED_VECTOR_ACTIVE = &vector_active;
const CeedVector CEED_VECTOR_NONE   = &vector_none;

namespace ceed {

Ceed FindDeviceBackend(Ceed ceed, const char *kind) {
  if (!ceed) return nullptr;
  return FindBackend(ceed, kind, [](const CeedBackendOps &o) { return o.DeviceAlloc && o.DeviceFree && o.DeviceCopy; });
}

int BufferRelease(Ceed dev, CeedMemType mem_type, Buffer &buffer) {
  void *ptr = buffer.ptr;
  const bool owned = buffer.owner == BufferOwner::kCore || buffer.owner == BufferOwner::kUser;
  buffer    = Buffer{};
  if (owned) return ReleaseUserPointer(dev, mem_type, ptr);
  return CEED_ERROR_SUCCESS;
}

int VectorCheck(CeedVector vec, const char *func) {
  if (!vec) {
    CeedErrorImpl(nullptr, __FILE__, __LINE__, func, CEED_ERROR_INCOMPATIBLE, "CeedVector handle is NULL");
    return CEED_ERROR_INCOMPATIBLE;
  }
  if (vec == CEED_VECTOR_ACTIVE || vec == CEED_VECTOR_NONE) {
    CeedErrorImpl(nullptr, __FILE__, __LINE__, func, CEED_ERROR_INCOMPATIBLE, "CeedVector handle is the sentinel %s, a real CeedVector is required",
                  vec == CEED_VECTOR_ACTIVE ? "CEED_VECTOR_ACTIVE" : "CEED_VECTOR_NONE");
    return CEED_ERROR_INCOMPATIBLE;
  }
  return CEED_ERROR_SUCCESS;
}

bool VectorHasValidData(CeedVector vec) {
  if (vec->length == 0) return true;
  for (auto &row : vec->buffers)
    for (auto &b : row)
      if (b.valid) return true;
  return false;
}

int CheckScalarType(CeedVector vec, CeedScalarType prec, const char *func) {
  if (prec != CEED_SCALAR_FP32 && prec != CEED_SCALAR_FP64)
    return CeedVectorError(vec, func, CEED_ERROR_INCOMPATIBLE, "Invalid CeedScalarType %d for CeedVector, must be CEED_SCALAR_FP32 or CEED_SCALAR_FP64",
                           static_cast<int>(prec));
  return CEED_ERROR_SUCCESS;
}

int VectorKeepOnly(CeedVector vec, CeedScalarType prec, const char *func) {
  CeedCall(VectorCheck(vec, func));
  CeedCall(CheckScalarType(vec, prec, func));
  if (vec->length == 0 || !VectorHasValidData(vec)) return CEED_ERROR_SUCCESS;
  if (vec->state % 2 == 1 || vec->num_readers > 0)
    return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot convert CeedVector to %s, the access lock is in use", CeedScalarTypes[prec]);
  Ceed              dev = FindDeviceBackend(vec->header.ceed, "Vector");
  const CeedMemType mem = dev && (vec->buffers[CEED_MEM_DEVICE][0].valid || vec->buffers[CEED_MEM_DEVICE][1].valid) ? CEED_MEM_DEVICE : CEED_MEM_HOST;
  CeedCall(SyncBuffer(vec, dev, mem, prec, func));
  MarkOnlyValid(vec, mem, prec);
  vec->state += 2;
  return CEED_ERROR_SUCCESS;
}

void VectorMarkInvalid(CeedVector vec) {
  for (auto &row : vec->buffers)
    for (auto &b : row) b.valid = false;
  vec->state += 2;
}

void VectorAddPendingOutput(CeedVector vec) {
  if (vec->is_pending_output) return;
  RootCeed(vec->header.ceed)->pending_outputs.push_back(vec);
  vec->is_pending_output = true;
}

namespace {

// Empties the root context's list of pending outputs, marking each invalid first if asked.
void ForgetPendingOutputs(Ceed ceed, bool mark_invalid) {
  std::vector<CeedVector> &pending = RootCeed(ceed)->pending_outputs;
  for (CeedVector vec : pending) {
    if (mark_invalid) VectorMarkInvalid(vec);
    vec->is_pending_output = false;
  }
  pending.clear();
}

// Takes a vector being destroyed off its root context's list of pending outputs.
void DropPendingOutput(CeedVector vec) {
  if (!vec->is_pending_output) return;
  std::vector<CeedVector> &pending = RootCeed(vec->header.ceed)->pending_outputs;
  for (size_t i = 0; i < pending.size(); i++) {
    if (pending[i] != vec) continue;
    pending[i] = pending.back();
    pending.pop_back();
    break;
  }
  vec->is_pending_output = false;
}

}  // namespace

int VectorGetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType prec, Access access, void **array, const char *func) {
  CeedCall(VectorCheck(vec, func));
  if (!array) return CeedVectorError(vec, func, CEED_ERROR_INCOMPATIBLE, "Output array pointer for CeedVector access is NULL");
  CeedCall(CheckMemType(vec, mem_type, func));
  CeedCall(CheckScalarType(vec, prec, func));
  if (access == Access::kRead) {
    if (vec->state % 2 == 1)
      return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot grant CeedVector read-only array access, the access lock is already in use");
  } else {
    if (vec->state % 2 == 1) return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, the access lock is already in use");
    if (vec->num_readers > 0) return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, a process has read access");
  }
  Ceed dev = FindDeviceBackend(vec->header.ceed, "Vector");
  if (mem_type == CEED_MEM_DEVICE && !dev) return CeedVectorError(vec, func, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  void *ptr = nullptr;
  if (vec->length > 0) {
    if (access == Access::kWrite) {
      CeedCall(Allocate(vec, dev, mem_type, prec, false, func));
    } else {
      if (!VectorHasValidData(vec))
        return CeedVectorError(vec, func, CEED_ERROR_BACKEND,
                               "CeedVector has no valid data to read, must set data with CeedVectorSetValue or CeedVectorSetArray");
      CeedCall(SyncBuffer(vec, dev, mem_type, prec, func));
    }
    if (access != Access::kRead) MarkOnlyValid(vec, mem_type, prec);
    ptr = vec->buffers[mem_type][prec].ptr;
  }
  if (access == Access::kRead) vec->num_readers++;
  else vec->state++;
  *array = ptr;
  if (access == Access::kRead && vec->num_readers == 1 && mem_type == CEED_MEM_HOST && ptr) {
    Ceed checker = FindBackend(vec->header.ceed, "Vector", [](const CeedBackendOps &o) { return o.VectorReadGranted != nullptr; });
    if (checker) {
      const size_t bytes = static_cast<size_t>(vec->length) * (prec == CEED_SCALAR_FP32 ? sizeof(float) : sizeof(double));
      int          ierr  = checker->ops.VectorReadGranted(vec, ptr, bytes);
      if (ierr) vec->num_readers--;  // not granted after all
      CeedCall(ierr);
    }
  }
  return CEED_ERROR_SUCCESS;
}

int VectorRestoreTyped(CeedVector vec, Access access, const char *func) {
  CeedCall(VectorCheck(vec, func));
  if (access == Access::kRead) {
    if (vec->num_readers <= 0)
      return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot restore CeedVector array read access, access was not granted");
    vec->num_readers--;
    Ceed checker = vec->num_readers ? nullptr : FindBackend(vec->header.ceed, "Vector", [](const CeedBackendOps &o) { return o.VectorReadRestored != nullptr; });
    if (checker) CeedCall(checker->ops.VectorReadRestored(vec));
  } else {
    if (vec->state % 2 == 0) return CeedVectorError(vec, func, CEED_ERROR_ACCESS, "Cannot restore CeedVector array access, access was not granted");
    vec->state++;
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

// ---- References, destruction (creation: vector-create.cpp) -------------------------------------------------------------

int CeedVectorReferenceCopy(CeedVector vec, CeedVector *vec_copy) {
  CeedCheck(vec_copy, vec && !ceed::IsVectorSentinel(vec) ? vec->header.ceed : NULL, CEED_ERROR_INCOMPATIBLE,
            "Cannot reference copy CeedVector: destination pointer is NULL");
  // A NULL source or a sentinel is copied without reference counting (a NULL source clears *vec_copy).
  if (!vec || ceed::IsVectorSentinel(vec)) {
    CeedCall(CeedVectorDestroy(vec_copy));
    *vec_copy = vec;
    return CEED_ERROR_SUCCESS;
  }
  vec->header.ref_count++;
  int ierr = CeedVectorDestroy(vec_copy);
  if (ierr) {
    vec->header.ref_count--;
    return ierr;
  }
  *vec_copy = vec;
  return CEED_ERROR_SUCCESS;
}

int CeedMarkPendingOutputsInvalid(Ceed ceed) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  ceed::ForgetPendingOutputs(ceed, true);
  return CEED_ERROR_SUCCESS;
}

int CeedMarkPendingOutputsComplete(Ceed ceed) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  ceed::ForgetPendingOutputs(ceed, false);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorDestroy(CeedVector *vec) {
  CeedCheck(vec, NULL, CEED_ERROR_INCOMPATIBLE, "Cannot destroy CeedVector: pointer to the handle is NULL");
  CeedVector v = *vec;
  if (!v || ceed::IsVectorSentinel(v)) {
    *vec = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (v->header.ref_count > 1) {
    v->header.ref_count--;
    *vec = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  CeedCheck(v->state % 2 == 0, v->header.ceed, CEED_ERROR_ACCESS, "Cannot destroy CeedVector, the writable access lock is in use");
  CeedCheck(v->num_readers == 0, v->header.ceed, CEED_ERROR_ACCESS, "Cannot destroy CeedVector, a process has read access");
  ceed::DropPendingOutput(v);
  Ceed dev  = ceed::FindDeviceBackend(v->header.ceed, "Vector");
  int  ierr = CEED_ERROR_SUCCESS;
  for (int m = 0; m < ceed::kNumMemTypes; m++)
    for (int p = 0; p < ceed::kNumScalarTypes; p++) {
      int e = ceed::BufferRelease(dev, static_cast<CeedMemType>(m), v->buffers[m][p]);
      if (e && !ierr) ierr = e;
    }
  int e = ceed::ObjectReleaseCeed(v->header);
  if (e && !ierr) ierr = e;
  delete v;
  *vec = nullptr;
  return ierr;
}

// ---- Setting data ----------------------------------------------------------------------------------

namespace {

int SetArray(CeedVector vec, CeedMemType mem_type, CeedScalarType prec, CeedCopyMode copy_mode, void *array, const char *func) {
  CeedCall(ceed::VectorCheck(vec, func));
  CeedCall(CheckMemType(vec, mem_type, func));
  CeedCall(ceed::CheckScalarType(vec, prec, func));
  CeedVectorCheckAs(vec, func, copy_mode == CEED_COPY_VALUES || copy_mode == CEED_USE_POINTER || copy_mode == CEED_OWN_POINTER,
            CEED_ERROR_INCOMPATIBLE, "Invalid CeedCopyMode %d for CeedVector", static_cast<int>(copy_mode));
  CeedVectorCheckAs(vec, func, vec->state % 2 == 0, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, the access lock is already in use");
  CeedVectorCheckAs(vec, func, vec->num_readers == 0, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, a process has read access");
  Ceed dev = ceed::FindDeviceBackend(vec->header.ceed, "Vector");
  CeedVectorCheckAs(vec, func, mem_type == CEED_MEM_HOST || dev, CEED_ERROR_BACKEND, "Can only set HOST memory for this backend");

  if (vec->length == 0) {
    if (copy_mode == CEED_OWN_POINTER) CeedCall(ReleaseUserPointer(dev, mem_type, array));
    vec->state += 2;
    return CEED_ERROR_SUCCESS;
  }
  Buffer &b = vec->buffers[mem_type][prec];
  switch (copy_mode) {
    case CEED_COPY_VALUES: {
      if (b.owner != BufferOwner::kCore && b.owner != BufferOwner::kUser) {
        Buffer saved = b;
        b            = Buffer{};
        int ierr     = Allocate(vec, dev, mem_type, prec, array == nullptr, func);
        if (ierr) {
          b = saved;
          return ierr;
        }
      }
      if (array) CeedCall(MemCopy(dev, b.ptr, mem_type, array, mem_type, Bytes(vec, prec)));
      break;
    }
    case CEED_USE_POINTER:
    case CEED_OWN_POINTER: {
      if (b.ptr != array) CeedCall(ceed::BufferRelease(dev, mem_type, b));
      b.ptr = array;
      if (!array) b.owner = BufferOwner::kNone;
      else if (copy_mode == CEED_OWN_POINTER) b.owner = BufferOwner::kUser;
      else if (b.owner == BufferOwner::kNone) b.owner = BufferOwner::kBorrowed;
      break;
    }
  }
  MarkOnlyValid(vec, mem_type, prec);
  vec->state += 2;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CeedVectorSetArray(CeedVector vec, CeedMemType mem_type, CeedCopyMode copy_mode, CeedScalar *array) {
  return SetArray(vec, mem_type, CEED_SCALAR_TYPE, copy_mode, array, __func__);
}

int CeedVectorSetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, CeedCopyMode copy_mode, void *array) {
  return SetArray(vec, mem_type, scalar_type, copy_mode, array, __func__);
}

int CeedVectorSetValue(CeedVector vec, CeedScalar value) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(vec->state % 2 == 0, vec->header.ceed, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, the access lock is already in use");
  CeedCheck(vec->num_readers == 0, vec->header.ceed, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, a process has read access");
  Ceed backend = vec->length > 0 ? ceed::FindVectorKernelFor({vec}, [](const CeedBackendOps &o) { return o.VectorSetValue != nullptr; }) : nullptr;
  if (backend) return ceed::RunMutatingKernel(vec, [&] { return backend->ops.VectorSetValue(vec, value); });
  ceed::HostAccess x;
  CeedCall(x.Get(vec, vec->preferred, Access::kWrite, __func__));
  ceed::WithScalarType(vec->preferred, [&](auto zero) {
    using T    = decltype(zero);
    T *data    = x.Data<T>();
    const T v  = static_cast<T>(value);
    if (vec->length == 0) return CEED_ERROR_SUCCESS;  // possibly no array, which memset must not see
    // Zero (the output of every operator application) through memset: the C library's widest stores.
    if (value == 0.0 && !std::signbit(value)) std::memset(static_cast<void *>(data), 0, (size_t)vec->length * sizeof(T));
    else for (CeedSize i = 0; i < vec->length; i++) data[i] = v;
    return CEED_ERROR_SUCCESS;
  });
  return x.Restore();
}

int CeedVectorSetValueStrided(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedScalar value) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  Ceed ceed = vec->header.ceed;
  CeedCheck(vec->state % 2 == 0, ceed, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, the access lock is already in use");
  CeedCheck(vec->num_readers == 0, ceed, CEED_ERROR_ACCESS, "Cannot grant CeedVector array access, a process has read access");
  CeedCheck(stop >= -1 && stop <= vec->length, ceed, CEED_ERROR_ACCESS,
            "Invalid value for stop %td, must satisfy -1 <= stop <= %td (the CeedVector length)", stop, vec->length);
  CeedCheck(start >= 0, ceed, CEED_ERROR_ACCESS, "Invalid value for start %td, must be non-negative", start);
  CeedCheck(step >= 1, ceed, CEED_ERROR_ACCESS, "Invalid value for step %td, must be positive", step);
  if (vec->length == 0) return CEED_ERROR_SUCCESS;
  CeedCheck(ceed::VectorHasValidData(vec), ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to set strided values, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (stop == -1) stop = vec->length;
  if (start >= stop) return CEED_ERROR_SUCCESS;
  // On the device where the backend has the kernel: a probe vector of an assembly is set this way, and staging
  // it through the host cost seconds per assembly at 1e7 DOFs on a GPU.
  if (Ceed backend = ceed::FindVectorKernelFor({vec}, [](const CeedBackendOps &o) { return o.VectorSetValueStrided != nullptr; })) {
    return ceed::RunMutatingKernel(vec, [&] { return backend->ops.VectorSetValueStrided(vec, start, stop, step, value); });
  }
  ceed::HostAccess x;
  CeedCall(x.Get(vec, vec->preferred, Access::kReadWrite, __func__));
  ceed::WithScalarType(vec->preferred, [&](auto zero) {
    using T = decltype(zero);
    T *data = x.Data<T>();
    for (CeedSize i = start; i < stop; i += step) data[i] = static_cast<T>(value);
    return CEED_ERROR_SUCCESS;
  });
  return x.Restore();
}

int CeedVectorCopy(CeedVector vec, CeedVector vec_copy) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCall(ceed::VectorCheck(vec_copy, __func__));
  Ceed ceed = vec->header.ceed;
  CeedCheck(vec->length == vec_copy->length, ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedVectors must have the same length to copy: source length %td, destination length %td", vec->length, vec_copy->length);
  CeedCheck(ceed::VectorHasValidData(vec), ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to copy, must set data with CeedVectorSetValue or CeedVectorSetArray");
  if (vec == vec_copy || vec->length == 0) return CEED_ERROR_SUCCESS;

  // Transfer in the preferred memory when both contexts agree and device memory is available to both.
  CeedMemType mem = CEED_MEM_HOST, mem_copy = CEED_MEM_HOST;
  CeedCall(CeedGetPreferredMemType(ceed, &mem));
  CeedCall(CeedGetPreferredMemType(vec_copy->header.ceed, &mem_copy));
  Ceed dev = ceed::FindDeviceBackend(ceed, "Vector");
  if (mem != mem_copy || !dev || dev != ceed::FindDeviceBackend(vec_copy->header.ceed, "Vector")) mem = CEED_MEM_HOST;

  // The source is read in its preferred precision, as by every vector operation, and copied bit for bit; the
  // destination is then stored in its own preferred precision (a conversion only when the two differ).
  const CeedScalarType prec = vec->preferred;
  void                *x = nullptr, *y = nullptr;
  CeedCall(ceed::VectorGetArrayTyped(vec, mem, prec, Access::kRead, &x, __func__));
  int ierr = ceed::VectorGetArrayTyped(vec_copy, mem, prec, Access::kWrite, &y, __func__);
  if (ierr) {
    ceed::VectorRestoreTyped(vec, Access::kRead, __func__);
    return ierr;
  }
  ierr = MemCopy(dev, y, mem, x, mem, Bytes(vec, prec));
  CeedCall(ceed::VectorRestoreTyped(vec_copy, Access::kWrite, __func__));
  CeedCall(ceed::VectorRestoreTyped(vec, Access::kRead, __func__));
  CeedCall(ierr);
  if (vec_copy->preferred != prec) CeedCall(ceed::VectorKeepOnly(vec_copy, vec_copy->preferred, __func__));
  return CEED_ERROR_SUCCESS;
}

int CeedVectorCopyStrided(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedVector vec_copy) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCall(ceed::VectorCheck(vec_copy, __func__));
  Ceed ceed = vec->header.ceed;
  if (vec->length <= 0 || vec_copy->length <= 0) return CEED_ERROR_SUCCESS;
  const CeedSize length = vec->length < vec_copy->length ? vec->length : vec_copy->length;
  CeedCheck(stop >= -1 && stop <= length, ceed, CEED_ERROR_ACCESS,
            "Invalid value for stop %td, must satisfy -1 <= stop <= %td (the shorter CeedVector length)", stop, length);
  CeedCheck(start >= 0 && start <= length, ceed, CEED_ERROR_ACCESS, "Invalid value for start %td, must satisfy 0 <= start <= %td", start, length);
  CeedCheck(stop == -1 || start <= stop, ceed, CEED_ERROR_ACCESS, "Invalid values for start %td and stop %td, start must not exceed stop", start,
            stop);
  CeedCheck(step >= 1, ceed, CEED_ERROR_ACCESS, "Invalid value for step %td, must be positive", step);
  CeedCheck(ceed::VectorHasValidData(vec), ceed, CEED_ERROR_BACKEND,
            "CeedVector has no valid data to copy, must set data with CeedVectorSetValue or CeedVectorSetArray");
  CeedCheck(ceed::VectorHasValidData(vec_copy), ceed, CEED_ERROR_BACKEND,
            "Destination CeedVector has no valid data to keep between strided entries, must set data with CeedVectorSetValue or "
            "CeedVectorSetArray");
  if (vec == vec_copy) return CEED_ERROR_SUCCESS;
  if (stop == -1) stop = length;

  ceed::HostAccess x, y;
  CeedCall(x.Get(vec, vec->preferred, Access::kRead, __func__));
  CeedCall(y.Get(vec_copy, vec_copy->preferred, Access::kReadWrite, __func__));
  ceed::WithScalarType(vec_copy->preferred, [&](auto y_zero) {
    return ceed::WithScalarType(vec->preferred, [&](auto x_zero) {
      using TY      = decltype(y_zero);
      using TX      = decltype(x_zero);
      TY       *yy  = y.Data<TY>();
      const TX *xx  = x.Data<TX>();
      for (CeedSize i = start; i < stop; i += step) yy[i] = static_cast<TY>(xx[i]);
      return CEED_ERROR_SUCCESS;
    });
  });
  CeedCall(y.Restore());
  return x.Restore();
}

namespace {

int SyncArray(CeedVector vec, CeedMemType mem_type, CeedScalarType prec, const char *func) {
  CeedCall(ceed::VectorCheck(vec, func));
  CeedCall(CheckMemType(vec, mem_type, func));
  CeedCall(ceed::CheckScalarType(vec, prec, func));
  CeedVectorCheckAs(vec, func, vec->state % 2 == 0, CEED_ERROR_ACCESS, "Cannot sync CeedVector, the access lock is already in use");
  Ceed dev = ceed::FindDeviceBackend(vec->header.ceed, "Vector");
  CeedVectorCheckAs(vec, func, mem_type == CEED_MEM_HOST || dev, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  if (vec->length == 0) return CEED_ERROR_SUCCESS;
  CeedVectorCheckAs(vec, func, ceed::VectorHasValidData(vec), CEED_ERROR_BACKEND,
            "CeedVector has no valid data to sync, must set data with CeedVectorSetValue or CeedVectorSetArray");
  return SyncBuffer(vec, dev, mem_type, prec, func);
}

}  // namespace

int CeedVectorSyncArray(CeedVector vec, CeedMemType mem_type) { return SyncArray(vec, mem_type, CEED_SCALAR_TYPE, __func__); }

int CeedVectorSyncArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type) {
  return SyncArray(vec, mem_type, scalar_type, __func__);
}

namespace {

int TakeArray(CeedVector vec, CeedMemType mem_type, CeedScalarType prec, void **array, const char *func) {
  CeedCall(ceed::VectorCheck(vec, func));
  CeedCall(CheckMemType(vec, mem_type, func));
  CeedCall(ceed::CheckScalarType(vec, prec, func));
  Ceed ceed = vec->header.ceed;
  CeedVectorCheckAs(vec, func, vec->state % 2 == 0, CEED_ERROR_ACCESS, "Cannot take CeedVector array, the access lock is already in use");
  CeedVectorCheckAs(vec, func, vec->num_readers == 0, CEED_ERROR_ACCESS, "Cannot take CeedVector array, a process has read access");
  Ceed dev = ceed::FindDeviceBackend(ceed, "Vector");
  CeedVectorCheckAs(vec, func, mem_type == CEED_MEM_HOST || dev, CEED_ERROR_BACKEND, "Can only provide HOST memory for this backend");
  if (vec->length == 0) {
    if (array) *array = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  Buffer &b = vec->buffers[mem_type][prec];
  CeedVectorCheckAs(vec, func, b.owner == BufferOwner::kBorrowed, CEED_ERROR_BACKEND, "CeedVector has no borrowed %s array%s%s, must set array with %s",
                    MemName(mem_type), prec == CEED_SCALAR_TYPE ? "" : " of type ", prec == CEED_SCALAR_TYPE ? "" : CeedScalarTypes[prec],
                    prec == CEED_SCALAR_TYPE ? "CeedVectorSetArray" : "CeedVectorSetArrayTyped");
  CeedVectorCheckAs(vec, func, ceed::VectorHasValidData(vec), CEED_ERROR_BACKEND,
            "CeedVector has no valid data to take, must set data with CeedVectorSetValue or CeedVectorSetArray");
  CeedCall(SyncBuffer(vec, dev, mem_type, prec, func));
  if (array) *array = b.ptr;
  b = Buffer{};
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CeedVectorTakeArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array) {
  void *ptr = nullptr;
  CeedCall(TakeArray(vec, mem_type, CEED_SCALAR_TYPE, &ptr, __func__));
  if (array) *array = static_cast<CeedScalar *>(ptr);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorTakeArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array) {
  return TakeArray(vec, mem_type, scalar_type, array, __func__);
}

// ---- Accessing data --------------------------------------------------------------------------------

int CeedVectorGetArray(CeedVector vec, CeedMemType mem_type, CeedScalar **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output array pointer for CeedVector access is NULL");
  void *ptr = nullptr;
  CeedCall(ceed::VectorGetArrayTyped(vec, mem_type, kPrec, Access::kReadWrite, &ptr, __func__));
  *array = static_cast<CeedScalar *>(ptr);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetArrayRead(CeedVector vec, CeedMemType mem_type, const CeedScalar **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output array pointer for CeedVector access is NULL");
  void *ptr = nullptr;
  CeedCall(ceed::VectorGetArrayTyped(vec, mem_type, kPrec, Access::kRead, &ptr, __func__));
  *array = static_cast<const CeedScalar *>(ptr);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetArrayWrite(CeedVector vec, CeedMemType mem_type, CeedScalar **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output array pointer for CeedVector access is NULL");
  void *ptr = nullptr;
  CeedCall(ceed::VectorGetArrayTyped(vec, mem_type, kPrec, Access::kWrite, &ptr, __func__));
  *array = static_cast<CeedScalar *>(ptr);
  return CEED_ERROR_SUCCESS;
}

int CeedVectorRestoreArray(CeedVector vec, CeedScalar **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Array pointer to restore for CeedVector is NULL");
  CeedCall(ceed::VectorRestoreTyped(vec, Access::kReadWrite, __func__));
  *array = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorRestoreArrayRead(CeedVector vec, const CeedScalar **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Array pointer to restore for CeedVector is NULL");
  CeedCall(ceed::VectorRestoreTyped(vec, Access::kRead, __func__));
  *array = nullptr;
  return CEED_ERROR_SUCCESS;
}

// ---- Multiprecision extension: typed access, validity, preferred precision ---------------------------

int CeedVectorGetArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array) {
  return ceed::VectorGetArrayTyped(vec, mem_type, scalar_type, Access::kReadWrite, array, __func__);
}

int CeedVectorGetArrayReadTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, const void **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output array pointer for CeedVector access is NULL");
  void *ptr = nullptr;
  CeedCall(ceed::VectorGetArrayTyped(vec, mem_type, scalar_type, Access::kRead, &ptr, __func__));
  *array = ptr;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetArrayWriteTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, void **array) {
  return ceed::VectorGetArrayTyped(vec, mem_type, scalar_type, Access::kWrite, array, __func__);
}

int CeedVectorRestoreArrayTyped(CeedVector vec, void **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Array pointer to restore for CeedVector is NULL");
  CeedCall(ceed::VectorRestoreTyped(vec, Access::kReadWrite, __func__));
  *array = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorRestoreArrayReadTyped(CeedVector vec, const void **array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Array pointer to restore for CeedVector is NULL");
  CeedCall(ceed::VectorRestoreTyped(vec, Access::kRead, __func__));
  *array = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorHasValidArrayTyped(CeedVector vec, CeedMemType mem_type, CeedScalarType scalar_type, bool *has_valid_array) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(has_valid_array, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for CeedVectorHasValidArrayTyped is NULL");
  CeedCall(CheckMemType(vec, mem_type, __func__));
  CeedCall(ceed::CheckScalarType(vec, scalar_type, __func__));
  *has_valid_array = vec->length == 0 || vec->buffers[mem_type][scalar_type].valid;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorSetPreferredScalarType(CeedVector vec, CeedScalarType scalar_type) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCall(ceed::CheckScalarType(vec, scalar_type, __func__));
  vec->preferred = scalar_type;
  return CEED_ERROR_SUCCESS;
}

int CeedVectorGetPreferredScalarType(CeedVector vec, CeedScalarType *scalar_type) {
  CeedCall(ceed::VectorCheck(vec, __func__));
  CeedCheck(scalar_type, vec->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the preferred CeedScalarType is NULL");
  *scalar_type = vec->preferred;
  return CEED_ERROR_SUCCESS;
}
