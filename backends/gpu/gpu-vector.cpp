// GPU backends: vector kernels. The core keeps the host and device buffers of every vector and their
// validity (CeedBackendOps::DeviceAlloc/DeviceFree/DeviceCopy); these hooks only run the arithmetic on
// the device arrays that the access functions hand out.
#include <algorithm>
#include <cmath>
#include <vector>

#include "ceed-gpu.hpp"

namespace ceed_gpu {

namespace {

// Runs kernel name on vec's device array (read-write, or write-only for overwrite) with args built by
// make_args(pointer to the array, pointer to the length).
template <class MakeArgs>
int RunOnArray(CeedVector vec, const char *name, bool overwrite, MakeArgs make_args) {
  Ceed      ceed = CeedVectorReturnCeed(vec);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  Function fn = nullptr;
  CeedCall(GetRefFunction(ceed, *data, name, &fn));
  CeedSize n = 0;
  CeedCall(CeedVectorGetLength(vec, &n));
  CeedScalar *x = nullptr;
  CeedCall(overwrite ? CeedVectorGetArrayWrite(vec, CEED_MEM_DEVICE, &x) : CeedVectorGetArray(vec, CEED_MEM_DEVICE, &x));
  std::vector<void *> args = make_args(&x, &n);
  const int           ierr = LaunchGridStride(ceed, *data, fn, n, args.data());
  CeedCall(CeedVectorRestoreArray(vec, &x));
  return ierr;
}

int SetValue(CeedVector vec, CeedScalar value) {
  return RunOnArray(vec, "CeedGpuVectorSetValue", true, [&](CeedScalar **x, CeedSize *n) { return std::vector<void *>{x, n, &value}; });
}

int Scale(CeedVector x, CeedScalar alpha) {
  return RunOnArray(x, "CeedGpuVectorScale", false, [&](CeedScalar **a, CeedSize *n) { return std::vector<void *>{a, n, &alpha}; });
}

int Reciprocal(CeedVector vec) {
  return RunOnArray(vec, "CeedGpuVectorReciprocal", false, [&](CeedScalar **a, CeedSize *n) { return std::vector<void *>{a, n}; });
}

// y = alpha x + beta y (scale_y) or y += alpha x.
int Axpby(CeedVector y, CeedScalar alpha, CeedScalar beta, bool scale_y, CeedVector x) {
  const CeedScalar *xx = nullptr;
  CeedCall(CeedVectorGetArrayRead(x, CEED_MEM_DEVICE, &xx));
  CeedInt   scale = scale_y ? 1 : 0;
  const int ierr  = RunOnArray(y, "CeedGpuVectorAXPBY", false, [&](CeedScalar **a, CeedSize *n) {
    return std::vector<void *>{a, n, &alpha, &beta, &scale, &xx};
  });
  CeedCall(CeedVectorRestoreArrayRead(x, &xx));
  return ierr;
}

int AXPY(CeedVector y, CeedScalar alpha, CeedVector x) { return Axpby(y, alpha, 1.0, false, x); }

int AXPBY(CeedVector y, CeedScalar alpha, CeedScalar beta, CeedVector x) { return Axpby(y, alpha, beta, true, x); }

// w = x .* y; an operand that is w itself is read through w's read-write array.
int PointwiseMult(CeedVector w, CeedVector x, CeedVector y) {
  const bool        aliased = w == x || w == y;
  const CeedScalar *xx = nullptr, *yy = nullptr;
  if (x != w) CeedCall(CeedVectorGetArrayRead(x, CEED_MEM_DEVICE, &xx));
  if (y != w && y != x) CeedCall(CeedVectorGetArrayRead(y, CEED_MEM_DEVICE, &yy));
  const int ierr = RunOnArray(w, "CeedGpuVectorPointwiseMult", !aliased, [&](CeedScalar **a, CeedSize *n) {
    if (x == w) xx = *a;
    if (y == w) yy = *a;
    if (y == x) yy = xx;
    return std::vector<void *>{a, n, &xx, &yy};
  });
  if (x != w) CeedCall(CeedVectorRestoreArrayRead(x, &xx));
  if (y != w && y != x) CeedCall(CeedVectorRestoreArrayRead(y, &yy));
  return ierr;
}

int Norm(CeedVector vec, CeedNormType type, CeedScalar *norm) {
  Ceed      ceed = CeedVectorReturnCeed(vec);
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  Function fn = nullptr;
  CeedCall(GetRefFunction(ceed, *data, "CeedGpuVectorNormPartial", &fn));
  CeedSize n = 0;
  CeedCall(CeedVectorGetLength(vec, &n));
  const CeedSize block = CEED_GPU_REF_MAX_BLOCK;
  const unsigned grid  = static_cast<unsigned>(std::min<CeedSize>((n + block - 1) / block, 1024));
  void          *partial_dev = nullptr;
  CeedCall(DeviceMalloc(ceed, *data, grid * sizeof(CeedScalar), &partial_dev));
  const CeedScalar *x    = nullptr;
  int               ierr = CeedVectorGetArrayRead(vec, CEED_MEM_DEVICE, &x);
  std::vector<CeedScalar> partial(grid, 0.0);
  if (!ierr) {
    CeedInt kind = type == CEED_NORM_1 ? 0 : type == CEED_NORM_2 ? 1 : 2;
    void   *args[] = {&x, &n, &kind, &partial_dev};
    ierr           = Launch(ceed, *data, fn, grid, static_cast<unsigned>(block), 0, args);
    if (!ierr) ierr = Copy(ceed, *data, partial.data(), CEED_MEM_HOST, partial_dev, CEED_MEM_DEVICE, grid * sizeof(CeedScalar));
    CeedVectorRestoreArrayRead(vec, &x);
  }
  CeedCall(DeviceRelease(ceed, *data, partial_dev));
  CeedCall(ierr);
  CeedScalar result = 0.0;
  for (CeedScalar p : partial) result = type == CEED_NORM_MAX ? std::fmax(result, p) : result + p;
  *norm = type == CEED_NORM_2 ? std::sqrt(result) : result;
  return CEED_ERROR_SUCCESS;
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
}

}  // namespace ceed_gpu
