// CeedBasis creation: tensor H^1 (Lagrange on GLL nodes or user 1-D data), non-tensor H^1, H(div),
// H(curl), projection between bases, and the collocated gradient.
#include <ceed/jit-source/basis/ceed-basis-at-points.h>

#include <cmath>
#include <memory>

#include "basis/basis.hpp"

namespace ceed {

// The header hooks: set here, where bases are made, so that the view (basis-view.cpp) sits above the basis core.
int BasisViewObject(CeedObject obj, FILE *stream) { return CeedBasisView(reinterpret_cast<CeedBasis>(obj), stream); }
int BasisDestroyObject(CeedObject *obj) { return CeedBasisDestroy(reinterpret_cast<CeedBasis *>(obj)); }

int BasisFinishCreate(const char *func, Ceed ceed, std::unique_ptr<CeedBasis_private> owner, CeedBasis *basis) {
  CeedBasis_private *b = owner.get();
  Ceed backend = FindBackend(ceed, "Basis", [](const CeedBackendOps &o) { return o.BasisCreate != nullptr; });
  if (!backend) return CEED_BASIS_ERROR(ceed, CEED_ERROR_UNSUPPORTED, "Backend does not implement BasisCreate");
  CeedCall(ObjectInit(b->header, ceed, BasisViewObject, BasisDestroyObject));
  const int ierr = backend->ops.BasisCreate(b);
  if (ierr) {
    if (b->ops.Destroy) b->ops.Destroy(b);
    ObjectReleaseCeed(b->header);
    return ierr;
  }
  *basis = owner.release();
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

namespace {

using ceed::BasisCurlComponents;

// Copies n values, or n zeros when src is NULL.
std::vector<CeedScalar> CopyOrZero(const CeedScalar *src, CeedSize n) {
  return src ? std::vector<CeedScalar>(src, src + n) : std::vector<CeedScalar>(static_cast<size_t>(n), 0.0);
}

// Sets entries below 10 * CEED_EPSILON in magnitude to exactly zero.
void Chop(std::vector<CeedScalar> &a) {
  for (CeedScalar &x : a)
    if (std::fabs(x) < 10 * CEED_EPSILON) x = 0.0;
}

// Common checks of the creation functions.
int CheckCreateArgs(const char *func, Ceed ceed, CeedBasis *basis, CeedInt num_comp) {
  if (!ceed) return CEED_BASIS_ERROR(nullptr, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  if (!basis) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasis output pointer is NULL");
  if (num_comp < 1)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create CeedBasis with %" CeedInt_FMT " components: need at least 1",
                            num_comp);
  return CEED_ERROR_SUCCESS;
}

// Tensor H^1 basis; dim, P_1d, Q_1d already validated.
int CreateTensor(const char *func, Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P_1d, CeedInt Q_1d, const CeedScalar *interp_1d,
                 const CeedScalar *grad_1d, const CeedScalar *q_ref_1d, const CeedScalar *q_weight_1d, std::vector<CeedScalar> nodes_1d,
                 CeedBasis *basis) {
  double P = 1, Q = 1;
  for (CeedInt d = 0; d < dim; d++) P *= P_1d, Q *= Q_1d;
  if (P > 2147483647.0 || Q > 2147483647.0)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Cannot create tensor CeedBasis with P_1d=%" CeedInt_FMT ", Q_1d=%" CeedInt_FMT " in dimension %" CeedInt_FMT
                            ": too many nodes or points",
                            P_1d, Q_1d, dim);
  auto b         = std::make_unique<CeedBasis_private>();
  b->is_tensor   = true;
  b->fe_space    = CEED_FE_SPACE_H1;
  b->topo        = dim == 1 ? CEED_TOPOLOGY_LINE : dim == 2 ? CEED_TOPOLOGY_QUAD : CEED_TOPOLOGY_HEX;
  b->dim         = dim;
  b->num_comp    = num_comp;
  b->P_1d        = P_1d;
  b->Q_1d        = Q_1d;
  b->P           = static_cast<CeedInt>(P);
  b->Q           = static_cast<CeedInt>(Q);
  b->interp_1d   = CopyOrZero(interp_1d, static_cast<CeedSize>(Q_1d) * P_1d);
  b->grad_1d     = CopyOrZero(grad_1d, static_cast<CeedSize>(Q_1d) * P_1d);
  b->q_ref_1d    = CopyOrZero(q_ref_1d, Q_1d);
  b->q_weight_1d = CopyOrZero(q_weight_1d, Q_1d);
  b->nodes_1d    = std::move(nodes_1d);
  return ceed::BasisFinishCreate(func, ceed, std::move(b), basis);
}

int CheckTensorSizes(const char *func, Ceed ceed, CeedInt dim, CeedInt P_1d, CeedInt Q_1d) {
  if (dim < 1 || dim > 3)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create tensor CeedBasis with dimension %" CeedInt_FMT ": must be 1, 2 or 3",
                            dim);
  if (P_1d < 1) return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create tensor CeedBasis with P=%" CeedInt_FMT " < 1 nodes", P_1d);
  if (Q_1d < 1)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create tensor CeedBasis with Q=%" CeedInt_FMT " < 1 quadrature points", Q_1d);
  return CEED_ERROR_SUCCESS;
}

bool ValidTopology(CeedElemTopology topo) {
  switch (topo) {
    case CEED_TOPOLOGY_LINE:
    case CEED_TOPOLOGY_TRIANGLE:
    case CEED_TOPOLOGY_QUAD:
    case CEED_TOPOLOGY_TET:
    case CEED_TOPOLOGY_PYRAMID:
    case CEED_TOPOLOGY_PRISM:
    case CEED_TOPOLOGY_HEX:
      return true;
  }
  return false;
}

// Non-tensor basis in fe_space; deriv is grad (H^1), div (H(div)) or curl (H(curl)).
int CreateNonTensor(const char *func, Ceed ceed, CeedFESpace fe_space, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes,
                    CeedInt nqpts, const CeedScalar *interp, const CeedScalar *deriv, const CeedScalar *q_ref, const CeedScalar *q_weights,
                    CeedBasis *basis) {
  CeedCall(CheckCreateArgs(func, ceed, basis, num_comp));
  if (!ValidTopology(topo)) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedBasis with invalid topology %d", static_cast<int>(topo));
  if (num_nodes < 1)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create CeedBasis with %" CeedInt_FMT " nodes: need at least 1", num_nodes);
  if (nqpts < 1)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create CeedBasis with %" CeedInt_FMT " quadrature points: need at least 1",
                            nqpts);
  const CeedInt dim = static_cast<CeedInt>(topo) >> 16;
  if (static_cast<double>(num_nodes) * nqpts * dim > 1e12)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Cannot create CeedBasis with %" CeedInt_FMT " nodes and %" CeedInt_FMT " quadrature points: matrices too large",
                            num_nodes, nqpts);
  const CeedSize qp = static_cast<CeedSize>(nqpts) * num_nodes;
  auto b        = std::make_unique<CeedBasis_private>();
  b->is_tensor  = false;
  b->fe_space   = fe_space;
  b->topo       = topo;
  b->dim        = dim;
  b->num_comp   = num_comp;
  b->P          = num_nodes;
  b->Q          = nqpts;
  b->q_ref      = CopyOrZero(q_ref, static_cast<CeedSize>(dim) * nqpts);
  b->q_weight   = CopyOrZero(q_weights, nqpts);
  b->interp     = CopyOrZero(interp, (fe_space == CEED_FE_SPACE_H1 ? 1 : dim) * qp);
  if (fe_space == CEED_FE_SPACE_H1) b->grad = CopyOrZero(deriv, dim * qp);
  if (fe_space == CEED_FE_SPACE_HDIV) b->div = CopyOrZero(deriv, qp);
  if (fe_space == CEED_FE_SPACE_HCURL) b->curl = CopyOrZero(deriv, BasisCurlComponents(dim) * qp);
  return ceed::BasisFinishCreate(func, ceed, std::move(b), basis);
}

}  // namespace

