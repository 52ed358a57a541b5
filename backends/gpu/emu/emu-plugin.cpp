// /gpu/emu test plugin entry point: /gpu/emu/ref, /gpu/emu/ref/det and /gpu/emu/gen on the shared GPU layer,
// kernels run on the host (emu-runtime.cpp).
#include <ceed/backend.h>

#include "emu-runtime.hpp"

CEED_GPU_DEFINE_PLUGIN(Emu, "emu", ceed::gpu::emu::LoadRuntime)
