// GPU backends: vector kernels. The core keeps the host and device buffers of every vector and their
// validity (CeedBackendOps::DeviceAlloc/DeviceFree/DeviceCopy); these hooks only run the arithmetic on
// the device arrays that the access functions hand out.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ceed-gpu.hpp"

namespace ceed::gpu {

namespace {

// The storage precision the kernels work in: the vector's preferred one (the core calls these hooks only
// when every operand prefers the same precision, CeedBackendOps::vector_scalar_types).
CeedScalarType Precision(CeedVector vec) {
  CeedScalarType type = CEED_SCALAR_FP64;
  CeedVectorGetPreferredScalarType(vec, &type);
  return type;
}

// Kernel name for a storage precision: the plain name works on fp64 arrays, name_fp32 on float arrays.
std::string KernelName(const char *name, CeedScalarType type) { return type == CEED_SCALAR_FP32 ? std::string(name) + "_fp32" : std::string(name); }

// A vector's device array in its preferred precision, read-only, given back on every way out.
struct DeviceRead {
  CeedVector  vec   = nullptr;
  const void *array = nullptr;
  int         Get(CeedVector v) {
    vec = v;
    return CeedVectorGetArrayReadTyped(v, CEED_MEM_DEVICE, Precision(v), &array);
  }
  ~DeviceRead() {
    if (array) CeedVectorRestoreArrayReadTyped(vec, &array);
  }
};

// Runs kernel name (for vec's precision) on vec's device array (read-write, or write-only for overwrite) with
// args built by make_args(pointer to the array, pointer to the length), over items entries (-1: the length).
template <class MakeArgs>
int RunOnArray(CeedVector vec, const char *name, bool overwrite, MakeArgs make_args, CeedSize items = -1) {
  Ceed      ceed = CeedVectorReturnCeed(vec);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  const CeedScalarType type = Precision(vec);
  Function             fn   = nullptr;
  CeedCall(GetRefFunction(ceed, *data, KernelName(name, type).c_str(), &fn));
  CeedSize n = 0;
  CeedCall(CeedVectorGetLength(vec, &n));
  void *x = nullptr;
  CeedCall(overwrite ? CeedVectorGetArrayWriteTyped(vec, CEED_MEM_DEVICE, type, &x) : CeedVectorGetArrayTyped(vec, CEED_MEM_DEVICE, type, &x));
  std::vector<void *> args = make_args(&x, &n);
  const int           ierr = LaunchGridStride(ceed, *data, fn, items < 0 ? n : items, args.data());
  CeedCall(CeedVectorRestoreArrayTyped(vec, &x));
  return ierr;
}

int SetValue(CeedVector vec, CeedScalar value) {
  return RunOnArray(vec, "CeedGpuVectorSetValue", true, [&](void **x, CeedSize *n) { return std::vector<void *>{x, n, &value}; });
}

// vec[start + k * step] = value for start + k * step < stop, one thread per entry set (the others keep their values).
int SetValueStrided(CeedVector vec, CeedSize start, CeedSize stop, CeedSize step, CeedScalar value) {
  CeedSize count = (stop - start + step - 1) / step;
  return RunOnArray(
      vec, "CeedGpuVectorSetValueStrided", false, [&](void **x, CeedSize *) { return std::vector<void *>{x, &start, &step, &count, &value}; }, count);
}

int Scale(CeedVector x, CeedScalar alpha) {
  return RunOnArray(x, "CeedGpuVectorScale", false, [&](void **a, CeedSize *n) { return std::vector<void *>{a, n, &alpha}; });
}

int Reciprocal(CeedVector vec) {
  return RunOnArray(vec, "CeedGpuVectorReciprocal", false, [&](void **a, CeedSize *n) { return std::vector<void *>{a, n}; });
}

// y = alpha x + beta y (scale_y) or y += alpha x.
int Axpby(CeedVector y, CeedScalar alpha, CeedScalar beta, bool scale_y, CeedVector x) {
  DeviceRead xx;
  CeedCall(xx.Get(x));
  CeedInt scale = scale_y ? 1 : 0;
  return RunOnArray(y, "CeedGpuVectorAXPBY", false, [&](void **a, CeedSize *n) {
    return std::vector<void *>{a, n, &alpha, &beta, &scale, &xx.array};
  });
}

int AXPY(CeedVector y, CeedScalar alpha, CeedVector x) { return Axpby(y, alpha, 1.0, false, x); }

int AXPBY(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x) { return Axpby(y, alpha, beta, true, x); }

// w = x .* y; an operand that is w itself is read through w's read-write array.
int PointwiseMult(CeedVector w, CeedVector x, CeedVector y) {
  const bool aliased = w == x || w == y;
  DeviceRead xx, yy;
  if (x != w) CeedCall(xx.Get(x));
  if (y != w && y != x) CeedCall(yy.Get(y));
  const void *x_array = xx.array, *y_array = yy.array;
  return RunOnArray(w, "CeedGpuVectorPointwiseMult", !aliased, [&](void **a, CeedSize *n) {
    if (x == w) x_array = *a;
    if (y == w) y_array = *a;
    if (y == x) y_array = x_array;
    return std::vector<void *>{a, n, &x_array, &y_array};
  });
}

// Runs kernel name (for vec's precision), which writes one partial result per block of CEED_GPU_REF_MAX_BLOCK
// threads into its last argument, with the arguments make_args(pointer to the length) followed by that buffer;
// *partial gets the partials in block order.
template <class MakeArgs>
int ReducePartials(CeedVector vec, const char *name, MakeArgs make_args, std::vector<CeedScalar> *partial) {
  Ceed      ceed = CeedVectorReturnCeed(vec);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  Function fn = nullptr;
  CeedCall(GetRefFunction(ceed, *data, KernelName(name, Precision(vec)).c_str(), &fn));
  CeedSize n = 0;
  CeedCall(CeedVectorGetLength(vec, &n));
  const CeedSize block = CEED_GPU_REF_MAX_BLOCK;
  const unsigned grid  = static_cast<unsigned>(std::min<CeedSize>((n + block - 1) / block, 1024));
  void          *partial_dev = nullptr;
  CeedCall(DeviceMalloc(ceed, *data, grid * sizeof(CeedScalar), &partial_dev));
  partial->assign(grid, 0.0);
  std::vector<void *> args = make_args(&n);
  args.push_back(&partial_dev);
  int ierr = Launch(ceed, *data, fn, grid, static_cast<unsigned>(block), 0, args.data());
  if (!ierr) ierr = Copy(ceed, *data, partial->data(), CEED_MEM_HOST, partial_dev, CEED_MEM_DEVICE, grid * sizeof(CeedScalar));
  CeedCall(DeviceRelease(ceed, *data, partial_dev));
  return ierr;
}

int Norm(CeedVector vec, CeedNormType type, CeedScalar *norm) {
  std::vector<CeedScalar> partial;
  DeviceRead              x;
  CeedCall(x.Get(vec));
  CeedInt kind = type == CEED_NORM_1 ? 0 : type == CEED_NORM_2 ? 1 : 2;
  CeedCall(ReducePartials(vec, "CeedGpuVectorNormPartial", [&](CeedSize *n) { return std::vector<void *>{&x.array, n, &kind}; }, &partial));
  CeedScalar result = 0.0;
  for (CeedScalar p : partial) result = type == CEED_NORM_MAX ? std::fmax(result, p) : result + p;
  *norm = type == CEED_NORM_2 ? std::sqrt(result) : result;
  return CEED_ERROR_SUCCESS;
}

int Dot(CeedVector x, CeedVector y, CeedScalar *result) {
  std::vector<CeedScalar> partial;
  DeviceRead              xx, yy;
  CeedCall(xx.Get(x));
  if (y != x) CeedCall(yy.Get(y));
  const void *y_array = y == x ? xx.array : yy.array;
  CeedCall(ReducePartials(x, "CeedGpuVectorDotPartial", [&](CeedSize *n) { return std::vector<void *>{&xx.array, &y_array, n}; }, &partial));
  CeedScalar sum = 0.0;
  for (CeedScalar p : partial) sum += p;
  *result = sum;
  return CEED_ERROR_SUCCESS;
}

// dst = src in the other precision, both in device memory.
int Convert(Ceed ceed, void *dst, CeedScalarType dst_type, const void *src, CeedScalarType src_type, CeedSize n) {
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  CeedCheck(dst_type != src_type, ceed, CEED_ERROR_BACKEND, "Device conversion from %s to the same precision", CeedScalarTypes[src_type]);
  Function fn = nullptr;
  CeedCall(GetRefFunction(ceed, *data, dst_type == CEED_SCALAR_FP32 ? "CeedGpuConvertToFp32" : "CeedGpuConvertToFp64", &fn));
  void *args[] = {&dst, &src, &n};
  return LaunchGridStride(ceed, *data, fn, n, args);
}

}  // namespace

void InstallVectorOps(CeedBackendOps &ops) {
  ops.VectorSetValue      = SetValue;
  ops.VectorNorm          = Norm;
  ops.VectorScale         = Scale;
  ops.VectorAXPY          = AXPY;
  ops.VectorAXPBY         = AXPBY;
  ops.VectorPointwiseMult = PointwiseMult;
  ops.VectorReciprocal    = Reciprocal;
  ops.vector_scalar_types = (1u << CEED_SCALAR_FP32) | (1u << CEED_SCALAR_FP64);
  ops.DeviceConvert       = Convert;
  ops.VectorDot           = Dot;
  ops.VectorSetValueStrided = SetValueStrided;
}

}  // namespace ceed::gpu
