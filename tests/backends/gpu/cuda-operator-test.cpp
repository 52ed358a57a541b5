// GPU tests of /gpu/cuda/ref and /gpu/cuda/ref/det QFunctions and operators: JIT-compiled user and
// gallery QFunctions, mass, diffusion and vector mass operators on 1D/2D/3D meshes of several orders,
// composite operators, all compared with /cpu/self/ref/serial (relative 1e-12, 1e-10 for high order);
// deterministic applications are bitwise reproducible; a broken QFunction source gives NVRTC's error.
// Skipped with the CeedInit message on machines without a CUDA device.
#include <fstream>

#include "cuda-test-util.hpp"

#define CUDA_TEST_OFFSET 0.5
#include "qfunctions/cuda-test-qfunctions.h"

namespace {

using cuda_test::BitwiseEqual;
using cuda_test::MakeVector;
using cuda_test::RelativeError;
using cuda_test::TestData;
using cuda_test::Values;

const std::string kFixtureDir = CEEDRT_CUDA_TEST_FIXTURE_DIR;

class CudaQFunction : public cuda_test::GpuTest {};

TEST_P(CudaQFunction, UserSourceWithContextHelperAndDefineMatchesHost) {
  ASSERT_EQ(CeedAddJitDefine(gpu, "CUDA_TEST_OFFSET=0.5"), 0);
  const std::string source = kFixtureDir + "/cuda-test-qfunctions.h:CudaTestPointwise";
  const CeedInt     Q      = 1000;
  CudaTestContext   ctx_data{1.5, 3};
  std::vector<CeedScalar> out[2][2];
  for (int k = 0; k < 2; k++) {
    Ceed                 ceed = k == 0 ? gpu : cpu;
    CeedQFunction        qf   = nullptr;
    CeedQFunctionContext ctx  = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInterior(ceed, 1, CudaTestPointwise, source.c_str(), &qf), 0);
    CeedQFunctionAddInput(qf, "u", 3, CEED_EVAL_INTERP);
    CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT);
    CeedQFunctionAddOutput(qf, "v", 3, CEED_EVAL_INTERP);
    CeedQFunctionAddOutput(qf, "s", 1, CEED_EVAL_NONE);
    CeedQFunctionContextCreate(ceed, &ctx);
    CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(ctx_data), &ctx_data);
    CeedQFunctionSetContext(qf, ctx);
    CeedVector in[2] = {MakeVector(ceed, TestData(3 * Q)), MakeVector(ceed, TestData(Q, 1.0))}, o[2] = {nullptr, nullptr};
    CeedVectorCreate(ceed, 3 * Q, &o[0]);
    CeedVectorCreate(ceed, Q, &o[1]);
    ASSERT_EQ(CeedQFunctionApply(qf, Q, in, o), 0) << Message();
    out[k][0] = Values(o[0]);
    out[k][1] = Values(o[1]);
    for (CeedVector *v : {&in[0], &in[1], &o[0], &o[1]}) CeedVectorDestroy(v);
    CeedQFunctionContextDestroy(&ctx);
    CeedQFunctionDestroy(&qf);
  }
  EXPECT_LT(RelativeError(out[0][0], out[1][0]), 1e-14);
  EXPECT_LT(RelativeError(out[0][1], out[1][1]), 1e-14);
}

