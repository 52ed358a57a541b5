// The shared-memory trace of the /gpu/emu test backend (CEEDRT_EMU_SHARED_TRACE, ceed-gpu-emulation-shared-trace.h):
// kernels whose access patterns have known bank conflicts, and the requests and wavefronts the trace must report.
// The variable is set before the runtime loads (it is read once per process), so this is a program of its own.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "emu-runtime.hpp"

namespace {

// Each kernel reads (or writes) 8-byte words of shared memory at index(threadIdx.x); one warp of 32 threads.
const char *const kSource = R"(
/* Thread t reads word t: two half-warps of 16 distinct 8-byte words, one wavefront each. */
extern "C" __global__ void Contiguous(double *out) {
  extern __shared__ double s[];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
/* Thread t reads word 2t: each half-warp's 32 four-byte words fall two to a bank (2 wavefronts each). */
extern "C" __global__ void StrideTwo(double *out) {
  extern __shared__ double s[];
  s[threadIdx.x] = 1;
  s[threadIdx.x + 32] = 1;
  __syncthreads();
  out[threadIdx.x] = s[2 * threadIdx.x];
}
/* Thread t reads word 16t: 128 bytes apart, so a half-warp's 16 words share one pair of banks. */
extern "C" __global__ void StrideSixteen(double *out) {
  __shared__ double s[512];
  for (int i = 0; i < 16; i++) s[threadIdx.x * 16 + i] = i;
  __syncthreads();
  out[threadIdx.x] = s[16 * threadIdx.x];
}
/* Global memory: a contiguous read (8 sectors of 32 bytes for 256 bytes), a read with a stride of 32 bytes (32 sectors
   for 256 bytes), and a contiguous store. */
extern "C" __global__ void GlobalContiguousAndStrided(double *out) {
  const double a = out[threadIdx.x + 128];
  const double b = out[4 * threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = a + b;
}
/* Every thread reads word 0 (a broadcast), four times in a loop, and only the even threads read word 1. */
extern "C" __global__ void BroadcastAndDivergent(double *out) {
  extern __shared__ double s[];
  if (threadIdx.x < 2) s[threadIdx.x] = 3;
  __syncthreads();
  double sum = 0;
  for (int i = 0; i < 4; i++) sum += ((volatile double *)s)[0];
  if (threadIdx.x % 2 == 0) sum += s[1];
  out[threadIdx.x] = sum;
}
)";

struct Launch {
  std::string kernel;
  long        load_requests = -1, load_wavefronts = -1, load_conflict_free = -1, load_accesses = -1;
  long        store_requests = -1, store_wavefronts = -1, store_conflict_free = -1;
  long        global_load_requests = -1, global_load_sectors = -1, global_load_bytes = -1;
  long        global_store_requests = -1, global_store_sectors = -1, global_store_bytes = -1;
};

long Field(const std::string &line, const std::string &key) {
  const size_t at = line.find("\"" + key + "\": ");
  return at == std::string::npos ? -1 : std::atol(line.c_str() + at + key.size() + 4);
}

class EmuSharedTrace : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char pattern[] = "/tmp/ceedrt-shared-trace-XXXXXX";
    const int fd   = mkstemp(pattern);
    ASSERT_GE(fd, 0);
    close(fd);
    trace_path = pattern;
    setenv("CEEDRT_EMU_SHARED_TRACE", trace_path.c_str(), 1);
  }
  static void TearDownTestSuite() { std::remove(trace_path.c_str()); }

