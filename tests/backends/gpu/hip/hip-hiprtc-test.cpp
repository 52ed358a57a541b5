// No-GPU tests of the HIP backend: hipRTC compiles every kernel the backend compiles for gfx90a (MI200) and
// gfx908 (MI100) without warnings, and the code objects show what the backend promises (llvm-objdump-15 and
// llvm-readelf-15): every kernel's .max_flat_workgroup_size equals its launch bound; on gfx90a the transpose
// restriction and the fused scatter add with global_atomic_add_f64 (-munsafe-fp-atomics, the default there),
// with the option off or on gfx908 with a compare-and-swap loop. Targets this hipRTC would abort on are
// refused before any compile; CeedInit on /gpu/hip/* without a device fails clearly and CPU backends keep working.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ceed-gen.hpp"
#include "gpu-compile.hpp"
#include "gpu-gen-test-cases.hpp"
#include "gpu-jit-sources.hpp"
#include "hip-runtime.hpp"
#include "gpu-ref-params.h"

namespace {

const char *const kArchs[] = {"gfx90a", "gfx908"};

// Compiles source for arch (unsafe_atomics as for hip::MakeTarget); fails the test when the target is refused.
ceed::gpu::CompileResult CompileFor(const std::string &source, const std::string &program, const std::vector<std::string> &kernels,
                                   const std::string &arch, int unsafe_atomics = -1) {
  ceed::gpu::CompileResult failed;
  std::string             reason;
  ceed::gpu::CompileRequest request;
  request.compiler = ceed::gpu::hip::HipRtc(&reason);
  if (!request.compiler) return failed.message = reason, failed;
  if (!ceed::gpu::hip::MakeTarget(arch, unsafe_atomics, &request.target, &reason)) return failed.message = reason, failed;
  request.source       = source;
  request.program_name = program;
  request.kernel_names = kernels;
  request.options      = request.compiler->BaseOptions();
  request.options.push_back(std::string("-I") + CEEDRT_HIP_TEST_INCLUDE_DIR);
  return ceed::gpu::Compile(request);
}

// Output of an LLVM tool run on a code object (empty when the tool is missing: the caller skips).
std::string RunTool(const char *tool, const std::string &arguments, const std::string &code) {
  if (!tool[0] || std::string(tool).find("NOTFOUND") != std::string::npos) return std::string();
  const std::string path = std::string(CEEDRT_HIP_TEST_BINARY_DIR) + "/code-object-" + std::to_string(getpid()) + ".hsaco";
  std::ofstream(path, std::ios::binary) << code;
  std::string output;
  if (FILE *pipe = popen((std::string(tool) + " " + arguments + " " + path + " 2>&1").c_str(), "r")) {
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) output.append(buffer, n);
    pclose(pipe);
  }
  std::remove(path.c_str());
  return output;
}

bool HaveTools() {
  const std::string objdump = CEEDRT_LLVM_OBJDUMP, readelf = CEEDRT_LLVM_READELF;
  return !objdump.empty() && !readelf.empty() && objdump.find("NOTFOUND") == std::string::npos && readelf.find("NOTFOUND") == std::string::npos;
}

// .max_flat_workgroup_size of each kernel, from the code object's metadata note (kernel-level keys are
// indented four spaces and sorted, so a kernel's bound precedes its .name).
std::map<std::string, int> LaunchBounds(const std::string &code) {
  std::map<std::string, int> bounds;
  std::istringstream         notes(RunTool(CEEDRT_LLVM_READELF, "--notes", code));
  int                        bound = -1;
  for (std::string line; std::getline(notes, line);) {
    if (line.rfind("    .max_flat_workgroup_size:", 0) == 0) bound = std::stoi(line.substr(line.find(':') + 1));
    if (line.rfind("    .name:", 0) == 0) {
      std::string name = line.substr(line.find(':') + 1);
      name             = name.substr(name.find_first_not_of(' '));
      bounds[name]     = bound;
    }
  }
  return bounds;
}

