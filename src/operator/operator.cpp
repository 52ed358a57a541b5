// CeedOperator: creation, fields, reference counting, names and the backend-facing accessors (spec 06
// §1, §2, §10; backend.h operator section).
#include <cstring>

#include "operator/operator.hpp"

namespace ceed {

int OperatorFieldDestroy(CeedOperatorField &field) {
  if (!field) return CEED_ERROR_SUCCESS;
  CeedCall(CeedElemRestrictionDestroy(&field->rstr));
  CeedCall(CeedBasisDestroy(&field->basis));
  CeedCall(CeedVectorDestroy(&field->vec));
  delete field;
  field = nullptr;
  return CEED_ERROR_SUCCESS;
}

// Number of quadrature points a field implies: the basis' Q, or the element size without basis (0 for
// points restrictions and WEIGHT fields without restriction).
static int FieldNumQpts(CeedElemRestriction rstr, CeedBasis basis, bool &has_q, CeedInt &q) {
  has_q = false;
  q     = 0;
  if (basis != CEED_BASIS_NONE) {
    CeedCall(CeedBasisGetNumQuadraturePoints(basis, &q));
    has_q = true;
  } else if (rstr != CEED_ELEMRESTRICTION_NONE) {
    bool is_points = false;
    CeedCall(CeedElemRestrictionIsAtPoints(rstr, &is_points));
    if (!is_points) {
      CeedCall(CeedElemRestrictionGetElementSize(rstr, &q));
      has_q = true;
    }
  }
  return CEED_ERROR_SUCCESS;
}

void OperatorComputeShape(CeedOperator op, const CeedOperatorField *skip, OperatorShape &shape) {
  shape = OperatorShape{};
  if (op->rstr_points) {
    shape.has_num_elem = true;
    CeedElemRestrictionGetNumElements(op->rstr_points, &shape.num_elem);
    shape.points_rstr = op->rstr_points;
  }
  for (int io = 0; io < 2; io++) {
    auto &fields = io == 0 ? op->input_fields : op->output_fields;
    for (const CeedOperatorField &field : fields) {
      if (!field || &field == skip) continue;
      shape.num_fields++;
      if (field->rstr != CEED_ELEMRESTRICTION_NONE) {
        bool is_points = false;
        CeedElemRestrictionIsAtPoints(field->rstr, &is_points);
        if (!shape.has_num_elem) {
          CeedElemRestrictionGetNumElements(field->rstr, &shape.num_elem);
          shape.has_num_elem = true;
        }
        if (is_points && !shape.points_rstr) shape.points_rstr = field->rstr;
        if (field->vec == CEED_VECTOR_ACTIVE) {
          CeedSize l_size = 0;
          CeedElemRestrictionGetLVectorSize(field->rstr, &l_size);
          (io == 0 ? shape.input_size : shape.output_size) = l_size;
        }
      }
      bool has_q = false;
      CeedInt q  = 0;
      if (!shape.has_num_qpts && FieldNumQpts(field->rstr, field->basis, has_q, q) == CEED_ERROR_SUCCESS && has_q) {
        shape.has_num_qpts = true;
        shape.num_qpts     = q;
      }
    }
  }
}

int OperatorViewObject(CeedObject obj, FILE *stream) { return CeedOperatorView(reinterpret_cast<CeedOperator>(obj), stream); }

int OperatorDestroyObject(CeedObject *obj) { return CeedOperatorDestroy(reinterpret_cast<CeedOperator *>(obj)); }

// Shared body of the single-operator constructors.
static int OperatorCreateSingle(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, bool is_at_points,
                                CeedOperator *op, const char *func) {
  if (!op) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "CeedOperator output pointer is NULL");
  *op = nullptr;
  if (!ceed) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  if (!qf || qf == CEED_QFUNCTION_NONE) return CeedOperatorError(ceed, func, CEED_ERROR_MINOR, "Operator must have a valid CeedQFunction.");
  Ceed backend = FindBackend(ceed, "Operator", [](const CeedBackendOps &o) { return o.OperatorCreate != nullptr; });
  if (!backend) return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "Backend does not implement OperatorCreate");

  auto *new_op = new CeedOperator_private();
  int ierr     = ObjectInit(new_op->header, backend, OperatorViewObject, OperatorDestroyObject);
  if (ierr) {
    delete new_op;
    return ierr;
  }
  new_op->is_at_points = is_at_points;
  ierr                 = CeedQFunctionReferenceCopy(qf, &new_op->qf);
  if (!ierr && dqf && dqf != CEED_QFUNCTION_NONE) ierr = CeedQFunctionReferenceCopy(dqf, &new_op->dqf);
  if (!ierr && dqfT && dqfT != CEED_QFUNCTION_NONE) ierr = CeedQFunctionReferenceCopy(dqfT, &new_op->dqfT);
  if (!ierr) ierr = backend->ops.OperatorCreate(new_op);
  if (ierr) {
    CeedOperatorDestroy(&new_op);
    return ierr;
  }
  *op = new_op;
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

