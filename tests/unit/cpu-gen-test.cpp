// Unit tests of /cpu/self/gen: every problem is applied on /cpu/self/gen and on /cpu/self/ref/serial and
// the results must agree to 1e-12 relative (largest difference over largest entry): BP1-BP6 (setup and
// apply), 1D/2D/3D tensor shapes with P < Q, P = Q and P > Q, non-tensor triangles, a mixed-field
// operator, oriented and unsigned restrictions, one element row out of order among contiguous ones, strided
// active fields, contexts and passive data changing between applications, element batches of 2, 4 and 8
// lanes, threaded applications (the workers kept between applications, a forked child running on its own
// thread). Further tests: fused operators build kernels and delegated ones do not, CeedOperatorPrepare builds
// ahead, the kernel cache across processes (reuse without compiling, two processes racing on an empty cache, a
// corrupt entry rebuilt), compile failures report the compiler's output and the kept source, a missing
// compiler fails CeedInit, QFunction sources that do not compile as JIT code run through their pointer, and
// the generated code of BP1-BP6 and of the mixed operator compiles without warnings at -Wall.
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "gen-fixtures/gen-host-only.h"
#include "gen-fixtures/gen-qfunctions.h"
#include "test-problems.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kFixtures = std::string(CEEDRT_TEST_SOURCE_DIR) + "/unit/gen-fixtures";

void ExpectAgree(const Problem &problem, const std::string &gen = "/cpu/self/gen") {
  const std::vector<CeedScalar> expected = RunOn("/cpu/self/ref/serial", problem), actual = RunOn(gen, problem);
  ASSERT_FALSE(expected.empty());
  EXPECT_LE(RelativeDifference(actual, expected), 1e-12) << gen;
}

CeedKernelCacheStats Stats() {
  CeedKernelCacheStats s{};
  EXPECT_EQ(CeedKernelCacheGetStats(&s), 0);
  return s;
}

uint64_t Lookups(const CeedKernelCacheStats &s) { return s.hits + s.misses; }

class CpuGen : public ::testing::Test {
 protected:
  void SetUp() override { setenv("CEED_ERROR_HANDLER", "store", 1); }
};

// ---- Agreement with /cpu/self/ref --------------------------------------------------------------------------

TEST_F(CpuGen, BakeOffProblemsMatchReference) {
  for (int bp = 1; bp <= 6; bp++) {
    SCOPED_TRACE("BP" + std::to_string(bp));
    ExpectAgree([bp](Ceed ceed) { return BPProblem(ceed, bp, 2, {3, 2, 2}); });  // 12 elements: a full and a partial batch
  }
  ExpectAgree([](Ceed ceed) { return BPProblem(ceed, 3, 3, {2, 2, 1}); });
}

TEST_F(CpuGen, TensorShapesMatchReference) {
  struct Shape {
    CeedInt      dim, P, Q;
    CeedQuadMode mode;
    CeedInt      num_comp;
    bool         interlaced;
  };
  const Shape shapes[] = {
      {1, 4, 3, CEED_GAUSS, 1, true},          // fewer points than nodes: gradient without collocation
      {1, 3, 5, CEED_GAUSS, 3, false},         // components num_nodes apart
      {2, 3, 3, CEED_GAUSS, 1, true},          // P = Q, not collocated
      {2, 4, 3, CEED_GAUSS, 3, true},          //
      {2, 3, 3, CEED_GAUSS_LOBATTO, 1, true},  // collocated: interpolation is the identity
      {3, 3, 2, CEED_GAUSS, 1, false},         //
      {3, 2, 3, CEED_GAUSS, 3, false},         //
      {2, 10, 11, CEED_GAUSS, 1, true},        // element rows longer than a batch of lanes
  };
  for (const Shape &s : shapes) {
    for (bool diffusion : {false, true}) {
      SCOPED_TRACE("dim " + std::to_string(s.dim) + " P " + std::to_string(s.P) + " Q " + std::to_string(s.Q) + (diffusion ? " diffusion" : " mass"));
      const std::vector<CeedInt> n = s.dim == 1 ? std::vector<CeedInt>{11} : s.dim == 2 ? std::vector<CeedInt>{3, 4} : std::vector<CeedInt>{3, 2, 2};
      ExpectAgree([&](Ceed ceed) { return TensorProblem(ceed, s.dim, n, s.P, s.Q, s.mode, diffusion, s.num_comp, s.interlaced); });
    }
  }
}

// Element rows are moved as contiguous blocks only when every row of every element is contiguous: one row of one
// element in the middle of the mesh (third batch) with two nodes swapped must send the whole restriction through
// its interleaved indices. Both backends apply the same algebraic operator, swapped row included.
TEST_F(CpuGen, OneElementRowOutOfOrderMatchesReference) {
  for (bool diffusion : {false, true}) {
    SCOPED_TRACE(diffusion ? "diffusion" : "mass");
    ExpectAgree([diffusion](Ceed ceed) {
      Objects o;
      o.ceed = ceed;
      Box                 box(3, 4, {5, 3, 2});  // 30 elements
      CeedElemRestriction rstr_q = nullptr;
      CeedVector          q_data = SetupBox(o, box, 5, CEED_GAUSS, diffusion, &rstr_q);
      std::vector<CeedInt> offsets = box.Offsets(1);
      const size_t         row     = 17 * (size_t)box.elem_size + 2 * (size_t)box.P;  // element 17, row 2
      std::swap(offsets[row + 1], offsets[row + 2]);
      CeedElemRestriction rstr_u  = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, offsets);
      CeedBasis           basis_u = o.Tensor(3, 1, box.P, 5, CEED_GAUSS);
      CeedOperator        op      = o.Operator(o.Gallery(diffusion ? "Poisson3DApply" : "MassApply"),
                                               {{diffusion ? "du" : "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                                {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                {diffusion ? "dv" : "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE}});
      std::vector<CeedScalar> out;
      ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector(box.num_nodes, [](CeedSize) { return 0.0; }), &out);
      return out;
    });
  }
}

