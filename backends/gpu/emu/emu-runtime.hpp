// /gpu/emu test backend: the host's Runtime for the shared GPU layer (emu-runtime.cpp).
#pragma once

#include <string>

#include "gpu-runtime.hpp"

namespace ceed::gpu::emu {

// The compiler option that marks the units of :wavefront=64 (HIP's launch policy and kernels): the emulated
// compiler checks them with hipRTC instead of NVRTC (CEEDRT_EMU_HIPRTC_CHECK, emu-runtime.cpp).
inline constexpr const char *kHipKernelsMarker = "-DCEEDRT_EMU_HIP_KERNELS=1";

// The emulated runtime (one per process); NULL with *reason when the host compiler does not run.
Runtime *LoadRuntime(std::string *reason);

}  // namespace ceed::gpu::emu
