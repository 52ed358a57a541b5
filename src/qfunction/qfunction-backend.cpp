// CeedQFunction functions of ceed/backend.h: operation table, backend data, getters and context access.
#include "qfunction/qfunction.hpp"

extern "C" {

int CeedQFunctionSetBackendOps(CeedQFunction qf, const CeedQFunctionBackendOps *ops) {
  CEED_QF_CHECK(qf);
  CeedCheck(ops != nullptr, qf->header.ceed, CEED_ERROR_INCOMPATIBLE, "CeedQFunction %s: backend operation table is NULL", ceed::QFunctionName(qf));
  CeedCheck(ops->size >= sizeof(size_t), qf->header.ceed, CEED_ERROR_INCOMPATIBLE,
            "CeedQFunction %s: backend operation table has invalid size %zu", ceed::QFunctionName(qf), ops->size);
  ceed::CopyOps(qf->ops, ops);
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetData(CeedQFunction qf, void *data) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, data, "the backend data");
  *static_cast<void **>(data) = qf->data;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionSetData(CeedQFunction qf, void *data) {
  CEED_QF_CHECK(qf);
  qf->data = data;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetUserFunction(CeedQFunction qf, CeedQFunctionUser *f) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, f, "the user function");
  *f = qf->function;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetVectorLength(CeedQFunction qf, CeedInt *vec_length) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, vec_length, "the vector length");
  *vec_length = qf->vec_length;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetNumArgs(CeedQFunction qf, CeedInt *num_input_fields, CeedInt *num_output_fields) {
  CEED_QF_CHECK(qf);
  if (num_input_fields) *num_input_fields = qf->num_input_fields;
  if (num_output_fields) *num_output_fields = qf->num_output_fields;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetSourcePath(CeedQFunction qf, const char **source_path) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, source_path, "the source path");
  *source_path = qf->source_path.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetKernelName(CeedQFunction qf, const char **kernel_name) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, kernel_name, "the kernel name");
  *kernel_name = qf->kernel_name.c_str();
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetName(CeedQFunction qf, const char **name) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, name, "the name");
  *name = ceed::QFunctionName(qf);
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetUserFlopsEstimate(CeedQFunction qf, CeedSize *flops) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, flops, "the FLOPs estimate");
  *flops = qf->user_flops;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionIsIdentity(CeedQFunction qf, bool *is_identity) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, is_identity, "the identity flag");
  *is_identity = qf->is_identity;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionIsContextWritable(CeedQFunction qf, bool *is_writable) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, is_writable, "the context writability flag");
  *is_writable = qf->is_context_writable;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionSetFortranStatus(CeedQFunction qf, bool status) {
  CEED_QF_CHECK(qf);
  CeedCheck(!qf->is_immutable, qf->header.ceed, CEED_ERROR_MAJOR,
            "QFunction cannot be changed after set as immutable (CeedQFunction %s, Fortran status %d)", ceed::QFunctionName(qf), (int)status);
  qf->is_fortran = status;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetFortranStatus(CeedQFunction qf, bool *status) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, status, "the Fortran status");
  *status = qf->is_fortran;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetContext(CeedQFunction qf, CeedQFunctionContext *ctx) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, ctx, "the context");
  *ctx = qf->ctx;
  return CEED_ERROR_SUCCESS;
}

int CeedQFunctionGetContextData(CeedQFunction qf, CeedMemType mem_type, void *data) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, data, "the context data");
  if (!qf->ctx) {
    *static_cast<void **>(data) = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (qf->is_context_writable) return CeedQFunctionContextGetData(qf->ctx, mem_type, data);
  return CeedQFunctionContextGetDataRead(qf->ctx, mem_type, data);
}

int CeedQFunctionRestoreContextData(CeedQFunction qf, void *data) {
  CEED_QF_CHECK(qf);
  CEED_QF_CHECK_OUT(qf, data, "the context data");
  if (!qf->ctx) {
    *static_cast<void **>(data) = nullptr;
    return CEED_ERROR_SUCCESS;
  }
  if (qf->is_context_writable) return CeedQFunctionContextRestoreData(qf->ctx, data);
  return CeedQFunctionContextRestoreDataRead(qf->ctx, data);
}

}  // extern "C"
