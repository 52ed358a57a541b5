// /gpu/emu (test backend): the shared GPU layer's Runtime on the host. Kernels are compiled by the host C++
// compiler with ceed-gpu-emulation.h (the kernel language on fibers) and loaded from memory with dlopen;
// "device" memory is host memory filled with NaN when allocated, so a value read before it was copied or
// written shows in the results. Every GPU code path of ceedrt (ref objects, assembly, at-points, the gen
// operator and its generated kernels, QFunction error records) then runs on machines without a GPU.
// Never installed.
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <ceed/backend.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "ceed-gen.hpp"
#include "ceed-gpu-emulation-launch.h"
#include "emu-runtime.hpp"
#if CEEDRT_EMU_NVRTC_CHECK
#include "cuda-runtime.hpp"
#endif
#if CEEDRT_EMU_HIPRTC_CHECK
#include "hip-runtime.hpp"
#endif

#ifndef CEEDRT_GPU_EMU_DIR
#error "CEEDRT_GPU_EMU_DIR (the folder of ceed-gpu-emulation.h) must be defined"
#endif

namespace ceed::gpu::emu {

namespace {

// The message of the last failed call on this thread (ErrorText's status 1).
thread_local std::string last_error;

int Fail(const std::string &what) {
  last_error = what;
  return 1;
}

bool IsIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifier starting at or after *pos (skipping blanks); *pos moves past it. Empty if none.
std::string NextIdentifier(const std::string &s, size_t *pos) {
  size_t p = *pos;
  while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) p++;
  size_t end = p;
  while (end < s.size() && (IsIdentifierChar(s[end]) || s[end] == ':')) end++;
  *pos = end;
  return s.substr(p, end - p);
}

// The unit the host compiler gets: `extern __shared__ T name[];` becomes an object converting to the block's
// dynamic shared memory, and every `__global__` kernel gets a launch entry CeedEmuLaunch_<name>.
std::string TranslateUnit(const std::string &source, std::vector<std::string> *kernels) {
  std::string unit;
  size_t      copied = 0;
  for (size_t at = source.find("extern __shared__"); at != std::string::npos; at = source.find("extern __shared__", at + 1)) {
    size_t            p    = at + std::strlen("extern __shared__");
    const std::string type = NextIdentifier(source, &p), name = NextIdentifier(source, &p);
    const size_t      end  = source.find(';', p);
    if (type.empty() || name.empty() || end == std::string::npos) continue;
    unit += source.substr(copied, at - copied) + "static CeedEmuDynamicShared<" + type + "> " + name + ";";
    copied = end + 1;
  }
  unit += source.substr(copied);
  for (size_t at = unit.find("__global__"); at != std::string::npos; at = unit.find("__global__", at + 1)) {
    size_t p = at + std::strlen("__global__");
    if (NextIdentifier(unit, &p) != "void") continue;
    size_t      q    = p;
    std::string name = NextIdentifier(unit, &q);
    if (name == "__launch_bounds__") {
      p = unit.find(')', q);
      if (p == std::string::npos) continue;
      q    = p + 1;
      name = NextIdentifier(unit, &q);
    }
    if (!name.empty() && std::find(kernels->begin(), kernels->end(), name) == kernels->end()) kernels->push_back(name);
  }
  unit += "\n// ---- launch entries (/gpu/emu) ----\n";
  for (const std::string &k : *kernels) {
    unit += "extern \"C\" __attribute__((visibility(\"default\"))) int " CEED_EMU_LAUNCH_PREFIX + k +
            "(const CeedEmuLaunchConfig *config, void **args) { return CeedEmuLaunch(config, " + k + ", args, \"" + k + "\"); }\n";
  }
  return unit;
}

std::string ReadText(const std::string &path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

constexpr const char *kSharedTraceDefine = "-DCEED_EMU_SHARED_TRACE=1";
// The headers every unit includes (jit/gpu-emu), the first one by -include.
constexpr const char *kEmulationHeaders[] = {"ceed-gpu-emulation.h", "ceed-gpu-emulation-launch.h", "ceed-gpu-emulation-shared-trace.h"};

// A private folder, removed with the files a compilation leaves in it.
struct ScratchFolder {
  std::string path;
  ScratchFolder() {
    const char *tmp      = std::getenv("TMPDIR");
    std::string pattern  = std::string(tmp && *tmp ? tmp : "/tmp") + "/ceedrt-gpu-emu-XXXXXX";
    if (mkdtemp(&pattern[0])) path = pattern;
  }
  ~ScratchFolder() {
    if (path.empty()) return;
    for (const char *f : {"/unit.cpp", "/unit.o", "/unit.so"}) unlink((path + f).c_str());
    for (const char *f : kEmulationHeaders) unlink((path + "/" + f).c_str());
    rmdir(path.c_str());
  }
};

// The vendor compilers that can check the emulated units (CEEDRT_EMU_NVRTC_CHECK, CEEDRT_EMU_HIPRTC_CHECK below).
#if CEEDRT_EMU_NVRTC_CHECK || CEEDRT_EMU_HIPRTC_CHECK
// With CEEDRT_EMU_NVRTC_CHECK=sm_XY in the environment, every unit with CUDA's launch policy is also compiled by NVRTC
// for that architecture before the host compiler runs it, and with CEEDRT_EMU_HIPRTC_CHECK=gfxNNN every unit of
// :wavefront=64 (HIP's launch policy and kernels) by hipRTC; a unit the vendor's compiler rejects fails as /gpu/cuda
// or /gpu/hip would fail it. Runs of whole test suites on /gpu/emu then also show that the vendors' backends compile
// each of their kernels: the ref kernels, and the fused kernels of their operators, generated as for the vendor but
// for CUDA's __grid_constant__ argument block and launch bounds tuned from ptxas's report. Warnings are not failures
// (the units include users' QFunctions). A unit the compiler accepted is remembered in the kernel cache, so the test
// suite's processes check each distinct unit once.
bool VendorCheck(const std::string &source, const std::string &program_name, const std::vector<std::string> &options,
                 const std::vector<std::string> &host_base_options, std::string *error) {
  const bool  hip_kernels = std::find(options.begin(), options.end(), kHipKernelsMarker) != options.end();
  const char *variable    = hip_kernels ? "CEEDRT_EMU_HIPRTC_CHECK" : "CEEDRT_EMU_NVRTC_CHECK";
  const char *arch        = std::getenv(variable);
  if (!arch || !*arch) return true;
  const std::string setting = std::string(variable) + "=" + arch;
  const Compiler   *compiler = nullptr;
  Target            target;
  std::string       why;
  if (!hip_kernels) {
#if CEEDRT_EMU_NVRTC_CHECK
    int number = 0;
    compiler   = &cuda::Nvrtc();
    if (std::sscanf(arch, "sm_%d", &number) != 1 || !cuda::ChooseTarget(number, &target) || target.name != arch) {
      why = "not an architecture this NVRTC compiles for (sm_XY)";
    }
#else
    why = "this build has no NVRTC (the CUDA backend is not built)";
#endif
  } else {
#if CEEDRT_EMU_HIPRTC_CHECK
    compiler = hip::HipRtc(&why);
    if (compiler) hip::MakeTarget(arch, -1, &target, &why);
#else
    why = "this build has no hipRTC (the HIP backend is not built)";
#endif
  }
  if (!why.empty()) {
    *error = setting + ": " + why;
    return false;
  }
  std::vector<std::string> vendor_options = compiler->BaseOptions();
  for (const std::string &o : options) {
    const bool host_only = o == kHipKernelsMarker || std::find(host_base_options.begin(), host_base_options.end(), o) != host_base_options.end();
    if (!host_only) vendor_options.push_back(o);
  }
  vendor_options.insert(vendor_options.end(), target.options.begin(), target.options.end());
  std::string joined;
  for (const std::string &o : vendor_options) joined += o + '\n';
  const char *parts[] = {"ceedrt-gpu-emu-vendor-check", compiler->Name().c_str(), source.c_str(), joined.c_str()};
  char        key[CEED_KERNEL_CACHE_KEY_SIZE];
  void       *bytes     = nullptr;
  size_t      num_bytes = 0;
  const bool  keyed     = CeedKernelCacheComputeKey(4, parts, key) == CEED_ERROR_SUCCESS;
  if (keyed && CeedKernelCacheLookupBytes(nullptr, key, "vendor-ok", &bytes, &num_bytes) == 0 && bytes) {
    CeedFree(&bytes);
    return true;
  }
  std::string code, log;
  if (compiler->Compile(source, program_name, vendor_options, &code, &log, &why)) {
    if (keyed) CeedKernelCacheStoreBytes(nullptr, key, "vendor-ok", setting.data(), setting.size(), nullptr);
    return true;
  }
  *error = compiler->Name() + " (" + setting + ") rejects " + program_name + ": " + why + "\n" + log;
  return false;
}
#endif

class HostCompiler final : public Compiler {
 public:
  // tracing: CEEDRT_EMU_SHARED_TRACE=FILE was set when the runtime loaded; the units then record their shared-memory
  // requests (ceed-gpu-emulation-shared-trace.h). The compiler's name, part of every cache key (the backends' too),
  // says so and names the emulation headers' version: a changed scheduler or trace must not load old modules.
  HostCompiler(std::string path, const std::string &banner, bool tracing) : HostCompiler(std::move(path), banner, ReadHeaders(), tracing) {}

  bool Tracing() const { return tracing_; }

  bool Compile(const std::string &source, const std::string &program_name, const std::vector<std::string> &options, std::string *code,
               std::string *log, std::string *error) const override {
#if CEEDRT_EMU_NVRTC_CHECK || CEEDRT_EMU_HIPRTC_CHECK
    if (!VendorCheck(source, program_name, options, BaseOptions(), error)) return false;
#else
    (void)program_name;
#endif
    std::vector<std::string> kernels;
    const std::string        unit = TranslateUnit(source, &kernels);
    if (tracing_ && banner_.find("clang") != std::string::npos) {
      *error = "CEEDRT_EMU_SHARED_TRACE needs GCC's thread-sanitizer instrumentation; the host compiler is " + banner_;
      return false;
    }
    std::vector<std::string> unit_options = options;
    if (tracing_) unit_options.push_back(kSharedTraceDefine);
    std::string joined;
    for (const std::string &o : unit_options) joined += o + '\n';
    const char *parts[] = {"ceedrt-gpu-emu", Name().c_str(), unit.c_str(), joined.c_str()};
    char        key[CEED_KERNEL_CACHE_KEY_SIZE];
    void       *bytes     = nullptr;
    size_t      num_bytes = 0;
    if (CeedKernelCacheComputeKey(4, parts, key) == CEED_ERROR_SUCCESS && CeedKernelCacheLookupBytes(nullptr, key, "so", &bytes, &num_bytes) == 0 &&
        bytes) {
      code->assign(static_cast<const char *>(bytes), num_bytes);
      CeedFree(&bytes);
      return true;
    }
    ScratchFolder folder;
    if (folder.path.empty()) {
      *error = std::string("could not create a scratch folder: ") + std::strerror(errno);
      return false;
    }
    const std::string unit_path = folder.path + "/unit.cpp", object_path = folder.path + "/unit.o", output_path = folder.path + "/unit.so";
    for (size_t i = 0; i <= headers_.size(); i++) {
      const std::string file = i < headers_.size() ? folder.path + "/" + kEmulationHeaders[i] : unit_path;
      std::ofstream     out(file, std::ios::binary);
      out << (i < headers_.size() ? headers_[i] : unit);
      if (!out.flush()) {
        *error = "could not write " + file;
        return false;
      }
    }
    // -O1: the modules run the kernels of whole test suites; -w: NVRTC's own tests judge warnings;
    // -U_FORTIFY_SOURCE: compilers that fortify by default (Ubuntu's) turn _longjmp into a checked
    // longjmp that aborts on a jump between fiber stacks ("longjmp causes uninitialized stack frame").
    std::vector<std::string> flags = {"-O1", "-U_FORTIFY_SOURCE", "-fPIC", "-w", "-I" + folder.path, "-include", kEmulationHeaders[0], "-x", "c++"};
    flags.insert(flags.end(), unit_options.begin(), unit_options.end());
    ceed::gen::HostCompilation run;
    if (!tracing_) {
      flags.push_back("-shared");
      run = ceed::gen::CompileLoadableLibrary(path_, flags, unit_path, output_path);
    } else {
      // Instrumented at compile time only: the unit defines the instrumentation's entry points, and linking with
      // -fsanitize=thread would make the module need the sanitizer's run-time library. No vectorization, so that
      // each access the source makes stays one access.
      flags.insert(flags.end(), {"-c", "-fsanitize=thread", "--param=tsan-instrument-func-entry-exit=0", "--param=tsan-distinguish-volatile=1",
                                 "-fno-tree-vectorize", "-fno-tree-slp-vectorize"});
      run = ceed::gen::CompileLoadableLibrary(path_, flags, unit_path, object_path);
      if (run.Succeeded()) {
        const std::string compile_output = run.output;
        run                              = ceed::gen::CompileLoadableLibrary(path_, {"-shared"}, object_path, output_path);
        run.output                       = compile_output + run.output;
      }
    }
    *log = run.output;
    if (!run.Succeeded()) {
      *error = "the host compiler " + path_ + " exited with status " + std::to_string(run.exit_status);
      return false;
    }
    *code = ReadText(output_path);
    if (code->empty()) {
      *error = "the host compiler wrote no module";
      return false;
    }
    CeedKernelCacheStoreBytes(nullptr, key, "so", code->data(), code->size(), nullptr);
    return true;
  }

 private:
  // The emulation headers as the runtime loaded them: each unit compiles against this copy (written beside it), so that
  // what the cache key names is what the module was built from, even if the installed files change meanwhile.
  HostCompiler(std::string path, const std::string &banner, std::vector<std::string> headers, bool tracing)
      : Compiler("host C++ compiler for /gpu/emu (" + banner + ", emulation " + ContentTag(Joined(headers)) + ")" +
                     (tracing ? " tracing shared memory" : ""),
                 {"-std=c++17", "-DCEED_RUNNING_JIT_PASS=1"}, ".cpp"),
        path_(std::move(path)),
        banner_(banner),
        headers_(std::move(headers)),
        tracing_(tracing) {}
  static std::vector<std::string> ReadHeaders() {
    std::vector<std::string> headers;
    for (const char *f : kEmulationHeaders) headers.push_back(ReadText(CEEDRT_GPU_EMU_DIR "/" + std::string(f)));
    return headers;
  }
  static std::string Joined(const std::vector<std::string> &texts) {
    std::string all;
    for (const std::string &t : texts) all += t;
    return all;
  }
  // The first 12 characters of text's cache key.
  static std::string ContentTag(const std::string &text) {
    const char *parts[] = {text.c_str()};
    char        key[CEED_KERNEL_CACHE_KEY_SIZE];
    return CeedKernelCacheComputeKey(1, parts, key) == CEED_ERROR_SUCCESS ? std::string(key, 12) : std::string("?");
  }
  std::string              path_, banner_;
  std::vector<std::string> headers_;
  bool                     tracing_;
};

// Device allocations above this size are mapped rather than allocated, so that an impossible size fails
// (the sanitizers' allocators abort on those instead of returning NULL).
constexpr size_t kMapAbove = size_t(1) << 30;

class EmuRuntime final : public Runtime {
 public:
  explicit EmuRuntime(std::unique_ptr<HostCompiler> compiler) : compiler_(std::move(compiler)) {}
  const char     *Vendor() const override { return "emulated GPU"; }
  const char     *Family() const override { return "emu"; }
  const Capabilities &Caps() const override { return kEmulatedCapabilities; }
  // With HIP's launch policy (:wavefront=64) the kernels are HIP's too: rolled slice loops and contraction sums, no
  // volatile matrix loads (kHipCapabilities' kernel choices), so the HIP kernels' logic runs here.
  const Capabilities &KernelCaps(const Target &target) const override {
    static constexpr Capabilities kEmulatedHipKernels{false, true, false, false, kHipCapabilities.volatile_matrix_loads,
                                                      kHipCapabilities.rolled_slice_loops};
    return target.wavefront == 64 ? kEmulatedHipKernels : kEmulatedCapabilities;
  }
  const Compiler &Jit() const override { return *compiler_; }
  bool            Tracing() const { return compiler_->Tracing(); }
  std::string     ErrorText(int status) const override { return status == 1 ? last_error : "status " + std::to_string(status); }

  int DeviceCount(int *count) override {
    *count = 1;
    return 0;
  }
  int Open(int, void **context, DeviceInfo *info) override {
    *context = nullptr;
    // Sized like a small GPU, so that grids have several blocks and blocks several elements.
    info->name               = "host emulation (backends/gpu/emu)";
    info->arch               = "emu";
    info->num_sm             = 2;
    info->max_shared_default = 48 << 10;
    info->max_shared_optin   = 227 << 10;
    return 0;
  }
  int Close(int, void *) override { return 0; }
  int MakeCurrent(int, void *) override { return 0; }
  int Synchronize() override { return 0; }
  // :wavefront=64 emulates HIP's launch policy (blocks fixed before the compile) and HIP's kernels (KernelCaps).
  int ChooseTarget(Ceed ceed, const DeviceInfo &, Target *target) override {
    char value[16];
    bool found = false;
    CeedCallBackend(CeedGetResourceOption(ceed, "wavefront", value, sizeof(value), &found));
    CeedCheck(!found || !std::strcmp(value, "32") || !std::strcmp(value, "64"), ceed, CEED_ERROR_BACKEND,
              "Invalid wavefront=%s for /gpu/emu: 32 (CUDA's launch policy) or 64 (HIP's)", value);
    target->name            = "emu";
    target->options         = {};
    // Which vendor check applies, and the warp size of the shared-memory trace.
    if (found && !std::strcmp(value, "64")) target->options = {kHipKernelsMarker};
    target->code_suffix     = "so";
    target->wavefront       = found ? std::atoi(value) : 32;
    target->fixed_ref_block = target->wavefront == 64 ? 256 : 0;
    if (target->wavefront == 64) target->name = "emu-wavefront64";
    return CEED_ERROR_SUCCESS;
  }

  int Malloc(void **ptr, size_t bytes) override {
    *ptr = nullptr;
    // The emulated device has the host's memory: more cannot be had (a host that overcommits would grant
    // the mapping and end the process when the NaN fill below touches it).
    const double host_bytes = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGE_SIZE));
    if (static_cast<double>(bytes) > host_bytes) {
      return Fail("out of emulated device memory (" + std::to_string(bytes) + " bytes requested, the host has " +
                  std::to_string(static_cast<long long>(host_bytes)) + ")");
    }
    if (bytes > kMapAbove) {
      void *map = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (map == MAP_FAILED) return Fail("out of emulated device memory (" + std::to_string(bytes) + " bytes): " + std::strerror(errno));
      std::lock_guard<std::mutex> lock(mutex_);
      mapped_[map] = bytes;
      *ptr         = map;
    } else {
      *ptr = std::malloc(bytes);
      if (!*ptr) return Fail("out of emulated device memory (" + std::to_string(bytes) + " bytes)");
    }
    std::memset(*ptr, 0xff, bytes);  // NaN in every floating-point type
    if (Tracing()) {
      std::lock_guard<std::mutex> lock(mutex_);
      allocations_[*ptr] = bytes;
    }
    return 0;
  }
  int Free(void *ptr) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      allocations_.erase(ptr);
      auto                        found = mapped_.find(ptr);
      if (found != mapped_.end()) {
        munmap(ptr, found->second);
        mapped_.erase(found);
        return 0;
      }
    }
    std::free(ptr);
    return 0;
  }
  int CopyHostToDevice(void *dst, const void *src, size_t bytes) override { return Move(dst, src, bytes); }
  int CopyDeviceToHost(void *dst, const void *src, size_t bytes) override { return Move(dst, src, bytes); }
  int CopyDeviceToDevice(void *dst, const void *src, size_t bytes) override { return Move(dst, src, bytes); }
  int Memset(void *ptr, int value, size_t bytes) override {
    std::memset(ptr, value, bytes);
    return 0;
  }
  int HostAllocMapped(size_t bytes, void **host, void **device) override {
    *host = *device = std::calloc(1, bytes);
    return *host ? 0 : Fail("out of host memory");
  }
  int HostFree(void *host) override {
    std::free(host);
    return 0;
  }

  // Written to a file of its own name (dlopen returns the module already loaded under a name it is given again,
  // and memfd paths /proc/self/fd/N repeat), loaded, and unlinked: the mapping stays.
  int ModuleLoad(const std::string &code, Module *module) override {
    *module = nullptr;
    std::string path;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (modules_.path.empty()) return Fail(std::string("could not create a folder for the modules: ") + std::strerror(errno));
      path = modules_.path + "/module-" + std::to_string(++num_modules_) + ".so";
    }
    {
      std::ofstream out(path, std::ios::binary);
      out.write(code.data(), static_cast<std::streamsize>(code.size()));
      if (!out.flush()) return Fail("could not write " + path);
    }
    void       *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    const char *why    = handle ? nullptr : dlerror();
    unlink(path.c_str());
    if (!handle) return Fail(std::string("dlopen: ") + (why ? why : "unknown error"));
    *module = handle;
    return 0;
  }
  int ModuleUnload(Module module) override { return dlclose(module) == 0 ? 0 : Fail(dlerror()); }
  int ModuleGetFunction(Module module, const char *name, Function *fn) override {
    *fn = dlsym(module, (CEED_EMU_LAUNCH_PREFIX + std::string(name)).c_str());
    return *fn ? 0 : Fail(std::string("no kernel named ") + name + " in the module");
  }
  int SetMaxDynamicShared(Function, int) override { return 0; }
  int Launch(Function fn, unsigned grid, unsigned block, unsigned shared_bytes, void **args) override {
    char                message[256] = "";
    std::vector<size_t> ranges;  // the device allocations, for the trace's global accesses
    if (Tracing()) {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const auto &[begin, bytes] : allocations_) ranges.insert(ranges.end(), {size_t(begin), size_t(begin) + bytes});
    }
    const CeedEmuLaunchConfig config = {grid, block, shared_bytes, message, sizeof(message), ranges.data(), ranges.size() / 2};
    const int                 status       = reinterpret_cast<CeedEmuLaunchEntry>(fn)(&config, args);
    return status == 0 ? 0 : Fail(std::string("kernel launch failed: ") + message);
  }
  int MaxPotentialBlockSize(Function, int limit, int *block) override {
    *block = std::min(limit, 256);
    return 0;
  }
  // At most 2048 threads and 32 blocks per multiprocessor, and the shared memory of the opt-in limit (an H100's limits).
  int ActiveBlocksPerMultiprocessor(Function, int block, size_t shared_bytes, int *blocks) override {
    int n = std::min(32, 2048 / std::max(block, 1));
    if (shared_bytes) n = std::min<int>(n, static_cast<int>((227u << 10) / shared_bytes));
    *blocks = n;
    return 0;
  }

 private:
  int Move(void *dst, const void *src, size_t bytes) {
    if (bytes) std::memmove(dst, src, bytes);
    return 0;
  }
  std::unique_ptr<HostCompiler> compiler_;
  std::mutex                    mutex_;
  std::map<void *, size_t>      mapped_;
  std::map<void *, size_t>      allocations_;  // all of them, while tracing (CEEDRT_EMU_SHARED_TRACE)
  ScratchFolder                 modules_;
  unsigned long                 num_modules_ = 0;
};

}  // namespace

Runtime *LoadRuntime(std::string *reason) {
  return LoadOnce("emulated GPU", [](std::string *why) -> std::unique_ptr<Runtime> {
    const std::string path = ceed::gen::HostCompilerPath();
    std::string       banner, why_not;
    if (!ceed::gen::ProbeHostCompiler(path, &banner, &why_not)) {
      *why = "the host compiler '" + path + "' does not run: " + why_not;
      return nullptr;
    }
    const char *trace = std::getenv("CEEDRT_EMU_SHARED_TRACE");
    return std::make_unique<EmuRuntime>(std::make_unique<HostCompiler>(path, banner, trace && *trace));
  }, reason);
}

}  // namespace ceed::gpu::emu
