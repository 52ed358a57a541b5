// The execution model of the /gpu/emu test backend (ceed-gpu-emulation.h), on small kernels compiled and launched
// through its Runtime: what the GPU tests rely on when they run there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "emu-runtime.hpp"

namespace {

const char *const kSource = R"(
typedef struct {
  double scale;
  int    offset;
} Params;

/* Block sums through dynamic shared memory: a tree over blockDim.x (a power of two). */
extern "C" __global__ void __launch_bounds__(256) BlockSums(const double *x, int n, double *sums) {
  extern __shared__ double partial[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0;
  __syncthreads();
  for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
    if (threadIdx.x < width) partial[threadIdx.x] += partial[threadIdx.x + width];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}

/* Reverses each block's values through a static shared array: reads what other threads wrote. */
extern "C" __global__ void __launch_bounds__(64) ReverseInBlock(double *x, Params params) {
  __shared__ double tile[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = x[i];
  __syncthreads();
  x[i] = params.scale * tile[blockDim.x - 1 - threadIdx.x] + params.offset + gridDim.x;
}

/* Thread 0 leaves before the barrier the others wait at: undefined on a GPU, an error here. */
extern "C" __global__ void __launch_bounds__(32) DivergentBarrier(int *out) {
  if (threadIdx.x == 0) return;
  __syncthreads();
  out[threadIdx.x] = 1;
}

/* Reads shared memory nobody wrote. */
extern "C" __global__ void __launch_bounds__(32) ReadUnwrittenShared(double *out) {
  extern __shared__ double scratch[];
  out[threadIdx.x] = scratch[threadIdx.x];
}

/* Many threads add to one word. */
extern "C" __global__ void __launch_bounds__(128) AtomicCount(double *total) { atomicAdd(total, 1.0); }
)";

// A unit the host compiler takes but the vendors' compilers do not: a __host__ function called from a kernel.
const char *const kHostOnlySource = R"(
__host__ int HostOnly(int x) { return 2 * x; }
extern "C" __global__ void __launch_bounds__(32) CallsHost(int *out) { out[threadIdx.x] = HostOnly((int)threadIdx.x); }
)";

class EmuRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string reason;
    rt = ceed::gpu::emu::LoadRuntime(&reason);
    ASSERT_NE(rt, nullptr) << reason;
    std::string code, log, error;
    ASSERT_TRUE(rt->Jit().Compile(kSource, "emu-runtime-test", rt->Jit().BaseOptions(), &code, &log, &error)) << error << "\n" << log;
    ASSERT_EQ(rt->ModuleLoad(code, &module), 0) << rt->ErrorText(1);
  }
  void TearDown() override {
    if (module) {
      EXPECT_EQ(rt->ModuleUnload(module), 0);
    }
  }
  // Compiles source through the runtime's compiler, as a unit of :wavefront=64 (HIP's kernels) or not; *error is
  // the failure's message.
  bool Compile(const char *source, const char *program_name, bool hip_kernels, std::string *error) {
    std::string              code, log;
    std::vector<std::string> options = rt->Jit().BaseOptions();
    if (hip_kernels) options.push_back(ceed::gpu::emu::kHipKernelsMarker);
    error->clear();
    return rt->Jit().Compile(source, program_name, options, &code, &log, error);
  }
  ceed::gpu::Function Kernel(const char *name) {
    ceed::gpu::Function fn = nullptr;
    EXPECT_EQ(rt->ModuleGetFunction(module, name, &fn), 0) << rt->ErrorText(1);
    return fn;
  }
  ceed::gpu::Runtime *rt     = nullptr;
  ceed::gpu::Module   module = nullptr;
};

TEST_F(EmuRuntime, BarriersAndDynamicSharedMemoryGiveExactBlockSums) {
  const int           n = 1000, block = 128, grid = (n + block - 1) / block;
  std::vector<double> x(n), sums(grid, -1.0);
  for (int i = 0; i < n; i++) x[i] = i + 1;  // integers: every sum exact
  const double *x_ptr = x.data();
  double       *s_ptr = sums.data();
  int           count = n;
  void         *args[] = {&x_ptr, &count, &s_ptr};
  ASSERT_EQ(rt->Launch(Kernel("BlockSums"), grid, block, block * sizeof(double), args), 0) << rt->ErrorText(1);
  for (int b = 0; b < grid; b++) {
    double expected = 0;
    for (int i = b * block; i < std::min(n, (b + 1) * block); i++) expected += x[i];
    EXPECT_EQ(sums[b], expected) << "block " << b;
  }
}

TEST_F(EmuRuntime, StaticSharedArraysAndArgumentsByValue) {
  const int           block = 64, grid = 3;
  std::vector<double> x(block * grid);
  for (size_t i = 0; i < x.size(); i++) x[i] = (double)i;
  struct {
    double scale;
    int    offset;
  } params = {2.0, 5};
  double *x_ptr  = x.data();
  void   *args[] = {&x_ptr, &params};
  ASSERT_EQ(rt->Launch(Kernel("ReverseInBlock"), grid, block, 0, args), 0) << rt->ErrorText(1);
  for (int b = 0; b < grid; b++) {
    for (int t = 0; t < block; t++) EXPECT_EQ(x[b * block + t], 2.0 * (b * block + block - 1 - t) + 5 + grid) << b << " " << t;
  }
}

