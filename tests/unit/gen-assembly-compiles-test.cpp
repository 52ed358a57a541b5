// JIT cost of assembling an operator of a gen backend (issue 30): QFunction, diagonal and full assembly of a BP3
// operator on /gpu/emu/gen (the gpu layer with its kernels compiled for the host, so the same generator and
// assembly decisions as /gpu/cuda/gen) and on /cpu/self/gen build no fused kernel: the probes of QFunction
// assembly run on the backend's operator fallback (/gpu/emu/ref, whose generic kernels are compiled once per
// context; /cpu/self/ref/serial). The compiles
// are counted from the backend's CEED_DEBUG lines with the kernel cache off, so each one is a real compile. The
// values are checked too: the diagonal equals /cpu/self/ref/serial's, the COO entries on the diagonal sum to it.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "test-problems.hpp"

namespace {

// Before any Ceed exists: every kernel compiled in this process (no cache hit hides one), and the backends say so.
const bool kCountCompiles = [] {
  setenv("CEEDRT_CACHE", "off", 1);
  setenv("CEED_DEBUG", "1", 1);
  return true;
}();

int CountLines(const std::string &text, const std::string &needle) {
  int count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) count++;
  return count;
}

// The compiles and fused-kernel builds that one step of assembly logs.
struct StepLog {
  int compiles = 0, fused_compiles = 0, fused_builds = 0;
  std::string text;
};

template <class Step>
StepLog Logged(Step step) {
  testing::internal::CaptureStdout();
  step();
  StepLog log;
  log.text           = testing::internal::GetCapturedStdout();
  log.compiles       = CountLines(log.text, " compiled ");
  log.fused_compiles = CountLines(log.text, "compiled the fused kernel");
  log.fused_builds   = CountLines(log.text, "operator fused");
  return log;
}

// The BP3 operator (Poisson, p = 2, 4 Gauss points per direction, deformed 2x2x1 box) on o's context, applied once
// so that its fused kernel exists before the assembly is counted; *size: its active vectors' length.
CeedOperator Bp3Operator(Objects &o, CeedSize *size) {
  const Box               box(3, 3, {2, 2, 1});
  CeedOperator            op = ScalarBoxOperator(o, box, 4, CEED_GAUSS, true);
  std::vector<CeedScalar> applied;
  ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector(box.num_nodes, [](CeedSize) { return 0.0; }), &applied);
  *size = box.num_nodes;
  return op;
}

std::vector<CeedScalar> AssembledDiagonal(Objects &o, CeedOperator op, CeedSize size) {
  CeedVector diagonal = o.Vector(size, [](CeedSize) { return 0.0; });
  EXPECT_EQ(CeedOperatorLinearAssembleDiagonal(op, diagonal, CEED_REQUEST_IMMEDIATE), 0);
  return Values(diagonal);
}

// The most compiles each step of assembly may log on a backend: none of them a fused kernel.
struct AssemblyCompiles {
  int qfunction, diagonal;
  const char *qfunction_kernel;  // the compile the QFunction assembly must log, or nullptr
};

void CheckAssemblyBuildsNoFusedKernel(const char *resource, const AssemblyCompiles &expected) {
  ASSERT_TRUE(kCountCompiles);
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit(resource, &ceed), 0);
  std::vector<CeedScalar> diagonal, diagonal_ref;
  {
    Objects o;
    o.ceed         = ceed;
    o.owns_ceed    = true;
    CeedSize     n = 0;
    CeedOperator op = Bp3Operator(o, &n);

    CeedVector          assembled = nullptr;
    CeedElemRestriction rstr      = nullptr;
    const StepLog       qf        = Logged([&] { EXPECT_EQ(CeedOperatorLinearAssembleQFunction(op, &assembled, &rstr, CEED_REQUEST_IMMEDIATE), 0); });
    CeedVectorDestroy(&assembled);
    CeedElemRestrictionDestroy(&rstr);
    const StepLog diag = Logged([&] { diagonal = AssembledDiagonal(o, op, n); });
    CeedSize      num_entries = 0;
    CeedInt      *rows = nullptr, *cols = nullptr;
    CeedVector    values = nullptr;
    const StepLog full   = Logged([&] {
      EXPECT_EQ(CeedOperatorLinearAssembleSymbolic(op, &num_entries, &rows, &cols), 0);
      EXPECT_EQ(CeedVectorCreate(ceed, num_entries, &values), 0);
      EXPECT_EQ(CeedOperatorLinearAssemble(op, values), 0);
    });
    // The COO entries on the diagonal sum to the assembled diagonal.
    const std::vector<CeedScalar> coo = Values(values);
    std::vector<CeedScalar>       coo_diagonal(n, 0.0);
    for (CeedSize i = 0; i < num_entries; i++) {
      if (rows[i] == cols[i]) coo_diagonal[rows[i]] += coo[i];
    }
    EXPECT_LT(RelativeDifference(coo_diagonal, diagonal), 1e-13);
    free(rows);
    free(cols);
    CeedVectorDestroy(&values);
    // Assembling again (the QFunction is re-assembled: its reuse is off) compiles nothing.
    const StepLog again = Logged([&] { AssembledDiagonal(o, op, n); });

    // The design's compiles (expected): no fused kernel anywhere.
    EXPECT_EQ(qf.fused_builds + diag.fused_builds + full.fused_builds + again.fused_builds, 0) << qf.text << diag.text << full.text;
    EXPECT_EQ(qf.fused_compiles + diag.fused_compiles + full.fused_compiles + again.fused_compiles, 0);
    EXPECT_LE(qf.compiles, expected.qfunction) << qf.text;
    if (expected.qfunction_kernel) {
      EXPECT_EQ(CountLines(qf.text, expected.qfunction_kernel), 1) << qf.text;
    }
    EXPECT_LE(diag.compiles, expected.diagonal) << diag.text;
    EXPECT_EQ(full.compiles, 0) << full.text;
    EXPECT_EQ(again.compiles, 0) << again.text;
  }
  // The same diagonal as the reference backend's.
  Ceed ref = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ref), 0);
  {
    Objects o;
    o.ceed      = ref;
    o.owns_ceed = true;
    CeedSize n  = 0;
    testing::internal::CaptureStdout();
    CeedOperator op = Bp3Operator(o, &n);
    diagonal_ref    = AssembledDiagonal(o, op, n);
    testing::internal::GetCapturedStdout();
  }
  EXPECT_LT(RelativeDifference(diagonal, diagonal_ref), 1e-13);
}

TEST(GenAssemblyCompiles, Bp3AssemblyOnGpuEmuGenBuildsNoFusedKernel) {
  // The emulator is built wherever the tests are. The QFunction's kernel on the fallback context (its probe), at
  // most the generic kernels' module there, and the diagonal's element assembly kernel.
  CheckAssemblyBuildsNoFusedKernel("/gpu/emu/gen", {2, 1, "compiled qfunction-Poisson3DApply"});
}

TEST(GenAssemblyCompiles, Bp3AssemblyOnCpuGenCompilesNothing) {
  // /cpu/self/gen's probes run on /cpu/self/ref/serial, which calls the QFunction without compiling; without a
  // host compiler the context serves cached kernels only, and the count is the same.
  CheckAssemblyBuildsNoFusedKernel("/cpu/self/gen", {0, 0, nullptr});
}

}  // namespace
