// Unit tests of CeedBasis: creation and queries for every kind, lazy full matrices, sentinel and
// reference counting, backend accessors, FLOP estimates (spec 06 §10, values worked out by hand),
// quadrature helpers, and invalid calls (error code, message naming the bad value, object usable).
#include <ceed.h>
#include <ceed/backend.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

class BasisTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("CEED_ERROR_HANDLER", "store", 1);
    ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), 0);
    ASSERT_EQ(CeedSetErrorHandler(ceed, CeedErrorStore), 0);
  }
  void TearDown() override { EXPECT_EQ(CeedDestroy(&ceed), 0); }
  // Expects the stored message (of ceed, or of NULL-ceed errors) to contain text, then clears it.
  void ExpectMessage(const std::string &text, Ceed c) {
    const char *msg = nullptr;
    CeedGetErrorMessage(c, &msg);
    EXPECT_NE(std::string(msg).find(text), std::string::npos) << "message: " << msg << "\nexpected: " << text;
    CeedResetErrorMessage(c, &msg);
  }
  void ExpectMessage(const std::string &text) { ExpectMessage(text, ceed); }
  CeedBasis Lagrange(CeedInt dim, CeedInt num_comp, CeedInt P, CeedInt Q, CeedQuadMode mode = CEED_GAUSS) {
    CeedBasis b = nullptr;
    EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, dim, num_comp, P, Q, mode, &b), 0);
    return b;
  }
  CeedSize Flops(CeedBasis b, CeedTransposeMode t, CeedEvalMode e, bool at_points = false, CeedInt n = 0) {
    CeedSize f = -1;
    EXPECT_EQ(CeedBasisGetFlopsEstimate(b, t, e, at_points, n, &f), 0);
    return f;
  }
  Ceed ceed = nullptr;
};

TEST_F(BasisTest, TensorQueries) {
  CeedBasis b = Lagrange(3, 2, 3, 4);
  CeedInt   dim, nc, P, P_1d, Q, Q_1d, tabs, q_comp;
  CeedElemTopology topo;
  CeedFESpace      space;
  bool             is_tensor, is_colo;
  EXPECT_EQ(CeedBasisGetDimension(b, &dim), 0);
  EXPECT_EQ(CeedBasisGetNumComponents(b, &nc), 0);
  EXPECT_EQ(CeedBasisGetNumNodes(b, &P), 0);
  EXPECT_EQ(CeedBasisGetNumNodes1D(b, &P_1d), 0);
  EXPECT_EQ(CeedBasisGetNumQuadraturePoints(b, &Q), 0);
  EXPECT_EQ(CeedBasisGetNumQuadraturePoints1D(b, &Q_1d), 0);
  EXPECT_EQ(CeedBasisGetTopology(b, &topo), 0);
  EXPECT_EQ(CeedBasisGetFESpace(b, &space), 0);
  EXPECT_EQ(CeedBasisIsTensor(b, &is_tensor), 0);
  EXPECT_EQ(CeedBasisIsCollocated(b, &is_colo), 0);
  EXPECT_EQ(CeedBasisGetNumViewTabs(b, &tabs), 0);
  EXPECT_EQ(dim, 3);
  EXPECT_EQ(nc, 2);
  EXPECT_EQ(P, 27);
  EXPECT_EQ(P_1d, 3);
  EXPECT_EQ(Q, 64);
  EXPECT_EQ(Q_1d, 4);
  EXPECT_EQ(topo, CEED_TOPOLOGY_HEX);
  EXPECT_EQ(space, CEED_FE_SPACE_H1);
  EXPECT_TRUE(is_tensor);
  EXPECT_FALSE(is_colo);
  EXPECT_EQ(tabs, 0);
  const CeedInt expected_q_comp[][2] = {{CEED_EVAL_NONE, 1}, {CEED_EVAL_INTERP, 1}, {CEED_EVAL_GRAD, 3}, {CEED_EVAL_WEIGHT, 1}};
  for (auto &e : expected_q_comp) {
    EXPECT_EQ(CeedBasisGetNumQuadratureComponents(b, static_cast<CeedEvalMode>(e[0]), &q_comp), 0);
    EXPECT_EQ(q_comp, e[1]) << "eval mode " << e[0];
  }
  Ceed c = nullptr;
  EXPECT_EQ(CeedBasisGetCeed(b, &c), 0);
  EXPECT_EQ(c, ceed);
  EXPECT_EQ(CeedDestroy(&c), 0);
  EXPECT_EQ(CeedBasisReturnCeed(b), ceed);
  const CeedScalar *div = reinterpret_cast<const CeedScalar *>(1), *curl = div;
  EXPECT_EQ(CeedBasisGetDiv(b, &div), 0);
  EXPECT_EQ(CeedBasisGetCurl(b, &curl), 0);
  EXPECT_EQ(div, nullptr);
  EXPECT_EQ(curl, nullptr);
  EXPECT_EQ(CeedBasisDestroy(&b), 0);
  EXPECT_EQ(b, nullptr);
}

