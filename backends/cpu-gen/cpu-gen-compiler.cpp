// The host compiler: probing it, choosing flags for this CPU, building kernels through the kernel cache
// and loading them with dlopen.
#include <cpuid.h>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <new>

#include "ceed-cpu-gen.hpp"
#include "ceed-gen.hpp"

namespace ceed::cpu_gen {
namespace {


std::string CpuBrand() {
  unsigned int regs[12] = {0};
  for (unsigned int i = 0; i < 3; i++) {
    if (!__get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3])) return "unknown CPU";
  }
  std::string brand(reinterpret_cast<const char *>(regs), sizeof(regs));
  brand.resize(std::strlen(brand.c_str()));
  unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) brand += " (cpuid signature " + std::to_string(eax) + ")";
  return brand;
}

// Kernels are dlopen'ed once per process and kept loaded; the map is keyed by cache key.
std::mutex                            loaded_mutex;
std::map<std::string, CeedGenKernel> loaded_kernels;

struct Key {
  char text[CEED_KERNEL_CACHE_KEY_SIZE];
};

// A path from the kernel cache API (CeedMalloc'd), freed on every way out.
struct CacheString {
  char *s = nullptr;
  CacheString() = default;
  CacheString(const CacheString &) = delete;
  ~CacheString() { CeedFree(&s); }
};

// A temporary file removed on every way out unless path is reset.
struct RemovedAtExit {
  const char *path;
  ~RemovedAtExit() {
    if (path) unlink(path);
  }
};

// -I for every JIT source root and -D for every JIT define of ceed (they shape the kernel too).
int JitArguments(Ceed ceed, std::vector<std::string> *args) {
  std::vector<std::string> roots, defines;
  CeedCall(ceed::gen::CopyJitSourceRoots(ceed, &roots));
  CeedCall(ceed::gen::CopyJitDefines(ceed, &defines));
  for (const std::string &root : roots) args->push_back("-I" + root);
  for (const std::string &define : defines) args->push_back("-D" + define);
  return CEED_ERROR_SUCCESS;
}

// The key of a kernel: its source, the compiler, the flags (with ceed's JIT defines and source roots, which
// change what the same source compiles to) and the target CPU.
int ComputeKey(Ceed ceed, const HostCompiler &compiler, const std::string &source, Key *key) {
  std::vector<std::string> arguments = compiler.flags;
  CeedCall(JitArguments(ceed, &arguments));
  std::string flags;
  for (const std::string &f : arguments) flags += f + "\n";
  const char *parts[] = {source.c_str(), compiler.identity.c_str(), flags.c_str(), compiler.target.c_str()};
  return CeedKernelCacheComputeKey(4, parts, key->text);
}

// Why the file open as fd cannot be given to dlopen ("" if it can): it must be an ELF file of this word size whose
// program headers and segments lie within the file. The loader maps segments without checking the file's size, and
// touching a page past the end of a truncated library raises SIGBUS instead of an error.
std::string NotLoadableBecause(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0) return std::string("fstat failed: ") + std::strerror(errno);
  const uint64_t size = (uint64_t)st.st_size;
  ElfW(Ehdr) header{};
  if (pread(fd, &header, sizeof(header), 0) != (ssize_t)sizeof(header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
    return "it is not an ELF file";
  if (header.e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) || header.e_phentsize != sizeof(ElfW(Phdr)))
    return "it is an ELF file of another word size";
  if (header.e_phoff > size || (uint64_t)header.e_phnum * sizeof(ElfW(Phdr)) > size - header.e_phoff)
    return "it is truncated (its program headers end past its " + std::to_string(size) + " bytes)";
  for (unsigned i = 0; i < header.e_phnum; i++) {
    ElfW(Phdr) segment{};
    if (pread(fd, &segment, sizeof(segment), (off_t)(header.e_phoff + i * sizeof(segment))) != (ssize_t)sizeof(segment)) return "its program headers cannot be read";
    if (segment.p_type != PT_LOAD && segment.p_type != PT_DYNAMIC) continue;
    if (segment.p_offset > size || segment.p_filesz > size - segment.p_offset)
      return "it is truncated (segment " + std::to_string(i) + " ends at byte " + std::to_string((uint64_t)segment.p_offset + segment.p_filesz) +
             " of " + std::to_string(size) + ")";
  }
  return "";
}

