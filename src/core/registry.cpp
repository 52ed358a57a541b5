// Backend registry and plugin loader. Plugins are found through JSON manifests in the plugin folder
// beside libceedrt (lib/ceedrt/plugins) and in the folders listed in CEEDRT_PLUGIN_PATH (':'-separated,
// searched first). A manifest names the library, the ABI version, the entry symbol and the resource
// prefixes it answers; the library is dlopen'ed the first time one of its resources is selected. A
// plugin that cannot be used keeps its prefixes so that selecting one gives the reason, while every
// other backend keeps working.
#include "core/registry.hpp"

#include "core/plugin-manifest.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace {

struct Plugin {
  std::string manifest_path, library_path, entry_symbol, name, description, delegate_resource, fix, options;
  unsigned    abi_version = 0;
  bool        test_only   = false;
  std::string error;  // non-empty: unusable, with the reason
  bool        load_attempted = false;
  void       *handle         = nullptr;
  CeedBackendInit init       = nullptr;
};

}  // namespace

struct CeedBackendEntry {
  std::string     prefix;
  std::string     serves;  // a libCEED name's canonical prefix in the same plugin (empty: the entry is canonical)
  unsigned int    priority = 0;
  CeedBackendInit init     = nullptr;  // in-process registrations
  Plugin         *plugin   = nullptr;  // plugin registrations
};

namespace {

std::mutex                                     registry_mutex;
std::vector<std::unique_ptr<CeedBackendEntry>> entries;
std::vector<std::unique_ptr<Plugin>>           plugins;
std::once_flag                                 discovery_once;

std::string DirName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

std::string CanonicalPath(const std::string &path) {
  char resolved[PATH_MAX];
  return realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

// Reads one manifest (parsed by plugin-manifest.cpp); returns the plugin, with error set when the manifest
// itself is unusable.
std::unique_ptr<Plugin> ReadManifest(const std::string &path, std::vector<ceed::ManifestResource> *resources) {
  auto plugin           = std::make_unique<Plugin>();
  plugin->manifest_path = path;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    plugin->error = "cannot read manifest " + path;
    return plugin;
  }
  // Read with the string growing as it goes: `stream << rdbuf()` would swallow an allocation failure and leave
  // a truncated manifest that reads as invalid (and the plugin as absent) instead of an error.
  std::string text;
  char        chunk[4096];
  while (in.read(chunk, sizeof(chunk)) || in.gcount() > 0) text.append(chunk, static_cast<size_t>(in.gcount()));
  if (in.bad()) {
    plugin->error = "cannot read manifest " + path;
    return plugin;
  }
  ceed::PluginManifest m;
  ceed::ParsePluginManifest(text, path, &m);
  plugin->name              = std::move(m.name);
  plugin->library_path      = std::move(m.library_path);
  plugin->entry_symbol      = std::move(m.entry_symbol);
  plugin->description       = std::move(m.description);
  plugin->delegate_resource = std::move(m.delegate_resource);
  plugin->fix               = std::move(m.fix);
  plugin->options           = std::move(m.options);
  plugin->test_only         = m.test_only;
  plugin->abi_version       = m.abi_version;
  plugin->error             = std::move(m.error);
  *resources                = std::move(m.resources);
  return plugin;
}

std::vector<std::string> ManifestsIn(const std::string &dir) {
  std::vector<std::string>                  files;
  std::unique_ptr<DIR, int (*)(DIR *)> d(opendir(dir.c_str()), closedir);  // closed on every way out
  if (!d) return files;
  while (dirent *e = readdir(d.get())) {
    std::string name = e->d_name;
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) files.push_back(dir + "/" + name);
  }
  std::sort(files.begin(), files.end());
  return files;
}

