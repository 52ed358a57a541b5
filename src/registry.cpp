// Backend registry and plugin loader. Plugins are found through JSON manifests in the plugin folder
// beside libceedrt (lib/ceedrt/plugins) and in the folders listed in CEEDRT_PLUGIN_PATH (':'-separated,
// searched first). A manifest names the library, the ABI version, the entry symbol and the resource
// prefixes it answers; the library is dlopen'ed the first time one of its resources is selected. A
// plugin that cannot be used keeps its prefixes so that selecting one gives the reason, while every
// other backend keeps working.
#include "registry.hpp"

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
#include <nlohmann/json.hpp>
#include <vector>

namespace {

struct Plugin {
  std::string manifest_path, library_path, entry_symbol, name, description, delegate_resource;
  unsigned    abi_version = 0;
  std::string error;  // non-empty: unusable, with the reason
  bool        load_attempted = false;
  void       *handle         = nullptr;
  CeedBackendInit init       = nullptr;
};

}  // namespace

struct CeedBackendEntry {
  std::string     prefix;
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

// A manifest read event by event (nlohmann's SAX interface) into the few fields it may have: no document is built.
// (A document's destructor allocates, to destroy nested values without recursion; when memory runs out while
// parsing, unwinding through it ended the process.) Values of other types are remembered as such, so that the
// checks below report them as before; for repeated keys the last value counts, as in a document.
struct ManifestReader : nlohmann::json_sax<nlohmann::json> {
  enum class Kind { kMissing, kString, kUnsigned, kArray, kOther };
  struct Field {
    Kind        kind = Kind::kMissing;
    std::string text;
    uint64_t    number = 0;
  };
  struct Resource {
    bool  is_object = false;
    Field prefix, priority;
  };
  bool                         root_is_object = false;
  std::map<std::string, Field> fields;     // members of the root object
  std::vector<Resource>        resources;  // elements of its "resources" array
  int                          depth = 0;  // 1 inside the root object, 2 inside "resources", 3 inside one of its objects
  int                          skip  = 0;  // nesting of a value being skipped
  bool                         in_resources = false;
  std::string                  member, resource_member;  // the keys of the values that come next