// The disassembly of one kernel: from its label to the next label.
std::string KernelIsa(const std::string &code, const std::string &arch, const std::string &kernel) {
  const std::string all   = RunTool(CEEDRT_LLVM_OBJDUMP, "-d --mcpu=" + arch, code);
  const size_t      begin = all.find("<" + kernel + ">:");
  if (begin == std::string::npos) return std::string();
  const size_t end = all.find(">:\n", begin + kernel.size() + 3);
  return all.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

bool Has(const std::string &text, const char *what) { return text.find(what) != std::string::npos; }

// ---- Reference, assembly, at-points and QFunction kernels -----------------------------------------------

class HipRefKernels : public ::testing::TestWithParam<const char *> {};

TEST_P(HipRefKernels, CompileWithoutWarningsAndCarryTheirLaunchBound) {
  const ceed::gpu::CompileResult ref = CompileFor(ceed::gpu::RefModuleSource(), "ceed-gpu-ref", ceed::gpu::RefKernelNames(), GetParam());
  ASSERT_TRUE(ref.ok) << ref.message;
  EXPECT_EQ(ref.log, "") << "hipRTC warnings";
  struct Module {
    std::string              source;
    std::vector<std::string> kernels;
  };
  std::vector<Module> modules = {{ceed::gpu::ElementAssemblyModuleSource(), {ceed::gpu::kElementAssemblyKernelName}},
                                 {ceed::gpu::BasisAtPointsModuleSource(), {ceed::gpu::kBasisAtPointsRowsKernelName, ceed::gpu::kBasisAtPointsKernelName}}};
  std::vector<ceed::gpu::CompileResult> results = {ref};
  for (const Module &m : modules) {
    results.push_back(CompileFor(m.source, "ceed-gpu-" + m.kernels[0], m.kernels, GetParam()));
    ASSERT_TRUE(results.back().ok) << results.back().message;
    EXPECT_EQ(results.back().log, "") << "hipRTC warnings for " << m.kernels[0];
  }
  if (!HaveTools()) GTEST_SKIP() << "llvm-objdump-15/llvm-readelf-15 not installed (Debian: llvm-15): launch bounds not checked";
  std::vector<std::vector<std::string>> names = {ceed::gpu::RefKernelNames(), modules[0].kernels, modules[1].kernels};
  for (size_t i = 0; i < results.size(); i++) {
    const std::map<std::string, int> bounds = LaunchBounds(results[i].code);
    for (const std::string &kernel : names[i]) {
      ASSERT_TRUE(bounds.count(kernel)) << kernel << " missing from the code object";
      EXPECT_EQ(bounds.at(kernel), CEED_GPU_REF_MAX_BLOCK) << kernel;
    }
  }
}

TEST_P(HipRefKernels, GalleryQFunctionsCompile) {
  Ceed ceed;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  std::string              unit;
  std::vector<std::string> kernels;
  for (const char *name : {"Mass3DBuild", "MassApply", "Poisson3DBuild", "Poisson3DApply", "Vector3Poisson3DApply", "Scale"}) {
    CeedQFunction qf = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, name, &qf), 0);
    const char *path = nullptr, *function = nullptr;
    ASSERT_EQ(CeedQFunctionGetSourcePath(qf, &path), 0);
    ASSERT_EQ(CeedQFunctionGetKernelName(qf, &function), 0);
    CeedInt             num_in = 0, num_out = 0;
    CeedQFunctionField *in = nullptr, *out = nullptr;
    ASSERT_EQ(CeedQFunctionGetFields(qf, &num_in, &in, &num_out, &out), 0);
    std::vector<int> in_sizes(num_in), out_sizes(num_out);
    for (CeedInt i = 0; i < num_in; i++) CeedQFunctionFieldGetSize(in[i], &in_sizes[i]);
    for (CeedInt i = 0; i < num_out; i++) CeedQFunctionFieldGetSize(out[i], &out_sizes[i]);
    char *text = nullptr;
    ASSERT_EQ(CeedLoadSourceToBuffer(ceed, path, &text), 0);
    const ceed::gpu::CompileResult result =
        CompileFor(ceed::gpu::QFunctionKernelSource(text, function, in_sizes, out_sizes), std::string("qfunction-") + function,
                   {ceed::gpu::QFunctionKernelName(function)}, GetParam());
    CeedFree(&text);
    EXPECT_TRUE(result.ok) << name << ": " << result.message;
    EXPECT_EQ(result.log, "") << name;
    CeedQFunctionDestroy(&qf);
  }
  CeedDestroy(&ceed);
}

INSTANTIATE_TEST_SUITE_P(Arch, HipRefKernels, ::testing::ValuesIn(kArchs), [](const auto &info) { return std::string(info.param); });

// ---- FP64 atomics of the transpose restriction ----------------------------------------------------------

