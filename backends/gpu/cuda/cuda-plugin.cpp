// CUDA plugin entry point: /gpu/cuda/ref, /gpu/cuda/ref/det and /gpu/cuda/gen on the shared GPU
// layer, with the vendor's Runtime (cuda-runtime.cpp).
#include <ceed/backend.h>

#include "cuda-runtime.hpp"

CEED_GPU_DEFINE_PLUGIN(Cuda, "cuda", ceed::gpu::cuda::LoadRuntime)