int CeedOperatorCreate(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, CeedOperator *op) {
  CEED_API_TRY
  return ceed::OperatorCreateSingle(ceed, qf, dqf, dqfT, false, op, __func__);
  CEED_API_CATCH(ceed)
}

int CeedOperatorCreateAtPoints(Ceed ceed, CeedQFunction qf, CeedQFunction dqf, CeedQFunction dqfT, CeedOperator *op) {
  CEED_API_TRY
  return ceed::OperatorCreateSingle(ceed, qf, dqf, dqfT, true, op, __func__);
  CEED_API_CATCH(ceed)
}

int CeedOperatorCreateComposite(Ceed ceed, CeedOperator *op) {
  CEED_API_TRY
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator output pointer is NULL");
  *op = nullptr;
  CeedCheck(ceed, NULL, CEED_ERROR_INCOMPATIBLE, "Ceed handle is NULL");
  // A backend with fused composite support owns the composite; otherwise the core sums the sub-operators.
  Ceed backend = ceed::FindBackend(ceed, "Operator", [](const CeedBackendOps &o) { return o.CompositeOperatorCreate != nullptr; });
  auto *new_op = new CeedOperator_private();
  CeedCall(ceed::ObjectInit(new_op->header, backend ? backend : ceed, ceed::OperatorViewObject, ceed::OperatorDestroyObject));
  new_op->is_composite = true;
  if (backend) {
    int ierr = backend->ops.CompositeOperatorCreate(new_op);
    if (ierr) {
      CeedOperatorDestroy(&new_op);
      return ierr;
    }
  }
  *op = new_op;
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedOperatorReferenceCopy(CeedOperator op, CeedOperator *op_copy) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(op_copy, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedOperator copy pointer is NULL");
  op->header.ref_count++;
  int ierr = CeedOperatorDestroy(op_copy);
  if (ierr) {
    op->header.ref_count--;
    return ierr;
  }
  *op_copy = op;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorDestroy(CeedOperator *op) {
  if (!op || !*op) return CEED_ERROR_SUCCESS;
  CeedOperator o = *op;
  if (!ceed::ObjectRelease(o->header)) {
    *op = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (o->ops.Destroy) {
    int ierr = o->ops.Destroy(o);
    if (ierr) {
      o->header.ref_count = 1;  // keep the object usable
      return ierr;
    }
  }
  for (CeedOperatorField &field : o->input_fields) CeedCall(ceed::OperatorFieldDestroy(field));
  for (CeedOperatorField &field : o->output_fields) CeedCall(ceed::OperatorFieldDestroy(field));
  for (CeedOperator &sub : o->sub_operators) CeedCall(CeedOperatorDestroy(&sub));
  CeedCall(CeedElemRestrictionDestroy(&o->rstr_points));
  CeedCall(CeedVectorDestroy(&o->point_coords));
  CeedCall(CeedQFunctionDestroy(&o->qf));
  CeedCall(CeedQFunctionDestroy(&o->dqf));
  CeedCall(CeedQFunctionDestroy(&o->dqfT));
  CeedCall(ceed::ObjectReleaseCeed(o->header));
  delete o;
  *op = nullptr;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorSetField(CeedOperator op, const char *field_name, CeedElemRestriction rstr, CeedBasis basis, CeedVector vec) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = op->header.ceed;
  CEED_API_TRY
  CeedCheck(field_name, ceed, CEED_ERROR_INCOMPATIBLE, "CeedOperator field name is NULL");
  CeedCheck(!op->is_composite, ceed, CEED_ERROR_INCOMPATIBLE, "Cannot add field '%s' to composite operator.", field_name);
  CeedCheck(!op->is_immutable, ceed, CEED_ERROR_MAJOR, "Operator cannot be changed after set as immutable");
  CeedCheck(rstr, ceed, CEED_ERROR_INCOMPATIBLE, "CeedElemRestriction for field '%s' is NULL; use CEED_ELEMRESTRICTION_NONE", field_name);
  CeedCheck(basis, ceed, CEED_ERROR_INCOMPATIBLE, "CeedBasis for field '%s' is NULL; use CEED_BASIS_NONE", field_name);
  CeedCheck(vec, ceed, CEED_ERROR_INCOMPATIBLE, "CeedVector for field '%s' is NULL; use CEED_VECTOR_ACTIVE or CEED_VECTOR_NONE",
            field_name);

  // Locate the QFunction field first (its error is raised in spec order below).
  CeedInt num_in = 0, num_out = 0;
  CeedQFunctionField *qf_in = nullptr, *qf_out = nullptr;
  CeedCall(CeedQFunctionGetFields(op->qf, &num_in, &qf_in, &num_out, &qf_out));
  if ((CeedInt)op->input_fields.size() < num_in) op->input_fields.resize(num_in, nullptr);
  if ((CeedInt)op->output_fields.size() < num_out) op->output_fields.resize(num_out, nullptr);
  CeedQFunctionField qf_field = nullptr;
  CeedOperatorField *slot     = nullptr;
  bool is_input               = true;
  for (CeedInt i = 0; i < num_in + num_out && !qf_field; i++) {
    CeedQFunctionField f = i < num_in ? qf_in[i] : qf_out[i - num_in];
    const char *name     = nullptr;
    CeedCall(CeedQFunctionFieldGetName(f, &name));
    if (!std::strcmp(name, field_name)) {
      qf_field = f;
      is_input = i < num_in;
      slot     = is_input ? &op->input_fields[i] : &op->output_fields[i - num_in];
    }
  }
  ceed::OperatorShape shape;
  ceed::OperatorComputeShape(op, slot, shape);

  // Element count and point layout of the restriction.
  CeedInt rstr_num_comp = 0;
  CeedSize l_size       = -1;
  if (rstr != CEED_ELEMRESTRICTION_NONE) {
    CeedInt num_elem = 0;
    CeedCall(CeedElemRestrictionGetNumElements(rstr, &num_elem));
    CeedCheck(!shape.has_num_elem || num_elem == shape.num_elem, ceed, CEED_ERROR_DIMENSION,
              "CeedElemRestriction of field '%s' has %d elements, incompatible with %d elements of the operator's other fields",
              field_name, num_elem, shape.num_elem);
    bool is_points = false;
    CeedCall(CeedElemRestrictionIsAtPoints(rstr, &is_points));
    if (is_points) {
      CeedCheck(op->is_at_points, ceed, CEED_ERROR_UNSUPPORTED,
                "CeedElemRestriction at points of field '%s' can only be used with an operator at points", field_name);
      CeedCheck(basis == CEED_BASIS_NONE, ceed, CEED_ERROR_UNSUPPORTED,
                "CeedElemRestriction at points of field '%s' must be used with CEED_BASIS_NONE", field_name);
      if (shape.points_rstr) {
        bool compatible = false;
        CeedCall(CeedElemRestrictionAtPointsAreCompatible(shape.points_rstr, rstr, &compatible));
        CeedCheck(compatible, ceed, CEED_ERROR_INCOMPATIBLE,
                  "Point layout of the CeedElemRestriction of field '%s' differs from the operator's other point restrictions",
                  field_name);
      }
    }
    CeedCall(CeedElemRestrictionGetNumComponents(rstr, &rstr_num_comp));
    CeedCall(CeedElemRestrictionGetLVectorSize(rstr, &l_size));
  }
  // Quadrature points.
  bool has_q = false;
  CeedInt num_qpts = 0;
  CeedCall(ceed::FieldNumQpts(rstr, basis, has_q, num_qpts));
  CeedCheck(op->is_at_points || !has_q || !shape.has_num_qpts || num_qpts == shape.num_qpts, ceed, CEED_ERROR_DIMENSION,
            "Field '%s' has %d quadrature points, incompatible with %d quadrature points of the operator's other fields", field_name,
            num_qpts, shape.num_qpts);
  CeedCheck(qf_field, ceed, CEED_ERROR_INCOMPLETE, "CeedQFunction has no knowledge of field '%s'", field_name);

  CeedInt size = 0;
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
  CeedCall(CeedQFunctionFieldGetData(qf_field, nullptr, &size, &eval_mode));
  CeedCheck((rstr == CEED_ELEMRESTRICTION_NONE) == (eval_mode == CEED_EVAL_WEIGHT), ceed, CEED_ERROR_INCOMPATIBLE,
            "CEED_ELEMRESTRICTION_NONE and CEED_EVAL_WEIGHT go together: field '%s' has eval mode %s and %s", field_name,
            CeedEvalModes[eval_mode], rstr == CEED_ELEMRESTRICTION_NONE ? "CEED_ELEMRESTRICTION_NONE" : "a CeedElemRestriction");
  CeedCheck((basis == CEED_BASIS_NONE) == (eval_mode == CEED_EVAL_NONE), ceed, CEED_ERROR_INCOMPATIBLE,
            "CEED_BASIS_NONE and CEED_EVAL_NONE go together: field '%s' has eval mode %s and %s", field_name, CeedEvalModes[eval_mode],
            basis == CEED_BASIS_NONE ? "CEED_BASIS_NONE" : "a CeedBasis");
  CeedInt basis_num_comp = 0, q_comp = 1;
  if (basis != CEED_BASIS_NONE) {
    CeedCall(CeedBasisGetNumComponents(basis, &basis_num_comp));
    CeedCheck(rstr == CEED_ELEMRESTRICTION_NONE || rstr_num_comp == basis_num_comp, ceed, CEED_ERROR_DIMENSION,
              "Field '%s': CeedElemRestriction has %d components but CeedBasis has %d components", field_name, rstr_num_comp,
              basis_num_comp);
    if (eval_mode != CEED_EVAL_WEIGHT) CeedCall(CeedBasisGetNumQuadratureComponents(basis, eval_mode, &q_comp));
    if (rstr != CEED_ELEMRESTRICTION_NONE) {
      CeedInt elem_size = 0, num_nodes = 0;
      CeedCall(CeedElemRestrictionGetElementSize(rstr, &elem_size));
      CeedCall(CeedBasisGetNumNodes(basis, &num_nodes));
      CeedCheck(elem_size == num_nodes, ceed, CEED_ERROR_DIMENSION,
                "Field '%s': CeedElemRestriction has element size %d but CeedBasis has %d nodes", field_name, elem_size, num_nodes);
    }
  }
  if (eval_mode == CEED_EVAL_NONE) {
    CeedCheck(size == rstr_num_comp, ceed, CEED_ERROR_DIMENSION,
              "Field '%s' of size %d is incompatible with its CeedElemRestriction with %d components", field_name, size, rstr_num_comp);
  } else if (eval_mode != CEED_EVAL_WEIGHT) {
    CeedCheck(size == basis_num_comp * q_comp, ceed, CEED_ERROR_DIMENSION,
              "Field '%s' of size %d is incompatible with its CeedBasis with %d components and %d quadrature components for eval mode %s",
              field_name, size, basis_num_comp, q_comp, CeedEvalModes[eval_mode]);
  }
  // Vectors: WEIGHT takes none, every other field needs data.
  if (eval_mode == CEED_EVAL_WEIGHT) {
    CeedCheck(vec == CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE, "CEED_EVAL_WEIGHT field '%s' must use CEED_VECTOR_NONE", field_name);
  } else {
    CeedCheck(vec != CEED_VECTOR_NONE, ceed, CEED_ERROR_INCOMPATIBLE,
              "Field '%s' needs CEED_VECTOR_ACTIVE or a CeedVector; CEED_VECTOR_NONE is only for CEED_EVAL_WEIGHT fields", field_name);
  }
  if (vec == CEED_VECTOR_ACTIVE) {
    CeedSize recorded = is_input ? shape.input_size : shape.output_size;
    CeedCheck(recorded == -1 || recorded == l_size, ceed, CEED_ERROR_INCOMPATIBLE,
              "Active %s field '%s' has L-vector length %lld, incompatible with the operator's active %s length %lld",
              is_input ? "input" : "output", field_name, (long long)l_size, is_input ? "input" : "output", (long long)recorded);
  } else if (vec != CEED_VECTOR_NONE) {
    CeedSize vec_len = 0;
    CeedCall(CeedVectorGetLength(vec, &vec_len));
    CeedCheck(vec_len >= l_size, ceed, CEED_ERROR_DIMENSION,
              "Passive CeedVector of field '%s' has length %lld, shorter than its CeedElemRestriction's L-vector size %lld", field_name,
              (long long)vec_len, (long long)l_size);
  }

  // All checks passed: store the field (replacing a previous one).
  auto *field      = new CeedOperatorField_private();
  field->name      = field_name;
  field->eval_mode = eval_mode;
  field->size      = size;
  field->is_input  = is_input;
  int ierr         = CeedElemRestrictionReferenceCopy(rstr, &field->rstr);
  if (!ierr) ierr = CeedBasisReferenceCopy(basis, &field->basis);
  if (!ierr) ierr = CeedVectorReferenceCopy(vec, &field->vec);
  if (ierr) {
    ceed::OperatorFieldDestroy(field);
    return ierr;
  }
  CeedCall(ceed::OperatorFieldDestroy(*slot));
  *slot        = field;
  op->is_ready = false;
  ceed::OperatorComputeShape(op, nullptr, op->shape);
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedOperatorGetFields(CeedOperator op, CeedInt *num_input_fields, CeedOperatorField **input_fields, CeedInt *num_output_fields,
                          CeedOperatorField **output_fields) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_MINOR, "Not defined for composite operator");
  CeedCall(CeedOperatorCheckReady(op));
  if (num_input_fields) *num_input_fields = (CeedInt)op->input_fields.size();
  if (input_fields) *input_fields = op->input_fields.data();
  if (num_output_fields) *num_output_fields = (CeedInt)op->output_fields.size();
  if (output_fields) *output_fields = op->output_fields.data();
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetFieldByName(CeedOperator op, const char *field_name, CeedOperatorField *op_field) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(field_name && op_field, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Field name or output pointer is NULL");
  *op_field = nullptr;
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_MINOR, "Not defined for composite operator");
  CeedCall(CeedOperatorCheckReady(op));
  for (const auto *fields : {&op->input_fields, &op->output_fields}) {
    for (CeedOperatorField field : *fields) {
      if (field && field->name == field_name) {
        *op_field = field;
        return CEED_ERROR_SUCCESS;
      }
    }
  }
  return CEED_ERROR_SUCCESS;
}

#define CEED_OPERATOR_FIELD_CHECK(f) CeedCheck((f), NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperatorField handle is NULL")

int CeedOperatorFieldGetName(CeedOperatorField op_field, const char **field_name) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  CeedCheck(field_name, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *field_name = op_field->name.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorFieldGetElemRestriction(CeedOperatorField op_field, CeedElemRestriction *rstr) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  CeedCheck(rstr, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *rstr = nullptr;
  return CeedElemRestrictionReferenceCopy(op_field->rstr, rstr);
}

int CeedOperatorFieldGetBasis(CeedOperatorField op_field, CeedBasis *basis) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  CeedCheck(basis, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *basis = nullptr;
  return CeedBasisReferenceCopy(op_field->basis, basis);
}

int CeedOperatorFieldGetVector(CeedOperatorField op_field, CeedVector *vec) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  CeedCheck(vec, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *vec = nullptr;
  return CeedVectorReferenceCopy(op_field->vec, vec);
}

int CeedOperatorFieldGetData(CeedOperatorField op_field, const char **field_name, CeedElemRestriction *rstr, CeedBasis *basis,
                             CeedVector *vec) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  if (field_name) *field_name = op_field->name.c_str();
  if (rstr) CeedCall(CeedOperatorFieldGetElemRestriction(op_field, rstr));
  if (basis) CeedCall(CeedOperatorFieldGetBasis(op_field, basis));
  if (vec) CeedCall(CeedOperatorFieldGetVector(op_field, vec));
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorFieldGetEvalMode(CeedOperatorField op_field, CeedEvalMode *eval_mode) {
  CEED_OPERATOR_FIELD_CHECK(op_field);
  CeedCheck(eval_mode, NULL, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *eval_mode = op_field->eval_mode;
  return CEED_ERROR_SUCCESS;
}

// ---- Precision (multiprecision extension) --------------------------------------------------------------

int CeedOperatorSetPrecision(CeedOperator op, CeedOperatorPrecision precision) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(precision >= CEED_PRECISION_FP64 && precision <= CEED_PRECISION_HIGH_LOW, op->header.ceed, CEED_ERROR_INCOMPATIBLE,
            "Invalid CeedOperatorPrecision %d for CeedOperator, must be CEED_PRECISION_FP64, _FP32, _LOW_HIGH or _HIGH_LOW", (int)precision);
  if (precision == op->precision) return CEED_ERROR_SUCCESS;
  // Kernels are built for one precision: changing it afterwards would need every backend to rebuild.
  CeedCheck(!op->is_setup_done && !op->is_immutable, op->header.ceed, CEED_ERROR_INCOMPATIBLE,
            "Cannot set the precision of CeedOperator to %s: it was already applied or prepared in %s; set the precision before the first use",
            CeedOperatorPrecisions[precision], CeedOperatorPrecisions[op->precision]);
  for (CeedOperator sub : op->sub_operators) CeedCall(CeedOperatorSetPrecision(sub, precision));
  op->precision = precision;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetPrecision(CeedOperator op, CeedOperatorPrecision *precision) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(precision, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer for the CeedOperator precision is NULL");
  *precision = op->precision;
  return CEED_ERROR_SUCCESS;
}

// ---- Ceed, sizes (names: operator-view.cpp) -------------------------------------------------------------------------------

int CeedOperatorSetNumViewTabs(CeedOperator op, CeedInt num_tabs) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(num_tabs >= 0, op->header.ceed, CEED_ERROR_MINOR, "Number of view tabs must be non-negative, not %d", num_tabs);
  op->header.num_view_tabs = num_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetNumViewTabs(CeedOperator op, CeedInt *num_tabs) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(num_tabs, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *num_tabs = op->header.num_view_tabs;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetCeed(CeedOperator op, Ceed *ceed) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(ceed, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *ceed = nullptr;
  return CeedReferenceCopy(op->header.ceed, ceed);
}

Ceed CeedOperatorReturnCeed(CeedOperator op) { return op ? op->header.ceed : nullptr; }

int CeedOperatorGetNumElements(CeedOperator op, CeedInt *num_elem) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(num_elem, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_MINOR, "Not defined for composite operator");
  *num_elem = op->shape.num_elem;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetNumQuadraturePoints(CeedOperator op, CeedInt *num_qpts) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(num_qpts, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_MINOR, "Not defined for composite operator");
  *num_qpts = op->is_at_points ? 0 : op->shape.num_qpts;
  return CEED_ERROR_SUCCESS;
}

// ---- Backend-facing accessors (backend.h) -------------------------------------------------------------

int CeedOperatorSetBackendOps(CeedOperator op, const CeedOperatorBackendOps *ops) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(ops, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedOperatorBackendOps pointer is NULL");
  CeedCheck(ops->size >= sizeof(size_t), op->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedOperatorBackendOps size %zu is invalid",
            ops->size);
  ceed::CopyOps(op->ops, ops);
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetData(CeedOperator op, void *data) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(data, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *static_cast<void **>(data) = op->data;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorSetData(CeedOperator op, void *data) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  op->data = data;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorIsComposite(CeedOperator op, bool *is_composite) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(is_composite, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *is_composite = op->is_composite;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorIsSetupDone(CeedOperator op, bool *is_setup_done) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(is_setup_done, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *is_setup_done = op->is_setup_done;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorSetSetupDone(CeedOperator op) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  op->is_setup_done = true;
  op->is_immutable  = true;  // the backend's data now depends on the fields
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetQFunction(CeedOperator op, CeedQFunction *qf) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(qf, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_MINOR, "Not defined for composite operator");
  *qf = op->qf;
  return CEED_ERROR_SUCCESS;
}