// Unit square cut into 2 n^2 linear triangles (non-tensor H1 basis, 3-point rule), mass and diffusion.
std::vector<CeedScalar> TriangleProblem(Ceed ceed, bool diffusion) {
  Objects o;
  o.ceed             = ceed;
  const CeedInt n    = 4, num_nodes = (n + 1) * (n + 1), num_elem = 2 * n * n, Q = 3;
  // P1 on the reference triangle (0,0), (1,0), (0,1): values and derivatives at the points of the rule.
  const CeedScalar q_ref[2][Q] = {{1. / 6, 2. / 3, 1. / 6}, {1. / 6, 1. / 6, 2. / 3}}, q_weight[Q] = {1. / 6, 1. / 6, 1. / 6};
  CeedScalar       interp[Q * 3], grad[2 * Q * 3];
  for (CeedInt q = 0; q < Q; q++) {
    const CeedScalar x = q_ref[0][q], y = q_ref[1][q];
    const CeedScalar values[3] = {1 - x - y, x, y}, dx[3] = {-1, 1, 0}, dy[3] = {-1, 0, 1};
    for (CeedInt p = 0; p < 3; p++) {
      interp[q * 3 + p]         = values[p];
      grad[q * 3 + p]           = dx[p];
      grad[Q * 3 + q * 3 + p] = dy[p];
    }
  }
  std::vector<CeedInt> offsets;
  for (CeedInt j = 0; j < n; j++) {
    for (CeedInt i = 0; i < n; i++) {
      const CeedInt v00 = j * (n + 1) + i, v10 = v00 + 1, v01 = v00 + n + 1, v11 = v01 + 1;
      offsets.insert(offsets.end(), {v00, v10, v01, v11, v01, v10});
    }
  }
  std::vector<CeedInt> offsets_x;
  for (CeedInt v : offsets) offsets_x.push_back(2 * v);
  CeedBasis basis_x = nullptr, basis_u = nullptr;
  EXPECT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 2, 3, Q, interp, grad, &q_ref[0][0], q_weight, &basis_x), 0);
  EXPECT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, Q, interp, grad, &q_ref[0][0], q_weight, &basis_u), 0);
  o.bases.push_back(basis_x);
  o.bases.push_back(basis_u);
  CeedVector coords = o.Vector(2 * num_nodes, [&](CeedSize i) {
    const CeedSize v = i / 2;
    const double   x = (double)(v % (n + 1)) / n, y = (double)(v / (n + 1)) / n;
    return (i % 2 ? y : x) + 0.05 * std::sin(kPi * x) * std::sin(kPi * y);
  });
  CeedElemRestriction rstr_x = o.Offsets(num_elem, 3, 2, 1, 2 * num_nodes, offsets_x), rstr_u = o.Offsets(num_elem, 3, 1, 1, num_nodes, offsets);
  const CeedInt q_size = diffusion ? 3 : 1;
  CeedElemRestriction rstr_q = o.Strided(num_elem, Q, q_size, CEED_STRIDES_BACKEND);
  CeedOperator setup = o.Operator(o.Gallery(diffusion ? "Poisson2DBuild" : "Mass2DBuild"),
                                  {{"dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE},
                                   {"weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE},
                                   {"qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}});
  CeedVector q_data = o.Vector(num_elem * Q * q_size, [](CeedSize) { return 0.0; });
  std::vector<CeedScalar> out;
  ApplyInto(setup, coords, q_data, &out);
  CeedOperator op = o.Operator(o.Gallery(diffusion ? "Poisson2DApply" : "MassApply"), {{diffusion ? "du" : "u", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                                                                      {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                                                      {diffusion ? "dv" : "v", rstr_u, basis_u, CEED_VECTOR_ACTIVE}});
  ApplyInto(op, o.Vector(num_nodes, TestFunction), o.Vector(num_nodes, [](CeedSize) { return 0.0; }), &out);
  return out;
}

TEST_F(CpuGen, NonTensorBasesMatchReference) {
  ExpectAgree([](Ceed ceed) { return TriangleProblem(ceed, false); });
  ExpectAgree([](Ceed ceed) { return TriangleProblem(ceed, true); });
}

// The 2D mixed operator of gen-qfunctions.h: u (P = 3) as value and gradient through one restriction, p
// (P = 2, two components num_nodes apart) in the same L-vector, qdata and weights; outputs v and dv
// summed into u's entries, q into p's.
std::vector<CeedScalar> MixedProblem(Ceed ceed) {
  Objects o;
  o.ceed = ceed;
  Box                 box_u(2, 3, {3, 3}), box_p(2, 2, {3, 3});
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box_u, 4, CEED_GAUSS, false, &rstr_q);
  const CeedSize      n_u = box_u.num_nodes, n_p = box_p.num_nodes, size = n_u + 2 * n_p;
  CeedElemRestriction rstr_u  = o.Offsets(box_u.num_elem, box_u.elem_size, 1, 1, size, box_u.Offsets(1));
  CeedElemRestriction rstr_p  = o.Offsets(box_p.num_elem, box_p.elem_size, 2, (CeedInt)n_p, size, box_p.Offsets(1, (CeedInt)n_u));
  CeedBasis           basis_u = o.Tensor(2, 1, 3, 4, CEED_GAUSS), basis_p = o.Tensor(2, 2, 2, 4, CEED_GAUSS);
  CeedQFunction       qf      = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, GenMixed2D, (kFixtures + "/gen-qfunctions.h:GenMixed2D").c_str(), &qf), 0);
  o.qfs.push_back(qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "du", 2, CEED_EVAL_GRAD);
  CeedQFunctionAddInput(qf, "p", 2, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "qd", 1, CEED_EVAL_NONE);
  CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddOutput(qf, "dv", 2, CEED_EVAL_GRAD);
  CeedQFunctionAddOutput(qf, "q", 2, CEED_EVAL_INTERP);
  CeedOperator op = o.Operator(qf, {{"u", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                    {"du", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                    {"p", rstr_p, basis_p, CEED_VECTOR_ACTIVE},
                                    {"qd", rstr_q, CEED_BASIS_NONE, q_data},
                                    {"w", CEED_ELEMRESTRICTION_NONE, basis_u, CEED_VECTOR_NONE},
                                    {"v", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                    {"dv", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                    {"q", rstr_p, basis_p, CEED_VECTOR_ACTIVE}});
  std::vector<CeedScalar> out;
  ApplyInto(op, o.Vector(size, TestFunction), o.Vector(size, [](CeedSize) { return 0.0; }), &out);
  return out;
}

TEST_F(CpuGen, MixedFieldOperatorMatchesReference) { ExpectAgree(MixedProblem); }

// 1D mass with an oriented restriction (signs from a fixed pattern) and with its unsigned copy.
std::vector<CeedScalar> OrientedProblem(Ceed ceed, bool unsigned_copy) {
  Objects o;
  o.ceed = ceed;
  Box                 box(1, 3, {13});
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, 4, CEED_GAUSS, false, &rstr_q);
  std::vector<CeedInt> offsets = box.Offsets(1);
  bool                 orients[13 * 3];
  for (CeedInt i = 0; i < 13 * 3; i++) orients[i] = (i * 7) % 5 < 2;
  CeedElemRestriction rstr_u = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreateOriented(ceed, box.num_elem, 3, 1, 1, box.num_nodes, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(),
                                              orients, &rstr_u),
            0);
  o.rstrs.push_back(rstr_u);
  if (unsigned_copy) {
    CeedElemRestriction copy = nullptr;
    EXPECT_EQ(CeedElemRestrictionCreateUnsignedCopy(rstr_u, &copy), 0);
    o.rstrs.push_back(copy);
    rstr_u = copy;
  }
  CeedBasis    basis_u = o.Tensor(1, 1, 3, 4, CEED_GAUSS);
  CeedOperator op      = o.Operator(o.Gallery("MassApply"), {{"u", rstr_u, basis_u, CEED_VECTOR_ACTIVE},
                                                             {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                             {"v", rstr_u, basis_u, CEED_VECTOR_ACTIVE}});
  std::vector<CeedScalar> out;
  ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector(box.num_nodes, [](CeedSize) { return 0.0; }), &out);
  return out;
}

TEST_F(CpuGen, OrientedRestrictionsMatchReference) {
  ExpectAgree([](Ceed ceed) { return OrientedProblem(ceed, false); });
  ExpectAgree([](Ceed ceed) { return OrientedProblem(ceed, true); });
}

// v = alpha u at the nodes (EVAL_NONE): offset input, strided output with user strides, the context
// changed between applications; then a mass operator whose passive qdata is rescaled between applications.
std::vector<CeedScalar> ContextAndPassiveDataProblem(Ceed ceed) {
  Objects o;
  o.ceed = ceed;
  Box                  box(2, 3, {5, 3});
  const CeedInt        strides[3] = {1, box.elem_size, box.elem_size};
  CeedElemRestriction  rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedElemRestriction  rstr_e = o.Strided(box.num_elem, box.elem_size, 1, strides);
  CeedQFunction        qf     = nullptr;
  CeedQFunctionContext ctx    = nullptr;
  GenScaleContext      data   = {1.5};
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, GenScale, (kFixtures + "/gen-qfunctions.h:GenScale").c_str(), &qf), 0);
  o.qfs.push_back(qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_NONE);
  EXPECT_EQ(CeedQFunctionContextCreate(ceed, &ctx), 0);
  o.ctxs.push_back(ctx);
  EXPECT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), &data), 0);
  EXPECT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
  CeedOperator op = o.Operator(qf, {{"u", rstr_u, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}, {"v", rstr_e, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}});
  CeedVector   u  = o.Vector(box.num_nodes, TestFunction), v = o.Vector((CeedSize)box.num_elem * box.elem_size, [](CeedSize) { return 0.0; });
  std::vector<CeedScalar> out;
  ApplyInto(op, u, v, &out);
  GenScaleContext *c = nullptr;
  EXPECT_EQ(CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &c), 0);
  c->alpha = -0.25;
  EXPECT_EQ(CeedQFunctionContextRestoreData(ctx, &c), 0);
  ApplyInto(op, u, v, &out);

  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, 4, CEED_GAUSS, false, &rstr_q);
  CeedBasis           basis  = o.Tensor(2, 1, 3, 4, CEED_GAUSS);
  CeedOperator mass = o.Operator(o.Gallery("MassApply"), {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                                          {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                                          {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
  CeedVector   w    = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
  ApplyInto(mass, u, w, &out);
  EXPECT_EQ(CeedVectorScale(q_data, 2.0), 0);  // a backend keeping its own copy of qdata must notice
  ApplyInto(mass, u, w, &out);
  return out;
}

TEST_F(CpuGen, ContextsAndPassiveDataChangingBetweenApplications) { ExpectAgree(ContextAndPassiveDataProblem); }

// Transpose restrictions add rows of N nodes with masked vector instructions when N >= CEED_GEN_MASKED_ADD_MIN
// and entry by entry below: both forms for rows of 2 to 7 nodes (p = 1..6), whatever the host's default.
TEST_F(CpuGen, RowsAddedMaskedAndPlainMatchReference) {
  char dir[] = "/tmp/ceedrt-gen-rows-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  setenv("CEEDRT_CACHE_DIR", dir, 1);
  for (const char *min : {"1", "9"}) {
    setenv("CEEDRT_JIT_CXXFLAGS", (std::string("-DCEED_GEN_MASKED_ADD_MIN=") + min).c_str(), 1);
    for (int p = 1; p <= 6; p++) {
      SCOPED_TRACE("p = " + std::to_string(p) + ", masked from rows of " + min);
      ExpectAgree([p](Ceed ceed) { return BPProblem(ceed, 1, p, {3, 2, 1}); });
    }
  }
  unsetenv("CEEDRT_JIT_CXXFLAGS");
  // The default the cpu dialect chose for this host's vendor is in every kernel's preamble or in none.
  bool intel = false;
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  intel = __builtin_cpu_is("intel");
#endif
  size_t sources = 0;
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".cpp") continue;
    std::ifstream     file(entry.path());
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.find("#define CEED_GEN_MASKED_ADD_MIN 5\n") != std::string::npos, intel) << entry.path();
    sources++;
  }
  EXPECT_GT(sources, 0u);
  unsetenv("CEEDRT_CACHE_DIR");
  fs::remove_all(dir);
}