TEST_F(EmuRuntime, BarrierNotReachedByEveryThreadFailsTheLaunch) {
  std::vector<int> out(32, 0);
  int             *out_ptr = out.data();
  void            *args[]  = {&out_ptr};
  EXPECT_NE(rt->Launch(Kernel("DivergentBarrier"), 2, 32, 0, args), 0);
  const std::string message = rt->ErrorText(1);
  EXPECT_NE(message.find("__syncthreads() not reached by every thread"), std::string::npos) << message;
  EXPECT_NE(message.find("in block 0 of 2, 1 of 32 threads ended while 31 waited at barrier 1"), std::string::npos) << message;
  // The runtime recovers: a correct kernel launched next still works.
  double total = 0, *total_ptr = &total;
  void  *count_args[] = {&total_ptr};
  ASSERT_EQ(rt->Launch(Kernel("AtomicCount"), 3, 128, 0, count_args), 0) << rt->ErrorText(1);
  EXPECT_EQ(total, 3 * 128);
}

TEST_F(EmuRuntime, SharedMemoryStartsAsNaN) {
  std::vector<double> out(32, 0.0);
  double             *out_ptr = out.data();
  void               *args[]  = {&out_ptr};
  ASSERT_EQ(rt->Launch(Kernel("ReadUnwrittenShared"), 1, 32, 32 * sizeof(double), args), 0) << rt->ErrorText(1);
  for (double v : out) EXPECT_TRUE(std::isnan(v));
}

TEST_F(EmuRuntime, DeviceMemoryStartsAsNaNAndImpossibleSizesFail) {
  void *ptr = nullptr;
  ASSERT_EQ(rt->Malloc(&ptr, 4 * sizeof(double)), 0);
  for (int i = 0; i < 4; i++) EXPECT_TRUE(std::isnan(static_cast<double *>(ptr)[i]));
  EXPECT_EQ(rt->Free(ptr), 0);
  EXPECT_NE(rt->Malloc(&ptr, size_t(1) << 50), 0);  // 1 PiB
  EXPECT_NE(rt->ErrorText(1).find("out of emulated device memory"), std::string::npos) << rt->ErrorText(1);
}

TEST_F(EmuRuntime, UnknownKernelIsAnError) {
  ceed::gpu::Function fn = nullptr;
  EXPECT_NE(rt->ModuleGetFunction(module, "NoSuchKernel", &fn), 0);
  EXPECT_NE(rt->ErrorText(1).find("no kernel named NoSuchKernel"), std::string::npos) << rt->ErrorText(1);
}

#if CEEDRT_EMU_NVRTC_CHECK
// CEEDRT_EMU_NVRTC_CHECK=sm_XY: a unit the host compiler takes but NVRTC does not (a __host__ function called from a
// kernel) fails with NVRTC's reason; without the variable it compiles; an architecture NVRTC lacks is refused.
TEST_F(EmuRuntime, NvrtcCheckFailsUnitsOnlyTheHostCompiles) {
  const auto compile = [&](const char *source, std::string *error) { return Compile(source, "nvrtc-check-test", false, error); };
  std::string error;
  unsetenv("CEEDRT_EMU_NVRTC_CHECK");
  EXPECT_TRUE(compile(kHostOnlySource, &error)) << error;
  setenv("CEEDRT_EMU_NVRTC_CHECK", "sm_90", 1);
  EXPECT_TRUE(compile(kSource, &error)) << error;
  EXPECT_FALSE(compile(kHostOnlySource, &error));
  EXPECT_NE(error.find("(CEEDRT_EMU_NVRTC_CHECK=sm_90) rejects nvrtc-check-test"), std::string::npos) << error;
  EXPECT_NE(error.find("HostOnly"), std::string::npos) << error;
  setenv("CEEDRT_EMU_NVRTC_CHECK", "sm_9", 1);
  EXPECT_FALSE(compile(kSource, &error));
  EXPECT_NE(error.find("CEEDRT_EMU_NVRTC_CHECK=sm_9: not an architecture"), std::string::npos) << error;
  unsetenv("CEEDRT_EMU_NVRTC_CHECK");
}
#endif

#if CEEDRT_EMU_HIPRTC_CHECK
// CEEDRT_EMU_HIPRTC_CHECK=gfxNNN checks the units of :wavefront=64 (marked by its target option) with hipRTC, and
// only those: the unit hipRTC rejects fails there and compiles with CUDA's launch policy.
TEST_F(EmuRuntime, HiprtcCheckFailsHipUnitsOnlyTheHostCompiles) {
  const auto compile = [&](const char *source, bool hip_kernels, std::string *error) { return Compile(source, "hiprtc-check-test", hip_kernels, error); };
  std::string error;
  unsetenv("CEEDRT_EMU_NVRTC_CHECK");
  setenv("CEEDRT_EMU_HIPRTC_CHECK", "gfx90a", 1);
  EXPECT_TRUE(compile(kHostOnlySource, false, &error)) << error;
  EXPECT_TRUE(compile(kSource, true, &error)) << error;
  EXPECT_FALSE(compile(kHostOnlySource, true, &error));
  EXPECT_NE(error.find("(CEEDRT_EMU_HIPRTC_CHECK=gfx90a) rejects hiprtc-check-test"), std::string::npos) << error;
  EXPECT_NE(error.find("HostOnly"), std::string::npos) << error;
  setenv("CEEDRT_EMU_HIPRTC_CHECK", "gfx9999", 1);
  EXPECT_FALSE(compile(kSource, true, &error));
  EXPECT_NE(error.find("CEEDRT_EMU_HIPRTC_CHECK=gfx9999: hipRTC of this HIP installation cannot compile for gfx9999"), std::string::npos) << error;
  unsetenv("CEEDRT_EMU_HIPRTC_CHECK");
}
#endif

}  // namespace
