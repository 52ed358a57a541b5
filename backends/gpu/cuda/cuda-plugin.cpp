// CUDA plugin entry point: /gpu/cuda/ref, /gpu/cuda/ref/det and /gpu/cuda/gen on the shared GPU layer,
// with the vendor's Runtime (cuda-runtime.cpp).
#include <ceed/backend.h>

#include "cuda-runtime.hpp"

namespace {
int InitCuda(const char *resource, Ceed ceed) { return ceed_gpu::InitBackend(resource, ceed, ceed_gpu::cuda::LoadRuntime); }
}  // namespace

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginCuda(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "cuda", InitCuda};
  return &plugin;
}
