// GPU backends: compilation through the vendor's Compiler, error reporting and the in-process cache of
// compiled code.
#include "gpu-compile.hpp"

#include <ceed/backend.h>
#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>

namespace ceed::gpu {

namespace {

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
  const fs::path    path = dir / (name + "-" + Hex(std::hash<std::string>()(request.source)) + request.compiler->SourceSuffix());
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
  CompileResult            result;
  std::vector<std::string> options = request.options;
  options.insert(options.end(), request.target.options.begin(), request.target.options.end());
  std::string error;
  if (request.compiler->Compile(request.source, request.program_name, options, &result.code, &result.log, &error)) {
    result.ok = true;
    return result;
  }
  std::string write_error;
  result.source_path = WriteSource(request, &write_error);
  std::string options_text;
  for (const std::string &o : options) options_text += " " + o;
  result.message = request.compiler->Name() + " failed to compile kernel " + JoinNames(request.kernel_names) + " for " + request.target.name + " (" +
                   error + ")\n--- compiler log ---\n" + result.log + "\n--- end of log ---\nGenerated source: " +
                   (result.source_path.empty() ? "not written, " + write_error : result.source_path) + "\nOptions:" + options_text;
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

std::string CompileKey(const CompileRequest &request) {
  std::string key = request.source;
  key += '\0';
  for (const std::string &o : request.options) key += o + '\0';
  key += request.compiler->Name() + '\0';
  for (const std::string &o : request.target.options) key += o + '\0';
  key += request.target.name;
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

}  // namespace ceed::gpu
