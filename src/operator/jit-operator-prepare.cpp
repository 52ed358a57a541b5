// CeedOperatorPrepare: builds an operator's backend data and JIT kernels ahead of a timed region.
#include "operator/operator.hpp"

namespace {

int Prepare(CeedOperator op) {
  // As an application does, preparing freezes the operator: its kernels depend on its fields.
  op->is_immutable = true;
  if (op->is_composite) {
    for (CeedOperator sub : op->sub_operators) CeedCall(Prepare(sub));
    return CEED_ERROR_SUCCESS;
  }
  // The core's default applies operators at points (CeedOperatorBackendOps::ApplyAddAtPoints unset).
  if (op->shape.num_elem == 0 || !op->ops.Prepare || (op->is_at_points && !op->ops.ApplyAddAtPoints)) return CEED_ERROR_SUCCESS;
  return op->ops.Prepare(op);
}

}  // namespace

int CeedOperatorPrepare(CeedOperator op) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  CeedCall(CeedOperatorCheckReady(op));
  return Prepare(op);
}
