// CeedOperator: multigrid levels (spec 06 §8).
//
// The coarse operator is the fine one with its active restriction and basis replaced (same QFunctions,
// passive fields, points and name); it shares the fine operator's QFunction assembly, since the pointwise
// operator is the same. Transfers between levels interpolate element by element with a coarse-to-fine
// basis and average shared nodes: with m = 1 / (E_f^T E_f p_mult) (unsigned fine restriction),
//   prolongation  P = E_f^T diag(E_f m) B_cf E_c,   restriction  R = E_c^T B_cf^T diag(E_f m) E_f = P^T.
// In serial (p_mult = 1) E_f m is one over the number of elements sharing each fine node.
#include <algorithm>
#include <string>
#include <vector>

#include "operator/assembly/operator-assembly.hpp"

namespace ceed {

int CreateScaleQFunction(Ceed ceed, CeedInt num_comp, CeedEvalMode input_mode, CeedEvalMode output_mode, CeedQFunction *qf) {
  OwnedQFunction scale;
  OwnedContext   ctx;
  CeedCall(CeedQFunctionCreateInteriorByName(ceed, "Scale", scale.out()));
  CeedCall(CeedQFunctionAddInput(scale, "input", num_comp, input_mode));
  CeedCall(CeedQFunctionAddInput(scale, "scale", num_comp, CEED_EVAL_NONE));
  CeedCall(CeedQFunctionAddOutput(scale, "output", num_comp, output_mode));
  CeedCall(CeedQFunctionContextCreate(ceed, ctx.out()));
  CeedCall(CeedQFunctionContextSetData(ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(num_comp), &num_comp));
  CeedCall(CeedQFunctionSetContext(scale, ctx));
  CeedCall(CeedQFunctionSetContextWritable(scale, false));
  CeedCall(CeedQFunctionSetUserFlopsEstimate(scale, num_comp));
  *qf = scale.release();
  return CEED_ERROR_SUCCESS;
}

namespace {

// The active restriction and basis of a single operator: every active field must use the same ones.
int ActiveRestrictionAndBasis(CeedOperator op, CeedElemRestriction *rstr, CeedBasis *basis, const char *func) {
  *rstr  = nullptr;
  *basis = nullptr;
  for (const auto *fields : {&op->input_fields, &op->output_fields}) {
    for (CeedOperatorField field : *fields) {
      if (field->vec != CEED_VECTOR_ACTIVE) continue;
      if (*rstr && (field->rstr != *rstr || field->basis != *basis))
        return CeedOperatorError(op->header.ceed, func, CEED_ERROR_UNSUPPORTED,
                                 "Multigrid levels need one active CeedElemRestriction and CeedBasis; field '%s' uses different ones",
                                 field->name.c_str());
      *rstr  = field->rstr;
      *basis = field->basis;
    }
  }
  if (!*rstr) return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE, "Multigrid levels need an operator with active fields");
  if (*basis == CEED_BASIS_NONE)
    return CeedOperatorError(op->header.ceed, func, CEED_ERROR_UNSUPPORTED, "Multigrid levels need a CeedBasis on the active fields");
  return CEED_ERROR_SUCCESS;
}

// Checks shared by the three public functions; returns the fine active restriction and basis.
int MultigridCheck(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse,
                   CeedOperator *op_coarse, bool transfers, CeedElemRestriction *rstr_fine, CeedBasis *basis_fine, const char *func) {
  if (!op_fine) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "Fine CeedOperator handle is NULL");
  Ceed ceed = op_fine->header.ceed;
  if (!op_coarse) return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "Output pointer for the coarse CeedOperator is NULL");
  if (op_fine->is_composite)
    return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "Multigrid levels are not supported for composite operators: create a level per sub-operator");
  if (!rstr_coarse || rstr_coarse == CEED_ELEMRESTRICTION_NONE || !basis_coarse || basis_coarse == CEED_BASIS_NONE)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "Coarse %s must be a real object",
                             (!rstr_coarse || rstr_coarse == CEED_ELEMRESTRICTION_NONE) ? "CeedElemRestriction" : "CeedBasis");
  if (transfers && (!p_mult_fine || p_mult_fine == CEED_VECTOR_ACTIVE || p_mult_fine == CEED_VECTOR_NONE))
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "Prolongation and restriction operators need the fine multiplicity vector p_mult_fine");
  CeedCall(OperatorAssemblyCheck(op_fine, func));
  CeedCall(ActiveRestrictionAndBasis(op_fine, rstr_fine, basis_fine, func));

  // Coarse objects must describe the same elements and quadrature with the same components.
  CeedInt dim_f = 0, dim_c = 0, nc_f = 0, nc_c = 0, nc_rstr = 0, q_f = 0, q_c = 0, ne_f = 0, ne_c = 0;
  CeedElemTopology topo_f = CEED_TOPOLOGY_LINE, topo_c = CEED_TOPOLOGY_LINE;
  CeedCall(CeedBasisGetDimension(*basis_fine, &dim_f));
  CeedCall(CeedBasisGetDimension(basis_coarse, &dim_c));
  CeedCall(CeedBasisGetTopology(*basis_fine, &topo_f));
  CeedCall(CeedBasisGetTopology(basis_coarse, &topo_c));
  CeedCall(CeedBasisGetNumComponents(*basis_fine, &nc_f));
  CeedCall(CeedBasisGetNumComponents(basis_coarse, &nc_c));
  CeedCall(CeedElemRestrictionGetNumComponents(rstr_coarse, &nc_rstr));
  CeedCall(CeedBasisGetNumQuadraturePoints(*basis_fine, &q_f));
  CeedCall(CeedBasisGetNumQuadraturePoints(basis_coarse, &q_c));
  CeedCall(CeedElemRestrictionGetNumElements(*rstr_fine, &ne_f));
  CeedCall(CeedElemRestrictionGetNumElements(rstr_coarse, &ne_c));
  if (dim_f != dim_c || topo_f != topo_c)
    return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE, "Coarse CeedBasis is on a %dD %s, the fine one on a %dD %s", dim_c,
                             CeedElemTopologies[topo_c], dim_f, CeedElemTopologies[topo_f]);
  if (nc_c != nc_f || nc_rstr != nc_c)
    return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION,
                             "Coarse CeedBasis has %d components and coarse CeedElemRestriction %d, the fine CeedBasis %d", nc_c, nc_rstr, nc_f);
  if (q_c != q_f)
    return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "Coarse CeedBasis has %d quadrature points, the fine one %d: they must be equal",
                             q_c, q_f);
  if (ne_c != ne_f)
    return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "Coarse CeedElemRestriction has %d elements, the fine one %d", ne_c, ne_f);
  if (transfers) {
    CeedRestrictionType type = CEED_RESTRICTION_STANDARD;
    CeedCall(CeedElemRestrictionGetType(*rstr_fine, &type));
    if (type == CEED_RESTRICTION_CURL_ORIENTED)
      return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "Multigrid transfer operators are not supported for curl-oriented restrictions");
    CeedSize l_size = 0, mult_len = 0;
    CeedCall(CeedElemRestrictionGetLVectorSize(*rstr_fine, &l_size));
    CeedCall(CeedVectorGetLength(p_mult_fine, &mult_len));
    if (mult_len != l_size)
      return CeedOperatorError(ceed, func, CEED_ERROR_DIMENSION, "p_mult_fine has length %lld, the fine active L-vector %lld", (long long)mult_len,
                               (long long)l_size);
  }
  return CEED_ERROR_SUCCESS;
}

