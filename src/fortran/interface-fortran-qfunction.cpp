// Fortran interface: QFunction contexts and QFunctions, with Fortran QFunction subroutines.
//
// A Fortran QFunction subroutine takes (ctx, Q, u1..u16, v1..v16, ierr). Each distinct subroutine gets one
// C trampoline from a fixed set (kMaxFortranQFunctions); the trampoline finds the subroutine in its slot, so
// the QFunction's context stays the application's own context and every backend (JIT ones included, which
// compile the C twin named by the source string) sees the same data.
#include <algorithm>
#include <array>
#include <cstdio>
#include <utility>

#include "fortran/interface-fortran.hpp"
#include "qfunction/qfunction.hpp"

using namespace ceed::fortran;

namespace {

using FortranQFunction = void (*)(void *ctx, int *Q, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *, const CeedScalar *,
                                  const CeedScalar *, const CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *,
                                  CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *, CeedScalar *,
                                  CeedScalar *, CeedScalar *, CeedScalar *, int *err);

constexpr int kMaxFortranQFunctions = 128;

// One subroutine per slot; the field counts are the largest any QFunction using it declared (backends pass
// arrays of exactly that many pointers).
struct FortranSlot {
  FortranQFunction f       = nullptr;
  int              num_in  = 0;
  int              num_out = 0;
};
std::array<FortranSlot, kMaxFortranQFunctions> fortran_slots;
int                                            num_fortran_slots = 0;

template <int I>
int FortranTrampoline(void *ctx, CeedInt Q, const CeedScalar *const *in, CeedScalar *const *out) {
  const FortranSlot &slot = fortran_slots[I];
  const CeedScalar  *u[CEED_FIELD_MAX] = {nullptr};
  CeedScalar        *v[CEED_FIELD_MAX] = {nullptr};
  for (int i = 0; i < slot.num_in; i++) u[i] = in[i];
  for (int i = 0; i < slot.num_out; i++) v[i] = out[i];
  int q = Q, ierr = 0;
  slot.f(ctx, &q, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15], v[0], v[1], v[2], v[3],
         v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], &ierr);
  return ierr;
}

template <int... I>
constexpr std::array<CeedQFunctionUser, sizeof...(I)> MakeTrampolines(std::integer_sequence<int, I...>) {
  return {&FortranTrampoline<I>...};
}
constexpr std::array<CeedQFunctionUser, kMaxFortranQFunctions> fortran_trampolines =
    MakeTrampolines(std::make_integer_sequence<int, kMaxFortranQFunctions>{});

// The slot of f (a new one on first use); -1 when every slot is taken.
int FortranSlotOf(FortranQFunction f) {
  for (int i = 0; i < num_fortran_slots; i++)
    if (fortran_slots[i].f == f) return i;
  if (num_fortran_slots == kMaxFortranQFunctions) return -1;
  fortran_slots[num_fortran_slots].f = f;
  return num_fortran_slots++;
}

// After a field was added: the trampoline of a Fortran QFunction must pass that many arrays.
void NoteFortranFields(CeedQFunction qf) {
  for (int i = 0; i < num_fortran_slots; i++) {
    if (qf->function != fortran_trampolines[i]) continue;
    fortran_slots[i].num_in  = std::max<int>(fortran_slots[i].num_in, qf->num_input_fields);
    fortran_slots[i].num_out = std::max<int>(fortran_slots[i].num_out, qf->num_output_fields);
  }
}

}  // namespace

// ---- CeedQFunctionContext -------------------------------------------------------------------------------

CEED_FORTRAN(ceedqfunctioncontextcreate)(int *ceed, int *ctx, int *err) {
  CeedQFunctionContext c = nullptr;
  *err                   = CeedQFunctionContextCreate(ceeds.Get(*ceed), &c);
  Created(contexts, *err, c, ctx);
}
// n: the number of CeedScalar values of the context data.
CEED_FORTRAN(ceedqfunctioncontextsetdata)(int *ctx, int *mem_type, int *copy_mode, CeedInt *n, CeedScalar *data, int64_t *offset, int *err) {
  *err = CeedQFunctionContextSetData(contexts.Get(*ctx), static_cast<CeedMemType>(*mem_type), static_cast<CeedCopyMode>(*copy_mode),
                                     static_cast<size_t>(*n) * sizeof(CeedScalar), data + *offset);
}
CEED_FORTRAN(ceedqfunctioncontextgetdata)(int *ctx, int *mem_type, CeedScalar *data, int64_t *offset, int *err) {
  CeedScalar *values = nullptr;
  *err               = CeedQFunctionContextGetData(contexts.Get(*ctx), static_cast<CeedMemType>(*mem_type), &values);
  *offset            = *err ? 0 : values - data;
}
CEED_FORTRAN(ceedqfunctioncontextrestoredata)(int *ctx, CeedScalar *data, int64_t *offset, int *err) {
  CeedScalar *values = data + *offset;
  *err               = CeedQFunctionContextRestoreData(contexts.Get(*ctx), &values);
  *offset            = 0;
}
CEED_FORTRAN(ceedqfunctioncontextview)(int *ctx, int *err) { *err = CeedQFunctionContextView(contexts.Get(*ctx), stdout); }
CEED_FORTRAN(ceedqfunctioncontextsetnumviewtabs)(int *ctx, int *num_tabs, int *err) {
  *err = CeedQFunctionContextSetNumViewTabs(contexts.Get(*ctx), *num_tabs);
}
CEED_FORTRAN(ceedqfunctioncontextdestroy)(int *ctx, int *err) { *err = contexts.Destroy(ctx); }

