// The AMD half of issue 30's register budget, without a GPU: the fused apply kernels of BP1-BP6 meet it on gfx90a
// (no scratch, at most 128 VGPRs; compiled by hipRTC as ceed-info --kernels --target gfx90a does). Even degrees
// only, to keep the test short. Each kernel also keeps the count measured when the contractions' sums and the
// transposed slice gradient's component loop became rolled on HIP, with a few VGPRs of room, so that a change
// making one worse fails here.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "gpu-bake-off-kernels.hpp"
#include "hip-kernel-report.hpp"

namespace {

bool HaveReadelf() { return std::string(CEEDRT_LLVM_READELF).find("NOTFOUND") == std::string::npos; }

TEST(HipKernelVgprs, BakeOffApplyKernelsOnGfx90a) {
  if (!HaveReadelf()) GTEST_SKIP() << "llvm-readelf-15 not installed (Debian: llvm-15): VGPRs not measured";
  setenv("CEEDRT_JIT_TEMPLATES_DIR", CEEDRT_HIP_TEST_TEMPLATES_DIR, 1);
  // VGPRs (AGPRs included; none of these uses any) at p = 2, 4, 6, 8 measured with Debian's hipRTC (HIP 5.2.3;
  // 2026-11-27, rolled contraction sums and exchange component loop) plus 4, at most the budget.
  const int ceiling[6][4] = {{52, 72, 103, 98}, {63, 84, 126, 124}, {74, 82, 104, 100}, {92, 104, 128, 126}, {62, 66, 70, 76}, {76, 76, 76, 76}};
  for (int bp = 1; bp <= 6; bp++) {
    for (int p = 2; p <= 8; p += 2) {
      ceed::gpu::BakeOffKernel kernel;
      std::string             error;
      ASSERT_EQ(ceed::gpu::GenerateBakeOffKernel({bp, p, false}, "hip", 64, {}, &kernel, &error), 0) << error;
      ceed::gpu::hip::AmdKernelResources r;
      ASSERT_TRUE(ceed::gpu::hip::MeasureFusedKernel(kernel.source, kernel.desc, kernel.layout, "gfx90a", &r, &error)) << error;
      const std::string what = "BP" + std::to_string(bp) + " p=" + std::to_string(p) + ": " + std::to_string(r.vgprs) + " VGPRs, " +
                               std::to_string(r.agprs) + " AGPRs, " + std::to_string(r.scratch_bytes) + " B scratch";
      EXPECT_EQ(r.scratch_bytes, 0) << what;
      EXPECT_LE(r.vgprs, 128) << what;
      EXPECT_LE(r.vgprs, ceiling[bp - 1][p / 2 - 1]) << what;
    }
  }
}

}  // namespace
