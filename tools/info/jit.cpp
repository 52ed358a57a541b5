// JIT compilers and kernel caches.
//
// Compilers are looked for on the machine (NVRTC and hipRTC by dlopen, host C++ compilers on PATH); which
// of them a backend uses is the backend's business. A JIT backend announces itself in its plugin manifest
// with an optional object, for example
//   "jit": {"compiler": "/usr/bin/c++", "compiler_env": "CEEDRT_JIT_CXX", "kernel_cache": "~/.cache/x/kernels"}
// (the core ignores the key; "compiler_env" names the variable that overrides the compiler, "kernel_cache" a
// folder of the plugin's own besides the core's cache); ceed-info lists those plugins, their compilers and the
// size of each kernel cache folder declared there. The core's shared kernel cache is reported when the library provides
// CeedKernelCacheGetDirectory (looked up at run time, so ceed-info also runs against a library without it).
#include <ceed.h>
#include <ceed/backend.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "info.hpp"

namespace info {

namespace {

namespace fs = std::filesystem;

// Libraries opened here stay loaded until the process ends: unloading one that made static allocations
// (NVRTC does) would only turn them into leaks.

// Path of the shared object a symbol comes from.
std::string LibraryOf(void *symbol) {
  Dl_info where;
  if (symbol && dladdr(symbol, &where) && where.dli_fname) {
    std::error_code ec;
    const fs::path  canonical = fs::canonical(where.dli_fname, ec);
    return ec ? where.dli_fname : canonical.string();
  }
  return "unknown";
}

Json Nvrtc() {
  Json result;
  for (const char *name : {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"}) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) continue;
    auto version   = reinterpret_cast<int (*)(int *, int *)>(dlsym(handle, "nvrtcVersion"));
    auto num_archs = reinterpret_cast<int (*)(int *)>(dlsym(handle, "nvrtcGetNumSupportedArchs"));
    auto archs     = reinterpret_cast<int (*)(int *)>(dlsym(handle, "nvrtcGetSupportedArchs"));
    int  major = 0, minor = 0, n = 0;
    if (version && version(&major, &minor) == 0) {
      result["found"]   = true;
      result["version"] = std::to_string(major) + "." + std::to_string(minor);
      result["library"] = LibraryOf(reinterpret_cast<void *>(version));
      if (num_archs && archs && num_archs(&n) == 0 && n > 0 && n < 1000) {
        std::vector<int> list(n);
        archs(list.data());
        Json sm = Json::array();
        for (int a : list) sm.push_back("sm_" + std::to_string(a));
        result["architectures"] = sm;
      }
    }
    if (result.contains("found")) return result;
  }
  result["found"] = false;
  return result;
}

Json Hiprtc() {
  Json result;
  for (const char *name : {"libhiprtc.so", "libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"}) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) continue;
    auto version = reinterpret_cast<int (*)(int *, int *)>(dlsym(handle, "hiprtcVersion"));
    int  major = 0, minor = 0;
    if (version && version(&major, &minor) == 0) {
      result["found"]   = true;
      result["version"] = std::to_string(major) + "." + std::to_string(minor);
      result["library"] = LibraryOf(reinterpret_cast<void *>(version));
    }
    if (result.contains("found")) return result;
  }
  result["found"] = false;
  return result;
}

std::string FindOnPath(const std::string &program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? program : "";
  const char *path = std::getenv("PATH");
  if (!path) return "";
  std::stringstream dirs(path);
  std::string       dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string FirstOutputLine(const std::string &command) {
  std::string line;
  if (FILE *pipe = popen(command.c_str(), "r")) {
    char buf[512];
    if (std::fgets(buf, sizeof(buf), pipe)) line = buf;
    while (std::fgets(buf, sizeof(buf), pipe)) {
    }
    pclose(pipe);
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

// Host C++ compilers a CPU JIT backend could run: $CXX, c++, g++, clang++ (each executable once).
Json HostCompilers() {
  Json                  compilers = Json::array();
  std::set<std::string> seen;
  std::vector<std::string> candidates;
  if (const char *cxx = std::getenv("CXX")) candidates.push_back(cxx);
  for (const char *name : {"c++", "g++", "clang++"}) candidates.push_back(name);
  for (const auto &name : candidates) {
    const std::string path = FindOnPath(name);
    if (path.empty()) continue;
    std::error_code ec;
    const std::string real = fs::canonical(path, ec).string();
    if (!seen.insert(ec ? path : real).second) continue;
    compilers.push_back({{"command", name}, {"path", path}, {"version", FirstOutputLine("'" + path + "' --version 2>/dev/null")}});
  }
  return compilers;
}

Json CacheStatus(const std::string &declared) {
  Json        cache;
  const std::string path = ExpandPath(declared);
  cache["declared"] = declared;
  cache["path"]     = path;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    cache["exists"] = false;
    return cache;
  }
  size_t   files = 0;
  uintmax_t bytes = 0;
  for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec)) {
      files++;
      bytes += it->file_size(ec);
    }
  }
  cache["exists"] = true;
  cache["files"]  = files;
  cache["bytes"]  = bytes;
  return cache;
}

}  // namespace

