// Plugin manifest parsing: the JSON text of one manifest into what the registry needs (library, entry symbol,
// ABI version, resource prefixes with priorities, delegate). Depends on nothing but the standard library and
// nlohmann_json, so that tests/fuzz/manifest-fuzz.cpp compiles it in and fuzzes it without a Ceed and
// without exporting it from libceedrt. The registry (registry.cpp) reads the file and dlopens the library.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ceed {

struct ManifestResource {
  std::string prefix;
  unsigned    priority = 0;
  std::string serves;  // non-empty for a libCEED name served as another of the plugin's prefixes ("serves")
};

struct PluginManifest {
  std::string name, library_path, entry_symbol, description, delegate_resource;
  unsigned    abi_version = 0;
  // "test_only": true for backends of the test suite: never a candidate of a generic request, never suggested.
  bool test_only = false;
  // "fix": what a user does to make the plugin usable, printed when a generic request falls back past it.
  std::string fix;
  // "options": the resource options the plugin takes, "name:kind ..." (kinds: see ceed::CheckResourceOptions).
  std::string options;
  // Every well-formed entry of "resources", in manifest order.
  std::vector<ManifestResource> resources;
  // Empty when the manifest is usable; otherwise the first reason it is not (the fields above are then
  // whatever could be read, and the resources are still registered so that selecting one gives the reason).
  std::string error;
};

// Parses text, the contents of the manifest at path (used in messages and to resolve a relative "library"
// against the manifest's folder). Never throws for any text; fills manifest->error instead.
void ParsePluginManifest(const std::string &text, const std::string &path, PluginManifest *manifest);

}  // namespace ceed
