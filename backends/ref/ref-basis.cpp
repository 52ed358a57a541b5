// Reference CPU backend: basis evaluation.
//
// Tensor bases use sum factorization: one 1-D contraction per dimension. Non-tensor bases are dense
// products with the stored matrices. Everything reduces to Contract below, which multiplies a small
// matrix into the middle index of a three-index array, with the element index innermost
// (layouts of CeedBasisApply for num_elem > 1: nodal [num_comp][P][num_elem], point data
// [q_comp][num_comp][Q][num_elem], weights [Q][num_elem]).
#include <algorithm>
#include <new>
#include <vector>

#include "ceed-ref.hpp"

namespace ceed::ref {

// out[a][i][b] (+)= sum_j M(i, j) in[a][j][b] with M(i, j) = mat[i*stride_i + j*stride_j], for
// a < A, i < I, j < J, b < B. Transposing a row-major Q x P matrix is stride_i = 1, stride_j = P.
void Contract(CeedInt A, CeedInt J, CeedInt I, CeedInt B, const CeedScalar *mat, CeedInt stride_i, CeedInt stride_j, const CeedScalar *in,
              CeedScalar *out, bool add) {
  for (CeedInt a = 0; a < A; a++) {
    const CeedScalar *x = in + static_cast<CeedSize>(a) * J * B;
    CeedScalar       *y = out + static_cast<CeedSize>(a) * I * B;
    if (B == 1) {
      for (CeedInt i = 0; i < I; i++) {
        const CeedScalar *m = mat + static_cast<CeedSize>(i) * stride_i;
        CeedScalar        s = add ? y[i] : 0.0;
        for (CeedInt j = 0; j < J; j++) s += m[static_cast<CeedSize>(j) * stride_j] * x[j];
        y[i] = s;
      }
      continue;
    }
    if (!add) std::fill(y, y + static_cast<CeedSize>(I) * B, 0.0);
    for (CeedInt i = 0; i < I; i++) {
      CeedScalar *y_i = y + static_cast<CeedSize>(i) * B;
      for (CeedInt j = 0; j < J; j++) {
        const CeedScalar  m   = mat[static_cast<CeedSize>(i) * stride_i + static_cast<CeedSize>(j) * stride_j];
        const CeedScalar *x_j = x + static_cast<CeedSize>(j) * B;
        CeedPragmaSIMD for (CeedInt b = 0; b < B; b++) y_i[b] += m * x_j[b];
      }
    }
  }
}

namespace {

struct BasisRef {
  bool              is_tensor = false;
  CeedFESpace       fe_space  = CEED_FE_SPACE_H1;
  CeedInt           dim = 0, num_comp = 0, P_1d = 0, Q_1d = 0, P = 0, Q = 0;
  const CeedScalar *interp_1d = nullptr, *grad_1d = nullptr, *q_weight = nullptr;  // q_weight: 1-D for tensor bases
  const CeedScalar *interp = nullptr, *grad = nullptr, *div = nullptr, *curl = nullptr;
  std::vector<CeedScalar> work[2];
};

// Sum-factorized tensor application of one slice: mats[d] is the Q_1d x P_1d matrix of direction d.
// NOTRANSPOSE maps [num_comp][P_1d^dim][ne] to [num_comp][Q_1d^dim][ne], TRANSPOSE the reverse.
void TensorApply(BasisRef &b, CeedInt ne, bool transpose, const CeedScalar *const *mats, const CeedScalar *in, CeedScalar *out, bool add) {
  const CeedInt from = transpose ? b.Q_1d : b.P_1d, to = transpose ? b.P_1d : b.Q_1d;
  CeedInt       pre = b.num_comp, post = ne;
  for (CeedInt d = 0; d < b.dim - 1; d++) post *= from;
  CeedSize max_size = b.num_comp * static_cast<CeedSize>(ne);
  for (CeedInt d = 0; d < b.dim; d++) max_size *= std::max(from, to);
  for (auto &w : b.work)
    if (static_cast<CeedSize>(w.size()) < max_size) w.resize(max_size);
  const CeedScalar *src = in;
  // Contract the slowest direction first: direction d has pre = num_comp * to^(dim-1-d), post = from^d * ne.
  for (CeedInt d = b.dim - 1; d >= 0; d--) {
    const bool  last = d == 0;
    CeedScalar *dst  = last ? out : b.work[d % 2].data();
    Contract(pre, from, to, post, mats[d], transpose ? 1 : b.P_1d, transpose ? b.P_1d : 1, src, dst, last && add);
    src = dst;
    pre *= to;
    post /= from;
  }
}

int Apply(CeedBasis basis, CeedInt num_elem, CeedTransposeMode t_mode, CeedEvalMode eval_mode, CeedVector u, CeedVector v, bool add) {
  BasisRef *b = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  Ceed ceed = CeedBasisReturnCeed(basis);
  const bool        transpose = t_mode == CEED_TRANSPOSE;
  const CeedScalar *u_array   = nullptr;
  CeedScalar       *v_array   = nullptr;
  if (eval_mode != CEED_EVAL_WEIGHT) CeedCallBackend(CeedVectorGetArrayRead(u, CEED_MEM_HOST, &u_array));
  const int ierr = add ? CeedVectorGetArray(v, CEED_MEM_HOST, &v_array) : CeedVectorGetArrayWrite(v, CEED_MEM_HOST, &v_array);
  if (ierr) {
    if (u_array) CeedVectorRestoreArrayRead(u, &u_array);
    return ierr > 0 ? CEED_ERROR_BACKEND : ierr;
  }
  const CeedInt  ne = num_elem, nc = b->num_comp;
  const CeedSize point_slice = static_cast<CeedSize>(nc) * b->Q * ne;  // one q_comp slice of point data
  int            result      = CEED_ERROR_SUCCESS;
  try {
    if (eval_mode == CEED_EVAL_WEIGHT) {
      for (CeedInt q = 0; q < b->Q; q++) {
        CeedScalar w = 1.0;
        if (b->is_tensor) {
          for (CeedInt d = 0, qq = q; d < b->dim; d++, qq /= b->Q_1d) w *= b->q_weight[qq % b->Q_1d];
        } else {
          w = b->q_weight[q];
        }
        for (CeedInt e = 0; e < ne; e++) v_array[static_cast<CeedSize>(q) * ne + e] = w;
      }
    } else if (b->is_tensor) {
      const CeedInt     num_slices = eval_mode == CEED_EVAL_GRAD ? b->dim : 1;
      const CeedScalar *mats[3];
      for (CeedInt s = 0; s < num_slices; s++) {
        for (CeedInt d = 0; d < b->dim; d++) mats[d] = (eval_mode == CEED_EVAL_GRAD && d == s) ? b->grad_1d : b->interp_1d;
        if (transpose) TensorApply(*b, ne, true, mats, u_array + s * point_slice, v_array, add || s > 0);
        else TensorApply(*b, ne, false, mats, u_array, v_array + s * point_slice, false);
      }
    } else {
      const CeedScalar *mat        = nullptr;
      CeedInt           num_slices = 1;
      switch (eval_mode) {
        case CEED_EVAL_INTERP:
          mat = b->interp, num_slices = b->fe_space == CEED_FE_SPACE_H1 ? 1 : b->dim;
          break;
        case CEED_EVAL_GRAD:
          mat = b->grad, num_slices = b->dim;
          break;
        case CEED_EVAL_DIV:
          mat = b->div;
          break;
        case CEED_EVAL_CURL:
          mat = b->curl, num_slices = b->dim < 3 ? 1 : b->dim;
          break;
        default:
          break;
      }
      if (!mat) {
        result = CeedError(ceed, CEED_ERROR_BACKEND, "CeedBasis has no matrix for evaluation mode %s", CeedEvalModes[eval_mode]);
      } else {
        const CeedSize slice = static_cast<CeedSize>(b->Q) * b->P;
        for (CeedInt s = 0; s < num_slices; s++) {
          if (transpose) Contract(nc, b->Q, b->P, ne, mat + s * slice, 1, b->P, u_array + s * point_slice, v_array, add || s > 0);
          else Contract(nc, b->P, b->Q, ne, mat + s * slice, b->P, 1, u_array, v_array + s * point_slice, false);
        }
      }
    }
  } catch (const std::bad_alloc &) {
    result = CeedError(ceed, CEED_ERROR_MAJOR, "Out of memory in CeedBasisApply work arrays");
  }
  if (u_array) CeedCallBackend(CeedVectorRestoreArrayRead(u, &u_array));
  CeedCallBackend(CeedVectorRestoreArray(v, &v_array));
  return result;
}

int Destroy(CeedBasis basis) {
  BasisRef *b = nullptr;
  CeedCallBackend(CeedBasisGetData(basis, &b));
  delete b;
  return CeedBasisSetData(basis, nullptr);
}

}  // namespace

int BasisCreate(CeedBasis basis) {
  Ceed ceed = CeedBasisReturnCeed(basis);
  auto *b   = new (std::nothrow) BasisRef();
  CeedCheck(b, ceed, CEED_ERROR_MAJOR, "Out of memory creating reference CeedBasis data");
  CeedCallBackend(CeedBasisSetData(basis, b));
  CeedBasisBackendOps ops{};
  ops.size    = sizeof(ops);
  ops.Apply   = Apply;
  ops.Destroy = Destroy;
  CeedCallBackend(CeedBasisSetBackendOps(basis, &ops));

  CeedCallBackend(CeedBasisIsTensor(basis, &b->is_tensor));
  CeedCallBackend(CeedBasisGetFESpace(basis, &b->fe_space));
  CeedCallBackend(CeedBasisGetDimension(basis, &b->dim));
  CeedCallBackend(CeedBasisGetNumComponents(basis, &b->num_comp));
  CeedCallBackend(CeedBasisGetNumNodes(basis, &b->P));
  CeedCallBackend(CeedBasisGetNumQuadraturePoints(basis, &b->Q));
  CeedCallBackend(CeedBasisGetQWeights(basis, &b->q_weight));
  if (b->is_tensor) {
    CeedCallBackend(CeedBasisGetNumNodes1D(basis, &b->P_1d));
    CeedCallBackend(CeedBasisGetNumQuadraturePoints1D(basis, &b->Q_1d));
    CeedCallBackend(CeedBasisGetInterp1D(basis, &b->interp_1d));
    CeedCallBackend(CeedBasisGetGrad1D(basis, &b->grad_1d));
  } else {
    CeedCallBackend(CeedBasisGetInterp(basis, &b->interp));
    CeedCallBackend(CeedBasisGetGrad(basis, &b->grad));
    CeedCallBackend(CeedBasisGetDiv(basis, &b->div));
    CeedCallBackend(CeedBasisGetCurl(basis, &b->curl));
  }
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed::ref