int CeedBasisCreateTensorH1Lagrange(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P, CeedInt Q, CeedQuadMode quad_mode,
                                    CeedBasis *basis) {
  const char *func = __func__;
  CEED_API_TRY
  CeedCall(CheckCreateArgs(func, ceed, basis, num_comp));
  CeedCall(CheckTensorSizes(func, ceed, dim, P, Q));
  if (quad_mode != CEED_GAUSS && quad_mode != CEED_GAUSS_LOBATTO)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Cannot create CeedBasis with invalid quadrature mode %d", static_cast<int>(quad_mode));
  // The nodes are the P-point Gauss-Lobatto points.
  if (P < 2) return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create Lobatto quadrature with Q=%" CeedInt_FMT " < 2 points", P);
  if (quad_mode == CEED_GAUSS_LOBATTO && Q < 2)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION, "Cannot create Lobatto quadrature with Q=%" CeedInt_FMT " < 2 points", Q);
  std::vector<CeedScalar> nodes(P), q_ref(Q), q_weight(Q), interp(static_cast<size_t>(Q) * P), grad(static_cast<size_t>(Q) * P);
  CeedCall(CeedLobattoQuadrature(P, nodes.data(), nullptr));
  if (quad_mode == CEED_GAUSS) CeedCall(CeedGaussQuadrature(Q, q_ref.data(), q_weight.data()));
  else CeedCall(CeedLobattoQuadrature(Q, q_ref.data(), q_weight.data()));
  for (CeedInt i = 0; i < Q; i++) CeedBasisAtPointsLagrange(nodes.data(), P, q_ref[i], &interp[i * P], &grad[i * P]);
  return CreateTensor(func, ceed, dim, num_comp, P, Q, interp.data(), grad.data(), q_ref.data(), q_weight.data(), std::move(nodes), basis);
  CEED_API_CATCH(ceed)
}