// The fine operator with its active restriction and basis replaced.
int CreateCoarseOperator(CeedOperator op_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse, CeedOperator *op_coarse) {
  Ceed          ceed = op_fine->header.ceed;
  OwnedOperator coarse;
  if (op_fine->is_at_points) CeedCall(CeedOperatorCreateAtPoints(ceed, op_fine->qf, op_fine->dqf, op_fine->dqfT, coarse.out()));
  else CeedCall(CeedOperatorCreate(ceed, op_fine->qf, op_fine->dqf, op_fine->dqfT, coarse.out()));
  for (const auto *fields : {&op_fine->input_fields, &op_fine->output_fields}) {
    for (CeedOperatorField f : *fields) {
      if (f->vec == CEED_VECTOR_ACTIVE) CeedCall(CeedOperatorSetField(coarse, f->name.c_str(), rstr_coarse, basis_coarse, CEED_VECTOR_ACTIVE));
      else CeedCall(CeedOperatorSetField(coarse, f->name.c_str(), f->rstr, f->basis, f->vec));
    }
  }
  if (op_fine->is_at_points) CeedCall(CeedOperatorAtPointsSetPoints(coarse, op_fine->rstr_points, op_fine->point_coords));
  if (!op_fine->name.empty()) CeedCall(CeedOperatorSetName(coarse, op_fine->name.c_str()));
  CeedCall(CeedOperatorSetPrecision(coarse, op_fine->precision));
  CeedCall(CeedOperatorCheckReady(coarse));
  OperatorQFAssembly(op_fine);
  coarse.get()->qf_assembly = op_fine->qf_assembly;
  *op_coarse                = coarse.release();
  return CEED_ERROR_SUCCESS;
}

