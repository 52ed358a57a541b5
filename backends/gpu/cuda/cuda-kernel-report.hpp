// The resources of the bake-off's fused kernels on an NVIDIA architecture through NVRTC, without a GPU
// (ceed-info --kernels and the register-budget tests); the measuring and the launch-bound tuning themselves are
// the backend's (gpu-kernel-resources.hpp).
#pragma once

#include <string>

#include "gpu-bake-off-kernels.hpp"
#include "gpu-kernel-resources.hpp"

namespace ceed::gpu::cuda {

using ceed::gpu::KernelResources;
using ceed::gpu::PtxCounts;
using ceed::gpu::ParsePtxasInfo;
using ceed::gpu::TuneLaunchBounds;

// MeasureKernelResources with NVRTC and its base options, as the backend compiles.
bool MeasureFusedKernel(const std::string &source, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout,
                        const std::string &arch, KernelResources *resources, std::string *error);

// MeasurePtxCounts with NVRTC and its base options: the kernel's shared loads, stores, barriers, FMAs and FP64 work.
bool CountFusedKernelPtx(const std::string &source, const std::string &arch, PtxCounts *counts, std::string *error);

}  // namespace ceed::gpu::cuda
