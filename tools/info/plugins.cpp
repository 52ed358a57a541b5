#include <ceed.h>
#include <ceed/backend.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "../common/tool-common.hpp"
#include "info.hpp"

namespace info {

namespace {

std::string CanonicalPath(const std::string &path) {
  char resolved[PATH_MAX];
  return realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

std::string StoredError() {
  const char *msg = nullptr;
  CeedGetErrorMessage(NULL, &msg);
  return WithoutSourceLocations(msg ? msg : "unknown error");
}

// The backend's own reason inside CeedInit's report "Backend P, plugin 'N' (manifest M), failed to initialise
// resource R (error C): <cause>" (src/core/ceed.cpp); the whole message when it has another form.
std::string RootCause(const std::string &message) {
  static const std::regex wrapper(R"(failed to initialise resource \S+ \(error -?[0-9]+\): )");
  std::smatch             m;
  return std::regex_search(message, m, wrapper) ? m.suffix().str() : message;
}

// Creates (and destroys) a context for resource: what serves it and which candidates were skipped on the way
// (for a resource several backends match), or the failure reason.
Json InitStatus(const std::string &resource) {
  Json result;
  Ceed ceed = nullptr;
  if (CeedInit(resource.c_str(), &ceed)) {
    result["usable"] = false;
    result["reason"] = StoredError();
    result["cause"]  = RootCause(result["reason"]);
    // A resource several backends match fails with one line "  <prefix>: <cause>" per candidate.
    Json               tried = Json::array();
    std::istringstream lines(result["reason"].get<std::string>());
    std::string        line;
    std::getline(lines, line);
    while (std::getline(lines, line)) {
      const size_t colon = line.find(": ");
      if (line.rfind("  /", 0) == 0 && colon != std::string::npos)
        tried.push_back({{"prefix", line.substr(2, colon - 2)}, {"reason", line.substr(colon + 2)}});
    }
    result["tried"] = tried;
    return result;
  }
  const char        *served = nullptr;
  const char *const *skipped = nullptr, *const *reasons = nullptr;
  CeedInt            num_skipped = 0;
  CeedMemType        mem         = CEED_MEM_HOST;
  CeedGetResource(ceed, &served);
  CeedGetPreferredMemType(ceed, &mem);
  result["usable"]           = true;
  result["served_by"]        = served ? served : "?";
  result["preferred_memory"] = CeedMemTypes[mem];
  Json skipped_list          = Json::array();
  if (!CeedGetSkippedResources(ceed, &num_skipped, &skipped, &reasons)) {
    for (CeedInt i = 0; i < num_skipped; i++) skipped_list.push_back({{"prefix", skipped[i]}, {"reason", WithoutSourceLocations(reasons[i])}});
  }
  result["skipped"] = skipped_list;
  CeedDestroy(&ceed);
  return result;
}

// The manifest's own fields, read again here for what the registry does not report (ABI version,
// resources with priorities, description, delegate, jit).
Json ReadManifest(const std::string &path) {
  std::ifstream in(path);
  if (!in) return Json();
  Json doc = Json::parse(in, nullptr, false);
  return doc.is_object() ? doc : Json();
}

}  // namespace

std::string WithoutSourceLocations(const std::string &message) {
  if (std::getenv("CEED_DEBUG")) return message;
  static const std::regex location(R"([^\s:]+:[0-9]+ in [A-Za-z_0-9:~]+\(\): )");
  return std::regex_replace(message, location, "");
}

Json LibrarySection() {
  Json lib;
  int  major = 0, minor = 0, patch = 0;
  bool release = false;
  CeedGetVersion(&major, &minor, &patch, &release);
  const Json build = tools::LibraryBuildConfiguration();
  lib["ceedrt_version"]  = build.value("CEEDRT_VERSION", "unknown");
  lib["git_version"]     = build.value("CEEDRT_GIT_VERSION", "unknown");
  lib["libceed_api"]     = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch) + (release ? "" : "+development");
  lib["build_type"]      = build.value("CMAKE_BUILD_TYPE", "unknown");
  lib["compiler"]        = build.value("CXX", "unknown");
  lib["scalar"]          = build.value("CEED_SCALAR", "unknown");
  lib["backend_abi"]     = CEED_BACKEND_ABI_VERSION;
  Dl_info where;
  std::string library = "unknown";
  if (dladdr(reinterpret_cast<void *>(&CeedInit), &where) && where.dli_fname) library = CanonicalPath(where.dli_fname);
  lib["library"] = library;
  Json dirs      = Json::array();
  if (const char *env = std::getenv("CEEDRT_PLUGIN_PATH")) {
    std::stringstream list(env);
    std::string       dir;
    while (std::getline(list, dir, ':')) {
      if (!dir.empty()) dirs.push_back({{"path", dir}, {"from", "CEEDRT_PLUGIN_PATH"}});
    }
  }
  const size_t slash = library.find_last_of('/');
  if (slash != std::string::npos) {
    dirs.push_back({{"path", library.substr(0, slash) + "/" + build.value("PLUGIN_SUBDIR", "ceedrt/plugins")}, {"from", "beside libceedrt"}});
  }
  lib["plugin_search_path"] = dirs;
  return lib;
}

Json PluginsSection(bool try_init) {
  setenv("CEED_ERROR_HANDLER", "store", 1);  // failures come back with their message instead of aborting
  setenv("CEEDRT_QUIET", "1", 1);            // fallbacks are reported in the generic-resource section instead
  Json   section;
  Json   plugins  = Json::array();
  size_t count    = 0;
  if (CeedRegistryGetNumPlugins(&count)) {
    section["error"] = StoredError();
    count            = 0;
  }
  std::set<std::string> plugin_prefixes;
  for (size_t i = 0; i < count; i++) {
    const char *manifest = nullptr, *name = nullptr, *library = nullptr, *status = nullptr;
    if (CeedRegistryGetPluginInfo(i, true, &manifest, &name, &library, &status)) continue;
    Json plugin;
    plugin["manifest"] = manifest;
    plugin["name"]     = name;
    plugin["library"]  = library;
    const Json doc     = ReadManifest(manifest);
    if (doc.contains("abi_version")) plugin["abi_version"] = doc["abi_version"];
    if (doc.contains("description")) plugin["description"] = doc["description"];
    if (doc.contains("delegate")) plugin["delegate"] = doc["delegate"];
    plugin["status"] = WithoutSourceLocations(status);
    plugin["usable"] = std::string(status) == "loaded";
    Json resources   = Json::array();
    if (doc.contains("resources") && doc["resources"].is_array()) {
      for (const auto &r : doc["resources"]) {
        if (!r.is_object() || !r.contains("prefix") || !r["prefix"].is_string()) continue;
        Json resource = {{"prefix", r["prefix"]}, {"priority", r.value("priority", Json())}};
        if (r.contains("serves") && r["serves"].is_string()) resource["serves"] = r["serves"];
        plugin_prefixes.insert(r["prefix"].get<std::string>());
        if (try_init && plugin["usable"].get<bool>()) resource["init"] = InitStatus(r["prefix"]);
        resources.push_back(resource);
      }
    }
    plugin["resources"] = resources;
    plugin["test_only"] = doc.contains("test_only") && doc["test_only"].is_boolean() && doc["test_only"].get<bool>();
    if (doc.contains("jit")) plugin["jit"] = doc["jit"];
    plugins.push_back(plugin);
  }
  section["plugins"] = plugins;

  // Resources registered in process rather than by a manifest.
  Json     builtin   = Json::array();
  size_t   n         = 0;
  char   **prefixes  = nullptr;
  CeedInt *priorities = nullptr;
  if (!CeedRegistryGetList(&n, &prefixes, &priorities)) {
    for (size_t i = 0; i < n; i++) {
      if (!plugin_prefixes.count(prefixes[i])) builtin.push_back({{"prefix", prefixes[i]}, {"priority", priorities[i]}});
    }
    std::free(prefixes);
    std::free(priorities);
  }
  section["builtin_resources"] = builtin;

  // What generic requests resolve to, and the order in which their candidates are tried: the registry's rule
  // (priority, then manifest order; test backends never; a libCEED name after the prefix it serves adds nothing).
  Json defaults = Json::object();
  for (const char *request : {"/cpu/self", "/gpu", "/gpu/cuda", "/gpu/hip"}) {
    Json status = InitStatus(request);
    std::vector<std::pair<unsigned, std::pair<std::string, std::string>>> order;  // (priority, (prefix, backend))
    for (const auto &p : plugins) {
      if (p["test_only"].get<bool>()) continue;
      for (const auto &r : p["resources"]) {
        const std::string prefix = r["prefix"].get<std::string>();
        if (prefix.rfind(std::string(request) + "/", 0) != 0 || !r["priority"].is_number_unsigned()) continue;
        order.push_back({r["priority"].get<unsigned>(), {prefix, p["name"].get<std::string>() + " " + r.value("serves", prefix)}});
      }
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    Json                  candidates = Json::array();
    std::set<std::string> backends;
    for (const auto &[priority, entry] : order) {
      if (backends.insert(entry.second).second) candidates.push_back(entry.first);
    }
    status["candidates"] = candidates;
    defaults[request]    = status;
  }
  section["default_resources"] = defaults;
  return section;
}

}  // namespace info
