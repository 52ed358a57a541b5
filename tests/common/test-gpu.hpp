// GPU resources in tests that also run on machines without a GPU: CeedInit's "no ... driver or device was
// found" for /gpu/cuda/* and /gpu/hip/* becomes a skip with that message (any other failure stays a failure),
// and the test's own arrays in device memory (MemorySpaces). Define CEEDRT_TEST_HAVE_CUDA (and link
// ceedrt-cuda-jit) where /gpu/cuda device arrays are needed.
#pragma once

#include <ceed.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#ifdef CEEDRT_TEST_HAVE_CUDA
#include "cuda-driver.hpp"
#endif

namespace test_gpu {

// What CeedInit says on machines without a usable driver or device of the resource's vendor.
inline const char *NoDeviceText() { return "driver or device was found"; }

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
  if (!IsVendorGpu(resource) || reason.find(NoDeviceText()) == std::string::npos) return ierr;
  *no_device = "skipped, no GPU of this vendor on this machine: " + reason;
  return 0;
}

// How a test reaches arrays: host memory; the device memory of the emulating test backends (/gpu/emu,
// /cpu/test/device-emulation), which is host memory too; or an NVIDIA GPU's, through the CUDA driver directly
// (the library under test is not involved).
class MemorySpaces {
 public:
  // Device arrays of `resource` are GPU memory for /gpu/cuda/*, host memory otherwise.
  void Configure(const char *resource) {
    gpu_ = std::strncmp(resource, "/gpu/cuda", 9) == 0;
#ifdef CEEDRT_TEST_HAVE_CUDA
    std::string reason;
    cu_ = gpu_ ? ceed::gpu::LoadDriver(&reason) : nullptr;
    EXPECT_TRUE(!gpu_ || cu_) << reason;
#else
    EXPECT_FALSE(gpu_) << resource << ": built without CEEDRT_TEST_HAVE_CUDA";
#endif
  }
  // Memory of `bytes` bytes that a backend may release with free() (host) or its DeviceFree (device).
  void *Alloc(CeedMemType mem, size_t bytes) const {
    if (!OnGpu(mem)) return std::malloc(bytes);
#ifdef CEEDRT_TEST_HAVE_CUDA
    CUdeviceptr ptr = 0;
    EXPECT_EQ(cu_->cuMemAlloc(&ptr, bytes), CUDA_SUCCESS);
    return reinterpret_cast<void *>(ptr);
#else
    return nullptr;
#endif
  }
  void Free(CeedMemType mem, void *ptr) const {
    if (!OnGpu(mem)) return std::free(ptr);
#ifdef CEEDRT_TEST_HAVE_CUDA
    EXPECT_EQ(cu_->cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)), CUDA_SUCCESS);
#endif
  }
  void ToHost(void *dst, const void *src, CeedMemType mem, size_t bytes) const {
    if (!OnGpu(mem)) return (void)std::memcpy(dst, src, bytes);
#ifdef CEEDRT_TEST_HAVE_CUDA
    EXPECT_EQ(cu_->cuMemcpyDtoH(dst, reinterpret_cast<CUdeviceptr>(src), bytes), CUDA_SUCCESS);
#endif
  }
  void FromHost(void *dst, CeedMemType mem, const void *src, size_t bytes) const {
    if (!OnGpu(mem)) return (void)std::memcpy(dst, src, bytes);
#ifdef CEEDRT_TEST_HAVE_CUDA
    EXPECT_EQ(cu_->cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(dst), src, bytes), CUDA_SUCCESS);
#endif
  }

 private:
  bool OnGpu(CeedMemType mem) const { return gpu_ && mem == CEED_MEM_DEVICE; }
  bool gpu_ = false;
#ifdef CEEDRT_TEST_HAVE_CUDA
  const ceed::gpu::Driver *cu_ = nullptr;
#endif
};

}  // namespace test_gpu
