// The item kernels of <ceed/jit-source/basis/ceed-basis-at-points.h> for several elements at once (what
// GPU backends run; the core's default takes one element at a time) give, element by element, what
// CeedBasisApplyAtPoints gives on /cpu/self/ref/serial, for Lagrange bases (rows on the nodes) and bases
// given by their matrices (rows through the quadrature points), in 1D, 2D and 3D.
#include <ceed.h>
#include <ceed/backend.h>
#include <ceed/jit-source/basis/ceed-basis-at-points.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

struct Case {
  CeedInt dim, P_1d, Q_1d;
  bool    lagrange;
};

class BasisAtPointsKernel : public ::testing::TestWithParam<Case> {};

std::vector<CeedScalar> HostApply(CeedBasis basis, CeedInt n, CeedTransposeMode t_mode, CeedEvalMode eval_mode, const std::vector<CeedScalar> &x,
                                  const std::vector<CeedScalar> &u, CeedSize v_size) {
  Ceed ceed = CeedBasisReturnCeed(basis);
  CeedVector x_vec, u_vec, v_vec;
  CeedVectorCreate(ceed, static_cast<CeedSize>(x.size()), &x_vec);
  CeedVectorCreate(ceed, static_cast<CeedSize>(u.size()), &u_vec);
  CeedVectorCreate(ceed, v_size, &v_vec);
  CeedVectorSetArray(x_vec, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(x.data()));
  CeedVectorSetArray(u_vec, CEED_MEM_HOST, CEED_COPY_VALUES, const_cast<CeedScalar *>(u.data()));
  EXPECT_EQ(CeedBasisApplyAtPoints(basis, 1, &n, t_mode, eval_mode, x_vec, u_vec, v_vec), CEED_ERROR_SUCCESS);
  std::vector<CeedScalar> v(v_size);
  const CeedScalar *a = nullptr;
  CeedVectorGetArrayRead(v_vec, CEED_MEM_HOST, &a);
  if (a) v.assign(a, a + v_size);
  CeedVectorRestoreArrayRead(v_vec, &a);
  CeedVectorDestroy(&x_vec);
  CeedVectorDestroy(&u_vec);
  CeedVectorDestroy(&v_vec);
  return v;
}

