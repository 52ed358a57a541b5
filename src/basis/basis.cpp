// CeedBasis: sentinel, reference counting, destruction, queries (lazy full matrices of tensor bases)
// and the backend-facing accessors of ceed/backend.h.
#include <cmath>

#include "basis/basis.hpp"

// Sentinel for operator fields whose data already lives at quadrature points: no Ceed, not
// reference counted, no nodes and no quadrature points.
static CeedBasis_private MakeBasisNone() {
  CeedBasis_private none;
  none.header.ref_count = 0;
  return none;
}
static CeedBasis_private basis_none = MakeBasisNone();
const CeedBasis          CEED_BASIS_NONE = &basis_none;

namespace ceed {

int BasisCheckHandle(const char *func, CeedBasis basis) {
  if (!basis) return CEED_BASIS_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedBasis handle is NULL");
  if (basis == CEED_BASIS_NONE) return CEED_BASIS_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "CEED_BASIS_NONE is not a valid CeedBasis here");
  return CEED_ERROR_SUCCESS;
}

CeedInt BasisQComp(CeedBasis basis, CeedEvalMode eval_mode) {
  switch (eval_mode) {
    case CEED_EVAL_INTERP:
      return basis->fe_space == CEED_FE_SPACE_H1 ? 1 : basis->dim;
    case CEED_EVAL_GRAD:
      return basis->dim;
    case CEED_EVAL_CURL:
      return BasisCurlComponents(basis->dim);
    default:
      return 1;
  }
}

}  // namespace ceed

