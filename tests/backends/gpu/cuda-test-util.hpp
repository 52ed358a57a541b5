// Helpers of the CUDA backend's GPU tests: contexts on a GPU resource and on the CPU reference, skipped
// with a clear message when the machine has no CUDA driver or device; comparisons of vectors.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "test-gpu.hpp"

namespace cuda_test {

// The message CeedInit gives on machines without a usable driver or device of the resource's vendor
// ("no CUDA driver or device was found", "no HIP driver or device was found").
using test_gpu::NoDeviceText;

// Initialises resource; on a machine without a device returns false with the reason in *skip.
inline bool InitGpu(const char *resource, Ceed *ceed, std::string *skip) {
  setenv("CEED_ERROR_HANDLER", "store", 1);
  *ceed = nullptr;
  if (CeedInit(resource, ceed) == CEED_ERROR_SUCCESS) return true;
  const char *msg = nullptr;
  CeedGetErrorMessage(nullptr, &msg);
  *skip = msg ? msg : "";
  return false;
}

// Fixture parameterised by a GPU resource, with a CPU reference context beside it.
class GpuTest : public ::testing::TestWithParam<const char *> {
 protected:
  void SetUp() override {
    std::string no_device;
    ASSERT_EQ(test_gpu::Init(GetParam(), &gpu, &no_device), 0) << "CeedInit(" << GetParam() << ") failed for another reason than a missing device";
    if (!no_device.empty()) GTEST_SKIP() << no_device;
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &cpu), 0);
  }
  void TearDown() override {
    if (gpu) {
      EXPECT_EQ(CeedDestroy(&gpu), 0);
    }
    if (cpu) {
      EXPECT_EQ(CeedDestroy(&cpu), 0);
    }
  }
  bool Deterministic() const { return std::strstr(GetParam(), "/det") != nullptr; }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(gpu, &msg);
    return msg ? msg : "";
  }
  Ceed gpu = nullptr, cpu = nullptr;
};

// Test name suffix of a resource parameter: "/gpu/cuda/ref/det" -> "gpu_cuda_ref_det", "/gpu/emu/gen:wavefront=64" -> "gpu_emu_gen_wavefront_64".
inline std::string ResourceName(const ::testing::TestParamInfo<const char *> &info) {
  std::string name = info.param + 1;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

inline std::vector<CeedScalar> Values(CeedVector v) {
  CeedSize n = 0;
  CeedVectorGetLength(v, &n);
  const CeedScalar *a = nullptr;
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a), 0);
  std::vector<CeedScalar> out(a, a + n);
  CeedVectorRestoreArrayRead(v, &a);
  return out;
}

inline CeedVector MakeVector(Ceed ceed, const std::vector<CeedScalar> &values) {
  CeedVector v = nullptr;
  EXPECT_EQ(CeedVectorCreate(ceed, static_cast<CeedSize>(values.size()), &v), 0);
  EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(values.data())), 0);
  return v;
}

// Smooth, sign-changing test data.
inline std::vector<CeedScalar> TestData(CeedSize n, double phase = 0.0) {
  std::vector<CeedScalar> v(static_cast<size_t>(n));
  for (CeedSize i = 0; i < n; i++) v[i] = std::sin(0.37 * i + phase) + 0.25 * std::cos(1.3 * i);
  return v;
}

// max |a - b| / max |b| (absolute when b is zero).
inline double RelativeError(const std::vector<CeedScalar> &a, const std::vector<CeedScalar> &b) {
  EXPECT_EQ(a.size(), b.size());
  double diff = 0.0, scale = 0.0;
  for (size_t i = 0; i < std::min(a.size(), b.size()); i++) {
    diff  = std::max(diff, std::fabs(a[i] - b[i]));
    scale = std::max(scale, std::fabs(b[i]));
  }
  return scale > 0 ? diff / scale : diff;
}

inline bool BitwiseEqual(const std::vector<CeedScalar> &a, const std::vector<CeedScalar> &b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(CeedScalar)) == 0;
}

}  // namespace cuda_test
