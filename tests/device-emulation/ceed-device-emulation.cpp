// Test backend /cpu/test/device-emulation: the reference CPU backend's objects (its sources are built
// into this module too) on a context whose preferred memory is "device" memory, emulated with separate
// host allocations. Every path of the core that GPU
// backends rely on (device arrays of vectors in every copy mode, syncs between host and device copies,
// restriction index arrays in device memory, the at-points default and the assembly defaults working in
// the preferred memory, CeedBackendOps::AssembleElements on device arrays) then runs in the conformance
// suite on every machine. Fresh device allocations are filled with NaN so that a value read before it was
// written (a missing sync) fails the tests instead of passing by luck. Built for the tests only.
#include <ceed.h>
#include <ceed/backend.h>
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include <cstdlib>
#include <cstring>

#include "ceed-ref.hpp"

namespace {

int GetPreferredMemType(Ceed, CeedMemType *mem_type) {
  *mem_type = CEED_MEM_DEVICE;
  return CEED_ERROR_SUCCESS;
}

int DeviceAlloc(Ceed ceed, size_t bytes, void **ptr) {
  *ptr = nullptr;
  if (bytes == 0) return CEED_ERROR_SUCCESS;
  *ptr = std::malloc(bytes);
  CeedCheck(*ptr, ceed, CEED_ERROR_MAJOR, "/cpu/test/device-emulation: out of emulated device memory (%zu bytes)", bytes);
  std::memset(*ptr, 0xff, bytes);  // NaN in every floating-point type
  return CEED_ERROR_SUCCESS;
}

int DeviceFree(Ceed, void *ptr) {
  std::free(ptr);
  return CEED_ERROR_SUCCESS;
}

int DeviceCopy(Ceed, void *dst, CeedMemType, const void *src, CeedMemType, size_t bytes) {
  if (bytes) std::memmove(dst, src, bytes);
  return CEED_ERROR_SUCCESS;
}

int AssembleElements(Ceed, const CeedElementAssemblyArgs *args) {
  const CeedSize num_items = CeedElementAssemblyNumItems(args);
  for (CeedSize item = 0; item < num_items; item++) CeedElementAssemblyItem(args, item);
  return CEED_ERROR_SUCCESS;
}

int Init(const char *, Ceed ceed) {
  CeedBackendOps ops{};
  ops.size                  = sizeof(ops);
  ops.GetPreferredMemType   = GetPreferredMemType;
  ops.DeviceAlloc           = DeviceAlloc;
  ops.DeviceFree            = DeviceFree;
  ops.DeviceCopy            = DeviceCopy;
  ops.AssembleElements      = AssembleElements;
  ops.ElemRestrictionCreate = ceed::ref::ElemRestrictionCreate;
  ops.BasisCreate           = ceed::ref::BasisCreate;
  ops.QFunctionCreate       = ceed::ref::QFunctionCreate;
  ops.OperatorCreate        = ceed::ref::OperatorCreate;
  CeedCall(CeedSetDeterministic(ceed, true));
  return CeedSetBackendOps(ceed, &ops);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const CeedBackendPlugin *CeedBackendPluginDeviceEmulation(void) {
  static const CeedBackendPlugin plugin = {CEED_BACKEND_ABI_VERSION, "device-emulation", Init};
  return &plugin;
}
