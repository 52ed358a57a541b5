// Unit tests of operator precision modes (multiprecision extension, docs/multiprecision.md): BP1-BP6 on a
// distorted box in fp32, low-high and high-low, and with fp32 quadrature data, against the fp64 result, on
// /cpu/self/gen and /gpu/emu/gen (the GPU layer's fused kernels, run on the host; natively) and /cpu/self/ref (low-high by conversion, the fp32-computing modes refused);
// fp64 set explicitly is bitwise the default; the storage precision of the active output after an
// application; precision fixed after the first application and passed to sub-operators.
//
// Accuracy bounds (largest difference over largest reference entry, the norm of RelativeDifference), with
// u = 2^-24 = 6e-8 the fp32 unit roundoff:
//   - fp32 qdata rounds only the geometric factors, once: the action changes by at most u relative to its
//     largest entry times the spread of the factors over an element, bounded by 2u = 1.2e-7 (measured <= 1.9e-8);
//   - low-high rounds the input (u), sums up to 8 element contributions into an fp32 output (u per addition,
//     partly cancelling) and rounds the result: a few u, bounded by 8u = 5e-7 (measured 4e-8 to 1.1e-7);
//   - fp32 and high-low also round the basis matrices and every contraction, O(p) terms per direction in 3
//     directions and the transpose: bounded by 16u = 1e-6 at p = 2 (measured 9e-8 to 1.7e-7).
// Each mode must also differ from fp64 by more than 1e-10, or it did not compute in fp32 at all.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "test-gpu.hpp"
#include "test-problems.hpp"