// Prolongation and/or restriction between rstr_fine and rstr_coarse through basis_c_to_f.
int CreateTransferOperators(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_fine, CeedElemRestriction rstr_coarse,
                            CeedBasis basis_c_to_f, CeedOperator *op_prolong, CeedOperator *op_restrict) {
  Ceed    ceed = op_fine->header.ceed;
  CeedInt num_elem = 0, elem_size = 0, num_comp = 0;
  CeedCall(CeedElemRestrictionGetNumElements(rstr_fine, &num_elem));
  CeedCall(CeedElemRestrictionGetElementSize(rstr_fine, &elem_size));
  CeedCall(CeedElemRestrictionGetNumComponents(rstr_fine, &num_comp));
  // E-vector of 1 / (E_f^T E_f p_mult), used as the L-vector of a backend-strided restriction.
  OwnedRstr   rstr_unsigned, rstr_scale;
  OwnedVector mult_l, mult_e;
  CeedCall(CeedElemRestrictionCreateUnsignedCopy(rstr_fine, rstr_unsigned.out()));
  CeedCall(CeedElemRestrictionCreateVector(rstr_fine, mult_l.out(), mult_e.out()));
  CeedCall(CeedElemRestrictionApply(rstr_unsigned, CEED_NOTRANSPOSE, p_mult_fine, mult_e, CEED_REQUEST_IMMEDIATE));
  CeedCall(CeedVectorSetValue(mult_l, 0.0));
  CeedCall(CeedElemRestrictionApply(rstr_unsigned, CEED_TRANSPOSE, mult_e, mult_l, CEED_REQUEST_IMMEDIATE));
  CeedCall(CeedElemRestrictionApply(rstr_unsigned, CEED_NOTRANSPOSE, mult_l, mult_e, CEED_REQUEST_IMMEDIATE));
  CeedCall(CeedVectorReciprocal(mult_e));
  const CeedSize e_size = static_cast<CeedSize>(num_elem) * elem_size * num_comp;
  CeedCall(CeedElemRestrictionCreateStrided(ceed, num_elem, elem_size, num_comp, e_size, CEED_STRIDES_BACKEND, rstr_scale.out()));

  const std::string suffix = op_fine->name.empty() ? std::string() : " for " + op_fine->name;
  // Prolongation: coarse nodes interpolated to the fine nodes, scaled; restriction: its transpose.
  for (const bool is_prolong : {true, false}) {
    CeedOperator *out = is_prolong ? op_prolong : op_restrict;
    if (!out) continue;
    OwnedQFunction qf;
    OwnedOperator  transfer;
    CeedCall(CreateScaleQFunction(ceed, num_comp, is_prolong ? CEED_EVAL_INTERP : CEED_EVAL_NONE, is_prolong ? CEED_EVAL_NONE : CEED_EVAL_INTERP,
                                  qf.out()));
    CeedCall(CeedOperatorCreate(ceed, qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, transfer.out()));
    CeedCall(CeedOperatorSetField(transfer, "input", is_prolong ? rstr_coarse : rstr_fine, is_prolong ? basis_c_to_f : CEED_BASIS_NONE,
                                  CEED_VECTOR_ACTIVE));
    CeedCall(CeedOperatorSetField(transfer, "scale", rstr_scale, CEED_BASIS_NONE, mult_e));
    CeedCall(CeedOperatorSetField(transfer, "output", is_prolong ? rstr_fine : rstr_coarse, is_prolong ? CEED_BASIS_NONE : basis_c_to_f,
                                  CEED_VECTOR_ACTIVE));
    CeedCall(CeedOperatorSetName(transfer, ((is_prolong ? "prolongation" : "restriction") + suffix).c_str()));
    // Transfers keep the vectors of the level in their precision and compute in fp64 (they only interpolate).
    const bool fp32_vectors = op_fine->precision == CEED_PRECISION_FP32 || op_fine->precision == CEED_PRECISION_LOW_HIGH;
    CeedCall(CeedOperatorSetPrecision(transfer, fp32_vectors ? CEED_PRECISION_LOW_HIGH : CEED_PRECISION_FP64));
    CeedCall(CeedOperatorCheckReady(transfer));
    *out = transfer.release();
  }
  return CEED_ERROR_SUCCESS;
}