  // Launches kernel on one block of 32 threads, its argument 256 doubles of the emulated device's memory, and returns
  // the trace's record of that launch.
  Launch Run(const char *kernel) {
    std::string reason;
    ceed::gpu::Runtime *rt = ceed::gpu::emu::LoadRuntime(&reason);
    EXPECT_NE(rt, nullptr) << reason;
    if (!rt) return {};
    EXPECT_NE(rt->Jit().Name().find("tracing shared memory"), std::string::npos) << rt->Jit().Name();
    std::string code, log, error;
    EXPECT_TRUE(rt->Jit().Compile(kSource, "emu-shared-trace-test", rt->Jit().BaseOptions(), &code, &log, &error)) << error << "\n" << log;
    ceed::gpu::Module   module = nullptr;
    ceed::gpu::Function fn     = nullptr;
    EXPECT_EQ(rt->ModuleLoad(code, &module), 0) << rt->ErrorText(1);
    EXPECT_EQ(rt->ModuleGetFunction(module, kernel, &fn), 0) << rt->ErrorText(1);
    void *out_ptr = nullptr;
    EXPECT_EQ(rt->Malloc(&out_ptr, 256 * sizeof(double)), 0);
    EXPECT_EQ(rt->Memset(out_ptr, 0, 256 * sizeof(double)), 0);
    void *args[] = {&out_ptr};
    std::remove(trace_path.c_str());
    EXPECT_EQ(rt->Launch(fn, 1, 32, 64 * sizeof(double), args), 0) << rt->ErrorText(1);
    EXPECT_EQ(rt->ModuleUnload(module), 0);
    EXPECT_EQ(rt->Free(out_ptr), 0);
    std::ifstream file(trace_path);
    std::string   line;
    EXPECT_TRUE(std::getline(file, line)) << "no trace record in " << trace_path;
    Launch l;
    l.kernel = line.substr(line.find("\"kernel\": \"") + 11, std::string(kernel).size());
    const std::pair<long Launch::*, const char *> fields[] = {
        {&Launch::load_requests, "load_requests"},
        {&Launch::load_wavefronts, "load_wavefronts"},
        {&Launch::load_conflict_free, "load_wavefronts_conflict_free"},
        {&Launch::load_accesses, "load_accesses"},
        {&Launch::store_requests, "store_requests"},
        {&Launch::store_wavefronts, "store_wavefronts"},
        {&Launch::store_conflict_free, "store_wavefronts_conflict_free"},
        {&Launch::global_load_requests, "global_load_requests"},
        {&Launch::global_load_sectors, "global_load_sectors"},
        {&Launch::global_load_bytes, "global_load_bytes"},
        {&Launch::global_store_requests, "global_store_requests"},
        {&Launch::global_store_sectors, "global_store_sectors"},
        {&Launch::global_store_bytes, "global_store_bytes"}};
    for (const auto &[member, key] : fields) l.*member = Field(line, key);
    EXPECT_FALSE(std::getline(file, line)) << "one launch, one record";
    return l;
  }
  static std::string trace_path;
};
std::string EmuSharedTrace::trace_path;

// What one launch's record must say: requests, wavefronts and conflict-free wavefronts of its loads, then its stores.
struct Expected {
  long load_requests, load_wavefronts, load_conflict_free, store_requests, store_wavefronts, store_conflict_free;
};

void ExpectCounts(const Launch &l, const Expected &e) {
  EXPECT_EQ(l.load_requests, e.load_requests);
  EXPECT_EQ(l.load_wavefronts, e.load_wavefronts);
  EXPECT_EQ(l.load_conflict_free, e.load_conflict_free);
  EXPECT_EQ(l.store_requests, e.store_requests);
  EXPECT_EQ(l.store_wavefronts, e.store_wavefronts);
  EXPECT_EQ(l.store_conflict_free, e.store_conflict_free);
}

TEST_F(EmuSharedTrace, ContiguousWordsTakeOneWavefrontPerHalfWarp) {
  const Launch l = Run("Contiguous");
  EXPECT_EQ(l.kernel, "Contiguous");
  EXPECT_EQ(l.load_accesses, 32);
  ExpectCounts(l, {1, 2, 2, 1, 2, 2});
}

TEST_F(EmuSharedTrace, StrideTwoIsATwoWayConflict) {
  ExpectCounts(Run("StrideTwo"), {1, 4, 2, 2, 4, 4});  // two contiguous stores
}

TEST_F(EmuSharedTrace, StaticArrayWithStrideSixteenIsASixteenWayConflict) {
  // 16 stores in the loop, each thread 128 bytes after the previous one: 16 ways too.
  ExpectCounts(Run("StrideSixteen"), {1, 32, 2, 16, 16 * 32, 16 * 2});
}

TEST_F(EmuSharedTrace, GlobalAccessesCountTheirSectors) {
  const Launch l = Run("GlobalContiguousAndStrided");
  ExpectCounts(l, {0, 0, 0, 0, 0, 0});
  EXPECT_EQ(l.global_load_requests, 2);
  EXPECT_EQ(l.global_load_sectors, 8 + 32);
  EXPECT_EQ(l.global_load_bytes, 2 * 256);
  EXPECT_EQ(l.global_store_requests, 1);
  EXPECT_EQ(l.global_store_sectors, 8);
  EXPECT_EQ(l.global_store_bytes, 256);
}

TEST_F(EmuSharedTrace, BroadcastsAndInactiveLanes) {
  const Launch l = Run("BroadcastAndDivergent");
  // Four volatile reads of word 0 by every thread (each a request of two broadcast phases), one read of word 1 by
  // the even threads (two phases of 8 lanes, broadcast); the store of two lanes takes one phase.
  EXPECT_EQ(l.load_accesses, 4 * 32 + 16);
  ExpectCounts(l, {5, 5 * 2, 5 * 2, 1, 1, 1});
}

}  // namespace