namespace {

const std::vector<CeedInt> kBox = {3, 2, 2};

// The fused-kernel backends: /cpu/self/gen and the GPU layer's /gpu/*/gen, whose kernels /gpu/emu runs on the host
// (and /gpu/cuda/gen on an NVIDIA GPU; skipped on machines without one).
const char *const kGenResources[] = {"/cpu/self/gen", "/gpu/emu/gen",
#ifdef CEEDRT_TEST_HAVE_CUDA
                                     "/gpu/cuda/gen",
#endif
};

std::vector<CeedScalar> RunBP(const std::string &resource, int bp, CeedOperatorPrecision mode, CeedScalarType qdata = CEED_SCALAR_FP64) {
  Precisions precisions;
  precisions.mode  = mode;
  precisions.qdata = qdata;
  return RunOn(resource, [&](Ceed ceed) { return BPProblem(ceed, bp, 2, kBox, precisions); });
}

// A mass operator on a 2x2x2 box with P nodes and P + 1 Gauss points per direction, in the given mode.
CeedOperator MassOperator(Objects &o, const Box &box, CeedOperatorPrecision mode) {
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, box.P + 1, CEED_GAUSS, false, &rstr_q);
  CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedBasis           basis  = o.Tensor(3, 1, box.P, box.P + 1, CEED_GAUSS);
  CeedOperator op = o.Operator(o.Gallery("MassApply"), {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                                         {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                         {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
  EXPECT_EQ(CeedOperatorSetPrecision(op, mode), 0);
  return op;
}

class GenPrecision : public ::testing::TestWithParam<const char *> {
 protected:
  void SetUp() override {
    Ceed        probe = nullptr;
    std::string no_device;
    ASSERT_EQ(test_gpu::Init(GetParam(), &probe, &no_device), 0) << GetParam() << " is not available";
    if (!no_device.empty()) GTEST_SKIP() << no_device;
    EXPECT_EQ(CeedDestroy(&probe), 0);
  }
};

TEST_P(GenPrecision, ModesAgreeWithFp64WithinTheirBounds) {
  const char *gen = GetParam();
  for (int bp = 1; bp <= 6; bp++) {
    const std::vector<CeedScalar> fp64 = RunBP(gen, bp, CEED_PRECISION_FP64);
    ASSERT_FALSE(fp64.empty());
    EXPECT_LE(RelativeDifference(RunBP("/cpu/self/ref/serial", bp, CEED_PRECISION_FP64), fp64), 1e-12) << "BP" << bp;
    const double low_high = RelativeDifference(RunBP(gen, bp, CEED_PRECISION_LOW_HIGH), fp64);
    const double fp32     = RelativeDifference(RunBP(gen, bp, CEED_PRECISION_FP32), fp64);
    const double high_low = RelativeDifference(RunBP(gen, bp, CEED_PRECISION_HIGH_LOW), fp64);
    const double qdata32  = RelativeDifference(RunBP(gen, bp, CEED_PRECISION_FP64, CEED_SCALAR_FP32), fp64);
    EXPECT_LE(low_high, 5e-7) << "BP" << bp;
    EXPECT_LE(fp32, 1e-6) << "BP" << bp;
    EXPECT_LE(high_low, 1e-6) << "BP" << bp;
    EXPECT_LE(qdata32, 1.2e-7) << "BP" << bp;
    // Each mode really rounds: an fp64 computation in disguise would agree to 1e-12.
    EXPECT_GT(low_high, 1e-10) << "BP" << bp;
    EXPECT_GT(fp32, 1e-10) << "BP" << bp;
    EXPECT_GT(high_low, 1e-10) << "BP" << bp;
    EXPECT_GT(qdata32, 1e-10) << "BP" << bp;
    char line[160];
    std::snprintf(line, sizeof(line), "low-high %.2e fp32 %.2e high-low %.2e fp32-qdata %.2e", low_high, fp32, high_low, qdata32);
    RecordProperty("bp" + std::to_string(bp), line);
    std::printf("%s BP%d: %s\n", gen, bp, line);
  }
}

INSTANTIATE_TEST_SUITE_P(Gen, GenPrecision, ::testing::ValuesIn(kGenResources), [](const auto &info) {
  std::string name = info.param + 1;
  for (char &c : name)
    if (c == '/') c = '_';
  return name;
});

TEST(OperatorPrecision, ExplicitFp64IsBitwiseTheDefault) {
  for (const char *resource : {"/cpu/self/gen", "/gpu/emu/gen", "/cpu/self/ref/serial"}) {
    const std::vector<CeedScalar> by_default = RunOn(resource, [](Ceed ceed) { return BPProblem(ceed, 3, 3, kBox); });
    const std::vector<CeedScalar> again = RunOn(resource, [](Ceed ceed) {
      Precisions p;
      p.mode = CEED_PRECISION_FP64;
      return BPProblem(ceed, 3, 3, kBox, p);
    });
    ASSERT_EQ(by_default.size(), again.size());
    EXPECT_EQ(std::memcmp(by_default.data(), again.data(), by_default.size() * sizeof(CeedScalar)), 0) << resource;
  }
}

TEST(OperatorPrecision, RefConvertsLowHighAndQdataAndRefusesFp32Compute) {
  // The device-emulation backend runs the core's conversions in (emulated) device memory, as on a GPU.
  for (const char *resource : {"/cpu/self/ref/serial", "/cpu/test/device-emulation"}) {
    for (int bp : {1, 3}) {
      const std::vector<CeedScalar> fp64 = RunBP(resource, bp, CEED_PRECISION_FP64);
      const double low_high = RelativeDifference(RunBP(resource, bp, CEED_PRECISION_LOW_HIGH), fp64);
      const double qdata32  = RelativeDifference(RunBP(resource, bp, CEED_PRECISION_FP64, CEED_SCALAR_FP32), fp64);
      EXPECT_LE(low_high, 5e-7) << resource << " BP" << bp;
      EXPECT_GT(low_high, 1e-10) << resource << " BP" << bp;
      EXPECT_LE(qdata32, 1.2e-7) << resource << " BP" << bp;
      EXPECT_GT(qdata32, 1e-10) << resource << " BP" << bp;
    }
  }
  for (CeedOperatorPrecision mode : {CEED_PRECISION_FP32, CEED_PRECISION_HIGH_LOW}) {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    CeedSetErrorHandler(ceed, CeedErrorStore);
    {
      Objects o;
      o.ceed = ceed;
      Box          box(3, 3, {2, 2, 2});
      CeedOperator op = MassOperator(o, box, mode);
      CeedVector u = o.Vector(box.num_nodes, TestFunction), v = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
      EXPECT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), CEED_ERROR_UNSUPPORTED);
      const char *msg = nullptr;
      CeedGetErrorMessage(ceed, &msg);
      EXPECT_NE(std::string(msg).find(CeedOperatorPrecisions[mode]), std::string::npos) << msg;
      EXPECT_NE(std::string(msg).find("/cpu/self/ref/serial"), std::string::npos) << msg;
      CeedResetErrorMessage(ceed, &msg);
      // The vectors stay usable.
      CeedScalar norm = 0;
      EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_MAX, &norm), 0);
    }
    CeedDestroy(&ceed);
  }
}

