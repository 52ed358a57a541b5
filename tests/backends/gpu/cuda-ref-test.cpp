// Tests of /gpu/cuda/ref and /gpu/cuda/ref/det: initialisation (everywhere: without a driver the error
// names it and CPU backends keep working), then, on a machine with a CUDA device, vectors with device
// pointers in every copy mode, restrictions of every kind (also with index arrays in device memory) and
// bases compared with /cpu/self/ref/serial.
// GPU tests skip with the CeedInit message when no device is present.
#include <array>

#include "cuda-driver.hpp"
#include "cuda-test-util.hpp"

namespace {

using cuda_test::BitwiseEqual;
using cuda_test::MakeVector;
using cuda_test::RelativeError;
using cuda_test::TestData;
using cuda_test::Values;

// ---- Initialisation (runs on every machine) ----------------------------------------------------------

TEST(CudaInit, ReportsMissingDriverOrDeviceAndCpuBackendsKeepWorking) {
  for (const char *resource : {"/gpu/cuda/ref", "/gpu/cuda/ref/det", "/gpu/cuda/gen", "/gpu/cuda"}) {
    Ceed        gpu = nullptr;
    std::string reason;
    if (cuda_test::InitGpu(resource, &gpu, &reason)) {
      const char *used = nullptr;
      CeedGetResource(gpu, &used);
      EXPECT_EQ(std::string(used).rfind("/gpu/cuda/", 0), 0u) << used;
      CeedMemType mem = CEED_MEM_HOST;
      CeedGetPreferredMemType(gpu, &mem);
      EXPECT_EQ(mem, CEED_MEM_DEVICE);
      bool det = false;
      CeedIsDeterministic(gpu, &det);
      EXPECT_EQ(det, std::string(resource) == "/gpu/cuda/ref/det") << resource;
      CeedDestroy(&gpu);
    } else {
      EXPECT_NE(reason.find(cuda_test::NoDeviceText()), std::string::npos) << reason;
      EXPECT_NE(reason.find(resource), std::string::npos) << "the message names the resource: " << reason;
      std::string driver_reason;
      if (!ceed::gpu::LoadDriver(&driver_reason)) {
        EXPECT_NE(reason.find("libcuda.so.1"), std::string::npos) << reason;
      }
    }
  }
  // A CPU context works in the same process afterwards.
  Ceed cpu = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &cpu), 0);
  CeedVector v = MakeVector(cpu, {3.0, -4.0});
  CeedScalar norm = 0.0;
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_2, &norm), 0);
  EXPECT_DOUBLE_EQ(norm, 5.0);
  CeedVectorDestroy(&v);
  CeedDestroy(&cpu);
}

TEST(CudaInit, RejectsDeviceIdOutOfRange) {
  Ceed        gpu = nullptr;
  std::string reason;
  ASSERT_FALSE(cuda_test::InitGpu("/gpu/cuda/ref:device_id=99", &gpu, &reason));
  std::string ignored;
  if (ceed::gpu::LoadDriver(&ignored) && reason.find(cuda_test::NoDeviceText()) == std::string::npos) {
    EXPECT_NE(reason.find("Invalid device_id=99"), std::string::npos) << reason;
  } else {
    EXPECT_NE(reason.find(cuda_test::NoDeviceText()), std::string::npos) << reason;
  }
}

// :min_blocks=N (the fused kernels' register budget) takes 1 to 32; the shared layer checks it for every vendor
// (here on the host-run /gpu/emu, which has no device to miss).
TEST(GpuOptions, MinBlocksOutOfRangeIsRefusedWithTheValue) {
  for (const char *value : {"0", "33", "two"}) {
    Ceed        gpu = nullptr;
    std::string reason;
    ASSERT_FALSE(cuda_test::InitGpu((std::string("/gpu/emu/gen:min_blocks=") + value).c_str(), &gpu, &reason)) << value;
    // (a malformed value is refused by the manifest's option kinds before the backend sees it)
    EXPECT_TRUE(reason.find(std::string("Invalid min_blocks=") + value) != std::string::npos ||
                reason.find(std::string("Invalid value '") + value + "' of option min_blocks") != std::string::npos)
        << reason;
  }
  Ceed        gpu = nullptr;
  std::string reason;
  ASSERT_TRUE(cuda_test::InitGpu("/gpu/emu/gen:min_blocks=2", &gpu, &reason)) << reason;
  CeedDestroy(&gpu);
}

// ---- Vectors -----------------------------------------------------------------------------------------

