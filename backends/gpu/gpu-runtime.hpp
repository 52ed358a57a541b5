// GPU backends: what a vendor supplies to the shared GPU layer (this folder). Everything else, the
// objects, the gen operator, the kernel sources, modules, launches and the error word, is written once
// against this table. backends/gpu/cuda implements it with the CUDA driver API and NVRTC, backends/gpu/hip
// with the HIP runtime and hipRTC; both load their vendor library with dlopen, so each plugin builds and
// loads on machines without that vendor's GPU and says what is missing at CeedInit.
#pragma once

#include <ceed.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ceed::gpu {

// Handles of the vendor's API (CUmodule/hipModule_t, CUfunction/hipFunction_t), opaque to the shared layer.
using Module   = void *;
using Function = void *;

// What the compiler produces code for, fixed when the context opens and part of every cache key.
struct Target {
  std::string              name;         // "sm_90", "compute_90" (PTX), "gfx90a"
  std::vector<std::string> options;      // the compiler options naming it, e.g. "-arch=sm_90", "--offload-arch=gfx90a", "-munsafe-fp-atomics"
  std::string              code_suffix;  // kind of code: "cubin", "ptx", "hsaco" (kernel cache entries)
  // Launch policy. Zero: the block size of a kernel is chosen after compiling, with the occupancy API
  // (CUDA). Otherwise every kernel is compiled with __launch_bounds__ of the block it is launched with,
  // fixed before the compile (HIP: there is no occupancy query that accounts for dynamic shared memory).
  int fixed_ref_block = 0;
  int wavefront       = 32;
};

// A vendor's run-time compiler. Needs no device: tests compile every kernel on machines without GPUs.
class Compiler {
 public:
  // name: "NVRTC 13.0", "hipRTC 9.0 (HIP 5.2.21153)" (messages and cache keys); base_options: what every unit
  // gets (spec 01 §6: the JIT-pass macro, device spellings, C++17); source_suffix: ".cu", ".hip" (dumped sources).
  Compiler(std::string name, std::vector<std::string> base_options, const char *source_suffix)
      : name_(std::move(name)), base_options_(std::move(base_options)), source_suffix_(source_suffix) {}
  virtual ~Compiler() = default;
  const std::string              &Name() const { return name_; }
  const std::vector<std::string> &BaseOptions() const { return base_options_; }
  const char                     *SourceSuffix() const { return source_suffix_; }
  // Compiles one translation unit; *log gets the compiler's log either way. On failure returns false and
  // *error says which step failed (the caller adds the kernel names, the log and the dumped source).
  virtual bool Compile(const std::string &source, const std::string &program_name, const std::vector<std::string> &options, std::string *code,
                       std::string *log, std::string *error) const = 0;

 private:
  std::string              name_;
  std::vector<std::string> base_options_;
  const char              *source_suffix_;
};

// Device properties the shared layer sizes launches with.
struct DeviceInfo {
  std::string name;
  std::string arch;  // "sm_90", "gfx90a"
  int         num_sm = 0, max_shared_default = 0, max_shared_optin = 0;
};

// What the shared layer does differently per vendor, asked of the runtime instead of comparing family names.
struct Capabilities {
  // Fused kernels take their argument block as `const __grid_constant__` (read in place instead of copied).
  bool grid_constant_args = false;
  // The resource option :min_blocks=N, the second __launch_bounds__ argument as resident blocks per multiprocessor
  // (CUDA's meaning; HIP's second argument counts waves per execution unit, so HIP refuses the option).
  bool min_blocks_per_multiprocessor = false;
  // The compiler reports a kernel's registers and spills (ptxas), so launch bounds can be chosen from the
  // computed occupancy (BuildFusedKernel).
  bool reports_kernel_resources = false;
  // Applications hand their own QFunction kernels through CeedQFunctionSetHIPUserFunction (else the CUDA slot).
  bool hip_user_functions = false;
  // Fused kernels load basis matrix entries through volatile, so the compiler does not hold the whole matrix in
  // registers (NVRTC: BP3 p=6 174 -> 102 registers); hipRTC's clang does the opposite (BP1 p=8: 94 -> 226 VGPRs).
  bool volatile_matrix_loads = false;
  // The sliced 3D kernels keep their slice loop, their per-point reads of quadrature data and their transposed
  // gradient's component loop rolled, and every fused kernel the sums of its contractions: hipRTC's clang otherwise
  // holds several slices' operands at once (gfx90a BP5 p=8: 165 -> 119 VGPRs) and a sum's loads all at once (BP4
  // p=6: 242 -> 124); NVRTC's registers do not need it.
  bool rolled_slice_loops = false;
};
inline constexpr Capabilities kCudaCapabilities{true, true, true, false, true, false};
inline constexpr Capabilities kHipCapabilities{false, false, false, true, false, true};
inline constexpr Capabilities kEmulatedCapabilities{false, true, false, false, true, false};  // CUDA's launch model, plain C++ kernels


