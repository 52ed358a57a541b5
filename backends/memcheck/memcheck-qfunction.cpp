// /cpu/self/memcheck QFunctions: outputs, held write-only, are filled with NaN before the user function runs and
// any entry still NaN afterwards is an error naming the QFunction, the field and the entry; under valgrind the
// arrays are described as blocks and the outputs as undefined, so that reading one before writing it is reported.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "ceed-memcheck.hpp"

#ifdef CEEDRT_HAVE_VALGRIND
#include <valgrind/memcheck.h>
#else
#define VALGRIND_CREATE_BLOCK(addr, bytes, name) ((void)(addr), (void)(bytes), (void)(name), 0)
#define VALGRIND_MAKE_MEM_UNDEFINED(addr, bytes) ((void)(addr), (void)(bytes))
#define VALGRIND_DISCARD(id) ((void)(id))
#endif

namespace ceed::memcheck {

namespace {

struct QFunctionArrays {
  const CeedScalar *in[CEED_FIELD_MAX]        = {nullptr};
  CeedScalar       *out[CEED_FIELD_MAX]       = {nullptr};
  bool              in_taken[CEED_FIELD_MAX]  = {false}, out_taken[CEED_FIELD_MAX] = {false};
  CeedSize          checked[CEED_FIELD_MAX]   = {0};  // output entries the user function must write
  int               in_block[CEED_FIELD_MAX]  = {0}, out_block[CEED_FIELD_MAX] = {0};
  void             *ctx_data                  = nullptr;
  bool              has_ctx                   = false;
};

// Takes every array; outputs are poisoned. Stops at the first failure (what was taken is marked).
int TakeArrays(CeedQFunction qf, CeedInt Q, CeedInt num_in, CeedVector *u, CeedInt num_out, CeedVector *v, QFunctionArrays &a) {
  CeedQFunctionField *out_fields = nullptr;
  CeedCallBackend(CeedQFunctionGetFields(qf, nullptr, nullptr, nullptr, &out_fields));
  for (CeedInt i = 0; i < num_in; i++) {
    CeedCallBackend(CeedVectorGetArrayRead(u[i], CEED_MEM_HOST, &a.in[i]));
    a.in_taken[i] = true;
    CeedSize length = 0;
    CeedCallBackend(CeedVectorGetLength(u[i], &length));
    char name[48];
    std::snprintf(name, sizeof(name), "QFunction input %d", static_cast<int>(i));
    a.in_block[i] = VALGRIND_CREATE_BLOCK(a.in[i], static_cast<size_t>(length) * sizeof(CeedScalar), name);
  }
  for (CeedInt i = 0; i < num_out; i++) {
    CeedCallBackend(CeedVectorGetArrayWrite(v[i], CEED_MEM_HOST, &a.out[i]));
    a.out_taken[i] = true;
    CeedSize length = 0;
    CeedInt  size   = 0;
    CeedCallBackend(CeedVectorGetLength(v[i], &length));
    CeedCallBackend(CeedQFunctionFieldGetSize(out_fields[i], &size));
    // The vector may be longer than the Q points of this application need.
    a.checked[i] = std::min(length, static_cast<CeedSize>(size) * Q);
    for (CeedSize j = 0; j < length; j++) a.out[i][j] = std::numeric_limits<CeedScalar>::quiet_NaN();
    VALGRIND_MAKE_MEM_UNDEFINED(a.out[i], static_cast<size_t>(length) * sizeof(CeedScalar));
    char name[48];
    std::snprintf(name, sizeof(name), "QFunction output %d", static_cast<int>(i));
    a.out_block[i] = VALGRIND_CREATE_BLOCK(a.out[i], static_cast<size_t>(length) * sizeof(CeedScalar), name);
  }
  CeedCallBackend(CeedQFunctionGetContextData(qf, CEED_MEM_HOST, &a.ctx_data));
  a.has_ctx = true;
  return CEED_ERROR_SUCCESS;
}

// The first output entry the user function left NaN, as an error.
int CheckOutputs(CeedQFunction qf, CeedInt num_out, const QFunctionArrays &a) {
  CeedQFunctionField *out_fields = nullptr;
  CeedCallBackend(CeedQFunctionGetFields(qf, nullptr, nullptr, nullptr, &out_fields));
  for (CeedInt i = 0; i < num_out; i++) {
    for (CeedSize j = 0; j < a.checked[i]; j++) {
      if (!std::isnan(a.out[i][j])) continue;
      const char *source = nullptr, *kernel = nullptr, *field = nullptr;
      CeedCallBackend(CeedQFunctionGetSourcePath(qf, &source));
      CeedCallBackend(CeedQFunctionGetKernelName(qf, &kernel));
      CeedCallBackend(CeedQFunctionFieldGetName(out_fields[i], &field));
      return CeedError(CeedQFunctionReturnCeed(qf), CEED_ERROR_BACKEND,
                       "QFunction %s:%s left output %d '%s' entry %td NaN: an output is write-only and every entry must be written",
                       source && source[0] ? source : "(no source)", kernel ? kernel : "", static_cast<int>(i), field ? field : "", j);
    }
  }
  return CEED_ERROR_SUCCESS;
}

int QFunctionApply(CeedQFunction qf, CeedInt Q, CeedVector *u, CeedVector *v) {
  Ceed              ceed = CeedQFunctionReturnCeed(qf);
  CeedQFunctionUser f    = nullptr;
  CeedInt           num_in = 0, num_out = 0;
  CeedCallBackend(CeedQFunctionGetUserFunction(qf, &f));
  CeedCallBackend(CeedQFunctionGetNumArgs(qf, &num_in, &num_out));
  CeedCheck(f, ceed, CEED_ERROR_BACKEND, "CeedQFunction has no user function to apply");

  QFunctionArrays a;
  int             ierr      = TakeArrays(qf, Q, num_in, u, num_out, v, a);
  int             user_ierr = ierr ? CEED_ERROR_SUCCESS : f(a.ctx_data, Q, a.in, a.out);
  int             check_ierr = ierr || user_ierr ? CEED_ERROR_SUCCESS : CheckOutputs(qf, num_out, a);

  // Restored in all cases so that every object stays usable; the read-only checks run here.
  int restore_ierr = CEED_ERROR_SUCCESS;
  for (CeedInt i = 0; i < num_in; i++) {
    if (!a.in_taken[i]) continue;
    VALGRIND_DISCARD(a.in_block[i]);
    int e = CeedVectorRestoreArrayRead(u[i], &a.in[i]);
    if (!restore_ierr) restore_ierr = e;
  }
  for (CeedInt i = 0; i < num_out; i++) {
    if (!a.out_taken[i]) continue;
    VALGRIND_DISCARD(a.out_block[i]);
    int e = CeedVectorRestoreArray(v[i], &a.out[i]);
    if (!restore_ierr) restore_ierr = e;
  }
  if (a.has_ctx) {
    int e = CeedQFunctionRestoreContextData(qf, &a.ctx_data);
    if (!restore_ierr) restore_ierr = e;
  }
  if (ierr) return ierr;
  if (user_ierr) {
    const char *name = nullptr;
    CeedQFunctionGetName(qf, &name);
    return CeedError(ceed, user_ierr, "User function of CeedQFunction %s returned error code %d", name ? name : "", user_ierr);
  }
  return restore_ierr ? restore_ierr : check_ierr;
}

}  // namespace

int QFunctionCreate(CeedQFunction qf) {
  CeedQFunctionBackendOps ops{};
  ops.size  = sizeof(ops);
  ops.Apply = QFunctionApply;
  return CeedQFunctionSetBackendOps(qf, &ops);
}

}  // namespace ceed::memcheck
