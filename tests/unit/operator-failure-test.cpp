// A failed operator application (docs/multiprecision.md, "Failures"): a refused precision mode changes nothing
// (the output keeps its values and validity in both precisions, the operator can still change its mode); a
// failure after the outputs were touched (a QFunction reporting an error halfway) leaves every output it wrote
// marked invalid, never half-written; /cpu/self/ref reads passive inputs in their preferred precision and a
// low-high operator's active input in fp32, as /cpu/self/gen does (issue 31's reproductions, exact values).
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gen-fixtures/failing-mass.h"
#include "test-problems.hpp"

namespace {

// Both precisions of v on the host, each with its validity, without changing either.
struct HostState {
  bool                    valid32 = false, valid64 = false;
  std::vector<float>      values32;
  std::vector<CeedScalar> values64;
  bool                    operator==(const HostState &o) const {
    return valid32 == o.valid32 && valid64 == o.valid64 && values32 == o.values32 && values64 == o.values64;
  }
};

HostState Snapshot(CeedVector v) {
  HostState s;
  CeedSize  n = 0;
  EXPECT_EQ(CeedVectorGetLength(v, &n), 0);
  EXPECT_EQ(CeedVectorHasValidArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &s.valid32), 0);
  EXPECT_EQ(CeedVectorHasValidArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &s.valid64), 0);
  const void *a = nullptr;
  if (s.valid32 && CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32, &a) == 0) {
    s.values32.assign(static_cast<const float *>(a), static_cast<const float *>(a) + n);
    EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &a), 0);
  }
  if (s.valid64 && CeedVectorGetArrayReadTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP64, &a) == 0) {
    s.values64.assign(static_cast<const CeedScalar *>(a), static_cast<const CeedScalar *>(a) + n);
    EXPECT_EQ(CeedVectorRestoreArrayReadTyped(v, &a), 0);
  }
  return s;
}

// A vector valid in fp64 and, synced, in fp32 (different values where fp32 rounds).
CeedVector BothPrecisions(Objects &o, CeedSize n, CeedScalar value) {
  CeedVector v = o.Vector(n, [value](CeedSize i) { return value * (double)(i + 1); });
  EXPECT_EQ(CeedVectorSyncArrayTyped(v, CEED_MEM_HOST, CEED_SCALAR_FP32), 0);
  return v;
}

// 3x3x3 elements of degree 2 (343 nodes), mass with Gauss points, in mode.
CeedOperator Mass3D(Objects &o, CeedOperatorPrecision mode) {
  CeedOperator op = ScalarBoxOperator(o, Box(3, 3, {3, 3, 3}), 4, CEED_GAUSS, false);
  EXPECT_EQ(CeedOperatorSetPrecision(op, mode), 0);
  return op;
}

// A mass QFunction v = u qdata from a user function and its source.
CeedQFunction UserMass(Objects &o, CeedQFunctionUser f, const std::string &source) {
  CeedQFunction qf = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(o.ceed, 1, f, source.c_str(), &qf), 0);
  o.qfs.push_back(qf);
  EXPECT_EQ(CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP), 0);
  EXPECT_EQ(CeedQFunctionAddInput(qf, "qdata", 1, CEED_EVAL_NONE), 0);
  EXPECT_EQ(CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP), 0);
  return qf;
}