// A vendor's device API. Calls return the vendor's status (0 is success for both vendors); ErrorText
// describes a failed one. The shared layer makes the context current (MakeCurrent) before calls.
class Runtime {
 public:
  virtual ~Runtime() = default;
  virtual const char     *Vendor() const = 0;  // "CUDA", "HIP": messages ("CUDA device 0 ...")
  virtual const char     *Family() const = 0;  // "cuda", "hip": resources are /gpu/<family>/...
  virtual const Capabilities &Caps() const = 0;
  // The capabilities a context's kernels are generated with (the volatile matrix loads, the rolled loops): the
  // vendor's, or for the emulated runtime on a target that emulates HIP (:wavefront=64), HIP's kernels.
  virtual const Capabilities &KernelCaps(const Target &) const { return Caps(); }
  virtual const Compiler &Jit() const    = 0;
  virtual std::string     ErrorText(int status) const = 0;

  virtual int DeviceCount(int *count) = 0;
  // Opens device id (a retained context for CUDA) and describes it.
  virtual int Open(int id, void **context, DeviceInfo *info) = 0;
  virtual int Close(int id, void *context)                   = 0;
  virtual int MakeCurrent(int id, void *context)             = 0;
  virtual int Synchronize()                                  = 0;
  // The target for the opened device, from its architecture and the resource's options (ceed: errors).
  virtual int ChooseTarget(Ceed ceed, const DeviceInfo &info, Target *target) = 0;

  virtual int Malloc(void **ptr, size_t bytes)                              = 0;
  virtual int Free(void *ptr)                                               = 0;
  virtual int CopyHostToDevice(void *dst, const void *src, size_t bytes)    = 0;
  virtual int CopyDeviceToHost(void *dst, const void *src, size_t bytes)    = 0;
  virtual int CopyDeviceToDevice(void *dst, const void *src, size_t bytes)  = 0;
  virtual int Memset(void *ptr, int value, size_t bytes)                    = 0;
  // Host memory mapped into the device (*device: the device's address of *host).
  virtual int HostAllocMapped(size_t bytes, void **host, void **device) = 0;
  virtual int HostFree(void *host)                                      = 0;

  virtual int ModuleLoad(const std::string &code, Module *module)                = 0;
  virtual int ModuleUnload(Module module)                                        = 0;
  virtual int ModuleGetFunction(Module module, const char *name, Function *fn)   = 0;
  virtual int SetMaxDynamicShared(Function fn, int bytes)                        = 0;
  virtual int Launch(Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) = 0;
  // Block size with the most resident threads, at most limit (occupancy API; a fixed-block vendor returns its bound).
  virtual int MaxPotentialBlockSize(Function fn, int limit, int *block) = 0;
  virtual int ActiveBlocksPerMultiprocessor(Function fn, int block, size_t shared_bytes, int *blocks) = 0;
};

// A vendor's runtime, loaded once per process; NULL with *reason when its library or device API is absent.
using RuntimeLoader = Runtime *(*)(std::string *reason);

// The runtime make() returns, made once per process (one instance per vendor: make's type differs); NULL with
// *reason = "no <vendor> driver or device was found: " + what make() said when it returned none.
// For vendor calls that return a handle through a pointer: calls call(&handle), stores the handle as the
// opaque *out and returns the vendor status.
template <class Handle, class Call>
int ReturnHandle(void **out, Call call) {
  Handle    handle = nullptr;
  const int status = call(&handle);
  *out             = handle;
  return status;
}

template <class Make>
Runtime *LoadOnce(const char *vendor, Make make, std::string *reason) {
  static std::once_flag           once;
  static std::unique_ptr<Runtime> runtime;
  static std::string              failure;
  std::call_once(once, [&] {
    std::string why;
    runtime = make(&why);
    if (!runtime) failure = std::string("no ") + vendor + " driver or device was found: " + why;
  });
  if (!runtime && reason) *reason = failure;
  return runtime.get();
}

// The plugin's CeedInit for /gpu/<family>/ref, /gpu/<family>/ref/det and /gpu/<family>/gen (gpu-device.cpp).
int InitBackend(const char *resource, Ceed ceed, RuntimeLoader load);

}  // namespace ceed::gpu

// Defines a vendor plugin's entry point CeedBackendPlugin<Entry> (named by its manifest) for the runtime load.
#define CEED_GPU_DEFINE_PLUGIN(Entry, name, load)                                                                          \
  extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPlugin##Entry(void) {              \
    static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, name,                                                \
                                             [](const char *resource, Ceed ceed) { return ceed::gpu::InitBackend(resource, ceed, load); }}; \
    return &plugin;                                                                                                        \
  }
