// Reference CPU backend: plugin entry point and context initialisation.
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include <cstring>
#include <new>

#include "ceed-ref.hpp"

namespace ceed::ref {

CeedInt BlockSize(Ceed ceed) {
  CeedRef *data = nullptr;
  if (CeedGetData(ceed, &data) || !data) return 1;
  return data->block_size;
}

static int Destroy(Ceed ceed) {
  CeedRef *data = nullptr;
  CeedCall(CeedGetData(ceed, &data));
  delete data;
  return CeedSetData(ceed, nullptr);
}

// Element assembly items as a host loop: /cpu/self/ref/blocked assembles through the same kernel code the
// GPU backends compile, so that code is checked by the whole suite on every machine.
static int AssembleElements(Ceed, const CeedElementAssemblyArgs *args) {
  const CeedSize num_items = CeedElementAssemblyNumItems(args);
  for (CeedSize item = 0; item < num_items; item++) CeedElementAssemblyItem(args, item);
  return CEED_ERROR_SUCCESS;
}

static int Init(const char *resource, Ceed ceed) {
  const bool blocked = std::strncmp(resource, "/cpu/self/ref/blocked", 21) == 0;
  auto *data = new (std::nothrow) CeedRef{blocked ? kBlockSize : 1};
  CeedCheck(data, ceed, CEED_ERROR_MAJOR, "Out of memory initialising /cpu/self/ref for resource %s", resource);
  CeedCallBackend(CeedSetData(ceed, data));
  CeedCallBackend(CeedSetDeterministic(ceed, true));

  CeedBackendOps ops{};
  ops.size                  = sizeof(ops);
  ops.Destroy               = Destroy;
  ops.ElemRestrictionCreate = ElemRestrictionCreate;
  ops.BasisCreate           = BasisCreate;
  ops.QFunctionCreate       = QFunctionCreate;
  ops.OperatorCreate        = OperatorCreate;
  if (blocked) ops.AssembleElements = AssembleElements;
  return CeedSetBackendOps(ceed, &ops);
}

}  // namespace ceed::ref

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginRef(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "ref", ceed::ref::Init};
  return &plugin;
}