// Loads the kernel from the checked entry's open descriptor (never by name, which another file could take
// after the check). The descriptor stays open while the library is loaded: the loader knows the library by
// "/proc/self/fd/N" and would hand it out again for another file opened under that number.
// An entry that does not load as a kernel (a compiler that wrote something else and exited 0) is removed from the
// cache, so that it is rebuilt instead of failing every later process; *why says what was wrong (nothing raised).
int Load(Ceed ceed, const std::string &key, const char *path, CeedGenKernel *kernel, std::string *why) {
  *kernel = nullptr;
  why->clear();
  {
    // The map's node first: nothing may fail to allocate once the library is loaded (it could not be recorded).
    std::lock_guard<std::mutex> lock(loaded_mutex);
    loaded_kernels.emplace(key, nullptr);
  }
  int fd = -1;
  CeedCall(CeedKernelCacheOpenEntry(ceed, path, &fd));
  std::string not_loadable;
  try {
    not_loadable = NotLoadableBecause(fd);
  } catch (...) {
    close(fd);
    throw;
  }
  char name[64];
  std::snprintf(name, sizeof(name), "/proc/self/fd/%d", fd);
  void *handle = not_loadable.empty() ? dlopen(name, RTLD_NOW | RTLD_LOCAL) : nullptr;
  if (handle) *kernel = reinterpret_cast<CeedGenKernel>(dlsym(handle, CEED_GEN_KERNEL_NAME));
  if (*kernel) {
    std::lock_guard<std::mutex> lock(loaded_mutex);
    loaded_kernels[key] = *kernel;
    return CEED_ERROR_SUCCESS;
  }
  const char *error = !not_loadable.empty() ? not_loadable.c_str() : handle ? "it has no entry point " CEED_GEN_KERNEL_NAME : dlerror();
  if (handle) dlclose(handle);
  close(fd);
  unlink(path);
  {
    std::lock_guard<std::mutex> lock(loaded_mutex);
    auto                        found = loaded_kernels.find(key);
    if (found != loaded_kernels.end() && !found->second) loaded_kernels.erase(found);
  }
  *why = std::string("kernel ") + path + " cannot be loaded: " + (error ? error : "unknown dlopen error");
  return CEED_ERROR_SUCCESS;
}

}  // namespace

namespace {

// The banner of the compiler at path as last seen working, kept in the kernel cache: the kernels it built stay
// usable (their keys hold the banner) while the compiler is missing or broken.
int BannerKey(const std::string &path, Key *key) {
  const char *parts[] = {"cpu-gen compiler banner", path.c_str()};
  return CeedKernelCacheComputeKey(2, parts, key->text);
}

}  // namespace

int FindHostCompiler(Ceed ceed, int lanes_request, HostCompiler *compiler) {
  compiler->path = ceed::gen::HostCompilerPath();
  // Probed once per compiler and process: the banner identifies the compiler in cache keys.
  static std::mutex                         probe_mutex;
  static std::map<std::string, std::string> banners, unavailable;
  {
    std::lock_guard<std::mutex> lock(probe_mutex);
    auto                        found = banners.find(compiler->path);
    if (found == banners.end()) {
      std::string banner, why;
      ceed::gen::ProbeHostCompiler(compiler->path, &banner, &why);
      Key key;
      CeedCall(BannerKey(compiler->path, &key));
      void       *stored = nullptr;
      size_t      num_bytes = 0;
      CeedCall(CeedKernelCacheLookupBytes(ceed, key.text, "banner", &stored, &num_bytes));
      // Freed however this scope is left: copying it into a string may throw std::bad_alloc.
      struct FreeOnExit {
        void **bytes;
        ~FreeOnExit() { CeedFree(bytes); }
      } free_stored{&stored};
      const std::string known = stored ? std::string(static_cast<const char *>(stored), num_bytes) : std::string();
      if (why.empty()) {
        if (known != banner) CeedCall(CeedKernelCacheStoreBytes(ceed, key.text, "banner", banner.data(), banner.size(), nullptr));
      } else {
        if (known.empty()) {
          return CeedError(ceed, CEED_ERROR_UNSUPPORTED,
                           "/cpu/self/gen compiles its kernels with a C++ compiler, but '%s --version' does not run (%s). Install a C++17 "
                           "compiler, point CEEDRT_JIT_CXX at one, or use /cpu/self/ref",
                           compiler->path.c_str(), why.c_str());
        }
        banner                      = known;
        unavailable[compiler->path] = "'" + compiler->path + " --version' does not run (" + why + ")";
      }
      found = banners.emplace(compiler->path, banner).first;
    }
    compiler->identity = compiler->path + " | " + found->second;
    auto missing       = unavailable.find(compiler->path);
    compiler->unavailable = missing == unavailable.end() ? std::string() : missing->second;
  }
  // GCC 12's -march=native does not know Zen 5 (it falls back to znver3, AVX2): AVX-512 is asked for explicitly.
  __builtin_cpu_init();
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  const bool avx2   = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  compiler->flags   = {"-std=c++17", "-O3", "-fPIC", "-shared", "-ffp-contract=fast", "-fno-math-errno", "-fno-trapping-math", "-march=native"};
  if (avx512) {
    for (const char *f : {"-mavx512f", "-mavx512vl", "-mavx512dq", "-mfma", "-mprefer-vector-width=512"}) compiler->flags.push_back(f);
  }
  compiler->lanes = avx512 ? 8 : avx2 ? 4 : 2;
  if (lanes_request) compiler->lanes = lanes_request;
  if (const char *extra = std::getenv("CEEDRT_JIT_CXXFLAGS")) {
    std::string word;
    for (const char *p = extra;; p++) {
      if (*p && *p != ' ' && *p != '\t') {
        word += *p;
        continue;
      }
      if (!word.empty()) compiler->flags.push_back(word);
      word.clear();
      if (!*p) break;
    }
  }
  compiler->target = CpuBrand() + (avx512 ? " avx512" : avx2 ? " avx2" : "") + " lanes " + std::to_string(compiler->lanes);
  return CEED_ERROR_SUCCESS;
}

