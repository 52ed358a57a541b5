// Operators whose fused GPU kernels the no-GPU compile tests of every vendor build: the bake-off operators
// (BP1-BP6 setup and apply, p = 1..8) and 1D/2D tensor operators, built on /cpu/self/ref/serial (only their
// shapes matter for the kernel), and the fused source the shared generator's gpu dialect makes of them.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ceed-gen.hpp"
#include "gpu-bake-off-kernels.hpp"

namespace gpu_test {

using Case = ceed::gpu::BakeOffCase;

inline std::string Name(const testing::TestParamInfo<Case> &info) {
  const Case &c    = info.param;
  std::string mode = c.precision == CEED_PRECISION_FP64 ? "" : std::string("_") + CeedOperatorPrecisions[c.precision];
  for (char &ch : mode)
    if (ch == '-') ch = '_';
  return ceed::gpu::BakeOffProblemName(c) + "_p" + std::to_string(c.p) + "_" + ceed::gpu::BakeOffKernelName(c) + mode;
}

inline std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (int bp = 1; bp <= 6; bp++) {
    for (int p = 1; p <= 8; p++) cases.push_back({bp, p, false});
    for (int p : {1, 4, 8}) cases.push_back({bp, p, true});
  }
  for (int p : {1, 3}) {
    for (bool setup : {false, true}) cases.push_back({0, p, setup}), cases.push_back({-1, p, setup});
  }
  // Precision modes: fp32 kernels (CeedScalar = float), fp32 vectors converted at the restriction (float atomics).
  for (int bp : {2, 3}) {
    for (CeedOperatorPrecision mode : {CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW}) cases.push_back({bp, 4, false, mode});
  }
  return cases;
}

// The fused kernel of c for vendor ("cuda", "hip"; wavefront > 0 fixes the block as HIP does).
inline void GenerateFused(const Case &c, const std::string &vendor, int wavefront, ceed::gen::ThreadLayout *layout, std::string *source,
                          int min_blocks = 1) {
  ceed::gpu::BakeOffKernel kernel;
  std::string             error;
  ASSERT_EQ(ceed::gpu::GenerateBakeOffKernel(c, vendor, wavefront, {0, min_blocks}, &kernel, &error), 0) << error;
  EXPECT_EQ(kernel.layout.thread_dims, kernel.layout.dim - 1);
  *layout = kernel.layout;
  *source = kernel.source;
}

}  // namespace gpu_test
