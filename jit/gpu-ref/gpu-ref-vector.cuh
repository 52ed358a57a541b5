/* GPU backends: vector kernels (grid-stride loops over the entries), for arrays of either storage precision T:
   the plain names work on CeedScalar (fp64) arrays, the _fp32 ones on float arrays (vectors whose preferred
   precision is fp32). Arithmetic is in CeedScalar and each result is rounded to T once, as in the core's host
   loops; norms sum in CeedScalar. Kernels are spelled out, not stamped by macros: the /gpu/emu test backend
   finds them in the source. */

template <class T>
static __device__ __forceinline__ void CeedGpuVectorSetValueT(T *x, CeedSize n, CeedScalar value) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) x[i] = (T)value;
}

/* x[start + k * step] = value for 0 <= k < count. */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorSetValueStridedT(T *x, CeedSize start, CeedSize step, CeedSize count, CeedScalar value) {
  for (CeedSize k = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; k < count; k += (CeedSize)gridDim.x * blockDim.x) x[start + k * step] = (T)value;
}

template <class T>
static __device__ __forceinline__ void CeedGpuVectorScaleT(T *x, CeedSize n, CeedScalar alpha) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) x[i] = (T)(x[i] * alpha);
}

/* A product rounded on its own, never fused with the sum it feeds into a multiply-add, so that AXPY and AXPBY
   give bitwise the results of the core's host loops (NVRTC fuses a * b + c by default; hipRTC's clang does
   where the multiplication allows contraction; the /gpu/emu host compiler targets no FMA instruction). */
#if defined(__HIPCC_RTC__)
static __device__ __forceinline__ CeedScalar CeedGpuProduct(CeedScalar a, CeedScalar b) {
  _Pragma("clang fp contract(off)") return a * b;
}
#elif defined(__CUDACC_RTC__)
static __device__ __forceinline__ CeedScalar CeedGpuProduct(CeedScalar a, CeedScalar b) { return __dmul_rn(a, b); }
#else
static __device__ __forceinline__ CeedScalar CeedGpuProduct(CeedScalar a, CeedScalar b) { return a * b; }
#endif

/* y = alpha x + beta y (scale_y) or y += alpha x. */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorAXPBYT(T *y, CeedSize n, CeedScalar alpha, CeedScalar beta, CeedInt scale_y, const T *x) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) {
    y[i] = (T)(scale_y ? CeedGpuProduct(alpha, x[i]) + CeedGpuProduct(beta, y[i]) : y[i] + CeedGpuProduct(alpha, x[i]));
  }
}

/* w = x .* y (w may alias x and/or y). */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorPointwiseMultT(T *w, CeedSize n, const T *x, const T *y) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) w[i] = (T)((CeedScalar)x[i] * y[i]);
}

/* Entries with magnitude above CEED_EPSILON are inverted, the others are kept (as on host). */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorReciprocalT(T *x, CeedSize n) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) {
    if (fabs((CeedScalar)x[i]) > CEED_EPSILON) x[i] = (T)(1.0 / x[i]);
  }
}

