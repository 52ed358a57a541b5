// CeedElemRestriction index arrays in device memory, for any backend that provides device memory
// (CeedBackendOps DeviceAlloc/DeviceFree/DeviceCopy): host copies of arrays given in device memory at
// creation, and the device copies handed out by CeedElemRestrictionGet{Offsets,Orientations,
// CurlOrientations} with CEED_MEM_DEVICE.
#include <cstdlib>

#include "restriction/elem-restriction.hpp"
#include "vector/vector.hpp"

namespace ceed {

namespace {

// Entries of one stored index array (blocked restrictions store padded, permuted arrays) and their size.
size_t StoredBytes(CeedElemRestriction base, RstrArray which) {
  if (base->rstr_type == CEED_RESTRICTION_POINTS) {
    return which == RstrArray::kOffsets ? (static_cast<size_t>(base->num_elem) + 1 + base->num_points) * sizeof(CeedInt) : 0;
  }
  const size_t nodes = static_cast<size_t>(base->num_block) * base->block_size * base->elem_size;
  switch (which) {
    case RstrArray::kOffsets:
      return nodes * sizeof(CeedInt);
    case RstrArray::kOrients:
      return base->rstr_type == CEED_RESTRICTION_ORIENTED ? nodes * sizeof(bool) : 0;
    case RstrArray::kCurlOrients:
      return base->rstr_type == CEED_RESTRICTION_CURL_ORIENTED ? 3 * nodes * sizeof(CeedInt8) : 0;
  }
  return 0;
}

}  // namespace

const void *RstrHostArray(CeedElemRestriction base, RstrArray which) {
  switch (which) {
    case RstrArray::kOffsets:
      return base->offsets.data;
    case RstrArray::kOrients:
      return base->orients.data;
    case RstrArray::kCurlOrients:
      return base->curl_orients.data;
  }
  return nullptr;
}

Ceed RstrDeviceBackend(Ceed ceed) { return FindDeviceBackend(ceed, "ElemRestriction"); }

std::string RstrDescribe(CeedInt num_elem, CeedInt elem_size, CeedInt num_comp, CeedSize l_size, bool points) {
  std::string s = "CeedElemRestriction with " + std::to_string(num_elem) + " elements";
  if (!points) s += " of size " + std::to_string(elem_size);
  return s + " (" + std::to_string(num_comp) + " components, L-vector size " + std::to_string(l_size) + ")";
}

int RstrCopyFromDevice(Ceed dev, const void *device, size_t bytes, void **host) {
  *host = nullptr;
  if (bytes == 0) return CEED_ERROR_SUCCESS;
  void *p = ceed::HostMalloc(bytes);
  CeedCheck(p, dev, CEED_ERROR_MAJOR, "Could not allocate %zu bytes of host memory for CeedElemRestriction index data", bytes);
  const int ierr = ceed::CountedDeviceCopy(dev, p, CEED_MEM_HOST, device, CEED_MEM_DEVICE, bytes);
  if (ierr) {
    std::free(p);
    return ierr;
  }
  *host = p;
  return CEED_ERROR_SUCCESS;
}

int RstrGetDeviceArray(CeedElemRestriction base, Ceed dev, RstrArray which, const void **device) {
  void *&mirror = base->device_arrays[static_cast<int>(which)];
  const size_t bytes = StoredBytes(base, which);
  if (!mirror && bytes > 0) {
    void *ptr = nullptr;
    CeedCall(dev->ops.DeviceAlloc(dev, bytes, &ptr));
    const int ierr = ceed::CountedDeviceCopy(dev, ptr, CEED_MEM_DEVICE, RstrHostArray(base, which), CEED_MEM_HOST, bytes);
    if (ierr) {
      dev->ops.DeviceFree(dev, ptr);
      return ierr;
    }
    mirror            = ptr;
    base->device_ceed = dev;
  }
  *device = mirror;
  return CEED_ERROR_SUCCESS;
}

int RstrReleaseDeviceArrays(CeedElemRestriction rstr) {
  int ierr = CEED_ERROR_SUCCESS;
  for (void *&ptr : rstr->device_arrays) {
    if (!ptr) continue;
    const int e = rstr->device_ceed->ops.DeviceFree(rstr->device_ceed, ptr);
    if (!ierr) ierr = e;
    ptr = nullptr;
  }
  return ierr;
}

}  // namespace ceed