std::string ExpandPath(const std::string &path) {
  std::string out;
  size_t      i = 0;
  if (!path.empty() && path[0] == '~' && (path.size() == 1 || path[1] == '/')) {
    const char *home = std::getenv("HOME");
    out              = home ? home : "~";
    i                = 1;
  }
  while (i < path.size()) {
    if (path[i] != '$') {
      out += path[i++];
      continue;
    }
    size_t      start = i + 1, end;
    std::string name;
    if (start < path.size() && path[start] == '{') {
      end  = path.find('}', start);
      if (end == std::string::npos) return out + path.substr(i);
      name = path.substr(start + 1, end - start - 1);
      i    = end + 1;
    } else {
      end = start;
      while (end < path.size() && (std::isalnum((unsigned char)path[end]) || path[end] == '_')) end++;
      name = path.substr(start, end - start);
      i    = end;
    }
    const char *value = name.empty() ? nullptr : std::getenv(name.c_str());
    out += value ? value : "";
  }
  return out;
}

namespace {

// The core's kernel cache: its folder (from CeedKernelCacheGetDirectory, which creates it if needed) and
// what it holds.
Json CoreKernelCache() {
  Json cache;
  using GetDirectory = int (*)(Ceed, char **, bool *);
  auto get_directory = reinterpret_cast<GetDirectory>(dlsym(RTLD_DEFAULT, "CeedKernelCacheGetDirectory"));
  if (!get_directory) {
    cache["available"] = false;
    cache["reason"]    = "this libceedrt has no kernel cache (no CeedKernelCacheGetDirectory)";
    return cache;
  }
  Ceed  ceed      = nullptr;
  char *directory = nullptr;
  bool  persistent = false;
  if (CeedInit("/cpu/self", &ceed) || get_directory(ceed, &directory, &persistent)) {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    cache["available"] = false;
    cache["reason"]    = std::string("the kernel cache folder is not available: ") + (msg ? msg : "unknown error");
  } else {
    cache              = CacheStatus(directory);
    cache["available"] = true;
    cache["persistent"] = persistent;
    char *refused = nullptr, *reason = nullptr;
    if (CeedKernelCacheGetRefusedDirectory(ceed, &refused, &reason) == CEED_ERROR_SUCCESS && refused) {
      cache["refused"]        = refused;
      cache["refused_reason"] = reason;
    }
    CeedFree(&refused);
    CeedFree(&reason);
  }
  CeedFree(&directory);
  CeedDestroy(&ceed);
  return cache;
}

// JIT-related settings present in the environment (read by the JIT backends and the kernel cache).
Json JitEnvironment() {
  Json env = Json::object();
  for (const char *name : {"CEEDRT_JIT_CXX", "CEEDRT_JIT_CXXFLAGS", "CEEDRT_CACHE_DIR", "CEEDRT_CACHE", "CEEDRT_CACHE_MAX_SIZE", "XDG_CACHE_HOME"}) {
    if (const char *value = std::getenv(name)) env[name] = value;
  }
  return env;
}

}  // namespace

Json JitSection(const Json &plugins) {
  Json section;
  section["nvrtc"]          = Nvrtc();
  section["hiprtc"]         = Hiprtc();
  section["host_compilers"] = HostCompilers();
  Json backends             = Json::array();
  for (const auto &plugin : plugins.at("plugins")) {
    if (!plugin.contains("jit")) continue;
    Json backend = {{"plugin", plugin.at("name")}, {"usable", plugin.at("usable")}, {"jit", plugin.at("jit")}};
    const Json &jit = plugin.at("jit");
    std::string resources;
    for (const auto &r : plugin.at("resources")) resources += (resources.empty() ? "" : ", ") + r.at("prefix").get<std::string>();
    backend["resources"] = resources;
    // "compiler" names what the plugin compiles with; "compiler_env" the variable that overrides it.
    std::string compiler = jit.is_object() && jit.contains("compiler") && jit["compiler"].is_string() ? jit["compiler"].get<std::string>() : "not declared";
    if (jit.is_object() && jit.contains("compiler_env") && jit["compiler_env"].is_string()) {
      const std::string name = jit["compiler_env"];
      const char       *env  = std::getenv(name.c_str());
      compiler = env && *env ? std::string(env) + " (from " + name + ")" : compiler + " (" + name + " overrides it)";
    }
    backend["compiler"] = compiler;
    // "options": the code-generation choices the plugin makes (e.g. HIP's launch bounds and FP atomics).
    if (jit.is_object() && jit.contains("options") && jit["options"].is_string()) backend["options"] = jit["options"];
    if (jit.is_object() && jit.contains("kernel_cache") && jit["kernel_cache"].is_string()) {
      backend["kernel_cache"] = CacheStatus(jit["kernel_cache"].get<std::string>());
    }
    backends.push_back(backend);
  }
  section["jit_backends"] = backends;
  section["kernel_cache"] = CoreKernelCache();
  section["environment"]  = JitEnvironment();
  return section;
}

}  // namespace info