class CudaVector : public cuda_test::GpuTest {
 protected:
  // Device memory of the test's own (the library is not involved): the driver's, or on /gpu/emu host memory.
  void SetUp() override {
    cuda_test::GpuTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    spaces.Configure(GetParam());
  }
  CUdeviceptr DeviceCopyOf(const std::vector<CeedScalar> &host) {
    void *ptr = spaces.Alloc(CEED_MEM_DEVICE, host.size() * sizeof(CeedScalar));
    CopyToDevice(reinterpret_cast<CUdeviceptr>(ptr), host);
    return reinterpret_cast<CUdeviceptr>(ptr);
  }
  void CopyToDevice(CUdeviceptr device, const std::vector<CeedScalar> &host) {
    spaces.FromHost(reinterpret_cast<void *>(device), CEED_MEM_DEVICE, host.data(), host.size() * sizeof(CeedScalar));
  }
  std::vector<CeedScalar> HostCopyOf(const CeedScalar *device, size_t n) {
    std::vector<CeedScalar> host(n);
    spaces.ToHost(host.data(), device, CEED_MEM_DEVICE, n * sizeof(CeedScalar));
    return host;
  }
  void DeviceFree(CUdeviceptr device) { spaces.Free(CEED_MEM_DEVICE, reinterpret_cast<void *>(device)); }
  test_gpu::MemorySpaces spaces;
};

TEST_P(CudaVector, DevicePointersInEveryCopyMode) {
  const std::vector<CeedScalar> a = TestData(1000);
  std::vector<CeedScalar>       twice(a.size());
  for (size_t i = 0; i < a.size(); i++) twice[i] = 2 * a[i];
  const CeedSize n = static_cast<CeedSize>(a.size());

  // CEED_USE_POINTER: the vector works in the user's device memory, TakeArray hands it back.
  CUdeviceptr user = DeviceCopyOf(a);
  CeedVector  x    = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, n, &x), 0);
  ASSERT_EQ(CeedVectorSetArray(x, CEED_MEM_DEVICE, CEED_USE_POINTER, reinterpret_cast<CeedScalar *>(user)), 0);
  EXPECT_TRUE(BitwiseEqual(Values(x), a));
  ASSERT_EQ(CeedVectorScale(x, 2.0), 0);
  CeedScalar *taken = nullptr;
  ASSERT_EQ(CeedVectorTakeArray(x, CEED_MEM_DEVICE, &taken), 0);
  EXPECT_EQ(taken, reinterpret_cast<CeedScalar *>(user));
  EXPECT_TRUE(BitwiseEqual(HostCopyOf(taken, a.size()), twice)) << "the scaled values are in the user's memory";

  // CEED_COPY_VALUES from device memory: later changes of the source do not reach the vector.
  CeedVector y = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, n, &y), 0);
  ASSERT_EQ(CeedVectorSetArray(y, CEED_MEM_DEVICE, CEED_COPY_VALUES, taken), 0);
  CopyToDevice(user, a);
  EXPECT_TRUE(BitwiseEqual(Values(y), twice));

  // CEED_OWN_POINTER: the vector frees the memory.
  CeedVector z = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, n, &z), 0);
  ASSERT_EQ(CeedVectorSetArray(z, CEED_MEM_DEVICE, CEED_OWN_POINTER, reinterpret_cast<CeedScalar *>(DeviceCopyOf(a))), 0);
  CeedScalar norm = 0.0, expected = 0.0;
  for (CeedScalar v : a) expected = std::max(expected, std::fabs(v));
  ASSERT_EQ(CeedVectorNorm(z, CEED_NORM_MAX, &norm), 0);
  EXPECT_EQ(norm, expected);

  // Host data synced to the device and read there.
  ASSERT_EQ(CeedVectorSetArray(x, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(a.data())), 0);
  ASSERT_EQ(CeedVectorSyncArray(x, CEED_MEM_DEVICE), 0);
  const CeedScalar *dev = nullptr;
  ASSERT_EQ(CeedVectorGetArrayRead(x, CEED_MEM_DEVICE, &dev), 0);
  EXPECT_TRUE(BitwiseEqual(HostCopyOf(dev, a.size()), a));
  CeedVectorRestoreArrayRead(x, &dev);

  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedVectorDestroy(&z);
  DeviceFree(user);
}