// 1D mass on 4 linear elements with 3 Gauss points, qdata of the given values: v[0] = 1.5 qdata u. The gallery's
// MassApply unless qf is given.
CeedOperator Mass1D(Objects &o, CeedVector q_data, CeedQFunction qf = nullptr) {
  const std::vector<CeedInt> offsets = {0, 1, 1, 2, 2, 3, 3, 4};
  CeedElemRestriction        rstr_u  = o.Offsets(4, 2, 1, 1, 5, offsets);
  CeedElemRestriction        rstr_q  = o.Strided(4, 3, 1, CEED_STRIDES_BACKEND);
  CeedBasis                  basis   = o.Tensor(1, 1, 2, 3, CEED_GAUSS);
  return o.Operator(qf ? qf : o.Gallery("MassApply"), {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                                        {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                        {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
}

struct ErrorStoringCeed {
  Ceed ceed = nullptr;
  explicit ErrorStoringCeed(const char *resource) {
    EXPECT_EQ(CeedInit(resource, &ceed), 0) << resource;
    if (ceed) CeedSetErrorHandler(ceed, CeedErrorStore);
  }
  ~ErrorStoringCeed() { CeedDestroy(&ceed); }
  std::string TakeMessage() {
    const char *msg = nullptr;
    CeedGetErrorMessage(ceed, &msg);
    std::string text = msg ? msg : "";
    CeedResetErrorMessage(ceed, &msg);
    return text;
  }
};

TEST(OperatorFailure, RefusedModeChangesNothing) {
  // fp32 computation on ref, and on gen with a context that may hold CeedScalar members.
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/self/gen"}) {
    const bool       gen = std::string(resource) == "/cpu/self/gen";
    ErrorStoringCeed c(resource);
    Objects          o;
    o.ceed          = c.ceed;
    CeedOperator op = Mass3D(o, CEED_PRECISION_FP32);
    if (gen) {
      CeedQFunction        qf  = nullptr;
      CeedQFunctionContext ctx = nullptr;
      ASSERT_EQ(CeedOperatorGetQFunction(op, &qf), 0);
      ASSERT_EQ(CeedQFunctionContextCreate(c.ceed, &ctx), 0);
      o.ctxs.push_back(ctx);
      CeedScalar coefficient = 0.5;
      ASSERT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(coefficient), &coefficient), 0);
      ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
    }
    CeedVector u = o.Vector(343, TestFunction), v = BothPrecisions(o, 343, 0.1);
    const HostState v_before = Snapshot(v), u_before = Snapshot(u);
    for (auto apply : {CeedOperatorApply, CeedOperatorApplyAdd, CeedOperatorApplyAddActive}) {
      EXPECT_EQ(apply(op, u, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_UNSUPPORTED) << resource;
      EXPECT_NE(c.TakeMessage().find("fp32"), std::string::npos) << resource;
      EXPECT_TRUE(Snapshot(v) == v_before) << resource << ": the refused apply changed the output";
      EXPECT_TRUE(Snapshot(u) == u_before) << resource << ": the refused apply changed the input";
    }
    if (gen) continue;  // /cpu/self/gen prepared its kernel to find out: its mode is fixed (documented)
    // The operator was not used: it can change its mode and then works.
    ASSERT_EQ(CeedOperatorSetPrecision(op, CEED_PRECISION_LOW_HIGH), 0) << c.TakeMessage();
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0) << c.TakeMessage();
  }
}

TEST(OperatorFailure, RefReadsPassiveInputsInTheirPreferredPrecision) {
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/self/ref/blocked", "/cpu/test/device-emulation", "/cpu/self/gen", "/gpu/emu/ref"}) {
    ErrorStoringCeed c(resource);
    Objects          o;
    o.ceed            = c.ceed;
    CeedVector q_data = o.Vector(12, [](CeedSize) { return 0.1; });
    ASSERT_EQ(CeedVectorSyncArrayTyped(q_data, CEED_MEM_HOST, CEED_SCALAR_FP32), 0);
    ASSERT_EQ(CeedVectorSetPreferredScalarType(q_data, CEED_SCALAR_FP32), 0);
    CeedOperator op = Mass1D(o, q_data);
    CeedVector   u = o.Vector(5, [](CeedSize) { return 1.0; }), v = o.Vector(5, [](CeedSize) { return 0.0; });
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0) << c.TakeMessage();
    // 1.5 * 0.1 from fp64 data would be 0.15000000000000002; fp32 data gives 1.5 * (double)0.1f.
    EXPECT_NEAR(Values(v)[0], 1.5 * (double)0.1f, 1e-16) << resource;
    // Reading the fp32 copy changed neither copy of the qdata.
    const HostState q = Snapshot(q_data);
    EXPECT_TRUE(q.valid32 && q.valid64) << resource;
    EXPECT_EQ(q.values64[0], 0.1) << resource;
  }
}

TEST(OperatorFailure, LowHighReadsTheActiveInputInFp32Everywhere) {
  // u = 0.3 in fp64: low-high reads (double)0.3f, so v[0] = fp32(1.5 * (double)0.3f) = 0.45000001788139343,
  // where the fp64 input would give fp32(0.45) = 0.44999998807907104.
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/test/device-emulation", "/cpu/self/gen"}) {
    ErrorStoringCeed c(resource);
    Objects          o;
    o.ceed          = c.ceed;
    CeedOperator op = Mass1D(o, o.Vector(12, [](CeedSize) { return 1.0; }));
    ASSERT_EQ(CeedOperatorSetPrecision(op, CEED_PRECISION_LOW_HIGH), 0);
    CeedVector u = o.Vector(5, [](CeedSize) { return 0.3; }), v = o.Vector(5, [](CeedSize) { return 0.0; });
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0) << c.TakeMessage();
    const HostState out = Snapshot(v);
    ASSERT_TRUE(out.valid32) << resource;
    EXPECT_EQ(out.values32[0], 0.45000001788139343f) << resource;
    // The input keeps its fp64 values.
    EXPECT_EQ(Snapshot(u).values64[0], 0.3) << resource;
  }
}

