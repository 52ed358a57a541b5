// HIP vendor layer: the HIP runtime (hip-api.hpp) as the shared layer's Runtime. Resource options of /gpu/hip: device_id=N, arch=gfxNNN (the
// target to compile for instead of the device's gcnArchName), unsafe_atomics=0|1 (-munsafe-fp-atomics;
// default on for targets with hardware FP64 atomics, HasHardwareFp64Atomics).
#include "hip-runtime.hpp"

#include <ceed/backend.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "hip-api.hpp"

namespace ceed::gpu::hip {

namespace {

hipDeviceptr_t Dev(const void *ptr) { return const_cast<void *>(ptr); }

class HipRuntime final : public Runtime {
 public:
  HipRuntime(const Api &api, const Compiler &jit) : api_(api), jit_(jit) {}
  const char     *Vendor() const override { return "HIP"; }
  const char     *Family() const override { return "hip"; }
  const Capabilities &Caps() const override { return kHipCapabilities; }
  const Compiler &Jit() const override { return jit_; }
  std::string     ErrorText(int status) const override {
    const auto  e    = static_cast<hipError_t>(status);
    const char *name = api_.hipGetErrorName(e), *text = api_.hipGetErrorString(e);
    return std::string(name ? name : "hipErrorUnknown") + " (" + (text ? text : "no description") + ")";
  }

  int DeviceCount(int *count) override { return api_.hipGetDeviceCount(count); }
  int Open(int id, void **context, DeviceInfo *info) override {
    if (int s = api_.hipSetDevice(id)) return s;
    hipDeviceProp_t props{};
    if (int s = api_.hipGetDeviceProperties(&props, id)) return s;
    info->name               = props.name;
    info->arch               = props.gcnArchName;  // e.g. "gfx90a:sramecc+:xnack-"
    info->num_sm             = props.multiProcessorCount;
    info->max_shared_default = static_cast<int>(props.sharedMemPerBlock);
    info->max_shared_optin   = info->max_shared_default;  // HIP has no opt-in above the default
    *context                 = nullptr;                   // the current device is the context
    return 0;
  }
  int Close(int, void *) override { return 0; }
  int MakeCurrent(int id, void *) override { return api_.hipSetDevice(id); }
  int Synchronize() override { return api_.hipDeviceSynchronize(); }
  int ChooseTarget(Ceed ceed, const DeviceInfo &info, Target *target) override {
    char arch[64] = {0}, atomics[8] = {0};
    bool has_arch = false, has_atomics = false;
    CeedCallBackend(CeedGetResourceOption(ceed, "arch", arch, sizeof(arch), &has_arch));
    CeedCallBackend(CeedGetResourceOption(ceed, "unsafe_atomics", atomics, sizeof(atomics), &has_atomics));
    CeedCheck(!has_atomics || !std::strcmp(atomics, "0") || !std::strcmp(atomics, "1"), ceed, CEED_ERROR_BACKEND,
              "Invalid unsafe_atomics=%s in resource: use 0 (compare-and-swap loops) or 1 (-munsafe-fp-atomics)", atomics);
    const std::string processor = has_arch ? std::string(arch) : info.arch.substr(0, info.arch.find(':'));
    std::string       error;
    CeedCheck(MakeTarget(processor, has_atomics ? std::atoi(atomics) : -1, target, &error), ceed, CEED_ERROR_BACKEND, "HIP device %s (%s): %s",
              info.name.c_str(), info.arch.c_str(), error.c_str());
    return CEED_ERROR_SUCCESS;
  }

  int Malloc(void **ptr, size_t bytes) override { return api_.hipMalloc(ptr, bytes); }
  int Free(void *ptr) override { return api_.hipFree(ptr); }
  int CopyHostToDevice(void *dst, const void *src, size_t bytes) override { return api_.hipMemcpyHtoD(dst, const_cast<void *>(src), bytes); }
  int CopyDeviceToHost(void *dst, const void *src, size_t bytes) override { return api_.hipMemcpyDtoH(dst, Dev(src), bytes); }
  int CopyDeviceToDevice(void *dst, const void *src, size_t bytes) override { return api_.hipMemcpyDtoD(dst, Dev(src), bytes); }
  int Memset(void *ptr, int value, size_t bytes) override { return api_.hipMemset(ptr, value, bytes); }
  int HostAllocMapped(size_t bytes, void **host, void **device) override {
    if (int s = api_.hipHostMalloc(host, bytes, hipHostMallocMapped)) return s;
    return api_.hipHostGetDevicePointer(device, *host, 0);
  }
  int HostFree(void *host) override { return api_.hipHostFree(host); }

  int ModuleLoad(const std::string &code, Module *module) override {
    return ReturnHandle<hipModule_t>(module, [&](hipModule_t *m) { return api_.hipModuleLoadData(m, code.data()); });
  }
  int ModuleUnload(Module module) override { return api_.hipModuleUnload(static_cast<hipModule_t>(module)); }
  int ModuleGetFunction(Module module, const char *name, Function *fn) override {
    return ReturnHandle<hipFunction_t>(fn, [&](hipFunction_t *f) { return api_.hipModuleGetFunction(f, static_cast<hipModule_t>(module), name); });
  }
  // No per-kernel opt-in: a block may use the device's whole shared memory (the launch fails above it).
  int SetMaxDynamicShared(Function, int) override { return 0; }
  int Launch(Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) override {
    return api_.hipModuleLaunchKernel(static_cast<hipFunction_t>(fn), grid, 1, 1, block, 1, 1, shared_bytes, nullptr, args, nullptr);
  }
  // Kernels are compiled for a fixed block (Target::fixed_ref_block): that is the answer.
  int MaxPotentialBlockSize(Function, int limit, int *block) override {
    *block = limit < 256 ? limit : 256;
    return 0;
  }
  int ActiveBlocksPerMultiprocessor(Function fn, int block, size_t shared_bytes, int *blocks) override {
    return api_.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(blocks, static_cast<hipFunction_t>(fn), block, shared_bytes);
  }

 private:
  const Api      &api_;
  const Compiler &jit_;
};

}  // namespace

Runtime *LoadRuntime(std::string *reason) {
  return LoadOnce("HIP", [](std::string *why) -> std::unique_ptr<Runtime> {
    const Api      *api = LoadApi(why);
    const Compiler *jit = api ? HipRtc(why) : nullptr;
    if (!jit) return nullptr;
    if (hipError_t e = api->hipInit(0); e != hipSuccess) {
      *why = std::string("hipInit failed with ") + api->hipGetErrorName(e) + " (" + api->hipGetErrorString(e) + ")";
      return nullptr;
    }
    return std::make_unique<HipRuntime>(*api, *jit);
  }, reason);
}

}  // namespace ceed::gpu::hip