TEST_F(CpuGen, AllBatchWidthsMatchReference) {
  for (const char *lanes : {"2", "4", "8"}) {
    ExpectAgree([](Ceed ceed) { return BPProblem(ceed, 3, 2, {3, 1, 1}); }, std::string("/cpu/self/gen:lanes=") + lanes);
    ExpectAgree(MixedProblem, std::string("/cpu/self/gen:lanes=") + lanes);
  }
}

// threads=N: batches split over threads in contiguous chunks (a chunk's batches sharing output entries with
// the next chunk wait for that chunk's first ones; those sharing with others run after, color by color).
// Boxes large enough to split (at least 32 batches per thread), BP1-BP6, mixed fields: the same as the
// reference, and bitwise the same from one application to the next.
TEST_F(CpuGen, ThreadedApplicationsMatchReference) {
  for (const char *threads : {"2", "3"}) {
    const std::string resource = std::string("/cpu/self/gen:threads=") + threads;
    for (int bp = 1; bp <= 6; bp++) ExpectAgree([bp](Ceed ceed) { return BPProblem(ceed, bp, 2, {16, 8, 8}); }, resource);
    ExpectAgree(MixedProblem, resource);
    const Problem bp3 = [](Ceed ceed) { return BPProblem(ceed, 3, 3, {16, 12, 8}); };
    const std::vector<CeedScalar> first = RunOn(resource, bp3), second = RunOn(resource, bp3);
    ASSERT_EQ(first.size(), second.size());
    EXPECT_EQ(std::memcmp(first.data(), second.data(), first.size() * sizeof(CeedScalar)), 0) << resource;
  }
}

