// CUDA backend: plugin entry point, context initialisation (driver, device selection), device memory,
// module loading and kernel launches.
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

#include "ceed-cuda.hpp"

namespace ceed_cuda {

// ---- Context data --------------------------------------------------------------------------------------

CeedCuda *GetCuda(Ceed ceed) {
  for (Ceed c = ceed; c;) {
    void *raw = nullptr;
    if (CeedGetData(c, &raw) == CEED_ERROR_SUCCESS && raw && static_cast<CeedCuda *>(raw)->tag == kContextTag) return static_cast<CeedCuda *>(raw);
    Ceed next = nullptr;
    if (CeedGetDelegate(c, &next) != CEED_ERROR_SUCCESS) return nullptr;
    c = next;
  }
  return nullptr;
}

int CheckDriver(Ceed ceed, const CeedCuda &data, CUresult result, const char *what) {
  if (result == CUDA_SUCCESS) return CEED_ERROR_SUCCESS;
  return CeedError(ceed, CEED_ERROR_BACKEND, "CUDA driver call %s failed on device %d (%s): %s", what, data.device_id, data.device_name.c_str(),
                   DriverErrorText(*data.cu, result).c_str());
}

int Activate(Ceed ceed, CeedCuda **data) {
  CeedCuda *d = GetCuda(ceed);
  CeedCheck(d, ceed, CEED_ERROR_BACKEND, "Ceed context is not served by the CUDA backend (no /gpu/cuda context in its delegate chain)");
  CeedCallCuda(ceed, *d, d->cu->cuCtxSetCurrent(d->context));
  *data = d;
  return CEED_ERROR_SUCCESS;
}

// ---- Memory --------------------------------------------------------------------------------------------

int DeviceMalloc(Ceed ceed, CeedCuda &data, size_t bytes, void **ptr) {
  *ptr = nullptr;
  if (bytes == 0) return CEED_ERROR_SUCCESS;
  CUdeviceptr dptr   = 0;
  CUresult    result = data.cu->cuMemAlloc(&dptr, bytes);
  if (result != CUDA_SUCCESS) {
    return CeedError(ceed, CEED_ERROR_MAJOR, "Could not allocate %zu bytes of device memory on CUDA device %d (%s): %s", bytes, data.device_id,
                     data.device_name.c_str(), DriverErrorText(*data.cu, result).c_str());
  }
  *ptr = reinterpret_cast<void *>(dptr);
  return CEED_ERROR_SUCCESS;
}

int DeviceRelease(Ceed ceed, CeedCuda &data, void *ptr) {
  if (!ptr) return CEED_ERROR_SUCCESS;
  CeedCallCuda(ceed, data, data.cu->cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)));
  return CEED_ERROR_SUCCESS;
}

int DeviceScratch::Reserve(Ceed ceed, CeedCuda &data, size_t min_bytes) {
  if (min_bytes <= bytes) return CEED_ERROR_SUCCESS;
  CeedCall(Release(ceed, data));
  CeedCall(DeviceMalloc(ceed, data, min_bytes, &ptr));
  bytes = min_bytes;
  return CEED_ERROR_SUCCESS;
}

int DeviceScratch::Release(Ceed ceed, CeedCuda &data) {
  void *old = ptr;
  ptr       = nullptr;
  bytes     = 0;
  return DeviceRelease(ceed, data, old);
}

int Copy(Ceed ceed, CeedCuda &data, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  if (bytes == 0 || dst == src) return CEED_ERROR_SUCCESS;
  const CUdeviceptr d = reinterpret_cast<CUdeviceptr>(dst), s = reinterpret_cast<CUdeviceptr>(src);
  if (dst_mem == CEED_MEM_DEVICE && src_mem == CEED_MEM_DEVICE) {
    CeedCallCuda(ceed, data, data.cu->cuMemcpyDtoD(d, s, bytes));
  } else if (dst_mem == CEED_MEM_DEVICE) {
    CeedCallCuda(ceed, data, data.cu->cuMemcpyHtoD(d, src, bytes));
  } else if (src_mem == CEED_MEM_DEVICE) {
    CeedCallCuda(ceed, data, data.cu->cuMemcpyDtoH(dst, s, bytes));
    // The copy waited for the kernels launched before it: a synchronization point where QFunction errors surface.
    return ReportQFunctionErrors(ceed, data, true, "a device-to-host copy");
  } else {
    std::memmove(dst, src, bytes);
  }
  return CEED_ERROR_SUCCESS;
}

