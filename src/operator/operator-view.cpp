// CeedOperator: names, and full and terse views, byte-exact per spec 07 §8.6.
#include "operator/operator.hpp"

namespace ceed {

static const char *Plural(CeedInt n) { return n > 1 ? "s" : ""; }

// Lines of one field; pre is the operator's prefix.
static int ViewField(CeedQFunctionField qf_field, CeedOperatorField op_field, bool is_input, CeedInt i, const std::string &pre,
                     FILE *stream) {
  const char *name       = nullptr;
  CeedInt size           = 0;
  CeedEvalMode eval_mode = CEED_EVAL_NONE;
  CeedCall(CeedQFunctionFieldGetData(qf_field, &name, &size, &eval_mode));
  fprintf(stream, "%s    %s field %d:\n", pre.c_str(), is_input ? "Input" : "Output", i);
  fprintf(stream, "%s      Name: \"%s\"\n", pre.c_str(), name);
  fprintf(stream, "%s      Size: %d\n", pre.c_str(), size);
  fprintf(stream, "%s      EvalMode: %s\n", pre.c_str(), CeedEvalModes[eval_mode]);
  if (!op_field) return CEED_ERROR_SUCCESS;
  if (op_field->basis == CEED_BASIS_NONE) fprintf(stream, "%s      No basis\n", pre.c_str());
  if (op_field->vec == CEED_VECTOR_ACTIVE) {
    fprintf(stream, "%s      Active vector\n", pre.c_str());
  } else if (op_field->vec == CEED_VECTOR_NONE) {
    fprintf(stream, "%s      No vector\n", pre.c_str());
  }
  return CEED_ERROR_SUCCESS;
}

// The lines of a single operator after its header, each starting with pre.
static int ViewSingleBody(CeedOperator op, const std::string &pre, FILE *stream) {
  if (op->is_at_points) {
    CeedInt max_points = 0;
    if (op->rstr_points) CeedCall(CeedElemRestrictionGetMaxPointsInElement(op->rstr_points, &max_points));
    fprintf(stream, "%s  %d elements with %d max points each\n", pre.c_str(), op->shape.num_elem, max_points);
  } else {
    fprintf(stream, "%s  %d elements with %d quadrature points each\n", pre.c_str(), op->shape.num_elem, op->shape.num_qpts);
  }
  fprintf(stream, "%s  %d field%s\n", pre.c_str(), op->shape.num_fields, Plural(op->shape.num_fields));
  CeedInt num_in = 0, num_out = 0;
  CeedQFunctionField *qf_in = nullptr, *qf_out = nullptr;
  CeedCall(CeedQFunctionGetFields(op->qf, &num_in, &qf_in, &num_out, &qf_out));
  fprintf(stream, "%s  %d input field%s:\n", pre.c_str(), num_in, Plural(num_in));
  for (CeedInt i = 0; i < num_in; i++) {
    CeedOperatorField field = i < (CeedInt)op->input_fields.size() ? op->input_fields[i] : nullptr;
    CeedCall(ViewField(qf_in[i], field, true, i, pre, stream));
  }
  fprintf(stream, "%s  %d output field%s:\n", pre.c_str(), num_out, Plural(num_out));
  for (CeedInt i = 0; i < num_out; i++) {
    CeedOperatorField field = i < (CeedInt)op->output_fields.size() ? op->output_fields[i] : nullptr;
    CeedCall(ViewField(qf_out[i], field, false, i, pre, stream));
  }
  return CEED_ERROR_SUCCESS;
}

static int ViewCore(CeedOperator op, FILE *stream, bool is_full) {
  const std::string pre = Indent(op->header.num_view_tabs);
  if (op->is_composite) {
    fprintf(stream, "%sComposite CeedOperator%s%s\n", pre.c_str(), op->name.empty() ? "" : " - ", op->name.c_str());
    const std::string pre_sub = pre + "  ";
    for (size_t i = 0; i < op->sub_operators.size(); i++) {
      CeedOperator sub = op->sub_operators[i];
      fprintf(stream, "%sSubOperator%s %d%s%s%s\n", pre_sub.c_str(), op->is_at_points ? " AtPoints" : "", (int)i,
              sub->name.empty() ? "" : " - ", sub->name.c_str(), is_full ? ":" : "");
      if (is_full) CeedCall(ViewSingleBody(sub, pre_sub, stream));
    }
    return CEED_ERROR_SUCCESS;
  }
  const char *name = nullptr;
  CeedCall(CeedOperatorGetName(op, &name));
  const bool has_name = name && name[0];
  fprintf(stream, "%sCeedOperator%s%s%s\n", pre.c_str(), op->is_at_points ? " AtPoints" : "", has_name ? " - " : "",
          has_name ? name : "");
  if (is_full) CeedCall(ViewSingleBody(op, pre, stream));
  return CEED_ERROR_SUCCESS;
}

}  // namespace ceed

// Names: what views print first.
int CeedOperatorSetName(CeedOperator op, const char *name) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  op->name = name ? name : "";
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorGetName(CeedOperator op, const char **name) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(name, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  if (!op->name.empty()) {
    *name = op->name.c_str();
  } else if (!op->is_composite) {
    CeedCall(CeedQFunctionGetName(op->qf, name));
  }
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorView(CeedOperator op, FILE *stream) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(stream, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedOperator to a NULL stream");
  CEED_API_TRY
  return ceed::ViewCore(op, stream, true);
  CEED_API_CATCH(op->header.ceed)
}

int CeedOperatorViewTerse(CeedOperator op, FILE *stream) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(stream, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot view CeedOperator to a NULL stream");
  CEED_API_TRY
  return ceed::ViewCore(op, stream, false);
  CEED_API_CATCH(op->header.ceed)
}