int CeedBasisCreateTensorH1(Ceed ceed, CeedInt dim, CeedInt num_comp, CeedInt P_1d, CeedInt Q_1d, const CeedScalar *interp_1d,
                            const CeedScalar *grad_1d, const CeedScalar *q_ref_1d, const CeedScalar *q_weight_1d, CeedBasis *basis) {
  const char *func = __func__;
  CEED_API_TRY
  CeedCall(CheckCreateArgs(func, ceed, basis, num_comp));
  CeedCall(CheckTensorSizes(func, ceed, dim, P_1d, Q_1d));
  return CreateTensor(func, ceed, dim, num_comp, P_1d, Q_1d, interp_1d, grad_1d, q_ref_1d, q_weight_1d, {}, basis);
  CEED_API_CATCH(ceed)
}

int CeedBasisCreateH1(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp,
                      const CeedScalar *grad, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis) {
  CEED_API_TRY
  return CreateNonTensor(__func__, ceed, CEED_FE_SPACE_H1, topo, num_comp, num_nodes, nqpts, interp, grad, q_ref, q_weights, basis);
  CEED_API_CATCH(ceed)
}

int CeedBasisCreateHdiv(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp,
                        const CeedScalar *div, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis) {
  CEED_API_TRY
  return CreateNonTensor(__func__, ceed, CEED_FE_SPACE_HDIV, topo, num_comp, num_nodes, nqpts, interp, div, q_ref, q_weights, basis);
  CEED_API_CATCH(ceed)
}

int CeedBasisCreateHcurl(Ceed ceed, CeedElemTopology topo, CeedInt num_comp, CeedInt num_nodes, CeedInt nqpts, const CeedScalar *interp,
                         const CeedScalar *curl, const CeedScalar *q_ref, const CeedScalar *q_weights, CeedBasis *basis) {
  CEED_API_TRY
  return CreateNonTensor(__func__, ceed, CEED_FE_SPACE_HCURL, topo, num_comp, num_nodes, nqpts, interp, curl, q_ref, q_weights, basis);
  CEED_API_CATCH(ceed)
}

