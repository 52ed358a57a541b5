// No-GPU tests of the CUDA backend: every kernel the backend compiles (reference kernels, gallery and
// user QFunction kernels) compiles with NVRTC for sm_80 and sm_90 without errors or warnings; the PTX
// uses atom.global.add.f64 for the atomic transpose and none in the deterministic one, and carries the
// requested launch bounds; QFunctions that can fail record their return codes; a broken QFunction gives a
// readable error with the dumped source.
#include <ceed.h>
#include <ceed/backend.h>
#include <ceed/jit-source/assembly/ceed-element-assembly.h>
#include <ceed/jit-source/basis/ceed-basis-at-points.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cuda-runtime.hpp"
#include "gpu-compile.hpp"
#include "gpu-jit-sources.hpp"

namespace {

using ceed::gpu::CompileRequest;
using ceed::gpu::CompileResult;

const std::string kIncludeDir  = CEEDRT_CUDA_TEST_INCLUDE_DIR;
const std::string kFixtureDir  = CEEDRT_CUDA_TEST_FIXTURE_DIR;
const int         kArchs[]     = {80, 90};

// PTX for arch: the tests read the instructions of the compiled code.
ceed::gpu::Target PtxTarget(int arch) {
  ceed::gpu::Target target;
  target.name        = "compute_" + std::to_string(arch);
  target.options     = {"-arch=" + target.name};
  target.code_suffix = "ptx";
  return target;
}

CompileRequest Request(const std::string &source, const std::string &name, std::vector<std::string> kernels, int arch) {
  CompileRequest request;
  request.source       = source;
  request.program_name = name;
  request.kernel_names = std::move(kernels);
  request.compiler     = &ceed::gpu::cuda::Nvrtc();
  request.options      = request.compiler->BaseOptions();
  request.options.push_back("-I" + kIncludeDir);
  request.target = PtxTarget(arch);
  return request;
}

// The PTX text of one kernel: from its .entry to the next .entry (or the end).
std::string EntryText(const std::string &ptx, const std::string &kernel) {
  const size_t begin = ptx.find(".entry " + kernel + "(");
  if (begin == std::string::npos) return std::string();
  const size_t end = ptx.find(".entry ", begin + 1);
  return ptx.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// The reference module compiled once per architecture for all tests of this file.
const CompileResult &RefModule(int arch) {
  static std::map<int, CompileResult> results;
  auto                                found = results.find(arch);
  if (found == results.end()) {
    found = results.emplace(arch, ceed::gpu::Compile(Request(ceed::gpu::RefModuleSource(), "ceed-cuda-ref", ceed::gpu::RefKernelNames(), arch))).first;
  }
  return found->second;
}

class RefKernels : public ::testing::TestWithParam<int> {};

TEST_P(RefKernels, CompileWithoutWarningsAndUseFp64AtomicsOnlyWhereExpected) {
  const CompileResult &result = RefModule(GetParam());
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_EQ(result.log, "") << "NVRTC warnings for sm_" << GetParam();
  EXPECT_NE(result.code.find(".target sm_" + std::to_string(GetParam())), std::string::npos);
  for (const std::string &kernel : ceed::gpu::RefKernelNames()) {
    const std::string entry = EntryText(result.code, kernel);
    ASSERT_FALSE(entry.empty()) << kernel << " missing from the PTX";
    // Every reference kernel asks for __launch_bounds__(CEED_GPU_REF_MAX_BLOCK = 256).
    EXPECT_NE(entry.find(".maxntid 256, 1, 1"), std::string::npos) << kernel << " lacks its launch bounds";
    const bool has_atomic = entry.find("atom.global.add.f64") != std::string::npos;
    if (kernel == "CeedGpuRstrScatterAtomic") {
      EXPECT_TRUE(has_atomic) << "the transpose restriction must use hardware fp64 atomics";
    } else {
      EXPECT_FALSE(has_atomic) << kernel << " must not use atomics (deterministic variants and gathers)";
    }
  }
}

TEST_P(RefKernels, LaunchBoundsAppearOnlyWhenRequested) {
  const std::string source = "extern \"C\" __global__ void __launch_bounds__(128) Bounded(double *x) { x[threadIdx.x] = 1.0; }\n"
                             "extern \"C\" __global__ void Unbounded(double *x) { x[threadIdx.x] = 2.0; }\n";
  const CompileResult result = ceed::gpu::Compile(Request(source, "launch-bounds", {"Bounded", "Unbounded"}, GetParam()));
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_NE(EntryText(result.code, "Bounded").find(".maxntid 128, 1, 1"), std::string::npos);
  EXPECT_EQ(EntryText(result.code, "Unbounded").find(".maxntid"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Arch, RefKernels, ::testing::ValuesIn(kArchs), [](const auto &info) { return "sm_" + std::to_string(info.param); });

// Modules built from the shared item kernels of include/ceed/jit-source (element assembly, basis at
// points): every kernel takes its argument struct by value, so its parameter in the PTX must have the
// size the plugin's host compiler gives the struct, or the device would read shifted arguments.
struct SharedKernelModule {
  std::string              source;
  std::vector<std::string> kernels;
  size_t                   args_size;
};

std::vector<SharedKernelModule> SharedKernelModules() {
  return {{ceed::gpu::ElementAssemblyModuleSource(), {ceed::gpu::kElementAssemblyKernelName}, sizeof(CeedElementAssemblyArgs)},
          {ceed::gpu::BasisAtPointsModuleSource(),
           {ceed::gpu::kBasisAtPointsRowsKernelName, ceed::gpu::kBasisAtPointsKernelName},
           sizeof(CeedBasisAtPointsArgs)}};
}

class SharedKernels : public ::testing::TestWithParam<int> {};

TEST_P(SharedKernels, CompileWithoutWarningsAndTakeTheHostLayout) {
  for (const SharedKernelModule &module : SharedKernelModules()) {
    const CompileResult result = ceed::gpu::Compile(Request(module.source, "ceed-cuda-" + module.kernels[0], module.kernels, GetParam()));
    ASSERT_TRUE(result.ok) << result.message;
    EXPECT_EQ(result.log, "") << "NVRTC warnings for sm_" << GetParam();
    EXPECT_EQ(module.args_size % 8, 0u);
    for (const std::string &kernel : module.kernels) {
      const std::string entry = EntryText(result.code, kernel);
      ASSERT_FALSE(entry.empty()) << kernel << " missing from the PTX";
      EXPECT_NE(entry.find(".maxntid 256, 1, 1"), std::string::npos) << kernel;
      const std::string param = kernel + "_param_0[" + std::to_string(module.args_size) + "]";
      EXPECT_NE(entry.find(param), std::string::npos) << "expected parameter " << param << " in\n" << entry.substr(0, 300);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Arch, SharedKernels, ::testing::ValuesIn(kArchs), [](const auto &info) { return "sm_" + std::to_string(info.param); });

// ---- QFunction kernels ------------------------------------------------------------------------------

class QFunctionKernels : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }

  // The kernel source the backend builds for qf (its fields must be set).
  std::string KernelSource(CeedQFunction qf, std::string *kernel) {
    const char *path = nullptr, *function = nullptr;
    EXPECT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
    EXPECT_EQ(CeedQFunctionGetKernelName(qf, &function), 0);
    CeedInt             num_in = 0, num_out = 0;
    CeedQFunctionField *in = nullptr, *out = nullptr;
    EXPECT_EQ(CeedQFunctionGetFields(qf, &num_in, &in, &num_out, &out), 0);
    std::vector<int> in_sizes(num_in), out_sizes(num_out);
    for (CeedInt i = 0; i < num_in; i++) CeedQFunctionFieldGetSize(in[i], &in_sizes[i]);
    for (CeedInt i = 0; i < num_out; i++) CeedQFunctionFieldGetSize(out[i], &out_sizes[i]);
    char *buffer = nullptr;
    EXPECT_EQ(CeedLoadSourceToBuffer(ceed, path, &buffer), 0);
    std::string source = ceed::gpu::QFunctionKernelSource(buffer ? buffer : "", function, in_sizes, out_sizes);
    CeedFree(&buffer);
    *kernel = ceed::gpu::QFunctionKernelName(function);
    return source;
  }
  Ceed ceed = nullptr;
};

// All gallery QFunctions in one translation unit (one NVRTC run per architecture).
TEST_P(QFunctionKernels, GalleryCompiles) {
  const char *names[] = {"Identity",        "Identity to scalar", "Mass1DBuild",      "Mass2DBuild",           "Mass3DBuild",
                         "MassApply",       "Vector3MassApply",   "Poisson1DBuild",   "Poisson2DBuild",        "Poisson3DBuild",
                         "Poisson1DApply",  "Poisson2DApply",     "Poisson3DApply",   "Vector3Poisson1DApply", "Vector3Poisson2DApply",
                         "Vector3Poisson3DApply", "Scale",        "Scale (scalar)"};
  std::string              unit;
  std::vector<std::string> kernels;
  for (const char *name : names) {
    CeedQFunction qf = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, name, &qf), 0) << name;
    CeedInt num_in = 0, num_out = 0;
    CeedQFunctionGetNumArgs(qf, &num_in, &num_out);
    if (num_in == 0) {
      ASSERT_EQ(CeedQFunctionAddInput(qf, "input", 2, CEED_EVAL_NONE), 0);
    }
    if (num_out == 0) {
      ASSERT_EQ(CeedQFunctionAddOutput(qf, "output", 2, CEED_EVAL_NONE), 0);
    }
    std::string kernel;
    unit += KernelSource(qf, &kernel);
    kernels.push_back(kernel);
    CeedQFunctionDestroy(&qf);
  }
  const CompileResult result = ceed::gpu::Compile(Request(unit, "gallery", kernels, GetParam()));
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_EQ(result.log, "");
  for (const std::string &kernel : kernels) EXPECT_NE(EntryText(result.code, kernel), "") << kernel;
}

// A user QFunction with a helper, a context, a local include and a JIT define; also compiled as a CUBIN
// for the device's own architecture, as the backend does.
TEST_P(QFunctionKernels, UserSourceWithDefinesCompiles) {
  CeedQFunction qf   = nullptr;
  const std::string file = kFixtureDir + "/cuda-test-qfunctions.h";
  ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, [](void *, CeedInt, const CeedScalar *const *, CeedScalar *const *) { return 0; },
                                        (file + ":CudaTestPointwise").c_str(), &qf),
            0);
  CeedQFunctionAddInput(qf, "u", 3, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddOutput(qf, "v", 3, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "s", 1, CEED_EVAL_NONE);
  std::string    kernel;
  CompileRequest request = Request(KernelSource(qf, &kernel), "qfunction-CudaTestPointwise", {kernel}, GetParam());
  request.options.push_back("-DCUDA_TEST_OFFSET=0.5");
  const CompileResult ptx = ceed::gpu::Compile(request);
  ASSERT_TRUE(ptx.ok) << ptx.message;
  EXPECT_EQ(ptx.log, "");
  EXPECT_NE(EntryText(ptx.code, kernel), "");
  EXPECT_NE(ptx.code.find("0d3FE0000000000000"), std::string::npos) << "the JIT define CUDA_TEST_OFFSET=0.5 did not reach the kernel";
  request.target.name         = "sm_" + std::to_string(GetParam());
  request.target.options      = {"-arch=" + request.target.name};
  const CompileResult cubin   = ceed::gpu::Compile(request);
  ASSERT_TRUE(cubin.ok) << cubin.message;
  EXPECT_EQ(cubin.code.compare(0, 4, "\x7f" "ELF"), 0) << "a CUBIN is an ELF image";
  CeedQFunctionDestroy(&qf);
}

// A QFunction that can fail records its non-zero return: after the compare with zero, a 64-bit
// compare-and-swap claims the record, a volatile store publishes it to the host-mapped word and a
// system-wide fence orders it. A QFunction that always returns 0 costs nothing: the compare folds away.
TEST_P(QFunctionKernels, NonZeroReturnsAreRecordedOnlyWhereTheyCanHappen) {
  std::string unit, kernels[2];
  for (int k = 0; k < 2; k++) {
    const char   *name = k == 0 ? "CudaTestFailNegative" : "CudaTestTriple";
    CeedQFunction qf   = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, [](void *, CeedInt, const CeedScalar *const *, CeedScalar *const *) { return 0; },
                                          (kFixtureDir + "/cuda-test-qfunction-errors.h:" + name).c_str(), &qf),
              0);
    CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
    unit += KernelSource(qf, &kernels[k]);
    CeedQFunctionDestroy(&qf);
  }
  const CompileResult result = ceed::gpu::Compile(Request(unit, "qfunction-errors", {kernels[0], kernels[1]}, GetParam()));
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_EQ(result.log, "");
  const std::string failing = EntryText(result.code, kernels[0]), never = EntryText(result.code, kernels[1]);
  ASSERT_NE(failing, "");
  ASSERT_NE(never, "");
  // The error argument (three 64-bit members) follows the fields.
  EXPECT_NE(failing.find(".param .align 8 .b8 " + kernels[0] + "_param_4[24]"), std::string::npos) << failing.substr(0, 600);
  EXPECT_NE(never.find(".param .align 8 .b8 " + kernels[1] + "_param_4[24]"), std::string::npos) << never.substr(0, 600);
  for (const char *instruction : {"cas.b64", "st.volatile", "membar.sys"}) {
    EXPECT_NE(failing.find(instruction), std::string::npos) << instruction << " missing:\n" << failing;
    EXPECT_EQ(never.find(instruction), std::string::npos) << "a QFunction that returns 0 must not pay for the recording (" << instruction << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(Arch, QFunctionKernels, ::testing::ValuesIn(kArchs),
                         [](const auto &info) { return "sm_" + std::to_string(info.param); });

// ---- Errors and targets ----------------------------------------------------------------------------

TEST(NvrtcErrors, SyntaxErrorIsReportedWithKernelLogAndDumpedSource) {
  const std::string dump_dir = std::string(CEEDRT_CUDA_TEST_BINARY_DIR) + "/jit-dump";
  setenv("CEEDRT_JIT_DUMP_DIR", dump_dir.c_str(), 1);
  std::ifstream     file(kFixtureDir + "/cuda-test-syntax-error.h");
  std::stringstream text;
  text << file.rdbuf();
  const std::string   source = ceed::gpu::QFunctionKernelSource(text.str(), "CudaTestBroken", {1}, {1});
  const CompileResult result = ceed::gpu::Compile(Request(source, "qfunction-CudaTestBroken", {"CeedGpuQFunction_CudaTestBroken"}, 90));
  unsetenv("CEEDRT_JIT_DUMP_DIR");
  ASSERT_FALSE(result.ok);
  EXPECT_EQ(result.message.rfind("NVRTC 1", 0), 0u) << result.message;
  EXPECT_NE(result.message.find(" failed to compile kernel CeedGpuQFunction_CudaTestBroken for compute_90"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("error"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find(result.log), std::string::npos) << "the message includes NVRTC's log";
  ASSERT_FALSE(result.source_path.empty()) << result.message;
  EXPECT_EQ(result.source_path.rfind(dump_dir, 0), 0u) << result.source_path;
  EXPECT_NE(result.message.find(result.source_path), std::string::npos);
  std::ifstream     dumped(result.source_path);
  std::stringstream dumped_text;
  dumped_text << dumped.rdbuf();
  EXPECT_EQ(dumped_text.str(), source) << "the dumped file holds the compiled unit";
}

TEST(NvrtcTargets, DeviceArchitectureOrNewestBelowAsPtx) {
  ceed::gpu::Target target;
  ASSERT_TRUE(ceed::gpu::cuda::ChooseTarget(90, &target));
  EXPECT_EQ(target.name, "sm_90");
  EXPECT_EQ(target.code_suffix, "cubin");
  EXPECT_EQ(target.options, std::vector<std::string>{"-arch=sm_90"});
  EXPECT_EQ(target.fixed_ref_block, 0) << "CUDA chooses block sizes with the occupancy API";
  ASSERT_TRUE(ceed::gpu::cuda::ChooseTarget(91, &target));  // not an NVRTC target: PTX of the newest below
  EXPECT_EQ(target.name, "compute_90");
  EXPECT_EQ(target.code_suffix, "ptx");
  EXPECT_FALSE(ceed::gpu::cuda::ChooseTarget(50, &target));
  EXPECT_GE(ceed::gpu::cuda::NvrtcVersion(), 12000);
}

}  // namespace