TEST_P(CudaVector, KernelsMatchHostArithmetic) {
  const CeedSize                n = 100003;  // several blocks of the norm reduction, not a multiple of the block
  const std::vector<CeedScalar> a = TestData(n), b = TestData(n, 1.0);
  CeedVector                    x = MakeVector(gpu, a), y = MakeVector(gpu, b), w = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, n, &w), 0);

  double sum1 = 0, sum2 = 0, max = 0;
  for (CeedScalar v : a) sum1 += std::fabs(v), sum2 += v * v, max = std::max(max, std::fabs(v));
  CeedScalar norm = 0;
  ASSERT_EQ(CeedVectorNorm(x, CEED_NORM_1, &norm), 0);
  EXPECT_NEAR(norm, sum1, 1e-12 * sum1);
  ASSERT_EQ(CeedVectorNorm(x, CEED_NORM_2, &norm), 0);
  EXPECT_NEAR(norm, std::sqrt(sum2), 1e-12 * std::sqrt(sum2));
  ASSERT_EQ(CeedVectorNorm(x, CEED_NORM_MAX, &norm), 0);
  EXPECT_EQ(norm, max);

  std::vector<CeedScalar> expect(n);
  ASSERT_EQ(CeedVectorAXPY(y, 0.5, x), 0);  // y = b + 0.5 a
  for (CeedSize i = 0; i < n; i++) expect[i] = b[i] + 0.5 * a[i];
  EXPECT_TRUE(BitwiseEqual(Values(y), expect));  // the kernels keep products unfused, like the host loops
  ASSERT_EQ(CeedVectorAXPBY(y, -1.0, 3.0, x), 0);  // y = 3 y - a
  for (CeedSize i = 0; i < n; i++) expect[i] = -1.0 * a[i] + 3.0 * expect[i];
  EXPECT_TRUE(BitwiseEqual(Values(y), expect));
  ASSERT_EQ(CeedVectorPointwiseMult(w, x, y), 0);
  std::vector<CeedScalar> prod(n);
  for (CeedSize i = 0; i < n; i++) prod[i] = a[i] * expect[i];
  EXPECT_TRUE(BitwiseEqual(Values(w), prod));
  ASSERT_EQ(CeedVectorPointwiseMult(w, w, w), 0);  // aliased operands
  for (CeedSize i = 0; i < n; i++) prod[i] *= prod[i];
  EXPECT_TRUE(BitwiseEqual(Values(w), prod));
  ASSERT_EQ(CeedVectorSetValue(w, 4.0), 0);
  ASSERT_EQ(CeedVectorReciprocal(w), 0);
  EXPECT_TRUE(BitwiseEqual(Values(w), std::vector<CeedScalar>(n, 0.25)));
  CeedVectorDestroy(&x);
  CeedVectorDestroy(&y);
  CeedVectorDestroy(&w);
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaVector, ::testing::Values("/gpu/cuda/ref", "/gpu/emu/ref"), cuda_test::ResourceName);

// ---- Restrictions ------------------------------------------------------------------------------------

class CudaRestriction : public cuda_test::GpuTest {
 protected:
  // Creates the same restriction on both contexts with make(ceed, &rstr).
  template <class Make>
  void Compare(Make make, const char *what) {
    CeedElemRestriction r_gpu = nullptr, r_cpu = nullptr;
    ASSERT_EQ(make(gpu, &r_gpu), 0) << what << ": " << Message();
    ASSERT_EQ(make(cpu, &r_cpu), 0) << what;
    CompareRestrictions(r_gpu, r_cpu, what);
    CeedElemRestrictionDestroy(&r_gpu);
    CeedElemRestrictionDestroy(&r_cpu);
  }
  void CompareRestrictions(CeedElemRestriction r_gpu, CeedElemRestriction r_cpu, const char *what) {
    CeedSize l_size = 0, e_size = 0;
    CeedElemRestrictionGetLVectorSize(r_cpu, &l_size);
    CeedElemRestrictionGetEVectorSize(r_cpu, &e_size);
    CeedInt layout_gpu[3], layout_cpu[3];
    ASSERT_EQ(CeedElemRestrictionGetELayout(r_gpu, layout_gpu), 0);
    ASSERT_EQ(CeedElemRestrictionGetELayout(r_cpu, layout_cpu), 0);
    EXPECT_EQ(std::vector<CeedInt>(layout_gpu, layout_gpu + 3), std::vector<CeedInt>(layout_cpu, layout_cpu + 3)) << what;
    const std::vector<CeedScalar> l = TestData(l_size), e = TestData(e_size, 0.5);
    std::vector<CeedScalar>       out[2][2];  // [gpu, cpu][E, L]
    for (int k = 0; k < 2; k++) {
      Ceed                ceed = k == 0 ? gpu : cpu;
      CeedElemRestriction r    = k == 0 ? r_gpu : r_cpu;
      CeedVector          lv = MakeVector(ceed, l), ev = nullptr, ein = MakeVector(ceed, e), lout = nullptr;
      CeedVectorCreate(ceed, e_size, &ev);
      CeedVectorCreate(ceed, l_size, &lout);
      ASSERT_EQ(CeedElemRestrictionApply(r, CEED_NOTRANSPOSE, lv, ev, CEED_REQUEST_IMMEDIATE), 0) << what;
      CeedVectorSetValue(lout, 1.0);  // the transpose adds
      ASSERT_EQ(CeedElemRestrictionApply(r, CEED_TRANSPOSE, ein, lout, CEED_REQUEST_IMMEDIATE), 0) << what;
      out[k][0] = Values(ev);
      out[k][1] = Values(lout);
      if (k == 0 && Deterministic()) {
        // Deterministic transposes are bitwise reproducible.
        CeedVectorSetValue(lout, 1.0);
        ASSERT_EQ(CeedElemRestrictionApply(r, CEED_TRANSPOSE, ein, lout, CEED_REQUEST_IMMEDIATE), 0);
        EXPECT_TRUE(BitwiseEqual(Values(lout), out[0][1])) << what;
      }
      for (CeedVector *v : {&lv, &ev, &ein, &lout}) CeedVectorDestroy(v);
    }
    EXPECT_TRUE(BitwiseEqual(out[0][0], out[1][0])) << what << ": E-vectors differ";
    EXPECT_LT(RelativeError(out[0][1], out[1][1]), 1e-15) << what << ": transposes differ";
  }
  // 6 elements of 4 nodes on a periodic line of 18 nodes (neighbours share a node, and so do the ends).
  static constexpr CeedInt kElems = 6, kNodes = 4, kLNodes = 18;
  static std::vector<CeedInt> Offsets() {
    std::vector<CeedInt> off(kElems * kNodes);
    for (CeedInt e = 0; e < kElems; e++)
      for (CeedInt i = 0; i < kNodes; i++) off[e * kNodes + i] = (3 * e + i) % kLNodes;
    return off;
  }
};

