// CeedOperator: QFunction context access through operators (spec 06 §9).
//
// A single operator hands out the labels of its QFunction's context. A composite operator hands out labels
// it owns, one per field name (the same handle every time, valid as long as the operator), and looks the
// field up by name in every sub-operator's current context on each access: a sub-QFunction's context may
// have been replaced, and its labels freed, since the label was made. Writes go to every sub-operator
// context that has the field; reads come from the first.
#include <cstring>

#include "operator/operator.hpp"

namespace ceed {

// One context and label that a label given to op resolves to.
struct ContextTarget {
  CeedQFunctionContext ctx;
  CeedContextFieldLabel label;
};

static int SingleContext(CeedOperator op, CeedQFunctionContext *ctx) {
  *ctx = nullptr;
  return CeedQFunctionGetContext(op->qf, ctx);
}

// Whether label is one of the labels registered on ctx.
static int ContextHasLabel(CeedQFunctionContext ctx, CeedContextFieldLabel label, bool *has) {
  const CeedContextFieldLabel *labels = nullptr;
  CeedInt num_labels                  = 0;
  CeedCall(CeedQFunctionContextGetAllFieldLabels(ctx, &labels, &num_labels));
  *has = false;
  for (CeedInt i = 0; i < num_labels; i++) *has = *has || labels[i] == label;
  return CEED_ERROR_SUCCESS;
}

// Resolves label on op into the contexts to access (all of them for writes, the first for reads) after
// checking that it was obtained from op and has the requested type.
static int ResolveLabel(CeedOperator op, CeedContextFieldLabel label, CeedContextFieldType type, std::vector<ContextTarget> &targets,
                        const char *func) {
  Ceed ceed = op->header.ceed;
  targets.clear();
  if (!label) return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "Invalid field label");
  const char *name              = nullptr;
  CeedContextFieldType label_type = CEED_CONTEXT_FIELD_DOUBLE;
  if (op->is_composite) {
    const OperatorCompositeLabel *entry = nullptr;
    for (const OperatorCompositeLabel &e : op->composite_labels) {
      if (e.label.get() == label) entry = &e;
    }
    if (!entry)
      return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED,
                               "Context field label was not obtained from this composite operator (use CeedOperatorGetContextFieldLabel)");
    name       = label->name.c_str();
    label_type = label->type;
    if (entry->num_sub_operators != op->sub_operators.size())
      return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED,
                               "Composite operator has %d sub-operators, but the label of context field '%s' was created for %d; "
                               "get the label again",
                               (int)op->sub_operators.size(), name, (int)entry->num_sub_operators);
    if (label_type == type) {
      for (size_t i = 0; i < op->sub_operators.size(); i++) {
        CeedQFunctionContext ctx    = nullptr;
        CeedContextFieldLabel found = nullptr;
        CeedCall(SingleContext(op->sub_operators[i], &ctx));
        if (ctx) CeedCall(CeedQFunctionContextGetFieldLabel(ctx, name, &found));
        if (!found) continue;
        if (found->type != label->type || found->num_values != label->num_values)
          return CeedOperatorError(ceed, func, CEED_ERROR_INCOMPATIBLE,
                                   "Context field '%s' of sub-operator %d has type %s and %zu values, but the label was created for %s and %zu "
                                   "values; get the label again",
                                   name, (int)i, CeedContextFieldTypes[found->type], found->num_values, CeedContextFieldTypes[label->type],
                                   label->num_values);
        targets.push_back({ctx, found});
      }
    }
  } else {
    CeedQFunctionContext ctx = nullptr;
    CeedCall(SingleContext(op, &ctx));
    if (!ctx) return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "QFunction does not have context data");
    bool has = false;
    CeedCall(ContextHasLabel(ctx, label, &has));
    if (!has) return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "Context field label was not obtained from this operator");
    CeedCall(CeedContextFieldLabelGetDescription(label, &name, nullptr, nullptr, nullptr, &label_type));
    if (label_type == type) targets.push_back({ctx, label});
  }
  if (label_type != type)
    return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "QFunctionContext field with name \"%s\" registered as %s, not registered as %s",
                             name, CeedContextFieldTypes[label_type], CeedContextFieldTypes[type]);
  if (targets.empty())
    return CeedOperatorError(ceed, func, CEED_ERROR_UNSUPPORTED, "No sub-operator context holds the field \"%s\"", name);
  return CEED_ERROR_SUCCESS;
}

