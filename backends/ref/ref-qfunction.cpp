// Reference CPU backend: QFunction application calls the user function on host arrays.
#include "ceed-ref.hpp"

namespace ceed::ref {

namespace {

int QFunctionApply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v) {
  Ceed              ceed = CeedQFunctionReturnCeed(qf);
  CeedQFunctionUser f    = nullptr;
  CeedInt           num_in = 0, num_out = 0;
  CeedCallBackend(CeedQFunctionGetUserFunction(qf, &f));
  CeedCallBackend(CeedQFunctionGetNumArgs(qf, &num_in, &num_out));
  CeedCheck(f, ceed, CEED_ERROR_BACKEND, "CeedQFunction has no user function to apply");

  // Zero-length vectors hand out NULL arrays, so what was taken is recorded separately.
  const CeedScalar *in[CEED_FIELD_MAX]       = {nullptr};
  CeedScalar       *out[CEED_FIELD_MAX]      = {nullptr};
  bool              in_taken[CEED_FIELD_MAX] = {false}, out_taken[CEED_FIELD_MAX] = {false};
  void             *ctx_data                 = nullptr;
  bool              has_ctx                  = false;
  int               ierr                     = CEED_ERROR_SUCCESS;

  for (CeedInt i = 0; i < num_in && !ierr; i++) {
    ierr        = CeedVectorGetArrayRead(u[i], CEED_MEM_HOST, &in[i]);
    in_taken[i] = !ierr;
  }
  for (CeedInt i = 0; i < num_out && !ierr; i++) {
    ierr         = CeedVectorGetArrayWrite(v[i], CEED_MEM_HOST, &out[i]);
    out_taken[i] = !ierr;
  }
  if (!ierr) {
    ierr    = CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &ctx_data);
    has_ctx = !ierr;
  }

  int user_ierr = CEED_ERROR_SUCCESS;
  if (!ierr) user_ierr = f(ctx_data, Q, in, out);

  // Restore in all cases so that a failing user function leaves every object usable.
  int restore_ierr = CEED_ERROR_SUCCESS;
  for (CeedInt i = 0; i < num_in; i++) {
    if (!in_taken[i]) continue;
    int e = CeedVectorRestoreArrayRead(u[i], &in[i]);
    if (!restore_ierr) restore_ierr = e;
  }
  for (CeedInt i = 0; i < num_out; i++) {
    if (!out_taken[i]) continue;
    int e = CeedVectorRestoreArray(v[i], &out[i]);
    if (!restore_ierr) restore_ierr = e;
  }
  if (has_ctx) {
    int e = CeedQFunctionRestoreContextData(qf, &ctx_data);
    if (!restore_ierr) restore_ierr = e;
  }
  if (ierr) return ierr;
  if (user_ierr) {
    const char *name = nullptr;
    CeedQFunctionGetName(qf, &name);
    return CeedError(ceed, user_ierr, "User function of CeedQFunction %s returned error code %d", name ? name : "", user_ierr);
  }
  return restore_ierr;
}

}  // namespace

int QFunctionCreate(CeedQFunction qf) {
  CeedQFunctionBackendOps ops{};
  ops.size  = sizeof(ops);
  ops.Apply = QFunctionApply;
  return CeedQFunctionSetBackendOps(qf, &ops);
}

}  // namespace ceed::ref