TEST_P(CudaRestriction, EveryKindMatchesTheCpuReference) {
  const std::vector<CeedInt> off = Offsets();
  bool                       orients[kElems * kNodes];
  CeedInt8                   curl[3 * kElems * kNodes];
  for (CeedInt k = 0; k < kElems * kNodes; k++) orients[k] = (k * 7) % 3 == 0;
  for (CeedInt e = 0; e < kElems; e++) {
    for (CeedInt i = 0; i < kNodes; i++) {
      CeedInt8 *row = curl + 3 * (e * kNodes + i);
      row[0]        = i == 0 ? 0 : static_cast<CeedInt8>((e + i) % 3 - 1);
      row[1]        = static_cast<CeedInt8>((e + 2 * i) % 2 ? -1 : 1);
      row[2]        = i == kNodes - 1 ? 0 : static_cast<CeedInt8>((2 * e + i) % 3 - 1);
    }
  }
  const CeedInt nc = 2, l_size = nc * kLNodes;
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreate(c, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), r);
  }, "standard, component stride");
  std::vector<CeedInt> interleaved(off);
  for (CeedInt &o : interleaved) o *= nc;
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreate(c, kElems, kNodes, nc, 1, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, interleaved.data(), r);
  }, "standard, interleaved components");
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateOriented(c, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), orients, r);
  }, "oriented");
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateCurlOriented(c, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), curl, r);
  }, "curl-oriented");
  for (bool unsigned_copy : {true, false}) {
    Compare([&](Ceed c, CeedElemRestriction *r) {
      CeedElemRestriction base = nullptr;
      int ierr = CeedElemRestrictionCreateCurlOriented(c, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), curl, &base);
      if (!ierr) ierr = unsigned_copy ? CeedElemRestrictionCreateUnsignedCopy(base, r) : CeedElemRestrictionCreateUnorientedCopy(base, r);
      CeedElemRestrictionDestroy(&base);
      return ierr;
    }, unsigned_copy ? "curl-oriented, unsigned copy" : "curl-oriented, unoriented copy");
  }
  const CeedInt strides[3] = {1, kNodes, kNodes * nc};
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateStrided(c, kElems, kNodes, nc, kElems * kNodes * nc, strides, r);
  }, "strided");
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateStrided(c, kElems, kNodes, nc, kElems * kNodes * nc, CEED_STRIDES_BACKEND, r);
  }, "strided, backend strides");
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateBlocked(c, kElems, kNodes, 4, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), r);
  }, "blocked (block size 4, padded last block)");
  // At points: 3 elements holding 2, 3 and 2 of 7 points; point 5 appears in two elements.
  const CeedInt points[] = {4, 6, 9, 11, 0, 5, 1, 2, 5, 3, 4};
  Compare([&](Ceed c, CeedElemRestriction *r) {
    return CeedElemRestrictionCreateAtPoints(c, 3, 7, nc, 7 * nc, CEED_MEM_HOST, CEED_COPY_VALUES, points, r);
  }, "at points");
}

