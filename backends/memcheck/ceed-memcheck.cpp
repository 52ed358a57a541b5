// /cpu/self/memcheck/serial and /cpu/self/memcheck/blocked: plugin entry point and context initialisation. The
// checks live in the QFunction, vector and context files; everything else runs on /cpu/self/ref of the same kind.
#include <cstring>

#include "ceed-memcheck.hpp"

namespace ceed::memcheck {

static int Init(const char *resource, Ceed ceed) {
  const bool  blocked  = std::strncmp(resource, "/cpu/self/memcheck/blocked", 26) == 0;
  const char *delegate_resource = blocked ? "/cpu/self/ref/blocked" : "/cpu/self/ref/serial";
  Ceed        delegate = nullptr;
  CeedCallBackend(CeedInit(delegate_resource, &delegate));
  int ierr = CeedSetDelegate(ceed, delegate);
  CeedDestroy(&delegate);  // the context keeps its own reference
  CeedCallBackend(ierr);
  CeedCallBackend(CeedSetDeterministic(ceed, true));

  CeedBackendOps ops{};
  ops.size                = sizeof(ops);
  ops.QFunctionCreate     = QFunctionCreate;
  ops.VectorReadGranted   = VectorReadGranted;
  ops.VectorReadRestored  = VectorReadRestored;
  ops.ContextReadGranted  = ContextReadGranted;
  ops.ContextReadRestored = ContextReadRestored;
  return CeedSetBackendOps(ceed, &ops);
}

}  // namespace ceed::memcheck

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginMemcheck(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "memcheck", ceed::memcheck::Init};
  return &plugin;
}
