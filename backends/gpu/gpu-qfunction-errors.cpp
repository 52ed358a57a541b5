// GPU backends: non-zero QFunction return codes recorded by kernels, one error word per context, shared by
// the /gpu/<vendor>/ref QFunction kernels and the fused /gpu/<vendor>/gen kernels (device side and record layout:
// jit/gen/gpu/ceed-gpu-qfunction-error.h; when errors are reported: ceed-gpu.hpp).
#include <cstdio>

#include "ceed-gpu.hpp"

namespace ceed::gpu {

int QFunctionErrorsCreate(Ceed ceed, CeedGpu &data) {
  QFunctionErrorWord &w = data.qf_errors;
  void               *host = nullptr, *first = nullptr;
  CeedCallGpu(ceed, data, data.rt->HostAllocMapped(sizeof(unsigned long long), &host, &w.record_mapped));
  w.record  = static_cast<volatile unsigned long long *>(host);
  *w.record = 0;
  CeedCall(DeviceMalloc(ceed, data, sizeof(unsigned long long), &first));
  w.first = static_cast<unsigned long long *>(first);
  CeedCallGpu(ceed, data, data.rt->Memset(first, 0, sizeof(unsigned long long)));
  return CEED_ERROR_SUCCESS;
}

void QFunctionErrorsDestroy(CeedGpu &data) {
  QFunctionErrorWord &w = data.qf_errors;
  if (w.pending && w.record && data.rt->Synchronize() == 0 && *w.record) {
    // Destroy cannot fail for this (the context would stay half destroyed), but the error must not vanish.
    const unsigned long long record = *w.record, source = record >> 32;
    std::fprintf(stderr, "ceedrt: %s on %s device %d: user function of %s returned error code %d in an asynchronous application that was never "
                 "reported (no synchronization followed it before the Ceed context was destroyed)\n",
                 data.resource.c_str(), data.rt->Vendor(), data.device_id, source < w.sources.size() ? w.sources[source].c_str() : "a QFunction",
                 static_cast<int>(static_cast<unsigned int>(record)));
  }
  if (w.first) data.rt->Free(w.first);
  if (w.record) data.rt->HostFree(const_cast<unsigned long long *>(w.record));
  w = QFunctionErrorWord{};
}

unsigned long long QFunctionErrorSource(CeedGpu &data, const std::string &description) {
  std::vector<std::string> &sources = data.qf_errors.sources;
  for (size_t i = 0; i < sources.size(); i++) {
    if (sources[i] == description) return i;
  }
  sources.push_back(description);
  return sources.size() - 1;
}

CeedGpuQFunctionError QFunctionErrorArgument(const CeedGpu &data, unsigned long long source) {
  CeedGpuQFunctionError arg;
  arg.first     = data.qf_errors.first;
  arg.published = static_cast<unsigned long long *>(data.qf_errors.record_mapped);
  arg.source    = source;
  return arg;
}

int ReportQFunctionErrors(Ceed ceed, CeedGpu &data, bool wait, const char *where) {
  QFunctionErrorWord &w = data.qf_errors;
  if (!w.pending) return CEED_ERROR_SUCCESS;
  // Without waiting, a zero record only means "nothing yet": the kernels may still be running.
  if (!wait && *w.record == 0) return CEED_ERROR_SUCCESS;
  // Once every launched kernel finished, the first failing call's record is final.
  CeedCallGpu(ceed, data, data.rt->Synchronize());
  w.pending                       = false;
  const unsigned long long record = *w.record;
  // Every application launched so far has finished: their outputs are final, or (on an error) suspect, since
  // any of them may be the one that failed and the ones after it may have read its partial output.
  if (!record) return CeedMarkPendingOutputsComplete(ceed);
  CeedCall(CeedMarkPendingOutputsInvalid(ceed));
  *w.record = 0;
  CeedCallGpu(ceed, data, data.rt->Memset(w.first, 0, sizeof(unsigned long long)));
  const unsigned long long source = record >> 32;
  const int                code   = static_cast<int>(static_cast<unsigned int>(record));
  const char              *what   = source < w.sources.size() ? w.sources[source].c_str() : "a QFunction (unknown kernel)";
  if (!where) return CeedError(ceed, code, "User function of %s returned error code %d", what, code);
  return CeedError(ceed, code,
                   "User function of %s returned error code %d in an earlier, asynchronous application on %s device %d (%s); reported by %s", what,
                   code, data.rt->Vendor(), data.device_id, data.info.name.c_str(), where);
}

int QFunctionErrorsAfterLaunch(Ceed ceed, CeedGpu &data, bool synchronous) {
  data.qf_errors.pending = true;
  bool is_debug          = false;
  CeedCall(CeedIsDebug(ceed, &is_debug));
  if (!synchronous && !is_debug) return CEED_ERROR_SUCCESS;
  return ReportQFunctionErrors(ceed, data, true, nullptr);
}

}  // namespace ceed::gpu
