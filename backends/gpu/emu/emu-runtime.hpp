// /gpu/emu test backend: the host's Runtime for the shared GPU layer (emu-runtime.cpp).
#pragma once

#include <string>

#include "gpu-runtime.hpp"

namespace ceed::gpu::emu {

// The emulated runtime (one per process); NULL with *reason when the host compiler does not run.
Runtime *LoadRuntime(std::string *reason);

}  // namespace ceed::gpu::emu
