// The bake-off kernels' resources through NVRTC (see cuda-kernel-report.hpp).
#include "cuda-kernel-report.hpp"

#include "cuda-runtime.hpp"

namespace ceed::gpu::cuda {

bool MeasureFusedKernel(const std::string &source, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &arch,
                        KernelResources *resources, std::string *error) {
  return MeasureKernelResources(Nvrtc(), Nvrtc().BaseOptions(), source, desc, layout, arch, resources, error);
}

bool CountFusedKernelPtx(const std::string &source, const std::string &arch, PtxCounts *counts, std::string *error) {
  return MeasurePtxCounts(Nvrtc(), Nvrtc().BaseOptions(), source, arch, counts, error);
}

}  // namespace ceed::gpu::cuda