// Chunks smaller than a layer of elements: 24 threads on 16 layers of 24 x 16 elements, 32 batches (2/3 of
// a layer) each. A chunk shares entries with the next one and with the chunk two ahead, which is not its
// neighbour in the element order: such batches go the colored way, the others wait for the neighbour's head.
TEST_F(CpuGen, ThreadChunksSharingEntriesWithDistantChunksMatchReference) {
  for (int bp : {1, 3}) ExpectAgree([bp](Ceed ceed) { return BPProblem(ceed, bp, 2, {24, 16, 16}); }, "/cpu/self/gen:threads=24");
}

// Mass operator on a 3D box of 16 x 8 x 8 elements of degree 2 (128 batches: enough to split over 3 threads).
void MassOnBox(Objects &o, CeedOperator *op, CeedVector *u, CeedVector *v) {
  Box                 box(3, 3, {16, 8, 8});
  CeedElemRestriction rstr_q = nullptr;
  CeedVector          q_data = SetupBox(o, box, 4, CEED_GAUSS, false, &rstr_q);
  CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedBasis           basis  = o.Tensor(3, 1, 3, 4, CEED_GAUSS);
  *op = o.Operator(o.Gallery("MassApply"), {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                           {"qdata", rstr_q, CEED_BASIS_NONE, q_data},
                                           {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
  *u  = o.Vector(box.num_nodes, TestFunction);
  *v  = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
}

int ProcessThreads() {
  std::ifstream status("/proc/self/status");
  std::string   line;
  while (std::getline(status, line)) {
    if (line.rfind("Threads:", 0) == 0) return std::atoi(line.c_str() + 8);
  }
  return -1;
}

// The workers of a context with threads=3 start with its first threaded application, serve every later one
// (no thread started per application) and are joined when the context is destroyed. Counts are taken relative
// to the one after the first application: sanitizers start threads of their own along the way.
TEST_F(CpuGen, ThreadWorkersKeptBetweenApplications) {
  const int before = ProcessThreads();
  ASSERT_GT(before, 0);
  int with_workers = 0;
  {
    Objects o;
    o.owns_ceed = true;
    ASSERT_EQ(CeedInit("/cpu/self/gen:threads=3", &o.ceed), 0);
    CeedOperator op = nullptr;
    CeedVector   u = nullptr, v = nullptr;
    MassOnBox(o, &op, &u, &v);  // the geometric factors' operator is applied on the threads first
    with_workers = ProcessThreads();
    EXPECT_GE(with_workers, before + 2) << "threads before the context: " << before;
    ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
    const std::vector<CeedScalar> first = Values(v);
    for (int i = 0; i < 5; i++) {
      ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
      EXPECT_EQ(ProcessThreads(), with_workers) << "application " << i + 2;
    }
    const std::vector<CeedScalar> last = Values(v);
    ASSERT_EQ(first.size(), last.size());
    EXPECT_EQ(std::memcmp(first.data(), last.data(), first.size() * sizeof(CeedScalar)), 0);
  }
  // A joined thread leaves the count a moment after the join returns (the kernel wakes the joiner first).
  for (int i = 0; i < 500 && ProcessThreads() != with_workers - 2; i++) usleep(10000);
  EXPECT_EQ(ProcessThreads(), with_workers - 2) << "threads before the context: " << before << ", with its workers: " << with_workers;
}

// A child forked after the workers started has none of them: its applications run on its own thread, give the
// parent's result bit for bit, and destroying the context there neither waits for nor touches the parent's workers.
TEST_F(CpuGen, ForkedChildAppliesThreadedOperatorsOnItsOwnThread) {
  Objects o;
  o.owns_ceed = true;
  ASSERT_EQ(CeedInit("/cpu/self/gen:threads=2", &o.ceed), 0);
  CeedOperator op = nullptr;
  CeedVector   u = nullptr, v = nullptr;
  MassOnBox(o, &op, &u, &v);
  ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
  const std::vector<CeedScalar> expected = Values(v);
  std::fflush(nullptr);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    int failed = CeedVectorSetValue(v, 0.0) != 0 || CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE) != 0;
    const CeedScalar *a = nullptr;
    if (!failed && CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a) == 0) {
      failed = std::memcmp(a, expected.data(), expected.size() * sizeof(CeedScalar)) != 0 ? 2 : 0;
      CeedVectorRestoreArrayRead(v, &a);
    }
    o.~Objects();  // the context (and its pool) destroyed in the child
    _exit(failed);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the child's application failed, 2: its result differs from the parent's";
  ASSERT_EQ(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);  // the parent's workers still serve it
  const std::vector<CeedScalar> again = Values(v);
  EXPECT_EQ(std::memcmp(again.data(), expected.data(), expected.size() * sizeof(CeedScalar)), 0);
}

TEST_F(CpuGen, RejectsBadThreadsOption) {
  for (const char *bad : {"0", "-2", "x", "2x", "257"}) {
    Ceed ceed = nullptr;
    EXPECT_NE(CeedInit((std::string("/cpu/self/gen:threads=") + bad).c_str(), &ceed), 0) << bad;
    const char *msg = nullptr;
    CeedGetErrorMessage(NULL, &msg);
    // Malformed values are refused before the backend runs (the manifest's options), out-of-range ones by the backend.
    const std::string text = msg;
    EXPECT_TRUE(text.find(std::string("threads must be an integer from 1 to 256, got '") + bad + "'") != std::string::npos ||
                text.find(std::string("Invalid value '") + bad + "' of option threads") != std::string::npos)
        << msg;
  }
}

TEST_F(CpuGen, RejectsBadLanesOption) {
  Ceed ceed = nullptr;
  EXPECT_NE(CeedInit("/cpu/self/gen:lanes=3", &ceed), 0);
  const char *msg = nullptr;
  CeedGetErrorMessage(NULL, &msg);
  EXPECT_NE(std::string(msg).find("lanes must be 2, 4 or 8, got '3'"), std::string::npos) << msg;
}

// ---- Fusion and delegation -----------------------------------------------------------------------------------

// Mass at points on one 2D element (as in conformance t505): not fused, run by the delegate.
std::vector<CeedScalar> AtPointsProblem(Ceed ceed) {
  Objects o;
  o.ceed                                = ceed;
  const CeedInt  num_points             = 5;
  CeedInt        offsets_u[4]           = {0, 1, 2, 3}, offsets_points[2 + num_points] = {2, 2 + num_points, 0, 1, 2, 3, 4};
  const CeedScalar x_ref[2 * num_points] = {-0.5, 0.1, 0.3, 0.9, -0.8, 0.2, -0.4, 0.6, 0.0, 0.7};
  CeedElemRestriction rstr_u = nullptr, rstr_x = nullptr, rstr_w = nullptr;
  EXPECT_EQ(CeedElemRestrictionCreate(ceed, 1, 4, 1, 1, 4, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_u, &rstr_u), 0);
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, num_points, 2, 2 * num_points, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_x), 0);
  EXPECT_EQ(CeedElemRestrictionCreateAtPoints(ceed, 1, num_points, 1, num_points, CEED_MEM_HOST, CEED_COPY_VALUES, offsets_points, &rstr_w), 0);
  o.rstrs.insert(o.rstrs.end(), {rstr_u, rstr_x, rstr_w});
  CeedBasis     basis = o.Tensor(2, 1, 2, 3, CEED_GAUSS);
  CeedQFunction qf    = nullptr;
  EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, GenHostOnly, (kFixtures + "/gen-host-only.h:GenHostOnly").c_str(), &qf), 0);
  o.qfs.push_back(qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
  CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
  CeedOperator op = nullptr;
  EXPECT_EQ(CeedOperatorCreateAtPoints(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op), 0);
  o.ops.push_back(op);
  CeedVector points = o.Vector(2 * num_points, [&](CeedSize i) { return x_ref[i]; });
  CeedVector weights = o.Vector(num_points, [](CeedSize i) { return 0.5 + 0.1 * (double)i; });
  EXPECT_EQ(CeedOperatorSetField(op, "u", rstr_u, basis, CEED_VECTOR_ACTIVE), 0);
  EXPECT_EQ(CeedOperatorSetField(op, "w", rstr_w, CEED_BASIS_NONE, weights), 0);
  EXPECT_EQ(CeedOperatorSetField(op, "v", rstr_u, basis, CEED_VECTOR_ACTIVE), 0);
  EXPECT_EQ(CeedOperatorAtPointsSetPoints(op, rstr_x, points), 0);
  std::vector<CeedScalar> out;
  ApplyInto(op, o.Vector(4, TestFunction), o.Vector(4, [](CeedSize) { return 0.0; }), &out);
  return out;
}