// Shared tail of the public functions: basis_c_to_f may be NULL when no transfer operator is requested.
int MultigridLevelCreate(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_fine, CeedElemRestriction rstr_coarse,
                         CeedBasis basis_coarse, CeedBasis basis_c_to_f, CeedOperator *op_coarse, CeedOperator *op_prolong,
                         CeedOperator *op_restrict) {
  OwnedOperator coarse, prolong, restrict_op;
  CeedCall(CreateCoarseOperator(op_fine, rstr_coarse, basis_coarse, coarse.out()));
  if (op_prolong || op_restrict)
    CeedCall(CreateTransferOperators(op_fine, p_mult_fine, rstr_fine, rstr_coarse, basis_c_to_f, op_prolong ? prolong.out() : nullptr,
                                     op_restrict ? restrict_op.out() : nullptr));
  // Outputs (which may hold anything on entry) are written only once everything succeeded.
  *op_coarse = coarse.release();
  if (op_prolong) *op_prolong = prolong.release();
  if (op_restrict) *op_restrict = restrict_op.release();
  return CEED_ERROR_SUCCESS;
}

}  // namespace

}  // namespace ceed

int CeedOperatorMultigridLevelCreate(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse,
                                     CeedOperator *op_coarse, CeedOperator *op_prolong, CeedOperator *op_restrict) {
  CEED_API_TRY
  CeedElemRestriction rstr_fine  = nullptr;
  CeedBasis           basis_fine = nullptr;
  const bool          transfers  = op_prolong || op_restrict;
  CeedCall(ceed::MultigridCheck(op_fine, p_mult_fine, rstr_coarse, basis_coarse, op_coarse, transfers, &rstr_fine, &basis_fine, __func__));
  ceed::OwnedBasis basis_c_to_f;
  if (transfers) CeedCall(CeedBasisCreateProjection(basis_coarse, basis_fine, basis_c_to_f.out()));
  return ceed::MultigridLevelCreate(op_fine, p_mult_fine, rstr_fine, rstr_coarse, basis_coarse, basis_c_to_f, op_coarse, op_prolong,
                                    op_restrict);
  CEED_API_CATCH(op_fine ? op_fine->header.ceed : nullptr)
}