TEST_P(CudaRestriction, SingleBlocksAndElementsMatchTheCpuReference) {
  const std::vector<CeedInt> off = Offsets();
  const CeedInt              nc = 2, bs = 4, l_size = nc * kLNodes;
  const CeedInt              points[] = {4, 6, 9, 11, 0, 5, 1, 2, 5, 3, 4};
  CeedElemRestriction        blocked[2], at_points[2];
  Ceed                       ceeds[2] = {gpu, cpu};
  for (int k = 0; k < 2; k++) {
    ASSERT_EQ(CeedElemRestrictionCreateBlocked(ceeds[k], kElems, kNodes, bs, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(),
                                               &blocked[k]),
              0);
    ASSERT_EQ(CeedElemRestrictionCreateAtPoints(ceeds[k], 3, 7, nc, 7 * nc, CEED_MEM_HOST, CEED_COPY_VALUES, points, &at_points[k]), 0);
  }
  std::vector<CeedScalar> results[2];
  for (int k = 0; k < 2; k++) {
    CeedVector l = MakeVector(ceeds[k], TestData(l_size)), block_e = nullptr, l_out = nullptr, elem_e = nullptr;
    CeedVectorCreate(ceeds[k], bs * kNodes * nc, &block_e);
    CeedVectorCreate(ceeds[k], 3 * nc, &elem_e);
    CeedVectorCreate(ceeds[k], l_size, &l_out);
    CeedVectorSetValue(l_out, 0.0);
    ASSERT_EQ(CeedElemRestrictionApplyBlock(blocked[k], 1, CEED_NOTRANSPOSE, l, block_e, CEED_REQUEST_IMMEDIATE), 0);
    ASSERT_EQ(CeedElemRestrictionApplyBlock(blocked[k], 1, CEED_TRANSPOSE, block_e, l_out, CEED_REQUEST_IMMEDIATE), 0);
    ASSERT_EQ(CeedElemRestrictionApplyAtPointsInElement(at_points[k], 1, CEED_NOTRANSPOSE, l, elem_e, CEED_REQUEST_IMMEDIATE), 0);
    ASSERT_EQ(CeedElemRestrictionApplyAtPointsInElement(at_points[k], 1, CEED_TRANSPOSE, elem_e, l_out, CEED_REQUEST_IMMEDIATE), 0);
    for (const auto &part : {Values(block_e), Values(elem_e), Values(l_out)}) results[k].insert(results[k].end(), part.begin(), part.end());
    for (CeedVector *v : {&l, &block_e, &l_out, &elem_e}) CeedVectorDestroy(v);
    CeedElemRestrictionDestroy(&blocked[k]);
    CeedElemRestrictionDestroy(&at_points[k]);
  }
  EXPECT_LT(RelativeError(results[0], results[1]), 1e-15);
}

// Index arrays in CUDA device memory: the device copies a restriction hands out (Get* with CEED_MEM_DEVICE)
// hold its arrays, and restrictions created from them (every copy mode that leaves them with the caller)
// match the CPU reference.
TEST_P(CudaRestriction, IndexArraysInDeviceMemory) {
  const std::vector<CeedInt> off = Offsets();
  bool                       orients[kElems * kNodes];
  for (CeedInt k = 0; k < kElems * kNodes; k++) orients[k] = k % 3 == 1;
  const CeedInt       nc = 2, l_size = nc * kLNodes;
  CeedElemRestriction source = nullptr, reference = nullptr;
  ASSERT_EQ(CeedElemRestrictionCreateOriented(gpu, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), orients, &source),
            0);
  ASSERT_EQ(CeedElemRestrictionCreateOriented(cpu, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_HOST, CEED_COPY_VALUES, off.data(), orients, &reference),
            0);
  const CeedInt *d_off = nullptr, *h_off = nullptr;
  const bool    *d_orients = nullptr;
  ASSERT_EQ(CeedElemRestrictionGetOffsets(source, CEED_MEM_DEVICE, &d_off), 0) << Message();
  ASSERT_EQ(CeedElemRestrictionGetOrientations(source, CEED_MEM_DEVICE, &d_orients), 0) << Message();
  ASSERT_EQ(CeedElemRestrictionGetOffsets(source, CEED_MEM_HOST, &h_off), 0);
  EXPECT_NE(d_off, h_off);
  for (CeedCopyMode mode : {CEED_COPY_VALUES, CEED_USE_POINTER}) {
    CeedElemRestriction from_device = nullptr;
    ASSERT_EQ(CeedElemRestrictionCreateOriented(gpu, kElems, kNodes, nc, kLNodes, l_size, CEED_MEM_DEVICE, mode, d_off, d_orients, &from_device), 0)
        << Message();
    // The core's host copy equals the arrays the device pointers held.
    const CeedInt *copied = nullptr;
    ASSERT_EQ(CeedElemRestrictionGetOffsets(from_device, CEED_MEM_HOST, &copied), 0);
    EXPECT_EQ(std::vector<CeedInt>(copied, copied + off.size()), off);
    CeedElemRestrictionRestoreOffsets(from_device, &copied);
    CompareRestrictions(from_device, reference, mode == CEED_COPY_VALUES ? "from device arrays, copied" : "from device arrays, used");
    EXPECT_EQ(CeedElemRestrictionDestroy(&from_device), 0);
  }
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(source, &h_off), 0);
  EXPECT_EQ(CeedElemRestrictionRestoreOffsets(source, &d_off), 0);
  EXPECT_EQ(CeedElemRestrictionRestoreOrientations(source, &d_orients), 0);
  EXPECT_EQ(CeedElemRestrictionDestroy(&source), 0) << "the device copies are released with the restriction";
  EXPECT_EQ(CeedElemRestrictionDestroy(&reference), 0);
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaRestriction, ::testing::Values("/gpu/cuda/ref", "/gpu/cuda/ref/det", "/gpu/hip/ref", "/gpu/hip/ref/det", "/gpu/emu/ref",
                                           "/gpu/emu/ref/det"),
                         cuda_test::ResourceName);