TEST(HipAtomics, HardwareAddOnGfx90aCasLoopOtherwise) {
  if (!HaveTools()) GTEST_SKIP() << "llvm-objdump-15 not installed (Debian: llvm-15)";
  struct Expectation {
    const char *arch;
    int         unsafe;
    bool        hardware_add;
  };
  for (const Expectation &e : {Expectation{"gfx90a", -1, true}, Expectation{"gfx90a", 0, false}, Expectation{"gfx908", -1, false}}) {
    const ceed::gpu::CompileResult ref = CompileFor(ceed::gpu::RefModuleSource(), "ceed-gpu-ref", ceed::gpu::RefKernelNames(), e.arch, e.unsafe);
    ASSERT_TRUE(ref.ok) << ref.message;
    const std::string scatter = KernelIsa(ref.code, e.arch, "CeedGpuRstrScatterAtomic");
    ASSERT_FALSE(scatter.empty()) << "no CeedGpuRstrScatterAtomic in the disassembly";
    SCOPED_TRACE(std::string(e.arch) + (e.unsafe == 0 ? " unsafe_atomics=0" : " default"));
    EXPECT_EQ(Has(scatter, "global_atomic_add_f64"), e.hardware_add);
    EXPECT_EQ(Has(scatter, "global_atomic_cmpswap_x2"), !e.hardware_add);
    // The deterministic transpose sums per node in one thread: no atomics at all.
    const std::string serial = KernelIsa(ref.code, e.arch, "CeedGpuRstrScatterSerial");
    ASSERT_FALSE(serial.empty());
    EXPECT_FALSE(Has(serial, "global_atomic_")) << serial;
  }
}

// ---- Fused operator kernels --------------------------------------------------------------------------------

class HipGenKernels : public ::testing::TestWithParam<gpu_test::Case> {};

TEST_P(HipGenKernels, CompileForGfx90aAndGfx908WithTheirBlock) {
  setenv("CEEDRT_JIT_TEMPLATES_DIR", CEEDRT_HIP_TEST_TEMPLATES_DIR, 1);
  ceed::gen::ThreadLayout layout;
  std::string             source;
  gpu_test::GenerateFused(GetParam(), "hip", 64, &layout, &source);
  ASSERT_FALSE(source.empty());
  EXPECT_TRUE(layout.fixed_block);
  // Elements up to the 64 KiB of shared memory a block has (the sliced 3D kernels keep columns there).
  const int elem_bytes = layout.shared_values_per_elem * (source.find("#define CEED_JIT_SCALAR_FP32 1") != std::string::npos ? 4 : 8);
  EXPECT_EQ(layout.max_block, ceed::gen::FixedBlockSize(layout.threads_per_elem, 64, 65536 / elem_bytes * layout.threads_per_elem));
  EXPECT_TRUE(layout.max_block == layout.threads_per_elem || layout.max_block / layout.threads_per_elem * elem_bytes <= 65536) << layout.max_block;
  EXPECT_EQ(layout.max_block % layout.threads_per_elem, 0) << "blocks hold whole elements";
  EXPECT_EQ(source.find("__grid_constant__"), std::string::npos) << "a CUDA-only qualifier in a HIP kernel";
  for (const char *arch : kArchs) {
    const ceed::gpu::CompileResult result = CompileFor(source, "ceed-hip-gen-test", {CEED_GEN_KERNEL_NAME}, arch);
    ASSERT_TRUE(result.ok) << result.message;
    EXPECT_EQ(result.log, "") << "hipRTC warnings for " << arch;
    if (!HaveTools()) continue;
    const std::map<std::string, int> bounds = LaunchBounds(result.code);
    ASSERT_TRUE(bounds.count(CEED_GEN_KERNEL_NAME));
    EXPECT_EQ(bounds.at(CEED_GEN_KERNEL_NAME), layout.max_block) << arch << ": the launch bound is the block the kernel is launched with";
    // The action scatters through an offset restriction; the setup writes qdata through a strided one.
    const std::string isa = KernelIsa(result.code, arch, CEED_GEN_KERNEL_NAME);
    ASSERT_FALSE(isa.empty());
    const bool gfx90a = std::string(arch) == "gfx90a", action = !GetParam().setup;
    const CeedOperatorPrecision mode = GetParam().precision;
    if (mode == CEED_PRECISION_FP32 || mode == CEED_PRECISION_LOW_HIGH) {
      // fp32 vectors: fp32 atomics, the hardware add on gfx90a (unsafe atomics on), a 32-bit CAS loop on gfx908.
      EXPECT_EQ(Has(isa, "global_atomic_add_f32"), action && gfx90a) << arch;
      EXPECT_EQ(Has(isa, "global_atomic_cmpswap"), action && !gfx90a) << arch;
      EXPECT_FALSE(Has(isa, "global_atomic_add_f64")) << arch;
      EXPECT_FALSE(Has(isa, "global_atomic_cmpswap_x2")) << arch;
    } else {
      EXPECT_EQ(Has(isa, "global_atomic_add_f64"), action && gfx90a) << arch;
      EXPECT_EQ(Has(isa, "global_atomic_cmpswap_x2"), action && !gfx90a) << arch;
    }
  }
  if (!HaveTools()) GTEST_SKIP() << "llvm-objdump-15/llvm-readelf-15 not installed (Debian: llvm-15): compiled, ISA not checked";
}

