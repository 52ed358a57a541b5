// HIP plugin entry point: /gpu/hip/ref, /gpu/hip/ref/det and /gpu/hip/gen on the shared GPU layer,
// with the vendor's Runtime (hip-runtime.cpp).
#include <ceed/backend.h>

#include "hip-runtime.hpp"

namespace {
int InitHip(const char *resource, Ceed ceed) { return ceed_gpu::InitBackend(resource, ceed, ceed_gpu::hip::LoadRuntime); }
}  // namespace

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginHip(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "hip", InitHip};
  return &plugin;
}