TEST_P(CudaQFunction, SyntaxErrorGivesReadableCompileError) {
  const std::string dump_dir = std::string(CEEDRT_CUDA_TEST_BINARY_DIR) + "/jit-dump-gpu";
  setenv("CEEDRT_JIT_DUMP_DIR", dump_dir.c_str(), 1);
  const std::string source = kFixtureDir + "/cuda-test-syntax-error.h:CudaTestBroken";
  CeedQFunction     qf     = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInterior(gpu, 1, CudaTestPointwise, source.c_str(), &qf), 0);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_NONE);
  CeedVector u = MakeVector(gpu, TestData(16)), v = nullptr;
  CeedVectorCreate(gpu, 16, &v);
  EXPECT_NE(CeedQFunctionApply(qf, 16, &u, &v), 0);
  unsetenv("CEEDRT_JIT_DUMP_DIR");
  const std::string msg = Message();
  // "NVRTC failed ...", "hipRTC ... failed ...", "host C++ compiler for /gpu/emu (...) failed ...".
  EXPECT_NE(msg.find(" failed to compile kernel CeedGpuQFunction_CudaTestBroken"), std::string::npos) << msg;
  EXPECT_NE(msg.find("cuda-test-syntax-error.h"), std::string::npos) << "the compiler's log points at the user's file: " << msg;
  const size_t at = msg.find("Generated source: ");
  ASSERT_NE(at, std::string::npos) << msg;
  const std::string path = msg.substr(at + 18, msg.find('\n', at) - at - 18);
  EXPECT_TRUE(std::ifstream(path).good()) << path;
  const char *reset = nullptr;
  CeedResetErrorMessage(gpu, &reset);
  // The context keeps working.
  CeedScalar norm = 0;
  EXPECT_EQ(CeedVectorNorm(u, CEED_NORM_MAX, &norm), 0);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedQFunctionDestroy(&qf);
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaQFunction, ::testing::Values("/gpu/cuda/ref", "/gpu/hip/ref", "/gpu/emu/ref"), cuda_test::ResourceName);

// ---- Operators -----------------------------------------------------------------------------------------

// A structured mesh of n^dim tensor elements with P nodes per direction on a smoothly distorted unit
// cube (isoparametric coordinates, so that Jacobians vary from point to point).
struct Mesh {
  CeedInt                 dim = 0, n = 0, P = 0, num_elem = 0, num_nodes = 0;
  std::vector<CeedInt>    offsets;  // [elem][node]
  std::vector<CeedScalar> coords;   // [node][dim]
};

Mesh BuildMesh(CeedInt dim, CeedInt n, CeedInt P) {
  Mesh m;
  m.dim = dim, m.n = n, m.P = P;
  const CeedInt nodes_1d = n * (P - 1) + 1;
  m.num_elem = m.num_nodes = 1;
  CeedInt elem_nodes     = 1;
  for (CeedInt d = 0; d < dim; d++) m.num_elem *= n, m.num_nodes *= nodes_1d, elem_nodes *= P;
  for (CeedInt e = 0; e < m.num_elem; e++) {
    for (CeedInt i = 0; i < elem_nodes; i++) {
      CeedInt g = 0, stride = 1;
      for (CeedInt d = 0, ee = e, ii = i; d < dim; d++, ee /= n, ii /= P, stride *= nodes_1d) g += ((ee % n) * (P - 1) + ii % P) * stride;
      m.offsets.push_back(g);
    }
  }
  for (CeedInt g = 0; g < m.num_nodes; g++) {
    CeedScalar x[3];
    for (CeedInt d = 0, gg = g; d < dim; d++, gg /= nodes_1d) x[d] = static_cast<CeedScalar>(gg % nodes_1d) / (nodes_1d - 1);
    for (CeedInt d = 0; d < dim; d++) {
      CeedScalar bump = 0.04;
      for (CeedInt k = 0; k < dim; k++) bump *= std::sin(M_PI * x[k] * (k == d ? 2 : 1));
      m.coords.push_back(x[d] + bump);
    }
  }
  return m;
}

enum class Kind { kMass, kPoisson, kVectorMass, kComposite };

// Whether the resource's fused kernels are compiled for fixed blocks (HIP's launch policy).
bool FixedBlocks(const std::string &resource) {
  return resource.rfind("/gpu/hip", 0) == 0 || resource.find("wavefront=64") != std::string::npos;
}

