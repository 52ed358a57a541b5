// CeedOperator: element inverses by the fast diagonalization method (spec 06 §8).
//
// On a tensor element the mass and stiffness matrices are Kronecker products of the 1-D matrices
// M = B^T W B and K = G^T W G. With X solving X^T K X = Lambda, X^T M X = I, an element operator
// a (M ⊗ ... ⊗ M) (mass) + a (Σ_d M ⊗ .. K (d) .. ⊗ M) (stiffness) is
// (X ⊗ X ...)^{-T} a δ (X ⊗ X ...)^{-1} with δ(n) = [mass] + [stiffness] Σ_d λ_{n_d}, so its inverse is
// (X ⊗ X ...) diag(1 / (a δ)) (X ⊗ X ...)^T. The coefficient a of each element is the average of the
// assembled QFunction divided by the quadrature weights; the inverse is exact for constant coefficients on
// affine elements and approximates it otherwise.
#include <algorithm>
#include <cmath>
#include <vector>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

namespace {

int CreateFDMElementInverseDefault(CeedOperator op, CeedOperator *fdm_inv, CeedRequest *request, const char *func) {
  Ceed ceed = op->header.ceed;
  if (op->is_at_points)
    return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "FDMElementInverse is not supported for operators at points");
  // The active input basis and which of mass (INTERP) and stiffness (GRAD) the operator contains.
  CeedElemRestriction rstr  = nullptr;
  CeedBasis           basis = nullptr;
  bool                interp = false, grad = false;
  for (CeedOperatorField field : op->input_fields) {
    if (field->vec != CEED_VECTOR_ACTIVE) continue;
    if (!rstr) {
      rstr  = field->rstr;
      basis = field->basis;
    }
    interp = interp || field->eval_mode == CEED_EVAL_INTERP;
    grad   = grad || field->eval_mode == CEED_EVAL_GRAD;
  }
  if (!rstr) return CeedOperatorError(ceed, func, CEED_ERROR_BACKEND, "FDMElementInverse needs an operator with an active input field");
  bool is_tensor = false;
  if (basis != CEED_BASIS_NONE) CeedCall(CeedBasisIsTensor(basis, &is_tensor));
  if (!is_tensor) return CeedOperatorError(ceed, func, CEED_ERROR_BACKEND, "FDMElementInverse only supported for tensor bases");

  CeedInt dim = 0, num_comp = 0, P_1d = 0, Q_1d = 0, num_nodes = 0, num_qpts = 0, num_elem = op->shape.num_elem;
  const CeedScalar *interp_1d = nullptr, *grad_1d = nullptr, *q_weight_1d = nullptr;
  CeedCall(CeedBasisGetDimension(basis, &dim));
  CeedCall(CeedBasisGetNumComponents(basis, &num_comp));
  CeedCall(CeedBasisGetNumNodes1D(basis, &P_1d));
  CeedCall(CeedBasisGetNumQuadraturePoints1D(basis, &Q_1d));
  CeedCall(CeedBasisGetNumNodes(basis, &num_nodes));
  CeedCall(CeedBasisGetNumQuadraturePoints(basis, &num_qpts));
  CeedCall(CeedBasisGetInterp1D(basis, &interp_1d));
  CeedCall(CeedBasisGetGrad1D(basis, &grad_1d));
  CeedCall(CeedBasisGetQWeights(basis, &q_weight_1d));

  // 1. 1-D mass and (shifted) stiffness; 2. their simultaneous diagonalization.
  std::vector<CeedScalar> M(static_cast<size_t>(P_1d) * P_1d, 0.0), K(M.size(), 0.0), X(M.size()), lambda(P_1d);
  for (CeedInt i = 0; i < P_1d; i++) {
    for (CeedInt j = 0; j < P_1d; j++) {
      for (CeedInt k = 0; k < Q_1d; k++) {
        M[i * P_1d + j] += interp_1d[k * P_1d + i] * q_weight_1d[k] * interp_1d[k * P_1d + j];
        K[i * P_1d + j] += grad_1d[k * P_1d + i] * q_weight_1d[k] * grad_1d[k * P_1d + j];
      }
    }
  }
  const CeedScalar shift = dim > 2 ? 1e-6 : 1e-4;
  for (CeedInt i = 0; i < P_1d; i++) K[i * P_1d + i] += shift;
  CeedCall(CeedSimultaneousDiagonalization(ceed, K.data(), M.data(), X.data(), lambda.data(), P_1d));