INSTANTIATE_TEST_SUITE_P(Operators, HipGenKernels, ::testing::ValuesIn(gpu_test::Cases()), gpu_test::Name);

// The documented block table (docs/gpu.md, HIP backend): 3D tensor elements of p = 1..8 (Q = P + 1) on wave64.
TEST(HipBlocks, FixedBlockTable) {
  const int expected[] = {252, 256, 250, 252, 245, 256, 243, 200};
  for (int p = 1; p <= 8; p++) {
    const int t_1d = p + 2;
    EXPECT_EQ(ceed::gen::FixedBlockSize(t_1d * t_1d, 64), expected[p - 1]) << "p=" << p;
  }
  EXPECT_EQ(ceed::gen::FixedBlockSize(300, 64), 300) << "an element above 256 threads is one block";
  EXPECT_EQ(ceed::gen::FixedBlockSize(3, 32), 192) << "wave32: 192 and 96 leave no lane idle; the larger wins (255 leaves one)";
}

// ---- Targets and initialisation ------------------------------------------------------------------------------

TEST(HipTargets, AbortingTargetsAreRefusedBeforeAnyCompile) {
  ceed::gpu::Target target;
  std::string      error;
  for (const char *refused : {"gfx940", "gfx942", "gfx1100"}) {
    EXPECT_FALSE(ceed::gpu::hip::MakeTarget(refused, -1, &target, &error)) << refused;
    EXPECT_NE(error.find(refused), std::string::npos) << error;
    EXPECT_NE(error.find("supported targets:"), std::string::npos) << error;
    EXPECT_NE(error.find("gfx90a"), std::string::npos) << "the supported list is given: " << error;
  }
  // Still alive: compile for a supported target in the same process.
  const ceed::gpu::CompileResult ok = CompileFor("extern \"C\" __global__ void k(double *x) { x[threadIdx.x] = 1; }", "alive", {"k"}, "gfx90a");
  EXPECT_TRUE(ok.ok) << ok.message;

  ASSERT_TRUE(ceed::gpu::hip::MakeTarget("gfx90a", -1, &target, &error)) << error;
  EXPECT_EQ(target.options, (std::vector<std::string>{"--offload-arch=gfx90a", "-munsafe-fp-atomics"}));
  EXPECT_EQ(target.fixed_ref_block, CEED_GPU_REF_MAX_BLOCK);
  EXPECT_EQ(target.wavefront, 64);
  ASSERT_TRUE(ceed::gpu::hip::MakeTarget("gfx90a", 0, &target, &error)) << error;
  EXPECT_EQ(target.options, std::vector<std::string>{"--offload-arch=gfx90a"});
  ASSERT_TRUE(ceed::gpu::hip::MakeTarget("gfx908", -1, &target, &error)) << error;
  EXPECT_EQ(target.options, std::vector<std::string>{"--offload-arch=gfx908"}) << "no hardware FP64 atomics on gfx908";
  ASSERT_TRUE(ceed::gpu::hip::MakeTarget("gfx1030", -1, &target, &error)) << error;
  EXPECT_EQ(target.wavefront, 32);
}

TEST(HipInit, WithoutADeviceFailsClearlyAndCpuBackendsKeepWorking) {
  setenv("CEED_ERROR_HANDLER", "store", 1);
  std::string reason;
  if (ceed::gpu::hip::LoadRuntime(&reason)) GTEST_SKIP() << "a HIP runtime is usable here: the no-device path is not reachable";
  EXPECT_EQ(reason.rfind("no HIP driver or device was found", 0), 0u) << reason;
  for (const char *resource : {"/gpu/hip/ref", "/gpu/hip/ref/det", "/gpu/hip/gen", "/gpu/hip/gen:unsafe_atomics=0"}) {
    Ceed ceed = nullptr;
    EXPECT_NE(CeedInit(resource, &ceed), 0) << resource;
    const char *message = nullptr;
    CeedGetErrorMessage(nullptr, &message);
    EXPECT_NE(std::string(message ? message : "").find("no HIP driver or device was found"), std::string::npos) << resource << ": " << message;
  }
  Ceed cpu = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &cpu), 0);
  CeedVector v;
  ASSERT_EQ(CeedVectorCreate(cpu, 4, &v), 0);
  ASSERT_EQ(CeedVectorSetValue(v, 2.0), 0);
  CeedScalar norm = 0;
  ASSERT_EQ(CeedVectorNorm(v, CEED_NORM_1, &norm), 0);
  EXPECT_DOUBLE_EQ(norm, 8.0);
  CeedVectorDestroy(&v);
  CeedDestroy(&cpu);
}

}  // namespace
