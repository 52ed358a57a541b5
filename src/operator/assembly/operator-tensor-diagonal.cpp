// CeedOperator assembly: element diagonals of tensor-product bases by sum factorization. The diagonal
// entry of node k = (k_0, .., k_{dim-1}) of one mode pair is sum_q D(q) prod_d W_d(q_d, k_d) with
// W_d = F_out,d .* F_in,d (entrywise products of the 1D factors); contracting one direction at a time costs
// O(max(P,Q)^(dim+1)) per element instead of O(P^dim Q^dim).
#include <cmath>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

int FactorTensorModes(AssemblyRstr &g, CeedInt num_qpts) {
  g.tensor = TensorModes{};
  TensorModes t;
  for (const AssemblyField &f : g.fields) {
    if (f.eval_mode != CEED_EVAL_INTERP && f.eval_mode != CEED_EVAL_GRAD) return CEED_ERROR_SUCCESS;
    bool    is_tensor = false;
    CeedInt dim = 0, P_1d = 0, Q_1d = 0;
    CeedCall(CeedBasisIsTensor(f.basis, &is_tensor));
    if (!is_tensor) return CEED_ERROR_SUCCESS;
    CeedCall(CeedBasisGetDimension(f.basis, &dim));
    CeedCall(CeedBasisGetNumNodes1D(f.basis, &P_1d));
    CeedCall(CeedBasisGetNumQuadraturePoints1D(f.basis, &Q_1d));
    if (dim > 3 || (t.dim && (dim != t.dim || P_1d != t.P_1d || Q_1d != t.Q_1d))) return CEED_ERROR_SUCCESS;
    t.dim = dim, t.P_1d = P_1d, t.Q_1d = Q_1d;
    const CeedScalar *interp = nullptr, *grad = nullptr;
    CeedCall(CeedBasisGetInterp1D(f.basis, &interp));
    if (f.eval_mode == CEED_EVAL_GRAD) CeedCall(CeedBasisGetGrad1D(f.basis, &grad));
    for (CeedInt k = 0; k < f.q_comp; k++) {
      std::array<const CeedScalar *, 3> factors = {nullptr, nullptr, nullptr};
      for (CeedInt d = 0; d < dim; d++) factors[d] = f.eval_mode == CEED_EVAL_GRAD && d == k ? grad : interp;
      t.factors.push_back(factors);
    }
  }
  if (t.dim == 0 || static_cast<CeedInt>(t.factors.size()) != g.num_modes) return CEED_ERROR_SUCCESS;
  // The factorization must reproduce the stacked matrices (node and point orderings included).
  const CeedInt P = g.elem_size, Q = num_qpts;
  for (CeedInt m = 0; m < g.num_modes; m++) {
    for (CeedInt q = 0; q < Q; q++) {
      for (CeedInt k = 0; k < P; k++) {
        CeedScalar value = 1.0;
        for (CeedInt d = 0, qq = q, kk = k; d < t.dim; d++, qq /= t.Q_1d, kk /= t.P_1d) value *= t.factors[m][d][(qq % t.Q_1d) * t.P_1d + kk % t.P_1d];
        const CeedScalar expected = g.B[(static_cast<CeedSize>(m) * Q + q) * P + k];
        if (std::fabs(value - expected) > 1e-13 * (1.0 + std::fabs(expected))) return CEED_ERROR_SUCCESS;
      }
    }
  }
  g.tensor = std::move(t);
  return CEED_ERROR_SUCCESS;
}

void AddTensorModeDiagonal(const TensorModes &out, CeedInt mo, const TensorModes &in, CeedInt mi, const CeedScalar *D, CeedScalar *work,
                           CeedScalar *sum) {
  const CeedInt dim = in.dim, P = in.P_1d, Q = in.Q_1d;
  CeedInt       max_size = 1;
  for (CeedInt d = 0; d < dim; d++) max_size *= P > Q ? P : Q;
  CeedScalar *buffers[2] = {work, work + max_size}, *W = work + 2 * max_size;
  for (CeedInt d = 0; d < dim; d++) {
    const CeedScalar *fo = out.factors[mo][d], *fi = in.factors[mi][d];
    for (CeedInt j = 0; j < P * Q; j++) W[d * P * Q + j] = fo[j] * fi[j];
  }
  // A[outer][q_d][inner] -> B[outer][k_d][inner]; inner: directions already contracted (P^d), outer: the rest.
  const CeedScalar *a = D;
  CeedInt           inner = 1, outer = 1;
  for (CeedInt d = 1; d < dim; d++) outer *= Q;
  for (CeedInt d = 0; d < dim; d++) {
    const bool           last = d == dim - 1;
    CeedScalar *const    b    = last ? sum : buffers[d % 2];
    const CeedScalar    *w_d  = W + static_cast<CeedSize>(d) * Q * P;
    if (inner == 1) {
      // First direction: one dot product per (outer, k).
      for (CeedInt o = 0; o < outer; o++) {
        const CeedScalar *__restrict__ src = a + static_cast<CeedSize>(o) * Q;
        for (CeedInt k = 0; k < P; k++) {
          CeedScalar acc = 0.0;
          for (CeedInt q = 0; q < Q; q++) acc += w_d[q * P + k] * src[q];
          b[static_cast<CeedSize>(o) * P + k] = last ? b[static_cast<CeedSize>(o) * P + k] + acc : acc;
        }
      }
    } else {
      for (CeedInt o = 0; o < outer; o++) {
        for (CeedInt k = 0; k < P; k++) {
          CeedScalar *__restrict__ dst = b + (static_cast<CeedSize>(o) * P + k) * inner;
          if (!last)
            for (CeedInt i = 0; i < inner; i++) dst[i] = 0.0;
          for (CeedInt q = 0; q < Q; q++) {
            const CeedScalar                   w   = w_d[q * P + k];
            const CeedScalar *__restrict__ src = a + (static_cast<CeedSize>(o) * Q + q) * inner;
            for (CeedInt i = 0; i < inner; i++) dst[i] += w * src[i];
          }
        }
      }
    }
    a = b;
    inner *= P;
    if (d + 1 < dim) outer /= Q;
  }
}

}  // namespace ceed
