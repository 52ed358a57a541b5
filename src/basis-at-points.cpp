// Default CeedBasisApplyAtPoints for tensor H^1 bases, one element at a time.
//
// The nodal data define a polynomial; each point's value is that polynomial evaluated exactly. Per
// direction, the 1-D row of basis values at x is
//   * l_j(x) for the Lagrange polynomials on the nodes, when the nodes are known (Lagrange bases), or
//   * sum_k L_k(x) interp_1d[k][j] with L_k the Lagrange polynomials on the Q_1d quadrature points:
//     the degree < Q_1d interpolant of the basis values at the points, exact whenever Q_1d >= P_1d
//     (the same polynomial a Chebyshev fit through the Q_1d point values gives).
// Values at a point are then tensor contractions of the nodal data with one row per direction; the
// transpose adds the outer product of the rows, so it is the exact adjoint.
#include <cmath>

#include "basis.hpp"

namespace {

// Contracts nodal data u (P_1d^dim values, dimension 0 fastest) with one row per direction.
CeedScalar ContractPoint(CeedInt dim, CeedInt P_1d, const CeedScalar *const rows[3], const CeedScalar *u) {
  const CeedScalar *r0 = rows[0];
  if (dim == 1) {
    CeedScalar s = 0.0;
    for (CeedInt j = 0; j < P_1d; j++) s += r0[j] * u[j];
    return s;
  }
  const CeedScalar *r1 = rows[1];
  if (dim == 2) {
    CeedScalar s = 0.0;
    for (CeedInt j1 = 0; j1 < P_1d; j1++) {
      CeedScalar t = 0.0;
      for (CeedInt j0 = 0; j0 < P_1d; j0++) t += r0[j0] * u[j1 * P_1d + j0];
      s += r1[j1] * t;
    }
    return s;
  }
  const CeedScalar *r2 = rows[2];
  CeedScalar        s  = 0.0;
  for (CeedInt j2 = 0; j2 < P_1d; j2++) {
    CeedScalar t2 = 0.0;
    for (CeedInt j1 = 0; j1 < P_1d; j1++) {
      CeedScalar t1 = 0.0;
      for (CeedInt j0 = 0; j0 < P_1d; j0++) t1 += r0[j0] * u[(j2 * P_1d + j1) * P_1d + j0];
      t2 += r1[j1] * t1;
    }
    s += r2[j2] * t2;
  }
  return s;
}

// Adjoint of ContractPoint: out += w * (outer product of the rows).
void SpreadPoint(CeedInt dim, CeedInt P_1d, const CeedScalar *const rows[3], CeedScalar w, CeedScalar *out) {
  const CeedScalar *r0 = rows[0];
  if (dim == 1) {
    for (CeedInt j = 0; j < P_1d; j++) out[j] += w * r0[j];
    return;
  }
  const CeedScalar *r1 = rows[1];
  if (dim == 2) {
    for (CeedInt j1 = 0; j1 < P_1d; j1++) {
      const CeedScalar a = w * r1[j1];
      for (CeedInt j0 = 0; j0 < P_1d; j0++) out[j1 * P_1d + j0] += a * r0[j0];
    }
    return;
  }
  const CeedScalar *r2 = rows[2];
  for (CeedInt j2 = 0; j2 < P_1d; j2++) {
    const CeedScalar a = w * r2[j2];
    for (CeedInt j1 = 0; j1 < P_1d; j1++) {
      const CeedScalar b = a * r1[j1];
      for (CeedInt j0 = 0; j0 < P_1d; j0++) out[(j2 * P_1d + j1) * P_1d + j0] += b * r0[j0];
    }
  }
}

}  // namespace