TEST_F(CpuGen, FusesTensorOperatorsAndDelegatesAtPoints) {
  // Building a fused kernel looks it up in the kernel cache; a delegated operator never does.
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0);
  CeedKernelCacheStats before = Stats();
  const std::vector<CeedScalar> at_points = AtPointsProblem(ceed);
  EXPECT_EQ(Lookups(Stats()), Lookups(before)) << "an operator at points must be delegated, not fused";
  before = Stats();
  BPProblem(ceed, 3, 2, {2, 1, 1});
  EXPECT_GE(Lookups(Stats()), Lookups(before) + 2) << "the BP3 setup and apply operators must be fused";
  CeedDestroy(&ceed);
  EXPECT_LE(RelativeDifference(at_points, RunOn("/cpu/self/ref/serial", AtPointsProblem)), 1e-14);
}

TEST_F(CpuGen, PrepareBuildsKernelsAheadOfApplication) {
  Objects o;
  o.owns_ceed = true;
  ASSERT_EQ(CeedInit("/cpu/self/gen", &o.ceed), 0);
  Box                 box(2, 3, {2, 2});
  const CeedInt       strides[3] = {1, box.elem_size, box.elem_size};
  CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedElemRestriction rstr_e = o.Strided(box.num_elem, box.elem_size, 1, strides);
  CeedQFunction        qf     = nullptr;
  CeedQFunctionContext ctx    = nullptr;
  GenScaleContext      data   = {1.0};
  ASSERT_EQ(CeedQFunctionCreateInterior(o.ceed, 1, GenScale, (kFixtures + "/gen-qfunctions.h:GenScale").c_str(), &qf), 0);
  o.qfs.push_back(qf);
  CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_NONE);
  CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_NONE);
  ASSERT_EQ(CeedQFunctionContextCreate(o.ceed, &ctx), 0);
  o.ctxs.push_back(ctx);
  ASSERT_EQ(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(data), &data), 0);
  ASSERT_EQ(CeedQFunctionSetContext(qf, ctx), 0);
  CeedOperator op = o.Operator(qf, {{"u", rstr_u, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}, {"v", rstr_e, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}});
  const CeedKernelCacheStats before = Stats();
  ASSERT_EQ(CeedOperatorPrepare(op), 0);
  const CeedKernelCacheStats prepared = Stats();
  EXPECT_GT(Lookups(prepared), Lookups(before));
  std::vector<CeedScalar> out;
  ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector((CeedSize)box.num_elem * box.elem_size, [](CeedSize) { return 0.0; }), &out);
  EXPECT_EQ(Lookups(Stats()), Lookups(prepared)) << "application after CeedOperatorPrepare must not build anything";
  const std::vector<CeedInt> offsets = box.Offsets(1);
  for (size_t i = 0; i < out.size(); i++) EXPECT_EQ(out[i], TestFunction(offsets[i]));
}

