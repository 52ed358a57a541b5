// The host compiler: probing it, choosing flags for this CPU, building kernels through the kernel cache
// and loading them with dlopen.
#include <cpuid.h>
#include <dlfcn.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>

#include "ceed-cpu-gen.hpp"
#include "ceed-gen.hpp"

extern char **environ;

#ifndef CEEDRT_JIT_CXX_DEFAULT
#error "CEEDRT_JIT_CXX_DEFAULT (the C++ compiler found at configure time) must be defined"
#endif

namespace ceed_cpu_gen {
namespace {

// Runs argv (searched in PATH), collecting stdout and stderr together.
bool RunCommand(const std::vector<std::string> &argv, std::string *output, int *exit_status) {
  output->clear();
  *exit_status = -1;
  int fds[2];
  if (pipe(fds) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<char *> args;
  for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int   err = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (err == 0) {
    char    buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) break;
      output->append(buf, (size_t)n);
    }
  } else {
    *output = std::string("cannot run ") + argv[0] + ": " + std::strerror(err);
  }
  close(fds[0]);
  if (err != 0) return false;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return true;
}

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

// Loads the kernel from the checked entry's open descriptor (never by name, which another file could take
// after the check). The descriptor stays open while the library is loaded: the loader knows the library by
// "/proc/self/fd/N" and would hand it out again for another file opened under that number.
int Load(Ceed ceed, const std::string &key, const char *path, CeedGenKernel *kernel) {
  int fd = -1;
  CeedCall(CeedKernelCacheOpenEntry(ceed, path, &fd));
  const std::string name   = "/proc/self/fd/" + std::to_string(fd);
  void             *handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    close(fd);
    return CeedError(ceed, CEED_ERROR_BACKEND, "Cannot load kernel %s: %s", path, why ? why : "unknown dlopen error");
  }
  *kernel = reinterpret_cast<CeedGenKernel>(dlsym(handle, CEED_GEN_KERNEL_NAME));
  CeedCheck(*kernel, ceed, CEED_ERROR_BACKEND, "Kernel %s has no entry point " CEED_GEN_KERNEL_NAME, path);
  std::lock_guard<std::mutex> lock(loaded_mutex);
  loaded_kernels[key] = *kernel;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int FindHostCompiler(Ceed ceed, int lanes_request, HostCompiler *compiler) {
  const char *env = std::getenv("CEEDRT_JIT_CXX");
  compiler->path  = env && *env ? env : CEEDRT_JIT_CXX_DEFAULT;
  // Probed once per compiler and process: the banner identifies the compiler in cache keys.
  static std::mutex                         probe_mutex;
  static std::map<std::string, std::string> banners;
  {
    std::lock_guard<std::mutex> lock(probe_mutex);
    auto                        found = banners.find(compiler->path);
    if (found == banners.end()) {
      std::string output;
      int         status = -1;
      if (!RunCommand({compiler->path, "--version"}, &output, &status) || status != 0 || output.empty()) {
        return CeedError(ceed, CEED_ERROR_UNSUPPORTED,
                         "/cpu/self/gen compiles its kernels with a C++ compiler, but '%s --version' does not run (%s). Install a C++17 "
                         "compiler, point CEEDRT_JIT_CXX at one, or use /cpu/self/ref",
                         compiler->path.c_str(), output.empty() ? "no output" : output.c_str());
      }
      found = banners.emplace(compiler->path, output.substr(0, output.find('\n'))).first;
    }
    compiler->identity = compiler->path + " | " + found->second;
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
    if (found != loaded_kernels.end()) {
      *kernel = found->second;
      return CEED_ERROR_SUCCESS;
    }
  }
  char *path = nullptr;
  CeedCall(CeedKernelCacheLookupFile(ceed, key.text, "so", &path));
  if (!path) return CEED_ERROR_SUCCESS;
  int ierr = Load(ceed, key.text, path, kernel);
  CeedFree(&path);
  return ierr;
}

int BuildKernel(Ceed ceed, const HostCompiler &compiler, const std::string &source, bool report_failure, CeedGenKernel *kernel,
                std::string *diagnostics) {
  diagnostics->clear();
  CeedCall(LoadKernel(ceed, compiler, source, kernel));
  if (*kernel) return CEED_ERROR_SUCCESS;
  Key key;
  CeedCall(ComputeKey(ceed, compiler, source, &key));
  char *path = nullptr;

  // Miss: compile the source (kept beside the entry for diagnostics) into a temporary file, then store it.
  char *source_path = nullptr, *output_path = nullptr;
  CeedCall(CeedKernelCacheWriteFile(ceed, key.text, "cpp", source.data(), source.size(), &source_path));
  CeedCall(CeedKernelCacheGetTemporaryPath(ceed, key.text, "so", &output_path));
  std::vector<std::string> argv = {compiler.path};
  argv.insert(argv.end(), compiler.flags.begin(), compiler.flags.end());
  CeedCall(JitArguments(ceed, &argv));
  argv.insert(argv.end(), {"-o", output_path, source_path});
  std::string command;
  for (const std::string &a : argv) command += (command.empty() ? "" : " ") + a;

  const auto  start  = std::chrono::steady_clock::now();
  std::string output;
  int         status = -1;
  const bool  ran    = RunCommand(argv, &output, &status);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!ran || status != 0) {
    unlink(output_path);
    *diagnostics = "Compiling a /cpu/self/gen kernel failed (exit status " + std::to_string(status) + ").\nSource kept at " + source_path +
                   "\nCommand: " + command + "\nCompiler output:\n" + output;
    CeedFree(&source_path);
    CeedFree(&output_path);
    if (!report_failure) return CEED_ERROR_SUCCESS;
    return CeedError(ceed, CEED_ERROR_BACKEND, "%s", diagnostics->c_str());
  }
  CeedDebug(ceed, "/cpu/self/gen: compiled %s in %.2f s%s%s", source_path, seconds, output.empty() ? "" : "; compiler output:\n",
            output.c_str());
  bool persistent = true;
  {
    char *dir = nullptr;
    CeedCall(CeedKernelCacheGetDirectory(ceed, &dir, &persistent));
    CeedFree(&dir);
  }
  if (!persistent) unlink(source_path);  // only failures keep their source when nothing persists
  CeedFree(&source_path);
  int ierr = CeedKernelCacheStoreFile(ceed, key.text, "so", output_path, &path);
  CeedFree(&output_path);
  CeedCall(ierr);
  ierr = Load(ceed, key.text, path, kernel);
  CeedFree(&path);
  return ierr;
}

}  // namespace ceed_cpu_gen
