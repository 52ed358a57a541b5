// CUDA backend: NVRTC compilation, error reporting and the in-process cache of compiled code.
#include "cuda-compile.hpp"

#include <ceed/backend.h>
#include <fcntl.h>
#include <nvrtc.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>

namespace ceed_cuda {

namespace {

std::string ArchOption(int arch, CodeKind kind) {
  return std::string(kind == CodeKind::kCubin ? "-arch=sm_" : "-arch=compute_") + std::to_string(arch);
}

std::string Hex(size_t value) {
  char buf[2 * sizeof(size_t) + 1];
  std::snprintf(buf, sizeof(buf), "%0*zx", static_cast<int>(2 * sizeof(size_t)), value);
  return buf;
}

// Writes the source to <dump dir>/<program>-<hash>.cu; returns the path, or a note saying why not. The file is
// created exclusively (never through a link someone placed there), mode 0600, and renamed into place.
std::string WriteSource(const CompileRequest &request, std::string *error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path  dir = DumpDirectory();
  fs::create_directories(dir, ec);
  if (ec) {
    *error = "could not create " + dir.string() + ": " + ec.message();
    return std::string();
  }
  std::string name = request.program_name.empty() ? std::string("kernel") : request.program_name;
  for (char &c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '_';
  const fs::path    path = dir / (name + "-" + Hex(std::hash<std::string>()(request.source)) + ".cu");
  const std::string tmp  = path.string() + ".tmp-" + std::to_string(getpid());
  const int         fd   = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool              ok   = fd >= 0;
  for (size_t done = 0; ok && done < request.source.size();) {
    const ssize_t n = write(fd, request.source.data() + done, request.source.size() - done);
    ok              = n > 0 || (n < 0 && errno == EINTR);
    if (n > 0) done += static_cast<size_t>(n);
  }
  if (fd >= 0) ok = close(fd) == 0 && ok;
  if (ok) ok = rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok) {
    *error = "could not write " + path.string() + ": " + std::strerror(errno);
    if (fd >= 0) unlink(tmp.c_str());
    return std::string();
  }
  return path.string();
}

std::string JoinNames(const std::vector<std::string> &names) {
  std::string joined;
  for (const std::string &n : names) joined += (joined.empty() ? "" : ", ") + n;
  return joined.empty() ? std::string("(unnamed)") : joined;
}

CompileResult CompileUncached(const CompileRequest &request) {
  CompileResult result;
  nvrtcProgram  program = nullptr;
  nvrtcResult   status  = nvrtcCreateProgram(&program, request.source.c_str(), (request.program_name + ".cu").c_str(), 0, nullptr, nullptr);
  if (status != NVRTC_SUCCESS) {
    result.message = std::string("NVRTC could not create a program for kernel ") + JoinNames(request.kernel_names) + ": " +
                     nvrtcGetErrorString(status);
    return result;
  }
  std::vector<std::string> options = request.options;
  options.push_back(ArchOption(request.arch, request.kind));
  std::vector<const char *> option_ptrs;
  for (const std::string &o : options) option_ptrs.push_back(o.c_str());
  status = nvrtcCompileProgram(program, static_cast<int>(option_ptrs.size()), option_ptrs.data());

  size_t log_size = 0;
  if (nvrtcGetProgramLogSize(program, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    result.log.resize(log_size);
    nvrtcGetProgramLog(program, &result.log[0]);
    result.log.resize(log_size - 1);  // drop the terminating NUL
  }
  if (status == NVRTC_SUCCESS) {
    size_t size = 0;
    nvrtcResult get = request.kind == CodeKind::kCubin ? nvrtcGetCUBINSize(program, &size) : nvrtcGetPTXSize(program, &size);
    if (get == NVRTC_SUCCESS) {
      result.code.resize(size);
      get = request.kind == CodeKind::kCubin ? nvrtcGetCUBIN(program, &result.code[0]) : nvrtcGetPTX(program, &result.code[0]);
    }
    if (get != NVRTC_SUCCESS) {
      result.message = std::string("NVRTC could not return the code of kernel ") + JoinNames(request.kernel_names) + ": " + nvrtcGetErrorString(get);
    } else {
      if (request.kind == CodeKind::kPtx && !result.code.empty() && result.code.back() == '\0') result.code.pop_back();
      result.ok = true;
    }
  } else {
    std::string write_error;
    result.source_path = WriteSource(request, &write_error);
    std::string options_text;
    for (const std::string &o : options) options_text += " " + o;
    result.message = "NVRTC failed to compile kernel " + JoinNames(request.kernel_names) + " for " + ArchOption(request.arch, request.kind).substr(6) +
                     " (" + nvrtcGetErrorString(status) + ")\n--- NVRTC log ---\n" + result.log + "\n--- end of log ---\nGenerated source: " +
                     (result.source_path.empty() ? "not written, " + write_error : result.source_path) + "\nOptions:" + options_text;
  }
  nvrtcDestroyProgram(&program);
  return result;
}

}  // namespace

std::string DumpDirectory() {
  if (const char *dir = std::getenv("CEEDRT_JIT_DUMP_DIR"); dir && dir[0]) return dir;
  // The kernel cache folder: one that no other user can change, or this process's private one.
  char       *dir    = nullptr;
  std::string result = "/nonexistent-ceedrt-kernel-cache";  // the write then fails and says so
  if (CeedKernelCacheGetDirectory(NULL, &dir, nullptr) == CEED_ERROR_SUCCESS && dir) result = dir;
  CeedFree(&dir);
  return result;
}

int NvrtcVersion() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return 0;
  return major * 1000 + minor * 10;
}

std::vector<int> NvrtcSupportedArchs() {
  int num = 0;
  if (nvrtcGetNumSupportedArchs(&num) != NVRTC_SUCCESS || num <= 0) return {};
  std::vector<int> archs(static_cast<size_t>(num));
  if (nvrtcGetSupportedArchs(archs.data()) != NVRTC_SUCCESS) return {};
  return archs;
}

bool ChooseTarget(int device_arch, int *arch, CodeKind *kind) {
  int best = 0;
  for (int a : NvrtcSupportedArchs()) {
    if (a == device_arch) {
      *arch = a;
      *kind = CodeKind::kCubin;
      return true;
    }
    if (a < device_arch && a > best) best = a;
  }
  if (!best) return false;
  *arch = best;
  *kind = CodeKind::kPtx;
  return true;
}

std::vector<std::string> BaseOptions() {
  return {"-std=c++17", "-default-device", "-DCEED_RUNNING_JIT_PASS=1", "-Dint32_t=int"};
}

std::string CompileKey(const CompileRequest &request) {
  std::string key = request.source;
  key += '\0';
  for (const std::string &o : request.options) key += o + '\0';
  key += std::to_string(NvrtcVersion()) + '\0' + ArchOption(request.arch, request.kind);
  return key;
}

CompileResult Compile(const CompileRequest &request, bool dump_source) {
  static std::mutex                           mutex;
  static std::map<std::string, CompileResult> cache;
  std::string                                 key = CompileKey(request);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto                        it = cache.find(key);
    if (it != cache.end()) {
      CompileResult hit = it->second;
      hit.from_cache    = true;
      return hit;
    }
  }
  CompileResult result = CompileUncached(request);
  if (result.ok && dump_source) {
    std::string ignored;
    result.source_path = WriteSource(request, &ignored);
  }
  if (result.ok) {
    std::lock_guard<std::mutex> lock(mutex);
    cache.emplace(std::move(key), result);
  }
  return result;
}

}  // namespace ceed_cuda