// JIT defines shape the kernel: contexts with different values of a define used by the QFunction source get
// different kernels, in one process and through the persistent cache (the key includes them).
TEST_F(CpuGen, JitDefinesSelectTheirOwnKernel) {
  for (int scale : {2, 3, 2, 5}) {
    Objects o;
    o.owns_ceed = true;
    ASSERT_EQ(CeedInit("/cpu/self/gen", &o.ceed), 0);
    ASSERT_EQ(CeedAddJitDefine(o.ceed, ("GEN_DEFINED_SCALE=" + std::to_string(scale)).c_str()), 0);
    Box                 box(2, 3, {2, 2});
    const CeedInt       strides[3] = {1, box.elem_size, box.elem_size};
    CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
    CeedElemRestriction rstr_e = o.Strided(box.num_elem, box.elem_size, 1, strides);
    CeedQFunction       qf     = nullptr;
    ASSERT_EQ(CeedQFunctionCreateInterior(o.ceed, 1, GenDefinedScale, (kFixtures + "/gen-qfunctions.h:GenDefinedScale").c_str(), &qf), 0);
    o.qfs.push_back(qf);
    CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_NONE);
    CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_NONE);
    CeedOperator op = o.Operator(qf, {{"u", rstr_u, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}, {"v", rstr_e, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE}});
    std::vector<CeedScalar> out;
    ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector((CeedSize)box.num_elem * box.elem_size, [](CeedSize) { return 0.0; }),
              &out);
    const std::vector<CeedInt> offsets = box.Offsets(1);
    for (size_t i = 0; i < out.size(); i++) ASSERT_EQ(out[i], scale * TestFunction(offsets[i])) << "GEN_DEFINED_SCALE=" << scale << ", entry " << i;
  }
}

