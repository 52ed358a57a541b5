// HIP vendor layer: the HIP runtime and hipRTC (both in libamdhip64) and comgr's ISA list (libamd_comgr),
// loaded at run time with dlopen. The plugin links neither, so it builds wherever the headers are and loads
// on machines without ROCm, where CeedInit says what is missing. The types come from the HIP headers the
// plugin was built with; the library loaded is the one of the same major version (hipDeviceProp_t changes
// layout between major versions).
#pragma once

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__
#endif
#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>
#include <hip/hiprtc.h>

#include <string>
#include <vector>

namespace ceed::gpu::hip {

struct Api {
  // Runtime (hip_runtime_api.h; explicit types: the header overloads some names with templates).
  hipError_t (*hipInit)(unsigned int);
  hipError_t (*hipRuntimeGetVersion)(int *);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipGetDeviceProperties)(hipDeviceProp_t *, int);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t);
  hipError_t (*hipMemcpyDtoD)(hipDeviceptr_t, hipDeviceptr_t, size_t);
  hipError_t (*hipMemset)(void *, int, size_t);
  hipError_t (*hipHostMalloc)(void **, size_t, unsigned int);
  hipError_t (*hipHostFree)(void *);
  hipError_t (*hipHostGetDevicePointer)(void **, void *, unsigned int);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t, const char *);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, hipStream_t, void **, void **);
  hipError_t (*hipModuleOccupancyMaxActiveBlocksPerMultiprocessor)(int *, hipFunction_t, int, size_t);
  // hipRTC.
  hiprtcResult (*hiprtcVersion)(int *, int *);
  const char *(*hiprtcGetErrorString)(hiprtcResult);
  hiprtcResult (*hiprtcCreateProgram)(hiprtcProgram *, const char *, const char *, int, const char **, const char **);
  hiprtcResult (*hiprtcCompileProgram)(hiprtcProgram, int, const char **);
  hiprtcResult (*hiprtcDestroyProgram)(hiprtcProgram *);
  hiprtcResult (*hiprtcGetProgramLogSize)(hiprtcProgram, size_t *);
  hiprtcResult (*hiprtcGetProgramLog)(hiprtcProgram, char *);
  hiprtcResult (*hiprtcGetCodeSize)(hiprtcProgram, size_t *);
  hiprtcResult (*hiprtcGetCode)(hiprtcProgram, char *);
};

// The library this plugin loads, e.g. "libamdhip64.so.5".
const char *LibraryName();

// Loads the library once per process; NULL with *reason (naming the library and the loader's message, or
// the missing entry point) when it is absent.
const Api *LoadApi(std::string *reason);

// The processors comgr (the code-object manager hipRTC compiles through) knows, e.g. "gfx90a"; empty with
// *reason when libamd_comgr cannot be loaded.
std::vector<std::string> ComgrProcessors(std::string *reason);

}  // namespace ceed::gpu::hip