  // 3. Element coefficients: average of the significant assembled values over the quadrature weights.
  CeedVector          qf_vec  = nullptr;
  CeedElemRestriction qf_rstr = nullptr;
  CeedCall(OperatorQFAssemblyGet(op, &qf_vec, &qf_rstr, request, func));
  CeedInt qf_comp = 0;
  CeedCall(CeedElemRestrictionGetNumComponents(qf_rstr, &qf_comp));
  OwnedVector weights;
  CeedCall(CeedVectorCreate(ceed, num_qpts, weights.out()));
  CeedCall(CeedBasisApply(basis, 1, CEED_NOTRANSPOSE, CEED_EVAL_WEIGHT, CEED_VECTOR_NONE, weights));
  std::vector<CeedScalar> elem_avg(num_elem, 1.0);
  {
    VectorRead d, w;
    CeedCall(d.Get(qf_vec));
    CeedCall(w.Get(weights));
    const CeedSize total = static_cast<CeedSize>(num_elem) * qf_comp * num_qpts;
    CeedScalar     max_abs = 0.0;
    for (CeedSize k = 0; k < total; k++) max_abs = std::max(max_abs, std::fabs(d.data()[k]));
    const CeedScalar bound    = 100 * CEED_EPSILON * max_abs;
    const CeedInt    m        = (interp ? 1 : 0) + (grad ? dim : 0);
    const CeedInt    num_used = std::min(qf_comp, num_comp * num_comp * m * m);
    for (CeedInt e = 0; e < num_elem; e++) {
      CeedScalar sum   = 0.0;
      CeedInt    count = 0;
      for (CeedInt k = 0; k < num_used; k++) {
        const CeedScalar *d_k = d.data() + (static_cast<CeedSize>(e) * qf_comp + k) * num_qpts;
        for (CeedInt q = 0; q < num_qpts; q++) {
          if (std::fabs(d_k[q]) <= bound) continue;
          sum += d_k[q] / w.data()[q];
          count++;
        }
      }
      if (count) elem_avg[e] = sum / count;
    }
  }

  // 4. Node eigenvalues; 5. the operator X diag(1 / (a δ)) X^T through a tensor basis with interp_1d = X^T.
  std::vector<CeedScalar> delta(num_nodes);
  for (CeedInt n = 0; n < num_nodes; n++) {
    CeedScalar sum_lambda = 0.0;
    for (CeedInt d = 0, stride = 1; d < dim; d++, stride *= P_1d) sum_lambda += lambda[(n / stride) % P_1d];
    CeedScalar value = (interp ? 1.0 : 0.0) + (grad ? sum_lambda : 0.0);
    const CeedScalar min_abs = num_nodes * CEED_EPSILON;
    if (std::fabs(value) < min_abs) value = value < 0.0 ? -min_abs : min_abs;
    delta[n] = value;
  }
  std::vector<CeedScalar> scale(static_cast<size_t>(num_elem) * num_comp * num_nodes);
  for (CeedInt e = 0; e < num_elem; e++)
    for (CeedInt c = 0; c < num_comp; c++)
      for (CeedInt n = 0; n < num_nodes; n++) scale[(static_cast<CeedSize>(e) * num_comp + c) * num_nodes + n] = 1.0 / (elem_avg[e] * delta[n]);
  std::vector<CeedScalar> x_transpose(M.size()), zeros(M.size(), 0.0);
  for (CeedInt i = 0; i < P_1d; i++)
    for (CeedInt j = 0; j < P_1d; j++) x_transpose[i * P_1d + j] = X[j * P_1d + i];

  OwnedBasis     fdm_basis;
  OwnedRstr      rstr_scale;
  OwnedVector    scale_vec;
  OwnedQFunction qf;
  OwnedOperator  inverse;
  CeedCall(CeedBasisCreateTensorH1(ceed, dim, num_comp, P_1d, P_1d, x_transpose.data(), zeros.data(), zeros.data(), zeros.data(),
                                   fdm_basis.out()));
  const CeedInt strides[3] = {1, num_nodes, num_nodes * num_comp};
  CeedCall(CeedElemRestrictionCreateStrided(ceed, num_elem, num_nodes, num_comp, static_cast<CeedSize>(scale.size()), strides, rstr_scale.out()));
  CeedCall(CeedVectorCreate(ceed, static_cast<CeedSize>(scale.size()), scale_vec.out()));
  CeedCall(CeedVectorSetArray(scale_vec, CEED_MEM_HOST, CEED_COPY_VALUES, scale.data()));
  CeedCall(CreateScaleQFunction(ceed, num_comp, CEED_EVAL_INTERP, CEED_EVAL_INTERP, qf.out()));
  CeedCall(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, inverse.out()));
  CeedCall(CeedOperatorSetField(inverse, "input", rstr, fdm_basis, CEED_VECTOR_ACTIVE));
  CeedCall(CeedOperatorSetField(inverse, "scale", rstr_scale, CEED_BASIS_NONE, scale_vec));
  CeedCall(CeedOperatorSetField(inverse, "output", rstr, fdm_basis, CEED_VECTOR_ACTIVE));
  CeedCall(CeedOperatorCheckReady(inverse));
  *fdm_inv = inverse.release();
  return CEED_ERROR_SUCCESS;
}

}  // namespace

}  // namespace ceed

int CeedOperatorCreateFDMElementInverse(CeedOperator op, CeedOperator *fdm_inv, CeedRequest *request) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = op->header.ceed;
  CeedCheck(fdm_inv, ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the FDM element inverse is NULL");
  CeedCheck(!op->is_composite, ceed, CEED_ERROR_UNSUPPORTED, "FDMElementInverse is not supported for composite operators");
  CeedCall(ceed::OperatorAssemblyCheck(op, __func__));
  CEED_API_TRY
  ceed::OwnedOperator inverse;
  if (op->ops.CreateFDMElementInverse) CeedCall(op->ops.CreateFDMElementInverse(op, inverse.out(), request));
  else CeedCall(ceed::CreateFDMElementInverseDefault(op, inverse.out(), request, __func__));
  *fdm_inv = inverse.release();  // an output: whatever it held is not ours to release
  ceed::OperatorCompleteRequest(request);
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}