TEST_F(CpuGen, HostOnlyQFunctionSourceRunsThroughItsPointer) {
  char dir[] = "/tmp/ceedrt-gen-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  setenv("CEEDRT_CACHE_DIR", dir, 1);
  auto problem = [](Ceed ceed) {
    Objects o;
    o.ceed = ceed;
    Box                 box(1, 3, {9});
    CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
    CeedBasis           basis  = o.Tensor(1, 1, 3, 4, CEED_GAUSS);
    CeedQFunction       qf     = nullptr;
    EXPECT_EQ(CeedQFunctionCreateInterior(ceed, 1, GenHostOnly, (kFixtures + "/gen-host-only.h:GenHostOnly").c_str(), &qf), 0);
    o.qfs.push_back(qf);
    CeedQFunctionAddInput(qf, "u", 1, CEED_EVAL_INTERP);
    CeedQFunctionAddInput(qf, "w", 1, CEED_EVAL_WEIGHT);
    CeedQFunctionAddOutput(qf, "v", 1, CEED_EVAL_INTERP);
    CeedOperator op = o.Operator(qf, {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE},
                                      {"w", CEED_ELEMRESTRICTION_NONE, basis, CEED_VECTOR_NONE},
                                      {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
    std::vector<CeedScalar> out;
    ApplyInto(op, o.Vector(box.num_nodes, TestFunction), o.Vector(box.num_nodes, [](CeedSize) { return 0.0; }), &out);
    return out;
  };
  ExpectAgree(problem);
  size_t failed = 0, kernels = 0;
  for (const auto &entry : fs::directory_iterator(dir)) {
    failed += entry.path().extension() == ".failed";
    kernels += entry.path().extension() == ".so";
  }
  EXPECT_EQ(failed, 1u) << "the failed JIT build of the QFunction source is recorded";
  EXPECT_EQ(kernels, 1u) << "one kernel calling the QFunction through its pointer";
  fs::remove_all(dir);
}

// ---- Kernel cache across processes ----------------------------------------------------------------------------

// Runs BP1 (p = 2) on /cpu/self/gen in a child process with cache folder dir and compares it with
// /cpu/self/ref; the child writes its cache counters to dir/stats-<tag> and exits 0 on agreement.
pid_t StartChild(const std::string &dir, const std::string &tag) {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  setenv("CEEDRT_CACHE_DIR", dir.c_str(), 1);
  auto problem = [](Ceed ceed) { return BPProblem(ceed, 1, 2, {2, 2, 1}); };
  const std::vector<CeedScalar> expected = RunOn("/cpu/self/ref/serial", problem), actual = RunOn("/cpu/self/gen", problem);
  const CeedKernelCacheStats    s        = Stats();
  std::ofstream(dir + "/stats-" + tag) << s.hits << " " << s.misses << " " << s.stores << " " << s.discarded << "\n";
  _exit(!expected.empty() && RelativeDifference(actual, expected) <= 1e-12 ? 0 : 1);
}

CeedKernelCacheStats WaitChild(pid_t pid, const std::string &dir, const std::string &tag) {
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child " << tag << " failed";
  CeedKernelCacheStats s{};
  std::ifstream(dir + "/stats-" + tag) >> s.hits >> s.misses >> s.stores >> s.discarded;
  return s;
}

TEST_F(CpuGen, KernelCacheAcrossProcesses) {
  char dir_a[] = "/tmp/ceedrt-gen-test-XXXXXX", dir_b[] = "/tmp/ceedrt-gen-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir_a), nullptr);
  ASSERT_NE(mkdtemp(dir_b), nullptr);
  // An empty cache: the first process compiles and stores its kernels, a second one only loads them.
  const CeedKernelCacheStats first = WaitChild(StartChild(dir_a, "first"), dir_a, "first");
  EXPECT_GE(first.misses, 2u);
  EXPECT_GE(first.stores, 2u);
  const CeedKernelCacheStats second = WaitChild(StartChild(dir_a, "second"), dir_a, "second");
  EXPECT_EQ(second.misses, 0u) << "the second process must not compile";
  EXPECT_EQ(second.stores, 0u);
  EXPECT_GE(second.hits, 2u);
  // A truncated and a corrupted entry are detected, discarded and rebuilt.
  int damaged = 0;
  for (const auto &entry : fs::directory_iterator(dir_a)) {
    if (entry.path().extension() != ".so") continue;
    if (damaged++ == 0) {
      fs::resize_file(entry.path(), fs::file_size(entry.path()) / 3);
    } else {
      std::fstream f(entry.path(), std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(200);
      f.put('\x5a');
    }
  }
  ASSERT_EQ(damaged, 2);
  const CeedKernelCacheStats repaired = WaitChild(StartChild(dir_a, "repaired"), dir_a, "repaired");
  EXPECT_EQ(repaired.discarded, 2u);
  EXPECT_EQ(repaired.stores, 2u);
  // Two processes racing on an empty cache both succeed.
  const pid_t racer_1 = StartChild(dir_b, "racer-1"), racer_2 = StartChild(dir_b, "racer-2");
  WaitChild(racer_1, dir_b, "racer-1");
  WaitChild(racer_2, dir_b, "racer-2");
  EXPECT_EQ(WaitChild(StartChild(dir_b, "after-race"), dir_b, "after-race").misses, 0u);
  for (const auto &entry : fs::directory_iterator(dir_b)) {
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos) << "temporary file left: " << entry.path();
  }
  fs::remove_all(dir_a);
  fs::remove_all(dir_b);
}

// A cache hit needs no compiler: once the compiler at a path is broken, the kernels it built are still loaded.
TEST_F(CpuGen, CachedKernelsServeWhileTheCompilerIsBroken) {
  char dir[] = "/tmp/ceedrt-gen-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string compiler = std::string(dir) + "/c++", saved = std::getenv("CEEDRT_JIT_CXX") ? std::getenv("CEEDRT_JIT_CXX") : "";
  auto write_compiler = [&compiler](const char *body) {
    std::ofstream(compiler) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(compiler, fs::perms::owner_all);
  };
  write_compiler("exec c++ \"$@\"");
  setenv("CEEDRT_JIT_CXX", compiler.c_str(), 1);
  EXPECT_GE(WaitChild(StartChild(dir, "built"), dir, "built").stores, 2u);
  write_compiler("exit 1");
  const CeedKernelCacheStats cached = WaitChild(StartChild(dir, "cached"), dir, "cached");
  EXPECT_GE(cached.hits, 2u) << "the kernels built before are loaded";
  EXPECT_EQ(cached.misses, 0u);
  if (saved.empty()) unsetenv("CEEDRT_JIT_CXX");
  else setenv("CEEDRT_JIT_CXX", saved.c_str(), 1);
  fs::remove_all(dir);
}

// ---- Compilers ------------------------------------------------------------------------------------------------

TEST_F(CpuGen, CompileFailureReportsDiagnosticsAndKeptSource) {
  char dir[] = "/tmp/ceedrt-gen-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  setenv("CEEDRT_CACHE_DIR", dir, 1);
  setenv("CEEDRT_JIT_CXXFLAGS", "-fno-such-option-for-ceedrt", 1);
  Objects o;
  o.owns_ceed = true;
  ASSERT_EQ(CeedInit("/cpu/self/gen", &o.ceed), 0);
  Box                 box(1, 2, {3});
  CeedElemRestriction rstr_u = o.Offsets(box.num_elem, box.elem_size, 1, 1, box.num_nodes, box.Offsets(1));
  CeedBasis           basis  = o.Tensor(1, 1, 2, 2, CEED_GAUSS);
  CeedQFunction       qf     = o.Gallery("MassApply");
  CeedElemRestriction rstr_q = o.Strided(box.num_elem, 2, 1, CEED_STRIDES_BACKEND);
  CeedVector          q_data = o.Vector(6, [](CeedSize) { return 1.0; });
  CeedOperator op = o.Operator(qf, {{"u", rstr_u, basis, CEED_VECTOR_ACTIVE}, {"qdata", rstr_q, CEED_BASIS_NONE, q_data}, {"v", rstr_u, basis, CEED_VECTOR_ACTIVE}});
  CeedVector u = o.Vector(box.num_nodes, TestFunction), v = o.Vector(box.num_nodes, [](CeedSize) { return 0.0; });
  EXPECT_NE(CeedOperatorApply(op, u, v, CEED_REQUEST_IMMEDIATE), 0);
  const char *msg = nullptr;
  CeedGetErrorMessage(o.ceed, &msg);
  const std::string message = msg;
  EXPECT_NE(message.find("-fno-such-option-for-ceedrt"), std::string::npos) << "the compiler's diagnostics: " << message;
  const size_t at = message.find("Source kept at ");
  ASSERT_NE(at, std::string::npos) << message;
  const std::string source = message.substr(at + 15, message.find('\n', at) - at - 15);
  EXPECT_TRUE(fs::is_regular_file(source)) << source;
  EXPECT_EQ(source.rfind(std::string(dir) + "/", 0), 0u);
  CeedResetErrorMessage(o.ceed, &msg);
  unsetenv("CEEDRT_JIT_CXXFLAGS");
  fs::remove_all(dir);
}

TEST_F(CpuGen, MissingCompilerFailsInit) {
  setenv("CEEDRT_JIT_CXX", "/nonexistent/ceedrt-c++", 1);
  Ceed ceed = nullptr;
  EXPECT_EQ(CeedInit("/cpu/self/gen", &ceed), CEED_ERROR_UNSUPPORTED);
  const char *msg = nullptr;
  CeedGetErrorMessage(NULL, &msg);
  const std::string message = msg;
  for (const char *expected : {"/nonexistent/ceedrt-c++", "CEEDRT_JIT_CXX", "/cpu/self/ref"}) {
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  }
  unsetenv("CEEDRT_JIT_CXX");
  // The reference backend needs no compiler.
  EXPECT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  CeedDestroy(&ceed);
}

TEST_F(CpuGen, GeneratedCodeCompilesWithoutWarnings) {
  char dir[] = "/tmp/ceedrt-gen-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  setenv("CEEDRT_CACHE_DIR", dir, 1);
  setenv("CEEDRT_JIT_CXXFLAGS", "-Wall -Werror", 1);
  Ceed ceed = nullptr;
  ASSERT_EQ(CeedInit("/cpu/self/gen", &ceed), 0);
  for (int bp = 1; bp <= 6; bp++) EXPECT_FALSE(BPProblem(ceed, bp, 2, {2, 1, 1}).empty()) << "BP" << bp;
  EXPECT_FALSE(MixedProblem(ceed).empty());
  CeedDestroy(&ceed);
  size_t kernels = 0;
  for (const auto &entry : fs::directory_iterator(dir)) {
    EXPECT_NE(entry.path().extension(), ".failed") << "a kernel did not compile with -Wall -Werror: " << entry.path();
    kernels += entry.path().extension() == ".so";
  }
  EXPECT_GE(kernels, 11u);  // 4 setups, 6 BP actions, the mixed operator
  unsetenv("CEEDRT_JIT_CXXFLAGS");
  fs::remove_all(dir);
}

}  // namespace
