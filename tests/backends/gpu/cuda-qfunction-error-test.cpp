// GPU tests of non-zero QFunction return codes on the CUDA backends (the user function returns 3 at a
// point where its input is negative, qfunctions/cuda-test-qfunction-errors.h): CeedQFunctionApply fails at
// once with the code and a message naming the QFunction; an operator application does not wait for its
// kernel, so the error is reported by the next application once the kernel has finished, or by the next
// device-to-host copy, with a message saying it comes from an earlier, asynchronous application; the error
// word is reset, so that later applications and other QFunctions work and match /cpu/self/ref/serial.
// Skipped with the CeedInit message on machines without a CUDA device.
#include <chrono>
#include <thread>

#include "cuda-test-util.hpp"
#include "qfunctions/cuda-test-qfunction-errors.h"

namespace {

using cuda_test::MakeVector;
using cuda_test::RelativeError;
using cuda_test::Values;

const std::string kSource = std::string(CEEDRT_CUDA_TEST_FIXTURE_DIR) + "/cuda-test-qfunction-errors.h";

// n values in [0.5, 1.5]; with a negative entry at `negative` when it is in range.
std::vector<CeedScalar> Data(CeedSize n, CeedSize negative = -1) {
  std::vector<CeedScalar> v(static_cast<size_t>(n));
  for (CeedSize i = 0; i < n; i++) v[i] = 1.0 + 0.5 * std::sin(0.7 * i);
  if (negative >= 0 && negative < n) v[negative] = -0.25;
  return v;
}

CeedQFunction PointwiseQFunction(Ceed ceed, const char *name, CeedQFunctionUser f) {
  CeedQFunction qf = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, f, (kSource + ":" + name).c_str(), &qf), 0);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  return qf;
}

class CudaQFunctionError : public cuda_test::GpuTest {
 protected:
  void ResetMessage() {
    const char *msg = nullptr;
    CeedResetErrorMessage(gpu, &msg);
  }
};

TEST_P(CudaQFunctionError, QFunctionApplyFailsAtOnceAndLaterAppliesAreClean) {
  const CeedInt Q  = 1000;
  CeedQFunction qf = PointwiseQFunction(gpu, "CudaTestFailNegative", CudaTestFailNegative);
  CeedVector    u_bad = MakeVector(gpu, Data(Q, 637)), u = MakeVector(gpu, Data(Q)), v = nullptr;
  CeedVectorCreate(gpu, Q, &v);
  EXPECT_EQ(CeedQFunctionApply(qf, Q, &u_bad, &v), 3);
  const std::string msg = Message();
  // "(CUDA kernel ...", "(HIP kernel ...", "(emulated GPU kernel ...".
  EXPECT_NE(msg.find("User function of CeedQFunction CudaTestFailNegative ("), std::string::npos) << msg;
  EXPECT_NE(msg.find(" kernel CeedGpuQFunction_CudaTestFailNegative) returned error code 3"), std::string::npos)
      << msg;
  EXPECT_EQ(msg.find("asynchronous"), std::string::npos) << "a QFunction application waits for its kernel: " << msg;
  ResetMessage();
  // The same QFunction on valid data, then another QFunction: no error left behind.
  ASSERT_EQ(CeedQFunctionApply(qf, Q, &u, &v), 0) << Message();
  std::vector<CeedScalar> expected = Data(Q);
  for (CeedScalar &x : expected) x *= 2.0;
  EXPECT_LT(RelativeError(Values(v), expected), 1e-15);
  CeedQFunction triple = PointwiseQFunction(gpu, "CudaTestTriple", CudaTestTriple);
  ASSERT_EQ(CeedQFunctionApply(triple, Q, &u_bad, &v), 0) << Message();
  expected = Data(Q, 637);
  for (CeedScalar &x : expected) x *= 3.0;
  EXPECT_LT(RelativeError(Values(v), expected), 1e-15);
  for (CeedVector *vec : {&u_bad, &u, &v}) CeedVectorDestroy(vec);
  CeedQFunctionDestroy(&triple);
  CeedQFunctionDestroy(&qf);
}

// out = A u for the 1D operator with the QFunction `name` on ceed: 8 linear elements, 3 Gauss points each.
struct PointwiseOperator {
  CeedOperator        op   = nullptr;
  CeedQFunction       qf   = nullptr;
  CeedElemRestriction rstr = nullptr;
  CeedBasis           basis = nullptr;
  static constexpr CeedInt kNumElem = 8, kNodes = kNumElem + 1;

  PointwiseOperator(Ceed ceed, const char *name, CeedQFunctionUser f) {
    std::vector<CeedInt> offsets;
    for (CeedInt e = 0; e < kNumElem; e++) offsets.insert(offsets.end(), {e, e + 1});
    EXPECT_EQ(CeedElemRestrictionCreate(ceed, kNumElem, 2, 1, 1, kNodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &rstr), 0);
    EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, 3, CEED_GAUSS, &basis), 0);
    qf = PointwiseQFunction(ceed, name, f);
    EXPECT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
    EXPECT_EQ(CeedOperatorSetField(op, "u", rstr, basis, CEED_VECTOR_ACTIVE), 0);
    EXPECT_EQ(CeedOperatorSetField(op, "v", rstr, basis, CEED_VECTOR_ACTIVE), 0);
  }
  ~PointwiseOperator() {
    CeedOperatorDestroy(&op);
    CeedQFunctionDestroy(&qf);
    CeedElemRestrictionDestroy(&rstr);
    CeedBasisDestroy(&basis);
  }
};

