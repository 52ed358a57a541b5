// CUDA vendor layer: dlopen of the driver library and resolution of its entry points.
#include "cuda-driver.hpp"

#include <dlfcn.h>

#include <mutex>

namespace ceed::gpu {

namespace {

// cuda.h defines the unversioned names as macros for the current versioned symbols; expanding the
// macro before stringifying gives the symbol to look up (cuMemAlloc -> "cuMemAlloc_v2").
#define CEED_GPU_STRINGIFY_EXPANDED(name) CEED_GPU_STRINGIFY(name)
#define CEED_GPU_STRINGIFY(name) #name

struct LoadedDriver {
  Driver      table;
  bool        ok = false;
  std::string reason;
};

LoadedDriver Load() {
  LoadedDriver loaded;
  // Never unloaded: kernels and contexts may outlive any one Ceed.
  void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *err = dlerror();
    loaded.reason   = std::string("could not load the CUDA driver library libcuda.so.1 (") + (err ? err : "unknown dlopen error") + ")";
    return loaded;
  }
#define CEED_GPU_DRIVER_RESOLVE(name)                                                                              \
  loaded.table.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, CEED_GPU_STRINGIFY_EXPANDED(name)));      \
  if (!loaded.table.name) {                                                                                        \
    loaded.reason = std::string("libcuda.so.1 lacks the entry point " CEED_GPU_STRINGIFY_EXPANDED(name) " (driver too old)"); \
    return loaded;                                                                                                 \
  }
  CEED_GPU_DRIVER_FUNCTIONS(CEED_GPU_DRIVER_RESOLVE)
#undef CEED_GPU_DRIVER_RESOLVE
  loaded.ok = true;
  return loaded;
}

}  // namespace

const Driver *LoadDriver(std::string *reason) {
  static std::once_flag once;
  static LoadedDriver   loaded;
  std::call_once(once, [] { loaded = Load(); });
  if (!loaded.ok) {
    if (reason) *reason = loaded.reason;
    return nullptr;
  }
  return &loaded.table;
}

std::string DriverErrorText(const Driver &cu, CUresult result) {
  const char *name = nullptr, *text = nullptr;
  if (cu.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name) name = "CUDA_ERROR_UNKNOWN";
  if (cu.cuGetErrorString(result, &text) != CUDA_SUCCESS || !text) text = "no description";
  return std::string(name) + " (" + text + ")";
}

}  // namespace ceed::gpu
