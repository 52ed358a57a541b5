// CUDA vendor layer: the CUDA driver API, loaded at run time with dlopen("libcuda.so.1").
//
// The plugin never links libcuda: it builds and loads on machines without a GPU or driver (the toolkit's
// stub library would link but fail at run time). The types come from the toolkit's cuda.h; every entry
// point is resolved by its versioned symbol name (cuda.h maps e.g. cuMemAlloc to cuMemAlloc_v2).
#pragma once

#include <cuda.h>

#include <string>

namespace ceed::gpu {

// The entry points the backend uses; CEED_GPU_DRIVER_FUNCTIONS(X) lists them once for the table and the loader.
#define CEED_GPU_DRIVER_FUNCTIONS(X) \
  X(cuInit)                           \
  X(cuDriverGetVersion)               \
  X(cuGetErrorName)                   \
  X(cuGetErrorString)                 \
  X(cuDeviceGetCount)                 \
  X(cuDeviceGet)                      \
  X(cuDeviceGetName)                  \
  X(cuDeviceGetAttribute)             \
  X(cuDevicePrimaryCtxRetain)         \
  X(cuDevicePrimaryCtxRelease)        \
  X(cuCtxSetCurrent)                  \
  X(cuCtxSynchronize)                 \
  X(cuMemAlloc)                       \
  X(cuMemFree)                        \
  X(cuMemcpyHtoD)                     \
  X(cuMemcpyDtoH)                     \
  X(cuMemcpyDtoD)                     \
  X(cuMemsetD8)                       \
  X(cuMemHostAlloc)                   \
  X(cuMemFreeHost)                    \
  X(cuMemHostGetDevicePointer)        \
  X(cuModuleLoadData)                 \
  X(cuModuleUnload)                   \
  X(cuModuleGetFunction)              \
  X(cuFuncGetAttribute)               \
  X(cuFuncSetAttribute)               \
  X(cuLaunchKernel)                   \
  X(cuOccupancyMaxPotentialBlockSize)  \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)

struct Driver {
#define CEED_GPU_DRIVER_MEMBER(name) decltype(&::name) name = nullptr;
  CEED_GPU_DRIVER_FUNCTIONS(CEED_GPU_DRIVER_MEMBER)
#undef CEED_GPU_DRIVER_MEMBER
};

// Loads libcuda.so.1 once per process and resolves the table. Returns NULL and sets *reason (naming
// libcuda.so.1 and the loader's message, or the missing symbol) when the driver is absent or too old.
const Driver *LoadDriver(std::string *reason);

// "CUDA_ERROR_NAME (description)" for a driver result code.
std::string DriverErrorText(const Driver &cu, CUresult result);

}  // namespace ceed::gpu
