// HIP plugin entry point: /gpu/hip/ref, /gpu/hip/ref/det and /gpu/hip/gen on the shared GPU
// layer, with the vendor's Runtime (hip-runtime.cpp).
#include <ceed/backend.h>

#include "hip-runtime.hpp"

CEED_GPU_DEFINE_PLUGIN(Hip, "hip", ceed::gpu::hip::LoadRuntime)