// ---- Bases -------------------------------------------------------------------------------------------

class CudaBasis : public cuda_test::GpuTest {
 protected:
  // Applies both bases (same definition on both contexts) to num_elem elements in every mode given.
  void Compare(CeedBasis b_gpu, CeedBasis b_cpu, const std::vector<CeedEvalMode> &modes, const std::string &what) {
    const CeedInt num_elem = 3;
    CeedInt       nc = 0, P = 0, Q = 0;
    CeedBasisGetNumComponents(b_cpu, &nc);
    CeedBasisGetNumNodes(b_cpu, &P);
    CeedBasisGetNumQuadraturePoints(b_cpu, &Q);
    for (CeedEvalMode mode : modes) {
      CeedInt q_comp = 1;
      CeedBasisGetNumQuadratureComponents(b_cpu, mode, &q_comp);
      const CeedSize          nodes = static_cast<CeedSize>(num_elem) * nc * P, pts = static_cast<CeedSize>(num_elem) * nc * Q * q_comp;
      std::vector<CeedScalar> res[2];
      for (int k = 0; k < 2; k++) {
        Ceed      ceed = k == 0 ? gpu : cpu;
        CeedBasis b    = k == 0 ? b_gpu : b_cpu;
        if (mode == CEED_EVAL_WEIGHT) {
          CeedVector w = nullptr;
          CeedVectorCreate(ceed, static_cast<CeedSize>(num_elem) * Q, &w);
          ASSERT_EQ(CeedBasisApply(b, num_elem, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, w), 0) << what;
          res[k] = Values(w);
          CeedVectorDestroy(&w);
          continue;
        }
        CeedVector u = MakeVector(ceed, TestData(nodes)), q = nullptr, back = MakeVector(ceed, TestData(nodes, 2.0)), qin = MakeVector(ceed, TestData(pts, 1.0));
        CeedVectorCreate(ceed, pts, &q);
        ASSERT_EQ(CeedBasisApply(b, num_elem, CEED_NOTRANSPOSE, mode, u, q), 0) << what << " " << CeedEvalModes[mode] << ": " << Message();
        ASSERT_EQ(CeedBasisApplyAdd(b, num_elem, CEED_TRANSPOSE, mode, qin, back), 0) << what << " " << CeedEvalModes[mode];
        res[k] = Values(q);
        const std::vector<CeedScalar> t = Values(back);
        res[k].insert(res[k].end(), t.begin(), t.end());
        for (CeedVector *v : {&u, &q, &back, &qin}) CeedVectorDestroy(v);
      }
      EXPECT_LT(RelativeError(res[0], res[1]), 1e-14) << what << " " << CeedEvalModes[mode];
    }
  }
};

TEST_P(CudaBasis, TensorLagrangeMatchesTheCpuReference) {
  for (CeedInt dim = 1; dim <= 3; dim++) {
    for (auto pq : {std::array<CeedInt, 2>{3, 4}, std::array<CeedInt, 2>{5, 3}}) {
      CeedBasis b[2];
      for (int k = 0; k < 2; k++) ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(k ? cpu : gpu, dim, 2, pq[0], pq[1], CEED_GAUSS, &b[k]), 0);
      Compare(b[0], b[1], {CEED_EVAL_INTERP, CEED_EVAL_GRAD, CEED_EVAL_WEIGHT},
              "tensor dim " + std::to_string(dim) + " P " + std::to_string(pq[0]) + " Q " + std::to_string(pq[1]));
      for (CeedBasis &basis : b) CeedBasisDestroy(&basis);
    }
  }
}

TEST_P(CudaBasis, NonTensorH1HdivHcurlMatchTheCpuReference) {
  const CeedInt           P = 3, Q = 4, dim = 2;
  std::vector<CeedScalar> interp = TestData(dim * Q * P, 0.1), grad = TestData(dim * Q * P, 0.2), scalar = TestData(Q * P, 0.3);
  std::vector<CeedScalar> q_ref = TestData(dim * Q, 0.4), q_weight = {0.1, 0.2, 0.3, 0.4};
  CeedBasis               b[2];
  for (int k = 0; k < 2; k++)
    ASSERT_EQ(CeedBasisCreateH1(k ? cpu : gpu, CEED_TOPOLOGY_TRIANGLE, 2, P, Q, scalar.data(), grad.data(), q_ref.data(), q_weight.data(), &b[k]), 0);
  Compare(b[0], b[1], {CEED_EVAL_INTERP, CEED_EVAL_GRAD, CEED_EVAL_WEIGHT}, "H1 triangle");
  for (CeedBasis &basis : b) CeedBasisDestroy(&basis);
  for (int k = 0; k < 2; k++)
    ASSERT_EQ(CeedBasisCreateHdiv(k ? cpu : gpu, CEED_TOPOLOGY_TRIANGLE, 1, P, Q, interp.data(), scalar.data(), q_ref.data(), q_weight.data(), &b[k]), 0);
  Compare(b[0], b[1], {CEED_EVAL_INTERP, CEED_EVAL_DIV}, "H(div) triangle");
  for (CeedBasis &basis : b) CeedBasisDestroy(&basis);
  for (int k = 0; k < 2; k++)
    ASSERT_EQ(CeedBasisCreateHcurl(k ? cpu : gpu, CEED_TOPOLOGY_TRIANGLE, 1, P, Q, interp.data(), scalar.data(), q_ref.data(), q_weight.data(), &b[k]), 0);
  Compare(b[0], b[1], {CEED_EVAL_INTERP, CEED_EVAL_CURL}, "H(curl) triangle");
  for (CeedBasis &basis : b) CeedBasisDestroy(&basis);
}

