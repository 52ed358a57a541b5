// GPU backends: element assembly on the device. The core's default diagonal and COO assembly prepare the
// arguments in device memory (CeedBackendOps::AssembleElements); one grid-stride thread per item runs the
// shared kernel code of <ceed/jit-source/assembly/ceed-element-assembly.h>, compiled on first use.
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include "ceed-gpu.hpp"

namespace ceed::gpu {

int AssembleElements(Ceed ceed, const CeedElementAssemblyArgs *args) {
  CeedGpu *data = nullptr;
  CeedCall(Activate(ceed, &data));
  Function fn = nullptr;
  CeedCall(GetJitFunction(ceed, *data, ElementAssemblyModuleSource, "ceed-gpu-element-assembly", {kElementAssemblyKernelName},
                          kElementAssemblyKernelName, &fn));
  CeedElementAssemblyArgs by_value    = *args;
  void                   *kernel_args[] = {&by_value};
  return LaunchGridStride(ceed, *data, fn, CeedElementAssemblyNumItems(args), kernel_args);
}

}  // namespace ceed::gpu