// CeedBasisGetNodes1D: the GLL nodes of a Lagrange basis (evaluation at points uses them), NULL for a
// tensor basis given by its matrices, an error naming the basis kind for non-tensor bases.
TEST_F(BasisTest, Nodes1DOfLagrangeBasesOnly) {
  CeedBasis         lagrange = Lagrange(2, 1, 4, 5), from_matrices = nullptr, triangle = nullptr;
  const CeedScalar *nodes = nullptr, *interp_1d = nullptr, *grad_1d = nullptr, *q_ref_1d = nullptr, *q_weight_1d = nullptr;
  ASSERT_EQ(CeedBasisGetNodes1D(lagrange, &nodes), 0);
  ASSERT_NE(nodes, nullptr);
  // Gauss-Lobatto nodes of 4 points: -1, -1/sqrt(5), 1/sqrt(5), 1.
  const CeedScalar expected[4] = {-1.0, -1.0 / std::sqrt(5.0), 1.0 / std::sqrt(5.0), 1.0};
  for (int i = 0; i < 4; i++) EXPECT_NEAR(nodes[i], expected[i], 1e-15) << "node " << i;
  CeedBasisGetInterp1D(lagrange, &interp_1d);
  CeedBasisGetGrad1D(lagrange, &grad_1d);
  CeedBasisGetQRef(lagrange, &q_ref_1d);
  CeedBasisGetQWeights(lagrange, &q_weight_1d);
  ASSERT_EQ(CeedBasisCreateTensorH1(ceed, 2, 1, 4, 5, interp_1d, grad_1d, q_ref_1d, q_weight_1d, &from_matrices), 0);
  nodes = interp_1d;
  EXPECT_EQ(CeedBasisGetNodes1D(from_matrices, &nodes), 0);
  EXPECT_EQ(nodes, nullptr);
  ASSERT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, 4, nullptr, nullptr, nullptr, nullptr, &triangle), 0);
  EXPECT_EQ(CeedBasisGetNodes1D(triangle, &nodes), CEED_ERROR_MINOR);
  ExpectMessage("not a tensor product");
  EXPECT_EQ(CeedBasisGetNodes1D(lagrange, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("nodes_1d");
  for (CeedBasis *b : {&lagrange, &from_matrices, &triangle}) CeedBasisDestroy(b);
}

TEST_F(BasisTest, LazyFullMatricesFollowTensorIndexConvention) {
  CeedBasis         b = Lagrange(2, 1, 3, 4);
  const CeedScalar *interp_1d, *grad_1d, *interp, *grad, *interp_again;
  ASSERT_EQ(CeedBasisGetInterp1D(b, &interp_1d), 0);
  ASSERT_EQ(CeedBasisGetGrad1D(b, &grad_1d), 0);
  ASSERT_EQ(CeedBasisGetInterp(b, &interp), 0);
  ASSERT_EQ(CeedBasisGetGrad(b, &grad), 0);
  ASSERT_EQ(CeedBasisGetInterp(b, &interp_again), 0);
  EXPECT_EQ(interp, interp_again);  // cached
  for (CeedInt q = 0; q < 16; q++)
    for (CeedInt n = 0; n < 9; n++) {
      const CeedInt q0 = q % 4, q1 = q / 4, n0 = n % 3, n1 = n / 3;
      EXPECT_DOUBLE_EQ(interp[q * 9 + n], interp_1d[q0 * 3 + n0] * interp_1d[q1 * 3 + n1]);
      EXPECT_DOUBLE_EQ(grad[q * 9 + n], grad_1d[q0 * 3 + n0] * interp_1d[q1 * 3 + n1]);
      EXPECT_DOUBLE_EQ(grad[(16 + q) * 9 + n], interp_1d[q0 * 3 + n0] * grad_1d[q1 * 3 + n1]);
    }
  // Partition of unity and zero row sums of the gradient.
  for (CeedInt q = 0; q < 16; q++) {
    double s = 0, g = 0;
    for (CeedInt n = 0; n < 9; n++) s += interp[q * 9 + n], g += grad[q * 9 + n];
    EXPECT_NEAR(s, 1.0, 1e-15);
    EXPECT_NEAR(g, 0.0, 1e-14);
  }
  EXPECT_EQ(CeedBasisDestroy(&b), 0);
}

TEST_F(BasisTest, NonTensorKindsAndNullArrays) {
  CeedBasis  hdiv = nullptr, hcurl = nullptr, h1 = nullptr;
  CeedInt    q_comp;
  CeedFESpace space;
  ASSERT_EQ(CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_HEX, 1, 6, 8, nullptr, nullptr, nullptr, nullptr, &hdiv), 0);
  ASSERT_EQ(CeedBasisCreateHcurl(ceed, CEED_TOPOLOGY_TET, 1, 6, 4, nullptr, nullptr, nullptr, nullptr, &hcurl), 0);
  ASSERT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_PRISM, 3, 6, 5, nullptr, nullptr, nullptr, nullptr, &h1), 0);
  EXPECT_EQ(CeedBasisGetFESpace(hdiv, &space), 0);
  EXPECT_EQ(space, CEED_FE_SPACE_HDIV);
  EXPECT_EQ(CeedBasisGetNumQuadratureComponents(hdiv, CEED_EVAL_INTERP, &q_comp), 0);
  EXPECT_EQ(q_comp, 3);
  EXPECT_EQ(CeedBasisGetNumQuadratureComponents(hdiv, CEED_EVAL_DIV, &q_comp), 0);
  EXPECT_EQ(q_comp, 1);
  EXPECT_EQ(CeedBasisGetNumQuadratureComponents(hcurl, CEED_EVAL_CURL, &q_comp), 0);
  EXPECT_EQ(q_comp, 3);
  const CeedScalar *m = nullptr;
  EXPECT_EQ(CeedBasisGetGrad(hdiv, &m), 0);
  EXPECT_EQ(m, nullptr);
  EXPECT_EQ(CeedBasisGetDiv(hdiv, &m), 0);
  ASSERT_NE(m, nullptr);
  for (int i = 0; i < 8 * 6; i++) EXPECT_EQ(m[i], 0.0);  // NULL input is zero
  EXPECT_EQ(CeedBasisGetCurl(hcurl, &m), 0);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(CeedBasisGetInterp(h1, &m), 0);
  for (int i = 0; i < 5 * 6; i++) EXPECT_EQ(m[i], 0.0);
  EXPECT_EQ(CeedBasisGetQRef(h1, &m), 0);
  for (int i = 0; i < 3 * 5; i++) EXPECT_EQ(m[i], 0.0);
  bool is_tensor = true;
  EXPECT_EQ(CeedBasisIsTensor(h1, &is_tensor), 0);
  EXPECT_FALSE(is_tensor);
  // Applying a zero H(div) basis gives zeros of the right length.
  CeedVector u, v;
  CeedVectorCreate(ceed, 6, &u);
  CeedVectorCreate(ceed, 3 * 8, &v);
  CeedVectorSetValue(u, 2.0);
  CeedVectorSetValue(v, 7.0);
  EXPECT_EQ(CeedBasisApply(hdiv, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), 0);
  CeedScalar norm = -1;
  EXPECT_EQ(CeedVectorNorm(v, CEED_NORM_MAX, &norm), 0);
  EXPECT_EQ(norm, 0.0);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  EXPECT_EQ(CeedBasisDestroy(&hdiv), 0);
  EXPECT_EQ(CeedBasisDestroy(&hcurl), 0);
  EXPECT_EQ(CeedBasisDestroy(&h1), 0);
}

