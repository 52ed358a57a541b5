// Vendor GPU resources (/gpu/cuda/*, /gpu/hip/*) in tests that also run on machines without a GPU: CeedInit's
// "no ... driver or device was found" becomes a skip with that message; any other failure stays a failure.
#pragma once

#include <ceed.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace test_gpu {

inline bool IsVendorGpu(const char *resource) { return std::strncmp(resource, "/gpu/cuda", 9) == 0 || std::strncmp(resource, "/gpu/hip", 8) == 0; }

// CeedInit(resource, ceed) with the error handler "store"; returns its error code, except that a vendor GPU
// resource on a machine without its driver or device returns 0 with *ceed null and the reason in *no_device.
inline int Init(const char *resource, Ceed *ceed, std::string *no_device) {
  setenv("CEED_ERROR_HANDLER", "store", 1);
  *ceed = nullptr;
  no_device->clear();
  const int ierr = CeedInit(resource, ceed);
  if (ierr == CEED_ERROR_SUCCESS) return ierr;
  const char *msg = nullptr;
  CeedGetErrorMessage(nullptr, &msg);
  const std::string reason = msg ? msg : "";
  if (!IsVendorGpu(resource) || reason.find("driver or device was found") == std::string::npos) return ierr;
  *no_device = "skipped, no GPU of this vendor on this machine: " + reason;
  return 0;
}

}  // namespace test_gpu