// A QFunction that fails at its second call: halfway through an application on /cpu/self/ref.
int calls_before_failure = 0;
int FailingMass(void *, const CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  if (calls_before_failure-- == 0) return 7;
  for (CeedInt i = 0; i < Q; i++) out[0][i] = in[0][i] * in[1][i];
  return 0;
}

TEST(OperatorFailure, FailureHalfwayMarksTheOutputsItWroteInvalid) {
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/test/device-emulation"}) {
    ErrorStoringCeed c(resource);
    Objects          o;
    o.ceed          = c.ceed;
    CeedOperator op = Mass1D(o, o.Vector(12, [](CeedSize) { return 1.0; }), UserMass(o, FailingMass, __FILE__ ":FailingMass"));
    CeedVector u = o.Vector(5, [](CeedSize) { return 1.0; }), v = BothPrecisions(o, 5, 0.1);
    // ApplyAdd fails before summing into v: v is unchanged. Apply had zeroed v: v is marked invalid.
    const HostState before = Snapshot(v);
    calls_before_failure   = 1;
    EXPECT_EQ(CeedOperatorApplyAdd(op, u, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_BACKEND) << resource;
    EXPECT_NE(c.TakeMessage().find("returned error code 7"), std::string::npos) << resource;
    EXPECT_TRUE(Snapshot(v) == before) << resource;
    calls_before_failure = 1;
    EXPECT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_BACKEND) << resource;
    EXPECT_NE(c.TakeMessage().find("returned error code 7"), std::string::npos) << resource;
    for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE}) {
      for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
        bool valid = true;
        EXPECT_EQ(CeedVectorHasValidArrayTyped(v, mem, type, &valid), 0);
        EXPECT_FALSE(valid) << resource << " " << CeedMemTypes[mem] << " " << CeedScalarTypes[type];
      }
    }
    const CeedScalar *read = nullptr;
    EXPECT_EQ(CeedVectorGetArrayRead(v, CEED_MEM_HOST, &read), CEED_ERROR_BACKEND) << resource;
    EXPECT_NE(c.TakeMessage().find("no valid data"), std::string::npos) << resource;
    // Still usable: the next application writes it.
    calls_before_failure = -1;
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0) << c.TakeMessage();
    EXPECT_NEAR(Values(v)[0], 1.5, 1e-15) << resource;
  }
}

// An operator whose QFunction (compiled into the fused kernels) fails in element 3 of 4 (qdata < 0 there).
struct FailingFusedOperator {
  Objects      o;
  CeedOperator op     = nullptr;
  CeedVector   q_data = nullptr, u = nullptr, v = nullptr;
  explicit FailingFusedOperator(Ceed ceed) {
    o.ceed                   = ceed;
    const std::string source = std::string(CEEDRT_TEST_SOURCE_DIR) + "/unit/gen-fixtures/failing-mass.h:MassFailingOnNegativeData";
    q_data = o.Vector(12, [](CeedSize i) { return i >= 9 ? -1.0 : 1.0; });
    op     = Mass1D(o, q_data, UserMass(o, MassFailingOnNegativeData, source));
    u      = o.Vector(5, [](CeedSize) { return 1.0; });
    v      = BothPrecisions(o, 5, 0.1);
  }
};

void ExpectNoValidData(CeedVector v, const std::string &where) {
  for (CeedMemType mem : {CEED_MEM_HOST, CEED_MEM_DEVICE}) {
    for (CeedScalarType type : {CEED_SCALAR_FP32, CEED_SCALAR_FP64}) {
      bool valid = true;
      EXPECT_EQ(CeedVectorHasValidArrayTyped(v, mem, type, &valid), 0);
      EXPECT_FALSE(valid) << where << " " << CeedMemTypes[mem] << " " << CeedScalarTypes[type];
    }
  }
}

