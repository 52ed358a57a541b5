// Default CeedBasisApplyAtPoints for tensor H^1 bases, with the item kernels of
// <ceed/jit-source/basis/ceed-basis-at-points.h> (which GPU backends compile too) as host loops: one element
// at a time here, every element at once in the batched host application of operators at points.
//
// The nodal data define a polynomial; each point's value is that polynomial evaluated exactly. Per
// direction, the 1-D row of basis values at x is
//   * l_j(x) for the Lagrange polynomials on the nodes, when the nodes are known (Lagrange bases), or
//   * sum_k L_k(x) interp_1d[k][j] with L_k the Lagrange polynomials on the Q_1d quadrature points:
//     the degree < Q_1d interpolant of the basis values at the points, exact whenever Q_1d >= P_1d
//     (the same polynomial a Chebyshev fit through the Q_1d point values gives).
#include <algorithm>
#include <cmath>

#include "basis/basis.hpp"

namespace ceed {

int BasisAtPointsSetup(const char *func, CeedBasis basis, CeedBasisAtPointsArgs *a) {
  Ceed          ceed = basis->header.ceed;
  const CeedInt P_1d = basis->P_1d, Q_1d = basis->Q_1d;
  const bool    use_nodes = !basis->nodes_1d.empty();
  CeedInt       other = 0, first = use_nodes ? -1 : CeedBasisAtPointsCoincident(basis->q_ref_1d.data(), Q_1d, &other);
  if (first >= 0)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE,
                            "Cannot evaluate CeedBasis at arbitrary points: its nodes are unknown and 1-D quadrature points %" CeedInt_FMT
                            " and %" CeedInt_FMT " coincide (%g)",
                            first, other, static_cast<double>(basis->q_ref_1d[first]));
  *a              = CeedBasisAtPointsArgs{};
  a->dim          = basis->dim;
  a->num_comp     = basis->num_comp;
  a->P_1d         = P_1d;
  a->num_lagrange = use_nodes ? P_1d : Q_1d;
  if (std::max(a->P_1d, a->num_lagrange) > CEED_BASIS_AT_POINTS_MAX_1D)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "Cannot evaluate CeedBasis at arbitrary points with %" CeedInt_FMT
                            " 1-D points (at most %d)", std::max(a->P_1d, a->num_lagrange), CEED_BASIS_AT_POINTS_MAX_1D);
  a->lagrange_points = use_nodes ? basis->nodes_1d.data() : basis->q_ref_1d.data();
  a->to_basis        = use_nodes ? nullptr : basis->interp_1d.data();
  return CEED_ERROR_SUCCESS;
}

void BasisAtPointsRows(CeedBasisAtPointsArgs *a, const CeedScalar *x_ref, std::vector<CeedScalar> &rows) {
  rows.resize(static_cast<size_t>(a->dim) * a->num_points * 2 * a->P_1d);
  a->rows  = rows.data();
  a->x_ref = x_ref;
  for (CeedSize item = 0; item < static_cast<CeedSize>(a->dim) * a->num_points; item++) CeedBasisAtPointsRowItem(a, item);
  a->x_ref = nullptr;
}

void BasisAtPointsRun(CeedBasisAtPointsArgs *a) {
  const CeedSize num_items = CeedBasisAtPointsNumItems(a);
  for (CeedSize item = 0; item < num_items; item++) CeedBasisAtPointsItem(a, item);
}

int BasisApplyAtPointsDefault(const char *func, CeedBasis basis, CeedInt num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                              CeedVector x_ref, CeedVector u, CeedVector v, bool add) {
  if (eval_mode == CEED_EVAL_WEIGHT) return CeedVectorSetValue(v, 1.0);
  CeedBasisAtPointsArgs a;
  CeedCall(BasisAtPointsSetup(func, basis, &a));
  const CeedInt point_offsets[2] = {0, num_points};
  a.num_elem      = 1;
  a.is_grad       = eval_mode == CEED_EVAL_GRAD;
  a.transpose     = t_mode == CEED_TRANSPOSE;
  a.add           = add;
  a.point_offsets = point_offsets;
  a.num_points    = num_points;
  std::vector<CeedScalar> rows;
  const CeedScalar       *x = nullptr;
  CeedCall(CeedVectorGetArrayRead(x_ref, CEED_MEM_HOST, &x));
  BasisAtPointsRows(&a, x, rows);
  CeedCall(CeedVectorRestoreArrayRead(x_ref, &x));
  const CeedScalar *u_array = nullptr;
  CeedScalar       *v_array = nullptr;
  CeedCall(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &u_array));
  const int ierr = add ? CeedVectorGetArray(v, CEED_MEM_HOST, &v_array) : CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &v_array);
  if (ierr) {
    CeedVectorRestoreArrayRead(u, &u_array);
    return ierr;
  }
  a.u = u_array;
  a.v = v_array;
  BasisAtPointsRun(&a);
  CeedCall(CeedVectorRestoreArrayRead(u, &u_array));
  CeedCall(CeedVectorRestoreArray(v, &v_array));
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed
