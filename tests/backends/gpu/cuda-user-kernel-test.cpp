// GPU tests of QFunction kernels compiled by the application (CeedQFunctionSetCUDAUserFunction, ceed/cuda.h):
// the kernel is compiled here with NVRTC, loaded with the driver API into the device's primary context (the
// one the backend uses) and given to a QFunction that has no source file. CeedQFunctionApply and operators
// on /gpu/cuda/ref and /gpu/cuda/gen (which falls back to ref for such QFunctions) must match the host
// function on /cpu/self/ref/serial. Skipped with the CeedInit message on machines without a CUDA device.
#include <ceed/cuda.h>

#include "gpu-compile.hpp"
#include "cuda-driver.hpp"
#include "cuda-runtime.hpp"
#include "cuda-test-util.hpp"

namespace {

using cuda_test::MakeVector;
using cuda_test::RelativeError;
using cuda_test::TestData;
using cuda_test::Values;

// v = scale * qdata * u for a field of two components, in the calling convention of ceed/cuda.h.
const char *kUserKernelSource = R"(
typedef double CeedScalar;
typedef int    CeedInt;
typedef struct {
  const CeedScalar *inputs[16];
  CeedScalar       *outputs[16];
} Fields;
extern "C" __global__ void user_scaled_mass(void *ctx, CeedInt Q, Fields fields) {
  const CeedScalar scale = *(const CeedScalar *)ctx;
  const CeedInt    i     = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= Q) return;
  for (CeedInt c = 0; c < 2; c++) fields.outputs[0][c * Q + i] = scale * fields.inputs[1][i] * fields.inputs[0][c * Q + i];
}
)";

CEED_QFUNCTION(UserScaledMass)(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const CeedScalar scale = *static_cast<const CeedScalar *>(ctx);
  for (CeedInt i = 0; i < Q; i++) {
    for (CeedInt c = 0; c < 2; c++) out[0][c * Q + i] = scale * in[1][i] * in[0][c * Q + i];
  }
  return 0;
}

// The application's side: its kernel, loaded into the primary context of device 0.
class UserKernel {
 public:
  bool Load(std::string *why) {
    cu_ = ceed::gpu::LoadDriver(why);
    if (!cu_) return false;
    ceed::gpu::CompileRequest request;
    request.source       = kUserKernelSource;
    request.program_name = "user-scaled-mass";
    request.kernel_names = {"user_scaled_mass"};
    request.compiler     = &ceed::gpu::cuda::Nvrtc();
    request.options      = request.compiler->BaseOptions();
    // PTX, which the driver finishes for any newer device.
    request.target.name        = "compute_80";
    request.target.options     = {"-arch=compute_80"};
    request.target.code_suffix = "ptx";
    const ceed::gpu::CompileResult ptx = ceed::gpu::Compile(request);
    if (!ptx.ok) return *why = ptx.message, false;
    CUdevice device = 0;
    if (cu_->cuDeviceGet(&device, 0) || cu_->cuDevicePrimaryCtxRetain(&context_, device)) return *why = "no primary context", false;
    if (cu_->cuCtxSetCurrent(context_) || cu_->cuModuleLoadData(&module_, ptx.code.c_str())) return *why = "cuModuleLoadData failed", false;
    if (cu_->cuModuleGetFunction(&function_, module_, "user_scaled_mass")) return *why = "cuModuleGetFunction failed", false;
    return true;
  }
  ~UserKernel() {
    if (module_) cu_->cuModuleUnload(module_);
    if (context_) {
      CUdevice device = 0;
      cu_->cuDeviceGet(&device, 0);
      cu_->cuDevicePrimaryCtxRelease(device);
    }
  }
  CUfunction function() const { return function_; }

 private:
  const ceed::gpu::Driver *cu_      = nullptr;
  CUcontext                context_ = nullptr;
  CUmodule                 module_  = nullptr;
  CUfunction               function_ = nullptr;
};

// The QFunction of the tests, with a context holding scale; kernel given on GPU contexts.
CeedQFunction CreateScaledMass(Ceed ceed, CUfunction kernel, CeedScalar *scale, CeedQFunctionContext *ctx) {
  CeedQFunction qf = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, UserScaledMass, "", &qf), 0);
  CeedQFunctionAddInput(qf, "u", 2, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "qdata", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 2, CEED_EVAL_INTERP);
  CeedQFunctionContextCreate(ceed, ctx);
  CeedQFunctionContextSetData(*ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(*scale), scale);
  CeedQFunctionSetContext(qf, *ctx);
  if (kernel) {
    EXPECT_EQ(CeedQFunctionSetCUDAUserFunction(qf, kernel), 0);
  }
  return qf;
}

class CudaUserKernel : public cuda_test::GpuTest {
 protected:
  void SetUp() override {
    cuda_test::GpuTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    std::string why;
    ASSERT_TRUE(kernel_.Load(&why)) << why;
  }
  UserKernel kernel_;
};