// The fused kernels write the output as they go: a QFunction failing in the last element leaves it marked
// invalid, in ApplyAdd too. On /cpu/self/gen the application reports its own error; the GPU layer's kernels
// (/gpu/emu/gen runs them on the host) report it only where the stream is waited for, which CEED_DEBUG makes
// every application do.
TEST(OperatorFailure, FusedKernelFailingHalfwayMarksItsOutputInvalid) {
  for (const char *resource : {"/cpu/self/gen", "/gpu/emu/gen"}) {
    const bool gpu = std::string(resource) == "/gpu/emu/gen";
    if (gpu) setenv("CEED_DEBUG", "1", 1);
    ErrorStoringCeed c(resource);
    if (gpu) unsetenv("CEED_DEBUG");
    FailingFusedOperator f(c.ceed);
    EXPECT_NE(CeedOperatorApplyAdd(f.op, f.u, f.v, CEED_REQUEST_IMMEDIATE), 0) << resource;
    EXPECT_NE(c.TakeMessage().find("returned error code 7"), std::string::npos) << resource;
    ExpectNoValidData(f.v, resource);
    // Without the fault the same operator works, and the output is valid again.
    ASSERT_EQ(CeedVectorSetValue(f.q_data, 1.0), 0);
    ASSERT_EQ(CeedOperatorApply(f.op, f.u, f.v, CEED_REQUEST_IMMEDIATE), 0) << c.TakeMessage();
    EXPECT_NEAR(Values(f.v)[0], 1.5, 1e-15) << resource;
  }
}

// Without CEED_DEBUG a GPU application returns before its kernel ran: the error comes from the next point that
// waits for the device (here the host read of the output, which then fails instead of returning partial sums)
// or from the next application (/gpu/emu runs kernels at once, so the error is known there). From then on the
// outputs of every application since the last synchronization have no valid data (a second read fails too),
// while vectors that were only read, or written by an application known to have completed, keep their values.
TEST(OperatorFailure, GpuKernelErrorIsReportedByTheNextHostRead) {
  ErrorStoringCeed     c("/gpu/emu/gen");
  FailingFusedOperator f(c.ceed);
  CeedVector           done = f.o.Vector(5, [](CeedSize) { return 0.0; });
  CeedVector           dropped = nullptr;  // not owned by f.o: destroyed below
  ASSERT_EQ(CeedVectorCreate(c.ceed, 5, &dropped), 0);
  auto set_q = [&](bool failing) {
    CeedScalar *q = nullptr;
    ASSERT_EQ(CeedVectorGetArrayWrite(f.q_data, CEED_MEM_HOST, &q), 0);
    for (int i = 0; i < 12; i++) q[i] = failing && i >= 9 ? -1.0 : 1.0;
    ASSERT_EQ(CeedVectorRestoreArray(f.q_data, &q), 0);
  };
  set_q(false);
  ASSERT_EQ(CeedOperatorApply(f.op, f.u, done, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_NEAR(Values(done)[0], 1.5, 1e-15);  // the host read waits for the device: done is complete
  set_q(true);
  EXPECT_EQ(CeedOperatorApplyAdd(f.op, f.u, f.v, CEED_REQUEST_IMMEDIATE), 0);
  const CeedScalar *read = nullptr;
  EXPECT_EQ(CeedVectorGetArrayRead(f.v, CEED_MEM_HOST, &read), 7);
  EXPECT_NE(c.TakeMessage().find("earlier, asynchronous application"), std::string::npos);
  ExpectNoValidData(f.v, "output of the failing ApplyAdd");
  EXPECT_EQ(CeedVectorGetArrayRead(f.v, CEED_MEM_HOST, &read), CEED_ERROR_BACKEND);
  EXPECT_NE(c.TakeMessage().find("no valid data"), std::string::npos);
  EXPECT_NEAR(Values(done)[0], 1.5, 1e-15);
  EXPECT_NEAR(Values(f.u)[0], 1.0, 1e-15);
  // A pending output destroyed before its failure is found leaves the list (AddressSanitizer sees the rest).
  EXPECT_EQ(CeedOperatorApply(f.op, f.u, dropped, CEED_REQUEST_IMMEDIATE), 0);
  ASSERT_EQ(CeedVectorDestroy(&dropped), 0);
  set_q(false);
  EXPECT_EQ(CeedOperatorApply(f.op, f.u, f.v, CEED_REQUEST_IMMEDIATE), 7);
  EXPECT_NE(c.TakeMessage().find("earlier, asynchronous application"), std::string::npos);
  // Usable again: the next application writes the output and a read returns its values.
  ASSERT_EQ(CeedOperatorApply(f.op, f.u, f.v, CEED_REQUEST_IMMEDIATE), 0);
  EXPECT_NEAR(Values(f.v)[0], 1.5, 1e-15);
  EXPECT_NEAR(Values(done)[0], 1.5, 1e-15);
}

}  // namespace
