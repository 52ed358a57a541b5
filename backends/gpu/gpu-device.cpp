// GPU backends: context initialisation (vendor runtime, device selection, target), device memory, module
// loading and kernel launches, for every vendor through its Runtime.
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

#include "ceed-gen.hpp"
#include "ceed-gpu.hpp"

namespace ceed::gpu {

// ---- Context data --------------------------------------------------------------------------------------

CeedGpu *GetGpu(Ceed ceed) {
  for (Ceed c = ceed; c;) {
    void *raw = nullptr;
    if (CeedGetData(c, &raw) == CEED_ERROR_SUCCESS && raw && static_cast<CeedGpu *>(raw)->tag == kContextTag) return static_cast<CeedGpu *>(raw);
    Ceed next = nullptr;
    if (CeedGetDelegate(c, &next) != CEED_ERROR_SUCCESS) return nullptr;
    c = next;
  }
  return nullptr;
}

int CheckRuntime(Ceed ceed, const CeedGpu &data, int status, const char *what) {
  if (status == 0) return CEED_ERROR_SUCCESS;
  return CeedError(ceed, CEED_ERROR_BACKEND, "%s call %s failed on device %d (%s): %s", data.rt->Vendor(), what, data.device_id,
                   data.info.name.c_str(), data.rt->ErrorText(status).c_str());
}

int Activate(Ceed ceed, CeedGpu **data) {
  CeedGpu *d = GetGpu(ceed);
  CeedCheck(d, ceed, CEED_ERROR_BACKEND, "Ceed context is not served by a GPU backend (no /gpu/cuda or /gpu/hip context in its delegate chain)");
  CeedCallGpu(ceed, *d, d->rt->MakeCurrent(d->device_id, d->context));
  *data = d;
  return CEED_ERROR_SUCCESS;
}

// ---- Memory --------------------------------------------------------------------------------------------

int DeviceMalloc(Ceed ceed, CeedGpu &data, size_t bytes, void **ptr) {
  *ptr = nullptr;
  if (bytes == 0) return CEED_ERROR_SUCCESS;
  const int status = data.rt->Malloc(ptr, bytes);
  if (status != 0) {
    *ptr = nullptr;
    return CeedError(ceed, CEED_ERROR_MAJOR, "Could not allocate %zu bytes of device memory on %s device %d (%s): %s", bytes, data.rt->Vendor(),
                     data.device_id, data.info.name.c_str(), data.rt->ErrorText(status).c_str());
  }
  return CEED_ERROR_SUCCESS;
}

int DeviceRelease(Ceed ceed, CeedGpu &data, void *ptr) {
  if (!ptr) return CEED_ERROR_SUCCESS;
  CeedCallGpu(ceed, data, data.rt->Free(ptr));
  return CEED_ERROR_SUCCESS;
}

int DeviceScratch::Reserve(Ceed ceed, CeedGpu &data, size_t min_bytes) {
  if (min_bytes <= bytes) return CEED_ERROR_SUCCESS;
  CeedCall(Release(ceed, data));
  CeedCall(DeviceMalloc(ceed, data, min_bytes, &ptr));
  bytes = min_bytes;
  return CEED_ERROR_SUCCESS;
}

int DeviceScratch::Release(Ceed ceed, CeedGpu &data) {
  void *old = ptr;
  ptr       = nullptr;
  bytes     = 0;
  return DeviceRelease(ceed, data, old);
}

int Copy(Ceed ceed, CeedGpu &data, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  if (bytes == 0 || dst == src) return CEED_ERROR_SUCCESS;
  if (dst_mem == CEED_MEM_DEVICE && src_mem == CEED_MEM_DEVICE) {
    CeedCallGpu(ceed, data, data.rt->CopyDeviceToDevice(dst, src, bytes));
  } else if (dst_mem == CEED_MEM_DEVICE) {
    CeedCallGpu(ceed, data, data.rt->CopyHostToDevice(dst, src, bytes));
  } else if (src_mem == CEED_MEM_DEVICE) {
    CeedCallGpu(ceed, data, data.rt->CopyDeviceToHost(dst, src, bytes));
    // The copy waited for the kernels launched before it: a synchronization point where QFunction errors surface.
    return ReportQFunctionErrors(ceed, data, true, "a device-to-host copy");
  } else {
    std::memmove(dst, src, bytes);
  }
  return CEED_ERROR_SUCCESS;
}

namespace {

int DeviceAllocHook(Ceed ceed, size_t bytes, void **ptr) {
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  return DeviceMalloc(ceed, *data, bytes, ptr);
}

int DeviceFreeHook(Ceed ceed, void *ptr) {
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  return DeviceRelease(ceed, *data, ptr);
}

int DeviceCopyHook(Ceed ceed, void *dst, CeedMemType dst_mem, const void *src, CeedMemType src_mem, size_t bytes) {
  CeedGpu *data = nullptr;
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
  const CeedGpu *data = GetGpu(ceed);
  CeedCheck(data, ceed, CEED_ERROR_BACKEND, "Ceed context is not served by a GPU backend");
  *options = data->rt->Jit().BaseOptions();
  std::vector<std::string> defines, roots;
  CeedCall(ceed::gen::CopyJitDefines(ceed, &defines));
  CeedCall(ceed::gen::CopyJitSourceRoots(ceed, &roots));
  for (const std::string &define : defines) options->push_back("-D" + define);
  for (const std::string &root : roots) options->push_back("-I" + root);
  return CEED_ERROR_SUCCESS;
}

int LoadCode(Ceed ceed, CeedGpu &data, const std::string &code, const char *what, Module *module) {
  const int status = data.rt->ModuleLoad(code, module);
  CeedCheck(status == 0, ceed, CEED_ERROR_BACKEND, "Could not load the compiled module %s on %s device %d (%s, %s): %s", what, data.rt->Vendor(),
            data.device_id, data.info.name.c_str(), data.info.arch.c_str(), data.rt->ErrorText(status).c_str());
  return CEED_ERROR_SUCCESS;
}

int LoadModule(Ceed ceed, CeedGpu &data, CompileRequest request, Module *module) {
  request.compiler         = &data.rt->Jit();
  request.target           = data.target;
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
    CeedDebug(ceed, "%s compiled %s for %s%s%s", data.rt->Jit().Name().c_str(), request.program_name.c_str(), data.target.name.c_str(),
              result.source_path.empty() ? "" : ", source: ", result.source_path.c_str());
    if (!result.log.empty()) CeedDebug(ceed, "Compiler log for %s:\n%s", request.program_name.c_str(), result.log.c_str());
  }
  const std::string what = request.program_name + " (kernels: " + (request.kernel_names.empty() ? "" : request.kernel_names[0]) + ")";
  Module            m    = nullptr;
  CeedCall(LoadCode(ceed, data, result.code, what.c_str(), &m));
  data.modules.emplace(key, m);
  *module = m;
  return CEED_ERROR_SUCCESS;
}

int GetFunction(Ceed ceed, CeedGpu &data, Module module, const char *name, Function *fn) {
  const int status = data.rt->ModuleGetFunction(module, name, fn);
  CeedCheck(status == 0, ceed, CEED_ERROR_BACKEND, "Kernel %s not found in its compiled module: %s", name, data.rt->ErrorText(status).c_str());
  return CEED_ERROR_SUCCESS;
}

int GetJitFunction(Ceed ceed, CeedGpu &data, std::string (*make_source)(), const char *program_name, const std::vector<std::string> &kernel_names,
                   const char *name, Function *fn) {
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
  Module module = nullptr;
  CeedCall(LoadModule(ceed, data, std::move(request), &module));
  CeedCall(GetFunction(ceed, data, module, name, fn));
  data.fixed_functions.emplace(key, *fn);
  return CEED_ERROR_SUCCESS;
}

int GetRefFunction(Ceed ceed, CeedGpu &data, const char *name, Function *fn) {
  return GetJitFunction(ceed, data, RefModuleSource, "ceed-gpu-ref", RefKernelNames(), name, fn);
}

int Launch(Ceed ceed, CeedGpu &data, Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) {
  if (grid == 0) return CEED_ERROR_SUCCESS;
  if (shared_bytes > static_cast<unsigned>(data.info.max_shared_default)) {
    CeedCheck(shared_bytes <= static_cast<unsigned>(data.info.max_shared_optin), ceed, CEED_ERROR_BACKEND,
              "Kernel needs %u bytes of shared memory per block, %s device %d (%s) offers at most %d", shared_bytes, data.rt->Vendor(), data.device_id,
              data.info.name.c_str(), data.info.max_shared_optin);
    CeedCallGpu(ceed, data, data.rt->SetMaxDynamicShared(fn, static_cast<int>(shared_bytes)));
  }
  CeedCallGpu(ceed, data, data.rt->Launch(fn, grid, block, shared_bytes, args));
  bool is_debug = false;
  CeedCall(CeedIsDebug(ceed, &is_debug));
  // Debug runs report execution errors at the launch that caused them.
  if (is_debug) CeedCallGpu(ceed, data, data.rt->Synchronize());
  return CEED_ERROR_SUCCESS;
}

namespace {

// The block size of fn (at most CEED_GPU_REF_MAX_BLOCK, the kernels' launch bound), remembered per kernel:
// the occupancy API's choice, or the fixed block of a vendor that compiles for one.
int BlockSize(Ceed ceed, CeedGpu &data, Function fn, CeedSize *block) {
  auto found = data.block_sizes.find(fn);
  if (found == data.block_sizes.end()) {
    int size = 0;
    if (data.target.fixed_ref_block) size = data.target.fixed_ref_block;
    else CeedCallGpu(ceed, data, data.rt->MaxPotentialBlockSize(fn, CEED_GPU_REF_MAX_BLOCK, &size));
    found = data.block_sizes.emplace(fn, size > 0 ? size : 32).first;
  }
  *block = found->second;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int LaunchGridStride(Ceed ceed, CeedGpu &data, Function fn, CeedSize n, void **args) {
  if (n <= 0) return CEED_ERROR_SUCCESS;
  CeedSize block = 0;
  CeedCall(BlockSize(ceed, data, fn, &block));
  // One full wave of resident blocks is enough for a grid-stride loop.
  const CeedSize wave = static_cast<CeedSize>(data.info.num_sm) * (2048 / block > 0 ? 2048 / block : 1);
  const CeedSize grid = std::min((n + block - 1) / block, wave);
  return Launch(ceed, data, fn, static_cast<unsigned>(grid), static_cast<unsigned>(block), 0, args);
}

int LaunchThreadPerItem(Ceed ceed, CeedGpu &data, Function fn, CeedSize n, void **args) {
  if (n <= 0) return CEED_ERROR_SUCCESS;
  CeedSize block = 0;
  CeedCall(BlockSize(ceed, data, fn, &block));
  const CeedSize grid = (n + block - 1) / block;
  CeedCheck(grid <= 0x7fffffff, ceed, CEED_ERROR_UNSUPPORTED, "A kernel over %" CeedSize_FMT " items needs %" CeedSize_FMT
            " blocks of %" CeedSize_FMT " threads, more than the grid limit of %s", n, grid, block, data.rt->Vendor());
  return Launch(ceed, data, fn, static_cast<unsigned>(grid), static_cast<unsigned>(block), 0, args);
}

// ---- Initialisation ------------------------------------------------------------------------------------

namespace {

int Destroy(Ceed ceed) {
  void *raw = nullptr;
  CeedCall(CeedGetData(ceed, &raw));
  auto *data = static_cast<CeedGpu *>(raw);
  if (!data) return CEED_ERROR_SUCCESS;
  int ierr = CEED_ERROR_SUCCESS;
  if (data->opened) {
    data->rt->MakeCurrent(data->device_id, data->context);
    QFunctionErrorsDestroy(*data);
    for (auto &m : data->modules) data->rt->ModuleUnload(m.second);
    const int status = data->rt->Close(data->device_id, data->context);
    if (status != 0) ierr = CheckRuntime(ceed, *data, status, "Close (releasing the device context)");
  }
  delete data;
  CeedCall(CeedSetData(ceed, nullptr));
  return ierr;
}

int OpenDevice(const char *resource, Ceed ceed, CeedGpu &data) {
  Runtime &rt    = *data.rt;
  int      count = 0;
  int      status = rt.DeviceCount(&count);
  // The prefix "no <vendor> driver or device was found" marks every such failure (tests skip on it).
  CeedCheck(status == 0 && count > 0, ceed, CEED_ERROR_BACKEND, "no %s driver or device was found: the runtime reports %d devices%s%s", rt.Vendor(),
            count, status == 0 ? "" : ": ", status == 0 ? "" : rt.ErrorText(status).c_str());

  char value[32];
  bool found = false;
  CeedCallBackend(CeedGetResourceOption(ceed, "device_id", value, sizeof(value), &found));
  if (found) {
    char *end    = nullptr;
    long  id     = std::strtol(value, &end, 10);
    bool  parsed = end != value && *end == '\0';
    CeedCheck(parsed && id >= 0 && id < count, ceed, CEED_ERROR_BACKEND, "Invalid device_id=%s in resource %s: the %s runtime reports %d device%s (ids 0 to %d)",
              value, resource, rt.Vendor(), count, count == 1 ? "" : "s", count - 1);
    data.device_id = static_cast<int>(id);
  }
  // :min_blocks=N: the fused kernels are compiled so that N blocks fit on a multiprocessor (fewer registers per
  // thread, more warps in flight, perhaps spills). CUDA's meaning of the launch bound's second argument; HIP's
  // (waves per execution unit) differs, so that vendor refuses it rather than guess.
  CeedCallBackend(CeedGetResourceOption(ceed, "min_blocks", value, sizeof(value), &found));
  if (found) {
    char *end    = nullptr;
    long  n      = std::strtol(value, &end, 10);
    bool  parsed = end != value && *end == '\0';
    CeedCheck(rt.Caps().min_blocks_per_multiprocessor, ceed, CEED_ERROR_BACKEND, "Invalid option min_blocks=%s in resource %s: /gpu/%s has no such option",
              value, resource, rt.Family());
    CeedCheck(parsed && n >= 1 && n <= 32, ceed, CEED_ERROR_BACKEND, "Invalid min_blocks=%s in resource %s: a number of blocks from 1 to 32", value, resource);
    data.min_blocks = static_cast<int>(n);
  }
  status = rt.Open(data.device_id, &data.context, &data.info);
  CeedCheck(status == 0, ceed, CEED_ERROR_BACKEND, "Could not open %s device %d: %s", rt.Vendor(), data.device_id, rt.ErrorText(status).c_str());
  data.opened = true;
  CeedCall(rt.ChooseTarget(ceed, data.info, &data.target));
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int InitBackend(const char *resource, Ceed ceed, RuntimeLoader load) {
  const char *prefix = nullptr;
  CeedCallBackend(CeedGetResource(ceed, &prefix));
  std::string reason;
  Runtime    *rt = load(&reason);
  // Without the vendor's library: the same prefix as a missing device (see OpenDevice).
  CeedCheck(rt, ceed, CEED_ERROR_BACKEND, "%s", reason.c_str());
  const std::string family        = std::string("/gpu/") + rt->Family();
  const bool        deterministic = family + "/ref/det" == prefix;
  const bool        gen_alias     = family + "/gen" == prefix;

  auto *data = new (std::nothrow) CeedGpu();
  CeedCheck(data, ceed, CEED_ERROR_MAJOR, "Out of memory initialising %s", resource);
  data->rt            = rt;
  data->resource      = resource;
  data->prefix        = family;
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
  std::string target_options;
  for (const std::string &o : data->target.options) target_options += " " + o;
  CeedDebug(ceed, "%s on %s device %d (%s, %s, %d compute units), kernels compiled by %s with%s%s", resource, rt->Vendor(), data->device_id,
            data->info.name.c_str(), data->info.arch.c_str(), data->info.num_sm, rt->Jit().Name().c_str(), target_options.c_str(),
            deterministic ? ", deterministic transposes" : "");
  if (gen_alias) {
    // Operators the fused kernels do not cover run on /gpu/<family>/ref, on the same device; so do the helper
    // operators of assembly (the operator fallback: QFunction-assembly probes, applied a few times each, through
    // the generic kernels compiled once per context instead of a fused kernel JIT-compiled per operator).
    const char *options      = std::strchr(resource, ':');
    std::string ref_resource = family + "/ref" + (options ? options : "");
    Ceed        delegate     = nullptr;
    CeedCall(ceed::gen::InitHelperContext(ceed, ref_resource.c_str(), &delegate));
    int ierr = CeedSetDelegate(ceed, delegate);
    if (!ierr) ierr = CeedSetOperatorFallbackCeed(ceed, delegate);
    CeedDestroy(&delegate);
    CeedCall(ierr);
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::gpu