// Applies the operator of kind on mesh m with Q points per direction to u in context ceed; repeats the
// application `repeats` times (deterministic checks) and returns every result.
// With apply_status (0 on entry), the first failed application (setup or apply) is returned there instead of failing the
// test, and no further one is made.
std::vector<std::vector<CeedScalar>> ApplyOperator(Ceed ceed, const Mesh &m, Kind kind, CeedInt Q, int repeats = 1, int *apply_status = nullptr) {
  const CeedInt dim = m.dim, num_comp = kind == Kind::kVectorMass ? 3 : 1;
  CeedInt       num_qpts = 1, elem_nodes = 1;
  for (CeedInt d = 0; d < dim; d++) num_qpts *= Q, elem_nodes *= m.P;
  std::vector<CeedInt> x_offsets(m.offsets);
  for (CeedInt &o : x_offsets) o *= dim;
  CeedElemRestriction rstr_x = nullptr, rstr_u = nullptr;
  CeedBasis           basis_x = nullptr, basis_u = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, m.num_elem, elem_nodes, dim, 1, static_cast<CeedSize>(m.num_nodes) * dim, CEED_MEM_HOST,
                                      CEED_COPY_VALUES, x_offsets.data(), &rstr_x),
            0);
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, m.num_elem, elem_nodes, num_comp, m.num_nodes, static_cast<CeedSize>(m.num_nodes) * num_comp,
                                      CEED_MEM_HOST, CEED_COPY_VALUES, m.offsets.data(), &rstr_u),
            0);
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, m.P, Q, CEED_GAUSS, &basis_x), 0);
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, num_comp, m.P, Q, CEED_GAUSS, &basis_u), 0);
  CeedVector x = MakeVector(ceed, m.coords);

  // One sub-operator per physics: quadrature data from a setup operator, then the apply operator.
  std::vector<CeedOperator> ops;
  std::vector<CeedVector>   to_free;
  std::vector<CeedQFunction> qfs;
  std::vector<CeedElemRestriction> qd_rstrs;
  auto add_physics = [&](bool poisson) {
    const std::string d        = std::to_string(dim);
    const CeedInt     qd_size  = poisson ? dim * (dim + 1) / 2 : 1;
    CeedQFunction     qf_setup = nullptr, qf_apply = nullptr;
    CeedElemRestriction rstr_qd = nullptr;
    EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, ((poisson ? "Poisson" : "Mass") + d + "DBuild").c_str(), &qf_setup), 0);
    const std::string apply = poisson ? "Poisson" + d + "DApply" : kind == Kind::kVectorMass ? "Vector3MassApply" : "MassApply";
    EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, apply.c_str(), &qf_apply), 0);
    EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, m.num_elem, num_qpts, qd_size, static_cast<CeedSize>(m.num_elem) * num_qpts * qd_size,
                                               CEED_STRIDES_BACKEND, &rstr_qd),
              0);
    CeedVector   qdata = nullptr;
    CeedOperator op_setup = nullptr, op = nullptr;
    CeedElemRestrictionCreateVector(rstr_qd, &qdata, nullptr);
    EXPECT_EQ(CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup), 0);
    CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
    CeedOperatorSetField(op_setup, "qdata", rstr_qd, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
    const int setup_status = CeedOperatorApply(op_setup, x, qdata, CEED_REQUEST_IMMEDIATE);
    if (apply_status && !*apply_status) *apply_status = setup_status;
    if (!apply_status) {
      EXPECT_EQ(setup_status, 0);
    }
    EXPECT_EQ(CeedOperatorCreate(ceed, qf_apply, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
    CeedOperatorSetField(op, poisson ? "du" : "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
    CeedOperatorSetField(op, "qdata", rstr_qd, CEED_BASIS_NONE, qdata);
    CeedOperatorSetField(op, poisson ? "dv" : "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
    ops.push_back(op);
    to_free.push_back(qdata);
    qfs.push_back(qf_setup);
    qfs.push_back(qf_apply);
    qd_rstrs.push_back(rstr_qd);
    CeedOperatorDestroy(&op_setup);
  };
  CeedOperator op = nullptr;
  if (kind == Kind::kComposite) {
    add_physics(false);
    add_physics(true);
    EXPECT_EQ(CeedOperatorCreateComposite(ceed, &op), 0);
    for (CeedOperator sub : ops) CeedOperatorCompositeAddSub(op, sub);
  } else {
    add_physics(kind == Kind::kPoisson);
    CeedOperatorReferenceCopy(ops[0], &op);
  }
  const CeedSize len = static_cast<CeedSize>(m.num_nodes) * num_comp;
  CeedVector     u = MakeVector(ceed, TestData(len)), v = nullptr;
  CeedVectorCreate(ceed, len, &v);
  std::vector<std::vector<CeedScalar>> results;
  for (int r = 0; r < repeats && !(apply_status && *apply_status); r++) {
    const int status = CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
    if (apply_status) {
      *apply_status = status;
      if (status) break;
    } else {
      EXPECT_EQ(status, 0);
    }
    results.push_back(Values(v));
  }
  CeedOperatorDestroy(&op);
  for (CeedOperator &o : ops) CeedOperatorDestroy(&o);
  for (CeedVector &vec : to_free) CeedVectorDestroy(&vec);
  for (CeedQFunction &qf : qfs) CeedQFunctionDestroy(&qf);
  for (CeedElemRestriction &r : qd_rstrs) CeedElemRestrictionDestroy(&r);
  for (CeedVector *vec : {&x, &u, &v}) CeedVectorDestroy(vec);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedBasisDestroy(&basis_x);
  CeedBasisDestroy(&basis_u);
  return results;
}

struct Case {
  CeedInt dim, n, P, Q;
  Kind    kind;
  double  tolerance;
};

class CudaOperator : public cuda_test::GpuTest {};

TEST_P(CudaOperator, MatchesTheCpuReference) {
  const Case cases[] = {
      {1, 8, 2, 3, Kind::kMass, 1e-12},      {1, 8, 5, 6, Kind::kPoisson, 1e-12},    {2, 4, 3, 4, Kind::kMass, 1e-12},
      {2, 4, 5, 5, Kind::kPoisson, 1e-12},   {2, 3, 3, 4, Kind::kVectorMass, 1e-12}, {2, 3, 4, 5, Kind::kComposite, 1e-12},
      {3, 3, 2, 2, Kind::kMass, 1e-12},      {3, 3, 3, 4, Kind::kPoisson, 1e-12},    {3, 2, 5, 6, Kind::kComposite, 1e-12},
      {3, 2, 9, 10, Kind::kPoisson, 1e-10},  {3, 2, 9, 9, Kind::kMass, 1e-10},
  };
  for (const Case &c : cases) {
    const Mesh m     = BuildMesh(c.dim, c.n, c.P);
    const int  runs  = Deterministic() ? 2 : 1;
    const auto gpu_r = ApplyOperator(gpu, m, c.kind, c.Q, runs);
    const auto cpu_r = ApplyOperator(cpu, m, c.kind, c.Q);
    const std::string what = "dim " + std::to_string(c.dim) + " P " + std::to_string(c.P) + " Q " + std::to_string(c.Q) + " kind " +
                             std::to_string(static_cast<int>(c.kind));
    ASSERT_EQ(gpu_r.size(), static_cast<size_t>(runs)) << what;
    EXPECT_LT(RelativeError(gpu_r[0], cpu_r[0]), c.tolerance) << what << ": " << Message();
    if (Deterministic()) {
      EXPECT_TRUE(BitwiseEqual(gpu_r[0], gpu_r[1])) << what << ": repeated application differs";
      // A fresh context (new kernels, new transpose maps) gives the same bits.
      Ceed        again = nullptr;
      std::string reason;
      ASSERT_TRUE(cuda_test::InitGpu(GetParam(), &again, &reason)) << reason;
      EXPECT_TRUE(BitwiseEqual(ApplyOperator(again, m, c.kind, c.Q)[0], gpu_r[0])) << what << ": another context differs";
      CeedDestroy(&again);
    }
  }
}

// The generator's switches (JIT defines, docs/gpu.md) at values other than the default, on a 3D Poisson operator (the
// sliced kernel: z columns, derivative rows, exchange planes) and a 3D vector mass operator: the same action as the
// CPU's. Two switches share a context where they touch different parts of the kernel, to keep the compiles few (the
// scalar mass operators of MatchesTheCpuReference run the default wide exchange and register columns).
// Plain gen resources only (every switch's other values: tools/gpu-check.sh variants).
TEST_P(CudaOperator, GenSwitchVariantsMatchTheCpuReference) {
  const std::string resource = GetParam();
  if (resource.size() < 4 || resource.compare(resource.size() - 4, 4, "/gen") != 0) GTEST_SKIP() << "not a fused-kernel resource";
  const Mesh m = BuildMesh(3, 2, 3);
  const struct {
    std::vector<const char *> defines;
    Kind                      kind;
  } variants[] = {{{"CEED_GEN_Z_COLUMNS=0", "CEED_GEN_HELD_DERIVATIVE_ROWS=2", "CEED_GEN_CONSTANT_MATRICES=1", "CEED_GEN_CONSTANT_DERIVATIVES=1"},
                   Kind::kPoisson},
                  {{"CEED_GEN_EXCHANGE_BUFFERS=1", "CEED_GEN_WIDE_EXCHANGE=1", "CEED_GEN_CONSTANT_DERIVATIVES=1"}, Kind::kPoisson},
                  {{"CEED_GEN_CONSTANT_DERIVATIVES=0"}, Kind::kPoisson},
                  {{"CEED_GEN_EXCHANGE_BUFFERS=2", "CEED_GEN_WIDE_EXCHANGE=1"}, Kind::kVectorMass},
                  {{"CEED_GEN_REGISTER_COLUMNS=1", "CEED_GEN_CONSTANT_MATRICES=0"}, Kind::kVectorMass},
                  {{"CEED_GEN_REGISTER_COLUMNS=0", "CEED_GEN_WIDE_EXCHANGE=0", "CEED_GEN_CONSTANT_MATRICES=0"}, Kind::kMass}};
  std::vector<std::vector<const char *>> defines;
  std::vector<Kind>                      kinds;
  for (const auto &v : variants) defines.push_back(v.defines), kinds.push_back(v.kind);
  // Unpadded elements; blocks of 3 elements of 16 threads (warps across element seams; a last block 2/3 full).
  defines.push_back({"CEED_GEN_ELEMENT_PADDING=0"}), kinds.push_back(Kind::kPoisson);
  if (!FixedBlocks(resource)) defines.push_back({"CEED_GEN_BLOCK_ELEMENTS=3"}), kinds.push_back(Kind::kPoisson);
  for (size_t i = 0; i < defines.size(); i++) {
    const struct {
      std::vector<const char *> defines;
      Kind                      kind;
    } v = {defines[i], kinds[i]};
    Ceed        variant = nullptr;
    std::string reason, what;
    ASSERT_TRUE(cuda_test::InitGpu(GetParam(), &variant, &reason)) << reason;
    for (const char *define : v.defines) {
      ASSERT_EQ(CeedAddJitDefine(variant, define), 0);
      what += std::string(define) + " ";
    }
    const auto result = ApplyOperator(variant, m, v.kind, 4), expected = ApplyOperator(cpu, m, v.kind, 4);
    ASSERT_EQ(result.size(), 1u) << what;
    EXPECT_LT(RelativeError(result[0], expected[0]), 1e-12) << what << ": " << Message();
    CeedDestroy(&variant);
  }
}

// CEED_GEN_BLOCK_ELEMENTS is refused, naming its value, where it cannot apply: blocks fixed when the kernel is
// generated (HIP's), more elements than the kernel's launch bound admits.
TEST_P(CudaOperator, GenBlockElementsRefusedWhereItCannotApply) {
  const std::string resource = GetParam();
  if (resource.find("/gen") == std::string::npos) GTEST_SKIP() << "not a fused-kernel resource";
  const Mesh m = BuildMesh(3, 2, 3);
  for (const char *define : {"CEED_GEN_BLOCK_ELEMENTS=2", "CEED_GEN_BLOCK_ELEMENTS=1000"}) {
    const bool  two     = std::string(define).back() == '2';
    if (two && !FixedBlocks(resource)) continue;  // applies (GenSwitchVariantsMatchTheCpuReference)
    Ceed        variant = nullptr;
    std::string reason;
    ASSERT_TRUE(cuda_test::InitGpu(resource.c_str(), &variant, &reason)) << reason;
    ASSERT_EQ(CeedAddJitDefine(variant, define), 0);
    int status = 0;
    ApplyOperator(variant, m, Kind::kPoisson, 4, 1, &status);
    const char *message = nullptr;
    CeedGetErrorMessage(variant, &message);
    const std::string text = message ? message : "";
    EXPECT_NE(status, 0) << define;
    EXPECT_NE(text.find(define), std::string::npos) << text;
    EXPECT_NE(text.find(FixedBlocks(resource) ? "fixed blocks" : "launch bound"), std::string::npos) << text;
    CeedDestroy(&variant);
  }
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaOperator, ::testing::Values("/gpu/cuda/ref", "/gpu/cuda/ref/det", "/gpu/cuda/gen", "/gpu/cuda/gen:min_blocks=2", "/gpu/hip/ref",
                                           "/gpu/hip/ref/det", "/gpu/hip/gen", "/gpu/emu/ref", "/gpu/emu/ref/det", "/gpu/emu/gen",
                                           "/gpu/emu/gen:wavefront=64", "/gpu/emu/gen:min_blocks=2"),
                         cuda_test::ResourceName);

}  // namespace