namespace {

int DeviceAllocHook(Ceed ceed, size_t bytes, void **ptr) {
  CeedCuda *data = nullptr;
  CeedCall(Activate(ceed, &data));
  return DeviceMalloc(ceed, *data, bytes, ptr);
}

int DeviceFreeHook(Ceed ceed, void *ptr) {
  CeedCuda *data = nullptr;
  CeedCall(Activate(ceed, &data));
  return DeviceRelease(ceed, *data, ptr);
}

int DeviceCopyHook(Ceed ceed, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  CeedCuda *data = nullptr;
  CeedCall(Activate(ceed, &data));
  return Copy(ceed, *data, dst, dst_mem, src, src_mem, bytes);
}

int GetPreferredMemType(Ceed, CeedMemType *mem_type) {
  *mem_type = CEED_MEM_DEVICE;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

// ---- JIT modules and launches --------------------------------------------------------------------------

int JitOptions(Ceed ceed, std::vector<std::string> *options) {
  *options = BaseOptions();
  CeedInt      num = 0;
  const char **items = nullptr;
  CeedCallBackend(CeedGetJitDefines(ceed, &num, &items));
  for (CeedInt i = 0; i < num; i++) options->push_back(std::string("-D") + items[i]);
  CeedCallBackend(CeedRestoreJitDefines(ceed, &items));
  CeedCallBackend(CeedGetJitSourceRoots(ceed, &num, &items));
  for (CeedInt i = 0; i < num; i++) options->push_back(std::string("-I") + items[i]);
  CeedCallBackend(CeedRestoreJitSourceRoots(ceed, &items));
  return CEED_ERROR_SUCCESS;
}

int LoadModule(Ceed ceed, CeedCuda &data, CompileRequest request, CUmodule *module) {
  request.arch             = data.target_arch;
  request.kind             = data.target_kind;
  const std::string key    = CompileKey(request);
  auto              loaded = data.modules.find(key);
  if (loaded != data.modules.end()) {
    *module = loaded->second;
    return CEED_ERROR_SUCCESS;
  }
  bool is_debug = false;
  CeedCall(CeedIsDebug(ceed, &is_debug));
  const CompileResult result = Compile(request, is_debug);
  if (!result.ok) return CeedError(ceed, CEED_ERROR_BACKEND, "%s", result.message.c_str());
  if (!result.from_cache) {
    CeedDebug(ceed, "NVRTC compiled %s for %s_%d%s%s", request.program_name.c_str(), data.target_kind == CodeKind::kCubin ? "sm" : "compute",
              data.target_arch, result.source_path.empty() ? "" : ", source: ", result.source_path.c_str());
    if (!result.log.empty()) CeedDebug(ceed, "NVRTC log for %s:\n%s", request.program_name.c_str(), result.log.c_str());
  }
  CUmodule m       = nullptr;
  CUresult status  = data.cu->cuModuleLoadData(&m, result.code.data());
  if (status != CUDA_SUCCESS) {
    return CeedError(ceed, CEED_ERROR_BACKEND, "Could not load the compiled module %s (kernels: %s) on CUDA device %d (%s, sm_%d): %s",
                     request.program_name.c_str(), request.kernel_names.empty() ? "" : request.kernel_names[0].c_str(), data.device_id,
                     data.device_name.c_str(), data.arch, DriverErrorText(*data.cu, status).c_str());
  }
  data.modules.emplace(key, m);
  *module = m;
  return CEED_ERROR_SUCCESS;
}

int GetFunction(Ceed ceed, CeedCuda &data, CUmodule module, const char *name, CUfunction *fn) {
  CUresult status = data.cu->cuModuleGetFunction(fn, module, name);
  CeedCheck(status == CUDA_SUCCESS, ceed, CEED_ERROR_BACKEND, "Kernel %s not found in its compiled module: %s", name,
            DriverErrorText(*data.cu, status).c_str());
  return CEED_ERROR_SUCCESS;
}

int GetJitFunction(Ceed ceed, CeedCuda &data, std::string (*make_source)(), const char *program_name, const std::vector<std::string> &kernel_names,
                   const char *name, CUfunction *fn) {
  const std::string key   = std::string(program_name) + "/" + name;
  auto              found = data.fixed_functions.find(key);
  if (found != data.fixed_functions.end()) {
    *fn = found->second;
    return CEED_ERROR_SUCCESS;
  }
  CompileRequest request;
  request.source       = make_source();
  request.program_name = program_name;
  request.kernel_names = kernel_names;
  CeedCall(JitOptions(ceed, &request.options));
  CUmodule module = nullptr;
  CeedCall(LoadModule(ceed, data, std::move(request), &module));
  CeedCall(GetFunction(ceed, data, module, name, fn));
  data.fixed_functions.emplace(key, *fn);
  return CEED_ERROR_SUCCESS;
}

int GetRefFunction(Ceed ceed, CeedCuda &data, const char *name, CUfunction *fn) {
  return GetJitFunction(ceed, data, RefModuleSource, "ceed-cuda-ref", RefKernelNames(), name, fn);
}

int Launch(Ceed ceed, CeedCuda &data, CUfunction fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) {
  if (grid == 0) return CEED_ERROR_SUCCESS;
  if (shared_bytes > static_cast<unsigned>(data.max_shared_default)) {
    CeedCheck(shared_bytes <= static_cast<unsigned>(data.max_shared_optin), ceed, CEED_ERROR_BACKEND,
              "Kernel needs %u bytes of shared memory per block, CUDA device %d (%s) offers at most %d", shared_bytes, data.device_id,
              data.device_name.c_str(), data.max_shared_optin);
    CeedCallCuda(ceed, data, data.cu->cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(shared_bytes)));
  }
  CeedCallCuda(ceed, data, data.cu->cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, shared_bytes, nullptr, args, nullptr));
  bool is_debug = false;
  CeedCall(CeedIsDebug(ceed, &is_debug));
  // Debug runs report execution errors at the launch that caused them.
  if (is_debug) CeedCallCuda(ceed, data, data.cu->cuCtxSynchronize());
  return CEED_ERROR_SUCCESS;
}