TEST_F(BasisTest, SentinelAndReferenceCounting) {
  CeedInt  P = -1, Q = -1;
  CeedSize flops = -1;
  EXPECT_EQ(CeedBasisGetNumNodes(CEED_BASIS_NONE, &P), 0);
  EXPECT_EQ(CeedBasisGetNumQuadraturePoints(CEED_BASIS_NONE, &Q), 0);
  EXPECT_EQ(CeedBasisGetFlopsEstimate(CEED_BASIS_NONE, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, false, 0, &flops), 0);
  EXPECT_EQ(P, 0);
  EXPECT_EQ(Q, 0);
  EXPECT_EQ(flops, 0);
  CeedBasis none = CEED_BASIS_NONE;
  EXPECT_EQ(CeedBasisDestroy(&none), 0);
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(CeedBasisReferenceCopy(CEED_BASIS_NONE, &none), 0);
  EXPECT_EQ(none, CEED_BASIS_NONE);
  EXPECT_EQ(CeedBasisView(CEED_BASIS_NONE, stdout), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CEED_BASIS_NONE", nullptr);

  CeedBasis a = Lagrange(1, 1, 2, 2), copy = nullptr;
  EXPECT_EQ(CeedBasisReferenceCopy(a, &copy), 0);
  EXPECT_EQ(copy, a);
  EXPECT_EQ(CeedBasisReferenceCopy(copy, &copy), 0);  // onto itself
  EXPECT_EQ(copy, a);
  EXPECT_EQ(CeedBasisDestroy(&a), 0);
  CeedInt dim = 0;
  EXPECT_EQ(CeedBasisGetDimension(copy, &dim), 0);  // still alive
  EXPECT_EQ(dim, 1);
  EXPECT_EQ(CeedBasisDestroy(&copy), 0);
  EXPECT_EQ(CeedBasisDestroy(&copy), 0);  // double destroy through the NULL handle
}

TEST_F(BasisTest, BackendDataRoundTrip) {
  CeedBasis b     = Lagrange(1, 1, 3, 3);
  void     *data  = nullptr, *other = nullptr;
  int       dummy = 0;
  EXPECT_EQ(CeedBasisGetData(b, &data), 0);
  EXPECT_NE(data, nullptr);  // the reference backend keeps its state here
  EXPECT_EQ(CeedBasisSetData(b, &dummy), 0);
  EXPECT_EQ(CeedBasisGetData(b, &other), 0);
  EXPECT_EQ(other, &dummy);
  EXPECT_EQ(CeedBasisSetData(b, data), 0);
  EXPECT_EQ(CeedBasisSetBackendOps(b, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CeedBasisBackendOps table is NULL");
  EXPECT_EQ(CeedBasisDestroy(&b), 0);
}

TEST_F(BasisTest, FlopsEstimates) {
  CeedBasis b3 = Lagrange(3, 1, 4, 5);
  // T = 2*16*4*1*5 + 2*4*4*5*5 + 2*1*4*25*5 = 2440; transpose uses p = q = 5: 3 * 1250 = 3750.
  EXPECT_EQ(Flops(b3, CEED_NOTRANSPOSE, CEED_EVAL_INTERP), 2440);
  EXPECT_EQ(Flops(b3, CEED_NOTRANSPOSE, CEED_EVAL_GRAD), 4880);
  EXPECT_EQ(Flops(b3, CEED_TRANSPOSE, CEED_EVAL_INTERP), 3750);
  EXPECT_EQ(Flops(b3, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT), 375);
  EXPECT_EQ(Flops(b3, CEED_NOTRANSPOSE, CEED_EVAL_NONE), 0);
  CeedSize f;
  EXPECT_EQ(CeedBasisGetFlopsEstimate(b3, CEED_NOTRANSPOSE, CEED_EVAL_DIV, false, 0, &f), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("divergence");
  // At points, dim 2, p = 3, q = 4, N = 10 on host: T = 168, U = 64, c = 7, c' = 17.
  CeedBasis b2 = Lagrange(2, 1, 3, 4);
  EXPECT_EQ(Flops(b2, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, true, 10), 948);
  EXPECT_EQ(Flops(b2, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, true, 10), 1288);
  EXPECT_EQ(Flops(b2, CEED_TRANSPOSE, CEED_EVAL_INTERP, true, 10), 1196);  // T = 256, + N * q^2
  EXPECT_EQ(Flops(b2, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, true, 10), 10);
  EXPECT_EQ(Flops(b2, CEED_NOTRANSPOSE, CEED_EVAL_INTERP), 168);
  EXPECT_EQ(Flops(b2, CEED_TRANSPOSE, CEED_EVAL_INTERP), 256);
  // p = 3, q = 5, N = 4: the per-element terms of an at-points mass operator (720 in, 1080 out).
  CeedBasis b25 = Lagrange(2, 1, 3, 5);
  EXPECT_EQ(Flops(b25, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, true, 4), 720);
  EXPECT_EQ(Flops(b25, CEED_TRANSPOSE, CEED_EVAL_INTERP, true, 4), 1080);
  CeedBasisDestroy(&b25);
  // Non-tensor: P * Q * num_comp * q_comp.
  CeedBasis h1;
  ASSERT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 2, 3, 4, nullptr, nullptr, nullptr, nullptr, &h1), 0);
  EXPECT_EQ(Flops(h1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP), 24);
  EXPECT_EQ(Flops(h1, CEED_TRANSPOSE, CEED_EVAL_GRAD), 48);
  EXPECT_EQ(Flops(h1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT), 0);
  EXPECT_EQ(CeedBasisGetFlopsEstimate(h1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, true, 3, &f), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("tensor");
  CeedBasisDestroy(&b3);
  CeedBasisDestroy(&b2);
  CeedBasisDestroy(&h1);
}

TEST_F(BasisTest, InvalidCreation) {
  CeedBasis b = nullptr;
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 0, 1, 2, 2, CEED_GAUSS, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("dimension 0");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 4, 1, 2, 2, CEED_GAUSS, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("dimension 4");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 0, 2, 2, CEED_GAUSS, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("0 components");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 0, 2, CEED_GAUSS, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("P=0");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 0, CEED_GAUSS, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("Q=0");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 1, CEED_GAUSS_LOBATTO, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("Cannot create Lobatto quadrature with Q=1 < 2 points");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 3, 3, static_cast<CeedQuadMode>(7), &b), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("quadrature mode 7");
  EXPECT_EQ(CeedBasisCreateTensorH1(ceed, 2, 1, -1, 2, nullptr, nullptr, nullptr, nullptr, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("P=-1");
  EXPECT_EQ(CeedBasisCreateH1(ceed, static_cast<CeedElemTopology>(12345), 1, 3, 3, nullptr, nullptr, nullptr, nullptr, &b),
            CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("topology 12345");
  EXPECT_EQ(CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_QUAD, 1, 0, 3, nullptr, nullptr, nullptr, nullptr, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("0 nodes");
  EXPECT_EQ(CeedBasisCreateHcurl(ceed, CEED_TOPOLOGY_QUAD, 1, 4, -2, nullptr, nullptr, nullptr, nullptr, &b), CEED_ERROR_DIMENSION);
  ExpectMessage("-2 quadrature points");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, 1, 1, 2, 2, CEED_GAUSS, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("output pointer is NULL");
  EXPECT_EQ(CeedBasisCreateTensorH1Lagrange(nullptr, 1, 1, 2, 2, CEED_GAUSS, &b), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("Ceed handle is NULL", nullptr);
  EXPECT_EQ(b, nullptr);
}

TEST_F(BasisTest, InvalidUseLeavesBasisUsable) {
  CeedBasis  b = Lagrange(2, 1, 2, 3), tri = nullptr, proj = nullptr;
  CeedVector u, v, short_v;
  CeedVectorCreate(ceed, 4, &u);
  CeedVectorCreate(ceed, 2 * 9, &v);
  CeedVectorCreate(ceed, 5, &short_v);
  CeedVectorSetValue(u, 3.0);
  CeedVectorSetValue(short_v, 0.5);
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_GRAD, u, short_v), CEED_ERROR_DIMENSION);
  ExpectMessage("Input/output vectors too short for basis and evaluation mode");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_TRANSPOSE, CEED_EVAL_INTERP, short_v, u), CEED_ERROR_DIMENSION);
  ExpectMessage("needs input length >= 9");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, u, v), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CEED_EVAL_WEIGHT requires input CEED_VECTOR_NONE");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_TRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, v), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CEED_NOTRANSPOSE");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_NONE, u, v), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CEED_EVAL_NONE");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_CURL, u, v), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("CEED_EVAL_CURL requires an H(curl) CeedBasis");
  EXPECT_EQ(CeedBasisApply(b, -2, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), CEED_ERROR_DIMENSION);
  ExpectMessage("-2");
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, u), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("distinct");
  EXPECT_EQ(CeedBasisApplyAdd(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedBasisApplyAdd only supports CEED_TRANSPOSE");
  EXPECT_EQ(CeedBasisSetNumViewTabs(b, -3), CEED_ERROR_MINOR);
  ExpectMessage("-3");
  // At points: only one element by default, DIV unsupported, x_ref length checked.
  const CeedInt num_points[2] = {2, 2};
  EXPECT_EQ(CeedBasisApplyAtPoints(b, 2, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, v, u, short_v), CEED_ERROR_DIMENSION);
  ExpectMessage("too short");
  EXPECT_EQ(CeedBasisApplyAtPoints(b, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, short_v, u, v), 0);
  EXPECT_EQ(CeedBasisApplyAddAtPoints(b, 1, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, short_v, u, v), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("CeedBasisApplyAddAtPoints only supports CEED_TRANSPOSE");
  CeedVector x2;
  CeedVectorCreate(ceed, 8, &x2);
  CeedVectorSetValue(x2, 0.25);
  EXPECT_EQ(CeedBasisApplyAtPoints(b, 2, num_points, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, x2, v, short_v), CEED_ERROR_UNSUPPORTED);
  ExpectMessage("Backend does not implement CeedBasisApplyAtPoints for 2 elements");
  // Non-tensor getters and projections.
  ASSERT_EQ(CeedBasisCreateH1(ceed, CEED_TOPOLOGY_TRIANGLE, 1, 3, 9, nullptr, nullptr, nullptr, nullptr, &tri), 0);
  const CeedScalar *m;
  CeedInt           n;
  EXPECT_EQ(CeedBasisGetGrad1D(tri, &m), CEED_ERROR_MINOR);
  ExpectMessage("CeedBasis is not a tensor product CeedBasis");
  EXPECT_EQ(CeedBasisGetNumQuadraturePoints1D(tri, &n), CEED_ERROR_MINOR);
  ExpectMessage("Q_1d");
  EXPECT_EQ(CeedBasisCreateProjection(b, tri, &proj), CEED_ERROR_MINOR);  // sizes match, but interp_to is zero
  ExpectMessage("rank-deficient");
  CeedBasis hdiv;
  ASSERT_EQ(CeedBasisCreateHdiv(ceed, CEED_TOPOLOGY_QUAD, 1, 4, 9, nullptr, nullptr, nullptr, nullptr, &hdiv), 0);
  EXPECT_EQ(CeedBasisCreateProjection(b, hdiv, &proj), CEED_ERROR_MINOR);
  ExpectMessage("same FE space");
  EXPECT_EQ(proj, nullptr);
  // Still usable: interpolating the constant 3 gives 3.
  EXPECT_EQ(CeedBasisApply(b, 1, CEED_NOTRANSPOSE, CEED_EVAL_INTERP, u, v), 0);
  const CeedScalar *a;
  CeedVectorGetArrayRead(v, CEED_MEM_HOST, &a);
  for (int i = 0; i < 9; i++) EXPECT_NEAR(a[i], 3.0, 1e-14);
  CeedVectorRestoreArrayRead(v, &a);
  CeedVectorDestroy(&u);
  CeedVectorDestroy(&v);
  CeedVectorDestroy(&short_v);
  CeedVectorDestroy(&x2);
  CeedBasisDestroy(&b);
  CeedBasisDestroy(&tri);
  CeedBasisDestroy(&hdiv);
}

TEST_F(BasisTest, QuadratureErrorsWithoutCeed) {
  CeedScalar x[4], w[4];
  EXPECT_EQ(CeedLobattoQuadrature(1, x, w), CEED_ERROR_DIMENSION);
  ExpectMessage("Cannot create Lobatto quadrature with Q=1 < 2 points", nullptr);
  EXPECT_EQ(CeedGaussQuadrature(0, x, w), CEED_ERROR_DIMENSION);
  ExpectMessage("Q=0", nullptr);
  EXPECT_EQ(CeedGaussQuadrature(3, x, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("q_weight_1d", nullptr);
  // Gauss Q = 1 is the midpoint rule; Lobatto Q = 2 the trapezoidal rule.
  EXPECT_EQ(CeedGaussQuadrature(1, x, w), 0);
  EXPECT_EQ(x[0], 0.0);
  EXPECT_EQ(w[0], 2.0);
  EXPECT_EQ(CeedLobattoQuadrature(2, x, w), 0);
  EXPECT_EQ(x[0], -1.0);
  EXPECT_EQ(x[1], 1.0);
  EXPECT_EQ(w[0], 1.0);
  EXPECT_EQ(w[1], 1.0);
  // Gauss Q = 3: +-sqrt(3/5), weights 5/9, 8/9.
  EXPECT_EQ(CeedGaussQuadrature(3, x, w), 0);
  EXPECT_NEAR(x[2], std::sqrt(0.6), 1e-15);
  EXPECT_NEAR(w[0], 5.0 / 9, 1e-15);
  EXPECT_NEAR(w[1], 8.0 / 9, 1e-15);
}

TEST_F(BasisTest, ViewIndentsWithTabs) {
  CeedBasis b = Lagrange(1, 1, 2, 1);
  EXPECT_EQ(CeedBasisSetNumViewTabs(b, 2), 0);
  char  *buf = nullptr;
  size_t len = 0;
  FILE  *f   = open_memstream(&buf, &len);
  EXPECT_EQ(CeedBasisView(b, f), 0);
  std::fclose(f);
  const std::string expected =
      "    CeedBasis in a H^1 space on a line element\n"
      "      P: 2\n"
      "      Q: 1\n"
      "      dimension: 1\n"
      "      field components: 1\n"
      "      qref1d:   \t  0.00000000\n"
      "      qweight1d:\t  2.00000000\n"
      "      interp1d: \t  0.50000000\t  0.50000000\n"
      "      grad1d:   \t -0.50000000\t  0.50000000\n";
  EXPECT_EQ(std::string(buf, len), expected);
  std::free(buf);
  EXPECT_EQ(CeedBasisView(b, nullptr), CEED_ERROR_INCOMPATIBLE);
  ExpectMessage("stream is NULL");
  CeedBasisDestroy(&b);
}

}  // namespace
