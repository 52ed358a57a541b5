// Fuzz target: the plugin manifest reader (src/core/plugin-manifest.cpp, compiled into this program: the registry
// reads manifests once per process, so the public path cannot take a new manifest per input).
// Input: the manifest's text. Besides "no crash, no leak", checks what the registry relies on: a manifest
// without error names a library, an entry symbol and at least one resource, declares exactly this ABI version
// (read without truncation), and every resource kept starts with '/' and has a priority the JSON really holds.
#include <ceed/backend.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/plugin-manifest.hpp"

namespace {

[[noreturn]] void Fail(const char *what, const std::string &text) {
  std::fprintf(stderr, "manifest-fuzz: %s for the manifest:\n%s\n", what, text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string    text(reinterpret_cast<const char *>(data), size);
  ceed::PluginManifest m;
  ceed::ParsePluginManifest(text, "/plugins/fuzz.json", &m);
  if (!m.library_path.empty() && m.library_path[0] != '/') Fail("relative library path kept", text);
  for (const auto &r : m.resources) {
    if (r.prefix.empty() || r.prefix[0] != '/') Fail("resource prefix without a leading '/'", text);
  }
  if (!m.error.empty()) return 0;
  if (m.library_path.empty() || m.entry_symbol.empty()) Fail("accepted without a library or an entry symbol", text);
  if (m.abi_version != CEED_BACKEND_ABI_VERSION) Fail("accepted with another ABI version", text);
  if (m.resources.empty()) Fail("accepted without resources", text);
  // The values kept are the ones the JSON holds (no silent truncation of wide numbers).
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (!doc.is_object()) Fail("accepted a document that is not a JSON object", text);
  if (doc["abi_version"].get<nlohmann::json::number_unsigned_t>() != CEED_BACKEND_ABI_VERSION) Fail("ABI version truncated", text);
  size_t kept = 0;
  for (const auto &r : doc["resources"]) {
    if (kept < m.resources.size() && r.is_object() && r.contains("priority") && r["priority"].is_number_unsigned() &&
        r.contains("prefix") && r["prefix"].is_string() && r["prefix"].get<std::string>() == m.resources[kept].prefix) {
      if (r["priority"].get<nlohmann::json::number_unsigned_t>() != m.resources[kept].priority) Fail("priority truncated", text);
      kept++;
    }
  }
  return 0;
}
