// Plugin manifest parsing (see plugin-manifest.hpp). The format, one JSON object per manifest:
//   {"name": "ref", "library": "libceedrt-ref.so", "entry": "CeedBackendPluginRef", "abi_version": 1,
//    "resources": [{"prefix": "/cpu/self/ref/serial", "priority": 50}, ...],
//    "description": "...", "delegate": "/cpu/self/ref/serial"}   (the last two optional)
#include "plugin-manifest.hpp"

#include <ceed/backend.h>

#include <climits>
#include <nlohmann/json.hpp>

namespace ceed {

namespace {

// A JSON number that fits an unsigned int (is_number_unsigned alone admits any 64-bit value, which
// get<unsigned> would silently truncate: abi_version 4294967297 must not read as version 1).
bool GetUnsigned(const nlohmann::json &value, unsigned *out) {
  if (!value.is_number_unsigned()) return false;
  const auto wide = value.get<nlohmann::json::number_unsigned_t>();
  if (wide > UINT_MAX) return false;
  *out = static_cast<unsigned>(wide);
  return true;
}

std::string DirName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

}  // namespace

void ParsePluginManifest(const std::string &text, const std::string &path, PluginManifest *manifest) {
  PluginManifest &m = *manifest;
  m                 = PluginManifest{};
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    m.error = "manifest " + path + " is not a valid JSON object";
    return;
  }
  auto str_field = [&](const char *key, std::string *out, bool required) {
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_string()) {
      if (required && m.error.empty()) m.error = std::string("manifest ") + path + " lacks the string field \"" + key + "\"";
      return;
    }
    // A required field must also be non-empty: dlopen("") would return the program itself.
    if (required && it->get_ref<const std::string &>().empty()) {
      if (m.error.empty()) m.error = std::string("manifest ") + path + " has an empty \"" + key + "\"";
      return;
    }
    *out = it->get<std::string>();
  };
  str_field("name", &m.name, true);
  str_field("library", &m.library_path, true);
  str_field("entry", &m.entry_symbol, true);
  str_field("description", &m.description, false);
  str_field("delegate", &m.delegate_resource, false);
  auto abi = doc.find("abi_version");
  if (abi == doc.end() || !GetUnsigned(*abi, &m.abi_version)) {
    if (m.error.empty()) m.error = "manifest " + path + " lacks a non-negative integer \"abi_version\" (at most " + std::to_string(UINT_MAX) + ")";
  } else if (m.abi_version != CEED_BACKEND_ABI_VERSION && m.error.empty()) {
    m.error = "manifest " + path + " declares backend ABI version " + std::to_string(m.abi_version) + " but this libceedrt provides version " +
              std::to_string(CEED_BACKEND_ABI_VERSION);
  }
  if (!m.library_path.empty() && m.library_path[0] != '/') m.library_path = DirName(path) + "/" + m.library_path;
  auto res = doc.find("resources");
  if (res == doc.end() || !res->is_array() || res->empty()) {
    if (m.error.empty()) m.error = "manifest " + path + " lists no \"resources\"";
    return;
  }
  for (const auto &r : *res) {
    auto     prefix   = r.is_object() ? r.find("prefix") : r.end();
    auto     priority = r.is_object() ? r.find("priority") : r.end();
    unsigned value    = 0;
    if (!r.is_object() || prefix == r.end() || !prefix->is_string() || prefix->get<std::string>().empty() ||
        prefix->get<std::string>()[0] != '/' || priority == r.end() || !GetUnsigned(*priority, &value)) {
      if (m.error.empty()) m.error = "manifest " + path + " has a resource without a \"/...\" prefix and a non-negative priority";
      continue;
    }
    m.resources.emplace_back(prefix->get<std::string>(), value);
  }
}

}  // namespace ceed
