// CUDA backend: element assembly on the device. The core's default diagonal and COO assembly prepare the
// arguments in device memory (CeedBackendOps::AssembleElements); one grid-stride thread per item runs the
// shared kernel code of <ceed/jit-source/assembly/ceed-element-assembly.h>, compiled on first use.
#include <ceed/jit-source/assembly/ceed-element-assembly.h>

#include "ceed-cuda.hpp"

namespace ceed_cuda {

int AssembleElements(Ceed ceed, const CeedElementAssemblyArgs *args) {
  CeedCuda *data = nullptr;
  CeedCall(Activate(ceed, &data));
  CompileRequest request;
  request.source       = ElementAssemblyModuleSource();
  request.program_name = "ceed-cuda-element-assembly";
  request.kernel_names = {kElementAssemblyKernelName};
  CeedCall(JitOptions(ceed, &request.options));
  CUmodule   module = nullptr;
  CUfunction fn     = nullptr;
  CeedCall(LoadModule(ceed, *data, std::move(request), &module));
  CeedCall(GetFunction(ceed, *data, module, kElementAssemblyKernelName, &fn));
  CeedElementAssemblyArgs by_value    = *args;
  void                   *kernel_args[] = {&by_value};
  return LaunchGridStride(ceed, *data, fn, CeedElementAssemblyNumItems(args), kernel_args);
}

}  // namespace ceed_cuda
