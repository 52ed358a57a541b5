// The resources of a fused kernel on an NVIDIA architecture, without a GPU: the compiler (NVRTC) builds the
// unit to a CUBIN for the architecture (-arch=sm_XY) and reports ptxas's verbose line (--ptxas-options=-v):
// registers per thread, spill stores and loads, static shared memory. The block of whole elements and the
// theoretical occupancy then follow from the architecture's limits (gpu-occupancy.hpp) with the choice the
// backend makes on a device (ChooseElementBlock).
//
// The same code chooses the launch bounds of /gpu/cuda/gen's kernels (Prepare) and of ceed-info --kernels --tune,
// so that the report shows what the backend compiles.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ceed-gen.hpp"
#include "gpu-occupancy.hpp"
#include "gpu-runtime.hpp"

namespace ceed::gpu {

// The options of the gpu dialect (backends/gen-common) for a runtime's capabilities.
inline ceed::gen::GpuDialectOptions DialectOptions(const Capabilities &caps) {
  return {caps.grid_constant_args, caps.volatile_matrix_loads, caps.rolled_slice_loops};
}

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

// Compiles source (a fused kernel of desc in layout) with compiler and options (without the target's) for arch
// ("sm_90") and fills *resources (and *code with the CUBIN, *compiled with false when the process's compile cache
// already held it, when given); false with *error on a compile failure or an architecture without limits.
bool MeasureKernelResources(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source,
                            const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &arch,
                            KernelResources *resources, std::string *error, std::string *code = nullptr, bool *compiled = nullptr);

// Static per-thread counts of the instructions of a kernel's PTX that load the shared-memory (MIO/LSU) pipe, and of its
// FMAs: a GPU-free proxy for the kernel's shared-memory traffic per FMA. The gpu dialect unrolls the sliced
// kernels' loops, so the static counts approximate the executed ones (a rolled loop counts once). The FP64 arithmetic
// and conversions show fp64 work in a kernel that computes in fp32: ptxas makes no FP64 instruction (DFMA, DADD, F2F
// to or from F64) the PTX does not have, so their absence here is their absence from the machine code.
struct PtxCounts {
  int shared_loads = 0;     // ld.shared (volatile and vector loads included; a vector load is one)
  int shared_stores = 0;    // st.shared
  int barriers = 0;         // bar.sync / barrier.sync
  int fp64_fmas = 0;        // fma.rn.f64
  int fp32_fmas = 0;        // fma.rn.f32 (and its .ftz/.sat forms)
  int fp64_arithmetic = 0;  // add, sub, mul, fma, div, rcp, sqrt, neg, abs, min, max, setp ... on .f64 operands
  int fp64_conversions = 0;  // cvt to or from .f64
  // Per FMA of the kernel's compute precision.
  double SharedLoadsPerFma(CeedScalarType compute = CEED_SCALAR_FP64) const {
    const int fmas = compute == CEED_SCALAR_FP32 ? fp32_fmas : fp64_fmas;
    return fmas > 0 ? (double)shared_loads / fmas : 0.0;
  }
};

// Counts the instructions of PTX text; false when it has no instructions at all.
bool CountPtxInstructions(const std::string &ptx, PtxCounts *counts);

// Compiles source with compiler and options (without the target's) to PTX for arch ("sm_90": compute_90) and counts
// its instructions; false with *error on a compile failure.
bool MeasurePtxCounts(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source, const std::string &arch,
                      PtxCounts *counts, std::string *error);

// Recompiles while tuning one kernel's launch bounds: at most this many, so that a Prepare costs at most 3 compiles
// (the measured kernel as generated and these; the chosen one's measured code is the kernel).
constexpr int kMaxTuningCompiles = 2;

// Whether one more block of r's threads could be resident on r.target if the registers allowed it: false when the
// block's shared memory, its warps or the multiprocessor's block count already stop it, so that raising the launch
// bound's minimum blocks cannot raise the occupancy and tuning would only spend a compile.
bool MoreBlocksFit(const KernelResources &r);

// Launch bounds from the computed occupancy (issue 30, item 3): from the resources of the kernel as generated
// (*resources on entry, compiled with `first`), the launch bound becomes the block the kernel is launched with and
// its minimum blocks are raised one resident block at a time, each step recompiled by measure(bounds, &resources),
// while ptxas fits the kernel without spills and the occupancy grows (at most kMaxTuningCompiles steps, none when
// MoreBlocksFit says no block more can fit). *resources and *bounds end at the best step; *compiles counts the
// steps' compiles; *best (when given) is the index of the chosen step (0: the kernel as generated).
template <class Measure>
bool TuneLaunchBounds(const LaunchBounds &first, Measure measure, KernelResources *resources, LaunchBounds *bounds, int *compiles = nullptr,
                      int *best = nullptr) {
  *bounds = first;
  if (compiles) *compiles = 0;
  if (best) *best = 0;
  if (resources->spill_store_bytes + resources->spill_load_bytes > 0 || resources->resident_blocks <= 0) return true;
  for (int step = 0; step < kMaxTuningCompiles && MoreBlocksFit(*resources); step++) {
    const LaunchBounds next = {resources->threads, resources->resident_blocks + 1};
    KernelResources    tried;
    if (compiles) (*compiles)++;
    if (!measure(next, &tried)) return false;
    if (tried.spill_store_bytes + tried.spill_load_bytes > 0 || tried.occupancy <= resources->occupancy) break;
    *resources = tried;
    *bounds    = next;
    if (best) *best = step + 1;
  }
  return true;
}

// What building one fused kernel for an NVIDIA architecture cost and gave (BuildFusedKernel).
struct FusedKernelBuild {
  std::string     code;       // the kernel for arch (CUBIN), compiled with `bounds`
  LaunchBounds    bounds;     // the layout's, or the tuned ones
  KernelResources resources;  // code's, from ptxas's report
  int             compiles = 0;  // whole NVRTC compiles (front end and ptxas) run; the process's compile cache's hits not
  double          seconds  = 0;  // wall time of them and of regenerating the tried sources
};

// Generates the fused kernel's source for a layout with other launch bounds; false with *error when it cannot.
using GenerateKernelSource = std::function<bool(const ceed::gen::ThreadLayout &, std::string *)>;

// Builds the fused kernel `source` (generated in layout) for arch ("sm_90") as /gpu/cuda/gen's Prepare does, and as
// ceed-info --kernels reports it: with tune, its launch bounds from the occupancy (TuneLaunchBounds, each step
// compiling the source generate() returns for its bounds), without, the layout's. The measured code of the chosen
// bounds is the kernel: nothing is compiled twice. (The launch bounds cannot be set in the PTX of one front-end
// compile instead: NVVM's PTX depends on them, and nvJitLink assembles PTX as relocatable code, with other registers.)
bool BuildFusedKernel(const Compiler &compiler, const std::vector<std::string> &options, const std::string &source,
                      const ceed::gen::OperatorDesc &desc, const ceed::gen::ThreadLayout &layout, const std::string &arch, bool tune,
                      const GenerateKernelSource &generate, FusedKernelBuild *build, std::string *error);

}  // namespace ceed::gpu
