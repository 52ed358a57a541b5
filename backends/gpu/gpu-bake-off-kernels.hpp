// The fused GPU kernels of the bake-off operators, generated without a GPU through the path the gen
// backends take (DescribeOperator, SetFieldPrecisions, ChooseThreadLayout, GenerateKernelSource with the
// gpu dialect). Used by the kernel resource report (ceed-info --kernels) and the no-GPU compile tests.
//
// The operators are built on /cpu/self/ref/serial with two elements and identity offsets: only their
// shapes reach the kernel (gallery QFunctions, tensor H1 Lagrange bases; BP1-BP4 Gauss with Q = P + 1,
// BP5/BP6 Gauss-Lobatto with Q = P, as in the bake-off definitions), besides the 1D mass and 2D Poisson
// operators the tests also compile.
#pragma once

#include <ceed.h>

#include <string>
#include <vector>

#include "ceed-gen.hpp"
#include "gpu-occupancy.hpp"

namespace ceed::gpu {

struct BakeOffCase {
  int                   bp = 1, p = 1;  // bake-off problem and degree (bp 0: 1D mass, -1: 2D Poisson)
  bool                  setup = false;  // the geometric-factor operator instead of the action
  CeedOperatorPrecision precision = CEED_PRECISION_FP64;  // the operator's precision mode (docs/multiprecision.md)
};

// "bp3", "mass1d", "poisson2d"; "apply" or "setup".
std::string BakeOffProblemName(const BakeOffCase &c);
const char *BakeOffKernelName(const BakeOffCase &c);

// The operator of c on ceed (a CPU context); *op stays NULL on error.
int BuildBakeOffOperator(Ceed ceed, const BakeOffCase &c, CeedOperator *op);

// The fused kernel of c for vendor ("cuda", "hip"; wavefront > 0 fixes the block as HIP does) with the
// given launch bounds: its description, thread layout and
// translation unit. Creates and destroys its own /cpu/self/ref/serial context (the handles desc borrows are
// gone on return: only its shapes may be read); errors name the case.
struct BakeOffKernel {
  ceed::gen::OperatorDesc  desc;
  ceed::gen::ThreadLayout  layout;
  std::string              source;
};
// jit_defines (NAME=VALUE) are given to the context (CeedAddJitDefine: the generator's GpuSwitches) and defined at
// the top of the source, as the backends pass them to their compilers.
int GenerateBakeOffKernel(const BakeOffCase &c, const std::string &vendor, int wavefront, const LaunchBounds &bounds, BakeOffKernel *kernel,
                          std::string *error, const std::vector<std::string> &jit_defines = {});

}  // namespace ceed::gpu