namespace {

// The occupancy-chosen block size of fn (at most CEED_CUDA_REF_MAX_BLOCK), remembered per kernel.
int BlockSize(Ceed ceed, CeedCuda &data, CUfunction fn, CeedSize *block) {
  auto found = data.block_sizes.find(fn);
  if (found == data.block_sizes.end()) {
    int min_grid = 0, size = 0;
    CeedCallCuda(ceed, data, data.cu->cuOccupancyMaxPotentialBlockSize(&min_grid, &size, fn, nullptr, 0, CEED_CUDA_REF_MAX_BLOCK));
    found = data.block_sizes.emplace(fn, size > 0 ? size : 32).first;
  }
  *block = found->second;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int LaunchGridStride(Ceed ceed, CeedCuda &data, CUfunction fn, CeedSize n, void **args) {
  if (n <= 0) return CEED_ERROR_SUCCESS;
  CeedSize block = 0;
  CeedCall(BlockSize(ceed, data, fn, &block));
  // One full wave of resident blocks is enough for a grid-stride loop.
  const CeedSize wave = static_cast<CeedSize>(data.num_sm) * (2048 / block > 0 ? 2048 / block : 1);
  const CeedSize grid = std::min((n + block - 1) / block, wave);
  return Launch(ceed, data, fn, static_cast<unsigned>(grid), static_cast<unsigned>(block), 0, args);
}

int LaunchThreadPerItem(Ceed ceed, CeedCuda &data, CUfunction fn, CeedSize n, void **args) {
  if (n <= 0) return CEED_ERROR_SUCCESS;
  CeedSize block = 0;
  CeedCall(BlockSize(ceed, data, fn, &block));
  const CeedSize grid = (n + block - 1) / block;
  CeedCheck(grid <= 0x7fffffff, ceed, CEED_ERROR_UNSUPPORTED, "A kernel over %" CeedSize_FMT " items needs %" CeedSize_FMT
            " blocks of %" CeedSize_FMT " threads, more than CUDA's grid limit", n, grid, block);
  return Launch(ceed, data, fn, static_cast<unsigned>(grid), static_cast<unsigned>(block), 0, args);
}

// ---- Initialisation ------------------------------------------------------------------------------------

namespace {

int Destroy(Ceed ceed) {
  void *raw = nullptr;
  CeedCall(CeedGetData(ceed, &raw));
  auto *data = static_cast<CeedCuda *>(raw);
  if (!data) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_SUCCESS;
  if (data->context) {
    data->cu->cuCtxSetCurrent(data->context);
    QFunctionErrorsDestroy(*data);
    for (auto &m : data->modules) data->cu->cuModuleUnload(m.second);
    CUresult result = data->cu->cuDevicePrimaryCtxRelease(data->device);
    if (result != CUDA_SUCCESS) ierr = CheckDriver(ceed, *data, result, "cuDevicePrimaryCtxRelease");
  }
  delete data;
  CeedCall(CeedSetData(ceed, nullptr));
  return ierr;
}

// Message prefix for every failure to find a usable driver or device (the test harness skips GPU
// runs on machines where CeedInit fails this way).
constexpr const char *kNoDevice = "no CUDA driver or device was found";

int OpenDevice(const char *resource, Ceed ceed, CeedCuda &data) {
  std::string reason;
  data.cu = LoadDriver(&reason);
  CeedCheck(data.cu, ceed, CEED_ERROR_BACKEND, "%s: %s", kNoDevice, reason.c_str());
  const Driver &cu     = *data.cu;
  CUresult      result = cu.cuInit(0);
  CeedCheck(result == CUDA_SUCCESS, ceed, CEED_ERROR_BACKEND, "%s: cuInit failed with %s", kNoDevice, DriverErrorText(cu, result).c_str());
  int count = 0;
  result    = cu.cuDeviceGetCount(&count);
  CeedCheck(result == CUDA_SUCCESS && count > 0, ceed, CEED_ERROR_BACKEND, "%s: the driver reports %d devices%s%s", kNoDevice, count,
            result == CUDA_SUCCESS ? "" : ", cuDeviceGetCount: ", result == CUDA_SUCCESS ? "" : DriverErrorText(cu, result).c_str());

  char value[32];
  bool found = false;
  CeedCallBackend(CeedGetResourceOption(ceed, "device_id", value, sizeof(value), &found));
  if (found) {
    char *end    = nullptr;
    long  id     = std::strtol(value, &end, 10);
    bool  parsed = end != value && *end == '\0';
    CeedCheck(parsed && id >= 0 && id < count, ceed, CEED_ERROR_BACKEND, "Invalid device_id=%s in resource %s: the CUDA driver reports %d device%s (ids 0 to %d)",
              value, resource, count, count == 1 ? "" : "s", count - 1);
    data.device_id = static_cast<int>(id);
  }
  CeedCallCuda(ceed, data, cu.cuDeviceGet(&data.device, data.device_id));
  char name[256] = {0};
  CeedCallCuda(ceed, data, cu.cuDeviceGetName(name, sizeof(name) - 1, data.device));
  data.device_name = name;
  int major = 0, minor = 0;
  CeedCallCuda(ceed, data, cu.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, data.device));
  CeedCallCuda(ceed, data, cu.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, data.device));
  CeedCallCuda(ceed, data, cu.cuDeviceGetAttribute(&data.num_sm, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, data.device));
  CeedCallCuda(ceed, data, cu.cuDeviceGetAttribute(&data.max_shared_default, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, data.device));
  CeedCallCuda(ceed, data, cu.cuDeviceGetAttribute(&data.max_shared_optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, data.device));
  data.arch = 10 * major + minor;
  CeedCheck(ChooseTarget(data.arch, &data.target_arch, &data.target_kind), ceed, CEED_ERROR_BACKEND,
            "NVRTC %d.%d cannot compile for CUDA device %d (%s, sm_%d)", NvrtcVersion() / 1000, NvrtcVersion() % 1000 / 10, data.device_id, name,
            data.arch);
  CeedCallCuda(ceed, data, cu.cuDevicePrimaryCtxRetain(&data.context, data.device));
  CeedCallCuda(ceed, data, cu.cuCtxSetCurrent(data.context));
  return CEED_ERROR_SUCCESS;
}

int Init(const char *resource, Ceed ceed) {
  const char *prefix = nullptr;
  CeedCallBackend(CeedGetResource(ceed, &prefix));
  const bool deterministic = std::strcmp(prefix, "/gpu/cuda/ref/det") == 0;
  const bool gen_alias     = std::strcmp(prefix, "/gpu/cuda/gen") == 0;

  auto *data = new (std::nothrow) CeedCuda();
  CeedCheck(data, ceed, CEED_ERROR_MAJOR, "Out of memory initialising %s", resource);
  data->resource      = resource;
  data->deterministic = deterministic;
  CeedCallBackend(CeedSetData(ceed, data));
  CeedBackendOps ops{};
  ops.size    = sizeof(ops);
  ops.Destroy = Destroy;
  CeedCallBackend(CeedSetBackendOps(ceed, &ops));  // so that a failure below releases what was acquired
  CeedCall(OpenDevice(resource, ceed, *data));
  CeedCall(QFunctionErrorsCreate(ceed, *data));

  ops.GetPreferredMemType     = GetPreferredMemType;
  ops.DeviceAlloc             = DeviceAllocHook;
  ops.DeviceFree              = DeviceFreeHook;
  ops.DeviceCopy              = DeviceCopyHook;
  ops.ElemRestrictionCreate   = ElemRestrictionCreate;
  ops.BasisCreate             = BasisCreate;
  ops.QFunctionCreate         = QFunctionCreate;
  ops.OperatorCreate          = gen_alias ? GenOperatorCreate : OperatorCreate;
  ops.AssembleElements        = AssembleElements;
  InstallVectorOps(ops);
  CeedCallBackend(CeedSetBackendOps(ceed, &ops));
  CeedCallBackend(CeedSetDeterministic(ceed, deterministic));
  CeedDebug(ceed, "%s on CUDA device %d (%s, sm_%d, %d SMs), kernels compiled by NVRTC for %s_%d%s", resource, data->device_id,
            data->device_name.c_str(), data->arch, data->num_sm, data->target_kind == CodeKind::kCubin ? "sm" : "compute", data->target_arch,
            deterministic ? ", deterministic transposes" : "");
  if (gen_alias) {
    // Operators the fused kernels do not cover run on /gpu/cuda/ref, on the same device.
    const char *options      = std::strchr(resource, ':');
    std::string ref_resource = std::string("/gpu/cuda/ref") + (options ? options : "");
    Ceed        delegate     = nullptr;
    CeedCall(CeedInit(ref_resource.c_str(), &delegate));
    int ierr = CeedSetDelegate(ceed, delegate);
    CeedDestroy(&delegate);
    CeedCall(ierr);
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace

}  // namespace ceed_cuda

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginCuda(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "cuda", ceed_cuda::Init};
  return &plugin;
}