namespace ceed {

int BasisApplyAtPointsDefault(const char *func, CeedBasis basis, CeedInt num_points, CeedTransposeMode t_mode, CeedEvalMode eval_mode,
                              CeedVector x_ref, CeedVector u, CeedVector v, bool add) {
  Ceed ceed = basis->header.ceed;
  if (eval_mode == CEED_EVAL_WEIGHT) return CeedVectorSetValue(v, 1.0);

  const CeedInt dim = basis->dim, P_1d = basis->P_1d, Q_1d = basis->Q_1d, num_comp = basis->num_comp, P = basis->P;
  const bool    use_nodes = !basis->nodes_1d.empty();
  if (!use_nodes) {
    for (CeedInt i = 0; i < Q_1d; i++)
      for (CeedInt k = i + 1; k < Q_1d; k++)
        if (std::fabs(basis->q_ref_1d[i] - basis->q_ref_1d[k]) < 1e-12)
          return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE,
                                  "Cannot evaluate CeedBasis at arbitrary points: its nodes are unknown and 1-D quadrature points %" CeedInt_FMT
                                  " and %" CeedInt_FMT " coincide (%g)",
                                  i, k, static_cast<double>(basis->q_ref_1d[i]));
  }
  const CeedInt N = num_points;

  // 1-D value and derivative rows: rows[(d*N + p)*P_1d + j].
  std::vector<CeedScalar> val(static_cast<size_t>(dim) * N * P_1d), der(static_cast<size_t>(dim) * N * P_1d), lq(Q_1d), dlq(Q_1d);
  const CeedScalar       *x = nullptr;
  CeedCall(CeedVectorGetArrayRead(x_ref, CEED_MEM_HOST, &x));
  for (CeedInt d = 0; d < dim; d++) {
    for (CeedInt p = 0; p < N; p++) {
      const CeedScalar xp = x[static_cast<CeedSize>(d) * N + p];
      CeedScalar      *vr = &val[(static_cast<size_t>(d) * N + p) * P_1d], *dr = &der[(static_cast<size_t>(d) * N + p) * P_1d];
      if (use_nodes) {
        LagrangeEval(basis->nodes_1d.data(), P_1d, xp, vr, dr);
      } else {
        LagrangeEval(basis->q_ref_1d.data(), Q_1d, xp, lq.data(), dlq.data());
        for (CeedInt j = 0; j < P_1d; j++) {
          CeedScalar sv = 0.0, sd = 0.0;
          for (CeedInt k = 0; k < Q_1d; k++) {
            sv += lq[k] * basis->interp_1d[k * P_1d + j];
            sd += dlq[k] * basis->interp_1d[k * P_1d + j];
          }
          vr[j] = sv, dr[j] = sd;
        }
      }
    }
  }
  CeedCall(CeedVectorRestoreArrayRead(x_ref, &x));

  const CeedInt     num_slices = eval_mode == CEED_EVAL_GRAD ? dim : 1;
  const CeedScalar *u_array    = nullptr;
  CeedScalar       *v_array    = nullptr;
  CeedCall(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &u_array));
  const int ierr = add ? CeedVectorGetArray(v, CEED_MEM_HOST, &v_array) : CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &v_array);
  if (ierr) {
    CeedVectorRestoreArrayRead(u, &u_array);
    return ierr;
  }
  if (t_mode == CEED_TRANSPOSE && !add)
    for (CeedSize i = 0; i < static_cast<CeedSize>(num_comp) * P; i++) v_array[i] = 0.0;
  for (CeedInt s = 0; s < num_slices; s++) {
    for (CeedInt c = 0; c < num_comp; c++) {
      for (CeedInt p = 0; p < N; p++) {
        const CeedScalar *rows[3] = {nullptr, nullptr, nullptr};
        for (CeedInt d = 0; d < dim; d++) {
          const std::vector<CeedScalar> &m = (eval_mode == CEED_EVAL_GRAD && d == s) ? der : val;
          rows[d]                          = &m[(static_cast<size_t>(d) * N + p) * P_1d];
        }
        const CeedSize point_index = (static_cast<CeedSize>(s) * num_comp + c) * N + p;
        if (t_mode == CEED_NOTRANSPOSE) {
          v_array[point_index] = ContractPoint(dim, P_1d, rows, u_array + static_cast<CeedSize>(c) * P);
        } else {
          SpreadPoint(dim, P_1d, rows, u_array[point_index], v_array + static_cast<CeedSize>(c) * P);
        }
      }
    }
  }
  CeedCall(CeedVectorRestoreArrayRead(u, &u_array));
  CeedCall(CeedVectorRestoreArray(v, &v_array));
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed
