// CUDA backend: non-zero QFunction return codes recorded by kernels, one error word per context, shared by
// the /gpu/cuda/ref QFunction kernels and the fused /gpu/cuda/gen kernels (device side and record layout:
// jit-templates/cuda/ceed-cuda-qfunction-error.h; when errors are reported: ceed-cuda.hpp).
#include <cstdio>

#include "ceed-cuda.hpp"

namespace ceed_cuda {

int QFunctionErrorsCreate(Ceed ceed, CeedCuda &data) {
  QFunctionErrorWord &w = data.qf_errors;
  void               *host = nullptr, *first = nullptr;
  CeedCallCuda(ceed, data, data.cu->cuMemHostAlloc(&host, sizeof(unsigned long long), CU_MEMHOSTALLOC_DEVICEMAP));
  w.record  = static_cast<volatile unsigned long long *>(host);
  *w.record = 0;
  CeedCallCuda(ceed, data, data.cu->cuMemHostGetDevicePointer(&w.record_mapped, host, 0));
  CeedCall(DeviceMalloc(ceed, data, sizeof(unsigned long long), &first));
  w.first = static_cast<unsigned long long *>(first);
  CeedCallCuda(ceed, data, data.cu->cuMemsetD8(reinterpret_cast<CUdeviceptr>(first), 0, sizeof(unsigned long long)));
  return CEED_ERROR_SUCCESS;
}

void QFunctionErrorsDestroy(CeedCuda &data) {
  QFunctionErrorWord &w = data.qf_errors;
  if (w.pending && w.record && data.cu->cuCtxSynchronize() == CUDA_SUCCESS && *w.record) {
    // Destroy cannot fail for this (the context would stay half destroyed), but the error must not vanish.
    const unsigned long long record = *w.record, source = record >> 32;
    std::fprintf(stderr, "ceedrt: %s on CUDA device %d: user function of %s returned error code %d in an asynchronous application that was never "
                 "reported (no synchronization followed it before the Ceed context was destroyed)\n",
                 data.resource.c_str(), data.device_id, source < w.sources.size() ? w.sources[source].c_str() : "a QFunction",
                 static_cast<int>(static_cast<unsigned int>(record)));
  }
  if (w.first) data.cu->cuMemFree(reinterpret_cast<CUdeviceptr>(w.first));
  if (w.record) data.cu->cuMemFreeHost(const_cast<unsigned long long *>(w.record));
  w = QFunctionErrorWord{};
}

unsigned long long QFunctionErrorSource(CeedCuda &data, const std::string &description) {
  std::vector<std::string> &sources = data.qf_errors.sources;
  for (size_t i = 0; i < sources.size(); i++) {
    if (sources[i] == description) return i;
  }
  sources.push_back(description);
  return sources.size() - 1;
}

CeedCudaQFunctionError QFunctionErrorArgument(const CeedCuda &data, unsigned long long source) {
  CeedCudaQFunctionError arg;
  arg.first     = data.qf_errors.first;
  arg.published = reinterpret_cast<unsigned long long *>(data.qf_errors.record_mapped);
  arg.source    = source;
  return arg;
}

int ReportQFunctionErrors(Ceed ceed, CeedCuda &data, bool wait, const char *where) {
  QFunctionErrorWord &w = data.qf_errors;
  if (!w.pending) return CEED_ERROR_SUCCESS;
  // Without waiting, a zero record only means "nothing yet": the kernels may still be running.
  if (!wait && *w.record == 0) return CEED_ERROR_SUCCESS;
  // Once every launched kernel finished, the first failing call's record is final.
  CeedCallCuda(ceed, data, data.cu->cuCtxSynchronize());
  w.pending                       = false;
  const unsigned long long record = *w.record;
  if (!record) return CEED_ERROR_SUCCESS;
  *w.record = 0;
  CeedCallCuda(ceed, data, data.cu->cuMemsetD8(reinterpret_cast<CUdeviceptr>(w.first), 0, sizeof(unsigned long long)));
  const unsigned long long source = record >> 32;
  const int                code   = static_cast<int>(static_cast<unsigned int>(record));
  const char              *what   = source < w.sources.size() ? w.sources[source].c_str() : "a QFunction (unknown kernel)";
  if (!where) return CeedError(ceed, code, "User function of %s returned error code %d", what, code);
  return CeedError(ceed, code,
                   "User function of %s returned error code %d in an earlier, asynchronous application on CUDA device %d (%s); reported by %s", what,
                   code, data.device_id, data.device_name.c_str(), where);
}

int QFunctionErrorsAfterLaunch(Ceed ceed, CeedCuda &data, bool synchronous) {
  data.qf_errors.pending = true;
  bool is_debug          = false;
  CeedCall(CeedIsDebug(ceed, &is_debug));
  if (!synchronous && !is_debug) return CEED_ERROR_SUCCESS;
  return ReportQFunctionErrors(ceed, data, true, nullptr);
}

}  // namespace ceed_cuda