void Discover() {
  std::vector<std::string> dirs;
  if (const char *env = std::getenv("CEEDRT_PLUGIN_PATH")) {
    std::string list = env;
    size_t      start = 0;
    while (start <= list.size()) {
      size_t end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) dirs.push_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  dirs.push_back(ceed::PluginDirectory());
  // Built aside and added at the end, so that a failure (out of memory) leaves the registry as it was and the
  // next CeedInit discovers again.
  std::vector<std::string>                       seen;
  std::vector<std::unique_ptr<Plugin>>           found_plugins;
  std::vector<std::unique_ptr<CeedBackendEntry>> found_entries;
  for (const auto &dir : dirs) {
    for (const auto &path : ManifestsIn(dir)) {
      std::string canonical = CanonicalPath(path);
      if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
      seen.push_back(canonical);
      std::vector<ceed::ManifestResource> resources;
      found_plugins.push_back(ReadManifest(path, &resources));
      for (const auto &r : resources) {
        auto entry      = std::make_unique<CeedBackendEntry>();
        entry->prefix   = r.prefix;
        entry->serves   = r.serves;
        entry->priority = r.priority;
        entry->plugin   = found_plugins.back().get();
        found_entries.push_back(std::move(entry));
      }
    }
  }
  std::lock_guard<std::mutex> lock(registry_mutex);
  plugins.reserve(plugins.size() + found_plugins.size());
  entries.reserve(entries.size() + found_entries.size());
  for (auto &p : found_plugins) plugins.push_back(std::move(p));
  for (auto &e : found_entries) entries.push_back(std::move(e));
}

size_t EditDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++) row[j] = j;
  for (size_t i = 1; i <= a.size(); i++) {
    size_t diag = row[0];
    row[0]      = i;
    for (size_t j = 1; j <= b.size(); j++) {
      size_t up = row[j];
      row[j]    = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag      = up;
    }
  }
  return row[b.size()];
}

// Listed, suggested and candidates of generic requests: not hidden by CEED_MAX_BACKEND_PRIORITY, not a test backend.
bool Visible(const CeedBackendEntry &e) { return e.priority != CEED_MAX_BACKEND_PRIORITY && !(e.plugin && e.plugin->test_only); }

// The backend an entry stands for: a libCEED name that another prefix serves is the same backend as that prefix.
std::pair<const Plugin *, std::string> ServedBackend(const CeedBackendEntry &e) {
  return {e.plugin, e.serves.empty() ? e.prefix : e.serves};
}

}  // namespace

namespace ceed {

std::string LibraryDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&CeedRegisterAll), &info) && info.dli_fname) return DirName(CanonicalPath(info.dli_fname));
  return ".";
}

std::string PluginDirectory() { return LibraryDirectory() + "/" CEEDRT_PLUGIN_SUBDIR; }

std::string IncludeDirectory() { return CanonicalPath(LibraryDirectory() + "/" CEEDRT_LIB_TO_INCLUDE); }

const std::string &RegistryPrefix(const CeedBackendEntry *entry) { return entry->prefix; }

const std::string &RegistryServedPrefix(const CeedBackendEntry *entry) { return entry->serves.empty() ? entry->prefix : entry->serves; }

std::string RegistryFix(const CeedBackendEntry *entry) { return entry->plugin ? entry->plugin->fix : std::string(); }

std::string RegistryOptions(const CeedBackendEntry *entry) { return entry->plugin ? entry->plugin->options : std::string(); }

bool RegistryTakesAnyOption(const CeedBackendEntry *entry) { return !entry->plugin; }

std::string RegistryOrigin(const CeedBackendEntry *entry) {
  if (!entry->plugin) return "built-in backend";
  return "plugin '" + entry->plugin->name + "' (manifest " + entry->plugin->manifest_path + ")";
}

void RegistryPrintHelp() {
  std::fprintf(stderr, "libCEED version: %d.%d%d%s\n", CEED_VERSION_MAJOR, CEED_VERSION_MINOR, CEED_VERSION_PATCH,
               CEED_VERSION_RELEASE ? "" : "+development");
  std::fprintf(stderr, "Available backend resources:\n");
  std::lock_guard<std::mutex> lock(registry_mutex);
  for (const auto &e : entries) {
    if (Visible(*e)) std::fprintf(stderr, "  %s\n", e->prefix.c_str());
  }
}