int KernelFailedBefore(Ceed ceed, const HostCompiler &compiler, const std::string &source, bool *failed) {
  Key key;
  CeedCall(ComputeKey(ceed, compiler, source, &key));
  void  *log = nullptr;
  size_t n   = 0;
  CeedCall(CeedKernelCacheLookupBytes(ceed, key.text, "failed", &log, &n));
  *failed = log != nullptr;
  return CeedFree(&log);
}

int RecordKernelFailure(Ceed ceed, const HostCompiler &compiler, const std::string &source, const std::string &diagnostics) {
  Key key;
  CeedCall(ComputeKey(ceed, compiler, source, &key));
  return CeedKernelCacheStoreBytes(ceed, key.text, "failed", diagnostics.data(), diagnostics.size(), nullptr);
}

int LoadKernel(Ceed ceed, const HostCompiler &compiler, const std::string &source, CeedGenKernel *kernel) {
  *kernel = nullptr;
  Key key;
  CeedCall(ComputeKey(ceed, compiler, source, &key));
  {
    std::lock_guard<std::mutex> lock(loaded_mutex);
    auto                        found = loaded_kernels.find(key.text);
    if (found != loaded_kernels.end() && found->second) {
      *kernel = found->second;
      return CEED_ERROR_SUCCESS;
    }
  }
  CacheString path;
  CeedCall(CeedKernelCacheLookupFile(ceed, key.text, "so", &path.s));
  if (!path.s) return CEED_ERROR_SUCCESS;
  std::string why;
  CeedCall(Load(ceed, key.text, path.s, kernel, &why));
  if (!why.empty()) CeedDebug(ceed, "/cpu/self/gen: %s; removed from the kernel cache, it is built again", why.c_str());
  return CEED_ERROR_SUCCESS;
}

int BuildKernel(Ceed ceed, const HostCompiler &compiler, const std::string &source, bool report_failure, CeedGenKernel *kernel,
                std::string *diagnostics) {
  diagnostics->clear();
  CeedCall(LoadKernel(ceed, compiler, source, kernel));
  if (*kernel) return CEED_ERROR_SUCCESS;
  CeedCheck(compiler.unavailable.empty(), ceed, CEED_ERROR_BACKEND, "/cpu/self/gen cannot build a kernel that is not in its cache: %s",
            compiler.unavailable.c_str());
  Key key;
  CeedCall(ComputeKey(ceed, compiler, source, &key));

  // Miss: compile the source (kept beside the entry for diagnostics) into a temporary file, then store it. The
  // temporary file is removed on every way out but the store, which consumes it.
  CacheString source_path, output_path, path;
  CeedCall(CeedKernelCacheWriteFile(ceed, key.text, "cpp", source.data(), source.size(), &source_path.s));
  CeedCall(CeedKernelCacheGetTemporaryPath(ceed, key.text, "so", &output_path.s));
  RemovedAtExit            output_file{output_path.s};
  std::vector<std::string> flags = compiler.flags;
  CeedCall(JitArguments(ceed, &flags));
  const ceed::gen::HostCompilation run = ceed::gen::CompileLoadableLibrary(compiler.path, flags, source_path.s, output_path.s);
  const std::string               &command = run.command, &output = run.output;
  if (!run.Succeeded()) {
    *diagnostics = "Compiling a /cpu/self/gen kernel failed (" + (run.ran ? "exit status " + std::to_string(run.exit_status) : "the compiler did not run") +
                   ").\nSource kept at " + source_path.s + "\nCommand: " + command + "\nCompiler output:\n" + output;
    if (!report_failure) return CEED_ERROR_SUCCESS;
    return CeedError(ceed, CEED_ERROR_BACKEND, "%s", diagnostics->c_str());
  }
  CeedDebug(ceed, "/cpu/self/gen: compiled %s in %.2f s%s%s", source_path.s, run.seconds, output.empty() ? "" : "; compiler output:\n",
            output.c_str());
  bool persistent = true;
  {
    CacheString dir;
    CeedCall(CeedKernelCacheGetDirectory(ceed, &dir.s, &persistent));
  }
  if (!persistent) unlink(source_path.s);  // only failures keep their source when nothing persists
  CeedCall(CeedKernelCacheStoreFile(ceed, key.text, "so", output_path.s, &path.s));
  output_file.path = nullptr;  // consumed by the store
  std::string why;
  CeedCall(Load(ceed, key.text, path.s, kernel, &why));
  CeedCheck(why.empty(), ceed, CEED_ERROR_BACKEND,
            "The compiler exited with success, but its output is not a loadable kernel: %s (removed from the kernel cache).\nCommand: %s%s%s",
            why.c_str(), command.c_str(), output.empty() ? "" : "\nCompiler output:\n", output.c_str());
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::cpu_gen
