// The library context: creation through the registry, reference counting (the objects' references to it
// included), delegation, JIT roots and defines, views and version/build queries (spec 07 §1-2, 07 §9).
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>
#include <cstdlib>
#include <cstring>

#include "core/ceed-impl.hpp"
#include "core/registry.hpp"

namespace {

int CeedViewObject(CeedObject obj, FILE *stream) { return CeedView(reinterpret_cast<Ceed>(obj), stream); }
int CeedDestroyObject(CeedObject *obj) { return CeedDestroy(reinterpret_cast<Ceed *>(obj)); }

bool EnvTrue(const char *name) {
  const char *v = std::getenv(name);
  return v && std::strcmp(v, "0") && std::strcmp(v, "false");
}

// Releases a context whose last reference is gone (checks already done).
int ReleaseCeed(Ceed ceed) {
  // Work vectors hold a weak reference to their context: restore it before destroying them, through the vectors'
  // destroy hook (vectors are built on the context, not the other way round).
  for (auto &wv : ceed->work_vectors) {
    ceed->header.ref_count++;
    CeedCall(CeedObjectDestroy(reinterpret_cast<CeedObject *>(&wv.vec)));
  }
  ceed->work_vectors.clear();
  if (ceed->ops.Destroy) CeedCall(ceed->ops.Destroy(ceed));
  CeedCall(CeedDestroy(&ceed->delegate));
  for (auto &od : ceed->object_delegates) CeedCall(CeedDestroy(&od.delegate));
  CeedCall(CeedDestroy(&ceed->op_fallback_ceed));
  delete ceed;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

namespace {

// Error handler of a context under construction: keeps the backend's message for CeedInit's report, without
// the library's source location unless CEED_DEBUG is set (CeedInit adds its own).
int StoreInitFailure(Ceed ceed, const char *filename, int line_no, const char *func, int err_code, const char *format, va_list *args) {
  CeedErrorStore(ceed, filename, line_no, func, err_code, format, args);
  std::string &message  = ceed::RootCeed(ceed)->error_message;
  const std::string loc = ceed::SourceLocation(filename, line_no, func);
  if (!ceed->is_debug && !message.compare(0, loc.size(), loc)) message.erase(0, loc.size());
  return err_code;
}

// A context destroyed on every way out (an exception included) unless released.
struct HeldCeed {
  Ceed c = nullptr;
  HeldCeed() = default;
  HeldCeed(const HeldCeed &) = delete;
  ~HeldCeed() {
    if (c) CeedDestroy(&c);
  }
  Ceed Release() {
    Ceed r = c;
    c      = nullptr;
    return r;
  }
};

struct InitFailure {
  int         code = CEED_ERROR_SUCCESS;
  std::string cause;    // the plugin's or the backend's own reason
  std::string message;  // the whole story: which backend, from which manifest, for which resource
};

// The resources whose contexts this thread is creating, outermost first: a manifest's delegate that is already
// among them (a plugin delegating to itself, or two delegating to each other) would recurse without end.
thread_local std::vector<std::string> init_chain;

struct InitChainEntry {
  explicit InitChainEntry(const char *resource) { init_chain.emplace_back(resource); }
  ~InitChainEntry() { init_chain.pop_back(); }
  InitChainEntry(const InitChainEntry &)            = delete;
  InitChainEntry &operator=(const InitChainEntry &) = delete;
};

std::string DelegationCycle(const std::string &delegate) {
  if (std::find(init_chain.begin(), init_chain.end(), delegate) == init_chain.end()) return std::string();
  std::string cycle;
  for (const std::string &r : init_chain) cycle += r + " -> ";
  return cycle + delegate;
}

// Creates a context for resource served by entry. Raises nothing: on failure fills *failure and leaves *ceed
// NULL, so that the caller can try the next candidate.
bool InitCandidate(const CeedBackendEntry *entry, const char *resource, Ceed *ceed, InitFailure *failure) {
  *ceed                = nullptr;
  InitChainEntry chain_entry(resource);
  CeedBackendInit init = nullptr;
  std::string     delegate_resource, options_in_force;
  if (!ceed::CheckResourceOptions(entry, resource, &options_in_force, &failure->cause)) {
    failure->code    = CEED_ERROR_INCOMPATIBLE;
    failure->message = failure->cause;
    return false;
  }
  if (!ceed::RegistryLoad(entry, &init, &delegate_resource, &failure->cause)) {
    failure->code    = CEED_ERROR_MAJOR;
    failure->message = failure->cause;
    return false;
  }
  HeldCeed held;
  held.c                = new Ceed_private();
  Ceed c                = held.c;
  c->header.view        = CeedViewObject;
  c->header.destroy     = CeedDestroyObject;
  // A libCEED name (/gpu/cuda/shared) initialises as the prefix it is served by (/gpu/cuda/gen), options kept:
  // that is what the backend's init sees, in its resource argument and in CeedGetResource; afterwards
  // CeedGetResource gives the name asked for, as libCEED does.
  const std::string &served = ceed::RegistryServedPrefix(entry);
  const char        *options = std::strchr(resource, ':');
  const std::string  init_resource = served == ceed::RegistryPrefix(entry) ? std::string(resource) : served + (options ? options : "");
  c->resource           = served;
  c->resource_requested = resource;
  c->options_in_force   = options_in_force;
  c->backend            = entry;
  c->is_debug           = CeedDebugFlagEnv();
  c->is_clang           = EnvTrue("CEED_USE_CLANG_CUDA") || std::getenv("CEED_CLANG_CUDA_CXX");
  c->jit_source_roots.push_back(ceed::IncludeDirectory());

  // The backend reports its own failure on the new context; keep it there so the reason survives the
  // context's destruction.
  c->error_handler = StoreInitFailure;
  int ierr         = init(init_resource.c_str(), c);
  const std::string cycle = delegate_resource.empty() ? std::string() : DelegationCycle(delegate_resource);
  if (!ierr && !cycle.empty() && !c->delegate) {
    ierr             = CEED_ERROR_MAJOR;
    c->error_message = "its delegate " + delegate_resource + " is already being initialised (delegation cycle " + cycle + ")";
  }
  if (!ierr && !delegate_resource.empty() && !c->delegate) {
    HeldCeed    delegate;
    std::string delegate_reason;
    ierr = ceed::InitResource(delegate_resource.c_str(), &delegate.c, &delegate_reason);
    if (ierr) c->error_message = "its delegate " + delegate_resource + " failed: " + delegate_reason;
    if (!ierr) ierr = CeedSetDelegate(c, delegate.c);  // which keeps its own reference
  }
  if (ierr) {
    failure->code    = ierr;
    failure->cause   = c->error_message;
    failure->message = "Backend " + ceed::RegistryPrefix(entry) + ", " + ceed::RegistryOrigin(entry) + ", failed to initialise resource " +
                       resource + " (error " + std::to_string(ierr) + "): " + failure->cause;
    return false;
  }
  c->resource = ceed::RegistryPrefix(entry);
  *ceed       = held.Release();
  return true;
}

// The hardware a prefix runs on: its first two components (/cpu/self, /gpu/cuda, /gpu/hip).
std::string Hardware(const std::string &prefix) {
  const size_t first = prefix.find('/', 1);
  return first == std::string::npos ? prefix : prefix.substr(0, prefix.find('/', first + 1));
}

// The notice of a generic request that fell back past better candidates for the same hardware (each one's cause
// and fix), or "" when it did not: /gpu on an AMD machine skipping /gpu/cuda/gen is no degradation.
std::string FallbackNotice(const char *resource, const std::string &chosen, const std::vector<std::pair<std::string, std::string>> &skipped,
                           const std::vector<std::string> &fixes) {
  std::string lines;
  for (size_t i = 0; i < skipped.size(); i++) {
    if (Hardware(skipped[i].first) != Hardware(chosen)) continue;
    lines += "\n  " + skipped[i].first + ", which cannot be used: " + skipped[i].second;
    lines += "\n    fix: " + (fixes[i].empty() ? "see `ceed-info` for what it needs" : fixes[i]);
  }
  if (lines.empty()) return lines;
  return std::string(resource) + " runs on " + chosen + ", a slower backend than" + lines + "\n  (request " + chosen +
         " by name to choose it without this notice)";
}

}  // namespace

namespace ceed {

int InitResource(const char *resource, Ceed *ceed, std::string *reason) {
  *ceed = nullptr;
  std::vector<const CeedBackendEntry *> candidates;
  if (!RegistryCandidates(resource, &candidates, reason)) return CEED_ERROR_MAJOR;
  std::vector<std::pair<std::string, std::string>> skipped;  // (prefix, cause)
  std::vector<std::string>                         fixes;
  InitFailure                                      first;
  for (const CeedBackendEntry *entry : candidates) {
    InitFailure failure;
    if (InitCandidate(entry, resource, ceed, &failure)) {
      (*ceed)->fallback_notice   = FallbackNotice(resource, RegistryPrefix(entry), skipped, fixes);
      (*ceed)->skipped_resources = std::move(skipped);
      return CEED_ERROR_SUCCESS;
    }
    if (candidates.size() == 1) {  // a fully specified resource fails with its precise reason
      *reason = failure.message;
      return failure.code;
    }
    if (!first.code) first = failure;
    skipped.emplace_back(RegistryPrefix(entry), failure.cause);
    fixes.push_back(RegistryFix(entry));
  }
  *reason = std::string("No backend for resource ") + resource + " could be used; the candidates, in priority order:";
  for (const auto &[prefix, cause] : skipped) *reason += "\n  " + prefix + ": " + cause;
  return first.code;
}

}  // namespace ceed

int CeedInit(const char *resource, Ceed *ceed) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "CeedInit: output Ceed pointer is NULL");
  *ceed = nullptr;
  CeedCheck(resource, NULL, CEED_ERROR_MAJOR, "No resource provided");
  CEED_API_TRY
  CeedCall(CeedRegisterAll());
  if (!std::strncmp(resource, "help", 4)) {
    ceed::RegistryPrintHelp();
    resource += std::strlen(resource) >= 5 ? 5 : std::strlen(resource);
  }
  std::string reason;
  HeldCeed    held;
  int         ierr = ceed::InitResource(resource, &held.c, &reason);
  if (ierr) return CeedError(NULL, ierr, "%s", reason.c_str());
  Ceed c = held.c;
  CeedCall(CeedSetErrorHandler(c, ceed::DefaultErrorHandler()));  // also reaches delegates made by init
  for (const auto &[prefix, why] : c->skipped_resources) CeedDebug(c, "CeedInit: %s skipped for %s: %s", prefix.c_str(), resource, why.c_str());
  const std::string &served = ceed::RegistryServedPrefix(c->backend);
  CeedDebug(c, "CeedInit: resource %s served by %s%s%s, %s; options in force: %s", resource, c->resource.c_str(),
            served == c->resource ? "" : " (the backend of ", served == c->resource ? "" : (served + ")").c_str(),
            ceed::RegistryOrigin(c->backend).c_str(), c->options_in_force.empty() ? "none" : c->options_in_force.c_str());
  // Once per process: a program that creates many contexts gets one notice, not one each.
  if (!c->fallback_notice.empty()) ceed::NoticeOnce("generic-resource-fallback", c->fallback_notice);
  *ceed = held.Release();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(NULL)
}