bool RegistryCandidates(const char *resource, std::vector<const CeedBackendEntry *> *candidates, std::string *error) {
  std::string requested = resource;
  std::string stem      = requested.substr(0, requested.find(':'));
  std::string closest;
  size_t      closest_distance = SIZE_MAX;
  candidates->clear();
  {
    std::lock_guard<std::mutex> lock(registry_mutex);
    for (const auto &e : entries) {
      const std::string &p = e->prefix;
      size_t             n = 0;
      while (n < p.size() && n < stem.size() && p[n] == stem[n]) n++;
      if (n == stem.size() && n > 1 && (n == p.size() || p[n] == '/')) candidates->push_back(e.get());
      if (Visible(*e)) {
        size_t d = EditDistance(stem, p);
        if (d < closest_distance) closest_distance = d, closest = p;
      }
    }
  }
  // Lower priority first; among equals, registration order (manifests in search-path order).
  std::stable_sort(candidates->begin(), candidates->end(),
                   [](const CeedBackendEntry *a, const CeedBackendEntry *b) { return a->priority < b->priority; });
  // A fully specified resource (a registered prefix, such as /gpu/cuda/ref, which also covers
  // /gpu/cuda/ref/det) names one backend: the best entry, and after it only other plugins claiming the very
  // same prefix (a plugin shadowing another), never a different backend.
  if (std::any_of(candidates->begin(), candidates->end(), [&](const CeedBackendEntry *e) { return e->prefix == stem; })) {
    const std::string best = candidates->front()->prefix;
    candidates->erase(std::remove_if(candidates->begin(), candidates->end(), [&](const CeedBackendEntry *e) { return e->prefix != best; }),
                      candidates->end());
  } else {
    // A generic request tries each backend once (a libCEED name after the prefix it serves adds nothing), and
    // never a test backend.
    std::vector<std::pair<const Plugin *, std::string>> tried;
    std::vector<const CeedBackendEntry *>               kept;
    for (const CeedBackendEntry *e : *candidates) {
      auto backend = ServedBackend(*e);
      if (!Visible(*e) || std::find(tried.begin(), tried.end(), backend) != tried.end()) continue;
      tried.push_back(std::move(backend));
      kept.push_back(e);
    }
    candidates->swap(kept);
  }
  if (candidates->empty()) {
    *error = "No suitable backend: " + requested;
    if (stem.empty()) {
      *error += "(an empty resource): name one, such as /cpu/self or /gpu; CeedInit(\"help\") lists them";
    } else if (stem.rfind("/gpu/sycl", 0) == 0) {
      *error += "\nceedrt has no SYCL backend (libCEED's /gpu/sycl/*): use /gpu/cuda or /gpu/hip on a GPU, /cpu/self on the host";
    } else {
      *error += closest.empty() ? " (no backends are registered)" : "\nClosest match: " + closest;
    }
    return false;
  }
  return true;
}

bool RegistryLoad(const CeedBackendEntry *entry, CeedBackendInit *init, std::string *delegate_resource, std::string *error) {
  delegate_resource->clear();
  if (!entry->plugin) {
    if (!entry->init || entry->priority == CEED_MAX_BACKEND_PRIORITY) {
      *error = "Backend not currently compiled: " + entry->prefix;
      return false;
    }
    *init = entry->init;
    return true;
  }
  std::lock_guard<std::mutex> lock(registry_mutex);
  Plugin                     *p = entry->plugin;
  if (p->error.empty() && !p->load_attempted) {
    // The outcome is recorded only once it is complete: if building a reason runs out of memory, the next
    // selection tries again (the loader counts the second dlopen of the same library).
    std::string     why_not;
    CeedBackendInit plugin_init = nullptr;
    void           *handle      = dlopen(p->library_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = dlerror();
      why_not         = "cannot load library " + p->library_path + ": " + (why ? why : "unknown dlopen error");
    } else {
      auto fn = reinterpret_cast<CeedBackendPluginEntry>(dlsym(handle, p->entry_symbol.c_str()));
      const CeedBackendPlugin *desc = fn ? fn() : nullptr;
      if (!fn) {
        why_not = "library " + p->library_path + " has no entry symbol '" + p->entry_symbol + "'";
      } else if (!desc) {
        why_not = "entry '" + p->entry_symbol + "' of " + p->library_path + " returned no plugin description";
      } else if (desc->abi_version != CEED_BACKEND_ABI_VERSION) {
        why_not = "library " + p->library_path + " was built for backend ABI version " + std::to_string(desc->abi_version) +
                  " but this libceedrt provides version " + std::to_string(CEED_BACKEND_ABI_VERSION);
      } else if (!desc->init) {
        why_not = "library " + p->library_path + " provides no init function";
      } else {
        plugin_init = desc->init;
      }
    }
    p->handle         = handle;
    p->init           = plugin_init;
    p->error          = std::move(why_not);
    p->load_attempted = true;
  }
  if (!p->error.empty()) {
    *error = "Backend plugin '" + p->name + "' for " + entry->prefix + " is unusable (manifest " + p->manifest_path + "): " + p->error;
    return false;
  }
  *init              = p->init;
  *delegate_resource = p->delegate_resource;
  return true;
}

}  // namespace ceed