std::vector<CeedScalar> ApplyOnCpu(Ceed cpu, const char *name, CeedQFunctionUser f, const std::vector<CeedScalar> &u_values) {
  PointwiseOperator op(cpu, name, f);
  CeedVector        u = MakeVector(cpu, u_values), v = nullptr;
  CeedVectorCreate(cpu, PointwiseOperator::kNodes, &v);
  EXPECT_EQ(CeedOperatorApply(op.op, u, v, CEED_REQUEST_IMMEDIATE), 0);
  std::vector<CeedScalar> out = Values(v);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  return out;
}

TEST_P(CudaQFunctionError, OperatorErrorsAreReportedLaterAndOnlyOnce) {
  const CeedInt           n     = PointwiseOperator::kNodes;
  const std::vector<CeedScalar> good = Data(n), bad = Data(n, 4);
  const std::vector<CeedScalar> expected = ApplyOnCpu(cpu, "CudaTestFailNegative", CudaTestFailNegative, good);
  PointwiseOperator       op(gpu, "CudaTestFailNegative", CudaTestFailNegative);
  CeedVector              u = MakeVector(gpu, good), u_bad = MakeVector(gpu, bad), v = nullptr;
  CeedVectorCreate(gpu, n, &v);
  // A first, valid application builds the kernels (and the transpose maps of /det).
  ASSERT_EQ(CeedOperatorApply(op.op, u, v, CEED_REQUEST_IMMEDIATE), 0) << Message();
  EXPECT_LT(RelativeError(Values(v), expected), 1e-14);

  // 1. The failing application returns before its kernel finishes: the next application reports it.
  EXPECT_EQ(CeedOperatorApply(op.op, u_bad, v, CEED_REQUEST_IMMEDIATE), 0) << "operator applications do not wait: " << Message();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // ample time for the kernel to finish
  EXPECT_EQ(CeedOperatorApply(op.op, u, v, CEED_REQUEST_IMMEDIATE), 3);
  std::string msg = Message();
  EXPECT_NE(msg.find("User function of CeedQFunction CudaTestFailNegative"), std::string::npos) << msg;
  EXPECT_NE(msg.find("returned error code 3 in an earlier, asynchronous application on "), std::string::npos) << msg;
  EXPECT_NE(msg.find("reported by the next operator application"), std::string::npos) << msg;
  ResetMessage();
  ASSERT_EQ(CeedOperatorApply(op.op, u, v, CEED_REQUEST_IMMEDIATE), 0) << "the error is reported once: " << Message();
  EXPECT_LT(RelativeError(Values(v), expected), 1e-14);

  // 2. Reading the output on the host synchronizes: the copy reports the error; the output is then marked
  // invalid, so a second read fails too instead of returning what the failed kernel wrote; writing it again
  // makes it readable.
  EXPECT_EQ(CeedOperatorApply(op.op, u_bad, v, CEED_REQUEST_IMMEDIATE), 0) << Message();
  const CeedScalar *array = nullptr;
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &array), 3);
  msg = Message();
  EXPECT_NE(msg.find("returned error code 3 in an earlier, asynchronous application"), std::string::npos) << msg;
  EXPECT_NE(msg.find("reported by a device-to-host copy"), std::string::npos) << msg;
  ResetMessage();
  EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &array), CEED_ERROR_BACKEND);
  EXPECT_NE(Message().find("no valid data"), std::string::npos) << Message();
  ResetMessage();
  ASSERT_EQ(CeedVectorSetValue(v, 2.0), 0) << Message();
  ASSERT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &array), 0) << Message();
  EXPECT_EQ(array[0], 2.0);
  CeedVectorRestoreArrayRead(v, &array);

  // 3. A QFunction application waits for earlier operator kernels and reports their error first.
  EXPECT_EQ(CeedOperatorApply(op.op, u_bad, v, CEED_REQUEST_IMMEDIATE), 0) << Message();
  CeedQFunction triple = PointwiseQFunction(gpu, "CudaTestTriple", CudaTestTriple);
  CeedVector    q_in = MakeVector(gpu, good), q_out = nullptr;
  CeedVectorCreate(gpu, n, &q_out);
  EXPECT_EQ(CeedQFunctionApply(triple, n, &q_in, &q_out), 3);
  EXPECT_NE(Message().find("reported by CeedQFunctionApply"), std::string::npos) << Message();
  ResetMessage();
  ASSERT_EQ(CeedQFunctionApply(triple, n, &q_in, &q_out), 0) << Message();

  // 4. Another operator on the same context works and matches the CPU.
  {
    PointwiseOperator              other(gpu, "CudaTestTriple", CudaTestTriple);
    const std::vector<CeedScalar> other_expected = ApplyOnCpu(cpu, "CudaTestTriple", CudaTestTriple, bad);
    ASSERT_EQ(CeedOperatorApply(other.op, u_bad, v, CEED_REQUEST_IMMEDIATE), 0) << Message();
    EXPECT_LT(RelativeError(Values(v), other_expected), 1e-14);
  }
  for (CeedVector *vec : {&u, &u_bad, &v, &q_in, &q_out}) CeedVectorDestroy(vec);
  CeedQFunctionDestroy(&triple);
}

INSTANTIATE_TEST_SUITE_P(Resource, CudaQFunctionError,
                         ::testing::Values("/gpu/cuda/ref", "/gpu/cuda/ref/det", "/gpu/cuda/gen", "/gpu/hip/ref", "/gpu/hip/ref/det", "/gpu/hip/gen",
                                           "/gpu/emu/ref", "/gpu/emu/ref/det", "/gpu/emu/gen", "/gpu/emu/gen:wavefront=64"),
                         cuda_test::ResourceName);

}  // namespace
