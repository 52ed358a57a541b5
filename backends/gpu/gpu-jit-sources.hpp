// CUDA backend: the translation units the backend compiles with NVRTC. Independent of any Ceed or GPU,
// so that the no-GPU tests compile exactly what the backend compiles.
#pragma once

#include <string>
#include <vector>

namespace ceed::gpu {

// The reference kernels (vector, restriction, basis) as one unit, from the sources embedded at build
// time (backends/cuda/kernels), and the names of its kernels.
std::string                     RefModuleSource();
const std::vector<std::string> &RefKernelNames();

// The element assembly kernel (one grid-stride thread per item of
// <ceed/jit-source/assembly/ceed-element-assembly.h>, arguments passed by value) and its name.
std::string        ElementAssemblyModuleSource();
extern const char *const kElementAssemblyKernelName;

// The two passes of basis evaluation at points (<ceed/jit-source/basis/ceed-basis-at-points.h>):
// rows, then items; both take CeedBasisAtPointsArgs by value.
std::string        BasisAtPointsModuleSource();
extern const char *const kBasisAtPointsRowsKernelName;
extern const char *const kBasisAtPointsKernelName;

// The kernel that applies the user QFunction `function` pointwise. user_source is the QFunction's
// source as one unit (CeedLoadSourceToBuffer); the unit predefines the device spellings of the
// QFunction macros (spec 01 §6) before it. Field i of the inputs has input_sizes[i] values per point.
// Kernel arguments: context data, number of points, points per block, CeedGpuQFunctionFields and a
// CeedGpuQFunctionError where non-zero returns are recorded (jit/gen/gpu/ceed-gpu-qfunction-error.h).
std::string QFunctionKernelName(const std::string &function);
std::string QFunctionKernelSource(const std::string &user_source, const std::string &function, const std::vector<int> &input_sizes,
                                  const std::vector<int> &output_sizes);

}  // namespace ceed::gpu