int CeedRegister(const char *prefix, CeedBackendInit init, unsigned int priority) {
  CeedCheck(prefix && prefix[0] == '/', NULL, CEED_ERROR_MAJOR, "Backend prefix must start with '/', got %s", prefix ? prefix : "NULL");
  CeedCheck(init || priority == CEED_MAX_BACKEND_PRIORITY, NULL, CEED_ERROR_MAJOR, "Backend %s registered without an init function", prefix);
  try {
    auto entry      = std::make_unique<CeedBackendEntry>();
    entry->prefix   = prefix;
    entry->init     = init;
    entry->priority = priority;
    std::lock_guard<std::mutex> lock(registry_mutex);
    entries.push_back(std::move(entry));
  } catch (...) {
    return ceed::HandleException(NULL, __FILE__, __LINE__, __func__);
  }
  return CEED_ERROR_SUCCESS;
}

int CeedRegisterAll(void) {
  try {
    std::call_once(discovery_once, Discover);
  } catch (...) {
    return ceed::HandleException(NULL, __FILE__, __LINE__, __func__);
  }
  return CEED_ERROR_SUCCESS;
}

int CeedRegistryGetList(size_t *n, char ***const resources, CeedInt **array) {
  CeedCheck(n && resources, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointers for the backend list are NULL");
  CeedCall(CeedRegisterAll());
  std::lock_guard<std::mutex> lock(registry_mutex);
  size_t                      count = 0;
  for (const auto &e : entries) count += Visible(*e);
  CeedCheck(count > 0, NULL, CEED_ERROR_MAJOR, "No backends are registered");
  *resources = static_cast<char **>(ceed::HostMalloc(count * sizeof(char *)));
  if (array) *array = static_cast<CeedInt *>(ceed::HostMalloc(count * sizeof(CeedInt)));
  if (!*resources || (array && !*array)) {
    std::free(*resources);
    *resources = nullptr;
    if (array) {
      std::free(*array);
      *array = nullptr;
    }
    return CeedError(NULL, CEED_ERROR_MAJOR, "Out of memory listing backends");
  }
  size_t i = 0;
  for (const auto &e : entries) {
    if (!Visible(*e)) continue;
    (*resources)[i] = const_cast<char *>(e->prefix.c_str());
    if (array) (*array)[i] = static_cast<CeedInt>(e->priority);
    i++;
  }
  *n = count;
  return CEED_ERROR_SUCCESS;
}

int CeedRegistryGetNumPlugins(size_t *num_plugins) {
  CeedCheck(num_plugins, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer for the plugin count is NULL");
  CeedCall(CeedRegisterAll());
  std::lock_guard<std::mutex> lock(registry_mutex);
  *num_plugins = plugins.size();
  return CEED_ERROR_SUCCESS;
}

int CeedRegistryGetPluginInfo(size_t index, bool load, const char **manifest, const char **name, const char **library,
                              const char **status) {
  CeedCall(CeedRegisterAll());
  if (load) {
    const CeedBackendEntry *entry = nullptr;
    {
      std::lock_guard<std::mutex> lock(registry_mutex);
      CeedCheck(index < plugins.size(), NULL, CEED_ERROR_DIMENSION, "Plugin index %zu out of range [0, %zu)", index, plugins.size());
      for (const auto &e : entries) {
        if (e->plugin == plugins[index].get()) entry = e.get();
      }
    }
    if (entry) {
      CeedBackendInit init;
      std::string     delegate, error;
      ceed::RegistryLoad(entry, &init, &delegate, &error);  // failure is reported through status
    }
  }
  std::lock_guard<std::mutex> lock(registry_mutex);
  CeedCheck(index < plugins.size(), NULL, CEED_ERROR_DIMENSION, "Plugin index %zu out of range [0, %zu)", index, plugins.size());
  const Plugin &p = *plugins[index];
  if (manifest) *manifest = p.manifest_path.c_str();
  if (name) *name = p.name.c_str();
  if (library) *library = p.library_path.c_str();
  if (status) *status = !p.error.empty() ? p.error.c_str() : p.init ? "loaded" : "not loaded";
  return CEED_ERROR_SUCCESS;
}
