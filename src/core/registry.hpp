// Backend registry: in-process registrations and plugins discovered from JSON manifests.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/ceed-impl.hpp"

namespace ceed {

// Every entry that can serve resource (00 §8): prefixes that cover the whole stem and continue at a '/'
// boundary, lower priority first, ties in registration order. A generic request (/cpu/self, /gpu/cuda, /gpu)
// gets them all but test backends, each backend once (a libCEED alias after what it serves is dropped), and CeedInit falls back from one to the next until one loads and initialises; a fully
// specified one (the stem is a registered prefix) gets only the best, as selection without fallback would, and
// the other plugins that claim that same prefix.
// Raises nothing: false with "No suitable backend" and the closest registered prefix in *error when nothing
// matches.
bool RegistryCandidates(const char *resource, std::vector<const CeedBackendEntry *> *candidates, std::string *error);

// Creates a context for resource from the first candidate that loads and initialises; candidates skipped
// before it are recorded in the context (CeedGetSkippedResources). Raises nothing: on failure returns the
// code with the reason (every candidate's, when there were several) and leaves *ceed NULL.
int InitResource(const char *resource, Ceed *ceed, std::string *reason);

// The entry's init function (loading its plugin on first use) and the resource its manifest names as a
// delegate ("" if none). Raises nothing: false with the reason in *error, so that CeedInit can try the next
// candidate.
bool RegistryLoad(const CeedBackendEntry *entry, CeedBackendInit *init, std::string *delegate_resource, std::string *error);

const std::string &RegistryPrefix(const CeedBackendEntry *entry);

// The prefix whose backend serves the entry: its own, or for a libCEED name such as /gpu/cuda/shared the prefix
// its manifest says it "serves" (/gpu/cuda/gen). The backend's init sees this one.
const std::string &RegistryServedPrefix(const CeedBackendEntry *entry);

// The manifest's "fix" for a plugin that cannot be used ("" if none).
std::string RegistryFix(const CeedBackendEntry *entry);

// The manifest's "options" ("name:kind ..."), and whether the entry's options are not checked (in-process
// registrations declare none).
std::string RegistryOptions(const CeedBackendEntry *entry);
bool        RegistryTakesAnyOption(const CeedBackendEntry *entry);

// Where the entry comes from, for error messages: "plugin 'name' (manifest PATH)" or "built-in backend".
std::string RegistryOrigin(const CeedBackendEntry *entry);

// The options of a resource string, (key, value) in order: after the first ':', separated by ':' or ','.
std::vector<std::pair<std::string, std::string>> ResourceOptions(const std::string &resource);

// Checks resource's options against what entry's plugin declares (resource-options.cpp). Raises nothing: false
// with a message naming the option, the resource and the valid options; *in_force lists "key=value, ...".
bool CheckResourceOptions(const CeedBackendEntry *entry, const std::string &resource, std::string *in_force, std::string *error);

// Prints the "help" listing to stderr.
void RegistryPrintHelp();

// Folder of libceedrt itself, and the install's plugin and include folders derived from it.
std::string LibraryDirectory();
std::string PluginDirectory();
std::string IncludeDirectory();

}  // namespace ceed
