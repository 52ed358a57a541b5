// CUDA vendor layer: the driver API (cuda-driver.hpp) as the shared layer's Runtime.
#include "cuda-runtime.hpp"

#include <ceed/backend.h>

#include <memory>
#include <mutex>
#include <utility>

#include "cuda-driver.hpp"

namespace ceed::gpu::cuda {

namespace {

CUdeviceptr Dev(const void *ptr) { return reinterpret_cast<CUdeviceptr>(ptr); }

class DriverRuntime final : public Runtime {
 public:
  explicit DriverRuntime(const Driver &cu) : cu_(cu) {}
  const char     *Vendor() const override { return "CUDA"; }
  const char     *Family() const override { return "cuda"; }
  const Capabilities &Caps() const override { return kCudaCapabilities; }
  const Compiler &Jit() const override { return Nvrtc(); }
  std::string     ErrorText(int status) const override { return DriverErrorText(cu_, static_cast<CUresult>(status)); }

  int DeviceCount(int *count) override { return cu_.cuDeviceGetCount(count); }
  int Open(int id, void **context, DeviceInfo *info) override {
    CUdevice device = 0;
    if (int s = cu_.cuDeviceGet(&device, id)) return s;
    char name[256] = {0};
    if (int s = cu_.cuDeviceGetName(name, sizeof(name) - 1, device)) return s;
    int major = 0, minor = 0;
    const std::pair<int *, CUdevice_attribute> attributes[] = {
        {&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
        {&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR},
        {&info->num_sm, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
        {&info->max_shared_default, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK},
        {&info->max_shared_optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN}};
    for (const auto &a : attributes) {
      if (int s = cu_.cuDeviceGetAttribute(a.first, a.second, device)) return s;
    }
    info->name = name;
    info->arch = "sm_" + std::to_string(10 * major + minor);
    CUcontext ctx = nullptr;
    if (int s = cu_.cuDevicePrimaryCtxRetain(&ctx, device)) return s;
    *context = ctx;
    return cu_.cuCtxSetCurrent(ctx);
  }
  int Close(int id, void *) override {
    CUdevice device = 0;
    if (int s = cu_.cuDeviceGet(&device, id)) return s;
    return cu_.cuDevicePrimaryCtxRelease(device);
  }
  int MakeCurrent(int, void *context) override { return cu_.cuCtxSetCurrent(static_cast<CUcontext>(context)); }
  int Synchronize() override { return cu_.cuCtxSynchronize(); }
  int ChooseTarget(Ceed ceed, const DeviceInfo &info, Target *target) override {
    const int arch = std::stoi(info.arch.substr(3));
    const int v    = NvrtcVersion();
    CeedCheck(cuda::ChooseTarget(arch, target), ceed, CEED_ERROR_BACKEND, "NVRTC %d.%d cannot compile for CUDA device %s (%s)", v / 1000, v % 1000 / 10,
              info.name.c_str(), info.arch.c_str());
    return CEED_ERROR_SUCCESS;
  }

  int Malloc(void **ptr, size_t bytes) override {
    CUdeviceptr p = 0;
    const int   s = cu_.cuMemAlloc(&p, bytes);
    *ptr          = reinterpret_cast<void *>(p);
    return s;
  }
  int Free(void *ptr) override { return cu_.cuMemFree(Dev(ptr)); }
  int CopyHostToDevice(void *dst, const void *src, size_t bytes) override { return cu_.cuMemcpyHtoD(Dev(dst), src, bytes); }
  int CopyDeviceToHost(void *dst, const void *src, size_t bytes) override { return cu_.cuMemcpyDtoH(dst, Dev(src), bytes); }
  int CopyDeviceToDevice(void *dst, const void *src, size_t bytes) override { return cu_.cuMemcpyDtoD(Dev(dst), Dev(src), bytes); }
  int Memset(void *ptr, int value, size_t bytes) override { return cu_.cuMemsetD8(Dev(ptr), static_cast<unsigned char>(value), bytes); }
  int HostAllocMapped(size_t bytes, void **host, void **device) override {
    if (int s = cu_.cuMemHostAlloc(host, bytes, CU_MEMHOSTALLOC_DEVICEMAP)) return s;
    CUdeviceptr d = 0;
    const int   s = cu_.cuMemHostGetDevicePointer(&d, *host, 0);
    *device       = reinterpret_cast<void *>(d);
    return s;
  }
  int HostFree(void *host) override { return cu_.cuMemFreeHost(host); }

  int ModuleLoad(const std::string &code, Module *module) override {
    // PTX is read as NUL-terminated text.
    return ReturnHandle<CUmodule>(module, [&](CUmodule *m) { return cu_.cuModuleLoadData(m, code.c_str()); });
  }
  int ModuleUnload(Module module) override { return cu_.cuModuleUnload(static_cast<CUmodule>(module)); }
  int ModuleGetFunction(Module module, const char *name, Function *fn) override {
    return ReturnHandle<CUfunction>(fn, [&](CUfunction *f) { return cu_.cuModuleGetFunction(f, static_cast<CUmodule>(module), name); });
  }
  int SetMaxDynamicShared(Function fn, int bytes) override {
    return cu_.cuFuncSetAttribute(static_cast<CUfunction>(fn), CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
  }
  int Launch(Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) override {
    return cu_.cuLaunchKernel(static_cast<CUfunction>(fn), grid, 1, 1, block, 1, 1, shared_bytes, nullptr, args, nullptr);
  }
  int MaxPotentialBlockSize(Function fn, int limit, int *block) override {
    int min_grid = 0;
    return cu_.cuOccupancyMaxPotentialBlockSize(&min_grid, block, static_cast<CUfunction>(fn), nullptr, 0, limit);
  }
  int ActiveBlocksPerMultiprocessor(Function fn, int block, size_t shared_bytes, int *blocks) override {
    return cu_.cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks, static_cast<CUfunction>(fn), block, shared_bytes);
  }

 private:
  const Driver &cu_;
};

}  // namespace

Runtime *LoadRuntime(std::string *reason) {
  return LoadOnce("CUDA", [](std::string *why) -> std::unique_ptr<Runtime> {
    const Driver *cu = LoadDriver(why);
    if (!cu) return nullptr;
    if (CUresult result = cu->cuInit(0); result != CUDA_SUCCESS) {
      *why = "cuInit failed with " + DriverErrorText(*cu, result);
      return nullptr;
    }
    return std::make_unique<DriverRuntime>(*cu);
  }, reason);
}

}  // namespace ceed::gpu::cuda
