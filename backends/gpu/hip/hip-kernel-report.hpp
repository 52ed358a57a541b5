// The resources of a fused kernel on an AMD architecture, without a GPU: hipRTC compiles the unit for the
// processor as the backend does (its base options, --offload-arch, -munsafe-fp-atomics where it applies), and the
// code object's metadata note (read with llvm-readelf-15 --notes) gives VGPRs, AGPRs, SGPRs, scratch (private
// segment) and LDS bytes. Occupancy is in waves per SIMD: 512 vector registers per lane shared by the waves of a
// SIMD (gfx90a: VGPRs and AGPRs together, allocated in units of 8), at most 8 waves.
#pragma once

#include <string>

#include "ceed-gen.hpp"

namespace ceed::gpu::hip {

struct AmdKernelResources {
  std::string target;  // "gfx90a"
  int         threads = 0, vgprs = 0, agprs = 0, sgprs = 0, scratch_bytes = 0, lds_bytes = 0, dynamic_lds_bytes = 0;
  int         waves_per_simd = 0;  // resident waves of the kernel per SIMD
};

// Parses the kernel's entries of `llvm-readelf --notes` output; false when they are missing.
bool ParseCodeObjectNotes(const std::string &notes, AmdKernelResources *resources);

// Compiles source (a fused kernel of desc in layout, compiled with the fixed block layout.max_block) for processor
// and fills *resources; false with *error when hipRTC, the processor or llvm-readelf-15 is missing or the compile fails.
bool MeasureFusedKernel(const std::string &source, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout,
                        const std::string &processor, AmdKernelResources *resources, std::string *error);

}  // namespace ceed::gpu::hip