// ---- CeedQFunction --------------------------------------------------------------------------------------

CEED_FORTRAN(ceedqfunctioncreateinterior)(int *ceed, int *vec_length, FortranQFunction f, const char *source, int *qf, int *err,
                                          FortranCharLen source_len) {
  const int slot = FortranSlotOf(f);
  if (slot < 0) {
    *err = CeedError(ceeds.Get(*ceed), CEED_ERROR_UNSUPPORTED, "Fortran interface: more than %d distinct Fortran QFunction subroutines",
                     kMaxFortranQFunctions);
    return;
  }
  CeedQFunction q = nullptr;
  *err = CeedQFunctionCreateInterior(ceeds.Get(*ceed), *vec_length, fortran_trampolines[slot], FromFortran(source, source_len).c_str(), &q);
  if (!*err) *err = CeedQFunctionSetFortranStatus(q, true);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctioncreateinteriorbyname)(int *ceed, const char *name, int *qf, int *err, FortranCharLen name_len) {
  CeedQFunction q = nullptr;
  *err            = CeedQFunctionCreateInteriorByName(ceeds.Get(*ceed), FromFortran(name, name_len).c_str(), &q);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctioncreateidentity)(int *ceed, int *size, int *in_mode, int *out_mode, int *qf, int *err) {
  CeedQFunction q = nullptr;
  *err = CeedQFunctionCreateIdentity(ceeds.Get(*ceed), *size, static_cast<CeedEvalMode>(*in_mode), static_cast<CeedEvalMode>(*out_mode), &q);
  Created(qfunctions, *err, q, qf);
}
CEED_FORTRAN(ceedqfunctionaddinput)(int *qf, const char *field_name, CeedInt *size, CeedEvalMode *eval_mode, int *err, FortranCharLen name_len) {
  CeedQFunction q = qfunctions.Get(*qf);
  *err            = CeedQFunctionAddInput(q, FromFortran(field_name, name_len).c_str(), *size, *eval_mode);
  if (!*err) NoteFortranFields(q);
}
CEED_FORTRAN(ceedqfunctionaddoutput)(int *qf, const char *field_name, CeedInt *size, CeedEvalMode *eval_mode, int *err, FortranCharLen name_len) {
  CeedQFunction q = qfunctions.Get(*qf);
  *err            = CeedQFunctionAddOutput(q, FromFortran(field_name, name_len).c_str(), *size, *eval_mode);
  if (!*err) NoteFortranFields(q);
}
CEED_FORTRAN(ceedqfunctionsetcontext)(int *qf, int *ctx, int *err) { *err = CeedQFunctionSetContext(qfunctions.Get(*qf), contexts.Get(*ctx)); }
CEED_FORTRAN(ceedqfunctionview)(int *qf, int *err) { *err = CeedQFunctionView(qfunctions.Get(*qf), stdout); }
CEED_FORTRAN(ceedqfunctionsetnumviewtabs)(int *qf, int *num_tabs, int *err) { *err = CeedQFunctionSetNumViewTabs(qfunctions.Get(*qf), *num_tabs); }
// Inputs u1..u16 and outputs v1..v16 are vector handles; unused ones may be anything (ceed_null, say).
CEED_FORTRAN(ceedqfunctionapply)(int *qf, int *Q, int *u0, int *u1, int *u2, int *u3, int *u4, int *u5, int *u6, int *u7, int *u8, int *u9,
                                 int *u10, int *u11, int *u12, int *u13, int *u14, int *u15, int *v0, int *v1, int *v2, int *v3, int *v4, int *v5,
                                 int *v6, int *v7, int *v8, int *v9, int *v10, int *v11, int *v12, int *v13, int *v14, int *v15, int *err) {
  const int  *u[CEED_FIELD_MAX] = {u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15};
  const int  *v[CEED_FIELD_MAX] = {v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15};
  CeedVector  in[CEED_FIELD_MAX] = {nullptr}, out[CEED_FIELD_MAX] = {nullptr};
  CeedQFunction q       = qfunctions.Get(*qf);
  CeedInt       num_in = 0, num_out = 0;
  *err = CeedQFunctionGetNumArgs(q, &num_in, &num_out);
  if (*err) return;
  for (CeedInt i = 0; i < num_in; i++) in[i] = vectors.Get(*u[i]);
  for (CeedInt i = 0; i < num_out; i++) out[i] = vectors.Get(*v[i]);
  *err = CeedQFunctionApply(q, *Q, in, out);
}
CEED_FORTRAN(ceedqfunctiondestroy)(int *qf, int *err) { *err = qfunctions.Destroy(qf); }
