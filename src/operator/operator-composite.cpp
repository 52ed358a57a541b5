// CeedOperator: composite operators (spec 06 §4) and operators at points (spec 06 §5).
#include <cstring>

#include "operator/operator.hpp"

#define CEED_COMPOSITE_CHECK(op)                                                                           \
  do {                                                                                                     \
    CeedCheck((op), NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");                         \
    CeedCheck((op)->is_composite, (op)->header.ceed, CEED_ERROR_MINOR, "Only defined for a composite operator"); \
  } while (0)

int CeedOperatorCompositeAddSub(CeedOperator composite_op, CeedOperator sub_op) {
  CeedCheck(composite_op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = composite_op->header.ceed;
  CeedCheck(sub_op, ceed, CEED_ERROR_INCOMPATIBLE, "Sub-operator handle is NULL");
  CeedCheck(composite_op->is_composite, ceed, CEED_ERROR_MINOR, "CeedOperator is not a composite operator");
  CeedCheck(composite_op->sub_operators.size() < CEED_COMPOSITE_MAX, ceed, CEED_ERROR_UNSUPPORTED,
            "Cannot add additional sub-operators: a composite operator holds at most %d", CEED_COMPOSITE_MAX);
  CeedCheck(!composite_op->is_immutable, ceed, CEED_ERROR_MAJOR, "Operator cannot be changed after set as immutable");
  CeedCheck(!sub_op->is_composite, ceed, CEED_ERROR_UNSUPPORTED, "A composite operator cannot be a sub-operator");
  CeedCheck(sub_op != composite_op, ceed, CEED_ERROR_UNSUPPORTED, "A composite operator cannot be its own sub-operator");
  CeedSize in = -1, out = -1;
  CeedInt bad = 0;
  ceed::OperatorCompositeLengths(composite_op, in, out, bad);
  if (composite_op->sub_operators.empty()) in = out = -1;
  const CeedSize sub_in = sub_op->shape.input_size, sub_out = sub_op->shape.output_size;
  CeedCheck(in == -1 || sub_in == -1 || in == sub_in, ceed, CEED_ERROR_MAJOR,
            "Sub-operator active input length %lld is incompatible with the composite operator's active input length %lld",
            (long long)sub_in, (long long)in);
  CeedCheck(out == -1 || sub_out == -1 || out == sub_out, ceed, CEED_ERROR_MAJOR,
            "Sub-operator active output length %lld is incompatible with the composite operator's active output length %lld",
            (long long)sub_out, (long long)out);
  // A sub-operator added to a composite in a lower precision mode takes that mode.
  if (composite_op->precision != CEED_PRECISION_FP64) CeedCall(CeedOperatorSetPrecision(sub_op, composite_op->precision));
  CEED_API_TRY
  composite_op->sub_operators.push_back(nullptr);
  CeedCall(CeedOperatorReferenceCopy(sub_op, &composite_op->sub_operators.back()));
  composite_op->is_ready = false;
  if (in == -1) in = sub_in;
  if (out == -1) out = sub_out;
  composite_op->shape.input_size  = in;
  composite_op->shape.output_size = out;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedOperatorCompositeGetNumSub(CeedOperator op, CeedInt *num_suboperators) {
  CEED_COMPOSITE_CHECK(op);
  CeedCheck(num_suboperators, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *num_suboperators = (CeedInt)op->sub_operators.size();
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorCompositeGetSubList(CeedOperator op, CeedOperator **sub_operators) {
  CEED_COMPOSITE_CHECK(op);
  CeedCheck(sub_operators, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *sub_operators = op->sub_operators.data();
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorCompositeGetSubByName(CeedOperator op, const char *op_name, CeedOperator *sub_op) {
  CEED_COMPOSITE_CHECK(op);
  CeedCheck(op_name && sub_op, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Sub-operator name or output pointer is NULL");
  *sub_op = nullptr;
  for (CeedOperator sub : op->sub_operators) {
    if (!sub->name.empty() && sub->name == op_name) {
      *sub_op = sub;
      break;
    }
  }
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorCompositeSetSequential(CeedOperator op, bool is_sequential) {
  CEED_COMPOSITE_CHECK(op);
  op->is_sequential = is_sequential;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorCompositeIsSequential(CeedOperator op, bool *is_sequential) {
  CEED_COMPOSITE_CHECK(op);
  CeedCheck(is_sequential, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *is_sequential = op->is_sequential;
  return CEED_ERROR_SUCCESS;
}

namespace ceed {

// First active restriction of a single operator (inputs first), or NULL.
static CeedElemRestriction ActiveRestriction(CeedOperator op) {
  for (const auto *fields : {&op->input_fields, &op->output_fields}) {
    for (CeedOperatorField field : *fields) {
      if (field && field->vec == CEED_VECTOR_ACTIVE) return field->rstr;
    }
  }
  return nullptr;
}

// mult[i] += 1 wherever the unoriented restriction touches entry i.
static int AddTouched(CeedElemRestriction rstr, CeedVector mult) {
  CeedElemRestriction unoriented = nullptr;
  CeedVector l_vec = nullptr, e_vec = nullptr;
  int ierr = CeedElemRestrictionCreateUnorientedCopy(rstr, &unoriented);
  if (!ierr) ierr = CeedElemRestrictionCreateVector(unoriented, &l_vec, &e_vec);
  if (!ierr) ierr = CeedVectorSetValue(l_vec, 1.0);
  if (!ierr) ierr = CeedElemRestrictionApply(unoriented, CEED_NOTRANSPOSE, l_vec, e_vec, CEED_REQUEST_IMMEDIATE);
  if (!ierr) ierr = CeedVectorSetValue(l_vec, 0.0);
  if (!ierr) ierr = CeedElemRestrictionApply(unoriented, CEED_TRANSPOSE, e_vec, l_vec, CEED_REQUEST_IMMEDIATE);
  if (!ierr) {
    CeedSize l_len = 0, m_len = 0;
    CeedVectorGetLength(l_vec, &l_len);
    CeedVectorGetLength(mult, &m_len);
    const CeedScalar *touched = nullptr;
    CeedScalar *m             = nullptr;
    ierr = CeedVectorGetArrayRead(l_vec, CEED_MEM_HOST, &touched);
    if (!ierr) {
      ierr = CeedVectorGetArray(mult, CEED_MEM_HOST, &m);
      if (!ierr) {
        for (CeedSize i = 0; i < l_len && i < m_len; i++) m[i] += touched[i] != 0.0 ? 1.0 : 0.0;
        ierr = CeedVectorRestoreArray(mult, &m);
      }
      int ierr2 = CeedVectorRestoreArrayRead(l_vec, &touched);
      if (!ierr) ierr = ierr2;
    }
  }
  CeedVectorDestroy(&l_vec);
  CeedVectorDestroy(&e_vec);
  CeedElemRestrictionDestroy(&unoriented);
  return ierr;
}

}  // namespace ceed

int CeedOperatorCompositeGetMultiplicity(CeedOperator op, CeedInt num_skip_indices, CeedInt *skip_indices, CeedVector mult) {
  CEED_COMPOSITE_CHECK(op);
  Ceed ceed = op->header.ceed;
  CeedCheck(mult && mult != CEED_VECTOR_ACTIVE && mult != CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
            "Multiplicity vector must be a CeedVector");
  CeedCheck(num_skip_indices >= 0, ceed, CEED_ERROR_DIMENSION, "Number of skip indices must be non-negative, not %d", num_skip_indices);
  CeedCheck(num_skip_indices == 0 || skip_indices, ceed, CEED_ERROR_INCOMPATIBLE, "Skip indices array is NULL but %d indices were given",
            num_skip_indices);
  const CeedInt num_sub = (CeedInt)op->sub_operators.size();
  for (CeedInt i = 0; i < num_skip_indices; i++) {
    CeedCheck(skip_indices[i] >= 0 && skip_indices[i] < num_sub, ceed, CEED_ERROR_DIMENSION,
              "Skip index %d is out of range for a composite operator with %d sub-operators", skip_indices[i], num_sub);
  }
  CeedCall(CeedOperatorCheckReady(op));
  CeedSize len = 0;
  CeedCall(CeedVectorGetLength(mult, &len));
  CeedCheck(op->shape.input_size <= 0 || len >= op->shape.input_size, ceed, CEED_ERROR_DIMENSION,
            "Multiplicity vector of length %lld is shorter than the active input length %lld", (long long)len,
            (long long)op->shape.input_size);
  CeedCall(CeedVectorSetValue(mult, 0.0));
  for (CeedInt s = 0; s < num_sub; s++) {
    bool skip = false;
    for (CeedInt i = 0; i < num_skip_indices; i++) skip = skip || skip_indices[i] == s;
    CeedElemRestriction rstr = ceed::ActiveRestriction(op->sub_operators[s]);
    if (skip || !rstr) continue;
    CeedCall(ceed::AddTouched(rstr, mult));
  }
  return CEED_ERROR_SUCCESS;
}

// ---- Operators at points -----------------------------------------------------------------------------

int CeedOperatorAtPointsSetPoints(CeedOperator op, CeedElemRestriction rstr_points, CeedVector point_coords) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = op->header.ceed;
  CeedCheck(op->is_at_points, ceed, CEED_ERROR_MINOR, "Only defined for operator at points");
  CeedCheck(!op->is_immutable, ceed, CEED_ERROR_MAJOR, "Operator cannot be changed after set as immutable");
  CeedCheck(rstr_points && rstr_points != CEED_ELEMRESTRICTION_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
            "Points CeedElemRestriction must be a CeedElemRestriction at points");
  CeedCheck(point_coords && point_coords != CEED_VECTOR_ACTIVE && point_coords != CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
            "Point coordinates must be a CeedVector");
  bool is_points = false;
  CeedCall(CeedElemRestrictionIsAtPoints(rstr_points, &is_points));
  CeedCheck(is_points, ceed, CEED_ERROR_INCOMPATIBLE, "Points CeedElemRestriction must be a CeedElemRestriction at points");
  CeedInt num_elem = 0;
  CeedCall(CeedElemRestrictionGetNumElements(rstr_points, &num_elem));
  for (const auto *fields : {&op->input_fields, &op->output_fields}) {
    for (CeedOperatorField field : *fields) {
      if (!field || field->rstr == CEED_ELEMRESTRICTION_NONE) continue;
      CeedInt field_num_elem = 0;
      CeedCall(CeedElemRestrictionGetNumElements(field->rstr, &field_num_elem));
      CeedCheck(field_num_elem == num_elem, ceed, CEED_ERROR_DIMENSION,
                "Points CeedElemRestriction has %d elements, incompatible with %d elements of field '%s'", num_elem, field_num_elem,
                field->name.c_str());
      bool field_is_points = false;
      CeedCall(CeedElemRestrictionIsAtPoints(field->rstr, &field_is_points));
      if (!field_is_points) continue;
      bool compatible = false;
      CeedCall(CeedElemRestrictionAtPointsAreCompatible(field->rstr, rstr_points, &compatible));
      CeedCheck(compatible, ceed, CEED_ERROR_INCOMPATIBLE, "Point layout differs from the point restriction of field '%s'",
                field->name.c_str());
    }
  }
  CeedCall(CeedElemRestrictionReferenceCopy(rstr_points, &op->rstr_points));
  CeedCall(CeedVectorReferenceCopy(point_coords, &op->point_coords));
  op->is_ready = false;
  ceed::OperatorComputeShape(op, nullptr, op->shape);
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorAtPointsGetPoints(CeedOperator op, CeedElemRestriction *rstr_points, CeedVector *point_coords) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(op->is_at_points, op->header.ceed, CEED_ERROR_MINOR, "Only defined for operator at points");
  CeedCall(CeedOperatorCheckReady(op));
  if (rstr_points) {
    *rstr_points = nullptr;
    CeedCall(CeedElemRestrictionReferenceCopy(op->rstr_points, rstr_points));
  }
  if (point_coords) {
    *point_coords = nullptr;
    CeedCall(CeedVectorReferenceCopy(op->point_coords, point_coords));
  }
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorIsAtPoints(CeedOperator op, bool *is_at_points) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(is_at_points, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *is_at_points = op->is_at_points;
  return CEED_ERROR_SUCCESS;
}