// A kernel computing in fp32 would read a context struct with CeedScalar members with float layout: /cpu/self/gen
// refuses the fp32-computing modes when the context is not made of registered int32/boolean fields only.
TEST_P(GenPrecision, RefusesFp32ComputeWithContextsThatMayHoldCeedScalar) {
  for (const bool only_int32 : {false, true}) {
    Ceed ceed = nullptr;
    ASSERT_EQ(CeedInit(GetParam(), &ceed), 0);
    CeedSetErrorHandler(ceed, CeedErrorStore);
    {
      Objects o;
      o.ceed = ceed;
      Box          box(3, 2, {2, 2, 2});
      CeedOperator op = MassOperator(o, box, CEED_PRECISION_HIGH_LOW);
      CeedQFunction qf = nullptr;
      ASSERT_EQ(CeedOperatorGetQFunction(op, &qf), 0);
      CeedQFunctionContext ctx = nullptr;
      ASSERT_EQ(CeedQFunctionContextCreate(ceed, &ctx), 0);
      o.ctxs.push_back(ctx);
      struct {
        int32_t    count[2];
        CeedScalar coefficient;
      } data = {{1, 2}, 0.5};
      ASSERT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, only_int32 ? sizeof(data.count) : sizeof(data), &data), 0);
      ASSERT_EQ(CeedQFunctionContextRegisterInt32(ctx, "count", 0, 2, "two counts"), 0);
      ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
      CeedVector u = o.Vector(box.num_nodes, TestFunction), v = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
      const int  ierr = CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE);
      const char *msg = nullptr;
      CeedGetErrorMessage(ceed, &msg);
      if (only_int32) {
        EXPECT_EQ(ierr, 0) << msg;
      } else {
        EXPECT_EQ(ierr, CEED_ERROR_UNSUPPORTED);
        EXPECT_NE(std::string(msg).find("context (16 bytes)"), std::string::npos) << msg;
        EXPECT_NE(std::string(msg).find("high-low"), std::string::npos) << msg;
      }
      CeedResetErrorMessage(ceed, &msg);
    }
    CeedDestroy(&ceed);
  }
}

// After an application the active output is stored in the mode's vector precision only.
TEST(OperatorPrecision, ActiveOutputIsStoredInTheModesPrecision) {
  for (const char *resource : {"/cpu/self/gen", "/gpu/emu/gen", "/cpu/self/ref/serial"}) {
    for (CeedOperatorPrecision mode : {CEED_PRECISION_FP64, CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW}) {
      const bool ref = std::string(resource).find("ref") != std::string::npos;
      if (ref && (mode == CEED_PRECISION_FP32 || mode == CEED_PRECISION_HIGH_LOW)) continue;
      Ceed ceed = nullptr;
      ASSERT_EQ(CeedInit(resource, &ceed), 0);
      {
        Objects o;
        o.ceed = ceed;
        Box          box(3, 2, {2, 2, 2});
        CeedOperator op = MassOperator(o, box, mode);
        CeedOperatorPrecision got = CEED_PRECISION_FP64;
        EXPECT_EQ(CeedOperatorGetPrecision(op, &got), 0);
        EXPECT_EQ(got, mode);
        CeedVector u = o.Vector(box.num_nodes, TestFunction), v = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
        ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
        const bool fp32_vectors = mode == CEED_PRECISION_FP32 || mode == CEED_PRECISION_LOW_HIGH;
        bool        valid32 = false, valid64 = false;
        CeedMemType mem     = CEED_MEM_HOST;  // where the kernel wrote
        EXPECT_EQ(CeedGetPreferredMemType(ceed, &mem), 0);
        EXPECT_EQ(CeedVectorHasValidArrayTyped(v, mem, CEED_SCALAR_FP32, &valid32), 0);
        EXPECT_EQ(CeedVectorHasValidArrayTyped(v, mem, CEED_SCALAR_FP64, &valid64), 0);
        EXPECT_EQ(valid32, fp32_vectors) << resource << " " << CeedOperatorPrecisions[mode];
        EXPECT_EQ(valid64, !fp32_vectors) << resource << " " << CeedOperatorPrecisions[mode];
        // The input keeps its fp64 values (a read in fp32 adds a valid fp32 copy, never replaces them).
        EXPECT_EQ(CeedVectorHasValidArrayTyped(u, CEED_MEM_HOST, CEED_SCALAR_FP64, &valid64), 0);
        EXPECT_TRUE(valid64);
        // Fixed after the first application.
        CeedSetErrorHandler(ceed, CeedErrorStore);
        const CeedOperatorPrecision other = mode == CEED_PRECISION_FP64 ? CEED_PRECISION_LOW_HIGH : CEED_PRECISION_FP64;
        EXPECT_EQ(CeedOperatorSetPrecision(op, other), CEED_ERROR_INCOMPATIBLE);
        const char *msg = nullptr;
        CeedResetErrorMessage(ceed, &msg);
        EXPECT_EQ(CeedOperatorSetPrecision(op, (CeedOperatorPrecision)9), CEED_ERROR_INCOMPATIBLE);
        CeedResetErrorMessage(ceed, &msg);
      }
      CeedDestroy(&ceed);
    }
  }
}