TEST_P(CudaBasis, TooLargeForSharedMemoryIsAnErrorNotACrash) {
  // P = Q = 32 in 3D needs (2*32*32 + 3*32^3) doubles = 800 KiB of shared memory per block.
  CeedBasis basis = nullptr;
  ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(gpu, 3, 1, 32, 32, CEED_GAUSS, &basis), 0);
  CeedVector u = nullptr, v = nullptr;
  CeedVectorCreate(gpu, 32 * 32 * 32, &u);
  CeedVectorCreate(gpu, 32 * 32 * 32, &v);
  CeedVectorSetValue(u, 1.0);
  EXPECT_NE(CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), 0);
  EXPECT_NE(Message().find("bytes of shared memory per block"), std::string::npos) << Message();
  const char *reset = nullptr;
  CeedResetErrorMessage(gpu, &reset);
  // The context keeps working.
  CeedScalar norm = 0.0;
  EXPECT_EQ(CeedVectorNorm(u, CEED_NORM_1, &norm), 0);
  EXPECT_EQ(norm, 32.0 * 32 * 32);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedBasisDestroy(&basis);
}

// Evaluation at points: three elements (4, 0 and 5 points) at once on the GPU against the CPU reference's
// default, which takes one element at a time; Lagrange bases (rows on the nodes) and bases given by their
// matrices (rows through the quadrature points).
TEST_P(CudaBasis, AtPointsSeveralElementsMatchTheCpuReference) {
  const std::vector<CeedInt> num_points = {4, 0, 5};
  const CeedInt              num_elem = 3, N = 9, nc = 2;
  for (CeedInt dim = 1; dim <= 3; dim++) {
    for (bool lagrange : {true, false}) {
      CeedBasis b[2];
      for (int k = 0; k < 2; k++) {
        Ceed ceed = k ? cpu : gpu;
        if (lagrange) {
          ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, nc, 3, 4, CEED_GAUSS, &b[k]), 0);
          continue;
        }
        CeedBasis         nodal = nullptr;
        const CeedScalar *interp_1d, *grad_1d, *q_ref_1d, *q_weight_1d;
        ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(cpu, dim, nc, 3, 4, CEED_GAUSS_LOBATTO, &nodal), 0);
        CeedBasisGetInterp1D(nodal, &interp_1d);
        CeedBasisGetGrad1D(nodal, &grad_1d);
        CeedBasisGetQRef(nodal, &q_ref_1d);
        CeedBasisGetQWeights(nodal, &q_weight_1d);
        ASSERT_EQ(CeedBasisCreateTensorH1(ceed, dim, nc, 3, 4, interp_1d, grad_1d, q_ref_1d, q_weight_1d, &b[k]), 0);
        CeedBasisDestroy(&nodal);
      }
      CeedInt P = 1;
      for (CeedInt d = 0; d < dim; d++) P *= 3;
      const std::vector<CeedScalar> x = TestData(static_cast<CeedSize>(dim) * N, 0.3), u = TestData(static_cast<CeedSize>(num_elem) * nc * P);
      for (CeedEvalMode mode : {CEED_EVAL_INTERP, CEED_EVAL_GRAD}) {
        const CeedInt slices = mode == CEED_EVAL_GRAD ? dim : 1;
        const std::string what = "dim " + std::to_string(dim) + (lagrange ? " Lagrange " : " matrices ") + CeedEvalModes[mode];
        // GPU: all elements at once, to the points and back (added onto 1).
        CeedVector x_g = MakeVector(gpu, x), u_g = MakeVector(gpu, u), v_g = nullptr, w_g = MakeVector(gpu, std::vector<CeedScalar>(u.size(), 1.0));
        CeedVectorCreate(gpu, static_cast<CeedSize>(slices) * nc * N, &v_g);
        ASSERT_EQ(CeedBasisApplyAtPoints(b[0], num_elem, num_points.data(), CEED_NOTRANSPOSE, mode, x_g, u_g, v_g), 0) << what << ": " << Message();
        ASSERT_EQ(CeedBasisApplyAddAtPoints(b[0], num_elem, num_points.data(), CEED_TRANSPOSE, mode, x_g, v_g, w_g), 0) << what << ": " << Message();
        const std::vector<CeedScalar> v = Values(v_g), w = Values(w_g);
        for (CeedVector *vec : {&x_g, &u_g, &v_g, &w_g}) CeedVectorDestroy(vec);
        // CPU: element by element.
        CeedInt first = 0;
        for (CeedInt e = 0; e < num_elem; first += num_points[e], e++) {
          const CeedInt           n = num_points[e];
          std::vector<CeedScalar> x_e(static_cast<size_t>(dim) * n), v_e(static_cast<size_t>(slices) * nc * n);
          for (CeedInt d = 0; d < dim; d++)
            for (CeedInt p = 0; p < n; p++) x_e[d * n + p] = x[d * N + first + p];
          for (CeedInt k = 0; k < slices * nc; k++)
            for (CeedInt p = 0; p < n; p++) v_e[k * n + p] = v[k * N + first + p];
          CeedVector x_c = MakeVector(cpu, x_e), u_c = MakeVector(cpu, std::vector<CeedScalar>(u.begin() + e * nc * P, u.begin() + (e + 1) * nc * P));
          CeedVector v_c = nullptr, w_c = nullptr;
          CeedVectorCreate(cpu, static_cast<CeedSize>(slices) * nc * n, &v_c);
          CeedVectorCreate(cpu, static_cast<CeedSize>(nc) * P, &w_c);
          CeedVector v_in = MakeVector(cpu, v_e);
          ASSERT_EQ(CeedBasisApplyAtPoints(b[1], 1, &n, CEED_NOTRANSPOSE, mode, x_c, u_c, v_c), 0) << what;
          ASSERT_EQ(CeedBasisApplyAtPoints(b[1], 1, &n, CEED_TRANSPOSE, mode, x_c, v_in, w_c), 0) << what;
          const std::vector<CeedScalar> v_ref = Values(v_c), w_ref = Values(w_c);
          EXPECT_LT(RelativeError(v_e, v_ref), 1e-13) << what << " element " << e;
          std::vector<CeedScalar> w_e(w.begin() + e * nc * P, w.begin() + (e + 1) * nc * P);
          for (CeedScalar &value : w_e) value -= 1.0;
          EXPECT_LT(RelativeError(w_e, w_ref), 1e-13) << what << " element " << e << " (transpose)";
          for (CeedVector *vec : {&x_c, &u_c, &v_c, &w_c, &v_in}) CeedVectorDestroy(vec);
        }
      }
      for (CeedBasis &basis : b) CeedBasisDestroy(&basis);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaBasis, ::testing::Values("/gpu/cuda/ref", "/gpu/hip/ref", "/gpu/emu/ref"), cuda_test::ResourceName);


