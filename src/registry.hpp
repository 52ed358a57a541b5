// Backend registry: in-process registrations and plugins discovered from JSON manifests.
#pragma once

#include <string>

#include "ceed-impl.hpp"

namespace ceed {

// Chooses the backend entry for resource (00 §8): the longest prefix match that covers the whole stem
// and ends at a '/' boundary, ties broken by lower priority then registration order.
int RegistrySelect(const char *resource, const CeedBackendEntry **entry);

// The entry's init function (loading its plugin on first use) and the resource its manifest names
// as a delegate ("" if none).
int RegistryLoad(const CeedBackendEntry *entry, CeedBackendInit *init, std::string *delegate_resource);

const std::string &RegistryPrefix(const CeedBackendEntry *entry);

// Where the entry comes from, for error messages: "plugin 'name' (manifest PATH)" or "built-in backend".
std::string RegistryOrigin(const CeedBackendEntry *entry);

// Prints the "help" listing to stderr.
void RegistryPrintHelp();

// Folder of libceedrt itself, and the install's plugin and include folders derived from it.
std::string LibraryDirectory();
std::string PluginDirectory();
std::string IncludeDirectory();

}  // namespace ceed