int CeedBasisCreateProjection(CeedBasis basis_from, CeedBasis basis_to, CeedBasis *basis_project) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis_from));
  CeedCall(ceed::BasisCheckHandle(func, basis_to));
  Ceed ceed = basis_from->header.ceed;
  CEED_API_TRY
  if (!basis_project) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasis output pointer is NULL");
  if (basis_from->Q != basis_to->Q)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Bases must have compatible quadrature spaces: basis_from has %" CeedInt_FMT " quadrature points and basis_to has %" CeedInt_FMT,
                            basis_from->Q, basis_to->Q);
  if (basis_from->fe_space != basis_to->fe_space)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_MINOR, "Bases must have the same FE space: basis_from is in %s and basis_to in %s",
                            CeedFESpaces[basis_from->fe_space], CeedFESpaces[basis_to->fe_space]);
  // The dimensions may differ (a cell basis tabulated at face points projected onto the face basis): the
  // projection then maps from-nodes to to-nodes through the shared points, with the full matrices.
  const bool    tensor = basis_from->is_tensor && basis_to->is_tensor && basis_from->dim == basis_to->dim;
  const CeedInt q_comp = ceed::BasisQComp(basis_to, CEED_EVAL_INTERP), q_comp_from = ceed::BasisQComp(basis_from, CEED_EVAL_INTERP);
  if (q_comp != q_comp_from)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Bases must have the same number of interpolation components: basis_from has %" CeedInt_FMT " and basis_to has %" CeedInt_FMT,
                            q_comp_from, q_comp);
  const CeedInt rows = tensor ? basis_to->Q_1d : basis_to->Q * q_comp, P_to = tensor ? basis_to->P_1d : basis_to->P;
  const CeedInt P_from = tensor ? basis_from->P_1d : basis_from->P;
  if (rows < P_to)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Cannot project onto basis_to with %" CeedInt_FMT " nodes from %" CeedInt_FMT " quadrature values: need at least as many values as nodes",
                            P_to, rows);
  const CeedScalar *interp_to, *interp_from, *grad_from = nullptr;
  if (tensor) {
    interp_to   = basis_to->interp_1d.data();
    interp_from = basis_from->interp_1d.data();
    grad_from   = basis_from->grad_1d.data();
  } else {
    CeedCall(CeedBasisGetInterp(basis_to, &interp_to));
    CeedCall(CeedBasisGetInterp(basis_from, &interp_from));
    if (basis_from->fe_space == CEED_FE_SPACE_H1) CeedCall(CeedBasisGetGrad(basis_from, &grad_from));
  }
  std::vector<CeedScalar> pinv(static_cast<size_t>(P_to) * rows), interp_proj(static_cast<size_t>(P_to) * P_from);
  CeedCall(CeedMatrixPseudoinverse(ceed, interp_to, rows, P_to, pinv.data()));
  CeedCall(CeedMatrixMatrixMultiply(ceed, pinv.data(), interp_from, interp_proj.data(), P_to, P_from, rows));
  Chop(interp_proj);
  const CeedInt num_grad = tensor ? 1 : (grad_from ? basis_from->dim : 0);
  std::vector<CeedScalar> grad_proj(static_cast<size_t>(num_grad) * P_to * P_from);
  for (CeedInt d = 0; d < num_grad; d++)
    CeedCall(CeedMatrixMatrixMultiply(ceed, pinv.data(), grad_from + static_cast<size_t>(d) * rows * P_from, &grad_proj[static_cast<size_t>(d) * P_to * P_from],
                                      P_to, P_from, rows));
  Chop(grad_proj);
  if (tensor)
    return CreateTensor(func, ceed, basis_from->dim, basis_from->num_comp, P_from, P_to, interp_proj.data(), grad_proj.data(), nullptr, nullptr,
                        {}, basis_project);
  return CreateNonTensor(func, ceed, CEED_FE_SPACE_H1, basis_from->topo, basis_from->num_comp, P_from, P_to, interp_proj.data(),
                         num_grad ? grad_proj.data() : nullptr, nullptr, nullptr, basis_project);
  CEED_API_CATCH(ceed)
}

int CeedBasisGetCollocatedGrad(CeedBasis basis, CeedScalar *colo_grad_1d) {
  const char *func = __func__;
  CeedCall(ceed::BasisCheckHandle(func, basis));
  Ceed ceed = basis->header.ceed;
  CEED_API_TRY
  if (!colo_grad_1d) return CEED_BASIS_ERROR(ceed, CEED_ERROR_INCOMPATIBLE, "Output array colo_grad_1d is NULL");
  if (!basis->is_tensor) return CEED_BASIS_ERROR(ceed, CEED_ERROR_MINOR, "CeedBasis is not a tensor product CeedBasis");
  const CeedInt P_1d = basis->P_1d, Q_1d = basis->Q_1d;
  if (Q_1d < P_1d)
    return CEED_BASIS_ERROR(ceed, CEED_ERROR_DIMENSION,
                            "Cannot compute collocated gradient with Q_1d=%" CeedInt_FMT " < P_1d=%" CeedInt_FMT " quadrature points", Q_1d, P_1d);
  // colo_grad_1d = grad_1d pinv(interp_1d): derivative at the points of the interpolant of point values.
  std::vector<CeedScalar> pinv(static_cast<size_t>(P_1d) * Q_1d);
  CeedCall(CeedMatrixPseudoinverse(ceed, basis->interp_1d.data(), Q_1d, P_1d, pinv.data()));
  CeedCall(CeedMatrixMatrixMultiply(ceed, basis->grad_1d.data(), pinv.data(), colo_grad_1d, Q_1d, Q_1d, P_1d));
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
