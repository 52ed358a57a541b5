// Unit tests of the ceedrt extensions CeedVectorDot (inner products on the vectors' backend: host loops, the
// GPU layer's device kernel on /gpu/emu/ref) and CeedGetHostDeviceBytes (the bytes copied between host and
// device memory), and of CeedVectorSetValueStrided on the device, against known values.
#include <ceed.h>
#include <gtest/gtest.h>

#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "test-gpu.hpp"

namespace {

struct Backend {
  const char *resource;
  bool        has_device;  // vectors prefer device memory
};

const std::vector<Backend> kBackends = {{"/cpu/self/ref/serial", false},
                                        {"/cpu/test/device-emulation", true},
                                        {"/gpu/emu/ref", true},
#ifdef CEEDRT_TEST_HAVE_CUDA
                                        {"/gpu/cuda/ref", true},
#endif
};

void PrintTo(const Backend &b, std::ostream *os) { *os << b.resource; }

CeedSize BytesToDevice() {
  CeedSize n = 0;
  EXPECT_EQ(CeedGetHostDeviceBytes(&n, nullptr), 0);
  return n;
}

CeedSize BytesToHost() {
  CeedSize n = 0;
  EXPECT_EQ(CeedGetHostDeviceBytes(nullptr, &n), 0);
  return n;
}

class VectorDotTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string no_device;
    ASSERT_EQ(test_gpu::Init(GetParam().resource, &ceed, &no_device), 0) << GetParam().resource;
    if (!no_device.empty()) GTEST_SKIP() << no_device;
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
  void TearDown() override {
    if (ceed) {
      EXPECT_EQ(CeedDestroy(&ceed), 0);
    }
  }
  CeedVector Make(const std::vector<CeedScalar> &values) {
    CeedVector v = nullptr;
    EXPECT_EQ(CeedVectorCreate(ceed, (CeedSize)values.size(), &v), 0);
    EXPECT_EQ(CeedVectorSetArray(v, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(values.data())), 0);
    return v;
  }
  std::string Message() const {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    return msg ? msg : "";
  }
  Ceed ceed = nullptr;
};

TEST_P(VectorDotTest, KnownValues) {
  CeedVector x = Make({1, -2, 3, 0.5}), y = Make({4, 5, -6, 2});
  CeedScalar dot = 0.0;
  ASSERT_EQ(CeedVectorDot(x, y, &dot), 0);
  EXPECT_EQ(dot, 4.0 - 10.0 - 18.0 + 1.0);
  ASSERT_EQ(CeedVectorDot(x, x, &dot), 0);  // aliased operands
  EXPECT_EQ(dot, 1.0 + 4.0 + 9.0 + 0.25);
  for (CeedVector *v : {&x, &y}) EXPECT_EQ(CeedVectorDestroy(v), 0);
}

// Longer than the kernels' blocks and grid (1024 blocks of up to 1024 threads): every entry counts once.
TEST_P(VectorDotTest, LongVectorsCountEveryEntry) {
  for (CeedSize n : {CeedSize(1), CeedSize(1025), CeedSize(3 << 20) + 7}) {
    std::vector<CeedScalar> a(n), b(n);
    for (CeedSize i = 0; i < n; i++) a[i] = (CeedScalar)(i % 7) - 3.0, b[i] = (CeedScalar)(i % 5);
    double expected = 0.0;  // small integers: every partial sum is exact
    for (CeedSize i = 0; i < n; i++) expected += a[i] * b[i];
    CeedVector x = Make(a), y = Make(b);
    CeedScalar dot = 0.0;
    ASSERT_EQ(CeedVectorDot(x, y, &dot), 0);
    EXPECT_EQ(dot, expected) << "length " << n;
    for (CeedVector *v : {&x, &y}) EXPECT_EQ(CeedVectorDestroy(v), 0);
  }
}

TEST_P(VectorDotTest, BadArguments) {
  CeedVector x = Make({1, 2, 3}), y = Make({1, 2}), empty = nullptr;
  CeedScalar dot = 0.0;
  EXPECT_EQ(CeedVectorDot(x, y, &dot), CEED_ERROR_UNSUPPORTED);
  EXPECT_NE(Message().find("lengths 3 and 2"), std::string::npos) << Message();
  EXPECT_EQ(CeedVectorDot(x, x, nullptr), CEED_ERROR_INCOMPATIBLE);
  ASSERT_EQ(CeedVectorCreate(ceed, 3, &empty), 0);
  EXPECT_EQ(CeedVectorDot(x, empty, &dot), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("no valid data"), std::string::npos) << Message();
  for (CeedVector *v : {&x, &y, &empty}) EXPECT_EQ(CeedVectorDestroy(v), 0);
}

