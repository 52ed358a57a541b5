/* Non-zero QFunction return codes on GPUs, shared by the /gpu/<vendor>/ref QFunction kernels (this file is
   embedded into the backend at build time) and the fused /gpu/<vendor>/gen kernels (a template of the
   gpu dialect). Also compiled by the host compiler (the GPU layer's host code, backends/gpu), so the
   struct layout is the same on both sides: 64-bit members only.

   A kernel that calls a QFunction receives a CeedGpuQFunctionError by value and, for every call that
   returned a non-zero code, calls CeedGpuRecordQFunctionError: the success path costs the compare of
   the returned code with zero. The first failing thread claims the record with atomicCAS on a word in
   device memory (device-scope atomics on device memory only), then publishes the same record with a
   plain store to a word in host-pinned memory mapped into the device, which the host reads without
   synchronizing. A record is (source << 32) | (uint32)code, never zero since code is not: source
   names the kernel on the host (the backend keeps the list, backends/gpu/gpu-qfunction-errors.cpp). */
#ifndef CEED_GPU_QFUNCTION_ERROR_H
#define CEED_GPU_QFUNCTION_ERROR_H

typedef struct {
  unsigned long long *first;     /* device memory: 0, or the record of the first failing call */
  unsigned long long *published; /* host-pinned memory mapped into the device: the same record */
  unsigned long long  source;    /* identifies the kernel (and so the QFunction) for the host */
} CeedGpuQFunctionError;

#if defined(__CUDACC__) || defined(__HIPCC__)
/* Inlined rather than called: a call would subject the kernel's registers to the calling convention;
   inline, the claiming and publishing code is a branch the success path never takes. */
static __device__ __forceinline__ void CeedGpuRecordQFunctionError(const CeedGpuQFunctionError &error, int code) {
  const unsigned long long record = (error.source << 32) | (unsigned long long)(unsigned int)code;
  if (atomicCAS(error.first, 0ull, record) == 0ull) {
    *(volatile unsigned long long *)error.published = record;
    __threadfence_system();
  }
}
#endif

#endif /* CEED_GPU_QFUNCTION_ERROR_H */
