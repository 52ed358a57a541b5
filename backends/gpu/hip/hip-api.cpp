// HIP vendor layer: dlopen of libamdhip64 and libamd_comgr and resolution of the entry points hip-api.hpp lists.
#include "hip-api.hpp"

#include <dlfcn.h>

#include <mutex>
#include <utility>

namespace ceed::gpu::hip {

namespace {

#define CEED_HIP_STRING_(x) #x
#define CEED_HIP_STRING(x) CEED_HIP_STRING_(x)

// Never unloaded: modules and programs may outlive any one Ceed.
void *Open(const char *name, std::string *reason) {
  void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *err = dlerror();
    *reason         = std::string("could not load ") + name + " (" + (err ? err : "unknown dlopen error") + ")";
  }
  return handle;
}

// Resolves symbol into *slot; false with *reason naming it when the library lacks it.
template <class F>
bool Resolve(void *handle, const char *library, const char *symbol, F *slot, std::string *reason) {
  *slot = reinterpret_cast<F>(dlsym(handle, symbol));
  if (!*slot) *reason = std::string(library) + " lacks the entry point " + symbol;
  return *slot != nullptr;
}

std::pair<Api, std::string> Load() {
  Api         api{};
  std::string reason;
  void       *handle = Open(LibraryName(), &reason);
  if (!handle) return {api, reason};
  const char *lib = LibraryName();
  // Only the last failure matters: the first missing entry point is named.
  bool ok = Resolve(handle, lib, "hipInit", &api.hipInit, &reason) && Resolve(handle, lib, "hipRuntimeGetVersion", &api.hipRuntimeGetVersion, &reason) &&
            Resolve(handle, lib, "hipGetErrorName", &api.hipGetErrorName, &reason) &&
            Resolve(handle, lib, "hipGetErrorString", &api.hipGetErrorString, &reason) &&
            Resolve(handle, lib, "hipGetDeviceCount", &api.hipGetDeviceCount, &reason) &&
            Resolve(handle, lib, "hipSetDevice", &api.hipSetDevice, &reason) &&
            Resolve(handle, lib, "hipGetDeviceProperties", &api.hipGetDeviceProperties, &reason) &&
            Resolve(handle, lib, "hipDeviceSynchronize", &api.hipDeviceSynchronize, &reason) &&
            Resolve(handle, lib, "hipMalloc", &api.hipMalloc, &reason) && Resolve(handle, lib, "hipFree", &api.hipFree, &reason) &&
            Resolve(handle, lib, "hipMemcpyHtoD", &api.hipMemcpyHtoD, &reason) && Resolve(handle, lib, "hipMemcpyDtoH", &api.hipMemcpyDtoH, &reason) &&
            Resolve(handle, lib, "hipMemcpyDtoD", &api.hipMemcpyDtoD, &reason) && Resolve(handle, lib, "hipMemset", &api.hipMemset, &reason) &&
            Resolve(handle, lib, "hipHostMalloc", &api.hipHostMalloc, &reason) && Resolve(handle, lib, "hipHostFree", &api.hipHostFree, &reason) &&
            Resolve(handle, lib, "hipHostGetDevicePointer", &api.hipHostGetDevicePointer, &reason) &&
            Resolve(handle, lib, "hipModuleLoadData", &api.hipModuleLoadData, &reason) &&
            Resolve(handle, lib, "hipModuleUnload", &api.hipModuleUnload, &reason) &&
            Resolve(handle, lib, "hipModuleGetFunction", &api.hipModuleGetFunction, &reason) &&
            Resolve(handle, lib, "hipModuleLaunchKernel", &api.hipModuleLaunchKernel, &reason) &&
            Resolve(handle, lib, "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor", &api.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor,
                    &reason) &&
            Resolve(handle, lib, "hiprtcVersion", &api.hiprtcVersion, &reason) &&
            Resolve(handle, lib, "hiprtcGetErrorString", &api.hiprtcGetErrorString, &reason) &&
            Resolve(handle, lib, "hiprtcCreateProgram", &api.hiprtcCreateProgram, &reason) &&
            Resolve(handle, lib, "hiprtcCompileProgram", &api.hiprtcCompileProgram, &reason) &&
            Resolve(handle, lib, "hiprtcDestroyProgram", &api.hiprtcDestroyProgram, &reason) &&
            Resolve(handle, lib, "hiprtcGetProgramLogSize", &api.hiprtcGetProgramLogSize, &reason) &&
            Resolve(handle, lib, "hiprtcGetProgramLog", &api.hiprtcGetProgramLog, &reason) &&
            Resolve(handle, lib, "hiprtcGetCodeSize", &api.hiprtcGetCodeSize, &reason) && Resolve(handle, lib, "hiprtcGetCode", &api.hiprtcGetCode, &reason);
  return {api, ok ? std::string() : reason};
}

}  // namespace

const char *LibraryName() { return "libamdhip64.so." CEED_HIP_STRING(HIP_VERSION_MAJOR); }

const Api *LoadApi(std::string *reason) {
  static std::once_flag              once;
  static std::pair<Api, std::string> loaded;
  std::call_once(once, [] { loaded = Load(); });
  if (!loaded.second.empty()) {
    if (reason) *reason = loaded.second;
    return nullptr;
  }
  return &loaded.first;
}

std::vector<std::string> ComgrProcessors(std::string *reason) {
  // amd_comgr.h: amd_comgr_status_t is an enum, 0 is success.
  using GetCount = int (*)(size_t *);
  using GetName  = int (*)(size_t, const char **);
  static std::once_flag           once;
  static std::vector<std::string> processors;
  static std::string              failure;
  std::call_once(once, [] {
    void *handle = Open("libamd_comgr.so.2", &failure);
    if (!handle) return;
    GetCount count_fn = nullptr;
    GetName  name_fn  = nullptr;
    if (!Resolve(handle, "libamd_comgr.so.2", "amd_comgr_get_isa_count", &count_fn, &failure) ||
        !Resolve(handle, "libamd_comgr.so.2", "amd_comgr_get_isa_name", &name_fn, &failure))
      return;
    size_t count = 0;
    if (count_fn(&count) != 0) {
      failure = "amd_comgr_get_isa_count failed";
      return;
    }
    for (size_t i = 0; i < count; i++) {
      const char *name = nullptr;
      if (name_fn(i, &name) != 0 || !name) continue;
      // "amdgcn-amd-amdhsa--gfx90a" (with feature suffixes on some versions): the processor after "--".
      std::string isa = name;
      size_t      at  = isa.rfind("--");
      isa             = at == std::string::npos ? isa : isa.substr(at + 2);
      processors.push_back(isa.substr(0, isa.find(':')));
    }
  });
  if (processors.empty() && reason) *reason = failure.empty() ? "comgr lists no processors" : failure;
  return processors;
}

}  // namespace ceed::gpu::hip