int CeedReferenceCopy(Ceed ceed, Ceed *ceed_copy) {
  CeedCheck(ceed_copy, ceed, CEED_ERROR_INCOMPATIBLE, "Output Ceed pointer is NULL");
  if (ceed) ceed->header.ref_count++;
  int ierr = CeedDestroy(ceed_copy);
  if (ierr) {
    if (ceed) ceed->header.ref_count--;
    return ierr;
  }
  *ceed_copy = ceed;
  return CEED_ERROR_SUCCESS;
}

int CeedDestroy(Ceed *ceed) {
  if (!ceed || !*ceed) return CEED_ERROR_SUCCESS;
  Ceed c = *ceed;
  if (c->header.ref_count > 1) {
    c->header.ref_count--;
    *ceed = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  CeedCheck(c->num_jit_source_roots_readers == 0, c, CEED_ERROR_ACCESS,
            "Cannot destroy Ceed %s, JiT source roots are checked out by a backend", c->resource.c_str());
  CeedCheck(c->num_jit_defines_readers == 0, c, CEED_ERROR_ACCESS,
            "Cannot destroy Ceed %s, JiT defines are checked out by a backend", c->resource.c_str());
  for (const auto &wv : c->work_vectors)
    CeedCheck(!wv.in_use, c, CEED_ERROR_ACCESS, "Cannot destroy Ceed %s, a work vector is still checked out", c->resource.c_str());
  *ceed = nullptr;
  return ReleaseCeed(c);
}

// An object's reference to its context: taken and dropped with the context's own reference counting.
namespace ceed {

int ObjectInit(CeedObjectHeader &header, Ceed ceed, int (*view)(CeedObject, FILE *), int (*destroy)(CeedObject *)) {
  header.ceed          = nullptr;
  header.view          = view;
  header.destroy       = destroy;
  header.ref_count     = 1;
  header.num_view_tabs = 0;
  return CeedReferenceCopy(ceed, &header.ceed);
}

int ObjectReleaseCeed(CeedObjectHeader &header) { return CeedDestroy(&header.ceed); }

}  // namespace ceed

int CeedObjectGetCeed(CeedObject obj, Ceed *ceed) {
  CeedCheck(obj && ceed, NULL, CEED_ERROR_INCOMPATIBLE, "CeedObject handle or output pointer is NULL");
  *ceed = nullptr;
  return CeedReferenceCopy(CeedObjectReturnCeed(obj), ceed);
}

int CeedGetResource(Ceed ceed, const char **resource) {
  CeedCheck(ceed && resource, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *resource = ceed->resource.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedGetResourceRequested(Ceed ceed, const char **resource) {
  CeedCheck(ceed && resource, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *resource = ceed->resource_requested.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedGetSkippedResources(Ceed ceed, CeedInt *num_skipped, const char *const **resources, const char *const **reasons) {
  CeedCheck(ceed && num_skipped && resources && reasons, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  CEED_API_TRY
  ceed->skipped_resources_view.clear();
  ceed->skipped_reasons_view.clear();
  for (const auto &[prefix, why] : ceed->skipped_resources) {
    ceed->skipped_resources_view.push_back(prefix.c_str());
    ceed->skipped_reasons_view.push_back(why.c_str());
  }
  *num_skipped = static_cast<CeedInt>(ceed->skipped_resources.size());
  *resources   = ceed->skipped_resources_view.data();
  *reasons     = ceed->skipped_reasons_view.data();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedGetResourceOption(Ceed ceed, const char *key, char *value, size_t value_len, bool *found) {
  CeedCheck(ceed && key && found, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle, key or output pointer is NULL");
  *found = false;
  CEED_API_TRY
  for (const auto &[option, v] : ceed::ResourceOptions(ceed->resource_requested)) {
    if (option != key) continue;
    CeedCheck(!value || v.size() < value_len, ceed, CEED_ERROR_DIMENSION, "Value of resource option %s is longer than %zu characters", key,
              value_len);
    if (value) std::memcpy(value, v.c_str(), v.size() + 1);
    *found = true;
    return CEED_ERROR_SUCCESS;
  }
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedGetPreferredMemType(Ceed ceed, CeedMemType *type) {
  CeedCheck(ceed && type, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  Ceed backend = ceed::FindBackend(ceed, "Ceed", [](const CeedBackendOps &o) { return o.GetPreferredMemType != nullptr; });
  *type        = CEED_MEM_HOST;
  if (backend) CeedCall(backend->ops.GetPreferredMemType(backend, type));
  return CEED_ERROR_SUCCESS;
}

int CeedIsDeterministic(Ceed ceed, bool *is_deterministic) {
  CeedCheck(ceed && is_deterministic, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *is_deterministic = ceed->is_deterministic;
  return CEED_ERROR_SUCCESS;
}

int CeedSetDeterministic(Ceed ceed, bool is_deterministic) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  ceed->is_deterministic = is_deterministic;
  return CEED_ERROR_SUCCESS;
}

int CeedSetStream(Ceed ceed, void *handle) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(handle, ceed, CEED_ERROR_INCOMPATIBLE, "Stream handle must be non-NULL");
  Ceed backend = ceed::FindBackend(ceed, "Ceed", [](const CeedBackendOps &o) { return o.SetStream != nullptr; });
  CeedCheck(backend, ceed, CEED_ERROR_UNSUPPORTED, "Backend does not support setting stream");
  return backend->ops.SetStream(backend, handle);
}

int CeedSetBackendOps(Ceed ceed, const CeedBackendOps *ops) {
  CeedCheck(ceed && ops, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or backend ops table is NULL");
  CeedCheck(ops->size >= sizeof(size_t), ceed, CEED_ERROR_INCOMPATIBLE, "Backend ops table has invalid size %zu", ops->size);
  ceed::CopyOps(ceed->ops, ops);
  return CEED_ERROR_SUCCESS;
}

int CeedGetData(Ceed ceed, void *data) {
  CeedCheck(ceed && data, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *static_cast<void **>(data) = ceed->data;
  return CEED_ERROR_SUCCESS;
}

int CeedSetData(Ceed ceed, void *data) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  ceed->data = data;
  return CEED_ERROR_SUCCESS;
}

// ---- Delegation ----------------------------------------------------------------------------------

int CeedSetDelegate(Ceed ceed, Ceed delegate) {
  CeedCheck(ceed && delegate, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed or delegate handle is NULL");
  CeedCheck(delegate != ceed, ceed, CEED_ERROR_INCOMPATIBLE, "A Ceed cannot delegate to itself");
  CeedCall(CeedReferenceCopy(delegate, &ceed->delegate));
  delegate->parent        = ceed;
  delegate->error_handler = ceed->error_handler;
  return CEED_ERROR_SUCCESS;
}

int CeedGetDelegate(Ceed ceed, Ceed *delegate) {
  CeedCheck(ceed && delegate, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *delegate = ceed->delegate;
  return CEED_ERROR_SUCCESS;
}

int CeedSetObjectDelegate(Ceed ceed, Ceed delegate, const char *obj_name) {
  CeedCheck(ceed && delegate && obj_name, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed, delegate or object name is NULL");
  CEED_API_TRY
  for (auto &od : ceed->object_delegates) {
    if (od.kind == obj_name) {
      CeedCall(CeedReferenceCopy(delegate, &od.delegate));
      delegate->parent = ceed;
      return CEED_ERROR_SUCCESS;
    }
  }
  Ceed_private::ObjectDelegate od{obj_name, nullptr};
  ceed->object_delegates.reserve(ceed->object_delegates.size() + 1);  // the push_back below cannot lose the reference
  CeedCall(CeedReferenceCopy(delegate, &od.delegate));
  ceed->object_delegates.push_back(std::move(od));
  delegate->parent        = ceed;
  delegate->error_handler = ceed->error_handler;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedGetObjectDelegate(Ceed ceed, Ceed *delegate, const char *obj_name) {
  CeedCheck(ceed && delegate && obj_name, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed, output pointer or object name is NULL");
  *delegate = nullptr;
  for (const auto &od : ceed->object_delegates) {
    if (od.kind == obj_name) *delegate = od.delegate;
  }
  return CEED_ERROR_SUCCESS;
}

int CeedSetOperatorFallbackCeed(Ceed ceed, Ceed fallback_ceed) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCall(CeedReferenceCopy(fallback_ceed, &ceed->op_fallback_ceed));
  if (fallback_ceed) {
    fallback_ceed->parent        = ceed;
    fallback_ceed->error_handler = ceed->error_handler;
  }
  return CEED_ERROR_SUCCESS;
}

int CeedGetOperatorFallbackCeed(Ceed ceed, Ceed *fallback_ceed) {
  CeedCheck(ceed && fallback_ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *fallback_ceed = ceed->op_fallback_ceed;
  return CEED_ERROR_SUCCESS;
}

int CeedGetParent(Ceed ceed, Ceed *parent) {
  CeedCheck(ceed && parent, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *parent = ceed::RootCeed(ceed);
  return CEED_ERROR_SUCCESS;
}

// ---- JIT source roots and defines (kept on the root context) --------------------------------------

namespace {

int AddJitString(Ceed ceed, const char *value, std::vector<std::string> Ceed_private::*list, int Ceed_private::*readers,
                 const char *what) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(value && value[0], ceed, CEED_ERROR_INCOMPATIBLE, "Cannot add an empty or NULL %s to Ceed", what);
  Ceed root = ceed::RootCeed(ceed);
  CeedCheck(root->*readers == 0, ceed, CEED_ERROR_ACCESS, "Cannot add %s %s, the list is checked out by a backend", what, value);
  (root->*list).push_back(value);
  return CEED_ERROR_SUCCESS;
}

int GetJitStrings(Ceed ceed, CeedInt *num, const char ***strings, std::vector<std::string> Ceed_private::*list,
                  std::vector<const char *> Ceed_private::*view, int Ceed_private::*readers) {
  CeedCheck(ceed && strings, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  Ceed root = ceed::RootCeed(ceed);
  (root->*view).clear();
  for (const auto &s : root->*list) (root->*view).push_back(s.c_str());
  if (num) *num = static_cast<CeedInt>((root->*view).size());
  *strings = (root->*view).data();
  (root->*readers)++;
  return CEED_ERROR_SUCCESS;
}

int RestoreJitStrings(Ceed ceed, const char ***strings, int Ceed_private::*readers, const char *what) {
  CeedCheck(ceed && strings, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or pointer is NULL");
  Ceed root = ceed::RootCeed(ceed);
  CeedCheck(root->*readers > 0, ceed, CEED_ERROR_ACCESS, "Cannot restore %s, access was not granted", what);
  (root->*readers)--;
  *strings = nullptr;
  return CEED_ERROR_SUCCESS;
}

}  // namespace

int CeedAddJitSourceRoot(Ceed ceed, const char *jit_source_root) {
  CEED_API_TRY
  return AddJitString(ceed, jit_source_root, &Ceed_private::jit_source_roots, &Ceed_private::num_jit_source_roots_readers,
                      "JiT source root");
  CEED_API_CATCH(ceed)
}

int CeedAddJitDefine(Ceed ceed, const char *jit_define) {
  CEED_API_TRY
  return AddJitString(ceed, jit_define, &Ceed_private::jit_defines, &Ceed_private::num_jit_defines_readers, "JiT define");
  CEED_API_CATCH(ceed)
}

int CeedAddRustSourceRoot(Ceed ceed, const char *rust_source_root) {
  CEED_API_TRY
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  CeedCheck(rust_source_root && rust_source_root[0], ceed, CEED_ERROR_INCOMPATIBLE, "Cannot add an empty or NULL Rust source root");
  Ceed root = ceed::RootCeed(ceed);
  root->rust_source_roots.push_back(rust_source_root);
  root->is_clang = true;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedGetJitSourceRoots(Ceed ceed, CeedInt *num_source_roots, const char ***jit_source_roots) {
  CEED_API_TRY
  return GetJitStrings(ceed, num_source_roots, jit_source_roots, &Ceed_private::jit_source_roots, &Ceed_private::jit_source_roots_view,
                       &Ceed_private::num_jit_source_roots_readers);
  CEED_API_CATCH(ceed)
}

int CeedRestoreJitSourceRoots(Ceed ceed, const char ***jit_source_roots) {
  return RestoreJitStrings(ceed, jit_source_roots, &Ceed_private::num_jit_source_roots_readers, "JiT source roots");
}

int CeedGetJitDefines(Ceed ceed, CeedInt *num_defines, const char ***jit_defines) {
  CEED_API_TRY
  return GetJitStrings(ceed, num_defines, jit_defines, &Ceed_private::jit_defines, &Ceed_private::jit_defines_view,
                       &Ceed_private::num_jit_defines_readers);
  CEED_API_CATCH(ceed)
}

int CeedRestoreJitDefines(Ceed ceed, const char ***jit_defines) {
  return RestoreJitStrings(ceed, jit_defines, &Ceed_private::num_jit_defines_readers, "JiT defines");
}

int CeedSetIsClang(Ceed ceed, bool isClang) {
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  ceed::RootCeed(ceed)->is_clang = isClang;
  return CEED_ERROR_SUCCESS;
}

int CeedGetIsClang(Ceed ceed, bool *isClang) {
  CeedCheck(ceed && isClang, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or output pointer is NULL");
  *isClang = ceed::RootCeed(ceed)->is_clang;
  return CEED_ERROR_SUCCESS;
}

// ---- Views, versions, build information ----------------------------------------------------------

int CeedSetNumViewTabs(Ceed ceed, CeedInt num_tabs) { return CeedObjectSetNumViewTabs(reinterpret_cast<CeedObject>(ceed), num_tabs); }

int CeedGetNumViewTabs(Ceed ceed, CeedInt *num_tabs) { return CeedObjectGetNumViewTabs(reinterpret_cast<CeedObject>(ceed), num_tabs); }

int CeedView(Ceed ceed, FILE *stream) {
  CeedCheck(ceed && stream, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle or stream is NULL");
  CeedMemType mem_type;
  CeedCall(CeedGetPreferredMemType(ceed, &mem_type));
  std::string t = ceed::Indent(ceed->header.num_view_tabs);
  std::fprintf(stream, "%sCeed\n%s  Ceed Resource: %s\n%s  Preferred MemType: %s\n", t.c_str(), t.c_str(), ceed->resource.c_str(),
               t.c_str(), CeedMemTypes[mem_type]);
  return CEED_ERROR_SUCCESS;
}

int CeedGetScalarType(CeedScalarType *scalar_type) {
  CeedCheck(scalar_type, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *scalar_type = CEED_SCALAR_TYPE;
  return CEED_ERROR_SUCCESS;
}

int CeedGetVersion(int *major, int *minor, int *patch, bool *release) {
  if (major) *major = CEED_VERSION_MAJOR;
  if (minor) *minor = CEED_VERSION_MINOR;
  if (patch) *patch = CEED_VERSION_PATCH;
  if (release) *release = CEED_VERSION_RELEASE;
  return CEED_ERROR_SUCCESS;
}

int CeedGetGitVersion(const char **git_version) {
  CeedCheck(git_version, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *git_version = ceed::GitVersion();
  return CEED_ERROR_SUCCESS;
}

int CeedGetBuildConfiguration(const char **build_config) {
  CeedCheck(build_config, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  CEED_API_TRY
  static const std::string text = std::string("CEEDRT_VERSION = " CEEDRT_VERSION_STRING "\n"
                                               "CEEDRT_GIT_VERSION = ") +
                                   ceed::GitVersion() +
                                   "\n"
                                   "CMAKE_BUILD_TYPE = " CEEDRT_BUILD_TYPE "\n"
                                   "CXX = " CEEDRT_CXX_COMPILER "\n"
                                   "CEED_SCALAR = double\n"
                                   "PLUGIN_SUBDIR = " CEEDRT_PLUGIN_SUBDIR "\n";
  *build_config = text.c_str();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(nullptr)
}