template <class T>
static int SetContextValues(CeedOperator op, CeedContextFieldLabel label, CeedContextFieldType type, T *values,
                            int (*set)(CeedQFunctionContext, CeedContextFieldLabel, T *), const char *func) {
  if (!op) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  std::vector<ContextTarget> targets;
  CeedCall(ResolveLabel(op, label, type, targets, func));
  if (!values) return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE, "Values pointer is NULL");
  // Every context is checked before the first is written: a composite operator's contexts change together or not at all.
  for (const ContextTarget &t : targets) {
    if (t.ctx->state % 2 == 1 || t.ctx->num_readers > 0)
      return CeedOperatorError(op->header.ceed, func, CEED_ERROR_MINOR,
                               "Cannot set context field of CeedOperator: its CeedQFunctionContext is in use (%s)",
                               t.ctx->state % 2 == 1 ? "the access lock is held" : "a process has read access");
  }
  for (const ContextTarget &t : targets) CeedCall(set(t.ctx, t.label, values));
  OperatorMarkAssemblyUpdateNeeded(op);
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(op->header.ceed)
}

template <class T>
static int GetContextValuesRead(CeedOperator op, CeedContextFieldLabel label, CeedContextFieldType type, size_t *num_values,
                                const T **values, int (*get)(CeedQFunctionContext, CeedContextFieldLabel, size_t *, const T **),
                                const char *func) {
  if (!op) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  std::vector<ContextTarget> targets;
  CeedCall(ResolveLabel(op, label, type, targets, func));
  if (!num_values || !values) return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  if (targets[0].ctx->state % 2 == 1)
    return CeedOperatorError(op->header.ceed, func, CEED_ERROR_MINOR,
                             "Cannot read context field of CeedOperator: its CeedQFunctionContext access lock is held");
  return get(targets[0].ctx, targets[0].label, num_values, values);
  CEED_API_CATCH(op->header.ceed)
}

template <class T>
static int RestoreContextValuesRead(CeedOperator op, CeedContextFieldLabel label, CeedContextFieldType type, const T **values,
                                    int (*restore)(CeedQFunctionContext, CeedContextFieldLabel, const T **), const char *func) {
  if (!op) return CeedOperatorError(NULL, func, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CEED_API_TRY
  std::vector<ContextTarget> targets;
  CeedCall(ResolveLabel(op, label, type, targets, func));
  if (!values) return CeedOperatorError(op->header.ceed, func, CEED_ERROR_INCOMPATIBLE, "Values pointer is NULL");
  return restore(targets[0].ctx, targets[0].label, values);
  CEED_API_CATCH(op->header.ceed)
}

}  // namespace ceed

int CeedOperatorGetContext(CeedOperator op, CeedQFunctionContext *ctx) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCheck(ctx, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Output pointer is NULL");
  *ctx = nullptr;
  CeedCheck(!op->is_composite, op->header.ceed, CEED_ERROR_INCOMPATIBLE, "Cannot get the context of a composite operator");
  CeedQFunctionContext qf_ctx = nullptr;
  CeedCall(ceed::SingleContext(op, &qf_ctx));
  if (qf_ctx) CeedCall(CeedQFunctionContextReferenceCopy(qf_ctx, ctx));
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorGetContextFieldLabel(CeedOperator op, const char *field_name, CeedContextFieldLabel *field_label) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  Ceed ceed = op->header.ceed;
  CeedCheck(field_name && field_label, ceed, CEED_ERROR_INCOMPATIBLE, "Field name or output pointer is NULL");
  *field_label = nullptr;
  if (!op->is_composite) {
    CeedQFunctionContext ctx = nullptr;
    CeedCall(ceed::SingleContext(op, &ctx));
    if (ctx) CeedCall(CeedQFunctionContextGetFieldLabel(ctx, field_name, field_label));
    return CEED_ERROR_SUCCESS;
  }
  CEED_API_TRY
  CeedContextFieldLabel first = nullptr;
  for (size_t i = 0; i < op->sub_operators.size(); i++) {
    CeedQFunctionContext ctx    = nullptr;
    CeedContextFieldLabel label = nullptr;
    CeedCall(ceed::SingleContext(op->sub_operators[i], &ctx));
    if (ctx) CeedCall(CeedQFunctionContextGetFieldLabel(ctx, field_name, &label));
    if (!label) continue;
    if (!first) {
      first = label;
      continue;
    }
    CeedCheck(label->type == first->type, ceed, CEED_ERROR_INCOMPATIBLE,
              "Context field '%s' of sub-operator %d has type %s, but an earlier sub-operator registered it as %s", field_name, (int)i,
              CeedContextFieldTypes[label->type], CeedContextFieldTypes[first->type]);
    CeedCheck(label->num_values == first->num_values, ceed, CEED_ERROR_INCOMPATIBLE,
              "Context field '%s' of sub-operator %d has %zu values, but an earlier sub-operator registered %zu", field_name, (int)i,
              label->num_values, first->num_values);
  }
  if (!first) return CEED_ERROR_SUCCESS;
  ceed::OperatorCompositeLabel *entry = nullptr;
  for (ceed::OperatorCompositeLabel &e : op->composite_labels) {
    if (e.label->name == field_name) entry = &e;
  }
  if (!entry) {
    ceed::OperatorCompositeLabel fresh;
    fresh.label               = std::make_unique<CeedContextFieldLabel_private>();
    fresh.label->is_composite = true;
    op->composite_labels.push_back(std::move(fresh));
    entry = &op->composite_labels.back();
  }
  // Made again when asked again: the sub-operators and their contexts may have changed.
  CeedContextFieldLabel_private &label = *entry->label;
  label.name                          = first->name;
  label.description                   = first->description;
  label.type                          = first->type;
  label.offset                        = first->offset;
  label.num_values                    = first->num_values;
  label.size                          = first->size;
  entry->num_sub_operators            = op->sub_operators.size();
  *field_label                        = entry->label.get();
  return CEED_ERROR_SUCCESS;
  CEED_API_CATCH(ceed)
}

