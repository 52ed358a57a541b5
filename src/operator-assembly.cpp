// CeedOperator: QFunction assembly, operator assembly, multigrid and FDM (spec 06 §6-§8).
//
// The reuse/update flags of QFunction assembly are kept by the operator (context writes through the
// operator mark data as needing an update, 06 §9). The assembly algorithms themselves come with the
// linear assembly issue; until then these entry points validate their handle and report clearly that
// they are not available.
#include "operator.hpp"

#define CEED_ASSEMBLY_PENDING(op)                                                                       \
  do {                                                                                                  \
    CeedCheck((op), NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");                      \
    return CeedError((op)->header.ceed, CEED_ERROR_UNSUPPORTED,                                         \
                     "%s is not implemented yet in ceedrt (pending: linear assembly issue)", __func__); \
  } while (0)

int CeedOperatorLinearAssembleQFunction(CeedOperator op, CeedVector *, CeedElemRestriction *, CeedRequest *) {
  CEED_ASSEMBLY_PENDING(op);
}

int CeedOperatorLinearAssembleQFunctionBuildOrUpdate(CeedOperator op, CeedVector *, CeedElemRestriction *, CeedRequest *) {
  CEED_ASSEMBLY_PENDING(op);
}

int CeedOperatorSetQFunctionAssemblyReuse(CeedOperator op, bool reuse_assembly_data) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  op->qf_assembly_reuse = reuse_assembly_data;
  for (CeedOperator sub : op->sub_operators) sub->qf_assembly_reuse = reuse_assembly_data;
  ceed::OperatorMarkAssemblyUpdateNeeded(op);
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(CeedOperator op, bool needs_data_update) {
  CeedCheck(op, NULL, CEED_ERROR_INCOMPATIBLE, "CeedOperator handle is NULL");
  op->qf_assembly_update_needed = needs_data_update;
  for (CeedOperator sub : op->sub_operators) sub->qf_assembly_update_needed = needs_data_update;
  return CEED_ERROR_SUCCESS;
}

int CeedOperatorAssemblyDataStrip(CeedOperator op) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssembleDiagonal(CeedOperator op, CeedVector, CeedRequest *) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssembleAddDiagonal(CeedOperator op, CeedVector, CeedRequest *) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssemblePointBlockDiagonal(CeedOperator op, CeedVector, CeedRequest *) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssembleAddPointBlockDiagonal(CeedOperator op, CeedVector, CeedRequest *) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(CeedOperator op, CeedSize *, CeedInt **, CeedInt **) {
  CEED_ASSEMBLY_PENDING(op);
}

int CeedOperatorLinearAssembleGetNumEntries(CeedOperator op, CeedSize *) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssembleSymbolic(CeedOperator op, CeedSize *, CeedInt **, CeedInt **) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorLinearAssemble(CeedOperator op, CeedVector) { CEED_ASSEMBLY_PENDING(op); }

int CeedOperatorMultigridLevelCreate(CeedOperator op_fine, CeedVector, CeedElemRestriction, CeedBasis, CeedOperator *, CeedOperator *,
                                     CeedOperator *) {
  CEED_ASSEMBLY_PENDING(op_fine);
}

int CeedOperatorMultigridLevelCreateTensorH1(CeedOperator op_fine, CeedVector, CeedElemRestriction, CeedBasis, const CeedScalar *,
                                             CeedOperator *, CeedOperator *, CeedOperator *) {
  CEED_ASSEMBLY_PENDING(op_fine);
}

int CeedOperatorMultigridLevelCreateH1(CeedOperator op_fine, CeedVector, CeedElemRestriction, CeedBasis, const CeedScalar *,
                                       CeedOperator *, CeedOperator *, CeedOperator *) {
  CEED_ASSEMBLY_PENDING(op_fine);
}

int CeedOperatorCreateFDMElementInverse(CeedOperator op, CeedOperator *, CeedRequest *) { CEED_ASSEMBLY_PENDING(op); }