// A GPU gen kernel computing in fp32 reads fp64 quadrature data through the vector's fp32 copy, which the vector
// converts once (the same rounding the kernel's conversion made, so the action equals that of the data kept in fp32,
// bitwise) and keeps while the data stays (the fp64 values stay valid too); data changed afterwards is converted
// again: doubled, it doubles the action exactly. An fp64 kernel makes no fp32 copy.
TEST(OperatorPrecision, GpuFp32KernelsReadFp64QuadratureDataThroughItsFp32Copy) {
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit("/gpu/emu/gen", &ceed), 0);
  {
    Objects o;
    o.ceed = ceed;
    const Box           box(3, 3, {2, 2, 1});
    CeedElemRestriction rstr_q = nullptr, rstr_q32 = nullptr;
    CeedVector          q_data   = SetupBox(o, box, 4, CEED_GAUSS, true, &rstr_q);
    CeedVector          q_data32 = SetupBox(o, box, 4, CEED_GAUSS, true, &rstr_q32, CEED_SCALAR_FP32);
    CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
    CeedBasis           basis  = o.Tensor(3, 1, box.P, 4, CEED_GAUSS);
    auto                bp3    = [&](CeedVector qd, CeedOperatorPrecision mode) {
      CeedOperator op = o.Operator(o.Gallery("Poisson3DApply"), {{"du", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                                                       {"qdata", rstr_q, CEED_BASIS_NONE, qd},
                                                                       {"dv", rstr_u, basis, CEED_VECTOR_ACTIVE}});
      EXPECT_EQ(CeedOperatorSetPrecision(op, mode), 0);
      return op;
    };
    CeedVector u = o.Vector(box.num_nodes, TestFunction), v = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
    auto       apply = [&](CeedOperator op) {
      std::vector<CeedScalar> out;
      ApplyInto(op, u, v, &out);
      return out;
    };
    auto valid = [](CeedVector vec, CeedScalarType type) {
      bool has = false;
      EXPECT_EQ(CeedVectorHasValidArrayTyped(vec, CEED_MEM_DEVICE, type, &has), 0);
      return has;
    };
    const std::vector<CeedScalar> fp64 = apply(bp3(q_data, CEED_PRECISION_FP64));
    EXPECT_FALSE(valid(q_data, CEED_SCALAR_FP32)) << "an fp64 kernel read the quadrature data in fp32";
    CeedOperator                  op   = bp3(q_data, CEED_PRECISION_FP32);
    const std::vector<CeedScalar> fp32 = apply(op);
    EXPECT_TRUE(valid(q_data, CEED_SCALAR_FP32));
    EXPECT_TRUE(valid(q_data, CEED_SCALAR_FP64));
    EXPECT_EQ(fp32, apply(bp3(q_data32, CEED_PRECISION_FP32))) << "not the quadrature data rounded once";
    EXPECT_GT(RelativeDifference(fp32, fp64), 1e-10);
    EXPECT_LE(RelativeDifference(fp32, fp64), 1e-6);
    ASSERT_EQ(CeedVectorScale(q_data, 2.0), 0);
    std::vector<CeedScalar> twice = fp32;
    for (CeedScalar &x : twice) x *= 2;
    EXPECT_EQ(apply(op), twice) << "the kernel read a stale fp32 copy of the changed quadrature data";
  }
  CeedDestroy(&ceed);
}

