// Where hypre keeps a LorMatrix: host memory, or the GPU a CUDA/HIP hypre was built for when the backend's
// vectors live there. hypre's memory location and execution policy are process-wide settings; the scopes
// below set them around each group of hypre calls, so that host and device matrices can share a process.
#include <ceed/parallel.hpp>

#include <HYPRE_config.h>
#include <HYPRE_utilities.h>
#include <_hypre_utilities.h>

#include <dlfcn.h>

#include <cstring>
#include <mutex>

#include "hypre-support.hpp"

// The GPU runtimes ceedrt's backends share with hypre (a SYCL hypre counts as host-only here).
#if defined(HYPRE_USING_CUDA) || defined(HYPRE_USING_HIP)
#define CEEDRT_HYPRE_ON_GPU 1
#else
#define CEEDRT_HYPRE_ON_GPU 0
#endif

namespace ceedrt {
namespace parallel {

const char *HypreGpuRuntime() {
#if defined(HYPRE_USING_CUDA)
  return "cuda";
#elif defined(HYPRE_USING_HIP)
  return "hip";
#else
  return "";
#endif
}

std::string HypreDeviceRefusal(Ceed ceed) {
  const std::string runtime = HypreGpuRuntime();
  if (runtime.empty()) return std::string("this hypre (") + HYPRE_RELEASE_VERSION + ") was built without CUDA or HIP";
  if (!ceed) return "";  // no backend to ask (a vertex problem): the vectors' backend is checked where they are used
  const char *resource = nullptr;
  CeedMemType preferred = CEED_MEM_HOST;
  CEEDRT_PARALLEL_CALL(ceed, CeedGetResource(ceed, &resource));
  CEEDRT_PARALLEL_CALL(ceed, CeedGetPreferredMemType(ceed, &preferred));
  const std::string prefix = "/gpu/" + runtime;
  const bool        match  = std::strncmp(resource, prefix.c_str(), prefix.size()) == 0 &&
                     (resource[prefix.size()] == '\0' || resource[prefix.size()] == '/' || resource[prefix.size()] == ':');
  if (match && preferred == CEED_MEM_DEVICE) return "";
  return std::string("the backend ") + resource + " does not keep its vectors in " + runtime + " device memory, where this hypre (" +
         HYPRE_RELEASE_VERSION + ") runs";
}

bool ResolveHypreOnDevice(Ceed ceed, AmgMemory memory, const std::string &who) {
  if (memory == AmgMemory::host || (memory == AmgMemory::automatic && !ceed)) return false;
  const std::string refusal = HypreDeviceRefusal(ceed);
  if (!refusal.empty()) {
    if (memory == AmgMemory::device) throw Error(who + ": AmgMemory::device refused: " + refusal);
    return false;
  }
  EnsureHypreDeviceInitialized();
  return true;
}

#if CEEDRT_HYPRE_ON_GPU
namespace {

// The GPUs the runtime hypre links (already loaded with it) sees, or the reason there are none: hypre's own
// device set-up only prints a runtime error and goes on, into allocations that cannot succeed.
std::string GpuRuntimeRefusal() {
#if defined(HYPRE_USING_CUDA)
  const char *symbol = "cudaGetDeviceCount";
#else
  const char *symbol = "hipGetDeviceCount";
#endif
  using DeviceCount = int (*)(int *);
  const auto device_count = reinterpret_cast<DeviceCount>(dlsym(RTLD_DEFAULT, symbol));
  if (!device_count) return std::string(symbol) + " is not in the process (hypre's GPU runtime is not loaded)";
  int       count = 0;
  const int error = device_count(&count);
  if (error) return std::string(symbol) + " failed with error " + std::to_string(error) + " (no usable GPU or driver)";
  if (count == 0) return std::string(symbol) + " reports no GPU";
  return "";
}

}  // namespace
#endif

#if CEEDRT_HYPRE_ON_GPU
namespace {
bool device_ready = false;  // EnsureHypreDeviceInitialized has succeeded
}  // namespace
#endif

void WaitForHypreDevice() {
#if CEEDRT_HYPRE_ON_GPU && HYPRE_RELEASE_NUMBER >= 30000
  if (device_ready) HypreCheck(hypre_SyncDevice(), "hypre_SyncDevice");
#elif CEEDRT_HYPRE_ON_GPU
  if (device_ready) HypreCheck(hypre_SyncCudaDevice(hypre_handle()), "hypre_SyncCudaDevice");
#endif
}

void EnsureHypreDeviceInitialized() {
  EnsureHypreInitialized();
#if CEEDRT_HYPRE_ON_GPU
  static const std::string refusal = GpuRuntimeRefusal();
  if (!refusal.empty()) throw Error("hypre (" + std::string(HypreGpuRuntime()) + ") cannot hold a matrix on the GPU: " + refusal);
  static std::once_flag once;
  std::call_once(once, [] {
#if HYPRE_RELEASE_NUMBER >= 30000  // before 3.0, HYPRE_Init set the device up itself
    HypreCheck(HYPRE_DeviceInitialize(), "HYPRE_DeviceInitialize");
#endif
    // hypre's own sparse products and random numbers on the device: its GPU guidance for BoomerAMG.
    HypreCheck(HYPRE_SetSpGemmUseVendor(0), "HYPRE_SetSpGemmUseVendor");
    HypreCheck(HYPRE_SetUseGpuRand(1), "HYPRE_SetUseGpuRand");
    device_ready = true;
  });
#endif
}

HypreLocationScope::HypreLocationScope(bool on_device) {
  HYPRE_MemoryLocation  location = HYPRE_MEMORY_HOST;
  HYPRE_ExecutionPolicy policy   = HYPRE_EXEC_HOST;
  HypreCheck(HYPRE_GetMemoryLocation(&location), "HYPRE_GetMemoryLocation");
  HypreCheck(HYPRE_GetExecutionPolicy(&policy), "HYPRE_GetExecutionPolicy");
  saved_location_ = (int)location;
  saved_policy_   = (int)policy;
  HypreCheck(HYPRE_SetMemoryLocation(on_device ? HYPRE_MEMORY_DEVICE : HYPRE_MEMORY_HOST), "HYPRE_SetMemoryLocation");
  HypreCheck(HYPRE_SetExecutionPolicy(on_device ? HYPRE_EXEC_DEVICE : HYPRE_EXEC_HOST), "HYPRE_SetExecutionPolicy");
}

HypreLocationScope::~HypreLocationScope() {
  HYPRE_SetMemoryLocation((HYPRE_MemoryLocation)saved_location_);
  HYPRE_SetExecutionPolicy((HYPRE_ExecutionPolicy)saved_policy_);
}

}  // namespace parallel
}  // namespace ceedrt