TEST_P(BasisAtPointsKernel, SeveralElementsMatchTheDefaultElementByElement) {
  const Case c = GetParam();
  Ceed       ceed;
  ASSERT_EQ(CeedInit("/cpu/self/ref/serial", &ceed), CEED_ERROR_SUCCESS);
  const CeedInt num_comp = 2;
  CeedBasis     basis;
  if (c.lagrange) {
    ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, c.dim, num_comp, c.P_1d, c.Q_1d, CEED_GAUSS, &basis), CEED_ERROR_SUCCESS);
  } else {
    // Same space from its matrices only (no nodes known): the rows go through the quadrature points.
    CeedBasis         lagrange;
    const CeedScalar *interp_1d, *grad_1d, *q_ref_1d, *q_weight_1d;
    ASSERT_EQ(CeedBasisCreateTensorH1Lagrange(ceed, c.dim, num_comp, c.P_1d, c.Q_1d, CEED_GAUSS_LOBATTO, &lagrange), CEED_ERROR_SUCCESS);
    CeedBasisGetInterp1D(lagrange, &interp_1d);
    CeedBasisGetGrad1D(lagrange, &grad_1d);
    CeedBasisGetQRef(lagrange, &q_ref_1d);
    CeedBasisGetQWeights(lagrange, &q_weight_1d);
    ASSERT_EQ(CeedBasisCreateTensorH1(ceed, c.dim, num_comp, c.P_1d, c.Q_1d, interp_1d, grad_1d, q_ref_1d, q_weight_1d, &basis), CEED_ERROR_SUCCESS);
    CeedBasisDestroy(&lagrange);
  }
  CeedInt P = 1;
  for (CeedInt d = 0; d < c.dim; d++) P *= c.P_1d;
  // Three elements with 3, 0 and 4 points.
  const std::vector<CeedInt> num_points = {3, 0, 4}, offsets = {0, 3, 3, 7};
  const CeedInt              N = offsets.back(), num_elem = 3;
  std::vector<CeedScalar>    x(static_cast<size_t>(c.dim) * N), u(static_cast<size_t>(num_elem) * num_comp * P);
  for (size_t i = 0; i < x.size(); i++) x[i] = std::sin(1.3 * i + 0.2);
  for (size_t i = 0; i < u.size(); i++) u[i] = std::cos(0.7 * i) + 0.1 * i;

  const CeedScalar *nodes_1d = nullptr, *q_ref_1d = nullptr, *interp_1d = nullptr;
  ASSERT_EQ(CeedBasisGetNodes1D(basis, &nodes_1d), CEED_ERROR_SUCCESS);
  EXPECT_EQ(nodes_1d != nullptr, c.lagrange);
  CeedBasisGetQRef(basis, &q_ref_1d);
  CeedBasisGetInterp1D(basis, &interp_1d);
  CeedBasisAtPointsArgs a{};
  a.dim = c.dim, a.num_comp = num_comp, a.P_1d = c.P_1d, a.num_lagrange = nodes_1d ? c.P_1d : c.Q_1d, a.num_elem = num_elem;
  a.lagrange_points = nodes_1d ? nodes_1d : q_ref_1d, a.to_basis = nodes_1d ? nullptr : interp_1d;
  a.point_offsets = offsets.data(), a.num_points = N, a.x_ref = x.data();
  std::vector<CeedScalar> rows(static_cast<size_t>(c.dim) * N * 2 * c.P_1d);
  a.rows = rows.data();
  for (CeedSize item = 0; item < static_cast<CeedSize>(c.dim) * N; item++) CeedBasisAtPointsRowItem(&a, item);

  for (CeedEvalMode mode : {CEED_EVAL_INTERP, CEED_EVAL_GRAD}) {
    const CeedInt num_slices = mode == CEED_EVAL_GRAD ? c.dim : 1;
    // Points from nodes, all elements at once.
    std::vector<CeedScalar> v(static_cast<size_t>(num_slices) * num_comp * N, -1.0);
    a.is_grad = mode == CEED_EVAL_GRAD, a.transpose = 0, a.add = 0, a.u = u.data(), a.v = v.data();
    for (CeedSize item = 0; item < CeedBasisAtPointsNumItems(&a); item++) CeedBasisAtPointsItem(&a, item);
    // Nodes from points, all elements at once, added onto ones.
    std::vector<CeedScalar> w(u.size(), 1.0);
    a.transpose = 1, a.add = 1, a.u = v.data(), a.v = w.data();
    for (CeedSize item = 0; item < CeedBasisAtPointsNumItems(&a); item++) CeedBasisAtPointsItem(&a, item);

    for (CeedInt e = 0; e < num_elem; e++) {
      const CeedInt           n = num_points[e];
      std::vector<CeedScalar> x_e(static_cast<size_t>(c.dim) * n), u_e(u.begin() + e * num_comp * P, u.begin() + (e + 1) * num_comp * P);
      for (CeedInt d = 0; d < c.dim; d++)
        for (CeedInt p = 0; p < n; p++) x_e[d * n + p] = x[d * N + offsets[e] + p];
      const std::vector<CeedScalar> v_e = HostApply(basis, n, CEED_NOTRANSPOSE, mode, x_e, u_e, static_cast<CeedSize>(num_slices) * num_comp * n);
      for (CeedInt k = 0; k < num_slices * num_comp; k++)
        for (CeedInt p = 0; p < n; p++)
          EXPECT_NEAR(v[k * N + offsets[e] + p], v_e[k * n + p], 1e-13) << "element " << e << " slice/comp " << k << " point " << p;
      std::vector<CeedScalar> v_slice(static_cast<size_t>(num_slices) * num_comp * n);
      for (CeedInt k = 0; k < num_slices * num_comp; k++)
        for (CeedInt p = 0; p < n; p++) v_slice[k * n + p] = v[k * N + offsets[e] + p];
      const std::vector<CeedScalar> w_e = HostApply(basis, n, CEED_TRANSPOSE, mode, x_e, v_slice, static_cast<CeedSize>(num_comp) * P);
      for (CeedInt i = 0; i < num_comp * P; i++) EXPECT_NEAR(w[e * num_comp * P + i], 1.0 + w_e[i], 1e-12) << "element " << e << " node " << i;
    }
  }
  CeedBasisDestroy(&basis);
  CeedDestroy(&ceed);
}

INSTANTIATE_TEST_SUITE_P(Cases, BasisAtPointsKernel,
                         ::testing::Values(Case{1, 4, 5, true}, Case{2, 3, 4, true}, Case{3, 3, 3, true}, Case{2, 4, 5, false},
                                           Case{3, 2, 3, false}),
                         [](const auto &info) {
                           const Case &c = info.param;
                           return std::to_string(c.dim) + "d_P" + std::to_string(c.P_1d) + "_Q" + std::to_string(c.Q_1d) +
                                  (c.lagrange ? "_lagrange" : "_matrices");
                         });

}  // namespace
