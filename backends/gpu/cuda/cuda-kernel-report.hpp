// The resources of a fused kernel on an NVIDIA architecture, without a GPU: NVRTC compiles the unit to a
// CUBIN for the architecture as the backend does (its base options, -arch=sm_XY) and reports ptxas's
// verbose line (--ptxas-options=-v): registers per thread, spill stores and loads, static shared memory.
// The block of whole elements and the theoretical occupancy then follow from the architecture's limits
// (gpu-occupancy.hpp) with the choice the backend makes on a device (ChooseElementBlock).
#pragma once

#include <string>

#include "ceed-gen.hpp"
#include "gpu-bake-off-kernels.hpp"
#include "gpu-occupancy.hpp"

namespace ceed_gpu::cuda {

struct KernelResources {
  std::string target;                 // "sm_90"
  int         threads         = 0;    // threads per block the backend would launch
  int         threads_per_elem = 0;
  int         registers       = 0;    // per thread
  int         spill_store_bytes = 0, spill_load_bytes = 0;
  int         static_shared_bytes = 0, dynamic_shared_bytes = 0;
  int         resident_blocks = 0;    // per multiprocessor
  double      occupancy       = 0.0;  // resident warps over the maximum
  int         max_block = 0, min_blocks = 1;  // the launch bound the kernel was compiled with
};

// Parses ptxas's verbose output for the kernel `entry` into registers, spills and static shared memory; false
// when the output has no such lines.
bool ParsePtxasInfo(const std::string &log, const std::string &entry, KernelResources *resources);

// Compiles source (a fused kernel of desc in layout) for arch ("sm_90") and fills *resources; false with
// *error on a compile failure or an architecture without limits.
bool MeasureFusedKernel(const std::string &source, const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout,
                        const std::string &arch, KernelResources *resources, std::string *error);

// Launch bounds from the computed occupancy (issue 30, item 3): from the resources of the kernel as generated
// (*resources on entry, compiled with `first`), the launch bound becomes the block the kernel is launched with and
// its minimum blocks are raised one resident block at a time, each step recompiled by measure(bounds, &resources),
// while ptxas fits the kernel without spills and the occupancy grows. *resources and *bounds end at the best step.
template <class Measure>
bool TuneLaunchBounds(const LaunchBounds &first, Measure measure, KernelResources *resources, LaunchBounds *bounds) {
  *bounds = first;
  for (int step = 0; step < 32; step++) {
    const LaunchBounds next = {resources->threads, resources->resident_blocks + 1};
    KernelResources    tried;
    if (!measure(next, &tried)) return false;
    if (tried.spill_store_bytes + tried.spill_load_bytes > 0 || tried.occupancy <= resources->occupancy) break;
    *resources = tried;
    *bounds    = next;
  }
  return true;
}

}  // namespace ceed_gpu::cuda
