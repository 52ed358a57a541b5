// The error-path sweep's rows for QFunctions, QFunction contexts and operators, and the functions that cannot
// fail (tests/unit/error-sweep-test.cpp).
#include "error-sweep.hpp"

namespace sweep {
namespace {

constexpr int kIncompatible = CEED_ERROR_INCOMPATIBLE, kAccess = CEED_ERROR_ACCESS, kDimension = CEED_ERROR_DIMENSION,
              kMajor = CEED_ERROR_MAJOR, kMinor = CEED_ERROR_MINOR, kUnsupported = CEED_ERROR_UNSUPPORTED;

void HoldWrite(World &w, CeedQFunctionContext ctx) {
  void *data = nullptr;
  CeedQFunctionContextGetData(ctx, CEED_MEM_HOST, &data);
  w.held = static_cast<CeedScalar *>(data);
}
void ReleaseWrite(World &w, CeedQFunctionContext ctx) {
  void *data = w.held;
  CeedQFunctionContextRestoreData(ctx, &data);
  w.held = nullptr;
}
void HoldWriteCtx(World &w) { HoldWrite(w, w.ctx); }
void ReleaseWriteCtx(World &w) { ReleaseWrite(w, w.ctx); }
void HoldReadScale(World &w) {
  size_t n = 0;
  const double *values = nullptr;
  CeedOperatorGetContextDoubleRead(w.op, w.scale, &n, &values);
  w.held_read = values;
}
void ReleaseReadScale(World &w) {
  const double *values = w.held_read;
  CeedOperatorRestoreContextDoubleRead(w.op, w.scale, &values);
  w.held_read = nullptr;
}

// The second sub-operator's context held by a writer: the composite's first context must not change either.
void CompositeWithHeldContext(World &w) {
  w.MakeComposite();
  HoldWrite(w, w.other_ctx);
}
void ReleaseCompositeContext(World &w) { ReleaseWrite(w, w.other_ctx); }

void SetFp32(World &w) { CeedOperatorSetPrecision(w.op, CEED_PRECISION_FP32); }
void SetFp64(World &w) { CeedOperatorSetPrecision(w.op, CEED_PRECISION_FP64); }

CeedQFunctionField FirstInput(World &w) {
  CeedQFunctionField *inputs = nullptr;
  CeedQFunctionGetFields(w.qf, nullptr, &inputs, nullptr, nullptr);
  return inputs[0];
}
CeedOperatorField OperatorField(World &w) {
  CeedOperatorField field = nullptr;
  CeedOperatorGetFieldByName(w.op, "u", &field);
  return field;
}
CeedContextFieldLabel Label(World &w, const char *name) {
  CeedContextFieldLabel label = nullptr;
  CeedOperatorGetContextFieldLabel(w.op, name, &label);
  return label;
}

}  // namespace

std::vector<Row> MoreRows() {
  return {
      // ---- CeedQFunction ------------------------------------------------------------------------------------
      ROW(CeedQFunctionCreateInterior, "vector length 0", kDimension, "0", [&w] {
        CeedQFunction qf = nullptr;
        return CeedQFunctionCreateInterior(w.ceed, 0, nullptr, "f.h:f", &qf);
      }()),
      ROW(CeedQFunctionCreateInteriorByName, "unknown name", kUnsupported, "NoSuchQFunction", [&w] {
        CeedQFunction qf = nullptr;
        return CeedQFunctionCreateInteriorByName(w.ceed, "NoSuchQFunction", &qf);
      }()),
      ROW(CeedQFunctionCreateIdentity, "size 0", kDimension, "0", [&w] {
        CeedQFunction qf = nullptr;
        return CeedQFunctionCreateIdentity(w.ceed, 0, CEED_EVAL_NONE, CEED_EVAL_NONE, &qf);
      }()),
      ROW(CeedQFunctionReferenceCopy, "NULL output", kIncompatible, "NULL", CeedQFunctionReferenceCopy(w.qf, nullptr)),
      ROW(CeedQFunctionAddInput, "used by an operator", kMajor, "\"u\"", CeedQFunctionAddInput(w.qf, "u", 1, CEED_EVAL_INTERP)),
      ROW(CeedQFunctionAddOutput, "used by an operator", kMajor, "\"v\"", CeedQFunctionAddOutput(w.qf, "v", 1, CEED_EVAL_INTERP)),
      ROW(CeedQFunctionGetFields, "NULL handle", kIncompatible, "NULL", CeedQFunctionGetFields(nullptr, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedQFunctionFieldGetName, "NULL output", kIncompatible, "NULL", CeedQFunctionFieldGetName(FirstInput(w), nullptr)),
      ROW(CeedQFunctionFieldGetSize, "NULL output", kIncompatible, "NULL", CeedQFunctionFieldGetSize(FirstInput(w), nullptr)),
      ROW(CeedQFunctionFieldGetEvalMode, "NULL output", kIncompatible, "NULL", CeedQFunctionFieldGetEvalMode(FirstInput(w), nullptr)),
      ROW(CeedQFunctionFieldGetData, "NULL handle", kIncompatible, "NULL", CeedQFunctionFieldGetData(nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedQFunctionSetContext, "NULL handle", kIncompatible, "NULL", CeedQFunctionSetContext(nullptr, w.ctx)),
      ROW(CeedQFunctionSetContextWritable, "NULL handle", kIncompatible, "NULL", CeedQFunctionSetContextWritable(nullptr, true)),
      ROW(CeedQFunctionSetUserFlopsEstimate, "negative estimate", kIncompatible, "-5", CeedQFunctionSetUserFlopsEstimate(w.qf, -5)),
      ROW(CeedQFunctionApply, "negative point count", kDimension, "-1", [&w] {
        CeedVector in[2] = {w.x, w.y}, out[1] = {w.q};
        return CeedQFunctionApply(w.qf, -1, in, out);
      }()),
      ROW(CeedQFunctionGetCeed, "NULL output", kIncompatible, "NULL", CeedQFunctionGetCeed(w.qf, nullptr)),
      ROW(CeedQFunctionSetNumViewTabs, "negative count", kMinor, "-1", CeedQFunctionSetNumViewTabs(w.qf, -1)),
      ROW(CeedQFunctionGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedQFunctionGetNumViewTabs(w.qf, nullptr)),
      ROW(CeedQFunctionView, "NULL stream", kIncompatible, "NULL", CeedQFunctionView(w.qf, nullptr)),
      ROW(CeedQFunctionDestroy, "NULL pointer", kIncompatible, "NULL", CeedQFunctionDestroy(nullptr)),
      // ---- CeedQFunctionContext -----------------------------------------------------------------------------
      ROW(CeedQFunctionContextCreate, "NULL output", kIncompatible, "NULL", CeedQFunctionContextCreate(w.ceed, nullptr)),
      ROW(CeedQFunctionContextReferenceCopy, "NULL output", kIncompatible, "NULL", CeedQFunctionContextReferenceCopy(w.ctx, nullptr)),
      ROW_HELD(CeedQFunctionContextSetData, "held by a writer", kMinor, "lock", HoldWriteCtx, ReleaseWriteCtx,
               CeedQFunctionContextSetData(w.ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(w.ctx_data), w.ctx_data)),
      ROW(CeedQFunctionContextTakeData, "nothing borrowed", CEED_ERROR_BACKEND, "borrowed", [&w] {
        void *data = nullptr;
        return CeedQFunctionContextTakeData(w.ctx, CEED_MEM_HOST, &data);
      }()),
      ROW_HELD(CeedQFunctionContextGetData, "held by a writer", kMinor, "lock", HoldWriteCtx, ReleaseWriteCtx, [&w] {
        void *data = nullptr;
        return CeedQFunctionContextGetData(w.ctx, CEED_MEM_HOST, &data);
      }()),
      ROW_HELD(CeedQFunctionContextGetDataRead, "held by a writer", kMinor, "lock", HoldWriteCtx, ReleaseWriteCtx, [&w] {
        void *data = nullptr;
        return CeedQFunctionContextGetDataRead(w.ctx, CEED_MEM_HOST, &data);
      }()),
      ROW(CeedQFunctionContextRestoreData, "not granted", kMinor, "not granted", [&w] {
        void *data = nullptr;
        return CeedQFunctionContextRestoreData(w.ctx, &data);
      }()),
      ROW(CeedQFunctionContextRestoreDataRead, "not granted", kMinor, "not granted", [&w] {
        void *data = nullptr;
        return CeedQFunctionContextRestoreDataRead(w.ctx, &data);
      }()),
      ROW(CeedQFunctionContextRegisterDouble, "past the end of the data", kIncompatible, "scale2",
          CeedQFunctionContextRegisterDouble(w.ctx, "scale2", 8, 2, "too long")),
      ROW(CeedQFunctionContextRegisterInt32, "duplicate name", kUnsupported, "count", CeedQFunctionContextRegisterInt32(w.ctx, "count", 8, 1, "again")),
      ROW(CeedQFunctionContextRegisterBoolean, "past the end of the data", kIncompatible, "flag",
          CeedQFunctionContextRegisterBoolean(w.ctx, "flag", 16, 1, "past the end")),
      ROW(CeedQFunctionContextGetAllFieldLabels, "NULL output", kIncompatible, "NULL", CeedQFunctionContextGetAllFieldLabels(w.ctx, nullptr, nullptr)),
      ROW(CeedContextFieldLabelGetDescription, "NULL label", kIncompatible, "NULL",
          CeedContextFieldLabelGetDescription(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedQFunctionContextGetContextSize, "NULL output", kIncompatible, "NULL", CeedQFunctionContextGetContextSize(w.ctx, nullptr)),
      ROW(CeedQFunctionContextSetNumViewTabs, "negative count", kMinor, "-1", CeedQFunctionContextSetNumViewTabs(w.ctx, -1)),
      ROW(CeedQFunctionContextGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedQFunctionContextGetNumViewTabs(w.ctx, nullptr)),
      ROW(CeedQFunctionContextView, "NULL stream", kIncompatible, "NULL", CeedQFunctionContextView(w.ctx, nullptr)),
      ROW(CeedQFunctionContextSetDataDestroy, "NULL callback", kMinor, "callback", CeedQFunctionContextSetDataDestroy(w.ctx, CEED_MEM_HOST, nullptr)),
      ROW(CeedQFunctionContextDestroy, "last reference held by a reader", kMinor, "read access", [&w] {
        CeedQFunctionContext lone = nullptr;
        void                *data = nullptr;
        CeedQFunctionContextCreate(w.ceed, &lone);
        CeedQFunctionContextSetData(lone, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(w.ctx_data), w.ctx_data);
        CeedQFunctionContextGetDataRead(lone, CEED_MEM_HOST, &data);
        const int ierr = CeedQFunctionContextDestroy(&lone);
        CeedQFunctionContextRestoreDataRead(lone, &data);
        CeedQFunctionContextDestroy(&lone);
        return ierr;
      }()),
      // ---- CeedOperator -------------------------------------------------------------------------------------
      ROW(CeedOperatorCreate, "NULL QFunction", kMinor, "QFunction", [&w] {
        CeedOperator op = nullptr;
        return CeedOperatorCreate(w.ceed, nullptr, nullptr, nullptr, &op);
      }()),
      ROW(CeedOperatorCreateAtPoints, "NULL QFunction", kMinor, "QFunction", [&w] {
        CeedOperator op = nullptr;
        return CeedOperatorCreateAtPoints(w.ceed, nullptr, nullptr, nullptr, &op);
      }()),
      ROW(CeedOperatorCreateComposite, "NULL output", kIncompatible, "NULL", CeedOperatorCreateComposite(w.ceed, nullptr)),
      ROW(CeedOperatorReferenceCopy, "NULL output", kIncompatible, "NULL", CeedOperatorReferenceCopy(w.op, nullptr)),
      ROW(CeedOperatorSetField, "unknown field", CEED_ERROR_INCOMPLETE, "w_field", CeedOperatorSetField(w.op, "w_field", w.rstr_u, w.basis, CEED_VECTOR_ACTIVE)),
      ROW(CeedOperatorGetFields, "NULL handle", kIncompatible, "NULL", CeedOperatorGetFields(nullptr, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorGetFieldByName, "NULL output", kIncompatible, "NULL", CeedOperatorGetFieldByName(w.op, "u", nullptr)),
      ROW(CeedOperatorFieldGetName, "NULL output", kIncompatible, "NULL", CeedOperatorFieldGetName(OperatorField(w), nullptr)),
      ROW(CeedOperatorFieldGetElemRestriction, "NULL output", kIncompatible, "NULL", CeedOperatorFieldGetElemRestriction(OperatorField(w), nullptr)),
      ROW(CeedOperatorFieldGetBasis, "NULL output", kIncompatible, "NULL", CeedOperatorFieldGetBasis(OperatorField(w), nullptr)),
      ROW(CeedOperatorFieldGetVector, "NULL output", kIncompatible, "NULL", CeedOperatorFieldGetVector(OperatorField(w), nullptr)),
      ROW(CeedOperatorFieldGetData, "NULL handle", kIncompatible, "NULL", CeedOperatorFieldGetData(nullptr, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorApply, "output too short", kDimension, "shorter", [&w] {
        CeedVector short_out = nullptr;
        CeedVectorCreate(w.ceed, 3, &short_out);
        const int ierr = CeedOperatorApply(w.op, w.x, short_out, CEED_REQUEST_IMMEDIATE);
        CeedVectorDestroy(&short_out);
        return ierr;
      }()),
      ROW_HELD(CeedOperatorApply, "output held by a reader", kAccess, "active output", HoldReadX, ReleaseReadX,
               CeedOperatorApply(w.op, w.y, w.x, CEED_REQUEST_IMMEDIATE)),
      // The refused application leaves the operator unused: its mode can be set back.
      ROW_HELD(CeedOperatorApply, "refused precision mode", kUnsupported, "fp32", SetFp32, SetFp64, CeedOperatorApply(w.op, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
      ROW_HELD(CeedOperatorApplyAdd, "input held by a writer", kAccess, "active input", HoldWriteX, ReleaseWriteX,
               CeedOperatorApplyAdd(w.op, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorApply, "passive input without valid data", CEED_ERROR_BACKEND, "qdata", [&w] {
        CeedVector   empty = nullptr, out = nullptr;
        CeedOperator op2   = nullptr;
        CeedVectorCreate(w.ceed, 12, &empty);
        CeedVectorCreate(w.ceed, 5, &out);
        CeedOperatorCreate(w.ceed, w.qf, CEED_QFUNCTION_NONE, CEED_QFUNCTION_NONE, &op2);
        CeedOperatorSetField(op2, "u", w.rstr_u, w.basis, CEED_VECTOR_ACTIVE);
        CeedOperatorSetField(op2, "qdata", w.rstr_q, CEED_BASIS_NONE, empty);
        CeedOperatorSetField(op2, "v", w.rstr_u, w.basis, CEED_VECTOR_ACTIVE);
        CeedVectorSetValue(out, 7.0);
        const int ierr = CeedOperatorApply(op2, w.x, out, CEED_REQUEST_IMMEDIATE);
        CeedScalar norm = 0;  // the output kept its values
        const int  kept = CeedVectorNorm(out, CEED_NORM_MAX, &norm) == 0 && norm == 7.0;
        CeedOperatorDestroy(&op2);
        CeedVectorDestroy(&empty);
        CeedVectorDestroy(&out);
        return kept ? ierr : -100;
      }()),
      ROW(CeedOperatorApplyAdd, "active input without valid data", CEED_ERROR_BACKEND, "active input", [&w] {
        CeedVector empty = nullptr;
        CeedVectorCreate(w.ceed, 5, &empty);
        const int ierr = CeedOperatorApplyAdd(w.op, empty, w.y, CEED_REQUEST_IMMEDIATE);
        CeedVectorDestroy(&empty);
        return ierr;
      }()),
      Naming(ROW_FAULT(CeedOperatorApplyAdd, "allocation failing in the first application's setup", kMajor, "bytes",
                       CeedOperatorApplyAdd(w.op, w.x, w.y, CEED_REQUEST_IMMEDIATE)),
             "CeedVector"),
      ROW_FAULT(CeedQFunctionContextSetData, "allocation failing", kMajor, "bytes", [&w] {
        double bigger[4] = {1, 2, 3, 4};
        return CeedQFunctionContextSetData(w.ctx, CEED_MEM_HOST, CEED_COPY_VALUES, sizeof(bigger), bigger);
      }()),
      ROW(CeedOperatorApplyAddActive, "same input and output", kIncompatible, "distinct", CeedOperatorApplyAddActive(w.op, w.x, w.x, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorCheckReady, "NULL handle", kIncompatible, "NULL", CeedOperatorCheckReady(nullptr)),
      ROW(CeedOperatorGetActiveVectorLengths, "NULL handle", kIncompatible, "NULL", CeedOperatorGetActiveVectorLengths(nullptr, nullptr, nullptr)),
      ROW(CeedOperatorCompositeAddSub, "not composite", kMinor, "composite", CeedOperatorCompositeAddSub(w.op, w.op)),
      ROW(CeedOperatorCompositeGetNumSub, "not composite", kMinor, "composite", [&w] {
        CeedInt n = 0;
        return CeedOperatorCompositeGetNumSub(w.op, &n);
      }()),
      ROW(CeedOperatorCompositeGetSubList, "not composite", kMinor, "composite", [&w] {
        CeedOperator *subs = nullptr;
        return CeedOperatorCompositeGetSubList(w.op, &subs);
      }()),
      ROW(CeedOperatorCompositeGetSubByName, "not composite", kMinor, "composite", [&w] {
        CeedOperator sub = nullptr;
        return CeedOperatorCompositeGetSubByName(w.op, "mass", &sub);
      }()),
      ROW(CeedOperatorCompositeSetSequential, "not composite", kMinor, "composite", CeedOperatorCompositeSetSequential(w.op, true)),
      ROW(CeedOperatorCompositeIsSequential, "not composite", kMinor, "composite", [&w] {
        bool s = false;
        return CeedOperatorCompositeIsSequential(w.op, &s);
      }()),
      ROW(CeedOperatorCompositeGetMultiplicity, "not composite", kMinor, "composite", CeedOperatorCompositeGetMultiplicity(w.op, 0, nullptr, w.y)),
      ROW(CeedOperatorAtPointsSetPoints, "not at points", kMinor, "points", CeedOperatorAtPointsSetPoints(w.op, w.rstr_u, w.x)),
      ROW(CeedOperatorAtPointsGetPoints, "not at points", kMinor, "points", [&w] {
        CeedElemRestriction r = nullptr;
        CeedVector          v = nullptr;
        return CeedOperatorAtPointsGetPoints(w.op, &r, &v);
      }()),
      ROW(CeedOperatorIsAtPoints, "NULL output", kIncompatible, "NULL", CeedOperatorIsAtPoints(w.op, nullptr)),
      ROW(CeedOperatorLinearAssembleQFunction, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorLinearAssembleQFunction(w.op, nullptr, nullptr, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorLinearAssembleQFunctionBuildOrUpdate, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorLinearAssembleQFunctionBuildOrUpdate(w.op, nullptr, nullptr, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorSetQFunctionAssemblyReuse, "NULL handle", kIncompatible, "NULL", CeedOperatorSetQFunctionAssemblyReuse(nullptr, true)),
      ROW(CeedOperatorSetQFunctionAssemblyDataUpdateNeeded, "NULL handle", kIncompatible, "NULL",
          CeedOperatorSetQFunctionAssemblyDataUpdateNeeded(nullptr, true)),
      ROW(CeedOperatorAssemblyDataStrip, "NULL handle", kIncompatible, "NULL", CeedOperatorAssemblyDataStrip(nullptr)),
      ROW(CeedOperatorLinearAssembleDiagonal, "wrong length", kDimension, "12", CeedOperatorLinearAssembleDiagonal(w.op, w.q, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorLinearAssembleAddDiagonal, "wrong length", kDimension, "12",
          CeedOperatorLinearAssembleAddDiagonal(w.op, w.q, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorLinearAssemblePointBlockDiagonal, "wrong length", kDimension, "12",
          CeedOperatorLinearAssemblePointBlockDiagonal(w.op, w.q, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorLinearAssembleAddPointBlockDiagonal, "wrong length", kDimension, "12",
          CeedOperatorLinearAssembleAddPointBlockDiagonal(w.op, w.q, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorLinearAssemblePointBlockDiagonalSymbolic, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorLinearAssemblePointBlockDiagonalSymbolic(w.op, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorLinearAssembleGetNumEntries, "NULL output", kIncompatible, "NULL", CeedOperatorLinearAssembleGetNumEntries(w.op, nullptr)),
      ROW(CeedOperatorLinearAssembleSymbolic, "NULL outputs", kIncompatible, "NULL", CeedOperatorLinearAssembleSymbolic(w.op, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorLinearAssemble, "values too short", kDimension, "5", CeedOperatorLinearAssemble(w.op, w.x)),
      ROW(CeedOperatorMultigridLevelCreate, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorMultigridLevelCreate(w.op, w.x, w.rstr_u, w.basis, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorMultigridLevelCreateTensorH1, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorMultigridLevelCreateTensorH1(w.op, w.x, w.rstr_u, w.basis, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorMultigridLevelCreateH1, "NULL outputs", kIncompatible, "NULL",
          CeedOperatorMultigridLevelCreateH1(w.op, w.x, w.rstr_u, w.basis, nullptr, nullptr, nullptr, nullptr)),
      ROW(CeedOperatorCreateFDMElementInverse, "NULL output", kIncompatible, "NULL", CeedOperatorCreateFDMElementInverse(w.op, nullptr, CEED_REQUEST_IMMEDIATE)),
      ROW(CeedOperatorGetContext, "NULL output", kIncompatible, "NULL", CeedOperatorGetContext(w.op, nullptr)),
      ROW(CeedOperatorGetContextFieldLabel, "NULL output", kIncompatible, "NULL", CeedOperatorGetContextFieldLabel(w.op, "scale", nullptr)),
      ROW(CeedOperatorSetContextDouble, "int32 field", kUnsupported, "int32", [&w] {
        double value = 4.0;
        return CeedOperatorSetContextDouble(w.op, Label(w, "count"), &value);
      }()),
      ROW_HELD(CeedOperatorSetContextDouble, "context held by a writer", kMinor, "access lock is held", HoldWriteCtx, ReleaseWriteCtx, [&w] {
        double value = 4.0;
        return CeedOperatorSetContextDouble(w.op, w.scale, &value);
      }()),
      ROW_HELD(CeedOperatorSetContextDouble, "composite, second context held by a writer", kMinor, "access lock is held",
               CompositeWithHeldContext, ReleaseCompositeContext, [&w] {
                 double value = 4.0;
                 return CeedOperatorSetContextDouble(w.composite, w.composite_scale, &value);
               }()),
      ROW(CeedOperatorGetContextDoubleRead, "int32 field", kUnsupported, "int32", [&w] {
        size_t        n      = 0;
        const double *values = nullptr;
        return CeedOperatorGetContextDoubleRead(w.op, Label(w, "count"), &n, &values);
      }()),
      ROW(CeedOperatorRestoreContextDoubleRead, "int32 field", kUnsupported, "int32", [&w] {
        const double *values = nullptr;
        return CeedOperatorRestoreContextDoubleRead(w.op, Label(w, "count"), &values);
      }()),
      ROW_HELD(CeedOperatorSetContextInt32, "context read through a label", kMinor, "read access", HoldReadScale, ReleaseReadScale, [&w] {
        int32_t value = 4;
        return CeedOperatorSetContextInt32(w.op, Label(w, "count"), &value);
      }()),
      ROW(CeedOperatorGetContextInt32Read, "double field", kUnsupported, "double", [&w] {
        size_t         n      = 0;
        const int32_t *values = nullptr;
        return CeedOperatorGetContextInt32Read(w.op, w.scale, &n, &values);
      }()),
      ROW(CeedOperatorRestoreContextInt32Read, "double field", kUnsupported, "double", [&w] {
        const int32_t *values = nullptr;
        return CeedOperatorRestoreContextInt32Read(w.op, w.scale, &values);
      }()),
      ROW(CeedOperatorSetContextBoolean, "double field", kUnsupported, "double", [&w] {
        bool value = true;
        return CeedOperatorSetContextBoolean(w.op, w.scale, &value);
      }()),
      ROW(CeedOperatorGetContextBooleanRead, "double field", kUnsupported, "double", [&w] {
        size_t      n      = 0;
        const bool *values = nullptr;
        return CeedOperatorGetContextBooleanRead(w.op, w.scale, &n, &values);
      }()),
      ROW(CeedOperatorRestoreContextBooleanRead, "double field", kUnsupported, "double", [&w] {
        const bool *values = nullptr;
        return CeedOperatorRestoreContextBooleanRead(w.op, w.scale, &values);
      }()),
      ROW(CeedOperatorSetName, "NULL handle", kIncompatible, "NULL", CeedOperatorSetName(nullptr, "mass")),
      ROW(CeedOperatorGetName, "NULL output", kIncompatible, "NULL", CeedOperatorGetName(w.op, nullptr)),
      ROW(CeedOperatorSetNumViewTabs, "negative count", kMinor, "-1", CeedOperatorSetNumViewTabs(w.op, -1)),
      ROW(CeedOperatorGetNumViewTabs, "NULL output", kIncompatible, "NULL", CeedOperatorGetNumViewTabs(w.op, nullptr)),
      ROW(CeedOperatorView, "NULL stream", kIncompatible, "NULL", CeedOperatorView(w.op, nullptr)),
      ROW(CeedOperatorViewTerse, "NULL stream", kIncompatible, "NULL", CeedOperatorViewTerse(w.op, nullptr)),
      ROW(CeedOperatorGetCeed, "NULL output", kIncompatible, "NULL", CeedOperatorGetCeed(w.op, nullptr)),
      ROW(CeedOperatorGetNumElements, "NULL output", kIncompatible, "NULL", CeedOperatorGetNumElements(w.op, nullptr)),
      ROW(CeedOperatorGetNumQuadraturePoints, "NULL output", kIncompatible, "NULL", CeedOperatorGetNumQuadraturePoints(w.op, nullptr)),
      ROW(CeedOperatorGetFlopsEstimate, "no QFunction estimate", CEED_ERROR_INCOMPLETE, "CeedQFunctionSetUserFlopsEstimate", [&w] {
        CeedSize flops = 0;
        return CeedOperatorGetFlopsEstimate(w.op, &flops);
      }()),
      ROW(CeedOperatorSetPrecision, "invalid mode", kIncompatible, "Invalid CeedOperatorPrecision 9",
          CeedOperatorSetPrecision(w.op, (CeedOperatorPrecision)9)),
      ROW(CeedOperatorGetPrecision, "NULL output", kIncompatible, "NULL", CeedOperatorGetPrecision(w.op, nullptr)),
  };
}

const std::vector<std::pair<const char *, const char *>> &CannotFail() {
  static const std::vector<std::pair<const char *, const char *>> list = {
      {"CeedGetHostDeviceBytes", "reads two process-wide counters; a NULL output is skipped, as documented"},
      {"CeedErrorImpl", "raises the error it is given and returns its code: it is the error path itself"},
      {"CeedErrorReturn", "an error handler: returns the code it is given"},
      {"CeedErrorStore", "an error handler: stores the message it is given and returns its code"},
      {"CeedErrorAbort", "an error handler: prints and aborts by design"},
      {"CeedErrorExit", "an error handler: prints and exits by design"},
      {"CeedObjectReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedVectorReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedElemRestrictionReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedBasisReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedQFunctionReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedOperatorReturnCeed", "returns a handle, no error code (NULL for NULL)"},
      {"CeedGetVersion", "every output is optional (NULL skips it), nothing else to fail"},
      {"CeedRegisterAll", "registers the built-in backend list once; nothing it takes can be wrong"},
      {"CeedQFunctionRegisterAll", "registers the gallery once; nothing it takes can be wrong"},
      {"CeedOperatorDestroy", "NULL and a NULL handle are no-ops; nothing blocks dropping a reference or destroying the last one"},
      {"CeedResetErrorMessage", "the output is optional and any context (or NULL, the thread's) has a message to reset"},
      {"CeedRequestWait", "requests complete immediately: waiting on any (or NULL) succeeds"},
  };
  return list;
}

}  // namespace sweep