// Checks the handle and an output pointer of a getter.
#define BASIS_GETTER_CHECK(basis, out)                                                                               \
  do {                                                                                                               \
    const char *func = __func__;                                                                                     \
    CeedCall(ceed::BasisCheckHandle(func, basis));                                                                   \
    if (!(out)) return CEED_BASIS_ERROR((basis)->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer %s is NULL", #out); \
  } while (0)

int CeedBasisReferenceCopy(CeedBasis basis, CeedBasis *basis_copy) {
  const char *func = __func__;
  if (!basis) return CEED_BASIS_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedBasis handle is NULL");
  if (!basis_copy) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasis copy pointer is NULL");
  if (basis != CEED_BASIS_NONE) basis->header.ref_count++;
  const int ierr = CeedBasisDestroy(basis_copy);
  if (ierr) {
    if (basis != CEED_BASIS_NONE) basis->header.ref_count--;
    return ierr;
  }
  *basis_copy = basis;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisDestroy(CeedBasis *basis) {
  const char *func = __func__;
  if (!basis) return CEED_BASIS_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "CeedBasis pointer is NULL");
  CeedBasis b = *basis;
  if (!b || b == CEED_BASIS_NONE) {
    *basis = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (!ceed::ObjectRelease(b->header)) {
    *basis = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (b->ops.Destroy) {
    const int ierr = b->ops.Destroy(b);
    if (ierr) {
      b->header.ref_count = 1;  // still alive: the caller may retry
      return ierr;
    }
  }
  const int ierr = ceed::ObjectReleaseCeed(b->header);
  delete b;
  *basis = nullptr;
  return ierr;
}

int CeedBasisGetCeed(CeedBasis basis, Ceed *ceed) {
  BASIS_GETTER_CHECK(basis, ceed);
  *ceed = nullptr;
  return CeedReferenceCopy(basis->header.ceed, ceed);
}

Ceed CeedBasisReturnCeed(CeedBasis basis) { return basis ? basis->header.ceed : nullptr; }

int CeedBasisGetDimension(CeedBasis basis, CeedInt *dim) {
  BASIS_GETTER_CHECK(basis, dim);
  *dim = basis->dim;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetTopology(CeedBasis basis, CeedElemTopology *topo) {
  BASIS_GETTER_CHECK(basis, topo);
  *topo = basis->topo;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumComponents(CeedBasis basis, CeedInt *num_comp) {
  BASIS_GETTER_CHECK(basis, num_comp);
  *num_comp = basis->num_comp;
  return CEED_ERROR_SUCCESS;
}

// The sentinel has no nodes and no quadrature points (00 §3).
int CeedBasisGetNumNodes(CeedBasis basis, CeedInt *P) {
  if (basis == CEED_BASIS_NONE && P) return *P = 0, CEED_ERROR_SUCCESS;
  BASIS_GETTER_CHECK(basis, P);
  *P = basis->P;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumQuadraturePoints(CeedBasis basis, CeedInt *Q) {
  if (basis == CEED_BASIS_NONE && Q) return *Q = 0, CEED_ERROR_SUCCESS;
  BASIS_GETTER_CHECK(basis, Q);
  *Q = basis->Q;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumNodes1D(CeedBasis basis, CeedInt *P_1d) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, P_1d);
  if (!basis->is_tensor) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "Cannot supply P_1d for non-tensor CeedBasis");
  *P_1d = basis->P_1d;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumQuadraturePoints1D(CeedBasis basis, CeedInt *Q_1d) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, Q_1d);
  if (!basis->is_tensor) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "Cannot supply Q_1d for non-tensor CeedBasis");
  *Q_1d = basis->Q_1d;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetQRef(CeedBasis basis, const CeedScalar **q_ref) {
  BASIS_GETTER_CHECK(basis, q_ref);
  *q_ref = basis->is_tensor ? basis->q_ref_1d.data() : basis->q_ref.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetQWeights(CeedBasis basis, const CeedScalar **q_weights) {
  BASIS_GETTER_CHECK(basis, q_weights);
  *q_weights = basis->is_tensor ? basis->q_weight_1d.data() : basis->q_weight.data();
  return CEED_ERROR_SUCCESS;
}

// Full tensor matrix [Q][P] (or one derivative slice): product over dimensions of 1-D factors, with
// dimension 0 varying fastest in both node and point indices.
static void BuildTensorMatrix(const CeedBasis_private *b, CeedInt deriv_dim, CeedScalar *out) {
  const CeedInt P = b->P, Q = b->Q, P_1d = b->P_1d, Q_1d = b->Q_1d;
  for (CeedInt q = 0; q < Q; q++) {
    for (CeedInt n = 0; n < P; n++) {
      CeedScalar v = 1.0;
      for (CeedInt d = 0, qq = q, nn = n; d < b->dim; d++, qq /= Q_1d, nn /= P_1d) {
        const std::vector<CeedScalar> &m = d == deriv_dim ? b->grad_1d : b->interp_1d;
        v *= m[(qq % Q_1d) * P_1d + nn % P_1d];
      }
      out[static_cast<size_t>(q) * P + n] = v;
    }
  }
}

int CeedBasisGetInterp(CeedBasis basis, const CeedScalar **interp) {
  BASIS_GETTER_CHECK(basis, interp);
  CEED_API_TRY
  if (basis->is_tensor && basis->interp.empty()) {
    std::vector<CeedScalar> full(static_cast<size_t>(basis->Q) * basis->P);
    BuildTensorMatrix(basis, -1, full.data());
    basis->interp.swap(full);
  }
  *interp = basis->interp.data();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(basis->header.ceed)
}

int CeedBasisGetGrad(CeedBasis basis, const CeedScalar **grad) {
  BASIS_GETTER_CHECK(basis, grad);
  CEED_API_TRY
  if (basis->is_tensor && basis->grad.empty()) {
    const size_t            slice = static_cast<size_t>(basis->Q) * basis->P;
    std::vector<CeedScalar> full(slice * basis->dim);
    for (CeedInt d = 0; d < basis->dim; d++) BuildTensorMatrix(basis, d, full.data() + d * slice);
    basis->grad.swap(full);
  }
  *grad = basis->grad.empty() ? nullptr : basis->grad.data();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(basis->header.ceed)
}

int CeedBasisGetInterp1D(CeedBasis basis, const CeedScalar **interp_1d) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, interp_1d);
  if (!basis->is_tensor) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "CeedBasis is not a tensor product CeedBasis");
  *interp_1d = basis->interp_1d.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNodes1D(CeedBasis basis, const CeedScalar **nodes_1d) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, nodes_1d);
  if (!basis->is_tensor) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "CeedBasis is not a tensor product CeedBasis");
  *nodes_1d = basis->nodes_1d.empty() ? nullptr : basis->nodes_1d.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetGrad1D(CeedBasis basis, const CeedScalar **grad_1d) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, grad_1d);
  if (!basis->is_tensor) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "CeedBasis is not a tensor product CeedBasis");
  *grad_1d = basis->grad_1d.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetDiv(CeedBasis basis, const CeedScalar **div) {
  BASIS_GETTER_CHECK(basis, div);
  *div = basis->div.empty() ? nullptr : basis->div.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetCurl(CeedBasis basis, const CeedScalar **curl) {
  BASIS_GETTER_CHECK(basis, curl);
  *curl = basis->curl.empty() ? nullptr : basis->curl.data();
  return CEED_ERROR_SUCCESS;
}

int CeedBasisSetNumViewTabs(CeedBasis basis, CeedInt num_tabs) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  if (num_tabs < 0)
    return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_MINOR, "Number of view tabs must be non-negative, got %" CeedInt_FMT, num_tabs);
  basis->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumViewTabs(CeedBasis basis, CeedInt *num_tabs) {
  BASIS_GETTER_CHECK(basis, num_tabs);
  *num_tabs = basis->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

// ---- Backend-facing accessors (ceed/backend.h) ------------------------------------------------------

int CeedBasisSetBackendOps(CeedBasis basis, const CeedBasisBackendOps *ops) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  if (!ops) return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasisBackendOps table is NULL");
  if (ops->size < sizeof(size_t))
    return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasisBackendOps table has invalid size %zu", ops->size);
  ceed::CopyOps(basis->ops, ops);
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetData(CeedBasis basis, void *data) {
  BASIS_GETTER_CHECK(basis, data);
  *static_cast<void **>(data) = basis->data;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisSetData(CeedBasis basis, void *data) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  basis->data = data;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisIsTensor(CeedBasis basis, bool *is_tensor) {
  BASIS_GETTER_CHECK(basis, is_tensor);
  *is_tensor = basis->is_tensor;
  return CEED_ERROR_SUCCESS;
}

// Collocated: a tensor H^1 basis whose nodes are its quadrature points (interp_1d is the identity).
int CeedBasisIsCollocated(CeedBasis basis, bool *is_collocated) {
  BASIS_GETTER_CHECK(basis, is_collocated);
  bool colo = basis->is_tensor && basis->P_1d == basis->Q_1d;
  for (CeedInt i = 0; colo && i < basis->Q_1d; i++)
    for (CeedInt j = 0; colo && j < basis->P_1d; j++)
      colo = std::fabs(basis->interp_1d[i * basis->P_1d + j] - (i == j ? 1.0 : 0.0)) < 1e-14;
  *is_collocated = colo;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetFESpace(CeedBasis basis, CeedFESpace *fe_space) {
  BASIS_GETTER_CHECK(basis, fe_space);
  *fe_space = basis->fe_space;
  return CEED_ERROR_SUCCESS;
}

int CeedBasisGetNumQuadratureComponents(CeedBasis basis, CeedEvalMode eval_mode, CeedInt *q_comp) {
  const char *func = __func__;
  BASIS_GETTER_CHECK(basis, q_comp);
  switch (eval_mode) {
    case CEED_EVAL_NONE:
    case CEED_EVAL_INTERP:
    case CEED_EVAL_GRAD:
    case CEED_EVAL_DIV:
    case CEED_EVAL_CURL:
    case CEED_EVAL_WEIGHT:
      break;
    default:
      return CEED_BASIS_ERROR(basis->header.ceed, CEED_ERROR_INCOMPATIBLE, "Invalid CeedEvalMode %d", static_cast<int>(eval_mode));
  }
  *q_comp = ceed::BasisQComp(basis, eval_mode);
  return CEED_ERROR_SUCCESS;
}