/* One partial result per block: sum |x| (type 0), sum x^2 (type 1) or max |x| (type 2). Launched with
   exactly CEED_GPU_REF_MAX_BLOCK threads per block; the host combines the partials in block order, so
   the result does not depend on scheduling. */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorNormPartialT(const T *x, CeedSize n, CeedInt type, CeedScalar *partial) {
  __shared__ CeedScalar s[CEED_GPU_REF_MAX_BLOCK];
  CeedScalar            acc = 0.0;
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) {
    const CeedScalar a = fabs((CeedScalar)x[i]);
    if (type == 0) acc += a;
    else if (type == 1) acc += a * a;
    else acc = fmax(acc, a);
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (CeedInt width = blockDim.x / 2; width > 0; width /= 2) {
    if (threadIdx.x < width) s[threadIdx.x] = type == 2 ? fmax(s[threadIdx.x], s[threadIdx.x + width]) : s[threadIdx.x] + s[threadIdx.x + width];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

/* One partial sum of x_i y_i per block, reduced as in CeedGpuVectorNormPartialT (same launch, same order). */
template <class T>
static __device__ __forceinline__ void CeedGpuVectorDotPartialT(const T *x, const T *y, CeedSize n, CeedScalar *partial) {
  __shared__ CeedScalar s[CEED_GPU_REF_MAX_BLOCK];
  CeedScalar            acc = 0.0;
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) acc += (CeedScalar)x[i] * y[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (CeedInt width = blockDim.x / 2; width > 0; width /= 2) {
    if (threadIdx.x < width) s[threadIdx.x] += s[threadIdx.x + width];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

/* Precision conversions of device arrays (CeedBackendOps::DeviceConvert): rounded to nearest, or widened exactly. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuConvertToFp32(float *dst, const CeedScalar *src, CeedSize n) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) dst[i] = (float)src[i];
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuConvertToFp64(CeedScalar *dst, const float *src, CeedSize n) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < n; i += (CeedSize)gridDim.x * blockDim.x) dst[i] = (CeedScalar)src[i];
}

extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorSetValue(CeedScalar *x, CeedSize n, CeedScalar value) {
  CeedGpuVectorSetValueT(x, n, value);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorSetValue_fp32(float *x, CeedSize n, CeedScalar value) {
  CeedGpuVectorSetValueT(x, n, value);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorSetValueStrided(CeedScalar *x, CeedSize start, CeedSize step, CeedSize count, CeedScalar value) {
  CeedGpuVectorSetValueStridedT(x, start, step, count, value);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorSetValueStrided_fp32(float *x, CeedSize start, CeedSize step, CeedSize count, CeedScalar value) {
  CeedGpuVectorSetValueStridedT(x, start, step, count, value);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorScale(CeedScalar *x, CeedSize n, CeedScalar alpha) {
  CeedGpuVectorScaleT(x, n, alpha);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorScale_fp32(float *x, CeedSize n, CeedScalar alpha) {
  CeedGpuVectorScaleT(x, n, alpha);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorAXPBY(CeedScalar *y, CeedSize n, CeedScalar alpha, CeedScalar beta, CeedInt scale_y, const CeedScalar *x) {
  CeedGpuVectorAXPBYT(y, n, alpha, beta, scale_y, x);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorAXPBY_fp32(float *y, CeedSize n, CeedScalar alpha, CeedScalar beta, CeedInt scale_y, const float *x) {
  CeedGpuVectorAXPBYT(y, n, alpha, beta, scale_y, x);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorPointwiseMult(CeedScalar *w, CeedSize n, const CeedScalar *x, const CeedScalar *y) {
  CeedGpuVectorPointwiseMultT(w, n, x, y);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorPointwiseMult_fp32(float *w, CeedSize n, const float *x, const float *y) {
  CeedGpuVectorPointwiseMultT(w, n, x, y);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorReciprocal(CeedScalar *x, CeedSize n) { CeedGpuVectorReciprocalT(x, n); }
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK) CeedGpuVectorReciprocal_fp32(float *x, CeedSize n) { CeedGpuVectorReciprocalT(x, n); }
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorNormPartial(const CeedScalar *x, CeedSize n, CeedInt type, CeedScalar *partial) {
  CeedGpuVectorNormPartialT(x, n, type, partial);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorNormPartial_fp32(const float *x, CeedSize n, CeedInt type, CeedScalar *partial) {
  CeedGpuVectorNormPartialT(x, n, type, partial);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorDotPartial(const CeedScalar *x, const CeedScalar *y, CeedSize n, CeedScalar *partial) {
  CeedGpuVectorDotPartialT(x, y, n, partial);
}
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuVectorDotPartial_fp32(const float *x, const float *y, CeedSize n, CeedScalar *partial) {
  CeedGpuVectorDotPartialT(x, y, n, partial);
}

/* Q-vector layouts for QFunction kernels compiled by the application (ceed/cuda.h): operators keep points in
   blocks of Q_elem per element, [block][component][point]; such kernels read [component][point] over all Q
   points. to_flat: blocked src to flat dst; otherwise flat src to blocked dst. */
extern "C" __global__ void __launch_bounds__(CEED_GPU_REF_MAX_BLOCK)
    CeedGpuQFunctionRelayout(const CeedScalar *src, CeedScalar *dst, CeedSize Q, CeedInt Q_elem, CeedInt size, CeedInt to_flat) {
  for (CeedSize i = blockIdx.x * (CeedSize)blockDim.x + threadIdx.x; i < (CeedSize)size * Q; i += (CeedSize)gridDim.x * blockDim.x) {
    const CeedSize comp = i / Q, point = i % Q, block = point / Q_elem;
    const CeedSize blocked = (block * size + comp) * Q_elem + point % Q_elem;
    if (to_flat) dst[i] = src[blocked];
    else dst[blocked] = src[i];
  }
}
