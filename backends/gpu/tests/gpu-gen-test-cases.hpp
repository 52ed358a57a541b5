// Operators whose fused GPU kernels the no-GPU compile tests of every vendor build: the bake-off operators
// (BP1-BP6 setup and apply, p = 1..8) and 1D/2D tensor operators, built on /cpu/self/ref/serial (only their
// shapes matter for the kernel), and the fused source the shared generator's gpu dialect makes of them.
#pragma once

#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "ceed-gen.hpp"

namespace gpu_test {

struct Case {
  int                   bp, p;  // bake-off problem and degree (bp 0: 1D mass, -1: 2D Poisson)
  bool                  setup;  // the geometric-factor operator instead of the action
  CeedOperatorPrecision precision = CEED_PRECISION_FP64;  // the operator's precision mode (docs/multiprecision.md)
};

inline std::string Name(const testing::TestParamInfo<Case> &info) {
  const Case &c = info.param;
  const std::string bp = c.bp > 0 ? "bp" + std::to_string(c.bp) : c.bp == 0 ? "mass1d" : "poisson2d";
  std::string       mode = c.precision == CEED_PRECISION_FP64 ? "" : std::string("_") + CeedOperatorPrecisions[c.precision];
  for (char &ch : mode)
    if (ch == '-') ch = '_';
  return bp + "_p" + std::to_string(c.p) + (c.setup ? "_setup" : "_apply") + mode;
}

// Builds the operator of c on ceed (two elements, identity offsets: only shapes matter for the kernel).
// The fused kernel compiled to PTX for sm_arch, as the backend compiles it.
inline void BuildOperator(Ceed ceed, const Case &c, CeedOperator *op) {
  const int     dim = c.bp > 0 ? 3 : c.bp == 0 ? 1 : 2, P = c.p + 1, Q = c.bp >= 5 ? P : P + 1, num_elem = 2;
  const bool    mass = c.bp == 1 || c.bp == 2 || c.bp == 0, vector = c.bp == 2 || c.bp == 4 || c.bp == 6;
  const int     ncomp = vector ? 3 : 1, qsize = mass ? 1 : dim * (dim + 1) / 2;
  int           elem_size = 1, nq = 1;
  for (int d = 0; d < dim; d++) elem_size *= P, nq *= Q;
  std::vector<CeedInt> offsets((size_t)num_elem * elem_size);
  std::iota(offsets.begin(), offsets.end(), 0);
  const CeedSize      l_size = (CeedSize)num_elem * elem_size;
  CeedElemRestriction rstr_u, rstr_x, rstr_q;
  CeedBasis           basis_u, basis_x;
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, num_elem, elem_size, ncomp, l_size, ncomp * l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &rstr_u), 0);
  ASSERT_EQ(CeedElemRestrictionCreate(ceed, num_elem, elem_size, dim, l_size, dim * l_size, CEED_MEM_HOST, CEED_COPY_VALUES, offsets.data(), &rstr_x), 0);
  ASSERT_EQ(CeedElemRestrictionCreateStrided(ceed, num_elem, nq, qsize, (CeedSize)num_elem * nq * qsize, CEED_STRIDES_BACKEND, &rstr_q), 0);
  const CeedQuadMode quad = c.bp >= 5 ? CEED_GAUSS_LOBATTO : CEED_GAUSS;
  ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, ncomp, P, Q, quad, &basis_u), 0);
  ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, dim, P, Q, quad, &basis_x), 0);
  CeedQFunction qf;
  if (c.setup) {
    const std::string name = std::string(mass ? "Mass" : "Poisson") + std::to_string(dim) + "DBuild";
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, name.c_str(), &qf), 0);
    ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, "dx", rstr_x, basis_x, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, "weights", CEED_ELEMRESTRICTION_NONE, basis_x, CEED_VECTOR_NONE), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, "qdata", rstr_q, CEED_BASIS_NONE, CEED_VECTOR_ACTIVE), 0);
  } else {
    const std::string name = mass ? (vector ? "Vector3MassApply" : "MassApply")
                                  : std::string(vector ? "Vector3Poisson" : "Poisson") + std::to_string(dim) + "DApply";
    CeedVector q_data;
    ASSERT_EQ(CeedElemRestrictionCreateVector(rstr_q, &q_data, nullptr), 0);
    ASSERT_EQ(CeedQFunctionCreateInteriorByName(ceed, name.c_str(), &qf), 0);
    ASSERT_EQ(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, op), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, mass ? "u" : "du", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, "qdata", rstr_q, CEED_BASIS_NONE, q_data), 0);
    ASSERT_EQ(CeedOperatorSetField(*op, mass ? "v" : "dv", rstr_u, basis_u, CEED_VECTOR_ACTIVE), 0);
    CeedVectorDestroy(&q_data);
  }
  CeedQFunctionDestroy(&qf);
  CeedBasisDestroy(&basis_u);
  CeedBasisDestroy(&basis_x);
  CeedElemRestrictionDestroy(&rstr_u);
  CeedElemRestrictionDestroy(&rstr_x);
  CeedElemRestrictionDestroy(&rstr_q);
}

inline std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (int bp = 1; bp <= 6; bp++) {
    for (int p = 1; p <= 8; p++) cases.push_back({bp, p, false});
    for (int p : {1, 4, 8}) cases.push_back({bp, p, true});
  }
  for (int p : {1, 3}) {
    for (bool setup : {false, true}) cases.push_back({0, p, setup}), cases.push_back({-1, p, setup});
  }
  // Precision modes: fp32 kernels (CeedScalar = float), fp32 vectors converted at the restriction (float atomics).
  for (int bp : {2, 3}) {
    for (CeedOperatorPrecision mode : {CEED_PRECISION_FP32, CEED_PRECISION_LOW_HIGH, CEED_PRECISION_HIGH_LOW}) cases.push_back({bp, 4, false, mode});
  }
  return cases;
}

// The fused kernel of c for vendor ("cuda", "hip"; wavefront > 0 fixes the block as HIP does).
inline void GenerateFused(const Case &c, const std::string &vendor, int wavefront, ceed::gen::ThreadLayout *layout, std::string *source,
                          int min_blocks = 1) {
  Ceed ceed;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
  CeedOperator op = nullptr;
  BuildOperator(ceed, c, &op);
  ASSERT_NE(op, nullptr);
  ceed::gen::OperatorDesc desc;
  std::string             why_not;
  ASSERT_EQ(ceed::gen::DescribeOperator(op, &desc, &why_not), 0);
  ASSERT_EQ(why_not, "");
  ASSERT_EQ(ceed::gen::SetFieldPrecisions(c.precision, &desc), 0);
  *layout = ceed::gen::ChooseThreadLayout(desc, wavefront, &why_not);
  ASSERT_EQ(why_not, "");
  EXPECT_EQ(layout->thread_dims, layout->dim - 1);
  layout->min_blocks = min_blocks;
  char *qf_text = nullptr;
  ASSERT_EQ(CeedLoadSourceToBuffer(ceed, desc.qf_source_path.c_str(), &qf_text), 0);
  ceed::gen::KernelSource kernel;
  ASSERT_EQ(ceed::gen::GenerateKernelSource(ceed, desc, *ceed::gen::CreateGpuDialect(*layout, vendor), qf_text, &kernel), 0);
  CeedFree(&qf_text);
  *source = kernel.text;
  CeedOperatorDestroy(&op);
  CeedDestroy(&ceed);
}

}  // namespace gpu_test