int CeedOperatorSetContextDouble(CeedOperator op, CeedContextFieldLabel field_label, double *values) {
  return ceed::SetContextValues<double>(op, field_label, CEED_CONTEXT_FIELD_DOUBLE, values, CeedQFunctionContextSetDouble, __func__);
}

int CeedOperatorGetContextDoubleRead(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const double **values) {
  return ceed::GetContextValuesRead<double>(op, field_label, CEED_CONTEXT_FIELD_DOUBLE, num_values, values,
                                            CeedQFunctionContextGetDoubleRead, __func__);
}

int CeedOperatorRestoreContextDoubleRead(CeedOperator op, CeedContextFieldLabel field_label, const double **values) {
  return ceed::RestoreContextValuesRead<double>(op, field_label, CEED_CONTEXT_FIELD_DOUBLE, values,
                                                CeedQFunctionContextRestoreDoubleRead, __func__);
}

int CeedOperatorSetContextInt32(CeedOperator op, CeedContextFieldLabel field_label, int32_t *values) {
  return ceed::SetContextValues<int32_t>(op, field_label, CEED_CONTEXT_FIELD_INT32, values, CeedQFunctionContextSetInt32, __func__);
}

int CeedOperatorGetContextInt32Read(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const int32_t **values) {
  return ceed::GetContextValuesRead<int32_t>(op, field_label, CEED_CONTEXT_FIELD_INT32, num_values, values,
                                             CeedQFunctionContextGetInt32Read, __func__);
}

int CeedOperatorRestoreContextInt32Read(CeedOperator op, CeedContextFieldLabel field_label, const int32_t **values) {
  return ceed::RestoreContextValuesRead<int32_t>(op, field_label, CEED_CONTEXT_FIELD_INT32, values,
                                                 CeedQFunctionContextRestoreInt32Read, __func__);
}

int CeedOperatorSetContextBoolean(CeedOperator op, CeedContextFieldLabel field_label, bool *values) {
  return ceed::SetContextValues<bool>(op, field_label, CEED_CONTEXT_FIELD_BOOL, values, CeedQFunctionContextSetBoolean, __func__);
}

int CeedOperatorGetContextBooleanRead(CeedOperator op, CeedContextFieldLabel field_label, size_t *num_values, const bool **values) {
  return ceed::GetContextValuesRead<bool>(op, field_label, CEED_CONTEXT_FIELD_BOOL, num_values, values,
                                          CeedQFunctionContextGetBooleanRead, __func__);
}

int CeedOperatorRestoreContextBooleanRead(CeedOperator op, CeedContextFieldLabel field_label, const bool **values) {
  return ceed::RestoreContextValuesRead<bool>(op, field_label, CEED_CONTEXT_FIELD_BOOL, values,
                                              CeedQFunctionContextRestoreBooleanRead, __func__);
}