// A fixed block (HIP's launch policy and kernels, which /gpu/emu/gen:wavefront=64 follows) holds the whole elements
// whose shared memory fits 64 KiB in the kernel's compute precision: BP3 p = 6 (64 threads and 17408 bytes per
// element in fp64 with HIP's single exchange plane) gets 3 elements per block in fp64 and 4 in fp32 (the block was
// sized for doubles before the precision was chosen).
TEST(OperatorPrecision, FixedBlocksHoldTheElementsOfTheComputePrecision) {
  for (CeedOperatorPrecision mode : {CEED_PRECISION_FP64, CEED_PRECISION_FP32}) {
    Ceed ceed = nullptr;
    setenv("CEED_DEBUG", "1", 1);
    const int ierr = CeedInit("/gpu/emu/gen:wavefront=64", &ceed);
    unsetenv("CEED_DEBUG");
    ASSERT_EQ(ierr, 0);
    std::string debug;
    {
      Objects o;
      o.ceed = ceed;
      const Box           box(3, 7, {1, 1, 1});
      const CeedInt       nq     = 8 * 8 * 8;
      CeedElemRestriction rstr_q = o.Strided(1, nq, 6, CEED_STRIDES_BACKEND);
      CeedElemRestriction rstr_u = o.Offsets(1, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
      CeedBasis           basis  = o.Tensor(3, 1, 7, 8, CEED_GAUSS);
      CeedVector          q_data = o.Vector(6 * nq, [](CeedSize i) { return i % 6 < 3 ? 1.0 : 0.0; });
      CeedOperator        op     = o.Operator(o.Gallery("Poisson3DApply"), {{"du", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                                                            {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                                            {"dv", rstr_u, basis, CEED_VECTOR_ACTIVE}});
      ASSERT_EQ(CeedOperatorSetPrecision(op, mode), 0);
      testing::internal::CaptureStdout();
      const int applied = CeedOperatorApply(op, o.Vector(box.num_nodes, TestFunction), o.Vector(box.num_nodes, [](CeedSize) { return 0.0; }),
                                            CEED_REQUEST_IMMEDIATE);
      debug = testing::internal::GetCapturedStdout();
      EXPECT_EQ(applied, 0);
    }
    CeedDestroy(&ceed);
    const std::string block = mode == CEED_PRECISION_FP32 ? "64 threads per element, blocks of 256 threads, 34816 bytes of shared memory"
                                                          : "64 threads per element, blocks of 192 threads, 52224 bytes of shared memory";
    EXPECT_NE(debug.find(block), std::string::npos) << CeedOperatorPrecisions[mode] << ":\n" << debug;
  }
}

// Diagonal and COO assembly of an operator in any mode give the fp64 values (the core assembles in fp64);
// multigrid levels inherit the mode (transfers keep the level's vector precision and compute in fp64).
TEST_P(GenPrecision, AssemblyAndMultigridWorkInEveryMode) {
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit(GetParam(), &ceed), 0);
  {
    Objects o;
    o.ceed = ceed;
    Box                 fine(3, 3, {2, 2, 2}), coarse(3, 2, {2, 2, 2});
    CeedElemRestriction rstr_q = nullptr;
    CeedVector          q_data = SetupBox(o, fine, 4, CEED_GAUSS, false, &rstr_q);
    CeedElemRestriction rstr_f = o.Offsets(fine.num_elem, fine.elem_size, 1, 1, fine.num_nodes, fine.Offsets(1));
    CeedElemRestriction rstr_c = o.Offsets(coarse.num_elem, coarse.elem_size, 1, 1, coarse.num_nodes, coarse.Offsets(1));
    CeedBasis           basis_f = o.Tensor(3, 1, 3, 4, CEED_GAUSS), basis_c = o.Tensor(3, 1, 2, 4, CEED_GAUSS);
    std::vector<CeedScalar> reference_diagonal, reference_coarse;
    for (CeedOperatorPrecision mode : {CEED_PRECISION_FP64, CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW}) {
      CeedOperator op = o.Operator(o.Gallery("MassApply"), {{"u", rstr_f, basis_f, CEED_VECTOR_ACTIVE},
                                                             {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                             {"v", rstr_f, basis_f, CEED_VECTOR_ACTIVE}});
      ASSERT_EQ(CeedOperatorSetPrecision(op, mode), 0);
      CeedVector diagonal = o.Vector(fine.num_nodes, [](CeedSize) { return 0.0; });
      ASSERT_EQ(CeedOperatorLinearAssembleDiagonal(op, diagonal, CEED_REQUEST_IMMEDIATE), 0) << CeedOperatorPrecisions[mode];
      const std::vector<CeedScalar> diag = Values(diagonal);
      if (mode == CEED_PRECISION_FP64) reference_diagonal = diag;
      EXPECT_LE(RelativeDifference(diag, reference_diagonal), 1e-14) << CeedOperatorPrecisions[mode];

      CeedOperator op_coarse = nullptr, op_prolong = nullptr, op_restrict = nullptr;
      CeedVector   mult = o.Vector(fine.num_nodes, [](CeedSize) { return 1.0; });
      ASSERT_EQ(CeedOperatorMultigridLevelCreate(op, mult, rstr_c, basis_c, &op_coarse, &op_prolong, &op_restrict), 0);
      o.ops.insert(o.ops.end(), {op_coarse, op_prolong, op_restrict});
      CeedOperatorPrecision p = CEED_PRECISION_FP64;
      EXPECT_EQ(CeedOperatorGetPrecision(op_coarse, &p), 0);
      EXPECT_EQ(p, mode);
      CeedVector u_c = o.Vector(coarse.num_nodes, TestFunction), v_c = o.Vector(coarse.num_nodes, [](CeedSize) { return 0.0; });
      CeedVector u_f = o.Vector(fine.num_nodes, [](CeedSize) { return 0.0; });
      ASSERT_EQ(CeedOperatorApply(op_prolong, u_c, u_f, CEED_REQUEST_IMMEDIATE), 0) << CeedOperatorPrecisions[mode];
      ASSERT_EQ(CeedOperatorApply(op_restrict, u_f, v_c, CEED_REQUEST_IMMEDIATE), 0) << CeedOperatorPrecisions[mode];
      ASSERT_EQ(CeedOperatorApply(op_coarse, u_c, v_c, CEED_REQUEST_IMMEDIATE), 0) << CeedOperatorPrecisions[mode];
      const std::vector<CeedScalar> coarse_action = Values(v_c);
      if (mode == CEED_PRECISION_FP64) reference_coarse = coarse_action;
      EXPECT_LE(RelativeDifference(coarse_action, reference_coarse), 1e-6) << CeedOperatorPrecisions[mode];
    }
  }
  CeedDestroy(&ceed);
}

TEST(OperatorPrecision, CompositeOperatorsPassTheirPrecisionToSubOperators) {
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  CeedQFunction qf = nullptr;
  ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, "MassApply", &qf), 0);
  CeedOperator composite = nullptr, sub_before = nullptr, sub_after = nullptr;
  ASSERT_EQ(CeedOperatorCreateComposite(ceed, &composite), 0);
  ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &sub_before), 0);
  ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &sub_after), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, sub_before), 0);
  ASSERT_EQ(CeedOperatorSetPrecision(composite, CEED_PRECISION_LOW_HIGH), 0);
  ASSERT_EQ(CeedOperatorCompositeAddSub(composite, sub_after), 0);
  for (CeedOperator op : {composite, sub_before, sub_after}) {
    CeedOperatorPrecision p = CEED_PRECISION_FP64;
    EXPECT_EQ(CeedOperatorGetPrecision(op, &p), 0);
    EXPECT_EQ(p, CEED_PRECISION_LOW_HIGH);
  }
  CeedOperatorDestroy(&sub_before);
  CeedOperatorDestroy(&sub_after);
  CeedOperatorDestroy(&composite);
  CeedQFunctionDestroy(&qf);
  CeedDestroy(&ceed);
}

}  // namespace