TEST_P(CudaUserKernel, QFunctionApplyRunsTheApplicationKernel) {
  const CeedInt           Q     = 1000;
  CeedScalar              scale = 1.5;
  std::vector<CeedScalar> out[2];
  for (int k = 0; k < 2; k++) {
    Ceed                 ceed = k == 0 ? gpu : cpu;
    CeedQFunctionContext ctx  = nullptr;
    CeedQFunction        qf   = CreateScaledMass(ceed, k == 0 ? kernel_.function() : nullptr, &scale, &ctx);
    CeedVector           in[2] = {MakeVector(ceed, TestData(2 * Q)), MakeVector(ceed, TestData(Q, 1.0))}, v = nullptr;
    CeedVectorCreate(ceed, 2 * Q, &v);
    ASSERT_EQ(CeedQFunctionApply(qf, Q, in, &v), 0) << Message();
    out[k] = Values(v);
    for (CeedVector *vec : {&in[0], &in[1], &v}) CeedVectorDestroy(vec);
    CeedQFunctionContextDestroy(&ctx);
    CeedQFunctionDestroy(&qf);
  }
  EXPECT_LT(RelativeError(out[0], out[1]), 1e-15);
}

// A two-component mass operator on n elements of a 1D mesh: Q-vectors hold blocks of Q points per element,
// which the backend relays out around the application's kernel.
std::vector<CeedScalar> ApplyMass(Ceed ceed, CUfunction kernel, CeedInt n, CeedInt P, CeedInt Q) {
  const CeedInt        num_nodes = n * (P - 1) + 1;
  std::vector<CeedInt> offsets;
  for (CeedInt e = 0; e < n; e++)
    for (CeedInt i = 0; i < P; i++) offsets.push_back(e * (P - 1) + i);
  std::vector<CeedScalar> coords(num_nodes);
  for (CeedInt i = 0; i < num_nodes; i++) coords[i] = std::pow(static_cast<CeedScalar>(i) / (num_nodes - 1), 1.5);
  CeedElemRestriction rstr_x = nullptr, rstr_u = nullptr, rstr_qd = nullptr;
  CeedBasis           basis_x = nullptr, basis_u = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, n, P, 1, 1, num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &rstr_x), 0);
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, n, P, 2, num_nodes, 2 * num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &rstr_u), 0);
  EXPECT_EQ(CeedElemRestrictionCreateStrided(ceed, n, Q, 1, n * Q, CEED_STRIDES_BACKEND, &rstr_qd), 0);
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, P, Q, CEED_GAUSS, &basis_x), 0);
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 2, P, Q, CEED_GAUSS, &basis_u), 0);

  CeedQFunction qf_setup = nullptr;
  CeedOperator  op_setup = nullptr, op = nullptr;
  CeedVector    x = MakeVector(ceed, coords), qdata = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInteriorByName(ceed, "Mass1DBuild", &qf_setup), 0);
  CeedElemRestrictionCreateVector(rstr_qd, &qdata, nullptr);
  EXPECT_EQ(CeedOperatorCreate(ceed, qf_setup, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op_setup), 0);
  CeedOperatorSetField(op_setup, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op_setup, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE);
  CeedOperatorSetField(op_setup, "qdata", rstr_qd, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE);
  EXPECT_EQ(CeedOperatorApply(op_setup, x, qdata, CEED_REQUEST_IMMEDIATE), 0);

  CeedScalar           scale = -0.75;
  CeedQFunctionContext ctx   = nullptr;
  CeedQFunction        qf    = CreateScaledMass(ceed, kernel, &scale, &ctx);
  EXPECT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
  CeedOperatorSetField(op, "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedOperatorSetField(op, "qdata", rstr_qd, CEED_BASIS_NONE, qdata);
  CeedOperatorSetField(op, "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE);
  CeedVector u = MakeVector(ceed, TestData(2 * num_nodes)), v = nullptr;
  CeedVectorCreate(ceed, 2 * num_nodes, &v);
  EXPECT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
  std::vector<CeedScalar> result = Values(v);

  for (CeedOperator *o : {&op_setup, &op}) CeedOperatorDestroy(o);
  for (CeedQFunction *q : {&qf_setup, &qf}) CeedQFunctionDestroy(q);
  CeedQFunctionContextDestroy(&ctx);
  for (CeedVector *vec : {&x, &qdata, &u, &v}) CeedVectorDestroy(vec);
  for (CeedElemRestriction *r : {&rstr_x, &rstr_u, &rstr_qd}) CeedElemRestrictionDestroy(r);
  for (CeedBasis *b : {&basis_x, &basis_u}) CeedBasisDestroy(b);
  return result;
}

TEST_P(CudaUserKernel, OperatorsRelayoutQVectorsAroundTheApplicationKernel) {
  for (CeedInt n : {1, 7, 300}) {
    const std::vector<CeedScalar> on_gpu = ApplyMass(gpu, kernel_.function(), n, 4, 5);
    const std::vector<CeedScalar> on_cpu = ApplyMass(cpu, nullptr, n, 4, 5);
    // 1e-12 like the other GPU comparisons: the atomic sums of the transpose restriction come in a different
    // order on every run (2.5e-13 was seen on an H200 at 300 elements on /gpu/cuda/gen).
    EXPECT_LT(RelativeError(on_gpu, on_cpu), 1e-12) << n << " elements: " << Message();
  }
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaUserKernel, ::testing::Values("/gpu/cuda/ref", "/gpu/cuda/gen"), cuda_test::ResourceName);

}  // namespace