int CeedOperatorMultigridLevelCreateTensorH1(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse,
                                             CeedBasis basis_coarse, const CeedScalar *interp_c_to_f, CeedOperator *op_coarse,
                                             CeedOperator *op_prolong, CeedOperator *op_restrict) {
  CEED_API_TRY
  CeedElemRestriction rstr_fine  = nullptr;
  CeedBasis           basis_fine = nullptr;
  const bool          transfers  = op_prolong || op_restrict;
  CeedCall(ceed::MultigridCheck(op_fine, p_mult_fine, rstr_coarse, basis_coarse, op_coarse, transfers, &rstr_fine, &basis_fine, __func__));
  Ceed ceed            = op_fine->header.ceed;
  bool tensor_f        = false, tensor_c = false;
  CeedCall(CeedBasisIsTensor(basis_fine, &tensor_f));
  CeedCall(CeedBasisIsTensor(basis_coarse, &tensor_c));
  CeedCheck(tensor_f && tensor_c, ceed, CEED_ERROR_INCOMPATIBLE, "CeedOperatorMultigridLevelCreateTensorH1 needs tensor product %s bases",
            tensor_f ? "coarse" : "fine");
  CeedCheck(!transfers || interp_c_to_f, ceed, CEED_ERROR_INCOMPATIBLE,
            "Prolongation and restriction operators need the coarse-to-fine interpolation matrix interp_c_to_f");
  CeedInt dim = 0, num_comp = 0, P_1d_f = 0, P_1d_c = 0, elem_size_c = 0;
  CeedCall(CeedBasisGetDimension(basis_fine, &dim));
  CeedCall(CeedBasisGetNumComponents(basis_fine, &num_comp));
  CeedCall(CeedBasisGetNumNodes1D(basis_fine, &P_1d_f));
  CeedCall(CeedBasisGetNumNodes1D(basis_coarse, &P_1d_c));
  CeedCall(CeedElemRestrictionGetElementSize(rstr_coarse, &elem_size_c));
  CeedInt nodes_c = 1;
  for (CeedInt d = 0; d < dim; d++) nodes_c *= P_1d_c;
  CeedCheck(nodes_c == elem_size_c, ceed, CEED_ERROR_DIMENSION,
            "Coarse CeedElemRestriction has %d nodes per element, the coarse tensor CeedBasis %d = %d^%d", elem_size_c, nodes_c, P_1d_c, dim);
  ceed::OwnedBasis basis_c_to_f;
  if (transfers) {
    const std::vector<CeedScalar> zeros(static_cast<size_t>(P_1d_f) * P_1d_c, 0.0);
    CeedCall(CeedBasisCreateTensorH1(ceed, dim, num_comp, P_1d_c, P_1d_f, interp_c_to_f, zeros.data(), zeros.data(), zeros.data(),
                                     basis_c_to_f.out()));
  }
  return ceed::MultigridLevelCreate(op_fine, p_mult_fine, rstr_fine, rstr_coarse, basis_coarse, basis_c_to_f, op_coarse, op_prolong,
                                    op_restrict);
  CEED_API_CATCH(op_fine ? op_fine->header.ceed : nullptr)
}

int CeedOperatorMultigridLevelCreateH1(CeedOperator op_fine, CeedVector p_mult_fine, CeedElemRestriction rstr_coarse, CeedBasis basis_coarse,
                                       const CeedScalar *interp_c_to_f, CeedOperator *op_coarse, CeedOperator *op_prolong,
                                       CeedOperator *op_restrict) {
  CEED_API_TRY
  CeedElemRestriction rstr_fine  = nullptr;
  CeedBasis           basis_fine = nullptr;
  const bool          transfers  = op_prolong || op_restrict;
  CeedCall(ceed::MultigridCheck(op_fine, p_mult_fine, rstr_coarse, basis_coarse, op_coarse, transfers, &rstr_fine, &basis_fine, __func__));
  Ceed ceed = op_fine->header.ceed;
  CeedCheck(!transfers || interp_c_to_f, ceed, CEED_ERROR_INCOMPATIBLE,
            "Prolongation and restriction operators need the coarse-to-fine interpolation matrix interp_c_to_f");
  ceed::OwnedBasis basis_c_to_f;
  if (transfers) {
    CeedInt          dim = 0, num_comp = 0, nodes_f = 0, nodes_c = 0;
    CeedElemTopology topo = CEED_TOPOLOGY_LINE;
    CeedCall(CeedBasisGetDimension(basis_fine, &dim));
    CeedCall(CeedBasisGetTopology(basis_fine, &topo));
    CeedCall(CeedBasisGetNumComponents(basis_fine, &num_comp));
    CeedCall(CeedBasisGetNumNodes(basis_fine, &nodes_f));
    CeedCall(CeedBasisGetNumNodes(basis_coarse, &nodes_c));
    const std::vector<CeedScalar> zeros(static_cast<size_t>(dim) * nodes_f * std::max(nodes_c, 1), 0.0);
    CeedCall(CeedBasisCreateH1(ceed, topo, num_comp, nodes_c, nodes_f, interp_c_to_f, zeros.data(), zeros.data(), zeros.data(),
                               basis_c_to_f.out()));
  }
  return ceed::MultigridLevelCreate(op_fine, p_mult_fine, rstr_fine, rstr_coarse, basis_coarse, basis_c_to_f, op_coarse, op_prolong,
                                    op_restrict);
  CEED_API_CATCH(op_fine ? op_fine->header.ceed : nullptr)
}