// On a device backend a vector set from the host crosses once to the device; products there move nothing;
// reading it on the host brings it back once. Host backends move nothing.
TEST_P(VectorDotTest, TransferCounter) {
  const CeedSize n = 1000, bytes = n * (CeedSize)sizeof(CeedScalar);
  CeedVector     x = Make(std::vector<CeedScalar>(n, 2.0)), y = nullptr;
  ASSERT_EQ(CeedVectorCreate(ceed, n, &y), 0);
  const CeedSize to_device = BytesToDevice(), to_host = BytesToHost();
  ASSERT_EQ(CeedVectorSetValue(y, 3.0), 0);
  ASSERT_EQ(CeedVectorAXPY(y, 1.0, x), 0);  // y = 5
  CeedScalar dot = 0.0;
  ASSERT_EQ(CeedVectorDot(x, y, &dot), 0);
  EXPECT_EQ(dot, 10.0 * n);
  const bool device = GetParam().has_device, kernels = std::string(GetParam().resource).rfind("/gpu/", 0) == 0;
  // x crossed to the device for the first kernel (the emulated-device backend has no vector kernels: its host
  // loops bring y back to the host instead).
  if (kernels) {
    EXPECT_EQ(BytesToDevice() - to_device, bytes);
    EXPECT_EQ(BytesToHost() - to_host, 0);
  }
  const CeedScalar *a = nullptr;
  ASSERT_EQ(CeedVectorGetArrayRead(y, CEED_MEM_HOST, &a), 0);
  EXPECT_EQ(a[n - 1], 5.0);
  ASSERT_EQ(CeedVectorRestoreArrayRead(y, &a), 0);
  if (kernels) {
    EXPECT_EQ(BytesToHost() - to_host, bytes);
  }
  if (!device) {
    EXPECT_EQ(BytesToDevice(), to_device);
    EXPECT_EQ(BytesToHost(), to_host);
  }
  for (CeedVector *v : {&x, &y}) EXPECT_EQ(CeedVectorDestroy(v), 0);
}

// CeedVectorSetValueStrided on a vector valid on the device: the GPU layer's kernel sets the entries there (no
// byte crosses; an assembly's probe vectors are set this way), in fp64 and fp32 storage, and leaves the others.
TEST_P(VectorDotTest, SetValueStridedStaysOnTheDevice) {
  const CeedSize n = 3000;
  for (CeedScalarType type : {CEED_SCALAR_FP64, CEED_SCALAR_FP32}) {
    CeedVector v = nullptr;
    ASSERT_EQ(CeedVectorCreate(ceed, n, &v), 0);
    ASSERT_EQ(CeedVectorSetPreferredScalarType(v, type), 0);
    ASSERT_EQ(CeedVectorSetValue(v, -1.0), 0);
    const CeedSize to_device = BytesToDevice(), to_host = BytesToHost();
    ASSERT_EQ(CeedVectorSetValueStrided(v, 5, 2001, 7, 2.5), 0);
    ASSERT_EQ(CeedVectorSetValueStrided(v, 2990, -1, 4, 0.5), 0);  // up to the end
    ASSERT_EQ(CeedVectorSetValueStrided(v, 40, 40, 1, 9.0), 0);     // empty range
    if (std::string(GetParam().resource).rfind("/gpu/", 0) == 0) {
      EXPECT_EQ(BytesToDevice(), to_device) << CeedScalarTypes[type];
      EXPECT_EQ(BytesToHost(), to_host) << CeedScalarTypes[type];
    }
    const void *a = nullptr;
    ASSERT_EQ(CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, type, &a), 0);
    for (CeedSize i = 0; i < n; i++) {
      const double expected = i >= 5 && i < 2001 && (i - 5) % 7 == 0 ? 2.5 : i >= 2990 && (i - 2990) % 4 == 0 ? 0.5 : -1.0;
      const double value    = type == CEED_SCALAR_FP32 ? static_cast<const float *>(a)[i] : static_cast<const double *>(a)[i];
      ASSERT_EQ(value, expected) << "entry " << i << ", " << CeedScalarTypes[type];
    }
    ASSERT_EQ(CeedVectorRestoreArrayReadTyped(v, &a), 0);
    EXPECT_EQ(CeedVectorDestroy(&v), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, VectorDotTest, ::testing::ValuesIn(kBackends), [](const ::testing::TestParamInfo<Backend> &info) {
  std::string name = info.param.resource + 1;
  for (char &c : name) c = c == '/' || c == '-' ? '_' : c;
  return name;
});

}  // namespace