  // The field a value at the current place goes to, if any.
  Field *Target() {
    if (depth == 1) return &fields[member];
    if (depth == 3 && in_resources && (resource_member == "prefix" || resource_member == "priority"))
      return resource_member == "prefix" ? &resources.back().prefix : &resources.back().priority;
    return nullptr;
  }
  bool Value(Kind kind, const std::string *text = nullptr, uint64_t number = 0) {
    if (skip) return true;
    if (depth == 2 && in_resources) resources.emplace_back();  // an element that is not an object
    if (Field *f = Target()) {
      f->kind   = kind;
      f->text   = text ? *text : std::string();
      f->number = number;
    }
    return true;
  }
  bool Open(bool object) {
    if (skip) return ++skip, true;
    if (depth == 0) {
      root_is_object = object;
      if (!object) return ++skip, true;
      depth = 1;
      return true;
    }
    if (depth == 1 && !object && member == "resources") {
      fields[member].kind = Kind::kArray;
      resources.clear();
      in_resources = true;
      depth        = 2;
      return true;
    }
    if (depth == 2 && in_resources && object) {
      resources.emplace_back().is_object = true;
      resource_member.clear();
      depth = 3;
      return true;
    }
    Value(Kind::kOther);
    return ++skip, true;
  }
  bool Close() {
    if (skip) return --skip, true;
    if (depth == 2) in_resources = false;
    depth = depth == 3 ? 2 : depth == 2 ? 1 : 0;
    return true;
  }
  bool null() override { return Value(Kind::kOther); }
  bool boolean(bool) override { return Value(Kind::kOther); }
  bool number_integer(number_integer_t) override { return Value(Kind::kOther); }
  bool number_unsigned(number_unsigned_t value) override { return Value(Kind::kUnsigned, nullptr, value); }
  bool number_float(number_float_t, const string_t &) override { return Value(Kind::kOther); }
  bool string(string_t &value) override { return Value(Kind::kString, &value); }
  bool binary(binary_t &) override { return Value(Kind::kOther); }
  bool start_object(std::size_t) override { return Open(true); }
  bool key(string_t &value) override {
    if (!skip && depth == 1) member = value;
    if (!skip && depth == 3) resource_member = value;
    return true;
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override { return Open(false); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override { return false; }
};

// Reads one manifest; returns the plugin, with error set when the manifest itself is unusable.
std::unique_ptr<Plugin> ReadManifest(const std::string &path, std::vector<std::pair<std::string, unsigned>> *resources) {
  auto plugin           = std::make_unique<Plugin>();
  plugin->manifest_path = path;
  std::ifstream in(path);
  if (!in) {
    plugin->error = "cannot read manifest " + path;
    return plugin;
  }
  ManifestReader doc;
  if (!nlohmann::json::sax_parse(in, &doc) || !doc.root_is_object) {
    plugin->error = "manifest " + path + " is not a valid JSON object";
    return plugin;
  }
  using Kind     = ManifestReader::Kind;
  auto str_field = [&](const char *key, std::string *out, bool required) {
    auto it = doc.fields.find(key);
    if (it == doc.fields.end() || it->second.kind != Kind::kString) {
      if (required && plugin->error.empty()) plugin->error = std::string("manifest ") + path + " lacks the string field \"" + key + "\"";
      return;
    }
    *out = it->second.text;
  };
  str_field("name", &plugin->name, true);
  str_field("library", &plugin->library_path, true);
  str_field("entry", &plugin->entry_symbol, true);
  str_field("description", &plugin->description, false);
  str_field("delegate", &plugin->delegate_resource, false);
  auto abi = doc.fields.find("abi_version");
  if (abi == doc.fields.end() || abi->second.kind != Kind::kUnsigned) {
    if (plugin->error.empty()) plugin->error = "manifest " + path + " lacks a non-negative integer \"abi_version\"";
  } else {
    plugin->abi_version = static_cast<unsigned>(abi->second.number);
    if (plugin->abi_version != CEED_BACKEND_ABI_VERSION && plugin->error.empty()) {
      plugin->error = "manifest " + path + " declares backend ABI version " + std::to_string(plugin->abi_version) +
                      " but this libceedrt provides version " + std::to_string(CEED_BACKEND_ABI_VERSION);
    }
  }
  if (!plugin->library_path.empty() && plugin->library_path[0] != '/') plugin->library_path = DirName(path) + "/" + plugin->library_path;
  auto res = doc.fields.find("resources");
  if (res == doc.fields.end() || res->second.kind != Kind::kArray || doc.resources.empty()) {
    if (plugin->error.empty()) plugin->error = "manifest " + path + " lists no \"resources\"";
    return plugin;
  }
  for (const ManifestReader::Resource &r : doc.resources) {
    if (!r.is_object || r.prefix.kind != Kind::kString || r.prefix.text.empty() || r.prefix.text[0] != '/' || r.priority.kind != Kind::kUnsigned) {
      if (plugin->error.empty()) plugin->error = "manifest " + path + " has a resource without a \"/...\" prefix and a non-negative priority";
      continue;
    }
    resources->emplace_back(r.prefix.text, static_cast<unsigned>(r.priority.number));
  }
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
      std::vector<std::pair<std::string, unsigned>> resources;
      found_plugins.push_back(ReadManifest(path, &resources));
      for (const auto &[prefix, priority] : resources) {
        auto entry      = std::make_unique<CeedBackendEntry>();
        entry->prefix   = prefix;
        entry->priority = priority;
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

bool Visible(const CeedBackendEntry &e) { return e.priority != CEED_MAX_BACKEND_PRIORITY; }

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
  }
  if (candidates->empty()) {
    *error = "No suitable backend: " + requested + (closest.empty() ? " (no backends are registered)" : "\nClosest match: " + closest);
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
