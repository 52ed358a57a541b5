// Core-internal definitions shared by every object file: the common object header, the Ceed context,
// exception containment at the C ABI, and reference-counting helpers. Each object kind keeps its own
// struct in its own header (vector.hpp, elem-restriction.hpp, ...).
#pragma once

#include <ceed.h>
#include <ceed/backend.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

// Every public object starts with this header at offset 0 so that CeedObject works on all of them.
struct CeedObjectHeader {
  Ceed ceed = nullptr;  // owning context (retained); NULL for a Ceed itself
  int (*view)(CeedObject, FILE *) = nullptr;
  int (*destroy)(CeedObject *) = nullptr;
  int ref_count = 1;
  CeedInt num_view_tabs = 0;
};

struct CeedObject_private {
  CeedObjectHeader header;
};

struct CeedWorkVector {
  CeedVector vec;
  bool in_use;
};

struct CeedBackendEntry;  // registry.cpp

struct Ceed_private {
  CeedObjectHeader header;
  std::string resource;            // registered prefix chosen by CeedInit
  std::string resource_requested;  // full requested resource, options included
  const CeedBackendEntry *backend = nullptr;
  // Candidates of a generic request that CeedInit skipped before this backend: (prefix, why).
  std::vector<std::pair<std::string, std::string>> skipped_resources;
  std::vector<const char *> skipped_resources_view, skipped_reasons_view;  // handed out by CeedGetSkippedResources
  std::string fallback_notice;   // what CeedInit tells stderr (once per process) when candidates were skipped
  std::string options_in_force;  // "key=value, ..." of the requested resource, as checked against the manifest
  CeedErrorHandler error_handler = nullptr;
  std::string error_message = "No error message stored";
  Ceed parent = nullptr;  // not retained: a delegate lives no longer than its parent
  Ceed delegate = nullptr;
  struct ObjectDelegate {
    std::string kind;
    Ceed delegate;
  };
  std::vector<ObjectDelegate> object_delegates;
  Ceed op_fallback_ceed = nullptr;
  CeedBackendOps ops{};
  void *data = nullptr;
  bool is_deterministic = false;
  bool is_debug = false;
  bool is_clang = false;
  std::vector<std::string> jit_source_roots, jit_defines, rust_source_roots;
  std::vector<const char *> jit_source_roots_view, jit_defines_view;  // handed to backends
  int num_jit_source_roots_readers = 0, num_jit_defines_readers = 0;
  std::vector<CeedWorkVector> work_vectors;
  // Outputs of operator applications on a device backend not yet known to have completed (kernels run
  // asynchronously): marked invalid if the backend reports a late failure (CeedMarkPendingOutputsInvalid).
  std::vector<CeedVector> pending_outputs;
};

namespace ceed {

// Converts an escaping C++ exception into an error code: nothing may unwind across the C ABI.
int HandleException(Ceed ceed, const char *file, int line, const char *func);

// Host allocations of the core go through these instead of malloc, calloc, realloc and posix_memalign, so that
// a test can make any of them fail (docs/internals.md, "Fault injection"): a program that defines the C symbol
// CeedrtTestFailAllocation (int (size_t bytes), exported from the executable) is asked before each allocation
// and a non-zero answer fails it. The symbol is looked up once with dlsym; without it the check is one load and
// one branch. Memory from these is released with free (CeedFree).
bool AllocationFailureInjected(size_t bytes);
void *HostMalloc(size_t bytes);
void *HostCalloc(size_t n, size_t size);
void *HostRealloc(void *ptr, size_t bytes);
int   HostMemalign(void **ptr, size_t alignment, size_t bytes);  // 0 or an errno value, as posix_memalign

// Handler chosen from CEED_ERROR_HANDLER (exit, store, return; otherwise abort).
CeedErrorHandler DefaultErrorHandler();
// Says text once per process (per topic) on stderr, unless CEEDRT_QUIET is set (core/notices.cpp).
void NoticeOnce(const std::string &topic, const std::string &text);
// "file:line in func(): ", the file relative to the checkout for the library's own sources.
std::string SourceLocation(const char *filename, int line_no, const char *func);

// `git describe` of the sources the library was built from (generated at build time: cmake/git-version.cmake).
const char *GitVersion();

// Root of the delegate chain: errors, JIT roots and work vectors live there.
Ceed RootCeed(Ceed ceed);

// Walks ceed, its object delegate for kind, then its delegate chain, and returns the first context
// whose backend ops table has a non-NULL member selected by get (NULL if none).
template <class F>
Ceed FindBackend(Ceed ceed, const char *kind, F has_hook) {
  for (Ceed c = ceed; c; c = c->delegate) {
    if (has_hook(c->ops)) return c;
    for (const auto &od : c->object_delegates) {
      if (od.kind == kind) {
        Ceed found = FindBackend(od.delegate, kind, has_hook);
        if (found) return found;
      }
    }
  }
  return nullptr;
}

// Initialises the header of a new object owned by ceed (retains ceed).
int ObjectInit(CeedObjectHeader &header, Ceed ceed, int (*view)(CeedObject, FILE *), int (*destroy)(CeedObject *));

// Drops one reference: returns true when the caller must release the object. Sentinels and NULL are
// handled by the caller.
inline bool ObjectRelease(CeedObjectHeader &header) { return --header.ref_count <= 0; }

// Releases the object's reference to its Ceed (call last, when freeing the object).
int ObjectReleaseCeed(CeedObjectHeader &header);

// Indentation prefix of an object: 2 spaces per view tab.
inline std::string Indent(CeedInt num_tabs) { return std::string(static_cast<size_t>(num_tabs) * CEED_TAB_WIDTH, ' '); }

// Copies a table of backend operations whose first member is its size in bytes, zero-filling
// members the plugin does not know about.
template <class Ops>
void CopyOps(Ops &dst, const Ops *src) {
  dst = Ops{};
  if (!src) return;
  size_t n = src->size < sizeof(Ops) ? src->size : sizeof(Ops);
  if (n > sizeof(size_t)) std::memcpy(reinterpret_cast<char *>(&dst) + sizeof(size_t), reinterpret_cast<const char *>(src) + sizeof(size_t), n - sizeof(size_t));
  dst.size = sizeof(Ops);
}

}  // namespace ceed

// Wrap the body of every public function that may allocate: C++ exceptions become error codes.
#define CEED_API_TRY try {
#define CEED_API_CATCH(ceed_expr)                                         \
  }                                                                       \
  catch (...) {                                                           \
    return ceed::HandleException((ceed_expr), __FILE__, __LINE__, __func__); \
  }
