// CUDA vendor layer: NVRTC as the shared layer's Compiler and the driver API as its Runtime.
#pragma once

#include <string>
#include <vector>

#include "gpu-runtime.hpp"

namespace ceed::gpu::cuda {

// NVRTC (linked; it needs no GPU or driver).
const Compiler  &Nvrtc();
int              NvrtcVersion();  // major*1000 + minor*10, e.g. 13000
std::vector<int> NvrtcSupportedArchs();

// The target for a device of compute capability device_arch (major*10 + minor): its own architecture as
// a CUBIN when NVRTC supports it, otherwise PTX for the newest supported architecture below it (the
// driver finishes the compilation). False when NVRTC supports nothing at or below the device.
bool ChooseTarget(int device_arch, Target *target);

// The driver API as a Runtime (libcuda.so.1 loaded and cuInit called once per process); NULL with *reason,
// which starts with "no CUDA driver or device was found", when it cannot be used.
Runtime *LoadRuntime(std::string *reason);

}  // namespace ceed::gpu::cuda