// Device out of memory: a vector larger than any GPU (8 TiB) is refused with an error naming the bytes, not a
// crash, and the context, its other vectors and the huge vector's handle stay usable.
class GpuMemory : public cuda_test::GpuTest {};

TEST_P(GpuMemory, VectorLargerThanTheDeviceIsAnErrorAndTheContextKeepsWorking) {
  CeedVector small = nullptr, huge = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, 1000, &small), 0);
  ASSERT_EQ(CeedVectorSetValue(small, 2.0), 0);
  const CeedSize huge_length = CeedSize(1) << 40;
  if (CeedVectorCreate(gpu, huge_length, &huge) == CEED_ERROR_SUCCESS) {
    EXPECT_NE(CeedVectorSetValue(huge, 1.0), 0) << "an 8 TiB vector was filled";
    EXPECT_NE(Message().find("bytes of device memory"), std::string::npos) << Message();
    EXPECT_NE(Message().find(std::to_string(huge_length * sizeof(CeedScalar))), std::string::npos) << Message();
    const char *reset = nullptr;
    CeedResetErrorMessage(gpu, &reset);
    EXPECT_EQ(CeedVectorDestroy(&huge), 0);
  } else {
    EXPECT_FALSE(Message().empty());  // refused at creation: still an error with a message
  }
  CeedScalar norm = 0.0;
  EXPECT_EQ(CeedVectorNorm(small, CEED_NORM_1, &norm), 0);
  EXPECT_EQ(norm, 2000.0);
  CeedVector again = nullptr;
  ASSERT_EQ(CeedVectorCreate(gpu, 1000, &again), 0);
  EXPECT_EQ(CeedVectorSetValue(again, 1.0), 0);
  EXPECT_EQ(CeedVectorNorm(again, CEED_NORM_1, &norm), 0);
  EXPECT_EQ(norm, 1000.0);
  CeedVectorDestroy(&again);
  CeedVectorDestroy(&small);
}

INSTANTIATE_TEST_SUITE_P(Resource, GpuMemory, ::testing::Values("/gpu/cuda/ref", "/gpu/cuda/gen", "/gpu/hip/ref", "/gpu/hip/gen", "/gpu/emu/ref", "/gpu/emu/gen"), cuda_test::ResourceName);

}  // namespace
